"""Real texts other tools wrote (tests/data/imports/examples.json), each with its source."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pycore.model import Puzzle

EXAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent.parent / "data" / "imports" / "examples.json").read_text("utf-8"))


DECODED = [e for e in EXAMPLES if e["format"] is not None]


def by_name(name: str) -> dict[str, Any]:
    return next(e for e in EXAMPLES if e["name"] == name)


def grid(puzzle: Puzzle, kind: str) -> str:
    """One character per cell: the digit of cells of `kind`, '.' otherwise."""
    return "".join(str(c.digit) if c.kind == kind else "." for c in puzzle.cells)


def dots(text: str) -> str:
    return text.replace("0", ".")
