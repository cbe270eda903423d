"""Forcing chains and nets: follow what one assumption implies, and see where it leads.

A forcing chain follows the links of the chain techniques (`chains`): a true candidate
makes its weak partners false, a false one makes its strong partner true. A forcing net
places singles instead (every naked and hidden single the assumption leads to, with
locked candidates between them), which reaches further
because a single may need several earlier conclusions at once.

- contradiction: assuming a candidate true leads to a candidate both true and false (a
  chain) or to a cell or house with no place left (a net): the candidate is false;
- verity: every candidate of a cell, or every place of a digit in a house, leads to the
  same conclusion: it holds whichever is true.

These are HoDoKu's last logical resorts before guessing (level extreme).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import pairwise

from ..fast import propagate
from ..rules import state_size
from .chains import _Graph, too_open
from .state import ChainLink, State, Step, digits_of, eureka

__all__ = ["forcing_chain_contradiction", "forcing_chain_verity", "forcing_net_contradiction",
           "forcing_net_verity"]

Node = tuple[int, bool]
Reached = dict[Node, Node | None]


def _reach(g: _Graph, start: Node) -> Reached:
    """Every candidate state the assumption implies, each with the one it came from."""
    parent: Reached = {start: None}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        x, on = node
        if on:
            w = g.weak[x] & g.present
            nexts = []
            while w:
                low = w & -w
                nexts.append((low.bit_length() - 1, False))
                w ^= low
        else:
            nexts = [(y, True) for y in g.strong[x]]
        for nxt in nexts:
            if nxt not in parent:
                parent[nxt] = node
                todo.append(nxt)
    return parent


def _trail(reached: Reached, end: Node) -> list[Node]:
    """The candidates from the assumption to `end`, in order."""
    out = []
    node: Node | None = end
    while node is not None:
        out.append(node)
        node = reached[node]
    return out[::-1]


def _told(g: _Graph, s: State, trail: list[Node]) -> str:
    """A trail in Eureka notation, as its chain: from a true candidate a weak link (-) to
    the next, which is false; from a false one a strong link (=) to the next, true."""
    links = [g.name(x) + g.name(y) + (not on,) for (x, on), (y, _) in pairwise(trail)]
    return eureka(s.tables.name, links)


def _links(g: _Graph, trails: list[list[Node]]) -> tuple[ChainLink, ...]:
    """The trails' links, each once, trail after trail: weak from a candidate that is
    true (the next is false), strong from one that is false (the next is true)."""
    out: dict[ChainLink, None] = {}
    for trail in trails:
        for (x, on), (y, _) in pairwise(trail):
            out[g.name(x) + g.name(y) + (not on,)] = None
    return tuple(out)


def _said(g: _Graph, s: State, node: Node) -> str:
    c, d = g.name(node[0])
    return f"{s.tables.name(c)}{'=' if node[1] else '<>'}{d}"


def forcing_chain_contradiction(s: State) -> Iterator[Step]:
    if too_open(s):
        return
    g = _Graph(s, None)
    for x in g.cands:
        reached = _reach(g, (x, True))
        clash = next((y for y, on in reached if on and (y, False) in reached), None)
        if clash is None:
            continue
        c, d = g.name(x)
        trails = [_trail(reached, (clash, False))]
        if clash == x:
            shown = f"{_told(g, s, trails[0])}, against the assumption"
        else:
            trails.insert(0, _trail(reached, (clash, True)))
            shown = f"{_told(g, s, trails[0])}, but also {_told(g, s, trails[1])}"
        text = f"If {s.tables.name(c)} were {d}: {shown}. So {s.tables.name(c)} is not {d}."
        yield Step("forcing-chain-contradiction", (), ((c, d),), _cells(g, reached), (d,), text,
                   _links(g, trails))


def forcing_chain_verity(s: State) -> Iterator[Step]:
    if too_open(s):
        return
    g = _Graph(s, None)
    for label, sources in _sources(s, g):
        reach = [_reach(g, (x, True)) for x in sources]
        common = set(reach[0])
        for r in reach[1:]:
            common &= set(r)
        common -= {(x, True) for x in sources}
        placed = sorted(g.name(y) for y, on in common if on)
        gone = sorted(g.name(y) for y, on in common if not on and y not in sources)
        if not placed and not gone:
            continue
        target = (next(y for y, on in common if on), True) if placed else \
            (next(y for y, on in common if not on and y not in sources), False)
        trails = [_trail(r, target) for r in reach]
        ways = "; ".join(_told(g, s, trail) for trail in trails)
        what = _said(g, s, target)
        more = len(placed) + len(gone) - 1
        also = f" (and {more} more conclusion{'s' * (more != 1)} the same way)" if more else ""
        text = f"One of {label} is true, and each leads to {what}: {ways}. So {what}{also}."
        cells = tuple(sorted({g.name(x)[0] for x in sources}))
        yield Step("forcing-chain-verity", tuple(placed), tuple(gone), cells, (), text,
                   _links(g, trails))


def _sources(s: State, g: _Graph) -> Iterator[tuple[str, list[int]]]:
    """("the digits of r1c1", candidates) for cells of two or three digits, then
    ("the places of 5 in row 3", candidates) for digits with two or three places."""
    tables = s.tables
    n = tables.n
    masks = s.masks
    for c in tables.board.open:
        ds = digits_of(masks[c])
        if 2 <= len(ds) <= 3:
            yield (f"the digits of {tables.name(c)} ({'/'.join(map(str, ds))})",
                   [c * n + d - 1 for d in ds])
    for h, house in enumerate(tables.houses):
        for d in range(1, n + 1):
            places = [c for c in house if masks[c] >> (d - 1) & 1]
            if 2 <= len(places) <= 3:
                yield (f"the places of {d} in {tables.names[h]} ({tables.names_of(places)})",
                       [c * n + d - 1 for c in places])


def _cells(g: _Graph, reached: Reached) -> tuple[int, ...]:
    return tuple(sorted({g.name(x)[0] for x, _ in reached}))[:40]


# -- nets: singles from an assumption -------------------------------------------------


def _net(s: State, cell: int, digit: int) -> tuple[list[tuple[int, int]], str | None]:
    """The singles that follow from placing digit in cell (with locked candidates between
    them: the fast solver's propagation), and what broke (a cell or a house with no place
    left), if anything."""
    board = s.tables.board
    masks = [0] * state_size(board)
    before = s.digits
    for c in board.open:
        masks[c] = 1 << (before[c] - 1) if before[c] else s.masks[c]
    for h, house in enumerate(board.houses):
        masks[board.cell_count + h] = s.placed_in(house)
    masks[cell] = 1 << (digit - 1)
    blame = propagate(board, masks, [cell])
    if blame:
        if len(blame) == 1 and blame[0] >= 0:
            return [], f"{s.tables.name(blame[0])} would have no digit left"
        if len(blame) > 1:
            where = s.tables.names[board.houses.index(tuple(blame))] \
                if tuple(blame) in board.houses else "a house"
            return [], f"{where} would have no place left for a digit it needs"
        return [], "the digits would clash"
    placed = [(c, masks[c].bit_length()) for c in board.open
              if not before[c] and c != cell and not masks[c] & (masks[c] - 1)]
    return placed, None


def forcing_net_contradiction(s: State) -> Iterator[Step]:
    if too_open(s):
        return
    for c in s.unsolved():
        for d in digits_of(s.masks[c]):
            _, broke = _net(s, c, d)
            if broke is None:
                continue
            name = s.tables.name(c)
            text = (f"If {name} were {d}, the singles and locked candidates that follow would "
                    f"leave no room: {broke}. So {name} is not {d}.")
            cells = (c,)
            yield Step("forcing-net-contradiction", (), ((c, d),), cells, (d,), text)


def forcing_net_verity(s: State) -> Iterator[Step]:
    if too_open(s):
        return
    g = _Graph(s, None)
    n = s.tables.n
    for label, sources in _sources(s, g):
        outcomes = [_net(s, x // n, x % n + 1) for x in sources]
        if any(broke for _, broke in outcomes):
            continue  # a contradiction, found as such
        common = set(outcomes[0][0])
        for placed, _ in outcomes[1:]:
            common &= set(placed)
        if not common:
            continue
        c, d = min(common)
        name = s.tables.name(c)
        ways = "; ".join(f"{s.tables.name(x // n)}={x % n + 1} gives {name}={d}"
                         for x in sources)
        text = f"One of {label} is true, and each leads to {name} being {d} ({ways}). So {name} is {d}."
        yield Step("forcing-net-verity", ((c, d),), (), tuple(sorted({x // n for x in sources}
                                                                     | {c})), (d,), text)
