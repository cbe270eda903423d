"""Alternating inference chains and nice loops: strong and weak links between candidates.

A candidate is a digit in a cell. Two candidates are strongly linked when one of them must
be true (a cell's only two digits, a digit's only two places in a house), weakly linked
when not both can be (two digits of one cell, one digit in two cells that see each
other). Following "A is false, so its strong partner is true, so that one's weak
partners are false, ..." from A to a candidate Z that comes out true proves "A or Z":

- any candidate weakly linked to both A and Z is false (an AIC; with one digit and both
  ends on it, an x-chain, which is found as such first);
- when Z is A itself, A is true (a discontinuous nice loop: assuming it false proves it);
- when Z is weakly linked to A, the chain closes into a loop where exactly one end of
  every weak link is true (a continuous nice loop): each weak link then clears the
  candidates that see both its ends.

With one digit only these are X-cycles. Chains are found breadth first from every
candidate, shortest first, up to `MAX_NODES` candidates (HoDoKu's limit for nice loops
is 10), and written in Eureka notation (`state.eureka`): (5)r1c1=(5)r1c5-(5)r4c5=(3)r4c5...,
`=` a strong link and `-` a weak one, a digit change inside a cell a link like any other.

Grouped chains (HoDoKu's grouped nice loops and grouped AIC) also use group nodes: a
digit's places in the cells where a box and a row or column cross (two or three of them),
"on" when the digit is in one of them. A group is strongly linked to the rest of a house's
places of the digit, and weakly linked to each place outside it that sees all of its
cells. They are searched after the plain chains (the cheaper ones first, as HoDoKu does),
only on sudokus of one grid, and report only chains that use a group; an AIC still
starts and ends on single candidates, as HoDoKu's do. A group is written
HoDoKu's way, rows then columns (r1c23: r1c2 and r1c3); in `Step.links` it stands as its
first cell.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from functools import lru_cache
from itertools import pairwise

from .state import ChainLink, HouseTables, State, Step, digits_of, eureka

__all__ = ["MAX_NODES", "aic", "continuous_nice_loop", "discontinuous_nice_loop", "grouped_aic",
           "grouped_continuous_nice_loop", "grouped_discontinuous_nice_loop", "x_cycle"]

MAX_NODES = 12
"""Longest chain followed, in candidates."""
MAX_CELLS = 81
"""On boards of more open cells (a Samurai, a 16x16) the chains and forcing techniques
stay quiet: their search grows with the square of the candidates (HoDoKu's are for the
9x9)."""


def too_open(s: State) -> bool:
    return len(s.tables.board.open) > MAX_CELLS

Node = tuple[int, bool]  # (candidate, True when it is on)


class _Graph:
    """The candidates of a state with their strong partners and weak partners (as bit
    sets over candidate numbers: cell * n + digit - 1)."""

    def __init__(self, s: State, digit: int | None) -> None:
        tables = s.tables
        n = tables.n
        masks = s.masks
        self.n = n
        self.masks = masks
        self.present = 0
        cands: list[int] = []
        for c in tables.board.open:
            for d in digits_of(masks[c]):
                if digit is None or d == digit:
                    cands.append(c * n + d - 1)
                    self.present |= 1 << (c * n + d - 1)
        self.cands = cands
        self.targets = self.present
        """What a conclusion may remove: the single candidates (no groups)."""
        self.groups: dict[int, tuple[int, ...]] = {}
        """Group nodes: their cells (none in a plain graph)."""
        self.group_digit: dict[int, int] = {}
        self.strong: dict[int, list[int]] = {x: [] for x in cands}
        self.weak: dict[int, int] = {}
        seen = tables.seen
        for x in cands:
            c, d = divmod(x, n)
            bit = 1 << d
            weak = 0
            if digit is None:
                for e in digits_of(masks[c] & ~bit):
                    weak |= 1 << (c * n + e - 1)
                if bin(masks[c]).count("1") == 2:
                    other = (masks[c] & ~bit).bit_length() - 1
                    self.strong[x].append(c * n + other)
            for p in seen[c]:
                if masks[p] & bit:
                    weak |= 1 << (p * n + d)
            self.weak[x] = weak
        for house in tables.houses:
            for d in range(n) if digit is None else (digit - 1,):
                places = [c for c in house if masks[c] >> d & 1]
                if len(places) == 2:
                    a, b = (c * n + d for c in places)
                    if b not in self.strong[a]:
                        self.strong[a].append(b)
                        self.strong[b].append(a)

    def name(self, x: int) -> tuple[int, int]:
        """(cell, digit) of a node; a group's first cell stands for it."""
        if x in self.groups:
            return self.groups[x][0], self.group_digit[x]
        c, d = divmod(x, self.n)
        return c, d + 1

    def members(self, x: int) -> int:
        """The candidates a node stands for, as a bit set of candidate numbers."""
        if x not in self.groups:
            return 1 << x
        d = self.group_digit[x] - 1
        return sum(1 << (c * self.n + d) for c in self.groups[x])


class _GroupedGraph(_Graph):
    """The candidates and the group nodes of a one-grid sudoku's state with regular boxes
    (group numbers follow the candidate numbers), with their strong and weak partners: a
    group is a digit's places where a box crosses another house (a row, a column, or a
    variant's diagonal or extra region)."""

    def __init__(self, s: State) -> None:
        super().__init__(s, None)
        tables = s.tables
        n = self.n
        masks = s.masks
        seen = tables.seen
        by_cells: dict[tuple[frozenset[int], int], int] = {}
        for x in self.cands:
            c, d = divmod(x, n)
            by_cells[frozenset((c,)), d + 1] = x
        next_id = len(masks) * n
        for h, house in enumerate(tables.houses):
            if tables.house_kind[h] == "box":
                continue
            line = set(house)
            for b in {tables.box[c] for c in house}:
                cross = [c for c in tables.houses[b] if c in line]
                for d in range(1, n + 1):
                    cells = tuple(c for c in cross if masks[c] >> (d - 1) & 1)
                    if len(cells) >= 2:
                        self.groups[next_id] = cells
                        self.group_digit[next_id] = d
                        by_cells[frozenset(cells), d] = next_id
                        self.present |= 1 << next_id
                        self.strong[next_id] = []
                        next_id += 1
        falsified: dict[int, int] = {}  # group -> the candidates it makes false (bit set)
        for g, cells in self.groups.items():
            d = self.group_digit[g]
            common = set(seen[cells[0]]).intersection(*(seen[c] for c in cells[1:]))
            falsified[g] = sum(1 << (c * n + d - 1) for c in common if masks[c] >> (d - 1) & 1)
            self.weak[g] = falsified[g]
        for g in self.groups:  # a group is off when none of its cells is on
            need = self.members(g)
            for x in self.cands:
                if self.weak[x] & need == need:
                    self.weak[x] |= 1 << g
            for other in self.groups:
                if other != g and falsified[other] & need == need:
                    self.weak[other] |= 1 << g
        for house in tables.houses:
            for d in range(1, n + 1):
                places = frozenset(c for c in house if masks[c] >> (d - 1) & 1)
                if len(places) < 3:
                    continue  # two places: a plain strong link, already there
                for (part, digit), a in by_cells.items():
                    if digit != d or not part < places:
                        continue
                    rest = by_cells.get((places - part, d))
                    if rest is not None and rest not in self.strong[a]:
                        self.strong[a].append(rest)


Found = tuple[str, list[Node], list[tuple[int, int]], list[tuple[int, int]]]


def _graphs(s: State, digit: int | None, grouped: bool) -> list[_Graph]:
    if grouped:
        return [_GroupedGraph(s)]
    if digit is None:
        return [_Graph(s, None)]
    return [_Graph(s, digit)]


def _chains(s: State, digit: int | None, grouped: bool = False
            ) -> tuple[tuple[_Graph, Found], ...]:
    """(graph, (kind, chain, placements, eliminations)) for each useful chain, shortest
    first from each start candidate; grouped, only the chains through a group. The
    continuous and discontinuous loops and the AICs each take every chain of the state
    (the grader takes the best of all three kinds), so the search runs once for them."""
    if too_open(s) or (grouped and not s.tables.box):  # groups: where a box and a house cross
        return ()
    return _all_chains(s.tables, tuple(s.masks), digit, grouped)


@lru_cache(maxsize=16)
def _all_chains(tables: HouseTables, masks: tuple[int, ...], digit: int | None, grouped: bool
                ) -> tuple[tuple[_Graph, Found], ...]:
    s = State.__new__(State)
    s.tables, s.masks = tables, list(masks)
    return tuple(_search(s, digit, grouped))


def _search(s: State, digit: int | None, grouped: bool) -> Iterator[tuple[_Graph, Found]]:
    """One chain per conclusion, the shortest (the first found of those), as HoDoKu keeps
    one nice loop or AIC per set of eliminations: whether a conclusion is a loop's or an
    AIC's is the shorter chain's kind."""
    for g in _graphs(s, digit, grouped):
        kept: dict[frozenset[tuple[int, int]], Found] = {}
        for start in g.cands:
            for kind, chain, placed, gone in _from(g, start):
                if grouped and not any(x in g.groups for x, _ in chain):
                    continue
                key = frozenset(placed) | frozenset((c, -d) for c, d in gone)
                if key not in kept or len(chain) < len(kept[key][1]):
                    kept[key] = (kind, chain, placed, gone)
        for found in kept.values():
            yield g, found


def _from(g: _Graph, start: int) -> Iterator[tuple[str, list[Node], list[tuple[int, int]],
                                                   list[tuple[int, int]]]]:
    first: Node = (start, False)
    parent: dict[Node, Node | None] = {first: None}
    depth = {first: 1}
    todo = deque([first])
    while todo:
        node = todo.popleft()
        x, on = node
        if on and depth[node] >= 3:
            found = _conclude(g, start, x, parent, node)
            if found is not None:
                yield found
        if depth[node] >= MAX_NODES:
            continue
        if on:
            nexts = [(w, False) for w in _members(g.weak[x] & g.present)]
        else:
            nexts = [(y, True) for y in g.strong[x]]
        for nxt in nexts:
            if nxt not in parent:
                parent[nxt] = node
                depth[nxt] = depth[node] + 1
                todo.append(nxt)


def _members(bitset: int) -> Iterator[int]:
    while bitset:
        low = bitset & -bitset
        yield low.bit_length() - 1
        bitset ^= low


def _path(parent: dict[Node, Node | None], end: Node) -> list[Node]:
    out = []
    node: Node | None = end
    while node is not None:
        out.append(node)
        node = parent[node]
    return out[::-1]


def _conclude(g: _Graph, start: int, end: int, parent: dict[Node, Node | None], node: Node
              ) -> tuple[str, list[Node], list[tuple[int, int]], list[tuple[int, int]]] | None:
    chain = _path(parent, node)
    if end == start:
        # the start is true: as HoDoKu has it, its cell's other candidates go (a naked
        # single places the digit next); the loop itself places nothing
        cell, digit = g.name(start)
        others = [(cell, d) for d in digits_of(g.masks[cell]) if d != digit]
        return ("discontinuous", chain, [], others) if others else None
    if g.weak[start] >> end & 1:
        gone = _loop_eliminations(g, chain)
        return ("continuous", chain, [], gone) if gone else None
    if end in g.groups:
        return None  # HoDoKu's AICs end on a candidate, never a group
    common = g.weak[start] & g.weak[end] & g.targets
    if not common:
        return None
    return "aic", chain, [], sorted(g.name(t) for t in _members(common))


def _loop_eliminations(g: _Graph, chain: list[Node]) -> list[tuple[int, int]]:
    """In a continuous loop exactly one end of each weak link is true: candidates weakly
    linked to both ends of one (and in the loop at none) are false."""
    in_loop = 0
    for x, _ in chain:
        in_loop |= g.members(x)
    pairs = [(a[0], b[0]) for a, b in pairwise(chain) if a[1]]  # on -> off: weak
    pairs.append((chain[-1][0], chain[0][0]))  # the link that closes the loop
    gone = 0
    for a, b in pairs:
        gone |= g.weak[a] & g.weak[b]
    gone &= g.targets & ~in_loop
    return sorted(g.name(t) for t in _members(gone))


def links_of(g: _Graph, chain: list[Node]) -> list[ChainLink]:
    """The chain's links in order: strong from a candidate that is off (if it is false,
    the next is true), weak from one that is on (a group stands as its first cell)."""
    return [g.name(x) + g.name(y) + (not on,) for (x, on), (y, _) in pairwise(chain)]


def group_name(s: State, cells: tuple[int, ...]) -> str:
    """HoDoKu's name of a group of cells in one row or column: r1c23, r45c9; a group on
    a variant's diagonal or extra region, in neither, is its cells: r1c1/r2c2."""
    cols = s.tables.cols
    in_rows = sorted({c // cols for c in cells})
    in_columns = sorted({c % cols for c in cells})
    if len(in_rows) > 1 and len(in_columns) > 1:
        return "/".join(s.tables.name(c) for c in sorted(cells))
    rows = "".join(str(r + 1) for r in in_rows)
    columns = "".join(str(k + 1) for k in in_columns)
    return f"r{rows}c{columns}"


KINDS = {"discontinuous-nice-loop": "discontinuous", "continuous-nice-loop": "continuous",
         "aic": "aic", "x-cycle": None, "grouped-discontinuous-nice-loop": "discontinuous",
         "grouped-continuous-nice-loop": "continuous", "grouped-aic": "aic"}


def _step(s: State, technique: str, digit: int | None) -> Iterator[Step]:
    want = KINDS[technique]
    grouped = technique.startswith("grouped-")
    for g, (kind, chain, placed, gone) in _chains(s, digit, grouped):
        if want is not None and kind != want:
            continue
        labels = [_label(s, g, x) for x, _ in chain]
        a = f"{g.name(chain[0][0])[1]} in {labels[0]}"
        z = f"{g.name(chain[-1][0])[1]} in {labels[-1]}"
        links = links_of(g, chain)
        drawn = eureka(s.tables.name, links, labels)
        if kind == "continuous":  # the loop closes with a weak link back to the start
            links.append(links[-1][2:4] + links[0][:2] + (False,))
        if kind == "discontinuous":
            lost = [str(d) for _, d in gone]
            listed = lost[0] if len(lost) == 1 else f"{', '.join(lost[:-1])} and {lost[-1]}"
            text = (f"If {a} were false, the chain {drawn} would make it true: so it is true, "
                    f"and {labels[0]} loses its other candidate{'s' * (len(gone) > 1)} {listed}.")
        elif kind == "continuous":
            text = (f"The chain {drawn} closes into a loop ({z} and {a} see each other): "
                    f"exactly one end of each weak link is true, so the candidates that see "
                    f"both ends of one go: {_removals(s, gone)}.")
        else:
            text = (f"The chain {drawn} proves that {a} or {z} is true "
                    f"(if the first is false, the last is true): {_removals(s, gone)} "
                    f"{'sees' if len(gone) == 1 else 'see'} both, so "
                    f"{'goes' if len(gone) == 1 else 'go'}.")
        if technique == "x-cycle":
            text = "X-cycle on one digit: " + text[:1].lower() + text[1:]
        if grouped:
            groups = list(dict.fromkeys(x for x, _ in chain if x in g.groups))
            said = "; ".join(f"the group {group_name(s, g.groups[x])} stands for "
                             f"{g.group_digit[x]} in "
                             f"{' or '.join(s.tables.name(c) for c in g.groups[x])}"
                             for x in groups)
            text += f" ({said[:1].upper()}{said[1:]}.)"
        cells = tuple(dict.fromkeys(c for x, _ in chain for c in g.groups.get(x, (g.name(x)[0],))))
        ds = tuple(sorted({g.name(x)[1] for x, _ in chain}))
        yield Step(technique, tuple(placed), tuple(gone), cells, ds, text, tuple(links))


def _label(s: State, g: _Graph, x: int) -> str:
    return group_name(s, g.groups[x]) if x in g.groups else s.tables.name(g.name(x)[0])


def _removals(s: State, gone: list[tuple[int, int]]) -> str:
    by_digit: dict[int, list[int]] = {}
    for c, d in sorted(gone, key=lambda e: (e[1], e[0])):
        by_digit.setdefault(d, []).append(c)
    return "; ".join(f"{d} from {s.tables.names_of(cells)}" for d, cells in by_digit.items())


def x_cycle(s: State) -> Iterator[Step]:
    """Nice loops and chains on one digit (strong links where it has two places)."""
    for d in range(1, s.tables.n + 1):
        yield from _step(s, "x-cycle", d)


def continuous_nice_loop(s: State) -> Iterator[Step]:
    return _step(s, "continuous-nice-loop", None)


def discontinuous_nice_loop(s: State) -> Iterator[Step]:
    return _step(s, "discontinuous-nice-loop", None)


def aic(s: State) -> Iterator[Step]:
    return _step(s, "aic", None)


def grouped_continuous_nice_loop(s: State) -> Iterator[Step]:
    return _step(s, "grouped-continuous-nice-loop", None)


def grouped_discontinuous_nice_loop(s: State) -> Iterator[Step]:
    return _step(s, "grouped-discontinuous-nice-loop", None)


def grouped_aic(s: State) -> Iterator[Step]:
    return _step(s, "grouped-aic", None)
