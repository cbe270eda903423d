"""Every refusal of the offset and Str8ts decoders and encoders: its type, position,
what was expected and what was found (the spec's rules, one test each)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pycore import formats
from pycore.errors import FormatError, LossError
from pycore.formats import offset, str8ts
from pycore.model import Layout, Puzzle, black, candidates, given, value

SQUARE_ONLY = "an n x n grid; a multi-box layout needs the binary or compact format"
OFFSET_LENGTHS = ("16 (4x4), 72 (6x6), 128 (8x8), 162 (9x9), 432 (12x12), 1024 (16x16), "
                  "3750 (25x25)")
STR8TS_LENGTHS = ("9 (3x3), 16 (4x4), 50 (5x5), 72 (6x6), 98 (7x7), 128 (8x8), 162 (9x9), "
                  "1024 (16x16), 3750 (25x25)")


def refusal(call: Callable[[], object]) -> tuple[str, str, int | None, str, str | None]:
    """(error type, format, position, expected, found) of the FormatError `call` raises."""
    with pytest.raises(FormatError) as info:
        call()
    err = info.value
    return type(err).__name__, err.format, err.pos, err.expected, err.found


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    # the origin's header: type S only (X, W, T are other tools' strings)
    ("X9B" + "0" * 162, 0, "header type S (sudoku); X, W and T strings are read as imports", "'X'"),
    ("t9b" + "0" * 162, 0, "header type S (sudoku); X, W and T strings are read as imports", "'t'"),
    # the size code must match the body's length
    ("S8B" + "0" * 162, 1, "size code '9' for a 9x9 body", "'8'"),
    ("S9B" + "0" * 1024, 1, "size code 'g' for a 16x16 body", "'9'"),
    # a body of no grid's length; the position is the end of the text
    ("abc", 3, f"a body length of {OFFSET_LENGTHS}", "length 3"),
    ("S9B" + "0" * 10, 13, f"a body length of {OFFSET_LENGTHS}", "length 13"),
    ("0" * 161, 161, f"a body length of {OFFSET_LENGTHS}", "length 161"),
    # a character outside base 32, counted in the whole text (after the header)
    ("S9B" + "0" * 161 + "z", 164, "a base-32 digit (0-9, a-v)", "'z'"),
    ("0" * 161 + "w", 161, "a base-32 digit (0-9, a-v)", "'w'"),
    # a field over the largest transform value (9x9: 2*9 + 511 = 529), at the field's start
    ("0" * 160 + "gk", 160, "a field of at most 529", "532"),
    ("S9B" + "0" * 160 + "gi", 163, "a field of at most 529", "530"),
])
def test_offset_decoder_refuses(text: str, pos: int, expected: str, found: str) -> None:
    assert refusal(lambda: formats.decode("offset", text)) == ("FormatError", "offset", pos, expected, found)


def test_offset_reads_the_largest_field_and_either_case_of_the_header() -> None:
    assert formats.decode("offset", "0" * 160 + "gh").cells[80] == candidates(range(1, 10))
    assert formats.decode("offset", "s9b" + "0" * 160 + "GH") == formats.decode("offset", "0" * 160 + "gh")
    assert formats.decode("offset", "SGB" + "0" * 1024).size == 16


def test_offset_encoder_refuses_a_layout_and_names_each_loss() -> None:
    samurai = Puzzle.blank(layout=Layout.samurai())
    assert refusal(lambda: offset.encode(samurai, lossy=True)) == (
        "FormatError", "offset", None, SQUARE_ONLY, None)
    str8 = Puzzle.blank("str8ts", size=9).with_cells({0: black(3), 1: black()})
    with pytest.raises(LossError) as info:
        offset.encode(str8)  # lossless unless asked: the default
    assert info.value.format == "offset"
    assert list(map(str, info.value.lost)) == [
        "the str8ts kind (it would read back as a sudoku)", "2 black cells"]
    odd = Puzzle.blank(size=6, box=(3, 2))
    with pytest.raises(LossError) as info:
        offset.encode(odd)
    assert list(map(str, info.value.lost)) == ["the box shape 3x2 (it would read back as the default)"]
    # lossy: a black given becomes a given, a plain black cell an empty one
    assert formats.decode("offset", offset.encode(str8, lossy=True)).cells[:3] == (
        given(3), Puzzle.blank(size=9).cells[0], Puzzle.blank(size=9).cells[0])


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    ("abc", 3, f"a length of {STR8TS_LENGTHS}", "length 3"),
    ("0" * 163, 163, f"a length of {STR8TS_LENGTHS}", "length 163"),
    ("0" * 161 + "w", 161, "a base-32 digit (0-9, a-v)", "'w'"),
    ("0" * 8 + "!", 8, "a base-32 digit (0-9, a-v)", "'!'"),
    # 9x9: 3*9 + 1 + 511 = 539
    ("0" * 160 + "gs", 160, "a field of at most 539", "540"),
    # 3x3 (1 character a field): 3*3 + 1 + 7 = 17
    ("0" * 4 + "i" + "0" * 4, 4, "a field of at most 17", "18"),
])
def test_str8ts_decoder_refuses(text: str, pos: int, expected: str, found: str) -> None:
    assert refusal(lambda: formats.decode("str8ts", text)) == ("FormatError", "str8ts", pos, expected, found)


def test_str8ts_reads_the_largest_field() -> None:
    assert formats.decode("str8ts", "0" * 160 + "gr").cells[80] == candidates(range(1, 10))
    assert formats.decode("str8ts", "0" * 8 + "h").cells[8] == candidates(range(1, 4))


def test_str8ts_encoder_refuses_a_layout_a_sudoku_unless_lossy_and_a_size_it_lacks() -> None:
    samurai = Puzzle.blank(layout=Layout.samurai())
    assert refusal(lambda: str8ts.encode(samurai, lossy=True)) == (
        "FormatError", "str8ts", None, SQUARE_ONLY, None)
    sudoku = Puzzle.blank(size=9).with_cell(0, value(4))
    with pytest.raises(LossError) as info:
        str8ts.encode(sudoku)  # lossless unless asked: the default
    assert info.value.format == "str8ts"
    assert list(map(str, info.value.lost)) == [
        "the sudoku kind and its boxes (it would read back as a str8ts)"]
    assert formats.decode("str8ts", str8ts.encode(sudoku, lossy=True)) == Puzzle(
        "str8ts", 9, sudoku.cells)
    assert refusal(lambda: str8ts.encode(Puzzle.blank(size=12), lossy=True)) == (
        "FormatError", "str8ts", None, "a grid size in (3, 4, 5, 6, 7, 8, 9, 16, 25)", "12")
