"""The registry of formats: one module each, every one a pair `encode`/`decode`,
and a `LINK` that says what the format is in a link (`pycore.links` builds its
tables from these)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..errors import FormatError, UnknownName

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import Any, Protocol

    from ..model import Puzzle

    class Looks(Protocol):
        """What `LinkForm.looks` answers: whether a whole text looks like the format's (a
        `TextPattern`, or a compiled pattern, whose `fullmatch` answers the same question)."""

        def fullmatch(self, string: str) -> object: ...

MAX_TEXT = 1 << 20
"""The longest text any reader reads, in characters: our JSON form (a 25x25 full of
candidates is about 60 KB), every other tool's text (a kangaroo file of a 25x25 is 70 KB),
and so the page's paste box, which says so before it reads."""

# Compact first (the link written when no format is named), then the five spec
# formats, then the JSON interchange form.
FORMATS = ("compact", "offset", "str8ts", "binary", "jcode", "bitcell", "json")

# Every character CPython's str.strip() takes off the ends of a text (those str.isspace()
# calls space). MicroPython's strip() takes only ASCII space, and its strip(chars) works
# on bytes, not characters: texts are trimmed with `trim` instead.
SPACE = frozenset("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
                  "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


_ASCII_SPACE = "".join(sorted(ch for ch in SPACE if ch < "\x80"))


def trim(text: str, left: bool = True, right: bool = True) -> str:
    """The text without the space at its ends (its start or end alone when `right` or
    `left` is False), as CPython's str.strip() (lstrip(), rstrip()) gives it.

    In time linear in the text under MicroPython too, where `text[i]` walks the UTF-8
    from the start (a loop over indices is quadratic: 1.4 s for 64 K spaces): ASCII space
    is stripped at C speed, and only a text that then ends in a character beyond ASCII
    is walked, once, by its iterator."""
    if left:
        text = text.lstrip(_ASCII_SPACE)
        if text[:1] > "\x7f":
            start = 0
            for ch in text:
                if ch not in SPACE:
                    break
                start += 1
            text = text[start:]
    if right:
        text = text.rstrip(_ASCII_SPACE)
        if text[-1:] > "\x7f":
            end = 0
            for count, ch in enumerate(text, 1):
                if ch not in SPACE:
                    end = count
            text = text[:end]
    return text


def made_of(text: str, characters: str) -> bool:
    """Whether every character of the text is one of `characters`, all ASCII (what
    `frozenset(characters).issuperset(text)` answers). A set's issuperset takes a string one
    character object at a time, 40 ms for 64 K characters under MicroPython, and the
    page's reading asks this of a pasted text once per format; strip(characters) is C over
    the bytes there. MicroPython strips bytes, not characters, which is the same for ASCII
    characters: a character beyond ASCII is bytes none of which is ASCII, so it stops
    the strip as it stops CPython's."""
    return not text.strip(characters)


def count_made_of(text: str, characters: str) -> int:
    """How many characters at the start of the text are of `characters` (all ASCII): the
    position of the first that is not, or the text's length (at C speed, as `made_of`)."""
    return len(text) - len(text.lstrip(characters))


class TextPattern:
    """What a format's bare text looks like, told by plain string tests rather than a regular
    expression: MicroPython's regex engine recurses once per character (a long text
    overflows its stack) and knows no counted repetition. `pattern` is the regular
    expression the test stands for (documentation, and what the tests check it against);
    `fullmatch(text)` answers like a compiled pattern's, True when the whole text fits."""

    __slots__ = ("pattern", "test")

    def __init__(self, pattern: str, test: Callable[[str], bool]) -> None:
        self.pattern = pattern
        self.test = test

    def fullmatch(self, string: str) -> bool:
        return self.test(string)

    def __repr__(self) -> str:
        return f"TextPattern({self.pattern!r})"


class LinkForm:
    """What a format is in a link, declared by the format itself.

    `looks`: the pattern of the format's bare text, which tells `links.read` to try it.
    `tried`: where bare strings try this format, most specific pattern first (lowest).
    `tags`: (fragment tag, puzzle kind or None) pairs; a kind is also the decode option
    `kind` (jcode's text does not say it). No tags: the fragment carries the bare text.
    `in_links`: whether links are written in the format at all.
    `spelled`: how the text is spelled in a fragment, when the plain text is not URL-safe.
    `per_cell`: the text spends at least one character on every cell that is not outside,
    a floor that lets `links.best` skip encoding a format that cannot be the shortest.
    """

    __slots__ = ("in_links", "looks", "per_cell", "spelled", "tags", "tried")

    def __init__(
        self,
        looks: Looks,
        tried: int,
        tags: tuple[tuple[str, str | None], ...] = (),
        in_links: bool = True,
        spelled: Callable[[str], str] | None = None,
        per_cell: bool = False,
    ) -> None:
        self.looks = looks
        self.tried = tried
        self.tags = tags
        self.in_links = in_links
        self.spelled = spelled
        self.per_cell = per_cell

    def __repr__(self) -> str:
        return (f"LinkForm(looks={self.looks!r}, tried={self.tried!r}, tags={self.tags!r}, "
                f"in_links={self.in_links!r}, spelled={self.spelled!r}, "
                f"per_cell={self.per_cell!r})")

    def options(self) -> list[dict[str, str]]:
        """The decode options to try a bare string with, one set per kind the text may be."""
        kinds = [kind for _, kind in self.tags if kind is not None]
        return [{"kind": kind} for kind in kinds] or [{}]

    def tag_for(self, puzzle: Puzzle | None) -> str | None:
        """The tag of this puzzle's fragment: the one for its kind, else the first."""
        for tag, kind in self.tags:
            if kind is None or (puzzle is not None and puzzle.kind == kind):
                return tag
        return self.tags[0][0] if self.tags else None


def module(name: str) -> ModuleType:
    if name not in FORMATS:
        raise UnknownName("format", name, FORMATS)
    full = f"{__name__}.{name}"
    found = sys.modules.get(full)
    if found is None:
        __import__(full)
        found = sys.modules[full]
    return found


def link_form(name: str) -> LinkForm:
    """What the named format declares about itself in links."""
    form: LinkForm = module(name).LINK
    return form


def encode(name: str, puzzle: Puzzle, lossy: bool = False) -> str:
    text: str = module(name).encode(puzzle, lossy=lossy)
    return text


def decode(name: str, text: str, **options: Any) -> Puzzle:
    if not isinstance(text, str):
        raise FormatError(name, 0, "text", found=type(text).__name__)
    puzzle: Puzzle = module(name).decode(text, **options)
    return puzzle
