"""Browser tests of the page: Chromium drives the built site, served on an ephemeral localhost port.

The browser is found in this order: $CHROMIUM, /usr/bin/chromium (Debian's package,
which .ci/run installs when missing), Playwright's own download. Every test's page
is watched: a request to any other origin, a console error or an uncaught page
error fails the test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, ConsoleMessage, Error, Locator, Page

from pycore import site
from pycore.model import Puzzle

ROOT = Path(__file__).resolve().parents[2]
# For people to look at; $PYCORE_SCREENSHOTS moves them (pytest-playwright empties test-results/
# at the start of every session).
SCREENSHOTS = Path(os.environ.get("PYCORE_SCREENSHOTS") or ROOT / "test-results" / "screenshots")
DEBIAN_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",  # headless Chromium as root needs it
    "--disable-background-networking",  # and these keep it from calling out
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
]
READY = '[data-ready="true"]'
START_TIMEOUT = 60_000  # ms; a cold start takes a few seconds, a busy CI machine more


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives the page in a browser: marked `browser`."""
    here = Path(__file__).resolve().parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.browser)


def find_chromium(browser_type: BrowserType | None = None) -> str | None:
    """$CHROMIUM, then Debian's /usr/bin/chromium, then Playwright's own Chromium."""
    candidates = [os.environ.get("CHROMIUM", ""), DEBIAN_CHROMIUM]
    if browser_type is not None:
        candidates.append(browser_type.executable_path)
    return next((path for path in candidates if path and os.access(path, os.X_OK)), None)


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], browser_type: BrowserType
) -> dict[str, Any]:
    path = find_chromium(browser_type)
    if path is None:
        pytest.fail(
            "no Chromium found: run `apt-get install -y chromium` (or `bash .ci/run`), "
            "or set CHROMIUM=/path/to/chromium",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, built once into a temporary folder and served on 127.0.0.1:<free port>."""
    folder = site.build(tmp_path_factory.mktemp("site") / "site", quiet=True)
    with site.serving(folder) as url:
        yield url


# The page's Python runs with MicroPython in a worker: a key or a tap is answered a moment
# after Playwright's action returns, and what it starts ends later still: the link's
# encoding, and a button whose answer comes from the heavy worker (Check, Hint, a paste of
# another tool's text). `pycoreBusy()` (web/main/early.js, web/light/dom.py) counts the events not yet
# answered and the tasks a player is waiting for; a test calls `settle(page)` after an
# action, so that it looks at the page once it has answered, as a person does. A background
# check (a link's doubt, the worker's start) is not counted.
SETTLE = """async () => {
  for (let i = 0; i < 12000 && window.pycoreBusy && window.pycoreBusy() > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}"""


def settle(target: Page | Locator) -> None:
    """Return once the page's Python has handled every event sent so far (`target`: the
    page, or a locator on it)."""
    page = target.page if isinstance(target, Locator) else target
    try:
        if not page.is_closed():
            page.evaluate(SETTLE)
    except Error as err:  # the action navigated: the new page has nothing pending
        if "context was destroyed" not in str(err) and "navigat" not in str(err):
            raise


MADE = 90_000  # ms: the longest a new puzzle (and the heavy worker before it) may take


def new_puzzle(page: Page, shape: str, level: str, seed: int) -> None:
    """Press New puzzle for `shape` at `level` with the generator's `seed`, as a player picks
    them in the menus, and return once the page says the puzzle is made."""
    page.wait_for_function("document.documentElement.dataset.heavy === 'ready'", timeout=MADE)
    page.select_option("#shape", shape)
    settle(page)
    page.select_option("#level", level)
    settle(page)
    page.eval_on_selector("#new", f"(b) => {{ b.dataset.seed = '{seed}'; }}")
    page.click("#new")
    page.wait_for_function(
        f"document.getElementById('message').textContent.startsWith('A new {level}')",
        timeout=MADE)
    settle(page)


# Installed before New puzzle is pressed: the messages shown, the frames painted and
# the long tasks (over 50 ms of main thread) while the puzzle is made.
WATCH_JS = """() => {
    const seen = window.__seen = {messages: [], frames: 0, longest: 0, making: true};
    new MutationObserver(() => seen.messages.push(document.getElementById('message').textContent))
        .observe(document.getElementById('message'), {childList: true, characterData: true, subtree: true});
    const frame = () => { if (seen.making) { seen.frames++; requestAnimationFrame(frame); } };
    requestAnimationFrame(frame);
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) seen.longest = Math.max(seen.longest, e.duration);
    }).observe({type: 'longtask'});
}"""


GRID_JS = """() => [...document.querySelectorAll('#grid [data-row]')].map(
    e => [Number(e.dataset.row), Number(e.dataset.col), e.dataset.kind, e.textContent])"""


def expected_grid(puzzle: Puzzle) -> list[list[Any]]:
    """What the page must show for a puzzle: [row, col, kind, text] for every cell."""
    out: list[list[Any]] = []
    for i, cell in enumerate(puzzle.cells):
        row, col = divmod(i, puzzle.cols)
        if cell.kind == "candidates":
            text = " ".join(str(d) for d in sorted(cell.candidates))
        else:
            text = str(cell.digit) if cell.digit else ""
        out.append([row, col, cell.kind, text])
    return out


@dataclass
class App:
    """A page of the app plus what it asked the network for and complained about."""

    page: Page
    url: str
    requests: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def watch(self, page: Page) -> Page:
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", self.on_console)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        return page

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(message.text)

    def open(self, fragment: str = "", page: Page | None = None) -> Page:
        page = page or self.page
        page.goto(self.url + (f"#{fragment}" if fragment else ""))
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        settle(page)  # a new fragment on the open page is a hashchange, not a new start
        return page

    def grid(self, page: Page | None = None) -> list[list[Any]]:
        result: list[list[Any]] = (page or self.page).evaluate(GRID_JS)
        return result

    def cell(self, row: int, col: int) -> Any:
        return self.page.locator(f'#grid [data-row="{row}"][data-col="{col}"]')

    def shoot(self, name: str, page: Page | None = None) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        (page or self.page).screenshot(path=str(path), full_page=True)
        return path


def outside(requests: list[str], site_url: str) -> list[str]:
    """The requests that left the site's origin. A blob: URL made by the page's own scripts
    (PyScript starts its worker from one) is the same origin's, and stays home."""
    return [u for u in requests if not u.removeprefix("blob:").startswith(site_url)]


@pytest.fixture
def app(page: Page, site_url: str) -> Iterator[App]:
    watched = App(page, site_url)
    watched.watch(page)
    yield watched
    assert outside(watched.requests, site_url) == [], "requests left the page's origin"
    assert watched.problems == [], "the page logged errors"


# A phone as the page is judged on: 360x740, touch, mobile, at twice the pixels.
PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


@contextmanager
def watched_app(browser: Browser, site_url: str, init_script: str | None = None,
                **context: Any) -> Iterator[App]:
    """An App in a new browser context made with `context` (PHONE, DESKTOP, a colour
    scheme...): on leaving, no request may have left the site's origin and the page may
    have logged no error."""
    made = browser.new_context(**context)
    if init_script:
        made.add_init_script(init_script)
    watched = App(made.new_page(), site_url)
    watched.watch(watched.page)
    yield watched
    made.close()
    assert outside(watched.requests, site_url) == [], "requests left the page's origin"
    assert watched.problems == [], "the page logged errors"


# The first words of every message about a link that did not open (pycore.app.messages.opening):
# a player's words, never a decoder's internals.
LINK_FAILED = ("That link could not be opened", "This link looks cut off", "This link has a character",
               "There is no puzzle in that link", "This link holds a grid")


def failed_to_open(message: str) -> bool:
    """A link's failure, said in a player's words, with a first line a phone shows whole."""
    return message.startswith(LINK_FAILED) and len(message.split("\n", 1)[0]) <= 80


def paste(page: Page, text: str) -> str:
    """Paste a text into the open box, press Enter, and wait until the page has answered."""
    page.evaluate("() => { document.getElementById('message').textContent = '' }")
    page.fill("#open-text", text)
    page.press("#open-text", "Enter")
    settle(page)
    page.wait_for_function("""() => {
        const m = document.getElementById('message').textContent;
        return m && !m.startsWith('Loading')
    }""")
    settle(page)  # the worker may still be writing the rest of the answer
    return page.inner_text("#message")
