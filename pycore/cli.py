"""The `pycore` command line: one input grammar for every verb that takes a puzzle.

Every verb reads its puzzle with `read_puzzle`, so each one takes what `pycore decode
auto` takes: our links and fragments, other tools' links and pastes, plain grids, JSON,
and `-` for standard input. Options may stand before or after the text (`--` ends the
options, for a text that starts with `-`). Every failure caused by input is one short
line on stderr and exit status 2, never a traceback; `--verbose` adds the details.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from . import formats, links
from .errors import (
    FormatError,
    LossError,
    MissingExtra,
    NotRecognized,
    PuzzleError,
    UnknownName,
)
from .formats.json import to_json
from .model import Puzzle

EXIT_BAD_INPUT = 2
FIRST_LINE = 110  # characters of a message's first line, "pycore: " aside
AUTO = links.NAME  # the format name that means "find out which"


class UsageError(Exception):
    """Bad command-line words: reported like bad input, in one line."""


class _Parser(argparse.ArgumentParser):
    """Errors become UsageError; a verb's options and its text may come in any order."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # A verb's parser (no subcommands of its own) reads options and positionals
        # intermixed, so `export line --lossy TEXT` and `export line TEXT --lossy` agree.
        if self._subparsers is None and not getattr(self, "_intermixing", False):
            self._intermixing = True
            try:
                return self.parse_known_intermixed_args(args, namespace)
            finally:
                self._intermixing = False
        return super().parse_known_args(args, namespace)


def text_arg(arg: str) -> str:
    """The TEXT argument, or standard input for '-' (surrounding white space dropped)."""
    return (sys.stdin.read() if arg == "-" else arg).strip()


def read_puzzle(text: str | None, format: str = AUTO,
                kind: str | None = None) -> tuple[str, Puzzle]:
    """The one way every verb reads its puzzle: (the format it was read as, the puzzle),
    as `links.read` answers.

    `text` None means puzzle JSON on standard input; '-' reads the text from standard
    input. With format 'auto' anything `links.read_any` knows is read, and the format
    it was read as and any warnings go to stderr.
    """
    if text is None:
        return "json", formats.decode("json", sys.stdin.read())
    body = text_arg(text)
    if format != AUTO:
        options = {"kind": kind} if kind and format == "jcode" else {}
        return format, formats.decode(format, body, **options)
    found = links.read_any(body)
    print(f"pycore: read as {found.format}", file=sys.stderr)
    for warning in found.warnings:
        print(f"pycore: warning: {warning}", file=sys.stderr)
    return found.format, found.puzzle


def _print_json(puzzle: Puzzle) -> None:
    print(json.dumps(to_json(puzzle)))


def cmd_decode(args: argparse.Namespace) -> None:
    _print_json(read_puzzle(args.text, args.format, args.kind)[1])


def cmd_encode(args: argparse.Namespace) -> None:
    puzzle = read_puzzle(args.text)[1]
    print(formats.encode(args.format, puzzle, lossy=args.lossy))


def cmd_convert(args: argparse.Namespace) -> None:
    if args.each_line:  # a collection: TEXT is a file of one puzzle a line (pycore/batch.py)
        from .batch import convert_file

        tally = convert_file(args.text, args.source, args.target, lossy=args.lossy, kind=args.kind,
                             verbose=getattr(args, "verbose", False))
        if tally.failed:
            raise SystemExit(1)
        return
    puzzle = read_puzzle(args.text, args.source, args.kind)[1]
    print(formats.encode(args.target, puzzle, lossy=args.lossy))


def cmd_link(args: argparse.Namespace) -> None:
    puzzle = read_puzzle(args.text)[1]
    print(links.link(puzzle, args.format, args.base, lossy=args.lossy))


TEXT_HELP = "a link, fragment or puzzle text of any known format; - reads standard input"
OPTIONAL_TEXT_HELP = TEXT_HELP + "; left out: puzzle JSON on standard input"


def add_text(parser: argparse.ArgumentParser, *, optional: bool = False,
             kind: bool = True) -> None:
    """The TEXT positional every verb shares (and --kind, for jcode's two kinds)."""
    if optional:
        parser.add_argument("text", nargs="?", help=OPTIONAL_TEXT_HELP)
    else:
        parser.add_argument("text", help=TEXT_HELP)
    if kind:
        parser.add_argument("--kind", choices=["sudoku", "str8ts"],
                            help="for jcode text: the puzzle kind")


def add_lossy(parser: argparse.ArgumentParser, what: str = "the format") -> None:
    parser.add_argument("--lossy", action="store_true", help=f"drop what {what} cannot hold")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pycore", description="Share grid puzzles as links: decode, encode, "
                     "convert, link, solve, export, render, serve.")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="on bad input, say everything that was tried")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    names = [*formats.FORMATS]
    read_names = [AUTO, *names]

    p = sub.add_parser("decode", help="print a puzzle's JSON form")
    p.add_argument("format", choices=read_names, help="the text's format, or auto to detect it")
    add_text(p)
    p.set_defaults(run=cmd_decode)

    p = sub.add_parser("encode", help="print a puzzle in FORMAT")
    p.add_argument("format", choices=names)
    add_text(p, optional=True, kind=False)
    add_lossy(p)
    p.set_defaults(run=cmd_encode)

    p = sub.add_parser("convert", help="read TEXT in FROM, print it in TO")
    p.add_argument("source", metavar="from", choices=read_names)
    p.add_argument("target", metavar="to", choices=names)
    add_text(p)
    add_lossy(p, "the target")
    p.add_argument("--each-line", action="store_true",
                   help="TEXT is a file (- for standard input) of one puzzle a line: convert each, "
                        "report bad lines by number on stderr, exit 1 at the end if any failed")
    p.set_defaults(run=cmd_convert)

    p = sub.add_parser("link", help="print a puzzle's share link")
    add_text(p, optional=True, kind=False)
    p.add_argument("--format", choices=links.link_formats(), default=None,
                   help="the link's format (default: the shortest that loses nothing)")
    p.add_argument("--base", default="", help="the page's address, e.g. https://example.org/")
    add_lossy(p)
    p.set_defaults(run=cmd_link)

    for extend in EXTENSIONS:
        extend(sub)
    for verb in sub.choices.values():  # --verbose is understood after the verb too
        verb.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                          help=argparse.SUPPRESS)
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


MORE = " ... (--verbose: more)"


def _clip(text: str, room: int) -> str:
    """`text` cut at a separator to fit `room` characters, saying that there is more."""
    if len(text) <= room:
        return text
    cut = text[: max(room - len(MORE), 20)]
    for stop in ("; ", ", ", " "):
        if stop in cut[len(cut) // 2:]:
            cut = cut[: cut.rindex(stop)]
            break
    return cut + MORE


def first_line(err: Exception, verbose: bool = False) -> str:
    """What `pycore:` says about bad input: one short plain line; everything with --verbose.

    What was found and what would be lost are kept whole; a long list of what was
    expected is cut.
    """
    if isinstance(err, LossError):
        text = f"{err.format} would lose {'; '.join(err.lost)} (--lossy drops them)"
        if verbose or len(text) <= FIRST_LINE:
            return text
        return _clip(f"{err.format} would lose {'; '.join(err.lost)}", FIRST_LINE - 20) \
            + " (--lossy drops)"
    if verbose:
        return str(err)
    if isinstance(err, FormatError):
        if isinstance(err, NotRecognized):
            return f"not a puzzle link or grid I know (tried {len(err.tried)} formats; " \
                   "--verbose lists them)"
        where = "" if err.pos is None else f" at {err.unit} {err.pos}"
        head = f"{err.format}{where}: expected "
        found = "" if err.found is None else f", found {_clip(err.found, 40)}"
        return head + _clip(err.expected, FIRST_LINE - len(head) - len(found)) + found
    return _clip(str(err), FIRST_LINE)


def main(argv: Sequence[str] | None = None) -> int:
    _load_extensions()
    words = list(sys.argv[1:] if argv is None else argv)
    options = words[: words.index("--")] if "--" in words else words
    verbose = "-v" in options or "--verbose" in options  # known even when parsing fails
    try:
        args = build_parser().parse_args(words)
        args.run(args)
    except (FormatError, MissingExtra, PuzzleError, UnknownName, UsageError) as err:
        print(f"pycore: {first_line(err, verbose)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as err:
        print(f"pycore: {err.strerror or err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
