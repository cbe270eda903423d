"""New variant puzzles: jigsaw, X (both diagonals), windoku and killer, for `generate`.

    >>> from pycore.solve.generate import generate
    >>> p = generate("x", "easy", seed=1)
    >>> sorted(c.kind for c in p.constraints)
    ['diagonal+', 'diagonal-']
    >>> import pycore; pycore.count_solutions(p)
    1

Jigsaw, X and windoku are dug as classic puzzles are (`generate`): a random solved grid that
keeps the extra houses (the fast solver completes random givens; relabelling the digits
keeps every house distinct), then givens taken away while the solution stays unique,
counted with the variant's houses, and graded by the technique engine, which knows the
extra houses (its uniqueness techniques are off on variants). A jigsaw's regions are drawn
anew for each solved grid: `random_regions` grows n connected regions of n cells from n
random seed cells.

A killer starts from a classic solved grid: `random_cages` cuts it into connected cages of
one to five cells with distinct digits, the totals come from the grid. While the cages
allow another solution, a cage holding a cell where the two solutions differ is split
(or, for "killer-givens", that cell becomes a given). Then cages are merged with a
neighbour (distinct digits, at most `MAX_CAGE` cells) in random order while the puzzle
stays unique, and merges are undone, by bisection as `generate` puts digits back, while
the puzzle is harder than asked.

A killer's level: easy, medium or hard is the technique engine's grade with its
techniques up to "hard" (the killer ones included: cage combinations, easy; the rule of
45, medium), as for any puzzle: the hardest technique used, raised by the total score.
Past that the engine is not asked (a full grading stuck on a killer took seconds): a
killer those techniques cannot finish is "unfair" when the variant solver proves it unique
within `EFFORT_NODES["unfair"]` search nodes, else "extreme" (not offered). So an unfair
killer means "harder than hard for our techniques, and a small search for the solver",
not a grade by the unfair techniques. `killer_effort` is that effort measure.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..model import EMPTY, Puzzle
from ..shapes import VARIANT_SHAPES, blank_shape, levels_made
from ..variants import Cage, Constraint, connected
from . import SearchTooLong
from .fast import SearchLimit, propagate, search
from .start import NoSolution, start
from .techniques import LEVELS, TECHNIQUES, grade

__all__ = ["EFFORT_NODES", "JIGSAW_SIZES_MADE", "MAX_CAGE", "VARIANT_SHAPES", "killer_effort",
           "random_cages", "random_regions", "variant_blank", "variant_levels"]

JIGSAW_SIZES_MADE = (4, 5, 6, 7, 8, 9)
"""The jigsaw sizes New puzzle makes (random regions grow quickly up to 9x9)."""


_UP_TO_HARD = tuple(t.name for t in TECHNIQUES if LEVELS.index(t.level) <= LEVELS.index("hard"))

MAX_CAGE = 5
"""The most cells a cage gets, cut or merged."""

EFFORT_NODES = {"medium": 30, "hard": 300, "unfair": 3000}
"""`killer_effort`'s scale: the most search nodes the variant solver's proof of uniqueness
may take at each level (past "unfair": "extreme"); "easy" takes none. Only its "unfair"
and "extreme" decide a killer's level (`killer_level`)."""

_CAGE_SIZES = (1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5)
"""The sizes a cage is cut at, drawn uniformly: mostly twos and threes, as in print."""

def variant_levels(name: str) -> tuple[str, ...] | None:
    """The levels New puzzle makes for a variant shape (`shapes.levels_made`, measured by
    benchmarks/generate.py), or None for a classic name."""
    return levels_made(name) if any(name == n for n, _ in VARIANT_SHAPES) else None


def variant_blank(name: str) -> Puzzle:
    """A blank grid of a variant shape to generate from: a jigsaw's regions a random cut
    (the same for each size), where the menu's blank (`shapes.blank_shape`) has its rows;
    the other shapes as the menu has them (a killer's a classic 9x9: its cages come with
    its solution)."""
    kind, _, size = name.partition("-")
    if kind == "jigsaw" and size.isdigit() and int(size) in JIGSAW_SIZES_MADE:
        n = int(size)  # the same random regions each time (a setter repaints them)
        return Puzzle("sudoku", n, (EMPTY,) * (n * n),
                      regions=random_regions(n, random.Random(name)))
    if kind != "jigsaw" and any(name == known for known, _ in VARIANT_SHAPES):
        return blank_shape(name)
    raise ValueError(f"unknown shape {name!r}")


# -- jigsaw regions ----------------------------------------------------------------------


def random_regions(n: int, rng: random.Random, tries: int = 5000) -> list[int]:
    """Each cell's region in a random cut of the n x n grid into n connected regions of n
    cells: n random seed cells grow one cell at a time, the region with the fewest free
    neighbours first (a random one of them); a region boxed in starts it over."""
    cells = n * n
    neighbours = [_neighbours(i, n) for i in range(cells)]
    for _ in range(tries):
        region = [-1] * cells
        members: list[list[int]] = []
        for k, s in enumerate(rng.sample(range(cells), n)):
            region[s] = k
            members.append([s])
        left = cells - n
        while left:
            best: list[int] | None = None
            grow = -1
            for k in range(n):
                if len(members[k]) == n:
                    continue
                free = sorted({j for i in members[k] for j in neighbours[i] if region[j] < 0})
                if best is None or len(free) < len(best):
                    best, grow = free, k
                if not free:
                    break
            if not best:
                break
            j = rng.choice(best)
            region[j] = grow
            members[grow].append(j)
            left -= 1
        if not left:
            return region
    raise RuntimeError(f"no {n}x{n} jigsaw regions in {tries} tries")


def _neighbours(i: int, n: int) -> tuple[int, ...]:
    """The cells beside cell i (up, down, left, right) on an n-column grid of n rows."""
    r, c = divmod(i, n)
    out = []
    if r:
        out.append(i - n)
    if r < n - 1:
        out.append(i + n)
    if c:
        out.append(i - 1)
    if c < n - 1:
        out.append(i + 1)
    return tuple(out)


# -- killer --------------------------------------------------------------------------------


def random_cages(solution: Puzzle, rng: random.Random) -> list[list[int]]:
    """The grid cut into connected cages of distinct digits (1 to `MAX_CAGE` cells): from
    each cell not yet in a cage, in random order, a cage grows to a size drawn from
    `_CAGE_SIZES` through random neighbours whose digit it does not hold yet."""
    n = solution.cols
    digits = [c.digit for c in solution.cells]
    cage_of = [-1] * len(digits)
    cages: list[list[int]] = []
    order = list(range(len(digits)))
    rng.shuffle(order)
    for start_cell in order:
        if cage_of[start_cell] >= 0:
            continue
        size = rng.choice(_CAGE_SIZES)
        cage = [start_cell]
        cage_of[start_cell] = len(cages)
        held = {digits[start_cell]}
        while len(cage) < size:
            free = sorted({j for i in cage for j in _neighbours(i, n)
                           if cage_of[j] < 0 and digits[j] not in held})
            if not free:
                break
            j = rng.choice(free)
            cage.append(j)
            cage_of[j] = len(cages)
            held.add(digits[j])
        cages.append(cage)
    return cages


def _killer(solution: Puzzle, cages: list[list[int]], givens: set[int]) -> Puzzle:
    digits = [c.digit for c in solution.cells]
    cells = {i: EMPTY for i in range(len(digits)) if i not in givens}
    constraints: list[Constraint] = [Cage(c, sum(digits[i] for i in c)) for c in cages]
    return solution.with_cells(cells).with_variants(None, constraints)


MERGE_NODES = 20_000
"""A cut or merge whose uniqueness search runs past this many nodes is given up (a new
grid, or another merge): such searches made the slowest killers (15 s for one)."""


def _other_solution(puzzle: Puzzle, solution: Puzzle) -> list[int] | None:
    """The cells where a second solution differs from `solution`, or None when unique.
    Raises SearchTooLong past `MERGE_NODES` search nodes."""
    try:
        board, masks, todo = start(puzzle)
    except NoSolution:
        return None
    want = [c.digit for c in solution.cells]
    try:
        for found in search(board, masks, todo, MERGE_NODES):
            cells = [i for i in board.open if found[i].bit_length() != want[i]]
            if cells:
                return cells
    except SearchLimit:
        raise SearchTooLong(f"a killer's uniqueness search ran past {MERGE_NODES} nodes") from None
    return None


def _split(cage: list[int], rng: random.Random, n: int) -> tuple[list[int], list[int]]:
    """A cage cut in two connected parts: one grown from a random cell to half its size."""
    part = [rng.choice(cage)]
    inside = set(cage)
    while len(part) < len(cage) // 2 or len(part) == 0:
        free = sorted({j for i in part for j in _neighbours(i, n) if j in inside and j not in part})
        part.append(rng.choice(free))
    rest = [i for i in cage if i not in part]
    if not connected(rest, n):  # a part that cuts the rest: take a single end cell instead
        for i in cage:
            others = [j for j in cage if j != i]
            if connected(others, n):
                return [i], others
    return part, rest


def killer_effort(puzzle: Puzzle) -> str:
    """A killer's level by the variant solver's effort (for what the engine cannot finish):
    "easy" when propagation alone (cage sums, the houses' singles) solves it, else the first
    level whose node budget (`EFFORT_NODES`) the whole uniqueness search fits in."""
    board, masks, todo = start(puzzle)
    trial = list(masks)
    if not propagate(board, trial, list(todo)) and all(
            not trial[i] & (trial[i] - 1) for i in board.open):
        return "easy"
    for level in ("medium", "hard", "unfair"):
        try:
            for _ in search(board, masks, todo, EFFORT_NODES[level]):
                pass
        except SearchLimit:
            continue
        return level
    return "extreme"


def killer_level(puzzle: Puzzle) -> str:
    """The technique engine's level where its techniques up to "hard" (with the killer
    ones it has: cage combinations, the rule of 45) solve the puzzle; else "unfair" or
    "extreme" by the variant solver's effort (`killer_effort`: unfair within
    `EFFORT_NODES["unfair"]` search nodes). All of the engine's techniques are not tried:
    stuck on a killer, a full grading took seconds (6.6 s on one) to find nothing."""
    result = grade(puzzle, names=_UP_TO_HARD)
    if result.solved:
        return result.level
    return "extreme" if killer_effort(puzzle) == "extreme" else "unfair"


Making = Generator[int, None, Puzzle | None]


def make_killer(solution: Puzzle, level: str, rng: random.Random, with_givens: bool,
                attempt: int) -> Making:
    """A unique killer of this level from a classic solved grid, or None (steps: the
    attempt's number, after each uniqueness check or grading)."""
    n = solution.cols
    cages = random_cages(solution, rng)
    givens: set[int] = set()
    if with_givens:  # a few givens to start from, as such killers have
        givens.update(rng.sample(range(n * n), 3))
    while True:
        puzzle = _killer(solution, cages, givens)
        try:
            differ = _other_solution(puzzle, solution)
        except SearchTooLong:
            return None  # too open to settle quickly: another grid
        yield attempt
        if differ is None:
            break
        cell = rng.choice(differ)
        if with_givens:
            givens.add(cell)
            continue
        k = next(k for k, c in enumerate(cages) if cell in c)
        if len(cages[k]) == 1:  # cannot be: a one-cell cage is a given
            return None
        part, rest = _split(cages[k], rng, n)
        cages[k:k + 1] = [part, rest]
    # merges that keep it unique, in random order: each makes it harder (fewer totals)
    digits = [c.digit for c in solution.cells]
    merges: list[list[list[int]]] = [cages]
    for _ in range(len(cages)):
        now = merges[-1]
        pairs = _merge_pairs(now, digits, n)
        rng.shuffle(pairs)
        merged = False
        for one, two in pairs[:4]:
            trial = [c for k, c in enumerate(now) if k not in (one, two)] + [now[one] + now[two]]
            try:
                unique = _other_solution(_killer(solution, trial, givens), solution) is None
            except SearchTooLong:
                unique = False  # too costly to tell: this merge is not made
            yield attempt
            if unique:
                merges.append(trial)
                merged = True
                break
        if not merged:
            break
    want = LEVELS.index(level)
    levels: dict[int, int] = {}

    def level_at(k: int) -> Generator[int, None, int]:
        if k not in levels:
            levels[k] = LEVELS.index(killer_level(_killer(solution, merges[k], givens)))
            yield attempt
        return levels[k]

    low, high = 0, len(merges) - 1
    if (yield from level_at(high)) < want or (yield from level_at(low)) > want:
        return None
    if levels[high] == want:
        return _killer(solution, merges[high], givens)
    while high - low > 1:  # level_at(low) <= want < level_at(high)
        middle = (low + high) // 2
        if (yield from level_at(middle)) > want:
            high = middle
        else:
            low = middle
    return _killer(solution, merges[low], givens) if levels[low] == want else None


def _merge_pairs(cages: list[list[int]], digits: list[int], n: int) -> list[tuple[int, int]]:
    """Pairs of neighbouring cages whose union has distinct digits and at most MAX_CAGE cells."""
    cage_of = {i: k for k, c in enumerate(cages) for i in c}
    pairs: set[tuple[int, int]] = set()
    for k, c in enumerate(cages):
        for i in c:
            for j in _neighbours(i, n):
                m = cage_of[j]
                if m > k and len(c) + len(cages[m]) <= MAX_CAGE \
                        and not {digits[x] for x in c} & {digits[x] for x in cages[m]}:
                    pairs.add((k, m))
    return sorted(pairs)


