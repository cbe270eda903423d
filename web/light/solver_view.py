"""Hint, the solution path and New puzzle: the technique engine's next step drawn on the
grid, every step from the grid as it is, and new puzzles made offline.

Both are the heavy worker's work (web/heavy/heavy.py: the techniques and the generator run in
Pyodide, off the main thread); this module draws what it answers. A hint takes two
presses. The first asks for the simplest step on the grid as it is, marks its pattern
and the digits it places or removes on the cells (classes and data attributes that
style.css draws), draws a chain's links over the grid (an SVG in cell units, so it
follows the grid's size; hidden from screen readers, which read the explanation), and
puts its explanation in the message line; the second applies it as one undoable edit.
Any other change to the grid takes a shown hint away. While a puzzle is being made the
message line counts the seconds, and the page keeps answering.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from dom import FACTS, Facts, Node, build_children, flush, set_attribute, set_property, spawn
from grid_view import GridView, Marking, shows_marks
from heavy_client import puzzle_of, state_of
from page_api import PageApi

from pycore.app import messages
from pycore.app.editor import keep_notes, tidy_marks
from pycore.model import Puzzle
from pycore.shapes import LEVELS, levels_made, shape_of

# what the cells of a shown hint carry (style.css draws them; tests read them)
PATTERN, TARGET = "hint-pattern", "hint-target"
PLACE, REMOVE, DIGIT = "hint-place", "hint-remove", "hint-digit"
STALE = "hint-stale"  # a pencil mark a digit placed in the cell's houses rules out
BEND, MOST_BEND = 0.12, 0.3  # how far a link's curve pulls to one side: in parts of its
# length, and at most in cells (its middle goes half as far)
NODE = 0.36  # a candidate's ring's radius, in parts of the distance between two marks' places

if TYPE_CHECKING:
    from collections.abc import Callable

    Spot = Callable[[int, int], tuple[float, float]]


class CoachPage(PageApi, Protocol):
    view: GridView


# The level the New puzzle menu shows: as the page started with it, then as its change
# events said.
LEVEL = [FACTS["level"]]


def offer_levels(p: Puzzle) -> None:
    """The New puzzle level menu offers the levels the generator always makes for this
    grid's shape (`pycore.shapes.levels_made`; its options have ids level-easy ...; the
    writes go with the render's). A level the shape cannot make gives way to the hardest
    one it can."""
    made = levels_made(shape_of(p) or "")
    for level in LEVELS:
        set_property(f"level-{level}", "disabled", level not in made)
    if LEVEL[0] not in made:
        LEVEL[0] = made[-1]
        set_property("level", "value", LEVEL[0])


def on_level(event: Facts) -> None:
    LEVEL[0] = str(event["value"])


class Coach:
    """The shown hint (if any) and the puzzle being made (if any)."""

    def __init__(self, page: CoachPage) -> None:
        self.page = page
        self.shown: tuple[Puzzle, dict[str, Any]] | None = None  # the grid and the worker's step
        self.words = ""  # the message the shown hint put up
        self.chained = False  # a chain is drawn over the grid
        self.busy = False
        self.cancelled = False  # Cancel was pressed while the puzzle was being made
        self.path_open = False  # the Solution path panel, as its toggle events said
        self.walked: Puzzle | None = None  # the grid whose path is shown or asked for
        self.walking = False  # a question for a path is with the worker

    # -- hint ----------------------------------------------------------------------

    async def hint(self) -> None:
        """First press: show the next step. Second press on the same grid: apply it."""
        p = self.page.editor.puzzle
        if self.shown is not None and self.shown[0] is p:
            self.apply()
            return
        self.clear()
        said = None
        for _ in range(3):  # the player may go on while the worker thinks (or starts): the
            said = await self.page.ask_heavy("hint", state_of(p))  # hint is for the grid now
            if said is None or self.page.editor.puzzle is p:
                break
            p = self.page.editor.puzzle
        if said is None or self.page.editor.puzzle is not p:
            return
        step = said.get("step")
        if step is None:
            self.page.say(said["said"], error=said["error"])
            set_attribute("message", "data-hint", "")  # laid over, not in the grid's way
            return
        # the cursor goes to the first cell the step changes, ready for the player's digit
        changed = step["placements"] + step["eliminations"]
        if changed:
            self.page.editor.select(changed[0][0])
        self.page.render(focus=True)
        self.shown = (p, said)
        self.mark(p, step)
        self.words = said["said"]
        self.page.say(self.words)
        # a hint's words are laid over the controls above the message line (style.css),
        # so however long they are, the grid and the buttons below never move
        set_attribute("message", "data-hint", "")

    def apply(self) -> None:
        """The shown step, applied as one edit that Undo takes back: a digit it places
        leaves the centre and corner marks of the cells that see it, in the same step."""
        assert self.shown is not None
        said = self.shown[1]
        before = self.page.editor.puzzle
        placed = [(int(i), int(d)) for i, d in said["step"]["placements"]]
        self.page.editor.replace(tidy_marks(keep_notes(before, puzzle_of(said["applied"])), placed))
        self.page.say(said["applied_said"])
        set_attribute("message", "data-hint", "")  # where the hint's words were: nothing moves
        self.page.finished(before)  # a hint that places the last digit solves the grid
        self.page.render()  # the grid changed: follow() takes the marks away

    def follow(self, p: Puzzle) -> None:
        """After every render: a grid that is no longer the hinted one loses the hint, and
        an open Solution path panel follows the grid."""
        if self.shown is not None and self.shown[0] is not p:
            self.clear()
        if self.path_open:
            self.walk(p)

    def clear(self) -> None:
        if self.shown is None:
            return
        self.shown = None
        self.page.view.decorate({})
        if self.chained:
            build_children(self.page.view.overlay, [])
            self.chained = False
        if self.page.said == self.words:
            self.page.say("")

    def mark(self, p: Puzzle, step: dict[str, Any]) -> None:
        """The step on the grid: pattern cells, then the digits placed, removed and used,
        and a chain's links over it."""
        view = self.page.view
        marked: dict[int, Marking] = {}
        pattern = set(step["cells"]) | set(step.get("house", []))
        targets = {i for i, _ in step["placements"] + step["eliminations"]}
        # a chain writes its own digits in its rings; other patterns show theirs as marks
        # in the cells that have none (`ghosts`)
        chained = {c for link in step.get("links", []) for c in (link[0], link[2])}
        for i in sorted(pattern | targets):
            hint = marked[i] = Marking()
            hint.classes = [name for name, on in ((PATTERN, i in pattern), (TARGET, i in targets)) if on]
            digits = dict.fromkeys(step["digits"], DIGIT) if i in pattern else {}
            digits.update({d: REMOVE for c, d in step["eliminations"] if c == i})
            digits.update({d: PLACE for c, d in step["placements"] if c == i})
            shown = p.cells[i].candidates if shows_marks(p.cells[i]) else frozenset()
            hint.digits = {d: kind for d, kind in digits.items() if d in shown}
            # marks a digit placed since rules out (the setting off, as in SudokuPad): the
            # step reads the cell without them, so they are drawn struck through
            if shown:
                able = p.open_digits(i)
                hint.digits.update({d: STALE for d in shown if d not in able and d not in hint.digits})
            if p.cells[i].kind == "empty":  # no marks: the digits the hint uses, drawn here
                open_digits = p.open_digits(i) if i not in chained else []
                hint.ghosts = {d: kind for d, kind in digits.items()
                               if kind == REMOVE or (kind == DIGIT and d in open_digits)}
            # a digit placed, or removed where the cell shows no such mark: drawn on the
            # cell itself, big enough to see
            for kind, name in ((PLACE, "data-hint-place"), (REMOVE, "data-hint-remove")):
                on_cell = [str(d) for d in sorted(digits)
                           if digits[d] == kind and (kind == PLACE or d not in shown)]
                if on_cell:
                    hint.attributes[name] = " ".join(on_cell)
        if step.get("links"):
            self.chain(p, step["links"], marked)
        view.decorate(marked)

    def chain(self, p: Puzzle, links: list[list[Any]], marked: dict[int, Marking]) -> None:
        """A chain's links over the grid, from candidate to candidate. The cells it passes
        through lay their pencil marks out by digit (data-spots), as in print, so that each
        link meets its digit; a candidate that its cell does not show (a cell without pencil
        marks) is written in its ring."""
        view = self.page.view
        nodes: list[tuple[int, int]] = []
        for a, da, b, db, _ in links:
            for node in ((a, da), (b, db)):
                if node not in nodes:
                    nodes.append(node)
        shown: dict[int, list[int]] = {}
        for cell in sorted({c for c, _ in nodes}):
            hint = marked.setdefault(cell, Marking())
            hint.spots = True
            hint.attributes["data-spots"] = ""
            shown[cell] = sorted(p.cells[cell].candidates) if shows_marks(p.cells[cell]) else []
        centre = (view.cols / 2, view.rows / 2)
        build_children(view.overlay, chain_drawing(view.spot, view.pitch, centre, view.overlay,
                                                   links, nodes, shown))
        self.chained = True

    # -- solution path -------------------------------------------------------------------

    def on_path_toggle(self, event: Facts) -> None:
        self.path_open = bool(event["open"])
        if self.path_open:
            self.walk(self.page.editor.puzzle)

    def walk(self, p: Puzzle) -> None:
        """The path of the grid as it is, asked of the worker once per state and one
        question at a time: a grid changed while the worker walks is asked for when its
        answer comes, so fast typing never queues a walk per key."""
        if self.walked is p:
            return
        self.walked = p
        if not self.walking:
            self.walking = True
            spawn(self.ask_path(), busy=False)

    async def ask_path(self) -> None:
        """Ask for the path, a stretch at a time (web/heavy/heavy.py `path`, then `path_more`
        while it says there is more), each stretch shown as it comes: a famous hard
        puzzle's path, through guesses and forcing nets, takes the worker seconds, and it
        answers Hint and Check between stretches. A changed grid starts a new walk; a
        closed panel stops asking (and its next opening walks again)."""
        asked: Puzzle | None = None
        state = ""
        lines: list[str] = []
        try:
            while self.walked is not None:
                if not self.path_open:
                    self.walked = None
                    return
                if asked is not self.walked:
                    asked = self.walked
                    state = state_of(asked)
                    lines = []
                    set_property("path-note", "textContent", messages.WORKING_OUT_PATH)
                    set_attribute("path-note", "data-kind", "info")
                    flush()
                    said = await self.page.ask_heavy("path", state, busy=False)
                else:
                    said = await self.page.ask_heavy("path_more", state, busy=False)
                if said is None:
                    self.walked = None  # asked again when the panel or the grid next changes
                    return
                if said.get("gone"):
                    asked = None  # the worker walks another path now: this one again
                    continue
                if asked is not self.walked:
                    continue  # the grid changed meanwhile: its own path
                lines.extend(said.get("steps", []))
                set_property("path-note", "textContent", said["said"])
                set_attribute("path-note", "data-kind", "error" if said["error"] else "info")
                build_children("path-list", [["li", {}, line] for line in lines])
                flush()
                if not said.get("more"):
                    return
        finally:
            self.walking = False

    # -- new puzzle ----------------------------------------------------------------

    async def new_puzzle(self, shape: str, level: str, seed: str = "") -> None:
        """Have the worker make a puzzle of the shape and level, then open it like a link;
        a slow shape (a samurai, a 16x16) shows it is alive by counting the seconds and
        the solved grids dug, and Cancel (#cancel-new, shown meanwhile) stops it, leaving
        the grid as it was. The worker takes other calls (Hint, Check, the link) between
        the generator's steps."""
        if self.busy:
            return
        self.busy = True
        self.cancelled = False
        set_property("new", "disabled", True)
        set_attribute("new", "aria-busy", "true")
        set_property("cancel-new", "hidden", False)
        self.page.say(messages.MAKING_PUZZLE, here=True)
        ticking = asyncio.create_task(self.tick())
        try:
            said = await self.page.ask_heavy("new_puzzle", shape, level, seed)
        finally:
            ticking.cancel()
            self.busy = False
            set_property("new", "disabled", False)
            set_attribute("new", "aria-busy", None)
            set_property("cancel-new", "hidden", True)
        if said is None:
            return
        if "state" not in said:
            self.page.say(said["said"], error=said["error"], here=True)
            return
        if self.cancelled:  # Cancel came too early or too late for the worker: not shown either
            self.page.say(messages.PUZZLE_CANCELLED, here=True)
            return
        self.page.show(puzzle_of(said["state"]), "new", here=True)
        self.page.say(said["said"])
        self.page.render()

    async def cancel_puzzle(self, event: Facts) -> None:
        """Cancel: the worker stops the puzzle being made at its next pause, and New
        puzzle's call answers that it was cancelled."""
        if not self.busy:
            return
        self.cancelled = True
        set_property("cancel-new", "hidden", True)
        self.page.say(messages.CANCELLING_PUZZLE)
        await self.page.ask_heavy("cancel_puzzle", busy=False)

    async def tick(self) -> None:
        """Every second: the seconds so far and the worker's try (`puzzle_progress`)."""
        waited = 0
        while True:
            await asyncio.sleep(1)
            waited += 1
            progress = await self.page.ask_heavy("puzzle_progress", busy=False)
            if self.busy and not self.cancelled and progress is not None:
                self.page.say(messages.making_puzzle_for(waited, progress["attempt"]))


# -- a chain over the grid ---------------------------------------------------------------


def chain_drawing(spot: Spot, pitch: float, centre: tuple[float, float], name: str,
                  links: list[list[Any]], nodes: list[tuple[int, int]],
                  shown: dict[int, list[int]]) -> list[Node]:
    """The SVG's children for a chain: each link a gentle curve from candidate to candidate
    (`spot`: where a cell's digit sits, in cells; `pitch`: the distance between two marks'
    places), bowing towards the grid's `centre`, strong solid and weak dashed, each with an
    arrowhead of its kind (markers whose ids start with `name`); then a ring round each
    candidate, with its digit where its cell does not show it (`shown`: the marks each cell
    shows)."""
    radius = NODE * pitch
    width = pitch / 6
    drawn: list[Node] = [["defs", {}, [_arrowhead(name, "strong"), _arrowhead(name, "weak")]]]
    for a, da, b, db, strong in links:
        kind = "strong" if strong else "weak"
        line = {"class": "chain-link", "data-link": kind, "fill": "none",
                "d": _curve(spot(a, da), spot(b, db), centre, radius), "stroke-width": _num(width),
                "marker-end": "url(#" + name + "-" + kind + ")"}
        if not strong:
            line["stroke-dasharray"] = _num(width * 2.5) + " " + _num(width * 1.5)
        drawn.append(["path", line, []])
    for cell, digit in nodes:
        x, y = spot(cell, digit)
        drawn.append(["circle", {"class": "chain-node", "cx": _num(x), "cy": _num(y),
                                 "r": _num(radius), "stroke-width": _num(width * 0.75)}, []])
        if digit not in shown.get(cell, []):
            drawn.append(["text", {"class": "chain-digit", "x": _num(x), "y": _num(y),
                                   "font-size": _num(radius * 1.5), "text-anchor": "middle",
                                   "dominant-baseline": "central"}, str(digit)])
    return drawn


def _arrowhead(name: str, kind: str) -> Node:
    """A marker drawn at a link's end, in the link's stroke widths (so it scales with it)."""
    return ["marker", {"id": name + "-" + kind, "class": "chain-arrow", "data-link": kind,
                       "viewBox": "0 0 10 10", "refX": "8", "refY": "5", "markerWidth": "3.5",
                       "markerHeight": "3.5", "orient": "auto"},
            [["path", {"d": "M0 0L10 5L0 10z"}, []]]]


def _curve(start: tuple[float, float], end: tuple[float, float], centre: tuple[float, float],
           radius: float) -> str:
    """A quadratic curve from start to end that bows towards `centre` (a link along the
    grid's edge stays on the grid), cut short by `radius` at both ends so that it meets the
    candidates' rings."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    bend = min(BEND, MOST_BEND / max((dx * dx + dy * dy) ** 0.5, 0.001))
    if dy * (centre[0] - mx) - dx * (centre[1] - my) < 0:
        bend = -bend
    cx, cy = mx + dy * bend, my - dx * bend
    sx, sy = _toward(x1, y1, cx, cy, radius)
    ex, ey = _toward(x2, y2, cx, cy, radius)
    return ("M" + _num(sx) + " " + _num(sy) + "Q" + _num(cx) + " " + _num(cy) + " "
            + _num(ex) + " " + _num(ey))


def _toward(x: float, y: float, tx: float, ty: float, step: float) -> tuple[float, float]:
    """(x, y) moved `step` towards (tx, ty): a curve leaves its end towards its control point."""
    dx, dy = tx - x, ty - y
    length = (dx * dx + dy * dy) ** 0.5
    if length <= step:
        return x, y
    return x + dx * step / length, y + dy * step / length


def _num(x: float) -> str:
    """A coordinate in cells, to a thousandth (short JSON, and no float noise)."""
    text = str(round(x, 3))
    return text[:-2] if text.endswith(".0") else text
