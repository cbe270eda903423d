"""What every verb shares: the parser that reports bad words in one line, the TEXT
argument, and `read_puzzle`, the one way a verb reads its puzzle."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import formats, links
from ..model import Puzzle

AUTO = links.NAME  # the format name that means "find out which"
TEXT_HELP = "a link, fragment or puzzle text of any known format; - reads standard input"
OPTIONAL_TEXT_HELP = TEXT_HELP + "; left out: puzzle JSON on standard input"


class UsageError(Exception):
    """Bad command-line words: reported like bad input, in one line."""


class Parser(argparse.ArgumentParser):
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
                kind: str | None = None, doubt: bool = False) -> tuple[str, Puzzle]:
    """The one way every verb reads its puzzle: (the format it was read as, the puzzle),
    as `links.read` answers.

    `text` None means puzzle JSON on standard input; '-' reads the text from standard
    input. With format 'auto' anything `links.read_any` knows is read, and the format
    it was read as and any warnings go to stderr; with `doubt`, also what the page says
    of a link that may be cut or changed (`doubts`).
    """
    if text is None:
        return "json", formats.decode("json", sys.stdin.read())
    body = text_arg(text)
    if format != AUTO:
        options = {"kind": kind} if kind and format == "jcode" else {}
        return format, formats.decode(format, body, **options)
    found = links.read_any(body)
    print(f"gridlinks: read as {found.format}", file=sys.stderr)
    said = doubts(found.format, body, found.puzzle) if doubt else []
    for warning in [*found.warnings, *said]:
        print(f"gridlinks: warning: {warning}", file=sys.stderr)
    return found.format, found.puzzle


def doubts(format: str, text: str, puzzle: Puzzle) -> list[str]:
    """What the page says of a link that may be cut or changed (`links.unchecked`,
    `messages.doubt`), for the command line: a warning, the puzzle still read."""
    from ..app import messages  # the solver with it: only for a text read as 'auto'

    if links.unchecked(format, text, puzzle):
        return [messages.UNCHECKED]
    doubt = messages.doubt(puzzle, format)
    return [doubt] if doubt else []


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


def read_format(parser: argparse.ArgumentParser, dest: str = "format", metavar: str | None = None,
                help: str | None = "the text's format, or auto to detect it") -> None:
    """A format to read TEXT as: any of ours, or auto to find out which."""
    parser.add_argument(dest, metavar=metavar, choices=[AUTO, *formats.FORMATS], help=help)
