"""Wave function collapse on the 53-bit cell model (`pycore.cells53`).

Each open cell is a superposition of its possibles (bits 1..n of its integer).
A step collapses the cell of lowest entropy (fewest possibles) to one of them
with `cells53.make_move`, which sets the value and removes it from the related
cells' possibles; in str8ts the straight range rule then narrows the
possibles further. A cell left with no value and no possibles is a contradiction,
and the collapse backtracks to the last choice that has another option. It is
the 53-bit model's own solver and a second opinion on the fast one: it finds the
same solutions as `pycore.solve.fast`, only more slowly (the page uses the fast one).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .. import cells53
from ..model import Puzzle, value
from .rules import Board, board_of
from .start import NoSolution, check_clashes
from .straights import CONTRADICTION, straighten

__all__ = ["DEFAULT_MAX_STEPS", "collapse", "count_solutions", "possibles", "solve"]

DEFAULT_MAX_STEPS = 1_000_000


class _TooLong(Exception):
    pass


def possibles(puzzle: Puzzle) -> list[int]:
    """The puzzle's 53-bit cells (`cells53.from_puzzle`, pencil marks dropped) with every
    open cell's possibles those the digits on the grid leave (`Puzzle.open_masks`): what a
    player's candidate display starts from."""
    cells = cells53.from_puzzle(puzzle, marks=False)
    masks = puzzle.open_masks
    n = puzzle.size
    for i in board_of(puzzle).open:
        if not cells53.count_values(cells[i], size=n):
            cells[i] |= masks[i] << 1
    return cells


def collapse(
    puzzle: Puzzle, *, rng: random.Random | None = None, max_steps: int = DEFAULT_MAX_STEPS
) -> Iterator[list[int]]:
    """Every completed grid of 53-bit cells, in collapse order.

    With `rng` the options of each collapse are tried in random order (a random
    solution first); without, lowest digit first. Raises NoSolution at once when
    the digits on the grid clash, SearchTooLong after `max_steps` collapses.
    """
    check_clashes(puzzle)
    board = board_of(puzzle)
    n = puzzle.size
    geo = puzzle.geometry
    cells = possibles(puzzle)
    if not _narrow(board, cells, n):
        return
    steps = 0
    stack: list[tuple[list[int], int, list[int]]] = []
    state: list[int] | None = cells
    while True:
        if state is not None:
            index = _lowest_entropy(board, state, n)
            if index == -1:
                yield state
            elif index >= 0:
                options = cells53.get_possibles(state[index], size=n)
                if rng is not None:
                    rng.shuffle(options)
                else:
                    options.reverse()
                stack.append((state, index, options))
        if not stack:
            return
        parent, index, options = stack[-1]
        if not options:
            stack.pop()
            state = None
            continue
        digit = options.pop()
        steps += 1
        if steps > max_steps:
            raise _TooLong(steps)
        if not cells53.is_move_allowed(parent, index, digit, size=n, geometry=geo):
            state = None
            continue
        state = cells53.make_move(parent, index, digit, size=n, geometry=geo)
        if not _narrow(board, state, n):
            state = None


def _lowest_entropy(board: Board, cells: list[int], n: int) -> int:
    """The open cell without a value that has the fewest possibles; -1 when every
    open cell has a value, -2 when one has no possibles left (a contradiction)."""
    best, fewest = -1, n + 1
    for i in board.open:
        c = cells[i]
        if cells53.count_values(c, size=n):
            continue
        k = cells53.count_possibles(c, size=n)
        if k == 0:
            return -2
        if k < fewest:
            best, fewest = i, k
    return best


def _narrow(board: Board, cells: list[int], n: int) -> bool:
    """The str8ts straight range rule on the cells' possibles (a no-op for sudoku);
    False on a contradiction."""
    if not board.compartments:
        return True
    masks = [0] * len(cells)
    for i in board.open:
        v = cells53.get_value(cells[i], size=n)
        masks[i] = 1 << (v - 1) if v else cells[i] >> 1 & board.full
    if straighten(masks, board.compartments, []) == CONTRADICTION:
        return False
    keep = ~(board.full << 1)
    for i in board.open:
        if not cells53.count_values(cells[i], size=n):
            cells[i] = cells[i] & keep | masks[i] << 1
    return True


def _run(puzzle: Puzzle, limit: int, rng: random.Random | None, max_steps: int) -> list[list[int]]:
    from . import SearchTooLong

    found: list[list[int]] = []
    try:
        for cells in collapse(puzzle, rng=rng, max_steps=max_steps):
            found.append(cells)
            if len(found) >= limit:
                break
    except _TooLong as err:
        raise SearchTooLong(f"collapse stopped after {err.args[0] - 1} steps "
                            f"(max_steps={max_steps})") from None
    return found


def solve(
    puzzle: Puzzle, *, rng: random.Random | None = None, max_steps: int = DEFAULT_MAX_STEPS
) -> Puzzle:
    """The puzzle filled by wave function collapse (new digits become values)."""
    found = _run(puzzle, 1, rng, max_steps)
    if not found:
        raise NoSolution("no solution: the givens and values cannot all be completed")
    n = puzzle.size
    board = board_of(puzzle)
    old = puzzle.cells
    return puzzle.with_cells({
        i: value(cells53.get_value(found[0][i], size=n))
        for i in board.open if old[i].kind not in ("given", "value")
    })


def count_solutions(puzzle: Puzzle, limit: int = 2, *, max_steps: int = DEFAULT_MAX_STEPS) -> int:
    """How many grids the collapse completes, counting no further than `limit`."""
    if puzzle.conflicts():
        return 0
    return len(_run(puzzle, limit, None, max_steps)) if limit > 0 else 0
