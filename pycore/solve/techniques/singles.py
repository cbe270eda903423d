"""Singles: the last empty cell of a house, a cell with one candidate, a digit with one place."""

from __future__ import annotations

from collections.abc import Iterator

from .state import State, Step

__all__ = ["full_house", "hidden_single", "naked_single"]


def full_house(s: State) -> Iterator[Step]:
    """A house with one empty cell left: it takes the one digit the house still misses."""
    shape = s.shape
    full = shape.board.full
    digits = s.digits
    empty = s.empty  # kept by the state: looked for after every step, this finds none fast
    h = -1
    while 1 in empty[h + 1:]:
        h = empty.index(1, h + 1)
        house = shape.houses[h]
        c = next(c for c in house if not digits[c])
        missing = full & ~s.placed[h]
        if missing & (missing - 1) or not missing & s.masks[c]:
            continue  # the house repeats a digit: no single to take
        d = missing.bit_length()
        yield Step("full-house", ((c, d),), (), (c,), (d,),
                   f"{shape.name(c)} is the last empty cell in {shape.names[h]}, "
                   f"which still misses {d}: it is {d}.")


def naked_single(s: State) -> Iterator[Step]:
    """A cell whose candidates have come down to one digit."""
    shape = s.shape
    masks = s.masks
    for c in shape.board.open:
        m = masks[c]
        if m and not m & (m - 1):
            d = m.bit_length()
            yield Step("naked-single", ((c, d),), (), (c,), (d,),
                       f"{shape.name(c)} can only be {d}: every other digit is already "
                       "in a house it belongs to or ruled out.")


def hidden_single(s: State) -> Iterator[Step]:
    """A digit that a house still needs and that fits in only one of its cells."""
    shape = s.shape
    masks = s.masks
    full = shape.board.full
    placed = s.placed
    for h, house in enumerate(shape.houses):
        once = twice = 0  # the digits with a place in the house, and with two or more
        for c in house:
            m = masks[c]
            twice |= once & m
            once |= m
        lone = once & ~twice & full & ~placed[h]
        while lone:
            bit = lone & -lone
            lone ^= bit
            d = bit.bit_length()
            c = next(c for c in house if masks[c] & bit)
            yield Step("hidden-single", ((c, d),), (), (c,), (d,),
                       f"In {shape.names[h]}, {d} can only go in {shape.name(c)}.")
