"""Links: tags in the fragment, bare strings of every format, whole URLs."""

from __future__ import annotations

import contextlib

import pytest

import pycore
from pycore import links
from pycore.model import Puzzle, candidates, value

from .conftest import load_vector

BINARY = load_vector("binary.json")["spec_example"]["base64"]


@pytest.mark.parametrize(("text", "format"), [
    (BINARY, "binary"),
    ("-BCDCDA-BAD--CBA", "jcode"),
    ("0234341021400321", "offset"),
    ("S9B" + "00" * 81, "offset"),
    ("0" * 9, "str8ts"),
    (",".join(["0"] * 16), "bitcell"),
    ('{"kind":"sudoku","size":4,"cells":[[null,null,null,null],[null,null,null,null],'
     '[null,null,null,null],[null,null,null,null]]}', "json"),
])
def test_bare_strings_are_detected(text: str, format: str) -> None:
    assert links.read(text)[0] == format
    assert links.read(f"  https://example.org/app/#{text}  ")[0] == format


def test_every_tag_round_trips() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: value(1), 5: candidates([2, 3])})
    for format in links.link_formats():
        try:
            url = links.link(puzzle, format, "https://example.org/")
        except pycore.LossError:
            continue
        assert links.read(url) == (format, puzzle)
        assert set(url.split("#", 1)[1]) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:,")


def test_best_is_the_shortest_lossless() -> None:
    puzzle = Puzzle.blank(size=4).with_cell(0, candidates([1, 2]))
    format, fragment = links.best(puzzle)
    for other in links.link_formats():
        with contextlib.suppress(pycore.LossError):
            assert len(links.fragment(puzzle, other)) >= len(fragment)
    assert format != "binary"  # binary would drop the marks


def test_percent_encoded_fragment() -> None:
    assert links.read("https://example.org/#o%3A0234341021400321")[0] == "offset"


@pytest.mark.parametrize(("text", "message"), [
    ("", "nothing"),
    ("x:123", "fragment tag"),
    ("https://example.org/#o:123", "offset"),
    ("!!!", "known format"),
    ("a" * 70_000, "at most"),
])
def test_refusals_say_what_was_tried(text: str, message: str) -> None:
    with pytest.raises(pycore.FormatError, match=message):
        links.read(text)


def test_our_json_with_a_fault_is_reported_as_ours() -> None:
    text = ('{"kind":"sudoku","size":4,"extra":1,"cells":[[null,null,null,null],'
            '[null,null,null,null],[null,null,null,null],[null,null,null,null]]}')
    with pytest.raises(pycore.FormatError, match="json: expected only the keys"):
        links.read_any(text)
