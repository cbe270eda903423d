"""A variant puzzle's constraints as SVG shapes, drawn as SudokuPad players know them.

The page draws them in two SVG layers laid on its grid (web/light/grid_view.py), both in
cell units (a cell is 1 x 1, the grid's top left corner is 0 0, so they follow the grid's
size): `Drawing.under` goes under the cells (whose backgrounds are then see-through), so
the player's colours, marks and digits stay on top of it: shaded regions, odd and even
cells, diagonals, thermometers, lines, arrows, killer cages. `Drawing.over` goes over the
cells, where nothing of a cell's content is drawn: dots and XV on the edges between cells,
the cages' sums in their corner (on a small box of the paper's colour), quadruple circles,
and the clues outside the grid, in a margin one cell wide (`Drawing.margin`).

The shapes' geometry is decided here; their colours are the page's style sheet's (each
shape carries a class and the element's kind as `data-kind`), so dark mode and print
restyle them without drawing again. Lines of different kinds differ by more than hue (a
thick plain stroke for renban, a dashed core for whispers, a thin core for palindromes,
end circles for between lines ...). Made once per puzzle, not per keystroke: a node list
as web/light/dom.py builds it ([tag, attributes, children or text]).

Runs under MicroPython in the page's worker (pycore.site.light): plain classes, lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..variants import Arrow, Cage, Clone, Clue, Dot, ExtraRegion, Line, Mark, Other, Quadruple, Rule

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model import Puzzle

__all__ = ["CAGE_INSET", "Drawing", "drawing", "outline"]

CAGE_INSET = 0.08  # a killer cage's dashed outline runs this far inside its cells (SudokuPad's)
OTHER_INSET = 0.04  # an unknown element's light outline
THERMO_WIDTH = 0.3
BULB = 0.4  # a thermometer's bulb radius
CIRCLE = 0.375  # an arrow's circle radius (0.75 of a cell across)
ARROW_WIDTH = 0.05
HEAD = 0.3  # an arrowhead's sides, in cells
DOT = 0.15  # a kropki dot's radius
EDGE_BOX = 0.13  # half the side of the paper box behind an X or V
# Each line kind: its stroke width and its core, a thin second stroke along its middle
# that tells kinds apart without their hue ("" none, "solid", "dashed", "dotted").
LINE_STYLES = {
    "renban": (0.25, ""),
    "whispers": (0.19, "dashed"),
    "palindrome": (0.25, "solid"),
    "between": (0.05, ""),
    "region-sum": (0.15, "dotted"),
    "entropic": (0.15, "solid"),
    "zipper": (0.15, "dashed"),
    "parity": (0.15, "dotted"),
}
CORES = {"solid": "", "dashed": "0.12 0.1", "dotted": "0.01 0.09"}
CORE_WIDTH = 0.04

Node = Any  # [tag, {attribute: value}, children or text] (web/light/dom.py's Node)


class Drawing:
    """A puzzle's constraints as the page's two layers (`under`, `over`: node lists), and
    whether the grid needs a margin for clues outside it."""

    __slots__ = ("margin", "over", "under")

    def __init__(self, under: list[Node], over: list[Node], margin: bool) -> None:
        self.under = under
        self.over = over
        self.margin = margin


def num(x: float) -> str:
    """A coordinate in cells, to a thousandth (short, and no float noise)."""
    text = str(round(x, 3))
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _centre(i: int, cols: int) -> tuple[float, float]:
    r, c = divmod(i, cols)
    return c + 0.5, r + 0.5


def _through(cells: Sequence[int], cols: int) -> str:
    """An open path through the cells' centres."""
    parts = []
    for k, i in enumerate(cells):
        x, y = _centre(i, cols)
        parts.append(("M" if k == 0 else "L") + num(x) + " " + num(y))
    return "".join(parts)


def outline(cells: Sequence[int], cols: int, inset: float) -> str:
    """The border of a set of cells as path data, `inset` inside it: each side of a cell
    that faces a cell outside the set, shortened at an outer corner and lengthened at an
    inner one, so the pieces meet (a killer cage's outline, SudokuPad's shape)."""
    inside = set(cells)

    def has(r: int, c: int) -> bool:
        return c >= 0 and c < cols and r >= 0 and (r * cols + c) in inside

    def end(r: int, c: int, dr: int, dc: int, along_r: int, along_c: int) -> float:
        """How far a side's end moves along it: in (-inset) where the set turns away,
        out (+inset) where it turns in, 0 where the side runs on. (dr, dc) points out of
        the cell across the side; (along_r, along_c) along it to this end."""
        if not has(r + along_r, c + along_c):
            return -inset
        return inset if has(r + along_r + dr, c + along_c + dc) else 0.0

    parts: list[str] = []
    for i in sorted(inside):
        r, c = divmod(i, cols)
        if not has(r - 1, c):  # top
            y = r + inset
            x1 = c - end(r, c, -1, 0, 0, -1)
            x2 = c + 1 + end(r, c, -1, 0, 0, 1)
            parts.append("M" + num(x1) + " " + num(y) + "H" + num(x2))
        if not has(r + 1, c):  # bottom
            y = r + 1 - inset
            x1 = c - end(r, c, 1, 0, 0, -1)
            x2 = c + 1 + end(r, c, 1, 0, 0, 1)
            parts.append("M" + num(x1) + " " + num(y) + "H" + num(x2))
        if not has(r, c - 1):  # left
            x = c + inset
            y1 = r - end(r, c, 0, -1, -1, 0)
            y2 = r + 1 + end(r, c, 0, -1, 1, 0)
            parts.append("M" + num(x) + " " + num(y1) + "V" + num(y2))
        if not has(r, c + 1):  # right
            x = c + 1 - inset
            y1 = r - end(r, c, 0, 1, -1, 0)
            y2 = r + 1 + end(r, c, 0, 1, 1, 0)
            parts.append("M" + num(x) + " " + num(y1) + "V" + num(y2))
    return "".join(parts)


def _squares(cells: Sequence[int], cols: int) -> str:
    """Whole cells as one path (a shaded region)."""
    parts = []
    for i in cells:
        r, c = divmod(i, cols)
        parts.append("M" + str(c) + " " + str(r) + "h1v1h-1z")
    return "".join(parts)


def _node(tag: str, attributes: dict[str, str], children: Any = None) -> Node:
    return [tag, attributes, [] if children is None else children]


def _shape(tag: str, cls: str, kind: str, attributes: dict[str, str], children: Any = None) -> Node:
    attributes["class"] = cls
    attributes["data-kind"] = kind
    return _node(tag, attributes, children)


def _thermo(item: Line, cols: int) -> list[Node]:
    """A bulb in the first cell and a thick line through the rest: drawn twice, a darker
    outline first and the fill over it, so the pale shape keeps a visible edge."""
    x, y = _centre(item.cells[0], cols)
    path = _through(item.cells, cols)
    out: list[Node] = []
    for part, extra in (("v-thermo-edge", 0.06), ("v-thermo", 0.0)):
        out.append(_node("circle", {"class": part, "cx": num(x), "cy": num(y), "r": num(BULB + extra / 2)}))
        if len(item.cells) > 1:
            out.append(_node("path", {"class": part + "-line", "d": path,
                                      "stroke-width": num(THERMO_WIDTH + extra)}))
    return [_node("g", {"class": "v-thermometer", "data-kind": item.kind}, out)]


def _line(item: Line, cols: int, size: int) -> list[Node]:
    """A line through cell centres, in its kind's width, with its core (`LINE_STYLES`);
    a whisper line says German or Dutch by its least difference."""
    kind = item.kind
    width, core = LINE_STYLES.get(kind, (0.15, ""))
    path = _through(item.cells, cols)
    attributes = {"class": "v-line", "data-kind": kind, "d": path, "stroke-width": num(width)}
    if kind == "whispers":
        attributes["data-dutch"] = "true" if (item.value or 0) < (size + 1) // 2 else "false"
    parts: list[Node] = [_node("path", attributes)]
    if core:
        core_attributes = {"class": "v-line-core", "data-kind": kind, "d": path,
                           "stroke-width": num(CORE_WIDTH)}
        if CORES[core]:
            core_attributes["stroke-dasharray"] = CORES[core]
        parts.append(_node("path", core_attributes))
    if kind == "between":
        for i in (item.cells[0], item.cells[-1]):
            x, y = _centre(i, cols)
            parts.append(_shape("circle", "v-between-end", kind, {"cx": num(x), "cy": num(y), "r": "0.38"}))
    return [_node("g", {"class": "v-line-group", "data-kind": kind}, parts)]


def _toward(x: float, y: float, tx: float, ty: float, step: float) -> tuple[float, float]:
    dx, dy = tx - x, ty - y
    length = (dx * dx + dy * dy) ** 0.5
    if length == 0:
        return x, y
    return x + dx * step / length, y + dy * step / length


def _head(tip: tuple[float, float], before: tuple[float, float], size: float) -> str:
    """An open arrowhead's two strokes at `tip`, coming from `before`."""
    (x, y), (bx, by) = tip, before
    dx, dy = x - bx, y - by
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    side = size * 0.7071
    lx, ly = x - side * (ux - uy), y - side * (uy + ux)
    rx, ry = x - side * (ux + uy), y - side * (uy - ux)
    return ("M" + num(lx) + " " + num(ly) + "L" + num(x) + " " + num(y) + "L" + num(rx) + " " + num(ry))


def _arrow(item: Arrow, cols: int) -> list[Node]:
    """The circle (a pill over several cells) and each path's shaft from the circle's edge
    to its tip, with an arrowhead."""
    parts: list[Node] = []
    circle = item.circle
    for path in item.paths:
        points = [_centre(i, cols) for i in path]
        if len(points) < 2:
            continue
        start = _toward(points[0][0], points[0][1], points[1][0], points[1][1], CIRCLE)
        d = "M" + num(start[0]) + " " + num(start[1])
        for x, y in points[1:]:
            d += "L" + num(x) + " " + num(y)
        d += _head(points[-1], points[-2], HEAD)
        parts.append(_node("path", {"class": "v-arrow-shaft", "d": d, "stroke-width": num(ARROW_WIDTH)}))
    if len(circle) == 1:
        x, y = _centre(circle[0], cols)
        parts.append(_node("circle", {"class": "v-arrow-circle", "cx": num(x), "cy": num(y), "r": num(CIRCLE),
                                      "stroke-width": num(ARROW_WIDTH)}))
    else:  # a pill: a round-capped stroke as wide as the circle, its edge drawn under it
        d = _through(circle, cols)
        parts.append(_node("path", {"class": "v-arrow-pill-edge", "d": d,
                                    "stroke-width": num(2 * CIRCLE + ARROW_WIDTH)}))
        parts.append(_node("path", {"class": "v-arrow-pill", "d": d,
                                    "stroke-width": num(2 * CIRCLE - ARROW_WIDTH)}))
    return [_node("g", {"class": "v-arrow", "data-kind": "arrow"}, parts)]


def _edge_point(item: Dot, cols: int) -> tuple[float, float]:
    (ax, ay), (bx, by) = _centre(item.cells[0], cols), _centre(item.cells[1], cols)
    return (ax + bx) / 2, (ay + by) / 2


def _dot(item: Dot, cols: int) -> Node:
    x, y = _edge_point(item, cols)
    kind = item.kind
    if kind in ("white", "black"):
        shown = item.value != (1 if kind == "white" else 2)
        disc = _shape("circle", "v-dot", kind, {"cx": num(x), "cy": num(y), "r": num(DOT)})
        children: list[Node] = [disc]
        if shown:  # a dot of another difference or ratio says it
            children.append(_shape("text", "v-dot-value", kind,
                                   {"x": num(x), "y": num(y), "font-size": "0.18"}, str(item.value)))
        return _node("g", {"class": "v-kropki", "data-kind": kind}, children)
    return _node("g", {"class": "v-xv", "data-kind": kind}, [
        _node("rect", {"class": "v-paper", "x": num(x - EDGE_BOX), "y": num(y - EDGE_BOX),
                       "width": num(2 * EDGE_BOX), "height": num(2 * EDGE_BOX), "rx": "0.04"}),
        _shape("text", "v-xv-letter", kind, {"x": num(x), "y": num(y), "font-size": "0.3"}, kind.upper()),
    ])


def _cage_sum(item: Cage, cols: int) -> list[Node]:
    """A cage's sum in its first cell's top left corner, on a box of the paper's colour."""
    if item.total is None:
        return []
    r, c = divmod(item.cells[0], cols)
    text = str(item.total)
    width = 0.05 + 0.145 * len(text)
    return [_node("g", {"class": "v-cage-sum", "data-kind": "killer"}, [
        _node("rect", {"class": "v-paper", "x": num(c + 0.02), "y": num(r + 0.02), "width": num(width),
                       "height": "0.28"}),
        _node("text", {"class": "v-sum", "x": num(c + 0.045), "y": num(r + 0.235), "font-size": "0.25"},
              text),
    ])]


def _mark(item: Mark, cols: int) -> list[Node]:
    """Odd: a grey circle; even: a grey square; minimum and maximum: a shaded cell with a
    chevron on each side, pointing out (maximum: greater than its neighbours) or in; an
    indexer: a shaded cell."""
    x, y = _centre(item.cell, cols)
    kind = item.kind
    if kind == "odd":
        return [_shape("circle", "v-parity", kind, {"cx": num(x), "cy": num(y), "r": "0.33"})]
    if kind == "even":
        return [_shape("rect", "v-parity", kind, {"x": num(x - 0.33), "y": num(y - 0.33), "width": "0.66",
                                                 "height": "0.66"})]
    shade = _shape("path", "v-shade", kind, {"d": _squares([item.cell], cols)})
    if kind not in ("min", "max"):
        return [shade]
    out = 1 if kind == "max" else -1
    d = ""
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        tip = 0.46 if out == 1 else 0.34
        base = 0.34 if out == 1 else 0.46
        tx, ty = x + dx * tip, y + dy * tip
        ax, ay = x + dx * base - dy * 0.1, y + dy * base - dx * 0.1
        bx, by = x + dx * base + dy * 0.1, y + dy * base + dx * 0.1
        d += "M" + num(ax) + " " + num(ay) + "L" + num(tx) + " " + num(ty) + "L" + num(bx) + " " + num(by)
    return [shade, _shape("path", "v-chevrons", kind, {"d": d, "stroke-width": "0.04"})]


def _quadruple(item: Quadruple, cols: int) -> Node:
    """A circle where its four cells meet, with its digits (two rows when more than two)."""
    r, c = divmod(max(item.cells), cols)
    x, y = float(c), float(r)
    digits = [str(d) for d in item.digits]
    rows = [digits] if len(digits) <= 2 else [digits[:2], digits[2:]]
    ring = _node("circle", {"class": "v-quad-circle", "cx": num(x), "cy": num(y), "r": "0.22"})
    children: list[Node] = [ring]
    for k, row in enumerate(rows):
        dy = 0.0 if len(rows) == 1 else (-0.085 if k == 0 else 0.085)
        children.append(_node("text", {"class": "v-quad-digits", "x": num(x), "y": num(y + dy),
                                       "font-size": "0.17" if len(rows) > 1 else "0.2"}, " ".join(row)))
    return _node("g", {"class": "v-quadruple", "data-kind": "quadruple"}, children)


_STEPS = {"UL": (-1, -1), "UR": (1, -1), "DL": (-1, 1), "DR": (1, 1)}  # (dx, dy) on screen


def _clue(item: Clue) -> Node:
    """A number in the margin beside the row or column it is about; a little killer's
    also has a small arrow at its corner pointing along its diagonal."""
    x, y = item.col + 0.5, item.row + 0.5
    children: list[Node] = []
    if item.kind == "little-killer" and item.direction in _STEPS:
        dx, dy = _STEPS[item.direction]
        x, y = x - dx * 0.1, y - dy * 0.1
        tip = (item.col + 0.5 + dx * 0.45, item.row + 0.5 + dy * 0.45)
        tail = (item.col + 0.5 + dx * 0.22, item.row + 0.5 + dy * 0.22)
        d = "M" + num(tail[0]) + " " + num(tail[1]) + "L" + num(tip[0]) + " " + num(tip[1])
        d += _head(tip, tail, 0.1)
        children.append(_node("path", {"class": "v-clue-arrow", "d": d, "stroke-width": "0.035"}))
    text = str(item.value)
    children.insert(0, _node("text", {"class": "v-clue-number", "x": num(x), "y": num(y),
                                      "font-size": "0.42" if len(text) < 3 else "0.32"}, text))
    return _node("g", {"class": "v-clue", "data-kind": item.kind}, children)


def _diagonal(kind: str, rows: int, cols: int) -> Node:
    if kind == "diagonal+":  # from the bottom left up
        d = "M0 " + str(rows) + "L" + str(cols) + " 0"
    else:
        d = "M0 0L" + str(cols) + " " + str(rows)
    return _shape("path", "v-diagonal", kind, {"d": d, "stroke-width": "0.04"})


def drawing(p: Puzzle) -> Drawing:
    """The puzzle's constraints as the two layers (empty for a classic puzzle)."""
    cols, rows, size = p.cols, p.rows, p.size
    shading: list[Node] = []
    marks: list[Node] = []
    diagonals: list[Node] = []
    thermos: list[Node] = []
    lines: list[Node] = []
    arrows: list[Node] = []
    cages: list[Node] = []
    others: list[Node] = []
    over: list[Node] = []
    clues: list[Node] = []
    for item in p.constraints:
        if isinstance(item, Cage):
            cages.append(_shape("path", "v-cage", "killer", {"d": outline(item.cells, cols, CAGE_INSET)}))
            over.extend(_cage_sum(item, cols))
        elif isinstance(item, Line):
            if item.kind in ("thermo", "slow-thermo"):
                thermos.extend(_thermo(item, cols))
            else:
                lines.extend(_line(item, cols, size))
        elif isinstance(item, Arrow):
            arrows.extend(_arrow(item, cols))
        elif isinstance(item, Dot):
            over.append(_dot(item, cols))
        elif isinstance(item, Mark):
            marks.extend(_mark(item, cols))
        elif isinstance(item, Clue):
            clues.append(_clue(item))
        elif isinstance(item, ExtraRegion):
            shading.append(_shape("path", "v-region", "extra-region", {"d": _squares(item.cells, cols)}))
        elif isinstance(item, Clone):
            both = list(item.cells) + list(item.twins)
            shading.append(_shape("path", "v-clone", "clone", {"d": _squares(both, cols)}))
        elif isinstance(item, Quadruple):
            over.append(_quadruple(item, cols))
        elif isinstance(item, Rule):
            if item.kind in ("diagonal+", "diagonal-"):
                diagonals.append(_diagonal(item.kind, rows, cols))
        elif isinstance(item, Other) and item.cells:
            others.append(_shape("path", "v-other", "other", {"d": outline(item.cells, cols, OTHER_INSET)}))
    under = shading + marks + diagonals + thermos + lines + arrows + cages + others
    return Drawing(under, over + clues, bool(clues))
