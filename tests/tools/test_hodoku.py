"""HoDoKu's texts read and written, each read back the way HoDoKu's Sudoku2 reads it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings

from pycore import links
from pycore.errors import FormatError, LossError
from pycore.formats import tools
from pycore.formats.tools import hodoku
from pycore.model import EMPTY, Cell, Puzzle, candidates, given, value
from tests.strategies import square_puzzles
from tests.tools.examples import EXAMPLES, by_name
from tests.tools.exportable import Reached, classic_states
from tests.tools.grids import CLASSIC, classic_puzzle, with_play


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "placement" in e],
                         ids=lambda e: e["text"][:20])
def test_hodoku_full_house_lines_leave_one_cell_for_the_placement(example: dict[str, Any]) -> None:
    """A Full House test case: the placed cell is the last empty one of a house."""
    puzzle = links.read_any(example["text"]).puzzle
    digit, row, col = (int(ch) for ch in example["placement"])
    index = (row - 1) * 9 + col - 1
    # the line's deleted-candidates field is empty: HoDoKu's full marks, so the cell's one
    # open digit is the placement
    assert puzzle.cells[index].candidates == {digit}
    houses = puzzle.geometry.units[index]
    assert any(all(puzzle.cells[j].digit for j in house if j != index)
               and digit not in {puzzle.cells[j].digit for j in house} for house in houses)
    assert puzzle.count("value") > 0  # the + cells: placed, not given


def test_hodoku_deleted_candidates_are_gone_and_the_rest_stay() -> None:
    example = by_name("hodoku reglib locked candidates")
    puzzle = links.read_any(example["text"]).puzzle
    deleted: dict[int, set[int]] = {(int(t[1]) - 1) * 9 + int(t[2]) - 1: set() for t in example["deleted"]}
    for t in example["deleted"]:
        deleted[(int(t[1]) - 1) * 9 + int(t[2]) - 1].add(int(t[0]))
    peers = puzzle.geometry.peers
    for i, cell in enumerate(puzzle.cells):
        if cell.kind in ("given", "value"):
            continue
        open_digits = set(range(1, 10)) - {puzzle.cells[j].digit for j in peers[i]}
        assert cell.candidates == frozenset(open_digits - deleted.get(i, set()))


def test_hodoku_pm_grid_keeps_every_mark_and_drops_the_markers() -> None:
    text = by_name("hodoku pm grid with markers")["text"]
    puzzle = links.read_any(text).puzzle
    rows = [line for line in text.splitlines() if "---" not in line]
    tokens = [tok for line in rows for tok in re.findall(r"\d+", line)]
    assert len(tokens) == 81
    for cell, tok in zip(puzzle.cells, tokens, strict=True):
        if len(tok) == 1 and cell.kind == "given":
            assert cell.digit == int(tok)
        else:
            assert cell.candidates == frozenset(int(ch) for ch in tok)


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
    out = hodoku.hodoku(solved_puzzle()).splitlines()
    assert out[0] == ".---------.---------.---------."
    assert out[1] == "| 5  3  4 | 6  7  8 | 9  1  2 |"
    assert out[4] == ":---------+---------+---------:"
    assert out[12] == "'---------'---------'---------'"
    assert len(out) == 13


def test_hodoku_grid_pads_each_column_to_its_widest_entry_plus_two() -> None:
    out = hodoku.hodoku(classic_puzzle().with_cell(3, candidates([2, 6]))).splitlines()
    assert len({len(line) for line in out}) == 1
    entries = read_pm_grid("\n".join(out))
    assert entries[:5] == ["5", "3", "124", "26", "7"]  # r1c3 shows what its peers leave open
    assert out[1].index("| 26") > 0


def test_hodoku_grid_names_what_would_read_back_otherwise() -> None:
    puzzle = solved_puzzle().with_cells({0: EMPTY, 1: value(3)})  # r1c1 has 5 left, nothing else
    assert list(map(str, tools.lost("hodoku", puzzle))) == [
        "which digits are the player's (1 value would read back as givens)",
        "1 cell whose one candidate no peer lists (each would read back as a given)",
    ]
    with pytest.raises(LossError):
        hodoku.hodoku(puzzle)
    assert read_pm_grid(hodoku.hodoku(puzzle, lossy=True)) == list(SOLVED)


def test_hodoku_grid_keeps_a_naked_single_that_a_peer_also_lists() -> None:
    # The classic example has naked singles (r5c5 can only be 5), yet other cells
    # of their houses list the digit too, so HoDoKu reads them back as candidates.
    puzzle = classic_puzzle()
    assert read_pm_grid(hodoku.hodoku(puzzle))[40] == "5"
    assert tools.lost("hodoku", puzzle) == []


def test_hodoku_grid_names_a_given_whose_digit_a_peer_marks() -> None:
    puzzle = classic_puzzle().with_cell(2, candidates([1, 5]))  # r1c1 holds 5
    assert list(map(str, tools.lost("hodoku", puzzle))) == [
        "1 placed digit that a peer's pencil marks also list (each would read back as a candidate)",
    ]


@settings(max_examples=40, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(9,), default_box=True))
def test_hodoku_grid_shows_every_digit_and_mark(puzzle: Puzzle) -> None:
    entries = read_pm_grid(hodoku.hodoku(puzzle, lossy=True))
    for cell, entry in zip(puzzle.cells, entries, strict=True):
        if cell.digit:
            assert entry == str(cell.digit)
        elif cell.kind == "candidates":
            assert entry == "".join(map(str, sorted(cell.candidates)))


def test_hodoku_library_line_marks_players_digits_and_lists_eliminations() -> None:
    # r1c4 is marked 2 and 6, which is all its peers leave open: nothing is eliminated,
    # and the line is HoDoKu's full marks, as the pencil-mark grid shows unmarked cells.
    out = hodoku.hodoku_library(with_play(classic_puzzle()))
    assert out == ":0000:x:53+4.7...." + CLASSIC[9:] + ":::"
    assert read_library(out).cells[3] == candidates([2, 6])


def test_hodoku_library_eliminations_are_digit_row_column() -> None:
    puzzle = classic_puzzle().with_cell(2, candidates([1]))  # r1c3: peers leave 1, 2, 4 open
    # HoDoKu marks every open digit in the unmarked cells, eliminations or not.
    assert tools.lost("hodoku-library", puzzle) == []
    assert hodoku.hodoku_library(puzzle) == ":0000:x:" + CLASSIC + ":213 413::"


def test_hodoku_library_cannot_hold_marks_a_peer_rules_out() -> None:
    puzzle = classic_puzzle().with_cell(2, candidates([5, 1]))  # 5 is in the row already
    assert str(tools.lost("hodoku-library", puzzle)[0]) == "1 pencil mark of a digit a peer already holds"


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
    marks = {i: candidates(set(range(1, 10)) - seen[i] - gone.get(i, set()))
             for i, cell in enumerate(puzzle.cells) if cell.kind == "empty"}
    return puzzle.with_cells(marks)


def test_hodoku_library_reads_back_whatever_it_can_hold() -> None:
    """Every state of clash-free digits and marks its houses allow reads back as HoDoKu shows
    it: an unmarked cell with every open digit, everything else unchanged."""
    reached = Reached()

    @settings(max_examples=60, deadline=None)
    @for_all(classic_states())
    def check(puzzle: Puzzle) -> None:
        reached.seen += 1
        if tools.lost("hodoku-library", puzzle):
            return
        read = read_library(hodoku.hodoku_library(puzzle))
        for i, (mine, theirs) in enumerate(zip(puzzle.cells, read.cells, strict=True)):
            assert theirs == (candidates(puzzle.open_digits(i)) if mine.kind == "empty" else mine)
        reached.checked += 1

    check()
    reached.assert_most()


# --- HoDoKu's puzzle files -------------------------------------------------------------------

LINE = "43.62......2.95...6....14...4...........6..2....3..6513......4....17.3........267"


def test_a_puzzle_file_line_keeps_its_grid_and_names_its_comment() -> None:
    for text in (LINE + " # ssts bf2(4) s", LINE + "#ssts bf2(4) s", "  " + LINE + "\t# ssts bf2(4) s  "):
        found = tools.read(text)
        assert found.format == "hodoku file"
        assert "".join(str(c.digit or ".") for c in found.puzzle.cells) == LINE
        assert found.warnings == ("the comment 'ssts bf2(4) s' is not kept",)


def test_a_library_line_with_a_comment_keeps_the_line() -> None:
    found = tools.read(":0000:x:" + LINE + ":::  # from a file")
    assert found.format == "hodoku library" and found.puzzle.count("given") == 25
    assert found.warnings == ("the comment 'from a file' is not kept",)


def test_gsf_comma_lines_keep_the_grid_and_name_the_other_fields() -> None:
    found = tools.read(f"11.9,11.9,10.6,{LINE.replace('.', '0')},Easter Monster,champagne")
    assert found.format == "hodoku file"
    assert found.puzzle.count("given") == 25
    (warning,) = found.warnings
    assert "11.9, 11.9, 10.6, Easter Monster, champagne" in warning


def test_a_comma_line_with_two_grids_is_not_a_gsf_line() -> None:
    with pytest.raises(FormatError):
        tools.read(f"{LINE},{LINE}")


def test_a_byte_order_mark_from_a_file_is_skipped() -> None:
    assert tools.read("\ufeff" + LINE + " # x").puzzle == tools.read(LINE).puzzle


def test_an_empty_deleted_candidates_field_is_full_marks() -> None:
    """HoDoKu: givens and deleted candidates together are a pencil-mark grid."""
    puzzle = tools.read(":0000:x:" + LINE + ":::").puzzle
    for i, cell in enumerate(puzzle.cells):
        if not cell.digit:
            assert cell.candidates == frozenset(puzzle.open_digits(i)) != frozenset()
    one_deleted = tools.read(":0000:x:" + LINE + ":113::").puzzle  # 1 from r1c3
    assert one_deleted.cells[2].candidates == puzzle.cells[2].candidates - {1}
    assert one_deleted.cells[5] == puzzle.cells[5]
