"""Collections: a file of puzzles, one a line, converted line by line.

People keep puzzles in files of thousands of lines (HoDoKu's files, 17-clue lists, other
apps' exports). `pycore convert FROM TO FILE --each-line` reads such a file (UTF-8, or
UTF-16 when it starts with a byte-order mark, as Windows tools write them), skips blank
lines and lines that are only a `#` comment, converts every other line, and keeps going
past bad ones: each is reported on stderr with its line number, and the exit status is 1
at the end when any failed. On a terminal, stderr shows a progress line with the rate;
piped, it shows none. Standard library only, like the rest of the core.
"""

from __future__ import annotations

import codecs
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TextIO

from .. import formats, links
from ..errors import FormatError, PuzzleError, first_line
from ..model import Puzzle

__all__ = ["Tally", "convert_file", "convert_lines", "decode_file", "read_collection"]

EVERY = 0.2  # seconds between progress updates
BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def decode_file(data: bytes) -> str:
    """A file's text: UTF-8 or UTF-16 by its byte-order mark, else UTF-8, else Latin-1 (a
    byte no encoding explains must not stop a whole collection)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return data.decode(encoding)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


@dataclass
class Tally:
    """What a run did: lines converted, lines skipped (blank or comment), failures by line."""

    converted: int = 0
    skipped: int = 0
    failed: list[int] = field(default_factory=list)
    warned: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        rate = f", {self.converted / self.seconds:,.0f} lines/s" if self.seconds > 0 else ""
        failed = ""
        if self.failed:
            shown = ", ".join(map(str, self.failed[:10])) + (", ..." if len(self.failed) > 10 else "")
            failed = f", {len(self.failed):,} failed (line {shown})"
        warned = f", {self.warned:,} with warnings" if self.warned else ""
        return f"{self.converted:,} converted{failed}{warned}, {self.skipped:,} skipped{rate}"


class _Progress:
    """`12,345/50,000 lines  4,321 lines/s` redrawn in place on a terminal's stderr."""

    def __init__(self, stream: TextIO, total: int, shown: bool) -> None:
        self.stream = stream
        self.total = total
        self.shown = shown
        self.start = self.last = time.perf_counter()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if not self.shown or (now - self.last < EVERY and done < self.total):
            return
        self.last = now
        rate = done / (now - self.start) if now > self.start else 0.0
        width = 24
        filled = width * done // max(self.total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{self.total:,} lines"
                          f"  {rate:,.0f} lines/s")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")  # clear the line: the summary comes next
            self.stream.flush()


def convert_lines(
    lines: Iterable[str],
    convert: Callable[[str], tuple[str, tuple[str, ...]]],
    out: TextIO,
    err: TextIO,
    describe: Callable[[Exception], str],
    *,
    faults: tuple[type[Exception], ...] = (ValueError,),
    progress: bool | None = None,
    warnings: bool = False,
) -> Tally:
    """Convert each line with `convert` (text -> (converted text, warnings)), printing the
    results to `out` and, for each line whose fault is one of `faults`, `line N: <describe>`
    to `err`; anything else (a bug) still stops the run. `progress` None means: only when
    `err` is a terminal."""
    todo = list(lines)
    shown = err.isatty() if progress is None else progress
    bar = _Progress(err, len(todo), shown)
    tally = Tally()
    for number, raw in enumerate(todo, start=1):
        line = raw.strip().removeprefix("\ufeff")
        if not line or line.startswith("#"):
            tally.skipped += 1
        else:
            try:
                text, said = convert(line)
            except faults as fault:
                tally.failed.append(number)
                if shown:
                    bar.close()
                err.write(f"gridlinks: line {number}: {describe(fault)}\n")
            else:
                out.write(text + "\n")
                tally.converted += 1
                if said:
                    tally.warned += 1
                    if warnings:
                        err.writelines(f"gridlinks: line {number}: warning: {w}\n" for w in said)
        bar.update(number)
    bar.close()
    tally.seconds = time.perf_counter() - bar.start
    return tally


def read_collection(path: str) -> list[str]:
    """The lines of a file, or of standard input for '-'."""
    if path == "-":
        return decode_file(sys.stdin.buffer.read()).splitlines()
    with open(path, "rb") as handle:
        return decode_file(handle.read()).splitlines()


def convert_file(path: str, source: str, target: str, *, lossy: bool = False,
                 kind: str | None = None, verbose: bool = False,
                 out: TextIO | None = None, err: TextIO | None = None) -> Tally:
    """`pycore convert FROM TO PATH --each-line`: every line of the file in `target`, bad
    lines reported by number, and a summary line on stderr."""
    out = out or sys.stdout
    err = err or sys.stderr
    options = {"kind": kind} if kind and source == "jcode" else {}

    def convert(line: str) -> tuple[str, tuple[str, ...]]:
        said: tuple[str, ...] = ()
        if source == links.NAME:
            found = links.read_any(line)
            puzzle: Puzzle = found.puzzle
            said = tuple(found.warnings)
        else:
            puzzle = formats.decode(source, line, **options)
        return formats.encode(target, puzzle, lossy=lossy), said

    tally = convert_lines(read_collection(path), convert, out, err,
                          lambda fault: first_line(fault, verbose),
                          faults=(FormatError, PuzzleError), warnings=verbose)
    err.write(f"gridlinks: {tally.summary()}\n")
    return tally
