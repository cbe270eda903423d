"""The link-length corpus: puzzles and mid-solve grids cut from solved grids, fixed seed.

    python -m benchmarks.corpus      # rewrites benchmarks/data/links_corpus.jsonl.gz

Solved grids come from a pattern grid shuffled by the symmetries that keep a
sudoku valid (digits, rows within bands, bands, columns within stacks, stacks,
transposition), so no solver is needed. Groups:

- 9x9 puzzles with 17, 25 and 35 givens at random cells;
- realistic mid-solve 9x9: 25 givens, 20 player values that agree with the
  solution, 20 cells of 3 pencil marks (the true digit and two other possibles);
- adversarial mid-solve 9x9: 25 givens, 20 random values (conflicts allowed),
  20 cells of random marks;
- 16x16 (100 givens), 25x25 (300 givens), 25x25 with every other cell holding
  all its possibles as marks;
- 9x9 str8ts-shaped grids: a half-turn symmetric black pattern, some black
  givens, white givens from a Latin square (rows and columns hold each digit
  once; the compartments are not checked to be straights);
- Samurai (five 9x9 grids sharing corner boxes) with 125 givens;
- coloured mid-solve 9x9, as a SudokuPad player leaves one (`coloured`): 25 givens, 20
  right values, 20 cells of 2-4 centre marks (the true digit among them), 12 cells of 2
  corner marks in Snyder pairs (two cells of a box both marked with the two digits that
  go in them; 4 of the 12 hold centre marks too), 16 coloured cells from 6 of the 9
  colours, a quarter of them with two, 12 of them on open cells (colouring follows
  candidates) and 4 on digits. Made by its own seeded generator after the groups above,
  which stay as they were.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from pycore.cells53 import compute_possibles
from pycore.formats.json import from_json, to_json
from pycore.model import (
    BLACK,
    EMPTY,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    value,
)

SEED = 20240610
COLOURED_SEED = 20261126
PATH = Path(__file__).parent / "data" / "links_corpus.jsonl.gz"
COUNTS = {"9x9": 200, "16x16": 30, "25x25": 10, "str8ts": 100, "samurai": 20, "coloured": 200}


def solved_grid(rng: random.Random, box: tuple[int, int]) -> list[int]:
    """A random valid solved sudoku with boxes of box[0] rows x box[1] columns."""
    br, bc = box
    n = br * bc

    def pattern(r: int, c: int) -> int:
        return (bc * (r % br) + r // br + c) % n

    digits = rng.sample(range(1, n + 1), n)
    bands = rng.sample(range(bc), bc)  # a band is br rows; there are bc bands
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = rng.sample(range(br), br)  # a stack is bc columns; there are br stacks
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    grid = [digits[pattern(rows[r], cols[c])] for r in range(n) for c in range(n)]
    if br == bc and rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    return grid


def puzzle_from(solution: list[int], count: int, rng: random.Random, size: int = 9,
                box: tuple[int, int] | None = None) -> Puzzle:
    cells: list[Cell] = [EMPTY] * len(solution)
    for i in rng.sample(range(len(solution)), count):
        cells[i] = given(solution[i])
    return Puzzle("sudoku", size, tuple(cells), box)


def _possibles(puzzle: Puzzle) -> list[int]:
    """Per cell, the bitcell possibles (bit p = digit p) left by givens and values."""
    n = puzzle.size
    ints = [1 << (n + c.digit) if c.kind in ("given", "value") else 0 for c in puzzle.cells]
    return compute_possibles(ints, size=n, box=puzzle.box)


def _right_so_far(rng: random.Random) -> tuple[list[int], list[int], list[Cell], list[int]]:
    """A solved grid, a random order of its cells, 25 givens and 20 right values placed in
    that order, and the possibles they leave: (solution, order, cells, possibles)."""
    solution = solved_grid(rng, (3, 3))
    order = rng.sample(range(81), 81)
    cells: list[Cell] = [EMPTY] * 81
    for i in order[:25]:
        cells[i] = given(solution[i])
    for i in order[25:45]:
        cells[i] = value(solution[i])
    return solution, order, cells, _possibles(Puzzle("sudoku", 9, tuple(cells)))


def realistic(rng: random.Random) -> Puzzle:
    solution, order, cells, possibles = _right_so_far(rng)
    for i in order[45:65]:
        others = [d for d in range(1, 10) if possibles[i] >> d & 1 and d != solution[i]]
        cells[i] = candidates([solution[i], *rng.sample(others, min(2, len(others)))])
    return Puzzle("sudoku", 9, tuple(cells))


def adversarial(rng: random.Random) -> Puzzle:
    solution = solved_grid(rng, (3, 3))
    order = rng.sample(range(81), 81)
    cells: list[Cell] = [EMPTY] * 81
    for i in order[:25]:
        cells[i] = given(solution[i])
    for i in order[25:45]:
        cells[i] = value(rng.randint(1, 9))
    for i in order[45:65]:
        marks = [d for d in range(1, 10) if rng.random() < 0.5] or [rng.randint(1, 9)]
        cells[i] = candidates(marks)
    return Puzzle("sudoku", 9, tuple(cells))


def coloured(rng: random.Random) -> Puzzle:
    """A coloured mid-solve 9x9 (see the module's docstring)."""
    while True:
        puzzle = _try_coloured(rng)
        if puzzle is not None:
            return puzzle


def _try_coloured(rng: random.Random) -> Puzzle | None:
    solution, order, cells, possibles = _right_so_far(rng)

    def fits(i: int, d: int) -> bool:
        return bool(possibles[i] >> d & 1)

    for i in order[45:65]:
        others = [d for d in range(1, 10) if fits(i, d) and d != solution[i]]
        count = min(rng.randint(1, 3), len(others))
        cells[i] = candidates([solution[i], *rng.sample(others, count)])
    pairs = _snyder_pairs(rng, solution, order[45:65], order[65:], fits)
    if pairs is None:
        return None
    for a, b in pairs:
        for i in (a, b):
            cells[i] = cells[i].with_corner({solution[a], solution[b]})
    palette = rng.sample(range(1, 10), 6)
    painted = rng.sample(order[45:], 12) + rng.sample(order[:45], 4)
    for k, i in enumerate(painted):
        cells[i] = cells[i].with_colours(rng.sample(palette, 2 if k % 4 == 0 else 1))
    return Puzzle("sudoku", 9, tuple(cells))


def _snyder_pairs(rng: random.Random, solution: list[int], marked: list[int], empty: list[int],
                  fits: Callable[[int, int], bool]) -> list[tuple[int, int]] | None:
    """Six pairs of open cells, each in one box, whose two true digits both fit both
    cells, 4 of the 12 cells centre-marked and 8 empty. None when no such choice turns
    up (the caller starts again)."""
    def box(i: int) -> int:
        return (i // 27) * 3 + (i % 9) // 3

    candidates_ = [(a, b) for a in marked + empty for b in marked + empty
                   if a < b and box(a) == box(b) and fits(a, solution[b]) and fits(b, solution[a])]
    for _ in range(200):
        rng.shuffle(candidates_)
        used: set[int] = set()
        pairs: list[tuple[int, int]] = []
        centre = 0
        for a, b in candidates_:
            more = (a in marked) + (b in marked)
            if a in used or b in used or centre + more > 4 or 2 * len(pairs) - centre + 2 - more > 8:
                continue
            pairs.append((a, b))
            used |= {a, b}
            centre += more
            if len(pairs) == 6:
                return pairs
    return None


def full_marks(rng: random.Random) -> Puzzle:
    """25x25 with 300 givens and every other cell marked with all its possibles."""
    puzzle = puzzle_from(solved_grid(rng, (5, 5)), 300, rng, 25)
    possibles = _possibles(puzzle)
    cells = [
        c if c.kind == "given" else candidates(d for d in range(1, 26) if possibles[i] >> d & 1)
        for i, c in enumerate(puzzle.cells)
    ]
    return Puzzle("sudoku", 25, tuple(cells))


def str8ts(rng: random.Random) -> Puzzle:
    n = 9
    latin = solved_grid(rng, (3, 3))
    cells: list[Cell] = [EMPTY] * 81
    pairs = rng.sample(range(41), rng.randint(9, 13))  # cell i and its half-turn partner
    for i in pairs:
        for j in {i, 80 - i}:
            cells[j] = black(latin[j]) if rng.random() < 0.35 else BLACK
    whites = [i for i in range(81) if cells[i] is EMPTY]
    for i in rng.sample(whites, rng.randint(10, 18)):
        cells[i] = given(latin[i])
    return Puzzle("str8ts", n, tuple(cells))


def samurai(rng: random.Random) -> Puzzle:
    """A solved Samurai from a pattern valid in every box-aligned 9x9 window, then givens."""
    layout = Layout.samurai()
    blank = Puzzle.blank(layout=layout)
    width = blank.cols
    digits = rng.sample(range(1, 10), 9)
    rows = [b * 3 + r for b in range(7) for r in rng.sample(range(3), 3)]
    cols = [s * 3 + c for s in range(7) for c in rng.sample(range(3), 3)]
    inside = [i for i, c in enumerate(blank.cells) if c.kind != "outside"]
    cells = list(blank.cells)
    for i in rng.sample(inside, 125):
        r, c = rows[i // width], cols[i % width]
        cells[i] = given(digits[(3 * (r % 3) + r // 3 + c) % 9])
    return Puzzle("sudoku", 9, tuple(cells), None, layout)


def build() -> Iterator[tuple[str, Puzzle]]:
    rng = random.Random(SEED)
    for count in (17, 25, 35):
        for _ in range(COUNTS["9x9"]):
            yield f"9x9, {count} givens", puzzle_from(solved_grid(rng, (3, 3)), count, rng)
    for _ in range(COUNTS["9x9"]):
        yield "9x9 mid-solve, realistic", realistic(rng)
    for _ in range(COUNTS["9x9"]):
        yield "9x9 mid-solve, adversarial", adversarial(rng)
    for _ in range(COUNTS["16x16"]):
        yield "16x16, 100 givens", puzzle_from(solved_grid(rng, (4, 4)), 100, rng, 16)
    for _ in range(COUNTS["25x25"]):
        yield "25x25, 300 givens", puzzle_from(solved_grid(rng, (5, 5)), 300, rng, 25)
    for _ in range(COUNTS["25x25"]):
        yield "25x25, full candidates", full_marks(rng)
    for _ in range(COUNTS["str8ts"]):
        yield "9x9 str8ts", str8ts(rng)
    for _ in range(COUNTS["samurai"]):
        yield "Samurai, 125 givens", samurai(rng)
    rng = random.Random(COLOURED_SEED)
    for _ in range(COUNTS["coloured"]):
        yield "9x9 mid-solve, coloured", coloured(rng)


def write(path: Path = PATH) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"group": group, "puzzle": to_json(puzzle)}, separators=(",", ":"))
             for group, puzzle in build()]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    path.write_bytes(gzip.compress(data, 9, mtime=0))  # the same bytes on every run


def load(path: Path = PATH) -> list[tuple[str, Puzzle]]:
    """The shipped corpus (built afresh when the file is missing)."""
    if not path.exists():
        return list(build())
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            out.append((row["group"], from_json(row["puzzle"])))
    return out


if __name__ == "__main__":
    write()
    print(f"wrote {PATH}")
