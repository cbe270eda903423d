"""On a 360x740 phone, as a SudokuPad player expects: what a button starts is shown where the
player is, the new grid comes into view and Back returns to the grid before it, the mode
buttons sit under the pad and the pad shows the mode; the opening line goes at the first
edit. And the drawing's details: a coloured cell keeps its colour when selected, seven
corner marks leave the centre marks alone, a 16x16's two-digit centre marks stay apart."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pycore import links
from pycore.model import EMPTY, Puzzle, candidates, given
from pycore.shapes import blank_shape
from tests.web.conftest import DESKTOP, PHONE, App, paste, settle, watched_app

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SHOTS = "test-results/phone-layout"


def grid_of(line: str) -> Puzzle:
    return Puzzle.blank().with_cells({i: given(int(ch)) for i, ch in enumerate(line) if ch != "."})


def fragment(puzzle: Puzzle) -> str:
    shared = links.shares(puzzle).lossless
    assert shared is not None
    return shared.fragment


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, **PHONE) as app:
        yield app


@pytest.fixture
def desktop(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, **DESKTOP) as app:
        yield app


def box(page: Page, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.eval_on_selector(
        selector, "(el) => { const r = el.getBoundingClientRect(); "
                  "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")
    return found


def in_view(page: Page, selector: str) -> bool:
    b = box(page, selector)
    height: float = page.evaluate("() => window.innerHeight")
    return b["top"] >= 0 and b["bottom"] <= height and b["bottom"] > b["top"]


def at_paste_box(page: Page) -> None:
    page.eval_on_selector("#open-text", "(el) => el.scrollIntoView({block: 'center'})")


def test_a_paste_on_a_phone_answers_in_view_and_back_returns_to_the_grid_before(phone: App) -> None:
    page = phone.open(fragment(grid_of(CLASSIC)))
    at_paste_box(page)
    words = paste(page, "not a puzzle at all")
    assert page.get_attribute("#message", "data-kind") == "error"
    assert in_view(page, "#message") and in_view(page, "#open-text"), words
    page.screenshot(path=f"{SHOTS}/bad-paste.png")
    at_paste_box(page)
    paste(page, "https://example.org/#" + fragment(grid_of(OTHER)))
    settle(page)
    assert box(page, "#grid")["top"] >= -1  # the new grid came into view
    assert in_view(page, "#message")
    page.screenshot(path=f"{SHOTS}/good-paste.png")
    assert page.evaluate("() => location.hash") == "#" + fragment(grid_of(OTHER))
    page.go_back()
    page.wait_for_function("(h) => location.hash === h", arg="#" + fragment(grid_of(CLASSIC)))
    settle(page)
    page.wait_for_function("(sel) => document.querySelector(sel)?.textContent.trim() === '5'",
                           arg='#grid [data-index="0"]')


def test_new_puzzle_on_a_phone_shows_its_progress_in_view_then_the_grid(phone: App) -> None:
    """A slow New puzzle (Samurai hard, a seed known to take seconds): its progress line and
    Cancel are in view while the player is at the button; the grid it makes then is."""
    page = phone.open(fragment(grid_of(CLASSIC)))
    page.wait_for_function("document.documentElement.dataset.heavy === 'ready'", timeout=90_000)
    page.select_option("#shape", "samurai")
    page.select_option("#level", "hard")
    settle(page)
    before = page.evaluate("() => location.hash")  # the grid New puzzle replaces
    page.eval_on_selector("#new", "(b) => { b.dataset.seed = '15'; b.scrollIntoView({block: 'end'}); }")
    page.tap("#new")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Making')"
                           " && !document.getElementById('cancel-new').hidden")
    page.wait_for_timeout(100)  # the scroll it asked for (no settle: the page is busy making it)
    page.screenshot(path=f"{SHOTS}/new-puzzle-making.png")
    assert in_view(page, "#message") and in_view(page, "#new") and in_view(page, "#cancel-new")
    page.wait_for_function("(h) => location.hash !== h && !document.getElementById('new').disabled",
                           arg=before, timeout=90_000)
    settle(page)
    assert in_view(page, "#message") and box(page, "#grid")["top"] >= -1
    page.screenshot(path=f"{SHOTS}/new-puzzle.png")
    page.go_back()  # Back: the grid before New puzzle
    page.wait_for_function("(h) => location.hash === h", arg=before)


def test_the_mode_buttons_sit_under_the_pad_and_the_pad_shows_the_mode(phone: App) -> None:
    page = phone.open(fragment(grid_of(CLASSIC)))
    pad, modes = box(page, "#pad"), box(page, "#modes")
    assert 0 <= modes["top"] - pad["bottom"] <= 24  # right under it, by the thumb
    assert in_view(page, "#grid") and in_view(page, "#pad") and in_view(page, "#modes")
    digit = '#pad button[data-digit="5"]'

    def look() -> dict[str, Any]:
        found: dict[str, Any] = page.eval_on_selector(
            digit, "(el) => { const s = getComputedStyle(el); return {size: parseFloat(s.fontSize), "
                   "justify: s.justifyContent, align: s.alignItems}; }")
        return found

    normal = look()
    page.tap("#modes label:has(#mode-corner)")
    settle(page)
    corner = look()
    assert corner["size"] < normal["size"] and (corner["justify"], corner["align"]) == (
        "flex-start", "flex-start")
    page.tap("#modes label:has(#mode-candidates)")
    settle(page)
    centre = look()
    assert centre["size"] < normal["size"] and centre["justify"] != "flex-start"
    page.screenshot(path=f"{SHOTS}/centre-mode-pad.png")


def test_the_opening_line_goes_at_the_first_edit_and_a_samurai_is_named(desktop: App) -> None:
    page = desktop.open(fragment(blank_shape("samurai").with_cell(0, given(3))))
    page.wait_for_function("(w) => document.getElementById('message').textContent.startsWith(w)",
                           arg="Opened a Samurai")
    page.click('#grid [data-index="1"]')
    page.keyboard.press("4")
    settle(page)
    assert page.inner_text("#message") == ""


def test_a_selected_coloured_cell_keeps_its_colour(desktop: App) -> None:
    puzzle = grid_of(CLASSIC).with_cell(2, EMPTY.with_colours([3]))
    page = desktop.open(fragment(puzzle))
    cell = '#grid [data-index="2"]'
    page.click(cell)
    settle(page)
    background = page.eval_on_selector(cell, "(el) => getComputedStyle(el).backgroundColor")
    paper = page.evaluate("() => getComputedStyle(document.body).getPropertyValue('--paper').trim()")
    assert background in ("rgb(255, 255, 255)",) and paper == "#ffffff"
    ring = page.eval_on_selector(cell, "(el) => getComputedStyle(el).boxShadow")
    assert "inset" in ring


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["left"] < b["right"] and b["left"] < a["right"]
            and a["top"] < b["bottom"] and b["top"] < a["bottom"])


def test_seven_corner_marks_leave_the_centre_marks_alone(desktop: App) -> None:
    puzzle = grid_of(CLASSIC).with_cell(2, candidates([1, 2, 4, 6]).with_corner(range(1, 8)))
    page = desktop.open(fragment(puzzle))
    cell = '#grid [data-index="2"]'
    corners = page.eval_on_selector_all(f"{cell} .corner", "(els) => els.map((e) => { const r = "
                                        "e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, "
                                        "left: r.left, right: r.right}; })")
    marks = page.eval_on_selector_all(f"{cell} .centre .mark", "(els) => els.map((e) => { const r = "
                                      "e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, "
                                      "left: r.left, right: r.right}; })")
    assert len(corners) == 7 and len(marks) == 4
    assert not any(overlaps(c, m) for c in corners for m in marks)


def test_a_16x16s_two_digit_centre_marks_stay_apart(phone: App) -> None:
    puzzle = blank_shape("sudoku-16").with_cell(0, candidates([1, 14, 15]))
    page = phone.open(fragment(puzzle))
    marks = page.eval_on_selector_all(
        '#grid [data-index="0"] .centre .mark',
        "(els) => els.map((e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e); "
        "return {left: r.left, right: r.right, top: r.top, size: parseFloat(s.fontSize)}; })")
    assert len(marks) == 3 and min(m["size"] for m in marks) >= 6
    rows: dict[float, list[dict[str, float]]] = {}
    for m in marks:
        rows.setdefault(round(m["top"]), []).append(m)
    for row in rows.values():
        row.sort(key=lambda m: m["left"])
        for a, b in itertools.pairwise(row):
            assert b["left"] - a["right"] >= 2  # a visible space between "1", "14" and "15"
