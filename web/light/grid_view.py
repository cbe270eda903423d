"""The grid and the digit pad as DOM: built once per shape, then only changed cells redrawn.

`GridView.draw` compares the puzzle with the one it drew last (cells are immutable
values, so an unchanged cell is the same object) and touches only cells whose state
or clash mark changed, and the cursor's old and new cells: a keystroke on a 25x25
costs a few cells, not 625, written with the rest of the render in one call (`dom.update`
queues the change). Decoded content reaches the DOM only as text.
"""

from __future__ import annotations

from typing import Any

from dom import Change, Node, build_children, set_attribute, set_style, update

from pycore.app.drawing import Drawing, drawing
from pycore.app.messages import cell_label, cell_rules, rule_name
from pycore.model import Cell, Puzzle
from pycore.shapes import mark_grid
from pycore.variants import CLUE_KINDS, describe, diagonal_cells


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


# The part of a cell's side left clear around the little grid of its pencil marks when they
# are laid out by digit (style.css: .cell[data-spots] .centre's inset).
SPOT_INSET = 0.05

# Where the k-th corner mark of a cell goes, as SudokuPad places them: the four corners
# first, then the middles of the top and bottom edges, then of the left and right.
CORNER_PLACES = ("tl", "tr", "bl", "br", "tc", "bc", "ml", "mr")


class Marking:
    """How a shown hint marks one cell: classes on the cell (its pattern, its target),
    a class per centre mark (placed, removed, used), attributes (digits drawn on the cell
    itself, data-spots while a chain passes through it), and the digits a cell without
    marks is shown for the hint (`ghosts`: the pattern's, the removed ones), each with its
    class, drawn as marks."""

    def __init__(self) -> None:
        self.classes: list[str] = []
        self.digits: dict[int, str] = {}
        self.ghosts: dict[int, str] = {}
        self.attributes: dict[str, str] = {}
        self.spots = False


# A cell with no hint's marks: what `GridView.decorate` writes before a hint's own
# (a keystroke's redraw writes none of it: a cell keeps its class and these attributes).
UNMARKED: dict[str, str | None] = {"class": "cell", "data-hint-place": None, "data-hint-remove": None,
                                   "data-spots": None}


def shows_marks(cell: Cell) -> bool:
    """The cell shows its marks as .mark spans: it has no digit (a digit hides the marks
    under it) and holds some."""
    return cell.kind == "candidates" or (cell.kind == "empty" and bool(cell.corner))


def fill_of(colours: frozenset[int]) -> Node:
    """A cell's colours as an element under its content: one colour whole, several as
    equal wedges around the centre (conic-gradient), in the palette's order. A style
    property, not a style attribute: the page's CSP allows no inline style attribute."""
    shown = sorted(colours)
    if len(shown) == 1:
        k = shown[0]
        image = f"linear-gradient(var(--c{k}), var(--c{k}))"
    else:
        parts = [f"var(--c{k}) {_share(n, len(shown))}% {_share(n + 1, len(shown))}%"
                 for n, k in enumerate(shown)]
        image = "conic-gradient(" + ", ".join(parts) + ")"
    return ["span", {"class": "fill", "aria-hidden": "true"}, "", {"background-image": image}]


def _share(n: int, whole: int) -> str:
    """n parts of `whole` as a percentage, to two decimals."""
    return str(round(100 * n / whole, 2))


def corner_nodes(corner: frozenset[int]) -> list[Node]:
    """A cell's corner marks in SudokuPad's places (more than eight share the last)."""
    digits = sorted(corner)
    nodes: list[Node] = []
    for k, place in enumerate(CORNER_PLACES):
        if k >= len(digits):
            break
        text = " ".join([str(d) for d in digits[k:]]) if k == len(CORNER_PLACES) - 1 \
            else str(digits[k])
        if nodes:
            nodes.append(" ")
        nodes.append(["span", {"class": "corner", "data-place": place}, text])
    return nodes


class GridView:
    """One grid element kept in step with a puzzle.

    The cells are built through `dom.build_children` (one write however many cells) and changed
    through `dom.update` (queued with the render's other writes): from a worker, each DOM
    call is a round trip."""

    def __init__(self, name: str) -> None:
        self.name = name  # the grid element's id (its writes go by id)
        self.marked: dict[int, Marking] = {}  # the cells a shown hint marks (`decorate`)
        self.drawn: Puzzle | None = None  # the grid shown
        self.shown: tuple[Cell, ...] = ()
        self.conflicts: frozenset[int] = frozenset()
        self.shape_key: tuple[object, ...] = ()
        self.cursor_shown = -1
        self.selected_shown: frozenset[int] = frozenset()
        self.rows = self.cols = 9
        self.mark_rows = self.mark_cols = 3
        # the variant rules drawn (`show_variants`): the puzzle's regions and constraints,
        # each cell's rules in words (its label), the cells a cage's sum sits in
        self.variants_shown: tuple[object, object] | None = None
        self.rules_of: list[str] = []
        self.sums: frozenset[int] = frozenset()
        self.sums_written = False
        self.draft_shown: tuple[int, ...] = ()  # jigsaw regions being painted (`show_draft`)

    @property
    def under(self) -> str:
        """The id of the SVG under the cells that a variant's rules are drawn in (cages,
        lines, thermometers ...; pycore.app.drawing), in cells as the chain's overlay."""
        return self.name + "-under"

    @property
    def over(self) -> str:
        """The id of the SVG over the cells for what sits on their edges and corners (dots,
        XV, cage sums) and the clues outside the grid."""
        return self.name + "-over"

    @property
    def rules_list(self) -> str:
        """The id of the list of the puzzle's rules in words, for screen readers."""
        return self.name + "-rules"

    @property
    def overlay(self) -> str:
        """The id of the SVG over the grid that a hint draws its chain in (`build` makes it,
        empty): its viewBox is in cells, so it follows the grid's size."""
        return self.name + "-links"

    def spot(self, i: int, d: int) -> tuple[float, float]:
        """Where pencil mark d sits in cell i when the marks are laid out in the cell's little
        grid (`pycore.shapes.mark_grid`, as in print; style.css: .cell[data-spots]), in
        cells from the grid's top left corner."""
        r, c = divmod(i, self.cols)
        mr, mc = divmod(d - 1, self.mark_cols)
        return (c + SPOT_INSET + (mc + 0.5) * (1 - 2 * SPOT_INSET) / self.mark_cols,
                r + SPOT_INSET + (mr + 0.5) * (1 - 2 * SPOT_INSET) / self.mark_rows)

    @property
    def pitch(self) -> float:
        """The least distance between two of a cell's marks laid out by digit, in cells."""
        return (1 - 2 * SPOT_INSET) / max(self.mark_rows, self.mark_cols)

    def decorate(self, marked: dict[int, Marking]) -> None:
        """Draw these cells of the grid shown with a hint's marks, and every cell marked
        before without them (`{}`: take a hint's marks away)."""
        p = self.drawn
        if p is None:
            return
        again = set(self.marked) | set(marked)
        self.marked = marked
        changes: list[Change] = []
        for i in sorted(again):
            attributes, children = self.content(p, i)
            unmarked = dict(UNMARKED)  # what a hint's marks leave behind, then this hint's
            unmarked.update(attributes)
            changes.append((i, unmarked, children))
        update(self.name, changes)

    def draw(self, p: Puzzle, cursor: int, focus: bool = False,
             selected: frozenset[int] = frozenset()) -> bool:
        """Bring the grid in step with `p`; True when it was rebuilt for a new shape.
        `selected`: the cells besides the cursor a change applies to (drawn as selected
        when there are several)."""
        key = (p.kind, p.size, p.box, p.layout, p.regions)
        rebuilt = key != self.shape_key
        if rebuilt:
            self.build(p)
        drawn = None if rebuilt else self.variants(p)
        if drawn is not None:
            self.show_variants(drawn, p)
        conflicts = p.conflicts()
        if p.constraints:  # a broken rule's cells are marked as a clash's
            for _, cells in p.broken():
                conflicts = conflicts | frozenset(cells)
        shown = self.shown
        # the same length (a new shape was built above); MicroPython's zip has no strict=
        changed = {i for i, (a, b) in enumerate(zip(shown, p.cells)) if a is not b and a != b}  # noqa: B905
        if drawn is not None:  # each cell's label names its rules
            changed = set(range(len(p.cells)))
        changed |= conflicts ^ self.conflicts
        self.shown, self.conflicts, self.drawn = p.cells, conflicts, p
        changes: list[Change] = []
        for i in sorted(changed):
            if p.cells[i].kind != "outside":
                attributes, children = self.content(p, i)
                changes.append((i, attributes, children))
        changes += self.cursor_changes(cursor)
        many = selected if len(selected) > 1 else frozenset()
        if many != self.selected_shown:
            for i in sorted(many ^ self.selected_shown):
                changes.append((i, {"data-selected": "true" if i in many else None}, None))
            self.selected_shown = many
        if changes or focus:
            update(self.name, changes, cursor if focus else -1)
        return rebuilt

    def show_draft(self, draft: list[int] | None) -> None:
        """Jigsaw regions being painted (Givens mode's Region tool): each cell tinted by its
        region (`data-draft`, one of 12 tints; none for a cell in no region yet)."""
        wanted = tuple(draft) if draft is not None else ()
        if wanted == self.draft_shown:
            return
        old = self.draft_shown
        changes: list[Change] = []
        for i in range(max(len(old), len(wanted))):
            was = old[i] if i < len(old) else -1
            now = wanted[i] if i < len(wanted) else -1
            if was != now:
                changes.append((i, {"data-draft": str(now % 12) if now >= 0 else None}, None))
        self.draft_shown = wanted
        if changes:
            update(self.name, changes)

    def variants(self, p: Puzzle) -> Drawing | None:
        """The puzzle's variant rules drawn (pycore.app.drawing) when they are not the ones
        drawn already (None: they are; a keystroke keeps the same tuple, so this is once per
        puzzle), with each cell's rules in words for its label and the cells a cage's sum
        sits in."""
        shown = self.variants_shown
        if shown is not None and shown[1] is p.constraints and shown[0] == p.regions:
            return None
        if shown is not None and shown == (p.regions, p.constraints):
            self.variants_shown = (p.regions, p.constraints)
            return None
        self.variants_shown = (p.regions, p.constraints)
        named: list[list[str]] = [[] for _ in p.cells]
        cols, size = p.cols, p.size
        for item in p.constraints:
            if item.kind in ("diagonal+", "diagonal-"):
                cells, words = list(diagonal_cells(item.kind, p.rows, cols)), rule_name(item, size)
            elif item.kind in CLUE_KINDS:
                continue  # said in the list of rules: not on every cell of its line
            else:
                cells, words = list(item.cells), rule_name(item, size)
            for i in cells:
                if words not in named[i]:
                    named[i].append(words)
        self.rules_of = [cell_rules(words) for words in named] if p.constraints else []
        had = bool(self.sums)
        self.sums = frozenset([item.cells[0] for item in p.constraints
                               if item.kind == "killer" and getattr(item, "total", None) is not None])
        self.sums_written = had or bool(self.sums)  # the last puzzle's marks go too
        return drawing(p)

    def show_variants(self, drawn: Drawing, p: Puzzle, built: bool = False) -> None:
        """Write a drawing of the rules (`variants`) into the grid's layers (`built`: they
        are in the new grid's nodes already), and the rules' list in words."""
        name = self.name
        if not built:
            build_children(self.under, drawn.under)
            build_children(self.over, drawn.over)
        set_attribute(name, "data-variant", "" if drawn.under or drawn.over else None)
        set_attribute(name, "data-margin", "" if drawn.margin else None)
        build_children(self.rules_list, [["li", {}, describe(item, p.cols)] for item in p.constraints])

    def build(self, p: Puzzle) -> None:
        self.shape_key = (p.kind, p.size, p.box, p.layout, p.regions)
        self.variants_shown, self.sums = None, frozenset()
        self.draft_shown = ()  # new cells: no tint
        drawn = self.variants(p)
        assert drawn is not None
        rows, cols = self.rows, self.cols = p.rows, p.cols
        self.mark_rows, self.mark_cols = mark_grid(p.size)
        name = self.name  # the frame's writes go with the render's (dom.later)
        for prop, value in (("--rows", rows), ("--cols", cols), ("--mark-rows", self.mark_rows),
                            ("--mark-cols", self.mark_cols)):
            set_style(name, prop, str(value))
        set_attribute(name, "data-puzzle", p.kind)
        set_attribute(name, "data-size", str(p.size))
        set_attribute(name, "data-wide", "" if cols > 16 else None)  # a phone scrolls it in its frame
        set_attribute(name, "aria-rowcount", str(rows))
        set_attribute(name, "aria-colcount", str(cols))
        outside = p.geometry.outside
        edges = _edges(p)
        self.conflicts = frozenset()
        self.marked = {}
        # under the cells (a variant's rules, drawn by show_variants); the cells see-through
        built: list[Node] = [["svg", {"id": self.under, "class": "variant-under", "aria-hidden": "true",
                                      "viewBox": f"0 0 {cols} {rows}"}, drawn.under]]
        for r in range(rows):
            row: list[Node] = []
            for c in range(cols):
                i = r * cols + c
                attributes = {"data-row": str(r), "data-col": str(c), "data-index": str(i), "class": "cell"}
                children: list[Node] | str = ""
                if i in outside:
                    attributes.update({"data-kind": "outside", "aria-hidden": "true"})
                else:
                    attributes.update({"role": "gridcell", "tabindex": "-1"})
                    attributes.update(edges[i])
                    shown, children = self.content(p, i)
                    attributes.update({k: v for k, v in shown.items() if v is not None})
                row.append(["div", attributes, children])
            built.append(["div", {"role": "row", "class": "row"}, row])
        # over the cells: a variant's dots, sums and outside clues; taps go through it
        built.append(["svg", {"id": self.over, "class": "variant-over", "aria-hidden": "true",
                              "viewBox": f"0 0 {cols} {rows}"}, drawn.over])
        # over the cells, drawn only while a hint shows a chain; taps go through it
        built.append(["svg", {"id": self.overlay, "class": "chain", "aria-hidden": "true",
                              "viewBox": f"0 0 {cols} {rows}"}, []])
        build_children(self.name, built)
        self.show_variants(drawn, p, built=True)
        self.shown, self.drawn = p.cells, p
        self.cursor_shown = -1
        self.selected_shown = frozenset()

    def content(self, p: Puzzle, i: int) -> tuple[dict[str, str | None], list[Node] | str]:
        """Cell i's attributes (None: removed) and children: its digit, or its centre marks
        (centred) and corner marks (in the corners), over its colours; with a shown hint's
        marks (`decorate`)."""
        cell = p.cells[i]
        clash = i in self.conflicts
        r, c = divmod(i, p.cols)
        hint = self.marked.get(i)
        attributes: dict[str, str | None] = {
            "data-kind": cell.kind,
            "data-conflict": "true" if clash else None,
            "aria-label": cell_label(r, c, cell, clash, self.rules_of[i] if self.rules_of else ""),
            "data-colours": " ".join([str(k) for k in sorted(cell.colours)]) or None,
        }
        if self.sums_written:  # a cage's sum in its corner: the corner marks make room for it
            attributes["data-cage-sum"] = "" if i in self.sums else None
        if hint is not None:  # an unmarked cell's class and hint attributes stay as they are
            attributes["class"] = " ".join(["cell"] + hint.classes)  # noqa: RUF005  # MicroPython: no [a, *b]
            attributes.update(hint.attributes)
        under: list[Node] = [fill_of(cell.colours)] if cell.colours else []
        if hint is not None and hint.ghosts and cell.kind == "empty":
            under.append(self.ghosts(hint.ghosts))
            if cell.corner:
                under += [" ", ["span", {"class": "corners"}, corner_nodes(cell.corner)]]
            return attributes, under
        if not shows_marks(cell):
            text = str(cell.digit) if cell.digit else ""
            if not under:
                return attributes, text
            return attributes, under + [text]  # noqa: RUF005  # MicroPython: no [*a, b]
        marks: list[Node] = []
        for d in sorted(cell.candidates):
            if marks:
                marks.append(" ")  # keeps textContent a readable list: "1 3 7"
            marks.append(self.mark(d, hint))
        children: list[Node] = under + ([["span", {"class": "centre"}, marks]] if marks else [])
        if cell.corner:
            if marks:
                children.append(" ")
            children.append(["span", {"class": "corners"}, corner_nodes(cell.corner)])
        return attributes, children

    def ghosts(self, ghosts: dict[int, str]) -> Node:
        """The digits a hint shows in a cell without pencil marks, as marks of its classes
        (a pattern's digit, a removed one), large: one or two as big as a mark can be."""
        marks: list[Node] = []
        for d in sorted(ghosts):
            if marks:
                marks.append(" ")
            marks.append(["span", {"class": "mark " + ghosts[d]}, str(d)])
        return ["span", {"class": "centre", "data-ghosts": str(min(len(ghosts), 3))}, marks]

    def mark(self, d: int, hint: Marking | None) -> Node:
        """A centre mark; a hint's class on it, and its place in the cell's little grid
        while a chain is drawn through the cell (data-spots)."""
        if hint is None:
            return ["span", {"class": "mark"}, str(d)]
        kind = hint.digits.get(d)
        node: list[Any] = ["span", {"class": "mark " + kind if kind else "mark"}, str(d)]
        if hint.spots:
            row, col = divmod(d - 1, self.mark_cols)
            node.append({"grid-area": f"{row + 1} / {col + 1}"})
        return node

    def cursor_changes(self, i: int) -> list[Change]:
        """The cursor leaves its old cell for cell i (one tab stop, the selected cell)."""
        old, self.cursor_shown = self.cursor_shown, i
        if old == i:
            return []
        changes: list[Change] = []
        if 0 <= old < len(self.shown):
            changes.append((old, {"tabindex": "-1", "aria-selected": None}, None))
        changes.append((i, {"tabindex": "0", "aria-selected": "true"}, None))
        return changes


def build_pad(pad: str, size: int) -> None:
    """Buttons 1..size and erase in the element with id `pad`; on a phone one row (two for
    16 or 25 digits, --pad-cols)."""
    keys = size + 1
    set_style(pad, "--pad-cols", str(keys if keys <= 10 else -(-keys // 2)))
    build_children(pad, [["button", {"type": "button", "data-digit": str(d) if d else "erase",
                              "aria-label": f"Enter {d}" if d else "Erase"}, str(d) if d else "⌫"]
                  for d in list(range(1, size + 1)) + [0]])  # noqa: RUF005  # MicroPython: no [*a, b]
