"""The page's share policy (`links.share`, `links.shares`): which link to show, which the
address bar keeps, each encoded once."""

from __future__ import annotations

import pytest

from pycore import links
from pycore.app.persist import identity
from pycore.errors import Lost
from pycore.links import Share, share, shares
from pycore.model import Puzzle, black, candidates, given, value


def test_the_default_share_is_the_shortest_lossless_link() -> None:
    p = Puzzle.blank("str8ts", 6).with_cells({0: black(2), 7: value(4), 9: candidates([1, 2])})
    assert share(p) == Share(*links.best(p))
    for name in links.link_formats():
        chosen = share(p, name) if name != "binary" else None
        if chosen is not None and not chosen.lost:
            assert links.read("#" + chosen.fragment)[1] == p


def test_a_chosen_format_that_drops_state_says_what() -> None:
    p = Puzzle.blank("sudoku", 9).with_cells({0: given(5), 1: value(3)})
    chosen = share(p, "binary")
    assert chosen.format == "binary" and chosen.lost == (Lost("value-as-given", 1),)
    assert links.read("#" + chosen.fragment)[1] == Puzzle.blank("sudoku", 9).with_cells(
        {0: given(5), 1: given(3)}
    )


def test_shares_with_no_format_is_the_shortest_lossless_link_for_both() -> None:
    p = Puzzle.blank("sudoku", 9).with_cells({0: given(5), 1: value(3)})
    got = shares(p)
    assert got.chosen == got.lossless == Share(*links.best(p))
    assert got.shortest == links.best(p)[1] and got.refusal == ""


def test_shares_in_a_lossless_chosen_format_keeps_it_for_the_address_bar() -> None:
    p = Puzzle.blank("sudoku", 9).with_cells({0: given(5)})
    got = shares(p, "offset")
    assert got.chosen == got.lossless == share(p, "offset")
    assert got.shortest is None  # not made here: persist encodes the identity itself


def test_shares_in_a_lossy_chosen_format_gives_the_address_bar_the_shortest_whole_one() -> None:
    p = Puzzle.blank("sudoku", 9).with_cells({0: given(5), 1: value(3)})
    got = shares(p, "binary")
    assert got.chosen == share(p, "binary") and got.chosen.lost
    assert got.lossless == Share(*links.best(p)) and got.shortest == links.best(p)[1]


def test_shares_in_a_format_that_cannot_hold_the_kind_says_why() -> None:
    p = Puzzle.blank("str8ts", 6).with_cell(0, black(2))
    got = shares(p, "binary")
    assert got.chosen is None and "binary" in got.refusal
    assert got.lossless == Share(*links.best(p))


def test_no_lossless_link_at_all_leaves_the_address_bar_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # were offset and bitcell the only link formats, no link would hold a str8ts whole
    monkeypatch.setattr(links, "link_formats", lambda: ["offset", "bitcell"])
    p = Puzzle.blank("str8ts", 9).with_cells({0: black(3), 5: given(4)})
    got = shares(p)
    assert got.chosen is not None and got.chosen.format == "offset"  # the shorter lossy one
    assert Lost("str8ts-kind") in got.chosen.lost
    assert got.lossless is None and got.shortest is None
    assert shares(p, "bitcell").lossless is None


@pytest.mark.parametrize("p", [
    Puzzle.blank("sudoku", 9).with_cells({0: given(5), 40: given(7)}),
    Puzzle.blank("str8ts", 6).with_cells({0: black(3), 7: given(4)}),
])
def test_the_identity_of_a_puzzle_being_set_is_its_shortest_fragment(p: Puzzle) -> None:
    got = shares(p)
    assert identity(p, got.shortest) == identity(p) == got.shortest
    played = p.with_cell(2, value(1))
    # with the player's entries the identity is the setup's, never the state's fragment
    assert identity(played, shares(played).shortest) == identity(p)
