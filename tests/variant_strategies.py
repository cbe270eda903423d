"""Random variant puzzles for property tests: every kind of `pycore.variants`, on plain,
odd-boxed and jigsaw grids, with givens, a player's digits, marks and words on top.

Built from a seeded `random.Random` (hypothesis draws the seed and the shape), so each
example is reproducible and every element is valid by construction: a king's-step path,
a dot on an edge, a clue facing the grid.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from pycore.errors import PuzzleError
from pycore.model import EMPTY, Puzzle, candidates, given, value
from pycore.variants import (
    DIRECTIONS,
    LINE_KINDS,
    MARK_KINDS,
    RULE_KINDS,
    Arrow,
    Cage,
    Clone,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
)

KINDS_MADE = ("killer", "line", "arrow", "dot", "mark", "clue", "extra-region", "clone",
              "quadruple", "rule", "other")


def path(rnd: random.Random, n: int, length: int) -> list[int]:
    """A king's-step path without repeats (shorter where it runs into itself)."""
    cells = [rnd.randrange(n * n)]
    while len(cells) < length:
        r, c = divmod(cells[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                 and (r + dr) * n + c + dc not in cells]
        if not steps:
            break
        cells.append(rnd.choice(steps))
    return cells


def element(rnd: random.Random, n: int, kind: str) -> Constraint:
    count = n * n
    if kind == "killer":
        cells = rnd.sample(range(count), rnd.randint(1, min(n, 5)))
        if rnd.random() < 0.7:  # most cages are one connected piece
            cells = path(rnd, n, rnd.randint(1, min(n, 5)))
        return Cage(cells, rnd.choice([None, rnd.randint(1, 45), rnd.randint(0, 9999)]))
    if kind == "line":
        line = rnd.choice(LINE_KINDS)
        cells = path(rnd, n, rnd.randint(2, 6))
        return Line(line, cells, rnd.randint(1, n - 1) if line == "whispers" else None)
    if kind == "arrow":
        circle = path(rnd, n, rnd.randint(1, 2))
        paths = []
        for _ in range(rnd.randint(1, 2)):
            start = rnd.choice(circle)
            tail = [start]
            while len(tail) < 4:
                r, c = divmod(tail[-1], n)
                steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                         if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                         and (r + dr) * n + c + dc not in tail + circle]
                if not steps:
                    break
                tail.append(rnd.choice(steps))
            if len(tail) >= 2:
                paths.append(tail)
        beside = circle[0] + 1 if circle[0] % n < n - 1 else circle[0] - 1
        return Arrow(circle, paths or [[circle[0], beside]])
    if kind == "dot":
        i = rnd.randrange(count)
        r, c = divmod(i, n)
        j = i + 1 if c < n - 1 and (r == n - 1 or rnd.random() < 0.5) else i + n if r < n - 1 else i - 1
        dot = rnd.choice(("white", "black", "x", "v"))
        number = None
        if dot == "white" and rnd.random() < 0.2:
            number = rnd.randint(1, n)
        if dot == "black" and rnd.random() < 0.2:
            number = rnd.randint(2, max(n, 2))
        return Dot(dot, (i, j), number)
    if kind == "mark":
        return Mark(rnd.choice(MARK_KINDS), rnd.randrange(count))
    if kind == "clue":
        clue = rnd.choice(("little-killer", "sandwich", "x-sum", "skyscraper"))
        side = rnd.randrange(4)
        k = rnd.randrange(n)
        row, col = ((-1, k), (n, k), (k, -1), (k, n))[side]
        direction = None
        if clue == "little-killer":  # pointing into the grid from its side
            inward = {0: ("DL", "DR"), 1: ("UL", "UR"), 2: ("UR", "DR"), 3: ("UL", "DL")}[side]
            direction = rnd.choice([d for d in DIRECTIONS if d in inward])
        return Clue(clue, row, col, rnd.randint(0, 60), direction)
    if kind == "extra-region":
        return ExtraRegion(rnd.sample(range(count), rnd.randint(2, n)))
    if kind == "clone":
        cells = rnd.sample(range(count), rnd.randint(1, 3) * 2)
        half = len(cells) // 2
        return Clone(cells[:half], cells[half:])
    if kind == "quadruple":
        r, c = rnd.randrange(n - 1), rnd.randrange(n - 1)
        top = r * n + c
        return Quadruple((top, top + 1, top + n, top + n + 1),
                         [rnd.randint(1, n) for _ in range(rnd.randint(1, 4))])
    if kind == "rule":
        return Rule(rnd.choice(RULE_KINDS))
    return Other(rnd.choice(["lockout[]", "text[]", "modularline", "sudokupad:underlay"]),
                 '{"a":' + str(rnd.randint(0, 99)) + r',"s":"\u00e9\u2603"}',  # canonical JSON
                 rnd.sample(range(count), rnd.randint(0, 3)))


def jigsaw_regions(rnd: random.Random, n: int) -> list[int]:
    """Regions of n cells each, grown from seeds (connected where the growth allows); rows
    when the growth gets stuck."""
    for _ in range(50):
        owner = [-1] * (n * n)
        sizes = [0] * n
        for k, seed in enumerate(rnd.sample(range(n * n), n)):
            owner[seed] = k
            sizes[k] = 1
        stuck = False
        while not stuck and -1 in owner:
            stuck = True
            for k in rnd.sample(range(n), n):
                if sizes[k] == n:
                    continue
                frontier = [j for i in range(n * n) if owner[i] == k
                            for j in (i - n, i + n, i - 1 if i % n else -1, i + 1 if i % n < n - 1 else -1)
                            if 0 <= j < n * n and owner[j] == -1]
                if frontier:
                    owner[rnd.choice(frontier)] = k
                    sizes[k] += 1
                    stuck = False
        if -1 not in owner:
            return owner
    return [i // n for i in range(n * n)]


@st.composite
def variant_puzzles(draw: st.DrawFn, sizes: tuple[int, ...] = (4, 6, 9)) -> Puzzle:
    """A variant sudoku of one of `sizes` (or a 7x7 or 5x5 jigsaw), its constraints drawn
    from every kind, with some givens, values, marks and words."""
    seed = draw(st.integers(0, 2**32 - 1))
    rnd = random.Random(seed)
    jigsaw = draw(st.booleans())
    n = draw(st.sampled_from(sizes + ((5, 7) if jigsaw else ())))
    regions = jigsaw_regions(rnd, n) if jigsaw else None
    items: list[Constraint] = []
    for _ in range(draw(st.integers(1 if not jigsaw else 0, 12))):
        items.append(element(rnd, n, rnd.choice(KINDS_MADE)))
    cells = [EMPTY] * (n * n)
    for i in rnd.sample(range(n * n), rnd.randint(0, n)):
        cells[i] = rnd.choice([given(rnd.randint(1, n)), value(rnd.randint(1, n)),
                               candidates(rnd.sample(range(1, n + 1), 2))])
    unique: list[Constraint] = []
    for item in items:  # drop what the model refuses together (a repeat, two marks on an edge)
        try:
            Puzzle("sudoku", n, tuple(cells), regions=regions, constraints=[*unique, item])
            unique.append(item)
        except PuzzleError:
            continue
    puzzle = Puzzle("sudoku", n, tuple(cells), regions=regions, constraints=unique)
    if draw(st.booleans()):
        puzzle = puzzle.with_info(title="Killer ☃", rules="Normal rules.\nCages sum.")
    return puzzle
