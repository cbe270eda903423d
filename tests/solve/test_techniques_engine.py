"""The technique engine beyond single 9x9 patterns: other sizes, Samurai, str8ts, BUG+1,
applying a step to a puzzle, grading, and soundness: on many puzzles every step the
engine takes agrees with the solution `pycore.solve` finds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given as hyp_given
from hypothesis import settings
from hypothesis import strategies as st

import pycore
from pycore.model import EMPTY, Layout, Puzzle, black, candidates, given
from pycore.solve import NoSolution, solve
from pycore.solve.pieces import finish
from pycore.solve.techniques import (
    BRUTE_FORCE,
    GUESS_SCORE,
    NAMES,
    TECHNIQUES,
    UNIQUENESS,
    Grade,
    State,
    Step,
    Technique,
    apply,
    brute_force,
    find,
    grade,
    grading,
    hodoku_rank,
    next_step,
    steps,
)
from tests.solve.test_solve import HARD_9X9

ROOT = Path(__file__).resolve().parents[2]
TOP95 = (ROOT / "benchmarks" / "data" / "solve_top95.txt").read_text().split()


def line(text: str) -> Puzzle:
    n = round(len(text) ** 0.5)
    digits = "123456789ABCDEFG"
    return Puzzle("sudoku", n, tuple(
        given(digits.index(ch) + 1) if ch not in ".0" else EMPTY for ch in text))


# Other sizes and Samurai ----------------------------------------------------------------


def test_a_state_keeps_each_house_count_of_empty_cells_and_placed_digits() -> None:
    """What the singles read after every step is what counting the houses again gives."""
    state = State(line(TOP95[3]))
    houses = state.tables.houses

    def counted(s: State) -> tuple[int, list[int], list[int]]:
        open_cells = [c for c in s.tables.board.open if not s.digits[c]]
        return (len(open_cells), [sum(1 for c in h if not s.digits[c]) for h in houses],
                [s.placed_in(h) for h in houses])

    placements = 0
    for step in steps(state.puzzle):
        state.apply(step)
        placements += len(step.placements)
        assert (state.left, state.empty, state.placed) == counted(state)
        copy = state.copy()
        assert (copy.left, copy.empty, copy.placed) == counted(state)
    assert placements and state.solved() and not state.left


def test_x_wing_on_a_4x4() -> None:
    # Digit 1 in rows 1 and 3 only in columns 1 and 3: rows 2 and 4 lose it there.
    cells = [candidates({1, 2, 3, 4})] * 16
    for r in (0, 2):
        for c in (1, 3):
            cells[r * 4 + c] = candidates({2, 3, 4})
    p = Puzzle("sudoku", 4, tuple(cells))
    assert {e for s in find(p, "x-wing") for e in s.eliminations} == {
        (4, 1), (6, 1), (12, 1), (14, 1)}


def test_hidden_single_on_a_16x16() -> None:
    cells = [EMPTY] * 256
    for c in range(16):
        if c != 11:
            cells[5 * 16 + c] = candidates(range(1, 16))  # 16 only in r6c12
    steps_found = find(Puzzle("sudoku", 16, tuple(cells)), "hidden-single")
    assert ((5 * 16 + 11, 16),) in [s.placements for s in steps_found]
    assert any("row 6" in s.explanation and "r6c12" in s.explanation for s in steps_found)


def test_pointing_in_a_samurai_corner_box_reaches_both_grids() -> None:
    # The box at rows 7-9, columns 7-9 belongs to the top-left grid and the centre grid.
    # With 4 only in r7c7 and r7c8 there, row 7 of both grids loses 4: c1-c6 and c10-c15.
    samurai = Puzzle.blank(layout=Layout.samurai(3))
    width = samurai.cols
    box = [(6 + r) * width + 6 + c for r in range(3) for c in range(3)]
    keep = {6 * width + 6, 6 * width + 7}
    p = samurai.with_cells({i: candidates(set(range(1, 10)) - {4}) for i in box if i not in keep})
    gone = {e for s in find(p, "locked-candidates-pointing") for e in s.eliminations}
    assert gone == {(6 * width + c, 4) for c in [*range(0, 6), *range(9, 15)]}


def test_x_wing_in_a_samurai_corner_grid() -> None:
    # Rows 1 and 3 of the top-left grid hold 1 only in columns 1 and 3: those columns of
    # that grid (rows 1 to 9) lose 1 elsewhere.
    samurai = Puzzle.blank(layout=Layout.samurai(3))
    width = samurai.cols
    narrowed = {r * width + c: candidates(range(2, 10)) for r in (0, 2) for c in range(9)
                if c not in (0, 2)}
    p = samurai.with_cells(narrowed)
    gone = {e for s in find(p, "x-wing") for e in s.eliminations}
    assert gone == {(r * width + c, 1) for r in (1, 3, 4, 5, 6, 7, 8) for c in (0, 2)}


def test_pointing_on_a_25x25() -> None:
    # Box 1 (5x5) holds 25 only in r1c1 and r1c2: row 1 loses 25 in columns 6 to 25.
    box = [r * 25 + c for r in range(5) for c in range(5)]
    cells = [EMPTY] * 625
    for i in box:
        if i not in (0, 1):
            cells[i] = candidates(range(1, 25))
    gone = {e for s in find(Puzzle("sudoku", 25, tuple(cells)), "locked-candidates-pointing")
            for e in s.eliminations}
    assert gone == {(c, 25) for c in range(5, 25)}


def test_naked_pair_on_a_6x6() -> None:
    cells = [EMPTY] * 36
    cells[0] = cells[4] = candidates({5, 6})  # r1c1 and r1c5: different boxes of 2x3
    gone = {e for s in find(Puzzle("sudoku", 6, tuple(cells)), "naked-pair") for e in s.eliminations}
    assert gone == {(c, d) for c in (1, 2, 3, 5) for d in (5, 6)}


# Str8ts ---------------------------------------------------------------------------------


def _str8ts(blacks: set[int], extra: dict[int, object]) -> Puzzle:
    cells = [black() if i in blacks else EMPTY for i in range(25)]
    for i, cell in extra.items():
        cells[i] = cell  # type: ignore[call-overload]
    return Puzzle("str8ts", 5, tuple(cells))


def test_str8ts_range_and_required() -> None:
    # Row 1: r1c1 r1c2 | black r1c3 | r1c4 r1c5, with 1 given in r1c1. The first compartment
    # is a straight of two holding 1: it is 1,2. So r1c2 keeps only 2 (range), and 2 is
    # required there: it leaves r1c4 and r1c5.
    p = _str8ts({2}, {0: given(1)})
    assert [(s.eliminations, s.placements) for s in find(p, "str8ts-range")] == [
        (((1, 3), (1, 4), (1, 5)), ())]
    assert [(s.placements, s.eliminations) for s in find(p, "str8ts-required")] == [
        (((1, 2),), ((3, 2), (4, 2)))]


def test_str8ts_rules_stay_quiet_on_an_open_row() -> None:
    p = _str8ts({2}, {})
    assert find(p, "str8ts-range") == []
    assert find(p, "str8ts-required") == []


def test_str8ts_stranded_digits() -> None:
    # r1c1 {1,2}, r1c2 {1,2}, r1c3 {1,2,3,5} before black r1c4: the straight is 1,2,3, and
    # with r1c1 and r1c2 taking 1 and 2, r1c3 can only be 3.
    p = _str8ts({3}, {0: candidates({1, 2}), 1: candidates({1, 2}), 2: candidates({1, 2, 3, 5})})
    assert [s.eliminations for s in find(p, "str8ts-stranded")] == [((2, 1), (2, 2), (2, 5))]
    assert [s.eliminations for s in find(p, "str8ts-range")] == [((2, 5),)]


def test_no_stranded_digit_when_every_order_works() -> None:
    p = _str8ts({3}, {0: candidates({1, 2, 3}), 1: candidates({1, 2, 3}), 2: candidates({1, 2, 3})})
    assert find(p, "str8ts-stranded") == []


def test_sudoku_only_techniques_do_not_run_on_str8ts() -> None:
    assert find(_str8ts({2}, {0: given(1)}), "x-wing") == []


# BUG+1 ----------------------------------------------------------------------------------


def _pattern(n: int = 9) -> list[int]:
    b = 3
    return [(b * (r % b) + r // b + c) % n + 1 for r in range(n) for c in range(n)]


def _bug(extra: dict[int, int]) -> Puzzle:
    """Each cell holds its digit in two solutions: the pattern grid and the same grid with
    digits shifted by one. Every digit then has exactly two places in every house."""
    grid = _pattern()
    return Puzzle("sudoku", 9, tuple(
        candidates({d, d % 9 + 1} | ({extra[i]} if i in extra else set()))
        for i, d in enumerate(grid)))


def test_bug_plus_1_places_the_digit_that_breaks_the_pattern() -> None:
    # r1c1 holds 1/2 in the pattern; with 5 added it is the one cell of three candidates.
    p = _bug({0: 5})
    assert [s.placements for s in find(p, "bug-plus-1")] == [((0, 5),)]


def test_no_bug_plus_1_with_two_cells_of_three() -> None:
    assert find(_bug({0: 5, 40: 5}), "bug-plus-1") == []  # r5c5 holds 9/1 (+5)


# Applying steps, next_step, grading -----------------------------------------------------


def test_apply_fills_unmarked_cells_from_the_open_digits_then_removes() -> None:
    p = Puzzle.blank().with_cells({1: given(3), 9: given(4)})
    hint = find(p.with_cells({i: candidates({1, 2}) for i in (2, 3)}), "naked-pair")[0]
    after = apply(p.with_cells({i: candidates({1, 2}) for i in (2, 3)}), hint)
    # r1c1 had no marks: it gets 1..9 less 3 and 4 (its houses' givens), less 1 and 2
    assert after.cells[0] == candidates({5, 6, 7, 8, 9})
    assert after.cells[1] == given(3)


def test_apply_places_values() -> None:
    p = line("1234341221434.21")
    step = next_step(p)
    assert step is not None and step.placements == ((13, 3),)
    assert apply(p, step).cells[13].kind == "value"


def test_a_clash_is_named_not_explained_away() -> None:
    with pytest.raises(NoSolution, match="r1c1 and r1c2 both hold 1"):
        next_step(line("11.............."))
    with pytest.raises(NoSolution):
        grade(line("11.............."))


def test_next_step_is_none_on_a_solved_grid() -> None:
    assert next_step(line("1234341221434321")) is None


def test_grade_of_a_singles_puzzle_is_easy() -> None:
    result = grade(line(".234341.21434.21"))
    assert (result.level, result.solved, result.steps) == ("easy", True, 3)


def test_grade_needing_forcing_nets_or_a_guess_is_extreme() -> None:
    result = grade(line(TOP95[6]))
    assert result.level == "extreme" and result.solved
    assert result.hardest is not None and result.hardest.startswith("forcing-")
    stuck = grade(line(HARD_9X9["Easter Monster"]))  # beyond every technique: a guess
    assert stuck.level == "extreme" and not stuck.solved and stuck.score >= 10000


def test_where_no_technique_applies_a_path_guesses_as_hodokus_brute_force_does() -> None:
    """HoDoKu 2.2's solution path of Easter Monster starts "Brute Force: r5c6=4", "Brute
    Force: r5c4=6": no technique applies, and it places the solution's digit in the middle
    open cell (in reading order), twice."""
    puzzle = line(HARD_9X9["Easter Monster"])
    solution = [c.digit for c in solve(puzzle).cells]
    state = State(puzzle)
    placed = []
    for _ in range(2):
        step = brute_force(state, solution)
        assert step.technique == BRUTE_FORCE and not step.eliminations
        placed.append(step.placements[0])
        state.apply(step)
    assert placed == [(4 * 9 + 5, 4), (4 * 9 + 3, 6)]  # r5c6=4, r5c4=6
    assert step.explanation == ("no technique I know applies here: r5c4 is 6 in the solution "
                                "(a guess, placed in the middle open cell)")


def test_a_grade_given_the_solution_goes_on_through_guesses_to_the_end() -> None:
    """Naked singles alone soon run out on a hard puzzle: each time, a guess from the
    solution, then the singles again, until the grid is full. Each guess scores
    GUESS_SCORE; the puzzle is not solved by the techniques (extreme)."""
    puzzle = line(HARD_9X9["AI Escargot"])
    solution = solve(puzzle)
    result = grade(puzzle, names=["naked-single"], solution=solution)
    guesses = result.counts[BRUTE_FORCE]
    assert guesses >= 1 and not result.solved and result.level == "extreme"
    assert result.score == guesses * GUESS_SCORE + result.counts.get("naked-single", 0) * 4
    final = puzzle
    for step in result.path:
        final = apply(final, step)
    assert final.is_solved and [c.digit for c in final.cells] == [c.digit for c in solution.cells]
    assert [s.technique for s in result.path].count(BRUTE_FORCE) == guesses
    without = grade(puzzle, names=["naked-single"])  # no solution given: it stops
    assert not without.solved and BRUTE_FORCE not in without.counts


def test_grade_can_leave_out_uniqueness() -> None:
    p = line(TOP95[3])
    assert all(name not in UNIQUENESS for s in [grade(p, uniqueness=False)]
               for name in s.counts)


def test_techniques_are_listed_simplest_first_with_uniqueness_flagged() -> None:
    assert set(NAMES) >= UNIQUENESS
    assert NAMES.index("x-wing") < NAMES.index("swordfish") < NAMES.index("x-chain")


# Soundness ------------------------------------------------------------------------------


def _sound(puzzle: Puzzle) -> int:
    """Walk every step the engine takes; each must agree with the solution. Steps taken."""
    solution = pycore.solve.solve(puzzle)
    taken = 0
    for step in steps(puzzle):
        for c, d in step.placements:
            assert solution.cells[c].digit == d, step
        for c, d in step.eliminations:
            assert solution.cells[c].digit != d, step
        taken += 1
    return taken


# a spread of top95, with 6 and 90 whose steps reach the chains and forcing nets
@pytest.mark.parametrize("index", (0, 6, 12, 24, 36, 48, 60, 72, 84, 90))
def test_every_step_agrees_with_the_solution_on_top95(index: int) -> None:
    assert _sound(line(TOP95[index])) > 0


@settings(max_examples=8, deadline=None)
@hyp_given(st.integers(0, 94), st.integers(0, 80), st.data())
def test_every_step_is_sound_with_some_candidates_gone(index: int, first: int, data: st.DataObject) -> None:
    """Pencil marks that only drop wrong digits keep every step sound."""
    puzzle = line(TOP95[index])
    solution = pycore.solve.solve(puzzle)
    state = State(puzzle)
    changes = {}
    for i in range(first, 81, 7):
        if puzzle.cells[i].kind == "empty":
            keep = {d for d in range(1, 10) if state.masks[i] >> (d - 1) & 1}
            drop = data.draw(st.sets(st.sampled_from(sorted(keep))))
            keep = (keep - drop) | {solution.cells[i].digit}
            changes[i] = candidates(keep)
    _sound(puzzle.with_cells(changes))


def test_str8ts_and_samurai_steps_are_sound() -> None:
    from pycore.solve.generate import generate

    for shape in ("str8ts-6", "samurai-4", "6x6"):
        _sound(generate(shape, "easy", seed=3))


# Grading in pieces -------------------------------------------------------------------


def _graded_in_pieces(puzzle: Puzzle, **options: Any) -> tuple[Grade, int]:
    """What `grading` returns, and how many pieces (pauses) it took."""
    return finish(grading(puzzle, **options))


def _frozen_seed_puzzles() -> list[tuple[Puzzle, str]]:
    from pycore.solve.generate import generate
    from tests.solve.test_generate import FROZEN

    return [(generate(shape, level, seed=seed), level) for shape, level, seed, _ in FROZEN]


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"uniqueness": False},
                                     {"names": ["naked-single", "hidden-single", "x-wing"]}])
def test_grading_in_pieces_gives_the_grade_the_steps_earn(options: dict[str, Any]) -> None:
    """The pieces end in `grade`'s answer, whose counts are those of the steps `steps`
    takes one after another (which does not go through `grading`)."""
    # top95 puzzles the techniques finish short of the forcing nets (which take seconds)
    puzzles: list[tuple[Puzzle, str | None]] = [
        (line(TOP95[i]), None) for i in (0, 16, 24, 32, 40, 56, 72)]
    puzzles += _frozen_seed_puzzles()
    for puzzle, level in puzzles:
        result, pieces = _graded_in_pieces(puzzle, **options)
        assert result == grade(puzzle, **options)
        taken = Counter(s.technique for s in steps(puzzle, **options))
        assert (result.counts, result.steps) == (dict(taken), taken.total())
        assert pieces >= result.steps  # at least one search for each step
        if level is not None and not options:
            assert result.level == level  # the level the frozen seed was made at


def test_each_piece_of_a_grading_is_one_technique_search(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []

    def counted(technique: Technique) -> Technique:
        def finder(state: State) -> Iterator[Step]:
            searched.append(technique.name)
            return technique.finder(state)
        return replace(technique, finder=finder)

    monkeypatch.setattr("pycore.solve.techniques.catalogue.TECHNIQUES", tuple(map(counted, TECHNIQUES)))
    puzzle = line(TOP95[3])  # needs techniques past the singles
    work = grading(puzzle)
    per_piece: list[list[str]] = []
    while True:
        searched.clear()
        try:
            next(work)
        except StopIteration as done:
            result: Grade = done.value
            break
        per_piece.append(list(searched))
    assert searched == []  # the last stretch only adds up the score
    assert all(len(names) == 1 for names in per_piece)
    assert result.hardest is not None and NAMES.index(result.hardest) > NAMES.index("hidden-single")
    # the searches run simplest first and start again from the top after each step
    assert per_piece.count(["full-house"]) == result.steps + (not result.solved)


# Which of several steps: HoDoKu's chain searches find every chain and take the one removing
# the most candidates (its SolutionStep.compareTo), and so does the grader.

MADE_EXTREME_SEED_2 = "6..3.5.......17.....52..61..38..1..27.......49..7..38..97..35.....59.......1.2..9"


def test_the_grader_takes_the_xy_chain_removing_most() -> None:
    # HoDoKu: "XY-Chain: 1 1- r5c7 -9- r5c8 -5- r6c9 -1- r7c9 -8- r9c7 -4- r9c3 -6- r6c3 -1
    # => r5c23,r6c9<>1", after which singles finish it: unfair (772). The first chain found
    # removed one candidate and three more chains and two xy-wings followed (extreme).
    result = grade(line(MADE_EXTREME_SEED_2))
    chains = [s for s in result.path if s.technique == "xy-chain"]
    r5c2, r5c3, r6c9 = 37, 38, 53
    assert [set(s.eliminations) for s in chains] == [{(r5c2, 1), (r5c3, 1), (r6c9, 1)}]
    assert result.level == "unfair"


def test_hodoku_rank_puts_most_removals_first_then_the_lowest_cells() -> None:
    state = State(line(MADE_EXTREME_SEED_2))
    two = Step("aic", (), ((10, 4), (11, 4)), (), (4,), "")
    low = Step("aic", (), ((1, 4),), (), (4,), "")
    high = Step("aic", (), ((80, 4),), (), (4,), "")
    assert sorted([high, low, two], key=lambda s: hodoku_rank(state, s)) == [two, low, high]
    # a placement removes the cell's other candidates (r1c2 holds several)
    placed = Step("discontinuous-nice-loop", ((1, 4),), (), (), (4,), "")
    assert hodoku_rank(state, placed) < hodoku_rank(state, two)


def test_a_grouped_aic_ends_on_candidates_as_hodokus_do() -> None:
    # top95 #51: HoDoKu's grouped step is "Grouped Discontinuous Nice Loop: 2/5 r2c1 =8=
    # r8c1 -8- r9c2 =8= r9c79 -8- r7c8 =8= r13c8 -8- r2c79 =8= r2c1 => r2c1<>2, r2c1<>5";
    # a grouped AIC ending on the group r1c23 would remove as many and come first, but
    # HoDoKu's AICs start and end on single candidates (unfair 1628 there, not extreme)
    puzzle = line(TOP95[50])
    assert TOP95[50].startswith("1.....9...64..1.7")
    result = grade(puzzle)
    grouped = [s for s in result.path if s.technique.startswith("grouped-")]
    r2c1 = 9
    assert (grouped[0].technique, grouped[0].eliminations) == (
        "grouped-discontinuous-nice-loop", ((r2c1, 2), (r2c1, 5)))
    assert result.level == "unfair"
