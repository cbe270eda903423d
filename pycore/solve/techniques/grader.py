"""Grading: how hard a puzzle is for a person (`grade`), HoDoKu's way: the techniques
solve it simplest first, the hardest one used gives the level, raised while the total
score passes the level's limit (`MAX_SCORE`); `grading` is the same work in pieces, one
technique search each; `score_band` is the scores a made puzzle of a level should have.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...model import Puzzle
from ..pieces import Pieces, finish
from ..start import NoSolution, check_clashes
from .catalogue import BRUTE_FORCE, BY_NAME, GUESS_SCORE, LEVELS, Technique, chosen, score_of
from .state import State, Step
from .stepping import brute_force, searches_of, searching

__all__ = ["MAX_SCORE", "Grade", "Grading", "grade", "grading", "score_band"]

MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}
"""HoDoKu's default score limits for a 9x9: a puzzle scoring more moves up a level. They
grow with the number of cells to fill on larger grids (times open cells / 81)."""


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person: HoDoKu's levels and score."""

    level: str
    score: int
    hardest: str | None
    """The hardest technique used (by level, then score); None when nothing was needed."""
    steps: int
    solved: bool
    """False when the techniques ran out: the rest needs guessing (level extreme; with the
    solution given, the path goes on through `brute_force` guesses)."""
    counts: dict[str, int]
    path: tuple[Step, ...] = ()
    """Every step taken, in order (HoDoKu's solution path; `score_of` each for its score)."""


Grading = Pieces[Grade]
"""`grading`'s work in small pieces: each `next` does at most one technique search (or
applies the step found) and yields None; the Grade is the generator's return value."""


def grading(puzzle: Puzzle, uniqueness: bool = True,
            names: Iterable[str] | None = None, solution: Puzzle | None = None,
            path: list[Step] | None = None) -> Grading:
    """`grade` as a generator that yields after each technique search, so that a worker
    can answer other questions between the pieces of a long grading; run to the end it
    returns exactly what `grade` returns. Each step taken is appended to `path` (when
    given) as it is taken, so that a caller can show a path while it grows."""
    check_clashes(puzzle)
    solved_digits = None if solution is None else [c.digit for c in solution.cells]
    state = State(puzzle)
    searches = searches_of(chosen(puzzle, names, uniqueness))
    counts: dict[str, int] = {}
    path = [] if path is None else path
    score = 0
    hardest: Technique | None = None
    count = 0
    while not state.solved():
        if state.broken():
            raise NoSolution("no solution: the techniques reached a cell with no candidate")
        step: Step | None = None
        for search in searches:
            step = yield from searching(state, search)
            if step is not None:
                break
        if step is None:
            if solved_digits is None:
                break
            step = brute_force(state, solved_digits)  # a guess, and the techniques go on
        state.apply(step)
        path.append(step)
        counts[step.technique] = counts.get(step.technique, 0) + 1
        score += score_of(step.technique)
        count += 1
        technique = BY_NAME.get(step.technique)  # None for a guess: no technique's level
        if technique is not None and (hardest is None or (
                LEVELS.index(technique.level), technique.score) > (
                LEVELS.index(hardest.level), hardest.score)):
            hardest = technique
    guessed = BRUTE_FORCE in counts
    solved = state.solved() and not guessed
    level = hardest.level if hardest else "easy"
    if not solved:
        level = "extreme"
        if not guessed:
            score += GUESS_SCORE
    scale = max(1.0, len(state.tables.board.open) / 81)
    while level in MAX_SCORE and score > MAX_SCORE[level] * scale:
        level = LEVELS[LEVELS.index(level) + 1]
    return Grade(level, score, hardest.name if hardest else None, count, solved, counts,
                 tuple(path))


def score_band(level: str, open_cells: int) -> tuple[float, float]:
    """(least, most) score a made puzzle of this level should have: HoDoKu's generator
    takes a puzzle of a level above easy only when its score reaches the level below's
    limit (a hard one scores at least 1000 on a 9x9), so that a level means that much
    work, not one hard step among singles. The limits scale with the cells to fill; the
    least also shrinks on grids smaller than a 9x9, whose singles cannot add up to it."""
    i = LEVELS.index(level)
    most = MAX_SCORE[level] * max(1.0, open_cells / 81) if level in MAX_SCORE else float("inf")
    least = MAX_SCORE[LEVELS[i - 1]] * open_cells / 81 if i else 0.0
    return least, most


def grade(puzzle: Puzzle, uniqueness: bool = True, names: Iterable[str] | None = None,
          solution: Puzzle | None = None) -> Grade:
    """Solve with the techniques only, simplest first; level = the hardest technique's level,
    raised while the total score passes the level's limit; a guess needed means extreme.
    `names` limits the techniques tried (what they cannot finish counts as a guess).
    With the puzzle's `solution`, a guess is made where no technique applies (`brute_force`,
    GUESS_SCORE each) and the techniques go on from there, as HoDoKu's solution path does;
    `solved` stays False. (All of `grading` at once.)"""
    return finish(grading(puzzle, uniqueness, names, solution))[0]
