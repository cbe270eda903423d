"""A new build reaches a player on a phone: on the first reload, or offered in a tab in use.

Each test serves a site of its own (test_offline.own_site), opens it, lets its service
worker take over, then changes the served files into a version 2 whose page differs
visibly, as a deployment does. The last test checks on the same phone that the note of a
full storage says what is true: the address keeps the grid, the bare address does not.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pycore import site
from pycore.app import messages
from pycore.model import Puzzle, value
from tests.web.conftest import PHONE, READY, START_TIMEOUT, App, expected_grid, settle
from tests.web.samples import SAMPLES
from tests.web.test_offline import Served, fragment, own_site, saved_state, wait_until_controlled, watched

__all__ = ["own_site"]  # the fixture, used here by name

OLD_TITLE, NEW_TITLE = "<h1>Puzzle links</h1>", "<h1>Puzzle links, version 2</h1>"
SHOWS_NEW = "document.querySelector('h1').textContent === 'Puzzle links, version 2'"


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(**PHONE)
    yield context
    context.close()


def deploy_version_2(served: Served) -> None:
    """What a new build changes: the page (visibly), so sw.js and its cache name too."""
    index = served.folder / "index.html"
    text = index.read_text()
    assert OLD_TITLE in text
    index.write_text(text.replace(OLD_TITLE, NEW_TITLE))
    (served.folder / site.SERVICE_WORKER).write_text(site.service_worker(served.folder))
    site.compress_site(served.folder, cache=site.COMPRESSED)


def tap_digit(app: App, row: int, col: int, digit: int) -> None:
    """A finger on a cell, then on the pad's digit."""
    app.cell(row, col).tap()
    settle(app.page)
    app.page.locator(f'#pad button[data-digit="{digit}"]').tap()
    settle(app.page)


def wait_for_version_2(page: Page) -> None:
    page.wait_for_function(SHOWS_NEW, timeout=START_TIMEOUT)
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)


def a_grid_in_play(phone: BrowserContext, own_site: Served) -> tuple[App, Page, Puzzle]:
    """A tab on version 1 that the service worker controls, a 4 tapped into r1c2: the app,
    its page and the grid it shows."""
    app = watched(phone.new_page(), own_site.url)
    page = app.open(fragment("sudoku9-givens"))
    wait_until_controlled(page)
    tap_digit(app, 0, 1, 4)
    return app, page, SAMPLES["sudoku9-givens"]().with_cell(1, value(4))


def test_the_first_reload_shows_the_new_version_with_the_grid(
    phone: BrowserContext, own_site: Served,
) -> None:
    app, page, edited = a_grid_in_play(phone, own_site)
    assert app.grid() == expected_grid(edited)

    deploy_version_2(own_site)
    page.reload()  # once: the old worker serves the old page, the new one takes over, the page follows
    wait_for_version_2(page)
    assert app.grid() == expected_grid(edited)
    assert saved_state(page) == edited
    assert page.is_hidden("#update")
    assert app.problems == []


def test_a_tab_in_use_is_offered_the_new_version_and_a_new_tab_shows_it(
    phone: BrowserContext, own_site: Served,
) -> None:
    app, page, edited = a_grid_in_play(phone, own_site)

    deploy_version_2(own_site)
    # a new tab, opened as the new worker installs: it shows version 2 with no second reload
    other = watched(phone.new_page(), own_site.url)
    other.page.goto(own_site.url + "#" + fragment("str8ts6"))
    wait_for_version_2(other.page)
    assert other.grid() == expected_grid(SAMPLES["str8ts6"]())

    # the tab in use is not reloaded under the player's finger: it is offered the reload
    page.wait_for_selector("#update:not([hidden])", timeout=START_TIMEOUT)
    settle(page)
    assert page.inner_text("#update-text") == messages.UPDATE_READY
    assert app.grid() == expected_grid(edited)  # the old version goes on meanwhile
    tap_digit(app, 0, 2, 6)
    edited = edited.with_cell(2, value(6))
    page.locator("#update-reload").tap()
    wait_for_version_2(page)
    assert app.grid() == expected_grid(edited)
    assert saved_state(page) == edited
    assert page.is_hidden("#update")
    # the whole update is on the phone's first screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for each in (app, other):
        assert each.problems == []


# A storage that is full from the moment the test says (sessionStorage survives a reload
# in the tab, as a full disk does): every save of a grid is refused.
STAYS_FULL = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.sessionStorage.getItem("test-full") && key.startsWith("pycore:slot:")) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""


def test_on_a_phone_a_full_storage_says_what_is_true(phone: BrowserContext, site_url: str) -> None:
    phone.add_init_script(STAYS_FULL)
    app = watched(phone.new_page(), site_url)
    page = app.open(fragment("sudoku9-givens"))
    page.evaluate("sessionStorage.setItem('test-full', '1')")
    tap_digit(app, 0, 1, 4)
    edited = SAMPLES["sudoku9-givens"]().with_cell(1, value(4))
    page.wait_for_function("document.getElementById('recent-note').textContent !== ''")
    settle(page)
    assert page.inner_text("#recent-note") == messages.STORAGE_FULL
    assert "bookmark or copy" in messages.STORAGE_FULL

    # what the note says stays: a reload (or the bookmarked address) reopens every digit
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    assert app.grid() == expected_grid(edited)
    # what the note says goes: the bare site address, in a new tab, has not got the digit
    bare = watched(phone.new_page(), site_url)
    bare.open()
    assert bare.grid() != expected_grid(edited)
    for each in (app, bare):
        assert each.problems == []
