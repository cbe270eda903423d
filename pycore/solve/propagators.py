"""Propagators: what each variant element rules out, on the solver's digit masks.

A propagator is a plain function of the state (the list of digit masks, digit d at bit
d-1) that narrows its element's cells: it returns False when the element cannot be
kept, else the cells whose masks it narrowed (possibly none). Each is exact once its
cells are decided (it then accepts exactly the digits `pycore.variants.broken` accepts),
so a solution the search reports keeps every element; before that it prunes as much as
its kind allows cheaply:

- pairs of cells under a relation (dots, XV, thermometers, whispers, palindromes,
  clones, min/max, the negative rules) keep arc consistency through a table per mask;
- killer cages keep the digits of the combinations of distinct digits that fit
  (tables per size and sum), and the rule of 45 adds the sums it derives;
- sums whose cells may repeat (arrows, little killers, region-sum lines, derived sums) are
  cut into groups of cells that see each other: each group lists its assignments of
  distinct digits (cell by cell when few, as digit sets otherwise), the groups' sets of
  sums combine as bit sets, and each cell keeps the digits that reach the total; a pill's
  circle keeps the digits of the numbers every shaft can still make;
- renban lines give each run that fits its digits cell by cell (exactly), a digit every
  run needs leaves the cells seeing all its places, and a digit a house can place only
  on the line is on it; between lines keep the ends that leave room for the cells
  inside (those that see each other differ); zipper pairs keep the sums every pair can
  make, pairs sharing a house needing as many disjoint digit pairs; region-sum lines
  whose segments share a region sum them together there;
- sandwich and X-sum clues keep the placements of their line that fit; a skyscraper clue
  on a full line walks its masks as an automaton (tallest so far, count seen);
- the rarer kinds (skyscrapers on broken lines, quadruples, indexers) are checked by
  `variants` itself on their decided cells, and the last open cell keeps the digits
  that break nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations, pairwise
from typing import cast
from weakref import WeakSet

from ..model import Geometry
from ..variants import Arrow, Cage, Clone, Clue, Constraint, Dot, Line, Mark, Quadruple, Rule, _broken

__all__ = ["SETTLED", "Prop", "cage_combinations", "compile_props", "signed_sum"]

Prop = Callable[[list[int]], object]
"""A propagator: False on a contradiction, else the list of cells it narrowed."""

SETTLED: WeakSet[Callable[[list[int]], object]] = WeakSet()
"""Propagators that leave their cells at their own fixpoint: run again straight after a
run, one narrows nothing (every digit it keeps has a witness that survives the narrowing),
so the solver does not queue one again for the cells it narrowed itself."""


def _settled(run: Prop) -> Prop:
    SETTLED.add(run)
    return run


def _line_clue(cells: tuple[int, ...],
               supports: Callable[[tuple[int, ...]], tuple[int, ...] | None]) -> Prop:
    """The propagator of a clue read over its whole line (sandwich, X-sum, skyscraper):
    `supports` gives, for the line's masks, each cell's digits some placement uses (None:
    none fits). Its answers are remembered by the masks (a search meets the same line
    again and again), and one run reaches the clue's fixpoint."""
    known: dict[tuple[int, ...], tuple[int, ...] | None] = {}

    def run(masks: list[int]) -> object:
        ms = tuple([masks[c] for c in cells])
        if ms in known:
            support = known[ms]
        else:
            if len(known) > 4096:
                known.clear()
            support = known[ms] = supports(ms)
        if support is None:
            return False
        return _keep(masks, cells, support)
    return _settled(run)


_TABLE_LIMIT = 12  # pair tables hold every mask up to this many digits (4096 entries)


def _bits(m: int) -> list[int]:
    """The digits of a mask, ascending."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length())
        m ^= low
    return out


@lru_cache(maxsize=256)
def _pair_tables(n: int, relation: str, value: int) -> tuple[Sequence[int], Sequence[int]]:
    """(forward, backward): for every mask of the first cell the digits the second may
    hold, and the reverse; for n above _TABLE_LIMIT, per single digit (index = digit)."""
    ok = _RELATIONS[relation]
    fwd1 = [0] * (n + 1)
    back1 = [0] * (n + 1)
    for a in range(1, n + 1):
        for b in range(1, n + 1):
            if ok(a, b, value):
                fwd1[a] |= 1 << (b - 1)
                back1[b] |= 1 << (a - 1)
    if n > _TABLE_LIMIT:
        return fwd1, back1
    fwd = [0] * (1 << n)
    back = [0] * (1 << n)
    for m in range(1, 1 << n):
        low = m & -m
        d = low.bit_length()
        fwd[m] = fwd[m ^ low] | fwd1[d]
        back[m] = back[m ^ low] | back1[d]
    return fwd, back


def _third(n: int) -> int:
    return -(-n // 3)


_RELATIONS: dict[str, Callable[[int, int, int], bool]] = {
    "white": lambda a, b, v: abs(a - b) == v,
    "black": lambda a, b, v: a == v * b or b == v * a,
    "sum": lambda a, b, v: a + b == v,
    "less": lambda a, b, v: a < b,
    "less-equal": lambda a, b, v: a <= b,
    "apart": lambda a, b, v: abs(a - b) >= v,
    "parity": lambda a, b, v: a % 2 != b % 2,
    "equal": lambda a, b, v: a == b,
    "non-consecutive": lambda a, b, v: abs(a - b) != 1,
    "no-xv": lambda a, b, v: a + b not in (5, 10),
    "entropic": lambda a, b, v: (a - 1) // v != (b - 1) // v,
}


def _no_ratio(ratios: tuple[int, ...]) -> Callable[[int, int, int], bool]:
    return lambda a, b, v: not any(a == r * b or b == r * a for r in ratios)


def pair(a: int, b: int, n: int, relation: str, value: int = 0) -> Prop:
    """Two cells whose digits keep `relation`: each keeps the digits the other supports."""
    fwd, back = _pair_tables(n, relation, value)
    if n > _TABLE_LIMIT:
        def support(table: Sequence[int], m: int) -> int:
            out = 0
            while m:
                low = m & -m
                out |= table[low.bit_length()]
                m ^= low
            return out

        def run_big(masks: list[int]) -> object:
            ma, mb = masks[a], masks[b]
            nb = mb & support(fwd, ma)
            if not nb:
                return False
            na = ma & support(back, nb)
            if not na:
                return False
            return _narrowed(masks, a, ma, na, b, mb, nb)
        return run_big

    def run(masks: list[int]) -> object:
        ma, mb = masks[a], masks[b]
        nb = mb & fwd[ma]
        if not nb:
            return False
        na = ma & back[nb]
        if not na:
            return False
        if na == ma and nb == mb:
            return ()
        return _narrowed(masks, a, ma, na, b, mb, nb)
    return run


def _narrowed(masks: list[int], a: int, ma: int, na: int, b: int, mb: int, nb: int) -> list[int]:
    out = []
    if na != ma:
        masks[a] = na
        out.append(a)
    if nb != mb:
        masks[b] = nb
        out.append(b)
    return out


def unary(cell: int, allowed: int) -> Prop:
    """A cell that may hold only the digits of `allowed` (odd, even)."""
    def run(masks: list[int]) -> object:
        m = masks[cell]
        nm = m & allowed
        if not nm:
            return False
        if nm == m:
            return ()
        masks[cell] = nm
        return [cell]
    return run


@lru_cache(maxsize=1024)
def cage_combinations(n: int, size: int, total: int) -> tuple[int, ...]:
    """The masks of every set of `size` different digits 1..n summing to `total`."""
    if size < 1 or size > n:
        return ()
    low = size * (size + 1) // 2
    high = size * (2 * n - size + 1) // 2
    if not low <= total <= high:
        return ()
    out = []
    for combo in combinations(range(1, n + 1), size):
        if sum(combo) == total:
            m = 0
            for d in combo:
                m |= 1 << (d - 1)
            out.append(m)
    return tuple(out)


def distinct_sum(cells: tuple[int, ...], n: int, total: int) -> Prop:
    """Cells holding different digits that sum to `total` (a killer cage, or what the rule
    of 45 leaves in a house): each keeps the digits of the combinations that still fit,
    and a digit every fitting combination needs, with one cell left to take it, goes there."""
    combos = cage_combinations(n, len(cells), total)

    def run(masks: list[int]) -> object:
        ms = [masks[c] for c in cells]
        keep = 0
        need = -1
        for combo in combos:
            cover = 0
            for m in ms:
                x = m & combo
                if not x:
                    break
                cover |= x
            else:
                if cover == combo:
                    keep |= combo
                    need &= combo
        if not keep:
            return False
        changed = []
        for k, c in enumerate(cells):
            m = ms[k]
            nm = m & keep
            if nm != m:
                if not nm:
                    return False
                masks[c] = nm
                ms[k] = nm
                changed.append(c)
        while need:
            low = need & -need
            need ^= low
            spots = [k for k in range(len(cells)) if ms[k] & low]
            if not spots:
                return False
            if len(spots) == 1 and ms[spots[0]] != low:
                k = spots[0]
                ms[k] = low
                masks[cells[k]] = low
                changed.append(cells[k])
        return changed
    return run


def _groups_of(paths: Sequence[Sequence[int]],
               peers: Sequence[Sequence[int]] | None) -> list[tuple[tuple[int, ...], ...]]:
    """Each path cut into groups of cells that see each other (`peers`; each cell alone
    when there are none): the groups whose digits differ."""
    return [exclusion_groups(p, peers) if peers is not None else tuple((c,) for c in p)
            for p in paths]


def _common_sums(masks: list[int], groups_of: list[tuple[tuple[int, ...], ...]], n: int,
                 split: list[tuple[Sequence[tuple[int, ...]], _Found]]) -> int:
    """The sums (a bit set) every path can still make with the digits left, each path's
    groups' sums combined; each path's (cut, sums found) appended to `split` for the
    narrowing that follows. 0 when some path can make none of them."""
    common = -1
    for groups in groups_of:
        cut = _split(masks, groups, n)
        found = _sums_of(masks, cut, n)
        if found is None:
            return 0
        made = 1
        for each in found[0]:
            made = _conv(made, each)
        common &= made
        if not common:
            return 0
        split.append((cut, found))
    return common


def bounded_sum(paths: tuple[tuple[int, ...], ...], circle: tuple[int, ...], total: int,
                n: int, peers: Sequence[Sequence[int]] | None = None) -> Prop:
    """Each path's digits sum to the number the `circle` cells spell (most significant
    first), or to `total` when there is no circle. A path's cells that see each other
    (`peers`) hold different digits: each path is cut into such groups, each group's
    sums are enumerated, and every cell keeps the digits some assignment of the whole
    path extends to a number the circle can still spell; the circle keeps the digits of
    the numbers every path can still make. A single path with a total (a little killer)
    first checks its bounds and skips that look while the total lies well inside them
    (`_far_inside`): most calls early in a search, at a fraction of the cost."""
    groups_of = _groups_of(paths, peers)
    wanted = 1 << total
    lone = groups_of[0] if len(paths) == 1 and not circle else None

    def run(masks: list[int]) -> object:
        if lone is not None:
            loose = _far_inside(masks, lone, (), total, n)
            if loose is not None:
                return loose
        changed: list[int] = []
        split: list[tuple[Sequence[tuple[int, ...]], _Found]] = []
        reach = _common_sums(masks, groups_of, n, split)
        if not reach:
            return False
        targets = _circle(masks, circle, reach, changed) if circle else reach & wanted
        if not targets:
            return False
        for cut, found in split:
            if not narrow_groups(masks, cut, targets, changed, n, found):
                return False
        return changed
    return run


def _far_inside(masks: list[int], plus: Sequence[tuple[int, ...]],
                minus: Sequence[tuple[int, ...]], total: int, n: int) -> object:
    """A sum's bounds first, over groups of cells that see each other (`exclusion_groups`:
    a group of k cells makes at least 1+..+k): False when the total lies outside them;
    () when it lies further inside them than any one cell's spread (then no cell's digit
    is out of reach, and the exact look would seldom prune); None otherwise."""
    low = high = spread = 0
    for side, groups in ((1, plus), (-1, minus)):
        for g in groups:
            least = most = 0
            for c in g:
                m = masks[c]
                a, b = (m & -m).bit_length(), m.bit_length()
                least += a
                most += b
                if b - a > spread:
                    spread = b - a
            k = len(g)
            if k > 1:
                least = max(least, k * (k + 1) // 2)
                most = min(most, k * (2 * n - k + 1) // 2)
            if side > 0:
                low += least
                high += most
            else:
                low -= most
                high -= least
    if low > total or high < total:
        return False
    if total - low >= spread and high - total >= spread:
        return ()
    return None


def signed_sum(plus: tuple[int, ...], minus: tuple[int, ...], total: int, n: int,
               peers: Sequence[Sequence[int]]) -> Prop:
    """The digits of `plus` less those of `minus` make `total` (an innie/outie equation of
    `pycore.solve.optimizer`). Each side is cut into groups of cells that see each other;
    the sums the plus side can make that some sum of the minus side meets (shifted by the
    total) are the targets, and each cell keeps the digits that reach one of them."""
    plus_groups = exclusion_groups(plus, peers)
    minus_groups = exclusion_groups(minus, peers)
    if not minus:
        if total < 0:
            return lambda masks: False  # digits make no negative sum
        return bounded_sum((plus,), (), total, n, peers)

    def run(masks: list[int]) -> object:
        loose = _far_inside(masks, plus_groups, minus_groups, total, n)
        if loose is not None:
            return loose
        found_p = _sums_of(masks, plus_groups, n)
        found_m = _sums_of(masks, minus_groups, n)
        if found_p is None or found_m is None:
            return False
        made_p = made_m = 1
        for s in found_p[0]:
            made_p = _conv(made_p, s)
        for s in found_m[0]:
            made_m = _conv(made_m, s)
        # sum(plus) = total + sum(minus)
        if total >= 0:
            targets = made_p & (made_m << total)
            minus_targets = targets >> total
        else:
            targets = made_p & (made_m >> -total)
            minus_targets = targets << -total
        if not targets:
            return False
        changed: list[int] = []
        if not narrow_groups(masks, plus_groups, targets, changed, n, found_p):
            return False
        if not narrow_groups(masks, minus_groups, minus_targets, changed, n, found_m):
            return False
        return changed
    return run


def _circle(masks: list[int], circle: tuple[int, ...], reach: int, changed: list[int]) -> int:
    """The numbers (bit v for v) the circle's digits can spell that lie in `reach`; each
    circle cell keeps the digits such numbers use there."""
    ms = [masks[c] for c in circle]
    length = len(ms)
    used = [0] * length
    fits = 0
    if length == 1:
        fits = (ms[0] << 1) & reach
        used[0] = fits >> 1
    else:
        # the least and greatest numbers the cells from k on can spell, to prune prefixes
        least = [0] * (length + 1)
        most = [0] * (length + 1)
        scale = 1
        for k in range(length - 1, -1, -1):
            m = ms[k]
            least[k] = least[k + 1] + (m & -m).bit_length() * scale
            most[k] = most[k + 1] + m.bit_length() * scale
            scale *= 10
        chosen = [0] * length

        def walk(k: int, v: int) -> None:
            nonlocal fits
            if k == length:
                if reach >> v & 1:
                    fits |= 1 << v
                    for j in range(length):
                        used[j] |= chosen[j]
                return
            power = 10 ** (length - k)
            lo = v * power + least[k]
            hi = v * power + most[k]
            if not (reach >> lo) & ((1 << (hi - lo + 1)) - 1):
                return
            m = ms[k]
            while m:
                low = m & -m
                m ^= low
                chosen[k] = low
                walk(k + 1, v * 10 + low.bit_length())

        walk(0, 0)
    if not fits:
        return 0
    for c, m, keep in zip(circle, ms, used, strict=True):
        if keep != m:
            masks[c] = keep
            changed.append(c)
    return fits


_SUBSET_N = 12
"""Groups of cells that see each other list their sets of different digits up to this
grid size (at most 924 sets); bigger grids sum their cells one by one."""


def exclusion_groups(cells: Sequence[int], peers: Sequence[Sequence[int]]
                     ) -> tuple[tuple[int, ...], ...]:
    """`cells` cut into groups of cells that all see each other: within a group the digits
    differ, so a sum over it is a sum of distinct digits. Big groups bound a sum best (a
    row's 8 cells sum to at least 36, four pairs of them to at least 12), so the biggest
    group found is taken first: from each cell, a group grown by adding the cell that sees
    most of the cells still able to join; the rest are cut the same way."""
    seen = {c: set(peers[c]) for c in cells}
    left = list(dict.fromkeys(cells))
    groups: list[tuple[int, ...]] = []
    while left:
        best: list[int] = []
        for seed in left:
            group = [seed]
            able = [c for c in left if c in seen[seed]]
            while able:
                pick = max(able, key=lambda c: sum(1 for o in able if o in seen[c]))
                group.append(pick)
                able = [c for c in able if c in seen[pick]]
            if len(group) > len(best):
                best = group
        taken = set(best)
        groups.append(tuple(c for c in left if c in taken))
        left = [c for c in left if c not in taken]
    return tuple(groups)


def _conv(a: int, b: int) -> int:
    """The sums of one from each of two sets of sums (bit s set for sum s)."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out = 0
    while a:
        low = a & -a
        out |= b << (low.bit_length() - 1)
        a ^= low
    return out


def _digit_sums(m: int) -> int:
    """The sums one cell of mask `m` makes: bit d for digit d."""
    return m << 1


@lru_cache(maxsize=64)
def _subsets(n: int, size: int) -> tuple[tuple[int, int], ...]:
    """(mask, sum) of every set of `size` different digits 1..n."""
    out = []
    for combo in combinations(range(1, n + 1), size):
        m = 0
        for d in combo:
            m |= 1 << (d - 1)
        out.append((m, sum(combo)))
    return tuple(out)


def _assignments(masks: list[int], group: tuple[int, ...], n: int) -> list[tuple[int, int]]:
    """The sets of different digits `group`'s cells can hold, as (sum, mask): each cell
    meets the set and together they cover it (the cage test, `_fits`)."""
    ms = [masks[c] for c in group]
    union = 0
    for m in ms:
        union |= m
    out = []
    for combo, total in _subsets(n, len(group)):
        if combo & ~union:
            continue
        cover = 0
        for m in ms:
            x = m & combo
            if not x:
                break
            cover |= x
        else:
            if cover == combo:
                out.append((total, combo))
    return out


_EXACT = 256
"""A group whose cells' candidate counts multiply to at most this lists its assignments
cell by cell (each cell keeps exactly its digits that fit); a bigger one lists its sets of
digits (each cell keeps the digits of the sets that fit)."""


def _placements(ms: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every way to give cells of masks `ms` different digits: (sum, each cell's bit)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    last = len(ms) - 1
    chosen = [0] * len(ms)

    def walk(k: int, used: int, s: int) -> None:
        m = ms[k] & ~used
        while m:
            low = m & -m
            m ^= low
            chosen[k] = low
            if k == last:
                out.append((s + low.bit_length(), tuple(chosen)))
            else:
                walk(k + 1, used | low, s + low.bit_length())

    walk(0, 0, 0)
    return out


def _split(masks: list[int], groups: tuple[tuple[int, ...], ...], n: int
           ) -> Sequence[tuple[int, ...]]:
    """The groups, cut into single cells where listing their digit sets would cost too
    much (a looser, still sound sum)."""
    if n <= _SUBSET_N:
        return groups
    return tuple((c,) for g in groups for c in g)


_Listed = list[tuple[int, int]] | list[tuple[int, tuple[int, ...]]]
"""A group's assignments: (sum, digit set) or (sum, each cell's bit)."""
_GROUP_SUMS: dict[tuple[int, tuple[int, ...]], tuple[int, _Listed]] = {}
"""Each group's (set of sums, assignments) by its cells' masks: groups meet the same masks
again and again across a search's branches."""
_GROUP_SUMS_KEEP = 512  # a group lists at most 256 assignments: under 20 MB at worst

_Found = tuple[list[int], list[list[tuple[int, int]] | list[tuple[int, tuple[int, ...]]] | None]]


def _sums_of(masks: list[int], groups: Sequence[tuple[int, ...]], n: int) -> _Found | None:
    """Each group's set of sums, and its assignments (None for a single cell); None when
    a group has no assignment."""
    sets: list[int] = []
    enums: list[list[tuple[int, int]] | list[tuple[int, tuple[int, ...]]] | None] = []
    for g in groups:
        if len(g) == 1:
            sets.append(masks[g[0]] << 1)
            enums.append(None)
            continue
        ms = [masks[c] for c in g]
        size = 1
        for m in ms:
            size *= m.bit_count()
        key = (n, tuple(ms))
        known = _GROUP_SUMS.get(key)
        if known is None:
            found: list[tuple[int, int]] | list[tuple[int, tuple[int, ...]]] = \
                _placements(ms) if size <= _EXACT else _assignments(masks, g, n)
            s = 0
            for total, _ in found:
                s |= 1 << total
            if len(_GROUP_SUMS) >= _GROUP_SUMS_KEEP:
                _GROUP_SUMS.clear()
            known = _GROUP_SUMS[key] = (s, found)
        if not known[0]:
            return None
        sets.append(known[0])
        enums.append(known[1])
    return sets, enums


def group_total(masks: list[int], groups: Sequence[tuple[int, ...]], n: int) -> int:
    """The set of sums (bit s for sum s) the cells can make, digits distinct within each
    group; 0 when none."""
    found = _sums_of(masks, groups, n)
    if found is None:
        return 0
    total = 1
    for s in found[0]:
        total = _conv(total, s)
    return total


def narrow_groups(masks: list[int], groups: Sequence[tuple[int, ...]], targets: int,
                  changed: list[int], n: int, found: _Found | None = None) -> int:
    """Keep each cell's digits that some assignment of the cells (distinct within each
    group) extends to a sum in `targets`; return the sums still reachable in `targets`
    (0: a contradiction, the masks then partly narrowed)."""
    if found is None:
        found = _sums_of(masks, groups, n)
        if found is None:
            return 0
    sets, enums = found
    before = [1]
    f = 1
    for s in sets:
        f = _conv(f, s)
        before.append(f)
    reached = f & targets
    if not reached:
        return 0
    after = 1
    for k in range(len(groups) - 1, -1, -1):
        others = _conv(before[k], after)
        g = groups[k]
        found_k = enums[k]
        if found_k is None:
            c = g[0]
            m = masks[c]
            keep = 0
            rest = m
            while rest:
                low = rest & -rest
                if (others << low.bit_length()) & targets:
                    keep |= low
                rest ^= low
            if not keep:
                return 0
            if keep != m:
                masks[c] = keep
                changed.append(c)
            s_k = keep << 1
        else:
            s_k = 0
            if isinstance(found_k[0][1], int):
                union = 0
                for total, combo in found_k:
                    if (others << total) & targets:
                        s_k |= 1 << total
                        union |= combo
                keeps = [union] * len(g)
            else:
                keeps = [0] * len(g)
                for total, bits in found_k:
                    if (others << total) & targets:
                        s_k |= 1 << total
                        for j, b in enumerate(bits):
                            keeps[j] |= b
            if not s_k:
                return 0
            for c, keep in zip(g, keeps, strict=True):
                m = masks[c]
                keep &= m
                if not keep:
                    return 0
                if keep != m:
                    masks[c] = keep
                    changed.append(c)
        after = _conv(after, s_k)
    return reached


_RUNS: dict[tuple[int, tuple[int, ...], int], tuple[tuple[int, ...], int] | None] = {}
"""Renban supports by (n, the line's masks, the digits it must hold): lines of one length
share them, and masks repeat across a search's branches."""
_RUNS_KEEP = 8192


@lru_cache(maxsize=16)
def _lacking(length: int) -> dict[int, int]:
    """For each position j of a run of `length` (keyed by its bit 2**j): the sets of
    positions (as bit indices of a bit set over all 2**length sets) that lack j."""
    return {1 << j: sum(1 << u for u in range(1 << length) if not u >> j & 1)
            for j in range(length)}


_WINDOWS: dict[tuple[int, int], tuple[int, ...] | None] = {}
"""Each run's supports by (length, the cells' masks within the run packed side by side):
short runs meet the same few patterns again and again."""


def _window_supports(length: int, packed: int) -> tuple[int, ...] | None:
    """For cells holding the positions 0..length-1 of a run one each, the k-th cell
    allowed the positions of bits k*length.. of `packed`: the positions each can take
    in some whole assignment (None: none).

    The sets of positions the first k cells can take are a bit set over all subsets
    (bit u for subset u): giving position j to the next cell moves each subset lacking
    j up by 2**j. Walked forwards, then back from the full set, each cell keeps the
    positions on some path."""
    key = (length, packed)
    if key in _WINDOWS:
        return _WINDOWS[key]
    lacking = _lacking(length)
    every = (1 << length) - 1
    here = [(packed >> (k * length)) & every for k in range(length)]
    out: tuple[int, ...] | None = None
    forward = [1]  # the empty set
    state = 1
    for h in here:
        nxt = 0
        while h:
            bit = h & -h  # giving position j moves a set up by 2**j, its bit
            h ^= bit
            nxt |= (state & lacking[bit]) << bit
        if not nxt:
            break
        forward.append(nxt)
        state = nxt
    else:
        whole = 1 << every  # the state where every position is given
        if state & whole:
            support = [0] * length
            alive = whole
            for k in range(length - 1, -1, -1):
                h = here[k]
                state = forward[k]
                back = 0
                keep = 0
                while h:
                    bit = h & -h
                    h ^= bit
                    came = (alive >> bit) & lacking[bit] & state
                    if came:
                        back |= came
                        keep |= bit
                support[k] = keep
                alive = back
            out = tuple(support)
    if len(_WINDOWS) >= _RUNS_KEEP:
        _WINDOWS.clear()
    _WINDOWS[key] = out
    return out


_EXACT_RUN = 8
"""Runs up to this long give out their digits exactly (a bit set over 2**length subsets);
longer ones (big grids) keep each cell's digits when every cell meets the run and
together they cover it."""


def _window_cover(length: int, packed: int) -> tuple[int, ...] | None:
    """`_window_supports` loosened for long runs: the cells' positions as they are when
    each cell has one and together they hold all (None otherwise)."""
    every = (1 << length) - 1
    here = tuple((packed >> (k * length)) & every for k in range(length))
    cover = 0
    for h in here:
        cover |= h
    return here if cover == every else None


def _run_supports(n: int, ms: tuple[int, ...], must: int = 0
                  ) -> tuple[tuple[int, ...], int] | None:
    """For cells of masks `ms` holding a run of len(ms) consecutive digits, one each,
    among them the digits of `must`: the digits each cell can hold in some whole
    assignment (the union over the runs that fit of `_window_supports`), and the
    digits every possible run holds (None: no run fits)."""
    length = len(ms)
    if length == 2 and not must:  # two cells: consecutive digits, a pair of neighbours
        a, b = ms
        fit = (a & (b >> 1)) | (b & (a >> 1))  # bit d-1: the run d, d+1 fits
        if not fit:
            return None
        runs = fit | fit << 1
        need = runs if fit & (fit - 1) == 0 else fit & (fit << 1) if fit.bit_count() == 2 else 0
        return (a & runs & (b << 1 | b >> 1), b & runs & (a << 1 | a >> 1)), need
    key = (n, ms, must)
    if key in _RUNS:
        return _RUNS[key]
    every = (1 << length) - 1
    support = [0] * length
    need = -1
    union = 0
    for m in ms:
        union |= m
    for low_digit in range(n - length + 1):
        w = every << low_digit
        if union & w != w or must & w != must:
            continue
        packed = 0
        shift = 0
        for m in ms:
            h = (m >> low_digit) & every  # the positions within the run this cell allows
            if not h:
                break
            packed |= h << shift
            shift += length
        else:
            fits = _window_supports(length, packed) if length <= _EXACT_RUN \
                else _window_cover(length, packed)
            if fits is not None:
                need &= w
                for k in range(length):
                    support[k] |= fits[k] << low_digit
    out = None if need == -1 else (tuple(support), need)
    if len(_RUNS) >= _RUNS_KEEP:
        _RUNS.clear()
    _RUNS[key] = out
    return out


def renban(cells: tuple[int, ...], n: int, peers: Sequence[Sequence[int]] | None = None,
           houses: Sequence[Sequence[int]] = ()) -> Prop:
    """A renban line's digits (different, through its group) form a run of len(cells)
    consecutive digits. For each run that may still be the line's, its digits are given
    out to the cells one each (a walk over the cells whose state is the set of the run's
    digits handed out so far, forwards then back), so each cell keeps exactly the digits
    some whole assignment of some run gives it (`_run_supports`). A digit every such
    run holds is somewhere on the line: it leaves every cell (`peers`) that sees each
    line cell still able to hold it. A digit a whole house (`houses`) can place only on
    the line's cells in it is on the line there: every run holds it, and the line's
    other cells do not."""
    length = len(cells)
    seen_by: dict[int, tuple[int, ...]] = {}  # line cells (as a bit set) -> cells seeing them all
    inside = set(cells)
    full = (1 << n) - 1
    # each whole house holding two line cells or more (with one, a digit it can place
    # only there is a hidden single): (its other cells, the line's cells outside it)
    crossed = [(tuple(c for c in house if c not in inside),
                tuple(k for k, c in enumerate(cells) if c not in house))
               for house in houses if len(house) == n and len(inside.intersection(house)) >= 2]

    def run(masks: list[int]) -> object:
        ms = [masks[c] for c in cells]
        must = 0
        for others, away in crossed:
            left = 0
            for c in others:
                left |= masks[c]
            here = full & ~left  # digits the house can only place on the line
            if here:
                must |= here
                for k in away:
                    ms[k] &= ~here
        found = _run_supports(n, tuple(ms), must)
        if found is None:
            return False
        support, need = found
        changed = _keep(masks, cells, support)
        if changed is False:
            return False
        if peers is None:
            return changed
        while need:  # a digit the run needs leaves the cells that see all its places
            low = need & -need
            need ^= low
            spots = 0
            for k, c in enumerate(cells):
                if masks[c] & low:
                    spots |= 1 << k
            if spots & (spots - 1) == 0 and masks[cells[spots.bit_length() - 1]] == low:
                continue  # placed: the grid's own peers take it from there
            seeing = seen_by.get(spots)
            if seeing is None:
                if len(seen_by) >= 4096:  # a long line's sets of places, on a big grid
                    seen_by.clear()
                common: set[int] | None = None
                for k in range(length):
                    if spots >> k & 1:
                        p = set(peers[cells[k]])
                        common = p if common is None else common & p
                seeing = seen_by[spots] = tuple(sorted((common or set()) - inside))
            for c in seeing:
                m = masks[c]
                if m & low:
                    if m == low:
                        return False
                    masks[c] = m ^ low
                    changed.append(c)  # type: ignore[attr-defined]
        return changed
    return run


def between(cells: tuple[int, ...], n: int, peers: Sequence[Sequence[int]] | None = None) -> Prop:
    """A between line: the digits inside lie strictly between those at its two ends.
    Inner cells that see each other (`peers`) hold different digits, so a pair of ends
    must leave each such group as many digits between them as it has cells."""
    first, last = cells[0], cells[-1]
    inner = cells[1:-1]
    position = {c: k for k, c in enumerate(inner)}
    groups = [tuple(position[c] for c in g) for g in exclusion_groups(inner, peers)
              if len(g) > 1] if peers is not None else []

    def run(masks: list[int]) -> object:
        ma, mb = masks[first], masks[last]
        inner_masks = [masks[c] for c in inner]
        keep_a = keep_b = keep_in = 0
        for a in _bits(ma):
            for b in _bits(mb):
                low, high = min(a, b), max(a, b)
                allowed = ((1 << (high - low - 1)) - 1) << low if high - low > 1 else 0
                if inner and (not allowed or any(not m & allowed for m in inner_masks)):
                    continue
                crowded = False
                for g in groups:
                    room = 0
                    for k in g:
                        room |= inner_masks[k] & allowed
                    if room.bit_count() < len(g):
                        crowded = True
                        break
                if crowded:
                    continue
                keep_a |= 1 << (a - 1)
                keep_b |= 1 << (b - 1)
                keep_in |= allowed
        if not keep_a:
            return False
        changed = []
        for c, nm in ((first, ma & keep_a), (last, mb & keep_b)):
            if nm != masks[c]:
                masks[c] = nm
                changed.append(c)
        for c, m in zip(inner, inner_masks, strict=True):
            nm = m & keep_in
            if not nm:
                return False
            if nm != m:
                masks[c] = nm
                changed.append(c)
        return changed
    return run


def zipper(cells: tuple[int, ...], n: int, peers: Sequence[Sequence[int]] | None = None,
           houses: Sequence[Sequence[int]] = ()) -> Prop:
    """A zipper line: cells the same distance from its middle sum alike, to the middle
    cell's digit when the line has one. A pair whose cells see each other (`peers`)
    holds two different digits. The pairs lying wholly in one house hold different
    digits: k of them need k disjoint pairs of digits making the sum (a sum with fewer
    is out), and when just k are left, the house's other cells hold none of their
    digits (four pairs in a box summing to 10 leave 5 to its ninth cell; a ninth cell
    that cannot be 5 rules 10 out)."""
    length = len(cells)
    pairs = [(cells[k], cells[length - 1 - k]) for k in range(length // 2)]
    middle = cells[length // 2] if length % 2 else -1
    apart = [peers is not None and b in peers[a] for a, b in pairs]
    # (the line's pairs wholly inside a house, the house's other cells) for two pairs or more
    shared: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = []
    for house in houses:
        inside = set(house)
        held = tuple(p for p in pairs if p[0] in inside and p[1] in inside)
        if len(held) >= 2:
            used = {c for p in held for c in p}
            shared.append((held, tuple(c for c in house if c not in used)))
    # for each sum s (at bit s-2): its pairs of different digits as (bit a, bit b), a < b
    splits = [[(1 << (a - 1), 1 << (s - a - 1)) for a in range(1, (s + 1) // 2)
               if s - a <= n and a != s - a] for s in range(2, 2 * n + 1)]

    def run(masks: list[int]) -> object:
        if not pairs:
            return ()
        sums = -1  # bit s-2 for each sum s every pair can make
        for (a, b), distinct in zip(pairs, apart, strict=True):
            can = 0
            mb = masks[b]
            for da in _bits(masks[a]):
                can |= (mb & ~(1 << (da - 1)) if distinct else mb) << (da - 1)  # bit da+db-2
            sums &= can
        if middle >= 0:
            sums &= masks[middle] >> 1  # the middle digit s sits at bit s-1
        if not sums:
            return False
        changed = []
        for held, others in shared:
            k = len(held)
            fit = 0
            keep_others = 0
            rest = sums
            while rest:
                low = rest & -rest
                rest ^= low
                usable = 0
                count = 0
                for da, db in splits[low.bit_length() - 1]:
                    for x, y in held:
                        mx, my = masks[x], masks[y]
                        if (mx & da and my & db) or (mx & db and my & da):
                            usable |= da | db
                            count += 1
                            break
                if count < k:
                    continue
                if count == k:
                    if any(not masks[c] & ~usable for c in others):
                        continue  # another cell of the house needs one of these digits
                    keep_others |= ~usable
                else:
                    keep_others = -1
                fit |= low
            if not fit:
                return False
            sums = fit
            for c in others:
                m = masks[c]
                nm = m & keep_others
                if nm != m:
                    if not nm:
                        return False
                    masks[c] = nm
                    changed.append(c)
        for (a, b), distinct in zip(pairs, apart, strict=True):
            ka = kb = 0
            mb = masks[b]
            for da in _bits(masks[a]):
                bit = 1 << (da - 1)
                fit = (sums >> (da - 1)) & (mb & ~bit if distinct else mb)
                if fit:
                    ka |= bit
                    kb |= fit
            for c, k in ((a, ka), (b, kb)):
                nm = masks[c] & k
                if not nm:
                    return False
                if nm != masks[c]:
                    masks[c] = nm
                    changed.append(c)
        if middle >= 0:
            nm = masks[middle] & (sums << 1)
            if not nm:
                return False
            if nm != masks[middle]:
                masks[middle] = nm
                changed.append(middle)
        return changed
    return run


def zipper_cells(cells: tuple[int, ...], houses: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The cells a zipper's propagator reads: its own, and the other cells of each house
    holding two of its pairs or more."""
    length = len(cells)
    pairs = [(cells[k], cells[length - 1 - k]) for k in range(length // 2)]
    out = list(cells)
    for house in houses:
        inside = set(house)
        if sum(1 for a, b in pairs if a in inside and b in inside) >= 2:
            out.extend(c for c in house if c not in out)
    return tuple(out)


def _fits(masks: Sequence[int], cells: Sequence[int], combo: int) -> bool:
    """Whether `cells` can hold exactly the digits of `combo`, one each (each cell meets it
    and together they cover it)."""
    cover = 0
    for c in cells:
        x = masks[c] & combo
        if not x:
            return False
        cover |= x
    return cover == combo


def _covers(ms: Sequence[int], digits: int) -> bool:
    """Whether cells of masks `ms` can hold exactly `digits`, one each: each meets them
    and together they cover them (Hall's condition for single cells and the whole)."""
    cover = 0
    for m in ms:
        x = m & digits
        if not x:
            return False
        cover |= x
    return cover == digits


def _keep(masks: list[int], cells: Sequence[int], support: Sequence[int]) -> object:
    """Narrow each cell to its support: False when one is left empty, else the cells narrowed."""
    changed = []
    for c, k in zip(cells, support, strict=True):
        m = masks[c]
        nm = m & k
        if nm != m:
            if not nm:
                return False
            masks[c] = nm
            changed.append(c)
    return changed


def sandwich(cells: tuple[int, ...], n: int, total: int) -> Prop:
    """A sandwich clue on a line of n cells (a row or column: every digit once): the
    digits between the line's 1 and its n sum to `total`.

    Each placement of the 1 and the n is tried with each set of different digits from 2
    to n-1 that makes the total in as many cells as lie between them; the set is kept
    when the cells between can hold it and the cells outside the rest of the digits
    (each cell meets its part, and together they cover it). The crust cells keep the 1
    or the n of a kept placement, the cells between the digits of its kept sets, the
    cells outside the digits those sets leave. The line's supports are remembered by
    its masks (lines repeat across a search)."""
    one, top = 1, 1 << (n - 1)
    ends = one | top
    filling = ((1 << n) - 1) & ~ends
    length = len(cells)
    # for each count of cells between the crusts: (digits between, digits outside)
    fills: list[tuple[tuple[int, int], ...]] = []
    for gap in range(length):
        sets = (0,) if gap == 0 and total == 0 else cage_combinations(n, gap, total)
        fills.append(tuple((s, filling & ~s) for s in sets if not s & ends))

    widest = max((gap for gap in range(length) if fills[gap]), default=-1)

    def supports(ms: tuple[int, ...]) -> tuple[int, ...] | None:
        support = [0] * length
        found = False
        # before[k]: the digits of the cells before k; after[k]: of the cells from k on
        before = [0] * (length + 1)
        after = [0] * (length + 2)
        for k in range(length):
            before[k + 1] = before[k] | ms[k]
            after[length - 1 - k] = after[length - k] | ms[length - 1 - k]
        for a in range(length - 1):
            ma = ms[a]
            if not ma & ends:
                continue
            united = 0  # the digits of the cells between a and b
            for b in range(a + 1, min(length, a + widest + 2)):
                if b > a + 1:
                    united |= ms[b - 1]
                mb = ms[b]
                crusts = ((one if ma & one and mb & top else 0)
                          | (top if ma & top and mb & one else 0))
                if not crusts:
                    continue
                sets = fills[b - a - 1]
                if not sets:
                    continue
                around = before[a] | after[b + 1]
                between = outside = None
                fits = False
                inner = outer = 0
                for inside, rest in sets:
                    if inside & ~united or rest & ~around:
                        continue  # some digit of the set has no cell
                    if fits and not (inside & ~inner or rest & ~outer):
                        continue  # this set would add no digit
                    if between is None:
                        between = ms[a + 1:b]
                        outside = ms[:a] + ms[b + 1:]
                    if _covers(between, inside) and _covers(outside, rest):  # type: ignore[arg-type]
                        fits = True
                        inner |= inside
                        outer |= rest
                if not fits:
                    continue
                found = True
                # the 1 and the n swap places between the two orders of the crusts
                support[a] |= crusts
                support[b] |= (one if crusts & top else 0) | (top if crusts & one else 0)
                for k in range(a + 1, b):
                    support[k] |= inner
                for k in range(a):
                    support[k] |= outer
                for k in range(b + 1, length):
                    support[k] |= outer
        return tuple(support) if found else None

    return _line_clue(cells, supports)


def x_sum(cells: tuple[int, ...], n: int, total: int) -> Prop:
    """An X-sum clue on a line of n cells (a row or column: every digit once): the first
    X digits of the line sum to `total`, X the first digit. Each X the first cell may
    hold is tried with each set of X different digits holding X that makes the total;
    the set is kept when the next X-1 cells can hold the rest of it and the cells after
    them the digits it leaves. Supports are remembered by the line's masks."""
    length = len(cells)
    full = (1 << n) - 1
    # for each X: (the other digits of a fitting set, the digits the set leaves)
    fills = [()] + [tuple((s ^ (1 << (x - 1)), full & ~s) for s in cage_combinations(n, x, total)
                          if s >> (x - 1) & 1) for x in range(1, n + 1)]

    def supports(ms: tuple[int, ...]) -> tuple[int, ...] | None:
        support = [0] * length
        found = False
        for x in _bits(ms[0]):
            if x > length:
                continue
            head = ms[1:x]
            tail = ms[x:]
            inner = outer = 0
            fits = False
            for rest, after in fills[x]:
                if fits and not (rest & ~inner or after & ~outer):
                    continue
                if _covers(head, rest) and _covers(tail, after):
                    fits = True
                    inner |= rest
                    outer |= after
            if not fits:
                continue
            found = True
            support[0] |= 1 << (x - 1)
            for k in range(1, length):
                support[k] |= inner if k < x else outer
        return tuple(support) if found else None

    return _line_clue(cells, supports)


def equal_sums(segments: tuple[tuple[int, ...], ...], n: int,
               peers: Sequence[Sequence[int]] | None = None) -> Prop:
    """A region-sum line: each segment (its cells within one region) sums alike. The sums
    every segment can still make (digits differing among cells that see each other) are
    met, and each cell keeps the digits that reach one of them."""
    groups_of = _groups_of(segments, peers)

    def run(masks: list[int]) -> object:
        split: list[tuple[Sequence[tuple[int, ...]], _Found]] = []
        targets = _common_sums(masks, groups_of, n, split)
        if not targets:
            return False
        changed: list[int] = []
        for cut, found in split:
            if not narrow_groups(masks, cut, targets, changed, n, found):
                return False
        return changed
    return run


def region_sums(lines: Sequence[tuple[tuple[int, ...], ...]], shared: Sequence[Sequence[tuple[int, int]]],
                n: int, peers: Sequence[Sequence[int]] | None = None) -> Prop:
    """Region-sum lines whose segments share regions (`shared`: for each region holding
    two segments or more, which line's which segments): as `equal_sums` for each line,
    and across the lines, since a region's digits differ, the segments it holds sum
    together (k segments of a line to k times its sum) to what their cells can make
    with different digits (all n digits' total when they fill it): the sums of the lines
    are kept that some choice of the others' sums completes, and a line whose sums this
    narrows keeps the digits that reach them (each line also has its own `equal_sums`).
    Each line's sums, each region's, and each line's narrowing to its sums are
    remembered by their masks."""
    groups_of = [_groups_of(segments, peers) for segments in lines]
    line_cells = [tuple(c for segment in segments for c in segment) for segments in lines]
    # for each shared region: its cells, and (line, how many of its segments lie there)
    regions: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = []
    for held in shared:
        cells = tuple(c for line, k in held for c in lines[line][k])
        counts: dict[int, int] = {}
        for line, _ in held:
            counts[line] = counts.get(line, 0) + 1
        regions.append((cells, tuple(counts.items())))
    sums_known: dict[tuple[int, ...], tuple[int, list[tuple[Sequence[tuple[int, ...]], _Found]]]] = {}
    made_known: dict[tuple[int, ...], int] = {}
    narrowed: dict[tuple[tuple[int, ...], int], tuple[int, ...] | None] = {}

    def scaled(sums: int, times: int) -> int:
        out = 0
        while sums:
            low = sums & -sums
            sums ^= low
            out |= 1 << ((low.bit_length() - 1) * times)
        return out

    def run(masks: list[int]) -> object:
        if len(sums_known) > 4096 or len(narrowed) > 4096 or len(made_known) > 4096:
            sums_known.clear()
            made_known.clear()
            narrowed.clear()
        keys = []
        targets: list[int] = []
        for groups, cells in zip(groups_of, line_cells, strict=True):
            key = tuple([masks[c] for c in cells])
            known = sums_known.get(key)
            if known is None:
                split: list[tuple[Sequence[tuple[int, ...]], _Found]] = []
                known = sums_known[key] = (_common_sums(masks, groups, n, split), split)
            if not known[0]:
                return False
            keys.append(key)
            targets.append(known[0])
        made = []
        for cells, _ in regions:
            key = tuple([masks[c] for c in cells])
            can = made_known.get(key)
            if can is None:
                can = made_known[key] = group_total(masks, _split(masks, (cells,), n), n)
            if not can:
                return False
            made.append(can)
        for _ in range(2):  # a line's sums narrowed in one region can narrow another's
            for (_cells, counts), can in zip(regions, made, strict=True):
                parts = [scaled(targets[line], times) for line, times in counts]
                for j, (line, times) in enumerate(counts):
                    others = 1
                    for i, part in enumerate(parts):
                        if i != j:
                            others = _conv(others, part)
                    keep = 0
                    rest = targets[line]
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        if (others << ((low.bit_length() - 1) * times)) & can:
                            keep |= low
                    if not keep:
                        return False
                    if keep != targets[line]:
                        targets[line] = keep
                        parts[j] = scaled(keep, times)
        changed: list[int] = []
        for line, cells in enumerate(line_cells):
            key = keys[line]
            wanted = targets[line]
            if wanted == sums_known[key][0]:
                continue  # the line's own propagator narrows it to its own sums
            after = narrowed.get((key, wanted), key)
            if after is key:
                ok = True
                for cut, found in sums_known[key][1]:
                    if not narrow_groups(masks, cut, wanted, [], n, found):
                        ok = False
                        break
                after = narrowed[(key, wanted)] = tuple([masks[c] for c in cells]) if ok else None
            if after is None:
                return False
            for c, was, now in zip(cells, key, after, strict=True):
                if now != was:
                    masks[c] = now
                    changed.append(c)
        return changed
    return run


def region_sum_props(lines: Sequence[tuple[tuple[int, ...], ...]], regions: Sequence[int], n: int,
                     peers: Sequence[Sequence[int]]) -> list[tuple[Prop, tuple[int, ...]]]:
    """The propagators of a puzzle's region-sum lines (each cut into its segments):
    each line alone (`equal_sums`), and lines tied through regions that hold two of their
    segments or more together (`region_sums`)."""
    holding: dict[int, list[tuple[int, int]]] = {}
    for line, segments in enumerate(lines):
        for k, segment in enumerate(segments):
            if regions[segment[0]] >= 0:
                holding.setdefault(regions[segment[0]], []).append((line, k))
    shared = [held for held in holding.values() if len(held) >= 2]
    # lines tied by shared regions, as components (each line to its component's root)
    root = list(range(len(lines)))

    def find(x: int) -> int:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for held in shared:
        for line, _ in held[1:]:
            root[find(line)] = find(held[0][0])
    out: list[tuple[Prop, tuple[int, ...]]] = []
    for segments in lines:
        out.append((equal_sums(segments, n, peers), tuple(c for seg in segments for c in seg)))
    for line in range(len(lines)):
        mine = [held for held in shared if find(held[0][0]) == line]
        if not mine:
            continue  # not a component's root, or a line sharing no region
        members = [m for m in range(len(lines)) if find(m) == line]
        index = {m: k for k, m in enumerate(members)}
        cells = tuple(c for m in members for seg in lines[m] for c in seg)
        tied = [[(index[m], k) for m, k in held] for held in mine]
        out.append((region_sums([lines[m] for m in members], tied, n, peers), cells))
    return out


def skyscraper_bounds(cells: tuple[int, ...], n: int, seen: int) -> Prop:
    """A skyscraper clue of `seen`: the cell k steps in is at most n - seen + 1 + k (so
    many taller ones must follow it); a clue of 1 puts n first."""
    limits = []
    for k in range(len(cells)):
        most = min(n, n - seen + 1 + k)
        limits.append(((1 << most) - 1) if most > 0 else 0)
    if seen == 1 and cells:
        limits[0] = 1 << (n - 1)

    def run(masks: list[int]) -> object:
        return _keep(masks, cells, limits)
    return _settled(run)


def skyscraper(cells: tuple[int, ...], n: int, seen: int) -> Prop:
    """A skyscraper clue of `seen` on a line of n cells (a row or column: every digit
    once): the line read from the clue is walked as an automaton whose state is the
    tallest digit so far and how many were seen, forwards over the masks and back, and
    each cell keeps the digits on some walk that sees exactly `seen` and meets n.
    The line's supports are remembered by its masks (lines repeat across a search)."""
    length = len(cells)
    low_masks = [(1 << k) - 1 for k in range(n + 1)]  # low_masks[t]: the digits below t+1
    cap = (1 << (seen + 1)) - 1
    digits = _digit_table(n)

    def supports(ms: tuple[int, ...]) -> tuple[int, ...] | None:
        # forward[k][t]: the counts seen (bit c) of walks over cells before k, tallest t
        forward = [[0] * (n + 1) for _ in range(length + 1)]
        forward[0][0] = 1
        for k in range(length):
            m = ms[k]
            here, nxt = forward[k], forward[k + 1]
            for t in range(n + 1):
                counts = here[t]
                if not counts:
                    continue
                if t and m & low_masks[t - 1]:
                    nxt[t] |= counts
                seen_more = (counts << 1) & cap
                if seen_more:
                    for _bit, d in digits[m & ~low_masks[t]]:
                        nxt[d] |= seen_more
        if not forward[length][n] >> seen & 1:
            return None
        # back[t]: the counts from which the cells from k on end seeing `seen`, tallest n
        back = [0] * (n + 1)
        back[n] = 1 << seen
        support = [0] * length
        for k in range(length - 1, -1, -1):
            pairs = digits[ms[k]]
            here = forward[k]
            new = [0] * (n + 1)
            keep = 0
            for t in range(n + 1):
                counts = here[t]
                if not counts:
                    continue  # no walk is in this state here: nothing before needs it
                for bit, d in pairs:
                    if d > t:
                        ok = back[d] >> 1
                    elif d < t:
                        ok = back[t]
                    else:
                        continue
                    if ok:
                        new[t] |= ok
                        if counts & ok:
                            keep |= bit
            support[k] = keep
            back = new
        return tuple(support)

    return _line_clue(cells, supports)


@lru_cache(maxsize=8)
def _digit_table(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every mask of n digits, its (bit, digit) pairs, lowest first."""
    return tuple(tuple((1 << (d - 1), d) for d in _bits(m)) for m in range(1 << n))


def quadruple(cells: tuple[int, ...], digits: tuple[int, ...]) -> Prop:
    """A quadruple: each digit shown appears among the four cells at least as often as
    shown; with four digits shown, the cells hold only them; a digit with just enough
    cells left goes into all of them."""
    need = {d: digits.count(d) for d in set(digits)}
    only = 0
    if len(digits) == len(cells):
        for d in digits:
            only |= 1 << (d - 1)

    def run(masks: list[int]) -> object:
        changed: list[int] = []
        if only:
            moved = _keep(masks, cells, [only] * len(cells))
            if moved is False:
                return False
            changed.extend(moved)  # type: ignore[arg-type]
        for d, count in need.items():
            bit = 1 << (d - 1)
            spots = [c for c in cells if masks[c] & bit]
            if len(spots) < count:
                return False
            if len(spots) == count:
                for c in spots:
                    if masks[c] != bit:
                        masks[c] = bit
                        changed.append(c)
        return changed
    return run


class _Placed:
    """The digits placed in a state, as `variants.broken` reads a grid (0: still open)."""

    __slots__ = ("masks",)

    def __init__(self, masks: list[int]) -> None:
        self.masks = masks

    def __getitem__(self, i: int) -> int:
        m = self.masks[i]
        return m.bit_length() if m and not m & (m - 1) else 0

    def __len__(self) -> int:
        return len(self.masks)


def checked(item: Constraint, cells: tuple[int, ...], geo: Geometry, size: int,
            regions: Sequence[int], items: Sequence[Constraint]) -> Prop:
    """Any element, judged by `variants` on its decided cells: a contradiction when they
    break it; with one of `cells` left open, it keeps the digits that break nothing."""
    rows, cols, boxes = geo.rows, geo.cols, geo.boxes
    marked: dict[tuple[int, ...], list[Dot]] = {}

    def run(masks: list[int]) -> object:
        placed = cast("Sequence[int]", _Placed(masks))
        if _broken(item, placed, rows, cols, size, boxes, regions, marked, items):
            return False
        open_cells = [c for c in cells if masks[c] & (masks[c] - 1)]
        if len(open_cells) != 1:
            return ()
        c = open_cells[0]
        m = masks[c]
        keep = 0
        for d in _bits(m):
            masks[c] = 1 << (d - 1)
            if not _broken(item, placed, rows, cols, size, boxes, regions, marked, items):
                keep |= 1 << (d - 1)
        masks[c] = keep or m
        if not keep:
            return False
        return [c] if keep != m else ()
    return run


def _neighbours(i: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(i, cols)
    return [rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < rows and 0 <= cc < cols]


def compile_props(constraints: Sequence[Constraint], geo: Geometry, size: int
                  ) -> tuple[tuple[Prop, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(propagators, for each cell the propagators watching it, each propagator's cells)."""
    n = size
    rows, cols = geo.rows, geo.cols
    props: list[Prop] = []
    cells_of: list[tuple[int, ...]] = []
    regions = [-1] * (rows * cols)
    for k, box in enumerate(geo.boxes):
        for i in box:
            regions[i] = k

    def add(prop: Prop, cells: Sequence[int]) -> None:
        props.append(prop)
        cells_of.append(tuple(cells))

    def add_pair(a: int, b: int, relation: str, value: int = 0) -> None:
        add(pair(a, b, n, relation, value), (a, b))

    marked: dict[tuple[int, ...], list[Dot]] = {}
    ratios = sorted({c.value for c in constraints if isinstance(c, Dot) and c.kind == "black"})
    for item in constraints:
        if isinstance(item, Dot):
            marked.setdefault(item.cells, []).append(item)
    cages: list[Cage] = []
    sum_lines: list[tuple[tuple[int, ...], ...]] = []
    # the houses holding every digit once (none of their cells outside the grid)
    whole = [h for h in geo.houses if len(h) == n and not geo.outside.intersection(h)]
    lines = {frozenset(h) for h in geo.houses if len(h) == n}  # sandwich and X-sum read a house
    for item in constraints:
        kind = item.kind
        cells = item.cells
        if isinstance(item, Cage):
            if item.total is not None:
                add(distinct_sum(cells, n, item.total), cells)
                cages.append(item)
        elif isinstance(item, Dot):
            a, b = cells
            relation = {"white": "white", "black": "black"}.get(kind, "sum")
            add_pair(a, b, relation, item.value)
        elif isinstance(item, Line):
            if kind == "thermo":
                for a, b in pairwise(cells):
                    add_pair(a, b, "less")
            elif kind == "slow-thermo":  # cells along it that see each other differ: rise
                for k, a in enumerate(cells):
                    for j in range(k + 1, len(cells)):
                        if cells[j] in geo.peers[a]:
                            add_pair(a, cells[j], "less")
                        elif j == k + 1:
                            add_pair(a, cells[j], "less-equal")
            elif kind == "whispers":
                for a, b in pairwise(cells):
                    add_pair(a, b, "apart", item.value or 0)
            elif kind == "parity":
                for a, b in pairwise(cells):
                    add_pair(a, b, "parity")
            elif kind == "entropic":
                for a, b in pairwise(cells):
                    add_pair(a, b, "entropic", _third(n))
                for a, b in zip(cells, cells[2:], strict=False):
                    add_pair(a, b, "entropic", _third(n))
            elif kind == "palindrome":
                for k in range(len(cells) // 2):
                    add_pair(cells[k], cells[-1 - k], "equal")
            elif kind == "renban":
                add(renban(cells, n, geo.peers, whole), cells)
            elif kind == "between":
                add(between(cells, n, geo.peers), cells)
            elif kind == "zipper":
                add(zipper(cells, n, geo.peers, whole), zipper_cells(cells, whole))
            else:  # region-sum: propagated after the loop, lines sharing regions together
                segments: list[list[int]] = []
                for k, i in enumerate(cells):
                    if k and regions[i] == regions[cells[k - 1]]:
                        segments[-1].append(i)
                    else:
                        segments.append([i])
                sum_lines.append(tuple(tuple(seg) for seg in segments))
        elif isinstance(item, Arrow):
            add(bounded_sum(item.shaft, item.circle, 0, n, geo.peers), item.cells)
        elif isinstance(item, Clue) and kind == "little-killer":
            if cells:
                add(bounded_sum((cells,), (), item.value, n, geo.peers), cells)
        elif isinstance(item, Clone):
            for a, b in zip(item.cells, item.twins, strict=True):
                if a != b:
                    add_pair(a, b, "equal")
        elif isinstance(item, Mark) and kind in ("odd", "even"):
            allowed = sum(1 << (d - 1) for d in range(1, n + 1) if d % 2 == (kind == "odd"))
            add(unary(item.cell, allowed), (item.cell,))
        elif isinstance(item, Mark) and kind in ("min", "max"):
            same = {m.cell for m in constraints if isinstance(m, Mark) and m.kind == kind}
            for j in _neighbours(item.cell, rows, cols):
                if j not in same:
                    if kind == "min":
                        add_pair(item.cell, j, "less")
                    else:
                        add_pair(j, item.cell, "less")
        elif isinstance(item, Rule) and kind in ("non-consecutive", "negative-black", "negative-xv"):
            for a in range(rows * cols):
                for b in _neighbours(a, rows, cols):
                    if b < a or a in geo.outside or b in geo.outside:
                        continue
                    marks = marked.get((a, b), [])
                    if kind == "non-consecutive":
                        if not any(m.kind == "white" and m.value == 1 for m in marks):
                            add_pair(a, b, "non-consecutive")
                    elif kind == "negative-black":
                        if not any(m.kind == "black" for m in marks):
                            add(pair_with(a, b, n, _no_ratio(tuple(ratios or [2]))), (a, b))
                    elif not any(m.kind in ("x", "v") for m in marks):
                        add_pair(a, b, "no-xv")
        elif isinstance(item, Mark):  # indexers
            r, c = divmod(item.cell, cols)
            if kind == "row-indexer":
                watch = tuple(r * cols + k for k in range(cols))
            elif kind == "column-indexer":
                watch = tuple(k * cols + c for k in range(rows))
            else:
                watch = geo.boxes[regions[item.cell]] if regions[item.cell] >= 0 else (item.cell,)
            add(checked_any(item, watch, geo, n, regions, constraints), watch)
        elif isinstance(item, Clue) and kind == "sandwich" and frozenset(cells) in lines:
            add(sandwich(cells, n, item.value), cells)
        elif isinstance(item, Clue) and kind == "x-sum" and frozenset(cells) in lines:
            add(x_sum(cells, n, item.value), cells)
        elif isinstance(item, Clue) and kind == "skyscraper" and len(cells) == n:
            add(skyscraper(cells, n, item.value), cells)  # exact once its cells are decided
        elif isinstance(item, Clue) and kind == "skyscraper" and cells:
            add(skyscraper_bounds(cells, n, item.value), cells)
            add(checked(item, cells, geo, n, regions, constraints), cells)
        elif isinstance(item, Quadruple):
            add(quadruple(cells, item.digits), cells)
            add(checked(item, cells, geo, n, regions, constraints), cells)
        elif (isinstance(item, Clue) or kind == "quadruple") and cells:
            add(checked(item, cells, geo, n, regions, constraints), cells)
    for prop, cells in region_sum_props(sum_lines, regions, n, geo.peers):
        add(prop, cells)
    for cells, total in rule_of_45(cages, geo, n):
        add(distinct_sum(cells, n, total) if _all_peers(cells, geo)
            else bounded_sum((cells,), (), total, n, geo.peers), cells)
    watch_lists: list[list[int]] = [[] for _ in range(rows * cols)]
    for k, cells in enumerate(cells_of):
        for c in set(cells):
            watch_lists[c].append(k)
    return tuple(props), tuple(tuple(w) for w in watch_lists), tuple(cells_of)


def pair_with(a: int, b: int, n: int, ok: Callable[[int, int, int], bool]) -> Prop:
    """Two cells under a relation given as a function (a ratio rule's own ratios)."""
    fwd1 = [0] * (n + 1)
    back1 = [0] * (n + 1)
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            if ok(x, y, 0):
                fwd1[x] |= 1 << (y - 1)
                back1[y] |= 1 << (x - 1)

    def run(masks: list[int]) -> object:
        ma, mb = masks[a], masks[b]
        sup = 0
        for d in _bits(ma):
            sup |= fwd1[d]
        nb = mb & sup
        if not nb:
            return False
        sup = 0
        for d in _bits(nb):
            sup |= back1[d]
        na = ma & sup
        if not na:
            return False
        if na == ma and nb == mb:
            return ()
        return _narrowed(masks, a, ma, na, b, mb, nb)
    return run


def checked_any(item: Constraint, cells: tuple[int, ...], geo: Geometry, size: int,
                regions: Sequence[int], items: Sequence[Constraint]) -> Prop:
    """An element whose truth depends on more cells than its own (an indexer and the
    line it points into): judged on what is decided, as `checked`."""
    return checked(item, cells, geo, size, regions, items)


def _all_peers(cells: tuple[int, ...], geo: Geometry) -> bool:
    return all(b in geo.peers[a] for a, b in combinations(cells, 2))


def rule_of_45(cages: Sequence[Cage], geo: Geometry, n: int
               ) -> list[tuple[tuple[int, ...], int]]:
    """Sums the houses derive from the cages (the rule of 45): in each house, and in each
    band of two or three neighbouring rows, columns or boxes, the cells no cage wholly
    inside covers sum to what the house holds less those cages' sums (innies); when the
    cages that reach into the houses all have sums, the cells they hold outside sum to
    the excess (outies). Only short sums are kept: they are the ones that bite."""
    if not cages:
        return []
    whole = n * (n + 1) // 2
    cage_of: dict[int, int] = {}
    for k, cage in enumerate(cages):
        for c in cage.cells:
            if c in cage_of:
                return []  # overlapping cages: the houses' sums would count a cell twice
            cage_of[c] = k
    houses = [h for h in geo.houses if len(h) == n]
    areas: list[frozenset[int]] = [frozenset(h) for h in houses]
    rows = [h for h in houses if len({i // geo.cols for i in h}) == 1]
    columns = [h for h in houses if len({i % geo.cols for i in h}) == 1]
    for lines in (rows, columns, list(geo.boxes)):
        for width in (2, 3):
            for k in range(len(lines) - width + 1):
                band: set[int] = set()
                for h in lines[k:k + width]:
                    band.update(h)
                areas.append(frozenset(band))
    out: list[tuple[tuple[int, ...], int]] = []
    seen: set[tuple[int, ...]] = set()
    for area in areas:
        total = whole * len(area) // n
        inside = {cage_of[c] for c in area if c in cage_of}
        wholly = [k for k in inside if all(c in area for c in cages[k].cells)]
        covered = {c for k in wholly for c in cages[k].cells}
        innies = tuple(sorted(c for c in area if c not in covered))
        if 0 < len(innies) <= 6:
            left = total - sum(cages[k].total or 0 for k in wholly)
            if innies not in seen:
                seen.add(innies)
                out.append((innies, left))
        if all(c in cage_of for c in area):
            outies = tuple(sorted(c for k in inside for c in cages[k].cells if c not in area))
            if 0 < len(outies) <= 6 and outies not in seen:
                seen.add(outies)
                out.append((outies, sum(cages[k].total or 0 for k in inside) - total))
    return out
