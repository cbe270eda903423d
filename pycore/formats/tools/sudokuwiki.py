"""sudokuwiki.org and str8ts.com strings: `sudoku.htm?bd=`, the `S9B…` and `T9B…` families.

Facts from BlueAnt1/puzzle-coding (EncodingFormats.md, SudokuWikiCompatibilityTests):
a 3-character header (type letter; size in base 36; version `B`), then one fixed-width
**base-36** field per cell: the offset transform for sudoku types (S, X sudoku-x,
W windoku) and the Str8ts transform for str8ts types (T, and the variants B, U, V).
str8ts.com went live writing candidates one higher (full candidates 540 for 9x9).
The same header once came with base-32 fields (the seed's offset grid); a string valid
in both radices is read in the one the evidence favours, and the answer says which.
`bd=` also takes a plain 81-digit grid, and the site's older "with candidates" form:
162 base-32 characters, two per cell holding (candidate bits << 1) | is-a-clue; one bit
is a placed digit (a given when the clue bit is set), and a grid whose every open cell
shows all nine digits is one nobody has marked yet.

sudokuwiki.org serves its variants from pages of their own (Sudoku X, jigsaw, killer,
...), all with the same `?bd=` string, and adds parameters such as a jigsaw's
`shape=`/`jigmap=`. A link's page and parameters are read too: a variant page, an
unknown page or an unknown parameter is named in a warning (the grid is read as the
plain puzzle it holds), and a killer's `bd=<colours>,<sums>` is refused by name.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from ...errors import FormatError, quoted
from ...model import DEFAULT_BOX, EMPTY, STR8TS_SIZES, Cell, Puzzle, candidates, given, unpack, value
from .._fields import decode_fields, width_for
from .._transform import offset_cell, offset_max, str8ts_cell, str8ts_max
from . import plain
from ._common import Imported, check_length, split_url, unquote_all

NAME = "sudokuwiki"
HOSTS = ("sudokuwiki.org", "str8ts.com")
LOOKS_FOR = "a sudokuwiki.org or str8ts.com ?bd= link, or a header string like S9B… or T9B…"

HEADER = re.compile(r"([A-Za-z])([0-9A-Za-z])([A-Za-z])[0-9A-Za-z]+")
SUDOKU_TYPES = {"S": "", "X": "the diagonal rule of Sudoku X (type letter X)",
                "W": "the four extra windoku regions (type letter W)"}
STR8TS_TYPES = {"T": "", "B": "the Str8ts B variant rules (type letter B)",
                "U": "the Str8ts variant rules (type letter U)",
                "V": "the Str8ts variant rules (type letter V)"}
CLASSIC_PAGES = frozenset({"", "sudoku", "sudoku_solver", "str8ts", "str8ts_solver", "default",
                           "index", "print_daily_sudoku", "daily_sudoku"})
"""Pages whose `bd=` is the plain puzzle (the extension and case aside)."""
VARIANT_PAGES = {
    "sudokux": "the diagonal rule of Sudoku X",
    "x_sudoku": "the diagonal rule of Sudoku X",
    "jigsaw": "the jigsaw regions",
    "killer": "the killer cages",
    "windoku": "the four extra windoku regions",
    "kendoku": "the KenDoku cages and their operations",
    "kenken": "the KenDoku cages and their operations",
    "greater": "the greater-than signs",
    "futoshiki": "the greater-than signs",
    "nonconsecutive": "the non-consecutive rule",
    "consecutive": "the consecutive bars",
    "anti_knight": "the anti-knight rule",
    "antiknight": "the anti-knight rule",
    "odd_even": "the odd and even cells",
    "sandwich": "the sandwich sums",
    "thermo": "the thermometers",
    "samurai": "the other four grids of the samurai",
}
"""Words in a page name that mark a variant, and what our model cannot hold of it."""
VARIANT_PARAMS = {"shape": "the jigsaw regions", "jigmap": "the jigsaw regions"}
QUIET_PARAMS = frozenset({"bd", "utm_source", "utm_medium", "utm_campaign", "fbclid", "gclid"})
REFUSED = {"J": "jigsaw sudoku (irregular regions)", "K": "KenKen (cages)", "D": "KenDoku (cages)",
           "L": "killer sudoku (cages)", "M": "killer jigsaw (cages and irregular regions)"}


def is_header_string(text: str) -> bool:
    """True for a bare `S9B…`-style string (letters and digits after a type-size-version header)."""
    text = text.strip()
    if not HEADER.fullmatch(text):
        return False
    kind = text[0].upper()
    return kind in SUDOKU_TYPES or kind in STR8TS_TYPES or kind in REFUSED


def _payload(text: str) -> tuple[str, str, list[str]]:
    """(payload, host, what the link's page and parameters hold that is not read) from a
    link with bd=, or the bare text."""
    url = split_url(text)
    if url.host:
        bd = url.param("bd")
        if bd is None:
            raise FormatError(NAME, None, "a link with ?bd=<puzzle>", found=url.host)
        return unquote_all(bd).strip(), url.host, variant_of(url.path, url.query)
    return text.strip(), "", []


def page_name(path: str) -> str:
    """The page a link's path names, lower case, without its extension: `sudokux`."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[0].lower() if "." in last else last.lower()


def variant_of(path: str, query: str) -> list[str]:
    """What a sudokuwiki.org or str8ts.com link's page and parameters say that the plain
    grid does not: each named, so that nothing is dropped quietly."""
    lost: dict[str, list[str]] = {}  # what cannot be kept -> where the link says it
    page = page_name(path)
    if page not in CLASSIC_PAGES:
        named = [what for word, what in VARIANT_PAGES.items() if word in page]
        for what in named or [f"the rules of the page {quoted(page)} (a page pycore does not know)"]:
            lost.setdefault(what, []).append(f"the page {quoted(page)}")
    for key in dict.fromkeys(key.lower() for key, _ in parse_qsl(query, keep_blank_values=True)):
        if key in VARIANT_PARAMS:
            lost.setdefault(VARIANT_PARAMS[key], []).append(f"{key}=")
        elif key not in QUIET_PARAMS:
            lost.setdefault(f"what the parameter {quoted(key)} says (pycore does not read it)", [])
    return [what + (f" ({', '.join(dict.fromkeys(where))})" if where and "page pycore" not in what else "")
            + " cannot be kept: read as the plain grid" for what, where in lost.items()]


def claims(text: str) -> bool:
    url = split_url(text)
    if url.host:
        return url.host.endswith(HOSTS) or url.param("bd") is not None
    return is_header_string(text)


def _score(puzzle: Puzzle) -> tuple[int, int]:
    """Implausibility: repeated placed digits, then partial candidate sets holding a peer's digit.

    Full candidate sets are left out: sudokuwiki writes them before any elimination.
    """
    cells = puzzle.cells
    peers = puzzle.geometry.peers
    full = frozenset(range(1, puzzle.size + 1))
    clash = 0
    for i, cell in enumerate(cells):
        if cell.kind == "candidates" and cell.candidates != full:
            clash += sum(1 for j in peers[i] if cells[j].digit in cell.candidates)
    return len(puzzle.conflicts()), clash


def _sudoku(payload: str, n: int) -> tuple[str, Puzzle, list[str]]:
    body = payload[3:]
    maximum = offset_max(n)
    readings: dict[int, Puzzle] = {}
    errors: dict[int, FormatError] = {}
    for radix in (36, 32):
        width = width_for(maximum, radix)
        try:
            if len(body) != n * n * width:
                raise FormatError(NAME, len(payload), f"{n * n} fields of {width} characters "
                                  f"({n * n * width}) after the header", found=f"{len(body)}")
            values = decode_fields(NAME, body, width, maximum, radix, start=3)
        except FormatError as err:
            errors[radix] = err
            continue
        readings[radix] = Puzzle("sudoku", n, tuple(offset_cell(v, n) for v in values))
    if not readings:
        raise FormatError(NAME, None, f"base-36 fields ({errors[36]}) or the seed's base-32 "
                          f"fields ({errors[32]})")
    if 32 not in readings:
        return NAME, readings[36], []
    if 36 not in readings:
        why = errors[36].expected + (f", found {errors[36].found}" if errors[36].found else "")
        return "offset", readings[32], [
            f"read as base 32 (the seed's offset grid), not base 36 (sudokuwiki.org): as base 36 "
            f"it is invalid at character {errors[36].pos}: {why}"]
    if readings[32] == readings[36]:
        return NAME, readings[36], []
    s36, s32 = _score(readings[36]), _score(readings[32])
    radix = 32 if s32 < s36 else 36
    evidence = (f"base 36 gives {s36[0]} repeated digits and {s36[1]} candidates that a peer "
                f"already holds, base 32 gives {s32[0]} and {s32[1]}")
    note = "" if s32 != s36 else "; equal evidence, so sudokuwiki.org's radix of today"
    name = NAME if radix == 36 else "offset"
    return name, readings[radix], [
        f"valid both as base 36 (sudokuwiki.org) and as base 32 (the seed's offset grid): "
        f"read as base {radix} ({evidence}{note})"]


def _str8ts(payload: str, n: int, host: str) -> tuple[str, Puzzle, list[str]]:
    if n not in STR8TS_SIZES:
        raise FormatError(NAME, 1, f"a str8ts size in {STR8TS_SIZES}", found=str(n))
    spec_max = str8ts_max(n)
    width = width_for(spec_max + 1, 36)
    body = payload[3:]
    if len(body) != n * n * width:
        raise FormatError(NAME, len(payload), f"{n * n} fields of {width} characters after the "
                          "header", found=f"{len(body)}")
    values = decode_fields(NAME, body, width, spec_max + 1, 36, start=3)
    shifted = host.endswith("str8ts.com") or spec_max + 1 in values
    warnings = []
    if shifted:
        for k, v in enumerate(values):
            if v == 3 * n + 2:
                raise FormatError(NAME, 3 + k * width, "a str8ts.com field other than "
                                  f"{3 * n + 2} (no candidates)", found=str(v))
        values = [v - 1 if v > 3 * n + 2 else v for v in values]
        why = "it is a str8ts.com link" if host.endswith("str8ts.com") else \
            f"a field holds {spec_max + 1}, over the spec's maximum"
        warnings.append(f"read as str8ts.com's strings, whose candidates are one higher than "
                        f"the spec's ({why})")
        return "str8ts.com", Puzzle("str8ts", n, tuple(str8ts_cell(v, n) for v in values)), warnings
    cells: tuple[Cell, ...] = tuple(str8ts_cell(v, n) for v in values)
    return NAME, Puzzle("str8ts", n, cells), warnings


PAIR_DIGITS = "0123456789abcdefghijklmnopqrstuv"


def _packed(payload: str) -> Puzzle:
    """A 9x9 from the 162-character "with candidates" form (see the module's docstring)."""
    cells: list[Cell] = []
    for k in range(81):
        field = int(payload[2 * k:2 * k + 2], 32)  # at most 1023: nine candidate bits and the clue bit
        marks = unpack(field >> 1)
        if len(marks) == 1:
            (digit,) = marks
            cells.append(given(digit) if field & 1 else value(digit))
        else:
            cells.append(candidates(marks))
    full = frozenset(range(1, 10))
    if all(cell.digit or cell.candidates == full for cell in cells):
        cells = [cell if cell.digit else EMPTY for cell in cells]
    return Puzzle("sudoku", 9, tuple(cells))


def decode(text: str) -> Imported:
    check_length(NAME, text)
    payload, host, variant = _payload(text)
    if "," in payload and all(part.isalnum() for part in payload.split(",")):
        raise FormatError(NAME, payload.index(","), "a grid of digits; <colours>,<sums> is a "
                          "killer sudoku (cages), which this model cannot hold", found="','")
    if len(payload) == 162 and all(ch in PAIR_DIGITS for ch in payload.lower()):
        return Imported(NAME, _packed(payload.lower()), tuple(variant))
    if payload and all(ch.isdigit() or ch == "." for ch in payload):
        n, cells = plain.cells_of(NAME, payload)
        return Imported(NAME, Puzzle("sudoku", n, tuple(cells)), tuple(variant))
    if not HEADER.fullmatch(payload):
        raise FormatError(NAME, 0, "81 digits or a header like S9B followed by base-36 fields",
                          found=repr(payload[:12]))
    kind, size_code, version = payload[0].upper(), payload[1].lower(), payload[2].upper()
    if kind in REFUSED:
        raise FormatError(NAME, 0, f"a sudoku or str8ts type letter; {REFUSED[kind]} cannot be "
                          f"held by this model", found=repr(payload[0]))
    if kind not in SUDOKU_TYPES and kind not in STR8TS_TYPES:
        raise FormatError(NAME, 0, "a type letter S, X, W, T, B, U or V", found=repr(payload[0]))
    if version != "B":
        raise FormatError(NAME, 2, "version B", found=repr(payload[2]))
    n = int(size_code, 36)
    if kind in SUDOKU_TYPES:
        if n not in DEFAULT_BOX:
            raise FormatError(NAME, 1, "a sudoku size code (4, 6, 8, 9, c, g, p)",
                              found=repr(payload[1]))
        name, puzzle, warnings = _sudoku(payload, n)
        lost = SUDOKU_TYPES[kind]
    else:
        name, puzzle, warnings = _str8ts(payload, n, host)
        lost = STR8TS_TYPES[kind]
    if lost:
        warnings.append(f"{lost} is not kept: read as a plain {puzzle.kind}")
    return Imported(name, puzzle, tuple(warnings + variant))
