"""What the page's two interpreters load of our Python: the light bundle for MicroPython on
the main thread, and pycore whole as a zip for the heavy worker (Pyodide)."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path

from .paths import CHECKOUT, PACKAGE, ROOT, WEB

# The page's Python on the main thread (MicroPython): main.py is the script PyScript runs;
# it unpacks the bundle of these modules and pycore's light part, then imports app.py.
PAGE_MODULES = ("app.py", "dom.py", "page_api.py", "grid_view.py", "keeper.py", "page_tools.py",
                "coach.py", "heavy_client.py")
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


def light_bundle() -> bytes:
    """What the page's MicroPython unpacks before importing app.py, as one JSON object
    (file path -> source): the light part of pycore (`pycore.light`), the two typing stubs
    MicroPython alone is given, and the page's modules. One request instead of about fifty,
    and no zip reader: main.py writes the files with plain Python."""
    from ..light import LIGHT_MODULES, STUBS

    files: dict[str, str] = {}
    for name in LIGHT_MODULES:
        files[name] = (ROOT / name if CHECKOUT else PACKAGE.parent / name).read_text(encoding="utf-8")
    for name in STUBS:
        files[Path(name).name] = (WEB / Path(name).relative_to("web")).read_text(encoding="utf-8")
    for name in PAGE_MODULES:
        files[name] = (WEB / name).read_text(encoding="utf-8")
    return json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
