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

from .record import Record, _set

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["LOSSES", "FormatError", "LossError", "Lost", "MissingExtra", "NotRecognized", "PuzzleError",
           "UnknownName", "first_line", "lost_text", "quoted"]

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


# What an encode can drop, one row a kind of part (`Lost.what`), and how pycore's errors
# and command line say it: (what, for a count of one, for any other count), `{n}` the
# count and `{detail}` what the format adds (a box shape). The page says the same parts
# in a player's words (pycore.app.messages), from these keys, not from this English.
LOSSES: tuple[tuple[str, str, str], ...] = (
    ("value", "{n} player's value", "{n} player's values"),
    ("value-as-given", "{n} player's value (they would read back as givens)",
     "{n} player's values (they would read back as givens)"),
    ("which-given", "which digits are the player's ({n} value would read back as givens)",
     "which digits are the player's ({n} values would read back as givens)"),
    ("candidates", "{n} cell with pencil marks", "{n} cells with pencil marks"),
    ("black", "{n} black cell", "{n} black cells"),
    ("corner", "{n} cell with corner marks", "{n} cells with corner marks"),
    ("marks-under", "{n} cell with centre marks under its digit",
     "{n} cells with centre marks under their digits"),
    ("colours", "{n} coloured cell", "{n} coloured cells"),
    ("extra-colours", "all but the first colour of {n} cell (f-puzzles holds one highlight a cell)",
     "all but the first colour of {n} cells (f-puzzles holds one highlight a cell)"),
    ("title", "the title", "the title"),
    ("author", "the author", "the author"),
    ("rules", "the rules", "the rules"),
    ("str8ts-kind", "the str8ts kind (it would read back as a sudoku)",
     "the str8ts kind (it would read back as a sudoku)"),
    ("sudoku-kind", "the sudoku kind and its boxes (it would read back as a str8ts)",
     "the sudoku kind and its boxes (it would read back as a str8ts)"),
    ("box-shape", "the box shape {detail} (it would read back as the default)",
     "the box shape {detail} (it would read back as the default)"),
    ("placed-digit", "{n} placed digit that a peer's pencil marks also list "
     "(each would read back as a candidate)", "{n} placed digits that a peer's pencil marks "
     "also list (each would read back as a candidate)"),
    ("lone-candidate", "{n} cell whose one candidate no peer lists (each would read back as a given)",
     "{n} cells whose one candidate no peer lists (each would read back as a given)"),
    ("peer-mark", "{n} pencil mark of a digit a peer already holds",
     "{n} pencil marks of a digit a peer already holds"),
    ("constraints", "{n} variant constraint ({detail})", "{n} variant constraints ({detail})"),
    ("regions", "the jigsaw regions (they would read back as boxes)",
     "the jigsaw regions (they would read back as boxes)"),
)
_SAID = {what: (one, many) for what, one, many in LOSSES}


class Lost(Record):
    """One part of a state that an encode would drop: `what` kind of part (a key of
    `LOSSES`), how many (`count`, 0 where parts are not counted) and what the format adds
    (`detail`: a box shape). `str()` is how the errors say it. Immutable; compared and
    hashed by its fields."""

    __slots__ = ("count", "detail", "what")
    FIELDS = ("what", "count", "detail")
    if TYPE_CHECKING:
        what: str
        count: int
        detail: str

    def __init__(self, what: str, count: int = 0, detail: str = "") -> None:
        if what not in _SAID:
            raise UnknownName("lost part", what, [row[0] for row in LOSSES])
        _set(self, "what", what)
        _set(self, "count", count)
        _set(self, "detail", detail)

    def __str__(self) -> str:
        one, many = _SAID[self.what]
        return (one if self.count == 1 else many).format(n=self.count, detail=self.detail)


def lost_text(lost: Sequence[Lost]) -> str:
    """The parts an encode would drop as the errors list them: '2 black cells; the title'."""
    return "; ".join(str(part) for part in lost)


class LossError(FormatError):
    """An encode that would drop part of the state; `lost` names each part (`Lost`)."""

    def __init__(self, format: str, lost: Sequence[Lost]) -> None:
        self.lost = list(lost)
        self._place(format, None, "a state it can hold, without: " + lost_text(self.lost),
                    "character", None)
        # its own message instead of FormatError's (MicroPython cannot assign `args` later)
        super(FormatError, self).__init__(
            f"{format} cannot hold this puzzle: it would lose " + lost_text(self.lost)
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
                         f"pip install 'gridlinks[{extra}]'")
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


# -- saying it in one line: what the command line prints after `gridlinks: ` -------------------

LINE_ROOM = 110  # characters of a message's first line, "gridlinks: " aside
MORE = " ... (--verbose: more)"


def _clip(text: str, room: int) -> str:
    """`text` cut at a separator to fit `room` characters, saying that there is more."""
    if len(text) <= room:
        return text
    cut = text[: max(room - len(MORE), 20)]
    for stop in ("; ", ", ", " "):
        if stop in cut[len(cut) // 2:]:
            cut = cut[: cut.rindex(stop)]
            break
    return cut + MORE


def first_line(err: Exception, verbose: bool = False) -> str:
    """What the command line says about bad input: one short plain line; everything with
    `verbose`.

    What was found and what would be lost are kept whole; a long list of what was
    expected is cut.
    """
    if isinstance(err, LossError):
        lost = lost_text(err.lost)
        text = err.format + " would lose " + lost + " (--lossy drops them)"
        if verbose or len(text) <= LINE_ROOM:
            return text
        return _clip(err.format + " would lose " + lost, LINE_ROOM - 20) + " (--lossy drops)"
    if verbose:
        return str(err)
    if isinstance(err, NotRecognized):
        return "not a puzzle link or grid I know (tried " + str(len(err.tried)) + " formats; " \
               "--verbose lists them)"
    if isinstance(err, FormatError):
        where = "" if err.pos is None else " at " + err.unit + " " + str(err.pos)
        head = err.format + where + ": expected "
        found = "" if err.found is None else ", found " + _clip(err.found, 40)
        return head + _clip(err.expected, LINE_ROOM - len(head) - len(found)) + found
    return _clip(str(err), LINE_ROOM)
