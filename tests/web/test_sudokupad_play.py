"""Playing as a SudokuPad player expects (in Chromium, on the phone and the desktop viewport):
the moment the grid is full, keys that reach the grid whatever was clicked last, givens
a solver cannot wipe, and hint tints readable in light and dark mode."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import pytest
from playwright.sync_api import Browser, Page

from pycore import links
from pycore.app import messages
from pycore.model import Puzzle, candidates, given, value
from pycore.shapes import blank_shape
from pycore.solve import solve
from tests.web.conftest import DESKTOP, PHONE, App, outside, settle, watched_app

# A classic 9x9 (one solution).
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LAST = (77, 78)  # the cells left for the player to fill: r9c6 and r9c7, side by side


def classic() -> Puzzle:
    return Puzzle.blank("sudoku", 9).with_cells({i: given(int(ch)) for i, ch in enumerate(CLASSIC)
                                                 if ch != "."})


def nearly_done() -> tuple[str, Puzzle]:
    """The classic with every open cell but LAST played right: its link, and the solution."""
    puzzle = classic()
    solution = solve(puzzle)
    played = puzzle.with_cells({i: value(solution.cells[i].digit) for i, c in enumerate(puzzle.cells)
                                if c.kind == "empty" and i not in LAST})
    shared = links.shares(played).lossless
    assert shared is not None
    return shared.fragment, solution


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, **PHONE) as app:
        yield app


def cell(page: Page, index: int) -> str:
    return f'#grid [data-index="{index}"]'


def message(page: Page) -> str:
    return page.inner_text("#message")


# -- 1. the moment the grid is full --------------------------------------------------


def test_the_last_right_digit_by_keys_says_solved_at_once(app: App) -> None:
    fragment, solution = nearly_done()
    page = app.open(fragment)
    assert not message(page).startswith("Solved")
    first, last = LAST
    page.click(cell(page, first))
    settle(page)
    page.keyboard.type(str(solution.cells[first].digit))
    settle(page)
    assert message(page) != messages.SOLVED_NOW  # one cell still open
    page.keyboard.press("ArrowRight")
    page.keyboard.type(str(solution.cells[last].digit))
    settle(page)
    assert message(page) == messages.SOLVED_NOW
    assert page.get_attribute("#message", "role") == "status"
    page.keyboard.press("Backspace")  # a cell open again: the word goes
    settle(page)
    assert message(page) == ""


def test_the_last_digit_by_pad_taps_on_a_phone_and_a_full_wrong_grid_is_said_calmly(phone: App) -> None:
    fragment, solution = nearly_done()
    page = phone.open(fragment)
    first, last = LAST
    right = (solution.cells[first].digit, solution.cells[last].digit)
    assert right[0] != right[1]
    # the two digits swapped: the grid is full, and each clashes in its column
    page.tap(cell(page, first))
    settle(page)
    page.tap(f'#pad button[data-digit="{right[1]}"]')
    settle(page)
    page.tap(cell(page, last))
    settle(page)
    page.tap(f'#pad button[data-digit="{right[0]}"]')
    settle(page)
    said = message(page)
    assert said == messages.full_not_solved(True)
    assert said.startswith("The grid is full, but something is wrong:") and "Check" in said
    assert page.get_attribute("#message", "data-kind") == "info"  # calm: no alert
    # the first put right: the grid stays full (no new moment), and so does the note
    page.tap(cell(page, first))
    settle(page)
    page.tap(f'#pad button[data-digit="{right[0]}"]')
    settle(page)
    assert message(page) == said
    page.tap(cell(page, last))
    settle(page)
    page.tap('#pad button[data-digit="erase"]')  # a cell open again: the note goes
    settle(page)
    assert message(page) == ""
    page.tap(f'#pad button[data-digit="{right[1]}"]')
    settle(page)
    assert message(page) == messages.SOLVED_NOW


def test_a_hint_that_places_the_last_digit_says_solved(app: App) -> None:
    fragment, solution = nearly_done()
    played = links.read(fragment)[1]
    last = played.with_cell(LAST[0], value(solution.cells[LAST[0]].digit))
    shared = links.shares(last).lossless
    assert shared is not None
    page = app.open(shared.fragment)
    page.click("#hint")
    settle(page)
    assert page.inner_text("#message").startswith("Hint: ")
    page.click("#hint")  # applied: the grid is full and right
    settle(page)
    assert message(page) == messages.SOLVED_NOW


# -- 2. keys reach the grid whatever was clicked last ----------------------------------

# What a player clicks between keys: a mode button, a pad button (erase, on an empty cell:
# it changes nothing), Hint, Check, and the page around the grid.
CONTROLS = ("#modes label:has(#mode-corner)", '#pad button[data-digit="erase"]', "#hint", "#check",
            "header .tagline")
KEYS = ("ArrowRight", "5", "Shift+Digit7", "Control+z")


@pytest.fixture
def desk(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, **DESKTOP) as app:
        yield app


def cursor(page: Page) -> int:
    return int(page.get_attribute('#grid [aria-selected="true"]', "data-index") or -1)


def fresh_cell(app: App) -> int:
    """An empty cell whose right neighbour in its row is empty too (a hint may have filled some)."""
    grid = app.grid()
    found: int = next(r * 9 + c for r, c, kind, text in grid
                      if kind == "empty" and not text and c < 8 and grid[r * 9 + c + 1][2] == "empty")
    return found


def test_keys_act_on_the_grid_after_a_click_on_any_control(desk: App) -> None:
    shared = links.shares(classic()).lossless
    assert shared is not None
    page = desk.open(shared.fragment)
    for control in CONTROLS:
        for key in KEYS:
            page.click(cell(page, fresh_cell(desk)))
            settle(page)
            page.click(control)
            settle(page)
            mode = page.eval_on_selector("#modes input:checked", "e => e.value")
            at, before = cursor(page), desk.grid()
            page.keyboard.press(key)
            settle(page)
            what = f"{key} after a click on {control}"
            if key == "ArrowRight":
                assert cursor(page) == at + 1, what
                assert page.eval_on_selector("#modes input:checked", "e => e.value") == mode, what
            elif key == "Control+z":
                assert desk.grid() != before, what
            else:
                digit = "5" if key == "5" else "7"
                assert digit in (page.text_content(cell(page, at)) or ""), what
                if key.startswith("Shift"):  # a corner mark, in any mode
                    assert page.locator(f"{cell(page, at)} .corner", has_text="7").count() == 1, what
        if control.startswith("#modes"):
            page.keyboard.press("z")  # back to digits
            settle(page)
            assert page.is_checked("#mode-value")


def test_the_paste_box_keeps_its_keys(desk: App) -> None:
    shared = links.shares(classic()).lossless
    assert shared is not None
    page = desk.open(shared.fragment)
    page.click(cell(page, 2))
    settle(page)
    before = desk.grid()
    page.click("#open-text")
    page.keyboard.type("12")
    page.keyboard.press("ArrowLeft")
    page.keyboard.type("3")
    settle(page)
    assert page.input_value("#open-text") == "132"
    assert desk.grid() == before and cursor(page) == 2


# -- 3. a solver cannot wipe the givens ------------------------------------------------


def checked_mode(page: Page) -> str:
    mode: str = page.eval_on_selector("#modes input:checked", "e => e.value")
    return mode


def test_a_solver_cannot_wipe_a_given_and_editing_them_is_asked_first(desk: App) -> None:
    shared = links.shares(classic()).lossless
    assert shared is not None
    page = desk.open(shared.fragment)
    assert checked_mode(page) == "value"
    page.click(cell(page, 0))  # r1c1: the given 5
    settle(page)
    seen = set()
    for _ in range(6):
        page.keyboard.press("m")
        settle(page)
        seen.add(checked_mode(page))
        page.keyboard.press("Delete")
        page.keyboard.type("9")
        settle(page)
    assert seen == {"value", "corner", "candidates", "colour"}
    assert page.text_content(cell(page, 0)) == "5"
    assert page.get_attribute(cell(page, 0), "data-kind") == "given"
    while checked_mode(page) != "value":
        page.keyboard.press("m")
        settle(page)
    # the Givens button asks, in the page, and the mode stays
    page.click("#modes label:has(#mode-given)")
    settle(page)
    assert page.is_visible("#ask-edit")
    assert page.inner_text("#ask-edit-text") == messages.edit_the_puzzle("given")
    assert checked_mode(page) == "value"
    page.click("#keep-solving")
    settle(page)
    assert page.is_hidden("#ask-edit") and checked_mode(page) == "value"
    # G asks too; a second G is the yes; then the given can go, and Undo brings it back
    page.keyboard.press("g")
    settle(page)
    assert page.is_visible("#ask-edit") and checked_mode(page) == "value"
    page.keyboard.press("g")
    settle(page)
    assert page.is_hidden("#ask-edit") and checked_mode(page) == "given"
    page.keyboard.press("Delete")
    settle(page)
    assert page.get_attribute(cell(page, 0), "data-kind") == "empty"
    page.keyboard.press("Control+z")
    settle(page)
    assert page.text_content(cell(page, 0)) == "5"
    page.keyboard.press("z")  # solving again: guarded again
    settle(page)
    page.keyboard.press("g")
    settle(page)
    assert checked_mode(page) == "value" and page.is_visible("#ask-edit")
    page.keyboard.press("Delete")  # another key: keep solving
    settle(page)
    assert page.is_hidden("#ask-edit") and page.text_content(cell(page, 0)) == "5"


def test_on_a_phone_the_givens_button_asks_and_edit_the_puzzle_is_undoable(phone: App) -> None:
    shared = links.shares(classic()).lossless
    assert shared is not None
    page = phone.open(shared.fragment)
    page.tap(cell(page, 1))  # r1c2: the given 3
    settle(page)
    page.tap('#pad button[data-digit="erase"]')
    page.tap('#pad button[data-digit="8"]')
    settle(page)
    assert page.text_content(cell(page, 1)) == "3"
    page.tap("#modes label:has(#mode-given)")
    settle(page)
    assert page.is_visible("#ask-edit") and checked_mode(page) == "value"
    page.tap("#edit-puzzle")
    settle(page)
    assert checked_mode(page) == "given" and page.is_hidden("#ask-edit")
    page.tap('#pad button[data-digit="erase"]')
    settle(page)
    assert page.get_attribute(cell(page, 1), "data-kind") == "empty"
    page.tap("#undo")
    settle(page)
    assert page.text_content(cell(page, 1)) == "3"
    assert page.get_attribute(cell(page, 1), "data-kind") == "given"


# -- 4. hint tints readable in light and dark mode -------------------------------------

# For every mark (or digit) in a cell a hint marks: its tint classes, the mark's classes,
# its colour and the colour behind it (its own background, else the first one met going
# up, laid over what is under it), as [r, g, b, a] lists.
HINTED_JS = """() => {
    const rgba = text => {
        const n = text.match(/[\\d.]+/g).map(Number);
        return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
    };
    const behind = el => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = rgba(getComputedStyle(e).backgroundColor);
            if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
        }
        let out = [255, 255, 255];
        for (const [r, g, b, a] of layers.reverse()) {
            out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
        }
        return out;
    };
    const found = [];
    for (const cell of document.querySelectorAll('#grid .cell.hint-pattern, #grid .cell.hint-target')) {
        const tints = [...cell.classList].filter(c => c.startsWith('hint-'));
        const marks = [...cell.querySelectorAll('.mark, .corner')];
        for (const el of marks.length ? marks : (cell.textContent.trim() ? [cell] : [])) {
            found.push({tints, classes: [...el.classList], text: el.textContent,
                        colour: rgba(getComputedStyle(el).color), back: behind(el)});
        }
    }
    return found;
}"""


def luminance(rgb: list[float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0-255 channels)."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def marked_grids() -> list[Puzzle]:
    """Two hints on pencil-marked grids: a naked pair (its cells tinted, their marks bold,
    the marks it removes struck through) and a hidden single (the mark it places)."""
    blank = blank_shape("sudoku-9")
    row = {c: candidates(range(1, 10)) for c in (1, 2, 3, 5, 6, 7, 8)}
    pair = blank.with_cells({0: candidates({1, 2}), 4: candidates({1, 2}), **row})
    single = blank.with_cells({1 * 9 + 5: given(5), 2 * 9 + 7: given(5), 3 * 9 + 1: given(5),
                               6 * 9 + 2: given(5), 0: candidates({5, 6, 7}), 1: candidates({6, 7})})
    return [pair, single]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_marks_on_every_hint_tint_keep_a_contrast_of_4_5(browser: Browser, site_url: str,
                                                         scheme: Literal["light", "dark"]) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    app = App(page, site_url)
    app.watch(page)
    tints: set[str] = set()
    kinds: set[str] = set()
    for puzzle in marked_grids():
        shared = links.shares(puzzle).lossless
        assert shared is not None
        app.open(shared.fragment)
        page.click(cell(page, 80))  # the cursor away from the hint's cells
        settle(page)
        page.click("#hint")
        settle(page)
        assert page.inner_text("#message").startswith("Hint: ")
        found = page.evaluate(HINTED_JS)
        assert found
        for mark in found:
            ratio = contrast(mark["colour"], mark["back"])
            assert ratio >= 4.5, f"{scheme}: {mark} has a contrast of {ratio:.2f}"
            tints.update(mark["tints"])
            kinds.update(c for c in mark["classes"] if c.startswith("hint-"))
    app.shoot(f"hint-tints-{scheme}")
    context.close()
    assert tints == {"hint-pattern", "hint-target"}
    assert kinds == {"hint-digit", "hint-remove", "hint-place"}
    assert outside(app.requests, site_url) == [] and app.problems == []


# -- 5. SudokuPad's selection keys, and a key for Hint -----------------------------------


def selection(page: Page) -> set[int]:
    """The cells a digit would go to: those drawn as selected, or the cursor's alone."""
    many = page.eval_on_selector_all('#grid [data-selected="true"]',
                                     "cells => cells.map(c => Number(c.dataset.index))")
    return set(many) or {cursor(page)}


def test_ctrl_or_cmd_click_deselects_shift_arrows_extend_and_escape_shrinks(desk: App) -> None:
    shared = links.shares(classic()).lossless
    assert shared is not None
    page = desk.open(shared.fragment)
    page.click(cell(page, 2))  # r1c3, r1c4, r2c3: open; r2c4: the given 1
    page.click(cell(page, 3), modifiers=["Shift"])
    page.click(cell(page, 11), modifiers=["Control"])
    settle(page)
    assert selection(page) == {2, 3, 11}
    page.click(cell(page, 3), modifiers=["Shift"])  # Shift keeps adding: it stays
    page.click(cell(page, 2), modifiers=["Control"])  # Ctrl on a selected cell: it leaves
    settle(page)
    assert selection(page) == {3, 11}
    page.click(cell(page, 11), modifiers=["Meta"])  # Cmd on a Mac, the cursor's own cell
    settle(page)
    assert selection(page) == {3} and cursor(page) == 3
    page.keyboard.press("Shift+ArrowDown")  # r2c4: the cursor moves and the cell joins
    page.keyboard.press("Control+ArrowLeft")  # r2c3
    settle(page)
    assert selection(page) == {3, 12, 11} and cursor(page) == 11
    page.keyboard.press("c")
    page.keyboard.type("4")  # a centre mark in all three that can hold one, one step
    settle(page)
    assert [page.locator(f"{cell(page, i)} .centre", has_text="4").count() for i in (3, 11, 12)] == [1, 1, 0]
    page.keyboard.press("Escape")  # the cursor's cell alone
    settle(page)
    assert selection(page) == {11} and cursor(page) == 11
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    settle(page)
    assert selection(page) == {12, 13}


def hinted(page: Page) -> int:
    return page.locator("#grid .hint-pattern, #grid .hint-target").count()


def test_h_is_the_hint_button_and_escape_takes_the_hint_away(desk: App) -> None:
    shared = links.shares(classic()).lossless
    assert shared is not None
    page = desk.open(shared.fragment)
    before = desk.grid()
    page.keyboard.press("h")
    settle(page)
    assert message(page).startswith("Hint: ") and hinted(page) > 0
    page.keyboard.press("Escape")
    settle(page)
    assert message(page) == "" and hinted(page) == 0 and desk.grid() == before
    page.keyboard.press("h")
    settle(page)
    shown = message(page)
    assert shown.startswith("Hint: ") and hinted(page) > 0
    page.keyboard.press("H")  # again: applied, as the button's second press
    settle(page)
    assert desk.grid() != before and hinted(page) == 0 and message(page) != shown
    assert "H asks for a hint" in (page.text_content("#keys-help") or "")


# -- 3. marks and digits live together ------------------------------------------------


def shown(page: Page, index: int) -> tuple[str, list[str], list[str]]:
    """What a cell shows: its digit (or ""), its centre marks and its corner marks."""
    digit = page.eval_on_selector(
        cell(page, index), "(el) => el.querySelector('.centre, .corners') ? '' : el.textContent.trim()")
    texts = "(els) => els.map((e) => e.textContent)"
    centre = page.eval_on_selector_all(f"{cell(page, index)} .centre .mark", texts)
    corner = page.eval_on_selector_all(f"{cell(page, index)} .corners *", texts)
    return digit, centre, corner


def test_a_digit_hides_the_marks_under_it_and_they_come_back_after_a_reload(app: App) -> None:
    page = app.open(links.shares(classic()).lossless.fragment)  # type: ignore[union-attr]
    empty = CLASSIC.index(".")
    page.click(cell(page, empty))
    settle(page)
    for key in ("Control+1", "Control+2", "Shift+4"):  # centre 1 2, corner 4
        page.keyboard.press(key)
    settle(page)
    assert shown(page, empty) == ("", ["1", "2"], ["4"])
    page.keyboard.press("2")
    settle(page)
    assert shown(page, empty) == ("2", [], [])  # the digit hides them
    page.keyboard.press("Shift+5")  # a mark typed into a filled cell is ignored
    settle(page)
    assert shown(page, empty) == ("2", [], [])
    page.reload()  # the address bar's link holds the marks under the digit
    settle(page)
    page.wait_for_function("(sel) => document.querySelector(sel)?.textContent.trim() === '2'",
                           arg=cell(page, empty))
    page.click(cell(page, empty))
    settle(page)
    page.keyboard.press("Backspace")
    settle(page)
    assert shown(page, empty) == ("", ["1", "2"], ["4"])  # taking the digit away shows them


def test_on_a_phone_centre_marks_over_a_box_skip_the_placed_digits(phone: App) -> None:
    """Select a box holding a placed digit, tap Centre and a digit: the digit stays, the
    other open cells of the box take the mark."""
    puzzle = classic()
    solution = solve(puzzle)
    open_cells = [i for i in (0, 1, 2, 9, 10, 11, 18, 19, 20) if CLASSIC[i] == "."]
    placed = open_cells[0]
    played = puzzle.with_cell(placed, value(solution.cells[placed].digit))
    page = phone.open(links.shares(played).lossless.fragment)  # type: ignore[union-attr]
    page.tap(cell(page, 0))
    for i in (1, 2, 9, 10, 11, 18, 19, 20):
        page.click(cell(page, i), modifiers=["Shift"])
    settle(page)
    page.tap("#modes label:has(#mode-candidates)")
    page.tap('#pad button[data-digit="7"]')
    settle(page)
    assert shown(page, placed)[0] == str(solution.cells[placed].digit)
    for i in open_cells[1:]:
        assert shown(page, i)[1] == ["7"], i
    for i in (0, 1, 2, 9, 10, 11, 18, 19, 20):
        if CLASSIC[i] != ".":
            assert shown(page, i)[0] == CLASSIC[i]  # the givens too
