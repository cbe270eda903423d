"""Other tools' texts and links, read and written: one module per outside tool.

Each module knows one tool: its reader (`claims(text)`, a cheap look at the shape;
`decode(text) -> Imported`; `LOOKS_FOR`, what it expects, for refusals; `HOSTS`, the
sites whose links it reads), and where we write for that tool, its `Export`s.

Reading: `read(text)` tries every reader that claims the text, in a fixed order, and
returns the first success: the detected format's name, the puzzle and, by name,
everything the model could not hold. When nothing fits, its FormatError is the error
of the one reader that recognised the text (a SudokuPad short id, say), or lists
every format tried and why it failed.

Writing: each target is one `Export`: `lost(puzzle)` names what the target cannot
hold (and raises FormatError when it cannot hold the puzzle's shape at all), and
`export(name, puzzle, lossy=False)` writes the text or link, refusing with a
LossError that names the losses unless `lossy`. The page asks `survey` before it
sends a person to another site, so that nobody leaves without knowing what stays behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from ...errors import FormatError, Lost, NotRecognized, PuzzleError, UnknownName
from ...model import Puzzle
from . import coach, fpuzzles, hodoku, kangaroo, penpa, plain, puzzlink, sudokupad, sudokuwiki
from ._common import MAX_TEXT, Export, Imported

__all__ = ["EXPORTS", "IMPORTS", "MAX_TEXT", "Export", "Imported", "Verdict", "export", "lost",
           "module", "names", "read", "refusal", "second_reading", "survey", "tried"]

NAME = "import"
# Most specific first: URLs and prefixed strings, then JSON files, then bare grids.
IMPORTS = ("sudokupad", "fpuzzles", "puzzlink", "penpa", "coach", "sudokuwiki", "kangaroo", "hodoku",
           "plain")

HOSTS = sudokupad.HOSTS + fpuzzles.HOSTS + puzzlink.HOSTS + penpa.HOSTS + sudokuwiki.HOSTS + coach.HOSTS
"""Every site whose links some reader takes."""


def second_reading(ours: str, text: str) -> Imported | None:
    """Another tool's reading of a text that our format `ours` read, where the text bears
    that tool's mark and the two may differ; None keeps ours.

    A header string (`S9B…`) is also our offset format's input form (base 32), but the
    site that made the header writes base 36 under it today: the sudokuwiki reader weighs
    the two radices and answers `offset` when base 32 wins. A sudoku.coach string
    (`SCv7_32_…`, a zlib stream) that our dense compact format happens to read is
    coach's when coach's reader reads it.
    """
    candidate: ModuleType
    if ours == "offset" and sudokuwiki.is_header_string(text):
        candidate = sudokuwiki
    elif ours == "compact" and text.strip().startswith("SCv"):
        candidate = coach
    else:
        return None
    try:
        return _attempt(candidate, text)
    except FormatError:
        return None


def module(name: str) -> ModuleType:
    """The module of the reader called `name`; UnknownName for any other name."""
    if name not in IMPORTS:
        raise UnknownName("import", name, IMPORTS)
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
    """(the first reader's result for `text` or None, the errors of those that claimed it,
    and for every reader a line saying why it did not read the text)."""
    if not isinstance(text, str):
        raise TypeError(f"the text to read must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise FormatError(NAME, MAX_TEXT, f"a text of at most {MAX_TEXT} characters",
                          found=f"{len(text)} characters")
    text = text.removeprefix("\ufeff")  # a byte-order mark that came along from a file
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
    """The error to show: the one reader that recognised the text, else every reason."""
    if len(errors) == 1:
        return errors[0]
    if errors:
        return FormatError(NAME, None, "a valid text of one of the formats it looks like; "
                           "tried " + "; ".join(str(err) for err in errors))
    return NotRecognized(NAME, "a puzzle in a known format; tried " + "; ".join(reasons), reasons)


def read(text: str) -> Imported:
    """The puzzle in a text written by another tool; FormatError says what was tried."""
    found, errors, reasons = tried(text)
    if found is None:
        raise refusal(errors, reasons)
    return found


# --- writing -----------------------------------------------------------------------------------

EXPORTS: dict[str, Export] = {target.name: target for target in (
    plain.LINE, hodoku.HODOKU, hodoku.HODOKU_LIBRARY, kangaroo.KANGAROO, sudokupad.SUDOKUPAD,
    fpuzzles.FPUZZLES)}


def names() -> list[str]:
    return list(EXPORTS)


def _target(name: str) -> Export:
    if name not in EXPORTS:
        raise UnknownName("export", name, list(EXPORTS))
    return EXPORTS[name]


def lost(name: str, puzzle: Puzzle) -> list[Lost]:
    """What exporting `puzzle` to `name` would drop ([] = nothing); FormatError if it cannot at all."""
    return _target(name).all_lost(puzzle)


def export(name: str, puzzle: Puzzle, lossy: bool = False) -> str:
    """The puzzle as target `name` reads it: a text or a link."""
    return _target(name).export(puzzle, lossy)


@dataclass(frozen=True)
class Verdict:
    """What one target makes of a puzzle: the page shows this next to each button."""

    name: str
    title: str
    is_link: bool
    lost: list[Lost]
    """What a lossy export would leave out ([] = the target holds everything)."""
    refused: str | None
    """Why the target cannot take this puzzle at all, or None."""


def survey(puzzle: Puzzle) -> list[Verdict]:
    """Every target's verdict on `puzzle`, in registry order."""
    verdicts = []
    for target in EXPORTS.values():
        try:
            verdicts.append(Verdict(target.name, target.title, target.is_link, target.all_lost(puzzle),
                                    None))
        except FormatError as err:
            verdicts.append(Verdict(target.name, target.title, target.is_link, [], str(err)))
    return verdicts
