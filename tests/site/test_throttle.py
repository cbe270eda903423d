"""The first-visit benchmark's throttling proxy (benchmarks/throttle.py): exact bytes, the
shared rate, the round trips and the byte log, against a tiny keep-alive HTTP server."""

from __future__ import annotations

import http.client
import http.server
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from benchmarks.throttle import PROFILES, Throttle
from pycore.site.server import running

PATTERN = random.Random(7).randbytes(2_000_000)


class Handler(http.server.BaseHTTPRequestHandler):
    """GET /N answers N bytes of PATTERN; POST answers how many bytes it got. Keeps alive."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        body = PATTERN[: int(self.path.strip("/") or 0)]
        self.reply(body)

    def do_POST(self) -> None:
        got = self.rfile.read(int(self.headers["Content-Length"]))
        self.reply(str(len(got)).encode())

    def reply(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def upstream() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with running(server) as url:
        yield url


def connect(url: str) -> http.client.HTTPConnection:
    host, port = url.split("//", 1)[1].rstrip("/").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=20)


def get(conn: http.client.HTTPConnection, n: int) -> bytes:
    conn.request("GET", f"/{n}")
    response = conn.getresponse()
    assert response.status == 200
    return response.read()


def test_forwards_bytes_exactly_and_counts_them(upstream: str) -> None:
    with Throttle(upstream, down_bps=200_000_000, rtt_s=0.0) as proxy:
        conn = connect(proxy.url)
        sizes = (0, 1, 4095, 4096, 4097, 300_000)
        bodies = [get(conn, n) for n in sizes]
        conn.close()
        assert bodies == [PATTERN[:n] for n in sizes]
        got = proxy.bytes_until(time.monotonic())
        # the bodies plus each response's status line and headers
        assert sum(sizes) < got < sum(sizes) + 200 * len(sizes)
        assert proxy.requests_until(time.monotonic()) == len(sizes)
        assert proxy.bytes_until(0.0) == 0


def test_a_megabyte_at_8_mbit_takes_about_a_second(upstream: str) -> None:
    with Throttle(upstream, down_bps=8_000_000, rtt_s=0.010) as proxy:
        conn = connect(proxy.url)
        start = time.monotonic()
        body = get(conn, 1_000_000)
        took = time.monotonic() - start
        conn.close()
        assert body == PATTERN[:1_000_000]
        assert 0.8 <= took <= 1.6, took
        # the log: half the bytes had arrived about half way
        half = proxy.bytes_until(start + 0.02 + 0.5)
        assert 350_000 < half < 650_000, half


def test_connections_share_one_rate(upstream: str) -> None:
    with Throttle(upstream, down_bps=8_000_000, rtt_s=0.0) as proxy:
        times: list[float] = []

        def fetch() -> None:
            conn = connect(proxy.url)
            assert get(conn, 500_000) == PATTERN[:500_000]
            conn.close()
            times.append(time.monotonic())

        start = time.monotonic()
        threads = [threading.Thread(target=fetch) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        # together a megabyte: about a second, and both end near the end (the pipe is shared)
        assert 0.8 <= max(times) - start <= 1.6, times
        assert min(times) - start >= 0.7, times
        assert proxy.connections == 2


def test_a_round_trip_per_connection_and_per_request(upstream: str) -> None:
    rtt = 0.2
    with Throttle(upstream, down_bps=100_000_000, rtt_s=rtt) as proxy:
        conn = connect(proxy.url)
        start = time.monotonic()
        get(conn, 10)  # a new connection: the handshake, then the request
        first = time.monotonic() - start
        start = time.monotonic()
        get(conn, 10)  # the same connection: the request only
        second = time.monotonic() - start
        conn.close()
        assert 2 * rtt <= first <= 2 * rtt + 0.15, first
        assert rtt <= second <= rtt + 0.15, second
        assert proxy.requests_until(time.monotonic()) == 2


def test_the_upstream_rate(upstream: str) -> None:
    with Throttle(upstream, down_bps=100_000_000, up_bps=800_000, rtt_s=0.0) as proxy:
        conn = connect(proxy.url)
        start = time.monotonic()
        conn.request("POST", "/", body=PATTERN[:50_000])  # 0.5 s at 800 kbit/s
        assert conn.getresponse().read() == b"50000"
        took = time.monotonic() - start
        conn.close()
        assert 0.4 <= took <= 0.9, took
        assert proxy.requests_until(time.monotonic()) == 1  # the body's chunks: one request


def test_profiles_and_refusals(upstream: str) -> None:
    assert PROFILES["good-4g"]["down_bps"] == 9_000_000 and PROFILES["good-4g"]["rtt_s"] == 0.060
    assert PROFILES["slow-4g"]["down_bps"] == 1_600_000 and PROFILES["slow-4g"]["rtt_s"] == 0.150
    with pytest.raises(ValueError, match="loopback"):
        Throttle("http://192.0.2.1:80/", down_bps=1e6, rtt_s=0.0)
    with pytest.raises(ValueError):
        Throttle(upstream, down_bps=0, rtt_s=0.0)


def test_stops_by_itself(upstream: str) -> None:
    with Throttle(upstream, down_bps=1e6, rtt_s=0.0, lifetime_s=0.3) as proxy:
        time.sleep(0.6)
        assert proxy._thread is not None and not proxy._thread.is_alive()
