"""`build`: everything the page loads, in one folder, so that no request leaves its origin.

The file names it writes are the ones the page, the heavy worker's configuration and the
precache list must name, so the page's placeholders (`{{name}}` in web/main/index.html) are
filled in here, in one place.
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import sys
from pathlib import Path

from ..app import messages
from .bundle import light_bundle, package_zip
from .headers import meta_csp
from .offline import write_offline_files
from .paths import ASSETS, COMPRESSED, HEAVY_ROOM, LIGHT_ROOM, MAIN_ROOM, RUNTIME, SITE, VENDOR, SiteError
from .runtime import (
    MICROPYTHON_FILES,
    MICROPYTHON_PACKAGE,
    PYODIDE_FILES,
    _version,
    install_runtime,
)
from .wheels import WHEELS, page_wheels, wheel_map

# The heavy worker's script (Pyodide), with pycore whole as a zip beside it.
HEAVY = "heavy.py"
# copied under content-hashed names (the built site's name -> its source, by room)
PAGE_ASSETS = {"style.css": MAIN_ROOM / "style.css", "early.js": MAIN_ROOM / "early.js",
               "light.js": LIGHT_ROOM / "light.js", "main.py": LIGHT_ROOM / "main.py",
               HEAVY: HEAVY_ROOM / HEAVY}
PAGE_FILES = ("icon.svg",)  # copied as they are, from the main thread's room
FIRST_LEVEL = "hard"  # the New puzzle level menu's choice until the player picks another


def level_options() -> str:
    """The New puzzle level menu's options, one per level the generator makes
    (`pycore.shapes.LEVELS`), each with the id web/light/solver_view.py enables it by."""
    from ..shapes import LEVELS

    return "\n            ".join(
        f'<option value="{level}" id="level-{level}"{" selected" if level == FIRST_LEVEL else ""}>'
        f"{level.capitalize()}</option>" for level in LEVELS)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _hashed(name: str, data: bytes) -> str:
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{_digest(data)}{dot}{ext}"


def _copy_tree(source: Path, dest: Path, skip_suffix: str = ".map") -> None:
    for path in source.rglob("*"):
        if path.is_file() and not path.name.endswith(skip_suffix):
            target = dest / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def build(dest: Path = SITE, quiet: bool = False) -> Path:
    """Write the whole site into `dest` (replaced), fetching the runtime first if needed."""
    if not (MAIN_ROOM / "index.html").is_file():
        raise SiteError(f"the page's sources are missing ({MAIN_ROOM}): reinstall pycore")
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
    for name, source in PAGE_ASSETS.items():
        data = source.read_bytes()
        names[name] = f"{ASSETS}/{_hashed(name, data)}"
        (work / names[name]).write_bytes(data)
    for name in PAGE_FILES:
        shutil.copyfile(MAIN_ROOM / name, work / name)
    (work / WHEELS).mkdir(parents=True)
    for wheel in page_wheels(quiet):
        shutil.copyfile(wheel, work / WHEELS / wheel.name)
    # the heavy worker: its script, Pyodide, and pycore's zip unpacked into its home folder
    heavy = {"core": f"{pyscript_dir}/core.js", "src": names[HEAVY],
             "config": {"interpreter": f"./{pyodide_dir}/pyodide.mjs",
                        "files": {f"./{names['pycore.zip']}": "./*"}}}
    # the page's Python: its worker, MicroPython, the page's script and the bundle it imports
    light = {"worker": names["light.js"], "micropython": f"{micropython_dir}/micropython.mjs",
             "wasm": f"{micropython_dir}/micropython.wasm", "main": names["main.py"],
             "bundle": names["light.json"]}

    page = (MAIN_ROOM / "index.html").read_text(encoding="utf-8")
    page = page.replace("{{pyscript}}", pyscript_dir).replace("{{pyodide}}", pyodide_dir)
    page = page.replace("{{csp}}", html.escape(meta_csp()))
    page = page.replace("{{levels}}", level_options())
    page = page.replace("{{opening}}", html.escape(messages.OPENING))  # shown before Python runs
    page = page.replace("{{wheels}}", html.escape(json.dumps(wheel_map(), separators=(",", ":"))))
    page = page.replace("{{heavy}}", html.escape(json.dumps(heavy, separators=(",", ":"))))
    page = page.replace("{{light}}", html.escape(json.dumps(light, separators=(",", ":"))))
    for name, target in names.items():
        page = page.replace("{{" + name + "}}", target)
    if "{{" in page:
        raise SiteError("web/main/index.html names an asset the build does not make: "
                        + page[page.index("{{"):].split("}}", 1)[0] + "}}")
    (work / "index.html").write_text(page, encoding="utf-8")
    write_offline_files(work)
    from .server import compress_site

    compress_site(work, cache=COMPRESSED)

    shutil.rmtree(dest, ignore_errors=True)
    work.rename(dest)
    return dest


def serve(port: int = 8000, dest: Path = SITE) -> None:
    """Build the site, then serve it on 127.0.0.1 until interrupted (`gridlinks serve`;
    the server is `pycore.site.server`'s, imported here only when a site is served)."""
    from .server import make_server, url_of

    build(dest)
    with make_server(dest, port, log=True) as server:
        print(f"Serving the puzzle page at {url_of(server)} (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)
