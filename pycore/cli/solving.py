"""The solver's verbs: solve, new, grade and hint (listed in `pycore.cli.verbs`), each
one's arguments beside it.

`pycore solve FORMAT TEXT` prints the solved puzzle in the format it came in; `--count`
prints the number of solutions instead (counting stops at `--limit`), `--hint` the next
step (the same as `pycore hint`). No solution, or bad input, is one line on stderr and
exit status 2 (the errors are PuzzleError/FormatError, which the main command reports).
This module is imported only when one of its verbs runs, so that the solver is not
loaded for `decode` or `--help`.
"""

from __future__ import annotations

import argparse
import json

from .. import formats
from ..errors import FormatError
from ..formats.json import to_json
from ..model import Puzzle, given
from ..solve import NoSolution, count_solutions, hint, solutions, solve
from ..solve.advice import STUCK, guesses_words
from ..solve.techniques import BRUTE_FORCE, GUESS_SCORE
from .reading import AUTO, UsageError, add_text, read_format, read_puzzle

__all__ = ["cmd_grade", "cmd_hint", "cmd_new", "cmd_solve", "new_arguments", "solve_arguments",
           "technique_arguments"]


# Formats of other tools that pycore also writes, by the name the reader reports.
_WRITERS = {"plain": "line", "hodoku": "hodoku", "kangaroo": "kangaroo"}


def _answer(format: str, solved: Puzzle) -> str:
    """The solution in the format the puzzle came in, where pycore writes it; else JSON."""
    if format in formats.FORMATS and format != "json":
        # The binary format has no player's values: the filled cells are written as
        # digits, like the kangaroo solver's output (same header and mask).
        return formats.encode(format, solved, lossy=format == "binary")
    if format in _WRITERS:
        from ..formats import tools

        # Other tools' texts have no player's values: the solution's digits are written
        # as the tool's plain digits.
        digits = solved.with_cells({i: given(c.digit) for i, c in enumerate(solved.cells)
                                    if c.kind == "value"})
        try:
            return tools.export(_WRITERS[format], digits)
        except FormatError:
            pass
    return json.dumps(to_json(solved))


def cmd_solve(args: argparse.Namespace) -> None:
    format, puzzle = read_puzzle(args.text, args.format, args.kind)
    if args.count:
        print(count_solutions(puzzle, limit=args.limit, max_nodes=args.max_nodes))
        return
    if args.hint:
        print(hint(puzzle).text)
        return
    print(_answer(format, solve(puzzle, max_nodes=args.max_nodes)))


def solve_arguments(p: argparse.ArgumentParser) -> None:
    read_format(p)
    add_text(p)
    what = p.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true",
                      help="print the number of solutions (counting stops at --limit)")
    what.add_argument("--hint", action="store_true", help="print the next step (as pycore hint does)")
    p.add_argument("--limit", type=_positive, default=1000,
                   help="with --count: stop counting here (default 1000)")
    p.add_argument("--max-nodes", type=_positive, default=2_000_000,
                   help="give up after this many search nodes (default 2000000)")


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def cmd_new(args: argparse.Namespace) -> None:
    from .. import links
    from ..solve.generate import generate

    try:
        puzzle = generate(args.shape, args.level, seed=args.seed,
                          symmetric=False if args.no_symmetry else None)
    except ValueError as err:  # an unknown shape, or a level the shape cannot have
        raise UsageError(str(err)) from None
    print(links.link(puzzle, base=args.base))


def cmd_grade(args: argparse.Namespace) -> None:
    import sys

    from ..solve.techniques import grade, score_of

    puzzle = read_puzzle(args.text, AUTO, args.kind)[1]
    unique = not args.no_uniqueness
    found = solutions(puzzle, 2)
    if not found:
        raise NoSolution("no solution: the digits on the grid cannot all be completed")
    if len(found) > 1 and unique:
        # the uniqueness techniques would deduce from a premise that is false here
        print("gridlinks: this grid has several solutions: graded without the uniqueness "
              "techniques", file=sys.stderr)
        unique = False
    # with one solution, a guess where no technique applies and on, as HoDoKu's path goes
    result = grade(puzzle, uniqueness=unique, solution=found[0] if len(found) == 1 else None)
    used = ", ".join(f"{name} x{count}" for name, count in result.counts.items())
    guesses = result.counts.get(BRUTE_FORCE, 0)
    rest = guesses_words(guesses) or ("" if result.solved else f", then {STUCK}")
    print(f"{result.level} (score {result.score}, {result.steps} steps"
          f"{', hardest ' + result.hardest if result.hardest else ''}{rest})")
    if used:
        print(f"techniques: {used}")
    if args.path:
        total = 0
        for number, step in enumerate(result.path, 1):
            total += score_of(step.technique)
            print(f"{number}. {step.technique} ({score_of(step.technique)}, total {total}): "
                  f"{step.explanation}")
        if not result.solved and not guesses:
            print(f"then: {STUCK} (a guess: {GUESS_SCORE})")


def cmd_hint(args: argparse.Namespace) -> None:
    puzzle = read_puzzle(args.text, AUTO, args.kind)[1]
    print(hint(puzzle, uniqueness=not args.no_uniqueness).text)


def new_arguments(p: argparse.ArgumentParser) -> None:
    from ..solve.techniques import LEVELS

    p.add_argument("shape", help="9x9, 4x4 ... 25x25, samurai, samurai-4, str8ts-6, killer, "
                   "killer-givens, x, windoku, jigsaw, jigsaw-6 ... (see README)")
    p.add_argument("--level", choices=LEVELS, default="easy",
                   help="how hard (default easy); a shape refuses a level it cannot always make")
    p.add_argument("--seed", type=int, default=None, help="the same seed gives the same puzzle")
    p.add_argument("--base", default="", help="the page's address, e.g. https://example.org/")
    p.add_argument("--no-symmetry", action="store_true",
                   help="9x9: givens need not be symmetric about the centre")


def technique_arguments(p: argparse.ArgumentParser) -> None:
    """grade's and hint's: the puzzle, and whether uniqueness techniques may be used."""
    add_text(p)
    p.add_argument("--no-uniqueness", action="store_true",
                   help="leave out techniques that assume a unique solution")


def grade_arguments(p: argparse.ArgumentParser) -> None:
    """grade's: the technique arguments, and the solution path."""
    technique_arguments(p)
    p.add_argument("--path", action="store_true",
                   help="also list every step with its score (the solution path)")
