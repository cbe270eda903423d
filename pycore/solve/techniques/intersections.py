"""Intersections: a digit locked where a box and a line cross, and pairs or triples there.

Works on any geometry: the houses containing every place of a digit are found from
the cells' house lists, so Samurai corner boxes (shared by two grids' lines) work too.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .state import State, Step, digits_of

__all__ = ["claiming", "common_houses", "is_locked", "locked_pair", "locked_triple", "pointing",
           "subset_eliminations", "subset_order", "sue_de_coq"]


def common_houses(s: State, cells: list[int] | tuple[int, ...]) -> set[int]:
    """The houses that hold every one of the cells."""
    ids = s.tables.house_ids
    common = set(ids[cells[0]])
    for c in cells[1:]:
        common &= set(ids[c])
    return common


LINES = ("row", "column", "diagonal")
"""The kinds of house that run across the grid in a line: a digit confined in one to where
it crosses another house is claimed (locked candidates, claiming); confined in any other
house (a box, a jigsaw region, an extra region, a disjoint group) it points."""


def _crossing(kind: str, other: str) -> bool:
    """Whether two houses of these kinds may lock a digit for each other: not two rows or
    columns (which cross in one cell, or on a Samurai share a corner box's row as a
    piece of both grids' rows: a shared line, not a crossing), not two boxes."""
    if kind in ("row", "column") and other in ("row", "column"):
        return False
    return not kind == other == "box"


def _locked(s: State, source_kind: str, technique: str) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    for h, house in enumerate(tables.houses):
        kind = tables.house_kind[h]
        if (kind in LINES) != (source_kind == "line"):
            continue
        needed = tables.board.full & ~s.placed_in(house)
        for d in digits_of(needed):
            bit = 1 << (d - 1)
            places = [c for c in house if masks[c] & bit]
            if len(places) < 2:
                continue
            for other in sorted(common_houses(s, places) - {h}):
                if not _crossing(kind, tables.house_kind[other]):
                    continue
                inside = set(house)
                gone = s.eliminations(tables.houses[other], bit, d, inside)
                if not gone:
                    continue
                cells = tuple(places)
                text = (f"In {tables.names[h]}, {d} can only go in {tables.names_of(places)}, "
                        f"which all lie in {tables.names[other]}: remove {d} from the rest "
                        f"of {tables.names[other]} ({tables.names_of(c for c, _ in gone)}).")
                yield Step(technique, (), tuple(gone), cells, (d,), text)


def pointing(s: State) -> Iterator[Step]:
    """Within a box, a digit confined to one line leaves the rest of that line."""
    return _locked(s, "box", "locked-candidates-pointing")


def claiming(s: State) -> Iterator[Step]:
    """Within a line, a digit confined to one box leaves the rest of that box."""
    return _locked(s, "line", "locked-candidates-claiming")


def subset_eliminations(s: State, cells: tuple[int, ...], union: int) -> set[tuple[int, int]]:
    """What a naked subset removes: its digits from the other cells of every house that
    holds all of its cells (a box and a line both, where they cross). On a variant sudoku,
    from every cell that sees all of them (a killer cage's cells, a knight's move away
    from each): the subset's cells see each other, so each of its digits is in one of them."""
    masks = s.masks
    gone: set[tuple[int, int]] = set()
    if s.puzzle.is_variant:
        for c in s.common_seen(cells):
            if masks[c] & union:
                gone.update((c, d) for d in digits_of(masks[c] & union))
        return gone
    for other in common_houses(s, cells):
        for c in s.tables.houses[other]:
            if c not in cells and masks[c] & union:
                gone.update((c, d) for d in digits_of(masks[c] & union))
    return gone


def subset_order(s: State, cells: tuple[int, ...], gone: set[tuple[int, int]]
                 ) -> tuple[tuple[int, int], ...]:
    """A naked subset's eliminations in the order HoDoKu removes them: house by house
    (the line before the box), each house's cells in order, lowest digit first. The
    order decides which singles come up first (`Queues`), and so how they are named."""
    out: list[tuple[int, int]] = []
    left = set(gone)
    for other in sorted(common_houses(s, cells)):
        for c in s.tables.houses[other]:
            for d in range(1, s.tables.n + 1):
                if (c, d) in left:
                    left.discard((c, d))
                    out.append((c, d))
    return tuple(out) + tuple(sorted(left))


def is_locked(s: State, cells: tuple[int, ...], gone: set[tuple[int, int]]) -> bool:
    """A pair or triple is locked, as HoDoKu has it, only when it removes digits from its
    box and from its line outside the box: one that clears one house only is a plain
    naked subset (found later, rated higher)."""
    if len(cells) > 3:
        return False
    tables = s.tables
    common = common_houses(s, cells)
    boxes = [h for h in common if tables.house_kind[h] == "box"]
    lines = [h for h in common if tables.house_kind[h] != "box"]
    if not boxes or not lines:
        return False
    in_box = {c for h in boxes for c in tables.houses[h]}
    in_line = {c for h in lines for c in tables.houses[h]}
    hit = {c for c, _ in gone}
    return bool(hit & in_box) and bool(hit & (in_line - in_box))


def _locked_subset(s: State, size: int, technique: str) -> Iterator[Step]:
    """`size` cells where a box and a line cross holding just `size` digits between them,
    removing some of them from both houses: those digits leave both."""
    tables = s.tables
    masks = s.masks
    done: set[tuple[int, ...]] = set()
    for h, house in enumerate(tables.houses):
        if tables.house_kind[h] != "box":
            continue
        small = [c for c in house if masks[c] and masks[c].bit_count() <= size]
        for cells in combinations(small, size):
            if cells in done:
                continue
            done.add(cells)
            union = 0
            for c in cells:
                union |= masks[c]
            if union.bit_count() != size:
                continue
            gone = subset_eliminations(s, cells, union)
            if not is_locked(s, cells, gone):
                continue
            common = sorted(common_houses(s, cells))
            ds = digits_of(union)
            where = " and ".join(tables.names[k] for k in common)
            text = (f"{tables.names_of(cells)} hold only {_list(ds)} between them, and they lie "
                    f"in both {where}: remove these digits from the other cells of both "
                    f"({tables.names_of({c for c, _ in gone})}).")
            yield Step(technique, (), subset_order(s, cells, gone), tuple(cells), tuple(ds),
                       text)


def locked_pair(s: State) -> Iterator[Step]:
    return _locked_subset(s, 2, "locked-pair")


def locked_triple(s: State) -> Iterator[Step]:
    return _locked_subset(s, 3, "locked-triple")


def _list(ds: list[int]) -> str:
    return ", ".join(str(d) for d in ds[:-1]) + f" and {ds[-1]}"


def sue_de_coq(s: State) -> Iterator[Step]:
    """Two or three cells where a box and a line cross, holding at least two digits more
    than cells, with cells of the line outside the box and cells of the box outside the
    line, the two sets sharing no digit, all of them together as many cells as digits:
    each digit is placed exactly once among them (a digit of the line's cells stays in the
    line, one of the box's cells in the box, any other in the crossing). So the rest of
    the line loses every digit but the box cells', the rest of the box every digit but the
    line cells'."""
    tables = s.tables
    masks = s.masks
    kinds = tables.house_kind
    for b, box in enumerate(tables.houses):
        if kinds[b] != "box":
            continue
        in_box = set(box)
        for ln, line in enumerate(tables.houses):
            if kinds[ln] == "box":
                continue
            cross = [c for c in line if c in in_box and masks[c]]
            if len(cross) < 2:
                continue
            line_rest = [c for c in line if c not in in_box and masks[c]]
            box_rest = [c for c in box if c not in set(line) and masks[c]]
            for size in (2, 3):
                for core in combinations(cross, size):
                    v = 0
                    for c in core:
                        v |= masks[c]
                    # as many digits as cells, at most two cells on each side: v has
                    # size + 2 to size + 4 digits, and no cell more than size + 4
                    if not size + 2 <= v.bit_count() <= size + 4:
                        continue
                    yield from _sue_de_coq_sides(s, b, ln, core, v, line_rest, box_rest)


def _sue_de_coq_sides(s: State, b: int, ln: int, core: tuple[int, ...], v: int,
                      line_rest: list[int], box_rest: list[int]) -> Iterator[Step]:
    tables = s.tables
    masks = s.masks
    for line_part in _small_sets(line_rest, masks, v):
        vl = _union(masks, line_part)
        for box_part in _small_sets(box_rest, masks, v):
            vb = _union(masks, box_part)
            every = v | vl | vb
            if vl & vb or every.bit_count() != len(core) + len(line_part) + len(box_part):
                continue
            used = set(core) | set(line_part) | set(box_part)
            gone = {(c, d) for c in tables.houses[ln] if c not in used and masks[c]
                    for d in digits_of(masks[c] & every & ~vb)}
            gone |= {(c, d) for c in tables.houses[b] if c not in used and masks[c]
                     for d in digits_of(masks[c] & every & ~vl)}
            if not gone:
                continue
            text = (f"{tables.names_of(core)}, where {tables.names[b]} and {tables.names[ln]} "
                    f"cross, hold {_list(digits_of(v))}; with {tables.names_of(line_part)} in "
                    f"{tables.names[ln]} ({_list(digits_of(vl))}) and {tables.names_of(box_part)} "
                    f"in {tables.names[b]} ({_list(digits_of(vb))}) they are "
                    f"{len(used)} cells for {len(used)} digits, each placed once (Sue de Coq): "
                    f"the rest of {tables.names[ln]} loses {_list(digits_of(every & ~vb))}, the "
                    f"rest of {tables.names[b]} {_list(digits_of(every & ~vl))} "
                    f"({tables.names_of({c for c, _ in gone})}).")
            yield Step("sue-de-coq", (), tuple(sorted(gone)), tuple(sorted(used)),
                       tuple(digits_of(every)), text)


def _small_sets(cells: list[int], masks: list[int], v: int) -> Iterator[tuple[int, ...]]:
    """One or two of the cells that share a digit with the crossing's (one sharing none
    would only add a cell and its own digits)."""
    most = v.bit_count() + 2
    sharing = [c for c in cells if masks[c] & v and masks[c].bit_count() <= most]
    for size in (1, 2):
        yield from combinations(sharing, size)


def _union(masks: list[int], cells: tuple[int, ...]) -> int:
    out = 0
    for c in cells:
        out |= masks[c]
    return out
