"""The player's notes and the setter's words in a compact text: corner marks, colours,
title, author and rules.

They follow the cells' walk of version 1 in the same number. Version 1's reader ends
when its walk leaves nothing over (the number is then 0), so the notes are written as
one number more than their own: a puzzle without notes writes nothing here and keeps
its text to the character, an old text still reads to its old puzzle, and a text with
notes always leaves something over after the cells.

The parts are coded as players make them:

- which parts occur (corner marks, colours, words), one weighted step;
- corner marks: whether a cell has any, by an adaptive bit per kind of cell (an empty
  cell, a centre-marked one); then, where the cell's box holds digits cornered an odd
  number of times so far (Snyder marks come in pairs), whether the cell repeats exactly
  those; else how many marks (adaptive) and which, as a subset of the cell's possibles
  (any digits after an escape, so a mistaken mark survives);
- colours: whether a cell has any, by an adaptive bit per solved or open cell; how many
  (adaptive) and which, in ascending order, by an adaptive table of the palette (a
  player sticks to a few colours);
- words: which of title, author and rules there are, each one's length (bits then
  value), and each character by one adaptive table of printable ASCII with an escape
  to any code point;
- marks under the player's digits (only in a checked text, compact's later form): per
  value, whether it keeps any (leaning to no), then its centre marks and its corner
  marks, each as a count (0 to the size, uniform) and a subset of all digits.

The walk runs with a writer to encode and with a reader to decode, as compact's does.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..model import MAX_AUTHOR, MAX_RULES, MAX_TITLE, PALETTE, bit_count, bit_length
from ._rans import AdaptiveBit, Reader, Writer, regret

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._rans import Coder

CORNER, COLOURS, WORDS, UNDER = 1, 2, 4, 8
# Weights of each set of parts (bit mask of the three above; none never comes here).
PARTS = (0, 3, 6, 8, 2, 1, 1, 1)
# A checked text (compact's `checked` form) may also hold the marks under the player's
# digits (UNDER): the sets without it weigh as above, the rare ones with it little.
# No part at all is said only before a pad (compact's `encode`: a checked text that would
# read as a version 1 one is written again with a pad after its notes).
CHECKED_PARTS = (1,) + tuple([4 * w for w in PARTS[1:]]) + (2, 1, 1, 1, 1, 1, 1, 1)  # noqa: RUF005
# Whether a player's digit keeps marks under it: most do not.
UNDER_HAS = (3, 1)
ESCAPE = (3, 1)  # corner marks outside the possibles: none / some
# First counts of how many corner marks a cell holds (1, 2, 3, ...: two is the Snyder
# pair), how many colours (mostly one), and the counts' steps.
CORNER_COUNTS = (2, 6, 2) + (1,) * 22
COLOUR_COUNTS = (12, 4) + (1,) * (PALETTE - 2)
COUNT_STEP = 8
# Whether a cell is coloured: a few cells of a grid are, so the first counts lean to no.
COLOURED = (3, 1)
COLOUR_STEP = 3
# Which of title (1), author (2) and rules (4) there are, weights by mask.
WORD_SETS = (0, 4, 1, 4, 2, 2, 1, 3)
WORD_BOUNDS = (MAX_TITLE, MAX_AUTHOR, MAX_RULES)
# The characters one table holds: printable ASCII, then a line break; the last slot is
# the escape to any code point.
CHARS = "".join([chr(c) for c in range(32, 127)]) + "\n"
ESCAPE_CHAR = len(CHARS)
CHAR_STEP = 16
UNICODE = 0x110000


def _char_prior(ch: str) -> int:
    """A character's first count: lower-case letters and spaces most, then capitals and
    digits, then the rest."""
    if ch == " " or "a" <= ch <= "z":
        return 8
    if "A" <= ch <= "Z" or "0" <= ch <= "9":
        return 3
    return 1


CHAR_PRIOR = tuple([_char_prior(ch) for ch in CHARS]) + (2,)  # noqa: RUF005  # MicroPython


class Leaning:
    """An adaptive yes/no whose first counts lean one way, each answer counting 1."""

    __slots__ = ("counts",)

    def __init__(self, counts: tuple[int, int]) -> None:
        self.counts = [counts[0], counts[1]]

    def code(self, io: Coder, value: int) -> int:
        s = io.weighted(self.counts, value, 1)
        self.counts[s] += 1
        return s


class Refused(Exception):
    """A text no encoder writes, or one whose notes break their own rules."""

    def __init__(self, expected: str, found: str | None = None) -> None:
        super().__init__(expected)
        self.expected = expected
        self.found = found


def comb(n: int, k: int) -> int:
    """n choose k (`math.comb`, which MicroPython lacks): 0 when k > n."""
    if not 0 <= k <= n:
        return 0
    out = 1
    for i in range(min(k, n - k)):
        out = out * (n - i) // (i + 1)
    return out


def subset_rank(bits: int) -> int:
    """A set of bit positions' rank among the sets of its size (combinatorial numbers)."""
    rank, k, pos = 0, 0, 0
    while bits:
        if bits & 1:
            k += 1
            rank += comb(pos, k)
        bits >>= 1
        pos += 1
    return rank


def subset_unrank(rank: int, k: int, n: int) -> int:
    """The set of k of n bit positions of this rank (the inverse of `subset_rank`)."""
    bits = 0
    top = n
    for j in range(k, 0, -1):
        s = top - 1
        while comb(s, j) > rank:
            s -= 1
        rank -= comb(s, j)
        bits |= 1 << s
        top = s
    return bits


def squeeze(mask: int, pool: int) -> int:
    """The bits of `mask` at the positions of `pool`'s set bits, packed together."""
    out, k = 0, 0
    while pool:
        low = pool & -pool
        if mask & low:
            out |= 1 << k
        k += 1
        pool ^= low
    return out


def spread(packed: int, pool: int) -> int:
    """Inverse of `squeeze`."""
    out = 0
    while packed and pool:
        low = pool & -pool
        if packed & 1:
            out |= low
        packed >>= 1
        pool ^= low
    return out


class Grid:
    """What the notes' walk needs of the cells: per cell, its size, whether it is inside,
    its openness (0 solved or black, 1 empty, 2 centre-marked), its box (-1 when none),
    the digits its houses' givens and values rule out, and whether it holds a player's
    value (`valued`: where marks may lie under a digit)."""

    __slots__ = ("box_of", "inside", "open", "size", "taken", "valued")

    def __init__(self, size: int, inside: Sequence[int], open: Sequence[int],
                 box_of: Sequence[int], taken: Sequence[int],
                 valued: Sequence[bool] = ()) -> None:
        self.size = size
        self.inside = inside
        self.open = open
        self.box_of = box_of
        self.taken = taken
        self.valued = valued


class Notes:
    """Per cell, its corner marks and colours as bit masks (digit d, colour c: bit d-1,
    c-1), the three words, and the centre and corner marks under a player's digit."""

    __slots__ = ("colours", "corner", "under_centre", "under_corner", "words")

    def __init__(self, corner: list[int], colours: list[int], words: tuple[str, str, str],
                 under_centre: list[int] | None = None,
                 under_corner: list[int] | None = None) -> None:
        self.corner = corner
        self.colours = colours
        self.words = words
        self.under_centre = under_centre or [0] * len(corner)
        self.under_corner = under_corner or [0] * len(corner)


def code(io: Coder, grid: Grid, truth: Notes | None, checked: bool = False) -> Notes:
    """The whole notes walk: parts, corner marks, colours, words, and in a checked text the
    marks under the player's digits."""
    count = len(grid.open)
    parts = 0
    if truth is not None:
        parts = ((CORNER if any(truth.corner) else 0) | (COLOURS if any(truth.colours) else 0)
                 | (WORDS if any(truth.words) else 0)
                 | (UNDER if any(truth.under_centre) or any(truth.under_corner) else 0))
        if parts & UNDER and not checked:
            raise ValueError("marks under a digit need a checked text")
    parts = io.weighted(CHECKED_PARTS if checked else PARTS, parts)
    # (a number shorter than every bound of the notes is never refused by one: not asked)
    reading = isinstance(io, Reader) and io.above(SHORTER_THAN_ANY_BOUND)
    rest = _rest_most(grid, parts, checked) if reading else -1
    corner = _code_corner(io, grid, truth.corner if truth else None, rest) if parts & CORNER \
        else [0] * count
    if parts & COLOURS and reading and isinstance(io, Reader):  # before a walk over every cell
        _fits(io, rest, "the colours and words of these cells")
    colours = _code_colours(io, grid, truth.colours if truth else None) if parts & COLOURS \
        else [0] * count
    words = _code_words(io, truth.words if truth else None) if parts & WORDS else ("", "", "")
    if not parts & UNDER:
        return Notes(corner, colours, words)
    centre, cornered = _code_under(io, grid, truth)
    return Notes(corner, colours, words, centre, cornered)


def _code_under(io: Coder, grid: Grid, truth: Notes | None) -> tuple[list[int], list[int]]:
    """Per player's digit, whether it keeps marks under it; then its centre marks and its
    corner marks, each a count and a subset of all the digits."""
    n = grid.size
    has = Leaning(UNDER_HAS)
    centre = [0] * len(grid.open)
    corner = [0] * len(grid.open)
    any_kept = False
    for i in grid.inside:
        if not grid.valued[i]:
            continue
        marks = (truth.under_centre[i], truth.under_corner[i]) if truth is not None else (0, 0)
        if not has.code(io, 1 if marks[0] or marks[1] else 0):
            continue
        got = [_code_subset(io, n, mark) for mark in marks]
        if not (got[0] or got[1]):
            raise Refused("a text as the encoder writes it",
                          found="a digit said to keep marks under it that keeps none")
        centre[i], corner[i] = got
        any_kept = True
    if not any_kept:
        raise Refused("a text as the encoder writes it",
                      found="marks under digits said to occur that no digit keeps")
    return centre, corner


def _code_subset(io: Coder, n: int, marks: int) -> int:
    """Any set of the digits 1..n: its size (uniform), then which (uniform among those)."""
    k = io.uniform(n + 1, bit_count(marks))
    rank = io.uniform(comb(n, k), subset_rank(marks) if marks else 0)
    return marks if marks or not k else subset_unrank(rank, k, n)


def _code_corner(io: Coder, grid: Grid, truth: Sequence[int] | None, rest: int = -1) -> list[int]:
    """The escape (whether any cell's marks spelled out lie outside its possibles), then
    each open cell's corner marks (`rest`: reading, the most bits what follows can take)."""
    escape = 0
    if truth is not None:  # a trial walk says whether a cell that is spelled out needs it
        escape = 1 if _corner_walk(Writer(), grid, truth, 1) else 0
    escape = io.weighted(ESCAPE, escape)
    return _corner_walk(io, grid, truth, escape, rest)


def _corner_walk(io: Coder, grid: Grid, truth: Sequence[int] | None, escape: int,
                 rest: int = -1) -> list[int]:
    full = (1 << grid.size) - 1
    # whether a cell has corner marks: per kind of open cell, and whether its box waits
    # for the other half of a Snyder pair
    has = (AdaptiveBit(), AdaptiveBit(), AdaptiveBit(), AdaptiveBit())
    repeat, stray_model = AdaptiveBit(), AdaptiveBit()
    counts = list(CORNER_COUNTS[:grid.size])
    pending: dict[int, int] = {}  # box -> digits cornered an odd number of times so far
    out = [0] * len(grid.open)
    took = 0
    # reading: every few open cells, the number is refused when longer than the corner
    # marks of the open cells left and what follows can take
    left = sum(1 for i in grid.inside if grid.open[i]) if rest >= 0 else 0
    each = bounds(len(grid.inside), grid.size, False)[0] if left else 0.0
    for i in grid.inside:
        kind = grid.open[i]
        if not kind:
            continue
        if left:
            if left & 63 == 0 and isinstance(io, Reader):
                _fits(io, math.ceil(rest + left * each), "the corner marks and the rest of these notes")
            left -= 1
        marks = truth[i] if truth is not None else 0
        box = grid.box_of[i]
        waiting = pending.get(box, 0) if box >= 0 else 0
        if not has[2 * kind - (2 if waiting else 1)].code(io, 1 if marks else 0):
            continue
        if waiting and repeat.code(io, 1 if marks == waiting else 0):
            marks = waiting
        else:
            marks, stray = _code_marks(io, full, full & ~grid.taken[i], escape, stray_model,
                                       counts, marks)
            took += stray
            if marks == waiting:
                raise Refused("a text as the encoder writes it",
                              found="corner marks spelled out that repeat their box's")
        out[i] = marks
        if box >= 0:
            pending[box] = waiting ^ marks
    if escape and not took:
        if truth is not None:
            return []  # the trial walk's answer: no escape needed
        raise Refused("a text as the encoder writes it",
                      found="an escape for corner marks outside the possibles that none takes")
    return out


def _code_marks(io: Coder, full: int, possible: int, escape: int, stray_model: AdaptiveBit,
                counts: list[int], marks: int) -> tuple[int, int]:
    """How many marks, then which: among the possibles, or (after the escape) among all
    digits. Returns the marks and 1 when they took the escape."""
    k = io.weighted(counts, bit_count(marks) - 1 if marks else 0, COUNT_STEP) + 1
    counts[k - 1] += COUNT_STEP
    p = bit_count(possible)
    beyond = full & ~possible
    stray = 0
    if escape:
        stray = 1 if p < k else 0 if not beyond else stray_model.code(
            io, 1 if marks & beyond else 0)
    elif p < k:
        raise Refused("corner marks that fit the possibles", found=f"{k} marks in {p} possibles")
    if stray:
        n = bit_length(full)
        rank = io.uniform(comb(n, k), subset_rank(marks) if marks else 0)
        marks = marks or subset_unrank(rank, k, n)
        if not marks & beyond:
            raise Refused("a text as the encoder writes it",
                          found="corner marks after an escape that fit the possibles")
        return marks, 1
    rank = io.uniform(comb(p, k), subset_rank(squeeze(marks, possible)) if marks else 0)
    return marks or spread(subset_unrank(rank, k, p), possible), 0


def _code_colours(io: Coder, grid: Grid, truth: Sequence[int] | None) -> list[int]:
    has = (Leaning(COLOURED), Leaning(COLOURED))  # on a solved (or black) cell, an open one
    counts = list(COLOUR_COUNTS)
    table = [1] * PALETTE
    out = [0] * len(grid.open)
    for i in grid.inside:
        colours = truth[i] if truth is not None else 0
        if not has[1 if grid.open[i] else 0].code(io, 1 if colours else 0):
            continue
        k = io.weighted(counts, bit_count(colours) - 1 if colours else 0, COUNT_STEP) + 1
        counts[k - 1] += COUNT_STEP
        lowest = 0
        chosen = 0
        for j in range(k):
            top = PALETTE - (k - 1 - j)  # room for the colours still to come above
            rest = colours >> lowest
            here = bit_length(rest & -rest) - 1 if colours else 0
            c = lowest + io.weighted(table[lowest:top], here, COLOUR_STEP)
            table[c] += COLOUR_STEP
            chosen |= 1 << c
            lowest = c + 1
        out[i] = chosen
    return out


def _code_words(io: Coder, truth: tuple[str, str, str] | None) -> tuple[str, str, str]:
    which = 0
    if truth is not None:
        which = sum(1 << k for k in range(3) if truth[k])
    which = io.weighted(WORD_SETS, which)
    table = list(CHAR_PRIOR)
    out = []
    for k in range(3):
        if not which >> k & 1:
            out.append("")
            continue
        text = truth[k] if truth is not None else ""
        length = _code_length(io, WORD_BOUNDS[k], len(text))
        chars = []
        for n in range(length):
            chars.append(_code_char(io, table, text[n] if truth is not None else ""))
        out.append("".join(chars))
    return out[0], out[1], out[2]


def _code_length(io: Coder, bound: int, length: int) -> int:
    """1..bound: how many bits it has (uniform), then the bits below the top one."""
    top = bit_length(length) if length else 1
    top = 1 + io.uniform(bit_length(bound), top - 1)
    low = 1 << (top - 1)
    length = low + io.uniform(low, length - low if length else 0)
    if length > bound:
        raise Refused(f"a text of at most {bound} characters", found=f"{length}")
    return length


def _code_char(io: Coder, table: list[int], ch: str) -> str:
    index = CHARS.find(ch) if ch else 0
    s = io.weighted(table, index if index >= 0 else ESCAPE_CHAR, CHAR_STEP)
    table[s] += CHAR_STEP
    if s < ESCAPE_CHAR:
        return CHARS[s]
    code = io.uniform(UNICODE, ord(ch) if ch else 0)
    if 0xD800 <= code < 0xE000 or chr(code) in CHARS:
        raise Refused("a text as the encoder writes it", found=f"the escaped character {code}")
    return chr(code)


def most_bits(cells: int, size: int) -> int:
    """More bits than the notes of `cells` cells of `size` digits ever take: bounds the
    work a hostile text makes."""
    # a cell: four yes/no steps (at most about a bit each over a grid), a count of marks
    # and of colours (log2 25, log2 9), the marks (log2 C(25, 12) < 23) and the colours
    # (9 picks of at most log2 9): 2n + 24 is above it for every size n; a player's digit
    # is no open cell, and the marks under it (a leaning bit, two counts and two subsets,
    # at most 2 + 2 (log2 26 + log2 C(25, 12)) < 56 for 25) fit the same bound
    per_cell = 2 * size + 24
    # a character: the table's escape (at most about 14 bits) and a code point (21 bits)
    words = sum(WORD_BOUNDS) * 36 + 3 * 16
    return 64 + cells * per_cell + words


def _picks_most(palette: int) -> float:
    """More bits than a cell's colours take when picked (`_code_colours`), over a grid: k
    picks, the j-th from the slice above the last pick of the table, up to `palette` - k + j
    + 1. A colour lies in at most palette + 1 - k of a cell's slices, so their totals sum to
    at most that many times the table's (at the cell's end), and k slices' logarithms to at
    most k log2((palette + 1 - k) T / k); the counts read take the rest away as for the
    whole table: k log2(palette (palette + 1 - k) / k) per cell, and the table's regret
    (`bounds`)."""
    return max(k * math.log2(palette * (palette + 1 - k) / k) for k in range(1, palette + 1))


PICKS_MOST = _picks_most(PALETTE)


_BOUNDS: dict[tuple[int, int, bool], tuple[float, float, float, float]] = {}
SHORTER_THAN_ANY_BOUND = 16384  # bits: the words' part of `bounds` alone is twice that


def bounds(cells: int, size: int, checked: bool) -> tuple[float, float, float, float]:
    """More bits than the notes of a grid of `cells` cells of `size` digits take: (per open
    cell, for its corner marks; per cell, for its colours; per player's digit in a checked
    text, for the marks under it; and once, for the words and every adaptive table's
    regret (`_rans.regret`)). Each adaptive table's steps count log2 of its size per use,
    each uniform step its radix. What `compact._most_bits` adds to the cells' own (worked
    out once per shape: a reader asks on every text)."""
    key = (cells, size, checked)
    found = _BOUNDS.get(key)
    if found is None:
        found = _BOUNDS[key] = _work_out_bounds(cells, size, checked)
    return found


def _work_out_bounds(cells: int, size: int, checked: bool) -> tuple[float, float, float, float]:
    log2 = math.log2
    subset = log2(comb(size, size // 2))  # the most subsets of any count
    counts = CORNER_COUNTS[:size]
    # whether marked (one of four bits), whether the box's pending marks (a bit), how many
    # (a table of `size`), whether outside the possibles (a bit), and which
    corner = 4 + log2(len(counts)) + subset
    colours = 1 + log2(PALETTE) + PICKS_MOST  # whether coloured, how many, which
    under = 1 + 2 * (log2(size + 1) + subset) if checked else 0.0  # whether, then two subsets
    bit = regret(1, 0, 2, 2, cells)  # an AdaptiveBit's
    leaning = regret(1, 2, 1, 2, cells)  # a Leaning((3, 1))'s
    picks = PALETTE * cells
    fixed = (6 * bit + regret(1, sum(counts) - len(counts), COUNT_STEP, len(counts), cells)
             + 3 * leaning
             + regret(1, sum(COLOUR_COUNTS) - PALETTE, COUNT_STEP, PALETTE, cells)
             + regret(1, 0, COLOUR_STEP, PALETTE, picks)
             # within a cell the table's total grows by at most PALETTE * COLOUR_STEP:
             # log2 of its total at the cell's end over the one the t-th pick saw, P + S t,
             # is at most P S / ((P + S t) ln 2), summed over the picks
             + PALETTE / math.log(2)
             * (COLOUR_STEP / PALETTE + math.log(1 + picks * COLOUR_STEP / PALETTE)))
    chars = sum(WORD_BOUNDS)
    words = (log2(sum(WORD_SETS)) + chars * (log2(len(CHAR_PRIOR)) + log2(UNICODE))
             + regret(1, sum(CHAR_PRIOR) - len(CHAR_PRIOR), CHAR_STEP, len(CHAR_PRIOR), chars)
             + sum(log2(bit_length(b)) + bit_length(b) for b in WORD_BOUNDS))
    parts = log2(sum(CHECKED_PARTS)) + log2(sum(ESCAPE))
    return corner, colours, under, fixed + words + parts


def _rest_most(grid: Grid, parts: int, checked: bool) -> int:
    """More bits than the colours, words and marks under digits can take (`bounds`, and
    the rounding of rANS as `compact._most_bits` counts it)."""
    cells = len(grid.inside)
    _, colours, under, fixed = bounds(cells, grid.size, checked)
    valued = sum(1 for v in grid.valued if v) if parts & UNDER else 0
    rounding = math.log2((64 * cells + 4096) * (32 * cells + 32768)) + 8
    return math.ceil(cells * colours + valued * under + fixed + rounding)


def _fits(reader: Reader, most: int, what: str) -> None:
    """Refuses a number of more than `most` bits (what is left to read can take no more)."""
    found = reader.size()
    if found > most:
        raise Refused(f"at most {most} bits for {what}", found=f"{found} bits")
