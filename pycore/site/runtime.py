"""The page's runtime: PyScript, MicroPython and Pyodide from the npm packages pinned in
web/package-lock.json, fetched once with `npm ci`."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

from .paths import RUNTIME, WEB, SiteError

# The files of the npm `pyodide` package the page needs (it holds no wheels).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The MicroPython build PyScript loads (npm package): the page's worker runs it (web/light/light.js).
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
CHUNK_NAME = re.compile(r"(.+)-[A-Za-z0-9_-]{8}")  # rollup's chunk names: stem-8 characters


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
        print(f"gridlinks: fetching PyScript and Pyodide once (npm ci in {RUNTIME}) ...",
              file=sys.stderr)
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=RUNTIME,
        # npm's report goes to standard error: `serve` and `build` print their answer (the
        # address, the folder) on standard output, which scripts read
        stdout=subprocess.DEVNULL if quiet else sys.stderr, check=False,
    )
    if done.returncode or not _runtime_present():
        raise SiteError(f"npm ci in {RUNTIME} failed (exit status {done.returncode})")
