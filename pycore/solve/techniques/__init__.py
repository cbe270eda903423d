"""Human solving techniques: find them, explain them, apply them, grade a puzzle by them.

    >>> import pycore
    >>> from pycore.solve import techniques
    >>> p = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    >>> step = techniques.next_step(p)
    >>> step.technique, step.placements
    ('full-house', ((0, 1),))
    >>> techniques.grade(p).level
    'easy'

The engine works on a pencil-mark state: givens and values are placed digits; any
other cell holds the digits its houses allow (`Puzzle.open_masks`), cut down to its
pencil marks when it has some. `NAMES` lists the techniques simplest first, with
HoDoKu's names; `TECHNIQUES` says for each its level, score, the shapes it works on
and what it does. The uniqueness techniques (`UNIQUENESS`) assume the puzzle has
exactly one solution: pass `uniqueness=False` to leave them out.

On a variant sudoku (`Puzzle.is_variant`) the engine works on the puzzle's real geometry:
jigsaw regions, diagonals, extra regions and disjoint groups are houses (named "region 4",
"the falling diagonal", "extra region 2", "disjoint group 5"), killer cages, renban lines
and knight's or king's moves make cells see each other. The variant techniques of
`variants` (cage combinations, the rule of 45, thermometer and arrow bounds, kropki and XV
pairs, whisper and renban lines, the negative rules) read the rules themselves, and are
tried only on a puzzle that has them (`Technique.kinds`); rules none of them reads (a
little killer, a sandwich) are not reasoned about, so every step stays true, only fewer
are found. The uniqueness techniques never run there (a cage, a dot or a knight's move breaks
the digit swap they rest on), nor the complex fish; a jigsaw also goes without the
techniques written for regular boxes (finned fish, empty rectangles, grouped chains).

Three modules hold the engine: `catalogue` (the table of techniques), `stepping` (the
next step, applying it) and `grader` (grading); one module per family of techniques
finds them (`singles`, `fish`, `chains`, ...) on a `state.State`. Their public names
are all here.
"""

from __future__ import annotations

from .catalogue import (
    BRUTE_FORCE,
    GUESS_SCORE,
    LEVELS,
    NAMES,
    TECHNIQUES,
    UNIQUENESS,
    Technique,
    score_of,
)
from .grader import MAX_SCORE, Grade, Grading, grade, grading, score_band
from .state import State, Step
from .stepping import BEST_OF, apply, brute_force, find, hodoku_rank, next_step, steps

__all__ = [
    "BEST_OF", "BRUTE_FORCE", "GUESS_SCORE", "LEVELS", "MAX_SCORE", "NAMES", "TECHNIQUES",
    "UNIQUENESS", "Grade", "Grading", "State", "Step", "Technique", "apply", "brute_force",
    "find", "grade", "grading", "hodoku_rank", "next_step", "score_band", "score_of", "steps",
]
