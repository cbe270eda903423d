"""Singles are taken in HoDoKu's order: from its naked and hidden singles queues, filled as
candidates leave and digits are placed. A cell that is both a naked and a hidden single
is named (and scored: 4 or 14) by which of the two came up first, so the order decides
a path's score. The expected paths below are HoDoKu 2.2.0's (`/bs FILE /vp`)."""

from __future__ import annotations

from pycore.model import EMPTY, Puzzle, given
from pycore.solve.generate import generate
from pycore.solve.techniques import State, Step, find, grade, next_step, steps
from pycore.solve.techniques.singles import hidden_single, naked_single


def line(text: str) -> Puzzle:
    return Puzzle("sudoku", 9, tuple(given(int(ch)) if ch != "." else EMPTY for ch in text))


def named(step: Step) -> str:
    """A single as HoDoKu's path prints it ("Naked Single: r6c3=4")."""
    ((cell, digit),) = step.placements
    title = {"full-house": "Full House", "naked-single": "Naked Single",
             "hidden-single": "Hidden Single"}[step.technique]
    return f"{title}: r{cell // 9 + 1}c{cell % 9 + 1}={digit}"


# HoDoKu 2.2.0 grades it Medium (492); its path starts with these eight singles.
MEDIUM = "..3..1.6.....4...2..8.92...15...6.9.79.....41.3.1...57...96.1..4...3.....6.5..4.."
MEDIUM_START = (
    "Hidden Single: r6c1=8",
    "Naked Single: r6c5=2",
    "Naked Single: r6c7=6",
    "Naked Single: r6c3=4",
    "Full House: r6c6=9",
    "Naked Single: r4c3=2",
    "Full House: r5c3=6",
    "Hidden Single: r9c5=1",
)


def test_a_cell_that_is_both_singles_is_named_as_hodokus_queue_has_it() -> None:
    puzzle = line(MEDIUM)
    graded = grade(puzzle)
    assert tuple(named(s) for s in graded.path[:8]) == MEDIUM_START
    # A scan of the houses took r6c6=9 first (row 6's hidden single), which left r6c3=4 a
    # hidden single only, taken so (14). HoDoKu's queue first fills r6c1, r6c5 and r6c7,
    # which leave r6c3 one candidate: a naked single (4).
    scanned = puzzle.with_cells({5 * 9 + 5: given(9)})
    assert ((5 * 9 + 2, 4),) in [s.placements for s in find(scanned, "hidden-single")]
    assert ((5 * 9 + 2, 4),) not in [s.placements for s in find(scanned, "naked-single")]
    assert (graded.level, graded.score) == ("medium", 492)  # HoDoKu's, to the point


# HoDoKu 2.2.0: Medium (360). Its step 10 is "Locked Pair: 7,8 in r5c46 => r4c6,r5c37,
# r6c4<>7, r4c6,r5c7<>8", removed row 5 first, then box 5; the singles that follow come
# in that order: "Hidden Single: r7c7=8" (r5c7 losing 8 leaves column 7 one place) before
# "Hidden Single: r4c9=8" (from r4c6 losing 8).
LOCKED = ".19........4259.......1.58....32.6..4.......5..8.61....71.4.......9361........43."


def test_a_subsets_eliminations_go_in_hodokus_order_and_so_do_the_singles_they_make() -> None:
    graded = grade(line(LOCKED))
    pair = graded.path[9]
    assert pair.technique == "locked-pair"
    assert pair.eliminations[:3] == ((38, 7), (42, 7), (42, 8))  # r5c3, r5c7: the row first
    assert tuple(named(s) for s in graded.path[10:12]) == (
        "Hidden Single: r7c7=8", "Naked Single: r7c4=5")
    assert (graded.level, graded.score) == ("medium", 360)


def test_the_hint_is_the_paths_first_step() -> None:
    for text in (MEDIUM, LOCKED):
        puzzle = line(text)
        assert next_step(puzzle) == grade(puzzle).path[0]


def _scanned(state: State) -> tuple[set[int], set[int]]:
    """The cells with one candidate left, and the cells that are a digit's one place in a
    house, found by looking at every cell and house."""
    masks = state.masks
    naked = {c for c in state.unsolved() if masks[c].bit_count() == 1}
    hidden = set()
    for house in state.tables.houses:
        for bit in (1 << k for k in range(state.tables.n)):
            places = [c for c in house if masks[c] & bit]
            if len(places) == 1:
                hidden.add(places[0])
    return naked, hidden


def test_the_queues_hold_every_single_on_every_shape() -> None:
    puzzles = [line(MEDIUM)] + [generate(shape, "easy", seed=3)
                                for shape in ("4x4", "6x6", "str8ts-6", "samurai-4")]
    for puzzle in puzzles:
        state = State(puzzle)
        for step in steps(puzzle):
            naked, hidden = _scanned(state)
            assert {s.cells[0] for s in naked_single(state)} == naked
            assert {s.cells[0] for s in hidden_single(state)} == hidden
            state.apply(step)
        assert state.solved()
