"""gridlinks: share a grid puzzle as a link. One model, one module per format.

    >>> import pycore
    >>> p = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    >>> pycore.encode("offset", p)
    '0234341021400321'

The public API, in one place (tests/test_public_api.py checks that every name here
resolves and that every call README.md and docs/ show runs):

- here (`__all__`, each as `pycore.decode` and so on): `decode(name, text)`, `encode(name, puzzle)` and
  `FORMATS`, the format registry; `from_json`, `to_json`; the model's `Puzzle`, `Cell`,
  `Layout`; the errors `FormatError`, `LossError`, `PuzzleError`, `UnknownName`; and the
  solver: `solve(puzzle)` (the solver package, which solves when called, as
  `pycore.solve.solve` does), `count_solutions(puzzle, limit=2)`, `hint(puzzle)`;
- the public modules, each imported on first use (`pycore.links.read(text)` works after
  `import pycore`): `pycore.model` (`Puzzle`, cells, `PALETTE_COLOURS`), `pycore.errors`
  (`FormatError`, `LossError`, `quoted`), `pycore.shapes` (`levels_made`, `LEVELS`),
  `pycore.cells53`, `pycore.formats` (`decode`, `encode`) with `pycore.formats.tools`
  (other tools' texts: `export`, `survey`, `read`), `pycore.links` (`read`, `read_any`,
  `best`, `link`, `share`), `pycore.solve` (`solve`, `solutions`, `count_solutions`,
  `hint`, `NoSolution`, `pycore.solve.wfc`, `pycore.solve.techniques` with `grade` and
  `next_step`, `pycore.solve.generate` with `generate`), `pycore.app` (the page's logic:
  `pycore.app.editor`, `pycore.app.persist`, `pycore.app.messages`), `pycore.render`
  (`pycore.render.svg.render_svg`, `pycore.render.qr.qr_svg`), `pycore.site` (`build`,
  `serve`) and `pycore.cli` (`main`, `read_puzzle`; the verbs are `pycore.cli.verbs.VERBS`).

Everything else (a name with a leading underscore, a module not named here) is the
package's own and may change.
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

    `pycore.solve` is the solver package, which solves when called (`pycore.solve(puzzle)`
    is `pycore.solve.solve(puzzle)`); `pycore.count_solutions` and `pycore.hint` are its
    functions.
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
