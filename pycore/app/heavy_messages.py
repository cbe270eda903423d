"""Words for a player in the heavy worker's answers: Check, Solve, Hint, the solution
path, New puzzle, exports and the QR code.

They are pycore.app.messages' words, kept in a module of their own for one reason: the
first screen runs MicroPython on a bundle of the modules it needs (`pycore.site.light`),
and these sentences are said only by the heavy worker (web/heavy/heavy.py), which a first
visit starts later. messages.py holds every other sentence the page shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .messages import PUZZLE_CANCELLED, not_loaded

if TYPE_CHECKING:
    from ..model import Puzzle

__all__ = ["CHECKED_SOLVED", "NOTHING_TO_HINT", "NO_MISTAKES", "NO_MISTAKES_SEVERAL", "NO_PATH_LEFT",
           "NO_SOLUTION", "PUZZLE_CANCELLED", "SOLVED", "cannot_check", "cannot_check_unread",
           "cannot_export", "cannot_make", "cannot_solve", "check_your_digits", "hint_applied", "hinting",
           "mistake_in_marks",
           "no_hint", "no_path", "no_puzzle_made", "no_qr", "no_step", "not_loaded", "path_graded",
           "path_step", "path_walking", "puzzle_made", "rule_broken", "technique_words"]


NO_SOLUTION = "Something is wrong: no solution fits the digits on the grid."
CHECKED_SOLVED = "Solved. Well done!"
NO_MISTAKES = "No mistakes so far."
NO_MISTAKES_SEVERAL = "No mistakes so far, but the puzzle has more than one solution."
SOLVED = "Solved (Undo takes it back)."
NOTHING_TO_HINT = "Solved: there is nothing left to hint."
NO_PATH_LEFT = "Solved: there is no path left to walk."
# Letters a technique's name spells as capitals ("xy-wing" -> "XY-wing").
_LETTERS = {"x", "xy", "xyz", "wxyz", "w", "als", "xz", "bug", "aic"}
def cannot_check(err: Exception) -> str:
    return f"Cannot check this grid.\n({err})"


def cannot_solve(err: Exception) -> str:
    return f"This grid cannot be solved.\n({err})"


def no_hint(err: Exception) -> str:
    return f"No hint for this grid.\n({err})"


def no_path(err: Exception) -> str:
    return f"No solution path for this grid.\n({err})"


def rule_broken(rules: list[str]) -> str:
    """Check's answer when the digits break a variant's rule: the first two named (their
    cells are shown in red, as a clash's)."""
    named = ["the " + (rule[4:] if rule.startswith("the ") else rule) for rule in rules]
    listed = f"{named[0]}, {named[1]} and {len(named) - 2} more" if len(named) > 2 else " and ".join(named)
    return f"Something is wrong: the digits break {listed} (shown in red)."


def cannot_check_unread(puzzle: Puzzle) -> str:
    """Check on a puzzle with rules carried but not read (`Puzzle.unchecked`)."""
    count = len(puzzle.unchecked)
    which = "one of its rules" if count == 1 else f"{count} of its rules"
    return f"Cannot check this grid: {which} cannot be read here, so no answer would be true."


def check_your_digits(told: str) -> str:
    """A digit of the player's that the one solution contradicts (`advice.Hint.text`)."""
    return f"Check your digits: {told}"


def mistake_in_marks(told: str) -> str:
    """Check's answer when the digits are right but centre marks leave out a cell's digit
    (`advice.wrong_marks`: the words Hint says of them)."""
    return f"A mistake in your pencil marks: {told[:1].lower()}{told[1:]}"


def no_step() -> str:
    """No technique finds a step: the hint's words (`advice.STUCK`), as a sentence."""
    from ..solve.advice import STUCK  # in the heavy worker, which has the solver

    return STUCK[:1].upper() + STUCK[1:] + "."


def technique_words(name: str) -> str:
    """A technique's name as a player reads it: "naked-pair" -> "Naked pair", "xy-wing" -> "XY-wing"."""
    words = name.split("-")
    out = ""
    for i, word in enumerate(words):
        letters = word in _LETTERS
        if i:
            out += "-" if words[i - 1] in _LETTERS else " "
        out += word.upper() if letters else word
    return out[:1].upper() + out[1:]


def _counted_noun(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def hinting(because: str, technique: str) -> str:
    """A hint in one paragraph (on a phone every line of it pushes the grid down): the
    step's explanation and its technique, then how to apply it."""
    name = technique_words(technique)
    if name[1:2].islower():  # "hidden single", but "XY-wing"
        name = name[0].lower() + name[1:]
    return f"Hint: {because.rstrip().removesuffix('.')} ({name}). Press Hint again to apply it."


def hint_applied(placed: int, removed: int) -> str:
    done = [f"placed {_counted_noun(placed, 'digit')}"] if placed else []
    if removed:
        done.append(f"removed {_counted_noun(removed, 'candidate')}")
    return f"Hint applied: {' and '.join(done)}. Undo takes it back."


def path_step(technique: str, score: int, total: int, explanation: str) -> str:
    """One line of the solution path, with the step's score and the running total."""
    return f"{technique_words(technique)} ({score}, total {total}): {explanation}"


def path_walking(steps: int, guessed: str) -> str:
    """While a long path is walked: how far it has come (`guessed`: advice.guesses_words)."""
    return f"Walking the solution path: {_counted_noun(steps, 'step')} so far{guessed}…"


def path_graded(level: str, score: int, steps: int, guessed: str, hardest: str, stuck: bool,
                unique: bool) -> str:
    """The path's grade: its level, score and steps, the hardest technique (`hardest`, ""
    for none), whether a guess ends it (`stuck`), whether several solutions fit."""
    from ..solve.advice import STUCK  # in the heavy worker, which has the solver

    hardest_words = f"; the hardest step is {technique_words(hardest)}" if hardest else ""
    rest = f" Then {STUCK} (a guess)." if stuck else ""
    several = "" if unique else " Several solutions fit, so the uniqueness techniques are left out."
    return (f"{level.capitalize()}: score {score}, {_counted_noun(steps, 'step')}{guessed}"
            f"{hardest_words}.{rest}{several}")


def no_puzzle_made(level: str) -> str:
    return f"No {level} puzzle of this shape turned up this time. Try again, or pick another level."


def cannot_make(err: Exception) -> str:
    return f"Could not make that puzzle.\n({err})"


def puzzle_made(level: str, givens: int, seconds: float) -> str:
    return f"A new {level} puzzle, {givens} givens (made in {seconds:.1f} s). Have fun!"


def cannot_export(err: Exception) -> str:
    return f"Could not export: {err}"


def no_qr(reason: str) -> str:
    """Why there is no QR code: a wheel not loaded (its sentence), or the link's refusal."""
    return f"No QR code: {reason}" + ("" if reason.endswith(".") else ".")
