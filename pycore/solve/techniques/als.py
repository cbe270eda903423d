"""Almost locked sets: N cells of one house holding N+1 digits between them.

Take one digit away and an almost locked set (ALS) is locked: its cells hold exactly
the remaining digits. ALS-XZ: two ALSs share a digit x whose cells in one all see its
cells in the other (a restricted common: x is in at most one of them), so one of the
two is locked without x; a second shared digit z then sits in one of them, and a cell
seeing every z of both cannot be z.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from .state import State, Step, bits, digits_of, popcount

__all__ = ["MAX_ALS_CELLS", "almost_locked_sets", "als_xz"]

MAX_ALS_CELLS = 4
"""Larger sets are rare in practice and multiply the pairs to look at."""


@dataclass(frozen=True)
class Als:
    cells: frozenset[int]
    digits: int
    house: int
    holders: dict[int, tuple[int, ...]]
    """For each digit bit, the set's cells holding it."""


def almost_locked_sets(s: State, largest: int = MAX_ALS_CELLS) -> list[Als]:
    masks = s.masks
    found: dict[frozenset[int], Als] = {}
    for h, house in enumerate(s.shape.houses):
        open_cells = [c for c in house if masks[c]]
        small = [c for c in open_cells if popcount(masks[c]) <= largest + 1]
        for size in range(1, min(largest, len(open_cells) - 1, len(small)) + 1):
            for cells in combinations(small, size):
                union = 0
                for c in cells:
                    union |= masks[c]
                if popcount(union) != size + 1:
                    continue
                key = frozenset(cells)
                if key not in found:
                    holders = {b: tuple(c for c in cells if masks[c] & b) for b in bits(union)}
                    found[key] = Als(key, union, h, holders)
    return list(found.values())


def als_xz(s: State) -> Iterator[Step]:
    shape = s.shape
    seen = shape.seen
    sets = almost_locked_sets(s)
    for a, b in combinations(sets, 2):
        common = a.digits & b.digits
        if popcount(common) < 2 or a.cells & b.cells:
            continue
        for x in bits(common):
            if not all(q in seen[p] for p in a.holders[x] for q in b.holders[x]):
                continue
            gone: set[tuple[int, int]] = set()
            for z in bits(common & ~x):
                d = z.bit_length()
                holders = a.holders[z] + b.holders[z]
                gone.update(s.eliminations(s.common_seen(holders), z, d, a.cells | b.cells))
            if not gone:
                continue
            xd = x.bit_length()
            text = (f"{shape.names_of(a.cells)} ({shape.names[a.house]}) and "
                    f"{shape.names_of(b.cells)} ({shape.names[b.house]}) each hold one digit "
                    f"more than cells, and {xd} can be in only one of them: the other is "
                    f"locked, so each other shared digit is in one of them. Remove "
                    f"{', '.join(f'{d} from {shape.name(c)}' for c, d in sorted(gone))}.")
            yield Step("als-xz", (), tuple(sorted(gone)), tuple(sorted(a.cells | b.cells)),
                       tuple(digits_of(common)), text)
