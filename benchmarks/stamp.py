"""The header every benchmark table carries: the machine, its load and the commit measured.

Standard library only, so that a benchmark that needs no browser can print it without
Playwright installed.
"""

from __future__ import annotations

import datetime
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def machine(load_before: tuple[float, float, float], load_after: tuple[float, float, float]) -> str:
    """The header line every benchmark table carries: the machine and its load around the runs."""
    def loads(values: tuple[float, float, float]) -> str:
        return " ".join(f"{x:.1f}" for x in values)

    return (f"Machine: {cpu_model()}, {os.cpu_count()} cores; load average (1, 5, 15 min) "
            f"{loads(load_before)} before, {loads(load_after)} after.")


def commit() -> str:
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    short = git("rev-parse", "--short", "HEAD") or "unknown"
    return f"{short} (working tree has changes)" if git("status", "--porcelain", "--untracked-files=no") \
        else short


def now() -> str:
    """The local date and time, as the tables print it."""
    return f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}"
