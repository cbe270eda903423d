"""Start-up: the app against the bare interpreter it runs on, cold and warm, in headless Chromium.

    python -m benchmarks.startup              # 5 runs of each page, cold and warm; a table
    python -m benchmarks.startup --runs 9

One run builds the site and serves it (with `pycore.site`'s server and headers) next
to two generated pages that boot the same vendored PyScript + Pyodide:

- `bare`: only the interpreter; its script prints a line and marks the page ready.
- `imports`: the bare page plus the app's own Python files (in PyScript's `files`, as
  the app's page fetches them when it has no snapshot) and exactly the modules web/app.py
  imports at its top: what our code costs before it draws anything.
- `app`: the real page opened on a share link; ready when the link is decoded, the
  grid drawn and the cells take input (app.py sets `data-ready` then; one run per
  series also types a digit to check). When the built site ships a memory snapshot
  of the interpreter (a `snapshot*` file under vendor/), this is the snapshot page.
- `app, no snapshot` (only when the site has a snapshot): the same page from a second
  server whose snapshot file is not a snapshot, so every load takes the page's own
  fallback (a normal start); its service worker installs and caches as usual.

The generated pages always name Pyodide's own `pyodide.mjs`, never the page's
snapshot-restoring wrapper, so `bare` stays the bare interpreter. Goals (issue 17):
the app at most 0.7x bare cold and 0.5x bare warm, in the same run; the machine's
load average is printed with the table, since the agents sharing it move every number.

"Ready" is read inside the page (a MutationObserver notes `performance.now()` when
`data-ready` appears), so it counts from navigation start, with no polling delay.
Cold: a new browser profile (empty disk cache, no service worker). Warm: the next
navigation in that profile after the first load (for the app: after its service worker took
control, so everything comes from the worker's cache; the generated pages have no
worker, so theirs come from the browser's HTTP cache). Bytes: response bodies the
server sent during the cold run, including the worker's install. Medians are
printed with PyScript's own progress stages, to show where the time goes.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import statistics
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from playwright.sync_api import sync_playwright

from pycore import links, site
from pycore.model import Puzzle, given, value

ROOT = Path(__file__).resolve().parent.parent
DEBIAN_CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT = 120_000
READY = '[data-ready="true"]'

# In every page, before any of its own scripts: note when it became ready and PyScript's stages.
PROBE = """
(() => {
  window.__progress = [];
  addEventListener("py:progress", (e) => window.__progress.push([String(e.detail), performance.now()]));
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.ready === "true") {
      window.__ready = performance.now();
      observer.disconnect();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
"""
STAGES = ("Loading interpreter", "Loaded interpreter", "Loaded Pyodide")

GOALS = {"cold": 0.7, "warm": 0.5}  # the app's ready time over bare's, at most

GENERATED = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="stylesheet" href="{pyscript}/core.css">{head}
<script type="module" src="{pyscript}/core.js"></script></head>
<body><script type="py" config='{config}'>
{body}
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


def app_imports() -> list[str]:
    """The modules web/app.py imports at its top (not pyscript/pyodide: the bare page has those)."""
    tree = ast.parse((ROOT / "web" / "app.py").read_text(encoding="utf-8"))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return [n for n in dict.fromkeys(names) if n.split(".")[0] not in ("pyscript", "pyodide", "__future__")]


def snapshot_files(folder: Path) -> list[Path]:
    """The memory snapshot(s) the built site ships (none before the snapshot page)."""
    vendor = folder / "vendor"
    if not vendor.is_dir():
        return []
    return sorted(p for p in vendor.rglob("*snapshot*")
                  if p.is_file() and not p.name.endswith((".mjs", ".js")))


def page_config(folder: Path, index: str) -> dict[str, Any]:
    """The app's PyScript config: inline JSON in the page, or the JSON file it names."""
    inline = re.search(r"config='([^']+)'", index)
    if inline:
        config: dict[str, Any] = json.loads(inline.group(1))
        return config
    named = re.search(r'config="([^"]+\.json)"', index)
    if named is None:
        raise SystemExit("benchmarks.startup: the page's PyScript config was not found in index.html")
    loaded: dict[str, Any] = json.loads((folder / named.group(1)).read_text(encoding="utf-8"))
    return loaded


def plain_interpreter(folder: Path, interpreter: str) -> str:
    """Pyodide's own module: the page may name a wrapper beside it (the snapshot start)."""
    where, _, name = interpreter.rpartition("/")
    own = f"{where}/pyodide.mjs" if where else "pyodide.mjs"
    if name != "pyodide.mjs" and (folder / own.removeprefix("./")).is_file():
        return own
    return interpreter


def write_pages(folder: Path) -> None:
    """bare.html and imports.html beside the built app, on the same runtime files."""
    index = (folder / "index.html").read_text(encoding="utf-8")
    config = page_config(folder, index)
    pyscript = re.search(r'src="([^"]*pyscript[^"]*)/core\.js"', index).group(1)  # type: ignore[union-attr]
    config["interpreter"] = plain_interpreter(folder, config["interpreter"])
    # the app's page fetches pycore and its own modules only without its snapshot
    # (web/main.py); this page has none, so PyScript's `files` brings them
    files = config.setdefault("files", {})
    for zipped in (folder / site.ASSETS).glob("pycore.*.zip"):
        files[f"./{zipped.relative_to(folder).as_posix()}"] = "./*"
    for module in site.PAGE_MODULES:
        stem = module.removesuffix(".py")
        for built in (folder / site.ASSETS).glob(f"{stem}.*.py"):
            files[f"./{built.relative_to(folder).as_posix()}"] = f"./{module}"
    bare = {"interpreter": config["interpreter"]}
    (folder / "bare.html").write_text(GENERATED.format(
        title="bare", pyscript=pyscript, config=json.dumps(bare), body="", head=""), encoding="utf-8")
    # our modules expect the page's early.js (web/dom.py looks up its builder at import)
    early = re.search(r'<script defer src="([^"]*early[^"]*\.js)"></script>', index)
    head = f"\n{early.group(0)}" if early else ""
    body = f"import importlib\nfor name in {app_imports()!r}:\n    importlib.import_module(name)"
    (folder / "imports.html").write_text(GENERATED.format(
        title="imports", pyscript=pyscript, config=json.dumps(config), body=body, head=head),
        encoding="utf-8")


class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n


NOT_A_SNAPSHOT = b"not a snapshot"


@contextmanager
def serving(folder: Path, counter: Counter, broken: frozenset[str] = frozenset()) -> Iterator[str]:
    """The site's own server, counting the body bytes it sends; files named in `broken`
    are answered with bytes that are not what they should be (to force a fallback)."""
    server = site.make_server(folder, port=0)
    made = server.RequestHandlerClass  # functools.partial(handler class, directory=...)
    assert isinstance(made, partial)

    class Counting(made.func):  # type: ignore[misc, name-defined]
        def do_GET(self) -> None:
            if self.path.split("?", 1)[0].rsplit("/", 1)[-1] not in broken:
                super().do_GET()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(NOT_A_SNAPSHOT)))
            self.end_headers()
            self.wfile.write(NOT_A_SNAPSHOT)

        def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                counter.add(len(chunk))

    server.RequestHandlerClass = partial(Counting, *made.args, **made.keywords)
    with site.running(server) as url:
        yield url


@dataclass
class Run:
    ready: float
    stages: dict[str, float] = field(default_factory=dict)
    resources: dict[str, float] = field(default_factory=dict)
    bytes: int = 0
    load: float = 0.0  # the machine's 1-minute load average when the load finished
    started_from: str = ""  # the page's data-started-from: "snapshot" or "fresh" (app only)


def measure(page: Any, url: str) -> Run:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT)
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT)
    ready = float(page.evaluate("window.__ready"))
    stages = {name: t for name, t in page.evaluate("window.__progress")}
    ends = page.evaluate("""Object.fromEntries(performance.getEntriesByType('resource')
        .map(e => [e.name.split('/').pop().split('?')[0], e.responseEnd]))""")
    wanted = {"pyodide.asm.wasm": "wasm", "python_stdlib.zip": "stdlib"}
    resources = {label: float(ends[name]) for name, label in wanted.items() if name in ends}
    snapshot = [t for name, t in ends.items() if "snapshot" in name and not name.endswith((".mjs", ".js"))]
    if snapshot:
        resources["snapshot"] = float(max(snapshot))
    ours = [t for name, t in ends.items() if name.startswith(("main.", "app.", "pycore."))]
    if ours:
        resources["our files"] = float(max(ours))
    started = page.evaluate("document.documentElement.dataset.startedFrom || ''")
    return Run(ready, stages, resources, load=os.getloadavg()[0], started_from=str(started))


def series(
    play: Any, chromium: str, url: str, counter: Counter, worker: bool, check: bool,
) -> tuple[Run, Run]:
    """One cold load in a new browser profile, then one warm load in a new tab of it.

    A profile on disk, not an incognito context: Chromium keeps large files (the 9.6 MB
    wasm) and compiled wasm code only in a disk cache, as a person's browser does.
    """
    profile = Path(tempfile.mkdtemp(prefix="pycore-profile-"))
    context = play.chromium.launch_persistent_context(profile, executable_path=chromium, args=ARGS)
    try:
        context.add_init_script(PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        start = counter.bytes
        cold = measure(page, url)
        if check:  # the grid takes input
            page.click('#grid [data-row="0"][data-col="2"]')
            page.keyboard.press("Backspace")
            page.keyboard.type("1")
            # Python answers from its worker a moment later
            page.wait_for_function("""document.querySelector('#grid [data-row="0"][data-col="2"]')
                                      .textContent === '1'""", timeout=10_000)
        if worker:
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        page.wait_for_timeout(1000)  # let the worker's install and the cache writes finish
        cold.bytes = counter.bytes - start
        page.goto("about:blank")
        if worker:  # what the worker does once the page is left (gunzip the snapshot) is done
            page.wait_for_timeout(2000)  # by a later visit, as it is for a returning player
        warm = measure(page, url)
        return cold, warm
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def table(results: dict[str, dict[str, list[Run]]]) -> str:
    rows = ["| page | cold ready (s) | warm ready (s) | cold / bare | warm / bare | bytes cold (MB) "
            "| load (1 min) | started from snapshot |",
            "|---|---:|---:|---:|---:|---:|---:|---|"]
    bare = {kind: median([r.ready for r in results["bare"][kind]]) for kind in ("cold", "warm")}
    for name, runs in results.items():
        cold = median([r.ready for r in runs["cold"]])
        warm = median([r.ready for r in runs["warm"]])
        size = median([float(r.bytes) for r in runs["cold"]]) / 1e6
        every = runs["cold"] + runs["warm"]
        load = median([r.load for r in every])
        told = [r for r in every if r.started_from]  # the page says how it started
        restored = f"{sum(r.started_from == 'snapshot' for r in told)} of {len(told)}" if told else "-"
        rows.append(f"| {name} | {cold / 1000:.2f} | {warm / 1000:.2f} | {cold / bare['cold']:.2f} "
                    f"| {warm / bare['warm']:.2f} | {size:.1f} | {load:.1f} | {restored} |")
    return "\n".join(rows)


def goals(results: dict[str, dict[str, list[Run]]]) -> str:
    """The app against issue 17's goals, as ratios to bare measured in the same run."""
    lines = []
    for kind, goal in GOALS.items():
        bare = median([r.ready for r in results["bare"][kind]])
        app = median([r.ready for r in results["app"][kind]])
        verdict = "met" if app / bare <= goal else "not met"
        lines.append(f"- {kind}: app {app / bare:.2f}x bare (goal at most {goal}x): {verdict}")
    return "\n".join(lines)


def stages_table(results: dict[str, dict[str, list[Run]]]) -> str:
    """Median times (s from navigation) at which each stage ended."""
    marks = ("wasm", "stdlib", "snapshot", *STAGES, "our files")
    rows = ["| page, load | " + " | ".join(marks) + " | ready |",
            "|---|" + "---:|" * (len(marks) + 1)]
    for name, runs in results.items():
        for kind in ("cold", "warm"):
            cells = []
            for mark in marks:
                values = [r.stages.get(mark, r.resources.get(mark)) for r in runs[kind]]
                got = [v for v in values if v is not None]
                cells.append(f"{median(got) / 1000:.2f}" if got else "-")
            ready = median([r.ready for r in runs[kind]]) / 1000
            rows.append(f"| {name}, {kind} | " + " | ".join(cells) + f" | {ready:.2f} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page, cold and warm")
    parser.add_argument("--chromium", default=DEBIAN_CHROMIUM, help="the browser to drive")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="pycore-startup-"))
    try:
        folder = site.build(work / "site", quiet=True)
        write_pages(folder)
        snapshots = snapshot_files(folder)
        fragment = links.link(sample()).split("#", 1)[1]
        pages = {"bare": ("bare.html", False), "imports": ("imports.html", False),
                 "app": (f"#{fragment}", True)}
        if snapshots:
            pages["app, no snapshot"] = (f"#{fragment}", True)
        results: dict[str, dict[str, list[Run]]] = {n: {"cold": [], "warm": []} for n in pages}
        counter = Counter()
        load_before = os.getloadavg()
        broken = frozenset(p.name for p in snapshots)
        with serving(folder, counter) as url, serving(folder, counter, broken) as fallback_url, \
                sync_playwright() as p:
            for i in range(args.runs):
                order = list(pages) if i % 2 == 0 else list(reversed(pages))  # spread any drift
                for name in order:
                    path, worker = pages[name]
                    base = fallback_url if name == "app, no snapshot" else url
                    cold, warm = series(p, args.chromium, base + path, counter, worker,
                                        check=worker and i == 0)
                    results[name]["cold"].append(cold)
                    results[name]["warm"].append(warm)
                    print(f"run {i + 1} {name}: cold {cold.ready / 1000:.2f} s, "
                          f"warm {warm.ready / 1000:.2f} s, {cold.bytes / 1e6:.1f} MB", flush=True)
        load_after = os.getloadavg()
        print()
        print(f"Medians of {args.runs} runs (headless Chromium, {url}; "
              f"snapshot: {', '.join(p.name for p in snapshots) or 'none in this build'}):")
        print(f"Machine: {os.cpu_count()} cores; load average (1, 5, 15 min) "
              f"{' '.join(f'{x:.1f}' for x in load_before)} before, "
              f"{' '.join(f'{x:.1f}' for x in load_after)} after.")
        print()
        print(table(results))
        print()
        print(goals(results))
        print()
        print("When each stage ended (median s from navigation start):")
        print()
        print(stages_table(results))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
