"""Making and playing puzzles in the page: typing, modes, pencil marks, black cells, undo, sharing."""

from __future__ import annotations

from pycore import links
from tests.web.conftest import App, expected_grid, settle
from tests.web.samples import SAMPLES


def kinds(app: App, *cells: tuple[int, int]) -> list[tuple[str, str]]:
    return [
        (app.cell(r, c).get_attribute("data-kind") or "", app.cell(r, c).text_content() or "")
        for r, c in cells
    ]


def test_typing_marks_conflicts_undo_and_the_copied_link(app: App) -> None:
    page = app.open()
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.url)
    assert page.is_hidden("#loading")
    assert page.is_hidden("text=Black cells")  # a sudoku has no black cells
    assert page.is_checked('input[value="given"]')  # a blank grid starts in givens mode
    assert len(app.grid()) == 81 and all(kind == "empty" for _, _, kind, _ in app.grid())

    app.cell(0, 0).click()
    settle(app.page)
    page.keyboard.type("5")
    settle(page)
    page.keyboard.press("z")  # Digit: the player's own digits
    settle(page)
    assert page.is_checked('input[value="value"]')
    app.cell(0, 4).click()
    settle(app.page)
    page.keyboard.type("5")
    settle(page)
    assert kinds(app, (0, 0), (0, 4)) == [("given", "5"), ("value", "5")]
    assert app.cell(0, 0).get_attribute("data-conflict") == "true"
    assert app.cell(0, 4).get_attribute("data-conflict") == "true"
    assert "conflict" in (app.cell(0, 4).get_attribute("aria-label") or "")
    page.keyboard.press("Backspace")
    settle(page)
    page.keyboard.type("3")
    settle(page)
    assert app.cell(0, 0).get_attribute("data-conflict") is None
    page.keyboard.press("ArrowDown")
    settle(page)
    page.keyboard.press("p")  # pencil marks
    settle(page)
    page.keyboard.type("192")
    settle(page)
    assert kinds(app, (1, 4)) == [("candidates", "1 2 9")]
    page.keyboard.press("Control+z")
    settle(page)
    assert kinds(app, (1, 4)) == [("candidates", "1 9")]
    page.keyboard.press("Control+y")
    settle(page)
    assert kinds(app, (1, 4)) == [("candidates", "1 2 9")]
    page.click("#undo")
    settle(page)
    page.click("#undo")
    settle(page)
    assert kinds(app, (1, 4)) == [("candidates", "1")]
    page.click("#redo")
    settle(page)
    # the on-screen pad enters digits too (a touch screen has no keys)
    app.cell(8, 8).click()
    settle(app.page)
    page.click('#pad button[data-digit="7"]')
    settle(page)
    assert kinds(app, (8, 8)) == [("candidates", "7")]

    # the address bar is the share link: it reads back to exactly what the grid shows
    state = links.read(page.evaluate("location.href"))[1]
    assert expected_grid(state) == app.grid()
    page.click("#copy")
    settle(page)
    page.wait_for_function("document.querySelector('#share-note').textContent.includes('copied')")
    settle(page)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.input_value("#link") == page.evaluate("location.href")
    app.shoot("sudoku-9x9-desktop")
    page.set_viewport_size({"width": 320, "height": 900})
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    app.shoot("sudoku-9x9-320px")

    # fill candidates pencils in every open cell; solving it keeps the givens
    page.click("#fill")
    settle(page)
    grid = {(r, c): (kind, text) for r, c, kind, text in app.grid()}
    assert grid[(0, 1)] == ("candidates", "1 2 4 6 7 8 9")
    assert grid[(0, 0)] == ("given", "5")

    again = app.watch(page.context.new_page())
    app.open(copied.split("#", 1)[1], page=again)
    assert app.grid(again) == expected_grid(state)


def test_str8ts_black_cells(app: App) -> None:
    page = app.open()
    page.select_option("#shape", "str8ts-6")
    settle(page)
    assert len(app.grid()) == 36
    assert page.get_attribute("#grid", "data-puzzle") == "str8ts"
    page.check('input[value="black"]')
    settle(page)
    for r, c in ((0, 0), (0, 5), (2, 3), (5, 5), (3, 1)):
        app.cell(r, c).click()
        settle(app.page)
    page.keyboard.type("4")  # on a black cell in black mode: a black given
    settle(page)
    app.cell(2, 3).click()  # clicking a black cell in black mode makes it white again
    settle(app.page)
    page.keyboard.press("g")
    settle(page)
    app.cell(1, 1).click()
    settle(app.page)
    page.keyboard.type("2")
    settle(page)
    page.keyboard.press("z")
    settle(page)
    page.keyboard.press("ArrowRight")
    settle(page)
    page.keyboard.type("5")
    settle(page)
    page.keyboard.press("c")  # c: centre marks
    settle(page)
    page.keyboard.press("ArrowRight")
    settle(page)
    page.keyboard.type("136")
    settle(page)
    assert kinds(app, (0, 0), (0, 5), (2, 3), (3, 1), (1, 1), (1, 2), (1, 3)) == [
        ("black", ""), ("black", ""), ("empty", ""), ("black", "4"), ("given", "2"),
        ("value", "5"), ("candidates", "1 3 6"),
    ]
    state = links.read(page.evaluate("location.hash"))[1]
    assert state.kind == "str8ts" and expected_grid(state) == app.grid()
    app.open(links.fragment(SAMPLES["str8ts6"](), "str8ts"))
    assert app.grid() == expected_grid(SAMPLES["str8ts6"]())
    page.set_viewport_size({"width": 900, "height": 900})
    app.shoot("str8ts-6x6")


def test_in_black_cells_mode_a_click_flips_once_and_space_after_it_does_not_flip_back(app: App) -> None:
    page = app.open()
    page.select_option("#shape", "str8ts-6")
    settle(page)
    page.check('input[value="black"]')
    settle(page)
    app.cell(1, 1).click()
    settle(app.page)
    page.keyboard.press(" ")  # the Keys help's "select, then Space": the click did it already
    settle(page)
    assert kinds(app, (1, 1)) == [("black", "")]
    page.keyboard.press("ArrowRight")
    settle(page)
    page.keyboard.press(" ")  # a cell the arrows moved to: Space flips it
    settle(page)
    assert kinds(app, (1, 2)) == [("black", "")]
    page.keyboard.press(" ")
    settle(page)
    assert kinds(app, (1, 2)) == [("empty", "")]
    assert "a click flips a cell" in (page.text_content("#keys-help") or "")  # the help says so


def test_two_digit_entry_in_a_16x16(app: App) -> None:
    sample = SAMPLES["sudoku16"]()
    page = app.open(links.best(sample)[1])
    assert page.is_checked('input[value="value"]')  # a puzzle with givens opens for solving
    assert app.grid() == expected_grid(sample)
    app.cell(15, 14).click()
    settle(app.page)
    page.keyboard.type("16")
    settle(page)
    page.keyboard.press("ArrowLeft")
    settle(page)
    page.keyboard.type("9")
    settle(page)
    assert kinds(app, (15, 14), (15, 13)) == [("value", "16"), ("value", "9")]
    page.keyboard.press("Control+z")
    settle(page)
    page.keyboard.press("Control+z")
    settle(page)
    assert kinds(app, (15, 14)) == [("empty", "")]  # 1 then 6 was one step
    page.keyboard.press("Control+y")
    settle(page)
    page.select_option("#format", "offset")
    settle(page)
    assert page.input_value("#link").split("#", 1)[1].startswith("o:")
    assert links.read(page.input_value("#link"))[1] == links.read(page.evaluate("location.hash"))[1]
    page.click("#pad button[data-digit='13']")
    settle(page)
    assert kinds(app, (15, 13)) == [("value", "13")]
    page.set_viewport_size({"width": 1280, "height": 1000})
    app.shoot("sudoku-16x16")


def test_check_hint_and_solve(app: App) -> None:
    page = app.open(links.best(SAMPLES["sudoku9-rich"]())[1])
    page.click("#check")
    settle(page)
    assert "No mistakes so far" in page.inner_text("#message")
    page.click("#hint")
    settle(page)
    assert page.inner_text("#message").startswith("Hint: ")
    hinted = page.evaluate("[+document.activeElement.dataset.row, +document.activeElement.dataset.col]")
    assert app.cell(*hinted).get_attribute("data-kind") in ("empty", "candidates")
    page.click("#solve")
    settle(page)
    solved = links.read(page.evaluate("location.hash"))[1]
    assert all(c.kind in ("given", "value") for c in solved.cells) and not solved.conflicts()
    page.click("#check")
    settle(page)
    assert page.inner_text("#message") == "Solved. Well done!"
    page.click("#undo")
    settle(page)
    assert app.grid() == expected_grid(SAMPLES["sudoku9-rich"]())
    assert "Solved" not in page.inner_text("#message")  # the undone state is not solved
    app.cell(0, 8).click()
    settle(app.page)
    page.keyboard.type("5")  # a second 5 in the first row
    settle(page)
    page.click("#check")
    settle(page)
    assert page.get_attribute("#message", "data-kind") == "error"
