"""The puzzle model: one cell kind at a time, shapes, layouts, houses, conflicts."""

from __future__ import annotations

import pytest

from pycore.errors import PuzzleError
from pycore.model import (
    BLACK,
    EMPTY,
    OUTSIDE,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    value,
)


def test_empty_candidate_set_is_an_empty_cell() -> None:
    assert candidates([]) == EMPTY
    with pytest.raises(PuzzleError):
        Cell("candidates")


@pytest.mark.parametrize("make", [
    lambda: Cell("given"), lambda: Cell("value", 0), lambda: Cell("empty", 3),
    lambda: Cell("black", -1), lambda: Cell("outside", 0, frozenset({1})), lambda: Cell("ghost"),
    lambda: candidates([0, 1]),
])
def test_invalid_cells(make: object) -> None:
    with pytest.raises(PuzzleError):
        make()  # type: ignore[operator]


def test_default_boxes_and_shapes() -> None:
    assert Puzzle.blank(size=6).box == (2, 3)
    assert Puzzle.blank(size=12).box == (3, 4)
    assert Puzzle.blank(size=6, box=(3, 2)).box == (3, 2)
    with pytest.raises(PuzzleError, match="does not tile"):
        Puzzle.blank(size=6, box=(2, 2))
    with pytest.raises(PuzzleError, match="size"):
        Puzzle.blank(size=7)
    assert Puzzle.blank("str8ts", 7).box is None


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Puzzle.blank(size=4).with_cell(0, given(5)), "not in 1..4"),
    (lambda: Puzzle.blank(size=4).with_cell(0, candidates([5])), "not in 1..4"),
    (lambda: Puzzle.blank(size=4).with_cell(0, BLACK), "str8ts only"),
    (lambda: Puzzle.blank(size=4).with_cell(0, OUTSIDE), "not in a disabled box"),
    (lambda: Puzzle("sudoku", 4, (EMPTY,) * 15), "16 cells"),
    (lambda: Puzzle("killer", 4, (EMPTY,) * 16), "kind"),
])
def test_invalid_states_are_refused_clearly(make: object, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        make()  # type: ignore[operator]


def test_structural_equality_and_immutability() -> None:
    a = Puzzle.blank().with_cell(3, value(4))
    b = Puzzle.blank().with_cell(3, value(4))
    assert a == b and hash(a) == hash(b)
    assert a != Puzzle.blank().with_cell(3, given(4))
    with pytest.raises(AttributeError):
        a.size = 4  # type: ignore[misc]


def test_plain_layout_is_a_plain_sudoku() -> None:
    assert Puzzle.blank(layout=Layout(4, 4, 4)) == Puzzle.blank(size=16)
    assert Puzzle.blank(layout=Layout(4, 4, 4)).layout is None


def test_samurai() -> None:
    samurai = Layout.samurai()
    assert (samurai.width, samurai.height) == (7, 7)
    assert 49 - len(samurai.disabled) == 41
    assert len(samurai.windows) == 5
    puzzle = Puzzle.blank(layout=samurai)
    assert (puzzle.rows, puzzle.cols) == (21, 21)
    assert puzzle.count("outside") == 8 * 9
    centre = 10 * 21 + 10
    # the centre cell of the middle grid sees its own row, column and box only
    assert len(puzzle.geometry.peers[centre]) == 20
    # a cell in an overlap box lies in two grids: two rows, two columns, one box
    overlap = 6 * 21 + 6
    assert len(puzzle.geometry.units[overlap]) == 5


def test_layout_errors() -> None:
    with pytest.raises(PuzzleError, match="box size"):
        Layout(6, 6, 6)
    with pytest.raises(PuzzleError, match="1 to 15"):
        Layout(3, 16, 3)
    with pytest.raises(PuzzleError, match="at least one fully enabled"):
        Layout(3, 5, 3, frozenset({1, 4}))
    with pytest.raises(PuzzleError, match="box 3 lies in no"):
        Layout(2, 4, 2, frozenset({2, 6}))
    with pytest.raises(PuzzleError, match="only a sudoku"):
        Puzzle("str8ts", 9, (), layout=Layout(3, 3, 3))


def test_houses() -> None:
    geo = Puzzle.blank(size=6).geometry
    assert len(geo.houses) == 18
    assert geo.boxes[0] == (0, 1, 2, 6, 7, 8)
    str8ts = Puzzle.blank("str8ts", 5).geometry
    assert len(str8ts.houses) == 10 and str8ts.boxes == ()


def test_conflicts() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: given(1), 3: value(1), 5: value(1), 15: given(2)})
    assert puzzle.conflicts() == {0, 3, 5}
    str8ts = Puzzle.blank("str8ts", 4).with_cells({0: black(2), 2: value(2)})
    assert str8ts.conflicts() == {0, 2}
