"""Nothing lost, whatever the order of tabs, Undo, reopening, pasting and reloading: every
digit a player has seen on the screen can be found again from the recent list.

Each test plays one way a grid used to be lost: Undo after switching grids, two tabs in
one slot, a still-open tab's grid trimmed by another tab; and what the page says when the
browser will not save (storage blocked, full, then freed) or when it doubts a cut link.
"""

from __future__ import annotations

from playwright.sync_api import Page

from pycore import links
from pycore.app import persist
from pycore.model import Puzzle, value
from tests.web.conftest import READY, START_TIMEOUT, App, expected_grid, settle
from tests.web.samples import SAMPLES, cut_to_a_grid_with_no_solution
from tests.web.test_offline import FULL_STORAGE, fragment, recent, saved_state

SAVED_JS = """() => Object.entries(localStorage)
    .filter(([k]) => k.startsWith('pycore:slot:')).map(([k, v]) => JSON.parse(v).state)"""


def saved_grids(page: Page) -> list[Puzzle]:
    """Every grid this browser keeps (what the recent list offers), read back."""
    return [links.read(state)[1] for state in page.evaluate(SAVED_JS)]


def type_at(page: Page, row: int, col: int, digit: str) -> None:
    page.locator(f'#grid [data-row="{row}"][data-col="{col}"]').click()
    settle(page)
    page.keyboard.type(digit)
    settle(page)


def undo(page: Page) -> None:
    """Ctrl+Z on the grid, as a keyboard player presses it (on the cell the cursor is on)."""
    page.locator('#grid [tabindex="0"]').press("Control+z")
    settle(page)


def givens() -> Puzzle:
    return SAMPLES["sudoku9-givens"]()


def test_keep_my_saved_progress_then_undo_keeps_the_progress(app: App) -> None:
    page = app.open(fragment("sudoku9-givens"))
    for col, digit in ((1, "4"), (2, "6"), (3, "8")):
        type_at(page, 0, col, digit)
    progress = givens().with_cells({1: value(4), 2: value(6), 3: value(8)})
    assert saved_state(page) == progress
    times = page.evaluate("() => Object.entries(localStorage).filter(([k]) => k.startsWith("
                          "'pycore:slot:')).map(([k, v]) => JSON.parse(v).time - Date.now())")
    assert times and all(-60_000 < t <= 0 for t in times)  # saved now, by the browser's clock

    app.open(fragment("sudoku9-givens"))  # the original link again: the page asks
    assert page.is_visible("#ask")
    page.click("#ask-saved")
    settle(page)
    assert app.grid() == expected_grid(progress)
    app.cell(5, 5).click()
    settle(app.page)
    undo(page)
    assert app.grid() == expected_grid(progress)  # nothing to undo in this grid yet
    assert page.is_disabled("#undo")
    type_at(page, 8, 7, "3")
    more = progress.with_cell(79, value(3))
    assert saved_state(page) == more
    assert more in saved_grids(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    assert app.grid() == expected_grid(more)


def test_undo_after_reopening_from_the_list_or_opening_a_link_keeps_every_grid(app: App) -> None:
    page = app.open(fragment("sudoku9-givens"))
    type_at(page, 0, 1, "4")
    sudoku = givens().with_cell(1, value(4))
    # another puzzle, pasted in the same tab, played, then Undo: the sudoku is not put back in its slot
    page.fill("#open-text", links.link(SAMPLES["str8ts6"](), base=app.url))
    settle(page)
    page.press("#open-text", "Enter")
    settle(page)
    type_at(page, 2, 2, "5")
    str8ts = saved_state(page)
    address = page.evaluate("location.hash.slice(1)")  # the str8ts's link as the page makes it
    undo(page)
    undo(page)
    assert app.grid() == expected_grid(SAMPLES["str8ts6"]())  # its own edit undone, no further
    type_at(page, 2, 3, "2")
    str8ts_now = saved_state(page)
    address = page.evaluate("location.hash.slice(1)")
    # the sudoku reopened from the list, then Undo: nothing of the str8ts comes over it
    page.click(f"#recent-list button:text-is({persist.label(sudoku)!r})")
    settle(page)
    assert app.grid() == expected_grid(sudoku)
    undo(page)
    assert app.grid() == expected_grid(sudoku)
    type_at(page, 0, 2, "6")
    # the same link opened in the address bar, then Undo
    app.open(address)
    undo(page)
    assert app.grid() == expected_grid(str8ts_now)
    kept = saved_grids(page)
    assert sudoku.with_cell(2, value(6)) in kept
    assert str8ts_now in kept
    assert str8ts != str8ts_now and len(kept) == 2


def test_two_tabs_on_one_link_type_different_digits_and_one_closes(app: App) -> None:
    one = app.open(fragment("sudoku9-givens"))
    two = app.watch(one.context.new_page())
    app.open(fragment("sudoku9-givens"), page=two)
    type_at(one, 0, 1, "4")
    type_at(two, 0, 2, "7")
    type_at(one, 0, 3, "5")
    type_at(two, 0, 4, "9")
    mine, theirs = saved_state(one), saved_state(two)
    assert mine == givens().with_cells({1: value(4), 3: value(5)})
    assert theirs == givens().with_cells({2: value(7), 4: value(9)})
    assert "another tab" in two.inner_text("#message")  # the second writer forked, and says so
    two.close()
    assert {mine, theirs} <= set(saved_grids(one))
    one.wait_for_function("document.querySelectorAll('#recent-list button').length === 2")

    # two tabs on the bare address: both reopen the grid saved last, both keep theirs
    three = app.watch(one.context.new_page())
    four = app.watch(one.context.new_page())
    app.open(page=three)
    app.open(page=four)
    assert app.grid(three) == app.grid(four) == expected_grid(theirs)
    type_at(three, 1, 0, "1")
    type_at(four, 1, 2, "2")
    three.close()
    four.close()
    kept = saved_grids(one)
    assert theirs.with_cell(9, value(1)) in kept and theirs.with_cell(11, value(2)) in kept
    assert mine in kept


def test_an_open_tabs_grid_is_never_dropped_from_the_list_by_another_tab(app: App) -> None:
    one = app.open(fragment("sudoku9-givens"))
    type_at(one, 0, 1, "4")
    mine = saved_state(one)
    # twenty newer grids saved by other tabs (written here, as their tabs would)
    now = one.evaluate("Date.now()")
    entries = {}
    for n in range(persist.MAX_RECENT):
        grid = SAMPLES["str8ts6"]().with_cell(14, value(1 + n % 6)).with_cell(15, value(1 + n // 6))
        entry = persist.Entry(f"other{n}", links.share(grid).fragment, "k", now + 1000 + n, "other")
        entries[persist.PREFIX + entry.slot] = entry.dump()
    one.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v) }",
                 entries)
    two = app.watch(one.context.new_page())
    app.open(fragment("str8ts6"), page=two)
    type_at(two, 2, 2, "5")  # a save: the list is trimmed to twenty, but not of tab one's grid
    assert mine in saved_grids(two)
    assert len(saved_grids(two)) == persist.MAX_RECENT
    one.close()  # the grid was still there when its tab closed: it stays in the list
    assert mine in saved_grids(two)


BLOCKED_STORAGE = """Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""


def test_blocked_storage_says_so_once_and_the_address_bar_keeps_the_grid(app: App) -> None:
    app.page.add_init_script(BLOCKED_STORAGE)
    page = app.open(fragment("sudoku9-givens"))
    type_at(page, 0, 1, "4")
    edited = givens().with_cell(1, value(4))
    assert saved_state(page) == edited  # the address bar: the only copy
    assert page.is_visible("#recent-note")
    assert page.inner_text("#recent-note").startswith(
        "This browser does not let the page save anything (site data is off)")
    assert recent(page) == []  # nothing listed as if it were saved
    type_at(page, 0, 2, "6")
    assert page.inner_text("body").count("site data is off") == 1 and recent(page) == []


def test_a_freed_storage_saves_again_and_the_note_goes(app: App) -> None:
    app.page.add_init_script(FULL_STORAGE)
    page = app.open(fragment("sudoku9-givens"))
    page.evaluate("window.full = true")
    type_at(page, 0, 1, "4")
    page.wait_for_function("document.getElementById('recent-note').textContent !== ''")
    page.evaluate("window.full = false")  # the player made room
    type_at(page, 0, 2, "6")
    page.wait_for_function("document.getElementById('recent-note').textContent === ''")
    assert givens().with_cells({1: value(4), 2: value(6)}) in saved_grids(page)


def test_a_doubted_cut_link_is_not_what_the_bare_address_reopens(app: App) -> None:
    page = app.open(fragment("str8ts6"))
    type_at(page, 2, 2, "5")
    mine = saved_state(page)
    cut, opened = cut_to_a_grid_with_no_solution(SAMPLES["sudoku9-rich"]())
    doubted = app.watch(page.context.new_page())
    app.open(cut, page=doubted)
    assert app.grid(doubted) == expected_grid(opened)
    doubted.wait_for_function("document.getElementById('message').innerText.includes('No solution')")
    assert opened in saved_grids(doubted)  # seen on the screen: still in the list
    fresh = app.watch(page.context.new_page())
    app.open(page=fresh)
    assert app.grid(fresh) == expected_grid(mine)
    assert persist.label(opened) in recent(fresh)  # one click away all the same


def test_the_recent_list_names_a_puzzle_by_its_title(app: App) -> None:
    """Two grids of one shape told apart by their setters' titles: a long title is cut,
    and a right-to-left override in it does not turn the list's words around."""
    titled = givens().with_info("Miracle \u202eof the week " + "x" * 60, "Setter", "Normal rules")
    page = app.open(links.share(titled).fragment)
    type_at(page, 0, 1, "4")
    played = titled.with_cell(1, value(4))
    assert saved_state(page) == played
    fresh = app.watch(page.context.new_page())
    app.open(page=fresh)
    shown = persist.label(played)
    assert shown.startswith("\u201cMiracle of the week xxx") and "\u202e" not in shown
    assert shown in recent(fresh)
    fresh.click(f"#recent-list button:text-is({shown!r})")
    settle(fresh)
    assert app.grid(fresh) == expected_grid(played)
