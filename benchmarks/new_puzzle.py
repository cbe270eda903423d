"""New puzzle in the page: how long the main thread is held while a puzzle is made.

    python -m benchmarks.new_puzzle                 # 12 puzzles, 9x9 hard, one page
    python -m benchmarks.new_puzzle --runs 20 --level medium --shape sudoku-9

Builds the site, serves it, opens the page once in headless Chromium and presses New
puzzle `--runs` times. For each puzzle: the time the page says it took, the longest
main-thread task while it was made (a PerformanceObserver on `longtask`, which sees
only tasks over 50 ms: 0 means none was that long) and the frames painted meanwhile.
The first press also imports the techniques and the generator (web/light/solver_view.py does it
one package per task). The machine's load average is printed with the table: on a
shared machine every number moves with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from pycore import site
from tests.web.conftest import CHROMIUM_ARGS, READY, START_TIMEOUT, WATCH_JS, find_chromium

DONE_JS = "document.getElementById('message').textContent.startsWith('A new')"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--shape", default="sudoku-9")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = site.build(Path(tmp) / "site", quiet=True)
        with site.serving(folder) as url:
            rows = measure(url, args.shape, args.level, args.runs)
    print(f"{args.shape} {args.level}, {args.runs} puzzles on one page; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| run | made in | longest task | frames |\n|---:|---:|---:|---:|")
    for i, (made, longest, frames) in enumerate(rows):
        print(f"| {i + 1} | {made} | {longest:.0f} ms | {frames} |")
    longest_tasks = [row[1] for row in rows]
    print(f"longest task: median {statistics.median(longest_tasks):.0f} ms, "
          f"worst {max(longest_tasks):.0f} ms")


def measure(url: str, shape: str, level: str, runs: int) -> list[tuple[str, float, int]]:
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(p.chromium), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        page.select_option("#shape", shape)
        page.select_option("#level", level)
        for _ in range(runs):
            page.evaluate("document.getElementById('message').textContent = ''")  # for DONE_JS
            page.evaluate(WATCH_JS)
            page.click("#new")
            page.wait_for_function(DONE_JS, timeout=300_000)
            seen = page.evaluate("(() => { window.__seen.making = false; return window.__seen })()")
            message = page.inner_text("#message")
            made = message.split("made in ", 1)[1].split(")", 1)[0]
            rows.append((made, float(seen["longest"]), int(seen["frames"])))
        browser.close()
    return rows


if __name__ == "__main__":
    main()
