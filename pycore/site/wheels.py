"""The pinned pure-Python wheels the page loads from its own origin on first use only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .paths import CACHE, VENDOR, SiteError

# Pure-Python wheels the page loads from its own origin on first use only (never at
# start-up): importable module -> the pinned distributions it needs, dependencies first.
# segno draws the QR code (pycore reads and writes lz-string links itself). The version
# is the one pyproject.toml's `qr` extra pins (tests/site/test_site.py keeps them equal).
PAGE_WHEELS: dict[str, tuple[str, ...]] = {
    "segno": ("segno==1.6.6",),
}
WHEELS = f"{VENDOR}/wheels"
WHEEL_CACHE = CACHE / "page-wheels"


def _wheel_of(requirement: str, folder: Path) -> Path | None:
    """The wheel of a pinned `name==version` in `folder`, if there is one."""
    name, version = requirement.split("==")
    stem = f"{name.lower().replace('-', '_')}-{version}-"
    return next((p for p in sorted(folder.glob("*.whl")) if p.name.lower().startswith(stem)), None)


def page_wheels(quiet: bool = False, cache: Path = WHEEL_CACHE) -> list[Path]:
    """The pinned wheels of PAGE_WHEELS, fetched once into `cache` with `pip wheel --no-deps`
    (it takes PyPI's wheel where there is one and builds a pure one from an sdist otherwise)."""
    wanted = list(dict.fromkeys(r for reqs in PAGE_WHEELS.values() for r in reqs))
    missing = [r for r in wanted if _wheel_of(r, cache) is None]
    if missing:
        cache.mkdir(parents=True, exist_ok=True)
        if not quiet:
            print(f"gridlinks: fetching the page's wheels ({', '.join(missing)}) ...", file=sys.stderr)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(cache), *missing],
            stdout=subprocess.DEVNULL if quiet else None, check=False,
        )
        if done.returncode:
            raise SiteError(f"pip wheel {' '.join(missing)} failed (exit status {done.returncode})")
    found = [_wheel_of(r, cache) for r in wanted]
    if None in found:
        raise SiteError("pip wheel wrote no wheel for " + ", ".join(
            r for r, w in zip(wanted, found, strict=True) if w is None))
    return [w for w in found if w is not None]


def wheel_map(folder: str = WHEELS, cache: Path = WHEEL_CACHE) -> dict[str, list[str]]:
    """module -> the site paths of its wheels, for the page's `pycore-wheels` meta tag."""
    out: dict[str, list[str]] = {}
    for module, requirements in PAGE_WHEELS.items():
        wheels = [_wheel_of(r, cache) for r in requirements]
        out[module] = [f"{folder}/{w.name}" for w in wheels if w is not None]
    return out
