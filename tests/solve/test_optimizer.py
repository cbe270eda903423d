"""Sums derived once per board (`pycore.solve.optimizer`) and the signed sum that checks them.

A derived sum is a consequence of the houses and the elements, so it must hold on every
real solution: on the corpus's solved grids, with little killers and cages read off the
solution at random (`Puzzle.broken`, i.e. `variants.broken`, confirms they hold), every
derived equation holds, and the board's propagators started from the solution's digits
plus random extra candidates never remove a digit of the solution. The signed sum itself
is checked against brute force on small cases.
"""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

import pytest

from pycore import from_json
from pycore.model import Puzzle, given
from pycore.solve import optimizer
from pycore.solve.fast import propagate
from pycore.solve.optimizer import derived_sums
from pycore.solve.propagators import exclusion_groups, signed_sum
from pycore.solve.rules import board_of
from pycore.variants import Cage, Clue, Constraint, Rule

CORPUS = json.loads(Path("tests/data/variants/puzzles.json").read_text("utf-8"))
SOLVED = ["The Barbed Cross", "Hailstone - little killer", "Sudoku X", "Killer", "Anti-knights move"]


def corpus_puzzle(name: str) -> tuple[Puzzle, tuple[int, ...]]:
    entry = next(e for e in CORPUS if e["name"] == name)
    return from_json(entry["json"]), tuple(int(ch) for ch in entry["solution"])


def blank_with(constraints: list[Constraint]) -> Puzzle:
    return Puzzle.blank("sudoku", 9, (3, 3)).with_variants(None, constraints)


# -- what the optimizer derives, on hand-made grids -----------------------------------

def test_a_three_cell_row_remainder_next_to_a_full_cage_gets_the_innie_total() -> None:
    # a cage over r1c1-r1c6 of 21 leaves r1c7-r1c9 the rest of the row's 45
    puzzle = blank_with([Cage((0, 1, 2, 3, 4, 5), 21),
                         Clue("little-killer", -1, 0, 45, "DR")])
    derived = derived_sums(puzzle.constraints, puzzle.geometry, 9)
    assert ((6, 7, 8), (), 24) in derived


def test_the_centre_box_less_its_four_cages_gives_its_centre_by_the_cells_they_hold_outside() -> None:
    # Hailstone: four cages (14, 14, 14, 19) hold the centre box but r5c5, and one cell
    # each outside it: r5c5 = 45 - 61 + (r3c5 + r5c3 + r5c7 + r7c5)
    puzzle, _ = corpus_puzzle("Hailstone - little killer")
    derived = derived_sums(puzzle.constraints, puzzle.geometry, 9)
    assert ((40,), (22, 38, 42, 58), -16) in derived


def test_a_box_less_the_little_killers_inside_it_leaves_its_other_cells() -> None:
    # The Barbed Cross: box 1 holds the little killers of 9 (r1c2 r2c1) and 12 (r1c3 r2c2
    # r3c1): r1c1, r2c3, r3c2 and r3c3 make 45 - 21 = 24
    puzzle, _ = corpus_puzzle("The Barbed Cross")
    derived = derived_sums(puzzle.constraints, puzzle.geometry, 9)
    assert ((0, 11, 19, 20), (), 24) in derived


def test_three_boxes_less_the_sums_through_them_leave_innies_less_outies() -> None:
    # Hailstone, with longer sums allowed: boxes 3, 5 and 7 (135) hold the rising diagonal
    # (45) and most of the little killers beside it (44 and 34); the boxes' other six
    # cells less the four cells those killers have outside make 135 - 45 - 44 - 34 = 12
    puzzle, _ = corpus_puzzle("Hailstone - little killer")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(optimizer, "_MOST_CELLS", 12)
        derived = derived_sums(puzzle.constraints, puzzle.geometry, 9)
    innies = (6, 26, 30, 50, 54, 74)  # r1c7 r3c9 r4c4 r6c6 r7c1 r9c3
    outies = (23, 33, 47, 57)  # r3c6 r4c7 r6c3 r7c4
    assert (innies, outies, 12) in derived
    assert all(len(plus) + len(minus) <= 8
               for plus, minus, _ in derived_sums(puzzle.constraints, puzzle.geometry, 9))


def test_puzzles_without_little_killers_get_no_derived_sums() -> None:
    puzzle, _ = corpus_puzzle("Killer")
    assert derived_sums(puzzle.constraints, puzzle.geometry, 9) == []


def test_exclusion_groups_take_the_biggest_group_first() -> None:
    # a path entering row 5 from above: r4c1, then r5c1-r5c8; greedily in path order the
    # first cell would take r5c1 as its partner, the biggest group is the row's eight
    peers = blank_with([Clue("little-killer", -1, 0, 45, "DR")]).geometry.peers
    path = (27, 36, 37, 38, 39, 40, 41, 42, 43)
    assert exclusion_groups(path, peers) == ((36, 37, 38, 39, 40, 41, 42, 43), (27,))


# -- soundness on real solutions ------------------------------------------------------

def _little_killer(rng: random.Random, grid: tuple[int, ...]) -> Clue:
    """A little killer pointing into the grid from outside it, its total read off `grid`."""
    direction = rng.choice(["UL", "UR", "DL", "DR"])
    dr, dc = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}[direction]
    starts = [(r, c) for r in range(9) for c in range(9)
              if not (0 <= r - dr < 9 and 0 <= c - dc < 9)]
    r, c = rng.choice(starts)
    row, col, total = r - dr, c - dc, 0
    while 0 <= r < 9 and 0 <= c < 9:
        total += grid[r * 9 + c]
        r, c = r + dr, c + dc
    return Clue("little-killer", row, col, total, direction)


def _cages(rng: random.Random, grid: tuple[int, ...], count: int) -> list[Cage]:
    taken: set[int] = set()
    out = []
    for _ in range(count):
        start = rng.randrange(81)
        if start in taken:
            continue
        cells = [start]
        for _ in range(rng.randint(1, 4)):
            r, c = divmod(cells[-1], 9)
            options = [rr * 9 + cc for rr, cc in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1))
                       if 0 <= rr < 9 and 0 <= cc < 9 and rr * 9 + cc not in taken
                       and rr * 9 + cc not in cells and grid[rr * 9 + cc] not in
                       [grid[i] for i in cells]]
            if not options:
                break
            cells.append(rng.choice(options))
        taken.update(cells)
        out.append(Cage(tuple(cells), sum(grid[i] for i in cells)))
    return out


def _random_puzzle(rng: random.Random) -> tuple[Puzzle, tuple[int, ...]]:
    puzzle, grid = corpus_puzzle(rng.choice(SOLVED))
    kept = [c for c in puzzle.constraints if isinstance(c, Rule | Cage | Clue)]
    extra: list[Constraint] = [_little_killer(rng, grid) for _ in range(rng.randint(1, 8))]
    if not any(isinstance(c, Cage) for c in kept):
        extra += _cages(rng, grid, rng.randint(0, 12))
    puzzle = puzzle.with_variants(None, list(dict.fromkeys(kept + extra)))
    return puzzle, grid


@pytest.mark.parametrize("seed", range(12))
def test_every_derived_sum_holds_on_a_real_solution(seed: int) -> None:
    rng = random.Random(seed)
    puzzle, grid = _random_puzzle(rng)
    solved = puzzle.with_cells({i: given(d) for i, d in enumerate(grid)})
    assert solved.broken() == []  # the oracle: the elements read off the grid hold
    for plus, minus, total in derived_sums(puzzle.constraints, puzzle.geometry, 9):
        assert sum(grid[i] for i in plus) - sum(grid[i] for i in minus) == total


@pytest.mark.parametrize("seed", range(12))
def test_no_propagator_removes_a_digit_of_a_real_solution(seed: int) -> None:
    rng = random.Random(100 + seed)
    puzzle, grid = _random_puzzle(rng)
    board = board_of(puzzle)
    for _ in range(4):
        masks = [0] * (board.cell_count + len(board.houses))
        for i, d in enumerate(grid):
            masks[i] = 1 << (d - 1)
            if rng.random() < 0.6:
                masks[i] |= rng.randint(0, board.full)
        todo = [i for i in range(81) if not masks[i] & (masks[i] - 1)]
        assert propagate(board, masks, todo, None) == ()
        for i, d in enumerate(grid):
            assert masks[i] >> (d - 1) & 1, (i, d)


# -- the signed sum against brute force -----------------------------------------------

N = 5


@pytest.mark.parametrize("seed", range(60))
def test_signed_sum_keeps_every_digit_some_assignment_uses(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(2, 5)
    cells = list(range(count))
    pairs = {(a, b) for a in cells for b in cells if a < b and rng.random() < 0.4}
    peers: list[list[int]] = [[] for _ in cells]
    for a, b in pairs:
        peers[a].append(b)
        peers[b].append(a)
    cut = rng.randint(1, count - 1)
    plus, minus = tuple(cells[:cut]), tuple(cells[cut:])
    total = rng.randint(-N * len(minus), N * len(plus))
    masks = [rng.randint(1, (1 << N) - 1) for _ in cells]
    support = [0] * count
    options = [[d for d in range(1, N + 1) if masks[c] >> (d - 1) & 1] for c in cells]
    for digits in product(*options):
        if any(digits[a] == digits[b] for a, b in pairs):
            continue
        if sum(digits[c] for c in plus) - sum(digits[c] for c in minus) == total:
            for c, d in enumerate(digits):
                support[c] |= 1 << (d - 1)
    after = list(masks)
    result = signed_sum(plus, minus, total, N, peers)(after)
    if not any(support):
        return  # no assignment keeps it: a contradiction may show now or later
    assert result is not False
    for c in cells:
        assert after[c] & support[c] == support[c]  # nothing a solution uses is lost
        assert after[c] & ~masks[c] == 0  # it only narrows
    if all(m & (m - 1) == 0 for m in after):
        assert after == support  # decided cells: exact


def test_a_derived_sum_of_cells_below_zero_is_a_contradiction() -> None:
    # cages and little killers that do not fit together can leave plus cells a negative
    # total: no digits make it
    assert signed_sum((0, 1), (), -3, N, [[1], [0]])([(1 << N) - 1] * 2) is False


def test_a_derived_sum_far_inside_its_bounds_prunes_nothing_and_reports_no_change() -> None:
    masks = [(1 << N) - 1] * 4
    assert signed_sum((0, 1, 2), (3,), 6, N, [[], [], [], []])(masks) == ()
    assert masks == [(1 << N) - 1] * 4


def test_a_sum_too_small_for_cells_that_see_each_other_fails_before_any_exact_look() -> None:
    # four cells of one row make at least 1+2+3+4 = 10, though each alone could be 1
    clique = [[b for b in range(4) if b != a] for a in range(4)]
    assert signed_sum((0, 1, 2, 3), (), 8, N, clique)([(1 << N) - 1] * 4) is False
    three = [[1, 2], [0, 2], [0, 1], []]
    # three of them less a fourth elsewhere: 1+2+3 - 5 = 1 is reachable, 0 is not
    assert signed_sum((0, 1, 2), (3,), 1, N, three)([(1 << N) - 1] * 4) is not False
    assert signed_sum((0, 1, 2), (3,), 0, N, three)([(1 << N) - 1] * 4) is False
