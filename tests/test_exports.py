"""Exports to other tools, each read back the way that tool reads it.

The readers below are written from the targets' public source: SudokuPad's
`PuzzleTools.unzipClassicSudoku2` and SCF decoder (SudokuPad/sudokutools), the
f-puzzles JSON as SudokuPad's f-puzzles decoder and rangsk/dclamage's
SudokuSolver read it, HoDoKu's `Sudoku2.getSudoku` (PM_GRID and LIBRARY modes),
and kangaroo's `SudokuDTO` (Michu8258/kangaroo).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from pycore.errors import FormatError, LossError
from pycore.formats import exports
from pycore.formats.exports import fpuzzles, sudokupad, text
from pycore.model import EMPTY, Cell, Layout, Puzzle, black, candidates, given, value

from .strategies import layout_puzzles, square_puzzles

# The classic example grid (Wikipedia's), with a player's digit and pencil marks added below.
CLASSIC = (
    "53..7...."
    "6..195..."
    ".98....6."
    "8...6...3"
    "4..8.3..1"
    "7...2...6"
    ".6....28."
    "...419..5"
    "....8..79"
)


def classic_puzzle() -> Puzzle:
    cells = [EMPTY if ch == "." else given(int(ch)) for ch in CLASSIC]
    return Puzzle("sudoku", 9, tuple(cells))


def with_play(puzzle: Puzzle) -> Puzzle:
    """r1c3 = 4 by the player; r1c4 pencil-marked 2 and 6."""
    return puzzle.with_cells({2: value(4), 3: candidates([2, 6])})


def givens_only(puzzle: Puzzle) -> Puzzle:
    played = ("value", "candidates")
    return puzzle.with_cells({i: EMPTY for i, c in enumerate(puzzle.cells) if c.kind in played})


# --- the registry ----------------------------------------------------------------------------

def test_every_target_is_registered_by_name() -> None:
    assert exports.names() == ["line", "hodoku", "hodoku-library", "kangaroo", "sudokupad", "fpuzzles"]
    assert [name for name in exports.names() if exports.EXPORTS[name].is_link] == ["sudokupad", "fpuzzles"]


def test_an_unknown_target_is_a_format_error() -> None:
    with pytest.raises(FormatError, match="an export name"):
        exports.export("nonesuch", classic_puzzle())


def test_a_loss_is_refused_with_every_item_named_unless_lossy() -> None:
    puzzle = with_play(classic_puzzle())
    assert exports.lost("line", puzzle) == ["1 player's value", "1 cell with pencil marks"]
    with pytest.raises(LossError) as caught:
        exports.export("line", puzzle)
    assert caught.value.lost == ["1 player's value", "1 cell with pencil marks"]
    assert "player's value" in str(caught.value)
    assert exports.export("line", puzzle, lossy=True) == CLASSIC


def test_survey_tells_the_page_each_targets_verdict() -> None:
    verdicts = {v.name: v for v in exports.survey(with_play(classic_puzzle()))}
    assert list(verdicts) == exports.names()
    assert verdicts["fpuzzles"].lost == [] and verdicts["fpuzzles"].refused is None
    assert verdicts["sudokupad"].lost == ["1 player's value", "1 cell with pencil marks"]
    samurai = {v.name: v for v in exports.survey(Puzzle.blank(layout=Layout.samurai()))}
    assert all(v.refused and "21x21 multi-grid layout" in v.refused for v in samurai.values())


# --- the 81-character line -------------------------------------------------------------------

def test_line_is_one_character_a_cell_with_dots_for_empty_cells() -> None:
    assert text.line(classic_puzzle()) == CLASSIC


def test_line_of_bigger_grids_continues_with_letters() -> None:
    puzzle = Puzzle.blank(size=16).with_cells({0: given(9), 1: given(10), 2: given(16)})
    out = text.line(puzzle)
    assert len(out) == 256
    assert out[:4] == "9AG."
    big = Puzzle.blank(size=25).with_cells({624: given(25)})
    assert text.line(big) == "." * 624 + "P"


def test_line_names_a_box_shape_it_cannot_say() -> None:
    puzzle = Puzzle("sudoku", 6, (EMPTY,) * 36, box=(3, 2))
    assert exports.lost("line", puzzle) == ["the box shape 3x2 (it would read back as the default)"]


@pytest.mark.parametrize("puzzle", [Puzzle.blank("str8ts", 9), Puzzle.blank(layout=Layout.samurai())])
def test_line_cannot_hold_str8ts_or_layouts_at_all(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="n x n sudoku") as caught:
        text.line(puzzle, lossy=True)
    assert not isinstance(caught.value, LossError)


@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", default_box=True))
def test_line_reads_back_as_the_givens(puzzle: Puzzle) -> None:
    out = text.line(puzzle, lossy=True)
    symbols = "123456789ABCDEFGHIJKLMNOP"
    read = [EMPTY if ch == "." else given(symbols.index(ch) + 1) for ch in out]
    assert Puzzle("sudoku", puzzle.size, tuple(read)) == givens_only(puzzle)


# --- SudokuPad's classic link ----------------------------------------------------------------

BLANK_ENCODES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"


def read_classic(link: str) -> list[int]:
    """SudokuPad's reading: each character is index = digit + 10 * blanks that follow it."""
    assert link.startswith("https://sudokupad.app/scf")
    digits: list[int] = []
    for ch in link.removeprefix("https://sudokupad.app/scf"):
        index = BLANK_ENCODES.index(ch)
        digits += [index % 10] + [0] * (index // 10)
    return digits


def test_sudokupad_alphabet_is_sudokupads_sixty_letters() -> None:
    assert sudokupad.ALPHABET == BLANK_ENCODES
    assert len(set(sudokupad.ALPHABET)) == 60


def test_sudokupad_packs_a_given_with_up_to_five_blanks_after_it() -> None:
    assert sudokupad.classic([5, 0, 0, 3]) == "P3"  # 5 + 2 blanks = index 25
    assert sudokupad.classic([0] * 6) == "o"  # an empty cell and 5 blanks = index 50
    assert sudokupad.classic([0] * 7) == "o0"
    assert sudokupad.classic([9, 0, 0, 0, 0, 0, 0]) == "x0"  # index 59, the last letter


def test_sudokupad_link_of_the_classic_example() -> None:
    link = sudokupad.export(classic_puzzle())
    assert link == "https://sudokupad.app/scf5NlQ19j9mGca3OIN1bWGk2m41TjS79"
    assert "".join(str(d or ".") for d in read_classic(link)) == CLASSIC


def test_an_empty_grid_is_thirteen_full_runs_and_a_short_one() -> None:
    assert sudokupad.export(Puzzle.blank()) == "https://sudokupad.app/scf" + "o" * 13 + "K"


def test_sudokupad_names_values_and_marks_and_drops_them_when_lossy() -> None:
    puzzle = with_play(classic_puzzle())
    assert exports.lost("sudokupad", puzzle) == ["1 player's value", "1 cell with pencil marks"]
    with pytest.raises(LossError):
        sudokupad.export(puzzle)
    assert sudokupad.export(puzzle, lossy=True) == sudokupad.export(classic_puzzle())


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank(size=4), Puzzle.blank(size=16), Puzzle.blank("str8ts", 9),
    Puzzle.blank(layout=Layout.samurai()),
])
def test_sudokupad_classic_holds_nine_by_nine_only(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="9x9 sudoku with 3x3 boxes"):
        sudokupad.export(puzzle, lossy=True)


@settings(max_examples=80, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(9,), default_box=True))
def test_sudokupad_reads_back_every_given(puzzle: Puzzle) -> None:
    link = sudokupad.export(puzzle, lossy=True)
    assert read_classic(link) == [c.digit if c.kind == "given" else 0 for c in puzzle.cells]


# --- the f-puzzles link ----------------------------------------------------------------------

def _lzstring_imports() -> bool:
    try:
        import lzstring  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:  # missing, or its dependency `future` is (a bare Pyodide)
        return False
    return True


needs_lzstring = pytest.mark.skipif(not _lzstring_imports(),
                                    reason="lzstring (pycore[imports]) does not import")


def read_fpuzzles(link: str) -> dict[str, Any]:
    import lzstring  # type: ignore[import-untyped]

    assert link.startswith("https://www.f-puzzles.com/?load=")
    data = lzstring.LZString().decompressFromBase64(link.removeprefix("https://www.f-puzzles.com/?load="))
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


@needs_lzstring
def test_fpuzzles_json_has_size_and_grid_of_cells() -> None:
    data = read_fpuzzles(fpuzzles.export(with_play(classic_puzzle())))
    assert data["size"] == 9
    assert len(data["grid"]) == 9
    assert data["grid"][0][:5] == [
        {"value": 5, "given": True}, {"value": 3, "given": True}, {"value": 4},
        {"centerPencilMarks": [2, 6]}, {"value": 7, "given": True},
    ]
    assert data["grid"][0][5] == {}


@needs_lzstring
def test_fpuzzles_compression_is_lz_strings_base64_as_sudokupad_reads_it() -> None:
    # A pair from SudokuPad's own format tests (PuzzleTools.runTests).
    plain = '{"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]}'
    assert fpuzzles._compress(plain) == "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="


@needs_lzstring
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


def test_fpuzzles_without_lzstring_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lzstring", None)
    with pytest.raises(FormatError, match=r"pycore\[imports\]"):
        fpuzzles.export(classic_puzzle())


@needs_lzstring
@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(4, 6, 8, 9, 12, 16)))
def test_fpuzzles_holds_every_state_of_every_sudoku_up_to_16(puzzle: Puzzle) -> None:
    assert exports.lost("fpuzzles", puzzle) == []
    assert fpuzzles_to_puzzle(read_fpuzzles(fpuzzles.export(puzzle))) == puzzle


# --- HoDoKu pencil-mark grid -----------------------------------------------------------------

def read_pm_grid(out: str) -> list[str]:
    """The 81 cell entries of a pencil-mark grid, row by row."""
    entries: list[str] = []
    for row in out.splitlines():
        if row.startswith("|"):
            entries += row.replace("|", " ").split()
    return entries


SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def solved_puzzle() -> Puzzle:
    return Puzzle("sudoku", 9, tuple(given(int(ch)) for ch in SOLVED))


def test_hodoku_grid_of_a_full_grid_is_hodokus_layout() -> None:
    out = text.hodoku(solved_puzzle()).splitlines()
    assert out[0] == ".---------.---------.---------."
    assert out[1] == "| 5  3  4 | 6  7  8 | 9  1  2 |"
    assert out[4] == ":---------+---------+---------:"
    assert out[12] == "'---------'---------'---------'"
    assert len(out) == 13


def test_hodoku_grid_pads_each_column_to_its_widest_entry_plus_two() -> None:
    out = text.hodoku(classic_puzzle().with_cell(3, candidates([2, 6]))).splitlines()
    assert len({len(line) for line in out}) == 1
    entries = read_pm_grid("\n".join(out))
    assert entries[:5] == ["5", "3", "124", "26", "7"]  # r1c3 shows what its peers leave open
    assert out[1].index("| 26") > 0


def test_hodoku_grid_names_what_would_read_back_otherwise() -> None:
    puzzle = solved_puzzle().with_cells({0: EMPTY, 1: value(3)})  # r1c1 has 5 left, nothing else
    assert exports.lost("hodoku", puzzle) == [
        "which digits are the player's (1 value would read back as givens)",
        "1 cell whose one candidate no peer lists (each would read back as a given)",
    ]
    with pytest.raises(LossError):
        text.hodoku(puzzle)
    assert read_pm_grid(text.hodoku(puzzle, lossy=True)) == list(SOLVED)


def test_hodoku_grid_keeps_a_naked_single_that_a_peer_also_lists() -> None:
    # The classic example has naked singles (r5c5 can only be 5), yet other cells
    # of their houses list the digit too, so HoDoKu reads them back as candidates.
    puzzle = classic_puzzle()
    assert read_pm_grid(text.hodoku(puzzle))[40] == "5"
    assert exports.lost("hodoku", puzzle) == []


def test_hodoku_grid_names_a_given_whose_digit_a_peer_marks() -> None:
    puzzle = classic_puzzle().with_cell(2, candidates([1, 5]))  # r1c1 holds 5
    assert exports.lost("hodoku", puzzle) == [
        "1 placed digit that a peer's pencil marks also list (each would read back as a candidate)",
    ]


@settings(max_examples=40, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(9,), default_box=True))
def test_hodoku_grid_shows_every_digit_and_mark(puzzle: Puzzle) -> None:
    entries = read_pm_grid(text.hodoku(puzzle, lossy=True))
    for cell, entry in zip(puzzle.cells, entries, strict=True):
        if cell.digit:
            assert entry == str(cell.digit)
        elif cell.kind == "candidates":
            assert entry == "".join(map(str, sorted(cell.candidates)))


# --- HoDoKu library line ---------------------------------------------------------------------

def test_hodoku_library_line_marks_players_digits_and_lists_eliminations() -> None:
    # r1c4 is marked 2 and 6, which is all its peers leave open: nothing is eliminated,
    # so the line cannot tell those marks from no marks, and says so before writing.
    with pytest.raises(LossError, match="list every open digit"):
        text.hodoku_library(with_play(classic_puzzle()))
    out = text.hodoku_library(with_play(classic_puzzle()), lossy=True)
    assert out == ":0000:x:53+4.7...." + CLASSIC[9:] + ":::"


def test_hodoku_library_eliminations_are_digit_row_column() -> None:
    puzzle = classic_puzzle().with_cell(2, candidates([1]))  # r1c3: peers leave 1, 2, 4 open
    # Once anything is eliminated, HoDoKu marks every open digit in the unmarked cells.
    assert exports.lost("hodoku-library", puzzle) == [
        "50 cells without pencil marks (HoDoKu would mark every open digit there)"]
    assert text.hodoku_library(puzzle, lossy=True) == ":0000:x:" + CLASSIC + ":213 413::"


def test_hodoku_library_cannot_hold_marks_a_peer_rules_out() -> None:
    puzzle = classic_puzzle().with_cell(2, candidates([5, 1]))  # 5 is in the row already
    assert exports.lost("hodoku-library", puzzle)[0] == "1 pencil mark of a digit a peer already holds"


def read_library(out: str) -> Puzzle:
    """HoDoKu's reading: digits, + digits, and every open digit not eliminated for unset cells."""
    _, _, _, cells_text, eliminated, _, _ = out.split(":")
    cells: list[Cell] = []
    i = 0
    while i < len(cells_text):
        ch = cells_text[i]
        if ch == "+":
            cells.append(value(int(cells_text[i + 1])))
            i += 2
            continue
        cells.append(EMPTY if ch == "." else given(int(ch)))
        i += 1
    gone: dict[int, set[int]] = {}
    for item in eliminated.split():
        d, r, c = map(int, item)
        gone.setdefault((r - 1) * 9 + c - 1, set()).add(d)
    puzzle = Puzzle("sudoku", 9, tuple(cells))
    seen = [{puzzle.cells[p].digit for p in puzzle.geometry.peers[i]} for i in range(81)]
    marks = {i: candidates(set(range(1, 10)) - seen[i] - marked) for i, marked in gone.items()}
    return puzzle.with_cells(marks)


@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(9,), default_box=True))
def test_hodoku_library_reads_back_whatever_it_can_hold(puzzle: Puzzle) -> None:
    if exports.lost("hodoku-library", puzzle):
        return
    read = read_library(text.hodoku_library(puzzle))
    for mine, theirs in zip(puzzle.cells, read.cells, strict=True):
        if mine.kind == "candidates" and theirs.kind == "empty":
            # marks that leave every open digit are what an unmarked cell means to HoDoKu
            continue
        assert mine == theirs


# --- kangaroo JSON ---------------------------------------------------------------------------

def test_kangaroo_config_has_boxes_in_row_major_order_with_their_cells() -> None:
    config = json.loads(text.kangaroo(classic_puzzle()))
    assert config["boxSize"] == 3
    assert config["layout"] == {"width": 3, "height": 3}
    order = [(b["indexRow"], b["indexColumn"]) for b in config["boxes"]]
    assert order == [(r, c) for r in range(3) for c in range(3)]
    first = config["boxes"][0]
    assert first["disabled"] is False
    assert first["cells"][:4] == [
        {"value": 5, "indexRowInBox": 0, "indexColumnInBox": 0},
        {"value": 3, "indexRowInBox": 0, "indexColumnInBox": 1},
        {"value": None, "indexRowInBox": 0, "indexColumnInBox": 2},
        {"value": 6, "indexRowInBox": 1, "indexColumnInBox": 0},
    ]


def test_kangaroo_disabled_boxes_carry_empty_cells() -> None:
    layout = Layout(2, 3, 3, frozenset({2, 6}))  # two 4x4 grids sharing their middle box
    puzzle = Puzzle.blank(layout=layout).with_cell(0, given(4))
    config = json.loads(text.kangaroo(puzzle))
    assert config["boxSize"] == 2 and config["layout"] == {"width": 3, "height": 3}
    assert config["boxes"][0]["cells"][0] == {"value": 4, "indexRowInBox": 0, "indexColumnInBox": 0}
    disabled = [b for b in config["boxes"] if b["disabled"]]
    assert [(b["indexRow"], b["indexColumn"]) for b in disabled] == [(0, 2), (2, 0)]
    assert all(len(b["cells"]) == 4 and all(c["value"] is None for c in b["cells"]) for b in disabled)


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank(size=6), Puzzle.blank(size=12), Puzzle.blank("str8ts", 9),
    Puzzle.blank(layout=Layout.samurai()), Puzzle("sudoku", 16, (EMPTY,) * 256, box=(2, 8)),
])
def test_kangaroo_holds_square_boxes_and_layouts_of_at_most_five_boxes(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="square boxes of 2 to 5"):
        text.kangaroo(puzzle, lossy=True)


def read_kangaroo(out: str) -> Puzzle:
    config = json.loads(out)
    b, width, height = config["boxSize"], config["layout"]["width"], config["layout"]["height"]
    disabled = frozenset(i for i, box in enumerate(config["boxes"]) if box["disabled"])
    blank = Puzzle.blank(layout=Layout(b, width, height, disabled))
    changes = {}
    for box in config["boxes"]:
        for cell in box["cells"]:
            if cell["value"] is not None:
                r = box["indexRow"] * b + cell["indexRowInBox"]
                c = box["indexColumn"] * b + cell["indexColumnInBox"]
                changes[r * blank.cols + c] = given(cell["value"])
    return blank.with_cells(changes)


@settings(max_examples=40, deadline=None)
@for_all(st.one_of(square_puzzles(kind="sudoku", sizes=(4, 9, 16), default_box=True), layout_puzzles()))
def test_kangaroo_reads_back_the_givens(puzzle: Puzzle) -> None:
    try:
        out = text.kangaroo(puzzle, lossy=True)
    except FormatError:
        assert puzzle.layout is not None and max(puzzle.layout.width, puzzle.layout.height) > 5
        return
    assert read_kangaroo(out) == givens_only(puzzle)


def test_str8ts_black_cells_are_named_when_refused() -> None:
    puzzle = Puzzle.blank("str8ts", 9).with_cell(0, black(3))
    for name in exports.names():
        with pytest.raises(FormatError, match="9x9 str8ts"):
            exports.export(name, puzzle, lossy=True)
