"""Plain grids: one character per cell, on one line or many, as forums paste them; and
the `line` export, the 81-character line (and its bigger cousins) we write.

`.`, `0`, `*` or `_` is an empty cell; digits above 9 are letters (A = 10 ... P = 25, any
case), so a 16x16 line uses 1-9 and A-G. Grids over several lines may carry spaces
and the separators `|`, `+`, `-`, `*`, `:`, `'`; a line holding `---` is a border
and is skipped. Grids whose cells are space-separated numbers (`10 11 . 5 ...`)
are read token by token. Every digit is a given: a plain grid has no other kind.

Many sites put such a grid in a link (`...?s=<81 digits>`, `.../play/<81 digits>`): a
link from a host no other reader knows is searched for exactly one grid among its
query values and path segments, and the warning says where it was found.

The `line` export writes one character per cell, row-major, `.` for an empty cell,
digits up to 9 and then letters (a 16x16 is 256 characters, a 25x25 625). It holds
givens only: a player's values and pencil marks are dropped (with `lossy`), as is a
box shape other than the default.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, unquote

from ...errors import FormatError, Lost, quoted
from ...model import EMPTY, SUDOKU_SIZES, Cell, Puzzle, given
from .. import _loss
from ._common import SYMBOLS, Export, Imported, Url, check_length, require, split_url

NAME = "plain"
LOOKS_FOR = "a grid of one character per cell (. or 0 for empty), on one line or several"

DIGITS = SYMBOLS
EMPTY_MARK = "."
_SIZE_BY_COUNT = {n * n: n for n in SUDOKU_SIZES}
_SEPARATORS = str.maketrans({ch: " " for ch in "|+:'!"})
EMPTIES = ".0*_"


def grid_lines(text: str) -> list[str]:
    """The lines that hold cells: borders dropped, separators turned into spaces."""
    out = []
    for line in text.splitlines():
        if "---" in line or "===" in line:
            continue
        line = line.translate(_SEPARATORS).strip()
        if line:
            out.append(line)
    return out


def _cell(format: str, ch: str, n: int, pos: int) -> Cell:
    if ch in EMPTIES:
        return EMPTY
    digit = DIGITS.find(ch.upper()) + 1
    if not 1 <= digit <= n:
        raise FormatError(format, pos, f"a digit 1..{n} or . for a {n}x{n} grid", found=repr(ch))
    return given(digit)


def cells_of(format: str, text: str) -> tuple[int, list[Cell]]:
    """(size, cells) of a plain grid, or FormatError."""
    check_length(format, text)
    lines = grid_lines(text)
    tokens = [tok for line in lines for tok in line.split()]
    numbers = all(tok.isdigit() or tok == "." for tok in tokens)
    if len(tokens) > 1 and any(len(tok) > 1 for tok in tokens) and numbers:
        n = _SIZE_BY_COUNT.get(len(tokens), 0)
        if not n:
            raise FormatError(format, None, "a square number of cells (16, 36, 64, 81, 144, 256, 625)",
                              found=f"{len(tokens)} numbers")
        cells = []
        for k, tok in enumerate(tokens):
            d = int(tok) if tok != "." else 0
            if d > n:
                raise FormatError(format, k, f"a number 0..{n}", unit="cell", found=tok)
            cells.append(given(d) if d else EMPTY)
        return n, cells
    chars = "".join(tokens)
    n = _SIZE_BY_COUNT.get(len(chars), 0)
    if not n:
        raise FormatError(format, None, "a square number of cells (16, 36, 64, 81, 144, 256, 625)",
                          found=f"{len(chars)} cells")
    return n, [_cell(format, ch, n, k) for k, ch in enumerate(chars)]


def _foreign(url: Url) -> bool:
    """A link from a host no reader of a known tool takes."""
    from . import HOSTS  # the registry, built once this package is loaded

    return bool(url.host) and not url.host.endswith(HOSTS)


def _looks_like_grid(part: str) -> bool:
    """One character per cell of a square grid; under 81 cells, digits only (short ids and
    words of 16 or 36 letters are not grids)."""
    n = _SIZE_BY_COUNT.get(len(part), 0)
    allowed = SYMBOLS + SYMBOLS.lower() + "0" + EMPTIES if n >= 9 else "0123456789" + EMPTIES
    return n > 0 and all(ch in allowed for ch in part)


def grids_in_url(url: Url) -> list[tuple[str, str]]:
    """(where, grid) for every part of a link that is a plain grid: query values, then path
    segments, each told apart by name (`the query parameter 's'`, `the path segment 3`)."""
    found = [(f"the query parameter {quoted(key)}", val.strip())
             for key, val in parse_qsl(url.query, keep_blank_values=True)]
    segments = [seg for seg in url.path.split("/") if seg]
    found += [(f"the path segment {k + 1}", unquote(seg).strip()) for k, seg in enumerate(segments)]
    found += [("the fragment", unquote(url.fragment).strip())] if url.fragment else []
    return [(where, part) for where, part in found if _looks_like_grid(part)]


def claims(text: str) -> bool:
    url = split_url(text)
    if url.host:
        return _foreign(url) and bool(grids_in_url(url))
    stripped = text.strip()
    if not stripped or len(stripped) > 4096:
        return False
    allowed = set(DIGITS) | set(DIGITS.lower()) | set(".0_|+-*:'!= \t\r\n")
    return all(ch in allowed for ch in stripped)


def decode(text: str) -> Imported:
    url = split_url(text)
    if url.host:
        return _from_url(url)
    n, cells = cells_of(NAME, text)
    return Imported(NAME, Puzzle("sudoku", n, tuple(cells)))


def _from_url(url: Url) -> Imported:
    found = grids_in_url(url) if _foreign(url) else []
    grids = dict.fromkeys(grid for _, grid in found)
    if len(grids) != 1:
        raise FormatError(NAME, None, "a link holding one plain grid in a query value or path "
                          "segment", found=f"{len(grids)} grids in a link from {url.host}")
    where, grid = found[0]
    n, cells = cells_of(NAME, grid)
    return Imported(f"{NAME} in a link", Puzzle("sudoku", n, tuple(cells)), (
        f"read the grid in {where} of a link from {url.host}; whatever else that site's link "
        "says (its rules, its page) is not read",))


# --- the line export -------------------------------------------------------------------------

def _line_lost(puzzle: Puzzle) -> list[Lost]:
    require("line", puzzle, puzzle.kind == "sudoku" and puzzle.layout is None,
            "an n x n sudoku (no str8ts, no multi-grid layout)")
    return _loss.kinds_lost(puzzle, "value", "candidates") + _loss.box_shape_lost(puzzle)


def _line_write(puzzle: Puzzle) -> str:
    return "".join(SYMBOLS[c.digit - 1] if c.kind == "given" else EMPTY_MARK for c in puzzle.cells)


LINE = Export("line", "81-character line", False, _line_lost, _line_write)


def line(puzzle: Puzzle, lossy: bool = False) -> str:
    """`.` for empty, the given's symbol otherwise: `53..7....6..195...` and so on."""
    return LINE.export(puzzle, lossy)
