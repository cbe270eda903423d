"""Imports: real texts written by other tools open, say what they are, and name what is lost.

Every example in tests/data/imports/examples.json was written by the tool it comes
from (its `source` says where it was found); what each test expects comes from that
source too (the grid the source states, the origin's vectors, the tool's own
encoder rules), not from our decoder.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pycore import links
from pycore.errors import FormatError
from pycore.formats import imports
from pycore.formats._fields import encode_fields
from pycore.formats._transform import str8ts_value
from pycore.formats.imports import _common, sudokupad
from pycore.formats.json import to_json
from pycore.model import DEFAULT_BOX, Puzzle

from .conftest import load_vector

EXAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "imports" / "examples.json").read_text("utf-8"))
DECODED = [e for e in EXAMPLES if e["format"] is not None]


def by_name(name: str) -> dict[str, Any]:
    return next(e for e in EXAMPLES if e["name"] == name)


def grid(puzzle: Puzzle, kind: str) -> str:
    """One character per cell: the digit of cells of `kind`, '.' otherwise."""
    return "".join(str(c.digit) if c.kind == kind else "." for c in puzzle.cells)


def dots(text: str) -> str:
    return text.replace("0", ".")


@pytest.mark.parametrize("example", DECODED, ids=[e["name"] for e in DECODED])
def test_each_real_example_opens_and_names_its_format(example: dict[str, Any]) -> None:
    assert example["source"]
    found = links.read_any(example["text"])
    assert found.format == example["format"]
    for part in example["warnings"]:
        assert any(part in w for w in found.warnings), (part, found.warnings)
    if not example["warnings"]:
        assert found.warnings == ()
    puzzle = found.puzzle
    if "givens" in example:
        assert grid(puzzle, "given") == dots(example["givens"])
    if "values" in example:
        assert grid(puzzle, "value") == dots(example["values"])
    if "given_cells" in example:
        assert {str(i): c.digit for i, c in enumerate(puzzle.cells) if c.kind == "given"} \
            == example["given_cells"]
    if "candidate_cells" in example:
        for index, digits in example["candidate_cells"].items():
            assert puzzle.cells[int(index)].candidates == frozenset(digits)
    if example.get("conflicts"):
        assert puzzle.conflicts()
    if "box" in example:
        assert list(puzzle.box or ()) == example["box"]


def test_sudokuwiki_position_keeps_the_start_givens() -> None:
    """The guide links each position with its start: the position's clues are the start's."""
    example = by_name("sudokuwiki UR type 1 position")
    puzzle = links.read_any(example["text"]).puzzle
    assert grid(puzzle, "given") == dots(example["givens_from_start"])
    assert puzzle.count("value") > 0 and puzzle.count("candidates") > 0
    assert not puzzle.conflicts()


@pytest.mark.parametrize("key", ["head_S9B_b36", "head_X9B_b36", "head_W9B_b36", "wiki_S9B_b32",
                                 "wiki_X9B_b32", "doc_S9B_b32"])
def test_origin_vectors_decode_to_their_stated_cells(key: str) -> None:
    vector = load_vector("origin/puzzle-coding-offset.json")[key]
    example = next(e for e in EXAMPLES if e.get("vector") == key)
    puzzle = links.read_any(example["text"]).puzzle
    kinds = {"clue": "given", "guess": "value", "cand": "candidates", "empty": "empty"}
    for cell, (kind, *rest) in zip(puzzle.cells, vector["cells"], strict=True):
        assert cell.kind == kinds[kind]
        if kind in ("clue", "guess"):
            assert cell.digit == rest[0]
        if kind == "cand":
            assert cell.candidates == frozenset(rest[0])


def test_sudokuwiki_str8ts_reencodes_to_itself() -> None:
    """The origin's compatibility test: decoding then encoding gives the same string."""
    text = by_name("sudokuwiki str8ts T9B")["text"]
    puzzle = links.read_any(text).puzzle
    assert puzzle.kind == "str8ts"
    assert "T9B" + encode_fields([str8ts_value(c, 9) for c in puzzle.cells], 2, 36) == text


def test_str8ts_com_reads_the_origins_easy_1() -> None:
    example = by_name("str8ts.com easy 1")
    puzzle = links.read_any(example["text"]).puzzle
    expected = [tok for row in example["str8ts_rows"] for tok in row.split()]
    for cell, tok in zip(puzzle.cells, expected, strict=True):
        if tok == "*":
            assert cell.candidates == frozenset(range(1, 10))
        elif tok.startswith("B"):
            assert (cell.kind, cell.digit) == ("black", int(tok[1:] or 0))
        else:
            assert (cell.kind, cell.digit) == ("given", int(tok))


def test_str8ts_com_is_recognised_by_its_host_too() -> None:
    spec = by_name("sudokuwiki str8ts T9B")["text"]
    found = imports.read(f"https://www.str8ts.com/str8ts.htm?bd={spec}")
    assert found.format == "str8ts.com" and "str8ts.com link" in found.warnings[0]


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


def _encode_pzpr(puzzle: Puzzle) -> str:
    """pzprjs's encodeNumber16 for clues 1..15: hex digits, g..z for runs of 1..20 blanks."""
    out, blanks = [], 0
    for cell in puzzle.cells:
        if cell.digit:
            if blanks:
                out.append("ghijklmnopqrstuvwxyz"[blanks - 1])
                blanks = 0
            out.append(format(cell.digit, "x"))
        else:
            blanks += 1
            if blanks == 20:
                out.append("z")
                blanks = 0
    if blanks:
        out.append("ghijklmnopqrstuvwxyz"[blanks - 1])
    return "".join(out)


@pytest.mark.parametrize("name", ["puzz.link 9x9", "puzz.link 9x9 bench", "puzz.link 4x4 debug url"])
def test_puzz_link_urls_reencode_to_themselves(name: str) -> None:
    text = by_name(name)["text"]
    puzzle = links.read_any(text).puzzle
    assert text.endswith(f"sudoku/{puzzle.size}/{puzzle.size}/" + _encode_pzpr(puzzle))


def test_puzz_link_url_and_file_of_pzprjs_debug_data_agree() -> None:
    url = links.read_any(by_name("puzz.link 4x4 debug url")["text"]).puzzle
    file = links.read_any(by_name("pzprv3 4x4 solved")["text"]).puzzle
    assert grid(url, "given") == grid(file, "given")
    assert file.count("value") == 16 - file.count("given") and not file.conflicts()  # solved


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "placement" in e],
                         ids=lambda e: e["text"][:20])
def test_hodoku_full_house_lines_leave_one_cell_for_the_placement(example: dict[str, Any]) -> None:
    """A Full House test case: the placed cell is the last empty one of a house."""
    puzzle = links.read_any(example["text"]).puzzle
    digit, row, col = (int(ch) for ch in example["placement"])
    index = (row - 1) * 9 + col - 1
    assert puzzle.cells[index].kind == "empty"
    houses = puzzle.geometry.units[index]
    assert any(all(puzzle.cells[j].digit for j in house if j != index)
               and digit not in {puzzle.cells[j].digit for j in house} for house in houses)
    assert puzzle.count("value") > 0  # the + cells: placed, not given


def test_hodoku_deleted_candidates_are_gone_and_the_rest_stay() -> None:
    example = by_name("hodoku reglib locked candidates")
    puzzle = links.read_any(example["text"]).puzzle
    deleted = {(int(t[1]) - 1) * 9 + int(t[2]) - 1: set() for t in example["deleted"]}
    for t in example["deleted"]:
        deleted[(int(t[1]) - 1) * 9 + int(t[2]) - 1].add(int(t[0]))
    peers = puzzle.geometry.peers
    for i, cell in enumerate(puzzle.cells):
        if cell.kind in ("given", "value"):
            continue
        open_digits = set(range(1, 10)) - {puzzle.cells[j].digit for j in peers[i]}
        assert cell.candidates == frozenset(open_digits - deleted.get(i, set()))


def test_hodoku_pm_grid_keeps_every_mark_and_drops_the_markers() -> None:
    text = by_name("hodoku pm grid with markers")["text"]
    puzzle = links.read_any(text).puzzle
    rows = [line for line in text.splitlines() if "---" not in line]
    tokens = [tok for line in rows for tok in re.findall(r"\d+", line)]
    assert len(tokens) == 81
    for cell, tok in zip(puzzle.cells, tokens, strict=True):
        if len(tok) == 1 and cell.kind == "given":
            assert cell.digit == int(tok)
        else:
            assert cell.candidates == frozenset(int(ch) for ch in tok)


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "kangaroo_vector" in e],
                         ids=lambda e: e["name"])
def test_kangaroo_files_match_the_binary_vectors(example: dict[str, Any]) -> None:
    vector = load_vector("origin/kangaroo.json")[example["kangaroo_vector"]]
    puzzle = links.read_any(example["text"]).puzzle
    rows = ["".join("#" if c.kind == "outside" else str(c.digit) if c.digit else "."
                    for c in row) for row in puzzle.rows_of_cells()]
    assert rows == vector["grid_rows"]
    assert links.read_any(vector["base64"]).puzzle == puzzle


def test_our_own_seed_formats_still_come_first() -> None:
    for preset in load_vector("origin/sudoklify-presets.json")[:5]:
        found = links.read_any(preset["puzzle"])
        assert found.format == "jcode" and found.warnings == ()


# --- refusals and ambiguity --------------------------------------------------------------


def test_a_sudokupad_short_id_says_where_the_puzzle_is() -> None:
    example = by_name("sudokupad short id")
    with pytest.raises(FormatError) as info:
        links.read_any(example["text"])
    for part in example["refusal"]:
        assert part in str(info.value)


def test_nothing_fits_lists_every_format_tried() -> None:
    with pytest.raises(FormatError) as info:
        links.read_any("hello, world")
    message = str(info.value)
    for name in ("sudokupad", "f-puzzles", "puzz.link", "sudoku.coach", "sudokuwiki", "kangaroo",
                 "hodoku", "plain"):
        assert f"{name}: " in message


def test_a_string_valid_in_both_radices_says_which_was_chosen() -> None:
    found = links.read_any("S9B" + "ep" * 81)
    assert found.format == "sudokuwiki" and "base 36" in found.warnings[0]
    assert found.puzzle.count("candidates") == 81
    same = links.read_any("S9B" + "00" * 81)  # identical either way: nothing to say
    assert same.warnings == ()


def test_w_to_z_mean_base_36_and_fields_over_36s_maximum_mean_base_32() -> None:
    assert links.read_any("S9B0w" + "00" * 80).format == "sudokuwiki"
    chosen = links.read_any("S9Bgg" + "00" * 80)  # gg = 592 in base 36: over 529
    assert chosen.format == "offset" and "invalid" in chosen.warnings[0]


def test_types_the_model_cannot_hold_are_refused_by_name() -> None:
    with pytest.raises(FormatError, match="killer sudoku"):
        imports.read("L9B" + "00ep" * 81)


def test_f_puzzles_short_links_are_explained() -> None:
    with pytest.raises(FormatError, match="tinyurl"):
        links.read_any("https://f-puzzles.com/?id=abc123")


def test_missing_lzstring_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(name: str) -> None:
        raise ImportError(name)

    monkeypatch.setattr(_common, "import_module", fail)
    with pytest.raises(FormatError, match=r"pycore\[imports\]"):
        imports.read(by_name("f-puzzles lisudoku example")["text"])


def test_what_cannot_be_kept_is_named() -> None:
    grid_cells = [[{} for _ in range(9)] for _ in range(9)]
    grid_cells[0][0] = {"value": 5, "given": True, "c": "#ff0000"}
    grid_cells[0][1] = {"value": 3}
    grid_cells[0][2] = {"centerPencilMarks": [1, 2], "cornerPencilMarks": [4]}
    for r in range(9):
        for c in range(9):
            if c < 3 and r < 3:
                grid_cells[r][c]["region"] = 0 if (r, c) != (2, 2) else 1
    obj = {"size": 9, "grid": grid_cells, "diagonal+": True, "arrow": [{"lines": []}],
           "title": "T", "solution": ["1"]}
    found = links.read_any(json.dumps(obj))
    assert found.format == "f-puzzles"
    text = " | ".join(found.warnings)
    for part in ("corner pencil marks in 1 cell", "cell colours in 1 cell", "positive diagonal",
                 "arrows (1)", "title", "solution", "irregular regions"):
        assert part in text
    cells = found.puzzle.cells
    assert (cells[0].kind, cells[1].kind, cells[2].candidates) == ("given", "value", frozenset({1, 2}))


def test_regions_of_another_box_shape_set_the_box() -> None:
    grid_cells = [[{"region": (r // 3) * 3 + c // 2} for c in range(6)] for r in range(6)]
    found = links.read_any(json.dumps({"size": 6, "grid": grid_cells}))
    assert found.puzzle.box == (3, 2) and found.warnings == ()
    default = links.read_any(json.dumps({"size": 6, "grid": [[{}] * 6] * 6}))
    assert default.puzzle.box == DEFAULT_BOX[6]


def test_sudokupad_zipped_json_reads_like_plain_json() -> None:
    zipped = "{ce:[[{v:1},,,],[,,{v:'2'},],[,,,],[,,,{v:4,c:ff0000}]],ca:[{ce:[[0,0]],v:3}],t:'x'}"
    found = imports.read(zipped)
    assert found.format == "sudokupad scl"
    assert grid(found.puzzle, "given") == "1.....2........4"
    assert any("cages" in w for w in found.warnings)
    assert any("colours" in w for w in found.warnings)


def test_json_of_our_own_form_is_still_ours() -> None:
    puzzle = links.read_any(by_name("plain multi-line forum grid")["text"]).puzzle
    assert links.read_any(json.dumps(to_json(puzzle))).format == "json"


# --- the command line ----------------------------------------------------------------------


def test_decode_auto_names_the_format_and_warns_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.cli import main

    text = by_name("f-puzzles innie killer")["text"]
    assert main(["decode", "auto", text]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["size"] == 9
    lines = err.splitlines()
    assert lines[0] == "pycore: read as f-puzzles"
    assert lines[1].startswith("pycore: warning: killer cages (2)")


def test_convert_auto_reads_imports_too(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.cli import main

    text = by_name("plain multi-line forum grid")["text"]
    assert main(["convert", "auto", "jcode", text]) == 0
    out, err = capsys.readouterr()
    assert err == "pycore: read as plain\n"
    assert links.read_any(out.strip()).puzzle == links.read_any(text).puzzle


def test_decode_auto_refuses_a_short_id_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.cli import main

    assert main(["decode", "auto", "https://sudokupad.app/6bxd0ipaky"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "short id" in err and "api/puzzle/6bxd0ipaky" in err


def test_the_seeds_own_s9b_example_still_reads_as_offset() -> None:
    text = load_vector("offset.json")["origin_example_with_header"]
    found = links.read_any(text)
    assert (found.format, found.puzzle) == links.read(text)
    assert "base 32" in found.warnings[0]
