"""The line propagators (renban, zipper, region-sum, between, thermos, whispers) never
take away a digit of a real completion.

Soundness is checked two ways. On 4x4 sudokus with random lines, every completion of a
random state (each cell a random set of digits) is listed from all 288 grids by the
puzzle's own judge (`Puzzle.is_solved`, which asks `variants.broken`), and each line's
propagator, run alone on that state, must keep every digit some completion uses. On the
corpus' 9x9 line puzzles, whose long lines and many houses 4x4 cannot show, each
propagator runs on random states that still hold the published solution, and must keep
it. Then a few cases spelt out: the steps a setter means these lines to be solved by.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pycore import from_json
from pycore.model import Puzzle, value
from pycore.solve import count_solutions
from pycore.solve.propagators import between, equal_sums, region_sums, renban, zipper
from pycore.solve.rules import board_of
from pycore.variants import Constraint, Line, Rule
from tests.solve.test_variant_solver import latin_squares

N = 4
FULL = (1 << N) - 1
KINDS = ("renban", "zipper", "region-sum", "between", "thermo", "slow-thermo", "whispers")
CORPUS = json.loads(Path("tests/data/variants/puzzles.json").read_text("utf-8"))


def _sudokus() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid (rows, columns and 2x2 boxes each hold 1..4): 288."""
    return [grid for grid in latin_squares(N)
            if all(len({grid[(br + r) * N + bc + c] for r in (0, 1) for c in (0, 1)}) == N
                   for br in (0, 2) for bc in (0, 2))]


SUDOKUS = _sudokus()


def _path(rng: random.Random, length: int) -> list[int]:
    """A king's-step path without repeats."""
    cells = [rng.randrange(N * N)]
    while len(cells) < length:
        r, c = divmod(cells[-1], N)
        steps = [(r + dr) * N + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < N and 0 <= c + dc < N
                 and (r + dr) * N + c + dc not in cells]
        if not steps:
            break
        cells.append(rng.choice(steps))
    return cells


def _random_lines(rng: random.Random) -> Puzzle:
    items: list[Constraint] = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(KINDS)
        cells = _path(rng, rng.randint(2, 4 if kind == "renban" else 8))
        items.append(Line(kind, cells, rng.randint(1, 2) if kind == "whispers" else None))
    if rng.random() < 0.3:
        items.append(Rule("anti-king"))
    return Puzzle.blank("sudoku", N).with_variants(None, items)


def _completions(puzzle: Puzzle) -> list[tuple[int, ...]]:
    return [g for g in SUDOKUS
            if puzzle.with_cells({i: value(d) for i, d in enumerate(g)}).is_solved]


def _state(rng: random.Random, grids: list[tuple[int, ...]]) -> list[int]:
    """Random masks that often still admit a completion: each cell keeps one grid's digit
    (when there is a grid) and a random set of others."""
    base = rng.choice(grids) if grids and rng.random() < 0.8 else None
    masks = []
    for i in range(N * N):
        m = rng.randint(0, FULL) & rng.randint(0, FULL)
        if base is not None:
            m |= 1 << (base[i] - 1)
        masks.append(m or 1 << rng.randrange(N))
    return masks


def _line_props(puzzle: Puzzle) -> list[int]:
    """The indices of the board's propagators that its lines made (all but the rules')."""
    board = board_of(puzzle)
    lines = [c for c in puzzle.constraints if isinstance(c, Line)]
    line_cells = {i for line in lines for i in line.cells}
    return [k for k, cells in enumerate(board.prop_cells) if set(cells) & line_cells]


@pytest.mark.parametrize("chunk", range(4))
def test_a_line_propagator_keeps_every_digit_a_completion_uses(chunk: int) -> None:
    rng = random.Random(chunk)
    checked = 0
    for _ in range(40):
        puzzle = _random_lines(rng)
        grids = _completions(puzzle)
        board = board_of(puzzle)
        for _ in range(6):
            masks = _state(rng, grids)
            fits = [g for g in grids if all(masks[i] >> (d - 1) & 1 for i, d in enumerate(g))]
            for k in _line_props(puzzle):
                after = list(masks)
                result = board.props[k](after)
                if fits:
                    assert result is not False, (puzzle.constraints, masks)
                for g in fits:
                    for i, d in enumerate(g):
                        assert after[i] >> (d - 1) & 1, (puzzle.constraints, masks, i, g)
                        checked += 1
                for i in range(N * N):
                    assert after[i] & ~masks[i] == 0  # a propagator only narrows
    assert checked > 1000


LINE_PUZZLES = [e for e in CORPUS
                if set(e["kinds"]) & {"renban", "zipper", "region-sum", "between", "thermo"}
                and e["solution"]]


@pytest.mark.parametrize("entry", LINE_PUZZLES, ids=lambda e: e["name"])
def test_a_line_propagator_keeps_the_published_solution(entry: dict[str, object]) -> None:
    puzzle = from_json(entry["json"])
    solution = [int(ch) for ch in str(entry["solution"])]
    board = board_of(puzzle)
    full = (1 << puzzle.size) - 1
    rng = random.Random(str(entry["name"]))
    count = len(solution)
    for _ in range(20):
        masks = [rng.randint(0, full) & rng.randint(0, full) | 1 << (d - 1) for d in solution]
        if rng.random() < 0.5:  # some cells placed, as deep in a search
            for i in rng.sample(range(count), count // 2):
                masks[i] = 1 << (solution[i] - 1)
        for k in _line_props(puzzle):
            after = list(masks)
            assert board.props[k](after) is not False, entry["name"]
            for i, d in enumerate(solution):
                assert after[i] >> (d - 1) & 1, (entry["name"], i)


def _mask(*digits: int) -> int:
    out = 0
    for d in digits:
        out |= 1 << (d - 1)
    return out


def test_a_renban_cell_keeps_only_digits_a_whole_run_can_give_it() -> None:
    # three cells: the run 2-3-4 would need both of the first two cells in 2..4, where
    # only 2 is left, so the run is 1-2-3, the first two hold 1 and 2, the third 3
    masks = [_mask(1, 2), _mask(1, 2), _mask(1, 3, 4)]
    assert renban((0, 1, 2), 9)(masks) is not False
    assert masks == [_mask(1, 2), _mask(1, 2), _mask(3)]


def test_a_digit_every_run_needs_leaves_the_cells_that_see_all_its_places() -> None:
    # a renban of 8 in 1..9 holds 2..8 whichever run it is; cells 0 and 1 may hold 5,
    # and cell 9 sees both of them (cell 10 sees only one)
    cells = tuple(range(8))
    peers: list[list[int]] = [[] for _ in range(11)]
    for a in range(8):
        peers[a] = [b for b in range(8) if b != a]
    for a in (0, 1):
        peers[a].append(9)
    peers[9] = [0, 1]
    peers[0].append(10)
    peers[10] = [0]
    five = _mask(5)
    masks = [_mask(1, 5, 9), _mask(2, 5), _mask(1, 2, 3, 4, 6, 7, 8, 9)] + [_mask(1, 2, 3, 4, 6, 7, 8, 9)] * 5
    masks += [0, _mask(5, 6), _mask(5, 6)]
    assert renban(cells, 9, peers)(masks) is not False
    assert masks[9] == _mask(6)  # sees every place 5 can go
    assert masks[10] & five  # sees cell 0 only: 5 may go to cell 1


def test_four_zipper_pairs_in_a_box_leave_its_ninth_cell_the_digit_their_sum_spares() -> None:
    # a box of nine cells; pairs (0,8) (1,7) (2,6) (3,5) hold digits summing alike, so
    # the sum is 9, 10 or 11 and cell 4 (the middle, not on the line) is 9, 5 or 1
    box = tuple(range(9))
    peers = [[b for b in box if b != a] for a in box]
    line = (0, 1, 2, 3, 5, 6, 7, 8)
    masks = [(1 << 9) - 1] * 9
    assert zipper(line, 9, peers, [box])(masks) is not False
    assert masks[4] == _mask(1, 5, 9)
    masks[0] = _mask(5)  # 5 on a pair: the sum is not 10 (5 + 5), so cell 4 is not 5
    assert zipper(line, 9, peers, [box])(masks) is not False
    assert masks[4] == _mask(1, 9)
    assert masks[8] == _mask(4, 6)


def test_two_cells_that_see_each_other_cannot_zip_to_an_even_middle_by_halves() -> None:
    # middle 2 needs 1 + 1: impossible when the pair's cells see each other
    peers = [[2], [], [0]]
    masks = [_mask(1, 2), _mask(2, 3), _mask(1, 2)]
    assert zipper((0, 1, 2), 9, peers)(masks) is not False
    assert masks[1] == _mask(3)


@pytest.mark.parametrize("name", ["Hard renban 3", "The Zip that Zips the Zips", "Region sum lines, hard"])
def test_line_puzzles_still_have_one_solution(name: str) -> None:
    entry = next(e for e in CORPUS if e["name"] == name)
    assert count_solutions(from_json(entry["json"]), 2) == 1


def test_region_sum_segments_filling_a_box_sum_to_its_total() -> None:
    # a box (cells 0-8) holds line A's segments 0-3 and 4-6 and line B's segment 7-8;
    # A goes on to a second region with cells 9-10, B with cells 11-15. So 2A + B = 45,
    # where B's five different digits make at least 15 and its two at most 17: B is 15
    # or 17, A 15 or 14 -- alone, A's lines would allow any sum from 10 to 17
    box, a_out, b_out = tuple(range(9)), (9, 10), tuple(range(11, 16))
    peers: list[list[int]] = [[] for _ in range(16)]
    for group in (box, a_out, b_out):
        for c in group:
            peers[c] = [x for x in group if x != c]
    line_a = ((0, 1, 2, 3), (4, 5, 6), a_out)
    line_b = ((7, 8), b_out)
    full = (1 << 9) - 1
    masks = [full] * 16
    assert equal_sums(line_a, 9, peers)(masks) is not False
    assert masks[9] == full
    prop = region_sums([line_a, line_b], [[(0, 0), (0, 1), (1, 0)]], 9, peers)
    assert prop(masks) is not False
    assert masks[9] == masks[10] == _mask(5, 6, 7, 8, 9)  # two digits making 14 or 15
    assert masks[7] == masks[8] == _mask(6, 7, 8, 9)  # two making 15 or 17


def test_a_digit_a_house_can_only_place_on_a_renban_is_on_it_there() -> None:
    # a row (cells 0-8) whose only cells left for 9 are cells 0 and 1, on a renban with
    # cell 9 outside the row: the run holds 9, so it is 7-8-9 with the 9 in the row
    row = tuple(range(9))
    full = (1 << 9) - 1
    masks = [full, full] + [full & ~_mask(9)] * 7 + [full]
    assert renban((0, 1, 9), 9, None, [row])(masks) is not False
    assert masks[0] == masks[1] == _mask(7, 8, 9)
    assert masks[9] == _mask(7, 8)


def test_a_slow_thermo_rises_between_cells_that_see_each_other() -> None:
    # three cells of one 2x2 box on a slow thermo: they differ, so each is above the last
    puzzle = Puzzle.blank("sudoku", N).with_variants(None, [Line("slow-thermo", [0, 1, 5], None)])
    board = board_of(puzzle)
    masks = [FULL] * (N * N)
    for _ in range(3):
        for prop in board.props:
            assert prop(masks) is not False
    assert (masks[0], masks[1], masks[5]) == (_mask(1, 2), _mask(2, 3), _mask(3, 4))


def test_a_between_line_leaves_room_for_inner_cells_that_see_each_other() -> None:
    # ends 0 and 4; inner cells 1-3 see each other: three different digits above a 1
    # put the other end at 5 or more (one inner cell alone would allow 3)
    peers = [[], [2, 3], [1, 3], [1, 2], []]
    full = (1 << 9) - 1
    masks = [_mask(1), full, full, full, full]
    assert between((0, 1, 2, 3, 4), 9, peers)(masks) is not False
    assert masks[4] == _mask(5, 6, 7, 8, 9)


def test_a_long_renban_on_a_big_grid_keeps_the_digits_its_runs_cover() -> None:
    # 20 cells of 25 digits, one of them 1: the run is 1-20, so 21-25 leave every cell
    full = (1 << 25) - 1
    masks = [full] * 20
    masks[3] = _mask(1)
    assert renban(tuple(range(20)), 25)(masks) is not False
    assert masks[0] == (1 << 20) - 1 and masks[3] == _mask(1)
