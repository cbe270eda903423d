"""What every outside tool's module shares: the `Imported` and `Export` records, bounded
lz-string and JSON, URLs, boxes from regions, shape checks for writers.

Readers take text written by other tools, so every step is bounded: the text is at
most `MAX_TEXT` characters (a kangaroo file of a 25x25 is 70 KB), and every reader's
work is linear in it; an lz-string payload at most `MAX_LZ` characters, a
decompressed payload at most `MAX_OUTPUT` characters, and JSON nesting at most
`MAX_DEPTH` levels (checked by a loop before any parser sees the text).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from ...errors import FormatError, Lost
from ...model import DEFAULT_BOX, PALETTE_COLOURS, WORD_BOUNDS, Puzzle, plain_words
from .. import MAX_TEXT as MAX_TEXT  # every reader's bound (tools/__init__.py keeps it)
from .. import _loss, _lzstring
from .._loss import plural as plural
from ..json import check_nesting, loads

MAX_LZ = 16 * 1024  # lz-string output can grow with the square of its input: keep the input small
MAX_OUTPUT = 1 << 20
MAX_DEPTH = 64
LZ_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")


@dataclass(frozen=True)
class Imported:
    """What an import found: the format it detected, the puzzle, and what it could not keep."""

    format: str
    puzzle: Puzzle
    warnings: tuple[str, ...] = ()


def check_length(format: str, text: str, limit: int = MAX_TEXT) -> None:
    if len(text) > limit:
        raise FormatError(format, limit, f"at most {limit} characters", found=f"{len(text)}")


def lz_compress(text: str) -> str:
    """lz-string `compressToBase64`, as f-puzzles and SudokuPad write their links."""
    return _lzstring.compress_to_base64(text)


def lz_decompress(format: str, data: str) -> str:
    """lz-string `decompressFromBase64`, bounded; stricter than JS: a character outside the
    alphabet, and data that decompresses to nothing, are refused by name."""
    data = data.strip().replace(" ", "+")  # a '+' that went through form decoding
    check_length(format, data, MAX_LZ)
    if not data:
        raise FormatError(format, 0, "lz-string base64 data", found="nothing")
    for pos, ch in enumerate(data):
        if ch not in LZ_ALPHABET:
            raise FormatError(format, pos, "an lz-string base64 character", found=repr(ch))
    try:
        result = _lzstring.decompress_from_base64(data, max_input=MAX_LZ, max_output=MAX_OUTPUT)
    except _lzstring.TooLong as err:
        raise FormatError(format, None, f"at most {MAX_OUTPUT} characters once decompressed",
                          found=f"{err.found}") from None
    if not result:
        raise FormatError(format, None, "valid lz-string compressed data")
    return result


def inflate(format: str, data: bytes) -> bytes:
    """zlib-decompress at most MAX_OUTPUT bytes; a stream that would give more is refused."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, MAX_OUTPUT)
    except zlib.error as err:
        raise FormatError(format, None, "a valid zlib stream", found=str(err)) from None
    if inflater.unconsumed_tail:
        raise FormatError(format, None, f"at most {MAX_OUTPUT} bytes once decompressed")
    if not inflater.eof:
        raise FormatError(format, None, "a complete zlib stream", found="a truncated one")
    return out


def check_depth(format: str, text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before a (recursive) parser sees the text;
    SudokuPad's relaxed JSON quotes strings with ' too."""
    check_nesting(format, text, MAX_DEPTH, quotes="\"'")


def parse_json(format: str, text: str) -> Any:
    return loads(format, text, max_length=MAX_OUTPUT, max_depth=MAX_DEPTH)


@dataclass(frozen=True)
class Url:
    """The parts of a pasted URL (or bare text: then only `text` is set)."""

    text: str
    host: str = ""
    path: str = ""
    query: str = ""
    fragment: str = ""

    def param(self, name: str) -> str | None:
        for key, val in parse_qsl(self.query, keep_blank_values=True):
            if key == name:
                return val
        return None


def split_url(text: str) -> Url:
    text = text.strip()
    lowered = text[:12].lower()
    if not lowered.startswith(("http://", "https://", "www.")) and "://" not in text[:12]:
        return Url(text)
    if lowered.startswith("www."):
        text = "https://" + text
    try:
        parts = urlsplit(text)
        host = (parts.hostname or "").lower()
    except ValueError:
        return Url(text)
    if host.startswith("www."):
        host = host[4:]
    return Url(text, host, parts.path, parts.query, parts.fragment)


def unquote_all(text: str) -> str:
    """Percent-decoding, once (links are sometimes pasted still encoded)."""
    return unquote(text) if "%" in text else text


def as_int(format: str, obj: object, where: str, low: int, high: int) -> int:
    """An integer (or a string of digits) in low..high, else FormatError naming `where`."""
    if isinstance(obj, str) and obj.strip().isdigit() and len(obj.strip()) <= 6:
        obj = int(obj.strip())
    if isinstance(obj, bool) or not isinstance(obj, int) or not low <= obj <= high:
        text = repr(obj)
        raise FormatError(format, None, f"a number {low}..{high} for {where}",
                          found=text if len(text) <= 30 else text[:27] + "...")
    return obj


def box_from_regions(
    format: str, size: int, regions: Sequence[Iterable[tuple[int, int]]]
) -> tuple[tuple[int, int] | None, list[str]]:
    """The box shape the regions tile the grid with, or (None, [warning]) when irregular.

    Regions that are all r x c rectangles aligned to the grid give box (r, c); anything
    else (jigsaw regions, missing or extra regions) is reported by name.
    """
    cells = [sorted(set(region)) for region in regions]
    if not cells:
        return None, []
    first = cells[0]
    rows = {r for r, _ in first}
    cols = {c for _, c in first}
    shape = (len(rows), len(cols))
    if shape[0] * shape[1] == size and size in DEFAULT_BOX and size % shape[0] == 0 \
            and size % shape[1] == 0 and len(cells) == size:
        expected = {
            tuple(sorted((top + r, left + c) for r in range(shape[0]) for c in range(shape[1])))
            for top in range(0, size, shape[0])
            for left in range(0, size, shape[1])
        }
        if {tuple(region) for region in cells} == expected:
            return shape, []
    return None, [f"irregular regions ({plural(len(cells), 'region')} that are not "
                  "boxes of one shape): the standard boxes are used instead"]


# --- writers ---------------------------------------------------------------------------------

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""Digit d is SYMBOLS[d - 1]: plain digits up to 9, then letters (10 = A ... 25 = P)."""


@dataclass(frozen=True)
class Export:
    """One target: its name, a title for buttons, whether it is a link, and its two halves."""

    name: str
    title: str
    is_link: bool
    lost: Callable[[Puzzle], list[Lost]]
    """What this target would drop; FormatError when it cannot hold the shape at all."""
    write: Callable[[Puzzle], str]
    """The text, silently dropping whatever `all_lost` names: call it through `export`."""
    keeps_notes: bool = False
    """Whether the target holds corner marks, colours and the texts itself (`lost` names
    what of them it cannot); else every one of them is named as lost."""

    def all_lost(self, puzzle: Puzzle) -> list[Lost]:
        """What this target would drop: `lost`, and the notes when it keeps none."""
        lost = self.lost(puzzle)
        return lost if self.keeps_notes else lost + _loss.notes_lost(puzzle)

    def export(self, puzzle: Puzzle, lossy: bool = False) -> str:
        _loss.check(self.name, self.all_lost(puzzle), lossy)
        return self.write(puzzle)


def _rgb(text: str) -> tuple[int, int, int] | None:
    """A CSS hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa) as red, green, blue; else None."""
    body = text.strip().lstrip("#")
    if len(body) in (3, 4):
        body = "".join(ch * 2 for ch in body[:3])
    if len(body) not in (6, 8) or any(ch not in "0123456789abcdefABCDEF" for ch in body):
        return None
    return int(body[0:2], 16), int(body[2:4], 16), int(body[4:6], 16)


PALETTE_RGB = tuple(_rgb(hex_) for _, hex_ in PALETTE_COLOURS)


def palette_colour(text: object) -> tuple[int, bool] | None:
    """Another tool's colour as the nearest of our palette's (1..9, by distance in RGB)
    and whether it is that colour exactly; None for what is no hex colour."""
    rgb = _rgb(text) if isinstance(text, str) and len(text) <= 9 else None
    if rgb is None:
        return None

    def distance(k: int) -> int:
        ours = PALETTE_RGB[k]
        assert ours is not None
        return sum((a - b) ** 2 for a, b in zip(rgb, ours, strict=True))

    best = min(range(len(PALETTE_RGB)), key=distance)
    return best + 1, distance(best) == 0


class ColourMapping:
    """Other tools' colours mapped onto the palette as a puzzle is read, and the warning
    that says which were changed (each colour once, with its cells)."""

    def __init__(self) -> None:
        self.changed: dict[tuple[str, int], int] = {}
        self.unread = 0

    def read(self, text: object) -> int:
        """Our colour for another tool's (0 when it is no colour: counted as unread)."""
        found = palette_colour(text)
        if found is None:
            self.unread += 1
            return 0
        colour, exact = found
        if not exact:
            key = (str(text).strip().lower(), colour)
            self.changed[key] = self.changed.get(key, 0) + 1
        return colour

    def warnings(self) -> list[str]:
        out = []
        for (theirs, ours), count in sorted(self.changed.items())[:6]:
            name, hex_ = PALETTE_COLOURS[ours - 1]
            out.append(f"the colour {theirs[:9]} of {plural(count, 'cell')} is shown as colour "
                       f"{ours}, {name} ({hex_}): the nearest of the palette")
        if len(self.changed) > 6:
            out.append(f"{len(self.changed) - 6} more colours are shown as the nearest of the palette")
        if self.unread:
            out.append(f"cell colours that are no hex colour in {plural(self.unread, 'cell')} "
                       "cannot be kept")
        return out


def words(title: object, author: object, rules: object) -> tuple[tuple[str, str, str], list[str]]:
    """Another tool's title, author and rules as the model holds them: text only, line
    breaks only in the rules (others become spaces, as do control characters), cut to
    the model's bounds; and a warning for each text changed beyond its spaces."""
    out = []
    warnings = []
    for (name, bound), text in zip(WORD_BOUNDS, (title, author, rules), strict=True):
        if text is None or text == "":
            out.append("")
            continue
        if not isinstance(text, str):
            warnings.append(f"the {name} ({type(text).__name__}, not text) cannot be kept")
            out.append("")
            continue
        clean = plain_words(name, text, cut=False)
        if len(clean) > bound:
            warnings.append(f"the {name} is cut to its first {bound} characters "
                            f"(of {len(clean)})")
        out.append(plain_words(name, clean))
    return (out[0], out[1], out[2]), warnings


def describe(puzzle: Puzzle) -> str:
    """A short name for the puzzle's shape, for messages: 'a 16x16 sudoku'."""
    shape = f"{puzzle.rows}x{puzzle.cols}"
    if puzzle.layout is not None:
        b = puzzle.layout.box
        return f"a {shape} multi-grid layout of {b}x{b} boxes"
    if puzzle.kind == "sudoku" and not puzzle.default_box:
        assert puzzle.box is not None
        return f"a {shape} sudoku with {puzzle.box[0]}x{puzzle.box[1]} boxes"
    return f"a {shape} {puzzle.kind}"


def require(format: str, puzzle: Puzzle, holds: bool, expected: str) -> None:
    """Refuse a puzzle whose shape the target cannot hold at all (lossy cannot help)."""
    if not holds:
        raise FormatError(format, None, expected, found=describe(puzzle))


def is_classic(puzzle: Puzzle) -> bool:
    """A plain 9x9 sudoku with 3x3 boxes."""
    return puzzle.kind == "sudoku" and puzzle.layout is None and puzzle.size == 9 and puzzle.default_box
