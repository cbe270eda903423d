"""53-bit cells: the spec's operations and examples, every size to 25, grid operations."""

from __future__ import annotations

import pytest

import pycore
from pycore import bitcell
from pycore.model import Puzzle, candidates, given, value

from .conftest import load_vector

VECTOR = load_vector("bitcell.json")


def _call(expression: str) -> object:
    name, _, args = expression.partition("(")
    numbers = [int(a) for a in args.rstrip(")").split(",")]
    return getattr(bitcell, name)(*numbers, size=9)


@pytest.mark.parametrize(("expression", "result"), list(VECTOR["examples"].items()))
def test_vector_examples(expression: str, result: object) -> None:
    assert _call(expression) == result


def test_spec_toggle_examples() -> None:
    """n = 52 (110100): not fixed, possibles [2, 4, 5]."""
    assert bitcell.get_possibles(52) == [2, 4, 5]
    assert not bitcell.is_fixed(52)
    assert bitcell.toggle_possible(52, 1) == 0b110110
    assert bitcell.toggle_possible(52, 2) == 0b110000
    assert bitcell.toggle_possible(52, 3) == 0b111100


def test_related_cells_of_cell_0() -> None:
    assert bitcell.related_cells(0) == VECTOR["related_cells(0)"]
    assert all(len(bitcell.related_cells(i)) == 20 for i in range(81))


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16, 25])
def test_every_size(size: int) -> None:
    full = bitcell.set_all_possibles(0, size=size)
    assert full == (2**size - 1) << 1
    assert bitcell.count_possibles(full, size=size) == size
    assert bitcell.unset_all_possibles(full | 1, size=size) == 1
    top = bitcell.set_value(full | 1, size, size=size)
    assert top == 1 | 1 << (2 * size)
    assert top < 2**53
    assert bitcell.get_value(top, size=size) == size
    assert bitcell.count_values(top, size=size) == 1
    assert bitcell.is_valid_cell(top, size=size)
    assert bitcell.unset_fixed(top) == 1 << (2 * size)
    assert bitcell.unset_value(top) == 0
    assert not bitcell.check_possible(bitcell.unset_possible(full, 2), 2)
    assert bitcell.check_possible(bitcell.set_possible(0, 2), 2)
    assert not bitcell.is_valid_cell(1 << (2 * size + 1), size=size)


def test_compute_possibles_and_moves() -> None:
    puzzle = pycore.decode("binary", load_vector("binary.json")["spec_example"]["base64"])
    cells = bitcell.from_puzzle(puzzle)
    possibles = bitcell.compute_possibles(cells)
    # r1c2: row has 6,3,4; column has 1,4,8; box has 6,1,7 -> 2,5,9 remain
    assert bitcell.get_possibles(possibles[1]) == [2, 5, 9]
    assert bitcell.get_possibles(possibles[0]) == []  # a given has a value, no possibles
    assert bitcell.is_move_allowed(possibles, 1, 2)
    assert not bitcell.is_move_allowed(possibles, 1, 6)  # 6 is in the row
    assert not bitcell.is_move_allowed(possibles, 0, 5)  # fixed
    after = bitcell.make_move(possibles, 1, 2)
    assert bitcell.get_value(after[1]) == 2 and not bitcell.is_fixed(after[1])
    assert all(not bitcell.check_possible(after[j], 2) for j in bitcell.related_cells(1))
    with pytest.raises(ValueError):
        bitcell.make_move(after, 2, 2)


def test_grid_operations_on_layouts() -> None:
    samurai = Puzzle.blank(layout=pycore.Layout.samurai()).with_cell(0, given(1))
    cells = bitcell.from_puzzle(samurai)
    possibles = bitcell.compute_possibles(cells, size=9, geometry=samurai.geometry)
    assert not bitcell.check_possible(possibles[1], 1)
    assert bitcell.check_possible(possibles[samurai.cols * 9 - 1], 1)  # another grid's cell


def test_text_format_round_trip_and_kinds() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: given(1), 1: value(2), 2: candidates([3, 4])})
    text = pycore.encode("bitcell", puzzle)
    assert text.split(",")[:4] == [str(1 | 1 << 5), str(1 << 6), str(1 << 3 | 1 << 4), "0"]
    assert pycore.decode("bitcell", text) == puzzle


@pytest.mark.parametrize("text", ["1" + ",0" * 80, "0,0", "-1" + ",0" * 80, "x" + ",0" * 80,
                                  str(2**53) + ",0" * 80, ",0" * 81])
def test_bad_text(text: str) -> None:
    with pytest.raises(pycore.FormatError):
        pycore.decode("bitcell", text)
