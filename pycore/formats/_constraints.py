"""Variant constraints under f-puzzles' names, both ways: the one table between the model's
elements (`pycore.variants`) and the keys f-puzzles writes (`killercage`, `thermometer`,
`difference`, `diagonal+` ...), shared by the f-puzzles reader and writer and by our JSON
form, which carries the constraints under the same names so converters map key by key.

`read(obj, rows, cols, size, cell_of)` turns an object keyed by f-puzzles names into
elements; `write(puzzle, cell_name)` does the reverse. Cells are written by the caller's
`cell_name` ("R1C1" for f-puzzles, "r1c1" for our JSON) and read by its `cell_of`.

Every key we do not know, and every entry we cannot read as its kind (a cage whose value
is not a number), becomes an `Other` element: carried whole and written back as it came,
so nothing a setter drew is lost on the way through. Cosmetic copies that f-puzzles'
add-on constraints write beside their own entry (`fromConstraint`) are dropped: they are
drawn again from the constraint. Traps: VARIANTS.md §2 (null lists, defaults as strings,
`nonconsecutive` beside white dots, `negative` as a list of names).

Runs under MicroPython too (the page's JSON reader): no dataclasses, no stars in displays.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..errors import PuzzleError, quoted
from ..variants import (
    MAX_OTHER,
    Arrow,
    Cage,
    Clone,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
    validate,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..model import Puzzle

__all__ = ["FLAGS", "KNOWN_KEYS", "LINES", "read", "write"]

FLAGS = {"diagonal+": "diagonal+", "diagonal-": "diagonal-", "antiknight": "anti-knight",
         "antiking": "anti-king", "disjointgroups": "disjoint-groups",
         "nonconsecutive": "non-consecutive"}
"""f-puzzles' true/false keys and the rule each names."""
LINES = {"thermometer": "thermo", "slowthermometer": "slow-thermo", "renban": "renban",
         "whispers": "whispers", "palindrome": "palindrome", "betweenline": "between",
         "regionsumline": "region-sum", "entropicline": "entropic", "zipperline": "zipper",
         "parityline": "parity"}
"""f-puzzles' keys of `{"lines": [[cells...], ...]}` entries and the line kind of each."""
CLUES = {"littlekillersum": "little-killer", "sandwichsum": "sandwich", "xsum": "x-sum",
         "skyscraper": "skyscraper"}
MARKS = {"odd": "odd", "even": "even", "minimum": "min", "maximum": "max"}
INDEXERS = {"rowindexer": "row-indexer", "columnindexer": "column-indexer",
            "boxindexer": "box-indexer"}
DOTS = {"difference": "white", "ratio": "black"}
KNOWN_KEYS = frozenset(list(FLAGS) + list(LINES) + list(CLUES) + list(MARKS) + list(INDEXERS)
                       + list(DOTS) + ["killercage", "arrow", "xv", "negative", "extraregion",
                                       "clone", "quadruple"])
"""Every key read into a typed element (any other key is carried as `Other`)."""
COSMETIC = ("line", "circle", "rectangle", "text", "cage")
"""Drawing keys: an entry with `fromConstraint` is a copy of a constraint's own drawing."""
NEGATIVE = {"ratio": "negative-black", "xv": "negative-xv"}
MAX_KEY = 40  # the longest key an `Other` carries (f-puzzles' own are at most 16)
OTHERS = "other"
"""Our JSON form's list of unknown elements, each {"key", "data", "cells"}."""
OTHER_LIST = "[]"
"""An `Other` key ending in this carries one entry of a list-valued key (written back into
the list); without it, the key's whole value."""


class Unreadable(Exception):
    """An entry that is not its kind's shape: the caller carries it as `Other`."""


def canonical(value: object) -> str:
    """JSON text with sorted keys, no spaces and ASCII only (`json.dumps(value,
    sort_keys=True, separators=(",", ":"))` in CPython): one spelling for equal data in
    every runtime (MicroPython's `json.dumps` sorts nothing and keeps non-ASCII as is)."""
    from .json import quote  # late: the JSON form imports this module

    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "[" + ",".join([canonical(v) for v in value]) + "]"
    if isinstance(value, dict):
        return "{" + ",".join([quote(str(k)) + ":" + canonical(value[k])
                               for k in sorted(value)]) + "}"
    raise Unreadable()


def _number(value: object) -> int:
    if isinstance(value, bool):
        raise Unreadable()
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 6:
        return int(value.strip())
    raise Unreadable()


def _list(value: object) -> list[Any]:
    """A list field; null or missing reads as empty (f-puzzles and SudokuPad do so)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise Unreadable()
    return value


def read(obj: dict[str, Any], rows: int, cols: int, size: int,
         cell_of: Callable[[object, bool], tuple[int, int]],
         others_listed: bool = False) -> tuple[list[Constraint], list[str]]:
    """The elements an object keyed by f-puzzles names holds, and words for the warnings
    (what was carried without being read; `others_listed`: the "other" list is read as
    `write` writes it for our JSON form). `cell_of(text, outside)` gives a cell's (row,
    col), 0-based, raising the caller's error for a text that names no cell (`outside`:
    one step outside the grid is allowed, for clues)."""
    def index(text: object) -> int:
        r, c = cell_of(text, False)
        return r * cols + c

    def indices(texts: object) -> list[int]:
        return [index(t) for t in _list(texts)]

    out: list[Constraint] = []
    carried: dict[str, int] = {}
    dropped: list[str] = []

    def carry(key: str, value: object, cells: list[int]) -> None:
        name = key[:-len(OTHER_LIST)] if key.endswith(OTHER_LIST) else key
        data = canonical(value)
        if len(key) > MAX_KEY or len(data) > MAX_OTHER:
            dropped.append(name)
            return
        out.append(Other(key, data, cells))
        carried[name] = carried.get(name, 0) + 1

    for key in sorted(obj):
        value = obj[key]
        if value is None or value is False or value == []:
            continue
        if key == OTHERS and others_listed:
            for entry in _list(value):
                if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
                    raise Unreadable()
                carry(entry["key"], entry.get("data"), indices(entry.get("cells")))
            continue
        if key in FLAGS:
            if value is True:
                out.append(Rule(FLAGS[key]))
            else:
                carry(key, value, [])
            continue
        if key == "negative":
            try:
                names = _list(value)
            except Unreadable:
                carry(key, value, [])
                continue
            for name in names:
                if name in NEGATIVE:
                    out.append(Rule(NEGATIVE[name]))
                else:
                    carry(key + OTHER_LIST, name, [])
            continue
        if not isinstance(value, list):
            carry(key, value, [])
            continue
        for entry in value:
            if key in COSMETIC and isinstance(entry, dict) and entry.get("fromConstraint"):
                continue
            try:
                made = _entry(key, entry, rows, cols, size, index, indices, cell_of)
                validate(made, rows, cols, size, frozenset(), True)
            except (Unreadable, PuzzleError):  # not its kind's shape: carried as it came
                carry(key + OTHER_LIST, entry, _cells_in(entry, index))
            else:
                out.extend(made)
    out = list(dict.fromkeys(out))  # the same element twice says it once
    warnings = [f"{count} {quoted(key)} element{'s' if count > 1 else ''} (carried, not checked)"
                for key, count in sorted(carried.items())]
    for key in dict.fromkeys(dropped):
        warnings.append(f"the {quoted(key)} constraint cannot be kept")
    return out, warnings


def _cells_in(entry: object, index: Callable[[object], int]) -> list[int]:
    """The grid cells an unreadable entry names, where it names them plainly (for drawing)."""
    found: list[int] = []
    if not isinstance(entry, dict):
        return found
    texts: list[object] = []
    for name in ("cell", "cells", "cloneCells"):
        item = entry.get(name)
        texts.extend(item if isinstance(item, list) else [item] if item is not None else [])
    lines = entry.get("lines")
    for line in lines if isinstance(lines, list) else []:
        if isinstance(line, list):
            texts.extend(line)
    for text in texts[:1000]:
        try:
            i = index(text)
        except Exception:  # an outside clue's cell, or no cell at all: not drawn
            continue
        if i not in found:
            found.append(i)
    return found


def _entry(key: str, entry: object, rows: int, cols: int, size: int,
           index: Callable[[object], int], indices: Callable[[object], list[int]],
           cell_of: Callable[[object, bool], tuple[int, int]]) -> list[Constraint]:
    """The elements one entry of a list-valued key holds (a thermometer entry may hold
    several lines), or `Unreadable`."""
    if not isinstance(entry, dict):
        raise Unreadable()
    if key == "killercage":
        value = entry.get("value")
        total = None if value in (None, "") else _number(value)
        return [Cage(indices(entry.get("cells")), total)]
    if key in LINES:
        kind = LINES[key]
        value = None
        if kind == "whispers":
            value = entry.get("value")
            value = (size + 1) // 2 if value in (None, "") else _number(value)
        lines = _list(entry.get("lines"))
        if not lines:
            raise Unreadable()
        return [Line(kind, indices(line), value) for line in lines]
    if key == "arrow":
        paths = [indices(line) for line in _list(entry.get("lines"))]
        return [Arrow(indices(entry.get("cells")), paths)]
    if key in DOTS or key == "xv":
        pair = indices(entry.get("cells"))
        if len(pair) != 2:
            raise Unreadable()
        value = entry.get("value")
        if key == "xv":
            if value not in ("X", "V", "x", "v"):
                raise Unreadable()
            return [Dot(str(value).lower(), pair)]
        return [Dot(DOTS[key], pair, None if value in (None, "") else _number(value))]
    if key in MARKS:
        return [Mark(MARKS[key], index(entry.get("cell")))]
    if key in INDEXERS:
        return [Mark(INDEXERS[key], i) for i in indices(entry.get("cells"))]
    if key in CLUES:
        row, col = cell_of(entry.get("cell"), True)
        direction = entry.get("direction") if key == "littlekillersum" else None
        if key == "littlekillersum" and direction not in ("UL", "UR", "DL", "DR"):
            raise Unreadable()
        value = entry.get("value")
        if value in (None, ""):
            raise Unreadable()  # a clue without its number: carried as drawn
        return [Clue(CLUES[key], row, col, _number(value), direction)]
    if key == "extraregion":
        return [ExtraRegion(indices(entry.get("cells")))]
    if key == "clone":
        return [Clone(indices(entry.get("cells")), indices(entry.get("cloneCells")))]
    if key == "quadruple":
        values = [_number(v) for v in _list(entry.get("values"))]
        return [Quadruple(indices(entry.get("cells")), values)]
    raise Unreadable()


def write(puzzle: Puzzle, cell_name: Callable[[int, int], str],
          others_listed: bool = False) -> dict[str, Any]:
    """The puzzle's constraints under f-puzzles' names, each key only when present, in the
    model's order; `cell_name(row, col)` spells a cell (0-based, -1 and n outside).
    Unknown elements go back under their own keys, as they came (f-puzzles), or with
    `others_listed` into one "other" list of {key, data, cells}, which keeps the cells
    they are drawn on exactly (our JSON form)."""
    cols = puzzle.geometry.cols

    def name(i: int) -> str:
        return cell_name(i // cols, i % cols)

    def names(cells: tuple[int, ...]) -> list[str]:
        return [name(i) for i in cells]

    out: dict[str, Any] = {}

    def add(key: str, entry: object) -> None:
        out.setdefault(key, []).append(entry)

    keys = {v: k for k, v in LINES.items()}
    repeated: set[str] = set()
    for item in puzzle.constraints:
        kind = item.kind
        if isinstance(item, Cage):
            entry: dict[str, Any] = {"cells": names(item.cells)}
            if item.total is not None:
                entry["value"] = str(item.total)
            add("killercage", entry)
        elif isinstance(item, Line):
            entry = {"lines": [names(item.cells)]}
            if item.value is not None:
                entry["value"] = str(item.value)
            add(keys[kind], entry)
        elif isinstance(item, Arrow):
            add("arrow", {"cells": names(item.circle), "lines": [names(p) for p in item.paths]})
        elif isinstance(item, Dot):
            if kind in ("x", "v"):
                add("xv", {"cells": names(item.cells), "value": kind.upper()})
            else:
                entry = {"cells": names(item.cells)}
                if item.value != (1 if kind == "white" else 2):
                    entry["value"] = str(item.value)
                add("difference" if kind == "white" else "ratio", entry)
        elif isinstance(item, Mark):
            mark_keys = {v: k for k, v in MARKS.items()}
            if kind in mark_keys:
                add(mark_keys[kind], {"cell": name(item.cell)})
            else:
                key = {v: k for k, v in INDEXERS.items()}[kind]
                add(key, {"cells": [name(item.cell)]})
        elif isinstance(item, Clue):
            entry = {"cell": cell_name(item.row, item.col), "value": str(item.value)}
            if item.direction is not None:
                entry["direction"] = item.direction
                entry["cells"] = names(item.cells[:1])
            add({v: k for k, v in CLUES.items()}[kind], entry)
        elif isinstance(item, ExtraRegion):
            add("extraregion", {"cells": names(item.cells)})
        elif isinstance(item, Clone):
            add("clone", {"cells": names(item.cells), "cloneCells": names(item.twins)})
        elif isinstance(item, Quadruple):
            add("quadruple", {"cells": names(item.cells), "values": list(item.digits)})
        elif isinstance(item, Rule):
            if kind.startswith("negative"):
                negative = {v: k for k, v in NEGATIVE.items()}[kind]
                out.setdefault("negative", []).append(negative)
            else:
                out[{v: k for k, v in FLAGS.items()}[kind]] = True
        elif isinstance(item, Other):
            data = json.loads(item.data)
            if others_listed:
                add(OTHERS, {"key": item.key, "data": data, "cells": names(item.cells)})
            elif item.key.endswith(OTHER_LIST):
                add(item.key[:-len(OTHER_LIST)], data)
            elif item.key in out:  # one key said twice (another tool's drawings): a list keeps both
                first = out[item.key]
                out[item.key] = (first if isinstance(first, list) and item.key in repeated
                                 else [first]) + [data]
                repeated.add(item.key)
            else:
                out[item.key] = data
    return out
