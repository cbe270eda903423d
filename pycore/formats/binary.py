"""Sudoku Binary Format v1 (the kangaroo solver's), as bytes and as base64.

Bytes: version (2, big-endian, = 1), box size b, layout width W and height H
(in boxes), a mask of ceil(W*H/8) bytes (box i is bit 7 - i%8 of byte i//8,
1 = enabled, padding 0), then for each enabled box its b*b cells row-major
inside the box, one byte each, 0 = empty. It holds digits only: no pencil
marks, no given/value split, square boxes only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import FormatError, Lost
from ..model import DEFAULT_BOX, EMPTY, OUTSIDE, Cell, Layout, Puzzle, given
from . import LinkForm, TextPattern, _loss, count_made_of, made_of

if TYPE_CHECKING:
    import binascii
else:
    try:  # MicroPython's C module: the page's build also has a `binascii` written in Python,
        # which takes 2 ms per 1,000 characters to decode and is quadratic to encode
        import ubinascii as binascii
    except ImportError:
        import binascii

NAME = "binary"
VERSION = 1
MIN_BOX, MAX_BOX = 2, 5
MAX_LAYOUT = 15
# The largest valid message (15x15 boxes of 5x5 cells, all enabled): any longer input
# is refused before it is decoded.
MAX_BYTES = 5 + (MAX_LAYOUT * MAX_LAYOUT + 7) // 8 + MAX_LAYOUT * MAX_LAYOUT * MAX_BOX**2
# The characters of base64 in either spelling (+/ or -_), padding aside.
_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"


def _base64_text(text: str) -> bool:
    r"""Base64 characters, then at most two `=`: `[A-Za-z0-9+/\-_]*={0,2}`."""
    body = text.rstrip("=")
    return len(text) - len(body) <= 2 and made_of(body, _BASE64)


def url_safe(text: str) -> str:
    """The text as a link carries it: `+/` spelled `-_` and no `=` padding (both read back)."""
    return text.rstrip("=").replace("+", "-").replace("/", "_")


# Every message starts with version 1 (bytes 0, 1), which base64 spells `AAE`.
LINK = LinkForm(TextPattern(r"AAE[A-Za-z0-9+/\-_]*={0,2}",
                            lambda text: text.startswith("AAE") and _base64_text(text[3:])),
                tried=2, tags=(("b", None),), spelled=url_safe, per_cell=True)


def _layout_of(puzzle: Puzzle) -> Layout:
    if puzzle.layout is not None:
        return puzzle.layout
    b = int(puzzle.size ** 0.5 + 0.5)  # square boxes (checked by the caller)
    return Layout(b, b, b)


def encode_bytes(puzzle: Puzzle, lossy: bool = False) -> bytes:
    if puzzle.kind != "sudoku":
        raise FormatError(NAME, None, "a sudoku; str8ts needs the str8ts or compact format")
    box = puzzle.box if puzzle.box is not None else DEFAULT_BOX.get(puzzle.size)
    if box is None:  # a jigsaw of a size without boxes: nothing square to fall back on
        raise FormatError(NAME, None, "square boxes (4x4, 9x9, 16x16, 25x25 or layouts)",
                          found=f"a {puzzle.size}x{puzzle.size} jigsaw")
    if box[0] != box[1] or box[0] * box[1] != puzzle.size:
        raise FormatError(NAME, None, "square boxes (4x4, 9x9, 16x16, 25x25 or layouts)",
                          found=f"{box[0]}x{box[1]} boxes")
    lost = _loss.kinds_lost(puzzle, "candidates")
    values = puzzle.count("value")
    if values:
        lost.append(Lost("value-as-given", values))
    lost.extend(_loss.notes_lost(puzzle))
    _loss.check(NAME, lost, lossy)
    layout = _layout_of(puzzle)
    b, w, h = layout.box, layout.width, layout.height
    mask = bytearray((w * h + 7) // 8)
    body = bytearray()
    cols = puzzle.cols
    for i in range(w * h):
        if not layout.enabled(i):
            continue
        mask[i // 8] |= 0x80 >> (i % 8)
        top, left = (i // w) * b, (i % w) * b
        for r in range(b):
            for c in range(b):
                body.append(puzzle.cells[(top + r) * cols + left + c].digit)
    return bytes((0, VERSION, b, w, h)) + bytes(mask) + bytes(body)


def decode_bytes(data: bytes) -> Puzzle:
    def need(count: int, at: int, what: str) -> None:
        if len(data) < at + count:
            raise FormatError(NAME, len(data), what, unit="byte", found="end of data")

    if len(data) > MAX_BYTES:
        raise FormatError(NAME, MAX_BYTES, f"at most {MAX_BYTES} bytes", unit="byte",
                          found=f"{len(data)} bytes")
    need(2, 0, "a 2-byte version")
    version = data[0] << 8 | data[1]
    if version != VERSION:
        raise FormatError(NAME, 0, "version 1", unit="byte", found=str(version))
    need(1, 2, "a box size byte")
    b = data[2]
    if not MIN_BOX <= b <= MAX_BOX:
        raise FormatError(NAME, 2, f"a box size of {MIN_BOX} to {MAX_BOX}", unit="byte",
                          found=str(b))
    need(2, 3, "layout width and height bytes")
    w, h = data[3], data[4]
    for at, dim in ((3, w), (4, h)):
        if not 1 <= dim <= MAX_LAYOUT:
            raise FormatError(NAME, at, f"a layout dimension of 1 to {MAX_LAYOUT} boxes",
                              unit="byte", found=str(dim))
    boxes = w * h
    mask_len = (boxes + 7) // 8
    need(mask_len, 5, f"a mask of {mask_len} bytes")
    mask = data[5 : 5 + mask_len]
    enabled = [bool(mask[i // 8] & (0x80 >> (i % 8))) for i in range(boxes)]
    for i in range(boxes, mask_len * 8):
        if mask[i // 8] & (0x80 >> (i % 8)):
            raise FormatError(NAME, 5 + i // 8, f"mask padding bit {7 - i % 8} to be 0",
                              unit="byte")
    start = 5 + mask_len
    body_len = sum(enabled) * b * b
    boxes_named = _loss.plural(sum(enabled), "enabled box", "enabled boxes")
    need(body_len, start, f"{body_len} bytes of cells for {boxes_named}")
    if len(data) > start + body_len:
        raise FormatError(NAME, start + body_len, "the end of data (no trailing bytes)",
                          unit="byte", found=f"{len(data) - start - body_len} more")
    try:
        layout = Layout(b, w, h, frozenset(i for i in range(boxes) if not enabled[i]))
    except ValueError as err:
        raise FormatError(NAME, 5, f"a mask of a valid layout ({err})", unit="byte") from None
    n = b * b
    cols = w * b
    cells: list[Cell] = [OUTSIDE] * (cols * h * b)
    at = start
    for i in range(boxes):
        if not enabled[i]:
            continue
        top, left = (i // w) * b, (i % w) * b
        for r in range(b):
            for c in range(b):
                d = data[at]
                if d > n:
                    raise FormatError(NAME, at, f"a digit of 0 to {n}", unit="byte", found=str(d))
                cells[(top + r) * cols + left + c] = given(d) if d else EMPTY
                at += 1
    return Puzzle("sudoku", n, tuple(cells), layout=layout)


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    return binascii.b2a_base64(encode_bytes(puzzle, lossy), newline=False).decode("ascii")


def decode(text: str) -> Puzzle:
    longest = (MAX_BYTES + 2) // 3 * 4
    if len(text) > longest:
        raise FormatError(NAME, longest, f"base64 of at most {MAX_BYTES} bytes",
                          found=f"{len(text)} characters")
    if not _base64_text(text):
        bad = count_made_of(text, _BASE64 + "=")  # a character of neither, or a misplaced =
        bad = text.find("=") if bad == len(text) else bad
        raise FormatError(NAME, bad, "a base64 character (A-Z a-z 0-9 + / or - _, = at the end)",
                          found=repr(text[bad]))
    body = text.rstrip("=")
    if len(body) % 4 == 1:
        raise FormatError(NAME, len(text), "base64 whose length is not 1 more than a multiple of 4")
    padded = body.replace("-", "+").replace("_", "/") + "=" * (-len(body) % 4)
    if "=" in text and len(text) % 4:
        raise FormatError(NAME, len(text), "base64 padded to a multiple of 4 characters")
    # The checks above leave a2b_base64 nothing to refuse: only its alphabet, padding at the
    # end, and a body whose length is never 1 more than a multiple of 4 (padded to 4 here).
    return decode_bytes(binascii.a2b_base64(padded.encode()))
