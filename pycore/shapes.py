"""The shape catalogue: every grid a person can start blank, by name, and how a cell's
pencil marks are laid out. The page's menu, the editor, the saves' labels and the
print all read it here, and the levels a new puzzle can be made at."""

from __future__ import annotations

from .model import EMPTY, STR8TS_SIZES, SUDOKU_SIZES, Layout, Puzzle
from .variants import Cage, ExtraRegion, Rule

__all__ = ["LAYOUTS", "LEVELS", "SHAPES", "blank_shape", "levels_made", "mark_grid", "shape_of"]


def _twodoku() -> Layout:
    """Two 9x9 grids sharing one corner box, on 5x5 boxes."""
    enabled = {r * 5 + c for r in range(3) for c in range(3)}
    enabled |= {r * 5 + c for r in range(2, 5) for c in range(2, 5)}
    return Layout(3, 5, 5, frozenset(set(range(25)) - enabled))


# The multi-grid layouts offered for a blank grid (any other arrives through a binary link),
# in menu order: (name, label, layout).
_MULTI: tuple[tuple[str, str, Layout], ...] = (
    ("twodoku", "Twodoku (two 9x9 sharing a box)", _twodoku()),
    ("butterfly", "Butterfly (four overlapping 9x9)", Layout(3, 4, 4)),
    ("samurai", "Samurai (five 9x9)", Layout.samurai(3)),
    ("samurai-4", "Mini samurai (five 4x4)", Layout.samurai(2)),
)
LAYOUTS: dict[str, tuple[str, Layout]] = {name: (label, layout) for name, label, layout in _MULTI}

VARIANT_SHAPES: tuple[tuple[str, str], ...] = (
    ("killer", "Killer 9x9 (cages only)"),
    ("killer-givens", "Killer 9x9 (cages and a few givens)"),
    ("x", "X sudoku 9x9 (both diagonals)"),
    ("windoku", "Windoku 9x9 (four extra boxes)"),
    ("jigsaw-9", "Jigsaw 9x9"),
    ("jigsaw-8", "Jigsaw 8x8"),
    ("jigsaw-7", "Jigsaw 7x7"),
    ("jigsaw-6", "Jigsaw 6x6"),
    ("jigsaw-5", "Jigsaw 5x5"),
    ("jigsaw-4", "Jigsaw 4x4"),
)
"""(name, label) of the variant shapes New puzzle makes (pycore.solve.generate_variants),
in menu order."""
WINDOWS = tuple(tuple(r * 9 + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3))
                for r0 in (1, 5) for c0 in (1, 5))
"""Windoku's four extra 3x3 regions (rows and columns 2-4 and 6-8)."""
DIAGONALS = (Rule("diagonal+"), Rule("diagonal-"))

# (name, label) of every shape a blank grid can take, in menu order.
SHAPES: tuple[tuple[str, str], ...] = (
    tuple((f"sudoku-{n}", f"Sudoku {n}x{n}") for n in SUDOKU_SIZES)
    + tuple((f"str8ts-{n}", f"Str8ts {n}x{n}") for n in STR8TS_SIZES if 4 <= n <= 9)
    + tuple((name, label) for name, label, _ in _MULTI)
    + VARIANT_SHAPES
)


LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "unfair", "extreme")
"""How hard a puzzle is, easiest first, as HoDoKu grades: the technique engine grades into
these, the generator makes them (`levels_made` per shape), and the page's level menu offers
them (the build writes its options)."""

# The levels the generator makes for each shape from every seed it was tried with
# (benchmarks/generate.py), in well under a minute: (shape, levels), in SHAPES' names; a
# shape not listed makes every level. Past 81 cells the chains and forcing techniques
# stay quiet, so "extreme" there would only mean a guess.
_MADE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("sudoku-4", ("easy",)),
    ("sudoku-6", ("easy", "hard")),  # its minimal puzzles are easy or need a fish
    ("sudoku-12", ("easy", "medium", "hard", "unfair")),
    ("sudoku-16", ("easy", "medium", "hard")),
    ("sudoku-25", ("easy",)),
    ("twodoku", ("easy", "medium", "hard")),  # unfair takes ~40 s
    ("butterfly", ("easy", "medium", "hard")),
    ("samurai", ("easy", "medium", "hard")),  # unfair takes over a minute
    # str8ts: no str8ts technique is rated above hard here, and past the rules and subsets
    # "extreme" would mean only that these techniques give up
    ("str8ts-4", ("easy",)),
    ("str8ts-5", ("easy", "medium")),
    ("str8ts-6", ("easy", "medium")),
    ("str8ts-7", ("easy", "medium")),
    ("str8ts-8", ("easy", "medium")),
    ("str8ts-9", ("easy", "medium", "hard")),
    ("samurai-4", ("easy",)),
    # variants (pycore.solve.generate_variants: a killer's unfair is "past the techniques up
    # to hard, a small search", not a grade by the unfair techniques)
    ("killer", ("easy", "medium", "hard", "unfair")),
    ("killer-givens", ("easy", "medium", "hard", "unfair")),
    ("x", ("easy", "medium", "hard")),
    ("windoku", ("easy", "medium", "hard")),
    ("jigsaw-4", ("easy",)),
    ("jigsaw-5", ("easy",)),
    ("jigsaw-6", ("easy",)),
    ("jigsaw-7", ("easy", "medium")),
    ("jigsaw-8", ("easy", "medium")),
    ("jigsaw-9", ("easy", "medium", "hard")),
)


def levels_made(name: str) -> tuple[str, ...]:
    """The levels New puzzle offers for a shape named in `SHAPES`: those the generator
    makes from every seed within its bounded retries. The page's level menu and the
    command line's `new` offer these, and the generator refuses the others."""
    for shape, levels in _MADE:
        if shape == name:
            return levels
    return LEVELS


def blank_shape(name: str) -> Puzzle:
    """A blank puzzle of a shape named in `SHAPES` (e.g. "sudoku-16", "str8ts-6", "samurai")."""
    if name in LAYOUTS:
        return Puzzle.blank(layout=LAYOUTS[name][1])
    if name in ("killer", "killer-givens"):
        return Puzzle.blank("sudoku", 9)  # its cages come with a new puzzle
    if name == "x":
        return Puzzle.blank("sudoku", 9).with_variants(None, DIAGONALS)
    if name == "windoku":
        return Puzzle.blank("sudoku", 9).with_variants(None, tuple(ExtraRegion(w) for w in WINDOWS))
    if name.startswith("jigsaw-") and any(name == n for n, _ in VARIANT_SHAPES):
        n = int(name[len("jigsaw-"):])  # the rows are its regions until a setter paints them
        return Puzzle("sudoku", n, (EMPTY,) * (n * n), regions=[i // n for i in range(n * n)])
    kind, _, size = name.partition("-")
    if kind not in ("sudoku", "str8ts") or not size.isdigit():
        raise ValueError(f"unknown shape {name!r}")
    return Puzzle.blank(kind, int(size))


def shape_of(puzzle: Puzzle) -> str | None:
    """The `SHAPES` name of a puzzle's shape, or None for one the menu does not offer."""
    if puzzle.layout is not None:
        for name, _, layout in _MULTI:
            if layout == puzzle.layout:
                return name
        return None
    if puzzle.is_variant:
        return _variant_shape_of(puzzle)
    if not puzzle.default_box:
        return None
    name = f"{puzzle.kind}-{puzzle.size}"
    return name if any(name == n for n, _ in SHAPES) else None


def _variant_shape_of(puzzle: Puzzle) -> str | None:
    """"x", "windoku", "jigsaw-n" or "killer"/"killer-givens" for a puzzle of only those
    rules (a blank killer is a classic 9x9 until its cages come); None otherwise."""
    rules = set(puzzle.constraints)
    if puzzle.regions is not None:
        name = f"jigsaw-{puzzle.size}"
        return name if not rules and any(name == n for n, _ in VARIANT_SHAPES) else None
    if puzzle.size != 9 or not puzzle.default_box:
        return None
    if rules == set(DIAGONALS):
        return "x"
    if rules == {ExtraRegion(w) for w in WINDOWS}:
        return "windoku"
    if all(isinstance(c, Cage) for c in rules):
        return "killer-givens" if any(c.kind == "given" for c in puzzle.cells) else "killer"
    return None


def mark_grid(n: int) -> tuple[int, int]:
    """(rows, columns) of the little grid a cell's pencil marks 1..n sit in, on the page
    and in print: as square as fits n digits (3 -> 2x2, 8 -> 3x3, 9 -> 3x3, 16 -> 4x4)."""
    cols = 1
    while cols * cols < n:  # the least cols with cols * cols >= n
        cols += 1
    return -(-n // cols), cols
