"""sudokuwiki.org and str8ts.com strings: the origin's vectors, both radices weighed,
types refused by name."""

from __future__ import annotations

import pytest

from pycore import links
from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats._fields import encode_fields
from pycore.formats._transform import str8ts_value
from pycore.model import Puzzle, candidates, given, value
from tests.conftest import load_vector
from tests.tools.examples import EXAMPLES, by_name, dots, grid


def test_sudokuwiki_position_keeps_the_start_givens() -> None:
    """The guide links each position with its start: the position's clues are the start's."""
    example = by_name("sudokuwiki UR type 1 position")
    puzzle = links.read_any(example["text"]).puzzle
    assert grid(puzzle, "given") == dots(example["givens_from_start"])
    assert puzzle.count("value") > 0 and puzzle.count("candidates") > 0
    assert not puzzle.conflicts()


@pytest.mark.parametrize("key", ["head_S9B_b36", "head_X9B_b36", "head_W9B_b36", "wiki_S9B_b32",
                                 "wiki_X9B_b32", "doc_S9B_b32"])
def test_origin_vectors_decode_to_their_stated_cells(key: str) -> None:
    vector = load_vector("origin/puzzle-coding-offset.json")[key]
    example = next(e for e in EXAMPLES if e.get("vector") == key)
    puzzle = links.read_any(example["text"]).puzzle
    kinds = {"clue": "given", "guess": "value", "cand": "candidates", "empty": "empty"}
    for cell, (kind, *rest) in zip(puzzle.cells, vector["cells"], strict=True):
        assert cell.kind == kinds[kind]
        if kind in ("clue", "guess"):
            assert cell.digit == rest[0]
        if kind == "cand":
            assert cell.candidates == frozenset(rest[0])


def test_sudokuwiki_str8ts_reencodes_to_itself() -> None:
    """The origin's compatibility test: decoding then encoding gives the same string."""
    text = by_name("sudokuwiki str8ts T9B")["text"]
    puzzle = links.read_any(text).puzzle
    assert puzzle.kind == "str8ts"
    assert "T9B" + encode_fields([str8ts_value(c, 9) for c in puzzle.cells], 2, 36) == text


def test_str8ts_com_reads_the_origins_easy_1() -> None:
    example = by_name("str8ts.com easy 1")
    puzzle = links.read_any(example["text"]).puzzle
    expected = [tok for row in example["str8ts_rows"] for tok in row.split()]
    for cell, tok in zip(puzzle.cells, expected, strict=True):
        if tok == "*":
            assert cell.candidates == frozenset(range(1, 10))
        elif tok.startswith("B"):
            assert (cell.kind, cell.digit) == ("black", int(tok[1:] or 0))
        else:
            assert (cell.kind, cell.digit) == ("given", int(tok))


def test_str8ts_com_is_recognised_by_its_host_too() -> None:
    spec = by_name("sudokuwiki str8ts T9B")["text"]
    found = tools.read(f"https://www.str8ts.com/str8ts.htm?bd={spec}")
    assert found.format == "str8ts.com" and "str8ts.com link" in found.warnings[0]


def test_a_string_valid_in_both_radices_says_which_was_chosen() -> None:
    found = links.read_any("S9B" + "ep" * 81)
    assert found.format == "sudokuwiki" and "base 36" in found.warnings[0]
    assert found.puzzle.count("candidates") == 81
    same = links.read_any("S9B" + "00" * 81)  # identical either way: nothing to say
    assert same.warnings == ()


def test_w_to_z_mean_base_36_and_fields_over_36s_maximum_mean_base_32() -> None:
    assert links.read_any("S9B0w" + "00" * 80).format == "sudokuwiki"
    chosen = links.read_any("S9Bgg" + "00" * 80)  # gg = 592 in base 36: over 529
    assert chosen.format == "offset" and "invalid" in chosen.warnings[0]


def test_types_the_model_cannot_hold_are_refused_by_name() -> None:
    with pytest.raises(FormatError, match="killer sudoku"):
        tools.read("L9B" + "00ep" * 81)


def test_the_seeds_own_s9b_example_still_reads_as_offset() -> None:
    text = load_vector("offset.json")["origin_example_with_header"]
    found = links.read_any(text)
    assert (found.format, found.puzzle) == links.read(text)
    assert "base 32" in found.warnings[0]


B32 = "0123456789abcdefghijklmnopqrstuv"


def _packed(puzzle: Puzzle) -> str:
    """sudokuwiki's older "with candidates" bd: two base-32 digits a cell, (bits << 1) | clue."""
    out = []
    for cell in puzzle.cells:
        bits = (1 << (cell.digit - 1)) if cell.digit else sum(1 << (d - 1) for d in cell.candidates)
        field = bits << 1 | (cell.kind == "given")
        out.append(B32[field // 32] + B32[field % 32])
    return "".join(out)


def test_the_with_candidates_form_keeps_givens_values_and_marks() -> None:
    puzzle = Puzzle.blank().with_cells({0: given(5), 1: value(3), 2: candidates([1, 2]), 80: given(9)})
    full = puzzle.with_cells({i: candidates(range(1, 10)) for i in range(3, 80)})
    found = links.read_any(f"https://www.sudokuwiki.org/sudoku.htm?bd={_packed(full)}")
    assert found.puzzle == full and found.warnings == ()
    unmarked = Puzzle.blank().with_cells({0: given(5), 1: value(3)})
    everything = unmarked.with_cells({i: candidates(range(1, 10)) for i in range(2, 81)})
    link = f"https://www.sudokuwiki.org/sudoku.htm?bd={_packed(everything)}"
    assert links.read_any(link).puzzle == unmarked
