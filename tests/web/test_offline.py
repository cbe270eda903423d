"""Offline and nothing lost: the service worker, saved grids, two tabs, and an updated build.

Persistence tests use the shared site; the offline and update tests build and serve a
site of their own, so that they can stop its server (a real "no network") or change its
files (a new deployment).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from http.server import HTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pycore import links, site
from pycore.app import messages, persist
from pycore.model import Puzzle, value
from tests.web.conftest import READY, START_TIMEOUT, App, expected_grid, failed_to_open, outside, settle
from tests.web.samples import SAMPLES

CONTROLLED = "navigator.serviceWorker.controller !== null"
CACHES_JS = "caches.keys()"
HEAVY_READY = '[data-heavy="ready"]'


@dataclass
class Served:
    folder: Path
    url: str
    server: HTTPServer

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[Served]:
    folder = site.build(tmp_path / "site", quiet=True)
    server = site.make_server(folder, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    served = Served(folder, site.url_of(server), server)
    yield served
    if server.socket.fileno() != -1:
        served.stop()


def watched(page: Page, url: str) -> App:
    app = App(page, url)
    app.watch(page)
    return app


def link(sample: str, base: str = "") -> str:
    return links.link(SAMPLES[sample](), base=base)


def fragment(sample: str) -> str:
    return link(sample).split("#", 1)[1]


def wait_until_controlled(page: Page) -> None:
    page.wait_for_function(CONTROLLED, timeout=START_TIMEOUT)
    settle(page)


def saved_state(page: Page) -> Puzzle:
    return links.read(page.evaluate("location.hash"))[1]


def recent(page: Page) -> list[str]:
    result: list[str] = page.evaluate(
        "[...document.querySelectorAll('#recent-list button')].map(b => b.textContent)")
    return result


# -- offline ----------------------------------------------------------------------------


def test_after_one_visit_every_share_link_opens_with_no_network(
    context: BrowserContext, own_site: Served,
) -> None:
    app = watched(context.new_page(), own_site.url)
    page = app.open(fragment("sudoku9-rich"))
    wait_until_controlled(page)
    page.wait_for_selector(HEAVY_READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    # every file the first visit fetched is in the worker's precache list
    precached = set(site.precache_files(own_site.folder))
    fetched = {urlsplit(u).path.lstrip("/") or "./" for u in app.requests if u.startswith(own_site.url)}
    assert fetched - {"sw.js"} <= precached
    assert {f"vendor/pyodide-{site._version('pyodide')}/{name}" for name in site.PYODIDE_FILES} <= precached

    own_site.stop()  # no server any more, and the browser is offline too
    context.set_offline(True)
    app.requests.clear()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    assert app.grid() == expected_grid(SAMPLES["sudoku9-rich"]())
    page.wait_for_selector(HEAVY_READY, state="attached", timeout=START_TIMEOUT)  # offline too
    settle(page)
    page.click("#hint")
    settle(page)
    assert page.inner_text("#message").startswith("Hint: ")

    # another share link, in a new tab: a whole new page load, served by the worker
    other = watched(context.new_page(), own_site.url)
    other.open(fragment("str8ts6"))
    assert other.grid() == expected_grid(SAMPLES["str8ts6"]())
    other.cell(2, 2).click()
    settle(other.page)
    other.page.keyboard.type("5")
    settle(other.page)
    assert other.cell(2, 2).text_content() == "5"
    samurai = watched(context.new_page(), own_site.url)
    samurai.open(fragment("samurai"))
    assert samurai.grid() == expected_grid(SAMPLES["samurai"]())
    for each in (app, other, samurai):
        assert each.problems == []
        assert outside(each.requests, own_site.url) == []


def test_an_updated_build_replaces_the_old_cache(context: BrowserContext, own_site: Served) -> None:
    app = watched(context.new_page(), own_site.url)
    page = app.open()
    wait_until_controlled(page)
    old = page.evaluate(CACHES_JS)
    assert len(old) == 1 and old[0].startswith("pycore-")

    # a new deployment: the page changed, so the worker's list and cache name change with it
    index = own_site.folder / "index.html"
    index.write_text(index.read_text().replace("<title>", "<title>New build: "))
    (own_site.folder / site.SERVICE_WORKER).write_text(site.service_worker(own_site.folder))
    # as a build does, with the build's cache of compressed bytes (only the page is new):
    # the server sends these copies
    site.compress_site(own_site.folder, cache=site.COMPRESSED)
    new = site.cache_name(own_site.folder, site.precache_files(own_site.folder))
    assert new != old[0]

    # the browser checks sw.js (never cached) and installs the new worker, which takes over;
    # the page, untouched, follows it: one reload shows the new build (test_upgrade.py)
    page.reload()
    page.wait_for_function("document.title.startsWith('New build: ')", timeout=START_TIMEOUT)
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    deadline = time.monotonic() + START_TIMEOUT / 1000
    while page.evaluate(CACHES_JS) != [new]:  # activated, the old cache dropped
        assert time.monotonic() < deadline, page.evaluate(CACHES_JS)
        page.wait_for_timeout(100)
    assert app.problems == []


# Records the state of the worker the page registers (installing, installed, redundant...).
WORKER_STATE = """(() => {
  const container = navigator.serviceWorker;
  const register = container.register.bind(container);
  container.register = async (...args) => {
    const registration = await register(...args);
    const worker = registration.installing;
    if (worker) {
      worker.addEventListener("statechange", () => { window.__worker = worker.state; });
    }
    return registration;
  };
})();"""


def test_a_failed_install_leaves_no_cache_behind(context: BrowserContext, own_site: Served) -> None:
    # one file of the precache list is missing on the server: the install fails midway
    wheel = next(name for name in site.precache_files(own_site.folder) if name.endswith(".whl"))
    for path in own_site.folder.glob(wheel + "*"):  # and its compressed copies
        path.unlink()
    page = context.new_page()
    page.add_init_script(WORKER_STATE)
    app = watched(page, own_site.url)
    app.open()
    page.wait_for_function("window.__worker === 'redundant'", timeout=START_TIMEOUT)
    assert [name for name in page.evaluate(CACHES_JS) if name.startswith("pycore-")] == []
    assert app.grid() == expected_grid(Puzzle.blank("sudoku", 9))  # the page itself goes on


# -- nothing lost ------------------------------------------------------------------------


def test_an_edit_survives_a_reload_and_a_closed_tab(app: App) -> None:
    page = app.open(fragment("sudoku9-givens"))
    app.cell(0, 1).click()
    settle(app.page)
    page.keyboard.type("4")
    settle(page)
    edited = SAMPLES["sudoku9-givens"]().with_cell(1, value(4))
    assert app.grid() == expected_grid(edited)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    assert app.grid() == expected_grid(edited)

    # the tab is closed; a new one opened on the bare address reopens the grid
    context = page.context
    page.close()
    again = app.watch(context.new_page())
    app.open(page=again)
    assert app.grid(again) == expected_grid(edited)
    assert saved_state(again) == edited
    assert recent(again) == [persist.label(edited)]


# Storage that fills up when the test says (window.full): each save of a grid is refused.
FULL_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.full && key.startsWith("pycore:slot:")) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""


STORED_JS = "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('pycore:slot:')))"


def test_a_full_storage_keeps_the_grid_in_the_tab_and_says_so(app: App) -> None:
    app.page.add_init_script(FULL_STORAGE)
    page = app.open(fragment("sudoku9-givens"))
    assert page.inner_text("#recent-note") == ""
    stored = page.evaluate(STORED_JS)  # the grid as opened, saved before the storage filled
    page.evaluate("window.full = true")
    app.cell(0, 1).click()
    settle(app.page)
    page.keyboard.type("4")
    settle(page)
    edited = SAMPLES["sudoku9-givens"]().with_cell(1, value(4))
    assert app.grid() == expected_grid(edited)
    assert saved_state(page) == edited  # the address bar still holds the whole grid
    page.wait_for_function("document.getElementById('recent-note').textContent !== ''")
    settle(page)
    assert page.inner_text("#recent-note") == messages.STORAGE_FULL
    assert page.evaluate(STORED_JS) == stored
    # the tab goes on: the kept grid is the one the recent list offers
    app.cell(0, 2).click()
    settle(app.page)
    page.keyboard.type("7")
    settle(page)
    kept = persist.label(edited.with_cell(2, value(7)))
    page.wait_for_function("kept => [...document.querySelectorAll('#recent-list button')]"
                           ".some(b => b.textContent === kept)", arg=kept)
    settle(page)
    assert recent(page) == [kept]


def test_a_link_of_a_puzzle_with_other_progress_asks_and_keeps_both(app: App) -> None:
    page = app.open(fragment("sudoku9-givens"))
    app.cell(0, 1).click()
    settle(app.page)
    page.keyboard.type("4")
    settle(page)
    progress = SAMPLES["sudoku9-givens"]().with_cell(1, value(4))
    assert page.is_hidden("#ask")

    fresh = app.watch(page.context.new_page())  # the original link again, in another tab
    app.open(fragment("sudoku9-givens"), page=fresh)
    assert fresh.is_visible("#ask")
    assert app.grid(fresh) == expected_grid(SAMPLES["sudoku9-givens"]())  # the link's state
    assert sorted(recent(fresh)) == sorted([persist.label(progress),
                                            persist.label(SAMPLES["sudoku9-givens"]())])
    fresh.click("#ask-saved")
    settle(fresh)
    assert fresh.is_hidden("#ask")
    assert app.grid(fresh) == expected_grid(progress)
    assert saved_state(fresh) == progress

    # the link's state is one click away in the list; the player goes on with it there
    givens = SAMPLES["sudoku9-givens"]()
    fresh.click(f"#recent-list button:text-is({persist.label(givens)!r})")
    settle(fresh)
    assert app.grid(fresh) == expected_grid(givens)
    fresh.locator('#grid [data-row="8"][data-col="7"]').click()
    settle(fresh)
    fresh.keyboard.type("3")
    settle(fresh)
    other = givens.with_cell(79, value(3))
    assert saved_state(fresh) == other

    # two saved states now, neither the link's: it asks again; this time the link's state it is
    third = app.watch(page.context.new_page())
    app.open(fragment("sudoku9-givens"), page=third)
    assert third.is_visible("#ask")
    third.click("#ask-link")
    settle(third)
    assert third.is_hidden("#ask")
    assert app.grid(third) == expected_grid(givens)
    assert len(recent(third)) == 3
    for tab, want in ((page, progress), (fresh, other)):  # the other tabs' grids are all still saved
        tab.reload()
        tab.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        settle(tab)
        assert app.grid(tab) == expected_grid(want)


def test_a_bad_link_leaves_the_saved_grid(app: App) -> None:
    page = app.open(fragment("str8ts6"))
    app.cell(2, 2).click()
    settle(app.page)
    page.keyboard.type("5")
    settle(page)
    edited = saved_state(page)
    bad = app.watch(page.context.new_page())
    app.open("o:00zz!!", page=bad)
    assert failed_to_open(bad.locator("#message").inner_text())
    assert app.grid(bad) == expected_grid(edited)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    assert app.grid() == expected_grid(edited)


def test_two_tabs_on_two_puzzles_never_overwrite_each_other(app: App) -> None:
    one = app.open(fragment("sudoku9-givens"))
    two = app.watch(one.context.new_page())
    app.open(fragment("str8ts6"), page=two)

    def type_at(page: Page, row: int, col: int, digit: str) -> None:
        page.locator(f'#grid [data-row="{row}"][data-col="{col}"]').click()
        settle(page)
        page.keyboard.type(digit)
        settle(page)

    type_at(one, 0, 1, "4")
    type_at(two, 2, 2, "5")
    type_at(one, 0, 2, "6")
    type_at(two, 2, 3, "2")
    want_one, want_two = saved_state(one), saved_state(two)
    assert want_one.kind == "sudoku" and want_two.kind == "str8ts"
    for page, want in ((one, want_one), (two, want_two)):
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        settle(page)
        assert app.grid(page) == expected_grid(want)
    labels = {persist.label(want_one), persist.label(want_two)}
    assert set(recent(one)) == labels
    two.wait_for_function("document.querySelectorAll('#recent-list button').length === 2")
    settle(two)

    # a third tab on the bare address: the grid saved last; the other is one click away
    three = app.watch(one.context.new_page())
    app.open(page=three)
    assert app.grid(three) == expected_grid(want_two)
    three.click(f"#recent-list button:text-is({persist.label(want_one)!r})")
    settle(three)
    assert app.grid(three) == expected_grid(want_one)
    assert three.get_attribute(f"#recent-list button:text-is({persist.label(want_one)!r})",
                               "aria-current") == "true"


def test_a_saved_moment_shows_in_the_readers_time_zone(browser: Browser, site_url: str) -> None:
    context = browser.new_context(timezone_id="Asia/Kolkata")  # UTC+5:30 all year
    try:
        app = watched(context.new_page(), site_url)
        page = app.open(fragment("sudoku9-rich"))
        page.wait_for_selector("#recent-list time")
        settle(page)
        stamp = page.get_attribute("#recent-list time", "datetime") or ""
        moment = datetime.fromisoformat(stamp).astimezone(timezone(timedelta(hours=5, minutes=30)))
        assert page.text_content("#recent-list time") == f"{moment.day} {moment:%b %Y, %H:%M}"
        assert app.problems == []
    finally:
        context.close()


def test_the_outline_paints_before_python(app: App, site_url: str) -> None:
    """The stylesheet alone draws a 9x9 outline and the progress line; Python replaces both."""
    page = app.page
    page.route("**/*.wasm", lambda route: None)  # hold the interpreter back: never answered
    page.goto(site_url)
    page.wait_for_load_state("load")
    outline: Any = page.evaluate("""() => {
        const g = document.querySelector('#grid'), r = g.getBoundingClientRect();
        return [getComputedStyle(g).display, Math.round(r.width), Math.round(r.height),
                getComputedStyle(g).backgroundImage.split('linear-gradient').length - 1,
                document.querySelector('#loading').checkVisibility()];
    }""")
    display, width, height, gradients, loading = outline
    assert display != "none" and width > 100 and width == height and gradients == 4 and loading
    page.unroute("**/*.wasm")
    app.problems.clear()  # the held-back request's abort is not the page's fault
