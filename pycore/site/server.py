"""The HTTP server of `pycore serve`, the tests and the benchmarks: a built site, with the
headers the published site gets (netlify.toml says the same; tests/site/test_site.py keeps
them in step).

Bodies go compressed when the browser accepts it: `compress_site` writes a gzip (and, with
the `brotli` module, a brotli) file beside each file of a built site that shrinks, and the
handler sends the one the request's Accept-Encoding prefers; other text files are gzipped
here once and kept in memory. The handler answers hostile requests with a status and one
log line at most, never a traceback, and drops idle connections after `Handler.timeout`.
"""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import http.server
import importlib
import io
import os
import re
import socket
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO, ClassVar
from urllib.parse import quote, unquote_to_bytes

from . import ASSETS, CSP, LONG_CACHE, SITE, TYPES, VENDOR

# What gets compressed: text always (when it shrinks), wasm and zip only when it saves enough.
TEXT_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".py", ".svg", ".webmanifest", ".txt"})
BINARY_SUFFIXES = frozenset({".wasm", ".zip"})
MIN_SIZE = 1024  # smaller files gain less than a packet
MIN_SAVING = 0.10  # a variant must be at most 90% of the file's size
# Content codings by preference, each with the suffix of its precompressed file.
CODINGS = (("br", ".br"), ("gzip", ".gz"))
ON_THE_FLY_LIMIT = 16 << 20  # text files up to this size may be gzipped in memory
ON_THE_FLY_CACHE = 64 << 20  # bytes of such gzips kept at most


def headers_for(path: str) -> dict[str, str]:
    """The response headers of one site path (netlify.toml gives the published site the same)."""
    out = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer"}
    out["Cache-Control"] = (
        LONG_CACHE if path.startswith((f"/{VENDOR}/", f"/{ASSETS}/")) else "no-cache"
    )
    return out


# --- compression -------------------------------------------------------------------------


def _brotli() -> Any:
    """The `brotli` module, or None: it is optional (gzip alone then)."""
    try:
        return importlib.import_module("brotli")
    except ImportError:
        return None


def compressible(path: Path) -> bool:
    return path.suffix in TEXT_SUFFIXES or path.suffix in BINARY_SUFFIXES


def gzip_bytes(data: bytes, level: int = 9) -> bytes:
    """Deterministic gzip: no file name, mtime 0."""
    return gzip.compress(data, compresslevel=level, mtime=0)


def _write(path: Path, data: bytes) -> None:
    """Replace a file at once, so a server never reads it half written."""
    part = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    part.write_bytes(data)
    os.replace(part, path)


def _cached(cache: Path | None, data: bytes, kind: str, make: Callable[[bytes], bytes]) -> bytes:
    """make(data), kept under `cache` by the content's hash (brotli's best takes ~50 s for Pyodide)."""
    if cache is None:
        return make(data)
    kept = cache / f"{hashlib.sha256(data).hexdigest()}.{kind}"
    with suppress(OSError):
        return kept.read_bytes()
    out = make(data)
    cache.mkdir(parents=True, exist_ok=True)
    _write(kept, out)
    return out


def compress_site(folder: Path, *, cache: Path | None = None) -> None:
    """Write `name.gz` (gzip -9, deterministic) and, when `brotli` is importable, `name.br`
    (quality 11) beside every compressible file of a built site of at least MIN_SIZE bytes,
    each only when it saves at least MIN_SAVING; a variant that is not worth it (or that
    cannot be made without brotli) is removed if an earlier run left one: `P.gz` beside a
    compressible `P` is P's variant, as the server reads it. Files ending in .gz or .br are
    never compressed again. `cache` (a folder) keeps the compressed bytes by content, for
    builds that compress the same runtime again."""
    brotli = _brotli()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and compressible(p)):
        data = path.read_bytes()
        limit = len(data) * (1 - MIN_SAVING)
        text = path.suffix in TEXT_SUFFIXES
        out: dict[str, bytes | None] = {".gz": None, ".br": None}
        if len(data) >= MIN_SIZE:
            packed = _cached(cache, data, "gz9", gzip_bytes)
            out[".gz"] = packed if len(packed) <= limit else None
            # Already compressed bytes (most zips) that gzip cannot shrink: brotli neither.
            if brotli is not None and (text or out[".gz"] is not None):
                mode = brotli.MODE_TEXT if text else brotli.MODE_GENERIC
                packed = _cached(cache, data, "br11", partial(brotli.compress, quality=11, mode=mode))
                out[".br"] = packed if len(packed) <= limit else None
        for suffix, variant in out.items():
            target = path.with_name(path.name + suffix)
            if variant is not None:
                _write(target, variant)
            else:
                with suppress(FileNotFoundError):
                    target.unlink()


_QVALUE = re.compile(r"0(\.\d{0,3})?|1(\.0{0,3})?")


def accepted_codings(header: str) -> dict[str, float]:
    """The q-value of each content coding an Accept-Encoding header names (lower case;
    "x-gzip" is "gzip"; "*" as given). Entries with a malformed q-value are dropped."""
    out: dict[str, float] = {}
    for entry in header.split(","):
        coding, *params = (part.strip() for part in entry.split(";"))
        coding = "gzip" if coding.lower() == "x-gzip" else coding.lower()
        q = 1.0
        for param in params:
            name, _, value = (side.strip() for side in param.partition("="))
            if name.lower() == "q":
                q = float(value) if _QVALUE.fullmatch(value) else -1.0
        if coding and q >= 0:
            out[coding] = q
    return out


def choose_coding(header: str | None, available: list[str]) -> str | None:
    """The content coding to send (one of `available`, best first) or None for identity.

    A coding must have q > 0 (its own or "*"'s) and at least identity's q when identity is
    named; among equals the first available wins (br before gzip). No header: identity."""
    if header is None:
        return None
    accepted = accepted_codings(header)
    star = accepted.get("*", 0.0)
    best, best_q = None, accepted.get("identity", 0.0)
    for coding in available:
        q = accepted.get(coding, star)
        if q > 0 and ((best is None and q >= best_q) or q > best_q):
            best, best_q = coding, q
    return best


class _GzipCache:
    """Gzipped text files without a precompressed variant, by path, mtime and size."""

    def __init__(self, limit: int = ON_THE_FLY_CACHE) -> None:
        self.limit = limit
        self.lock = threading.Lock()
        self.kept: dict[tuple[str, int, int], bytes | None] = {}
        self.size = 0

    def get(self, path: str, info: os.stat_result, source: BinaryIO) -> bytes | None:
        """The gzip of the open file `source` (None if gzip does not save enough)."""
        key = (path, info.st_mtime_ns, info.st_size)
        with self.lock:
            if key in self.kept:
                return self.kept[key]
        data = source.read()
        packed: bytes | None = gzip_bytes(data, 6)  # quick: it is made while a client waits
        if len(packed or b"") > len(data) * (1 - MIN_SAVING):
            packed = None
        with self.lock:
            if self.size + len(packed or b"") > self.limit:
                self.kept.clear()
                self.size = 0
            self.kept[key] = packed
            self.size += len(packed or b"")
        return packed


GZIP_CACHE = _GzipCache()


# --- the handler -------------------------------------------------------------------------


class BadPath(Exception):
    """A request target that names no file: the status to answer."""

    def __init__(self, status: HTTPStatus) -> None:
        super().__init__(status)
        self.status = status


_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_ABSOLUTE = re.compile(r"https?://[^/?#]*", re.IGNORECASE)
QUERY_SAFE = "/?&=+%;:@,$!*'()~"  # what a redirect's query keeps as it came


def site_path(target: str) -> tuple[list[str], bool]:
    """The path segments a request target names, and whether it ends with "/".

    400 for what is not a path (no leading "/", a bad %-escape, bytes that are not UTF-8,
    control characters such as NUL); 404 for ".." above the site's root."""
    path = target.split("#", 1)[0].split("?", 1)[0]
    absolute = _ABSOLUTE.match(path)  # absolute-form, as proxies send it
    if absolute:
        path = path[absolute.end():] or "/"
    if not path.startswith("/") or _BAD_PERCENT.search(path):
        raise BadPath(HTTPStatus.BAD_REQUEST)
    try:
        text = unquote_to_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise BadPath(HTTPStatus.BAD_REQUEST) from None
    if _CONTROL.search(text):
        raise BadPath(HTTPStatus.BAD_REQUEST)
    parts: list[str] = []
    for segment in text.split("/"):
        if segment == "..":
            if not parts:
                raise BadPath(HTTPStatus.NOT_FOUND)
            parts.pop()
        elif segment not in ("", "."):
            parts.append(segment)
    return parts, text.endswith("/")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with wasm/module types and the site's headers, compressed when the
    client accepts it; no directory listings; quiet unless asked."""

    # A .gz or .br asked for by name is bytes as they are, as on Netlify (not application/gzip).
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,  # noqa: RUF012
                      ".gz": "application/octet-stream", ".br": "application/octet-stream", **TYPES}
    log_requests = False
    # A refused request line still gets a status line and headers (Python's default, 0.9,
    # would send the error page bare).
    default_request_version = "HTTP/1.0"
    # Keep-alive: a page's files come over a few connections, not one each (on a phone
    # network every new connection costs a round trip before its request can go).
    protocol_version = "HTTP/1.1"
    timeout: ClassVar[float | None] = 30  # seconds a connection may stay silent (read or write)

    def end_headers(self) -> None:
        # `path` is unset when the request line itself was refused (400, 414, 505).
        for key, value in headers_for(getattr(self, "path", "").split("?", 1)[0]).items():
            self.send_header(key, value)
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # Python quotes the whole request line in the status line: keep it short.
        if message is not None and len(message) > 100:
            message = message[:100] + "..."
        super().send_error(code, message, explain)

    def list_directory(self, path: str | os.PathLike[str]) -> io.BytesIO | None:
        self.send_error(HTTPStatus.NOT_FOUND)
        return None

    def send_head(self) -> BinaryIO | None:
        """The status and headers of a GET or HEAD: the body to send, or None (sent already)."""
        try:
            parts, slash = site_path(self.path)
        except BadPath as refused:
            self.send_error(refused.status)
            return None
        file = Path(self.directory, *parts)
        try:
            info = os.stat(file)
            folder = stat.S_ISDIR(info.st_mode)
            if folder:
                file = file / "index.html"  # no listings: a folder is its page or nothing
                info = os.stat(file)
            if not stat.S_ISREG(info.st_mode) or (slash and not folder):
                raise FileNotFoundError(file)
        except (OSError, ValueError):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        if folder and not slash:
            query = self.path.partition("?")[2].partition("#")[0]
            where = quote("/" + "/".join([*parts, ""]))
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", f"{where}?{quote(query, safe=QUERY_SAFE)}" if query else where)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return self._send_file(file, info)

    def _variants(self, file: Path) -> dict[str, Path]:
        """The precompressed files beside `file`, by content coding."""
        out = {}
        for coding, suffix in CODINGS:
            variant = file.with_name(file.name + suffix)
            if os.path.isfile(variant):
                out[coding] = variant
        return out

    def _send_file(self, file: Path, info: os.stat_result) -> BinaryIO | None:
        variants = self._variants(file)
        fly = not variants and file.suffix in TEXT_SUFFIXES and MIN_SIZE <= info.st_size <= ON_THE_FLY_LIMIT
        varies = bool(variants) or fly
        if self._not_modified(info):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            if varies:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        coding = None
        if varies and "Range" not in self.headers:  # a range: the whole file as it is, 200
            coding = choose_coding(self.headers.get("Accept-Encoding"), [*variants] or ["gzip"])
        try:
            body, length, coding = self._body(file, info, coding, variants)
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(file)))  # the file's, not gzip's
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", self.date_time_string(int(info.st_mtime)))
        if coding is not None:
            self.send_header("Content-Encoding", coding)
        if varies:
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body

    @staticmethod
    def _body(
        file: Path, info: os.stat_result, coding: str | None, variants: dict[str, Path],
    ) -> tuple[BinaryIO, int, str | None]:
        """The open body to send, its length and its content coding (None: identity)."""
        if coding in variants:
            body = open(variants[coding], "rb")  # noqa: SIM115 (do_GET/do_HEAD close it)
            return body, os.fstat(body.fileno()).st_size, coding
        if coding is not None:
            with open(file, "rb") as source:
                packed = GZIP_CACHE.get(str(file), info, source)
            if packed is not None:
                return io.BytesIO(packed), len(packed), coding
        body = open(file, "rb")  # noqa: SIM115
        return body, os.fstat(body.fileno()).st_size, None

    def _not_modified(self, info: os.stat_result) -> bool:
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        if when.tzinfo is None:
            return False
        return int(info.st_mtime) <= when.timestamp()

    def log_message(self, format: str, *args: Any) -> None:
        if self.log_requests:
            text = format % args
            text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text[:200])
            sys.stderr.write(f"{self.address_string()} - - [{self.log_date_time_string()}] {text}\n")

    def log_error(self, format: str, *args: Any) -> None:
        """Silent: each refused request already gets its one line from log_request."""


class SiteServer(http.server.ThreadingHTTPServer):
    """Threads per connection; a client that goes away or goes quiet ends its thread
    silently (no traceback)."""

    daemon_threads = True
    drain_seconds = 1.0  # how long a refused request's unread bytes are read before closing

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            return
        super().handle_error(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        """Close after reading what the client still sends (a refused request's rest):
        closing with unread bytes resets the connection, and the client may lose the answer."""
        with suppress(OSError):
            request.shutdown(socket.SHUT_WR)
            request.settimeout(0)
            try:
                pending = request.recv(1, socket.MSG_PEEK)
            except BlockingIOError:
                pending = b""
            deadline = time.monotonic() + self.drain_seconds
            read = 0
            while pending and read < 1 << 20 and (left := deadline - time.monotonic()) > 0:
                request.settimeout(left)
                pending = request.recv(65536)
                read += len(pending)
        self.close_request(request)


def make_server(
    directory: Path = SITE, port: int = 8000, host: str = "127.0.0.1", log: bool = False,
) -> SiteServer:
    """A server for a built site; port 0 picks a free one (see `server_address`)."""
    handler = type("SiteHandler", (Handler,), {"log_requests": log})
    return SiteServer((host, port), partial(handler, directory=str(directory)))


def url_of(server: http.server.ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextmanager
def running(server: http.server.ThreadingHTTPServer) -> Iterator[str]:
    """A server answering from a background thread while the block runs: its address.
    Closed after the block (the tests' and benchmarks' own servers use it too); it looks
    for the end every 50 ms, not Python's 0.5 s, so that closing takes no time."""
    threading.Thread(target=partial(server.serve_forever, poll_interval=0.05), daemon=True).start()
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
