"""The setter's tools (Givens mode): what a gesture on the grid makes of the puzzle's rules.

Each tool takes the puzzle and the cells the setter picked (the selection, or a drag's path
in the order it was drawn) and returns the new puzzle, an ordinary immutable `Puzzle` the
editor commits as one undoable step; a gesture that cannot make a valid rule raises
`Refused` with the words the page shows instead. Nothing here knows the DOM (the page wires
it: web/light/page.py), and it runs under MicroPython in the page's worker (LIGHT_MODULES).
"""

from __future__ import annotations

from ..errors import PuzzleError
from ..model import Puzzle
from ..variants import (
    Arrow,
    Cage,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Rule,
    connected,
)

__all__ = [
    "CAGE_GONE",
    "CAGE_MADE",
    "DOT_CYCLE",
    "LINE_TOOLS",
    "MARK_TOOLS",
    "REGIONS_SET",
    "RULE_TOGGLES",
    "UNSET",
    "Refused",
    "cage_at",
    "cage_total",
    "cell_name",
    "cycle_dot",
    "draw_line",
    "has_rule",
    "paint_region",
    "region_draft",
    "region_report",
    "toggle_cage",
    "toggle_mark",
    "toggle_rule",
    "with_regions",
]

# The kinds the Line tool draws from a dragged path: its first cell is a thermometer's bulb,
# an arrow's circle, or just a line's start.
LINE_TOOLS = ("thermo", "arrow", "renban", "whispers", "palindrome", "between")
# The clues outside the grid the same drag places: it starts at the grid's edge and runs
# along the row or column (a sandwich) or the diagonal (a little killer) the clue is about;
# the clue sits just outside, before the drag's first cell, and the digits typed next are
# its number.
CLUE_TOOLS = ("sandwich", "little-killer")
CLUE_MADE = "A clue outside the grid: type its number now (on the pad or the keys)."
# What a tap of the Dot tool on a pair of neighbours makes of the mark between them, in turn.
DOT_CYCLE = ("", "white", "black", "x", "v")
# The rules of the whole grid the setter switches on and off (kropki's and XV's negative
# rules too: every pair without a dot/X/V has none of its relations).
RULE_TOGGLES = ("diagonal-", "diagonal+", "anti-knight", "anti-king", "non-consecutive",
                "negative-black", "negative-xv")
MARK_TOOLS = ("odd", "even")


# What the page says after a tool did its work (a refusal says its own words).
CAGE_MADE = "A cage: type its sum now (on the pad or the keys), or leave it without one."
CAGE_GONE = "The cage is gone."
REGIONS_SET = "The regions cut the grid right: it is a jigsaw now."


class Refused(ValueError):
    """A gesture that makes no valid rule: its words say why, plainly, to the setter."""


def cell_name(i: int, cols: int) -> str:
    return f"r{i // cols + 1}c{i % cols + 1}"


def _with(p: Puzzle, constraints: list[Constraint]) -> Puzzle:
    """The puzzle with these constraints (its regions kept); a model refusal in words."""
    try:
        return p.with_variants(p.regions, constraints)
    except PuzzleError as err:
        raise Refused(str(err)) from None


def cage_at(p: Puzzle, i: int) -> Cage | None:
    """The killer cage cell `i` is in, if any."""
    for item in p.constraints:
        if isinstance(item, Cage) and i in item.cells:
            return item
    return None


def toggle_cage(p: Puzzle, cells: list[int]) -> tuple[Puzzle, Cage | None]:
    """The Cage tool: one cell of a cage picked alone takes that cage away; otherwise the
    picked cells become a cage without a sum (the pad's digits then give it one,
    `cage_total`). Refused: cells of another cage, cells in more than one piece, more
    cells than the grid has digits (a cage's digits differ)."""
    picked = sorted(set(cells))
    if not picked:
        raise Refused("Select the cells of the cage first.")
    cols = p.cols
    if len(picked) == 1:
        old = cage_at(p, picked[0])
        if old is not None:
            return _with(p, [c for c in p.constraints if c is not old]), None
    taken = [i for i in picked if cage_at(p, i) is not None]
    if taken:
        raise Refused(f"{cell_name(taken[0], cols)} is in a cage already: select only that cell "
                      "and tap Cage to take that cage away first.")
    if len(picked) > p.size:
        raise Refused(f"A cage holds at most {p.size} cells (its digits differ), not {len(picked)}.")
    if not connected(picked, cols):
        raise Refused("A cage's cells must join up side by side: these are in more than one piece.")
    cage = Cage(picked)
    made = list(p.constraints)
    made.append(cage)
    return _with(p, made), cage


def toggle_extra(p: Puzzle, cells: list[int]) -> Puzzle:
    """The Extra tool: the picked cells become an extra region (a windoku's window: its
    digits differ, as a box's); one cell of an extra region picked alone takes it away.
    Refused: one cell alone elsewhere, more cells than digits, cells of another one."""
    picked = sorted(set(cells))
    extras = [c for c in p.constraints if isinstance(c, ExtraRegion)]
    if len(picked) == 1:
        gone = [c for c in extras if picked[0] in c.cells]
        if not gone:
            raise Refused("Select the cells of the extra region first (2 or more).")
        return _with(p, [c for c in p.constraints if c not in gone])
    if len(picked) > p.size:
        raise Refused(f"An extra region holds at most {p.size} cells (its digits differ), not {len(picked)}.")
    for c in extras:
        shared = [i for i in picked if i in c.cells]
        if shared:
            raise Refused(f"{cell_name(shared[0], p.cols)} is in an extra region already.")
    made = list(p.constraints)
    made.append(ExtraRegion(picked))
    return _with(p, made)


def cage_total(p: Puzzle, cage: Cage, total: int | None) -> tuple[Puzzle, Cage]:
    """The same cage with another sum (None: no sum)."""
    if cage not in p.constraints:
        raise Refused("That cage is gone.")
    new = Cage(cage.cells, total)
    return _with(p, [new if c == cage else c for c in p.constraints]), new


def _lines_through(p: Puzzle, i: int) -> list[Constraint]:
    return [c for c in p.constraints if isinstance(c, (Line, Arrow)) and i in c.cells]


def _clues_at(p: Puzzle, i: int) -> list[Constraint]:
    return [c for c in p.constraints if isinstance(c, Clue) and c.kind in CLUE_TOOLS
            and c.cells and c.cells[0] == i]


def outside_clue(p: Puzzle, kind: str, path: list[int]) -> tuple[Puzzle, Clue | None]:
    """A sandwich or little killer clue from a drag that starts at the grid's edge and runs
    straight (along a row or column for a sandwich, a diagonal for a little killer), with
    the number 0 until one is typed (`clue_value`). One edge cell alone takes away the
    clues whose line starts there."""
    cols, rows = p.cols, p.rows
    if len(path) == 1:
        gone = _clues_at(p, path[0])
        if not gone:
            raise Refused("Drag from the grid's edge along the line the clue is about.")
        return _with(p, [c for c in p.constraints if c not in gone]), None
    (r0, c0), (r1, c1) = divmod(path[0], cols), divmod(path[1], cols)
    dr, dc = r1 - r0, c1 - c0
    straight = all(divmod(path[k], cols) == (r0 + k * dr, c0 + k * dc) for k in range(len(path)))
    diagonal = abs(dr) == 1 and abs(dc) == 1
    if not straight or (diagonal if kind == "sandwich" else not diagonal) or max(abs(dr), abs(dc)) != 1:
        line = "a row or column" if kind == "sandwich" else "a diagonal"
        raise Refused(f"Drag in a straight line along {line}, from the grid's edge.")
    row, col = r0 - dr, c0 - dc
    if 0 <= row < rows and 0 <= col < cols:
        raise Refused(f"Start the drag at the grid's edge: the clue sits outside, before "
                      f"{cell_name(path[0], cols)}.")
    direction = None
    if kind == "little-killer":
        direction = ("U" if dr < 0 else "D") + ("L" if dc < 0 else "R")
    clue = Clue(kind, row, col, 0, direction)
    made = [c for c in p.constraints if not (isinstance(c, Clue) and c.kind == kind
                                             and (c.row, c.col, c.direction) == (row, col, direction))]
    made.append(clue)
    done = _with(p, made)
    return done, _found(done, clue)


def _found(p: Puzzle, clue: Clue) -> Clue:
    """The puzzle's own copy of a clue: validation gave it the cells it is about."""
    for c in p.constraints:
        if isinstance(c, Clue) and c == clue:
            return c
    raise Refused("That clue is gone.")


def clue_value(p: Puzzle, clue: Clue, value: int) -> tuple[Puzzle, Clue]:
    """The same clue with another number."""
    if clue not in p.constraints:
        raise Refused("That clue is gone.")
    new = Clue(clue.kind, clue.row, clue.col, value, clue.direction)
    done = _with(p, [new if c == clue else c for c in p.constraints])
    return done, _found(done, new)


def draw_line(p: Puzzle, kind: str, path: list[int]) -> Puzzle:
    """The Line tool: a path dragged through cells (each a king's step from the one before)
    becomes a line of `kind`, starting where the drag started (a thermometer's bulb, an
    arrow's circle). One cell picked alone takes away the lines and arrows through it."""
    cols = p.cols
    if kind not in LINE_TOOLS:
        raise Refused(f"Pick a kind of line, not {kind[:20]!r}.")
    if len(path) == 1:
        through = _lines_through(p, path[0])
        if not through:
            raise Refused("Drag a path through two or more cells to draw a line.")
        return _with(p, [c for c in p.constraints if c not in through])
    if not path:
        raise Refused("Drag a path through two or more cells to draw a line.")
    if len(set(path)) != len(path):
        raise Refused("A line passes each cell once.")
    for k in range(1, len(path)):  # MicroPython: no itertools.pairwise
        a, b = path[k - 1], path[k]
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        if max(abs(ra - rb), abs(ca - cb)) != 1:
            raise Refused(f"A line steps from a cell to a neighbour: {cell_name(a, cols)} and "
                          f"{cell_name(b, cols)} do not touch.")
    if kind == "arrow":
        item: Constraint = Arrow([path[0]], [path])
    elif kind == "whispers":
        item = Line(kind, path, (p.size + 1) // 2)  # German whispers: 5 at 9x9
    else:
        item = Line(kind, path)
    made = list(p.constraints)
    made.append(item)
    return _with(p, made)


def cycle_dot(p: Puzzle, cells: list[int]) -> tuple[Puzzle, str]:
    """The Dot tool on two side-by-side cells: the mark between them steps through none,
    white, black, X, V (and back to none); returns the new puzzle and the kind now there."""
    pair = sorted(set(cells))
    cols = p.cols
    if len(pair) != 2:
        raise Refused("Select two cells side by side for a dot, X or V between them.")
    a, b = pair
    if not (b - a == cols or (b - a == 1 and a % cols != cols - 1)):
        raise Refused(f"A dot lies between cells side by side: {cell_name(a, cols)} and "
                      f"{cell_name(b, cols)} are not.")
    old = [c for c in p.constraints if isinstance(c, Dot) and c.cells == (a, b)]
    kind = old[0].kind if old else ""
    new_kind = DOT_CYCLE[(DOT_CYCLE.index(kind) + 1) % len(DOT_CYCLE)] if kind in DOT_CYCLE else ""
    kept = [c for c in p.constraints if c not in old]
    if new_kind:
        kept.append(Dot(new_kind, (a, b)))
    return _with(p, kept), new_kind


def has_rule(p: Puzzle, kind: str) -> bool:
    return any(isinstance(c, Rule) and c.kind == kind for c in p.constraints)


def toggle_rule(p: Puzzle, kind: str, on: bool) -> Puzzle:
    """A whole-grid rule switched on or off."""
    if kind not in RULE_TOGGLES:
        raise Refused(f"No such rule: {kind[:20]!r}.")
    kept = [c for c in p.constraints if not (isinstance(c, Rule) and c.kind == kind)]
    if on:
        kept.append(Rule(kind))
    return _with(p, kept)


def toggle_mark(p: Puzzle, kind: str, cells: list[int]) -> Puzzle:
    """Odd or even cells: the picked cells all get the mark (replacing the other one), or lose
    it when every one of them has it already."""
    if kind not in MARK_TOOLS:
        raise Refused(f"No such cell mark: {kind[:20]!r}.")
    picked = set(cells)
    if not picked:
        raise Refused("Select the cells first.")
    marked = {c.cell for c in p.constraints if isinstance(c, Mark) and c.kind == kind}
    kept = [c for c in p.constraints if not (isinstance(c, Mark) and c.kind in MARK_TOOLS
                                             and c.cell in picked)]
    if not picked <= marked:
        kept.extend(Mark(kind, i) for i in sorted(picked))
    return _with(p, kept)


# -- jigsaw regions: painted in a draft, the puzzle's once they cut the grid right ----------

UNSET = -1  # a cell of the draft in no region yet


def region_draft(p: Puzzle) -> list[int]:
    """Where painting starts: the puzzle's jigsaw regions, or (a grid of boxes) no region
    at all, so that the setter paints every region of a new jigsaw."""
    return list(p.regions) if p.regions is not None else [UNSET] * len(p.cells)


def _unused(draft: list[int]) -> int:
    """The smallest region number no cell of the draft has: a new region's."""
    used = set(draft)
    number = 0
    while number in used:
        number += 1
    return number


def paint_region(draft: list[int], cells: list[int], size: int) -> list[int]:
    """The draft with the picked cells made one new region (taken out of the ones they were
    in: those may then be short, which `region_report` says). When the cells left in no
    region are just one region's worth and every other region is whole, they become the
    last region by themselves."""
    picked = set(cells)
    new = list(draft)
    for i in picked:
        new[i] = UNSET
    number = _unused(new)
    for i in picked:
        new[i] = number
    left = [i for i, k in enumerate(new) if k == UNSET]
    counts = _counts(new)
    if len(left) == size and len(counts) == size - 1 and all(n == size for n in counts.values()):
        number = _unused(new)
        for i in left:
            new[i] = number
    return new


def _counts(draft: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for k in draft:
        if k != UNSET:
            counts[k] = counts.get(k, 0) + 1
    return counts


def region_report(draft: list[int], size: int, cols: int) -> str:
    """What is still wrong with the painted regions, in words ("" when they cut the grid into
    `size` whole regions of `size` cells, each in one piece): shown to the setter, never a
    refusal, since a region is painted a few cells at a time."""
    counts = _counts(draft)
    left = sum(1 for k in draft if k == UNSET)
    wrong = []
    for k in sorted(counts):
        if counts[k] != size:
            first = draft.index(k)
            wrong.append(f"the region at {cell_name(first, cols)} has {counts[k]}")
    if not left and not wrong and len(counts) == size:
        for k in sorted(counts):
            cells = [i for i, r in enumerate(draft) if r == k]
            if not connected(cells, cols):
                return f"The region at {cell_name(cells[0], cols)} is in more than one piece."
        return ""
    words = [f"Regions: {len(counts)} of {size}, each of {size} cells"]
    if wrong:
        words.append("; " + ", ".join(wrong[:3]) + (" ..." if len(wrong) > 3 else ""))
    if left:
        words.append(f"; {left} cells in no region yet")
    return "".join(words) + ". Select cells and tap Region."


def with_regions(p: Puzzle, draft: list[int]) -> Puzzle:
    """The puzzle with the painted regions (checked whole by `region_report` first)."""
    try:
        return p.with_variants(draft, p.constraints)
    except PuzzleError as err:
        raise Refused(str(err)) from None
