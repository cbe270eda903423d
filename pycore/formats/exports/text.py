"""Plain-text exports: the 81-character line, HoDoKu's pencil-mark grid and library line, kangaroo JSON.

- `line`: one character per cell, row-major, `.` for an empty cell. Digits up to
  9, then letters for bigger grids (10 = A ... 16 = G ... 25 = P), so a 16x16 is
  256 characters and a 25x25 625. It holds givens only: a player's values and
  pencil marks are dropped (with `lossy`), as is a box shape other than the default.
- `hodoku`: the pencil-mark grid HoDoKu copies to the clipboard (its
  `ClipboardMode.PM_GRID`): every cell's digit or candidates, columns padded to
  the widest entry plus two, box borders `.---.`, `:---+---:`, `'---'`. An
  unmarked cell shows every digit its peers leave open, as HoDoKu shows it.
  HoDoKu reads every placed digit back as a given, and a one-digit entry as a
  placed digit unless an unset peer lists it too: the losses are counted by
  reading the grid back the way HoDoKu does.
- `hodoku-library`: HoDoKu's library line `:0000:x:<81 cells>:<eliminations>::`;
  cells are `.`, a given's digit, or `+` and a player's digit; eliminations are
  `<digit><row><column>` for each open digit a pencil-marked cell lacks,
  separated by spaces. Pencil marks of digits a peer already holds cannot be
  written (HoDoKu never keeps them).
- `kangaroo`: the JSON config Michu8258/kangaroo reads: `boxSize`, `layout`
  (`width`, `height` in boxes) and `boxes`, one per layout position row-major,
  each `disabled`, `indexRow`, `indexColumn` and `cells` (value or null,
  `indexRowInBox`, `indexColumnInBox`); disabled boxes carry null cells, as the
  tool's own configs do. Square boxes of 2 to 5 and layouts of 2 to 5 boxes a
  side only (its limits); givens only.

HoDoKu is 9x9 only; its line separator here is `\\n`, without a final one.
"""

from __future__ import annotations

import json

from ...model import Puzzle
from .. import _loss
from ._common import SYMBOLS, Export, is_classic, open_digits, require

__all__ = [
    "HODOKU", "HODOKU_LIBRARY", "KANGAROO", "LINE",
    "hodoku", "hodoku_library", "kangaroo", "line",
]

EMPTY_MARK = "."


def _require_sudoku(format: str, puzzle: Puzzle) -> None:
    require(format, puzzle, puzzle.kind == "sudoku" and puzzle.layout is None,
            "an n x n sudoku (no str8ts, no multi-grid layout)")


# --- the 81-character line and its bigger cousins -------------------------------------------

def _line_lost(puzzle: Puzzle) -> list[str]:
    _require_sudoku("line", puzzle)
    return _loss.kinds_lost(puzzle, "value", "candidates") + _loss.box_shape_lost(puzzle)


def _line_write(puzzle: Puzzle) -> str:
    return "".join(SYMBOLS[c.digit - 1] if c.kind == "given" else EMPTY_MARK for c in puzzle.cells)


LINE = Export("line", "81-character line", False, _line_lost, _line_write)


def line(puzzle: Puzzle, lossy: bool = False) -> str:
    """`.` for empty, the given's symbol otherwise: `53..7....6..195...` and so on."""
    return LINE.export(puzzle, lossy)


# --- HoDoKu pencil-mark grid ---------------------------------------------------------------

def _require_classic(format: str, puzzle: Puzzle) -> None:
    require(format, puzzle, is_classic(puzzle), "a 9x9 sudoku with 3x3 boxes (HoDoKu's only shape)")


def _pm_entries(puzzle: Puzzle) -> list[str]:
    entries = []
    for i, cell in enumerate(puzzle.cells):
        if cell.digit:
            entries.append(str(cell.digit))
        elif cell.kind == "candidates":
            entries.append("".join(str(d) for d in sorted(cell.candidates)))
        else:
            entries.append("".join(str(d) for d in open_digits(puzzle, i)) or EMPTY_MARK)
    return entries


def _hodoku_reading(puzzle: Puzzle, entries: list[str]) -> list[int]:
    """The digit HoDoKu's reader places in each cell of this grid, 0 for none.

    HoDoKu (`Sudoku2.setSudoku`) takes every entry as candidates, then walks the
    cells in order: a cell with one candidate that no unset peer also lists is set
    as a given, and the digit leaves its peers' candidates.
    """
    marks = [set() if e == EMPTY_MARK else {int(ch) for ch in e} for e in entries]
    placed = [0] * len(entries)
    peers = puzzle.geometry.peers
    for i, cell_marks in enumerate(marks):
        if len(cell_marks) != 1:
            continue
        d = next(iter(cell_marks))
        if not any(placed[k] == 0 and d in marks[k] for k in peers[i]):
            placed[i] = d
            cell_marks.clear()
            for k in peers[i]:
                marks[k].discard(d)
    return placed


def _hodoku_lost(puzzle: Puzzle) -> list[str]:
    _require_classic("hodoku", puzzle)
    placed = _hodoku_reading(puzzle, _pm_entries(puzzle))
    cells = puzzle.cells
    lost = []
    values = sum(1 for c, d in zip(cells, placed, strict=True) if c.kind == "value" and d)
    if values:
        lost.append(f"which digits are the player's ({_loss.plural(values, 'value')} "
                    "would read back as givens)")
    unplaced = sum(1 for c, d in zip(cells, placed, strict=True) if c.digit and not d)
    if unplaced:
        lost.append(f"{_loss.plural(unplaced, 'placed digit')} that a peer's pencil marks also list "
                    "(each would read back as a candidate)")
    singles = sum(1 for c, d in zip(cells, placed, strict=True) if not c.digit and d)
    if singles:
        lost.append(f"{_loss.plural(singles, 'cell')} whose one candidate no peer lists "
                    "(each would read back as a given)")
    return lost


def _border(left: str, middle: str, widths: list[int]) -> str:
    parts = ["-" * sum(widths[band:band + 3]) for band in (0, 3, 6)]
    return left + middle.join(parts) + left


def _hodoku_write(puzzle: Puzzle) -> str:
    entries = _pm_entries(puzzle)
    widths = [max(len(entries[r * 9 + c]) for r in range(9)) + 2 for c in range(9)]
    lines = []
    for r in range(9):
        if r % 3 == 0:
            lines.append(_border(".", ".", widths) if r == 0 else _border(":", "+", widths))
        row = []
        for c in range(9):
            entry = entries[r * 9 + c]
            row.append(("| " if c % 3 == 0 else " ") + entry + " " * (widths[c] - len(entry) - 1))
        lines.append("".join(row) + "|")
    lines.append(_border("'", "'", widths))
    return "\n".join(lines)


HODOKU = Export("hodoku", "HoDoKu pencil-mark grid", False, _hodoku_lost, _hodoku_write)


def hodoku(puzzle: Puzzle, lossy: bool = False) -> str:
    """HoDoKu's pencil-mark grid (9x9 only)."""
    return HODOKU.export(puzzle, lossy)


# --- HoDoKu library line ---------------------------------------------------------------------

def _ruled_out_marks(puzzle: Puzzle) -> int:
    count = 0
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "candidates":
            count += len(cell.candidates - set(open_digits(puzzle, i)))
    return count


def _library_lost(puzzle: Puzzle) -> list[str]:
    """The line stores eliminations only: with none, every unsolved cell reads back empty;
    with some, every unsolved cell reads back with all its open digits but those."""
    _require_classic("hodoku-library", puzzle)
    lost = []
    ruled_out = _ruled_out_marks(puzzle)
    if ruled_out:
        lost.append(f"{_loss.plural(ruled_out, 'pencil mark')} of a digit a peer already holds")
    marked = [i for i, cell in enumerate(puzzle.cells) if cell.kind == "candidates"]
    eliminates = any(set(open_digits(puzzle, i)) - puzzle.cells[i].candidates for i in marked)
    if eliminates:
        bare = sum(1 for i, cell in enumerate(puzzle.cells)
                   if cell.kind == "empty" and open_digits(puzzle, i))
        if bare:
            lost.append(f"{_loss.plural(bare, 'cell')} without pencil marks (HoDoKu would mark "
                        "every open digit there)")
    elif marked:
        lost.append(f"the pencil marks of {_loss.plural(len(marked), 'cell')} that list every open "
                    "digit (they would read back as empty)")
    return lost


def _library_write(puzzle: Puzzle) -> str:
    cells = []
    eliminations = []
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "given":
            cells.append(str(cell.digit))
        elif cell.kind == "value":
            cells.append(f"+{cell.digit}")
        else:
            cells.append(EMPTY_MARK)
            if cell.kind == "candidates":
                r, c = divmod(i, 9)
                eliminations += [f"{d}{r + 1}{c + 1}" for d in open_digits(puzzle, i)
                                 if d not in cell.candidates]
    return f":0000:x:{''.join(cells)}:{' '.join(eliminations)}::"


HODOKU_LIBRARY = Export("hodoku-library", "HoDoKu library line", False, _library_lost, _library_write)


def hodoku_library(puzzle: Puzzle, lossy: bool = False) -> str:
    """HoDoKu's library line, pencil marks as eliminations (9x9 only)."""
    return HODOKU_LIBRARY.export(puzzle, lossy)


# --- kangaroo JSON ---------------------------------------------------------------------------

KANGAROO_SIDES = range(2, 6)  # the tool's box size and layout limits, inclusive


def _kangaroo_shape(puzzle: Puzzle) -> tuple[int, int, int, frozenset[int]]:
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
    require("kangaroo", puzzle,
            b in KANGAROO_SIDES and width in KANGAROO_SIDES and height in KANGAROO_SIDES,
            "a sudoku of square boxes of 2 to 5 cells a side, at most 5x5 boxes")
    return shape


def _kangaroo_lost(puzzle: Puzzle) -> list[str]:
    _kangaroo_shape(puzzle)
    return _loss.kinds_lost(puzzle, "value", "candidates")


def _kangaroo_write(puzzle: Puzzle) -> str:
    b, width, height, disabled = _kangaroo_shape(puzzle)
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


KANGAROO = Export("kangaroo", "kangaroo JSON", False, _kangaroo_lost, _kangaroo_write)


def kangaroo(puzzle: Puzzle, lossy: bool = False) -> str:
    """kangaroo's JSON config (givens only)."""
    return KANGAROO.export(puzzle, lossy)
