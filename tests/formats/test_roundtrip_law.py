"""The round-trip law, for every format, size, kind and layout, lossy or not.

Whatever an encoder writes, its own decoder reads back: the puzzle itself when
the encode was lossless, else the lossy projection, a puzzle the format holds
exactly (it encodes again without loss, to the very same text). An encoder
that refuses says why with a FormatError; it never writes text it cannot read.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pycore import formats
from pycore.errors import FormatError, LossError
from pycore.model import STR8TS_SIZES, SUDOKU_SIZES, Puzzle
from tests.strategies import layout_puzzles, square_puzzles

EXAMPLES = 60
# Each format must write (and so be checked on) at least this many of the examples.
MIN_WRITTEN = 50

# Puzzles of every kind and size, odd boxes and multi-box layouts included.
# With the player's notes and the setter's words (corner marks, colours, title, author,
# rules), which compact and JSON hold and the seed formats refuse or drop.
ANY_PUZZLE = st.one_of(square_puzzles(notes=True), square_puzzles(kind="sudoku", notes=True),
                       layout_puzzles(notes=True))
SQUARE_BOX_SIZES = (4, 9, 16, 25)
# What each format writes, lossy or not: the law is about these (the shapes a format
# refuses outright are the refusal tests' business).
WRITES = {
    "compact": ANY_PUZZLE,
    "json": ANY_PUZZLE,
    "jcode": st.one_of(square_puzzles(notes=True), square_puzzles(kind="sudoku", notes=True)),
    "offset": st.one_of(square_puzzles(kind="sudoku", notes=True),
                        square_puzzles(kind="str8ts", sizes=tuple(set(STR8TS_SIZES) & set(SUDOKU_SIZES)),
                                       notes=True)),
    "str8ts": st.one_of(square_puzzles(kind="str8ts", notes=True),
                        square_puzzles(kind="sudoku", sizes=tuple(set(STR8TS_SIZES) & set(SUDOKU_SIZES)),
                                       notes=True)),
    "binary": st.one_of(square_puzzles(kind="sudoku", sizes=SQUARE_BOX_SIZES, default_box=True,
                                       notes=True),
                        layout_puzzles(notes=True)),
}
WRITES["bitcell"] = WRITES["offset"]


def _options(name: str, puzzle: Puzzle) -> dict[str, Any]:
    """jcode's text does not say its kind: the reader is told, as a link's tag does."""
    return {"kind": puzzle.kind} if name == "jcode" else {}


def _check_law(name: str, puzzle: Puzzle, lossy: bool) -> bool:
    """Encode, then read back; True when the encoder wrote something (and the law held)."""
    try:
        text = formats.encode(name, puzzle, lossy=lossy)
    except LossError:
        assert not lossy, f"{name}: a lossy encode never refuses for loss"
        return False
    except FormatError:
        return False  # a shape the format cannot hold at all (checked in the refusal tests)
    read = formats.decode(name, text, **_options(name, puzzle))
    if not lossy:
        assert read == puzzle
    # The projection is a state the format holds: it writes again, losslessly, the same text.
    assert formats.encode(name, read, lossy=False) == text
    return True


@pytest.mark.parametrize("name", formats.FORMATS)
def test_whatever_an_encoder_writes_its_decoder_reads_back(name: str) -> None:
    written = []

    @settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(WRITES[name])
    @example(Puzzle.blank(size=12))  # a 12x12 sudoku as a lossy str8ts
    @example(Puzzle.blank("str8ts", size=3))  # a str8ts size no sudoku has
    @example(Puzzle.blank("str8ts", size=5))
    def check(puzzle: Puzzle) -> None:
        _check_law(name, puzzle, lossy=False)  # may refuse, naming the loss
        if _check_law(name, puzzle, lossy=True):
            written.append(puzzle)

    check()
    assert len(written) >= MIN_WRITTEN, f"{name} wrote only {len(written)} of the examples"


@pytest.mark.parametrize("name", ["offset", "bitcell"])
@pytest.mark.parametrize("size", sorted(set(STR8TS_SIZES) - set(SUDOKU_SIZES)))
def test_a_sudoku_format_refuses_a_str8ts_size_it_has_no_sudoku_of(name: str, size: int) -> None:
    with pytest.raises(FormatError) as info:
        formats.encode(name, Puzzle.blank("str8ts", size=size), lossy=True)
    assert (info.value.format, info.value.pos, info.value.expected, info.value.found) == (
        name, None, f"a grid size in {SUDOKU_SIZES}", str(size))


@pytest.mark.parametrize("size", sorted(set(SUDOKU_SIZES) - set(STR8TS_SIZES)))
def test_str8ts_refuses_a_sudoku_size_it_has_no_str8ts_of(size: int) -> None:
    for lossy in (True, False):
        with pytest.raises(FormatError) as info:
            formats.encode("str8ts", Puzzle.blank(size=size), lossy=lossy)
        if lossy:
            assert (info.value.pos, info.value.expected, info.value.found) == (
                None, f"a grid size in {STR8TS_SIZES}", str(size))
        else:
            assert isinstance(info.value, LossError)
