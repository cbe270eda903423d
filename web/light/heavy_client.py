"""The page's side of its heavy worker (web/heavy/heavy.py, Pyodide): started once the grid
takes input, called with plain text, answered with JSON.

The first screen never waits for it: the worker's runtime is about 5 MB compressed (20 MB
on disk), which a phone network takes many seconds to bring, while the grid, typing, the
link and saving need only the MicroPython part. When the worker is up, `<html
data-heavy="ready">` says so (tests and benchmarks wait for it), and the offline worker
(web/offline/sw.js) is registered then: its install finds every file in the HTTP cache, so a first
visit downloads nothing twice.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from dom import FACTS, busy_begin, busy_end, flush, later, set_attribute

from pycore import links
from pycore.app import crossings
from pycore.errors import Lost
from pycore.formats import json as json_form
from pycore.model import Puzzle


def state_of(p: Puzzle) -> str:
    """A grid as the worker takes it: its JSON form, which holds every state."""
    return json_form.encode(p)


def puzzle_of(state: str) -> Puzzle:
    """A grid the worker answered with (its JSON form)."""
    return json_form.decode(state)


def shares_of(answer: dict[str, Any]) -> links.Shares:
    """The worker's `links.shares` (heavy.shares): each share as [format, fragment, lost],
    each lost part as [what, count, detail]."""
    def share(data: list[Any] | None) -> links.Share | None:
        if not data:
            return None
        format, fragment, lost = data
        return links.Share(format, fragment, [Lost(*part) for part in lost])

    return links.Shares(share(answer["chosen"]), share(answer["lossless"]),
                        answer["shortest"], answer["refusal"])


class HeavyUnavailable(Exception):
    """The worker could not start (offline on a first visit, say)."""


class HeavyFailed(Exception):
    """A call to the worker failed (a bug: reported, and the page goes on)."""


class Heavy:
    """Starts the worker once and hands out calls to it; a call before it is up waits.

    The page starts it and passes the calls and answers on (web/main/early.js): this Python runs
    in a worker of its own, and PyScript starts workers from the page."""

    def __init__(self) -> None:
        self.started = False
        self.ready = False
        self.failed = ""
        self.settled = False  # up, or failed
        # what to do with each answer, by the number of its call
        self.waiting: dict[int, Any] = {}
        self.calls = 0

    def start(self) -> None:
        if not self.started:
            self.started = True
            plan = json.loads(FACTS["heavy"])
            later(crossings.HEAVY_START, plan["core"], plan["src"], json.dumps(plan["config"]),
                  json.dumps({"base": FACTS["href"].split("#", 1)[0],
                              "wheels": json.loads(FACTS["wheels"])}))
            flush()

    def on_event(self, facts: dict[str, Any]) -> None:
        """The page's news of the worker: up, failed to start, or a call's answer."""
        kind = facts["event"]
        if kind == crossings.HEAVY_ANSWER:
            settle, busy = self.waiting.pop(int(facts["call"]))
            try:
                if facts["answer"] is None:
                    settle(None, str(facts.get("error", "")))
                else:
                    settle(json.loads(facts["answer"]), "")
            finally:
                if busy:
                    busy_end()
            return
        if kind == crossings.HEAVY_UP:
            self.ready = True
            set_attribute(":root", "data-heavy", "ready")
        else:
            self.failed = str(facts.get("error", ""))
            set_attribute(":root", "data-heavy", "failed")
        # the offline worker: now every file is in the HTTP cache
        later(crossings.REGISTER, crossings.SERVICE_WORKER)
        self.settled = True

    def send(self, function: str, args: tuple[str, ...], settle: Any) -> None:
        """Call one of the worker's functions now and give its JSON answer to `settle`
        (None if the call failed) when it comes.

        For a keystroke's link: the call leaves with the keystroke's answer, before the
        page draws the digit, so the worker encodes while the page paints."""
        self._call(function, args, lambda answer, error: settle(answer))

    def _call(self, function: str, args: tuple[str, ...], settle: Any, busy: bool = True) -> None:
        """`busy`: the player waits for the answer (not for a long path's next stretch)."""
        if busy:
            busy_begin()
        self.calls += 1
        self.waiting[self.calls] = (settle, busy)
        later(crossings.HEAVY_CALL, self.calls, function, list(args))
        flush()

    async def call(self, function: str, *args: str, busy: bool = True) -> Any:
        """Call one of the worker's functions (starting it if need be); its JSON answer.
        `busy` as for `_call`."""
        self.start()
        while not self.settled:  # a plain poll: MicroPython's asyncio.Event grew its heap
            await asyncio.sleep(0.05)  # while it waited (to 2 GB over a long download)
        if not self.ready:
            raise HeavyUnavailable(self.failed)
        came: list[tuple[Any, str]] = []
        self._call(function, args, lambda answer, error: came.append((answer, error)), busy)
        while not came:
            await asyncio.sleep(0.01)
        answer, error = came[0]
        if answer is None:
            raise HeavyFailed(f"the heavy worker failed: {error}")
        return answer
