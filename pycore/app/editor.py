"""The editing model behind the page: modes (tools), cursor and selection, keys, two-digit
entry, undo and redo, and the setter's tools (`set_cage`, `set_line`, ...: what each makes
is `pycore.app.setting`'s).

It knows nothing of the DOM, so CPython tests drive it exactly as the page does:
the page maps a DOM event to one call here (`key`, `click`, `digit`, `erase`,
...) and then renders `editor.puzzle`. Every change makes a new immutable
`Puzzle`; the undo and redo stacks simply hold earlier puzzles.
"""

from __future__ import annotations

from ..model import BLACK, EMPTY, PALETTE, Cell, Puzzle, black, candidates, given
from ..variants import RULE_KINDS, Cage, Clue
from .crossings import SETTING, SOLVING
from .setting import (
    CLUE_TOOLS,
    REGIONS_SET,
    Refused,
    cage_total,
    clue_value,
    cycle_dot,
    draw_line,
    outside_clue,
    paint_region,
    region_draft,
    region_report,
    toggle_cage,
    toggle_extra,
    toggle_mark,
    toggle_rule,
    with_regions,
)

__all__ = ["DISMISS", "FULL", "HINT", "MODES", "SOLVED", "Editor", "command", "finish", "is_full",
           "keep_notes", "start_mode", "tidy_marks"]

# the two a page opens in cross to early.js, which shows one before Python starts (crossings)
GIVEN, VALUE, CANDIDATES, BLACK_MODE = SETTING, SOLVING, "candidates", "black"
CORNER, COLOUR = "corner", "colour"
MODES = (GIVEN, VALUE, CORNER, CANDIDATES, COLOUR, BLACK_MODE)
# The player's tools are SudokuPad's: Digit, Corner, Centre (the centre marks are the
# candidates), Colour (their labels: messages.MODE_LABELS).
# A letter picks a mode directly (Z, X, C, V as in SudokuPad); "m" steps to the next one.
MODE_KEYS = {"g": GIVEN, "z": VALUE, "s": VALUE, "x": CORNER, "c": CANDIDATES, "p": CANDIDATES,
             "v": COLOUR, "b": BLACK_MODE}
MODE_CYCLE_KEY = "m"
MARK_MODES = (CORNER, CANDIDATES, COLOUR)  # a digit toggles a mark or colour in these
SETTING_MODES = (GIVEN, BLACK_MODE)  # the modes that change the puzzle itself
DIGIT_CODES = ("Digit", "Numpad")  # KeyboardEvent.code prefixes of the digit keys
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
ERASE_KEYS = ("Backspace", "Delete")
ESCAPE_KEY = "Escape"  # the selection shrinks to the cursor's cell; a shown hint goes
# What a key asks of the page itself rather than of the grid (`command`): Hint is the
# heavy worker's, and a shown hint is the page's to take away. SudokuPad has no Hint key:
# H is free of its mode letters (Z X C V, and our G B M S P) and of the digits.
HINT, DISMISS = "hint", "dismiss"
COMMAND_KEYS = {"h": HINT}
MAX_HISTORY = 1000  # undo steps kept; older ones are dropped


def start_mode(puzzle: Puzzle) -> str:
    """The mode a puzzle opens in: solving when it has givens, digits or pencil marks
    (someone was playing it) or clues drawn on it (a killer's cages, a thermometer: a
    killer needs no givens), setting givens when it is blank or has only black cells
    (a str8ts being drawn), jigsaw regions or rules that name no cells (diagonals,
    anti-knight: a grid still being set)."""
    if any(c.kind in ("given", "candidates") or c.digit for c in puzzle.cells):
        return VALUE
    return VALUE if any(item.kind not in RULE_KINDS for item in puzzle.constraints) else GIVEN


# What `finish` says of a change that filled a grid's last open cell.
SOLVED, FULL = "solved", "full"


def is_full(p: Puzzle) -> bool:
    """No cell a solution fills is open (empty or pencilled)."""
    return not any(c.kind in ("empty", "candidates") for c in p.cells)


def finish(before: Puzzle, after: Puzzle) -> str:
    """The moment a change fills the grid: SOLVED when it filled the last open cell and the
    grid is a solution, FULL when it filled it but something is wrong, "" otherwise (cells
    still open, the grid was full already, or it holds no digit of the player's: a setter's
    givens). Exact without a solver: a full grid with no clash in any house (and, in a
    str8ts, a straight in every compartment) is a solution of the puzzle whose givens it
    keeps (`Puzzle.is_solved`), so the page says it at the keystroke itself."""
    if after is before or not is_full(after) or is_full(before):
        return ""
    if not any(c.kind == "value" for c in after.cells):
        return ""
    return SOLVED if after.is_solved else FULL


def keep_notes(before: Puzzle, after: Puzzle) -> Puzzle:
    """`after` (a solver's answer: a solution, an applied hint) with the player's colours
    and corner marks and the setter's words of `before` where it has none: the solver
    reads the centre marks and digits only, and what it writes holds no notes."""
    if not before.has_notes or before.cells is after.cells or len(before.cells) != len(after.cells):
        return after
    changes = {}
    for i, (old, new) in enumerate(zip(before.cells, after.cells)):  # noqa: B905  # MicroPython
        if (old.colours or old.corner) and not (new.colours or new.corner) and new.kind != "outside":
            kept = new.with_colours(old.colours)
            if kept.kind in ("empty", "candidates"):
                kept = kept.with_corner(old.corner)
            changes[i] = kept
    kept_puzzle = after.with_cells(changes) if changes else after
    if not (after.title or after.author or after.rules):
        kept_puzzle = kept_puzzle.with_info(before.title, before.author, before.rules)
    return kept_puzzle


def tidy_marks(p: Puzzle, placed: list[tuple[int, int]]) -> Puzzle:
    """`p` with each placed (cell, digit) taken out of the centre and corner marks of the
    cells that see that cell (its row, column and box, as `Geometry.peers` says): what an
    applied hint does always, and a player's digit when the setting asks for it
    (`Editor.tidy`, SudokuPad's "remove marks when placing a digit")."""
    cells = p.cells
    changes: dict[int, Cell] = {}
    for i, d in placed:
        for j in p.geometry.peers_of(i):
            cell = changes.get(j, cells[j])
            if cell.kind not in ("empty", "candidates") or not (d in cell.candidates or d in cell.corner):
                continue
            changes[j] = candidates(cell.candidates - {d}).with_corner(cell.corner - {d}) \
                .with_colours(cell.colours)
    return p.with_cells(changes) if changes else p


def _toggled(cell: Cell, mode: str, d: int, on: bool) -> Cell:
    """The cell with mark (or colour) d set when `on`, else cleared, in a mark mode; a cell
    with a digit takes colours only (as in SudokuPad, a mark typed into it is ignored: the
    marks under a player's digit are the ones it had when the digit came)."""
    if mode == COLOUR:
        return cell.with_colours(cell.colours | {d} if on else cell.colours - {d})
    if cell.kind not in ("empty", "candidates"):
        return cell
    if mode == CORNER:
        return cell.with_corner(cell.corner | {d} if on else cell.corner - {d})
    marks = cell.candidates | {d} if on else cell.candidates - {d}
    return candidates(marks).with_corner(cell.corner).with_colours(cell.colours)


def _has(cell: Cell, mode: str, d: int) -> bool:
    if mode == COLOUR:
        return d in cell.colours
    return d in (cell.corner if mode == CORNER else cell.candidates)


def command(key: str, *, ctrl: bool = False, alt: bool = False) -> str:
    """What a key asks of the page beyond the editor: HINT (H, as the Hint button: a
    second press applies the step shown), DISMISS (Escape: a shown hint goes, besides
    what `Editor.key` does with it), or "" for none. With Ctrl or Alt a letter is the
    browser's (Ctrl+H is its history)."""
    if ctrl or alt:
        return ""
    if key == ESCAPE_KEY:
        return DISMISS
    return COMMAND_KEYS.get(key.lower(), "") if len(key) == 1 else ""


def _digit_of(key: str, code: str) -> int:
    """The digit a key stands for (0-9; -1 for none): its character, or under Shift (which
    makes `key` a symbol on most layouts) its `code`, Digit1 or Numpad1."""
    if len(key) == 1 and key.isdigit():
        return int(key)
    for prefix in DIGIT_CODES:
        if code.startswith(prefix) and len(code) == len(prefix) + 1 and code[-1].isdigit():
            return int(code[-1])
    return -1


class _Pending:
    """The first digit of a possible two-digit entry, and the state before it."""

    __slots__ = ("before", "digit", "index", "pushed")

    def __init__(self, index: int, digit: int, before: Puzzle, pushed: bool) -> None:
        self.index = index
        self.digit = digit
        self.before = before
        self.pushed = pushed


class Editor:
    """One puzzle being edited: the cursor, the mode, and the history of changes."""

    def __init__(self, puzzle: Puzzle, mode: str = VALUE) -> None:
        self.puzzle = puzzle
        self.mode = GIVEN
        self.cursor = 0
        self.selected: set[int] = set()  # besides the cursor: the cells a change applies to
        # the selected cells in the order they joined it (a drag's path: the Line tool's)
        self.trail: list[int] = []
        # the cage or outside clue a tool just made: the digits typed next are its number
        # (`type_number`), `typed` so far
        self.numbered: Cage | Clue | None = None
        self.typed = ""
        # jigsaw regions being painted (`set_region`): each cell's region, or -1 for none yet;
        # they become the puzzle's once they cut the grid right. Each paint is undone alone.
        self.draft: list[int] | None = None
        self._drafts: list[list[int] | None] = []
        self._undo: list[Puzzle] = []
        self._redo: list[Puzzle] = []
        self._pending: _Pending | None = None
        # An opened puzzle (a link, New puzzle, a saved game) keeps its givens from the
        # player: M cycles the solving modes only, and a setting mode asked for (G, B, their
        # buttons) is held in `asked` until the player says yes (`unlock`, or the same key
        # again). A blank grid being set is not guarded.
        self.guarded = self.opened = False
        self.asked = ""
        # SudokuPad's setting "remove marks when placing a digit" (off, as there): a digit
        # the player enters takes itself out of the marks of the cells that see it, in the
        # same step (`tidy_marks`; an applied hint always does)
        self.tidy = False
        self.load(puzzle, mode)

    # -- state ---------------------------------------------------------------

    def load(self, puzzle: Puzzle, mode: str | None = None) -> None:
        """Start over on another puzzle: history cleared, cursor on its first cell."""
        self.puzzle = puzzle
        self._undo.clear()
        self._redo.clear()
        self._pending = None
        self.draft, self._drafts = None, []
        self.cursor = -1
        self._settle()
        self.guarded, self.asked = False, ""
        self.set_mode(mode or self.mode)
        self.opened = self.guarded = self.mode not in SETTING_MODES and any(
            c.kind in ("given", "black") for c in puzzle.cells)

    def _settle(self) -> None:
        """After a whole-state change: keep the cursor on a cell and the mode on one offered."""
        cells = self.puzzle.cells
        if not 0 <= self.cursor < len(cells) or cells[self.cursor].kind == "outside":
            self.cursor = next((i for i, c in enumerate(cells) if c.kind != "outside"), 0)
        self.selected = {i for i in self.selected if 0 <= i < len(cells)
                         and cells[i].kind != "outside"} | {self.cursor}
        self.trail = [i for i in self.trail if i in self.selected] or [self.cursor]
        self.numbered = None
        if self.mode not in self.modes:
            self.mode = VALUE

    @property
    def modes(self) -> tuple[str, ...]:
        """Black cells are a str8ts thing; a sudoku offers the other modes."""
        return MODES if self.puzzle.kind == "str8ts" else MODES[:-1]

    @property
    def targets(self) -> list[int]:
        """The cells a change applies to: every selected one, in order."""
        return sorted(self.selected) if len(self.selected) > 1 else [self.cursor]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) or bool(self._drafts)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def row_col(self) -> tuple[int, int]:
        return divmod(self.cursor, self.puzzle.cols)

    def set_mode(self, mode: str) -> bool:
        """Switch mode; a mode the puzzle does not offer falls back to solving. While the
        puzzle is guarded, a setting mode is only asked for (`asked`; the page asks the
        player), and asking for it a second time in a row is the player's yes. Leaving a
        setting mode for a solving one guards an opened puzzle again."""
        self._pending = None
        self.numbered = None
        new = mode if mode in self.modes else VALUE
        if self.guarded and new in SETTING_MODES and new != self.mode:
            if self.asked != new:
                self.asked = new
                return False
            self.guarded = False
        self.asked = ""
        changed = new != self.mode
        if changed and self.mode in SETTING_MODES and new not in SETTING_MODES:
            self.guarded = self.opened
        self.mode = new
        return changed

    def unlock(self) -> bool:
        """The player's yes to the setting mode asked for: the givens may change (each
        change one undoable step) until a solving mode is picked again."""
        asked = self.asked
        if not asked:
            return False
        self.guarded = False
        return self.set_mode(asked)

    def keep_solving(self) -> None:
        """The player's no: the mode stays, the question goes."""
        self.asked = ""

    @property
    def cycle(self) -> tuple[str, ...]:
        """The modes M steps through: only the solving ones while the puzzle is guarded."""
        if not self.guarded:
            return self.modes
        return tuple(m for m in self.modes if m not in SETTING_MODES)

    def next_mode(self) -> None:
        modes = self.cycle
        at = modes.index(self.mode) if self.mode in modes else -1
        self.set_mode(modes[(at + 1) % len(modes)])

    def _commit(self, puzzle: Puzzle) -> bool:
        if puzzle == self.puzzle:
            return False
        self._undo.append(self.puzzle)
        del self._undo[:-MAX_HISTORY]
        self._redo.clear()
        self.puzzle = puzzle
        return True

    def undo(self) -> bool:
        self._pending = None
        if self._drafts:  # a region painted: the paint before it
            self.draft = self._drafts.pop()
            return True
        if not self._undo:
            return False
        self._redo.append(self.puzzle)
        self.puzzle = self._undo.pop()
        self._settle()
        return True

    def redo(self) -> bool:
        self._pending = None
        if not self._redo:
            return False
        self._undo.append(self.puzzle)
        self.puzzle = self._redo.pop()
        self._settle()
        return True

    # -- cursor --------------------------------------------------------------

    def select(self, index: int, extend: bool = False) -> bool:
        """Put the cursor on a cell (outside cells cannot hold it); the selection becomes that
        cell, or with `extend` (Shift or Ctrl on a click, a drag) takes it in as well."""
        if not 0 <= index < len(self.puzzle.cells) or self.puzzle.cells[index].kind == "outside":
            return False
        if index != self.cursor or extend:
            self._pending = None
            self.numbered = None
        self.cursor = index
        self._join(index, extend)
        return True

    def _join(self, index: int, extend: bool) -> None:
        """The cursor's cell joins the selection (`extend`) or becomes it."""
        if extend:
            self.selected.add(index)
            if index not in self.trail:
                self.trail.append(index)
        else:
            self.selected = {index}
            self.trail = [index]

    def deselect(self, index: int) -> bool:
        """Take a cell out of the selection (Ctrl- or Cmd-click on a selected cell, as in
        SudokuPad). The model always keeps a cursor, so the last selected cell stays; when
        the cursor's own cell goes, the cursor moves to the nearest cell still selected."""
        if index not in self.selected or len(self.selected) < 2:
            return False
        self._pending = None
        self.selected.discard(index)
        self.trail = [i for i in self.trail if i != index]
        if index == self.cursor:
            cols = self.puzzle.cols
            row, col = divmod(index, cols)
            self.cursor = min(self.selected, key=lambda i: (
                abs(i // cols - row) + abs(i % cols - col), i))
        return True

    def collapse(self) -> bool:
        """Escape: the selection shrinks to the cursor's cell (SudokuPad deselects every
        cell; ours always keeps the cursor), and a question asked goes unanswered (no)."""
        self._pending = None
        self.asked = ""
        self.numbered = None
        changed = self.selected != {self.cursor}
        self.selected = {self.cursor}
        self.trail = [self.cursor]
        return changed

    def move(self, drow: int, dcol: int, extend: bool = False) -> bool:
        """Step the cursor, jumping over outside cells; at the edge it stays. With `extend`
        (Shift or Ctrl on an arrow, as in SudokuPad) the cell it reaches joins the selection
        instead of becoming it."""
        self._pending = None
        rows, cols = self.puzzle.rows, self.puzzle.cols
        row, col = self.row_col
        while True:
            row, col = row + drow, col + dcol
            if not (0 <= row < rows and 0 <= col < cols):
                return False
            if self.puzzle.cell(row, col).kind != "outside":
                self.cursor = row * cols + col
                self.numbered = None
                self._join(self.cursor, extend)
                return True

    # -- edits ---------------------------------------------------------------

    def _written(self, cell: Cell, digit: int, mode: str = "") -> Cell:
        """What a digit typed in a mode (the current one unless said) makes of a cell:
        its colours stay with it; a player's digit keeps the cell's marks under it (they
        show again when it goes), a given or black cell holds none."""
        mode = mode or self.mode
        if cell.kind == "outside":
            return cell
        if mode in MARK_MODES:
            return _toggled(cell, mode, digit, not _has(cell, mode, digit))
        if mode == GIVEN:
            made = black(digit) if cell.is_black else given(digit)
        elif mode == BLACK_MODE:
            made = black(digit)
        elif cell.kind in ("given", "black"):
            return cell  # the puzzle's own cells are locked while solving
        else:
            return cell.under("value", digit)
        return made.with_colours(cell.colours)

    def _tidied(self, before: Puzzle, after: Puzzle, targets: list[int]) -> Puzzle:
        """`after` with the digits the player placed in `targets` taken out of the marks
        of the cells that see them, when the setting asks for it (`tidy`)."""
        if not self.tidy:
            return after
        placed = [(i, after.cells[i].digit) for i in targets
                  if after.cells[i].kind == "value" and after.cells[i] != before.cells[i]]
        return tidy_marks(after, placed) if placed else after

    def _apply(self, digit: int, mode: str = "") -> Puzzle:
        """The puzzle with a digit typed in every target cell. In a mark mode the mark is
        set in all of them, or cleared from all when each one that can hold it has it."""
        mode = mode or self.mode
        p = self.puzzle
        targets = self.targets
        if mode not in MARK_MODES or len(targets) == 1:
            return self._tidied(p, p.with_cells({i: self._written(p.cells[i], digit, mode)
                                                 for i in targets}), targets)
        able = [i for i in targets if _toggled(p.cells[i], mode, digit, True) != p.cells[i]
                or _has(p.cells[i], mode, digit)]
        on = not all(_has(p.cells[i], mode, digit) for i in able)
        return p.with_cells({i: _toggled(p.cells[i], mode, digit, on) for i in able})

    def _top(self, mode: str) -> int:
        """The largest digit a mode takes: a colour is one of the palette's."""
        return PALETTE if mode == COLOUR else self.puzzle.size

    def digit(self, d: int, mode: str = "") -> bool:
        """Type one digit key (0-9) at the cursor, in a mode (the current one unless said:
        Shift or Ctrl on the key write a corner or a centre mark).

        From 10 digits up, a digit that can start a two-digit number is entered
        at once and remembered: the next digit on the same cell turns the two into
        one number (1 then 6 is 16), replacing the first as a single undo step.
        Several cells selected take the digit at once (no two-digit entry).
        """
        mode = mode or self.mode
        if self.numbered is not None and mode == GIVEN:
            return self.type_number(d)
        n = self._top(mode)
        i = self.cursor
        pending = self._pending
        self._pending = None
        if len(self.targets) > 1 or mode != self.mode:
            return 1 <= d <= n and self._commit(self._apply(d, mode))
        if pending is not None and pending.index == i and 1 <= pending.digit * 10 + d <= n:
            number = pending.digit * 10 + d
            before = pending.before
            cell = self._written(before.cells[i], number)
            if cell == before.cells[i]:  # the number was already there: back to before
                if pending.pushed:
                    self._undo.pop()
                changed = self.puzzle != before
                self.puzzle = before
                return changed
            if not pending.pushed:
                self._undo.append(before)
                self._redo.clear()
            self.puzzle = self._tidied(before, before.with_cell(i, cell), [i])
            return True
        if not 1 <= d <= n:
            return False
        before = self.puzzle
        pushed = self._commit(self._apply(d))
        if d * 10 <= n:
            self._pending = _Pending(i, d, before, pushed)
        return pushed

    def enter(self, number: int) -> bool:
        """Enter a whole number at once (the on-screen digit pad), as one step."""
        self._pending = None
        if self.numbered is not None and self.mode == GIVEN:
            return self.type_number(number)
        if not 1 <= number <= self._top(self.mode):
            return False
        return self._commit(self._apply(number))

    def _erased(self, cell: Cell) -> Cell:
        """What Backspace/Delete leaves of a cell in the current mode: each mode clears
        what it writes (Digit a value, and the marks once no value hides them; Givens a
        given; a mark mode its marks, not those hidden under a digit)."""
        mode = self.mode
        if cell.kind == "outside":
            return cell
        if mode == COLOUR:
            return cell.with_colours(())
        if mode == CORNER:
            return cell.with_corner(()) if cell.kind in ("empty", "candidates") else cell
        if mode == CANDIDATES:
            return EMPTY.with_corner(cell.corner).with_colours(cell.colours) \
                if cell.kind == "candidates" else cell
        if mode == GIVEN:
            new = BLACK if cell.is_black and cell.digit else EMPTY
        elif mode == BLACK_MODE:
            if not cell.is_black:
                return cell
            new = BLACK if cell.digit else EMPTY
        elif cell.kind == "value":
            return cell.uncovered  # the marks it hid show again
        elif cell.kind == "candidates" or cell.corner:
            new = EMPTY
        else:
            return cell
        return new.with_colours(cell.colours)

    def erase(self) -> bool:
        """Backspace/Delete: clear what the current mode may change, in every target cell."""
        self._pending = None
        if self.numbered is not None and self.mode == GIVEN:
            return self._numbered(None, "")
        p = self.puzzle
        return self._commit(p.with_cells({i: self._erased(p.cells[i]) for i in self.targets}))

    def set_words(self, title: str, author: str, rules: str) -> bool:
        """The puzzle's title, author and rules (Givens mode: the setter's), one step."""
        self._pending = None
        return self._commit(self.puzzle.with_info(title, author, rules))

    def toggle_black(self) -> bool:
        """Make the cursor's cell black, or white again (str8ts only)."""
        self._pending = None
        if self.puzzle.kind != "str8ts":
            return False
        i = self.cursor
        cell = self.puzzle.cells[i]
        return self._commit(self.puzzle.with_cell(i, EMPTY if cell.is_black else BLACK))

    def fill_candidates(self) -> bool:
        """Pencil in, for every open cell, each digit no digit in its houses rules out."""
        self._pending = None
        p = self.puzzle
        changes = {
            i: candidates(p.open_digits(i)).with_corner(cell.corner).with_colours(cell.colours)
            for i, cell in enumerate(p.cells)
            if cell.kind in ("empty", "candidates")
        }
        return self._commit(p.with_cells(changes))

    def clear_entries(self) -> bool:
        """Remove the player's values, marks and colours, keeping the puzzle itself."""
        self._pending = None
        p = self.puzzle.unplayed
        return self._commit(p.with_cells({i: c.bare for i, c in enumerate(p.cells)
                                          if c.corner or c.colours}))

    def replace(self, puzzle: Puzzle) -> bool:
        """Put a whole new state (another shape, an opened link, a solution) as one undoable step."""
        self._pending = None
        changed = self._commit(puzzle)
        self._settle()
        return changed

    # -- setting tools (Givens mode: pycore.app.setting) ---------------------

    def _set(self, made: Puzzle) -> bool:
        self._pending = None
        self.numbered = None
        return self._commit(made)

    def set_cage(self) -> str:
        """The Cage tool on the selection: a new cage (its sum typed next, as digits on the
        pad or keys: `type_number`), or, on one cell of a cage, that cage taken away.
        Returns the words of a refusal, or ""."""
        try:
            made, cage = toggle_cage(self.puzzle, self.targets)
        except Refused as err:
            return str(err)
        self._set(made)
        self.numbered, self.typed = cage, ""
        return ""

    def type_number(self, d: int) -> bool:
        """A digit typed right after a cage or an outside clue was made: its number grows by
        that digit (1 then 7 is 17), amending the element's own step (one Undo takes it and
        its number away); a digit that would make a number larger than its cells can reach
        starts anew."""
        item = self.numbered
        if item is None or d < 0:
            return False
        size, n = self.puzzle.size, len(item.cells)
        most = sum(range(size - n + 1, size + 1)) if isinstance(item, Cage) else size * n
        text = self.typed + str(d)
        if int(text) > most:
            text = str(d)
        return self._numbered(int(text), text)

    def _numbered(self, number: int | None, text: str) -> bool:
        """The element being numbered with `number` (None, or 0 for a cage: no sum)."""
        item = self.numbered
        try:
            if isinstance(item, Cage):
                made, self.numbered = cage_total(self.puzzle, item, number or None)
            elif isinstance(item, Clue):
                made, self.numbered = clue_value(self.puzzle, item, number or 0)
            else:
                return False
        except Refused:
            self.numbered = None
            return False
        self.typed = text
        changed = made != self.puzzle
        self.puzzle = made  # the element's own step, amended
        self._redo.clear()
        return changed

    def set_line(self, kind: str) -> str:
        """The Line tool: the selection's path, in the order it was dragged, becomes a line
        of `kind` (one cell alone: the lines and arrows through it go)."""
        path = self.trail if len(self.selected) > 1 else [self.cursor]
        try:
            if kind in CLUE_TOOLS:  # a clue outside the grid, its number typed next
                made, clue = outside_clue(self.puzzle, kind, path)
                self._set(made)
                self.numbered, self.typed = clue, ""
            else:
                self._set(draw_line(self.puzzle, kind, path))
        except Refused as err:
            return str(err)
        return ""

    def set_dot(self) -> str:
        """The Dot tool on two selected neighbours: the mark between them cycles."""
        try:
            self._set(cycle_dot(self.puzzle, self.targets)[0])
        except Refused as err:
            return str(err)
        return ""

    def set_region(self) -> str:
        """The Region tool: the selected cells become one jigsaw region of the draft. While
        the regions do not cut the grid right the draft says what is wrong (shown, never
        refused); once they do, they are the puzzle's, one undoable step."""
        p = self.puzzle
        self._pending = None
        self.numbered = None
        draft = self.draft if self.draft is not None else region_draft(p)
        painted = paint_region(draft, self.targets, p.size)
        self._drafts.append(self.draft)
        self.draft = painted
        words = region_report(painted, p.size, p.cols)
        if words:
            return words
        try:
            made = with_regions(p, painted)
        except Refused as err:
            return str(err)
        self.draft, self._drafts = None, []
        self._commit(made)
        return REGIONS_SET

    def set_extra(self) -> str:
        """The Extra tool: the selection becomes an extra region (one cell of one: it goes)."""
        try:
            self._set(toggle_extra(self.puzzle, self.targets))
        except Refused as err:
            return str(err)
        return ""

    def set_rule(self, kind: str, on: bool) -> str:
        """A whole-grid rule (a checkbox) switched on or off."""
        try:
            self._set(toggle_rule(self.puzzle, kind, on))
        except Refused as err:
            return str(err)
        return ""

    def set_mark(self, kind: str) -> str:
        """Odd or even on the selected cells (off again when all have it)."""
        try:
            self._set(toggle_mark(self.puzzle, kind, self.targets))
        except Refused as err:
            return str(err)
        return ""

    # -- events --------------------------------------------------------------

    def click(self, index: int, extend: bool = False, toggle: bool = False) -> bool:
        """A pointer on a cell: select it (with `extend`, Shift: add it to the selection;
        with `toggle`, Ctrl or Cmd: add it, or take it out when it is selected already, as
        SudokuPad does); in black mode a plain click also flips its colour."""
        if toggle and not extend and index in self.selected and len(self.selected) > 1:
            return self.deselect(index)
        extend = extend or toggle
        if not self.select(index, extend):
            return False
        if self.mode == BLACK_MODE and not extend:
            self.toggle_black()
        return True

    def key(self, key: str, *, ctrl: bool = False, shift: bool = False, alt: bool = False,
            code: str = "") -> bool:
        """Apply a DOM `KeyboardEvent.key` (and its `code`); True when the key was ours (the
        page then prevents the browser's default). A digit key with Shift writes a corner
        mark, with Ctrl a centre mark, whatever the mode (SudokuPad's keys; `code` tells the
        digit under Shift). An arrow with Shift or Ctrl extends the selection; Escape shrinks
        it to the cursor's cell. Keys with Alt, and Ctrl keys other than undo/redo, the
        digits and the arrows, are left to the browser; so is H, whose Hint is the page's
        (`command`)."""
        if alt:
            return False
        lower = key.lower()
        if self.asked and (len(key) == 1 or key in MOVES or key in ERASE_KEYS) \
                and (ctrl or lower not in MODE_KEYS):
            self.asked = ""  # any other key: the player keeps solving
        typed = _digit_of(key, code)
        if typed >= 0 and (shift or ctrl) and self.mode not in (GIVEN, BLACK_MODE):
            self.digit(typed, CANDIDATES if ctrl else CORNER)
            return True
        if key in MOVES:
            self.move(*MOVES[key], extend=shift or ctrl)
            return True
        if key == ESCAPE_KEY:
            self.collapse()
            return True
        if ctrl:
            lower = key.lower()
            if lower == "z":
                return self.redo() if shift else self.undo()
            if lower == "y":
                return self.redo()
            return False
        if len(key) == 1 and key.isdigit():
            self.digit(int(key))
            return True
        if key in ERASE_KEYS:
            self.erase()
            return True
        if key == " " and self.mode == BLACK_MODE:
            self.toggle_black()
            return True
        lower = key.lower()
        if lower == MODE_CYCLE_KEY:
            self.next_mode()
            return True
        if lower in MODE_KEYS and MODE_KEYS[lower] in self.modes:
            self.set_mode(MODE_KEYS[lower])
            return True
        return False
