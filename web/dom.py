"""The few DOM helpers every page module shares: find by id, make an element, listen,
and the writes a render queues and sends in one call (`later`, `flush`, `answer`).

One home for them (app.py, grid_view.py, keeper.py, coach.py and page_tools.py all
import from here). In a worker every call into the page is a round trip, so the page's
Python wires its listeners in one call (`listen`) and queues its writes. Text reaches
the page only as text: `element` sets `textContent`, and so does early.js, never markup.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable
from typing import Any, TypeAlias

from pyodide.ffi import create_proxy
from pyscript import document, window

# early.js's one function (`pycoreDom(call, ...args)`), looked up once, and what the page
# holds that Python needs at start (the address, the build's wheel list), read in one call.
# In a worker every page object Python touches costs a dozen or more round trips (Pyodide
# asks for its prototype chain and symbols: about 20 ms at start, measured in Chromium),
# so only this function crosses, and strings go through it.
BUILDER: Any = window.pycoreDom
FACTS: dict[str, str] = json.loads(str(BUILDER("facts")))

# Every listener's proxy, kept for the page's lifetime (a dropped proxy would be freed
# while the browser still holds the listener).
_PROXIES: list[Any] = []


def by_id(name: str) -> Any:
    return document.getElementById(name)


Handler: TypeAlias = "Callable[[Any], Any]"
_TASKS: set[asyncio.Future[Any]] = set()


def listen(handlers: dict[tuple[str, str], Handler]) -> None:
    """Call each handler for its (element id, event type), all wired in one call (from a
    worker, one round trip instead of two per listener: a lookup and addEventListener);
    "window" names the window. The writes a handler queued are sent when it returns."""
    table = dict(handlers)

    def dispatch(name: str, kind: str, event: Any) -> None:
        handler = table[(str(name), str(kind))]
        if inspect.iscoroutinefunction(handler):
            task = asyncio.ensure_future(_flushed(handler, event))
            _TASKS.add(task)
            task.add_done_callback(_TASKS.discard)
        else:
            handler(event)
            flush()

    proxy = create_proxy(dispatch)
    _PROXIES.append(proxy)
    BUILDER("listen", json.dumps([list(key) for key in table]), proxy)


async def _flushed(handler: Handler, event: Any) -> None:
    await handler(event)
    flush()


def element(tag: str, text: str = "", cls: str = "", **attributes: str) -> Any:
    """A new element whose text is set as text (never parsed as markup); `data_x` -> `data-x`."""
    el = document.createElement(tag)
    if text:
        el.textContent = text
    if cls:
        el.className = cls
    for name, value in attributes.items():
        el.setAttribute(name.replace("_", "-"), value)
    return el


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
# early.js forwards (a key or a tap on the grid or the pad) they are not sent at all: they
# go back as the event's answer (`answer`), which early.js applies, so a keystroke costs
# no call from the worker into the page. What queued writes may do is early.js's list:
# update cells, set a property (value, text, disabled, hidden, checked), set or remove an
# attribute, set a style property, build an element's children, store or remove a saved
# item, replace the address bar's fragment, register the offline worker.
_pending: list[list[Any]] = []
_answering = False


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
    if _pending and not _answering:
        BUILDER("apply", _taken())


def answer(handler: Callable[[dict[str, Any]], None], facts: str) -> str:
    """Run an event forwarded by early.js (its facts as JSON) and answer with the writes it
    queued, for early.js to apply."""
    global _answering
    _answering = True
    try:
        handler(json.loads(facts))
    finally:
        _answering = False
    return _taken()
