"""Long compact texts: read through the range reader's window (`_rans.Reader`) exactly as
the whole number reads, and refused early only when no text of their shape is that long.

The window and the early refusals change how much work a text makes, never what it
reads as: each test here reads texts both ways (the whole-number reader is the window
turned off) and wants the same puzzle, or the same refusal.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore.errors import FormatError
from pycore.formats import _rans, compact
from pycore.formats._numeral import from_text, to_text
from pycore.model import DEFAULT_BOX, STR8TS_SIZES, Layout, Puzzle, candidates, value
from pycore.model import given as given_cell
from pycore.shapes import blank_shape
from tests.strategies import layout_puzzles, square_puzzles
from tests.variant_strategies import variant_puzzles

if TYPE_CHECKING:
    from collections.abc import Iterator

BOX_SHAPES = [(n, box) for n in DEFAULT_BOX for box in compact.BOXES[n]]
LAYOUTS = [Layout.samurai(), Layout(2, 3, 3), Layout(2, 4, 3, frozenset({3, 8})),
           Layout(5, 6, 5), Layout(4, 5, 4)]


def _geometry_tables(kind: str, size: int, box: tuple[int, int] | None,
                     layout: Layout | None) -> tuple[Any, ...]:
    geo = Puzzle.blank(kind, size, box, layout).geometry
    box_of = [-1] * (geo.rows * geo.cols)
    for b, cells in enumerate(geo.boxes):
        for i in cells:
            box_of[i] = b
    inside = tuple(i for i in range(geo.rows * geo.cols) if i not in geo.outside)
    return (geo.rows, geo.cols, inside, geo.outside, geo.house_ids, len(geo.houses), tuple(box_of))


@pytest.mark.parametrize(("kind", "size", "box", "layout"),
                         [("sudoku", n, box, None) for n, box in BOX_SHAPES]
                         + [("str8ts", n, None, None) for n in STR8TS_SIZES]
                         + [("sudoku", lay.box ** 2, (lay.box, lay.box), lay) for lay in LAYOUTS])
def test_the_walks_tables_are_the_geometrys_houses(kind: str, size: int, box: tuple[int, int] | None,
                                                  layout: Layout | None) -> None:
    """Made from the houses alone (a geometry's peers take seconds for a large layout
    under MicroPython), the walk's tables are those the model's geometry gives."""
    tables = compact._walk_tables(kind, size, box, layout)
    made = (tables.rows, tables.cols, tables.inside, tables.outside,
            tuple(tuple(ids) for ids in tables.house_ids), tables.houses, tables.box_of)
    assert made == _geometry_tables(kind, size, box, layout)
    plan = compact._Plan(kind, size, box, layout)
    assert compact._cells_of(plan) == len(tables.inside)


def _answer(text: str) -> tuple[str, Any]:
    try:
        puzzle, checked = compact.reading(text)
    except FormatError as err:
        return "refused", str(err)
    return "read", (puzzle, checked)


@pytest.fixture
def whole(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A function that reads a text with the whole number: no window, no early look at a
    long text's checked header."""
    def read(text: str) -> tuple[str, Any]:
        with monkeypatch.context() as patch:
            patch.setattr(_rans, "WINDOW", 1 << 40)
            patch.setattr(compact, "_SHORT", 1 << 40)
            return _answer(text)
    yield read


def _long(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """The puzzle with rules long enough that its number needs the window."""
    words = "".join(rng.choice("abc d\nÉ€") for _ in range(rng.randint(300, 1000)))
    return puzzle.with_info(puzzle.title, puzzle.author, words)


PUZZLES = st.one_of(square_puzzles(notes=True), layout_puzzles(notes=True),
                    variant_puzzles(sizes=(4, 9)))
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@SETTINGS
@given(PUZZLES, st.integers(0, 2**32))
def test_a_long_text_reads_back_through_the_window(whole: Any, puzzle: Puzzle, seed: int) -> None:
    """A puzzle with long rules: its text (thousands of bits) reads back to the puzzle,
    through the window as with the whole number."""
    long = _long(puzzle, random.Random(seed))
    text = compact.encode(long)
    assert from_text(text.lstrip("_"), "compact") >> _rans.WINDOW  # the window is used
    assert compact.decode(text) == long
    assert _answer(text) == whole(text)


@SETTINGS
@given(PUZZLES, st.integers(0, 2**32), st.sampled_from([500, 2_000, 2_500, 6_000]))
def test_a_text_with_a_tail_reads_as_the_whole_number_reads(
        whole: Any, puzzle: Puzzle, seed: int, length: int) -> None:
    """A valid text (long or short, with or without progress) followed by characters of
    the alphabet up to `length` (one repeated, or random): the same puzzle or the same
    refusal, word for word, through the window and early checks as with the whole number."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        puzzle = _long(puzzle, rng)
    text = compact.encode(puzzle)
    need = max(1, length - len(text))
    tail = (rng.choice(compact.ALPHABET) * need if rng.random() < 0.5
            else "".join(rng.choice(compact.ALPHABET) for _ in range(need)))
    assert _answer(text + tail) == whole(text + tail)


def test_a_checked_text_longer_than_the_early_look_reads_as_checked(whole: Any) -> None:
    """A grid in play whose checked text is longer than `_SHORT`: the early look at its
    header lets it through, and it reads as the checked text it is."""
    rng = random.Random(3)
    puzzle = blank_shape("sudoku-25")
    cells = {}
    for i in range(625):
        cells[i] = rng.choice([given_cell(rng.randint(1, 25)), value(rng.randint(1, 25)),
                               candidates(rng.sample(range(1, 26), 12)),
                               candidates(rng.sample(range(1, 26), 12))])
    puzzle = _long(puzzle.with_cells(cells), rng)
    text = compact.encode(puzzle)
    assert len(text) > compact._SHORT
    assert compact.reading(text) == (puzzle, True)
    assert _answer(text) == whole(text)


def test_a_text_longer_than_its_shape_allows_is_refused_before_its_tables() -> None:
    """A layout's header over a number too long for it: refused for its bits before the
    walk's tables of its 750 cells are made (the largest layout's take seconds)."""
    layout = Layout(5, 6, 5)
    header = _rans.Writer()
    compact._code_header(header, compact._Plan("sudoku", 25, (5, 5), layout, bare=True))
    most = compact._max_bits(compact._cells_of(compact._Plan("sudoku", 25, (5, 5), layout)), 25)
    text = compact.MARK + to_text(header.number((1 << most) + 12345))
    compact._WALK_TABLES.pop(("sudoku", 25, (5, 5), layout), None)
    with pytest.raises(FormatError, match="bits for this shape"):
        compact.decode(text)
    assert ("sudoku", 25, (5, 5), layout) not in compact._WALK_TABLES
