"""Hints, Check and placed digits as a daily SudokuPad player expects (issue #38), in
Chromium: a hint's digit leaves its peers' pencil marks in the same Undo step, and so does
the player's own digit with the setting on; Check calls a mark that leaves out a cell's
digit a mistake, as Hint does; a hint on a grid without marks shows what it uses (the
pattern's digits, a hidden single's house, a removed digit drawn large); and a hint never
moves the grid, on a phone or a desktop."""

from __future__ import annotations

from pycore.model import Puzzle, candidates
from pycore.solve import solve
from tests.web.conftest import App, settle
from tests.web.test_coach import hidden_single_grid, open_grid, state

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

    page.click("#settings-panel summary")
    page.check("#tidy-marks")
    settle(page)
    app.cell(0, 0).click()
    page.keyboard.type("5")
    settle(page)
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
    page.click("#settings-panel summary")
    page.uncheck("#tidy-marks")
    settle(page)
    app.cell(0, 0).click()
    page.keyboard.type("5")
    settle(page)
    assert state(page).cells[R1C9].candidates == {5, 6, 7, 8}


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
