"""J-encoding: the spec's example, the cell table, sudoklify's strings, strict grammar."""

from __future__ import annotations

import pytest

import pycore
from pycore.formats.jcode import decode_cell, encode_cell
from pycore.model import BLACK, Puzzle, black
from tests.conftest import load_vector

VECTOR = load_vector("jcode.json")


def test_spec_example() -> None:
    assert encode_cell(230) == "Bcj"
    assert decode_cell("Bcj") == 230


@pytest.mark.parametrize(("number", "token"), list(VECTOR["cells"].items()))
def test_cells(number: str, token: str) -> None:
    assert encode_cell(int(number)) == token
    assert decode_cell(token) == int(number)


@pytest.mark.parametrize("grid", VECTOR["must_fail_grids"])
def test_must_fail(grid: str) -> None:
    with pytest.raises(pycore.FormatError):
        pycore.decode("jcode", grid)


@pytest.mark.parametrize("pair", VECTOR["sudoklify_4x4"], ids=lambda p: p["puzzle"])
def test_sudoklify_4x4(pair: dict[str, str]) -> None:
    puzzle = pycore.decode("jcode", pair["puzzle"])
    solution = pycore.decode("jcode", pair["solution"])
    assert pycore.encode("jcode", puzzle) == pair["puzzle"]
    assert all(s.kind == "given" for s in solution.cells)
    for p, s in zip(puzzle.cells, solution.cells, strict=True):
        assert p.kind == "empty" or p.digit == s.digit


def test_sudoklify_presets_read_and_write_back() -> None:
    presets = load_vector("origin/sudoklify-presets.json")
    sizes = set()
    for preset in presets:
        for key in ("puzzle", "solution"):
            puzzle = pycore.decode("jcode", preset[key])
            assert pycore.encode("jcode", puzzle) == preset[key]
            sizes.add(puzzle.size)
    assert sizes == {4, 9, 16, 25}


def test_str8ts_uses_the_str8ts_transform() -> None:
    puzzle = Puzzle.blank("str8ts", 4).with_cells({0: BLACK, 1: black(2)})
    text = pycore.encode("jcode", puzzle)
    assert text.startswith("EG")  # black = n+1 = 5, black given 2 = n+1+2 = 7
    assert pycore.decode("jcode", text, kind="str8ts") == puzzle


def test_error_names_the_position() -> None:
    with pytest.raises(pycore.FormatError) as err:
        pycore.decode("jcode", "-BCD!DA-BAD--CBA")
    assert err.value.pos == 4
    with pytest.raises(pycore.FormatError) as err:
        pycore.decode("jcode", "Ak" + "-" * 15)
    assert err.value.pos == 1
