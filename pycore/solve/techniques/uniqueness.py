"""Uniqueness techniques: they assume the puzzle has exactly one solution.

Four unsolved cells on two rows, two columns and two boxes that could all take only
digits a and b (a "deadly pattern") would let a and b swap, giving two solutions. A
puzzle with one solution cannot end that way, so something else must go in one of the
cells. A corner may lack a or b that an elimination took away (HoDoKu's "missing
candidates"): the argument is about the digits the corners end up with, whatever the
pencil marks, as long as no placed digit keeps a or b out of a corner's houses.
BUG+1: when every unsolved cell but one has two candidates, a pattern with two
solutions is one digit away, so that one cell takes the digit that breaks it.
Only valid for puzzles with a unique solution: grading can leave them out.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from .state import HouseTables, State, Step, bits, digits_of, popcount

__all__ = ["avoidable_rectangle", "bug_plus_1", "hidden_rectangle", "uniqueness"]


@lru_cache(maxsize=16)
def _rectangles(tables: HouseTables) -> tuple[tuple[int, int, int, int], ...]:
    """(top-left, top-right, bottom-left, bottom-right) of every rectangle over two boxes."""
    n = tables.n
    out = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if len({tables.box[c] for c in cells}) == 2:
                out.append(cells)
    return tuple(out)


def _unit_of_both(tables: HouseTables, a: int, b: int) -> list[int]:
    return sorted(set(tables.house_ids[a]) & set(tables.house_ids[b]))


def _open_in_all(s: State, cells: tuple[int, ...]) -> int:
    """The digits that no placed digit rules out of any of the cells (a digit placed in
    one of a cell's houses does). A corner may lack a or b through an elimination and
    still count, as in HoDoKu: four corners that all end up holding a or b form the
    deadly pattern whatever the pencil marks said. But a digit placed in a corner's house
    would leave that house no need of a or b, and types 4 and 6 and the hidden rectangle
    rest on each house through the rectangle needing both."""
    placed = s.placed
    house_ids = s.tables.house_ids
    taken = 0
    for c in cells:
        for h in house_ids[c]:
            taken |= placed[h]
    return ~taken


def _gone(tables: HouseTables, rect: tuple[int, ...], ab: int, masks: list[int]) -> str:
    """Which corners lost a or b to an elimination, in words ('' when none did)."""
    parts: list[str] = []
    for bit in bits(ab):
        lacking = [c for c in rect if not masks[c] & bit]
        if lacking:
            parts.append(f"{bit.bit_length()} {'' if parts else 'is gone '}from "
                         f"{tables.names_of(lacking)}")
    if not parts:
        return ""
    return f"{' and '.join(parts)}, but by elimination, not by a placed digit, so the pattern stands"


def _in_one_line(tables: HouseTables, cells: tuple[int, ...]) -> bool:
    return len({tables.row[c] for c in cells}) == 1 or len({tables.col[c] for c in cells}) == 1


def uniqueness(s: State, kind: int) -> Iterator[Step]:
    """Types 1 to 6: corners holding only a and b (or one of them) are the floor, the
    others the roof. Each corner may have lost a or b to an elimination (`_open_in_all`)."""
    tables = s.tables
    if not tables.plain:
        return
    masks = s.masks
    technique = f"uniqueness-{kind}"
    for rect in _rectangles(tables):
        ms = [masks[c] for c in rect]
        if not all(ms):
            continue
        # every type needs a corner holding just a and b: take a/b from them
        pairs = {m for m in ms if popcount(m) == 2}
        if not pairs:
            continue
        allowed = _open_in_all(s, rect)
        for ab in sorted(pairs):
            if ab & allowed != ab:
                continue
            a_bit = ab & -ab
            b_bit = ab ^ a_bit
            a, b = a_bit.bit_length(), b_bit.bit_length()
            floor = [c for c in rect if not masks[c] & ~ab]
            roof = [c for c in rect if masks[c] & ~ab]
            gone_ab = _gone(tables, rect, ab, masks)
            intro = (f"{tables.names_of(rect)} would form a deadly pattern on {a} and {b} "
                     f"(two solutions{'; ' + gone_ab if gone_ab else ''})")
            if kind == 1 and len(floor) == 3:
                c = roof[0]
                gone = [(c, d) for d in (a, b) if masks[c] & 1 << (d - 1)]
                if gone:
                    text = f"{intro}, so {tables.name(c)} is neither {a} nor {b}."
                    yield Step(technique, (), tuple(gone), rect, (a, b), text)
            if kind == 5 and len(roof) in (2, 3):
                extras = {masks[c] & ~ab for c in roof}
                (extra5,) = extras if len(extras) == 1 else (0,)
                in_line = len(roof) == 2 and (tables.row[roof[0]] == tables.row[roof[1]]
                                              or tables.col[roof[0]] == tables.col[roof[1]])
                if popcount(extra5) == 1 and not in_line:  # two in a line: type 2
                    d = extra5.bit_length()
                    gone = s.eliminations(s.common_seen(roof), extra5, d)
                    if gone:
                        text = (f"{intro}, so one of {tables.names_of(roof)} is {d}: remove {d} "
                                f"from {tables.names_of(c for c, _ in gone)}, which "
                                f"{'sees' if len(gone) == 1 else 'see'} all of them.")
                        yield Step(technique, (), tuple(gone), rect, (a, b, d), text)
            if kind == 6 and len(floor) == 2 and not _unit_of_both(tables, floor[0], floor[1]):
                yield from _type6(s, rect, ab, roof, intro)
            if len(floor) != 2 or not _unit_of_both(tables, roof[0], roof[1]):
                continue
            r1, r2 = roof
            if tables.row[r1] != tables.row[r2] and tables.col[r1] != tables.col[r2]:
                continue  # roof on a diagonal: not these types
            extra = (masks[r1] | masks[r2]) & ~ab
            if kind == 2 and popcount(extra) == 1:
                d = extra.bit_length()
                gone = s.eliminations(s.common_seen((r1, r2)), extra, d)
                if gone:
                    text = (f"{intro}, so {tables.name(r1)} or {tables.name(r2)} is {d}: remove "
                            f"{d} from {tables.names_of(c for c, _ in gone)}, which "
                            f"{'sees' if len(gone) == 1 else 'see'} both.")
                    yield Step(technique, (), tuple(gone), rect, (a, b, d), text)
            if kind == 3 and popcount(extra) >= 2:
                yield from _type3(s, rect, ab, extra, r1, r2, intro)
            if kind == 4:
                yield from _type4(s, rect, ab, r1, r2, intro)


def _type4(s: State, rect: tuple[int, ...], ab: int, r1: int, r2: int, intro: str
           ) -> Iterator[Step]:
    """a (or b) in a house of the roof only in the roof: one roof corner is a, and the
    other being b would complete the pattern, so neither is b."""
    tables = s.tables
    masks = s.masks
    roof = {r1, r2}
    for u_bit in bits(ab):
        v_bit = ab ^ u_bit
        pair = tuple((c, v_bit.bit_length()) for c in sorted(roof) if masks[c] & v_bit)
        if not pair:
            continue
        for h in _unit_of_both(tables, r1, r2):
            spots = s.spots(tables.houses[h], u_bit)
            if spots and set(spots) <= roof:
                u, v = u_bit.bit_length(), v_bit.bit_length()
                text = (f"{intro}. In {tables.names[h]}, {u} can only go in "
                        f"{tables.name(r1)} or {tables.name(r2)}, so neither can be {v}.")
                yield Step("uniqueness-4", (), pair, rect, tuple(digits_of(ab)), text)
                break


def _type3(s: State, rect: tuple[int, ...], ab: int, extra: int, r1: int, r2: int,
           intro: str) -> Iterator[Step]:
    """The roof's extra digits act as one cell: with other cells of a house they share,
    they can form a naked subset. When the roof and those cells also lie in one box
    (a line's cells), the subset is locked in the box too, as HoDoKu reports it; the
    box's own search leaves out what a line already covers."""
    tables = s.tables
    masks = s.masks
    a, b = digits_of(ab)
    for h in _unit_of_both(tables, r1, r2):
        in_line = tables.house_kind[h] != "box"
        others = [c for c in tables.houses[h] if masks[c] and c not in (r1, r2)]
        for size in range(1, 4):
            for group in combinations(others, size):
                union = extra
                for c in group:
                    union |= masks[c]
                if popcount(union) != size + 1:
                    continue
                locked = (r1, r2, *group)
                if not in_line and _in_one_line(tables, locked):
                    continue
                targets = [c for c in others if c not in group]
                where = tables.names[h]
                box = tables.box[r1]
                if in_line and all(tables.box[c] == box for c in locked):
                    targets += [c for c in tables.houses[box]
                                if masks[c] and c not in locked and c not in targets]
                    where += f" and {tables.names[box]}"
                gone = sorted((c, d) for c in targets if masks[c] & union
                              for d in digits_of(masks[c] & union))
                if not gone:
                    continue
                ds = digits_of(union)
                text = (f"{intro}, so {tables.name(r1)} or {tables.name(r2)} holds one of "
                        f"{', '.join(map(str, digits_of(extra)))}; with {tables.names_of(group)} "
                        f"they lock {', '.join(map(str, ds))} in {where}: remove them from "
                        f"{tables.names_of({c for c, _ in gone})}.")
                yield Step("uniqueness-3", (), tuple(gone), (*rect, *group), (a, b, *ds), text)


def _type6(s: State, rect: tuple[int, int, int, int], ab: int, roof: list[int], intro: str
           ) -> Iterator[Step]:
    """The a/b corners on a diagonal, and a (or b) in both of the rectangle's rows (or
    both columns) only in its corners, an x-wing: a roof corner holding it would force the
    other roof corner to hold it too, and the a/b corners the other digit, the deadly
    pattern. So neither roof corner holds it."""
    tables = s.tables
    masks = s.masks
    inside = set(rect)
    for u_bit in bits(ab):
        u = u_bit.bit_length()
        for index in (tables.row, tables.col):
            houses = sorted({index[c] for c in rect})
            if all(set(s.spots(tables.houses[h], u_bit)) <= inside for h in houses):
                gone = tuple(sorted((c, u) for c in roof if masks[c] & u_bit))
                if not gone:
                    continue
                where = " and ".join(tables.names[h] for h in houses)
                text = (f"{intro}. In {where}, {u} can only go in the rectangle, so if "
                        f"{tables.names_of(roof)} held {u} it would complete the pattern: "
                        f"remove {u} from them.")
                yield Step("uniqueness-6", (), gone, rect, tuple(digits_of(ab)), text)
                break


def _opposite(rect: tuple[int, int, int, int], cell: int) -> int:
    """The corner diagonal to `cell` (rectangles are listed tl, tr, bl, br)."""
    return rect[3 - rect.index(cell)]


def hidden_rectangle(s: State) -> Iterator[Step]:
    """A corner with just a/b; at the opposite corner, b's only places in its row and its
    column are the rectangle's cells: that corner cannot be a (it would force the pattern).
    The other corners may have lost a or b to eliminations (`_open_in_all`)."""
    tables = s.tables
    if not tables.plain:
        return
    masks = s.masks
    for rect in _rectangles(tables):
        ms = [masks[c] for c in rect]
        if not all(ms) or 2 not in map(popcount, ms):
            continue
        allowed = _open_in_all(s, rect)
        for corner in rect:
            m = masks[corner]
            if popcount(m) != 2 or m & allowed != m:
                continue
            far = _opposite(rect, corner)
            for b_bit in bits(m):
                a_bit = m & ~b_bit
                if not masks[far] & a_bit:
                    continue
                houses = [tables.row[far], tables.col[far]]
                if all(set(s.spots(tables.houses[h], b_bit)) <= set(rect) for h in houses):
                    a, b = a_bit.bit_length(), b_bit.bit_length()
                    gone_ab = _gone(tables, rect, m, masks)
                    hold = (f"could all hold {a} and {b} ({gone_ab})" if gone_ab
                            else f"all hold {a} and {b}")
                    text = (f"{tables.names_of(rect)} {hold}, {tables.name(corner)} "
                            f"nothing else. In {tables.names[houses[0]]} and "
                            f"{tables.names[houses[1]]}, {b} can only go in the rectangle; so if "
                            f"{tables.name(far)} were {a}, the four would form a deadly pattern "
                            f"(two solutions): {tables.name(far)} is not {a}.")
                    yield Step("hidden-rectangle", (), ((far, a),), rect, (a, b), text)


def avoidable_rectangle(s: State, kind: int) -> Iterator[Step]:
    """Corners already solved by the player (not givens) could swap their digits unless a
    given pins them; the remaining corners may not complete such a swappable rectangle."""
    tables = s.tables
    if not tables.plain:
        return
    masks, digits = s.masks, s.digits
    cells = s.puzzle.cells
    technique = f"avoidable-rectangle-{kind}"
    for rect in _rectangles(tables):
        solved = [c for c in rect if digits[c]]
        if any(cells[c].kind == "given" for c in solved):
            continue
        if kind == 1 and len(solved) == 3:
            (open_cell,) = [c for c in rect if not digits[c]]
            far = _opposite(rect, open_cell)
            a = digits[far]
            others = [c for c in solved if c != far]
            if digits[others[0]] != digits[others[1]] or digits[others[0]] == a:
                continue
            if masks[open_cell] & 1 << (a - 1):
                text = (f"{tables.names_of(solved)} were solved (none is a given) with "
                        f"{a} and {digits[others[0]]} crosswise; {a} in {tables.name(open_cell)} "
                        f"would let the two digits swap (two solutions), so it is not {a}.")
                yield Step(technique, (), ((open_cell, a),), rect, (a, digits[others[0]]), text)
        if kind == 2 and len(solved) == 2:
            p, q = solved
            if p == _opposite(rect, q) or digits[p] == digits[q]:
                continue  # the solved corners must share a row or a column
            c1, c2 = _opposite(rect, q), _opposite(rect, p)  # c1 would take digits[p]... swap
            need1, need2 = 1 << (digits[q] - 1), 1 << (digits[p] - 1)
            m1, m2 = masks[c1], masks[c2]
            extra = (m1 & ~need1)
            if (m1 & need1 and m2 & need2 and m1.bit_count() == 2 and m2.bit_count() == 2
                    and extra == m2 & ~need2):
                x = extra.bit_length()
                gone = s.eliminations(s.common_seen((c1, c2)), extra, x)
                if gone:
                    text = (f"{tables.names_of(solved)} were solved (no givens); "
                            f"{tables.name(c1)} = {digits[q]} and {tables.name(c2)} = {digits[p]} "
                            f"would let them swap, so one of the two is {x}: remove {x} from "
                            f"{tables.names_of(c for c, _ in gone)}.")
                    yield Step(technique, (), tuple(gone), rect, (digits[p], digits[q], x), text)


def bug_plus_1(s: State) -> Iterator[Step]:
    """All unsolved cells bivalue but one with three digits. Without the right one of its
    three, every digit would sit in exactly two cells of each house (a "bivalue universal
    grave"), which has two solutions or none: so the cell takes that digit."""
    tables = s.tables
    masks = s.masks
    unsolved = s.unsolved()
    three = [c for c in unsolved if popcount(masks[c]) == 3]
    if len(three) != 1 or any(popcount(masks[c]) != 2 for c in unsolved if c != three[0]):
        return
    c = three[0]
    for d in digits_of(masks[c]):
        bit = 1 << (d - 1)
        if all(_pairs_only(s, house, c, bit) for house in tables.houses):
            text = (f"Every unsolved cell but {tables.name(c)} has two candidates. Without {d} "
                    f"there, each digit would have exactly two places in every house, a pattern "
                    f"with two solutions: so {tables.name(c)} is {d}.")
            yield Step("bug-plus-1", ((c, d),), (), (c,), (d,), text)
            return


def _pairs_only(s: State, house: tuple[int, ...], cell: int, without: int) -> bool:
    """Every digit has 0 or 2 places in the house, once `without` leaves `cell`."""
    masks = s.masks
    once = twice = thrice = 0
    for c in house:
        m = masks[c] & ~without if c == cell else masks[c]
        thrice |= twice & m
        twice |= once & m
        once |= m
    return not thrice and once == twice
