"""Offset Grid: the spec's cheat sheet, the origin's example string, and the field rules."""

from __future__ import annotations

import pytest

import pycore
from pycore.formats import offset
from pycore.formats._transform import offset_max
from pycore.model import Puzzle, candidates, given, pack, unpack, value
from tests.conftest import load_vector

VECTOR = load_vector("offset.json")


@pytest.mark.parametrize(
    ("size", "solution_offset", "candidates_offset", "field_width", "max_packed"),
    [(6, 6, 12, 2, 75), (8, 8, 16, 2, 271), (9, 9, 18, 2, 529), (16, 16, 32, 4, 65_567),
     (25, 25, 50, 6, 33_554_481)],
)
def test_cheat_sheet(size: int, solution_offset: int, candidates_offset: int, field_width: int,
                     max_packed: int) -> None:
    assert offset_max(size) == max_packed
    assert offset.field_width(size) == field_width
    blank = Puzzle.blank(size=size)
    # value d -> d + solutionOffset, candidates S -> pack(S) + candidatesOffset
    text = pycore.encode("offset", blank.with_cell(0, value(1)))
    assert len(text) == size * size * field_width
    assert int(text[:field_width], 32) == solution_offset + 1
    text = pycore.encode("offset", blank.with_cell(0, candidates([1])))
    assert int(text[:field_width], 32) == candidates_offset + 1
    full = blank.with_cell(0, candidates(range(1, size + 1)))
    text = pycore.encode("offset", full)
    assert int(text[:field_width], 32) == max_packed == pack(range(1, size + 1)) + candidates_offset


def test_notes_widths_for_4_and_12() -> None:
    assert offset.field_width(4) == 1
    assert offset.field_width(12) == 3


def test_pack_candidates_example() -> None:
    assert pack({4, 3, 1}) == 13
    assert unpack(13) == {1, 3, 4}


def test_origin_example_with_header() -> None:
    puzzle = pycore.decode("offset", VECTOR["origin_example_with_header"])
    assert pycore.to_json(puzzle) == VECTOR["json"]
    assert pycore.decode("offset", VECTOR["body"]) == puzzle
    assert pycore.encode("offset", puzzle) == VECTOR["body"]


def test_upper_case_reads_the_same() -> None:
    assert pycore.decode("offset", VECTOR["body"].upper()) == pycore.decode("offset", VECTOR["body"])


@pytest.mark.parametrize(("name", "field"), list(VECTOR["fields_9x9"].items()))
def test_fields_9x9(name: str, field: str) -> None:
    cells = {"empty": None, "given 1": given(1), "given 9": given(9), "value 1": value(1),
             "value 9": value(9), "candidates [1]": candidates([1]),
             "candidates [1,3,4]": candidates([1, 3, 4]),
             "candidates 1..9": candidates(range(1, 10))}
    cell = cells[name]
    text = field + "00" * 80
    puzzle = pycore.decode("offset", text)
    assert (puzzle.cells[0].kind == "empty") if cell is None else puzzle.cells[0] == cell
    assert pycore.encode("offset", puzzle) == text


@pytest.mark.parametrize("field", VECTOR["must_fail_9x9_fields"])
def test_bad_fields_fail_at_their_position(field: str) -> None:
    with pytest.raises(pycore.FormatError) as err:
        pycore.decode("offset", "00" * 40 + field + "00" * 40)
    assert err.value.format == "offset"
    assert err.value.pos in (80, 81)


def test_origin_base32_strings() -> None:
    origin = load_vector("origin/puzzle-coding-offset.json")
    for key in ("doc_S9B_b32", "wiki_S9B_b32"):
        entry = origin[key]
        puzzle = pycore.decode("offset", entry["raw"])
        for cell, (kind, *rest) in zip(puzzle.cells, entry["cells"], strict=True):
            expected = {"empty": "empty", "clue": "given", "guess": "value", "cand": "candidates"}[kind]
            assert cell.kind == expected
            if kind in ("clue", "guess"):
                assert cell.digit == rest[0]
            if kind == "cand":
                assert sorted(cell.candidates) == rest[0]


@pytest.mark.parametrize(("text", "pos"), [
    ("X9B" + "00" * 81, 0),      # other variants are imports, not this format
    ("S8B" + "00" * 81, 1),      # size code must match the body
    ("0" * 161, 161),            # a length no size has
    ("", 0),
])
def test_rejects(text: str, pos: int) -> None:
    with pytest.raises(pycore.FormatError) as err:
        pycore.decode("offset", text)
    assert err.value.pos == pos


def test_refuses_what_it_cannot_hold() -> None:
    str8ts = pycore.decode("str8ts", "0" * 9)
    with pytest.raises(pycore.LossError, match="str8ts kind"):
        pycore.encode("offset", str8ts.with_cell(0, pycore.model.BLACK))
    odd_box = Puzzle.blank(size=6, box=(3, 2))
    with pytest.raises(pycore.LossError, match="box shape 3x2"):
        pycore.encode("offset", odd_box)
    assert pycore.encode("offset", odd_box, lossy=True) == "00" * 36
    samurai = Puzzle.blank(layout=pycore.Layout.samurai())
    with pytest.raises(pycore.FormatError, match="layout"):
        pycore.encode("offset", samurai, lossy=True)
