"""The compact encoder prices each symmetry by counting (context, kind) pairs instead of
running the coder six times per change: the price must be the coder's own, to rounding.

An internal law, checked on the private pieces: it is what keeps every link the encoder
made before this shortcut byte for byte the same (tests/data/compact_v1.json pins them).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore.formats import compact
from pycore.formats._rans import Writer
from pycore.model import Puzzle
from pycore.model import given as given_cell
from tests.strategies import layout_puzzles, square_puzzles

PROPERTY = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def prices(puzzle: Puzzle) -> list[tuple[float, float]]:
    """Per symmetry the encoder weighs: (counted price, the coder's bits for the kinds)."""
    shape = compact._walk_tables(puzzle.kind, puzzle.size, puzzle.box, puzzle.layout)
    kinds = [compact._kind_id(c) for c in puzzle.cells]
    givens_fit, values_fit, marks_fit = compact._fits(puzzle, shape)
    bare = givens_fit and not set(kinds) & {compact.K_VALUE, compact.K_MARKS}
    plan = compact._Plan(puzzle.kind, puzzle.size, puzzle.box, puzzle.layout, bare=bare,
                         given_escape=not givens_fit, value_escape=not values_fit,
                         mark_escape=not marks_fit)
    out = []
    for symmetry in range(len(compact.SYMMETRIES) if shape.rows == shape.cols else compact.DIAGONAL):
        trial = plan.but(symmetry=symmetry)

        def walk(writer: Writer, trial: compact._Plan = trial) -> object:
            return compact._code_kinds(writer, trial, shape, kinds)

        exact = compact._cost(walk)
        out.append((compact._kinds_bits(trial, shape, kinds), exact))
    return out


@PROPERTY
@given(st.one_of(square_puzzles(), layout_puzzles()))
def test_the_counted_price_of_every_symmetry_is_the_coders(puzzle: Puzzle) -> None:
    for counted, exact in prices(puzzle):
        assert abs(counted - exact) < compact.NEAR_TIE / 100


def test_a_symmetric_grid_prices_its_symmetry_cheapest() -> None:
    """Givens placed symmetric under a half turn: that symmetry's kinds cost least."""
    blank = Puzzle.blank("sudoku", 9)
    cells = {i: given_cell(1 + i % 9) for i in (0, 10, 20, 30, 3, 14, 25, 33, 41)}
    cells |= {80 - i: given_cell(1 + (80 - i) % 9) for i in cells}
    grid = blank.with_cells(cells)
    counted = [c for c, _ in prices(grid)]
    assert min(range(len(counted)), key=counted.__getitem__) == compact.HALF_TURN
    assert counted[compact.HALF_TURN] < min(counted[compact.NONE], counted[compact.LEFT_RIGHT]) - 10
