"""Share links: which format a text is in, and the shortest lossless link for a puzzle.

A link is `<base>#<fragment>`. The fragment is `<tag>:<text>` for a tagged format
(`o:` offset, `t:` str8ts, `b:` binary as URL-safe base64, `j:` jcode sudoku,
`k:` jcode str8ts, `c:` bitcell); the compact format, once registered, needs no
tag. The fragment never reaches a server. `read` also takes whole URLs and bare
strings of any format.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import unquote

from . import formats
from .errors import FormatError
from .model import Puzzle

if TYPE_CHECKING:
    from .formats.imports import Imported

NAME = "auto"
MAX_LINK = 64 * 1024  # bound the work a pasted text can ask for

# tag -> (format name, decode options)
TAGS: dict[str, tuple[str, dict[str, str]]] = {
    "o": ("offset", {}),
    "t": ("str8ts", {}),
    "b": ("binary", {}),
    "j": ("jcode", {"kind": "sudoku"}),
    "k": ("jcode", {"kind": "str8ts"}),
    "c": ("bitcell", {}),
}
UNTAGGED: str | None = "compact"  # the format whose fragments carry no tag

_JCODE = re.compile(r"[-A-Ia-j]+")
_BITCELL = re.compile(r"[0-9]+(,[0-9]+)+")
_FIELDS = re.compile(r"([STst][0-9a-zA-Z][Bb])?[0-9a-vA-V]+")
_BASE64 = re.compile(r"AAE[A-Za-z0-9+/\-_]*={0,2}")
_URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def tag_of(format: str, puzzle: Puzzle | None = None) -> str | None:
    """The fragment tag for a format (jcode's depends on the puzzle's kind)."""
    if format == UNTAGGED:
        return None
    if format == "jcode":
        return "k" if puzzle is not None and puzzle.kind == "str8ts" else "j"
    for tag, (name, _) in TAGS.items():
        if name == format:
            return tag
    raise FormatError(format, None, "a format that links can carry: " + ", ".join(link_formats()))


def link_formats() -> list[str]:
    names = [name for name, _ in TAGS.values()]
    if UNTAGGED:
        names.insert(0, UNTAGGED)
    return list(dict.fromkeys(names))


def fragment(puzzle: Puzzle, format: str, lossy: bool = False) -> str:
    """The text after `#` for this puzzle in this format."""
    text = formats.encode(format, puzzle, lossy=lossy)
    if format == "binary":
        text = text.rstrip("=").replace("+", "-").replace("/", "_")
    tag = tag_of(format, puzzle)
    return text if tag is None else f"{tag}:{text}"


def best(puzzle: Puzzle) -> tuple[str, str]:
    """(format, fragment) of the shortest lossless fragment any link format gives."""
    found: list[tuple[int, int, str, str]] = []
    for rank, name in enumerate(link_formats()):
        try:
            frag = fragment(puzzle, name)
        except FormatError:
            continue
        found.append((len(frag), rank, name, frag))
    if not found:
        raise FormatError(NAME, None, "a puzzle some link format can hold without loss")
    _, _, name, frag = min(found)
    return name, frag


def link(puzzle: Puzzle, format: str | None = None, base: str = "", lossy: bool = False) -> str:
    """`base#fragment`; with no format, the shortest lossless one."""
    frag = best(puzzle)[1] if format is None else fragment(puzzle, format, lossy)
    return f"{base.split('#', 1)[0]}#{frag}"


def _candidates(text: str) -> list[tuple[str, dict[str, str]]]:
    """Formats a bare string could be in, most specific first."""
    out: list[tuple[str, dict[str, str]]] = []
    if text.startswith("{"):
        out.append(("json", {}))
    if _BITCELL.fullmatch(text):
        out.append(("bitcell", {}))
    if _BASE64.fullmatch(text):
        out.append(("binary", {}))
    if _FIELDS.fullmatch(text):
        out += [("offset", {}), ("str8ts", {})]
    if _JCODE.fullmatch(text):
        out += [("jcode", {"kind": "sudoku"}), ("jcode", {"kind": "str8ts"})]
    if UNTAGGED and (UNTAGGED, {}) not in out and _URL_SAFE.fullmatch(text):
        out.append((UNTAGGED, {}))
    return out


def _payload(text: str) -> str:
    """The part of a pasted text that holds the puzzle: a URL's fragment, or the text."""
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if "%" in text:
        text = unquote(text)
    return text.strip()


def read(text: str) -> tuple[str, Puzzle]:
    """Decode a link, fragment or bare string of any format: (format name, puzzle).

    When nothing fits, the FormatError lists each format tried and why it failed.
    """
    if len(text) > MAX_LINK:
        raise FormatError(NAME, MAX_LINK, f"a link of at most {MAX_LINK} characters",
                          found=f"{len(text)} characters")
    payload = _payload(text)
    if not payload:
        raise FormatError(NAME, 0, "a link or a puzzle string", found="nothing")
    tag, sep, rest = payload.partition(":")
    if sep and tag in TAGS:
        name, options = TAGS[tag]
        return name, formats.decode(name, rest, **options)
    if sep and not payload.startswith("{"):
        raise FormatError(NAME, 0, "a fragment tag: " + ", ".join(f"{t}:" for t in TAGS),
                          found=repr(tag[:10]))
    tried = _candidates(payload)
    reasons = []
    for name, options in tried:
        try:
            return name, formats.decode(name, payload, **options)
        except FormatError as err:
            reasons.append(f"{name}{' ' + options['kind'] if 'kind' in options else ''}: {err}")
    if not tried:
        raise FormatError(NAME, 0, "a link or a string of a known format "
                          "(" + ", ".join([*link_formats(), "json"]) + ")",
                          found=repr(payload[:20]))
    raise FormatError(NAME, None, "a string of one format; tried " + "; ".join(reasons))


def _looks_like_our_json(text: str) -> bool:
    body = text.lstrip()
    return body.startswith("{") and '"kind"' in body and '"cells"' in body


def read_any(text: str) -> Imported:
    """Like `read`, then the imports (other tools' links and texts): (format, puzzle, warnings).

    A link to another tool, or an `S9B…`-style string (whose radix needs weighing), goes
    to the imports first; anything else tries our formats first. When nothing fits, the
    FormatError gives the reasons of both.
    """
    from .formats import imports

    if imports.prefers(text) or len(text) > MAX_LINK:  # long texts: files of other tools
        return imports.read(text)
    try:
        name, puzzle = read(text)
        return imports.Imported(name, puzzle)
    except FormatError as ours:
        if _looks_like_our_json(text):  # our JSON form with a fault: say so, not a look-alike
            raise
        found, errors, reasons = imports.tried(text)
        if found is not None:
            return found
        if errors:
            raise imports.refusal(errors, reasons) from None
        raise FormatError(NAME, None, f"a link or puzzle string of a known format; tried "
                          f"our formats ({ours}); then {'; '.join(reasons)}") from None
