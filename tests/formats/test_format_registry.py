"""The format registry (pycore.formats): names to modules, encode/decode by name, and
what each format declares about itself in links (`LinkForm`)."""

from __future__ import annotations

import random
import re

import pytest

from pycore import formats
from pycore.errors import FormatError, LossError, UnknownName
from pycore.formats import FORMATS, LinkForm, decode, encode, link_form
from pycore.model import Puzzle, candidates, given

SUDOKU_4 = Puzzle.blank(size=4)
STR8TS_4 = Puzzle.blank("str8ts", size=4)
ANY_SHAPE = re.compile(".*")


def test_the_formats_in_the_order_links_write_and_list_them() -> None:
    assert FORMATS == ("compact", "offset", "str8ts", "binary", "jcode", "bitcell", "json")


@pytest.mark.parametrize("name", FORMATS)
def test_each_name_is_its_own_module(name: str) -> None:
    module = formats.module(name)
    assert module.__name__ == f"pycore.formats.{name}"
    assert name == module.NAME
    assert link_form(name) is module.LINK


def test_an_unknown_format_is_refused_by_name_with_the_known_ones() -> None:
    with pytest.raises(UnknownName) as err:
        formats.module("sudokuwiki")
    assert (err.value.what, err.value.name, err.value.known) == ("format", "sudokuwiki", FORMATS)
    with pytest.raises(UnknownName):
        encode("_loss", SUDOKU_4)  # a module of the package, but not a format
    with pytest.raises(UnknownName):
        decode("_fields", "0")


def test_encode_by_name_refuses_a_loss_unless_asked_to_be_lossy() -> None:
    marked = SUDOKU_4.with_cell(0, candidates([1, 2]))
    with pytest.raises(LossError) as err:
        encode("binary", marked)
    assert list(map(str, err.value.lost)) == ["1 cell with pencil marks"]
    assert encode("binary", marked, lossy=True) == encode("binary", SUDOKU_4)


def test_encode_and_decode_by_name_are_the_modules_own() -> None:
    puzzle = SUDOKU_4.with_cell(5, given(3))
    text = encode("offset", puzzle)
    assert text == formats.module("offset").encode(puzzle)
    assert decode("offset", text) == puzzle


def test_decode_hands_its_options_to_the_format() -> None:
    text = encode("jcode", STR8TS_4)
    assert decode("jcode", text, kind="str8ts") == STR8TS_4
    assert decode("jcode", text).kind == "sudoku"


@pytest.mark.parametrize("name", FORMATS)
def test_decode_refuses_anything_but_text_at_position_0(name: str) -> None:
    with pytest.raises(FormatError) as err:
        decode(name, b"0000")  # type: ignore[arg-type]  # bytes on purpose
    assert (err.value.format, err.value.pos, err.value.expected, err.value.found) == (
        name, 0, "text", "bytes")


def test_options_one_set_per_kind_the_bare_text_may_be() -> None:
    assert link_form("jcode").options() == [{"kind": "sudoku"}, {"kind": "str8ts"}]
    assert link_form("binary").options() == [{}]  # its tag names no kind
    assert link_form("compact").options() == [{}]  # no tags at all
    mixed = LinkForm(ANY_SHAPE, tried=0, tags=(("x", None), ("y", "str8ts")))
    assert mixed.options() == [{"kind": "str8ts"}]


def test_the_tag_of_a_puzzle_is_the_one_for_its_kind() -> None:
    jcode = link_form("jcode")
    assert jcode.tag_for(SUDOKU_4) == "j"
    assert jcode.tag_for(STR8TS_4) == "k"


def test_with_no_puzzle_or_no_tag_for_its_kind_the_first_tag() -> None:
    str8ts_only = LinkForm(ANY_SHAPE, tried=0, tags=(("k", "str8ts"), ("j", "sudoku")))
    assert str8ts_only.tag_for(None) == "k"
    assert LinkForm(ANY_SHAPE, tried=0, tags=(("k", "str8ts"),)).tag_for(SUDOKU_4) == "k"


def test_a_tag_for_any_kind_is_taken_where_it_comes() -> None:
    assert link_form("binary").tag_for(SUDOKU_4) == "b"
    assert link_form("binary").tag_for(None) == "b"
    either = LinkForm(ANY_SHAPE, tried=0, tags=(("k", "str8ts"), ("x", None), ("j", "sudoku")))
    assert either.tag_for(SUDOKU_4) == "x"
    assert either.tag_for(STR8TS_4) == "k"


def test_a_format_with_no_tags_has_no_tag() -> None:
    assert link_form("compact").tag_for(SUDOKU_4) is None
    assert link_form("json").tag_for(None) is None



def test_made_of_is_a_sets_issuperset_and_counts_to_the_first_other() -> None:
    """`made_of` and `count_made_of` answer with strip (C speed under MicroPython) what a set
    of the characters answers, characters beyond ASCII included."""
    rng = random.Random(4)
    for _ in range(5_000):
        text = "".join(rng.choice("ab-_,\u00e9\u263a \u3000\x85") for _ in range(rng.randrange(9)))
        chars = rng.choice(["ab", "ab-_", ",", "-_ab,"])
        assert formats.made_of(text, chars) == frozenset(chars).issuperset(text), text
        first = next((i for i, ch in enumerate(text) if ch not in chars), len(text))
        assert formats.count_made_of(text, chars) == first, text
