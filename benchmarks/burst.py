"""`gridlinks serve` under a burst: every request answered, how fast, with how many threads.

    python -m benchmarks.burst                       # 1,000 requests, 100 clients, 50 half-open
    python -m benchmarks.burst --requests 200 --half-open 0
    python -m benchmarks.burst --server-path /other/checkout   # that checkout's server (before/after)

What a room of people on one local network does to the server, on this machine's loopback
address: first `--half-open` connections (50) each send half a request
(`GET / HTTP/1.1`, one header, no blank line) and then wait; then `--clients` (100)
clients at once send `--requests` (1,000) requests in all, each on a new connection with
`Connection: close` (mode `close`), or each client over one keep-alive connection (mode
`keep-alive`). The paths go round the page (`/`), `/index.html`, `/sw.js` (these three
compressed when asked: every other request accepts `gzip, br`), a missing file (404) and
`/%00` (400). A request counts as answered when its whole answer came with the right status
within `--patience` (30 s); the table gives the unanswered count, the wrong statuses,
requests per second over the burst, the median and slowest answer (from connecting or
sending to the last byte), when the half-open connections were closed (the server's idle
timeout, `--idle`), and the server process's peak thread count and peak resident memory
(`/proc/PID/status`, sampled every 10 ms, and VmHWM).

The site is built once (`pycore.site.build`) into a temporary folder and served by a child
process (`pycore.site.server.make_server`, as `gridlinks serve` does, without the log), so
that the client's event loop and the server do not share one interpreter; the child is
stopped at the end. Bounded: every connection gives up after `--patience`, the half-open
ones after the idle timeout plus `--patience`, and the whole run after `--limit` (300 s).
Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.stamp import ROOT, commit, machine, now

HOST = "127.0.0.1"
PATHS = (("/", 200), ("/index.html", 200), ("/sw.js", 200), ("/no-such-file.js", 404), ("/%00", 400))
HALF = b"GET / HTTP/1.1\r\nHost: half-open\r\n"  # no blank line: the request never ends

SERVER = """
import sys
from pathlib import Path
from pycore.site import server
srv = server.make_server(Path(sys.argv[1]), port=0)
if float(sys.argv[2]) > 0:
    server.Handler.timeout = float(sys.argv[2])
print(srv.server_address[1], flush=True)
srv.serve_forever()
"""


@dataclass
class Outcome:
    mode: str
    requests: int = 0
    answered: int = 0
    wrong: int = 0
    times: list[float] = field(default_factory=list)
    wall: float = 0.0
    half_closed: list[float] = field(default_factory=list)  # s from opening to the server's close
    half_open: int = 0
    threads: int = 0
    rss_kb: int = 0


def request(path: str, n: int, keep: bool) -> bytes:
    coding = "Accept-Encoding: gzip, br\r\n" if n % 2 else ""
    close = "" if keep else "Connection: close\r\n"
    return f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n{coding}{close}\r\n".encode()


async def answer(reader: asyncio.StreamReader) -> tuple[int, bool]:
    """Read one whole answer (headers and Content-Length bytes): its status, and whether
    the server closes the connection after it (it does after an error)."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    await reader.readexactly(int(length.group(1)) if length else 0)
    return status, re.search(rb"(?im)^connection:\s*close", head) is not None


async def one_close(port: int, n: int, out: Outcome, patience: float) -> None:
    path, expected = PATHS[n % len(PATHS)]
    start = time.monotonic()

    async def go() -> int:
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            writer.write(request(path, n, keep=False))
            status, _ = await answer(reader)
            await reader.read()  # the server closes: the answer is whole
            return status
        finally:
            writer.close()

    try:
        status = await asyncio.wait_for(go(), patience)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
        return
    out.answered += 1
    out.wrong += status != expected
    out.times.append(time.monotonic() - start)


async def client_close(port: int, numbers: range, out: Outcome, patience: float) -> None:
    for n in numbers:
        await one_close(port, n, out, patience)


async def client_keep(port: int, numbers: range, out: Outcome, patience: float) -> None:
    """One connection for all of this client's requests; a new one when the server closes it."""
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    try:
        for n in numbers:
            path, expected = PATHS[n % len(PATHS)]
            start = time.monotonic()
            try:
                if writer is None or reader is None or reader.at_eof():
                    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), patience)
                assert reader is not None and writer is not None
                writer.write(request(path, n, keep=True))
                status, closes = await asyncio.wait_for(answer(reader), patience)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                if writer is not None:
                    writer.close()
                reader = writer = None
                continue
            out.answered += 1
            out.wrong += status != expected
            out.times.append(time.monotonic() - start)
            if closes:
                writer.close()
                reader = writer = None
    finally:
        if writer is not None:
            writer.close()


async def half_open(port: int, ready: asyncio.Event, out: Outcome, wait: float) -> None:
    """Half a request, then wait for the server to close the connection (or give up)."""
    start = time.monotonic()
    try:
        reader, writer = await asyncio.open_connection(HOST, port)
    except OSError:
        ready.set()
        return
    try:
        writer.write(HALF)
        await writer.drain()
        out.half_open += 1
        ready.set()
        await asyncio.wait_for(reader.read(), wait)
        out.half_closed.append(time.monotonic() - start)
    except (TimeoutError, OSError):
        pass
    finally:
        writer.close()


async def burst(port: int, mode: str, args: argparse.Namespace) -> Outcome:
    out = Outcome(mode, requests=args.requests)
    holders = []
    for _ in range(args.half_open):
        ready = asyncio.Event()
        holders.append(asyncio.create_task(half_open(port, ready, out, args.idle + args.patience)))
        await ready.wait()
    client = client_close if mode == "close" else client_keep
    start = time.monotonic()
    await asyncio.gather(*(
        client(port, range(c, args.requests, args.clients), out, args.patience) for c in range(args.clients)
    ))
    out.wall = time.monotonic() - start
    await asyncio.gather(*holders)
    return out


class Watch:
    """Samples the server process's thread count every 10 ms; its peak RSS is VmHWM."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.threads = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def status(self) -> dict[str, str]:
        text = Path(f"/proc/{self.pid}/status").read_text()
        return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)

    def run(self) -> None:
        while not self.stop.wait(0.01):
            try:
                self.threads = max(self.threads, int(self.status()["Threads"]))
            except (OSError, KeyError, ValueError):
                return

    def peak(self) -> tuple[int, int]:
        """Peak threads and peak resident memory (kB) so far; resets neither."""
        rss = int(self.status().get("VmHWM", "0 kB").split()[0])
        return self.threads, rss


def serve(folder: Path, idle: float, path: str | None) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    child = subprocess.Popen([sys.executable, "-c", SERVER, str(folder), str(idle)],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=path or ROOT)
    assert child.stdout is not None
    return child, int(child.stdout.readline())


def row(server: str, out: Outcome, args: argparse.Namespace) -> str:
    unanswered = out.requests - out.answered
    times = sorted(out.times) or [float("nan")]
    closed = f"not closed (0/{out.half_open})"
    if out.half_closed:
        span = f"{min(out.half_closed):.1f}-{max(out.half_closed):.1f} s"
        closed = f"{span} ({len(out.half_closed)}/{out.half_open})"
    return (f"| {server} | {out.mode} | {out.requests:,} | {args.clients} | {args.half_open} | "
            f"{unanswered} | {out.wrong} | {out.answered / out.wall:,.0f} | "
            f"{statistics.median(times) * 1000:.0f} ms | {times[-1] * 1000:.0f} ms | {closed} | "
            f"{out.threads} | {out.rss_kb / 1024:.0f} MB |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=100, help="concurrent clients")
    parser.add_argument("--half-open", type=int, default=50, help="connections that send half a request")
    parser.add_argument("--modes", default="close,keep-alive", help="close, keep-alive or both")
    parser.add_argument("--idle", type=float, default=0.0,
                        help="the server's idle timeout in s (0: its own, Handler.timeout)")
    parser.add_argument("--patience", type=float, default=30.0, help="s a request waits for its answer")
    parser.add_argument("--limit", type=float, default=300.0, help="s the whole run may take")
    parser.add_argument("--server-path", help="PYTHONPATH of the server measured (default: this checkout)")
    parser.add_argument("--name", default="this commit", help="the server's name in the table")
    args = parser.parse_args(argv)
    if args.idle <= 0:
        from pycore.site.server import Handler
        args.idle = float(Handler.timeout or 30)
    from pycore import site

    signal.signal(signal.SIGALRM, lambda *_: sys.exit("benchmarks.burst: over --limit, stopped"))
    signal.alarm(int(args.limit))
    rows = []
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as scratch:
        folder = site.build(Path(scratch) / "site", quiet=True)
        for mode in args.modes.split(","):
            child, port = serve(folder, args.idle, args.server_path)
            try:
                watch = Watch(child.pid)
                out = asyncio.run(burst(port, mode, args))
                out.threads, out.rss_kb = watch.peak()
                watch.stop.set()
            finally:
                child.terminate()
                child.wait(10)
            rows.append(row(args.name, out, args))
            print(rows[-1], flush=True)
    load_after = os.getloadavg()
    signal.alarm(0)
    print()
    print(f"`gridlinks serve` under a burst on {HOST} (the client: one asyncio process; "
          f"the server: a child process).")
    print(machine(load_before, load_after))
    print(f"Commit {commit()}; {now()}. Half-open connections held through the burst; "
          f"server idle timeout {args.idle:g} s; a request without its answer after {args.patience:g} s "
          "is unanswered.")
    print()
    print("| server | mode | requests | clients | half-open | unanswered | wrong status | requests/s "
          "| median | slowest | half-open closed after | peak threads | peak RSS |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
