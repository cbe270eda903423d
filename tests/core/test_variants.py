"""The variant constraints a puzzle holds (`pycore.variants`): each kind's invariants, the
houses and peers they add, one canonical order, and Check's verdict on placed digits."""

from __future__ import annotations

import pytest

from pycore import formats, variants
from pycore.errors import LossError, PuzzleError
from pycore.model import EMPTY, Puzzle, given, value
from pycore.variants import (
    KINDS,
    Arrow,
    Cage,
    Clone,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
    describe,
)

BLANK = Puzzle.blank()


def cell(name: str, cols: int = 9) -> int:
    """'r2c3' as a row-major index."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * cols + int(c) - 1


def cells(*names: str) -> tuple[int, ...]:
    return tuple(cell(n) for n in names)


def variant(*items: Constraint, digits: dict[str, int] | None = None) -> Puzzle:
    p = BLANK.with_variants(constraints=items)
    return p.with_cells({cell(k): value(d) for k, d in (digits or {}).items()})


def blamed(p: Puzzle) -> list[tuple[str, tuple[int, ...]]]:
    return [(c.kind, why) for c, why in p.broken()]


# --- the model holds them ---------------------------------------------------------------------


def test_a_classic_puzzle_has_neither_regions_nor_constraints() -> None:
    assert BLANK.regions is None and BLANK.constraints == () and not BLANK.is_variant
    assert BLANK.with_variants() == BLANK


def test_constraints_are_kept_in_one_canonical_order_so_equal_puzzles_are_equal() -> None:
    items = [Rule("anti-knight"), Dot("white", cells("r1c1", "r1c2")), Cage(cells("r9c9", "r9c8"), 3)]
    a = BLANK.with_variants(constraints=items)
    b = BLANK.with_variants(constraints=reversed(items))
    assert a == b and hash(a) == hash(b)
    assert [c.kind for c in a.constraints] == ["killer", "white", "anti-knight"]
    assert a.constraints[0] == Cage(cells("r9c8", "r9c9"), 3)  # a cage's cells are a set


def test_every_kind_has_a_place_in_the_order() -> None:
    assert len(set(KINDS)) == len(KINDS)
    assert KINDS[0] == "killer" and KINDS[-1] == "other"


def test_edits_keep_the_constraints() -> None:
    p = variant(Cage(cells("r1c1", "r1c2"), 3))
    assert p.with_cell(40, value(5)).constraints == p.constraints
    assert p.with_info(title="T").constraints == p.constraints
    assert p.unplayed.constraints == p.constraints


@pytest.mark.parametrize(("item", "why"), [
    (Cage(cells("r1c1", "r1c1")), "names a cell twice"),
    (Cage(range(10)), "1 to 9 cells"),
    (Cage((81,)), "not in the 9x9 grid"),
    (Cage(cells("r1c1", "r1c2"), 10**9), "a cage's sum must be"),
    (Line("thermo", cells("r1c1", "r1c3")), "jumps from r1c1 to r1c3"),
    (Line("renban", cells("r1c1", "r1c2", "r1c1")), "passes through a cell twice"),
    (Line("whispers", cells("r1c1", "r1c2")), "difference must be"),
    (Line("palindrome", cells("r1c1", "r1c2"), 3), "holds no number"),
    (Line("snake", cells("r1c1", "r1c2")), "unknown line kind"),
    (Arrow(cells("r1c1"), [cells("r2c2", "r3c3")]), "starts in its circle"),
    (Arrow(cells("r1c1"), []), "needs a path"),
    (Dot("white", cells("r1c1", "r2c2")), "orthogonal neighbours"),
    (Dot("x", cells("r1c1", "r1c2"), 9), "holds no other number"),
    (Clue("little-killer", 0, 0, 10, "DR"), "inside the grid"),
    (Clue("little-killer", -1, 8, 10, "UR"), "points away from the grid"),
    (Clue("sandwich", -1, -1, 10), "faces no row or column"),
    (Quadruple(cells("r1c1", "r1c2", "r2c1", "r3c3"), (1,)), "where four cells meet"),
    (Quadruple(cells("r1c1", "r1c2", "r2c1", "r2c2"), (1, 2, 3, 4, 5)), "1 to 4 digits"),
    (Clone(cells("r1c1"), cells("r1c2", "r1c3")), "same number of cells"),
    (Rule("anti-bishop"), "unknown rule"),
    (Other("", "{}"), "a name of 1 to 40 characters"),
])
def test_an_element_that_breaks_an_invariant_is_refused_plainly(item: Constraint, why: str) -> None:
    with pytest.raises(PuzzleError, match=why):
        BLANK.with_variants(constraints=[item])


def test_the_same_element_twice_and_two_marks_on_one_edge_are_refused() -> None:
    dot = Dot("white", cells("r1c1", "r1c2"))
    with pytest.raises(PuzzleError, match="the same white dot r1c1-r1c2 twice"):
        BLANK.with_variants(constraints=[dot, Dot("white", cells("r1c2", "r1c1"))])
    with pytest.raises(PuzzleError, match="two marks on one edge"):
        BLANK.with_variants(constraints=[dot, Dot("black", cells("r1c1", "r1c2"))])
    # a kropki dot and an X are different rules and may share an edge (4 and 6: X, not white)
    BLANK.with_variants(constraints=[dot, Dot("x", cells("r1c1", "r1c2"))])


def test_ten_thousand_dots_are_refused_without_a_hang() -> None:
    dots = [Dot("white", (i, i + 1)) for i in range(8)] * 1250
    with pytest.raises(PuzzleError, match="at most 4000 constraints"):
        BLANK.with_variants(constraints=dots)


def test_variants_belong_to_one_grid_sudokus() -> None:
    with pytest.raises(PuzzleError, match="one-grid sudoku"):
        Puzzle.blank("str8ts", 9).with_variants(constraints=[Rule("anti-king")])


# --- jigsaw regions -------------------------------------------------------------------------------


def rows_as_regions(n: int) -> list[int]:
    return [i // n for i in range(n * n)]


def test_a_seven_by_seven_jigsaw_has_its_regions_as_boxes() -> None:
    p = Puzzle("sudoku", 7, (EMPTY,) * 49, regions=[10 + i // 7 for i in range(49)])
    assert p.box is None and p.regions == tuple(rows_as_regions(7))  # numbered as first seen
    assert p.geometry.boxes[0] == tuple(range(7))
    assert len(p.geometry.houses) == 21 and p.size == 7


def test_regions_that_draw_the_standard_boxes_are_no_jigsaw() -> None:
    boxes = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]
    p = Puzzle("sudoku", 9, (EMPTY,) * 81, regions=boxes)
    assert p.regions is None and p.box == (3, 3) and p == BLANK


@pytest.mark.parametrize("regions", [
    [0] * 81, rows_as_regions(9)[:-1], [*rows_as_regions(9)[:-1], 9], ["a"] * 81,
])
def test_regions_that_do_not_cut_the_grid_into_equal_regions_are_refused(regions: list[object]) -> None:
    with pytest.raises(PuzzleError, match="region"):
        Puzzle("sudoku", 9, (EMPTY,) * 81, regions=regions)  # type: ignore[arg-type]


def test_a_digit_repeated_in_a_jigsaw_region_clashes() -> None:
    p = Puzzle("sudoku", 7, (EMPTY,) * 49, regions=rows_as_regions(7))
    p = p.with_cells({0: given(3), 6: value(3)})
    assert p.conflicts() == {0, 6}


# --- houses, groups and pairs --------------------------------------------------------------------


def test_diagonals_are_houses_and_cages_and_knights_are_peers() -> None:
    p = variant(Rule("diagonal-"), Rule("diagonal+"), Rule("anti-knight"),
                Cage(cells("r5c5", "r9c1"), 10))
    geo = p.geometry
    assert tuple(range(0, 81, 10)) in geo.houses and tuple(range(72, 0, -8)) in geo.houses
    assert cell("r9c1") in geo.peers[cell("r5c5")]  # the cage
    assert cell("r5c5") in geo.peers[cell("r4c3")]  # a knight's move
    assert cell("r9c9") in geo.peers[cell("r1c1")]  # the falling diagonal
    assert cell("r5c5") not in Puzzle.blank().geometry.peers[cell("r4c3")]


def test_a_digit_a_knights_move_away_clashes_and_leaves_the_open_masks() -> None:
    p = variant(Rule("anti-knight"), digits={"r1c3": 5})
    assert 5 not in p.open_digits(cell("r2c5"))
    assert 5 in p.open_digits(cell("r2c6"))
    q = p.with_cell(cell("r2c5"), value(5))
    assert q.conflicts() == {cell("r1c3"), cell("r2c5")}


def test_a_full_extra_region_is_a_house_a_smaller_one_a_group() -> None:
    window = cells("r2c2", "r2c3", "r2c4", "r3c2", "r3c3", "r3c4", "r4c2", "r4c3", "r4c4")
    p = variant(ExtraRegion(window), ExtraRegion(cells("r7c7", "r9c9")))
    assert window in p.geometry.houses
    assert cells("r7c7", "r9c9") in p.geometry.groups


def test_disjoint_groups_are_nine_houses_of_one_place_in_every_box() -> None:
    p = variant(Rule("disjoint-groups"))
    assert cells("r1c1", "r1c4", "r1c7", "r4c1", "r4c4", "r4c7", "r7c1", "r7c4", "r7c7") in p.geometry.houses
    assert len(p.geometry.houses) == 36


# --- Check: what placed digits break --------------------------------------------------------------


def test_a_cage_over_its_sum_or_repeating_a_digit_is_broken() -> None:
    cage = Cage(cells("r1c1", "r1c2", "r1c3"), 10)
    assert blamed(variant(cage, digits={"r1c1": 9, "r1c2": 2})) == [("killer", cage.cells)]
    assert blamed(variant(cage, digits={"r1c1": 1, "r1c2": 2})) == []  # 7 may still come
    assert blamed(variant(cage, digits={"r1c1": 1, "r1c2": 2, "r1c3": 6})) == [("killer", cage.cells)]
    assert blamed(variant(cage, digits={"r1c1": 1, "r1c2": 2, "r1c3": 7})) == []
    loose = Cage(cells("r5c5", "r9c9"))  # no sum: distinct digits only
    assert variant(loose, digits={"r5c5": 4, "r9c9": 4}).conflicts() == set(loose.cells)


def test_a_thermometer_out_of_order_is_broken_where_it_turns() -> None:
    thermo = Line("thermo", cells("r1c1", "r1c2", "r1c3", "r1c4"))
    assert blamed(variant(thermo, digits={"r1c1": 2, "r1c3": 3})) == [("thermo", cells("r1c1", "r1c3"))]
    assert blamed(variant(thermo, digits={"r1c1": 2, "r1c3": 4})) == []
    slow = Line("slow-thermo", thermo.cells)
    assert blamed(variant(slow, digits={"r1c1": 2, "r1c2": 2, "r1c3": 1})) == [
        ("slow-thermo", cells("r1c2", "r1c3"))]


def test_an_arrow_sums_its_shaft_to_its_circle_pill_read_as_a_number() -> None:
    arrow = Arrow(cells("r1c1"), [cells("r1c1", "r1c2", "r1c3")])
    assert blamed(variant(arrow, digits={"r1c1": 5, "r1c2": 2, "r1c3": 3})) == []
    assert blamed(variant(arrow, digits={"r1c1": 5, "r1c2": 6})) == [("arrow", arrow.cells)]
    pill = Arrow(cells("r5c1", "r5c2"), [cells("r5c2", "r5c3", "r5c4", "r5c5")])
    assert blamed(variant(pill, digits={"r5c1": 1, "r5c2": 2, "r5c3": 3, "r5c4": 4, "r5c5": 5})) == []


@pytest.mark.parametrize(("kind", "value", "a", "b", "fits"), [
    ("white", 1, 4, 5, True), ("white", 1, 4, 6, False), ("white", 3, 2, 5, True),
    ("black", 2, 3, 6, True), ("black", 2, 3, 5, False), ("black", 3, 9, 3, True),
    ("x", 10, 3, 7, True), ("x", 10, 3, 6, False), ("v", 5, 1, 4, True), ("v", 5, 2, 2, False),
])
def test_a_dot_fits_only_digits_in_its_relation(kind: str, value: int, a: int, b: int, fits: bool) -> None:
    dot = Dot(kind, cells("r1c1", "r1c2"), value)
    assert (blamed(variant(dot, digits={"r1c1": a, "r1c2": b})) == []) is fits


def test_the_negative_rules_read_the_marks_on_the_grid() -> None:
    white = Dot("white", cells("r1c1", "r1c2"))
    assert blamed(variant(white, Rule("non-consecutive"), digits={"r1c1": 4, "r1c2": 5})) == []
    assert blamed(variant(white, Rule("non-consecutive"), digits={"r2c1": 4, "r2c2": 5})) == [
        ("non-consecutive", cells("r2c1", "r2c2"))]
    three = Dot("black", cells("r1c1", "r1c2"), 3)
    assert blamed(variant(three, Rule("negative-black"), digits={"r5c5": 2, "r5c6": 6})) == [
        ("negative-black", cells("r5c5", "r5c6"))]  # the grid shows a ratio of 3
    assert blamed(variant(three, Rule("negative-black"), digits={"r5c5": 2, "r5c6": 4})) == []
    assert blamed(variant(Rule("negative-xv"), digits={"r9c8": 6, "r9c9": 4})) == [
        ("negative-xv", cells("r9c8", "r9c9"))]


@pytest.mark.parametrize(("kind", "digits", "ok"), [
    ("renban", (3, 5, 4), True), ("renban", (3, 6, 4), False), ("renban", (3, 3), False),
    ("palindrome", (1, 7, 1), True), ("palindrome", (1, 7, 2), False),
    ("between", (2, 5, 8), True), ("between", (2, 9, 8), False),
    ("parity", (1, 2, 3), True), ("parity", (1, 3), False),
    ("entropic", (1, 4, 7, 2), True), ("entropic", (1, 4, 2), False),
    ("zipper", (2, 5, 3), True), ("zipper", (2, 5, 4), False),
    ("region-sum", (1, 2, 3), True), ("region-sum", (1, 2, 4), False),
])
def test_each_line_kind_judges_its_digits(kind: str, digits: tuple[int, ...], ok: bool) -> None:
    # r1c2..: region-sum's line crosses from box 1 (c2, c3) into box 2 (c4)
    path = cells(*(f"r1c{c}" for c in range(2, 2 + len(digits))))
    line = Line(kind, path)
    placed = {f"r1c{c}": d for c, d in zip(range(2, 2 + len(digits)), digits, strict=True)}
    assert (blamed(variant(line, digits=placed)) == []) is ok


def test_whispers_keep_their_least_difference() -> None:
    german = Line("whispers", cells("r1c1", "r1c2"), 5)
    assert blamed(variant(german, digits={"r1c1": 1, "r1c2": 6})) == []
    assert blamed(variant(german, digits={"r1c1": 2, "r1c2": 6})) != []


def test_cell_marks_judge_their_own_digit_and_their_neighbours() -> None:
    assert blamed(variant(Mark("odd", 0), digits={"r1c1": 4})) == [("odd", (0,))]
    assert blamed(variant(Mark("even", 0), digits={"r1c1": 4})) == []
    minimum = Mark("min", cell("r5c5"))
    assert blamed(variant(minimum, digits={"r5c5": 3, "r5c6": 2})) == [("min", cells("r5c5", "r5c6"))]
    both = [minimum, Mark("min", cell("r5c6"))]  # neighbours in the same set are not compared
    assert blamed(variant(*both, digits={"r5c5": 3, "r5c6": 2})) == []
    index = Mark("row-indexer", cell("r2c1"))  # r2c1 = 4 says: digit 1 is in r2c4
    assert blamed(variant(index, digits={"r2c1": 4, "r2c4": 1})) == []
    assert blamed(variant(index, digits={"r2c1": 4, "r2c4": 2})) == [("row-indexer", cells("r2c1", "r2c4"))]


def test_outside_clues_judge_the_line_they_face() -> None:
    little = Clue("little-killer", -1, 0, 6, "DR")  # r1c2, r2c3, ... r8c9
    assert little in variant(little).constraints
    diagonal = variant(little).constraints[0].cells
    assert diagonal == cells("r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9")
    assert blamed(variant(little, digits={"r1c2": 7})) == [("little-killer", diagonal)]
    sandwich = Clue("sandwich", 0, -1, 5)  # row 1, from the left
    row = dict(zip((f"r1c{c}" for c in range(1, 10)), (1, 2, 3, 9, 4, 5, 6, 7, 8), strict=True))
    assert blamed(variant(sandwich, digits=row)) == []
    assert blamed(variant(Clue("sandwich", 0, -1, 6), digits=row)) != []
    assert blamed(variant(Clue("x-sum", 0, 9, 8 + 7 + 6 + 5 + 4 + 9 + 3 + 2), digits=row)) == []
    assert blamed(variant(Clue("x-sum", 0, 9, 15), digits=row)) != []  # 8 cells from the right
    assert blamed(variant(Clue("skyscraper", 0, -1, 4), digits=row)) == []  # sees 1, 2, 3, 9


def test_clones_and_quadruples() -> None:
    clone = Clone(cells("r1c1"), cells("r9c9"))
    assert blamed(variant(clone, digits={"r1c1": 3, "r9c9": 4})) != []
    quad = Quadruple(cells("r1c1", "r1c2", "r2c1", "r2c2"), (1, 1))
    assert blamed(variant(quad, digits={"r1c1": 1, "r1c2": 2, "r2c1": 3, "r2c2": 4})) != []


def test_an_unknown_element_is_carried_never_judged() -> None:
    other = Other("lockout", '{"lines":[["R1C1","R1C2"]]}', cells("r1c1", "r1c2"))
    p = variant(other, digits={"r1c1": 1, "r1c2": 1})
    assert p.unchecked == (other,) and blamed(p) == []
    assert describe(other, 9) == "'lockout' (not checked)"


def test_a_finished_grid_that_breaks_an_element_is_not_solved() -> None:
    rows = ["123456789", "456789123", "789123456", "214365897", "365897214", "897214365",
            "531642978", "642978531", "978531642"]
    solved = BLANK.with_cells({i: value(int(d)) for i, d in enumerate("".join(rows))})
    assert solved.is_solved
    assert solved.with_variants(constraints=[Cage(cells("r1c1", "r1c2"), 3)]).is_solved
    assert not solved.with_variants(constraints=[Cage(cells("r1c1", "r1c2"), 4)]).is_solved


# --- formats without them name the loss ------------------------------------------------------------


def test_a_seed_format_names_the_constraints_it_would_drop() -> None:
    p = variant(Cage(cells("r1c1", "r1c2"), 3), Rule("anti-king"))
    with pytest.raises(LossError, match=r"2 variant constraints \(anti-king, killer\)"):
        formats.encode("offset", p)
    jig = Puzzle("sudoku", 9, (EMPTY,) * 81, regions=rows_as_regions(9))
    with pytest.raises(LossError, match="the jigsaw regions"):
        formats.encode("offset", jig)


@pytest.mark.parametrize(("cells", "one_piece"), [
    ((), True),
    ((40,), True),
    ((0, 1, 10, 19), True),  # an L through shared edges
    ((8, 9), False),  # r1c9 and r2c1 follow each other in reading order, not on the grid
    ((0, 10), False),  # corners only touch
    ((20, 11, 2, 1, 0), True),  # given in any order
])
def test_cells_are_one_piece_only_through_shared_edges(cells: tuple[int, ...], one_piece: bool) -> None:
    assert variants.connected(cells, 9) is one_piece
