"""Str8ts cell transform: the spec's table and every cell kind per size, as strings."""

from __future__ import annotations

import pytest

import pycore
from pycore.formats import str8ts
from pycore.formats._transform import str8ts_cell, str8ts_max, str8ts_value
from pycore.model import BLACK, EMPTY, Cell, black, candidates, given, value
from tests.conftest import load_vector

VECTOR = load_vector("str8ts-transform.json")


@pytest.mark.parametrize(
    ("size", "black_empty", "black_clue_offset", "solution_offset", "candidates_offset", "max_value"),
    [(3, 4, 4, 7, 10, 17), (4, 5, 5, 9, 13, 28), (5, 6, 6, 11, 16, 47), (6, 7, 7, 13, 19, 82),
     (7, 8, 8, 15, 22, 149), (8, 9, 9, 17, 25, 280), (9, 10, 10, 19, 28, 539),
     (16, 17, 17, 33, 49, 65_584), (25, 26, 26, 51, 76, 33_554_507)],
)
def test_spec_table(size: int, black_empty: int, black_clue_offset: int, solution_offset: int,
                    candidates_offset: int, max_value: int) -> None:
    assert str8ts_value(BLACK, size) == black_empty
    assert str8ts_value(black(1), size) == black_clue_offset + 1
    assert str8ts_value(value(1), size) == solution_offset + 1
    assert str8ts_value(candidates([1]), size) == candidates_offset + 1
    assert str8ts_max(size) == max_value == str8ts_value(candidates(range(1, size + 1)), size)


def _cell(name: str, size: int) -> Cell | None:
    kind, _, arg = name.partition(" ")
    if name == "empty":
        return EMPTY
    if name == "black":
        return BLACK
    if name.startswith("black given"):
        return black(int(name.split()[-1]))
    if kind == "given":
        return given(int(arg))
    if kind == "value":
        return value(int(arg))
    if name == "candidates all":
        return candidates(range(1, size + 1))
    if kind == "candidates":
        return candidates(int(d) for d in arg.strip("[]").split(","))
    return None  # "first invalid"


@pytest.mark.parametrize(("size", "name", "number"),
                         [(int(s), k, v) for s, table in VECTOR.items() for k, v in table.items()])
def test_vector(size: int, name: str, number: int) -> None:
    cell = _cell(name, size)
    width = str8ts.field_width(size)
    if cell is None:
        assert number == str8ts_max(size) + 1
        with pytest.raises(pycore.FormatError, match="at most"):
            pycore.decode("str8ts", pycore.formats._fields.encode_fields([number] * size * size, width))
        return
    assert str8ts_value(cell, size) == number
    assert str8ts_cell(number, size) == cell
    text = pycore.formats._fields.encode_fields([number] + [0] * (size * size - 1), width)
    assert pycore.decode("str8ts", text).cells[0] == cell
    assert pycore.encode("str8ts", pycore.decode("str8ts", text)) == text


@pytest.mark.parametrize(("size", "width"), [(3, 1), (4, 1), (5, 2), (9, 2), (16, 4), (25, 6)])
def test_widths(size: int, width: int) -> None:
    assert str8ts.field_width(size) == width
    assert len(pycore.encode("str8ts", pycore.Puzzle.blank("str8ts", size))) == size * size * width


def test_str8ts_string_is_not_a_sudoku() -> None:
    sudoku = pycore.Puzzle.blank(size=9)
    with pytest.raises(pycore.LossError, match="sudoku kind"):
        pycore.encode("str8ts", sudoku)
    assert pycore.decode("str8ts", pycore.encode("str8ts", sudoku, lossy=True)).kind == "str8ts"
