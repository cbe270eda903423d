"""The variant techniques (issue #40, item 2): each fires on a grid made for it, with its
words, and stays quiet on a close grid where its argument proves nothing; on the real
variant puzzles of the corpus (tests/data/variants, with their published solutions) no step
of theirs ever removes a solution's digit or places a wrong one; and a killer's hint,
solution path and grade use them.

The grids here are empty 9x9 grids with one or two constraints (and a given or pencil
marks where the argument needs them): row-major cells, r1c1 = 0, r1c9 = 8, r2c1 = 9.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from pycore.formats import json as json_form
from pycore.model import EMPTY, Cell, Puzzle, candidates, given
from pycore.solve.advice import hint, solution_path
from pycore.solve.techniques import TECHNIQUES, State, Step, find, grade
from pycore.solve.techniques.catalogue import BY_NAME, VARIANT, chosen, fits
from pycore.solve.techniques.stepping import first, searches_of
from pycore.solve.techniques.variants import cells_words, combinations, digits_words
from pycore.variants import (
    Arrow,
    Cage,
    Clue,
    Constraint,
    Dot,
    Line,
    Mark,
    Rule,
    little_killer_cells,
)

VARIANT_NAMES = [t.name for t in TECHNIQUES if t.shapes == VARIANT]
CORPUS = Path(__file__).parent.parent / "data" / "variants" / "puzzles.json"
RECORDS: list[dict[str, Any]] = [r for r in json.loads(CORPUS.read_text("utf-8"))
                                 if "other" not in r["kinds"]]


def grid(*rules: Constraint, cells: dict[int, Cell] | None = None) -> Puzzle:
    base = [EMPTY] * 81
    for i, cell in (cells or {}).items():
        base[i] = cell
    return Puzzle("sudoku", 9, tuple(base), None, None, "", "", "", None, rules)


def only(puzzle: Puzzle, name: str) -> Step:
    found = find(puzzle, name)
    assert found, f"{name} found nothing"
    return found[0]


def removed(step: Step, cell: int) -> set[int]:
    return {d for c, d in step.eliminations if c == cell}


# -- words --------------------------------------------------------------------------------

def test_cells_and_digits_are_written_as_players_write_them() -> None:
    assert cells_words([0, 1], 9) == "r1c1-r1c2"
    assert cells_words([6, 15, 24], 9) == "r1c7-r3c7"
    assert cells_words([24, 25, 33], 9) == "r3c7-r3c8, r4c7"
    assert digits_words([1, 2, 3, 4, 7, 9]) == "1-4, 7, 9"
    assert digits_words([1, 2]) == "1, 2"


def test_the_combinations_of_a_sum_are_the_sets_of_distinct_digits_that_make_it() -> None:
    assert combinations(2, 17, 9) == (0b110000000,)  # 8+9
    assert len(combinations(3, 15, 9)) == 8
    assert combinations(2, 19, 9) == ()


# -- cage combinations ------------------------------------------------------------------

def test_a_17_cage_in_two_cells_can_only_be_8_and_9() -> None:
    step = only(grid(Cage([0, 1], 17)), "cage-combination")
    assert step.explanation.startswith(
        "The 17 cage in r1c1-r1c2 can only be 8+9: remove 1-7 from r1c1-r1c2; every "
        "combination holds 8, 9, so they leave the cells that see all their places in the "
        "cage: remove 8, 9 from r1c3-r1c9, r2c1-r2c3, r3c1-r3c3.")
    assert removed(step, 0) == removed(step, 1) == set(range(1, 8))
    assert removed(step, 8) == {8, 9} and removed(step, 10) == {8, 9} and removed(step, 12) == set()
    assert step.cells == (0, 1) and step.digits == (8, 9)  # the cage drawn, its two digits


def test_a_cage_with_a_given_keeps_the_combinations_that_hold_it() -> None:
    step = only(grid(Cage([0, 1, 2], 10), cells={0: given(3)}), "cage-combination")
    # 3 placed: 1+3+6, 2+3+5 (1+2+7 and 1+4+5 hold no 3)
    assert step.explanation.startswith("The 10 cage in r1c1-r1c3 can only be 1+3+6 or 2+3+5 "
                                       "(with 3 placed in it): remove 4, 7-9 from r1c2-r1c3")
    assert removed(step, 1) == {3, 4, 7, 8, 9} - {3}


def test_a_cage_whose_combinations_cover_every_digit_proves_nothing() -> None:
    assert find(grid(Cage([0, 1, 2], 15)), "cage-combination") == []
    assert find(grid(Cage([0, 1], None)), "cage-combination") == []  # no sum, no combinations


# -- the rule of 45 ---------------------------------------------------------------------

def test_one_innie_of_a_row_is_placed() -> None:
    puzzle = grid(Cage([0, 1], 3), Cage([2, 3, 4], 15), Cage([5, 6, 7], 24))
    step = next(s for s in find(puzzle, "rule-of-45") if s.placements)
    assert step.placements == ((8, 3),)
    assert step.explanation == (
        "Row 1 sums to 45; the cages wholly inside it (r1c1-r1c2 = 3; r1c3-r1c5 = 15; "
        "r1c6-r1c8 = 24) sum to 42, so r1c9, the one cell left, is 3.")
    assert set(step.cells) == set(range(9))


def test_two_innies_keep_the_digits_that_make_their_sum() -> None:
    puzzle = grid(Cage([0, 1], 3), Cage([2, 3, 4], 15), Cage([5, 6], 17))
    step = find(puzzle, "rule-of-45")[0]
    assert step.eliminations == ((7, 5), (8, 5))  # 10 in two cells of a row: not 5+5
    assert step.explanation.endswith(
        "so the cells left (r1c8-r1c9) sum to 10: remove 5 from r1c8-r1c9.")


def test_one_outie_of_a_box_is_placed() -> None:
    puzzle = grid(Cage([0, 1, 2], 6), Cage([9, 10, 11], 24), Cage([18, 19, 20, 21], 20))
    step = next(s for s in find(puzzle, "rule-of-45") if s.placements)
    assert step.placements == ((21, 5),)
    assert step.explanation == (
        "Box 1 sums to 45; the cages covering it (r1c1-r1c3 = 6; r2c1-r2c3 = 24; "
        "r3c1-r3c4 = 20) sum to 50, so r3c4, the one cell sticking out, is 5.")


def test_a_house_filled_by_its_cages_leaves_nothing_to_add() -> None:
    puzzle = grid(Cage([0, 1], 3), Cage([2, 3, 4], 15), Cage([5, 6, 7, 8], 27))
    assert find(puzzle, "rule-of-45") == []


# -- thermometers, arrows ---------------------------------------------------------------

def test_a_thermometer_bounds_each_cell_by_its_place() -> None:
    step = only(grid(Line("thermo", [0, 1, 2])), "thermo-bounds")
    assert step.explanation == (
        "On the thermometer from r1c1 each cell is above the one before it: r1c1 is 1..7, "
        "r1c2 is 2..8, r1c3 is 3..9, so remove 8, 9 from r1c1; 1, 9 from r1c2; 1, 2 from r1c3.")


def test_a_thermometer_whose_marks_already_rise_proves_nothing() -> None:
    marks = {0: candidates([1, 2]), 1: candidates([3, 4]), 2: candidates([5, 9])}
    assert find(grid(Line("thermo", [0, 1, 2]), cells=marks), "thermo-bounds") == []


def test_an_arrows_circle_lies_between_the_least_and_most_its_shaft_makes() -> None:
    step = only(grid(Arrow([0], [[0, 1, 2]])), "arrow-bounds")
    assert removed(step, 0) == {1} and removed(step, 1) == removed(step, 2) == {9}
    assert step.explanation.startswith(
        "The circle r1c1 holds the sum along its arrow (r1c2-r1c3): that sum is at least 2 "
        "and at most 18, which bounds the circle, and each arrow cell is at most the circle "
        "less the least the other arrow cells make: remove 1 from r1c1; 9 from r1c2-r1c3.")


def test_a_pills_first_digit_is_bounded_by_the_longest_sum_its_arrow_can_make() -> None:
    # a two-cell pill on a two-cell arrow: at most 9+8 = 17, so its tens digit is 1
    step = only(grid(Arrow([0, 1], [[1, 2, 3]])), "arrow-bounds")
    assert removed(step, 0) == set(range(2, 10))
    assert step.explanation.startswith("The pill r1c1-r1c2, read as a number, is the sum "
                                       "along its arrow (r1c3-r1c4)")


def test_an_arrow_whose_marks_fit_every_sum_proves_nothing() -> None:
    marks = {0: candidates([3, 4]), 1: candidates([1, 2]), 2: candidates([1, 2])}
    assert find(grid(Arrow([0], [[0, 1, 2]]), cells=marks), "arrow-bounds") == []


# -- dots, whispers, renban, the negative rules -----------------------------------------

def test_a_black_dot_cannot_hold_5_7_or_9() -> None:
    step = only(grid(Dot("black", [0, 1])), "dot-pair")
    assert step.explanation == (
        "The black dot between r1c1 and r1c2 says one is 2 times the other: remove 5, 7, 9 "
        "from r1c1-r1c2 (no partner for them in the other cell).")


def test_an_x_pair_cannot_hold_5_and_a_v_pair_holds_1_to_4() -> None:
    assert {d for _, d in only(grid(Dot("x", [0, 9])), "dot-pair").eliminations} == {5}
    assert removed(only(grid(Dot("v", [0, 9])), "dot-pair"), 0) == {5, 6, 7, 8, 9}


def test_a_white_dot_on_open_cells_proves_nothing() -> None:
    assert find(grid(Dot("white", [0, 1])), "dot-pair") == []


def test_a_chain_of_two_black_dots_in_a_row_is_1_2_4_or_2_4_8() -> None:
    step = only(grid(Dot("black", [0, 1]), Dot("black", [1, 2])), "dot-chain")
    assert step.explanation == (
        "Taken together, the dots joining r1c1-r1c3 (black dot r1c1-r1c2, black dot "
        "r1c2-r1c3) can only hold 1,2,4; 2,4,8; 4,2,1 or 8,4,2 (in that order), with "
        "different digits where the cells see each other: remove 3, 5-7, 9 from r1c1, r1c3; "
        "1, 3, 5-9 from r1c2.")
    assert step.cells == (0, 1, 2)


def test_two_white_dots_whose_ends_do_not_see_each_other_add_nothing_to_each_dot() -> None:
    # r1c3 and r2c4 lie in different boxes, rows and columns: 2-1-2 fits
    assert find(grid(Dot("white", [2, 3]), Dot("white", [3, 12])), "dot-chain") == []
    assert find(grid(Dot("white", [0, 1]), Dot("white", [1, 2])), "dot-chain") != []


def test_a_german_whisper_holds_no_5() -> None:
    step = only(grid(Line("whispers", [0, 1, 2], 5)), "whisper-line")
    assert step.explanation == ("Neighbours along the whisper line from r1c1 differ by at "
                                "least 5: remove 5 from r1c1-r1c3 (no digit is 5 or more "
                                "away from 5).")


def test_a_dutch_whisper_on_open_cells_proves_nothing() -> None:
    assert find(grid(Line("whispers", [0, 1, 2], 4)), "whisper-line") == []


def test_a_renban_with_a_9_holds_7_8_9() -> None:
    step = only(grid(Line("renban", [0, 1, 2]), cells={0: given(9)}), "renban-window")
    assert removed(step, 1) == removed(step, 2) == set(range(1, 7))
    assert removed(step, 3) == {7, 8}  # the row sees both places of 7 and 8 on the line
    assert step.explanation.startswith(
        "The renban line from r1c1 holds 3 consecutive digits in any order; the runs that "
        "fit are 7-9: remove 1-6 from r1c2-r1c3; every run holds 7, 8, so they leave")


def test_a_short_renban_on_open_cells_proves_nothing() -> None:
    assert find(grid(Line("renban", [0, 1])), "renban-window") == []


def test_the_negative_xv_rule_keeps_unmarked_neighbours_off_5_and_10() -> None:
    step = only(grid(Rule("negative-xv"), cells={0: given(3)}), "negative-rule")
    assert step.explanation == ("No X or V lies between r1c1 and r1c2, so they sum to "
                                "neither 5 nor 10; r1c1 is 3, so remove 2, 7 from r1c2.")


def test_neighbours_joined_by_an_x_and_a_v_are_not_under_the_negative_rule() -> None:
    puzzle = grid(Rule("negative-xv"), Dot("x", [0, 1]), Dot("v", [0, 9]),
                  cells={0: given(3)})
    assert find(puzzle, "negative-rule") == []


def test_the_non_consecutive_rule_takes_a_givens_neighbours_off_its_neighbours() -> None:
    step = only(grid(Rule("non-consecutive"), cells={40: given(5)}), "negative-rule")
    assert {d for _, d in step.eliminations} == {4, 6}


# -- cell marks, little killers, palindromes, between lines --------------------------------

def test_an_odd_cell_holds_an_odd_digit() -> None:
    step = only(grid(Mark("odd", 0)), "cell-mark")
    assert step.explanation == "The odd cell r1c1 holds an odd digit: remove 2, 4, 6, 8 from r1c1."


def test_a_maximum_cell_is_above_its_neighbours() -> None:
    step = only(grid(Mark("max", 10), cells={1: given(7)}), "cell-mark")
    assert step.explanation == (
        "The maximum cell r2c2 is above each of its neighbours r1c2, r2c1, r2c3, r3c2: "
        "remove 9 from r2c1, r2c3, r3c2; 1-6 from r2c2.")


def test_two_neighbouring_minimum_cells_are_not_held_against_each_other() -> None:
    marks = {0: candidates([1, 2]), 1: candidates([1, 2]), 2: candidates([3, 4]),
             9: candidates([3, 4]), 10: candidates([3, 4])}
    assert find(grid(Mark("min", 0), Mark("min", 1), cells=marks), "cell-mark") == []


def test_a_little_killer_of_6_on_three_cells_of_a_box_is_1_2_3() -> None:
    step = only(grid(Clue("little-killer", -1, 3, 6, "DL")), "little-killer-sum")
    assert step.explanation == (
        "The little killer 6 at r0c4 sums its diagonal (r1c3, r2c2, r3c1), with different "
        "digits only where cells see each other: remove 4-9 from r1c3, r2c2, r3c1.")


def test_a_little_killer_that_every_filling_can_make_proves_nothing() -> None:
    assert find(grid(Clue("little-killer", -1, 8, 40, "DL")), "little-killer-sum") == []


def test_palindrome_cells_facing_each_other_share_their_digit() -> None:
    step = only(grid(Line("palindrome", [0, 1, 2]), cells={0: given(7)}), "palindrome-mirror")
    assert step.eliminations == tuple((2, d) for d in range(1, 10) if d != 7)
    assert "(r1c1 and r1c3)" in step.explanation


def test_a_between_line_with_an_end_of_3_keeps_its_inside_off_the_extremes() -> None:
    step = only(grid(Line("between", [0, 1, 2]), cells={0: given(3)}), "between-bounds")
    assert removed(step, 1) == {1, 9}
    marks = {0: candidates([1, 2]), 1: candidates([3, 4]), 2: candidates([8, 9])}
    assert find(grid(Line("between", [0, 1, 2]), cells=marks), "between-bounds") == []


# -- where they are tried -----------------------------------------------------------------

def test_each_is_tried_only_on_a_puzzle_with_its_rules() -> None:
    classic = grid()
    killer = grid(Cage([0, 1], 17))
    assert not any(fits(BY_NAME[name], classic) for name in VARIANT_NAMES)
    assert [t.name for t in chosen(killer, None, False) if t.shapes == VARIANT] == \
        ["cage-combination", "rule-of-45"]


def test_they_score_below_fish_and_the_rule_of_45_above_a_cages_combinations() -> None:
    for name in VARIANT_NAMES:
        assert BY_NAME[name].score < BY_NAME["x-wing"].score
        assert BY_NAME[name].level in ("easy", "medium")
    assert BY_NAME["cage-combination"].score < BY_NAME["rule-of-45"].score


# -- real puzzles: sound, and in the hint, the path and the grade --------------------------

def _record(name: str) -> dict[str, Any]:
    return next(r for r in RECORDS if r["name"] == name)


def _uses_mine(record: dict[str, Any]) -> bool:
    puzzle = json_form.from_json(record["json"])
    return any(fits(BY_NAME[name], puzzle) for name in VARIANT_NAMES)


def _names(steps: Iterable[Step]) -> set[str]:
    return {s.technique for s in steps}


def test_no_step_contradicts_a_real_puzzles_solution() -> None:
    """On each real puzzle with their rules, along a solution path by the techniques up to
    fish (at most 150 steps), every step each variant technique finds at every state keeps
    the published solution; and each of them finds steps on some puzzle."""
    fired: set[str] = set()
    for record in RECORDS:
        puzzle = json_form.from_json(record["json"])
        solution = [int(ch, 36) for ch in record["solution"]]
        mine = [t for t in TECHNIQUES if t.shapes == VARIANT and fits(t, puzzle)]
        if not mine:
            continue
        searches = searches_of([t for t in chosen(puzzle, None, False) if t.score <= 200])
        state = State(puzzle)
        for _ in range(150):
            for technique in mine:
                for step in technique.finder(state):
                    fired.add(step.technique)
                    why = f"{record['name']}: {step.explanation}"
                    assert all(solution[c] != d for c, d in step.eliminations), why
                    assert all(solution[c] == d for c, d in step.placements), why
            taken = first(state, searches)
            if taken is None or state.solved():
                break
            state.apply(taken)
            assert not state.broken(), record["name"]
    assert fired == set(VARIANT_NAMES)


def test_a_real_killers_hint_names_a_cage_by_its_sum_and_cells() -> None:
    told = hint(json_form.from_json(_record("Killer")["json"]))
    assert told.step is not None and told.step.technique == "cage-combination"
    assert told.text.startswith("cage-combination: The 3 cage in r1c1-r1c2 can only be 1+2: "
                                "remove 3-9 from r1c1-r1c2")


def test_a_real_killers_path_and_grade_use_the_killer_techniques() -> None:
    puzzle = json_form.from_json(_record("Killer sudoku [gaps]")["json"])
    summary, graded = solution_path(puzzle)
    assert graded is not None and graded.solved
    assert _names(graded.path) & {"cage-combination", "rule-of-45"}
    assert graded.level in ("easy", "medium", "hard", "unfair")
    assert summary.text.startswith(graded.level)
    assert grade(puzzle).level == graded.level


def test_a_cell_sticking_out_of_a_row_is_tied_to_the_cell_left_in_it() -> None:
    # row 1: whole cages 3, 15, 17 and the 12 cage r1c8-r2c8 over it, r1c9 uncovered
    puzzle = grid(Cage([0, 1], 3), Cage([2, 3, 4], 15), Cage([5, 6], 17), Cage([7, 16], 12))
    step = next(s for s in find(puzzle, "rule-of-45") if "sticks out" in s.explanation)
    assert step.explanation == (
        "Row 1 sums to 45; the cages that cover all of it but r1c9 (r1c1-r1c2 = 3; "
        "r1c3-r1c5 = 15; r1c6-r1c7 = 17; r1c8-r2c8 = 12) sum to 47, so what sticks out "
        "(r2c8) sums to 2 more than what is left inside (r1c9): remove 8, 9 from r1c9; "
        "1, 2 from r2c8.")


def test_two_boxes_side_by_side_sum_to_90() -> None:
    # boxes 1 and 2 (rows 1-3, columns 1-6) filled by cages but for r3c6, two of the
    # cages crossing from one box into the other: neither box alone places it
    cages = (Cage([0, 1], 3), Cage([2, 3], 17), Cage([4, 5], 11), Cage([9, 10, 11, 12], 20),
             Cage([13, 14], 9), Cage([18, 19, 20], 15), Cage([21, 22], 7))
    placed = [s for s in find(grid(*cages), "rule-of-45") if s.placements]
    assert [(s.placements, s.explanation.split(";")[0]) for s in placed] == [
        (((23, 8),), "Boxes 1 and 2 sum to 90")]


# -- random puzzles: constraints read off a random solution --------------------------------

def _solution(rng: random.Random) -> list[int]:
    """A random full 9x9 sudoku: the shifted pattern, its digits, bands, stacks, rows in a
    band and columns in a stack shuffled."""
    digits = rng.sample(range(1, 10), 9)
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [b * 3 + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    return [digits[(rows[r] * 3 + rows[r] // 3 + cols[c]) % 9] for r in range(9) for c in range(9)]


def _neighbours(i: int, king: bool = False) -> list[int]:
    r, c = divmod(i, 9)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] * king)
    return [(r + dr) * 9 + c + dc for dr, dc in steps if 0 <= r + dr < 9 and 0 <= c + dc < 9]


def _walk(rng: random.Random, start: int, length: int, ok: Any) -> list[int]:
    """A random king's-move path from `start`, each next cell one that `ok(path, cell)`."""
    path = [start]
    while len(path) < length:
        nexts = [j for j in _neighbours(path[-1], True) if j not in path and ok(path, j)]
        if not nexts:
            break
        path.append(rng.choice(nexts))
    return path


def _rules(rng: random.Random, sol: list[int]) -> list[Constraint]:
    out: list[Constraint] = []
    free = set(range(81))
    for _ in range(14):  # killer cages, some of them with givens' help later
        start = rng.choice(sorted(free))
        cage = [start]
        for _ in range(rng.randint(1, 4)):
            nexts = [j for c in cage for j in _neighbours(c) if j in free and j not in cage
                     and sol[j] not in {sol[k] for k in cage}]
            if nexts:
                cage.append(rng.choice(nexts))
        free -= set(cage)
        out.append(Cage(cage, sum(sol[c] for c in cage)))
    for _ in range(3):
        out.append(Line("thermo", _walk(rng, rng.randrange(81), rng.randint(2, 5),
                                        lambda p, j: sol[j] > sol[p[-1]])))
        out.append(Line("whispers", _walk(rng, rng.randrange(81), rng.randint(2, 5),
                                          lambda p, j: abs(sol[j] - sol[p[-1]]) >= 5), 5))
        renban = _walk(rng, rng.randrange(81), rng.randint(2, 5),
                       lambda p, j: max(sol[k] for k in [*p, j]) - min(sol[k] for k in [*p, j])
                       < len(p) + 1 and sol[j] not in {sol[k] for k in p})
        out.append(Line("renban", renban))
        circle = rng.randrange(81)
        shaft = _walk(rng, circle, 4,
                      lambda p, j: sum(sol[k] for k in p[1:]) + sol[j] <= sol[p[0]])
        if len(shaft) > 1 and sum(sol[k] for k in shaft[1:]) == sol[circle]:
            out.append(Arrow([circle], [shaft]))
    for a in range(81):
        for b in _neighbours(a):
            if b < a:
                continue
            x, y = sol[a], sol[b]
            if x + y == 10:
                out.append(Dot("x", [a, b]))
            elif x + y == 5:
                out.append(Dot("v", [a, b]))
            if x == 2 * y or y == 2 * x:
                out.append(Dot("black", [a, b]))
            elif abs(x - y) == 1 and rng.random() < 0.3:
                out.append(Dot("white", [a, b]))
    out += [Rule("negative-xv"), Rule("negative-black")]
    for i in rng.sample(range(81), 4):
        out.append(Mark("odd" if sol[i] % 2 else "even", i))
    lows = [i for i in range(81) if all(sol[i] < sol[j] for j in _neighbours(i))]
    highs = [i for i in range(81) if all(sol[i] > sol[j] for j in _neighbours(i))]
    out += [Mark("min", i) for i in lows[:2]] + [Mark("max", i) for i in highs[:2]]
    for col in rng.sample(range(1, 9), 2):
        direction = rng.choice(["DL", "DR"])
        out.append(Clue("little-killer", -1, col, sum(
            sol[i] for i in little_killer_cells(9, 9, -1, col, direction)), direction))
    for _ in range(300):  # a palindrome a-b-c (a and c alike, apart) and a between line
        a = rng.randrange(81)
        b = rng.choice(_neighbours(a, True))
        c = rng.choice([j for j in _neighbours(b, True) if j != a])
        apart = a // 9 != c // 9 and a % 9 != c % 9 and (a // 27, a % 9 // 3) != (c // 27, c % 9 // 3)
        if sol[a] == sol[c] and apart:
            out.append(Line("palindrome", [a, b, c]))
            break
    for _ in range(300):
        path = _walk(rng, rng.randrange(81), rng.randint(3, 4), lambda p, j: True)
        ends = sorted((sol[path[0]], sol[path[-1]]))
        if len(path) >= 3 and all(ends[0] < sol[i] < ends[1] for i in path[1:-1]):
            out.append(Line("between", path))
            break
    unique: dict[tuple[object, ...], Constraint] = {}
    for item in out:
        if not (isinstance(item, Line) and len(item.cells) < 2):
            unique.setdefault(item.order(), item)
    return list(unique.values())


@pytest.mark.parametrize("seed", range(4))
def test_no_step_contradicts_a_random_solution_its_rules_were_read_from(seed: int) -> None:
    """Rules read off a random full grid (cages, thermometers, whispers, renban, arrows,
    every X, V and black dot with the negative rules, some white dots, odd, even, minimum
    and maximum cells, little killers, a palindrome, a between line) and 18 of its
    digits as givens: every step each variant technique finds along a path keeps that
    grid's digits, whether or not it is the only solution (a step is proved from the
    rules, so every solution keeps it)."""
    rng = random.Random(seed)
    sol = _solution(rng)
    cells = {i: given(sol[i]) for i in rng.sample(range(81), 18)}
    puzzle = grid(*_rules(rng, sol), cells=cells)
    assert not puzzle.broken()
    mine = [t for t in TECHNIQUES if t.shapes == VARIANT and fits(t, puzzle)]
    assert len(mine) == len(VARIANT_NAMES)
    fired: set[str] = set()
    searches = searches_of([t for t in chosen(puzzle, None, False) if t.score <= 150])
    state = State(puzzle)
    for k in range(200):
        for technique in mine if k % 2 == 0 else ():  # every other state: a few seconds
            for step in technique.finder(state):
                fired.add(step.technique)
                assert all(sol[c] != d for c, d in step.eliminations), step.explanation
                assert all(sol[c] == d for c, d in step.placements), step.explanation
        taken = first(state, searches)
        if taken is None or state.solved():
            break
        state.apply(taken)
    assert len(fired) >= 6
