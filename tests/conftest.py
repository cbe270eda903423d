"""Shared test data: the specs' vectors live in ../shared beside the repository."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Inside Pyodide (tests/test_in_pyodide.py) nothing is written to the project's folders.
settings.register_profile("pyodide", database=None, deadline=None)
if sys.platform == "emscripten":
    settings.load_profile("pyodide")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
VECTORS = SHARED / "vectors"


def load_vector(name: str) -> Any:
    path = VECTORS / name
    if not path.exists():
        pytest.fail(f"test vectors not found at {path}: clone the project with ../shared beside it")
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def vectors() -> Any:
    return load_vector
