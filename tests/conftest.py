"""Shared test data: the specs' vectors, copied into tests/data/vectors (the repository stands alone)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# CI runs the same examples every time (a red run must be repeatable); a developer's
# runs draw new ones. Inside Pyodide (tests/runtimes/test_in_pyodide.py), which CI also runs,
# nothing is written to the project's folders either, and each property draws a quarter
# of its examples: the run is there to show that the two interpreters agree, which the
# same tests on fewer inputs show as well, at a quarter of the wasm interpreter's time.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("pyodide", derandomize=True, database=None, deadline=None, print_blob=True,
                          max_examples=25)
if sys.platform == "emscripten":
    settings.load_profile("pyodide")
elif os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "data" / "vectors"


def load_vector(name: str) -> Any:
    return json.loads((VECTORS / name).read_text())


@pytest.fixture(scope="session")
def vectors() -> Any:
    return load_vector


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The other core tests first (they run while the Pyodide run does), then the check of
    the Pyodide run (tests/runtimes/test_in_pyodide.py), then the browser tests, which it would slow."""
    def group(item: pytest.Item) -> int:
        return 1 if item.get_closest_marker("pyodide") else 2 if item.get_closest_marker("browser") else 0

    items.sort(key=group)  # stable: each group in the order collected


@pytest.fixture(scope="session", autouse=True)
def pyodide_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The Pyodide run, started with the session when its check is among the tests: one
    Node process on one core for minutes, while CPython's tests use the other."""
    if sys.platform == "emscripten" or not any(item.get_closest_marker("pyodide")
                                                for item in request.session.items):
        yield
        return
    from tests.runtimes.test_in_pyodide import RUN, PyodideRun

    run = PyodideRun(tmp_path_factory.mktemp("pyodide"))
    request.config.stash[RUN] = run
    try:
        yield
    finally:
        run.stop()
        del request.config.stash[RUN]
