"""Human solving techniques: find them, explain them, apply them, grade a puzzle by them.

    >>> import pycore
    >>> from pycore.solve import techniques
    >>> p = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    >>> step = techniques.next_step(p)
    >>> step.technique, step.placements
    ('full-house', ((0, 1),))
    >>> techniques.grade(p).level
    'easy'

The engine works on a pencil-mark state: givens and values are placed digits; any
other cell holds the digits its houses allow (`Puzzle.open_masks`), cut down to its
pencil marks when it has some. `NAMES` lists the techniques simplest first, with
HoDoKu's names; `TECHNIQUES` says for each its level, score, the shapes it works on
and what it does. The uniqueness techniques (`UNIQUENESS`) assume the puzzle has
exactly one solution: pass `uniqueness=False` to leave them out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial

from ... import shapes
from ...model import Puzzle, candidates, unpack, value
from ..pieces import Pieces, finish
from ..start import NoSolution, check_clashes
from . import (
    als,
    chains,
    complex_fish,
    fish,
    forcing,
    intersections,
    patterns,
    singles,
    str8ts,
    subsets,
    uniqueness,
    wings,
)
from .state import State, Step

__all__ = [
    "BEST_OF", "BRUTE_FORCE", "LEVELS", "NAMES", "TECHNIQUES", "UNIQUENESS", "Grade", "Grading",
    "State", "Step", "Technique", "apply", "brute_force", "find", "grade", "grading",
    "hodoku_rank", "next_step", "score_band", "score_of", "steps",
]

LEVELS = shapes.LEVELS
MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}
"""HoDoKu's default score limits for a 9x9: a puzzle scoring more moves up a level. They
grow with the number of cells to fill on larger grids (times open cells / 81)."""
GUESS_SCORE = 10000
"""What HoDoKu scores a guess (its brute force step)."""
BRUTE_FORCE = "brute-force"
"""The name of a solution path's guess where no technique applies (HoDoKu's name)."""

ANY = "every sudoku and str8ts"
SUDOKU = "every sudoku (Samurai too)"
PLAIN = "sudoku of one grid, every size"
STR8TS = "str8ts"

Finder = Callable[[State], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    name: str
    level: str
    score: int
    shapes: str
    summary: str
    finder: Finder = field(repr=False)


def _t(name: str, level: str, score: int, shapes: str, summary: str, finder: Finder) -> Technique:
    return Technique(name, level, score, shapes, summary, finder)


TECHNIQUES: tuple[Technique, ...] = (
    _t("full-house", "easy", 4, ANY, "the last empty cell of a house takes the missing digit",
       singles.full_house),
    _t("naked-single", "easy", 4, ANY, "a cell with one candidate left", singles.naked_single),
    _t("hidden-single", "easy", 14, ANY, "a digit with one place left in a house",
       singles.hidden_single),
    _t("str8ts-range", "easy", 10, STR8TS,
       "a compartment's digits lie in a window of consecutive digits", str8ts.str8ts_range),
    _t("str8ts-required", "easy", 20, STR8TS,
       "a digit every fitting straight contains leaves the rest of the line",
       str8ts.str8ts_required),
    _t("str8ts-stranded", "medium", 40, STR8TS,
       "a candidate no straight can use with the other cells' digits", str8ts.str8ts_stranded),
    _t("locked-pair", "medium", 40, SUDOKU,
       "two cells where a box and a line cross hold two digits: both houses lose them",
       intersections.locked_pair),
    _t("locked-triple", "medium", 60, SUDOKU, "the same with three cells and three digits",
       intersections.locked_triple),
    _t("locked-candidates-pointing", "medium", 50, SUDOKU,
       "a digit confined to one line within a box leaves the rest of the line",
       intersections.pointing),
    _t("locked-candidates-claiming", "medium", 50, SUDOKU,
       "a digit confined to one box within a line leaves the rest of the box",
       intersections.claiming),
    _t("naked-pair", "medium", 60, ANY, "two cells of a house with the same two candidates",
       partial(subsets.naked, size=2)),
    _t("naked-triple", "medium", 80, ANY, "three cells of a house holding three digits between them",
       partial(subsets.naked, size=3)),
    _t("hidden-pair", "medium", 70, ANY, "two digits with the same two places in a house",
       partial(subsets.hidden, size=2)),
    _t("hidden-triple", "medium", 100, ANY, "three digits confined to three cells of a house",
       partial(subsets.hidden, size=3)),
    _t("naked-quadruple", "hard", 120, ANY, "four cells of a house holding four digits",
       partial(subsets.naked, size=4)),
    _t("hidden-quadruple", "hard", 150, ANY, "four digits confined to four cells of a house",
       partial(subsets.hidden, size=4)),
    _t("x-wing", "hard", 140, SUDOKU, "a digit in two rows confined to two columns (or the reverse)",
       partial(fish.basic, size=2)),
    _t("swordfish", "hard", 150, SUDOKU, "the same with three rows and three columns",
       partial(fish.basic, size=3)),
    _t("jellyfish", "hard", 160, SUDOKU, "the same with four rows and four columns",
       partial(fish.basic, size=4)),
    _t("remote-pair", "hard", 110, SUDOKU, "a chain of cells with the same two digits, alternating",
       wings.remote_pair),
    _t("bug-plus-1", "hard", 100, PLAIN,
       "all cells but one bivalue: that cell takes the digit that avoids two solutions (uniqueness)",
       uniqueness.bug_plus_1),
    _t("skyscraper", "hard", 130, SUDOKU,
       "two parallel strong links on a digit, joined at one end", patterns.skyscraper),
    _t("two-string-kite", "hard", 150, SUDOKU,
       "a row and a column strong link on a digit, joined in a box", patterns.two_string_kite),
    _t("turbot-fish", "hard", 120, SUDOKU,
       "two strong links on a digit joined by a weak link (with a box link)", patterns.turbot_fish),
    _t("empty-rectangle", "hard", 120, PLAIN,
       "a box's digit on one row and column, with a strong link outside", patterns.empty_rectangle),
    _t("w-wing", "hard", 150, SUDOKU, "two equal bivalue cells joined by a strong link",
       wings.w_wing),
    _t("xy-wing", "hard", 160, SUDOKU, "a bivalue pivot and two bivalue pincers sharing z",
       wings.xy_wing),
    _t("xyz-wing", "hard", 180, SUDOKU, "a pivot with three digits and two bivalue pincers",
       wings.xyz_wing),
    _t("uniqueness-1", "hard", 100, PLAIN,
       "a rectangle with three cells a/b: the fourth is neither (uniqueness)",
       partial(uniqueness.uniqueness, kind=1)),
    _t("uniqueness-2", "hard", 100, PLAIN,
       "a rectangle whose two roof cells add the same digit: cells seeing both lose it (uniqueness)",
       partial(uniqueness.uniqueness, kind=2)),
    _t("uniqueness-3", "hard", 100, PLAIN,
       "a rectangle's roof extras form a naked subset with other cells (uniqueness)",
       partial(uniqueness.uniqueness, kind=3)),
    _t("uniqueness-4", "hard", 100, PLAIN,
       "a rectangle's roof holds a strong link on a or b: the other digit goes (uniqueness)",
       partial(uniqueness.uniqueness, kind=4)),
    _t("uniqueness-5", "hard", 100, PLAIN,
       "a rectangle whose two diagonal or three corners add the same digit: cells seeing all "
       "of them lose it (uniqueness)", partial(uniqueness.uniqueness, kind=5)),
    _t("uniqueness-6", "hard", 100, PLAIN,
       "a rectangle's a/b corners on a diagonal and a locked in its rows or columns (an "
       "x-wing): the other corners lose a (uniqueness)", partial(uniqueness.uniqueness, kind=6)),
    _t("hidden-rectangle", "hard", 100, PLAIN,
       "a rectangle whose far corner would complete it through strong links (uniqueness)",
       uniqueness.hidden_rectangle),
    _t("avoidable-rectangle-1", "hard", 100, PLAIN,
       "three corners solved by the player (not givens): the fourth may not complete a swap",
       partial(uniqueness.avoidable_rectangle, kind=1)),
    _t("avoidable-rectangle-2", "hard", 100, PLAIN,
       "two solved corners and two cells with the same extra digit: cells seeing both lose it",
       partial(uniqueness.avoidable_rectangle, kind=2)),
    _t("finned-x-wing", "hard", 130, PLAIN, "an x-wing with extra places (fins) in one box",
       partial(fish.finned, size=2, sashimi=False)),
    _t("sashimi-x-wing", "hard", 150, PLAIN,
       "a finned x-wing missing a corner (one base line has one place)",
       partial(fish.finned, size=2, sashimi=True)),
    _t("finned-swordfish", "unfair", 200, PLAIN, "a swordfish with fins in one box",
       partial(fish.finned, size=3, sashimi=False)),
    _t("sashimi-swordfish", "unfair", 240, PLAIN, "a finned swordfish missing a corner",
       partial(fish.finned, size=3, sashimi=True)),
    _t("finned-jellyfish", "unfair", 250, PLAIN, "a jellyfish with fins in one box",
       partial(fish.finned, size=4, sashimi=False)),
    _t("sashimi-jellyfish", "unfair", 260, PLAIN, "a finned jellyfish missing a corner",
       partial(fish.finned, size=4, sashimi=True)),
    _t("sue-de-coq", "unfair", 250, SUDOKU,
       "cells where a box and a line cross, with cells of each, as many cells as digits: "
       "each digit's place is fixed to the line or the box", intersections.sue_de_coq),
    _t("simple-colors-trap", "hard", 150, SUDOKU,
       "two colors along strong links: a cell seeing both colors loses the digit",
       patterns.simple_colors_trap),
    _t("simple-colors-wrap", "hard", 150, SUDOKU,
       "two cells of one color see each other: that color loses the digit",
       patterns.simple_colors_wrap),
    _t("multi-colors-1", "hard", 200, SUDOKU,
       "two clusters where colors see each other: a cell seeing both opposite colors loses it",
       patterns.multi_colors_1),
    _t("multi-colors-2", "hard", 200, SUDOKU,
       "a color seeing both colors of another cluster loses the digit", patterns.multi_colors_2),
    _t("x-chain", "unfair", 260, SUDOKU,
       "an alternating chain of strong and weak links on one digit", patterns.x_chain),
    _t("xy-chain", "unfair", 260, SUDOKU,
       "a chain of bivalue cells: one of its ends holds z", wings.xy_chain),
    _t("x-cycle", "unfair", 280, SUDOKU,
       "a loop or chain of strong and weak links on one digit (a nice loop on one digit)",
       chains.x_cycle),
    _t("continuous-nice-loop", "unfair", 280, SUDOKU,
       "a closed loop of strong and weak links: each weak link clears what sees both ends",
       chains.continuous_nice_loop),
    _t("discontinuous-nice-loop", "unfair", 280, SUDOKU,
       "assuming a candidate false proves it true along a chain: it is true",
       chains.discontinuous_nice_loop),
    _t("aic", "unfair", 280, SUDOKU,
       "an alternating inference chain: one of its two ends is true, so what sees both goes",
       chains.aic),
    _t("grouped-continuous-nice-loop", "unfair", 300, PLAIN,
       "a continuous nice loop through groups (a digit's places where a box and a line "
       "cross, on when one of them is)", chains.grouped_continuous_nice_loop),
    _t("grouped-discontinuous-nice-loop", "unfair", 300, PLAIN,
       "a discontinuous nice loop through groups: assuming a candidate false proves it true",
       chains.grouped_discontinuous_nice_loop),
    _t("grouped-aic", "unfair", 300, PLAIN,
       "an alternating inference chain through groups: one of its ends is true",
       chains.grouped_aic),
    # not one of HoDoKu's: it finds these as ALS-XZ, so they are graded as that
    _t("wxyz-wing", "unfair", 300, SUDOKU,
       "a pivot and three wings holding four digits, only z not mutually seen",
       wings.wxyz_wing),
    _t("als-xz", "unfair", 300, SUDOKU,
       "two almost locked sets joined by a restricted common digit x: a shared z leaves "
       "cells seeing all its places", als.als_xz),
    _t("als-xy-wing", "unfair", 320, SUDOKU,
       "three almost locked sets, two joined to the third by different restricted commons: "
       "a digit the outer two share leaves cells seeing all its places", als.als_xy_wing),
    _t("als-chain", "unfair", 340, SUDOKU,
       "almost locked sets in a chain, each joined to the next by a restricted common: a "
       "digit both ends share leaves cells seeing all its places", als.als_chain),
    _t("death-blossom", "unfair", 360, SUDOKU,
       "a stem cell and an ALS for each of its digits: a digit every ALS holds leaves cells "
       "seeing all its places", als.death_blossom),
    _t("franken-x-wing", "unfair", 300, PLAIN,
       "a fish on two houses whose bases or covers take in a box (rows and boxes to columns "
       "and boxes, or the reverse)", partial(complex_fish.franken, size=2, finned=False)),
    _t("franken-swordfish", "unfair", 350, PLAIN, "the same with three base and cover houses",
       partial(complex_fish.franken, size=3, finned=False)),
    _t("finned-franken-x-wing", "unfair", 390, PLAIN,
       "a franken x-wing with fins: the cells seeing every fin lose the digit",
       partial(complex_fish.franken, size=2, finned=True)),
    _t("finned-franken-swordfish", "unfair", 410, PLAIN, "a franken swordfish with fins",
       partial(complex_fish.franken, size=3, finned=True)),
    _t("mutant-x-wing", "extreme", 450, PLAIN,
       "a fish on two houses of any kinds (a row and a column among the bases, say)",
       partial(complex_fish.mutant, size=2, finned=False)),
    _t("mutant-swordfish", "extreme", 450, PLAIN, "the same with three base and cover houses",
       partial(complex_fish.mutant, size=3, finned=False)),
    _t("finned-mutant-x-wing", "extreme", 470, PLAIN, "a mutant x-wing with fins",
       partial(complex_fish.mutant, size=2, finned=True)),
    _t("finned-mutant-swordfish", "extreme", 470, PLAIN, "a mutant swordfish with fins",
       partial(complex_fish.mutant, size=3, finned=True)),
    _t("forcing-chain-contradiction", "extreme", 500, SUDOKU,
       "assuming a candidate true makes another both true and false along chains: it is false",
       forcing.forcing_chain_contradiction),
    _t("forcing-chain-verity", "extreme", 500, SUDOKU,
       "every digit of a cell (or place of a digit in a house) leads to the same conclusion",
       forcing.forcing_chain_verity),
    _t("forcing-net-contradiction", "extreme", 700, ANY,
       "assuming a candidate true, the singles that follow leave a cell or house empty",
       forcing.forcing_net_contradiction),
    _t("forcing-net-verity", "extreme", 700, ANY,
       "every digit of a cell (or place in a house) leads by singles to the same digit",
       forcing.forcing_net_verity),
)

NAMES: tuple[str, ...] = tuple(t.name for t in TECHNIQUES)
"""Every technique, simplest first (HoDoKu's order and kebab-case names)."""
UNIQUENESS = frozenset({"uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4",
                        "uniqueness-5", "uniqueness-6", "hidden-rectangle", "avoidable-rectangle-1",
                        "avoidable-rectangle-2",
                        "bug-plus-1"})
"""Techniques valid only for a puzzle with exactly one solution."""
_BY_NAME = {t.name: t for t in TECHNIQUES}


def _fits(technique: Technique, puzzle: Puzzle) -> bool:
    if technique.shapes == STR8TS:
        return puzzle.kind == "str8ts"
    if technique.shapes == ANY:
        return True
    if puzzle.kind != "sudoku":
        return False
    return technique.shapes == SUDOKU or puzzle.layout is None


def _chosen(puzzle: Puzzle, names: Iterable[str] | None, unique: bool) -> list[Technique]:
    wanted = NAMES if names is None else tuple(names)
    for name in wanted:
        if name not in _BY_NAME:
            raise ValueError(f"unknown technique {name!r}")
    return [t for t in TECHNIQUES if t.name in wanted and _fits(t, puzzle)
            and (unique or t.name not in UNIQUENESS)]


def find(puzzle: Puzzle, name: str) -> list[Step]:
    """Every instance of the named technique in this state (empty when it does not apply)."""
    if name not in _BY_NAME:
        raise ValueError(f"unknown technique {name!r}; known: {', '.join(NAMES)}")
    technique = _BY_NAME[name]
    if not _fits(technique, puzzle):
        return []
    return list(technique.finder(State(puzzle)))


BEST_OF: tuple[tuple[str, ...], ...] = (
    ("remote-pair",), ("turbot-fish",), ("x-chain",), ("xy-chain",),
    ("x-cycle", "continuous-nice-loop", "discontinuous-nice-loop", "aic"),
    ("grouped-continuous-nice-loop", "grouped-discontinuous-nice-loop", "grouped-aic"),
    ("als-chain",),
)
"""The techniques whose every step is gathered and the best taken (`hodoku_rank`), as
HoDoKu's chain searches find them all and sort them; a tuple of several is one search
there (its nice loop search finds continuous and discontinuous loops and AICs at once,
and takes the best whatever its kind). The others take the first step found."""
_GROUP_OF = {name: group for group in BEST_OF for name in group}


def hodoku_rank(state: State, step: Step) -> tuple[int, ...]:
    """Where HoDoKu's `SolutionStep.compareTo` puts a step among others, smallest first:
    most candidates removed (a placement removes its cell's other digits), then the
    lowest weighted sum of the removed candidates (cell and digit, in cell order), then
    the shortest chain, the lowest digits, the fewest cells."""
    masks = state.masks
    gone = sorted(list(step.eliminations) + [
        (c, d) for c, p in step.placements for d in range(1, state.shape.n + 1)
        if masks[c] >> (d - 1) & 1 and d != p])
    index_sum = sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(gone))
    return (-len(gone), index_sum, len(step.links) or len(step.cells), sum(step.digits),
            len(step.cells))


Search = tuple[Technique, ...]
"""One search of the grader: one technique, or a group of `BEST_OF` searched at once."""


def _searches(chosen: list[Technique]) -> list[Search]:
    out: list[Search] = []
    grouped: set[tuple[str, ...]] = set()
    for t in chosen:
        group = _GROUP_OF.get(t.name)
        if group is None:
            out.append((t,))
        elif group not in grouped:
            grouped.add(group)
            out.append(tuple(u for u in chosen if u.name in group))
    return out


Best = tuple[Step | None, tuple[int, ...]]
"""The best step of a `BEST_OF` group so far, with its `hodoku_rank`."""


def _better(state: State, technique: Technique, best: Best) -> Best:
    """`best`, or the best of the technique's steps where one beats it."""
    step, rank = best
    for found in technique.finder(state):
        r = hodoku_rank(state, found)
        if step is None or r < rank:
            step, rank = found, r
    return step, rank


def _searching(state: State, search: Search) -> Pieces[Step | None]:
    """The search's step: the first found, or for a `BEST_OF` group the best of all; in
    pieces of one technique each."""
    if search[0].name not in _GROUP_OF:
        step = next(search[0].finder(state), None)
        yield
        return step
    best: Best = (None, ())
    for t in search:
        best = _better(state, t, best)
        yield
    return best[0]


def _search(state: State, search: Search) -> Step | None:
    return finish(_searching(state, search))[0]


def _first(state: State, searches: list[Search]) -> Step | None:
    for search in searches:
        step = _search(state, search)
        if step is not None:
            return step
    return None


def next_step(puzzle: Puzzle, names: Iterable[str] | None = None,
              uniqueness: bool = True) -> Step | None:
    """The simplest step available (None when solved or when no technique applies).

    Raises NoSolution when two digits clash or a cell has no candidate left."""
    check_clashes(puzzle)
    state = State(puzzle)
    if state.broken():
        raise NoSolution("no solution: a cell has no candidate left")
    return _first(state, _searches(_chosen(puzzle, names, uniqueness)))


def apply(puzzle: Puzzle, step: Step) -> Puzzle:
    """The puzzle after the step: placements become values, eliminations remove pencil
    marks (a cell without marks first gets every digit its houses allow)."""
    placed = puzzle.with_cells({c: value(d) for c, d in step.placements}) if step.placements \
        else puzzle
    if not step.eliminations:
        return placed
    opened = placed.open_masks
    marks: dict[int, set[int]] = {}
    for c, d in step.eliminations:
        if c not in marks:
            cell = placed.cells[c]
            if cell.kind in ("given", "value", "black", "outside"):
                continue
            marks[c] = set(cell.candidates) if cell.kind == "candidates" else set(
                unpack(opened[c]))
        marks[c].discard(d)
    return placed.with_cells({c: candidates(ds) for c, ds in marks.items() if ds})


def steps(puzzle: Puzzle, names: Iterable[str] | None = None,
          uniqueness: bool = True) -> Iterator[Step]:
    """The steps that solve the puzzle, simplest first, as far as the techniques go."""
    state = State(puzzle)
    searches = _searches(_chosen(puzzle, names, uniqueness))
    while not state.solved() and not state.broken():
        step = _first(state, searches)
        if step is None:
            return
        yield step
        state.apply(step)


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person: HoDoKu's levels and score."""

    level: str
    score: int
    hardest: str | None
    """The hardest technique used (by level, then score); None when nothing was needed."""
    steps: int
    solved: bool
    """False when the techniques ran out: the rest needs guessing (level extreme; with the
    solution given, the path goes on through `brute_force` guesses)."""
    counts: dict[str, int]
    path: tuple[Step, ...] = ()
    """Every step taken, in order (HoDoKu's solution path; `score_of` each for its score)."""


Grading = Pieces[Grade]
"""`grading`'s work in small pieces: each `next` does at most one technique search (or
applies the step found) and yields None; the Grade is the generator's return value."""


def grading(puzzle: Puzzle, uniqueness: bool = True,
            names: Iterable[str] | None = None, solution: Puzzle | None = None,
            path: list[Step] | None = None) -> Grading:
    """`grade` as a generator that yields after each technique search, so that a worker
    can answer other questions between the pieces of a long grading; run to the end it
    returns exactly what `grade` returns. Each step taken is appended to `path` (when
    given) as it is taken, so that a caller can show a path while it grows."""
    check_clashes(puzzle)
    solved_digits = None if solution is None else [c.digit for c in solution.cells]
    state = State(puzzle)
    searches = _searches(_chosen(puzzle, names, uniqueness))
    counts: dict[str, int] = {}
    path = [] if path is None else path
    score = 0
    hardest: Technique | None = None
    count = 0
    while not state.solved():
        if state.broken():
            raise NoSolution("no solution: the techniques reached a cell with no candidate")
        step: Step | None = None
        for search in searches:
            step = yield from _searching(state, search)
            if step is not None:
                break
        if step is None:
            if solved_digits is None:
                break
            step = brute_force(state, solved_digits)  # a guess, and the techniques go on
        state.apply(step)
        path.append(step)
        counts[step.technique] = counts.get(step.technique, 0) + 1
        score += score_of(step.technique)
        count += 1
        technique = _BY_NAME.get(step.technique)  # None for a guess: no technique's level
        if technique is not None and (hardest is None or (
                LEVELS.index(technique.level), technique.score) > (
                LEVELS.index(hardest.level), hardest.score)):
            hardest = technique
    guessed = BRUTE_FORCE in counts
    solved = state.solved() and not guessed
    level = hardest.level if hardest else "easy"
    if not solved:
        level = "extreme"
        if not guessed:
            score += GUESS_SCORE
    scale = max(1.0, len(state.shape.board.open) / 81)
    while level in MAX_SCORE and score > MAX_SCORE[level] * scale:
        level = LEVELS[LEVELS.index(level) + 1]
    return Grade(level, score, hardest.name if hardest else None, count, solved, counts,
                 tuple(path))


def score_of(name: str) -> int:
    """A technique's score (HoDoKu's rating), by its name; a guess (`BRUTE_FORCE`) scores
    GUESS_SCORE."""
    return GUESS_SCORE if name == BRUTE_FORCE else _BY_NAME[name].score


def brute_force(state: State, solution: list[int]) -> Step:
    """Where no technique applies: the solution's digit in the middle open cell (the
    middle one of the open cells in reading order), as HoDoKu's brute force places it,
    so that a solution path goes on as far as HoDoKu's does."""
    open_cells = state.unsolved()
    cell = open_cells[len(open_cells) // 2]
    digit = solution[cell]
    name = state.shape.name(cell)
    return Step(BRUTE_FORCE, ((cell, digit),), (), (cell,), (digit,),
                f"no technique I know applies here: {name} is {digit} in the solution "
                f"(a guess, placed in the middle open cell)")


def score_band(level: str, open_cells: int) -> tuple[float, float]:
    """(least, most) score a made puzzle of this level should have: HoDoKu's generator
    takes a puzzle of a level above easy only when its score reaches the level below's
    limit (a hard one scores at least 1000 on a 9x9), so that a level means that much
    work, not one hard step among singles. The limits scale with the cells to fill; the
    least also shrinks on grids smaller than a 9x9, whose singles cannot add up to it."""
    i = LEVELS.index(level)
    most = MAX_SCORE[level] * max(1.0, open_cells / 81) if level in MAX_SCORE else float("inf")
    least = MAX_SCORE[LEVELS[i - 1]] * open_cells / 81 if i else 0.0
    return least, most


def grade(puzzle: Puzzle, uniqueness: bool = True, names: Iterable[str] | None = None,
          solution: Puzzle | None = None) -> Grade:
    """Solve with the techniques only, simplest first; level = the hardest technique's level,
    raised while the total score passes the level's limit; a guess needed means extreme.
    `names` limits the techniques tried (what they cannot finish counts as a guess).
    With the puzzle's `solution`, a guess is made where no technique applies (`brute_force`,
    GUESS_SCORE each) and the techniques go on from there, as HoDoKu's solution path does;
    `solved` stays False. (All of `grading` at once.)"""
    return finish(grading(puzzle, uniqueness, names, solution))[0]
