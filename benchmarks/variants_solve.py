"""Variant solver speed: `count_solutions(p, 2)` (the uniqueness check) over the variant
puzzles the solver's tests hold, median and slowest, in this Python.

    python -m benchmarks.variants_solve [--repeat 3] [--max-nodes 20000]

Puzzles: tests/solve/variant_puzzles.json (hand-built, one per family: see
scripts/make_variant_puzzles.py), the real sudokuwiki X, windoku and jigsaw strings of
tests/data/imports/examples.json, and every puzzle of the corpus of real puzzles with
published solutions (tests/data/variants/puzzles.json) whose every rule pycore checks.
Each count should be 1; a search past `--max-nodes` is marked.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stamp import commit, machine, now  # noqa: E402
from pycore import from_json  # noqa: E402
from pycore.formats import tools  # noqa: E402
from pycore.model import Puzzle  # noqa: E402
from pycore.solve import SearchTooLong, count_solutions  # noqa: E402

REAL = ("puzzle-coding head_X9B_b36", "puzzle-coding head_W9B_b36",
        "sudokuwiki Sudoku X position", "sudokuwiki jigsaw player J9B")


def puzzles() -> list[tuple[str, Puzzle]]:
    out: list[tuple[str, Puzzle]] = []
    for entry in json.loads((ROOT / "tests" / "solve" / "variant_puzzles.json").read_text("utf-8")):
        out.append((f"{entry['name']} (hand-built)", from_json(entry["json"])))
    examples = json.loads((ROOT / "tests" / "data" / "imports" / "examples.json").read_text("utf-8"))
    for entry in examples:
        if entry["name"] in REAL:
            out.append((entry["name"], tools.read(entry["text"]).puzzle))
    corpus = ROOT / "tests" / "data" / "variants" / "puzzles.json"
    if corpus.is_file():
        for entry in json.loads(corpus.read_text("utf-8")):
            puzzle = from_json(entry["json"])
            if puzzle.is_variant and not puzzle.unchecked:
                out.append((f"{entry['name']} (corpus)", puzzle))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per puzzle")
    parser.add_argument("--max-nodes", type=int, default=20000,
                        help="the search budget: a puzzle past it counts as its time, marked")
    args = parser.parse_args()
    before = os.getloadavg()
    rows = []
    for name, puzzle in puzzles():
        best = float("inf")
        count = 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            try:
                count = count_solutions(puzzle, 2, max_nodes=args.max_nodes)
            except SearchTooLong:
                count = -1
            best = min(best, time.perf_counter() - start)
            if best > 1:
                break  # a slow puzzle is timed once
        rows.append((name, count, best))
    after = os.getloadavg()
    print(f"Variant count_solutions(p, 2), {now()}, commit {commit()}, Python "
          f"{sys.version.split()[0]}")
    print(machine(before, after))
    print()
    for name, count, seconds in rows:
        flag = "" if count == 1 else "  <- past the node budget" if count < 0 \
            else f"  <- {count} solutions counted"
        print(f"  {seconds * 1000:9.1f} ms  {name}{flag}")
    times = [s for _, _, s in rows]
    slowest = max(rows, key=lambda r: r[2])
    print()
    print(f"{len(rows)} puzzles: median {statistics.median(times) * 1000:.1f} ms, "
          f"slowest {slowest[2] * 1000:.1f} ms ({slowest[0]})")


if __name__ == "__main__":
    main()
