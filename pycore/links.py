"""Share links: which format a text is in, and the shortest lossless link for a puzzle.

A link is `<base>#<fragment>`. The fragment is `<tag>:<text>` for a tagged format
(`o:` offset, `t:` str8ts, `b:` binary as URL-safe base64, `j:` jcode sudoku,
`k:` jcode str8ts, `c:` bitcell); compact's fragment is its bare text. The
fragment never reaches a server. `read` also takes whole URLs and bare strings of
any format. Every table here is built from what each format declares about itself
(its `LINK`, see `pycore.formats.LinkForm`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import formats
from .errors import FormatError, LossError, NotRecognized, UnknownName
from .record import Record, _set

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .errors import Lost
    from .formats.tools import Imported
    from .model import Puzzle

NAME = "auto"
MAX_LINK = 64 * 1024  # bound the work a pasted text can ask for

# Every table keeps the registry's order in a tuple (MicroPython's dicts keep no order);
# the dicts beside them are for looking up.
_FORM_LIST = tuple((name, formats.link_form(name)) for name in formats.FORMATS)
_FORMS = dict(_FORM_LIST)
# (tag, (format name, decode options)), in order; TAGS looks a tag up
_TAG_LIST = tuple(
    (tag, (name, {"kind": kind} if kind else {}))
    for name, form in _FORM_LIST for tag, kind in form.tags
)
TAGS: dict[str, tuple[str, dict[str, str]]] = dict(_TAG_LIST)
# The format whose fragments carry no tag: compact.
UNTAGGED: str = next(name for name, form in _FORM_LIST if form.in_links and not form.tags)
# Bare strings try formats in this order, most specific pattern first (no two share a rank).
_TRIED = sorted(_FORM_LIST, key=lambda item: item[1].tried)


def tag_of(format: str, puzzle: Puzzle | None = None) -> str | None:
    """The fragment tag for a format (jcode's depends on the puzzle's kind)."""
    if format not in link_formats():
        raise UnknownName("link format", format, link_formats())
    return _FORMS[format].tag_for(puzzle)


def link_formats() -> list[str]:
    """The formats a link can be written in, the untagged one first."""
    return [name for name, form in _FORM_LIST if form.in_links]


def _known() -> list[str]:
    """Every format a text of ours can be in: the link formats, then JSON."""
    names = link_formats()
    names.append("json")
    return names


def fragment(puzzle: Puzzle, format: str, lossy: bool = False) -> str:
    """The text after `#` for this puzzle in this format."""
    tag = tag_of(format, puzzle)
    text = formats.encode(format, puzzle, lossy=lossy)
    spelled = _FORMS[format].spelled
    if spelled is not None:
        text = spelled(text)
    return text if tag is None else f"{tag}:{text}"


def least_length(puzzle: Puzzle, format: str) -> int:
    """A floor under the length of `format`'s fragment for this puzzle, from what the format
    declares (`LinkForm.per_cell`), without encoding anything; 0 when it declares none."""
    form = _FORMS[format]
    if not form.per_cell:
        return 0
    tag = form.tag_for(puzzle)
    return (len(tag) + 1 if tag else 0) + len(puzzle.cells) - len(puzzle.geometry.outside)


def best(puzzle: Puzzle) -> tuple[str, str]:
    """(format, fragment) of the shortest lossless fragment any link format gives.

    Formats are tried in rank order (ties go to the earlier), so a format whose floor
    (`least_length`) is no shorter than what was found is not encoded at all: on every
    keystroke the page usually encodes the compact link alone.
    """
    shortest: tuple[int, int, str, str] | None = None  # (length, rank, format, fragment)
    for rank, name in enumerate(link_formats()):
        if shortest is not None and least_length(puzzle, name) >= shortest[0]:
            continue
        try:
            frag = fragment(puzzle, name)
        except FormatError:
            continue
        if shortest is None or (len(frag), rank) < shortest[:2]:
            shortest = (len(frag), rank, name, frag)
    if shortest is None:
        raise FormatError(NAME, None, "a puzzle some link format can hold without loss")
    return shortest[2], shortest[3]


def link(puzzle: Puzzle, format: str | None = None, base: str = "", lossy: bool = False) -> str:
    """`base#fragment`; with no format, the shortest lossless one."""
    frag = best(puzzle)[1] if format is None else fragment(puzzle, format, lossy)
    return f"{base.split('#', 1)[0]}#{frag}"


def _candidates(text: str) -> list[tuple[str, dict[str, str]]]:
    """Formats a bare string could be in (by the pattern each declares), most specific first."""
    return [(name, options) for name, form in _TRIED if form.looks.fullmatch(text)
            for options in form.options()]


def payload(text: str) -> str:
    """The part of a pasted text that holds the puzzle: a URL's fragment, or the text
    (what `read` reads, and what `pycore.app.messages` words a failure about)."""
    text = formats.trim(text)
    if "#" in text:
        text = text.split("#", 1)[1]
    if "%" in text:
        text = unquote(text)
    return formats.trim(text)


_HEX = "0123456789ABCDEFabcdef"


def unquote(text: str) -> str:
    """The text with its %XX escapes decoded as UTF-8, exactly as `urllib.parse.unquote`
    does it (which MicroPython lacks): a `%` without two hex digits stays, as does every
    character outside ASCII; bytes that are no UTF-8 become U+FFFD.

    The text is taken a `%` at a time (split), never by index: under MicroPython `text[i]`
    walks the UTF-8 from the start, so a loop over indices took 1.5 s for 64 K characters."""
    if "%" not in text:
        return text
    out: list[str] = []
    run = bytearray()  # the bytes of the current stretch of ASCII
    for k, piece in enumerate(text.split("%")):
        if k:  # the piece followed a %
            if len(piece) >= 2 and piece[0] in _HEX and piece[1] in _HEX:
                run.append(int(piece[:2], 16))
                piece = piece[2:]
            else:
                run.append(0x25)  # the % itself
        if not piece or max(piece) <= "\x7f":
            run.extend(piece.encode())
        else:  # characters beyond ASCII stay, and end the run of bytes before them; the
            # piece's ASCII goes with them, as an ASCII byte ends any UTF-8 sequence anyway
            out.append(_utf8(bytes(run)))
            run = bytearray()
            out.append(piece)
    out.append(_utf8(bytes(run)))
    return "".join(out)


def _utf8(data: bytes) -> str:
    """UTF-8 bytes as text, each ill-formed part as one U+FFFD (as `errors="replace"` does)."""
    try:
        return data.decode("utf-8")
    except UnicodeError:
        pass
    out: list[str] = []
    i, length = 0, len(data)
    while i < length:
        lead = data[i]
        # how many continuation bytes follow this lead, and the range of the first one
        if lead < 0x80:
            need, low, high = 0, 0, 0
        elif 0xC2 <= lead <= 0xDF:
            need, low, high = 1, 0x80, 0xBF
        elif lead == 0xE0:
            need, low, high = 2, 0xA0, 0xBF
        elif lead == 0xED:
            need, low, high = 2, 0x80, 0x9F
        elif 0xE1 <= lead <= 0xEF:
            need, low, high = 2, 0x80, 0xBF
        elif lead == 0xF0:
            need, low, high = 3, 0x90, 0xBF
        elif 0xF1 <= lead <= 0xF3:
            need, low, high = 3, 0x80, 0xBF
        elif lead == 0xF4:
            need, low, high = 3, 0x80, 0x8F
        else:
            need, low, high = -1, 0, 0
        end = i + 1
        while need > 0 and end < length and low <= data[end] <= high:
            end += 1
            need -= 1
            low, high = 0x80, 0xBF
        out.append(data[i:end].decode("utf-8") if need == 0 else "\ufffd")
        i = end
    return "".join(out)


def read(text: str) -> tuple[str, Puzzle]:
    """Decode a link, fragment or bare string of any format: (format name, puzzle).

    When nothing fits, the FormatError lists each format tried and why it failed.
    """
    if len(text) > MAX_LINK:
        raise FormatError(NAME, MAX_LINK, f"a link of at most {MAX_LINK} characters",
                          found=f"{len(text)} characters")
    body = payload(text)
    if not body:
        raise FormatError(NAME, 0, "a link or a puzzle string", found="nothing")
    tag, sep, rest = body.partition(":")
    if sep and tag in TAGS:
        name, options = TAGS[tag]
        return name, formats.decode(name, rest, **options)
    if sep and not body.startswith("{"):
        raise FormatError(NAME, 0, "a fragment tag: " + ", ".join(f"{t}:" for t, _ in _TAG_LIST),
                          found=repr(tag[:10]))
    tried = _candidates(body)
    reasons = []
    for at, (name, options) in enumerate(tried):
        try:
            puzzle = formats.decode(name, body, **options)
        except FormatError as err:
            reasons.append(f"{name}{' ' + options['kind'] if 'kind' in options else ''}: {err}")
            continue
        _refuse_two_readings(name, body, puzzle, tried[at + 1:])
        return name, puzzle
    if not tried:
        raise FormatError(NAME, 0, "a link or a string of a known format "
                          "(" + ", ".join(_known()) + ")",
                          found=repr(body[:20]))
    raise NotRecognized(NAME, "a string of one format; tried " + "; ".join(reasons), reasons)


def unchecked(name: str, text: str, puzzle: Puzzle) -> bool:
    """Whether a link that opened holds a player's progress that no check vouches for: a
    compact text of a grid with progress and no check character. Such a text is one made
    before checks came (version 1), or a checked one cut or changed into another grid."""
    if name != UNTAGGED:
        return False
    from .formats import compact  # the untagged format

    return compact.played(puzzle) and not compact.was_checked(payload(text))


class _KindNotSaid(FormatError):
    """A bare text of one of our formats that two of its kinds read as other cells."""


def _refuse_two_readings(name: str, text: str, puzzle: Puzzle,
                         later: list[tuple[str, dict[str, str]]]) -> None:
    """A bare text that another kind of the same format reads as other cells does not say
    which puzzle it is (jcode's text never says its kind): only the fragment's tag can. A
    text every kind reads as the same cells (givens only, sudoklify's strings) is the
    first kind's."""
    for other, options in later:
        if other != name:
            return
        try:
            reading = formats.decode(name, text, **options)
        except FormatError:
            continue
        if reading.cells != puzzle.cells:
            tags = ", ".join(f"{tag}: {kind}" for tag, kind in _FORMS[name].tags)
            raise _KindNotSaid(NAME, 0, f"a tag for its kind ({tags})",
                               found=f"a {name} text both kinds read")


def _looks_like_our_json(text: str) -> bool:
    body = formats.trim(text, right=False)
    return body.startswith("{") and '"kind"' in body and '"cells"' in body


def read_any(text: str) -> Imported:
    """Like `read`, then the imports (other tools' links and texts): (format, puzzle, warnings).

    The one order every reader that detects a format follows: our own formats first
    (`read`), then other tools' readers, so that whatever one of our verbs prints, another
    reads back. A text one of ours reads is ours, but for another tool's reading of a text
    that bears its mark (`imports.second_reading`: a `S9B…` header string is weighed between
    our offset's base 32 and sudokuwiki's base 36). When nothing fits, the FormatError gives
    the reasons of both.
    """
    from .formats import tools as imports

    if len(text) > MAX_LINK:  # longer than any text of ours: a file of another tool
        return imports.read(text)
    try:
        name, puzzle = read(text)
        return imports.second_reading(name, text) or imports.Imported(name, puzzle)
    except FormatError as ours:
        # our JSON form with a fault, or our text without its kind: say so, not a look-alike
        if _looks_like_our_json(text) or isinstance(ours, _KindNotSaid):
            raise
        found, errors, reasons = imports.tried(text)
        if found is not None:
            return found
        if errors:
            raise imports.refusal(errors, reasons) from None
        # each of our formats that the text might have been, or all of them when none
        ours_tried = getattr(ours, "tried", None) or [
            f"{name}: not what its text looks like" for name in _known()]
        raise NotRecognized(NAME, f"a link or puzzle string of a known format; tried "
                            f"our formats ({ours}); then {'; '.join(reasons)}",
                            list(ours_tried) + reasons) from None


# -- the page's share policy: which link to show, and which the address bar keeps ----------


class Share(Record):
    """A link to show: its format, the text after `#`, and the parts it drops (() = nothing;
    `messages.losing` words them). Immutable; compared and hashed by its fields."""

    __slots__ = ("format", "fragment", "lost")
    FIELDS = ("format", "fragment", "lost")
    if TYPE_CHECKING:
        format: str
        fragment: str
        lost: tuple[Lost, ...]

    def __init__(self, format: str, fragment: str, lost: Sequence[Lost] = ()) -> None:
        _set(self, "format", format)
        _set(self, "fragment", fragment)
        _set(self, "lost", tuple(lost))


def share(puzzle: Puzzle, format: str | None = None) -> Share:
    """The fragment for a puzzle: in `format`, or the shortest lossless one (`best`) when None.

    When no format can hold the state (or the chosen one cannot), the link is made
    lossy and `lost` says what it drops, so the page can tell the person.
    """
    if format is None:
        try:
            return Share(*best(puzzle))
        except FormatError:
            return _least_lossy(puzzle)
    try:
        return Share(format, fragment(puzzle, format))
    except LossError as err:
        return Share(format, fragment(puzzle, format, lossy=True), err.lost)


def _least_lossy(puzzle: Puzzle) -> Share:
    """When every format loses something: the shortest lossy fragment and what it drops."""
    found: list[tuple[int, str, Share]] = []
    for name in link_formats():
        try:
            fragment(puzzle, name)
        except LossError as err:
            frag = fragment(puzzle, name, lossy=True)
            found.append((len(frag), name, Share(name, frag, err.lost)))
        except FormatError:
            continue
    if not found:
        raise FormatError(NAME, None, "a puzzle some link format can hold")
    return min(found, key=lambda item: item[:2])[2]


class Shares(Record):
    """What the page shows for one state of the grid, each fragment encoded once.

    `chosen` is the link in the format picked (None, with `refusal` saying why, when that
    format cannot hold this kind of puzzle); `lossless` is the address bar's: `chosen`
    when it drops nothing, else the shortest lossless one (None when no format holds the
    grid whole); `shortest` is that shortest lossless fragment when it was made here
    (what `persist.identity` takes instead of encoding again), else None. Immutable;
    compared and hashed by its fields.
    """

    __slots__ = ("chosen", "lossless", "refusal", "shortest")
    FIELDS = ("chosen", "lossless", "shortest", "refusal")
    if TYPE_CHECKING:
        chosen: Share | None
        lossless: Share | None
        shortest: str | None
        refusal: str

    def __init__(self, chosen: Share | None, lossless: Share | None, shortest: str | None,
                 refusal: str = "") -> None:
        _set(self, "chosen", chosen)
        _set(self, "lossless", lossless)
        _set(self, "shortest", shortest)
        _set(self, "refusal", refusal)


def shares(puzzle: Puzzle, format: str | None = None) -> Shares:
    """The page's one call per change: the chosen link and the address bar's (see `Shares`)."""
    try:
        chosen: Share | None = share(puzzle, format)
        refusal = ""
    except FormatError as err:  # this format cannot hold this kind of puzzle at all
        chosen, refusal = None, str(err)
    if chosen is not None and not chosen.lost:
        return Shares(chosen, chosen, chosen.fragment if format is None else None, refusal)
    if format is None:  # share already asked every format: none holds the grid whole
        return Shares(chosen, None, None, refusal)
    try:
        lossless: Share | None = Share(*best(puzzle))
    except FormatError:
        lossless = None
    return Shares(chosen, lossless, lossless.fragment if lossless else None, refusal)
