"""An f-puzzles link: `https://www.f-puzzles.com/?load=` and lz-string `compressToBase64` of its JSON.

The JSON is what f-puzzles (and SudokuPad's f-puzzles reader) take: `size` and
`grid`, `size` rows of `size` cells; a cell is `{}` when empty, `{"value": d,
"given": true}` for a given, `{"value": d}` for a player's digit and
`{"centerPencilMarks": [...]}` for pencil marks. A box shape other than
f-puzzles' default for the size (the most nearly square with fewer rows than
columns) is written as each cell's 0-based `region`. It holds grids up to
16x16: no str8ts, no multi-grid layout, no 25x25. The base64 stays as
lz-string writes it, `+` `/` `=` included, as f-puzzles' own links carry it.

lz-string comes with the optional extra `pycore[imports]` (package lzstring).
"""

from __future__ import annotations

import json
from typing import Any

from ...errors import FormatError
from ...model import Puzzle
from ._common import Export, require

__all__ = ["BASE", "FPUZZLES", "export", "fpuzzles_json"]

NAME = "fpuzzles"
BASE = "https://www.f-puzzles.com/?load="
MAX_SIZE = 16


def default_region_shape(size: int) -> tuple[int, int]:
    """f-puzzles' regions for a size: (rows, columns), rows the largest divisor up to the root."""
    rows = int(size**0.5)
    while rows > 1 and size % rows:
        rows -= 1
    return rows, size // rows


def _lost(puzzle: Puzzle) -> list[str]:
    require(NAME, puzzle, puzzle.kind == "sudoku" and puzzle.layout is None and puzzle.size <= MAX_SIZE,
            f"a sudoku of at most {MAX_SIZE}x{MAX_SIZE} (no str8ts, no multi-grid layout)")
    return []


def fpuzzles_json(puzzle: Puzzle) -> dict[str, Any]:
    """The f-puzzles JSON object of a puzzle it can hold."""
    _lost(puzzle)
    n = puzzle.size
    assert puzzle.box is not None
    box_rows, box_cols = puzzle.box
    regions = puzzle.box != default_region_shape(n)
    grid = []
    for r, row in enumerate(puzzle.rows_of_cells()):
        out_row = []
        for c, cell in enumerate(row):
            out: dict[str, Any] = {}
            if cell.kind == "given":
                out = {"value": cell.digit, "given": True}
            elif cell.kind == "value":
                out = {"value": cell.digit}
            elif cell.kind == "candidates":
                out = {"centerPencilMarks": sorted(cell.candidates)}
            if regions:
                out["region"] = (r // box_rows) * (n // box_cols) + c // box_cols
            out_row.append(out)
        grid.append(out_row)
    return {"size": n, "grid": grid}


def _compress(text: str) -> str:
    try:
        import lzstring
    except ImportError:
        raise FormatError(NAME, None, "the lzstring package: install pycore[imports]") from None
    packed: str = lzstring.LZString().compressToBase64(text)
    return packed


def _write(puzzle: Puzzle) -> str:
    return BASE + _compress(json.dumps(fpuzzles_json(puzzle), separators=(",", ":")))


FPUZZLES = Export(NAME, "f-puzzles", True, _lost, _write)


def export(puzzle: Puzzle, lossy: bool = False) -> str:
    """The f-puzzles link: givens, the player's digits and centre pencil marks all survive."""
    return FPUZZLES.export(puzzle, lossy)
