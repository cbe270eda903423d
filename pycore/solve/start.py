"""A puzzle's start state for the solvers: digit masks, solved cells, or a named conflict."""

from __future__ import annotations

from ..errors import PuzzleError
from ..model import Puzzle, open_masks_of
from .rules import Board, board_of, cell_name, house_name, state_size, variant_house_name

__all__ = ["NoSolution", "UncheckedRules", "check_clashes", "start"]


class NoSolution(PuzzleError):
    """The givens and values admit no solution; the message names a conflict when one is plain."""


class UncheckedRules(PuzzleError):
    """The puzzle carries rules pycore cannot read (`Puzzle.unchecked`): any answer would
    treat them as absent, so none is given."""


def check_readable(puzzle: Puzzle) -> None:
    """Raise UncheckedRules when the puzzle holds rules the solver cannot check."""
    unknown = puzzle.unchecked
    if unknown:
        names: list[str] = []
        for item in unknown:
            key = getattr(item, "key", item.kind)
            if key not in names:
                names.append(key)
        shown = ", ".join(repr(k[:40]) for k in names[:3]) + (", …" if len(names) > 3 else "")
        rules = "rule" if len(unknown) == 1 else "rules"
        raise UncheckedRules(
            f"this puzzle has {len(unknown)} {rules} pycore cannot check ({shown}): "
            "it cannot be solved here")


def start(puzzle: Puzzle) -> tuple[Board, list[int], list[int]]:
    """(board, state, todo): open cells with a digit are solved and queued; the rest hold
    all digits (the state is the cells' masks, then each house's placed digits, see Board).

    Raises NoSolution when two digits clash in a house or a black given leaves a
    cell without candidates.
    """
    check_readable(puzzle)
    check_clashes(puzzle)
    board = board_of(puzzle)
    masks = [0] * state_size(board)
    todo: list[int] = []
    cells = puzzle.cells
    # Black givens are not cells to solve, so propagation never starts from them: the
    # open cells start with what they leave (the model's rule, on their digits alone).
    blacks = [c.digit if c.kind == "black" else 0 for c in cells]
    left = open_masks_of(puzzle.geometry, blacks, board.n) if any(blacks) else None
    full = board.full
    for i in board.open:
        d = cells[i].digit if cells[i].kind in ("given", "value") else 0
        if d:
            masks[i] = 1 << (d - 1)
            todo.append(i)
            continue
        masks[i] = full if left is None else left[i]
        if masks[i] != full:
            if not masks[i]:
                raise NoSolution(f"no solution: {cell_name(i, board.cols)} has no digit left")
            if not masks[i] & (masks[i] - 1):
                todo.append(i)
    return board, masks, todo


def check_clashes(puzzle: Puzzle) -> None:
    """Raise NoSolution naming two cells whose digits repeat in one house (the first of
    `Puzzle.clashes`)."""
    for first, second, house in puzzle.clashes():
        geo = puzzle.geometry
        a, b = (cell_name(j, geo.cols) for j in (first, second))
        where = variant_house_name(house, geo) if puzzle.is_variant else \
            house_name(house, geo.cols, geo.boxes, puzzle.layout)
        raise NoSolution(
            f"no solution: {a} and {b} both hold {puzzle.cells[first].digit} in {where}"
        )
