"""Str8ts: each cell's Str8ts transform as a fixed-width base-32 field, row-major.

Widths: 1 for 3x3 and 4x4, 2 for 5x5 to 9x9, 4 for 16x16, 6 for 25x25; the body
length tells the size. No header: base-36 `T9B` strings from the wild are imports.
"""

from __future__ import annotations

from ..errors import FormatError, Lost
from ..model import STR8TS_SIZES, Puzzle
from . import LinkForm, TextPattern, _loss
from ._fields import base32_text, decode_fields, encode_fields, width_for
from ._transform import str8ts_cell, str8ts_max, str8ts_value

NAME = "str8ts"
LINK = LinkForm(TextPattern(r"[0-9a-vA-V]+", base32_text), tried=4, tags=(("t", None),), per_cell=True)


def field_width(n: int) -> int:
    return width_for(str8ts_max(n))


# (text length, size) of every size, and the lengths' sizes to look up
_LENGTHS = tuple((n * n * field_width(n), n) for n in STR8TS_SIZES)
_SIZE_BY_LENGTH = dict(_LENGTHS)


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    _loss.require_square(NAME, puzzle)
    lost = _loss.notes_lost(puzzle)
    if puzzle.kind != "str8ts":
        lost.insert(0, Lost("sudoku-kind"))
    _loss.check(NAME, lost, lossy)
    if puzzle.kind != "str8ts" and puzzle.size not in STR8TS_SIZES:
        raise FormatError(NAME, None, f"a grid size in {STR8TS_SIZES}", found=str(puzzle.size))
    n = puzzle.size
    return encode_fields([str8ts_value(c, n) for c in puzzle.cells], field_width(n))


def decode(text: str) -> Puzzle:
    n = _SIZE_BY_LENGTH.get(len(text), 0)
    if not n:
        lengths = ", ".join(f"{length} ({k}x{k})" for length, k in _LENGTHS)
        raise FormatError(NAME, len(text), f"a length of {lengths}", found=f"length {len(text)}")
    values = decode_fields(NAME, text, field_width(n), str8ts_max(n))
    return Puzzle("str8ts", n, tuple(str8ts_cell(v, n) for v in values))
