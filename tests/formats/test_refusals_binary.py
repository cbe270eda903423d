"""Every refusal of the binary format (Sudoku Binary Format v1): the bytes' header,
mask and cells, the base64 around them, and the encoder's square-box rule."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest

from pycore import formats
from pycore.errors import FormatError, LossError
from pycore.formats import binary
from pycore.model import EMPTY, Puzzle, candidates, given, value

# A 2x2-box sudoku (4x4) as bytes: version 1, box 2, a 2x2 layout of boxes, mask 1111 0000.
HEADER_4X4 = [0, 1, 2, 2, 2, 0xF0]


def refusal(call: Callable[[], object]) -> tuple[int | None, str, str | None, str]:
    """(position, expected, found, unit) of the FormatError `call` raises."""
    with pytest.raises(FormatError) as info:
        call()
    err = info.value
    assert type(err) is FormatError and err.format == "binary"
    assert err.pos is None or type(err.pos) is int  # an index, never 7548.0
    return err.pos, err.expected, err.found, err.unit


def b64(data: list[int]) -> str:
    return base64.b64encode(bytes(data)).decode("ascii")


def test_the_size_bound_is_15x15_boxes_of_5x5_cells() -> None:
    # version 2 + box 1 + width 1 + height 1 + mask ceil(225/8) = 29 + 225 boxes * 25 cells
    assert binary.MAX_BYTES == 2 + 1 + 2 + 29 + 225 * 25 == 5659


@pytest.mark.parametrize(("data", "pos", "expected", "found"), [
    ([0], 1, "a 2-byte version", "end of data"),
    ([0, 2, 3, 1, 1, 0x80] + [0] * 9, 0, "version 1", "2"),
    ([1, 1, 3, 1, 1, 0x80] + [0] * 9, 0, "version 1", "257"),  # big-endian: 0x0101
    ([0, 1], 2, "a box size byte", "end of data"),
    ([0, 1, 1, 1, 1, 0x80, 0], 2, "a box size of 2 to 5", "1"),
    ([0, 1, 6, 1, 1, 0x80], 2, "a box size of 2 to 5", "6"),
    ([0, 1, 3, 1], 4, "layout width and height bytes", "end of data"),
    ([0, 1, 3], 3, "layout width and height bytes", "end of data"),  # each need asks its own bytes
    ([0, 1, 3, 1, 1], 5, "a mask of 1 bytes", "end of data"),
    ([0, 1, 3, 1, 1, 0x80], 6, "9 bytes of cells for 1 enabled box", "end of data"),
    # 25 boxes: the mask's 4th byte keeps bit 7 (box 24); its bit 6 is padding
    ([0, 1, 2, 5, 5, 0xFF, 0xFF, 0xFF, 0xC0], 8, "mask padding bit 6 to be 0", None),
    ([0, 1, 3, 0, 1, 0x80], 3, "a layout dimension of 1 to 15 boxes", "0"),
    ([0, 1, 3, 16, 1, 0x80], 3, "a layout dimension of 1 to 15 boxes", "16"),
    ([0, 1, 3, 3, 16, 0x80], 4, "a layout dimension of 1 to 15 boxes", "16"),
    ([0, 1, 2, 3, 3, 0xFF], 6, "a mask of 2 bytes", "end of data"),
    # 9 boxes: byte 6 keeps only bit 7; its bit 6 is padding
    ([0, 1, 2, 3, 3, 0xFF, 0x40] + [0] * 36, 6, "mask padding bit 6 to be 0", None),
    ([0, 1, 3, 1, 1, 0x81] + [0] * 9, 5, "mask padding bit 0 to be 0", None),
    (HEADER_4X4 + [0] * 15, 21, "16 bytes of cells for 4 enabled boxes", "end of data"),
    ([0, 1, 3, 1, 1, 0x80] + [0] * 8, 14, "9 bytes of cells for 1 enabled box", "end of data"),
    (HEADER_4X4 + [0] * 17, 22, "the end of data (no trailing bytes)", "1 more"),
    ([0, 1, 2, 2, 2, 0x80] + [0] * 4, 5,
     "a mask of a valid layout (a layout needs at least one fully enabled 2x2 window of boxes)", None),
    (HEADER_4X4 + [0] * 15 + [5], 21, "a digit of 0 to 4", "5"),
    ([0, 1, 5, 5, 5] + [0xFF] * 3 + [0x80] + [0] * 624 + [26], 633, "a digit of 0 to 25", "26"),
])
def test_decode_bytes_refuses(data: list[int], pos: int, expected: str, found: str | None) -> None:
    assert refusal(lambda: binary.decode_bytes(bytes(data))) == (pos, expected, found, "byte")
    assert refusal(lambda: formats.decode("binary", b64(data))) == (pos, expected, found, "byte")


def test_the_largest_digit_reads() -> None:
    assert binary.decode_bytes(bytes(HEADER_4X4 + [4] + [0] * 15)).cells[0].digit == 4


def test_the_size_bound_refuses_one_byte_more_and_reads_the_largest_message() -> None:
    largest = bytes([0, 1, 5, 15, 15] + [0xFF] * 28 + [0x80]) + bytes(225 * 25)
    assert len(largest) == binary.MAX_BYTES
    assert binary.decode_bytes(largest).size == 25
    assert refusal(lambda: binary.decode_bytes(largest + b"\0")) == (
        5659, "at most 5659 bytes", "5660 bytes", "byte")
    text = "A" * ((5659 + 2) // 3 * 4 + 1)  # 7549 characters: refused where 7548 end
    assert refusal(lambda: formats.decode("binary", text)) == (
        7548, "base64 of at most 5659 bytes", "7549 characters", "character")
    assert formats.decode("binary", base64.b64encode(largest).decode()).size == 25


CHARACTER = "a base64 character (A-Z a-z 0-9 + / or - _, = at the end)"


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    ("AAE!", 3, CHARACTER, "'!'"),
    ("AAE AA", 3, CHARACTER, "' '"),
    ("AA=E", 2, CHARACTER, "'='"),  # padding only at the end
    ("AAEA===", 4, CHARACTER, "'='"),  # at most two of it
    ("AAEAA", 5, "base64 whose length is not 1 more than a multiple of 4", None),
    ("AAEAA==", 7, "base64 whose length is not 1 more than a multiple of 4", None),
    ("AAEA=", 5, "base64 padded to a multiple of 4 characters", None),
    ("AAEAAA=", 7, "base64 padded to a multiple of 4 characters", None),
])
def test_base64_refusals(text: str, pos: int, expected: str, found: str | None) -> None:
    assert refusal(lambda: formats.decode("binary", text)) == (pos, expected, found, "character")


def test_only_equals_signs_are_padding() -> None:
    # "AAEX" is bytes 0, 1, 23: the X is the box size byte, read and refused as 23
    assert refusal(lambda: formats.decode("binary", "AAEX")) == (
        2, "a box size of 2 to 5", "23", "byte")


def test_url_safe_and_unpadded_base64_read_like_the_standard_form() -> None:
    data = bytes(HEADER_4X4 + [1, 2, 3, 4] + [0] * 8 + [4, 3, 2, 1])
    standard = base64.b64encode(data).decode()
    assert formats.decode("binary", standard.rstrip("=")) == binary.decode_bytes(data)
    text = base64.b64encode(data + bytes([0xFB, 0xFF])).decode()
    assert text.endswith("/")
    # trailing bytes are refused the same whichever alphabet spells them
    expected = refusal(lambda: formats.decode("binary", text))
    assert refusal(lambda: formats.decode("binary", text.replace("/", "_"))) == expected
    assert expected == (22, "the end of data (no trailing bytes)", "2 more", "byte")
    plus = base64.b64encode(bytes(HEADER_4X4 + [0] * 15 + [3, 0xEB, 0])).decode()
    assert plus.endswith("+sA")
    assert refusal(lambda: formats.decode("binary", plus.replace("+", "-"))) == (
        22, "the end of data (no trailing bytes)", "2 more", "byte")


def test_encoder_refuses_a_str8ts_and_boxes_that_are_not_square() -> None:
    assert refusal(lambda: binary.encode(Puzzle.blank("str8ts", size=9), lossy=True)) == (
        None, "a sudoku; str8ts needs the str8ts or compact format", None, "character")
    assert refusal(lambda: binary.encode(Puzzle.blank(size=6), lossy=True)) == (
        None, "square boxes (4x4, 9x9, 16x16, 25x25 or layouts)", "2x3 boxes", "character")
    assert refusal(lambda: binary.encode(Puzzle.blank(size=16, box=(2, 8)), lossy=True)) == (
        None, "square boxes (4x4, 9x9, 16x16, 25x25 or layouts)", "2x8 boxes", "character")


def test_the_encoder_names_what_it_would_lose_unless_asked_to_drop_it() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: value(1), 1: value(2), 2: candidates({3, 4}),
                                              3: candidates({1})})
    with pytest.raises(LossError) as info:
        binary.encode_bytes(puzzle)  # lossless unless asked: the default
    assert (info.value.format, list(map(str, info.value.lost))) == (
        "binary", ["2 cells with pencil marks", "2 player's values (they would read back as givens)"])
    with pytest.raises(LossError):
        binary.encode(puzzle)  # the text's default too
    read = binary.decode_bytes(binary.encode_bytes(puzzle, lossy=True))
    assert read.cells[:4] == (given(1), given(2), EMPTY, EMPTY)


def test_a_link_spells_base64_url_safe_and_unpadded() -> None:
    assert binary.url_safe("+/8=") == "-_8"
    assert binary.url_safe("AAEC") == "AAEC"
    assert binary.url_safe("AAEX") == "AAEX"  # only '=' is padding: a final X stays
    puzzle = Puzzle.blank(size=4).with_cell(15, given(4))
    text = binary.encode(puzzle)
    assert text.endswith("=") and formats.decode("binary", binary.url_safe(text)) == puzzle
