"""Sums derived once per board from several elements and houses together (innies and outies).

Every house holds each digit once, so its cells sum to n(n+1)/2; a killer cage or a little
killer states the sum of its cells. Adding the houses of a region (a few rows, columns,
boxes or other houses that do not overlap) and taking away the sums that lie mostly inside
it leaves a short equation: the region's cells no sum covers (innies) less the cells those
sums hold outside the region (outies) make a known total. A setter's intended solve reads
such equations off the grid ("the three boxes on the diagonal less the two little killers
through them"); the solver gets them as extra sum propagators, which prune what no single
element sees on its own. Each is a consequence of the elements and houses, so adding it
keeps every solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..model import Geometry
from ..variants import Cage, Clue, Constraint
from .propagators import Prop, exclusion_groups, signed_sum

__all__ = ["Derived", "derived_sums", "sum_bounds", "with_derived"]

Derived = tuple[tuple[int, ...], tuple[int, ...], int]
"""(plus, minus, total): the digits of `plus` less those of `minus` make `total`."""

_MOST_CELLS = 12
"""Longer derived sums prune too little to pay for their time."""
_MOST_HOUSES = 3
_SLACK = 0
"""Regions join at most this many houses of one family."""


def sum_bounds(cells: Sequence[int], peers: Sequence[Sequence[int]], n: int) -> tuple[int, int]:
    """The least and greatest sums of digits 1..n in `cells`, counting cells that see each
    other as different digits (per group of `exclusion_groups`: k cells make at least
    1+2+..+k)."""
    low = high = 0
    for g in exclusion_groups(cells, peers):
        k = len(g)
        low += k * (k + 1) // 2
        high += k * (2 * n - k + 1) // 2
    return low, high


def _families(geo: Geometry, n: int) -> list[list[tuple[int, ...]]]:
    """The full houses cut into families of houses that do not overlap: rows, columns,
    boxes (or jigsaw regions), then the others (disjoint groups, each diagonal, extra
    regions) put greedily into the first family they do not overlap."""
    full = [h for h in geo.houses if len(h) == n]
    rows = [h for h in full if len({i // geo.cols for i in h}) == 1]
    columns = [h for h in full if len({i % geo.cols for i in h}) == 1]
    boxes = [h for h in full if h in geo.boxes]
    families = [rows, columns, boxes]
    others: list[list[tuple[int, ...]]] = []
    for h in full:
        if h in rows or h in columns or h in boxes:
            continue
        for fam in others:
            if all(set(h).isdisjoint(o) for o in fam):
                fam.append(h)
                break
        else:
            others.append([h])
    return [f for f in families + others if f]


def _regions(family: list[tuple[int, ...]], lines: bool) -> list[tuple[tuple[int, ...], ...]]:
    """The unions of houses of one family to try: runs of neighbouring rows or columns,
    any few houses of another family; never the whole family (the grid less its sums is
    what every element already says)."""
    out: list[tuple[tuple[int, ...], ...]] = []
    count = len(family)
    for width in range(1, min(_MOST_HOUSES, count - 1) + 1):
        if lines:
            out.extend(tuple(family[k:k + width]) for k in range(count - width + 1))
        else:
            out.extend(combinations(family, width))
    return out


def derived_sums(constraints: Sequence[Constraint], geo: Geometry, n: int) -> list[Derived]:
    """Short equations the houses and the sums of cages and little killers imply together.

    For each region (see `_regions`), the sums whose cells lie more than half inside it are
    taken away, each at most once and never two that overlap (the biggest share inside
    first): the region's cells left over (plus) less the taken sums' cells outside (minus)
    make the region's total less the taken sums. Only puzzles with little killers get them
    (a killer's cages have the rule of 45 already); only short equations whose total is
    near the least or greatest sum their cells can make are kept, since those prune."""
    sums: list[tuple[frozenset[int], int]] = []
    killers = False
    for item in constraints:
        if isinstance(item, Cage) and item.total is not None:
            sums.append((frozenset(item.cells), item.total))
        elif isinstance(item, Clue) and item.kind == "little-killer" and item.cells:
            sums.append((frozenset(item.cells), item.value))
            killers = True
    if not killers:
        return []
    whole = n * (n + 1) // 2
    families = _families(geo, n)
    houses = {frozenset(h) for fam in families for h in fam}
    pieces = sums + [(h, whole) for h in sorted(houses, key=sorted)]
    out: list[Derived] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = {
        (tuple(sorted(cells)), ()) for cells, _ in pieces}
    for k, family in enumerate(families):
        for region in _regions(family, lines=k < 2):
            for usable in (sums, pieces):
                found = _innies(region, usable, whole)
                if found is None or found[:2] in seen:
                    continue
                plus, minus, left = found
                seen.add((plus, minus))
                low_p, high_p = sum_bounds(plus, geo.peers, n)
                low_m, high_m = sum_bounds(minus, geo.peers, n) if minus else (0, 0)
                low, high = low_p - high_m, high_p - low_m
                slack = min(left - low, high - left)
                if slack < 0 or len(plus) + len(minus) <= 4 or _SLACK * slack < high - low:
                    out.append(found)
    return out


def _innies(region: Sequence[tuple[int, ...]], pieces: Sequence[tuple[frozenset[int], int]],
            whole: int) -> Derived | None:
    """The equation of `region` less the sums of `pieces` more than half inside it (the
    biggest share first, none overlapping one taken); None when it is empty or long."""
    area: set[int] = set()
    for h in region:
        area.update(h)
    own = {frozenset(h) for h in region}
    inside = []
    for cells, total in pieces:
        share = len(cells & area)
        if 2 * share > len(cells) and cells not in own:
            inside.append((-share / len(cells), -share, sorted(cells), cells, total))
    inside.sort()
    taken: set[int] = set()
    left = whole * len(region)
    for *_, cells, total in inside:
        if taken.isdisjoint(cells):
            taken |= cells
            left -= total
    plus = tuple(sorted(area - taken))
    minus = tuple(sorted(taken - area))
    if not plus or len(plus) + len(minus) > _MOST_CELLS:
        return None
    return plus, minus, left


def with_derived(props: tuple[Prop, ...], cells_of: tuple[tuple[int, ...], ...],
                 constraints: Sequence[Constraint], geo: Geometry, n: int
                 ) -> tuple[tuple[Prop, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """`compile_props`'s (propagators, watch lists, cells) with a propagator for each of
    `derived_sums` added after the elements' own."""
    derived = derived_sums(constraints, geo, n)
    all_props = list(props)
    all_cells = list(cells_of)
    for plus, minus, total in derived:
        all_props.append(signed_sum(plus, minus, total, n, geo.peers))
        all_cells.append(plus + minus)
    watch: list[list[int]] = [[] for _ in range(geo.rows * geo.cols)]
    for k, cells in enumerate(all_cells):
        for c in set(cells):
            watch[c].append(k)
    return tuple(all_props), tuple(tuple(w) for w in watch), tuple(all_cells)
