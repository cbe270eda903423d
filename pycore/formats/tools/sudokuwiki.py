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

The variant types keep their rules (puzzle-coding's EncodingFormats.md and
ShiftTransform.md, Apache-2.0): X adds both diagonals, W the four windoku windows
(r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8). J, L and M pack several numbers in one
field by the shift transform (each range moved to start at 0, given just the bits its
largest value needs, the first number in the highest bits): J a jigsaw region 1..n,
then the cell; L a cage colour 1..5, the cage's sum (0..n(n+1)/2, written in the cage's
first cell, 0 elsewhere), then the cell; M the region, then as L. A cage is a
group of orthogonally touching cells of one colour (five colours are enough, as on a
map). The killer page's older `killersudoku.htm?bd=<81 colour digits>,<81 two-digit
sums>` holds cages the same way, a sum in any one cell of its cage.

sudokuwiki.org serves its variants from pages of their own (Sudoku X, jigsaw, killer,
...), all with the same `?bd=` string, and adds parameters such as a jigsaw's
`shape=`/`jigmap=` (their form is not documented). A link's page and parameters are
read too: a variant page whose rules the string does not hold, an unknown page or an
unknown parameter is named in a warning (the grid is read as the puzzle it holds).
sudokuwiki is read, not written.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from ...errors import FormatError, quoted
from ...model import DEFAULT_BOX, EMPTY, STR8TS_SIZES, Cell, Puzzle, candidates, given, unpack, value
from ...variants import Cage, Constraint, ExtraRegion, Rule
from .._fields import decode_fields, width_for
from .._transform import offset_cell, offset_max, str8ts_cell, str8ts_max
from . import plain
from ._common import Imported, check_length, split_url, unquote_all

NAME = "sudokuwiki"
HOSTS = ("sudokuwiki.org", "str8ts.com")
LOOKS_FOR = "a sudokuwiki.org or str8ts.com ?bd= link, or a header string like S9B… or T9B…"

HEADER = re.compile(r"([A-Za-z])([0-9A-Za-z])([A-Za-z])[0-9A-Za-z]+")
SUDOKU_TYPES = {"S": "", "X": "", "W": ""}
VARIANT_TYPES = {"J": "jigsaw sudoku", "L": "killer sudoku", "M": "killer jigsaw"}
"""Types whose fields pack regions or cages with the cell (the shift transform)."""
HELD = {"X": ("sudokux", "x_sudoku"), "W": ("windoku",), "J": ("jigsaw", "shape", "jigmap"),
        "L": ("killer",), "M": ("killer", "jigsaw", "shape", "jigmap")}
"""The page words and parameters whose rules a type's string itself holds."""
WINDOWS = ((1, 1), (1, 5), (5, 1), (5, 5))
"""The top-left corners (row, column, from 0) of windoku's four extra 3x3 regions."""
CAGE_COLOURS = 5
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
REFUSED = {"K": "KenKen (cages with operations)", "D": "KenDoku (cages with operations)"}


def is_header_string(text: str) -> bool:
    """True for a bare `S9B…`-style string (letters and digits after a type-size-version header)."""
    text = text.strip()
    if not HEADER.fullmatch(text):
        return False
    kind = text[0].upper()
    return kind in SUDOKU_TYPES or kind in STR8TS_TYPES or kind in REFUSED or kind in VARIANT_TYPES


def _payload(text: str) -> tuple[str, str, str, str]:
    """(payload, host, the link's path and query) from a link with bd=, or the bare text."""
    url = split_url(text)
    if url.host:
        bd = url.param("bd")
        if bd is None:
            raise FormatError(NAME, None, "a link with ?bd=<puzzle>", found=url.host)
        return unquote_all(bd).strip(), url.host, url.path, url.query
    return text.strip(), "", "", ""


def page_name(path: str) -> str:
    """The page a link's path names, lower case, without its extension: `sudokux`."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[0].lower() if "." in last else last.lower()


def variant_of(path: str, query: str, held: tuple[str, ...] = ()) -> list[str]:
    """What a sudokuwiki.org or str8ts.com link's page and parameters say that the grid
    does not (`held`: the page words and parameters whose rules the string itself holds):
    each named, so that nothing is dropped quietly."""
    lost: dict[str, list[str]] = {}  # what cannot be kept -> where the link says it
    page = page_name(path)
    if page not in CLASSIC_PAGES:
        said = [word for word in VARIANT_PAGES if word in page]
        named = [VARIANT_PAGES[word] for word in said if word not in held] if said else \
            [f"the rules of the page {quoted(page)} (a page pycore does not know)"]
        for what in named:
            lost.setdefault(what, []).append(f"the page {quoted(page)}")
    for key in dict.fromkeys(key.lower() for key, _ in parse_qsl(query, keep_blank_values=True)):
        if key in held:
            continue
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


def _components(ids: list[int], n: int) -> list[list[int]]:
    """Groups of orthogonally touching cells with one id, each in row-major order, the
    groups in the order of their first cells."""
    seen = [False] * (n * n)
    groups = []
    for start in range(n * n):
        if seen[start]:
            continue
        seen[start] = True
        group, todo = [start], [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, n)
            for j, ok in ((i - n, r > 0), (i + n, r < n - 1), (i - 1, c > 0), (i + 1, c < n - 1)):
                if ok and not seen[j] and ids[j] == ids[i]:
                    seen[j] = True
                    group.append(j)
                    todo.append(j)
        groups.append(sorted(group))
    return groups


def _cages(ids: list[int], sums: list[int], n: int, fields: tuple[int, int, int, int],
           first_only: bool) -> list[Constraint]:
    """Killer cages from each cell's cage colour and sum field (0 = none): a cage's sum in
    its first cell (`first_only`, the header strings) or in any one of its cells (the
    killer page's bd=). `fields`: where the colours start and how wide each is, then the
    same of the sums, for the error's position."""
    colour_at, colour_width, at, width = fields
    cages: list[Constraint] = []
    for group in _components(ids, n):
        if len(group) > n:
            raise FormatError(NAME, colour_at + group[0] * colour_width, f"a cage of at most {n} cells",
                              found=f"{len(group)} touching cells of one colour")
        shown = [i for i in group if sums[i]]
        stray = [i for i in shown if i != group[0]] if first_only else shown[1:]
        if stray:
            raise FormatError(NAME, at + stray[0] * width, "a cage sum only in its cage's "
                              + ("first cell" if first_only else "one cell"),
                              found=str(sums[stray[0]]))
        cages.append(Cage(group, sums[shown[0]] if shown else None))
    return cages


def _windoku(n: int) -> list[Constraint]:
    return [ExtraRegion(r * n + c for r in range(top, top + 3) for c in range(left, left + 3))
            for top, left in WINDOWS]


def _shifted(payload: str, kind: str, n: int) -> Puzzle:
    """A J, L or M string: fields of (region, ) (cage colour, sum, ) cell, shifted together."""
    parts = []  # (lowest, highest) of each number in the field, highest bits first
    if kind in "JM":
        parts.append((1, n))
    if kind in "LM":
        parts += [(1, CAGE_COLOURS), (0, n * (n + 1) // 2)]
    parts.append((0, offset_max(n)))
    bits = [(high - low).bit_length() for low, high in parts]
    maximum = 0
    for (low, high), b in zip(parts, bits, strict=True):
        maximum = (maximum << b) + high - low
    width = width_for(maximum, 36)
    body = payload[3:]
    if len(body) != n * n * width:
        raise FormatError(NAME, len(payload), f"{n * n} fields of {width} characters "
                          f"({n * n * width}) after the header", found=f"{len(body)}")
    values = decode_fields(NAME, body, width, maximum, 36, start=3)
    columns: list[list[int]] = [[] for _ in parts]
    for k, v in enumerate(values):
        for p in range(len(parts) - 1, -1, -1):
            low, high = parts[p]
            number = (v & ((1 << bits[p]) - 1)) + low
            if number > high:
                raise FormatError(NAME, 3 + k * width, f"a field whose parts lie in "
                                  f"{', '.join(f'{a}..{b}' for a, b in parts)}", found=str(v))
            columns[p].append(number)
            v >>= bits[p]
    puzzle = Puzzle("sudoku", n, tuple(offset_cell(v, n) for v in columns[-1]))
    regions = columns[0] if kind in "JM" else None
    cages: list[Constraint] = []
    if kind in "LM":
        cages = _cages(columns[-3], columns[-2], n, (3, width, 3, width), True)
    return puzzle.with_variants(regions, cages)


def _killer_page(payload: str) -> Puzzle:
    """The killer page's `<81 colour digits>,<162 digits>`: two digits of sum a cell."""
    colours, _, sums = payload.partition(",")
    if len(colours) != 81 or not colours.isdigit() or not colours.isascii():
        raise FormatError(NAME, min(len(colours), 81), "81 cage colour digits before the comma",
                          found=f"{len(colours)} characters")
    if len(sums) != 162 or not sums.isdigit() or not sums.isascii():
        raise FormatError(NAME, 82 + min(len(sums), 162), "162 digits of cage sums after the "
                          "comma (two a cell, 00 where none is shown)", found=f"{len(sums)} characters")
    totals = [int(sums[2 * k:2 * k + 2]) for k in range(81)]
    cages = _cages([int(ch) for ch in colours], totals, 9, (0, 1, 82, 2), False)
    return Puzzle.blank().with_variants(None, cages)


def decode(text: str) -> Imported:
    check_length(NAME, text)
    payload, host, path, query = _payload(text)
    if "," in payload and all(part.isalnum() for part in payload.split(",")):
        held = HELD["L"]
        return Imported(NAME, _killer_page(payload), tuple(variant_of(path, query, held)))
    variant = variant_of(path, query)
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
    if kind not in SUDOKU_TYPES and kind not in STR8TS_TYPES and kind not in VARIANT_TYPES:
        raise FormatError(NAME, 0, "a type letter S, X, W, J, L, M, T, B, U or V",
                          found=repr(payload[0]))
    if version != "B":
        raise FormatError(NAME, 2, "version B", found=repr(payload[2]))
    n = int(size_code, 36)
    variant = variant_of(path, query, HELD.get(kind, ()))
    if kind not in STR8TS_TYPES and (n not in DEFAULT_BOX or (kind == "W" and n != 9)):
        raise FormatError(NAME, 1, "a sudoku size code (4, 6, 8, 9, c, g, p)" if kind != "W"
                          else "windoku's size code 9", found=repr(payload[1]))
    if kind in VARIANT_TYPES:
        return Imported(NAME, _shifted(payload, kind, n), tuple(variant))
    if kind in SUDOKU_TYPES:
        name, puzzle, warnings = _sudoku(payload, n)
        if kind == "X":
            puzzle = puzzle.with_variants(None, [Rule("diagonal+"), Rule("diagonal-")])
        elif kind == "W":
            puzzle = puzzle.with_variants(None, _windoku(n))
    else:
        name, puzzle, warnings = _str8ts(payload, n, host)
        lost = STR8TS_TYPES[kind]
        if lost:
            warnings.append(f"{lost} is not kept: read as a plain {puzzle.kind}")
    return Imported(name, puzzle, tuple(warnings + variant))
