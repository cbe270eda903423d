"""Offline start beside online start: the page once its service worker controls it.

    python -m benchmarks.offline_start             # 3 runs; a table
    python -m benchmarks.offline_start --runs 5

The site is built once (`pycore.site.build`, from the working tree) and served by
pycore's own server. Each run takes a fresh browser profile (no cache, no service worker)
in headless Chromium on the phone viewport, makes the first visit on a share link and
waits until the heavy worker is up and the service worker controls the page, then times
these starts, each counted from its navigation:

- online reload, online new tab: the service worker serves the page, the network is there;
- offline reload, offline new tab: the same after `context.set_offline(True)`, as a
  player on a train;
- online and offline after a restart: the browser closed and opened again on the same
  profile (nothing in memory: the page, its runtimes and their compiled code come from
  disk), then a new tab.

ready is `<html data-ready="true">` (the grid takes input), heavy `<html
data-heavy="ready">` (Hint would work), read inside the page by benchmarks.first_visit's
PROBE. The goal: every offline start at most the online one (the same start, read from
the same cache). The table is headed by the machine, its load and the commit
(benchmarks.stamp): the agents sharing the machine move every number.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from benchmarks.first_visit import PROBE
from benchmarks.stamp import commit, machine, now
from benchmarks.startup import ARGS, DEBIAN_CHROMIUM, sample
from pycore import links, site

TIMEOUT = 120_000  # ms for ready, and again for heavy
PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
STARTS = ("online reload", "online new tab", "offline reload", "offline new tab")
RESTARTS = ("online after a restart", "offline after a restart")
CONTROLLED = "navigator.serviceWorker.controller !== null"
MARKS = "[window.__marks.ready ?? null, window.__marks.heavy ?? null, window.__marks.heavyState ?? '']"


def timed(page: Page) -> tuple[float, float]:
    """Seconds from navigation to ready and to heavy (inf when heavy failed)."""
    page.wait_for_selector('[data-ready="true"]', state="attached", timeout=TIMEOUT)
    page.wait_for_function("window.__marks.heavy !== undefined", timeout=TIMEOUT)
    ready, heavy, state = page.evaluate(MARKS)
    return ready / 1000, heavy / 1000 if state == "ready" else float("inf")


def browser(playwright: Playwright, profile: Path, chromium: str) -> BrowserContext:
    """Chromium on a profile on disk (what a restart keeps), on the phone viewport."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium, args=ARGS, **PHONE)
    context.add_init_script(PROBE)
    return context


def one_run(playwright: Playwright, chromium: str, url: str) -> dict[str, tuple[float, float]]:
    with tempfile.TemporaryDirectory() as profile:
        times = starts(browser(playwright, Path(profile), chromium), url)
        for start in RESTARTS:
            context = browser(playwright, Path(profile), chromium)
            try:
                context.set_offline(start.startswith("offline"))
                tab = context.new_page()
                tab.goto(url)
                times[start] = timed(tab)
            finally:
                context.close()
        return times


def starts(context: BrowserContext, url: str) -> dict[str, tuple[float, float]]:
    """The first visit, then the starts of STARTS in that browser (closed at the end)."""
    try:
        first = context.pages[0] if context.pages else context.new_page()
        first.goto(url)
        first.wait_for_selector('[data-heavy="ready"]', state="attached", timeout=TIMEOUT)
        first.wait_for_function(CONTROLLED, timeout=TIMEOUT)
        first.wait_for_timeout(1000)  # the install's last writes
        times: dict[str, tuple[float, float]] = {}
        for start in STARTS:
            if start.startswith("offline"):
                context.set_offline(True)
            if start.endswith("reload"):
                first.reload()
                times[start] = timed(first)
            else:
                tab = context.new_page()
                tab.goto(url)
                times[start] = timed(tab)
                tab.close()
        return times
    finally:
        context.close()


def seconds(x: float) -> str:
    return "-" if x == float("inf") else f"{x:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", DEBIAN_CHROMIUM))
    options = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        folder = site.build(Path(tmp) / "site", quiet=True)
        server = site.make_server(folder, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = links.link(sample(), base=site.url_of(server))
        runs = []
        try:
            with sync_playwright() as playwright:
                for _ in range(options.runs):
                    runs.append(one_run(playwright, options.chromium, url))
        finally:
            server.shutdown()
            server.server_close()
    print(f"{machine(load_before, os.getloadavg())} Commit {commit()}, {now()}; "
          f"{options.runs} runs, medians; phone viewport.\n")
    print("| start | ready (s) | heavy (s) | per run, heavy (s) |")
    print("|---|---:|---:|---|")
    for start in STARTS + RESTARTS:
        ready = statistics.median(run[start][0] for run in runs)
        heavy = statistics.median(run[start][1] for run in runs)
        each = ", ".join(seconds(run[start][1]) for run in runs)
        print(f"| {start} | {ready:.2f} | {seconds(heavy)} | {each} |")
    print()
    for offline, online in (("offline reload", "online reload"), ("offline new tab", "online new tab"),
                            ("offline after a restart", "online after a restart")):
        worst = [run[offline][1] / run[online][1] for run in runs]
        print(f"- {offline} / {online}, heavy: median {statistics.median(worst):.2f}x "
              f"(goal: at most 1x)")


if __name__ == "__main__":
    main()
