"""The recipient's first minute on a phone: first screen, layout shift, keystroke time.

    python -m benchmarks.phone                 # 360x740 and 320x640; 9x9, 16x16, 25x25, Samurai
    python -m benchmarks.phone --keys 41

A phone is Playwright's mobile emulation in the Debian Chromium: `is_mobile`, `has_touch`,
a device pixel ratio of 2, and the viewport. The built site (served by pycore's own
server) is opened on a share link of each shape, in a new browser context each time, and
read once the page says it is ready (`data-ready`):

- first screen: is the whole grid, and the whole digit pad, inside the viewport without
  scrolling (bounding boxes against the viewport; the goal is both on a 9x9 at
  360x740); where the grid's and the pad's top and bottom edges are;
- pad buttons: the shortest and tallest height (at least 40 px on touch screens);
- layout shift: the sum of a `PerformanceObserver('layout-shift', buffered)`'s entries
  without recent input, from navigation to a second after ready (at most 0.05);
- keystrokes: time in the page from dispatching a digit's keydown on the focused cell to
  the moment the cell shows the digit (the answer a person sees: at most 16 ms on a 9x9,
  50 ms on a 25x25), and to the moment `location.hash` has changed too (the link), median
  of N keys each into another empty cell, twice: a second after the grid is ready, before
  the heavy worker is up (the link encoded by MicroPython in the page's worker), and once
  the worker is up (it encodes the link). The wait polls after every task (a
  MessageChannel round), as the page's Python answers from a worker.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks.startup import Counter, killer, sample, serving
from pycore import links, site
from pycore.model import Layout, Puzzle, given
from tests.web.conftest import CHROMIUM_ARGS, READY, START_TIMEOUT, find_chromium

VIEWPORTS = [(360, 740), (320, 640)]
TIMED_SHAPES = ("9x9", "25x25", "Killer")  # keystrokes are timed on these (the phone goals)
GOALS = {"cls": 0.05, "pad": 40.0, "9x9": 16.0, "25x25": 50.0, "Killer": 16.0}  # Killer: a 9x9's goal

# Before the page's own scripts: layout shifts as they happen, and when it became ready.
PROBE = """
(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) window.__shifts.push([e.startTime, e.value]);
    }
  }).observe({type: "layout-shift", buffered: true});
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.ready === "true") {
      window.__ready = performance.now();
      observer.disconnect();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
"""

# The whole grid and pad against the viewport, and the pad's buttons.
BOXES = """() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const buttons = [...document.querySelectorAll('#pad button')].filter(b => b.offsetParent !== null);
  return {
    grid: box(document.getElementById('grid')),
    pad: box(document.getElementById('pad')),
    buttons: buttons.map(b => b.getBoundingClientRect().height),
    width: window.innerWidth, height: window.innerHeight,
    scrollY: window.scrollY,
  };
}"""

# One timed keystroke: keydown of `key` on the focused element, then wait (yielding one
# task at a time) until the cell shows `key` and the address bar's link has changed.
KEYSTROKE = """async ([index, key]) => {
  const cell = document.querySelector(`#grid [data-index="${index}"]`);
  const hash = location.hash;
  const yieldTask = () => new Promise((done) => {
    const channel = new MessageChannel(); channel.port1.onmessage = done; channel.port2.postMessage(0);
  });
  const target = document.activeElement && document.activeElement !== document.body
    ? document.activeElement : cell;
  const start = performance.now();
  target.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true, cancelable: true}));
  const deadline = start + 10000;
  let shown = -1;  // the digit in its cell
  while (!(cell.textContent.trim() === key && location.hash !== hash)) {
    if (performance.now() > deadline) return [-1, -1];
    if (shown < 0 && cell.textContent.trim() === key) shown = performance.now() - start;
    await yieldTask();
  }
  const linked = performance.now() - start;
  return [shown < 0 ? linked : shown, linked];
}"""


def samurai() -> Puzzle:
    blank = Puzzle.blank(layout=Layout.samurai())
    return blank.with_cells({i: given(1 + i % 9) for i in range(0, len(blank.cells), 13)
                             if blank.cells[i].kind != "outside"})


def big(n: int) -> Puzzle:
    """A sparse n x n (n a square) with a given in every few cells, taken from a solved grid
    so that it has solutions, as a shared puzzle does (a grid no solution fits is told
    apart by the page, messages.doubt); the empty cells are left to type into."""
    box = math.isqrt(n)
    solved = [(box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n)]
    return Puzzle.blank("sudoku", n).with_cells({i: given(solved[i]) for i in range(0, n * n, 7)})


def shapes() -> dict[str, Puzzle]:
    return {"9x9": sample(), "16x16": big(16), "25x25": big(25), "Samurai": samurai(), "Killer": killer()}


@dataclass
class Visit:
    shape: str
    viewport: tuple[int, int]
    ready_s: float
    grid_on_screen: bool
    pad_on_screen: bool
    grid_edges: tuple[float, float]
    pad_edges: tuple[float, float]
    buttons: list[float]
    cls: float
    scrolled: float  # px the page had scrolled by itself when measured (0: the first screen)
    # keydown to the link in the address bar, before the heavy worker is up and once it is;
    # and to the digit in its cell
    keys_ms: list[float] = field(default_factory=list)
    worker_keys_ms: list[float] = field(default_factory=list)
    digit_ms: list[float] = field(default_factory=list)
    worker_digit_ms: list[float] = field(default_factory=list)


def inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    """The whole box is in the first screen (1 px of rounding allowed)."""
    return box is not None and box["top"] >= -1 and box["left"] >= -1 \
        and box["bottom"] <= height + 1 and box["right"] <= width + 1


def empty_cells(puzzle: Puzzle, count: int) -> list[int]:
    """Cells to type into: empty, spread over the grid (each key changes the link)."""
    empty = [i for i, cell in enumerate(puzzle.cells) if cell.kind == "empty"]
    step = max(1, len(empty) // max(1, count))
    return empty[::step][:count]


def visit(browser: Browser, url: str, shape: str, puzzle: Puzzle, viewport: tuple[int, int],
          keys: int) -> Visit:
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(f"{url}#{links.link(puzzle).split('#', 1)[1]}")
        page.wait_for_selector(READY, state="attached", timeout=START_TIMEOUT)
        page.wait_for_function("window.__ready !== undefined", timeout=START_TIMEOUT)
        ready = float(page.evaluate("window.__ready"))
        page.wait_for_timeout(1000)
        shifts = page.evaluate("window.__shifts")
        cls = sum(value for at, value in shifts if at <= ready + 1000)
        boxes = page.evaluate(BOXES)
        grid, pad = boxes["grid"], boxes["pad"]
        out = Visit(
            shape, viewport, ready / 1000,
            inside(grid, width, height), inside(pad, width, height),
            (grid["top"], grid["bottom"]) if grid else (float("nan"),) * 2,
            (pad["top"], pad["bottom"]) if pad else (float("nan"),) * 2,
            boxes["buttons"], cls, float(boxes["scrollY"]),
        )
        if shape in TIMED_SHAPES and viewport == VIEWPORTS[0]:
            cells = empty_cells(puzzle, 2 * keys)
            if page.get_attribute("html", "data-heavy") is None:  # else only the second set
                type_timed(page, cells[::2], out.keys_ms, out.digit_ms)
            page.wait_for_selector("html[data-heavy]", state="attached", timeout=START_TIMEOUT)
            type_timed(page, cells[1::2], out.worker_keys_ms, out.worker_digit_ms)
        return out
    finally:
        context.close()


def type_timed(page: Page, cells: list[int], into: list[float], shown: list[float]) -> None:
    """Type a digit into each cell: keydown to the link (`into`) and to the digit (`shown`)."""
    for n, index in enumerate(cells):
        page.click(f'#grid [data-index="{index}"]')  # the cursor, outside the timing
        digit = str(3 + n % 7)  # 3-9: never the first of a two-digit entry on 25x25
        digit_ms, link_ms = page.evaluate(KEYSTROKE, [index, digit])
        if link_ms >= 0:
            into.append(float(link_ms))
            shown.append(float(digit_ms))


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def table(visits: list[Visit]) -> str:
    rows = ["| shape | viewport | ready (s) | whole grid on screen | whole pad on screen "
            "| grid top-bottom (px) | pad top-bottom (px) | scrolled (px) | pad button heights (px) "
            "| CLS | keydown to digit / to link, before the worker, median (ms) "
            "| the same, worker up (ms) |",
            "|---|---|---:|---|---|---|---|---:|---|---:|---:|---:|"]
    for v in visits:
        heights = f"{min(v.buttons):.0f}-{max(v.buttons):.0f}" if v.buttons else "-"
        keys = (f"{median(v.digit_ms):.1f} / {median(v.keys_ms):.1f} ({len(v.keys_ms)} keys)"
                if v.keys_ms else "-")
        worker = (f"{median(v.worker_digit_ms):.1f} / {median(v.worker_keys_ms):.1f} "
                  f"({len(v.worker_keys_ms)} keys)" if v.worker_keys_ms else "-")
        rows.append(
            f"| {v.shape} | {v.viewport[0]}x{v.viewport[1]} | {v.ready_s:.2f} "
            f"| {'yes' if v.grid_on_screen else 'no'} | {'yes' if v.pad_on_screen else 'no'} "
            f"| {v.grid_edges[0]:.0f}-{v.grid_edges[1]:.0f} | {v.pad_edges[0]:.0f}-{v.pad_edges[1]:.0f} "
            f"| {v.scrolled:.0f} | {heights} | {v.cls:.3f} | {keys} | {worker} |")
    return "\n".join(rows)


def goals(visits: list[Visit]) -> str:
    """The phone goals, each met or not."""
    lines = []
    first = next((v for v in visits if v.shape == "9x9" and v.viewport == VIEWPORTS[0]), None)
    if first is not None:
        both = first.grid_on_screen and first.pad_on_screen
        lines.append(f"- 9x9 at 360x740: whole grid and whole pad on the first screen: "
                     f"{'met' if both else 'not met'}")
    worst = max((v.cls for v in visits), default=float("nan"))
    lines.append(f"- CLS at most {GOALS['cls']}: worst {worst:.3f}: "
                 f"{'met' if worst <= GOALS['cls'] else 'not met'}")
    short = min((min(v.buttons) for v in visits if v.buttons), default=float("nan"))
    lines.append(f"- pad buttons at least {GOALS['pad']:.0f} px tall: shortest {short:.0f} px: "
                 f"{'met' if short >= GOALS['pad'] else 'not met'}")
    for shape in TIMED_SHAPES:
        mine = [v for v in visits if v.shape == shape]
        for when, digits, linked in (
                ("before the worker", [t for v in mine for t in v.digit_ms],
                 [t for v in mine for t in v.keys_ms]),
                ("worker up", [t for v in mine for t in v.worker_digit_ms],
                 [t for v in mine for t in v.worker_keys_ms])):
            if digits:
                m = median(digits)
                lines.append(f"- keystroke on {shape} at most {GOALS[shape]:.0f} ms, {when}: keydown to "
                             f"the digit, median {m:.1f} ms: {'met' if m <= GOALS[shape] else 'not met'} "
                             f"(to the link in the address bar: {median(linked):.1f} ms)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=21, help="timed keystrokes per timed shape")
    parser.add_argument("--chromium", default=find_chromium(), help="the browser to drive")
    args = parser.parse_args(argv)
    if not args.chromium:
        raise SystemExit("benchmarks.phone: no Chromium found (apt-get install -y chromium)")

    work = Path(tempfile.mkdtemp(prefix="pycore-phone-"))
    try:
        folder = site.build(work / "site", quiet=True)
        load_before = os.getloadavg()
        visits = []
        with serving(folder, Counter()) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            try:
                for viewport in VIEWPORTS:
                    for shape, puzzle in shapes().items():
                        v = visit(browser, url, shape, puzzle, viewport, args.keys)
                        visits.append(v)
                        print(f"{shape} at {viewport[0]}x{viewport[1]}: ready {v.ready_s:.2f} s, "
                              f"CLS {v.cls:.3f}", flush=True)
            finally:
                browser.close()
        load_after = os.getloadavg()
        print()
        print(f"Phone emulation (is_mobile, touch, DPR 2) in headless Chromium, {url}; "
              f"{os.cpu_count()} cores, load average (1, 5, 15 min) "
              f"{' '.join(f'{x:.1f}' for x in load_before)} before, "
              f"{' '.join(f'{x:.1f}' for x in load_after)} after:")
        print()
        print(table(visits))
        print()
        print(goals(visits))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
