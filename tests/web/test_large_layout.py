"""The largest grid a link holds, on the phone: a layout of 15x15 boxes of 5 (75x75, 121
overlapping 25x25 sudokus, 5,625 cells). Its link opens, a digit typed shows, the address
bar holds the new state and a reload keeps it. How soon is for `benchmarks.first_visit
--puzzle layout` (before: the first digit's link took 42 s of the light worker)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycore import links
from pycore.model import Layout, Puzzle, candidates, given, value
from tests.web.conftest import PHONE, READY, START_TIMEOUT, settle, watched_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def in_play() -> Puzzle:
    """Every fifth cell given from a solution (each window's rows, columns and boxes hold
    1 to 25), a few of the player's digits and marks."""
    blank = Puzzle.blank(layout=Layout(5, 15, 15))

    def solution(i: int) -> int:
        r, c = divmod(i, blank.cols)
        return (5 * (r % 5) + r // 5 + c) % 25 + 1

    cells = {i: given(solution(i)) for i in range(0, len(blank.cells), 5)}
    cells.update({i: value(solution(i)) for i in range(2, len(blank.cells), 97)})
    cells.update({i: candidates([solution(i), 25 - solution(i) % 25])
                  for i in range(3, len(blank.cells), 89)})
    return blank.with_cells(cells)


def test_the_largest_layouts_link_opens_takes_a_digit_and_keeps_it(browser: Browser, site_url: str) -> None:
    puzzle = in_play()
    with watched_app(browser, site_url, **PHONE) as app:
        page = app.open(links.best(puzzle)[1])
        assert page.inner_text("#message") == "Opened a 75x75 sudoku (compact format)."
        assert page.locator("#grid [data-index]").count() == 75 * 75
        assert app.cell(74, 70).text_content() == str(puzzle.cells[74 * 75 + 70].digit)
        row, col = 0, 1  # empty; its row, column and box hold no 9 (the solution's is 2)
        assert puzzle.cells[col].kind == "empty" and 9 in puzzle.open_digits(col)
        address = page.evaluate("location.hash")
        app.cell(row, col).tap()
        settle(page)
        page.locator('#pad button[data-digit="9"]').tap()
        settle(page)
        assert app.cell(row, col).text_content() == "9"
        page.wait_for_function(f"location.hash !== {address!r}")
        played = puzzle.with_cells({col: value(9)})
        assert links.read(page.evaluate("location.hash"))[1] == played
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        settle(page)
        assert app.cell(row, col).text_content() == "9"
