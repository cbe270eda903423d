"""kangaroo's JSON puzzle files (Michu8258/kangaroo, models/sudokuDto.go), read and written.

`{"boxSize": b, "layout": {"width": W, "height": H}, "boxes": [{"disabled": bool,
"indexRow": r, "indexColumn": c, "cells": [{"value": d or null, "indexRowInBox": i,
"indexColumnInBox": j}, ...]}, ...]}`: the same multi-box layouts as the binary
format, so nothing is lost. Every value is a given.

We write the same: disabled boxes carry null cells, as the tool's own configs do;
square boxes of 2 to 5 and layouts of 2 to 5 boxes a side only (its limits); givens only.
"""

from __future__ import annotations

import json
from typing import Any

from ...errors import FormatError, Lost, PuzzleError
from ...model import MAX_LAYOUT_BOXES, OUTSIDE, Cell, Layout, Puzzle, given
from .. import _loss
from ._common import Export, Imported, as_int, check_length, parse_json, require

NAME = "kangaroo"
LOOKS_FOR = 'a kangaroo puzzle file: JSON with "boxSize", "layout" and "boxes"'


def claims(text: str) -> bool:
    head = text.lstrip()[:200]
    return head.startswith("{") and '"boxSize"' in text[:4096] and '"boxes"' in text


def _object(obj: Any, where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise FormatError(NAME, None, f"an object for {where}", found=type(obj).__name__)
    return obj


def decode(text: str) -> Imported:
    check_length(NAME, text)
    obj = _object(parse_json(NAME, text), "the file")
    b = as_int(NAME, obj.get("boxSize"), "boxSize", 2, 5)
    layout_obj = _object(obj.get("layout"), "layout")
    width = as_int(NAME, layout_obj.get("width"), "layout width", 1, MAX_LAYOUT_BOXES)
    height = as_int(NAME, layout_obj.get("height"), "layout height", 1, MAX_LAYOUT_BOXES)
    boxes = obj.get("boxes")
    if not isinstance(boxes, list) or len(boxes) != width * height:
        raise FormatError(NAME, None, f"boxes: a list of {width * height} boxes")
    n = b * b
    cols = width * b
    digits: dict[int, int] = {}
    disabled: set[int] = set()
    seen: set[int] = set()
    for box in boxes:
        box = _object(box, "a box")
        br = as_int(NAME, box.get("indexRow"), "a box's indexRow", 0, height - 1)
        bc = as_int(NAME, box.get("indexColumn"), "a box's indexColumn", 0, width - 1)
        index = br * width + bc
        if index in seen:
            raise FormatError(NAME, None, "each box once", found=f"box {br},{bc} twice")
        seen.add(index)
        if box.get("disabled") is True:
            disabled.add(index)
            continue
        cells = box.get("cells")
        if not isinstance(cells, list) or len(cells) != n:
            raise FormatError(NAME, None, f"{n} cells in box {br},{bc}")
        for cell in cells:
            cell = _object(cell, "a cell")
            r = as_int(NAME, cell.get("indexRowInBox"), "indexRowInBox", 0, b - 1)
            c = as_int(NAME, cell.get("indexColumnInBox"), "indexColumnInBox", 0, b - 1)
            if cell.get("value") is not None:
                digits[(br * b + r) * cols + bc * b + c] = as_int(
                    NAME, cell["value"], "a cell value", 1, n)
    try:
        layout = Layout(b, width, height, frozenset(disabled))
        blank = Puzzle.blank(layout=layout)
    except PuzzleError as err:
        raise FormatError(NAME, None, "a valid layout", found=str(err)) from None
    cells_out: list[Cell] = list(blank.cells)
    for i, d in digits.items():
        if cells_out[i] is OUTSIDE:
            raise FormatError(NAME, i, "cells of enabled boxes", unit="cell")
        cells_out[i] = given(d)
    return Imported(NAME, blank.with_cells(dict(enumerate(cells_out))))


# --- the config we write ---------------------------------------------------------------------

SIDES = range(2, 6)  # the tool's box size and layout limits, inclusive


def _shape(puzzle: Puzzle) -> tuple[int, int, int, frozenset[int]]:
    """(box, width, height, disabled boxes), or FormatError outside kangaroo's limits."""
    if puzzle.kind == "sudoku" and puzzle.layout is not None:
        lay = puzzle.layout
        shape = (lay.box, lay.width, lay.height, lay.disabled)
    elif puzzle.kind == "sudoku" and puzzle.box is not None and puzzle.box[0] == puzzle.box[1]:
        b = puzzle.box[0]
        shape = (b, b, b, frozenset())
    else:
        shape = (0, 0, 0, frozenset())
    b, width, height, _ = shape
    require(NAME, puzzle, b in SIDES and width in SIDES and height in SIDES,
            "a sudoku of square boxes of 2 to 5 cells a side, at most 5x5 boxes")
    return shape


def _lost(puzzle: Puzzle) -> list[Lost]:
    _shape(puzzle)
    return _loss.kinds_lost(puzzle, "value", "candidates")


def _write(puzzle: Puzzle) -> str:
    b, width, height, disabled = _shape(puzzle)
    cols = puzzle.cols
    boxes = []
    for index in range(width * height):
        box_row, box_col = divmod(index, width)
        cells = []
        for r in range(b):
            for c in range(b):
                cell = puzzle.cells[(box_row * b + r) * cols + box_col * b + c]
                cells.append({
                    "value": cell.digit if cell.kind == "given" else None,
                    "indexRowInBox": r,
                    "indexColumnInBox": c,
                })
        boxes.append({"disabled": index in disabled, "indexRow": box_row, "indexColumn": box_col,
                      "cells": cells})
    return json.dumps({"boxSize": b, "layout": {"width": width, "height": height}, "boxes": boxes},
                      indent=2)


KANGAROO = Export(NAME, "kangaroo JSON", False, _lost, _write)


def kangaroo(puzzle: Puzzle, lossy: bool = False) -> str:
    """kangaroo's JSON config (givens only)."""
    return KANGAROO.export(puzzle, lossy)
