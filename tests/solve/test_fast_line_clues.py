"""The sandwich, X-sum and skyscraper propagators against brute force, with
`variants.broken` as the oracle: on random 4x4 and 6x6 rows (every digit once) a
propagator never removes a digit some row keeping the clue uses, and on a decided row
it accepts exactly the rows that keep it."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import permutations

import pytest

from pycore.solve.propagators import SETTLED, sandwich, skyscraper, x_sum
from pycore.variants import Clue, broken, validate

PROPAGATORS: dict[str, Callable[[tuple[int, ...], int, int], Callable[[list[int]], object]]] = {
    "sandwich": sandwich, "x-sum": x_sum, "skyscraper": skyscraper}


def _clue(kind: str, n: int, value: int) -> Clue:
    """A clue left of the first row of an n x n grid (its cells: that row, left to right)."""
    (clue,) = validate([Clue(kind, 0, -1, value)], n, n, n, frozenset(), False)
    assert isinstance(clue, Clue)
    assert clue.cells == tuple(range(n))
    return clue


def _keeps(clue: Clue, n: int, row: tuple[int, ...]) -> bool:
    return not broken([clue], list(row) + [0] * (n * n - n), n, n, n)


def _rows(n: int, masks: list[int]) -> list[tuple[int, ...]]:
    return [row for row in permutations(range(1, n + 1))
            if all(masks[k] >> (d - 1) & 1 for k, d in enumerate(row))]


@pytest.mark.parametrize("kind", sorted(PROPAGATORS))
@pytest.mark.parametrize("seed", range(120))
def test_a_line_clue_never_removes_a_digit_of_a_row_that_keeps_it(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([4, 6])
    full = (1 << n) - 1
    answer = list(range(1, n + 1))
    rng.shuffle(answer)
    values = range(1, n + 1) if kind == "skyscraper" else range(n * (n + 1) // 2 + 1)
    value = rng.choice(values)
    if rng.random() < 0.7:  # mostly the clue of a row, so that rows keeping it exist
        value = next(v for v in values if _keeps(_clue(kind, n, v), n, tuple(answer)))
    clue = _clue(kind, n, value)
    masks = [rng.randint(1, full) | rng.choice([0, full, 1 << (answer[k] - 1)])
             for k in range(n)]
    support = [0] * n
    for row in _rows(n, masks):
        if _keeps(clue, n, row):
            for k, d in enumerate(row):
                support[k] |= 1 << (d - 1)
    after = list(masks)
    result = PROPAGATORS[kind](tuple(range(n)), n, value)(after)
    if not any(support):
        return  # no row keeps the clue: a contradiction may show now or later
    assert result is not False, (masks, support)
    for k in range(n):
        assert after[k] & support[k] == support[k], (k, masks, after, support)
        assert after[k] & ~masks[k] == 0  # a propagator only narrows


@pytest.mark.parametrize("kind", sorted(PROPAGATORS))
@pytest.mark.parametrize("n", [4, 6])
def test_a_line_clue_on_a_decided_row_accepts_exactly_the_rows_that_keep_it(kind: str, n: int) -> None:
    values = range(1, n + 1) if kind == "skyscraper" else range(0, n * (n + 1) // 2 + 1, 2)
    for value in values:
        clue = _clue(kind, n, value)
        prop = PROPAGATORS[kind](tuple(range(n)), n, value)
        for row in permutations(range(1, n + 1)):
            masks = [1 << (d - 1) for d in row]
            assert (prop(masks) is not False) == _keeps(clue, n, row), (value, row)


def test_a_sandwich_places_its_crusts_from_the_digits_outside() -> None:
    """On 1..6 with a sandwich of 9 (2+3+4 or 4+5 between the crusts), a row whose
    cells 2..4 already hold 2, 3, 4 has nowhere for two cells of 4+5 between: the crusts
    go either side of those three cells."""
    masks = [0b111111, 1 << 1, 1 << 2, 1 << 3, 0b111111, 0b111111]
    masks[0] = masks[4] = masks[5] = 0b110001  # 1, 5 or 6
    after = list(masks)
    assert sandwich(tuple(range(6)), 6, 9)(after) is not False
    assert after[0] & 0b100001 == after[0] and after[4] & 0b100001 == after[4]
    assert after[5] == 1 << 4  # the 5 is left outside


@pytest.mark.parametrize("kind", sorted(PROPAGATORS))
def test_a_line_clue_is_settled_a_second_run_narrows_nothing(kind: str) -> None:
    """The solver does not queue these again for their own narrowing (`SETTLED`)."""
    rng = random.Random(kind)
    ran = 0
    for _ in range(300):
        n = rng.choice([4, 6])
        value = rng.randint(1, n) if kind == "skyscraper" else rng.randint(0, n * (n + 1) // 2)
        prop = PROPAGATORS[kind](tuple(range(n)), n, value)
        assert prop in SETTLED
        masks = [rng.randint(1, (1 << n) - 1) | rng.randint(0, (1 << n) - 1) for _ in range(n)]
        if prop(masks) is False:
            continue
        again = list(masks)
        assert not prop(again) and again == masks, (value, masks)
        ran += 1
    assert ran > 50
