"""Grids kept in this browser: saved after every change, reopened on reload, a recent list.

The decisions (which slot, whether to ask or fork, which slots an open tab holds, labels)
are `pycore.app.persist`'s; this module only reads and writes `localStorage` and the DOM.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import js  # the worker's global scope (web/light/light.js)
from dom import (
    FACTS,
    WATCHED,
    Facts,
    Node,
    build_children,
    call_later,
    flush,
    later,
    listen,
    set_property,
    spawn,
    watch,
)
from page_api import PageApi

from pycore import links
from pycore.app import crossings, messages, persist
from pycore.app.editor import start_mode
from pycore.errors import FormatError, PuzzleError
from pycore.model import Puzzle

RENEW = 60  # seconds between renewals of this tab's lease (persist.LEASE_MS is five times that)


class LocalStore:
    """`persist.Store` over `localStorage`, read through a copy of the page's items.

    The page reads the copy at start (dom.FACTS) and again when another tab saves (with
    the `storage` event), and writes go to it at once and to `localStorage` with the
    render's other writes (dom.later): this Python runs in a worker, which has no
    `localStorage`. The slot a tab is about to write comes afresh with every event
    (`fresh`, dom.watch), so that another tab's save there is not overwritten unseen. A
    browser that refuses storage keeps the grids in the copy, for as
    long as the tab, and the page says so."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.available = False
        self.failed = False  # a write was refused (full): the copy keeps the tab's grid
        self.reload(FACTS["stored"])

    def reload(self, found: str | None) -> None:
        """The page's items as the page read them (JSON; None when storage is off)."""
        if isinstance(found, str):
            self.available = True
            self.items = {str(k): str(v) for k, v in json.loads(found).items()}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def fresh(self, key: str) -> None:
        """The item as the page read it with this event, into the copy (another tab may
        have written it since the copy was read, its `storage` event not yet here)."""
        if not self.available or key not in WATCHED:
            return
        found = WATCHED[key]
        if isinstance(found, str):
            self.items[key] = found
        else:
            self.items.pop(key, None)

    def changed(self, key: str, value: Any) -> None:
        """Another tab wrote (None: removed) one item: the copy follows."""
        if isinstance(value, str):
            self.items[key] = value
        else:
            self.items.pop(key, None)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value
        if self.available:
            later(crossings.STORE, key, value)

    def remove(self, key: str) -> None:
        self.items.pop(key, None)
        if self.available:
            later(crossings.STORE, key, None)

    def names(self) -> list[str]:
        return list(self.items)


class Keeper:
    """Saves the grid in this tab's slot after every change and shows the recent list.

    The decisions (which slot, whether to ask, whether another tab's save means a fork)
    are `pycore.app.persist`'s; this class only reads and writes `localStorage` and the DOM.
    What gets saved is the grid's lossless link, as render made it for the address bar
    (never the address bar itself, which may hold a link that failed to open). The tab
    holds a lease on its slot while it is open, so no other tab's save drops it.
    """

    def __init__(self, page: PageApi) -> None:
        self.page = page
        self.store = LocalStore()
        self.shelf = persist.Shelf(self.store)
        self.asked: persist.Entry | None = None  # the saved progress the question offers
        self.slot: str | None = None  # where this tab's grid is saved (None: not yet)
        # the state this tab last saved in its slot, or found there when it took the slot:
        # an unchanged grid is not written again, and another state there is another tab's
        self.saved = ""
        self.salt = random.getrandbits(30)  # reseeded per visit (page.py), no call to the page
        # which tab wrote an entry (persist.Entry.tab) and holds a lease: the browser's own
        # random numbers, so that two tabs started in the same second never share one
        self.tab = str(int(float(js.Math.random()) * 1e15))
        self.list_due = False  # a refresh of the recent list is scheduled
        # the link last opened (its puzzle and state) and the slot `current` named before it:
        # a link the page then doubts (cut off?) gives the bare address back to that slot
        self.opened: tuple[Puzzle | None, str] = (None, "")
        self.before: str | None = None
        self.doubted = ""  # a doubted link's state: saving it unchanged does not move `current`

    def now(self) -> float:
        """Milliseconds since 1970 (the browser's clock: MicroPython's counts whole seconds),
        read as text (early.js's `now`: a JS number this large reaches MicroPython cut)."""
        return float(str(js.pycoreNow()))

    def start(self) -> None:
        """Wire the recent list and the question, and show the list (the heavy worker
        registers the offline worker once it is up: heavy_client.py)."""
        listen({("recent-list", "click"): self.on_recent,
                ("ask-saved", "click"): self.on_keep_saved,
                ("ask-link", "click"): lambda e: self.close_question(),
                ("window", "storage"): self.on_storage})  # other tabs' saves
        # the tab closes (or goes into the back-forward cache, after which `hold` renews
        # the lease): its slot is an ordinary recent grid again. The page removes the lease
        # itself as it goes: an answer from here would come too late.
        later(crossings.LEAVE, persist.lease_key(self.tab))
        self.show_recent()
        spawn(self.hold(), busy=False)

    def on_storage(self, event: Facts) -> None:
        key = event["key"]
        if isinstance(key, str) and key.startswith(persist.LEASE):
            self.store.changed(key, event["newValue"])  # another tab's lease: the list is the same
            return
        self.store.reload(event["stored"])
        self.show_recent()

    def storage_failed(self) -> None:
        """early.js could not store a write (the browser's storage is full)."""
        self.store.failed = True
        self.show_recent()

    def storage_saved(self) -> None:
        """early.js stored a save again after a refused one (storage was freed)."""
        self.store.failed = False
        self.show_recent()

    # -- the lease on this tab's slot ----------------------------------------------

    def take(self, slot: str | None, state: str) -> None:
        """Work in `slot` from now on, which holds `state` ("" when this tab has not saved
        there yet), and hold it against trimming while the tab is open."""
        self.slot, self.saved = slot, state
        if slot is None:
            self.shelf.release(self.tab)
        else:
            self.shelf.lease(self.tab, slot, self.now())
            watch(persist.PREFIX + slot)

    async def hold(self) -> None:
        """Renew the lease while the tab lives (a killed tab's lease runs out by itself)."""
        while True:
            await asyncio.sleep(RENEW)
            if self.slot is not None:
                self.shelf.lease(self.tab, self.slot, self.now())
                flush()

    # -- which slot ----------------------------------------------------------------

    def restore(self) -> bool:
        """A load without a (good) link: reopen the grid saved last; True when there was one."""
        plan = persist.plan_load(self.shelf, None, self.now(), self.salt)
        if plan.action != "restore" or plan.state is None:
            return False
        try:
            puzzle = links.read(plan.state)[1]
        except (FormatError, PuzzleError):
            return False  # not ours, or from an older build: start blank, leave it be
        self.take(plan.slot, plan.state)
        self.page.editor.load(puzzle, start_mode(puzzle))
        return True

    def opening(self, puzzle: Puzzle, shared: links.Shares) -> None:
        """A link or pasted text is about to be shown: pick its slot, maybe ask.

        `shared` is the page's one encoding of this puzzle (links.shares), so opening
        encodes nothing more."""
        self.close_question()
        self.before = self.store.get(persist.CURRENT)
        if shared.lossless is None:
            self.opened = (None, "")
            self.take(None, "")  # no link holds it whole: saved once a link does
            return
        state = shared.lossless.fragment
        self.opened = (puzzle, state)
        plan = persist.plan_load(self.shelf, (state, persist.identity(puzzle, shared.shortest)),
                                 self.now(), self.salt)
        held = plan.saved is not None and plan.saved.slot == plan.slot  # a slot holds it already
        self.take(plan.slot, state if held else "")
        if held and plan.slot is not None:
            self.shelf.point(plan.slot)
        if plan.action == "ask" and plan.saved is not None:
            self.ask(plan.saved)

    def doubt(self, puzzle: Puzzle) -> None:
        """The page doubts the link it opened (a compact link cut into another grid): while
        the grid is as the link had it, the bare address goes on reopening what it did."""
        shown, state = self.opened
        if puzzle is not shown or not state:
            return
        self.doubted = state
        if self.slot is not None and self.saved in ("", state):
            self.shelf.unpoint(self.slot, self.before)
            flush()

    def detach(self) -> None:
        """A new blank grid: its slot is made at the first entry."""
        self.close_question()
        self.take(None, "")

    # -- saving ----------------------------------------------------------------------

    def keep(self, puzzle: Puzzle, shared: links.Shares) -> None:
        """After every render: save the grid when its lossless link changed (the page's
        own encoding of it; never the address bar, which may hold a link that failed)."""
        if shared.lossless is None or shared.lossless.fragment == self.saved:
            return
        state = shared.lossless.fragment
        if self.slot is None:
            if persist.is_blank(puzzle):
                return
            self.take(self.shelf.new_slot(self.now(), self.salt), "")
        elif self.written_elsewhere(self.slot, state):
            self.take(self.shelf.new_slot(self.now(), self.salt), "")
            self.page.say(messages.FORKED)
        assert self.slot is not None
        self.shelf.save(persist.Entry(self.slot, state, persist.identity(puzzle, shared.shortest), self.now(),
                                      persist.label(puzzle), start_mode(puzzle), self.tab),
                        point=state != self.doubted)
        self.saved = state
        self.show_recent_soon()

    def written_elsewhere(self, slot: str, state: str) -> bool:
        """Another tab saved a grid in `slot` that this tab never saw (read afresh)."""
        self.store.fresh(persist.PREFIX + slot)
        return persist.written_elsewhere(self.shelf.get(slot), self.saved, self.tab, state)

    # -- the question --------------------------------------------------------------

    def ask(self, saved: persist.Entry) -> None:
        self.asked = saved
        before, after = messages.other_progress(saved.label)
        build_children("ask-text", [before, ["time", {"datetime": _iso(saved.time)}, None], after])
        set_property("ask", "hidden", False)

    def close_question(self) -> None:
        set_property("ask", "hidden", True)

    def on_keep_saved(self, event: Facts) -> None:
        self.close_question()
        if self.asked is not None:
            self.reopen(self.asked.slot)

    # -- the recent list -------------------------------------------------------------

    def on_recent(self, event: Facts) -> None:
        button = event.get("data") or {}
        if "slot" in button:
            self.reopen(str(button["slot"]))

    def reopen(self, slot: str) -> None:
        """Show a saved slot's grid and work in that slot from now on."""
        entry = self.shelf.get(slot)
        if entry is None:
            self.page.say(messages.NO_LONGER_SAVED, error=True)
            self.show_recent()
            return
        try:
            puzzle = links.read(entry.state)[1]
        except (FormatError, PuzzleError) as err:
            self.page.say(messages.opening(err, entry.state), error=True)
            return
        self.close_question()
        self.page.save_now()  # the grid shown so far, in its own slot, before leaving it
        self.take(entry.slot, entry.state)
        self.shelf.point(entry.slot)
        self.page.editor.load(puzzle, start_mode(puzzle))  # a new history: see app.Page.show
        self.page.say(messages.reopened(entry.label))
        self.page.render()
        self.show_recent()

    def show_recent_soon(self) -> None:
        """Redraw the list a moment after typing, not in the keystroke (the save itself is done)."""
        if not self.list_due:
            self.list_due = True
            call_later(0.3, self.refresh_list)

    def refresh_list(self) -> None:
        self.list_due = False
        self.show_recent()

    def show_recent(self) -> None:
        """The recent list, built in one call (a <time> element shows its moment in the
        reader's time zone: early.js fills it in)."""
        # storage refused outright: no list, as if saved, of grids only this tab holds
        entries = self.shelf.entries() if self.store.available else []
        items: list[Node] = []
        for entry in entries:
            button = {"type": "button", "data-slot": entry.slot}
            if entry.slot == self.slot:
                button["aria-current"] = "true"
            items.append(["li", {}, [["button", button, entry.label or messages.A_SAVED_GRID], " ",
                                     ["time", {"class": "when", "datetime": _iso(entry.time)}, None]]])
        build_children("recent-list", items)
        set_property("recent", "hidden", not entries and self.store.available)
        set_property("recent-note", "textContent",
                     messages.STORAGE_BLOCKED if not self.store.available
                     else messages.STORAGE_FULL if self.store.failed else "")
        flush()


def _iso(ms: float) -> str:
    """A moment as ISO 8601 in UTC, for a <time datetime> attribute ("" for a time that
    no calendar holds: a stored item is anybody's text). Computed here, not with
    `datetime`, which MicroPython does not have: days since 1970 to a civil date."""
    if not -1e16 < ms < 1e16:  # NaN too (it compares false), or far beyond the years 1-9999
        return ""
    seconds = int(ms // 1000)
    days, second = divmod(seconds, 86400)
    year, month, day = _civil(days)
    if not 1 <= year <= 9999:
        return ""
    hour, rest = divmod(second, 3600)
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{rest // 60:02d}:{rest % 60:02d}Z"


def _civil(days: int) -> tuple[int, int, int]:
    """(year, month, day) of a count of days since 1970-01-01 in the proleptic Gregorian
    calendar (eras of 400 years, years counted from March so that the leap day comes last)."""
    days += 719468
    era = days // 146097
    day_of_era = days - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524 - day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * month_index + 2) // 5 + 1
    month = month_index + 3 if month_index < 10 else month_index - 9
    return year_of_era + era * 400 + (month <= 2), month, day
