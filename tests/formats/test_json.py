"""The JSON interchange form, exactly as documented."""

from __future__ import annotations

import json

import pytest

import pycore
from pycore.model import BLACK, Layout, Puzzle, black, candidates, given, value


def test_every_cell_kind() -> None:
    puzzle = Puzzle.blank("str8ts", 3).with_cells(
        {0: given(1), 1: value(2), 2: candidates([3, 1]), 3: BLACK, 4: black(3)})
    assert pycore.to_json(puzzle) == {
        "kind": "str8ts", "size": 3,
        "cells": [[{"given": 1}, {"value": 2}, {"candidates": [1, 3]}],
                  [{"black": True}, {"black": True, "given": 3}, None],
                  [None, None, None]],
    }
    assert pycore.from_json(pycore.to_json(puzzle)) == puzzle


def test_layout_key() -> None:
    obj = pycore.to_json(Puzzle.blank(layout=Layout.samurai()))
    assert obj["box"] == [3, 3] and obj["size"] == 9
    assert obj["layout"] == {"width": 7, "height": 7, "disabled": [3, 10, 21, 22, 26, 27, 38, 45]}
    assert obj["cells"][0][9] == {"outside": True}
    assert "layout" not in pycore.to_json(Puzzle.blank(layout=Layout(3, 3, 3)))


@pytest.mark.parametrize(("obj", "message"), [
    ([], "object"),
    ({"kind": "sudoku", "size": 4}, "'cells'"),
    ({"kind": "sudoku", "size": 4, "cells": [[None] * 4] * 3}, "4 rows"),
    ({"kind": "sudoku", "size": 4, "cells": [[{"given": "1"}] + [None] * 3] + [[None] * 4] * 3}, "integer"),
    ({"kind": "sudoku", "size": 4, "cells": [[{"given": 9}] + [None] * 3] + [[None] * 4] * 3}, "1..4"),
    ({"kind": "sudoku", "size": 4, "cells": [[{"given": 1, "value": 1}] + [None] * 3] + [[None] * 4] * 3},
     "a cell"),
    ({"kind": "sudoku", "size": 4, "colour": "red", "cells": []}, "keys"),
    ({"kind": "sudoku", "size": True, "cells": []}, "integer"),
])
def test_errors_are_format_errors(obj: object, message: str) -> None:
    with pytest.raises(pycore.FormatError, match=message):
        pycore.from_json(obj)
    with pytest.raises(pycore.FormatError):
        pycore.decode("json", json.dumps(obj))


def test_bad_json_text() -> None:
    with pytest.raises(pycore.FormatError) as err:
        pycore.decode("json", '{"kind": ')
    assert err.value.pos == 9
    with pytest.raises(pycore.FormatError):
        pycore.decode("json", "[" * 100_000)


GRID4 = [[None] * 4 for _ in range(4)]


@pytest.mark.parametrize(("text", "pos", "unit"), [
    ('  [1, 2]', 2, "character"),  # not an object: where the value starts
    ('{"kind": "sudoku", "size": 4, "colour": 1, "cells": []}', 30, "character"),  # the key
    ('{"kind": "sudoku", "size": 4}', 28, "character"),  # a missing key: the closing brace
    ('{"kind": "kakuro", "size": 4, "cells": []}', 1, "character"),
    ('{"kind": "sudoku", "size": "4", "cells": []}', 19, "character"),
    ('{"kind": "sudoku", "size": 4, "box": [2], "cells": []}', 30, "character"),
    ('{"kind": "sudoku", "size": 4, "cells": [[null]]}', 30, "character"),  # rows of 4 cells
    ('{"kind": "sudoku", "size": 4, "cells": ' + json.dumps(GRID4) + "}", None, None),  # valid
])
def test_a_fault_of_a_key_is_placed_at_its_field(text: str, pos: int | None,
                                                 unit: str | None) -> None:
    if pos is None:
        assert pycore.decode("json", text) == Puzzle.blank(size=4)
        return
    with pytest.raises(pycore.FormatError) as info:
        pycore.decode("json", text)
    assert (info.value.pos, info.value.unit) == (pos, unit)


def test_a_fault_of_a_cell_is_placed_at_its_index() -> None:
    grid: list[list[object]] = [[None] * 4 for _ in range(4)]
    grid[2][1] = {"given": "3"}
    obj = {"kind": "sudoku", "size": 4, "cells": grid}
    with pytest.raises(pycore.FormatError, match="row 3 column 2") as info:
        pycore.from_json(obj)
    assert (info.value.pos, info.value.unit) == (9, "cell")
    with pytest.raises(pycore.FormatError, match="row 3 column 2") as info:
        pycore.decode("json", json.dumps(obj))
    assert (info.value.pos, info.value.unit) == (9, "cell")


def test_without_a_text_a_key_has_no_place() -> None:
    with pytest.raises(pycore.FormatError) as info:
        pycore.from_json({"kind": "sudoku", "size": 4})
    assert info.value.pos is None


def _documented_example() -> str:
    """The JSON text docs/formats.md shows for the player's notes, verbatim."""
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    block = doc.split("<!-- json-notes-example -->", 1)[1]
    return block.split("```json\n", 1)[1].split("\n```", 1)[0]


def test_the_documented_notes_example_reads_as_it_says() -> None:
    puzzle = pycore.decode("json", _documented_example())
    assert (puzzle.title, puzzle.author, puzzle.rules) == ("Little one", "Ann", "")
    first, second, third = puzzle.cells[:3]
    assert first == given(1).with_colours([2])
    assert second.kind == "empty" and second.corner == {3, 4} and not second.colours
    assert third.candidates == {1, 2} and third.corner == {3} and third.colours == {4, 7}
    assert pycore.encode("json", puzzle) == _documented_example()


def test_notes_ride_on_every_kind_and_texts_on_every_shape() -> None:
    """Colours on any cell but an outside one (black cells and givens too), corner marks on
    empty and centre-marked cells; title, author and rules on a str8ts and a layout."""
    str8ts = Puzzle.blank("str8ts", 3).with_cells({
        0: BLACK.with_colours([9]), 1: black(2).with_colours([1, 2]),
        2: value(3).with_colours([5]), 3: candidates([1]).with_corner([2, 3]),
    }).with_info(title="S", author="A", rules="line one\nline two")
    samurai = Puzzle.blank(layout=Layout.samurai()).with_cells(
        {0: given(4).with_colours([3]), 1: pycore.model.EMPTY.with_corner([1, 9])}
    ).with_info(rules="Normal sudoku rules apply.")
    for puzzle in (str8ts, samurai):
        text = pycore.encode("json", puzzle)
        assert text == json.dumps(pycore.to_json(puzzle), separators=(",", ":"))
        assert pycore.decode("json", text) == puzzle
    assert pycore.to_json(str8ts)["cells"][1][0] == {"candidates": [1], "corner": [2, 3]}
    assert pycore.to_json(str8ts)["rules"] == "line one\nline two"


def test_a_title_outside_ascii_is_written_as_json_dumps_writes_it() -> None:
    puzzle = Puzzle.blank(size=4).with_info(title='Tëst "x" \\ 😀', author="Zoë")
    text = pycore.encode("json", puzzle)
    assert text == json.dumps(pycore.to_json(puzzle), separators=(",", ":"))
    assert pycore.decode("json", text) == puzzle


def test_an_escaped_surrogate_pair_is_one_character_and_a_lone_half_is_refused() -> None:
    """MicroPython's parser keeps a pair's halves apart: the form joins them itself."""
    from pycore.formats.json import joined

    assert joined("a\ud83d\ude00b") == "a😀b"
    assert joined("\ud83d") == "\ud83d"
    base = '{"kind":"sudoku","size":4,"title":"%s","cells":[[null,null,null,null],' \
        '[null,null,null,null],[null,null,null,null],[null,null,null,null]]}'
    assert pycore.decode("json", base % "\\ud83d\\ude00").title == "😀"
    with pytest.raises(pycore.FormatError, match="half a surrogate pair"):
        pycore.decode("json", base % "\\ud83d")
