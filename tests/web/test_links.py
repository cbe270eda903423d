"""Opening links: every link format opens to the right grid, and so do pasted strings."""

from __future__ import annotations

import json
import time
from typing import Any

from pycore import encode, links, to_json
from pycore.app import messages, persist
from pycore.errors import FormatError
from pycore.model import Puzzle
from tests.web.conftest import App, expected_grid, settle
from tests.web.samples import SAMPLES


def lossless_links() -> list[tuple[str, str, Puzzle, str]]:
    """(format, sample name, puzzle, fragment) for every sample each link format holds whole."""
    out = []
    for name in links.link_formats():
        for sample, make in SAMPLES.items():
            puzzle = make()
            try:
                out.append((name, sample, puzzle, links.fragment(puzzle, name)))
            except FormatError:
                continue
    return out


def wait_for_grid(app: App, want: list[list[Any]], seconds: float = 10) -> list[list[Any]]:
    deadline = time.monotonic() + seconds
    while True:
        settle(app.page)  # a grid read while the worker draws it would be half old, half new
        shown = app.grid()
        if shown == want or time.monotonic() > deadline:
            return shown
        app.page.wait_for_timeout(50)


def test_every_link_format_opens_to_the_right_grid(app: App) -> None:
    cases = lossless_links()
    formats = {name for name, *_ in cases}
    assert formats == set(links.link_formats()), "a link format holds none of the samples"
    first, *rest = cases
    page = app.open(first[3])
    assert app.grid() == expected_grid(first[2])
    for name, sample, puzzle, fragment in rest:
        page.evaluate("f => { location.hash = f }", fragment)
        assert wait_for_grid(app, expected_grid(puzzle)) == expected_grid(puzzle), (name, sample)
        # a grid with no solution (str8ts6: row 1 has no run of four) or several is said so,
        # as a link that may be damaged in compact, as a fact in a tagged format
        said = messages.doubt(puzzle, name)
        if said:
            page.wait_for_function("(w) => document.getElementById('message').innerText === w",
                                   arg=said)
        else:
            assert f"({name} format)" in page.inner_text("#message")
        # the address bar now holds a link that reads back to the same grid
        assert links.read(page.evaluate("location.hash"))[1] == puzzle


def test_pasted_strings_and_whole_links_open(app: App) -> None:
    page = app.open()
    sample = SAMPLES["sudoku9-givens"]()
    texts = [
        encode("offset", sample),
        "S9B" + encode("offset", sample),
        json.dumps(to_json(SAMPLES["str8ts6"]())),
        links.link(SAMPLES["samurai"](), "binary", base="https://example.org/puzzle"),
    ]
    wants = [sample, sample, SAMPLES["str8ts6"](), SAMPLES["samurai"]()]
    for text, want in zip(texts, wants, strict=True):
        page.fill("#open-text", text)
        settle(page)
        page.click("#open")
        settle(page)
        assert wait_for_grid(app, expected_grid(want)) == expected_grid(want), text[:40]
        assert page.input_value("#open-text") == ""
    # the samurai's gaps are outside cells, its menu entry is picked; an opened grid's Undo
    # stays in it, and the grid before is one click away in Recent puzzles
    assert page.locator('#grid [data-kind="outside"]').count() == 21 * 21 - 41 * 9
    assert page.input_value("#shape") == "samurai"
    app.shoot("samurai")
    assert page.is_disabled("#undo")
    page.click(f"#recent-list button:text-is({persist.label(wants[2])!r})")
    settle(page)
    assert wait_for_grid(app, expected_grid(wants[2])) == expected_grid(wants[2])
