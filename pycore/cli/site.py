"""The verbs `build` and `serve` (listed in `pycore.cli.verbs`), each one's arguments beside it.

The site is built and served by `pycore.site`; this module is imported only when one of
its verbs runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..site.build import build, serve
from ..site.paths import SITE


def build_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dest", default=str(SITE), help="the folder to write (it is replaced)")


def run_build(args: argparse.Namespace) -> None:
    print(build(Path(args.dest)))


def serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--dest", default=str(SITE), help="the folder to build and serve")


def run_serve(args: argparse.Namespace) -> None:
    serve(args.port, Path(args.dest))
