"""A throttling TCP proxy that puts a phone network between a browser and a local server.

    with Throttle("http://127.0.0.1:8000/", **PROFILES["slow-4g"]) as proxy:
        page.goto(proxy.url)              # http://127.0.0.1:<free port>/
        proxy.bytes_until(time.monotonic())

The model, kept simple on purpose:

- Bandwidth: ONE token bucket for everything sent to the browser, whatever the number of
  connections (the page, its workers and its service worker share the pipe), and another for
  everything sent by the browser. Bytes go through in slices of `SLICE` bytes, first come
  first served, so concurrent connections share the rate about evenly; a bucket keeps at
  most `BURST_S` (10 ms) of unused credit, so an idle pipe does not save up a burst.
- Latency: a new connection waits one RTT (the TCP handshake) before its first bytes go
  upstream, and the first bytes of each response wait until one RTT after the request's
  last bytes went upstream. A request is told apart simply: a chunk that arrives from the
  browser when no request is pending on its connection, or after the pending one's
  response began, starts a new request. TCP slow start, TLS, loss and jitter are not
  modelled; pycore's own server speaks HTTP/1.0 (one connection per request), so each
  request pays two RTTs here where a phone talking HTTP/2 to a CDN would pay one, plus
  TLS's one or two at the first connection: the two roughly cancel.

Every slice sent to the browser is logged with the `time.monotonic()` at which it was
written, so a benchmark can ask how many bytes had arrived before a moment
(`bytes_until`), and every request likewise (`requests_until`). The proxy runs in a
background thread with its own event loop, listens on 127.0.0.1 only, forwards to a
loopback server only, holds at most `MAX_CONNECTIONS` connections, and stops by itself
after `lifetime_s` (an hour unless told) if the block that started it never ends.

Profiles (Chrome DevTools' network presets of the same names use these numbers):
good-4g 9 Mbit/s down, 1.5 Mbit/s up, 60 ms RTT; slow-4g 1.6 Mbit/s down, 750 kbit/s up,
150 ms RTT.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import ipaddress
import socket
import threading
import time
from dataclasses import dataclass, field
from types import TracebackType
from typing import TypedDict
from urllib.parse import urlsplit

SLICE = 4096  # bytes sent per turn through a bucket
BURST_S = 0.010  # unused credit a bucket keeps, in seconds of its rate
READ = 64 * 1024  # bytes read from a socket at once
MAX_CONNECTIONS = 256
LIFETIME_S = 3600.0


class Profile(TypedDict):
    down_bps: float
    up_bps: float | None
    rtt_s: float


PROFILES: dict[str, Profile] = {
    "good-4g": {"down_bps": 9_000_000, "up_bps": 1_500_000, "rtt_s": 0.060},
    "slow-4g": {"down_bps": 1_600_000, "up_bps": 750_000, "rtt_s": 0.150},
}


class Bucket:
    """A token bucket of `bps` bits per second: `take(n)` returns once n bytes may pass.

    Slices are granted first come, first served on one virtual clock (`free`: when the
    bytes granted so far have all passed), so callers share the rate."""

    def __init__(self, bps: float | None) -> None:
        self.rate = None if bps is None else bps / 8  # bytes per second; None: unlimited
        self.free = 0.0

    async def take(self, n: int) -> None:
        if self.rate is None:
            return
        now = time.monotonic()
        self.free = max(self.free, now - BURST_S) + n / self.rate
        if self.free > now:
            await asyncio.sleep(self.free - now)


@dataclass
class Log:
    """Times (monotonic, ascending) and the running total at each: read from any thread."""

    times: list[float] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, n: int, at: float) -> None:
        with self.lock:
            at = max(at, self.times[-1]) if self.times else at
            self.times.append(at)
            self.totals.append((self.totals[-1] if self.totals else 0) + n)

    def until(self, t: float) -> int:
        with self.lock:
            i = bisect.bisect_right(self.times, t)
            return self.totals[i - 1] if i else 0

    def last(self) -> float | None:
        with self.lock:
            return self.times[-1] if self.times else None


@dataclass
class Flow:
    """One connection's requests: when the pending request's last bytes went upstream, whether
    one is pending, and whether its response began (a chunk from the browser after that
    starts a new request)."""

    sent_up: float
    pending: bool = False
    began: bool = False


class Throttle:
    """The proxy: a context manager whose `url` reaches `upstream` through the modelled network."""

    def __init__(
        self, upstream: str, down_bps: float, rtt_s: float, up_bps: float | None = None,
        lifetime_s: float = LIFETIME_S,
    ) -> None:
        parts = urlsplit(upstream)
        host = parts.hostname or ""
        if host != "localhost" and not ipaddress.ip_address(host).is_loopback:
            raise ValueError(f"the proxy forwards to a loopback server only, not {host!r}")
        if parts.port is None:
            raise ValueError(f"name the upstream server's port: {upstream!r}")
        if down_bps <= 0 or (up_bps is not None and up_bps <= 0) or rtt_s < 0:
            raise ValueError("rates are positive and the RTT is not negative")
        self.upstream = (host, parts.port)
        self.path = parts.path or "/"
        self.down = Bucket(down_bps)
        self.up = Bucket(up_bps)
        self.rtt = rtt_s
        self.lifetime = lifetime_s
        self.sent = Log()  # bytes to the browser
        self.requests = Log()  # one entry (1) per request
        self.connections = 0
        self.url = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._error: BaseException | None = None

    # --- what the benchmark reads ---

    def bytes_until(self, t: float) -> int:
        """Bytes sent to the browser at or before monotonic time t."""
        return self.sent.until(t)

    def bytes_between(self, start: float, end: float) -> int:
        return self.sent.until(end) - self.sent.until(start)

    def requests_until(self, t: float) -> int:
        """Requests that had arrived from the browser at or before monotonic time t."""
        return self.requests.until(t)

    def requests_between(self, start: float, end: float) -> int:
        return self.requests.until(end) - self.requests.until(start)

    def last_sent(self) -> float | None:
        """When bytes last went to the browser (monotonic), None before any."""
        return self.sent.last()

    # --- running ---

    def __enter__(self) -> Throttle:
        self._thread = threading.Thread(target=self._run, name="throttle", daemon=True)
        self._thread.start()
        self._started.wait(10)
        if self._error is not None or not self.url:
            self.__exit__(None, None, None)
            raise RuntimeError("the throttling proxy did not start") from self._error
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None,
    ) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop ended by itself meanwhile
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as err:  # reported to __enter__ if it happens before the start
            self._error = err
        finally:
            self._started.set()
            loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        tasks: set[asyncio.Task[None]] = set()

        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            if len(tasks) >= MAX_CONNECTIONS or task is None:
                writer.close()
                return
            tasks.add(task)
            try:
                await self._connection(reader, writer)
            except asyncio.CancelledError:  # the proxy stops: its connections end quietly
                pass
            finally:
                tasks.discard(task)

        server = await asyncio.start_server(accepted, "127.0.0.1", 0, reuse_address=True)
        port = server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}{self.path}"
        self._started.set()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), self.lifetime)
        finally:
            server.close()
            for task in list(tasks):
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await server.wait_closed()

    async def _connection(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        opened = time.monotonic()
        self.connections += 1
        try:
            server_r, server_w = await asyncio.open_connection(*self.upstream)
        except OSError:
            client_w.close()
            return
        for w in (client_w, server_w):
            sock = w.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        flow = Flow(sent_up=opened + self.rtt)

        async def upward() -> None:
            while chunk := await client_r.read(READ):
                if not flow.pending or flow.began:  # a new request
                    self.requests.add(1, time.monotonic())
                    flow.pending, flow.began = True, False
                wait = opened + self.rtt - time.monotonic()  # the handshake's round trip
                if wait > 0:
                    await asyncio.sleep(wait)
                for i in range(0, len(chunk), SLICE):
                    await self.up.take(len(chunk[i:i + SLICE]))
                    flow.sent_up = time.monotonic()
                    server_w.write(chunk[i:i + SLICE])
                    await server_w.drain()
            if server_w.can_write_eof():
                server_w.write_eof()

        async def downward() -> None:
            while chunk := await server_r.read(READ):
                if not flow.began:  # the first bytes of a response: one RTT after the request
                    flow.began = True
                    wait = flow.sent_up + self.rtt - time.monotonic()
                    if wait > 0:
                        await asyncio.sleep(wait)
                for i in range(0, len(chunk), SLICE):
                    piece = chunk[i:i + SLICE]
                    await self.down.take(len(piece))
                    self.sent.add(len(piece), time.monotonic())  # before the browser can read it
                    client_w.write(piece)
                    await client_w.drain()

        up = asyncio.ensure_future(upward())
        try:
            await downward()  # the server's answer is over: so is the connection
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            up.cancel()
            await asyncio.gather(up, return_exceptions=True)
            for w in (client_w, server_w):
                w.close()
            for w in (client_w, server_w):
                with contextlib.suppress(OSError):
                    await w.wait_closed()
