"""The fast solver: digit masks, constraint propagation, most-constrained-cell search.

Norvig's plan on bit masks: `assign` a digit by narrowing a cell's mask to one
bit, `eliminate` that bit from every peer, and repeat for each cell left with
one bit (naked singles). When that stalls, every full house is swept for digits
with a single place (hidden singles), box/line crossings for digits locked in
their shared cells (locked candidates) and, in str8ts, every compartment gets
the straight range rule. When propagation stalls, the search branches on the
open cell with the fewest candidates, weighted by how often that cell was where
a contradiction showed (dom/wdeg, which keeps big grids out of long dead ends).
The stack is explicit, so Pyodide's small recursion limit never matters, and a
node budget bounds hostile input.
"""

from __future__ import annotations

from collections.abc import Iterator

from .rules import Board
from .straights import CONTRADICTION, straighten

__all__ = ["DEFAULT_MAX_NODES", "SearchLimit", "propagate", "search"]

DEFAULT_MAX_NODES = 2_000_000
_OK: tuple[int, ...] = ()
_SOMEWHERE = (-1,)


class SearchLimit(Exception):
    """The search visited more nodes than its budget allows."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        super().__init__(nodes)


def propagate(board: Board, masks: list[int], todo: list[int]) -> tuple[int, ...]:
    """Eliminate solved cells' digits from their peers, and apply the rules, until nothing changes.

    `todo` holds solved cells whose digit has not reached their peers yet.
    Returns () when consistent, else the cells where a contradiction showed
    (a cell out of digits, a house missing one; (-1,) when no cell is to blame).
    """
    peers = board.peers
    houses = board.houses
    readers = board.readers
    house_ids = board.house_ids
    base = board.cell_count
    full = board.full
    compartments = board.compartments
    crossings = board.crossings
    segments = board.segments
    while True:
        while todo:
            c = todo.pop()
            m = masks[c]
            for h in house_ids[c]:
                masks[base + h] |= m
            for p in peers[c]:
                pm = masks[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return (p,)
                    masks[p] = pm
                    if not pm & (pm - 1):
                        todo.append(p)
        h = base
        for read in readers:
            placed = masks[h]
            h += 1
            if placed == full:
                continue  # a complete house has nothing left to find
            once = twice = 0
            for m in read(masks):
                twice |= once & m
                once |= m
            if once != full:
                return houses[h - base - 1]
            lone = once & ~twice & ~placed
            if lone:
                for c in houses[h - base - 1]:
                    m = masks[c]
                    hit = m & lone
                    if hit and hit != m:
                        if hit & (hit - 1):
                            return (c,)
                        masks[c] = hit
                        todo.append(c)
        if todo:
            continue
        if crossings:
            changed = False
            unions = []
            for seg in segments:
                u = 0
                for c in seg:
                    u |= masks[c]
                unions.append(u)
            for seg_id, sibs_a, sibs_b, rest_a, rest_b in crossings:
                inside = unions[seg_id]
                out_a = out_b = 0
                for k in sibs_a:
                    out_a |= unions[k]
                for k in sibs_b:
                    out_b |= unions[k]
                # A digit of house a found only in the shared cells leaves the rest of b.
                for lock, rest in ((inside & ~out_a & out_b, rest_b), (inside & ~out_b & out_a, rest_a)):
                    if not lock:
                        continue
                    for c in rest:
                        m = masks[c]
                        if m & lock:
                            m &= ~lock
                            if not m:
                                return (c,)
                            masks[c] = m
                            changed = True
                            if not m & (m - 1):
                                todo.append(c)
            if changed:
                continue
        if compartments:
            count = straighten(masks, compartments, todo)
            if count == CONTRADICTION:
                return _SOMEWHERE
            if count:
                continue
        return _OK


def _choose(cells: tuple[int, ...], masks: list[int], weights: list[int] | None) -> int:
    """The open cell to branch on (-1 when every cell is solved).

    Fewest candidates first; once contradictions have been seen, fewest
    candidates per contradiction weight (candidates / (1 + weight)).
    """
    best = -1
    if weights is None:
        fewest = 1 << 30
        for c in cells:
            m = masks[c]
            if m & (m - 1):
                k = m.bit_count()
                if k < fewest:
                    if k == 2:
                        return c
                    fewest = k
                    best = c
        return best
    best_k, best_w = 1 << 30, 0
    for c in cells:
        m = masks[c]
        if m & (m - 1):
            k = m.bit_count()
            if k <= best_k:
                w = weights[c]
                if k < best_k or w > best_w:
                    best, best_k, best_w = c, k, w
    return best


def search(
    board: Board, masks: list[int], todo: list[int], max_nodes: int = DEFAULT_MAX_NODES
) -> Iterator[list[int]]:
    """Every solution's state; `masks` and `todo` are the start state (left unchanged).

    Raises SearchLimit after `max_nodes` branches.
    """
    root = list(masks)
    if propagate(board, root, list(todo)):
        return
    cells = board.open
    weights: list[int] | None = None
    c = _choose(cells, root, weights)
    if c < 0:
        yield root
        return
    nodes = 0
    stack: list[tuple[list[int], int, int]] = [(root, c, root[c])]
    while stack:
        parent, c, bits = stack.pop()
        bit = bits & -bits
        bits ^= bit
        if bits:
            stack.append((parent, c, bits))
            child = parent[:]
        else:
            child = parent  # the last branch may reuse its parent's list
        nodes += 1
        if nodes > max_nodes:
            raise SearchLimit(nodes)
        child[c] = bit
        blame = propagate(board, child, [c])
        if blame:
            if weights is None:
                weights = [1] * board.cell_count
            for b in blame:
                if b >= 0:
                    weights[b] += 1
            continue
        nc = _choose(cells, child, weights)
        if nc < 0:
            yield child
        else:
            stack.append((child, nc, child[nc]))
