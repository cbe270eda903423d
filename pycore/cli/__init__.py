"""The command line (`gridlinks`, also `pycore`): one input grammar for every verb that
takes a puzzle.

Every verb reads its puzzle with `read_puzzle`, so each one takes what `pycore decode
auto` takes: our links and fragments, other tools' links and pastes, plain grids, JSON,
and `-` for standard input. Options may stand before or after the text (`--` ends the
options, for a text that starts with `-`). Every failure caused by input is one short
line on stderr and exit status 2, never a traceback; `--verbose` adds the details.

The verbs are the table `pycore.cli.verbs.VERBS`, each in its family's module beside this
one (`codec`, `solving`, `drawing`, `site`, `fuzz`), imported only when one of its verbs
runs; the words they share are in `pycore.cli.reading`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import FormatError, MissingExtra, PuzzleError, UnknownName, first_line
from .reading import AUTO, Parser, UsageError, add_lossy, add_text, read_puzzle, text_arg
from .verbs import VERBS, Verb

__all__ = ["AUTO", "EXIT_BAD_INPUT", "UsageError", "add_lossy", "add_text", "build_parser",
           "first_line", "main", "read_puzzle", "text_arg"]

EXIT_BAD_INPUT = 2


class VerbParser(Parser):
    """One verb's parser, its arguments added when it first parses: only then is the
    verb's module imported (`Verb.load`), so a command loads the module of the verb it
    runs and no other, and the main `--help` (verb names and help lines) loads none."""

    def __init__(self, *args: Any, verb: Verb, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.verb = verb
        self._loaded = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if not self._loaded:
            self._loaded = True
            arguments, run = self.verb.load()
            arguments(self)
            self.set_defaults(run=run)
            # --verbose is understood after the verb too
            self.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                              help=argparse.SUPPRESS)
        return super().parse_known_args(args, namespace)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every verb in `VERBS`, in its order (each verb's arguments are added
    when that verb is parsed: `VerbParser`)."""
    parser = Parser(prog="gridlinks", description="Share grid puzzles as links: decode, encode, "
                    "convert, link, solve, export, render, serve.")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="on bad input, say everything that was tried")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=VerbParser)
    for verb in VERBS:
        sub.add_parser(verb.name, help=verb.help, verb=verb)
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
