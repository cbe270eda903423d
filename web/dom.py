"""The few DOM helpers every page module shares: find by id, make an element, listen.

One home for them (app.py, grid_view.py, keeper.py and page_tools.py all import
from here). Text reaches the page only as text: `element` sets `textContent`, never
markup.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

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
