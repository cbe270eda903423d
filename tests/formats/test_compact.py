"""The compact link format: lossless for every state, URL-safe, readable forever, hostile-proof."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pycore
from pycore import links
from pycore.errors import FormatError
from pycore.formats import compact
from pycore.formats._numeral import to_text
from pycore.formats._rans import Writer
from pycore.formats.json import from_json, to_json
from pycore.model import (
    BLACK,
    EMPTY,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    value,
)
from pycore.model import given as given_cell
from tests.strategies import layout_puzzles, square_puzzles

URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")
VECTORS = json.loads((Path(__file__).parent.parent / "data" / "compact_v1.json").read_text())["vectors"]
SEEDS = ("offset", "str8ts", "binary", "jcode", "bitcell")
PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def solved(box: tuple[int, int], rng: random.Random) -> list[int]:
    """A valid solved sudoku: the pattern grid with its digits relabelled."""
    br, bc = box
    n = br * bc
    digits = rng.sample(range(1, n + 1), n)
    return [digits[(bc * (r % br) + r // br + c) % n] for r in range(n) for c in range(n)]


def possibles(puzzle: Puzzle, i: int) -> set[int]:
    seen = {puzzle.cells[j].digit for j in puzzle.geometry.peers[i]}
    return set(range(1, puzzle.size + 1)) - seen


@st.composite
def player_states(draw: st.DrawFn) -> Puzzle:
    """Mid-solve grids as players make them: values that agree with the solution, marks
    within the possibles that hold the true digit (the packings without escapes)."""
    box = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    n = box[0] * box[1]
    solution = solved(box, rng)
    cells: list[Cell] = [EMPTY] * (n * n)
    order = rng.sample(range(n * n), n * n)
    givens, values = draw(st.integers(0, n * n // 2)), draw(st.integers(0, n * n // 4))
    for i in order[:givens]:
        cells[i] = given_cell(solution[i])
    for i in order[givens:givens + values]:
        cells[i] = value(solution[i])
    placed = Puzzle("sudoku", n, tuple(cells), box)
    full = draw(st.booleans())
    for i in order[givens + values:]:
        if rng.random() < 0.5:
            room = possibles(placed, i)
            marks = room if full else {solution[i]} | set(rng.sample(sorted(room), len(room) // 2))
            cells[i] = candidates(marks)
    return Puzzle("sudoku", n, tuple(cells), box)


def as_compact(numeral: str) -> str:
    """A numeral as compact writes it: marked when it has another format's shape."""
    lookalike = re.fullmatch(r"([STst][0-9a-zA-Z][Bb])?[0-9a-vA-V]+|[-A-Ia-j]+", numeral)
    return compact.MARK + numeral if lookalike else numeral


def assert_round_trip(puzzle: Puzzle) -> str:
    text = compact.encode(puzzle)
    assert URL_SAFE.fullmatch(text), text
    assert compact.decode(text) == puzzle
    return text


# --- lossless, for every kind, size, box shape and layout -------------------------

@pytest.mark.slow
@PROPERTY
@given(square_puzzles())
def test_every_square_grid_round_trips(puzzle: Puzzle) -> None:
    """Random cells: clashing givens and values, marks outside the possibles, black cells."""
    assert_round_trip(puzzle)


@PROPERTY
@given(layout_puzzles())
def test_every_layout_round_trips(puzzle: Puzzle) -> None:
    assert_round_trip(puzzle)


@PROPERTY
@given(player_states())
def test_player_states_round_trip(puzzle: Puzzle) -> None:
    assert_round_trip(puzzle)


@PROPERTY
@given(st.one_of(square_puzzles(), layout_puzzles(), player_states()))
def test_links_read_compact_fragments_bare_strings_and_urls(puzzle: Puzzle) -> None:
    text = compact.encode(puzzle)
    assert links.fragment(puzzle, "compact") == text  # no tag
    for form in (text, "#" + text, "https://example.org/play#" + text):
        assert links.read(form) == ("compact", puzzle)


@pytest.mark.slow
@PROPERTY
@given(st.one_of(square_puzzles(), layout_puzzles()))
def test_never_longer_than_a_seed_format_and_the_default_link(puzzle: Puzzle) -> None:
    text = compact.encode(puzzle)
    assert len(links.best(puzzle)[1]) <= len(text)
    # A 3x3 str8ts is 9 one-character fields: a look-alike marker can cost compact one more.
    assume(puzzle.size > 3)
    held = []
    # a grid with progress is a checked text: its check may cost compact a character or
    # two on the smallest grids (where a seed format's string is as short)
    slack = 2 if compact.played(puzzle) else 0
    shorter = False
    for name in SEEDS:
        try:
            other = links.fragment(puzzle, name)
        except FormatError:
            continue
        held.append(name)
        assert len(text) <= len(other) + slack, name
        shorter = shorter or len(other) < len(text)
    if puzzle.layout is None and (puzzle.kind == "str8ts" or puzzle.default_box):
        assert "jcode" in held  # jcode holds every one-grid state: compared at least with it
    assume(not shorter)
    assert links.best(puzzle) == ("compact", text)
    assert links.link(puzzle, base="https://example.org/#old") == f"https://example.org/#{text}"


def test_lossy_is_accepted_and_changes_nothing() -> None:
    puzzle = from_json(VECTORS[5]["puzzle"])
    assert compact.encode(puzzle, lossy=True) == compact.encode(puzzle)
    assert pycore.encode("compact", puzzle) == compact.encode(puzzle)


def test_compact_is_registered_first() -> None:
    assert pycore.FORMATS[0] == "compact"
    assert links.link_formats()[0] == "compact"


# --- version 1 is frozen ----------------------------------------------------------

@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_version_1_vectors(vector: dict[str, object]) -> None:
    """Every version 1 text reads as it always did; a puzzle as set is still written as
    it, a grid with progress as a checked text at most one character longer."""
    puzzle = from_json(vector["puzzle"])
    text = str(vector["text"])
    assert compact.reading(text) == (puzzle, False)
    if compact.played(puzzle):
        checked = compact.encode(puzzle)
        assert compact.reading(checked) == (puzzle, True)
        # the check character, and the round up to whole characters (or a pad, for a
        # small grid whose text version 1 would read as a puzzle as set)
        assert len(checked) <= len(text) + 2
    else:
        assert compact.encode(puzzle) == text


def test_vectors_cover_every_kind_and_shape() -> None:
    puzzles = [from_json(v["puzzle"]) for v in VECTORS]
    kinds = {c.kind for p in puzzles for c in p.cells}
    assert kinds == {"empty", "given", "value", "candidates", "black", "outside"}
    assert {p.kind for p in puzzles} == {"sudoku", "str8ts"}
    assert {p.size for p in puzzles} >= {3, 4, 6, 9, 12, 16, 25}
    assert any(p.layout == Layout.samurai() for p in puzzles)
    assert any(p.layout and p.layout != Layout.samurai() for p in puzzles)
    assert any(not p.default_box for p in puzzles)
    assert any(str(v["text"]).startswith(compact.MARK) for v in VECTORS)


def test_short_for_the_common_cases() -> None:
    by_name = {v["name"]: str(v["text"]) for v in VECTORS}
    assert len(by_name["blank 9x9"]) <= 2
    assert len(by_name["9x9, 25 givens"]) <= 25
    assert len(by_name["9x9, 17 givens"]) <= 20
    assert len(by_name["9x9, givens symmetric under a half turn"]) <= 21


# --- detection: the rule that keeps formats apart ------------------------------

def lookalikes() -> list[tuple[Puzzle, str]]:
    """Puzzles whose plain numeral would be a base-32 or jcode string."""
    found = []
    rng = random.Random(11)
    for _ in range(3000):
        cells: list[Cell] = [EMPTY] * 16
        for i in rng.sample(range(16), rng.randint(0, 6)):
            cells[i] = given_cell(rng.randint(1, 4))
        puzzle = Puzzle("sudoku", 4, tuple(cells))
        text = compact.encode(puzzle)
        if text.startswith(compact.MARK):
            found.append((puzzle, text))
    return found


def test_texts_shaped_like_other_formats_are_marked_and_read_as_compact() -> None:
    found = lookalikes()
    assert len(found) > 20
    for puzzle, text in found:
        bare = text[1:]
        assert re.fullmatch(r"[0-9a-vA-V]+|[-A-Ia-j]+|[STst][0-9a-zA-Z][Bb][0-9a-vA-V]+", bare)
        assert links.read(text) == ("compact", puzzle)
        assert links.read("#" + text) == ("compact", puzzle)
        with pytest.raises(FormatError, match="leading _"):
            compact.decode(bare)


def test_unmarked_texts_never_look_like_other_formats() -> None:
    rng = random.Random(5)
    for _ in range(300):
        n = rng.choice([4, 9])
        cells = [given_cell(rng.randint(1, n)) if rng.random() < 0.3 else EMPTY
                 for _ in range(n * n)]
        text = compact.encode(Puzzle("sudoku", n, tuple(cells)))
        if not text.startswith("_"):
            assert not re.fullmatch(r"([STst][0-9a-zA-Z][Bb])?[0-9a-vA-V]+", text)
            assert not re.fullmatch(r"[-A-Ia-j]+", text)


def holders(puzzle: Puzzle) -> set[str]:
    """The seed formats that hold a one-grid puzzle with the default boxes whole."""
    if puzzle.kind == "str8ts":
        return {"str8ts", "jcode"}
    digits_only = not puzzle.count("value") and not puzzle.count("candidates")
    square_boxes = puzzle.box is not None and puzzle.box[0] == puzzle.box[1]
    return {"offset", "jcode", "bitcell"} | ({"binary"} if digits_only and square_boxes else set())


@pytest.mark.slow
@PROPERTY
@given(square_puzzles(default_box=True))
def test_other_formats_bare_strings_are_still_detected(puzzle: Puzzle) -> None:
    held = set()
    for name in SEEDS:
        try:
            text = pycore.encode(name, puzzle)
        except FormatError:
            continue
        held.add(name)
        try:
            found, _ = links.read(text)
        except FormatError as err:  # a bare jcode text both kinds read, with other cells
            assert name == "jcode" and err.pos == 0 and "j:" in err.expected, err
            continue
        assert found != "compact", (name, text)
        if name in ("offset", "binary", "bitcell"):
            assert found == name
    assert held == holders(puzzle)


# --- hostile text: only FormatError, work bounded by the text's length ----------

@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gives_a_puzzle_or_a_format_error(text: str) -> None:
    try:
        puzzle = compact.decode(text)
    except FormatError as err:
        assert err.pos is not None and 0 <= err.pos <= len(text)
        return
    assert set(text) <= set(compact.ALPHABET)  # only a text of compact's characters reads
    assert compact.decode(compact.encode(puzzle)) == puzzle


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=compact.ALPHABET, min_size=1, max_size=400))
def test_url_safe_garbage_gives_a_puzzle_or_a_format_error(text: str) -> None:
    try:
        puzzle = compact.decode(text)
    except FormatError:
        return
    assert compact.decode(compact.encode(puzzle)) == puzzle


def test_mutated_links_give_a_puzzle_or_a_format_error() -> None:
    """Each mutant reads as a puzzle that round-trips, or is refused at a place in it."""
    rng = random.Random(3)
    texts = [str(v["text"]) for v in VECTORS]
    read = refused = 0
    for _ in range(1500):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(chars))
            action = rng.randrange(3)
            if action == 0:
                chars[at] = rng.choice(compact.ALPHABET + "=+/ .%\x00é")
            elif action == 1:
                del chars[at]
            else:
                chars.insert(at, rng.choice(compact.ALPHABET))
            if not chars:
                chars = ["B"]
        mutant = "".join(chars)
        try:  # anything but a FormatError fails the test
            puzzle = compact.decode(mutant)
        except FormatError as err:
            assert err.pos is not None and 0 <= err.pos <= len(mutant), err
            refused += 1
            continue
        read += 1
        assert compact.decode(compact.encode(puzzle)) == puzzle
    assert read > 100 and refused > 100  # both ways are walked


# characters: 4096 bits and 37 per cell of the largest layout of 25x25 grids, and the
# notes: 2 * 25 + 24 bits per cell and 36 per character of the words (1200) and 112
LONGEST = 2 + (4096 + 75 * 75 * (25 + 12) + 64 + 75 * 75 * (2 * 25 + 24) + 1200 * 36 + 48) // 6
URL_SAFE_CHARACTER = "a URL-safe character (A-Z a-z 0-9 - _)"
FIRST_CHARACTER = "a first character other than 'A' and '_'"
SHAPED = "a leading _ on a text shaped like a base-32 or jcode string"


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    ("", 0, "a compact text", "nothing"),
    ("_", 1, "a compact text", "nothing"),
    ("__B", 1, FIRST_CHARACTER, "'_'"),
    ("_AB", 1, FIRST_CHARACTER, "'A'"),
    ("B!", 1, URL_SAFE_CHARACTER, "'!'"),
    ("xyz=", 3, URL_SAFE_CHARACTER, "'='"),
    ("B B", 1, URL_SAFE_CHARACTER, "' '"),
    ("é", 0, URL_SAFE_CHARACTER, "'é'"),
    ("A", 0, SHAPED, "'A'"),
    ("0123456789abcdefghijklmnop", 0, SHAPED, "'0123456789abcdefghij'"),
    ("B" * (LONGEST + 1), LONGEST, f"at most {LONGEST} characters", f"{LONGEST + 1} characters"),
])
def test_refusals(text: str, pos: int, expected: str, found: str) -> None:
    with pytest.raises(FormatError) as info:
        compact.decode(text)
    error = info.value
    assert (error.format, error.pos, error.expected, error.found) == ("compact", pos, expected, found)


def test_the_longest_text_is_read_as_far_as_its_shape() -> None:
    """A text of the longest length is not refused for its length (here, for its bits)."""
    text = compact.MARK + to_text(1 << 6 * (LONGEST - 2))  # a classic 9x9's first step
    assert len(text) == LONGEST
    with pytest.raises(FormatError, match="bits for this shape"):
        compact.decode(text)


def test_not_a_string() -> None:
    for decode in (compact.decode, lambda text: pycore.decode("compact", text)):
        with pytest.raises(FormatError) as info:
            decode(12345)  # type: ignore[arg-type]
        error = info.value
        assert (error.format, error.pos, error.expected, error.found) == ("compact", 0, "text", "int")


def test_a_text_too_long_for_its_shape_is_refused_before_decoding() -> None:
    """After its header a classic 9x9 has at most 4096 bits and 9 + 12 per cell, and for
    its notes 64 bits, 2 * 9 + 24 per cell and 36 per character of the words (1200) and 48."""
    head = [("w", compact.HEAD, compact.CLASSIC_BARE), ("w", compact.SYMMETRIES, compact.NONE)]
    most = 4096 + 81 * (9 + 12) + 64 + 81 * (2 * 9 + 24) + 1200 * 36 + 48
    with pytest.raises(FormatError) as info:
        compact.decode(written(*head, ("u", 1 << most + 1, 1 << most)))
    error = info.value
    assert (error.expected, error.found) == (f"at most {most} bits for this shape", f"{most + 1} bits")
    with pytest.raises(FormatError) as info:  # within the bound: read, and refused further on
        compact.decode(written(*head, ("u", 1 << most, (1 << most) - 1)))
    assert info.value.expected != error.expected


Step = tuple[str, Sequence[int] | int, int]


def written(*steps: Step) -> str:
    """A text written step by step as version 1 reads it: ("w", frequencies, symbol) or
    ("u", radix, digit); marked as compact marks it."""
    w = Writer()
    for how, table, symbol in steps:
        if how == "w":
            assert not isinstance(table, int)
            w.weighted(table, symbol)
        else:
            assert isinstance(table, int)
            w.uniform(table, symbol)
    return as_compact(to_text(w.number()))


E, G, V, M = compact.K_EMPTY, compact.K_GIVEN, compact.K_VALUE, compact.K_MARKS


def classic(kinds: dict[int, int], *, bare: bool, said: Sequence[int] = ()) -> list[Step]:
    """A classic 9x9's first steps: the header, no symmetry, which kinds occur (said when
    more than empty and given can: those of `kinds`, or `said`), then each of the 81 cells'
    kind by the adaptive model (`kinds`: the cells not empty)."""
    steps: list[Step] = [("w", compact.HEAD, compact.CLASSIC_BARE if bare else compact.CLASSIC),
                         ("w", compact.SYMMETRIES, compact.NONE)]
    present = [E, G] if bare else [E, *sorted(said or {*kinds.values()})]
    if not bare:
        every = [compact.ALL_PRESENT if m == 0b111 else 1 for m in range(8)]
        steps.append(("w", every, sum(1 << (k - 1) for k in present[1:])))
    table = [compact.KIND_PRIOR[k] for k in present]
    for i in range(81):
        s = present.index(kinds.get(i, E))
        steps.append(("w", list(table), s))
        table[s] += 2
    return steps


NO, YES = ("w", compact.PACKING, 0), ("w", compact.PACKING, 1)  # a packing's escape or model
# Givens that leave r2c9 no digit: r1c9 = 9, then r2c1..r2c8 = 1..8 (row 2 and box 3 full).
CROWDED = {8: G, **{i: G for i in range(9, 17)}}
CROWDED_DIGITS: list[Step] = [("u", 9, 8),  # r1c9: 9, the last of nine
                              *[("u", 10 - d, 0) for d in range(1, 7)],  # r2c1..c6: 1..6
                              ("u", 2, 0)]  # r2c7: 7 of 7, 8 (box 3 has 9); r2c8: 8 alone


def test_a_text_without_an_escape_is_read_and_is_what_the_encoder_writes() -> None:
    """A given 1 in r1c1 and a value 2 in r1c2: givens and values with no escape."""
    text = written(*classic({0: G, 1: V}, bare=False), NO, NO, ("u", 9, 0), ("u", 8, 0))
    puzzle = Puzzle.blank().with_cells({0: given_cell(1), 1: value(2)})
    assert compact.reading(text) == (puzzle, False)
    assert compact.reading(compact.encode(puzzle)) == (puzzle, True)  # now written checked


def unwritten(found: str) -> tuple[str, str]:
    return "a text as the encoder writes it", found


# Each text here takes one step no encoder takes, or reads past what the puzzle holds.
REFUSED_WALKS: dict[str, tuple[list[Step], tuple[str, str]]] = {
    "a later version": (  # the first step's last slot belongs to later versions
        [("w", compact.HEAD, compact.LATER), ("u", compact.VERSIONS_LATER, 1)],
        ("a compact text of version 1 or 2", "a later version (a newer pycore reads it)")),
    "the classic 9x9 in the long header": (
        [("w", compact.HEAD, compact.OTHER), ("u", 2, 0), ("u", 8, 3), ("u", 2, 0)],
        unwritten("the classic 9x9 written in the long header")),
    "a plain grid as a layout": (  # boxes of 3, 3 x 3 of them: one window
        [("w", compact.HEAD, compact.OTHER), ("u", 2, 0), ("u", 8, 7), ("u", 4, 1),
         ("u", 13, 0), ("u", 13, 0)],
        unwritten("a layout that names only some of its windows")),
    "a layout with a window it does not name": (  # boxes of 2, 4 x 2: windows 1 and 3 of 3
        [("w", compact.HEAD, compact.OTHER), ("u", 2, 0), ("u", 8, 7), ("u", 4, 0),
         ("u", 14, 2), ("u", 14, 0), ("u", 3, 1), ("u", 3, 1)],
        unwritten("a layout that names only some of its windows")),
    "a kind said to occur that no cell has": (
        classic({}, bare=False, said=(G, V, M)),
        unwritten("a kind said to occur that no cell has")),
    "a bare puzzle in the long form": (
        [*classic({0: G}, bare=False), NO],
        unwritten("a bare puzzle in the long form")),
    "an escape for clashing digits that none takes": (
        [*classic({0: G, 1: V}, bare=False), NO, YES, ("u", 9, 0), ("w", [1, 1], 0), ("u", 8, 0)],
        unwritten("an escape for clashing digits that none takes")),
    "a given with no digit left": (
        [*classic({**CROWDED, 17: G}, bare=True), *CROWDED_DIGITS],
        ("a text whose digits fit their houses", "a digit with no room left")),
    "pencil marks in a cell with no possibles": (
        [*classic({**CROWDED, 17: M}, bare=False), NO, NO, NO, *CROWDED_DIGITS],
        ("pencil marks that fit the possibles", "a cell with no possibles")),
    "an escape for marks outside the possibles that none takes": (
        [*classic({0: M}, bare=False), YES, NO, ("u", 511, 0)],
        unwritten("an escape for marks outside the possibles that none takes")),
    "more than the puzzle": (
        [*classic({}, bare=True), ("u", 7, 3)],
        ("a text that ends where its puzzle does", "more data")),
}


@pytest.mark.parametrize("case", REFUSED_WALKS)
def test_texts_no_encoder_writes_are_refused_saying_what_was_expected(case: str) -> None:
    """At the numeral's start (the whole number is one field): a text a step off the
    encoder's walk is not a v1 text, so garbage rarely reads as a puzzle."""
    steps, (expected, found) = REFUSED_WALKS[case]
    text = written(*steps)
    with pytest.raises(FormatError) as info:
        compact.decode(text)
    error = info.value
    assert (error.format, error.expected, error.found) == ("compact", expected, found)
    assert error.pos == (1 if text.startswith(compact.MARK) else 0)


# --- what the format holds -------------------------------------------------------

def test_str8ts_every_cell_kind() -> None:
    cells = (BLACK, black(2), given_cell(3), value(1), candidates([1, 2]), EMPTY,
             given_cell(1), EMPTY, black(3))
    assert_round_trip(Puzzle("str8ts", 3, cells))


def test_every_box_shape_is_kept() -> None:
    for n, box in [(6, (3, 2)), (8, (4, 2)), (12, (2, 6)), (12, (4, 3)), (16, (2, 8))]:
        puzzle = Puzzle.blank(size=n, box=box).with_cells({0: given_cell(1)})
        assert compact.decode(compact.encode(puzzle)).box == box


def test_wrong_marks_and_clashes_survive() -> None:
    puzzle = Puzzle.blank().with_cells({
        0: given_cell(5), 1: given_cell(5),        # clashing givens
        2: value(5), 3: value(5),                  # clashing values
        4: candidates([5]),                        # a mark no possible allows
        5: candidates(range(1, 10)),               # every digit, five of them impossible
    })
    assert_round_trip(puzzle)


def test_large_full_candidates_grid() -> None:
    rng = random.Random(2)
    solution = solved((5, 5), rng)
    cells: list[Cell] = [given_cell(d) if rng.random() < 0.45 else EMPTY for d in solution]
    placed = Puzzle("sudoku", 25, tuple(cells))
    full = placed.with_cells({
        i: candidates(possibles(placed, i)) for i, c in enumerate(cells) if c is EMPTY})
    text = assert_round_trip(full)
    assert len(text) < len(pycore.encode("offset", full)) / 10
    assert to_json(compact.decode(text)) == to_json(full)
