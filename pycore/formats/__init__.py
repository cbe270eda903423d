"""The registry of formats: one module each, every one a pair `encode`/`decode`,
and a `LINK` that says what the format is in a link (`pycore.links` builds its
tables from these)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from ..errors import FormatError, UnknownName
from ..model import Puzzle

# Compact first (the link written when no format is named), then the five spec
# formats, then the JSON interchange form.
FORMATS = ("compact", "offset", "str8ts", "binary", "jcode", "bitcell", "json")


@dataclass(frozen=True)
class LinkForm:
    """What a format is in a link, declared by the format itself.

    `looks`: the shape of the format's bare text, which tells `links.read` to try it.
    `tried`: where bare strings try this format, most specific shape first (lowest).
    `tags`: (fragment tag, puzzle kind or None) pairs; a kind is also the decode option
    `kind` (jcode's text does not say it). No tags: the fragment carries the bare text.
    `in_links`: whether links are written in the format at all.
    `spelled`: how the text is spelled in a fragment, when the plain text is not URL-safe.
    `per_cell`: the text spends at least one character on every cell that is not outside,
    a floor that lets `links.best` skip encoding a format that cannot be the shortest.
    """

    looks: re.Pattern[str]
    tried: int
    tags: tuple[tuple[str, str | None], ...] = ()
    in_links: bool = True
    spelled: Callable[[str], str] | None = None
    per_cell: bool = False

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
    return import_module(f"{__name__}.{name}")


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
