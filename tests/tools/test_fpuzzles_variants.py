"""f-puzzles keeps every variant constraint (pycore.formats._constraints): each key read
into its element as f-puzzles writes it, null lists read as empty, unknown keys carried,
cosmetic copies dropped, and our export read back equal to the puzzle exported."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given as hypothesis_given
from hypothesis import settings

from pycore.errors import FormatError
from pycore.formats.tools import _common, fpuzzles
from pycore.model import Puzzle
from pycore.variants import (
    Arrow,
    Cage,
    Clone,
    Clue,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
)
from tests.tools.examples import by_name
from tests.variant_strategies import variant_puzzles


def cell(name: str, n: int = 9) -> int:
    r, c = name[1:].upper().split("C")
    return (int(r) - 1) * n + int(c) - 1


def cells(*names: str) -> tuple[int, ...]:
    return tuple(cell(n) for n in names)


def blank(n: int = 9) -> list[list[dict[str, Any]]]:
    return [[{} for _ in range(n)] for _ in range(n)]


def read(obj: dict[str, Any]) -> tuple[Puzzle, tuple[str, ...]]:
    found = fpuzzles.decode(json.dumps(obj))
    return found.puzzle, found.warnings


def test_a_real_killer_link_keeps_its_cages() -> None:
    """The innie killer of a public f-puzzles solver's tests (tests/data/imports)."""
    text = by_name("f-puzzles innie killer")["text"]
    found = fpuzzles.decode(text)
    assert found.puzzle.constraints == (
        Cage(cells("R1C1", "R2C1"), 9), Cage(cells("R1C2", "R1C3", "R2C2", "R2C3", "R3C2"), 33))
    assert found.warnings == ()


# Each key as f-puzzles writes it (values as strings, cells as "R1C1"), hand-built from the
# shapes f-puzzles' own solver reads (VARIANTS.md §1), and the element it holds.
KEYS: list[tuple[str, Any, list[Any]]] = [
    ("killercage", [{"cells": ["R1C1", "R1C2"], "value": "15"}, {"cells": ["R9C9"]}],
     [Cage(cells("R1C1", "R1C2"), 15), Cage(cells("R9C9"))]),
    ("littlekillersum", [{"cell": "R0C4", "cells": ["R1C3"], "direction": "DL", "value": "12"}],
     [Clue("little-killer", -1, 3, 12, "DL")]),
    ("sandwichsum", [{"cell": "R3C0", "value": "10"}], [Clue("sandwich", 2, -1, 10)]),
    ("xsum", [{"cell": "R10C2", "value": "25"}], [Clue("x-sum", 9, 1, 25)]),
    ("skyscraper", [{"cell": "R5C10", "value": "3"}], [Clue("skyscraper", 4, 9, 3)]),
    ("thermometer", [{"lines": [["R2C2", "R2C3", "R2C4"], ["R2C2", "R3C2"]]}],
     [Line("thermo", cells("R2C2", "R2C3", "R2C4")), Line("thermo", cells("R2C2", "R3C2"))]),
    ("slowthermometer", [{"lines": [["R4C4", "R4C5"]]}], [Line("slow-thermo", cells("R4C4", "R4C5"))]),
    ("arrow", [{"cells": ["R5C5", "R5C6"], "lines": [["R5C6", "R6C7", "R7C7"]]}],
     [Arrow(cells("R5C5", "R5C6"), [cells("R5C6", "R6C7", "R7C7")])]),
    ("renban", [{"lines": [["R8C1", "R8C2", "R8C3"]]}], [Line("renban", cells("R8C1", "R8C2", "R8C3"))]),
    ("whispers", [{"lines": [["R7C1", "R7C2"]]}, {"lines": [["R6C1", "R6C2"]], "value": "4"}],
     [Line("whispers", cells("R7C1", "R7C2"), 5), Line("whispers", cells("R6C1", "R6C2"), 4)]),
    ("palindrome", [{"lines": [["R9C1", "R9C2", "R9C3"]]}],
     [Line("palindrome", cells("R9C1", "R9C2", "R9C3"))]),
    ("betweenline", [{"lines": [["R3C7", "R3C8", "R3C9"]]}],
     [Line("between", cells("R3C7", "R3C8", "R3C9"))]),
    ("regionsumline", [{"lines": [["R1C3", "R1C4"]]}], [Line("region-sum", cells("R1C3", "R1C4"))]),
    ("entropicline", [{"lines": [["R4C1", "R5C1", "R6C1"]]}],
     [Line("entropic", cells("R4C1", "R5C1", "R6C1"))]),
    ("zipperline", [{"lines": [["R4C9", "R5C9", "R6C9"]]}], [Line("zipper", cells("R4C9", "R5C9", "R6C9"))]),
    ("difference", [{"cells": ["R1C1", "R2C1"]}, {"cells": ["R1C2", "R2C2"], "value": "3"}],
     [Dot("white", cells("R1C1", "R2C1")), Dot("white", cells("R1C2", "R2C2"), 3)]),
    ("ratio", [{"cells": ["R1C4", "R2C4"], "value": ""}], [Dot("black", cells("R1C4", "R2C4"))]),
    ("xv", [{"cells": ["R1C5", "R1C6"], "value": "X"}, {"cells": ["R2C5", "R2C6"], "value": "V"}],
     [Dot("x", cells("R1C5", "R1C6")), Dot("v", cells("R2C5", "R2C6"))]),
    ("negative", ["ratio", "xv"], [Rule("negative-black"), Rule("negative-xv")]),
    ("nonconsecutive", True, [Rule("non-consecutive")]),
    ("diagonal+", True, [Rule("diagonal+")]),
    ("diagonal-", True, [Rule("diagonal-")]),
    ("antiknight", True, [Rule("anti-knight")]),
    ("antiking", True, [Rule("anti-king")]),
    ("disjointgroups", True, [Rule("disjoint-groups")]),
    ("odd", [{"cell": "R3C3"}], [Mark("odd", cell("R3C3"))]),
    ("even", [{"cell": "r3c4"}], [Mark("even", cell("R3C4"))]),
    ("minimum", [{"cell": "R6C6"}], [Mark("min", cell("R6C6"))]),
    ("maximum", [{"cell": "R6C7"}], [Mark("max", cell("R6C7"))]),
    ("rowindexer", [{"cells": ["R1C7", "R2C7"]}],
     [Mark("row-indexer", cell("R1C7")), Mark("row-indexer", cell("R2C7"))]),
    ("extraregion", [{"cells": ["R7C7", "R7C8", "R8C7"]}], [ExtraRegion(cells("R7C7", "R7C8", "R8C7"))]),
    ("clone", [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}], [Clone(cells("R1C1"), cells("R9C9"))]),
    ("quadruple", [{"cells": ["R4C4", "R4C5", "R5C4", "R5C5"], "values": [1, 2]}],
     [Quadruple(cells("R4C4", "R4C5", "R5C4", "R5C5"), (1, 2))]),
]


@pytest.mark.parametrize(("key", "value", "elements"), KEYS, ids=[k for k, _, _ in KEYS])
def test_each_key_is_read_into_its_element_and_written_back(
        key: str, value: Any, elements: list[Any]) -> None:
    puzzle, warnings = read({"size": 9, "grid": blank(), key: value})
    assert list(puzzle.constraints) == sorted(elements, key=lambda e: e.order())
    assert warnings == ()
    again, _ = fpuzzles.puzzle_from(fpuzzles.fpuzzles_json(puzzle))
    assert again == puzzle


def test_null_lists_read_as_empty() -> None:
    """Four real links were refused for `"givenPencilMarks": null` (issue #39)."""
    grid = blank()
    grid[0][0] = {"value": 5, "given": True, "givenPencilMarks": None, "centerPencilMarks": None,
                  "cornerPencilMarks": None}
    puzzle, warnings = read({"size": 9, "grid": grid, "killercage": None, "arrow": None})
    assert puzzle.cells[0].digit == 5 and puzzle.constraints == () and warnings == ()


def test_unknown_keys_are_carried_and_written_back_as_they_came() -> None:
    lockout = [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#000"}]
    puzzle, warnings = read({"size": 9, "grid": blank(), "lockout": lockout, "modular": 3})
    others = [c for c in puzzle.constraints if isinstance(c, Other)]
    assert [o.key for o in others] == ["lockout[]", "modular"]
    assert others[0].cells == cells("R1C1", "R1C2", "R1C3")  # drawn where it lies
    assert warnings == ("1 'lockout' element (carried, not checked)",
                        "1 'modular' element (carried, not checked)")
    written = fpuzzles.fpuzzles_json(puzzle)
    assert written["lockout"] == lockout and written["modular"] == 3


def test_a_malformed_entry_is_carried_not_refused() -> None:
    puzzle, warnings = read({"size": 9, "grid": blank(), "arrow": [{"lines": []}],
                             "killercage": [{"cells": ["R1C1"], "value": "?"}]})
    assert {c.key for c in puzzle.constraints if isinstance(c, Other)} == {"arrow[]", "killercage[]"}
    assert any("'arrow'" in w for w in warnings)


def test_cosmetic_copies_of_a_constraint_are_dropped() -> None:
    puzzle, _ = read({"size": 9, "grid": blank(), "renban": [{"lines": [["R1C1", "R1C2"]]}],
                      "line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#F067F0",
                                "fromConstraint": "Renban"}]})
    assert puzzle.constraints == (Line("renban", cells("R1C1", "R1C2")),)


def test_a_seven_by_seven_jigsaw() -> None:
    grid = blank(7)
    for r in range(7):
        for c in range(7):
            grid[r][c]["region"] = r if (r, c) not in ((0, 6), (1, 0)) else 1 - r
    puzzle, warnings = read({"size": 7, "grid": grid})
    assert puzzle.size == 7 and puzzle.regions is not None and warnings == ()
    assert puzzle.geometry.boxes[0] == (0, 1, 2, 3, 4, 5, 7)
    assert fpuzzles.puzzle_from(fpuzzles.fpuzzles_json(puzzle))[0] == puzzle


@pytest.mark.parametrize(("obj", "expected"), [
    ({"killercage": [{"cells": ["R10C1"], "value": "3"}]}, "a cell R1C1..R9C9"),
    ({"thermometer": [{"lines": [["R1C1", "bogus"]]}]}, "a cell R1C1..R9C9"),
])
def test_a_cell_outside_the_grid_is_refused_plainly(obj: dict[str, Any], expected: str) -> None:
    with pytest.raises(FormatError, match=expected):
        read({"size": 9, "grid": blank(), **obj})


def test_hostile_sizes_stay_harmless() -> None:
    every = [f"R{r}C{c}" for r in range(1, 10) for c in range(1, 10)]
    puzzle, warnings = read({"size": 9, "grid": blank(),
                             "killercage": [{"cells": every, "value": "1000000000"}],
                             "difference": [{"cells": ["R1C1", "R1C2"]}] * 10_000})
    # a cage of every cell and its sum are carried unchecked; ten thousand copies of a dot
    # say one dot
    assert [c.kind for c in puzzle.constraints] == ["white", "other"]
    assert warnings == ("1 'killercage' element (carried, not checked)",)
    with pytest.raises(FormatError, match="at most 4000 constraints"):  # all different
        read({"size": 9, "grid": blank(), "lockout": [{"n": k} for k in range(5000)]})


@hypothesis_given(variant_puzzles(sizes=(4, 6, 9)))
@settings(max_examples=80)
def test_our_export_reads_back_equal(puzzle: Puzzle) -> None:
    """Unknown elements aside (their cells are drawn from their data, not kept beside it)."""
    puzzle = puzzle.with_variants(puzzle.regions, [c for c in puzzle.constraints if c.kind != "other"])
    link = fpuzzles.export(puzzle, lossy=True)
    assert fpuzzles.decode(link).puzzle == puzzle.with_cells(
        {i: c.with_colours(sorted(c.colours)[:1]) for i, c in enumerate(puzzle.cells) if c.colours})
    assert _common.lz_decompress("f", link.partition("load=")[2])


def test_sudokupads_metadata_cages_are_words_not_constraints() -> None:
    obj = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "cage": [
        {"cells": ["R4C4"], "value": "title: Four"}, {"cells": ["R4C4"], "value": "Rules: Be nice"},
        {"cells": ["R4C4"], "value": "solution: 1234"}, {"cells": ["R1C1"], "value": "3"}]}
    puzzle, warnings = fpuzzles.puzzle_from(obj)
    assert (puzzle.title, puzzle.rules) == ("Four", "Be nice")
    assert [c.key for c in puzzle.constraints if isinstance(c, Other)] == ["cage[]"]  # the real one
    assert "the solution cannot be kept" in warnings
