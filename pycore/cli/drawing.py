"""The verbs `export`, `qr` and `render` (listed in `pycore.cli.verbs`), each one's
arguments beside it.

Each reads the puzzle as every verb does (`read_puzzle`: any link, fragment or
paste `pycore decode auto` reads) or, when TEXT is left out, puzzle JSON on standard input.
The pictures themselves are drawn by `pycore.render`; this module is imported only when
one of its verbs runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import links
from ..formats import tools as exports
from ..model import Puzzle
from ..render.qr import qr_png, qr_svg
from ..render.svg import render_svg
from .reading import add_text, read_puzzle


def _puzzle(text: str | None) -> Puzzle:
    return read_puzzle(text)[1]


def cmd_export(args: argparse.Namespace) -> None:
    puzzle = _puzzle(args.text)
    target = exports.EXPORTS[args.format]
    if args.lossy:
        for item in target.all_lost(puzzle):
            print(f"gridlinks: {target.title} cannot hold {item}: left out", file=sys.stderr)
    print(target.export(puzzle, lossy=args.lossy))


def cmd_qr(args: argparse.Namespace) -> None:
    link = links.link(_puzzle(args.text), base=args.base)
    if args.png:
        Path(args.png).write_bytes(qr_png(link))
    else:
        print(qr_svg(link))


def cmd_render(args: argparse.Namespace) -> None:
    svg = render_svg(_puzzle(args.text))
    if args.output:
        Path(args.output).write_text(svg + "\n", encoding="utf-8")
    else:
        print(svg)


def export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("format", choices=exports.names())
    add_text(p, optional=True, kind=False)
    p.add_argument("--lossy", action="store_true",
                   help="leave out what the target cannot hold (each named on standard error)")


def qr_arguments(p: argparse.ArgumentParser) -> None:
    add_text(p, optional=True, kind=False)
    p.add_argument("--png", metavar="FILE", help="write a PNG image to FILE instead")
    p.add_argument("--base", default="", help="the page's address, e.g. https://example.org/")


def render_arguments(p: argparse.ArgumentParser) -> None:
    add_text(p, optional=True, kind=False)
    p.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE")
