"""PNG images from RGBA bytes, with the standard library alone (zlib and struct): enough
for the app's icons, and byte-identical at every build."""

from __future__ import annotations

import struct
import zlib


def png(width: int, height: int, rgba: bytes) -> bytes:
    """An RGBA image as PNG bytes (no filter, zlib at level 9)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    stride = width * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))
