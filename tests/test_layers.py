"""pycore's layers: no import goes from a lower layer up to a higher one, nor sideways
between two parts of one layer.

`LAYERS` is the one statement of the order, bottom up (docs/architecture.md describes the
layers in words). A part is a top-level module or subpackage of pycore, whole: the
modules inside a part may import each other freely. Every import counts, at the top of a
module or inside a function (a late import is still a dependency, only a later one), and
in an `if TYPE_CHECKING:` block (what a module's types name, it depends on); relative
imports are resolved against the importing module's package.

What the test cannot see are the imports by a name built at run time, and there are two
kinds, both on purpose: `pycore`'s own `__getattr__` (`pycore.links` imported on first
use), which is why the package's `__init__` is the top layer, above all it may name; and
the lookups inside one part (`pycore.cli.verbs` naming each verb's module, the format
registry naming each format's), which stay inside their part.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "pycore"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("pycore.record",),  # Record, the one base of the immutable value classes
    ("pycore.errors",),  # the errors every layer raises: they name no model
    ("pycore.variants",),  # the variant constraints a puzzle holds, their invariants and Check
    ("pycore.model",),  # Puzzle, Cell, Layout, Geometry
    ("pycore.cells53", "pycore.shapes"),  # the 53-bit cells; the shape catalogue and LEVELS
    ("pycore.formats",),  # one module per format, the registry, and formats.tools (other tools)
    ("pycore.links",),  # fragment tags from the registry, read and read_any, the share policy
    ("pycore.cutoff",),  # whether a link that did not open was cut off, asked of the formats and links
    ("pycore.solve",),  # the solvers, hints, techniques, grading, the generator
    ("pycore.app",),  # the page's logic: editor, persist, messages (which asks the solver)
    ("pycore.render", "pycore.site"),  # pictures (SVG, QR); the site's build and server
    ("pycore.cli",),  # the command line: its verbs call every layer below
    ("pycore", "pycore.__main__"),  # the package's face (names every public module); python -m pycore
)


def part_of(module: str, parts: Iterable[str]) -> str | None:
    """The part a module belongs to: the longest part that is the module or a package
    holding it (the package `pycore` itself holds only its `__init__`); None if none."""
    holding = [p for p in parts if module == p or (p != "pycore" and module.startswith(p + "."))]
    return max(holding, key=len, default=None)


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_in(source: str, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The pycore modules a module's source imports, anywhere in it: `from x import name`
    counts as x.name where that is a module, else as x."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source_module = ".".join([*base, node.module] if node.module else base)
            else:
                source_module = node.module or ""
            for alias in node.names:
                named = f"{source_module}.{alias.name}"
                found.add(named if named in known else source_module)
    return {name for name in found if name == "pycore" or name.startswith("pycore.")}


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Every module of the package under `root`, and the modules of it that it imports."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    known = set(paths)
    return {name: imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
            for name, path in paths.items()}


def wrong_arrows(graph: Mapping[str, set[str]],
                 layers: tuple[tuple[str, ...], ...] = LAYERS) -> list[str]:
    """Each import that goes up or sideways between parts, and each module no layer holds,
    in words."""
    level = {part: n for n, layer in enumerate(layers) for part in layer}
    wrong = []
    for module, imported in sorted(graph.items()):
        here = part_of(module, level)
        if here is None:
            wrong.append(f"{module} is in no layer: place it in LAYERS")
            continue
        for target in sorted(imported):
            there = part_of(target, level)
            if there is None:
                wrong.append(f"{module} imports {target}, which is in no layer")
            elif there != here and level[there] >= level[here]:
                way = "up" if level[there] > level[here] else "sideways"
                wrong.append(f"{module} ({here}) imports {target} ({there}): {way}")
    return wrong


GRAPH = import_graph()


def test_no_import_goes_up_or_sideways() -> None:
    assert wrong_arrows(GRAPH) == []


def test_the_graph_is_read_whole() -> None:
    assert len(GRAPH) > 60
    assert "pycore.formats.tools.hodoku" in GRAPH and "pycore.cli.verbs" in GRAPH
    # a late import, inside a function: the solver's verb imports the generator when it runs
    assert "pycore.solve.generate" in GRAPH["pycore.cli.solving"]


def test_each_part_in_the_table_is_a_module_or_package_of_pycore() -> None:
    for layer in LAYERS:
        for part in layer:
            assert part in GRAPH, part


# -- the test of the test -------------------------------------------------------------


def test_an_upward_arrow_is_refused() -> None:
    fake = {"pycore.model": {"pycore.errors"}, "pycore.solve.fast": {"pycore.model", "pycore.cli.reading"}}
    assert wrong_arrows(fake) == [
        "pycore.solve.fast (pycore.solve) imports pycore.cli.reading (pycore.cli): up"]


def test_a_sideways_arrow_and_an_unplaced_module_are_refused() -> None:
    fake = {"pycore.render.svg": {"pycore.site.paths"}, "pycore.extra": set()}
    assert wrong_arrows(fake) == [
        "pycore.extra is in no layer: place it in LAYERS",
        "pycore.render.svg (pycore.render) imports pycore.site.paths (pycore.site): sideways",
    ]


def test_arrows_down_and_inside_a_part_pass() -> None:
    fake = {"pycore.cli.codec": {"pycore.cli.reading", "pycore.links", "pycore.errors"},
            "pycore": {"pycore.solve", "pycore.cli"}}
    assert wrong_arrows(fake) == []


@pytest.mark.parametrize("source,module,is_package,expected", [
    ("from ..cli.reading import add_text", "pycore.solve.cli", False, {"pycore.cli.reading"}),
    ("def f():\n    from . import generate\n", "pycore.solve", True, {"pycore.solve.generate"}),
    ("from .. import links, model", "pycore.app.messages", False, {"pycore.links", "pycore.model"}),
    ("from ..solve import solve", "pycore.app.messages", False, {"pycore.solve"}),
    ("import pycore.solve.wfc\nimport json", "pycore.x", False, {"pycore.solve.wfc"}),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .model import Puzzle\n",
     "pycore.links", False, {"pycore.model"}),
])
def test_imports_are_read_resolved(source: str, module: str, is_package: bool, expected: set[str]) -> None:
    known = {"pycore.solve.generate", "pycore.links", "pycore.model", "pycore.cli.reading"}
    assert imports_in(source, module, is_package, known) == expected
