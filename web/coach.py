"""Hint and New puzzle: the technique engine's next step drawn on the grid, and new puzzles
made offline.

The techniques and the generator are imported on the first Hint or New puzzle press
(start-up needs neither; this module itself imports only the page's own). A hint takes
two presses. The first finds the simplest step (`pycore.solve.techniques.next_step`)
on the grid as it is, marks its pattern and the digits it places or removes on the
cells (classes and data attributes that style.css draws), and puts its explanation in
the message line; the second applies it as one undoable edit. Any other change to the
grid takes a shown hint away.

A new puzzle is made by `pycore.solve.generate.making` in pieces of one uniqueness check
or one grading: the page runs pieces for a few milliseconds, then awaits, so the browser
paints "Making a puzzle…" and keeps answering taps while the puzzle is made.
"""

from __future__ import annotations

import asyncio
import importlib
import random
import sys
import time
from typing import TYPE_CHECKING, Any, Protocol

from dom import by_id, set_property
from grid_view import GridView
from page_api import PageApi

from pycore.errors import PuzzleError
from pycore.model import Puzzle

if TYPE_CHECKING:  # imported on first use
    from pycore.solve.techniques import Step

NO_STEP = "No step found with the techniques I know: the next move needs a guess."
SLICE = 0.025
"""Seconds of generating before the browser gets the main thread back (one frame or two)."""
EASY_ONLY = (4, 25)
"""Grid sizes made easy only: a 25x25 is too big to grade, a 4x4 too small to be hard."""
# what the cells of a shown hint carry (style.css draws them; tests read them)
PATTERN, TARGET = "hint-pattern", "hint-target"
PLACE, REMOVE, DIGIT = "hint-place", "hint-remove", "hint-digit"
CELL_MARKS = (PATTERN, TARGET)
SPAN_MARKS = (PLACE, REMOVE, DIGIT)
ATTRIBUTES = ("data-hint-place", "data-hint-remove")
LETTERS = {"x", "xy", "xyz", "wxyz", "w", "als", "xz", "bug"}
ENGINE = ("pycore.solve", "pycore.solve.techniques", "pycore.solve.generate")
"""What New puzzle imports, a package per task (the page paints in between)."""


class CoachPage(PageApi, Protocol):
    view: GridView


def technique_words(name: str) -> str:
    """A technique's name as a player reads it: "naked-pair" -> "Naked pair", "xy-wing" -> "XY-wing"."""
    words = name.split("-")
    out = ""
    for i, word in enumerate(words):
        letters = word in LETTERS
        if i:
            out += "-" if words[i - 1] in LETTERS else " "
        out += word.upper() if letters else word
    return out[:1].upper() + out[1:]


LEVEL_NAMES = ("easy", "medium", "hard", "unfair", "extreme")  # the level menu's options


def offer_levels(size: int) -> None:
    """The New puzzle level menu offers what a grid of this many digits can be made at
    (its options have ids level-easy ...; the writes go with the render's)."""
    for level in LEVEL_NAMES:
        set_property(f"level-{level}", "disabled", size in EASY_ONLY and level != "easy")
    if size in EASY_ONLY:
        set_property("level", "value", "easy")


class Coach:
    """The shown hint (if any) and the puzzle being made (if any)."""

    def __init__(self, page: CoachPage) -> None:
        self.page = page
        self.shown: tuple[Puzzle, Step] | None = None
        self.words = ""  # the message the shown hint put up
        self.marked: list[Any] = []  # cells and marks carrying a hint's classes
        self.busy = False

    # -- hint ----------------------------------------------------------------------

    def hint(self) -> None:
        """First press: show the next step. Second press on the same grid: apply it."""
        from pycore.solve import count_solutions, techniques
        from pycore.solve.start import NoSolution

        p = self.page.editor.puzzle
        if self.shown is not None and self.shown[0] is p:
            self.apply()
            return
        self.clear()
        if p.is_solved:
            self.page.say("Solved: there is nothing left to hint.")
            return
        try:
            count = count_solutions(p, limit=2)
            # uniqueness techniques hold only for a puzzle with one solution
            step = techniques.next_step(p, uniqueness=count == 1) if count else None
        except NoSolution:
            count, step = 0, None
        except PuzzleError as err:
            self.page.say(f"No hint for this grid.\n({err})", error=True)
            return
        if count == 0:
            self.page.say("Something is wrong: no solution fits the digits on the grid.", error=True)
            return
        if step is None:
            self.page.say(NO_STEP)
            return
        # the cursor goes to the first cell the step changes, ready for the player's digit
        changed = (*step.placements, *step.eliminations)
        if changed:
            self.page.editor.select(changed[0][0])
        self.page.render(focus=True)
        self.shown = (p, step)
        self.mark(step)
        name = technique_words(step.technique)
        if name[1:2].islower():  # "hidden single", but "XY-wing"
            name = name[0].lower() + name[1:]
        because = step.explanation.rstrip().removesuffix(".")
        # one paragraph: on a phone every line of it pushes the grid down
        self.words = f"Hint: {because} ({name}). Press Hint again to apply it."
        self.page.say(self.words)

    def apply(self) -> None:
        """The shown step, applied as one edit that Undo takes back."""
        from pycore.solve import techniques

        assert self.shown is not None
        p, step = self.shown
        self.page.editor.replace(techniques.apply(p, step))
        placed, removed = len(step.placements), len(step.eliminations)
        done = [f"placed {placed} digit{'s' * (placed != 1)}"] if placed else []
        if removed:
            done.append(f"removed {removed} candidate{'s' * (removed != 1)}")
        self.page.say(f"Hint applied: {' and '.join(done)}. Undo takes it back.")
        self.page.render()  # the grid changed: follow() takes the marks away

    def follow(self, p: Puzzle) -> None:
        """After every render: a grid that is no longer the hinted one loses the hint."""
        if self.shown is not None and self.shown[0] is not p:
            self.clear()

    def clear(self) -> None:
        if self.shown is None:
            return
        self.shown = None
        for el in self.marked:
            el.classList.remove(*CELL_MARKS, *SPAN_MARKS)
            for name in ATTRIBUTES:
                el.removeAttribute(name)
        self.marked = []
        if self.page.said == self.words:
            self.page.say("")

    def mark(self, step: Step) -> None:
        """The step on the grid: pattern cells, then the digits placed, removed and used."""
        wanted: dict[int, dict[int, str]] = {}  # cell -> digit -> its class
        for i in step.cells:
            wanted.setdefault(i, {}).update({d: DIGIT for d in step.digits})
        for i, d in step.eliminations:
            wanted.setdefault(i, {})[d] = REMOVE
        for i, d in step.placements:
            wanted.setdefault(i, {})[d] = PLACE
        targets = {i for i, _ in (*step.placements, *step.eliminations)}
        for i, digits in wanted.items():
            el = self.page.view.element(i)
            self.marked.append(el)
            if i in step.cells:
                el.classList.add(PATTERN)
            if i in targets:
                el.classList.add(TARGET)
            spans = {int(s.textContent): s for s in el.querySelectorAll(".mark")}
            on_cell: dict[str, list[str]] = {PLACE: [], REMOVE: []}
            for d, kind in sorted(digits.items()):
                if d in spans:
                    spans[d].classList.add(kind)
                    self.marked.append(spans[d])
                if kind == PLACE or (kind == REMOVE and d not in spans):
                    on_cell[kind].append(str(d))  # drawn on the cell itself, big enough to see
            for kind, name in ((PLACE, "data-hint-place"), (REMOVE, "data-hint-remove")):
                if on_cell[kind]:
                    el.setAttribute(name, " ".join(on_cell[kind]))

    # -- new puzzle ----------------------------------------------------------------

    async def new_puzzle(self, shape: str, level: str) -> None:
        """Make a puzzle of the shape and level in pieces, then open it like a link."""
        if self.busy:
            return
        button = by_id("new")
        self.busy = True
        button.disabled = True
        button.setAttribute("aria-busy", "true")
        self.page.say("Making a puzzle…")
        for name in ENGINE:  # the first time: one import per task, not one long freeze
            if name not in sys.modules:
                await asyncio.sleep(0)
                importlib.import_module(name)
        from pycore.solve.generate import GenerateFailed, making

        started = time.perf_counter()
        work = making(shape, level, random.SystemRandom().randrange(2**32))
        puzzle: Puzzle | None = None
        shown_seconds = 0
        try:
            while puzzle is None:
                until = time.perf_counter() + SLICE
                try:
                    while time.perf_counter() < until:
                        next(work)
                except StopIteration as done:
                    puzzle = done.value
                await asyncio.sleep(0)  # the browser paints and answers input here
                waited = int(time.perf_counter() - started)
                if puzzle is None and waited >= 2 and waited != shown_seconds:
                    shown_seconds = waited  # a slow shape (a samurai, a 16x16) shows it is alive
                    self.page.say(f"Making a puzzle… ({waited} s so far)")
        except GenerateFailed:
            self.page.say(f"No {level} puzzle of this shape turned up this time. "
                          "Try again, or pick another level.", error=True)
        except (ValueError, PuzzleError) as err:
            self.page.say(f"Could not make that puzzle.\n({err})", error=True)
        finally:
            self.busy = False
            button.disabled = False
            button.removeAttribute("aria-busy")
        if puzzle is None:
            return
        self.page.show(puzzle, "new")
        took = time.perf_counter() - started
        givens = sum(1 for c in puzzle.cells if c.kind == "given")
        self.page.say(f"A new {level} puzzle, {givens} givens (made in {took:.1f} s). Have fun!")
        self.page.render()
