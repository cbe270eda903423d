"""What the build writes for offline use: the worker's precache list and cache name, manifest, icons."""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
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
    micropython = f"{site.VENDOR}/micropython-{site._version(site.MICROPYTHON_PACKAGE)}"
    for name in site.MICROPYTHON_FILES:  # the first screen's interpreter: offline too
        assert f"{micropython}/{name}" in files
    # the precompressed copies are the server's business: the browser asks for the file
    assert not [name for name in files if name.endswith((".br", ".gz"))]
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
    assert '<link rel="manifest" href="manifest.webmanifest">' in (built / "index.html").read_text()


def png_pixels(data: bytes) -> tuple[int, list[bytes]]:
    """(width, RGBA rows) of an 8-bit RGBA PNG whose rows are all unfiltered (as site.png writes)."""
    width, height = png_size(data)
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        if data[at + 4:at + 8] == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + width * 4
    assert len(raw) == height * stride and all(raw[y * stride] == 0 for y in range(height))
    return width, [raw[y * stride + 1:(y + 1) * stride] for y in range(height)]


def test_the_icon_draws_the_svg_and_is_the_same_bytes_in_another_process(built: Path) -> None:
    data = (built / "icon-192.png").read_bytes()
    width, rows = png_pixels(data)

    def at(x: float, y: float) -> bytes:  # the pixel under SVG point (x, y) of the 48-unit view box
        col, row = int(x * width / 48), int(y * width / 48)
        return rows[row][col * 4:col * 4 + 4]

    assert width == 192
    assert at(0, 0) == bytes(4) and at(47.9, 47.9) == bytes(4)  # rounded corners are clear
    assert at(10, 10) == bytes((255, 255, 255, 255))  # the white tile
    assert at(3, 10) == at(10, 17) == bytes((31, 41, 55, 255))  # grid lines
    assert at(24, 20) == at(24, 28) == bytes((29, 78, 216, 255))  # the blue 9's top and bottom
    assert at(21, 26) == bytes((255, 255, 255, 255))  # a 9, not an 8: open at its lower left
    assert at(21, 22) == bytes((29, 78, 216, 255))  # closed at its upper left
    # The cache name hashes the icons: a build in another process (another hash seed)
    # draws the very same bytes, or every visitor would fetch the whole site again.
    script = "import sys; from pycore import site; sys.stdout.buffer.write(site.icon_png(192))"
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "7"}, cwd=ROOT).stdout
    assert other == data


def test_the_worker_is_never_cached_by_the_browser() -> None:
    assert site.headers_for("/sw.js")["Cache-Control"] == "no-cache"
    rules = {r["for"]: r["values"] for r in tomllib.loads((ROOT / "netlify.toml").read_text())["headers"]}
    assert rules["/sw.js"]["Cache-Control"] == "no-cache"
    assert rules["/manifest.webmanifest"]["Content-Type"] == site.TYPES[".webmanifest"]
    assert "worker-src 'self'" in site.CSP
