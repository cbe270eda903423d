"""A one-off generator of the hand-built 9x9 (and 7x7) variant puzzles in tests/solve/variant_puzzles.json."""

import json
import random
import sys
import time

from pycore import to_json
from pycore.model import EMPTY, Puzzle, given
from pycore.solve import SearchTooLong, count_solutions, solve
from pycore.variants import Arrow, Cage, Clue, Dot, Line, Rule


def grid_of(p):
    return [c.digit for c in p.cells]


def relabel(grid, rng, n):
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    return [perm[d - 1] for d in grid]


def kings(i, n):
    r, c = divmod(i, n)
    return [
        rr * n + cc
        for rr in (r - 1, r, r + 1)
        for cc in (c - 1, c, c + 1)
        if 0 <= rr < n and 0 <= cc < n and (rr, cc) != (r, c)
    ]


def orth(i, n):
    r, c = divmod(i, n)
    return [
        rr * n + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < n and 0 <= cc < n
    ]


def cages_of(S, n, rng, most=4):
    left = set(range(n * n))
    out = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if start not in left:
            continue
        cells = [start]
        left.discard(start)
        size = rng.randint(2, most)
        while len(cells) < size:
            opts = [j for i in cells for j in orth(i, n) if j in left and S[j] not in [S[k] for k in cells]]
            if not opts:
                break
            j = rng.choice(opts)
            cells.append(j)
            left.discard(j)
        out.append(Cage(cells, sum(S[i] for i in cells)))
    return out


def increasing_path(S, n, rng, length, step=lambda a, b: b > a, moves=kings):
    for _ in range(200):
        cells = [rng.randrange(n * n)]
        while len(cells) < length:
            opts = [j for j in moves(cells[-1], n) if j not in cells and step(S[cells[-1]], S[j])]
            if not opts:
                break
            cells.append(rng.choice(opts))
        if len(cells) >= 3:
            return cells
    return None


def minimise(base, S, rng, n):
    """All givens, then take each away while the puzzle stays unique within 2000 nodes
    of our search (so that the tests stay fast)."""
    cells = {i: given(S[i]) for i in range(n * n)}
    p = base.with_cells(cells)
    order = list(range(n * n))
    rng.shuffle(order)
    for i in order:
        trial = p.with_cells({i: EMPTY})
        try:
            if count_solutions(trial, 2, max_nodes=2000) == 1:
                p = trial
        except SearchTooLong:
            pass
    return p


def make(name, n, rules, family, seed, regions=None, zero=False):
    rng = random.Random(seed)
    blank = Puzzle("sudoku", n, (EMPTY,) * (n * n), regions=regions) if regions else Puzzle.blank("sudoku", n)
    base = blank.with_variants(regions, rules) if (rules or regions) else blank
    S = relabel(grid_of(solve(base)), rng, n)
    assert base.with_cells({i: given(S[i]) for i in range(n * n)}).is_solved
    items = list(rules) + family(S, n, rng)
    p0 = blank.with_variants(regions, items)
    if zero:
        c = count_solutions(p0, 2)
        if c != 1:
            return None
        p = p0
    else:
        p = minimise(p0, S, rng, n)
    full = p.with_cells({i: given(S[i]) for i in range(n * n)})
    assert full.is_solved
    return {"name": name, "json": to_json(p), "solution": "".join(str(d) for d in S), "seed": seed}


def thermos(S, n, rng):
    out = []
    for _ in range(6):
        path = increasing_path(S, n, rng, rng.randint(3, 6))
        if path:
            out.append(Line("thermo", path))
    return out


def arrows(S, n, rng):
    out = []
    for _ in range(40):
        if len(out) >= 7:
            break
        c = rng.randrange(n * n)
        path = [c]
        total = 0
        while len(path) < 4:
            opts = [j for j in kings(path[-1], n) if j not in path and total + S[j] <= S[c]]
            if not opts:
                break
            j = rng.choice(opts)
            path.append(j)
            total += S[j]
        if total == S[c] and len(path) >= 3:
            out.append(Arrow((c,), (path,)))
    return out


def kropki(S, n, rng):
    out = []
    for a in range(n * n):
        for b in orth(a, n):
            if b < a:
                continue
            x, y = S[a], S[b]
            if abs(x - y) == 1:
                out.append(Dot("white", (a, b)))
            elif x == 2 * y or y == 2 * x:
                out.append(Dot("black", (a, b)))
    return out


def xv(S, n, rng):
    out = []
    for a in range(n * n):
        for b in orth(a, n):
            if b > a and S[a] + S[b] == 10:
                out.append(Dot("x", (a, b)))
            elif b > a and S[a] + S[b] == 5:
                out.append(Dot("v", (a, b)))
    return [*out, Rule("negative-xv")]


def little(S, n, rng):
    out = []
    starts = (
        [(-1, c, "DR") for c in range(n - 2)]
        + [(-1, c, "DL") for c in range(2, n)]
        + [(r, -1, "DR") for r in range(n - 2)]
        + [(n, c, "UR") for c in range(n - 2)]
    )
    for row, col, d in rng.sample(starts, 8):
        dr, dc = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1)}[d]
        r, c = row + dr, col + dc
        t = 0
        if row == -1 or row == n:
            pass
        while 0 <= r < n and 0 <= c < n:
            t += S[r * n + c]
            r += dr
            c += dc
        out.append(Clue("little-killer", row, col, t, d))
    return out


def sandwich(S, n, rng):
    out = []
    for k in range(n):
        row = [S[k * n + c] for c in range(n)]
        a, b = sorted((row.index(1), row.index(n)))
        out.append(Clue("sandwich", k, -1, sum(row[a + 1 : b])))
        col = [S[r * n + k] for r in range(n)]
        a, b = sorted((col.index(1), col.index(n)))
        out.append(Clue("sandwich", -1, k, sum(col[a + 1 : b])))
    return out


def lines(S, n, rng):
    out = []
    for _ in range(30):
        if len(out) >= 6:
            break
        kind = rng.choice(["renban", "whispers", "palindrome"])
        if kind == "whispers":
            p = increasing_path(S, n, rng, rng.randint(3, 6), step=lambda a, b: abs(a - b) >= 5)
            if p:
                out.append(Line("whispers", p, 5))
        elif kind == "renban":
            for _ in range(100):
                p = increasing_path(S, n, rng, rng.randint(3, 5), step=lambda a, b: a != b)
                digits = [S[i] for i in p] if p else []
                if p and max(digits) - min(digits) == len(p) - 1 and len(set(digits)) == len(p):
                    out.append(Line("renban", p))
                    break
        else:
            for _ in range(300):
                p = [rng.randrange(n * n)]
                L = rng.choice([3, 4, 5])
                ok = True
                while len(p) < L and ok:
                    opts = [j for j in kings(p[-1], n) if j not in p]
                    if not opts:
                        ok = False
                        break
                    p.append(rng.choice(opts))
                if ok and all(S[p[k]] == S[p[-1 - k]] for k in range(len(p) // 2)):
                    out.append(Line("palindrome", p))
                    break
    return out


def none(S, n, rng):
    return []


JIG7 = [
    0,
    0,
    0,
    0,
    1,
    1,
    1,
    0,
    0,
    2,
    2,
    1,
    1,
    1,
    0,
    2,
    2,
    2,
    2,
    1,
    3,
    4,
    4,
    4,
    2,
    3,
    3,
    3,
    4,
    5,
    4,
    4,
    6,
    3,
    3,
    5,
    5,
    5,
    4,
    6,
    6,
    3,
    5,
    5,
    5,
    6,
    6,
    6,
    6,
]

specs = [
    ("killer, no givens", 9, [], lambda S, n, rng: cages_of(S, n, rng), {"zero": True}),
    ("thermo", 9, [], thermos, {}),
    ("arrow", 9, [], arrows, {}),
    ("kropki (every dot shown)", 9, [], kropki, {}),
    ("XV with the negative rule", 9, [], xv, {}),
    ("anti-knight", 9, [Rule("anti-knight")], none, {}),
    ("diagonals", 9, [Rule("diagonal+"), Rule("diagonal-")], none, {}),
    ("little killer", 9, [], little, {}),
    ("sandwich", 9, [], sandwich, {}),
    ("renban, whispers, palindrome", 9, [], lines, {}),
    ("jigsaw 7x7", 7, [], none, {"regions": JIG7}),
]
out = []
for name, n, rules, fam, extra in specs:
    t = time.time()
    for seed in range(1, 40):
        got = make(name, n, rules, fam, seed, **extra)
        if got:
            break
    print(name, seed, round(time.time() - t, 2), file=sys.stderr)
    out.append(got)
with open(sys.argv[1], "w") as f:
    json.dump(out, f, indent=1)
