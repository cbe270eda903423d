"""Subsets: k cells of a house holding only k digits (naked), k digits confined to k cells (hidden).

Naked subsets work in every group of cells that cannot repeat a digit (a str8ts
line's white cells too); hidden subsets need houses that hold every digit.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .intersections import common_houses, is_locked, subset_eliminations, subset_order
from .state import State, Step, digits_of, popcount

__all__ = ["SIZES", "hidden", "naked"]

SIZES = {2: "pair", 3: "triple", 4: "quadruple"}


def _and(ds: list[int]) -> str:
    return ", ".join(str(d) for d in ds[:-1]) + f" and {ds[-1]}"


def naked(s: State, size: int) -> Iterator[Step]:
    """On a sudoku the subset's digits leave every house holding all its cells (a box and
    a line where they cross, as HoDoKu does), unless that makes it a locked pair or triple,
    found as such before."""
    tables = s.tables
    masks = s.masks
    technique = f"naked-{SIZES[size]}"
    sudoku = tables.kind == "sudoku"
    done: set[tuple[int, ...]] = set()
    for g, group in enumerate(tables.groups):
        small = [c for c in group if masks[c] and popcount(masks[c]) <= size]
        if len(small) < size:
            continue
        for cells in combinations(small, size):
            union = 0
            for c in cells:
                union |= masks[c]
            if popcount(union) != size or cells in done:
                continue
            where = tables.group_names[g]
            if sudoku:
                done.add(cells)
                found = subset_eliminations(s, cells, union)
                if is_locked(s, cells, found):
                    continue
                gone = list(subset_order(s, cells, found))
                houses = sorted(common_houses(s, cells))
                if houses:  # else a group of a variant's (a killer cage) holds them
                    where = " and ".join(tables.names[h] for h in houses)
            else:
                gone = sorted((c, d) for c in group if c not in cells and masks[c] & union
                              for d in digits_of(masks[c] & union))
            if not gone:
                continue
            ds = digits_of(union)
            text = (f"In {where}, {tables.names_of(cells)} hold only {_and(ds)}, "
                    f"so these digits are theirs: remove them from "
                    f"{tables.names_of({c for c, _ in gone})}.")
            yield Step(technique, (), tuple(gone), cells, tuple(ds), text)


def hidden(s: State, size: int) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    technique = f"hidden-{SIZES[size]}"
    for h, house in enumerate(tables.houses):
        needed = tables.board.full & ~s.placed_in(house)
        where: dict[int, int] = {}
        for d in digits_of(needed):
            bit = 1 << (d - 1)
            spots = [k for k, c in enumerate(house) if masks[c] & bit]
            if 2 <= len(spots) <= size:
                where[d] = sum(1 << k for k in spots)
        if len(where) < size:
            continue
        for ds in combinations(sorted(where), size):
            union = 0
            for d in ds:
                union |= where[d]
            if popcount(union) != size:
                continue
            cells = tuple(house[k] for k in range(len(house)) if union >> k & 1)
            keep = sum(1 << (d - 1) for d in ds)
            gone = sorted((c, d) for c in cells for d in digits_of(masks[c] & ~keep))
            if not gone:
                continue
            dl = list(ds)
            text = (f"In {tables.names[h]}, {_and(dl)} can only go in {tables.names_of(cells)}, "
                    f"so these cells hold them and nothing else: remove "
                    f"{_and(sorted({d for _, d in gone}))} from them.")
            yield Step(technique, (), tuple(gone), cells, ds, text)
