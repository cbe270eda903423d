"""HoDoKu's texts: its pencil-mark grid, SimpleSudoku's grids and the one-line library format.

Facts from HoDoKu's `Sudoku2.setSudoku`/`getSudoku` (9x9 only):
- PM grid: borders `.---.---.---.`, `:---+---+---:`, `'---'---'---'`; each cell is
  its candidates as a digit string, or one digit for a placed cell. Cells are read
  in order: a single digit is placed (as a given) unless an unplaced peer still lists
  it (then it is a naked single), and a placed digit leaves its peers' marks. Marks
  HoDoKu adds to show a step (`*`, `#`, `-`, letters) are dropped, as HoDoKu does.
- SimpleSudoku: 2 grids (givens, pencil marks) or 3 (givens, placed cells, marks).
- Library: `:<technique>:<digits>:<81 cells, + before a placed non-given>:<deleted
  candidates as digit-row-col, space-separated>:<eliminations>:<placements>:<extra>`.
  A cell's candidates are the digits no peer has placed, minus the deleted ones.
"""

from __future__ import annotations

from ...errors import FormatError
from ...model import EMPTY, Cell, Puzzle, candidates, given, value
from ._common import Imported, check_length
from .plain import grid_lines

NAME = "hodoku"
LOOKS_FOR = ("a HoDoKu pencil-mark grid, SimpleSudoku grids, or a library line "
             ":0000:x:<81 cells>:<deleted candidates>::")
_GEOMETRY = Puzzle.blank(size=9).geometry


def _library_fields(text: str) -> list[str] | None:
    line = text.strip()
    if "\n" in line or not line.startswith(":") or line.count(":") not in (6, 7):
        return None
    return line.split(":")


def _pm_tokens(text: str) -> list[list[str]]:
    """Each grid's 81 cell tokens (digits only), for texts of one or more 9-line grids."""
    lines = grid_lines(text)
    rows: list[list[str]] = []
    for line in lines:
        toks = []
        for tok in line.split():
            kept = "".join(ch for ch in tok if ch.isdigit() or ch == ".")
            if kept:
                toks.append(kept)
        if 0 < len(toks) < 9 and len("".join(toks)) == 9:  # SimpleSudoku's |8..|4..|...|
            toks = list("".join(toks))
        if toks:
            rows.append(toks)
    if len(rows) == 10 and len(rows[-1]) == 1:  # SimpleSudoku adds a one-liner: HoDoKu ignores it
        rows.pop()
    grids = []
    for start in range(0, len(rows) - len(rows) % 9, 9):
        grids.append([tok for row in rows[start:start + 9] for tok in row])
    return grids if rows and len(rows) % 9 == 0 else []


def claims(text: str) -> bool:
    if _library_fields(text) is not None:
        return True
    if len(text) > 16384 or text.strip().count("\n") < 8:
        return False
    grids = _pm_tokens(text)
    if not grids or any(len(g) != 81 for g in grids):
        return False
    return len(grids) > 1 or any(len(tok) > 1 for tok in grids[0])


def _placed_digits(cells: list[Cell]) -> list[set[int]]:
    """For each cell, the digits its peers hold."""
    return [{cells[j].digit for j in _GEOMETRY.peers[i] if cells[j].digit} for i in range(81)]


def _library(fields: list[str]) -> Imported:
    body = fields[3]
    cells: list[Cell] = []
    pos = 0
    placed = False
    for ch in body:
        pos += 1
        if ch == "+":
            placed = True
            continue
        if ch in ".0":
            cells.append(EMPTY)
        elif ch.isdigit():
            cells.append(value(int(ch)) if placed else given(int(ch)))
        else:
            raise FormatError(NAME, pos, "a digit, . or + in the cells field", found=repr(ch))
        placed = False
    if len(cells) != 81:
        raise FormatError(NAME, None, "81 cells in the library line's fourth field",
                          found=f"{len(cells)} cells")
    deleted: dict[int, set[int]] = {}
    for tok in fields[4].split():
        if len(tok) != 3 or not tok.isdigit() or "0" in tok:
            raise FormatError(NAME, None, "deleted candidates as digit-row-col, e.g. 512",
                              found=repr(tok[:10]))
        d, r, c = (int(ch) for ch in tok)
        deleted.setdefault((r - 1) * 9 + c - 1, set()).add(d)
    warnings = []
    if deleted:
        peers = _placed_digits(cells)
        cells = [
            candidates(set(range(1, 10)) - peers[i] - deleted.get(i, set()))
            if cell.kind == "empty" else cell
            for i, cell in enumerate(cells)
        ]
    technique, digits = fields[1], fields[2]
    step = [f for f in fields[5:] if f.strip()]
    if (technique, digits) != ("0000", "x") or step:
        warnings.append(f"the solving step the line describes (technique {technique}, "
                        f"digits {digits or '-'}) is not kept, only the grid")
    return Imported("hodoku library", Puzzle("sudoku", 9, tuple(cells)), tuple(warnings))


def _marks(tok: str) -> set[int]:
    if tok in (".", "0"):
        return set()
    return {int(ch) for ch in tok if ch in "123456789"}


def _pm_grid(grids: list[list[str]]) -> Imported:
    marks = [_marks(tok) for tok in grids[-1]]
    if len(grids) == 1:
        set_digit = [0] * 81
        for i, m in enumerate(marks):  # HoDoKu's order: each set digit leaves its peers' marks
            if len(m) == 1:
                (d,) = m
                peers = _GEOMETRY.peers[i]
                if not any(not set_digit[j] and d in marks[j] for j in peers):
                    set_digit[i] = d
                    for j in peers:
                        marks[j].discard(d)
        cells: list[Cell] = [given(d) if d else candidates(m)
                             for d, m in zip(set_digit, marks, strict=True)]
        return Imported("hodoku pm grid", Puzzle("sudoku", 9, tuple(cells)))
    givens = [_marks(tok) for tok in grids[0]]
    placed = [_marks(tok) for tok in grids[1]] if len(grids) == 3 else givens
    cells = []
    for i in range(81):
        if len(givens[i]) == 1:
            cells.append(given(min(givens[i])))
        elif len(placed[i]) == 1:
            cells.append(value(min(placed[i])))
        else:
            cells.append(candidates(marks[i]))  # a lone mark that was not placed stays a mark
    return Imported("simple sudoku", Puzzle("sudoku", 9, tuple(cells)))


def decode(text: str) -> Imported:
    check_length(NAME, text)
    fields = _library_fields(text)
    if fields is not None:
        return _library(fields)
    grids = _pm_tokens(text)
    if not grids or any(len(g) != 81 for g in grids):
        raise FormatError(NAME, None, "9 lines of 9 cells per grid",
                          found=f"{len(grid_lines(text))} lines")
    if len(grids) > 3:
        raise FormatError(NAME, None, "at most 3 grids (givens, placed cells, pencil marks)",
                          found=f"{len(grids)} grids")
    return _pm_grid(grids)
