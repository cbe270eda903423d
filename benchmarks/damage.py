"""Damaged links: how many cut or mistyped links the page and `gridlinks decode` refuse or
flag, and how many open silently as another grid.

    python -m benchmarks.damage            # the Markdown table
    python -m benchmarks.damage --check    # also fail when a real puzzle's group is under 99%

For each link (the page's shortest lossless fragment, `links.shares`): every prefix cut
(the first k characters, k = 1 .. length - 1) and every single-character change (each
place, each of the 63 other characters of the alphabet). Each damaged text is judged as
the page judges an opened link: refused (`links.read` fails: the page says it could not
be opened or was cut off), flagged (`links.unchecked`: progress without its check mark,
said at once; `messages.doubt`: no solution, or several, said once the heavy worker has
looked), or silent. A flag the undamaged link also gets (a corpus grid of random givens
has several solutions; the str8ts corpus's grids, none) does not count as a flag for its
damaged texts: it tells the player nothing new. A change that reads as the same grid is
no damage and is left out.

Groups: the link corpus (`benchmarks/corpus.py`: random givens, so several solutions) and
real puzzles (one solution each, as a setter shares them): the top95 9x9s, the generated
16x16s, and a mid-solve state of each top95 puzzle (20 right values, 20 cells of 2-4 centre
marks that hold the right digit, 6 coloured cells).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pycore import links
from pycore.app import messages
from pycore.errors import FormatError, PuzzleError
from pycore.formats import compact
from pycore.formats.json import from_json
from pycore.model import Puzzle, candidates, given, value
from pycore.solve import solve

from .corpus import load
from .stamp import commit, machine

DATA = Path(__file__).parent / "data"
ALPHABET = compact.ALPHABET
TARGET = 0.99
VERDICTS = ("refused", "unchecked", "no solution", "several", "silent")


def judge(text: str, original: Puzzle, original_doubt: str | None) -> str | None:
    """What the page does with a damaged text: a verdict of VERDICTS, None when the text
    reads as the original grid (no damage)."""
    try:
        name, puzzle = links.read(text)
    except (FormatError, PuzzleError):
        return "refused"
    if puzzle == original:
        return None
    if links.unchecked(name, text, puzzle):
        return "unchecked"
    doubt = messages.doubt(puzzle, name)
    if doubt is None or doubt == original_doubt:
        return "silent"
    return "no solution" if doubt in (messages.DOUBT, messages.NO_SOLUTION_FITS) else "several"


def cuts_of(fragment: str) -> Iterator[str]:
    """Every prefix cut of a fragment."""
    for k in range(1, len(fragment)):
        yield fragment[:k]


def changes_of(fragment: str) -> Iterator[str]:
    """Every single-character change of a fragment."""
    for i, ch in enumerate(fragment):
        for other in ALPHABET:
            if other != ch:
                yield fragment[:i] + other + fragment[i + 1:]


def verdicts(texts: Iterator[str], original: Puzzle, original_doubt: str | None) -> Counter[str]:
    """How many damaged texts got each verdict (the ones that read as the original left out)."""
    counted: Counter[str] = Counter()
    for text in texts:
        verdict = judge(text, original, original_doubt)
        if verdict:
            counted[verdict] += 1
    return counted


def count(job: tuple[str, bool]) -> tuple[Counter[str], Counter[str], int]:
    """(cut verdicts, change verdicts, fragment length) of one puzzle's link."""
    state, changes = job
    original = from_json(json.loads(state))
    shared = links.shares(original).lossless
    assert shared is not None
    fragment = shared.fragment
    original_doubt = messages.doubt(original, shared.format)
    edits = verdicts(changes_of(fragment), original, original_doubt) if changes else Counter()
    return verdicts(cuts_of(fragment), original, original_doubt), edits, len(fragment)


def top95() -> list[Puzzle]:
    lines = (DATA / "solve_top95.txt").read_text(encoding="utf-8").split()
    return [Puzzle.blank().with_cells({i: given(int(ch)) for i, ch in enumerate(line) if ch.isdigit()
                                       and ch != "0"}) for line in lines]


def mid_solve(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """A player's state on a real puzzle: right values, marks holding the right digit, colours."""
    solution = solve(puzzle)
    assert solution is not None
    open_cells = [i for i, c in enumerate(puzzle.cells) if c.kind == "empty"]
    rng.shuffle(open_cells)
    changes = {i: value(solution.cells[i].digit) for i in open_cells[:20]}
    for i in open_cells[20:40]:
        right = solution.cells[i].digit
        others = rng.sample([d for d in range(1, 10) if d != right], rng.randint(1, 3))
        changes[i] = candidates([right, *others])
    for i in open_cells[40:46]:
        changes[i] = changes.get(i, puzzle.cells[i]).with_colours([rng.randint(1, 9)])
    return puzzle.with_cells(changes)


def groups(per_group: int) -> Iterator[tuple[str, list[Puzzle]]]:
    by_group: dict[str, list[Puzzle]] = {}
    for name, puzzle in load():
        by_group.setdefault(name, []).append(puzzle)
    for name, puzzles in by_group.items():
        if "25x25" not in name:  # 300 characters a link, 18,000 changes each: too slow here
            yield f"corpus: {name}", puzzles[:per_group]
    real = top95()
    yield "real: 9x9 top95", real[:per_group]
    generated = json.loads((DATA / "solve_generated.json").read_text(encoding="utf-8"))
    sixteen = [from_json(obj) for key, objs in generated.items() if "16x16" in key for obj in objs]
    yield "real: 16x16 generated", sixteen[:per_group]
    rng = random.Random(5)
    yield "real: 9x9 top95 mid-solve", [mid_solve(p, rng) for p in real[:per_group]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=12, help="links a group (default 12)")
    parser.add_argument("--changes", type=int, default=4,
                        help="of them, links whose every single-character change is tried (default 4)")
    parser.add_argument("--check", action="store_true", help=f"fail when a real group is under {TARGET:.0%}")
    args = parser.parse_args(argv)
    from os import getloadavg

    before = getloadavg()
    started = time.perf_counter()
    rows = []
    worst_real = 1.0
    with ProcessPoolExecutor() as pool:
        for name, puzzles in groups(args.puzzles):
            from pycore.formats.json import to_json

            jobs = [(json.dumps(to_json(p)), k < args.changes) for k, p in enumerate(puzzles)]
            cuts: Counter[str] = Counter()
            edits: Counter[str] = Counter()
            lengths = []
            for c, e, length in pool.map(count, jobs):
                cuts += c
                edits += e
                lengths.append(length)
            rates = []
            for counted in (cuts, edits):
                total = sum(counted.values())
                rates.append((total - counted["silent"]) / total if total else 1.0)
            if name.startswith("real"):
                worst_real = min(worst_real, *rates)
            both = cuts + edits
            rows.append(f"| {name} ({len(puzzles)}) | {sum(lengths) / len(lengths):.1f} | "
                        f"{sum(cuts.values())} | {rates[0]:.2%} | {sum(edits.values())} | {rates[1]:.2%} | "
                        + " | ".join(str(both[v]) for v in VERDICTS) + " |")
    print(f"Recorded: {commit()} · {machine(before, getloadavg())} · {time.perf_counter() - started:.0f} s\n")
    print("| group (links) | mean length | cuts | refused or flagged | changes | refused or flagged | "
          + " | ".join(VERDICTS) + " |")
    print("|---|---|---|---|---|---|" + "---|" * len(VERDICTS))
    for row in rows:
        print(row)
    if args.check and worst_real < TARGET:
        print(f"a real group is at {worst_real:.2%}, under {TARGET:.0%}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
