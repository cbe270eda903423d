"""A puzzle's start state for the solvers: digit masks, solved cells, or a named conflict."""

from __future__ import annotations

from ..errors import PuzzleError
from ..model import Puzzle
from .rules import Board, board_of, cell_name, house_name, state_size

__all__ = ["NoSolution", "check_clashes", "start"]


class NoSolution(PuzzleError):
    """The givens and values admit no solution; the message names a conflict when one is plain."""


def start(puzzle: Puzzle) -> tuple[Board, list[int], list[int]]:
    """(board, state, todo): open cells with a digit are solved and queued; the rest hold
    all digits (the state is the cells' masks, then each house's placed digits, see Board).

    Raises NoSolution when two digits clash in a house or a black given leaves a
    cell without candidates.
    """
    check_clashes(puzzle)
    board = board_of(puzzle)
    masks = [0] * state_size(board)
    todo: list[int] = []
    cells = puzzle.cells
    full = board.full
    for i in board.open:
        d = cells[i].digit if cells[i].kind in ("given", "value") else 0
        if d:
            masks[i] = 1 << (d - 1)
            todo.append(i)
        else:
            masks[i] = full
    for i, cell in enumerate(cells):
        if cell.kind == "black" and cell.digit:
            bit = 1 << (cell.digit - 1)
            for p in board.peers[i]:
                if masks[p] & bit and masks[p] != bit:
                    masks[p] ^= bit
                    if not masks[p]:
                        raise NoSolution(f"no solution: {cell_name(p, board.cols)} has no digit left")
                    if not masks[p] & (masks[p] - 1):
                        todo.append(p)
    return board, masks, todo


def check_clashes(puzzle: Puzzle) -> None:
    """Raise NoSolution naming two cells whose digits repeat in one house."""
    cells = puzzle.cells
    geo = puzzle.geometry
    for house in geo.houses:
        seen: dict[int, int] = {}
        for i in house:
            d = cells[i].digit
            if not d:
                continue
            if d in seen:
                a, b = (cell_name(j, geo.cols) for j in (seen[d], i))
                where = house_name(house, geo.cols, geo.boxes)
                raise NoSolution(f"no solution: {a} and {b} both hold {d} in {where}")
            seen[d] = i
