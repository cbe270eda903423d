"""f-puzzles links and JSON read and written, as f-puzzles and SudokuPad's f-puzzles reader take them."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings

from pycore import links
from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats._lzstring import decompress_from_base64
from pycore.formats.tools import _common, fpuzzles
from pycore.model import DEFAULT_BOX, EMPTY, Cell, Layout, Puzzle, candidates, given, value
from tests.strategies import square_puzzles
from tests.tools.grids import HOSTILE, classic_puzzle, with_play


def test_f_puzzles_short_links_are_explained() -> None:
    with pytest.raises(FormatError, match="tinyurl"):
        links.read_any("https://f-puzzles.com/?id=abc123")


def test_what_cannot_be_kept_is_named() -> None:
    grid_cells: list[list[dict[str, Any]]] = [[{} for _ in range(9)] for _ in range(9)]
    grid_cells[0][0] = {"value": 5, "given": True, "c": "#ff0000"}
    grid_cells[0][1] = {"value": 3}
    grid_cells[0][2] = {"centerPencilMarks": [1, 2], "cornerPencilMarks": [4]}
    for r in range(9):
        for c in range(9):
            if c < 3 and r < 3:
                grid_cells[r][c]["region"] = 0 if (r, c) != (2, 2) else 1
    obj = {"size": 9, "grid": grid_cells, "diagonal+": True, "arrow": [{"lines": []}],
           "title": "T", "solution": ["1"]}
    found = links.read_any(json.dumps(obj))
    assert found.format == "f-puzzles"
    text = " | ".join(found.warnings)
    for part in ("the setter's cell colours in 1 cell", "1 'arrow' element (carried, not checked)",
                 "solution", "irregular regions"):
        assert part in text
    assert "diagonal" not in text  # read: the puzzle holds it
    assert "corner" not in text and "title" not in text  # both kept
    cells = found.puzzle.cells
    assert (cells[0].kind, cells[1].kind, cells[2].candidates) == ("given", "value", frozenset({1, 2}))
    assert cells[2].corner == {4} and found.puzzle.title == "T"


def noted_fpuzzles() -> dict[str, Any]:
    """A player's f-puzzles state: corner and centre marks in one cell, highlights (one of
    our palette's colours exactly, one f-puzzles' light red), and the setter's words."""
    grid_cells: list[list[dict[str, Any]]] = [[{} for _ in range(9)] for _ in range(9)]
    grid_cells[0][0] = {"value": 5, "given": True, "highlight": "#E69F00"}
    grid_cells[0][1] = {"centerPencilMarks": [1, 2], "cornerPencilMarks": [3, 4],
                        "highlight": "#FFA0A0"}
    grid_cells[0][2] = {"cornerPencilMarks": [6, 7], "highlight": "#ffa0a0"}
    grid_cells[0][3] = {"value": 2, "cornerPencilMarks": [8]}
    return {"size": 9, "grid": grid_cells, "title": "Pairs", "author": "Ann",
            "ruleset": "Normal sudoku rules apply.\r\nCorner marks are Snyder."}


def test_marks_highlights_and_words_are_kept_and_a_changed_colour_is_said() -> None:
    found = links.read_any(json.dumps(noted_fpuzzles()))
    cells = found.puzzle.cells
    assert cells[0] == given(5).with_colours([2])  # #E69F00 is our orange exactly
    assert cells[1] == candidates([1, 2]).with_corner([3, 4]).with_colours([8])
    assert cells[2] == EMPTY.with_corner([6, 7]).with_colours([8])
    assert cells[3] == value(2).with_corner([8])  # the digit keeps its marks under it
    assert (found.puzzle.title, found.puzzle.author, found.puzzle.rules) == (
        "Pairs", "Ann", "Normal sudoku rules apply.\nCorner marks are Snyder.")
    assert list(found.warnings) == [
        "the colour #ffa0a0 of 2 cells is shown as colour 8, purple (#cc79a7): the nearest "
        "of the palette",
    ]


def test_the_export_keeps_marks_one_colour_a_cell_and_the_words() -> None:
    puzzle = links.read_any(json.dumps(noted_fpuzzles())).puzzle
    data = read_fpuzzles(fpuzzles.export(puzzle, lossy=True))
    assert data["grid"][0][1] == {"centerPencilMarks": [1, 2], "cornerPencilMarks": [3, 4],
                                  "highlight": "#cc79a7"}
    assert (data["title"], data["author"], data["ruleset"]) == (
        puzzle.title, puzzle.author, puzzle.rules)
    assert tools.read(fpuzzles.export(puzzle)).puzzle == puzzle  # our colours come back as they are
    two = puzzle.with_cell(0, given(5).with_colours([2, 9]))
    assert list(map(str, tools.lost("fpuzzles", two))) == [
        "all but the first colour of 1 cell (f-puzzles holds one highlight a cell)"]
    assert read_fpuzzles(fpuzzles.export(two, lossy=True))["grid"][0][0]["highlight"] == "#e69f00"


def test_marks_under_a_players_digit_come_and_go_with_it_and_a_givens_are_said() -> None:
    grid_cells: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]
    grid_cells[0][0] = {"value": 4, "centerPencilMarks": [4, 7], "cornerPencilMarks": [1]}
    grid_cells[0][1] = {"value": 5, "given": True, "centerPencilMarks": [5, 6]}
    found = links.read_any(json.dumps({"size": 9, "grid": grid_cells}))
    assert found.puzzle.cells[0] == value(4).with_centre([4, 7]).with_corner([1])
    assert found.puzzle.cells[1] == given(5)
    assert list(found.warnings) == ["pencil marks under a given in 1 cell cannot be kept"]
    data = read_fpuzzles(fpuzzles.export(found.puzzle))
    assert data["grid"][0][0] == {"value": 4, "centerPencilMarks": [4, 7], "cornerPencilMarks": [1]}
    assert tools.read(fpuzzles.export(found.puzzle)).puzzle == found.puzzle


def test_regions_of_another_box_shape_set_the_box() -> None:
    grid_cells = [[{"region": (r // 3) * 3 + c // 2} for c in range(6)] for r in range(6)]
    found = links.read_any(json.dumps({"size": 6, "grid": grid_cells}))
    assert found.puzzle.box == (3, 2) and found.warnings == ()
    default = links.read_any(json.dumps({"size": 6, "grid": [[{}] * 6] * 6}))
    assert default.puzzle.box == DEFAULT_BOX[6]


def read_fpuzzles(link: str) -> dict[str, Any]:
    """The link's JSON, unpacked by the lzstring package (an lz-string other than ours) when
    it is installed, else by ours (tests/formats/test_lzstring.py checks the two agree)."""
    assert link.startswith("https://www.f-puzzles.com/?load=")
    packed = link.removeprefix("https://www.f-puzzles.com/?load=")
    try:
        import lzstring
    except ImportError:  # missing, or its dependency `future` is (a bare Pyodide)
        data = decompress_from_base64(packed, max_input=len(packed), max_output=1 << 20)
    else:
        data = lzstring.LZString().decompressFromBase64(packed)
    assert data is not None, packed
    loaded: dict[str, Any] = json.loads(data)
    return loaded


def fpuzzles_to_puzzle(data: dict[str, Any]) -> Puzzle:
    """Read the JSON the way f-puzzles' readers do: value + given, value alone, centre marks, region."""
    n = data["size"]
    cells: list[Cell] = []
    regions: dict[int, list[int]] = {}
    for r, row in enumerate(data["grid"]):
        assert len(row) == n
        for c, cell in enumerate(row):
            if "value" in cell:
                cells.append(given(cell["value"]) if cell.get("given") else value(cell["value"]))
            else:
                cells.append(candidates(cell.get("centerPencilMarks", [])))
            if "region" in cell:
                regions.setdefault(cell["region"], []).append(r * n + c)
    box = None
    if regions:
        first = regions[0]
        box = (first[-1] // n - first[0] // n + 1, first[-1] % n - first[0] % n + 1)
    return Puzzle("sudoku", n, tuple(cells), box)


def test_fpuzzles_json_has_size_and_grid_of_cells() -> None:
    data = read_fpuzzles(fpuzzles.export(with_play(classic_puzzle())))
    assert data["size"] == 9
    assert len(data["grid"]) == 9
    assert data["grid"][0][:5] == [
        {"value": 5, "given": True}, {"value": 3, "given": True}, {"value": 4},
        {"centerPencilMarks": [2, 6]}, {"value": 7, "given": True},
    ]
    assert data["grid"][0][5] == {}


def test_fpuzzles_writes_regions_for_a_box_shape_other_than_its_default() -> None:
    assert fpuzzles.default_region_shape(6) == (2, 3)
    assert fpuzzles.default_region_shape(12) == (3, 4)
    tall = Puzzle("sudoku", 6, (EMPTY,) * 36, box=(3, 2))
    grid = read_fpuzzles(fpuzzles.export(tall))["grid"]
    assert [cell["region"] for cell in grid[0]] == [0, 0, 1, 1, 2, 2]
    assert [cell["region"] for cell in grid[3]] == [3, 3, 4, 4, 5, 5]
    plain = read_fpuzzles(fpuzzles.export(Puzzle.blank(size=6)))["grid"]
    assert all("region" not in cell for row in plain for cell in row)


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank(size=25), Puzzle.blank("str8ts", 9), Puzzle.blank(layout=Layout.samurai()),
])
def test_fpuzzles_cannot_hold_25x25_str8ts_or_layouts(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="at most 16x16"):
        fpuzzles.export(puzzle, lossy=True)


def test_fpuzzles_links_need_no_lzstring_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lzstring", None)  # `import lzstring` now fails
    link = fpuzzles.export(classic_puzzle())
    assert tools.read(link).puzzle == classic_puzzle()


@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(4, 6, 8, 9, 12, 16)))
def test_fpuzzles_holds_every_state_of_every_sudoku_up_to_16(puzzle: Puzzle) -> None:
    assert tools.lost("fpuzzles", puzzle) == []
    assert fpuzzles_to_puzzle(read_fpuzzles(fpuzzles.export(puzzle))) == puzzle


@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(4, 6, 8, 9, 12, 16), notes=True))
def test_fpuzzles_notes_come_back_but_a_cells_further_colours(puzzle: Puzzle) -> None:
    """Corner marks, one colour a cell and the words come back through our reader."""
    read = tools.read(fpuzzles.export(puzzle, lossy=True)).puzzle
    expected = puzzle.with_cells({i: c.with_colours([min(c.colours)])
                                  for i, c in enumerate(puzzle.cells) if len(c.colours) > 1})
    assert read == expected.with_info(*(t.strip() for t in (
        puzzle.title, puzzle.author, puzzle.rules)))


def test_fpuzzles_compression_is_lz_strings_base64_as_sudokupad_reads_it() -> None:
    # A pair from SudokuPad's own format tests (PuzzleTools.runTests).
    plain = '{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}'
    assert _common.lz_compress(plain) == \
        "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="


def test_a_foreign_constraint_name_is_echoed_bounded_and_escaped() -> None:
    """A name as long as a page, or one that turns the words after it around, is quoted
    short, with its direction and control characters as escapes."""
    long_name, turning = "q" * 20_000, "evil\u202e\u2066name\x00"
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(9)] for _ in range(9)]
    grid[0][0] = {"value": 5, "given": True, long_name: 1}
    found = links.read_any(json.dumps({"size": 9, "grid": grid, long_name: [1], turning: True}))
    assert found.format == "f-puzzles"
    assert max(len(w) for w in found.warnings) < 80
    assert "the 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq…' constraint cannot be kept" in found.warnings
    assert r"1 'evil\u202e\u2066name\x00' element (carried, not checked)" in found.warnings
    assert not any(ch in w for w in found.warnings for ch in "\u202e\u2066\x00")
    assert any(w.startswith("cell fields 'qqqq") for w in found.warnings)


def test_hostile_words_at_their_bounds_come_back_and_sit_where_f_puzzles_reads_them() -> None:
    """Quotes, backslashes, stars, percent signs, astral characters and line breaks in the
    rules, each text at its bound: the link's JSON holds them as `title`, `author` and
    `ruleset` (also what SudokuPad's `fpuzzles` reader takes) and our reader gives them back."""
    puzzle = classic_puzzle().with_info(*HOSTILE)
    link = fpuzzles.export(puzzle)
    data = read_fpuzzles(link)
    assert (data["title"], data["author"], data["ruleset"]) == HOSTILE
    assert tools.lost("fpuzzles", puzzle) == []
    assert tools.read(link).puzzle == puzzle
    assert tools.read("https://sudokupad.app/fpuzzles" + link.split("=", 1)[1]).puzzle == puzzle
