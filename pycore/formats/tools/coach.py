"""sudoku.coach state strings: `SCv7_32_<base-32 text of a zlib stream holding JSON>`.

The base-32 alphabet is `0-9a-v` (RFC 4648's "extended hex"), 5 bits per character,
most significant first, leftover bits dropped. The JSON holds `gridSize`,
`givenDigits` and `userDigits` (one character per cell, 0 empty),
`userCellCandidates` (one integer per cell joined by `-`, bit d set for candidate d)
and colour fields, which cannot be kept.
"""

from __future__ import annotations

import re

from ...errors import FormatError
from ...model import EMPTY, Cell, Puzzle, candidates, given, unpack, value
from .._fields import DIGITS
from ._common import Imported, as_int, check_length, inflate, parse_json, plural

NAME = "sudoku.coach"
HOSTS = ("sudoku.coach",)
LOOKS_FOR = "a sudoku.coach string SCv7_32_…"
PREFIX = re.compile(r"SCv(\d+)_32_")
ALPHABET = DIGITS[:32]  # the positional radix-32 digits, as our seed formats use
KNOWN = {"gridSize", "givenDigits", "userDigits", "userCellCandidates", "colours",
         "givenColours", "userColours", "userCellCandidatesColours"}


def claims(text: str) -> bool:
    return bool(PREFIX.match(text.strip()))


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
    stripped = text.strip()
    match = PREFIX.match(stripped)
    if not match:
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
