"""Stepping: the next step the techniques find on a state (`next_step`, `find`, `steps`),
the puzzle after a step (`apply`), and a solution path's guess where none applies
(`brute_force`).

Most techniques give their first step found; those of `BEST_OF` give the best of all
their steps, ranked as HoDoKu ranks them (`hodoku_rank`). A search (`searching`) yields
between techniques, so that `grader.grading` can pause between them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...model import Puzzle, candidates, unpack, value
from ..pieces import Pieces, finish
from ..start import NoSolution, check_clashes
from .catalogue import BRUTE_FORCE, BY_NAME, NAMES, Technique, chosen, fits
from .state import State, Step

__all__ = [
    "BEST_OF", "Search", "apply", "brute_force", "find", "first", "hodoku_rank", "next_step",
    "searches_of", "searching", "steps",
]


def find(puzzle: Puzzle, name: str) -> list[Step]:
    """Every instance of the named technique in this state (empty when it does not apply)."""
    if name not in BY_NAME:
        raise ValueError(f"unknown technique {name!r}; known: {', '.join(NAMES)}")
    technique = BY_NAME[name]
    if not fits(technique, puzzle):
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
        (c, d) for c, p in step.placements for d in range(1, state.tables.n + 1)
        if masks[c] >> (d - 1) & 1 and d != p])
    index_sum = sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(gone))
    return (-len(gone), index_sum, len(step.links) or len(step.cells), sum(step.digits),
            len(step.cells))


Search = tuple[Technique, ...]
"""One search of the grader: one technique, or a group of `BEST_OF` searched at once."""


def searches_of(tried: list[Technique]) -> list[Search]:
    """The searches that try these techniques, in their order: each alone, or a `BEST_OF`
    group as one search where its first member comes."""
    out: list[Search] = []
    grouped: set[tuple[str, ...]] = set()
    for t in tried:
        group = _GROUP_OF.get(t.name)
        if group is None:
            out.append((t,))
        elif group not in grouped:
            grouped.add(group)
            out.append(tuple(u for u in tried if u.name in group))
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


def searching(state: State, search: Search) -> Pieces[Step | None]:
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
    return finish(searching(state, search))[0]


def first(state: State, searches: list[Search]) -> Step | None:
    """The step of the first search that finds one (None when none does)."""
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
    return first(state, searches_of(chosen(puzzle, names, uniqueness)))


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
    searches = searches_of(chosen(puzzle, names, uniqueness))
    while not state.solved() and not state.broken():
        step = first(state, searches)
        if step is None:
            return
        yield step
        state.apply(step)


def brute_force(state: State, solution: list[int]) -> Step:
    """Where no technique applies: the solution's digit in the middle open cell (the
    middle one of the open cells in reading order), as HoDoKu's brute force places it,
    so that a solution path goes on as far as HoDoKu's does."""
    open_cells = state.unsolved()
    cell = open_cells[len(open_cells) // 2]
    digit = solution[cell]
    name = state.tables.name(cell)
    return Step(BRUTE_FORCE, ((cell, digit),), (), (cell,), (digit,),
                f"no technique I know applies here: {name} is {digit} in the solution "
                f"(a guess, placed in the middle open cell)")
