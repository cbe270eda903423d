"""QR codes of the share link, read back with a QR reader (zxing-cpp, from the test extra)."""

from __future__ import annotations

import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from pycore import cli, links
from pycore.errors import FormatError, MissingExtra
from pycore.render.qr import qr_png, qr_svg
from tests.cli.test_render import example

SVG = "{http://www.w3.org/2000/svg}"

# --- reading QR codes --------------------------------------------------------

pytest.importorskip("segno", reason="QR codes need the optional segno package (gridlinks[qr])")
zxingcpp = pytest.importorskip("zxingcpp", reason="reading QR codes back needs zxing-cpp (the test extra)")

LINK = links.link(example(), base="https://example.org/sudoku/")


def decode_modules(rows: list[list[int]], scale: int = 4) -> str:
    """Read a grid of dark (1) / light (0) modules with zxing-cpp, drawn `scale` pixels a module."""
    quiet = 4
    size = len(rows) + 2 * quiet
    pixels = bytearray(b"\xff" * (size * scale) ** 2)
    width = size * scale
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = ((r + quiet) * scale + dy) * width + (c + quiet) * scale
                    pixels[start:start + scale] = b"\x00" * scale
    return decode_pixels(pixels, width, width)


def decode_pixels(pixels: bytes | bytearray, width: int, height: int) -> str:
    image = memoryview(bytes(pixels)).cast("B", (height, width))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "no QR code found"
    text: str = found[0].text
    return text


def test_segnos_matrix_reads_back_as_the_link() -> None:
    import segno

    matrix = segno.make(LINK, error="l", micro=False).matrix
    assert decode_modules([list(row) for row in matrix]) == LINK


def svg_modules(svg: str) -> list[list[int]]:
    """Rebuild the module grid from segno's path: 'M x y' starts, 'm dx dy' moves, 'h n' dark runs."""
    root = ET.fromstring(svg)
    [path] = [p for p in root.iter(SVG + "path") if p.get("class") == "qrline"]
    group = next(root.iter(SVG + "g"))
    scale = int(re.fullmatch(r"scale\((\d+)\)", group.get("transform", "")).group(1))  # type: ignore[union-attr]
    side = int(float(root.get("width", 0)) / scale)
    grid = [[0] * side for _ in range(side)]
    x = y = 0.0
    for op, a, b in re.findall(r"([MmHh])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?", path.get("d", "")):
        if op in "Mm":
            x, y = (float(a), float(b)) if op == "M" else (x + float(a), y + float(b))
        else:
            run = float(a)
            for k in range(int(run)):
                grid[int(y)][int(x) + k] = 1
            x += run
    return [row[4:-4] for row in grid[4:-4]]


def test_qr_svg_is_a_standalone_image_that_reads_back_as_the_link() -> None:
    svg = qr_svg(LINK)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert not svg.startswith("<?xml")
    assert not list(root.iter(SVG + "script"))
    assert decode_modules(svg_modules(svg)) == LINK


def read_png(data: bytes) -> tuple[bytearray, int, int]:
    """Greyscale pixels (0 or 255) of a 1-bit greyscale PNG, undoing the five PNG filters."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (1, 0)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = (width + 7) // 8
    prev = bytearray(stride)
    pixels = bytearray()
    for r in range(height):
        f, line = raw[r * (stride + 1)], bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 1] if i else 0
            up, upleft = prev[i], prev[i - 1] if i else 0
            if f == 1:
                line[i] = (line[i] + left) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif f == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else upleft
                line[i] = (line[i] + pred) & 255
        prev = line
        pixels += bytes(255 if line[c // 8] >> (7 - c % 8) & 1 else 0 for c in range(width))
    return pixels, width, height


def test_qr_png_reads_back_as_the_link() -> None:
    pixels, width, height = read_png(qr_png(LINK, scale=3))
    assert decode_pixels(pixels, width, height) == LINK


def test_a_link_too_long_for_any_qr_code_is_a_format_error() -> None:
    with pytest.raises(FormatError, match="at most 2953 bytes"):
        qr_svg("x" * 4000)


def test_qr_without_segno_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "segno", None)
    with pytest.raises(MissingExtra, match=r"pip install 'gridlinks\[qr\]'") as caught:
        qr_svg(LINK)
    assert (caught.value.package, caught.value.extra) == ("segno", "qr")
    assert cli.main(["qr", LINK]) == 2  # the command line says it in one line
    assert capsys.readouterr().err.splitlines()[-1] == (
        "gridlinks: A QR code needs the optional package segno: pip install 'gridlinks[qr]'")



def test_qr_command_prints_svg_or_writes_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    base = "https://example.org/sudoku/"
    assert cli.main(["qr", LINK, "--base", base]) == 0
    out = capsys.readouterr().out
    assert decode_modules(svg_modules(out)) == LINK
    png = tmp_path / "code.png"
    assert cli.main(["qr", LINK, "--base", base, "--png", str(png)]) == 0
    assert capsys.readouterr().out == ""
    assert decode_pixels(*read_png(png.read_bytes())) == LINK


