"""`making`: the generator in small pieces, for a page whose Python runs on the main thread.

The page drives it with a pause between pieces, so each piece must be short (one
uniqueness check, one technique search of a grading or one new grid at most) and the
pieces together must make exactly the puzzle `generate` makes for the same seed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pycore.model import Puzzle
from pycore.solve import count_solutions, solutions
from pycore.solve.fast import differs
from pycore.solve.generate import GenerateFailed, Making, generate, making
from pycore.solve.pieces import finish
from pycore.solve.techniques import NAMES, TECHNIQUES, grade

PIECES = "pycore.solve.generate"
ENGINE = "pycore.solve.techniques"


def run(work: Making) -> tuple[Puzzle, int]:
    """The puzzle a `making` generator returns, and how many pieces it took."""
    return finish(work)


@pytest.mark.parametrize(("shape", "level", "seed"), [
    ("9x9", "easy", 3), ("9x9", "medium", 5), ("9x9", "hard", 2), ("6x6", "easy", 1),
])
def test_pieces_make_the_puzzle_generate_makes(shape: str, level: str, seed: int) -> None:
    puzzle, pieces = run(making(shape, level, seed=seed))
    assert puzzle == generate(shape, level, seed=seed)
    assert pieces > 1  # it did pause on the way
    assert count_solutions(puzzle, limit=2) == 1
    assert grade(puzzle).level == level


def test_each_piece_does_at_most_one_check_search_or_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    """A piece is one uniqueness check, one technique search of a grading or one new grid:
    never a whole grading, whose hard candidates once held the page for a second."""
    calls: list[str] = []

    def counted(name: str, real: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(f"{PIECES}.differs", counted("check", differs))
    monkeypatch.setattr(f"{PIECES}.solutions", counted("grid", solutions))
    monkeypatch.setattr(f"{ENGINE}.TECHNIQUES", tuple(
        replace(t, finder=counted(t.name, t.finder)) for t in TECHNIQUES))
    work = making("9x9", "hard", seed=1)
    most = 0
    kinds: set[str] = set()
    while True:
        calls.clear()
        try:
            next(work)
        except StopIteration:
            break
        most = max(most, len(calls))
        kinds.update("search" if name in NAMES else name for name in calls)
    assert most == 1
    assert kinds == {"check", "grid", "search"}  # all three kinds of piece were counted


def test_a_failure_comes_out_of_the_pieces_too() -> None:
    with pytest.raises(GenerateFailed):
        run(making("9x9", "extreme", seed=1, attempts=0))
    with pytest.raises(ValueError):
        run(making("9x9", "impossible", seed=1))
