"""Other tools in the page: their links open in the paste box, the grid goes out to them,
a QR code of the share link, printing and the SVG download."""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from pycore import links
from pycore.app import messages
from pycore.errors import lost_text
from pycore.formats import tools as exports
from pycore.formats.tools import MAX_TEXT
from pycore.model import Puzzle, candidates
from pycore.render.qr import qr_svg
from pycore.render.svg import render_svg
from tests.web.conftest import ROOT, App, expected_grid, paste, settle
from tests.web.samples import SAMPLES

EXAMPLES = {e["name"]: e for e in json.loads((ROOT / "tests/data/imports/examples.json").read_text())}


def wheel_requests(app: App) -> list[str]:
    return sorted({u.rsplit("/", 1)[-1].split("-")[0] for u in app.requests if "/vendor/wheels/" in u})


def wait_until(page: Page, check: Any, seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        settle(page)  # what the check reads is whole, not half drawn by the worker
        value = check()
        if value or time.monotonic() > deadline:
            return value
        page.wait_for_timeout(50)


def svg_of(data_url: str) -> str:
    head, _, data = data_url.partition(",")
    assert head == "data:image/svg+xml;base64"
    return base64.b64decode(data).decode("utf-8")


def test_links_of_sudokupad_fpuzzles_and_sudokuwiki_open_to_their_grid(app: App) -> None:
    page = app.open()
    assert wheel_requests(app) == []  # nothing optional loads at start-up
    names = ["sudokuwiki UR type 1 start", "f-puzzles innie killer", "sudokupad scl parity fish",
             "sudokuwiki UR type 1 position", "f-puzzles lisudoku example", "puzz.link 9x9",
             "hodoku pm grid with markers", "kangaroo hard2.json"]
    for name in names:
        text = EXAMPLES[name]["text"]
        want = links.read_any(text)
        message = paste(app.page, text)
        assert message.startswith(f"Opened a {want.puzzle.rows}x{want.puzzle.cols} "), (name, message)
        assert f"({want.format} format)" in message, name
        assert app.grid() == expected_grid(want.puzzle), name
        shown = page.eval_on_selector_all("#warnings li", "els => els.map(e => e.textContent)")
        assert shown == list(want.warnings), name
        for recorded in EXAMPLES[name]["warnings"] or []:  # what the examples file expects, by name
            assert any(recorded in w for w in shown), (name, recorded)
        assert page.is_visible("#warnings") == bool(want.warnings)
        assert page.input_value("#open-text") == ""
    # SudokuPad and f-puzzles links are read by pycore itself: no wheel came for them
    assert wheel_requests(app) == []
    app.shoot("tools-imported-kangaroo")


def test_what_no_reader_knows_says_what_the_page_opens_and_the_grid_stays(app: App) -> None:
    page = app.open(links.best(SAMPLES["sudoku9-rich"]())[1])
    before = app.grid()
    message = paste(app.page, "this is not a puzzle at all")
    assert message == messages.NOT_KNOWN  # not the list of every reader's reasons
    assert len(message.splitlines()[0]) <= messages.FIRST_LINE
    assert page.get_attribute("#message", "role") == "alert"
    assert app.grid() == before
    assert page.input_value("#open-text") == "this is not a puzzle at all"  # kept, to be corrected
    assert page.is_hidden("#warnings")
    # a SudokuPad short id: that tool's reader recognised it and says what to do instead
    message = paste(app.page, EXAMPLES["sudokupad short id"]["text"])
    assert message.startswith("That SudokuPad link could not be read.\nIt should have the puzzle itself")
    assert "/api/puzzle/" in message and app.grid() == before
    # one of our own links, cut off on the way: said so, with how much of it is there
    cut = links.link(SAMPLES["sudoku9-rich"](), "offset").split("#", 1)[1][:50]
    message = paste(app.page, f"https://example.com/#{cut}")
    assert message.startswith(messages.CUT_OFF) and "It has 50 of the" in message
    assert app.grid() == before


def test_a_text_over_the_limit_is_refused_before_it_is_read(app: App) -> None:
    page = app.open()
    page.evaluate("n => { document.getElementById('open-text').value = '1'.repeat(n) }", MAX_TEXT + 1)
    page.click("#open")
    settle(page)
    message = page.inner_text("#message")
    assert message == (f"That text is too long to read: {MAX_TEXT + 1:,} characters; the page reads "
                       f"at most {MAX_TEXT:,} (1 MiB).")
    assert page.get_attribute("#message", "role") == "alert"


def open_tools(app: App) -> Page:
    page = app.page
    page.click("#tools-panel summary")
    settle(page)
    page.wait_for_selector("#tool-list li")
    settle(page)
    return page


def notes(page: Page) -> dict[str, str]:
    return dict(page.eval_on_selector_all(
        "#tool-list li", "els => els.map(e => [e.dataset.tool, e.querySelector('.note').textContent])"))


def test_other_tools_panel_says_what_each_cannot_hold_then_opens_or_copies(app: App) -> None:
    puzzle = SAMPLES["sudoku9-rich"]()
    page = app.open(links.best(puzzle)[1])
    context = page.context
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.url)
    opened: list[str] = []

    def elsewhere(route: Route) -> None:  # never the network
        opened.append(route.request.url)
        route.fulfill(body="<p>elsewhere</p>", content_type="text/html")

    for host in ("https://sudokupad.app/**", "https://www.f-puzzles.com/**"):
        context.route(host, elsewhere)
    open_tools(app)
    said = notes(page)
    survey = exports.survey(puzzle)
    assert list(said) == [v.name for v in survey]
    for verdict in survey:
        if verdict.lost:
            assert said[verdict.name] == "Leaves out: " + lost_text(verdict.lost) + ".", verdict.name
        else:
            assert said[verdict.name] == "Holds the whole grid.", verdict.name
    assert said["sudokupad"].startswith("Leaves out:")  # values and pencil marks: said before going

    for name in ("sudokupad", "fpuzzles"):
        button = page.locator(f'#tool-list button[data-export="{name}"][data-action="open"]')
        assert button.get_attribute("aria-describedby") == f"tool-note-{name}"
        with context.expect_page() as popup:
            button.click()
            settle(page)
        tab = popup.value
        tab.wait_for_load_state()
        want = exports.export(name, puzzle, lossy=True)
        assert tab.url == want and opened[-1] == want
        assert page.input_value("#export-text") == want
        tab.close()
    # f-puzzles holds givens, values and centre marks: its link reads back to the same grid
    assert links.read_any(opened[-1]).puzzle == puzzle
    # SudokuPad's classic link holds the givens, and only those
    givens = Puzzle.blank("sudoku", 9).with_cells(
        {i: c for i, c in enumerate(puzzle.cells) if c.kind == "given"})
    assert links.read_any(opened[0]).puzzle == givens

    for name in ("line", "hodoku", "hodoku-library", "kangaroo"):
        page.click(f'#tool-list button[data-export="{name}"]')
        settle(page)
        want = exports.export(name, puzzle, lossy=True)
        wait_until(page, lambda want=want: page.input_value("#export-text") == want)
        assert page.input_value("#export-text") == want, name
        assert page.evaluate("navigator.clipboard.readText()") == want, name
        assert page.inner_text("#export-note").startswith("Copied the "), name

    # a shape no other tool takes: every button is off and each says why
    page.evaluate("f => { location.hash = f }", links.best(SAMPLES["samurai"]())[1])
    wait_until(page, lambda: notes(page).get("line", "").startswith("Cannot hold"))
    for name, note in notes(page).items():
        assert note.startswith("Cannot hold this grid:"), name
    assert page.locator("#tool-list button:enabled").count() == 0
    app.shoot("tools-panel-samurai")


def test_qr_code_of_the_share_link_follows_the_grid(app: App) -> None:
    page = app.open(links.best(SAMPLES["sudoku9-givens"]())[1])
    assert wheel_requests(app) == []
    page.click("#qr-panel summary")
    settle(page)
    page.wait_for_selector("#qr-image[src]")
    settle(page)
    link = page.input_value("#link")
    assert svg_of(page.get_attribute("#qr-image", "src") or "") == qr_svg(link)
    assert wheel_requests(app) == ["segno"]  # only now, and only segno
    assert page.inner_text("#qr-note").startswith(f"The link above, {len(link)} characters")
    # an edit changes the link, and the code follows
    app.cell(0, 1).click()
    settle(app.page)
    page.keyboard.type("4")
    settle(page)
    new = page.input_value("#link")
    assert new != link
    wait_until(page, lambda: svg_of(page.get_attribute("#qr-image", "src") or "") == qr_svg(new))
    assert svg_of(page.get_attribute("#qr-image", "src") or "") == qr_svg(new)
    assert page.get_attribute("#qr-image", "alt") == "QR code of the share link"
    app.shoot("tools-qr")


def test_a_link_too_long_for_a_qr_code_says_so(app: App) -> None:
    # a 25x25 full of pencil marks, in the longest link format
    puzzle = Puzzle.blank("sudoku", 25).with_cells(
        {i: candidates([d for d in range(1, 26) if (d * 7 + i) % 3]) for i in range(625)})
    page = app.open(links.best(puzzle)[1])
    page.select_option("#format", "bitcell")
    settle(page)
    link = page.input_value("#link")
    assert len(link.encode()) > 2953
    page.click("#qr-panel summary")
    settle(page)
    page.wait_for_function("() => document.getElementById('qr-note').textContent.startsWith('No QR')")
    settle(page)
    assert page.inner_text("#qr-note") == (
        f"No QR code: qr: expected a link of at most 2953 bytes to fit a QR code, found {len(link)} bytes.")
    assert page.is_hidden("#qr-image")
    # a shorter format fits again
    page.select_option("#format", "compact")
    settle(page)
    page.wait_for_selector("#qr-image[src]")
    settle(page)
    assert svg_of(page.get_attribute("#qr-image", "src") or "") == qr_svg(page.input_value("#link"))


def printed_and_downloaded(app: App, puzzle: Puzzle, name: str, tmp_path: Path) -> None:
    page = app.page
    page.evaluate("""() => { window.__printed = [];
        const image = document.getElementById('print-image');
        window.print = () => window.__printed.push([document.body.dataset.print, image.src, image.complete])
    }""")
    page.click("#print")
    settle(page)
    page.wait_for_function("() => window.__printed.length === 1")
    settle(page)
    mark, src, complete = page.evaluate("window.__printed[0]")
    assert mark == "svg" and complete
    assert svg_of(src) == render_svg(puzzle)
    assert page.evaluate("document.body.dataset.print") is None  # back to the page after printing
    page.emulate_media(media="print")
    page.evaluate("document.body.dataset.print = 'svg'")
    app.shoot(f"print-{name}")
    assert page.is_visible("#print-image") and page.is_hidden("#grid")
    page.evaluate("delete document.body.dataset.print")
    assert page.is_visible("#grid") and page.is_hidden("#pad") and page.is_hidden("#tools-panel")
    page.emulate_media(media="screen")

    with page.expect_download() as download:
        page.click("#download-svg")
        settle(page)
    saved = tmp_path / f"{name}.svg"
    download.value.save_as(saved)
    assert download.value.suggested_filename == f"{puzzle.kind}-{puzzle.rows}x{puzzle.cols}.svg"
    assert saved.read_text(encoding="utf-8") == render_svg(puzzle)


@pytest.mark.parametrize("sample", ["str8ts6", "samurai", "sudoku9-rich"])
def test_print_and_download_the_grid_as_svg(app: App, sample: str, tmp_path: Path) -> None:
    puzzle = SAMPLES[sample]()
    app.open(links.best(puzzle)[1])
    printed_and_downloaded(app, puzzle, sample, tmp_path)


@pytest.mark.parametrize("width", [320, 1280])
def test_the_new_panels_fit_the_screen(app: App, width: int) -> None:
    page = app.page
    page.set_viewport_size({"width": width, "height": 900})
    app.open(links.best(SAMPLES["sudoku9-rich"]())[1])
    paste(app.page, EXAMPLES["f-puzzles innie killer"]["text"])
    page.click("#qr-panel summary")
    settle(page)
    page.wait_for_selector("#qr-image[src]")
    settle(page)
    open_tools(app)
    page.click('#tool-list button[data-export="line"]')
    settle(page)
    page.wait_for_selector("#export-field:not([hidden])")
    settle(page)
    wider = page.evaluate("""w => [...document.querySelectorAll('.more *, .message-area *, #open-text')]
        .filter(e => e.getBoundingClientRect().right > w + 0.5).map(e => e.id || e.className || e.tagName)""",
                          width)
    assert wider == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    app.shoot(f"tools-{width}px")
