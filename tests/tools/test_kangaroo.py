"""kangaroo's JSON puzzle files, read and written (Michu8258/kangaroo's SudokuDTO)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from pycore import links
from pycore.errors import FormatError
from pycore.formats.tools import kangaroo
from pycore.model import EMPTY, Layout, Puzzle, given
from tests.conftest import load_vector
from tests.strategies import layout_puzzles, square_puzzles
from tests.tools.examples import EXAMPLES
from tests.tools.grids import classic_puzzle, givens_only


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "kangaroo_vector" in e],
                         ids=lambda e: e["name"])
def test_kangaroo_files_match_the_binary_vectors(example: dict[str, Any]) -> None:
    vector = load_vector("origin/kangaroo.json")[example["kangaroo_vector"]]
    puzzle = links.read_any(example["text"]).puzzle
    rows = ["".join("#" if c.kind == "outside" else str(c.digit) if c.digit else "."
                    for c in row) for row in puzzle.rows_of_cells()]
    assert rows == vector["grid_rows"]
    assert links.read_any(vector["base64"]).puzzle == puzzle


def test_kangaroo_config_has_boxes_in_row_major_order_with_their_cells() -> None:
    config = json.loads(kangaroo.kangaroo(classic_puzzle()))
    assert config["boxSize"] == 3
    assert config["layout"] == {"width": 3, "height": 3}
    order = [(b["indexRow"], b["indexColumn"]) for b in config["boxes"]]
    assert order == [(r, c) for r in range(3) for c in range(3)]
    first = config["boxes"][0]
    assert first["disabled"] is False
    assert first["cells"][:4] == [
        {"value": 5, "indexRowInBox": 0, "indexColumnInBox": 0},
        {"value": 3, "indexRowInBox": 0, "indexColumnInBox": 1},
        {"value": None, "indexRowInBox": 0, "indexColumnInBox": 2},
        {"value": 6, "indexRowInBox": 1, "indexColumnInBox": 0},
    ]


def test_kangaroo_disabled_boxes_carry_empty_cells() -> None:
    layout = Layout(2, 3, 3, frozenset({2, 6}))  # two 4x4 grids sharing their middle box
    puzzle = Puzzle.blank(layout=layout).with_cell(0, given(4))
    config = json.loads(kangaroo.kangaroo(puzzle))
    assert config["boxSize"] == 2 and config["layout"] == {"width": 3, "height": 3}
    assert config["boxes"][0]["cells"][0] == {"value": 4, "indexRowInBox": 0, "indexColumnInBox": 0}
    disabled = [b for b in config["boxes"] if b["disabled"]]
    assert [(b["indexRow"], b["indexColumn"]) for b in disabled] == [(0, 2), (2, 0)]
    assert all(len(b["cells"]) == 4 and all(c["value"] is None for c in b["cells"]) for b in disabled)


@pytest.mark.parametrize("puzzle", [
    Puzzle.blank(size=6), Puzzle.blank(size=12), Puzzle.blank("str8ts", 9),
    Puzzle.blank(layout=Layout.samurai()), Puzzle("sudoku", 16, (EMPTY,) * 256, box=(2, 8)),
])
def test_kangaroo_holds_square_boxes_and_layouts_of_at_most_five_boxes(puzzle: Puzzle) -> None:
    with pytest.raises(FormatError, match="square boxes of 2 to 5"):
        kangaroo.kangaroo(puzzle, lossy=True)


def read_kangaroo(out: str) -> Puzzle:
    config = json.loads(out)
    b, width, height = config["boxSize"], config["layout"]["width"], config["layout"]["height"]
    disabled = frozenset(i for i, box in enumerate(config["boxes"]) if box["disabled"])
    blank = Puzzle.blank(layout=Layout(b, width, height, disabled))
    changes = {}
    for box in config["boxes"]:
        for cell in box["cells"]:
            if cell["value"] is not None:
                r = box["indexRow"] * b + cell["indexRowInBox"]
                c = box["indexColumn"] * b + cell["indexColumnInBox"]
                changes[r * blank.cols + c] = given(cell["value"])
    return blank.with_cells(changes)


@settings(max_examples=40, deadline=None)
@for_all(st.one_of(square_puzzles(kind="sudoku", sizes=(4, 9, 16), default_box=True), layout_puzzles()))
def test_kangaroo_reads_back_the_givens(puzzle: Puzzle) -> None:
    try:
        out = kangaroo.kangaroo(puzzle, lossy=True)
    except FormatError:
        assert puzzle.layout is not None and max(puzzle.layout.width, puzzle.layout.height) > 5
        return
    assert read_kangaroo(out) == givens_only(puzzle)
