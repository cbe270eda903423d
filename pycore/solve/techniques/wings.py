"""Wings and bivalue chains: cells with two (or three) candidates that force one another.

xy-wing and xyz-wing: a pivot and two pincers, one of which holds z. w-wing: two equal
pairs joined by a strong link. remote pair: a chain of equal pairs alternating their
two digits. xy-chain: bivalue cells in a row of "not this, so that" ending where it began.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from itertools import combinations

from .patterns import strong_links
from .state import ChainLink, State, Step, bits, chain_links, digits_of, eureka, popcount, two_colorings

__all__ = ["remote_pair", "w_wing", "wxyz_wing", "xy_chain", "xy_wing", "xyz_wing"]


def _bivalue(s: State) -> list[int]:
    masks = s.masks
    return [c for c in s.tables.board.open if masks[c] and popcount(masks[c]) == 2]


def xy_wing(s: State) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    bi = _bivalue(s)
    for p in bi:
        mp = masks[p]
        wings = [a for a in bi if a in seen[p] and popcount(masks[a] & mp) == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                ma, mb = masks[a], masks[b]
                z = ma & ~mp
                if mb & ~mp != z or ma & mp == mb & mp:
                    continue
                d = z.bit_length()
                gone = s.eliminations(s.common_seen((a, b)), z, d, (p,))
                if not gone:
                    continue
                x, y = digits_of(mp)
                text = (f"{tables.name(p)} is {x} or {y}; either way one of {tables.name(a)} and "
                        f"{tables.name(b)} is {d}, so remove {d} from "
                        f"{tables.names_of(c for c, _ in gone)}, which "
                        f"{'sees' if len(gone) == 1 else 'see'} both.")
                # if a is not d it is the pivot's other digit's partner, and so on to b
                links = bivalue_links(s, [(a, (ma & mp).bit_length()), (p, (mb & mp).bit_length()),
                                          (b, d)])
                yield Step("xy-wing", (), tuple(gone), (p, a, b), (x, y, d), text, links)


def xyz_wing(s: State) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    bi = _bivalue(s)
    for p in tables.board.open:
        mp = masks[p]
        if popcount(mp) != 3:
            continue
        wings = [a for a in bi if a in seen[p] and masks[a] & ~mp == 0]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                ma, mb = masks[a], masks[b]
                if ma | mb != mp or ma == mb:
                    continue
                z = ma & mb
                d = z.bit_length()
                gone = s.eliminations(s.common_seen((p, a, b)), z, d)
                if not gone:
                    continue
                text = (f"{tables.name(p)} holds {_digits(mp)}, {tables.name(a)} {_digits(ma)} and "
                        f"{tables.name(b)} {_digits(mb)}: one of the three is {d}, so remove {d} "
                        f"from {tables.names_of(c for c, _ in gone)}, which "
                        f"{'sees' if len(gone) == 1 else 'see'} all three.")
                yield Step("xyz-wing", (), tuple(gone), (p, a, b), tuple(digits_of(mp)), text)


def wxyz_wing(s: State) -> Iterator[Step]:
    """A pivot and three wings it sees, four cells holding four digits between them, where
    every digit but z has all its cells seeing one another. Without z the four cells would
    need four digits from three that can each be used once: so one of z's cells is z."""
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    full = tables.board.full
    done: set[frozenset[int]] = set()
    for p in tables.board.open:
        mp = masks[p]
        if not 2 <= popcount(mp) <= 4:
            continue
        for union in _supersets(mp, full, 4):
            wings = [w for w in seen[p] if masks[w] and popcount(masks[w]) >= 2
                     and masks[w] & ~union == 0]
            for trio in combinations(wings, 3):
                cells = (p, *trio)
                key = frozenset(cells)
                if key in done:
                    continue
                got = mp | masks[trio[0]] | masks[trio[1]] | masks[trio[2]]
                if got != union:
                    continue
                loose = []
                for bit in bits(union):
                    holders = [c for c in cells if masks[c] & bit]
                    if any(b not in seen[a] for a, b in combinations(holders, 2)):
                        loose.append((bit, holders))
                if len(loose) != 1:
                    continue
                done.add(key)
                z_bit, holders = loose[0]
                z = z_bit.bit_length()
                gone = s.eliminations(s.common_seen(holders), z_bit, z, cells)
                if not gone:
                    continue
                text = (f"{tables.names_of(cells)} hold only {_digits(union)} between them, and "
                        f"every digit but {z} has all its places there in sight of one another, "
                        f"so one of {tables.names_of(holders)} is {z}: remove {z} from "
                        f"{tables.names_of(c for c, _ in gone)}.")
                yield Step("wxyz-wing", (), tuple(gone), tuple(sorted(cells)),
                           tuple(digits_of(union)), text)


def _supersets(mask: int, full: int, size: int) -> Iterator[int]:
    """Every mask of `size` digits containing `mask`."""
    spare = [b for b in bits(full & ~mask)]
    for extra in combinations(spare, size - popcount(mask)):
        yield mask | sum(extra)


def _digits(mask: int) -> str:
    return "/".join(str(d) for d in digits_of(mask))


def w_wing(s: State) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    bi = _bivalue(s)
    links = {d: strong_links(s, d) for d in range(1, tables.n + 1)}
    for i, a in enumerate(bi):
        for b in bi[i + 1:]:
            if masks[a] != masks[b] or b in seen[a]:
                continue
            for x in digits_of(masks[a]):
                y = (masks[a] & ~(1 << (x - 1))).bit_length()
                for e1, e2, h in links[x]:
                    for p, q in ((e1, e2), (e2, e1)):
                        if (p in seen[a] and q in seen[b] and not {p, q} & {a, b}):
                            gone = s.eliminations(s.common_seen((a, b)), 1 << (y - 1), y)
                            if not gone:
                                continue
                            text = (f"{tables.name(a)} and {tables.name(b)} both hold {x}/{y}. "
                                    f"{x} goes in {tables.name(p)} or {tables.name(q)} "
                                    f"({tables.names[h]}), so one of the pair is not {x}, thus "
                                    f"{y}: remove {y} from {tables.names_of(c for c, _ in gone)}.")
                            chain = chain_links([(a, y), (a, x), (p, x), (q, x), (b, x), (b, y)])
                            yield Step("w-wing", (), tuple(gone), (a, b, p, q), (x, y), text,
                                       chain)


def remote_pair(s: State) -> Iterator[Step]:
    """Cells with the same two digits, each seeing the next: they alternate, so a cell that
    sees two of them of opposite parity (not seeing each other) holds neither digit."""
    masks = s.masks
    seen = s.tables.seen
    by_mask: dict[int, list[int]] = {}
    for c in _bivalue(s):
        by_mask.setdefault(masks[c], []).append(c)
    for pair, cells in sorted(by_mask.items()):
        members = set(cells)

        def chained(c: int, members: set[int] = members) -> list[int]:
            return [o for o in seen[c] if o in members]

        for color, ok in two_colorings(cells, chained):
            if not ok or len(color) < 4:
                continue
            yield from _remote_pair_steps(s, pair, color, chained)


def _remote_pair_steps(s: State, pair: int, color: dict[int, int],
                       chained: Callable[[int], list[int]]) -> Iterator[Step]:
    """One step per two chain cells of opposite colors (at least three links apart) that
    cells outside see both of, drawn as the chain between them in order."""
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    x, y = digits_of(pair)
    members = sorted(color)
    done: set[frozenset[tuple[int, int]]] = set()
    for i, u in enumerate(members):
        for v in members[i + 1:]:
            if color[u] == color[v] or v in seen[u]:
                continue
            targets = s.common_seen((u, v)) - set(color)
            gone = sorted((c, d) for c in targets if masks[c] & pair
                          for d in digits_of(masks[c] & pair))
            key = frozenset(gone)
            if not gone or key in done:
                continue
            done.add(key)
            path = _chain_between(u, v, chained)
            # the first cell is y when it is not x, the next x, and so on alternately
            links = bivalue_links(s, [(c, y if k % 2 == 0 else x) for k, c in enumerate(path)])
            where = {c for c, _ in gone}
            text = (f"In the chain {eureka(tables.name, links)} every cell holds {x}/{y} "
                    f"and sees the next, so "
                    f"they alternate {x} and {y}: {tables.name(u)} and {tables.name(v)} hold one "
                    f"each. {tables.names_of(where)} {'sees' if len(where) == 1 else 'see'} "
                    f"both: remove {x} and {y} there.")
            yield Step("remote-pair", (), tuple(gone), tuple(path), (x, y), text, links)


def _chain_between(u: int, v: int, chained: Callable[[int], list[int]]) -> list[int]:
    """The shortest chain of cells from u to v, each seeing the next."""
    back = {u: u}
    todo = deque([u])
    while todo:
        c = todo.popleft()
        for o in chained(c):
            if o not in back:
                back[o] = c
                todo.append(o)
    out = [v]
    while out[-1] != u:
        out.append(back[out[-1]])
    return out[::-1]


def xy_chain(s: State, max_cells: int = 10) -> Iterator[Step]:
    """Bivalue cells, each seeing the next, where the digit that is not in one cell is in the
    next: if the first cell is not z, the last is z. A cell seeing both ends is not z, one
    of the chain's own cells too (as HoDoKu removes it)."""
    tables = s.tables
    masks = s.masks
    seen = tables.seen
    bi = _bivalue(s)
    bi_set = set(bi)
    found: set[tuple[int, int, int]] = set()
    for start in bi:
        for z in digits_of(masks[start]):
            zbit = 1 << (z - 1)
            other = (masks[start] & ~zbit).bit_length()
            # state: (cell, the digit the cell holds if start is not z)
            first = (start, other)
            parent: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
            depth = {first: 1}
            todo = deque([first])
            while todo:
                cell, holds = todo.popleft()
                if holds == z and cell != start and depth[(cell, holds)] >= 4:
                    key = (min(start, cell), max(start, cell), z)
                    if key not in found:
                        nodes = _path(parent, (cell, holds))
                        path = [c for c, _ in nodes]
                        gone = s.eliminations(s.common_seen((start, cell)), zbit, z,
                                              (start, cell))
                        if gone:
                            found.add(key)
                            links = bivalue_links(s, nodes)
                            text = (f"The chain {eureka(tables.name, links)} of "
                                    f"bivalue cells, each seeing the next: if "
                                    f"{tables.name(start)} is not {z}, each cell forces the next "
                                    f"and {tables.name(cell)} is {z}. Remove {z} from "
                                    f"{tables.names_of(c for c, _ in gone)}, which "
                                    f"{'sees' if len(gone) == 1 else 'see'} both ends.")
                            yield Step("xy-chain", (), tuple(gone), tuple(path), (z,), text,
                                       links)
                    continue
                if depth[(cell, holds)] >= max_cells:
                    continue
                hbit = 1 << (holds - 1)
                for o in seen[cell]:
                    if o in bi_set and masks[o] & hbit:
                        nxt = (o, (masks[o] & ~hbit).bit_length())
                        if nxt not in parent:
                            parent[nxt] = (cell, holds)
                            depth[nxt] = depth[(cell, holds)] + 1
                            todo.append(nxt)


def _path(parent: dict[tuple[int, int], tuple[int, int] | None], end: tuple[int, int]
          ) -> list[tuple[int, int]]:
    out = []
    node: tuple[int, int] | None = end
    while node is not None:
        out.append(node)
        node = parent[node]
    return out[::-1]


def bivalue_links(s: State, nodes: list[tuple[int, int]]) -> tuple[ChainLink, ...]:
    """The links of a chain of bivalue cells, each node (cell, the digit it holds when the
    first cell is not z): inside each cell a strong link from its other digit to that
    one, between cells a weak link on the digit the first of them holds."""
    masks = s.masks
    candidates: list[tuple[int, int]] = []
    for cell, holds in nodes:
        candidates.append((cell, (masks[cell] & ~(1 << (holds - 1))).bit_length()))
        candidates.append((cell, holds))
    return chain_links(candidates)
