"""Imports: puzzles from the tools people share with, detected from one pasted text.

Each module reads one tool's texts and offers `claims(text)` (a cheap look at the
shape), `decode(text) -> Imported` and `LOOKS_FOR` (what it expects, for refusals).
`read(text)` tries every module that claims the text, in a fixed order, and returns
the first success: the detected format's name, the puzzle and, by name, everything
the model could not hold. When nothing fits, its FormatError is the error of the one
import that recognised the text (a SudokuPad short id, say), or lists every format
tried and why it failed. Only FormatError ever comes out.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from ...errors import FormatError, PuzzleError
from ._common import MAX_TEXT, Imported, split_url

__all__ = ["IMPORTS", "Imported", "module", "prefers", "read", "refusal", "tried"]

NAME = "import"
# Most specific first: URLs and prefixed strings, then JSON files, then bare grids.
IMPORTS = ("sudokupad", "fpuzzles", "puzzlink", "coach", "sudokuwiki", "kangaroo", "hodoku",
           "plain")


HOSTS = ("sudokupad.app", "crackingthecryptic.com", "svencodes.com", "f-puzzles.com",
         "puzz.link", "pzv.jp", "sudokuwiki.org", "str8ts.com", "sudoku.coach")


def prefers(text: str) -> bool:
    """True for texts the imports should see before our own formats: links to the tools
    above, and header strings like `S9B…` whose radix (32 or 36) needs weighing."""
    from .sudokuwiki import is_header_string

    host = split_url(text).host
    if host:
        return host.endswith(HOSTS)
    # sudoku.coach's prefix would otherwise be tried as a (dense, rarely refusing) compact text
    return text.strip().startswith("SCv") or is_header_string(text)


def module(name: str) -> ModuleType:
    if name not in IMPORTS:
        raise FormatError(NAME, None, "an import name: " + ", ".join(IMPORTS), found=repr(name))
    return import_module(f"{__name__}.{name}")


def _attempt(mod: ModuleType, text: str) -> Imported:
    try:
        result: Imported = mod.decode(text)
    except PuzzleError as err:  # a decoded state the model refuses: still the text's fault
        raise FormatError(mod.NAME, None, "a puzzle the model can hold", found=str(err)) from None
    except (RecursionError, MemoryError, OverflowError):
        raise FormatError(mod.NAME, None, "a text small enough to read") from None
    return result


def tried(text: str) -> tuple[Imported | None, list[FormatError], list[str]]:
    """(the first import that reads `text` or None, the errors of those that claimed it,
    and for every import a line saying why it did not read the text)."""
    if not isinstance(text, str):
        raise FormatError(NAME, None, "text", found=type(text).__name__)
    if len(text) > MAX_TEXT:
        raise FormatError(NAME, MAX_TEXT, f"a text of at most {MAX_TEXT} characters",
                          found=f"{len(text)} characters")
    errors: list[FormatError] = []
    reasons = []
    for name in IMPORTS:
        mod = module(name)
        if not mod.claims(text):
            reasons.append(f"{mod.NAME}: not {mod.LOOKS_FOR}")
            continue
        try:
            return _attempt(mod, text), errors, reasons
        except FormatError as err:
            errors.append(err)
            reasons.append(str(err))
    return None, errors, reasons


def refusal(errors: list[FormatError], reasons: list[str]) -> FormatError:
    """The error to show: the one import that recognised the text, else every reason."""
    if len(errors) == 1:
        return errors[0]
    if errors:
        return FormatError(NAME, None, "a valid text of one of the formats it looks like; "
                           "tried " + "; ".join(str(err) for err in errors))
    return FormatError(NAME, None, "a puzzle in a known format; tried " + "; ".join(reasons))


def read(text: str) -> Imported:
    """The puzzle in a text written by another tool; FormatError says what was tried."""
    found, errors, reasons = tried(text)
    if found is None:
        raise refusal(errors, reasons)
    return found
