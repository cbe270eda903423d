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
from .propagators import Prop, signed_sum

__all__ = ["Derived", "derived_sums", "with_derived"]

Derived = tuple[tuple[int, ...], tuple[int, ...], int]
"""(plus, minus, total): the digits of `plus` less those of `minus` make `total`."""

_MOST_CELLS = 8
"""Longer derived sums prune too little to pay for their time."""
_MOST_HOUSES = 3
"""Regions join at most this many houses of one family (two on grids above 9x9, where
the choices of three would take too long)."""


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
    most = _MOST_HOUSES if count <= 9 else 2
    for width in range(1, min(most, count - 1) + 1):
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
    (a killer's cages have the rule of 45 already), and only short equations (longer ones
    prune too little to pay for their time). Then pairs of the equations whose sum or
    difference is shorter than both (`_pairs`)."""
    sums: list[_Piece] = []
    killers = False
    for item in constraints:
        if isinstance(item, Cage) and item.total is not None:
            sums.append(_piece(item.cells, item.total))
        elif isinstance(item, Clue) and item.kind == "little-killer" and item.cells:
            sums.append(_piece(item.cells, item.value))
            killers = True
    if not killers:
        return []
    whole = n * (n + 1) // 2
    families = _families(geo, n)
    houses = sorted({h for fam in families for h in fam})
    house_pieces = [_piece(h, whole) for h in houses]
    out: list[Derived] = []
    seen = {(cells, 0) for cells, _, _ in sums + house_pieces}
    tries: list[tuple[tuple[tuple[int, ...], ...], list[_Piece]]] = []
    for k, family in enumerate(families):
        others = [piece for h, piece in zip(houses, house_pieces, strict=True)
                  if h not in family]
        tries.extend((region, others) for region in _regions(family, lines=k < 2))
    for region, others in tries:
        area = 0
        for h in region:
            area |= _mask(h)
        for with_houses in (False, True):
            found = _innies(area, len(region), sums, others if with_houses else [], whole)
            if found is None:
                continue
            plus, minus, left = found
            if (plus, minus) in seen:
                continue
            seen.add((plus, minus))
            out.append((_cells(plus), _cells(minus), left))
    out += _pairs(sums, out, seen)
    return out


_PAIR_CELLS = 8
"""Pairs of equations are kept when what they leave is at most this long."""


def _pairs(sums: Sequence[_Piece], derived: Sequence[Derived], seen: set[tuple[int, int]]
           ) -> list[Derived]:
    """Equations two others make by their difference or sum where it is shorter than both."""
    eqs: list[tuple[int, int, int]] = [(cells, 0, total) for cells, _, total in sums]
    eqs += [(_mask(p), _mask(m), t) for p, m, t in derived]
    out: list[Derived] = []
    for a in range(len(eqs)):
        pa, ma, ta = eqs[a]
        for b in range(a):
            pb, mb, tb = eqs[b]
            for sign in (1, -1):
                if sign < 0:
                    pb, mb, tb = mb, pb, -tb
                # a + (sign) b: cells with opposite signs cancel
                if (pa & pb) or (ma & mb):
                    continue
                cancel_p = pa & mb
                cancel_m = ma & pb
                if not cancel_p and not cancel_m:
                    continue
                plus = (pa | pb) & ~(cancel_p | cancel_m)
                minus = (ma | mb) & ~(cancel_p | cancel_m)
                size = (plus | minus).bit_count()
                if not plus or size > _PAIR_CELLS or \
                        size >= min((pa | ma).bit_count(), (pb | mb).bit_count()):
                    continue
                if (plus, minus) in seen:
                    continue
                seen.add((plus, minus))
                out.append((_cells(plus), _cells(minus), ta + tb))
    return out


_Piece = tuple[int, int, int]
"""(cells as a bit set, how many, total) of a sum used to derive others."""


def _mask(cells: Sequence[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def _piece(cells: Sequence[int], total: int) -> _Piece:
    return _mask(cells), len(cells), total


def _cells(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _innies(area: int, count: int, sums: Sequence[_Piece], houses: Sequence[_Piece],
            whole: int) -> tuple[int, int, int] | None:
    """(plus, minus as bit sets, total): the region `area` of `count` houses less the sums
    more than half inside it (the biggest share first, none overlapping one taken; with
    `houses`, the houses of other families too); None when nothing or too much is left."""
    inside = []
    for kind, pieces in enumerate((sums, houses)):
        for cells, size, total in pieces:
            share = (cells & area).bit_count()
            if 2 * share > size:
                inside.append((-share / size, -share, cells, total, kind))
    if houses and all(kind == 0 for *_, kind in inside):
        return None  # no house to take: the same as without houses
    inside.sort()
    taken = 0
    left = whole * count
    used_sums = False
    for _, _, cells, total, kind in inside:
        if not taken & cells:
            taken |= cells
            left -= total
            used_sums = used_sums or kind == 0
    if not used_sums:
        return None  # houses alone say nothing new (a row less itself, two columns alike)
    plus = area & ~taken
    minus = taken & ~area
    if not plus or (plus | minus).bit_count() > _MOST_CELLS:
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
