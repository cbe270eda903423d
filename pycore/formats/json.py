"""The JSON interchange form: the documented, user-facing shape of a puzzle.

`{"kind": "sudoku", "size": 9, "box": [3, 3], "cells": [[...row...], ...]}`; a
cell is null, {"given": d}, {"value": d}, {"candidates": [d, ...]},
{"black": true}, {"black": true, "given": d} or {"outside": true}; any cell but an
outside one may add "colours": [1-9, ...], and an empty or candidates cell
"corner": [d, ...] (its corner marks; "candidates" are the centre marks), so an
empty cell with corner marks only is {"corner": [d, ...]}. A value keeps the marks under
it the same way: {"value": d, "candidates": [...], "corner": [...]}. A multi-box puzzle adds
"layout": {"width": W, "height": H, "disabled": [box indices]}; the setter's words
add "title", "author" and "rules" (strings, bounded as the model bounds them).

A variant sudoku adds "regions" (a jigsaw: rows of each cell's region number, no "box")
and "constraints": one object under f-puzzles' names, cells spelt "r1c1" (clues outside
the grid "r0c4"), so that a converter maps key by key (`pycore.formats._constraints`):
{"killercage": [{"cells": ["r1c1", "r1c2"], "value": "15"}], "thermometer": [{"lines":
[["r2c2", "r2c3"]]}], "diagonal+": true, "negative": ["ratio"], ...}. A key we cannot read
is carried under its own name as it came; an element another tool drew that we cannot read
is in "other": [{"key": "lockout[]", "data": {...}, "cells": ["r1c1", ...]}].
"""

from __future__ import annotations

import json as _json
from typing import TYPE_CHECKING

from ..errors import FormatError, PuzzleError
from ..model import (
    BLACK,
    EMPTY,
    OUTSIDE,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    value,
)
from . import MAX_TEXT, LinkForm, TextPattern, _constraints, trim

if TYPE_CHECKING:
    from typing import Any

NAME = "json"
# Read from a pasted text or a fragment, never written in a link.
LINK = LinkForm(TextPattern(r"(?s)\{.*", lambda text: text.startswith("{")), tried=0, in_links=False)


def cell_to_json(cell: Cell) -> dict[str, Any] | None:
    obj = _base_to_json(cell)
    if cell.corner:
        obj = obj or {}
        obj["corner"] = sorted(cell.corner)
    if cell.colours:
        obj = obj or {}
        obj["colours"] = sorted(cell.colours)
    return obj


def _base_to_json(cell: Cell) -> dict[str, Any] | None:
    kind = cell.kind
    if kind == "empty":
        return None
    if kind == "candidates":
        return {"candidates": sorted(cell.candidates)}
    if kind == "black":
        return {"black": True, "given": cell.digit} if cell.digit else {"black": True}
    if kind == "outside":
        return {"outside": True}
    if cell.candidates:  # centre marks under a value
        return {kind: cell.digit, "candidates": sorted(cell.candidates)}
    return {kind: cell.digit}


TEXTS = ("title", "author", "rules")  # the puzzle's words, in the form's order


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    obj: dict[str, Any] = {"kind": puzzle.kind, "size": puzzle.size}
    if puzzle.box is not None:
        obj["box"] = list(puzzle.box)
    if puzzle.layout is not None:
        obj["layout"] = {
            "width": puzzle.layout.width,
            "height": puzzle.layout.height,
            "disabled": sorted(puzzle.layout.disabled),
        }
    for key in TEXTS:
        text = getattr(puzzle, key)
        if text:
            obj[key] = text
    if puzzle.regions is not None:
        n = puzzle.size
        obj["regions"] = [list(puzzle.regions[r * n:(r + 1) * n]) for r in range(n)]
    if puzzle.constraints:
        obj["constraints"] = _sorted(_constraints.write(puzzle, _cell_name, others_listed=True))
    obj["cells"] = [[cell_to_json(c) for c in row] for row in puzzle.rows_of_cells()]
    return obj


def _sorted(value: Any) -> Any:
    """The value with every object's keys in sorted order, as `encode` writes them."""
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def _cell_name(row: int, col: int) -> str:
    """A cell of the constraints, 0-based, as the form spells it: "r1c1" (r0c4: outside)."""
    return f"r{row + 1}c{col + 1}"


def _cell_reader(size: int, at: int | None) -> Any:
    """`cell_of` for `_constraints.read`: "r1c1" or "R1C1" as a 0-based (row, col), one
    step outside the grid only where `outside` (clues)."""
    def cell_of(text: object, outside: bool) -> tuple[int, int]:
        spelt = text.strip().lower() if isinstance(text, str) else ""
        row, _, col = spelt[1:].partition("c")
        low, high = (0, size + 1) if outside else (1, size)
        if not (spelt[:1] == "r" and row.isdigit() and col.isdigit() and len(spelt) <= 8
                and low <= int(row) <= high and low <= int(col) <= high):
            raise FormatError(NAME, at, f"a cell r1c1..r{size}c{size} in the constraints",
                              found=_short(text))
        return int(row) - 1, int(col) - 1
    return cell_of


def _int(obj: object, where: str, at: int | None, unit: str = "cell") -> int:
    if isinstance(obj, bool) or not isinstance(obj, int):
        raise FormatError(NAME, at, f"an integer for {where}", unit=unit, found=_short(obj))
    return obj


def _short(obj: object) -> str:
    text = repr(obj)
    return text if len(text) <= 40 else text[:37] + "..."


def cell_from_json(obj: object, where: str, index: int | None = None) -> Cell:
    """One cell of the form; a fault names the cell and is placed at its (row-major) index."""
    if obj is None:
        return EMPTY
    if not isinstance(obj, dict):
        raise FormatError(NAME, index, f"null or an object for {where}", unit="cell",
                          found=_short(obj))
    base = _base_from_json(obj, where, index)
    notes = [_digits(obj, key, where, index) for key in ("corner", "colours")]
    try:
        return base.with_corner(notes[0]).with_colours(notes[1]) if any(notes) else base
    except PuzzleError as err:
        raise FormatError(NAME, index, f"a valid cell ({err}) for {where}", unit="cell") from None


def _digits(obj: dict[str, Any], key: str, where: str, index: int | None) -> list[int]:
    """A cell's list of digits (candidates, corner marks, colours): no repeats."""
    if key not in obj:
        return []
    marks = obj[key]
    if not isinstance(marks, list):
        raise FormatError(NAME, index, f"a list of {key} for {where}", unit="cell",
                          found=_short(marks))
    digits = [_int(d, where, index) for d in marks]
    if len(set(digits)) != len(digits):
        raise FormatError(NAME, index, f"{key} without repeats for {where}", unit="cell")
    return digits


def _base_from_json(obj: dict[str, Any], where: str, index: int | None) -> Cell:
    """The cell's kind and digit (or centre marks), its notes left aside."""
    keys = set(obj) - {"corner", "colours"}
    if not keys and len(obj):
        return EMPTY
    if keys == {"given"}:
        return given(_int(obj["given"], where, index))
    if keys == {"value"}:
        return value(_int(obj["value"], where, index))
    if keys == {"value", "candidates"}:  # centre marks under the value
        try:
            return value(_int(obj["value"], where, index)).with_centre(
                _digits(obj, "candidates", where, index))
        except PuzzleError as err:
            raise FormatError(NAME, index, f"a valid cell ({err}) for {where}",
                              unit="cell") from None
    if keys == {"candidates"}:
        return candidates(_digits(obj, "candidates", where, index))
    if keys in ({"black"}, {"black", "given"}) and obj["black"] is True:
        return black(_int(obj["given"], where, index)) if "given" in obj else BLACK
    if keys == {"outside"} and obj["outside"] is True:
        return OUTSIDE
    raise FormatError(NAME, index, f"a cell of the JSON form for {where}", unit="cell",
                      found=_short(obj))


class _Places:
    """Where a key's field starts in the JSON text, for errors; without a text (a parsed
    object given to `from_json`) there is no character to point at."""

    def __init__(self, text: str | None) -> None:
        self.text = text

    def key(self, key: str) -> int | None:
        """The key's first character (its quote), else where the object ends."""
        if self.text is None:
            return None
        at = self.text.find(_json.dumps(key))
        return at if at >= 0 else self.end()

    def end(self) -> int | None:
        """The object's closing brace: the place of a fault of the whole object."""
        if self.text is None:
            return None
        body = trim(self.text, left=False)
        return len(body) - 1 if body.endswith("}") else len(body)


def from_json(obj: object, text: str | None = None) -> Puzzle:
    """Build a puzzle from the parsed JSON form; any fault is a FormatError. With the `text`
    it was parsed from, a fault of a key is placed at the key's field in the text; a fault
    of a cell is placed at the cell's index (unit "cell") either way."""
    places = _Places(text)
    if not isinstance(obj, dict):
        at = None if text is None else len(text) - len(trim(text, right=False))
        raise FormatError(NAME, at, "a JSON object", found=type(obj).__name__)
    allowed = {"kind", "size", "box", "layout", "cells", "title", "author", "rules", "regions",
               "constraints"}
    extra = sorted(set(obj) - allowed)
    if extra:
        raise FormatError(NAME, places.key(extra[0]), f"only the keys {sorted(allowed)}",
                          found=repr(extra[0]))
    for key in ("kind", "size", "cells"):
        if key not in obj:
            raise FormatError(NAME, places.end(), f"the key {key!r}")
    kind, size = obj["kind"], _int(obj["size"], "size", places.key("size"), "character")
    if kind not in ("sudoku", "str8ts"):
        raise FormatError(NAME, places.key("kind"), "kind 'sudoku' or 'str8ts'", found=_short(kind))
    box: tuple[int, int] | None = None
    if "box" in obj:
        raw = obj["box"]
        at = places.key("box")
        if not isinstance(raw, list) or len(raw) != 2:
            raise FormatError(NAME, at, "box as [rows, cols]", found=_short(raw))
        box = (_int(raw[0], "box", at, "character"), _int(raw[1], "box", at, "character"))
    layout = None
    at = places.key("layout")
    try:
        if "layout" in obj:
            spec = obj["layout"]
            if not isinstance(spec, dict) or set(spec) - {"width", "height", "disabled"}:
                raise FormatError(NAME, at, "layout as {width, height, disabled}", found=_short(spec))
            if box is None or box[0] != box[1]:
                raise FormatError(NAME, at, "a square box [b, b] with a layout")
            disabled = spec.get("disabled", [])
            if not isinstance(disabled, list):
                raise FormatError(NAME, at, "a list of disabled box indices", found=_short(disabled))
            layout = Layout(
                box[0], _int(spec.get("width"), "layout width", at, "character"),
                _int(spec.get("height"), "layout height", at, "character"),
                frozenset(_int(i, "a disabled box", at, "character") for i in disabled),
            )
        at = places.key("cells")
        rows = obj["cells"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise FormatError(NAME, at, "cells as a list of rows")
        width = layout.width * layout.box if layout else size
        height = layout.height * layout.box if layout else size
        if len(rows) != height or any(len(r) != width for r in rows):
            raise FormatError(NAME, at, f"{height} rows of {width} cells")
        cells = tuple(
            cell_from_json(c, f"row {r + 1} column {k + 1}", r * width + k)
            for r, row in enumerate(rows) for k, c in enumerate(row)
        )
        texts = []
        for key in TEXTS:
            at = places.key(key)
            text = obj.get(key, "")
            if not isinstance(text, str):
                raise FormatError(NAME, at, f"the {key} as a string", found=_short(text))
            texts.append(joined(text))
        regions = None
        if "regions" in obj:
            at = places.key("regions")
            raw = obj["regions"]
            if not isinstance(raw, list) or len(raw) != size or not all(
                    isinstance(r, list) and len(r) == size for r in raw):
                raise FormatError(NAME, at, f"regions as {size} rows of {size} region numbers")
            regions = [_int(k, "a region", at, "character") for row in raw for k in row]
        constraints: list[Any] = []
        if "constraints" in obj:
            at = places.key("constraints")
            raw = obj["constraints"]
            if not isinstance(raw, dict):
                raise FormatError(NAME, at, "constraints as an object", found=_short(raw))
            geo_rows = layout.height * layout.box if layout else size
            try:
                constraints = _constraints.read(raw, geo_rows, width, size, _cell_reader(size, at),
                                                others_listed=True)[0]
            except _constraints.Unreadable:
                raise FormatError(NAME, at, 'an "other" list of {"key", "data", "cells"}') from None
        at = places.end()
        puzzle = Puzzle(kind, size, cells, box, layout, regions=regions, constraints=constraints)
        for key, text in zip(TEXTS, texts):  # noqa: B905  # MicroPython's zip has no strict
            if text:
                at = places.key(key)
                puzzle = puzzle.with_info(**{key: text})
        return puzzle
    except PuzzleError as err:
        raise FormatError(NAME, at, f"a valid puzzle ({err})") from None


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    """`to_json` as text, `json.dumps(to_json(puzzle), separators=(",", ":"))` exactly: written
    out here in the form's order, as a dict keeps none in MicroPython."""
    parts = ['{"kind":', _json.dumps(puzzle.kind), ',"size":', str(puzzle.size)]
    if puzzle.box is not None:
        parts.append(f',"box":[{puzzle.box[0]},{puzzle.box[1]}]')
    layout = puzzle.layout
    if layout is not None:
        disabled = ",".join([str(i) for i in sorted(layout.disabled)])
        parts.append(f',"layout":{{"width":{layout.width},"height":{layout.height},'
                     f'"disabled":[{disabled}]}}')
    for key in TEXTS:
        text = getattr(puzzle, key)
        if text:
            parts.append(f',"{key}":{quote(text)}')
    if puzzle.regions is not None or puzzle.constraints:
        variant = to_json(puzzle)
        for key in ("regions", "constraints"):
            if key in variant:
                parts.append(f',"{key}":' + _constraints.canonical(variant[key]))
    rows = ["[" + ",".join([_cell_text(c) for c in row]) + "]" for row in puzzle.rows_of_cells()]
    parts.append(',"cells":[' + ",".join(rows) + "]}")
    return "".join(parts)


def joined(text: str) -> str:
    """The text with each escaped surrogate pair made one character, as CPython's parser
    makes it (MicroPython's keeps the two halves); a lone half stays, for the model to
    refuse."""
    if not text or max(text) < "\ud800":
        return text
    out = []
    k = 0
    while k < len(text):
        ch = text[k]
        after = text[k + 1] if k + 1 < len(text) else ""
        if "\ud800" <= ch <= "\udbff" and "\udc00" <= after <= "\udfff":
            out.append(chr(0x10000 + ((ord(ch) - 0xD800) << 10) + ord(after) - 0xDC00))
            k += 2
        else:
            out.append(ch)
            k += 1
    return "".join(out)


def quote(text: str) -> str:
    """A string as `json.dumps` writes it by default (ASCII only, `\\uXXXX` escapes,
    surrogate pairs above U+FFFF): written out, as MicroPython's json.dumps keeps
    non-ASCII characters as they are."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif 32 <= code < 127:
            out.append(ch)
        elif code < 0x10000:
            out.append(_unicode_escape(code))
        else:
            code -= 0x10000
            out.append(_unicode_escape(0xD800 + (code >> 10)) + _unicode_escape(0xDC00 + (code & 0x3FF)))
    out.append('"')
    return "".join(out)


def _unicode_escape(code: int) -> str:
    return "\\u" + ("000" + hex(code)[2:])[-4:]


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
            "\b": "\\b", "\f": "\\f"}


def _cell_text(cell: Cell) -> str:
    """`cell_to_json` as compact JSON text."""
    base = _base_text(cell)
    if not (cell.corner or cell.colours):
        return base
    notes = []
    if cell.corner:
        notes.append('"corner":[' + ",".join([str(d) for d in sorted(cell.corner)]) + "]")
    if cell.colours:
        notes.append('"colours":[' + ",".join([str(d) for d in sorted(cell.colours)]) + "]")
    body = ",".join(notes)
    return "{" + body + "}" if base == "null" else base[:-1] + "," + body + "}"


def _base_text(cell: Cell) -> str:
    kind = cell.kind
    if kind == "empty":
        return "null"
    if kind == "candidates":
        return '{"candidates":[' + ",".join([str(d) for d in sorted(cell.candidates)]) + "]}"
    if kind == "black":
        return f'{{"black":true,"given":{cell.digit}}}' if cell.digit else '{"black":true}'
    if kind == "outside":
        return '{"outside":true}'
    if cell.candidates:  # centre marks under a value
        return (f'{{"{kind}":{cell.digit},"candidates":['
                + ",".join([str(d) for d in sorted(cell.candidates)]) + "]}")
    return f'{{"{kind}":{cell.digit}}}'


MAX_DEPTH = 16  # the JSON form nests 5 deep; imports of other tools' JSON stay well under this


def check_nesting(format: str, text: str, max_depth: int = MAX_DEPTH, quotes: str = '"') -> None:
    """Refuse brackets nested deeper than `max_depth` (outside strings) in one linear pass.

    A text with no more opening brackets than `max_depth` cannot nest deeper, and is not
    walked, nor is any text after the last opening bracket: str.count and rfind are C, and
    the walk 2 ms per 1,000 characters under MicroPython (the page's JSON link with 64 K
    letters after it took 140 ms to refuse)."""
    if text.count("[") + text.count("{") <= max_depth:
        return
    # only an opening bracket goes deeper: nothing after the last one is walked
    depth, quote, escaped = 0, "", False
    for pos, ch in enumerate(text[:max(text.rfind("["), text.rfind("{")) + 1]):
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in quotes:
            quote = ch
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise FormatError(format, pos, f"nesting of at most {max_depth} levels")
        elif ch in "]}":
            depth -= 1


def loads(format: str, text: str, max_length: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> object:
    """`json.loads` for hostile text: length and nesting are checked first.

    Deep nesting must be refused before parsing: in Pyodide the parser's recursion
    exhausts the wasm stack and kills the interpreter instead of raising RecursionError.
    """
    if len(text) > max_length:
        raise FormatError(format, max_length, f"JSON of at most {max_length} characters",
                          found=f"{len(text)} characters")
    check_nesting(format, text, max_depth)
    try:
        return _json.loads(text)
    except ValueError as err:
        # CPython's JSONDecodeError says where and why; MicroPython's parser raises a plain
        # ValueError (so do both for e.g. an integer too long to convert)
        pos, why = getattr(err, "pos", None), getattr(err, "msg", None)
        if isinstance(pos, int) and isinstance(why, str):
            raise FormatError(format, pos, f"valid JSON ({why})") from None
        raise FormatError(format, len(text), f"valid JSON ({err})") from None
    except RuntimeError as err:  # RecursionError (MicroPython has only its base class)
        raise FormatError(format, len(text), f"valid JSON ({err})") from None


def decode(text: str) -> Puzzle:
    return from_json(loads(NAME, text), text)
