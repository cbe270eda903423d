"""Compact's notes: corner marks, colours, title, author and rules in the same link.

What a puzzle without notes costs is what it cost before the notes existed (to the
character), every link written before them opens to the same grid, and the notes of
every shape come back as they went in.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore.errors import FormatError
from pycore.formats import _notes, compact
from pycore.formats._numeral import to_text
from pycore.formats._rans import AdaptiveBit, Writer
from pycore.formats.json import from_json
from pycore.model import (
    BLACK,
    EMPTY,
    MAX_AUTHOR,
    MAX_RULES,
    MAX_TITLE,
    Layout,
    Puzzle,
    black,
    candidates,
    value,
)
from pycore.model import given as given_cell
from tests.strategies import layout_puzzles, square_puzzles

DATA = Path(__file__).parent.parent / "data" / "compact_v1_links.jsonl.gz"
PROPERTY = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def links_of_version_1() -> list[dict[str, object]]:
    """Links the encoder wrote before the notes existed: the first dozen grids of every
    group of the link-length corpus (benchmarks/corpus.py), with their JSON form."""
    with gzip.open(DATA, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_every_link_written_before_the_notes_opens_to_the_same_grid_and_is_written_again() -> None:
    rows = links_of_version_1()
    assert len({row["group"] for row in rows}) >= 10
    for row in rows:
        puzzle = from_json(row["puzzle"])
        assert compact.reading(str(row["text"])) == (puzzle, False), row["group"]
        if compact.played(puzzle):  # a grid with progress is written again as a checked text
            assert compact.reading(compact.encode(puzzle)) == (puzzle, True), row["group"]
        else:
            assert compact.encode(puzzle) == row["text"], row["group"]


def noted_9x9() -> Puzzle:
    """A coloured mid-solve: a coloured given, a value, centre and corner marks in one cell,
    a Snyder pair of corner marks, a cell with two colours, and the setter's words."""
    return Puzzle.blank().with_cells({
        0: given_cell(5).with_colours([1]),
        1: value(3),
        2: candidates([1, 2, 4]).with_corner([1, 2]).with_colours([2, 7]),
        10: EMPTY.with_corner([1, 2]),
        40: EMPTY.with_colours([9]),
    }).with_info(title="Coloured", author="Ann", rules="Normal sudoku rules.\nHave fun.")


def test_the_notes_come_back_for_less_than_the_words_spelled_out() -> None:
    """Marks and colours cost a few characters (and a checked text's check one), words
    less than one a character."""
    puzzle = noted_9x9()
    text = compact.encode(puzzle)
    assert compact.decode(text) == puzzle
    bare = compact.encode(puzzle.bare)
    assert compact.decode(bare) == puzzle.bare
    words = len(puzzle.title) + len(puzzle.author) + len(puzzle.rules)
    assert len(bare) < len(text) < len(bare) + words + 12


@pytest.mark.parametrize("cell", [
    EMPTY.with_corner([9]), candidates([1]).with_corner([1]), given_cell(1).with_colours([9]),
    value(2).with_colours(range(1, 10)), EMPTY.with_corner(range(1, 10)).with_colours([4, 5]),
])
def test_one_note_alone(cell: object) -> None:
    puzzle = Puzzle.blank().with_cell(80, cell)  # type: ignore[arg-type]
    assert compact.decode(compact.encode(puzzle)) == puzzle


def test_notes_on_a_str8ts_and_on_a_samurai() -> None:
    str8ts = Puzzle.blank("str8ts", 5).with_cells({
        0: BLACK.with_colours([3]), 1: black(2).with_colours([1, 2]),
        2: EMPTY.with_corner([4, 5]), 7: candidates([1, 3]).with_corner([2])})
    samurai = Puzzle.blank(layout=Layout.samurai()).with_cells(
        {0: given_cell(1).with_colours([6]), 200: EMPTY.with_corner([3, 4])}).with_info(title="S")
    for puzzle in (str8ts, samurai):
        assert compact.decode(compact.encode(puzzle)) == puzzle


def test_corner_marks_a_cell_cannot_hold_survive_by_the_escape() -> None:
    """A corner mark of a digit its row already holds (a player's mistake) is kept."""
    puzzle = Puzzle.blank().with_cells({0: given_cell(7), 1: EMPTY.with_corner([7, 8])})
    assert compact.decode(compact.encode(puzzle)) == puzzle


def test_the_longest_words_and_any_character() -> None:
    puzzle = Puzzle.blank(size=4).with_info(
        "é😀" * (MAX_TITLE // 2), "A" * MAX_AUTHOR, ("line\n" * MAX_RULES)[:MAX_RULES])
    assert compact.decode(compact.encode(puzzle)) == puzzle


@PROPERTY
@given(st.one_of(square_puzzles(notes=True), layout_puzzles(notes=True)))
def test_every_shape_with_notes_round_trips(puzzle: Puzzle) -> None:
    text = compact.encode(puzzle)
    assert compact.decode(text) == puzzle
    if not puzzle.has_notes:
        return
    assert compact.encode(puzzle.bare) != text


def _with_notes_steps(steps: Writer) -> str:
    """A blank classic 9x9 (its two steps) followed by the notes written by `steps`."""
    head = Writer()
    head.weighted(compact.HEAD, compact.CLASSIC_BARE)
    head.weighted(compact.SYMMETRIES, compact.NONE)
    text = to_text(_cells_of_blank(head).number(steps.number() + 1))
    return compact.MARK + text if compact._lookalike(text) else text


def _cells_of_blank(writer: Writer) -> Writer:
    """Each of the 81 cells of a blank 9x9: empty, by the bare kinds' adaptive model."""
    table = [compact.KIND_PRIOR[compact.K_EMPTY], compact.KIND_PRIOR[compact.K_GIVEN]]
    for _ in range(81):
        writer.weighted(list(table), 0)
        table[0] += 2
    return writer


def _refusal(steps: Writer) -> tuple[str, str | None]:
    with pytest.raises(FormatError) as info:
        compact.decode(_with_notes_steps(steps))
    return info.value.expected, info.value.found


def test_a_blank_grid_with_notes_steps_reads_as_written() -> None:
    """The hand-written walk is the encoder's: a colour 4 on r1c1, nothing else."""
    steps = Writer()
    steps.weighted(_notes.PARTS, _notes.COLOURS)
    coloured = _notes.Leaning(_notes.COLOURED)
    coloured.code(steps, 1)
    steps.weighted(_notes.COLOUR_COUNTS, 0)
    steps.weighted([1] * 9, 3)
    for _ in range(80):
        coloured.code(steps, 0)
    puzzle = Puzzle.blank().with_cell(0, EMPTY.with_colours([4]))
    assert compact.reading(_with_notes_steps(steps)) == (puzzle, False)  # version 1's text
    assert compact.reading(compact.encode(puzzle)) == (puzzle, True)  # written checked now


def test_an_escape_for_corner_marks_that_none_takes_is_refused() -> None:
    steps = Writer()
    steps.weighted(_notes.PARTS, _notes.CORNER)
    steps.weighted(_notes.ESCAPE, 1)
    empty_cells = AdaptiveBit()  # whether an empty cell whose box waits for nothing has marks
    for _ in range(81):
        empty_cells.code(steps, 0)
    assert _refusal(steps) == (
        "a text as the encoder writes it",
        "an escape for corner marks outside the possibles that none takes")


def test_words_longer_than_their_bound_are_refused() -> None:
    steps = Writer()
    steps.weighted(_notes.PARTS, _notes.WORDS)
    steps.weighted(_notes.WORD_SETS, 1)  # a title only
    bits = MAX_TITLE.bit_length()
    steps.uniform(bits, bits - 1)  # as many bits as the bound has
    steps.uniform(1 << (bits - 1), (1 << (bits - 1)) - 1)  # and all of them set: 127
    assert _refusal(steps) == (f"a text of at most {MAX_TITLE} characters", "127")


def test_a_text_with_more_after_its_notes_is_refused() -> None:
    steps = Writer()
    steps.weighted(_notes.PARTS, _notes.WORDS)
    steps.weighted(_notes.WORD_SETS, 2)  # an author only
    steps.uniform(MAX_AUTHOR.bit_length(), 0)  # of one character
    steps.weighted(list(_notes.CHAR_PRIOR), _notes.CHARS.index("A"))
    steps.uniform(5, 3)  # and more
    assert _refusal(steps) == ("a text that ends where its puzzle does", "more data")
