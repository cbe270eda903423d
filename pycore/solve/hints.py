"""The next logical step for the player, with its reason.

Candidates come from the digits on the grid (givens, values, black givens), not
from the player's pencil marks. Rules, simplest first: naked single (a cell with
one candidate), hidden single (a digit with one place in a row, column or box
that holds every digit), and for str8ts the straight range rule (a compartment's
digits lie in a window of consecutive digits, so candidates outside every
possible window go, and a digit inside every window must be in the compartment).
Range-rule eliminations are applied until a single appears; the hint then names
the range rule and the eliminations it used.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Puzzle
from ..model import digits_in as _digits
from .rules import Board, Compartment, cell_name
from .start import NoSolution, start
from .straights import span

__all__ = [
    "GUESS_NEEDED", "HIDDEN_SINGLE", "NAKED_SINGLE", "SOLVED", "STRAIGHT_RANGE", "Hint", "hint",
]

NAKED_SINGLE = "naked single"
HIDDEN_SINGLE = "hidden single"
STRAIGHT_RANGE = "straight range rule"
GUESS_NEEDED = "guess needed"
SOLVED = "solved"


@dataclass(frozen=True, slots=True)
class Hint:
    """One step: place `digit` in `cell` (row-major index) because of `rule`.

    `cell` is None and `digit` 0 when there is no placement (solved, or a guess is
    needed). `removed` lists the (cell, digit) candidates the range rule first
    eliminated on the way to this placement.
    """

    rule: str
    cell: int | None
    digit: int
    reason: str
    removed: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        return self.reason


def hint(puzzle: Puzzle) -> Hint:
    """The next logical step, or a Hint with rule GUESS_NEEDED ("no logical step, guess needed").

    Raises NoSolution when the digits on the grid clash or leave a cell or a house
    with no place for a digit.
    """
    board, masks, _ = start(puzzle)
    cols = board.cols
    cells = puzzle.cells
    unsolved = [i for i in board.open if cells[i].kind not in ("given", "value")]
    if not unsolved:
        return Hint(SOLVED, None, 0, "the puzzle is solved")
    open_masks = puzzle.open_masks  # what the digits on the grid leave each open cell
    for c in unsolved:
        masks[c] &= open_masks[c]
    removed: list[tuple[int, int]] = []
    steps: list[str] = []
    if board.kind == "str8ts":
        around = "row and column"
    elif puzzle.layout is None:
        around = "row, column and box"
    else:
        around = "rows, columns and boxes"
    while True:
        for c in unsolved:
            if not masks[c]:
                raise NoSolution(f"no solution: {cell_name(c, cols)} has no candidate left")
        for c in unsolved:
            m = masks[c]
            if not m & (m - 1):
                d = m.bit_length()
                why = f"{cell_name(c, cols)} can only be {d}"
                if not steps:
                    why += f": its {around} hold every other digit"
                return _made(NAKED_SINGLE, c, d, why, steps, removed)
        found = _hidden_single(board, masks, unsolved)
        if found is not None:
            c, d, where = found
            why = f"{d} can go only in {cell_name(c, cols)} within {where}"
            return _made(HIDDEN_SINGLE, c, d, why, steps, removed)
        if not board.compartments:
            break
        placed = _range_step(board, masks, unsolved, removed, steps)
        if placed is False:
            break
        if isinstance(placed, tuple):
            c, d, comp = placed
            why = (f"{cell_name(c, cols)} is the only place for {d}, which "
                   f"{_comp_name(comp, cols)} must hold")
            return _made(STRAIGHT_RANGE, c, d, why, steps, removed)
    return Hint(GUESS_NEEDED, None, 0, "no logical step, guess needed")


def _made(
    rule: str, cell: int, digit: int, why: str, steps: list[str], removed: list[tuple[int, int]]
) -> Hint:
    if steps:
        why = f"{STRAIGHT_RANGE}: " + "; ".join(steps) + f"; so {why}"
        rule = STRAIGHT_RANGE
    return Hint(rule, cell, digit, why, tuple(removed))


def _hidden_single(
    board: Board, masks: list[int], unsolved: list[int]
) -> tuple[int, int, str] | None:
    todo = set(unsolved)
    for house, name in zip(board.houses, board.names, strict=True):
        placed = 0
        for c in house:
            if c not in todo:
                placed |= masks[c]
        for d in range(1, board.n + 1):
            bit = 1 << (d - 1)
            if placed & bit:
                continue
            spots = [c for c in house if c in todo and masks[c] & bit]
            if not spots:
                raise NoSolution(f"no solution: {name} has no place left for {d}")
            if len(spots) == 1:
                return spots[0], d, name
    return None


def _range_step(
    board: Board, masks: list[int], unsolved: list[int], removed: list[tuple[int, int]],
    steps: list[str],
) -> tuple[int, int, Compartment] | bool:
    """The range rule on the first compartment where it does something: a placement
    (cell, digit, compartment), True after eliminations, False when it does nothing."""
    cols = board.cols
    todo = set(unsolved)
    for comp in board.compartments:
        allowed, sure = span(masks, comp)
        if not allowed:
            raise NoSolution(f"no solution: no straight fits {_comp_name(comp, cols)}")
        gone: list[tuple[int, int]] = []
        for c in comp.cells:
            if c in todo and masks[c] & ~allowed:
                gone.extend((c, d) for d in _digits(masks[c] & ~allowed))
                masks[c] &= allowed
        for c in comp.others:
            if c in todo and masks[c] & sure:
                gone.extend((c, d) for d in _digits(masks[c] & sure))
                masks[c] &= ~sure
        text = f"{_comp_name(comp, cols)} holds a straight within {_digit_range(allowed)}"
        if sure:
            text += f", so it holds {_digit_list(sure)}"
        for d in _digits(sure):
            bit = 1 << (d - 1)
            spots = [c for c in comp.cells if masks[c] & bit]
            if len(spots) == 1 and spots[0] in todo:
                removed.extend(gone)
                steps.append(text)
                return spots[0], d, comp
        if gone:  # one compartment at a time, so the reason names only the steps it needs
            removed.extend(gone)
            steps.append(text)
            return True
    return False


def _comp_name(comp: Compartment, cols: int) -> str:
    first, last = comp.cells[0], comp.cells[-1]
    if first == last:
        return f"the one-cell compartment {cell_name(first, cols)}"
    return f"{cell_name(first, cols)}-{cell_name(last, cols)}"


def _digit_range(mask: int) -> str:
    digits = _digits(mask)
    if digits[-1] - digits[0] + 1 == len(digits):
        return f"{digits[0]}..{digits[-1]}"
    return _digit_list(mask)


def _digit_list(mask: int) -> str:
    return ", ".join(str(d) for d in _digits(mask))
