"""Wave function collapse on 53-bit cells: the same answers as the fast solver."""

from __future__ import annotations

import random

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

import pycore
from pycore import cells53
from pycore.model import EMPTY, Puzzle, black, candidates, given
from pycore.solve import NoSolution, count_solutions, solve, wfc
from tests.conftest import load_vector
from tests.solve.test_solve import STR8TS_PUBLIC, check_solution, from_bw

KANGAROO = load_vector("origin/kangaroo.json")


@pytest.mark.parametrize("name", [k for k in KANGAROO if not k.endswith("_solution.json")])
def test_wfc_finds_the_kangaroo_solutions(name: str) -> None:
    puzzle = pycore.decode("binary", KANGAROO[name]["base64"])
    assert wfc.solve(puzzle) == solve(puzzle)
    assert wfc.count_solutions(puzzle) == 1


def test_wfc_solves_the_public_str8ts() -> None:
    puzzle = from_bw(STR8TS_PUBLIC)
    assert wfc.solve(puzzle) == solve(puzzle)


def test_possibles_are_what_the_digits_leave() -> None:
    puzzle = pycore.decode("binary", load_vector("binary.json")["spec_example"]["base64"])
    puzzle = puzzle.with_cell(1, candidates({1, 2}))  # pencil marks are dropped
    cells = wfc.possibles(puzzle)
    geo = puzzle.geometry
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "given":
            assert cells53.get_value(cells[i]) == cell.digit and cells53.is_fixed(cells[i])
            continue
        seen = {puzzle.cells[j].digit for j in geo.peers[i]}
        assert cells53.get_possibles(cells[i]) == [d for d in range(1, 10) if d not in seen]


def test_black_givens_constrain_the_collapse() -> None:
    cells = [EMPTY, black(1), EMPTY] + [EMPTY] * 6
    puzzle = Puzzle("str8ts", 3, tuple(cells))
    assert wfc.count_solutions(puzzle, 100) == count_solutions(puzzle, 100)


def test_a_random_collapse_fills_a_blank_grid() -> None:
    for size in (4, 6, 9):
        blank = Puzzle.blank("sudoku", size)
        check_solution(blank, wfc.solve(blank, rng=random.Random(size)))


def test_wfc_says_no_solution() -> None:
    cells = [EMPTY, given(1), given(2), given(3)] + [EMPTY] * 4 + [given(4)] + [EMPTY] * 7
    puzzle = Puzzle("sudoku", 4, tuple(cells))
    assert wfc.count_solutions(puzzle) == 0
    with pytest.raises(NoSolution):
        wfc.solve(puzzle)
    with pytest.raises(NoSolution, match="both hold 1"):
        wfc.solve(puzzle.with_cell(0, given(1)))


@settings(max_examples=60, deadline=None)
@for_all(st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_wfc_counts_agree_with_the_fast_solver(digits: list[int]) -> None:
    puzzle = Puzzle("sudoku", 4, tuple(given(d) if d else EMPTY for d in digits))
    if puzzle.conflicts():
        assert wfc.count_solutions(puzzle, 5) == count_solutions(puzzle, 5) == 0
        return
    assert wfc.count_solutions(puzzle, 5) == count_solutions(puzzle, 5)


@settings(max_examples=30, deadline=None)
@for_all(st.lists(st.sampled_from(["w", "w", "w", "b", "1", "2", "3", "4"]), min_size=16, max_size=16))
def test_wfc_and_fast_solver_agree_on_small_str8ts(fields: list[str]) -> None:
    cells = [EMPTY if f == "w" else black() if f == "b" else given(int(f)) for f in fields]
    puzzle = Puzzle("str8ts", 4, tuple(cells))
    if puzzle.conflicts():
        return
    fast = count_solutions(puzzle, 4)
    assert wfc.count_solutions(puzzle, 4) == fast
    if fast == 1:
        assert wfc.solve(puzzle) == solve(puzzle)
        check_solution(puzzle, solve(puzzle))
