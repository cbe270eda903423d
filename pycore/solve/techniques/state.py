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
from operator import itemgetter, or_

from ...errors import PuzzleError
from ...model import Puzzle, pack
from ...model import digits_in as digits_of
from ..rules import Board, board_of, cell_name, house_kind, house_name

__all__ = ["ChainLink", "HouseTables", "Queues", "State", "Step", "bits", "chain_links",
           "digits_of", "eureka", "popcount"]

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


def eureka(name: Callable[[int], str], links: Iterable[ChainLink],
           labels: list[str] | None = None) -> str:
    """A chain in Eureka notation, as sudokuwiki and HoDoKu players read it: each candidate
    written (digit)cell, joined by `=` (a strong link) or `-` (a weak one), a link inside a
    cell the same as one between cells: "(6)r7c5=(9)r7c5-(9)r7c8". `labels` name the
    chain's nodes in order where some are not plain cells (a group, an ALS)."""
    links = list(links)
    nodes = [links[0][:2]] + [link[2:4] for link in links]
    names = labels or [name(cell) for cell, _ in nodes]
    out = f"({nodes[0][1]}){names[0]}"
    for k, link in enumerate(links):
        out += ("=" if link[4] else "-") + f"({nodes[k + 1][1]}){names[k + 1]}"
    return out


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
class HouseTables:
    """What the techniques need of a board besides its rules: its houses and groups, their
    names and kinds, each cell's peers as a set. Computed once per shape (`house_tables`),
    and so equal only to itself: the techniques' caches keyed by one hash it by identity.

    `houses` hold every digit exactly once (the full houses: rows, columns and boxes of a
    sudoku, a str8ts row or column without black cells); `groups` hold each digit at most
    once (also a str8ts line's white cells). `row`, `col` and `box` give, for a plain
    sudoku, each cell's house index; they are empty for other shapes, and a variant
    sudoku has them when its boxes are the regular ones (not a jigsaw's regions), for the
    fish with fins.
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
def _house_tables(board: Board, plain: bool, group_cells: tuple[tuple[int, ...], ...],
                  group_house_names: tuple[str, ...]) -> HouseTables:
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
    return HouseTables(board, board.n, board.cols, board.kind, board.houses, names, kinds,
                       board.house_ids, groups, group_names, seen, plain, row, col, box)


def house_tables(puzzle: Puzzle) -> HouseTables:
    """The house tables of the puzzle's shape (cached: shapes repeat, puzzles change)."""
    if puzzle.is_variant:
        return variant_tables(puzzle)
    board = board_of(puzzle)
    plain = puzzle.kind == "sudoku" and puzzle.layout is None
    is_open = set(board.open)
    geo = puzzle.geometry
    groups = tuple(tuple(i for i in h if i in is_open) for h in geo.houses)
    names = tuple(house_name(h, geo.cols, geo.boxes, puzzle.layout) for h in geo.houses)
    return _house_tables(board, plain, groups, names)


# -- variant sudokus: the houses and peers their rules add -----------------------------

VARIANT_KINDS = ("row", "column", "box", "diagonal", "extra-region", "disjoint-group")
"""The kinds of a variant sudoku's houses: a jigsaw region is a "box" (the house that
crosses rows and columns, where locked candidates point); a diagonal, an extra region or
a disjoint group is none of row, column or box, so no fish and no technique written for
rows, columns and boxes takes it for one."""

_VARIANTS: list[tuple[object, HouseTables]] = []


def variant_tables(puzzle: Puzzle) -> HouseTables:
    """The tables of a variant sudoku, from its real geometry (`Puzzle.geometry`: jigsaw
    regions instead of boxes, the diagonals, extra regions and disjoint groups as houses,
    killer cages, renban lines and knight's or king's move pairs among each cell's peers).
    `plain` is False: the techniques written for a classic grid's rows, columns and boxes
    only (finned and complex fish, empty rectangles, grouped chains, the uniqueness
    arguments) stay off. Remembered for the last few geometries (each step of a hint
    builds a new State of the same shape)."""
    geo = puzzle.geometry
    for known, tables in _VARIANTS:
        if known is geo:
            return tables
    tables = _variant_tables(puzzle)
    _VARIANTS.insert(0, (geo, tables))
    del _VARIANTS[4:]
    return tables


def variant_house_names(puzzle: Puzzle) -> dict[tuple[int, ...], tuple[str, str]]:
    """For each house of a variant sudoku's geometry, by its cells: (a reader's name, its
    kind of `VARIANT_KINDS`): "row 3", "column 5", "box 4" or, on a jigsaw, "region 4"
    (numbered in reading order of their first cells), "the falling diagonal" (r1c1 down
    to the bottom right), "the rising diagonal", "extra region 2", "disjoint group 5" (the
    cells at the fifth place of every box)."""
    geo = puzzle.geometry
    rows, cols = geo.rows, geo.cols
    out: dict[tuple[int, ...], tuple[str, str]] = {}
    for r in range(rows):
        out[tuple(r * cols + c for c in range(cols))] = (f"row {r + 1}", "row")
    for c in range(cols):
        out[tuple(r * cols + c for r in range(rows))] = (f"column {c + 1}", "column")
    word = "box" if puzzle.regions is None else "region"
    for k, box in enumerate(geo.boxes):
        out.setdefault(tuple(box), (f"{word} {k + 1}", "box"))
    extra = 0
    for item in puzzle.constraints:
        if item.kind == "diagonal-":
            out.setdefault(tuple(k * cols + k for k in range(rows)),
                           ("the falling diagonal", "diagonal"))
        elif item.kind == "diagonal+":
            out.setdefault(tuple((rows - 1 - k) * cols + k for k in range(rows)),
                           ("the rising diagonal", "diagonal"))
        elif item.kind == "disjoint-groups":
            for p in range(puzzle.size):
                cells = tuple(sorted(box[p] for box in geo.boxes))
                out.setdefault(cells, (f"disjoint group {p + 1}", "disjoint-group"))
        elif item.kind == "extra-region":
            extra += 1
            out.setdefault(tuple(item.cells), (f"extra region {extra}", "extra-region"))
    return out


def _group_names(puzzle: Puzzle) -> dict[tuple[int, ...], str]:
    """A reader's name for each smaller group of cells a variant's rules keep apart (a
    killer cage, a renban line, an extra region of fewer cells than digits)."""
    cols = puzzle.geometry.cols
    out: dict[tuple[int, ...], str] = {}
    extra = 0
    for item in puzzle.constraints:
        cells = tuple(sorted(item.cells))
        if item.kind == "extra-region":
            extra += 1
            out.setdefault(cells, f"extra region {extra}")
        elif item.kind == "killer" and cells:
            # no sum in the name: puzzles whose cages differ only in their sums share
            # one geometry, and so these tables
            out.setdefault(cells, f"the killer cage at {cell_name(cells[0], cols)}")
        elif item.kind == "renban" and cells:
            out.setdefault(cells, f"the renban line at {cell_name(cells[0], cols)}")
    return out


def _variant_tables(puzzle: Puzzle) -> HouseTables:
    geo = puzzle.geometry
    n = puzzle.size
    board = _variant_board(puzzle)
    named = variant_house_names(puzzle)
    houses = board.houses
    names = tuple(named[h][0] if h in named else house_name(h, geo.cols, geo.boxes)
                  for h in houses)
    kinds = tuple(named[h][1] if h in named else "extra-region" for h in houses)
    group_names = _group_names(puzzle)
    # naked subsets look in the houses and in every group of more than two cells (a pair
    # of cells can hold no subset with a cell left over to clear)
    small = tuple(tuple(sorted(g)) for g in geo.groups if len(g) > 2)
    groups = houses + tuple(g for g in dict.fromkeys(small) if g not in set(houses))
    labels = names + tuple(group_names.get(g, "the group " + ", ".join(
        cell_name(c, geo.cols) for c in g)) for g in groups[len(houses):])
    seen = tuple(frozenset(p) for p in board.peers)
    row: tuple[int, ...] = ()
    col: tuple[int, ...] = ()
    box: tuple[int, ...] = ()
    if puzzle.regions is None:  # the boxes of its size: the finned fish work on them
        per_kind = {k: [0] * len(seen) for k in ("row", "column", "box")}
        for h, house in enumerate(houses):
            if kinds[h] in per_kind:
                for c in house:
                    per_kind[kinds[h]][c] = h
        row, col, box = (tuple(per_kind[k]) for k in ("row", "column", "box"))
    return HouseTables(board, n, geo.cols, "sudoku", houses, names, kinds, board.house_ids,
                       groups, labels, seen, False, row, col, box)


def solver_sees_geometry(puzzle: Puzzle) -> bool:
    """Whether the solver's board (`rules.board_of`) has this puzzle's real houses and
    peers: always on a classic puzzle; on a variant once the solver reads its geometry.
    A search on a board without a jigsaw's regions would answer for another puzzle."""
    if not puzzle.is_variant:
        return True
    try:
        board = board_of(puzzle)
    except PuzzleError:
        return False
    geo = puzzle.geometry
    return board.houses == tuple(h for h in geo.houses if len(h) == puzzle.size) \
        and board.peers == geo.peers


def _variant_board(puzzle: Puzzle) -> Board:
    """The solver's board of a variant sudoku when it has the puzzle's real geometry (its
    houses and peers); else one made here from the geometry, without locked candidates
    (`Board.locks`) for the forcing nets' propagation: weaker, never wrong."""
    if solver_sees_geometry(puzzle):
        return board_of(puzzle)
    geo = puzzle.geometry
    count = geo.rows * geo.cols
    n = puzzle.size
    houses = tuple(h for h in geo.houses if len(h) == n)
    house_ids = tuple(tuple(k for k, h in enumerate(houses) if i in h) for i in range(count))
    return Board("sudoku", n, geo.cols, (1 << n) - 1, count, tuple(range(count)), geo.peers,
                 houses, (), tuple(house_name(h, geo.cols, geo.boxes) for h in houses),
                 tuple(house_kind(h, geo.cols) for h in houses), house_ids,
                 tuple(itemgetter(*h) for h in houses), tuple(() for _ in houses))


class Queues:
    """The singles waiting to be taken, in the order they came up: HoDoKu's two singles
    queues, which decide which single its solver takes first, and so whether a cell is
    filled as a full house, a naked single or a hidden single (each scored differently).

    A cell joins `naked` when it comes down to one candidate; a (cell, digit) joins `hidden`
    when a house comes down to one place for the digit (counted in `free`), as each
    candidate leaves (`drop`) and as a digit is placed (`place`: first its peers lose the
    digit, lowest cell first, then its own candidates leave its houses). Entries are never
    removed: one whose cell is filled since is passed over (`naked_at` and `hidden_at`
    skip those at the front). On a sound path a waiting entry stays true until its cell is
    filled, so the first entry still open is the single HoDoKu takes.
    """

    __slots__ = ("free", "hidden", "hidden_at", "n", "naked", "naked_at", "tables")

    def __init__(self, tables: HouseTables) -> None:
        self.tables = tables
        self.n = tables.n
        self.free = [0] * (len(tables.houses) * tables.n)
        """For house h and digit d, at h * n + d - 1: how many of its open cells may hold d."""
        self.naked: list[int] = []
        self.naked_at = 0
        self.hidden: list[tuple[int, int]] = []
        self.hidden_at = 0

    def copy(self) -> Queues:
        other = Queues.__new__(Queues)
        other.tables, other.n, other.free = self.tables, self.n, list(self.free)
        other.naked, other.naked_at = list(self.naked), self.naked_at
        other.hidden, other.hidden_at = list(self.hidden), self.hidden_at
        return other

    @classmethod
    def loaded(cls, state: State) -> Queues:
        """The queues as HoDoKu has them on a grid it has just read: every open cell starts
        with every digit, the placed digits go in one by one in reading order, then the
        cells lose the candidates their pencil marks (or a str8ts line's clues) rule out,
        cell by cell, lowest digit first. Rebuilt (`rebuilt`) if that does not end where
        the state is."""
        tables = state.tables
        q = cls(tables)
        full = tables.board.full
        masks = [0] * len(state.masks)
        cells = tables.board.open
        for c in cells:
            masks[c] = full
        free = q.free
        for h, house in enumerate(tables.houses):
            for d in range(q.n):
                free[h * q.n + d] = len(house)
        digits = state.digits
        for c in cells:
            if digits[c]:
                q.place(masks, c, digits[c])
        target = state.masks
        for c in cells:
            gone = masks[c] & ~target[c]
            while gone:
                bit = gone & -gone
                gone ^= bit
                masks[c] ^= bit
                q.drop(masks, c, bit)
        if any(masks[c] != target[c] for c in cells):
            return cls.rebuilt(state)
        return q

    @classmethod
    def rebuilt(cls, state: State) -> Queues:
        """The queues made afresh from the state as it is, as HoDoKu rebuilds them: the
        cells with one candidate in reading order, then for each house (rows, columns,
        boxes) each digit with one place left, lowest first."""
        tables = state.tables
        q = cls(tables)
        n, free, masks = q.n, q.free, state.masks
        for c in state.unsolved():
            m = masks[c]
            if m and not m & (m - 1):
                q.naked.append(c)
            for h in tables.house_ids[c]:
                base = h * n - 1
                for d in digits_of(m):
                    free[base + d] += 1
        for h, house in enumerate(tables.houses):
            for d in range(1, n + 1):
                if free[h * n + d - 1] == 1:
                    q.add_hidden(house, masks, d)
        return q

    def add_hidden(self, house: tuple[int, ...], masks: list[int], d: int) -> None:
        """Queue the one cell of the house that may still hold d (none: nothing queued)."""
        bit = 1 << (d - 1)
        for c in house:
            if masks[c] & bit:
                self.hidden.append((c, d))
                return

    def drop(self, masks: list[int], cell: int, bit: int) -> None:
        """The candidate `bit` has just left `cell` (its mask already without it)."""
        m = masks[cell]
        if not m:
            return  # the cell has nothing left: the state is broken, no single comes of it
        if not m & (m - 1):
            self.naked.append(cell)
        n, free, tables = self.n, self.free, self.tables
        d = bit.bit_length()
        for h in tables.house_ids[cell]:
            k = h * n + d - 1
            free[k] -= 1
            if free[k] == 1:
                self.add_hidden(tables.houses[h], masks, d)

    def place(self, masks: list[int], cell: int, digit: int) -> None:
        """Place `digit` in `cell` on `masks`: its peers lose the digit, lowest first, then
        its own candidates leave its houses (a digit down to one place there is queued)."""
        own = masks[cell]
        masks[cell] = 0
        bit = 1 << (digit - 1)
        for p in self.tables.board.peers[cell]:
            if masks[p] & bit:
                masks[p] ^= bit
                self.drop(masks, p, bit)
        n, free, tables = self.n, self.free, self.tables
        for d in digits_of(own):
            for h in tables.house_ids[cell]:
                k = h * n + d - 1
                free[k] -= 1
                if free[k] == 1 and d != digit:
                    self.add_hidden(tables.houses[h], masks, d)


class State:
    """Masks of the unsolved cells (0 once solved) and the digits placed so far, and the
    singles queues (`singles`) once asked for."""

    __slots__ = ("digits", "empty", "fresh", "left", "masks", "placed", "puzzle", "queues",
                 "tables")

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.tables = house_tables(puzzle)
        cells = puzzle.cells
        opened = puzzle.open_masks
        masks = [0] * len(cells)
        digits = [0] * len(cells)
        for i in self.tables.board.open:
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
        self.left = sum(1 for i in self.tables.board.open if not digits[i])
        self.empty = [sum(1 for c in house if not digits[c]) for house in self.tables.houses]
        self.placed = [self.placed_in(house) for house in self.tables.houses]
        self.queues: Queues | None = None
        self.fresh = True  # as read from the puzzle: no step applied yet

    def singles(self) -> Queues:
        """The singles queues, made on first use (the other techniques never need them):
        as HoDoKu reads the puzzle when no step has been applied yet, else rebuilt from
        the state as it is; then kept up by every step applied."""
        if self.queues is None:
            self.queues = Queues.loaded(self) if self.fresh else Queues.rebuilt(self)
        return self.queues

    def copy(self) -> State:
        other = State.__new__(State)
        other.puzzle = self.puzzle
        other.tables = self.tables
        other.masks = list(self.masks)
        other.digits = list(self.digits)
        other.left = self.left
        other.empty = list(self.empty)
        other.placed = list(self.placed)
        other.queues = None if self.queues is None else self.queues.copy()
        other.fresh = self.fresh
        return other

    def unsolved(self) -> list[int]:
        digits = self.digits
        return [i for i in self.tables.board.open if not digits[i]]

    def solved(self) -> bool:
        return not self.left

    def broken(self) -> bool:
        """A cell with no digit left: the state contradicts itself (an unsolved cell's
        mask and a solved cell's digit are never both 0; asked after every step of a
        grading, so the scan runs in C)."""
        cells = self.tables.board.open
        return 0 in map(or_, map(self.masks.__getitem__, cells),
                        map(self.digits.__getitem__, cells))

    def place(self, cell: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        digits = self.digits
        ids = self.tables.house_ids[cell]
        self.fresh = False
        if digits[cell]:  # a digit over a digit (no step does that): count its houses again
            digits[cell] = digit
            for h in ids:
                self.placed[h] = self.placed_in(self.tables.houses[h])
            self.queues = None  # made again from the state when next asked for
        else:
            digits[cell] = digit
            self.left -= 1
            empty, placed = self.empty, self.placed
            for h in ids:
                empty[h] -= 1
                placed[h] |= bit
        masks = self.masks
        if self.queues is not None:
            self.queues.place(masks, cell, digit)
            return
        masks[cell] = 0
        for p in self.tables.seen[cell]:
            masks[p] &= ~bit

    def apply(self, step: Step) -> None:
        """Place the step's digits, then remove its eliminations in the order listed."""
        for cell, digit in step.placements:
            self.place(cell, digit)
        masks = self.masks
        queues = self.queues
        self.fresh = False
        for cell, digit in step.eliminations:
            bit = 1 << (digit - 1)
            if masks[cell] & bit:
                masks[cell] ^= bit
                if queues is not None:
                    queues.drop(masks, cell, bit)

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
        seen = self.tables.seen
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
