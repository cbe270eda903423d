"""Solver speed: puzzles per second, median and slowest time per set, in this Python.

    python -m benchmarks.solve              # time every set, print a table
    python -m benchmarks.solve --generate   # rebuild benchmarks/data/solve_generated.json

Sets:
- 9x9 top95: the classic "top95" list of hard puzzles (benchmarks/data/solve_top95.txt);
- 9x9 named: published "hardest" puzzles (AI Escargot, Arto Inkala's 2012 puzzle,
  Easter Monster), the kangaroo hard vectors and sudoklify's
  HARD and VERY_HARD presets;
- 9x9 unique?: count_solutions(limit=2) over top95 (the uniqueness check);
- 16x16 minimal: solved grids from a shuffled pattern, cells removed in random
  order while the solution stays unique;
- 25x25 40%: shuffled pattern grids with 60% of the cells removed at random;
- 25x25 sudoklify: sudoklify's 25x25 presets;
- Samurai: five 9x9 grids sharing corner boxes, solved by WFC from random
  choices, then cells removed while unique; plus kangaroo's two-grid layout;
- str8ts 9x9: a half-turn symmetric black pattern, a random solution by WFC,
  some black givens, white cells removed while unique; plus a public puzzle.

Every set is checked: each answer must keep the givens and satisfy the rules.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pycore  # noqa: E402
from pycore.model import BLACK, EMPTY, Cell, Layout, Puzzle, black, given  # noqa: E402
from pycore.solve import count_solutions, solve, wfc  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
GENERATED = DATA / "solve_generated.json"
VECTORS = ROOT / "tests" / "data" / "vectors"

# Published hard 9x9 puzzles (digits row-major, '.' empty); each has one solution.
NAMED = {
    "AI Escargot": "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "Inkala 2012": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "Easter Monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
}
# A public 9x9 str8ts (from the str8ts-HowAboutACupOfTea README): b = black, w = white.
STR8TS_PUBLIC = (
    "b0,b0,w0,w0,w5,w0,w0,b3,b0;w0,w6,w0,w0,b0,b0,w1,w0,w0;w0,w0,w0,b0,b8,w0,w0,w0,w0;"
    "w9,w0,w0,b4,w0,w0,w0,b0,b5;b0,w0,w0,w0,w0,w3,w0,w0,b0;b0,b0,w0,w0,w0,b9,w0,w4,w0;"
    "w4,w0,w3,w0,b0,b0,w0,w6,w0;w0,w0,w1,b0,b0,w0,w0,w0,w0;b0,b0,w8,w0,w0,w0,w0,b0,b2"
)


def from_line(line: str, size: int = 9) -> Puzzle:
    """A givens-only sudoku from a row-major line of digits and dots."""
    cells = tuple(given(int(ch)) if ch in "123456789" else EMPTY for ch in line.strip())
    return Puzzle("sudoku", size, cells)


def from_bw(text: str) -> Puzzle:
    """A str8ts from 'b'/'w' + digit fields, ',' between cells and ';' between rows."""
    cells: list[Cell] = []
    for row in text.split(";"):
        for field in row.split(","):
            d = int(field[1:])
            cells.append(black(d) if field[0] == "b" else given(d) if d else EMPTY)
    size = len(text.split(";"))
    return Puzzle("str8ts", size, tuple(cells))


# ---- checking answers -------------------------------------------------------

def check(puzzle: Puzzle, solved: Puzzle) -> None:
    """Raise AssertionError unless `solved` fills `puzzle` by its rules."""
    assert len(solved.cells) == len(puzzle.cells)
    for before, after in zip(puzzle.cells, solved.cells, strict=True):
        if before.kind in ("given", "value", "black", "outside"):
            assert after == before
        else:
            assert after.kind == "value"
    geo = solved.geometry
    n = solved.size
    for house in geo.houses:
        digits = [solved.cells[i].digit for i in house if solved.cells[i].digit]
        assert len(digits) == len(set(digits)), house
        if len(house) == n and all(solved.cells[i].kind != "black" for i in house):
            assert sorted(digits) == list(range(1, n + 1))
    if solved.kind == "str8ts":
        for line in geo.houses:
            run: list[int] = []
            for i in (*line, -1):
                if i >= 0 and solved.cells[i].kind != "black":
                    run.append(solved.cells[i].digit)
                    continue
                if run:
                    assert max(run) - min(run) + 1 == len(run), run
                run = []


# ---- generating sets --------------------------------------------------------

def pattern_grid(rng: random.Random, box: tuple[int, int]) -> list[int]:
    """A solved sudoku: the shifted pattern, shuffled by digit, row, band, column and stack."""
    br, bc = box
    n = br * bc
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = rng.sample(range(bc), bc)  # bc bands of br rows
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = rng.sample(range(br), br)  # br stacks of bc columns
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    return [digits[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols]


def remove_while_unique(rng: random.Random, solved: Puzzle, keep: Callable[[int], bool]) -> Puzzle:
    """Empty cells in random order, keeping each removal only while the solution stays unique."""
    puzzle = solved
    order = [i for i, cell in enumerate(solved.cells) if cell.kind == "given" and not keep(i)]
    rng.shuffle(order)
    for i in order:
        trial = puzzle.with_cell(i, EMPTY)
        if count_solutions(trial, 2) == 1:
            puzzle = trial
    return puzzle


def as_givens(puzzle: Puzzle) -> Puzzle:
    return puzzle.with_cells({
        i: given(c.digit) for i, c in enumerate(puzzle.cells) if c.kind == "value"
    })


def gen_16(rng: random.Random, count: int) -> list[Puzzle]:
    out = []
    for _ in range(count):
        grid = pattern_grid(rng, (4, 4))
        solved = Puzzle("sudoku", 16, tuple(given(d) for d in grid))
        out.append(remove_while_unique(rng, solved, lambda i: False))
    return out


def gen_25(rng: random.Random, count: int, fraction: float = 0.4) -> list[Puzzle]:
    out = []
    for _ in range(count):
        grid = pattern_grid(rng, (5, 5))
        keep = set(rng.sample(range(625), round(625 * fraction)))
        out.append(Puzzle("sudoku", 25, tuple(
            given(d) if i in keep else EMPTY for i, d in enumerate(grid))))
    return out


def gen_samurai(rng: random.Random, count: int) -> list[Puzzle]:
    out = []
    for _ in range(count):
        blank = Puzzle.blank(layout=Layout.samurai())
        solved = as_givens(wfc.solve(blank, rng=rng))
        out.append(remove_while_unique(rng, solved, lambda i: False))
    return out


def gen_str8ts(rng: random.Random, count: int, blacks: int = 20) -> list[Puzzle]:
    out: list[Puzzle] = []
    n = 9
    while len(out) < count:
        dark: set[int] = set()
        while len(dark) < blacks:
            i = rng.randrange(n * n)
            dark |= {i, n * n - 1 - i}
        shape = Puzzle("str8ts", n, tuple(BLACK if i in dark else EMPTY for i in range(n * n)))
        try:
            solved = as_givens(wfc.solve(shape, rng=rng, max_steps=20_000))
        except pycore.PuzzleError:
            continue  # this black pattern has no (quickly found) straights: draw another
        # Give a third of the black cells a digit their row and column do not hold.
        for i in sorted(dark):
            if rng.random() < 1 / 3:
                r, c = divmod(i, n)
                line = {solved.cells[r * n + k].digit for k in range(n)}
                line |= {solved.cells[k * n + c].digit for k in range(n)}
                free = [d for d in range(1, n + 1) if d not in line]
                if free:
                    solved = solved.with_cell(i, black(rng.choice(free)))
        out.append(remove_while_unique(rng, solved, lambda i: False))
    return out


def generate() -> None:
    rng = random.Random(20260101)
    t = time.perf_counter()
    sets = {
        "16x16 minimal": gen_16(rng, 10),
        "25x25 40%": gen_25(rng, 5),
        "Samurai": gen_samurai(rng, 3),
        "str8ts 9x9": gen_str8ts(rng, 20),
    }
    data = {name: [pycore.to_json(p) for p in puzzles] for name, puzzles in sets.items()}
    GENERATED.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {GENERATED} in {time.perf_counter() - t:.1f} s")


# ---- timing -----------------------------------------------------------------

def load_sets() -> dict[str, list[Puzzle]]:
    top95 = [from_line(line) for line in (DATA / "solve_top95.txt").read_text().split()]
    named = [from_line(line) for line in NAMED.values()]
    kangaroo = json.loads((VECTORS / "origin" / "kangaroo.json").read_text())
    named += [pycore.decode("binary", kangaroo[k]["base64"]) for k in ("hard1.json", "hard2.json")]
    presets = json.loads((VECTORS / "origin" / "sudoklify-presets.json").read_text())
    named += [
        pycore.decode("jcode", e["puzzle"]) for e in presets
        if e["dimension"] == "NineByNine" and e["difficulty"] in ("HARD", "VERY_HARD")
    ]
    generated = json.loads(GENERATED.read_text())
    sets = {"9x9 top95": top95, "9x9 named": named}
    sets.update({k: [pycore.from_json(p) for p in v] for k, v in generated.items()})
    sets["25x25 sudoklify"] = [
        pycore.decode("jcode", e["puzzle"]) for e in presets
        if e["dimension"] == "TwentyFiveByTwentyFive"
    ]
    sets["Samurai"].append(pycore.decode("binary", kangaroo["5x5boxes.json"]["base64"]))
    sets["str8ts 9x9"].append(from_bw(STR8TS_PUBLIC))
    return sets


def time_set(puzzles: list[Puzzle], run: Callable[[Puzzle], object]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds per puzzle (CPU time is steadier on a shared machine)."""
    wall, cpu = [], []
    for p in puzzles:
        t, c = time.perf_counter(), time.process_time()
        run(p)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return wall, cpu


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generate", action="store_true", help="rebuild the generated sets")
    parser.add_argument("--only", help="time only the sets whose name contains this")
    args = parser.parse_args(argv)
    if args.generate:
        generate()
        return
    sets = load_sets()
    jobs: list[tuple[str, list[Puzzle], Callable[[Puzzle], object]]] = []
    for name, puzzles in sets.items():
        jobs.append((name, puzzles, solve))
        if name == "9x9 top95":
            jobs.append(("9x9 unique? (top95)", puzzles, lambda p: count_solutions(p, 2)))
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name})")
    print(f"{'set':22} {'puzzles':>7} {'givens':>6} {'puzzles/s':>9} {'median ms':>9} "
          f"{'max ms':>8} {'cpu median':>10} {'cpu max':>8}")
    for name, puzzles, run in jobs:
        if args.only and args.only not in name:
            continue
        for p in puzzles:  # correctness first, outside the timing
            check(p, solve(p))
        wall, cpu = time_set(puzzles, run)
        filled = statistics.mean(
            sum(c.kind == "given" for c in p.cells) / sum(c.kind != "outside" for c in p.cells)
            for p in puzzles
        )
        print(f"{name:22} {len(puzzles):7} {filled:6.0%} {len(wall) / sum(wall):9.1f} "
              f"{statistics.median(wall) * 1000:9.2f} {max(wall) * 1000:8.2f} "
              f"{statistics.median(cpu) * 1000:10.2f} {max(cpu) * 1000:8.2f}")


if __name__ == "__main__":
    main()
