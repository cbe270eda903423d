"""The page on a phone (360x740, touch): a shared 9x9 opens with the whole grid and the
whole digit pad on the first screen, a tap on a cell then on the pad enters the digit,
nothing jumps while Python starts, and big grids scroll inside their own frame."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pycore import links
from pycore.formats._lzstring import compress_to_base64
from pycore.model import Puzzle, black
from tests.web.conftest import PHONE, App, paste, settle, watched_app
from tests.web.samples import SAMPLES, cut_to_a_grid_with_no_solution

# Sums every layout shift not caused by input, from the first paint on (buffered).
LAYOUT_SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shift += entry.value;
  }
}).observe({type: "layout-shift", buffered: true});
"""
BOX = "(el) => { const b = el.getBoundingClientRect(); return [b.top, b.bottom, b.left, b.right]; }"


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, LAYOUT_SHIFTS, **PHONE) as app:
        yield app


def link_of(sample: str) -> str:
    return links.best(SAMPLES[sample]())[1]


def box(app: App, selector: str) -> list[float]:
    found: list[float] = app.page.eval_on_selector(selector, BOX)
    return found


def test_a_shared_9x9_shows_the_whole_grid_and_pad_on_the_first_screen(phone: App) -> None:
    page = phone.open(link_of("sudoku9-givens"))
    phone.shoot("phone-9x9")
    assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]
    for selector in ("#grid", "#pad"):
        top, bottom, left, right = box(phone, selector)
        assert top >= 0 and bottom <= 740 and left >= 0 and right <= 360, selector
    assert page.locator("#pad button").count() == 10  # 1 to 9 and erase, all on screen


def test_pad_buttons_are_tall_enough_for_a_finger(phone: App) -> None:
    phone.open(link_of("sudoku9-givens"))
    heights = phone.page.eval_on_selector_all(
        "#pad button", "(els) => els.map((e) => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 40


def test_tap_a_cell_then_a_digit_enters_it_and_the_cell_stays_in_view(phone: App) -> None:
    page = phone.open(link_of("sudoku9-givens"))
    target = phone.cell(8, 0)  # the bottom row: the nearest to the pad
    target.tap()
    settle(page)
    page.locator('#pad button[data-digit="6"]').tap()
    settle(page)
    assert target.text_content() == "6"
    assert target.get_attribute("data-kind") == "value"
    top, bottom, _, _ = box(phone, '#grid [data-row="8"][data-col="0"]')
    assert top >= 0 and bottom <= 740
    assert links.read(page.evaluate("location.hash"))[1].cells[72].digit == 6


def test_nothing_jumps_from_loading_to_a_second_after_ready(phone: App) -> None:
    page = phone.open(link_of("sudoku9-givens"))
    page.wait_for_timeout(1000)
    shift: float = page.evaluate("() => window.__shift")
    assert shift <= 0.05


def test_a_cut_links_doubt_takes_the_messages_one_line_and_nothing_moves(phone: App) -> None:
    cut, _ = cut_to_a_grid_with_no_solution(SAMPLES["sudoku9-rich"]())
    page = phone.open(cut)
    grid = box(phone, "#grid")
    page.wait_for_function("document.getElementById('message').innerText.includes('No solution')")
    settle(page)
    page.wait_for_timeout(500)
    assert box(phone, "#grid") == grid
    assert page.evaluate("() => window.__shift") <= 0.05


def test_the_loading_state_shows_the_mode_the_page_starts_in(phone: App) -> None:
    page = phone.page
    page.route("**/vendor/micropython-*/**", lambda route: route.abort())  # Python never starts
    for fragment, mode in ((link_of("sudoku9-givens"), "value"), ("", "given")):
        page.goto(phone.url + (f"#{fragment}" if fragment else ""))
        page.wait_for_load_state("load")
        assert page.eval_on_selector("#modes input:checked", "(e) => e.value") == mode
        assert page.is_visible("#loading") and page.get_attribute("html", "data-ready") is None
    page.goto("about:blank")  # the refused interpreter's own errors are all in
    phone.problems.clear()


def test_a_saved_str8ts_being_drawn_shows_givens_while_python_starts(phone: App) -> None:
    """A grid of black cells only opens in Givens; saved, its entry says so for early.js."""
    drawn = Puzzle.blank("str8ts", 6).with_cells({0: black(), 7: black(), 35: black()})
    page = phone.open(links.best(drawn)[1])
    assert page.eval_on_selector("#modes input:checked", "(e) => e.value") == "given"
    page.wait_for_function("localStorage.getItem('pycore:current') !== null")  # saved
    settle(page)
    page.route("**/vendor/micropython-*/**", lambda route: route.abort())  # Python never starts
    page.goto(phone.url)  # no link: the saved grid is what the page will open
    page.wait_for_load_state("load")
    assert page.eval_on_selector("#modes input:checked", "(e) => e.value") == "given"
    assert page.get_attribute("html", "data-ready") is None
    page.goto("about:blank")
    phone.problems.clear()


@pytest.mark.parametrize("sample", ["sudoku16", "samurai"])
def test_big_grids_fit_or_scroll_inside_their_frame(phone: App, sample: str) -> None:
    page = phone.open(link_of(sample))
    phone.shoot(f"phone-{sample}")
    assert page.evaluate("() => document.documentElement.scrollWidth") == 360  # the page never
    frame: Any = page.eval_on_selector(
        "#board", "(b) => [b.scrollWidth, b.clientWidth, b.getBoundingClientRect().right]")
    if sample == "sudoku16":
        assert frame[0] <= frame[1] and frame[2] <= 360  # 16x16: the whole grid in 360 px
    else:
        assert frame[0] > frame[1]  # samurai: the grid scrolls inside the board
        cell = box(phone, '#grid [data-row="0"][data-col="0"]')
        assert cell[1] - cell[0] >= 26  # big enough to tap


WIDTH_JS = "document.documentElement.scrollWidth"


def long_fpuzzles_link(name: str) -> str:
    """An f-puzzles link as long as real ones get, with a constraint of the given name."""
    grid: list[list[dict[str, Any]]] = [
        [{"centerPencilMarks": [d for d in range(1, 10) if (r * 7 + c * 5 + d) % 3]} for c in range(9)]
        for r in range(9)]
    grid[0][0] = {"value": 5, "given": True}
    data = {"size": 9, "grid": grid, "title": "A long title " * 8, "thermometer": [{"lines": [["R1C1"]]}],
            name: [1]}
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))


def open_button_in_view(page: Page) -> bool:
    right: float = page.eval_on_selector("#open", "b => b.getBoundingClientRect().right")
    return right <= 360


def test_a_long_paste_wraps_on_a_phone_opened_or_failed(phone: App) -> None:
    page = phone.open()
    long_link = long_fpuzzles_link("betweenline")
    assert len(long_link) > 400 and " " not in long_link
    page.fill("#open-text", long_link)  # typed in, not yet opened
    settle(page)
    assert page.evaluate(WIDTH_JS) <= 360 and open_button_in_view(page)
    assert paste(page, long_link).startswith("Opened a 9x9 ")  # a thermometer sudoku, as it says
    assert page.evaluate(WIDTH_JS) <= 360 and open_button_in_view(page)
    failed = "https://sudokupad.app/scl" + "Q" * 900  # no reader takes it: it stays in the box
    assert paste(page, failed).startswith("That SudokuPad link could not be read")
    assert page.input_value("#open-text") == failed
    assert page.evaluate(WIDTH_JS) <= 360 and open_button_in_view(page)


def test_a_20000_character_constraint_name_gives_a_short_warning(phone: App) -> None:
    page = phone.open()
    paste(page, long_fpuzzles_link("q" * 20_000))
    shown = page.eval_on_selector_all("#warnings li", "els => els.map(e => e.textContent)")
    assert "the 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq…' constraint cannot be kept" in shown
    assert page.evaluate(WIDTH_JS) <= 360
    top, bottom, _, _ = box(phone, "#warnings")
    assert bottom - top < 300  # the grid below it stays near the top of the page
