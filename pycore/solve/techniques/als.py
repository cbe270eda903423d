"""Almost locked sets: N cells of one house holding N+1 digits between them.

Take one digit away and an almost locked set (ALS) is locked: its cells hold exactly
the remaining digits. ALS-XZ: two ALSs share a digit x whose cells in one all see its
cells in the other (a restricted common: x is in at most one of them), so one of the
two is locked without x; a second shared digit z then sits in one of them, and a cell
seeing every z of both cannot be z.

An ALS chain (HoDoKu's ALS-XY-Chain) strings more sets on restricted commons, the digit
joining a set to the next never the one joining it to the one before: if the first set
lacks z it is locked and holds its join digit, so the second lacks that digit and is
locked, ... and the last one holds z. In `Step.links` an ALS stands as its first cell
holding each digit: a strong link inside a set (it holds one of the two digits), a weak
one between sets (the restricted common).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .state import ChainLink, State, Step, bits, digits_of, eureka, popcount

__all__ = ["MAX_ALS_CELLS", "almost_locked_sets", "als_chain", "als_xy_wing", "als_xz",
           "death_blossom"]

MAX_ALS_CELLS = 4
"""Larger sets are rare in practice and multiply the pairs to look at."""
MAX_CHAIN_SETS = 6
"""Longest ALS chain followed, in sets (HoDoKu's default is 6)."""
CHAIN_BUDGET = 20000
"""Most chain extensions tried in one search, so that a hint stays quick."""


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
    for h, house in enumerate(s.tables.houses):
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


def als_name(s: State, als: Als, letter: str) -> str:
    """"ALS A: r5c1, r5c2 {1, 2, 3} in row 5": its cells, its digits, its house."""
    tables = s.tables
    ds = ", ".join(str(d) for d in digits_of(als.digits))
    return f"ALS {letter}: {tables.names_of(als.cells)} {{{ds}}} in {tables.names[als.house]}"


def removals(s: State, gone: Iterable[tuple[int, int]]) -> str:
    """"2 from r1c2, r2c2; 5 from r3c3": eliminations grouped by digit."""
    by_digit: dict[int, list[int]] = {}
    for c, d in sorted(gone, key=lambda e: (e[1], e[0])):
        by_digit.setdefault(d, []).append(c)
    return "; ".join(f"{d} from {s.tables.names_of(cells)}" for d, cells in by_digit.items())


def als_xz(s: State) -> Iterator[Step]:
    tables = s.tables
    seen = tables.seen
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
            text = (f"{als_name(s, a, 'A')} and {als_name(s, b, 'B')} each hold one digit "
                    f"more than cells, and {xd} can be in only one of them (every {xd} of A "
                    f"sees every {xd} of B): the other is locked, so each other shared digit "
                    f"is in one of them. Remove {removals(s, gone)}.")
            yield Step("als-xz", (), tuple(sorted(gone)), tuple(sorted(a.cells | b.cells)),
                       tuple(digits_of(common)), text)


def _restricted(s: State, a: Als, b: Als) -> list[int]:
    """The restricted common digits of two disjoint ALSs (as bits): in both, and every
    place of it in one sees every place in the other, so at most one of them holds it."""
    if a.cells & b.cells:
        return []
    seen = s.tables.seen
    return [x for x in bits(a.digits & b.digits)
            if all(q in seen[p] for p in a.holders[x] for q in b.holders[x])]


def als_xy_wing(s: State) -> Iterator[Step]:
    """Three ALSs: A and C share a restricted common x, B and C another, y. C cannot lose
    both x and y (it would be two digits short), so A holds x or B holds y: one of A and
    B is locked, and a digit z they share is in one of them. A cell seeing every z of A
    and B is not z."""
    sets = almost_locked_sets(s)
    links: dict[int, list[tuple[int, int]]] = {}
    for i, j in combinations(range(len(sets)), 2):
        for x in _restricted(s, sets[i], sets[j]):
            links.setdefault(i, []).append((j, x))
            links.setdefault(j, []).append((i, x))
    done: set[frozenset[tuple[int, int]]] = set()
    for c, near in links.items():
        pivot = sets[c]
        for (i, x), (j, y) in combinations(near, 2):
            a, b = sets[i], sets[j]
            if x == y or i == j or a.cells & b.cells:
                continue
            gone: set[tuple[int, int]] = set()
            for z in bits(a.digits & b.digits & ~x & ~y):
                d = z.bit_length()
                holders = a.holders[z] + b.holders[z]
                gone.update(s.eliminations(s.common_seen(holders), z, d,
                                           a.cells | b.cells | pivot.cells))
            key = frozenset(gone)
            if not gone or key in done:
                continue
            done.add(key)
            xd, yd = x.bit_length(), y.bit_length()
            text = (f"{als_name(s, a, 'A')}, {als_name(s, b, 'B')} and {als_name(s, pivot, 'C')}: "
                    f"{xd} can be in only one of A and C, {yd} in only one of B and C, and C "
                    f"cannot lose both, so A or B is locked and each digit they share is in one "
                    f"of them. Remove {removals(s, gone)}.")
            cells = tuple(sorted(a.cells | b.cells | pivot.cells))
            yield Step("als-xy-wing", (), tuple(sorted(gone)), cells,
                       tuple(digits_of(a.digits | b.digits)), text)


def als_chain(s: State) -> Iterator[Step]:
    """Chains of four to `MAX_CHAIN_SETS` disjoint ALSs (three are an ALS-XY-wing), each
    joined to the next by a restricted common other than the one before; a digit z the
    ends share (neither end's join digit) is in one of them."""
    sets = almost_locked_sets(s)
    near = _joins(s, sets)
    done: set[frozenset[tuple[int, int]]] = set()
    budget = [CHAIN_BUDGET]
    for start in range(len(sets)):
        ends: dict[tuple[int, int], set[tuple[int, int]]] = {}
        for path, joins in _walks(sets, near, [start], [], sets[start].cells, budget):
            first, last = sets[path[0]], sets[path[-1]]
            zs = first.digits & last.digits & ~joins[0] & ~joins[-1]
            if not zs:
                continue
            if (path[-1], zs) not in ends:
                ends[path[-1], zs] = _seeing_both(s, first, last, zs)
            if not ends[path[-1], zs]:
                continue
            chain = [sets[k] for k in path]
            used = frozenset().union(*(a.cells for a in chain))
            gone = {(c, d) for c, d in ends[path[-1], zs] if c not in used}
            key = frozenset(gone)
            if not gone or key in done:
                continue
            done.add(key)
            yield _chain_step(s, chain, joins, gone)


def _seeing_both(s: State, first: Als, last: Als, zs: int) -> set[tuple[int, int]]:
    """(cell, z) for each digit z of `zs` and each cell holding it that sees every z of
    both sets."""
    out: set[tuple[int, int]] = set()
    for z in bits(zs):
        holders = first.holders[z] + last.holders[z]
        out.update(s.eliminations(s.common_seen(holders), z, z.bit_length()))
    return out


def _joins(s: State, sets: list[Als]) -> list[list[tuple[int, int]]]:
    """For each set, the disjoint sets it shares a restricted common with, and the digit
    (as a bit), from cell bit sets: every place of x in one must lie among the cells that
    see all the places of x in the other."""
    seen_bits = _seen_bits(s.tables.seen)
    cells = [sum(1 << c for c in a.cells) for a in sets]
    places: list[dict[int, int]] = []
    seeing: list[dict[int, int]] = []
    for a in sets:
        places.append({x: sum(1 << c for c in held) for x, held in a.holders.items()})
        sees: dict[int, int] = {}
        for x, held in a.holders.items():
            mask = -1
            for c in held:
                mask &= seen_bits[c]
            sees[x] = mask
        seeing.append(sees)
    near: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i, j in combinations(range(len(sets)), 2):
        common = sets[i].digits & sets[j].digits
        if not common or cells[i] & cells[j]:
            continue
        for x in bits(common):
            if places[j][x] & ~seeing[i][x] == 0:
                near[i].append((j, x))
                near[j].append((i, x))
    return near


@lru_cache(maxsize=8)
def _seen_bits(seen: tuple[frozenset[int], ...]) -> tuple[int, ...]:
    return tuple(sum(1 << p for p in peers) for peers in seen)


def _walks(sets: list[Als], near: list[list[tuple[int, int]]], path: list[int],
           joins: list[int], cells: frozenset[int], budget: list[int]
           ) -> Iterator[tuple[list[int], list[int]]]:
    """Every chain of disjoint sets from `path` on, four sets long or more (depth first,
    while the budget lasts)."""
    if len(path) >= 4:
        yield path, joins
    if len(path) == MAX_CHAIN_SETS:
        return
    for j, x in near[path[-1]]:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if (joins and x == joins[-1]) or sets[j].cells & cells:
            continue
        yield from _walks(sets, near, [*path, j], [*joins, x], cells | sets[j].cells, budget)


def _chain_step(s: State, chain: list[Als], joins: list[int], gone: set[tuple[int, int]]) -> Step:
    letters = "ABCDEFGH"
    first, last = chain[0], chain[-1]
    zs = sorted({d for _, d in gone})
    z = zs[0]
    named = "; ".join(als_name(s, a, letters[k]) for k, a in enumerate(chain))
    xs = [x.bit_length() for x in joins]
    links: list[ChainLink] = []
    ends = [z, *xs, z]
    for k, a in enumerate(chain):
        into, out = ends[k], ends[k + 1]
        links.append((_first(a, into), into, _first(a, out), out, True))
        if k < len(xs):
            links.append((_first(a, out), out, _first(chain[k + 1], out), out, False))
    # in Eureka notation, each set by its letter: (z)A=(x)A-(x)B=...
    drawn = eureka(s.tables.name, links, [letters[k] for k in range(len(chain)) for _ in "io"])
    said = f"If A had no {z}, it would be locked and hold {xs[0]}"
    for k in range(1, len(chain)):
        holds = xs[k] if k < len(xs) else z
        said += f"; then {letters[k]} has no {xs[k - 1]}, so it is locked and holds {holds}"
    also = "" if len(zs) == 1 else f" (the same for {', '.join(map(str, zs[1:]))})"
    text = (f"{named}: each joins the next by a restricted common digit (every place of it "
            f"in one sees every place in the other) in the chain {drawn}. {said}. So A or "
            f"{letters[len(xs)]} holds {z}{also}: remove {removals(s, gone)}.")
    cells = tuple(sorted(frozenset().union(*(a.cells for a in chain))))
    digits = tuple(digits_of(first.digits | last.digits))
    return Step("als-chain", (), tuple(sorted(gone)), cells, digits, text, tuple(links))


def _first(a: Als, digit: int) -> int:
    return a.holders[1 << (digit - 1)][0]


def death_blossom(s: State) -> Iterator[Step]:
    """A stem cell, and for each of its digits an ALS holding that digit only in cells that
    see the stem (the petals, no two sharing a cell). Whichever digit the stem takes, its
    petal loses it and is locked. A digit z every petal holds (not the stem's) is then in
    one of the petals: a cell seeing every z of all of them is not z."""
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    sets = almost_locked_sets(s)
    done: set[frozenset[tuple[int, int]]] = set()
    for stem in tables.board.open:
        if not 2 <= popcount(masks[stem]) <= 3:
            continue
        petals_for = {d: [a for a in sets if stem not in a.cells and a.digits & d
                          and all(c in seen[stem] for c in a.holders[d])]
                      for d in bits(masks[stem])}
        if not all(petals_for.values()):
            continue
        for z in bits(tables.board.full & ~masks[stem]):
            choices = [[a for a in petals if a.digits & z] for petals in petals_for.values()]
            for petals in _disjoint_picks(choices):
                holders = [c for a in petals for c in a.holders[z]]
                used = {stem}.union(*(a.cells for a in petals))
                d = z.bit_length()
                gone = s.eliminations(s.common_seen(holders), z, d, used)
                key = frozenset(gone)
                if not gone or key in done:
                    continue
                done.add(key)
                named = "; ".join(als_name(s, a, f"for {digit}")
                                  for digit, a in zip(digits_of(masks[stem]), petals, strict=True))
                text = (f"Whichever digit the stem {tables.name(stem)} takes, the petal for it "
                        f"loses that digit and is locked ({named}); every petal holds {d}, so "
                        f"one of them does: remove {removals(s, gone)}.")
                yield Step("death-blossom", (), tuple(gone), tuple(sorted(used)),
                           (*digits_of(masks[stem]), d), text)


def _disjoint_picks(choices: list[list[Als]], limit: int = 2000) -> Iterator[list[Als]]:
    """One ALS from each list, no two sharing a cell (at most `limit` tried)."""
    tried = 0

    def pick(k: int, taken: list[Als], cells: frozenset[int]) -> Iterator[list[Als]]:
        nonlocal tried
        if k == len(choices):
            yield list(taken)
            return
        for a in choices[k]:
            tried += 1
            if tried > limit:
                return
            if a.cells & cells:
                continue
            taken.append(a)
            yield from pick(k + 1, taken, cells | a.cells)
            taken.pop()

    yield from pick(0, [], frozenset())
