"""The first visit: a shared link takes input before the heavy runtime has loaded.

The person who taps a shared link is usually opening the page for the first time, on a
phone network. The first screen (MicroPython in the page's worker, about 0.3 MB) must open
the link, take a tapped digit and update the address bar while Pyodide (about 20 MB on
disk) has not arrived: here its files are held back by the browser context until the
test lets them through. Once the heavy worker is up, Hint, Solve and New puzzle work.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Route

from pycore import links
from pycore.model import Puzzle
from pycore.solve import count_solutions, solve
from pycore.solve.generate import generate
from tests.web.conftest import PHONE, START_TIMEOUT, App, settle
from tests.web.samples import SAMPLES

HEAVY_READY = '[data-heavy="ready"]'


@pytest.fixture
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile (no cache, no service worker) on a phone-sized touch screen."""
    context = browser.new_context(**PHONE)
    yield context
    context.close()


def state(app: App) -> Puzzle:
    return links.read(app.page.evaluate("location.href"))[1]


def heavy_request(url: str) -> bool:
    """A request only the heavy worker makes: PyScript's and Pyodide's files, pycore's zip,
    its script."""
    path = urlsplit(url).path
    return any(part in path for part in ("/vendor/pyodide-", "/vendor/pyscript-", "/assets/pycore.",
                                         "/assets/heavy."))


def test_a_shared_link_takes_a_digit_before_the_heavy_runtime_has_loaded(
    phone_context: BrowserContext, site_url: str,
) -> None:
    held: list[Route] = []
    released = [False]

    def hold(route: Route) -> None:  # answered once the test lets the network through
        if released[0]:
            route.continue_()
        else:
            held.append(route)

    phone_context.route(heavy_request, hold)
    app = App(phone_context.new_page(), site_url)
    app.watch(app.page)
    shared = SAMPLES["sudoku9-rich"]()
    app.open(links.best(shared)[1])
    page = app.page
    assert page.evaluate("document.documentElement.dataset.heavy") is None  # not up: its files wait

    answer = solve(shared)  # the player types right digits: the hint is for a solvable grid
    empty = next(i for i, c in enumerate(shared.cells) if c.kind == "empty")
    digit = answer.cells[empty].digit
    before = page.evaluate("location.hash")
    page.tap(f'#grid [data-index="{empty}"]')
    settle(page)
    page.tap(f'#pad button[data-digit="{digit}"]')
    settle(page)
    assert page.text_content(f'#grid [data-index="{empty}"]') == str(digit)
    assert page.evaluate("location.hash") != before
    assert state(app).cells[empty].digit == digit  # the link holds the digit
    assert held, "the page asked for the heavy runtime once its grid was up"
    first_screen = [u for u in app.requests if not heavy_request(u)]
    assert not [u for u in first_screen if "pyodide" in u or u.endswith(".zip")]

    # Hint before the worker is up says it is loading, and the page keeps answering
    page.evaluate("document.getElementById('hint').click()")  # not awaited: it waits for the worker
    assert page.evaluate("""async () => {  // (not Playwright's wait: it would wait for the hint)
        const message = document.getElementById("message");
        for (let i = 0; i < 500 && !message.textContent.startsWith("Loading the solver"); i++) {
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return message.textContent;
    }""").startswith("Loading the solver")
    # (events sent from the page itself: Playwright's own actions would wait for the hint)
    other = next(i for i, c in enumerate(shared.cells) if c.kind == "empty" and i != empty)
    typed = str(answer.cells[other].digit)
    shown = page.evaluate("""async ([index, digit]) => {
        const cell = document.querySelector(`#grid [data-index="${index}"]`);
        cell.click();
        cell.dispatchEvent(new KeyboardEvent("keydown", {key: digit, bubbles: true}));
        for (let i = 0; i < 500 && cell.textContent !== digit; i++) {
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return cell.textContent;
    }""", [other, typed])
    assert shown == typed

    released[0] = True  # the network lets the runtime through
    for route in held:
        route.continue_()
    page.wait_for_selector(HEAVY_READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint: ')",
                           timeout=START_TIMEOUT)
    settle(page)
    assert app.problems == []


def test_once_the_heavy_worker_is_up_hint_solve_and_new_puzzle_work(app: App) -> None:
    page = app.open(links.best(generate("9x9", "easy", seed=3))[1])
    page.wait_for_selector(HEAVY_READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    page.click("#hint")
    settle(page)
    assert page.inner_text("#message").startswith("Hint: ")
    assert page.locator("#grid .hint-target").count() >= 1
    page.click("#hint")  # the second press applies it
    settle(page)
    assert page.inner_text("#message").startswith("Hint applied: ")

    page.click("#solve")
    settle(page)
    assert page.inner_text("#message") == "Solved (Undo takes it back)."
    solved = state(app)
    assert solved.is_solved and count_solutions(solved, limit=1) == 1

    page.select_option("#shape", "sudoku-4")
    settle(page)
    page.select_option("#level", "easy")
    settle(page)
    page.click("#new")
    settle(page)
    page.wait_for_function("document.getElementById('message').textContent.startsWith('A new easy puzzle')",
                           timeout=START_TIMEOUT)
    settle(page)
    made = state(app)
    assert made.size == 4 and count_solutions(made, limit=2) == 1


def test_the_build_serves_the_first_screen_small_and_compressed(app: App) -> None:
    """What the first screen needs (not the heavy worker's files), as the browser got it."""
    sizes: dict[str, int] = {}

    def record(response: object) -> None:
        url = str(getattr(response, "url", ""))
        if url.startswith(app.url) and not heavy_request(url):
            sizes[url] = int(response.request.sizes()["responseBodySize"])  # type: ignore[attr-defined]

    seen: list[tuple[str, str]] = []  # ("request" or "response", the file's name), in order
    app.page.on("response", record)
    app.page.on("request", lambda request: seen.append(("request", urlsplit(request.url).path)))
    app.page.on("response", lambda response: seen.append(("response", urlsplit(response.url).path)))
    app.open(links.best(SAMPLES["sudoku9-rich"]())[1])
    assert sum(sizes.values()) < 500_000, sizes  # the budget for a first visit
    # the runtime, the page's script and the bundle came compressed
    first_screen = [url for url in sizes if "/vendor/micropython" in url or "/assets/" in url]
    encodings = {url: app.page.evaluate(
        "async (url) => (await fetch(url, {cache: 'force-cache'})).headers.get('content-encoding')",
        url) for url in first_screen}
    assert first_screen and all(encodings.values()), encodings
    # the page's worker asks for MicroPython (its script and its wasm), the page's script and
    # the bundle at once: none of them waits for another to come first
    wanted = {("micropython", "mjs"), ("micropython", "wasm"), ("main", "py"), ("light", "json")}

    def kind(path: str) -> tuple[str, str]:
        name = path.split("/")[-1]
        return name.split(".")[0], name.split(".")[-1]

    first_answer = next(i for i, (what, path) in enumerate(seen)
                        if what == "response" and kind(path) in wanted)
    assert wanted <= {kind(path) for what, path in seen[:first_answer] if what == "request"}, seen
