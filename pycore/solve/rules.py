"""What a puzzle's shape asks of its digits, compiled once into plain tuples for the solvers.

A `Board` lists the cells to fill, each open cell's peers, the houses that must
hold every digit (where a digit with one place left is a hidden single), the
pieces each house shares with other houses (for locked candidates) and, for
str8ts, the compartments. Digit masks follow `pycore.model.pack`: digit d is
bit d-1, so a solved cell's mask is a single bit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from ..model import Geometry, Layout, Puzzle, white_runs
from ..variants import Constraint

__all__ = ["Board", "Compartment", "Piece", "board_of", "cell_name", "grid_names", "house_kind",
           "house_name", "state_size"]


@dataclass(frozen=True, slots=True)
class Compartment:
    """A run of white str8ts cells in one row or column: its digits form a straight."""

    cells: tuple[int, ...]
    windows: tuple[int, ...]
    """The masks of every len(cells) consecutive digits (the straights it could hold)."""
    others: tuple[int, ...]
    """The line's other white cells: a digit the compartment must hold is not theirs."""
    line: str


Piece = tuple[tuple[int, ...], tuple[int, ...]]
"""(cells, targets): cells a house shares with other houses, and those houses' other cells."""


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """A shape's rules. A solver state is a list of `state_size` ints: the cells' digit
    masks, then for each house of `houses` the digits already placed in it.

    One Board per shape (`board_of` caches them), so a board is equal only to itself and
    hashes by identity: caches keyed by a board (the techniques' house tables) then cost
    nothing, where hashing its tuples would cost a quarter of a millisecond on a Samurai.
    """

    kind: str
    n: int
    cols: int
    full: int
    cell_count: int
    open: tuple[int, ...]
    """The cells a solution fills: not outside, not black."""
    peers: tuple[tuple[int, ...], ...]
    """For every cell, the open cells that may not repeat its digit."""
    houses: tuple[tuple[int, ...], ...]
    """Houses of n open cells: each holds every digit exactly once."""
    compartments: tuple[Compartment, ...]
    names: tuple[str, ...]
    """A reader's name for each house in `houses` (row 3, column 5, box 4)."""
    kinds: tuple[str, ...]
    """'row', 'column' or 'box' for each house in `houses` (`house_kind`)."""
    house_ids: tuple[tuple[int, ...], ...]
    """For every cell, the indexes in `houses` of the houses it lies in."""
    readers: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]
    """For every house, a function giving its cells' masks (operator.itemgetter)."""
    locks: tuple[tuple[tuple[Piece, ...], ...], ...]
    """For every house, ways to cut it into pieces: each piece is shared with other
    full houses (a box and a line cross in one) and has as targets their other
    cells; the last piece may be the cells no other house shares (no targets). A
    digit that in the house lies in one piece only is locked there, so it leaves
    the piece's targets (locked candidates: pointing and claiming)."""
    props: tuple[Callable[[list[int]], object], ...] = ()
    """A variant's propagators (`pycore.solve.propagators`): each narrows the masks of its
    element's cells, returning False on a contradiction, else the cells it narrowed."""
    watch: tuple[tuple[int, ...], ...] = ()
    """For every cell, the indexes in `props` of the propagators that look at it."""
    prop_cells: tuple[tuple[int, ...], ...] = ()
    """For every propagator, its cells (blamed when it finds a contradiction)."""


def cell_name(index: int, cols: int) -> str:
    r, c = divmod(index, cols)
    return f"r{r + 1}c{c + 1}"


def house_kind(house: tuple[int, ...], cols: int) -> str:
    """'row' for a house on one row, 'column' for one on one column, else 'box'."""
    if len({i // cols for i in house}) == 1:
        return "row"
    if len({i % cols for i in house}) == 1:
        return "column"
    return "box"


def house_name(house: tuple[int, ...], cols: int, boxes: tuple[tuple[int, ...], ...],
               layout: Layout | None = None) -> str:
    """"row 3", "column 5", "box 4"; on a multi-grid layout, counted within the first
    sub-grid holding the house and naming it ("row 2 of the top-left grid"), since the
    board's row 2 is a different row in each grid it crosses."""
    if layout is not None:
        named = _in_grid(house, cols, layout)
        if named:
            return named
    kind = house_kind(house, cols)
    if kind == "row":
        return f"row {house[0] // cols + 1}"
    if kind == "column":
        return f"column {house[0] % cols + 1}"
    if house in boxes:
        return f"box {boxes.index(house) + 1}"
    return "compartment " + "-".join(cell_name(i, cols) for i in (house[0], house[-1]))


def grid_names(layout: Layout) -> tuple[str, ...]:
    """A name for each sub-grid (`layout.windows`) by where it sits: "top-left grid",
    "centre grid", ...; "grid 3" where two would share a name."""
    tops = sorted({wr for wr, _ in layout.windows})
    lefts = sorted({wc for _, wc in layout.windows})

    def where(value: int, sides: list[int], low: str, middle: str, high: str) -> str:
        if len(sides) == 1:
            return ""
        return low if value == sides[0] else high if value == sides[-1] else middle

    names = []
    for wr, wc in layout.windows:
        v = where(wr, tops, "top", "middle", "bottom")
        h = where(wc, lefts, "left", "centre", "right")
        name = "centre" if (v, h) in (("middle", "centre"), ("middle", ""), ("", "centre")) \
            else "-".join(part for part in (v, h) if part)
        names.append(f"{name} grid")
    if len(set(names)) < len(names):
        return tuple(f"grid {k + 1}" for k in range(len(names)))
    return tuple(names)


def _in_grid(house: tuple[int, ...], cols: int, layout: Layout) -> str:
    b = layout.box
    side = b * b
    for k, (wr, wc) in enumerate(layout.windows):
        top, left = wr * b, wc * b
        spots = [divmod(i, cols) for i in house]
        if not all(top <= r < top + side and left <= c < left + side for r, c in spots):
            continue
        grid = grid_names(layout)[k]
        rows = {r - top for r, _ in spots}
        columns = {c - left for _, c in spots}
        if len(rows) == 1:
            return f"row {rows.pop() + 1} of the {grid}"
        if len(columns) == 1:
            return f"column {columns.pop() + 1} of the {grid}"
        box = min(rows) // b * b + min(columns) // b
        return f"box {box + 1} of the {grid}"
    return ""


def board_of(puzzle: Puzzle) -> Board:
    """The compiled board of this puzzle's shape (cached: shapes repeat, puzzles change).

    A variant's board comes from its own geometry (jigsaw regions, diagonals and extra
    regions are houses; cages, renban lines and knight or king pairs are peers) with the
    propagators of its constraints."""
    if puzzle.is_variant:
        return _variant_board(puzzle)
    blacks = (
        tuple(i for i, cell in enumerate(puzzle.cells) if cell.kind == "black")
        if puzzle.kind == "str8ts"
        else ()
    )
    return _board(puzzle.kind, puzzle.size, puzzle.box, puzzle.layout, blacks)


@lru_cache(maxsize=64)
def _board(
    kind: str, size: int, box: tuple[int, int] | None, layout: Layout | None,
    blacks: tuple[int, ...],
) -> Board:
    geo = Puzzle.blank(kind, size, box, layout).geometry
    count = geo.rows * geo.cols
    closed = set(geo.outside) | set(blacks)
    is_open = [i not in closed for i in range(count)]
    peers = tuple(tuple(p for p in geo.peers[i] if is_open[p]) for i in range(count))
    full_houses = [h for h in geo.houses if len(h) == size and all(is_open[i] for i in h)]
    houses = tuple(full_houses)
    names = tuple(house_name(h, geo.cols, geo.boxes, layout) for h in houses)
    kinds = tuple(house_kind(h, geo.cols) for h in houses)
    compartments = _compartments(size, geo.houses, is_open, geo.cols) if kind == "str8ts" else ()
    house_ids = tuple(tuple(k for k, h in enumerate(houses) if i in h) for i in range(count))
    return Board(
        kind, size, geo.cols, (1 << size) - 1, count,
        tuple(i for i in range(count) if is_open[i]), peers, houses, compartments, names,
        kinds, house_ids, tuple(itemgetter(*h) for h in houses), _locks(houses),
    )


_VARIANT_BOARDS: list[tuple[Geometry, tuple[Constraint, ...], Board]] = []
_VARIANT_KEEP = 8
"""Variant boards kept, by the identity of their geometry and constraints: every killer
has its own shape, and each keystroke's puzzle passes on the very same tuples."""


def _variant_board(puzzle: Puzzle) -> Board:
    geo = puzzle.geometry
    constraints = puzzle.constraints
    for seen_geo, seen_constraints, board in _VARIANT_BOARDS:
        if seen_geo is geo and seen_constraints is constraints:
            return board
    board = _build_variant(puzzle.size, geo, constraints)
    _VARIANT_BOARDS.insert(0, (geo, constraints, board))
    del _VARIANT_BOARDS[_VARIANT_KEEP:]
    return board


def variant_house_name(house: tuple[int, ...], geo: Geometry) -> str:
    """A reader's name for a house of a variant grid: row, column, box or region, one of
    the diagonals, an extra region or a disjoint group."""
    kind = house_kind(house, geo.cols)
    if kind == "row":
        return f"row {house[0] // geo.cols + 1}"
    if kind == "column":
        return f"column {house[0] % geo.cols + 1}"
    if house in geo.boxes:
        regular = all(len({i // geo.cols for i in b}) < len(b) for b in geo.boxes) and \
            _is_rectangles(geo.boxes, geo.cols)
        return f"{'box' if regular else 'region'} {geo.boxes.index(house) + 1}"
    n = geo.rows
    if len(house) == n and geo.rows == geo.cols:
        if house == tuple(k * geo.cols + k for k in range(n)):
            return "the falling diagonal"
        if set(house) == {(n - 1 - k) * geo.cols + k for k in range(n)}:
            return "the rising diagonal"
    first, last = (cell_name(i, geo.cols) for i in (min(house), max(house)))
    return f"the extra region {first}-{last}"


def _is_rectangles(boxes: tuple[tuple[int, ...], ...], cols: int) -> bool:
    for b in boxes:
        rows = {i // cols for i in b}
        columns = {i % cols for i in b}
        if len(rows) * len(columns) != len(b):
            return False
    return True


def _build_variant(size: int, geo: Geometry, constraints: tuple[Constraint, ...]) -> Board:
    from .propagators import compile_props

    count = geo.rows * geo.cols
    is_open = [i not in geo.outside for i in range(count)]
    peers = tuple(tuple(p for p in geo.peers[i] if is_open[p]) for i in range(count))
    houses = tuple(h for h in geo.houses if len(h) == size and all(is_open[i] for i in h))
    names = tuple(variant_house_name(h, geo) for h in houses)
    kinds = tuple(house_kind(h, geo.cols) for h in houses)
    house_ids = tuple(tuple(k for k, h in enumerate(houses) if i in h) for i in range(count))
    props, watch, prop_cells = compile_props(constraints, geo, size)
    if any(item.kind == "little-killer" for item in constraints):
        from .optimizer import with_derived  # sums derived from several elements at once

        props, watch, prop_cells = with_derived(props, prop_cells, constraints, geo, size)
    return Board(
        "sudoku", size, geo.cols, (1 << size) - 1, count,
        tuple(i for i in range(count) if is_open[i]), peers, houses, (), names,
        kinds, house_ids, tuple(itemgetter(*h) for h in houses), _locks(houses),
        props, watch, prop_cells,
    )


def _locks(houses: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[Piece, ...], ...], ...]:
    """Each house's cuts (see Board). Pieces shared with the same cells by several
    houses (a samurai corner box, two grids' rows) target all of their other cells;
    pieces that overlap go to different cuts, so a box is cut once by rows, once by columns."""
    out = []
    for a in houses:
        targets: dict[tuple[int, ...], set[int]] = {}
        for b in houses:
            cells_b = set(b)
            shared = tuple(i for i in a if i in cells_b)
            if 2 <= len(shared) < len(a):
                targets.setdefault(shared, set()).update(i for i in b if i not in shared)
        cuts: list[list[tuple[int, ...]]] = []
        for piece in targets:
            for cut in cuts:
                if all(set(piece).isdisjoint(other) for other in cut):
                    cut.append(piece)
                    break
            else:
                cuts.append([piece])
        house_cuts = []
        for cut in cuts:
            covered = set().union(*cut)
            pieces: list[Piece] = [(piece, tuple(sorted(targets[piece]))) for piece in cut]
            rest = tuple(i for i in a if i not in covered)
            if rest:
                pieces.append((rest, ()))
            house_cuts.append(tuple(pieces))
        out.append(tuple(house_cuts))
    return tuple(out)


def _compartments(
    n: int, lines: tuple[tuple[int, ...], ...], is_open: list[bool], cols: int
) -> tuple[Compartment, ...]:
    out: list[Compartment] = []
    for line in lines:
        runs = white_runs(line, lambda i: not is_open[i])
        name = house_name(line, cols, ())
        for run in runs:
            length = len(run)
            windows = tuple(((1 << length) - 1) << low for low in range(n - length + 1))
            others = tuple(i for other in runs if other is not run for i in other)
            out.append(Compartment(run, windows, others, name))
    return tuple(out)


def state_size(board: Board) -> int:
    return board.cell_count + len(board.houses)
