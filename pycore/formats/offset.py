"""Offset Grid: each sudoku cell's offset transform as a fixed-width base-32 field.

Width by size: 1 for 4x4, 2 for 6x6 to 9x9, 3 for 12x12, 4 for 16x16, 6 for
25x25. The body length tells the size. The origin's 3-character header
(`S9B`: type S, size code, version B) is accepted on input.
"""

from __future__ import annotations

from ..errors import FormatError
from ..model import EMPTY, SUDOKU_SIZES, Cell, Puzzle, given
from . import LinkForm, TextPattern, _loss
from ._fields import DIGITS, base32_text, decode_fields, encode_fields, width_for
from ._transform import offset_cell, offset_max, offset_value

NAME = "offset"
_SIZE_CODE = frozenset(DIGITS + DIGITS.upper())


def _looks(text: str) -> bool:
    """Base-32 fields, after an optional `S9B`-style header."""
    return base32_text(text) or (
        len(text) > 3 and text[0] in "STst" and text[1] in _SIZE_CODE and text[2] in "Bb"
        and base32_text(text[3:])
    )


LINK = LinkForm(TextPattern(r"([STst][0-9a-zA-Z][Bb])?[0-9a-vA-V]+", _looks), tried=3,
                tags=(("o", None),), per_cell=True)


def field_width(n: int) -> int:
    return width_for(offset_max(n))


# (body length, size) of every size, and the body lengths' sizes to look up
_LENGTHS = tuple((n * n * field_width(n), n) for n in SUDOKU_SIZES)
_SIZE_BY_LENGTH = dict(_LENGTHS)


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    _loss.check_plain_sudoku(NAME, puzzle, lossy)
    n = puzzle.size
    return encode_fields([offset_value(_as_sudoku(c), n) for c in puzzle.cells], field_width(n))


def _as_sudoku(cell: Cell) -> Cell:
    if cell.kind == "black":
        return given(cell.digit) if cell.digit else EMPTY
    return cell


def decode(text: str) -> Puzzle:
    start = 0
    if len(text) - 3 in _SIZE_BY_LENGTH and text[2:3] in ("B", "b"):  # a header and a body
        start = 3
        n = _SIZE_BY_LENGTH[len(text) - 3]
        if text[0] not in "Ss":
            raise FormatError(
                NAME, 0, "header type S (sudoku); X, W and T strings are read as imports",
                found=repr(text[0]),
            )
        if text[1].lower() != DIGITS[n]:
            raise FormatError(NAME, 1, f"size code {DIGITS[n]!r} for a {n}x{n} body",
                              found=repr(text[1]))
    else:
        n = _SIZE_BY_LENGTH.get(len(text), 0)
    if not n:  # no header: the whole text is a body of no grid's length
        lengths = ", ".join(f"{length} ({k}x{k})" for length, k in _LENGTHS)
        raise FormatError(NAME, len(text), f"a body length of {lengths}", found=f"length {len(text)}")
    values = decode_fields(NAME, text[start:], field_width(n), offset_max(n), start=start)
    return Puzzle("sudoku", n, tuple(offset_cell(v, n) for v in values))
