"""penpa+ links (`swaroopg92.github.io/penpa-edit/#m=solve&p=…`, also `?m=edit&p=` and
opt-pan's older host), read: sudoku mode's givens, regions and constraints.

Facts from penpa-edit (MIT; general.js `load`/`decrypt_data`, class_p.js `maketext` and
`COMPRESS_SUB`, class_square.js `create_point`, style.js, constraints.js). `p` is base64
of a raw deflate stream of a text of lines, in which quoted key names were shortened (`zN`
for `"number"`, `zO` for null, `z` itself escaped as `zZ`; undone in reverse order):
line 0 `gridtype,nx,ny,size,theta,reflect x,reflect y,canvas x,canvas y,centre,centre0,
sudoku1..4,Title: …,Author: …,source,rules,…` (the sudoku flags: 1 the falling diagonal,
4 the rising one; commas in texts written %2C, line breaks in the rules %2D), line 1 the spaces cut
from the grid's edges [top, bottom, left, right], line 3 the setter's layer (`pu_q`) and
line 4 the solver's (`pu_a`) as JSON.

Points of a square grid of nx x ny cells are numbered on a frame two cells wider on each
side (nx0 = nx + 4, N = nx0 * (ny + 4)): cell (i, j) of the frame is j * nx0 + i; the
corner below-right of it N + that; the middle of the edge below it 2N + that, of the edge
right of it 3N + that; its four quarter corners 4N + 4 * that + k (where killer sums sit).
The layers read: `number` (a digit in a cell is a given; X or V on an edge an XV mark),
`numberS` (a cage's sum in a corner of one of its cells), `killercages` (lists of cells),
`thermo` (bulb first) and `arrows` (circle first) lists, `symbol` (`circle_SS` on an edge:
black fill = black kropki dot, white = white; grey `circle_L`/`square_L` in a cell = odd /
even; white `circle_L` at both ends of a line = a between line), `line` (grey lines between
cell centres: a palindrome, a guess the warnings name), `lineE` (thick edges: the regions).
Anything else the setter drew is carried as `Other("penpa:<layer>", …)`. penpa is read,
not written.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from ...errors import FormatError, quoted
from ...model import DEFAULT_BOX, EMPTY, Cell, Puzzle, given, value
from ...variants import MAX_OTHER, Arrow, Cage, Clue, Constraint, Dot, Line, Mark, Other, Rule, validate
from ._common import MAX_OUTPUT, Imported, check_length, parse_json, split_url, words

NAME = "penpa+"
HOSTS = ("swaroopg92.github.io", "opt-pan.github.io")
LOOKS_FOR = "a penpa-edit link with p=<data> (swaroopg92.github.io/penpa-edit/#m=solve&p=…)"

COMPRESS_SUB = (
    ("z", "zZ"), ('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"),
    ('"edit_mode"', "zM"), ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"),
    ('"wall"', "zW"), ('"cage"', "zC"), ('"number"', "zN"), ('"symbol"', "zY"),
    ('"special"', "zP"), ('"board"', "zB"), ('"command_redo"', "zR"), ('"command_undo"', "zU"),
    ('"command_replay"', "z8"), ('"numberS"', "z1"), ('"freeline"', "zF"), ('"freelineE"', "z2"),
    ('"thermo"', "zT"), ('"arrows"', "z3"), ('"direction"', "zD"), ('"squareframe"', "z0"),
    ('"polygon"', "z5"), ('"deletelineE"', "z4"), ('"killercages"', "z6"),
    ('"nobulbthermo"', "z7"), ('"__a"', "z_"), ("null", "zO"))
"""penpa's substitutions, in the order it applies them (reading undoes them last first)."""
MAX_DATA = 64 * 1024
BORDERS = {2, 21, 13}
"""lineE styles of thick lines (3, 5 and 0.1 cell wide): region borders."""
WHITE_CIRCLES = {1, 6, 8, 10}
BLACK_CIRCLES = {2}
GREY_SHAPES = {3, 5, 9}
GREY_LINES = {5, 6}
IGNORED = {"command_redo", "command_undo", "command_replay", "deletelineE", "cage"}
"""Layers that hold no puzzle: history, erasures, and cage outlines (drawn from killercages)."""


def _p(text: str) -> str | None:
    """The `p=` value of a penpa link (in its fragment or its query), or None."""
    url = split_url(text)
    if not url.host:
        return None
    for part in (url.fragment, url.query):
        for item in part.split("&"):
            key, _, val = item.partition("=")
            if key == "p":
                return val
    return None


def claims(text: str) -> bool:
    url = split_url(text)
    return bool(url.host) and (url.host.endswith(HOSTS) or "penpa" in url.path.lower()) \
        and _p(text) is not None


def inflate_raw(data: bytes) -> bytes:
    """A raw deflate stream, inflated to at most MAX_OUTPUT bytes (never more: a bomb is
    refused before it grows)."""
    inflater = zlib.decompressobj(-15)
    try:
        out = inflater.decompress(data, MAX_OUTPUT)
    except zlib.error as err:
        raise FormatError(NAME, None, "a valid raw deflate stream", found=str(err)) from None
    if inflater.unconsumed_tail or (len(out) >= MAX_OUTPUT and not inflater.eof):
        raise FormatError(NAME, None, f"at most {MAX_OUTPUT} bytes once inflated")
    if not inflater.eof:
        raise FormatError(NAME, None, "a complete deflate stream", found="a truncated one")
    return out


def penpa_text(p: str) -> str:
    """The text a `p=` value holds, penpa's substitutions undone."""
    check_length(NAME, p, MAX_DATA)
    data = p.strip().replace(" ", "+").replace("%2B", "+").replace("%2F", "/").replace("%3D", "=")
    for pos, ch in enumerate(data):
        if not (ch.isascii() and (ch.isalnum() or ch in "+/=-_")):
            raise FormatError(NAME, pos, "a base64 character", found=repr(ch))
    try:
        raw = base64.b64decode(data.replace("-", "+").replace("_", "/").rstrip("=")
                               + "=" * (-len(data.rstrip("=")) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise FormatError(NAME, len(data), "base64 data of a whole number of bytes") from None
    try:
        text = inflate_raw(raw).decode("utf-8")
    except UnicodeDecodeError as err:
        raise FormatError(NAME, None, "UTF-8 text once inflated", found=str(err)[:60]) from None
    for plain, short in reversed(COMPRESS_SUB):
        text = text.replace(short, plain)
    return text


class Grid:
    """Where penpa's point numbers lie on the puzzle's n x n grid."""

    def __init__(self, nx: int, ny: int, space: list[int]) -> None:
        self.nx0 = nx + 4
        self.total = self.nx0 * (ny + 4)
        self.top, self.left = 2 + space[0], 2 + space[2]
        self.n = nx - space[2] - space[3]

    def frame(self, k: int) -> tuple[int, int, int] | None:
        """(type, frame column, frame row) of point k; types 0 centre, 1 corner, 2 lower
        edge, 3 right edge, 4 quarter corner (then the column and row of its cell)."""
        if k < 0:
            return None
        kind, rest = divmod(k, self.total)
        if kind >= 4:
            if kind >= 8:
                return None
            rest = (k - 4 * self.total) // 4
            kind = 4
        row, col = divmod(rest, self.nx0)
        return kind, col, row

    def cell(self, k: int) -> int | None:
        """The grid cell of a centre point (or the cell of a quarter corner), else None."""
        found = self.frame(k)
        if found is None or found[0] not in (0, 4):
            return None
        r, c = found[2] - self.top, found[1] - self.left
        return r * self.n + c if 0 <= r < self.n and 0 <= c < self.n else None

    def outside(self, k: int) -> tuple[int, int] | None:
        """(row, column) of a centre point just outside the grid (row or column -1 or n)."""
        found = self.frame(k)
        if found is None or found[0] != 0:
            return None
        r, c = found[2] - self.top, found[1] - self.left
        inside = 0 <= r < self.n and 0 <= c < self.n
        return (r, c) if not inside and -1 <= r <= self.n and -1 <= c <= self.n else None

    def centre(self, key: object) -> int | None:
        """The grid cell whose centre point a key names, else None."""
        k = _int(key)
        found = self.frame(k) if k is not None else None
        return self.cell(k) if k is not None and found is not None and found[0] == 0 else None

    def edge(self, k: int) -> tuple[int, int] | None:
        """The two cells an edge's middle point lies between."""
        found = self.frame(k)
        if found is None or found[0] not in (2, 3):
            return None
        kind, col, row = found
        r, c = row - self.top, col - self.left
        other = (r + 1, c) if kind == 2 else (r, c + 1)
        if not all(0 <= a < self.n and 0 <= b < self.n for a, b in ((r, c), other)):
            return None
        return r * self.n + c, other[0] * self.n + other[1]

    def corner(self, k: int) -> tuple[int, int] | None:
        """The grid corner (row, column of the lines, 0..n) a corner point is."""
        found = self.frame(k)
        if found is None or found[0] != 1:
            return None
        return found[2] + 1 - self.top, found[1] + 1 - self.left


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(text: object) -> int | None:
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    if isinstance(text, str) and text.strip().isdigit() and len(text.strip()) <= 6:
        return int(text.strip())
    return None


class Reader:
    """The puzzle in penpa's setter layer."""

    def __init__(self, grid: Grid, rules: str) -> None:
        self.grid = grid
        self.n = grid.n
        self.rules = rules.lower()
        self.found: list[Constraint] = []
        self.others: dict[str, tuple[dict[str, Any], set[int]]] = {}
        self.guesses: list[str] = []

    def other(self, layer: str, key: object, item: object, cells: list[int] | tuple[int, ...] = ()) -> None:
        data, touched = self.others.setdefault(layer, ({}, set()))
        data[str(key)] = item
        touched.update(i for i in cells if i is not None)

    def cells_of_key(self, key: object) -> list[int]:
        out = []
        for part in str(key).split(","):
            k = _int(part)
            if k is None:
                continue
            cell = self.grid.cell(k)
            if cell is None and self.grid.edge(k):
                cell = self.grid.edge(k)[0]  # type: ignore[index]
            if cell is not None:
                out.append(cell)
        return out

    def read(self, q: dict[str, Any], cells: list[Cell]) -> None:
        numbers = _dict(q.get("number"))
        symbols = _dict(q.get("symbol"))
        small = _dict(q.get("numberS"))
        self._numbers(numbers, cells)
        used_small = self._killer(q.get("killercages"), small)
        for key, item in small.items():
            if key not in used_small:
                self.other("numberS", key, item, self.cells_of_key(key))
        used_symbols = self._lines(q.get("line"), symbols)
        self._paths(q.get("thermo"), "thermo")
        self._paths(q.get("arrows"), "arrows")
        self._symbols({k: v for k, v in symbols.items() if k not in used_symbols})
        for layer, item in q.items():
            if layer in IGNORED or layer in ("number", "symbol", "numberS", "killercages", "line",
                                             "thermo", "arrows", "lineE") or not item:
                continue
            if isinstance(item, dict):
                for key, part in item.items():
                    self.other(layer, key, part, self.cells_of_key(key))
            elif isinstance(item, list):
                for k, part in enumerate(item):
                    self.other(layer, k, part, self.cells_of_key(",".join(
                        str(x) for x in part) if isinstance(part, list) else part))

    def _numbers(self, numbers: dict[str, Any], cells: list[Cell]) -> None:
        for key, item in numbers.items():
            k = _int(key)
            text = str(item[0]).strip() if isinstance(item, list) and item else ""
            cell = self.grid.centre(key)
            digit = _int(text)
            if cell is not None and digit is not None and 1 <= digit <= self.n:
                cells[cell] = given(digit)
                continue
            edge = self.grid.edge(k) if k is not None else None
            if edge and text.upper() in ("X", "V"):
                self.found.append(Dot(text.lower(), edge))
                continue
            spot = self.grid.outside(k) if k is not None else None
            if spot and digit is not None and "sandwich" in self.rules:
                self.found.append(Clue("sandwich", spot[0], spot[1], digit))
                continue
            self.other("number", key, item, self.cells_of_key(key))

    def _killer(self, cages: object, small: dict[str, Any]) -> set[str]:
        used: set[str] = set()
        if not isinstance(cages, list):
            return used
        sums: dict[int, list[tuple[str, int | None]]] = {}
        for key, item in small.items():
            k = _int(key)
            found = self.grid.frame(k) if k is not None else None
            if found is None or found[0] != 4 or not isinstance(item, list) or not item:
                continue
            cell = self.grid.cell(k)  # type: ignore[arg-type]
            if cell is not None:
                sums.setdefault(cell, []).append((key, _int(item[0])))
        for k, cage in enumerate(cages):
            cells = [self.grid.cell(p) for p in cage if _int(p) is not None] if isinstance(cage, list) else []
            if not cells or None in cells or len(set(cells)) != len(cells) or len(cells) > self.n:
                self.other("killercages", k, cage, [i for i in cells if i is not None])
                continue
            shown = [s for i in cells for s in sums.get(i, [])]  # type: ignore[arg-type]
            if len(shown) > 1 or (shown and shown[0][1] is None):
                self.other("killercages", k, cage, cells)  # type: ignore[arg-type]
                continue
            used.update(key for key, _ in shown)
            self.found.append(Cage(cells, shown[0][1] if shown else None))  # type: ignore[arg-type]
        return used

    def _paths(self, paths: object, layer: str) -> None:
        if not isinstance(paths, list):
            return
        for k, path in enumerate(paths):
            found = [self.grid.centre(p) for p in path] if isinstance(path, list) else [None]
            cells = [i for i in found if i is not None]
            if len(cells) != len(found) or len(cells) < (1 if layer == "thermo" else 2):
                self.other(layer, k, path, cells)
                continue
            self.found.append(Line("thermo", cells) if layer == "thermo" else Arrow(cells[:1], [cells]))

    def _lines(self, lines: object, symbols: dict[str, Any]) -> set[str]:
        """Grey lines between cell centres joined into paths: a between line when white
        circles sit on both ends (the circles then taken), else a palindrome (a guess)."""
        used: set[str] = set()
        if not isinstance(lines, dict):
            return used
        links: dict[int, list[int]] = {}
        for key, style in lines.items():
            ends = [self.grid.centre(p) for p in str(key).split(",")]
            if len(ends) != 2 or style not in GREY_LINES:
                self.other("line", key, style, self.cells_of_key(key))
                continue
            a, b = ends
            if a is None or b is None:
                self.other("line", key, style, self.cells_of_key(key))
                continue
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        seen: set[int] = set()
        for start in sorted(links):
            if start in seen or len(links[start]) != 1:
                continue
            path = [start]
            while True:
                nxt = [i for i in links[path[-1]] if i not in path]
                if not nxt:
                    break
                path.append(nxt[0])
            seen.update(path)
            circles = [self._white_circle(i, symbols) for i in (path[0], path[-1])]
            if circles[0] and circles[1] and len(path) >= 3:
                used.update(c for c in circles if c)
                self.found.append(Line("between", path))
            else:
                self.found.append(Line("palindrome", path))
                self.guesses.append("palindrome")
        for cell, neighbours in links.items():
            if cell not in seen:  # loops and branches: not one path
                seen.add(cell)
                self.other("line", cell, neighbours, [cell])
        return used

    def _white_circle(self, cell: int, symbols: dict[str, Any]) -> str | None:
        for key, item in symbols.items():
            if self.grid.centre(key) == cell and isinstance(item, list) and len(item) >= 2 \
                    and item[1] == "circle_L" and item[0] in WHITE_CIRCLES:
                return str(key)
        return None

    def _symbols(self, symbols: dict[str, Any]) -> None:
        for key, item in symbols.items():
            k = _int(key)
            style, name = (item[0], item[1]) if isinstance(item, list) and len(item) >= 2 else (None, None)
            edge = self.grid.edge(k) if k is not None else None
            cell = self.grid.centre(key)
            if edge and name == "circle_SS" and style in WHITE_CIRCLES | BLACK_CIRCLES:
                self.found.append(Dot("black" if style in BLACK_CIRCLES else "white", edge))
            elif cell is not None and name in ("circle_L", "square_L") and style in GREY_SHAPES:
                self.found.append(Mark("odd" if name == "circle_L" else "even", cell))
            else:
                self.other("symbol", key, item, self.cells_of_key(key))

    def result(self) -> tuple[list[Constraint], list[str]]:
        out: list[Constraint] = []
        warnings: list[str] = []
        for item in dict.fromkeys(self.found):
            try:
                validate([item], self.n, self.n, self.n, frozenset(), True)
            except Exception:  # an element the grid cannot hold: carried instead
                self.other(item.kind, repr(item)[:60], None, list(item.cells))
                continue
            out.append(item)
        if self.guesses:
            warnings.append(f"{len(self.guesses)} grey line(s) read as palindromes (penpa draws "
                            "other lines alike: check the rules)")
        names = []
        for layer, (data, touched) in self.others.items():
            text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
            if len(text) > MAX_OTHER:
                warnings.append(f"penpa's {quoted(layer)} layer ({len(text)} characters) is too large "
                                "to carry and cannot be kept")
                continue
            out.append(Other("penpa:" + layer[:30], text, sorted(touched)))
            names.append(layer)
        if names:
            warnings.append(f"penpa layers whose rule pycore does not recognise ({', '.join(names)}) "
                            "are carried and drawn, never checked")
        return out, warnings


def _regions(grid: Grid, borders: object) -> tuple[list[int] | None, list[str]]:
    """Each cell's region from the thick edges (None: the standard boxes), and a warning
    when the thick edges cut no n regions of n cells."""
    n = grid.n
    if not isinstance(borders, dict):
        return None, []
    thick: set[frozenset[tuple[int, int]]] = set()
    for key, style in borders.items():
        ends = [_int(p) for p in str(key).split(",")]
        if len(ends) == 2 and None not in ends and style in BORDERS:
            corners = [grid.corner(p) for p in ends]  # type: ignore[arg-type]
            if None not in corners:
                thick.add(frozenset(corners))  # type: ignore[arg-type]
    if not thick:
        return None, []
    region = [-1] * (n * n)
    count = 0
    for start in range(n * n):
        if region[start] >= 0:
            continue
        region[start] = count
        todo = [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, n)
            for j, wall in ((i + 1, ((r, c + 1), (r + 1, c + 1))) if c < n - 1 else (None, None),
                            (i + n, ((r + 1, c), (r + 1, c + 1))) if r < n - 1 else (None, None),
                            (i - 1, ((r, c), (r + 1, c))) if c > 0 else (None, None),
                            (i - n, ((r, c), (r, c + 1))) if r > 0 else (None, None)):
                if j is not None and wall is not None and region[j] < 0 and frozenset(wall) not in thick:
                    region[j] = count
                    todo.append(j)
        count += 1
    sizes = [region.count(k) for k in range(count)]
    if count != n or any(s != n for s in sizes):
        return None, [f"thick lines that cut {count} regions, not {n} of {n} cells: the standard "
                      "boxes are used instead"]
    return region, []


def decode(text: str) -> Imported:
    check_length(NAME, text)
    p = _p(text)
    if p is None:
        raise FormatError(NAME, None, LOOKS_FOR, found=repr(text.strip()[:30]))
    if p.startswith("http"):
        raise FormatError(NAME, 0, "the puzzle itself, not a link to another site's puzzle",
                          found=quoted(p))
    lines = penpa_text(p).split("\n")
    head = lines[0].split(",")
    if head and head[0][:1].isdigit():
        raise FormatError(NAME, 0, "a penpa+ link of today's form (this is penpa's first version)")
    if len(head) < 15 or len(lines) < 4:
        raise FormatError(NAME, 0, "penpa's header line and its setter's layer",
                          found=f"{len(head)} fields, {len(lines)} lines")
    if head[0] not in ("square", "sudoku"):
        raise FormatError(NAME, 0, "a square grid (sudoku mode)", found=quoted(head[0]))
    nx, ny = _int(head[1]), _int(head[2])
    if nx is None or ny is None or not (1 <= nx <= 40 and 1 <= ny <= 40):
        raise FormatError(NAME, 1, "the grid's width and height", found=f"{head[1][:8]},{head[2][:8]}")
    spaces = parse_json(NAME, lines[1])
    read = [_int(s) for s in spaces] if isinstance(spaces, list) and len(spaces) == 4 else []
    space = [s for s in read if s is not None and s < 40]
    if len(space) != 4:
        raise FormatError(NAME, None, "four edge spaces on line 2", found=quoted(lines[1]))
    grid = Grid(nx, ny, space)
    n = grid.n
    if n != ny - space[0] - space[1] or n not in DEFAULT_BOX:
        raise FormatError(NAME, 1, "a square sudoku grid of 4, 6, 8, 9, 12, 16 or 25 cells a side",
                          found=f"{nx - space[2] - space[3]}x{ny - space[0] - space[1]}")
    q = parse_json(NAME, lines[3])
    if not isinstance(q, dict):
        raise FormatError(NAME, None, "the setter's layer (a JSON object) on line 4")
    fields = head[15:]
    title = fields[0].replace("%2C", ",").removeprefix("Title:").strip() if fields else ""
    author = fields[1].replace("%2C", ",").removeprefix("Author:").strip() if len(fields) > 1 else ""
    rules = ""
    if len(fields) > 3:
        rules = fields[3].replace("%2C", ",").replace("%2D", "\n").replace("%2E", "&").replace("%2F", "=")
        rules = re.sub(r"<br\s*/?>", "\n", rules)
    cells: list[Cell] = [EMPTY] * (n * n)
    reader = Reader(grid, rules)
    reader.read(q, cells)
    a = parse_json(NAME, lines[4]) if len(lines) > 4 and lines[4].strip() else {}
    played = 0
    if isinstance(a, dict) and isinstance(a.get("number"), dict):
        for key, item in a["number"].items():
            k, text_ = _int(key), (str(item[0]) if isinstance(item, list) and item else "")
            cell = grid.centre(k)
            digit = _int(text_)
            if cell is not None and digit is not None and 1 <= digit <= n and cells[cell] is EMPTY:
                cells[cell] = value(digit)
                played += 1
    constraints, warnings = reader.result()
    if head[11:12] == ["1"]:
        constraints.append(Rule("diagonal-"))
    if head[14:15] == ["1"]:
        constraints.append(Rule("diagonal+"))
    regions, lost = _regions(grid, q.get("lineE"))
    texts, changed = words(title, author, rules)
    puzzle = Puzzle("sudoku", n, tuple(cells)).with_info(*texts)
    if regions is not None or constraints:
        puzzle = puzzle.with_variants(regions, constraints)
    if len(fields) > 6 and _has_image(fields[6]):
        warnings.append("a background image cannot be kept")
    return Imported(NAME, puzzle, tuple(lost + warnings + changed))


def _has_image(field: str) -> bool:
    """Whether the header's background-image field holds an image (it is deflated JSON,
    `null` or an empty object when there is none)."""
    try:
        data = json.loads(inflate_raw(base64.b64decode(field + "=" * (-len(field) % 4))).decode())
    except (FormatError, ValueError, binascii.Error):
        return bool(field.strip())
    return bool(data) and bool(data.get("url", data.get("src", True)) if isinstance(data, dict) else data)
