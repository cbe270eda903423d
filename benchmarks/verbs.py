"""The command line's start: how much of pycore a verb loads and how long the process takes.

    python -m benchmarks.verbs              # 15 runs of each command; a table
    python -m benchmarks.verbs --runs 31

Each row is one command run as a person runs it, a new `python -m pycore ...` process
from this checkout: `--help`, `decode auto LINK` (a 9x9 share link, half solved), `solve
auto LINK` (the same link: the solver verb), beside a bare `python -c pass` (the
interpreter's own start, which no change to pycore can remove). Wall time is the median
over the runs, measured around the whole process, with the commands' order turned each
run so that a drift in the machine's load spreads over all of them.

The modules are counted in one more run of each command through a probe that runs
`pycore.cli.main` with the same words and then writes what `sys.modules` holds: the pycore
modules (the modules of this project) and all modules (the standard library's included).
The table is headed by the machine, its load before and after, the commit and the date
(`benchmarks.stamp`), as every benchmark's is: the agents sharing the machine move the
times, not the counts.
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

from benchmarks.stamp import commit, machine, now  # noqa: E402
from pycore import links  # noqa: E402
from pycore.model import Puzzle, given, value  # noqa: E402

# Runs pycore's command line with the words after `-c PROBE`, then writes the modules the
# process holds to the file $PROBE_OUT names (whatever the verb printed, or its exit).
PROBE = """
import json, os, sys
try:
    from pycore.cli import main
    main(sys.argv[1:])
except SystemExit:
    pass
finally:
    names = sorted(sys.modules)
    with open(os.environ["PROBE_OUT"], "w", encoding="utf-8") as out:
        json.dump(names, out)
"""


def sample() -> Puzzle:
    """A 9x9 with givens and the player's values: what a shared half-solved grid holds."""
    digits = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    cells = {i: given(int(d)) for i, d in enumerate(digits) if d != "0"}
    cells.update({2: value(4), 3: value(6), 5: value(8)})
    return Puzzle.blank("sudoku", 9).with_cells(cells)


def commands(link: str) -> dict[str, list[str]]:
    """The rows: a name, and the words after `python`."""
    return {
        "python -c pass": ["-c", "pass"],
        "gridlinks --help": ["-m", "pycore", "--help"],
        "gridlinks decode auto LINK": ["-m", "pycore", "decode", "auto", link],
        "gridlinks solve auto LINK": ["-m", "pycore", "solve", "auto", link],
    }


def environment() -> dict[str, str]:
    """This checkout's pycore first on the path, whatever is installed."""
    return dict(os.environ, PYTHONPATH=str(ROOT))


def wall(words: list[str]) -> float:
    """Seconds one process takes, start to exit (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, *words], env=environment(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def modules(words: list[str]) -> tuple[int, int] | None:
    """(pycore modules, all modules) the command's process holds at its end; None for a
    command that is not pycore's."""
    if words[:2] != ["-m", "pycore"]:
        return None
    with tempfile.TemporaryDirectory(prefix="pycore-verbs-") as folder:
        out = Path(folder) / "modules.json"
        subprocess.run([sys.executable, "-c", PROBE, *words[2:]], env=dict(environment(), PROBE_OUT=str(out)),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        names: list[str] = json.loads(out.read_text(encoding="utf-8"))
    return sum(1 for n in names if n == "pycore" or n.startswith("pycore.")), len(names)


def table(rows: dict[str, list[str]], times: dict[str, list[float]]) -> str:
    lines = ["| command | pycore modules | all modules | median wall time (ms) | fastest (ms) |",
             "|---|---:|---:|---:|---:|"]
    for name, words in rows.items():
        counted = modules(words)
        mods = ("-", "-") if counted is None else (str(counted[0]), str(counted[1]))
        ms = [t * 1000 for t in times[name]]
        lines.append(f"| `{name}` | {mods[0]} | {mods[1]} | {statistics.median(ms):.0f} | {min(ms):.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="processes of each command")
    args = parser.parse_args(argv)

    link = links.link(sample(), base="https://example.org/")
    rows = commands(link)
    times: dict[str, list[float]] = {name: [] for name in rows}
    load_before = os.getloadavg()
    for run in range(args.runs):
        names = list(rows)
        names = names[run % len(names):] + names[:run % len(names)]  # each command first in turn
        for name in names:
            times[name].append(wall(rows[name]))
    load_after = os.getloadavg()

    print(f"The command line's start, {args.runs} runs of each command ({sys.executable}, "
          f"Python {sys.version.split()[0]}); LINK = {link} ({len(link)} characters).")
    print(machine(load_before, load_after))
    print(f"Commit {commit()}; {now()}.")
    print()
    print(table(rows, times))


if __name__ == "__main__":
    main()
