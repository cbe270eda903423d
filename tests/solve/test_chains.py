"""Chains, nice loops and forcing: each on a 9x9 pencil-mark grid built for it (grids as in
test_techniques.py: every digit everywhere until a test narrows it), with the conclusion
worked out by hand, and a close variant where it must not be drawn. The famous hardest
puzzles go as far as the engine can and stop with the one stuck sentence."""

from __future__ import annotations

from pycore.solve import hint, solve
from pycore.solve.advice import STUCK
from pycore.solve.techniques import apply, find, steps
from tests.solve.test_solve import HARD_9X9, from_line
from tests.solve.test_techniques import Grid, box, col, rc, row

Conclusion = tuple[frozenset[tuple[int, int]], tuple[tuple[int, int], ...]]


def conclusions(grid: Grid, name: str) -> set[Conclusion]:
    """(eliminations, placements) of every step `find` reports."""
    return {(frozenset(s.eliminations), s.placements) for s in find(grid.puzzle(), name)}


def seen_in(cells: list[int], *keep: int) -> list[int]:
    return [c for c in cells if c not in keep]


# r1c1 =4= r1c5 -4- r2c6 =4= r7c6 -4- r7c2 =4= r3c2 -4- r1c1: three strong links (row 1,
# column 6, column 2) joined by weak links in box 2, row 7 and box 1 close a loop.
X_CYCLE = (Grid().only(4, row(1), [rc(1, 1), rc(1, 5)]).only(4, col(6), [rc(2, 6), rc(7, 6)])
           .only(4, col(2), [rc(7, 2), rc(3, 2)]))


def test_x_cycle_continuous_loop_clears_each_weak_link() -> None:
    # exactly one end of each weak link holds 4: box 2 (but r1c5, r2c6), row 7 (but r7c2,
    # r7c6) and box 1 (but r1c1, r3c2) lose 4; row 1 and the columns have no other 4
    seeing = (seen_in(box(2), rc(1, 5), rc(2, 6)) + seen_in(row(7), rc(7, 2), rc(7, 6))
              + seen_in(box(1), rc(1, 1), rc(3, 2)))
    gone = {(c, 4) for c in seeing if 4 in X_CYCLE.marks[c]}
    found = [s for s in find(X_CYCLE.puzzle(), "x-cycle") if set(s.eliminations) == gone]
    assert len(found) == 1
    assert found[0].explanation.startswith(
        "X-cycle on one digit: the chain (4)r1c1=(4)r1c5-(4)r2c6=(4)r7c6-(4)r7c2=(4)r3c2 "
        "closes into a loop (4 in r3c2 and 4 in r1c1 see each other)")


def test_no_x_cycle_loop_when_a_link_is_not_strong() -> None:
    g = (Grid().only(4, row(1), [rc(1, 1), rc(1, 5), rc(1, 8)])
         .only(4, col(6), [rc(2, 6), rc(7, 6)]).only(4, col(2), [rc(7, 2), rc(3, 2)]))
    assert not any("closes into a loop" in s.explanation for s in find(g.puzzle(), "x-cycle"))


XY_LOOP = Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(5, 5), "34").set(rc(5, 1), "14")


def test_continuous_nice_loop_of_bivalue_cells() -> None:
    # r1c1 -2- r1c5 -3- r5c5 -4- r5c1 -1- r1c1: each weak link holds exactly one of its
    # digit: row 1 loses 2, column 5 loses 3, row 5 loses 4, column 1 loses 1
    gone = ({(c, 2) for c in seen_in(row(1), rc(1, 1), rc(1, 5))}
            | {(c, 3) for c in seen_in(col(5), rc(1, 5), rc(5, 5))}
            | {(c, 4) for c in seen_in(row(5), rc(5, 5), rc(5, 1))}
            | {(c, 1) for c in seen_in(col(1), rc(5, 1), rc(1, 1))})
    assert conclusions(XY_LOOP, "continuous-nice-loop") == {(frozenset(gone), ())}
    step = find(XY_LOOP.puzzle(), "continuous-nice-loop")[0]
    assert step.explanation.startswith(
        "The chain (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c1=(1)r5c1 closes into "
        "a loop")


def test_no_continuous_loop_when_the_last_cell_breaks_it() -> None:
    g = Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(5, 5), "34").set(rc(5, 1), "47")
    assert find(g.puzzle(), "continuous-nice-loop") == []


# 1 has two places in row 1 (r1c1, r1c8), in column 1 (r1c1, r7c1) and in column 7 (r3c7,
# r7c7): if r1c1 is not 1, row 1 puts it in r1c8, box 3 takes it from r3c7, column 7 puts
# it in r7c7, row 7 takes it from r7c1, and column 1 puts it in r1c1 after all
def loop_back() -> Grid:
    return (Grid().only(1, row(1), [rc(1, 1), rc(1, 8)]).only(1, col(1), [rc(1, 1), rc(7, 1)])
            .only(1, col(7), [rc(3, 7), rc(7, 7)]))


def test_discontinuous_nice_loop_proves_the_digit_and_takes_the_cells_others() -> None:
    # as HoDoKu's does, the loop takes r1c1's other candidates; a naked single places the 1
    steps = find(loop_back().puzzle(), "discontinuous-nice-loop")
    assert [(s.placements, s.eliminations) for s in steps] == [
        ((), tuple((rc(1, 1), d) for d in range(2, 10)))]
    assert steps[0].explanation == (
        "If 1 in r1c1 were false, the chain (1)r1c1=(1)r1c8-(1)r3c7=(1)r7c7-(1)r7c1=(1)r1c1 "
        "would make it true: so it is true, and r1c1 loses its other candidates 2, 3, 4, 5, "
        "6, 7, 8 and 9.")


def test_no_discontinuous_loop_when_column_7_has_a_third_place() -> None:
    g = loop_back()
    g.marks[rc(5, 7)].add(1)  # column 7's third place for 1
    assert find(g.puzzle(), "discontinuous-nice-loop") == []


def test_a_shorter_aic_to_the_same_conclusion_is_taken_instead_of_the_loop() -> None:
    # if r1c1 is not 1 it is 2, so r1c5 is 3, r3c4 is 1, r3c2 is not 1, and box 1's 1
    # must be r1c1: a loop that takes r1c1's 2. The AIC "2 in r1c5 or 1 in r1c1" (r1c5
    # =2|3= -3- r3c4 =3|1= -1- r3c2 =1= r1c1) takes the same 2 in fewer links, and HoDoKu
    # keeps the shorter chain of the two
    g = (Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(3, 4), "13")
         .only(1, box(1), [rc(1, 1), rc(3, 2)]))
    assert find(g.puzzle(), "discontinuous-nice-loop") == []
    assert ((rc(1, 1), 2),) in [s.eliminations for s in find(g.puzzle(), "aic")]


AIC = (Grid().only(5, row(1), [rc(1, 1), rc(1, 7)]).only(6, col(7), [rc(1, 7), rc(8, 7)])
       .only(7, row(8), [rc(8, 7), rc(8, 1)]).set(rc(8, 1), "67"))


def test_aic_with_ends_on_different_digits() -> None:
    # 5 in r1c1, or else r1c7 is 5, not 6, so r8c7 is 6, not 7, so r8c1 is 7: r1c1 is 5 or
    # r8c1 is 7, and r1c1 (seeing r8c1 in column 1) cannot be 7
    assert conclusions(AIC, "aic") == {(frozenset({(rc(1, 1), 7)}), ())}
    assert find(AIC.puzzle(), "aic")[0].explanation == (
        "The chain (5)r1c1=(5)r1c7-(6)r1c7=(6)r8c7-(6)r8c1=(7)r8c1 proves that 5 in r1c1 or 7 in "
        "r8c1 is true (if the first is false, the last is true): 7 from r1c1 sees both, so goes.")


def test_no_aic_when_column_7_has_a_third_6() -> None:
    g = (Grid().only(5, row(1), [rc(1, 1), rc(1, 7)])
         .only(6, col(7), [rc(1, 7), rc(8, 7), rc(5, 7)])
         .only(7, row(8), [rc(8, 7), rc(8, 1)]).set(rc(8, 1), "67"))
    assert find(g.puzzle(), "aic") == []


def test_forcing_chain_contradiction() -> None:
    # r1c1 = 1 would make r1c5 3, so r2c5 4, so r2c2 1: a second 1 in box 1
    g = Grid().set(rc(2, 2), "14").set(rc(2, 5), "34").set(rc(1, 5), "13")
    steps = {s.eliminations: s for s in find(g.puzzle(), "forcing-chain-contradiction")}
    assert ((rc(1, 1), 1),) in steps
    assert steps[((rc(1, 1), 1),)].explanation == (
        "If r1c1 were 1: (1)r1c1-(1)r1c5=(3)r1c5-(3)r2c5=(4)r2c5-(4)r2c2=(1)r2c2-(1)r1c1, "
        "against the assumption. So r1c1 is not 1.")


def test_no_forcing_chain_contradiction_when_r2c5_has_a_third_digit() -> None:
    g = Grid().set(rc(2, 2), "14").set(rc(2, 5), "345").set(rc(1, 5), "13")
    assert find(g.puzzle(), "forcing-chain-contradiction") == []


def test_forcing_chain_verity_from_a_cell() -> None:
    # whichever of 1 and 2 r5c5 holds, r1c1 ends up seeing a 3 (through r5c1 or r1c5)
    g = Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "23")
    steps = [s for s in find(g.puzzle(), "forcing-chain-verity") if "digits of r5c5" in s.explanation]
    assert [s.eliminations for s in steps] == [((rc(1, 1), 3),)]
    assert steps[0].explanation == (
        "One of the digits of r5c5 (1/2) is true, and each leads to r1c1<>3: "
        "(1)r5c5-(1)r5c1=(3)r5c1-(3)r1c1; (2)r5c5-(2)r1c5=(3)r1c5-(3)r1c1. So r1c1<>3.")


def test_no_forcing_chain_verity_when_a_pincer_differs() -> None:
    g = Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "24")
    assert find(g.puzzle(), "forcing-chain-verity") == []


def test_forcing_nets_agree_with_the_solution_and_say_where_they_break() -> None:
    puzzle = from_line(HARD_9X9["Inkala 2012"])
    steps = find(puzzle, "forcing-net-contradiction")
    truth = solve(puzzle)
    assert steps
    for step in steps[:3]:
        ((c, d),) = step.eliminations
        assert truth.cells[c].digit != d
        assert step.explanation.endswith(f"So {step.explanation.split()[1]} is not {d}.")
        assert "would have no" in step.explanation
    assert find(Grid().puzzle(), "forcing-net-contradiction") == []


def test_the_hardest_puzzles_go_as_far_as_the_engine_can_then_stop_plainly() -> None:
    puzzle = from_line(HARD_9X9["AI Escargot"])
    taken = list(steps(puzzle))
    assert "forcing-net-contradiction" in {s.technique for s in taken}
    for step in taken:
        puzzle = apply(puzzle, step)
    assert hint(puzzle).text == STUCK
