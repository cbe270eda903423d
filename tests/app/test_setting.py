"""The setter's tools: what Cage, Line, Dot, the rule toggles and Odd/Even make of a puzzle
(pycore.app.setting), and how the editor commits them as ordinary undoable edits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import links
from pycore.app.editor import Editor
from pycore.app.setting import (
    CLUE_TOOLS,
    LINE_TOOLS,
    REGIONS_SET,
    Refused,
    cycle_dot,
    draw_line,
    paint_region,
    region_draft,
    region_report,
    toggle_cage,
    toggle_mark,
    toggle_rule,
)
from pycore.shapes import blank_shape
from pycore.variants import Arrow, Cage, Clue, Dot, ExtraRegion, Line, Mark, Rule


def blank(name: str = "sudoku-9") -> Editor:
    return Editor(blank_shape(name), mode="given")


def drag(ed: Editor, cells: list[int]) -> None:
    """A drag over cells, as the page reports it: the first selects, the others join."""
    ed.select(cells[0])
    for i in cells[1:]:
        ed.select(i, extend=True)


def test_selected_cells_become_a_cage_and_the_next_digits_its_sum() -> None:
    ed = blank()
    drag(ed, [0, 1, 10])
    assert ed.set_cage() == ""
    ed.digit(1)
    ed.digit(7)
    assert ed.puzzle.constraints == (Cage([0, 1, 10], 17),)
    ed.undo()  # the cage and its sum are one step
    assert not ed.puzzle.constraints
    ed.redo()
    assert ed.puzzle.constraints == (Cage([0, 1, 10], 17),)


def test_a_sum_past_what_the_cells_can_make_starts_anew() -> None:
    ed = blank()
    drag(ed, [0, 1])  # two cells make at most 17
    ed.set_cage()
    ed.enter(2)
    ed.enter(5)  # 25 > 17: the 5 starts the sum again
    assert ed.puzzle.constraints == (Cage([0, 1], 5),)


def test_a_cage_without_a_sum_and_a_tap_that_takes_it_away() -> None:
    ed = blank()
    drag(ed, [3, 4])
    ed.set_cage()
    ed.select(40)  # moving on: the cage keeps no sum, and digits are givens again
    ed.digit(5)
    assert ed.puzzle.constraints == (Cage([3, 4]),)
    assert ed.puzzle.cells[40].digit == 5
    ed.select(4)
    ed.set_cage()
    assert not ed.puzzle.constraints


@pytest.mark.parametrize(("cells", "words"), [
    ([0, 2], "more than one piece"),
    ([0, 10], "more than one piece"),  # corners do not join a cage
    (list(range(10)), "at most 9 cells"),
])
def test_a_cage_that_cannot_be_is_refused_with_words(cells: list[int], words: str) -> None:
    with pytest.raises(Refused, match=words):
        toggle_cage(blank().puzzle, cells)


def test_a_cage_over_another_cage_is_refused() -> None:
    ed = blank()
    drag(ed, [0, 1])
    ed.set_cage()
    drag(ed, [1, 2])
    assert "r1c2 is in a cage already" in ed.set_cage()
    assert ed.puzzle.constraints == (Cage([0, 1]),)


def test_a_dragged_path_is_a_thermometer_from_where_the_drag_began() -> None:
    ed = blank()
    drag(ed, [20, 10, 0, 1])  # up, then right: the bulb at r3c3
    assert ed.set_line("thermo") == ""
    assert ed.puzzle.constraints == (Line("thermo", [20, 10, 0, 1]),)
    drag(ed, [40, 50, 60])  # king steps
    ed.set_line("arrow")
    assert Arrow([40], [[40, 50, 60]]) in ed.puzzle.constraints
    ed.select(50)
    ed.set_line("arrow")  # one cell alone: the lines through it go
    assert ed.puzzle.constraints == (Line("thermo", [20, 10, 0, 1]),)


def test_whispers_take_the_german_difference_and_lines_need_touching_steps() -> None:
    p = blank().puzzle
    assert draw_line(p, "whispers", [0, 1]).constraints == (Line("whispers", [0, 1], 5),)
    with pytest.raises(Refused, match="do not touch"):
        draw_line(p, "renban", [0, 2])
    with pytest.raises(Refused, match="two or more cells"):
        draw_line(p, "renban", [0])


def test_the_dot_between_two_neighbours_cycles_white_black_x_v_none() -> None:
    p = blank().puzzle
    seen = []
    for _ in range(5):
        p, kind = cycle_dot(p, [1, 0])
        seen.append(kind)
    assert seen == ["white", "black", "x", "v", ""]
    assert cycle_dot(p, [0, 9])[0].constraints == (Dot("white", [0, 9]),)
    with pytest.raises(Refused, match="side by side"):
        cycle_dot(p, [8, 9])  # the end of one row and the start of the next


def test_rules_toggle_and_marks_flip() -> None:
    p = toggle_rule(blank().puzzle, "anti-knight", True)
    assert p.constraints == (Rule("anti-knight"),)
    assert toggle_rule(p, "anti-knight", False).constraints == ()
    odd = toggle_mark(p, "odd", [0, 1])
    assert set(odd.constraints) == {Rule("anti-knight"), Mark("odd", 0), Mark("odd", 1)}
    even = toggle_mark(odd, "even", [1])
    assert set(even.constraints) == {Rule("anti-knight"), Mark("odd", 0), Mark("even", 1)}
    assert toggle_mark(odd, "odd", [0, 1]).constraints == (Rule("anti-knight"),)


def test_every_tool_is_one_undo_step() -> None:
    ed = blank("sudoku-6")
    ed.set_rule("diagonal-", True)
    drag(ed, [0, 1])
    ed.set_dot()
    ed.set_mark("even")
    assert len(ed.puzzle.constraints) == 4
    for left in (2, 1, 0):  # the two even marks went in one step; then the dot, the diagonal
        ed.undo()
        assert len(ed.puzzle.constraints) == left


SIX_REGIONS = [  # a 6x6 jigsaw, painted region by region (the last fills itself)
    [0, 1, 2, 6, 7, 12], [3, 4, 5, 9, 10, 11], [8, 13, 14, 15, 16, 17],
    [18, 19, 24, 25, 30, 31], [20, 21, 26, 27, 32, 33],
]


def test_a_6x6_jigsaw_painted_region_by_region_is_one_undoable_step_once_whole() -> None:
    ed = blank("sudoku-6")
    for cells in SIX_REGIONS[:2]:
        ed.selected, ed.cursor = set(cells), cells[0]
        words = ed.set_region()
    assert words.startswith("Regions: 2 of 6") and "24 cells in no region yet" in words
    assert ed.puzzle.regions is None, "a partial painting is shown, not the puzzle's"
    ed.undo()  # the last paint goes
    assert ed.draft is not None and ed.draft.count(1) == 0 and ed.draft.count(0) == 6
    for cells in SIX_REGIONS[1:]:
        ed.selected, ed.cursor = set(cells), cells[0]
        words = ed.set_region()
    assert words == REGIONS_SET
    assert ed.puzzle.regions is not None and ed.draft is None
    assert [ed.puzzle.regions[i] for i in (22, 23, 28, 29, 34, 35)] == [5] * 6  # the last one
    ed.undo()
    assert ed.puzzle.regions is None and not ed.can_undo


def test_a_wrong_region_count_is_said_and_a_region_in_two_pieces_is_not_taken() -> None:
    draft = paint_region(region_draft(blank("sudoku-6").puzzle), [0, 1, 2, 3, 4, 5, 6], 6)
    assert "the region at r1c1 has 7" in region_report(draft, 6, 6)
    pieces = [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6 + [4] * 6 + [5] * 6
    pieces[0], pieces[6] = 1, 0  # r1c1 and r2c1 swap rows: each row region now in two pieces
    assert "more than one piece" in region_report(pieces, 6, 6)


def test_a_path_drawn_with_shift_and_the_arrows_keeps_its_order() -> None:
    ed = blank()
    ed.select(40)
    for key in ("ArrowUp", "ArrowRight", "ArrowRight"):
        ed.key(key, shift=True)
    assert ed.set_line("arrow") == ""
    assert ed.puzzle.constraints == (Arrow([40], [[40, 31, 32, 33]]),)


def test_an_extra_region_is_made_and_taken_away_and_never_overlaps_another() -> None:
    ed = blank()
    window = [10, 11, 12, 19, 20, 21, 28, 29, 30]  # r2c2-r4c4, a windoku window
    ed.selected, ed.cursor = set(window), window[0]
    assert ed.set_extra() == ""
    assert ed.puzzle.constraints == (ExtraRegion(window),)
    ed.selected, ed.cursor = {30, 31}, 31
    assert "r4c4 is in an extra region already" in ed.set_extra()
    ed.select(20)
    ed.set_extra()
    assert not ed.puzzle.constraints


def test_a_drag_from_the_edge_places_a_sandwich_or_little_killer_outside_and_digits_number_it() -> None:
    ed = blank()
    drag(ed, [2, 11, 20])  # down column 3 from its top
    assert ed.set_line("sandwich") == ""
    ed.digit(1)
    ed.digit(5)
    assert ed.puzzle.constraints == (Clue("sandwich", -1, 2, 15),)
    drag(ed, [80, 70, 60])  # up and left from the bottom-right corner
    ed.set_line("little-killer")
    ed.enter(9)
    assert Clue("little-killer", 9, 9, 9, "UL") in ed.puzzle.constraints
    ed.undo()  # the clue and its number, one step
    assert ed.puzzle.constraints == (Clue("sandwich", -1, 2, 15),)
    ed.select(2)
    ed.set_line("sandwich")  # the edge cell alone: its clue goes
    assert not ed.puzzle.constraints


@pytest.mark.parametrize(("kind", "path", "words"), [
    ("sandwich", [11, 20], "at the grid's edge"),  # r2c3 is inside: the clue would be too
    ("sandwich", [0, 10], "along a row or column"),
    ("little-killer", [0, 1], "along a diagonal"),
])
def test_an_outside_clue_needs_a_straight_drag_from_the_edge(kind: str, path: list[int], words: str) -> None:
    ed = blank()
    drag(ed, path)
    assert words in ed.set_line(kind)
    assert not ed.puzzle.constraints


def test_everything_the_tools_make_goes_into_the_link_and_comes_back_the_same() -> None:
    ed = blank()
    lines = [([20, 30, 40], "thermo"), ([50, 60, 70], "arrow"), ([3, 4, 5], "renban"),
             ([6, 16, 26], "whispers"), ([36, 37, 38], "palindrome"), ([45, 46, 47], "between"),
             ([8, 17, 26], "sandwich"), ([72, 64, 56], "little-killer")]
    drag(ed, [0, 1, 10])
    assert ed.set_cage() == ""
    for cells, kind in lines:
        drag(ed, cells)
        assert ed.set_line(kind) == ""
    drag(ed, [78, 79])
    assert ed.set_dot() == ""
    drag(ed, [80])
    assert ed.set_mark("even") == ""
    drag(ed, [33, 34, 42, 43])
    assert ed.set_extra() == ""
    for kind in ("diagonal-", "diagonal+", "anti-king", "negative-black"):
        assert ed.set_rule(kind, True) == ""
    assert len(ed.puzzle.constraints) == 1 + len(lines) + 3 + 4
    shared = links.shares(ed.puzzle).lossless
    assert shared is not None
    assert links.read("#" + shared.fragment)[1] == ed.puzzle


TOOLS = ["cage", "extra", "dot", "odd", "region"] + [f"line:{kind}" for kind in LINE_TOOLS + CLUE_TOOLS]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TOOLS), st.lists(st.integers(0, 35), min_size=1, max_size=8)),
                max_size=8))
def test_any_gestures_give_words_or_a_valid_puzzle_and_undo_walks_back(
        gestures: list[tuple[str, list[int]]]) -> None:
    """Whatever cells a setter picks for whatever tool, the answer is a refusal in words or a
    puzzle the link can hold; every step is undone by Undo back to the blank grid."""
    ed = blank("sudoku-6")
    for tool, cells in gestures:
        drag(ed, cells)
        if tool.startswith("line:"):
            words = ed.set_line(tool[5:])
        elif tool in ("odd",):
            words = ed.set_mark(tool)
        else:
            words = {"cage": ed.set_cage, "extra": ed.set_extra, "dot": ed.set_dot,
                     "region": ed.set_region}[tool]()
        assert isinstance(words, str)
        shared = links.shares(ed.puzzle).lossless
        assert shared is not None and links.read("#" + shared.fragment)[1] == ed.puzzle
    while ed.can_undo:
        ed.undo()
    assert ed.puzzle == blank("sudoku-6").puzzle and ed.draft is None
