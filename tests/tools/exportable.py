"""Strategies for puzzles a writer holds whole, so that round-trip laws are checked on the
inputs they are about instead of leaving early; and a counter that proves they were."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from pycore.model import DEFAULT_BOX, EMPTY, Cell, Puzzle, candidates, given, value
from tests.strategies import layout_puzzles


@st.composite
def solved_classic(draw: st.DrawFn) -> list[int]:
    """A solved 9x9 grid: the pattern solution with its digits, bands and stacks shuffled."""
    digits = draw(st.permutations(range(1, 10)))
    rows = [b * 3 + r for b in draw(st.permutations(range(3))) for r in draw(st.permutations(range(3)))]
    cols = [s * 3 + c for s in draw(st.permutations(range(3))) for c in draw(st.permutations(range(3)))]
    return [digits[(r * 3 + r // 3 + c) % 9] for r in rows for c in cols]


@st.composite
def classic_states(draw: st.DrawFn, values: bool = True, marks: bool = True,
                   singles: bool = True) -> Puzzle:
    """A 9x9 whose digits never clash (a subset of a solution, some of them the player's)
    and whose pencil marks list only digits its houses leave open; without `singles`, no
    open cell is left with fewer than two digits (a pencil-mark grid would place it)."""
    solution = draw(solved_classic())
    kinds = draw(st.lists(st.sampled_from(["given", "given", "value", "empty", "empty"]),
                          min_size=81, max_size=81))
    cells: list[Cell] = []
    for d, kind in zip(solution, kinds, strict=True):
        if kind == "given" or (kind == "value" and not values):
            cells.append(given(d))
        elif kind == "value":
            cells.append(value(d))
        else:
            cells.append(EMPTY)
    puzzle = Puzzle("sudoku", 9, tuple(cells))
    while not singles:
        forced = {i: given(solution[i]) for i, cell in enumerate(puzzle.cells)
                  if cell.kind == "empty" and len(puzzle.open_digits(i)) < 2}
        if not forced:
            break
        puzzle = puzzle.with_cells(forced)
    if not marks:
        return puzzle
    changes = {}
    for i, cell in enumerate(puzzle.cells):
        open_digits = puzzle.open_digits(i)
        if cell.kind == "empty" and open_digits and draw(st.booleans()):
            least = 1 if singles else 2
            changes[i] = candidates(draw(st.sets(st.sampled_from(open_digits), min_size=least)))
    return puzzle.with_cells(changes)


@st.composite
def givens_grids(draw: st.DrawFn, sizes: tuple[int, ...]) -> Puzzle:
    """A sudoku of one of `sizes` with default boxes and givens only (clashes allowed)."""
    n = draw(st.sampled_from(sizes))
    chosen = draw(st.dictionaries(st.integers(0, n * n - 1), st.integers(1, n), max_size=min(n * n, 60)))
    return Puzzle.blank(size=n).with_cells({i: given(d) for i, d in chosen.items()})


@st.composite
def fpuzzles_grids(draw: st.DrawFn) -> Puzzle:
    """Any state of a sudoku up to 16x16, any box shape f-puzzles can write."""
    n = draw(st.sampled_from([4, 6, 8, 9, 12, 16]))
    shapes = sorted({(r, n // r) for r in range(1, n + 1) if n % r == 0 and r > 1 and n // r > 1})
    box = draw(st.sampled_from(shapes))
    digit = st.integers(1, n)
    cell = st.one_of(st.just(EMPTY), digit.map(given), digit.map(value),
                     st.frozensets(digit, min_size=1).map(candidates))
    chosen = draw(st.dictionaries(st.integers(0, n * n - 1), cell, max_size=40))
    return Puzzle("sudoku", n, tuple(chosen.get(i, EMPTY) for i in range(n * n)), box)


EXPORTABLE: dict[str, Callable[[], st.SearchStrategy[Puzzle]]] = {
    "line": lambda: givens_grids(tuple(DEFAULT_BOX)),
    "hodoku": lambda: classic_states(values=False, singles=False),
    "hodoku-library": lambda: classic_states(),
    "kangaroo": lambda: st.one_of(givens_grids((4, 9, 16, 25)), layout_puzzles(digits_only=True).filter(
        lambda p: p.layout is not None and max(p.layout.width, p.layout.height) <= 5)),
    "sudokupad": lambda: givens_grids((9,)),
    "fpuzzles": fpuzzles_grids,
}
"""For each writer, puzzles it should hold whole (most of them: a test still asks `lost`)."""


@dataclass
class Reached:
    """How many examples a property saw, and how many got as far as its assertion."""

    seen: int = 0
    checked: int = 0

    def assert_most(self, share: float = 0.8) -> None:
        assert self.seen >= 10, f"only {self.seen} examples were drawn"
        assert self.checked >= share * self.seen, \
            f"only {self.checked} of {self.seen} examples reached the assertion"
