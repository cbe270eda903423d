"""The page's one way to the DOM: events come in as facts (`listen`, `answer`), and the
writes a render queues go out in one call (`later`, `flush`).

One home for them (app.py, grid_view.py, keeper.py, coach.py and page_tools.py all
import from here). The page's Python runs with MicroPython on the main thread, where a
call into the page is cheap, but the writes still go in one call per event: web/early.js
builds and changes many elements from one JSON list faster than Python can call the DOM
element by element, and a keystroke's answer is one string. Text reaches the page only
as text: `element` sets `textContent`, and so does early.js, never markup.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from pyscript import window
from pyscript.ffi import create_proxy

from pycore.formats.json import MAX_TEXT

if TYPE_CHECKING:  # MicroPython's typing (web/micropython/typing.py) has only what runs
    from collections.abc import Callable
    from typing import TypeAlias

# early.js's one function (`pycoreDom(call, ...args)`), and what the page holds that
# Python needs at start (the address, the build's wheel list and heavy worker), read once.
BUILDER: Any = window.pycoreDom
FACTS: dict[str, str] = json.loads(str(BUILDER("facts")))

# The longest field value an event's facts carry: the paste box's bound, every reader's.
MAX_FIELD = MAX_TEXT

# Every listener's proxy, kept for the page's lifetime (a dropped proxy would be freed
# while the browser still holds the listener).
_PROXIES: list[Any] = []
# Tasks started from plain handlers and timers, kept until they end (a task nobody
# holds may be collected before it runs to its end), and how many of them are answering
# the player (`window.pycoreBusy()`: the browser tests wait for none before they look).
_TASKS: set[Any] = set()
_BUSY = [0]


# An event as early.js's `listen` sends it: id, type, value, open, key, shift, composing,
# address, newValue, data (the data-* of the button hit), values and lengths (of the
# fields the handler reads).
Facts: TypeAlias = "dict[str, Any]"
Handler: TypeAlias = "Callable[[Facts], Any]"


def spawn(work: Any, busy: bool = True) -> None:
    """Run a coroutine to its end in the background (an async handler, a timer); `busy`:
    the player is waiting for it (not a check in the background, such as a link's doubt)."""
    _BUSY[0] += busy  # now, not when the task first runs: a test may look in between
    task = asyncio.create_task(_kept(work, busy))
    _TASKS.add(task)


async def _kept(work: Any, busy: bool) -> None:
    try:
        await work
    except Exception as err:  # a bug: say it where the tests look, and keep the page going
        _report(err)
    finally:
        _BUSY[0] -= busy
        flush()
        for task in [t for t in _TASKS if t.done()]:
            _TASKS.discard(task)


def _report(err: Exception) -> None:
    window.console.error(f"page: {type(err).__name__}: {err}")


def _busy() -> int:
    return _BUSY[0]


def busy_begin() -> None:
    """The player waits for an answer that comes back by a callback rather than a task
    (`busy_end` when it has come)."""
    _BUSY[0] += 1


def busy_end() -> None:
    _BUSY[0] -= 1
    flush()


window.pycoreBusy = create_proxy(_busy)
_PROXIES.append(window.pycoreBusy)


# Actions waiting for a browser timer (`call_later`), by the timer's number.
_TIMED: dict[int, tuple[Any, tuple[Any, ...]]] = {}
_NEXT_TIMER = [0]


def call_later(seconds: float, action: Any, *args: Any) -> None:
    """Call `action(*args)` after `seconds` (0: once the browser has had the thread back).

    A browser timer of its own, not an asyncio sleep: MicroPython's asyncio runs every task
    that is due in one go, so actions put off by sleeping would still run in one long
    event, and the page could not paint or answer a tap in between."""
    busy_begin()
    _NEXT_TIMER[0] += 1
    _TIMED[_NEXT_TIMER[0]] = (action, args)
    window.setTimeout(_TIMER, int(seconds * 1000), _NEXT_TIMER[0])


def _timer(number: Any) -> None:
    action, args = _TIMED.pop(int(number))
    try:
        action(*args)
    except Exception as err:  # a bug: say it where the tests look, and keep the page going
        _report(err)
    finally:
        busy_end()


_TIMER = create_proxy(_timer)
_PROXIES.append(_TIMER)


def listen(handlers: dict[tuple[str, str], Handler],
           reads: dict[tuple[str, str], tuple[str, ...]] | None = None) -> None:
    """Call each handler for its (element id, event type) with the event's facts, all
    wired in one call; "window" names the window. `reads`: the ids of the fields whose
    values come with an event (a value over MAX_FIELD characters comes as None, with its
    length). The writes a handler queued are sent when it returns (an async handler runs
    as a task: when it ends)."""
    table = dict(handlers)
    wanted = reads or {}

    def dispatch(facts: Any) -> None:
        given = json.loads(str(facts))
        result = table[(given["id"], given["type"])](given)
        if result is not None and hasattr(result, "send"):  # a coroutine: an async handler
            spawn(result)
        flush()

    proxy = create_proxy(dispatch)
    _PROXIES.append(proxy)
    wiring = [[name, kind, list(wanted.get((name, kind), ()))] for name, kind in table]
    BUILDER("listen", json.dumps(wiring), proxy, MAX_FIELD)


# An element to build on the page's side: [tag, {attribute: value}, children or text,
# optionally {style property: value}]; a string is a text node (web/early.js builds them).
Node: TypeAlias = "str | list[Any]"
# A change to the child with this data-index: attributes to set (None: remove), and its
# new children or text (None: keep them).
Change: TypeAlias = "tuple[int, dict[str, str | None], list[Node] | str | None]"


# -- writes that wait for the end of the event ------------------------------------------
#
# A render's writes (the changed cells, the share box, the controls, the saved grid, the
# address bar) are queued here and sent in one call at its end (`flush`). In an event
# early.js forwards (a key or a tap on the grid or the pad) they go back as the event's
# answer (`answer`), which early.js applies. What queued writes may do is early.js's list:
# update cells, set a property (value, text, disabled, hidden, checked), set or remove an
# attribute, set a style property, build an element's children, store or remove a saved
# item, replace the address bar's fragment, register the offline worker.
_pending: list[list[Any]] = []
_answering = [False]


def later(*op: Any) -> None:
    """Queue one write (sent by the next `flush`, or with the event's answer)."""
    _pending.append(list(op))


def update(parent: str, changes: list[Change], focus: int = -1) -> None:
    """Change the children of the element with id `parent` by data-index, then focus the
    child with data-index `focus` (-1: none)."""
    later("update", parent, changes, focus)


def set_property(name: str, prop: str, value: str | bool) -> None:
    """element.prop = value, for the element with id `name`."""
    later("set", name, prop, value)


def set_attribute(name: str, attribute: str, value: str | None) -> None:
    """Set (None: remove) an attribute of the element with id `name`."""
    later("attr", name, attribute, value)


def build_children(name: str, nodes: list[Node]) -> None:
    """The children of the element with id `name` become these nodes, with the render's
    other writes (so a new grid and its column count arrive in the same frame)."""
    later("replace", name, nodes)


def set_style(name: str, prop: str, value: str) -> None:
    """A style property (a custom property such as --cols) of the element with id `name`."""
    later("style", name, prop, value)


def _taken() -> str:
    ops = json.dumps(_pending, separators=(",", ":"))
    _pending.clear()
    return ops


def flush() -> None:
    """Send the queued writes in one call (inside an answered event: nothing, they go back
    with its answer)."""
    if _pending and not _answering[0]:
        BUILDER("apply", _taken())


def answer(handler: Any, facts: str) -> str:
    """Run an event forwarded by early.js (its facts as JSON) and answer with the writes it
    queued, for early.js to apply."""
    _answering[0] = True
    try:
        handler(json.loads(facts))
    finally:
        _answering[0] = False
    return _taken()
