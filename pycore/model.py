"""The one puzzle model every format reads and writes.

A `Puzzle` is immutable: a kind, a digit count, a box shape or a multi-box
`Layout`, and a row-major tuple of `Cell`s. Its geometry (houses, peers) is
computed once per shape and shared by every puzzle of that shape.

It is longer than our other modules (~540 lines) on purpose: the cell, the shape
and the rule of which digits fit (`open_masks_of`, `clashes`, `is_solved`) are the
one vocabulary every other module imports, and splitting them would only make
each half import the other.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from .errors import PuzzleError

__all__ = [
    "BLACK",
    "CELL_KINDS",
    "DEFAULT_BOX",
    "EMPTY",
    "KINDS",
    "OUTSIDE",
    "STR8TS_SIZES",
    "SUDOKU_SIZES",
    "Cell",
    "Geometry",
    "Layout",
    "Puzzle",
    "black",
    "candidates",
    "digits_in",
    "geometry_of",
    "given",
    "open_masks_of",
    "pack",
    "unpack",
    "value",
    "white_runs",
]

SUDOKU = "sudoku"
STR8TS = "str8ts"
KINDS = (SUDOKU, STR8TS)

DEFAULT_BOX: dict[int, tuple[int, int]] = {
    4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5),
}
SUDOKU_SIZES = tuple(DEFAULT_BOX)
STR8TS_SIZES = (3, 4, 5, 6, 7, 8, 9, 16, 25)
MAX_LAYOUT_BOXES = 15  # boxes across or down; Samurai needs 7

CELL_KINDS = ("empty", "given", "value", "candidates", "black", "outside")


def pack(digits: Iterable[int]) -> int:
    """Candidate k sets bit k-1 (the specs' PackCandidates): pack({4, 3, 1}) == 13."""
    bits = 0
    for d in digits:
        bits |= 1 << (d - 1)
    return bits


def digits_in(bits: int) -> list[int]:
    """The digits whose bits are set, ascending (for loops that want a list)."""
    digits = []
    d = 1
    while bits:
        if bits & 1:
            digits.append(d)
        bits >>= 1
        d += 1
    return digits


def unpack(bits: int) -> frozenset[int]:
    """The digits whose bits are set: the inverse of `pack`."""
    return frozenset(digits_in(bits))


@dataclass(frozen=True, slots=True)
class Cell:
    """Exactly one of: empty, given, value, candidates, black (digit 0 or a black given), outside."""

    kind: str = "empty"
    digit: int = 0
    candidates: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.kind not in CELL_KINDS:
            raise PuzzleError(f"unknown cell kind {self.kind!r}")
        wants_digit = self.kind in ("given", "value")
        if wants_digit and self.digit < 1:
            raise PuzzleError(f"a {self.kind} cell needs a digit of at least 1")
        if self.kind == "black" and self.digit < 0:
            raise PuzzleError("a black cell holds digit 0 (none) or a black given of at least 1")
        if not wants_digit and self.kind != "black" and self.digit:
            raise PuzzleError(f"a {self.kind} cell holds no digit")
        if self.kind == "candidates":
            if not self.candidates:
                raise PuzzleError("an empty candidate set is an empty cell")
            if min(self.candidates) < 1:
                raise PuzzleError("candidates are digits of at least 1")
        elif self.candidates:
            raise PuzzleError(f"a {self.kind} cell holds no candidates")

    @property
    def is_black(self) -> bool:
        return self.kind == "black"

    def __repr__(self) -> str:
        if self.kind == "candidates":
            return f"candidates({sorted(self.candidates)})"
        if self.kind in ("given", "value"):
            return f"{self.kind}({self.digit})"
        if self.kind == "black":
            return f"black({self.digit})" if self.digit else "BLACK"
        return self.kind.upper()


EMPTY = Cell()
OUTSIDE = Cell("outside")
BLACK = Cell("black")


def given(digit: int) -> Cell:
    return Cell("given", digit)


def value(digit: int) -> Cell:
    return Cell("value", digit)


def candidates(digits: Iterable[int]) -> Cell:
    """Pencil marks; no marks at all is simply an empty cell."""
    marks = frozenset(digits)
    return Cell("candidates", 0, marks) if marks else EMPTY


def black(digit: int = 0) -> Cell:
    """A str8ts black cell, empty (digit 0) or holding a black given."""
    return Cell("black", digit)


@dataclass(frozen=True)
class Layout:
    """Boxes of b x b cells placed on a width x height board, some disabled (binary spec).

    Every b x b window of boxes whose boxes are all enabled is one ordinary
    b² x b² sudoku; boxes are numbered row-major: index = box_row * width + box_col.
    """

    box: int
    width: int
    height: int
    disabled: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        object.__setattr__(self, "disabled", frozenset(self.disabled))
        if not 2 <= self.box <= 5:
            raise PuzzleError(f"box size must be 2 to 5, not {self.box}")
        for name, n in (("width", self.width), ("height", self.height)):
            if not 1 <= n <= MAX_LAYOUT_BOXES:
                raise PuzzleError(f"layout {name} must be 1 to {MAX_LAYOUT_BOXES} boxes, not {n}")
        count = self.width * self.height
        bad = sorted(i for i in self.disabled if not 0 <= i < count)
        if bad:
            raise PuzzleError(f"disabled box {bad[0]} is not in a {self.width}x{self.height} layout")
        if not self.windows:
            raise PuzzleError(
                f"a layout needs at least one fully enabled {self.box}x{self.box} window of boxes"
            )
        covered = {
            (wr + r) * self.width + wc + c
            for wr, wc in self.windows
            for r in range(self.box)
            for c in range(self.box)
        }
        lonely = sorted(set(range(count)) - self.disabled - covered)
        if lonely:
            raise PuzzleError(
                f"enabled box {lonely[0]} lies in no fully enabled {self.box}x{self.box} window"
            )

    @cached_property
    def windows(self) -> tuple[tuple[int, int], ...]:
        """Top-left (box_row, box_col) of every all-enabled b x b window: the sub-sudokus."""
        b = self.box
        return tuple(
            (wr, wc)
            for wr in range(self.height - b + 1)
            for wc in range(self.width - b + 1)
            if not any(
                (wr + r) * self.width + wc + c in self.disabled
                for r in range(b)
                for c in range(b)
            )
        )

    def enabled(self, box_index: int) -> bool:
        return box_index not in self.disabled

    @property
    def is_plain(self) -> bool:
        """Exactly b x b boxes, all enabled: an ordinary sudoku."""
        return self.width == self.height == self.box and not self.disabled

    @classmethod
    def samurai(cls, box: int = 3) -> Layout:
        """Five overlapping grids: four in the corners of a (2b+1)-box square, one in the centre."""
        side = 2 * box + 1
        corners = (0, box + 1)
        windows = [(r, c) for r in corners for c in corners] + [(box // 2 + 1, box // 2 + 1)]
        enabled = {
            (wr + r) * side + wc + c for wr, wc in windows for r in range(box) for c in range(box)
        }
        return cls(box, side, side, frozenset(set(range(side * side)) - enabled))


@dataclass(frozen=True)
class Geometry:
    """What depends only on a puzzle's shape: its size on screen, houses and peers."""

    rows: int
    cols: int
    houses: tuple[tuple[int, ...], ...]
    """Every set of cells that holds each digit at most once (rows, columns, boxes)."""
    boxes: tuple[tuple[int, ...], ...]
    outside: frozenset[int]

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the other cells sharing a house with it, sorted."""
        sets: list[set[int]] = [set() for _ in range(self.rows * self.cols)]
        for house in self.houses:
            for i in house:
                sets[i].update(house)
        return tuple(tuple(sorted(s - {i})) for i, s in enumerate(sets))

    @cached_property
    def house_ids(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indexes in `houses` of the houses it lies in."""
        per_cell: list[list[int]] = [[] for _ in range(self.rows * self.cols)]
        for k, house in enumerate(self.houses):
            for i in house:
                per_cell[i].append(k)
        return tuple(tuple(ids) for ids in per_cell)

    @cached_property
    def units(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each cell, the houses it lies in."""
        per_cell: list[list[tuple[int, ...]]] = [[] for _ in range(self.rows * self.cols)]
        for house in self.houses:
            for i in house:
                per_cell[i].append(house)
        return tuple(tuple(u) for u in per_cell)


def geometry_of(kind: str, size: int, box: tuple[int, int] | None = None) -> Geometry:
    """The shared geometry of a one-grid shape: a sudoku (default box for its size unless
    given) or a str8ts. Layouts have theirs through `Puzzle.blank(layout=...).geometry`."""
    if kind == STR8TS:
        return _str8ts_geometry(size)
    if kind != SUDOKU:
        raise PuzzleError(f"kind must be 'sudoku' or 'str8ts', not {kind!r}")
    if box is None:
        if size not in DEFAULT_BOX:
            raise PuzzleError(f"sudoku size must be one of {SUDOKU_SIZES}, not {size}")
        box = DEFAULT_BOX[size]
    return _sudoku_geometry(size, (box[0], box[1]))


def white_runs(line: Sequence[int], closed: Callable[[int], bool]) -> list[tuple[int, ...]]:
    """The runs of consecutive cells along a line that are not `closed` (black or outside):
    a str8ts line's compartments, whose digits must form a straight."""
    runs: list[tuple[int, ...]] = []
    run: list[int] = []
    for i in line:
        if closed(i):
            if run:
                runs.append(tuple(run))
            run = []
        else:
            run.append(i)
    if run:
        runs.append(tuple(run))
    return runs


def open_masks_of(
    geo: Geometry, digits: Sequence[int], size: int, closed: Collection[int] = ()
) -> tuple[int, ...]:
    """For each cell, the digits 1..size (bit d-1) that no digit placed in its houses rules
    out; `digits` holds each cell's digit (0: none), `closed` cells can take none. A cell's
    own digit is not held against it unless a peer holds it too (a clash)."""
    full = (1 << size) - 1
    bit = [1 << (d - 1) if d else 0 for d in digits]
    placed = []
    for house in geo.houses:
        bits = 0
        for i in house:
            bits |= bit[i]
        placed.append(bits)
    out = []
    for i, own in enumerate(bit):
        if i in closed:
            out.append(0)
            continue
        taken = 0
        for k in geo.house_ids[i]:
            taken |= placed[k]
        if own and not any(bit[j] == own for j in geo.peers[i]):
            taken &= ~own
        out.append(full & ~taken)
    return tuple(out)


@cache
def _sudoku_geometry(size: int, box: tuple[int, int]) -> Geometry:
    br, bc = box
    rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
    cols = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
    boxes = tuple(
        tuple((top + r) * size + left + c for r in range(br) for c in range(bc))
        for top in range(0, size, br)
        for left in range(0, size, bc)
    )
    return Geometry(size, size, rows + cols + boxes, boxes, frozenset())


@cache
def _str8ts_geometry(size: int) -> Geometry:
    rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
    cols = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
    return Geometry(size, size, rows + cols, (), frozenset())


@cache
def _layout_geometry(layout: Layout) -> Geometry:
    b, n = layout.box, layout.box * layout.box
    width = layout.width * b

    def box_cells(box_row: int, box_col: int) -> tuple[int, ...]:
        return tuple(
            (box_row * b + r) * width + box_col * b + c for r in range(b) for c in range(b)
        )

    boxes = tuple(
        box_cells(i // layout.width, i % layout.width)
        for i in range(layout.width * layout.height)
        if layout.enabled(i)
    )
    lines: dict[tuple[int, ...], None] = {}
    for wr, wc in layout.windows:
        top, left = wr * b, wc * b
        for k in range(n):
            lines[tuple((top + k) * width + left + c for c in range(n))] = None
            lines[tuple((top + r) * width + left + k for r in range(n))] = None
    outside = frozenset(
        cell
        for i in range(layout.width * layout.height)
        if not layout.enabled(i)
        for cell in box_cells(i // layout.width, i % layout.width)
    )
    return Geometry(layout.height * b, width, (*lines, *boxes), boxes, outside)


@dataclass(frozen=True)
class Puzzle:
    """A whole puzzle state. Build one with `Puzzle.blank(...)` or the constructor."""

    kind: str
    size: int
    cells: tuple[Cell, ...]
    box: tuple[int, int] | None = None
    layout: Layout | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.kind not in KINDS:
            raise PuzzleError(f"kind must be 'sudoku' or 'str8ts', not {self.kind!r}")
        set_(self, "cells", tuple(self.cells))
        if self.layout is not None:
            if self.kind != SUDOKU:
                raise PuzzleError("only a sudoku can have a multi-box layout")
            b = self.layout.box
            if self.size != b * b or (self.box is not None and tuple(self.box) != (b, b)):
                raise PuzzleError(f"a layout of boxes of {b} holds digits 1..{b * b}")
            set_(self, "box", (b, b))
            if self.layout.is_plain:
                set_(self, "layout", None)
        elif self.kind == SUDOKU:
            if self.size not in DEFAULT_BOX:
                raise PuzzleError(f"sudoku size must be one of {SUDOKU_SIZES}, not {self.size}")
            box = DEFAULT_BOX[self.size] if self.box is None else tuple(self.box)
            if len(box) != 2 or box[0] * box[1] != self.size or min(box) < 2:
                raise PuzzleError(f"box {box} does not tile a {self.size}x{self.size} sudoku")
            set_(self, "box", (int(box[0]), int(box[1])))
        else:
            if self.size not in STR8TS_SIZES:
                raise PuzzleError(f"str8ts size must be one of {STR8TS_SIZES}, not {self.size}")
            if self.box is not None:
                raise PuzzleError("a str8ts has no boxes")
        self._check_cells()

    def _check_cells(self) -> None:
        geo = self.geometry
        if len(self.cells) != geo.rows * geo.cols:
            raise PuzzleError(
                f"a {geo.rows}x{geo.cols} grid has {geo.rows * geo.cols} cells, not {len(self.cells)}"
            )
        n = self.size
        for i, cell in enumerate(self.cells):
            if not isinstance(cell, Cell):
                raise PuzzleError(f"{self._name(i)}: not a Cell: {cell!r}")
            if (cell.kind == "outside") != (i in geo.outside):
                why = "lies in a disabled box" if i in geo.outside else "is not in a disabled box"
                raise PuzzleError(f"{self._name(i)} {why}: outside is {i in geo.outside}")
            if cell.digit > n:
                raise PuzzleError(f"{self._name(i)}: digit {cell.digit} is not in 1..{n}")
            if cell.candidates and max(cell.candidates) > n:
                raise PuzzleError(f"{self._name(i)}: candidate {max(cell.candidates)} is not in 1..{n}")
            if cell.kind == "black" and self.kind != STR8TS:
                raise PuzzleError(f"{self._name(i)}: black cells belong to str8ts only")

    def _name(self, index: int) -> str:
        r, c = divmod(index, self.cols)
        return f"cell r{r + 1}c{c + 1}"

    @classmethod
    def blank(
        cls,
        kind: str = SUDOKU,
        size: int = 9,
        box: tuple[int, int] | None = None,
        layout: Layout | None = None,
    ) -> Puzzle:
        """An empty grid of this shape (cells of disabled boxes are outside)."""
        if layout is not None:
            geo = _layout_geometry(layout)
            cells = tuple(
                OUTSIDE if i in geo.outside else EMPTY for i in range(geo.rows * geo.cols)
            )
            return cls(kind, layout.box**2, cells, box, layout)
        return cls(kind, size, (EMPTY,) * (size * size), box)

    @cached_property
    def geometry(self) -> Geometry:
        if self.layout is not None:
            return _layout_geometry(self.layout)
        return geometry_of(self.kind, self.size, self.box)

    @property
    def rows(self) -> int:
        return self.geometry.rows

    @property
    def cols(self) -> int:
        return self.geometry.cols

    @property
    def default_box(self) -> bool:
        """True when the box shape is the one a bare size implies (formats need not say it)."""
        return self.kind != SUDOKU or self.layout is not None or self.box == DEFAULT_BOX[self.size]

    def cell(self, row: int, col: int) -> Cell:
        return self.cells[row * self.cols + col]

    def with_cells(self, changes: Mapping[int, Cell]) -> Puzzle:
        """A copy with some cells replaced (by row-major index)."""
        cells = list(self.cells)
        for i, cell in changes.items():
            cells[i] = cell
        return Puzzle(self.kind, self.size, tuple(cells), self.box, self.layout)

    def with_cell(self, index: int, cell: Cell) -> Puzzle:
        return self.with_cells({index: cell})

    def rows_of_cells(self) -> list[list[Cell]]:
        c = self.cols
        return [list(self.cells[r * c : (r + 1) * c]) for r in range(self.rows)]

    def clashes(self) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        """(first, second, house) for every digit (given, value or black given) that repeats
        within a house, in house order: the one place clashes are found."""
        cells = self.cells
        for house in self.geometry.houses:
            seen: dict[int, int] = {}
            for i in house:
                d = cells[i].digit
                if d:
                    if d in seen:
                        yield seen[d], i, house
                    else:
                        seen[d] = i

    def conflicts(self) -> frozenset[int]:
        """Cells whose digit repeats within one of their houses (what the page marks red)."""
        return frozenset(i for a, b, _ in self.clashes() for i in (a, b))

    @cached_property
    def open_masks(self) -> tuple[int, ...]:
        """For each cell, the digits (packed as by `pack`: bit d-1) that no digit in its houses
        rules out: what a solver pencils in. A cell's own digit does not count against it;
        black and outside cells can take none. The one place "which digits can go here" is
        computed (`open_masks_of`): exports, imports, the editor, the solvers and the
        techniques all call it."""
        closed = frozenset(i for i, c in enumerate(self.cells) if c.kind in ("black", "outside"))
        return open_masks_of(self.geometry, [c.digit for c in self.cells], self.size, closed)

    def open_digits(self, index: int) -> list[int]:
        """The digits no digit in the cell's houses rules out, ascending (see `open_masks`)."""
        return sorted(unpack(self.open_masks[index]))

    @property
    def is_solved(self) -> bool:
        """Every cell a solution fills holds a digit, no digit clashes, and (str8ts) every
        compartment holds a straight: what "Solved. Well done!" means."""
        cells = self.cells
        if any(c.kind in ("empty", "candidates") for c in cells):
            return False
        if next(self.clashes(), None) is not None:
            return False
        return all(
            max(ds) - min(ds) + 1 == len(ds)
            for ds in ([cells[i].digit for i in run] for run in self.compartments)
        )

    @cached_property
    def compartments(self) -> tuple[tuple[int, ...], ...]:
        """A str8ts' runs of white cells in each row, then each column (see `white_runs`);
        a sudoku has none."""
        if self.kind != STR8TS:
            return ()
        cells = self.cells
        return tuple(
            run
            for line in self.geometry.houses
            for run in white_runs(line, lambda i: cells[i].kind == "black")
        )

    def count(self, kind: str) -> int:
        return sum(1 for c in self.cells if c.kind == kind)

    def __repr__(self) -> str:
        shape = f"layout={self.layout!r}" if self.layout else f"box={self.box}"
        filled = sum(1 for c in self.cells if c.kind not in ("empty", "outside"))
        return f"<Puzzle {self.kind} {self.size} {shape} {filled} cells filled>"
