"""What a format cannot hold, in the words every encoder and export shares (formats._loss):
each kind of cell a format drops is named with its count, singular or plural."""

from __future__ import annotations

import pickle

import pytest

from pycore import formats
from pycore.errors import LOSSES, LossError, Lost, UnknownName
from pycore.formats._loss import kinds_lost, notes_lost, plural
from pycore.model import Puzzle, black, candidates, given, value

SUDOKU_4 = Puzzle.blank(size=4)


def named(lost: list[Lost]) -> list[str]:
    """Each lost part as the error says it."""
    return [str(part) for part in lost]


def test_plural_adds_an_s_or_takes_the_plural_given() -> None:
    assert plural(1, "black cell") == "1 black cell"
    assert plural(0, "black cell") == "0 black cells"
    assert plural(3, "enabled box", "enabled boxes") == "3 enabled boxes"
    assert plural(1, "enabled box", "enabled boxes") == "1 enabled box"


def test_each_kind_asked_for_is_named_with_its_count_in_the_order_asked() -> None:
    puzzle = SUDOKU_4.with_cells({0: value(1), 1: value(2), 2: candidates([3, 4]), 3: given(4)})
    assert named(kinds_lost(puzzle, "value", "candidates")) == [
        "2 player's values", "1 cell with pencil marks"]
    assert named(kinds_lost(puzzle, "candidates", "value")) == [
        "1 cell with pencil marks", "2 player's values"]


def test_a_single_players_value_and_many_pencil_marks() -> None:
    puzzle = SUDOKU_4.with_cells({5: value(3), 6: candidates([1]), 7: candidates([2])})
    assert named(kinds_lost(puzzle, "value", "candidates")) == [
        "1 player's value", "2 cells with pencil marks"]


def test_black_cells_of_a_str8ts() -> None:
    str8ts = Puzzle.blank("str8ts", size=4)
    assert named(kinds_lost(str8ts.with_cells({0: black(), 5: black(2)}), "black")) == ["2 black cells"]
    assert named(kinds_lost(str8ts.with_cell(0, black()), "black")) == ["1 black cell"]


def test_kinds_the_puzzle_lacks_are_not_named() -> None:
    assert kinds_lost(SUDOKU_4.with_cell(0, given(1)), "value", "candidates", "black") == []


NOTED_4 = SUDOKU_4.with_cells({
    0: given(1).with_colours([2]), 1: candidates([2]).with_corner([3, 4]),
    2: Puzzle.blank(size=4).cells[2].with_corner([1]).with_colours([1, 5]),
}).with_info(title="T", rules="R")


def test_notes_and_words_are_named_with_their_counts() -> None:
    assert named(notes_lost(NOTED_4)) == [
        "2 cells with corner marks", "2 coloured cells", "the title", "the rules"]
    assert notes_lost(SUDOKU_4.with_cell(0, given(1))) == []


@pytest.mark.parametrize("name", ["offset", "binary", "jcode", "bitcell", "str8ts"])
def test_each_seed_format_refuses_the_notes_by_name_or_drops_them_when_lossy(name: str) -> None:
    puzzle = NOTED_4 if name != "str8ts" else Puzzle.blank("str8ts", 4).with_cells(
        {0: black().with_colours([3])}).with_info(author="A")
    with pytest.raises(LossError) as err:
        formats.encode(name, puzzle)
    for part in notes_lost(puzzle):
        assert str(part) in str(err.value)
    options = {"kind": puzzle.kind} if name == "jcode" else {}
    text = formats.encode(name, puzzle, lossy=True)
    assert text == formats.encode(name, puzzle.bare, lossy=True)  # the notes, and only they, go
    assert not formats.decode(name, text, **options).has_notes


def test_a_refused_encode_carries_each_lost_part_as_data_and_says_it_as_before() -> None:
    puzzle = SUDOKU_4.with_cells({0: value(1), 1: candidates([2, 3])}).with_info(title="T")
    with pytest.raises(LossError) as err:
        formats.encode("binary", puzzle)
    assert err.value.lost == [Lost("candidates", 1), Lost("value-as-given", 1), Lost("title")]
    assert str(err.value) == (
        "binary cannot hold this puzzle: it would lose 1 cell with pencil marks; "
        "1 player's value (they would read back as givens); the title "
        "(pass lossy=True, or --lossy, to drop them)")


def test_a_loss_error_crosses_a_process_pool_with_its_parts() -> None:
    err = LossError("offset", [Lost("box-shape", detail="3x2"), Lost("black", 2)])
    again = pickle.loads(pickle.dumps(err))
    assert (type(again), again.format, again.lost, str(again)) == (
        LossError, "offset", err.lost, str(err))


def test_every_kind_of_lost_part_is_said_with_its_count_and_detail() -> None:
    for what, one, many in LOSSES:
        assert str(Lost(what, 1, "3x2")) == one.format(n=1, detail="3x2")
        assert str(Lost(what, 7, "3x2")) == many.format(n=7, detail="3x2")
    assert str(Lost("box-shape", detail="3x2")) == "the box shape 3x2 (it would read back as the default)"


def test_a_lost_part_is_one_of_the_known_kinds_and_cannot_change() -> None:
    with pytest.raises(UnknownName):
        Lost("pencil marks", 1)
    part = Lost("black", 2)
    with pytest.raises(AttributeError):
        part.count = 3
    assert part == Lost("black", 2) and hash(part) == hash(Lost("black", 2)) and part != Lost("black", 3)
