"""Shared test data: the specs' vectors, copied into tests/data/vectors (the repository stands alone)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# CI runs the same examples every time (a red run must be repeatable); a developer's
# runs draw new ones. Inside Pyodide (tests/test_in_pyodide.py), which CI also runs,
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
