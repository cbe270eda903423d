"""Puzzles the browser tests open: every cell kind, every shape family."""

from __future__ import annotations

from pycore import links
from pycore.errors import FormatError, PuzzleError
from pycore.model import BLACK, Layout, Puzzle, black, candidates, given, value
from pycore.solve import count_solutions


def sudoku9_rich() -> Puzzle:
    """Givens, the player's values and pencil marks (no clash)."""
    return Puzzle.blank("sudoku", 9).with_cells({
        0: given(5), 1: given(3), 4: given(7), 9: given(6), 12: given(1), 13: given(9), 14: given(5),
        19: given(9), 20: given(8), 25: given(6), 2: value(4), 10: value(7), 11: value(2),
        3: candidates([2, 6, 8]), 5: candidates([2, 8]), 80: candidates([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    })


def sudoku9_givens() -> Puzzle:
    return Puzzle.blank("sudoku", 9).with_cells({i: given(i % 9 + 1) for i in range(0, 81, 10)})


def str8ts6() -> Puzzle:
    return Puzzle.blank("str8ts", 6).with_cells({
        0: BLACK, 5: black(3), 7: given(4), 14: value(2), 15: candidates([1, 5, 6]), 21: BLACK,
        28: BLACK, 30: black(6), 35: BLACK, 20: given(1),
    })


def sudoku16() -> Puzzle:
    return Puzzle.blank("sudoku", 16).with_cells({
        0: given(16), 1: given(1), 17: given(10), 34: value(12), 35: value(9), 50: candidates([1, 11, 16]),
        255: given(7), 100: candidates(range(1, 17)), 120: value(15),
    })


def samurai() -> Puzzle:
    p = Puzzle.blank(layout=Layout.samurai(3))
    cols = p.cols
    return p.with_cells({0: given(1), 20: given(9), 10 * cols + 10: given(5), 20 * cols: given(3),
                         20 * cols + 20: given(4)})


SAMPLES = {
    "sudoku9-rich": sudoku9_rich,
    "sudoku9-givens": sudoku9_givens,
    "str8ts6": str8ts6,
    "sudoku16": sudoku16,
    "samurai": samurai,
}


def cut_to_a_grid_with_no_solution(puzzle: Puzzle) -> tuple[str, Puzzle]:
    """The longest cut of the puzzle's compact link that still opens, to a grid no solution
    fits (the compact text uses nearly every text: a cut one often reads as another grid)."""
    whole = links.fragment(puzzle, "compact")
    for end in range(len(whole) - 1, 0, -1):
        try:
            opened = links.read(whole[:end])[1]
        except (FormatError, PuzzleError):
            continue
        if no_solution_fits(opened):
            return whole[:end], opened
    raise AssertionError("no cut of this puzzle's link opens to a grid with no solution")


def no_solution_fits(puzzle: Puzzle) -> bool:
    """Whether no solution fits the givens alone (the player's digits and marks left out):
    the page then asks whether the link was cut off instead of saying what it opened."""
    return count_solutions(puzzle.unplayed, limit=1) == 0
