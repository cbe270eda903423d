"""The light part of pycore: what the page's own Python needs to open, edit, save and
share a link, and nothing more.

A first visit starts MicroPython (about 0.3 MB) in the page's worker instead of Pyodide
(about 20 MB), so the grid can be drawn and played within a second or two; a Pyodide
worker, started after the grid is drawn, runs the rest (the solver, hints, new puzzles,
other tools' links, printing and QR codes). These modules therefore run unchanged under
MicroPython 1.27 as well as CPython and Pyodide: plain classes instead of dataclasses,
tuples for every ordered table (MicroPython's dicts keep no order), no regular expression
over a text of unbounded length, and none of the standard library MicroPython lacks. They
import nothing outside this list at import time (`messages.doubt` imports the solver
when it is called, in the worker; `links.read_any` the other tools' readers).

`LIGHT_MODULES` are the files, relative to the repository root, sorted; `STUBS`
are the two modules MicroPython alone is given (`typing` and `__future__`, for the
annotations and type-checking imports), written at the top of its file system by name.
The page's build bundles exactly these files (`pycore.site.light_bundle`), and
tests/runtimes/test_in_micropython.py runs them under MicroPython in Node.
"""

from __future__ import annotations

__all__ = ["LIGHT_MODULES", "STUBS"]

LIGHT_MODULES: tuple[str, ...] = (
    "pycore/__init__.py",
    "pycore/app/__init__.py",
    "pycore/app/crossings.py",
    "pycore/app/drawing.py",
    "pycore/app/editor.py",
    "pycore/app/messages.py",
    "pycore/app/persist.py",
    "pycore/app/setting.py",
    "pycore/cells53.py",
    "pycore/cutoff.py",
    "pycore/errors.py",
    "pycore/formats/__init__.py",
    "pycore/formats/_constraints.py",
    "pycore/formats/_fields.py",
    "pycore/formats/_loss.py",
    "pycore/formats/_notes.py",
    "pycore/formats/_numeral.py",
    "pycore/formats/_rans.py",
    "pycore/formats/_transform.py",
    "pycore/formats/_variant_code.py",
    "pycore/formats/binary.py",
    "pycore/formats/bitcell.py",
    "pycore/formats/compact.py",
    "pycore/formats/jcode.py",
    "pycore/formats/json.py",
    "pycore/formats/offset.py",
    "pycore/formats/str8ts.py",
    "pycore/links.py",
    "pycore/model.py",
    "pycore/record.py",
    "pycore/shapes.py",
    "pycore/variants.py",
)

STUBS: tuple[str, ...] = ("web/light/micropython/typing.py", "web/light/micropython/__future__.py")
