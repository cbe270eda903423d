"""Exports: hand a puzzle to other tools (plain text, HoDoKu, kangaroo, SudokuPad, f-puzzles).

Each target is one `Export`: `lost(puzzle)` names what the target cannot hold
(and raises FormatError when it cannot hold the puzzle's shape at all), and
`export(name, puzzle, lossy=False)` writes the text or link, refusing with a
LossError that names the losses unless `lossy`. The page asks `lost` before it
sends a person to another site, so that nobody leaves without knowing what stays
behind. These are write-only: reading those tools' texts is `formats/imports`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import FormatError
from ...model import Puzzle
from ._common import Export

__all__ = ["EXPORTS", "Export", "Verdict", "export", "lost", "names", "survey"]


def _registry() -> dict[str, Export]:
    from . import fpuzzles, sudokupad, text

    targets = [
        text.LINE, text.HODOKU, text.HODOKU_LIBRARY, text.KANGAROO, sudokupad.SUDOKUPAD,
        fpuzzles.FPUZZLES,
    ]
    return {t.name: t for t in targets}


EXPORTS: dict[str, Export] = _registry()


def names() -> list[str]:
    return list(EXPORTS)


def _target(name: str) -> Export:
    if name not in EXPORTS:
        raise FormatError(name, None, "an export name: " + ", ".join(EXPORTS))
    return EXPORTS[name]


def lost(name: str, puzzle: Puzzle) -> list[str]:
    """What exporting `puzzle` to `name` would drop ([] = nothing); FormatError if it cannot at all."""
    return _target(name).lost(puzzle)


def export(name: str, puzzle: Puzzle, lossy: bool = False) -> str:
    """The puzzle as target `name` reads it: a text or a link."""
    return _target(name).export(puzzle, lossy)


@dataclass(frozen=True)
class Verdict:
    """What one target makes of a puzzle: the page shows this next to each button."""

    name: str
    title: str
    is_link: bool
    lost: list[str]
    """What a lossy export would leave out ([] = the target holds everything)."""
    refused: str | None
    """Why the target cannot take this puzzle at all, or None."""


def survey(puzzle: Puzzle) -> list[Verdict]:
    """Every target's verdict on `puzzle`, in registry order."""
    verdicts = []
    for target in EXPORTS.values():
        try:
            verdicts.append(Verdict(target.name, target.title, target.is_link, target.lost(puzzle), None))
        except FormatError as err:
            verdicts.append(Verdict(target.name, target.title, target.is_link, [], str(err)))
    return verdicts
