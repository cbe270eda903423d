"""The shape catalogue: menu shapes, their names, and the pencil-mark layout."""

from __future__ import annotations

import pytest

from pycore.model import Layout, Puzzle
from pycore.shapes import LAYOUTS, SHAPES, blank_shape, mark_grid, shape_of


def test_every_menu_shape_makes_a_blank_grid_that_names_itself() -> None:
    for name, label in SHAPES:
        p = blank_shape(name)
        # a blank killer is a classic 9x9 until New puzzle brings its cages
        assert shape_of(p) == ("sudoku-9" if name.startswith("killer") else name), label
        assert all(c.kind in ("empty", "outside") for c in p.cells)
    assert shape_of(Puzzle.blank("sudoku", 6, box=(3, 2))) is None
    assert shape_of(Puzzle.blank(layout=Layout(3, 6, 3))) is None


def test_offered_layouts_are_the_named_multi_grids() -> None:
    twodoku = blank_shape("twodoku")
    assert (twodoku.rows, twodoku.cols) == (15, 15) and len(twodoku.layout.windows) == 2  # type: ignore[union-attr]
    assert blank_shape("samurai").layout == Layout.samurai(3)
    assert set(LAYOUTS) <= {name for name, _ in SHAPES}
    with pytest.raises(ValueError, match="unknown shape"):
        blank_shape("killer-9")


@pytest.mark.parametrize(("n", "grid"), [
    (3, (2, 2)), (4, (2, 2)), (5, (2, 3)), (6, (2, 3)), (7, (3, 3)), (8, (3, 3)), (9, (3, 3)),
    (12, (3, 4)), (16, (4, 4)), (25, (5, 5)),
])
def test_pencil_marks_sit_in_the_squarest_grid_that_fits(n: int, grid: tuple[int, int]) -> None:
    rows, cols = mark_grid(n)
    assert (rows, cols) == grid
    assert rows * cols >= n > (rows - 1) * cols  # no empty row of marks
    assert cols - 1 <= rows <= cols
