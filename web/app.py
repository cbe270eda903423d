"""The page's Python: DOM events go to `pycore.editor`, `editor.puzzle` comes back as DOM.

No codec logic lives here: links are read with `pycore.links.read` and made with
`pycore.links.share`. Decoded content reaches the DOM
only through `textContent` and attributes, never as HTML.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import random
from typing import Any

from page_tools import Tools  # imports, exports, QR, print (web/page_tools.py)
from pyodide.ffi import create_proxy
from pyscript import document, window

from pycore import links, persist
from pycore.editor import MODE_LABELS, Editor, describe
from pycore.errors import FormatError, PuzzleError
from pycore.links import share
from pycore.model import Cell, Puzzle
from pycore.shapes import SHAPES, blank_shape, shape_of

DEFAULT_SHAPE = "sudoku-9"
SHORTEST = ""  # the format menu's value for "the shortest lossless link"
CUSTOM_SHAPE = "custom"

# The solver is optional: its buttons appear only when pycore.solve is there, and it is
# imported on the first click, so that start-up does not wait for it.
HAS_SOLVER = importlib.util.find_spec("pycore.solve") is not None


def solver() -> Any:
    return importlib.import_module("pycore.solve")


def by_id(name: str) -> Any:
    return document.getElementById(name)


def mark_size(n: int) -> tuple[int, int]:
    """Rows and columns of the little grid a cell's pencil marks sit in."""
    for rows, cols in ((1, 3), (2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)):
        if rows * cols >= n:
            return rows, cols
    return 5, 5


class Page:
    """The one page: builds the grid for a puzzle's shape and keeps it in step with the editor."""

    def __init__(self) -> None:
        self.grid = by_id("grid")
        self.message = by_id("message")
        self.editor = Editor(blank_shape(DEFAULT_SHAPE), mode="given")
        self.format = SHORTEST
        self.cells: list[Any] = []
        self.shown: tuple[Cell, ...] = ()
        self.conflicts: frozenset[int] = frozenset()
        self.shape_key: tuple[object, ...] = ()
        self.cursor_shown = -1
        self.proxies: list[Any] = []
        self.base = str(window.location.href).split("#", 1)[0]
        self.keeper = Keeper(self)  # saved grids and the recent list
        # the puzzle and format the link was last made for, and the lossless fragment ("" if none)
        self.shared: tuple[Puzzle | None, str, str] = (None, SHORTEST, "")

    # -- wiring ----------------------------------------------------------------

    def on(self, element: Any, event: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(event, proxy)

    def start(self) -> None:
        self.tools = Tools(self)
        self.tools.start()
        shape = by_id("shape")
        for name, label in SHAPES:
            shape.append(self.option(name, label))
        fmt = by_id("format")
        fmt.append(self.option(SHORTEST, "Shortest (no loss)"))
        for name in links.link_formats():
            fmt.append(self.option(name, name))

        self.on(shape, "change", self.on_shape)
        self.on(fmt, "change", self.on_format)
        self.on(by_id("open-form"), "submit", self.on_open)
        self.on(by_id("modes"), "change", self.on_mode)
        self.on(self.grid, "keydown", self.on_key)
        self.on(self.grid, "click", self.on_click)
        self.on(by_id("pad"), "click", self.on_pad)
        self.on(by_id("undo"), "click", lambda e: self.act(self.editor.undo))
        self.on(by_id("redo"), "click", lambda e: self.act(self.editor.redo))
        self.on(by_id("fill"), "click", lambda e: self.act(self.editor.fill_candidates))
        self.on(by_id("clear"), "click", lambda e: self.act(self.editor.clear_entries))
        self.on(by_id("copy"), "click", self.on_copy)
        self.on(window, "hashchange", self.on_hashchange)
        if HAS_SOLVER:
            self.wire_solver()

        for name in ("shape", "format", "open-text", "open", "modes", "undo", "redo", "fill",
                     "clear", "copy"):
            by_id(name).disabled = False
        hash_ = str(window.location.hash)
        if not (len(hash_) > 1 and self.open(hash_, fresh=True)):
            self.keeper.restore()  # no link, or a bad one: the saved grid (if any) reopens
        self.render()
        self.keeper.start()
        by_id("loading").hidden = True
        root = document.documentElement
        # PYCORE_SNAPSHOT is set only inside the build's memory snapshot (web/snapshot.mjs):
        # what tests and benchmarks read to tell a restored start from a fresh one.
        root.setAttribute("data-started-from", "snapshot" if os.environ.get("PYCORE_SNAPSHOT") else "fresh")
        root.setAttribute("data-ready", "true")

    @staticmethod
    def option(value: str, label: str) -> Any:
        opt = document.createElement("option")
        opt.value = value
        opt.textContent = label
        return opt

    # -- events ------------------------------------------------------------------

    def act(self, action: Any, *args: Any) -> None:
        """Run one editor action, then show the result."""
        action(*args)
        self.render()

    def on_key(self, event: Any) -> None:
        if self.editor.key(str(event.key), ctrl=bool(event.ctrlKey or event.metaKey),
                           shift=bool(event.shiftKey), alt=bool(event.altKey)):
            event.preventDefault()
            self.render(focus=True)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-index]")
        if target:  # JavaScript null arrives as a falsy JsNull, not None
            self.editor.click(int(target.getAttribute("data-index")))
            self.render(focus=True)

    def on_pad(self, event: Any) -> None:
        button = event.target.closest("button")
        if not button:
            return
        digit = str(button.getAttribute("data-digit") or "")
        if digit == "erase":
            self.act(self.editor.erase)
        elif digit.isdigit():
            self.act(self.editor.enter, int(digit))

    def on_mode(self, event: Any) -> None:
        self.act(self.editor.set_mode, str(event.target.value))

    def on_shape(self, event: Any) -> None:
        name = str(event.target.value)
        if name != CUSTOM_SHAPE:
            self.editor.replace(blank_shape(name))
            self.editor.set_mode("given")
            self.keeper.detach()
            self.say("")
            self.render()

    def on_format(self, event: Any) -> None:
        self.format = str(event.target.value)
        self.render()

    def on_open(self, event: Any) -> None:
        event.preventDefault()  # before any await: the form must never submit
        self.tools.open_pasted(by_id("open-text"))

    def on_hashchange(self, event: Any) -> None:
        try:
            current = share(self.editor.puzzle, self.format or None).fragment
        except FormatError:  # the chosen format cannot hold this grid: no link of it to compare
            current = ""
        if str(window.location.hash)[1:] != current:
            if not self.open(str(window.location.hash)):
                self.restore_link()
            self.render()

    def restore_link(self) -> None:
        """A bad link typed into the address bar never stays there: the grid's own link returns."""
        try:
            good = share(self.editor.puzzle)
        except FormatError:
            return
        if not good.lost:
            with contextlib.suppress(Exception):
                window.history.replaceState(None, "", f"#{good.fragment}")

    async def on_copy(self, event: Any) -> None:
        field = by_id("link")
        try:
            await window.navigator.clipboard.writeText(field.value)
            by_id("share-note").textContent = "Link copied."
        except Exception:
            field.select()
            by_id("share-note").textContent = "Select the link and copy it (Ctrl+C)."

    # -- actions ---------------------------------------------------------------

    def open(self, text: str, fresh: bool = False) -> bool:
        """Show the puzzle a link or string holds; on failure say why and keep the grid."""
        try:
            name, puzzle = links.read(text)
        except (FormatError, PuzzleError) as err:
            self.say(f"Could not open that link: {err}", error=True)
            return False
        self.show(puzzle, name, fresh)
        return True

    def show(self, puzzle: Puzzle, name: str, fresh: bool = False) -> None:
        """Put a decoded puzzle on the grid (undo takes it back unless `fresh`)."""
        self.keeper.opening(puzzle)  # its own saved slot; never over another grid
        mode = "value" if any(c.kind == "given" or c.digit for c in puzzle.cells) else "given"
        if fresh:
            self.editor.load(puzzle, mode)
        else:
            self.editor.replace(puzzle)
            self.editor.set_mode(mode)
        self.say(f"Opened a {puzzle.rows}x{puzzle.cols} {puzzle.kind} ({name} format).")

    def say(self, text: str, error: bool = False) -> None:
        self.message.textContent = text
        self.message.setAttribute("data-kind", "error" if error else "info")
        self.message.setAttribute("role", "alert" if error else "status")
        by_id("warnings").replaceChildren()  # an import's warnings go with its message
        by_id("warnings").hidden = True

    def wire_solver(self) -> None:
        """Check, hint and solve buttons, backed by pycore.solve."""
        by_id("solver").hidden = False

        def check(event: Any) -> None:
            p = self.editor.puzzle
            try:
                count = solver().count_solutions(p, limit=2)
            except PuzzleError as err:
                self.say(f"Cannot check: {err}", error=True)
                return
            done = all(c.kind in ("given", "value", "black", "outside") for c in p.cells)
            if count == 0:
                self.say("Something is wrong: no solution fits the digits on the grid.", error=True)
            elif done:
                self.say("Solved. Well done!")
            elif count == 1:
                self.say("No mistakes so far.")
            else:
                self.say("No mistakes so far, but the puzzle has more than one solution.")

        def hint(event: Any) -> None:
            try:
                found = solver().hint(self.editor.puzzle)
            except PuzzleError as err:
                self.say(f"No hint: {err}", error=True)
                return
            if found.cell is not None:
                self.editor.select(found.cell)
            self.say(f"Hint: {found.reason}.")
            self.render(focus=True)

        def solve(event: Any) -> None:
            try:
                result = solver().solve(self.editor.puzzle)
            except PuzzleError as err:
                self.say(f"Cannot solve: {err}", error=True)
                return
            self.editor.replace(result)
            self.say("Solved (Undo takes it back).")
            self.render()

        self.on(by_id("check"), "click", check)
        self.on(by_id("hint"), "click", hint)
        self.on(by_id("solve"), "click", solve)

    # -- rendering -------------------------------------------------------------

    def render(self, focus: bool = False) -> None:
        """Bring the DOM in step with the editor: the grid, controls, link and address bar."""
        ed = self.editor
        p = ed.puzzle
        key = (p.kind, p.size, p.box, p.layout)
        if key != self.shape_key:
            self.build_grid(p)
        conflicts = p.conflicts()
        changed = {i for i, (a, b) in enumerate(zip(self.shown, p.cells, strict=True)) if a != b}
        changed |= conflicts ^ self.conflicts
        self.shown, self.conflicts = p.cells, conflicts
        for i in sorted(changed):
            self.render_cell(i)
        self.render_cursor(focus)
        self.render_controls()
        self.render_share()
        self.keeper.keep()  # saved on every change
        self.tools.refresh()

    def build_grid(self, p: Puzzle) -> None:
        self.shape_key = (p.kind, p.size, p.box, p.layout)
        grid = self.grid
        grid.replaceChildren()
        rows, cols = p.rows, p.cols
        style = grid.style
        style.setProperty("--rows", str(rows))
        style.setProperty("--cols", str(cols))
        mr, mc = mark_size(p.size)
        style.setProperty("--mark-rows", str(mr))
        style.setProperty("--mark-cols", str(mc))
        grid.setAttribute("data-puzzle", p.kind)
        grid.setAttribute("data-size", str(p.size))
        grid.setAttribute("aria-rowcount", str(rows))
        grid.setAttribute("aria-colcount", str(cols))
        box_of = [0] * (rows * cols)
        for b, box in enumerate(p.geometry.boxes):
            for i in box:
                box_of[i] = b
        outside = p.geometry.outside

        def open_edge(i: int, r: int, c: int) -> bool:
            """True when the neighbour (r, c) of cell i is off the grid or outside."""
            return not (0 <= r < rows and 0 <= c < cols) or r * cols + c in outside

        def edge(i: int, r: int, c: int) -> str:
            if open_edge(i, r, c):
                return "thick"
            return "thick" if box_of[r * cols + c] != box_of[i] else "thin"

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
                    el.setAttribute("data-top", edge(i, r - 1, c))
                    el.setAttribute("data-left", edge(i, r, c - 1))
                    if open_edge(i, r + 1, c):
                        el.setAttribute("data-bottom", "thick")
                    if open_edge(i, r, c + 1):
                        el.setAttribute("data-right", "thick")
                row.append(el)
                self.cells.append(el)
            fragment.append(row)
        grid.append(fragment)
        self.shown = p.cells
        self.conflicts = frozenset()
        self.cursor_shown = -1
        for i in range(rows * cols):
            if i not in outside:
                self.render_cell(i)
        self.build_pad(p)
        shape = shape_of(p)
        menu = by_id("shape")
        custom = menu.querySelector(f'option[value="{CUSTOM_SHAPE}"]')
        if shape is None:
            if not custom:
                menu.append(self.option(CUSTOM_SHAPE, f"From the link ({rows}x{cols})"))
            else:
                custom.textContent = f"From the link ({rows}x{cols})"
        elif custom:
            custom.remove()
        menu.value = shape or CUSTOM_SHAPE
        for el in document.querySelectorAll("[data-str8ts-only]"):
            el.hidden = p.kind != "str8ts"

    def build_pad(self, p: Puzzle) -> None:
        pad = by_id("pad")
        pad.replaceChildren()
        pad.style.setProperty("--pad-cols", str(min(p.size + 1, 13)))
        for d in range(1, p.size + 1):
            button = document.createElement("button")
            button.type = "button"
            button.textContent = str(d)
            button.setAttribute("data-digit", str(d))
            button.setAttribute("aria-label", f"Enter {d}")
            pad.append(button)
        erase = document.createElement("button")
        erase.type = "button"
        erase.textContent = "⌫"
        erase.setAttribute("data-digit", "erase")
        erase.setAttribute("aria-label", "Erase")
        pad.append(erase)

    def render_cell(self, i: int) -> None:
        p = self.editor.puzzle
        cell = p.cells[i]
        el = self.cells[i]
        if cell.kind == "outside":
            return
        el.setAttribute("data-kind", cell.kind)
        if cell.kind == "candidates":
            el.replaceChildren()
            _, mc = mark_size(p.size)
            for d in sorted(cell.candidates):
                if el.childNodes.length:
                    el.append(" ")  # keeps textContent a readable list: "1 3 7"
                mark = document.createElement("span")
                mark.className = "mark"
                mark.textContent = str(d)
                mark.style.gridRow = str((d - 1) // mc + 1)
                mark.style.gridColumn = str((d - 1) % mc + 1)
                el.append(mark)
        else:
            el.textContent = str(cell.digit) if cell.digit else ""
        if i in self.conflicts:
            el.setAttribute("data-conflict", "true")
        else:
            el.removeAttribute("data-conflict")
        r, c = divmod(i, p.cols)
        clash = ", conflict" if i in self.conflicts else ""
        el.setAttribute("aria-label", f"Row {r + 1}, column {c + 1}: {describe(cell)}{clash}")

    def render_cursor(self, focus: bool) -> None:
        i = self.editor.cursor
        old = self.cursor_shown
        if old != i and 0 <= old < len(self.cells):
            prev = self.cells[old]
            prev.setAttribute("tabindex", "-1")
            prev.removeAttribute("aria-selected")
        el = self.cells[i]
        el.setAttribute("tabindex", "0")
        el.setAttribute("aria-selected", "true")
        self.cursor_shown = i
        if focus:
            el.focus()

    def render_controls(self) -> None:
        ed = self.editor
        for radio in document.querySelectorAll('input[name="mode"]'):
            radio.checked = str(radio.value) == ed.mode
        self.grid.setAttribute("data-mode", ed.mode)
        self.grid.setAttribute("aria-roledescription", f"puzzle grid, {MODE_LABELS[ed.mode]} mode")
        by_id("undo").disabled = not ed.can_undo
        by_id("redo").disabled = not ed.can_redo

    def render_share(self) -> None:
        p = self.editor.puzzle
        if self.shared[0] is p and self.shared[1] == self.format:
            # a cursor move, a mode switch, a link that failed to open: the grid and so its link
            # are as they were (no re-encoding per key); the address bar gets it back if needed
            if self.shared[2] and str(window.location.hash)[1:] != self.shared[2]:
                with contextlib.suppress(Exception):
                    window.history.replaceState(None, "", f"#{self.shared[2]}")
            return
        self.shared = (p, self.format, "")
        note = by_id("share-note")
        try:
            chosen = share(p, self.format or None)
        except FormatError as err:  # this format cannot hold this kind of puzzle at all
            chosen = None
            note.textContent = str(err)
        try:
            lossless = chosen if chosen is not None and not chosen.lost else share(p)
        except FormatError:
            lossless = None
        if chosen is None:
            by_id("link").value = ""
        else:
            by_id("link").value = f"{self.base}#{chosen.fragment}"
            note.textContent = (
                f"{chosen.format}, {len(chosen.fragment)} characters."
                + (f" This link drops part of the grid: {chosen.lost}" if chosen.lost else "")
            )
        if lossless is None or lossless.lost:  # a failed encode: the last good link stays
            note.textContent += " No link holds this grid whole: the address bar keeps the last one that did."
            return
        self.shared = (p, self.format, lossless.fragment)
        # The address bar always carries the state, so reloading or bookmarking keeps it.
        with contextlib.suppress(Exception):
            window.history.replaceState(None, "", f"#{lossless.fragment}")


# -- Keeping grids: saved on every change, restored on reload, a recent list (issue 5) ----------


def mode_for(puzzle: Puzzle) -> str:
    """Solve mode for a puzzle with something on it, givens mode for a blank one (as `show`)."""
    return "value" if any(c.kind == "given" or c.digit for c in puzzle.cells) else "given"


class LocalStore:
    """`persist.Store` over `localStorage`; a browser that refuses storage gets a dict."""

    def __init__(self) -> None:
        self.storage: Any = None
        self.fallback = persist.DictStore()
        with contextlib.suppress(Exception):  # storage off, or a sandboxed frame
            storage = window.localStorage
            storage.getItem(persist.CURRENT)
            self.storage = storage
        self.failed = False

    def get(self, key: str) -> str | None:
        if self.storage is None:
            return self.fallback.get(key)
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        if self.storage is None:
            self.fallback.set(key, value)
            return
        try:
            self.storage.setItem(key, value)
        except Exception:  # full: keep this tab's grid in memory and say so
            self.failed = True
            self.fallback.set(key, value)

    def remove(self, key: str) -> None:
        if self.storage is None:
            self.fallback.remove(key)
        else:
            self.storage.removeItem(key)

    def names(self) -> list[str]:
        if self.storage is None:
            return self.fallback.names()
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


class Keeper:
    """Saves the grid in this tab's slot after every change and shows the recent list.

    The decisions (which slot, whether to ask) are `pycore.persist`'s; this class only
    reads and writes `localStorage` and the DOM. What gets saved is the grid's lossless
    link, as render_share made it for the address bar (never the address bar itself,
    which may hold a link that failed to open).
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.store = LocalStore()
        self.shelf = persist.Shelf(self.store)
        self.asked: persist.Entry | None = None  # the saved progress the question offers
        self.slot: str | None = None  # where this tab's grid is saved (None: not yet)
        self.saved = ""  # the state last saved, so an unchanged grid is not written again
        self.salt = int(window.Math.random() * 2**30)
        self.list_due = False  # a refresh of the recent list is scheduled
        self.list_proxy = create_proxy(self.refresh_list)

    def now(self) -> float:
        return float(window.Date.now())

    def start(self) -> None:
        """Wire the recent list and the question, then register the offline worker."""
        self.page.on(by_id("recent-list"), "click", self.on_recent)
        self.page.on(by_id("ask-saved"), "click", self.on_keep_saved)
        self.page.on(by_id("ask-link"), "click", lambda e: self.close_question())
        self.page.on(window, "storage", lambda e: self.show_recent())  # other tabs' saves
        self.show_recent()
        workers = getattr(window.navigator, "serviceWorker", None)
        if workers:  # only in a secure context (https, or http on localhost)
            workers.register("sw.js").catch(create_proxy(lambda err: None))

    # -- which slot ----------------------------------------------------------------

    def restore(self) -> None:
        """A load without a (good) link: reopen the grid saved last, if there is one."""
        plan = persist.plan_load(self.shelf, None, self.now(), self.salt)
        if plan.action != "restore" or plan.state is None:
            return
        try:
            puzzle = links.read(plan.state)[1]
        except (FormatError, PuzzleError):
            return  # not ours, or from an older build: start blank, leave it be
        self.slot, self.saved = plan.slot, plan.state
        self.page.editor.load(puzzle, mode_for(puzzle))
        if self.page.message.getAttribute("data-kind") != "error":  # a bad link's error stays
            self.page.say("Reopened your saved grid.")

    def opening(self, puzzle: Puzzle) -> None:
        """A link or pasted text is about to be shown: pick its slot, maybe ask."""
        self.close_question()
        try:
            state = share(puzzle)
        except FormatError:
            state = None
        if state is None or state.lost:
            self.slot = None  # no link holds it whole: saved once a link does
            return
        plan = persist.plan_load(self.shelf, (state.fragment, persist.identity(puzzle)),
                                 self.now(), self.salt)
        self.slot = plan.slot
        if plan.action == "ask" and plan.saved is not None:
            self.ask(plan.saved)

    def detach(self) -> None:
        """A new blank grid: its slot is made at the first entry."""
        self.close_question()
        self.slot = None

    # -- saving ----------------------------------------------------------------------

    def keep(self) -> None:
        """After every render: save the grid when its lossless link (made by render_share) changed."""
        state = self.page.shared[2]
        if not state or state == self.saved:
            return
        puzzle = self.page.editor.puzzle
        if self.slot is None:
            if persist.is_blank(puzzle):
                return
            self.slot = self.shelf.new_slot(self.now(), self.salt)
        self.shelf.save(persist.Entry(self.slot, state, persist.identity(puzzle), self.now(),
                                      persist.label(puzzle)))
        self.saved = state
        self.show_recent_soon()

    # -- the question --------------------------------------------------------------

    def ask(self, saved: persist.Entry) -> None:
        self.asked = saved
        when = str(window.Date.new(saved.time).toLocaleString())
        by_id("ask-text").textContent = (
            f"You have other progress on this puzzle ({saved.label}, saved {when}). "
            "The grid shows the link's state; both are kept in Recent puzzles.")
        by_id("ask").hidden = False

    def close_question(self) -> None:
        by_id("ask").hidden = True

    def on_keep_saved(self, event: Any) -> None:
        self.close_question()
        if self.asked is not None:
            self.reopen(self.asked.slot)

    # -- the recent list -------------------------------------------------------------

    def on_recent(self, event: Any) -> None:
        button = event.target.closest("button[data-slot]")
        if button:
            self.reopen(str(button.getAttribute("data-slot")))

    def reopen(self, slot: str) -> None:
        """Show a saved slot's grid and work in that slot from now on."""
        entry = self.shelf.get(slot)
        if entry is None:
            self.page.say("That grid is no longer saved here.", error=True)
            self.show_recent()
            return
        try:
            puzzle = links.read(entry.state)[1]
        except (FormatError, PuzzleError) as err:
            self.page.say(f"Could not reopen that grid: {err}", error=True)
            return
        self.close_question()
        self.slot, self.saved = entry.slot, entry.state
        self.shelf.point(entry.slot)
        editor = self.page.editor
        editor.replace(puzzle)
        editor.set_mode(mode_for(puzzle))
        self.page.say(f"Reopened: {entry.label}.")
        self.page.render()
        self.show_recent()

    def show_recent_soon(self) -> None:
        """Redraw the list a moment after typing, not in the keystroke (the save itself is done)."""
        if not self.list_due:
            self.list_due = True
            window.setTimeout(self.list_proxy, 300)

    def refresh_list(self) -> None:
        self.list_due = False
        self.show_recent()

    def show_recent(self) -> None:
        entries = self.shelf.entries()
        items = []
        for entry in entries:
            item = document.createElement("li")
            button = document.createElement("button")
            button.type = "button"
            button.setAttribute("data-slot", entry.slot)
            button.textContent = entry.label or "A saved grid"
            if entry.slot == self.slot:
                button.setAttribute("aria-current", "true")
            when = document.createElement("span")
            when.className = "when"
            when.textContent = str(window.Date.new(entry.time).toLocaleString())
            item.append(button, " ", when)
            items.append(item)
        by_id("recent-list").replaceChildren(*items)
        by_id("recent").hidden = not entries
        note = by_id("recent-note")
        note.textContent = ("This browser would not save more: the grid is kept only while the tab is open."
                            if self.store.failed else "")


random.seed()  # a restored snapshot starts every visit with the same random state
page = Page()
page.start()
