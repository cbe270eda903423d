"""The page's one way to the DOM: events come in as facts, and the writes a handler
queues go out in one message (`later`, `flush`).

The page's Python runs in a worker (web/light/light.js starts MicroPython there), so it never
touches an element: web/main/early.js, on the page's side, sends each event as plain facts (a
key, a tapped cell, the values of the fields a handler reads, a panel's state, the
button's data) and makes the writes Python answers with, many elements from one JSON
list. What to show is decided here; early.js only carries it out. Text reaches the page
only as text (early.js sets `textContent`), never markup.

One home for this (page.py, grid_view.py, keeper.py, solver_view.py and exchange.py all
import from here). Every message the page sends gets exactly one answer (with the writes
it caused, maybe none) and every answer says how many answers the player still waits for
(`busy`): `window.pycoreBusy()` on the page adds the two, and the browser tests wait for
none before they look.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

import js  # the worker's global scope (web/light/light.js)
from jsffi import create_proxy

from pycore.app import crossings
from pycore.formats import MAX_TEXT

if TYPE_CHECKING:  # MicroPython's typing (web/light/micropython/typing.py) has only what runs
    from collections.abc import Callable
    from typing import TypeAlias

# What the page holds that Python needs at start, read once by early.js: the address, the
# level menu's choice, the build's wheel list and heavy worker, the items saved here.
FACTS: dict[str, Any] = json.loads(str(js.pycoreFacts))

# The longest field value an event's facts carry: the paste box's bound, every reader's.
MAX_FIELD = MAX_TEXT

# Tasks started from handlers and timers, kept until they end (a task nobody holds may be
# collected before it runs to its end); how many of them (and of the heavy worker's
# answers) the player waits for; the count the page was last told.
_TASKS: set[Any] = set()
_BUSY = [0]
_POSTED = [0]

# An event as early.js's `listen` sends it: id, type, value, open, checked, key, shift, composing,
# address, newValue, stored, data (the data-* of the button hit), values and lengths (of
# the fields the handler reads).
Facts: TypeAlias = "dict[str, Any]"
Handler: TypeAlias = "Callable[[Facts], Any]"

# The handlers of listened events by (element id, event type); of the events early.js
# sends unasked (the grid's keys and taps, the pad, storage, the heavy worker's answers).
_LISTENED: dict[tuple[str, str], Handler] = {}
_FORWARDED: list[Handler] = []
# The item of this tab's saved slot as the page read it with the last event (`watch`).
WATCHED: dict[str, str | None] = {}


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
    later(crossings.ERROR, f"page: {type(err).__name__}: {err}")


def busy_begin() -> None:
    """The player waits for an answer that comes back by a callback rather than a task
    (`busy_end` when it has come)."""
    _BUSY[0] += 1


def busy_end() -> None:
    _BUSY[0] -= 1
    flush()


# Actions waiting for a timer (`call_later`), by the timer's number.
_TIMED: dict[int, tuple[Any, tuple[Any, ...]]] = {}
_NEXT_TIMER = [0]


def call_later(seconds: float, action: Any, *args: Any) -> None:
    """Call `action(*args)` after `seconds` (0: in an event of its own, soon).

    A timer of its own, not an asyncio sleep: MicroPython's asyncio runs every task that
    is due in one go, so actions put off by sleeping would still run in one long event,
    and their writes would reach the page together."""
    busy_begin()
    _NEXT_TIMER[0] += 1
    _TIMED[_NEXT_TIMER[0]] = (action, args)
    js.setTimeout(_TIMER, int(seconds * 1000), _NEXT_TIMER[0])


def _timer(number: Any) -> None:
    action, args = _TIMED.pop(int(number))
    try:
        action(*args)
    except Exception as err:  # a bug: say it where the tests look, and keep the page going
        _report(err)
    finally:
        busy_end()


_TIMER = create_proxy(_timer)


def listen(handlers: dict[tuple[str, str], Handler],
           reads: dict[tuple[str, str], tuple[str, ...]] | None = None) -> None:
    """Call each handler for its (element id, event type) with the event's facts, all
    wired in one write; "window" names the window. `reads`: the ids of the fields whose
    values come with an event (a value over MAX_FIELD characters comes as None, with its
    length). The writes a handler queued go back as the event's answer (an async handler
    runs as a task: they go when it ends)."""
    wanted = reads or {}
    _LISTENED.update(handlers)
    later(crossings.LISTEN, [[name, kind, list(wanted.get((name, kind), ()))] for name, kind in handlers],
          MAX_FIELD)


def forward_to(handler: Handler) -> None:
    """The handler of the events early.js sends unasked (their facts' "event")."""
    _FORWARDED.append(handler)


def watch(key: str) -> None:
    """Have the page send the stored item `key` with every event (`WATCHED`): the slot this
    tab saves in, so that another tab's save there is seen before this tab writes."""
    WATCHED.clear()
    later(crossings.WATCH, key)


def _on_message(text: Any) -> None:
    """One message from the page: an event's facts. Its answer is the writes it queued."""
    _answering[0] = True
    try:
        facts = json.loads(str(text))
        if "watched" in facts:
            key, value = facts["watched"]
            WATCHED.clear()
            WATCHED[key] = value
        if "id" in facts:
            result = _LISTENED[(facts["id"], facts["type"])](facts)
            if result is not None and hasattr(result, "send"):  # a coroutine: an async handler
                spawn(result)
        else:
            _FORWARDED[0](facts)
    except Exception as err:  # a bug: say it where the tests look, and keep the page going
        _report(err)
    finally:
        _answering[0] = False
        _post(True)


_LISTENER = create_proxy(_on_message)


def start_listening() -> None:
    """Take the page's messages from now on (those that came while Python started first)."""
    js.pycoreListen(_LISTENER)


# An element to build on the page's side: [tag, {attribute: value}, children or text,
# optionally {style property: value}]; a string is a text node (web/main/early.js builds them).
Node: TypeAlias = "str | list[Any]"
# A change to the child with this data-index: attributes to set (None: remove), and its
# new children or text (None: keep them).
Change: TypeAlias = "tuple[int, dict[str, str | None], list[Node] | str | None]"


# -- writes that wait for the end of the event ------------------------------------------
#
# A render's writes (the changed cells, the share box, the controls, the saved grid, the
# address bar) are queued here and sent in one message at its end (`flush`). In an event
# the page sent, they go back as the event's answer, which early.js applies. What queued
# writes may do is early.js's list:
# update cells, set a property (value, text, disabled, hidden, checked), set or remove an
# attribute, set a style property, build an element's children, store or remove a saved
# item, replace the address bar's fragment, register the offline worker, listen, copy,
# open, print, download, say an error in the console, start and call the heavy worker.
_pending: list[list[Any]] = []
_answering = [False]


def later(*op: Any) -> None:
    """Queue one write (sent by the next `flush`, or with the event's answer)."""
    _pending.append(list(op))


def update(parent: str, changes: list[Change], focus: int = -1) -> None:
    """Change the children of the element with id `parent` by data-index, then focus the
    child with data-index `focus` (-1: none)."""
    later(crossings.UPDATE, parent, changes, focus)


def set_property(name: str, prop: str, value: str | bool) -> None:
    """element.prop = value, for the element with id `name`."""
    later(crossings.SET, name, prop, value)


def set_attribute(name: str, attribute: str, value: str | None) -> None:
    """Set (None: remove) an attribute of the element with id `name`."""
    later(crossings.ATTR, name, attribute, value)


def build_children(name: str, nodes: list[Node]) -> None:
    """The children of the element with id `name` become these nodes, with the render's
    other writes (so a new grid and its column count arrive in the same frame)."""
    later(crossings.REPLACE, name, nodes)


def reveal(name: str) -> None:
    """Scroll the element with id `name` into view, as little as it takes (none when it is
    in view already): what a button started, shown where the player is looking."""
    later(crossings.REVEAL, name)


def set_style(name: str, prop: str, value: str) -> None:
    """A style property (a custom property such as --cols) of the element with id `name`."""
    later(crossings.STYLE, name, prop, value)


PIECE = 16  # a list longer than this is written item by item (`_json`)
PIECE_TEXT = 8192  # a string longer than this, piece by piece


def _json(value: Any) -> str:
    """`json.dumps(value, separators=(",", ":"))`, made in pieces joined: long lists
    (and lists holding one, or a long string) item by item, long strings piece by piece.
    MicroPython's json.dumps grows its text a few bytes at a time, which is quadratic in
    the text's length: a 75x75 layout's new grid, 1.6 MB of writes, took 3.1 s in one
    piece, 0.16 s in pieces."""
    if isinstance(value, str):
        if len(value) <= PIECE_TEXT:
            return json.dumps(value)
        return '"' + "".join([json.dumps(value[k:k + PIECE_TEXT])[1:-1]
                              for k in range(0, len(value), PIECE_TEXT)]) + '"'
    if isinstance(value, (list, tuple)) and _long(value):
        return "[" + ",".join([_json(item) for item in value]) + "]"
    return json.dumps(value, separators=(",", ":"))


def _long(value: Any, depth: int = 2) -> bool:
    """Whether `_json` writes `value` in pieces: a long string or list, or a list that
    holds one within `depth` levels (the writes hold them no deeper: a new grid's rows, an
    update's cells, a saved link, a state for the heavy worker among its arguments)."""
    if isinstance(value, str):
        return len(value) > PIECE_TEXT
    if not isinstance(value, (list, tuple)):
        return False
    return len(value) > PIECE or (depth > 0 and any([_long(item, depth - 1) for item in value]))


def _taken() -> str:
    ops = "[" + ",".join([_json(op) for op in _pending]) + "]"
    _pending.clear()
    return ops


def flush() -> None:
    """Send the queued writes (and the count of answers the player waits for, when it
    changed) in one message; inside an event being answered, nothing: they go back with
    its answer."""
    if not _answering[0] and (_pending or _BUSY[0] != _POSTED[0]):
        _post(False)


def _post(answer: bool) -> None:
    _POSTED[0] = _BUSY[0]
    js.pycorePost('{"answer":' + ("true" if answer else "false") + ',"busy":' + str(_BUSY[0])
                  + ',"writes":' + _taken() + "}")
