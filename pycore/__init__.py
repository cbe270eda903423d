"""gridlinks: share a grid puzzle as a link. One model, one module per format.

    >>> import pycore
    >>> p = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    >>> pycore.encode("offset", p)
    '0234341021400321'
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .errors import FormatError, LossError, PuzzleError, UnknownName
from .formats import FORMATS, decode, encode
from .formats.json import from_json, to_json
from .model import Cell, Layout, Puzzle

if TYPE_CHECKING:
    from typing import Any

    from . import solve
    from .solve import count_solutions, hint

__all__ = [
    "FORMATS",
    "Cell",
    "FormatError",
    "Layout",
    "LossError",
    "Puzzle",
    "PuzzleError",
    "UnknownName",
    "count_solutions",
    "decode",
    "encode",
    "from_json",
    "hint",
    "solve",
    "to_json",
]
__version__ = "0.1.0"

_SOLVER = ("solve", "count_solutions", "hint")
# Public modules reachable as attributes after `import pycore` (pycore.links.read(...)),
# each imported on first use so that `import pycore` stays cheap for the page (whose
# MicroPython has only the modules `pycore.site.light` names).
_MODULES = ("app", "cells53", "cli", "cutoff", "errors", "formats", "links", "model", "render", "shapes",
            "site")


def __getattr__(name: str) -> Any:
    """The solver and the other public modules load on first use.

    `pycore.solve` is the solver package (`pycore.solve.solve(puzzle)` solves);
    `pycore.count_solutions` and `pycore.hint` are its functions.
    """
    if name in _SOLVER:
        package = _module("solve")
        return package if name == "solve" else getattr(package, name)
    if name in _MODULES:
        return _module(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")



def _module(name: str) -> Any:
    """pycore's submodule `name`, imported now if it was not (`importlib.import_module`,
    which MicroPython lacks)."""
    full = f"{__name__}.{name}"
    __import__(full)
    return sys.modules[full]
