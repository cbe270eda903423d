"""Every refusal of the J-encoding and the 53-bit cell text: position, what was
expected, what was found; both kinds of jcode (sudoku and str8ts) are read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pycore import formats
from pycore.errors import FormatError, UnknownName
from pycore.formats import jcode
from pycore.model import EMPTY, Layout, Puzzle, black, candidates, given, value

SUDOKU_COUNTS = "16, 36, 64, 81, 144, 256, 625"
STR8TS_COUNTS = "9, 16, 25, 36, 49, 64, 81, 256, 625"


def refusal(call: Callable[[], object]) -> tuple[str, int | None, str, str | None]:
    with pytest.raises(FormatError) as info:
        call()
    err = info.value
    return err.format, err.pos, err.expected, err.found


@pytest.mark.parametrize(("text", "kind", "pos", "expected", "found"), [
    ("--x", "sudoku", 2, "'-' or a capital letter A-I starting a cell", "'x'"),
    ("Bj-J", "sudoku", 3, "'-' or a capital letter A-I starting a cell", "'J'"),
    ("a", "sudoku", 0, "'-' or a capital letter A-I starting a cell", "'a'"),
    # 10 digits is over every transform value: refused at the digit that makes it so
    ("Aaaaaaaaaaa", "sudoku", 9, "a cell value of at most 10 digits", None),
    ("-" * 626, "sudoku", 625, "at most 625 cells", None),  # at the extra cell's start
    ("-" * 80, "sudoku", 80, f"a sudoku of {SUDOKU_COUNTS} cells", "80 cells"),
    ("-" * 80, "str8ts", 80, f"a str8ts of {STR8TS_COUNTS} cells", "80 cells"),
    ("-" * 10, "str8ts", 10, f"a str8ts of {STR8TS_COUNTS} cells", "10 cells"),
    # over the transform's largest value (offset 9x9: 529; str8ts 9x9: 539), at the token's start
    ("Ba" + "-" * 79 + "Ecj", "sudoku", 81, "a cell value of at most 529", "530"),
    ("-" * 9 + "Edj" + "-" * 71, "str8ts", 9, "a cell value of at most 539", "540"),
    ("-" * 8 + "Ih", "str8ts", 8, "a cell value of at most 17", "98"),
])
def test_decoder_refuses(text: str, kind: str, pos: int, expected: str, found: str | None) -> None:
    assert refusal(lambda: formats.decode("jcode", text, kind=kind)) == (
        "jcode", pos, expected, found)


def test_the_largest_values_read_in_either_kind() -> None:
    assert formats.decode("jcode", "-" * 80 + "Ebi").cells[80] == candidates(range(1, 10))  # 529
    assert formats.decode("jcode", "-" * 80 + "Eci", kind="str8ts").cells[80] == candidates(range(1, 10))
    assert formats.decode("jcode", "Ag" + "-" * 8, kind="str8ts").cells[0] == candidates({1, 2, 3})  # 17


def test_a_ten_digit_value_is_read_as_a_value_and_refused_as_too_large() -> None:
    # 10**9 (ten digits) is the largest token read: it is over every transform's maximum
    assert refusal(lambda: formats.decode("jcode", "Ajjjjjjjjj" + "-" * 80)) == (
        "jcode", 0, "a cell value of at most 529", "1000000000")


def test_an_unknown_kind_is_an_unknown_name() -> None:
    with pytest.raises(UnknownName) as info:
        formats.decode("jcode", "-" * 81, kind="kakuro")
    assert (info.value.what, info.value.name, info.value.known) == (
        "jcode kind", "kakuro", ("sudoku", "str8ts"))


def test_decode_cell_takes_exactly_one_token() -> None:
    assert jcode.decode_cell("Bcj") == 230
    assert jcode.decode_cell("-") == 0
    assert refusal(lambda: jcode.decode_cell("--")) == ("jcode", 0, "exactly one cell token", "2 tokens")
    assert refusal(lambda: jcode.decode_cell("")) == ("jcode", 0, "exactly one cell token", "0 tokens")


def test_encoder_refuses_a_layout_and_names_an_odd_box_shape() -> None:
    assert refusal(lambda: jcode.encode(Puzzle.blank(layout=Layout.samurai()), lossy=True)) == (
        "jcode", None, "an n x n grid; a multi-box layout needs the binary or compact format", None)
    odd = Puzzle.blank(size=6, box=(3, 2)).with_cell(0, given(6))
    with pytest.raises(FormatError) as info:
        jcode.encode(odd)
    assert info.value.format == "jcode"
    assert info.value.expected == (
        "a state it can hold, without: the box shape 3x2 (it would read back as the default)")
    assert formats.decode("jcode", jcode.encode(odd, lossy=True)) == Puzzle.blank(size=6).with_cell(
        0, given(6))


def test_each_str8ts_cell_kind_reads_back_through_its_own_transform() -> None:
    cells = (given(1), black(), black(2), value(3), candidates({1, 3}), EMPTY, EMPTY, EMPTY, EMPTY)
    puzzle = Puzzle("str8ts", 3, cells)
    text = jcode.encode(puzzle)
    # given 1 -> 1 (A), black -> 4 (D), black 2 -> 6 (F), value 3 -> 10 (Aj), {1,3} -> 10 + 5 = 15 (Ae)
    assert text == "ADFAjAe----"
    assert formats.decode("jcode", text, kind="str8ts") == puzzle
