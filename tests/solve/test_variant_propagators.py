"""Each sum and line propagator against brute force on small cases: what it keeps is a
superset of the digits some full assignment keeps (it never removes a digit a solution
uses), and on decided cells it accepts exactly the assignments that keep the rule.

Cells live on a small board (n = 5) whose peers are given per case: a sum over cells
that see each other holds different digits there, as in a row or a box."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import product

import pytest

from pycore.solve.propagators import bounded_sum, equal_sums, skyscraper

N = 5
FULL = (1 << N) - 1


def _peers(count: int, pairs: set[tuple[int, int]]) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(count)]
    for a, b in pairs:
        out[a].append(b)
        out[b].append(a)
    return out


def _assignments(masks: list[int], cells: list[int], pairs: set[tuple[int, int]]
                 ) -> Iterator[dict[int, int]]:
    """Every choice of digits from the masks that differ on each peer pair."""
    options = [[d for d in range(1, N + 1) if masks[c] >> (d - 1) & 1] for c in cells]
    for digits in product(*options):
        placed = dict(zip(cells, digits, strict=True))
        if all(placed[a] != placed[b] for a, b in pairs if a in placed and b in placed):
            yield placed


def _check(prop: Callable[[list[int]], object], masks: list[int], cells: list[int],
           pairs: set[tuple[int, int]], holds: Callable[[dict[int, int]], bool]) -> None:
    support = [0] * len(masks)
    for placed in _assignments(masks, cells, pairs):
        if holds(placed):
            for c, d in placed.items():
                support[c] |= 1 << (d - 1)
    after = list(masks)
    result = prop(after)
    if not any(support[c] for c in cells):
        # no assignment keeps the rule: a contradiction may show now or later, never a loss
        return
    assert result is not False, (masks, support)
    for c in cells:
        assert after[c] & support[c] == support[c], (c, masks, after, support)
        assert after[c] & ~masks[c] == 0  # a propagator only narrows


def _random_case(rng: random.Random, count: int) -> tuple[list[int], set[tuple[int, int]]]:
    masks = [rng.randint(1, FULL) for _ in range(count)]
    pairs = {(a, b) for a in range(count) for b in range(a + 1, count) if rng.random() < 0.5}
    return masks, pairs


@pytest.mark.parametrize("seed", range(300))
def test_a_sum_with_its_cells_seeing_each_other_keeps_every_digit_a_solution_uses(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(1, 5)
    masks, pairs = _random_case(rng, count)
    cells = list(range(count))
    total = rng.randint(count, count * N)
    prop = bounded_sum((tuple(cells),), (), total, N, _peers(count, pairs))
    _check(prop, masks, cells, pairs, lambda placed: sum(placed.values()) == total)


@pytest.mark.parametrize("seed", range(200))
def test_an_arrow_keeps_every_digit_a_solution_uses_in_circle_and_shaft(seed: int) -> None:
    rng = random.Random(seed)
    circle_size = rng.randint(1, 2)
    shaft = rng.randint(1, 4)
    count = circle_size + shaft
    masks, pairs = _random_case(rng, count)
    circle = tuple(range(circle_size))
    path = tuple(range(circle_size, count))
    prop = bounded_sum((path,), circle, 0, N, _peers(count, pairs))

    def holds(placed: dict[int, int]) -> bool:
        number = 0
        for c in circle:
            number = number * 10 + placed[c]
        return sum(placed[c] for c in path) == number

    _check(prop, masks, list(range(count)), pairs, holds)


@pytest.mark.parametrize("seed", range(200))
def test_a_region_sum_line_keeps_every_digit_a_solution_uses(seed: int) -> None:
    rng = random.Random(seed)
    sizes = [rng.randint(1, 3) for _ in range(rng.randint(2, 3))]
    count = sum(sizes)
    masks, _ = _random_case(rng, count)
    segments = []
    start = 0
    for size in sizes:
        segments.append(tuple(range(start, start + size)))
        start += size
    pairs = {(a, b) for seg in segments for a in seg for b in seg if a < b}  # a region's cells
    prop = equal_sums(tuple(segments), N, _peers(count, pairs))

    def holds(placed: dict[int, int]) -> bool:
        return len({sum(placed[c] for c in seg) for seg in segments}) == 1

    _check(prop, masks, list(range(count)), pairs, holds)


def _visible(line: tuple[int, ...]) -> int:
    return sum(1 for k, d in enumerate(line) if all(d > e for e in line[:k]))


@pytest.mark.parametrize("seed", range(300))
def test_a_skyscraper_clue_keeps_every_digit_a_row_that_sees_it_uses(seed: int) -> None:
    rng = random.Random(seed)
    masks = [rng.randint(1, FULL) | rng.choice([0, FULL]) for _ in range(N)]
    seen = rng.randint(1, N)
    cells = list(range(N))
    pairs = {(a, b) for a in cells for b in cells if a < b}  # a row: every digit once
    prop = skyscraper(tuple(cells), N, seen)
    _check(prop, masks, cells, pairs,
           lambda placed: _visible(tuple(placed[c] for c in cells)) == seen)


@pytest.mark.parametrize("seen", range(1, N + 1))
def test_a_skyscraper_clue_on_a_decided_row_accepts_exactly_the_rows_that_see_it(seen: int) -> None:
    from itertools import permutations
    prop = skyscraper(tuple(range(N)), N, seen)
    for row in permutations(range(1, N + 1)):
        masks = [1 << (d - 1) for d in row]
        assert (prop(masks) is not False) == (_visible(row) == seen), row
