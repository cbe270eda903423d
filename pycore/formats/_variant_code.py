"""The variant part of a compact text (version 2): the shape (any size 3 to 25, jigsaw
regions) and every constraint, coded before the cells so that the cells' walk can use
the variant's houses.

One walk (`code`) runs with a `Writer` to encode and with a `Reader` to decode, as the
rest of compact does, so the two cannot disagree. What each element costs, on a 9x9:

- jigsaw regions: one adaptive "same region?" bit per internal edge (at most 144);
- killer cages: the cages that are orthogonally connected and overlap no other cage are
  drawn on the grid: an adaptive "caged?" bit per cell (none when the cages cover it),
  then an adaptive "same cage?" bit per edge between two caged cells; any other cage is
  written as its cells. Each sum: an adaptive "has a sum" bit, then a uniform choice
  among the sums its cells can make (3 to 17 for two cells), with an escape for any other;
- lines and arrows: a start cell, a length, and each step one of the eight directions;
- dots: an edge and its kind (and a value other than the usual, rarely);
- cell marks: a cell and its kind; outside clues: a place around the grid and a number;
- rules: one bit each; an element we cannot read: its name and data, byte by byte in an
  adaptive model (another tool's JSON repeats few characters).

Each kind says first whether it occurs (a weighted bit: most do not), then how many.
Elements are written in the model's canonical order and read back into it, so a puzzle
and its text's puzzle are equal. Runs under MicroPython (the page's light worker).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import PuzzleError
from ..model import DEFAULT_BOX, EMPTY, JIGSAW_SIZES, SUDOKU_SIZES, Puzzle
from ..variants import (
    CLUE_KINDS,
    DIRECTIONS,
    DOT_KINDS,
    KINDS,
    LINE_KINDS,
    MARK_KINDS,
    MAX_CONSTRAINTS,
    MAX_OTHER,
    MAX_VALUE,
    RULE_KINDS,
    Arrow,
    Cage,
    Clone,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
    connected,
)
from ._rans import AdaptiveBit

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._rans import Coder

__all__ = ["Refused", "code"]

ABSENT = (31, 1)
"""Weights of "this kind does not occur" / "it does": most puzzles hold one or two kinds."""
IN_RANGE = (255, 1)
"""A sum its cells can make / any other number (an escape)."""
STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
"""The eight directions a line's next cell lies in."""
MAX_TEXT = 4000
"""The longest name or data an unknown element carries (`variants.MAX_OTHER`)."""


class Refused(Exception):
    """A text no encoder writes; compact places it at the numeral."""

    def __init__(self, expected: str, found: str | None = None) -> None:
        super().__init__(expected)
        self.expected = expected
        self.found = found


def _number(io: Coder, value: int) -> int:
    """A whole number 0..2^24, short when small: its bit length, then its bits below the top."""
    length = io.uniform(25, len(bin(value)) - 2 if value else 0)
    if length <= 1:
        return length
    low = io.uniform(1 << (length - 1), value - (1 << (length - 1)))
    return (1 << (length - 1)) + low


def _bounded(io: Coder, value: int, high: int, what: str) -> int:
    """`_number`, refusing more than `high` when reading."""
    n = _number(io, value)
    if n > high:
        raise Refused(f"at most {high} {what}", found=str(n))
    return n


class _Bytes:
    """An adaptive model of the bytes of unknown elements' texts: another tool's JSON repeats
    its few characters (quotes, brackets, "R1C1"), so each byte seen grows its weight, and a
    puzzle's texts share one model."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts = [1] * 256
        for ch in '"{}[],:0123456789RC':
            self.counts[ord(ch)] = 8

    def text(self, io: Coder, text: str) -> str:
        """A short text as its UTF-8 bytes, counted."""
        data = text.encode("utf-8")
        count = _bounded(io, len(data), MAX_TEXT * 4, "bytes")
        out = []
        counts = self.counts
        for k in range(count):
            b = io.weighted(counts, data[k] if k < len(data) else 0, 24)
            counts[b] += 24
            out.append(b)
        try:
            return bytes(out).decode("utf-8")
        except UnicodeError:
            raise Refused("UTF-8 text") from None


def code(io: Coder, truth: Puzzle | None) -> tuple[int, tuple[int, int] | None,
                                                   tuple[int, ...] | None, tuple[Constraint, ...]]:
    """The variant part, after the header's `LATER` and version: (size, box, regions,
    constraints). Writing, `truth` is the puzzle; reading, None."""
    jigsaw = io.uniform(2, truth is not None and truth.regions is not None)
    box: tuple[int, int] | None = None
    regions: tuple[int, ...] | None = None
    if jigsaw:
        size = JIGSAW_SIZES[io.uniform(len(JIGSAW_SIZES), JIGSAW_SIZES.index(truth.size) if truth else 0)]
        regions = _code_regions(io, size, truth.regions if truth else None)
    else:
        size = SUDOKU_SIZES[io.uniform(len(SUDOKU_SIZES), SUDOKU_SIZES.index(truth.size) if truth else 0)]
        shapes = _box_shapes(size)
        box = shapes[io.uniform(len(shapes), shapes.index(truth.box) if truth and truth.box else 0)]
    try:
        blank = Puzzle("sudoku", size, (EMPTY,) * (size * size), box, regions=regions)
    except PuzzleError as err:
        raise Refused(f"a valid shape ({err})") from None
    if truth is None and regions is not None and blank.regions is None:
        raise Refused("a text as the encoder writes it", found="jigsaw regions that are the boxes")
    items = truth.constraints if truth else ()
    found = _code_constraints(io, size, items)
    return size, box, regions, found


def _box_shapes(size: int) -> tuple[tuple[int, int], ...]:
    return (DEFAULT_BOX[size],) + tuple(  # noqa: RUF005  (MicroPython: no star in a display)
        (r, size // r) for r in range(2, size)
        if size % r == 0 and size // r >= 2 and (r, size // r) != DEFAULT_BOX[size])


def _edges(rows: int, cols: int) -> list[tuple[int, int]]:
    """The grid's internal edges, row-major: each cell's right, then its lower neighbour."""
    out = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                out.append((i, i + 1))
            if r + 1 < rows:
                out.append((i, i + cols))
    return out


_EDGES: dict[int, list[tuple[int, int]]] = {}


def _edges_of(n: int) -> list[tuple[int, int]]:
    """`_edges` of an n x n grid, made once per size."""
    if n not in _EDGES:
        _EDGES[n] = _edges(n, n)
    return _EDGES[n]


def _components(count: int, joined: Sequence[tuple[int, int]], members: Sequence[bool]) -> list[list[int]]:
    """The groups of cells the joined edges connect, each in reading order, ordered by their
    first cell; only cells in `members`."""
    parent = list(range(count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in joined:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    order = []
    for i in range(count):
        if members[i]:
            r = root(i)
            if r not in groups:
                groups[r] = []
                order.append(r)
            groups[r].append(i)
    return [groups[r] for r in order]


def _code_regions(io: Coder, size: int, truth: Sequence[int] | None) -> tuple[int, ...]:
    """Regions that are each one connected piece (every jigsaw we know) by the edges
    between them; any others (an escape) as each cell's region number."""
    pieces = truth is None or len(_components(size * size, [
        (a, b) for a, b in _edges(size, size) if truth[a] == truth[b]], [True] * (size * size))) == size
    if io.uniform(2, 0 if pieces else 1) != 0:
        return tuple([io.uniform(size, truth[i] if truth else 0) for i in range(size * size)])
    same = AdaptiveBit()
    joined = []
    for a, b in _edges(size, size):
        if same.code(io, truth is not None and truth[a] == truth[b]):
            joined.append((a, b))
    groups = _components(size * size, joined, [True] * (size * size))
    if len(groups) != size or any(len(g) != size for g in groups):
        raise Refused(f"{size} regions of {size} cells")
    out = [0] * (size * size)
    for k, cells in enumerate(groups):
        for i in cells:
            out[i] = k
    return tuple(out)


def _code_constraints(io: Coder, size: int, items: Sequence[Constraint]) -> tuple[Constraint, ...]:
    n = size
    count = n * n
    by_kind: dict[str, list[Constraint]] = {}
    for item in items:
        by_kind.setdefault(item.kind, []).append(item)
    out: list[Constraint] = []
    texts = _Bytes()
    for kind in KINDS:
        mine = by_kind.get(kind, [])
        if kind == "killer":
            out.extend(_code_cages(io, n, mine))
            continue
        if kind in RULE_KINDS:
            if io.weighted(ABSENT, bool(mine)):
                out.append(Rule(kind))
            continue
        if not io.weighted(ABSENT, bool(mine)):
            continue
        many = 1 + _bounded(io, len(mine) - 1, MAX_CONSTRAINTS, "elements of a kind")
        for k in range(many):
            out.append(_code_item(io, kind, n, count, mine[k] if k < len(mine) else None, texts))
        if len(out) > MAX_CONSTRAINTS:
            raise Refused(f"at most {MAX_CONSTRAINTS} constraints")
    return tuple(out)


def _cell(io: Coder, count: int, value: int) -> int:
    return io.uniform(count, value)


def _path(io: Coder, n: int, cells: Sequence[int] | None, least: int) -> list[int]:
    """A path of king's steps: its start, its length, each step's direction."""
    start = _cell(io, n * n, cells[0] if cells else 0)
    length = least + _bounded(io, len(cells) - least if cells else 0, n * n, "cells on a line")
    out = [start]
    for k in range(1, length):
        r, c = divmod(out[-1], n)
        step = 0
        if cells:
            dr, dc = cells[k] // n - r, cells[k] % n - c
            step = STEPS.index((dr, dc))
        step = io.uniform(8, step)
        dr, dc = STEPS[step]
        if not (0 <= r + dr < n and 0 <= c + dc < n):
            raise Refused("a line that stays in the grid")
        out.append((r + dr) * n + c + dc)
    return out


def _cells_set(io: Coder, n: int, cells: Sequence[int] | None) -> list[int]:
    """Any set of cells: how many, then each (ascending, each after the last)."""
    total = n * n
    many = 1 + _bounded(io, len(cells) - 1 if cells else 0, total - 1, "cells")
    out: list[int] = []
    last = -1
    for k in range(many):
        left = total - last - 1 - (many - k - 1)
        if left <= 0:
            raise Refused("cells in reading order")
        i = last + 1 + io.uniform(left, cells[k] - last - 1 if cells else 0)
        out.append(i)
        last = i
    return out


def _sum(io: Coder, cells: int, n: int, value: int | None) -> int:
    """A sum its `cells` distinct digits can make, else (escape) any number."""
    low, high = cells * (cells + 1) // 2, cells * (2 * n + 1 - cells) // 2
    fits = value is None or low <= value <= high
    if cells <= n and io.weighted(IN_RANGE, 0 if fits else 1) == 0:
        return low + io.uniform(high - low + 1, (value or low) - low)
    return _bounded(io, value or 0, MAX_VALUE, "for a number")


def _code_cages(io: Coder, n: int, cages: Sequence[Constraint]) -> list[Constraint]:
    count = n * n
    if not io.weighted(ABSENT, bool(cages)):
        return []
    cover = [0] * count
    for cage in cages:
        for i in cage.cells:
            cover[i] += 1
    drawn = [c for c in cages if connected(c.cells, n) and all(cover[i] == 1 for i in c.cells)]
    listed = [c for c in cages if c not in drawn]
    caged = [False] * count
    for cage in drawn:
        for i in cage.cells:
            caged[i] = True
    full = io.uniform(2, bool(cages) and all(caged))
    if full:
        caged = [True] * count
    else:
        bit = AdaptiveBit()
        caged = [bool(bit.code(io, caged[i])) for i in range(count)]
    owner = {}
    for k, cage in enumerate(drawn):
        for i in cage.cells:
            owner[i] = k
    same = AdaptiveBit()
    joined = []
    for a, b in _edges(n, n):
        if caged[a] and caged[b] and same.code(io, a in owner and owner.get(a) == owner.get(b)):
            joined.append((a, b))
    shapes = _components(count, joined, caged)
    totals = {tuple(c.cells): c.total for c in drawn if isinstance(c, Cage)}
    if cages and sorted(tuple(s) for s in shapes) != sorted(totals):
        raise ValueError("cages that the edges do not draw")  # a bug, not a text
    out: list[Constraint] = []
    has_sum = AdaptiveBit()
    for shape in shapes:
        total = totals.get(tuple(shape)) if cages else None
        said = has_sum.code(io, total is not None)
        out.append(Cage(shape, _sum(io, len(shape), n, total) if said else None))
    many = _bounded(io, len(listed), MAX_CONSTRAINTS, "cages")
    for k in range(many):
        one = listed[k] if k < len(listed) else None
        total = one.total if isinstance(one, Cage) else None
        cells = _cells_set(io, n, one.cells if one else None)
        said = has_sum.code(io, total is not None)
        out.append(Cage(cells, _sum(io, len(cells), n, total) if said else None))
    return out


def _code_item(io: Coder, kind: str, n: int, count: int, item: Constraint | None,
               texts: _Bytes) -> Constraint:
    if kind in LINE_KINDS:
        line = item if isinstance(item, Line) else None
        cells = _path(io, n, line.cells if line else None, 1 if kind == "thermo" else 2)
        value = None
        if kind == "whispers":
            value = 1 + io.uniform(max(n - 1, 1), (line.value or 1) - 1 if line else 0)
        return Line(kind, cells, value)
    if kind == "arrow":
        arrow = item if isinstance(item, Arrow) else None
        circle = _path(io, n, arrow.circle if arrow else None, 1)
        many = 1 + _bounded(io, len(arrow.paths) - 1 if arrow else 0, count, "arrow paths")
        paths = []
        for k in range(many):
            path = arrow.paths[k] if arrow and k < len(arrow.paths) else None
            paths.append(_path(io, n, path, 2))
        return Arrow(circle, paths)
    if kind in DOT_KINDS:
        dot = item if isinstance(item, Dot) else None
        edges = _edges_of(n)
        e = io.uniform(len(edges), edges.index((dot.cells[0], dot.cells[1])) if dot else 0)
        usual = {"white": 1, "black": 2, "x": 10, "v": 5}[kind]
        value = usual
        if kind in ("white", "black") and io.weighted(IN_RANGE, 0 if not dot or dot.value == usual else 1):
            value = _bounded(io, dot.value if dot else 0, MAX_VALUE, "for a dot's number")
        return Dot(kind, edges[e], value)
    if kind in MARK_KINDS:
        mark = item if isinstance(item, Mark) else None
        return Mark(kind, _cell(io, count, mark.cell if mark else 0))
    if kind in CLUE_KINDS:
        clue = item if isinstance(item, Clue) else None
        places = [(-1, c) for c in range(n)] + [(n, c) for c in range(n)] + \
            [(r, -1) for r in range(n)] + [(r, n) for r in range(n)]
        if kind == "little-killer":  # also the corners
            places += [(-1, -1), (-1, n), (n, -1), (n, n)]
        at = io.uniform(len(places), places.index((clue.row, clue.col)) if clue else 0)
        direction = None
        if kind == "little-killer":
            direction = DIRECTIONS[io.uniform(4, DIRECTIONS.index(clue.direction or "UL") if clue else 0)]
        value = _bounded(io, clue.value if clue else 0, MAX_VALUE, "for a clue")
        row, col = places[at]
        return Clue(kind, row, col, value, direction)
    if kind == "extra-region":
        region = item if isinstance(item, ExtraRegion) else None
        return ExtraRegion(_cells_set(io, n, region.cells if region else None))
    if kind == "clone":
        clone = item if isinstance(item, Clone) else None
        cells = _path_free(io, n, clone.cells if clone else None)
        twins = [_cell(io, count, clone.twins[k] if clone else 0) for k in range(len(cells))]
        return Clone(cells, twins)
    if kind == "quadruple":
        quad = item if isinstance(item, Quadruple) else None
        first = quad.cells[0] if quad else 0
        corner = io.uniform((n - 1) * (n - 1), (first // n) * (n - 1) + first % n)
        r, c = divmod(corner, n - 1)
        top = r * n + c
        many = 1 + io.uniform(4, len(quad.digits) - 1 if quad else 0)
        digits = [1 + io.uniform(n, quad.digits[k] - 1 if quad else 0) for k in range(many)]
        return Quadruple((top, top + 1, top + n, top + n + 1), digits)
    other = item if isinstance(item, Other) else None
    key = texts.text(io, other.key if other else "")
    data = texts.text(io, other.data if other else "")
    if len(key) > 40 or len(data) > MAX_OTHER:
        raise Refused("an unknown element of bounded size")
    cells = _path_free(io, n, other.cells if other else None, least=0)
    return Other(key, data, cells)


def _path_free(io: Coder, n: int, cells: Sequence[int] | None, least: int = 1) -> list[int]:
    """Cells in their own order (a clone's shape, an unknown element's cells): how many,
    then each."""
    many = least + _bounded(io, len(cells) - least if cells is not None else 0, n * n, "cells")
    return [_cell(io, n * n, cells[k] if cells else 0) for k in range(many)]
