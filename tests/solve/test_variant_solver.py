"""The fast solver on variant puzzles: every solution it finds keeps every rule, and it
finds them all.

The oracle is `Puzzle.is_solved` (clashes in the geometry's houses and groups, and
`variants.broken` for every element) over every grid a naive enumeration of Latin
squares gives: on 4x4 grids with random elements of every kind, the set of solutions
the solver lists is exactly the set of grids the oracle accepts.
"""

from __future__ import annotations

import json
import random
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from pycore import from_json
from pycore.errors import PuzzleError
from pycore.formats import tools
from pycore.model import EMPTY, Puzzle, given, value
from pycore.solve import NoSolution, UncheckedRules, count_solutions, solutions, solve
from pycore.solve.rules import board_of
from pycore.variants import (
    Arrow,
    Cage,
    Clone,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
)
from tests.tools.examples import by_name

N = 4


def latin_squares(n: int) -> list[tuple[int, ...]]:
    """Every n x n grid whose rows and columns hold each digit once (576 at n=4)."""
    rows = list(permutations(range(1, n + 1)))
    out: list[tuple[int, ...]] = []

    def extend(done: list[tuple[int, ...]]) -> None:
        if len(done) == n:
            out.append(tuple(d for row in done for d in row))
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                extend([*done, row])

    extend([])
    return out


SQUARES = latin_squares(N)


def oracle(puzzle: Puzzle) -> set[tuple[int, ...]]:
    """The grids `is_solved` accepts that agree with the givens."""
    found = set()
    givens = {i: c.digit for i, c in enumerate(puzzle.cells) if c.digit}
    for grid in SQUARES:
        if any(grid[i] != d for i, d in givens.items()):
            continue
        filled = puzzle.with_cells({i: value(grid[i]) for i in range(N * N) if i not in givens})
        if filled.is_solved:
            found.add(grid)
    return found


def solver_set(puzzle: Puzzle) -> set[tuple[int, ...]]:
    return {tuple(c.digit for c in s.cells) for s in solutions(puzzle, limit=1000)}


def _neighbours(i: int) -> list[int]:
    r, c = divmod(i, N)
    return [rr * N + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < N and 0 <= cc < N]


def _kings(i: int) -> list[int]:
    r, c = divmod(i, N)
    return [rr * N + cc for rr in (r - 1, r, r + 1) for cc in (c - 1, c, c + 1)
            if 0 <= rr < N and 0 <= cc < N and (rr, cc) != (r, c)]


def _path(rng: random.Random, length: int) -> list[int]:
    cells = [rng.randrange(N * N)]
    while len(cells) < length:
        options = [j for j in _kings(cells[-1]) if j not in cells]
        if not options:
            break
        cells.append(rng.choice(options))
    return cells


def _region(rng: random.Random, size: int) -> list[int]:
    cells = [rng.randrange(N * N)]
    while len(cells) < size:
        options = sorted({j for i in cells for j in _neighbours(i)} - set(cells))
        cells.append(rng.choice(options))
    return cells


def random_element(rng: random.Random, grid: tuple[int, ...]) -> Constraint:
    """One element of a random kind, its numbers mostly read off `grid` (so that puzzles
    keep some solutions), sometimes drawn at random."""
    def pick(true: int, low: int, high: int) -> int:
        return true if rng.random() < 0.7 else rng.randint(low, high)

    kind = rng.choice(["killer", "little-killer", "sandwich", "x-sum", "skyscraper", "arrow",
                       "line", "line", "dot", "dot", "mark", "extra-region", "clone",
                       "quadruple", "rule"])
    if kind == "killer":
        cells = _region(rng, rng.randint(1, 3))
        total = sum(grid[i] for i in cells)
        return Cage(cells, None if rng.random() < 0.1 else pick(total, 1, 10))
    if kind == "little-killer":
        row, col, direction = rng.choice([(-1, 0, "DR"), (-1, 3, "DL"), (4, 1, "UR"), (1, 4, "DL"),
                                          (-1, 1, "DR"), (2, -1, "UR")])
        r, c = row, col
        dr, dc = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}[direction]
        total = 0
        r, c = r + dr, c + dc
        while 0 <= r < N and 0 <= c < N:
            total += grid[r * N + c]
            r, c = r + dr, c + dc
        return Clue("little-killer", row, col, pick(total, 1, 12), direction)
    if kind in ("sandwich", "x-sum", "skyscraper"):
        side = rng.randrange(4)
        k = rng.randrange(N)
        row, col = [(-1, k), (N, k), (k, -1), (k, N)][side]
        line = [grid[r * N + k] for r in range(N)] if side < 2 else [grid[k * N + c] for c in range(N)]
        if side in (1, 3):
            line.reverse()
        if kind == "sandwich":
            a, b = sorted((line.index(1), line.index(N)))
            true = sum(line[a + 1:b])
        elif kind == "x-sum":
            true = sum(line[:line[0]])
        else:
            true = sum(1 for j, d in enumerate(line) if all(d > e for e in line[:j]))
        return Clue(kind, row, col, pick(true, 0, 10))
    if kind == "arrow":
        path = _path(rng, rng.randint(2, 3))
        return Arrow((path[0],), (path,))
    if kind == "line":
        line_kind = rng.choice(["thermo", "slow-thermo", "renban", "whispers", "palindrome",
                                "between", "region-sum", "entropic", "zipper", "parity"])
        path = _path(rng, rng.randint(2, 4))
        return Line(line_kind, path, rng.randint(1, 3) if line_kind == "whispers" else None)
    if kind == "dot":
        a = rng.randrange(N * N)
        b = rng.choice(_neighbours(a))
        dot = rng.choice(["white", "black", "x", "v"])
        da, db = grid[a], grid[b]
        truth = {"white": abs(da - db), "black": max(da, db) // min(da, db),
                 "x": da + db, "v": da + db}[dot]
        if dot in ("x", "v"):
            return Dot(dot, (a, b), None if rng.random() < 0.5 else pick(truth, 3, 7))
        return Dot(dot, (a, b), pick(max(truth, 1), 1, 3))
    if kind == "mark":
        mark = rng.choice(["odd", "even", "min", "max", "row-indexer", "column-indexer",
                           "box-indexer"])
        return Mark(mark, rng.randrange(N * N))
    if kind == "extra-region":
        return ExtraRegion(_region(rng, rng.choice([2, 3, 4])))
    if kind == "clone":
        a, b = rng.sample(range(N * N), 2)
        return Clone((a,), (b,))
    if kind == "quadruple":
        r, c = rng.randrange(N - 1), rng.randrange(N - 1)
        cells = [r * N + c, r * N + c + 1, (r + 1) * N + c, (r + 1) * N + c + 1]
        return Quadruple(cells, rng.sample([grid[i] for i in cells], rng.randint(1, 3)))
    return Rule(rng.choice(["diagonal+", "diagonal-", "anti-king", "non-consecutive",
                            "disjoint-groups", "negative-black", "negative-xv", "anti-knight"]))


JIGSAWS = [
    None,
    (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3),  # the boxes: a plain grid
    (0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3),
    (0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3),
]


def random_puzzle(seed: int) -> Puzzle | None:
    rng = random.Random(seed)
    grid = rng.choice(SQUARES)
    items = [random_element(rng, grid) for _ in range(rng.randint(1, 5))]
    regions = rng.choice(JIGSAWS)
    blank = Puzzle.blank("sudoku", N)
    givens = {i: given(grid[i]) for i in rng.sample(range(N * N), rng.randint(0, 4))}
    try:
        p = blank.with_cells(givens).with_variants(regions, items)
    except PuzzleError:
        return None
    return p


@pytest.mark.parametrize("chunk", range(8))
def test_the_solver_finds_exactly_the_grids_that_break_no_rule(chunk: int) -> None:
    checked = 0
    for seed in range(chunk * 60, chunk * 60 + 60):
        p = random_puzzle(seed)
        if p is None or not p.is_variant:
            continue
        assert solver_set(p) == oracle(p), (seed, p.constraints, p.regions)
        checked += 1
    assert checked > 20


def test_every_kind_is_drawn_by_the_random_puzzles() -> None:
    kinds: set[str] = set()
    for seed in range(480):
        p = random_puzzle(seed)
        if p is not None:
            kinds.update(c.kind for c in p.constraints)
    assert kinds >= {"killer", "little-killer", "sandwich", "x-sum", "skyscraper", "arrow",
                     "thermo", "slow-thermo", "renban", "whispers", "palindrome", "between",
                     "region-sum", "entropic", "zipper", "parity", "white", "black", "x", "v",
                     "odd", "even", "min", "max", "row-indexer", "column-indexer",
                     "box-indexer", "extra-region", "clone", "quadruple", "diagonal+",
                     "diagonal-", "anti-king", "anti-knight", "non-consecutive",
                     "disjoint-groups", "negative-black", "negative-xv"}


# ---- the board of a variant ------------------------------------------------------------------


def test_a_variant_board_takes_its_houses_and_peers_from_the_geometry() -> None:
    p = Puzzle.blank("sudoku", 9).with_variants(
        constraints=[Rule("diagonal-"), Rule("anti-knight"), Cage((0, 1), 3)])
    board = board_of(p)
    geo = p.geometry
    assert set(board.houses) == {h for h in geo.houses if len(h) == 9}
    assert board.peers == geo.peers
    assert "the falling diagonal" in board.names
    assert 11 in board.peers[0] and 1 in board.peers[0]  # a knight's move, the cage


def test_a_jigsaw_board_names_its_regions() -> None:
    regions = [(r * 3 + c) % 7 for r in range(7) for c in range(7)]
    p = Puzzle("sudoku", 7, (EMPTY,) * 49, regions=regions)
    board = board_of(p)
    assert len(board.houses) == 21
    assert sum(1 for name in board.names if name.startswith("row")) == 7
    assert sum(1 for name in board.names if name.startswith("region")) == 7
    assert solve(p).is_solved


def test_a_classic_puzzle_keeps_its_board() -> None:
    p = Puzzle.blank("sudoku", 9)
    assert board_of(p).props == ()
    assert board_of(p) is board_of(Puzzle.blank("sudoku", 9))


# ---- rules pycore cannot check ---------------------------------------------------------------


def test_an_unknown_rule_stops_every_answer() -> None:
    p = Puzzle.blank("sudoku", 4).with_variants(constraints=[Other("lockout", "{}")])
    for ask in (solve, count_solutions, lambda q: solutions(q, 2)):
        with pytest.raises(UncheckedRules, match="1 rule pycore cannot check \\('lockout'\\)"):
            ask(p)


def test_a_broken_rule_has_no_solution() -> None:
    p = Puzzle.blank("sudoku", 4).with_variants(constraints=[Cage((0, 1), 20)])
    assert count_solutions(p) == 0
    with pytest.raises(NoSolution):
        solve(p)


# ---- 9x9 (and 7x7) puzzles of each family ----------------------------------------------------

PUZZLES = json.loads((Path(__file__).parent / "variant_puzzles.json").read_text("utf-8"))
"""Hand-built (scripts/make_variant_puzzles.py): a grid solved under the family's rules,
its digits relabelled, the elements read off it, then givens taken away while our solver
still counts one solution. The known solution is checked by `is_solved` (the oracle)."""


@pytest.mark.parametrize("entry", PUZZLES, ids=[e["name"] for e in PUZZLES])
def test_each_family_solves_to_its_known_solution_and_only_to_it(entry: dict[str, Any]) -> None:
    puzzle = from_json(entry["json"])
    assert puzzle.is_variant
    solved = solve(puzzle)
    assert "".join(str(c.digit) for c in solved.cells) == entry["solution"]
    assert solved.is_solved
    assert count_solutions(puzzle) == 1


@pytest.mark.parametrize("name", ["puzzle-coding head_X9B_b36", "puzzle-coding head_W9B_b36",
                                  "sudokuwiki Sudoku X position", "sudokuwiki jigsaw player J9B"])
def test_real_diagonal_windoku_and_jigsaw_puzzles_have_one_solution(name: str) -> None:
    """Real sudokuwiki strings (tests/data/imports/examples.json): sudoku X, windoku, jigsaw."""
    puzzle = tools.read(by_name(name)["text"]).puzzle
    assert puzzle.is_variant
    assert solve(puzzle).is_solved
    assert count_solutions(puzzle) == 1


# ---- real puzzles with published solutions (tests/data/variants, the corpus) ----------------

CORPUS_FILE = Path(__file__).parent.parent / "data" / "variants" / "puzzles.json"
CORPUS = {e["name"]: e for e in json.loads(CORPUS_FILE.read_text("utf-8"))} \
    if CORPUS_FILE.is_file() else {}
QUICK = ["Odd & even", "Thermo", "German Whispers", "Elementary",
         "Sudoku Variants Series (173) - Between Lines Sudoku",
         "Sudoku Variants Series (013) - Palindrome Sudoku", "Killer", "Arrow", "Quadruple X",
         "XV Kropki Sudoku", "Between 1 and 9 Sudoku", "Skyscraper", "X-Sum", "Sudoku X",
         "X-Windoku", "Jigsaw", "Anti-knights move", "Killer sudoku [overlap]",
         "Killer sudoku [gaps]", "Anti-knight Anti-king", "Septa", "XV-sudoku",
         "X-Sum little killer", "Quadruple - repeated values", "Zipper lines - easy",
         "Zipper lines - tutorial", "Windoku", "Force non-unit coeff",
         "Anti-knight Anti-consecutive", "6x6: Little Killer",
         # were past a 20,000-node budget before sums listed their digit sets and
         # skyscrapers walked their lines:
         "Pill Arrow Sudoku", "Long sums 1", "CTC Tribute", "Skyscraper - all 6",
         "Renban skyscrapers", "\\'Leven"]
"""The corpus's puzzles our search settles in well under a tenth of a second (the others are
timed by benchmarks/variants_solve.py)."""


@pytest.mark.skipif(not CORPUS, reason="the corpus of real variant puzzles is not here")
@pytest.mark.parametrize("name", QUICK)
def test_real_puzzles_solve_to_their_published_solution(name: str) -> None:
    entry = CORPUS[name]
    puzzle = from_json(entry["json"])
    assert not puzzle.unchecked
    solved = solve(puzzle)
    assert "".join(str(c.digit) for c in solved.cells) == str(entry["solution"])
    assert count_solutions(puzzle) == 1
