"""The HTTP server of `pycore serve`, the tests and the benchmarks: a built site, with the
headers the published site gets (netlify.toml says the same; tests/test_site.py keeps
them in step)."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from .site import ASSETS, CSP, ISOLATION, LONG_CACHE, SITE, TYPES, VENDOR


def headers_for(path: str) -> dict[str, str]:
    """The response headers of one site path (netlify.toml gives the published site the same)."""
    out = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", **ISOLATION}
    out["Cache-Control"] = (
        LONG_CACHE if path.startswith((f"/{VENDOR}/", f"/{ASSETS}/")) else "no-cache"
    )
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with wasm/module types and the site's headers; quiet unless asked."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    log_requests = False

    def end_headers(self) -> None:
        for key, value in headers_for(self.path.split("?", 1)[0]).items():
            self.send_header(key, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if self.log_requests:
            super().log_message(format, *args)


def make_server(
    directory: Path = SITE, port: int = 8000, host: str = "127.0.0.1", log: bool = False,
) -> http.server.ThreadingHTTPServer:
    """A server for a built site; port 0 picks a free one (see `server_address`)."""
    handler = type("SiteHandler", (Handler,), {"log_requests": log})
    return http.server.ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))


def url_of(server: http.server.ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextmanager
def running(server: http.server.ThreadingHTTPServer) -> Iterator[str]:
    """A server answering from a background thread while the block runs: its address.
    Closed after the block (the tests' and benchmarks' own servers use it too)."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield url_of(server)
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def serving(directory: Path, port: int = 0) -> Iterator[str]:
    """A built site served from a background thread while the block runs: its address
    (port 0: a free one). What the tests and the benchmarks open in Chromium."""
    with running(make_server(directory, port)) as url:
        yield url


