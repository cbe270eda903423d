"""The grid and the digit pad as DOM: built once per shape, then only changed cells redrawn.

`GridView.draw` compares the puzzle with the one it drew last (cells are immutable
values, so an unchanged cell is the same object) and touches only cells whose state
or clash mark changed, and the cursor's old and new cells: a keystroke on a 25x25
costs a few cells, not 625. Decoded content reaches the DOM only as text.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from pycore.editor import describe
from pycore.model import Cell, Puzzle
from pycore.shapes import mark_grid


def _edges(p: Puzzle) -> list[dict[str, str]]:
    """Per cell: which of its edges are drawn thin or thick (each line drawn once)."""
    rows, cols = p.rows, p.cols
    box_of = [0] * (rows * cols)
    for b, box in enumerate(p.geometry.boxes):
        for i in box:
            box_of[i] = b
    outside = p.geometry.outside

    def open_edge(r: int, c: int) -> bool:
        """True when (r, c) is off the grid or outside: the edge towards it is thick."""
        return not (0 <= r < rows and 0 <= c < cols) or r * cols + c in outside

    def edge(i: int, r: int, c: int) -> str:
        return "thick" if open_edge(r, c) or box_of[r * cols + c] != box_of[i] else "thin"

    out = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        found = {"data-top": edge(i, r - 1, c), "data-left": edge(i, r, c - 1)}
        if open_edge(r + 1, c):
            found["data-bottom"] = "thick"
        if open_edge(r, c + 1):
            found["data-right"] = "thick"
        out.append(found)
    return out


class GridView:
    """One grid element kept in step with a puzzle."""

    def __init__(self, grid: Any) -> None:
        self.grid = grid
        self.cells: list[Any] = []
        self.shown: tuple[Cell, ...] = ()
        self.conflicts: frozenset[int] = frozenset()
        self.shape_key: tuple[object, ...] = ()
        self.cursor_shown = -1
        self.mark_cols = 3

    def draw(self, p: Puzzle, cursor: int, focus: bool = False) -> bool:
        """Bring the grid in step with `p`; True when it was rebuilt for a new shape."""
        key = (p.kind, p.size, p.box, p.layout)
        rebuilt = key != self.shape_key
        if rebuilt:
            self.build(p)
        conflicts = p.conflicts()
        shown = self.shown
        changed = {i for i, (a, b) in enumerate(zip(shown, p.cells, strict=True)) if a is not b and a != b}
        changed |= conflicts ^ self.conflicts
        self.shown, self.conflicts = p.cells, conflicts
        for i in sorted(changed):
            self.draw_cell(p, i)
        self.draw_cursor(cursor, focus)
        return rebuilt

    def build(self, p: Puzzle) -> None:
        self.shape_key = (p.kind, p.size, p.box, p.layout)
        grid = self.grid
        rows, cols = p.rows, p.cols
        mark_rows, self.mark_cols = mark_grid(p.size)
        style = grid.style
        style.setProperty("--rows", str(rows))
        style.setProperty("--cols", str(cols))
        style.setProperty("--mark-rows", str(mark_rows))
        style.setProperty("--mark-cols", str(self.mark_cols))
        grid.setAttribute("data-puzzle", p.kind)
        grid.setAttribute("data-size", str(p.size))
        grid.toggleAttribute("data-wide", cols > 16)  # a phone scrolls it in its frame
        grid.setAttribute("aria-rowcount", str(rows))
        grid.setAttribute("aria-colcount", str(cols))
        outside = p.geometry.outside
        edges = _edges(p)
        fragment = document.createDocumentFragment()
        self.cells = []
        for r in range(rows):
            row = document.createElement("div")
            row.setAttribute("role", "row")
            row.className = "row"
            for c in range(cols):
                i = r * cols + c
                el = document.createElement("div")
                el.setAttribute("data-row", str(r))
                el.setAttribute("data-col", str(c))
                el.setAttribute("data-index", str(i))
                el.className = "cell"
                if i in outside:
                    el.setAttribute("data-kind", "outside")
                    el.setAttribute("aria-hidden", "true")
                else:
                    el.setAttribute("role", "gridcell")
                    el.setAttribute("tabindex", "-1")
                    for name, value in edges[i].items():
                        el.setAttribute(name, value)
                row.append(el)
                self.cells.append(el)
            fragment.append(row)
        grid.replaceChildren(fragment)
        self.shown = p.cells
        self.conflicts = frozenset()
        self.cursor_shown = -1
        for i in range(rows * cols):
            if i not in outside:
                self.draw_cell(p, i)

    def draw_cell(self, p: Puzzle, i: int) -> None:
        cell = p.cells[i]
        el = self.cells[i]
        if cell.kind == "outside":
            return
        el.setAttribute("data-kind", cell.kind)
        if cell.kind == "candidates":
            marks: list[Any] = []
            for d in sorted(cell.candidates):
                if marks:
                    marks.append(" ")  # keeps textContent a readable list: "1 3 7"
                mark = document.createElement("span")
                mark.className = "mark"
                mark.textContent = str(d)
                mark.style.gridRow = str((d - 1) // self.mark_cols + 1)
                mark.style.gridColumn = str((d - 1) % self.mark_cols + 1)
                marks.append(mark)
            el.replaceChildren(*marks)
        else:
            el.textContent = str(cell.digit) if cell.digit else ""
        clash = i in self.conflicts
        if clash:
            el.setAttribute("data-conflict", "true")
        else:
            el.removeAttribute("data-conflict")
        r, c = divmod(i, p.cols)
        el.setAttribute("aria-label", f"Row {r + 1}, column {c + 1}: {describe(cell)}"
                        + (", conflict" if clash else ""))

    def draw_cursor(self, i: int, focus: bool) -> None:
        old = self.cursor_shown
        if old != i and 0 <= old < len(self.cells):
            prev = self.cells[old]
            prev.setAttribute("tabindex", "-1")
            prev.removeAttribute("aria-selected")
        el = self.cells[i]
        if old != i:
            el.setAttribute("tabindex", "0")
            el.setAttribute("aria-selected", "true")
        self.cursor_shown = i
        if focus:
            el.focus()


def build_pad(pad: Any, size: int) -> None:
    """Buttons 1..size and erase; on a phone one row (two for 16 or 25 digits, --pad-cols)."""
    keys = size + 1
    pad.style.setProperty("--pad-cols", str(keys if keys <= 10 else -(-keys // 2)))
    buttons = []
    for d in [*range(1, size + 1), 0]:
        button = document.createElement("button")
        button.type = "button"
        button.textContent = str(d) if d else "⌫"
        button.setAttribute("data-digit", str(d) if d else "erase")
        button.setAttribute("aria-label", f"Enter {d}" if d else "Erase")
        buttons.append(button)
    pad.replaceChildren(*buttons)
