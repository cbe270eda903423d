"""The page's editing model, driven exactly as the page drives it, without a browser."""

from __future__ import annotations

from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from pycore.app.editor import (
    DISMISS,
    FULL,
    HINT,
    SOLVED,
    Editor,
    command,
    finish,
    is_full,
    start_mode,
    tidy_marks,
)
from pycore.model import (
    BLACK,
    EMPTY,
    OUTSIDE,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    value,
)
from pycore.shapes import blank_shape
from pycore.variants import Cage, Line, Rule


def typed(editor: Editor, *keys: str) -> Editor:
    for key in keys:
        editor.key(key)
    return editor


def at(editor: Editor, row: int, col: int) -> Editor:
    assert editor.select(row * editor.puzzle.cols + col)
    return editor


# -- modes -------------------------------------------------------------------


def test_each_mode_writes_its_own_kind_of_cell() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9), mode="given")
    typed(ed, "5")
    assert ed.puzzle.cells[0] == given(5)
    ed.set_mode("value")
    typed(at(ed, 0, 1), "3")
    assert ed.puzzle.cells[1] == value(3)
    ed.set_mode("candidates")
    typed(at(ed, 0, 2), "1", "4", "7", "4")
    assert ed.puzzle.cells[2] == candidates([1, 7])


def test_solving_leaves_the_puzzle_itself_alone() -> None:
    ed = Editor(Puzzle.blank("str8ts", 6).with_cells({0: given(2), 1: black(4), 2: BLACK}))
    for i in (0, 1, 2):
        for mode in ("value", "candidates"):
            ed.set_mode(mode)
            ed.select(i)
            assert not ed.digit(5)
            assert not ed.erase()
    assert ed.puzzle.cells[:3] == (given(2), black(4), BLACK)
    assert not ed.can_undo


def test_a_mark_typed_into_a_filled_cell_is_ignored_and_a_digit_keeps_the_marks_under_it() -> None:
    """As in SudokuPad: Shift+5 on the player's 2 leaves the 2; a digit typed over marks
    hides them, and taking the digit away shows them again."""
    ed = Editor(Puzzle.blank("sudoku", 4), mode="value")
    typed(ed, "2")
    ed.set_mode("candidates")
    typed(ed, "3")
    assert ed.puzzle.cells[0] == value(2)  # the digit stays; nothing was marked
    ed.set_mode("value")
    typed(ed, "Backspace")
    assert ed.puzzle.cells[0] == EMPTY
    ed.set_mode("candidates")
    typed(ed, "3", "4")
    ed.set_mode("corner")
    typed(ed, "1")
    ed.set_mode("value")
    typed(ed, "4")
    under = value(4).with_centre([3, 4]).with_corner([1])
    assert ed.puzzle.cells[0] == under
    typed(ed, "2")  # another digit over it: the same marks stay under
    assert ed.puzzle.cells[0] == value(2).with_centre([3, 4]).with_corner([1])
    typed(ed, "Backspace")
    assert ed.puzzle.cells[0] == candidates([3, 4]).with_corner([1])
    typed(ed, "Backspace")  # then the marks themselves go
    assert ed.puzzle.cells[0] == EMPTY
    ed.undo()
    ed.undo()
    assert ed.puzzle.cells[0] == value(2).with_centre([3, 4]).with_corner([1])


def test_marks_typed_over_a_selection_skip_the_filled_cells() -> None:
    """Select a box and type centre marks: the player's digits and the givens stay."""
    ed = Editor(Puzzle.blank("sudoku", 4).with_cells({0: value(4), 4: given(1)}),
                mode="candidates")
    for i in (1, 4, 5):
        ed.click(i, extend=True)
    assert ed.targets == [0, 1, 4, 5]
    typed(ed, "3")
    cells = ed.puzzle.cells
    assert (cells[0], cells[1], cells[4], cells[5]) == (
        value(4), candidates([3]), given(1), candidates([3]))
    typed(ed, "3")  # and off again from the cells that can hold it
    assert (ed.puzzle.cells[1], ed.puzzle.cells[0]) == (EMPTY, value(4))


def test_black_mode_paints_cells_and_black_givens() -> None:
    ed = Editor(Puzzle.blank("str8ts", 5), mode="black")
    assert ed.click(6)  # a click in black mode selects and flips
    assert ed.puzzle.cells[6] == BLACK
    typed(ed, "3")
    assert ed.puzzle.cells[6] == black(3)
    typed(ed, "Backspace")
    assert ed.puzzle.cells[6] == BLACK
    typed(ed, "Backspace")
    assert ed.puzzle.cells[6] == EMPTY
    typed(ed, " ", "ArrowRight", " ")
    assert ed.puzzle.cells[6] == BLACK and ed.puzzle.cells[7] == BLACK
    ed.set_mode("given")  # givens mode on a black cell makes a black given
    typed(ed, "4")
    assert ed.puzzle.cells[7] == black(4)


def test_sudoku_offers_no_black_mode() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9))
    assert ed.modes == ("given", "value", "corner", "candidates", "colour")
    assert not ed.key("b")
    ed.set_mode("black")
    assert ed.mode == "value"
    assert not ed.toggle_black()
    ed.click(0)
    assert ed.puzzle == Puzzle.blank("sudoku", 9)


def test_clear_entries_leaves_the_puzzle_as_set_without_the_players_notes() -> None:
    start = Puzzle.blank("str8ts", 4).with_cells({
        0: given(1).with_colours([2]), 1: value(2).with_colours([3]), 2: candidates([3, 4]).with_corner([1]),
        3: black(4), 4: EMPTY.with_corner([1]).with_colours([5]),
    }).with_info(title="T")
    ed = Editor(start, mode="value")
    assert ed.clear_entries() and ed.can_undo
    assert ed.puzzle == Puzzle.blank("str8ts", 4).with_cells({0: given(1), 3: black(4)}).with_info(
        title="T")
    assert not ed.clear_entries()  # nothing left to clear: no step to undo


def test_erase_clears_what_the_mode_may_change() -> None:
    start = Puzzle.blank("sudoku", 4).with_cells({0: given(1), 1: value(2), 2: candidates([3, 4])})
    ed = Editor(start, mode="value")
    for i in (0, 1, 2):
        ed.select(i)
        ed.erase()
    assert ed.puzzle.cells[:3] == (given(1), EMPTY, EMPTY)
    assert not ed.set_mode("given") and ed.unlock()  # an opened puzzle: Givens is asked for
    ed.select(0)
    assert ed.key("Delete")
    assert ed.puzzle.cells[0] == EMPTY


def test_m_cycles_the_modes_and_letters_pick_one() -> None:
    ed = Editor(Puzzle.blank("str8ts", 6), mode="given")
    seen = [ed.mode]
    for _ in range(6):
        typed(ed, "m")
        seen.append(ed.mode)
    assert seen == ["given", "value", "corner", "candidates", "colour", "black", "given"]
    for key, mode in (("p", "candidates"), ("G", "given"), ("s", "value"), ("b", "black"),
                      ("z", "value"), ("x", "corner"), ("c", "candidates"), ("v", "colour")):
        assert ed.key(key)
        assert ed.mode == mode


# -- two-digit entry --------------------------------------------------------


def test_two_digits_make_one_number_in_one_undo_step() -> None:
    ed = Editor(Puzzle.blank("sudoku", 16), mode="value")
    typed(ed, "1")
    assert ed.puzzle.cells[0] == value(1)  # shown at once
    typed(ed, "6")
    assert ed.puzzle.cells[0] == value(16)
    assert ed.undo()
    assert ed.puzzle.cells[0] == EMPTY
    assert not ed.can_undo


def test_a_second_digit_that_makes_no_number_starts_afresh() -> None:
    ed = Editor(Puzzle.blank("sudoku", 16), mode="value")
    typed(ed, "1", "7")
    assert ed.puzzle.cells[0] == value(7)
    typed(ed, "2")  # 2 cannot start 20..29 in a 16x16: no waiting
    typed(ed, "5")
    assert ed.puzzle.cells[0] == value(5)
    ed25 = typed(Editor(Puzzle.blank("sudoku", 25), mode="given"), "2", "5")
    assert ed25.puzzle.cells[0] == given(25)
    ed9 = typed(Editor(Puzzle.blank("sudoku", 9), mode="given"), "1", "2")
    assert ed9.puzzle.cells[0] == given(2)
    assert typed(Editor(Puzzle.blank("sudoku", 12)), "1", "0").puzzle.cells[0] == value(10)


def test_moving_ends_a_two_digit_entry() -> None:
    ed = Editor(Puzzle.blank("sudoku", 16), mode="value")
    typed(ed, "1", "ArrowRight", "ArrowLeft", "6")
    assert ed.puzzle.cells[0] == value(6)


def test_two_digit_pencil_marks_swap_the_first_mark_for_the_number() -> None:
    ed = Editor(Puzzle.blank("sudoku", 16), mode="candidates")
    typed(ed, "3", "1", "6")
    assert ed.puzzle.cells[0] == candidates([3, 16])
    typed(ed, "1", "6")  # the same number again takes the mark off
    assert ed.puzzle.cells[0] == candidates([3])
    ed.undo()
    assert ed.puzzle.cells[0] == candidates([3, 16])


def test_retyping_a_two_digit_value_changes_nothing() -> None:
    ed = Editor(Puzzle.blank("sudoku", 16).with_cell(0, value(16)), mode="value")
    typed(ed, "1", "6")
    assert ed.puzzle.cells[0] == value(16)
    assert not ed.can_undo


def test_the_digit_pad_enters_whole_numbers() -> None:
    ed = Editor(Puzzle.blank("sudoku", 25), mode="given")
    assert ed.enter(23)
    assert ed.puzzle.cells[0] == given(23)
    assert not ed.enter(26) and not ed.enter(0)


# -- cursor -----------------------------------------------------------------


def test_arrows_move_and_stop_at_the_edge() -> None:
    ed = Editor(Puzzle.blank("sudoku", 4))
    typed(ed, "ArrowLeft", "ArrowUp")
    assert ed.row_col == (0, 0)
    typed(ed, "ArrowDown", "ArrowDown", "ArrowRight")
    assert ed.row_col == (2, 1)
    typed(ed, *["ArrowDown"] * 5)
    assert ed.row_col == (3, 1)


def test_arrows_jump_over_the_gaps_of_a_samurai() -> None:
    ed = Editor(Puzzle.blank(layout=Layout.samurai(3)))
    assert ed.row_col == (0, 0)
    ed.select(8)  # last column of the top-left grid; columns 9-11 of rows 0-5 are outside
    typed(ed, "ArrowRight")
    assert ed.row_col == (0, 12)
    assert not ed.select(9)  # an outside cell cannot hold the cursor
    ed.select(6 * 21 + 9)  # row 6, column 9: the centre grid; above it lies nothing
    assert not ed.move(-1, 0)
    assert ed.row_col == (6, 9)


# -- history ----------------------------------------------------------------


def test_undo_and_redo_walk_the_history() -> None:
    ed = Editor(Puzzle.blank("sudoku", 4), mode="given")
    typed(ed, "1", "ArrowRight", "2", "ArrowRight", "3")
    third = ed.puzzle
    assert ed.key("z", ctrl=True) and ed.key("z", ctrl=True)
    assert ed.puzzle.cells[:3] == (given(1), EMPTY, EMPTY)
    assert ed.key("y", ctrl=True)
    assert ed.key("Z", ctrl=True, shift=True)
    assert ed.puzzle == third
    assert not ed.redo()
    ed.undo()
    typed(ed, "4")  # a new edit drops what could have been redone
    assert not ed.can_redo


def test_replacing_the_whole_grid_is_one_undoable_step() -> None:
    ed = Editor(Puzzle.blank("str8ts", 6), mode="black")
    typed(ed, *["ArrowDown"] * 5)
    ed.replace(blank_shape("samurai"))
    assert ed.mode == "value"  # a sudoku has no black mode
    assert ed.puzzle.cells[ed.cursor] != OUTSIDE
    assert ed.undo()
    assert ed.puzzle == Puzzle.blank("str8ts", 6)


def test_other_keys_are_left_to_the_browser() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9))
    for key, mods in (("Tab", {}), ("Enter", {}), ("q", {}), ("c", {"ctrl": True}),
                      ("5", {"alt": True}), (" ", {})):
        assert not ed.key(key, ctrl=mods.get("ctrl", False), alt=mods.get("alt", False))
    assert ed.puzzle == Puzzle.blank("sudoku", 9)


KEYS = st.sampled_from(
    ["1", "2", "3", "4", "5", "6", "0", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
     "Backspace", "m", "g", "v", "p", "b", " ", "z", "x", "c"]
)


@settings(max_examples=60, deadline=None)
@for_all(st.sampled_from(["sudoku-4", "sudoku-16", "str8ts-5", "samurai-4"]), st.lists(KEYS, max_size=40))
def test_any_typing_is_undone_to_the_start_and_redone_to_the_end(shape: str, keys: list[str]) -> None:
    start = blank_shape(shape)
    ed = Editor(start, mode="given")
    typed(ed, *keys)
    end = ed.puzzle
    while ed.undo():
        pass
    assert ed.puzzle == start
    while ed.redo():
        pass
    assert ed.puzzle == end


# -- fill candidates --------------------------------------------------------


def brute_candidates(p: Puzzle, i: int) -> frozenset[int]:
    taken = {p.cells[j].digit for j in p.geometry.peers[i]}
    return frozenset(range(1, p.size + 1)) - taken


def test_fill_candidates_pencils_in_what_the_houses_allow() -> None:
    p = Puzzle.blank("sudoku", 6).with_cells({0: given(1), 8: value(2), 35: given(6), 3: candidates([5])})
    ed = Editor(p)
    assert ed.fill_candidates()
    for i, cell in enumerate(ed.puzzle.cells):
        if p.cells[i].kind in ("given", "value"):
            assert cell == p.cells[i]
        else:
            assert cell == candidates(brute_candidates(p, i))
    ed.undo()
    assert ed.puzzle == p


def test_fill_candidates_in_a_str8ts_counts_black_givens_and_skips_black_cells() -> None:
    p = Puzzle.blank("str8ts", 4).with_cells({0: black(2), 1: BLACK, 5: given(3)})
    ed = Editor(p)
    ed.fill_candidates()
    assert ed.puzzle.cells[0] == black(2) and ed.puzzle.cells[1] == BLACK
    assert ed.puzzle.cells[2] == candidates([1, 3, 4])  # row 1 holds the black 2
    assert ed.puzzle.cells[4] == candidates([1, 4])  # its column holds the black 2, its row the 3


# -- modes and words ------------------------------------------------


def test_a_puzzle_opens_in_solve_mode_unless_nothing_in_it_was_played_or_given() -> None:
    assert start_mode(Puzzle.blank("sudoku", 9)) == "given"
    assert start_mode(Puzzle.blank("sudoku", 9).with_cell(3, given(2))) == "value"
    assert start_mode(Puzzle.blank("sudoku", 4).with_cell(3, value(2))) == "value"
    assert start_mode(Puzzle.blank("sudoku", 4).with_cell(3, candidates([2]))) == "value"
    assert start_mode(Puzzle.blank("str8ts", 4).with_cell(3, black(2))) == "value"
    assert start_mode(Puzzle.blank("str8ts", 4).with_cell(3, BLACK)) == "given"
    assert start_mode(Puzzle.blank(layout=Layout.samurai(2))) == "given"


def test_a_killer_without_givens_opens_to_be_played_a_grid_with_only_rules_to_be_set() -> None:
    blank = Puzzle.blank("sudoku", 4)
    assert start_mode(blank.with_variants(constraints=[Cage((0, 1), 3)])) == "value"
    assert start_mode(blank.with_variants(constraints=[Line("thermo", (0, 1, 2))])) == "value"
    assert start_mode(blank.with_variants(constraints=[Rule("diagonal+"), Rule("anti-knight")])) == "given"
    jigsaw = (0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3)  # a jigsaw being set
    assert start_mode(blank.with_variants(regions=jigsaw)) == "given"


# -- the player's tools: corner marks, centre marks, colours, several cells ------------


def test_z_x_c_v_pick_digit_corner_centre_and_colour_and_each_writes_its_own() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9).with_cell(1, given(4)), mode="value")
    typed(ed, "x", "1", "2", "c", "3", "4", "v", "6")
    cell = ed.puzzle.cells[0]
    assert (cell.corner, cell.candidates, cell.colours) == (
        frozenset({1, 2}), frozenset({3, 4}), frozenset({6}))
    typed(ed, "ArrowRight", "v", "2")  # a given takes colours too
    assert ed.puzzle.cells[1] == given(4).with_colours([2])
    typed(ed, "ArrowLeft", "z", "5")  # a digit: its colours stay, its marks go under it
    assert ed.puzzle.cells[0] == value(5).with_centre([3, 4]).with_corner([1, 2]).with_colours([6])
    typed(ed, "Backspace")
    assert ed.puzzle.cells[0] == candidates([3, 4]).with_corner([1, 2]).with_colours([6])
    typed(ed, "Backspace")
    assert ed.puzzle.cells[0] == EMPTY.with_colours([6])
    typed(ed, "v", "Backspace")
    assert ed.puzzle.cells[0] == EMPTY


def test_shift_writes_a_corner_mark_and_ctrl_a_centre_mark_whatever_the_tool() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9), mode="value")
    assert ed.key("!", shift=True, code="Digit1")  # Shift+1 on a US layout
    assert ed.key("7", ctrl=True, code="Digit7")
    assert ed.key("3", shift=True, code="Numpad3")
    cell = ed.puzzle.cells[0]
    assert (cell.kind, cell.corner, cell.candidates) == (
        "candidates", frozenset({1, 3}), frozenset({7}))
    assert ed.mode == "value"


def test_a_change_applies_to_every_selected_cell_and_is_one_undo_step() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9).with_cell(2, given(9)), mode="corner")
    ed.click(0)
    ed.click(1, extend=True)
    ed.click(2, extend=True)  # a given: colours only
    typed(ed, "4")
    assert [c.corner for c in ed.puzzle.cells[:3]] == [{4}, {4}, frozenset()]
    typed(ed, "4")  # every cell that can hold it has it: cleared from all
    assert [c.corner for c in ed.puzzle.cells[:3]] == [frozenset()] * 3
    ed.set_mode("colour")
    typed(ed, "3")
    assert [c.colours for c in ed.puzzle.cells[:3]] == [{3}] * 3
    ed.set_mode("value")
    typed(ed, "8")
    assert ed.puzzle.cells[:3] == (value(8).with_colours([3]), value(8).with_colours([3]),
                                   given(9).with_colours([3]))
    ed.undo()
    assert [c.kind for c in ed.puzzle.cells[:3]] == ["empty", "empty", "given"]
    ed.click(5)  # a plain click selects one cell again
    typed(ed, "1")
    assert ed.puzzle.cells[5] == value(1) and ed.puzzle.cells[0].kind == "empty"


def test_ctrl_click_takes_a_selected_cell_out_and_shift_click_only_adds() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9), mode="value")
    ed.click(0)
    ed.click(1, extend=True)
    ed.click(2, toggle=True)  # Ctrl on a cell not selected: it joins
    assert ed.selected == {0, 1, 2} and ed.cursor == 2
    ed.click(1, extend=True)  # Shift on a selected cell: it stays
    assert ed.selected == {0, 1, 2}
    ed.click(0, toggle=True)  # Ctrl on a selected cell: it leaves
    assert ed.selected == {1, 2} and ed.cursor == 1
    ed.click(1, toggle=True)  # the cursor's own cell: the cursor goes to the nearest left
    assert ed.selected == {2} and ed.cursor == 2
    ed.click(2, toggle=True)  # the last cell stays: the model always has a cursor
    assert ed.selected == {2} and ed.cursor == 2
    typed(ed, "7")
    assert ed.puzzle.cells[2] == value(7) and ed.puzzle.cells[0].kind == "empty"


def test_ctrl_click_in_black_cells_mode_flips_nothing() -> None:
    ed = Editor(Puzzle.blank("str8ts", 9), mode="black")
    ed.click(0, toggle=True)
    ed.click(1, toggle=True)
    ed.click(0, toggle=True)
    assert ed.selected == {1} and not any(c.is_black for c in ed.puzzle.cells)


def test_shift_or_ctrl_with_an_arrow_extends_the_selection() -> None:
    ed = at(Editor(Puzzle.blank("sudoku", 9), mode="corner"), 0, 0)
    assert ed.key("ArrowRight", shift=True)
    assert ed.key("ArrowDown", ctrl=True)
    assert ed.cursor == 10 and ed.selected == {0, 1, 10}
    assert ed.key("ArrowUp", shift=True) and ed.selected == {0, 1, 10}  # to a selected cell
    assert ed.key("ArrowUp", shift=True) and ed.cursor == 1  # the edge: it stays
    typed(ed, "4")
    assert [ed.puzzle.cells[i].corner for i in (0, 1, 10)] == [{4}] * 3
    assert ed.key("ArrowLeft")  # a plain arrow: one cell again
    assert ed.selected == {0}


def test_escape_shrinks_the_selection_to_the_cursor_and_says_no() -> None:
    ed = Editor(Puzzle.blank("sudoku", 9), mode="value")
    ed.click(3)
    ed.click(4, extend=True)
    assert ed.key("Escape")
    assert ed.selected == {4} and ed.cursor == 4
    assert ed.key("Escape") and ed.selected == {4}  # nothing more to shrink: still ours
    asked = Editor(Puzzle.blank("sudoku", 9).with_cell(0, given(5)), mode="value")
    asked.key("g")
    assert asked.asked == "given"
    asked.key("Escape")  # the question goes, its answer no
    assert (asked.asked, asked.mode, asked.guarded) == ("", "value", True)
    assert command("Escape") == DISMISS  # and the page takes a shown hint away


def test_h_is_the_hint_key_and_clashes_with_no_mode_key() -> None:
    assert command("h") == command("H") == HINT
    assert command("h", ctrl=True) == command("h", alt=True) == ""  # the browser's
    assert command("z") == command("5") == command("ArrowUp") == ""
    ed = Editor(Puzzle.blank("sudoku", 9).with_cell(0, given(5)), mode="value")
    ed.key("g")
    assert not ed.key("h")  # the editor leaves H to the page (its Hint)
    assert (ed.asked, ed.mode) == ("", "value")  # any other key: the question's no
    assert ed.puzzle == Puzzle.blank("sudoku", 9).with_cell(0, given(5))


def test_a_colour_is_one_of_the_palette_and_the_words_are_one_step() -> None:
    ed = Editor(Puzzle.blank("sudoku", 16), mode="colour")
    typed(ed, "1", "2")  # no two-digit entry: colours 1 and 2
    assert ed.puzzle.cells[0].colours == {1, 2}
    assert not ed.enter(10)
    assert ed.set_words("Title", "Me", "Rules")
    assert (ed.puzzle.title, ed.puzzle.author, ed.puzzle.rules) == ("Title", "Me", "Rules")
    ed.undo()
    assert ed.puzzle.title == ""


def test_a_solvers_answer_keeps_the_players_colours_corner_marks_and_the_words() -> None:
    """Solve and an applied hint come back from the solver without notes: they are put back."""
    from pycore.app.editor import keep_notes

    before = Puzzle.blank("sudoku", 4).with_cells({
        0: EMPTY.with_corner([1, 2]).with_colours([3]), 1: candidates([1, 2]).with_corner([3]),
        2: given(4).with_colours([9]),
    }).with_info(title="T")
    solved = Puzzle.blank("sudoku", 4).with_cells({0: value(1), 1: candidates([2]), 2: given(4)})
    kept = keep_notes(before, solved)
    assert kept.cells[:3] == (value(1).with_colours([3]), candidates([2]).with_corner([3]),
                              given(4).with_colours([9]))
    assert kept.title == "T"
    assert keep_notes(solved, before) == before  # nothing to keep from a grid without notes


# -- the moment the grid is full -----------------------------------------------


def _nearly_solved() -> tuple[Puzzle, list[int]]:
    """A 4x4 with its solution's givens but for the last two cells, and those digits."""
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    blank = blank_shape("sudoku-4")
    return blank.with_cells({i: given(d) for i, d in enumerate(solution[:14])}), solution[14:]


def test_typing_the_last_right_digit_says_solved_at_once() -> None:
    p, last = _nearly_solved()
    ed = Editor(p)
    at(ed, 3, 2)
    before = ed.puzzle
    typed(ed, str(last[0]))
    assert finish(before, ed.puzzle) == ""  # one cell still open
    at(ed, 3, 3)
    before = ed.puzzle
    typed(ed, str(last[1]))
    assert finish(before, ed.puzzle) == SOLVED
    assert finish(ed.puzzle, ed.puzzle) == ""  # nothing changed: no second moment
    before = ed.puzzle
    typed(ed, "Delete")
    assert finish(before, ed.puzzle) == "" and not is_full(ed.puzzle)


def test_a_full_grid_with_a_mistake_is_full_not_solved_and_the_pad_counts_too() -> None:
    p, last = _nearly_solved()
    ed = Editor(p)
    at(ed, 3, 2)
    typed(ed, str(last[1]))  # the two last digits swapped: each clashes in its column
    at(ed, 3, 3)
    before = ed.puzzle
    assert ed.enter(last[0])  # the pad
    assert finish(before, ed.puzzle) == FULL and ed.puzzle.conflicts()


def test_a_setter_filling_every_cell_with_givens_is_no_moment() -> None:
    p, last = _nearly_solved()
    ed = Editor(p, mode="given")
    at(ed, 3, 2)
    typed(ed, str(last[0]))
    at(ed, 3, 3)
    before = ed.puzzle
    typed(ed, str(last[1]))
    assert is_full(ed.puzzle) and finish(before, ed.puzzle) == ""


def test_a_str8ts_is_solved_only_with_a_straight_in_every_compartment() -> None:
    blank = Puzzle.blank("str8ts", 4)

    def grid(rows: list[list[int]]) -> Puzzle:  # 0: a black cell
        return blank.with_cells({r * 4 + c: (BLACK if d == 0 else value(d))
                                 for r, row in enumerate(rows) for c, d in enumerate(row)})

    right = grid([[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2]])
    assert finish(right.with_cell(15, EMPTY), right) == SOLVED
    # a black r2c3 leaves column 3 a compartment of 4 and 1: no clash anywhere, no straight
    wrong = grid([[0, 1, 2, 3], [1, 2, 0, 4], [2, 3, 4, 1], [3, 4, 1, 2]])
    assert not wrong.conflicts()
    assert finish(wrong.with_cell(15, EMPTY), wrong) == FULL


# -- an opened puzzle keeps its givens from the solver ---------------------------------


def _opened() -> Editor:
    p = blank_shape("sudoku-4").with_cells({0: given(1), 5: given(4)})
    return Editor(p, mode=start_mode(p))


def test_m_cycles_only_the_solving_modes_of_an_opened_puzzle() -> None:
    ed = _opened()
    assert ed.mode == "value" and ed.guarded
    seen = [ed.mode]
    for _ in range(5):
        typed(ed, "m")
        seen.append(ed.mode)
    assert seen == ["value", "corner", "candidates", "colour", "value", "corner"]
    # a blank grid being set cycles through Givens as before
    setter = Editor(blank_shape("sudoku-4"), mode="given")
    assert not setter.guarded
    typed(setter, "m", "m", "m", "m", "m")
    assert setter.mode == "given"


def test_solving_modes_never_change_a_given() -> None:
    ed = _opened()
    puzzle = ed.puzzle
    for mode in ("z", "x", "c"):
        at(typed(ed, mode), 0, 0)
        typed(ed, "3", "Delete", "Backspace")
        ed.key("7", shift=True)
        ed.key("2", ctrl=True)
        assert ed.puzzle.cells[0] == puzzle.cells[0]
    assert ed.enter(2) is False and ed.erase() is False


def test_givens_mode_is_asked_for_and_the_yes_is_a_second_g_or_unlock() -> None:
    ed = _opened()
    at(ed, 0, 0)
    assert ed.key("g")  # ours: the page asks
    assert ed.mode == "value" and ed.asked == "given"
    typed(ed, "Delete")  # any other key keeps solving: the given stays, the question goes
    assert ed.puzzle.cells[0] == given(1) and ed.asked == ""
    assert not ed.set_mode("given")  # the Givens button asks too
    assert ed.asked == "given"
    ed.keep_solving()
    assert ed.asked == "" and ed.mode == "value"
    typed(ed, "g", "g")  # asked, and said yes
    assert ed.mode == "given" and not ed.guarded
    typed(ed, "Delete")
    assert ed.puzzle.cells[0] == EMPTY
    assert ed.undo() and ed.puzzle.cells[0] == given(1)  # the change to the puzzle is undoable
    typed(ed, "z")  # solving again: the puzzle is guarded again
    assert ed.guarded
    typed(ed, "m", "m", "m", "m")
    assert ed.mode == "value"
    assert not ed.set_mode("given")
    assert ed.unlock() and ed.mode == "given"


def test_a_str8ts_keeps_its_black_cells_from_the_solver() -> None:
    p = Puzzle.blank("str8ts", 4).with_cells({0: BLACK, 5: given(2)})
    ed = Editor(p, mode=start_mode(p))
    assert ed.guarded
    typed(ed, "b")
    assert ed.mode == "value" and ed.asked == "black"
    ed.click(0)
    assert ed.puzzle == p
    # a str8ts being drawn (black cells only) opens in Givens and is not guarded
    drawn = Puzzle.blank("str8ts", 4).with_cells({0: BLACK})
    assert not Editor(drawn, mode=start_mode(drawn)).guarded


# -- marks tidied under a placed digit (a hint always; the player's with the setting) --


def marked_grid() -> Puzzle:
    """r1c1 empty; its row, column and box pencilled with 6 (centre and corner), and r9c9,
    which sees none of it, too."""
    p = Puzzle.blank("sudoku", 9)
    marks = {i: candidates({6, 7}).with_corner({6, 8}) for i in (1, 8, 9, 10, 72, 80)}
    return p.with_cells(marks)


def test_tidy_marks_takes_a_placed_digit_out_of_its_peers_marks_only() -> None:
    p = marked_grid().with_cell(0, value(6))
    tidied = tidy_marks(p, [(0, 6)])
    for i in (1, 8, 9, 10, 72):  # row 1, box 1, column 1
        assert tidied.cells[i].candidates == {7} and tidied.cells[i].corner == {8}
    assert tidied.cells[80] == p.cells[80]  # r9c9 sees no r1c1
    one = Puzzle.blank("sudoku", 9).with_cell(1, candidates({6}))
    assert tidy_marks(one, [(0, 6)]).cells[1] == EMPTY  # its last mark gone: an empty cell


def test_the_players_digit_leaves_the_marks_unless_the_setting_is_on() -> None:
    ed = Editor(marked_grid(), mode="value")
    assert not ed.tidy  # off by default, as in SudokuPad
    typed(at(ed, 0, 0), "6")
    assert ed.puzzle.cells[1].candidates == {6, 7}
    ed.undo()
    ed.tidy = True
    typed(at(ed, 0, 0), "6")
    assert ed.puzzle.cells[0] == value(6)
    assert ed.puzzle.cells[1].candidates == {7} and ed.puzzle.cells[72].corner == {8}
    assert ed.puzzle.cells[80].candidates == {6, 7}
    assert ed.undo()  # one step: the digit and the marks come back together
    assert ed.puzzle == marked_grid()
    ed.enter(6)  # the pad too
    assert ed.puzzle.cells[9].candidates == {7}
    ed.undo()
    at(ed, 0, 0).key("6", ctrl=True)  # a centre mark is no placement: nothing tidied
    assert ed.puzzle.cells[1].candidates == {6, 7}


def test_a_two_digit_entry_tidies_the_number_it_makes() -> None:
    p = Puzzle.blank("sudoku", 16)
    p = p.with_cells({1: candidates({1, 16}), 2: candidates({1, 2})})
    ed = Editor(p, mode="value")
    ed.tidy = True
    typed(at(ed, 0, 0), "1", "6")
    assert ed.puzzle.cells[0] == value(16)
    assert ed.puzzle.cells[1].candidates == {1} and ed.puzzle.cells[2].candidates == {1, 2}
    assert ed.undo() and ed.puzzle == p
