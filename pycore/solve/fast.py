"""The fast solver: digit masks, constraint propagation, most-constrained-cell search.

Norvig's plan on bit masks: `assign` a digit by narrowing a cell's mask to one
bit, `eliminate` that bit from every peer, and repeat for each cell left with
one bit (naked singles). When that stalls, the houses whose cells lost digits
are swept for digits with a single place (hidden singles, counted per house with
once/twice masks) and then for digits locked in a piece a box and a line share
(locked candidates); in str8ts every compartment gets the straight range rule.
Only houses that changed are looked at again, which keeps each search node cheap
on 16x16 and 25x25 grids. When propagation stalls, the search branches on the
open cell with the fewest candidates, ties going to the cell most often blamed
for a contradiction: where one showed, and the cell whose choice led there
(dom/wdeg, which keeps big grids out of long dead ends). A variant's search may
branch instead on the two places a digit has left in a house, when they carry more of
that weight per branch than the chosen cell does (its rules' contradictions gather on
a few cells, and a two-way branch there settles them sooner).
The stack is explicit, so Pyodide's small recursion limit never matters, and a
node budget bounds hostile input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .propagators import SETTLED
from .rules import Board
from .straights import CONTRADICTION, straighten

__all__ = ["DEFAULT_MAX_NODES", "SearchLimit", "differs", "propagate", "search"]

DEFAULT_MAX_NODES = 2_000_000
_OK: tuple[int, ...] = ()
_SOMEWHERE = (-1,)


class SearchLimit(Exception):
    """The search visited more nodes than its budget allows."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        super().__init__(nodes)


def propagate(
    board: Board, masks: list[int], todo: list[int], changed: Iterable[int] | None = None
) -> tuple[int, ...]:
    """Eliminate solved cells' digits from their peers, and apply the rules, until nothing changes.

    `todo` holds solved cells whose digit has not reached their peers yet;
    `changed` the houses whose cells lost digits since the rules last looked at
    them (None: every house). Returns () when consistent, else the cells where
    a contradiction showed (a cell out of digits, a house missing one; (-1,)
    when no cell is to blame).
    """
    if board.props:
        return _propagate_variant(board, masks, todo, changed)
    return _propagate_grid(board, masks, todo, changed)


def _propagate_grid(
    board: Board, masks: list[int], todo: list[int], changed: Iterable[int] | None = None
) -> tuple[int, ...]:
    """`propagate` by the grid's own houses and peers (all a classic puzzle has)."""
    peers = board.peers
    houses = board.houses
    readers = board.readers
    house_ids = board.house_ids
    locks = board.locks
    placed_at = board.cell_count
    full = board.full
    compartments = board.compartments
    # Houses to look at again: for hidden singles, and for locked candidates.
    fresh = set(range(len(houses)) if changed is None else changed)
    unlocked: set[int] = set()
    touch = fresh.update
    while True:
        while todo:
            c = todo.pop()
            m = masks[c]
            ids = house_ids[c]
            touch(ids)
            for h in ids:
                masks[placed_at + h] |= m
            for p in peers[c]:
                pm = masks[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return (p,)
                    masks[p] = pm
                    touch(house_ids[p])
                    if not pm & (pm - 1):
                        todo.append(p)
        if fresh:
            looking = sorted(fresh)
            unlocked.update(looking)
            fresh.clear()
            # Hidden singles: a digit with one place left in a house goes there.
            for h in looking:
                placed = masks[placed_at + h]
                if placed == full:
                    continue  # a complete house has nothing left to find
                once = twice = 0
                for m in readers[h](masks):
                    twice |= once & m
                    once |= m
                if once != full:
                    return houses[h]
                lone = once & ~twice & ~placed
                if lone:
                    for c in houses[h]:
                        m = masks[c]
                        hit = m & lone
                        if hit and hit != m:
                            if hit & (hit - 1):
                                return (c,)
                            masks[c] = hit
                            todo.append(c)
            if todo:
                continue
        if unlocked:
            looking = sorted(unlocked)
            unlocked.clear()
            # Locked candidates: a digit that in a house lies in one piece leaves the piece's targets.
            for h in looking:
                placed = masks[placed_at + h]
                if placed == full:
                    continue
                for cut in locks[h]:
                    once = twice = 0
                    unions = []
                    for cells, _ in cut:
                        u = 0
                        for c in cells:
                            u |= masks[c]
                        unions.append(u)
                        twice |= once & u
                        once |= u
                    lone = once & ~twice & ~placed
                    if not lone:
                        continue
                    for (_, targets), u in zip(cut, unions, strict=True):
                        lock = u & lone
                        if not lock:
                            continue
                        for c in targets:
                            m = masks[c]
                            if m & lock:
                                m &= ~lock
                                if not m:
                                    return (c,)
                                masks[c] = m
                                touch(house_ids[c])
                                if not m & (m - 1):
                                    todo.append(c)
            if fresh or todo:
                continue
        if compartments:
            moved = straighten(masks, compartments, todo)
            if moved == CONTRADICTION:
                return _SOMEWHERE
            if moved:
                fresh.update(range(len(houses)))
                continue
        return _OK


def _propagate_variant(
    board: Board, masks: list[int], todo: list[int], changed: Iterable[int] | None
) -> tuple[int, ...]:
    """`propagate` with a variant's propagators: the grid's own rules to their fixpoint,
    then every propagator watching a cell whose mask changed since, until none narrows."""
    props = board.props
    watch = board.watch
    count = board.cell_count
    pending = set(range(len(props))) if changed is None else {k for c in todo for k in watch[c]}
    snapshot = masks[:count]
    house_ids = board.house_ids
    fresh: set[int] | None = None if changed is None else set(changed)
    while True:
        blame = _propagate_grid(board, masks, todo, fresh)
        if blame:
            return blame
        for c in board.open:
            if masks[c] != snapshot[c]:
                snapshot[c] = masks[c]
                pending.update(watch[c])
        if not pending:
            return _OK
        fresh = set()
        while pending:
            k = pending.pop()
            prop = props[k]
            moved = prop(masks)
            if moved is False:
                return board.prop_cells[k] or _SOMEWHERE
            if not moved:
                continue
            for c in moved:  # type: ignore[attr-defined]
                m = masks[c]
                snapshot[c] = m
                pending.update(watch[c])
                fresh.update(house_ids[c])
                if not m & (m - 1):
                    todo.append(c)
            if prop in SETTLED:
                pending.discard(k)  # its own narrowing leaves it at its fixpoint
        if not fresh:
            return _OK  # the propagators narrowed nothing: the grid's fixpoint holds


def _choose(
    cells: Sequence[int], masks: list[int], weights: list[int] | None, ratio: bool = False
) -> tuple[int, list[int]]:
    """The open cell to branch on (-1 when every cell is solved), and the cells of
    `cells` still open (all a child state needs to scan: cells only get solved).

    Fewest candidates first; ties go to the cell with the most contradiction weight.
    With `ratio` (a variant's search), the least candidates per unit of weight (dom/wdeg
    proper): a variant's contradictions gather on the cells its rules tie together, and
    branching there first settles them in far fewer nodes.
    """
    left = [c for c in cells if (m := masks[c]) & (m - 1)]
    best = -1
    best_k = 1 << 30
    if weights is None:
        for c in left:
            k = masks[c].bit_count()
            if k < best_k:
                best, best_k = c, k
                if k == 2:
                    break
        return best, left
    best_w = 0
    if ratio:
        best_r = 1 << 62
        for c in left:
            r = masks[c].bit_count() * 1000 // weights[c]
            if r < best_r:
                best, best_r = c, r
        return best, left
    for c in left:
        k = masks[c].bit_count()
        if k <= best_k:
            w = weights[c]
            if k < best_k or w > best_w:
                best, best_k, best_w = c, k, w
    return best, left


def _house_digit(board: Board, masks: list[int], weights: list[int], cell: int
                 ) -> tuple[int, list[int]] | None:
    """A digit with two places left in a house, to branch on instead of `cell`: (its bit,
    its two cells), or None to branch on `cell`.

    Either way the branches cover every solution (the house holds the digit somewhere).
    `cell` scores its weight per candidate; a house's digit scores the weight of its
    heavier place per place (two), and wins when it scores more: a two-way branch on the
    cells the contradictions gather on, where `cell` would open three ways or more.
    """
    k = masks[cell].bit_count()
    if k <= 2:
        return None
    best_w = weights[cell] * 2 // k  # a place must weigh more than this
    found: tuple[int, list[int]] | None = None
    houses = board.houses
    house_ids = board.house_ids
    placed_at = board.cell_count
    seen: set[int] = set()
    for c in board.open:
        m = masks[c]
        if weights[c] <= best_w or not m & (m - 1):
            continue
        for h in house_ids[c]:
            if h in seen:
                continue
            seen.add(h)
            once = twice = thrice = 0
            cells = houses[h]
            for x in cells:
                m = masks[x]
                thrice |= twice & m
                twice |= once & m
                once |= m
            two = twice & ~thrice & ~masks[placed_at + h]
            while two:
                bit = two & -two
                two ^= bit
                a, b = [x for x in cells if masks[x] & bit]
                if not masks[a] & (masks[a] - 1) or not masks[b] & (masks[b] - 1):
                    continue  # one of them holds it already: not a choice
                top = max(weights[a], weights[b])
                if top > best_w:
                    best_w = top
                    found = (bit, [a, b])
    return found


def search(
    board: Board, masks: list[int], todo: list[int], max_nodes: int = DEFAULT_MAX_NODES,
    prefer: Sequence[int] | None = None,
) -> Iterator[list[int]]:
    """Every solution's state; `masks` and `todo` are the start state (left unchanged).

    A branch tries its cell's digits lowest first, or, with `prefer` (a digit mask per
    cell), that cell's preferred digit first. Raises SearchLimit after `max_nodes` branches.
    """
    root = list(masks)
    if propagate(board, root, list(todo)):
        return
    weights: list[int] | None = None
    variant = bool(board.props)
    if variant:
        # a variant's cells start weighted by how many rules look at them (dom/deg)
        weights = [1 + len(w) for w in board.watch]
    c, left = _choose(board.open, root, weights, variant)
    if c < 0:
        yield root
        return
    nodes = 0
    # a branch: (state, cell, its digits left to try, open cells, None) or, on a digit's
    # places in a house, (state, -1, the digit's bit, open cells, its places left to try)
    stack: list[tuple[list[int], int, int, list[int], list[int] | None]] = []
    _branch(board, stack, root, c, left, weights if variant else None, prefer)
    while stack:
        parent, c, bits, left, spots = stack.pop()
        if spots is not None:
            c = spots.pop()
            bit = bits
            if spots:
                stack.append((parent, -1, bits, left, spots))
                child = parent[:]
            else:
                child = parent
        else:
            bit = bits & -bits
            if prefer is not None and bits & prefer[c]:
                bit = bits & prefer[c]
            bits ^= bit
            if bits:
                stack.append((parent, c, bits, left, None))
                child = parent[:]
            else:
                child = parent  # the last branch may reuse its parent's list
        nodes += 1
        if nodes > max_nodes:
            raise SearchLimit(nodes)
        child[c] = bit
        blame = propagate(board, child, [c], ())
        if blame:
            if weights is None:
                weights = [1] * board.cell_count
            weights[c] += 1  # the choice that led here shares the blame
            for b in blame:
                if b >= 0:
                    weights[b] += 1
            continue
        nc, still = _choose(left, child, weights, variant)
        if nc < 0:
            yield child
        else:
            _branch(board, stack, child, nc, still, weights if variant else None, prefer)


def _branch(board: Board, stack: list[tuple[list[int], int, int, list[int], list[int] | None]],
            state: list[int], cell: int, left: list[int], weights: list[int] | None,
            prefer: Sequence[int] | None) -> None:
    """Push the branch at `state`: on `cell`'s digits, or (a variant's search, `weights`
    given) on a house's digit's two places when `_house_digit` finds a better one."""
    if weights is not None:
        pick = _house_digit(board, state, weights, cell)
        if pick is not None:
            digit, places = pick
            if prefer is not None and prefer[places[0]] & digit:
                places.reverse()  # the preferred place is tried first (popped last)
            stack.append((state, -1, digit, left, places))
            return
    stack.append((state, cell, state[cell], left, None))


def differs(
    board: Board, masks: list[int], todo: list[int], solution: Sequence[int],
    cells: Sequence[int], max_nodes: int = DEFAULT_MAX_NODES,
) -> bool:
    """Whether the state (`masks`, `todo` as for `search`, left unchanged) has a solution
    other than `solution` (a digit mask per cell) in one of `cells`.

    When the state is a unique puzzle with these cells' digits taken away, that asks
    whether it is still unique: any other solution must differ from the known one in a
    cell taken away (elsewhere the givens agree). One search per cell, in which that cell
    may not hold its digit and the cells before it must: each search is pruned by the
    missing digit from its first node, where counting to two solutions would first
    find the known one and then exhaust the rest of the tree. Branches try the known
    solution's digit first: another solution, when there is one, mostly differs from it
    in a few cells, so the search meets it after a few nodes.
    Raises SearchLimit after `max_nodes` branches in one search.
    """
    for k, c in enumerate(cells):
        left = masks[c] & ~solution[c]
        if not left:
            continue
        trial = list(masks)
        queue = list(todo)
        for before in cells[:k]:
            trial[before] = solution[before]
            queue.append(before)
        trial[c] = left
        if not left & (left - 1):
            queue.append(c)
        for _ in search(board, trial, queue, max_nodes, solution):
            return True
    return False
