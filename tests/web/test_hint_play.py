"""Hints, Check and placed digits as a daily SudokuPad player expects (issue #38), in
Chromium: a hint's digit leaves its peers' pencil marks in the same Undo step, and so does
the player's own digit with the setting on; Check calls a mark that leaves out a cell's
digit a mistake, as Hint does; a hint on a grid without marks shows what it uses (the
pattern's digits, a hidden single's house, a removed digit drawn large); and a hint never
moves the grid, on a phone or a desktop."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from pycore.model import Puzzle, candidates, given, value
from pycore.solve import solve
from tests.web.conftest import DESKTOP, PHONE, App, settle, watched_app
from tests.web.test_coach import BOX, hidden_single_grid, naked_pair_grid, open_grid, state, xy_chain_grid

PATTERN_JS = "els => els.map(e => Number(e.dataset.index))"

R1C9, R2C2, R9C1, R9C9 = 8, 10, 72, 80


def marked_single_grid() -> Puzzle:
    """test_coach's hidden single (5 goes in r1c1), with 5 pencilled where r1c1's 5 will be
    seen: r1c9's centre and corner marks, r2c2's centre marks, r9c1's corner marks; r9c9,
    which sees none of r1c1, keeps its 5. No cell is left one digit, so the hidden single
    is still the first step."""
    p = hidden_single_grid()
    return p.with_cells({R1C9: candidates({5, 6, 7, 8}).with_corner({5, 6}),
                         R2C2: candidates({5, 7, 9}),
                         R9C1: p.cells[R9C1].with_corner({5, 6}),
                         R9C9: candidates({5, 6, 7})})


def test_a_hint_that_places_a_digit_takes_it_out_of_its_peers_marks_in_one_undo_step(app: App) -> None:
    page = open_grid(app, marked_single_grid())
    before = state(page)
    page.click("#hint")
    settle(page)
    assert "(hidden single)" in page.inner_text("#message")
    page.click("#hint")  # applied
    settle(page)
    after = state(page)
    assert after.cells[0].digit == 5
    assert after.cells[R1C9].candidates == {6, 7, 8} and after.cells[R1C9].corner == {6}
    assert after.cells[R2C2].candidates == {7, 9}
    assert after.cells[R9C1].corner == {6}
    assert after.cells[R9C9] == before.cells[R9C9]
    # what the player sees: no 5 left among the peers' marks
    assert page.inner_text(f'#grid [data-index="{R1C9}"] .centre').split() == ["6", "7", "8"]
    assert page.inner_text(f'#grid [data-index="{R9C1}"] .corners').split() == ["6"]

    page.keyboard.press("Control+z")  # one Undo brings the digit and the marks back
    settle(page)
    assert state(page) == before
    assert page.inner_text(f'#grid [data-index="{R1C9}"] .centre').split() == ["5", "6", "7", "8"]


def test_with_the_setting_on_the_players_digit_takes_itself_out_of_the_marks(app: App) -> None:
    page = open_grid(app, marked_single_grid())
    before = state(page)
    app.cell(0, 0).click()
    page.keyboard.type("5")  # the setting is off, as in SudokuPad: the marks stay
    settle(page)
    assert state(page).cells[R1C9].candidates == {5, 6, 7, 8}
    page.keyboard.press("Control+z")
    settle(page)

    five_with_tidying(app, True)
    after = state(page)
    assert after.cells[0].digit == 5
    assert after.cells[R1C9].candidates == {6, 7, 8} and after.cells[R9C1].corner == {6}
    assert after.cells[R9C9] == before.cells[R9C9]
    page.click("#undo")  # one step
    settle(page)
    assert state(page) == before

    page.reload()  # the setting is kept in this browser
    page.wait_for_selector('[data-ready="true"]', state="attached")
    settle(page)
    assert page.is_checked("#tidy-marks")
    five_with_tidying(app, False)
    assert state(page).cells[R1C9].candidates == {5, 6, 7, 8}


def five_with_tidying(app: App, on: bool) -> None:
    """Open the Settings panel, set "Remove marks when placing a digit", type 5 in r1c1."""
    page = app.page
    page.click("#settings-panel summary")
    page.set_checked("#tidy-marks", on)
    settle(page)
    app.cell(0, 0).click()
    page.keyboard.type("5")
    settle(page)


def test_check_calls_marks_that_leave_out_a_cells_digit_a_mistake(app: App) -> None:
    from tests.solve.test_solve import HARD_9X9, from_line

    puzzle = from_line(HARD_9X9["top95 #1"])
    truth = solve(puzzle).cells[1].digit
    wrong = puzzle.with_cell(1, candidates({d for d in range(1, 10) if d != truth}))
    page = open_grid(app, wrong)
    page.click("#check")
    settle(page)
    page.wait_for_function("() => !document.getElementById('message').textContent.startsWith('Loading')")
    settle(page)
    said = page.inner_text("#message")
    assert said.startswith("A mistake in your pencil marks: the pencil marks of r1c2 leave out")
    assert page.get_attribute("#message", "data-kind") == "error"
    page.click("#hint")  # Hint says the same of them
    settle(page)
    assert "The pencil marks of r1c2 leave out" in page.inner_text("#message")

    right = puzzle.with_cell(1, candidates({truth, 9 if truth != 9 else 8}))
    page = open_grid(app, right)
    page.click("#check")
    settle(page)
    assert page.inner_text("#message") == "No mistakes so far."


GHOSTS_JS = """() => Object.fromEntries(
  [...document.querySelectorAll('#grid .centre[data-ghosts]')].map(e => [
    e.closest('.cell').dataset.index,
    [...e.querySelectorAll('.mark')].map(m => [m.className, m.textContent,
                                              parseFloat(getComputedStyle(m).fontSize)])]))"""


def test_a_hidden_single_on_a_grid_without_marks_tints_its_whole_house(app: App) -> None:
    page = open_grid(app, hidden_single_grid())
    page.click("#hint")
    settle(page)
    assert page.inner_text("#message").startswith("Hint: In row 1, 5 can only go in r1c1 (hidden single).")
    tinted = page.eval_on_selector_all("#grid .cell.hint-pattern", PATTERN_JS)
    assert sorted(tinted) == list(range(9))  # the whole of row 1, not only r1c1
    assert page.get_attribute('#grid [data-index="0"]', "data-hint-place") == "5"
    # r1c1's neighbours in row 1 have no 5 to show: no digits are drawn on them
    assert page.evaluate(GHOSTS_JS) == {}


def test_a_pair_on_a_grid_without_marks_shows_its_digits_and_the_removed_ones_large(app: App) -> None:
    # the naked pair's other seven cells of row 1 have no marks: each loses 1 and 2, drawn
    # on it as marks, struck through, far larger than the old 9 px "-12" in a corner
    page = open_grid(app, naked_pair_grid())
    page.click("#hint")
    settle(page)
    ghosts = page.evaluate(GHOSTS_JS)
    cell_px = page.eval_on_selector('#grid [data-index="1"]', "e => e.getBoundingClientRect().height")
    assert sorted(ghosts) == [str(c) for c in range(9) if c not in (0, 4)]
    for marks in ghosts.values():
        assert [(cls, text) for cls, text, _ in marks] == [("mark hint-remove", "1"),
                                                           ("mark hint-remove", "2")]
        assert all(size >= 0.3 * cell_px and size >= 14 for _, _, size in marks)
    app.shoot("hint-unmarked-pair")
    page.click("#hint")  # applied: the drawing goes with the hint
    settle(page)
    assert page.evaluate(GHOSTS_JS) == {}


def hidden_pair_grid() -> Puzzle:
    """A 9x9 without pencil marks where 1 and 2 can go only in r1c1 and r1c2 of row 1 (the
    1s and 2s of boxes 2 and 3 and of column 3 keep them out of the rest): the first step
    is that hidden pair, which takes 3 to 9 from both cells."""
    blank = Puzzle.blank("sudoku", 9)
    return blank.with_cells({1 * 9 + 4: given(1), 2 * 9 + 7: given(1), 1 * 9 + 7: given(2),
                             2 * 9 + 4: given(2), 5 * 9 + 2: given(1), 8 * 9 + 2: given(2)})


def test_pattern_cells_without_marks_show_the_digits_the_pattern_uses(app: App) -> None:
    page = open_grid(app, hidden_pair_grid())
    page.click("#hint")
    settle(page)
    assert "(hidden pair)" in page.inner_text("#message")
    assert sorted(page.eval_on_selector_all("#grid .cell.hint-pattern", PATTERN_JS)) == [0, 1]
    ghosts = page.evaluate(GHOSTS_JS)
    assert sorted(ghosts) == ["0", "1"]  # no other cell is drawn on
    for marks in ghosts.values():  # the pair's digits in blue, the rest struck through
        assert [(cls, text) for cls, text, _ in marks] == (
            [("mark hint-digit", "1"), ("mark hint-digit", "2")]
            + [("mark hint-remove", str(d)) for d in range(3, 10)])
    app.shoot("hint-unmarked-hidden-pair")


def grid_and_hint_boxes(page: Page) -> tuple[list[float], list[float]]:
    return page.eval_on_selector("#grid", BOX), page.eval_on_selector("#hint", BOX)


def test_a_long_hint_never_moves_the_grid_or_the_hint_button(browser: Browser, site_url: str) -> None:
    for context in (PHONE, DESKTOP):
        with watched_app(browser, site_url, **context) as app:
            page = open_grid(app, xy_chain_grid())
            before = grid_and_hint_boxes(page)
            page.click("#hint")
            settle(page)
            said = page.inner_text("#message")
            assert "XY-chain" in said and len(said) > 200  # several lines on either screen
            assert grid_and_hint_boxes(page) == before, context
            app.shoot(f"hint-long-{context['viewport']['width']}")
            # the words are all there to read: laid over what is above, within the screen
            # (over the mode buttons under the pad on a phone, beside the grid on a
            # desktop), never over the grid or the pad
            top, bottom, left, _ = page.eval_on_selector("#message", BOX)
            _, grid_bottom, _, grid_right = before[0]
            pad_top, pad_bottom = page.eval_on_selector("#pad", BOX)[:2]
            if left < grid_right:  # a phone: one column
                assert top >= pad_bottom - 1 and top >= grid_bottom
            else:
                assert top >= 0 and bottom <= pad_top + 1
            page.click("#hint")  # applied: its one line takes the same place
            settle(page)
            assert page.inner_text("#message").startswith("Hint applied")
            assert grid_and_hint_boxes(page) == before, context
            page.click("#undo")
            page.click("#hint")
            settle(page)
            page.keyboard.press("Escape")  # taken away
            settle(page)
            assert grid_and_hint_boxes(page) == before, context


def test_a_mark_a_placed_digit_rules_out_is_drawn_struck_through_in_a_hint(app: App) -> None:
    # the player placed 7 in r2c2 with the setting off (SudokuPad's default), so r1c1 still
    # shows 1 2 7: the xy-chain reads r1c1 as bivalue, and the page shows why
    p = xy_chain_grid()
    page = open_grid(app, p.with_cells({0: candidates({1, 2, 7}), R2C2: value(7)}))
    page.click("#hint")
    settle(page)
    assert "(XY-chain)" in page.inner_text("#message")
    stale = page.eval_on_selector_all("#grid .mark.hint-stale", """els => els.map(
        e => [Number(e.closest('.cell').dataset.index), e.textContent])""")
    assert stale == [[0, "7"]]
