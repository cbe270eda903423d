"""New puzzles with exactly one solution, at a requested level.

    >>> from pycore.solve.generate import generate
    >>> p = generate("sudoku-4", "easy", seed=1)
    >>> import pycore; pycore.count_solutions(p)
    1

How: a random solved grid (random givens completed by the fast solver, digits
relabelled; for 25x25 a shuffled pattern grid; for str8ts a black pattern filled by
wave function collapse), then its digits are taken away in random order (in pairs
symmetric about the centre on a 9x9, unless `symmetric=False`) while the solution
stays unique (asked as: does a solution differ from the grid in the cells taken
away? `fast.differs`). `easy` keeps only removals a single puts back, so the puzzle
is solved by singles. Other levels dig until nothing more can go, grade the result
with the techniques up to the level, and while it is harder than asked put digits
back (how many: found by bisection); a puzzle of the wrong level by all the
techniques is dropped, and the next attempt digs the same grid in a new order (a new
grid every third attempt). Everything is drawn from
one `random.Random` seeded with shape, level and seed: the same seed gives the same
puzzle in CPython and in Pyodide.

`making` is the same work in steps: it pauses after each uniqueness check and each
grading (a few milliseconds to a fraction of a second), so that a caller can let other
work run, report progress or stop (the page's heavy worker: a Cancel button, and Hint or
a link's encoding answered while a puzzle is being made). `generate` runs it to its end.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..errors import PuzzleError
from ..model import EMPTY, Puzzle, black, given
from ..shapes import blank_shape, levels_made
from . import SearchTooLong, solutions, wfc
from .fast import DEFAULT_MAX_NODES, SearchLimit, differs
from .generate_variants import VARIANT_SHAPES, make_killer, random_regions, variant_blank, variant_levels
from .rules import board_of
from .start import start
from .techniques import LEVELS, TECHNIQUES, Grade, grade, score_band

__all__ = ["GenerateFailed", "Making", "generate", "making", "shape_name"]

MAX_ATTEMPTS = 60
RARE_ATTEMPTS = 240
"""Unfair and extreme puzzles are a few in a hundred minimal ones: 60 digs missed them for
about one seed in ten, 240 should for about one in ten thousand."""
DIGS_PER_GRID = 3
"""Attempts that dig the same solved grid (in a new order) before a new grid is drawn."""
EASY = tuple(t.name for t in TECHNIQUES if t.level == "easy")
"""An easy puzzle is solved by these alone (grading with them never tries the costly ones)."""
BAND_ATTEMPTS = 2
"""Attempts spent, once a puzzle of the level turned up, on finding one whose score also
reaches the level's band (`techniques.score_band`) before the best so far is taken (on
boards of up to 81 cells)."""


class GenerateFailed(PuzzleError):
    """No puzzle of the requested level turned up within the attempt budget."""


def shape_name(text: str) -> str:
    """The shape name for "9x9", "16x16", "samurai", "str8ts-9", "str8ts 9x9" or "sudoku-9";
    "jigsaw" is "jigsaw-9" and "jigsaw 6x6" "jigsaw-6"; other names ("killer", "x") as written."""
    t = text.strip().lower().replace(" ", "-")
    kind = "sudoku"
    if t == "jigsaw":
        return "jigsaw-9"
    if t.startswith("str8ts"):
        kind, t = "str8ts", t[len("str8ts"):].lstrip("-")
    elif t.startswith("jigsaw"):
        kind, t = "jigsaw", t[len("jigsaw"):].lstrip("-")
    elif t.startswith("sudoku"):
        t = t[len("sudoku"):].lstrip("-")
    a, sep, b = t.partition("x")
    if sep and a == b and a.isdigit():
        t = a
    return f"{kind}-{t}" if t.isdigit() else t


Making = Generator[int, None, Puzzle]
"""`making`'s steps: each yields the number of the attempt it belongs to (0 for the
first), and the puzzle is its return value."""


def generate(shape: str, level: str = "easy", seed: int | None = None,
             symmetric: bool | None = None, attempts: int | None = None) -> Puzzle:
    """A puzzle of this shape (see `shape_name`) with one solution and this level.

    Raises GenerateFailed when `attempts` grids gave no puzzle of the level (a 25x25
    can only be `easy`; str8ts and large grids rarely reach the top levels).
    """
    steps = making(shape, level, seed, symmetric, attempts)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            made: Puzzle = done.value
            return made


def making(shape: str, level: str = "easy", seed: int | None = None,
           symmetric: bool | None = None, attempts: int | None = None) -> Making:
    """`generate`'s work in steps (the same puzzle for the same arguments): each step
    yields the attempt it is part of; the puzzle is the generator's return value
    (`StopIteration.value`). Checks the arguments and raises as `generate` does, at the
    first step. Closing it between steps stops the work."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    name = shape_name(shape)
    made = variant_levels(name) or levels_made(name)
    blank = variant_blank(name) if name in made_variants() else blank_shape(name)
    if level not in made:
        raise ValueError(f"a {shape} puzzle can only be made {' or '.join(made)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(f"{shape_name(shape)}/{level}/{seed}")
    if symmetric is None:
        symmetric = blank.kind == "sudoku" and blank.size == 9 and blank.layout is None
    if name.startswith("killer"):
        return (yield from _making_killer(blank, level, rng, name == "killer-givens", attempts))
    solution: Puzzle | None = None
    cells = len(board_of(blank).open)
    least = score_band(level, cells)[0]
    # a larger board's digs cost seconds each (checks and gradings): it takes the first of
    # the level rather than dig again for the band
    band_attempts = BAND_ATTEMPTS if cells <= 81 else 0
    best: tuple[int, Puzzle] | None = None  # the highest-scoring puzzle of the level so far
    if attempts is None:
        attempts = RARE_ATTEMPTS if level in ("unfair", "extreme") else MAX_ATTEMPTS
    left = attempts
    for attempt in range(attempts):
        if solution is None or attempt % DIGS_PER_GRID == 0:
            if blank.regions is not None:  # a jigsaw: new regions for each solved grid
                blank = Puzzle("sudoku", blank.size, blank.cells,
                               regions=random_regions(blank.size, rng))
            solution = _solution(blank, rng)
            if solution is None:
                continue
        yield attempt
        dug = yield from _dig(solution, level, rng, symmetric, attempt)
        if dug is None:
            continue
        found, graded = dug
        if level == "easy":
            return found
        if graded is not None and _graded_alike(graded, level):
            result = graded
        else:
            yield attempt
            result = grade(found)
        if result.level != level:
            continue  # the harder techniques, tried first where they come first, jump ahead
        score = result.score
        if score >= least:
            return found
        if best is None or score > best[0]:
            best = (score, found)
        left = min(left, attempt + band_attempts)
        if attempt >= left:
            break
    if best is not None:
        return best[1]
    raise GenerateFailed(f"no {level} puzzle found in {attempts} attempts")


def made_variants() -> tuple[str, ...]:
    """The names of the variant shapes made here (`generate_variants.VARIANT_SHAPES`)."""
    return tuple(name for name, _ in VARIANT_SHAPES)


def _making_killer(blank: Puzzle, level: str, rng: random.Random, with_givens: bool,
                   attempts: int | None) -> Making:
    """A killer (`generate_variants.make_killer`), a new classic solved grid per attempt."""
    if attempts is None:
        attempts = MAX_ATTEMPTS
    for attempt in range(attempts):
        solution = _sudoku_solution(blank, rng)
        if solution is None:
            continue
        yield attempt
        made = yield from make_killer(solution, level, rng, with_givens, attempt)
        if made is not None:
            return made
    raise GenerateFailed(f"no {level} killer found in {attempts} attempts")


def _solution(blank: Puzzle, rng: random.Random) -> Puzzle | None:
    """A random solved grid of the blank's shape (all its digits givens), or None."""
    if blank.kind == "sudoku" and blank.size == 25 and blank.layout is None:
        return _pattern_grid(blank, rng)
    if blank.kind == "sudoku":
        return _sudoku_solution(blank, rng)
    puzzle = _black_pattern(blank, rng)
    try:
        # a pattern without straights can take long to refute: give up early
        solved = wfc.solve(puzzle, rng=rng, max_steps=400)
    except PuzzleError:
        return None  # this black pattern has no straights (found quickly): draw another
    cells = {i: given(c.digit) for i, c in enumerate(solved.cells) if c.kind == "value"}
    return _black_givens(solved.with_cells(cells), rng)


def _sudoku_solution(blank: Puzzle, rng: random.Random) -> Puzzle | None:
    """Random digits in random cells, completed by the fast solver, digits relabelled."""
    puzzle = blank
    cells = [i for i, c in enumerate(blank.cells) if c.kind == "empty"]
    for i in rng.sample(cells, blank.size + 2):
        options = puzzle.open_digits(i)
        if not options:
            return None
        puzzle = puzzle.with_cell(i, given(rng.choice(options)))
    try:
        found = solutions(puzzle, 1, max_nodes=20_000)
    except PuzzleError:
        return None
    if not found:
        return None
    digits = rng.sample(range(1, blank.size + 1), blank.size)
    return found[0].with_cells({i: given(digits[c.digit - 1])
                                for i, c in enumerate(found[0].cells) if c.digit})


def _pattern_grid(blank: Puzzle, rng: random.Random) -> Puzzle:
    """The classic pattern grid for square boxes, its digits, rows and columns shuffled
    within what keeps it valid (bands, rows in a band, stacks, columns in a stack)."""
    n = blank.size
    b = int(n**0.5)

    def order() -> list[int]:
        bands = rng.sample(range(b), b)
        return [band * b + r for band in bands for r in rng.sample(range(b), b)]

    rows, cols = order(), order()
    digits = rng.sample(range(1, n + 1), n)
    cells = []
    for r in rows:
        for c in cols:
            cells.append(given(digits[(b * (r % b) + r // b + c) % n]))
    return Puzzle("sudoku", n, tuple(cells))


def _black_pattern(blank: Puzzle, rng: random.Random) -> Puzzle:
    """Black cells symmetric about the centre, about a fifth of the grid."""
    count = len(blank.cells)
    chosen: set[int] = set()
    while len(chosen) < count // 5:
        i = rng.randrange(count)
        chosen.update((i, count - 1 - i))
    return blank.with_cells({i: black() for i in chosen})


def _black_givens(solved: Puzzle, rng: random.Random) -> Puzzle:
    """A quarter of the black cells get a digit their row and column do not hold."""
    n = solved.size
    for i, cell in enumerate(solved.cells):
        if cell.kind == "black" and rng.random() < 0.25:
            taken = {solved.cells[j].digit for j in solved.geometry.peers[i]}
            options = [d for d in range(1, n + 1) if d not in taken]
            if options:
                solved = solved.with_cell(i, black(rng.choice(options)))
    return solved


def _groups(puzzle: Puzzle, rng: random.Random, symmetric: bool) -> list[tuple[int, ...]]:
    """The cells to try taking away, in random order: pairs about the centre if symmetric."""
    count = len(puzzle.cells)
    todo = [i for i, c in enumerate(puzzle.cells) if c.kind == "given"]
    groups: list[tuple[int, ...]] = []
    done: set[int] = set()
    for i in todo:
        if i in done:
            continue
        twin = count - 1 - i
        group = (i, twin) if symmetric and twin != i and twin in todo else (i,)
        done.update(group)
        groups.append(group)
    rng.shuffle(groups)
    return groups


Dug = tuple[Puzzle, Grade | None] | None
"""What digging one solved grid gives: the puzzle and its grade by the techniques up to its
level when it has one, or None when this attempt failed."""


def _graded_alike(graded: Grade, level: str) -> bool:
    """Whether a grading by the techniques up to `level` is what a grading by all of them
    gives: it solved the puzzle, and every technique it used comes before the first
    harder one in `TECHNIQUES`' order (each step's search then meets no harder technique
    before the one that found the step, so both gradings take the same steps)."""
    want = LEVELS.index(level)
    first_harder = next((k for k, t in enumerate(TECHNIQUES) if LEVELS.index(t.level) > want),
                        len(TECHNIQUES))
    return graded.solved and all(k < first_harder for k, t in enumerate(TECHNIQUES)
                                 if t.name in graded.counts)


class _Uniqueness:
    """Uniqueness checks while digging one solved grid: whether a puzzle of its givens,
    known to be unique, stays unique once some cells are taken away (`fast.differs`).
    The grid's board and start states are built once, not per check."""

    def __init__(self, solution: Puzzle) -> None:
        self.board, self.solved, _ = start(solution)
        everywhere = solution.with_cells({i: EMPTY for i in self.board.open})
        _, self.opened, _ = start(everywhere)  # an open cell's digits, before propagation

    def holes(self, puzzle: Puzzle) -> set[int]:
        """The puzzle's open cells without a digit."""
        cells = puzzle.cells
        return {i for i in self.board.open if cells[i].kind == "empty"}

    def without(self, holes: set[int], group: tuple[int, ...]) -> bool:
        """Whether the unique puzzle whose empty cells are `holes` stays unique without the
        givens of `group` (what `count_solutions(...) == 1` answers, sooner)."""
        board, opened = self.board, self.opened
        masks = list(self.solved)
        todo = []
        for i in board.open:
            if i in holes or i in group:
                m = masks[i] = opened[i]
                if m & (m - 1):
                    continue
            todo.append(i)
        try:
            return not differs(board, masks, todo, self.solved, group)
        except SearchLimit as err:
            raise SearchTooLong(f"search stopped after {err.nodes - 1} nodes "
                                f"(max_nodes={DEFAULT_MAX_NODES})") from None


Steps = Generator[int, None, Dug]
"""A dig's work in steps, as `making`'s: each yields the attempt's number."""


def _dig(solution: Puzzle, level: str, rng: random.Random, symmetric: bool, attempt: int) -> Steps:
    groups = _groups(solution, rng, symmetric)
    if level == "easy":
        return (yield from _dig_easy(solution, groups, attempt))
    unique = _Uniqueness(solution)
    holes: set[int] = set()
    removed: list[tuple[int, ...]] = []
    for group in groups:
        if unique.without(holes, group):
            holes.update(group)
            removed.append(group)
        yield attempt
    puzzle = solution.with_cells({i: EMPTY for i in holes})
    return (yield from _settle(puzzle, solution, removed, level, rng, unique, attempt))


def _settle(puzzle: Puzzle, solution: Puzzle, removed: list[tuple[int, ...]], level: str,
            rng: random.Random, unique: _Uniqueness, attempt: int) -> Steps:
    """Put digits back while the puzzle is harder than asked; the level, or None.

    Digits go back in a random order; how many is found by bisection (a puzzle only gets
    easier as digits come back, near enough), so a grid costs a handful of gradings."""
    want = LEVELS.index(level)
    rng.shuffle(removed)
    graded: dict[int, int] = {}
    grades: dict[int, Grade] = {}

    def with_back(k: int) -> Puzzle:
        return puzzle.with_cells({i: solution.cells[i] for group in removed[:k] for i in group})

    easier = [t.name for t in TECHNIQUES if LEVELS.index(t.level) <= want]

    def level_at(k: int) -> Generator[int, None, int]:
        """The level, or want + 1 for anything harder (the harder techniques never run);
        a step when it grades."""
        if k not in graded:
            result = grade(with_back(k), names=easier)
            harder = min(want + 1, len(LEVELS) - 1)  # unfinished: extreme, or past `want`
            graded[k] = min(LEVELS.index(result.level), harder) if result.solved else harder
            grades[k] = result
            yield attempt
        return graded[k]

    least = score_band(level, len(board_of(puzzle).open))[0]

    def fits(k: int) -> bool:
        return graded[k] == want and grades[k].score >= least

    if (yield from level_at(0)) < want:
        return None
    low, high = 0, len(removed)  # level_at(low) > want unless it is the answer
    if (yield from level_at(0)) == want:
        return puzzle, grades[0]
    if (yield from level_at(high)) > want:
        return None
    while high - low > 1:
        middle = (low + high) // 2
        if (yield from level_at(middle)) > want:
            low = middle
        else:
            high = middle
    yield from level_at(high)
    if fits(high):
        return with_back(high), grades[high]
    # the level is right but the score short of its band, or one digit back skips from
    # harder to easier: take away digits that came back, one at a time, where the level
    # stays at most the one asked (every cell a person must fill adds to the score)
    return (yield from _deepen(with_back(high), removed[:high], level, easier, least,
                               graded[high], grades[high], unique, attempt))


def _deepen(puzzle: Puzzle, back: list[tuple[int, ...]], level: str, names: list[str],
            least: float, now: int, graded: Grade, unique: _Uniqueness, attempt: int) -> Steps:
    """Take away the digits that were put back, one group at a time, while the solution
    stays unique and the level (`now`, an index of LEVELS; `graded` the puzzle's grade)
    does not pass `level`; the puzzle as soon as its score reaches `least` at that level,
    else the last one at the level, or None when it never got there."""
    want = LEVELS.index(level)
    holes = unique.holes(puzzle)
    for group in back:
        yield attempt
        if not unique.without(holes, group):
            continue
        trial = puzzle.with_cells({i: EMPTY for i in group})
        result = grade(trial, names=names)
        yield attempt
        if not result.solved or LEVELS.index(result.level) > want:
            continue
        puzzle, graded = trial, result
        holes.update(group)
        now = LEVELS.index(result.level)
        if now == want and result.score >= least:
            return puzzle, graded
    return (puzzle, graded) if now == want else None


def _dig_easy(solution: Puzzle, groups: list[tuple[int, ...]], attempt: int) -> Steps:
    """Take a digit away only when a single (naked, or hidden in one of its houses) puts
    it back from the givens left: solving by singles then retraces the removals."""
    puzzle = solution
    if solution.kind == "str8ts":  # singles from givens are rare there: grade each removal
        for group in groups:
            trial = puzzle.with_cells({i: EMPTY for i in group})
            result = grade(trial, names=EASY)
            if result.solved and result.level == "easy":
                puzzle = trial
            yield attempt
        return puzzle, None
    for group in groups:
        trial = puzzle.with_cells({i: EMPTY for i in group})
        # each cell of the group is a single with the other givens in place (and stays
        # one once its twin is back: more givens only narrow a cell's digits)
        if all(_single_from_givens(trial, i) for i in group):
            puzzle = trial
        yield attempt
    if puzzle.size > 16:
        return puzzle, None  # singles by construction; grading 625 cells would cost seconds
    yield attempt
    result = grade(puzzle, names=EASY)
    return (puzzle, None) if result.level == "easy" and result.solved else None


def _single_from_givens(puzzle: Puzzle, cell: int) -> bool:
    masks = puzzle.open_masks
    mine = masks[cell]
    if mine and not mine & (mine - 1):
        return True
    for house in puzzle.geometry.units[cell]:
        if any(puzzle.cells[i].kind == "black" for i in house):
            continue
        others = 0
        for i in house:
            if i != cell and puzzle.cells[i].kind == "empty":
                others |= masks[i]
        only_here = mine & ~others
        if only_here and not only_here & (only_here - 1):
            return True
    return False
