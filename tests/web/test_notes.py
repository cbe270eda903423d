"""The player's tools in the page: Digit, Corner, Centre and Colour by buttons and by keys
(Z, X, C, V; Shift and Ctrl while typing), several cells at once (Shift/Ctrl-click, a
mouse drag, a finger's drag), undo, the setter's words, and a coloured mid-solve's link
opening to the identical state in another browser profile, on a phone and in dark mode."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pycore import links
from pycore.model import EMPTY, Puzzle, candidates, given, value
from tests.web.conftest import PHONE, App, settle, watched_app

NOTES_JS = """() => [...document.querySelectorAll('#grid [data-row]')].map(e => [
    e.dataset.kind, e.textContent, e.dataset.colours || '',
    [...e.querySelectorAll('.corner')].map(c => c.textContent).join(' '),
    [...e.querySelectorAll('.mark')].map(c => c.textContent).join(' ')])"""


def notes(app: App, page: Page | None = None) -> list[list[str]]:
    """Per cell: kind, text, colours, corner marks, centre marks, as the page shows them."""
    found: list[list[str]] = (page or app.page).evaluate(NOTES_JS)
    return found


def expected_notes(puzzle: Puzzle) -> list[list[str]]:
    out = []
    for cell in puzzle.cells:
        centre = " ".join(str(d) for d in sorted(cell.candidates))
        corner = " ".join(str(d) for d in sorted(cell.corner))
        text = str(cell.digit) if cell.digit else " ".join(t for t in (centre, corner) if t)
        out.append([cell.kind, text, " ".join(str(k) for k in sorted(cell.colours)), corner, centre])
    return out


def centre_of(app: App, row: int, col: int) -> tuple[float, float]:
    box = app.cell(row, col).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_every_tool_by_keys_and_mouse_and_undo(app: App) -> None:
    page = app.open()
    app.cell(0, 0).click()
    settle(app.page)
    page.keyboard.type("5")  # a blank grid opens in Givens
    settle(page)
    page.keyboard.press("x")
    settle(page)
    assert page.is_checked("#mode-corner")
    app.cell(0, 1).click()
    settle(app.page)
    page.keyboard.type("12")
    settle(page)
    page.keyboard.press("c")
    settle(page)
    assert page.is_checked("#mode-candidates")
    page.keyboard.type("34")
    settle(page)
    page.keyboard.press("v")
    settle(page)
    assert page.is_checked("#mode-colour")
    page.keyboard.type("6")
    settle(page)
    app.cell(0, 0).click()
    settle(app.page)
    page.keyboard.type("2")  # a given takes a colour
    settle(page)
    page.keyboard.press("z")
    settle(page)
    assert page.is_checked("#mode-value")
    app.cell(0, 2).click()
    settle(app.page)
    page.keyboard.press("Shift+Digit7")  # Shift: a corner mark, whatever the tool
    settle(page)
    page.keyboard.press("Control+Digit8")  # Ctrl: a centre mark
    settle(page)
    app.cell(0, 3).click()
    settle(app.page)
    page.keyboard.type("9")
    settle(page)
    state = notes(app)
    assert state[0] == ["given", "5", "2", "", ""]
    assert state[1] == ["candidates", "3 4 1 2", "6", "1 2", "3 4"]
    assert state[2] == ["candidates", "8 7", "", "7", "8"]
    assert state[3] == ["value", "9", "", "", ""]

    # several cells: Shift-click and Ctrl-click add cells, then one colour goes on all
    page.click("#mode-colour")
    settle(page)
    app.cell(2, 0).click()
    settle(app.page)
    app.cell(2, 1).click(modifiers=["Shift"])
    settle(app.page)
    app.cell(2, 2).click(modifiers=["Control"])
    settle(app.page)
    assert page.locator("#grid [data-selected]").count() == 3
    page.click('#pad button[data-digit="3"]')
    settle(page)
    assert [row[2] for row in notes(app)[18:21]] == ["3", "3", "3"]
    # a mouse drag selects the cells it passes over; a corner mark goes in each
    page.mouse.move(*centre_of(app, 4, 0))
    settle(page)
    page.mouse.down()
    settle(page)
    for col in (1, 2, 3):
        page.mouse.move(*centre_of(app, 4, col), steps=3)
        settle(page)
    page.mouse.up()
    settle(page)
    assert page.locator("#grid [data-selected]").count() == 4
    page.keyboard.press("x")
    settle(page)
    page.keyboard.type("4")
    settle(page)
    assert [row[3] for row in notes(app)[36:40]] == ["4"] * 4
    page.keyboard.press("Control+z")  # one step for all four
    settle(page)
    assert [row[3] for row in notes(app)[36:40]] == [""] * 4
    page.keyboard.press("Control+y")
    settle(page)
    assert [row[3] for row in notes(app)[36:40]] == ["4"] * 4

    # what the grid shows is what the address bar's link holds
    shown = links.read(page.evaluate("location.href"))[1]
    assert expected_notes(shown) == notes(app)


def test_the_setters_words_are_edited_in_givens_mode_and_shown_above_the_grid(app: App) -> None:
    page = app.open()
    assert page.is_visible("#edit-title")  # a blank grid opens in Givens
    page.fill("#edit-title", "Snyder pairs")
    settle(page)
    page.dispatch_event("#edit-title", "change")
    settle(page)
    page.fill("#edit-rules", "Normal rules.\nCorner marks are Snyder.")
    settle(page)
    page.dispatch_event("#edit-rules", "change")
    settle(page)
    app.cell(0, 0).click()
    settle(app.page)
    page.keyboard.press("z")
    settle(page)
    assert page.inner_text("#puzzle-title") == "Snyder pairs"
    assert page.inner_text("#puzzle-rules") == "Normal rules.\nCorner marks are Snyder."
    assert page.is_hidden("#edit-title") and page.is_hidden("#puzzle-author")
    shown = links.read(page.evaluate("location.href"))[1]
    assert (shown.title, shown.rules) == ("Snyder pairs", "Normal rules.\nCorner marks are Snyder.")
    page.click("#undo")
    settle(page)
    page.click("#undo")
    settle(page)
    assert page.is_hidden("#puzzle-title") and page.is_hidden("#puzzle-rules")


def coloured_mid_solve() -> Puzzle:
    """A coloured mid-solve as a player shares it: givens, a value, centre and corner marks
    (together too), one and two colours, and the words."""
    cells = {0: given(5).with_colours([1]), 1: value(3), 2: candidates([1, 2]).with_corner([4, 6]),
             9: EMPTY.with_corner([4, 6]).with_colours([3, 8]), 40: given(7),
             41: candidates([2, 4, 8]).with_colours([9]), 80: value(1).with_colours([2, 5, 7])}
    return Puzzle.blank().with_cells(cells).with_info(
        title="Coloured", author="Ann", rules="Normal sudoku rules apply.")


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, color_scheme="dark", **PHONE) as app:
        yield app


def shows(page: Page, index: int, inside: str, text: str, colours: str | None = None) -> None:
    """Wait until cell `index` (or its part `inside`) shows `text`, or these colours: a tap's
    click comes a moment after the touch ends."""
    found = f"document.querySelector('#grid [data-index=\"{index}\"] {inside}'.trim())"
    if colours is not None:
        check = f"{found}?.dataset.colours === {colours!r}"
    else:
        check = f"({found}?.textContent || '') === {text!r}"
    page.wait_for_function(f"() => {check}")


def touch_drag(app: App, cells: list[tuple[int, int]]) -> None:
    """A finger down on the first cell, through the others, and up (real touch events)."""
    cdp = app.page.context.new_cdp_session(app.page)
    points = [centre_of(app, r, c) for r, c in cells]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    # the finger rests on the last cell before it lifts, as a person's does: lifted while
    # still moving, the drag would end in a fling, and Chromium takes the next tap as the
    # one that stops the fling, with no click
    app.page.wait_for_timeout(150)
    x, y = points[-1]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    app.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")


def test_a_coloured_mid_solve_opens_identical_in_another_profile_and_touch_drives_the_tools(
        app: App, phone: App) -> None:
    puzzle = coloured_mid_solve()
    fragment = links.best(puzzle)[1]
    page = phone.open(fragment)  # another browser context: nothing saved is shared
    assert expected_notes(puzzle) == notes(phone)
    assert page.inner_text("#puzzle-title") == "Coloured"
    assert page.inner_text("#puzzle-author") == "Ann"
    assert links.read(page.evaluate("location.href"))[1] == puzzle

    # readable on the phone, in dark mode: marks of a legible size, colours drawn as fills
    style: dict[str, Any] = page.evaluate("""() => {
        const cell = document.querySelector('#grid [data-index="9"]');
        const corner = cell.querySelector('.corner');
        const paper = getComputedStyle(document.documentElement).getPropertyValue('--paper');
        return {corner: parseFloat(getComputedStyle(corner).fontSize),
                fill: getComputedStyle(cell.querySelector('.fill')).backgroundImage,
                paper: paper.trim(),
                centre: parseFloat(getComputedStyle(
                    document.querySelector('#grid [data-index="41"] .centre')).fontSize)};
    }""")
    assert style["corner"] >= 7 and style["centre"] >= 7
    assert "conic-gradient" in style["fill"]  # two colours: wedges
    assert style["paper"] == "#111827"  # the dark page
    phone.shoot("notes-phone-dark")

    # touch: a tap on a tool and on the pad, then a finger's drag over three cells
    page.tap("#mode-corner")
    page.wait_for_selector('#grid[data-mode="corner"]')  # a tap's click comes a moment later
    settle(page)
    phone.cell(3, 0).tap()
    settle(phone.page)
    page.tap('#pad button[data-digit="5"]')
    settle(page)
    shows(page, 27, '.corner', "5")
    assert notes(phone)[27][3] == "5"
    touch_drag(phone, [(6, 0), (6, 1), (6, 2)])
    settle(page)
    assert page.locator("#grid [data-selected]").count() == 3
    page.tap("#mode-colour")
    page.wait_for_selector('#grid[data-mode="colour"]')
    settle(page)
    page.tap('#pad button[data-digit="4"]')
    settle(page)
    shows(page, 56, "", "", colours="4")
    assert [row[2] for row in notes(phone)[54:57]] == ["4"] * 3
    page.tap("#mode-candidates")
    settle(page)
    page.tap('#pad button[data-digit="9"]')
    settle(page)
    shows(page, 56, ".mark", "9")
    assert [row[4] for row in notes(phone)[54:57]] == ["9"] * 3
    page.tap("#undo")
    settle(page)
    shows(page, 56, "", "")
    assert [row[4] for row in notes(phone)[54:57]] == [""] * 3

    # the phone's link opens to the same state on the desktop profile
    shared = page.evaluate("location.href").split("#", 1)[1]
    app.open(shared)
    assert notes(app) == notes(phone)
