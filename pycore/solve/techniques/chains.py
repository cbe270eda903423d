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
is 10), and written in HoDoKu's notation: r1c1 =5= r1c5 -5- r4c5 =3= ... between cells,
a digit change inside a cell shown by the cell's two digits.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import pairwise

from .state import ChainLink, State, Step, digits_of

__all__ = ["MAX_NODES", "aic", "continuous_nice_loop", "discontinuous_nice_loop", "x_cycle"]

MAX_NODES = 12
"""Longest chain followed, in candidates."""
MAX_CELLS = 81
"""On boards of more open cells (a Samurai, a 16x16) the chains and forcing techniques
stay quiet: their search grows with the square of the candidates (HoDoKu's are for the
9x9)."""


def too_open(s: State) -> bool:
    return len(s.shape.board.open) > MAX_CELLS

Node = tuple[int, bool]  # (candidate, True when it is on)


class _Graph:
    """The candidates of a state with their strong partners and weak partners (as bit
    sets over candidate numbers: cell * n + digit - 1)."""

    def __init__(self, s: State, digit: int | None) -> None:
        shape = s.shape
        n = shape.n
        masks = s.masks
        self.n = n
        self.present = 0
        cands: list[int] = []
        for c in shape.board.open:
            for d in digits_of(masks[c]):
                if digit is None or d == digit:
                    cands.append(c * n + d - 1)
                    self.present |= 1 << (c * n + d - 1)
        self.cands = cands
        self.strong: dict[int, list[int]] = {x: [] for x in cands}
        self.weak: dict[int, int] = {}
        seen = shape.seen
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
        for house in shape.houses:
            for d in range(n) if digit is None else (digit - 1,):
                places = [c for c in house if masks[c] >> d & 1]
                if len(places) == 2:
                    a, b = (c * n + d for c in places)
                    if b not in self.strong[a]:
                        self.strong[a].append(b)
                        self.strong[b].append(a)

    def name(self, x: int) -> tuple[int, int]:
        c, d = divmod(x, self.n)
        return c, d + 1


def _chains(s: State, digit: int | None) -> Iterator[tuple[str, list[Node], list[tuple[int, int]],
                                                           list[tuple[int, int]]]]:
    """(kind, chain, placements, eliminations) for each useful chain, shortest first from
    each start candidate."""
    if too_open(s):
        return
    digits = range(1, s.shape.n + 1) if digit is None else (digit,)
    graphs = [_Graph(s, d) for d in digits] if digit is not None else [_Graph(s, None)]
    for g in graphs:
        done: set[frozenset[tuple[int, int]]] = set()
        for start in g.cands:
            for kind, chain, placed, gone in _from(g, start):
                key = frozenset(placed) | frozenset((c, -d) for c, d in gone)
                if key in done:
                    continue
                done.add(key)
                yield kind, chain, placed, gone


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
        return "discontinuous", chain, [g.name(start)], []
    if g.weak[start] >> end & 1:
        gone = _loop_eliminations(g, chain)
        return ("continuous", chain, [], gone) if gone else None
    common = g.weak[start] & g.weak[end] & g.present
    if not common:
        return None
    return "aic", chain, [], sorted(g.name(t) for t in _members(common))


def _loop_eliminations(g: _Graph, chain: list[Node]) -> list[tuple[int, int]]:
    """In a continuous loop exactly one end of each weak link is true: candidates weakly
    linked to both ends of one (and in the loop at none) are false."""
    in_loop = 0
    for x, _ in chain:
        in_loop |= 1 << x
    pairs = [(a[0], b[0]) for a, b in pairwise(chain) if a[1]]  # on -> off: weak
    pairs.append((chain[-1][0], chain[0][0]))  # the link that closes the loop
    gone = 0
    for a, b in pairs:
        gone |= g.weak[a] & g.weak[b]
    gone &= g.present & ~in_loop
    return sorted(g.name(t) for t in _members(gone))


def links_of(n: int, chain: list[Node]) -> list[ChainLink]:
    """The chain's links in order: strong from a candidate that is off (if it is false,
    the next is true), weak from one that is on."""
    out: list[ChainLink] = []
    for (x, on), (y, _) in pairwise(chain):
        out.append((x // n, x % n + 1, y // n, y % n + 1, not on))
    return out


def notation(s: State, links: list[ChainLink]) -> str:
    """HoDoKu's notation: cells joined by =d= (strong) and -d- (weak) links; where the
    chain changes digit inside a cell, the cell shows both ("r4c5(5/3)")."""
    name = s.shape.name
    nodes = [links[0][:2]] + [link[2:4] for link in links]
    parts: list[str] = []
    k = 0
    while k < len(nodes):
        cell, digit = nodes[k]
        if k + 1 < len(nodes) and nodes[k + 1][0] == cell:
            parts.append(f"{name(cell)}({digit}/{nodes[k + 1][1]})")
            k += 2
        else:
            parts.append(name(cell))
            k += 1
        if k < len(nodes):
            link = "=" if links[k - 1][4] else "-"
            parts.append(f"{link}{nodes[k][1]}{link}")
    return " ".join(parts)


def _step(s: State, technique: str, digit: int | None) -> Iterator[Step]:
    shape = s.shape
    n = shape.n
    want = {"discontinuous-nice-loop": "discontinuous", "continuous-nice-loop": "continuous",
            "aic": "aic", "x-cycle": None}[technique]
    for kind, chain, placed, gone in _chains(s, digit):
        if want is not None and kind != want:
            continue
        start_c, start_d = divmod(chain[0][0], n)
        end_c, end_d = divmod(chain[-1][0], n)
        a = f"{start_d + 1} in {shape.name(start_c)}"
        z = f"{end_d + 1} in {shape.name(end_c)}"
        links = links_of(n, chain)
        drawn = notation(s, links)
        if kind == "continuous":  # the loop closes with a weak link back to the start
            links.append(links[-1][2:4] + links[0][:2] + (False,))
        if kind == "discontinuous":
            text = (f"If {a} were false, the chain {drawn} would make it true: so it is true.")
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
        cells = tuple(dict.fromkeys(x // n for x, _ in chain))
        ds = tuple(sorted({x % n + 1 for x, _ in chain}))
        yield Step(technique, tuple(placed), tuple(gone), cells, ds, text, tuple(links))


def _removals(s: State, gone: list[tuple[int, int]]) -> str:
    by_digit: dict[int, list[int]] = {}
    for c, d in sorted(gone, key=lambda e: (e[1], e[0])):
        by_digit.setdefault(d, []).append(c)
    return "; ".join(f"{d} from {s.shape.names_of(cells)}" for d, cells in by_digit.items())


def x_cycle(s: State) -> Iterator[Step]:
    """Nice loops and chains on one digit (strong links where it has two places)."""
    for d in range(1, s.shape.n + 1):
        yield from _step(s, "x-cycle", d)


def continuous_nice_loop(s: State) -> Iterator[Step]:
    return _step(s, "continuous-nice-loop", None)


def discontinuous_nice_loop(s: State) -> Iterator[Step]:
    return _step(s, "discontinuous-nice-loop", None)


def aic(s: State) -> Iterator[Step]:
    return _step(s, "aic", None)
