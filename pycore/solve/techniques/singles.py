"""Singles: the last empty cell of a house, a cell with one candidate, a digit with one place."""

from __future__ import annotations

from collections.abc import Iterator

from .state import State, Step, digits_of

__all__ = ["full_house", "hidden_single", "naked_single"]


def full_house(s: State) -> Iterator[Step]:
    """A house with one empty cell left: it takes the one digit the house still misses."""
    shape = s.shape
    full = shape.board.full
    digits = s.digits
    for h, house in enumerate(shape.houses):
        empty = [c for c in house if not digits[c]]
        if len(empty) != 1:
            continue
        c = empty[0]
        missing = full & ~s.placed_in(house)
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
    for h, house in enumerate(shape.houses):
        needed = full & ~s.placed_in(house)
        for d in digits_of(needed):
            bit = 1 << (d - 1)
            places = [c for c in house if masks[c] & bit]
            if len(places) == 1:
                c = places[0]
                yield Step("hidden-single", ((c, d),), (), (c,), (d,),
                           f"In {shape.names[h]}, {d} can only go in {shape.name(c)}.")
