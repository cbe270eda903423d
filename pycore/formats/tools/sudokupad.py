"""SudokuPad links, read and written: `sudokupad.app/<id>`, `?puzzleid=<id>`, and their ids.

Facts from SudokuPad's puzzleloader.js, puzzletools.js and puzzlezipper.js (as
copied in marktekfan/sudokupad-penpa-import): an id starts with a format prefix:
- `classic…`: a zipped givens string. "classic2" writes one character per given
  (index in `0-9A-Za-x` = digit + 10 x blanks after it, up to 5); the older
  "classic1" writes givens as digits and runs of blanks as letters of
  `A-Za-z()[]-.~:@!$&'*,;=_` (index = run length). SudokuPad guesses between them:
  only one alphabet fits, else the one whose result is n x n (classic2 first); we also
  skip a reading whose digits do not fit its grid.
- `scl…`/`ctc…`: lz-string `compressToBase64` of the puzzle JSON, often
  key-shortened by PuzzleZipper (`ce` cells, `re` regions, `ca` cages, `l` lines,
  `a` arrows, `o` overlays, `u` underlays, unquoted keys, single quotes, `t`/`f`,
  empty array slots for `{}`).
- `fpuz…`/`fpuzzles…`: f-puzzles data (see fpuzzles.py).
- `scf…`: classic2-zipped givens of a 9x9, then optionally `*` and constraint letters.
- anything else is a short id of a puzzle kept on SudokuPad's server.

SCL is drawings: `_scl_features` recognises the kinds of constraint by the styles
SudokuPad's own converter draws them with, and carries every other drawing as an
unchecked `Other("sudokupad:…")`; `regions` that cut the grid into n regions of n cells
are a jigsaw.

A variant puzzle (jigsaw regions or constraints) is written as
`https://sudokupad.app/fpuzzles<lz-string of its f-puzzles JSON>`, which SudokuPad's own
converter draws; what the converter does not read is named as lost (`_variant_lost`).
We write `https://sudokupad.app/scl<lz-string JSON>` for a classic 9x9 with a title, author or
rules (its givens as `cells`, the boxes as `regions`, the words in `metadata`, as
SudokuPad's own f-puzzles conversion builds them), and otherwise
`https://sudokupad.app/scf<classic2 zip>` for a givens-only 9x9
(`PuzzleTools.zipClassicSudoku2`): runs of one cell and up to 5 empty cells after it,
each one character of `CLASSIC2` at index `digit + 10 * blanks`, digit 0 for an empty
first cell. An empty grid is thirteen `o` and a `K`.

SudokuPad's loader (`PuzzleLoader.decompressPuzzleId`) first tries every id's data as
lz-string base64 and keeps that reading when it is not null and at least half as long
as the data; about 2 canonical zips in 1000 decompress that way and would open as
something else. So each link is checked against that first step (`lz_reading`, the
decompression `pycore.formats._lzstring` redoes) and, when SudokuPad would take the lz-string reading, the
same givens are zipped with one run split in two (an empty cell and its blanks written
as two characters, which SudokuPad's classic reader counts the same) until it would not.

The module is longer than most because SudokuPad is several formats behind one link
(classic zips, SCF, PuzzleZipper's relaxed JSON, f-puzzles data) and its loader's first
step is checked here; each has its own section, and all of it is SudokuPad's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ...errors import FormatError, Lost, PuzzleError, quoted
from ...model import WORD_BOUNDS, Cell, Puzzle, candidates, given, plain_words
from .. import _loss, _lzstring
from . import _scl_features, fpuzzles
from ._common import (
    ColourMapping,
    Export,
    Imported,
    as_int,
    box_from_regions,
    check_depth,
    check_length,
    describe,
    is_classic,
    lz_compress,
    lz_decompress,
    parse_json,
    plural,
    require,
    split_url,
    unquote_all,
    words,
)
from .plain import cells_of

NAME = "sudokupad"
LOOKS_FOR = "a sudokupad.app link or a puzzle id starting classic, scl, ctc, fpuz or fpuzzles"
HOSTS = ("sudokupad.app", "crackingthecryptic.com", "svencodes.com")
PREFIX = re.compile(r"(fpuzzles|fpuz|scl|ctc|classic|scf)(.*)", re.S)

CLASSIC1 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"
CLASSIC2 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
SQUARES = {n * n: n for n in (4, 6, 8, 9)}

KEYS = {"ca": "cages (killer cages and others)", "cages": "cages (killer cages and others)",
        "a": "arrows", "arrows": "arrows", "l": "lines", "lines": "lines",
        "o": "overlays (dots, circles, labels)", "overlays": "overlays (dots, circles, labels)",
        "u": "underlays (shading and shapes)", "underlays": "underlays (shading and shapes)",
        "foglight": "fog of war", "fogLights": "fog of war", "triggereffect": "fog triggers"}
SKIP = {"id", "cellSize", "cs", "cells", "ce", "regions", "re", "metadata", "metaData", "settings",
        "grid"}
DRAWN = {"ca", "cages", "a", "arrows", "l", "lines", "o", "overlays", "u", "underlays"}
"""Keys whose drawings `_scl_features` reads (recognised, or carried as unknown)."""


def _puzzle_id(text: str) -> str | None:
    """The SudokuPad puzzle id a link or bare text carries, or None."""
    url = split_url(text)
    if url.host:
        if not url.host.endswith(HOSTS):
            return None
        found = url.param("puzzleid")
        if found is None:
            path = url.path.lstrip("/")
            for lead in ("sudoku/", "puzzle/"):
                if path.startswith(lead):
                    path = path[len(lead):]
            found = path
        return unquote_all(found).strip()
    stripped = text.strip()
    return stripped if PREFIX.fullmatch(stripped) else None


def claims(text: str) -> bool:
    stripped = text.strip()
    if stripped.startswith("{") and re.search(r"[{,]\s*['\"]?(ce|cells)['\"]?\s*:", stripped[:4096]):
        return True
    return _puzzle_id(text) is not None


# --- classic -----------------------------------------------------------------------------

def _classic1(data: str) -> str:
    out = []
    for ch in data:
        run = CLASSIC1.find(ch)
        out.append(ch if run < 0 else "_" * run)
    return "".join(out)


def _classic2(data: str) -> str:
    out = []
    for ch in data:
        code = CLASSIC2.index(ch)
        out.append(str(code % 10) + "0" * (code // 10))
    return "".join(out)


def _classic(data: str) -> tuple[Puzzle, list[str]]:
    check_length(NAME, data, 4096)
    readings = []
    if data and all(ch in CLASSIC2 for ch in data):
        readings.append(_classic2(data))
    if data and all(ch in "123456789" or ch in CLASSIC1 for ch in data):
        readings.append(_classic1(data))
    if not readings:
        raise FormatError(NAME, 7, "classic data: digits 1-9 and letters", found=repr(data[:12]))
    first_error: FormatError | None = None
    for givens in readings:  # SudokuPad's own order: classic2 first; the first valid grid wins
        try:
            return _classic_grid(givens), []
        except FormatError as err:
            first_error = first_error or err
    assert first_error is not None
    raise first_error


def _classic_grid(givens: str) -> Puzzle:
    """The grid an unzipped classic text holds: one character a cell, `0` or `_` empty."""
    if len(givens) not in SQUARES:
        raise FormatError(NAME, None, "classic data for 16, 36, 64 or 81 cells",
                          found=f"{len(givens)} cells")
    n, cells = cells_of(NAME, givens)
    return Puzzle("sudoku", n, tuple(cells))


def _scf(data: str) -> tuple[Puzzle, list[str]]:
    """SudokuPad's SCF: classic2 givens of a 9x9, then `*` and constraint letters
    (`w` windoku, `x` X-sudoku, `t<title>*`, `a<author>*`, `**` a literal star)."""
    check_length(NAME, data, 4096)
    zipped, star, rest = data.partition("*")
    cells = 0
    used = 0
    for ch in zipped:
        if cells >= 81 and not star:
            break
        code = CLASSIC2.find(ch)
        if code < 0:
            raise FormatError(NAME, 3 + used, "an SCF character (0-9, A-Z, a-x)", found=repr(ch))
        cells += 1 + code // 10
        used += 1
    givens = _classic2(zipped[:used])
    if len(givens) > 81:
        raise FormatError(NAME, None, "SCF givens for 81 cells", found=f"{len(givens)} cells")
    constraints = rest if star else zipped[used:]
    puzzle = _classic_grid(givens.ljust(81, "0"))
    lost = {"w": "the four extra windoku regions", "x": "the X-sudoku diagonals"}
    warnings = []
    said = {"t": "", "a": ""}
    k = 0
    while k < len(constraints):
        letter = constraints[k]
        k += 1
        if letter in lost:
            warnings.append(f"{lost.pop(letter)} cannot be kept")
        elif letter in "ta":
            start = k
            while k < len(constraints) and (constraints[k] != "*" or constraints[k:k + 2] == "**"):
                k += 2 if constraints[k:k + 2] == "**" else 1
            said[letter] = unquote_all(constraints[start:k].replace("**", "*"))
            k += 1
    texts, changed = words(said["t"], said["a"], "")
    return puzzle.with_info(*texts), warnings + changed


# --- scl / ctc: relaxed JSON -----------------------------------------------------------------

_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\",
            "'": "'", '"': '"'}


def _bare(token: str) -> object:
    if token in ("t", "true"):
        return True
    if token in ("f", "false"):
        return False
    if token == "null":
        return None
    if _NUMBER.fullmatch(token):
        return float(token) if any(ch in token for ch in ".eE") else int(token)
    return {"#0": "#000000", "#F": "#FFFFFF"}.get(token, token)


def _string(text: str, pos: int) -> tuple[str, int]:
    quote = text[pos]
    out: list[str] = []
    pos += 1
    while pos < len(text):
        ch = text[pos]
        if ch == quote:
            return "".join(out), pos + 1
        if ch == "\\" and pos + 1 < len(text):
            nxt = text[pos + 1]
            if nxt == "u" and pos + 6 <= len(text) and all(
                    c in "0123456789abcdefABCDEF" for c in text[pos + 2:pos + 6]):
                out.append(chr(int(text[pos + 2:pos + 6], 16)))
                pos += 6
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            pos += 2
            continue
        out.append(ch)
        pos += 1
    raise FormatError(NAME, pos, "a closing quote")


def relaxed_json(text: str) -> Any:
    """Parse JSON and SudokuPad's key-shortened form of it, with a loop (no recursion)."""
    check_depth(NAME, text)
    stack: list[Any] = []
    keys: list[str] = []
    state = "value"  # value | first | key | colon | comma | end
    result: Any = None
    pos = 0
    size = len(text)

    def emit(item: Any) -> str:
        nonlocal result
        if not stack:
            result = item
            return "end"
        top = stack[-1]
        if isinstance(top, list):
            top.append(item)
        else:
            top[keys[-1]] = item
        return "comma"

    while True:
        while pos < size and text[pos] in " \t\r\n":
            pos += 1
        if pos >= size:
            if state == "end":
                return result
            raise FormatError(NAME, pos, "more puzzle JSON", found="the end")
        ch = text[pos]
        if state == "end":
            raise FormatError(NAME, pos, "the end of the puzzle JSON", found=repr(ch))
        in_list = bool(stack) and isinstance(stack[-1], list)
        if state == "colon":
            if ch != ":":
                raise FormatError(NAME, pos, "':'", found=repr(ch))
            pos += 1
            state = "value"
        elif state == "comma":
            if ch == ",":
                pos += 1
                state = "value" if in_list else "key"
            elif ch in "]}" and (ch == "]") == in_list:
                pos += 1
                item = stack.pop()
                if not in_list:
                    keys.pop()
                state = emit(item)
            else:
                raise FormatError(NAME, pos, "',' or the end of a list or object", found=repr(ch))
        elif state == "key":
            if ch == "}":
                pos += 1
                stack.pop()
                keys.pop()
                state = emit({})
                continue
            if ch in "'\"":
                key, pos = _string(text, pos)
            else:
                match = re.compile(r"[A-Za-z0-9_$+\-]+").match(text, pos)
                if not match:
                    raise FormatError(NAME, pos, "a key", found=repr(ch))
                key, pos = match.group(), match.end()
            keys[-1] = key
            state = "colon"
        else:  # value or first
            if in_list and ch in ",]":
                if ch == "]" and state == "first":
                    pos += 1
                    state = emit(stack.pop())
                    continue
                state = emit({})  # PuzzleZipper drops empty objects from lists
                continue
            if ch == "{":
                pos += 1
                stack.append({})
                keys.append("")
                state = "key"
            elif ch == "[":
                pos += 1
                stack.append([])
                state = "first"
            elif ch in "'\"":
                item, pos = _string(text, pos)
                state = emit(item)
            else:
                match = re.compile(r"[^\s,:\[\]{}'\"]+").match(text, pos)
                if not match:
                    raise FormatError(NAME, pos, "a value", found=repr(ch))
                pos = match.end()
                state = emit(_bare(match.group()))


def _digit(obj: object, n: int, where: str) -> int:
    if obj in (None, "", 0, "0"):
        return 0
    return as_int(NAME, obj, where, 1, n)


def _digit_set(obj: object, n: int, where: str) -> set[int]:
    """A cell's marks: a list of digits (or one), blanks left out."""
    marks = obj if isinstance(obj, list) else [obj]
    return {_digit(m, n, where) for m in marks} - {0}


def scl_puzzle(obj: Any) -> tuple[Puzzle, list[str]]:
    """The puzzle in SudokuPad's JSON, and what it could not keep."""
    if not isinstance(obj, dict):
        raise FormatError(NAME, None, "a puzzle JSON object", found=type(obj).__name__)
    rows = obj.get("cells", obj.get("ce"))
    if not isinstance(rows, list) or not rows:
        raise FormatError(NAME, None, "cells: a list of rows")
    n = len(rows)
    if not all(isinstance(row, list) and len(row) == n for row in rows):
        raise FormatError(NAME, None, f"{n} rows of {n} cells (a square grid)")
    if n not in (4, 6, 8, 9, 12, 16, 25):
        raise FormatError(NAME, None, "a sudoku size (4, 6, 8, 9, 12, 16 or 25)", found=str(n))
    cells: list[Cell] = []
    hidden = 0
    mapping = ColourMapping()
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                cell = {"value": cell}
            where = f"r{r + 1}c{c + 1}"
            d = _digit(cell.get("value", cell.get("v")), n, where)
            corner = _digit_set(cell.get("pencilMarks", cell.get("pencilmarks", [])), n, where)
            paint = cell.get("c", cell.get("colour", cell.get("color")))
            colours = [mapping.read(p) for p in (paint if isinstance(paint, list) else [paint])
                       if p] if paint else []
            colours = [k for k in colours if k]
            if d:
                hidden += bool(corner)
                cells.append(given(d).with_colours(colours))
                continue
            marks = _digit_set(cell.get("centremarks", cell.get("centerMarks", [])), n, where)
            cells.append(candidates(marks).with_corner(corner).with_colours(colours))
    warnings = []
    box = None
    jigsaw: list[int] | None = None
    regions = obj.get("regions", obj.get("re"))
    if isinstance(regions, list) and regions:
        shaped = []
        for region in regions:
            if not isinstance(region, list):
                raise FormatError(NAME, None, "regions: lists of [row, column]")
            shaped.append([(as_int(NAME, rc[0], "a region row", 0, n - 1),
                            as_int(NAME, rc[1], "a region column", 0, n - 1))
                           for rc in region if isinstance(rc, list) and len(rc) == 2])
        box, lost = box_from_regions(NAME, n, shaped)
        jigsaw = _jigsaw(n, shaped) if lost else None
        warnings += [] if jigsaw else lost
    if hidden:
        warnings.append(f"corner pencil marks under a digit in {plural(hidden, 'cell')} "
                        "cannot be kept")
    warnings += mapping.warnings()
    meta = obj.get("metadata", obj.get("metaData"))
    meta = meta if isinstance(meta, dict) else {}
    reader = _scl_features.Reader(n, str(meta.get("rules", "")))
    reader.read(obj)
    constraints, drawn = reader.result()
    seen = set()
    for key, item in obj.items():
        if key in SKIP or key in DRAWN or not item:
            continue
        name = KEYS.get(key, f"the {quoted(key)} elements")
        if name in seen:
            continue
        seen.add(name)
        count = f" ({len(item)})" if isinstance(item, list) else ""
        warnings.append(f"{name}{count} cannot be kept")
    said = dict(reader.words)
    said.update({k: v for k, v in meta.items() if isinstance(v, str)})
    texts, changed = words(said.get("title", said.get("t")), said.get("author"), said.get("rules"))
    warnings += changed
    if said.get("solution") or meta.get("solution"):
        warnings.append("the solution cannot be kept")
    if said.get("bgimage"):
        warnings.append(f"a background image ({quoted(said['bgimage'])}) may hold parts of the "
                        "puzzle: it cannot be kept")
    warnings += drawn
    puzzle = Puzzle("sudoku", n, tuple(cells), box if jigsaw is None else None).with_info(*texts)
    if jigsaw is not None or constraints:
        puzzle = puzzle.with_variants(jigsaw, constraints)
    return puzzle, warnings


def _jigsaw(n: int, regions: list[list[tuple[int, int]]]) -> list[int] | None:
    """Each cell's region number when the regions cut the grid into n regions of n cells."""
    numbers = [-1] * (n * n)
    if len(regions) != n:
        return None
    for k, region in enumerate(regions):
        if len(set(region)) != n:
            return None
        for r, c in region:
            if numbers[r * n + c] >= 0:
                return None
            numbers[r * n + c] = k
    return numbers if -1 not in numbers else None


def _remote(puzzle_id: str) -> FormatError:
    shown = puzzle_id[:60]
    return FormatError(
        NAME, None,
        f"the puzzle itself, not the short id of one kept on SudokuPad's server: sudokupad.app/{shown} "
        "names a stored puzzle, and pycore reads only what the text holds (it fetches nothing). "
        f"Open https://sudokupad.app/api/puzzle/{shown} and paste the text it shows here, or "
        "open the puzzle in SudokuPad and copy a link whose id starts with scl, ctc, fpuzzles "
        "or classic")


def _json_text(data: str) -> str:
    data = data.strip()
    return data if data.startswith("{") else lz_decompress(NAME, data)


def decode(text: str) -> Imported:
    check_length(NAME, text)
    stripped = text.strip()
    if stripped.startswith("{"):
        puzzle, warnings = scl_puzzle(_parse(stripped))
        return Imported("sudokupad scl", puzzle, tuple(warnings))
    puzzle_id = _puzzle_id(text)
    if not puzzle_id:
        raise FormatError(NAME, None, LOOKS_FOR, found=repr(stripped[:30]))
    match = PREFIX.fullmatch(puzzle_id)
    if not match:
        raise _remote(puzzle_id)
    prefix, data = match.groups()
    if prefix == "classic":
        puzzle, warnings = _classic(data)
        return Imported("sudokupad classic", puzzle, tuple(warnings))
    if prefix in ("scl", "ctc"):
        puzzle, warnings = scl_puzzle(_parse(_json_text(data)))
        return Imported(f"sudokupad {prefix}", puzzle, tuple(warnings))
    if prefix in ("fpuz", "fpuzzles"):
        puzzle, warnings = fpuzzles.puzzle_from(parse_json(NAME, _json_text(data)), NAME)
        return Imported("sudokupad f-puzzles", puzzle, tuple(warnings))
    puzzle, warnings = _scf(data)
    return Imported("sudokupad scf", puzzle, tuple(warnings))


def _parse(text: str) -> Any:
    try:
        return parse_json(NAME, text)
    except FormatError:
        return relaxed_json(text)


# --- the link we write -----------------------------------------------------------------------

MAX_BLANKS = 5
BASE = "https://sudokupad.app/scf"


def classic(digits: list[int]) -> str:
    """Zip a row-major list of digits (0 = empty) the way SudokuPad's classic codec does."""
    out = []
    i = 0
    while i < len(digits):
        first = digits[i]
        i += 1
        blanks = 0
        while blanks < MAX_BLANKS and i < len(digits) and digits[i] == 0:
            blanks += 1
            i += 1
        out.append(CLASSIC2[first + 10 * blanks])
    return "".join(out)


def _lost(puzzle: Puzzle) -> list[Lost]:
    """Values, centre marks, corner marks and colours: the link holds givens and the
    setter's words only. A variant puzzle goes through f-puzzles' JSON (`_variant_lost`)."""
    if puzzle.is_variant:
        return _variant_lost(puzzle)
    require(NAME, puzzle, is_classic(puzzle),
            "a 9x9 sudoku with 3x3 boxes (its classic link's only shape)")
    return _loss.kinds_lost(puzzle, "value", "candidates") + _loss.marks_lost(puzzle)


FPD_READS = frozenset({
    "size", "grid", "title", "author", "ruleset", "solution", "disabledlogic",
    "truecandidatesoptions", "antiknight", "antiking", "littlekillersum", "arrow", "killercage",
    "cage", "diagonal+", "diagonal-", "ratio", "difference", "xv", "thermometer", "palindrome",
    "sandwichsum", "even", "odd", "extraregion", "clone", "quadruple", "betweenline", "lockout",
    "minimum", "maximum", "line", "rectangle", "circle", "text"})
"""The f-puzzles keys SudokuPad's converter reads (fpuzzlesdecoder.js `parse.*`); it skips
any other key (non-consecutive, disjoint groups, negative rules, renban, whispers, ...)."""


def _variant_lost(puzzle: Puzzle) -> list[Lost]:
    """What `https://sudokupad.app/fpuzzles<lz>` drops: the player's digits, centre marks
    under them and colours (the converter keeps givens, centre and corner marks, and reads
    no highlight); the regions and constraints f-puzzles' JSON does not bring back; and
    those whose f-puzzles key SudokuPad's converter does not read (FPD_READS). Both are
    found by reading the JSON back, so the answer follows what the f-puzzles writer holds."""
    lost = [part for part in fpuzzles.FPUZZLES.lost(puzzle) if part.what != "extra-colours"]
    lost += _loss.kinds_lost(puzzle, "value")
    under = sum(1 for c in puzzle.cells if c.kind == "value" and c.candidates)
    if under:
        lost.append(Lost("marks-under", under))
    coloured = sum(1 for c in puzzle.cells if c.colours)
    if coloured:
        lost.append(Lost("colours", coloured))
    obj = _fpuzzles_json(puzzle)
    held = _read_back(obj)
    drawn = _read_back({key: item for key, item in obj.items() if key in FPD_READS})
    if puzzle.regions is not None and drawn.regions != puzzle.regions:
        lost.append(Lost("regions"))
    not_held = [c for c in puzzle.constraints if c not in set(held.constraints)]
    not_drawn = [c for c in puzzle.constraints if c not in set(drawn.constraints) and c not in not_held]
    for dropped, why in ((not_held, "f-puzzles' data holds none of them"),
                         (not_drawn, "SudokuPad's converter does not read them")):
        if dropped:
            kinds = ", ".join(sorted({c.kind for c in dropped}))
            lost.append(Lost("constraints", len(dropped), f"{kinds}: {why}"))
    return lost


def _fpuzzles_json(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's f-puzzles JSON, or a FormatError when f-puzzles' writer cannot hold it."""
    try:
        return fpuzzles.fpuzzles_json(puzzle)
    except (AssertionError, PuzzleError, ValueError, KeyError, TypeError):
        raise FormatError(NAME, None, "a puzzle f-puzzles' JSON can hold (SudokuPad reads "
                          "variants through it)", found=describe(puzzle)) from None


def _read_back(obj: dict[str, Any]) -> Puzzle:
    """The puzzle f-puzzles' reader makes of (part of) a JSON object we wrote."""
    return fpuzzles.puzzle_from(json.loads(json.dumps(obj)), NAME)[0]


def lz_reading(data: str) -> str | None:
    """What lz-string's `decompressFromBase64` makes of `data` (None where it returns null),
    as SudokuPad runs it first on every id; `_lzstring.TooLong` when that is longer than
    MAX_LZ_READING characters (a reading SudokuPad would take)."""
    return _lzstring.decompress_from_base64(data, max_input=MAX_LZ_READING, max_output=MAX_LZ_READING)


MAX_LZ_READING = 4096


def misread(data: str) -> bool:
    """True when SudokuPad would open `data` as its lz-string reading, not as the zip."""
    try:
        reading = lz_reading(data)
    except _lzstring.TooLong:
        return True
    return reading is not None and len(reading) >= 0.5 * len(data)


def _splits(zipped: str) -> Iterator[str]:
    """The same givens zipped with one run split in two: (digit, blanks) as (digit, k) and
    (empty, blanks - k - 1), for each run with blanks and each k."""
    for at, ch in enumerate(zipped):
        code = CLASSIC2.index(ch)
        digit, blanks = code % 10, code // 10
        for k in range(blanks):
            yield zipped[:at] + CLASSIC2[digit + 10 * k] + CLASSIC2[10 * (blanks - k - 1)] + zipped[at + 1:]


def unmistakable(digits: list[int]) -> str:
    """The classic zip of `digits` that SudokuPad's loader reads as a zip, not as lz-string."""
    zipped = classic(digits)
    if not misread(zipped):
        return zipped
    for other in _splits(zipped):
        if not misread(other):
            return other
    raise FormatError(NAME, None, "givens whose SudokuPad link its loader reads as they are")


SCL_BASE = "https://sudokupad.app/scl"


def metadata(puzzle: Puzzle) -> dict[str, str]:
    """The puzzle's words as SudokuPad's puzzle JSON holds them (`metadata` with `title`,
    `author` and `rules`, where SudokuPad's own f-puzzles conversion puts them), each as
    `plain_words` cleans it, the empty ones left out."""
    texts = (puzzle.title, puzzle.author, puzzle.rules)
    return {name: plain_words(name, text)
            for (name, _), text in zip(WORD_BOUNDS, texts, strict=True)
            if plain_words(name, text)}


def scl_json(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle JSON of a classic 9x9's givens and words, shaped as SudokuPad builds it
    from an f-puzzles grid: `cellSize`, rows of `cells` (`{"value": d}` or `{}`), the
    nine boxes as `regions` of [row, column], and `metadata`."""
    rows = [[{"value": cell.digit} if cell.kind == "given" else {} for cell in row]
            for row in puzzle.rows_of_cells()]
    regions = [[[r, c] for r in range(top, top + 3) for c in range(left, left + 3)]
               for top in range(0, 9, 3) for left in range(0, 9, 3)]
    return {"cellSize": 50, "cells": rows, "regions": regions, "metadata": metadata(puzzle)}


FPUZZLES_BASE = "https://sudokupad.app/fpuzzles"


def _write(puzzle: Puzzle) -> str:
    """The short SCF zip while the puzzle has no words (SCF holds no rules); else the
    lz-string JSON, which SudokuPad's loader takes as its first reading. A variant puzzle:
    its f-puzzles JSON, which SudokuPad's own converter draws (and checks what it can)."""
    if puzzle.is_variant:
        text = json.dumps(_fpuzzles_json(puzzle), separators=(",", ":"))
        return FPUZZLES_BASE + lz_compress(text)
    if not metadata(puzzle):
        return BASE + unmistakable([c.digit if c.kind == "given" else 0 for c in puzzle.cells])
    # ASCII-only JSON: other characters become \u escapes, so the text always decompresses
    # to well over half its length, the share SudokuPad's loader asks before it reads it.
    data = lz_compress(json.dumps(scl_json(puzzle), separators=(",", ":")))
    if not misread(data):  # pragma: no cover - ASCII JSON always reads longer
        raise FormatError(NAME, None, "words whose SudokuPad link its loader decompresses")
    return SCL_BASE + data


SUDOKUPAD = Export(NAME, "SudokuPad", True, _lost, _write, keeps_notes=True)


def export(puzzle: Puzzle, lossy: bool = False) -> str:
    """The SudokuPad link of a 9x9's givens and the setter's words; LossError for values,
    marks or colours unless lossy."""
    return SUDOKUPAD.export(puzzle, lossy)
