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


# The setter's words at their bounds (100, 100, 1000), each with what a link or a JSON
# text could trip on: quotes, backslashes, SCF's stars, percent signs, astral characters,
# a right-to-left override, markup, and line breaks in the rules.
HOSTILE = (
    "T" * 60 + "*t*a**%41%%20\\\"'" + "\U0001f600" * 10 + "漢" * 14,  # 100: at the bound
    "<script>alert(1)</script> & \u202e" + "é" * 71,
    "Normal sudoku rules apply.\nLine two: 'quotes', \"more\", \\back\\slash, */**\n"
    + "\U0001f9e9" * 300 + "x" * 627,  # 1000 characters, astral ones counted as one each
)
