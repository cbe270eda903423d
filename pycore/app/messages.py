"""Words for a player: why a link did not open, and what a link format would drop.

The errors of pycore (errors.py) are written for a developer: they name formats,
positions and parameters. The page shows a person these words instead: a short
first line (at most 80 characters) that says what happened and what to do, in the
terms of the grid (digits, pencil marks, givens), never flags, tables or format
internals. The errors are read by their attributes (`format`, `pos`, `unit`,
`found`, `lost`: each lost part is data, `errors.Lost`, worded here by its kind),
never by their English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import formats, links
from ..errors import FormatError, LossError, Lost, NotRecognized, PuzzleError
from ..formats._loss import plural
from ..model import STR8TS_SIZES, SUDOKU_SIZES, Puzzle, _frozen, _set, candidates, given

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["CutOff", "cut_off", "doubt", "for_error", "listed", "losing", "lost_words", "opening", "pasting",
           "refusing", "sharing"]

FIRST_LINE = 80  # characters: what a phone shows on one or two lines
CUT_OFF = "This link looks cut off. Copy the whole link again."
KEEPS_ALL = "The address bar keeps everything."


# --- a link that did not open ------------------------------------------------------


class CutOff:
    """A link that ends too early: it has `have` of the `need` characters (or cells) a
    link of its kind holds for a grid of `shape` ('9x9'); `need` 0 when no size can be told.
    Immutable; compared and hashed by its fields."""

    __slots__ = ("have", "need", "shape", "unit")
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

    def __setattr__(self, name: str, value: object) -> None:
        raise _frozen(name)

    def _fields(self) -> tuple[int, int, str, str]:
        return (self.have, self.need, self.shape, self.unit)

    def __eq__(self, other: object) -> bool:
        if type(other) is not CutOff:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"CutOff(have={self.have!r}, need={self.need!r}, shape={self.shape!r}, "
                f"unit={self.unit!r})")

    def words(self) -> str:
        if not self.need:  # cut before it says how big its grid is
            return f"{CUT_OFF}\nIt ends before its grid begins."
        return (f"{CUT_OFF}\nIt has {self.have} of the {self.need} {self.unit}s "
                f"a {self.shape} link of this kind needs.")


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


def opening(err: Exception, text: str) -> str:
    """Why a link (or a pasted puzzle string) did not open, for the person who tried."""
    cut = cut_off(err, text)
    if cut is not None:
        return cut.words()
    if not links.payload(text):
        return "There is no puzzle in that link: nothing follows the #."
    if isinstance(err, PuzzleError):
        return f"This link holds a grid that cannot be played.\n({err})"
    stray = _inner_fault(err, text)
    if stray is not None and stray.pos is not None:
        parts = _link(text)
        at = stray.pos + 1 + (len(parts[1]) + 1 if parts else 0)
        return (f"This link has a character that does not belong in it.\n"
                f"Character {at} is {stray.found}. Copy the whole link again.")
    # the error's own text lists formats and their rules: for the console, not for a player
    return "That link could not be opened: it may be cut off or changed.\nCopy the whole link again."


# A link that opened but cannot be the puzzle it was: the compact text (the untagged
# default) uses nearly every text, so a cut one often reads as some other grid. Its
# givens then mostly have no solution, which a real puzzle's always do. Cutting 1 to 4
# characters off the compact links of every third puzzle of benchmarks/data's corpus,
# 398 cut texts opened: 193 had no solution, each proved within 30 search nodes, 175 had
# one and 30 needed more nodes; none of the corpus's sudoku puzzles is flagged. Past SEARCH_NODES
# nothing is said: the search is bounded, and "no solution" is said only when proved.
SEARCH_NODES = 30
DOUBT = "No solution fits: was the link cut off?"


def doubt(puzzle: Puzzle) -> str | None:
    """What to say instead of "Opened ..." when no solution fits the puzzle's givens (the
    player's digits and pencil marks left out: a mistake of theirs is not the link's fault).
    One short line, as long as the line it replaces: the grid below it does not move."""
    from ..solve import SearchTooLong, count_solutions  # on the first link opened, not at start

    try:
        if count_solutions(puzzle.unplayed, limit=1, max_nodes=SEARCH_NODES):
            return None
    except SearchTooLong:
        return None
    return DOUBT


# --- a pasted text that did not open ---------------------------------------------------

# The other tools' readers (pycore.formats.tools), by the name their errors carry.
TOOLS = {"sudokupad": "SudokuPad", "f-puzzles": "f-puzzles", "sudokuwiki": "sudokuwiki.org",
         "hodoku": "HoDoKu", "kangaroo": "Kangaroo", "puzz.link": "puzz.link",
         "sudoku.coach": "sudoku.coach", "plain": "grid of digits"}
NOT_KNOWN = ("That is not a puzzle link or puzzle text this page knows.\n"
             "It opens its own links, SudokuPad, f-puzzles, sudokuwiki.org, HoDoKu and "
             "puzz.link links and texts, and grids of digits (81 for a 9x9, 0 or . for an empty cell).")


def pasting(err: Exception, text: str) -> str:
    """Why a text pasted into the page (a link, another tool's text, a grid) did not open.

    The first line says what the text looked like and that it could not be read; the
    second says what the reader wanted and found, in its own terms (a tool's rules are
    the tool's: "a square number of cells"), never the list of every format tried."""
    ours: Exception = err
    try:  # our own link, cut off? (an import's refusal of it would hide that)
        links.read(text)
    except (FormatError, PuzzleError) as refused:
        ours = refused
        cut = cut_off(ours, text)
        if cut is not None:
            return cut.words()
    if isinstance(err, NotRecognized):
        if formats.trim(text, right=False).startswith("{"):  # our JSON form (other tools' JSON has a reader)
            return _json_words(text)
        payload = links.payload(text)
        if payload[1:2] == ":" and "a" <= payload[:1] <= "z":  # one of our tagged links, changed
            return opening(ours, text)
        return NOT_KNOWN
    if isinstance(err, FormatError) and err.format in TOOLS:
        start = formats.trim(text, right=False)[:6].lower()
        kind = "link" if start.startswith(("http:", "https:")) else "text"
        first = ("That grid of digits could not be read." if err.format == "plain"
                 else f"That {TOOLS[err.format]} {kind} could not be read.")
        detail = f"It should have {err.expected}" + (f"; it has {err.found}." if err.found else ".")
        return f"{first}\n{detail}"
    return opening(err, text)


def _json_words(text: str) -> str:
    try:
        formats.decode("json", formats.trim(text))
    except FormatError as err:
        at = f" at character {err.pos + 1}" if err.pos is not None else ""
        found = f"; it has {err.found}" if err.found else ""
        return f"That JSON text could not be read.\nIt should have {err.expected}{at}{found}."
    except PuzzleError as err:
        return f"That JSON text holds a grid that cannot be played.\n({err})"
    return NOT_KNOWN


# --- a link format that cannot hold the grid ---------------------------------------

# A lost part (errors.Lost, by its `what`) in a player's words: `{n}` the count, `{cells}`
# and `{marks}` the count with its noun, `{detail}` the format's detail (a box shape). A part
# not here is said as the error says it (its words are a player's already).
_WORDS = {
    "candidates": "your pencil marks ({cells})",
    "value-as-given": "which digits are givens",
    "which-given": "which digits are givens",
    "value": "{n} of your digits",
    "str8ts-kind": "that this is a Str8ts (it would open as a sudoku)",
    "sudoku-kind": "that this is a sudoku with boxes (it would open as a Str8ts)",
    "box-shape": "its {detail} boxes",
    "peer-mark": "{marks} of digits already placed in the same row, column or box",
}


def _part_words(part: Lost) -> str:
    """One lost part in a player's terms."""
    words = _WORDS.get(part.what)
    if words is None:
        return str(part)
    return words.format(n=part.count, detail=part.detail, cells=plural(part.count, "cell"),
                        marks=plural(part.count, "pencil mark"))


LISTED = 8  # lines of what an import could not keep that the page lists; the rest are counted


def listed(warnings: Sequence[str], at_most: int = LISTED) -> list[str]:
    """An import's warnings as the page lists them: at most `at_most` lines, the last saying
    how many more there are (a text may carry thousands of unknown constraints, and the
    list sits above the grid)."""
    if len(warnings) <= at_most:
        return list(warnings)
    shown = list(warnings[:at_most - 1])  # MicroPython: no [*a, b] display
    shown.append(f"and {len(warnings) - at_most + 1} more things")
    return shown


def lost_words(lost: Sequence[Lost]) -> str:
    """'your pencil marks (12 cells) or which digits are givens' from a LossError's `lost`."""
    parts: list[str] = []  # each once, in order
    for part in lost:
        words = _part_words(part)
        if words not in parts:
            parts.append(words)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def losing(lost: Sequence[Lost]) -> str:
    """Why the chosen link format cannot keep all of this grid: what the player would lose."""
    words = f"This link format cannot keep {lost_words(lost)}."
    if len(words) > FIRST_LINE:
        words = f"This link format cannot keep all of this grid.\nIt would lose {lost_words(lost)}."
    return f"{words}\n{KEEPS_ALL}"


def refusing(puzzle: Puzzle | None) -> str:
    """Why the chosen link format cannot hold this grid at all, by what the grid is."""
    if puzzle is not None:
        if puzzle.layout is not None:
            what = "a grid of overlapping boxes like this one"
        elif puzzle.kind == "str8ts":
            what = "a Str8ts"
        elif not puzzle.default_box and puzzle.box is not None:
            what = f"boxes of {puzzle.box[0]}x{puzzle.box[1]} cells"
        else:
            what = f"a {puzzle.rows}x{puzzle.cols} grid"
        return f"This link format cannot hold {what}.\n{KEEPS_ALL}"
    return f"This link format cannot hold this grid.\n{KEEPS_ALL}"


def sharing(err: Exception, puzzle: Puzzle | None = None) -> str:
    """Why the chosen link format cannot hold this grid: what the player would lose, or
    what the grid is that the format cannot hold at all."""
    if isinstance(err, LossError):
        return losing(err.lost)
    return refusing(puzzle)


def for_error(err: Exception, text: str | None = None, puzzle: Puzzle | None = None) -> str:
    """Words for any pycore error: a link that did not open when `text` is given, else a
    format that cannot hold `puzzle`."""
    if text is not None:
        return opening(err, text)
    if isinstance(err, (LossError, FormatError)):
        return sharing(err, puzzle)
    return "Something went wrong with this grid's link."
