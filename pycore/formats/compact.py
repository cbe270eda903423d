"""Compact: the shortest lossless link text for anything the model holds.

The whole puzzle is one integer built by exact range coding on a Python int
(`_rans`: no precision limit, no rounding), written as a base-64 numeral in
the URL-safe characters `A-Z a-z 0-9 - _` (`_numeral`). Each coding step spends
log2(total / frequency) bits, so bits go where the information is:

- a header symbol first: the classic 9x9 costs one or two bits, anything else
  (version, kind, size, box shape, multi-box layout) follows an escape;
- each cell's kind (empty, given, value, candidates, black, black given) by an
  adaptive model, optionally in the context of the kind of the cell's image under
  a symmetry (half turn, mirror, diagonal: published puzzles usually have one);
- each given's digit among the digits not yet used by earlier givens in its
  houses, values likewise after the givens, candidates as a subset of the
  cell's possibles (the digits no given or value in its houses rules out,
  `Puzzle.open_masks`). Conflicting digits and marks outside the possibles take an escape,
  so a player's mistakes survive.

Several packings (escapes on or off, the symmetry, a model for marks that
equal the possibles) are weighed per grid by the bits each takes, and the
cheapest is coded in the text. One walk over the puzzle (header, kinds,
packing, digits, marks) runs with a writer to encode and with a reader to
decode, so the two cannot disagree. The notes (corner marks, colours, the
title, author and rules), when there are any, follow in a walk of their own
(`_notes`), on top of the number the cells' walk makes. The reader refuses
texts no encoder writes (an escape nothing takes, a kind said to occur that
no cell has, ...), which turns away some garbage for free.

Text: the numeral, whose first character is never `A` nor `_`. A text made
only of characters that another format's strings use (the base-32 fields of
offset/str8ts, the letters of jcode) gets a leading `_`,
which no other format's string starts with, so `links.read` never mistakes
a compact text for another format. Version 1 is frozen: every constant below
is part of the format.

This module is longer than most because the walk is one piece: the
writer and the reader share every step of it, and each step's model (the house
masks earlier cells leave, the subsets of the possibles) only means anything next
to the steps around it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..errors import FormatError, PuzzleError
from ..model import (
    BLACK,
    DEFAULT_BOX,
    EMPTY,
    OUTSIDE,
    STR8TS_SIZES,
    SUDOKU_SIZES,
    Cell,
    Layout,
    Puzzle,
    bit_count,
    bit_length,
    pack,
    unpack,
)
from ..record import Record, _set
from . import FORMATS, LinkForm, TextPattern, _notes, _variant_code, count_made_of, link_form, made_of
from ._notes import comb, spread, squeeze
from ._numeral import ALPHABET as ALPHABET  # the characters of a compact text
from ._numeral import from_text, to_text
from ._rans import AdaptiveBit, Reader, Writer, regret

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from . import Looks
    from ._rans import Coder

NAME = "compact"
VERSION = 1
VARIANT_VERSION = 2  # the variant form: `LATER`, then version 2 of `VERSIONS_LATER`
VERSIONS_LATER = 4  # room for two more versions after it
MARK = "_"  # leads a text that would otherwise look like another format's string
# Any URL-safe text, tried after every other format's pattern (those declared in the
# registry), so that a text that fits another format's pattern is marked.
LINK = LinkForm(TextPattern(r"[A-Za-z0-9_-]+", lambda text: bool(text) and made_of(text, ALPHABET)),
                tried=9)

# First step, fixed for every version: (classic 9x9 bare puzzle, classic 9x9 with
# player state, any other shape of version 1, a later version).
CLASSIC_BARE, CLASSIC, OTHER, LATER = range(4)
HEAD = (32, 20, 11, 1)
# The same step in a checked text (one that holds a player's progress): a classic 9x9
# with values or marks is the common case there, a bare one (colours or corner marks
# on the givens alone) is not.
CHECKED_HEAD = (4, 48, 11, 1)
# The symmetry whose image gives each cell's kind its context, and its weight.
NONE, HALF_TURN, LEFT_RIGHT, TOP_BOTTOM, DIAGONAL, ANTI_DIAGONAL = range(6)
SYMMETRIES = (16, 4, 1, 1, 1, 1)
PACKING = (3, 1)  # each escape or model of the packing: off / on
ALL_PRESENT = 4  # weight of "every kind occurs" among the sets of kinds

# Cell kinds as coded.
K_EMPTY, K_GIVEN, K_VALUE, K_MARKS, K_BLACK, K_BLACK_GIVEN = range(6)
# Doubled pseudo-counts of the adaptive kind model, and the extra weight for the
# kind of the cell's image (under the chosen symmetry).
KIND_PRIOR = (3, 2, 2, 2, 2, 2)
SAME_AS_IMAGE = 8
# Symmetries whose counted costs (_kinds_bits) are this close are compared by the coder's
# exact sum: far above the rounding of either sum, far below a bit.
NEAR_TIE = 1e-6
NO_CONTEXT = 6

# (MicroPython cannot parse `*` inside a tuple display: tuples are joined with + here.)
BOXES: dict[int, tuple[tuple[int, int], ...]] = {
    n: (DEFAULT_BOX[n],) + tuple(  # noqa: RUF005
        (r, n // r) for r in range(2, n)
        if n % r == 0 and n // r >= 2 and (r, n // r) != DEFAULT_BOX[n])
    for n in SUDOKU_SIZES
}
MAX_LAYOUT = 15


# --- the plan: what the header says ------------------------------------------

class _Plan(Record):
    """What the header and the packing say: the shape, whether the grid is bare (givens
    only), the symmetry of the kinds' context, and each escape or model of the packing."""

    __slots__ = ("bare", "box", "given_escape", "kind", "layout", "mark_escape", "mark_full",
                 "size", "symmetry", "value_escape", "variant")
    FIELDS = ("kind", "size", "box", "layout", "bare", "symmetry", "given_escape",
              "value_escape", "mark_escape", "mark_full", "variant")
    if TYPE_CHECKING:
        kind: str
        size: int
        box: tuple[int, int] | None
        layout: Layout | None
        bare: bool
        symmetry: int
        given_escape: bool
        value_escape: bool
        mark_escape: bool
        mark_full: bool
        variant: Puzzle | None

    def __init__(self, kind: str, size: int, box: tuple[int, int] | None, layout: Layout | None,
                 bare: bool = True, symmetry: int = 0, given_escape: bool = False,
                 value_escape: bool = False, mark_escape: bool = False,
                 mark_full: bool = False, variant: Puzzle | None = None) -> None:
        _set(self, "kind", kind)
        _set(self, "size", size)
        _set(self, "box", box)
        _set(self, "layout", layout)
        _set(self, "bare", bare)
        _set(self, "symmetry", symmetry)
        _set(self, "given_escape", given_escape)
        _set(self, "value_escape", value_escape)
        _set(self, "mark_escape", mark_escape)
        _set(self, "mark_full", mark_full)
        _set(self, "variant", variant)  # a variant's shape: an empty grid with its regions and rules

    def but(self, *, symmetry: int | None = None, given_escape: bool | None = None,
            value_escape: bool | None = None, mark_escape: bool | None = None,
            mark_full: bool | None = None) -> _Plan:
        """A copy with the fields named changed (a plan is a record: never changed in place)."""
        def pick(new: bool | None, old: bool) -> bool:
            return old if new is None else new

        return _Plan(self.kind, self.size, self.box, self.layout, self.bare,
                     self.symmetry if symmetry is None else symmetry,
                     pick(given_escape, self.given_escape), pick(value_escape, self.value_escape),
                     pick(mark_escape, self.mark_escape), pick(mark_full, self.mark_full),
                     self.variant)

    @property
    def classic(self) -> bool:
        return (self.kind == "sudoku" and self.size == 9 and self.layout is None
                and self.box == (3, 3) and self.variant is None)


class _Refused(Exception):
    """What the walk found wrong in the number; `decode` makes it a FormatError placed at
    the numeral (the whole number is the one field, so no smaller place exists)."""

    def __init__(self, expected: str, found: str | None = None) -> None:
        super().__init__(expected)
        self.expected = expected
        self.found = found


def _unwritten(what: str) -> _Refused:
    """A text no encoder writes: refusing it keeps garbage from reading as a puzzle."""
    return _Refused("a text as the encoder writes it", found=what)


def _windows_rank(chosen: Sequence[int]) -> int:
    """Rank of a sorted subset of positions among those of its size (the notes' ranking)."""
    return _notes.subset_rank(sum(1 << s for s in chosen))


def _windows_unrank(rank: int, count: int, positions: int) -> list[int]:
    bits = _notes.subset_unrank(rank, count, positions)
    return [s for s in range(positions) if bits >> s & 1]


def _code_header(io: Coder, plan: _Plan | None, checked: bool = False) -> _Plan:
    truth = plan or _Plan("sudoku", 9, (3, 3), None)
    head = CLASSIC_BARE if truth.classic and truth.bare else CLASSIC if truth.classic else OTHER
    head = io.weighted(CHECKED_HEAD if checked else HEAD, LATER if truth.variant else head)
    if head == LATER:
        if io.uniform(VERSIONS_LATER, 0) != 0:
            raise _Refused(f"a compact text of version {VERSION} or {VARIANT_VERSION}",
                           found="a later version (a newer pycore reads it)")
        try:
            v_size, v_box, v_regions, v_rules = _variant_code.code(io, truth.variant)
            _too_long(io, v_size * v_size, v_size, _AFTER_VARIANT)  # before its geometry
            variant = Puzzle("sudoku", v_size, (EMPTY,) * (v_size * v_size), v_box,
                             regions=v_regions, constraints=v_rules)
        except _variant_code.Refused as err:
            raise _Refused(err.expected, err.found) from None
        except PuzzleError as err:
            raise _Refused(f"a valid puzzle ({err})") from None
        if not variant.is_variant:
            raise _unwritten("a puzzle without regions or rules in the variant form")
        bare = io.uniform(2, not truth.bare) == 0
        out = _Plan("sudoku", v_size, variant.box, None, bare=bare, variant=variant)
    elif head != OTHER:
        out = _Plan("sudoku", 9, (3, 3), None, bare=head == CLASSIC_BARE)
    else:
        kind = ("sudoku", "str8ts")[io.uniform(2, truth.kind == "str8ts")]
        box: tuple[int, int] | None = None
        layout = None
        if kind == "str8ts":
            size = STR8TS_SIZES[io.uniform(len(STR8TS_SIZES),
                                           STR8TS_SIZES.index(truth.size) if plan else 0)]
        else:
            shape = len(SUDOKU_SIZES) if truth.layout else SUDOKU_SIZES.index(truth.size)
            shape = io.uniform(len(SUDOKU_SIZES) + 1, shape)
            if shape < len(SUDOKU_SIZES):
                size = SUDOKU_SIZES[shape]
                boxes = BOXES[size]
                box = boxes[io.uniform(len(boxes), boxes.index(truth.box) if plan else 0)]
            else:
                layout = _code_layout(io, truth.layout)
                size = layout.box ** 2
                box = (layout.box, layout.box)
        bare = io.uniform(2, not truth.bare) == 0
        out = _Plan(kind, size, box, layout, bare=bare)
        if out.classic:
            raise _unwritten("the classic 9x9 written in the long header")
    return out.but(symmetry=io.weighted(SYMMETRIES, truth.symmetry))


def _code_layout(io: Coder, layout: Layout | None) -> Layout:
    truth = layout or Layout(2, 2, 2)
    b = 2 + io.uniform(4, truth.box - 2)
    width = b + io.uniform(MAX_LAYOUT + 1 - b, truth.width - b)
    height = b + io.uniform(MAX_LAYOUT + 1 - b, truth.height - b)
    across, down = width - b + 1, height - b + 1
    positions = across * down
    chosen = [wr * across + wc for wr, wc in truth.windows] if layout else [0]
    count = 1 + io.uniform(positions, len(chosen) - 1)
    rank = io.uniform(comb(positions, count), _windows_rank(chosen) if layout else 0)
    chosen = _windows_unrank(rank, count, positions) if not layout else chosen
    enabled = {
        (p // across + r) * width + p % across + c
        for p in chosen for r in range(b) for c in range(b)
    }
    disabled = frozenset(set(range(width * height)) - enabled)
    try:
        out = Layout(b, width, height, disabled)
    except PuzzleError as err:
        raise _Refused(f"a valid layout ({err})") from None
    if out.is_plain or len(out.windows) != count:
        raise _unwritten("a layout that names only some of its windows")
    return out


# --- the cells ------------------------------------------------------------------

class _WalkTables:
    """What the walk needs of a shape, computed once per shape (one object per shape,
    compared and hashed by identity). `inside`: row-major indices of the cells that are
    not outside; `house_ids`: per cell, the indices of its houses (the model's
    `Geometry.house_ids`); `houses`: how many there are; `partners` and `contexts`:
    `_partners` and `_contexts` per symmetry, as they are asked."""

    __slots__ = ("box_of", "cols", "contexts", "house_ids", "houses", "inside", "outside",
                 "partners", "rows", "size")

    def __init__(self, size: int, rows: int, cols: int, inside: tuple[int, ...],
                 outside: frozenset[int], house_ids: Sequence[Sequence[int]], houses: int,
                 box_of: tuple[int, ...] = ()) -> None:
        self.box_of = box_of  # per cell, the index of its box, or -1 (a str8ts, outside)
        self.size = size
        self.rows = rows
        self.cols = cols
        self.inside = inside
        self.outside = outside
        self.house_ids = house_ids
        self.houses = houses
        self.partners: dict[int, tuple[int, ...]] = {}
        self.contexts: dict[int, tuple[int, ...]] = {}

    @property
    def count(self) -> int:
        return self.rows * self.cols


_WALK_TABLES: dict[tuple[str, int, tuple[int, int] | None, Layout | None], _WalkTables] = {}


def _walk_tables(kind: str, size: int, box: tuple[int, int] | None, layout: Layout | None) -> _WalkTables:
    key = (kind, size, box, layout)
    shape = _WALK_TABLES.get(key)
    if shape is None:
        rows, cols, houses, boxes, outside = _houses(kind, size, box, layout)
        count = rows * cols
        inside = tuple(i for i in range(count) if i not in outside)
        box_of = [-1] * count
        for b, cells in enumerate(boxes):
            for i in cells:
                box_of[i] = b
        ids: list[list[int]] = [[] for _ in range(count)]
        for h, house in enumerate(houses):
            for i in house:
                ids[i].append(h)
        # (lists: a tuple per cell, thousands of them, is a tenth of a second more under
        # MicroPython for the largest layout)
        shape = _WALK_TABLES[key] = _WalkTables(size, rows, cols, inside, outside, ids,
                                                len(houses), tuple(box_of))
    return shape


def _houses(kind: str, size: int, box: tuple[int, int] | None, layout: Layout | None
            ) -> tuple[int, int, list[tuple[int, ...]], list[tuple[int, ...]], frozenset[int]]:
    """(rows, cols, houses, boxes, outside cells) of a shape, as the model's geometry has
    them, without the rest of a geometry (each cell's peers, sorted: most of its making,
    seconds under MicroPython for the largest layouts, of no use to the walk)."""
    if layout is None:
        lines = [tuple(r * size + c for c in range(size)) for r in range(size)]
        lines += [tuple(r * size + c for r in range(size)) for c in range(size)]
        if kind == "str8ts":
            return size, size, lines, [], frozenset()
        br, bc = box or DEFAULT_BOX[size]
        boxes = [tuple((top + r) * size + left + c for r in range(br) for c in range(bc))
                 for top in range(0, size, br) for left in range(0, size, bc)]
        return size, size, lines + boxes, boxes, frozenset()
    b, n = layout.box, layout.box * layout.box
    width = layout.width * b

    def box_cells(at: int) -> tuple[int, ...]:
        top, left = at // layout.width * b, at % layout.width * b
        return tuple((top + r) * width + left + c for r in range(b) for c in range(b))

    spots = range(layout.width * layout.height)
    boxes = [box_cells(at) for at in spots if at not in layout.disabled]
    lines = []  # each row and column of every window, once, in order
    seen = set()  # a line by its first cell, times 2, plus 1 for a column
    for wr, wc in layout.windows:
        top, left = wr * b, wc * b
        for k in range(n):
            row, col = (top + k) * width + left, top * width + left + k
            if 2 * row not in seen:
                seen.add(2 * row)
                lines.append(tuple(range(row, row + n)))
            if 2 * col + 1 not in seen:
                seen.add(2 * col + 1)
                lines.append(tuple(range(col, col + n * width, width)))
    outside = frozenset(i for at in spots if at in layout.disabled for i in box_cells(at))
    return layout.height * b, width, lines + boxes, boxes, outside


_VARIANT_TABLES: list[tuple[object, _WalkTables]] = []


def _tables(plan: _Plan) -> _WalkTables:
    """The walk's tables of the plan's shape: a variant's from its own geometry (its jigsaw
    regions, diagonals and extra regions are houses the digits are coded in), remembered
    for the last few variant shapes."""
    if plan.variant is None:
        return _walk_tables(plan.kind, plan.size, plan.box, plan.layout)
    geo = plan.variant.geometry
    for known, tables in _VARIANT_TABLES:
        if known is geo:
            return tables
    inside = tuple(i for i in range(geo.rows * geo.cols) if i not in geo.outside)
    box_of = [-1] * (geo.rows * geo.cols)
    for b, cells in enumerate(geo.boxes):
        for i in cells:
            box_of[i] = b
    tables = _WalkTables(plan.size, geo.rows, geo.cols, inside, geo.outside, geo.house_ids,
                         len(geo.houses), tuple(box_of))
    _VARIANT_TABLES.insert(0, (geo, tables))
    del _VARIANT_TABLES[4:]
    return tables


def _variant_of(puzzle: Puzzle) -> Puzzle | None:
    """The variant shape a plan carries: the puzzle's empty grid with its regions and rules."""
    if not puzzle.is_variant:
        return None
    return Puzzle("sudoku", puzzle.size, (EMPTY,) * len(puzzle.cells), puzzle.box,
                  regions=puzzle.regions, constraints=puzzle.constraints)


def _partners(shape: _WalkTables, symmetry: int) -> tuple[int, ...]:
    """Per cell, the cell whose kind is its context: its image under the symmetry when
    that image is coded earlier (and is not outside), else -1."""
    found = shape.partners.get(symmetry)
    if found is None:
        found = shape.partners[symmetry] = _find_partners(shape, symmetry)
    return found


def _find_partners(shape: _WalkTables, symmetry: int) -> tuple[int, ...]:
    rows, cols = shape.rows, shape.cols
    out = []
    for i in range(shape.count):
        r, c = divmod(i, cols)
        if symmetry == HALF_TURN:
            r, c = rows - 1 - r, cols - 1 - c
        elif symmetry == LEFT_RIGHT:
            c = cols - 1 - c
        elif symmetry == TOP_BOTTOM:
            r = rows - 1 - r
        elif symmetry == DIAGONAL:
            r, c = c, r
        elif symmetry == ANTI_DIAGONAL:
            r, c = cols - 1 - c, rows - 1 - r
        j = r * cols + c
        ok = symmetry and 0 <= r < rows and 0 <= c < cols and j < i
        out.append(j if ok and j not in shape.outside else -1)
    return tuple(out)


def _kind_id(cell: Cell) -> int:
    kind = cell.kind
    if kind == "given":
        return K_GIVEN
    if kind == "value":
        return K_VALUE
    if kind == "candidates":
        return K_MARKS
    if kind == "black":
        return K_BLACK_GIVEN if cell.digit else K_BLACK
    return K_EMPTY


def _alphabet(plan: _Plan) -> tuple[int, ...]:
    if plan.kind == "sudoku":
        return (K_EMPTY, K_GIVEN) if plan.bare else (K_EMPTY, K_GIVEN, K_VALUE, K_MARKS)
    if plan.bare:
        return (K_EMPTY, K_GIVEN, K_BLACK, K_BLACK_GIVEN)
    return (K_EMPTY, K_GIVEN, K_VALUE, K_MARKS, K_BLACK, K_BLACK_GIVEN)


def _index_in(pool: int, bit: int) -> int:
    return bit_count(pool & (bit - 1))


def _nth_bit(pool: int, n: int) -> int:
    for _ in range(n):
        pool &= pool - 1
    return pool & -pool


def _code_present(io: Coder, alphabet: tuple[int, ...], truth: Sequence[int]) -> tuple[int, ...]:
    """Which of the alphabet's kinds occur at all (empty always may): the kinds the cells
    are then coded among."""
    if len(alphabet) <= 2:
        return alphabet
    others = alphabet[1:]
    seen = set(truth)
    bits = sum(1 << k for k, kind in enumerate(others) if kind in seen)
    every = (1 << len(others)) - 1
    freqs = [ALL_PRESENT if m == every else 1 for m in range(every + 1)]
    bits = io.weighted(freqs, bits)
    return (K_EMPTY,) + tuple(kind for k, kind in enumerate(others) if bits >> k & 1)  # noqa: RUF005


def _prior(kind: int, context: int) -> int:
    """A kind's first (doubled) count in a context: more when it is the context's kind."""
    return KIND_PRIOR[kind] + (SAME_AS_IMAGE if kind == context else 0)


def _code_kinds(io: Coder, plan: _Plan, shape: _WalkTables, truth: Sequence[int],
                present: tuple[int, ...] | None = None) -> list[int]:
    """Which kinds occur at all (or `present`, when the reader has read them already),
    then each cell's kind by an adaptive model whose context is the kind of the cell's
    image under the plan's symmetry."""
    alphabet = _alphabet(plan)
    if present is None:
        present = _code_present(io, alphabet, truth)
    slot = {kind: s for s, kind in enumerate(present)}
    kinds = [K_EMPTY] * shape.count
    partner = _partners(shape, plan.symmetry)
    tables: dict[int, list[int]] = {}
    for i in shape.inside:
        j = partner[i]
        context = kinds[j] if j >= 0 else NO_CONTEXT
        table = tables.get(context)
        if table is None:
            table = [_prior(kind, context) for kind in present]
            tables[context] = table
        s = io.weighted(table, slot.get(truth[i], -1) if truth else 0, 2)
        table[s] += 2
        kinds[i] = present[s]
    said = len(alphabet) > 2  # (else every kind of the alphabet may occur, none is said)
    if not truth and said and not set(present) <= set(kinds) | {K_EMPTY}:
        raise _unwritten("a kind said to occur that no cell has")
    return kinds


def _kinds_bits(plan: _Plan, shape: _WalkTables, truth: Sequence[int]) -> float:
    """What `_code_kinds` costs, from counts alone (the encoder prices every symmetry on
    each change: six walks of the grid per keystroke, in Python, were most of it).

    An adaptive model's cost does not depend on the order its symbols came in: in each
    context, the product of the totals it saw over the product of the frequencies of
    the symbols it was given, and both run up in steps of 2 from the first table. So
    counting (context, kind) pairs is enough. The sum is taken in another order than
    the coder's, so it may differ in the last bits: `_write` breaks near-ties exactly."""
    said = Writer()
    present = _code_present(said, _alphabet(plan), truth)
    bits = said.cost()
    context_of = _contexts(shape, plan.symmetry)
    kinds = list(truth)
    kinds.append(NO_CONTEXT)
    # each (context, kind) pair as one byte, counted; the sums below run in the order
    # the pairs first occur, and the contexts likewise (the float sums must not depend
    # on how a dict orders its keys, which MicroPython's do not keep)
    pairs = bytes([kinds[j] * _PAIR + truth[i]
                   for j, i in zip(context_of, shape.inside)])  # noqa: B905  # the same length
    seen = sorted([bytes((pair,)) for pair in set(pairs)], key=pairs.find)
    per_context: dict[int, int] = {}
    contexts: list[int] = []
    for pair in seen:
        context, kind = divmod(pair[0], _PAIR)
        n = pairs.count(pair)
        bits -= _climb(_prior(kind, context), n)
        if context in per_context:
            per_context[context] += n
        else:
            per_context[context] = n
            contexts.append(context)
    for context in contexts:
        bits += _climb(sum(_prior(k, context) for k in present), per_context[context])
    return bits


_PAIR = 8  # more than any kind's code: (context, kind) is context * _PAIR + kind


def _contexts(shape: _WalkTables, symmetry: int) -> tuple[int, ...]:
    """Per inside cell, in order, the index of the cell whose kind is its context, or
    `shape.count` (the index of NO_CONTEXT in `_kinds_bits`' list) when there is none."""
    found = shape.contexts.get(symmetry)
    if found is None:
        partner = _partners(shape, symmetry)
        found = shape.contexts[symmetry] = tuple(
            partner[i] if partner[i] >= 0 else shape.count for i in shape.inside)
    return found


_CLIMBS: dict[int, list[float]] = {}


def _climb(start: int, n: int) -> float:
    """log2(start) + log2(start + 2) + ... (n terms): what n uses of a count that starts
    at `start` and grows by 2 cost (prefix sums, kept and extended as needed)."""
    sums = _CLIMBS.setdefault(start, [0.0])
    while len(sums) <= n:
        sums.append(sums[-1] + math.log2(start + 2 * (len(sums) - 1)))
    return sums[n]


def _code_packing(io: Coder, plan: _Plan, truth: _Plan, kinds: Sequence[int]) -> _Plan:
    """The escapes and models this grid uses, said only for the kinds it has."""
    if plan.bare:
        return plan
    has = set(kinds)

    def flag(said: bool, on: bool) -> bool:
        return said and io.weighted(PACKING, on) == 1

    return plan.but(  # the flags are coded in this order
        given_escape=flag(K_GIVEN in has or K_BLACK_GIVEN in has, truth.given_escape),
        value_escape=flag(K_VALUE in has, truth.value_escape),
        mark_escape=flag(K_MARKS in has, truth.mark_escape),
        mark_full=flag(K_MARKS in has, truth.mark_full),
    )


def _code_digit(io: Coder, full: int, allowed: int, escape: AdaptiveBit | None, bit: int) -> int:
    """A digit among those its houses still allow; with an escape, any digit.
    Returns the digit's bit, negated when it took the escape."""
    pool = allowed
    if escape is not None:
        others = full & ~allowed
        clash = 1 if allowed == 0 else 0 if others == 0 else escape.code(
            io, 0 if bit & allowed else 1)
        if clash:
            pool = others
    elif allowed == 0:
        raise _Refused("a text whose digits fit their houses",
                          found="a digit with no room left")
    index = io.uniform(bit_count(pool), _index_in(pool, bit) if bit else 0)
    return -_nth_bit(pool, index) if pool != allowed else _nth_bit(pool, index)


def _code_digits(io: Coder, plan: _Plan, shape: _WalkTables, kinds: Sequence[int],
                 truth: Sequence[Cell]) -> tuple[list[int], list[int]]:
    """Givens (and black givens) first, then values, each among the digits its houses
    leave: (digit per cell, digit bits used per house)."""
    full = (1 << shape.size) - 1
    house_ids = shape.house_ids
    used = [0] * shape.houses
    digits = [0] * shape.count
    for phase, escape in (((K_GIVEN, K_BLACK_GIVEN), plan.given_escape),
                          ((K_VALUE,), plan.value_escape)):
        model = AdaptiveBit() if escape else None
        clashes = 0
        for i in shape.inside:
            if kinds[i] not in phase:
                continue
            taken = 0
            for h in house_ids[i]:
                taken |= used[h]
            bit = 1 << (truth[i].digit - 1) if truth else 0
            bit = _code_digit(io, full, full & ~taken, model, bit)
            if bit < 0:
                clashes += 1
                bit = -bit
            for h in house_ids[i]:
                used[h] |= bit
            digits[i] = bit_length(bit)
        if escape and not clashes:
            raise _unwritten("an escape for clashing digits that none takes")
    return digits, used


def _code_marks(io: Coder, full: int, possible: int, plan: _Plan,
                outside_model: AdaptiveBit, full_model: AdaptiveBit, marks: int) -> int:
    """Pencil marks as a subset of the cell's possibles; outside ones after an escape.
    Returns the marks' bits, negated when some lie outside the possibles."""
    beyond = full & ~possible
    p = bit_count(possible)
    stray = 0
    if plan.mark_escape:
        stray = 1 if possible == 0 else 0 if beyond == 0 else outside_model.code(
            io, 1 if marks & beyond else 0)
    elif possible == 0:
        raise _Refused("pencil marks that fit the possibles",
                          found="a cell with no possibles")
    if stray:
        q = bit_count(beyond)
        out = io.uniform((1 << q) - 1, squeeze(marks, beyond) - 1 if marks else 0) + 1
        inner = io.uniform(1 << p, squeeze(marks, possible))
        return -(marks or spread(out, beyond) | spread(inner, possible))
    if plan.mark_full and p > 1:
        if full_model.code(io, 1 if marks == possible else 0):
            return possible
        inner = io.uniform((1 << p) - 2, squeeze(marks, possible) - 1 if marks else 0) + 1
    else:
        inner = io.uniform((1 << p) - 1, squeeze(marks, possible) - 1 if marks else 0) + 1
    return marks or spread(inner, possible)  # the writer knows them already


def _code_all_marks(io: Coder, plan: _Plan, shape: _WalkTables, kinds: Sequence[int],
                    used: Sequence[int], truth: Sequence[Cell], after: int = -1) -> list[int]:
    """Pencil marks, relative to the possibles all digits leave: a bit mask per cell.
    `after`: reading, the most bits the notes can take (`_notes_most`): every few cells
    the number is refused when longer than the marks left and the notes can take."""
    full = (1 << shape.size) - 1
    house_ids = shape.house_ids
    outside_model, full_model = AdaptiveBit(), AdaptiveBit()
    marks = [0] * shape.count
    strays = 0
    left = kinds.count(K_MARKS) if after >= 0 else 0
    for i in shape.inside:
        if kinds[i] != K_MARKS:
            continue
        if left:
            if left & 63 == 0 and isinstance(io, Reader):  # (a cell's marks: `_most_bits`)
                most = after + left * (shape.size + 2) + 2 * _MARKS_REGRET
                if io.size() > most:
                    raise _Refused(f"at most {most} bits for the marks and notes of these cells",
                                   found=f"{io.size()} bits")
            left -= 1
        taken = 0
        for h in house_ids[i]:
            taken |= used[h]
        bits = pack(truth[i].candidates) if truth else 0
        bits = _code_marks(io, full, full & ~taken, plan, outside_model, full_model, bits)
        if bits < 0:
            strays += 1
            bits = -bits
        marks[i] = bits
    if plan.mark_escape and not strays:
        raise _unwritten("an escape for marks outside the possibles that none takes")
    return marks


def _read(reader: Reader, checked: bool = False) -> Puzzle:
    """The whole walk, reading: header, kinds, packing, digits, marks, notes."""
    plan = _code_header(reader, None, checked)
    _too_long(reader, _cells_of(plan), plan.size)  # (linear in the text)
    alphabet = _alphabet(plan)
    _too_long_for(reader, plan, alphabet, checked)  # before the tables, and the walk
    present = _code_present(reader, alphabet, ())
    _too_long_for(reader, plan, present, checked)
    shape = _tables(plan)
    kinds = _code_kinds(reader, plan, shape, (), present)
    long = reader.above(_notes.SHORTER_THAN_ANY_BOUND)  # (else no bound below refuses it)
    if long:
        _too_long_for(reader, plan, present, checked, kinds)  # before the digits, marks, notes
    plan = _code_packing(reader, plan, plan, kinds)
    if not (plan.bare or plan.given_escape or {K_VALUE, K_MARKS} & set(kinds)):
        raise _unwritten("a bare puzzle in the long form")
    digits, used = _code_digits(reader, plan, shape, kinds, ())
    after = _notes_most(plan, kinds, checked) if long else -1
    marks = _code_all_marks(reader, plan, shape, kinds, used, (), after) if K_MARKS in kinds else []
    notes = None
    if reader.nonzero():  # the notes follow, as one more than their number (see `_notes`)
        reader.decrement()
        if long:
            _too_long_for_notes(reader, plan, kinds, checked)
        try:
            notes = _notes.code(reader, _notes_grid(shape, kinds, used), None, checked)
        except _notes.Refused as err:
            raise _Refused(err.expected, err.found) from None
        if not checked and reader.nonzero():
            raise _Refused("a text that ends where its puzzle does", found="more data")
        # a checked text may end in a pad (`encode`), and says no notes only before one
        if checked and not reader.nonzero() and not _has_notes(notes):
            raise _unwritten("a checked text that says no notes and no pad")
    cells: list[Cell] = []
    outside = shape.outside
    words = ("", "", "")
    for i in range(shape.count):
        kind = kinds[i]
        if i in outside:
            cells.append(OUTSIDE)
        elif kind == K_EMPTY:
            cells.append(EMPTY)
        elif kind == K_GIVEN:
            cells.append(Cell("given", digits[i]))
        elif kind == K_VALUE:
            cells.append(Cell("value", digits[i]))
        elif kind == K_MARKS:
            cells.append(Cell("candidates", 0, unpack(marks[i])))
        elif kind == K_BLACK:
            cells.append(BLACK)
        else:
            cells.append(Cell("black", digits[i]))
    try:
        if notes is not None:
            words = notes.words
            for i in shape.inside:
                corner, colours = notes.corner[i], notes.colours[i]
                centre = cells[i].candidates
                if notes.under_centre[i] or notes.under_corner[i]:  # marks under a digit
                    centre, corner = unpack(notes.under_centre[i]), notes.under_corner[i]
                if corner or colours or centre != cells[i].candidates:
                    cells[i] = Cell(cells[i].kind, cells[i].digit, centre,
                                    unpack(corner), unpack(colours))
        variant = plan.variant
        puzzle = Puzzle(plan.kind, plan.size, tuple(cells), plan.box, plan.layout, *words,
                        regions=variant.regions if variant else None,
                        constraints=variant.constraints if variant else ())
    except PuzzleError as err:
        raise _Refused(f"a valid puzzle ({err})") from None
    if checked and not played(puzzle):
        raise _unwritten("a checked text of a grid with no player's progress")
    return puzzle


# --- choosing a packing, and the text --------------------------------------------

def _fits(puzzle: Puzzle, shape: _WalkTables) -> tuple[bool, bool, bool]:
    """Whether givens, values and marks each fit without an escape."""
    cells = puzzle.cells
    house_ids = shape.house_ids
    used = [0] * shape.houses

    def digits_fit(which: tuple[str, ...]) -> bool:
        ok = True
        for i in shape.inside:
            cell = cells[i]
            if cell.kind not in which or not cell.digit:
                continue
            bit = 1 << (cell.digit - 1)
            taken = 0
            for h in house_ids[i]:
                taken |= used[h]
                used[h] |= bit
            ok = ok and not taken & bit
        return ok

    givens = digits_fit(("given", "black"))
    values = digits_fit(("value",))
    open_masks = puzzle.open_masks if not puzzle.is_variant else _house_masks(puzzle, shape)
    marks = all(pack(cell.candidates) & ~open_masks[i] == 0
                for i, cell in enumerate(cells) if cell.kind == "candidates")
    return givens, values, marks


def _house_masks(puzzle: Puzzle, shape: _WalkTables) -> list[int]:
    """Per cell, the digits no digit in its houses rules out: a variant's possibles as the
    walk counts them (its houses only; its cages and knight's moves are not asked)."""
    full = (1 << shape.size) - 1
    placed = [0] * shape.houses
    cells = puzzle.cells
    for i in shape.inside:
        if cells[i].digit:
            for h in shape.house_ids[i]:
                placed[h] |= 1 << (cells[i].digit - 1)
    out = [0] * shape.count
    for i in shape.inside:
        taken = 0
        for h in shape.house_ids[i]:
            taken |= placed[h]
        own = 1 << (cells[i].digit - 1) if cells[i].digit else 0
        out[i] = full & ~taken | own
    return out


def _cost(step: Callable[[Writer], object]) -> float:
    writer = Writer()
    step(writer)
    return writer.cost()


def _notes_grid(shape: _WalkTables, kinds: Sequence[int], used: Sequence[int]) -> _notes.Grid:
    """What the notes' walk needs: which cells are open (empty 1, marked 2), their boxes,
    and the digits their houses' givens and values take."""
    taken = [0] * shape.count
    house_ids = shape.house_ids
    for i in shape.inside:
        bits = 0
        for h in house_ids[i]:
            bits |= used[h]
        taken[i] = bits
    open_kinds = [1 if k == K_EMPTY else 2 if k == K_MARKS else 0 for k in kinds]
    return _notes.Grid(shape.size, shape.inside, open_kinds, shape.box_of, taken,
                       [k == K_VALUE for k in kinds])


def _has_notes(notes: _notes.Notes) -> bool:
    return bool(any(notes.corner) or any(notes.colours) or any(notes.words)
                or any(notes.under_centre) or any(notes.under_corner))


def _number(puzzle: Puzzle, checked: bool = False, rank: int = 0, pad: int = 0) -> int:
    """The text's number: the cells' walk, and after it the notes when there are any (and
    in a checked text a `pad` after them, which the reader passes over)."""
    writer, used = _write(puzzle, checked, rank)
    if not _notes_of(puzzle) and not pad:
        return writer.number()
    shape = _tables(_plan_of(puzzle))
    cells = puzzle.cells
    under = [c.kind == "value" for c in cells]  # marks under a digit go in their own part
    truth = _notes.Notes([0 if u else pack(c.corner) for u, c in zip(under, cells)],  # noqa: B905
                         [pack(c.colours) for c in cells],
                         (puzzle.title, puzzle.author, puzzle.rules),
                         [pack(c.candidates) if u else 0 for u, c in zip(under, cells)],  # noqa: B905
                         [pack(c.corner) if u else 0 for u, c in zip(under, cells)])  # noqa: B905
    notes = Writer()
    _notes.code(notes, _notes_grid(shape, [_kind_id(c) for c in cells], used), truth, checked)
    return writer.number(notes.number(pad) + 1)


def _write(puzzle: Puzzle, checked: bool = False, rank: int = 0) -> tuple[Writer, list[int]]:
    """Choose each packing by the bits its part of the walk takes, then write the walk;
    also the digits the givens and values leave in each house. The parts are
    independent: symmetry changes only the kinds, the marks model only the marks. `rank`
    > 0 takes the rank-th cheapest symmetry instead (a checked text that reads as another:
    `encode`)."""
    shape = _tables(_plan_of(puzzle))
    cells = puzzle.cells
    kinds = [_kind_id(c) for c in cells]
    givens_fit, values_fit, marks_fit = _fits(puzzle, shape)
    has = set(kinds)
    bare = givens_fit and not has & {K_VALUE, K_MARKS}
    plan = _Plan(puzzle.kind, puzzle.size, puzzle.box, puzzle.layout, bare=bare,
                 given_escape=not givens_fit, value_escape=not values_fit,
                 mark_escape=not marks_fit, variant=_variant_of(puzzle))

    def kinds_cost(symmetry: int) -> float:
        trial = plan.but(symmetry=symmetry)
        return _cost(lambda w: _code_kinds(w, trial, shape, kinds))

    options = range(len(SYMMETRIES)) if shape.rows == shape.cols else range(DIAGONAL)
    counted = {s: _kinds_bits(plan.but(symmetry=s), shape, kinds) for s in options}
    least = min(counted.values())
    near = [s for s in options if counted[s] <= least + NEAR_TIE]
    # the coder's own sum settles near-ties, so the choice is the coder's exact minimum
    best = near[0] if len(near) == 1 else min(near, key=kinds_cost)
    if rank:
        # ties by number: MicroPython's sort is not stable
        others = sorted((s for s in options if s != best), key=lambda s: (counted[s], s))
        best = others[(rank - 1) % len(others)]
    plan = plan.but(symmetry=best)
    if K_MARKS in has:
        _, used = _code_digits(Writer(), plan, shape, kinds, cells)
        full = plan.but(mark_full=True)
        if (_cost(lambda w: _code_all_marks(w, full, shape, kinds, used, cells))
                < _cost(lambda w: _code_all_marks(w, plan, shape, kinds, used, cells))):
            plan = full
    writer = Writer()
    _code_header(writer, plan, checked)
    _code_kinds(writer, plan, shape, kinds)
    _code_packing(writer, plan, plan, kinds)
    _, used = _code_digits(writer, plan, shape, kinds, cells)
    if K_MARKS in has:
        _code_all_marks(writer, plan, shape, kinds, used, cells)
    return writer, used


def _plan_of(puzzle: Puzzle) -> _Plan:
    """The shape part of a puzzle's plan (what `_tables` needs)."""
    return _Plan(puzzle.kind, puzzle.size, puzzle.box, puzzle.layout, variant=_variant_of(puzzle))


def _notes_of(puzzle: Puzzle) -> bool:
    """Whether the notes' walk has anything to write: corner marks, colours, marks under a
    digit or words (a variant's regions and rules are in its header, not in the notes)."""
    if not puzzle.is_variant:
        return puzzle.has_notes
    return bool(puzzle.title or puzzle.author or puzzle.rules) or any(
        c.has_notes for c in puzzle.cells)


def _max_bits(cells: int, size: int) -> int:
    """More than any valid text of a shape of `cells` cells (inside) of `size` digits
    needs after its header: bounds the work a hostile text makes."""
    return 4096 + cells * (size + 12) + _notes.most_bits(cells, size)


def _cells_of(plan: _Plan) -> int:
    """How many cells a plan's shape has inside (what `_max_bits` needs, known before its
    tables are made: a hostile text is refused before it makes them)."""
    layout = plan.layout
    if layout is None:
        return plan.size * plan.size
    return (layout.width * layout.height - len(layout.disabled)) * layout.box ** 2


# The header's steps after a variant's part (bare: 2, the symmetry: at most 24): they can
# take at most this many bits from the number.
_AFTER_VARIANT = 6


def _too_long(io: Coder, cells: int, size: int, after: int = 0) -> None:
    """Refuses a number longer than any text of the shape (`after`: bits that steps still
    to come before the walk may take from it: checked early, never more strictly)."""
    if isinstance(io, Reader):
        found = io.size()
        if found > _max_bits(cells, size) + after:
            raise _Refused(f"at most {_max_bits(cells, size)} bits for this shape",
                           found=f"{found} bits")


def _most_bits(plan: _Plan, kinds: Sequence[int], checked: bool,
               walked: Sequence[int] | None = None) -> int:
    """More than any valid text of the plan's shape whose cells are of `kinds` (those its
    header allows, or those its cells' walk says occur) needs after its header, or, given
    the kinds the cells' walk read (`walked`, per cell, outside ones empty), after the
    kinds: far less than `_max_bits` (which any plan of the shape fits), from what each
    step can take.

    Each adaptive table's steps take at most log2 of its size per use and its regret in
    all (`_rans.regret`), each uniform step its radix; a cell is charged the most its kind
    can take (kind, digit or marks, and the notes': `_notes.bounds`). rANS without
    rounding adds to the number at most log2(rest + steps * largest frequency) bits over
    what its steps take (x < (x' / f + 1) t per step), for the cells and for the notes."""
    cells, size = _cells_of(plan), plan.size
    key = (cells, size, tuple(kinds), checked)
    found = _MOST.get(key)
    if found is None:
        found = _MOST[key] = _work_out_most(cells, size, key[2], checked)
    per_kind, fixed = found
    if walked is None:
        return math.ceil(cells * max(per_kind.values()) + fixed)
    counted = {k: walked.count(k) for k in kinds if k != K_EMPTY}
    empty = cells - sum(counted.values())  # (the walk's list counts outside cells empty)
    took = fixed + empty * per_kind[K_EMPTY]
    for k, n in counted.items():
        took += n * per_kind[k]
    return math.ceil(took)


_MOST: dict[tuple[int, int, tuple[int, ...], bool], tuple[dict[int, float], float]] = {}


def _work_out_most(cells: int, size: int, kinds: tuple[int, ...], checked: bool
                   ) -> tuple[dict[int, float], float]:
    """(the most bits a cell of each kind takes, the most bits the rest takes)."""
    log2 = math.log2
    corner, colours, under, notes = _notes.bounds(cells, size, checked)
    digit = 1 + log2(size)  # whether it clashes, which
    took = {K_EMPTY: corner, K_GIVEN: digit, K_BLACK_GIVEN: digit, K_VALUE: digit + under,
            K_MARKS: 2 + size + corner, K_BLACK: 0.0}  # marks: two bits, a subset of size
    m = len(kinds)
    per_kind = {k: (log2(m) if m > 1 else 0.0) + colours + took[k] for k in kinds}
    bit = regret(1, 0, 2, 2, cells)  # an AdaptiveBit's: two for digits, two for marks
    # the kinds' tables: one per context (each kind, or none), first counts 2 or 3 and
    # 8 more for the context's own kind
    tables = (m + 1) * regret(2, 9, 2, m, cells)
    steps, largest = 64 * cells + 4096, 32 * cells + 32768
    rounding = 2 * (log2(steps * largest) + 8)
    said = log2(ALL_PRESENT + 63) + len(PACKING) * 2 * log2(sum(PACKING))  # which kinds, packing
    return per_kind, 4 * bit + tables + notes + rounding + said


def _too_long_for(io: Coder, plan: _Plan, kinds: Sequence[int], checked: bool,
                  walked: Sequence[int] | None = None) -> None:
    """Refuses a number longer than any text of the plan whose cells are of `kinds` (or,
    after the kinds' walk, whose cells are of the kinds it read, `walked`: the bits the
    kinds took are then counted twice, a bound all the same)."""
    if isinstance(io, Reader):
        found = io.size()
        most = _most_bits(plan, kinds, checked, walked)
        if found > most:
            raise _Refused(f"at most {most} bits for this shape and kinds of cells",
                           found=f"{found} bits")


def _notes_most(plan: _Plan, kinds: Sequence[int], checked: bool) -> int:
    """More bits than the notes of the cells the walk read take, with the rounding of
    rANS twice (the cells' steps before, the notes' own: `_most_bits`): corner marks on
    the open cells (empty or marked), colours on every cell, marks under the digits (in a
    checked text) and the words."""
    cells, size = _cells_of(plan), plan.size
    corner, colours, under, fixed = _notes.bounds(cells, size, checked)
    opened = cells - sum(kinds.count(k) for k in (K_GIVEN, K_VALUE, K_BLACK, K_BLACK_GIVEN))
    rounding = 2 * (math.log2((64 * cells + 4096) * (32 * cells + 32768)) + 8)
    return math.ceil(opened * corner + cells * colours + kinds.count(K_VALUE) * under
                     + fixed + rounding)


def _too_long_for_notes(reader: Reader, plan: _Plan, kinds: Sequence[int], checked: bool) -> None:
    """Refuses a number longer than any notes of the cells the walk read."""
    most = _notes_most(plan, kinds, checked)
    found = reader.size()
    if found > most:
        raise _Refused(f"at most {most} bits for the notes of these cells", found=f"{found} bits")


_MOST_CELLS = (MAX_LAYOUT * 5) ** 2
_MARKS_REGRET = regret(1, 0, 2, 2, _MOST_CELLS)  # an AdaptiveBit's over the most cells
LONGEST_TEXT = 2 + _max_bits(_MOST_CELLS, 25) // 6
"""Longer than any compact text of the largest grid it holds can be (`_max_bits` of it, in
base-64 characters, and the tag): compact's own bound, checked before any decoding. Not
`pycore.formats.MAX_TEXT`, the bound of texts pasted from anywhere."""


_OTHERS: list[Looks] = []  # filled on first use: the other formats import this package


def _others() -> list[Looks]:
    """The patterns of the bare strings `links.read` tries before compact's."""
    if not _OTHERS:
        forms = [link_form(name) for name in FORMATS if name != NAME]
        _OTHERS.extend(form.looks for form in forms if form.tried < LINK.tried)
    return _OTHERS


def _lookalike(text: str) -> bool:
    """Whether the text fits the pattern of another format's bare string (in practice the
    base-32 fields of offset and str8ts or jcode's letters: the others need a `{`, a
    comma or a leading `A`)."""
    return any(p.fullmatch(text) for p in _others())


def played(puzzle: Puzzle) -> bool:
    """Whether a grid holds a player's progress (values, centre or corner marks, colours):
    what a checked text holds, and a plain one never (in version 1 a plain text may)."""
    return any(c.kind in ("value", "candidates") or c.corner or c.colours for c in puzzle.cells)


def check_character(body: str) -> str:
    """The character a checked text ends with: the sum of its characters' values, each
    times an odd weight (2k + 1 for the k-th), modulo 64. An odd weight is invertible
    modulo 64, so any one character changed changes the sum: every single typo is caught;
    a cut text keeps a matching last character one time in 64."""
    total = 0
    weight = 1
    for ch in body:
        total += weight * _VALUE[ch]
        weight += 2
    return ALPHABET[total & 63]


_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}


def encode(puzzle: Puzzle, lossy: bool = False) -> str:
    """The shortest text; `lossy` is accepted and ignored (compact never loses).

    A grid with a player's progress is written as a checked text: its own walk (the
    same steps, a header weighted for progress, and the marks under digits) and one
    check character after the numeral (`check_character`). A puzzle as set (givens,
    black cells, the setter's words) keeps version 1's text to the character: its
    check is that it has one solution (`pycore.doubts`)."""
    if not played(puzzle):
        text = to_text(_number(puzzle))
        return MARK + text if _lookalike(text) else text
    # A text that version 1 also reads, as a puzzle as set whose own text it is, would
    # open as that puzzle (`reading`): then the next symmetry, then a pad, changes it.
    tries = [(rank, 0) for rank in range(len(SYMMETRIES))] + [(0, pad) for pad in range(1, 64)]
    for rank, pad in tries:
        body = to_text(_number(puzzle, checked=True, rank=rank, pad=pad))
        text = body + check_character(body)
        if not _shadowed(text):
            return MARK + text if _lookalike(text) else text
    raise FormatError(NAME, None, "a grid whose checked text reads back as itself",
                      found="a version 1 text for every symmetry and pad")


def _shadowed(body: str) -> bool:
    """Whether a text is what version 1 writes for the puzzle as set it reads as: such a
    text opens as that puzzle (`reading`), so a checked text must not be one."""
    try:
        whole = _read(Reader(from_text(body, NAME)))
    except (_Refused, FormatError):
        return False
    return _plain_text_of(whole, body)


def _plain_text_of(whole: Puzzle, body: str) -> bool:
    """Whether `body` is the text version 1 writes for `whole`, a puzzle as set."""
    return not played(whole) and to_text(_number(whole)) == body


_SHORT = 2000  # characters: a text this short has its check character made at once


def _may_be_checked(number: int, length: int) -> bool:
    """Whether a long text of `length` characters whose number without its check
    character is `number` could be a checked text: its header, and its length for the
    shape the header names. `check_character` is a loop in Python over every character
    (about 90 ms for 64 K of them under MicroPython), and most long texts (junk after a
    link) fail this first."""
    if length <= _SHORT:
        return True
    try:
        reader = Reader(number)
        plan = _code_header(reader, None, checked=True)
        _too_long(reader, _cells_of(plan), plan.size)
        _too_long_for(reader, plan, _alphabet(plan), True)
    except _Refused:
        return False
    return True


def decode(text: str) -> Puzzle:
    return reading(text)[0]


_LAST_READING: list[tuple[str, tuple[Puzzle, bool]]] = []  # the last text read, and its reading


def reading(text: str) -> tuple[Puzzle, bool]:
    """The puzzle a text holds, and whether it was a checked text (one whose progress a
    check character vouches for: `decode` of a text with progress but no check is a
    version 1 text, or a checked one that was changed or cut)."""
    found = _reading(text)
    _LAST_READING[:] = [(text, found)]
    return found


def was_checked(text: str) -> bool:
    """Whether a text was a checked text (`reading`): the page asks of the link it has
    just opened, so the last reading's answer when it was of this text, which a second
    reading would cost again (0.27 s for a 75x75 layout in play under MicroPython)."""
    if _LAST_READING and _LAST_READING[0][0] == text:
        return _LAST_READING[0][1][1]
    return reading(text)[1]


def _reading(text: str) -> tuple[Puzzle, bool]:
    if not isinstance(text, str):
        raise FormatError(NAME, 0, "text", found=type(text).__name__)
    if len(text) > LONGEST_TEXT:
        raise FormatError(NAME, LONGEST_TEXT, f"at most {LONGEST_TEXT} characters",
                          found=f"{len(text)} characters")
    end = count_made_of(text, ALPHABET)
    if end < len(text):
        raise FormatError(NAME, end, "a URL-safe character (A-Z a-z 0-9 - _)",
                          found=repr(text[end]))
    start = 1 if text.startswith(MARK) else 0
    if start == len(text):
        raise FormatError(NAME, start, "a compact text", found="nothing")
    if not start and _lookalike(text):
        raise FormatError(NAME, 0, "a leading _ on a text shaped like a base-32 or jcode string",
                          found=repr(text[:20]))
    body = text[start:]
    number = from_text(body, NAME, start)
    try:
        whole: Puzzle | None = _read(Reader(number))
        refused = None
    except _Refused as err:
        whole, refused = None, err
    # the number of the text without its last character: `from_text`'s, one character
    # shorter (the numbers of the shorter texts, 62, and the last digit taken off)
    shorter = (number - 62 - _VALUE[body[-1]]) >> 6
    if len(body) >= 2 and _may_be_checked(shorter, len(body)) \
            and body[-1] == check_character(body[:-1]):
        try:
            checked = _read(Reader(shorter), checked=True)
        except _Refused:
            checked = None  # a version 1 text whose last character happens to fit
        # Both read only when a version 1 text ends in the character its start checks
        # to (one in 64). A puzzle as set whose own text this is opens as that puzzle
        # (the encoder writes no checked text that reads so); else the checked reading.
        if checked is not None and not (whole is not None and _plain_text_of(whole, body)):
            return checked, True
    if whole is not None:
        return whole, False
    assert refused is not None
    raise FormatError(NAME, start, refused.expected, found=refused.found) from None
