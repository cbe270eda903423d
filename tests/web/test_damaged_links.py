"""Every cut of three real links, pasted into the page: each is refused, or opens with a
word that the link may be damaged (its progress has lost its check mark; no solution or
several fit its givens), exactly as the core judges it (`benchmarks.damage`, the rates in
docs/performance.md); a cut the core cannot tell from a whole link opens without a word."""

from __future__ import annotations

import random

from playwright.sync_api import Page

from benchmarks.damage import judge, mid_solve, top95
from pycore import links
from pycore.app import messages
from pycore.model import Puzzle
from tests.web.conftest import App, paste

SAID = {"unchecked": messages.UNCHECKED, "no solution": messages.DOUBT, "several": messages.SEVERAL}


def real_links() -> list[tuple[str, Puzzle]]:
    """A top95 puzzle's link, the same puzzle mid-solve, and a second top95 puzzle."""
    real = top95()
    chosen = [real[0], mid_solve(real[0], random.Random(5)), real[1]]
    out = []
    for puzzle in chosen:
        shared = links.shares(puzzle).lossless
        assert shared is not None
        out.append((shared.fragment, puzzle))
    return out


def answer(page: Page, verdict: str) -> str:
    """The page's last word on a pasted text once it has settled on the verdict expected
    (the doubt comes from the heavy worker, after the "Opened" line)."""
    if verdict in SAID:
        page.wait_for_function("(words) => document.getElementById('message').textContent === words",
                               arg=SAID[verdict], timeout=20_000)
    elif verdict == "silent":
        page.wait_for_timeout(1500)  # time for a doubt that should not come
    return page.inner_text("#message")


def test_every_cut_of_three_real_links_is_refused_or_said(app: App) -> None:
    page = app.open()
    counted = {"refused": 0, "unchecked": 0, "no solution": 0, "several": 0, "silent": 0}
    for fragment, puzzle in real_links():
        before = messages.doubt(puzzle)
        assert before is None  # a real puzzle: one solution, nothing to say of the whole link
        for end in range(1, len(fragment)):
            text = fragment[:end]
            verdict = judge(text, puzzle, before)
            assert verdict is not None  # a cut is never the same grid
            counted[verdict] += 1
            paste(page, f"https://example.org/#{text}")
            words = answer(page, verdict)
            kind = page.get_attribute("#message", "data-kind")
            if verdict == "refused":
                assert kind == "error", (text, words)
            elif verdict == "silent":
                assert words.startswith("Opened"), (text, words)
            else:
                assert (kind, words) == ("error", SAID[verdict]), text
    total = sum(counted.values())
    assert counted["silent"] <= total // 50, counted  # 98% and more on these three
