"""First visit on a phone: what a person who taps a shared link meets, on a throttled network.

    python -m benchmarks.first_visit                        # 3 runs of each profile; a table
    python -m benchmarks.first_visit --runs 5 --profile slow-4g
    python -m benchmarks.first_visit --screenshots DIR      # default test-results/first-visit/
    python -m benchmarks.first_visit --site DIR             # an already built site (no build)
    python -m benchmarks.first_visit --puzzle killer        # a variant link: a killer in play
    python -m benchmarks.first_visit --puzzle layout        # the largest layout (75x75) in play

The site is built once (`pycore.site.build`) and served by pycore's own server, behind
benchmarks/throttle.py's proxy, which models the phone's network: one downstream rate
shared by every connection, an upstream rate, one RTT per new connection and one per
request (profiles good-4g: 9 Mbit/s down, 1.5 up, 60 ms; slow-4g: 1.6 Mbit/s, 750 kbit/s,
150 ms). Each run launches headless Chromium on a new profile (no HTTP cache, no service
worker), emulating a phone (360x740, `is_mobile`, touch, device pixel ratio 2), and opens
`<proxy>/#<fragment>`, the share link of a half-solved 9x9 (25 givens, the player's
values, pencil marks; `pycore.links.best`). Measured from navigation start:

- ready: when `<html data-ready="true">` appears (the grid takes input); read in the page by
  a MutationObserver (added with `add_init_script`) noting `performance.now()`, so no
  polling delay counts;
- typed: then an empty cell and a pad digit are tapped; when the cell shows the digit and
  the address bar's fragment has changed (includes Playwright's taps, a few tens of ms);
- bytes and requests before ready: what the proxy had sent to the browser by then, and the
  requests it had seen (headers included; the proxy's log is timestamped);
- heavy: when `<html data-heavy="ready">` appears (the page's heavy Python runtime, for
  Hint/Solve/New puzzle, answers), and the bytes by then; "-" when it does not within the
  timeout (120 s on good-4g, 300 s on slow-4g) or the page says `data-heavy="failed"`;
- screenshots 1 s, 2 s and 5 s after navigation, for a person to look at
  (`<profile>-<run>-<N>s.png`; taking one costs the page a frame);
- return visit: once the first visit is over (heavy, or its timeout), its service worker
  controls the page (or 10 s passed) and the network was quiet for a second, the same
  profile opens about:blank and then the same link again: ready and bytes before it.

A run whose page is not ready within the timeout counts as failed (the table says how
many runs were ready). The table gives medians and (min-max) per profile, headed by the
machine, its load average before and after, the commit and the date: the agents sharing
the machine move every number.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from benchmarks.stamp import commit, machine, now
from benchmarks.throttle import PROFILES, Throttle
from pycore import links, site
from pycore.model import Cell, Layout, Puzzle, candidates, given, value
from tests.web.conftest import CHROMIUM_ARGS, find_chromium

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "test-results" / "first-visit"
SHOTS = (1, 2, 5)  # seconds after navigation
TIMEOUTS = {"good-4g": 120.0, "slow-4g": 300.0}  # s for ready, and again for heavy
CONTROLLED_S = 10.0  # at most this long for the service worker to control the first visit
QUIET_S = 1.0  # the network is quiet once nothing went to the browser for this long
TYPE_TIMEOUT_MS = 10_000
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
    "device_scale_factor": 2,
}

# In every page, before its own scripts: note when <html> says ready, and heavy, and
# PyScript's progress stages (benchmarks.startup reads them for the bare page).
PROBE = """
(() => {
  const marks = window.__marks = {progress: []};
  addEventListener("py:progress", (e) => marks.progress.push([String(e.detail), performance.now()]));
  const look = () => {
    const root = document.documentElement;
    if (!root) return;
    if (marks.ready === undefined && root.dataset.ready === "true") marks.ready = performance.now();
    const heavy = root.dataset.heavy;
    if (marks.heavy === undefined && (heavy === "ready" || heavy === "failed")) {
      marks.heavy = performance.now();
      marks.heavyState = heavy;
    }
  };
  new MutationObserver(look).observe(document, {
    attributes: true, subtree: true, childList: true, attributeFilter: ["data-ready", "data-heavy"]});
  look();
})();
"""
TYPED = """([index, digit, before]) => {
  const cell = document.querySelector(`#grid [data-index="${index}"]`);
  return cell !== null && cell.textContent.trim() === String(digit) && location.hash !== before
    ? performance.now() : false;
}"""


def puzzle() -> Puzzle:
    """A shared half-solved 9x9: 25 givens, three of the player's values, some pencil marks."""
    digits = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
    givens = [i for i, d in enumerate(digits) if d != "0"][:25]
    cells = {i: given(int(digits[i])) for i in givens}
    cells.update({2: value(4), 3: value(6), 5: value(8)})
    cells.update({6: candidates([1, 9]), 8: candidates([2, 8]), 20: candidates([1, 2, 7])})
    return Puzzle.blank("sudoku", 9).with_cells(cells)


def largest_layout() -> Puzzle:
    """The largest grid a link holds: a layout of 15x15 boxes of 5 (75x75, 121 overlapping
    25x25 sudokus), in play: a third of its cells given from a solution (each window's
    rows, columns and boxes hold 1 to 25), some of the player's values and pencil marks."""
    layout = Layout(5, 15, 15)
    blank = Puzzle.blank(layout=layout)

    def solution(i: int) -> int:
        r, c = divmod(i, blank.cols)
        return (5 * (r % 5) + r // 5 + c) % 25 + 1

    rng = random.Random(75)
    cells: dict[int, Cell] = {}
    for i in range(len(blank.cells)):
        roll = rng.random()
        if roll < 0.33:
            cells[i] = given(solution(i))
        elif roll < 0.36:
            cells[i] = value(solution(i))
        elif roll < 0.40:
            cells[i] = candidates(sorted({solution(i), rng.randint(1, 25)}))
    return blank.with_cells(cells)


def target(p: Puzzle) -> tuple[int, int]:
    """An empty cell and a digit its houses allow: what the run types."""
    for index, cell in enumerate(p.cells):
        if cell.kind == "empty" and p.open_digits(index):
            return index, p.open_digits(index)[0]
    raise ValueError("the sample has no empty cell to type into")


@dataclass
class Visit:
    ready: float | None = None  # s from navigation start; None: not ready in time
    typed: float | None = None
    heavy: float | None = None
    heavy_state: str = ""  # "ready", "failed" or "" (not within the timeout)
    bytes_ready: int | None = None
    requests_ready: int | None = None
    bytes_heavy: int | None = None
    error: str = ""


@dataclass
class Run:
    first: Visit
    back: Visit | None  # the return visit


def clock_offset() -> float:
    """time.monotonic() minus time.time(), now: turns the page's epoch times into monotonic ones."""
    return time.monotonic() - time.time()


def visit(
    page: Page, proxy: Throttle, url: str, timeout: float, type_into: tuple[int, int] | None,
    heavy: bool, shots: list[tuple[float, Path]],
) -> Visit:
    """One navigation to url, measured; see the module's docstring."""
    out = Visit()
    start = time.monotonic()
    try:
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        origin_ms = float(page.evaluate("performance.timeOrigin"))
        nav = origin_ms / 1000 + clock_offset()  # navigation start, monotonic
        pending = sorted(shots)
        marks: dict[str, Any] = {}
        while True:
            now = time.monotonic()
            while pending and nav + pending[0][0] <= now:
                page.screenshot(path=str(pending.pop(0)[1]))
                now = time.monotonic()
            marks = page.evaluate("window.__marks || {}")
            if out.ready is None and "ready" in marks:
                out.ready = float(marks["ready"]) / 1000
                at = nav + out.ready
                out.bytes_ready = proxy.bytes_between(start, at)
                out.requests_ready = proxy.requests_between(start, at)
                if type_into is not None:
                    out.typed = typed(page, *type_into)
                continue
            if out.heavy is None and "heavy" in marks:
                out.heavy = float(marks["heavy"]) / 1000
                out.heavy_state = str(marks.get("heavyState", ""))
                if out.heavy_state == "ready":
                    out.bytes_heavy = proxy.bytes_between(start, nav + out.heavy)
            waiting = None
            if out.ready is None:
                waiting = "ready"
            elif heavy and out.heavy is None:
                waiting = "heavy"
            deadline = nav + timeout
            if waiting is None and not pending:
                break
            if waiting is not None and now >= deadline:
                out.error = f"not {waiting} within {timeout:.0f} s"
                if waiting == "ready" or not pending:
                    break
                waiting = None
            until = min(deadline if waiting else float("inf"),
                        nav + pending[0][0] if pending else float("inf"))
            wait_ms = max(1.0, (until - time.monotonic()) * 1000)
            if waiting is None:
                page.wait_for_timeout(wait_ms)
                continue
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(f"window.__marks && window.__marks.{waiting} !== undefined",
                                       timeout=wait_ms)
    except PlaywrightError as err:
        out.error = str(err).splitlines()[0][:200]
    if out.heavy is not None and out.heavy_state != "ready":
        out.error = out.error or f'data-heavy="{out.heavy_state}"'
        out.heavy = None
    return out


def typed(page: Page, index: int, digit: int) -> float | None:
    """Tap the empty cell, tap the digit on the pad: s from navigation until it shows, and the
    fragment in the address bar changed (None if not within TYPE_TIMEOUT_MS)."""
    try:
        before = page.evaluate("location.hash")
        page.tap(f'#grid [data-index="{index}"]', timeout=TYPE_TIMEOUT_MS)
        page.tap(f'#pad button[data-digit="{digit}"]', timeout=TYPE_TIMEOUT_MS)
        shown = page.wait_for_function(TYPED, arg=[index, digit, before], timeout=TYPE_TIMEOUT_MS)
        return float(shown.json_value()) / 1000
    except PlaywrightError:
        return None


def settle(page: Page, proxy: Throttle) -> None:
    """Until the service worker controls the page (at most CONTROLLED_S), then until nothing
    went to the browser for QUIET_S (at most 30 s): what a first visit leaves behind is done."""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                               timeout=CONTROLLED_S * 1000)
    limit = time.monotonic() + 30
    while time.monotonic() < limit:
        last = proxy.last_sent()
        if last is None or time.monotonic() - last >= QUIET_S:
            return
        time.sleep(0.2)


@contextmanager
def phone(play: Playwright, chromium: str) -> Iterator[BrowserContext]:
    """A new Chromium profile on disk (as a person's browser: a disk cache, a service worker)
    emulating a phone."""
    folder = Path(tempfile.mkdtemp(prefix="pycore-first-visit-"))
    context = play.chromium.launch_persistent_context(
        folder, executable_path=chromium, args=CHROMIUM_ARGS, headless=True, **PHONE)
    try:
        context.add_init_script(PROBE)
        yield context
    finally:
        context.close()
        shutil.rmtree(folder, ignore_errors=True)


def one_run(
    play: Playwright, chromium: str, proxy: Throttle, url: str, timeout: float,
    type_into: tuple[int, int], shots: list[tuple[float, Path]],
) -> Run:
    with phone(play, chromium) as context:
        page = context.pages[0] if context.pages else context.new_page()
        first = visit(page, proxy, url, timeout, type_into, heavy=True, shots=shots)
        if first.ready is None:
            return Run(first, None)
        settle(page, proxy)
        page.goto("about:blank")
        back = visit(page, proxy, url, timeout, None, heavy=False, shots=[])
        return Run(first, back)


# --- the report ---

def spread(values: list[float], scale: float = 1.0, digits: int = 2) -> str:
    """median (min-max), or "-" without values."""
    if not values:
        return "-"
    low, mid, high = (x * scale for x in (min(values), statistics.median(values), max(values)))
    if len(values) == 1:
        return f"{mid:.{digits}f}"
    return f"{mid:.{digits}f} ({low:.{digits}f}-{high:.{digits}f})"


def column(runs: list[Run], pick: Callable[[Run], float | int | None]) -> list[float]:
    return [float(v) for v in (pick(r) for r in runs) if v is not None]


def table(results: dict[str, list[Run]]) -> str:
    rows = ["| profile | ready runs | ready (s) | typed (s) | before ready (KB) | requests before ready "
            "| heavy (s) | until heavy (MB) | return ready (s) | return before ready (KB) |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, runs in results.items():
        ready = column(runs, lambda r: r.first.ready)
        heavy = column(runs, lambda r: r.first.heavy)
        heavy_cell = spread(heavy)
        if heavy and len(heavy) < len(runs):
            heavy_cell += f" ({len(heavy)} of {len(runs)} runs)"
        rows.append(" | ".join([
            f"| {name}", f"{len(ready)} of {len(runs)}", spread(ready),
            spread(column(runs, lambda r: r.first.typed)),
            spread(column(runs, lambda r: r.first.bytes_ready), 1e-3, 0),
            spread(column(runs, lambda r: r.first.requests_ready), digits=0),
            heavy_cell,
            spread(column(runs, lambda r: r.first.bytes_heavy), 1e-6, 1),
            spread(column(runs, lambda r: r.back.ready if r.back else None)),
            spread(column(runs, lambda r: r.back.bytes_ready if r.back else None), 1e-3, 0),
        ]) + " |")
    return "\n".join(rows)


def describe(visit_: Visit, label: str) -> str:
    def s(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f} s"

    parts = [f"{label}: ready {s(visit_.ready)}"]
    if visit_.bytes_ready is not None:
        parts.append(f"{visit_.bytes_ready / 1e3:.0f} KB, {visit_.requests_ready} requests before")
    if label == "first":
        parts += [f"typed {s(visit_.typed)}", f"heavy {s(visit_.heavy)}"]
        if visit_.bytes_heavy is not None:
            parts.append(f"{visit_.bytes_heavy / 1e6:.1f} MB by then")
    if visit_.error:
        parts.append(f"({visit_.error})")
    return ", ".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="first visits per profile")
    parser.add_argument("--profile", choices=[*PROFILES, "both"], default="both")
    parser.add_argument("--screenshots", type=Path, default=SCREENSHOTS, help="where the PNGs go")
    parser.add_argument("--site", type=Path, help="serve this built site instead of building one")
    parser.add_argument("--timeout", type=float,
                        help="s to wait for ready, and again for heavy (default: 120 good-4g, 300 slow-4g)")
    parser.add_argument("--chromium", help="the browser to drive (default: as the browser tests find it)")
    parser.add_argument("--puzzle", choices=("classic", "killer", "layout"), default="classic",
                        help="the link opened: the half-solved classic, a killer being played "
                             "(benchmarks.startup.killer: its cages drawn on the first screen), or "
                             "the largest layout a link holds, in play (75x75)")
    args = parser.parse_args(argv)
    profiles = list(PROFILES) if args.profile == "both" else [args.profile]
    args.screenshots.mkdir(parents=True, exist_ok=True)
    from benchmarks.startup import killer  # startup imports this module's PROBE

    sample = {"classic": puzzle, "killer": killer, "layout": largest_layout}[args.puzzle]()
    fragment = links.best(sample)[1]
    type_into = target(sample)

    work = Path(tempfile.mkdtemp(prefix="pycore-first-visit-site-"))
    try:
        folder = args.site or site.build(work / "site", quiet=True)
        results: dict[str, list[Run]] = {name: [] for name in profiles}
        load_before = os.getloadavg()
        with site.running(site.make_server(folder, port=0)) as upstream, sync_playwright() as play:
            chromium = args.chromium or find_chromium(play.chromium)
            if chromium is None:
                raise SystemExit("benchmarks.first_visit: no Chromium found (apt-get install chromium, "
                                 "or set CHROMIUM=/path/to/chromium)")
            for name in profiles:
                timeout = args.timeout or TIMEOUTS[name]
                with Throttle(upstream, **PROFILES[name]) as proxy:
                    url = f"{proxy.url}#{fragment}"
                    for i in range(1, args.runs + 1):
                        shots = [(float(s), args.screenshots / f"{name}-{i}-{s}s.png") for s in SHOTS]
                        try:
                            run = one_run(play, chromium, proxy, url, timeout, type_into, shots)
                        except PlaywrightError as err:  # the browser failed: a failed run
                            run = Run(Visit(error=str(err).splitlines()[0][:200]), None)
                        results[name].append(run)
                        back = f"; {describe(run.back, 'return')}" if run.back else ""
                        print(f"{name} run {i}: {describe(run.first, 'first')}{back}", flush=True)
        load_after = os.getloadavg()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print()
    print(f"First visit on a phone (headless Chromium, 360x740 at 2x, touch), {args.runs} runs "
          f"per profile, through benchmarks/throttle.py; link #{fragment} ({len(fragment)} characters).")
    print(machine(load_before, load_after))
    site_note = f"; site {args.site} (prebuilt)" if args.site else ""
    print(f"Commit {commit()}{site_note}; {now()}.")
    print("Profiles: " + "; ".join(
        f"{n} {p['down_bps'] / 1e6:g} Mbit/s down, {(p['up_bps'] or 0) / 1e6:g} up, "
        f"{p['rtt_s'] * 1000:.0f} ms RTT" for n, p in PROFILES.items() if n in profiles) + ".")
    print("Median (min-max) over the runs that got there; KB and MB: bytes the proxy sent to the browser.")
    print()
    print(table(results))
    print()
    print(f"Screenshots: {args.screenshots}/<profile>-<run>-<N>s.png")


if __name__ == "__main__":
    main()
