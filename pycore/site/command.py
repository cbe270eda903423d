"""The verbs `build` and `serve` (listed in `pycore.cli.verbs`), each one's arguments beside it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .build import build
from .paths import SITE


def serve(port: int = 8000, dest: Path = SITE) -> None:
    """Build the site, then serve it on 127.0.0.1 until interrupted."""
    from .server import make_server, url_of

    build(dest)
    with make_server(dest, port, log=True) as server:
        print(f"Serving the puzzle page at {url_of(server)} (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)


def build_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dest", default=str(SITE), help="the folder to write (it is replaced)")


def run_build(args: argparse.Namespace) -> None:
    print(build(Path(args.dest)))


def serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--dest", default=str(SITE), help="the folder to build and serve")


def run_serve(args: argparse.Namespace) -> None:
    serve(args.port, Path(args.dest))
