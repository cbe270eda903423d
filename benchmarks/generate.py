"""Generator speed: median and 95th percentile time to make a 9x9 at each level.

    python -m benchmarks.generate                 # CPython and Pyodide (Node), 15 seeds each
    python -m benchmarks.generate --seeds 30
    python -m benchmarks.generate --no-pyodide    # CPython only

Each level is asked for with seeds 0..N-1 (the same puzzles in both runtimes: the
generator draws from `random.Random(seed)` only). A seed that finds no puzzle of the
level within the generator's attempts counts as a failure, and its time still counts.
Pyodide is the vendored runtime (web/node_modules/pyodide) under Node, the project
folder mounted as in tests/pyodide/run.mjs; the page runs the same wasm interpreter
in the browser, so its times are the page's. The page's goal: a 9x9 `hard` under 2 s
median. The machine's load average is printed with the table: other agents sharing
the machine move every number.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pycore.shapes import LEVELS  # noqa: E402  (the checkout, put on the path above)

PYODIDE = ROOT / "web" / "node_modules" / "pyodide"

# The timing loop, run as it is by CPython and by Pyodide: prints one JSON line.
TIMING = """
import json, time
from pycore.solve.generate import GenerateFailed, generate
out = {}
for level in LEVELS:
    times, failed = [], 0
    for seed in range(SEEDS):
        start = time.perf_counter()
        try:
            generate("9x9", level, seed=seed)
        except GenerateFailed:
            failed += 1
        times.append(time.perf_counter() - start)
    out[level] = {"times": times, "failed": failed}
print("RESULT " + json.dumps(out))
"""

NODE_RUNNER = """
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";
const [pyodideDir, projectDir, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/proj/main");
pyodide.mountNodeFS("/proj/main", resolve(projectDir));
pyodide.runPython("import sys; sys.dont_write_bytecode = True; sys.path.insert(0, '/proj/main')");
pyodide.runPython(code);
"""


def _program(seeds: int, levels: tuple[str, ...]) -> str:
    return f"LEVELS = {levels!r}\nSEEDS = {seeds}\n" + TIMING


def run_cpython(seeds: int, levels: tuple[str, ...]) -> dict[str, dict[str, object]]:
    namespace: dict[str, object] = {}
    lines: list[str] = []
    namespace["print"] = lines.append
    exec(_program(seeds, levels), namespace)
    return json.loads(lines[-1].removeprefix("RESULT "))  # type: ignore[no-any-return]


def run_pyodide(seeds: int, levels: tuple[str, ...]) -> dict[str, dict[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.mjs"
        runner.write_text(NODE_RUNNER)
        done = subprocess.run(["node", str(runner), str(PYODIDE), str(ROOT),
                               _program(seeds, levels)],
                              capture_output=True, text=True, check=True)
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line.removeprefix("RESULT "))  # type: ignore[no-any-return]


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def table(name: str, result: dict[str, dict[str, object]]) -> None:
    print(f"\n{name}")
    print("| level | median | 95th percentile | failed seeds |")
    print("|---|---:|---:|---:|")
    for level, row in result.items():
        times = row["times"]
        assert isinstance(times, list)
        print(f"| {level} | {statistics.median(times):.2f} s | {p95(times):.2f} s | "
              f"{row['failed']}/{len(times)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=15)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"{args.seeds} seeds per level")
    start = time.perf_counter()
    table(f"CPython {sys.version.split()[0]}", run_cpython(args.seeds, levels))
    if not args.no_pyodide:
        table("Pyodide (Node)", run_pyodide(args.seeds, levels))
    print(f"\n(total {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
