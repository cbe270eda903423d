"""Singles: the last empty cell of a house, a cell with one candidate, a digit with one place.

They are found in the order HoDoKu's solver takes them, from the state's singles queues
(`State.singles`): a full house is the first waiting naked single that is the last empty
cell of a house, a naked single the first waiting one, a hidden single the first waiting
one. So a cell that is both a naked and a hidden single is named (and scored) as HoDoKu
names it, by which of the two came up first.
"""

from __future__ import annotations

from collections.abc import Iterator

from .state import Queues, State, Step

__all__ = ["full_house", "hidden_single", "naked_single"]


def _waiting_naked(s: State, q: Queues) -> Iterator[int]:
    """The queued naked singles still open, first queued first (the filled ones at the
    front are dropped for good)."""
    digits, naked = s.digits, q.naked
    while q.naked_at < len(naked) and digits[naked[q.naked_at]]:
        q.naked_at += 1
    masks = s.masks
    for i in range(q.naked_at, len(naked)):
        c = naked[i]
        m = masks[c]
        if not digits[c] and m and not m & (m - 1):
            yield c


def full_house(s: State) -> Iterator[Step]:
    """A house with one empty cell left: it takes the one digit the house still misses."""
    tables = s.tables
    full = tables.board.full
    empty = s.empty
    q = s.singles()
    for c in _waiting_naked(s, q):
        m = s.masks[c]
        for h in tables.house_ids[c]:
            if empty[h] == 1 and full & ~s.placed[h] == m:
                d = m.bit_length()
                yield Step("full-house", ((c, d),), (), (c,), (d,),
                           f"{tables.name(c)} is the last empty cell in {tables.names[h]}, "
                           f"which still misses {d}: it is {d}.")
                break


def naked_single(s: State) -> Iterator[Step]:
    """A cell whose candidates have come down to one digit."""
    tables = s.tables
    # a variant's cell also sees cells in no house with it (a cage, a knight's move away)
    where = "in a cell it sees" if s.puzzle.is_variant else "in a house it belongs to"
    for c in _waiting_naked(s, s.singles()):
        d = s.masks[c].bit_length()
        yield Step("naked-single", ((c, d),), (), (c,), (d,),
                   f"{tables.name(c)} can only be {d}: every other digit is already "
                   f"{where} or ruled out.")


def hidden_single(s: State) -> Iterator[Step]:
    """A digit that a house still needs and that fits in only one of its cells (each cell
    once, by the first house, row then column then box, where it is the digit's one place)."""
    tables = s.tables
    q = s.singles()
    digits, masks, hidden, free, n = s.digits, s.masks, q.hidden, q.free, q.n
    while q.hidden_at < len(hidden) and digits[hidden[q.hidden_at][0]]:
        q.hidden_at += 1
    done: set[int] = set()
    for i in range(q.hidden_at, len(hidden)):
        c, d = hidden[i]
        if digits[c] or c in done or not masks[c] >> (d - 1) & 1:
            continue
        for h in tables.house_ids[c]:
            if free[h * n + d - 1] == 1:
                done.add(c)
                yield Step("hidden-single", ((c, d),), (), (c,), (d,),
                           f"In {tables.names[h]}, {d} can only go in {tables.name(c)}.")
                break
