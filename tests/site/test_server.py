"""The site's HTTP server as a client meets it, over real sockets: compressed bodies by
Accept-Encoding, and hostile requests answered with a status (or a clean close), no
traceback, and the server still answering the next request."""

from __future__ import annotations

import asyncio
import gzip
import http.client
import importlib
import os
import random
import re
import socket
import struct
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from pycore.site import server as srv

brotli: ModuleType | None
try:
    brotli = importlib.import_module("brotli")
except ImportError:
    brotli = None
needs_brotli = pytest.mark.skipif(brotli is None, reason="the brotli module is not installed")

PAGE = ("<!doctype html><title>pycore</title>" + "<p>A puzzle page, repeated.</p>\n" * 400).encode()
SCRIPT = b"export const cells = [" + b",".join(str(i % 97).encode() for i in range(3000)) + b"];\n"
WASM = b"\0asm\1\0\0\0" + bytes(range(256)) * 64  # compresses well
NOISE = random.Random(7).randbytes(8192)  # does not compress at all
TEXT = "Plain text, written after the build's compression.\n" * 100


@dataclass
class Site:
    folder: Path
    port: int

    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


def write_site(folder: Path) -> Path:
    (folder / "sub").mkdir(parents=True)
    (folder / "nolist").mkdir()
    (folder / "index.html").write_bytes(PAGE)
    (folder / "app.mjs").write_bytes(SCRIPT)
    (folder / "style.css").write_text("body { margin: 0 }\n")  # under 1 KB
    (folder / "runtime.wasm").write_bytes(WASM)
    (folder / "packed.zip").write_bytes(NOISE)
    (folder / "icon.png").write_bytes(bytes(4096))  # not a compressible type
    (folder / "snapshot.bin.gz").write_bytes(gzip.compress(PAGE, mtime=0))  # site content
    (folder / "sub" / "index.html").write_text("the sub page")
    (folder / "nolist" / "a.txt").write_text("no index.html here")
    return folder


@pytest.fixture
def built(tmp_path: Path) -> Path:
    folder = write_site(tmp_path / "site")
    srv.compress_site(folder)
    (folder / "later.txt").write_text(TEXT)  # no precompressed variant: gzipped on the fly
    return folder


@pytest.fixture
def site(built: Path) -> Iterator[Site]:
    server = srv.make_server(built, port=0)
    with srv.running(server):
        yield Site(built, int(server.server_address[1]))


def get(
    site: Site, path: str, coding: str | None = None, method: str = "GET", **headers: str,
) -> tuple[int, http.client.HTTPMessage, bytes]:
    """One request; `coding` is the Accept-Encoding header (None: no such header at all)."""
    conn = http.client.HTTPConnection("127.0.0.1", site.port, timeout=10)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        if coding is not None:
            conn.putheader("Accept-Encoding", coding)
        for name, value in headers.items():
            conn.putheader(name.replace("_", "-"), value)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        conn.close()


def decoded(headers: http.client.HTTPMessage, body: bytes) -> bytes:
    coding = headers.get("Content-Encoding")
    if coding == "gzip":
        return gzip.decompress(body)
    if coding == "br":
        assert brotli is not None
        out: bytes = brotli.decompress(body)
        return out
    assert coding is None, coding
    return body


def raw(site: Site, data: bytes, wait: float = 10, end: bool = False) -> bytes:
    """Send bytes as they are (then end the sending side if asked); what the server answers
    until it closes, or until its first answer is whole (the server keeps an HTTP/1.1
    connection open for the next request)."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=wait) as sock:
        sock.sendall(data)
        if end:
            sock.shutdown(socket.SHUT_WR)
        out = b""
        while not whole(out) and (chunk := sock.recv(65536)):
            out += chunk
        return out


def whole(answer: bytes) -> bool:
    """An answer with all its headers and as many body bytes as its Content-Length says."""
    head, found, body = answer.partition(b"\r\n\r\n")
    if not found:
        return False
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    return length is not None and len(body) >= int(length.group(1))


def status_of(answer: bytes) -> int:
    line = answer.split(b"\r\n", 1)[0].split()
    assert line[0] == b"HTTP/1.1", answer[:200]
    return int(line[1])


# --- compress_site -----------------------------------------------------------------------


def test_compress_site_writes_gzip_beside_what_shrinks(built: Path) -> None:
    for name in ("index.html", "app.mjs", "runtime.wasm"):
        packed = (built / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == (built / name).read_bytes(), name
        assert packed[4:8] == bytes(4), "mtime 0"
        assert packed[3] & 0x08 == 0, "no file name"
    for name in ("style.css", "packed.zip", "icon.png", "snapshot.bin.gz", "sub/index.html"):
        assert not (built / f"{name}.gz").exists(), name  # small, incompressible, not a type, content
        assert not (built / f"{name}.br").exists(), name


def test_compress_site_is_deterministic_and_idempotent(built: Path, tmp_path: Path) -> None:
    before = {p.relative_to(built): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    srv.compress_site(built)
    other = write_site(tmp_path / "again")
    (other / "later.txt").write_text(TEXT)
    srv.compress_site(other, cache=tmp_path / "cache")
    srv.compress_site(other, cache=tmp_path / "cache")  # from the cache this time
    for where in (built, other):
        after = {p.relative_to(where): p.read_bytes() for p in where.rglob("*") if p.is_file()}
        assert after.keys() - before.keys() == {Path("later.txt.gz"), Path("later.txt.br")} & after.keys()
        assert all(after[name] == data for name, data in before.items()), where
    assert not [p for p in built.rglob("*.part")]


@needs_brotli
def test_compress_site_writes_brotli_when_it_can(built: Path) -> None:
    assert brotli is not None
    for name in ("index.html", "app.mjs", "runtime.wasm"):
        packed = (built / f"{name}.br").read_bytes()
        assert brotli.decompress(packed) == (built / name).read_bytes(), name
        assert len(packed) <= len((built / f"{name}.gz").read_bytes()), name


def test_compress_site_without_brotli_writes_gzip_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = write_site(tmp_path / "site")
    (folder / "index.html.br").write_bytes(b"a stale variant of another index.html")
    monkeypatch.setattr(srv, "_brotli", lambda: None)
    srv.compress_site(folder)
    assert (folder / "index.html.gz").is_file() and (folder / "runtime.wasm.gz").is_file()
    assert not list(folder.rglob("*.br"))


# --- choosing a coding -------------------------------------------------------------------


@pytest.mark.parametrize(("header", "chosen"), [
    (None, None),
    ("", None),
    ("identity", None),
    ("gzip", "gzip"),
    ("GZip", "gzip"),
    ("x-gzip", "gzip"),
    ("br", "br"),
    ("gzip, deflate, br, zstd", "br"),
    ("br;q=0.5, gzip", "gzip"),
    ("br;q=0.8, gzip;q=0.8", "br"),
    ("gzip;q=0, br;q=0", None),
    ("*", "br"),
    ("*;q=0.1, br;q=0", "gzip"),
    ("gzip;q=0.5, identity", None),
    ("gzip;q=0.5, identity;q=0.5", "gzip"),
    ("gzip;q=2", None),  # not a q-value: the entry does not count
    ("gzip;q=abc, br ; q=0.001", "br"),
    ("deflate", None),
])
def test_choose_coding_reads_q_values(header: str | None, chosen: str | None) -> None:
    assert srv.choose_coding(header, ["br", "gzip"]) == chosen


# --- compressed answers ------------------------------------------------------------------


@pytest.mark.parametrize(("coding", "sent"), [
    ("gzip", "gzip"),
    ("gzip, deflate", "gzip"),
    pytest.param("br", "br", marks=needs_brotli),
    pytest.param("gzip, deflate, br, zstd", "br", marks=needs_brotli),
    ("br;q=0, gzip", "gzip"),
    ("gzip;q=0", None),
    ("gzip;q=0, br;q=0", None),
    ("identity", None),
    ("", None),
    (None, None),
])
@pytest.mark.parametrize(("path", "name", "kind"), [
    ("/", "index.html", "text/html; charset=utf-8"),
    ("/app.mjs", "app.mjs", "text/javascript"),
    ("/runtime.wasm", "runtime.wasm", "application/wasm"),
])
def test_answers_are_compressed_as_the_client_accepts(
    site: Site, coding: str | None, sent: str | None, path: str, name: str, kind: str,
) -> None:
    status, headers, body = get(site, path, coding)
    assert status == 200
    assert headers.get("Content-Encoding") == sent
    assert headers["Content-Type"] == kind  # the file's, never gzip's
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body)
    assert decoded(headers, body) == (site.folder / name).read_bytes()
    if sent is not None:
        assert body == (site.folder / f"{name}.{'gz' if sent == 'gzip' else sent}").read_bytes()
        assert len(body) < len((site.folder / name).read_bytes()) // 2


def test_the_sites_headers_come_with_compressed_answers(site: Site) -> None:
    _, headers, _ = get(site, "/", "gzip")
    for name, value in srv.headers_for("/").items():
        assert headers[name] == value, name
    assert headers["Cache-Control"] == "no-cache"


def test_head_sends_the_headers_of_get_and_no_body(site: Site) -> None:
    for coding in ("gzip", "identity", None):
        _, got, body = get(site, "/app.mjs", coding)
        status, head, nothing = get(site, "/app.mjs", coding, method="HEAD")
        assert (status, nothing) == (200, b"")
        for name in ("Content-Type", "Content-Length", "Content-Encoding", "Vary"):
            assert head.get(name) == got.get(name), (coding, name)
        assert int(head["Content-Length"]) == len(body)


def test_a_range_request_gets_the_whole_file_as_it_is(site: Site) -> None:
    status, headers, body = get(site, "/index.html", "gzip, br", Range="bytes=0-99")
    assert (status, headers.get("Content-Encoding"), body) == (200, None, PAGE)
    assert headers["Vary"] == "Accept-Encoding"


def test_text_without_a_variant_is_gzipped_here_and_kept(site: Site) -> None:
    path = site.folder / "later.txt"
    for _ in range(2):
        status, headers, body = get(site, "/later.txt", "br, gzip")
        assert (status, headers["Content-Encoding"], headers["Vary"]) == (200, "gzip", "Accept-Encoding")
        assert gzip.decompress(body) == path.read_bytes() and len(body) < len(TEXT) // 4
    path.write_text(TEXT + "One more line.\n")
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)
    _, headers, body = get(site, "/later.txt", "gzip")
    assert gzip.decompress(body).endswith(b"One more line.\n")
    _, headers, body = get(site, "/later.txt", None)
    assert headers.get("Content-Encoding") is None and body == path.read_bytes()


def test_files_that_do_not_shrink_go_as_they_are(site: Site) -> None:
    for path, kind in (("/packed.zip", "application/zip"), ("/icon.png", "image/png"),
                       ("/style.css", "text/css")):
        status, headers, body = get(site, path, "gzip, br")
        assert (status, headers["Content-Type"], headers.get("Content-Encoding")) == (200, kind, None)
        assert body == (site.folder / path[1:]).read_bytes()
        assert "Vary" not in headers, path


def test_the_compressed_files_are_plain_files_too(site: Site) -> None:
    names = ["index.html.gz", "snapshot.bin.gz"] + (["index.html.br"] if brotli else [])
    for name in names:
        status, headers, body = get(site, f"/{name}", "gzip, br")
        assert (status, headers["Content-Type"]) == (200, "application/octet-stream"), name
        assert headers.get("Content-Encoding") is None, name
        assert body == (site.folder / name).read_bytes(), name


def test_not_modified_says_what_varies(site: Site) -> None:
    _, headers, _ = get(site, "/app.mjs", "gzip")
    status, again, body = get(site, "/app.mjs", "gzip", If_Modified_Since=headers["Last-Modified"])
    assert (status, body, again["Vary"]) == (304, b"", "Accept-Encoding")


# --- hostile and odd requests ------------------------------------------------------------


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"garbage\r\n\r\n", 400),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 \xff\xfe binary\r\n\r\n", 400),
    (b"GET / HTTP/9.9\r\n\r\n", 505),
    (b"GET / HTTP/1.x\r\n\r\n", 400),
    # HTTP/2 prior knowledge: the request line says HTTP/2.0, a version this server does not speak
    (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505),
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414),
    (b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 70_000 + b"\r\n\r\n", 431),
    (b"GET / HTTP/1.1\r\n" + b"X-Many: header\r\n" * 120 + b"\r\n", 431),
    (b"GET /%00 HTTP/1.1\r\n\r\n", 400),
    (b"GET /index.html%00.png HTTP/1.1\r\n\r\n", 400),
    (b"GET /%zz HTTP/1.1\r\n\r\n", 400),
    (b"GET /%4 HTTP/1.1\r\n\r\n", 400),
    (b"GET /%ff%fe HTTP/1.1\r\n\r\n", 400),
    (b"GET /%ed%a0%80 HTTP/1.1\r\n\r\n", 400),  # a lone surrogate
    (b"GET index.html HTTP/1.1\r\n\r\n", 400),
    (b"GET /../../../etc/passwd HTTP/1.1\r\n\r\n", 404),
    (b"GET /sub/../../index.html HTTP/1.1\r\n\r\n", 404),
    (b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n\r\n", 404),
    (b"GET /nolist/ HTTP/1.1\r\n\r\n", 404),
    (b"GET /nolist HTTP/1.1\r\n\r\n", 404),
    (b"GET /index.html/ HTTP/1.1\r\n\r\n", 404),
    (b"GET /" + b"x" * 5000 + b" HTTP/1.1\r\n\r\n", 404),  # a name too long for the file system
    (b"DELETE / HTTP/1.1\r\n\r\n", 501),
    (b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", 501),
    (b"GET /nowhere\r\n\r\n", 404),  # HTTP/0.9's form: answered as 1.0
])
def test_hostile_requests_get_a_status_and_the_server_goes_on(
    site: Site, capfd: pytest.CaptureFixture[str], request_bytes: bytes, status: int,
) -> None:
    answer = raw(site, request_bytes)
    assert status_of(answer) == status
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"Content-Security-Policy" in head and len(head) < 2000
    assert b"Index of" not in body and b"a.txt" not in body  # no listing
    assert get(site, "/", None)[0] == 200
    assert capfd.readouterr().err == ""  # no traceback, not even a line: log=False


def test_an_empty_connection_or_line_is_closed_without_an_answer(
    site: Site, capfd: pytest.CaptureFixture[str],
) -> None:
    assert raw(site, b"", end=True) == b""
    assert raw(site, b"\r\n", end=True) == b""
    assert get(site, "/", None)[0] == 200
    assert capfd.readouterr().err == ""


def test_a_folder_is_redirected_to_its_slash_only_when_it_has_a_page(site: Site) -> None:
    status, headers, _ = get(site, "/sub?x=1&y=%20")
    assert (status, headers["Location"]) == (301, "/sub/?x=1&y=%20")
    answer = raw(site, b"GET /sub?\x01\xff HTTP/1.1\r\n\r\n")
    assert status_of(answer) == 301 and b"\r\nLocation: /sub/?%01%C3%BF\r\n" in answer
    assert get(site, "/sub/")[2] == b"the sub page"
    assert get(site, "//sub/./")[2] == b"the sub page"
    status, headers, _ = get(site, "//example.com/sub")
    assert status == 404  # not a redirect to another host
    assert get(site, "http://elsewhere/sub/")[2] == b"the sub page"  # absolute form: our own path


def test_an_idle_connection_is_closed_after_the_timeout(
    site: Site, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(srv.Handler, "timeout", 0.3)
    for sent in (b"", b"GET / HTTP/1.1\r\nHost: half"):
        start = time.monotonic()
        with socket.create_connection(("127.0.0.1", site.port), timeout=10) as sock:
            sock.sendall(sent)
            assert sock.recv(1024) == b""  # closed, with no answer
        assert time.monotonic() - start < 5
    assert get(site, "/", None)[0] == 200
    assert capfd.readouterr().err == ""


def test_a_client_that_goes_away_mid_answer_leaves_no_traceback(
    site: Site, capfd: pytest.CaptureFixture[str],
) -> None:
    (site.folder / "big.bin").write_bytes(bytes(32 << 20))
    for _ in range(3):
        sock = socket.create_connection(("127.0.0.1", site.port), timeout=10)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(b"GET /big.bin HTTP/1.1\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 200")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset at close
        sock.close()
    time.sleep(0.5)
    assert get(site, "/", None)[0] == 200
    assert capfd.readouterr().err == ""


def test_the_log_has_one_short_line_per_request(built: Path, capfd: pytest.CaptureFixture[str]) -> None:
    server = srv.make_server(built, port=0, log=True)
    with srv.running(server):
        site = Site(built, int(server.server_address[1]))
        get(site, "/", "gzip")
        raw(site, b"garbage " * 20_000 + b"\r\n\r\n")
        raw(site, b"GET /%00 HTTP/1.1\r\n\r\n")
        raw(site, b"GET /\x1b[31mred HTTP/1.1\r\n\r\n")
    lines = capfd.readouterr().err.splitlines()
    assert len(lines) == 4, lines
    assert [line.split('" ')[-1] for line in lines] == ["200 -", "414 -", "400 -", "400 -"]
    assert all(len(line) < 300 and "\x1b" not in line for line in lines)


# --- bursts ------------------------------------------------------------------------------

BURST_PATHS = (("/", 200), ("/app.mjs", 200), ("/no-such-file", 404), ("/%00", 400))


async def burst(
    port: int, count: int, half_open: int, patience: float = 30.0, hold: float = 30.0,
) -> tuple[list[int], list[bool]]:
    """`half_open` connections send half a request and wait; then `count` connections at once
    each send a whole request (Connection: close). The statuses of the whole ones (0: no
    answer within `patience`), and for each half-open one whether the server closed it
    (within `hold`) without an answer."""

    async def one(n: int) -> int:
        path = BURST_PATHS[n % len(BURST_PATHS)][0]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            answer = await reader.read()  # until the server closes: the whole answer
            assert whole(answer), answer[:200]
            return status_of(answer)
        finally:
            writer.close()

    async def within(n: int) -> int:
        try:
            return await asyncio.wait_for(one(n), patience)
        except (TimeoutError, OSError):
            return 0

    async def half(ready: asyncio.Event) -> bool:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: half")
            await writer.drain()
            ready.set()
            return await asyncio.wait_for(reader.read(), hold) == b""
        except (TimeoutError, OSError):
            return False
        finally:
            writer.close()

    holders = []
    for _ in range(half_open):
        ready = asyncio.Event()
        holders.append(asyncio.create_task(half(ready)))
        await ready.wait()
    statuses = await asyncio.gather(*(within(n) for n in range(count)))
    return list(statuses), list(await asyncio.gather(*holders))


def threads_of(server: srv.SiteServer) -> int:
    return sum(t.name.startswith(server.thread_prefix()) for t in threading.enumerate())


def test_a_burst_of_200_connections_is_answered_whole(
    built: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python's listen queue of 5 dropped some of such a burst (its clients then wait through
    TCP's retransmission back-off); more half-open connections than the server has
    handler threads hold none of them."""
    monkeypatch.setattr(srv.Handler, "timeout", 2)  # the half-open ones end soon after
    server = srv.make_server(built, port=0)
    with srv.running(server):
        statuses, closed = asyncio.run(burst(int(server.server_address[1]), 200, server.workers + 8))
        assert threads_of(server) == server.workers  # the pool, grown by nothing
    assert statuses == [BURST_PATHS[n % len(BURST_PATHS)][1] for n in range(200)]
    assert all(closed)  # by the server, after its idle timeout
    assert capfd.readouterr().err == ""


def test_pipelined_requests_are_answered_in_turn(site: Site) -> None:
    two = (b"GET /sub/ HTTP/1.1\r\nHost: x\r\n\r\n"
           b"GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as sock:
        sock.sendall(two)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    first, second = out.split(b"HTTP/1.1 ", 2)[1:]
    assert first.startswith(b"200") and first.endswith(b"the sub page")
    assert second.startswith(b"200") and second.endswith(b"body { margin: 0 }\n")


def test_a_keep_alive_connection_answers_request_after_request(site: Site) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", site.port, timeout=10)
    try:
        for path in ("/", "/app.mjs", "/sub/", "/") * 3:
            conn.request("GET", path)
            answer = conn.getresponse()
            assert answer.status == 200 and answer.read()
    finally:
        conn.close()


def test_a_flood_of_half_open_connections_gives_way_to_new_clients(
    built: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """More half-open clients than the server keeps open, and an idle timeout (60 s) longer
    than they hold on (3 s): each new client closes a half-open one that waited a second,
    so the server closes all but the last few of them, and every new client is answered.
    (Without that, the server would close none, and the new clients would wait in the
    listen queue until half-open ones give up.)"""
    monkeypatch.setattr(srv.Handler, "timeout", 60)
    server = srv.make_server(built, port=0)
    server.max_connections = 4
    with srv.running(server):
        statuses, closed = asyncio.run(burst(int(server.server_address[1]), 20, 12, hold=3))
    assert statuses == [BURST_PATHS[n % len(BURST_PATHS)][1] for n in range(20)]
    assert sum(closed) >= len(closed) - server.max_connections - 1  # the last stay till the timeout


def test_the_server_stops_with_connections_open_and_its_threads_end(built: Path) -> None:
    server = srv.make_server(built, port=0)
    with srv.running(server) as url:
        site = Site(built, int(server.server_address[1]))
        kept = http.client.HTTPConnection("127.0.0.1", site.port, timeout=10)
        kept.request("GET", "/")
        assert kept.getresponse().read() == PAGE
        half = socket.create_connection(("127.0.0.1", site.port), timeout=10)
        half.sendall(b"GET / HTTP/1.1\r\nHost: half")
        assert get(site, "/sub/")[2] == b"the sub page"
    with half:
        assert half.recv(1024) == b""  # closed by the server as it stopped
    kept.close()
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)
    give_up = time.monotonic() + 10
    while threads_of(server) and time.monotonic() < give_up:
        time.sleep(0.05)
    assert threads_of(server) == 0


@pytest.mark.parametrize(("sent", "complete"), [
    (b"", False),
    (b"GET / HTTP/1.1\r\nHost: half", False),
    (b"GET / HTTP/1.1\r\n", False),
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
    (b"GET / HTTP/1.1\nHost: x\n\n", True),  # bare line feeds, as Python's parser takes them
    (b"GET /nowhere\r\n", True),  # HTTP/0.9: no headers follow
    (b"garbage\r\n", True),
    (b"\r\n", True),  # an empty request line: closed without an answer
    (b"GET /" + b"a" * 70_000, True),  # too long to wait for: refused (414)
])
def test_a_request_goes_to_a_worker_once_it_can_be_answered(sent: bytes, complete: bool) -> None:
    assert srv.head_complete(sent) is complete
