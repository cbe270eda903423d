"""J-encoding of every cell's transform value, concatenated row-major.

A cell is `-` (0) or an upper-case letter A-I followed by lower-case a-j
(digits 1-9, j for 0): 230 -> `Bcj`. A givens-only sudoku reads exactly like
sudoklify's puzzle strings (`-BCDCDA-BAD--CBA`). Sudoku cells use the offset
transform, str8ts cells the Str8ts transform; the text does not say which, so
`decode` takes the kind.
"""

from __future__ import annotations

from ..errors import FormatError, UnknownName
from ..model import STR8TS_SIZES, SUDOKU_SIZES, Puzzle
from . import LinkForm, TextPattern, _loss, made_of
from ._transform import offset_cell, offset_max, offset_value, str8ts_cell, str8ts_max, str8ts_value

NAME = "jcode"
# The text does not say its kind: the fragment's tag does (j sudoku, k str8ts).
_LEAD = "ABCDEFGHI"
_TAIL = "jabcdefghi"  # index = digit
_CHARACTERS = "-" + _LEAD + _TAIL
LINK = LinkForm(TextPattern(r"[-A-Ia-j]+", lambda text: bool(text) and made_of(text, _CHARACTERS)),
                tried=5, tags=(("j", "sudoku"), ("k", "str8ts")), per_cell=True)
_LEAD_DIGIT = {ch: i + 1 for i, ch in enumerate(_LEAD)}
_TAIL_DIGIT = {ch: i for i, ch in enumerate(_TAIL)}


def encode_cell(v: int) -> str:
    """One integer as a J-encoded token: 0 -> '-', 230 -> 'Bcj'."""
    if v == 0:
        return "-"
    digits = str(v)
    return _LEAD[int(digits[0]) - 1] + "".join(_TAIL[int(d)] for d in digits[1:])


def decode_cell(token: str) -> int:
    """A single token back to its integer (strict: `-` or [A-I][a-j]*)."""
    values = _tokens(token)
    if len(values) != 1:
        raise FormatError(NAME, 0, "exactly one cell token", found=f"{len(values)} tokens")
    return values[0]


def _tokens(text: str, max_tokens: int | None = None) -> list[int]:
    values: list[int] = []
    i, length = 0, len(text)
    while i < length:
        start, ch = i, text[i]
        if ch == "-":
            values.append(0)
            i += 1
        elif ch in _LEAD_DIGIT:
            v = _LEAD_DIGIT[ch]
            i += 1
            while i < length and text[i] in _TAIL_DIGIT:
                v = v * 10 + _TAIL_DIGIT[text[i]]
                i += 1
                if v > 10**9:  # no transform value is this large: stop before big-int work
                    raise FormatError(NAME, i - 1, "a cell value of at most 10 digits")
            values.append(v)
        else:
            raise FormatError(NAME, i, "'-' or a capital letter A-I starting a cell",
                              found=repr(ch))
        if max_tokens is not None and len(values) > max_tokens:
            raise FormatError(NAME, start, f"at most {max_tokens} cells")
    return values


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    _loss.require_square(NAME, puzzle)
    _loss.check(NAME, _loss.box_shape_lost(puzzle) + _loss.notes_lost(puzzle), lossy)
    n = puzzle.size
    transform = str8ts_value if puzzle.kind == "str8ts" else offset_value
    return "".join(encode_cell(transform(c, n)) for c in puzzle.cells)


def decode(text: str, kind: str = "sudoku") -> Puzzle:
    if kind not in ("sudoku", "str8ts"):
        raise UnknownName("jcode kind", kind, ("sudoku", "str8ts"))
    sizes = STR8TS_SIZES if kind == "str8ts" else SUDOKU_SIZES
    values = _tokens(text, max_tokens=max(sizes) ** 2)
    n = next((k for k in sizes if k * k == len(values)), 0)
    if not n:
        counts = ", ".join(str(k * k) for k in sizes)
        raise FormatError(NAME, len(text), f"a {kind} of {counts} cells",
                          found=f"{len(values)} cells")
    maximum = str8ts_max(n) if kind == "str8ts" else offset_max(n)
    to_cell = str8ts_cell if kind == "str8ts" else offset_cell
    cells = []
    for pos, v in enumerate(values):
        if v > maximum:
            raise FormatError(NAME, _token_start(text, pos), f"a cell value of at most {maximum}",
                              found=str(v))
        cells.append(to_cell(v, n))
    return Puzzle(kind, n, tuple(cells))


def _token_start(text: str, index: int) -> int:
    """Character position where token number `index` begins (for error messages)."""
    seen = -1
    for i, ch in enumerate(text):
        if ch == "-" or ch in _LEAD_DIGIT:
            seen += 1
            if seen == index:
                return i
    return len(text)
