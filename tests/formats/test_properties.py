"""Properties for every format and size: round trips, canonical text, hostile text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pycore
from pycore import links
from pycore.model import Puzzle
from tests.strategies import layout_puzzles, square_puzzles

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPEC_FORMATS = ("offset", "str8ts", "binary", "jcode", "bitcell")


def _holds(format: str, puzzle: Puzzle) -> bool:
    """Whether `format` can hold the puzzle without loss (it says so by refusing)."""
    try:
        pycore.encode(format, puzzle)
    except pycore.FormatError:
        return False
    return True


def _decode(format: str, text: str, puzzle: Puzzle) -> Puzzle:
    kind = {"kind": puzzle.kind} if format == "jcode" else {}
    return pycore.decode(format, text, **kind)


@FAST
@given(square_puzzles(kind="sudoku", default_box=True))
def test_offset_round_trip(puzzle: Puzzle) -> None:
    text = pycore.encode("offset", puzzle)
    assert pycore.decode("offset", text) == puzzle
    assert pycore.encode("offset", pycore.decode("offset", text.upper())) == text


@FAST
@given(square_puzzles(kind="str8ts"))
def test_str8ts_round_trip(puzzle: Puzzle) -> None:
    text = pycore.encode("str8ts", puzzle)
    assert pycore.decode("str8ts", text) == puzzle
    assert pycore.encode("str8ts", pycore.decode("str8ts", text)) == text


@FAST
@given(square_puzzles(default_box=True))
def test_jcode_round_trip(puzzle: Puzzle) -> None:
    text = pycore.encode("jcode", puzzle)
    assert pycore.decode("jcode", text, kind=puzzle.kind) == puzzle


@FAST
@given(square_puzzles(kind="sudoku", default_box=True))
def test_bitcell_round_trip(puzzle: Puzzle) -> None:
    assert pycore.decode("bitcell", pycore.encode("bitcell", puzzle)) == puzzle


@FAST
@given(st.one_of(layout_puzzles(digits_only=True), square_puzzles(kind="sudoku", sizes=(4, 9, 16, 25))))
def test_binary_round_trip_of_digits(puzzle: Puzzle) -> None:
    digits_only = puzzle.with_cells({
        i: pycore.model.given(c.digit) if c.kind == "value" else pycore.model.EMPTY
        for i, c in enumerate(puzzle.cells) if c.kind in ("value", "candidates")})
    assume(digits_only.box is not None and digits_only.box[0] == digits_only.box[1])
    text = pycore.encode("binary", digits_only)
    assert pycore.decode("binary", text) == digits_only
    assert pycore.encode("binary", pycore.decode("binary", text.rstrip("="))) == text


@FAST
@given(st.one_of(square_puzzles(notes=True), layout_puzzles(notes=True)))
def test_json_round_trip(puzzle: Puzzle) -> None:
    assert pycore.from_json(pycore.to_json(puzzle)) == puzzle
    assert pycore.decode("json", pycore.encode("json", puzzle)) == puzzle


@FAST
@given(st.one_of(square_puzzles(notes=True), layout_puzzles(notes=True)))
def test_every_format_either_holds_or_refuses(puzzle: Puzzle) -> None:
    """Nothing is dropped silently: an encode that succeeds reads back to the same puzzle."""
    for format in SPEC_FORMATS:
        if _holds(format, puzzle):
            assert _decode(format, pycore.encode(format, puzzle), puzzle) == puzzle, format


@FAST
@given(st.one_of(square_puzzles(notes=True), layout_puzzles(notes=True)))
def test_best_link_reads_back(puzzle: Puzzle) -> None:
    format, fragment = links.best(puzzle)
    assert links.read("https://example.org/#" + fragment) == (format, puzzle)


HOSTILE = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-,=+/_:{}[]\"SB ", max_size=400),
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([*SPEC_FORMATS, "json"]), HOSTILE)
def test_random_text_only_raises_format_error(format: str, text: str) -> None:
    """Hostile text is read, or refused by this format's FormatError pointing inside the text;
    whatever is read is a state the format writes again and reads back unchanged."""
    try:
        puzzle = pycore.decode(format, text)
    except pycore.FormatError as err:
        assert err.format == format and err.expected
        if err.pos is not None and err.unit == "character":
            assert 0 <= err.pos <= len(text)
        return
    assert pycore.decode(format, pycore.encode(format, puzzle)) == puzzle


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    format = draw(st.sampled_from(SPEC_FORMATS))
    puzzle = draw(square_puzzles(kind="str8ts" if format == "str8ts" else "sudoku", default_box=True,
                                 sizes=(4, 9) if format != "str8ts" else (3, 4, 9)))
    text = pycore.encode(format, puzzle, lossy=True)
    ops = draw(st.lists(st.tuples(st.sampled_from(["cut", "flip", "insert", "delete"]),
                                  st.integers(0, max(len(text) - 1, 0)), st.characters()), max_size=4))
    for op, at, ch in ops:
        if op == "cut":
            text = text[:at]
        elif op == "flip" and text:
            text = text[:at] + ch + text[at + 1:]
        elif op == "insert":
            text = text[:at] + ch + text[at:]
        elif text:
            text = text[:at] + text[at + 1:]
    return format, text


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(mutated())
def test_mutated_text_only_raises_format_error(case: tuple[str, str]) -> None:
    format, text = case
    for name in (format, "auto"):
        try:
            links.read(text) if name == "auto" else pycore.decode(name, text)
        except pycore.FormatError as err:
            assert err.format and str(err)


@pytest.mark.parametrize("format", SPEC_FORMATS)
def test_huge_inputs_are_refused_quickly(format: str) -> None:
    with pytest.raises(pycore.FormatError):
        pycore.decode(format, "1" * 10_000_000)
