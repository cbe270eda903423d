"""The page's Python: DOM events go to `pycore.app.editor`, `editor.puzzle` comes back as DOM.

This module only wires the page: the grid's DOM is grid_view.py's, saved grids are
keeper.py's, the paste box and the other tools are exchange.py's, and every word
about a link that failed is pycore.app.messages'. No codec logic lives here: links are
read with `pycore.links.read` and made once per change with `pycore.links.shares`.
Decoded content reaches the DOM only through `textContent` and attributes.

It runs with MicroPython in the page's worker (web/light/light.js, web/light/main.py), with the part of
pycore that opening, editing and sharing need (pycore.site.light). Check, Solve, Hint, New puzzle and the
other tools ask the heavy worker (heavy_client.py), which starts once the grid is up.
"""

from __future__ import annotations

import random
from typing import Any

from dom import (
    FACTS,
    Facts,
    Node,
    build_children,
    call_later,
    flush,
    forward_to,
    later,
    listen,
    reveal,
    set_attribute,
    set_property,
    spawn,
    start_listening,
)
from exchange import Tools  # imports, exports, QR, print (web/light/exchange.py)
from grid_view import GridView, build_pad
from heavy_client import Heavy, HeavyUnavailable, puzzle_of, shares_of, state_of
from keeper import Keeper
from solver_view import Coach, offer_levels, on_level  # Hint and New puzzle (web/light/solver_view.py)

from pycore import links
from pycore.app import crossings, messages, persist, setting
from pycore.app.editor import (
    DISMISS,
    FULL,
    HINT,
    MODES,
    SOLVED,
    Editor,
    command,
    finish,
    is_full,
    keep_notes,
    start_mode,
)
from pycore.errors import FormatError, PuzzleError
from pycore.model import WORD_BOUNDS, Puzzle, plain_words
from pycore.shapes import SHAPES, blank_shape, shape_of

DEFAULT_SHAPE = "sudoku-9"
SHORTEST = ""  # the format menu's value for "the shortest lossless link"
CUSTOM_SHAPE = "custom"
ENABLED_WHEN_READY = ("shape", "format", "open-text", "open", "modes", "undo", "redo", "fill",
                      "clear", "copy", "check", "hint", "solve", "level", "new", "tidy-marks",
                      "set-tools")


class Page:
    """The one page: keeps the grid, the controls, the link and the address bar in step
    with the editor (it is the `page_api.PageApi` that Tools and Keeper are given)."""

    def __init__(self) -> None:
        self.said, self.said_error = "", False  # the message shown (never read back)
        self.said_full = False  # that message is the full grid's (`finished`): it goes when a cell opens
        self.said_opening = False  # that message is an opened grid's: it goes at the first edit
        # the next grid shown was opened by a paste or New puzzle: its link is a new history
        # entry, so Back returns to the grid before it
        self.push_address = False
        self.reveal_board = False  # bring the grid into view at the end of the next render
        self.menus_filled = False  # the shape and format menus get their options after ready
        self.editor = Editor(blank_shape(DEFAULT_SHAPE), mode="given")
        self.view = GridView("grid")
        self.format = SHORTEST
        self.base = FACTS["href"].split("#", 1)[0]
        self.heavy = Heavy()  # started once the grid is up
        self.keeper = Keeper(self)  # saved grids and the recent list
        self.tools = Tools(self)
        self.coach = Coach(self)
        # the setting "Remove marks when placing a digit", as this browser keeps it
        self.editor.tidy = self.keeper.store.get(persist.TIDY_MARKS) == "on"
        # the one encoding of a grid state: (puzzle, format, its shares)
        self.encoded: tuple[Puzzle, str, links.Shares] | None = None
        self.link_shown: tuple[Puzzle, str] | None = None
        self.shown_link = ""  # the share box's link, as it was written there
        # a grid just opened whose saved slot is picked once its link is encoded, after the
        # cells are drawn (the encoding is most of an opening's work on a phone's CPU)
        self.unplaced: Puzzle | None = None
        # a click in Black cells mode flipped this cell: a Space on it right after is the
        # same intention (the Keys help's "select, then Space"), not a second flip
        self.flipped_by_click = -1
        self.controls_shown: tuple[str, bool, bool, str] | None = None
        self.words_shown: tuple[str, str, str, bool] | None = None
        self.setting_shown: tuple[bool, tuple[str, ...]] | None = None  # the setter's tools
        # the fragment in the address bar as far as the page knows: it puts it there, and
        # hashchange tells it when the player does (reading it back is a round trip)
        self.address = FACTS["hash"][1:]

    # -- wiring ----------------------------------------------------------------

    def start(self) -> None:
        forward_to(self.on_event)
        handlers = {
            ("shape", "change"): self.on_shape,
            ("format", "change"): self.on_format,
            ("open-form", "submit"): self.on_open,
            ("modes", "change"): self.on_mode,
            ("edit-puzzle", "click"): self.on_edit_puzzle,
            ("keep-solving", "click"): self.on_keep_solving,
            ("undo", "click"): lambda e: self.undo_or_redo(self.editor.undo),
            ("redo", "click"): lambda e: self.undo_or_redo(self.editor.redo),
            ("fill", "click"): lambda e: self.act(self.editor.fill_candidates),
            ("clear", "click"): lambda e: self.act(self.editor.clear_entries),
            ("copy", "click"): self.on_copy,
            ("check", "click"): self.on_check,
            ("hint", "click"): self.on_hint,
            ("path-panel", "toggle"): self.coach.on_path_toggle,
            ("solve", "click"): self.on_solve,
            ("new", "click"): self.on_new,
            ("cancel-new", "click"): self.coach.cancel_puzzle,
            ("level", "change"): on_level,
            ("tidy-marks", "change"): self.on_tidy,
            ("words-form", "change"): self.on_words,
            ("set-tools", "click"): self.on_set_tool,
            ("set-rules", "change"): self.on_set_rule,
            ("window", "hashchange"): self.on_hashchange,
        }
        handlers.update(self.tools.handlers())  # MicroPython: no {**a} in a display
        reads = {("new", "click"): ("shape", "level"),
                 ("words-form", "change"): ("edit-title", "edit-author", "edit-rules"),
                 ("set-tools", "click"): ("set-line-kind",)}
        reads.update(self.tools.reads())
        listen(handlers, reads)
        self.tools.start()
        call_later(0, self.open_first)  # in an event of its own: the browser paints between

    def open_first(self) -> None:
        """Open the address bar's link (or the saved grid); the grid takes input in the
        next event (`take_input`), so that decoding and drawing are two short events on a
        phone's CPU rather than one long one."""
        opened = bool(self.address) and self.open(f"#{self.address}")
        # no link, or a bad one: the saved grid (if any) reopens, and a bad link's error stays
        if not opened and self.keeper.restore() and not self.said_error:
            self.say(messages.REOPENED_SAVED)
        call_later(0, self.take_input)

    def take_input(self) -> None:
        """Draw the opened grid and take input (`data-ready` on the root says so)."""
        for name in ENABLED_WHEN_READY:
            set_property(name, "disabled", False)
        self.controls_shown = None  # undo and redo: as the editor says, below
        set_property("tidy-marks", "checked", self.editor.tidy)
        set_property("loading", "hidden", True)
        set_attribute(":root", "data-ready", "true")
        self.render()  # after enabling: undo and redo are enabled as the editor says; one call
        # What the first screen does not need waits until it is up, each in an event of its
        # own: the recent list, the menus' options, the heavy worker (which registers the
        # offline worker when up).
        call_later(0, self.keeper.start)
        call_later(0, self.fill_menus)
        self.heavy.start()

    def fill_menus(self) -> None:
        self.menus_filled = True
        self.fill_shape_menu(self.editor.puzzle)
        options: list[Node] = [["option", {"value": SHORTEST}, messages.SHORTEST_CHOICE]]
        options += [["option", {"value": name}, name] for name in links.link_formats()]
        build_children("format", options)
        flush()

    def fill_shape_menu(self, p: Puzzle) -> None:
        """The shapes, and "From the link" when the grid is none of them; it shows the grid's."""
        shown = shape_of(p)
        options: list[Node] = [["option", {"value": name}, label] for name, label in SHAPES]
        if shown is None:
            options.append(["option", {"value": CUSTOM_SHAPE}, messages.from_the_link(p.rows, p.cols)])
        build_children("shape", options)
        set_property("shape", "value", shown or CUSTOM_SHAPE)

    # -- events ------------------------------------------------------------------

    def act(self, action: Any, *args: Any) -> None:
        """Run one editor action, then show the result."""
        action(*args)
        self.render()

    def undo_or_redo(self, action: Any) -> None:
        """Undo or redo; a message about the state left behind (\"Solved\") goes with it."""
        before = self.editor.puzzle
        action()
        if self.editor.puzzle is not before:
            self.say("")
        self.render()

    def on_event(self, facts: Facts) -> None:
        """An event early.js sent unasked: the grid's keys and taps (early.js answered the
        browser at once), the pad, storage, the heavy worker's news."""
        kind = str(facts.get("event"))
        if kind in (crossings.HEAVY_UP, crossings.HEAVY_FAILED, crossings.HEAVY_ANSWER):
            self.heavy.on_event(facts)
            return
        if kind == crossings.KEY:
            self.on_key(str(facts["key"]), bool(facts["ctrl"]), bool(facts["shift"]), bool(facts["alt"]),
                        str(facts.get("code", "")))
        elif kind == crossings.CELL:
            # a click says its Shift and Ctrl (Cmd), a drag whether the cell joins
            self.on_cell(int(facts["index"]), bool(facts.get("extend") or facts.get("shift")),
                         bool(facts.get("drag", False)), bool(facts.get("ctrl", False)))
        elif kind == crossings.PAD:
            self.on_pad(str(facts["digit"]))
        elif kind == crossings.STORAGE_FAILED:
            self.keeper.storage_failed()
        elif kind == crossings.STORAGE_SAVED:
            self.keeper.storage_saved()
        elif kind == crossings.UPDATE_READY:  # the player has begun: offered, not forced
            set_property("update-text", "textContent", messages.UPDATE_READY)
            set_property("update", "hidden", False)

    def on_key(self, key: str, ctrl: bool, shift: bool, alt: bool, code: str = "") -> None:
        """A key on the grid (Ctrl stands for Meta too; early.js stopped what would scroll)."""
        clicked, self.flipped_by_click = self.flipped_by_click, -1
        if key == " " and clicked == self.editor.cursor and not ctrl:
            return  # the click already flipped it
        before = self.editor.puzzle
        asked = self.editor.asked
        ours = self.editor.key(key, ctrl=ctrl, shift=shift, alt=alt, code=code)
        wanted = command(key, ctrl=ctrl, alt=alt)  # what the key asks of the page itself
        if wanted == DISMISS:
            self.coach.clear()  # Escape: the shown hint goes too
        if ours:
            if ctrl and self.editor.puzzle is not before:  # Ctrl+Z, Ctrl+Y: as the buttons
                self.say("")
            self.finished(before)
            self.render(focus=True)
        elif self.editor.asked != asked:
            self.render_controls()  # H, any other key: the question is answered no
            flush()
        if wanted == HINT:  # as the Hint button: a second press applies the step shown
            spawn(self.coach.hint())

    def on_cell(self, index: int, extend: bool = False, drag: bool = False,
                toggle: bool = False) -> None:
        """A click or tap on cell `index` (`extend`: with Shift, or dragged over: the cell
        joins the selection; `toggle`: with Ctrl or Cmd, it joins it or, selected already,
        leaves it; a drag only selects, never flips a black cell)."""
        before = self.editor.puzzle
        if drag:
            self.editor.select(index, extend)
        else:
            self.editor.click(index, extend, toggle)
        self.flipped_by_click = index if self.editor.puzzle is not before else -1
        self.render(focus=True)

    def on_pad(self, digit: str) -> None:
        """A pad button: a digit, or "erase"."""
        before = self.editor.puzzle
        if digit == "erase":
            self.editor.erase()
        elif digit.isdigit():
            self.editor.enter(int(digit))
        self.finished(before)
        self.render()

    def finished(self, before: Puzzle) -> None:
        """The moment an edit fills the grid's last open cell: "Solved" at once, or a calm
        word that something is wrong (`editor.finish`: exact, so no solver is asked); that
        word goes when a cell is opened again."""
        p = self.editor.puzzle
        moment = finish(before, p)
        if moment == SOLVED:
            self.say(messages.SOLVED_NOW)
        elif moment == FULL:
            self.say(messages.full_not_solved(bool(p.conflicts()), bool(p.constraints and p.broken())))
        elif (self.said_full and p is not before and not is_full(p)) or (
                self.said_opening and p is not before):  # the first edit: an opening line goes
            self.say("")
            return
        else:
            return
        self.said_full = True

    def on_mode(self, event: Facts) -> None:
        """A mode button; the browser checked it, so the buttons are drawn again even when
        the editor keeps its mode (Givens, asked for while solving, asks first)."""
        self.controls_shown = None
        self.act(self.editor.set_mode, str(event["value"]))

    def on_edit_puzzle(self, event: Facts) -> None:
        """The player's yes to editing the puzzle's own cells; back to the grid's keys."""
        self.editor.unlock()
        self.render(focus=True)

    def on_keep_solving(self, event: Facts) -> None:
        self.editor.keep_solving()
        self.render(focus=True)

    def on_shape(self, event: Facts) -> None:
        name = str(event["value"])
        if name != CUSTOM_SHAPE:
            self.save_now()
            self.editor.load(blank_shape(name), "given")  # another grid: a new history (see show)
            self.keeper.detach()
            self.unplaced = None
            self.say("")
            self.render()

    def on_format(self, event: Facts) -> None:
        self.format = str(event["value"])
        self.render()

    def on_open(self, event: Facts) -> None:
        self.tools.open_pasted(event)  # early.js stopped the form's submit

    def on_hashchange(self, event: Facts) -> None:
        # the fragment this event is about (the address bar may have moved on since)
        self.address = str(event["address"]).partition("#")[2]
        shared = self.shares()
        if shared.lossless is not None and self.address == shared.lossless.fragment:
            return  # the same grid
        if not self.open(f"#{self.address}"):
            self.put_link_back(shared)
        self.render()

    def put_link_back(self, shared: links.Shares) -> None:
        """A bad link typed into the address bar never stays there: the grid's own link returns."""
        if shared.lossless is not None:
            self.address = shared.lossless.fragment
            later(crossings.ADDRESS, self.address)

    def on_tidy(self, event: Facts) -> None:
        """The setting "Remove marks when placing a digit" (off by default, as in
        SudokuPad), kept in this browser for every grid."""
        self.editor.tidy = bool(event.get("checked"))
        if self.editor.tidy:
            self.keeper.store.set(persist.TIDY_MARKS, "on")
        else:
            self.keeper.store.remove(persist.TIDY_MARKS)
        flush()

    def on_copy(self, event: Facts) -> None:
        later(crossings.COPY, self.shown_link, "share-note", messages.LINK_COPIED, "link",
              messages.COPY_LINK_BY_HAND)

    # -- check, hint, solve: the heavy worker's ----------------------------------

    async def ask_heavy(self, function: str, *args: str, busy: bool = True) -> Any:
        """The heavy worker's answer; None (and said why) when it cannot start. The first
        call on a first visit may wait for its download: the message line says so. `busy`:
        the player waits for it (`pycoreBusy` counts it)."""
        if not self.heavy.ready:
            self.say(messages.LOADING_SOLVER)
        try:
            return await self.heavy.call(function, *args, busy=busy)
        except HeavyUnavailable:
            self.say(messages.SOLVER_NOT_LOADED, error=True)
            return None

    async def on_check(self, event: Facts) -> None:
        said = await self.ask_heavy("check", state_of(self.editor.puzzle))
        if said is not None:
            self.say(said["said"], error=said["error"])

    async def on_hint(self, event: Facts) -> None:
        await self.coach.hint()

    async def on_new(self, event: Facts) -> None:
        shape = str(event["values"]["shape"])
        if shape == CUSTOM_SHAPE:
            self.say(messages.PICK_A_SHAPE)
            return
        # a data-seed on the button asks for that seed's puzzle (tests and benchmarks)
        seed = str(event.get("data", {}).get("seed", ""))
        await self.coach.new_puzzle(shape, str(event["values"]["level"]), seed)

    async def on_solve(self, event: Facts) -> None:
        before = self.editor.puzzle
        said = await self.ask_heavy("solve", state_of(before))
        if said is None:
            return
        if "state" in said and self.editor.puzzle is before:  # not if the player moved on
            self.editor.replace(keep_notes(before, puzzle_of(said["state"])))
            self.render()
        self.say(said["said"], error=said["error"])

    # -- actions ---------------------------------------------------------------

    def open(self, text: str) -> bool:
        """Show the puzzle a link or string holds; on failure say why and keep the grid."""
        try:
            name, puzzle = links.read(text)
        except (FormatError, PuzzleError) as err:
            self.say(messages.opening(err, text), error=True)
            return False
        self.show(puzzle, name, text)
        return True

    async def doubt(self, puzzle: Puzzle, said: str, name: str) -> None:
        """A link (in the address bar or pasted) that opened to a grid with no solution, or
        several, may have been cut off or changed: say so instead of its "Opened ..." line,
        if that line is still the one shown (messages.doubt, in the heavy worker)."""
        try:
            words = str((await self.heavy.call("doubt", state_of(puzzle), name))["said"])
        except HeavyUnavailable:
            return
        if words:
            self.keeper.doubt(puzzle)  # not what the bare address reopens, while unchanged
        if words and self.said == said and not self.said_error:
            self.say(words, error=name == links.UNTAGGED)  # of a tagged link, a fact

    def show(self, puzzle: Puzzle, name: str, text: str = "", here: bool = False) -> None:
        """Put a decoded puzzle on the grid, with a history of its own.

        Undo takes back edits made to this grid, never the switch to it: each grid is
        saved in its own slot, and an Undo that stepped back into the grid shown before
        would put that grid into this grid's slot (and the next edit would overwrite the
        saved progress with it). The grid shown before is saved first and stays one click
        away in Recent puzzles, which is where a player looks for it; its own Undo
        history is not kept, as no reload keeps one either. The new grid's own slot is
        picked once its link is encoded (`place`), after its cells are drawn."""
        self.save_now()
        self.unplaced = puzzle
        self.editor.load(puzzle, start_mode(puzzle))
        if here:  # opened by a paste or New puzzle: in view, and a history entry
            self.push_address = self.reveal_board = True
        if text and links.unchecked(name, text, puzzle):  # progress no check vouches for
            self.say(messages.UNCHECKED, error=True)
            self.keeper.doubt(puzzle)
            return
        self.say(messages.opened(puzzle, name))
        self.said_opening = True
        # a cut or changed link of ours can read as another grid: doubt it, once the heavy
        # worker is up (the first screen waits for nothing); another tool's text is its own
        if name in links.link_formats():
            spawn(self.doubt(puzzle, self.said, name), busy=False)

    def place(self) -> None:
        """Pick the saved slot of the grid opened last (never over another's), before
        anything of it is saved: once its link is encoded, which is most of an opening's
        work on a phone's CPU, so it comes after the cells are drawn."""
        if self.unplaced is not None:
            opened, self.unplaced = self.unplaced, None
            self.keeper.opening(opened, self.shares(opened))

    def save_now(self) -> None:
        """Save the grid shown now, before another takes its place (its link may not be
        encoded yet: a keystroke's link follows its cells)."""
        self.place()
        p = self.editor.puzzle
        if self.keeper.slot is None and persist.is_blank(p):
            return  # nothing entered, nothing to keep (and no encoding at start-up)
        self.keeper.keep(p, self.shares())

    def say(self, text: str, error: bool = False, here: bool = False) -> None:
        """Show one message (`here`: scrolled into view, as little as it takes: the answer to
        a button the player is at, such as a paste or New puzzle)."""
        self.said, self.said_error, self.said_full = text, error, False
        self.said_opening = False
        set_property("message", "textContent", text)
        set_attribute("message", "data-kind", "error" if error else "info")
        set_attribute("message", "role", "alert" if error else "status")
        set_attribute("message", "data-hint", None)  # a hint's words set it after (solver_view)
        set_property("warnings", "textContent", "")  # an import's warnings go with its message
        set_property("warnings", "hidden", True)
        if here:
            reveal("message")
        flush()  # at once (inside an answered event, with its answer)

    # -- rendering -------------------------------------------------------------

    def shares(self, puzzle: Puzzle | None = None) -> links.Shares:
        """The links of a grid state in the chosen format, encoded once per state and format
        (here, in the page's worker: for an opened link, a hash change, the QR code)."""
        p = self.editor.puzzle if puzzle is None else puzzle
        if not self.encoded_for(p):
            self.encoded = (p, self.format, links.shares(p, self.format or None))
        assert self.encoded is not None
        return self.encoded[2]

    def encoded_for(self, p: Puzzle) -> bool:
        return self.encoded is not None and self.encoded[0] is p and self.encoded[1] == self.format

    def render(self, focus: bool = False) -> None:
        """Bring the DOM in step with the editor: the grid and the controls at once, then the
        link, the address bar, the saved grid and the share box.

        The writes are queued (dom.later) and sent in one call at the end, or with the answer
        to an event early.js forwarded. Encoding the link is most of a keystroke's work, and
        MicroPython does it several times slower than Pyodide: once the heavy worker is up it
        encodes there (`links.shares` is the same code), else here, after the cells are
        drawn. Either way the digit shows first; the worker is asked before the cells are
        drawn, so that it encodes while they are."""
        ed = self.editor
        p = ed.puzzle
        known = self.encoded_for(p)  # a cursor move, a mode: the link is the one shown
        if not known and self.heavy.ready:
            fmt = self.format
            self.heavy.send("shares", (state_of(p), fmt), lambda answer: self.linked(p, fmt, answer))
        if self.view.draw(p, ed.cursor, focus, frozenset(ed.selected)):
            self.new_shape(p)
        self.view.show_draft(ed.draft)
        self.render_words(p)
        self.render_setting(p)
        self.coach.follow(p)  # a hint goes when the grid changes
        self.render_controls()
        if known:
            self.render_link(p, self.shares())
        elif not self.heavy.ready:
            call_later(0, self.encode_here, p)
        if self.reveal_board:  # last, once the grid and the message are as they stay
            self.reveal_board = False
            reveal("board")
        flush()

    def linked(self, p: Puzzle, fmt: str, answer: Any) -> None:
        """The worker's links of `p` in `fmt` (None: it failed, and they are encoded here)."""
        if self.editor.puzzle is not p:
            return  # the player moved on: the newer state's answer renders its link
        if answer is not None and not self.encoded_for(p) and fmt == self.format:
            self.encoded = (p, fmt, shares_of(answer))
        self.render_link(p, self.shares())

    def encode_here(self, p: Puzzle) -> None:
        """Before the worker is up: the link encoded here, in an event after the cells'
        writes went to the page, and what waits on it in the next (`render_link`)."""
        if self.editor.puzzle is p:  # else the newer state's own event renders its link
            self.render_address(self.shares())
            flush()
            call_later(0, self.render_link_of, p)

    def render_link_of(self, p: Puzzle) -> None:
        if self.editor.puzzle is p:
            self.render_link(p, self.shares())
            flush()

    def render_link(self, p: Puzzle, shared: links.Shares) -> None:
        """The address bar first, sent at once (the link a player copies from it), then
        what waits on it: the saved slot, the save, the share box, the open panels."""
        self.render_address(shared)
        flush()
        self.place()
        self.keeper.keep(p, shared)  # saved on every change
        self.render_share_box(p, shared)
        self.tools.refresh()

    def new_shape(self, p: Puzzle) -> None:
        """The pad, the shape menu and the str8ts-only controls follow a new grid shape."""
        build_pad("pad", p.size)
        offer_levels(p)
        if self.menus_filled:  # keep it in step (before that, fill_menus does)
            self.fill_shape_menu(p)
        set_property("black-mode", "hidden", p.kind != "str8ts")  # the str8ts-only mode

    def render_words(self, p: Puzzle) -> None:
        """The title, author and rules above the grid: shown when the puzzle has them, and
        as fields to fill in Givens mode (the setter's words)."""
        setting = self.editor.mode == "given"
        shown = (p.title, p.author, p.rules, setting)
        if shown == self.words_shown:
            return
        self.words_shown = shown
        # the section itself stays (empty, it takes no room): its grid row is never left
        # free for the recent list to fall into
        for name, text in (("title", p.title), ("author", p.author), ("rules", p.rules)):
            set_property(f"puzzle-{name}", "textContent", text)
            set_property(f"puzzle-{name}", "hidden", setting or not text)
            set_property(f"edit-{name}", "value", text)
        set_property("words-form", "hidden", not setting)

    # -- the setter's tools (Givens mode; pycore.app.setting decides) -----------------

    def on_set_tool(self, event: Facts) -> None:
        """A tool button: Cage, Line (of the kind picked), Dot, Odd, Even, on the selection
        (a drag's path, in its order, for Line). Each is one undoable edit; a gesture that
        makes no valid rule is refused in words, the puzzle unchanged."""
        tool = str(event.get("data", {}).get("tool", ""))
        ed = self.editor
        if not tool or ed.mode != "given":
            return
        before = ed.puzzle
        words = ""
        if tool == "cage":
            words = ed.set_cage()
            if not words:
                words = setting.CAGE_MADE if ed.numbered is not None else setting.CAGE_GONE
        elif tool == "line":
            words = ed.set_line(str(event["values"]["set-line-kind"] or ""))
            if not words and ed.numbered is not None:
                words = setting.CLUE_MADE
        elif tool == "dot":
            words = ed.set_dot()
        elif tool in setting.MARK_TOOLS:
            words = ed.set_mark(tool)
        elif tool == "extra":
            words = ed.set_extra()
        elif tool == "region":
            words = ed.set_region()
            self.say(words)  # how far the regions are: shown, never refused
            self.render(focus=True)
            return
        refused = ed.puzzle is before and bool(words)
        self.say(words, error=refused)
        self.render(focus=True)

    def on_set_rule(self, event: Facts) -> None:
        """A whole-grid rule's checkbox: on or off, one undoable edit."""
        if self.editor.mode != "given":
            return
        words = self.editor.set_rule(str(event.get("value", "")), bool(event.get("checked")))
        self.say(words, error=bool(words))
        self.setting_shown = None  # a refused box goes back as the puzzle says
        self.render()

    def render_setting(self, p: Puzzle) -> None:
        """The setter's tools show in Givens mode on a one-grid sudoku (the only puzzles
        that take rules), with each whole-grid rule's box as the puzzle has it."""
        shown = (self.editor.mode != "given" or p.kind != "sudoku" or p.layout is not None,
                 tuple([kind for kind in setting.RULE_TOGGLES if setting.has_rule(p, kind)]))
        if shown == self.setting_shown:
            return
        self.setting_shown = shown
        set_property("set-tools", "hidden", shown[0])
        for kind in setting.RULE_TOGGLES:
            set_property(f"rule-{kind}", "checked", kind in shown[1])

    def on_words(self, event: Facts) -> None:
        """A title, author or rules field changed (Givens mode): one undoable step."""
        texts = [plain_words(name, str(event["values"][f"edit-{name}"] or "")) for name, _ in WORD_BOUNDS]
        self.act(self.editor.set_words, texts[0], texts[1], texts[2])

    def render_controls(self) -> None:
        """The mode buttons and undo/redo, touched only when they change (a keystroke's
        time is mostly calls into the DOM: none are made for what stayed the same)."""
        ed = self.editor
        state = (ed.mode, ed.can_undo, ed.can_redo, ed.asked)
        if state == self.controls_shown:
            return
        if self.controls_shown is None or self.controls_shown[3] != ed.asked:
            # the question before a solver changes the puzzle's own cells (editor.asked)
            asked = messages.edit_the_puzzle(ed.asked) if ed.asked else ""
            set_property("ask-edit-text", "textContent", asked)
            set_property("ask-edit", "hidden", not ed.asked)
        self.controls_shown = state
        for mode in MODES:
            set_property(f"mode-{mode}", "checked", mode == ed.mode)
        grid = self.view.name
        set_attribute(grid, "data-mode", ed.mode)
        set_attribute("pad", "data-mode", ed.mode)
        set_attribute(grid, "aria-roledescription", messages.grid_role(ed.mode))
        set_property("undo", "disabled", not ed.can_undo)
        set_property("redo", "disabled", not ed.can_redo)

    def render_share_box(self, p: Puzzle, shared: links.Shares) -> None:
        """The share box and its note, when the grid or the chosen format changed."""
        if self.link_shown == (p, self.format):
            return
        self.link_shown = (p, self.format)
        chosen = shared.chosen
        if chosen is None:
            note = messages.refusing(p)
        else:
            size = messages.link_size(chosen.format, len(chosen.fragment))
            note = f"{messages.losing(chosen.lost)}\n{size}" if chosen.lost else size
        if shared.lossless is None:
            note += " " + messages.NO_WHOLE_LINK
        self.shown_link = "" if chosen is None else f"{self.base}#{chosen.fragment}"
        set_property("link", "value", self.shown_link)
        set_property("share-note", "textContent", note)

    def share_link(self) -> str:
        chosen = self.shares().chosen
        return f"{self.base}#{chosen.fragment if chosen is not None else self.address}"

    def render_address(self, shared: links.Shares) -> None:
        """The address bar always holds the grid's lossless link: after a cursor move, a mode
        switch or a link that failed to open it gets it back (no re-encoding per key)."""
        if shared.lossless is not None and self.address != shared.lossless.fragment:
            self.address = shared.lossless.fragment
            later(crossings.ADDRESS, self.address, self.push_address)
            self.push_address = False



random.seed()
page = Page()
page.start()
start_listening()
