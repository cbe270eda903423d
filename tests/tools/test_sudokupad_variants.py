"""SudokuPad's puzzle JSON keeps its constraints: each kind recognised by the style
SudokuPad's own f-puzzles converter draws it with (fpuzzlesdecoder.js), real links read
element by element, and whatever is not recognised carried as `Other`, never dropped."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from pycore.errors import FormatError, LossError
from pycore.formats import tools
from pycore.formats.tools import _common, fpuzzles, sudokupad
from pycore.formats.tools._common import lz_decompress
from pycore.model import Puzzle, given, value
from pycore.variants import Arrow, Cage, Clue, Dot, ExtraRegion, Line, Mark, Other, Rule, broken
from tests.tools.examples import by_name

COUNTING_CIRCLES = (
    "sclN4SwJgXA5AzgHjAtgfQLIgMYAsCGBTAGwBk8AzAawHsB3EAFwC9k8B2ADhwBYWAjDARjABOAAwiAbJ1IBmIWx54ArP1L9F00qX"
    "EZpUADQYcEANrAAbtDr0CeCAAIAkgDs6AJ0pgArhiuUnduko7AGFKTxcQJwBzEJBXDBsYKABfPXNoHE86LEpXe3RsfAI7EgoaegYU"
    "tIsoV09E+wBlAFUAEQB5AGlmgB0nAFo7ADEQAmLsvDso13A7WmyArEmwECj6GDt+fs47GCDsnDo7JyCVtaPXPAAHPEONyLscO3dqP"
    "TsMSgJPRCc33LseJQ4AA6Pp9YLtZoAOQAKg4oQBxEIOABKwSIAFFGn0AIJOACedjO9DsDyeGDiCUmkRWhjoeA2eDgOB8BEJOWodkQ"
    "OAJ70piXefjoOAeByOxLowLsOI2PLsTJwiCuNjeIFIizwl1JsrsACZSf4eYSKfEVRqtTgtQrWYS6NQgrr7v4TVSnRq7FdPAwGDZgVV"
    "0rBPlkQH57NJOLr+PxdZxw/xpLrddJ+JwUgBdAwwCCKEQGWzGYx6IsZwvFvSlvQlouVjOXEwF3MiEu5/gl/h6Jvl9utkvGXO65t6aRt"
    "vQDrtDtO93UdkvT1vl6Qzhd6Hvl4zTsfrifLzeL4eTvSeEzAGBuSjkWxQE5OPD6HlRGwQXM+EzSYGKDvvjPUJ/AtjTrBf3/PRsggds"
    "8joAxdQgABiIYDH4WCRFSE8zwvaBr1vPR70fZ86BMXV30/RRvyAgCyJAwDwIgSCMGguCEKQlDT3cdCrz8LCcNsPDXyIt8SL0H8RD/"
    "cjhOA0DqNo+j4IEJi0hY89L0wu9olwgx8OMfg+K/QSKMAsTpwkvQIKg2CZMQmDkPktClI4lSH249STC0j9CIEoSRL0fTPKMky6LMxj"
    "LOYmyMLs7DVMcl9jH4lcdI84DvPEqjjJo0yGNkoLrNY2yb3stSopc2L3L0ijfNS/z0osqzUOy0LcvChynycvsiOE4qDK80rkr86TAu"
    "qhS2OUhr8o0tqitIjrEsM7ryt6jLkLTZIgA")
"""Michael Lefkowitz's "Introduction to Counting Circles" (4x4), the encoded puzzle quoted in
SakanaAI/Sudoku-Bench's src/sudokupad_interaction/README.md."""


def test_parity_fish_keeps_every_kropki_dot_and_they_fit_its_solution() -> None:
    """Marty Sears's Parity Fish (Sudoku-Bench's README): 21 dots drawn as overlays; its
    red parity lines live only in the background image, which is named."""
    found = tools.read(by_name("sudokupad scl parity fish")["text"])
    dots = found.puzzle.constraints
    assert all(isinstance(d, Dot) for d in dots)
    assert sum(d.kind == "white" for d in dots) == 16 and sum(d.kind == "black" for d in dots) == 5
    assert Dot("white", (34, 35)) in dots  # center [3.5, 8]: r4c8-r4c9, white fill
    assert Dot("black", (19, 28)) in dots  # center [3, 1.5] with a black fill: r3c2-r4c2
    solution = [int(d) for d in "854369172976251834123478956419582367568937421"
                "237146598785694213691823745342715689"]
    assert broken(dots, solution, 9, 9, 9) == []
    assert any("background image" in w and "imgur" in w for w in found.warnings)


def test_counting_circles_carries_its_circles_and_reads_its_metadata_cages() -> None:
    found = tools.read("https://sudokupad.app/" + COUNTING_CIRCLES)
    puzzle = found.puzzle
    assert (puzzle.size, puzzle.title, puzzle.author) == (4, "Introduction to Counting Circles",
                                                          "Michael Lefkowitz")
    assert puzzle.rules.startswith("SUDOKU\n- Fill the grid with the digits 1-4")
    circles = [c for c in puzzle.constraints if isinstance(c, Other)]
    assert len(circles) == len(puzzle.constraints)
    assert all(c.key == "sudokupad:underlay" for c in circles)
    assert sorted(c.cells[0] for c in circles) == [0, 1, 5, 6, 7, 8, 12, 13, 15]
    assert json.loads(circles[0].data)["width"] == 0.82
    assert list(puzzle.unchecked) == circles
    assert any("9 underlays" in w and "never checked" in w for w in found.warnings)
    assert "the solution cannot be kept" in found.warnings


# --- every kind as SudokuPad's f-puzzles converter draws it ----------------------------------

def _at(cell: str) -> list[float]:
    """The centre of `r1c2` in SudokuPad's coordinates."""
    r, c = cell[1:].split("c")
    return [int(r) - 0.5, int(c) - 0.5]


def _i(cell: str) -> int:
    r, c = cell[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def _between(a: str, b: str) -> list[float]:
    return [(x + y) / 2 for x, y in zip(_at(a), _at(b), strict=True)]


GREY = "#CFCFCF"
DRAWN: dict[str, Any] = {
    "cellSize": 50,
    "cells": [[{} for _ in range(9)] for _ in range(9)],
    "cages": [
        {"unique": True, "cells": [[0, 0], [0, 1]], "value": "15", "sum": 15},
        {"unique": True, "cells": [[8, 7], [8, 8]]},
        {"value": "title: Everything"}, {"value": "author: Test"},
        {"value": "rules: Normal sudoku rules apply."},
        {"cells": [[r, 3] for r in range(9)]},  # an extra region: a plain cage on grey cells
    ],
    "lines": [
        {"color": GREY, "thickness": 21, "wayPoints": [_at("r2c2"), _at("r2c4")]},
        {"color": GREY, "thickness": 16, "wayPoints": [_at("r3c1"), _at("r5c3")]},
        {"color": "#F067F0", "thickness": 8, "wayPoints": [_at("r9c1"), _at("r9c3")]},
        {"color": "#67F067", "thickness": 8, "wayPoints": [_at("r8c1"), _at("r8c2")]},
        {"color": "#FF9A00", "thickness": 8, "wayPoints": [_at("r7c1"), _at("r7c2")]},
        {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 9], [9, 0]]},
        {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [9, 9]]},
        {"color": GREY, "thickness": 2, "wayPoints": [[5.9, 5.5], [6.5, 5.5], [7.1, 5.5]]},
        {"color": "#123456", "thickness": 3, "wayPoints": [_at("r1c9"), _at("r2c9")]},
    ],
    "arrows": [
        {"color": "#a1a1a1", "headLength": 0.3, "thickness": 5,
         "wayPoints": [[3.8, 7.5], _at("r5c8"), _at("r5c9")]},
        {"color": "#000000", "thickness": 2,
         "wayPoints": [[-0.5 + 0.3, 4.5 + 0.3], [-0.5 + 0.48, 4.5 + 0.48]]},  # little killer
    ],
    "overlays": [
        {"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": _at("r4c8"), "rounded": True,
         "width": 0.75, "height": 0.75, "thickness": 5, "text": ""},
        {"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": _at("r0c5"), "fontSize": 28,
         "width": 0.25, "height": 0.25, "rounded": False, "text": 17},
        {"borderColor": "#000000", "backgroundColor": "#000000", "center": _between("r1c5", "r1c6"),
         "rounded": True, "width": 0.3, "height": 0.3, "text": ""},
        {"borderColor": "#000000", "backgroundColor": "#FFFFFF", "center": _between("r2c5", "r3c5"),
         "rounded": True, "width": 0.3, "height": 0.3, "text": "3", "color": "#000"},
        {"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": _between("r3c6", "r3c7"),
         "fontSize": 21, "rounded": False, "width": 0.25, "height": 0.25, "text": "X"},
        {"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": _between("r3c8", "r4c8"),
         "fontSize": 21, "rounded": False, "width": 0.25, "height": 0.25, "text": "V"},
        {"borderColor": GREY, "backgroundColor": "#FFFFFF", "center": _at("r6c6"), "rounded": True,
         "width": 0.8, "height": 0.8},
        {"borderColor": GREY, "backgroundColor": "#FFFFFF", "center": _at("r8c6"), "rounded": True,
         "width": 0.8, "height": 0.8},
        {"center": _at("r5c5"), "width": 0.25, "height": 0.25, "text": "?"},
    ],
    "underlays": [
        {"borderColor": GREY, "backgroundColor": GREY, "center": _at("r2c2"), "rounded": True,
         "width": 0.85, "height": 0.85},
        {"borderColor": GREY, "backgroundColor": GREY, "center": _at("r6c1"), "rounded": True,
         "width": 0.7, "height": 0.7},
        {"borderColor": GREY, "backgroundColor": GREY, "center": _at("r6c2"), "rounded": False,
         "width": 0.7, "height": 0.7},
    ] + [{"backgroundColor": "rgba(207, 207, 207, 0.95)", "center": _at(f"r{r}c4"), "rounded": False,
          "width": 1, "height": 1} for r in range(1, 10)],
    "metadata": {"antiknight": True},
}


def test_each_kind_drawn_the_converters_way_is_read_back() -> None:
    found = tools.read("https://sudokupad.app/scl" + _common.lz_compress(json.dumps(DRAWN)))
    puzzle = found.puzzle
    assert (puzzle.title, puzzle.author, puzzle.rules) == ("Everything", "Test", "Normal sudoku rules apply.")
    expected = {
        Cage([_i("r1c1"), _i("r1c2")], 15), Cage([_i("r9c8"), _i("r9c9")]),
        Line("thermo", [_i("r2c2"), _i("r2c3"), _i("r2c4")]),
        Line("palindrome", [_i("r3c1"), _i("r4c2"), _i("r5c3")]),
        Line("renban", [_i("r9c1"), _i("r9c2"), _i("r9c3")]),
        Line("whispers", [_i("r8c1"), _i("r8c2")], 5), Line("whispers", [_i("r7c1"), _i("r7c2")], 4),
        Line("between", [_i("r6c6"), _i("r7c6"), _i("r8c6")]),
        Rule("diagonal+"), Rule("diagonal-"), Rule("anti-knight"),
        Arrow([_i("r4c8")], [[_i("r4c8"), _i("r5c8"), _i("r5c9")]]),
        Clue("little-killer", -1, 4, 17, "DR"),
        Dot("black", [_i("r1c5"), _i("r1c6")]), Dot("white", [_i("r2c5"), _i("r3c5")], 3),
        Dot("x", [_i("r3c6"), _i("r3c7")]), Dot("v", [_i("r3c8"), _i("r4c8")]),
        Mark("odd", _i("r6c1")), Mark("even", _i("r6c2")),
        ExtraRegion(_i(f"r{r}c4") for r in range(1, 10)),
    }
    known = {c for c in puzzle.constraints if not isinstance(c, Other)}
    assert known == expected
    others = {(c.key, c.cells) for c in puzzle.constraints if isinstance(c, Other)}
    assert others == {("sudokupad:line", (_i("r1c9"), _i("r2c9"))), ("sudokupad:overlay", (_i("r5c5"),))}
    assert any("1 line, 1 overlay" in w for w in found.warnings)


def test_jigsaw_regions_are_kept_and_broken_regions_still_named() -> None:
    shapes = ["111222333", "111222333", "111222333", "444555666", "444555666", "444555666",
              "777889999", "777888999", "777888899"]  # r7c6 and r9c7 swapped between 8 and 9
    regions: dict[str, list[list[int]]] = {}
    for r, row in enumerate(shapes):
        for c, k in enumerate(row):
            regions.setdefault(k, []).append([r, c])
    obj: dict[str, Any] = {"cells": [[{} for _ in range(9)] for _ in range(9)],
                           "regions": list(regions.values())}
    puzzle = tools.read(json.dumps(obj)).puzzle
    assert puzzle.regions is not None and puzzle.box is None
    assert puzzle.regions[_i("r9c7")] == puzzle.regions[_i("r9c5")]
    assert puzzle.regions[_i("r7c6")] == puzzle.regions[_i("r9c9")]
    obj["regions"] = obj["regions"][:-1]  # eight regions: not a jigsaw the grid can hold
    found = tools.read(json.dumps(obj))
    assert found.puzzle.regions is None and any("irregular regions" in w for w in found.warnings)


def test_a_cage_with_too_many_cells_or_a_word_for_a_sum_is_carried() -> None:
    obj = {"cells": [[{} for _ in range(4)] for _ in range(4)],
           "cages": [{"unique": True, "cells": [[0, c] for c in range(4)] + [[1, 0]], "value": "12"},
                     {"unique": True, "cells": [[3, 3]], "value": "?"}]}
    puzzle = tools.read(json.dumps(obj)).puzzle
    assert [(c.key, c.cells) for c in puzzle.constraints if isinstance(c, Other)] == [
        ("sudokupad:cage", (0, 1, 2, 3, 4)), ("sudokupad:cage", (15,))]


@pytest.mark.parametrize("drawing", [
    {"lines": [{"wayPoints": [[1e308, 2]], "color": 5}]},
    {"lines": [{"wayPoints": "r1c1"}, {"wayPoints": [[0.5, 0.5], [0.5]]}, 7]},
    {"arrows": [{"wayPoints": [[-5, -5], [-4, -4]]}, {"wayPoints": [[0.5, 0.5], [3.5, 1.5]]}]},
    {"overlays": [{"center": [True, 1], "width": "x"}, {"center": [0.5, 1.0], "rounded": True,
                                                         "width": 0.3, "height": 0.3,
                                                         "backgroundColor": "#000"}]},
    {"underlays": [None, [], {"center": [1.5, 1.5], "width": 3, "height": 3, "backgroundColor": GREY}]},
    {"cages": [{"cells": [[9, 9]], "unique": True}, {"cells": "r1c1,r1c2", "unique": True, "sum": 3},
               {"cells": [[0, 0]], "unique": True, "sum": 10 ** 9}]},
])
def test_hostile_drawings_become_others_or_are_refused_never_a_traceback(drawing: dict[str, Any]) -> None:
    obj = {"cells": [[{} for _ in range(4)] for _ in range(4)], **drawing}
    try:
        found = tools.read(json.dumps(obj))
    except FormatError as err:
        assert err.format in ("sudokupad", "import")
        return
    assert all(len(c.data) <= 4000 for c in found.puzzle.constraints if isinstance(c, Other))


def test_cells_written_as_text_are_read_too() -> None:
    obj = {"cells": [[{} for _ in range(4)] for _ in range(4)],
           "cages": [{"cells": "r1c1,r1c2", "unique": True, "sum": 3}]}
    assert tools.read(json.dumps(obj)).puzzle.constraints == (Cage([0, 1], 3),)


def test_a_classic_scl_link_has_no_constraints() -> None:
    empty = sudokupad.scl_json(tools.read("https://sudokupad.app/scf" + sudokupad.classic([0] * 81)).puzzle)
    puzzle = tools.read(json.dumps(empty)).puzzle
    assert not puzzle.is_variant and puzzle.box == (3, 3)


def test_a_cage_with_a_number_but_no_killer_mark_is_a_killer_cage_when_the_rules_say_so() -> None:
    cage = {"cells": [[0, 0], [0, 1]], "value": "3"}
    obj = {"cells": [[{} for _ in range(4)] for _ in range(4)], "cages": [cage],
           "metadata": {"rules": "Digits in a cage sum to the number shown."}}
    found = tools.read(json.dumps(obj))
    assert found.puzzle.constraints == (Cage([0, 1], 3),)
    assert any("read as killer cages" in w for w in found.warnings)
    del obj["metadata"]
    assert isinstance(tools.read(json.dumps(obj)).puzzle.constraints[0], Other)


NUMBERS = st.one_of(st.integers(-3, 12), st.floats(-2, 11, allow_nan=False), st.sampled_from([0.5, 1.5, 3.5]))
POINTS = st.lists(NUMBERS, min_size=2, max_size=2)
COLOURS = st.sampled_from(["#CFCFCF", "#F067F0", "#67F067", "#FF9A00", "#34BBE6", "#000000", "#FFFFFF",
                           "#a1a1a1", "rgba(207, 207, 207, 0.95)", "#ccc", "red", 5, None])
SHAPES = st.fixed_dictionaries({}, optional={
    "center": POINTS, "width": NUMBERS, "height": NUMBERS, "rounded": st.booleans(),
    "backgroundColor": COLOURS, "borderColor": COLOURS, "text": st.sampled_from(["", "X", "V", "7", "?", 3]),
    "wayPoints": st.lists(POINTS, max_size=5), "color": COLOURS, "thickness": NUMBERS,
    "cells": st.lists(st.lists(st.integers(-1, 9), min_size=2, max_size=2), max_size=10),
    "value": st.sampled_from(["", "12", "x", 5, "title: T"]), "unique": st.booleans(), "sum": NUMBERS})


@settings(max_examples=150, deadline=None)
@for_all(drawn=st.fixed_dictionaries({}, optional={key: st.lists(SHAPES, max_size=6) for key in
                                                  ("overlays", "underlays", "lines", "arrows", "cages")}))
def test_any_drawing_is_read_carried_or_refused_by_name(drawn: dict[str, Any]) -> None:
    """Whatever is drawn, the reader answers with a puzzle whose every element is valid
    (the model checked it) or a FormatError: never anything else."""
    obj = {"cells": [[{} for _ in range(9)] for _ in range(9)], **drawn}
    try:
        found = tools.read(json.dumps(obj))
    except FormatError:
        return
    assert all(isinstance(w, str) and w for w in found.warnings)


# --- writing: a variant puzzle goes through SudokuPad's own f-puzzles converter -------------

KILLER = Puzzle.blank().with_cells({0: given(5)}).with_variants(
    None, [Cage([1, 2], 3), Cage([9, 10, 11], None), Rule("diagonal-")])


def _needs_fpuzzles_constraints() -> None:
    """These tests follow the f-puzzles writer: they wait until it holds killer cages and
    diagonals (helper fpz's part of issue #39)."""
    back = fpuzzles.puzzle_from(fpuzzles.fpuzzles_json(KILLER))[0]
    if back.constraints != KILLER.constraints:
        pytest.skip("f-puzzles' JSON does not hold killer cages and diagonals yet")


def test_a_variant_puzzle_is_written_as_its_f_puzzles_json_for_sudokupad() -> None:
    _needs_fpuzzles_constraints()
    link = tools.export("sudokupad", KILLER)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    data = json.loads(lz_decompress("test", link.removeprefix("https://sudokupad.app/fpuzzles")))
    assert data == fpuzzles.fpuzzles_json(KILLER)


def test_a_variant_puzzle_comes_back_from_its_sudokupad_link() -> None:
    _needs_fpuzzles_constraints()
    found = tools.read(tools.export("sudokupad", KILLER))
    assert found.format == "sudokupad f-puzzles"
    assert found.puzzle.constraints == KILLER.constraints and found.puzzle.cells == KILLER.cells


def test_sudokupad_names_the_players_digits_it_would_drop_from_a_variant_puzzle() -> None:
    played = KILLER.with_cells({80: value(4)})
    lost = [str(part) for part in tools.lost("sudokupad", played)]
    assert "1 player's value" in lost
    with pytest.raises(LossError):
        tools.export("sudokupad", played)
    link = tools.export("sudokupad", played, lossy=True)
    assert link.startswith("https://sudokupad.app/fpuzzles")


def test_what_the_f_puzzles_data_cannot_hold_is_named_with_its_kinds() -> None:
    lost = tools.lost("sudokupad", KILLER)
    back = fpuzzles.puzzle_from(fpuzzles.fpuzzles_json(KILLER))[0]
    missing = [c for c in KILLER.constraints if c not in back.constraints]
    said = [part for part in lost if part.what == "constraints"]
    assert sum(part.count for part in said) == len(missing)  # each dropped element named
    for c in missing:
        assert any(c.kind in part.detail for part in said)


def test_a_classic_puzzle_keeps_its_scf_link() -> None:
    classic = Puzzle.blank().with_cells({0: given(5)})
    assert tools.export("sudokupad", classic) == "https://sudokupad.app/scf" + sudokupad.classic(
        [5] + [0] * 80)


@pytest.mark.parametrize("prefix", ["https://sudokupad.app/fpuzzles", "https://sudokupad.app/fpuz",
                                    "https://sudokupad.app/?puzzleid=fpuzzles"])
def test_sudokupads_f_puzzles_links_keep_what_f_puzzles_keeps(prefix: str) -> None:
    """A real f-puzzles killer (examples.json) behind SudokuPad's f-puzzles prefixes."""
    load = by_name("f-puzzles innie killer")["text"]
    direct = tools.read(load)
    via = tools.read(prefix + load.split("load=", 1)[1])
    assert via.format == "sudokupad f-puzzles"
    assert via.puzzle == direct.puzzle and len(via.puzzle.constraints) == 2
    assert all(isinstance(c, Cage) for c in via.puzzle.constraints)
