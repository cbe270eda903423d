"""Sudoku Binary Format v1: the spec's 88 bytes, kangaroo's files, and every way to be wrong."""

from __future__ import annotations

import base64

import pytest

import pycore
from pycore.formats.binary import decode_bytes, encode_bytes
from pycore.model import Layout, Puzzle, candidates, given, value
from tests.conftest import load_vector

VECTOR = load_vector("binary.json")
EXAMPLE = VECTOR["spec_example"]


def test_spec_example_bytes() -> None:
    puzzle = decode_bytes(bytes(EXAMPLE["bytes"]))
    assert pycore.to_json(puzzle) == EXAMPLE["json"]
    assert encode_bytes(puzzle) == bytes(EXAMPLE["bytes"])
    assert len(EXAMPLE["bytes"]) == 88


def test_spec_example_base64() -> None:
    text = ("AAEDAwP/gAYAAAABAAAABwAAAwIABQAAAAQAAAAHAAAAAQAAAAkAAAAEAAEIAAAAAAYABwUAAAAIAAAAAAAABgAIAA"
            "IAAAAAAAADAAUGAAAAAwACAAcAAA==")
    assert text == EXAMPLE["base64"]
    puzzle = pycore.decode("binary", text)
    assert pycore.encode("binary", puzzle) == text
    assert pycore.to_json(puzzle) == EXAMPLE["json"]


def test_header_bytes_of_the_spec() -> None:
    data = bytes(EXAMPLE["bytes"])
    assert data[:2] == b"\x00\x01"          # version 1
    assert data[2] == 3                     # box size
    assert data[3:5] == b"\x03\x03"         # width, height
    assert data[5:7] == bytes([255, 128])   # 11111111 10000000: all nine boxes enabled


def test_disabled_box_mask_example() -> None:
    """The spec's mask 11011111 10000000 (box 2 disabled) leaves box 2 out of the body;
    on a 3x3 board no window is then complete, so the layout itself is refused by name."""
    data = bytes([0, 1, 3, 3, 3, 0b11011111, 0b10000000]) + bytes(8 * 9)
    with pytest.raises(pycore.FormatError, match="mask of a valid layout"):
        decode_bytes(data)
    two_grids = Layout(3, 4, 3, frozenset({3, 7, 11}))  # boxes 3, 7, 11 off: one 9x9 at the left
    data = encode_bytes(Puzzle.blank(layout=two_grids))
    assert data[5:7] == bytes([0b11101110, 0b11100000])
    assert len(data) == 7 + 9 * 9


def test_accepts_url_safe_and_unpadded() -> None:
    raw = bytes(EXAMPLE["bytes"])
    for text in (base64.urlsafe_b64encode(raw).decode(), EXAMPLE["base64"].rstrip("=")):
        assert pycore.decode("binary", text) == pycore.decode("binary", EXAMPLE["base64"])


@pytest.mark.parametrize(("name", "data"), list(VECTOR["must_fail_bytes"].items()))
def test_must_fail(name: str, data: list[int]) -> None:
    with pytest.raises(pycore.FormatError) as err:
        decode_bytes(bytes(data))
    assert err.value.format == "binary"
    assert err.value.unit == "byte"
    with pytest.raises(pycore.FormatError):
        pycore.decode("binary", base64.b64encode(bytes(data)).decode())


@pytest.mark.parametrize(("patch", "pos"), [
    ({2: 1}, 2), ({2: 6}, 2),        # box size 2..5
    ({3: 0}, 3), ({4: 16}, 4),       # layout 1..15 boxes
    ({6: 0b11000000}, 6),            # a padding bit set
    ({7: 10}, 7),                    # digit above 9
])
def test_bad_header_and_cells(patch: dict[int, int], pos: int) -> None:
    data = bytearray(EXAMPLE["bytes"])
    for at, byte in patch.items():
        data[at] = byte
    with pytest.raises(pycore.FormatError) as err:
        decode_bytes(bytes(data))
    assert err.value.pos == pos


def test_kangaroo_configurations() -> None:
    for name, entry in load_vector("origin/kangaroo.json").items():
        puzzle = pycore.decode("binary", entry["base64"])
        assert list(encode_bytes(puzzle)) == entry["bytes"], name
        rows = entry["grid_rows"]
        assert len(rows) == puzzle.rows and len(rows[0]) == puzzle.cols
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                cell = puzzle.cell(r, c)
                expected = {"#": "outside", ".": "empty"}.get(ch, "given")
                assert cell.kind == expected, (name, r, c)
                if expected == "given":
                    assert cell.digit == int(ch, 36)


def test_samurai_fits() -> None:
    samurai = Puzzle.blank(layout=Layout.samurai()).with_cell(0, given(5))
    data = encode_bytes(samurai)
    assert data[:5] == bytes([0, 1, 3, 7, 7])
    assert len(data) == 5 + 7 + 41 * 9
    assert decode_bytes(data) == samurai


def test_refuses_what_it_cannot_hold() -> None:
    puzzle = Puzzle.blank().with_cells({0: value(3), 1: candidates([1, 2])})
    with pytest.raises(pycore.LossError) as err:
        pycore.encode("binary", puzzle)
    assert "1 cell with pencil marks" in str(err.value)
    assert "1 player's value" in str(err.value)
    lossy = pycore.decode("binary", pycore.encode("binary", puzzle, lossy=True))
    assert lossy.cells[0] == given(3) and lossy.cells[1].kind == "empty"
    with pytest.raises(pycore.FormatError, match="square boxes"):
        pycore.encode("binary", Puzzle.blank(size=6))
    with pytest.raises(pycore.FormatError, match="sudoku"):
        pycore.encode("binary", Puzzle.blank("str8ts", 9))


@pytest.mark.parametrize("text", ["AAE!", "A", "AAEDAwP/gA=", "====", "AAEDAwP/gA" * 10_000])
def test_bad_base64(text: str) -> None:
    with pytest.raises(pycore.FormatError):
        pycore.decode("binary", text)
