"""Str8ts rules as techniques: a compartment (a run of white cells) holds a straight.

- str8ts-range: the compartment's digits lie in a window of consecutive digits; a
  candidate outside every window that still fits is gone.
- str8ts-stranded: a candidate no straight can use once each cell takes a different
  digit (a finer test than the range: the other cells must fill the rest of a window).
- str8ts-required: a digit inside every possible window belongs to the compartment, so
  it leaves the line's other white cells, and goes where it has one place left.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..rules import Compartment
from ..straights import span
from .state import State, Step, digits_of

__all__ = ["str8ts_range", "str8ts_required", "str8ts_stranded"]


def _name(s: State, comp: Compartment) -> str:
    first, last = comp.cells[0], comp.cells[-1]
    if first == last:
        return f"the one-cell compartment {s.tables.name(first)}"
    return f"the compartment {s.tables.name(first)}-{s.tables.name(last)}"


def _masks(s: State, comp: Compartment) -> list[int]:
    """The cells' masks with placed digits as single bits (what `span` expects)."""
    return [s.masks[c] or 1 << (s.digits[c] - 1) for c in comp.cells]


def _window_text(allowed: int) -> str:
    ds = digits_of(allowed)
    if ds[-1] - ds[0] + 1 == len(ds):
        return f"{ds[0]}..{ds[-1]}"
    return ", ".join(map(str, ds))


def str8ts_range(s: State) -> Iterator[Step]:
    masks = s.masks
    for comp in s.tables.board.compartments:
        allowed, _ = _span(s, comp)
        if not allowed:
            continue
        gone = _marked(masks, comp.cells, ~allowed)
        if gone:
            text = (f"{_name(s, comp)} holds a straight within {_window_text(allowed)}, so "
                    f"remove {', '.join(str(d) for d in sorted({d for _, d in gone}))} from "
                    f"{s.tables.names_of({c for c, _ in gone})}.")
            yield Step("str8ts-range", (), tuple(gone), comp.cells, tuple(digits_of(allowed)), text)


def _marked(masks: list[int], cells: tuple[int, ...], bits: int) -> list[tuple[int, int]]:
    """(cell, digit) for every candidate of these cells among `bits`, sorted."""
    return sorted((c, d) for c in cells if masks[c] & bits for d in digits_of(masks[c] & bits))


def _span(s: State, comp: Compartment) -> tuple[int, int]:
    """`span` of this compartment in this state: (digits a straight may use, digits it must)."""
    return span(_masks(s, comp), _local(comp))


def _local(comp: Compartment) -> Compartment:
    """The same compartment with its cells renumbered 0..L-1, for masks listed in order."""
    return Compartment(tuple(range(len(comp.cells))), comp.windows, (), comp.line)


def _fits(masks: list[int], window: int, skip: int, used: int) -> bool:
    """Can the cells other than `skip` take distinct digits of `window` outside `used`?"""
    rest = [m & window & ~used for k, m in enumerate(masks) if k != skip]
    rest.sort(key=int.bit_count)
    return _match(rest, 0)


def _match(rest: list[int], taken: int) -> bool:
    if not rest:
        return True
    first, others = rest[0], rest[1:]
    m = first & ~taken
    while m:
        low = m & -m
        if _match(others, taken | low):
            return True
        m ^= low
    return False


def str8ts_stranded(s: State) -> Iterator[Step]:
    masks = s.masks
    for comp in s.tables.board.compartments:
        local = _masks(s, comp)
        gone = []
        for k, c in enumerate(comp.cells):
            for d in digits_of(masks[c]):
                bit = 1 << (d - 1)
                if not any(w & bit and _fits(local, w, k, bit) for w in comp.windows):
                    gone.append((c, d))
        if gone:
            text = (f"In {_name(s, comp)}, no straight can use "
                    f"{', '.join(f'{d} in {s.tables.name(c)}' for c, d in gone)}: "
                    "the other cells could not fill the rest of it.")
            yield Step("str8ts-stranded", (), tuple(sorted(gone)), comp.cells, (), text)


def str8ts_required(s: State) -> Iterator[Step]:
    masks = s.masks
    for comp in s.tables.board.compartments:
        _, sure = _span(s, comp)
        if not sure:
            continue
        placed = 0
        for c in comp.cells:
            if s.digits[c]:
                placed |= 1 << (s.digits[c] - 1)
        need = sure & ~placed
        gone = _marked(masks, comp.others, sure)
        places: list[tuple[int, int]] = []
        for d in digits_of(need):
            spots = [c for c in comp.cells if masks[c] & 1 << (d - 1)]
            if len(spots) == 1 and masks[spots[0]] != 1 << (d - 1):
                places.append((spots[0], d))
        if not gone and not places:
            continue
        what = ", ".join(map(str, digits_of(sure)))
        text = f"{_name(s, comp)} must hold {what} (every straight that fits does)"
        if gone:
            others = s.tables.names_of({c for c, _ in gone})
            text += f", so remove them from the line's other cells ({others})"
        if places:
            text += "; " + "; ".join(f"{d} can only go in {s.tables.name(c)}" for c, d in places)
        yield Step("str8ts-required", tuple(places), tuple(gone), comp.cells,
                   tuple(digits_of(sure)), text + ".")
