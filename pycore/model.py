"""The one puzzle model every format reads and writes.

A `Puzzle` is immutable: a kind, a digit count, a box shape or a multi-box
`Layout`, a row-major tuple of `Cell`s and the setter's words (title, author,
rules). Its geometry (houses, peers) is computed once per shape and shared by
every puzzle of that shape.

The classes are records (`pycore.record.Record`, not dataclasses), and ordered tables
are tuples: the page runs this module under MicroPython too (see `pycore.site.light`).

It is longer than most of our modules on purpose: the cell, the shape and the rule of
which digits fit (`open_masks_of`, `clashes`, `is_solved`) are the one vocabulary every
other module imports, and splitting them would only make each half import the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import PuzzleError
from .record import Record, _set
from .variants import UNSOLVED, Constraint, broken, structure, validate

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence

__all__ = [
    "BLACK",
    "CELL_KINDS",
    "DEFAULT_BOX",
    "EMPTY",
    "JIGSAW_SIZES",
    "KINDS",
    "MAX_AUTHOR",
    "MAX_RULES",
    "MAX_TITLE",
    "OUTSIDE",
    "PALETTE",
    "PALETTE_COLOURS",
    "STR8TS_SIZES",
    "SUDOKU_SIZES",
    "WORD_BOUNDS",
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
    "plain_words",
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
SUDOKU_SIZES = (4, 6, 8, 9, 12, 16, 25)  # DEFAULT_BOX's sizes, in order (a dict may have none)
JIGSAW_SIZES = tuple(range(3, 26))  # irregular regions make every size from 3 to 25 possible
STR8TS_SIZES = (3, 4, 5, 6, 7, 8, 9, 16, 25)
MAX_LAYOUT_BOXES = 15  # boxes across or down; Samurai needs 7

CELL_KINDS = ("empty", "given", "value", "candidates", "black", "outside")
PALETTE = 9  # a cell's colours are 1..PALETTE
# The palette, colour k at index k-1: Okabe and Ito's eight colours for colour-blind
# readers and a grey, ordered so that neighbours differ in lightness too. The page
# draws them (web/main/style.css), other tools' colours are mapped onto them (formats/tools).
PALETTE_COLOURS = (
    ("grey", "#999999"), ("orange", "#e69f00"), ("blue", "#0072b2"), ("yellow", "#f0e442"),
    ("green", "#009e73"), ("sky blue", "#56b4e9"), ("vermilion", "#d55e00"),
    ("purple", "#cc79a7"), ("black", "#000000"),
)
# Bounds of the puzzle's texts, in characters: a title and an author fit one line, the
# rules a paragraph or two (a link must stay shareable).
MAX_TITLE = 100
MAX_AUTHOR = 100
MAX_RULES = 1000


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


def _bit_length(x: int) -> int:
    return len(bin(x).lstrip("-0b"))


def _bit_count(x: int) -> int:
    return bin(x).count("1")


# The bits an int needs, and how many of them are set: int's own methods where the
# interpreter has them (they are on the keystroke path), these two where it has not
# (MicroPython 1.27 has neither). Both give the same numbers for every int.
bit_length: Callable[[int], int] = getattr(int, "bit_length", _bit_length)
bit_count: Callable[[int], int] = getattr(int, "bit_count", _bit_count)


class Cell(Record):
    """Exactly one of: empty, given, value, candidates, black (digit 0 or a black given), outside.

    A player's notes ride on top: `candidates` are the centre marks (a "candidates" cell),
    `corner` the corner (Snyder) marks of an empty or centre-marked cell, and `colours`
    the palette colours (1..PALETTE) painted on any cell but an outside one. They are
    kept apart from the kind because a cell may hold both kinds of marks at once, and a
    digit or a given may be coloured.

    A player's value may keep the marks the cell held when the digit was typed, centre
    and corner, under it (`hides_marks`): the digit hides them, and they show again when
    the digit goes (`uncovered`), as in SudokuPad. Nothing that solves or checks reads
    them: the cell is a value."""

    __slots__ = ("candidates", "colours", "corner", "digit", "kind")
    FIELDS = ("kind", "digit", "candidates", "corner", "colours")
    if TYPE_CHECKING:
        kind: str
        digit: int
        candidates: frozenset[int]
        corner: frozenset[int]
        colours: frozenset[int]

    def __init__(self, kind: str = "empty", digit: int = 0,
                 candidates: frozenset[int] = frozenset(), corner: frozenset[int] = frozenset(),
                 colours: frozenset[int] = frozenset()) -> None:
        _set(self, "kind", kind)
        _set(self, "digit", digit)
        _set(self, "candidates", candidates)
        _set(self, "corner", corner)
        _set(self, "colours", colours)
        if kind not in CELL_KINDS:
            raise PuzzleError(f"unknown cell kind {kind!r}")
        wants_digit = kind in ("given", "value")
        if wants_digit and digit < 1:
            raise PuzzleError(f"a {kind} cell needs a digit of at least 1")
        if kind == "black" and digit < 0:
            raise PuzzleError("a black cell holds digit 0 (none) or a black given of at least 1")
        if not wants_digit and kind != "black" and digit:
            raise PuzzleError(f"a {kind} cell holds no digit")
        if kind == "candidates":
            if not candidates:
                raise PuzzleError("an empty candidate set is an empty cell")
            if min(candidates) < 1:
                raise PuzzleError("candidates are digits of at least 1")
        elif candidates:
            if kind != "value":
                raise PuzzleError(f"a {kind} cell holds no candidates")
            if min(candidates) < 1:
                raise PuzzleError("centre marks are digits of at least 1")
        if corner:
            if kind not in ("empty", "candidates", "value"):
                raise PuzzleError(f"a {kind} cell holds no corner marks")
            if min(corner) < 1:
                raise PuzzleError("corner marks are digits of at least 1")
        if colours:
            if kind == "outside":
                raise PuzzleError("an outside cell holds no colours")
            if min(colours) < 1 or max(colours) > PALETTE:
                raise PuzzleError(f"colours are 1 to {PALETTE}")

    @property
    def is_black(self) -> bool:
        return self.kind == "black"

    @property
    def has_notes(self) -> bool:
        """Whether the cell holds corner marks, colours or centre marks under a digit (what
        the seed formats lose)."""
        return bool(self.corner or self.colours) or self.hides_marks

    @property
    def hides_marks(self) -> bool:
        """Whether a player's value keeps pencil marks (centre or corner) under it."""
        return self.kind == "value" and bool(self.candidates or self.corner)

    @property
    def uncovered(self) -> Cell:
        """The cell with its value taken away: the marks it hid show again (its colours
        stay); any other cell as it is."""
        if self.kind != "value":
            return self
        kind = "candidates" if self.candidates else "empty"
        return Cell(kind, 0, self.candidates, self.corner, self.colours)

    def under(self, kind: str, digit: int) -> Cell:
        """A digit of `kind` ("value", "given", "black") typed over this cell: a value keeps
        the cell's marks under it (an old value's too), the others keep only the colours."""
        if kind != "value":
            return Cell(kind, digit, colours=self.colours)
        marks = self if self.kind in ("empty", "candidates") else self.uncovered
        if marks.kind not in ("empty", "candidates"):
            return Cell(kind, digit, colours=self.colours)
        return Cell(kind, digit, marks.candidates, marks.corner, self.colours)

    def with_corner(self, marks: Iterable[int]) -> Cell:
        """The same cell with these corner marks (none: without)."""
        return Cell(self.kind, self.digit, self.candidates, frozenset(marks), self.colours)

    def with_colours(self, colours: Iterable[int]) -> Cell:
        """The same cell with these colours (none: without)."""
        return Cell(self.kind, self.digit, self.candidates, self.corner, frozenset(colours))

    def with_centre(self, marks: Iterable[int]) -> Cell:
        """A value with these centre marks under it (none: without)."""
        return Cell(self.kind, self.digit, frozenset(marks), self.corner, self.colours)

    @property
    def bare(self) -> Cell:
        """The cell without corner marks, colours and marks under a digit: what a format
        without them keeps."""
        if not self.has_notes:
            return self
        return Cell(self.kind, self.digit,
                    self.candidates if self.kind == "candidates" else frozenset())

    def __repr__(self) -> str:
        if self.kind == "candidates":
            text = f"candidates({sorted(self.candidates)})"
        elif self.kind in ("given", "value"):
            text = f"{self.kind}({self.digit})"
        elif self.kind == "black":
            text = f"black({self.digit})" if self.digit else "BLACK"
        else:
            text = self.kind.upper()
        if self.candidates and self.kind == "value":
            text += f".with_centre({sorted(self.candidates)})"
        if self.corner:
            text += f".with_corner({sorted(self.corner)})"
        if self.colours:
            text += f".with_colours({sorted(self.colours)})"
        return text


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


class Layout(Record):
    """Boxes of b x b cells placed on a width x height board, some disabled (binary spec).

    Every b x b window of boxes whose boxes are all enabled is one ordinary
    b² x b² sudoku; boxes are numbered row-major: index = box_row * width + box_col.
    `windows`: the top-left (box_row, box_col) of every all-enabled b x b window of
    boxes, row-major: the sub-sudokus.
    """

    __slots__ = ("box", "disabled", "height", "width", "windows")
    FIELDS = ("box", "width", "height", "disabled")  # `windows` follows from them
    if TYPE_CHECKING:
        box: int
        width: int
        height: int
        disabled: frozenset[int]
        windows: tuple[tuple[int, int], ...]

    def __init__(self, box: int, width: int, height: int,
                 disabled: frozenset[int] = frozenset()) -> None:
        _set(self, "box", box)
        _set(self, "width", width)
        _set(self, "height", height)
        _set(self, "disabled", frozenset(disabled))
        if not 2 <= self.box <= 5:
            raise PuzzleError(f"box size must be 2 to 5, not {self.box}")
        for name, n in (("width", self.width), ("height", self.height)):
            if not 1 <= n <= MAX_LAYOUT_BOXES:
                raise PuzzleError(f"layout {name} must be 1 to {MAX_LAYOUT_BOXES} boxes, not {n}")
        count = self.width * self.height
        bad = sorted(i for i in self.disabled if not 0 <= i < count)
        if bad:
            raise PuzzleError(f"disabled box {bad[0]} is not in a {self.width}x{self.height} layout")
        _set(self, "windows", self._windows())
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

    def _windows(self) -> tuple[tuple[int, int], ...]:
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


class Geometry(Record):
    """What depends only on a puzzle's shape: its size on screen, houses and peers.

    `houses`: every set of cells that holds each digit at most once (rows, columns,
    boxes). Made once per shape, with what is derived from the houses: `house_ids` (for
    each cell, the indexes in `houses` of the houses it lies in) and, on first use,
    `units` (for each cell, the houses it lies in) and `peers` (for each cell, the other cells
    sharing a house or group with it, sorted): a layout of thousands of cells has
    millions of pairs of peers, seconds of work under MicroPython that opening its link
    in the page does not need (`peers_of` gives one cell's).
    """

    __slots__ = ("_peers", "_units", "boxes", "cols", "group_ids", "groups", "house_ids", "houses",
                 "outside", "rows")
    FIELDS = ("rows", "cols", "houses", "boxes", "outside", "groups")  # the rest follows from them
    if TYPE_CHECKING:
        rows: int
        cols: int
        houses: tuple[tuple[int, ...], ...]
        boxes: tuple[tuple[int, ...], ...]
        outside: frozenset[int]
        _peers: tuple[tuple[int, ...], ...] | None
        _units: tuple[tuple[tuple[int, ...], ...], ...] | None
        house_ids: tuple[tuple[int, ...], ...]
        groups: tuple[tuple[int, ...], ...]
        group_ids: tuple[tuple[int, ...], ...]

    def __init__(self, rows: int, cols: int, houses: tuple[tuple[int, ...], ...],
                 boxes: tuple[tuple[int, ...], ...], outside: frozenset[int],
                 groups: tuple[tuple[int, ...], ...] = ()) -> None:
        _set(self, "rows", rows)
        _set(self, "cols", cols)
        _set(self, "houses", houses)
        _set(self, "boxes", boxes)
        _set(self, "outside", outside)
        _set(self, "groups", groups)
        count = rows * cols
        ids: list[list[int]] = [[] for _ in range(count)]
        for k, house in enumerate(houses):
            for i in house:
                ids[i].append(k)
        group_ids: list[list[int]] = [[] for _ in range(count)]
        for k, group in enumerate(groups):
            for i in group:
                group_ids[i].append(k)
        _set(self, "house_ids", tuple(tuple(k) for k in ids))
        _set(self, "group_ids", tuple(tuple(k) for k in group_ids))
        _set(self, "_peers", None)  # made on first use
        _set(self, "_units", None)

    @property
    def units(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each cell, the houses it lies in."""
        units = self._units
        if units is None:
            houses = self.houses
            units = tuple(tuple(houses[k] for k in ids) for ids in self.house_ids)
            _set(self, "_units", units)
        return units

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the other cells that share a house or a group with it, sorted."""
        peers = self._peers
        if peers is None:
            peers = tuple(self.peers_of(i) for i in range(self.rows * self.cols))
            _set(self, "_peers", peers)
        return peers

    def peers_of(self, i: int) -> tuple[int, ...]:
        """The cells that share a house or a group with cell `i`, sorted: one cell's
        `peers`, without making every cell's."""
        if self._peers is not None:
            return self._peers[i]
        seen: set[int] = set()
        houses, groups = self.houses, self.groups
        for k in self.house_ids[i]:
            seen.update(houses[k])
        for k in self.group_ids[i]:
            seen.update(groups[k])
        seen.discard(i)
        return tuple(sorted(seen))

    @property
    def distinct(self) -> tuple[tuple[int, ...], ...]:
        """Every set of cells whose digits differ: the houses, then the smaller groups a
        variant adds (a killer cage, two cells a knight's move apart)."""
        return self.houses + self.groups if self.groups else self.houses


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


def _placed(houses: tuple[tuple[int, ...], ...], bit: list[int]) -> tuple[list[int], list[int]]:
    """For each house, the digits (bits) its cells hold, and those two of them hold."""
    placed = []
    twice = []
    for house in houses:
        bits = two = 0
        for i in house:
            b = bit[i]
            two |= bits & b
            bits |= b
        placed.append(bits)
        twice.append(two)
    return placed, twice


def open_masks_of(
    geo: Geometry, digits: Sequence[int], size: int, closed: Collection[int] = ()
) -> tuple[int, ...]:
    """For each cell, the digits 1..size (bit d-1) that no digit placed in its houses rules
    out; `digits` holds each cell's digit (0: none), `closed` cells can take none. A cell's
    own digit is not held against it unless a peer holds it too (a clash)."""
    full = (1 << size) - 1
    bit = [1 << (d - 1) if d else 0 for d in digits]
    placed, twice = _placed(geo.houses, bit)
    in_groups, twice_in_groups = _placed(geo.groups, bit)
    out = []
    for i, own in enumerate(bit):
        if i in closed:
            out.append(0)
            continue
        taken = clash = 0
        for k in geo.house_ids[i]:
            taken |= placed[k]
            clash |= twice[k]
        for k in geo.group_ids[i]:
            taken |= in_groups[k]
            clash |= twice_in_groups[k]
        if not own & clash:  # its own digit, unless another cell of a house holds it too
            taken &= ~own
        out.append(full & ~taken)
    return tuple(out)


# Every geometry made, by shape: ("sudoku", size, box), ("str8ts", size) or a Layout.
_GEOMETRIES: dict[object, Geometry] = {}


def _sudoku_geometry(size: int, box: tuple[int, int]) -> Geometry:
    key = (SUDOKU, size, box)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        geo = _GEOMETRIES[key] = _make_sudoku_geometry(size, box)
    return geo


def _make_sudoku_geometry(size: int, box: tuple[int, int]) -> Geometry:
    br, bc = box
    rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
    cols = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
    boxes = tuple(
        tuple((top + r) * size + left + c for r in range(br) for c in range(bc))
        for top in range(0, size, br)
        for left in range(0, size, bc)
    )
    return Geometry(size, size, rows + cols + boxes, boxes, frozenset())


def _str8ts_geometry(size: int) -> Geometry:
    key = (STR8TS, size)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        geo = _GEOMETRIES[key] = _make_str8ts_geometry(size)
    return geo


def _make_str8ts_geometry(size: int) -> Geometry:
    rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
    cols = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
    return Geometry(size, size, rows + cols, (), frozenset())


def _layout_geometry(layout: Layout) -> Geometry:
    geo = _GEOMETRIES.get(layout)
    if geo is None:
        geo = _GEOMETRIES[layout] = _make_layout_geometry(layout)
    return geo


def _make_layout_geometry(layout: Layout) -> Geometry:
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
    lines: list[tuple[int, ...]] = []  # each row and column of every window, once, in order
    seen: set[tuple[int, ...]] = set()
    for wr, wc in layout.windows:
        top, left = wr * b, wc * b
        for k in range(n):
            for line in (tuple((top + k) * width + left + c for c in range(n)),
                         tuple((top + r) * width + left + k for r in range(n))):
                if line not in seen:
                    seen.add(line)
                    lines.append(line)
    outside = frozenset(
        cell
        for i in range(layout.width * layout.height)
        if not layout.enabled(i)
        for cell in box_cells(i // layout.width, i % layout.width)
    )
    return Geometry(layout.height * b, width, tuple(lines) + boxes, boxes, outside)


_VARIANT_GEOMETRIES: dict[object, Geometry] = {}
_VARIANT_CACHE = 32  # variant shapes kept: every killer has its own, so the cache is bounded


def _variant_geometry(base: Geometry, size: int, regions: tuple[int, ...] | None,
                      constraints: tuple[Constraint, ...]) -> Geometry:
    """The geometry of a shape with jigsaw `regions` (they replace the boxes) and the houses,
    groups and pairs its constraints add; the plain shape's own when they add none."""
    boxes = base.boxes
    if regions is not None:
        found: list[list[int]] = [[] for _ in range(size)]
        for i, k in enumerate(regions):
            found[k].append(i)
        boxes = tuple(tuple(cells) for cells in found)
    adds = structure(constraints, base.rows, base.cols, size, boxes, base.outside)
    if regions is None and adds.empty:
        return base
    key = (base, regions, adds)
    geo = _VARIANT_GEOMETRIES.get(key)
    if geo is None:
        if len(_VARIANT_GEOMETRIES) >= _VARIANT_CACHE:
            _VARIANT_GEOMETRIES.pop(next(iter(_VARIANT_GEOMETRIES)))
        lines = tuple(h for h in base.houses if h not in base.boxes)
        groups = adds.groups + adds.pairs
        geo = _VARIANT_GEOMETRIES[key] = Geometry(
            base.rows, base.cols, lines + boxes + adds.houses, boxes, base.outside, groups)
    return geo


_SHAPES: list[tuple[Geometry, tuple[int, ...] | None, tuple[Constraint, ...],
                    tuple[Constraint, ...], Geometry]] = []


def _variant_shape(base: Geometry, size: int, regions: tuple[int, ...] | None,
                   constraints: tuple[Constraint, ...]) -> tuple[tuple[Constraint, ...], Geometry]:
    """The constraints validated and the geometry they make, remembered for the few shapes
    last seen: every keystroke makes a new puzzle of the same shape, passing on the very
    tuple of constraints it was made with, so checking them again would cost the page a
    validation and a structure per digit typed."""
    for seen_base, seen_regions, given, checked, geo in _SHAPES:
        if (given is constraints or checked is constraints) and seen_base is base \
                and seen_regions == regions:
            return checked, geo
    checked = validate(constraints, base.rows, base.cols, size, base.outside, regions is None) \
        if constraints else ()
    geo = _variant_geometry(base, size, regions, checked)
    _SHAPES.insert(0, (base, regions, constraints, checked, geo))
    del _SHAPES[4:]
    return checked, geo


def _box_numbers(size: int) -> tuple[int, ...]:
    """Each cell's box number in the default boxes of `size` (a jigsaw that draws them is none)."""
    numbers = [0] * (size * size)
    for k, box in enumerate(_sudoku_geometry(size, DEFAULT_BOX[size]).boxes):
        for i in box:
            numbers[i] = k
    return tuple(numbers)


def _lines_geometry(size: int) -> Geometry:
    """Rows and columns only: the base a jigsaw's regions are added to."""
    key = ("lines", size)
    geo = _GEOMETRIES.get(key)
    if geo is None:
        rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
        cols = tuple(tuple(r * size + c for r in range(size)) for c in range(size))
        geo = _GEOMETRIES[key] = Geometry(size, size, rows + cols, (), frozenset())
    return geo


def _regions(regions: object, size: int, count: int) -> tuple[int, ...]:
    """Jigsaw regions as each cell's region number, numbered in order of first appearance
    (so that one partition has one spelling), or a `PuzzleError` when they do not cut the
    grid into `size` regions of `size` cells."""
    if not isinstance(regions, (tuple, list)) or len(regions) != count:
        raise PuzzleError(f"jigsaw regions name a region for each of the {count} cells")
    names: dict[object, int] = {}
    out = []
    for r in regions:
        if not isinstance(r, int) or isinstance(r, bool):
            raise PuzzleError(f"a region is a number, not {r!r}"[:60])
        if r not in names:
            names[r] = len(names)
        out.append(names[r])
    sizes = [0] * len(names)
    for k in out:
        sizes[k] += 1
    if len(names) != size or any(n != size for n in sizes):
        raise PuzzleError(f"jigsaw regions must cut the grid into {size} regions of {size} cells")
    return tuple(out)


WORD_BOUNDS = (("title", MAX_TITLE), ("author", MAX_AUTHOR), ("rules", MAX_RULES))
"""The setter's words a puzzle holds, each with its bound in characters; only the rules
run over several lines."""


def plain_words(name: str, text: str, cut: bool = True) -> str:
    """Any text as the puzzle's `name` ("title", "author" or "rules") can hold it: control
    characters, lone surrogates and (outside the rules) line breaks become spaces, the ends
    lose their space, and the text is cut to its bound (`cut`). One cleaning for every
    text that comes from outside: another tool's words, a field the player typed in."""
    lines = name == "rules"
    clean = "".join([ch if (ch >= " " and ch != "\x7f" and not "\ud800" <= ch <= "\udfff")
                     or (lines and ch == "\n") else " " for ch in text.replace("\r\n", "\n")]).strip()
    if not cut:
        return clean
    bound = dict(WORD_BOUNDS)[name]
    return clean[:bound].rstrip() if len(clean) > bound else clean


def _text(name: str, text: object, bound: int, lines: bool) -> str:
    """A puzzle's text as given, refused when it is not a string, too long, or holds a
    control character (a line break only in the rules) or a lone surrogate (no text of
    characters has one; no link could carry it)."""
    if not isinstance(text, str):
        raise PuzzleError(f"the {name} must be text")
    if len(text) > bound:
        raise PuzzleError(f"the {name} must be at most {bound} characters, not {len(text)}")
    if text and (min(text) < " " or "\x7f" in text or max(text) >= "\ud800"):  # scans in C:
        for ch in text:  # this runs per keystroke
            if (ch < " " and not (lines and ch == "\n")) or ch == "\x7f":
                raise PuzzleError(f"the {name} holds a control character {ch!r}")
            if "\ud800" <= ch <= "\udfff":
                raise PuzzleError(f"the {name} holds half a surrogate pair")
    return text


class Puzzle(Record):
    """A whole puzzle state. Build one with `Puzzle.blank(...)` or the constructor.

    Immutable, compared and hashed by (kind, size, cells, box, layout, title, author,
    rules, regions, constraints); `geometry` is the shape's shared `Geometry`. `title`,
    `author` and `rules` are the setter's words ("" when none), bounded by MAX_TITLE,
    MAX_AUTHOR and MAX_RULES characters; only the rules may run over several lines.

    A variant sudoku adds `regions` (jigsaw: each cell's region, numbered in order of
    first appearance; they replace the boxes, `box` is then None, and any size from 3 to
    25 is possible) and `constraints` (`pycore.variants` elements, in canonical order).
    A classic puzzle has neither and takes every path it took before they existed.
    """

    __slots__ = ("_compartments", "_conflicts", "_notes", "_open_masks", "author", "box", "cells",
                 "constraints", "geometry", "kind", "layout", "regions", "rules", "size", "title")
    FIELDS = ("kind", "size", "cells", "box", "layout", "title", "author", "rules", "regions",
              "constraints")
    if TYPE_CHECKING:  # read-only fields, to the type checker as to the code
        @property
        def kind(self) -> str: ...
        @property
        def size(self) -> int: ...
        @property
        def cells(self) -> tuple[Cell, ...]: ...
        @property
        def box(self) -> tuple[int, int] | None: ...
        @property
        def layout(self) -> Layout | None: ...
        @property
        def geometry(self) -> Geometry: ...
        @property
        def title(self) -> str: ...
        @property
        def author(self) -> str: ...
        @property
        def rules(self) -> str: ...
        @property
        def regions(self) -> tuple[int, ...] | None: ...
        @property
        def constraints(self) -> tuple[Constraint, ...]: ...
        _open_masks: tuple[int, ...] | None
        _conflicts: frozenset[int] | None
        _compartments: tuple[tuple[int, ...], ...] | None
        _notes: bool | None

    def __init__(self, kind: str, size: int, cells: tuple[Cell, ...],
                 box: tuple[int, int] | None = None, layout: Layout | None = None,
                 title: str = "", author: str = "", rules: str = "",
                 regions: Sequence[int] | None = None,
                 constraints: Iterable[Constraint] = ()) -> None:
        _set(self, "kind", kind)
        _set(self, "title", _text("title", title, MAX_TITLE, False))
        _set(self, "author", _text("author", author, MAX_AUTHOR, False))
        _set(self, "rules", _text("rules", rules, MAX_RULES, True))
        _set(self, "size", size)
        _set(self, "cells", cells)
        _set(self, "box", box)
        _set(self, "layout", layout)
        _set(self, "_open_masks", None)  # filled on first use
        _set(self, "_conflicts", None)
        _set(self, "_compartments", None)
        _set(self, "_notes", None)
        _set(self, "regions", None)
        _set(self, "constraints", ())
        if kind not in KINDS:
            raise PuzzleError(f"kind must be 'sudoku' or 'str8ts', not {kind!r}")
        _set(self, "cells", tuple(cells))
        constraints = tuple(constraints)
        if (regions is not None or constraints) and (kind != SUDOKU or layout is not None):
            raise PuzzleError("variant rules and jigsaw regions belong to a one-grid sudoku")
        if regions is not None:
            if not isinstance(size, int) or size not in JIGSAW_SIZES:
                raise PuzzleError(f"a jigsaw sudoku has 3 to 25 digits, not {size!r}")
            if box is not None:
                raise PuzzleError("a jigsaw sudoku has regions instead of boxes")
            found = _regions(regions, size, size * size)
            if size in DEFAULT_BOX and found == _box_numbers(size):
                box = DEFAULT_BOX[size]  # the standard boxes: no jigsaw at all
            else:
                _set(self, "regions", found)
        if self.regions is not None:
            base = _lines_geometry(size)
        elif layout is not None:
            if kind != SUDOKU:
                raise PuzzleError("only a sudoku can have a multi-box layout")
            b = layout.box
            if size != b * b or (box is not None and tuple(box) != (b, b)):
                raise PuzzleError(f"a layout of boxes of {b} holds digits 1..{b * b}")
            _set(self, "box", (b, b))
            if layout.is_plain:
                _set(self, "layout", None)
        elif kind == SUDOKU:
            if size not in DEFAULT_BOX:
                raise PuzzleError(f"sudoku size must be one of {SUDOKU_SIZES}, not {size}")
            shape = DEFAULT_BOX[size] if box is None else tuple(box)
            if len(shape) != 2 or shape[0] * shape[1] != size or min(shape) < 2:
                raise PuzzleError(f"box {shape} does not tile a {size}x{size} sudoku")
            _set(self, "box", (int(shape[0]), int(shape[1])))
        else:
            if size not in STR8TS_SIZES:
                raise PuzzleError(f"str8ts size must be one of {STR8TS_SIZES}, not {size}")
            if box is not None:
                raise PuzzleError("a str8ts has no boxes")
        if self.regions is None:
            if self.layout is not None:
                base = _layout_geometry(self.layout)
            else:
                base = geometry_of(kind, size, self.box)
        if constraints or self.regions is not None:
            known = _variant_shape(base, size, self.regions, constraints)
            _set(self, "constraints", known[0])
            base = known[1]
        _set(self, "geometry", base)
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
            if cell.corner and max(cell.corner) > n:
                raise PuzzleError(f"{self._name(i)}: corner mark {max(cell.corner)} is not in 1..{n}")
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

    @property
    def rows(self) -> int:
        return self.geometry.rows

    @property
    def cols(self) -> int:
        return self.geometry.cols

    @property
    def default_box(self) -> bool:
        """True when the box shape is the one a bare size implies (formats need not say it)."""
        return self.kind != SUDOKU or self.layout is not None or self.regions is not None \
            or self.box == DEFAULT_BOX[self.size]

    def cell(self, row: int, col: int) -> Cell:
        return self.cells[row * self.cols + col]

    def with_cells(self, changes: Mapping[int, Cell]) -> Puzzle:
        """A copy with some cells replaced (by row-major index)."""
        cells = list(self.cells)
        for i, cell in changes.items():
            cells[i] = cell
        return Puzzle(self.kind, self.size, tuple(cells), self.box, self.layout,
                      self.title, self.author, self.rules, self.regions, self.constraints)

    def with_info(self, title: str | None = None, author: str | None = None,
                  rules: str | None = None) -> Puzzle:
        """A copy with the texts named replaced (the others kept)."""
        return Puzzle(self.kind, self.size, self.cells, self.box, self.layout,
                      self.title if title is None else title,
                      self.author if author is None else author,
                      self.rules if rules is None else rules, self.regions, self.constraints)

    def with_variants(self, regions: Sequence[int] | None = None,
                      constraints: Iterable[Constraint] = ()) -> Puzzle:
        """A copy with these jigsaw regions and constraints instead of its own."""
        return Puzzle(self.kind, self.size, self.cells, None if regions is not None else self.box,
                      self.layout, self.title, self.author, self.rules, regions, constraints)

    @property
    def is_variant(self) -> bool:
        """Whether the puzzle has jigsaw regions or constraints (a classic one has neither)."""
        return self.regions is not None or bool(self.constraints)

    @property
    def unchecked(self) -> tuple[Constraint, ...]:
        """The constraints carried but never checked or solved (kinds we cannot read)."""
        return tuple(c for c in self.constraints if c.kind in UNSOLVED)

    def broken(self) -> list[tuple[Constraint, tuple[int, ...]]]:
        """Every constraint the placed digits already break, with the cells to blame
        (`pycore.variants.broken`); clashes in houses and groups are `clashes`'."""
        if not self.constraints:
            return []
        geo = self.geometry
        return broken(self.constraints, [c.digit for c in self.cells], geo.rows, geo.cols,
                      self.size, geo.boxes)

    @property
    def has_notes(self) -> bool:
        """Whether the puzzle holds anything the seed formats cannot: corner marks,
        colours, marks under a digit, a title, an author or rules (found once: every encode
        of a link asks)."""
        found: bool | None = self._notes
        if found is None:
            found = bool(self.title or self.author or self.rules) or self.is_variant or any(
                c.has_notes for c in self.cells)
            _set(self, "_notes", found)
        return found

    @property
    def unplayed(self) -> Puzzle:
        """The puzzle as set: its givens and black cells, the player's values and pencil
        marks wiped (corner marks and colours stay: `bare` drops those)."""
        wiped = {i: EMPTY for i, c in enumerate(self.cells) if c.kind in ("value", "candidates")}
        return self.with_cells(wiped) if wiped else self

    @property
    def bare(self) -> Puzzle:
        """The puzzle without corner marks, colours, texts, regions and constraints: what a
        seed format keeps (a jigsaw's grid keeps the default boxes, where its size has them)."""
        if not self.has_notes:
            return self
        return Puzzle(self.kind, self.size, tuple(c.bare for c in self.cells),
                      None if self.regions is not None else self.box, self.layout)

    def with_cell(self, index: int, cell: Cell) -> Puzzle:
        return self.with_cells({index: cell})

    def rows_of_cells(self) -> list[list[Cell]]:
        c = self.cols
        return [list(self.cells[r * c : (r + 1) * c]) for r in range(self.rows)]

    def clashes(self) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        """(first, second, house) for every digit (given, value or black given) that repeats
        within a house, in house order: the one place clashes are found."""
        digits = [c.digit for c in self.cells]
        first = [-1] * (self.size + 1)  # in the house at hand: the first cell of each digit
        # (one list for every house, not a dict each: the page's MicroPython pays for each
        # allocation, and a large layout has thousands of houses)
        for house in self.geometry.distinct:
            for i in house:
                d = digits[i]
                if d:
                    j = first[d]
                    if j < 0:
                        first[d] = i
                    else:
                        yield j, i, house
            for i in house:
                first[digits[i]] = -1

    def conflicts(self) -> frozenset[int]:
        """Cells whose digit repeats within one of their houses (what the page marks red):
        found once per puzzle (the page asks at every cursor move)."""
        found: frozenset[int] | None = self._conflicts
        if found is None:
            found = frozenset(i for a, b, _ in self.clashes() for i in (a, b))
            _set(self, "_conflicts", found)
        return found

    @property
    def open_masks(self) -> tuple[int, ...]:
        """For each cell, the digits (packed as by `pack`: bit d-1) that no digit in its houses
        rules out: what a solver pencils in. A cell's own digit does not count against it;
        black and outside cells can take none. The one place "which digits can go here" is
        computed (`open_masks_of`): exports, imports, the editor, the solvers and the
        techniques all call it."""
        masks: tuple[int, ...] | None = self._open_masks
        if masks is None:
            closed = frozenset(i for i, c in enumerate(self.cells) if c.kind in ("black", "outside"))
            masks = open_masks_of(self.geometry, [c.digit for c in self.cells], self.size, closed)
            _set(self, "_open_masks", masks)
        return masks

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
        if self.constraints and self.broken():
            return False
        return all(
            max(ds) - min(ds) + 1 == len(ds)
            for ds in ([cells[i].digit for i in run] for run in self.compartments)
        )

    @property
    def compartments(self) -> tuple[tuple[int, ...], ...]:
        """A str8ts' runs of white cells in each row, then each column (see `white_runs`);
        a sudoku has none."""
        runs: tuple[tuple[int, ...], ...] | None = self._compartments
        if runs is None:
            cells = self.cells
            runs = () if self.kind != STR8TS else tuple(
                run
                for line in self.geometry.houses
                for run in white_runs(line, lambda i: cells[i].kind == "black")
            )
            _set(self, "_compartments", runs)
        return runs

    def count(self, kind: str) -> int:
        return sum(1 for c in self.cells if c.kind == kind)

    def __repr__(self) -> str:
        shape = f"layout={self.layout!r}" if self.layout else \
            "jigsaw" if self.regions is not None else f"box={self.box}"
        if self.constraints:
            shape += f" {len(self.constraints)} constraints"
        filled = sum(1 for c in self.cells if c.kind not in ("empty", "outside"))
        return f"<Puzzle {self.kind} {self.size} {shape} {filled} cells filled>"
