"""Variant puzzles: link lengths beside f-puzzles' and SudokuPad's, and solve times, on the
corpus of real puzzles with published solutions (tests/data/variants/README.md).

    python -m benchmarks.variants            # the Markdown tables
    python -m benchmarks.variants --check    # also fail if a goal is missed
    python -m benchmarks.variants --pyodide  # solve times in CPython and in Pyodide (Node)

Lengths are of each puzzle as set (its givens and rules, no title, author or words):
our compact link's fragment, f-puzzles' `?load=` payload and SudokuPad's link as our
exporters write them (SudokuPad's: `sudokupad.app/fpuzzles<lz>`, which SudokuPad draws).
The killer group holds the killers of kinds pycore reads (a killer that also carries an
unknown kind is counted with those). Solve time: `count_solutions(puzzle, 2)` (the
solution and the proof of uniqueness) on the puzzles whose kinds pycore checks, the median
of three runs each (one run when the first takes over a second); a search past `--max-nodes`
(default 20,000 nodes) stops there and counts as a miss. Goals (issue #39): a median
killer link of at most 60 characters; solving median at most 50 ms, slowest 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from pycore import links
from pycore.errors import FormatError
from pycore.formats import json as json_form
from pycore.formats.tools import fpuzzles, sudokupad
from pycore.model import Puzzle

from . import stamp
from .in_pyodide import result_here, result_in_pyodide

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "variants" / "puzzles.json"
KILLER_GOAL = 60
MEDIAN_GOAL_MS = 50.0
SLOWEST_GOAL_MS = 2000.0


def records() -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads(CORPUS.read_text("utf-8"))
    return loaded


def puzzle_of(record: dict[str, Any]) -> Puzzle:
    return json_form.from_json(record["json"]).with_info("", "", "")


def lengths(puzzle: Puzzle) -> tuple[int, int | None, int | None]:
    """(ours, f-puzzles' payload, SudokuPad's link) in characters; None where that tool's
    export cannot hold the puzzle."""
    ours = len(links.fragment(puzzle, "compact"))
    try:
        fp: int | None = len(fpuzzles.export(puzzle, lossy=True).partition("load=")[2])
    except FormatError:
        fp = None
    try:
        pad: int | None = len(sudokupad.export(puzzle, lossy=True))
    except FormatError:
        pad = None
    return ours, fp, pad


def solve_ms(puzzle: Puzzle, max_nodes: int = 20_000) -> tuple[float | None, str]:
    """(the median of three timed `count_solutions(puzzle, 2)` in ms, "" or what went
    wrong: "past the node budget", "2 solutions"); None when it cannot answer (a kind it
    does not check)."""
    from pycore.errors import PuzzleError
    from pycore.solve import SearchTooLong, count_solutions

    times = []
    for _ in range(3):
        start = time.perf_counter()
        try:
            found = count_solutions(puzzle, 2, max_nodes=max_nodes)
        except SearchTooLong:
            return (time.perf_counter() - start) * 1000, "past the node budget"
        except PuzzleError:
            return None, ""
        times.append((time.perf_counter() - start) * 1000)
        if found != 1:
            return statistics.median(times), f"{found} solutions"
        if times[0] > 1000:
            break
    return statistics.median(times), ""


TIMING = """
import json, time
from pathlib import Path
from pycore.formats import json as json_form
from pycore.solve import SearchTooLong, count_solutions
out = {}
for record in json.loads(Path("tests/data/variants/puzzles.json").read_text("utf-8")):
    if "other" in record["kinds"]:
        continue
    puzzle = json_form.from_json(record["json"]).with_info("", "", "")
    start = time.perf_counter()
    try:
        found = count_solutions(puzzle, 2, max_nodes=MAX_NODES)
    except SearchTooLong:
        found = -1
    out[record["name"]] = [(time.perf_counter() - start) * 1000, found]
print("RESULT " + json.dumps(out))
"""


def pyodide_times(max_nodes: int) -> int:
    """Each checked puzzle's `count_solutions(p, 2)` once in CPython, then once in Pyodide
    (the vendored runtime under Node, the project folder mounted): medians and ratios."""
    program = f"MAX_NODES = {max_nodes}\n" + TIMING
    cpython = result_here(program)
    pyodide = result_in_pyodide(program)
    both = [(name, cpython[name][0], pyodide[name][0]) for name in cpython
            if cpython[name][1] == 1 and pyodide[name][1] == 1]
    ratios = [p / c for _, c, p in both]
    print("| solved within the budget in both | puzzles | CPython median ms | Pyodide median ms "
          "| ratio median | ratio max | Pyodide slowest ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| checked kinds | {len(both)} | {statistics.median(c for _, c, _ in both):.1f} | "
          f"{statistics.median(p for _, _, p in both):.1f} | {statistics.median(ratios):.2f} | "
          f"{max(ratios):.2f} | {max(p for _, _, p in both):.0f} |")
    print()
    print("| puzzle (slowest in Pyodide) | CPython ms | Pyodide ms | ratio |")
    print("|---|---:|---:|---:|")
    for name, c, p in sorted(both, key=lambda t: -t[2])[:6]:
        print(f"| {name[:40]} | {c:.0f} | {p:.0f} | {p / c:.2f} |")
    name, c, p = max(both, key=lambda t: t[2] / t[1])
    print()
    print(f"Highest ratio: {name[:40]}, {c:.1f} ms in CPython, {p:.1f} ms in Pyodide.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a goal is missed")
    parser.add_argument("--no-solve", action="store_true", help="lengths only")
    parser.add_argument("--max-nodes", type=int, default=20_000,
                        help="search budget per puzzle (past it: a miss)")
    parser.add_argument("--pyodide", action="store_true",
                        help="solve times once in CPython and once in Pyodide under Node")
    args = parser.parse_args(argv)
    if args.pyodide:
        load_before = os.getloadavg()
        print(f"Variant solve times, commit {stamp.commit()}, {stamp.now()}.")
        code = pyodide_times(args.max_nodes)
        print(stamp.machine(load_before, os.getloadavg()))
        return code
    load_before = os.getloadavg()
    rows = []
    for record in records():
        puzzle = puzzle_of(record)
        checked = "other" not in record["kinds"]
        ms, wrong = solve_ms(puzzle, args.max_nodes) if checked and not args.no_solve else (None, "")
        rows.append((record, *lengths(puzzle), ms, wrong))
    load_after = os.getloadavg()
    print(f"Variant corpus, commit {stamp.commit()}, {stamp.now()}.")
    print(stamp.machine(load_before, load_after))
    print()
    print("| group | puzzles | ours (median / max) | f-puzzles payload (median) | SudokuPad link (median) |")
    print("|---|---:|---:|---:|---:|")
    known = [r for r in rows if "other" not in r[0]["kinds"]]
    groups = {"all": rows, "killer": [r for r in known if "killer" in r[0]["kinds"]],
              "checked kinds only": known,
              "with kinds carried unchecked": [r for r in rows if "other" in r[0]["kinds"]]}
    for name, group in groups.items():
        ours = [r[1] for r in group]
        fp = [r[2] for r in group if r[2] is not None]
        pad = [r[3] for r in group if r[3] is not None]
        print(f"| {name} | {len(group)} | {statistics.median(ours):.0f} / {max(ours)} | "
              f"{statistics.median(fp):.0f} | {statistics.median(pad):.0f} |")
    failed = []
    killers = [r[1] for r in groups["killer"]]
    if statistics.median(killers) > KILLER_GOAL:
        failed.append(f"median killer link {statistics.median(killers)} > {KILLER_GOAL}")
    if not args.no_solve:
        timed = [(r[0], r[4]) for r in rows if r[4] is not None]
        print()
        print("| solved (count_solutions, limit 2) | puzzles | median ms | slowest ms | slowest puzzle |")
        print("|---|---:|---:|---:|---|")
        if timed:
            values = [ms for _, ms in timed]
            worst = max(timed, key=lambda t: t[1])
            print(f"| checked kinds | {len(timed)} | {statistics.median(values):.1f} | {worst[1]:.1f} | "
                  f"{worst[0]['name'][:40]} |")
            if statistics.median(values) > MEDIAN_GOAL_MS:
                failed.append(f"median solve {statistics.median(values):.1f} ms > {MEDIAN_GOAL_MS}")
            if worst[1] > SLOWEST_GOAL_MS:
                failed.append(f"slowest solve {worst[1]:.1f} ms > {SLOWEST_GOAL_MS}")
        misses = [r for r in rows if r[4] is not None and (r[4] > SLOWEST_GOAL_MS or r[5])]
        if misses:
            print()
            print("| missed | ms | why |")
            print("|---|---:|---|")
            for r in sorted(misses, key=lambda r: -r[4]):
                print(f"| {r[0]['name'][:40]} | {r[4]:.0f} | {r[5] or 'over 2 s'} |")
            failed.append(f"{len(misses)} puzzles over {SLOWEST_GOAL_MS:.0f} ms, past the "
                          "node budget or not unique")
        unsolved = sum(1 for r in rows if "other" not in r[0]["kinds"] and r[4] is None)
        if unsolved:
            print(f"\n{unsolved} puzzles of checked kinds only could not be solved here.")
    if failed:
        print("\nMissed: " + "; ".join(failed))
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
