"""Bad links, keyboard-only use, and a page that asks nothing of any other host."""

from __future__ import annotations

from urllib.parse import urlsplit

from pycore import links
from pycore.app import messages
from pycore.site import PYODIDE_FILES
from tests.web.conftest import App, expected_grid, settle
from tests.web.samples import SAMPLES, cut_to_a_grid_with_no_solution


def test_a_bad_link_says_what_is_wrong_and_where_and_the_page_stays_usable(app: App) -> None:
    page = app.open("o:00zz!!")
    message = page.locator("#message")
    assert message.get_attribute("role") == "alert"
    text = message.inner_text()
    assert text.startswith("This link has a character that does not belong in it.")
    assert "Character 5 is 'z'" in text  # which one, counted from after the #
    assert len(app.grid()) == 81  # a blank grid to work on instead
    app.cell(4, 4).click()
    settle(app.page)
    page.keyboard.type("8")
    settle(page)
    assert app.cell(4, 4).get_attribute("data-kind") == "given"
    before = app.grid()

    good = links.link(SAMPLES["sudoku9-rich"](), "jcode", base=app.url)
    for bad, words in ((good[:-5], "This link looks cut off"),
                       (app.url + "#x:12", "Character 1 is 'x'"),
                       ("{\"kind\": \"sudoku\"", "That JSON text could not be read.")):
        page.fill("#open-text", bad)
        settle(page)
        page.press("#open-text", "Enter")
        settle(page)
        assert words in message.inner_text(), bad
        assert app.grid() == before  # the grid on screen stays as it was
        assert page.input_value("#open-text") == bad  # kept, to be corrected
    page.fill("#open-text", good)
    settle(page)
    page.press("#open-text", "Enter")
    settle(page)
    assert message.get_attribute("role") == "status"
    assert app.grid() == expected_grid(SAMPLES["sudoku9-rich"]())


def test_a_compact_link_cut_into_a_grid_with_no_solution_opens_and_says_it_may_be_cut_off(app: App) -> None:
    cut, opened = cut_to_a_grid_with_no_solution(SAMPLES["sudoku9-rich"]())
    page = app.open(cut)
    assert app.grid() == expected_grid(opened)  # it opens: the grid is what the text holds
    message = page.locator("#message")
    page.wait_for_function("document.getElementById('message').innerText.includes('No solution')")
    settle(page)
    assert message.inner_text() == "No solution fits: was the link cut off?"
    assert message.get_attribute("role") == "alert"
    # the whole link says no such thing (this sample's givens have several solutions: that
    # is said, as of any link whose puzzle has them)
    page.evaluate("f => { location.hash = f }", links.fragment(SAMPLES["sudoku9-rich"](), "compact"))
    page.wait_for_function("(w) => document.getElementById('message').innerText === w",
                           arg=messages.SEVERAL)
    assert "No solution" not in message.inner_text()
    assert app.grid() == expected_grid(SAMPLES["sudoku9-rich"]())
    # pasted into the open box, the cut link is doubted the same way
    page.fill("#open-text", cut)
    settle(page)
    page.press("#open-text", "Enter")
    settle(page)
    page.wait_for_function("document.getElementById('message').innerText.includes('No solution')")
    settle(page)
    assert app.grid() == expected_grid(opened)
    # a tagged link's length tells a cut one: a whole one with no solution opens, and that
    # no solution fits is said as a fact, not as a damaged link
    no_solution = SAMPLES["str8ts6"]()
    page.evaluate("f => { location.hash = f }", links.fragment(no_solution, "str8ts"))
    page.wait_for_function("(w) => document.getElementById('message').innerText === w",
                           arg=messages.NO_SOLUTION_FITS)
    assert message.get_attribute("role") == "status"


def test_keyboard_only(app: App) -> None:
    page = app.open()
    for _ in range(40):  # Tab through the controls until the grid's cell has the focus
        page.keyboard.press("Tab")
        settle(page)
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    focused = page.evaluate("[document.activeElement.dataset.row, document.activeElement.dataset.col]")
    assert focused == ["0", "0"]
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "1", "ArrowDown", "z", "2", "ArrowDown",
                "c", "3", "4", "ArrowLeft", "z", "9", "Backspace", "g", "7", "Control+z"):
        page.keyboard.press(key)
        settle(page)
    shown = {(r, c): (kind, text) for r, c, kind, text in app.grid() if kind != "empty"}
    assert shown == {(1, 2): ("given", "1"), (2, 2): ("value", "2"), (3, 2): ("candidates", "3 4")}
    assert page.evaluate("document.activeElement.dataset.row") == "3"  # focus follows the cursor
    assert page.evaluate("document.activeElement.dataset.col") == "1"
    page.keyboard.press("Control+y")
    settle(page)
    assert app.cell(3, 1).text_content() == "7"
    # every control has a name a screen reader can say
    unnamed = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
        .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
        .map(e => e.outerHTML.slice(0, 60))""")
    assert unnamed == []
    assert app.cell(3, 1).get_attribute("aria-label") == "Row 4, column 2: given 7"


def test_every_request_goes_to_the_page_origin(app: App) -> None:
    app.open(links.best(SAMPLES["samurai"]())[1])
    origin = urlsplit(app.url)
    asked = [urlsplit(u.removeprefix("blob:")) for u in app.requests]  # blob: the worker's start
    assert asked and all((u.scheme, u.netloc) == (origin.scheme, origin.netloc) for u in asked)
    paths = {u.path.rsplit("/", 1)[-1] for u in asked}
    assert set(PYODIDE_FILES) - {"pyodide-lock.json"} <= paths  # the runtime came from here too
    assert any(name.startswith("main.") and name.endswith(".py") for name in paths)  # the page's script
    wasm = app.page.request.get(next(u.geturl() for u in asked if u.path.endswith(".wasm")))
    assert wasm.headers["content-type"] == "application/wasm"
    assert "default-src 'self'" in wasm.headers["content-security-policy"]
