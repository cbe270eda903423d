"""The codec's verbs: decode, encode, convert and link, each one's arguments beside it."""

from __future__ import annotations

import argparse
import json

from .. import formats, links
from ..formats.json import to_json
from .reading import add_lossy, add_text, read_format, read_puzzle


def decode_arguments(p: argparse.ArgumentParser) -> None:
    read_format(p)
    add_text(p)


def run_decode(args: argparse.Namespace) -> None:
    print(json.dumps(to_json(read_puzzle(args.text, args.format, args.kind, doubt=True)[1])))


def encode_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("format", choices=list(formats.FORMATS))
    add_text(p, optional=True, kind=False)
    add_lossy(p)


def run_encode(args: argparse.Namespace) -> None:
    puzzle = read_puzzle(args.text)[1]
    print(formats.encode(args.format, puzzle, lossy=args.lossy))


def convert_arguments(p: argparse.ArgumentParser) -> None:
    read_format(p, "source", "from", help=None)
    p.add_argument("target", metavar="to", choices=list(formats.FORMATS))
    add_text(p)
    add_lossy(p, "the target")
    p.add_argument("--each-line", action="store_true",
                   help="TEXT is a file (- for standard input) of one puzzle a line: convert each, "
                        "report bad lines by number on stderr, exit 1 at the end if any failed")


def run_convert(args: argparse.Namespace) -> None:
    if args.each_line:  # a collection: TEXT is a file of one puzzle a line (pycore/cli/batch.py)
        from .batch import convert_file

        tally = convert_file(args.text, args.source, args.target, lossy=args.lossy, kind=args.kind,
                             verbose=getattr(args, "verbose", False))
        if tally.failed:
            raise SystemExit(1)
        return
    puzzle = read_puzzle(args.text, args.source, args.kind)[1]
    print(formats.encode(args.target, puzzle, lossy=args.lossy))


def link_arguments(p: argparse.ArgumentParser) -> None:
    add_text(p, optional=True, kind=False)
    p.add_argument("--format", choices=links.link_formats(), default=None,
                   help="the link's format (default: the shortest that loses nothing)")
    p.add_argument("--base", default="", help="the page's address, e.g. https://example.org/")
    add_lossy(p)


def run_link(args: argparse.Namespace) -> None:
    puzzle = read_puzzle(args.text)[1]
    print(links.link(puzzle, args.format, args.base, lossy=args.lossy))
