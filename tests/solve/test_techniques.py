"""Each technique on a 9x9 pencil-mark grid built for it: where it fires, with the exact
placements and eliminations worked out by hand from the technique's public description
(sudokuwiki.org strategy pages, HoDoKu's docs), and a close variant where it must not.

Grids start with every digit pencilled in every cell, so no house has a pattern on any
digit but the ones a test restricts; cells are named r1c1..r9c9 like the explanations.
"""

from __future__ import annotations

import pytest

from pycore.model import EMPTY, Puzzle, candidates, given, value
from pycore.solve.techniques import NAMES, find

ALL = frozenset(range(1, 10))


def rc(r: int, c: int) -> int:
    """Row-major index of r{r}c{c} (1-based, like the explanations)."""
    return (r - 1) * 9 + (c - 1)


class Grid:
    """A 9x9 of pencil marks: every digit everywhere until a test narrows it."""

    def __init__(self) -> None:
        self.marks = [set(ALL) for _ in range(81)]
        self.givens: dict[int, int] = {}
        self.values: dict[int, int] = {}

    def set(self, cell: int, digits: set[int] | str) -> Grid:
        self.marks[cell] = {int(d) for d in digits}
        return self

    def only(self, digit: int, house: list[int], keep: list[int]) -> Grid:
        """Within `house`, `digit` stays pencilled only in `keep`."""
        for cell in house:
            if cell not in keep:
                self.marks[cell].discard(digit)
        return self

    def give(self, cell: int, digit: int) -> Grid:
        self.givens[cell] = digit
        return self

    def solve(self, cell: int, digit: int) -> Grid:
        """A digit the player placed (a value, not a given)."""
        self.values[cell] = digit
        return self

    def puzzle(self) -> Puzzle:
        return Puzzle("sudoku", 9, tuple(
            given(self.givens[i]) if i in self.givens else
            value(self.values[i]) if i in self.values else candidates(self.marks[i]) or EMPTY
            for i in range(81)))


def row(r: int) -> list[int]:
    return [rc(r, c) for c in range(1, 10)]


def col(c: int) -> list[int]:
    return [rc(r, c) for r in range(1, 10)]


def box(b: int) -> list[int]:
    top, left = 3 * ((b - 1) // 3) + 1, 3 * ((b - 1) % 3) + 1
    return [rc(top + i, left + j) for i in range(3) for j in range(3)]


def elims(puzzle: Puzzle, name: str) -> set[frozenset[tuple[int, int]]]:
    """The eliminations of each step `find` reports, one set per step."""
    return {frozenset(step.eliminations) for step in find(puzzle, name)}


def all_elims(puzzle: Puzzle, name: str) -> set[tuple[int, int]]:
    return {e for step in find(puzzle, name) for e in step.eliminations}


def cells_with(digit: int, cells: list[int]) -> frozenset[tuple[int, int]]:
    return frozenset((c, digit) for c in cells)


# Singles --------------------------------------------------------------------------------


def test_full_house_takes_the_missing_digit_of_a_row() -> None:
    g = Grid()
    for c in range(1, 9):
        g.give(rc(1, c), c)
    steps = find(g.puzzle(), "full-house")
    assert [(s.placements, s.cells) for s in steps] == [(((rc(1, 9), 9),), (rc(1, 9),))]
    assert "r1c9" in steps[0].explanation and "row 1" in steps[0].explanation


def test_full_house_needs_a_single_empty_cell() -> None:
    g = Grid()
    for c in range(1, 8):
        g.give(rc(1, c), c)
    assert find(g.puzzle(), "full-house") == []


def _naked_single_grid(with_eight: bool) -> Puzzle:
    p = Puzzle.blank()
    cells = {rc(5, 1): 1, rc(5, 2): 2, rc(5, 3): 3, rc(5, 4): 4, rc(1, 5): 5, rc(2, 5): 6,
             rc(4, 4): 7}
    if with_eight:
        cells[rc(6, 6)] = 8
    return p.with_cells({i: given(d) for i, d in cells.items()})


def test_naked_single_when_the_peers_hold_eight_digits() -> None:
    steps = find(_naked_single_grid(True), "naked-single")
    assert [s.placements for s in steps] == [((rc(5, 5), 9),)]


def test_no_naked_single_with_two_digits_left() -> None:
    assert find(_naked_single_grid(False), "naked-single") == []


def test_hidden_single_in_a_row() -> None:
    g = Grid().only(5, row(1), [rc(1, 3)])
    steps = find(g.puzzle(), "hidden-single")
    assert [s.placements for s in steps] == [((rc(1, 3), 5),)]
    assert "row 1" in steps[0].explanation


def test_no_hidden_single_with_two_places() -> None:
    g = Grid().only(5, row(1), [rc(1, 3), rc(1, 7)])
    assert find(g.puzzle(), "hidden-single") == []


# Intersections --------------------------------------------------------------------------


def test_pointing_clears_the_rest_of_the_row() -> None:
    g = Grid().only(4, box(1), [rc(1, 1), rc(1, 2)])
    assert elims(g.puzzle(), "locked-candidates-pointing") == {
        cells_with(4, [rc(1, c) for c in range(4, 10)])}


def test_no_pointing_when_the_box_spreads_over_two_rows() -> None:
    g = Grid().only(4, box(1), [rc(1, 1), rc(1, 2), rc(2, 3)])
    assert find(g.puzzle(), "locked-candidates-pointing") == []


def test_claiming_clears_the_rest_of_the_box() -> None:
    g = Grid().only(4, row(1), [rc(1, 1), rc(1, 2)])
    assert elims(g.puzzle(), "locked-candidates-claiming") == {
        cells_with(4, [rc(r, c) for r in (2, 3) for c in (1, 2, 3)])}


def test_no_claiming_when_the_row_reaches_another_box() -> None:
    g = Grid().only(4, row(1), [rc(1, 1), rc(1, 2), rc(1, 5)])
    assert find(g.puzzle(), "locked-candidates-claiming") == []


def test_locked_pair_clears_row_and_box() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 2), "12")
    others = [rc(1, c) for c in range(3, 10)] + [rc(r, c) for r in (2, 3) for c in (1, 2, 3)]
    assert elims(g.puzzle(), "locked-pair") == {cells_with(1, others) | cells_with(2, others)}
    assert find(g.puzzle(), "naked-pair") == []  # found as the locked pair it is


def test_locked_triple_clears_row_and_box() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 2), "23").set(rc(1, 3), "13")
    others = [rc(1, c) for c in range(4, 10)] + [rc(r, c) for r in (2, 3) for c in (1, 2, 3)]
    assert elims(g.puzzle(), "locked-triple") == {
        cells_with(1, others) | cells_with(2, others) | cells_with(3, others)}


def test_a_pair_clearing_only_its_line_is_a_naked_pair() -> None:
    # HoDoKu calls a pair locked only when it clears both its box and its line; here the
    # rest of box 1 holds neither digit already
    g = Grid().set(rc(1, 1), "12").set(rc(1, 2), "12")
    for cell in [rc(1, 3)] + [rc(r, c) for r in (2, 3) for c in (1, 2, 3)]:
        g.marks[cell] -= {1, 2}
    assert find(g.puzzle(), "locked-pair") == []
    rest = [rc(1, c) for c in range(4, 10)]
    assert elims(g.puzzle(), "naked-pair") == {cells_with(1, rest) | cells_with(2, rest)}


def test_a_triple_clearing_only_its_box_is_a_naked_triple() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 2), "23").set(rc(1, 3), "13")
    for c in range(4, 10):
        g.marks[rc(1, c)] -= {1, 2, 3}
    assert find(g.puzzle(), "locked-triple") == []
    rest = [rc(r, c) for r in (2, 3) for c in (1, 2, 3)]
    assert elims(g.puzzle(), "naked-triple") == {
        cells_with(1, rest) | cells_with(2, rest) | cells_with(3, rest)}


# Subsets --------------------------------------------------------------------------------


def test_naked_pair_in_a_row_across_boxes() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 5), "12")
    others = [rc(1, c) for c in (2, 3, 4, 6, 7, 8, 9)]
    assert elims(g.puzzle(), "naked-pair") == {cells_with(1, others) | cells_with(2, others)}
    assert find(g.puzzle(), "locked-pair") == []


def test_no_naked_pair_from_different_pairs() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 5), "13")
    assert find(g.puzzle(), "naked-pair") == []


def test_naked_triple_with_no_cell_holding_all_three() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(1, 9), "13")
    others = [rc(1, c) for c in (2, 3, 4, 6, 7, 8)]
    assert elims(g.puzzle(), "naked-triple") == {
        cells_with(1, others) | cells_with(2, others) | cells_with(3, others)}


def test_naked_quadruple_and_no_triple_inside_it() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 4), "23").set(rc(1, 7), "34").set(rc(1, 9), "14")
    others = [rc(1, c) for c in (2, 3, 5, 6, 8)]
    expected = frozenset().union(*(cells_with(d, others) for d in (1, 2, 3, 4)))
    assert elims(g.puzzle(), "naked-quadruple") == {expected}
    assert find(g.puzzle(), "naked-triple") == []


def test_hidden_pair_strips_the_other_digits() -> None:
    g = Grid().only(1, row(1), [rc(1, 1), rc(1, 5)]).only(2, row(1), [rc(1, 1), rc(1, 5)])
    cells = [rc(1, 1), rc(1, 5)]
    assert elims(g.puzzle(), "hidden-pair") == {
        frozenset((c, d) for c in cells for d in range(3, 10))}


def test_no_hidden_pair_when_one_digit_has_a_third_place() -> None:
    g = Grid().only(1, row(1), [rc(1, 1), rc(1, 5)]).only(2, row(1), [rc(1, 1), rc(1, 5), rc(1, 9)])
    assert find(g.puzzle(), "hidden-pair") == []


def test_hidden_triple() -> None:
    cells = [rc(1, 1), rc(1, 5), rc(1, 9)]
    g = Grid()
    for d in (1, 2, 3):
        g.only(d, row(1), cells)
    assert elims(g.puzzle(), "hidden-triple") == {
        frozenset((c, d) for c in cells for d in range(4, 10))}
    assert find(g.puzzle(), "hidden-pair") == []


def test_hidden_quadruple() -> None:
    cells = [rc(1, 1), rc(1, 3), rc(1, 5), rc(1, 7)]
    g = Grid()
    for d in (1, 2, 3, 4):
        g.only(d, row(1), cells)
    assert elims(g.puzzle(), "hidden-quadruple") == {
        frozenset((c, d) for c in cells for d in range(5, 10))}


# Fish -----------------------------------------------------------------------------------


def test_x_wing_on_rows_clears_the_two_columns() -> None:
    g = Grid().only(7, row(2), [rc(2, 2), rc(2, 8)]).only(7, row(6), [rc(6, 2), rc(6, 8)])
    rows = (1, 3, 4, 5, 7, 8, 9)
    assert elims(g.puzzle(), "x-wing") == {
        cells_with(7, [rc(r, c) for r in rows for c in (2, 8)])}


def test_no_x_wing_with_a_third_column() -> None:
    g = Grid().only(7, row(2), [rc(2, 2), rc(2, 8)]).only(7, row(6), [rc(6, 2), rc(6, 5), rc(6, 8)])
    assert find(g.puzzle(), "x-wing") == []


def test_swordfish() -> None:
    g = (Grid().only(7, row(1), [rc(1, 1), rc(1, 5)]).only(7, row(5), [rc(5, 5), rc(5, 9)])
         .only(7, row(9), [rc(9, 1), rc(9, 9)]))
    rows = (2, 3, 4, 6, 7, 8)
    assert elims(g.puzzle(), "swordfish") == {
        cells_with(7, [rc(r, c) for r in rows for c in (1, 5, 9)])}
    assert find(g.puzzle(), "x-wing") == []


def test_jellyfish() -> None:
    g = (Grid().only(7, row(1), [rc(1, 1), rc(1, 3)]).only(7, row(3), [rc(3, 3), rc(3, 5)])
         .only(7, row(5), [rc(5, 5), rc(5, 7)]).only(7, row(7), [rc(7, 1), rc(7, 7)]))
    rows = (2, 4, 6, 8, 9)
    assert elims(g.puzzle(), "jellyfish") == {
        cells_with(7, [rc(r, c) for r in rows for c in (1, 3, 5, 7)])}
    assert find(g.puzzle(), "swordfish") == []


def test_no_jellyfish_when_a_row_leaves_the_four_columns() -> None:
    g = (Grid().only(7, row(1), [rc(1, 1), rc(1, 3)]).only(7, row(3), [rc(3, 3), rc(3, 5)])
         .only(7, row(5), [rc(5, 5), rc(5, 7)]).only(7, row(7), [rc(7, 1), rc(7, 8)]))
    assert find(g.puzzle(), "jellyfish") == []


def test_finned_x_wing_eliminates_only_beside_the_fin() -> None:
    g = (Grid().only(7, row(2), [rc(2, 2), rc(2, 8)])
         .only(7, row(6), [rc(6, 2), rc(6, 8), rc(6, 9)]))
    assert elims(g.puzzle(), "finned-x-wing") == {cells_with(7, [rc(4, 8), rc(5, 8)])}
    assert find(g.puzzle(), "sashimi-x-wing") == []
    assert find(g.puzzle(), "x-wing") == []


def test_no_finned_x_wing_with_fins_in_two_boxes() -> None:
    g = (Grid().only(7, row(2), [rc(2, 2), rc(2, 8)])
         .only(7, row(6), [rc(6, 2), rc(6, 5), rc(6, 8), rc(6, 9)]))
    assert find(g.puzzle(), "finned-x-wing") == []


SKYSCRAPER = (Grid().only(7, row(2), [rc(2, 2), rc(2, 8)])
              .only(7, row(6), [rc(6, 2), rc(6, 9)]))


def test_sashimi_x_wing_is_missing_a_corner() -> None:
    # Row 6 lacks the corner r6c8: with covers c2/c8 the fin is r6c9 (box 6); with c2/c9
    # the fin is r2c8 (box 3). Each eliminates in its cover column inside the fin's box.
    assert elims(SKYSCRAPER.puzzle(), "sashimi-x-wing") == {
        cells_with(7, [rc(4, 8), rc(5, 8)]), cells_with(7, [rc(1, 9), rc(3, 9)])}
    assert find(SKYSCRAPER.puzzle(), "finned-x-wing") == []


def test_finned_swordfish() -> None:
    g = (Grid().only(3, row(1), [rc(1, 1), rc(1, 5)]).only(3, row(5), [rc(5, 5), rc(5, 9)])
         .only(3, row(9), [rc(9, 1), rc(9, 9), rc(9, 8)]))
    # fin r9c8 in box 9: cover columns 1, 5, 9 lose 3 in box 9 outside rows 1, 5, 9
    assert elims(g.puzzle(), "finned-swordfish") == {cells_with(3, [rc(7, 9), rc(8, 9)])}
    assert find(g.puzzle(), "swordfish") == []


# Single-digit patterns ------------------------------------------------------------------


def test_skyscraper() -> None:
    # Strong links in rows 2 and 6 share column 2; the tops r2c8 and r6c9 see
    # r1c9, r3c9 (box 3 / column 9) and r4c8, r5c8 (column 8 / box 6).
    assert elims(SKYSCRAPER.puzzle(), "skyscraper") == {
        cells_with(7, [rc(1, 9), rc(3, 9), rc(4, 8), rc(5, 8)])}


def test_no_skyscraper_when_the_tops_align() -> None:
    g = Grid().only(7, row(2), [rc(2, 2), rc(2, 8)]).only(7, row(6), [rc(6, 2), rc(6, 8)])
    assert find(g.puzzle(), "skyscraper") == []


KITE = Grid().only(5, row(1), [rc(1, 2), rc(1, 7)]).only(5, col(1), [rc(3, 1), rc(7, 1)])


def test_two_string_kite() -> None:
    # r1c2 and r3c1 share box 1; the other ends r1c7 and r7c1 both see r7c7.
    assert elims(KITE.puzzle(), "two-string-kite") == {cells_with(5, [rc(7, 7)])}
    assert find(KITE.puzzle(), "skyscraper") == []


def test_no_two_string_kite_without_the_column_link() -> None:
    g = (Grid().only(5, row(1), [rc(1, 2), rc(1, 7)])
         .only(5, col(1), [rc(3, 1), rc(5, 1), rc(7, 1)]))
    assert find(g.puzzle(), "two-string-kite") == []


def test_turbot_fish_with_a_box_link() -> None:
    # Box 1 holds 5 only in r1c1 and r3c3; column 8 only in r3c8 and r7c8. r3c3 and r3c8
    # share row 3, so r1c1 or r7c8 is 5; r7c1 sees both (r1c8 has no 5 left).
    g = Grid().only(5, box(1), [rc(1, 1), rc(3, 3)]).only(5, col(8), [rc(3, 8), rc(7, 8)])
    assert elims(g.puzzle(), "turbot-fish") == {cells_with(5, [rc(7, 1)])}


def test_no_turbot_fish_when_the_column_has_three_places() -> None:
    g = (Grid().only(5, box(1), [rc(1, 1), rc(3, 3)])
         .only(5, col(8), [rc(3, 8), rc(5, 8), rc(7, 8)]))
    assert find(g.puzzle(), "turbot-fish") == []


def test_empty_rectangle() -> None:
    # Box 5 holds 3 only on row 5 and column 5 (a cross, its corners empty); column 8
    # holds 3 only in r5c8 and r2c8. Either r2c8 is 3, or r5c8 is and box 5's 3 is in
    # column 5: r2c5 cannot be 3 either way.
    g = (Grid().only(3, box(5), [rc(5, 4), rc(5, 6), rc(4, 5), rc(6, 5)])
         .only(3, col(8), [rc(5, 8), rc(2, 8)]))
    assert elims(g.puzzle(), "empty-rectangle") == {cells_with(3, [rc(2, 5)])}


def test_no_empty_rectangle_when_a_corner_is_filled() -> None:
    g = (Grid().only(3, box(5), [rc(5, 4), rc(5, 6), rc(4, 5), rc(6, 5), rc(4, 4)])
         .only(3, col(8), [rc(5, 8), rc(2, 8)]))
    assert find(g.puzzle(), "empty-rectangle") == []


# r1c1 =row 1= r1c5 =box 2= r3c4 =column 4= r8c4: colors A {r1c1, r3c4}, B {r1c5, r8c4}
COLORS = (Grid().only(2, row(1), [rc(1, 1), rc(1, 5)]).only(2, box(2), [rc(1, 5), rc(3, 4)])
          .only(2, col(4), [rc(3, 4), rc(8, 4)]))


def test_simple_colors_trap() -> None:
    # r8c1 sees r1c1 (color A) and r8c4 (color B): one of them is 2.
    assert elims(COLORS.puzzle(), "simple-colors-trap") == {cells_with(2, [rc(8, 1)])}
    assert find(COLORS.puzzle(), "simple-colors-wrap") == []


def test_no_trap_on_a_shorter_chain() -> None:
    g = Grid().only(2, row(1), [rc(1, 1), rc(1, 5)]).only(2, box(2), [rc(1, 5), rc(3, 4)])
    assert find(g.puzzle(), "simple-colors-trap") == []


def test_simple_colors_wrap() -> None:
    # r1c1 =row 1= r1c5 =col 5= r5c5 =row 5= r5c2 =col 2= r2c2: r1c1 and r2c2 share a
    # color and box 1, so that color (r1c1, r5c5, r2c2) is not 2.
    g = (Grid().only(2, row(1), [rc(1, 1), rc(1, 5)]).only(2, col(5), [rc(1, 5), rc(5, 5)])
         .only(2, row(5), [rc(5, 5), rc(5, 2)]).only(2, col(2), [rc(5, 2), rc(2, 2)]))
    assert elims(g.puzzle(), "simple-colors-wrap") == {
        cells_with(2, [rc(1, 1), rc(5, 5), rc(2, 2)])}


def test_multi_colors_1() -> None:
    # Clusters r1c1 =row 1= r1c5 and r2c2 =column 2= r7c2; r1c1 sees r2c2 (box 1), so
    # r1c5 or r7c2 holds 4: r7c5 sees both.
    g = Grid().only(4, row(1), [rc(1, 1), rc(1, 5)]).only(4, col(2), [rc(2, 2), rc(7, 2)])
    assert elims(g.puzzle(), "multi-colors-1") == {cells_with(4, [rc(7, 5)])}
    assert find(g.puzzle(), "multi-colors-2") == []


def test_no_multi_colors_with_one_cluster() -> None:
    g = Grid().only(4, row(1), [rc(1, 1), rc(1, 5)]).only(4, col(2), [rc(2, 2), rc(5, 2), rc(7, 2)])
    assert find(g.puzzle(), "multi-colors-1") == []


def test_multi_colors_2() -> None:
    # Cluster A: r1c1 =row 1= r1c5 =column 5= r6c5; cluster B: r2c2 =column 2= r6c2.
    # Color {r1c1, r6c5} sees r2c2 (box 1) and r6c2 (row 6), both colors of B: not 4.
    g = (Grid().only(4, row(1), [rc(1, 1), rc(1, 5)]).only(4, col(5), [rc(1, 5), rc(6, 5)])
         .only(4, col(2), [rc(2, 2), rc(6, 2)]))
    assert elims(g.puzzle(), "multi-colors-2") == {cells_with(4, [rc(1, 1), rc(6, 5)])}


X_CHAIN = (Grid().only(6, row(1), [rc(1, 1), rc(1, 5)]).only(6, row(4), [rc(4, 5), rc(4, 8)])
           .only(6, row(7), [rc(7, 8), rc(7, 2)]))


def test_x_chain() -> None:
    # r1c1 = r1c5 - r4c5 = r4c8 - r7c8 = r7c2: r1c1 or r7c2 is 6. Seeing both: r2c2 and
    # r3c2 (box 1, column 2), r8c1 and r9c1 (column 1, box 7); r7c1 has no 6 left.
    assert elims(X_CHAIN.puzzle(), "x-chain") == {
        cells_with(6, [rc(2, 2), rc(3, 2), rc(8, 1), rc(9, 1)])}


def test_no_x_chain_when_a_link_is_weak() -> None:
    g = (Grid().only(6, row(1), [rc(1, 1), rc(1, 5)])
         .only(6, row(4), [rc(4, 5), rc(4, 6), rc(4, 8)])
         .only(6, row(7), [rc(7, 8), rc(7, 2)]))
    assert find(g.puzzle(), "x-chain") == []


# Wings and bivalue chains ---------------------------------------------------------------


def test_xy_wing() -> None:
    g = Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "23")
    assert elims(g.puzzle(), "xy-wing") == {cells_with(3, [rc(1, 1)])}


def test_no_xy_wing_when_the_pincers_differ() -> None:
    g = Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "24")
    assert find(g.puzzle(), "xy-wing") == []


def test_xyz_wing() -> None:
    g = Grid().set(rc(5, 5), "123").set(rc(5, 4), "13").set(rc(2, 5), "23")
    assert elims(g.puzzle(), "xyz-wing") == {cells_with(3, [rc(4, 5), rc(6, 5)])}


def test_no_xyz_wing_when_a_pincer_brings_a_new_digit() -> None:
    g = Grid().set(rc(5, 5), "123").set(rc(5, 4), "13").set(rc(2, 5), "24")
    assert find(g.puzzle(), "xyz-wing") == []


def test_wxyz_wing() -> None:
    # Pivot r5c5 1/2/3 with wings r5c1 1/4, r4c4 3/4, r6c5 2/4: 1, 2 and 3 each sit in cells
    # that see one another, 4 does not (r5c1 is far from r4c4): one of 4's cells is 4, and
    # r5c4 and r5c6 see all three.
    g = Grid().set(rc(5, 5), "123").set(rc(5, 1), "14").set(rc(4, 4), "34").set(rc(6, 5), "24")
    assert elims(g.puzzle(), "wxyz-wing") == {cells_with(4, [rc(5, 4), rc(5, 6)])}


def test_no_wxyz_wing_with_five_digits() -> None:
    g = Grid().set(rc(5, 5), "123").set(rc(5, 1), "14").set(rc(4, 4), "34").set(rc(6, 5), "25")
    assert find(g.puzzle(), "wxyz-wing") == []


W_WING = Grid().set(rc(2, 2), "47").set(rc(8, 8), "47")


def test_w_wing() -> None:
    # Row 5 holds 4 only in r5c2 (sees r2c2) and r5c8 (sees r8c8): one of the pair is 7.
    g = W_WING.puzzle()
    g = g.with_cells({i: candidates(ALL - {4}) for i in row(5) if i not in (rc(5, 2), rc(5, 8))})
    assert elims(g, "w-wing") == {cells_with(7, [rc(2, 8), rc(8, 2)])}


def test_no_w_wing_without_the_strong_link() -> None:
    assert find(W_WING.puzzle(), "w-wing") == []


def test_remote_pair() -> None:
    g = Grid()
    for cell in (rc(1, 1), rc(1, 5), rc(5, 5), rc(5, 9)):
        g.set(cell, "56")
    assert all_elims(g.puzzle(), "remote-pair") == {
        (rc(1, 9), 5), (rc(1, 9), 6), (rc(5, 1), 5), (rc(5, 1), 6)}


def test_no_remote_pair_on_three_cells() -> None:
    g = Grid()
    for cell in (rc(1, 1), rc(1, 5), rc(5, 5)):
        g.set(cell, "56")
    assert find(g.puzzle(), "remote-pair") == []


def test_xy_chain() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(5, 5), "34").set(rc(5, 9), "14")
    assert elims(g.puzzle(), "xy-chain") == {cells_with(1, [rc(1, 9), rc(5, 1)])}


def test_no_xy_chain_when_the_ends_differ() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(5, 5), "34").set(rc(5, 9), "47")
    assert find(g.puzzle(), "xy-chain") == []


def test_als_xz() -> None:
    # ALS A: r1c1 (1/2, one cell, two digits). ALS B: r5c1 1/3 and r5c2 2/3 (row 5, two
    # cells, three digits). 1 is a restricted common (r1c1 sees r5c1), so 2 is in r1c1 or
    # r5c2: r1c2, r2c2, r3c2 (box 1, column 2) and r4c1, r6c1 (column 1, box 4) lose 2.
    g = Grid().set(rc(1, 1), "12").set(rc(5, 1), "13").set(rc(5, 2), "23")
    assert elims(g.puzzle(), "als-xz") == {
        cells_with(2, [rc(1, 2), rc(2, 2), rc(3, 2), rc(4, 1), rc(6, 1)])}


def test_no_als_xz_without_a_second_common_digit() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(5, 1), "13").set(rc(5, 2), "24")
    assert find(g.puzzle(), "als-xz") == []


# Uniqueness -----------------------------------------------------------------------------

FLOOR = (rc(1, 1), rc(1, 2))  # two corners of a rectangle on boxes 1 and 4
ROOF = (rc(4, 1), rc(4, 2))


def test_uniqueness_1() -> None:
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "12").set(ROOF[1], "125")
    assert elims(g.puzzle(), "uniqueness-1") == {frozenset({(ROOF[1], 1), (ROOF[1], 2)})}


def test_no_uniqueness_1_with_two_extra_cells() -> None:
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "126").set(ROOF[1], "125")
    assert find(g.puzzle(), "uniqueness-1") == []


def test_uniqueness_1_with_a_corner_that_lost_a_digit() -> None:
    # r4c2 lost 2 to an elimination (nothing placed rules it out): it still cannot be 1,
    # or the four corners would all hold 1 or 2, the deadly pattern
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "12").set(ROOF[1], "15")
    assert elims(g.puzzle(), "uniqueness-1") == {frozenset({(ROOF[1], 1)})}


def test_no_uniqueness_1_when_a_placed_digit_keeps_the_roof_from_a_digit() -> None:
    # a 2 placed in row 4: the roof can never hold 2, so the four make no deadly pattern
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "12").set(ROOF[1], "15")
         .give(rc(4, 5), 2))
    assert find(g.puzzle(), "uniqueness-1") == []


def test_uniqueness_2() -> None:
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "125").set(ROOF[1], "125")
    seeing = [rc(4, c) for c in range(3, 10)] + [rc(r, c) for r in (5, 6) for c in (1, 2, 3)]
    assert elims(g.puzzle(), "uniqueness-2") == {cells_with(5, seeing)}


def test_no_uniqueness_2_with_different_extras() -> None:
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "125").set(ROOF[1], "126")
    assert find(g.puzzle(), "uniqueness-2") == []


def test_uniqueness_5_with_the_extra_digit_on_a_diagonal() -> None:
    # r1c2 and r4c1 (diagonal) both add 5 to the 1/2 rectangle: one of them is 5. Seeing
    # both: r2c1 and r3c1 (box 1, column 1), r5c2 and r6c2 (column 2, box 4); the other
    # two corners, r1c1 and r4c2, hold only 1/2.
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "125").set(ROOF[0], "125").set(ROOF[1], "12")
    assert elims(g.puzzle(), "uniqueness-5") == {
        cells_with(5, [rc(2, 1), rc(3, 1), rc(5, 2), rc(6, 2)])}
    assert find(g.puzzle(), "uniqueness-2") == []


def test_no_uniqueness_5_when_the_extras_lie_in_a_line() -> None:
    g = Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "125").set(ROOF[1], "125")
    assert find(g.puzzle(), "uniqueness-5") == []


def test_uniqueness_3() -> None:
    # The roof's extras 3 and 4 act as one cell; with r4c5 (3/4) they lock 3 and 4 in row 4.
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "123").set(ROOF[1], "124")
         .set(rc(4, 5), "34"))
    others = [rc(4, c) for c in (3, 4, 6, 7, 8, 9)]
    assert elims(g.puzzle(), "uniqueness-3") == {cells_with(3, others) | cells_with(4, others)}


def test_uniqueness_3_locks_a_subset_in_the_line_and_the_box_at_once() -> None:
    # r4c3 (3/4) is in row 4 and box 4 with the roof: 3 and 4 leave both houses, in one
    # step, as HoDoKu reports it
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "123").set(ROOF[1], "124")
         .set(rc(4, 3), "34"))
    others = [rc(4, c) for c in range(4, 10)] + [rc(r, c) for r in (5, 6) for c in (1, 2, 3)]
    assert elims(g.puzzle(), "uniqueness-3") == {cells_with(3, others) | cells_with(4, others)}
    assert find(g.puzzle(), "uniqueness-3")[0].explanation.endswith(
        "with r4c3 they lock 3, 4 in row 4 and box 4: remove them from r4c4, r4c5, r4c6, r4c7, "
        "r4c8, r4c9, r5c1, r5c2, r5c3, r6c1, r6c2, r6c3.")


def test_no_uniqueness_3_without_the_partner_cell() -> None:
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "123").set(ROOF[1], "124")
         .set(rc(4, 5), "35"))
    assert find(g.puzzle(), "uniqueness-3") == []


def test_uniqueness_4() -> None:
    # 1 sits only in the roof within row 4, so 2 would complete the deadly pattern.
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "1256").set(ROOF[1], "127")
         .only(1, row(4), list(ROOF)))
    assert elims(g.puzzle(), "uniqueness-4") == {frozenset({(ROOF[0], 2), (ROOF[1], 2)})}


def test_uniqueness_4_with_a_roof_corner_that_lost_b() -> None:
    # r4c2 lost 2 by elimination: only r4c1 loses 2
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "1256").set(ROOF[1], "17")
         .only(1, row(4), list(ROOF)))
    assert elims(g.puzzle(), "uniqueness-4") == {frozenset({(ROOF[0], 2)})}


def test_no_uniqueness_4_when_the_digit_has_another_place() -> None:
    g = (Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "1256").set(ROOF[1], "127")
         .only(1, row(4), [*ROOF, rc(4, 5)]))
    assert find(g.puzzle(), "uniqueness-4") == []


def test_hidden_rectangle() -> None:
    # r1c1 holds only 1/2; at the far corner r2c4, 2 has no place in row 2 or column 4
    # outside the rectangle r1c1 r1c4 r2c1 r2c4 (boxes 1 and 2): r2c4 = 1 would force the
    # deadly pattern, so r2c4 is not 1.
    g = (Grid().set(rc(1, 1), "12").only(2, row(2), [rc(2, 1), rc(2, 4)])
         .only(2, col(4), [rc(1, 4), rc(2, 4)]))
    assert elims(g.puzzle(), "hidden-rectangle") == {frozenset({(rc(2, 4), 1)})}


def test_hidden_rectangle_with_a_corner_that_lost_a() -> None:
    # as above, with 1 struck out of r1c4 by an elimination: the argument still holds
    g = (Grid().set(rc(1, 1), "12").set(rc(1, 4), "23456789")
         .only(2, row(2), [rc(2, 1), rc(2, 4)]).only(2, col(4), [rc(1, 4), rc(2, 4)]))
    assert elims(g.puzzle(), "hidden-rectangle") == {frozenset({(rc(2, 4), 1)})}


def test_no_hidden_rectangle_when_the_far_row_already_has_b() -> None:
    # a 2 placed in row 2 leaves no 2 to place there: nothing forces the pattern
    g = (Grid().set(rc(1, 1), "12").give(rc(2, 7), 2)
         .only(2, col(4), [rc(1, 4), rc(2, 4)]))
    assert find(g.puzzle(), "hidden-rectangle") == []


def test_no_hidden_rectangle_when_the_column_has_another_place() -> None:
    g = (Grid().set(rc(1, 1), "12").only(2, row(2), [rc(2, 1), rc(2, 4)])
         .only(2, col(4), [rc(1, 4), rc(2, 4), rc(5, 4)]))
    assert find(g.puzzle(), "hidden-rectangle") == []


def test_avoidable_rectangle_1() -> None:
    # The player solved r1c1 = 5, r1c4 = 6, r2c1 = 6; r2c4 = 5 would let 5 and 6 swap.
    g = Grid().solve(rc(1, 1), 5).solve(rc(1, 4), 6).solve(rc(2, 1), 6)
    assert elims(g.puzzle(), "avoidable-rectangle-1") == {frozenset({(rc(2, 4), 5)})}


def test_no_avoidable_rectangle_when_a_corner_is_a_given() -> None:
    g = Grid().give(rc(1, 1), 5).solve(rc(1, 4), 6).solve(rc(2, 1), 6)
    assert find(g.puzzle(), "avoidable-rectangle-1") == []


def test_avoidable_rectangle_2() -> None:
    # Solved r1c1 = 5 and r1c4 = 6 (no givens); r2c1 holds 6/8 and r2c4 5/8: not both can
    # take the swap's digits, so one of them is 8, and r2c2, r2c3, r2c5..r2c9 (row 2) lose 8.
    g = Grid().solve(rc(1, 1), 5).solve(rc(1, 4), 6).set(rc(2, 1), "68").set(rc(2, 4), "58")
    assert elims(g.puzzle(), "avoidable-rectangle-2") == {
        cells_with(8, [rc(2, c) for c in (2, 3, 5, 6, 7, 8, 9)])}


def test_no_avoidable_rectangle_2_with_different_extras() -> None:
    g = Grid().solve(rc(1, 1), 5).solve(rc(1, 4), 6).set(rc(2, 1), "68").set(rc(2, 4), "59")
    assert find(g.puzzle(), "avoidable-rectangle-2") == []


def test_every_name_is_hodokus_kebab_case_and_unique() -> None:
    assert len(NAMES) == len(set(NAMES)) >= 30
    assert all(name == name.lower() and " " not in name for name in NAMES)
    assert NAMES[:3] == ("full-house", "naked-single", "hidden-single")


def test_unknown_technique_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown technique 'x-wings'"):
        find(Puzzle.blank(), "x-wings")


def test_uniqueness_6() -> None:
    # r1c1 and r4c2 (a diagonal) hold only 1/2; rows 1 and 4 hold 1 only in the rectangle.
    # r1c2 = 1 would make r1c1 and r4c2 2 and r4c1 1: the deadly pattern. So r1c2 and r4c1
    # (the other diagonal) are not 1.
    g = (Grid().set(rc(1, 1), "12").set(rc(4, 2), "12").set(rc(1, 2), "125").set(rc(4, 1), "126")
         .only(1, row(1), [rc(1, 1), rc(1, 2)]).only(1, row(4), [rc(4, 1), rc(4, 2)]))
    assert elims(g.puzzle(), "uniqueness-6") == {cells_with(1, [rc(1, 2), rc(4, 1)])}


def test_no_uniqueness_6_when_row_4_has_1_elsewhere() -> None:
    g = (Grid().set(rc(1, 1), "12").set(rc(4, 2), "12").set(rc(1, 2), "125").set(rc(4, 1), "126")
         .only(1, row(1), [rc(1, 1), rc(1, 2)]).only(1, row(4), [rc(4, 1), rc(4, 2), rc(4, 7)]))
    assert find(g.puzzle(), "uniqueness-6") == []


def test_als_xy_wing() -> None:
    # C = r5c5 {1, 3}; A = r5c1 {1, 2} shares 1 with C (row 5), B = r1c5 {2, 3} shares 3
    # with C (column 5). C cannot lose both 1 and 3, so A is 2 or B is 2: r1c1 sees both.
    g = Grid().set(rc(5, 5), "13").set(rc(5, 1), "12").set(rc(1, 5), "23")
    assert elims(g.puzzle(), "als-xy-wing") == {cells_with(2, [rc(1, 1)])}


def test_no_als_xy_wing_when_the_pivot_is_not_almost_locked() -> None:
    g = Grid().set(rc(5, 5), "134").set(rc(5, 1), "12").set(rc(1, 5), "23")
    assert find(g.puzzle(), "als-xy-wing") == []


def test_sue_de_coq() -> None:
    # r1c1 and r1c2 (row 1 x box 1) hold 1-4; r1c5 holds 1/2 (row 1), r2c2 3/4 (box 1):
    # four cells for four digits, so 1 and 2 stay in row 1 and 3 and 4 in box 1.
    g = Grid().set(rc(1, 1), "1234").set(rc(1, 2), "1234").set(rc(1, 5), "12").set(rc(2, 2), "34")
    row_rest = [rc(1, c) for c in (3, 4, 6, 7, 8, 9)]
    box_rest = [rc(1, 3), rc(2, 1), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)]
    expected = (cells_with(1, row_rest) | cells_with(2, row_rest) | cells_with(3, box_rest)
                | cells_with(4, box_rest))
    assert expected in elims(g.puzzle(), "sue-de-coq")


def test_no_sue_de_coq_when_the_outer_cells_share_a_digit() -> None:
    g = Grid().set(rc(1, 1), "1234").set(rc(1, 2), "1234").set(rc(1, 5), "13").set(rc(2, 2), "34")
    assert find(g.puzzle(), "sue-de-coq") == []


def test_death_blossom() -> None:
    # stem r5c5 {1, 2}; the petal for 1 is r5c1 {1, 3} (its 1 sees the stem), for 2 r1c5
    # {2, 3}: whichever the stem takes, one petal is 3, and r1c1 sees both.
    g = Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "23")
    assert elims(g.puzzle(), "death-blossom") == {cells_with(3, [rc(1, 1)])}


def test_no_death_blossom_when_the_petals_share_no_digit() -> None:
    g = Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "24")
    assert find(g.puzzle(), "death-blossom") == []
