"""The 53-bit cell text's refusals say what a sudoku's cell count can be."""

from __future__ import annotations

import pytest

import pycore
from pycore.model import SUDOKU_SIZES


@pytest.mark.parametrize("count", [1, 9, 17, 80, 626])
def test_a_cell_count_no_sudoku_has_is_refused_at_the_end(count: int) -> None:
    """9 cells (a 3x3) is no sudoku size: the message must not offer it."""
    text = ",".join(["0"] * count)
    with pytest.raises(pycore.FormatError) as info:
        pycore.decode("bitcell", text)
    err = info.value
    assert err.pos == len(text)
    assert err.expected == "16, 36, 64, 81, 144, 256 or 625 comma-separated cells"
    assert err.found == ("1 field" if count == 1 else f"{count} fields")


@pytest.mark.parametrize("n", SUDOKU_SIZES)
def test_every_count_offered_reads(n: int) -> None:
    assert pycore.decode("bitcell", ",".join(["0"] * n * n)) == pycore.Puzzle.blank(size=n)


def test_a_text_longer_than_any_grid_is_refused_where_the_longest_ends() -> None:
    longest = 625 * 17 - 1
    with pytest.raises(pycore.FormatError, match="at most 625 cells") as info:
        pycore.decode("bitcell", "1" * (longest + 1))
    assert info.value.pos == longest
