"""A SudokuPad link for a givens-only 9x9: SudokuPad's "classic" zip of the 81 cells.

The encoding (SudokuPad's `PuzzleTools.zipClassicSudoku2`, the same text its SCF
decoder reads): cells are taken in runs of one cell followed by up to 5 empty
cells; each run is one character of the 60-letter alphabet
`0-9 A-Z a-x` at index `digit + 10 * blanks`, digit 0 standing for an empty
first cell. An empty grid is thirteen `o` (an empty cell and 5 blanks) and a
`K` (one and 2 blanks).

The link is `https://sudokupad.app/scf<text>`: SudokuPad's puzzle loader
registers the `scf` prefix and decodes its first 81 cells as givens with 3x3
boxes. SudokuPad's loader first tries each id as lz-string data and keeps that
reading when it is at least half as long; about 2 random grids in 1000 are taken
that way (a SudokuPad quirk this link cannot avoid; the f-puzzles link can).
"""

from __future__ import annotations

from ...model import Puzzle
from .. import _loss
from ._common import Export, is_classic, require

__all__ = ["ALPHABET", "BASE", "SUDOKUPAD", "classic", "export"]

NAME = "sudokupad"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
MAX_BLANKS = 5
BASE = "https://sudokupad.app/scf"


def classic(digits: list[int]) -> str:
    """Zip a row-major list of digits (0 = empty) the way SudokuPad's classic codec does."""
    out = []
    i = 0
    while i < len(digits):
        first = digits[i]
        i += 1
        blanks = 0
        while blanks < MAX_BLANKS and i < len(digits) and digits[i] == 0:
            blanks += 1
            i += 1
        out.append(ALPHABET[first + 10 * blanks])
    return "".join(out)


def _lost(puzzle: Puzzle) -> list[str]:
    require(NAME, puzzle, is_classic(puzzle), "a 9x9 sudoku with 3x3 boxes (its classic link's only shape)")
    return _loss.kinds_lost(puzzle, "value", "candidates")


def _write(puzzle: Puzzle) -> str:
    return BASE + classic([c.digit if c.kind == "given" else 0 for c in puzzle.cells])


SUDOKUPAD = Export(NAME, "SudokuPad", True, _lost, _write)


def export(puzzle: Puzzle, lossy: bool = False) -> str:
    """The SudokuPad link of a 9x9's givens; LossError for values or pencil marks unless lossy."""
    return SUDOKUPAD.export(puzzle, lossy)
