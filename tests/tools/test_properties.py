"""Other tools' readers under hostile text (only FormatError comes out), and round trips:
whatever a writer writes, the reader of that tool reads back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import links
from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats._fields import encode_fields, width_for
from pycore.formats._transform import offset_max, offset_value, str8ts_max, str8ts_value
from pycore.formats.tools import sudokupad
from pycore.model import Puzzle, candidates
from tests.strategies import square_puzzles
from tests.tools.exportable import EXPORTABLE, Reached

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Texts that start like each tool's and then go wrong in every way hypothesis finds.
PREFIXES = ["", "https://sudokupad.app/", "https://sudokupad.app/scl", "classic", "scf", "ctc",
            "https://f-puzzles.com/?load=", "N4Ig", "https://puzz.link/p?sudoku/9/9/",
            "pzprv3/sudoku/9/", "SCv7_32_", "S9B", "T9B", "X9B", "https://sudokuwiki.org/?bd=",
            ":0000:x:", '{"boxSize":3,"boxes":', "{ce:[[", '{"size":9,"grid":[', ".---.\n|",
            "L9B", "J9B", "M9B", "https://www.sudokuwiki.org/killersudoku.htm?bd=1,",
            "https://swaroopg92.github.io/penpa-edit/#m=solve&p=", "https://opt-pan.github.io/penpa-edit/?p="]
ALPHABET = st.sampled_from([*"0123456789abcdefgvwxyzABCDEFGNOP.,:;|+-*/=_'\"{}[] \n#%$", "\u00e9",
                            "\x00"])
TEXTS = st.builds(lambda p, body: p + body, st.sampled_from(PREFIXES),
                  st.text(ALPHABET, max_size=200))


@pytest.mark.parametrize("name", tools.IMPORTS)
@FUZZ
@given(text=TEXTS)
def test_each_import_lets_out_only_format_error(name: str, text: str) -> None:
    module = tools.module(name)
    try:
        result = module.decode(text)
    except FormatError:
        return
    assert isinstance(result, tools.Imported) and isinstance(result.puzzle, Puzzle)


@FUZZ
@given(text=TEXTS)
def test_read_any_lets_out_only_format_error(text: str) -> None:
    """Whatever comes back is a puzzle with a named format; a refusal says what was expected."""
    try:
        found = links.read_any(text)
    except FormatError as err:
        assert err.format and err.expected
        return
    assert isinstance(found.puzzle, Puzzle) and found.format
    assert all(isinstance(w, str) and w for w in found.warnings)


@FUZZ
@given(text=st.text(max_size=300))
def test_the_relaxed_json_parser_never_crashes(text: str) -> None:
    """A text that opens with `{` is an object or a refusal with a position inside the text."""
    try:
        parsed = sudokupad.relaxed_json("{" + text)
    except FormatError as err:
        assert err.pos is None or 0 <= err.pos <= len(text) + 1
        return
    assert isinstance(parsed, dict)


def test_the_relaxed_json_parser_reads_sudokupads_shortened_keys() -> None:
    assert sudokupad.relaxed_json("{ce:[[{v:1},,],[,{v:'2'},]],t:t,f:f,n:null,x:1.5}") == {
        "ce": [[{"v": 1}, {}, {}], [{}, {"v": "2"}, {}]], "t": True, "f": False, "n": None, "x": 1.5}


def test_nesting_is_refused_before_any_parser_recurses() -> None:
    for text in ("[" * 100_000, "{ce:" + "[" * 50_000, '{"size":9,"grid":' + "[" * 60_000):
        with pytest.raises(FormatError):
            tools.read(text)


def test_oversized_texts_are_refused() -> None:
    with pytest.raises(FormatError, match="at most"):
        links.read_any("1" * (2 << 20))
    with pytest.raises(FormatError, match="at most"):
        tools.read("https://f-puzzles.com/?load=N4Ig" + "A" * 20_000)


# --- round trips ---------------------------------------------------------------------------

ROUND = settings(max_examples=40, deadline=None)


@pytest.mark.parametrize("target", tools.names())
def test_every_lossless_export_imports_back_unchanged(target: str) -> None:
    """Whatever a writer holds whole, our reader of that tool reads back; an unmarked cell
    comes back from HoDoKu's texts with every open digit, as HoDoKu shows it."""
    reached = Reached()

    @ROUND
    @given(puzzle=EXPORTABLE[target]())
    def check(puzzle: Puzzle) -> None:
        reached.seen += 1
        if tools.lost(target, puzzle):
            return
        expected = puzzle
        if target.startswith("hodoku"):
            expected = puzzle.with_cells({i: candidates(puzzle.open_digits(i))
                                          for i, cell in enumerate(puzzle.cells) if cell.kind == "empty"})
        assert tools.read(tools.export(target, puzzle)).puzzle == expected
        reached.checked += 1

    check()
    reached.assert_most()


@ROUND
@given(puzzle=square_puzzles(kind="sudoku", sizes=(4, 6, 8, 9, 12, 16), default_box=True))
def test_sudokuwiki_base_36_strings_round_trip(puzzle: Puzzle) -> None:
    n = puzzle.size
    width = width_for(offset_max(n), 36)
    body = encode_fields([offset_value(c, n) for c in puzzle.cells], width, 36)
    found = tools.read(f"S{format(n, 'x') if n < 16 else 'g'}B{body}")
    if found.format == "sudokuwiki":
        assert found.puzzle == puzzle
    else:  # valid in both radices and the evidence favoured base 32: it must say so
        assert "base 32" in found.warnings[0]


@ROUND
@given(puzzle=square_puzzles(kind="str8ts", sizes=(4, 5, 6, 7, 8, 9)))
def test_str8ts_t_strings_round_trip(puzzle: Puzzle) -> None:
    n = puzzle.size
    width = width_for(str8ts_max(n) + 1, 36)
    body = encode_fields([str8ts_value(c, n) for c in puzzle.cells], width, 36)
    found = tools.read(f"T{n}B{body}")
    assert found.format == "sudokuwiki" and found.puzzle == puzzle


@ROUND
@given(puzzle=square_puzzles(kind="sudoku", sizes=(4, 6, 9), default_box=True))
def test_f_puzzles_json_round_trips_through_the_import(puzzle: Puzzle) -> None:
    rows = []
    for row in puzzle.rows_of_cells():
        out: list[dict[str, Any]] = []
        for cell in row:
            if cell.kind == "given":
                out.append({"value": cell.digit, "given": True})
            elif cell.kind == "value":
                out.append({"value": cell.digit})
            elif cell.kind == "candidates":
                out.append({"centerPencilMarks": sorted(cell.candidates)})
            else:
                out.append({})
        rows.append(out)
    found = tools.read(json.dumps({"size": puzzle.size, "grid": rows}))
    assert found.puzzle == puzzle and found.warnings == ()
