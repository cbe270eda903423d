"""pycore: share a grid puzzle as a link. One model, one module per format.

    >>> import pycore
    >>> p = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    >>> pycore.encode("offset", p)
    '0234341021400321'
"""

from __future__ import annotations

from .errors import FormatError, LossError, PuzzleError
from .formats import FORMATS, decode, encode
from .formats.json import from_json, to_json
from .model import Cell, Layout, Puzzle

__all__ = [
    "FORMATS",
    "Cell",
    "FormatError",
    "Layout",
    "LossError",
    "Puzzle",
    "PuzzleError",
    "decode",
    "encode",
    "from_json",
    "to_json",
]
__version__ = "0.1.0"

