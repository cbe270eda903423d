"""What a format cannot hold, named (`errors.Lost`), so that no encode drops anything silently."""

from __future__ import annotations

from ..errors import FormatError, LossError, Lost
from ..model import SUDOKU_SIZES, Puzzle


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """'1 black cell', '3 black cells'; `nouns` where adding an s is wrong."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


def require_square(format: str, puzzle: Puzzle) -> None:
    """Formats that are one n x n grid cannot hold a multi-box layout at all."""
    if puzzle.layout is not None:
        raise FormatError(
            format, None,
            "an n x n grid; a multi-box layout needs the binary or compact format",
        )


def check(format: str, lost: list[Lost], lossy: bool) -> None:
    """Refuse an encode that would drop `lost`, unless the caller asked for lossy output."""
    if lost and not lossy:
        raise LossError(format, lost)


def box_shape_lost(puzzle: Puzzle) -> list[Lost]:
    if puzzle.default_box:
        return []
    assert puzzle.box is not None
    return [Lost("box-shape", detail=f"{puzzle.box[0]}x{puzzle.box[1]}")]


def kinds_lost(puzzle: Puzzle, *kinds: str) -> list[Lost]:
    """The cells of each kind in `kinds` ("value", "candidates", "black") that the puzzle has,
    counted (a cell kind is also the name of its loss)."""
    out = []
    for kind in kinds:
        count = puzzle.count(kind)
        if count:
            out.append(Lost(kind, count))
    return out


def notes_lost(puzzle: Puzzle) -> list[Lost]:
    """Name the player's notes and the setter's texts a seed format cannot hold: corner
    marks, colours, the title, the author and the rules (a lossy encode drops them)."""
    if not puzzle.has_notes:
        return []
    out = variants_lost(puzzle) + marks_lost(puzzle)
    for name, text in (("title", puzzle.title), ("author", puzzle.author),
                       ("rules", puzzle.rules)):
        if text:
            out.append(Lost(name))
    return out


def variants_lost(puzzle: Puzzle) -> list[Lost]:
    """The jigsaw regions and the variant constraints, counted and their kinds named: what
    every format without them would drop."""
    out = []
    if puzzle.regions is not None:
        out.append(Lost("regions"))
    if puzzle.constraints:
        kinds = sorted({c.kind for c in puzzle.constraints})
        out.append(Lost("constraints", len(puzzle.constraints), ", ".join(kinds)))
    return out


def marks_lost(puzzle: Puzzle) -> list[Lost]:
    """The player's corner marks, centre marks under a digit and colours, counted: what a
    target that keeps the setter's words but no marks (SudokuPad's givens link) still drops."""
    out = []
    corner = sum(1 for c in puzzle.cells if c.corner)
    if corner:
        out.append(Lost("corner", corner))
    under = sum(1 for c in puzzle.cells if c.kind == "value" and c.candidates)
    if under:
        out.append(Lost("marks-under", under))
    coloured = sum(1 for c in puzzle.cells if c.colours)
    if coloured:
        out.append(Lost("colours", coloured))
    return out


def check_plain_sudoku(format: str, puzzle: Puzzle, lossy: bool) -> None:
    """For formats that are one n x n sudoku grid with the default boxes (offset, bitcell):
    refuse a layout always, and a str8ts (its kind, black cells) or odd box shape unless lossy."""
    require_square(format, puzzle)
    if puzzle.kind == "sudoku":
        lost = box_shape_lost(puzzle)
    else:  # a str8ts has no boxes to lose, but its kind and black cells
        lost = [Lost("str8ts-kind")]
        lost.extend(kinds_lost(puzzle, "black"))
    lost.extend(notes_lost(puzzle))
    check(format, lost, lossy)
    if puzzle.size not in SUDOKU_SIZES:  # a lossy str8ts of a size sudoku lacks
        raise FormatError(format, None, f"a grid size in {SUDOKU_SIZES}", found=str(puzzle.size))
