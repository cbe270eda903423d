"""A compact text of a grid with progress carries a check character (`compact.check_character`):
no single typo and almost no cut opens it as another grid with progress vouched for."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from pycore import links
from pycore.errors import FormatError, PuzzleError
from pycore.formats import compact
from pycore.formats._numeral import to_text
from pycore.model import Puzzle, candidates, given, value

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def mid_solve(seed: int) -> Puzzle:
    rng = random.Random(seed)
    cells = {i: given(int(ch)) for i, ch in enumerate(CLASSIC) if ch != "."}
    open_cells = [i for i, ch in enumerate(CLASSIC) if ch == "."]
    rng.shuffle(open_cells)
    for i in open_cells[:8]:
        cells[i] = value(rng.randint(1, 9))
    for i in open_cells[8:20]:
        cells[i] = candidates(rng.sample(range(1, 10), rng.randint(2, 4)))
    cells[open_cells[20]] = value(4).with_centre([4, 7]).with_corner([1])  # marks under a digit
    return Puzzle.blank().with_cells(cells)


def test_the_check_character_changes_with_any_one_character() -> None:
    body = "Bqg5mwLW-X84kIrhJXDzXuMKJh71YkL"
    check = compact.check_character(body)
    for i in range(len(body)):
        for ch in compact.ALPHABET:
            if ch != body[i]:
                assert compact.check_character(body[:i] + ch + body[i + 1:]) != check


@pytest.mark.parametrize("seed", range(3))
def test_no_single_typo_opens_as_a_checked_grid(seed: int) -> None:
    puzzle = mid_solve(seed)
    text = compact.encode(puzzle)
    assert compact.reading(text) == (puzzle, True)
    for i, ch in enumerate(text):
        for other in compact.ALPHABET:
            if other == ch:
                continue
            changed = text[:i] + other + text[i + 1:]
            try:
                reading, checked = compact.reading(changed)
            except FormatError:
                continue  # refused: "could not be opened"
            assert not checked or reading == puzzle, changed  # else: said as unchecked
            if compact.played(reading) and reading != puzzle:
                assert links.unchecked("compact", changed, reading)


def test_a_cut_text_rarely_keeps_a_check_that_fits() -> None:
    checked_cuts = total = 0
    for seed in range(10):
        text = compact.encode(mid_solve(seed))
        for end in range(1, len(text)):
            total += 1
            with contextlib.suppress(FormatError, PuzzleError):
                checked_cuts += compact.reading(text[:end])[1]
    assert checked_cuts <= total // 40  # one in 64 at most, by chance


def test_a_version_1_text_of_progress_still_opens_but_is_said_unchecked() -> None:
    puzzle = Puzzle.blank().with_cells({0: given(5), 1: value(3), 2: candidates([1, 2])})
    old = to_text(compact._number(puzzle))  # what version 1 wrote for it
    assert compact.reading(old) == (puzzle, False)
    assert links.read(old) == ("compact", puzzle)
    assert links.unchecked("compact", old, puzzle)
    assert not links.unchecked("compact", compact.encode(puzzle), puzzle)
    bare = Puzzle.blank().with_cells({0: given(5)})  # a puzzle as set has no check to miss
    assert not links.unchecked("compact", compact.encode(bare), bare)
    assert not links.unchecked("offset", links.fragment(puzzle, "jcode"), puzzle)


def test_a_version_1_text_that_ends_in_its_check_character_opens_as_it_did() -> None:
    """One version 1 text in 64 ends in the character its start checks to; when its start
    also reads as a checked grid, the version 1 reading wins if it is what version 1 writes."""
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        cells = {i: given(rng.randint(1, 9)) for i in rng.sample(range(81), 20)}
        puzzle = Puzzle.blank().with_cells(cells)
        try:
            text = compact.encode(puzzle)
        except FormatError:
            continue
        body = text.lstrip(compact.MARK)
        if body[-1] == compact.check_character(body[:-1]):
            found += 1
            assert compact.reading(text) == (puzzle, False)
    assert found  # the case occurs among 400 puzzles as set


def test_a_link_opened_and_then_asked_whether_it_was_checked_is_read_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The page opens a link, then asks whether a check vouches for its progress: one
    reading of the text, not two (a 75x75 layout's took 0.27 s under MicroPython)."""
    text = compact.encode(mid_solve(3))
    other = compact.encode(mid_solve(4))
    reads: list[bool] = []
    real = compact._read

    def counted(reader: Any, checked: bool = False) -> Puzzle:
        reads.append(checked)
        return real(reader, checked=checked)

    monkeypatch.setattr(compact, "_read", counted)
    assert links.read(text) == ("compact", mid_solve(3))
    opened = len(reads)
    assert not links.unchecked("compact", text, mid_solve(3))
    assert len(reads) == opened  # not read again
    assert links.read(other)[1] == mid_solve(4) and len(reads) > opened  # another text is read
    opened = len(reads)
    assert not links.unchecked("compact", text, mid_solve(3)) and len(reads) > opened  # read again
    opened = len(reads)
    assert compact.reading(text) == (mid_solve(3), True) and len(reads) > opened  # decode reads
