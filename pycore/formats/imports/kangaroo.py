"""kangaroo's JSON puzzle files (Michu8258/kangaroo, models/sudokuDto.go).

`{"boxSize": b, "layout": {"width": W, "height": H}, "boxes": [{"disabled": bool,
"indexRow": r, "indexColumn": c, "cells": [{"value": d or null, "indexRowInBox": i,
"indexColumnInBox": j}, ...]}, ...]}`: the same multi-box layouts as the binary
format, so nothing is lost. Every value is a given.
"""

from __future__ import annotations

from typing import Any

from ...errors import FormatError, PuzzleError
from ...model import MAX_LAYOUT_BOXES, OUTSIDE, Cell, Layout, Puzzle, given
from ._common import Imported, as_int, check_length, parse_json

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
