"""Hints stay true on variant sudokus (issue #39, item 4): the extra houses (jigsaw regions,
diagonals, extra regions, disjoint groups) take part in the house techniques and are named
for a reader, the extra peers (a knight's move, a killer cage) count as seeing, no
uniqueness technique fires where a constraint breaks the digit swap it rests on, and every
step along a full solution path agrees with the puzzle's one solution.

The puzzles: the anti-knight one is a real puzzle with its published solution (the
SudokuGraphicCreator project's test `SolveAntiknightTests`, github.com/KlimesovaLucie/
SudokuGraphicCreator); the easy X-sudoku is the example of a 0BSD-licensed solver's
diagonal rule (`add_different` on both diagonals). The others were made for this test
with the model: a random solution of the shape, then givens taken away while exactly one
solution is left (seed 39), so that the paths reach chains, ALS and forcing steps on
every kind of extra house. Each solution is checked to be the one solution by a small
search over the geometry's peers (every rule here only keeps digits apart).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pycore.formats import json as json_form
from pycore.model import EMPTY, Puzzle, candidates, given, unpack, value
from pycore.solve.advice import hint, solution_path
from pycore.solve.techniques import TECHNIQUES, UNIQUENESS, State, apply, find, grade, next_step
from pycore.solve.techniques.catalogue import BY_NAME, chosen
from pycore.solve.techniques.state import house_tables, variant_house_names
from pycore.variants import Cage, Constraint, ExtraRegion, Line, Other, Rule

X = (Rule("diagonal+"), Rule("diagonal-"))
WINDOKU = tuple(ExtraRegion([(top + r) * 9 + left + c for r in range(3) for c in range(3)])
                for top in (1, 5) for left in (1, 5))
JIGSAW_9 = "001111222000111122300412222300444455333344555336445588636777558666777888666777888"
JIGSAW_6 = "200111220111200333203355243455444455"
JIGSAW_7 = "1100000111200211222223333344553344455555446666666"

# name: (givens, size, jigsaw regions or "", constraints, the one solution)
PUZZLES: dict[str, tuple[str, int, str, tuple[Constraint, ...], str]] = {
    "anti-knight": (
        "090000080108000305070000090000080000000906000000050000020000070407000906050000020",
        9, "", (Rule("anti-knight"),),
        "293645781148297365675813492369482517514976238782351649826539174437128956951764823"),
    "x-sudoku easy": (
        ".1.3.5.2.....1...5.4.827.1.49.7.8....8..32..7......384.3......6.5...3248.68...73.",
        9, "", X,
        "817365429326914875945827613493758162681432597572196384734281956159673248268549731"),
    "x-sudoku": (
        "...........45.39......49..8.........54.8..72....67...3.....5......9...6..........",
        9, "", X,
        "759218634814563972632749518176352489543891726928674153261435897485927361397186245"),
    "jigsaw 9x9": (
        "....4......1.9..3.............7..8..7.8..9..4..3..25.....1.5...................4.",
        9, JIGSAW_9, (),
        "375841629841697235659238417462753891728519364193462578934125786286974153517386942"),
    "jigsaw 6x6": ("3.6.2..............4...3....1.......", 6, JIGSAW_6, (),
                   "356421412635531246245163623514164352"),
    "jigsaw 7x7": ("....61...6..7........263.1....5..3..3....1.....5.", 7, JIGSAW_7, (),
                   "7245613156327434165272637145615473253724614721356"),
    "windoku": (
        "......6...8...........4...1.37....4.....2..8...2...9......67...4.......8....3....",
        9, "", WINDOKU,
        "921785634384196572765243891837951246196324785542678913213867459479512368658439127"),
    "disjoint groups": (
        ".8....7......563..9...7..656....8.5......9.1..............4......79.......4......",
        9, "", (Rule("disjoint-groups"),),
        "586394721721856394943172865612438957478569213359721486865243179137985642294617538"),
}


def puzzle_of(name: str) -> tuple[Puzzle, list[int]]:
    givens, size, regions, rules, solution = PUZZLES[name]
    cells = tuple(EMPTY if ch == "." or ch == "0" else given(int(ch)) for ch in givens)
    puzzle = Puzzle("sudoku", size, cells, None, None, "", "", "",
                    [int(k) for k in regions] if regions else None, rules)
    return puzzle, [int(ch) for ch in solution]


def solutions(puzzle: Puzzle, limit: int = 2) -> list[list[int]]:
    """Every completion (up to `limit`) in which no two peers share a digit: the whole of
    the rules of these puzzles (houses, diagonals, regions, knight's moves)."""
    peers = puzzle.geometry.peers
    digits = [c.digit for c in puzzle.cells]
    found: list[list[int]] = []

    def free(i: int) -> list[int]:
        taken = {digits[p] for p in peers[i]}
        return [d for d in range(1, puzzle.size + 1) if d not in taken]

    def search() -> None:
        empty = [i for i, d in enumerate(digits) if not d]
        if not empty:
            found.append(list(digits))
            return
        cell = min(empty, key=lambda i: len(free(i)))
        for d in free(cell):
            digits[cell] = d
            search()
            digits[cell] = 0
            if len(found) >= limit:
                return

    search()
    return found


def solved_grid(puzzle: Puzzle, solution: Sequence[int]) -> Puzzle:
    return puzzle.with_cells({i: given(d) for i, d in enumerate(solution)})


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_the_solution_is_the_one_solution(name: str) -> None:
    puzzle, solution = puzzle_of(name)
    assert solutions(puzzle) == [solution]


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_step_of_the_solution_path_agrees_with_the_solution(name: str) -> None:
    puzzle, solution = puzzle_of(name)
    graded = grade(puzzle, solution=solved_grid(puzzle, solution))
    assert graded.path
    for step in graded.path:
        for cell, digit in step.placements:
            assert solution[cell] == digit, step.explanation
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step.explanation
        assert step.technique not in UNIQUENESS


@pytest.mark.parametrize("name", ["anti-knight", "jigsaw 6x6", "jigsaw 7x7", "x-sudoku easy"])
def test_hint_by_hint_on_the_grid_the_player_sees(name: str) -> None:
    """The Hint button's way: one step on the puzzle as it stands (its pencil marks the
    eliminations so far), applied, and again, to the end."""
    puzzle, solution = puzzle_of(name)
    while not puzzle.is_solved:
        step = next_step(puzzle)
        assert step is not None
        assert all(solution[c] == d for c, d in step.placements), step.explanation
        assert all(solution[c] != d for c, d in step.eliminations), step.explanation
        puzzle = apply(puzzle, step)
    assert [c.digit for c in puzzle.cells] == solution


def test_no_unique_rectangle_on_the_anti_knight_puzzle() -> None:
    """Issue #39: Hint on this anti-knight puzzle played a unique rectangle whose
    elimination removes the solution's own digit. Read as a classic grid, the same
    candidates do show such a rectangle (knight's moves break the swap of its two digits);
    on the puzzle as it is, no uniqueness technique is even tried."""
    puzzle, solution = puzzle_of("anti-knight")
    graded = grade(puzzle, solution=solved_grid(puzzle, solution))
    state = State(puzzle)
    classic = house_tables(puzzle.bare)
    wrong = []
    for step in graded.path:
        misread = state.copy()
        misread.tables, misread.queues = classic, None
        for name in sorted(UNIQUENESS):
            for found in BY_NAME[name].finder(misread):
                if any(solution[c] == d for c, d in found.eliminations):
                    wrong.append(found)
        state.apply(step)
    assert any(s.technique.startswith("uniqueness") for s in wrong)  # the trap is real
    assert not {t.name for t in chosen(puzzle, None, unique=True)} & UNIQUENESS
    for name in UNIQUENESS:
        assert find(puzzle, name) == []
    marked = apply(puzzle, graded.path[0])
    assert all(find(marked, name) == [] for name in UNIQUENESS)


def test_the_extra_houses_are_named_for_a_reader() -> None:
    x_puzzle, _ = puzzle_of("x-sudoku")
    names = {name for name, _ in variant_house_names(x_puzzle).values()}
    assert {"the falling diagonal", "the rising diagonal", "row 1", "column 9", "box 5"} <= names
    jigsaw, _ = puzzle_of("jigsaw 9x9")
    tables = house_tables(jigsaw)
    assert "region 4" in tables.names and "box 4" not in tables.names
    windoku, _ = puzzle_of("windoku")
    assert "extra region 2" in house_tables(windoku).names
    disjoint, _ = puzzle_of("disjoint groups")
    assert "disjoint group 5" in house_tables(disjoint).names


def test_a_diagonal_or_extra_region_is_no_row_column_or_box() -> None:
    """The fish take their bases and covers from the rows and columns only."""
    for name in ("x-sudoku", "windoku", "disjoint groups"):
        tables = house_tables(puzzle_of(name)[0])
        assert len(tables.lines("row")) == len(tables.lines("column")) == 9
        assert len(tables.lines("box")) == 9
        for h, kind in enumerate(tables.house_kind):
            if kind in ("row", "column", "box"):
                assert tables.names[h].startswith(kind)
            else:
                assert kind in ("diagonal", "extra-region", "disjoint-group")


def test_a_hidden_single_on_a_diagonal_names_it() -> None:
    # the pencil marks leave 1 out of every cell of the falling diagonal but r9c9
    puzzle = Puzzle.blank().with_variants(None, X)
    puzzle = puzzle.with_cells({k * 10: candidates(range(2, 10)) for k in range(8)})
    steps = find(puzzle, "hidden-single")
    on_diagonal = [s for s in steps if s.placements == ((80, 1),)]
    assert on_diagonal
    assert "the falling diagonal" in on_diagonal[0].explanation


def test_locked_candidates_point_along_a_diagonal() -> None:
    """In box 1 the 5 can only go on the falling diagonal: it leaves the diagonal's
    other cells."""
    puzzle = Puzzle.blank().with_variants(None, X)
    no_five = {i: candidates([d for d in range(1, 10) if d != 5])
               for i in (1, 2, 9, 11, 18, 19)}
    puzzle = puzzle.with_cells(no_five)
    steps = find(puzzle, "locked-candidates-pointing")
    step = next(s for s in steps if "the falling diagonal" in s.explanation)
    assert step.eliminations == tuple((k * 10, 5) for k in range(3, 9))
    assert step.explanation.startswith("In box 1, 5 can only go in r1c1, r2c2, r3c3")


def test_a_knights_move_sees() -> None:
    puzzle, _ = puzzle_of("anti-knight")
    seen = house_tables(puzzle).seen
    assert 2 * 9 + 1 in seen[0] and 1 * 9 + 2 in seen[0]  # r3c2 and r2c3 from r1c1
    assert 3 * 9 + 6 in seen[5 * 9 + 5]  # r4c7 from r6c6, in no house with it
    assert 3 * 9 + 6 not in house_tables(puzzle.bare).seen[5 * 9 + 5]


def test_a_naked_pair_in_a_killer_cage_clears_what_sees_both() -> None:
    """r1c3 and r2c4 share no house but a cage: holding only 1 and 2 between them, they
    take both digits, and every cell seeing the two loses them."""
    cage = Cage([2, 3, 12])
    puzzle = Puzzle.blank().with_variants(None, (cage,))
    puzzle = puzzle.with_cells({2: candidates([1, 2]), 12: candidates([1, 2]),
                                3: candidates([1, 2, 3])})
    steps = [s for s in find(puzzle, "naked-pair") if set(s.cells) == {2, 12}]
    assert steps
    gone = set(steps[0].eliminations)
    assert {(3, 1), (3, 2), (11, 1), (11, 2)} <= gone  # r1c4 (the cage), r2c3 (row and box)
    assert all(cell in house_tables(puzzle).seen[2] and cell in house_tables(puzzle).seen[12]
               for cell, _ in gone)
    assert "the killer cage" in steps[0].explanation


def test_no_hint_for_rules_that_cannot_be_checked() -> None:
    puzzle, _ = puzzle_of("jigsaw 6x6")
    fog = puzzle.with_variants(puzzle.regions, (Other("fog", "{}"),))
    told = hint(fog)
    assert told.kind == "unchecked" and told.step is None
    assert "'fog'" in told.text and "cannot" in told.text
    assert solution_path(fog)[0].kind == "unchecked"


def test_candidates_of_a_variant_respect_its_peers() -> None:
    """The engine starts from digits no peer rules out: a given 5 leaves every knight's
    move away from it."""
    puzzle = Puzzle.blank().with_variants(None, (Rule("anti-knight"),))
    puzzle = puzzle.with_cells({40: given(5)})
    state = State(puzzle)
    for cell in (40 - 19, 40 - 17, 40 - 11, 40 - 7, 40 + 7, 40 + 11, 40 + 17, 40 + 19):
        assert 5 not in unpack(state.masks[cell])


def test_hint_names_a_jigsaw_region_and_trusts_the_players_right_digits() -> None:
    """A jigsaw's digits are judged by its regions, not by the boxes its size would have:
    a right digit of the player's is no mistake, and the hint's house is a region."""
    puzzle, solution = puzzle_of("jigsaw 9x9")
    told = hint(puzzle)
    assert told.kind == "step" and told.step is not None
    assert "region" in told.text and "box" not in told.text
    cell = next(i for i, c in enumerate(puzzle.cells) if c.kind == "empty")
    played = puzzle.with_cells({cell: value(solution[cell])})
    assert hint(played).kind == "step"


def test_rules_the_engine_does_not_reason_about_leave_its_hints_true() -> None:
    """A cage's sum or a thermometer is not reasoned about (only a cage's different
    digits are), and still no step contradicts the solution: the anti-knight puzzle with a
    thermometer and two cages its solution keeps has that one solution still."""
    puzzle, solution = puzzle_of("anti-knight")
    more = (Line("thermo", [0, 1]), Cage([40, 41, 50], 14), Cage([20, 21, 30], 17))
    puzzle = puzzle.with_variants(None, puzzle.constraints + more)
    assert not solved_grid(puzzle, solution).broken()
    graded = grade(puzzle, solution=solved_grid(puzzle, solution))
    for step in graded.path:
        assert all(solution[c] == d for c, d in step.placements), step.explanation
        assert all(solution[c] != d for c, d in step.eliminations), step.explanation
    assert hint(puzzle).kind == "step"


# -- the real variant corpus (tests/data/variants: each puzzle's published solution) --------

CORPUS = [record for record in json.loads(
    (Path(__file__).parent.parent / "data" / "variants" / "puzzles.json").read_text("utf-8"))
    if not json_form.from_json(record["json"]).unchecked]
UP_TO_HARD = [t.name for t in TECHNIQUES if t.level in ("easy", "medium", "hard")]


def _corpus_path(record: dict[str, Any], names: list[str]) -> None:
    puzzle = json_form.from_json(record["json"])
    assert not puzzle.unchecked
    solution = [int(ch, 36) for ch in record["solution"]]
    graded = grade(puzzle, names=names, solution=solved_grid(puzzle, solution))
    for step in graded.path:
        assert all(solution[c] == d for c, d in step.placements), step.explanation
        assert all(solution[c] != d for c, d in step.eliminations), step.explanation
        assert step.technique not in UNIQUENESS


def test_every_real_puzzle_of_checked_kinds_by_singles_and_intersections() -> None:
    """The corpus's puzzles of kinds we check (killer, thermo, arrow, dots, jigsaw ...):
    the simple techniques' path, guesses from the published solution where they stall."""
    assert len(CORPUS) >= 40
    for record in CORPUS:
        _corpus_path(record, [t.name for t in TECHNIQUES if t.level in ("easy", "medium")])


@pytest.mark.slow
@pytest.mark.parametrize("record", CORPUS, ids=[r["name"] for r in CORPUS])
def test_every_real_puzzle_of_checked_kinds_up_to_hard_techniques(record: dict[str, Any]) -> None:
    _corpus_path(record, UP_TO_HARD)
