"""Plain grids and the line export: one character per cell."""

from __future__ import annotations

import pytest
from hypothesis import given as for_all
from hypothesis import settings

from pycore.errors import FormatError, LossError
from pycore.formats import tools
from pycore.formats.tools import plain
from pycore.model import EMPTY, Layout, Puzzle, given
from tests.strategies import square_puzzles
from tests.tools.grids import CLASSIC, classic_puzzle, givens_only


def test_line_is_one_character_a_cell_with_dots_for_empty_cells() -> None:
    assert plain.line(classic_puzzle()) == CLASSIC


def test_line_of_bigger_grids_continues_with_letters() -> None:
    puzzle = Puzzle.blank(size=16).with_cells({0: given(9), 1: given(10), 2: given(16)})
    out = plain.line(puzzle)
    assert len(out) == 256
    assert out[:4] == "9AG."
    big = Puzzle.blank(size=25).with_cells({624: given(25)})
    assert plain.line(big) == "." * 624 + "P"


def test_line_names_a_box_shape_it_cannot_say() -> None:
    puzzle = Puzzle("sudoku", 6, (EMPTY,) * 36, box=(3, 2))
    assert list(map(str, tools.lost("line", puzzle))) == [
        "the box shape 3x2 (it would read back as the default)"]


@pytest.mark.parametrize("puzzle", [Puzzle.blank("str8ts", 9), Puzzle.blank(layout=Layout.samurai())])
def test_line_cannot_hold_str8ts_or_layouts_at_all(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="n x n sudoku") as caught:
        plain.line(puzzle, lossy=True)
    assert not isinstance(caught.value, LossError)


@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", default_box=True))
def test_line_reads_back_as_the_givens(puzzle: Puzzle) -> None:
    out = plain.line(puzzle, lossy=True)
    symbols = "123456789ABCDEFGHIJKLMNOP"
    read = [EMPTY if ch == "." else given(symbols.index(ch) + 1) for ch in out]
    assert Puzzle("sudoku", puzzle.size, tuple(read)) == givens_only(puzzle)


# --- plain grids with other empties, and inside links ------------------------------------------

GRID = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@pytest.mark.parametrize("empty", ["*", "_", "0"])
def test_star_and_underscore_are_empty_cells_too(empty: str) -> None:
    found = tools.read(GRID.replace(".", empty))
    assert found.format == "plain" and found.puzzle == tools.read(GRID).puzzle


@pytest.mark.parametrize(("link", "where"), [
    ("https://example.org/play?s={grid}&level=3", "the query parameter 's'"),
    ("https://example.org/?import={grid}", "the query parameter 'import'"),
    ("https://sudoku.example.com/play/{grid}", "the path segment 2"),
    ("https://example.org/p/{grid}/", "the path segment 2"),
    ("http://example.org/#{grid}", "the fragment"),
])
def test_a_grid_inside_a_link_from_an_unknown_site_is_found_and_said_where(link: str, where: str) -> None:
    for grid in (GRID.replace(".", "0"), GRID.replace(".", "_")):
        found = tools.read(link.format(grid=grid))
        assert found.puzzle == tools.read(GRID).puzzle
        (warning,) = found.warnings
        assert where in warning and "is not read" in warning


def test_a_link_with_two_different_grids_is_refused() -> None:
    other = GRID.replace("4", "5", 1).replace(".", "0")
    with pytest.raises(FormatError, match="2 grids"):
        tools.read(f"https://example.org/{GRID.replace('.', '0')}?s={other}")


def test_short_ids_and_words_in_links_are_not_grids() -> None:
    for link in ("https://example.org/abcdefabcdef1234", "https://example.org/?id=0123456789abcdef0123",
                 "https://example.org/blog/a-post-about-sudoku"):
        with pytest.raises(FormatError):
            tools.read(link)


def test_a_link_of_a_known_site_is_not_searched_for_a_grid() -> None:
    with pytest.raises(FormatError, match=r"puzz\.link"):
        tools.read(f"https://puzz.link/p?nurikabe/{GRID.replace('.', '0')}")
