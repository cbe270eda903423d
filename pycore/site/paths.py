"""Where the page's sources, its runtime and the built site are.

A source checkout (or an editable install of one) works in place: web/, web/node_modules,
build/, _site/. An installed wheel carries the page's sources as package data (pycore/web)
and keeps what it fetches and builds in the user's cache.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # the pycore package
ROOT = PACKAGE.parent
CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "web" / "main" / "index.html").is_file()
"""True in a source checkout (or an editable install of one); False for an installed wheel."""

# The built site's folders: the runtime's packages, and the page's content-hashed files.
VENDOR = "vendor"
ASSETS = "assets"


class SiteError(OSError):
    """The site cannot be built here (no web/ folder, no npm, a runtime file missing)."""


def _user_cache() -> Path:
    """Where an installed pycore keeps what it fetches and builds: $PYCORE_CACHE, else the
    user's cache folder (XDG_CACHE_HOME, ~/.cache)."""
    named = os.environ.get("PYCORE_CACHE")
    if named:
        return Path(named).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pycore"


WEB = ROOT / "web" if CHECKOUT else PACKAGE / "web"
# web/ holds one room per place its code runs (each room's README.md says what runs there):
MAIN_ROOM = WEB / "main"  # the page's own thread: index.html, early.js, style.css, icon, manifest
LIGHT_ROOM = WEB / "light"  # the page's worker (MicroPython): light.js, main.py, the page's modules
HEAVY_ROOM = WEB / "heavy"  # the heavy worker (Pyodide in PyScript's named worker): heavy.py
OFFLINE_ROOM = WEB / "offline"  # the service worker: sw.js
CACHE = ROOT / "build" if CHECKOUT else _user_cache()
SITE = ROOT / "_site" if CHECKOUT else CACHE / "site"
# compress_site's bytes by content: brotli of the Pyodide wasm is slow, so once per content
COMPRESSED = CACHE / "compressed"


def _runtime_folder() -> Path:
    """The folder whose node_modules holds PyScript and Pyodide: web/ in a checkout; for a
    wheel, one folder per pinned lock file in the cache, so an upgrade fetches anew."""
    if CHECKOUT:
        return WEB
    lock = (WEB / "package-lock.json").read_bytes()
    return CACHE / f"runtime-{hashlib.sha256(lock).hexdigest()[:12]}"


RUNTIME = _runtime_folder()
