"""What every export shares: the `Export` record, shape checks and a few grid facts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...errors import FormatError
from ...model import Puzzle
from .. import _loss

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""Digit d is SYMBOLS[d - 1]: plain digits up to 9, then letters (10 = A ... 25 = P)."""


@dataclass(frozen=True)
class Export:
    """One target: its name, a title for buttons, whether it is a link, and its two halves."""

    name: str
    title: str
    is_link: bool
    lost: Callable[[Puzzle], list[str]]
    """What this target would drop; FormatError when it cannot hold the shape at all."""
    write: Callable[[Puzzle], str]
    """The text, silently dropping whatever `lost` names: call it through `export`."""

    def export(self, puzzle: Puzzle, lossy: bool = False) -> str:
        _loss.check(self.name, self.lost(puzzle), lossy)
        return self.write(puzzle)


def describe(puzzle: Puzzle) -> str:
    """A short name for the puzzle's shape, for messages: 'a 16x16 sudoku'."""
    shape = f"{puzzle.rows}x{puzzle.cols}"
    if puzzle.layout is not None:
        b = puzzle.layout.box
        return f"a {shape} multi-grid layout of {b}x{b} boxes"
    if puzzle.kind == "sudoku" and not puzzle.default_box:
        assert puzzle.box is not None
        return f"a {shape} sudoku with {puzzle.box[0]}x{puzzle.box[1]} boxes"
    return f"a {shape} {puzzle.kind}"


def require(format: str, puzzle: Puzzle, holds: bool, expected: str) -> None:
    """Refuse a puzzle whose shape the target cannot hold at all (lossy cannot help)."""
    if not holds:
        raise FormatError(format, None, expected, found=describe(puzzle))


def is_classic(puzzle: Puzzle) -> bool:
    """A plain 9x9 sudoku with 3x3 boxes."""
    return puzzle.kind == "sudoku" and puzzle.layout is None and puzzle.size == 9 and puzzle.default_box


def open_digits(puzzle: Puzzle, index: int) -> list[int]:
    """The digits no peer of the cell holds yet: what a solver would pencil in."""
    cells = puzzle.cells
    seen = {cells[p].digit for p in puzzle.geometry.peers[index]}
    return [d for d in range(1, puzzle.size + 1) if d not in seen]
