"""One hint for every caller: `pycore.hint`, `pycore hint`, `pycore solve --hint` (and the
page's worker, which calls `pycore.solve.advice.hint`) give the technique engine's step,
check the player's digits first, and say one thing when no technique applies."""

from __future__ import annotations

import pytest

import pycore
from pycore import links
from pycore.cli import main
from pycore.model import EMPTY, Puzzle, candidates, given, value
from pycore.solve import NoSolution, hint, solve
from pycore.solve.advice import SOLVED
from pycore.solve.techniques import apply
from tests.solve.test_solve import HARD_9X9, STR8TS_PUBLIC, from_bw, from_line

# A shared grid on which the old singles-only hint said "guess needed" while the engine
# finds a locked pair (a compact link fragment).
POINTING_LINK = "EcGj2h3NNohmkmmWKGZcCI45bezV6Gv"
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.strip()


def test_every_hint_path_gives_the_same_step(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = links.read(POINTING_LINK)[1]
    told = hint(puzzle)
    assert told.kind == "step" and told.step is not None
    # HoDoKu's first step here too: r1c4 and r3c4 (1 and 6) clear only box 2, no locked pair
    assert told.step.technique == "locked-candidates-pointing"
    assert told.text == f"locked-candidates-pointing: {told.step.explanation}"
    assert run(capsys, "hint", POINTING_LINK) == told.text
    assert run(capsys, "solve", "auto", "--hint", POINTING_LINK) == told.text


def test_a_wrong_digit_is_named_before_anything_is_deduced() -> None:
    puzzle = from_line(HARD_9X9["top95 #1"])
    truth = solve(puzzle)
    cell = next(i for i, c in enumerate(puzzle.cells) if c.kind == "empty")
    wrong = next(d for d in puzzle.open_digits(cell) if d != truth.cells[cell].digit)
    told = hint(puzzle.with_cell(cell, value(wrong)))
    assert told.kind == "wrong" and told.wrong == (cell,) and told.step is None
    assert told.text == (f"r1c2 holds {wrong}, but the one solution has another digit there: "
                         "take it out before going on.")
    right = puzzle.with_cell(cell, value(truth.cells[cell].digit))
    assert hint(right).kind == "step"


def test_pencil_marks_that_leave_out_the_digit_are_named() -> None:
    puzzle = from_line(HARD_9X9["top95 #1"])
    truth = solve(puzzle).cells[1].digit
    others = [d for d in range(1, 10) if d != truth]
    told = hint(puzzle.with_cell(1, candidates(others[:3])))
    assert told.kind == "wrong" and told.wrong == (1,)
    assert told.text.startswith("The pencil marks of r1c2 leave out the digit")


def test_check_and_hint_agree_on_marks_that_leave_out_the_digit() -> None:
    # Check (the page's heavy worker: advice.wrong_marks against the one solution) says
    # the same of the marks as Hint: a mark mistake is a mistake
    from pycore.app import heavy_messages
    from pycore.solve.advice import wrong_marks

    puzzle = from_line(HARD_9X9["top95 #1"])
    truth = solve(puzzle)
    others = [d for d in range(1, 10) if d != truth.cells[1].digit]
    marked = puzzle.with_cell(1, candidates(others[:3]))
    checked = wrong_marks(marked, solve(marked))
    assert checked is not None and checked.wrong == (1,)
    assert checked.text == hint(marked).text
    assert heavy_messages.mistake_in_marks(checked.text) == (
        "A mistake in your pencil marks: the pencil marks of r1c2 leave out the digit the one "
        "solution has there: fix them before going on.")
    right = puzzle.with_cell(1, candidates({truth.cells[1].digit, others[0]}))
    assert wrong_marks(right, truth) is None


def test_a_hidden_single_is_about_its_whole_house() -> None:
    # four 5s leave box 1 (and row 1) one place for 5, r1c1: row 1 comes first, as the
    # explanation says; any other step has no house to tint
    from pycore.solve.advice import house_of

    blank = Puzzle.blank("sudoku", 9)
    grid = blank.with_cells({14: given(5), 25: given(5), 28: given(5), 56: given(5)})
    told = hint(grid)
    assert told.step is not None and told.step.technique == "hidden-single"
    assert told.step.explanation.startswith("In row 1,")
    assert house_of(grid, told.step) == tuple(range(9))
    full = from_line(EASY)
    step = hint(solve(full).with_cell(0, EMPTY)).step
    assert step is not None and step.technique == "full-house"
    assert house_of(solve(full).with_cell(0, EMPTY), step) == tuple(range(9))
    pair = blank.with_cells({0: candidates({1, 2}), 4: candidates({1, 2})})
    step = hint(pair).step
    assert step is not None and house_of(pair, step) == ()


def test_where_no_technique_applies_the_hint_says_so_in_one_sentence() -> None:
    told = hint(from_line(HARD_9X9["Easter Monster"]))  # not even a forcing net opens it
    assert (told.kind, told.text) == ("stuck", "no technique I know applies here")


def test_solved_broken_and_several_solutions() -> None:
    puzzle = from_line(EASY)
    assert (hint(solve(puzzle)).kind, hint(solve(puzzle)).text) == ("solved", SOLVED)
    with pytest.raises(NoSolution, match="both hold 4"):
        hint(puzzle.with_cell(1, given(4)))
    # an empty grid has many solutions: nothing to check against, no uniqueness technique
    empty = hint(Puzzle.blank("sudoku", 9))
    assert (empty.kind, empty.unique) == ("stuck", False)
    assert hint(puzzle).unique


def test_str8ts_hints_come_from_the_engine_too() -> None:
    told = hint(from_bw(STR8TS_PUBLIC))
    assert told.step is not None and told.step.technique.startswith(("str8ts-", "naked", "hidden",
                                                                     "full"))


def test_every_step_of_a_hint_walk_agrees_with_the_solution() -> None:
    puzzle = pycore.decode("jcode", "-BCDCDA-BAD--CBA").with_cell(5, EMPTY)
    truth = solve(puzzle)
    told = hint(puzzle)
    while told.step is not None:
        for c, d in told.step.placements:
            assert truth.cells[c].digit == d
        puzzle = apply(puzzle, told.step)
        told = hint(puzzle)
    assert told.kind == "solved"


# A hard puzzle: singles and one skyscraper, 58 steps, score 680 (`gridlinks grade --path`
# lists them).
GRADED = ".5..3.71..3......4..6........47.3..81..2.4..68..9.64........1..3......8..82.7..3."


def test_the_solution_path_lists_every_step_with_the_grade_it_adds_up_to() -> None:
    from pycore.solve.advice import solution_path
    from pycore.solve.techniques import apply, score_of

    puzzle = from_line(GRADED)
    told, graded = solution_path(puzzle)
    assert told.kind == "path" and told.text == "hard, score 680, 58 steps"
    assert graded is not None and len(graded.path) == graded.steps == 58
    assert sum(score_of(step.technique) for step in graded.path) == graded.score == 680
    # HoDoKu 2.2's path starts "Hidden Single: r5c5=8": the single its queue holds first
    assert graded.path[0].explanation == "In row 5, 8 can only go in r5c5."
    walked = puzzle  # the steps, applied in order, solve the grid
    for step in graded.path:
        walked = apply(walked, step)
    assert walked.is_solved and walked == solve(puzzle)


def test_the_solution_path_checks_the_players_digits_first() -> None:
    from pycore.solve.advice import solution_path

    puzzle = from_line(GRADED)
    truth = solve(puzzle)
    cell = next(i for i, c in enumerate(puzzle.cells) if c.kind == "empty")
    wrong = next(d for d in puzzle.open_digits(cell) if d != truth.cells[cell].digit)
    told, graded = solution_path(puzzle.with_cell(cell, value(wrong)))
    assert told.kind == "wrong" and told.wrong == (cell,) and graded is None
    right, right_graded = solution_path(puzzle.with_cell(cell, value(truth.cells[cell].digit)))
    assert right.kind == "path" and right_graded is not None and right_graded.steps == 57
    assert solution_path(truth) == (hint(truth), None) and hint(truth).text == SOLVED


def test_the_command_lines_path_is_the_same_walk(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.solve.advice import solution_path

    graded = solution_path(from_line(GRADED))[1]
    assert graded is not None
    lines = run(capsys, "grade", "--path", GRADED).splitlines()
    assert lines[0] == "hard (score 680, 58 steps, hardest skyscraper)"
    assert [line.split(": ", 1)[1] for line in lines[2:]] == [s.explanation for s in graded.path]


# A 12x12 that no technique opens at its 28th step (made with seed 2 and dug while unique):
# its path guesses once, as HoDoKu's brute force would, and goes on to the end.
GUESSED_12X12 = "B-NeHUqMeB_QC7-2vZaqX7SkxPsrMosBiwEqUVkIy9vpbmq7"


@pytest.mark.parametrize("puzzle", [from_line(GRADED), links.read(GUESSED_12X12)[1]],
                         ids=["hard 9x9", "12x12 with a guess"])
def test_a_path_walked_a_stretch_at_a_time_is_the_whole_path(puzzle: Puzzle) -> None:
    """The page's worker walks a long path in stretches (`Walk.go`), answering Hint and
    Check between them; the stretches join up to exactly `solution_path`'s walk."""
    from pycore.solve.advice import Walk, solution_path
    from pycore.solve.techniques import BRUTE_FORCE

    told, graded = solution_path(puzzle)
    walk = Walk(puzzle)
    assert walk.told is None and not walk.done and walk.grade is None
    stretches = []
    while not walk.done:
        stretches.append(walk.go(0.0))  # no time at all: one technique search, one step at most
    assert all(len(taken) <= 1 for taken in stretches)
    assert len(stretches) > len(walk.path)  # searches that found nothing took a stretch each
    assert [step for taken in stretches for step in taken] == walk.path
    assert graded is not None and tuple(walk.path) == graded.path and walk.grade == graded
    assert walk.summary() == told
    assert walk.go(1.0) == []  # over: nothing more
    guessed = [step for step in walk.path if step.technique == BRUTE_FORCE]
    assert len(guessed) == graded.counts.get(BRUTE_FORCE, 0) == (puzzle.size == 12)


def test_a_walk_checks_the_players_digits_first() -> None:
    from pycore.solve.advice import Walk

    puzzle = from_line(GRADED)
    truth = solve(puzzle)
    cell = next(i for i, c in enumerate(puzzle.cells) if c.kind == "empty")
    wrong = next(d for d in puzzle.open_digits(cell) if d != truth.cells[cell].digit)
    walk = Walk(puzzle.with_cell(cell, value(wrong)))
    assert walk.told is not None and walk.told.kind == "wrong" and walk.told.wrong == (cell,)
    assert walk.done and walk.go(1.0) == [] and walk.grade is None
    assert Walk(truth).told == hint(truth)
