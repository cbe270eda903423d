"""Fish: a digit's places in k parallel lines (the base) lie in k crossing lines (the cover).

Each base line takes the digit once, in a cover line, and each cover line holds it
at most once: so the cover lines' digit sits in the base lines, and leaves the cover
lines' other cells. Basic fish work on any sudoku geometry (the lines are the
geometry's houses: a Samurai has several rows 1). Finned and sashimi fish
(extra base places, the fins, all in one box) work on one-grid sudokus of any size
with regular boxes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations

from .state import HouseTables, State, Step, popcount

__all__ = ["FISH_NAMES", "basic", "finned"]

FISH_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
ORIENTATIONS = (("row", "column"), ("column", "row"))


def basic(s: State, size: int) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    technique = FISH_NAMES[size]
    for base_kind, cover_kind in ORIENTATIONS:
        covers = _covers(tables, cover_kind)
        bases = tables.lines(base_kind)
        for d in range(1, tables.n + 1):
            bit = 1 << (d - 1)
            rows: list[Row] = []
            for h in bases:
                house = tables.houses[h]
                if s.placed_in(house) & bit:
                    continue
                places = [c for c in house if masks[c] & bit]
                if 2 <= len(places) <= size:
                    hit = 0
                    for c in places:
                        hit |= covers[c]
                    rows.append((h, places, hit, frozenset(house)))
            if len(rows) < size:
                continue
            for combo, hit in _within(rows, size):
                base_cells: frozenset[int] = frozenset().union(*(row[3] for row in combo))
                if sum(len(row[3]) for row in combo) != len(base_cells):
                    continue  # overlapping base lines (a Samurai corner): not a fish
                cover_ids = [k for k in range(len(tables.houses)) if hit >> k & 1]
                gone = sorted({(c, d) for k in cover_ids for c in tables.houses[k]
                               if masks[c] & bit and c not in base_cells})
                if not gone:
                    continue
                pattern = tuple(sorted(c for row in combo for c in row[1]))
                base_names = ", ".join(tables.names[row[0]] for row in combo)
                cover_names = ", ".join(tables.names[k] for k in cover_ids)
                text = (f"In {base_names}, {d} can only go in {cover_names}: each of these "
                        f"{cover_kind}s gets its {d} from those {base_kind}s, so remove {d} "
                        f"from {tables.names_of(c for c, _ in gone)}.")
                yield Step(technique, (), tuple(gone), pattern, (d,), text)


Row = tuple[int, list[int], int, frozenset[int]]
"""A base line's house, its places for the digit, their cover lines (a bit set of house
indexes) and its cells."""


def _within(rows: list[Row], size: int) -> Iterator[tuple[tuple[Row, ...], int]]:
    """The combinations of `size` rows, in `itertools.combinations`' order, whose places
    lie in exactly `size` cover lines, with those lines: a partial combination whose
    lines pass `size` is not extended (a Samurai's jellyfish search would otherwise try
    every four of its base lines)."""
    count = len(rows)
    chosen: list[Row] = []

    def extend(start: int, hit: int) -> Iterator[tuple[tuple[Row, ...], int]]:
        if len(chosen) == size:
            if popcount(hit) == size:
                yield tuple(chosen), hit
            return
        for i in range(start, count - (size - len(chosen)) + 1):
            row = rows[i]
            more = hit | row[2]
            if popcount(more) > size:
                continue
            chosen.append(row)
            yield from extend(i + 1, more)
            chosen.pop()

    return extend(0, 0)


@lru_cache(maxsize=32)
def _covers(tables: HouseTables, kind: str) -> tuple[int, ...]:
    """For each cell, the houses of this kind holding it, as a bit set of house indexes."""
    return tuple(sum(1 << h for h in ids if tables.house_kind[h] == kind) for ids in tables.house_ids)


def finned(s: State, size: int, sashimi: bool) -> Iterator[Step]:
    """Fish whose base has extra places (fins) in one box: the eliminations a plain fish
    would make, kept only in cells that also see every fin (so in the fins' box). Needs
    the regular boxes of a one-grid sudoku (`HouseTables.box`): a classic one, or a variant
    whose extra houses and peers change nothing of the argument (not a jigsaw)."""
    tables = s.tables
    if not tables.box:
        return
    masks = s.masks
    n = tables.n
    kind = "sashimi" if sashimi else "finned"
    technique = f"{kind}-{FISH_NAMES[size]}"
    box_of = tables.box
    box_rows = len({c // n for c in tables.houses[box_of[0]]})
    for base_kind, cover_kind in ORIENTATIONS:
        at = _cell_at(n, base_kind == "row")
        span = n // box_rows if base_kind == "row" else box_rows  # a box's width across
        crossing = _crossing(tables, base_kind == "row")
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            lines: list[tuple[int, int]] = []  # (line index, positions across as a bit set)
            touched: dict[int, set[int]] = {}
            for line in range(n):
                pos = 0
                for a in range(n):
                    if masks[at(line, a)] & bit:
                        pos |= 1 << a
                if pos and popcount(pos) <= size + span:
                    lines.append((line, pos))
                    touched[line] = {b for b, (through, across) in crossing.items()
                                     if line in through and pos & across}
            if len(lines) < size:
                continue
            for combo in combinations(lines, size):
                union = 0
                for _, pos in combo:
                    union |= pos
                if not size < popcount(union) <= size + span:
                    continue  # no fins, or fins too spread out for one box
                seen_boxes: set[int] = set()
                for line, _ in combo:
                    seen_boxes |= touched[line]
                for fin_box in sorted(seen_boxes):
                    yield from _with_fins(s, tables, combo, fin_box, size, sashimi, d, at,
                                          technique, base_kind, cover_kind, crossing)


@lru_cache(maxsize=32)
def _crossing(tables: HouseTables, by_rows: bool) -> dict[int, tuple[frozenset[int], int]]:
    """For each box: the base lines through it, and its positions across them as a bit set."""
    n = tables.n
    at = _cell_at(n, by_rows)
    out = {}
    for h, house in enumerate(tables.houses):
        if tables.house_kind[h] != "box":
            continue
        cells = set(house)
        lines = frozenset(line for line in range(n) if any(at(line, a) in cells for a in range(n)))
        first = min(lines)
        out[h] = (lines, sum(1 << a for a in range(n) if at(first, a) in cells))
    return out


def _cell_at(n: int, by_rows: bool) -> Callable[[int, int], int]:
    """The cell at (base line, position across it)."""
    if by_rows:
        return lambda line, across: line * n + across
    return lambda line, across: across * n + line


def _with_fins(s: State, tables: HouseTables, combo: tuple[tuple[int, int], ...], fin_box: int,
               size: int, sashimi: bool, d: int, at: Callable[[int, int], int], technique: str,
               base_kind: str, cover_kind: str,
               crossing: dict[int, tuple[frozenset[int], int]]) -> Iterator[Step]:
    n = tables.n
    masks = s.masks
    bit = 1 << (d - 1)
    box_cells = frozenset(tables.houses[fin_box])
    lines_in_box, across = crossing[fin_box]
    outside = 0
    inside = 0
    for line, pos in combo:
        if line in lines_in_box:
            inside |= pos & across
            outside |= pos & ~across
        else:
            outside |= pos
    if popcount(outside) > size:
        return
    need = size - popcount(outside)
    if need < 0:
        return
    spare = [a for a in range(n) if inside >> a & 1 and not outside >> a & 1]
    for extra in combinations(spare, need):
        cover = outside | sum(1 << a for a in extra)
        fins = [at(line, a) for line, pos in combo for a in range(n)
                if pos >> a & 1 and not cover >> a & 1]
        if not fins:
            continue
        counts = [popcount(pos & cover) for _, pos in combo]
        if min(counts) < 1 or (min(counts) == 1) != sashimi:
            continue
        base_lines = {line for line, _ in combo}
        gone = []
        for a in range(n):
            if not cover >> a & 1:
                continue
            for line in range(n):
                c = at(line, a)
                if line not in base_lines and c in box_cells and masks[c] & bit:
                    gone.append((c, d))
        if not gone:
            continue
        gone.sort()
        pattern = tuple(sorted(at(line, a) for line, pos in combo for a in range(n)
                               if pos >> a & 1))
        bases = ", ".join(f"{base_kind} {line + 1}" for line, _ in sorted(combo))
        covers = ", ".join(f"{cover_kind} {a + 1}" for a in range(n) if cover >> a & 1)
        text = (f"In {bases}, {d} goes in {covers} unless it goes in the fin "
                f"{tables.names_of(fins)}; either way {d} cannot be in "
                f"{tables.names_of(c for c, _ in gone)}, which "
                f"{'sees the fin and lies' if len(gone) == 1 else 'see the fin and lie'} in the cover.")
        yield Step(technique, (), tuple(gone), pattern, (d,), text)
