"""53-bit cells as text: the comma-separated decimal integers, row-major.

A fixed cell with a value is a given, a value without the fixed bit is the
player's value, possibles are pencil marks, 0 is empty.
"""

from __future__ import annotations

from ..cells53 import from_puzzle, get_possibles, get_value, is_fixed, is_valid_cell
from ..errors import FormatError
from ..model import EMPTY, SUDOKU_SIZES, Cell, Puzzle, candidates, given, value
from . import LinkForm, TextPattern, _loss, made_of

NAME = "bitcell"
_DECIMAL = "0123456789"


def _decimal(text: str) -> bool:
    """One or more of the ASCII digits 0-9 (what `[0-9]+` matches)."""
    return bool(text) and made_of(text, _DECIMAL)


def _looks(text: str) -> bool:
    """Decimal fields between commas, at least two: no field empty, so no comma at either
    end nor two together (one test over the whole text, not one per field: a pasted text of
    64 K characters is tested this way for every bare text `links.read` is given)."""
    return ("," in text and made_of(text, _DECIMAL + ",") and ",," not in text
            and text[:1] != "," and text[-1:] != ",")


LINK = LinkForm(TextPattern(r"[0-9]+(,[0-9]+)+", _looks), tried=1, tags=(("c", None),), per_cell=True)
_MAX_CELLS = max(SUDOKU_SIZES) ** 2
# A sudoku of n x n cells for each size: 16, 36, 64, 81, 144, 256 or 625.
_CELL_COUNTS = ", ".join(str(n * n) for n in SUDOKU_SIZES[:-1]) + f" or {_MAX_CELLS}"
_MAX_DIGITS = 16  # 2**53 has 16 decimal digits


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    _loss.check_plain_sudoku(NAME, puzzle, lossy)
    return ",".join(str(v) for v in from_puzzle(puzzle))


def decode(text: str) -> Puzzle:
    longest = _MAX_CELLS * (_MAX_DIGITS + 1) - 1  # 625 fields of 16 digits and their commas
    if len(text) > longest:
        raise FormatError(NAME, longest, f"at most {_MAX_CELLS} cells of at most {_MAX_DIGITS} "
                          "digits", found=f"{len(text)} characters")
    fields = text.split(",")
    n = next((k for k in SUDOKU_SIZES if k * k == len(fields)), 0)
    if not n:
        raise FormatError(NAME, len(text), f"{_CELL_COUNTS} comma-separated cells",
                          found=_loss.plural(len(fields), "field"))
    cells: list[Cell] = []
    pos = 0
    for f in fields:
        if len(f) > _MAX_DIGITS or not _decimal(f):
            raise FormatError(NAME, pos, "a decimal integer of at most 16 digits", found=repr(f[:20]))
        v = int(f)
        if not is_valid_cell(v, size=n):
            raise FormatError(NAME, pos, f"a valid {2 * n + 1}-bit cell (fixed cells hold one value; "
                              "a value clears the possibles)", found=f)
        digit = get_value(v, size=n)
        if digit:
            cells.append(given(digit) if is_fixed(v) else value(digit))
        else:
            marks = get_possibles(v, size=n)
            cells.append(candidates(marks) if marks else EMPTY)
        pos += len(f) + 1
    return Puzzle("sudoku", n, tuple(cells))
