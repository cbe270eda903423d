"""The registry of other tools: which reader takes a text, what is named when nothing fits,
every writer's verdict."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from pycore import links
from pycore.errors import FormatError, LossError, UnknownName
from pycore.formats import tools
from pycore.formats.json import to_json
from pycore.model import Layout, Puzzle, black
from tests.conftest import load_vector
from tests.tools.examples import DECODED, EXAMPLES, by_name, dots, grid
from tests.tools.grids import CLASSIC, classic_puzzle, with_play


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
    assert (puzzle.title, puzzle.author) == (example.get("title", ""), example.get("author", ""))
    assert puzzle.rules.startswith(example.get("rules starts", "")) and (
        bool(puzzle.rules) == ("rules starts" in example))
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


def test_our_own_seed_formats_still_come_first() -> None:
    for preset in load_vector("origin/sudoklify-presets.json")[:5]:
        found = links.read_any(preset["puzzle"])
        assert found.format == "jcode" and found.warnings == ()


def test_nothing_fits_lists_every_format_tried() -> None:
    with pytest.raises(FormatError) as info:
        links.read_any("hello, world")
    message = str(info.value)
    for name in ("sudokupad", "f-puzzles", "puzz.link", "sudoku.coach", "sudokuwiki", "kangaroo",
                 "hodoku", "plain"):
        assert f"{name}: " in message


def test_lz_string_links_read_without_the_lzstring_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lzstring", None)  # `import lzstring` now fails
    assert tools.read(by_name("f-puzzles lisudoku example")["text"]).format == "f-puzzles"


def test_json_of_our_own_form_is_still_ours() -> None:
    puzzle = links.read_any(by_name("plain multi-line forum grid")["text"]).puzzle
    assert links.read_any(json.dumps(to_json(puzzle))).format == "json"


def test_decode_auto_names_the_format_and_warns_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.cli import main

    text = by_name("f-puzzles innie killer")["text"]
    assert main(["decode", "auto", text]) == 0
    out, err = capsys.readouterr()
    decoded = json.loads(out)
    assert decoded["size"] == 9 and len(decoded["constraints"]["killercage"]) == 2
    assert err.splitlines() == ["gridlinks: read as f-puzzles"]  # the cages are kept: no warning


def test_convert_auto_reads_imports_too(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.cli import main

    text = by_name("plain multi-line forum grid")["text"]
    assert main(["convert", "auto", "jcode", text]) == 0
    out, err = capsys.readouterr()
    assert err == "gridlinks: read as plain\n"
    assert links.read_any(out.strip()).puzzle == links.read_any(text).puzzle


def test_decode_auto_refuses_a_short_id_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from pycore.cli import main

    assert main(["decode", "auto", "https://sudokupad.app/6bxd0ipaky"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "short id" in err
    assert main(["decode", "auto", "https://sudokupad.app/6bxd0ipaky", "--verbose"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "api/puzzle/6bxd0ipaky" in err


def test_every_target_is_registered_by_name() -> None:
    assert tools.names() == ["line", "hodoku", "hodoku-library", "kangaroo", "sudokupad", "fpuzzles"]
    assert [name for name in tools.names() if tools.EXPORTS[name].is_link] == ["sudokupad", "fpuzzles"]


def test_an_unknown_name_is_not_a_fault_of_any_text() -> None:
    with pytest.raises(UnknownName, match="unknown export 'nonesuch'") as caught:
        tools.export("nonesuch", classic_puzzle())
    assert not isinstance(caught.value, FormatError) and "hodoku-library" in str(caught.value)
    with pytest.raises(UnknownName, match="unknown import 'nonesuch'"):
        tools.module("nonesuch")
    with pytest.raises(TypeError):
        tools.read(b"123")  # type: ignore[arg-type]


def test_a_loss_is_refused_with_every_item_named_unless_lossy() -> None:
    puzzle = with_play(classic_puzzle())
    assert list(map(str, tools.lost("line", puzzle))) == ["1 player's value", "1 cell with pencil marks"]
    with pytest.raises(LossError) as caught:
        tools.export("line", puzzle)
    assert list(map(str, caught.value.lost)) == ["1 player's value", "1 cell with pencil marks"]
    assert "player's value" in str(caught.value)
    assert tools.export("line", puzzle, lossy=True) == CLASSIC


def test_survey_tells_the_page_each_targets_verdict() -> None:
    verdicts = {v.name: v for v in tools.survey(with_play(classic_puzzle()))}
    assert list(verdicts) == tools.names()
    assert verdicts["fpuzzles"].lost == [] and verdicts["fpuzzles"].refused is None
    assert list(map(str, verdicts["sudokupad"].lost)) == ["1 player's value", "1 cell with pencil marks"]
    samurai = {v.name: v for v in tools.survey(Puzzle.blank(layout=Layout.samurai()))}
    assert all(v.refused and "21x21 multi-grid layout" in v.refused for v in samurai.values())


def test_str8ts_black_cells_are_named_when_refused() -> None:
    puzzle = Puzzle.blank("str8ts", 9).with_cell(0, black(3))
    for name in tools.names():
        with pytest.raises(FormatError, match="9x9 str8ts"):
            tools.export(name, puzzle, lossy=True)


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.get("refusal")], ids=lambda e: e["name"])
def test_each_real_example_that_cannot_be_held_is_refused_by_name(example: dict[str, Any]) -> None:
    assert example["source"]
    with pytest.raises(FormatError) as caught:
        links.read_any(example["text"])
    for part in example["refusal"]:
        assert part in str(caught.value)


def test_sudoku_coach_links_and_tags() -> None:
    grid = "000070200000000384306850790905004800070500400200100065600000100408901003500300049"
    for page in ("play", "solver"):
        found = tools.read(f"https://sudoku.coach/en/{page}/{grid}")
        assert found.format == "sudoku.coach" and found.puzzle.count("given") == 81 - grid.count("0")
    with pytest.raises(FormatError, match="encoding tag 32") as caught:
        tools.read("SCv7_64_f2eaqk")
    assert caught.value.pos == 5
    with pytest.raises(FormatError, match="/play/"):
        tools.read("https://sudoku.coach/en/learn")
