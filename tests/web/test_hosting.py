"""Hosting: the page needs no header of its host. MicroPython runs the first screen in a
worker and the heavy worker needs no cross-origin isolation (both are reached with
messages), so a static host
that sends nothing of its own (GitHub Pages, a folder behind nginx) serves the whole page."""

from __future__ import annotations

import http.server
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pycore import links, site
from pycore.solve import count_solutions
from tests.web.conftest import READY, START_TIMEOUT, App, settle
from tests.web.samples import SAMPLES

HEAVY_READY = '[data-heavy="ready"]'


def test_keys_python_answers_do_not_scroll_the_page(app: App) -> None:
    page = app.open()
    page.set_viewport_size({"width": 360, "height": 420})  # the page is taller than the screen
    app.cell(1, 1).click()
    settle(app.page)
    page.evaluate("window.scrollTo(0, document.getElementById('grid').getBoundingClientRect().top"
                  " + window.scrollY - 10)")
    before = page.evaluate("window.scrollY")
    for key in ("ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft", " "):
        page.keyboard.press(key)
        settle(page)
    assert page.evaluate("window.scrollY") == before  # no default action: only the cursor moved
    focused = "[+document.activeElement.dataset.row, +document.activeElement.dataset.col]"
    assert page.evaluate(focused) == [1, 1]
    page.fill("#open-text", "not a puzzle")
    settle(page)
    page.press("#open-text", "Enter")  # Enter opens; it adds no line and submits no form
    settle(page)
    assert page.input_value("#open-text") == "not a puzzle"
    assert page.url.startswith(app.url) and page.evaluate("document.documentElement.dataset.ready") == "true"


class PlainHost(http.server.SimpleHTTPRequestHandler):
    """A static host that sends no headers of its own: no policy, no isolation."""

    extensions_map = site.Handler.extensions_map

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def plain_host(tmp_path: Path) -> Iterator[str]:
    folder = site.build(tmp_path / "site", quiet=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(PlainHost, directory=str(folder)))
    with site.running(server) as url:
        yield url


def test_a_plain_host_serves_the_whole_page_and_it_works_offline_from_the_second_visit(
    page: Page, plain_host: str,
) -> None:
    app = App(page, plain_host)
    app.watch(page)
    app.open(links.best(SAMPLES["sudoku9-rich"]())[1])
    assert page.evaluate("window.crossOriginIsolated") is False
    app.cell(0, 2).click()
    settle(app.page)
    page.keyboard.type("7")
    settle(page)
    assert app.grid()[2] == [0, 2, "value", "7"]
    page.wait_for_selector(HEAVY_READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    page.click("#check")  # the heavy worker answers on a host with no isolation headers
    settle(page)
    solutions = count_solutions(links.read(page.url)[1], limit=2)
    assert page.inner_text("#message") == {
        0: "Something is wrong: no solution fits the digits on the grid.", 1: "No mistakes so far.",
        2: "No mistakes so far, but the puzzle has more than one solution."}[solutions]
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START_TIMEOUT)
    settle(page)

    page.reload()  # from the service worker now
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    assert app.grid()[2] == [0, 2, "value", "7"]  # the grid came back
    assert app.problems == []
