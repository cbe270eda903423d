"""What a puzzle's shape asks of its digits, compiled once into plain tuples for the solvers.

A `Board` lists the cells to fill, each open cell's peers, the houses that must
hold every digit (where a digit with one place left is a hidden single) and, for
str8ts, the compartments. Digit masks follow `pycore.model.pack`: digit d is
bit d-1, so a solved cell's mask is a single bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..model import Layout, Puzzle

__all__ = ["Board", "Compartment", "board_of", "cell_name", "house_name"]


@dataclass(frozen=True, slots=True)
class Compartment:
    """A run of white str8ts cells in one row or column: its digits form a straight."""

    cells: tuple[int, ...]
    windows: tuple[int, ...]
    """The masks of every len(cells) consecutive digits (the straights it could hold)."""
    others: tuple[int, ...]
    """The line's other white cells: a digit the compartment must hold is not theirs."""
    line: str


@dataclass(frozen=True, slots=True)
class Board:
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
    crossings: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]
    """(shared, rest of a, rest of b) for full houses a, b sharing 2+ cells (box and line):
    a digit that in a lies only in the shared cells leaves the rest of b (locked candidates)."""


def cell_name(index: int, cols: int) -> str:
    r, c = divmod(index, cols)
    return f"r{r + 1}c{c + 1}"


def house_name(house: tuple[int, ...], cols: int, boxes: tuple[tuple[int, ...], ...]) -> str:
    rows = {i // cols for i in house}
    columns = {i % cols for i in house}
    if len(rows) == 1:
        return f"row {rows.pop() + 1}"
    if len(columns) == 1:
        return f"column {columns.pop() + 1}"
    if house in boxes:
        return f"box {boxes.index(house) + 1}"
    return "compartment " + "-".join(cell_name(i, cols) for i in (house[0], house[-1]))


def board_of(puzzle: Puzzle) -> Board:
    """The compiled board of this puzzle's shape (cached: shapes repeat, puzzles change)."""
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
    names = tuple(house_name(h, geo.cols, geo.boxes) for h in houses)
    compartments = _compartments(size, geo.houses, is_open, geo.cols) if kind == "str8ts" else ()
    crossings = []
    for k, a in enumerate(houses):
        for b in houses[k + 1 :]:
            shared = set(a) & set(b)
            if len(shared) >= 2:
                crossings.append((
                    tuple(sorted(shared)),
                    tuple(i for i in a if i not in shared),
                    tuple(i for i in b if i not in shared),
                ))
    return Board(
        kind, size, geo.cols, (1 << size) - 1, count,
        tuple(i for i in range(count) if is_open[i]), peers, houses, compartments, names,
        tuple(crossings),
    )


def _compartments(
    n: int, lines: tuple[tuple[int, ...], ...], is_open: list[bool], cols: int
) -> tuple[Compartment, ...]:
    out: list[Compartment] = []
    for line in lines:
        runs: list[list[int]] = [[]]
        for i in line:
            if is_open[i]:
                runs[-1].append(i)
            elif runs[-1]:
                runs.append([])
        runs = [run for run in runs if run]
        name = house_name(line, cols, ())
        for run in runs:
            length = len(run)
            windows = tuple(((1 << length) - 1) << low for low in range(n - length + 1))
            others = tuple(i for other in runs if other is not run for i in other)
            out.append(Compartment(tuple(run), windows, others, name))
    return tuple(out)
