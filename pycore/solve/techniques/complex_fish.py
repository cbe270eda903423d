"""Franken and mutant fish: a fish whose base and cover houses mix rows, columns and boxes.

A fish on a digit takes k base houses whose places of the digit do not overlap, and k
cover houses (none of them a base) holding all those places. Each base takes the digit
once, so k of them sit in the covers, and each cover holds it at most once: every
cover's digit is a base's, and it leaves the covers' other cells. With fins (base
places outside the covers) either a fin holds the digit or the fish stands, so only the
cells that also see every fin lose it. HoDoKu's families:

- basic: rows and columns only (the `fish` module's x-wing, swordfish, jellyfish);
- franken: bases among rows and boxes, covers among columns and boxes (or the same with
  rows and columns swapped), a box among them;
- mutant: any other mix (say a row and a column among the bases).

The covers are found from the first base place not yet covered (one of its three houses
covers it, or it is a fin), so a search stays small; fins are at most `MAX_FINS` and must
all be seen by some cell. Only sudokus of one grid: the houses are rows, columns, boxes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import combinations

from .state import HouseTables, State, Step, popcount

__all__ = ["MAX_FINS", "franken", "mutant"]

MAX_FINS = 5
"""Most fins a franken or mutant fish may have (HoDoKu's default limit)."""
SEARCH_BUDGET = 30000
"""Most cover choices tried in one search (all fish of one size on one state), so that a
hint stays quick; beyond it some fish go unseen."""
SIZE_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
KINDS = ("row", "column", "box")


@lru_cache(maxsize=8)
def _bit_houses(tables: HouseTables) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Each house as a cell bit set, each cell's houses, and each cell's peers as a bit set."""
    houses = tuple(sum(1 << c for c in house) for house in tables.houses)
    of_cell = tuple(tuple(h for h in ids) for ids in tables.house_ids)
    seen = tuple(sum(1 << p for p in peers) for peers in tables.seen)
    return houses, of_cell, seen


def family(base_kinds: set[str], cover_kinds: set[str]) -> str:
    """'basic', 'franken' or 'mutant', as HoDoKu names a fish by its houses' kinds."""
    for line, other in (("row", "column"), ("column", "row")):
        if base_kinds <= {line} and cover_kinds <= {other}:
            return "basic"
    for line, other in (("row", "column"), ("column", "row")):
        if base_kinds <= {line, "box"} and cover_kinds <= {other, "box"}:
            return "franken"
    return "mutant"


def franken(s: State, size: int, finned: bool) -> Iterator[Step]:
    return _of_family(s, size, finned, "franken")


def mutant(s: State, size: int, finned: bool) -> Iterator[Step]:
    return _of_family(s, size, finned, "mutant")


def _of_family(s: State, size: int, finned: bool, wanted: str) -> Iterator[Step]:
    if not s.tables.plain:
        return
    technique = f"{'finned-' if finned else ''}{wanted}-{SIZE_NAMES[size]}"
    for kind, step in _all_fish(s.tables, tuple(s.masks), size, finned):
        if kind == wanted and (step.technique == "finned") == finned:
            yield replace(step, technique=technique)


@lru_cache(maxsize=4)
def _all_fish(tables: HouseTables, masks: tuple[int, ...], size: int, finned: bool
              ) -> tuple[tuple[str, Step], ...]:
    """Every franken and mutant fish of this size in the state, without fins or with, as
    (family, step named 'plain' or 'finned'): one search serves the franken and the
    mutant technique (kept for the last few states). The search for finned fish stops
    after SEARCH_BUDGET cover choices; the one without fins is small and goes through."""
    s = State.__new__(State)
    s.tables, s.masks = tables, list(masks)
    houses, of_cell, seen = _bit_houses(tables)
    kinds = tables.house_kind
    fins_allowed = MAX_FINS if finned else 0
    most = 3 * size + fins_allowed  # a cover holds at most three places of a base house
    done: set[tuple[str, frozenset[tuple[int, int]]]] = set()
    out: list[tuple[str, Step]] = []
    for d in range(1, tables.n + 1):
        budget = [SEARCH_BUDGET // tables.n if finned else 1 << 62]  # each digit its share
        places = _places(s, 1 << (d - 1))
        counts = [popcount(house & places) for house in houses]
        bases = [h for h in range(len(houses)) if 2 <= counts[h] <= most]
        for combo in combinations(bases, size):
            inside = 0
            for h in combo:
                if inside & houses[h] & places:
                    break
                inside |= houses[h] & places
            else:
                allowed = {h for h in range(len(houses)) if h not in combo}
                targets = places & ~inside  # what a fish may remove: fins must see some
                for covers, fins in _covers(inside, [], 0, targets, size, fins_allowed,
                                            allowed, of_cell, houses, seen, budget):
                    gone = targets
                    for fin in _cells(fins):
                        gone &= seen[fin]
                    covered = 0
                    for h in covers:
                        covered |= houses[h]
                    gone &= covered
                    if not gone:
                        continue
                    kind = family({kinds[h] for h in combo}, {kinds[h] for h in covers})
                    if kind == "basic":
                        continue  # the fish module's
                    key = (kind, frozenset((c, d) for c in _cells(gone)))
                    if key not in done:
                        done.add(key)
                        out.append((kind, _step(s, d, combo, covers, fins, inside, gone)))
            if budget[0] < 0:
                break
    return tuple(out)


def _places(s: State, bit: int) -> int:
    out = 0
    masks = s.masks
    for c in s.tables.board.open:
        if masks[c] & bit:
            out |= 1 << c
    return out


def _covers(left: int, chosen: list[int], fins: int, fin_seen: int, size: int, most_fins: int,
            allowed: set[int], of_cell: tuple[tuple[int, ...], ...], houses: tuple[int, ...],
            seen: tuple[int, ...], budget: list[int]) -> Iterator[tuple[list[int], int]]:
    """Sets of `size` cover houses (from `allowed`) holding the base places `left`, but
    for the fins (up to `most_fins` places, all seen by one of `fin_seen`, the places a fish
    may remove)."""
    budget[0] -= 1
    if budget[0] < 0:
        return
    if not left:
        if len(chosen) == size:
            yield list(chosen), fins
        return
    if len(chosen) == size:  # no cover left: the rest are fins, or this is no fish
        fins |= left
        if popcount(fins) > most_fins:
            return
        for cell in _cells(left):
            fin_seen &= seen[cell]
        if fin_seen:
            yield list(chosen), fins
        return
    low = left & -left
    cell = low.bit_length() - 1
    for h in of_cell[cell]:
        if h in allowed and h not in chosen:
            chosen.append(h)
            yield from _covers(left & ~houses[h], chosen, fins, fin_seen, size, most_fins,
                               allowed, of_cell, houses, seen, budget)
            chosen.pop()
    if popcount(fins) < most_fins and fin_seen & seen[cell]:
        yield from _covers(left & ~low, chosen, fins | low, fin_seen & seen[cell], size,
                           most_fins, allowed, of_cell, houses, seen, budget)


def _cells(bitset: int) -> list[int]:
    out = []
    while bitset:
        low = bitset & -bitset
        out.append(low.bit_length() - 1)
        bitset ^= low
    return out


def _step(s: State, d: int, bases: tuple[int, ...], covers: list[int], fins: int, inside: int,
          gone: int) -> Step:
    tables = s.tables
    out = tuple((c, d) for c in _cells(gone))
    names = tables.names
    base_names = ", ".join(names[h] for h in bases)
    cover_names = ", ".join(names[h] for h in sorted(covers))
    where = tables.names_of(_cells(gone))
    if fins:
        fin_names = tables.names_of(_cells(fins))
        one = popcount(fins) == 1
        text = (f"In {base_names}, {d} goes in {cover_names} unless it goes in the "
                f"fin{'' if one else 's'} {fin_names}; either way {d} cannot be in {where}, "
                f"which {'sees' if len(out) == 1 else 'see'} every fin and "
                f"{'lies' if len(out) == 1 else 'lie'} in a cover.")
    else:
        text = (f"In {base_names}, {d} can only go in {cover_names}: each of these gets its "
                f"{d} from those base houses, so remove {d} from {where}.")
    return Step("finned" if fins else "plain", (), out, tuple(_cells(inside)), (d,), text)
