"""Variant constraints: the typed rules a puzzle adds to rows, columns and boxes.

Each element is an immutable record named as players name it (a killer cage, a
thermometer, a white kropki dot, the anti-knight rule ...). A `Puzzle` holds them in
`constraints`, sorted into one canonical order, and its own irregular `regions`
(jigsaw) beside them. Every reader, writer, the solver, Check and the page's drawing
read these same elements: this module is their one home, with

- the invariants each element keeps (cells in the grid, paths connected, dots on
  neighbours, bounded values), checked once in `validate`;
- what each kind adds to the grid's structure (`structure`): extra full houses
  (diagonals, extra regions, disjoint groups), groups of cells that may not repeat a
  digit (a killer cage, a renban line) and pairs that may not (anti-knight, anti-king);
- `broken`, which says which placed digits break which element, for Check and as the
  plain oracle every propagator of the solver is tested against.

Cells are row-major indices into the puzzle's grid. Clues outside the grid (little
killers, sandwiches) sit at a `(row, col)` one step outside it: row -1 or `rows`, or
column -1 or `cols`. A kind we do not know (another tool's key) is an `Other`: carried
through every lossless format as its canonical JSON text, drawn by shape where we can,
never solved, and named wherever an answer would otherwise pretend it was absent.

Plain classes, not dataclasses: the page runs this module under MicroPython too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import PuzzleError
from .record import Record, _set

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

__all__ = [
    "CLUE_KINDS", "DIRECTIONS", "DOT_KINDS", "KINDS", "LINE_KINDS", "MARK_KINDS", "MAX_CONSTRAINTS",
    "MAX_VALUE", "RULE_KINDS", "UNSOLVED", "Arrow", "Cage", "Clone", "Clue", "Constraint", "Dot",
    "ExtraRegion", "Line", "Mark", "Other", "Quadruple", "Rule", "Structure", "broken", "connected",
    "describe",
    "diagonal_cells", "little_killer_cells", "neighbour_pairs", "outside_line", "sorted_constraints",
    "structure", "validate",
]

LINE_KINDS = ("thermo", "slow-thermo", "renban", "whispers", "palindrome", "between",
              "region-sum", "entropic", "zipper", "parity")
DOT_KINDS = ("white", "black", "x", "v")
MARK_KINDS = ("odd", "even", "min", "max", "row-indexer", "column-indexer", "box-indexer")
CLUE_KINDS = ("little-killer", "sandwich", "x-sum", "skyscraper")
RULE_KINDS = ("diagonal+", "diagonal-", "anti-knight", "anti-king", "non-consecutive",
              "disjoint-groups", "negative-black", "negative-xv")
KINDS = tuple(["killer"] + list(CLUE_KINDS) + ["arrow"] + list(LINE_KINDS) + list(DOT_KINDS)
              + list(MARK_KINDS) + ["extra-region", "clone", "quadruple"] + list(RULE_KINDS)
              + ["other"])  # no star in a display: MicroPython reads none
"""Every kind, in the canonical order a puzzle keeps its constraints in."""
_ORDER = {kind: k for k, kind in enumerate(KINDS)}
UNSOLVED = ("other",)
"""Kinds carried but never checked or solved: every answer that depends on them says so."""
DIRECTIONS = ("UL", "UR", "DL", "DR")
"""A little killer's direction, as f-puzzles names it: the way its diagonal runs into the grid."""
_STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
MAX_VALUE = 9999
"""The largest number a clue, sum or dot may hold (a 25x25 grid's whole sum is 8125)."""
MAX_CONSTRAINTS = 4000
"""The most elements one puzzle may hold: more than a 25x25 grid can show."""
MAX_OTHER = 4000
"""The longest JSON text an unknown element may carry, in characters."""


class Constraint(Record):
    """The base of every element: `kind` (one of `KINDS`) and `cells`, every cell of the grid
    it touches in its own order (for drawing, bounds and "which rules touch this cell")."""

    __slots__ = ()
    if TYPE_CHECKING:
        kind: str
        cells: tuple[int, ...]

    def order(self) -> tuple[object, ...]:
        """The sort key of the canonical order: kind first, then the fields."""
        return tuple([_ORDER[self.kind]] + [_sortable(getattr(self, name)) for name in self.FIELDS])


def _sortable(value: object) -> object:
    """A field as a sort key that never compares None with a number."""
    if value is None:
        return (0,)
    if isinstance(value, tuple):
        return (1, tuple([_sortable(v) for v in value]))
    return (1, value)


def _cells(cells: Iterable[int]) -> tuple[int, ...]:
    return tuple([int(i) for i in cells])


class Cage(Constraint):
    """A killer cage: its cells hold different digits and, when it has one, sum to `total`
    (None: a cage without a sum). Cells sorted."""

    __slots__ = ("cells", "kind", "total")
    FIELDS = ("cells", "total")
    if TYPE_CHECKING:
        total: int | None

    def __init__(self, cells: Iterable[int], total: int | None = None) -> None:
        _set(self, "kind", "killer")
        _set(self, "cells", tuple(sorted(_cells(cells))))
        _set(self, "total", total)


class Line(Constraint):
    """A line through cells, in order from its start (a thermometer's bulb first): one of
    `LINE_KINDS`. `value` is the whispers' least difference (German 5, Dutch 4 at 9x9);
    the other kinds hold none."""

    __slots__ = ("cells", "kind", "value")
    FIELDS = ("kind", "cells", "value")
    if TYPE_CHECKING:
        value: int | None

    def __init__(self, kind: str, cells: Iterable[int], value: int | None = None) -> None:
        _set(self, "kind", kind)
        _set(self, "cells", _cells(cells))
        _set(self, "value", value)


class Arrow(Constraint):
    """An arrow: the digits along each of its `paths` sum to the number its `circle` shows
    (a pill of two or more cells reads as a number, its cells in the order given, most
    significant first). Each path starts in a circle cell and runs to its tip; the
    circle's cells are not summed."""

    __slots__ = ("cells", "circle", "kind", "paths")
    FIELDS = ("circle", "paths")
    if TYPE_CHECKING:
        circle: tuple[int, ...]
        paths: tuple[tuple[int, ...], ...]

    def __init__(self, circle: Iterable[int], paths: Iterable[Iterable[int]]) -> None:
        _set(self, "kind", "arrow")
        _set(self, "circle", _cells(circle))
        _set(self, "paths", tuple([_cells(p) for p in paths]))
        seen = list(self.circle)
        for path in self.paths:
            seen.extend(i for i in path if i not in seen)
        _set(self, "cells", tuple(seen))

    @property
    def shaft(self) -> tuple[tuple[int, ...], ...]:
        """Each path's summed cells: the path without its circle cells."""
        return tuple([tuple([i for i in p if i not in self.circle]) for p in self.paths])


class Dot(Constraint):
    """A mark on the edge between two orthogonal neighbours (`cells`, sorted): a white kropki dot
    (the digits differ by `value`, 1 unless said), a black one (one is `value` times the
    other, 2 unless said), an X (they sum to 10) or a V (to 5)."""

    __slots__ = ("cells", "kind", "value")
    FIELDS = ("kind", "cells", "value")
    if TYPE_CHECKING:
        value: int

    def __init__(self, kind: str, cells: Iterable[int], value: int | None = None) -> None:
        _set(self, "kind", kind)
        pair = _cells(cells)
        if len(pair) != 2:
            raise PuzzleError(f"a dot lies between two cells, not {len(pair)}")
        _set(self, "cells", (min(pair), max(pair)))
        if value is None:
            value = {"white": 1, "black": 2, "x": 10, "v": 5}.get(kind, 0)
        _set(self, "value", value)


class Mark(Constraint):
    """A cell with a rule of its own: odd, even, a minimum or maximum (less or greater than
    each orthogonal neighbour not itself so marked), or an indexer (its digit says where,
    in its row, column or box, its own column, row or box position's digit goes)."""

    __slots__ = ("cell", "cells", "kind")
    FIELDS = ("kind", "cell")
    if TYPE_CHECKING:
        cell: int

    def __init__(self, kind: str, cell: int) -> None:
        _set(self, "kind", kind)
        _set(self, "cell", int(cell))
        _set(self, "cells", (self.cell,))


class Clue(Constraint):
    """A number outside the grid at (`row`, `col`), about the line it faces: a little
    killer (the sum along the diagonal in `direction`), a sandwich (the sum between the
    lowest and the highest digit), an X-sum (the sum of the first X cells, X the first
    digit) or a skyscraper (how many digits are seen, taller hiding shorter)."""

    __slots__ = ("cells", "col", "direction", "kind", "row", "value")
    FIELDS = ("kind", "row", "col", "value", "direction")
    if TYPE_CHECKING:
        row: int
        col: int
        value: int
        direction: str | None

    def __init__(self, kind: str, row: int, col: int, value: int,
                 direction: str | None = None) -> None:
        _set(self, "kind", kind)
        _set(self, "row", int(row))
        _set(self, "col", int(col))
        _set(self, "value", value)
        _set(self, "direction", direction)
        _set(self, "cells", ())  # filled by `validate`, which knows the grid


class ExtraRegion(Constraint):
    """An extra region: its cells hold different digits (every digit, when it has as many
    cells as the grid has digits). Cells sorted."""

    __slots__ = ("cells", "kind")
    FIELDS = ("cells",)

    def __init__(self, cells: Iterable[int]) -> None:
        _set(self, "kind", "extra-region")
        _set(self, "cells", tuple(sorted(_cells(cells))))


class Clone(Constraint):
    """Two shapes of cells that hold the same digits, cell for cell: `cells[k]` and
    `twins[k]`."""

    __slots__ = ("cells", "kind", "twins")
    FIELDS = ("cells", "twins")
    if TYPE_CHECKING:
        twins: tuple[int, ...]

    def __init__(self, cells: Iterable[int], twins: Iterable[int]) -> None:
        _set(self, "kind", "clone")
        _set(self, "cells", _cells(cells))
        _set(self, "twins", _cells(twins))


class Quadruple(Constraint):
    """Digits (repeats allowed, sorted) shown where four cells meet: each appears among
    those cells at least as often as it is shown."""

    __slots__ = ("cells", "digits", "kind")
    FIELDS = ("cells", "digits")
    if TYPE_CHECKING:
        digits: tuple[int, ...]

    def __init__(self, cells: Iterable[int], digits: Iterable[int]) -> None:
        _set(self, "kind", "quadruple")
        _set(self, "cells", tuple(sorted(_cells(cells))))
        _set(self, "digits", tuple(sorted([int(d) for d in digits])))


class Rule(Constraint):
    """A rule over the whole grid: a diagonal (`diagonal-` from r1c1 down, `diagonal+` from
    the bottom-left up) holding different digits, anti-knight, anti-king, non-consecutive
    (orthogonal neighbours without a white dot of 1 are not consecutive), disjoint groups,
    and the negative rules (no unmarked neighbours in any ratio a black dot shows, 2 when
    none does; no unmarked neighbours summing to 10 or 5)."""

    __slots__ = ("cells", "kind")
    FIELDS = ("kind",)

    def __init__(self, kind: str) -> None:
        _set(self, "kind", kind)
        _set(self, "cells", ())


class Other(Constraint):
    """An element we cannot read: another tool's `key` (f-puzzles' keys end in "[]" for one
    entry of a list-valued key), its data as canonical JSON text
    (sorted keys, no spaces) and the cells it covers, where the source says (for drawing).
    Carried and drawn where its shape allows, never checked."""

    __slots__ = ("cells", "data", "key", "kind")
    FIELDS = ("key", "data", "cells")
    if TYPE_CHECKING:
        key: str
        data: str

    def __init__(self, key: str, data: str, cells: Iterable[int] = ()) -> None:
        _set(self, "kind", "other")
        _set(self, "key", key)
        _set(self, "data", data)
        _set(self, "cells", _cells(cells))


def sorted_constraints(items: Iterable[Constraint]) -> tuple[Constraint, ...]:
    """The canonical order: by kind, then by fields (what makes two equal puzzles equal)."""
    return tuple(sorted(items, key=lambda c: c.order()))


# --- invariants --------------------------------------------------------------------------------


class _Grid:
    """What `validate` needs of the grid: its shape and which cells are outside it."""

    def __init__(self, rows: int, cols: int, size: int, outside: frozenset[int]) -> None:
        self.rows = rows
        self.cols = cols
        self.size = size
        self.outside = outside

    def name(self, i: int) -> str:
        r, c = divmod(i, self.cols)
        return f"r{r + 1}c{c + 1}"

    def cell(self, i: object, what: str) -> int:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < self.rows * self.cols:
            raise PuzzleError(f"{what}: cell {i!r} is not in the {self.rows}x{self.cols} grid")
        if i in self.outside:
            raise PuzzleError(f"{what}: cell {self.name(i)} lies outside the grids")
        return i

    def adjacent(self, a: int, b: int, king: bool) -> bool:
        (ra, ca), (rb, cb) = divmod(a, self.cols), divmod(b, self.cols)
        dr, dc = abs(ra - rb), abs(ca - cb)
        return (max(dr, dc) == 1) if king else (dr + dc == 1)


def _number(value: object, what: str, low: int = 0, high: int = MAX_VALUE) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PuzzleError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _path(grid: _Grid, cells: Sequence[int], what: str, least: int = 1) -> None:
    if len(cells) < least:
        raise PuzzleError(f"{what} needs at least {least} cells")
    for i in cells:
        grid.cell(i, what)
    if len(set(cells)) != len(cells):
        raise PuzzleError(f"{what} passes through a cell twice")
    for a, b in zip(cells, cells[1:]):
        if not grid.adjacent(a, b, True):
            raise PuzzleError(f"{what} jumps from {grid.name(a)} to {grid.name(b)}")


def _distinct_cells(grid: _Grid, cells: Sequence[int], what: str) -> None:
    for i in cells:
        grid.cell(i, what)
    if len(set(cells)) != len(cells):
        raise PuzzleError(f"{what} names a cell twice")


def describe(item: Constraint, cols: int) -> str:
    """A player's short name for an element: "killer cage 15 (r1c1…)", "white dot r2c3-r2c4"."""
    def name(i: int) -> str:
        return f"r{i // cols + 1}c{i % cols + 1}"
    kind = item.kind
    first = name(item.cells[0]) if item.cells else ""
    if isinstance(item, Cage):
        total = "" if item.total is None else f" {item.total}"
        return f"killer cage{total} at {first}"
    if isinstance(item, Dot):
        label = {"white": "white dot", "black": "black dot", "x": "X", "v": "V"}[kind]
        return f"{label} {name(item.cells[0])}-{name(item.cells[1])}"
    if isinstance(item, Clue):
        return f"{kind.replace('-', ' ')} {item.value} at r{item.row + 1}c{item.col + 1}"
    if isinstance(item, Rule):
        return {"diagonal+": "the rising diagonal", "diagonal-": "the falling diagonal"}.get(
            kind, "the " + kind.replace("-", " ") + " rule")
    if isinstance(item, Other):
        return f"{item.key!r} (not checked)"
    words = {"thermo": "thermometer", "slow-thermo": "slow thermometer",
             "whispers": "whisper line", "between": "between line", "region-sum": "region-sum line",
             "min": "minimum cell", "max": "maximum cell", "odd": "odd cell", "even": "even cell"}
    return f"{words.get(kind, kind.replace('-', ' '))} at {first}"


def outside_line(rows: int, cols: int, row: int, col: int) -> tuple[int, ...]:
    """The cells a sandwich, X-sum or skyscraper clue at (row, col) faces, nearest first."""
    if row == -1 and 0 <= col < cols:
        return tuple(r * cols + col for r in range(rows))
    if row == rows and 0 <= col < cols:
        return tuple(r * cols + col for r in range(rows - 1, -1, -1))
    if col == -1 and 0 <= row < rows:
        return tuple(row * cols + c for c in range(cols))
    if col == cols and 0 <= row < rows:
        return tuple(row * cols + c for c in range(cols - 1, -1, -1))
    raise PuzzleError(f"a clue at r{row + 1}c{col + 1} faces no row or column of the grid")


def diagonal_cells(kind: str, rows: int, cols: int) -> tuple[int, ...]:
    """The cells of a diagonal rule's diagonal: `diagonal-` from r1c1 down to the right,
    `diagonal+` from the bottom left corner up to the right."""
    if kind == "diagonal+":
        return tuple((rows - 1 - k) * cols + k for k in range(min(rows, cols)))
    return tuple(k * cols + k for k in range(min(rows, cols)))


def little_killer_cells(rows: int, cols: int, row: int, col: int, direction: str) -> tuple[int, ...]:
    """The cells on a little killer's diagonal, from the clue into the grid."""
    if direction not in _STEPS:
        raise PuzzleError(f"a little killer points UL, UR, DL or DR, not {direction!r}")
    if 0 <= row < rows and 0 <= col < cols:
        raise PuzzleError(f"a little killer at r{row + 1}c{col + 1} is inside the grid")
    dr, dc = _STEPS[direction]
    r, c = row + dr, col + dc
    out = []
    while 0 <= r < rows and 0 <= c < cols:
        out.append(r * cols + c)
        r, c = r + dr, c + dc
    if not out:
        raise PuzzleError(f"the little killer at r{row + 1}c{col + 1} points away from the grid")
    return tuple(out)


def validate(items: Iterable[Constraint], rows: int, cols: int, size: int,
             outside: frozenset[int], has_boxes: bool) -> tuple[Constraint, ...]:
    """The elements in canonical order, each checked against the grid, or a `PuzzleError`
    naming the first that breaks an invariant (duplicates included). Fills each clue's
    `cells` (the line it faces). `has_boxes`: whether the grid has regular boxes (disjoint
    groups need them)."""
    grid = _Grid(rows, cols, size, outside)
    out: list[Constraint] = []
    for item in items:
        if not isinstance(item, Constraint):
            raise PuzzleError(f"not a constraint: {item!r}"[:80])
        _check(grid, item, has_boxes)
        out.append(item)
        if len(out) > MAX_CONSTRAINTS:
            raise PuzzleError(f"a puzzle holds at most {MAX_CONSTRAINTS} constraints")
    ordered = sorted_constraints(out)
    for a, b in zip(ordered, ordered[1:]):
        if a == b:
            raise PuzzleError(f"the same {describe(a, cols)} twice")
    edges: dict[tuple[int, ...], str] = {}
    for item in ordered:
        if isinstance(item, Dot):
            if item.cells in edges and (edges[item.cells] in ("x", "v")) == (item.kind in ("x", "v")):
                raise PuzzleError(f"two marks on one edge: {describe(item, cols)}")
            edges[item.cells] = item.kind
    return ordered


def _check(grid: _Grid, item: Constraint, has_boxes: bool) -> None:
    kind = item.kind
    n = grid.size
    if isinstance(item, Cage):
        _distinct_cells(grid, item.cells, "a killer cage")
        if not 1 <= len(item.cells) <= n:
            raise PuzzleError(f"a killer cage holds 1 to {n} cells, not {len(item.cells)}")
        if item.total is not None:
            _number(item.total, "a cage's sum")
    elif isinstance(item, Line):
        if kind not in LINE_KINDS:
            raise PuzzleError(f"unknown line kind {kind!r}"[:80])
        _path(grid, item.cells, f"a {kind} line", 2 if kind != "thermo" else 1)
        if kind == "whispers":
            _number(item.value, "a whisper line's difference", 1, n - 1)
        elif item.value is not None:
            raise PuzzleError(f"a {kind} line holds no number")
    elif isinstance(item, Arrow):
        if not 1 <= len(item.circle) <= 3:
            raise PuzzleError("an arrow's circle holds 1 to 3 cells")
        _path(grid, item.circle, "an arrow's circle")
        if not item.paths:
            raise PuzzleError("an arrow needs a path")
        for path in item.paths:
            _path(grid, path, "an arrow", 2)
            if path[0] not in item.circle or any(i in item.circle for i in path[1:]):
                raise PuzzleError(f"an arrow starts in its circle and leaves it: {grid.name(path[0])}")
    elif isinstance(item, Dot):
        if kind not in DOT_KINDS:
            raise PuzzleError(f"unknown dot kind {kind!r}"[:80])
        a, b = item.cells
        grid.cell(a, "a dot")
        grid.cell(b, "a dot")
        if not grid.adjacent(a, b, False):
            raise PuzzleError("a dot lies between orthogonal neighbours, "
                              f"not {grid.name(a)} and {grid.name(b)}")
        if kind in ("white", "black"):
            _number(item.value, f"a {kind} dot's number", 1 if kind == "white" else 2, max(n, 2))
        elif item.value != (10 if kind == "x" else 5):
            raise PuzzleError(f"an {kind.upper()} holds no other number")
    elif isinstance(item, Mark):
        if kind not in MARK_KINDS:
            raise PuzzleError(f"unknown cell mark {kind!r}"[:80])
        grid.cell(item.cell, f"a {kind} cell")
        if kind.endswith("indexer") and grid.rows != grid.cols:
            raise PuzzleError("indexers need one square grid")
    elif isinstance(item, Clue):
        if kind not in CLUE_KINDS:
            raise PuzzleError(f"unknown outside clue {kind!r}"[:80])
        _number(item.value, f"a {kind} clue")
        if kind == "little-killer":
            cells = little_killer_cells(grid.rows, grid.cols, item.row, item.col, item.direction or "")
        else:
            if item.direction is not None:
                raise PuzzleError(f"a {kind} clue has no direction")
            cells = outside_line(grid.rows, grid.cols, item.row, item.col)
        for i in cells:
            if i in grid.outside:
                raise PuzzleError(f"the {kind} clue at r{item.row + 1}c{item.col + 1} crosses no grid")
        _set(item, "cells", cells)
    elif isinstance(item, ExtraRegion):
        _distinct_cells(grid, item.cells, "an extra region")
        if not 2 <= len(item.cells) <= n:
            raise PuzzleError(f"an extra region holds 2 to {n} cells")
    elif isinstance(item, Clone):
        _distinct_cells(grid, item.cells + item.twins, "a clone")
        if not item.cells or len(item.cells) != len(item.twins):
            raise PuzzleError("a clone pairs shapes of the same number of cells")
    elif isinstance(item, Quadruple):
        _distinct_cells(grid, item.cells, "a quadruple")
        if len(item.cells) != 4 or item.cells[3] - item.cells[0] != grid.cols + 1 \
                or item.cells[1] - item.cells[0] != 1 or item.cells[0] % grid.cols == grid.cols - 1:
            raise PuzzleError("a quadruple sits where four cells meet")
        if not 1 <= len(item.digits) <= 4:
            raise PuzzleError("a quadruple shows 1 to 4 digits")
        for d in item.digits:
            _number(d, "a quadruple's digit", 1, n)
    elif isinstance(item, Rule):
        if kind not in RULE_KINDS:
            raise PuzzleError(f"unknown rule {kind!r}"[:80])
        if kind.startswith("diagonal") and (grid.rows != grid.cols or grid.rows != n):
            raise PuzzleError("a diagonal rule needs one square grid")
        if kind == "disjoint-groups" and not has_boxes:
            raise PuzzleError("disjoint groups need regular boxes")
    elif isinstance(item, Other):
        if not isinstance(item.key, str) or not 1 <= len(item.key) <= 40:
            raise PuzzleError("an unknown element needs a name of 1 to 40 characters")
        if not isinstance(item.data, str) or len(item.data) > MAX_OTHER:
            raise PuzzleError(f"an unknown element's data is text of at most {MAX_OTHER} characters")
        for i in item.cells:
            grid.cell(i, f"the {item.key!r} element")
    else:
        raise PuzzleError(f"not a constraint: {item!r}"[:80])


# --- structure: houses, groups and pairs -------------------------------------------------------


class Structure(Record):
    """What the elements add to the grid's houses and peers: `houses` every digit once
    (diagonals, extra regions of n cells, disjoint groups), `groups` no digit twice
    (killer cages, renban lines, smaller extra regions), `pairs` two cells that differ
    (anti-knight, anti-king)."""

    __slots__ = ("groups", "houses", "pairs")
    FIELDS = ("houses", "groups", "pairs")
    if TYPE_CHECKING:
        houses: tuple[tuple[int, ...], ...]
        groups: tuple[tuple[int, ...], ...]
        pairs: tuple[tuple[int, int], ...]

    def __init__(self, houses: tuple[tuple[int, ...], ...], groups: tuple[tuple[int, ...], ...],
                 pairs: tuple[tuple[int, int], ...]) -> None:
        _set(self, "houses", houses)
        _set(self, "groups", groups)
        _set(self, "pairs", pairs)

    @property
    def empty(self) -> bool:
        return not (self.houses or self.groups or self.pairs)


def structure(items: Sequence[Constraint], rows: int, cols: int, size: int,
              boxes: Sequence[Sequence[int]], outside: frozenset[int]) -> Structure:
    """The houses, groups and pairs the elements add (see `Structure`), each once."""
    houses: list[tuple[int, ...]] = []
    groups: list[tuple[int, ...]] = []
    pairs: set[tuple[int, int]] = set()
    for item in items:
        kind = item.kind
        if kind in ("diagonal-", "diagonal+"):
            houses.append(diagonal_cells(kind, rows, cols))
        elif kind == "disjoint-groups":
            for p in range(size):
                houses.append(tuple(sorted(box[p] for box in boxes)))
        elif kind == "extra-region":
            (houses if len(item.cells) == size else groups).append(item.cells)
        elif kind in ("killer", "renban") and len(item.cells) > 1:
            groups.append(tuple(sorted(item.cells)))
        elif kind in ("anti-knight", "anti-king"):
            moves = ((1, 2), (2, 1), (1, -2), (2, -1)) if kind == "anti-knight" else \
                ((0, 1), (1, 0), (1, 1), (1, -1))
            for r in range(rows):
                for c in range(cols):
                    a = r * cols + c
                    if a in outside:
                        continue
                    for dr, dc in moves:
                        rr, cc = r + dr, c + dc
                        if 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc not in outside:
                            b = rr * cols + cc
                            pairs.add((min(a, b), max(a, b)))
    known = set(houses)
    unique_groups = []
    for g in groups:
        if g not in known:
            known.add(g)
            unique_groups.append(g)
    unique_houses = []
    seen: set[tuple[int, ...]] = set()
    for h in houses:
        key = tuple(sorted(h))
        if key not in seen:
            seen.add(key)
            unique_houses.append(h)
    return Structure(tuple(unique_houses), tuple(unique_groups), tuple(sorted(pairs)))


# --- Check: which placed digits break which element ------------------------------------------


def broken(items: Sequence[Constraint], digits: Sequence[int], rows: int, cols: int, size: int,
           boxes: Sequence[Sequence[int]] = ()) -> list[tuple[Constraint, tuple[int, ...]]]:
    """Every element the placed `digits` (0: none) already break, with the cells to blame:
    a cage over its sum or repeating a digit, a thermometer out of order, a dot whose
    digits do not fit ... An element is judged on what is placed: a sum is wrong only once
    it is exceeded or its cells are full. Global rules and houses (diagonals, anti-knight)
    are left to the grid's clash check; `Other` elements are never judged.
    `boxes`: the grid's boxes or jigsaw regions (region-sum lines and box indexers need them)."""
    out: list[tuple[Constraint, tuple[int, ...]]] = []
    regions = [-1] * (rows * cols)
    for k, box in enumerate(boxes):
        for i in box:
            regions[i] = k
    marked: dict[tuple[int, ...], list[Dot]] = {}
    for item in items:
        if isinstance(item, Dot):
            marked.setdefault(item.cells, []).append(item)
    for item in items:
        blame = _broken(item, digits, rows, cols, size, boxes, regions, marked, items)
        if blame:
            out.append((item, blame))
    return out


def _repeats(cells: Sequence[int], digits: Sequence[int]) -> tuple[int, ...]:
    first: dict[int, int] = {}
    blame: list[int] = []
    for i in cells:
        d = digits[i]
        if d:
            if d in first:
                blame.extend((first[d], i))
            else:
                first[d] = i
    return tuple(sorted(set(blame)))


def _sum_broken(cells: Sequence[int], digits: Sequence[int], total: int) -> bool:
    placed = [digits[i] for i in cells if digits[i]]
    return sum(placed) > total or (len(placed) == len(cells) and sum(placed) != total)


def _pair_fits(kind: str, value: int, a: int, b: int) -> bool:
    if kind == "white":
        return abs(a - b) == value
    if kind == "black":
        return a == value * b or b == value * a
    return a + b == value


def connected(cells: Sequence[int], cols: int) -> bool:
    """Whether the cells (of a grid `cols` wide) form one piece through shared edges, as a
    cage or a jigsaw region must; no cells at all count as one piece."""
    inside = set(cells)
    if not inside:
        return True
    first = cells[0]
    seen = {first}
    todo = [first]
    while todo:
        i = todo.pop()
        c = i % cols
        for j, ok in ((i - cols, True), (i + cols, True), (i - 1, c > 0), (i + 1, c < cols - 1)):
            if ok and j in inside and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(inside)


def neighbour_pairs(rows: int, cols: int) -> Iterable[tuple[int, int]]:
    """Every pair of cells side by side (left-right, then top-bottom), as the negative
    rules (non-consecutive, no dot, no X or V) read them."""
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                yield i, i + 1
            if r + 1 < rows:
                yield i, i + cols


def _broken(item: Constraint, digits: Sequence[int], rows: int, cols: int, size: int,
            boxes: Sequence[Sequence[int]], regions: Sequence[int],
            marked: dict[tuple[int, ...], list[Dot]], items: Sequence[Constraint]) -> tuple[int, ...]:
    kind = item.kind
    cells = item.cells
    full = bool(cells) and all(digits[i] for i in cells)
    if isinstance(item, Cage):
        blame = _repeats(cells, digits)
        if blame:
            return blame
        return cells if item.total is not None and _sum_broken(cells, digits, item.total) else ()
    if isinstance(item, Clue):
        return _clue_broken(item, digits, size)
    if isinstance(item, Arrow):
        if not all(digits[i] for i in item.circle):
            return ()
        number = 0
        for i in item.circle:
            number = number * 10 + digits[i]
        for path in item.shaft:
            if _sum_broken(path, digits, number):
                return item.cells
        return ()
    if isinstance(item, Line):
        return _line_broken(item, digits, size, regions)
    if isinstance(item, Dot):
        a, b = (digits[i] for i in cells)
        return cells if a and b and not _pair_fits(kind, item.value, a, b) else ()
    if isinstance(item, Mark):
        return _mark_broken(item, digits, rows, cols, size, boxes, regions, items)
    if isinstance(item, Clone):
        for a, b in zip(item.cells, item.twins):
            if digits[a] and digits[b] and digits[a] != digits[b]:
                return (a, b)
        return ()
    if isinstance(item, Quadruple):
        if not full:
            return ()
        have = [digits[i] for i in cells]
        for d in set(item.digits):
            if have.count(d) < item.digits.count(d):
                return cells
        return ()
    if isinstance(item, ExtraRegion):
        return _repeats(cells, digits)
    if isinstance(item, Rule) and kind in ("non-consecutive", "negative-black", "negative-xv"):
        ratios = sorted({m.value for m in items if isinstance(m, Dot) and m.kind == "black"}) or [2]
        for a, b in neighbour_pairs(rows, cols):
            da, db = digits[a], digits[b]
            if not (da and db):
                continue
            marks = marked.get((a, b), [])
            if kind == "non-consecutive" and abs(da - db) == 1 and \
                    not any(m.kind == "white" and m.value == 1 for m in marks):
                return (a, b)
            if kind == "negative-black" and not any(m.kind == "black" for m in marks) and \
                    any(da == r * db or db == r * da for r in ratios):
                return (a, b)
            if kind == "negative-xv" and not any(m.kind in ("x", "v") for m in marks) and \
                    da + db in (5, 10):
                return (a, b)
    return ()


def _line_broken(item: Line, digits: Sequence[int], size: int,
                 regions: Sequence[int]) -> tuple[int, ...]:
    kind = item.kind
    cells = item.cells
    placed = [(k, i, digits[i]) for k, i in enumerate(cells) if digits[i]]
    if kind in ("thermo", "slow-thermo"):
        for (k1, i1, d1), (k2, i2, d2) in zip(placed, placed[1:]):
            if (d2 - d1 < k2 - k1) if kind == "thermo" else d2 < d1:
                return (i1, i2)
        return ()
    if kind == "renban":
        blame = _repeats(cells, digits)
        if blame:
            return blame
        ds = [d for _, _, d in placed]
        return cells if ds and max(ds) - min(ds) >= len(cells) else ()
    if kind in ("whispers", "parity", "entropic"):
        third = -(-size // 3)
        for a, b in zip(cells, cells[1:]):
            da, db = digits[a], digits[b]
            if da and db and (
                    (kind == "whispers" and abs(da - db) < (item.value or 0))
                    or (kind == "parity" and da % 2 == db % 2)
                    or (kind == "entropic" and (da - 1) // third == (db - 1) // third)):
                return (a, b)
        if kind == "entropic":
            for a, c in zip(cells, cells[2:]):
                if digits[a] and digits[c] and (digits[a] - 1) // third == (digits[c] - 1) // third:
                    return (a, c)
        return ()
    if kind == "palindrome":
        for a, b in zip(cells, reversed(cells)):
            if digits[a] and digits[b] and digits[a] != digits[b]:
                return (a, b)
        return ()
    if kind == "between":
        ends = (digits[cells[0]], digits[cells[-1]])
        if not all(ends):
            return ()
        low, high = min(ends), max(ends)
        for i in cells[1:-1]:
            if digits[i] and not low < digits[i] < high:
                return (cells[0], i, cells[-1])
        return ()
    if kind == "zipper":
        length = len(cells)
        target = digits[cells[length // 2]] if length % 2 else 0
        sums = []
        for k in range(length // 2):
            a, b = digits[cells[k]], digits[cells[length - 1 - k]]
            if a and b:
                sums.append((a + b, (cells[k], cells[length - 1 - k])))
        for s, blame in sums:
            if (target and s != target) or s != sums[0][0]:
                return blame
        return ()
    if kind == "region-sum":
        segments: list[list[int]] = []
        for k, i in enumerate(cells):
            if k and regions[i] == regions[cells[k - 1]]:
                segments[-1].append(i)
            else:
                segments.append([i])
        totals = [sum(digits[i] for i in s) for s in segments if all(digits[i] for i in s)]
        return cells if len(set(totals)) > 1 else ()
    return ()


def _mark_broken(item: Mark, digits: Sequence[int], rows: int, cols: int, size: int,
                 boxes: Sequence[Sequence[int]], regions: Sequence[int],
                 items: Sequence[Constraint]) -> tuple[int, ...]:
    i = item.cell
    d = digits[i]
    if not d:
        return ()
    kind = item.kind
    if kind == "odd":
        return (i,) if d % 2 == 0 else ()
    if kind == "even":
        return (i,) if d % 2 else ()
    r, c = divmod(i, cols)
    if kind in ("min", "max"):
        same = {m.cell for m in items if isinstance(m, Mark) and m.kind == kind}
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                j = rr * cols + cc
                if j in same or not digits[j]:
                    continue
                if (kind == "min" and digits[j] <= d) or (kind == "max" and digits[j] >= d):
                    return (i, j)
        return ()
    if d > size:
        return (i,)
    if kind == "row-indexer":
        j = r * cols + d - 1
        return (i, j) if digits[j] and digits[j] != c + 1 else ()
    if kind == "column-indexer":
        j = (d - 1) * cols + c
        return (i, j) if digits[j] and digits[j] != r + 1 else ()
    box = boxes[regions[i]] if regions[i] >= 0 else ()
    if kind == "box-indexer" and len(box) >= d:
        j = box[d - 1]
        return (i, j) if digits[j] and digits[j] != box.index(i) + 1 else ()
    return ()


def _clue_broken(item: Clue, digits: Sequence[int], size: int) -> tuple[int, ...]:
    cells = item.cells
    kind = item.kind
    if kind == "little-killer":
        return cells if _sum_broken(cells, digits, item.value) else ()
    line = [digits[i] for i in cells]
    if kind == "sandwich":
        if 1 not in line or size not in line:
            return ()
        a, b = sorted((line.index(1), line.index(size)))
        inner = cells[a + 1:b]
        return cells if _sum_broken(inner, digits, item.value) else ()
    if kind == "x-sum":
        if not line[0] or line[0] > len(cells):
            return ()
        return cells if _sum_broken(cells[:line[0]], digits, item.value) else ()
    if kind == "skyscraper":
        if not all(line):
            return ()
        seen, top = 0, 0
        for d in line:
            if d > top:
                seen, top = seen + 1, d
        return cells if seen != item.value else ()
    return ()
