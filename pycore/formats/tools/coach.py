"""sudoku.coach: its state strings `SCv7_32_<base-32 text of a zlib stream holding JSON>`,
and its links.

The base-32 alphabet is `0-9a-v` (RFC 4648's "extended hex"), 5 bits per character,
most significant first, leftover bits dropped. The JSON holds `gridSize`,
`givenDigits` and `userDigits` (one character per cell, 0 empty),
`userCellCandidates` (one integer per cell joined by `-`, bit d set for candidate d)
and colour fields, which cannot be kept. `SCv7_32_` is "Sudoku Coach version 7, base32
encoded" (the site's owner, on r/sudoku, September 2024; the zlib stream is pako's): the
`32` is the encoding, the only one it and its public readers document, so another tag is
refused by name.

Links: `sudoku.coach/<language>/play/<81 digits>` and `.../solver/<81 digits>` carry
the givens (0 empty); `sudoku.coach/<language>/s/<code>` is a short link to a puzzle
kept on its server, which pycore does not fetch, and is refused saying so.
"""

from __future__ import annotations

import re

from ...errors import FormatError
from ...model import EMPTY, Cell, Puzzle, candidates, given, unpack, value
from .._fields import DIGITS
from . import plain
from ._common import Imported, as_int, check_length, inflate, parse_json, plural, split_url

NAME = "sudoku.coach"
HOSTS = ("sudoku.coach",)
LOOKS_FOR = "a sudoku.coach string SCv7_32_…"
PREFIX = re.compile(r"SCv(\d+)_32_")
ANY_TAG = re.compile(r"SCv(\d+)_([0-9A-Za-z]+)_")
PAGES = ("play", "solver")
ALPHABET = DIGITS[:32]  # the positional radix-32 digits, as our seed formats use
KNOWN = {"gridSize", "givenDigits", "userDigits", "userCellCandidates", "colours",
         "givenColours", "userColours", "userCellCandidatesColours"}


def claims(text: str) -> bool:
    url = split_url(text)
    return url.host.endswith(HOSTS) if url.host else bool(ANY_TAG.match(text.strip()))


def _link(path: str) -> Imported:
    """The puzzle a sudoku.coach link's path carries: /<language>/play/<digits> and the like."""
    parts = [part for part in path.split("/") if part]
    for k, part in enumerate(parts[:-1]):
        if part in PAGES:
            n, cells = plain.cells_of(NAME, parts[k + 1])
            return Imported(NAME, Puzzle("sudoku", n, tuple(cells)))
        if part == "s":
            raise FormatError(NAME, None, f"the puzzle itself, not a short link: sudoku.coach/.../s/"
                              f"{parts[k + 1][:20]} names a puzzle kept on sudoku.coach's server, and "
                              "pycore fetches nothing; open it and copy the puzzle's string there")
    raise FormatError(NAME, None, "a sudoku.coach link /play/<81 digits> or /solver/<81 digits>",
                      found=repr(path[:40]))


def _base32hex(text: str, start: int) -> bytes:
    out = bytearray()
    acc = bits = 0
    for pos, ch in enumerate(text.lower()):
        d = ALPHABET.find(ch)
        if d < 0:
            raise FormatError(NAME, start + pos, "a base-32 character 0-9 or a-v", found=repr(ch))
        acc = (acc << 5 | d) & 0xFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append(acc >> bits & 0xFF)
    return bytes(out)


def _digits(obj: object, n: int, field: str) -> list[int]:
    if obj is None:
        return [0] * (n * n)
    if not isinstance(obj, str) or len(obj) != n * n or not obj.isdigit():
        raise FormatError(NAME, None, f"{field}: {n * n} digits")
    values = [int(ch) for ch in obj]
    if max(values) > n:
        raise FormatError(NAME, None, f"{field}: digits 0..{n}", found=str(max(values)))
    return values


def decode(text: str) -> Imported:
    check_length(NAME, text)
    url = split_url(text)
    if url.host:
        return _link(url.path)
    stripped = text.strip()
    match = PREFIX.match(stripped)
    if not match:
        tagged = ANY_TAG.match(stripped)
        if tagged:
            raise FormatError(NAME, tagged.start(2), "the encoding tag 32 (SCv7_32_…), the only "
                              "sudoku.coach encoding its public readers document",
                              found=repr(tagged.group(2)[:8]))
        raise FormatError(NAME, 0, "the prefix SCv7_32_", found=repr(stripped[:8]))
    data = inflate(NAME, _base32hex(stripped[match.end():], match.end()))
    try:
        json_text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError(NAME, None, "UTF-8 JSON inside the zlib stream") from None
    obj = parse_json(NAME, json_text)
    if not isinstance(obj, dict):
        raise FormatError(NAME, None, "a JSON object", found=type(obj).__name__)
    n = as_int(NAME, obj.get("gridSize", 9), "gridSize", 4, 9)
    if n not in (4, 6, 8, 9):
        raise FormatError(NAME, None, "gridSize 4, 6, 8 or 9", found=str(n))
    givens = _digits(obj.get("givenDigits"), n, "givenDigits")
    users = _digits(obj.get("userDigits"), n, "userDigits")
    masks_text = obj.get("userCellCandidates") or ""
    if not isinstance(masks_text, str):
        raise FormatError(NAME, None, "userCellCandidates: integers joined by -")
    masks = masks_text.split("-") if masks_text else []
    if masks and len(masks) != n * n:
        raise FormatError(NAME, None, f"userCellCandidates: {n * n} integers",
                          found=f"{len(masks)}")
    cells: list[Cell] = []
    for i in range(n * n):
        if givens[i]:
            cells.append(given(givens[i]))
        elif users[i]:
            cells.append(value(users[i]))
        elif masks:
            mask = as_int(NAME, masks[i], f"the candidates of cell {i}", 0, (1 << (n + 1)) - 1)
            cells.append(candidates(unpack(mask >> 1)))
        else:
            cells.append(EMPTY)
    warnings = []
    coloured = 0
    for field in ("givenColours", "userColours"):
        item = obj.get(field)
        if isinstance(item, str):
            coloured += sum(1 for part in item.split(",") if part.strip())
    if coloured:
        warnings.append(f"cell colours ({plural(coloured, 'cell')}) cannot be kept")
    if obj.get("userCellCandidatesColours"):
        warnings.append("candidate colours cannot be kept")
    unknown = sorted(k for k, v in obj.items() if k not in KNOWN and v)
    if unknown:
        warnings.append("fields " + ", ".join(unknown[:5]) + " cannot be kept")
    return Imported(NAME, Puzzle("sudoku", n, tuple(cells)), tuple(warnings))
