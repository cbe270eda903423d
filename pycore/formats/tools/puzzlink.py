"""puzz.link sudoku: `puzz.link/p?sudoku/<cols>/<rows>/<body>` and the `pzprv3` file form.

Facts from robx/pzprjs (src/variety/sudoku.js, src/variety-common/Encode.js and
FileData.js): the URL body is `decodeNumber16`: `0-9a-f` one hex digit, `-xx` two,
`+xxx` three, `.` an unknown (?) clue, `g`..`z` a run of 1..20 empty cells. The file
is `pzprv3`, `sudoku`, the size, then the size rows of clues (`.` empty, `-` ?) and
the size rows of answers (digits; `+ - = % c` are auxiliary marks), lines split by
newlines or `/`, cells by spaces.
"""

from __future__ import annotations

import re

from ...errors import FormatError, quoted
from ...model import DEFAULT_BOX, EMPTY, Cell, Puzzle, given, value
from ._common import Imported, check_length, plural, split_url, unquote_all

NAME = "puzz.link"
FILE = "pzprv3"
HOSTS = ("puzz.link", "pzv.jp")
LOOKS_FOR = "a puzz.link ?sudoku/9/9/… link or a pzprv3/sudoku/… file"
URL = re.compile(r"(?:^|[?/])sudoku/(\d{1,2})/(\d{1,2})/([0-9a-zA-Z.+\-=%@*$]*)$")


GENRE = re.compile(r"\?([A-Za-z0-9_]+)/")


def claims(text: str) -> bool:
    stripped = unquote_all(text.strip())
    return bool(URL.search(stripped)) or stripped.startswith("pzprv3") \
        or split_url(stripped).host.endswith(HOSTS)


def _size(n: int) -> int:
    if n not in DEFAULT_BOX:
        raise FormatError(NAME, None, f"a sudoku size in {tuple(DEFAULT_BOX)}", found=str(n))
    return n


def _url(cols: int, rows: int, body: str) -> Imported:
    if cols != rows:
        raise FormatError(NAME, None, "a square grid", found=f"{cols}x{rows}")
    n = _size(cols)
    clues: list[int] = []
    pos = 0
    unknown = 0
    widths = {"-": 2, "+": 3}
    while pos < len(body) and len(clues) < n * n:
        ch = body[pos]
        if ch in "0123456789abcdef":
            clues.append(int(ch, 16))
            pos += 1
        elif ch in widths:
            digits = body[pos + 1:pos + 1 + widths[ch]]
            if len(digits) != widths[ch] or any(c not in "0123456789abcdef" for c in digits):
                raise FormatError(NAME, pos, f"{widths[ch]} hex digits after {ch!r}")
            clues.append(int(digits, 16))
            pos += 1 + widths[ch]
        elif ch == ".":
            clues.append(0)
            unknown += 1
            pos += 1
        elif "g" <= ch <= "z":
            clues.extend([0] * (int(ch, 36) - 15))
            pos += 1
        else:
            raise FormatError(NAME, pos, "a clue (0-f, -xx, +xxx, .) or a run of blanks (g-z)",
                              found=repr(ch))
    if len(clues) < n * n:
        clues.extend([0] * (n * n - len(clues)))  # pzprjs leaves unwritten trailing cells empty
    cells = []
    for k, d in enumerate(clues[:n * n]):
        if d > n:
            raise FormatError(NAME, k, f"a clue 1..{n}", unit="cell", found=str(d))
        cells.append(given(d) if d else EMPTY)
    warnings = [f"{plural(unknown, 'question-mark clue')} (a clue of unknown value) cannot "
                "be kept"] if unknown else []
    if pos < len(body):
        warnings.append(f"{len(body) - pos} characters after the grid were ignored")
    return Imported(NAME, Puzzle("sudoku", n, tuple(cells)), tuple(warnings))


def _file(text: str) -> Imported:
    lines = [line.strip() for line in re.split(r"[\r\n/]+", text.strip())]
    lines = [line for line in lines if line]
    if len(lines) < 3 or lines[0] != "pzprv3" or lines[1] != "sudoku":
        raise FormatError(FILE, 0, "pzprv3, sudoku and the size on the first lines",
                          found=repr(" / ".join(lines[:2])[:30]))
    if not lines[2].isdigit():
        raise FormatError(FILE, None, "the grid size on the third line", found=repr(lines[2][:10]))
    n = _size(int(lines[2]))
    rows = lines[3:3 + 2 * n]
    if len(rows) < n:
        raise FormatError(FILE, None, f"{n} rows of clues", found=f"{len(rows)} rows")
    cells: list[Cell] = []
    unknown = marks = 0
    for r in range(n):
        toks = rows[r].split()
        if len(toks) != n:
            raise FormatError(FILE, 3 + r, f"{n} cells in row {r + 1}", unit="line",
                              found=f"{len(toks)}")
        answers = rows[n + r].split() if n + r < len(rows) else ["."] * n
        if len(answers) != n:
            raise FormatError(FILE, 3 + n + r, f"{n} answers in row {r + 1}", unit="line",
                              found=f"{len(answers)}")
        for c, (tok, ans) in enumerate(zip(toks, answers, strict=True)):
            if tok == "-":
                unknown += 1
                tok = "."
            if tok != ".":
                if not tok.isdigit() or not 1 <= int(tok) <= n:
                    raise FormatError(FILE, r * n + c, f"a clue 1..{n}, . or -", unit="cell",
                                      found=repr(tok[:6]))
                cells.append(given(int(tok)))
                continue
            ans = ans.split("[", 1)[0]
            if ans.isdigit() and 1 <= int(ans) <= n:
                cells.append(value(int(ans)))
            elif ans in ("+", "-", "=", "%", "c"):
                marks += 1
                cells.append(EMPTY)
            elif ans == ".":
                cells.append(EMPTY)
            else:
                raise FormatError(FILE, r * n + c, f"an answer 1..{n} or .", unit="cell",
                                  found=repr(ans[:6]))
    warnings = []
    if unknown:
        warnings.append(f"{plural(unknown, 'question-mark clue')} cannot be kept")
    if marks:
        warnings.append(f"auxiliary marks in {plural(marks, 'cell')} cannot be kept")
    extra = len(lines) - 3 - 2 * n
    if extra > 0:
        warnings.append(f"{plural(extra, 'line')} after the answers (history or trial data) "
                        "cannot be kept")
    return Imported(FILE, Puzzle("sudoku", n, tuple(cells)), tuple(warnings))


def decode(text: str) -> Imported:
    check_length(NAME, text)
    stripped = unquote_all(text.strip())
    if stripped.startswith("pzprv3"):
        return _file(stripped)
    match = URL.search(stripped)
    if not match:
        genre = GENRE.search(stripped)
        if genre and genre.group(1) != "sudoku":
            raise FormatError(NAME, genre.start(1), "the genre sudoku; the puzz.link genre "
                              f"{quoted(genre.group(1))} is a puzzle this model cannot hold",
                              found=repr(genre.group(1)[:20]))
        raise FormatError(NAME, None, LOOKS_FOR, found=repr(stripped[:30]))
    cols, rows, body = match.groups()
    return _url(int(cols), int(rows), body)
