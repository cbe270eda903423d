"""The JSON form keeps every variant constraint: "regions" as rows of region numbers and one
"constraints" object under f-puzzles' names (docs/formats.md), read back equal; a classic
puzzle is written exactly as before; hostile constraints are refused with a position."""

from __future__ import annotations

import json as _json
from typing import Any

import pytest
from hypothesis import given as hypothesis_given
from hypothesis import settings

from pycore.errors import FormatError
from pycore.formats import json
from pycore.model import EMPTY, Puzzle
from pycore.variants import Arrow, Cage, Clue, Dot, Line, Other, Rule
from tests.variant_strategies import variant_puzzles

BLANK_9 = Puzzle("sudoku", 9, (EMPTY,) * 81, (3, 3))


def _with(constraints: dict[str, Any], size: int = 9, **extra: Any) -> str:
    """A JSON-form text of an empty grid carrying these constraints."""
    obj = _json.loads(json.encode(Puzzle("sudoku", size, (EMPTY,) * (size * size),
                                         BLANK_9.box if size == 9 else (2, 2))))
    obj.update(extra)
    obj["constraints"] = constraints
    return _json.dumps(obj)


def test_the_documented_example_reads_element_by_element() -> None:
    puzzle = json.decode(_with({
        "diagonal+": True, "antiknight": True, "negative": ["ratio"],
        "killercage": [{"cells": ["r1c1", "R1C2"], "value": 15}],
        "littlekillersum": [{"cell": "r0c4", "direction": "DL", "value": 17}],
        "thermometer": [{"lines": [["r2c2", "r2c3", "r2c4"]]}],
        "whispers": [{"lines": [["r7c1", "r7c2"]], "value": 5}],
        "arrow": [{"cells": ["r5c5"], "lines": [["r5c5", "r5c6", "r5c7"]]}],
        "ratio": [{"cells": ["r9c1", "r9c2"]}],
        "other": [{"key": "lockout", "data": {}}]}))
    items = set(puzzle.constraints)
    assert Rule("diagonal+") in items and Rule("anti-knight") in items
    assert Rule("negative-black") in items
    assert Cage((0, 1), 15) in items
    assert Line("thermo", (10, 11, 12)) in items
    assert Line("whispers", (54, 55), 5) in items
    assert Arrow((40,), ((40, 41, 42),)) in items
    assert Dot("black", (72, 73), 2) in items
    clue = next(c for c in items if isinstance(c, Clue))
    assert (clue.kind, clue.row, clue.col, clue.value, clue.direction) == \
        ("little-killer", -1, 3, 17, "DL")
    assert any(isinstance(c, Other) and c.key == "lockout" for c in items)


def test_a_classic_puzzle_has_neither_regions_nor_constraints() -> None:
    text = json.encode(BLANK_9)
    assert '"regions"' not in text and '"constraints"' not in text
    assert json.decode(text) == BLANK_9


@settings(max_examples=40, deadline=None)
@hypothesis_given(variant_puzzles(sizes=(4, 6, 9)))
def test_every_variant_puzzle_reads_back_equal(puzzle: Puzzle) -> None:
    text = json.encode(puzzle)
    assert json.decode(text) == puzzle
    assert json.encode(json.decode(text)) == text  # one spelling


def test_a_dot_between_cells_that_do_not_touch_is_carried_not_dropped() -> None:
    puzzle = json.decode(_with({"ratio": [{"cells": ["r1c1", "r3c3"]}]}))
    assert [c.key for c in puzzle.constraints if isinstance(c, Other)] == ["ratio[]"]


@pytest.mark.parametrize("constraints", [
    {"killercage": [{"cells": ["r10c1"], "value": 3}]},
    {"killercage": [{"cells": ["r1c1", "x"], "value": 3}]},
    {"thermometer": [{"lines": [["r0c0", "r1c1"]]}]},
    {"other": "lockout"},
])
def test_hostile_constraints_are_refused_with_a_position(constraints: dict[str, Any]) -> None:
    with pytest.raises(FormatError) as err:
        json.decode(_with(constraints))
    assert err.value.format == "json" and err.value.pos is not None


@pytest.mark.parametrize("regions", [
    [[0] * 9 for _ in range(9)],  # one region of every cell
    [[k % 9 for k in range(r, r + 9)] for r in range(8)],  # eight rows only
    [[10] * 9 for _ in range(9)],
])
def test_regions_that_do_not_partition_are_refused(regions: list[list[int]]) -> None:
    with pytest.raises(FormatError):
        json.decode(_with({}, regions=regions))


def test_ten_thousand_dots_and_a_huge_sum_stay_harmless() -> None:
    dots = [{"cells": ["r1c1", "r1c2"]}] * 10_000
    same = json.decode(_with({"difference": dots})).constraints
    assert same == (Dot("white", (0, 1), 1),)  # the same dot said 10,000 times is one dot
    puzzle = json.decode(_with({"killercage": [{"cells": ["r1c1", "r1c2"], "value": 10**9}]}))
    carried = puzzle.constraints  # as a cage (no solution) or as an element kept as it came
    assert carried in ((Cage((0, 1), 10**9),), (Other("killercage[]", _json.dumps(
        {"cells": ["r1c1", "r1c2"], "value": 10**9}, separators=(",", ":")), (0, 1)),))
