"""Whether a link that did not open was cut off, or has a stray character: link knowledge,
told by each format's own decoder rather than by rules written here.

A link copied by hand often loses its end. Its format's decoder then stops at the end of
the text (or, for a text whose length fixes its grid, refuses a length it does not hold).
`cut_off` pads the text with empty cells until the decoder reads it, and so tells how long
the whole link was and what grid it held (`CutOff`); `stray` finds the one character that
does not belong. pycore.app.messages words both for the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import formats, links
from .errors import FormatError, LossError, PuzzleError
from .model import STR8TS_SIZES, SUDOKU_SIZES, Puzzle, candidates, given
from .record import Record, _set

__all__ = ["CutOff", "cut_off", "stray"]


class CutOff(Record):
    """A link that ends too early: it has `have` of the `need` characters (or cells) a
    link of its kind holds for a grid of `shape` ('9x9'); `need` 0 when no size can be told."""

    __slots__ = ("have", "need", "shape", "unit")
    FIELDS = ("have", "need", "shape", "unit")
    if TYPE_CHECKING:
        have: int
        need: int
        shape: str
        unit: str

    def __init__(self, have: int, need: int, shape: str, unit: str = "character") -> None:
        _set(self, "have", have)
        _set(self, "need", need)
        _set(self, "shape", shape)
        _set(self, "unit", unit)


def _samples(kind: str, n: int) -> list[Puzzle]:
    """An empty grid, then full ones with small and large cell values, to see whether the
    length of a link of this size depends on what the grid holds."""
    empty = Puzzle.blank(kind, n)
    cells = range(n * n)
    return [empty] + [empty.with_cells({i: cell for i in cells})
                      for cell in (given(1), given(n), candidates({1, n}))]


_LENGTHS: dict[tuple[str, str], tuple[tuple[int, int, bool], ...]] = {}


def _lengths(format: str, tag: str) -> tuple[tuple[int, int, bool], ...]:
    """(size, characters of an empty grid's link, exact) for every grid size the format
    holds, asked of the format itself; `exact` when every grid of that size gives that length.
    The same for every call: made once per format."""
    found = _LENGTHS.get((format, tag))
    if found is None:
        found = _LENGTHS[format, tag] = _measure(format, tag)
    return found


def _measure(format: str, tag: str) -> tuple[tuple[int, int, bool], ...]:
    out = []
    for kind, sizes in (("sudoku", SUDOKU_SIZES), ("str8ts", STR8TS_SIZES)):
        for n in sizes:
            texts = []
            for sample in _samples(kind, n):
                try:
                    texts.append(links.fragment(sample, format))
                except (FormatError, PuzzleError):  # a kind, size or content it does not hold
                    if not texts:
                        break
            if texts and texts[0].partition(":")[0] == tag:
                out.append((n, len(texts[0]), len({len(t) for t in texts}) == 1))
    return tuple(sorted(out))


def _filler(format: str) -> str:
    """What an empty cell adds at the end of this format's link ('0', '-', ',0', 'A')."""
    text = links.fragment(Puzzle.blank("sudoku", 9), format, lossy=True)  # empty either way
    return next((text[-k:] for k in range(1, 5) if text.endswith(text[-k:] * 8)), text[-1])


def _padded(format: str, body: str, options: dict[str, str], extra: str) -> Exception | None:
    """The error of the body with `extra` appended, or None when it then decodes."""
    try:
        formats.decode(format, body + extra, **options)
    except (FormatError, PuzzleError) as err:
        return err
    return None


def _padded_need(format: str, body: str, options: dict[str, str], fill: str) -> int | None:
    """Characters the body needs, found by the format's own decoder: the shortest run of
    `fill` (an empty cell) after which the text decodes."""
    def decodes(k: int) -> bool | None:  # None: the text still ends early
        err = _padded(format, body, options, fill * k)
        if err is None:
            return True
        return None if isinstance(err, FormatError) and err.found == "end of data" else False

    def short(k: int) -> bool:
        got = decodes(k)
        if got is False:  # a length refused outright (base64's 4m+1) says nothing: try the next
            got = decodes(k + 1)
        return got is None

    lo, hi = 1, (links.MAX_LINK - len(body)) // len(fill)
    if hi < lo or short(hi):
        return None
    while lo < hi:  # the first k that no longer ends early
        mid = (lo + hi) // 2
        if short(mid):
            lo = mid + 1
        else:
            hi = mid
    return next((len(body) + k * len(fill) for k in (lo, lo + 1) if decodes(k)), None)


def _link(text: str) -> tuple[str, str, str, dict[str, str]] | None:
    """(payload, tag, body, decode options) of a tagged link; None for an untagged one."""
    payload = links.payload(text)
    tag, sep, body = payload.partition(":")
    if not sep or tag not in links.TAGS:
        return None
    return payload, tag, body, links.TAGS[tag][1]


def cut_off(err: Exception, text: str) -> CutOff | None:
    """The cut-off reading of a failed link: the text is the start of a valid link of its
    format (the format's own decoder reads it once empty cells are added at the end)."""
    parts = _link(text)
    if parts is None or not isinstance(err, FormatError) or isinstance(err, LossError):
        return None  # an untagged link gives no length to measure against
    payload, tag, body, options = parts
    format = links.TAGS[tag][0]
    if err.format != format:
        return None
    fill = _filler(format)
    if err.found == "end of data":  # the decoder ran out of text: pad it until it decodes
        need = _padded_need(format, body, options, fill)
        if need is None:
            return CutOff(len(payload), 0, "")  # cut inside the header: no size to tell
        whole = formats.decode(format, body + fill * ((need - len(body)) // len(fill)), **options)
        return CutOff(len(payload), need + len(tag) + 1, f"{whole.rows}x{whole.cols}")
    if err.pos is None or err.pos < len(body) or err.unit != "character":
        return None  # the fault is inside the text (a stray character), not at its end
    lengths = _lengths(format, tag)
    if any(0 < len(payload) - length <= length // 10 for _, length, exact in lengths if exact):
        return None  # just past a whole link's length: something added, not a longer link cut
    cells = _counted(err.found or "")
    # 9x9 first, as most links hold one, then the others in order
    for n, length, exact in sorted(lengths, key=lambda x: (x[0] != 9, x)):
        if exact and length > len(payload) and (length - len(payload)) % len(fill) == 0:
            extra = fill * ((length - len(payload)) // len(fill))
            if _padded(format, body, options, extra) is None:
                return CutOff(len(payload), length, f"{n}x{n}")
        elif not exact and cells is not None and cells < n * n:
            extra = fill * (n * n - cells)
            if _padded(format, body, options, extra) is None:
                return CutOff(cells, n * n, f"{n}x{n}", unit="cell")
    return None


def _counted(found: str) -> int | None:
    """The count in a decoder's `found` of the form `(length )?N( cells| fields)?`."""
    if found.startswith("length "):
        found = found[len("length "):]
    for unit in (" cells", " fields"):
        if found.endswith(unit):
            found = found[: -len(unit)]
            break
    return int(found) if found and _DIGITS.issuperset(found) else None


_DIGITS = frozenset("0123456789")


def _inner_fault(err: Exception, text: str) -> FormatError | None:
    """A stray character the decoder met, or meets once the text is long enough."""
    if isinstance(err, FormatError) and err.unit == "character" and err.pos is not None \
            and _one_quoted(err.found or ""):
        return err
    parts = _link(text)
    if parts is None or not isinstance(err, FormatError):
        return None
    payload, tag, body, options = parts
    format = links.TAGS[tag][0]
    lengths = [length for _, length, _ in _lengths(format, tag) if length > len(payload)]
    if not lengths:
        return None
    again = _padded(format, body, options, _filler(format) * (min(lengths) - len(payload)))
    if isinstance(again, FormatError) and again.pos is not None and again.pos < len(body):
        return _inner_fault(again, "")
    return None


def _one_quoted(found: str) -> bool:
    """Whether `found` is one character in single quotes (what `'.'` matches)."""
    return len(found) == 3 and found[0] == found[2] == "'" and found[1] != "\n"


def stray(err: Exception, text: str) -> tuple[int, str] | None:
    """Where a link has a character that does not belong in it: its place in the link
    (counted from 1, the tag and its colon included) and the character as the decoder
    quotes it ("'!'"); None when no single character is at fault."""
    found = _inner_fault(err, text)
    if found is None or found.pos is None:
        return None
    parts = _link(text)
    return found.pos + 1 + (len(parts[1]) + 1 if parts else 0), found.found or ""
