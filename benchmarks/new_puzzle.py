"""New puzzle in the page: how long each shape and level takes to make, and how long the
main thread is held meanwhile.

    python -m benchmarks.new_puzzle                 # 12 puzzles, 9x9 hard, one page, random seeds
    python -m benchmarks.new_puzzle --runs 20 --level medium --shape sudoku-9
    python -m benchmarks.new_puzzle --seeds 10 --shape sudoku-16,samurai --level hard

Builds the site, serves it, opens the page once in headless Chromium and presses New
puzzle `--runs` times, with a random seed each time; or, with `--seeds N`, once for each
of seeds 0..N-1 of each shape (a `data-seed` on the button: the puzzle `generate` makes
for that seed, so that runs on different commits make the same puzzles). For each
puzzle: the time the heavy worker says it took (Pyodide, in the page's worker), the time
from the press to the puzzle on the screen, the longest main-thread task while it was
made (a PerformanceObserver on `longtask`, which sees only tasks over 50 ms: 0 means none
was that long) and the frames painted meanwhile. The table is stamped with the commit,
the date, the machine and its load: on a shared machine every number moves with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from benchmarks.stamp import commit, machine, now  # noqa: E402
from pycore import site  # noqa: E402
from tests.web.conftest import CHROMIUM_ARGS, READY, START_TIMEOUT, WATCH_JS, find_chromium  # noqa: E402

DONE_JS = "document.getElementById('message').textContent.startsWith('A new')"
HEAVY_JS = "document.documentElement.dataset.heavy === 'ready'"

Row = tuple[str, int | None, float, float, float, int]
"""shape, seed (None: random), made in (the worker's seconds), on screen after (seconds),
longest task (ms), frames."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=12, help="presses with random seeds")
    parser.add_argument("--seeds", type=int, default=0, help="seeds 0..N-1 instead of --runs")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--shape", default="sudoku-9", help="comma-separated shape menu values")
    args = parser.parse_args()
    shapes = args.shape.split(",")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        folder = site.build(Path(tmp) / "site", quiet=True)
        with site.serving(folder) as url:
            rows = measure(url, shapes, args.level, args.runs, args.seeds)
    print(f"New puzzle in the page ({args.level}), headless Chromium, "
          + (f"seeds 0..{args.seeds - 1}" if args.seeds else f"{args.runs} random seeds"))
    print(f"Recorded: {commit()}, {now()}")
    print(machine(load_before, os.getloadavg()))
    print("\n| shape | seed | made in | on screen after | longest task | frames |")
    print("|---|---:|---:|---:|---:|---:|")
    for shape, seed, made, shown, longest, frames in rows:
        print(f"| {shape} | {'random' if seed is None else seed} | {made:.2f} s | {shown:.2f} s | "
              f"{longest:.0f} ms | {frames} |")
    print("\n| shape | level | median | worst | median longest task | worst longest task |")
    print("|---|---|---:|---:|---:|---:|")
    for shape in shapes:
        mine = [row for row in rows if row[0] == shape]
        made = [row[2] for row in mine]
        longest = [row[4] for row in mine]
        print(f"| {shape} | {args.level} | {statistics.median(made):.2f} s | {max(made):.2f} s | "
              f"{statistics.median(longest):.0f} ms | {max(longest):.0f} ms |")


def measure(url: str, shapes: list[str], level: str, runs: int, seeds: int) -> list[Row]:
    rows: list[Row] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(p.chromium), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        page.wait_for_function(HEAVY_JS, timeout=START_TIMEOUT)
        for shape in shapes:
            page.select_option("#shape", shape)
            page.select_option("#level", level)
            for seed in (range(seeds) if seeds else [None] * runs):
                rows.append((shape, seed, *press(page, seed)))
        browser.close()
    return rows


def press(page: Page, seed: int | None) -> tuple[float, float, float, int]:
    """One New puzzle: the worker's seconds, the seconds to the screen, the longest task
    (ms) and the frames painted."""
    page.evaluate("document.getElementById('message').textContent = ''")  # for DONE_JS
    page.eval_on_selector("#new", "(b, seed) => { if (seed === null) delete b.dataset.seed; "
                          "else b.dataset.seed = String(seed); }", seed)
    page.evaluate(WATCH_JS)
    started = time.perf_counter()
    page.click("#new")
    page.wait_for_function(DONE_JS, timeout=300_000)
    shown = time.perf_counter() - started
    seen = page.evaluate("(() => { window.__seen.making = false; return window.__seen })()")
    made = float(page.inner_text("#message").split("made in ", 1)[1].split(" s)", 1)[0])
    return made, shown, float(seen["longest"]), int(seen["frames"])


if __name__ == "__main__":
    main()
