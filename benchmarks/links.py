"""Link lengths: every link format on the shipped corpus, and compact's speed.

    python -m benchmarks.links            # the Markdown table (and timings)
    python -m benchmarks.links --check    # also fail if a length target is missed

For each group and format: mean and max characters of the link's fragment (the
text after `#`, tag included). A format that cannot hold a grid without loss
shows `-` for its group (every seed format for the coloured group: they hold no
corner marks or colours). For 9x9 grids without notes, `limit` is the information limit,
in 6-bit characters: which cells hold what (a multinomial),
each given's digit among those earlier givens in its houses leave, each value
among those givens and earlier values leave (any of 9 when it conflicts), each
cell's marks as a non-empty subset of its possibles (any non-empty subset of
1..9 when a mark lies outside them). `ratio` = compact mean / limit mean.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable

from pycore import links
from pycore.errors import FormatError
from pycore.formats import compact
from pycore.model import Cell, Puzzle, candidates, given, value

from .corpus import load

SEEDS = ("offset", "str8ts", "binary", "jcode", "bitcell")
COLUMNS = ("compact", *SEEDS, "plain")


def plain(puzzle: Puzzle) -> str:
    """The 81-character line (digits, `.` for empty): givens-only 9x9 sudoku only."""
    if puzzle.kind != "sudoku" or puzzle.size != 9 or puzzle.layout is not None:
        raise FormatError("plain", None, "a 9x9 sudoku")
    if any(c.kind not in ("empty", "given") for c in puzzle.cells):
        raise FormatError("plain", None, "givens only")
    return "".join(str(c.digit) if c.digit else "." for c in puzzle.cells)


def fragment(puzzle: Puzzle, name: str) -> str | None:
    try:
        return plain(puzzle) if name == "plain" else links.fragment(puzzle, name)
    except FormatError:
        return None


def limit_bits(puzzle: Puzzle) -> float:
    """The information limit for a 9x9 grid, in bits (the module's docstring says how)."""
    geo = puzzle.geometry
    cells = puzzle.cells
    counts: dict[str, int] = defaultdict(int)
    for c in cells:
        counts[c.kind] += 1
    bits = math.lgamma(len(cells) + 1) - sum(math.lgamma(k + 1) for k in counts.values())
    bits /= math.log(2)
    used: dict[int, set[int]] = defaultdict(set)  # cell -> digits its peers hold so far
    for kind in ("given", "value"):
        for i, c in enumerate(cells):
            if c.kind != kind:
                continue
            room = 9 - len(used[i])
            bits += math.log2(room) if c.digit not in used[i] and room else math.log2(9)
            for j in geo.peers[i]:
                used[j].add(c.digit)
    for i, c in enumerate(cells):
        if c.kind == "candidates":
            p = 9 - len(used[i])
            inside = not c.candidates & used[i]
            bits += math.log2(2**p - 1) if inside and p else math.log2(2**9 - 1)
    return bits


def timed(action: Callable[[], object], repeat: int = 20) -> float:
    """Best of `repeat` runs, in milliseconds."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def measure() -> tuple[list[str], dict[str, dict[str, list[int] | None]], dict[str, list[float]]]:
    groups: list[str] = []
    lengths: dict[str, dict[str, list[int] | None]] = {}
    limits: dict[str, list[float]] = defaultdict(list)
    for group, puzzle in load():
        if group not in lengths:
            groups.append(group)
            lengths[group] = {name: [] for name in COLUMNS}
        for name in COLUMNS:
            seen = lengths[group][name]
            if seen is None:
                continue
            frag = fragment(puzzle, name)
            if frag is None:
                lengths[group][name] = None
                continue
            if name == "compact":
                assert links.read(frag) == ("compact", puzzle), "compact must read back"
            seen.append(len(frag))
        if puzzle.kind == "sudoku" and puzzle.size == 9 and puzzle.layout is None \
                and not puzzle.has_notes:  # the limit above says nothing of notes
            limits[group].append(limit_bits(puzzle) / 6)
    return groups, lengths, limits


def table(groups: list[str], lengths: dict[str, dict[str, list[int] | None]],
          limits: dict[str, list[float]]) -> str:
    head = ["corpus (grids)", *COLUMNS, "limit", "ratio"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for group in groups:
        row = lengths[group]
        count = len(row["compact"] or [])
        out = [f"{group} ({count})"]
        for name in COLUMNS:
            seen = row[name]
            out.append("-" if not seen else f"{statistics.mean(seen):.1f} / {max(seen)}")
        if limits.get(group):
            limit = statistics.mean(limits[group])
            out += [f"{limit:.1f}", f"{statistics.mean(row['compact'] or [0]) / limit:.3f}"]
        else:
            out += ["", ""]
        rows.append("| " + " | ".join(out) + " |")
    return "\n".join(rows)


def worst_case(rng: random.Random) -> Puzzle:
    """25x25 with every cell random: clashing digits, marks outside the possibles."""
    def cell() -> Cell:
        roll = rng.random()
        if roll < 0.2:
            return given(rng.randint(1, 25))
        if roll < 0.4:
            return value(rng.randint(1, 25))
        return candidates(rng.sample(range(1, 26), rng.randint(1, 25)))
    return Puzzle("sudoku", 25, tuple(cell() for _ in range(625)))


def timings() -> list[tuple[str, float, float, int]]:
    """(grids, encode ms, decode ms, characters): the slowest grid of each kind, best of 20."""
    grids = {"25x25, full candidates": [p for g, p in load() if g.startswith("25x25, full")],
             "25x25, every cell random": [worst_case(random.Random(k)) for k in range(3)]}
    out = []
    for name, puzzles in grids.items():
        enc = dec = 0.0
        size = 0
        for puzzle in puzzles:
            text = compact.encode(puzzle)
            enc = max(enc, timed(lambda p=puzzle: compact.encode(p)))  # type: ignore[misc]
            dec = max(dec, timed(lambda t=text: compact.decode(t)))  # type: ignore[misc]
            size = max(size, len(text))
        out.append((name, enc, dec, size))
    return out


TARGETS = {  # group -> largest allowed mean of compact's fragment
    "9x9, 17 givens": 20,
    "9x9, 25 givens": 25,
    "9x9 mid-solve, realistic": 64,
    "9x9 mid-solve, adversarial": 97,
    "9x9 mid-solve, coloured": 80,  # corner marks and colours too (corpus.coloured)
}


def check(groups: list[str], lengths: dict[str, dict[str, list[int] | None]]) -> list[str]:
    failures = []
    for group, bound in TARGETS.items():
        mean = statistics.mean(lengths[group]["compact"] or [0])
        if mean > bound:
            failures.append(f"{group}: mean {mean:.1f} > {bound}")
    for group in groups:
        row = lengths[group]
        mine = row["compact"] or []
        seeds = [row[s] for s in SEEDS if row[s]]
        for k, length in enumerate(mine):
            shortest = min(seen[k] for seen in seeds if seen) if seeds else math.inf
            if length > shortest:
                failures.append(f"{group}: grid {k} compact {length} > seed {shortest}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    groups, lengths, limits = measure()
    print("Fragment length in characters, mean / max (`-`: the format cannot hold the group).")
    print()
    print(table(groups, lengths, limits))
    print()
    print("| compact speed (slowest grid, best of 20) | encode | decode | characters |")
    print("|---|---|---|---|")
    for group, enc, dec, size in timings():
        print(f"| {group} | {enc:.1f} ms | {dec:.1f} ms | {size} |")
    if args.check:
        failures = check(groups, lengths)
        for line in failures:
            print("MISSED", line, file=sys.stderr)
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
