"""The puzzle model: one cell kind at a time, shapes, layouts, houses, conflicts."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import assume, settings
from hypothesis import given as for_all
from hypothesis import strategies as st

from pycore.errors import PuzzleError
from pycore.model import (
    BLACK,
    EMPTY,
    OUTSIDE,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    pack,
    unpack,
    value,
)
from pycore.variants import Cage


def test_empty_candidate_set_is_an_empty_cell() -> None:
    assert candidates([]) == EMPTY
    with pytest.raises(PuzzleError):
        Cell("candidates")


@pytest.mark.parametrize("make", [
    lambda: Cell("given"), lambda: Cell("value", 0), lambda: Cell("empty", 3),
    lambda: Cell("black", -1), lambda: Cell("outside", 0, frozenset({1})), lambda: Cell("ghost"),
    lambda: candidates([0, 1]),
])
def test_invalid_cells(make: object) -> None:
    with pytest.raises(PuzzleError):
        make()  # type: ignore[operator]


def test_default_boxes_and_shapes() -> None:
    assert Puzzle.blank(size=6).box == (2, 3)
    assert Puzzle.blank(size=12).box == (3, 4)
    assert Puzzle.blank(size=6, box=(3, 2)).box == (3, 2)
    with pytest.raises(PuzzleError, match="does not tile"):
        Puzzle.blank(size=6, box=(2, 2))
    with pytest.raises(PuzzleError, match="size"):
        Puzzle.blank(size=7)
    assert Puzzle.blank("str8ts", 7).box is None


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Puzzle.blank(size=4).with_cell(0, given(5)), "not in 1..4"),
    (lambda: Puzzle.blank(size=4).with_cell(0, candidates([5])), "not in 1..4"),
    (lambda: Puzzle.blank(size=4).with_cell(0, BLACK), "str8ts only"),
    (lambda: Puzzle.blank(size=4).with_cell(0, OUTSIDE), "not in a disabled box"),
    (lambda: Puzzle("sudoku", 4, (EMPTY,) * 15), "16 cells"),
    (lambda: Puzzle("killer", 4, (EMPTY,) * 16), "kind"),
])
def test_invalid_states_are_refused_clearly(make: object, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        make()  # type: ignore[operator]


def test_structural_equality_and_immutability() -> None:
    a = Puzzle.blank().with_cell(3, value(4))
    b = Puzzle.blank().with_cell(3, value(4))
    assert a == b and hash(a) == hash(b)
    assert a != Puzzle.blank().with_cell(3, given(4))
    with pytest.raises(AttributeError):
        a.size = 4  # type: ignore[misc]


def test_plain_layout_is_a_plain_sudoku() -> None:
    assert Puzzle.blank(layout=Layout(4, 4, 4)) == Puzzle.blank(size=16)
    assert Puzzle.blank(layout=Layout(4, 4, 4)).layout is None


def test_samurai() -> None:
    samurai = Layout.samurai()
    assert (samurai.width, samurai.height) == (7, 7)
    assert 49 - len(samurai.disabled) == 41
    assert len(samurai.windows) == 5
    puzzle = Puzzle.blank(layout=samurai)
    assert (puzzle.rows, puzzle.cols) == (21, 21)
    assert puzzle.count("outside") == 8 * 9
    centre = 10 * 21 + 10
    # the centre cell of the middle grid sees its own row, column and box only
    assert len(puzzle.geometry.peers[centre]) == 20
    # a cell in an overlap box lies in two grids: two rows, two columns, one box
    overlap = 6 * 21 + 6
    assert len(puzzle.geometry.units[overlap]) == 5


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank(size=9), Puzzle.blank(kind="str8ts", size=6), Puzzle.blank(layout=Layout.samurai()),
    Puzzle.blank(size=9).with_variants(None, (Cage((0, 1, 10), 12),)),
], ids=["9x9", "str8ts", "samurai", "killer"])
def test_a_cells_peers_are_the_other_cells_of_its_houses_and_groups(puzzle: Puzzle) -> None:
    geo = puzzle.geometry
    for i in range(len(puzzle.cells)):
        shared = {j for cells in geo.distinct if i in cells for j in cells} - {i}
        assert geo.peers_of(i) == tuple(sorted(shared)) == geo.peers[i]
        assert geo.units[i] == tuple(h for h in geo.houses if i in h)


def test_a_large_layout_opens_and_takes_digits_without_every_cells_peers() -> None:
    """Each of a 75x75 layout's 5,625 cells has about a hundred peers: making them all
    took seconds under MicroPython, which the page's worker spends on none of them when a
    link of it opens, a digit is typed and its peers' marks are tidied."""
    from pycore import links
    from pycore.app.editor import tidy_marks

    layout = Layout(5, 15, 15)
    blank = Puzzle.blank(layout=layout)
    marked = blank.with_cells({1: candidates([7, 8]), 75: candidates([7])})
    _, opened = links.read(links.fragment(marked, "compact"))
    played = tidy_marks(opened.with_cells({0: value(7)}), [(0, 7)])
    assert played.cells[1] == candidates([8]) and played.cells[75] == EMPTY  # its row, its column
    assert played.open_masks[2] == pack(range(1, 26)) - pack([7])
    assert played.conflicts() == frozenset()
    assert played.geometry._peers is None


def test_layout_errors() -> None:
    with pytest.raises(PuzzleError, match="box size"):
        Layout(6, 6, 6)
    with pytest.raises(PuzzleError, match="1 to 15"):
        Layout(3, 16, 3)
    with pytest.raises(PuzzleError, match="at least one fully enabled"):
        Layout(3, 5, 3, frozenset({1, 4}))
    with pytest.raises(PuzzleError, match="box 3 lies in no"):
        Layout(2, 4, 2, frozenset({2, 6}))
    with pytest.raises(PuzzleError, match="only a sudoku"):
        Puzzle("str8ts", 9, (), layout=Layout(3, 3, 3))


def test_houses() -> None:
    geo = Puzzle.blank(size=6).geometry
    assert len(geo.houses) == 18
    assert geo.boxes[0] == (0, 1, 2, 6, 7, 8)
    str8ts = Puzzle.blank("str8ts", 5).geometry
    assert len(str8ts.houses) == 10 and str8ts.boxes == ()


def test_conflicts() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: given(1), 3: value(1), 5: value(1), 15: given(2)})
    assert puzzle.conflicts() == {0, 3, 5}
    str8ts = Puzzle.blank("str8ts", 4).with_cells({0: black(2), 2: value(2)})
    assert str8ts.conflicts() == {0, 2}


# -- which digits can still go where, and clashes: the one home of both ---------------


def test_open_masks_leave_each_cell_the_digits_its_houses_do_not_hold() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: given(1), 5: value(2), 15: candidates([3])})
    # r1c2 sees 1 in its row and 2 in its box; pencil marks rule nothing out
    assert puzzle.open_digits(1) == [3, 4]
    assert puzzle.open_masks[1] == 0b1100
    assert puzzle.open_digits(14) == [1, 2, 3, 4]
    # a cell's own digit is not held against it
    assert puzzle.open_digits(0) == [1, 3, 4]
    assert puzzle.open_digits(5) == [2, 3, 4]


def test_a_cell_whose_own_digit_clashes_cannot_keep_it() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: given(1), 2: value(1)})
    assert 1 not in puzzle.open_digits(0)
    assert 1 not in puzzle.open_digits(2)
    assert list(puzzle.clashes()) == [(0, 2, (0, 1, 2, 3))]


def test_str8ts_black_givens_rule_out_their_digit_and_black_cells_take_none() -> None:
    puzzle = Puzzle.blank("str8ts", 4).with_cells({1: black(3), 4: BLACK, 6: value(2)})
    assert puzzle.open_masks[1] == 0 and puzzle.open_masks[4] == 0
    assert puzzle.open_digits(0) == [1, 2, 4]  # row 1 holds the black 3
    assert puzzle.open_digits(5) == [1, 4]  # column 2 holds the black 3, row 2 the 2
    assert puzzle.open_digits(8) == [1, 2, 3, 4]  # row 3, column 1: nothing placed


def test_samurai_overlap_cells_see_both_grids() -> None:
    puzzle = Puzzle.blank(layout=Layout.samurai())
    cols = puzzle.cols
    corner = 6 * cols + 6  # top-left of the box the top-left and centre grids share
    in_centre_row = 6 * cols + 14  # same row, inside the centre grid only
    in_top_left_col = 0 * cols + 6  # same column, inside the top-left grid only
    placed = puzzle.with_cells({in_centre_row: given(5), in_top_left_col: given(7)})
    assert placed.open_digits(corner) == [1, 2, 3, 4, 6, 8, 9]
    outside = next(i for i, c in enumerate(puzzle.cells) if c.kind == "outside")
    assert placed.open_masks[outside] == 0
    # a row of the top-right grid does not reach the top-left grid across the gap
    far = puzzle.with_cell(0 * cols + 12, given(4))
    assert 4 in far.open_digits(0)


def test_clashes_name_both_cells_and_the_house_once_per_repeat() -> None:
    puzzle = Puzzle.blank(size=4).with_cells({0: given(1), 5: value(1), 15: given(2)})
    assert list(puzzle.clashes()) == [(0, 5, (0, 1, 4, 5))]  # the box only
    samurai = Puzzle.blank(layout=Layout.samurai())
    corner = 6 * samurai.cols + 6
    twice = samurai.with_cells({corner: given(3), corner + 2: value(3)})
    # the shared box's row lies in two grids: the repeat clashes in each, and in the box
    assert [h for a, b, h in twice.clashes() if (a, b) == (corner, corner + 2)] == [
        h for h in samurai.geometry.houses if corner in h and corner + 2 in h
    ]
    assert len(list(twice.clashes())) == 3


@settings(max_examples=60, deadline=None)
@for_all(st.sampled_from([Puzzle.blank(size=4), Puzzle.blank(size=9), Puzzle.blank(layout=Layout.samurai()),
                          Puzzle.blank(size=9).with_variants(None, (Cage((0, 1, 10), None),))]),
         st.randoms(use_true_random=False))
def test_clashes_and_open_digits_follow_their_definition_on_any_grid(blank: Puzzle, rng: Random) -> None:
    """Every pair of cells holding one digit in one house (or group) clashes, in house order,
    and a cell can take the digits none of its other house-mates holds."""
    n = blank.size
    open_cells = [i for i, c in enumerate(blank.cells) if c.kind == "empty"]
    placed = blank.with_cells({i: rng.choice([given, value])(rng.randint(1, n))
                               for i in rng.sample(open_cells, rng.randint(0, len(open_cells)))})
    digits = [c.digit for c in placed.cells]
    expected = [(house[a], house[b], house) for house in placed.geometry.distinct
                for b in range(len(house)) for a in range(b)
                if digits[house[a]] and digits[house[a]] == digits[house[b]]
                and digits[house[a]] not in [digits[house[k]] for k in range(a)]]
    assert sorted(placed.clashes(), key=lambda c: (placed.geometry.distinct.index(c[2]), c[1])) \
        == sorted(expected, key=lambda c: (placed.geometry.distinct.index(c[2]), c[1]))
    assert placed.conflicts() == {i for a, b, _ in expected for i in (a, b)}
    for i in open_cells:  # a digit placed there too: its own is not held against it
        mates = {j for house in placed.geometry.distinct if i in house for j in house} - {i}
        assert placed.open_digits(i) == [d for d in range(1, n + 1) if d not in {digits[j] for j in mates}]


def test_a_black_cell_holds_no_digit_or_a_black_given_of_at_least_1() -> None:
    assert black(0) == BLACK and black(4).digit == 4
    with pytest.raises(PuzzleError, match="digit 0 \\(none\\) or a black given of at least 1"):
        Cell("black", -1)


def test_geometry_of_names_the_shared_geometry_of_a_shape() -> None:
    from pycore.model import geometry_of

    assert geometry_of("sudoku", 6) is Puzzle.blank(size=6).geometry
    assert geometry_of("sudoku", 6, (3, 2)) is Puzzle.blank(size=6, box=(3, 2)).geometry
    assert geometry_of("str8ts", 7) is Puzzle.blank("str8ts", 7).geometry
    with pytest.raises(PuzzleError, match="size"):
        geometry_of("sudoku", 7)


def test_is_solved_wants_every_open_cell_filled_without_clashes() -> None:
    rows = ["1234", "3412", "2143", "4321"]
    solved = Puzzle.blank(size=4).with_cells(
        {r * 4 + c: (given if (r + c) % 3 else value)(int(d)) for r, row in enumerate(rows)
         for c, d in enumerate(row)}
    )
    assert solved.is_solved
    assert not solved.with_cell(5, EMPTY).is_solved
    assert not solved.with_cell(5, candidates([4])).is_solved
    assert not solved.with_cell(5, value(1)).is_solved  # 1 twice in row 2


def test_is_solved_in_str8ts_wants_straights_too() -> None:
    # row 1: white 1 2 3 4; row 2 black; rows 3 and 4 need no repeat per column
    straight = Puzzle.blank("str8ts", 4).with_cells({
        0: value(1), 1: value(2), 2: value(3), 3: value(4),
        4: BLACK, 5: BLACK, 6: BLACK, 7: black(1),
        8: value(2), 9: value(3), 10: value(4), 11: BLACK,
        12: value(3), 13: value(4), 14: BLACK, 15: value(2),
    })
    assert straight.compartments[:3] == ((0, 1, 2, 3), (8, 9, 10), (12, 13))
    assert straight.is_solved
    # one compartment of three white cells, black elsewhere: no repeat, yet 1 2 4 is no straight
    lone = Puzzle.blank("str8ts", 4).with_cells(
        {i: BLACK for i in range(3, 16)} | {0: value(1), 1: value(2), 2: value(4)}
    )
    assert next(lone.clashes(), None) is None
    assert not lone.is_solved
    assert lone.with_cell(2, value(3)).is_solved


def test_white_runs_split_a_line_at_closed_cells() -> None:
    from pycore.model import white_runs

    assert white_runs(range(6), {2, 3}.__contains__) == [(0, 1), (4, 5)]
    assert white_runs(range(3), lambda i: True) == []
    assert white_runs((7, 8), lambda i: False) == [(7, 8)]


@settings(max_examples=40)
@for_all(
    st.sampled_from([("sudoku", 4), ("sudoku", 6), ("str8ts", 4), ("str8ts", 5)]),
    st.integers(0, 2**32),
    st.integers(0, 24), st.integers(1, 6),
)
def test_is_solved_agrees_with_the_solver_on_full_grids(
    shape: tuple[str, int], seed: int, cell: int, digit: int
) -> None:
    """A grid with every open cell filled is solved exactly when the solver finds it a solution
    (what the page asked the solver before it had `is_solved`)."""
    from pycore.solve import NoSolution, count_solutions, wfc

    kind, n = shape
    rng = Random(seed)
    blank = Puzzle.blank(kind, n)
    if kind == "str8ts":
        blank = blank.with_cells({i: BLACK for i in rng.sample(range(n * n), n)})
    try:
        solution = wfc.solve(blank, rng=rng)
    except NoSolution:
        assume(False)
    assert solution.is_solved
    cell %= n * n
    if solution.cells[cell].kind == "value" and digit <= n:
        solution = solution.with_cell(cell, value(digit))
    assert solution.is_solved == (count_solutions(solution, limit=1) == 1)


# ---- layout bounds, pinned at their edges ----


@pytest.mark.parametrize(("disabled", "message"), [
    ({4}, "disabled box 4 is not in a 2x2 layout"),  # one past the last box
    ({-1}, "disabled box -1 is not in a 2x2 layout"),
    ({9, 5}, "disabled box 5 is not in a 2x2 layout"),  # the smallest bad index is named
])
def test_a_disabled_box_outside_the_layout_is_refused(disabled: set[int], message: str) -> None:
    with pytest.raises(PuzzleError, match=f"^{message}$"):
        Layout(2, 2, 2, frozenset(disabled))


def test_the_last_box_and_the_largest_boards_are_in_bounds() -> None:
    corner = Layout(2, 3, 3, frozenset({8}))  # box 8, the last, may be disabled
    assert corner.disabled == {8} and corner.windows == ((0, 0), (0, 1), (1, 0))
    assert Layout(2, 15, 2).width == 15 and Layout(5, 5, 15).height == 15
    assert Layout(2, 2, 2).is_plain and not Layout(2, 3, 2).is_plain
    with pytest.raises(PuzzleError, match=r"^layout width must be 1 to 15 boxes, not 16$"):
        Layout(2, 16, 2)
    with pytest.raises(PuzzleError, match=r"^layout height must be 1 to 15 boxes, not 0$"):
        Layout(2, 2, 0)
    with pytest.raises(PuzzleError, match=r"^box size must be 2 to 5, not 1$"):
        Layout(1, 2, 2)
    assert Layout(5, 5, 5).box == 5


def test_a_samurai_is_five_windows_sharing_corner_boxes() -> None:
    samurai = Layout.samurai()
    assert (samurai.width, samurai.height) == (7, 7)
    assert samurai.windows == ((0, 0), (0, 4), (2, 2), (4, 0), (4, 4))
    assert len(samurai.disabled) == 49 - (5 * 9 - 4)  # the centre shares one box with each corner


SAMURAI = Layout.samurai()
SAMURAI_BLANK = Puzzle.blank(layout=SAMURAI)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Cell("ghost"), "unknown cell kind 'ghost'"),
    (lambda: Cell("value", 0), "a value cell needs a digit of at least 1"),
    (lambda: Cell("black", -1), "a black cell holds digit 0 (none) or a black given of at least 1"),
    (lambda: Cell("empty", 3), "a empty cell holds no digit"),
    (lambda: Cell("candidates"), "an empty candidate set is an empty cell"),
    (lambda: candidates([0, 1]), "candidates are digits of at least 1"),
    (lambda: Cell("outside", 0, frozenset({1})), "a outside cell holds no candidates"),
    (lambda: Puzzle("killer", 4, (EMPTY,) * 16), "kind must be 'sudoku' or 'str8ts', not 'killer'"),
    (lambda: Puzzle("str8ts", 9, (EMPTY,) * 81, layout=SAMURAI), "only a sudoku can have a multi-box layout"),
    (lambda: Puzzle("sudoku", 4, SAMURAI_BLANK.cells, layout=SAMURAI),
     "a layout of boxes of 3 holds digits 1..9"),
    (lambda: Puzzle.blank(box=(3, 3), layout=Layout.samurai(2)), "a layout of boxes of 2 holds digits 1..4"),
    (lambda: Puzzle.blank("str8ts", 10), "str8ts size must be one of (3, 4, 5, 6, 7, 8, 9, 16, 25), not 10"),
    (lambda: Puzzle.blank("str8ts", 9, box=(3, 3)), "a str8ts has no boxes"),
    (lambda: Puzzle("sudoku", 4, (EMPTY,) * 15 + ("x",)),  # type: ignore[arg-type]
     "cell r4c4: not a Cell: 'x'"),
    (lambda: Puzzle.blank(size=4).with_cell(6, OUTSIDE),
     "cell r2c3 is not in a disabled box: outside is False"),
    (lambda: SAMURAI_BLANK.with_cell(9, EMPTY), "cell r1c10 lies in a disabled box: outside is True"),
    (lambda: Layout(2, 1, 2), "a layout needs at least one fully enabled 2x2 window of boxes"),
])
def test_each_refusal_says_exactly_why(make: object, message: str) -> None:
    with pytest.raises(PuzzleError) as info:
        make()  # type: ignore[operator]
    assert str(info.value) == message


def test_the_smallest_digits_are_in_bounds() -> None:
    assert Cell("black", 0) == BLACK and not BLACK.digit
    assert candidates([1, 2]).candidates == {1, 2}
    assert Layout(2, 2, 3, frozenset({0, 1})).windows == ((1, 0),)  # box 0 is a box of the layout


def test_a_layout_knows_its_disabled_boxes_and_keeps_them_frozen() -> None:
    layout = Layout(2, 2, 3, {0, 1})  # type: ignore[arg-type]  # a set, as a caller may pass
    assert isinstance(layout.disabled, frozenset)
    assert [layout.enabled(i) for i in range(6)] == [False, False, True, True, True, True]
    puzzle = Puzzle("sudoku", 4, list(Puzzle.blank(size=4).cells))  # type: ignore[arg-type]
    assert isinstance(puzzle.cells, tuple) and hash(puzzle) == hash(Puzzle.blank(size=4))


def test_a_samurai_of_boxes_of_2_has_its_centre_grid_in_the_middle() -> None:
    assert set(Layout.samurai(2).windows) == {(0, 0), (0, 3), (3, 0), (3, 3), (2, 2)}


def test_a_changed_cell_keeps_the_box_shape() -> None:
    puzzle = Puzzle.blank(size=6, box=(3, 2)).with_cell(0, given(1))
    assert puzzle.box == (3, 2)


def test_pack_sets_bit_k_minus_1_for_candidate_k() -> None:
    assert pack({4, 3, 1}) == 13 and pack([]) == 0
    assert unpack(pack({2, 9})) == {2, 9}


def test_a_black_cell_by_default_is_empty() -> None:
    assert black() == BLACK and black().digit == 0
    assert black(4) == Cell("black", 4)


def test_cells_and_puzzles_print_as_what_builds_them() -> None:
    shown = [given(3), value(2), candidates([3, 1]), BLACK, black(4), EMPTY, OUTSIDE]
    assert [repr(c) for c in shown] == [
        "given(3)", "value(2)", "candidates([1, 3])", "BLACK", "black(4)", "EMPTY", "OUTSIDE"]
    assert repr(Puzzle.blank(size=4).with_cell(0, given(1)).with_cell(5, candidates([2]))) == (
        "<Puzzle sudoku 4 box=(2, 2) 2 cells filled>")
    assert repr(Puzzle.blank("str8ts", 5)) == "<Puzzle str8ts 5 box=None 0 cells filled>"
    assert repr(Puzzle.blank(layout=SAMURAI)).startswith("<Puzzle sudoku 9 layout=Layout(box=3, ")
    assert repr(Puzzle.blank(layout=SAMURAI)).endswith(" 0 cells filled>")  # outside is not filled


def test_a_cell_is_found_by_row_and_column() -> None:
    puzzle = Puzzle.blank(size=6).with_cell(2 * 6 + 5, given(4))
    assert puzzle.cell(2, 5) == given(4) and puzzle.cell(5, 2) == EMPTY
    rows = puzzle.rows_of_cells()
    assert len(rows) == 6 and all(len(row) == 6 for row in rows)
    assert rows[2][5] == given(4) and sum(row.count(given(4)) for row in rows) == 1


def test_geometry_of_an_unknown_kind_is_refused_by_name() -> None:
    from pycore.model import geometry_of

    with pytest.raises(PuzzleError) as info:
        geometry_of("killer", 9)
    assert str(info.value) == "kind must be 'sudoku' or 'str8ts', not 'killer'"


def test_the_setters_words_are_cleaned_one_way_for_every_text_from_outside() -> None:
    from pycore.model import MAX_RULES, MAX_TITLE, WORD_BOUNDS, plain_words

    assert dict(WORD_BOUNDS) == {"title": MAX_TITLE, "author": 100, "rules": MAX_RULES}
    assert plain_words("title", "  A\tclassic\r\nby\x01me \x7f") == "A classic by me"
    assert plain_words("rules", "Normal sudoku.\r\nNo guessing.") == "Normal sudoku.\nNo guessing."
    assert plain_words("title", "x" * 99 + " y" + "z" * 50) == "x" * 99  # cut, then no space at its end
    assert len(plain_words("title", "x" * 500, cut=False)) == 500
    for name, bound in WORD_BOUNDS:  # what it gives, the puzzle holds
        words = plain_words(name, "\x00" + "é\n" * bound)
        assert len(words) <= bound
        blank = Puzzle.blank("sudoku", 9)
        held = Puzzle("sudoku", 9, blank.cells, title=words if name == "title" else "",
                      author=words if name == "author" else "", rules=words if name == "rules" else "")
        assert getattr(held, name) == words
