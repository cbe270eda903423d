"""Offline: the service worker's precache list, the web app manifest and its icons."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from ..app import crossings
from .paths import ASSETS, MAIN_ROOM, OFFLINE_ROOM, VENDOR, SiteError
from .png import png
from .runtime import CHUNK_NAME

SERVICE_WORKER = crossings.SERVICE_WORKER  # the file the light worker registers
MANIFEST = "manifest.webmanifest"
ICONS = {192: "icon-192.png", 512: "icon-512.png"}
# PyScript chunks for features the page never uses (code editors, terminals, TOML configs,
# zip archives, package graphs): vendored, but not precached. Should a later PyScript load
# one anyway, the worker keeps it after the first fetch.
PYSCRIPT_UNUSED_PREFIXES = ("codemirror", "xterm")
PYSCRIPT_UNUSED = frozenset({"toml", "pyodide_graph", "zip", "index", "storage", "service-worker"})


def _pyscript_unused(name: str) -> bool:
    base, dot, ext = name.rpartition(".")
    if not dot or ext not in ("js", "css"):
        return False
    hashed = CHUNK_NAME.fullmatch(base)
    stem = hashed.group(1) if hashed else base
    return stem in PYSCRIPT_UNUSED or stem.startswith(PYSCRIPT_UNUSED_PREFIXES)


def precache_files(site_dir: Path) -> list[str]:
    """Every file of a built site the page may need, as URLs relative to the site ("./" is the page).

    That is all of it but source maps, the worker itself and PyScript's unused chunks:
    the runtime, the page's assets and the wheels it loads on first use (QR, imports),
    so that each works offline after one visit.
    """
    out = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(site_dir).as_posix()
        if rel == SERVICE_WORKER or rel.endswith(".map"):
            continue
        if rel.endswith((".br", ".gz")) and path.with_suffix("").is_file():
            continue  # a precompressed copy: the browser asks for the file itself
        if rel.startswith(f"{VENDOR}/pyscript-") and _pyscript_unused(path.name):
            continue
        out.append("./" if rel == "index.html" else rel)
    return out


def cache_name(site_dir: Path, files: list[str]) -> str:
    """The worker's cache name: a hash of every precached file's path and contents."""
    digest = hashlib.sha256()
    for name in files:
        data = (site_dir / ("index.html" if name == "./" else name)).read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return "pycore-" + digest.hexdigest()[:16]


def service_worker(site_dir: Path) -> str:
    """web/offline/sw.js with its PRECACHE line filled in for the site in `site_dir`."""
    files = precache_files(site_dir)
    precache = {"cache": cache_name(site_dir, files), "files": files,
                "immutable": [f"{VENDOR}/", f"{ASSETS}/"]}
    line = f"const PRECACHE = {json.dumps(precache)};"
    source = (OFFLINE_ROOM / SERVICE_WORKER).read_text(encoding="utf-8")
    out, count = re.subn(r"^const PRECACHE = .*;$", lambda _: line, source, flags=re.M)
    if count != 1:
        raise SiteError(f"web/offline/{SERVICE_WORKER} needs exactly one `const PRECACHE = ...;` line")
    return out


def icon_png(size: int) -> bytes:
    """web/main/icon.svg redrawn at `size` pixels: a rounded white tile, a 3x3 grid, a blue 9."""
    scale = size / 48  # the SVG's view box is 48 units wide
    buf = bytearray(size * size * 4)
    white, ink, blue = bytes((255, 255, 255, 255)), bytes((31, 41, 55, 255)), bytes((29, 78, 216, 255))

    def fill(x0: float, y0: float, x1: float, y1: float, colour: bytes) -> None:
        a, b = round(x0 * scale), round(x1 * scale)
        row = colour * (b - a)
        for y in range(round(y0 * scale), round(y1 * scale)):
            buf[(y * size + a) * 4:(y * size + b) * 4] = row

    fill(0, 0, 48, 48, white)
    for at in (3, 17, 31, 45):  # the grid's lines, 3 units wide like the SVG's strokes
        fill(at - 1.5, 1.5, at + 1.5, 46.5, ink)
        fill(1.5, at - 1.5, 46.5, at + 1.5, ink)
    # a seven-segment 9 in the middle box: top, both upper sides, middle, right, bottom
    for x0, y0, x1, y1 in ((20.5, 19.5, 27.5, 21), (20.5, 19.5, 22, 24.75), (26, 19.5, 27.5, 28.5),
                           (20.5, 23.25, 27.5, 24.75), (20.5, 27, 27.5, 28.5)):
        fill(x0, y0, x1, y1, blue)
    radius = 6 * scale  # round the tile's corners: clear what lies outside the arcs
    reach = int(radius) + 1
    for y in range(reach):
        for x in range(reach):
            if (radius - x - 0.5) ** 2 + (radius - y - 0.5) ** 2 > radius * radius:
                for cx, cy in ((x, y), (size - 1 - x, y), (x, size - 1 - y), (size - 1 - x, size - 1 - y)):
                    buf[(cy * size + cx) * 4:(cy * size + cx) * 4 + 4] = bytes(4)
    return png(size, size, bytes(buf))


def write_offline_files(site_dir: Path) -> None:
    """The manifest, its PNG icons, then the worker (last: it lists and hashes all the rest)."""
    shutil.copyfile(MAIN_ROOM / MANIFEST, site_dir / MANIFEST)
    for size, name in ICONS.items():
        (site_dir / name).write_bytes(icon_png(size))
    (site_dir / SERVICE_WORKER).write_text(service_worker(site_dir), encoding="utf-8")
