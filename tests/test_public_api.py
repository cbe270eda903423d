"""The public API: every name `pycore`'s docstring lists resolves, and every `pycore.` name
README.md and docs/*.md show in their text resolves, each call shown running as written.

README.md's fenced examples run in tests/test_readme.py; the docs show their calls inline
(`pycore.links.read(text)`), so here each inline name is looked up, and each inline call
runs with its placeholders (`puzzle`, `text`, ...) given the meanings in `PLACEHOLDERS`.
A call a doc shows with a new placeholder fails here until it is given one.
"""

from __future__ import annotations

import ast
import importlib
import re
from typing import Any

import pytest

import pycore
from pycore.model import Puzzle
from tests.conftest import ROOT

DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
SPAN = re.compile(r"`([^`]+)`")
NAME = re.compile(r"\bpycore(?:\.[A-Za-z_]\w*)+(?:\([^()]*\))?")

SAMPLE: Puzzle = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
PLACEHOLDERS: dict[str, Any] = {
    "puzzle": SAMPLE,
    "p": SAMPLE,
    "name": "offset",
    "text": pycore.encode("offset", SAMPLE),  # a text of format `name`, and a bare link
    "shape": "9x9",
}


def shown(where: str, text: str) -> list[tuple[str, str]]:
    """(where, name or call) of every `pycore.` name in the text's inline code (fenced
    blocks left out: they run as examples)."""
    text = FENCE.sub(lambda block: "\n" * block.group(0).count("\n"), text)
    found = []
    for span in SPAN.finditer(text):
        line = text.count("\n", 0, span.start()) + 1
        for name in NAME.finditer(span.group(1)):
            found.append((f"{where}:{line}", " ".join(name.group(0).split())))
    return found


def in_docs() -> list[tuple[str, str]]:
    return [item for doc in DOCS for item in shown(doc.name if doc.parent == ROOT else f"docs/{doc.name}",
                                                     doc.read_text(encoding="utf-8"))]


def resolve(dotted: str) -> object:
    """What a dotted name names: its longest prefix that is a module, imported, then the
    rest as attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            found: object = importlib.import_module(module)
        except ModuleNotFoundError as err:
            if not f"{module}.".startswith(f"{err.name}."):  # what the module imports is missing
                raise
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise AssertionError(f"no module in {dotted}")


SHOWN = in_docs()
LISTED = shown("pycore/__init__.py", pycore.__doc__ or "")


def test_the_docs_and_the_api_list_show_names() -> None:
    assert len(SHOWN) >= 30 and len(LISTED) >= 20


@pytest.mark.parametrize("where,shown_as", SHOWN + LISTED, ids=[f"{w} {s}" for w, s in SHOWN + LISTED])
def test_each_name_shown_resolves_and_each_call_runs(where: str, shown_as: str) -> None:
    dotted, _, arguments = shown_as.partition("(")
    target = resolve(dotted)
    if not arguments:
        return
    assert callable(target), f"{where}: {dotted} is shown called but cannot be"
    call = ast.parse(shown_as, mode="eval").body
    assert isinstance(call, ast.Call)
    names = {node.id for node in ast.walk(call) if isinstance(node, ast.Name)}
    unknown = names - {"pycore", *PLACEHOLDERS}
    assert not unknown, f"{where}: give {sorted(unknown)} a meaning in PLACEHOLDERS"
    eval(compile(shown_as, where, "eval"), {"pycore": pycore, **PLACEHOLDERS})


def test_every_name_in_all_resolves_and_the_api_list_names_it() -> None:
    listed = pycore.__doc__ or ""
    for name in pycore.__all__:
        assert getattr(pycore, name) is not None
        assert f"`{name}" in listed, f"pycore's docstring does not list {name}"


def test_the_old_call_pycore_solve_puzzle_still_solves() -> None:
    """Programs written before the split by layer call `pycore.solve(puzzle)`: the solver
    package solves when called, and stays a package."""
    solve: Any = pycore.solve  # a module to a type checker, callable when run
    assert solve(SAMPLE) == pycore.solve.solve(SAMPLE)
    assert solve(SAMPLE, max_nodes=10).is_solved
    from pycore.solve import solve as function
    from pycore.solve import wfc

    assert function is pycore.solve.solve and callable(wfc.solve)
    assert solve.__name__ == "pycore.solve" and solve.count_solutions is pycore.count_solutions


def test_resolve_refuses_a_name_that_is_not_there() -> None:
    with pytest.raises(AttributeError):
        resolve("pycore.links.no_such_name")
    with pytest.raises(AttributeError):
        resolve("pycore.solve.no_such_module")
