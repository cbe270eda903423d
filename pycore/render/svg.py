"""A printable SVG of a puzzle's grid: clean lines, no colours a printer would waste ink on.

Thin grey lines between cells, thick black lines around every box (and around
a str8ts, which has none). Givens are bold black, the player's digits a
lighter blue, pencil marks small and grey, each at its own place in a mini-grid
(1 top left, reading like the keypad rows). Str8ts black cells are filled
black, a black given written on them in white. The boxes of a multi-grid layout
that are switched off are left blank. Standard library only; every text is XML
escaped; the result has no script, so the page can insert it as it is.

Each drawn thing carries a class (given, value, candidate, black, black-given,
cells, boxes) so that the page's CSS and the tests can find it.

A variant puzzle's rules are drawn with the page's shapes (`pycore.app.drawing`) in black
and greys (`PRINT`: colours as attributes, so the document needs no style sheet), under
the digits; a jigsaw's thick lines run between its regions, and clues outside the grid
get a margin a cell wide.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..app.drawing import drawing
from ..model import Puzzle
from ..shapes import mark_grid

__all__ = ["render_svg"]

CELL = 40
MARGIN = 6
THIN = 1.0
THICK = 3.0
INK = "#000"
GRID_GREY = "#999"
VALUE_BLUE = "#1f5fbf"
MARK_GREY = "#555"
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _num(x: float) -> str:
    """Coordinates with at most two decimals and no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _text(x: float, y: float, size: float, label: str, cls: str, fill: str, bold: bool = False) -> str:
    """A label centred on (x, y); the baseline sits 0.35 em below the centre."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text class="{cls}" x="{_num(x)}" y="{_num(y + 0.35 * size)}" '
            f'font-size="{_num(size)}" fill="{fill}"{weight}>{escape(label)}</text>')


def _rect_path(top: int, left: int, rows: int, cols: int, cell: float) -> str:
    return (f"M{_num(left * cell)} {_num(top * cell)}h{_num(cols * cell)}v{_num(rows * cell)}"
            f"h{_num(-cols * cell)}z")


_ROUND = {"fill": "none", "stroke-linecap": "round", "stroke-linejoin": "round"}
# The page's shapes (pycore.app.drawing's classes) in black and greys for paper.
PRINT: dict[str, dict[str, str]] = {
    "v-cage": {"fill": "none", "stroke": INK, "stroke-width": "0.03", "stroke-dasharray": "0.1 0.06"},
    "v-paper": {"fill": "#fff", "fill-opacity": "0.9"},
    "v-sum": {"fill": INK, "text-anchor": "start"},
    "v-other": {"fill": "none", "stroke": "#999", "stroke-width": "0.035"},
    "v-region": {"fill": "#ddd"},
    "v-clone": {"fill": "#e8e8e8"},
    "v-shade": {"fill": "#e5e5e5"},
    "v-parity": {"fill": "#ddd", "stroke": "#555", "stroke-width": "0.03"},
    "v-chevrons": dict(_ROUND, stroke="#555"),
    "v-clue-arrow": dict(_ROUND, stroke="#555"),
    "v-diagonal": {"stroke": "#777"},
    "v-thermo-edge": {"fill": "#777"},
    "v-thermo-edge-line": dict(_ROUND, stroke="#777"),
    "v-thermo": {"fill": "#ddd"},
    "v-thermo-line": dict(_ROUND, stroke="#ddd"),
    "v-arrow-circle": {"fill": "#fff", "stroke": "#555"},
    "v-arrow-shaft": dict(_ROUND, stroke="#555"),
    "v-arrow-pill-edge": dict(_ROUND, stroke="#555"),
    "v-arrow-pill": dict(_ROUND, stroke="#fff"),
    "v-line": dict(_ROUND, stroke="#c8c8c8"),
    "v-line-core": dict(_ROUND, stroke="#444"),
    "v-between-end": {"fill": "#fff", "stroke": "#555", "stroke-width": "0.04"},
    "v-dot": {"stroke": INK, "stroke-width": "0.03"},
    "v-dot-value": {"fill": INK},
    "v-xv-letter": {"fill": INK, "font-weight": "bold"},
    "v-quad-circle": {"fill": "#fff", "stroke": INK, "stroke-width": "0.025"},
    "v-quad-digits": {"fill": INK},
    "v-clue-number": {"fill": INK},
}


def _markup(node: Any) -> str:
    """A node of pycore.app.drawing as SVG text, its class's print colours as attributes."""
    tag, given_attributes, children = node[0], dict(node[1]), node[2]
    cls = given_attributes.get("class", "")
    attributes = dict(PRINT.get(cls, {}))
    if cls in ("v-dot", "v-dot-value") and given_attributes.get("data-kind") == "black":
        attributes["fill"] = "#fff" if cls == "v-dot-value" else INK
    elif cls == "v-dot":
        attributes["fill"] = "#fff"
    if tag == "text":
        attributes["dominant-baseline"] = "auto" if cls == "v-sum" else "central"
    attributes.update(given_attributes)
    text = "".join(f" {name}={quoteattr(value)}" for name, value in attributes.items())
    inner = escape(children) if isinstance(children, str) else "".join(_markup(child) for child in children)
    return f"<{tag}{text}>{inner}</{tag}>"


def _region_lines(puzzle: Puzzle, cell: float) -> str:
    """A jigsaw's thick lines: every cell side between two regions, and the grid's frame."""
    rows, cols = puzzle.rows, puzzle.cols
    region = [0] * (rows * cols)
    for k, box in enumerate(puzzle.geometry.boxes):
        for i in box:
            region[i] = k
    parts = [_rect_path(0, 0, rows, cols, cell)]
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        if c + 1 < cols and region[i] != region[i + 1]:
            parts.append(f"M{_num((c + 1) * cell)} {_num(r * cell)}v{_num(cell)}")
        if r + 1 < rows and region[i] != region[i + cols]:
            parts.append(f"M{_num(c * cell)} {_num((r + 1) * cell)}h{_num(cell)}")
    return "".join(parts)


def render_svg(puzzle: Puzzle, cell: float = CELL) -> str:
    """The puzzle as a standalone SVG document (no XML declaration), `cell` units a cell."""
    rows, cols, n = puzzle.rows, puzzle.cols, puzzle.size
    drawn = drawing(puzzle) if puzzle.is_variant else None
    margin = MARGIN + (cell if drawn is not None and drawn.margin else 0)
    width, height = cols * cell + 2 * margin, rows * cell + 2 * margin
    big = cell * 0.68  # two-digit labels (10 and up) get a smaller size that still fits

    def digit_size(d: int) -> float:
        return big if d < 10 else cell * 0.5

    mini_rows, mini_cols = mark_grid(n)
    small = min(cell / mini_cols, cell / mini_rows) * (0.62 if n > 9 else 0.75)
    inset = cell * 0.05  # pencil marks keep clear of the lines

    shading: list[str] = []
    cells_d: list[str] = []
    texts: list[str] = []
    for i, c in enumerate(puzzle.cells):
        if c.kind == "outside":
            continue
        r, col = divmod(i, cols)
        x, y = col * cell, r * cell
        cells_d.append(_rect_path(r, col, 1, 1, cell))
        cx, cy = x + cell / 2, y + cell / 2
        if c.kind == "black":
            shading.append(f'<rect class="black" x="{_num(x)}" y="{_num(y)}" width="{_num(cell)}" '
                           f'height="{_num(cell)}" fill="{INK}"/>')
            if c.digit:
                texts.append(_text(cx, cy, digit_size(c.digit), str(c.digit), "black-given", "#fff",
                                   bold=True))
        elif c.kind == "given":
            texts.append(_text(cx, cy, digit_size(c.digit), str(c.digit), "given", INK, bold=True))
        elif c.kind == "value":
            texts.append(_text(cx, cy, digit_size(c.digit), str(c.digit), "value", VALUE_BLUE))
        elif c.kind == "candidates":
            for d in sorted(c.candidates):
                mr, mc = divmod(d - 1, mini_cols)
                mx = x + inset + (mc + 0.5) * (cell - 2 * inset) / mini_cols
                my = y + inset + (mr + 0.5) * (cell - 2 * inset) / mini_rows
                texts.append(_text(mx, my, small, str(d), "candidate", MARK_GREY))

    if puzzle.regions is not None:
        boxes_d = [_region_lines(puzzle, cell)]
    elif puzzle.geometry.boxes:
        boxes_d = []
        for box in puzzle.geometry.boxes:
            rs = [i // cols for i in box]
            cs = [i % cols for i in box]
            top, left = min(rs), min(cs)
            boxes_d.append(_rect_path(top, left, max(rs) - top + 1, max(cs) - left + 1, cell))
    else:  # a str8ts: its one frame
        boxes_d = [_rect_path(0, 0, rows, cols, cell)]

    title = f"{puzzle.kind.capitalize()} {rows}x{cols}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" font-family={quoteattr(FONT)} '
        'text-anchor="middle">',
        f"<title>{escape(title)}</title>",
        f'<rect class="paper" width="{_num(width)}" height="{_num(height)}" fill="#fff"/>',
        f'<g transform="translate({_num(margin)} {_num(margin)})">',
        *shading,
        *_layer(drawn.under if drawn is not None else [], cell, "variant-under"),
        f'<path class="cells" d="{"".join(cells_d)}" fill="none" stroke="{GRID_GREY}" '
        f'stroke-width="{_num(THIN)}"/>',
        f'<path class="boxes" d="{"".join(boxes_d)}" fill="none" stroke="{INK}" '
        f'stroke-width="{_num(THICK)}" stroke-linejoin="square"/>',
        *_layer(drawn.over if drawn is not None else [], cell, "variant-over"),
        *texts,
        "</g>",
        "</svg>",
    ]
    return "\n".join(parts)


def _layer(nodes: list[Any], cell: float, name: str) -> list[str]:
    """One of the drawing's layers, scaled from cell units (none: nothing)."""
    if not nodes:
        return []
    inner = "".join(_markup(node) for node in nodes)
    return [f'<g class="{name}" transform="scale({_num(cell)})">' + inner + "</g>"]
