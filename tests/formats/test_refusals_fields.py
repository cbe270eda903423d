"""Refusals of the shared radix-field engine and of the 53-bit cell text (bitcell)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pycore import formats
from pycore.errors import FormatError
from pycore.formats import _fields, bitcell
from pycore.model import Layout, Puzzle, black

VALID_9BIT = "a valid 9-bit cell (fixed cells hold one value; a value clears the possibles)"
INTEGER = "a decimal integer of at most 16 digits"


def refusal(call: Callable[[], object]) -> tuple[str, int | None, str, str | None]:
    with pytest.raises(FormatError) as info:
        call()
    err = info.value
    return err.format, err.pos, err.expected, err.found


def test_encode_fields_refuses_a_value_wider_than_its_fields() -> None:
    assert _fields.encode_fields([31, 0], 1) == "v0"
    assert _fields.encode_fields([1023], 2) == "vv"
    with pytest.raises(ValueError, match=r"^value does not fit 1 base-32 digits$"):
        _fields.encode_fields([32], 1)
    with pytest.raises(ValueError, match=r"^value does not fit 2 base-36 digits$"):
        _fields.encode_fields([36 * 36], 2, radix=36)
    assert _fields.encode_fields([36 * 36 - 1], 2, radix=36) == "zz"


def test_width_for_is_the_digits_the_largest_value_needs() -> None:
    assert [_fields.width_for(m) for m in (0, 31, 32, 1023, 1024)] == [1, 1, 2, 2, 3]
    assert [_fields.width_for(m, radix=36) for m in (35, 36)] == [1, 2]


@pytest.mark.parametrize(("text", "width", "radix", "start", "pos", "expected", "found"), [
    ("abc", 2, 32, 5, 8, "fields of 2 characters", None),
    ("0w", 1, 32, 0, 1, "a base-32 digit (0-9, a-v)", "'w'"),
    ("0W", 2, 32, 3, 4, "a base-32 digit (0-9, a-v)", "'W'"),
    ("0!", 1, 36, 0, 1, "a base-36 digit (0-9, a-z)", "'!'"),
])
def test_decode_fields_refuses(text: str, width: int, radix: int, start: int,
                               pos: int, expected: str, found: str | None) -> None:
    assert refusal(lambda: _fields.decode_fields("x", text, width, 10**6, radix, start)) == (
        "x", pos, expected, found)


def test_positions_count_from_the_text_unless_told_where_it_began() -> None:
    assert refusal(lambda: _fields.decode_fields("x", "0w", 1, 31)) == (
        "x", 1, "a base-32 digit (0-9, a-v)", "'w'")
    assert refusal(lambda: _fields.decode_fields("x", "00v1", 2, 992)) == (
        "x", 2, "a field of at most 992", "993")


def test_a_field_over_the_maximum_is_refused_at_its_start() -> None:
    assert _fields.decode_fields("x", "00v1", 2, 993, start=7) == [0, 993]
    assert refusal(lambda: _fields.decode_fields("x", "00v1", 2, 992, start=7)) == (
        "x", 9, "a field of at most 992", "993")
    assert _fields.decode_fields("x", "0z", 1, 35, radix=36) == [0, 35]


def test_decode_fields_reads_either_case() -> None:
    assert _fields.decode_fields("x", "vVaA", 2, 1023) == [1023, 330]


# ---- bitcell: comma-separated 53-bit cells ----

def _fields_with(last: str, n: int = 4) -> str:
    return ",".join(["0"] * (n * n - 1) + [last])


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    ("0,0", 3, "16, 36, 64, 81, 144, 256 or 625 comma-separated cells", "2 fields"),
    ("0", 1, "16, 36, 64, 81, 144, 256 or 625 comma-separated cells", "1 field"),
    (_fields_with("x1"), 30, INTEGER, "'x1'"),
    (_fields_with(""), 30, INTEGER, "''"),
    (_fields_with("1" * 17), 30, INTEGER, "'11111111111111111'"),
    (_fields_with("-1"), 30, INTEGER, "'-1'"),
    (_fields_with("\u0661"), 30, INTEGER, "'\u0661'"),  # a non-ASCII digit
    (_fields_with("3"), 30, VALID_9BIT, "3"),  # fixed bit with possibles 1 and 2
    ("10," + _fields_with("99999")[2:], 31, VALID_9BIT, "99999"),
    ("0," * (625 * 17), 10624, "at most 625 cells of at most 16 digits", "21250 characters"),
], ids=["2-fields", "1-field", "letter", "empty", "17-digits", "minus", "arabic-digit", "fixed-with-marks",
        "over-9-bits", "too-long"])
def test_bitcell_decoder_refuses(text: str, pos: int, expected: str, found: str) -> None:
    assert refusal(lambda: formats.decode("bitcell", text)) == ("bitcell", pos, expected, found)


def test_bitcell_length_bound_is_625_fields_of_16_digits_and_their_commas() -> None:
    longest = 625 * 17 - 1  # refused past where the longest valid text ends
    at_bound = "0" * longest  # not refused for its length: for its one field
    assert refusal(lambda: formats.decode("bitcell", at_bound)) == (
        "bitcell", longest, "16, 36, 64, 81, 144, 256 or 625 comma-separated cells", "1 field")
    assert refusal(lambda: formats.decode("bitcell", at_bound + "0")) == (
        "bitcell", longest, "at most 625 cells of at most 16 digits", "10625 characters")
    assert formats.decode("bitcell", _fields_with("0" * 16)).size == 4  # 16 digits read


def test_bitcell_encoder_refuses_a_layout_and_a_str8ts_unless_lossy() -> None:
    assert refusal(lambda: bitcell.encode(Puzzle.blank(layout=Layout.samurai()), lossy=True)) == (
        "bitcell", None, "an n x n grid; a multi-box layout needs the binary or compact format", None)
    str8 = Puzzle.blank("str8ts", size=4).with_cell(0, black(2))
    with pytest.raises(FormatError) as info:
        bitcell.encode(str8)
    assert info.value.expected == ("a state it can hold, without: the str8ts kind (it would read "
                                   "back as a sudoku); 1 black cell")
