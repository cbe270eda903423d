"""Variant puzzles on a 360x740 phone, as a SudokuPad player knows them: each family opened
from our link in a fresh profile is drawn (cages, thermometers, arrows, dots, lines,
diagonals, jigsaw borders, clues in a margin outside the grid, an unknown rule's light
outline), a digit that breaks a rule is marked red as a clash is and Check names the rule,
and a finished killer is congratulated. Every family's screenshot goes to
test-results/variants/<family>.png, for a person to look at.

Each puzzle is built here with pycore: a grid of known digits (SOLUTION), elements read
off it, so every rule holds in the solution and a digit typed against it breaks one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from pycore import links
from pycore.app import messages
from pycore.model import EMPTY, Puzzle, given
from pycore.solve import count_solutions, solve
from pycore.variants import (
    Arrow,
    Cage,
    Clue,
    Constraint,
    Dot,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
    describe,
    little_killer_cells,
    outside_line,
)
from tests.web.conftest import PHONE, SCREENSHOTS, App, settle, watched_app

SHOTS = SCREENSHOTS.parent / "variants"
SOLUTION = ("534678912" "672195348" "198342567" "859761423" "426853791"
            "713924856" "961537284" "287419635" "345286179")
DIGITS = [int(ch) for ch in SOLUTION]


def cell(r: int, c: int) -> int:
    """The index of r<r>c<c>, counted from 1 as players count."""
    return (r - 1) * 9 + c - 1


def cage(*cells: int) -> Cage:
    return Cage(cells, sum(DIGITS[i] for i in cells))


def fragment(puzzle: Puzzle) -> str:
    shared = links.shares(puzzle).lossless
    assert shared is not None
    return shared.fragment


def variant(*items: Constraint, givens: tuple[int, ...] = ()) -> Puzzle:
    """A 9x9 with these elements and these cells of SOLUTION given; every element holds in it."""
    puzzle = Puzzle.blank().with_cells({i: given(DIGITS[i]) for i in givens}).with_variants(constraints=items)
    solved = puzzle.with_cells({i: given(d) for i, d in enumerate(DIGITS)})
    assert solved.is_solved, "the family's elements hold in the known solution"
    return puzzle


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    with watched_app(browser, site_url, **PHONE) as app:
        yield app


def shoot(app: App, family: str, page: Page | None = None) -> Path:
    """The grid's screenshot as a player sees it, at the phone's size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{family}.png"
    (page or app.page).locator("#board").screenshot(path=str(path))
    return path


def count(page: Page, selector: str) -> int:
    found: int = page.evaluate("(s) => document.querySelectorAll(s).length", selector)
    return found


def type_at(app: App, index: int, digit: int) -> None:
    app.cell(*divmod(index, 9)).click()
    settle(app.page)
    app.page.keyboard.type(str(digit))
    settle(app.page)


def red(app: App, index: int) -> bool:
    return bool(app.cell(*divmod(index, 9)).get_attribute("data-conflict") == "true")


def fits_the_screen(page: Page) -> bool:
    box: list[float] = page.eval_on_selector("#grid", "(el) => { const r = el.getBoundingClientRect(); "
                                         "return [r.left, r.right, r.top, r.bottom]; }")
    return bool(box[0] >= 0 and box[1] <= 360 and box[3] <= 740)


KILLER = variant(cage(cell(1, 1), cell(1, 2), cell(2, 1)), cage(cell(1, 3), cell(1, 4), cell(1, 5)),
                 cage(cell(2, 2), cell(2, 3), cell(3, 2), cell(3, 3)),
                 cage(cell(1, 6), cell(1, 7), cell(2, 6), cell(3, 6), cell(3, 5)),
                 cage(cell(3, 1), cell(4, 1), cell(5, 1), cell(5, 2), cell(5, 3), cell(4, 3)),
                 cage(cell(4, 4), cell(4, 5), cell(4, 6), cell(5, 4), cell(5, 6)),
                 Cage((cell(9, 8), cell(9, 9))), givens=(cell(7, 7), cell(8, 2)))


def test_a_killer_draws_its_cages_with_their_sums_and_check_names_an_overfull_cage(phone: App) -> None:
    page = phone.open(fragment(KILLER))
    assert page.inner_text("#message").startswith("Opened a 9x9 killer sudoku")
    assert count(page, "#grid-under .v-cage") == 7
    assert count(page, "#grid-over .v-cage-sum") == 6  # the last cage has no sum
    totals = [str(c.total) for c in KILLER.constraints if isinstance(c, Cage) and c.total is not None]
    assert [e.text_content() for e in page.locator("#grid-over .v-sum").all()] == totals
    first = KILLER.constraints[0]
    assert isinstance(first, Cage) and first.cells[:2] == (0, 1) and first.total == 14
    assert "killer cage 14" in (phone.cell(0, 0).get_attribute("aria-label") or "")
    assert count(page, "#grid-rules li") == 7
    assert fits_the_screen(page)
    shoot(phone, "killer")
    type_at(phone, cell(1, 1), 9)  # 9 in a cage of 14 over three cells: fine so far
    assert not red(phone, cell(1, 1))
    type_at(phone, cell(1, 2), 8)  # 17 > 14
    assert red(phone, cell(1, 1)) and red(phone, cell(1, 2))
    page.click("#check")
    settle(page)
    assert page.inner_text("#message").startswith("Something is wrong: the digits break the killer cage 14")
    shoot(phone, "killer-broken")


def small_killer() -> tuple[Puzzle, list[int]]:
    """A 4x4 killer of pairs, with the fewest givens of its solution that make it unique."""
    digits = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    pairs = ((0, 4), (1, 2), (3, 7), (5, 6), (8, 9), (12, 13), (10, 14), (11, 15))
    puzzle = Puzzle.blank("sudoku", 4).with_variants(
        constraints=[Cage(p, digits[p[0]] + digits[p[1]]) for p in pairs])
    for i in range(16):
        if count_solutions(puzzle, limit=2) == 1:
            break
        puzzle = puzzle.with_cell(i, given(digits[i]))
    assert count_solutions(puzzle, limit=2) == 1
    assert [c.digit for c in solve(puzzle).cells] == digits
    return puzzle, digits


def test_a_finished_killer_is_congratulated(phone: App) -> None:
    puzzle, digits = small_killer()
    page = phone.open(fragment(puzzle))
    assert count(page, "#grid-under .v-cage") == 8
    for i, c in enumerate(puzzle.cells):
        if c.kind == "empty":
            phone.cell(*divmod(i, 4)).click()
            page.keyboard.type(str(digits[i]))
    settle(page)
    assert page.inner_text("#message") == messages.SOLVED_NOW
    shoot(phone, "killer-4x4-solved")


def test_thermometers_and_arrows_are_drawn_and_a_thermometer_out_of_order_is_red(phone: App) -> None:
    puzzle = variant(
        Line("thermo", [cell(1, c) for c in range(2, 8)]),  # 3 4 6 7 8 9
        Line("thermo", (cell(6, 2), cell(5, 2), cell(5, 3), cell(4, 3))),  # 1 2 6 9, bent
        Arrow([cell(7, 9)], [[cell(7, 9), cell(8, 8), cell(9, 7)]]),  # 4 = 3 + 1
        Arrow([cell(7, 1)], [[cell(7, 1), cell(8, 1), cell(9, 1), cell(9, 2)]]),  # 9 = 2 + 3 + 4
        Arrow([cell(1, 8), cell(1, 9)], [[cell(1, 9), cell(2, 9), cell(2, 8)]]))  # a pill: 12 = 8 + 4
    page = phone.open(fragment(puzzle))
    assert page.inner_text("#message").startswith("Opened a 9x9 arrow and thermometer sudoku")
    assert count(page, "#grid-under .v-thermometer") == 2
    assert count(page, "#grid-under .v-arrow") == 3
    assert count(page, "#grid-under .v-arrow-pill") == 1
    shoot(phone, "thermo-arrow")
    type_at(phone, cell(1, 3), 5)
    type_at(phone, cell(1, 4), 2)  # lower than the cell before it on the thermometer
    assert red(phone, cell(1, 3)) and red(phone, cell(1, 4))
    assert not red(phone, cell(1, 9))


def test_dots_xv_and_cell_marks_sit_where_they_belong_and_a_dot_that_does_not_fit_is_red(phone: App) -> None:
    puzzle = variant(
        Dot("white", (cell(1, 2), cell(1, 3))), Dot("white", (cell(1, 4), cell(1, 5))),
        Dot("white", (cell(1, 1), cell(1, 2)), 2),  # a difference of 2, said on the dot
        Dot("black", (cell(1, 3), cell(2, 3))), Dot("black", (cell(5, 1), cell(5, 2))),
        Dot("x", (cell(1, 7), cell(1, 8))), Dot("x", (cell(2, 4), cell(2, 5))),
        Dot("v", (cell(4, 6), cell(4, 7))), Dot("v", (cell(1, 8), cell(2, 8))),
        Quadruple((cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)), (3, 5)),
        Mark("max", cell(4, 3)), Mark("min", cell(4, 6)), Mark("odd", cell(9, 9)), Mark("even", cell(8, 1)))
    page = phone.open(fragment(puzzle))
    said = page.inner_text("#message")
    assert "kropki" in said and "XV" in said
    assert count(page, "#grid-over .v-kropki") == 5
    assert count(page, "#grid-over .v-xv") == 4
    assert count(page, "#grid-over .v-quadruple") == 1
    assert count(page, "#grid-under .v-parity") == 2
    assert count(page, "#grid-under .v-chevrons") == 2
    # a dot sits on its edge: the midpoint of r1c2 and r1c3 in cells is (2, 0.5)
    assert page.eval_on_selector("#grid-over .v-kropki .v-dot", "(e) => [e.getAttribute('cx'), "
                                 "e.getAttribute('cy')]") in (["1", "0.5"], ["2", "0.5"], ["4", "0.5"])
    shoot(phone, "kropki-xv")
    type_at(phone, cell(1, 2), 1)
    type_at(phone, cell(1, 3), 5)  # a white dot between 1 and 5
    assert red(phone, cell(1, 2)) and red(phone, cell(1, 3))


JIGSAW = ((0, 0, 0, 0, 1, 1, 1), (0, 0, 2, 2, 1, 1, 1), (0, 2, 2, 2, 2, 1, 3), (4, 4, 4, 2, 3, 3, 3),
          (4, 5, 4, 4, 6, 3, 3), (5, 5, 5, 4, 6, 6, 3), (5, 5, 5, 6, 6, 6, 6))
JIGSAW_SOLUTION = "4763152154276326315475317624712643562543713475216"


def test_a_7x7_jigsaw_draws_its_regions_thick_and_a_repeat_in_a_region_is_red(phone: App) -> None:
    regions = [k for row in JIGSAW for k in row]
    givens = (0, 1, 13, 14, 17, 28, 30, 31, 41, 47, 48)
    puzzle = Puzzle("sudoku", 7, tuple(given(int(JIGSAW_SOLUTION[i])) if i in givens else EMPTY
                                       for i in range(49)), regions=regions)
    assert count_solutions(puzzle, limit=2) == 1
    page = phone.open(fragment(puzzle))
    assert page.inner_text("#message").startswith("Opened a 7x7 jigsaw sudoku")
    thick = page.evaluate("""() => [...document.querySelectorAll('#grid [data-row]')].map(
        (e) => [e.dataset.top === 'thick', e.dataset.left === 'thick'])""")
    for i, (top, left) in enumerate(thick):
        r, c = divmod(i, 7)
        assert top == (r == 0 or regions[i] != regions[i - 7])
        assert left == (c == 0 or regions[i] != regions[i - 1])
    shoot(phone, "jigsaw-7x7")
    app_cell = phone.page.locator('#grid [data-row="1"][data-col="0"]')
    app_cell.click()
    page.keyboard.type("5")
    phone.page.locator('#grid [data-row="0"][data-col="2"]').click()
    page.keyboard.type("5")  # another 5 in region 0, in another row and column
    settle(page)
    assert phone.page.locator('#grid [data-row="0"][data-col="2"]').get_attribute("data-conflict") == "true"


def test_diagonals_and_anti_knight_are_drawn_and_their_repeats_are_red(phone: App) -> None:
    rules = [Rule("diagonal+"), Rule("diagonal-"), Rule("anti-knight")]
    puzzle = Puzzle.blank().with_variants(constraints=rules)
    page = phone.open(fragment(puzzle))
    said = page.inner_text("#message")
    assert "diagonal" in said and "anti-knight" in said
    assert count(page, "#grid-under .v-diagonal") == 2
    assert [e.text_content() for e in page.locator("#grid-rules li").all()] == [
        describe(item, 9) for item in puzzle.constraints]
    assert "the rising diagonal" in page.inner_text("#grid-rules")
    assert "falling diagonal" in (phone.cell(4, 4).get_attribute("aria-label") or "")
    shoot(phone, "diagonal-anti-knight")
    type_at(phone, cell(1, 1), 1)
    type_at(phone, cell(5, 5), 1)  # on the falling diagonal
    assert red(phone, cell(1, 1)) and red(phone, cell(5, 5))
    type_at(phone, cell(3, 2), 2)
    type_at(phone, cell(1, 3), 2)  # a knight's move away
    assert red(phone, cell(3, 2)) and red(phone, cell(1, 3))


def little_killer(row: int, col: int, direction: str) -> Clue:
    total = sum(DIGITS[i] for i in little_killer_cells(9, 9, row, col, direction))
    return Clue("little-killer", row, col, total, direction)


def sandwich(row: int, col: int) -> Clue:
    line = [DIGITS[i] for i in outside_line(9, 9, row, col)]
    a, b = sorted((line.index(1), line.index(9)))
    return Clue("sandwich", row, col, sum(line[a + 1:b]))


def test_outside_clues_sit_in_a_margin_and_the_grid_still_fits_a_phone(phone: App) -> None:
    clues = [little_killer(-1, 0, "DR"), little_killer(-1, 4, "DL"), little_killer(9, 8, "UL"),
             little_killer(3, 9, "DL"), sandwich(-1, 2), sandwich(-1, 6), sandwich(2, -1), sandwich(9, 5),
             sandwich(6, 9)]
    puzzle = variant(*clues, givens=(cell(5, 5),))
    page = phone.open(fragment(puzzle))
    assert "little killer" in page.inner_text("#message") and "sandwich" in page.inner_text("#message")
    assert page.get_attribute("#grid", "data-margin") == ""
    assert count(page, "#grid-over .v-clue") == 9
    assert count(page, "#grid-over .v-clue-arrow") == 4
    assert fits_the_screen(page)
    # the margin is a cell wide: the first cell starts one cell in from the grid's edge
    first = page.eval_on_selector('#grid [data-index="0"]', "(e) => [e.offsetLeft, e.offsetWidth]")
    assert abs(first[0] - first[1]) <= 2
    shoot(phone, "little-killer-sandwich")


def find_path(test: object, used: set[int]) -> tuple[int, ...]:
    """Three cells in a straight line (across, down or diagonal) whose digits pass `test`."""
    for start in range(81):
        r, c = divmod(start, 9)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            path = [(r + k * dr, c + k * dc) for k in range(3)]
            if all(0 <= x < 9 and 0 <= y < 9 for x, y in path):
                cells = tuple(x * 9 + y for x, y in path)
                if not used & set(cells) and test([DIGITS[i] for i in cells]):  # type: ignore[operator]
                    used.update(cells)
                    return cells
    raise AssertionError("no such path in the solution")


def test_lines_differ_by_more_than_their_colour(phone: App, browser: Browser, site_url: str) -> None:
    used: set[int] = set()
    renban = find_path(lambda d: max(d) - min(d) == 2, used)
    german = find_path(lambda d: abs(d[0] - d[1]) >= 5 and abs(d[1] - d[2]) >= 5, used)
    dutch = find_path(lambda d: abs(d[0] - d[1]) >= 4 and abs(d[1] - d[2]) >= 4 and min(
        abs(d[0] - d[1]), abs(d[1] - d[2])) == 4, used)
    palindrome = find_path(lambda d: d[0] == d[2], used)
    between = find_path(lambda d: min(d[0], d[2]) < d[1] < max(d[0], d[2]), used)
    puzzle = variant(Line("renban", renban), Line("whispers", german, 5), Line("whispers", dutch, 4),
                     Line("palindrome", palindrome), Line("between", between))
    page = phone.open(fragment(puzzle))
    kinds = page.evaluate("() => [...document.querySelectorAll('#grid-under .v-line')].map("
                          "(e) => [e.dataset.kind, e.dataset.dutch || '', e.getAttribute('stroke-width')])")
    assert sorted(kinds) == sorted([["renban", "", "0.25"], ["whispers", "false", "0.19"],
                                    ["whispers", "true", "0.19"], ["palindrome", "", "0.25"],
                                    ["between", "", "0.05"]])
    # besides its hue, each kind has its own texture: a core along it, or end circles
    cores = page.evaluate("() => [...document.querySelectorAll('#grid-under .v-line-core')].map("
                          "(e) => [e.dataset.kind, e.getAttribute('stroke-dasharray') || 'solid'])")
    assert sorted(cores) == [["palindrome", "solid"], ["whispers", "0.12 0.1"], ["whispers", "0.12 0.1"]]
    assert count(page, "#grid-under .v-between-end") == 2
    labels = [phone.cell(*divmod(renban[0], 9)).get_attribute("aria-label"),
              phone.cell(*divmod(german[0], 9)).get_attribute("aria-label"),
              phone.cell(*divmod(dutch[0], 9)).get_attribute("aria-label")]
    assert [label.rsplit(", ", 1)[1] for label in labels if label] == [
        "renban line", "German whispers line", "Dutch whispers line"]
    shoot(phone, "lines")
    with watched_app(browser, site_url, color_scheme="dark", **PHONE) as dark:
        dark.open(fragment(puzzle.with_cells({i: given(DIGITS[i]) for i in renban + german})))
        shoot(dark, "lines-dark")


def test_an_unknown_rule_is_outlined_and_said_to_be_unchecked_once_and_by_hint(phone: App) -> None:
    puzzle = variant(cage(cell(1, 1), cell(1, 2)),
                     Other("f-puzzles:mystery", '{"cells":["R5C5","R5C6","R6C5"]}',
                           (cell(5, 5), cell(5, 6), cell(6, 5))),
                     givens=tuple(range(0, 81, 2)))
    page = phone.open(fragment(puzzle))
    said = page.inner_text("#message")
    assert said.startswith("Opened a 9x9 killer sudoku")
    assert "One of its rules cannot be checked here" in said
    assert count(page, "#grid-under .v-other") == 1
    shoot(phone, "unknown-rule")
    page.click("#hint")
    settle(page)
    page.wait_for_function("() => !document.getElementById('message').textContent.startsWith('Loading')")
    settle(page)
    assert "rules I cannot read or check" in page.inner_text("#message")
