"""Hint and New puzzle in the page (web/light/solver_view.py), in Chromium.

New puzzle must open a puzzle with one solution at the level asked for, and the page
must keep painting while it is made. A hint must draw exactly the step's cells and
digits, apply as one edit that Undo takes back, and go away at any other edit. The
grids here are built by hand so that the next step is known without asking the engine.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from pycore import links
from pycore.app import messages
from pycore.model import Puzzle, candidates, given
from pycore.shapes import LEVELS, blank_shape
from pycore.solve import count_solutions, solve
from pycore.solve.generate import generate
from pycore.solve.techniques import grade
from tests.web.conftest import WATCH_JS, App, settle
from tests.web.test_saving import SAVED_JS

BOX = "(el) => { const b = el.getBoundingClientRect(); return [b.top, b.bottom, b.left, b.right]; }"
MADE = 90_000  # ms: a 9x9 hard puzzle takes a second or two, a busy machine much more



def state(page: Page) -> Puzzle:
    """The grid the page holds, read back from its address bar (the grid is the link)."""
    return links.read(page.evaluate("location.href"))[1]


def holds(p: Puzzle, i: int) -> set[int]:
    """The digits a cell may still hold: its marks, or all its houses allow."""
    cell = p.cells[i]
    if cell.kind == "candidates":
        return set(cell.candidates)
    if cell.kind in ("given", "value"):
        return {cell.digit}
    return set(p.open_digits(i))


def removed(before: Puzzle, after: Puzzle) -> set[tuple[int, int]]:
    return {(i, d) for i in range(len(before.cells)) for d in holds(before, i) - holds(after, i)}


def marked(page: Page) -> dict[str, Any]:
    """What the page draws of a hint: cells by class, and the digits marked per cell."""
    result: dict[str, Any] = page.evaluate("""() => {
        const cells = cls => [...document.querySelectorAll('#grid .cell.' + cls)].map(
            e => Number(e.dataset.index));
        const marks = cls => [...document.querySelectorAll('#grid .mark.' + cls)].map(
            e => [Number(e.closest('.cell').dataset.index), Number(e.textContent)]);
        const attr = name => Object.fromEntries([...document.querySelectorAll('#grid [' + name + ']')].map(
            e => [e.dataset.index, e.getAttribute(name)]));
        return {pattern: cells('hint-pattern'), target: cells('hint-target'),
                digit: marks('hint-digit'), remove: marks('hint-remove'), place: marks('hint-place'),
                removeText: attr('data-hint-remove'), placeText: attr('data-hint-place')};
    }""")
    return result


NOTHING_MARKED: dict[str, Any] = {"pattern": [], "target": [], "digit": [], "remove": [], "place": [],
                  "removeText": {}, "placeText": {}}


def open_grid(app: App, puzzle: Puzzle) -> Page:
    shared = links.shares(puzzle)
    assert shared.lossless is not None
    return app.open(shared.lossless.fragment)


def naked_pair_grid() -> Puzzle:
    """Row 1 of an empty 9x9: r1c1 and r1c5 pencilled 1 2, every other cell open to all.

    No single, no locked set, no box or line confines a digit: the first step is the
    naked pair, and it takes 1 and 2 from the seven other cells of row 1."""
    blank = blank_shape("sudoku-9")
    return blank.with_cells({0: candidates({1, 2}), 4: candidates({1, 2})})


def hidden_single_grid() -> Puzzle:
    """Four 5s (r2c6, r3c8, r4c2, r7c3) leave box 1 one place for 5: r1c1, and no other
    house of the grid has one place left for a digit."""
    blank = blank_shape("sudoku-9")
    return blank.with_cells({1 * 9 + 5: given(5), 2 * 9 + 7: given(5), 3 * 9 + 1: given(5),
                             6 * 9 + 2: given(5)})


def xy_chain_grid() -> Puzzle:
    """An empty 9x9 but four cells pencilled r1c1 1 2, r1c5 2 3, r5c5 3 4, r5c9 1 4.

    Each sees the next, and no simpler technique applies: the first step is the xy-chain
    (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c9=(1)r5c9 (r1c9 and r5c1, seeing
    both ends, lose 1)."""
    blank = blank_shape("sudoku-9")
    return blank.with_cells({0: candidates({1, 2}), 4: candidates({2, 3}),
                             40: candidates({3, 4}), 44: candidates({1, 4})})


# The chain drawn over the grid: each link's kind, and where its ends are on the screen
CHAIN_JS = """() => [...document.querySelectorAll('#grid svg.chain .chain-link')].map(e => {
    const m = e.getScreenCTM(), length = e.getTotalLength();
    const at = d => { const p = e.getPointAtLength(d); return new DOMPoint(p.x, p.y).matrixTransform(m); };
    const [a, mid, b] = [at(0), at(length / 2), at(length)];
    return {kind: e.dataset.link, dashed: getComputedStyle(e).strokeDasharray !== 'none',
            from: [a.x, a.y], middle: [mid.x, mid.y], to: [b.x, b.y]};
})"""
CELL_AT_JS = """([x, y]) => { const e = document.elementFromPoint(x, y);
    const cell = e && e.closest('#grid [data-index]'); return cell ? Number(cell.dataset.index) : -1; }"""


def test_a_chain_hint_draws_its_links_over_the_grid_and_they_go_with_the_hint(app: App) -> None:
    page = open_grid(app, xy_chain_grid())
    page.click("#hint")
    settle(page)
    assert "(XY-chain). Press Hint again" in page.inner_text("#message")
    overlay = page.locator("#grid svg.chain")
    assert overlay.get_attribute("aria-hidden") == "true"
    links = page.evaluate(CHAIN_JS)
    # strong inside each of the four cells (its two digits), weak between them (a shared digit)
    assert [link["kind"] for link in links] == ["strong", "weak"] * 3 + ["strong"]
    assert [link["dashed"] for link in links] == [False, True] * 3 + [False]
    ends = [(0, 4), (4, 40), (40, 44)]  # the weak links: r1c1-r1c5, r1c5-r5c5, r5c5-r5c9
    for link, (a, b) in zip(links[1::2], ends, strict=True):
        assert page.evaluate(CELL_AT_JS, link["from"]) == a
        assert page.evaluate(CELL_AT_JS, link["to"]) == b
    # the links let taps through: a tap on one reaches the cell under it (a move keeps the hint)
    under = page.evaluate(CELL_AT_JS, links[3]["middle"])
    assert under not in (-1, 0, 4, 40, 44)  # between r1c5 and r5c5
    page.mouse.click(*links[3]["middle"])
    settle(page)
    assert page.get_attribute(f'#grid [data-index="{under}"]', "aria-selected") == "true"
    assert len(page.evaluate(CHAIN_JS)) == 7
    app.shoot("hint-xy-chain")

    page.click("#hint")  # applied: the chain goes with it
    settle(page)
    assert page.inner_text("#message").startswith("Hint applied: removed 2 candidates")
    assert page.evaluate(CHAIN_JS) == [] and marked(page) == NOTHING_MARKED

    page.click("#undo")
    settle(page)
    page.click("#hint")
    settle(page)
    assert len(page.evaluate(CHAIN_JS)) == 7
    app.cell(8, 8).click()
    page.keyboard.type("9")  # an edit takes it away
    settle(page)
    assert page.evaluate(CHAIN_JS) == []


def test_a_naked_pair_hint_marks_its_cells_applies_once_and_undoes(app: App) -> None:
    page = open_grid(app, naked_pair_grid())
    before = state(page)
    page.click("#hint")
    settle(page)
    message = page.inner_text("#message")
    assert message.startswith("Hint: ") and "(naked pair). Press Hint again" in message
    assert "r1c1" in message and "r1c5" in message
    others = [c for c in range(9) if c not in (0, 4)]
    shown = marked(page)
    assert sorted(shown["pattern"]) == [0, 4]
    assert sorted(shown["target"]) == others
    assert sorted(shown["digit"]) == [[0, 1], [0, 2], [4, 1], [4, 2]]
    # the other cells have no pencil marks: the digits they lose are written on them
    assert shown["removeText"] == {str(c): "1 2" for c in others}
    assert shown["place"] == [] and shown["placeText"] == {}
    app.shoot("hint-naked-pair")

    page.click("#hint")  # the second press applies it
    settle(page)
    after = state(page)
    assert removed(before, after) == {(c, d) for c in others for d in (1, 2)}
    assert all(after.cells[i] == before.cells[i] for i in range(9, 81))
    assert page.inner_text("#message").startswith("Hint applied: removed 14 candidates")
    assert marked(page) == NOTHING_MARKED

    page.click("#undo")
    settle(page)
    assert state(page) == before


def test_a_hidden_single_hint_shows_the_digit_and_goes_at_the_next_edit(app: App) -> None:
    page = open_grid(app, hidden_single_grid())
    page.click("#hint")
    settle(page)
    message = page.inner_text("#message")
    assert message.startswith("Hint: ") and "(hidden single). Press Hint again" in message
    assert "5" in message and "r1c1" in message
    shown = marked(page)
    assert shown["pattern"] == list(range(9)) and shown["target"] == [0]  # its whole house, row 1
    assert shown["placeText"] == {"0": "5"} and shown["removeText"] == {}

    app.cell(8, 8).click()  # a cursor move keeps the hint
    settle(app.page)
    assert marked(page)["target"] == [0]
    page.keyboard.type("9")  # an edit takes it away, and its words
    settle(page)
    assert marked(page) == NOTHING_MARKED
    assert not page.inner_text("#message").startswith("Hint:")
    page.click("#hint")  # a hint again: the grid changed, so this shows, not applies
    settle(page)
    assert marked(page)["placeText"] == {"0": "5"}
    assert state(page).cells[0].kind == "empty"


def test_new_puzzles_of_each_level_open_unique_and_graded(app: App) -> None:
    page = app.open()
    page.click("#hint")  # an empty grid: no technique applies, and the page says so plainly
    settle(page)
    assert page.inner_text("#message") == (
        "No technique I know applies here.")
    assert marked(page) == NOTHING_MARKED
    offered = "[...document.getElementById('level').options].filter(o => !o.disabled).map(o => o.value)"
    page.select_option("#shape", "sudoku-25")  # a 25x25 is made easy only
    settle(page)
    assert page.evaluate(offered) == ["easy"] and page.input_value("#level") == "easy"
    page.select_option("#shape", "sudoku-6")  # the levels the generator always makes
    settle(page)
    assert page.evaluate(offered) == ["easy", "hard"] and page.input_value("#level") == "easy"
    page.select_option("#shape", "sudoku-9")
    settle(page)
    assert page.evaluate(offered) == list(LEVELS)
    made: list[Puzzle] = []
    for level in ("easy", "medium", "hard"):
        page.select_option("#level", level)
        settle(page)
        page.evaluate(WATCH_JS)
        page.click("#new")
        settle(page)
        page.wait_for_function(f"document.getElementById('message').textContent.startsWith('A new {level}')",
                               timeout=MADE)
        settle(page)
        seen = page.evaluate("(() => { window.__seen.making = false; return window.__seen })()")
        puzzle = state(page)
        assert (puzzle.kind, puzzle.size) == ("sudoku", 9)
        assert all(c.kind in ("given", "empty") for c in puzzle.cells)
        assert count_solutions(puzzle, limit=2) == 1
        assert grade(puzzle).level == level
        assert seen["messages"][0] == "Making a puzzle…"
        assert page.is_enabled("#new")
        assert page.is_checked('input[value="value"]')  # ready to solve
        print(f"\n9x9 {level}: {seen['frames']} frames painted, longest task {seen['longest']:.0f} ms")
        made.append(puzzle)
    assert seen["frames"] >= 2  # the page painted while the hard one was made
    assert len(set(made)) == 3
    # a new puzzle opens like a link, with a history of its own: Undo stays in it, and
    # the grids before it are kept in Recent puzzles
    assert page.is_disabled("#undo")
    kept = [links.read(text)[1] for text in page.evaluate(SAVED_JS)]
    assert set(made) <= set(kept)


def test_fill_candidates_then_hints_solve_a_hard_puzzle_without_a_guess(app: App) -> None:
    puzzle = generate("9x9", "hard", seed=2)
    page = open_grid(app, puzzle)
    page.click("#fill")
    settle(page)
    # Hint, Hint (show, apply) until the page says there is nothing left
    said: list[str] = []
    message = page.locator("#message")
    while len(said) < 600 and not (said and said[-1].startswith("Solved")):
        page.click("#hint")  # returns once the page's Python has answered (conftest.settle)
        settle(page)
        said.append(message.inner_text())
        if said[-1].startswith("No technique"):
            break
    assert said[-1] == messages.SOLVED_NOW  # the hint that placed the last digit: the solved moment
    page.click("#hint")
    settle(page)
    assert message.inner_text() == "Solved: there is nothing left to hint."
    solved = state(page)
    assert solved.is_solved
    assert [c.digit for c in solved.cells] == [c.digit for c in solve(puzzle).cells]
    applied = [s for s in said if s.startswith("Hint applied")] + said[-1:]
    shown = [s for s in said if s.startswith("Hint: ")]
    assert len(applied) == len(shown) > 20  # every step shown, then applied
    print(f"\nhard 9x9 solved by {len(applied)} hints")


def test_on_a_phone_a_hint_keeps_grid_and_pad_on_the_first_screen(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    phone = App(context.new_page(), site_url)
    phone.watch(phone.page)
    try:
        page = open_grid(phone, generate("9x9", "hard", seed=2))
        page.tap("#fill")
        settle(page)
        page.tap("#hint")
        settle(page)
        assert page.inner_text("#message").startswith("Hint: ")
        phone.shoot("phone-hint")
        for selector in ("#grid", "#pad"):
            top, bottom, left, right = page.eval_on_selector(selector, BOX)
            assert top >= 0 and bottom <= 740 and left >= 0 and right <= 360, selector
        # New puzzle and its level menu live below, with the shape menu, within the width
        for selector in ("#level", "#new"):
            top, bottom, left, right = page.eval_on_selector(selector, BOX)
            assert top > 740 and right <= 360, selector
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert phone.problems == []
    finally:
        context.close()


def test_the_solution_path_lists_every_step_and_follows_the_grid(app: App) -> None:
    """The Solution path panel lists the walk `gridlinks grade --path` prints, for the grid
    as it is: it follows the player's digits, and names a wrong one instead."""
    from tests.solve.test_hint import GRADED
    from tests.solve.test_solve import from_line

    puzzle = from_line(GRADED)
    page = open_grid(app, puzzle)
    steps = "document.querySelectorAll('#path-list li').length"
    page.click("#path-panel summary")
    page.wait_for_function(f"{steps} === 58", timeout=MADE)
    assert page.inner_text("#path-note") == (
        "Hard: score 680, 58 steps; the hardest step is Skyscraper.")
    assert page.inner_text("#path-list li:first-child") == (
        "Hidden single (14, total 14): In row 5, 8 can only go in r5c5.")

    app.cell(4, 4).click()  # the first step's digit, typed: the path starts after it
    page.keyboard.type("8")
    page.wait_for_function(f"{steps} === 57", timeout=MADE)
    assert page.inner_text("#path-note").startswith("Hard: score 666, 57 steps")

    truth = solve(puzzle)
    wrong = next(d for d in range(1, 10) if d != truth.cells[2].digit
                 and d in puzzle.open_digits(2))
    app.cell(0, 2).click()  # a digit the one solution does not have: named, nothing walked
    page.keyboard.type(str(wrong))
    page.wait_for_function(f"{steps} === 0", timeout=MADE)
    assert page.inner_text("#path-note") == (
        f"Check your digits: r1c3 holds {wrong}, but the one solution has another digit "
        "there: take it out before going on.")
    assert page.get_attribute("#path-note", "data-kind") == "error"


def test_a_long_solution_path_comes_in_stretches_and_goes_on_through_guesses(app: App) -> None:
    """Where no technique applies the path guesses, as HoDoKu's does, and walks on.
    Easter Monster's path opens with a guess and takes the worker tens of seconds of
    forcing nets: the panel shows it as it grows, and Hint answers between two stretches.
    Another grid, opened meanwhile, gets its own path to the end; a closed panel walks
    no further."""
    from pycore.solve.advice import solution_path
    from tests.solve.test_hint import GUESSED_12X12
    from tests.solve.test_solve import HARD_9X9, from_line

    page = open_grid(app, from_line(HARD_9X9["Easter Monster"]))
    steps = "document.querySelectorAll('#path-list li').length"
    page.click("#path-panel summary")
    page.wait_for_function(f"{steps} >= 2", timeout=MADE)
    # HoDoKu's first guess, in the middle open cell
    assert page.inner_text("#path-list li:first-child").startswith(
        "Brute force (10000, total 10000): no technique I know applies here: r5c6 is 4")
    assert page.inner_text("#path-note").startswith("Walking the solution path: ")

    page.click("#hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('No technique')",
                           timeout=MADE)
    assert page.inner_text("#path-note").startswith("Walking the solution path: ")  # still going

    puzzle = links.read(GUESSED_12X12)[1]  # a 12x12 whose path guesses once
    graded = solution_path(puzzle)[1]
    assert graded is not None and graded.hardest == "als-xy-wing"
    assert graded.path[-1].technique == "full-house"
    page.evaluate("f => { location.hash = f }", GUESSED_12X12)
    page.wait_for_function("!document.querySelector('#path-note').textContent.startsWith('Walking')"
                           " && !document.querySelector('#path-note').textContent.startsWith('Working')",
                           timeout=MADE)
    assert page.evaluate(steps) == graded.steps
    assert page.inner_text("#path-note") == (
        f"Extreme: score {graded.score}, {graded.steps} steps, 1 guess where no technique I "
        "know applies here; the hardest step is ALS-XY-wing.")
    guess = next(n for n, step in enumerate(graded.path) if step.technique == "brute-force")
    assert page.inner_text(f"#path-list li:nth-child({guess + 1})").startswith("Brute force (10000, ")
    last = page.inner_text("#path-list li:last-child")
    assert last.startswith("Full house (") and f"total {graded.score})" in last

    page.evaluate("f => { location.hash = f }", links.best(from_line(HARD_9X9["Easter Monster"]))[1])
    page.wait_for_function(f"{steps} >= 1", timeout=MADE)
    page.click("#path-panel summary")  # closed: no stretch is asked for after the one out now
    page.wait_for_timeout(1500)
    shown = page.evaluate(steps)
    page.wait_for_timeout(1500)
    assert page.evaluate(steps) == shown < 100
