"""The `pycore` command line: decode, encode, convert and link (more commands register here).

Every failure caused by input is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from . import formats, links
from .errors import FormatError, PuzzleError
from .formats.json import to_json
from .model import Puzzle

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad command-line words: reported like bad input, in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def _text(arg: str) -> str:
    """The TEXT argument, or standard input for '-' (surrounding white space dropped)."""
    return (sys.stdin.read() if arg == "-" else arg).strip()


def _read(format: str, text: str, kind: str | None) -> Puzzle:
    if format == "auto":
        found = links.read_any(text)
        print(f"pycore: read as {found.format}", file=sys.stderr)
        for warning in found.warnings:
            print(f"pycore: warning: {warning}", file=sys.stderr)
        return found.puzzle
    options = {"kind": kind} if kind and format == "jcode" else {}
    return formats.decode(format, text, **options)


def _puzzle_from_stdin() -> Puzzle:
    return formats.decode("json", sys.stdin.read())


def _print_json(puzzle: Puzzle) -> None:
    print(json.dumps(to_json(puzzle)))


def cmd_decode(args: argparse.Namespace) -> None:
    _print_json(_read(args.format, _text(args.text), args.kind))


def cmd_encode(args: argparse.Namespace) -> None:
    print(formats.encode(args.format, _puzzle_from_stdin(), lossy=args.lossy))


def cmd_convert(args: argparse.Namespace) -> None:
    puzzle = _read(args.source, _text(args.text), args.kind)
    print(formats.encode(args.target, puzzle, lossy=args.lossy))


def cmd_link(args: argparse.Namespace) -> None:
    print(links.link(_puzzle_from_stdin(), args.format, args.base, lossy=args.lossy))


Command = Callable[[argparse.Namespace], None]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pycore", description="Share grid puzzles as links: encode, decode, "
                     "convert, link.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    names = [*formats.FORMATS]
    read_names = ["auto", *names]

    p = sub.add_parser("decode", help="print a puzzle's JSON form")
    p.add_argument("format", choices=read_names, help="the text's format, or auto to detect it")
    p.add_argument("text", help="the puzzle text or link; - reads standard input")
    p.add_argument("--kind", choices=["sudoku", "str8ts"], help="for jcode: the puzzle kind")
    p.set_defaults(run=cmd_decode)

    p = sub.add_parser("encode", help="read puzzle JSON on standard input, print it in FORMAT")
    p.add_argument("format", choices=names)
    p.add_argument("--lossy", action="store_true", help="drop what the format cannot hold")
    p.set_defaults(run=cmd_encode)

    p = sub.add_parser("convert", help="read TEXT in FROM, print it in TO")
    p.add_argument("source", metavar="from", choices=read_names)
    p.add_argument("target", metavar="to", choices=names)
    p.add_argument("text", help="the puzzle text or link; - reads standard input")
    p.add_argument("--kind", choices=["sudoku", "str8ts"], help="for jcode input: the puzzle kind")
    p.add_argument("--lossy", action="store_true", help="drop what the target cannot hold")
    p.set_defaults(run=cmd_convert)

    p = sub.add_parser("link", help="read puzzle JSON on standard input, print its share link")
    p.add_argument("--format", choices=links.link_formats(), default=None,
                   help="the link's format (default: the shortest that loses nothing)")
    p.add_argument("--base", default="", help="the page's address, e.g. https://example.org/")
    p.add_argument("--lossy", action="store_true", help="drop what the format cannot hold")
    p.set_defaults(run=cmd_link)

    for extend in EXTENSIONS:
        extend(sub)
    return parser


# Modules that add commands (solve, serve, ...) append a function taking the subparsers.
EXTENSIONS: list[Callable[[Any], None]] = []


def _load_extensions() -> None:
    for module in ("pycore.solve.cli", "pycore.site", "pycore.fuzz", "pycore.render.cli"):
        try:
            __import__(module)
        except ModuleNotFoundError as err:
            if err.name is None or not module.startswith(err.name):
                raise


def main(argv: Sequence[str] | None = None) -> int:
    _load_extensions()
    try:
        args = build_parser().parse_args(argv)
        args.run(args)
    except (FormatError, PuzzleError, UsageError) as err:
        print(f"pycore: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as err:
        print(f"pycore: {err.strerror or err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
