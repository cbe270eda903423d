"""Offset Grid: each sudoku cell's offset transform as a fixed-width base-32 field.

Width by size: 1 for 4x4, 2 for 6x6 to 9x9, 3 for 12x12, 4 for 16x16, 6 for
25x25. The body length tells the size. The origin's 3-character header
(`S9B`: type S, size code, version B) is accepted on input.
"""

from __future__ import annotations

import re

from ..errors import FormatError
from ..model import EMPTY, SUDOKU_SIZES, Cell, Puzzle, given
from . import LinkForm, _loss
from ._fields import DIGITS, decode_fields, encode_fields, width_for
from ._transform import offset_cell, offset_max, offset_value

NAME = "offset"
LINK = LinkForm(re.compile(r"([STst][0-9a-zA-Z][Bb])?[0-9a-vA-V]+"), tried=3, tags=(("o", None),),
                per_cell=True)


def field_width(n: int) -> int:
    return width_for(offset_max(n))


_SIZE_BY_LENGTH = {n * n * field_width(n): n for n in SUDOKU_SIZES}


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
        lengths = ", ".join(f"{length} ({k}x{k})" for length, k in _SIZE_BY_LENGTH.items())
        raise FormatError(NAME, len(text), f"a body length of {lengths}", found=f"length {len(text)}")
    values = decode_fields(NAME, text[start:], field_width(n), offset_max(n), start=start)
    return Puzzle("sudoku", n, tuple(offset_cell(v, n) for v in values))
