"""Every refusal of the JSON interchange form: what was expected, where, and what was found."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pycore import formats
from pycore.errors import FormatError
from pycore.formats import json as json_form

BASE: dict[str, Any] = {"kind": "sudoku", "size": 4, "cells": [[None] * 4] * 4}


def last_cell(cell: object) -> dict[str, Any]:
    return {**BASE, "cells": [[None] * 4] * 3 + [[None] * 3 + [cell]]}


def refusal(call: Callable[[], object]) -> tuple[str, int | None, str, str | None]:
    with pytest.raises(FormatError) as info:
        call()
    err = info.value
    return err.format, err.pos, err.expected, err.found


@pytest.mark.parametrize(("obj", "expected", "found", "where"), [
    ([1], "a JSON object", "list", "start"),
    ("x", "a JSON object", "str", "start"),
    ({**BASE, "x": 1},
     "only the keys ['author', 'box', 'cells', 'constraints', 'kind', 'layout', 'regions', 'rules', "
     "'size', 'title']", "'x'", "x"),
    ({"kind": "sudoku", "size": 4}, "the key 'cells'", None, "end"),
    ({"size": 4, "cells": []}, "the key 'kind'", None, "end"),
    ({**BASE, "kind": "kakuro"}, "kind 'sudoku' or 'str8ts'", "'kakuro'", "kind"),
    ({**BASE, "size": "4"}, "an integer for size", "'4'", "size"),
    ({**BASE, "size": True}, "an integer for size", "True", "size"),
    ({**BASE, "box": [2]}, "box as [rows, cols]", "[2]", "box"),
    ({**BASE, "box": "2x2"}, "box as [rows, cols]", "'2x2'", "box"),
    ({**BASE, "box": [2, 2.0]}, "an integer for box", "2.0", "box"),
    ({**BASE, "layout": [1]}, "layout as {width, height, disabled}", "[1]", "layout"),
    ({**BASE, "layout": {"width": 2, "rows": 2}}, "layout as {width, height, disabled}",
     "{'width': 2, 'rows': 2}", "layout"),
    ({**BASE, "layout": {"width": 2, "height": 2}}, "a square box [b, b] with a layout", None, "layout"),
    ({**BASE, "box": [2, 2], "layout": {"width": 2, "height": 2, "disabled": 3}},
     "a list of disabled box indices", "3", "layout"),
    ({**BASE, "box": [2, 2], "layout": {"width": 2, "height": "2"}}, "an integer for layout height",
     "'2'", "layout"),
    ({**BASE, "box": [2, 2], "layout": {"width": 2, "height": 2, "disabled": [1]}},
     "a valid puzzle (a layout needs at least one fully enabled 2x2 window of boxes)", None, "layout"),
    ({**BASE, "cells": "x"}, "cells as a list of rows", None, "cells"),
    ({**BASE, "cells": [None] * 4}, "cells as a list of rows", None, "cells"),
    ({**BASE, "cells": [[None] * 4] * 3}, "4 rows of 4 cells", None, "cells"),
    ({**BASE, "cells": [[None] * 4] * 3 + [[None] * 5]}, "4 rows of 4 cells", None, "cells"),
    (last_cell(5), "null or an object for row 4 column 4", "5", 15),
    (last_cell({"candidates": 1}), "a list of candidates for row 4 column 4", "1", 15),
    (last_cell({"candidates": [1, 1]}), "candidates without repeats for row 4 column 4", None, 15),
    (last_cell({"candidates": ["1"]}), "an integer for row 4 column 4", "'1'", 15),
    (last_cell({"given": "1"}), "an integer for row 4 column 4", "'1'", 15),
    (last_cell({"black": False}), "a cell of the JSON form for row 4 column 4", "{'black': False}", 15),
    (last_cell({"outside": 1}), "a cell of the JSON form for row 4 column 4", "{'outside': 1}", 15),
    (last_cell({"given": 1, "value": 2}), "a cell of the JSON form for row 4 column 4",
     "{'given': 1, 'value': 2}", 15),
    (last_cell({"given": 9}), "a valid puzzle (cell r4c4: digit 9 is not in 1..4)", None, "end"),
    (last_cell({"black": True}), "a valid puzzle (cell r4c4: black cells belong to str8ts only)",
     None, "end"),
    (last_cell({"candidates": list(range(1, 30))}), "a valid puzzle (cell r4c4: candidate 29 is not in 1..4)",
     None, "end"),
    (last_cell({"corner": 3}), "a list of corner for row 4 column 4", "3", 15),
    (last_cell({"colours": [2, 2]}), "colours without repeats for row 4 column 4", None, 15),
    (last_cell({"colours": [10]}), "a valid cell (colours are 1 to 9) for row 4 column 4", None, 15),
    (last_cell({"given": 1, "corner": [2]}),
     "a valid cell (a given cell holds no corner marks) for row 4 column 4", None, 15),
    (last_cell({"given": 1, "candidates": [2]}), "a cell of the JSON form for row 4 column 4",
     "{'given': 1, 'candidates': [2]}", 15),
    (last_cell({"outside": True, "colours": [1]}),
     "a valid cell (an outside cell holds no colours) for row 4 column 4", None, 15),
    (last_cell({"corner": [7]}), "a valid puzzle (cell r4c4: corner mark 7 is not in 1..4)",
     None, "end"),
    ({**BASE, "title": 5}, "the title as a string", "5", "title"),
    ({**BASE, "author": "x" * 101}, "a valid puzzle (the author must be at most 100 characters, "
     "not 101)", None, "author"),
    ({**BASE, "title": "a\nb"}, "a valid puzzle (the title holds a control character '\\n')",
     None, "title"),
])
def test_from_json_refuses(obj: object, expected: str, found: str | None, where: str | int) -> None:
    """A fault of a key is placed at the key in the text (an invalid layout too); a missing
    key or an invalid cell at the closing brace; a fault of a cell's form at its index."""
    text = json.dumps(obj)
    if where == "start":
        pos, unit = 0, "character"
    elif where == "end":
        pos, unit = len(text) - 1, "character"
    elif isinstance(where, int):
        pos, unit = where, "cell"
    else:
        pos, unit = text.index(f'"{where}"'), "character"
    with pytest.raises(FormatError) as info:
        formats.decode("json", text)
    err = info.value
    assert (err.format, err.pos, err.unit, err.expected, err.found) == ("json", pos, unit, expected, found)


def test_a_long_value_is_cut_to_40_characters_in_the_message() -> None:
    long = "k" * 50
    assert refusal(lambda: json_form.from_json({**BASE, "kind": long}))[3] == repr(long)[:37] + "..."
    short = "k" * 38  # repr is 40 characters: kept whole
    assert refusal(lambda: json_form.from_json({**BASE, "kind": short}))[3] == repr(short)


def test_each_cell_of_the_form_reads() -> None:
    cells = [None, {"given": 1}, {"value": 2}, {"candidates": [3, 1]}, {"black": True},
             {"black": True, "given": 3}, None, None, None]
    puzzle = json_form.from_json({"kind": "str8ts", "size": 3, "cells": [cells[:3], cells[3:6], cells[6:]]})
    assert json_form.decode(json_form.encode(puzzle)) == puzzle
    assert json.loads(json_form.encode(puzzle))["cells"][1] == [
        {"candidates": [1, 3]}, {"black": True}, {"black": True, "given": 3}]


@pytest.mark.parametrize(("text", "pos", "expected", "found"), [
    ("{", 1, "valid JSON (Expecting property name enclosed in double quotes)", None),
    ('{"kind": }', 9, "valid JSON (Expecting value)", None),
    ("[" * 17, 16, "nesting of at most 16 levels", None),
    ('{"a": "[[[[[[[[[[[[[[[[[[", "b": ' + "[" * 15, None, None, None),  # brackets in strings count not
    ('{"a": "\\"[[[[[[[[[[[[[[[[[", "b": ' + "[" * 15, None, None, None),  # nor after an escaped quote
    (" " * (1 << 20) + "x", 1 << 20, "JSON of at most 1048576 characters", "1048577 characters"),
])
def test_loads_refuses(text: str, pos: int | None, expected: str | None, found: str | None) -> None:
    if expected is None:  # the nesting check passes: the parser's own refusal comes next
        err = refusal(lambda: json_form.loads("json", text))
        assert err[2].startswith("valid JSON (")
        return
    assert refusal(lambda: json_form.loads("json", text)) == ("json", pos, expected, found)


def test_the_nesting_bound_is_inclusive_and_quotes_are_configurable() -> None:
    assert json_form.loads("json", "[" * 16 + "]" * 16) == json.loads("[" * 16 + "]" * 16)
    json_form.check_nesting("x", "'[[[' [[", max_depth=2, quotes="'")
    assert refusal(lambda: json_form.check_nesting("x", "'[[[' [[[", max_depth=2, quotes="'")) == (
        "x", 8, "nesting of at most 2 levels", None)
    assert refusal(lambda: json_form.check_nesting("x", "[][][[[", max_depth=2)) == (
        "x", 6, "nesting of at most 2 levels", None)


def test_a_number_too_long_for_python_is_a_format_error() -> None:
    err = refusal(lambda: json_form.loads("json", "1" * 5000))
    assert err[:2] == ("json", 5000) and err[2].startswith("valid JSON (Exceeds the limit")
