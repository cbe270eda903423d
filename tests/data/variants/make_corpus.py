"""Makes puzzles.json: real variant puzzles with their published solutions, from the
example collection of sigh's Interactive Sudoku Solver (MIT licence, notice in README.md),
each read from that solver's constraint text into pycore's model and written in our JSON
form beside the text as it was found.

Run from the project root with the collection's `data/example_puzzles.js` parsed into
`items.json` ([{name, src, input, solution}]):
    python -m tests.data.variants.make_corpus items.json > tests/data/variants/puzzles.json

Which kinds map to which element is this file's one table (`KINDS`); a kind pycore does not
know is carried as `Other("iss:<Kind>[]", ...)`, as the readers carry other tools' unknowns.
Where that text leaves a direction open (a little killer names the cell its diagonal starts
from), the one reading whose sum the published solution meets is taken, and the record
says so.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pycore.errors import PuzzleError
from pycore.formats import json as json_form
from pycore.model import EMPTY, Puzzle, given
from pycore.variants import (
    Arrow,
    Cage,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
    little_killer_cells,
)

LINES = {"Thermo": "thermo", "Renban": "renban", "Between": "between", "Palindrome": "palindrome",
         "Zipper": "zipper", "RegionSumLine": "region-sum", "Entropic": "entropic"}
DOTS = {"X": "x", "V": "v", "BlackDot": "black", "WhiteDot": "white"}
RULES = {"AntiKnight": "anti-knight", "AntiKing": "anti-king", "AntiConsecutive": "non-consecutive",
         "DisjointSets": "disjoint-groups"}


def cell(token: str, n: int) -> int:
    r, c = token.upper()[1:].split("C")
    return (int(r, 36) - 1) * n + int(c, 36) - 1


def convert(item: dict[str, Any]) -> dict[str, Any] | None:
    text = item["input"]
    if not text.startswith("."):
        return None  # the solver's compact killer text: not this reader's
    n = 9
    parts = [p.strip() for p in text.split(".") if p.strip()]
    for p in parts:
        if p.startswith("Shape~"):
            shape = p.split("~")[1]
            rows, _, cols = shape.partition("x")
            if rows != cols or len(p.split("~")) > 2:
                return None
            n = int(rows)
    if "NoBoxes" in parts and not any(p.startswith("Jigsaw~") for p in parts):
        return None  # regions made another way (chaos construction): not a grid of boxes
    solution = [int(ch, 36) for ch in item["solution"]]
    if len(solution) != n * n:
        return None
    cells = [EMPTY] * (n * n)
    items: list[Constraint] = []
    regions = None
    notes = []
    for p in parts:
        t = p.split("~")
        kind = t[0]
        try:
            if kind == "":
                for g in t[1:]:
                    where, *digits = g.split("_")
                    i = cell(where, n)
                    if len(digits) == 1:
                        cells[i] = given(int(digits[0]))
                    elif set(map(int, digits)) == {1, 3, 5, 7, 9}:
                        items.append(Mark("odd", i))
                    elif set(map(int, digits)) == {2, 4, 6, 8}:
                        items.append(Mark("even", i))
                    else:
                        items.append(Other("iss:Candidates", json.dumps(g), [i]))
            elif kind in ("Shape", "NoBoxes"):
                continue
            elif kind == "Cage":
                total = int(t[1]) if t[1] else None
                items.append(Cage([cell(x, n) for x in t[2:]], total))
            elif kind in LINES:
                items.append(Line(LINES[kind], [cell(x, n) for x in t[1:]]))
            elif kind == "Whisper":
                gap, rest = (int(t[1]), t[2:]) if t[1].isdigit() else (5, t[1:])
                items.append(Line("whispers", [cell(x, n) for x in rest], gap))
            elif kind in DOTS:
                items.append(Dot(DOTS[kind], (cell(t[1], n), cell(t[2], n))))
            elif kind in RULES:
                items.append(Rule(RULES[kind]))
            elif kind == "Diagonal":
                items.append(Rule("diagonal+" if t[1] == "1" else "diagonal-"))
            elif kind == "Windoku":
                for top in (1, 5):
                    for left in (1, 5):
                        window = [(top + r) * n + left + c for r in range(3) for c in range(3)]
                        items.append(ExtraRegion(window))
            elif kind == "Jigsaw" and "NoBoxes" in parts:
                regions = [int(ch, 36) for ch in t[1]]
            elif kind == "Jigsaw":  # beside the boxes, the jigsaw's regions are extra houses
                numbers = [int(ch, 36) for ch in t[1]]
                for k in sorted(set(numbers)):
                    items.append(ExtraRegion([i for i, m in enumerate(numbers) if m == k]))
            elif kind == "Arrow":
                path = [cell(x, n) for x in t[1:]]
                items.append(Arrow(path[:1], [path]))
            elif kind == "PillArrow":
                size = int(t[1])
                path = [cell(x, n) for x in t[2:]]
                items.append(Arrow(sorted(path[:size]), [path[size - 1:]]))  # read in reading order
            elif kind == "Sandwich":
                total, line = int(t[1]), t[2]
                k = int(line[1:]) - 1
                row, col = (-1, k) if line[0] == "C" else (k, -1)
                items.append(Clue("sandwich", row, col, total))
            elif kind in ("XSum", "Skyscraper"):
                line, first, last = t[1], t[2], t[3] if len(t) > 3 else ""
                k = int(line[1:]) - 1
                name = "x-sum" if kind == "XSum" else "skyscraper"
                for value, edge in ((first, -1), (last, n)):
                    if value:
                        row, col = (edge, k) if line[0] == "C" else (k, edge)
                        items.append(Clue(name, row, col, int(value)))
            elif kind == "LittleKiller":
                total, start = int(t[1]), cell(t[2], n)
                r, c = divmod(start, n)
                fits = []
                steps = (("DR", (1, 1)), ("DL", (1, -1)), ("UR", (-1, 1)), ("UL", (-1, -1)))
                for direction, (dr, dc) in steps:
                    row, col = r - dr, c - dc
                    if 0 <= row < n and 0 <= col < n:
                        continue
                    line = little_killer_cells(n, n, row, col, direction)
                    if sum(solution[i] for i in line) == total:
                        fits.append(Clue("little-killer", row, col, total, direction))
                if len(fits) != 1:
                    return None
                items.append(fits[0])
                notes.append("little killer directions read from the published solution")
            elif kind == "Quad":
                top = cell(t[1], n)
                items.append(Quadruple((top, top + 1, top + n, top + n + 1), [int(d) for d in t[2:]]))
            else:
                items.append(Other("iss:" + kind + "[]", json.dumps(t[1:], separators=(",", ":")), []))
        except (ValueError, PuzzleError, IndexError):
            return None
    try:
        puzzle = Puzzle("sudoku", n, tuple(cells), regions=regions, constraints=items)
    except PuzzleError:
        return None
    if not puzzle.is_variant:
        return None
    kinds = {c.kind for c in puzzle.constraints} | ({"jigsaw"} if regions else set())
    return {"name": item["name"], "source": item["src"], "kinds": sorted(kinds),
            "form": "iss", "text": text, "json": json.loads(json_form.encode(puzzle)),
            "solution": item["solution"], "notes": notes}


def main(path: str) -> None:
    with open(path, encoding="utf-8") as raw:
        found = [r for r in (convert(i) for i in json.load(raw)) if r]
    json.dump(found, sys.stdout, indent=1, ensure_ascii=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
