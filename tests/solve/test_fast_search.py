"""The search's branches on a digit's two places in a house (a variant's search only):
they lose no solution and find none twice, so the solutions a search lists are exactly
those it lists branching on cells alone; the classic search never takes them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice

import pytest

from pycore.model import Puzzle, given
from pycore.solve import fast
from pycore.solve.rules import board_of
from pycore.solve.start import start
from pycore.variants import Clue, Constraint, Line

# a 6x6 sudoku solution (boxes of 2 rows by 3 columns), relabelled and shuffled per case
BASE = (1, 2, 3, 4, 5, 6,
        4, 5, 6, 1, 2, 3,
        2, 3, 1, 5, 6, 4,
        5, 6, 4, 2, 3, 1,
        3, 1, 2, 6, 4, 5,
        6, 4, 5, 3, 1, 2)
N = 6


def _grid(rng: random.Random) -> tuple[int, ...]:
    digits = list(range(1, N + 1))
    rng.shuffle(digits)
    bands = [0, 1, 2]
    rng.shuffle(bands)
    rows = [2 * b + r for b in bands for r in rng.sample([0, 1], 2)]
    return tuple(digits[BASE[r * N + c] - 1] for r in rows for c in range(N))


def _line(grid: tuple[int, ...], k: int, column: bool) -> list[int]:
    return [grid[r * N + k] for r in range(N)] if column else [grid[k * N + c] for c in range(N)]


def _puzzle(seed: int) -> Puzzle:
    """Sandwich clues and a thermometer read off a random grid, and a few givens: a
    variant puzzle with several solutions."""
    rng = random.Random(seed)
    grid = _grid(rng)
    items: list[Constraint] = []
    for _ in range(rng.randint(2, 4)):
        k, column = rng.randrange(N), rng.random() < 0.5
        line = _line(grid, k, column)
        a, b = sorted((line.index(1), line.index(N)))
        items.append(Clue("sandwich", -1 if column else k, k if column else -1, sum(line[a + 1:b])))
    r, c = rng.randrange(N), rng.randrange(N - 1)
    pair = (r * N + c, r * N + c + 1)
    items.append(Line("thermo", pair if grid[pair[0]] < grid[pair[1]] else pair[::-1]))
    givens = {i: given(grid[i]) for i in rng.sample(range(N * N), rng.randint(3, 8))}
    return Puzzle.blank("sudoku", N).with_cells(givens).with_variants(None, list(set(items)))


def _solutions(p: Puzzle) -> Iterator[tuple[int, ...]]:
    board, masks, todo = start(p)
    for state in fast.search(board, masks, todo, 200_000):
        yield tuple(state[i] for i in board.open)


@pytest.mark.parametrize("chunk", range(4))
def test_branching_on_a_house_digit_lists_the_same_solutions_as_on_cells(
        chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    taken = 0
    real = fast._house_digit

    def counting(*args: object) -> object:
        nonlocal taken
        pick = real(*args)  # type: ignore[arg-type]
        taken += pick is not None
        return pick

    for seed in range(chunk * 10, chunk * 10 + 10):
        p = _puzzle(seed)
        monkeypatch.setattr(fast, "_house_digit", counting)
        found = list(_solutions(p))
        monkeypatch.setattr(fast, "_house_digit", lambda *args: None)
        by_cells = list(_solutions(p))
        assert len(found) == len(set(found)), seed  # no solution found twice
        assert set(found) == set(by_cells), seed
    assert taken > 0  # the house-digit branches were taken, so they were checked


def test_the_cases_above_have_several_solutions_so_losing_one_would_show() -> None:
    counts = [len(list(_solutions(_puzzle(seed)))) for seed in range(40)]
    assert sum(1 for c in counts if c > 1) > 10


def test_the_classic_search_branches_on_cells_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object) -> object:
        raise AssertionError("a classic search asked for a house digit")

    monkeypatch.setattr(fast, "_house_digit", never)
    p = Puzzle.blank("sudoku", N).with_cells({0: given(1), 7: given(2)})
    board, masks, todo = start(p)
    assert not board.props and board is board_of(p)
    assert len(list(islice(fast.search(board, masks, todo), 100))) == 100
