"""The exceptions of pycore, one per kind of fault.

A decoder lets out nothing but `FormatError`: it names the format, the position
(character, field or byte index, as `unit` says) and what was expected there, the
way `json.JSONDecodeError` carries `pos`. A fault of the whole text (a wrong total
length) is placed where the text ended or at the field that is wrong. `pos` is
None only where there is no one place: where no text is read (an encoder's
`LossError`, a state no text of the format can hold, `from_json` of a parsed
object's keys) and where `links` reports every format it tried (each reason
carries its own position). A name the caller chose that names nothing (a format,
a jcode kind, a tool) is an `UnknownName`, not a fault of any text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["FormatError", "LossError", "MissingExtra", "NotRecognized", "PuzzleError", "UnknownName",
           "quoted"]

QUOTED = 40  # characters of a foreign string a message repeats; the rest is an ellipsis

# Characters that would change how the rest of a message reads, or hide in it: the
# direction controls (an isolate or override turns the words after it around), zero
# width characters, the byte-order mark and the line and paragraph separators.
_HIDDEN = ((0x061C, 0x061C), (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2069),
           (0xFEFF, 0xFEFF), (0xD800, 0xDFFF))


def _escaped(ch: str) -> str:
    code = ord(ch)
    if ch in "\\'":
        return "\\" + ch
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return "\\x" + "0123456789abcdef"[code >> 4] + "0123456789abcdef"[code & 15]
    for low, high in _HIDDEN:
        if low <= code <= high:
            return "\\u" + "".join("0123456789abcdef"[(code >> shift) & 15] for shift in (12, 8, 4, 0))
    return ch


def quoted(text: str, limit: int = QUOTED) -> str:
    """A foreign string (a key, a name, a comment from a pasted text) as a message may repeat
    it: in single quotes, at most `limit` of its characters and then an ellipsis, control,
    direction and invisible characters written as escapes (`\\u202e`), so that no text
    anyone pastes makes a message long, reorders its words or hides in it. The same in
    CPython and MicroPython (whose `repr` escapes every character outside ASCII)."""
    shown = "".join(_escaped(ch) for ch in text[:limit])
    return "'" + shown + ("…'" if len(text) > limit else "'")


class FormatError(ValueError):
    """Text that is not a valid string of `format`, or a state `format` cannot hold."""

    def __init__(
        self,
        format: str,
        pos: int | None,
        expected: str,
        *,
        unit: str = "character",
        found: str | None = None,
    ) -> None:
        self._place(format, pos, expected, unit, found)
        where = "" if pos is None else f" at {unit} {pos}"
        got = "" if found is None else f", found {found}"
        super().__init__(f"{format}{where}: expected {expected}{got}")

    def _place(
        self, format: str, pos: int | None, expected: str, unit: str, found: str | None
    ) -> None:
        """Set what every FormatError carries (the message is each class's own)."""
        self.format = format
        self.pos = pos
        self.expected = expected
        self.unit = unit
        self.found = found

    def __reduce__(self) -> tuple[object, ...]:  # keep pickling (multiprocessing) working
        return (_rebuild, (self.format, self.pos, self.expected, self.unit, self.found))


def _rebuild(
    format: str, pos: int | None, expected: str, unit: str, found: str | None
) -> FormatError:
    return FormatError(format, pos, expected, unit=unit, found=found)


class LossError(FormatError):
    """An encode that would drop part of the state; `lost` names each part."""

    def __init__(self, format: str, lost: list[str]) -> None:
        self.lost = list(lost)
        self._place(format, None, "a state it can hold, without: " + "; ".join(self.lost),
                    "character", None)
        # its own message instead of FormatError's (MicroPython cannot assign `args` later)
        super(FormatError, self).__init__(
            f"{format} cannot hold this puzzle: it would lose " + "; ".join(self.lost)
            + " (pass lossy=True, or --lossy, to drop them)",
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (LossError, (self.format, self.lost))


class NotRecognized(FormatError):
    """No format read the text; `tried` says, one line per format tried, why it did not."""

    def __init__(self, format: str, expected: str, tried: Sequence[str]) -> None:
        super().__init__(format, None, expected)
        self.tried = tuple(tried)

    def __reduce__(self) -> tuple[object, ...]:
        return (NotRecognized, (self.format, self.expected, self.tried))


class MissingExtra(ImportError):
    """A feature needs an optional package that is not installed (not a fault of any text)."""

    def __init__(self, package: str, extra: str, feature: str) -> None:
        self.package = package
        self.extra = extra
        self.feature = feature
        super().__init__(f"{feature} needs the optional package {package}: "
                         f"pip install 'pycore[{extra}]'")
        self.name = package  # what ImportError(name=...) sets; MicroPython's takes no keywords

    def __reduce__(self) -> tuple[object, ...]:
        return (MissingExtra, (self.package, self.extra, self.feature))


class PuzzleError(ValueError):
    """An impossible puzzle state: a digit out of range, a black cell in a sudoku, ..."""


class UnknownName(ValueError):
    """A name the caller chose (a format, a tool) that names nothing; `known` lists the names."""

    def __init__(self, what: str, name: str, known: Sequence[str]) -> None:
        self.what = what
        self.name = name
        self.known = tuple(known)
        super().__init__(f"unknown {what} {name!r}: expected one of " + ", ".join(self.known))

    def __reduce__(self) -> tuple[object, ...]:
        return (UnknownName, (self.what, self.name, self.known))
