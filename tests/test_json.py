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
