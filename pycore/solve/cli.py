"""`pycore solve FORMAT TEXT`: print the solved puzzle in the format it came in.

`--count` prints the number of solutions instead (counting stops at `--limit`),
`--hint` the next logical step. No solution, or bad input, is one line on
stderr and exit status 2 (the errors are PuzzleError/FormatError, which the main
command reports).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import formats, links
from ..cli import EXTENSIONS, _text
from ..formats.json import to_json
from ..model import Puzzle
from . import count_solutions, hint, solve

__all__ = ["add_solve_command", "cmd_solve"]


def _read(format: str, text: str, kind: str | None) -> tuple[str, Puzzle]:
    """(the format to answer in, the puzzle): 'auto' answers in the format it detected."""
    if format == "auto":
        return links.read(text)
    options = {"kind": kind} if kind and format == "jcode" else {}
    return format, formats.decode(format, text, **options)


def cmd_solve(args: argparse.Namespace) -> None:
    format, puzzle = _read(args.format, _text(args.text), args.kind)
    if args.count:
        print(count_solutions(puzzle, limit=args.limit, max_nodes=args.max_nodes))
        return
    if args.hint:
        print(hint(puzzle).reason)
        return
    solved = solve(puzzle, max_nodes=args.max_nodes)
    if format == "json":
        print(json.dumps(to_json(solved)))
        return
    # The binary format has no player's values: the filled cells are written as digits,
    # like the kangaroo solver's output (same header and mask).
    print(formats.encode(format, solved, lossy=format == "binary"))


def add_solve_command(sub: Any) -> None:
    p = sub.add_parser(
        "solve", help="print the solved puzzle in the same format (or count solutions, or a hint)"
    )
    p.add_argument("format", choices=["auto", *formats.FORMATS],
                   help="the text's format, or auto to detect it")
    p.add_argument("text", help="the puzzle text or link; - reads standard input")
    p.add_argument("--kind", choices=["sudoku", "str8ts"], help="for jcode: the puzzle kind")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true",
                      help="print the number of solutions (counting stops at --limit)")
    what.add_argument("--hint", action="store_true", help="print the next logical step")
    p.add_argument("--limit", type=_positive, default=1000,
                   help="with --count: stop counting here (default 1000)")
    p.add_argument("--max-nodes", type=_positive, default=2_000_000,
                   help="give up after this many search nodes (default 2000000)")
    p.set_defaults(run=cmd_solve)


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


EXTENSIONS.append(add_solve_command)
