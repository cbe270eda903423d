"""Where the page's Python runs: in a worker on a cross-origin isolated page, so starting the
interpreter never freezes the page; on the main thread where a host sends no isolation
headers, until the service worker adds them (from the second visit)."""

from __future__ import annotations

import http.server
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pycore import links, site

from .conftest import READY, START_TIMEOUT, App
from .samples import SAMPLES

WHERE = """() => {
  const python = document.querySelector('script[type="py"]');
  return {isolated: window.crossOriginIsolated, worker: python.hasAttribute('worker'),
          xworker: Boolean(python.xworker)};
}"""
IN_A_WORKER = {"isolated": True, "worker": True, "xworker": True}
ON_THE_MAIN_THREAD = {"isolated": False, "worker": False, "xworker": False}


def test_our_servers_isolate_the_page_and_python_runs_in_a_worker(app: App) -> None:
    page = app.open(links.best(SAMPLES["sudoku9-rich"]())[1])
    assert page.evaluate(WHERE) == IN_A_WORKER
    response = page.request.get(app.url)
    for name, value in site.ISOLATION.items():
        assert response.headers[name.lower()] == value


def test_keys_python_answers_do_not_scroll_the_page(app: App) -> None:
    page = app.open()
    page.set_viewport_size({"width": 360, "height": 420})  # the page is taller than the screen
    app.cell(1, 1).click()
    page.evaluate("window.scrollTo(0, document.getElementById('grid').getBoundingClientRect().top"
                  " + window.scrollY - 10)")
    before = page.evaluate("window.scrollY")
    for key in ("ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft", " "):
        page.keyboard.press(key)
    assert page.evaluate("window.scrollY") == before  # no default action: only the cursor moved
    focused = "[+document.activeElement.dataset.row, +document.activeElement.dataset.col]"
    assert page.evaluate(focused) == [1, 1]
    page.fill("#open-text", "not a puzzle")
    page.press("#open-text", "Enter")  # Enter opens; it adds no line and submits no form
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


def test_a_plain_host_runs_python_on_the_main_thread_then_in_a_worker_from_the_second_visit(
    page: Page, plain_host: str,
) -> None:
    app = App(page, plain_host)
    app.watch(page)
    app.open()
    assert page.evaluate(WHERE) == ON_THE_MAIN_THREAD
    app.cell(0, 0).click()
    page.keyboard.type("7")  # the page works the same: a given 7, saved in this browser
    assert app.grid()[0] == [0, 0, "given", "7"]
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START_TIMEOUT)

    page.reload()  # the service worker answers now, with the isolation headers added
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    assert page.evaluate(WHERE) == IN_A_WORKER
    assert app.grid()[0] == [0, 0, "given", "7"]  # the saved grid came back
    app.cell(0, 1).click()
    page.keyboard.type("8")
    assert app.grid()[1] == [0, 1, "value", "8"]  # a saved grid reopens for solving
    assert app.problems == []
