"""The HTTP server of `pycore serve`, the tests and the benchmarks: a built site, with the
headers the published site gets (netlify.toml says the same; tests/site/test_site.py keeps
them in step).

Bodies go compressed when the browser accepts it: `compress_site` writes a gzip (and, with
the `brotli` module, a brotli) file beside each file of a built site that shrinks, and the
handler sends the one the request's Accept-Encoding prefers; other text files are gzipped
here once and kept in memory. The handler answers hostile requests with a status and one
log line at most, never a traceback, and drops idle connections after `Handler.timeout`.

`SiteServer` answers a burst (a room of people on one network opening the page at once):
one thread accepts connections and reads request heads, a fixed pool of threads answers
whole requests, so half-open and idle connections hold no thread (benchmarks/burst.py
measures it; docs/performance.md has its table).
"""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import http.server
import importlib
import io
import math
import os
import queue
import re
import selectors
import socket
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO, ClassVar, cast
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
READ_SIZE = 65536  # bytes read from a connection at once
# A head longer than one line Python takes (65536) goes to a worker as far as it came, and the
# worker reads the rest: mostly a request to refuse (414, 431), rarely a legitimate long one.
HEAD_LIMIT = 65537 + 2


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
    # The headers and the body go in two writes: with Nagle's algorithm the body of a small
    # answer would wait for the client's delayed ACK (40 ms on Linux) on a kept connection.
    disable_nagle_algorithm = True
    timeout: ClassVar[float | None] = 30  # seconds a connection may stay silent (read or write)

    one_request = False  # set by setup: SiteServer's loop hands over one request at a time

    def setup(self) -> None:
        """Read from what SiteServer's loop read already (then the socket), when it serves."""
        super().setup()
        take = getattr(self.server, "take_reader", None)
        reader = take(self.request) if take is not None else None
        if reader is not None:
            self.rfile.close()
            self.rfile = reader
            self.one_request = True

    def handle(self) -> None:
        """One request under SiteServer (its loop waits for the next one, not a thread);
        under another server, each request of the connection in turn."""
        if not self.one_request:
            super().handle()
            return
        self.close_connection = True
        self.handle_one_request()

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


class _Reader(io.BufferedIOBase):
    """A connection's `rfile`: the bytes the accept loop read already, then the socket.

    What this reader holds when its request is answered is the start of the next request
    (pipelined) and goes back to the loop with the connection; BufferedReader would keep
    such bytes in a buffer of its own."""

    def __init__(self, sock: socket.socket, data: bytes) -> None:
        super().__init__()
        self.sock = sock
        self.data = bytearray(data)

    def readable(self) -> bool:
        return True

    def _fill(self) -> bool:
        """Read more from the socket (blocking, up to its timeout); False at its end."""
        chunk = self.sock.recv(READ_SIZE)
        self.data += chunk
        return bool(chunk)

    def _take(self, n: int) -> bytes:
        out = bytes(self.data[:n])
        del self.data[:n]
        return out

    def readline(self, size: int | None = -1) -> bytes:
        size = -1 if size is None else size
        looked = 0
        while True:
            end = self.data.find(b"\n", looked)
            if end >= 0:
                end += 1
                break
            if 0 <= size <= len(self.data):
                end = size
                break
            looked = len(self.data)
            if not self._fill():
                end = len(self.data)
                break
        return self._take(end if size < 0 else min(end, size))

    def read(self, size: int | None = -1) -> bytes:
        size = -1 if size is None else size
        while (size < 0 or len(self.data) < size) and self._fill():
            pass
        return self._take(len(self.data) if size < 0 else size)

    def read1(self, size: int = -1) -> bytes:
        if not self.data:
            self._fill()
        return self._take(len(self.data) if size < 0 else size)

    def readinto(self, buffer: Any) -> int:
        data = self.read1(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def head_complete(data: bytes | bytearray) -> bool:
    """Whether a worker can answer what a connection sent so far without waiting: the head
    ended (its blank line), the request line is not HTTP/1.x's (HTTP/0.9, garbage: no
    headers follow), or it is too long to be anything but refused."""
    if b"\n\r\n" in data or b"\n\n" in data or len(data) > HEAD_LIMIT:
        return True
    line, found, _ = data.partition(b"\n")
    return bool(found) and len(line.split()) != 3


@dataclass(eq=False)
class _Connection:
    """A client connection between requests: what it sent so far, and until when it may
    stay silent before its next request is whole."""

    sock: socket.socket
    address: Any
    data: bytes = b""
    since: float = 0.0  # when it began to wait for this request
    deadline: float = math.inf


class SiteServer(http.server.HTTPServer):
    """An accept loop and a fixed pool of handler threads.

    The loop (the thread that calls `serve_forever`) accepts connections and reads each
    request's head without blocking; a worker gets a connection only when its request is
    whole, answers it, and gives a keep-alive connection back to the loop. So a client
    that sends half a request, or keeps an idle connection open, holds a socket and a few
    bytes, never a thread: a burst of clients, some of them half-open, is answered by
    `workers` threads, and the half-open ones are closed when the idle timeout
    (`Handler.timeout`) passes, counted from when the connection began to wait for a
    request. The listen queue is long (Python's default, 5, drops the connections of a
    burst: each then waits through TCP's retransmission back-off, a second and more), and
    at most `max_connections` are open at once: past it, a new connection closes the one
    that has waited longest for its request (a flood of half-open ones gives way to new
    clients, whose requests come at once), or waits in the listen queue while none has
    waited `evict_after`.

    A client that goes away or goes quiet ends silently (no traceback)."""

    request_queue_size = 1024  # the listen backlog; the kernel caps it (net.core.somaxconn)
    workers = 32  # handler threads; slow downloads hold one each, so not 2 for 2 cores
    max_connections = 512  # open at once: well under the usual limit of 1024 open files
    evict_after = 1.0  # s a connection waits for its request before a new one may close it
    drain_seconds = 1.0  # how long a refused request's unread bytes are read before closing

    def __init__(self, address: tuple[str, int], handler: Callable[..., Any],
                 bind_and_activate: bool = True) -> None:
        super().__init__(address, handler, bind_and_activate)
        self._jobs: queue.SimpleQueue[_Connection | None] = queue.SimpleQueue()
        self._returned: deque[_Connection] = deque()  # keep-alive connections a worker answered
        self._readers: dict[socket.socket, _Reader] = {}  # handed to Handler.setup
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._open = 0  # connections accepted and not yet closed
        self._open_lock = threading.Lock()
        self._stop = threading.Event()  # shutdown asks
        self._stopped = threading.Event()  # serve_forever is not running
        self._stopped.set()
        self._serving = False  # workers give kept connections back to a running loop only

    # --- the loop

    def idle_timeout(self) -> float | None:
        """The handler's `timeout`, read each time (tests change it on a running server)."""
        handler = getattr(self.RequestHandlerClass, "func", self.RequestHandlerClass)
        timeout: float | None = getattr(handler, "timeout", None)
        return timeout

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Accept, read heads and hand whole requests to the workers until `shutdown` (which
        may come first: then it ends at once, as Python's does)."""
        self._stopped.clear()
        self._serving = True
        threads: list[threading.Thread] = []
        waiting: dict[socket.socket, _Connection] = {}
        selector = selectors.DefaultSelector()
        try:
            for i in range(self.workers):
                name = f"{self.thread_prefix()}{i}"
                threads.append(threading.Thread(target=self._work, daemon=True, name=name))
                threads[-1].start()
            self.socket.setblocking(False)
            selector.register(self._wake_read, selectors.EVENT_READ)
            self._loop(selector, waiting, poll_interval)
        finally:
            for conn in list(waiting.values()):
                self._drop(selector, waiting, conn)
            selector.close()
            for _ in threads:
                self._jobs.put(None)
            self._serving = False
            self._stop.clear()
            self._stopped.set()

    def _loop(self, selector: selectors.BaseSelector, waiting: dict[socket.socket, _Connection],
              poll_interval: float) -> None:
        accepting = False
        while not self._stop.is_set():
            now = time.monotonic()
            soonest = min((c.deadline for c in waiting.values()), default=math.inf)
            room = self._open < self.max_connections
            if not room:  # full: one that waited long enough gives way to a new one
                oldest = min((c.since for c in waiting.values()), default=math.inf)
                room = oldest + self.evict_after <= now
                soonest = min(soonest, oldest + self.evict_after)
            if accepting != room:
                accepting = room
                if accepting:
                    selector.register(self.socket, selectors.EVENT_READ)
                else:
                    selector.unregister(self.socket)
            for key, _ in selector.select(max(0.0, min(poll_interval, soonest - now))):
                if key.fileobj is self.socket:
                    self._accept(selector, waiting)
                elif key.fileobj is self._wake_read:
                    self._take_back(selector, waiting)
                else:
                    self._read(selector, waiting, waiting[key.fileobj])  # type: ignore[index]
            now = time.monotonic()
            for conn in [c for c in waiting.values() if c.deadline <= now]:
                self._drop(selector, waiting, conn)
            self.service_actions()

    def thread_prefix(self) -> str:
        """What the names of this server's handler threads start with (tests count them)."""
        return f"pycore-serve-{self.server_address[1]}-"

    def shutdown(self) -> None:
        """Stop `serve_forever` and wait until it has."""
        self._stop.set()
        self._wake()
        self._stopped.wait()

    def server_close(self) -> None:
        super().server_close()
        while self._returned:  # answered while the loop stopped
            self.close_request(self._returned.popleft().sock)
        self._wake_read.close()
        self._wake_write.close()

    def _wake(self) -> None:
        with suppress(OSError):  # full (the loop wakes anyway) or closed
            self._wake_write.send(b"\0")

    def _wait(self, selector: selectors.BaseSelector, waiting: dict[socket.socket, _Connection],
              conn: _Connection) -> None:
        """Watch a connection for its next request (it may have come already, pipelined)."""
        if head_complete(conn.data):
            self._jobs.put(conn)
            return
        timeout = self.idle_timeout()
        conn.since = time.monotonic()
        conn.deadline = math.inf if timeout is None else conn.since + timeout
        conn.sock.setblocking(False)
        waiting[conn.sock] = conn
        selector.register(conn.sock, selectors.EVENT_READ)

    def _accept(self, selector: selectors.BaseSelector, waiting: dict[socket.socket, _Connection]) -> None:
        """Accept a batch of a burst (the rest next turn); past `max_connections`, each new
        connection closes the one that has waited longest for its request, if it waited
        `evict_after` at least (else the loop stops accepting until a place frees up)."""
        for _ in range(64):
            try:
                sock, address = self.socket.accept()
            except OSError:  # none left, out of files, the client gone already
                return
            with self._open_lock:
                self._open += 1
            self._wait(selector, waiting, _Connection(sock, address))
            if self._open > self.max_connections:
                oldest = min(waiting.values(), key=lambda c: c.since, default=None)
                if oldest is None or oldest.since + self.evict_after > time.monotonic():
                    return  # one over the limit at most: the loop waits now
                self._drop(selector, waiting, oldest)

    def _read(self, selector: selectors.BaseSelector, waiting: dict[socket.socket, _Connection],
              conn: _Connection) -> None:
        try:
            chunk = conn.sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
            conn.data = b""  # reset: nothing to answer
        conn.data += chunk
        if chunk and not head_complete(conn.data):
            return
        selector.unregister(conn.sock)
        del waiting[conn.sock]
        if conn.data:  # whole, or the client ended its side after part of a request
            self._jobs.put(conn)
        else:  # the client closed between requests
            self._close(conn.sock)

    def _take_back(self, selector: selectors.BaseSelector, waiting: dict[socket.socket, _Connection]) -> None:
        with suppress(OSError):
            while self._wake_read.recv(4096):
                pass
        while self._returned:
            self._wait(selector, waiting, self._returned.popleft())

    def _drop(self, selector: selectors.BaseSelector, waiting: dict[socket.socket, _Connection],
              conn: _Connection) -> None:
        """Close a connection that stayed silent too long (or at the end), without an answer."""
        selector.unregister(conn.sock)
        del waiting[conn.sock]
        self._close(conn.sock)

    def _close(self, sock: socket.socket) -> None:
        self.close_request(sock)
        with self._open_lock:
            self._open -= 1

    # --- the workers

    def _work(self) -> None:
        while (conn := self._jobs.get()) is not None:
            self._answer(conn)

    def _answer(self, conn: _Connection) -> None:
        """Answer one request; a keep-alive connection goes back to the loop."""
        reader = _Reader(conn.sock, conn.data)
        keep = False
        try:
            conn.sock.setblocking(True)
            conn.sock.settimeout(self.idle_timeout())
            self._readers[conn.sock] = reader
            make = cast(Callable[..., Any], self.RequestHandlerClass)
            handler = make(conn.sock, conn.address, self)
            keep = not getattr(handler, "close_connection", True) and self._serving
        except Exception:
            self.handle_error(conn.sock, conn.address)
        finally:
            self._readers.pop(conn.sock, None)
        if not keep:
            self.shutdown_request(conn.sock)
            with self._open_lock:
                self._open -= 1
                full = self._open == self.max_connections - 1
            if full:
                self._wake()  # the loop waits to accept again
            return
        conn.data = bytes(reader.data)
        self._returned.append(conn)
        self._wake()

    def take_reader(self, sock: socket.socket) -> _Reader | None:
        """The reader of a connection a worker answers (Handler.setup asks)."""
        return self._readers.get(sock)

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


def url_of(server: http.server.HTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextmanager
def running(server: http.server.HTTPServer) -> Iterator[str]:
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
