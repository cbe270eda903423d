"""What the build writes for offline use: the worker's precache list and cache name, manifest, icons."""

from __future__ import annotations

import json
import re
import struct
import tomllib
import zlib
from pathlib import Path

import pytest

from pycore import site

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site.build(tmp_path_factory.mktemp("offline") / "site", quiet=True)


def precache(folder: Path) -> dict[str, object]:
    source = (folder / site.SERVICE_WORKER).read_text()
    found = re.findall(r"^const PRECACHE = (.*);$", source, flags=re.M)
    assert len(found) == 1
    data: dict[str, object] = json.loads(found[0])
    return data


def test_the_worker_precaches_every_file_the_page_needs_and_nothing_unused(built: Path) -> None:
    data = precache(built)
    files = data["files"]
    assert isinstance(files, list)
    assert files == site.precache_files(built)
    assert data["cache"] == site.cache_name(built, files)
    assert "./" in files and "manifest.webmanifest" in files and "icon-512.png" in files
    pyodide = f"{site.VENDOR}/pyodide-{site._version('pyodide')}"
    pyscript = f"{site.VENDOR}/pyscript-{site._version('@pyscript/core')}"
    for name in site.PYODIDE_FILES:
        assert f"{pyodide}/{name}" in files
    assert {f"{pyscript}/core.js", f"{pyscript}/core.css"} <= set(files)
    chunk = next(p.name for p in (built / pyscript).glob("core-*.js"))
    assert f"{pyscript}/{chunk}" in files  # core.js's own chunk, whatever its hash
    page = (built / "index.html").read_text()
    for ref in re.findall(r'(?:href|src)="([^"]+)"', page):
        assert ref.lstrip("./") in files, ref  # everything the page names
    for name in files:
        assert name == "./" or (built / name).is_file(), name
        assert not name.endswith(".map") and name != site.SERVICE_WORKER
        assert "codemirror" not in name and "xterm" not in name  # editors and terminals: unused
    assert data["immutable"] == [f"{site.VENDOR}/", f"{site.ASSETS}/"]


def test_the_cache_name_follows_the_contents(built: Path) -> None:
    files = site.precache_files(built)
    before = site.cache_name(built, files)
    assert before == site.cache_name(built, files)
    icon = built / "icon.svg"
    original = icon.read_bytes()
    icon.write_bytes(original + b"\n")
    try:
        assert site.cache_name(built, files) != before
    finally:
        icon.write_bytes(original)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height, after checking the signature and every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, size = 8, (0, 0)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        at += 12 + length
    return size


def test_the_manifest_names_icons_the_build_drew(built: Path) -> None:
    manifest = json.loads((built / site.MANIFEST).read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} == {"192x192", "512x512"}
    for icon in pngs:
        width = int(icon["sizes"].split("x")[0])
        assert png_size((built / icon["src"]).read_bytes()) == (width, width)
    assert site.icon_png(192) == site.icon_png(192)  # the same bytes every build: a stable cache name
    assert '<link rel="manifest" href="manifest.webmanifest">' in (built / "index.html").read_text()


def test_the_worker_is_never_cached_by_the_browser() -> None:
    assert site.headers_for("/sw.js")["Cache-Control"] == "no-cache"
    rules = {r["for"]: r["values"] for r in tomllib.loads((ROOT / "netlify.toml").read_text())["headers"]}
    assert rules["/sw.js"]["Cache-Control"] == "no-cache"
    assert rules["/manifest.webmanifest"]["Content-Type"] == site.TYPES[".webmanifest"]
    assert "worker-src 'self'" in site.CSP
