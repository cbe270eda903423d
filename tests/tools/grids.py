"""The grids the writers' tests share: Wikipedia's classic example, with a player's digit and marks."""

from __future__ import annotations

from pycore.model import EMPTY, Puzzle, candidates, given, value

CLASSIC = (
    "53..7...."
    "6..195..."
    ".98....6."
    "8...6...3"
    "4..8.3..1"
    "7...2...6"
    ".6....28."
    "...419..5"
    "....8..79"
)


def classic_puzzle() -> Puzzle:
    cells = [EMPTY if ch == "." else given(int(ch)) for ch in CLASSIC]
    return Puzzle("sudoku", 9, tuple(cells))


def with_play(puzzle: Puzzle) -> Puzzle:
    """r1c3 = 4 by the player; r1c4 pencil-marked 2 and 6."""
    return puzzle.with_cells({2: value(4), 3: candidates([2, 6])})


def givens_only(puzzle: Puzzle) -> Puzzle:
    played = ("value", "candidates")
    return puzzle.with_cells({i: EMPTY for i, c in enumerate(puzzle.cells) if c.kind in played})
