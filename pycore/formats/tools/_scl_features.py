"""SudokuPad's puzzle JSON (SCL) is drawings: the kinds of constraint are recognised here by
the styles SudokuPad's own f-puzzles converter draws them with, and by the shapes its
checker and feature detector look for (facts from SudokuPad/sudokutools'
fpuzzlesdecoder.js and puzzlezipper; no code of theirs).

- Coordinates are [row, column] in cells, a cell's centre at +0.5; lines and arrows have
  `wayPoints`, overlays and underlays a `center`, `width`, `height`, `rounded`.
- Cages with `unique` or `sum` are killer cages (a cage with a number but neither, too,
  when the rules speak of cages or killers: a guess the warnings name); a cage without
  cells whose value reads `name: text` is metadata (title, author, rules, solution, ...).
- Lines: #CFCFCF thick with a round #CFCFCF bulb at one end = thermometer (bulb first),
  #CFCFCF 16 without one = palindrome, #CFCFCF 2 between two 0.8 circles = between line,
  #F067F0 renban, #67F067 German whispers (least difference 5 at 9x9), #FF9A00 Dutch (4),
  #34BBE6 2 from corner to corner = a diagonal.
- Arrows: a path starting at a round overlay (the circle, 0.75 wide a cell); a short
  arrow outside the grid with a number on the cell it starts in = a little killer.
- Overlays 0.25-0.4 round on the edge between two cells: white fill = white kropki dot,
  black = black dot (a number on it is its value); text X or V on an edge = XV.
- Underlays: grey round 0.7 in a cell = odd, grey square 0.7 = even; grey 3x3 squares on
  the four windoku windows = windoku; grey 1x1 squares under a cage without `unique` of
  n cells = an extra region.
- Metadata flags `antiknight`, `antiking` = those rules.

Anything else drawn is carried as `Other("sudokupad:<what>", canonical JSON, cells)`, one a
drawing (cell shading of one colour as one), never dropped, and named in a warning.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ...errors import PuzzleError
from ...variants import (
    MAX_OTHER,
    Arrow,
    Cage,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Rule,
    validate,
)

EPS = 0.06
GREY = "#cfcfcf"
LINE_COLOURS = {"#f067f0": "renban", "#67f067": "german", "#ff9a00": "dutch"}
DIAGONAL = "#34bbe6"
META = re.compile(r"^([A-Za-z]+):\s*(.*)$", re.S)
ALIASES = {"c": "color", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
           "ce": "cells", "w": "width", "h": "height", "v": "value", "r": "rounded",
           "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
           "te": "text"}
"""PuzzleZipper's short names of an element's properties."""


def expand(item: Any) -> dict[str, Any]:
    """An element with PuzzleZipper's short keys written out; {} for anything not an object."""
    if not isinstance(item, dict):
        return {}
    return {ALIASES.get(str(key), str(key)): value for key, value in item.items()}


def colour(value: object) -> str:
    """A colour as lower-case #rrggbb where it is one (#rgb and rgba() too), else ''."""
    if not isinstance(value, str):
        return ""
    text = value.strip().lower()
    match = re.fullmatch(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*[\d.]+\s*)?\)", text)
    if match:
        return "#" + "".join(f"{min(int(v), 255):02x}" for v in match.groups())
    if re.fullmatch(r"#[0-9a-f]{3,4}", text):
        return "#" + "".join(ch * 2 for ch in text[1:4])
    if re.fullmatch(r"#[0-9a-f]{6}([0-9a-f]{2})?", text):
        return text[:7]
    return {"white": "#ffffff", "black": "#000000"}.get(text, "")


def is_grey(value: object) -> bool:
    """A light grey, as SudokuPad's converter draws bulbs, shading and thermometers."""
    hexed = colour(value)
    if not hexed:
        return False
    r, g, b = (int(hexed[k:k + 2], 16) for k in (1, 3, 5))
    return max(r, g, b) - min(r, g, b) <= 16 and 0x99 <= r <= 0xE8


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _point(value: object) -> tuple[float, float] | None:
    if isinstance(value, list) and len(value) == 2:
        r, c = _number(value[0]), _number(value[1])
        if r is not None and c is not None and abs(r) < 1000 and abs(c) < 1000:
            return r, c
    return None


def _near(x: float, y: float, eps: float = EPS) -> bool:
    return abs(x - y) <= eps


class Reader:
    """Recognises the elements of one SCL puzzle of n x n cells."""

    def __init__(self, n: int, rules: str) -> None:
        self.n = n
        self.rules = rules.lower()
        self.found: list[Constraint] = []
        self.others: list[tuple[str, Any, list[int]]] = []
        self.shading: dict[str, list[int]] = {}
        self.warnings: list[str] = []
        self.words: dict[str, str] = {}
        self.guessed = 0  # cages with a sum but no `unique`, read as killer cages by the rules

    # --- geometry ---------------------------------------------------------------------------

    def cell_at(self, point: tuple[float, float] | None, eps: float = EPS) -> int | None:
        """The cell whose centre the point is, inside the grid, else None."""
        if point is None:
            return None
        r, c = point[0] - 0.5, point[1] - 0.5
        if not (_near(r, round(r), eps) and _near(c, round(c), eps)):
            return None
        row, col = round(r), round(c)
        return row * self.n + col if 0 <= row < self.n and 0 <= col < self.n else None

    def cell_holding(self, point: tuple[float, float]) -> tuple[int, int]:
        """(row, column) of the cell a point lies in (outside the grid included)."""
        return int(point[0] // 1), int(point[1] // 1)

    def edge_at(self, point: tuple[float, float] | None) -> tuple[int, int] | None:
        """The two orthogonal neighbours whose shared edge's middle the point is."""
        if point is None:
            return None
        r, c = point
        n = self.n
        if _near(r % 1, 0.5) and _near(c, round(c)):
            row, col = int(r // 1), round(c)
            if 0 <= row < n and 1 <= col < n:
                return row * n + col - 1, row * n + col
        if _near(c % 1, 0.5) and _near(r, round(r)):
            row, col = round(r), int(c // 1)
            if 1 <= row < n and 0 <= col < n:
                return (row - 1) * n + col, row * n + col
        return None

    def path(self, points: object) -> list[int] | None:
        """The cells a line through cell centres visits, straight runs filled in."""
        if not isinstance(points, list) or not points:
            return None
        cells: list[int] = []
        for raw in points:
            cell = self.cell_at(_point(raw))
            if cell is None:
                return None
            if cells:
                last = cells[-1]
                dr, dc = cell // self.n - last // self.n, cell % self.n - last % self.n
                steps = max(abs(dr), abs(dc))
                if steps == 0:
                    continue
                if dr and dc and abs(dr) != abs(dc):
                    return None
                sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
                cells.extend(last + k * (sr * self.n + sc) for k in range(1, steps + 1))
            else:
                cells.append(cell)
        return cells if len(set(cells)) == len(cells) else None

    def cells_of(self, value: object) -> list[int] | None:
        """Cells given as [row, column] pairs (0-based) or `r1c1` texts; None if any is not."""
        if isinstance(value, str):
            value = re.split(r"[,;\s]+", value.strip())
        if not isinstance(value, list):
            return None
        out = []
        for item in value:
            if isinstance(item, str):
                match = re.fullmatch(r"[rR](\d+)[cC](\d+)", item.strip())
                if not match:
                    return None
                row, col = int(match.group(1)) - 1, int(match.group(2)) - 1
            elif isinstance(item, list) and len(item) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in item):
                row, col = item
            else:
                return None
            if not (0 <= row < self.n and 0 <= col < self.n):
                return None
            out.append(row * self.n + col)
        return out

    def touched(self, item: dict[str, Any]) -> list[int]:
        """The grid cells an unknown drawing covers, for drawing it: its cells, its
        path's cells or the cell under its centre."""
        found = self.cells_of(item.get("cells")) or []
        points = item.get("wayPoints")
        centre = _point(item.get("center"))
        for raw in (points if isinstance(points, list) else []) + ([list(centre)] if centre else []):
            point = _point(raw)
            if point is None:
                continue
            row, col = self.cell_holding(point)
            if 0 <= row < self.n and 0 <= col < self.n and row * self.n + col not in found:
                found.append(row * self.n + col)
        return found

    # --- the kinds ----------------------------------------------------------------------------

    def other(self, what: str, item: Any, cells: list[int] | None = None) -> None:
        self.others.append((what, item, cells if cells is not None else self.touched(item)))

    def read(self, obj: dict[str, Any]) -> None:
        overlays = [expand(o) for o in _list(obj, "overlays", "o")]
        underlays = [expand(u) for u in _list(obj, "underlays", "u")]
        lines = [expand(x) for x in _list(obj, "lines", "l")]
        arrows = [expand(a) for a in _list(obj, "arrows", "a")]
        cages = [expand(c) for c in _list(obj, "cages", "ca")]
        used: set[int] = set()  # ids of circles and bulbs a line or arrow took
        self._meta(obj.get("metadata", obj.get("metaData")))
        extra = self._cages(cages, underlays, used)
        self._lines(lines, underlays + overlays, used)
        self._arrows(arrows, overlays, used)
        for shape in overlays:
            if id(shape) not in used:
                self._overlay(shape)
        self._underlays([u for u in underlays if id(u) not in used], extra)

    def _meta(self, meta: object) -> None:
        if not isinstance(meta, dict):
            return
        for key in ("antiknight", "antiking"):
            if meta.get(key) is True:
                self.found.append(Rule("anti-" + key[4:]))

    def _cages(self, cages: list[dict[str, Any]], underlays: list[dict[str, Any]],
               used: set[int]) -> list[list[int]]:
        """Killer cages found; metadata cages read; the cells of cages that may be extra
        regions (no `unique`, no sum) returned for the underlays to confirm."""
        extra: list[list[int]] = []
        for cage in cages:
            value = cage.get("value")
            cells = self.cells_of(cage.get("cells", []))
            if not cage.get("cells") and isinstance(value, str) and META.match(value):
                name, text = META.match(value).groups()  # type: ignore[union-attr]
                self.words.setdefault(name.lower(), text)
                continue
            total = cage.get("sum")
            if total is None and isinstance(value, str) and value.strip().isdigit():
                total = int(value.strip())
            if isinstance(value, int) and not isinstance(value, bool):
                total = value
            if cells and (cage.get("unique") or cage.get("sum") is not None) and not cage.get("hidden"):
                if isinstance(total, int) and not isinstance(total, bool) and len(cells) <= self.n \
                        and (value in (None, "") or str(value).strip() == str(total)):
                    self.found.append(Cage(cells, total))
                    continue
                if total is None and value in (None, "") and len(cells) <= self.n:
                    self.found.append(Cage(cells))
                    continue
            elif cells and len(cells) == self.n and not cage.get("unique") and value in (None, ""):
                extra.append(cells)
                continue
            elif cells and "unique" not in cage and isinstance(total, int) and not isinstance(total, bool) \
                    and len(cells) <= self.n and ("killer" in self.rules or "cage" in self.rules):
                self.found.append(Cage(cells, total))
                self.guessed += 1
                continue
            self.other("cage", cage, cells)
        for cells in extra:
            marks = [u for u in underlays if self.cell_at(_point(u.get("center"))) in cells
                     and _size(u) == (1.0, 1.0) and not u.get("rounded")
                     and is_grey(u.get("backgroundColor"))]
            if {self.cell_at(_point(u.get("center"))) for u in marks} == set(cells):
                used.update(id(u) for u in marks)
                self.found.append(ExtraRegion(cells))
            else:
                self.other("cage", {"cells": [[i // self.n, i % self.n] for i in cells]}, cells)
        return extra

    def _lines(self, lines: list[dict[str, Any]], shapes: list[dict[str, Any]], used: set[int]) -> None:
        for line in lines:
            hexed = colour(line.get("color"))
            thickness = _number(line.get("thickness")) or 0.0
            points = line.get("wayPoints")
            if hexed == DIAGONAL and self._diagonal(points):
                continue
            cells = self.path(points)
            kind = LINE_COLOURS.get(hexed)
            if cells and len(cells) >= 2 and kind == "renban":
                self.found.append(Line("renban", cells))
            elif cells and len(cells) >= 2 and kind in ("german", "dutch"):
                least = (self.n + 1) // 2 - (kind == "dutch")
                self.found.append(Line("whispers", cells, max(least, 1)))
            elif cells and is_grey(hexed) and thickness >= 9 and self._thermo(cells, shapes, used):
                pass
            elif cells and len(cells) >= 2 and is_grey(hexed) and 12 <= thickness <= 18:
                self.found.append(Line("palindrome", cells))
            elif is_grey(hexed) and thickness <= 3 and self._between(points, shapes, used):
                pass
            else:
                self.other("line", line)

    def _diagonal(self, points: object) -> bool:
        ends = [_point(p) for p in points] if isinstance(points, list) and len(points) == 2 else []
        n = float(self.n)
        if len(ends) != 2 or None in ends:
            return False
        pair = {ends[0], ends[1]}
        if pair == {(0.0, 0.0), (n, n)}:
            self.found.append(Rule("diagonal-"))
            return True
        if pair == {(0.0, n), (n, 0.0)}:
            self.found.append(Rule("diagonal+"))
            return True
        return False

    def _circle_at(self, cell: int, shapes: list[dict[str, Any]], used: set[int],
                   low: float, high: float, grey: bool) -> dict[str, Any] | None:
        for shape in shapes:
            if id(shape) in used or not shape.get("rounded"):
                continue
            w, h = _size(shape)
            if self.cell_at(_point(shape.get("center"))) == cell and low <= w <= high and _near(w, h) \
                    and (not grey or is_grey(shape.get("backgroundColor"))):
                return shape
        return None

    def _thermo(self, cells: list[int], shapes: list[dict[str, Any]], used: set[int]) -> bool:
        for end in (cells, cells[::-1]):
            bulb = self._circle_at(end[0], shapes, used, 0.6, 0.9, True)
            if bulb is not None:
                used.add(id(bulb))
                self.found.append(Line("thermo", end))
                return True
        return False

    def _between(self, points: object, shapes: list[dict[str, Any]], used: set[int]) -> bool:
        """A thin line whose ends lie inside two 0.8 circles: its cells are the path
        through the circles' cells."""
        if not isinstance(points, list) or len(points) < 2:
            return False
        first, last = _point(points[0]), _point(points[-1])
        if first is None or last is None:
            return False
        ends = [self.cell_holding(first), self.cell_holding(last)]
        inner = [self.cell_holding(p) for p in (_point(q) for q in points[1:-1]) if p is not None]
        rc = [ends[0], *inner, ends[1]]
        if any(not (0 <= r < self.n and 0 <= c < self.n) for r, c in rc):
            return False
        cells = self.path([[r + 0.5, c + 0.5] for r, c in rc])
        if not cells or len(cells) < 3:
            return False
        circles = [self._circle_at(cells[k], shapes, used, 0.7, 0.9, False) for k in (0, -1)]
        if circles[0] is None or circles[1] is None or circles[0] is circles[1]:
            return False
        used.update(id(c) for c in circles)
        self.found.append(Line("between", cells))
        return True

    def _arrows(self, arrows: list[dict[str, Any]], overlays: list[dict[str, Any]], used: set[int]) -> None:
        paths: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for arrow in arrows:
            points = arrow.get("wayPoints")
            if not isinstance(points, list) or len(points) < 2:
                self.other("arrow", arrow)
                continue
            start = _point(points[0])
            if start is not None and self._little_killer(arrow, start, overlays, used):
                continue
            if start is None:
                self.other("arrow", arrow)
                continue
            row, col = self.cell_holding(start)
            first = [[row + 0.5, col + 0.5]] if 0 <= row < self.n and 0 <= col < self.n else None
            cells = self.path(first + points[1:]) if first else None
            circle = self._arrow_circle(cells[0], overlays, used) if cells and len(cells) >= 2 else None
            if cells is None or circle is None or any(i in circle for i in cells[1:]):
                self.other("arrow", arrow)
                continue
            paths.setdefault(circle, []).append(tuple(cells))
        for circle, shafts in paths.items():
            self.found.append(Arrow(circle, shafts))

    def _arrow_circle(self, start: int, overlays: list[dict[str, Any]],
                      used: set[int]) -> tuple[int, ...] | None:
        """The circle (or straight pill) an arrow leaves from: a round overlay 0.6-0.9 across
        a cell, longer along a row or column for a pill, holding `start`."""
        for shape in overlays:
            if not shape.get("rounded"):
                continue
            centre = _point(shape.get("center"))
            w, h = _size(shape)
            if centre is None or w < 0.6 or h < 0.6:
                continue
            across, down = round(w - 0.75) + 1, round(h - 0.75) + 1
            if not (_near(w - (across - 1), 0.75, 0.16) and _near(h - (down - 1), 0.75, 0.16)):
                continue
            if (across > 1 and down > 1) or across * down > 3:
                continue
            top, left = centre[0] - down / 2, centre[1] - across / 2
            if not (_near(top, round(top)) and _near(left, round(left))):
                continue
            cells = tuple((round(top) + r) * self.n + round(left) + c
                          for r in range(down) for c in range(across)
                          if 0 <= round(top) + r < self.n and 0 <= round(left) + c < self.n)
            if len(cells) == across * down and start in cells:
                used.add(id(shape))
                return cells
        return None

    def _little_killer(self, arrow: dict[str, Any], start: tuple[float, float],
                       overlays: list[dict[str, Any]], used: set[int]) -> bool:
        """A short arrow in a cell outside the grid pointing diagonally in, with a number
        written on that cell: a little killer clue."""
        row, col = self.cell_holding(start)
        n = self.n
        if (0 <= row < n and 0 <= col < n) or not (-1 <= row <= n and -1 <= col <= n):
            return False
        points = arrow.get("wayPoints")
        end = _point(points[-1]) if isinstance(points, list) else None
        if end is None:
            return False
        dr, dc = end[0] - start[0], end[1] - start[1]
        if not dr or not dc or not _near(abs(dr), abs(dc), 0.05):
            return False
        direction = ("U" if dr < 0 else "D") + ("L" if dc < 0 else "R")
        for shape in overlays:
            centre = _point(shape.get("center"))
            if id(shape) in used or centre is None or self.cell_holding(centre) != (row, col):
                continue
            text = str(shape.get("text", "")).strip()
            if text.isdigit():
                clue = Clue("little-killer", row, col, int(text), direction)
                if self._valid(clue):
                    used.add(id(shape))
                    self.found.append(clue)
                    return True
        return False

    def _overlay(self, shape: dict[str, Any]) -> None:
        centre = _point(shape.get("center"))
        w, h = _size(shape)
        text = str(shape.get("text", "") if shape.get("text") is not None else "").strip()
        edge = self.edge_at(centre)
        fill = colour(shape.get("backgroundColor"))
        if edge and shape.get("rounded") and 0.2 <= w <= 0.45 and _near(w, h):
            kind = {"#ffffff": "white", "#000000": "black"}.get(fill)
            if kind and (not text or text.isdigit()):
                self.found.append(Dot(kind, edge, int(text) if text else None))
                return
        if edge and text.upper() in ("X", "V") and not shape.get("rounded") and fill in ("", "#ffffff"):
            self.found.append(Dot(text.lower(), edge))
            return
        if centre is not None and text.lstrip("-").isdigit() and "sandwich" in self.rules:
            row, col = self.cell_holding(centre)
            clue = Clue("sandwich", row, col, int(text))
            if (row in (-1, self.n)) != (col in (-1, self.n)) and self._valid(clue):
                self.found.append(clue)
                return
        self.other("overlay", shape)

    def _underlays(self, underlays: list[dict[str, Any]], extra: list[list[int]]) -> None:
        windows = {(r * self.n + c) for r in (1, 5) for c in (1, 5)} if self.n == 9 else set()
        for shape in underlays:
            centre = _point(shape.get("center"))
            w, h = _size(shape)
            cell = self.cell_at(centre)
            grey = is_grey(shape.get("backgroundColor"))
            if cell is not None and grey and _near(w, 0.7, 0.1) and _near(h, w):
                self.found.append(Mark("odd" if shape.get("rounded") else "even", cell))
                continue
            if centre is not None and grey and w == h == 3.0 and not shape.get("rounded"):
                corner = self.cell_at((centre[0] - 1, centre[1] - 1))
                if corner in windows:
                    top = corner
                    self.found.append(ExtraRegion(top + r * self.n + c for r in range(3) for c in range(3)))
                    continue
            if cell is not None and w == h == 1.0 and not shape.get("rounded") and \
                    set(shape) <= {"center", "width", "height", "rounded", "backgroundColor"}:
                self.shading.setdefault(colour(shape.get("backgroundColor")) or "?", []).append(cell)
                continue
            self.other("underlay", shape)

    # --- the result ------------------------------------------------------------------------------

    def _valid(self, item: Constraint) -> bool:
        try:
            validate([item], self.n, self.n, self.n, frozenset(), True)
        except PuzzleError:
            return False
        return True

    def result(self) -> tuple[list[Constraint], list[str]]:
        """Every element, valid and once each, and the warnings naming what is guessed or
        carried unread."""
        out: list[Constraint] = []
        seen: set[Constraint] = set()
        for item in self.found:
            if item in seen:
                continue
            seen.add(item)
            if self._valid(item):
                out.append(item)
            else:
                self.other(item.kind, {"element": repr(item)[:200]}, list(item.cells))
        for shade, cells in self.shading.items():
            self.others.append(("shading", {"backgroundColor": shade, "cells": [
                [i // self.n, i % self.n] for i in cells]}, cells))
        if self.guessed:
            self.warnings.append(f"{self.guessed} cage(s) with a sum but without SudokuPad's killer "
                                 "mark read as killer cages, as the rules speak of cages")
        counts: dict[str, int] = {}
        for what, data, cells in self.others:
            text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
            if len(text) > MAX_OTHER:
                self.warnings.append(f"a SudokuPad {what} too large to carry ({len(text)} characters) "
                                     "cannot be kept")
                continue
            other = Other("sudokupad:" + what, text, sorted(set(cells)))
            if other in seen:
                continue
            seen.add(other)
            out.append(other)
            counts[what] = counts.get(what, 0) + 1
        if counts:
            said = ", ".join(f"{k} {what}{'s' if k > 1 else ''}" for what, k in counts.items())
            self.warnings.append(f"SudokuPad drawings whose rule pycore does not recognise ({said}) "
                                 "are carried and drawn, never checked")
        return out, self.warnings


def _list(obj: dict[str, Any], *keys: str) -> list[Any]:
    for key in keys:
        value = obj.get(key)
        if isinstance(value, list):
            return value
    return []


def _size(shape: dict[str, Any]) -> tuple[float, float]:
    return (_number(shape.get("width")) or 0.0, _number(shape.get("height")) or 0.0)
