"""Intersections: a digit locked where a box and a line cross, and pairs or triples there.

Works on any geometry: the houses containing every place of a digit are found from
the cells' house lists, so Samurai corner boxes (shared by two grids' lines) work too.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .state import State, Step, digits_of

__all__ = ["claiming", "locked_pair", "locked_triple", "pointing"]


def _common_houses(s: State, cells: list[int] | tuple[int, ...]) -> set[int]:
    ids = s.shape.house_ids
    common = set(ids[cells[0]])
    for c in cells[1:]:
        common &= set(ids[c])
    return common


def _locked(s: State, source_kind: str, technique: str) -> Iterator[Step]:
    shape = s.shape
    masks = s.masks
    for h, house in enumerate(shape.houses):
        is_box = shape.house_kind[h] == "box"
        if is_box != (source_kind == "box"):
            continue
        needed = shape.board.full & ~s.placed_in(house)
        for d in digits_of(needed):
            bit = 1 << (d - 1)
            places = [c for c in house if masks[c] & bit]
            if len(places) < 2:
                continue
            for other in sorted(_common_houses(s, places) - {h}):
                if (shape.house_kind[other] == "box") == is_box:
                    continue
                inside = set(house)
                gone = s.eliminations(shape.houses[other], bit, d, inside)
                if not gone:
                    continue
                cells = tuple(places)
                text = (f"In {shape.names[h]}, {d} can only go in {shape.names_of(places)}, "
                        f"which all lie in {shape.names[other]}: remove {d} from the rest "
                        f"of {shape.names[other]} ({shape.names_of(c for c, _ in gone)}).")
                yield Step(technique, (), tuple(gone), cells, (d,), text)


def pointing(s: State) -> Iterator[Step]:
    """Within a box, a digit confined to one line leaves the rest of that line."""
    return _locked(s, "box", "locked-candidates-pointing")


def claiming(s: State) -> Iterator[Step]:
    """Within a line, a digit confined to one box leaves the rest of that box."""
    return _locked(s, "line", "locked-candidates-claiming")


def _locked_subset(s: State, size: int, technique: str) -> Iterator[Step]:
    """`size` cells where a box and a line cross holding just `size` digits between them:
    those digits leave both houses."""
    shape = s.shape
    masks = s.masks
    done: set[tuple[int, ...]] = set()
    for h, house in enumerate(shape.houses):
        if shape.house_kind[h] != "box":
            continue
        small = [c for c in house if masks[c] and masks[c].bit_count() <= size]
        for cells in combinations(small, size):
            if cells in done:
                continue
            union = 0
            for c in cells:
                union |= masks[c]
            if union.bit_count() != size:
                continue
            common = sorted(_common_houses(s, cells))
            if len(common) < 2:
                continue
            done.add(cells)
            gone: set[tuple[int, int]] = set()
            for other in common:
                for c in shape.houses[other]:
                    if c not in cells and masks[c] & union:
                        gone.update((c, d) for d in digits_of(masks[c] & union))
            if not gone:
                continue
            ds = digits_of(union)
            where = " and ".join(shape.names[k] for k in common)
            text = (f"{shape.names_of(cells)} hold only {_list(ds)} between them, and they lie "
                    f"in both {where}: remove these digits from the other cells of both "
                    f"({shape.names_of({c for c, _ in gone})}).")
            yield Step(technique, (), tuple(sorted(gone)), tuple(cells), tuple(ds), text)


def locked_pair(s: State) -> Iterator[Step]:
    return _locked_subset(s, 2, "locked-pair")


def locked_triple(s: State) -> Iterator[Step]:
    return _locked_subset(s, 3, "locked-triple")


def _list(ds: list[int]) -> str:
    return ", ".join(str(d) for d in ds[:-1]) + f" and {ds[-1]}"
