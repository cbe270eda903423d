"""QR codes of a share link, as SVG text for the page and the CLI or as PNG bytes for a file.

segno (pure Python, runs in Pyodide) comes with the optional extra `gridlinks[qr]`
and is imported on first use. The SVG is self-contained (its own namespace, a
white background, no script), so the page can show it through a data: URL or a
blob. Error correction is the lowest level that keeps the symbol smallest,
raised by segno whenever the chosen version has room for more.
"""

from __future__ import annotations

import io
from typing import Any

from ..errors import FormatError, MissingExtra

__all__ = ["qr_png", "qr_svg"]

NAME = "qr"
MAX_BYTES = 2953  # a version 40 symbol at level L, in byte mode


def _symbol(text: str) -> Any:
    try:
        import segno
    except ImportError:
        raise MissingExtra("segno", "qr", "A QR code") from None
    try:
        return segno.make(text, error="l", micro=False)
    except segno.DataOverflowError:
        size = len(text.encode("utf-8"))
        raise FormatError(NAME, None, f"a link of at most {MAX_BYTES} bytes to fit a QR code",
                          found=f"{size} bytes") from None


def qr_svg(text: str, scale: int = 4, border: int = 4) -> str:
    """An SVG document (no XML declaration) of the QR code of `text`; `scale` pixels a module."""
    out = io.BytesIO()
    _symbol(text).save(out, kind="svg", scale=scale, border=border, xmldecl=False, svgns=True,
                       light="#fff", title="QR code of the puzzle's link", nl=False)
    return out.getvalue().decode("utf-8")


def qr_png(text: str, scale: int = 8, border: int = 4) -> bytes:
    """A PNG image of the QR code of `text`."""
    out = io.BytesIO()
    _symbol(text).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()
