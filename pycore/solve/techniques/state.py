"""The techniques' working state: one digit mask per cell, and the shape's houses compiled once.

A `State` is built from a `Puzzle`: a given or value is placed; any other open cell
holds the digits `Puzzle.open_masks` allows, intersected with its pencil marks when it
has some (a cell without marks holds every digit its houses allow). Masks follow
`pycore.model.pack`: digit d is bit d-1. Steps mutate the state in place, so grading
a 9x9 costs a few list writes per step, not a new Puzzle.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from operator import or_

from ...model import Puzzle, pack
from ...model import digits_in as digits_of
from ..rules import Board, board_of, cell_name, house_name

__all__ = ["ChainLink", "Shape", "State", "Step", "bits", "chain_links", "digits_of", "popcount"]

ChainLink = tuple[int, int, int, int, bool]
"""One link of a chain, from one candidate to the next: (from cell, from digit, to cell,
to digit, strong). Strong: one of the two is true (if the first is false, the next is
true); weak: not both are (if the first is true, the next is false)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: what it places and eliminates, the pattern that proves it, and why.

    `placements` and `eliminations` are (cell_index, digit) pairs, cells row-major;
    `cells` and `digits` are the pattern to highlight when drawing the step. A chain's
    step also has its `links` in order (a loop's last link closes it; a forcing chain's
    branches follow one another), the data its explanation's chain is written from, so
    that a page can draw the chain from candidate to candidate.
    """

    technique: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    explanation: str
    links: tuple[ChainLink, ...] = ()

    def __str__(self) -> str:
        return self.explanation


def chain_links(nodes: Iterable[tuple[int, int]], strong_first: bool = True
                ) -> tuple[ChainLink, ...]:
    """The links between consecutive candidates (cell, digit) of an alternating chain:
    strong, weak, strong, ... (or weak first)."""
    out: list[ChainLink] = []
    prev: tuple[int, int] | None = None
    for node in nodes:
        if prev is not None:
            out.append((prev[0], prev[1], node[0], node[1], (len(out) % 2 == 0) == strong_first))
        prev = node
    return tuple(out)


popcount: Callable[[int], int] = int.bit_count
"""How many digits a mask holds (the method itself: no Python call in between, which
matters in the fish searches' inner loops)."""


def two_colorings(nodes: Iterable[int], neighbours: Callable[[int], Iterable[int]]
                  ) -> Iterator[tuple[dict[int, int], bool]]:
    """Each cluster of `nodes` joined by `neighbours`, in the order the nodes come, colored
    0 and 1 alternately from its first node, and whether that holds (no two neighbours
    share a color): the coloring of simple colors and of remote pairs."""
    done: set[int] = set()
    for root in nodes:
        if root in done:
            continue
        color = {root: 0}
        todo = deque([root])
        ok = True
        while todo:
            c = todo.popleft()
            for other in neighbours(c):
                if other not in color:
                    color[other] = 1 - color[c]
                    todo.append(other)
                elif color[other] == color[c]:
                    ok = False
        done.update(color)
        yield color, ok


def bits(mask: int) -> Iterator[int]:
    """Each set bit of the mask as a one-bit mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


@dataclass(frozen=True, eq=False)
class Shape:
    """What the techniques need of a board, computed once per shape (and so equal only
    to itself: the techniques' caches keyed by a shape hash it by identity).

    `houses` hold every digit exactly once (the full houses: rows, columns and boxes of a
    sudoku, a str8ts row or column without black cells); `groups` hold each digit at most
    once (also a str8ts line's white cells). `row`, `col` and `box` give, for a plain
    sudoku, each cell's house index; they are empty for other shapes.
    """

    board: Board
    n: int
    cols: int
    kind: str
    houses: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    house_kind: tuple[str, ...]
    """'row', 'column' or 'box' for each house."""
    house_ids: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...]
    group_names: tuple[str, ...]
    seen: tuple[frozenset[int], ...]
    plain: bool
    row: tuple[int, ...]
    col: tuple[int, ...]
    box: tuple[int, ...]

    def name(self, cell: int) -> str:
        return cell_name(cell, self.cols)

    def names_of(self, cells: Iterable[int]) -> str:
        return ", ".join(cell_name(c, self.cols) for c in sorted(cells))

    def lines(self, kind: str) -> list[int]:
        return [h for h, k in enumerate(self.house_kind) if k == kind]


@lru_cache(maxsize=32)
def _shape(board: Board, plain: bool, group_cells: tuple[tuple[int, ...], ...],
           group_house_names: tuple[str, ...]) -> Shape:
    names = board.names
    kinds = board.kinds
    seen = tuple(frozenset(p) for p in board.peers)
    kept = [k for k, g in enumerate(group_cells) if len(g) >= 2]
    groups = tuple(group_cells[k] for k in kept)
    group_names = tuple(group_house_names[k] for k in kept)
    row: tuple[int, ...] = ()
    col: tuple[int, ...] = ()
    box: tuple[int, ...] = ()
    if plain:
        per_kind: dict[str, list[int]] = {"row": [0] * board.cell_count,
                                           "column": [0] * board.cell_count,
                                           "box": [0] * board.cell_count}
        for h, house in enumerate(board.houses):
            for c in house:
                per_kind[kinds[h]][c] = h
        row, col, box = (tuple(per_kind[k]) for k in ("row", "column", "box"))
    return Shape(board, board.n, board.cols, board.kind, board.houses, names, kinds,
                 board.house_ids, groups, group_names, seen, plain, row, col, box)


def shape_of(puzzle: Puzzle) -> Shape:
    board = board_of(puzzle)
    plain = puzzle.kind == "sudoku" and puzzle.layout is None
    is_open = set(board.open)
    geo = puzzle.geometry
    groups = tuple(tuple(i for i in h if i in is_open) for h in geo.houses)
    names = tuple(house_name(h, geo.cols, geo.boxes, puzzle.layout) for h in geo.houses)
    return _shape(board, plain, groups, names)


class State:
    """Masks of the unsolved cells (0 once solved) and the digits placed so far."""

    __slots__ = ("digits", "empty", "left", "masks", "placed", "puzzle", "shape")

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.shape = shape_of(puzzle)
        cells = puzzle.cells
        opened = puzzle.open_masks
        masks = [0] * len(cells)
        digits = [0] * len(cells)
        for i in self.shape.board.open:
            cell = cells[i]
            if cell.kind in ("given", "value"):
                digits[i] = cell.digit
            elif cell.kind == "candidates":
                masks[i] = opened[i] & pack(cell.candidates)
            else:
                masks[i] = opened[i]
        self.masks = masks
        self.digits = digits
        # how many open cells have no digit yet, in all and in each house, and each house's
        # digits placed: kept up by `place`, so that the singles, looked for after every
        # step of a grading, need not count them again
        self.left = sum(1 for i in self.shape.board.open if not digits[i])
        self.empty = [sum(1 for c in house if not digits[c]) for house in self.shape.houses]
        self.placed = [self.placed_in(house) for house in self.shape.houses]

    def copy(self) -> State:
        other = State.__new__(State)
        other.puzzle = self.puzzle
        other.shape = self.shape
        other.masks = list(self.masks)
        other.digits = list(self.digits)
        other.left = self.left
        other.empty = list(self.empty)
        other.placed = list(self.placed)
        return other

    def unsolved(self) -> list[int]:
        digits = self.digits
        return [i for i in self.shape.board.open if not digits[i]]

    def solved(self) -> bool:
        return not self.left

    def broken(self) -> bool:
        """A cell with no digit left: the state contradicts itself (an unsolved cell's
        mask and a solved cell's digit are never both 0; asked after every step of a
        grading, so the scan runs in C)."""
        cells = self.shape.board.open
        return 0 in map(or_, map(self.masks.__getitem__, cells),
                        map(self.digits.__getitem__, cells))

    def place(self, cell: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        digits = self.digits
        ids = self.shape.house_ids[cell]
        if digits[cell]:  # a digit over a digit (no step does that): count its houses again
            digits[cell] = digit
            for h in ids:
                self.placed[h] = self.placed_in(self.shape.houses[h])
        else:
            digits[cell] = digit
            self.left -= 1
            empty, placed = self.empty, self.placed
            for h in ids:
                empty[h] -= 1
                placed[h] |= bit
        masks = self.masks
        masks[cell] = 0
        for p in self.shape.seen[cell]:
            masks[p] &= ~bit

    def apply(self, step: Step) -> None:
        for cell, digit in step.placements:
            self.place(cell, digit)
        masks = self.masks
        for cell, digit in step.eliminations:
            masks[cell] &= ~(1 << (digit - 1))

    def placed_in(self, house: tuple[int, ...]) -> int:
        """The digits already placed in a house, as a mask."""
        out = 0
        digits = self.digits
        for c in house:
            if digits[c]:
                out |= 1 << (digits[c] - 1)
        return out

    def spots(self, house: tuple[int, ...], bit: int) -> list[int]:
        """The house's unsolved cells that may still hold the digit `bit`."""
        masks = self.masks
        return [c for c in house if masks[c] & bit]

    def common_seen(self, cells: Iterable[int]) -> frozenset[int]:
        """Unsolved cells that see every one of `cells` (and are none of them)."""
        seen = self.shape.seen
        it = iter(cells)
        out = set(seen[next(it)])
        for c in it:
            out &= seen[c]
        return frozenset(out)

    def eliminations(self, cells: Iterable[int], bit: int, digit: int,
                     skip: Iterable[int] = ()) -> list[tuple[int, int]]:
        """(cell, digit) for each of `cells` that still holds the digit, minus `skip`."""
        masks = self.masks
        left_out = set(skip)
        return sorted((c, digit) for c in cells if masks[c] & bit and c not in left_out)
