"""The page's side of its heavy worker (web/heavy.py, Pyodide): started once the grid
takes input, called with plain text, answered with JSON.

The first screen never waits for it: the worker's runtime is about 5 MB compressed (20 MB
on disk), which a phone network takes many seconds to bring, while the grid, typing, the
link and saving need only the MicroPython part. When the worker is up, `<html
data-heavy="ready">` says so (tests and benchmarks wait for it), and the offline worker
(web/sw.js) is registered then: its install finds every file in the HTTP cache, so a first
visit downloads nothing twice.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from dom import FACTS, busy_begin, busy_end, flush, later, set_attribute, spawn
from pyscript import create_named_worker, window
from pyscript.ffi import create_proxy

from pycore import links
from pycore.errors import Lost
from pycore.formats import json as json_form
from pycore.model import Puzzle

NAME = "heavy"


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


class Heavy:
    """Starts the worker once and hands out calls to it; a call before it is up waits."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.started = False
        self.failed = ""
        self.settled = False  # up, or failed
        # what to do with each answer `send` waits for, oldest first (the worker answers
        # in the order it is asked), and the two callbacks every such answer comes to
        self.waiting: list[Any] = []
        self.answered = create_proxy(self._answered)
        self.refused = create_proxy(self._refused)

    @property
    def ready(self) -> bool:
        return self.worker is not None

    def start(self) -> None:
        if not self.started:
            self.started = True
            spawn(self._start(), busy=False)

    async def _start(self) -> None:
        plan = json.loads(FACTS["heavy"])
        try:
            worker = await create_named_worker(src=plan["src"], name=NAME,
                                               config=json.dumps(plan["config"]), type="py")
            await worker.start(json.dumps({"base": FACTS["href"].split("#", 1)[0],
                                           "wheels": json.loads(FACTS["wheels"])}))
        except Exception as err:  # any failure of the worker's start
            self.failed = f"{type(err).__name__}: {err}"
            set_attribute(":root", "data-heavy", "failed")
        else:
            self.worker = worker
            set_attribute(":root", "data-heavy", "ready")
        later("register", "sw.js")  # the offline worker: now every file is in the HTTP cache
        flush()
        self.settled = True

    def send(self, function: str, args: tuple[str, ...], settle: Any) -> None:
        """Call one of the worker's functions now, inside the event being handled, and give
        its JSON answer to `settle` (None if the call failed) when it comes.

        For a keystroke's link: the message leaves before the browser draws the digit, so
        the worker encodes while the page paints, and the answer is handled in the message's
        own callback; an `await` in a task would start a turn later and end one later."""
        busy_begin()
        self.waiting.append(settle)
        getattr(self.worker, function)(*args).then(self.answered, self.refused)

    def _answered(self, answer: Any) -> None:
        self._settle(json.loads(str(answer)))

    def _refused(self, error: Any) -> None:
        window.console.error(f"page: the heavy worker failed: {error}")
        self._settle(None)

    def _settle(self, answer: Any) -> None:
        try:
            self.waiting.pop(0)(answer)
        finally:
            busy_end()

    async def call(self, function: str, *args: str) -> Any:
        """Call one of the worker's functions (starting it if need be); its JSON answer."""
        self.start()
        while not self.settled:  # a plain poll: MicroPython's asyncio.Event grew its heap
            await asyncio.sleep(0.05)  # while it waited (to 2 GB over a long download)
        if self.worker is None:
            raise HeavyUnavailable(self.failed)
        answer = await getattr(self.worker, function)(*args)
        return json.loads(str(answer))
