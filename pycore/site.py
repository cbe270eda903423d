"""Build the static puzzle page and serve it on this machine.

`build` puts into one folder everything the page loads, so that no request leaves
its origin: PyScript's dist and Pyodide's core files (from the npm packages pinned
in web/package-lock.json, vendored into version-named folders), the page's own
files under content-hashed names, `pycore` itself as one zip, the pinned pure-Python
wheels the page loads on first use only (`PAGE_WHEELS`, under vendor/wheels), and a
memory snapshot of the started interpreter that the page restores instead of starting
Python afresh (`snapshot`, made with Node; web/start.mjs loads it). The snapshot holds
pycore imported and the page's modules compiled, so a restored page fetches no Python
file of ours; web/main.py fetches the zip (no micropip) and the page's modules only when
the interpreter started without it. `serve` runs
`http.server` on 127.0.0.1 with the same headers netlify.toml gives the published site.

It also knows where the page's sources and runtime are (a source checkout works in
place; an installed wheel carries web/ as package data and fetches the runtime into
the user's cache) and draws the app's PNG icons. It is longer than most modules because
all of it is the one build: the file names it writes are the ones the precache list,
the headers and the start module must name, so they are kept together.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import cli

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "web" / "index.html").is_file()
"""True in a source checkout (or an editable install of one); False for an installed wheel."""


def _user_cache() -> Path:
    """Where an installed pycore keeps what it fetches and builds: $PYCORE_CACHE, else the
    user's cache folder (XDG_CACHE_HOME, ~/.cache)."""
    named = os.environ.get("PYCORE_CACHE")
    if named:
        return Path(named).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pycore"


# A checkout works in place (web/, web/node_modules, build/, _site/); a wheel carries the
# page's sources as package data (pycore/web) and fetches the runtime into the user's cache.
WEB = ROOT / "web" if CHECKOUT else PACKAGE / "web"
CACHE = ROOT / "build" if CHECKOUT else _user_cache()
SITE = ROOT / "_site" if CHECKOUT else CACHE / "site"


def _runtime_folder() -> Path:
    """The folder whose node_modules holds PyScript and Pyodide: web/ in a checkout; for a
    wheel, one folder per pinned lock file in the cache, so an upgrade fetches anew."""
    if CHECKOUT:
        return WEB
    lock = (WEB / "package-lock.json").read_bytes()
    return CACHE / f"runtime-{hashlib.sha256(lock).hexdigest()[:12]}"


RUNTIME = _runtime_folder()

# The files of the npm `pyodide` package the page needs (it holds no wheels).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The page's Python: main.py is the script PyScript runs (it imports app.py); the modules
# come compiled in the snapshot, and main.py fetches their files only when the interpreter
# started without it (the build writes their names into main.py, after them).
PAGE_MODULES = ("app.py", "dom.py", "page_api.py", "grid_view.py", "keeper.py", "page_tools.py",
                "coach.py")
PAGE_ASSETS = ("style.css", "early.js", *PAGE_MODULES, "main.py")  # get content-hashed names
PAGE_FILES = ("icon.svg",)  # copied as they are
VENDOR = "vendor"
ASSETS = "assets"

# Only the page's own origin. Pyodide compiles wasm ('wasm-unsafe-eval') and both it
# (emscripten's EM_ASM glue) and PyScript (its FFI) evaluate JavaScript they generate
# themselves ('unsafe-eval'); nothing may load from anywhere else. Images may also be
# data: URLs: the QR code and the printable grid are SVG the page makes, shown through
# <img> (where an SVG can run no script), never inserted as markup. PyScript starts its worker
# from a blob: URL it makes of its own bundled code (only a script already running here can
# make one).
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# Cross-origin isolation: the page's Python runs in a PyScript worker, whose synchronous
# DOM access needs SharedArrayBuffer, which a browser gives only an isolated page. Every
# file is our own origin, so isolating costs nothing. A <meta> tag cannot carry these;
# on a host that sends no headers, the service worker adds them from the second visit
# (web/sw.js), and the first visit runs the Python on the main thread (web/early.js).
ISOLATION = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# Directives a <meta> policy cannot carry (browsers ignore them there, with a console error).
HEADER_ONLY = ("frame-ancestors", "report-uri", "sandbox")


def meta_csp(policy: str = CSP) -> str:
    """The policy the page's <meta> tag repeats (for hosts that send no header)."""
    kept = [d.strip() for d in policy.split(";") if d.split() and d.split()[0] not in HEADER_ONLY]
    return "; ".join(kept)


# Pure-Python wheels the page loads from its own origin on first use only (never at
# start-up): importable module -> the pinned distributions it needs, dependencies first.
# segno draws the QR code (pycore reads and writes lz-string links itself). The version
# is the one pyproject.toml's `qr` extra pins (tests/test_site.py keeps them equal).
PAGE_WHEELS: dict[str, tuple[str, ...]] = {
    "segno": ("segno==1.6.6",),
}
WHEELS = f"{VENDOR}/wheels"
WHEEL_CACHE = CACHE / "page-wheels"
LONG_CACHE = "public, max-age=31536000, immutable"
# The memory snapshot: standard-library modules the page's start-up imports (PyScript's
# asyncio, pycore's json, dataclasses, ...) are imported before it is taken, so a restored
# interpreter has them already; so is every pycore module (`package_modules`), from the very
# zip the page ships, so a page restored from it never unpacks that zip (web/main.py does
# only when the interpreter started without the snapshot). The snapshot then changes with
# pycore too, and is cached between builds under a key made from Pyodide, this list, the
# zip and the page's sources.
SNAPSHOT_IMPORTS = (
    "asyncio", "base64", "contextlib", "dataclasses", "datetime", "enum", "functools", "importlib.abc",
    "importlib.util", "inspect", "itertools", "json", "logging", "random", "re", "string",
    "textwrap", "traceback", "typing", "urllib.parse", "zlib",
    "html",  # PyScript's pyscript.display imports it: compiling html.entities is 0.25 s
)
SNAPSHOT_CACHE = CACHE / "snapshot"
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".gz": "application/octet-stream",  # the snapshot: the page or its worker gunzips it, not the browser
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".html": "text/html; charset=utf-8",
}


class SiteError(OSError):
    """The site cannot be built here (no web/ folder, no npm, a runtime file missing)."""


def _version(package: str) -> str:
    meta = json.loads((RUNTIME / "node_modules" / package / "package.json").read_text())
    version: str = meta["version"]
    return version


def _runtime_present() -> bool:
    modules = RUNTIME / "node_modules"
    return (modules / "@pyscript" / "core" / "dist" / "core.js").is_file() and all(
        (modules / "pyodide" / name).is_file() for name in PYODIDE_FILES
    )


def install_runtime(quiet: bool = False) -> None:
    """`npm ci` of the pinned PyScript and Pyodide (web/package-lock.json) when they are not
    there yet: in web/ for a checkout, in the user's cache for an installed wheel."""
    if _runtime_present():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError("npm is needed once to fetch the page's runtime (PyScript and Pyodide): "
                        "install Node.js with npm, then run this again")
    if RUNTIME != WEB:
        RUNTIME.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(WEB / name, RUNTIME / name)
    if not quiet:
        print(f"pycore: fetching PyScript and Pyodide once (npm ci in {RUNTIME}) ...",
              file=sys.stderr)
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=RUNTIME,
        stdout=subprocess.DEVNULL if quiet else None, check=False,
    )
    if done.returncode or not _runtime_present():
        raise SiteError(f"npm ci in {RUNTIME} failed (exit status {done.returncode})")


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
            print(f"pycore: fetching the page's wheels ({', '.join(missing)}) ...", file=sys.stderr)
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


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _hashed(name: str, data: bytes) -> str:
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{_digest(data)}{dot}{ext}"


def _package_files() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path == Path(__file__).resolve():
            continue  # the build tool itself has no use in the page
        if path.relative_to(PACKAGE).parts[0] == "web":
            continue  # an installed wheel's copy of the page's sources
        if path.suffix == ".py" or path.name == "py.typed":
            yield path


def package_zip() -> bytes:
    """pycore's sources as a zip whose bytes depend only on their contents (a stable hash)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in _package_files():
            info = zipfile.ZipInfo(path.relative_to(PACKAGE.parent).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def package_modules(archive: bytes) -> tuple[str, ...]:
    """Every module in pycore's zip (not `pycore.__main__`, which runs the command line): the
    snapshot imports them all, so the page never needs the zip's files when it has it."""
    names = zipfile.ZipFile(io.BytesIO(archive)).namelist()
    modules = [n.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for n in names if n.endswith(".py") and not n.endswith("/__main__.py")]
    return tuple(sorted(modules))


def page_sources() -> dict[str, tuple[str, str]]:
    """The page's modules: module name -> (file, source), what the snapshot holds compiled
    (web/snapshot.mjs adds PyScript's own package from the pinned npm package)."""
    return {name.removesuffix(".py"): (name, (WEB / name).read_text(encoding="utf-8"))
            for name in PAGE_MODULES}


def snapshot_key(archive: bytes) -> str:
    """What a snapshot depends on: the Pyodide build, the scripts that make it, its imports,
    pycore's zip (whose modules it holds) and the page's and PyScript's modules (compiled
    in it)."""
    digest = hashlib.sha256(f"{_version('pyodide')} {_version('@pyscript/core')}".encode())
    for name in ("snapshot.mjs", "precompiled.py"):
        digest.update((WEB / name).read_bytes())
    digest.update(repr((SNAPSHOT_IMPORTS, page_sources())).encode())
    digest.update(archive)
    return digest.hexdigest()[:16]


def snapshot(archive: bytes, quiet: bool = False, cache: Path = SNAPSHOT_CACHE) -> bytes:
    """The gzipped memory snapshot of the vendored Pyodide with the page's imports done, pycore's
    from `archive` (the zip the page ships), and the page's modules compiled; Node makes it
    once per key, in about 5 s."""
    key = snapshot_key(archive)
    cached = cache / f"{key}.bin.gz"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise SiteError("Node is needed to make the page's memory snapshot (it comes with npm)")
    if not quiet:
        print("pycore: making the interpreter's memory snapshot (node web/snapshot.mjs) ...",
              file=sys.stderr)
    cache.mkdir(parents=True, exist_ok=True)
    raw = cache / f"{key}.bin"
    zipped = cache / f"{key}.zip"
    plan = cache / f"{key}.json"
    zipped.write_bytes(archive)
    plan.write_text(json.dumps({
        "id": key, "archive": str(zipped), "imports": [*SNAPSHOT_IMPORTS, *package_modules(archive)],
        "precompiled": (WEB / "precompiled.py").read_text(encoding="utf-8"),
        "compiled": page_sources(),
    }), encoding="utf-8")
    try:
        done = subprocess.run(
            [node, str(WEB / "snapshot.mjs"), str(RUNTIME / "node_modules"), str(plan), str(raw)],
            capture_output=True, text=True, check=False,
        )
    finally:
        zipped.unlink()
        plan.unlink()
    if done.returncode or not raw.is_file():
        raise SiteError(f"node web/snapshot.mjs failed (exit status {done.returncode}): "
                        + done.stderr.strip()[-500:])
    data = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
    raw.unlink()
    partial_file = cached.with_suffix(".partial")
    partial_file.write_bytes(data)
    partial_file.rename(cached)
    return data


def start_module(snapshot_file: str, snapshot_bytes: int) -> str:
    """web/start.mjs with its SNAPSHOT line naming the snapshot beside it."""
    line = "const SNAPSHOT = " + json.dumps({"file": snapshot_file, "bytes": snapshot_bytes}) + ";"
    source = (WEB / "start.mjs").read_text(encoding="utf-8")
    out, count = re.subn(r"^const SNAPSHOT = .*;$", lambda _: line, source, flags=re.M)
    if count != 1:
        raise SiteError("web/start.mjs needs exactly one `const SNAPSHOT = ...;` line")
    return out


def _copy_tree(source: Path, dest: Path, skip_suffix: str = ".map") -> None:
    for path in source.rglob("*"):
        if path.is_file() and not path.name.endswith(skip_suffix):
            target = dest / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def build(dest: Path = SITE, quiet: bool = False) -> Path:
    """Write the whole site into `dest` (replaced), fetching the runtime first if needed."""
    if not (WEB / "index.html").is_file():
        raise SiteError(f"the page's sources are missing ({WEB}): reinstall pycore")
    install_runtime(quiet)
    dest = Path(dest)
    work = dest.with_name(dest.name + ".partial")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    modules = RUNTIME / "node_modules"
    pyscript_dir = f"{VENDOR}/pyscript-{_version('@pyscript/core')}"
    pyodide_dir = f"{VENDOR}/pyodide-{_version('pyodide')}"
    _copy_tree(modules / "@pyscript" / "core" / "dist", work / pyscript_dir)
    (work / pyodide_dir).mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(modules / "pyodide" / name, work / pyodide_dir / name)
    # The snapshot and the module that restores it, named by content in Pyodide's own folder
    # (PyScript makes the interpreter module's folder Pyodide's indexURL).
    archive = package_zip()
    frozen = snapshot(archive, quiet)
    frozen_name = _hashed("snapshot.bin.gz", frozen)
    (work / pyodide_dir / frozen_name).write_bytes(frozen)
    raw_size = struct.unpack("<I", frozen[-4:])[0]  # gzip's trailer: the size, mod 2**32
    start = start_module(frozen_name, raw_size).encode()
    start_name = _hashed("start.mjs", start)
    (work / pyodide_dir / start_name).write_bytes(start)

    names: dict[str, str] = {"start.mjs": f"{pyodide_dir}/{start_name}"}
    (work / ASSETS).mkdir()
    names["pycore.zip"] = f"{ASSETS}/{_hashed('pycore.zip', archive)}"
    (work / names["pycore.zip"]).write_bytes(archive)
    for name in PAGE_ASSETS:
        data = (WEB / name).read_bytes()
        if name == "main.py":  # it names the files it fetches when there is no snapshot
            paths = json.dumps({module: names[module] for module in PAGE_MODULES})
            data = data.replace(b"{{pycore.zip}}", names["pycore.zip"].encode())
            data = data.replace(b"{{page modules}}", paths.encode())
        names[name] = f"{ASSETS}/{_hashed(name, data)}"
        (work / names[name]).write_bytes(data)
    for name in PAGE_FILES:
        shutil.copyfile(WEB / name, work / name)
    (work / WHEELS).mkdir(parents=True)
    for wheel in page_wheels(quiet):
        shutil.copyfile(wheel, work / WHEELS / wheel.name)

    page = (WEB / "index.html").read_text(encoding="utf-8")
    page = page.replace("{{pyscript}}", pyscript_dir).replace("{{pyodide}}", pyodide_dir)
    page = page.replace("{{csp}}", html.escape(meta_csp()))
    page = page.replace("{{wheels}}", html.escape(json.dumps(wheel_map(), separators=(",", ":"))))
    for name, target in names.items():
        page = page.replace("{{" + name + "}}", target)
    if "{{" in page:
        raise SiteError("web/index.html names an asset the build does not make: "
                        + page[page.index("{{"):].split("}}", 1)[0] + "}}")
    (work / "index.html").write_text(page, encoding="utf-8")
    write_offline_files(work)

    shutil.rmtree(dest, ignore_errors=True)
    work.rename(dest)
    return dest


# -- Offline: the service worker's precache list, the web app manifest and its icons ---------

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = {192: "icon-192.png", 512: "icon-512.png"}
# PyScript chunks for features the page never uses (code editors, terminals, TOML configs,
# MicroPython, package graphs): vendored, but not precached. Should a later PyScript load
# one anyway, the worker keeps it after the first fetch.
PYSCRIPT_UNUSED_PREFIXES = ("codemirror", "xterm")
PYSCRIPT_UNUSED = frozenset({"toml", "mpy", "py", "pyodide_graph", "zip", "index", "storage",
                             "service-worker"})
_HASHED = re.compile(r"(.+)-[A-Za-z0-9_-]{8}")  # rollup's chunk names: stem-8 characters


def _pyscript_unused(name: str) -> bool:
    base, dot, ext = name.rpartition(".")
    if not dot or ext not in ("js", "css"):
        return False
    hashed = _HASHED.fullmatch(base)
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
    """web/sw.js with its PRECACHE line filled in for the site in `site_dir`."""
    files = precache_files(site_dir)
    precache = {"cache": cache_name(site_dir, files), "files": files,
                "immutable": [f"{VENDOR}/", f"{ASSETS}/"],
                # gunzipped in the cache once the page is hidden (web/start.mjs reads either form)
                "gunzip": [name for name in files if name.endswith(".gz")]}
    line = f"const PRECACHE = {json.dumps(precache)};"
    source = (WEB / SERVICE_WORKER).read_text(encoding="utf-8")
    out, count = re.subn(r"^const PRECACHE = .*;$", lambda _: line, source, flags=re.M)
    if count != 1:
        raise SiteError(f"web/{SERVICE_WORKER} needs exactly one `const PRECACHE = ...;` line")
    return out


def png(width: int, height: int, rgba: bytes) -> bytes:
    """An RGBA image as PNG bytes (no filter, zlib at level 9): enough for icons."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    stride = width * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def icon_png(size: int) -> bytes:
    """web/icon.svg redrawn at `size` pixels: a rounded white tile, a 3x3 grid, a blue 9."""
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
    shutil.copyfile(WEB / MANIFEST, site_dir / MANIFEST)
    for size, name in ICONS.items():
        (site_dir / name).write_bytes(icon_png(size))
    (site_dir / SERVICE_WORKER).write_text(service_worker(site_dir), encoding="utf-8")


def serve(port: int = 8000, dest: Path = SITE) -> None:
    """Build the site, then serve it on 127.0.0.1 until interrupted."""
    from .server import make_server, url_of

    build(dest)
    with make_server(dest, port, log=True) as server:
        print(f"Serving the puzzle page at {url_of(server)} (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)


def __getattr__(name: str) -> Any:
    """The server's names, where the tests and benchmarks have always found them."""
    if name in ("Handler", "headers_for", "make_server", "running", "serving", "url_of"):
        from . import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _cmd_build(args: argparse.Namespace) -> None:
    print(build(Path(args.dest)))


def _cmd_serve(args: argparse.Namespace) -> None:
    serve(args.port, Path(args.dest))


def _register(sub: Any) -> None:
    p = sub.add_parser("build", help="build the static page into a folder (default _site/)")
    p.add_argument("--dest", default=str(SITE), help="the folder to write (it is replaced)")
    p.set_defaults(run=_cmd_build)
    p = sub.add_parser("serve", help="build the page and serve it on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--dest", default=str(SITE), help="the folder to build and serve")
    p.set_defaults(run=_cmd_serve)


cli.EXTENSIONS.append(_register)
