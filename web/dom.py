"""The few DOM helpers every page module shares: find by id, make an element, listen.

One home for them (app.py, grid_view.py, keeper.py and page_tools.py all import from
here), and `replace`/`update`, which build or change many elements in one call. Text
reaches the page only as text: `element` sets `textContent`, and so does early.js's
builder, never markup.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeAlias

from pyodide.ffi import create_proxy
from pyscript import document, window

# The window's objects a keystroke uses, looked up once. In a worker every lookup on
# `window` itself is a slow round trip (2 to 12 ms measured in Chromium), one on these
# objects a fast one (0.1 to 0.3 ms). BUILDER is early.js's, which runs before PyScript.
LOCATION: Any = window.location
HISTORY: Any = window.history
DATE: Any = window.Date
BUILDER: Any = window.pycoreDom

# Every listener's proxy, kept for the page's lifetime (a dropped proxy would be freed
# while the browser still holds the listener).
_PROXIES: list[Any] = []


def by_id(name: str) -> Any:
    return document.getElementById(name)


def on(target: Any, event: str, handler: Any) -> None:
    """Call a Python function for a DOM event for as long as the page lives."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    target.addEventListener(event, proxy)


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

# A property of an element found by id, and its new value: ("link", "value", "https://…").
Field: TypeAlias = "tuple[str, str, str]"


def replace(parent: Any, nodes: list[Node]) -> None:
    """The parent's children become these nodes, built in one call (from a worker, one
    round trip instead of one per element, attribute and text)."""
    BUILDER.replace(parent, json.dumps(nodes, separators=(",", ":")))


def update(parent: Any, changes: list[Change], focus: int = -1, fields: Sequence[Field] = ()) -> None:
    """Apply changes to the parent's children by data-index and set the fields, in one
    call; then focus the child with data-index `focus` (-1: none)."""
    BUILDER.update(parent, json.dumps(changes, separators=(",", ":")), focus,
                   json.dumps(fields, separators=(",", ":")))
