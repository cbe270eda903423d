"""The two cell transforms of the specs: a cell as one integer, and back.

Offset transform (sudoku): empty 0; given d -> d; value d -> n + d;
candidates S -> 2n + pack(S). Str8ts transform: empty 0; given d -> d;
black -> n + 1; black given d -> n + 1 + d; value d -> 2n + 1 + d;
candidates S -> 3n + 1 + pack(S). Each range tiles the integers exactly.
"""

from __future__ import annotations

from ..model import BLACK, EMPTY, Cell, black, candidates, given, pack, unpack, value


def offset_max(n: int) -> int:
    return 2 * n + (1 << n) - 1


def str8ts_max(n: int) -> int:
    return 3 * n + 1 + (1 << n) - 1


def offset_value(cell: Cell, n: int) -> int:
    kind = cell.kind
    if kind == "given":
        return cell.digit
    if kind == "value":
        return n + cell.digit
    if kind == "candidates":
        return 2 * n + pack(cell.candidates)
    return 0  # empty (callers refuse black and outside before they get here)


def offset_cell(v: int, n: int) -> Cell:
    """The cell for a value already checked to lie in 0..offset_max(n)."""
    if v > 2 * n:
        return candidates(unpack(v - 2 * n))
    if v > n:
        return value(v - n)
    return given(v) if v else EMPTY


def str8ts_value(cell: Cell, n: int) -> int:
    kind = cell.kind
    if kind == "given":
        return cell.digit
    if kind == "black":
        return n + 1 + cell.digit
    if kind == "value":
        return 2 * n + 1 + cell.digit
    if kind == "candidates":
        return 3 * n + 1 + pack(cell.candidates)
    return 0


def str8ts_cell(v: int, n: int) -> Cell:
    """The cell for a value already checked to lie in 0..str8ts_max(n)."""
    if v > 3 * n + 1:
        return candidates(unpack(v - 3 * n - 1))
    if v > 2 * n + 1:
        return value(v - 2 * n - 1)
    if v > n + 1:
        return black(v - n - 1)
    if v == n + 1:
        return BLACK
    return given(v) if v else EMPTY
