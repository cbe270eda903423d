"""The printable SVG and the export and render commands."""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given as for_all
from hypothesis import settings

from pycore import cli, links
from pycore.formats.json import to_json
from pycore.model import EMPTY, Layout, Puzzle, black, candidates, given, value
from pycore.render.svg import render_svg
from tests.strategies import layout_puzzles, square_puzzles

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(SVG + "text"))


def by_class(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if e.get("class") == cls]


def example() -> Puzzle:
    return Puzzle.blank().with_cells({0: given(5), 1: value(3), 2: candidates([1, 9]), 80: given(9)})


# --- the printable SVG -----------------------------------------------------------------------

def test_svg_is_well_formed_with_a_title_and_no_script() -> None:
    svg = render_svg(example())
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.find(SVG + "title") is not None
    assert root.find(SVG + "title").text == "Sudoku 9x9"  # type: ignore[union-attr]
    assert not list(root.iter(SVG + "script"))


def test_svg_shows_givens_bold_values_plain_and_marks_small() -> None:
    svg = render_svg(example())
    givens = by_class(svg, "given")
    assert [g.text for g in givens] == ["5", "9"]
    assert all(g.get("font-weight") == "bold" for g in givens)
    [played] = by_class(svg, "value")
    assert played.text == "3" and played.get("font-weight") is None
    assert played.get("fill") != givens[0].get("fill")
    marks = by_class(svg, "candidate")
    assert [m.text for m in marks] == ["1", "9"]
    assert float(marks[0].get("font-size", 0)) < float(givens[0].get("font-size", 0)) / 2


def test_svg_places_each_mark_at_its_own_spot_in_the_cell() -> None:
    svg = render_svg(Puzzle.blank().with_cell(0, candidates(range(1, 10))), cell=90)
    spots = [(float(m.get("x", 0)), float(m.get("y", 0))) for m in by_class(svg, "candidate")]
    xs = sorted({round(x) for x, _ in spots})
    ys = sorted({round(y) for _, y in spots})
    assert len(xs) == 3 and len(ys) == 3
    assert spots[0][0] < spots[1][0] < spots[2][0]  # 1 2 3 across the top row
    assert spots[0][1] < spots[3][1] < spots[6][1]  # 1 4 7 down the left column


def test_svg_of_str8ts_fills_black_cells_and_writes_black_givens_in_white() -> None:
    puzzle = Puzzle.blank("str8ts", 6).with_cells({0: black(), 7: black(4), 14: given(2)})
    svg = render_svg(puzzle)
    assert len(by_class(svg, "black")) == 2
    assert all(r.get("fill") == "#000" for r in by_class(svg, "black"))
    [white] = by_class(svg, "black-given")
    assert white.text == "4" and white.get("fill") == "#fff" and white.get("font-weight") == "bold"
    [frame] = by_class(svg, "boxes")
    assert frame.get("d", "").count("M") == 1  # a str8ts has no boxes: one thick frame


def test_svg_of_samurai_draws_only_enabled_cells_and_boxes() -> None:
    puzzle = Puzzle.blank(layout=Layout.samurai())
    svg = render_svg(puzzle)
    [cells] = by_class(svg, "cells")
    enabled = sum(1 for c in puzzle.cells if c.kind != "outside")
    assert cells.get("d", "").count("M") == enabled == 5 * 81 - 4 * 9
    [boxes] = by_class(svg, "boxes")
    assert boxes.get("d", "").count("M") == len(puzzle.geometry.boxes) == 41


def test_svg_draws_thick_box_lines_over_thin_cell_lines() -> None:
    svg = render_svg(Puzzle.blank(size=6))
    [cells] = by_class(svg, "cells")
    [boxes] = by_class(svg, "boxes")
    assert float(boxes.get("stroke-width", 0)) > float(cells.get("stroke-width", 0))
    assert boxes.get("d", "").count("M") == 6


def test_svg_writes_two_digit_numbers_of_big_grids() -> None:
    svg = render_svg(Puzzle.blank(size=16).with_cells({0: given(16), 1: candidates([10, 12])}))
    assert [t.text for t in texts(svg)] == ["16", "10", "12"]


@settings(max_examples=40, deadline=None)
@for_all(square_puzzles() | layout_puzzles())
def test_svg_shows_every_digit_in_its_cell(puzzle: Puzzle) -> None:
    cell = 40
    svg = render_svg(puzzle, cell=cell)
    root = ET.fromstring(svg)
    group = root.find(SVG + "g")
    assert group is not None and group.get("transform") == "translate(6 6)"
    seen: dict[tuple[int, int, str], list[str]] = {}
    for t in texts(svg):
        x, y = float(t.get("x", 0)), float(t.get("y", 0))
        row, col = int(y // cell), int(x // cell)
        seen.setdefault((row, col, t.get("class", "")), []).append(t.text or "")
    expected: dict[tuple[int, int, str], list[str]] = {}
    names = {"given": "given", "value": "value", "candidates": "candidate", "black": "black-given"}
    for i, c in enumerate(puzzle.cells):
        row, col = divmod(i, puzzle.cols)
        if c.kind == "candidates":
            expected[(row, col, "candidate")] = [str(d) for d in sorted(c.candidates)]
        elif c.digit:
            expected[(row, col, names[c.kind])] = [str(c.digit)]
    assert seen == expected
    assert len(by_class(svg, "black")) == puzzle.count("black")


# --- the commands ----------------------------------------------------------------------------

def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "",
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_export_prints_the_text_for_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = Puzzle.blank().with_cells({0: given(5), 80: given(9)})
    code, out, err = run(["export", "line", links.link(puzzle)], capsys)
    assert (code, err) == (0, "gridlinks: read as compact\n")  # as every verb reads its text
    assert out == "5" + "." * 79 + "9\n"


def test_export_refuses_a_loss_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["export", "sudokupad", links.link(example())], capsys)
    assert code == 2 and out == ""
    read, refusal = err.splitlines()
    assert read == "gridlinks: read as compact"
    assert "player's value" in refusal and "--lossy" in refusal


def test_export_lossy_names_on_stderr_what_was_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["export", "sudokupad", links.link(example()), "--lossy"], capsys)
    assert code == 0 and out.startswith("https://sudokupad.app/scf")
    assert err.splitlines() == [
        "gridlinks: read as compact",
        "gridlinks: SudokuPad cannot hold 1 player's value: left out",
        "gridlinks: SudokuPad cannot hold 1 cell with pencil marks: left out",
    ]


def test_export_reads_puzzle_json_on_stdin_without_text(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["export", "hodoku-library", "--lossy"], capsys, json.dumps(to_json(example())),
                       monkeypatch)
    assert code == 0 and out.startswith(":0000:x:5+3.")


def test_export_of_a_shape_the_target_lacks_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    samurai = links.link(Puzzle.blank(layout=Layout.samurai()))
    code, _, err = run(["export", "hodoku", samurai], capsys)
    read, refusal = err.splitlines()
    assert code == 2 and read == "gridlinks: read as compact" and "21x21 multi-grid layout" in refusal


def test_render_command_writes_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    link = links.link(example())
    code, out, _ = run(["render", link], capsys)
    assert code == 0 and [t.text for t in by_class(out, "given")] == ["5", "9"]
    target = tmp_path / "grid.svg"
    code, out, _ = run(["render", link, "-o", str(target)], capsys)
    assert (code, out) == (0, "")
    assert ET.fromstring(target.read_text()).tag == SVG + "svg"


def test_render_of_an_empty_puzzle_has_no_digits() -> None:
    assert texts(render_svg(Puzzle.blank(size=4, box=(2, 2)).with_cell(0, EMPTY))) == []
