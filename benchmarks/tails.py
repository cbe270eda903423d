"""Long tails: how long the page's MicroPython takes to refuse a valid link with a tail added.

    python -m benchmarks.tails                     # every tail, 1 K, 10 K and 64 K characters
    python -m benchmarks.tails --check             # also fail if a 64 K text takes over 100 ms
    python -m benchmarks.tails --lengths 1000,10000 --tails 4

The page opens the link in its address bar in its light worker (MicroPython): a shared or
pasted link with junk after it (up to the 65,536 characters `links.MAX_LINK` lets through)
must not keep that worker, and so every key the player types, busy. Each text is a real
link of each light format (each shape below), its tag on and off (a bare text is what a
paste gives), followed by characters of that format's alphabet up to the length measured:
each of the alphabet's characters repeated (a compact text's header is read from its last
characters, so each spells another header), and a few seeded random tails. JSON (our
interchange form, which `links.read` also takes) gets tails of the characters JSON is
made of.

Each text is timed in MicroPython 1.27 under Node (tests/micropython/run.mjs, the
interpreter the page runs, with pycore's light modules and the page's first heap of 1 MiB)
as the page's worker handles it: `links.read`, and when that refuses, `messages.opening`
for the words the page shows. Every text is its own call, as each is its own event in the
page (MicroPython collects garbage between calls); the first text of each link is read
once before it is timed, shorter, as the page makes some tables once. Each text is timed
`--repeat` times and its best time kept (the machine is shared; the text is what is
measured). The table gives, per
link form and length, the worst time over its texts and the tail that took it at the
longest, then the slowest texts of all, headed by the machine, its load, the commit and
the date.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stamp import commit, machine, now  # noqa: E402
from pycore import links  # noqa: E402
from pycore.errors import FormatError  # noqa: E402
from pycore.formats import compact  # noqa: E402
from pycore.formats._fields import DIGITS  # noqa: E402
from pycore.formats._rans import Writer  # noqa: E402
from pycore.model import Layout, Puzzle, candidates, given, value  # noqa: E402
from pycore.shapes import blank_shape  # noqa: E402
from pycore.site.light import LIGHT_MODULES, STUBS  # noqa: E402
from pycore.variants import Cage, Line  # noqa: E402

RUNNER = ROOT / "tests" / "micropython" / "run.mjs"
LENGTHS = (1_000, 10_000, links.MAX_LINK)  # the last: the longest text the page reads
GOAL_MS = 100  # at most this for the longest texts (the goal)
SLOWEST = 8  # texts listed under the table
PAGE_HEAP_MB = 1  # MicroPython's first heap in the page (its default; it grows): the size
# of the heap sets what each garbage collection costs

# Each link form's alphabet: the characters its bare text is made of.
ALPHABETS = {
    "compact": compact.ALPHABET,
    "offset": DIGITS[:32] + DIGITS[10:32].upper(),
    "str8ts": DIGITS[:32] + DIGITS[10:32].upper(),
    "binary": compact.ALPHABET + "+/=",
    "jcode": "-ABCDEFGHIabcdefghij",
    "bitcell": "0123456789,",
    "json": ' \n0123456789.,:[]{}"-eEnultrufas\\',
}


def _filled(puzzle: Puzzle, rng: random.Random, share: float, kinds: str) -> Puzzle:
    """Some cells set at random (clashes and all: a link holds whatever the player left)."""
    changes = {}
    for i in range(len(puzzle.cells)):
        if puzzle.cells[i].kind == "empty" and rng.random() < share:
            kind = rng.choice(kinds)
            d = rng.randint(1, puzzle.size)
            changes[i] = (given(d) if kind == "g" else value(d) if kind == "v"
                          else candidates(rng.sample(range(1, puzzle.size + 1), 2)))
    return puzzle.with_cells(changes)


def puzzles() -> list[tuple[str, Puzzle]]:
    """The shapes the prefixes come from: the classic grid, the largest, a str8ts, a layout,
    and a grid in play with notes and words (the compact text's longest part)."""
    rng = random.Random(64)
    noted = _filled(blank_shape("sudoku-9"), rng, 0.5, "gvc")
    noted = noted.with_cells({0: noted.cells[0].with_colours([2])}).with_info(
        "A title", "Someone", "Normal rules. " * 20)
    return [("9x9", _filled(blank_shape("sudoku-9"), rng, 0.3, "g")),
            ("25x25", _filled(blank_shape("sudoku-25"), rng, 0.4, "gvc")),
            ("str8ts 9x9", _filled(blank_shape("str8ts-9"), rng, 0.3, "g")),
            ("samurai", _filled(blank_shape("samurai"), rng, 0.3, "g")),
            ("9x9 with notes", noted), *variants(rng)]


def variants(rng: random.Random) -> list[tuple[str, Puzzle]]:
    """Variant links (compact's version 2, whose header holds the regions and rules): a
    killer, a jigsaw and a thermo 9x9, each with a few givens."""
    nine = blank_shape("sudoku-9")
    regions = [r // 27 * 3 + r % 9 // 3 for r in range(81)]
    regions[2], regions[21] = 1, 0  # two boxes trade a cell: a jigsaw
    cages = (Cage((0, 1), 3), Cage((2, 11, 20), 15), Cage((30, 31, 40), 12),
             Cage((60, 61, 70, 71), 20), Cage((78, 79, 80), None))
    thermos = (Line("thermo", (0, 1, 2, 11)), Line("thermo", (80, 79, 70)),
               Line("thermo", (36, 37, 38, 47, 56)))
    return [("killer 9x9", _filled(nine, rng, 0.2, "g").with_variants(None, cages)),
            ("jigsaw 9x9", _filled(nine, rng, 0.2, "g").with_variants(regions, ())),
            ("thermo 9x9", _filled(nine, rng, 0.2, "g").with_variants(None, thermos))]


def prefixes() -> list[tuple[str, str, str]]:
    """(link form, shape, text) of every link the shapes have in every light format: the
    fragment with its tag, and without it (a pasted bare text), and the JSON form."""
    out = []
    for shape, puzzle in puzzles():
        for name in links.link_formats():
            try:
                text = links.fragment(puzzle, name)
            except FormatError:  # a format that cannot hold the shape
                continue
            tag, sep, bare = text.partition(":")
            if sep and tag in links.TAGS:
                out.append((f"{name} {tag}:", shape, text))
                out.append((f"{name} bare", shape, bare))
            else:
                out.append((name, shape, text))
        if shape == "9x9":
            from pycore.formats import encode

            out.append(("json", shape, encode("json", puzzle).replace("\n", "")))
    return out


# Compact texts made to name a large shape in their header (read from the text's last
# characters) over a random number as long as the text: what a tail after a link rarely
# spells, and anyone can write. (shape, plan of its header: bare, givens only, but for
# the last, whose cells may be of every kind, and whose kinds take their context from
# the cell a half turn away)
CRAFTED = [
    ("25x25", compact._Plan("sudoku", 25, (5, 5), None)),
    ("str8ts 25x25", compact._Plan("str8ts", 25, None, None)),
    ("samurai", compact._Plan("sudoku", 9, (3, 3), Layout.samurai())),
    ("layout of 10x10 5x5 boxes", compact._Plan("sudoku", 25, (5, 5), Layout(5, 10, 10))),
    ("layout of 15x15 5x5 boxes", compact._Plan("sudoku", 25, (5, 5), Layout(5, 15, 15))),
    ("layout of 15x15 5x5 boxes, not bare",
     compact._Plan("sudoku", 25, (5, 5), Layout(5, 15, 15), bare=False, symmetry=compact.HALF_TURN)),
]


def crafted(plan: object, length: int, seed: int) -> str:
    """A compact text of `length` characters: the header of `plan`, then random bits."""
    header = Writer()
    compact._code_header(header, plan)  # type: ignore[arg-type]
    rng = random.Random(seed)
    size = 6 * length - 12
    while True:
        body = compact.to_text(header.number(rng.getrandbits(size) | 1 << (size - 1)))
        if len(body) == length:
            return body
        size += 6 * (length - len(body))


def jobs(lengths: tuple[int, ...], randoms: int, chars: int = 0, seed: int = 5
         ) -> list[list[object]]:
    """[form, shape, prefix, tail, length]: a tail is one character, repeated (every one of
    the alphabet's, or `chars` of them spread over it), or a seed of a random tail over the
    form's alphabet (made in MicroPython: no 64 K texts are carried to it)."""
    rng = random.Random(seed)
    out: list[list[object]] = []
    for form, shape, prefix in prefixes():
        alphabet = ALPHABETS[form.split()[0]]
        if chars:
            alphabet = "".join(alphabet[k * len(alphabet) // chars] for k in range(chars))
        for length in lengths:
            if length <= len(prefix):
                continue
            tails: list[object] = list(alphabet)
            tails += [rng.randrange(1 << 30) for _ in range(randoms)]
            out.extend([form, shape, prefix, tail, length] for tail in tails)
    for shape, plan in CRAFTED:  # whole texts, made here: the tail is empty
        for length in lengths:
            out.extend(["compact crafted", shape, crafted(plan, length, seed + k), "", length]
                       for k in range(max(1, randoms)))
    return out


# What MicroPython runs: each job is one call (STEPS), timed around the page's reading; the
# first text of each prefix warms what the page makes once (messages' tables of lengths).
SCRIPT = """
import gc, json, random
from js import performance  # Node's clock: MicroPython's own ticks count whole milliseconds
from pycore import links
from pycore.app import messages

ALPHABETS = json.loads(open("/alphabets.json").read())
REPEAT = int(open("/repeat.txt").read())
JOBS = json.loads(open("/jobs.json").read())
TIMES = []
WARM = set()


def text_of(form, prefix, tail, length):
    need = length - len(prefix)
    if isinstance(tail, str):
        return prefix + tail * need
    alphabet = ALPHABETS[form.split()[0]]
    random.seed(tail)
    return prefix + "".join([alphabet[random.getrandbits(7) % len(alphabet)] for _ in range(need)])


def page(text):
    try:
        links.read(text)
        return "opened"
    except Exception as err:
        return messages.opening(err, text)


def run(k):
    form, shape, prefix, tail, length = JOBS[k]
    if tail != "" and (form, shape) not in WARM:  # what the page does once per format (messages' tables)
        WARM.add((form, shape))
        page(text_of(form, prefix, tail, len(prefix) + 9))
    text = text_of(form, prefix, tail, length)
    best = None
    for _ in range(REPEAT):  # the best of a few: the machine is shared, the text is the same
        gc.collect()  # the making of the text is not the page's: its garbage is not timed
        start = performance.now()
        said = page(text)
        took = performance.now() - start
        best = took if best is None else min(best, took)
    TIMES.append([best, said[:60]])


def done():
    with open("/times.json", "w") as out:
        out.write(json.dumps(TIMES))


STEPS = [lambda k=k: run(k) for k in range(len(JOBS))]
STEPS.append(done)
"""


def in_micropython(work: list[list[object]], repeat: int = 1) -> list[list[object]]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "repeat.txt").write_text(str(repeat))
        (folder / "jobs.json").write_text(json.dumps(work))
        (folder / "alphabets.json").write_text(json.dumps(ALPHABETS))
        (folder / "tails.py").write_text(SCRIPT)
        done = subprocess.run(
            ["node", str(RUNNER), "--root", str(ROOT), "--heap", str(PAGE_HEAP_MB),
             "--put", f"{folder / 'jobs.json'}=/jobs.json",
             "--put", f"{folder / 'alphabets.json'}=/alphabets.json",
             "--put", f"{folder / 'repeat.txt'}=/repeat.txt",
             "--get", f"/times.json={folder / 'times.json'}", str(folder / "tails.py"),
             *LIGHT_MODULES, *STUBS],
            capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"MicroPython failed:\n{done.stderr[-4000:]}")
        times: list[list[object]] = json.loads((folder / "times.json").read_text())
    return times


def _tail_name(tail: object) -> str:
    if tail == "":
        return "its header over random bits"
    return f"{tail!r} repeated" if isinstance(tail, str) else f"random (seed {tail})"


def table(work: list[list[object]], times: list[list[object]], lengths: tuple[int, ...]) -> list[str]:
    """One row per link form: the worst time at each length and the text that took it."""
    worst: dict[tuple[str, int], tuple[float, str]] = {}
    forms: list[str] = []
    for (form, shape, _, tail, length), (ms, _) in zip(work, times, strict=True):
        assert isinstance(form, str) and isinstance(length, int) and isinstance(ms, float)
        if form not in forms:
            forms.append(form)
        key = (form, length)
        if key not in worst or ms > worst[key][0]:
            worst[key] = (ms, f"{shape}, {_tail_name(tail)}")
    head = " | ".join(f"{n:,} chars" for n in lengths)
    lines = [f"| link form | {head} | slowest text at {lengths[-1]:,} |",
             "|---|" + "---:|" * len(lengths) + "---|"]
    for form in forms:
        cells = [f"{worst[(form, n)][0]:.1f} ms" if (form, n) in worst else "-" for n in lengths]
        slowest = worst.get((form, lengths[-1]), (0.0, "-"))[1]
        lines.append(f"| {form} | {' | '.join(cells)} | {slowest} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default=",".join(str(n) for n in LENGTHS),
                        help="comma-separated text lengths (default: %(default)s)")
    parser.add_argument("--tails", type=int, default=2,
                        help="random tails per prefix and length, besides each repeated character")
    parser.add_argument("--chars", type=int, default=0,
                        help="repeat only this many of each alphabet's characters (default: all)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="time each text this many times and keep the best (default: %(default)s)")
    parser.add_argument("--check", action="store_true",
                        help=f"fail if a text of the longest length takes over {GOAL_MS} ms")
    args = parser.parse_args(argv)
    lengths = tuple(int(n) for n in args.lengths.split(","))
    work = jobs(lengths, args.tails, args.chars)
    load_before = os.getloadavg()
    started = time.perf_counter()
    times = in_micropython(work, args.repeat)
    took = time.perf_counter() - started
    print(f"Recorded: {commit()}, {now()}")
    print(machine(load_before, os.getloadavg()))
    print(f"{len(work)} texts in MicroPython 1.27 (Node), {took:.0f} s in all; per text the best "
          f"of {args.repeat} runs of `links.read` and, when it refuses, `messages.opening`; the "
          "worst text's ms.")
    print()
    print("\n".join(table(work, times, lengths)))
    print()
    print("Slowest texts:")
    ranked = sorted(zip(times, work, strict=True), key=lambda pair: -float(pair[0][0]))  # type: ignore[arg-type]
    for (ms, said), (form, shape, _, tail, length) in ranked[:SLOWEST]:
        print(f"- {float(ms):.1f} ms: {form}, {shape}, {_tail_name(tail)}, {length:,} characters: "  # type: ignore[arg-type]
              f"{str(said).splitlines()[0]}")
    longest = max(lengths)
    over = [(job, ms) for job, (ms, _) in zip(work, times, strict=True)
            if job[4] == longest and isinstance(ms, float) and ms > GOAL_MS]
    if args.check and over:
        for job, ms in over:
            print(f"OVER {GOAL_MS} ms: {job[0]} {job[1]} {_tail_name(job[3])}: {ms:.1f} ms",
                  file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
