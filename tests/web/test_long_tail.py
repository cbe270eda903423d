"""A valid link with a long tail on the phone page (issue 42, item 1): the light worker
refuses it and leaves the grid to the player, who types a digit and sees it. How soon is
for `benchmarks.tails` (MicroPython's time to refuse such texts); here, that it ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycore import links
from pycore.formats import compact
from tests.web.conftest import PHONE, failed_to_open, settle, watched_app
from tests.web.samples import SAMPLES

if TYPE_CHECKING:
    from playwright.sync_api import Browser

TAIL = 60_000


def test_a_compact_link_with_a_60000_character_tail_leaves_the_grid_to_the_player(
        browser: Browser, site_url: str) -> None:
    with watched_app(browser, site_url, **PHONE) as app:
        link = links.fragment(SAMPLES["sudoku9-givens"](), compact.NAME)
        page = app.open(link + "Q" * TAIL)
        page.wait_for_function("() => document.getElementById('message').dataset.kind === 'error'")
        assert failed_to_open(page.inner_text("#message"))
        empty = next((r, c) for r, c, kind, _ in app.grid() if kind == "empty")
        target = app.cell(*empty)
        target.tap()
        settle(page)
        page.locator('#pad button[data-digit="6"]').tap()
        settle(page)
        assert target.text_content() == "6"
