"""HoDoKu's texts, read and written: its pencil-mark grid, SimpleSudoku's grids and the
one-line library format.

Facts from HoDoKu's `Sudoku2.setSudoku`/`getSudoku` (9x9 only):
- PM grid: borders `.---.---.---.`, `:---+---+---:`, `'---'---'---'`; each cell is
  its candidates as a digit string, or one digit for a placed cell. Cells are read
  in order: a single digit is placed (as a given) unless an unplaced peer still lists
  it (then it is a naked single), and a placed digit leaves its peers' marks. Marks
  HoDoKu adds to show a step (`*`, `#`, `-`, letters) are dropped, as HoDoKu does.
- SimpleSudoku: 2 grids (givens, pencil marks) or 3 (givens, placed cells, marks).
- Puzzle files (`Sudoku2.setSudoku` on each line): one puzzle a line, and a comment
  after `#` (its example and technique-exemplar files are written that way); gsf's
  comma-separated lines (numeric fields, then the 81-character puzzle, then names).
  The comment and the other fields are named in a warning.
- Library: `:<technique>:<digits>:<81 cells, + before a placed non-given>:<deleted
  candidates as digit-row-col, space-separated>:<eliminations>:<placements>:<extra>`.
  A cell's candidates are the digits no peer has placed, minus the deleted ones (HoDoKu:
  givens and deleted candidates together are equivalent to a pencil-mark grid), so an
  empty field means full marks.

We write two of them (`hodoku`, `hodoku-library`), 9x9 only, lines separated by `\\n`
without a final one:
- the pencil-mark grid HoDoKu copies to the clipboard (`ClipboardMode.PM_GRID`): every
  cell's digit or candidates, columns padded to the widest entry plus two. An unmarked
  cell shows every digit its peers leave open, as HoDoKu shows it. HoDoKu reads every
  placed digit back as a given, and a one-digit entry as a placed digit unless an unset
  peer lists it too: the losses are counted by reading the grid back the way HoDoKu does.
- the library line: cells are `.`, a given's digit, or `+` and a player's digit;
  eliminations are `<digit><row><column>` for each open digit a pencil-marked cell
  lacks. Pencil marks of digits a peer already holds cannot be written (HoDoKu never
  keeps them).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...errors import FormatError, Lost, quoted
from ...model import EMPTY, Cell, Puzzle, candidates, given, value
from ._common import Export, Imported, check_length, is_classic, require
from .plain import EMPTY_MARK, cells_of, grid_lines

NAME = "hodoku"
LOOKS_FOR = ("a HoDoKu pencil-mark grid, SimpleSudoku grids, a library line "
             ":0000:x:<81 cells>:<deleted candidates>::, or a puzzle-file line with a # comment "
             "or gsf's commas")
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


GRID_LINE = re.compile(r"[0-9.]{81}")


def _comment(text: str) -> tuple[str, str]:
    """(the line without its `#` comment, the comment) for one line of a HoDoKu file."""
    line = text.strip()
    if "\n" in line or "#" not in line:
        return line, ""
    body, _, comment = line.partition("#")
    return body.strip(), comment.strip()


def _file_line(text: str) -> tuple[str, list[str]] | None:
    """(the 81 cells, what else the line holds) for a puzzle-file line: a grid with a `#`
    comment, or gsf's comma-separated fields around one grid; None for anything else."""
    body, comment = _comment(text)
    if "\n" in body:
        return None
    if comment and GRID_LINE.fullmatch(body):
        return body, [f"the comment {quoted(comment)} is not kept"]
    fields = [field.strip() for field in body.split(",")]
    grids = [k for k, field in enumerate(fields) if GRID_LINE.fullmatch(field)]
    if len(fields) < 2 or len(grids) != 1:
        return None
    others = [field for k, field in enumerate(fields) if k != grids[0] and field]
    lost = [f"gsf's other fields ({', '.join(others)[:60]}) are not kept"] if others else []
    return fields[grids[0]], lost + ([f"the comment {quoted(comment)} is not kept"] if comment else [])


def claims(text: str) -> bool:
    if _library_fields(_comment(text)[0]) is not None or _file_line(text) is not None:
        return True
    if len(text) > 16384 or text.strip().count("\n") < 8:
        return False
    grids = _pm_tokens(text)
    if not grids or any(len(g) != 81 for g in grids):
        return False
    return len(grids) > 1 or any(len(tok) > 1 for tok in grids[0])


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
    # Givens and deleted candidates together are a pencil-mark grid: an empty field means
    # every unsolved cell holds every digit its houses leave open.
    puzzle = Puzzle("sudoku", 9, tuple(cells))
    puzzle = puzzle.with_cells({
        i: candidates(set(puzzle.open_digits(i)) - deleted.get(i, set()))
        for i, cell in enumerate(cells) if cell.kind == "empty"})
    technique, digits = fields[1], fields[2]
    step = [f for f in fields[5:] if f.strip()]
    if (technique, digits) != ("0000", "x") or step:
        warnings.append(f"the solving step the line describes (technique {technique}, "
                        f"digits {digits or '-'}) is not kept, only the grid")
    return Imported("hodoku library", puzzle, tuple(warnings))


def place_singles(marks: list[set[int]]) -> list[int]:
    """The digit HoDoKu's reader (`Sudoku2.setSudoku`) sets in each cell, 0 for none.

    It takes every entry as candidates, then walks the cells in order: a cell with one
    candidate that no unset peer also lists is set as a given, and the digit leaves its
    peers' candidates (`marks` is changed in place to what is left).
    """
    placed = [0] * len(marks)
    peers = _GEOMETRY.peers
    for i, cell_marks in enumerate(marks):
        if len(cell_marks) != 1:
            continue
        (d,) = cell_marks
        if not any(not placed[j] and d in marks[j] for j in peers[i]):
            placed[i] = d
            for j in peers[i]:
                marks[j].discard(d)
    return placed


def _marks(tok: str) -> set[int]:
    if tok in (".", "0"):
        return set()
    return {int(ch) for ch in tok if ch in "123456789"}


def _pm_grid(grids: list[list[str]]) -> Imported:
    marks = [_marks(tok) for tok in grids[-1]]
    if len(grids) == 1:
        set_digit = place_singles(marks)
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
    body, comment = _comment(text)
    fields = _library_fields(body)
    if fields is not None:
        found = _library(fields)
        if not comment:
            return found
        return replace(found, warnings=(*found.warnings, f"the comment {quoted(comment)} is not kept"))
    line = _file_line(text)
    if line is not None:
        n, cells = cells_of(NAME, line[0])
        return Imported("hodoku file", Puzzle("sudoku", n, tuple(cells)), tuple(line[1]))
    grids = _pm_tokens(text)
    if not grids or any(len(g) != 81 for g in grids):
        raise FormatError(NAME, None, "9 lines of 9 cells per grid",
                          found=f"{len(grid_lines(text))} lines")
    if len(grids) > 3:
        raise FormatError(NAME, None, "at most 3 grids (givens, placed cells, pencil marks)",
                          found=f"{len(grids)} grids")
    return _pm_grid(grids)


# --- the pencil-mark grid we write -----------------------------------------------------------

def _require_classic(format: str, puzzle: Puzzle) -> None:
    require(format, puzzle, is_classic(puzzle), "a 9x9 sudoku with 3x3 boxes (HoDoKu's only shape)")


def _pm_entries(puzzle: Puzzle) -> list[str]:
    entries = []
    for i, cell in enumerate(puzzle.cells):
        if cell.digit:
            entries.append(str(cell.digit))
        elif cell.kind == "candidates":
            entries.append("".join(str(d) for d in sorted(cell.candidates)))
        else:
            entries.append("".join(str(d) for d in puzzle.open_digits(i)) or EMPTY_MARK)
    return entries


def _hodoku_reading(entries: list[str]) -> list[int]:
    """The digit HoDoKu's reader places in each cell of the grid we would write, 0 for none."""
    return place_singles([set() if e == EMPTY_MARK else {int(ch) for ch in e} for e in entries])


def _hodoku_lost(puzzle: Puzzle) -> list[Lost]:
    _require_classic("hodoku", puzzle)
    placed = _hodoku_reading(_pm_entries(puzzle))
    cells = puzzle.cells
    lost = []
    values = sum(1 for c, d in zip(cells, placed, strict=True) if c.kind == "value" and d)
    if values:
        lost.append(Lost("which-given", values))
    unplaced = sum(1 for c, d in zip(cells, placed, strict=True) if c.digit and not d)
    if unplaced:
        lost.append(Lost("placed-digit", unplaced))
    singles = sum(1 for c, d in zip(cells, placed, strict=True) if not c.digit and d)
    if singles:
        lost.append(Lost("lone-candidate", singles))
    return lost


def _border(left: str, middle: str, widths: list[int]) -> str:
    parts = ["-" * sum(widths[band:band + 3]) for band in (0, 3, 6)]
    return left + middle.join(parts) + left


def _hodoku_write(puzzle: Puzzle) -> str:
    entries = _pm_entries(puzzle)
    widths = [max(len(entries[r * 9 + c]) for r in range(9)) + 2 for c in range(9)]
    lines = []
    for r in range(9):
        if r % 3 == 0:
            lines.append(_border(".", ".", widths) if r == 0 else _border(":", "+", widths))
        row = []
        for c in range(9):
            entry = entries[r * 9 + c]
            row.append(("| " if c % 3 == 0 else " ") + entry + " " * (widths[c] - len(entry) - 1))
        lines.append("".join(row) + "|")
    lines.append(_border("'", "'", widths))
    return "\n".join(lines)


HODOKU = Export("hodoku", "HoDoKu pencil-mark grid", False, _hodoku_lost, _hodoku_write)


def hodoku(puzzle: Puzzle, lossy: bool = False) -> str:
    """HoDoKu's pencil-mark grid (9x9 only)."""
    return HODOKU.export(puzzle, lossy)


# --- the library line we write ---------------------------------------------------------------

def _ruled_out_marks(puzzle: Puzzle) -> int:
    count = 0
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "candidates":
            count += len(cell.candidates - set(puzzle.open_digits(i)))
    return count


def _library_lost(puzzle: Puzzle) -> list[Lost]:
    """The line stores eliminations only, so every unsolved cell reads back with all its open
    digits but those (an unmarked cell as HoDoKu shows it, as in the pencil-mark grid); only
    marks of a digit a peer already holds cannot be written."""
    _require_classic("hodoku-library", puzzle)
    ruled_out = _ruled_out_marks(puzzle)
    return [Lost("peer-mark", ruled_out)] if ruled_out else []


def _library_write(puzzle: Puzzle) -> str:
    cells = []
    eliminations = []
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "given":
            cells.append(str(cell.digit))
        elif cell.kind == "value":
            cells.append(f"+{cell.digit}")
        else:
            cells.append(EMPTY_MARK)
            if cell.kind == "candidates":
                r, c = divmod(i, 9)
                eliminations += [f"{d}{r + 1}{c + 1}" for d in puzzle.open_digits(i)
                                 if d not in cell.candidates]
    return f":0000:x:{''.join(cells)}:{' '.join(eliminations)}::"


HODOKU_LIBRARY = Export("hodoku-library", "HoDoKu library line", False, _library_lost, _library_write)


def hodoku_library(puzzle: Puzzle, lossy: bool = False) -> str:
    """HoDoKu's library line, pencil marks as eliminations (9x9 only)."""
    return HODOKU_LIBRARY.export(puzzle, lossy)
