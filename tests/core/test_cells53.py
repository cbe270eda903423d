"""53-bit cells (`pycore.cells53`): the spec's operations and examples, every size to 25, grid
operations; and the `bitcell` text format that writes them."""

from __future__ import annotations

import pytest

import pycore
from pycore import cells53
from pycore.model import Puzzle, candidates, given, value
from tests.conftest import load_vector

VECTOR = load_vector("bitcell.json")


def _call(expression: str) -> object:
    name, _, args = expression.partition("(")
    numbers = [int(a) for a in args.rstrip(")").split(",")]
    return getattr(cells53, name)(*numbers, size=9)


@pytest.mark.parametrize(("expression", "result"), list(VECTOR["examples"].items()))
def test_vector_examples(expression: str, result: object) -> None:
    assert _call(expression) == result


def test_spec_toggle_examples() -> None:
    """n = 52 (110100): not fixed, possibles [2, 4, 5]."""
    assert cells53.get_possibles(52) == [2, 4, 5]
    assert not cells53.is_fixed(52)
    assert cells53.toggle_possible(52, 1) == 0b110110
    assert cells53.toggle_possible(52, 2) == 0b110000
    assert cells53.toggle_possible(52, 3) == 0b111100


def test_related_cells_of_cell_0() -> None:
    assert cells53.related_cells(0) == VECTOR["related_cells(0)"]
    assert all(len(cells53.related_cells(i)) == 20 for i in range(81))


@pytest.mark.parametrize(("size", "box", "count"), [
    (4, None, 7), (6, None, 12), (6, (3, 2), 12), (16, None, 39), (25, None, 64),
])
def test_related_cells_are_row_column_and_box_without_the_cell(
    size: int, box: tuple[int, int] | None, count: int
) -> None:
    br, bc = box or pycore.model.DEFAULT_BOX[size]
    for index in (0, size * size - 1, size + 1):
        r, c = divmod(index, size)
        expected = sorted(
            j for j in range(size * size)
            if j != index and (j // size == r or j % size == c
                               or (j // size // br, j % size // bc) == (r // br, c // bc))
        )
        assert cells53.related_cells(index, size=size, box=box) == expected
        assert len(expected) == count


def test_related_cells_of_a_size_without_boxes_are_its_row_and_column() -> None:
    # 7 has no sudoku box: a str8ts grid, whose houses are its lines
    assert cells53.related_cells(8, size=7) == [1, 7, 9, 10, 11, 12, 13, 15, 22, 29, 36, 43]


def test_related_cells_across_a_samurai_overlap() -> None:
    samurai = Puzzle.blank(layout=pycore.Layout.samurai())
    corner = 6 * samurai.cols + 6  # lies in two grids: two rows, two columns, one box
    related = cells53.related_cells(corner, geometry=samurai.geometry)
    # its row runs through both grids (columns 1-15), so does its column; 4 more box cells
    assert len(related) == 14 + 14 + 4
    assert corner - 6 in related and corner + 8 in related and corner + 9 not in related


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16, 25])
def test_every_size(size: int) -> None:
    full = cells53.set_all_possibles(0, size=size)
    assert full == (2**size - 1) << 1
    assert cells53.count_possibles(full, size=size) == size
    assert cells53.unset_all_possibles(full | 1, size=size) == 1
    top = cells53.set_value(full | 1, size, size=size)
    assert top == 1 | 1 << (2 * size)
    assert top < 2**53
    assert cells53.get_value(top, size=size) == size
    assert cells53.count_values(top, size=size) == 1
    assert cells53.is_valid_cell(top, size=size)
    assert cells53.unset_fixed(top) == 1 << (2 * size)
    assert cells53.unset_value(top) == 0
    assert not cells53.check_possible(cells53.unset_possible(full, 2), 2)
    assert cells53.check_possible(cells53.set_possible(0, 2), 2)
    assert not cells53.is_valid_cell(1 << (2 * size + 1), size=size)


def test_compute_possibles_and_moves() -> None:
    puzzle = pycore.decode("binary", load_vector("binary.json")["spec_example"]["base64"])
    cells = cells53.from_puzzle(puzzle)
    possibles = cells53.compute_possibles(cells)
    # r1c2: row has 6,3,4; column has 1,4,8; box has 6,1,7 -> 2,5,9 remain
    assert cells53.get_possibles(possibles[1]) == [2, 5, 9]
    assert cells53.get_possibles(possibles[0]) == []  # a given has a value, no possibles
    assert cells53.is_move_allowed(possibles, 1, 2)
    assert not cells53.is_move_allowed(possibles, 1, 6)  # 6 is in the row
    assert not cells53.is_move_allowed(possibles, 0, 5)  # fixed
    after = cells53.make_move(possibles, 1, 2)
    assert cells53.get_value(after[1]) == 2 and not cells53.is_fixed(after[1])
    assert all(not cells53.check_possible(after[j], 2) for j in cells53.related_cells(1))
    with pytest.raises(ValueError):
        cells53.make_move(after, 2, 2)


def test_grid_operations_on_layouts() -> None:
    samurai = Puzzle.blank(layout=pycore.Layout.samurai()).with_cell(0, given(1))
    cells = cells53.from_puzzle(samurai)
    possibles = cells53.compute_possibles(cells, size=9, geometry=samurai.geometry)
    assert not cells53.check_possible(possibles[1], 1)
    assert cells53.check_possible(possibles[samurai.cols * 9 - 1], 1)  # another grid's cell


def test_compute_possibles_is_the_models_rule_in_other_bits() -> None:
    puzzle = pycore.decode("binary", load_vector("binary.json")["spec_example"]["base64"])
    puzzle = puzzle.with_cells({1: candidates([2]), 3: pycore.model.value(9)})
    cells = cells53.compute_possibles(cells53.from_puzzle(puzzle))
    for i, cell in enumerate(puzzle.cells):
        expected = [] if cell.digit else puzzle.open_digits(i)
        assert cells53.get_possibles(cells[i]) == expected


def test_from_puzzle_fixes_givens_and_black_givens_and_keeps_marks_on_request() -> None:
    p = Puzzle.blank("str8ts", 4).with_cells(
        {0: given(1), 1: value(2), 2: candidates([3, 4]), 4: pycore.model.black(3),
         5: pycore.model.BLACK}
    )
    n = 4
    assert cells53.from_puzzle(p)[:6] == [1 | 1 << (n + 1), 1 << (n + 2), 0b11000, 0,
                                          1 | 1 << (n + 3), 0]
    assert cells53.from_puzzle(p, marks=False)[2] == 0


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
