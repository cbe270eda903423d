"""The registry of formats: one module each, every one a pair `encode`/`decode`."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from ..errors import FormatError
from ..model import Puzzle

# The five spec formats first, then the JSON interchange form.
FORMATS = ("compact", "offset", "str8ts", "binary", "jcode", "bitcell", "json")


def module(name: str) -> ModuleType:
    if name not in FORMATS:
        raise FormatError(name, None, "a format name: " + ", ".join(FORMATS))
    return import_module(f"{__name__}.{name}")


def encode(name: str, puzzle: Puzzle, lossy: bool = False) -> str:
    text: str = module(name).encode(puzzle, lossy=lossy)
    return text


def decode(name: str, text: str, **options: Any) -> Puzzle:
    if not isinstance(text, str):
        raise FormatError(name, None, "text", found=type(text).__name__)
    puzzle: Puzzle = module(name).decode(text, **options)
    return puzzle
