"""Solving: the fast solver, uniqueness counts and hints for every puzzle pycore holds.

    >>> import pycore
    >>> p = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    >>> "".join(str(cell.digit) for cell in pycore.solve.solve(p).cells)
    '1234341221434321'
    >>> pycore.solve(p) == pycore.solve.solve(p)
    True
    >>> pycore.count_solutions(p)
    1

Givens, the player's values and str8ts black givens constrain a solution; pencil
marks do not (they are the player's notes). Outside cells and black cells stay as
they are; every other cell of the result holds a digit. `pycore.solve.wfc` is the
same search on the 53-bit cell model. `hint` is the technique engine's next step
(`pycore.solve.advice`), after checking the player's digits against the solution.

The package is itself callable: `pycore.solve(puzzle)` is `pycore.solve.solve(puzzle)`,
the call programs were written with before the split by layer, which `pycore.hint` and
`pycore.count_solutions` beside it suggest too; the package's modules (`pycore.solve.wfc`)
and `from pycore.solve import solve` work as for any package.
"""

from __future__ import annotations

import sys
from types import ModuleType

from ..errors import PuzzleError
from ..model import Puzzle, value
from .fast import DEFAULT_MAX_NODES, SearchLimit, propagate, search
from .rules import cell_name, house_name
from .start import NoSolution, UncheckedRules, start

__all__ = [
    "DEFAULT_MAX_NODES",
    "Hint",
    "NoSolution",
    "SearchTooLong",
    "UncheckedRules",
    "count_solutions",
    "hint",
    "solutions",
    "solve",
]


class SearchTooLong(PuzzleError):
    """The search ran past its node budget: the puzzle is too open or hostile."""


def solutions(puzzle: Puzzle, limit: int, max_nodes: int = DEFAULT_MAX_NODES) -> list[Puzzle]:
    """Up to `limit` solutions, lowest digits first (an empty list when there is none)."""
    try:
        board, masks, todo = start(puzzle)
    except NoSolution:
        return []
    found: list[Puzzle] = []
    if limit < 1:
        return found
    try:
        for solved in search(board, masks, todo, max_nodes):
            found.append(_filled(puzzle, solved, board.open))
            if len(found) >= limit:
                break
    except SearchLimit as err:
        raise SearchTooLong(
            f"search stopped after {err.nodes - 1} nodes (max_nodes={max_nodes})"
        ) from None
    return found


def solve(puzzle: Puzzle, max_nodes: int = DEFAULT_MAX_NODES) -> Puzzle:
    """The puzzle with every open cell filled (new digits become values).

    Raises NoSolution, naming a conflict where one is plain; SearchTooLong past
    the node budget. With several solutions, the one with the lowest digits first.
    """
    board, masks, todo = start(puzzle)
    try:
        for solved in search(board, masks, todo, max_nodes):
            return _filled(puzzle, solved, board.open)
    except SearchLimit as err:
        raise SearchTooLong(
            f"search stopped after {err.nodes - 1} nodes (max_nodes={max_nodes})"
        ) from None
    raise NoSolution(_why_none(puzzle))


def _why_none(puzzle: Puzzle) -> str:
    """The first contradiction met, named for a reader: a plain one (a cell or a house
    left without a place for a digit), else where propagation fails."""
    plain = _plain_contradiction(puzzle)
    if plain:
        return plain
    board, masks, todo = start(puzzle)
    blame = propagate(board, masks, todo)
    geo = puzzle.geometry
    if len(blame) == 1 and blame[0] >= 0:
        return f"no solution: {cell_name(blame[0], board.cols)} has no digit left"
    if len(blame) > 1 and puzzle.is_variant and blame in board.houses:
        return f"no solution: {board.names[board.houses.index(blame)]} cannot hold every digit"
    if len(blame) > 1 and not puzzle.is_variant:
        return f"no solution: {house_name(blame, board.cols, geo.boxes)} cannot hold every digit"
    if len(blame) > 1:
        cells = ", ".join(cell_name(i, board.cols) for i in blame[:4])
        more = ", …" if len(blame) > 4 else ""
        return f"no solution: a rule on {cells}{more} cannot be kept"
    return "no solution: the givens and values cannot all be completed"


def _plain_contradiction(puzzle: Puzzle) -> str | None:
    """A cell the digits on the grid leave without a candidate, or a house with no place
    left for a digit it needs (singles propagated first); None when there is none."""
    from .techniques.state import State

    state = State(puzzle)
    tables = state.tables
    while True:
        for c in state.unsolved():
            if not state.masks[c]:
                return f"no solution: {tables.name(c)} has no candidate left"
        for h, house in enumerate(tables.houses):
            needed = tables.board.full & ~state.placed_in(house)
            for d in range(1, tables.n + 1):
                if needed >> (d - 1) & 1 and not state.spots(house, 1 << (d - 1)):
                    return f"no solution: {tables.names[h]} has no place left for {d}"
        single = next((c for c in state.unsolved() if state.masks[c].bit_count() == 1), None)
        if single is None:
            return None
        state.place(single, state.masks[single].bit_length())


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = DEFAULT_MAX_NODES) -> int:
    """How many solutions, counting no further than `limit` (limit=2 asks "unique?")."""
    try:
        board, masks, todo = start(puzzle)
    except NoSolution:
        return 0
    count = 0
    if limit < 1:
        return count
    try:
        for _ in search(board, masks, todo, max_nodes):
            count += 1
            if count >= limit:
                break
    except SearchLimit as err:
        raise SearchTooLong(
            f"search stopped after {err.nodes - 1} nodes (max_nodes={max_nodes})"
        ) from None
    return count


def _filled(puzzle: Puzzle, masks: list[int], cells: tuple[int, ...]) -> Puzzle:
    old = puzzle.cells
    return puzzle.with_cells(
        {i: value(masks[i].bit_length()) for i in cells if old[i].kind not in ("given", "value")}
    )


from .advice import Hint, hint  # noqa: E402  (it counts solutions with the functions above)


class _CallablePackage(ModuleType):
    """This package's class: calling it solves (`pycore.solve(puzzle)`), while its
    attributes and modules stay the package's."""

    def __call__(self, puzzle: Puzzle, max_nodes: int = DEFAULT_MAX_NODES) -> Puzzle:
        """`pycore.solve.solve(puzzle, max_nodes)`: the puzzle with every open cell filled."""
        return solve(puzzle, max_nodes)


sys.modules[__name__].__class__ = _CallablePackage
