"""Lighthouse on the built site, the way a phone on a slow network sees a shared link.

    python -m benchmarks.lighthouse            # 3 runs, mobile preset; a table of medians
    python -m benchmarks.lighthouse --runs 5 --categories performance,accessibility

Lighthouse's default (mobile) settings: a Moto G-sized screen, simulated slow 4G and a
4x slower CPU. The goals: Performance at least 0.9 and Total Blocking Time
at most 600 ms. Lighthouse comes from npm, pinned in benchmarks/lighthouse/package.json
and its lockfile (not web/package.json, so the page's `npm ci` never fetches it); the
first run installs it there with `npm ci`. It drives the Debian Chromium ($CHROME_PATH,
else /usr/bin/chromium), headless. Node 20 runs it although its engines field asks for
22. The site is built into a temporary folder and served by pycore's own server (the
headers `pycore serve` sends) on 127.0.0.1, opened on a share link of a 9x9.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from benchmarks.startup import killer, sample
from pycore import links, site

HERE = Path(__file__).resolve().parent / "lighthouse"
LIGHTHOUSE = HERE / "node_modules" / ".bin" / "lighthouse"
DEBIAN_CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]

# (label, audit id, scale, format): what the table shows of each run
METRICS = [
    ("TBT (ms)", "total-blocking-time", 1.0, "{:.0f}"),
    ("LCP (s)", "largest-contentful-paint", 1e-3, "{:.2f}"),
    ("CLS", "cumulative-layout-shift", 1.0, "{:.3f}"),
    ("max potential FID (ms)", "max-potential-fid", 1.0, "{:.0f}"),
    ("FCP (s)", "first-contentful-paint", 1e-3, "{:.2f}"),
    ("TTI (s)", "interactive", 1e-3, "{:.2f}"),
]


def install() -> Path:
    """The pinned Lighthouse, installed from its lockfile on first use."""
    if not LIGHTHOUSE.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("benchmarks.lighthouse: npm is needed to install Lighthouse")
        print("installing the pinned Lighthouse (npm ci in benchmarks/lighthouse) ...", file=sys.stderr)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    return LIGHTHOUSE


@dataclass
class Report:
    scores: dict[str, float]  # category -> 0..1
    metrics: dict[str, float]  # audit id -> numeric value
    warnings: list[str]
    load: float = 0.0  # the machine's 1-minute load average after the run


def run(lighthouse: Path, chromium: str, url: str, categories: list[str], out: Path) -> Report:
    """One Lighthouse run, read from its JSON report."""
    command = [str(lighthouse), url, "--output=json", f"--output-path={out}", "--quiet",
               "--chrome-flags=" + " ".join(CHROME_FLAGS), "--max-wait-for-load=120000",
               "--only-categories=" + ",".join(categories)]
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": chromium},
                          capture_output=True, text=True, check=False)
    if done.returncode or not out.is_file():
        raise SystemExit(f"lighthouse failed (exit status {done.returncode}): {done.stderr[-2000:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        raise SystemExit(f"lighthouse: {report['runtimeError']}")
    scores = {name: float(cat["score"]) for name, cat in report["categories"].items()
              if cat.get("score") is not None}
    metrics = {audit: float(report["audits"][audit]["numericValue"]) for _, audit, _, _ in METRICS
               if report["audits"].get(audit, {}).get("numericValue") is not None}
    return Report(scores, metrics, [str(w) for w in report.get("runWarnings", [])])


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def table(reports: list[Report], categories: list[str]) -> str:
    titles = {"seo": "SEO", "best-practices": "Best Practices"}
    heads = [titles.get(c, c.title()) for c in categories] + [label for label, _, _, _ in METRICS]
    rows = ["| run | " + " | ".join(heads) + " | load (1 min) |",
            "|---|" + "---:|" * (len(heads) + 1)]

    def cells(scores: list[dict[str, float]], metrics: list[dict[str, float]]) -> list[str]:
        out = []
        for c in categories:
            got = [s[c] for s in scores if c in s]
            out.append(f"{median(got):.2f}" if got else "-")
        for _, audit, scale, fmt in METRICS:
            got = [m[audit] for m in metrics if audit in m]
            out.append(fmt.format(median(got) * scale) if got else "-")
        return out

    for i, report in enumerate(reports, 1):
        rows.append(f"| {i} | " + " | ".join(cells([report.scores], [report.metrics]))
                    + f" | {report.load:.1f} |")
    rows.append("| **median** | " + " | ".join(cells([r.scores for r in reports],
                                                    [r.metrics for r in reports]))
                + f" | {median([r.load for r in reports]):.1f} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs (medians are printed)")
    parser.add_argument("--categories", default="performance",
                        help="comma-separated: performance, accessibility, best-practices, seo")
    parser.add_argument("--chromium", default=os.environ.get("CHROME_PATH") or DEBIAN_CHROMIUM)
    parser.add_argument("--puzzle", choices=("classic", "killer"), default="classic",
                        help="the link audited: a classic 9x9, or a killer in play (a variant link)")
    args = parser.parse_args(argv)
    categories = [c.strip() for c in args.categories.split(",") if c.strip()]

    lighthouse = install()
    work = Path(tempfile.mkdtemp(prefix="pycore-lighthouse-"))
    try:
        folder = site.build(work / "site", quiet=True)
        fragment = links.link(sample() if args.puzzle == "classic" else killer()).split("#", 1)[1]
        reports = []
        with site.serving(folder) as url:
            for i in range(args.runs):
                report = run(lighthouse, args.chromium, f"{url}#{fragment}", categories,
                             work / f"run-{i}.json")
                report.load = os.getloadavg()[0]
                reports.append(report)
                shown = ", ".join(f"{k} {v:.2f}" for k, v in report.scores.items())
                print(f"run {i + 1}: {shown}, TBT "
                      f"{report.metrics.get('total-blocking-time', float('nan')):.0f} ms", flush=True)
                for warning in report.warnings:
                    print(f"  warning: {warning}", flush=True)
        version = json.loads((HERE / "node_modules" / "lighthouse" / "package.json")
                             .read_text(encoding="utf-8"))["version"]
        print()
        print(f"Lighthouse {version}, mobile (simulated slow 4G, 4x CPU slowdown), {args.runs} runs, "
              f"{args.chromium}, {url}; {os.cpu_count()} cores, load average "
              + " ".join(f"{x:.1f}" for x in os.getloadavg()) + " at the end:")
        print()
        print(table(reports, categories))
        print()
        perf = median([r.scores["performance"] for r in reports if "performance" in r.scores])
        tbt = median([r.metrics["total-blocking-time"] for r in reports
                      if "total-blocking-time" in r.metrics])
        if "performance" in categories:
            print(f"Goals: Performance >= 0.9: {'met' if perf >= 0.9 else 'not met'} "
                  f"({perf:.2f}); TBT <= 600 ms: {'met' if tbt <= 600 else 'not met'} ({tbt:.0f} ms)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
