"""Generator speed: median and worst time to make a puzzle of each shape and level, and
the share of seeds that succeed.

    python -m benchmarks.generate                 # 9x9, CPython and Pyodide (Node), 15 seeds
    python -m benchmarks.generate --seeds 30
    python -m benchmarks.generate --no-pyodide    # CPython only
    python -m benchmarks.generate --no-pyodide --seeds 5 --shapes 4x4,6x6,str8ts-6,samurai,16x16
    python -m benchmarks.generate --no-pyodide --seeds 9 --shapes killer,x,windoku,jigsaw-9,jigsaw-6

Each shape is asked for every level it offers (`pycore.shapes.levels_made`, for the
variants `generate_variants.variant_levels`; `--levels`
picks some) with seeds 0..N-1 (the same puzzles in both runtimes: the generator draws
from `random.Random(seed)` only). A seed that finds no puzzle of the level within the
generator's attempts counts as a failure, and its time still counts. The last column
counts the puzzles whose score also reaches HoDoKu's band for the level
(`techniques.score_band`; the generator takes the best it found when none does).
Pyodide is the vendored runtime (web/node_modules/pyodide) under Node, the project
folder mounted as in tests/pyodide/run.mjs; the page runs the same wasm interpreter
in the browser, so its times are the page's. The page's goal: a 9x9 `hard` under 2 s
median. The machine's load average is printed with the table: other agents sharing
the machine move every number.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.in_pyodide import result_here, result_in_pyodide  # noqa: E402
from benchmarks.stamp import commit, machine, now  # noqa: E402

# The timing loop, run as it is by CPython and by Pyodide: prints one JSON line.
TIMING = """
import json, time
from pycore.shapes import levels_made
from pycore.solve.generate import GenerateFailed, generate, shape_name
from pycore.solve.generate_variants import variant_levels
from pycore.solve.rules import board_of
from pycore.solve.techniques import grade, score_band
out = {}
for shape in SHAPES:
    for level in variant_levels(shape_name(shape)) or levels_made(shape_name(shape)):
        if LEVELS and level not in LEVELS:
            continue
        times, failed, banded = [], 0, 0
        for seed in range(SEEDS):
            start = time.perf_counter()
            try:
                puzzle = generate(shape, level, seed=seed)
            except GenerateFailed:
                failed += 1
                puzzle = None
            times.append(time.perf_counter() - start)
            # a killer's level is not a technique grade (generate_variants): no band
            if puzzle is not None and puzzle.size <= 16 and not shape.startswith("killer"):
                least = score_band(level, len(board_of(puzzle).open))[0]
                banded += grade(puzzle).score >= least
        out[shape + " " + level] = {"times": times, "failed": failed, "banded": banded}
print("RESULT " + json.dumps(out))
"""



def _program(seeds: int, shapes: tuple[str, ...], levels: tuple[str, ...]) -> str:
    return f"SHAPES = {shapes!r}\nLEVELS = {levels!r}\nSEEDS = {seeds}\n" + TIMING


def run_cpython(seeds: int, shapes: tuple[str, ...], levels: tuple[str, ...]
                ) -> dict[str, dict[str, object]]:
    return result_here(_program(seeds, shapes, levels))  # type: ignore[no-any-return]


def run_pyodide(seeds: int, shapes: tuple[str, ...], levels: tuple[str, ...]
                ) -> dict[str, dict[str, object]]:
    return result_in_pyodide(_program(seeds, shapes, levels))  # type: ignore[no-any-return]


def table(name: str, result: dict[str, dict[str, object]]) -> None:
    print(f"\n{name}")
    print("| shape | level | median | worst | seeds that succeed | score in HoDoKu's band |")
    print("|---|---|---:|---:|---:|---:|")
    for key, row in result.items():
        shape, level = key.rsplit(" ", 1)
        times = row["times"]
        failed = row["failed"]
        assert isinstance(times, list) and isinstance(failed, int)
        made = len(times) - failed
        print(f"| {shape} | {level} | {statistics.median(times):.2f} s | {max(times):.2f} s | "
              f"{made}/{len(times)} ({100 * made / len(times):.0f}%) | {row['banded']}/{made} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=15)
    parser.add_argument("--shapes", default="9x9", help="comma-separated, e.g. 9x9,samurai")
    parser.add_argument("--levels", default="", help="only these (default: all the shape offers)")
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    shapes = tuple(args.shapes.split(","))
    levels = tuple(args.levels.split(",")) if args.levels else ()
    print(f"{args.seeds} seeds per shape and level")
    load_before = os.getloadavg()
    start = time.perf_counter()
    table(f"CPython {sys.version.split()[0]}", run_cpython(args.seeds, shapes, levels))
    if not args.no_pyodide:
        table("Pyodide (Node)", run_pyodide(args.seeds, shapes, levels))
    print(f"\n(total {time.perf_counter() - start:.0f} s)")
    print(f"Recorded: {commit()}, {now()}")
    print(machine(load_before, os.getloadavg()))


if __name__ == "__main__":
    main()
