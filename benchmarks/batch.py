"""Collections: `pycore convert FROM TO FILE --each-line` on a 50,000-line file.

    python -m benchmarks.batch                # the Markdown table
    python -m benchmarks.batch --lines 5000   # a quicker run

The file is made at run time, in a temporary folder, from random 9x9 grids (a shuffled
solution with 20 to 40 givens kept): one kind of line per row of the table (81-character
lines, HoDoKu puzzle-file lines with a `#` comment, HoDoKu library lines, gsf comma lines),
then one mixed file with a bad line every 10,000 lines. Each row runs the command as a
person would (a new process, output to a file, stderr piped: no progress line) and reports
lines per second over the whole run, start-up included.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def solution(rng: random.Random) -> list[int]:
    """A solved 9x9: the pattern solution with digits, rows in bands and columns in stacks shuffled."""
    digits = rng.sample(range(1, 10), 9)
    rows = [band * 3 + r for band in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [stack * 3 + c for stack in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    return [digits[(r * 3 + r // 3 + c) % 9] for r in rows for c in cols]


def grid(rng: random.Random) -> str:
    cells = solution(rng)
    keep = set(rng.sample(range(81), rng.randint(20, 40)))
    return "".join(str(d) if i in keep else "." for i, d in enumerate(cells))


LINES: dict[str, Callable[[random.Random, int], str]] = {
    "81-character lines": lambda rng, k: grid(rng),
    "HoDoKu file lines, # comment": lambda rng, k: f"{grid(rng)} # puzzle {k}",
    "HoDoKu library lines": lambda rng, k: f":0000:x:{grid(rng)}:::",
    "gsf comma lines": lambda rng, k: f"{k},{rng.randint(10, 99) / 10},{grid(rng).replace('.', '0')},name",
}


def mixed(rng: random.Random, k: int) -> str:
    if k % 10_000 == 9_999:
        return "not a puzzle"
    return list(LINES.values())[k % len(LINES)](rng, k)


def run(path: Path, target: str) -> tuple[float, int, str]:
    """(seconds, exit status, the summary line) of one `convert --each-line` in a new process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pycore", "convert", "auto", target, str(path), "--each-line"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, check=False)
    seconds = time.perf_counter() - start
    return seconds, done.returncode, done.stderr.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = [*((name, make, "compact") for name, make in LINES.items()),
            ("mixed, 1 bad line in 10,000", mixed, "compact"),
            ("mixed, 1 bad line in 10,000", mixed, "offset")]
    print(f"{args.lines:,} lines a file; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    print("| lines | to | seconds | lines/s | exit | summary |")
    print("|---|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as folder:
        for name, make, target in rows:
            path = Path(folder) / "collection.txt"
            path.write_text("\n".join(make(rng, k) for k in range(args.lines)) + "\n", "utf-8")
            seconds, code, summary = run(path, target)
            summary = summary.removeprefix("pycore: ")
            print(f"| {name} | {target} | {seconds:.1f} | {args.lines / seconds:,.0f} | {code} | {summary} |")


if __name__ == "__main__":
    main()
