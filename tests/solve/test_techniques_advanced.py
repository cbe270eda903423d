"""Grouped chains, ALS chains, franken and mutant fish: each on a 9x9 pencil-mark grid
built for it (grids as in test_techniques.py: every digit everywhere until a test narrows
it), the conclusion worked out by hand, the explanation word for word, and a close variant
where it must not fire."""

from __future__ import annotations

from itertools import islice

import pytest

from pycore.solve import solve
from pycore.solve.techniques import NAMES, TECHNIQUES, State, complex_fish, find, steps
from tests.solve.test_techniques import Grid, box, col, rc, row
from tests.solve.test_techniques_engine import TOP95, line

# Grouped chains -------------------------------------------------------------------------
# r1c89 is a group: 1 (or 5) in r1c8 or r1c9, where row 1 crosses box 3. Row 1 has three
# places for the digit, so r1c1 and the group are strongly linked (one of them holds it),
# and r3c7 sees both cells of the group (box 3): a weak link.


def test_grouped_discontinuous_nice_loop() -> None:
    # if r1c1 is not 1: column 1 puts 1 in r7c1, row 7 takes it from r7c7, column 7 puts it
    # in r3c7, box 3 takes it from r1c8 and r1c9, and row 1 has no 1 left but r1c1
    g = (Grid().only(1, row(1), [rc(1, 1), rc(1, 8), rc(1, 9)])
         .only(1, col(7), [rc(3, 7), rc(7, 7)]).only(1, col(1), [rc(1, 1), rc(7, 1)]))
    (step,) = find(g.puzzle(), "grouped-discontinuous-nice-loop")
    assert step.placements == () and step.eliminations == tuple((rc(1, 1), d) for d in range(2, 10))
    assert step.explanation == (
        "If 1 in r1c1 were false, the chain (1)r1c1=(1)r7c1-(1)r7c7=(1)r3c7-(1)r1c89=(1)r1c1 "
        "would make it true: so it is true, and r1c1 loses its other candidates 2, 3, 4, 5, 6, "
        "7, 8 and 9. (The group r1c89 stands for 1 in r1c8 or r1c9.)")
    assert step.links[-2:] == ((rc(3, 7), 1, rc(1, 8), 1, False), (rc(1, 8), 1, rc(1, 1), 1, True))


def test_no_grouped_discontinuous_loop_when_column_7_has_a_third_place() -> None:
    g = (Grid().only(1, row(1), [rc(1, 1), rc(1, 8), rc(1, 9)])
         .only(1, col(7), [rc(3, 7), rc(7, 7), rc(5, 7)]).only(1, col(1), [rc(1, 1), rc(7, 1)]))
    assert find(g.puzzle(), "grouped-discontinuous-nice-loop") == []


GROUPED_LOOP = (Grid().only(1, row(1), [rc(1, 1), rc(1, 8), rc(1, 9)])
                .only(1, col(7), [rc(3, 7), rc(7, 7)]).only(1, col(2), [rc(7, 2), rc(2, 2)]))


def test_grouped_continuous_nice_loop_clears_each_weak_link() -> None:
    # r1c1 =1= r1c89 -1- r3c7 =1= r7c7 -1- r7c2 =1= r2c2 -1- r1c1: exactly one end of each
    # weak link holds 1, so box 3 (but the group and r3c7), row 7 and box 1 lose it
    (step,) = find(GROUPED_LOOP.puzzle(), "grouped-continuous-nice-loop")
    box_3 = [rc(2, 8), rc(2, 9), rc(3, 8), rc(3, 9)]  # r1c7 and r2c7 have no 1 left
    row_7 = [rc(7, c) for c in (1, 3, 4, 5, 6, 8, 9)]
    box_1 = [rc(2, 1), rc(2, 3), rc(3, 1), rc(3, 3)]
    assert set(step.eliminations) == {(c, 1) for c in box_3 + row_7 + box_1}
    assert step.explanation.startswith(
        "The chain (1)r1c1=(1)r1c89-(1)r3c7=(1)r7c7-(1)r7c2=(1)r2c2 closes into a loop "
        "(1 in r2c2 and 1 in r1c1 see each other)")
    assert step.explanation.endswith("(The group r1c89 stands for 1 in r1c8 or r1c9.)")
    assert step.links[-1] == (rc(2, 2), 1, rc(1, 1), 1, False)


def test_no_grouped_continuous_loop_when_column_2_has_a_third_place() -> None:
    g = (Grid().only(1, row(1), [rc(1, 1), rc(1, 8), rc(1, 9)])
         .only(1, col(7), [rc(3, 7), rc(7, 7)]).only(1, col(2), [rc(7, 2), rc(2, 2), rc(5, 2)]))
    assert find(g.puzzle(), "grouped-continuous-nice-loop") == []


def test_grouped_aic() -> None:
    # 5 in r1c1, or else in the group r1c89, so not in r3c7, so in r7c7: r7c1 sees both ends
    g = Grid().only(5, row(1), [rc(1, 1), rc(1, 8), rc(1, 9)]).only(5, col(7), [rc(3, 7), rc(7, 7)])
    (step,) = find(g.puzzle(), "grouped-aic")
    assert step.eliminations == ((rc(7, 1), 5),)
    assert step.explanation == (
        "The chain (5)r1c1=(5)r1c89-(5)r3c7=(5)r7c7 proves that 5 in r1c1 or 5 in r7c7 is true "
        "(if the first is false, the last is true): 5 from r7c1 sees both, so goes. (The group "
        "r1c89 stands for 5 in r1c8 or r1c9.)")
    # the group stands as its first cell in the links
    assert step.links == ((rc(1, 1), 5, rc(1, 8), 5, True), (rc(1, 8), 5, rc(3, 7), 5, False),
                          (rc(3, 7), 5, rc(7, 7), 5, True))
    assert set(step.cells) == {rc(1, 1), rc(1, 8), rc(1, 9), rc(3, 7), rc(7, 7)}


def test_no_grouped_aic_when_row_1_has_a_fourth_place() -> None:
    g = (Grid().only(5, row(1), [rc(1, 1), rc(1, 5), rc(1, 8), rc(1, 9)])
         .only(5, col(7), [rc(3, 7), rc(7, 7)]))
    assert find(g.puzzle(), "grouped-aic") == []


def test_plain_chains_are_left_to_the_plain_techniques() -> None:
    # the plain AIC grid of test_chains.py: no group, so no grouped chain
    g = (Grid().only(5, row(1), [rc(1, 1), rc(1, 7)]).only(6, col(7), [rc(1, 7), rc(8, 7)])
         .only(7, row(8), [rc(8, 7), rc(8, 1)]).set(rc(8, 1), "67"))
    assert find(g.puzzle(), "aic") and find(g.puzzle(), "grouped-aic") == []


# ALS chains -----------------------------------------------------------------------------
# A = r1c1 {1, 2}, B = r5c1 {1, 3}, C = r5c5, r5c6 {3, 4, 5} (two cells, three digits),
# D = r4c4 {2, 4}: A and B share 1 in column 1, B and C 3 in row 5, C and D 4 in box 5.


def als_chain(last: int) -> Grid:
    """A, B and C, and D = `last` {2, 4}."""
    return (Grid().set(rc(1, 1), "12").set(rc(5, 1), "13").set(rc(5, 5), "345")
            .set(rc(5, 6), "45").set(last, "24"))


def test_als_chain() -> None:
    # if A has no 2 it is 1, so B is 3, so C has no 3 and holds 4 and 5, so D is 2: A or D
    # is 2, and r1c4 and r4c1 see both
    (step,) = find(als_chain(rc(4, 4)).puzzle(), "als-chain")
    assert step.eliminations == ((rc(1, 4), 2), (rc(4, 1), 2))
    assert step.explanation == (
        "ALS A: r1c1 {1, 2} in row 1; ALS B: r5c1 {1, 3} in row 5; ALS C: r5c5, r5c6 {3, 4, 5} in row 5; "
        "ALS D: r4c4 {2, 4} in row 4: each joins the next by a restricted common digit (every place of it "
        "in one sees every place in the other) in the chain (2)A=(1)A-(1)B=(3)B-(3)C=(4)C-(4)D=(2)D. If A "
        "had no 2, it would be locked and hold 1; then B has no 1, so it is locked and holds 3; then C has "
        "no 3, so it is locked and holds 4; then D has no 4, so it is locked and holds 2. So A or D holds "
        "2: remove 2 from r1c4, r4c1.")
    # each set stands as its first cell holding the digit: strong inside, weak between
    assert step.links == (
        (rc(1, 1), 2, rc(1, 1), 1, True), (rc(1, 1), 1, rc(5, 1), 1, False),
        (rc(5, 1), 1, rc(5, 1), 3, True), (rc(5, 1), 3, rc(5, 5), 3, False),
        (rc(5, 5), 3, rc(5, 5), 4, True), (rc(5, 5), 4, rc(4, 4), 4, False),
        (rc(4, 4), 4, rc(4, 4), 2, True))


def test_no_als_chain_when_the_last_set_does_not_see_cs_4s() -> None:
    # r4c7 {2, 4} sees r5c5 but not r5c6 (4 is in both): 4 is no restricted common
    assert find(als_chain(rc(4, 7)).puzzle(), "als-chain") == []


# Franken and mutant fish ----------------------------------------------------------------


def franken(*box_5: int, row_1: tuple[int, ...] = (rc(1, 4), rc(1, 5))) -> Grid:
    """4 in row 1 only at `row_1`, in box 5 only at `box_5`."""
    return Grid().only(4, row(1), list(row_1)).only(4, box(5), list(box_5))


COLUMNS_4_5 = frozenset((rc(r, c), 4) for r in (2, 3, 7, 8, 9) for c in (4, 5))


def test_franken_x_wing_with_a_row_and_a_box() -> None:
    # row 1 and box 5 hold 4 only in columns 4 and 5 (box 5 in three cells): each column's
    # 4 is theirs, so the rest of columns 4 and 5 lose it
    steps = {frozenset(s.eliminations): s for s in find(franken(rc(4, 4), rc(5, 5), rc(6, 4)).puzzle(),
                                                         "franken-x-wing")}
    assert steps[COLUMNS_4_5].explanation == (
        "In row 1, box 5, 4 can only go in column 4, column 5: each of these gets its 4 from "
        "those base houses, so remove 4 from r2c4, r2c5, r3c4, r3c5, r7c4, r7c5, r8c4, r8c5, "
        "r9c4, r9c5.")
    assert set(steps[COLUMNS_4_5].cells) == {rc(1, 4), rc(1, 5), rc(4, 4), rc(5, 5), rc(6, 4)}


def test_no_franken_x_wing_when_box_5_reaches_column_6() -> None:
    found = find(franken(rc(4, 4), rc(5, 5), rc(6, 4), rc(5, 6)).puzzle(), "franken-x-wing")
    assert not any("In row 1, box 5" in s.explanation for s in found)


def test_finned_franken_x_wing() -> None:
    # the same with a fin r1c6: only the cover cells that see it (box 2) lose 4
    found = find(franken(rc(4, 4), rc(5, 5), rc(6, 4), row_1=(rc(1, 4), rc(1, 5), rc(1, 6)))
                 .puzzle(), "finned-franken-x-wing")
    step = next(s for s in found if "column 4, column 5" in s.explanation)
    assert set(step.eliminations) == {(rc(r, c), 4) for r in (2, 3) for c in (4, 5)}
    assert step.explanation == (
        "In row 1, box 5, 4 goes in column 4, column 5 unless it goes in the fin r1c6; either "
        "way 4 cannot be in r2c4, r2c5, r3c4, r3c5, which see every fin and lie in a cover.")


def test_no_finned_franken_x_wing_when_the_fin_sees_no_cover_cell() -> None:
    # a fin in r1c7 (box 3) sees no cell of columns 4 and 5 outside the base
    grid = franken(rc(4, 4), rc(5, 5), rc(6, 4), row_1=(rc(1, 4), rc(1, 5), rc(1, 7)))
    assert find(grid.puzzle(), "finned-franken-x-wing") == []


def test_mutant_x_wing_with_a_row_and_a_box_covered_by_a_row_and_a_box() -> None:
    # row 1 holds 7 only in box 1, box 3 only in row 2: box 1 and row 2 get their 7 from
    # these two, so their other cells lose it
    g = Grid().only(7, row(1), [rc(1, 2), rc(1, 3)]).only(7, box(3), [rc(2, 7), rc(2, 9)])
    (step,) = find(g.puzzle(), "mutant-x-wing")
    assert set(step.eliminations) == {(c, 7) for c in [rc(2, c) for c in range(1, 7)]
                                      + [rc(3, 1), rc(3, 2), rc(3, 3)]}
    assert step.explanation.startswith("In row 1, box 3, 7 can only go in row 2, box 1:")


def test_no_mutant_x_wing_when_box_3_leaves_row_2() -> None:
    g = (Grid().only(7, row(1), [rc(1, 2), rc(1, 3)])
         .only(7, box(3), [rc(2, 7), rc(2, 9), rc(3, 8)]))
    assert find(g.puzzle(), "mutant-x-wing") == []


# Soundness ------------------------------------------------------------------------------

NEW = ("grouped-continuous-nice-loop", "grouped-discontinuous-nice-loop", "grouped-aic",
       "als-chain", "franken-x-wing", "franken-swordfish", "finned-franken-x-wing",
       "finned-franken-swordfish", "mutant-x-wing", "mutant-swordfish", "finned-mutant-x-wing",
       "finned-mutant-swordfish")


EARLIER = NAMES[:NAMES.index("grouped-continuous-nice-loop")]


@pytest.mark.parametrize("index", (6, 90))
def test_every_new_step_agrees_with_the_solution_along_a_top95_path(index: int) -> None:
    """Along the path the simpler techniques take through a hard puzzle (every eighth
    state, and where they run out), the first steps of each new technique remove only
    wrong digits and place only right ones."""
    puzzle = line(TOP95[index])
    truth = solve(puzzle)
    finders = [t.finder for t in TECHNIQUES if t.name in NEW]
    state = State(puzzle)
    checked = 0

    def check() -> int:
        count = 0
        for finder in finders:
            for found in islice(finder(state), 5):
                count += 1
                assert all(truth.cells[c].digit == d for c, d in found.placements), found
                assert all(truth.cells[c].digit != d for c, d in found.eliminations), found
        return count

    for k, step in enumerate(steps(puzzle, EARLIER)):
        if k % 8 == 7:
            checked += check()
        state.apply(step)
    checked += check()
    assert checked


# top95's `..247..58...` after its Sue de Coq: 3's places in each row (columns). HoDoKu's
# next step is a finned franken swordfish with three fins.
THREES = {1: (2, 6, 7), 2: (2, 3, 4, 5, 6, 7, 9), 3: (2, 3, 4, 5, 7, 9), 4: (2, 3, 7), 5: (6, 9),
          6: (2, 4, 5, 6), 9: (4, 5)}


def three_fins() -> Grid:
    g = Grid().give(rc(7, 8), 3).give(rc(8, 1), 3)
    for r in range(1, 10):
        for c in range(1, 10):
            if c not in THREES.get(r, ()):
                g.marks[rc(r, c)].discard(3)
    return g


def test_finned_franken_swordfish_with_three_fins(monkeypatch: pytest.MonkeyPatch) -> None:
    # row 1, row 4 and box 5 put 3 in columns 2, 6 and 7 but for r4c3, r6c4 and r6c5:
    # r6c2, in column 2 and seeing all three fins, loses 3 (HoDoKu: "Finned Franken
    # Swordfish: 3 r14b5 c267 fr4c3 fr6c4 fr6c5 => r6c2<>3")
    def fish() -> list[str]:
        return [s.explanation for s in find(three_fins().puzzle(), "finned-franken-swordfish")
                if s.eliminations == ((rc(6, 2), 3),)]

    assert fish() == [
        "In row 1, row 4, box 5, 3 goes in column 2, column 6, column 7 unless it goes in the "
        "fins r4c3, r6c4, r6c5; either way 3 cannot be in r6c2, which sees every fin and lies "
        "in a cover."]
    monkeypatch.setattr(complex_fish, "MAX_FINS", 2)  # our limit before HoDoKu's
    complex_fish._all_fish.cache_clear()
    try:
        assert fish() == []
    finally:
        complex_fish._all_fish.cache_clear()  # no two-fin search left for other tests
