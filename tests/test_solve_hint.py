"""Hints: the next logical step with its reason, and every step agrees with the solution."""

from __future__ import annotations

import pytest

import pycore
from pycore.model import BLACK, EMPTY, Puzzle, given, value
from pycore.solve import NoSolution, hint, solve
from pycore.solve.hints import GUESS_NEEDED, HIDDEN_SINGLE, NAKED_SINGLE, SOLVED, STRAIGHT_RANGE

from .conftest import load_vector
from .test_solve import HARD_9X9, STR8TS_PUBLIC, from_bw, from_line


def follow(puzzle: Puzzle, steps: int = 1000) -> tuple[Puzzle, list[str]]:
    """Apply hints as the player's values until none is left; check each against the solution."""
    truth = solve(puzzle)
    rules = []
    for _ in range(steps):
        step = hint(puzzle)
        if step.cell is None:
            rules.append(step.rule)
            return puzzle, rules
        assert step.digit == truth.cells[step.cell].digit, step.reason
        rules.append(step.rule)
        puzzle = puzzle.with_cell(step.cell, value(step.digit))
    raise AssertionError("hints did not end")


def test_naked_single_names_the_cell_and_digit() -> None:
    # Row 1 holds 1..8 except 5 at r1c5, so r1c5 can only be... every digit but 9 is in row 1.
    line = "12345678." + "." * 72
    step = hint(from_line(line))
    assert (step.rule, step.cell, step.digit) == (NAKED_SINGLE, 8, 9)
    assert step.reason == "r1c9 can only be 9: its row, column and box hold every other digit"


def test_hidden_single_in_the_binary_spec_example() -> None:
    puzzle = pycore.decode("binary", load_vector("binary.json")["spec_example"]["base64"])
    step = hint(puzzle)
    assert step.rule == HIDDEN_SINGLE
    assert step.reason == f"{step.digit} can go only in r1c5 within row 1"
    assert solve(puzzle).cells[step.cell or 0].digit == step.digit


def test_hints_solve_an_easy_puzzle_to_the_end() -> None:
    puzzle = pycore.decode("binary", load_vector("binary.json")["spec_example"]["base64"])
    done, rules = follow(puzzle)
    assert rules[-1] == SOLVED
    assert set(rules[:-1]) <= {NAKED_SINGLE, HIDDEN_SINGLE}
    assert done.count("empty") == 0


def test_a_hard_puzzle_needs_a_guess() -> None:
    stuck, rules = follow(from_line(HARD_9X9["AI Escargot"]))
    assert rules[-1] == GUESS_NEEDED
    assert hint(stuck).reason == "no logical step, guess needed"


def test_str8ts_hints_use_the_straight_range_rule() -> None:
    puzzle = from_bw(STR8TS_PUBLIC)
    step = hint(puzzle)
    assert step.rule == STRAIGHT_RANGE
    assert step.reason.startswith("straight range rule: r1c3-r1c7 holds a straight within 4..9")
    assert step.removed  # the candidates the rule removed on the way
    _, rules = follow(puzzle)
    assert STRAIGHT_RANGE in rules
    assert rules[-1] in (SOLVED, GUESS_NEEDED)


def test_str8ts_range_rule_alone() -> None:
    # 4x4, row 1 = given 1, white, black, white. The two-cell straight holding 1 is 1..2,
    # so r1c2 is 2, though its row and column leave it 2, 3 and 4.
    cells = [given(1), EMPTY, BLACK, EMPTY] + [EMPTY] * 12
    step = hint(Puzzle("str8ts", 4, tuple(cells)))
    assert (step.rule, step.cell, step.digit) == (STRAIGHT_RANGE, 1, 2)
    assert "r1c1-r1c2 holds a straight within 1..2" in step.reason
    # 3 and 4 leave r1c2; 2, which the straight must hold, leaves the row's other white cell.
    assert set(step.removed) == {(1, 3), (1, 4), (3, 2)}


def test_hints_on_a_solved_grid_and_a_broken_one() -> None:
    puzzle = from_line(HARD_9X9["Easter Monster"])
    assert hint(solve(puzzle)).rule == SOLVED
    with pytest.raises(NoSolution, match="both hold 1"):
        hint(puzzle.with_cell(1, given(1)))
