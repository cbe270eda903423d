"""The next step for the player: the one hint behind `pycore hint`, `pycore solve --hint`,
`pycore.hint` and the page's Hint button.

    >>> import pycore
    >>> h = pycore.hint(pycore.decode("jcode", "-BCDCDA-BAD--CBA"))
    >>> h.kind, str(h)
    ('step', 'full-house: r1c1 is the last empty cell in row 1, which still misses 1: it is 1.')

A hint first checks the player's work, then deduces. When the givens have exactly one
solution, a player's digit that differs from it (or pencil marks that leave out the
cell's digit) is reported before anything is deduced from it: a deduction from a wrong
digit would teach a wrong step. Then the technique engine (`pycore.solve.techniques`)
gives the simplest step, with the uniqueness techniques only when the solution is
unique. When no technique applies the hint says so in one sentence (`STUCK`), the same
for every caller. A puzzle with rules carried but never checked (`Puzzle.unchecked`) gets
no hint: it says so (`UNCHECKED`) rather than deduce as if they were absent.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ..errors import quoted
from ..model import Puzzle
from .rules import cell_name
from .start import NoSolution, check_clashes
from .techniques import Grade, Grading, State, Step, grading, next_step
from .techniques.state import solver_sees_geometry

__all__ = ["SOLVED", "STUCK", "UNCHECKED", "Hint", "Walk", "guesses_words", "hint", "house_of",
           "solution_path", "unchecked_words", "wrong_marks"]

UNCHECKED = ("This puzzle has rules I cannot read or check ({rules}), so I cannot give a hint: "
             "any step I found would ignore them")
"""What every hint says on a puzzle with rules carried unchecked (`Puzzle.unchecked`)."""
STUCK = "no technique I know applies here"
"""What every hint says when the techniques find no step (the grid may still be solvable)."""
SOLVED = "the puzzle is solved"


@dataclass(frozen=True)
class Hint:
    """What to tell the player: `kind` is "step" (the engine's `step`), "wrong" (the
    player's digits or marks in `wrong` contradict the one solution), "solved", "stuck" or
    "unchecked" (the puzzle has rules we carry but cannot check: no hint is given).
    `unique` says whether the givens were found to have exactly one solution."""

    kind: str
    text: str
    step: Step | None = None
    wrong: tuple[int, ...] = ()
    unique: bool = False

    def __str__(self) -> str:
        return self.text


def hint(puzzle: Puzzle, uniqueness: bool = True) -> Hint:
    """The next thing to tell the player about this grid (see the module's docstring).

    Raises NoSolution when the digits on the grid clash or no solution fits the givens.
    `uniqueness=False` leaves out the techniques that assume one solution."""
    told, unique = _checked(puzzle)
    if told is not None:
        return told
    step = next_step(puzzle, uniqueness=uniqueness and unique)
    if step is None:
        return Hint("stuck", STUCK, unique=unique)
    return Hint("step", f"{step.technique}: {step.explanation}", step=step, unique=unique)


def solution_path(puzzle: Puzzle, uniqueness: bool = True,
                  guesses: bool = True) -> tuple[Hint, Grade | None]:
    """Every step from the grid as it is, as HoDoKu's "solution path" lists them: the
    player's work checked first, as `hint` checks it, then the grid graded (the Grade's
    `path` holds the steps). (a "wrong" or "solved" hint, None) when there is nothing to
    walk; else (a "path" hint, the grade), the hint saying whether the uniqueness
    techniques were left out because the givens have several solutions.

    With `guesses` (and one solution) the path goes on where no technique applies, through
    HoDoKu's brute-force guesses; a famous hard puzzle then takes seconds of forcing nets.

    Raises NoSolution as `hint` does."""
    walk = Walk(puzzle, uniqueness, guesses)
    if walk.told is not None:
        return walk.told, None
    walk.go(math.inf)
    return walk.summary(), walk.grade


class Walk:
    """`solution_path` walked a stretch at a time, for a page whose one solver worker must
    also answer Hint and Check: a famous hard puzzle's path, through guesses and forcing
    nets, takes seconds, and each `go` takes about as long as it is allowed (one technique
    search at most beyond it). The player's work is checked when the walk is made
    (`told` then holds the "wrong" or "solved" hint, and there is nothing to walk).

    Walked to its end, `path` and `grade` are what `solution_path` gives. Raises NoSolution
    as `hint` does (when made, or from `go` when the techniques reach a broken cell)."""

    def __init__(self, puzzle: Puzzle, uniqueness: bool = True, guesses: bool = True) -> None:
        told, solution = _checked_against(puzzle)
        self.told = told
        self.unique = solution is not None
        self._counted = solver_sees_geometry(puzzle)  # else "several" would be a guess
        self.path: list[Step] = []
        """The steps taken so far, in order."""
        self.grade: Grade | None = None
        """The grade, once the walk is over (None before, and when `told` says why not)."""
        self._work: Grading | None = None
        if told is None:
            # with one solution the path goes on through guesses where no technique applies,
            # as HoDoKu's does (techniques.brute_force); the player's digits were checked
            # against it
            self._work = grading(puzzle, uniqueness=uniqueness and self.unique,
                                 solution=solution if guesses else None, path=self.path)

    @property
    def done(self) -> bool:
        return self._work is None

    def go(self, seconds: float) -> list[Step]:
        """Walk on for about `seconds` (at least one technique search): the steps taken."""
        if self._work is None:
            return []
        start, taken = time.perf_counter(), len(self.path)
        try:
            while True:
                next(self._work)
                if time.perf_counter() - start >= seconds:
                    break
        except StopIteration as over:
            self.grade = over.value
            self._work = None
        return self.path[taken:]

    def summary(self) -> Hint:
        """The "path" hint `solution_path` gives with the grade (the walk must be over)."""
        assert self.grade is not None, "the walk is not over"
        return _path_hint(self.grade, self.unique, self._counted)


def unchecked_words(puzzle: Puzzle) -> str:
    """Why no hint is given on a puzzle with rules we cannot check (`UNCHECKED`), naming
    them (the first three kinds, by their source's key)."""
    keys = list(dict.fromkeys(quoted(getattr(item, "key", item.kind)) for item in puzzle.unchecked))
    more = f" and {len(keys) - 3} more" if len(keys) > 3 else ""
    return UNCHECKED.format(rules=", ".join(keys[:3]) + more) + "."


def guesses_words(count: int) -> str:
    """How a solution path's guesses are named after its steps (", 2 guesses where no
    technique I know applies here"; "" for none), the same in `gridlinks grade` and in
    the page."""
    return f", {count} guess{'es' * (count != 1)} where {STUCK}" if count else ""


def _path_hint(graded: Grade, unique: bool, counted: bool = True) -> Hint:
    """The path's summary; "several solutions fit" only when they were counted (not on a
    variant whose geometry the solver cannot read yet)."""
    several = "" if unique or not counted else \
        " (several solutions fit: without the uniqueness techniques)"
    return Hint("path", f"{graded.level}, score {graded.score}, {graded.steps} steps{several}",
                unique=unique)


def _checked(puzzle: Puzzle) -> tuple[Hint | None, bool]:
    """The player's work checked before anything is deduced: (a "solved" or "wrong" hint,
    or None when there is something to deduce; whether the givens have one solution)."""
    told, solution = _checked_against(puzzle)
    return told, solution is not None


def _checked_against(puzzle: Puzzle) -> tuple[Hint | None, Puzzle | None]:
    """`_checked`, with the givens' one solution (None when they have several, or when
    the grid is solved; a "wrong" hint always comes with it)."""
    check_clashes(puzzle)
    if puzzle.unchecked:
        return Hint("unchecked", unchecked_words(puzzle)), None
    if puzzle.is_solved:
        return Hint("solved", SOLVED), None
    solution, _ = _the_solution(puzzle)
    if solution is not None:
        wrong = _wrong_cells(puzzle, solution)
        if wrong:
            return Hint("wrong", _wrong_words(puzzle, wrong), wrong=wrong, unique=True), solution
    return None, solution


def _the_solution(puzzle: Puzzle) -> tuple[Puzzle | None, bool]:
    """(the givens' one solution or None, whether there is exactly one). The player's
    values and marks are left out: they are what gets checked. Raises NoSolution when the
    givens (or, with several solutions, the givens and values) admit none."""
    from . import SearchTooLong, count_solutions, solutions

    if not solver_sees_geometry(puzzle):
        return None, False  # its solutions would be another puzzle's: deduce without them
    givens = puzzle.unplayed
    try:
        found = solutions(givens, 2)
        if len(found) != 1:
            if not found:
                raise NoSolution("no solution: the givens cannot all be completed")
            if count_solutions(puzzle, 1) == 0:
                raise NoSolution("no solution fits the digits on the grid "
                                 "(the givens alone have several)")
            return None, False
    except SearchTooLong:
        return None, False  # too open to check: deduce, without the uniqueness techniques
    return found[0], True


SINGLES_OF_A_HOUSE = ("hidden-single", "full-house")


def house_of(puzzle: Puzzle, step: Step) -> tuple[int, ...]:
    """The house a hidden single or a full house is about (the first of the placed cell's
    houses, row, column then box, where the digit has one place left, or where the cell is
    the last empty one: the house its explanation names), for a page to tint whole: where
    the digit cannot go is what the player needs to see. () for any other step."""
    if step.technique not in SINGLES_OF_A_HOUSE or not step.placements:
        return ()
    s = State(puzzle)
    cell, digit = step.placements[0]
    bit = 1 << (digit - 1)
    tables = s.tables
    for h in tables.house_ids[cell]:
        house = tables.houses[h]
        if step.technique == "full-house":
            if [c for c in house if not s.digits[c]] == [cell]:
                return tuple(house)
        elif [c for c in house if not s.digits[c] and s.masks[c] & bit] == [cell]:
            return tuple(house)
    return ()


def wrong_marks(puzzle: Puzzle, solution: Puzzle) -> Hint | None:
    """Check's word on the pencil marks, the same as Hint's: a "wrong" hint naming the cells
    whose centre marks leave out the digit `solution` (the grid's one solution) has there,
    or None when every cell's marks hold it. A mark mistake is a mistake: a player who
    trusts the marks will never find that digit there."""
    answer = solution.cells
    wrong = tuple(i for i, c in enumerate(puzzle.cells)
                  if c.kind == "candidates" and answer[i].digit not in c.candidates)
    return Hint("wrong", _wrong_words(puzzle, wrong), wrong=wrong, unique=True) if wrong else None


def _wrong_cells(puzzle: Puzzle, solution: Puzzle) -> tuple[int, ...]:
    """Cells whose value is not the solution's digit, then cells whose pencil marks leave
    the solution's digit out."""
    answer = solution.cells
    values = [i for i, c in enumerate(puzzle.cells)
              if c.kind == "value" and c.digit != answer[i].digit]
    if values:
        return tuple(values)
    marks = wrong_marks(puzzle, solution)
    return () if marks is None else marks.wrong


def _wrong_words(puzzle: Puzzle, wrong: tuple[int, ...]) -> str:
    cols = puzzle.geometry.cols
    first = wrong[0]
    cell = puzzle.cells[first]
    more = len(wrong) - 1
    also = (f" ({more} more cell{'s' * (more != 1)} too: "
            f"{', '.join(cell_name(i, cols) for i in wrong[1:6])}{', ...' * (more > 5)})"
            if more else "")
    if cell.kind == "value":
        return (f"{cell_name(first, cols)} holds {cell.digit}, but the one solution has "
                f"another digit there: take it out before going on{also}.")
    return (f"The pencil marks of {cell_name(first, cols)} leave out the digit the one "
            f"solution has there: fix them before going on{also}.")

