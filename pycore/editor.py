"""The editing model behind the page: modes, cursor, keys, two-digit entry, undo and redo.

It knows nothing of the DOM, so CPython tests drive it exactly as the page does:
the page maps a DOM event to one call here (`key`, `click`, `digit`, `erase`,
...) and then renders `editor.puzzle`. Every change makes a new immutable
`Puzzle`; the undo and redo stacks simply hold earlier puzzles.
"""

from __future__ import annotations

from .model import BLACK, EMPTY, Cell, Puzzle, black, candidates, given, value

__all__ = ["MODES", "Editor", "describe", "start_mode"]

GIVEN, VALUE, CANDIDATES, BLACK_MODE = "given", "value", "candidates", "black"
MODES = (GIVEN, VALUE, CANDIDATES, BLACK_MODE)
MODE_LABELS = {GIVEN: "Givens", VALUE: "Solve", CANDIDATES: "Pencil marks", BLACK_MODE: "Black cells"}
# A letter picks a mode directly; "m" steps to the next one.
MODE_KEYS = {"g": GIVEN, "v": VALUE, "s": VALUE, "p": CANDIDATES, "c": CANDIDATES, "b": BLACK_MODE}
MODE_CYCLE_KEY = "m"
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
ERASE_KEYS = ("Backspace", "Delete")
MAX_HISTORY = 1000  # undo steps kept; older ones are dropped


def start_mode(puzzle: Puzzle) -> str:
    """The mode a puzzle opens in: solving when it has givens, digits or pencil marks
    (someone was playing it), setting givens when it is blank or has only black cells
    (a str8ts being drawn)."""
    return VALUE if any(c.kind in ("given", "candidates") or c.digit for c in puzzle.cells) else GIVEN


def describe(cell: Cell) -> str:
    """A cell's content in words, for screen readers (the page adds row and column)."""
    if cell.kind == "candidates":
        return "pencil marks " + " ".join(str(d) for d in sorted(cell.candidates))
    if cell.kind in ("given", "value"):
        return f"{cell.kind} {cell.digit}"
    if cell.kind == "black":
        return f"black, given {cell.digit}" if cell.digit else "black"
    return cell.kind


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
        self._undo: list[Puzzle] = []
        self._redo: list[Puzzle] = []
        self._pending: _Pending | None = None
        self.load(puzzle, mode)

    # -- state ---------------------------------------------------------------

    def load(self, puzzle: Puzzle, mode: str | None = None) -> None:
        """Start over on another puzzle: history cleared, cursor on its first cell."""
        self.puzzle = puzzle
        self._undo.clear()
        self._redo.clear()
        self._pending = None
        self.cursor = -1
        self._settle()
        self.set_mode(mode or self.mode)

    def _settle(self) -> None:
        """After a whole-state change: keep the cursor on a cell and the mode on one offered."""
        cells = self.puzzle.cells
        if not 0 <= self.cursor < len(cells) or cells[self.cursor].kind == "outside":
            self.cursor = next((i for i, c in enumerate(cells) if c.kind != "outside"), 0)
        if self.mode not in self.modes:
            self.mode = VALUE

    @property
    def modes(self) -> tuple[str, ...]:
        """Black cells are a str8ts thing; a sudoku offers the other three modes."""
        return MODES if self.puzzle.kind == "str8ts" else MODES[:3]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def row_col(self) -> tuple[int, int]:
        return divmod(self.cursor, self.puzzle.cols)

    def set_mode(self, mode: str) -> bool:
        """Switch mode; a mode the puzzle does not offer falls back to solving."""
        self._pending = None
        new = mode if mode in self.modes else VALUE
        changed = new != self.mode
        self.mode = new
        return changed

    def next_mode(self) -> None:
        modes = self.modes
        self.set_mode(modes[(modes.index(self.mode) + 1) % len(modes)])

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

    def select(self, index: int) -> bool:
        """Put the cursor on a cell (outside cells cannot hold it)."""
        if not 0 <= index < len(self.puzzle.cells) or self.puzzle.cells[index].kind == "outside":
            return False
        if index != self.cursor:
            self._pending = None
        self.cursor = index
        return True

    def move(self, drow: int, dcol: int) -> bool:
        """Step the cursor, jumping over outside cells; at the edge it stays."""
        self._pending = None
        rows, cols = self.puzzle.rows, self.puzzle.cols
        row, col = self.row_col
        while True:
            row, col = row + drow, col + dcol
            if not (0 <= row < rows and 0 <= col < cols):
                return False
            if self.puzzle.cell(row, col).kind != "outside":
                self.cursor = row * cols + col
                return True

    # -- edits ---------------------------------------------------------------

    def _written(self, cell: Cell, digit: int) -> Cell:
        """What a digit typed in the current mode makes of a cell."""
        mode = self.mode
        if cell.kind == "outside":
            return cell
        if mode == GIVEN:
            return black(digit) if cell.is_black else given(digit)
        if mode == BLACK_MODE:
            return black(digit)
        if cell.kind in ("given", "black"):
            return cell  # the puzzle's own cells are locked while solving
        if mode == VALUE:
            return value(digit)
        marks = cell.candidates if cell.kind == "candidates" else frozenset()
        return candidates(marks ^ {digit})

    def digit(self, d: int) -> bool:
        """Type one digit key (0-9) at the cursor.

        From 10 digits up, a digit that can start a two-digit number is entered
        at once and remembered: the next digit on the same cell turns the two into
        one number (1 then 6 is 16), replacing the first as a single undo step.
        """
        n = self.puzzle.size
        i = self.cursor
        pending = self._pending
        self._pending = None
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
            self.puzzle = before.with_cell(i, cell)
            return True
        if not 1 <= d <= n:
            return False
        before = self.puzzle
        pushed = self._commit(before.with_cell(i, self._written(before.cells[i], d)))
        if d * 10 <= n:
            self._pending = _Pending(i, d, before, pushed)
        return pushed

    def enter(self, number: int) -> bool:
        """Enter a whole number at once (the on-screen digit pad), as one step."""
        self._pending = None
        if not 1 <= number <= self.puzzle.size:
            return False
        i = self.cursor
        return self._commit(self.puzzle.with_cell(i, self._written(self.puzzle.cells[i], number)))

    def erase(self) -> bool:
        """Backspace/Delete: clear what the current mode may change."""
        self._pending = None
        i = self.cursor
        cell = self.puzzle.cells[i]
        if cell.kind in ("outside", "empty"):
            return False
        if self.mode == GIVEN:
            new = BLACK if cell.is_black and cell.digit else EMPTY
        elif self.mode == BLACK_MODE:
            if not cell.is_black:
                return False
            new = BLACK if cell.digit else EMPTY
        elif cell.kind in ("value", "candidates"):
            new = EMPTY
        else:
            return False
        return self._commit(self.puzzle.with_cell(i, new))

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
            i: candidates(p.open_digits(i))
            for i, cell in enumerate(p.cells)
            if cell.kind in ("empty", "candidates")
        }
        return self._commit(p.with_cells(changes))

    def clear_entries(self) -> bool:
        """Remove the player's values and pencil marks, keeping the puzzle itself."""
        self._pending = None
        p = self.puzzle
        changes = {i: EMPTY for i, c in enumerate(p.cells) if c.kind in ("value", "candidates")}
        return self._commit(p.with_cells(changes))

    def replace(self, puzzle: Puzzle) -> bool:
        """Put a whole new state (another shape, an opened link, a solution) as one undoable step."""
        self._pending = None
        changed = self._commit(puzzle)
        self._settle()
        return changed

    # -- events --------------------------------------------------------------

    def click(self, index: int) -> bool:
        """A pointer on a cell: select it; in black mode also flip its colour."""
        if not self.select(index):
            return False
        if self.mode == BLACK_MODE:
            self.toggle_black()
        return True

    def key(self, key: str, *, ctrl: bool = False, shift: bool = False, alt: bool = False) -> bool:
        """Apply a DOM `KeyboardEvent.key`; True when the key was ours (the page then
        prevents the browser's default). Keys with Alt, and Ctrl keys other than
        undo/redo, are left to the browser."""
        if alt:
            return False
        if ctrl:
            lower = key.lower()
            if lower == "z":
                return self.redo() if shift else self.undo()
            if lower == "y":
                return self.redo()
            return False
        if key in MOVES:
            self.move(*MOVES[key])
            return True
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
