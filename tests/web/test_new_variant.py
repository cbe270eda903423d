"""New puzzle makes a variant on a phone: Killer picked in the Shape menu, New puzzle pressed,
and the grid shows the killer's cages with their sums, the link being that killer
(pycore.solve.generate_variants, through the heavy worker as for a classic shape)."""

from __future__ import annotations

from playwright.sync_api import Browser

from pycore import links
from pycore.solve.generate import generate
from tests.web.conftest import PHONE, new_puzzle, watched_app


def test_new_puzzle_makes_a_killer_from_the_shape_menu_and_draws_its_cages(
        browser: Browser, site_url: str) -> None:
    expected = generate("killer", "easy", seed=1)
    with watched_app(browser, site_url, **PHONE) as app:
        page = app.open()
        new_puzzle(page, "killer", "easy", seed=1)
        cages = page.evaluate("document.querySelectorAll('#grid-under .v-cage').length")
        sums = page.evaluate("document.querySelectorAll('#grid-over .v-cage-sum').length")
        assert cages == sums == len(expected.constraints)
        assert links.read(page.evaluate("location.href"))[1] == expected
        assert page.input_value("#shape") == "killer"
