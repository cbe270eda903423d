"""Links: a format no link carries is named as unknown, and `read_any` hands back
what the reader that claimed the text read (ours first, then the imports)."""

from __future__ import annotations

import pytest

from pycore import formats, links
from pycore.errors import FormatError, LossError, NotRecognized, UnknownName
from pycore.model import Puzzle, black, candidates, given, value

# A 17-given sudoku as a plain line of digits and dots: only the imports read it.
PLAIN = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize("name", ["json", "kakuro", ""])
def test_tag_of_a_format_no_link_carries_is_unknown(name: str) -> None:
    with pytest.raises(UnknownName) as info:
        links.tag_of(name)
    assert (info.value.what, info.value.name) == ("link format", name)
    assert info.value.known == tuple(links.link_formats())
    assert "json" not in info.value.known and "compact" in info.value.known


def test_tags_of_each_link_format() -> None:
    str8 = Puzzle.blank("str8ts", size=9)
    assert [links.tag_of(name) for name in ("offset", "str8ts", "binary", "jcode", "bitcell")] == [
        "o", "t", "b", "j", "c"]
    assert links.tag_of("jcode", str8) == "k"
    assert links.tag_of("compact") is None


def test_read_any_returns_what_an_import_read() -> None:
    with pytest.raises(FormatError):
        links.read(PLAIN)  # none of our formats reads it
    found = links.read_any(PLAIN)
    assert found.format == "plain"
    assert found.puzzle.cells[0] == given(4) and found.puzzle.count("given") == 17
    assert found.puzzle.cells[1] == Puzzle.blank().cells[1]


def test_read_any_returns_what_our_own_formats_read() -> None:
    puzzle = Puzzle.blank().with_cell(80, given(9))
    for name in ("offset", "jcode", "bitcell", "binary"):
        text = links.link(puzzle, name, base="https://example.org/")
        found = links.read_any(text)
        assert (found.format, found.puzzle, tuple(found.warnings)) == (name, puzzle, ())
    assert links.read_any(formats.encode("json", puzzle)).puzzle == puzzle


def test_read_any_refuses_with_the_reasons_of_both() -> None:
    with pytest.raises(FormatError) as info:
        links.read_any("~~~")
    assert info.value.format == "auto"
    assert str(info.value).startswith("auto: expected a link or puzzle string of a known format; "
                                      "tried our formats (")


TAG_LIST = "a fragment tag: o:, t:, b:, j:, k:, c:"
KNOWN = "a link or a string of a known format (compact, offset, str8ts, binary, jcode, bitcell, json)"


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    ("x" * (links.MAX_LINK + 1), links.MAX_LINK, f"a link of at most {links.MAX_LINK} characters",
     f"{links.MAX_LINK + 1} characters"),
    ("  #  ", 0, "a link or a puzzle string", "nothing"),
    ("zz:abc", 0, TAG_LIST, "'zz'"),
    ("abcdefghijklm:1", 0, TAG_LIST, "'abcdefghij'"),  # the tag, cut at ten characters
    ("https://e.org/p#x#o:0", 0, TAG_LIST, "'x#o'"),  # the fragment starts at the first '#'
    ("~~~", 0, KNOWN, "'~~~'"),
    ("~" * 30, 0, KNOWN, repr("~" * 20)),  # the text, cut at twenty characters
])
def test_read_refuses_naming_position_expected_and_found(
    text: str, pos: int, expected: str, found: str
) -> None:
    with pytest.raises(FormatError) as info:
        links.read(text)
    error = info.value
    assert (error.format, error.pos, error.expected, error.found) == ("auto", pos, expected, found)


def test_a_link_of_exactly_the_bound_is_not_refused_for_its_length() -> None:
    with pytest.raises(FormatError) as info:
        links.read("x" * links.MAX_LINK)
    assert info.value.expected != f"a link of at most {links.MAX_LINK} characters"


def test_read_takes_a_percent_encoded_fragment() -> None:
    puzzle = Puzzle.blank().with_cell(0, given(1))
    text = "https://e.org/p#o%3A" + formats.encode("offset", puzzle)
    assert links.read(text) == ("offset", puzzle)


def test_a_link_replaces_the_base_fragment_at_its_first_hash() -> None:
    puzzle = Puzzle.blank().with_cell(80, given(9))
    frag = links.fragment(puzzle, "offset")
    assert links.link(puzzle, "offset", base="https://e.org/p#old#x") == "https://e.org/p#" + frag
    assert links.link(puzzle, base="https://e.org/p") == "https://e.org/p#" + links.best(puzzle)[1]


def test_a_lossy_link_drops_what_its_format_cannot_hold() -> None:
    puzzle = Puzzle.blank().with_cell(0, candidates([1, 2]))
    with pytest.raises(LossError):
        links.link(puzzle, "binary")
    with pytest.raises(LossError):
        links.fragment(puzzle, "binary")
    lossy = links.link(puzzle, "binary", base="https://e.org/", lossy=True)
    assert lossy == "https://e.org/#" + links.fragment(puzzle, "binary", lossy=True)
    assert links.read(lossy) == ("binary", Puzzle.blank())


def test_a_bare_string_no_format_reads_lists_each_format_tried_and_why() -> None:
    with pytest.raises(NotRecognized) as info:
        links.read("0" * 80)
    names = [reason.split(":")[0] for reason in info.value.tried]
    assert names == ["offset", "str8ts", "compact"]
    assert all(reason.startswith(f"{name}: {name} at character ")
               for name, reason in zip(names, info.value.tried, strict=True))
    assert str(info.value).startswith("auto: expected a string of one format; tried offset: ")


def test_read_any_keeps_our_json_fault_and_names_nothing_else() -> None:
    with pytest.raises(NotRecognized) as info:
        links.read_any(' {"kind": "sudoku", "cells": 5}  ')
    assert info.value.tried == ("json: json at character 29: expected the key 'size'",)
    with pytest.raises(NotRecognized) as info:  # no "cells": not ours, so the imports try it too
        links.read_any('{"kind": "sudoku"}')
    assert info.value.tried[0] == "json: json at character 17: expected the key 'size'"
    assert [reason.split(":")[0] for reason in info.value.tried[1:3]] == ["sudokupad", "f-puzzles"]


def test_read_any_hands_a_text_over_the_link_bound_to_the_imports() -> None:
    with pytest.raises(FormatError) as info:
        links.read_any("x" * (links.MAX_LINK + 1))
    assert info.value.format != "auto"


def test_read_any_names_each_of_our_formats_when_none_fits_the_shape() -> None:
    with pytest.raises(NotRecognized) as info:
        links.read_any('abc "kind" "cells"')
    ours = [f"{name}: not what its text looks like" for name in [*links.link_formats(), "json"]]
    assert list(info.value.tried[:len(ours)]) == ours
    assert len(info.value.tried) > len(ours)
    assert f"then {info.value.tried[len(ours)]}; " in str(info.value)


def test_shares_say_why_a_format_cannot_hold_a_kind_and_give_the_lossless_link() -> None:
    str8ts = Puzzle.blank("str8ts", size=9)
    shown = links.shares(str8ts, "binary")
    assert shown.chosen is None
    assert shown.refusal == "binary: expected a sudoku; str8ts needs the str8ts or compact format"
    assert shown.lossless == links.Share(*links.best(str8ts)) and shown.shortest == shown.lossless.fragment
    whole = links.shares(str8ts)
    assert whole == links.Shares(whole.chosen, whole.chosen, links.best(str8ts)[1], "")
    assert links.share(str8ts, "str8ts").format == "str8ts"


def test_a_tagged_fragment_goes_to_its_format_whatever_follows_the_tag() -> None:
    with pytest.raises(FormatError) as info:
        links.read("o:12:34")  # the tag ends at the first ':'
    assert info.value.format == "offset"


def test_each_kind_a_format_tries_is_named_with_its_reason() -> None:
    with pytest.raises(NotRecognized) as info:
        links.read("A" + "-" * 81)  # jcode's shape, but 82 cells: neither kind has that size
    tried = info.value.tried
    assert [reason.split(":")[0] for reason in tried] == ["jcode sudoku", "jcode str8ts", "compact"]
    assert tried[0].startswith("jcode sudoku: jcode at character 82: expected a sudoku of ")
    assert tried[1].startswith("jcode str8ts: jcode at character 82: expected a str8ts of ")
    assert str(info.value) == "auto: expected a string of one format; tried " + "; ".join(tried)


# jcode's text never says its kind (NOTES: "a link carries the kind"): the j: and k: tags do.
STR8TS_9 = Puzzle.blank("str8ts", size=9).with_cells({0: black(), 1: given(2), 2: black(3)})
NAMING_THE_KIND = "a tag for its kind (j: sudoku, k: str8ts)"


def test_a_bare_jcode_text_two_kinds_read_differently_is_refused_for_its_tag() -> None:
    text = formats.encode("jcode", STR8TS_9)
    # the same text as a sudoku: the black cells' values read as player's values
    assert formats.decode("jcode", text).cells[0] == value(1)
    with pytest.raises(FormatError) as info:
        links.read(text)
    assert (info.value.format, info.value.pos, info.value.expected, info.value.found) == (
        "auto", 0, NAMING_THE_KIND, "a jcode text both kinds read")
    with pytest.raises(FormatError) as info:
        links.read_any(text)  # not what an import that takes it for a plain grid would say
    assert info.value.expected == NAMING_THE_KIND
    assert links.read("k:" + text) == ("jcode", STR8TS_9)
    assert links.read("j:" + text)[1].kind == "sudoku"


def test_a_bare_jcode_sudoku_with_players_values_needs_its_tag_too() -> None:
    sudoku = Puzzle.blank(size=4).with_cells({0: value(1), 5: given(2)})
    text = formats.encode("jcode", sudoku)
    with pytest.raises(FormatError) as info:
        links.read(text)
    assert info.value.expected == NAMING_THE_KIND
    assert links.read(links.link(sudoku, "jcode")) == ("jcode", sudoku)


def test_a_bare_jcode_text_of_givens_only_is_a_sudoku_as_sudoklifys_strings_are() -> None:
    name, puzzle = links.read("-BCDCDA-BAD--CBA")  # reads as the same cells either kind
    assert (name, puzzle.kind, puzzle.count("given")) == ("jcode", "sudoku", 12)


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank("str8ts", size=5).with_cells({0: black(), 6: value(2)}),  # 25 cells: no sudoku
    Puzzle.blank("str8ts", size=9).with_cell(0, candidates(range(1, 10))),  # 539: over a sudoku's
], ids=["size", "value"])
def test_a_bare_jcode_text_only_a_str8ts_can_be_is_that_str8ts(puzzle: Puzzle) -> None:
    assert links.read(formats.encode("jcode", puzzle)) == ("jcode", puzzle)
