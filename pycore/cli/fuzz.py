"""A long-running fuzzer for every decoder: only FormatError may ever come out.

`pycore fuzz --seconds N` mutates valid texts of every format (variant puzzles and
their f-puzzles JSON and links among them; truncation, bit
flips, wrong headers, huge sizes, wrong lengths, unicode, NUL, white space) and
random text, feeds them to each decoder, and prints per decoder how many inputs
were tried, how many were accepted, and the slowest input's time. Anything but
FormatError (or a decoder slower than --slow seconds) is a finding: it is
printed with the input (repr) and the run exits 1. Standard library only, so it
runs under Pyodide too.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import formats, links
from ..errors import FormatError, PuzzleError
from ..formats.tools import fpuzzles
from ..model import (
    BLACK,
    DEFAULT_BOX,
    EMPTY,
    OUTSIDE,
    STR8TS_SIZES,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    value,
)
from ..variants import Cage, Clue, Constraint, Dot, Line, Other, Rule

Decoder = Callable[[str], object]


def decoders() -> dict[str, Decoder]:
    """Every text decoder pycore has: the formats, jcode of each kind, links, imports."""
    def decoder(name: str, **options: str) -> Decoder:
        return lambda text: formats.decode(name, text, **options)

    table: dict[str, Decoder] = {}
    for name in formats.FORMATS:
        for options in formats.link_form(name).options():  # one decoder per kind it reads
            label = " ".join([name, *options.values()])
            table[label] = decoder(name, **options)
    table["auto"] = links.read
    table["auto + imports"] = links.read_any
    return table


def random_puzzle(rng: random.Random) -> Puzzle:
    """A random state of a random shape: every cell kind, conflicts allowed."""
    roll = rng.random()
    if roll < 0.1:
        blank = Puzzle.blank(layout=Layout.samurai() if rng.random() < 0.5 else Layout(3, 4, 3))
    elif roll < 0.4:
        blank = Puzzle.blank("str8ts", rng.choice(STR8TS_SIZES[:7]))
    else:
        blank = Puzzle.blank(size=rng.choice([4, 6, 8, 9, 9, 9, 12, 16] if rng.random() < 0.95
                                              else list(DEFAULT_BOX)))
    n = blank.size
    changes: dict[int, Cell] = {}
    for i in rng.sample(range(len(blank.cells)), k=min(len(blank.cells), rng.randint(0, 60))):
        if blank.cells[i] == OUTSIDE:
            continue
        kind = rng.random()
        if kind < 0.35:
            changes[i] = given(rng.randint(1, n))
        elif kind < 0.6:
            changes[i] = value(rng.randint(1, n))
        elif kind < 0.85:
            changes[i] = candidates(rng.sample(range(1, n + 1), rng.randint(1, n)))
        elif blank.kind == "str8ts":
            changes[i] = BLACK if kind < 0.92 else black(rng.randint(1, n))
        else:
            changes[i] = EMPTY
    puzzle = blank.with_cells(changes)
    if blank.kind == "sudoku" and blank.layout is None and rng.random() < 0.4:
        with contextlib.suppress(PuzzleError):  # elements that clash are simply left out
            puzzle = puzzle.with_variants(constraints=random_rules(rng, n))
    return puzzle


def random_rules(rng: random.Random, n: int) -> list[Constraint]:
    """A few variant elements of several kinds on an n x n grid (valid by construction)."""
    def path(length: int) -> list[int]:
        cells = [rng.randrange(n * n)]
        while len(cells) < length:
            r, c = divmod(cells[-1], n)
            steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                     and (r + dr) * n + c + dc not in cells]
            if not steps:
                break
            cells.append(rng.choice(steps))
        return cells

    out: list[Constraint] = []
    for _ in range(rng.randint(1, 6)):
        roll = rng.random()
        if roll < 0.3:
            out.append(Cage(path(rng.randint(1, min(n, 4))), rng.choice([None, rng.randint(1, 40)])))
        elif roll < 0.5:
            kind = rng.choice(("thermo", "renban", "palindrome", "between"))
            out.append(Line(kind, path(rng.randint(2, 5))))
        elif roll < 0.7:
            i = rng.randrange(n * n - n)
            out.append(Dot(rng.choice(("white", "black", "x", "v")), (i, i + n)))
        elif roll < 0.8:
            out.append(Rule(rng.choice(("anti-knight", "anti-king", "diagonal+", "non-consecutive"))))
        elif roll < 0.9:
            out.append(Clue("little-killer", -1, rng.randrange(n), rng.randint(1, 50), "DR"))
        else:
            out.append(Other("lockout[]", '{"n":' + str(rng.randint(0, 9)) + "}", path(2)))
    unique = []
    for item in out:
        if item not in unique:
            unique.append(item)
    return unique


def seeds(rng: random.Random) -> list[str]:
    """Valid texts of every format and link, to mutate."""
    out = []
    for _ in range(8):
        puzzle = random_puzzle(rng)
        for name in formats.FORMATS:
            with contextlib.suppress(FormatError):
                out.append(formats.encode(name, puzzle, lossy=True))
        with contextlib.suppress(FormatError):
            out.append("https://example.org/#" + links.best(puzzle)[1])
        if puzzle.is_variant:  # another tool's JSON and link of a variant puzzle
            with contextlib.suppress(FormatError):
                out.append(json.dumps(fpuzzles.fpuzzles_json(puzzle)))
                out.append(fpuzzles.export(puzzle, lossy=True))
    return out


_NOISE = ["\x00", " ", "\n", "\t", "=", "#", ":", ",", "-", "_", "{", "}", "[", "]", '"', "é", "\u202e",
          "😀", "\ufeff", "0", "9", "v", "w", "z", "Z", "A", "I", "j", "k", "S9B", "T9B", "%3A", "AAE"]


def mutate(text: str, rng: random.Random) -> str:
    """One structured mutation of `text`."""
    op = rng.randrange(10)
    at = rng.randint(0, len(text))
    if op == 0:
        return text[:at]                                           # truncation
    if op == 1 and text:                                           # bit flip
        i = rng.randrange(len(text))
        return text[:i] + chr(ord(text[i]) ^ (1 << rng.randrange(7))) + text[i + 1:]
    if op == 2:
        return text[:at] + rng.choice(_NOISE) + text[at:]           # insert noise
    if op == 3 and text:                                            # delete a run
        return text[:at] + text[at + rng.randint(1, 8):]
    if op == 4:
        return text + text[: rng.randint(1, 200)]                   # wrong length
    if op == 5:
        return rng.choice(["S9B", "T9B", "X9B", "o:", "b:", "j:", "k:", "c:", "t:", "#", "{"]) + text
    if op == 6:
        return text * rng.randint(2, 40)                            # huge
    if op == 7:
        return text.upper() if rng.random() < 0.5 else text.swapcase()
    if op == 8:
        return "".join(rng.choice(_NOISE) for _ in range(rng.randint(0, 40)))
    return text[::-1]


@dataclass
class Tally:
    tried: int = 0
    accepted: int = 0
    slowest: float = 0.0
    slowest_input: str = ""
    findings: list[str] = field(default_factory=list)


def fuzz(seconds: float, seed: int | None = None, slow: float = 1.0,
         only: list[str] | None = None) -> dict[str, Tally]:
    """Fuzz every decoder for about `seconds` in all; returns the tally per decoder."""
    rng = random.Random(seed)
    table = {k: v for k, v in decoders().items() if not only or k in only}
    tallies = {name: Tally() for name in table}
    pool = seeds(rng)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = rng.choice(pool)
        for _ in range(rng.randint(1, 3)):
            text = mutate(text, rng)
        if rng.random() < 0.02:
            pool.append(text[:5000])
        for name, decode in table.items():
            tally = tallies[name]
            start = time.perf_counter()
            try:
                decode(text)
                tally.accepted += 1
            except FormatError:
                pass
            except Exception as err:  # a finding: anything but FormatError
                tally.findings.append(f"{type(err).__name__}: {err} <- {text[:300]!r}")
            took = time.perf_counter() - start
            tally.tried += 1
            if took > tally.slowest:
                tally.slowest, tally.slowest_input = took, text[:120]
            if took > slow:
                tally.findings.append(f"slow ({took:.2f} s) <- {text[:300]!r}")
    return tallies


def report(tallies: dict[str, Tally]) -> str:
    lines = [f"{'decoder':<16} {'tried':>9} {'accepted':>9} {'slowest ms':>11}  findings"]
    for name, t in tallies.items():
        lines.append(f"{name:<16} {t.tried:>9} {t.accepted:>9} {t.slowest * 1000:>11.2f}  {len(t.findings)}")
    for name, t in tallies.items():
        lines += [f"FINDING {name}: {f}" for f in t.findings[:5]]
    return "\n".join(lines)


def arguments(p: argparse.ArgumentParser) -> None:
    """The `fuzz` verb's arguments (pycore.cli.verbs)."""
    p.add_argument("--seconds", type=float, default=10.0, help="how long to run (default 10)")
    p.add_argument("--seed", type=int, default=None, help="random seed, to repeat a run")
    p.add_argument("--slow", type=float, default=1.0, help="seconds one decode may take")
    p.add_argument("--decoder", action="append", help="fuzz only this decoder (repeatable)")


def run(args: argparse.Namespace) -> None:
    tallies = fuzz(args.seconds, args.seed, args.slow, args.decoder)
    print(report(tallies))
    if any(t.findings for t in tallies.values()):
        raise SystemExit(1)
