"""Every sentence the page shows a player, save the heavy worker's answers (Check, Solve,
Hint, the solution path, New puzzle, exports, QR: pycore.app.heavy_messages, kept apart
only so that the first screen's MicroPython bundle does not carry them): why a link did
not open, what a link format would drop, the saved grids, the grid in words for screen
readers, and the page's own lines. The page's modules (web/) hold no sentence of their own
(tests/app/test_messages.py looks for one).

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
from ..cutoff import cut_off, stray
from ..errors import FormatError, LossError, Lost, NotRecognized, PuzzleError
from ..formats._loss import plural
from .editor import BLACK_MODE, CANDIDATES, COLOUR, CORNER, GIVEN, VALUE

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..cutoff import CutOff
    from ..model import Cell, Puzzle
    from ..variants import Constraint

__all__ = ["cut_words", "doubt", "for_error", "listed", "losing", "lost_words", "opening", "pasting",
           "refusing", "sharing"]

FIRST_LINE = 80  # characters: what a phone shows on one or two lines
CUT_OFF = "This link looks cut off. Copy the whole link again."
KEEPS_ALL = "The address bar keeps everything."


# --- a link that did not open ------------------------------------------------------


def cut_words(cut: CutOff) -> str:
    """A cut-off link (`pycore.cutoff.cut_off`): how much of it is there."""
    if not cut.need:  # cut before it says how big its grid is
        return f"{CUT_OFF}\nIt ends before its grid begins."
    return (f"{CUT_OFF}\nIt has {cut.have} of the {cut.need} {cut.unit}s "
            f"a {cut.shape} link of this kind needs.")


def opening(err: Exception, text: str) -> str:
    """Why a link (or a pasted puzzle string) did not open, for the person who tried."""
    cut = cut_off(err, text)
    if cut is not None:
        return cut_words(cut)
    if not links.payload(text):
        return "There is no puzzle in that link: nothing follows the #."
    if isinstance(err, PuzzleError):
        return f"This link holds a grid that cannot be played.\n({err})"
    found = stray(err, text)
    if found is not None:
        at, character = found
        return (f"This link has a character that does not belong in it.\n"
                f"Character {at} is {character}. Copy the whole link again.")
    # the error's own text lists formats and their rules: for the console, not for a player
    return "That link could not be opened: it may be cut off or changed.\nCopy the whole link again."


# A link that opened but cannot be the puzzle it was. A compact text of a grid with
# progress carries a check character (`formats.compact`), so a cut or changed one mostly
# fails to open, or opens without its check (UNCHECKED, said at once). A puzzle as set
# carries none: its check is that it has one solution, as every puzzle a setter shares
# has. A compact text (the untagged default) uses nearly every text, so a cut one often
# reads as some other grid, whose givens then mostly have no solution or several
# (`benchmarks.damage` counts them). Past SEARCH_NODES nothing is said: the search is
# bounded, and "no solution" or "several" is said only when proved; every 9x9 of the
# link corpus with two solutions shows them within 200 nodes (a 25x25 may need more).
SEARCH_NODES = 2000
DOUBT = "No solution fits: was the link cut off?"
SEVERAL = "Several solutions fit: is the link cut?"
# The same of a grid in any other format (a tagged link's length tells a cut one, an
# import is another tool's): said as facts.
NO_SOLUTION_FITS = "No solution fits this puzzle's givens."
HAS_SEVERAL = "This puzzle has more than one solution."
UNCHECKED = "No check mark: is this link damaged?"


def doubt(puzzle: Puzzle, format: str = links.UNTAGGED) -> str | None:
    """What to say instead of "Opened ..." when the puzzle's givens (the player's digits
    and pencil marks left out: a mistake of theirs is not the link's fault) have no
    solution, or more than one: a link cut or changed into another grid mostly reads as
    one of those, and a puzzle a setter shares has one. One short line, as long as the
    line it replaces: the grid below it does not move. A grid with no givens (a setter's
    empty grid) is not doubted. Of a compact link (the untagged default, which nearly any
    text is) both are said as a link that may be damaged; of any other format, as facts."""
    from ..solve import SearchTooLong, count_solutions  # on the first link opened, not at start

    unplayed = puzzle.unplayed
    if puzzle.unchecked:  # no count is true of rules that cannot be read (the opening line says so)
        return None
    if not any(c.kind == "given" or (c.kind == "black" and c.digit) for c in unplayed.cells):
        return None
    try:
        found = count_solutions(unplayed, limit=2, max_nodes=SEARCH_NODES)
    except SearchTooLong:
        return None
    compact = format == links.UNTAGGED
    if not found:
        return DOUBT if compact else NO_SOLUTION_FITS
    return (SEVERAL if compact else HAS_SEVERAL) if found > 1 else None


# --- a pasted text that did not open ---------------------------------------------------

# The other tools' readers (pycore.formats.tools), by the name their errors carry.
TOOLS = {"sudokupad": "SudokuPad", "f-puzzles": "f-puzzles", "sudokuwiki": "sudokuwiki.org",
         "hodoku": "HoDoKu", "kangaroo": "Kangaroo", "puzz.link": "puzz.link",
         "sudoku.coach": "sudoku.coach", "penpa+": "penpa+", "plain": "grid of digits"}
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
            return cut_words(cut)
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
    "marks-under": "the pencil marks under your digits ({cells})",
    "constraints": "the variant rules",
    "regions": "the jigsaw regions",
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


# --- the grid in words (screen readers, the mode buttons) ----------------------------

# The editor's modes (editor.MODES) by the names the page's buttons show.
MODE_LABELS = {GIVEN: "Givens", VALUE: "Digit", CORNER: "Corner", CANDIDATES: "Centre",
               COLOUR: "Colour", BLACK_MODE: "Black cells"}


def cell_words(cell: Cell) -> str:
    """A cell's content in words, for screen readers (the page adds row and column)."""
    if cell.kind == "candidates":
        words = "pencil marks " + " ".join(str(d) for d in sorted(cell.candidates))
    elif cell.kind in ("given", "value"):
        words = f"{cell.kind} {cell.digit}"
    elif cell.kind == "black":
        words = f"black, given {cell.digit}" if cell.digit else "black"
    else:
        words = cell.kind
    if cell.corner:
        words += ", corner marks " + " ".join(str(d) for d in sorted(cell.corner))
    if cell.colours:
        words += ", colours " + " ".join(str(d) for d in sorted(cell.colours))
    return words


def grid_role(mode: str) -> str:
    """What a screen reader calls the grid in this editing mode."""
    return f"puzzle grid, {MODE_LABELS[mode]} mode"


def cell_label(row: int, col: int, cell: Cell, clash: bool, rules: str = "") -> str:
    """What a screen reader says of a grid's cell (rows and columns counted from 0);
    `rules`: the variant rules on it (`cell_rules`)."""
    return (f"Row {row + 1}, column {col + 1}: {cell_words(cell)}" + (", conflict" if clash else "")
            + (", " + rules if rules else ""))


# --- variant rules in words ----------------------------------------------------------

# A kind as a player names one element of it, on a cell (`rule_name`).
RULE_NAMES = {"thermo": "thermometer", "slow-thermo": "slow thermometer", "renban": "renban line",
              "palindrome": "palindrome line", "between": "between line", "region-sum": "region-sum line",
              "entropic": "entropic line", "zipper": "zipper line", "parity": "parity line",
              "arrow": "arrow", "white": "white dot", "black": "black dot", "x": "X", "v": "V",
              "odd": "odd cell", "even": "even cell", "min": "minimum cell", "max": "maximum cell",
              "row-indexer": "row indexer", "column-indexer": "column indexer", "box-indexer": "box indexer",
              "extra-region": "extra region", "clone": "clone", "quadruple": "quadruple",
              "other": "a rule not checked here", "diagonal+": "rising diagonal",
              "diagonal-": "falling diagonal"}
# A kind as the opening line names the puzzle ("a 9x9 killer sudoku"), in the order of
# VARIANT_ORDER; kinds that name no variant of their own are left out.
VARIANT_ORDER = ("jigsaw", "killer", "little-killer", "sandwich", "x-sum", "skyscraper", "arrow",
                 "thermo", "slow-thermo", "renban", "whispers", "palindrome", "between", "region-sum",
                 "entropic", "zipper", "parity", "kropki", "xv", "odd", "min", "indexer", "extra-region",
                 "clone", "quadruple", "diagonal", "anti-knight", "anti-king", "non-consecutive",
                 "disjoint-groups")
VARIANT_NAMES = {"jigsaw": "jigsaw", "killer": "killer", "little-killer": "little killer",
                 "sandwich": "sandwich", "x-sum": "X-sums", "skyscraper": "skyscraper", "arrow": "arrow",
                 "thermo": "thermometer", "slow-thermo": "slow thermometer", "renban": "renban",
                 "whispers": "whispers", "palindrome": "palindrome", "between": "between lines",
                 "region-sum": "region-sum lines", "entropic": "entropic lines", "zipper": "zipper lines",
                 "parity": "parity lines", "kropki": "kropki", "xv": "XV", "odd": "odd-even",
                 "min": "minimum-maximum", "indexer": "indexer", "extra-region": "extra regions",
                 "clone": "clone", "quadruple": "quadruples", "diagonal": "diagonal",
                 "anti-knight": "anti-knight", "anti-king": "anti-king", "non-consecutive": "non-consecutive",
                 "disjoint-groups": "disjoint groups"}
# Kinds a variant is named by another's name: its family.
FAMILY = {"white": "kropki", "black": "kropki", "negative-black": "kropki", "x": "xv", "v": "xv",
          "negative-xv": "xv", "even": "odd", "max": "min", "row-indexer": "indexer",
          "column-indexer": "indexer", "box-indexer": "indexer", "diagonal+": "diagonal",
          "diagonal-": "diagonal"}


def rule_name(item: Constraint, size: int = 9) -> str:
    """One element as a cell's label names it: "killer cage 15", "thermometer", "German
    whispers line", "white dot"."""
    kind = item.kind
    if kind == "killer":
        total = getattr(item, "total", None)
        return "killer cage" if total is None else f"killer cage {total}"
    if kind == "whispers":
        value = getattr(item, "value", None) or 0
        return ("Dutch" if value < (size + 1) // 2 else "German") + " whispers line"
    if kind == "quadruple":
        return "quadruple " + " ".join(str(d) for d in getattr(item, "digits", ()))
    return RULE_NAMES.get(kind, kind.replace("-", " "))


def cell_rules(names: Sequence[str]) -> str:
    """A cell's rules as its label ends: "killer cage 15, thermometer"."""
    return ", ".join(names)


def variant_name(puzzle: Puzzle) -> str:
    """What kind of variant a puzzle is, as players say it: "killer", "jigsaw killer",
    "thermometer and arrow" (at most three names; "" for a classic puzzle)."""
    found = {FAMILY.get(item.kind, item.kind) for item in puzzle.constraints}
    if puzzle.regions is not None:
        found.add("jigsaw")
    names = [VARIANT_NAMES[kind] for kind in VARIANT_ORDER if kind in found]
    if not names:
        return ""
    if len(names) > 3:
        return ", ".join(names[:3]) + " and more"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def unchecked_rules(puzzle: Puzzle) -> str:
    """Said once, when a puzzle with rules carried but not read (`Puzzle.unchecked`) opens."""
    count = len(puzzle.unchecked)
    if not count:
        return ""
    them = "it" if count == 1 else "them"
    many = "One" if count == 1 else str(count)
    return (f"{many} of its rules cannot be checked here: red marks leave {them} out, and Check, "
            f"Hint and Solve cannot take {them} into account.")


# --- the moment a grid is full (editor.finish) ----------------------------------------

# Said at the keystroke (or pad tap) that fills the last open cell, with no solver asked.
SOLVED_NOW = "Solved. Well done!"


def full_not_solved(clashes: bool, broken: bool = False) -> str:
    """A full grid that is no solution, said calmly: where to look, and what helps
    (`broken`: a variant's rule is broken, shown in red as a clash is)."""
    where = ("a digit repeats (shown in red)" if clashes
             else "a rule is broken (shown in red)" if broken
             else "a compartment does not hold a straight")
    return f"The grid is full, but something is wrong: {where}. Check or Hint tells more."


# --- givens while solving (editor.Editor.asked) ---------------------------------------

# The key of each mode that changes the puzzle itself, as the question names it.
SETTING_KEYS = {GIVEN: "G", BLACK_MODE: "B"}


def edit_the_puzzle(mode: str) -> str:
    """The question when a solver asks for Givens (or Black cells) mode: solving never
    changes the puzzle's own cells, so changing them is a choice of its own."""
    what = "black cells" if mode == BLACK_MODE else "givens"
    return (f"Edit the puzzle's {what}? Press {SETTING_KEYS.get(mode, 'G')} again or "
            "“Edit the puzzle”; any other key keeps solving.")


# --- saved grids (web/light/keeper.py) -------------------------------------------------

STORAGE_BLOCKED = ("This browser does not let the page save anything (site data is off): "
                   "nothing is kept when the tab closes. The address bar holds your whole grid: "
                   "bookmark or copy it to keep it.")
# Storage full: the address still holds the grid (reloads and bookmarks of it reopen every
# digit); what is lost is the Recent list and the bare site address reopening the grid.
STORAGE_FULL = ("This browser's storage is full: your latest changes will not be in Recent "
                "puzzles once the tab closes, and the bare site address will not reopen them. "
                "The address bar holds your whole grid: bookmark or copy it to keep it.")
FORKED = ("This grid was changed in another tab: your version is saved as its own entry "
          "in Recent puzzles.")
# A new build took over while the player was at work (web/main/early.js offers the reload).
UPDATE_READY = ("A new version of the page is ready: reload to use it. "
                "Your grid is kept (Undo starts afresh).")
NO_LONGER_SAVED = "That grid is no longer saved here."
A_SAVED_GRID = "A saved grid"  # a recent entry with no label of its own


def titled(title: str, rest: str) -> str:
    """A recent entry's label for a puzzle with a title: the setter's title first, quoted
    (it is their words, not ours), then its shape and progress."""
    return f"\u201c{title}\u201d: {rest}"


def reopened(label: str) -> str:
    return f"Reopened: {label}."


def other_progress(label: str) -> tuple[str, str]:
    """The question when a link opens a puzzle the player has other progress on: the words
    before and after the moment it was saved (which the page shows in the reader's time
    zone between them)."""
    return (f"You have other progress on this puzzle ({label}, saved ",
            "). The grid shows the link's state; both are kept in Recent puzzles.")


# --- what cannot be loaded -----------------------------------------------------------

# The optional wheels the heavy worker loads on first use, in a player's words.
WHAT_LOADS = {"segno": "QR code maker"}


def not_loaded(module: str) -> str:
    """An optional wheel that could not be fetched from this site (offline with an empty
    cache, say): plain words, never a format's fault."""
    return (f"The {WHAT_LOADS.get(module, module)} could not be loaded from this site. "
            "Try again when you are online.")


# --- the page's own lines (web/main/index.html, web/light/) ---------------------------

OPENING = "Opening the puzzle…"  # over the grid's outline until Python draws it (the build fills it in)
LOADING_SOLVER = "Loading the solver… (the first time, a few MB)"
SOLVER_NOT_LOADED = not_loaded("solver")
REOPENED_SAVED = "Reopened your saved grid."
PICK_A_SHAPE = "Pick a shape in the Shape menu first: New puzzle makes one of that shape."
SHORTEST_CHOICE = "Shortest (no loss)"  # the link format menu's first choice
LINK_COPIED = "Link copied."
COPY_LINK_BY_HAND = "Select the link and copy it (Ctrl+C)."
COPY_TEXT_BY_HAND = "Select the text above and copy it (Ctrl+C)."
NO_WHOLE_LINK = "No link holds this grid whole: the address bar keeps the last one that did."
MAKING_QR = "Making the QR code…"
WORKING_OUT_PATH = "Working out the solution path…"
MAKING_PUZZLE = "Making a puzzle…"
CANCELLING_PUZZLE = "Stopping…"
PUZZLE_CANCELLED = "New puzzle cancelled: your grid is as it was."
# Other tools' buttons: their labels
OPEN, COPY_LINK, COPY = "Open", "Copy link", "Copy"


def from_the_link(rows: int, cols: int) -> str:
    """The shape menu's choice for a grid of a shape it does not list."""
    return f"From the link ({rows}x{cols})"


def opened(puzzle: Puzzle, format: str) -> str:
    """The line an opened grid gets (it goes at the first edit): a multi-grid shape by its
    name ("a Samurai"), any other by its size and kind."""
    from ..shapes import LAYOUTS

    named = next((label.split(" (")[0] for label, layout in LAYOUTS.values()
                  if layout == puzzle.layout), None) if puzzle.layout is not None else None
    variant = variant_name(puzzle)
    what = named or f"{puzzle.rows}x{puzzle.cols} " + (variant + " " if variant else "") + puzzle.kind
    said = f"Opened a {what} ({format} format)."
    unchecked = unchecked_rules(puzzle)
    return said + " " + unchecked if unchecked else said


def link_size(format: str, characters: int) -> str:
    """The share box's note on the chosen link."""
    return f"{format}, {characters} characters."


def size_of(kib: int) -> str:
    return f"{kib // 1024} MiB" if kib >= 1024 and kib % 1024 == 0 else f"{kib} KiB"


def thousands(n: int) -> str:
    """1048576 -> "1,048,576" (MicroPython's format has no "," option)."""
    digits = str(n)
    groups: list[str] = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return ",".join(groups)


def too_long(length: int, bound: int) -> str:
    """A pasted text longer than every reader reads (`bound` characters)."""
    return (f"That text is too long to read: {thousands(length)} characters; the page "
            f"reads at most {thousands(bound)} ({size_of(bound // 1024)}).")


def could_not_keep(said: str) -> str:
    """The message line over the list of what an import could not keep."""
    return f"{said} It could not keep:"


def open_in(title: str) -> str:
    return f"Open in {title} (a new tab)"


def copy_the(title: str, what: str = "") -> str:
    """A copy button's words: the tool's link ("link"), or its text."""
    return f"Copy the {title} {what}" if what else f"Copy the {title}"


def tool_verdict(refused: str | None, lost: Sequence[str]) -> str:
    """Other tools: whether one holds this grid, and what it leaves out."""
    if refused is not None:
        return f"Cannot hold this grid: {refused}."
    if lost:
        return "Leaves out: " + "; ".join(lost) + "."
    return "Holds the whole grid."


def not_a_link(title: str) -> str:
    return f"Not a link to open: {title}"


def opened_in_tab(title: str) -> str:
    return f"Opened {title} in a new tab (the link is above)."


def copied(title: str, what: str) -> str:
    return f"Copied the {title} {what}."


def qr_note(characters: int) -> str:
    return f"The link above, {characters} characters: scan it to open this grid on a phone."


def making_puzzle_for(seconds: int, attempt: int | None = None) -> str:
    """While New puzzle works: the seconds so far and, past the first, which solved grid's
    dig it is on (a large grid's hard puzzle may take several)."""
    tries = f", try {attempt}" if attempt is not None and attempt > 1 else ""
    return f"{MAKING_PUZZLE} ({seconds} s so far{tries}; Cancel stops it)"
