"""The largest grid a link holds, on the phone: a layout of 15x15 boxes of 5 (75x75, 121
overlapping 25x25 sudokus, 5,625 cells). Its link opens, a digit typed shows, the address
bar holds the new state and a reload keeps it. How soon is for `benchmarks.first_visit
--puzzle layout` (before: the first digit's link took 42 s of the light worker)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from benchmarks.first_visit import largest_layout, target
from pycore import links
from pycore.model import value
from tests.web.conftest import PHONE, READY, START_TIMEOUT, settle, watched_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def test_the_largest_layouts_link_opens_takes_a_digit_and_keeps_it(browser: Browser, site_url: str) -> None:
    puzzle = largest_layout()  # the benchmark's: a third of the cells given, values and marks
    with watched_app(browser, site_url, **PHONE) as app:
        page = app.open(links.best(puzzle)[1])
        assert page.inner_text("#message") == "Opened a 75x75 sudoku (compact format)."
        assert page.locator("#grid [data-index]").count() == 75 * 75
        shown = next(i for i in range(len(puzzle.cells) - 1, 0, -1) if puzzle.cells[i].kind == "given")
        assert app.cell(*divmod(shown, 75)).text_content() == str(puzzle.cells[shown].digit)
        index, digit = target(puzzle)  # an empty cell and a digit its houses allow
        row, col = divmod(index, 75)
        address = page.evaluate("location.hash")
        app.cell(row, col).tap()
        settle(page)
        page.locator(f'#pad button[data-digit="{digit}"]').tap()
        settle(page)
        assert app.cell(row, col).text_content() == str(digit)
        page.wait_for_function(f"location.hash !== {address!r}")
        played = puzzle.with_cells({index: value(digit)})
        assert links.read(page.evaluate("location.hash"))[1] == played
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        settle(page)
        assert app.cell(row, col).text_content() == str(digit)
