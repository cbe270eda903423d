"""SudokuPad ids read and written, checked against SudokuPad's own zip and reading order."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from pycore import links
from pycore.errors import FormatError, LossError
from pycore.formats import tools
from pycore.formats.tools import sudokupad
from pycore.formats.tools._common import lz_decompress
from pycore.model import EMPTY, WORD_BOUNDS, Layout, Puzzle, given, plain_words
from pycore.variants import Other
from tests.strategies import square_puzzles
from tests.tools.examples import by_name, grid
from tests.tools.grids import CLASSIC, HOSTILE, classic_puzzle, with_play


def _zip_classic1(givens: str) -> str:
    """SudokuPad's zipClassicSudoku: digits as they are, runs of blanks as letters."""
    letters = sudokupad.CLASSIC1
    out = re.sub(r"_+", lambda m: "".join(
        letters[min(len(letters) - 1, len(m.group()) - k)]
        for k in range(0, len(m.group()), len(letters) - 1)), givens)
    return out


def test_sudokupad_classic1_id_round_trips_through_sudokupads_zip() -> None:
    text = by_name("sudokupad classic test id")["text"]
    puzzle = links.read_any(text).puzzle
    givens = "".join(str(c.digit) if c.digit else "_" for c in puzzle.cells)
    assert "classic" + _zip_classic1(givens) == text
    assert puzzle.count("given") == 23 and not puzzle.conflicts()


def test_sudokupad_zipped_json_reads_like_plain_json() -> None:
    zipped = "{ce:[[{v:1},,,],[,,{v:'2'},],[,,,],[,,,{v:4,c:ff0000}]],ca:[{ce:[[0,0]],v:3}],t:'x'}"
    found = tools.read(zipped)
    assert found.format == "sudokupad scl"
    assert grid(found.puzzle, "given") == "1.....2........4"
    assert any("(1 cage)" in w for w in found.warnings)  # a cage without unique: carried
    assert found.puzzle.constraints == (Other("sudokupad:cage", '{"cells":[[0,0]],"value":3}', [0]),)
    assert found.puzzle.cells[15].colours == {7}  # red: the palette's vermilion, as said
    assert "the colour ff0000 of 1 cell is shown as colour 7, vermilion (#d55e00): the " \
        "nearest of the palette" in found.warnings


def test_sudokupad_json_keeps_corner_and_centre_marks_colours_and_words() -> None:
    text = ("{ce:[[{pencilMarks:[1,2],centremarks:[3,4],c:'#56b4e9'},{v:2,pencilMarks:[3]},,],"
            "[,,,],[,,,],[,,,]],metadata:{title:'Four',author:'Bo',rules:'Rows hold 1-4.'}}")
    found = tools.read(text)
    first = found.puzzle.cells[0]
    assert (first.corner, first.candidates, first.colours) == (
        frozenset({1, 2}), frozenset({3, 4}), frozenset({6}))
    assert found.puzzle.cells[1] == given(2)
    assert (found.puzzle.title, found.puzzle.author, found.puzzle.rules) == (
        "Four", "Bo", "Rows hold 1-4.")
    assert list(found.warnings) == ["corner pencil marks under a digit in 1 cell cannot be kept"]


def test_sudokupad_scf_keeps_the_title_and_author() -> None:
    found = tools.read("https://sudokupad.app/scf" + "o" * 13 + "K" + "*tA%20**star*aMe*")
    assert (found.puzzle.title, found.puzzle.author) == ("A *star", "Me")
    assert found.warnings == ()


BLANK_ENCODES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"


def read_classic(link: str) -> list[int]:
    """SudokuPad's reading: each character is index = digit + 10 * blanks that follow it."""
    assert link.startswith("https://sudokupad.app/scf")
    digits: list[int] = []
    for ch in link.removeprefix("https://sudokupad.app/scf"):
        index = BLANK_ENCODES.index(ch)
        digits += [index % 10] + [0] * (index // 10)
    return digits


def test_sudokupad_alphabet_is_sudokupads_sixty_letters() -> None:
    assert sudokupad.CLASSIC2 == BLANK_ENCODES
    assert len(set(sudokupad.CLASSIC2)) == 60


def test_sudokupad_packs_a_given_with_up_to_five_blanks_after_it() -> None:
    assert sudokupad.classic([5, 0, 0, 3]) == "P3"  # 5 + 2 blanks = index 25
    assert sudokupad.classic([0] * 6) == "o"  # an empty cell and 5 blanks = index 50
    assert sudokupad.classic([0] * 7) == "o0"
    assert sudokupad.classic([9, 0, 0, 0, 0, 0, 0]) == "x0"  # index 59, the last letter


def test_sudokupad_link_of_the_classic_example() -> None:
    link = sudokupad.export(classic_puzzle())
    assert link == "https://sudokupad.app/scf5NlQ19j9mGca3OIN1bWGk2m41TjS79"
    assert "".join(str(d or ".") for d in read_classic(link)) == CLASSIC


def test_an_empty_grid_is_thirteen_full_runs_and_a_short_one() -> None:
    assert sudokupad.export(Puzzle.blank()) == "https://sudokupad.app/scf" + "o" * 13 + "K"


def test_sudokupad_names_values_and_marks_and_drops_them_when_lossy() -> None:
    puzzle = with_play(classic_puzzle())
    assert list(map(str, tools.lost("sudokupad", puzzle))) == ["1 player's value", "1 cell with pencil marks"]
    with pytest.raises(LossError):
        sudokupad.export(puzzle)
    assert sudokupad.export(puzzle, lossy=True) == sudokupad.export(classic_puzzle())


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank(size=4), Puzzle.blank(size=16), Puzzle.blank("str8ts", 9),
    Puzzle.blank(layout=Layout.samurai()),
])
def test_sudokupad_classic_holds_nine_by_nine_only(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="9x9 sudoku with 3x3 boxes"):
        sudokupad.export(puzzle, lossy=True)


@settings(max_examples=80, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(9,), default_box=True))
def test_sudokupad_reads_back_every_given(puzzle: Puzzle) -> None:
    link = sudokupad.export(puzzle, lossy=True)
    assert read_classic(link) == [c.digit if c.kind == "given" else 0 for c in puzzle.cells]




# --- SudokuPad's loading order: lz-string first -----------------------------------------------

def lzstring_reading(data: str) -> str | type[IndexError] | None:
    """The lzstring package's decompressFromBase64, an implementation of lz-string other than
    ours: None where JS returns null (the package trips on those); IndexError where the package
    reads past the end (JS reads zero bits there), which it cannot answer."""
    lzstring = pytest.importorskip("lzstring")
    try:
        found: str | None = lzstring.LZString().decompressFromBase64(data)
    except UnboundLocalError:
        return None
    except IndexError:
        return IndexError
    return found


def sudokupad_opens(link: str) -> list[int] | None:
    """What SudokuPad's loader opens an scf link as: its classic reading, or None when it
    takes the lz-string reading first (not null and at least half as long as the data)."""
    data = link.removeprefix(sudokupad.BASE)
    reading = lzstring_reading(data)
    assert reading is not IndexError
    if isinstance(reading, str) and len(reading) >= 0.5 * len(data):
        return None
    return read_classic(link)


def random_givens(rng: random.Random) -> list[int]:
    share = rng.choice([0.15, 0.3, 0.5])
    return [rng.randint(1, 9) if rng.random() < share else 0 for _ in range(81)]


def test_our_lz_reading_is_lz_strings() -> None:
    rng = random.Random(18)
    compared = 0
    for _ in range(3000):
        data = sudokupad.classic(random_givens(rng))
        theirs = lzstring_reading(data)
        if theirs is not IndexError:
            assert sudokupad.lz_reading(data) == theirs
            compared += 1
    assert compared >= 2900


def test_a_zip_sudokupad_would_misread_is_split_until_it_would_not() -> None:
    rng = random.Random(7)
    misread = next(d for d in (random_givens(rng) for _ in range(100_000))
                   if sudokupad.misread(sudokupad.classic(d)))
    canonical = sudokupad.classic(misread)
    assert sudokupad_opens(sudokupad.BASE + canonical) is None  # the lzstring package agrees
    link = sudokupad.export(Puzzle("sudoku", 9, tuple(given(d) if d else EMPTY for d in misread)))
    assert link != sudokupad.BASE + canonical and len(link) == len(sudokupad.BASE + canonical) + 1
    assert sudokupad_opens(link) == misread
    assert tools.read(link).puzzle.cells == tuple(given(d) if d else EMPTY for d in misread)


def test_no_export_of_thousands_of_random_grids_is_misread() -> None:
    rng = random.Random(2026)
    for _ in range(5000):
        digits = random_givens(rng)
        link = sudokupad.export(Puzzle("sudoku", 9, tuple(given(d) if d else EMPTY for d in digits)))
        if lzstring_reading(link.removeprefix(sudokupad.BASE)) is not IndexError:
            assert sudokupad_opens(link) == digits


@settings(max_examples=300, deadline=None)
@for_all(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_sudokupad_opens_every_export_as_its_givens(digits: list[int]) -> None:
    link = sudokupad.export(Puzzle("sudoku", 9, tuple(given(d) if d else EMPTY for d in digits)))
    assert not sudokupad.misread(link.removeprefix(sudokupad.BASE))
    assert read_classic(link) == digits


# --- the setter's words ----------------------------------------------------------------------


def _scl(link: str) -> dict[str, object]:
    """The JSON an scl link of ours holds, as SudokuPad's loader decompresses it first."""
    assert link.startswith(sudokupad.SCL_BASE)
    data = link.removeprefix(sudokupad.SCL_BASE)
    assert sudokupad.misread(data)  # SudokuPad takes the lz-string reading
    found: dict[str, object] = json.loads(lz_decompress("sudokupad", data))
    return found


def test_the_words_go_in_the_puzzle_jsons_metadata_where_sudokupad_reads_them() -> None:
    puzzle = classic_puzzle().with_info(*HOSTILE)
    link = sudokupad.export(puzzle)
    assert link.isascii() and " " not in link
    found = _scl(link)
    assert found["metadata"] == {"title": HOSTILE[0], "author": HOSTILE[1], "rules": HOSTILE[2]}
    assert found["cellSize"] == 50
    cells = found["cells"]
    assert isinstance(cells, list)
    assert [cell.get("value", 0) for row in cells for cell in row] == read_classic(
        sudokupad.export(classic_puzzle()))
    assert found["regions"] == [[[r, c] for r in range(t, t + 3) for c in range(left, left + 3)]
                                for t in (0, 3, 6) for left in (0, 3, 6)]
    independent = lzstring_reading(link.removeprefix(sudokupad.SCL_BASE))
    if independent is not IndexError:  # an lz-string other than ours reads the same JSON
        assert json.loads(str(independent)) == found
    read = tools.read(link)
    assert (read.format, read.warnings, read.puzzle) == ("sudokupad scl", (), puzzle)


def test_a_puzzle_without_words_keeps_its_short_scf_link() -> None:
    assert sudokupad.export(classic_puzzle().with_info("", "", "")).startswith(sudokupad.BASE)
    assert sudokupad.export(classic_puzzle().with_info("  ")) == sudokupad.export(classic_puzzle())


def test_the_words_are_no_longer_named_lost_but_marks_and_colours_are() -> None:
    worded = classic_puzzle().with_info("Title", "Author", "Rules")
    assert tools.lost("sudokupad", worded) == []
    noted = worded.with_cell(2, EMPTY.with_corner({1, 2})).with_cell(0, given(5).with_colours([3]))
    assert list(map(str, tools.lost("sudokupad", noted))) == [
        "1 cell with corner marks", "1 coloured cell"]
    assert tools.read(sudokupad.export(noted, lossy=True)).puzzle == worded.with_cell(
        0, given(5))


@settings(max_examples=60, deadline=None)
@for_all(square_puzzles(kind="sudoku", sizes=(9,), default_box=True, notes=True))
def test_givens_and_words_come_back_from_every_export(puzzle: Puzzle) -> None:
    """What the link holds comes back as it was: the givens, and the words as the model's
    cleaning (`plain_words`) leaves them; the rest is named lost and dropped."""
    read = tools.read(sudokupad.export(puzzle, lossy=True))
    givens = Puzzle("sudoku", 9, tuple(given(c.digit) if c.kind == "given" else EMPTY
                                       for c in puzzle.cells))
    words = (plain_words(name, text) for (name, _), text in zip(
        WORD_BOUNDS, (puzzle.title, puzzle.author, puzzle.rules), strict=True))
    assert read.warnings == ()
    assert read.puzzle == givens.with_info(*words)
