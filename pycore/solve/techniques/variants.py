"""Variant techniques: the steps a player takes from a killer cage's sum, a thermometer, an
arrow, a kropki dot or an XV pair, a whisper, renban, palindrome or between line, a little
killer, an odd, even, minimum or maximum cell, and the negative rules.

Each finder reads the puzzle's constraints (`Puzzle.constraints`, `pycore.variants`) on a
`State` and yields a `Step` whose eliminations and placements are exactly what its one
argument proves, and whose `cells` are the constraint's cells (what a page highlights).

- cage-combination: the digits a killer cage's cells can hold are those of the sets of
  distinct digits that make its sum and still fit its cells (and a cell only the digits
  some filling of the cage gives it); a digit every such set holds leaves the cells that
  see all its places in the cage.
- rule-of-45: a row, column, box (or two or three neighbouring rows or columns, or two
  boxes side by side) holds each digit once, so sums to 45 each; minus the cages wholly
  inside it, the cells left (the innies) sum to the rest; or the cages covering it stick
  out by cells (the outies) that sum to their excess; or, where the cages over a house
  both leave some of it uncovered and stick out of it (a cage and a house overlapping),
  what sticks out sums to the excess more than what is left. One cell left is placed; two
  to four are restricted to the digits that can make their sum (or difference).
- thermo-bounds: a thermometer rises from its bulb, so each cell is above the one before
  (a slow thermometer: not below it) and below the one after.
- arrow-bounds: the circle's digit is the sum along each of its arrows: it lies between
  the least and greatest sum the arrow's cells can make, and each arrow cell between what
  the circle and the other cells leave.
- dot-pair: a white kropki dot's cells differ by 1 (or its value), a black dot's are in
  ratio 2, an X's sum to 10, a V's to 5: a digit whose partner the other cell cannot hold
  goes.
- dot-chain: three to six cells joined by dots, filled all at once: what no filling that
  keeps every dot (different digits where cells see each other) uses goes.
- whisper-line: neighbours along a whisper line differ by at least its value (5 on a
  German whisper, so no 5 there at 9x9).
- renban-window: a renban line holds a run of consecutive digits in any order; a digit
  in no run that fits its cells goes, and a digit every fitting run holds leaves the
  cells that see all its places on the line.
- cell-mark: an odd or even cell holds such digits; a minimum (maximum) cell is below
  (above) each orthogonal neighbour not marked the same.
- little-killer-sum: the digits along a little killer's diagonal make its sum (they may
  repeat where cells do not see each other): bounds, and with two to four open cells the
  digits that can make it.
- palindrome-mirror: cells facing each other on a palindrome line hold the same digit,
  so each keeps only what the other can hold.
- between-bounds: a between line's inner cells lie strictly between its two ends.
- negative-rule: with the negative rules (no black dot, no X or V, non-consecutive) a
  pair of neighbours without the mark may not hold the relation it marks.

Scores, in the spirit of HoDoKu's (which has no variants; its levels come from the
hardest step and the total): an odd, even, minimum or maximum cell is read like a naked
single (4); a dot, a thermometer, an arrow, a whisper, a palindrome, a between line or a
little killer is about a hidden single's look along a house (15-20, easy). A cage's
combinations are a killer player's first step, taken about as often as the singles on a
killer without givens (some 40 times in a path), so each scores 8, between a naked
single (4) and a hidden single (14): a killer solved by combinations and singles grades
easy or medium by its total, as killer books call such puzzles, not hard by the count of
its cages. The rule of 45 and a renban's runs, and a chain of dots filled at once, look
over a whole house or line (40, 30 and 30, medium, about locked candidates). All stay
below fish and chains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache, partial
from itertools import pairwise

from ...variants import Arrow, Cage, Clue, Constraint, Dot, Line, Mark, neighbour_pairs
from .state import HouseTables, State, Step, digits_of

__all__ = ["arrow_bounds", "between_bounds", "cage_combination", "cell_mark", "cells_words",
           "digits_words", "dot_chain", "dot_pair", "little_killer_sum", "negative_rule",
           "palindrome_mirror", "renban_window", "rule_of_45", "thermo_bounds", "whisper_line"]


# -- words --------------------------------------------------------------------------------

def cells_words(cells: Iterable[int], cols: int) -> str:
    """Cells as a player writes them: a run along a row or column as "r1c1-r1c3" or
    "r1c7-r3c7", else row by row, each row's runs shortened ("r3c7-r3c8, r4c7")."""
    cs = sorted(set(cells))

    def name(c: int) -> str:
        return f"r{c // cols + 1}c{c % cols + 1}"

    if len(cs) >= 2 and all(c % cols == cs[0] % cols for c in cs) and \
            all(b - a == cols for a, b in pairwise(cs)):
        return f"{name(cs[0])}-{name(cs[-1])}"
    out: list[str] = []
    k = 0
    while k < len(cs):
        j = k
        while j + 1 < len(cs) and cs[j + 1] == cs[j] + 1 and cs[j + 1] // cols == cs[k] // cols:
            j += 1
        out.append(name(cs[k]) if j == k else f"{name(cs[k])}-{name(cs[j])}")
        k = j + 1
    return ", ".join(out)


def digits_words(digits: Iterable[int]) -> str:
    """Digits with runs of three or more shortened: "1-4, 7, 9"."""
    ds = sorted(set(digits))
    out: list[str] = []
    k = 0
    while k < len(ds):
        j = k
        while j + 1 < len(ds) and ds[j + 1] == ds[j] + 1:
            j += 1
        if j - k >= 2:
            out.append(f"{ds[k]}-{ds[j]}")
        else:
            out.extend(str(d) for d in ds[k:j + 1])
        k = j + 1
    return ", ".join(out)


def _removals(gone: Sequence[tuple[int, int]], cols: int) -> str:
    """What leaves which cells: "remove 1-7 from r1c1-r1c2; 3 from r2c2"."""
    by_cell: dict[int, list[int]] = {}
    for c, d in gone:
        by_cell.setdefault(c, []).append(d)
    groups: dict[tuple[int, ...], list[int]] = {}
    for c, ds in by_cell.items():
        groups.setdefault(tuple(sorted(ds)), []).append(c)
    parts = [f"{digits_words(ds)} from {cells_words(cs, cols)}" for ds, cs in groups.items()]
    return "remove " + "; ".join(parts)


def _removing(name: str, gone: Sequence[tuple[int, int]], cells: Sequence[int], text: str) -> Step:
    """A step of technique `name` that removes `gone` (cell, digit) and places nothing,
    drawing `cells` (the rule's) and naming the digits it removes."""
    return Step(name, (), tuple(gone), tuple(cells), tuple(sorted({d for _, d in gone})), text)


def cage_words(cage: Cage, cols: int) -> str:
    """"the 17 cage in r1c1-r1c2"."""
    return f"the {cage.total} cage in {cells_words(cage.cells, cols)}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- shared helpers -----------------------------------------------------------------------

def _values(s: State, c: int) -> int:
    """The digits a cell may hold: its candidates, or its placed digit as one bit."""
    return s.masks[c] or (1 << (s.digits[c] - 1) if s.digits[c] else 0)


def _gone(s: State, cells: Iterable[int], keep: dict[int, int]) -> list[tuple[int, int]]:
    """(cell, digit) for each open cell's candidate outside `keep[cell]`, sorted."""
    masks = s.masks
    return sorted((c, d) for c in set(cells) if not s.digits[c] and masks[c] & ~keep[c]
                  for d in digits_of(masks[c] & ~keep[c]))


def _matches(masks: Sequence[int]) -> bool:
    """Whether each mask can take a different digit of its own (a bipartite matching,
    Kuhn's augmenting paths: a cage of 9 cells costs at most 81 tries)."""
    owner: dict[int, int] = {}

    def place(k: int, tried: set[int]) -> bool:
        m = masks[k]
        while m:
            bit = m & -m
            m ^= bit
            if bit in tried:
                continue
            tried.add(bit)
            if bit not in owner or place(owner[bit], tried):
                owner[bit] = k
                return True
        return False

    return all(place(k, set()) for k in range(len(masks)))


@lru_cache(maxsize=512)
def combinations(k: int, total: int, n: int) -> tuple[int, ...]:
    """Every set of k distinct digits of 1..n summing to `total`, as masks, smallest first."""
    out: list[int] = []

    def walk(low: int, left: int, need: int, mask: int) -> None:
        if need == 0:
            if left == 0:
                out.append(mask)
            return
        for d in range(low, n + 1):
            if d > left:
                break
            walk(d + 1, left - d, need - 1, mask | 1 << (d - 1))

    walk(1, total, k, 0)
    return tuple(out)


def _sum_support(s: State, cells: Sequence[int], total: int,
                 signs: Sequence[int] | None = None) -> list[int] | None:
    """For each of `cells` (two to four open cells, which may repeat a digit unless they
    see each other), the digits it can take in some filling whose sum (each cell's digit
    times its sign, +1 unless `signs` says -1) is `total`; None when none is.

    Each cell's digits are tried first, the others filled after it; what the others can
    still make from a given point is remembered (by what is left and the digits used,
    when the cells all see each other), so a house's four innies cost a few hundred tries."""
    seen = s.tables.seen
    count = len(cells)
    masks = [s.masks[c] for c in cells]
    sign = list(signs) if signs is not None else [1] * count
    all_see = all(cells[j] in seen[cells[i]] for i in range(count) for j in range(i + 1, count))
    support = [0] * count
    for first in range(count):
        order = [first] + [j for j in range(count) if j != first]
        ends = [sorted((sign[j] * (masks[j] & -masks[j]).bit_length(),
                        sign[j] * masks[j].bit_length())) for j in order]
        least = [0] * (count + 1)
        most = [0] * (count + 1)
        for k in range(count - 1, -1, -1):
            least[k] = least[k + 1] + ends[k][0]
            most[k] = most[k + 1] + ends[k][1]
        memo: dict[tuple[int, int, object], bool] = {}

        def fits(k: int, left: int, used: int, chosen: tuple[int, ...],
                 order: list[int] = order, least: list[int] = least, most: list[int] = most,
                 memo: dict[tuple[int, int, object], bool] = memo) -> bool:
            if k == count:
                return left == 0
            if not least[k] <= left <= most[k]:
                return False
            key = (k, left, used if all_see else chosen)
            if key in memo:
                return memo[key]
            j = order[k]
            result = False
            for d in digits_of(masks[j] & ~used if all_see else masks[j]):
                if not all_see and any(chosen[i] == d and cells[order[i]] in seen[cells[j]]
                                       for i in range(k)):
                    continue
                if fits(k + 1, left - sign[j] * d, used | 1 << (d - 1), (*chosen, d)):
                    result = True
                    break
            memo[key] = result
            return result

        for d in digits_of(masks[first]):
            if fits(1, total - sign[first] * d, 1 << (d - 1), (d,)):
                support[first] |= 1 << (d - 1)
    return support if any(support) else None


def _lockout(s: State, inside: Sequence[int], digit: int) -> list[tuple[int, int]]:
    """(cell, digit) for each open cell outside `inside` that sees every place of `digit`
    among `inside`'s open cells (the digit must go in one of them)."""
    bit = 1 << (digit - 1)
    places = [c for c in inside if s.masks[c] & bit]
    if not places:
        return []
    own = set(inside)
    return [(c, digit) for c in sorted(s.common_seen(places)) if c not in own and s.masks[c] & bit]


def _of(s: State, kind: type, kinds: Iterable[str]) -> list:  # type: ignore[type-arg]
    wanted = set(kinds)
    return [item for item in s.puzzle.constraints if isinstance(item, kind) and item.kind in wanted]


# -- killer cages ------------------------------------------------------------------------

def _combination_words(combos: Sequence[int]) -> str:
    sums = ["+".join(str(d) for d in digits_of(m)) for m in combos]
    if len(sums) == 1:
        return sums[0]
    if len(sums) <= 6:
        return ", ".join(sums[:-1]) + " or " + sums[-1]
    return f"one of {len(sums)} combinations"


def cage_combination(s: State) -> Iterator[Step]:
    """A killer cage's sum limits its cells to the combinations that make it and fit."""
    cols, n = s.tables.cols, s.tables.n
    for cage in _of(s, Cage, ("killer",)):
        if cage.total is None or len(cage.cells) > n:
            continue
        cells = cage.cells
        open_cells = [c for c in cells if not s.digits[c]]
        if not open_cells:
            continue
        placed = 0
        for c in cells:
            if s.digits[c]:
                placed |= 1 << (s.digits[c] - 1)
        masks = [s.masks[c] for c in open_cells]
        valid: list[int] = []
        support = [0] * len(open_cells)
        for combo in combinations(len(cells), cage.total, n):
            if combo & placed != placed:
                continue
            rest = combo & ~placed
            fitted = [m & rest for m in masks]
            if not _matches(fitted):
                continue
            valid.append(combo)
            for k, m in enumerate(fitted):
                for d in digits_of(m & ~support[k]):
                    bit = 1 << (d - 1)
                    others = [f & ~bit for j, f in enumerate(fitted) if j != k]
                    if _matches(others):
                        support[k] |= bit
        if not valid:
            continue  # the state is broken: nothing a player can learn here
        keep = dict(zip(open_cells, support, strict=True))
        gone = _gone(s, open_cells, keep)
        forced = ~0
        for combo in valid:
            forced &= combo
        forced &= ~placed
        locked: list[tuple[int, int]] = []
        for d in digits_of(forced & ((1 << n) - 1)):
            # (a forced digit with one place is that cell's only digit left: no placement
            # here, the cell loses its others above)
            spots = [c for c in open_cells if keep[c] & 1 << (d - 1)]
            locked.extend(_lockout(s, spots, d) if spots else [])
        if not gone and not locked:
            continue
        text = f"{_capital(cage_words(cage, cols))} can only be {_combination_words(valid)}"
        if placed:
            text += f" (with {digits_words(digits_of(placed))} placed in it)"
        if gone:
            text += ": " + _removals(gone, cols)
        if locked:
            held = digits_words(d for _, d in locked)
            it = "they leave" if "," in held or "-" in held else "it leaves"
            text += (f"; every combination holds {held}, so {it} the cells that "
                     f"see all {'their' if it[0] == 't' else 'its'} places in the cage: "
                     + _removals(locked, cols))
        shown = {d for _, d in locked} or {d for _, d in gone}
        yield Step("cage-combination", (), tuple(sorted(set(gone) | set(locked))),
                   cells, tuple(sorted(shown)), text + ".")


# -- the rule of 45 ------------------------------------------------------------------------

def _areas(tables: HouseTables, boxes_regular: bool) -> list[tuple[str, tuple[int, ...], int]]:
    """(name, cells, houses) for every full house, then each run of two or three
    neighbouring rows or columns, then each two boxes side by side (regular boxes only):
    what holds each digit once per house."""
    out = [(tables.names[h], tables.houses[h], 1) for h in range(len(tables.houses))]
    for kind, word in (("row", "rows"), ("column", "columns")):
        lines = tables.lines(kind)
        for size in (2, 3):
            for k in range(len(lines) - size + 1):
                cells = tuple(sorted(c for h in lines[k:k + size] for c in tables.houses[h]))
                first = tables.names[lines[k]].split()[-1]
                last = tables.names[lines[k + size - 1]].split()[-1]
                out.append((f"{word} {first}-{last}", cells, size))
    if boxes_regular and tables.box:
        cols = tables.cols
        boxes = {h: (min(tables.houses[h]) // cols, min(tables.houses[h]) % cols,
                     max(tables.houses[h]) // cols, max(tables.houses[h]) % cols)
                 for h in tables.lines("box")}
        for h, (top, left, bottom, right) in boxes.items():
            for g, (top2, left2, _, _) in boxes.items():
                if (top2 == top and left2 == right + 1) or (left2 == left and top2 == bottom + 1):
                    cells = tuple(sorted(tables.houses[h] + tables.houses[g]))
                    out.append((f"{tables.names[h]} and {tables.names[g].split()[-1]}".replace(
                        "box ", "boxes ", 1), cells, 2))
    return out


def _total(cage: Cage) -> int:
    return cage.total or 0


def _cage_list(cages: Sequence[Cage], cols: int) -> str:
    return "; ".join(f"{cells_words(c.cells, cols)} = {c.total}" for c in cages)


Plan = tuple[str, tuple[int, ...], int, tuple[Cage, ...], tuple[int, ...], tuple[Cage, ...]]
"""What the rule of 45 looks at in one area, fixed by the puzzle: (name, cells, how many
houses, the whole cages inside it, the cells they leave, the cages covering it)."""


@lru_cache(maxsize=8)
def _plans(constraints: tuple[Constraint, ...], tables: HouseTables,
           boxes_regular: bool) -> tuple[Plan, ...]:
    """The areas and their cages (the cages' cells and sums never change while a puzzle is
    solved: worked out once per puzzle and shape)."""
    cages = [c for c in constraints if isinstance(c, Cage) and c.total is not None]
    out: list[Plan] = []
    if not cages:
        return ()
    for name, area, count in _areas(tables, boxes_regular):
        inside = set(area)
        whole: list[Cage] = []
        taken: set[int] = set()
        covering: list[Cage] = []
        covered: set[int] = set()
        for cage in cages:
            if inside.issuperset(cage.cells) and taken.isdisjoint(cage.cells):
                whole.append(cage)
                taken.update(cage.cells)
            if not inside.isdisjoint(cage.cells) and covered.isdisjoint(cage.cells):
                covering.append(cage)
                covered.update(cage.cells)
        innies = tuple(c for c in area if c not in taken)
        out.append((name, area, count, tuple(whole), innies, tuple(covering)))
    return tuple(out)


def rule_of_45(s: State) -> Iterator[Step]:
    """Innies and outies: a house's sum minus its whole cages."""
    tables = s.tables
    n, cols = tables.n, tables.cols
    house_sum = n * (n + 1) // 2
    digits = s.digits
    plans = _plans(s.puzzle.constraints, tables, s.puzzle.regions is None)
    for name, area, count, whole, innies, covering in plans:
        total = house_sum * count
        if whole and 0 < sum(1 for c in innies if not digits[c]) <= 4:
            step = _sum_step(s, area, innies, total - sum(_total(c) for c in whole),
                             partial(_said, name, count, total, "wholly inside it", whole,
                                     cols), "left")
            if step is not None:
                yield step
        if not covering:
            continue
        inside = set(area)
        covered = {c for cage in covering for c in cage.cells}
        over = sum(_total(c) for c in covering)
        if covered >= inside and covered != inside:
            outies = sorted(covered - inside)
            step = _sum_step(s, area, outies, over - total,
                             partial(_said, name, count, total, "covering it", covering, cols),
                             "outside it")
            if step is not None:
                yield step
        elif covered - inside and inside - covered:
            step = _difference_step(s, area, sorted(inside - covered), sorted(covered - inside),
                                    over - total,
                                    partial(_said, name, count, total, "that cover all of it "
                                            "but {}", covering, cols,
                                            tuple(inside - covered)))
            if step is not None:
                yield step


def _said(name: str, count: int, total: int, which: str, cages: Sequence[Cage], cols: int,
          uncovered: Sequence[int] = ()) -> str:
    """How a sum is known: "Row 1 sums to 45; the cages wholly inside it (...) sum to 42"
    (`which` says how the cages lie; "{}" in it stands for the `uncovered` cells)."""
    verb = "sums to" if count == 1 else "sum to"
    how = which.format(cells_words(uncovered, cols)) if uncovered else which
    return (f"{_capital(name)} {verb} {total}; the cages {how} ({_cage_list(cages, cols)}) "
            f"sum to {sum(_total(c) for c in cages)}")


def _sum_step(s: State, area: Sequence[int], cells: Sequence[int], total: int,
              said: Callable[[], str], where: str) -> Step | None:
    """The step that the cells' sum gives (`said()` says how it is known: written only
    for a step found), or None."""
    cols, n = s.tables.cols, s.tables.n
    if not cells:
        return None
    placed = [c for c in cells if s.digits[c]]
    left = total - sum(s.digits[c] for c in placed)
    open_cells = [c for c in cells if not s.digits[c]]
    if not open_cells or len(open_cells) > 4:
        return None
    text = ""
    if placed:
        text += (f" and {cells_words(placed, cols)} already hold"
                 f" {sum(s.digits[c] for c in placed)}")
    used = tuple(sorted(set(area) | set(cells)))
    if len(open_cells) == 1:
        c = open_cells[0]
        if not 1 <= left <= n or not s.masks[c] >> (left - 1) & 1 or s.masks[c] == 1 << (left - 1):
            return None
        which = "the one cell left" if where == "left" else "the one cell sticking out"
        return Step("rule-of-45", ((c, left),), (), used, (left,),
                    f"{said()}{text}, so {cells_words([c], cols)}, {which}, is {left}.")
    support = _sum_support(s, open_cells, left)
    if support is None:
        return None
    gone = _gone(s, open_cells, dict(zip(open_cells, support, strict=True)))
    if not gone:
        return None
    which = "the cells left" if where == "left" else "the cells sticking out"
    return _removing("rule-of-45", gone, used,
                     f"{said()}{text}, so {which} ({cells_words(open_cells, cols)}) sum to {left}: "
                     f"{_removals(gone, cols)}.")


def _difference_step(s: State, area: Sequence[int], innies: Sequence[int],
                     outies: Sequence[int], excess: int, said: Callable[[], str]
                     ) -> Step | None:
    """Where a house and the cages over it overlap: the cells sticking out sum to
    `excess` more than the house's cells left uncovered (the innies); two or three open
    cells in all are restricted to the digits that can make that difference."""
    cols = s.tables.cols
    cells = list(innies) + list(outies)
    signs = [-1] * len(innies) + [1] * len(outies)
    placed = sum(sign * s.digits[c] for c, sign in zip(cells, signs, strict=True)
                 if s.digits[c])
    open_terms = [(c, sign) for c, sign in zip(cells, signs, strict=True) if not s.digits[c]]
    if not 2 <= len(open_terms) <= 3:
        return None
    open_cells = [c for c, _ in open_terms]
    support = _sum_support(s, open_cells, excess - placed, [k for _, k in open_terms])
    if support is None:
        return None
    gone = _gone(s, open_cells, dict(zip(open_cells, support, strict=True)))
    if not gone:
        return None
    more = f"{excess} more than" if excess >= 0 else f"{-excess} less than"
    return _removing("rule-of-45", gone, tuple(sorted(set(area) | set(cells))),
                     f"{said()}, so what sticks out ({cells_words(outies, cols)}) sums to {more} "
                     f"what is left inside ({cells_words(innies, cols)}): {_removals(gone, cols)}.")


# -- thermometers -------------------------------------------------------------------------

def thermo_bounds(s: State) -> Iterator[Step]:
    """Each cell of a thermometer is above the one before it and below the one after."""
    cols, n = s.tables.cols, s.tables.n
    seen = s.tables.seen
    for line in _of(s, Line, ("thermo", "slow-thermo")):
        cells = line.cells
        gaps = [1 if line.kind == "thermo" or b in seen[a] else 0
                for a, b in pairwise(cells)]
        values = [_values(s, c) for c in cells]
        if not all(values):
            continue
        low = [(v & -v).bit_length() for v in values]
        high = [v.bit_length() for v in values]
        for k in range(1, len(cells)):
            low[k] = max(low[k], low[k - 1] + gaps[k - 1])
        for k in range(len(cells) - 2, -1, -1):
            high[k] = min(high[k], high[k + 1] - gaps[k])
        keep = {c: sum(1 << (d - 1) for d in range(max(1, low[k]), min(n, high[k]) + 1))
                for k, c in enumerate(cells)}
        gone = _gone(s, cells, keep)
        if not gone:
            continue
        changed = sorted({c for c, _ in gone}, key=cells.index)
        ranges = ", ".join(f"{cells_words([c], cols)} is {low[cells.index(c)]}.."
                           f"{high[cells.index(c)]}" for c in changed)
        what = "above" if line.kind == "thermo" else "not below"
        yield _removing("thermo-bounds", gone, cells,
                        f"On the {'slow ' * (line.kind == 'slow-thermo')}thermometer from "
                        f"{cells_words([cells[0]], cols)} each cell is {what} the one before it: "
                        f"{ranges}, so {_removals(gone, cols)}.")


# -- arrows ---------------------------------------------------------------------------------

def arrow_bounds(s: State) -> Iterator[Step]:
    """The circle (or a pill, read as a number) is the sum along each arrow: bounds both
    ways, one pass per arrow along each of its paths."""
    cols, n = s.tables.cols, s.tables.n
    for arrow in _of(s, Arrow, ("arrow",)):
        circle = arrow.circle
        shafts = [p for p in arrow.shaft if p]
        values = {c: _values(s, c) for c in arrow.cells}
        if not shafts or not all(values.values()):
            continue
        weight = {c: 10 ** (len(circle) - 1 - k) for k, c in enumerate(circle)}
        lo = {c: (v & -v).bit_length() for c, v in values.items()}
        hi = {c: v.bit_length() for c, v in values.items()}
        least = max(sum(lo[c] for c in p) for p in shafts)
        most = min(sum(hi[c] for c in p) for p in shafts)
        keep = {c: (1 << n) - 1 for c in arrow.cells}
        for p in shafts:
            terms = [(c, weight[c]) for c in circle] + [(c, -1) for c in p]
            for c, a in terms:
                rest_min = sum(min(b * lo[o], b * hi[o]) for o, b in terms if o != c)
                rest_max = sum(max(b * lo[o], b * hi[o]) for o, b in terms if o != c)
                # a * x = -rest
                if a > 0:
                    low, high = -(rest_max // a), (-rest_min) // a
                else:
                    low, high = -(-rest_min // -a), rest_max // -a
                keep[c] &= _window(low, high, n)
        gone = _gone(s, arrow.cells, keep)
        if not gone:
            continue
        shaft_cells = sorted({c for p in shafts for c in p})
        number = (f"The circle {cells_words(circle, cols)} holds" if len(circle) == 1 else
                  f"The pill {cells_words(circle, cols)}, read as a number, is")
        text = (f"{number} the sum along its arrow ({cells_words(shaft_cells, cols)}): that "
                f"sum is at least {least} and at most {most}")
        if any(c in weight for c, _ in gone):
            text += f", which bounds the {'circle' if len(circle) == 1 else 'pill'}"
        if any(c not in weight for c, _ in gone):
            text += (", and each arrow cell is at most the circle less the least the other "
                     "arrow cells make")
        yield _removing("arrow-bounds", gone, arrow.cells,
                        f"{text}: {_removals(gone, cols)}.")


def _window(low: int, high: int, n: int) -> int:
    return sum(1 << (d - 1) for d in range(max(1, low), min(n, high) + 1))


# -- pairs: dots, whispers, the negative rules -------------------------------------------

def _fits(kind: str, value: int, a: int, b: int) -> bool:
    if kind == "white":
        return abs(a - b) == value
    if kind == "black":
        return a == value * b or b == value * a
    if kind == "whispers":
        return abs(a - b) >= value
    return a + b == value


def _pair_support(s: State, a: int, b: int, ok: object) -> int:
    """The digits of cell a that have a partner in cell b (`ok(d, e)` true, e != d when
    they see each other)."""
    va, vb = _values(s, a), _values(s, b)
    sees = b in s.tables.seen[a]
    out = 0
    for d in digits_of(va):
        if any(ok(d, e) and not (sees and e == d) for e in digits_of(vb)):  # type: ignore[operator]
            out |= 1 << (d - 1)
    return out


_DOT_WORDS = {"white": "their digits differ by {v}", "black": "one is {v} times the other",
              "x": "they sum to 10", "v": "they sum to 5"}
_DOT_NAMES = {"white": "white dot", "black": "black dot", "x": "X", "v": "V"}


def dot_pair(s: State) -> Iterator[Step]:
    """A kropki dot or an XV pair: each cell keeps the digits with a partner in the other."""
    cols = s.tables.cols
    for dot in _of(s, Dot, ("white", "black", "x", "v")):
        a, b = dot.cells
        if s.digits[a] and s.digits[b]:
            continue
        kind, value = dot.kind, dot.value

        def ok(d: int, e: int, kind: str = kind, value: int = value) -> bool:
            return _fits(kind, value, d, e)

        keep = {a: _pair_support(s, a, b, ok), b: _pair_support(s, b, a, ok)}
        gone = _gone(s, (a, b), keep)
        if not gone:
            continue
        rule = _DOT_WORDS[kind].format(v=value)
        yield _removing("dot-pair", gone, dot.cells,
                        f"The {_DOT_NAMES[kind]} between {cells_words([a], cols)} and "
                        f"{cells_words([b], cols)} says {rule}: {_removals(gone, cols)} (no partner "
                        f"for {'it' if len({d for _, d in gone}) == 1 else 'them'} in the other "
                        f"cell).")


def _dot_chains(s: State) -> list[tuple[tuple[int, ...], tuple[Dot, ...]]]:
    """The chains of dots: each set of three to six cells joined by kropki dots or XV pairs
    (more are left alone: their fillings grow fast), with its dots, in reading order."""
    dots = _of(s, Dot, ("white", "black", "x", "v"))
    joined: dict[int, list[Dot]] = {}
    for dot in dots:
        for c in dot.cells:
            joined.setdefault(c, []).append(dot)
    done: set[int] = set()
    out = []
    for start in sorted(joined):
        if start in done:
            continue
        cells = [start]
        for c in cells:
            for dot in joined[c]:
                for other in dot.cells:
                    if other not in cells:
                        cells.append(other)
        done.update(cells)
        if 3 <= len(cells) <= 6:
            chain = tuple(dict.fromkeys(d for c in cells for d in joined[c]))
            out.append((tuple(sorted(cells)), chain))
    return out


def dot_chain(s: State) -> Iterator[Step]:
    """A chain of dots: the fillings of all its cells at once that keep every dot (and keep
    digits apart where cells see each other) limit each cell, where each dot alone did not."""
    cols = s.tables.cols
    seen = s.tables.seen
    for cells, chain in _dot_chains(s):
        values = [_values(s, c) for c in cells]
        if all(s.digits[c] for c in cells) or not all(values):
            continue
        place = {c: k for k, c in enumerate(cells)}
        # each cell's dots to the cells before it in the order (found from the start cell)
        back: list[list[tuple[int, Dot]]] = [[] for _ in cells]
        for dot in chain:
            a, b = (place[c] for c in dot.cells)
            back[max(a, b)].append((min(a, b), dot))
        support = [0] * len(cells)
        chosen = [0] * len(cells)
        fillings: list[tuple[int, ...]] = []

        def walk(k: int, back: list[list[tuple[int, Dot]]] = back, cells: tuple[int, ...] = cells,
                 values: list[int] = values, support: list[int] = support,
                 chosen: list[int] = chosen, fillings: list[tuple[int, ...]] = fillings) -> None:
            if k == len(cells):
                for i, d in enumerate(chosen):
                    support[i] |= 1 << (d - 1)
                fillings.append(tuple(chosen))
                return
            for d in digits_of(values[k]):
                if any(chosen[j] == d and cells[j] in seen[cells[k]] for j in range(k)):
                    continue
                if all(_fits(dot.kind, dot.value, chosen[j], d) for j, dot in back[k]):
                    chosen[k] = d
                    walk(k + 1)
            chosen[k] = 0

        walk(0)
        if not fillings:
            continue
        gone = _gone(s, cells, dict(zip(cells, support, strict=True)))
        if not gone:
            continue
        marks = ", ".join(f"{_DOT_NAMES[d.kind]} {cells_words([d.cells[0]], cols)}-"
                          f"{cells_words([d.cells[1]], cols)}" for d in chain)
        ways = [",".join(map(str, f)) for f in fillings]
        filled = (f"can only hold {'; '.join(ways[:-1])}{' or ' * (len(ways) > 1)}{ways[-1]} "
                  f"(in that order)" if len(ways) <= 4 else
                  f"can be filled in {len(ways)} ways only")
        yield _removing("dot-chain", gone, cells,
                        f"Taken together, the dots joining {cells_words(cells, cols)} ({marks}) "
                        f"{filled}, with different digits where the cells see each other: "
                        f"{_removals(gone, cols)}.")


def whisper_line(s: State) -> Iterator[Step]:
    """Neighbours along a whisper line differ by at least its value."""
    cols, n = s.tables.cols, s.tables.n
    for line in _of(s, Line, ("whispers",)):
        value = line.value if line.value is not None else (n + 1) // 2
        cells = line.cells
        keep = {c: _values(s, c) for c in cells}

        def ok(d: int, e: int, value: int = value) -> bool:
            return abs(d - e) >= value

        for a, b in pairwise(cells):
            keep[a] &= _pair_support(s, a, b, ok)
            keep[b] &= _pair_support(s, b, a, ok)
        gone = _gone(s, cells, keep)
        if not gone:
            continue
        lonely = {d for _, d in gone if d - value < 1 and d + value > n}
        why = (f" (no digit is {value} or more away from {digits_words(lonely)})"
               if lonely else "")
        yield _removing("whisper-line", gone, cells,
                        f"Neighbours along the whisper line from {cells_words([cells[0]], cols)} "
                        f"differ by at least {value}: {_removals(gone, cols)}{why}.")


_NEGATIVE_WORDS = {
    "non-consecutive": "neighbours may not hold consecutive digits (the non-consecutive rule)",
    "negative-black": "no black dot lies between {a} and {b}, so neither is {r} times the other",
    "negative-xv": "no X or V lies between {a} and {b}, so they sum to neither 5 nor 10",
}


def negative_rule(s: State) -> Iterator[Step]:
    """Neighbours without a mark may not hold what the mark would say (the negative rules)."""
    cols = s.tables.cols
    rows = len(s.masks) // cols
    kinds = [r.kind for r in s.puzzle.constraints if r.kind in _NEGATIVE_WORDS]
    if not kinds:
        return
    dots: dict[tuple[int, int], list[Dot]] = {}
    ratios: set[int] = set()
    for dot in _of(s, Dot, ("white", "black", "x", "v")):
        dots.setdefault(dot.cells, []).append(dot)
        if dot.kind == "black":
            ratios.add(dot.value)
    ratio_list = sorted(ratios) or [2]
    for kind in kinds:
        for pair in neighbour_pairs(rows, cols):
            marks = dots.get(pair, [])
            if kind == "non-consecutive":
                if any(m.kind == "white" and m.value == 1 for m in marks):
                    continue

                def ok(d: int, e: int) -> bool:
                    return abs(d - e) != 1
            elif kind == "negative-black":
                if any(m.kind == "black" for m in marks):
                    continue

                def ok(d: int, e: int) -> bool:
                    return not any(d == r * e or e == r * d for r in ratio_list)
            else:
                if any(m.kind in ("x", "v") for m in marks):
                    continue

                def ok(d: int, e: int) -> bool:
                    return d + e not in (5, 10)
            for a, b in (pair, pair[::-1]):
                if s.digits[b] or not s.masks[b]:
                    continue
                keep = {b: _pair_support(s, b, a, ok)}
                gone = _gone(s, (b,), keep)
                if not gone:
                    continue
                rule = _NEGATIVE_WORDS[kind].format(a=cells_words([a], cols),
                                                    b=cells_words([b], cols),
                                                    r=" or ".join(map(str, ratio_list)))
                holds = (f"{cells_words([a], cols)} is {s.digits[a]}" if s.digits[a] else
                         f"{cells_words([a], cols)} holds only {digits_words(digits_of(s.masks[a]))}")
                yield _removing("negative-rule", gone, (a, b),
                                f"{_capital(rule)}; {holds}, so {_removals(gone, cols)}.")


# -- renban ---------------------------------------------------------------------------------

def renban_window(s: State) -> Iterator[Step]:
    """A renban line's digits are a run of consecutive digits: the runs that fit its cells."""
    cols, n = s.tables.cols, s.tables.n
    for line in _of(s, Line, ("renban",)):
        cells = line.cells
        size = len(cells)
        if size > n or size < 2:
            continue
        open_cells = [c for c in cells if not s.digits[c]]
        if not open_cells:
            continue
        placed = 0
        for c in cells:
            if s.digits[c]:
                placed |= 1 << (s.digits[c] - 1)
        runs = []
        for low in range(1, n - size + 2):
            run = _window(low, low + size - 1, n)
            if run & placed == placed and _matches([s.masks[c] & run & ~placed
                                                    for c in open_cells]):
                runs.append((low, run))
        if not runs:
            continue
        allowed = 0
        forced = (1 << n) - 1
        for _, run in runs:
            allowed |= run
            forced &= run
        keep = dict.fromkeys(open_cells, allowed)
        gone = _gone(s, open_cells, keep)
        locked: list[tuple[int, int]] = []
        for d in digits_of(forced & ~placed):
            locked.extend(_lockout(s, open_cells, d))
        if not gone and not locked:
            continue
        fitting = ", ".join(f"{low}-{low + size - 1}" for low, _ in runs)
        text = (f"The renban line from {cells_words([cells[0]], cols)} holds {size} consecutive "
                f"digits in any order; the runs that fit are {fitting}")
        if gone:
            text += ": " + _removals(gone, cols)
        if locked:
            held = digits_words(d for _, d in locked)
            it = "they leave" if "," in held or "-" in held else "it leaves"
            text += (f"; every run holds {held}, so {it} the cells that see all "
                     f"{'their' if it[0] == 't' else 'its'} places on the line: "
                     f"{_removals(locked, cols)}")
        yield Step("renban-window", (), tuple(sorted(set(gone) | set(locked))), cells,
                   tuple(digits_of(allowed)), text + ".")


# -- cell marks, little killers, palindromes, between lines -------------------------------

def cell_mark(s: State) -> Iterator[Step]:
    """Odd and even cells; minimum and maximum cells against their neighbours."""
    cols, n = s.tables.cols, s.tables.n
    rows = len(s.masks) // cols
    marks = _of(s, Mark, ("odd", "even", "min", "max"))
    kind_at = {m.cell: m.kind for m in marks}
    odd = sum(1 << (d - 1) for d in range(1, n + 1, 2))
    for mark in marks:
        c = mark.cell
        if mark.kind in ("odd", "even"):
            keep = {c: odd if mark.kind == "odd" else ((1 << n) - 1) & ~odd}
            gone = _gone(s, (c,), keep)
            if gone:
                yield Step("cell-mark", (), tuple(gone), (c,), tuple(d for _, d in gone),
                           f"The {mark.kind} cell {cells_words([c], cols)} holds an "
                           f"{mark.kind} digit: {_removals(gone, cols)}.")
            continue
        r, col = divmod(c, cols)
        around = [(r + dr) * cols + col + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                  if 0 <= r + dr < rows and 0 <= col + dc < cols]
        around = [o for o in around if kind_at.get(o) != mark.kind and _values(s, o)]
        if not around or not _values(s, c):
            continue
        keep = {}
        lo_c, hi_c = (_values(s, c) & -_values(s, c)).bit_length(), _values(s, c).bit_length()
        if mark.kind == "min":
            keep[c] = _window(1, min(_values(s, o).bit_length() for o in around) - 1, n)
            for o in around:
                keep[o] = _window(lo_c + 1, n, n)
        else:
            keep[c] = _window(max((_values(s, o) & -_values(s, o)).bit_length()
                                  for o in around) + 1, n, n)
            for o in around:
                keep[o] = _window(1, hi_c - 1, n)
        gone = _gone(s, [c, *around], keep)
        if gone:
            word, than = ("minimum", "below") if mark.kind == "min" else ("maximum", "above")
            yield _removing("cell-mark", gone, (c, *around),
                            f"The {word} cell {cells_words([c], cols)} is {than} each of its "
                            f"neighbours {cells_words(around, cols)}: {_removals(gone, cols)}.")


def little_killer_sum(s: State) -> Iterator[Step]:
    """The digits along a little killer's diagonal make its sum."""
    cols, n = s.tables.cols, s.tables.n
    for clue in _of(s, Clue, ("little-killer",)):
        cells = clue.cells
        if not cells or not all(_values(s, c) for c in cells):
            continue
        open_cells = [c for c in cells if not s.digits[c]]
        if not open_cells:
            continue
        left = clue.value - sum(s.digits[c] for c in cells)
        lo = {c: (s.masks[c] & -s.masks[c]).bit_length() for c in open_cells}
        hi = {c: s.masks[c].bit_length() for c in open_cells}
        low, high = sum(lo.values()), sum(hi.values())
        keep = {c: _window(left - (high - hi[c]), left - (low - lo[c]), n) for c in open_cells}
        how = "bounds"
        if 2 <= len(open_cells) <= 4:
            support = _sum_support(s, open_cells, left)
            if support is None:
                continue
            keep = dict(zip(open_cells, support, strict=True))
            how = "combinations"
        gone = _gone(s, open_cells, keep)
        if not gone:
            continue
        where = f"r{clue.row + 1}c{clue.col + 1}"
        text = (f"The little killer {clue.value} at {where} sums its diagonal "
                f"({cells_words(cells, cols)})")
        if len(open_cells) < len(cells):
            text += f", whose open cells ({cells_words(open_cells, cols)}) make {left}"
        text += (": each cell is at most what is left less the least the others make"
                 if how == "bounds" else
                 ", with different digits only where cells see each other")
        yield _removing("little-killer-sum", gone, cells,
                        f"{text}: {_removals(gone, cols)}.")


def palindrome_mirror(s: State) -> Iterator[Step]:
    """Cells facing each other on a palindrome line hold the same digit."""
    cols = s.tables.cols
    for line in _of(s, Line, ("palindrome",)):
        cells = line.cells
        keep = {c: _values(s, c) for c in cells}
        for k in range(len(cells) // 2):
            a, b = cells[k], cells[-1 - k]
            both = keep[a] & keep[b]
            keep[a] = keep[b] = both
        gone = _gone(s, cells, keep)
        if not gone:
            continue
        pairs = sorted({min(cells.index(c), len(cells) - 1 - cells.index(c)) for c, _ in gone})
        faced = "; ".join(f"{cells_words([cells[k]], cols)} and "
                          f"{cells_words([cells[-1 - k]], cols)}" for k in pairs)
        yield _removing("palindrome-mirror", gone, cells,
                        f"On the palindrome line from {cells_words([cells[0]], cols)} the cells "
                        f"facing each other hold the same digit ({faced}): "
                        f"{_removals(gone, cols)}.")


def between_bounds(s: State) -> Iterator[Step]:
    """A between line's inner cells lie strictly between its ends."""
    cols, n = s.tables.cols, s.tables.n
    for line in _of(s, Line, ("between",)):
        cells = line.cells
        if len(cells) < 3:
            continue
        a, b = _values(s, cells[0]), _values(s, cells[-1])
        if not a or not b:
            continue
        low = min((a & -a).bit_length(), (b & -b).bit_length())
        high = max(a.bit_length(), b.bit_length())
        inner = cells[1:-1]
        keep = dict.fromkeys(inner, _window(low + 1, high - 1, n))
        gone = _gone(s, inner, keep)
        if not gone:
            continue
        yield _removing("between-bounds", gone, cells,
                        f"The between line from {cells_words([cells[0]], cols)} to "
                        f"{cells_words([cells[-1]], cols)}: its inner cells lie strictly between "
                        f"its ends, which hold at least {low} and at most {high}: "
                        f"{_removals(gone, cols)}.")
