"""53-bit cells: one integer per cell, the representation wave-function-collapse works on.

For n digits: bit 0 = fixed (a given), bit p = p is possible (1 <= p <= n),
bit n + v = the cell's value is v. For n = 9 that is the spec's picture
(possibles in bits 1-9, values in bits 10-18); 2n + 1 bits stay under 2**53.
Every operation takes the cell integer first and `size` as a keyword.

(Not to be confused with `pycore.formats.bitcell`, the text format that writes
these integers comma-separated.) The rule of which digits a cell can still take
lives in `pycore.model` (`open_masks_of`); `compute_possibles` only translates it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import DEFAULT_BOX, Geometry, Puzzle, bit_length, geometry_of, open_masks_of, pack

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "check_possible", "compute_possibles", "count_possibles", "count_values", "from_puzzle",
    "get_possibles", "get_value", "is_fixed", "is_move_allowed", "is_valid_cell", "make_move",
    "related_cells",
    "set_all_possibles", "set_fixed", "set_possible", "set_value", "toggle_possible",
    "unset_all_possibles", "unset_fixed", "unset_possible", "unset_value",
]

MAX_SAFE_INTEGER = 2**53 - 1


def _possibles_mask(size: int) -> int:
    return ((1 << size) - 1) << 1


def _values_mask(size: int) -> int:
    return ((1 << size) - 1) << (size + 1)


# Group A: fixed

def is_fixed(n: int, *, size: int = 9) -> bool:
    return n & 1 == 1


def set_fixed(n: int, *, size: int = 9) -> int:
    return n | 1


def unset_fixed(n: int, *, size: int = 9) -> int:
    return n & (MAX_SAFE_INTEGER << 1) & MAX_SAFE_INTEGER


# Group B: possibles

def toggle_possible(n: int, p: int, *, size: int = 9) -> int:
    return n ^ (1 << p)


def set_possible(n: int, p: int, *, size: int = 9) -> int:
    return n | (1 << p)


def unset_possible(n: int, p: int, *, size: int = 9) -> int:
    return n & ~(1 << p)


def set_all_possibles(n: int, *, size: int = 9) -> int:
    return n | _possibles_mask(size)


def unset_all_possibles(n: int, *, size: int = 9) -> int:
    return n & ~_possibles_mask(size)


def check_possible(n: int, p: int, *, size: int = 9) -> bool:
    return n & (1 << p) != 0


def count_possibles(n: int, *, size: int = 9) -> int:
    return bin(n & _possibles_mask(size)).count("1")


def get_possibles(n: int, *, size: int = 9) -> list[int]:
    return [p for p in range(1, size + 1) if n >> p & 1]


# Group C: value

def count_values(n: int, *, size: int = 9) -> int:
    return bin(n & _values_mask(size)).count("1")


def get_value(n: int, *, size: int = 9) -> int:
    """The cell's value (0 when none is set)."""
    bits = (n & _values_mask(size)) >> (size + 1)
    return bit_length(bits)


def set_value(n: int, p: int, *, size: int = 9) -> int:
    """Set value p, clearing every possible and other value; the fixed bit is kept."""
    return (n & 1) | (1 << (size + p))


def unset_value(n: int, *, size: int = 9) -> int:
    return 0


def is_valid_cell(n: int, *, size: int = 9) -> bool:
    if n < 0 or n >> (2 * size + 1):
        return False
    values = count_values(n, size=size)
    if is_fixed(n):
        return values == 1 and count_possibles(n, size=size) == 0
    return values == 0 or (values == 1 and count_possibles(n, size=size) == 0)


# Grid operations

def _geometry(size: int, box: tuple[int, int] | None, geometry: Geometry | None) -> Geometry:
    """The geometry given, else a sudoku's of this size (and box), else a str8ts' (no boxes)."""
    if geometry is not None:
        return geometry
    if box is None and size not in DEFAULT_BOX:
        return geometry_of("str8ts", size)
    return geometry_of("sudoku", size, box)


def related_cells(
    index: int, *, size: int = 9, box: tuple[int, int] | None = None,
    geometry: Geometry | None = None,
) -> list[int]:
    """The cells sharing a row, column or box with `index` (20 for a 9x9)."""
    return list(_geometry(size, box, geometry).peers[index])


def compute_possibles(
    cells: Sequence[int], *, size: int = 9, box: tuple[int, int] | None = None,
    geometry: Geometry | None = None,
) -> list[int]:
    """Every cell without a value gets the digits no related cell's value rules out
    (`model.open_masks_of`, shifted into bits 1..n); a cell with a value gets none."""
    geo = _geometry(size, box, geometry)
    full = _possibles_mask(size)
    values = [get_value(c, size=size) for c in cells]
    masks = open_masks_of(geo, values, size)
    return [c & ~full if values[i] else (c & ~full) | masks[i] << 1 for i, c in enumerate(cells)]


def is_move_allowed(
    cells: Sequence[int], index: int, move_value: int, *, size: int = 9,
    box: tuple[int, int] | None = None, geometry: Geometry | None = None,
) -> bool:
    """Not fixed, no value yet, and no related cell holds the digit."""
    cell = cells[index]
    if is_fixed(cell) or count_values(cell, size=size) or not 1 <= move_value <= size:
        return False
    geo = _geometry(size, box, geometry)
    return all(get_value(cells[j], size=size) != move_value for j in geo.peers[index])


def make_move(
    cells: Sequence[int], index: int, move_value: int, *, size: int = 9,
    box: tuple[int, int] | None = None, geometry: Geometry | None = None,
) -> list[int]:
    """Set the value and remove it from the related cells' possibles (the WFC propagation step).

    Raises ValueError when `is_move_allowed` says no.
    """
    geo = _geometry(size, box, geometry)
    if not is_move_allowed(cells, index, move_value, size=size, geometry=geo):
        raise ValueError(f"move {move_value} at cell {index} is not allowed")
    out = list(cells)
    out[index] = set_value(out[index], move_value, size=size)
    for j in geo.peers[index]:
        out[j] = unset_possible(out[j], move_value, size=size)
    return out


def from_puzzle(puzzle: Puzzle, *, marks: bool = True) -> list[int]:
    """A puzzle's cells as 53-bit integers: givens and str8ts black givens fixed with
    their value, values set, pencil marks as possibles (dropped when not `marks`);
    empty, outside and plain black cells are 0."""
    n = puzzle.size
    out = []
    for cell in puzzle.cells:
        if cell.kind == "given" or (cell.kind == "black" and cell.digit):
            out.append(1 | 1 << (n + cell.digit))
        elif cell.kind == "value":
            out.append(1 << (n + cell.digit))
        elif cell.kind == "candidates" and marks:
            out.append(pack(cell.candidates) << 1)
        else:
            out.append(0)
    return out
