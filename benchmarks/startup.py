"""Start-up: the app against the bare interpreter, cold and warm, in headless Chromium.

    python -m benchmarks.startup              # 5 runs of each page, cold and warm; a table
    python -m benchmarks.startup --runs 9

One run builds the site (`pycore.site.build`, from the working tree) and serves it with
pycore's own server and headers, next to one generated page, then opens each page in
headless Chromium (Debian's /usr/bin/chromium unless told otherwise):

- `bare`: the yardstick, "the bare interpreter": the vendored PyScript booting the
  vendored Pyodide (the one the page's heavy worker runs) on the main thread; its script
  prints a line and marks the page ready. It has no service worker.
- `app`: the real page opened on a share link (a half-solved 9x9). Its first screen runs on
  MicroPython in the page's worker; ready is `<html data-ready="true">` (the link decoded,
  the grid drawn, the cells take input). Then the page starts its heavy worker (Pyodide:
  solver, hints, new puzzles, other tools); heavy is `<html data-heavy="ready">`, when Hint
  would work ("-" when the page says `data-heavy="failed"` or not within 120 s). Once the
  heavy worker is up the page registers its service worker (sw.js), which precaches
  the whole page. One run also types a digit into the warm page, after its heavy worker
  is up, to check that the grid takes input.

Times are read inside the page (a MutationObserver, added before the page's own scripts,
notes `performance.now()` when `data-ready` and `data-heavy` appear), so they count from
navigation start, with no polling delay. Cold: a new browser profile on disk (empty disk
cache, no service worker). Warm: the next navigation in that profile once the first visit
is complete: for the app, its heavy worker answered (or failed, or timed out), the service
worker controls the page (`navigator.serviceWorker.controller`; at most 30 s) and the
server sent nothing for a second, so the warm load comes from the service worker's cache
(the table says how many warm loads it controlled); `bare` has no worker, so its warm load
comes from the browser's HTTP cache. Bytes: response bodies the server sent, cold from the
navigation until the first visit was complete (the heavy worker's runtime and the service
worker's install included), warm during the warm load (until heavy, for the app).

The table gives medians and the app's ratios to bare in the same run against its
goals (at most 0.7x bare cold, 0.5x bare warm: "return visits stay at most 0.5x the bare
interpreter"), headed by the machine (CPU, cores), its load average before and after, the
commit and the date: the agents sharing the machine move every number. A second table
gives, for `bare`, when PyScript's progress stages and the large downloads ended.
"""

from __future__ import annotations

import argparse
import html
import json
import math
import os
import re
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import BinaryIO

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Playwright, sync_playwright

from benchmarks.first_visit import PROBE
from benchmarks.stamp import commit, machine, now
from pycore import links, site
from pycore.model import Puzzle, given, value

ROOT = Path(__file__).resolve().parent.parent
DEBIAN_CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT = 120_000  # ms for ready, and again for heavy
CONTROLLED = 30_000  # ms at most for the service worker to control the first visit
QUIET_S = 1.0  # the first visit is complete once the server sent nothing for this long
CHECK_CELL, CHECK_DIGIT = 2, "1"  # the sample's cell 2 holds the player's 4

# PROBE (benchmarks.first_visit's), in every page before its own scripts, notes when it became
# ready, when its heavy worker answered, and PyScript's progress stages.
STAGES = ("Loading interpreter", "Loaded interpreter", "Loaded Pyodide")
CONTROLLED_NOW = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"

GOALS = {"cold": 0.7, "warm": 0.5}  # the app's ready time over bare's, at most

GENERATED = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="stylesheet" href="{pyscript}/core.css">
<script type="module" src="{pyscript}/core.js"></script></head>
<body><script type="py" config='{config}'>
from pyscript import document
document.documentElement.setAttribute("data-ready", "true")
print("{title}: ready")
</script></body></html>
"""


def sample() -> Puzzle:
    """A 9x9 with givens, values and pencil marks: what a shared half-solved grid holds."""
    digits = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    cells = {i: given(int(d)) for i, d in enumerate(digits) if d != "0"}
    cells.update({2: value(4), 3: value(6), 5: value(8)})
    return Puzzle.blank("sudoku", 9).with_cells(cells)


CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "variants" / "puzzles.json"


def killer() -> Puzzle:
    """A shared killer being played: the real killer of the variant corpus whose link is the
    median killer's length (tests/data/variants), with three of the player's values taken
    from its published solution and some pencil marks, as `sample` has for a classic."""
    from pycore.formats import json as json_form
    from pycore.model import candidates

    records = [r for r in json.loads(CORPUS.read_text("utf-8")) if r["kinds"] == ["killer"]]
    puzzles = [(json_form.from_json(r["json"]).with_info("", "", ""), r["solution"]) for r in records]
    puzzles.sort(key=lambda pair: len(links.fragment(pair[0], "compact")))
    puzzle, solution = puzzles[len(puzzles) // 2]
    empty = [i for i, cell in enumerate(puzzle.cells) if cell.kind == "empty"]
    cells = {i: value(int(solution[i])) for i in empty[:3]}
    cells.update({i: candidates(sorted({int(solution[i]), 1 + int(solution[i]) % 9})) for i in empty[3:6]})
    return puzzle.with_cells(cells)


def pyodide_interpreter(folder: Path, index: str) -> str:
    """The Pyodide the page's heavy worker runs: the interpreter its `pycore-heavy` meta
    names, else the vendored pyodide.mjs."""
    meta = re.search(r'<meta name="pycore-heavy" content="([^"]+)"', index)
    if meta:
        plan = json.loads(html.unescape(meta.group(1)))
        named = plan.get("config", {}).get("interpreter")
        if isinstance(named, str) and named.endswith(".mjs"):
            return named
    found = sorted((folder / site.VENDOR).glob("pyodide-*/pyodide.mjs"))
    if not found:
        raise SystemExit("benchmarks.startup: no vendored Pyodide in the built site")
    return f"./{found[-1].relative_to(folder).as_posix()}"


def write_pages(folder: Path) -> None:
    """bare.html beside the built app, on the same PyScript and Pyodide files."""
    index = (folder / "index.html").read_text(encoding="utf-8")
    found = re.search(r'([\w./-]*pyscript-[\w.]+)/core\.js', index)  # the heavy worker's PyScript
    if found is None:
        raise SystemExit("benchmarks.startup: PyScript's core.js was not found in index.html")
    config = {"interpreter": pyodide_interpreter(folder, index)}
    (folder / "bare.html").write_text(GENERATED.format(
        title="bare", pyscript=found.group(1), config=json.dumps(config)), encoding="utf-8")


class Counter:
    """Body bytes the server sent, and when it last sent some (time.monotonic())."""

    def __init__(self) -> None:
        self.bytes = 0
        self.last = time.monotonic()
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n
            self.last = time.monotonic()


@contextmanager
def serving(folder: Path, counter: Counter) -> Iterator[str]:
    """The site's own server, counting the body bytes it sends."""
    server = site.make_server(folder, port=0)
    made = server.RequestHandlerClass  # functools.partial(handler class, directory=...)
    assert isinstance(made, partial)

    class Counting(made.func):  # type: ignore[misc, name-defined]
        def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                counter.add(len(chunk))

    server.RequestHandlerClass = partial(Counting, *made.args, **made.keywords)
    with site.running(server) as url:
        yield url


@dataclass
class Run:
    ready: float | None = None  # ms from navigation start; None: not ready in time
    heavy: float | None = None  # ms, when data-heavy="ready" (app only)
    stages: dict[str, float] = field(default_factory=dict)
    resources: dict[str, float] = field(default_factory=dict)
    bytes: int = 0
    controlled: bool = False  # a service worker controlled this load
    load: float = 0.0  # the machine's 1-minute load average when the load finished
    error: str = ""


def measure(page: Page, url: str, counter: Counter, heavy: bool) -> Run:
    """One navigation to url: ready, then (for the app) heavy; bytes until then."""
    run = Run()
    start = counter.bytes
    try:
        page.goto(url, wait_until="commit", timeout=TIMEOUT)
        page.wait_for_function("window.__marks && window.__marks.ready !== undefined", timeout=TIMEOUT)
        if heavy:
            with suppress(PlaywrightError):  # a timeout: heavy stays None
                page.wait_for_function("window.__marks.heavy !== undefined", timeout=TIMEOUT)
        marks = page.evaluate("window.__marks")
        run.ready = float(marks["ready"])
        if marks.get("heavyState") == "ready":
            run.heavy = float(marks["heavy"])
        elif heavy:
            run.error = f'data-heavy="{marks.get("heavyState")}"' if "heavy" in marks \
                else f"not heavy within {TIMEOUT / 1000:.0f} s"
        run.stages = {name: float(t) for name, t in marks["progress"]}
        ends = page.evaluate("""Object.fromEntries(performance.getEntriesByType('resource')
            .map(e => [e.name.split('/').pop().split('?')[0], e.responseEnd]))""")
        wanted = {"pyodide.asm.wasm": "wasm", "python_stdlib.zip": "stdlib"}
        run.resources = {label: float(ends[name]) for name, label in wanted.items() if name in ends}
        run.controlled = bool(page.evaluate(CONTROLLED_NOW))
    except PlaywrightError as err:
        run.error = str(err).splitlines()[0][:200]
    run.bytes = counter.bytes - start
    run.load = os.getloadavg()[0]
    return run


def settle(page: Page, counter: Counter, worker: bool) -> None:
    """Until the service worker controls the page (at most CONTROLLED), then until the
    server sent nothing for QUIET_S (at most 30 s): the first visit is complete."""
    if worker:
        with suppress(PlaywrightError):
            page.wait_for_function(CONTROLLED_NOW, timeout=CONTROLLED)
    limit = time.monotonic() + 30
    while time.monotonic() < limit and time.monotonic() - counter.last < QUIET_S:
        time.sleep(0.1)


def check_input(page: Page) -> str:
    """Type a digit into the sample's cell 2 (the player's 4): "" if it shows, else why not."""
    try:
        cell = f'#grid [data-index="{CHECK_CELL}"]'
        page.click(cell, timeout=10_000)
        page.keyboard.press("Backspace")
        page.keyboard.type(CHECK_DIGIT)
        page.wait_for_function(f"document.querySelector('{cell}').textContent.trim() === '{CHECK_DIGIT}'",
                               timeout=10_000)
    except PlaywrightError as err:
        return f"typing a digit failed: {str(err).splitlines()[0][:120]}"
    return ""


def series(
    play: Playwright, chromium: str, url: str, counter: Counter, app: bool, check: bool,
) -> tuple[Run, Run, str]:
    """One cold load in a new browser profile, then the next navigation in it (warm);
    for the app, and `check`, whether the warm page took a typed digit.

    A profile on disk, not an incognito context: Chromium keeps large files (the wasm)
    and compiled wasm code only in a disk cache, as a person's browser does.
    """
    profile = Path(tempfile.mkdtemp(prefix="pycore-profile-"))
    try:
        context = play.chromium.launch_persistent_context(profile, executable_path=chromium, args=ARGS)
    except PlaywrightError as err:  # the browser failed to start: a failed run
        shutil.rmtree(profile, ignore_errors=True)
        failed = str(err).splitlines()[0][:200]
        return Run(error=failed), Run(error=failed), ""
    try:
        context.add_init_script(PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        start = counter.bytes
        cold = measure(page, url, counter, heavy=app)
        if cold.ready is None:
            return cold, Run(error="no warm load after a failed cold one"), ""
        settle(page, counter, worker=app)
        cold.bytes = counter.bytes - start  # the whole first visit, the worker's install included
        warm = Run(error="the browser failed")
        with suppress(PlaywrightError):
            page.goto("about:blank")
            warm = measure(page, url, counter, heavy=app)
        checked = check_input(page) if check and app and warm.ready is not None else ""
        return cold, warm, checked
    finally:
        with suppress(PlaywrightError):
            context.close()
        shutil.rmtree(profile, ignore_errors=True)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ready_ms(runs: list[Run]) -> list[float]:
    return [r.ready for r in runs if r.ready is not None]


def seconds(values: list[float]) -> str:
    return f"{median(values) / 1000:.2f}" if values else "-"


def heavy_cell(heavy: list[float], ready: list[Run]) -> str:
    """The median time to heavy, and how many ready loads got there when not all did."""
    cell = seconds(heavy)
    return f"{cell} ({len(heavy)} of {len(ready)})" if heavy and len(heavy) < len(ready) else cell


def table(results: dict[str, dict[str, list[Run]]]) -> str:
    rows = ["| page | runs ready (cold, warm) | cold ready (s) | warm ready (s) | cold / bare "
            "| warm / bare | cold heavy (s) | warm heavy (s) | bytes cold (MB) | bytes warm (KB) "
            "| warm loads from the service worker | load (1 min) |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"]
    bare = {kind: median(ready_ms(results["bare"][kind])) for kind in ("cold", "warm")}
    for name, runs in results.items():
        cold, warm = ready_ms(runs["cold"]), ready_ms(runs["warm"])
        ok_cold = [r for r in runs["cold"] if r.ready is not None]
        ok_warm = [r for r in runs["warm"] if r.ready is not None]
        heavy = {kind: [r.heavy for r in runs[kind] if r.heavy is not None] for kind in ("cold", "warm")}
        cells = [
            name, f"{len(cold)} of {len(runs['cold'])}, {len(warm)} of {len(runs['warm'])}",
            seconds(cold), seconds(warm),
            f"{median(cold) / bare['cold']:.2f}" if cold else "-",
            f"{median(warm) / bare['warm']:.2f}" if warm else "-",
            heavy_cell(heavy["cold"], ok_cold) if name != "bare" else "-",
            heavy_cell(heavy["warm"], ok_warm) if name != "bare" else "-",
            f"{median([float(r.bytes) for r in ok_cold]) / 1e6:.1f}" if ok_cold else "-",
            f"{median([float(r.bytes) for r in ok_warm]) / 1e3:.0f}" if ok_warm else "-",
            f"{sum(r.controlled for r in ok_warm)} of {len(ok_warm)}",
            f"{median([r.load for r in runs['cold'] + runs['warm']]):.1f}",
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def goals(results: dict[str, dict[str, list[Run]]]) -> str:
    """The app against its start-up goals, as ratios to bare measured in the same run."""
    lines = []
    for kind, goal in GOALS.items():
        bare = median(ready_ms(results["bare"][kind]))
        app = median(ready_ms(results["app"][kind]))
        if math.isnan(app) or math.isnan(bare):  # no run got there
            lines.append(f"- {kind}: no ratio (a page was never ready)")
            continue
        verdict = "met" if app / bare <= goal else "not met"
        lines.append(f"- {kind}: app {app / bare:.2f}x bare (goal at most {goal}x): {verdict}")
    return "\n".join(lines)


def stages_table(runs: dict[str, list[Run]]) -> str:
    """For bare: median times (s from navigation) at which each stage or download ended."""
    marks = ("wasm", "stdlib", *STAGES)
    rows = ["| bare, load | " + " | ".join(marks) + " | ready |",
            "|---|" + "---:|" * (len(marks) + 1)]
    for kind in ("cold", "warm"):
        cells = []
        for mark in marks:
            values = [r.stages.get(mark, r.resources.get(mark)) for r in runs[kind]]
            cells.append(seconds([v for v in values if v is not None]))
        rows.append(f"| {kind} | " + " | ".join(cells) + f" | {seconds(ready_ms(runs[kind]))} |")
    return "\n".join(rows)


def describe(run: Run) -> str:
    def s(ms: float | None) -> str:
        return "-" if ms is None else f"{ms / 1000:.2f} s"

    out = f"ready {s(run.ready)}"
    if run.heavy is not None or run.error.startswith(("data-heavy", "not heavy")):
        out += f", heavy {s(run.heavy)}"
    return out + (f" ({run.error})" if run.error else "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page, cold and warm")
    parser.add_argument("--chromium", default=DEBIAN_CHROMIUM, help="the browser to drive")
    args = parser.parse_args(argv)

    built_from = commit()  # the working tree the site is built from (others may commit meanwhile)
    work = Path(tempfile.mkdtemp(prefix="pycore-startup-"))
    try:
        folder = site.build(work / "site", quiet=True)
        write_pages(folder)
        fragment = links.link(sample()).split("#", 1)[1]
        pages = {"bare": ("bare.html", False), "app": (f"#{fragment}", True)}
        results: dict[str, dict[str, list[Run]]] = {n: {"cold": [], "warm": []} for n in pages}
        checks: list[str] = []
        counter = Counter()
        load_before = os.getloadavg()
        with serving(folder, counter) as url, sync_playwright() as p:
            for i in range(args.runs):
                order = list(pages) if i % 2 == 0 else list(reversed(pages))  # spread any drift
                for name in order:
                    path, app = pages[name]
                    cold, warm, checked = series(p, args.chromium, url + path, counter, app,
                                                 check=app and not checks)
                    if app and not checks and warm.ready is not None:
                        checks.append(checked or "the warm page took a typed digit")
                    results[name]["cold"].append(cold)
                    results[name]["warm"].append(warm)
                    print(f"run {i + 1} {name}: cold {describe(cold)}, {cold.bytes / 1e6:.1f} MB; "
                          f"warm {describe(warm)}, {warm.bytes / 1e3:.0f} KB"
                          f"{', from the service worker' if warm.controlled else ''}", flush=True)
        load_after = os.getloadavg()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print()
    print(f"Start-up, medians of {args.runs} runs (headless Chromium {args.chromium}, pycore's server "
          f"on {url}); link #{fragment} ({len(fragment)} characters).")
    print(machine(load_before, load_after))
    print(f"Commit {built_from}; {now()}.")
    print("Ready: data-ready (the grid takes input); heavy: data-heavy=\"ready\" (Hint works). "
          f"Input check: {checks[0] if checks else 'not made (no warm app load was ready)'}.")
    print()
    print(table(results))
    print()
    print(goals(results))
    print()
    print("bare: when each stage or download ended (median s from navigation start):")
    print()
    print(stages_table(results["bare"]))


if __name__ == "__main__":
    main()
