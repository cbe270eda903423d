"""Hostile input in the page: decoded text shows only as text, nothing it carries
runs, the Content-Security-Policy forbids inline script even without the server's header,
bad input never replaces the grid, the saved grid or the address bar's last good link,
and over-long input is refused before it is read."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Dialog, Page, Route

from pycore import links, site, to_json
from pycore.app import messages
from pycore.errors import FormatError, PuzzleError, quoted
from pycore.formats._lzstring import compress_to_base64
from pycore.links import MAX_LINK
from pycore.model import given
from tests.web.conftest import READY, START_TIMEOUT, App, expected_grid, failed_to_open, paste, settle
from tests.web.samples import SAMPLES

PWN = "window.__pwned=1;alert(1)"
PAYLOADS = {
    "script": f"<script>{PWN}</script>",
    "javascript": f"javascript:{PWN}",
    "attribute": f'" onmouseover="{PWN}" x="',
    "img": f'<img src=x onerror="{PWN}">',
}
PAGE_IMAGES = {"qr-image", "print-image"}  # the page's own <img> elements
# the page's own Python element, under its hashed name: once started, the heavy worker's
# web/heavy/heavy.py (<script type="py" worker>; the page's own Python runs in a plain worker)
PAGE_PYTHON = re.compile(r"SCRIPT /assets/heavy\.[0-9a-f]+\.py")

# What must hold after any hostile input: nothing ran, and nothing became markup. Once
# PyScript's core is loaded (for the heavy worker), it would also run a <script type="py">
# (or "mpy", or a <py-script> element) that appeared in the page, and wire py-*/mpy-* event
# attributes, whatever the Content-Security-Policy says: none may appear beyond the page's own.
STATE_JS = """() => ({
    pwned: window.__pwned === undefined ? null : window.__pwned,
    // the page's scripts; the heavy worker's <script type="py">, added whenever the worker
    // starts, is checked under `python`
    scripts: [...document.scripts].filter(s => !/^\\s*m?py\\s*$/i.test(s.type))
        .map(s => s.src ? new URL(s.src).pathname : s.type),
    images: [...document.images].map(i => i.id),
    handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]
        .filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name)),
    jsLinks: [...document.querySelectorAll('[href], [src]')]
        .map(e => e.getAttribute('href') || e.getAttribute('src')).filter(u => /^\\s*javascript:/i.test(u)),
    python: [...document.querySelectorAll('script, py-script, mpy-script, py-config, mpy-config')]
        .filter(s => s.tagName !== 'SCRIPT' || /^\\s*m?py\\s*$/i.test(s.type))
        .map(s => s.tagName + ' ' + (s.getAttribute('src') ? new URL(s.src).pathname : 'inline')),
    pyAttributes: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]
        .filter(a => /^m?py-/i.test(a.name)).map(a => e.tagName + ' ' + a.name)),
    markup: ['#message', '#warnings li', '#share-note', '#export-note', '#qr-note', '#tool-list .note']
        .flatMap(s => [...document.querySelectorAll(s)]).filter(e => e.childElementCount > 0).map(e => e.id),
})"""


@pytest.fixture
def guarded(app: App) -> Iterator[tuple[App, list[str]]]:
    """The app with every dialog recorded (and dismissed): a dialog is a payload that ran."""
    dialogs: list[str] = []

    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    app.page.on("dialog", record)
    yield app, dialogs
    assert dialogs == []


def assert_nothing_ran(page: Page, scripts: list[str]) -> None:
    # pass the mouse over every text the page shows, for any onmouseover that slipped in
    for selector in ("#message", "#warnings li", "#share-note", "#tool-list .note"):
        for el in page.locator(selector).all():
            if el.is_visible():
                el.hover()
    state = page.evaluate(STATE_JS)
    assert state["pwned"] is None
    assert state["scripts"] == scripts
    python = state["python"]
    assert all(PAGE_PYTHON.fullmatch(s) for s in python) and len(set(python)) == len(python) <= 1, python
    assert state["pyAttributes"] == []
    assert set(state["images"]) <= PAGE_IMAGES
    assert state["handlers"] == [] and state["jsLinks"] == [] and state["markup"] == []


def scripts_of(page: Page) -> list[str]:
    result: list[str] = page.evaluate(STATE_JS)["scripts"]
    return result


def test_links_whose_fragment_carries_markup_or_script_run_nothing(guarded: tuple[App, list[str]]) -> None:
    app, _ = guarded
    fragments = [p for payload in PAYLOADS.values() for p in (payload, f"o:{payload}", f"j:{payload}",
                                                              f"b:{payload}", quote(payload))]
    page = app.open(fragments[0])
    scripts = scripts_of(page)
    message = page.inner_text("#message")
    assert failed_to_open(message)
    assert page.get_attribute("#message", "role") == "alert"
    assert len(app.grid()) == 81 and all(kind == "empty" for _, _, kind, _ in app.grid())
    assert_nothing_ran(page, scripts)

    good = SAMPLES["sudoku9-rich"]()
    page.evaluate("f => { location.hash = f }", links.best(good)[1])
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Opened')")
    settle(page)
    last_good = page.evaluate("location.hash")
    for fragment in fragments[1:]:
        page.evaluate("() => { document.getElementById('message').textContent = '' }")
        page.evaluate("f => { location.hash = f }", fragment)
        page.wait_for_function("() => document.getElementById('message').textContent !== ''")
        settle(page)
        assert failed_to_open(page.inner_text("#message")), fragment
        assert app.grid() == expected_grid(good), fragment  # the grid stays
        assert page.evaluate("location.hash") == last_good, fragment  # and so does its link
        assert_nothing_ran(page, scripts)


def hostile_fpuzzles() -> str:
    data: dict[str, Any] = {
        "size": 9, "title": PAYLOADS["script"], "author": PAYLOADS["attribute"], "ruleset": PAYLOADS["img"],
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": PAYLOADS["img"]}],
        PAYLOADS["img"]: [1], PAYLOADS["javascript"]: True,
    }
    data["grid"][0][0] = {"value": 5, "given": True}
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))


def hostile_sudokupad() -> str:
    data = {"id": PAYLOADS["script"], "title": PAYLOADS["script"], "author": PAYLOADS["img"],
            "rules": PAYLOADS["attribute"], "cells": [[{"value": 7}] + [{}] * 8] + [[{}] * 9] * 8,
            "metadata": {"title": PAYLOADS["javascript"]}}
    return "https://sudokupad.app/scl" + compress_to_base64(json.dumps(data))


def hostile_json() -> str:
    data = to_json(SAMPLES["sudoku9-givens"]())
    data["title"] = PAYLOADS["script"]
    data[PAYLOADS["img"]] = PAYLOADS["attribute"]
    return json.dumps(data)


# (text, whether it opens): each carries every payload somewhere a reader looks
PASTES = {
    "f-puzzles strings and constraint names": (hostile_fpuzzles(), True),
    "sudokupad title, author, rules": (hostile_sudokupad(), True),
    "json puzzle text with extra keys": (hostile_json(), False),  # refused by our JSON form, as text
    "json with a markup kind": (json.dumps({"kind": PAYLOADS["img"], "size": 9, "cells": PAYLOADS["script"]}),
                                False),
    "f-puzzles cell value": (json.dumps({"size": 9, "grid": [[{"value": PAYLOADS["img"]}] * 9] * 9}), False),
    "hodoku library line": (":0000:1:" + PAYLOADS["script"] + PAYLOADS["img"] + "::", False),
    "hodoku grid": (".---------.\n| " + PAYLOADS["attribute"] + " |\n'---------'", False),
    "bare payloads": ("\n".join(PAYLOADS.values()), False),
}


def test_the_check_flags_python_that_appears_in_a_page(page: Page) -> None:
    """What the checks above would see if input ever became Python for PyScript to run."""
    page.set_content('<script type="py">print(1)</script><script type="mpy" src="http://localhost/x.py"></script>'
                     '<py-script></py-script><p py-click="f" mpy-pointerdown="g">text</p>')
    state = page.evaluate(STATE_JS)
    assert state["python"] == ["SCRIPT inline", "SCRIPT /x.py", "PY-SCRIPT inline"]
    assert state["pyAttributes"] == ["P py-click", "P mpy-pointerdown"]


def test_pasted_texts_carrying_markup_show_it_only_as_text(guarded: tuple[App, list[str]]) -> None:
    app, _ = guarded
    page = app.open()
    scripts = scripts_of(page)
    for name, (text, opens) in PASTES.items():
        want = links.read_any(text) if opens else None
        message = paste(page, text)
        if want is None:
            with pytest.raises((FormatError, PuzzleError)) as refused:
                links.read_any(text)
            assert message == messages.pasting(refused.value, text), name
            assert page.get_attribute("#message", "role") == "alert"
        else:
            assert message.startswith("Opened a 9x9 sudoku"), (name, message)
            assert app.grid() == expected_grid(want.puzzle), name
            shown = page.eval_on_selector_all("#warnings li", "els => els.map(e => e.textContent)")
            assert shown == list(want.warnings), name
        assert_nothing_ran(page, scripts)
    # the f-puzzles constraint named by markup is reported by that name, as text
    text, _ = PASTES["f-puzzles strings and constraint names"]
    paste(page, text)
    shown = page.eval_on_selector_all("#warnings li", "els => els.map(e => e.textContent)")
    assert any(quoted(PAYLOADS["img"]) in w for w in shown)
    assert any(quoted(PAYLOADS["javascript"]) in w for w in shown)
    # and the other tools panel, QR and exports of that grid are text and images only
    page.click("#tools-panel summary")
    settle(page)
    page.wait_for_selector("#tool-list li")
    settle(page)
    page.click('#tool-list button[data-export="hodoku"]')
    settle(page)
    page.wait_for_selector("#export-field:not([hidden])")
    settle(page)
    page.click("#qr-panel summary")
    settle(page)
    page.wait_for_selector("#qr-image[src^='data:image/svg+xml;base64,']")
    settle(page)
    assert_nothing_ran(page, scripts)


def strip_csp(route: Route) -> None:
    """The page as a host that sends no Content-Security-Policy header would serve it."""
    answer = route.fetch()
    headers = {k: v for k, v in answer.headers.items() if k.lower() != "content-security-policy"}
    route.fulfill(response=answer, headers=headers)


@pytest.mark.parametrize("header", [True, False], ids=["header", "meta-only"])
def test_the_policy_forbids_inline_script_even_from_the_meta_tag_alone(app: App, header: bool) -> None:
    page = app.page
    if not header:
        page.route(app.url, strip_csp)
    answer = page.goto(app.url)
    assert answer is not None
    assert ("content-security-policy" in answer.headers) == header
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)  # PyScript runs under it
    settle(page)
    assert page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content") == site.meta_csp()
    page.evaluate("""() => {
        window.__violations = [];
        document.addEventListener('securitypolicyviolation',
                                  e => window.__violations.push(e.violatedDirective));
    }""")
    page.evaluate("""() => {
        const add = (tag, props) =>
            document.body.appendChild(Object.assign(document.createElement(tag), props));
        add('script', {textContent: 'window.__pwned = 1'});          // inline script
        const b = add('button', {});
        b.setAttribute('onclick', 'window.__pwned = 2'); b.click();  // an event-handler attribute
        add('a', {href: 'javascript:window.__pwned = 3'}).click();    // a javascript: link
        add('script', {src: 'https://example.org/x.js'});           // another host's script
    }""")
    page.wait_for_function("() => window.__violations.length >= 4")
    settle(page)
    assert page.evaluate("window.__pwned") is None
    assert sorted(set(page.evaluate("window.__violations"))) == ["script-src-attr", "script-src-elem"]
    # the browser reports each refusal as a console error: expected here, and only these
    app.problems[:] = [p for p in app.problems if "Content Security Policy" not in p]
    app.requests[:] = [u for u in app.requests if not u.startswith("https://example.org/")]


def test_a_format_that_cannot_hold_the_grid_keeps_the_last_good_link(app: App) -> None:
    samurai = SAMPLES["samurai"]()
    page = app.open(links.best(samurai)[1])
    last_good = page.evaluate("location.hash")
    page.select_option("#format", "offset")  # offset holds no multi-grid layout
    settle(page)
    assert page.input_value("#link") == ""
    note = page.inner_text("#share-note")  # in a player's words: no format internals
    assert note.startswith("This link format cannot hold a grid of overlapping boxes like this one.")
    assert page.evaluate("location.hash") == last_good
    assert links.read(page.evaluate("location.href"))[1] == samurai
    # an edit still reaches the address bar, losslessly, while the menu says offset
    app.cell(0, 1).click()
    settle(app.page)
    page.keyboard.press("g")  # an opened puzzle: Givens is asked for, and a second G says yes
    page.keyboard.press("g")
    settle(page)
    page.keyboard.type("2")
    settle(page)
    edited = samurai.with_cell(1, given(2))
    assert links.read(page.evaluate("location.href"))[1] == edited
    assert page.input_value("#link") == ""
    # a link typed into the address bar still opens while the menu names a format that fails
    other = SAMPLES["sudoku9-givens"]()
    page.evaluate("f => { location.hash = f }", links.best(other)[1])
    page.wait_for_function("(w) => ['Opened a 9x9', w].some((t) => "
                           "document.getElementById('message').textContent.startsWith(t))",
                           arg=messages.SEVERAL)  # its givens have several solutions: said
    settle(page)
    assert app.grid() == expected_grid(other)
    page.go_back()  # and the samurai's link is one step back in the history
    page.wait_for_function("(w) => ['Opened a Samurai', w].some((t) => "
                           "document.getElementById('message').textContent.startsWith(t))",
                           arg=messages.SEVERAL)
    settle(page)
    assert app.grid() == expected_grid(edited)

    # a format that holds the grid only in part: the link box says what it drops, the
    # address bar keeps the whole grid
    rich = SAMPLES["sudoku9-rich"]()
    page.select_option("#format", "")
    settle(page)
    page.evaluate("f => { location.hash = f }", links.best(rich)[1])
    page.wait_for_function("(w) => ['Opened a 9x9', w].some((t) => "
                           "document.getElementById('message').textContent.startsWith(t))",
                           arg=messages.SEVERAL)  # its givens have several solutions: said
    settle(page)
    page.select_option("#format", "str8ts")
    settle(page)
    assert "This link format cannot keep" in page.inner_text("#share-note")
    assert links.read(page.input_value("#link"))[1] != rich
    assert links.read(page.evaluate("location.href"))[1] == rich


def test_over_long_links_are_refused_before_they_are_read(app: App) -> None:
    fragment = "o:" + "0" * (MAX_LINK + 1)
    page = app.open(fragment)
    message = page.inner_text("#message")
    assert failed_to_open(message)
    assert len(app.grid()) == 81


# What the browser keeps of the grids (not the leases, which say which tab is open now)
SAVED_ITEMS = """JSON.stringify(Object.entries(localStorage)
    .filter(([k]) => !k.startsWith('pycore:lease:')).sort())"""


def test_hostile_input_never_replaces_the_saved_grid(guarded: tuple[App, list[str]]) -> None:
    app, _ = guarded
    page = app.open(links.best(SAMPLES["str8ts6"]())[1])
    app.cell(2, 2).click()
    settle(app.page)
    page.keyboard.type("5")
    settle(page)
    edited = links.read(page.evaluate("location.href"))[1]
    saved = page.evaluate(SAVED_ITEMS)
    assert saved != "[]"
    for text, _ in (v for k, v in PASTES.items() if not v[1]):
        paste(page, text)
    for payload in PAYLOADS.values():
        page.evaluate("f => { location.hash = f }", payload)
        page.wait_for_function("() => document.getElementById('message').dataset.kind === 'error'")
        settle(page)
    assert page.evaluate(SAVED_ITEMS) == saved
    assert app.grid() == expected_grid(edited)
    assert links.read(page.evaluate("location.href"))[1] == edited
    # a fresh visit with a hostile link: the saved grid reopens, the link's error stays
    page.goto("about:blank")
    page.goto(app.url + "#" + PAYLOADS["img"])
    page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
    settle(page)
    assert failed_to_open(page.inner_text("#message"))
    assert app.grid() == expected_grid(edited)
    assert page.evaluate(SAVED_ITEMS) == saved
