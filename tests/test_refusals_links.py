"""Links: a format no link carries is named as unknown, and `read_any` hands back
what the reader that claimed the text read (ours first, then the imports)."""

from __future__ import annotations

import pytest

from pycore import formats, links
from pycore.errors import FormatError, UnknownName
from pycore.model import Puzzle, given

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
