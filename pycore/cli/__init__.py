"""The command line (`gridlinks`, also `pycore`): one input grammar for every verb that
takes a puzzle.

Every verb reads its puzzle with `read_puzzle`, so each one takes what `pycore decode
auto` takes: our links and fragments, other tools' links and pastes, plain grids, JSON,
and `-` for standard input. Options may stand before or after the text (`--` ends the
options, for a text that starts with `-`). Every failure caused by input is one short
line on stderr and exit status 2, never a traceback; `--verbose` adds the details.

The verbs are the table `pycore.cli.verbs.VERBS`; the words they share are in
`pycore.cli.reading`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from ..errors import FormatError, MissingExtra, PuzzleError, UnknownName, first_line
from .reading import AUTO, Parser, UsageError, add_lossy, add_text, read_puzzle, text_arg

__all__ = ["AUTO", "EXIT_BAD_INPUT", "UsageError", "add_lossy", "add_text", "build_parser",
           "first_line", "main", "read_puzzle", "text_arg"]

EXIT_BAD_INPUT = 2


def build_parser() -> argparse.ArgumentParser:
    """The parser of every verb in `VERBS`, in its order."""
    from .verbs import VERBS

    parser = Parser(prog="gridlinks", description="Share grid puzzles as links: decode, encode, "
                    "convert, link, solve, export, render, serve.")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="on bad input, say everything that was tried")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for verb in VERBS:
        p = sub.add_parser(verb.name, help=verb.help)
        verb.arguments(p)
        p.set_defaults(run=verb.run)
        # --verbose is understood after the verb too
        p.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                       help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    options = words[: words.index("--")] if "--" in words else words
    verbose = "-v" in options or "--verbose" in options  # known even when parsing fails
    try:
        args = build_parser().parse_args(words)
        args.run(args)
    except (FormatError, MissingExtra, PuzzleError, UnknownName, UsageError) as err:
        print(f"gridlinks: {first_line(err, verbose)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped reading (`| head`): nothing is wrong
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # the interpreter's last flush
        return 0
    except OSError as err:
        print(f"gridlinks: {err.strerror or err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    return 0
