"""Words for a player (pycore.app.messages): plain words, not a format's jargon.

A cut-off link says it looks cut off and how much of it is there; a link format
that cannot hold the grid says what the player would lose, in the grid's terms,
without flags or parameters; every first line is short.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pycore import links
from pycore.app import editor, heavy_messages, messages
from pycore.errors import FormatError, LossError, Lost, PuzzleError
from pycore.model import BLACK, EMPTY, Layout, Puzzle, black, candidates, given, value
from pycore.solve import count_solutions

BASE = "https://example.org/"
DEVELOPER_WORDS = re.compile(r"lossy|--|pass |expected|leading _|player's|\bbody\b|base-?\d+|=True")


def classic() -> Puzzle:
    """A 9x9 of givens, the grid most shared links hold."""
    digits = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    return Puzzle.blank("sudoku", 9).with_cells(
        {i: given(int(d)) for i, d in enumerate(digits) if d != "0"})


def half_solved() -> Puzzle:
    """The classic with 3 of the player's digits and 2 cells of pencil marks."""
    return classic().with_cells({2: value(4), 3: value(6), 5: value(8),
                                 6: candidates({1, 2}), 7: candidates({1, 9})})


def str8ts() -> Puzzle:
    return Puzzle.blank("str8ts", 9).with_cells({0: black(), 10: black(3), 20: given(5)})


def failure(text: str) -> Exception:
    """The error opening `text` raises (the test fails if it opens)."""
    with pytest.raises((FormatError, PuzzleError)) as caught:
        links.read(text)
    return caught.value


def opened(text: str) -> str:
    return messages.opening(failure(text), text)


def first_line(words: str) -> str:
    return words.split("\n", 1)[0]


def assert_plain(words: str) -> None:
    assert len(first_line(words)) <= messages.FIRST_LINE, words
    assert DEVELOPER_WORDS.search(words) is None, words


# --- a cut-off link -----------------------------------------------------------------


def test_a_cut_off_9x9_offset_link_says_how_much_of_its_164_characters_is_there() -> None:
    link = links.link(classic(), "offset", BASE)  # 'o:' and 81 cells of 2 characters
    fragment = link.split("#", 1)[1]
    assert len(fragment) == 164
    words = opened(link[: len(BASE) + 1 + 40])
    assert first_line(words) == "This link looks cut off. Copy the whole link again."
    assert "It has 40 of the 164 characters a 9x9 link of this kind needs." in words
    assert_plain(words)


@pytest.mark.parametrize(("format", "puzzle"), [
    ("offset", classic()),
    ("offset", Puzzle.blank("sudoku", 16).with_cells({0: given(16), 255: given(1)})),
    ("binary", classic()),
    ("str8ts", str8ts()),
    ("jcode", classic()),
    ("jcode", str8ts()),
    ("bitcell", classic()),
])
@pytest.mark.parametrize("kept", [0.3, 0.5, 0.9])
def test_every_tagged_link_cut_short_looks_cut_off(format: str, puzzle: Puzzle, kept: float) -> None:
    fragment = links.fragment(puzzle, format)
    cut = fragment[: int(len(fragment) * kept)]
    if format == "bitcell":  # a cut inside a number can leave a cell value no cell has
        cut = cut[: cut.rindex(",")]
    words = opened(cut)
    assert first_line(words) == "This link looks cut off. Copy the whole link again."
    have, need = map(int, re.search(r"It has (\d+) of the (\d+)", words).groups())  # type: ignore[union-attr]
    assert have < need
    assert f"a {puzzle.rows}x{puzzle.cols} link" in words
    assert_plain(words)


def test_a_cut_off_link_of_cell_tokens_counts_cells() -> None:
    fragment = links.fragment(classic(), "bitcell")
    cut = ",".join(fragment.split(",")[:30])
    assert "It has 30 of the 81 cells a 9x9 link" in opened(cut)


def test_a_cut_off_samurai_binary_link_names_its_whole_shape() -> None:
    samurai = Puzzle.blank(layout=Layout.samurai())
    samurai = samurai.with_cells({i: given(1 + i % 9) for i in range(0, len(samurai.cells), 11)
                                  if samurai.cells[i].kind != "outside"})
    fragment = links.fragment(samurai, "binary")
    words = opened(fragment[:200])
    assert f"It has 200 of the {len(fragment)} characters a 21x21 link" in words


def test_a_binary_link_cut_before_its_grid_says_so_without_numbers() -> None:
    fragment = links.fragment(classic(), "binary")
    words = opened(fragment[:6])
    assert first_line(words) == "This link looks cut off. Copy the whole link again."
    assert "It ends before its grid begins." in words


def test_a_stray_character_is_not_called_cut_off() -> None:
    fragment = links.fragment(classic(), "offset")
    words = opened(fragment[:10] + "x" + fragment[11:40])
    assert "cut off" not in first_line(words)
    assert "Character 11 is 'x'" in words
    assert_plain(words)


def test_a_whole_link_with_an_extra_character_is_not_cut_off() -> None:
    fragment = links.fragment(classic(), "offset")
    words = opened(fragment + "0")
    assert "looks cut off" not in words
    assert len(first_line(words)) <= messages.FIRST_LINE


def solutions_of_givens(puzzle: Puzzle) -> int:
    """0, 1 or 2 (two or more) solutions of the givens alone (the player's digits and marks
    left out)."""
    return count_solutions(puzzle.unplayed, limit=2)


def test_a_compact_link_cut_into_another_grid_with_no_solution_or_several_is_doubted() -> None:
    """Compact uses nearly every text, so a cut one can open as another grid; when no
    solution fits that grid's givens, or several do, the words say the link may be damaged."""
    text = links.fragment(classic(), "compact")
    doubted = []
    for end in range(len(text) - 1, 0, -1):
        try:
            _, opened = links.read(text[:end])
        except (FormatError, PuzzleError):
            continue
        words = messages.doubt(opened)
        found = solutions_of_givens(opened)
        assert words == (messages.DOUBT if found == 0 else messages.SEVERAL if found > 1 else None)
        if words is not None:
            doubted.append(end)
            assert ("cut" in words) and not DEVELOPER_WORDS.search(words)
            # one line, no longer than the "Opened a 16x16 sudoku ..." line it replaces
            assert "\n" not in words and len(words) <= len("Opened a 16x16 sudoku (compact format).")
    assert len(doubted) >= 3  # this puzzle's link, cut, opens as such a grid more than once
    assert messages.doubt(classic()) is None


def test_a_link_of_progress_without_its_check_mark_is_said_in_one_short_line() -> None:
    assert "\n" not in messages.UNCHECKED
    assert len(messages.UNCHECKED) <= len("Opened a 16x16 sudoku (compact format).")


def test_a_players_mistake_or_a_blank_grid_raises_no_doubt_but_clashing_givens_do() -> None:
    assert messages.doubt(Puzzle.blank("sudoku", 9)) is None
    assert messages.doubt(Puzzle.blank("str8ts", 6).with_cells({0: black(), 7: black()})) is None
    assert messages.doubt(classic().with_cells({2: value(5)})) is None  # a 5 beside the given 5
    assert messages.doubt(half_solved()) is None
    clash = classic().with_cells({2: given(5)})  # two given 5s in the first row
    assert messages.doubt(clash) == "No solution fits: was the link cut off?"


def test_a_link_with_nothing_after_the_hash_says_so() -> None:
    words = opened(BASE + "#")
    assert words == "There is no puzzle in that link: nothing follows the #."


@pytest.mark.parametrize("text", [
    "zz:abc",  # a tag no format has
    "S9B" + "0" * 100,  # a header, then a body of no size
    "Zm9vYmFy_not-a-link",  # untagged: tried as every format
])
def test_an_unknown_fault_stays_readable_without_format_rules(text: str) -> None:
    words = opened(text)
    assert words == ("That link could not be opened: it may be cut off or changed.\n"
                     "Copy the whole link again.")


# --- a link format that cannot hold the grid ------------------------------------------


def loss(format: str, puzzle: Puzzle) -> LossError:
    with pytest.raises(LossError) as caught:
        links.fragment(puzzle, format)
    return caught.value


def test_binary_names_the_pencil_marks_and_the_givens_it_cannot_keep() -> None:
    words = messages.sharing(loss("binary", half_solved()))
    assert "your pencil marks (2 cells)" in words
    assert "which digits are givens" in words
    assert words.endswith("The address bar keeps everything.")
    assert_plain(words)


def test_one_cell_of_pencil_marks_is_one_cell() -> None:
    one = classic().with_cells({6: candidates({1, 2})})
    words = messages.sharing(loss("binary", one))
    assert first_line(words) == "This link format cannot keep your pencil marks (1 cell)."


def test_a_sudoku_in_a_str8ts_link_and_a_str8ts_in_an_offset_link() -> None:
    assert "would open as a Str8ts" in messages.sharing(loss("str8ts", classic()))
    words = messages.sharing(loss("offset", str8ts()))
    assert "that this is a Str8ts (it would open as a sudoku)" in words
    assert "2 black cells" in words
    assert_plain(words)


def test_odd_boxes_are_named_by_their_shape() -> None:
    sixes = Puzzle.blank("sudoku", 6, box=(3, 2))
    words = messages.sharing(loss("jcode", sixes))
    assert "its 3x2 boxes" in words
    assert_plain(words)


def test_the_players_digits_are_counted_as_digits() -> None:
    assert messages.lost_words([Lost("value", 64)]) == "64 of your digits"
    assert messages.lost_words([Lost("value", 1)]) == "1 of your digits"


def test_several_losses_read_as_one_list() -> None:
    words = messages.lost_words([Lost("black", 3), Lost("candidates", 12), Lost("value", 2)])
    assert words == "3 black cells, your pencil marks (12 cells) or 2 of your digits"


def test_a_loss_with_no_words_of_its_own_is_said_as_the_error_says_it() -> None:
    for part in (Lost("corner", 2), Lost("title"), Lost("placed-digit", 2)):
        assert messages.lost_words([part]) == str(part)


def test_a_long_list_of_losses_keeps_a_short_first_line() -> None:
    many = half_solved().with_cells({8: candidates({3, 4})})
    err = LossError("binary", [*loss("binary", many).lost, Lost("box-shape", detail="3x3")])
    words = messages.sharing(err)
    assert first_line(words) == "This link format cannot keep all of this grid."
    assert "It would lose your pencil marks (3 cells), which digits are givens or its 3x3 boxes." in words


def test_a_shape_a_link_format_cannot_hold_at_all_is_named() -> None:
    samurai = Puzzle.blank(layout=Layout.samurai())
    with pytest.raises(FormatError) as caught:
        links.fragment(samurai, "offset")
    words = messages.sharing(caught.value, samurai)
    assert first_line(words) == "This link format cannot hold a grid of overlapping boxes like this one."
    assert_plain(words)


def test_for_error_chooses_by_what_it_is_given() -> None:
    text = links.fragment(classic(), "offset")[:50]
    assert messages.for_error(failure(text), text=text) == opened(text)
    err = loss("binary", half_solved())
    assert messages.for_error(err) == messages.sharing(err)


# --- a pasted text --------------------------------------------------------------------


def pasted(text: str) -> str:
    """What the page says when `text`, pasted into its open box, opens with no reader."""
    with pytest.raises((FormatError, PuzzleError)) as caught:
        links.read_any(text)
    return messages.pasting(caught.value, text)


def test_a_text_no_reader_knows_says_what_the_page_opens_not_every_readers_reasons() -> None:
    words = pasted("this is not a puzzle at all")
    assert words == messages.NOT_KNOWN
    assert_plain(words)
    assert "sudokupad:" not in words and "hodoku:" not in words


def test_a_tool_link_one_reader_recognised_says_which_tool_and_what_it_wanted() -> None:
    words = pasted("https://www.sudokuwiki.org/sudoku.htm?bd=1234")
    assert words == ("That sudokuwiki.org link could not be read.\n"
                     "It should have a square number of cells (16, 36, 64, 81, 144, 256, 625); "
                     "it has 4 cells.")
    assert len(first_line(words)) <= messages.FIRST_LINE


def test_a_grid_of_digits_one_short_says_how_many_cells_it_has() -> None:
    digits = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    words = pasted(digits[:-1])
    assert words.startswith("That grid of digits could not be read.\n")
    assert words.endswith("it has 80 cells.")


@pytest.mark.parametrize("format", ["offset", "jcode"])
def test_one_of_our_links_cut_off_in_the_paste_box_looks_cut_off(format: str) -> None:
    whole = links.link(classic(), format, BASE)
    words = pasted(whole[:len(BASE) + 31])
    assert words.startswith(messages.CUT_OFF), words
    assert_plain(words)


def test_our_json_with_a_fault_says_what_it_should_have_and_where() -> None:
    assert pasted('{"kind": "sudoku", "size": 7, "cells": []}') == (
        "That JSON text could not be read.\nIt should have 7 rows of 7 cells at character 31.")


def test_one_of_our_tagged_links_with_an_unknown_tag_points_at_the_character() -> None:
    words = pasted(f"{BASE}#x:12")
    assert words.startswith("This link has a character that does not belong in it.")
    assert "Character 1 is 'x'" in words


def test_another_sites_link_with_a_fragment_is_not_called_one_of_ours() -> None:
    assert pasted("https://example.com/notes#section-2") == messages.NOT_KNOWN


def test_every_reader_of_other_tools_has_a_name_a_player_reads() -> None:
    from pycore.formats import tools

    assert {tools.module(name).NAME for name in tools.IMPORTS} == set(messages.TOOLS)


def test_an_imports_long_list_of_losses_is_listed_short_and_counted() -> None:
    lost = [f"the 'k{n}' constraint cannot be kept" for n in range(1000)]
    shown = messages.listed(lost)
    assert shown[:-1] == lost[:messages.LISTED - 1] and len(shown) == messages.LISTED
    assert shown[-1] == f"and {1000 - messages.LISTED + 1} more things"
    assert messages.listed(lost[:messages.LISTED]) == lost[:messages.LISTED]  # all fit: all shown


# -- the grid in words ----------------------------------------------------------------


def test_cells_are_described_in_words() -> None:
    assert [messages.cell_words(c) for c in (EMPTY, given(4), value(12), candidates([3, 1]), BLACK,
                                              black(7))] == [
        "empty", "given 4", "value 12", "pencil marks 1 3", "black", "black, given 7",
    ]


def test_a_screen_reader_hears_a_cells_row_column_content_and_clash() -> None:
    assert messages.cell_label(0, 8, given(4), False) == "Row 1, column 9: given 4"
    assert messages.cell_label(2, 3, value(5), True) == "Row 3, column 4: value 5, conflict"


def test_every_mode_of_the_editor_has_its_buttons_label() -> None:
    assert set(messages.MODE_LABELS) == set(editor.MODES)
    assert messages.MODE_LABELS[editor.VALUE] == "Digit"
    assert messages.MODE_LABELS[editor.CANDIDATES] == "Centre"


# -- saved grids ----------------------------------------------------------------------


def test_the_question_about_other_progress_leaves_room_for_the_moment_it_was_saved() -> None:
    before, after = messages.other_progress("Classic 9x9")
    assert before == "You have other progress on this puzzle (Classic 9x9, saved "
    assert after.startswith("). The grid shows the link's state")
    assert messages.reopened("Classic 9x9") == "Reopened: Classic 9x9."


# -- the heavy worker's answers (heavy_messages) -------------------------------------------------------


def test_technique_names_read_as_words_with_their_letters_in_capitals() -> None:
    assert heavy_messages.technique_words("naked-pair") == "Naked pair"
    assert heavy_messages.technique_words("xy-wing") == "XY-wing"
    assert heavy_messages.technique_words("als-xz") == "ALS-XZ"


def test_a_hint_is_one_paragraph_that_names_its_technique_and_how_to_apply_it() -> None:
    said = heavy_messages.hinting("In row 1, r1c1 can only be 4.", "naked-single")
    assert said == "Hint: In row 1, r1c1 can only be 4 (naked single). Press Hint again to apply it."
    assert heavy_messages.hinting("a chain", "xy-wing") == (
        "Hint: a chain (XY-wing). Press Hint again to apply it.")
    assert heavy_messages.hint_applied(1, 0) == "Hint applied: placed 1 digit. Undo takes it back."
    assert heavy_messages.hint_applied(0, 3) == "Hint applied: removed 3 candidates. Undo takes it back."
    assert heavy_messages.hint_applied(2, 1) == ("Hint applied: placed 2 digits and removed 1 candidate. "
                                           "Undo takes it back.")


def test_no_step_is_the_engines_stuck_words_as_a_sentence() -> None:
    from pycore.solve import advice

    assert heavy_messages.no_step() == "No technique I know applies here." == (
        advice.STUCK[0].upper() + advice.STUCK[1:] + ".")


def test_the_solution_path_says_its_steps_and_its_grade() -> None:
    assert heavy_messages.path_step("hidden-single", 14, 28, "r1c1 is 4.") == (
        "Hidden single (14, total 28): r1c1 is 4.")
    assert heavy_messages.path_walking(1, "") == "Walking the solution path: 1 step so far…"
    assert heavy_messages.path_walking(12, ", 1 guess") == (
        "Walking the solution path: 12 steps so far, 1 guess…")
    assert heavy_messages.path_graded("hard", 1200, 40, "", "xy-wing", stuck=False, unique=True) == (
        "Hard: score 1200, 40 steps; the hardest step is XY-wing.")
    graded = heavy_messages.path_graded("unfair", 90, 1, "", "", stuck=True, unique=False)
    assert graded.startswith("Unfair: score 90, 1 step. Then no technique I know applies here (a guess).")
    assert graded.endswith(" Several solutions fit, so the uniqueness techniques are left out.")


def test_a_new_puzzle_says_its_level_givens_and_time() -> None:
    assert heavy_messages.puzzle_made("easy", 36, 1.26) == (
        "A new easy puzzle, 36 givens (made in 1.3 s). Have fun!")
    assert heavy_messages.no_puzzle_made("extreme").startswith("No extreme puzzle of this shape turned up")


def test_a_wheel_not_loaded_is_said_in_plain_words_and_a_qr_refusal_ends_once() -> None:
    assert messages.not_loaded("segno") == ("The QR code maker could not be loaded from this site. "
                                            "Try again when you are online.")
    assert heavy_messages.no_qr(messages.not_loaded("segno")) == "No QR code: " + messages.not_loaded("segno")
    assert heavy_messages.no_qr("the link is too long") == "No QR code: the link is too long."


def test_a_screen_reader_hears_the_grids_mode() -> None:
    assert messages.grid_role(editor.CORNER) == "puzzle grid, Corner mode"


# -- the page's own lines ---------------------------------------------------------------


def test_a_text_too_long_to_read_says_both_lengths_in_thousands() -> None:
    assert messages.too_long(2_000_000, 1 << 20) == (
        "That text is too long to read: 2,000,000 characters; the page reads at most 1,048,576 (1 MiB).")
    assert messages.thousands(999) == "999" and messages.thousands(1000) == "1,000"
    assert messages.size_of(1536) == "1536 KiB"


def test_other_tools_verdicts_say_whether_the_grid_is_held_whole() -> None:
    assert messages.tool_verdict("a 25x25 grid", []) == "Cannot hold this grid: a 25x25 grid."
    assert messages.tool_verdict(None, ["colours", "titles"]) == "Leaves out: colours; titles."
    assert messages.tool_verdict(None, []) == "Holds the whole grid."
    assert messages.copy_the("SudokuPad", "link") == "Copy the SudokuPad link"
    assert messages.copy_the("HoDoKu grid") == "Copy the HoDoKu grid"


def test_the_solver_not_loaded_is_said_as_any_wheel_not_loaded_is() -> None:
    assert messages.SOLVER_NOT_LOADED == ("The solver could not be loaded from this site. "
                                          "Try again when you are online.")


def test_a_puzzle_opened_names_its_shape_kind_and_format() -> None:
    assert messages.opened(Puzzle.blank("str8ts", 9), "offset") == "Opened a 9x9 str8ts (offset format)."


# -- every sentence is here ----------------------------------------------------------------

# Texts of the page's Python that are no player's reading: a bug's report for the console.
NOT_FOR_A_PLAYER = {"the heavy worker failed: "}


def _strings_outside_docstrings(tree: ast.AST) -> list[tuple[int, str]]:
    documented = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # a docstring, or an attribute's docstring after it
            documented |= {id(statement.value) for statement in body
                           if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documented]


def sentences_outside_messages(sources: dict[str, str]) -> list[str]:
    """Every string of the page's Python that reads as words ("two words" at least) and is
    not in messages.py: a sentence the player would read, kept in the wrong place."""
    return [f"{path}:{line}: {text!r}" for path, source in sources.items()
            for line, text in _strings_outside_docstrings(ast.parse(source))
            if re.search(r"[A-Za-z]+ [a-z]+", text) and text not in NOT_FOR_A_PLAYER]


def _page_python() -> dict[str, str]:
    web = Path(__file__).resolve().parents[2] / "web"
    return {path.relative_to(web).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(web.glob("*/*.py"))}


def test_the_pages_python_says_nothing_to_a_player_in_words_of_its_own() -> None:
    assert sentences_outside_messages(_page_python()) == []


def test_a_sentence_written_in_a_page_module_is_found() -> None:
    sources = _page_python()
    sources["light/keeper.py"] += '\n\ndef hello() -> str:\n    return "Your grid is safe."\n'
    found = sentences_outside_messages(sources)
    assert len(found) == 1 and found[0].startswith("light/keeper.py:") and "Your grid is safe." in found[0]


def test_the_heavy_workers_words_stay_out_of_the_first_screens_bundle() -> None:
    from pycore.site.light import LIGHT_MODULES

    assert "pycore/app/messages.py" in LIGHT_MODULES
    assert "pycore/app/heavy_messages.py" not in LIGHT_MODULES
