"""Setting a variant on a 360x740 phone with touch alone: from a blank grid the setter drags
over cells and taps a tool (Cage, then the sum on the pad; Line, from where the drag began;
Dot), undoes a step, and the address bar's link opened in a fresh profile draws the very
same rules. Screenshots go to test-results/setting/<name>.png, for a person to look at."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from pycore import links
from pycore.app import heavy_messages
from pycore.variants import Arrow, Cage, Clue, Constraint, Dot, Line, Mark, Rule
from tests.web.conftest import DESKTOP, PHONE, SCREENSHOTS, App, settle, watched_app

SHOTS = SCREENSHOTS.parent / "setting"


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, **PHONE) as app:
        yield app


def shoot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def centre_of(app: App, row: int, col: int) -> tuple[float, float]:
    box = app.cell(row, col).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(app: App, cells: list[tuple[int, int]], steps: int = 1) -> None:
    """A finger down on the first cell, through the others in order (`steps` moves from one
    centre to the next, in a straight line), resting, and up (real touch events, as
    tests/web/test_notes.py makes them)."""
    app.cell(*cells[0]).scroll_into_view_if_needed()
    cdp = app.page.context.new_cdp_session(app.page)
    centres = [centre_of(app, r, c) for r, c in cells]
    points = centres[:1]
    for (x0, y0), (x1, y1) in itertools.pairwise(centres):
        points += [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(1, steps + 1)]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    app.page.wait_for_timeout(150)  # resting before it lifts: no fling
    x, y = points[-1]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    settle(app.page)


def tap(page: Page, selector: str) -> None:
    page.tap(selector)
    settle(page)


def drawing(page: Page) -> dict[str, str]:
    """The rules as drawn: the SVG layers under and over the cells, and the rules in words."""
    found: dict[str, str] = page.evaluate("""() => Object.fromEntries(
        ['grid-under', 'grid-over', 'grid-rules']
            .map(id => [id, document.getElementById(id)?.innerHTML ?? '']))""")
    return found


def constraints_in_address(page: Page, wanted: set[Constraint] | None = None) -> set[Constraint]:
    """The rules the address bar's link holds (once it holds `wanted`, when said: the link
    follows the drawing by a moment, encoded after the cells are drawn)."""
    found: set[Constraint] = set()
    for _ in range(50):
        if page.evaluate("location.hash.length > 1"):
            found = set(links.read(page.evaluate("location.href"))[1].constraints)
            if wanted is None or found == wanted:
                break
        page.wait_for_timeout(100)
    return found


def test_a_killer_cage_a_thermometer_and_a_dot_set_by_touch_open_the_same_elsewhere(
        phone: App, browser: Browser, site_url: str) -> None:
    page = phone.open()
    assert page.is_visible("#set-tools"), "a blank grid opens in Givens mode, with the tools"
    # a cage: a drag over three cells, Cage, then its sum on the pad (1 then 5 is 15)
    touch_drag(phone, [(0, 0), (0, 1), (1, 1)])
    tap(page, "#set-cage")
    tap(page, '#pad button[data-digit="1"]')
    tap(page, '#pad button[data-digit="5"]')
    page.wait_for_function("() => document.querySelector('#grid-over .v-sum')?.textContent === '15'")
    # a thermometer: the bulb where the drag begins, then king steps (the finger's diagonal
    # moves cross the corners of the cells beside them, which do not join)
    touch_drag(phone, [(6, 0), (5, 1), (4, 1), (3, 2)], steps=8)
    tap(page, "#set-line")  # the kind picked first is Thermo
    # a whole-grid rule and a dot, then the dot undone
    tap(page, "#set-rules-panel summary")  # the whole-grid rules fold away until asked for
    tap(page, "#rule-anti-knight")
    touch_drag(phone, [(8, 7), (8, 8)])
    tap(page, "#set-dot")
    with_dot = {Cage([0, 1, 10], 15), Line("thermo", [54, 46, 37, 29]), Rule("anti-knight"),
                Dot("white", [79, 80])}
    assert constraints_in_address(page, with_dot) == with_dot
    tap(page, "#undo")
    page.wait_for_function("() => !document.querySelector('#grid-over .v-dot')")
    wanted = {Cage([0, 1, 10], 15), Line("thermo", [54, 46, 37, 29]), Rule("anti-knight")}
    assert constraints_in_address(page, wanted) == wanted
    drawn = drawing(page)
    assert "v-cage" in drawn["grid-under"] and "v-thermo" in drawn["grid-under"]
    shoot(page, "set-by-touch")

    address = page.evaluate("location.href").split("#", 1)[1]
    with watched_app(browser, site_url, **PHONE) as fresh:
        other = fresh.open(address)
        assert constraints_in_address(other, wanted) == wanted
        assert drawing(other) == drawn
        shoot(other, "set-by-touch-fresh")


def test_a_cage_over_another_or_in_two_pieces_is_refused_in_words(phone: App) -> None:
    page = phone.open()
    touch_drag(phone, [(2, 2), (2, 3)])
    tap(page, "#set-cage")
    assert constraints_in_address(page, {Cage([20, 21])}) == {Cage([20, 21])}
    touch_drag(phone, [(2, 3), (3, 3)])  # over the first cage's cell
    tap(page, "#set-cage")
    assert "r3c4 is in a cage already" in page.inner_text("#message")
    assert page.get_attribute("#message", "data-kind") == "error"
    touch_drag(phone, [(5, 5), (6, 6)])  # a king's step: the cells touch at a corner only
    tap(page, "#set-cage")
    assert "more than one piece" in page.inner_text("#message")
    assert constraints_in_address(page) == {Cage([20, 21])}


JIGSAW_PATHS = [  # five regions dragged on a 6x6; the sixth (the cells left) fills itself
    [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (2, 0)],
    [(0, 3), (0, 4), (0, 5), (1, 5), (1, 4), (1, 3)],
    [(2, 1), (2, 2), (1, 2), (2, 3), (2, 4), (2, 5)],
    [(3, 0), (3, 1), (4, 1), (4, 0), (5, 0), (5, 1)],
    [(3, 2), (3, 3), (4, 3), (4, 2), (5, 2), (5, 3)],
]
JIGSAW = (0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 1, 1, 0, 2, 2, 2, 2, 2,
          3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5)


def edges(page: Page) -> list[list[str | None]]:
    """Each cell's borders as drawn: thick where regions meet."""
    found: list[list[str | None]] = page.evaluate("""() => [
        ...document.querySelectorAll('#grid [data-index]')].map(
            e => ['data-top', 'data-left', 'data-bottom', 'data-right'].map(a => e.getAttribute(a)))""")
    return found


def test_a_6x6_jigsaw_painted_by_touch_opens_the_same_elsewhere(
        phone: App, browser: Browser, site_url: str) -> None:
    page = phone.open()
    page.select_option("#shape", "sudoku-6")
    settle(page)
    for path in JIGSAW_PATHS[:2]:
        touch_drag(phone, path)
        tap(page, "#set-region")
    assert page.inner_text("#message").startswith("Regions: 2 of 6")  # said, not refused
    assert page.get_attribute("#message", "data-kind") == "info"
    assert page.locator("#grid [data-draft]").count() == 12
    shoot(page, "jigsaw-painting")
    tap(page, "#undo")  # the second region's paint goes
    assert page.locator("#grid [data-draft]").count() == 6
    for path in JIGSAW_PATHS[1:]:
        touch_drag(phone, path)
        tap(page, "#set-region")
    assert page.inner_text("#message").startswith("The regions cut the grid right")
    page.wait_for_function("() => !document.querySelector('#grid [data-draft]')")
    regions = None
    for _ in range(50):
        regions = links.read(page.evaluate("location.href"))[1].regions
        if regions == JIGSAW:
            break
        page.wait_for_timeout(100)
    assert regions == JIGSAW
    drawn = edges(page)
    assert drawn[3][1] == "thick" != drawn[1][1], "r1c4's left edge: two regions meet; r1c2's: one region"
    shoot(page, "jigsaw-set")

    address = page.evaluate("location.href").split("#", 1)[1]
    with watched_app(browser, site_url, **PHONE) as fresh:
        other = fresh.open(address)
        assert links.read(other.evaluate("location.href"))[1].regions == JIGSAW
        assert edges(other) == drawn
        shoot(other, "jigsaw-fresh")
    tap(page, "#check")  # the setter asks whether the jigsaw, still without givens, is unique
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('No mistakes')")
    assert page.inner_text("#message") == heavy_messages.NO_MISTAKES_SEVERAL


def test_with_a_mouse_and_keys_an_arrow_a_cage_and_its_sum_odd_cells_and_a_rule(
        browser: Browser, site_url: str) -> None:
    with watched_app(browser, site_url, **DESKTOP) as desk:
        page = desk.open()
        # a mouse drag from the circle along the shaft, then Line with Arrow picked
        page.mouse.move(*centre_of(desk, 4, 4))
        page.mouse.down()
        for row, col in ((3, 5), (2, 6), (2, 7)):
            page.mouse.move(*centre_of(desk, row, col), steps=3)
            settle(page)
        page.mouse.up()
        settle(page)
        page.select_option("#set-line-kind", "arrow")
        page.click("#set-line")
        settle(page)
        # keys: a cell, Shift+arrows, Cage, and the sum typed (2 then 3 is 23)
        desk.cell(8, 0).click()
        settle(page)
        for key in ("Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowUp"):
            page.keyboard.press(key)
            settle(page)
        page.click("#set-cage")
        settle(page)
        page.keyboard.type("23")
        settle(page)
        page.click("#set-odd")  # the same four cells: odd
        settle(page)
        page.click("#set-rules-panel summary")
        page.click("#rule-diagonal-")
        settle(page)
        cage = [72, 73, 74, 65]
        wanted = {Arrow([40], [[40, 32, 24, 25]]), Cage(cage, 23), Rule("diagonal-")}
        wanted |= {Mark("odd", i) for i in cage}
        assert constraints_in_address(page, wanted) == wanted
        assert page.is_checked("#rule-diagonal-")
        page.keyboard.press("Control+z")  # the diagonal goes, and its box is cleared
        settle(page)
        assert not page.is_checked("#rule-diagonal-")
        shoot(page, "desktop-arrow-cage")


def test_a_little_killer_dragged_from_a_corner_sits_outside_the_grid_with_its_number(phone: App) -> None:
    page = phone.open()
    page.select_option("#set-line-kind", "little-killer")
    settle(page)
    touch_drag(phone, [(0, 0), (1, 1), (2, 2)])  # from the top-left corner, down the diagonal
    tap(page, "#set-line")
    assert page.inner_text("#message").startswith("A clue outside the grid")
    tap(page, '#pad button[data-digit="2"]')
    tap(page, '#pad button[data-digit="4"]')
    wanted: set[Constraint] = {Clue("little-killer", -1, -1, 24, "DR")}
    assert constraints_in_address(page, wanted) == wanted
    assert page.get_attribute("#grid", "data-margin") == ""
    shoot(page, "little-killer")
