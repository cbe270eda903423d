"""Long compact texts: read through the range reader's window (`_rans.Reader`) exactly as
the whole number reads, and refused early only when no text of their shape is that long.

The window and the early refusals change how much work a text makes, never what it
reads as: each test here reads texts both ways (the whole-number reader is the window
turned off) and wants the same puzzle, or the same refusal.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore.errors import FormatError
from pycore.formats import _notes, _rans, compact
from pycore.formats._numeral import from_text, to_text
from pycore.model import DEFAULT_BOX, PALETTE, STR8TS_SIZES, Cell, Layout, Puzzle, candidates, value
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


# --- the bound of a plan: what any valid text of a shape and its kinds of cells can take

def _after_header(text: str) -> tuple[int, int, bool]:
    """(bits the text's number has after its header, the plan's bound for the kinds its
    cells' walk says occur, whether it was read as checked)."""
    checked = compact.reading(text)[1]
    body = text.lstrip("_")
    number = from_text(body[:-1] if checked else body, "compact")
    reader = _rans.Reader(number)
    plan = compact._code_header(reader, None, checked)
    alphabet = compact._alphabet(plan)
    assert reader.size() <= compact._most_bits(plan, alphabet, checked)
    present = compact._code_present(reader, alphabet, ())
    return reader.size(), compact._most_bits(plan, present, checked), checked


def _words(rng: random.Random) -> tuple[str, str, str]:
    """Title, author and rules of their longest, of characters the table escapes."""
    def text(n: int) -> str:
        return "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(n))

    return text(100), text(100), text(1000)


def _heaviest(shape: str, kind: str, rng: random.Random) -> Puzzle:
    """A grid of a shape whose every cell takes about the most its kind can: marks
    (`candidates`: about half the digits, every cell), a player's digit with marks under
    it (`value`), or an empty cell (`empty`); each with about half the digits in its
    corner (but a digit) and five colours, and the longest words, every character escaped."""
    puzzle = blank_shape(shape)
    n = puzzle.size
    half = n // 2
    changes = {}
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "outside":
            continue
        some = frozenset(rng.sample(range(1, n + 1), half))
        corner = frozenset(rng.sample(range(1, n + 1), half))
        colours = frozenset(rng.sample(range(1, 10), 5))
        if kind == "candidates":
            changes[i] = Cell("candidates", 0, some, corner, colours)
        elif kind == "value":
            changes[i] = Cell("value", rng.randint(1, n), some, corner, colours)
        else:
            changes[i] = Cell("empty", 0, frozenset(), corner, colours)
    return puzzle.with_cells(changes).with_info(*_words(rng))


@pytest.mark.parametrize("kind", ["empty", "candidates", "value"])
@pytest.mark.parametrize("shape", ["sudoku-25", "sudoku-9"])
def test_the_heaviest_grids_fit_their_plans_bound(shape: str, kind: str) -> None:
    """Grids whose every cell takes about the most its kind can (marks, corner marks,
    colours, marks under digits, the longest words of escaped characters): their texts,
    checked and version 1, fit the bound of their plan and kinds of cells, which is not
    far above them, and read back."""
    puzzle = _heaviest(shape, kind, random.Random(len(shape) + len(kind)))
    text = compact.encode(puzzle)
    found, most, checked = _after_header(text)
    assert checked
    assert compact.decode(text) == puzzle
    assert most / 2 < found <= most  # the bound is not far above the heaviest grid
    if kind == "value":  # version 1 has no marks under digits
        puzzle = puzzle.with_cells({i: Cell("value", c.digit, colours=c.colours)
                                    for i, c in enumerate(puzzle.cells)})
    plain = to_text(compact._number(puzzle))  # version 1's form of the grid
    found, most, checked = _after_header(plain)
    assert not checked
    assert compact.decode(plain) == puzzle
    assert found <= most  # (digits alone, without marks under them, take far less)


@SETTINGS
@given(PUZZLES)
def test_every_text_fits_its_plans_bound(puzzle: Puzzle) -> None:
    """The bound of a plan and kinds of cells is above every text's number after its
    header (as written: the bound must never refuse a valid text)."""
    for text in (compact.encode(puzzle), compact.encode(_long(puzzle, random.Random(1)))):
        found, most, _ = _after_header(text)
        assert found <= most


def _crafted(plan: compact._Plan, length: int, seed: int) -> str:
    """A compact text of `length` characters: the plan's header over random bits (what
    anyone can write to name a large shape)."""
    header = _rans.Writer()
    compact._code_header(header, plan)
    rng = random.Random(seed)
    size = 6 * length - 12
    return to_text(header.number(rng.getrandbits(size) | 1 << (size - 1)))


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_crafted_64k_text_of_the_largest_layout_is_refused_by_its_length(seed: int) -> None:
    """The largest layout (15x15 boxes of 5x5, 5,625 cells) named in a bare header over
    64 K characters of random bits: no grid of givens and notes that a bare text holds is
    that long, so it is refused for its length before the walk's tables are made (the
    walk over 5,625 cells, every refill a division of the whole number, took 0.8 s in the
    page's MicroPython before it found something wrong)."""
    layout = Layout(5, 15, 15)
    plan = compact._Plan("sudoku", 25, (5, 5), layout)
    text = _crafted(plan, 65_536, seed)
    compact._WALK_TABLES.pop(("sudoku", 25, (5, 5), layout), None)
    with pytest.raises(FormatError, match="bits for this shape and kinds of cells") as info:
        compact.decode(text)
    most = compact._most_bits(plan, compact._alphabet(plan), False)
    assert info.value.expected == f"at most {most} bits for this shape and kinds of cells"
    assert ("sudoku", 25, (5, 5), layout) not in compact._WALK_TABLES


def _worst(firsts: tuple[int, ...], step: int, uses: int) -> float:
    """The most bits `uses` steps of an adaptive table can take: each reads the symbol of
    the least count (the counts' product is then least; the totals are the same whatever
    is read)."""
    counts = list(firsts)
    bits = 0.0
    for _ in range(uses):
        least = min(range(len(counts)), key=counts.__getitem__)
        bits += math.log2(sum(counts) / counts[least])
        counts[least] += step
    return bits


@pytest.mark.parametrize(("firsts", "step"), [
    ((3, 2), 2), ((3, 10), 2), ((3, 2, 2, 2), 2), ((11, 2, 2, 2, 2, 2), 2),  # cells' kinds
    ((1, 1), 2), ((3, 1), 1),  # AdaptiveBit, Leaning
    (_notes.CORNER_COUNTS, _notes.COUNT_STEP), (_notes.COLOUR_COUNTS, _notes.COUNT_STEP),
    ((1,) * PALETTE, _notes.COLOUR_STEP), (_notes.CHAR_PRIOR, _notes.CHAR_STEP)])
def test_an_adaptive_tables_regret_bounds_its_worst_case(firsts: tuple[int, ...], step: int) -> None:
    """`_rans.regret` (what the plan's bound counts beyond log2 of a table's size per use)
    is above what the worst sequence of symbols takes, for every table of the format."""
    m = len(firsts)
    least = min(firsts)
    for uses in (1, 7, 60, 600, 3000):
        most = uses * math.log2(m) + _rans.regret(least, sum(firsts) - m * least, step, m, uses)
        assert _worst(tuple(firsts), step, uses) <= most
