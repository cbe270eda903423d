"""f-puzzles, read and written: `f-puzzles.com/?load=<lz-string compressToBase64 of the JSON>`.

The JSON has `size` and `grid`, rows of cells holding `value`, `given` (a value
without it is the player's digit), `centerPencilMarks`, `cornerPencilMarks`,
`givenPencilMarks`, `region` (a box number, null for none), the player's `highlight`
colour and the setter's `c`/`cA` colours; constraints are lists (or flags) keyed by
name: `killercage`, `arrow`, `diagonal+`, ...; `title`, `author` and `ruleset` are
the setter's words. Digits, centre and corner marks, highlights (as the nearest colour
of our palette, and a warning says which colours that changed), the words and box
shapes are kept; everything else is named in a warning. SudokuPad's `fpuz…` ids carry
the same JSON.

We write a cell as `{}` when empty, `{"value": d, "given": true}` for a given,
`{"value": d}` for a player's digit, `{"centerPencilMarks": [...]}` and
`{"cornerPencilMarks": [...]}` for marks and `"highlight": "#rrggbb"` for a colour
(f-puzzles holds one a cell: a cell's further colours are named as lost). A box shape
other than f-puzzles' default for the size (the most nearly square with fewer rows
than columns) is written as each cell's 0-based `region`. It holds grids up to 16x16:
no str8ts, no multi-grid layout, no 25x25. The base64 stays as lz-string writes it,
`+` `/` `=` included, as f-puzzles' own links carry it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...errors import FormatError, Lost, PuzzleError, quoted
from ...model import DEFAULT_BOX, EMPTY, PALETTE_COLOURS, Cell, Puzzle, candidates, given, value
from .. import _constraints
from ._common import (
    ColourMapping,
    Export,
    Imported,
    as_int,
    box_from_regions,
    check_length,
    lz_compress,
    lz_decompress,
    parse_json,
    plural,
    require,
    split_url,
    words,
)

if TYPE_CHECKING:
    from collections.abc import Callable

NAME = "f-puzzles"
HOSTS = ("f-puzzles.com",)
LOOKS_FOR = "an f-puzzles.com/?load= link, its lz-string data (N4Ig…) or f-puzzles JSON"

FRIENDLY = {
    "diagonal+": "the positive diagonal", "diagonal-": "the negative diagonal",
    "antiknight": "the anti-knight rule", "antiking": "the anti-king rule",
    "disjointgroups": "disjoint groups", "nonconsecutive": "the non-consecutive rule",
    "killercage": "killer cages", "cage": "cages", "arrow": "arrows",
    "thermometer": "thermometers", "littlekillersum": "little killer sums",
    "sandwichsum": "sandwich sums", "xsum": "X-sums", "skyscraper": "skyscrapers",
    "difference": "difference (white) dots", "ratio": "ratio (black) dots", "xv": "XV clues",
    "odd": "odd cells", "even": "even cells", "extraregion": "extra regions",
    "palindrome": "palindromes", "betweenline": "between lines", "minimum": "minimum cells",
    "maximum": "maximum cells", "quadruple": "quadruples", "clone": "clones",
    "renban": "renban lines", "whispers": "whisper lines", "regionsumline": "region sum lines",
    "entropicline": "entropic lines", "lockout": "lockout lines", "line": "drawn lines",
    "rectangle": "drawn rectangles", "circle": "drawn circles", "text": "text labels",
    "negative": "negative constraints",
}
META = {"size", "grid", "title", "author", "ruleset", "solution", "activeConstraints",
        "disabledlogic", "truecandidatesoptions", "highlightConflicts"}
CELL_KEYS = {"value", "given", "centerPencilMarks", "cornerPencilMarks", "givenPencilMarks",
             "region", "c", "cA", "highlight"}


def _digits(obj: object, n: int, where: str) -> set[int]:
    if obj is None:  # f-puzzles and SudokuPad read a null list as empty
        return set()
    if not isinstance(obj, list):
        raise FormatError(NAME, None, f"a list of digits for {where}", found=type(obj).__name__)
    return {as_int(NAME, d, where, 1, n) for d in obj}


def puzzle_from(obj: Any, format: str = NAME) -> tuple[Puzzle, list[str]]:
    """The puzzle an f-puzzles JSON object describes, and what it could not keep."""
    if not isinstance(obj, dict):
        raise FormatError(format, None, "a JSON object with size and grid", found=type(obj).__name__)
    n = as_int(format, obj.get("size"), "size", 3, 25)
    grid = obj.get("grid")
    if not isinstance(grid, list) or len(grid) != n or \
            not all(isinstance(row, list) and len(row) == n for row in grid):
        raise FormatError(format, None, f"grid: {n} rows of {n} cells")
    br, bc = default_region_shape(n)
    cells: list[Cell] = []
    regions: dict[object, list[tuple[int, int]]] = {}
    hidden = coloured = 0
    mapping = ColourMapping()
    unknown: set[str] = set()
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise FormatError(format, r * n + c, "a cell object", unit="cell",
                                  found=type(cell).__name__)
            unknown |= set(cell) - CELL_KEYS
            region = cell.get("region", (r // br) * (n // bc) + c // bc)
            regions.setdefault(region if region is None else
                               as_int(format, region, "region", 0, n * n), []).append((r, c))
            if cell.get("c") or cell.get("cA"):
                coloured += 1
            highlight = cell.get("highlight")
            colour = mapping.read(highlight) if highlight else 0
            corner = _digits(cell.get("cornerPencilMarks", []), n, "corner marks")
            digit = cell.get("value")
            marks = _digits(cell.get("centerPencilMarks", []), n, "centre marks") | \
                _digits(cell.get("givenPencilMarks", []), n, "given pencil marks")
            if digit is not None:
                d = as_int(format, digit, f"the value of r{r + 1}c{c + 1}", 1, n)
                if cell.get("given"):  # a given holds no marks
                    hidden += bool(corner or marks)
                    made = given(d)
                else:  # a player's digit keeps the marks under it
                    made = value(d).with_centre(marks).with_corner(corner)
            else:
                made = (candidates(marks) if marks else EMPTY).with_corner(corner)
            cells.append(made.with_colours([colour]) if colour else made)
    warnings = []
    box: tuple[int, int] | None = None
    jigsaw: list[int] | None = None
    if None in regions:
        if n not in DEFAULT_BOX:
            raise FormatError(format, None, f"a region for every cell of a {n}x{n} grid")
        warnings.append(f"{plural(len(regions[None]), 'cell')} outside every region: "
                        "the standard boxes are used instead")
    else:
        box, lost = box_from_regions(format, n, list(regions.values()))
        if box is not None and min(box) < 2:  # rows or columns as regions: a jigsaw
            box, lost = None, ["regions of one row or column"]
        if lost and len(regions) == n and all(len(places) == n for places in regions.values()):
            jigsaw = [0] * (n * n)  # irregular regions of n cells each: a jigsaw
            for k, places in enumerate(regions.values()):
                for r, c in places:
                    jigsaw[r * n + c] = k
        elif lost and n in DEFAULT_BOX:
            warnings += lost  # regions that do not cut the grid evenly: the standard boxes
        elif lost:
            raise FormatError(format, None, f"{n} regions of {n} cells each", found=plural(
                len(regions), "region"))
    if hidden:
        warnings.append(f"pencil marks under a given in {plural(hidden, 'cell')}")
    if coloured:
        warnings.append(f"the setter's cell colours in {plural(coloured, 'cell')}")
    if unknown:
        warnings.append("cell fields " + ", ".join(quoted(k) for k in sorted(unknown)[:5]))
    if len(obj) > MAX_KEYS:
        raise FormatError(format, None, f"at most {MAX_KEYS} keys", found=str(len(obj)))
    if obj.get("solution"):
        warnings.append("the solution")
    rest = {key: item for key, item in obj.items() if key not in META}
    said = _metadata(rest)
    if "solution" in said and not obj.get("solution"):
        warnings.append("the solution")
    try:
        constraints, carried = _constraints.read(rest, n, n, n, _cell_reader(format, n))
        texts, changed = words(obj.get("title") or said.get("title"),
                               obj.get("author") or said.get("author"),
                               obj.get("ruleset") or said.get("rules"))
        puzzle = Puzzle("sudoku", n, tuple(cells), None if jigsaw else box,
                        title=texts[0], author=texts[1], rules=texts[2],
                        regions=jigsaw, constraints=constraints)
    except PuzzleError as err:
        raise FormatError(format, None, "a puzzle f-puzzles could draw", found=str(err)) from None
    return puzzle, [w if w.endswith("instead") else f"{w} cannot be kept" for w in warnings] \
        + carried + mapping.warnings() + changed


MAX_KEYS = 200
"""The most keys an f-puzzles object may have (it writes about 60 kinds)."""


METADATA = ("title", "author", "rules", "solution")
"""The words SudokuPad hides in f-puzzles `cage` entries as "title: ..." (not constraints)."""


def _metadata(rest: dict[str, Any]) -> dict[str, str]:
    """Take SudokuPad's metadata out of the `cage` entries of `rest` (changed in place):
    the words it says under each name; the other cages stay for the table."""
    cages = rest.get("cage")
    if not isinstance(cages, list):
        return {}
    said: dict[str, str] = {}
    kept = []
    for entry in cages:
        text = entry.get("value") if isinstance(entry, dict) else None
        name, colon, words_said = text.partition(":") if isinstance(text, str) else ("", "", "")
        if colon and name.strip().lower() in METADATA:
            said.setdefault(name.strip().lower(), words_said.strip())
        else:
            kept.append(entry)
    if kept:
        rest["cage"] = kept
    else:
        del rest["cage"]
    return said


def _cell_reader(format: str, n: int) -> Callable[[object, bool], tuple[int, int]]:
    """`cell_of` for `_constraints.read`: "R1C1" (any case, spaces around) as a 0-based
    (row, col); one step outside the grid (row or column 0 or n+1) only where `outside`."""
    def cell_of(text: object, outside: bool) -> tuple[int, int]:
        spelt = text.strip().upper() if isinstance(text, str) else ""
        row, _, col = spelt[1:].partition("C")
        low, high = (0, n + 1) if outside else (1, n)
        if not (spelt[:1] == "R" and row.isdigit() and col.isdigit() and len(spelt) <= 8
                and low <= int(row) <= high and low <= int(col) <= high):
            shown = repr(text)
            raise FormatError(format, None, f"a cell R1C1..R{n}C{n}",
                              found=shown if len(shown) <= 30 else shown[:27] + "...")
        return int(row) - 1, int(col) - 1
    return cell_of


def claims(text: str) -> bool:
    url = split_url(text)
    if url.host:
        return url.host.endswith(HOSTS)
    stripped = text.strip()
    return stripped.startswith("N4Ig") or (stripped.startswith("{") and '"grid"' in stripped
                                           and '"size"' in stripped)


def decode(text: str) -> Imported:
    check_length(NAME, text)
    url = split_url(text)
    data = text.strip()
    if url.host:
        load = url.param("load")
        if load is None:
            short = url.param("id")
            if short is not None:
                raise FormatError(NAME, None, f"a ?load= link: f-puzzles.com/?id={short} is a "
                                  "short link kept at tinyurl.com; open it and paste the long "
                                  "f-puzzles.com/?load=… address it leads to")
            raise FormatError(NAME, None, "a link with ?load=<puzzle data>", found=url.host)
        data = load  # parse_qsl has already percent-decoded it
    json_text = data if data.startswith("{") else lz_decompress(NAME, data)
    puzzle, warnings = puzzle_from(parse_json(NAME, json_text))
    return Imported(NAME, puzzle, tuple(warnings))


# --- the link we write -----------------------------------------------------------------------

EXPORT_NAME = "fpuzzles"
BASE = "https://www.f-puzzles.com/?load="
MAX_SIZE = 16


def default_region_shape(size: int) -> tuple[int, int]:
    """f-puzzles' regions for a size: (rows, columns), rows the largest divisor up to the root."""
    rows = int(size**0.5)
    while rows > 1 and size % rows:
        rows -= 1
    return rows, size // rows


def _lost(puzzle: Puzzle) -> list[Lost]:
    require(EXPORT_NAME, puzzle,
            puzzle.kind == "sudoku" and puzzle.layout is None and puzzle.size <= MAX_SIZE,
            f"a sudoku of at most {MAX_SIZE}x{MAX_SIZE} (no str8ts, no multi-grid layout)")
    stacked = sum(1 for c in puzzle.cells if len(c.colours) > 1)
    if stacked:
        return [Lost("extra-colours", stacked)]
    return []


def fpuzzles_json(puzzle: Puzzle) -> dict[str, Any]:
    """The f-puzzles JSON object of a puzzle it can hold."""
    _lost(puzzle)
    n = puzzle.size
    box_rows, box_cols = puzzle.box or default_region_shape(n)
    regions = puzzle.regions is not None or puzzle.box != default_region_shape(n)
    grid = []
    for r, row in enumerate(puzzle.rows_of_cells()):
        out_row = []
        for c, cell in enumerate(row):
            out: dict[str, Any] = {}
            if cell.kind == "given":
                out = {"value": cell.digit, "given": True}
            elif cell.kind == "value":
                out = {"value": cell.digit}
                if cell.candidates:  # marks under the digit
                    out["centerPencilMarks"] = sorted(cell.candidates)
            elif cell.kind == "candidates":
                out = {"centerPencilMarks": sorted(cell.candidates)}
            if cell.corner:
                out["cornerPencilMarks"] = sorted(cell.corner)
            if cell.colours:
                out["highlight"] = PALETTE_COLOURS[min(cell.colours) - 1][1]
            if puzzle.regions is not None:
                out["region"] = puzzle.regions[r * n + c]
            elif regions:
                out["region"] = (r // box_rows) * (n // box_cols) + c // box_cols
            out_row.append(out)
        grid.append(out_row)
    obj: dict[str, Any] = {"size": n, "grid": grid}
    obj.update(_constraints.write(puzzle, lambda r, c: f"R{r + 1}C{c + 1}"))
    for key, text in (("title", puzzle.title), ("author", puzzle.author),
                      ("ruleset", puzzle.rules)):
        if text:
            obj[key] = text
    return obj


def _write(puzzle: Puzzle) -> str:
    return BASE + lz_compress(json.dumps(fpuzzles_json(puzzle), separators=(",", ":")))


FPUZZLES = Export(EXPORT_NAME, "f-puzzles", True, _lost, _write, keeps_notes=True)


def export(puzzle: Puzzle, lossy: bool = False) -> str:
    """The f-puzzles link: givens, the player's digits, centre and corner marks, one colour
    a cell and the setter's words all survive."""
    return FPUZZLES.export(puzzle, lossy)
