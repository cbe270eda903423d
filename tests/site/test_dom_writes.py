"""The light worker's writes (web/light/dom.py) go to the page as one JSON text: exactly
`json.dumps` of them, made in pieces, since MicroPython's json.dumps is quadratic in the
length of the text it makes (a 75x75 layout's new grid is 1.6 MB of writes: 3.1 s in one
piece, 0.16 s in pieces, in MicroPython 1.27)."""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dom() -> Any:
    """web/light/dom.py, with the worker's `js` and `jsffi` stood in for."""
    fake_js = types.ModuleType("js")
    fake_js.pycoreFacts = json.dumps({"hash": "", "href": "http://x/"})  # type: ignore[attr-defined]
    fake_ffi = types.ModuleType("jsffi")
    fake_ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    saved = {name: sys.modules.get(name) for name in ("js", "jsffi")}
    sys.modules.update({"js": fake_js, "jsffi": fake_ffi})
    try:
        spec = importlib.util.spec_from_file_location("light_dom", ROOT / "web" / "light" / "dom.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        for name, old in saved.items():
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old
    return module


def grid_of(rows: int, cols: int) -> list[Any]:
    """A new grid's nodes as grid_view.build writes them: rows of cells, each with marks."""
    return [["div", {"role": "row", "class": "row"},
             [["div", {"data-index": str(r * cols + c), "aria-label": f"Row {r + 1}, column {c + 1}"},
               [["span", {"class": "centre"}, [["span", {"class": "mark"}, "3"], " "]]]]
              for c in range(cols)]] for r in range(rows)]


nodes = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8)
    | st.text(min_size=1, max_size=3).map(lambda piece: piece * 9000),  # a long text, in pieces
    lambda inner: st.lists(inner, max_size=40) | st.tuples(inner, inner, inner)
    | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=200)


@settings(max_examples=200, deadline=None)
@given(st.lists(nodes, max_size=5))
def test_the_writes_text_is_json_dumps_of_them(dom: Any, writes: list[Any]) -> None:
    dom._pending[:] = writes
    assert dom._taken() == json.dumps(writes, separators=(",", ":"))
    assert dom._pending == []


def test_a_large_layouts_new_grid_is_written_in_small_pieces(
        dom: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    writes = [["replace", "grid", grid_of(75, 75)],
              ["update", "grid", [[i, {}, "5"] for i in range(5625)], -1]]
    whole = json.dumps(writes, separators=(",", ":"))
    made: list[int] = []
    real = json.dumps

    def dumps(value: Any, **options: Any) -> str:
        text = real(value, **options)
        made.append(len(text))
        return text

    monkeypatch.setattr(dom.json, "dumps", dumps)
    dom._pending[:] = writes
    assert dom._taken() == whole
    assert len(whole) > 800_000 and max(made) < 1_000  # a cell at a time, never the whole


def test_a_long_text_is_written_in_pieces(dom: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A saved link or a grid's state sent to the heavy worker: 64 K characters and more."""
    texts = ["Q" * 70_000, 'é"\\\n\u2028' * 20_000]
    writes = [["store", "slot", texts[0]], ["heavy-call", 1, "shares", [texts[1], ""]]]
    whole = json.dumps(writes, separators=(",", ":"))
    made: list[int] = []
    real = json.dumps

    def dumps(value: Any, **options: Any) -> str:
        made.append(len(real(value, **options)))
        return real(value, **options)

    monkeypatch.setattr(dom.json, "dumps", dumps)
    dom._pending[:] = writes
    assert dom._taken() == whole
    assert max(made) <= 6 * dom.PIECE_TEXT + 2  # a piece, escaped (\\u00e9: 6 characters)
