"""Hypothesis strategies for puzzles of every kind, size, box shape and layout."""

from __future__ import annotations

from hypothesis import strategies as st

from pycore.model import (
    BLACK,
    DEFAULT_BOX,
    EMPTY,
    PALETTE,
    STR8TS_SIZES,
    Cell,
    Layout,
    Puzzle,
    black,
    candidates,
    given,
    value,
)

BOX_SHAPES = {
    n: sorted({(r, n // r) for r in range(2, n) if n % r == 0 and n // r >= 2}) for n in DEFAULT_BOX
}


def cells_for(n: int, kind: str, notes: bool = False) -> st.SearchStrategy[Cell]:
    """Any cell of the kind's; with `notes`, a quarter of them with colours and (where a
    cell may hold them) corner marks."""
    digit = st.integers(1, n)
    options = [
        st.just(EMPTY),
        digit.map(given),
        digit.map(value),
        st.frozensets(digit, min_size=1).map(candidates),
    ]
    if kind == "str8ts":
        options += [st.just(BLACK), digit.map(black)]
    plain = st.one_of(options)
    if not notes:
        return plain
    return st.one_of(plain, plain, plain, st.builds(_noted, plain, st.frozensets(digit),
                                                   st.frozensets(st.integers(1, PALETTE)),
                                                   st.frozensets(digit)))


def _noted(cell: Cell, corner: frozenset[int], colours: frozenset[int],
           centre: frozenset[int] = frozenset()) -> Cell:
    """A cell with notes: corner marks where a cell may hold them, centre marks under a
    player's digit, colours."""
    if cell.kind in ("empty", "candidates", "value"):
        cell = cell.with_corner(corner)
    if cell.kind == "value":
        cell = cell.with_centre(centre)
    return cell.with_colours(colours)


TEXTS = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=12)


def _worded(draw: st.DrawFn, puzzle: Puzzle) -> Puzzle:
    """The puzzle, sometimes with a title, an author and rules (the rules may break lines)."""
    if draw(st.integers(0, 3)):
        return puzzle
    rules = draw(st.lists(TEXTS, max_size=3).map("\n".join))
    return puzzle.with_info(draw(TEXTS), draw(TEXTS), rules)


@st.composite
def square_puzzles(draw: st.DrawFn, kind: str | None = None, sizes: tuple[int, ...] | None = None,
                   default_box: bool = False, notes: bool = False) -> Puzzle:
    kind = kind or draw(st.sampled_from(["sudoku", "str8ts"]))
    pool = sizes or (tuple(DEFAULT_BOX) if kind == "sudoku" else STR8TS_SIZES)
    n = draw(st.sampled_from(pool))
    box = None
    if kind == "sudoku":
        box = DEFAULT_BOX[n] if default_box else draw(st.sampled_from(BOX_SHAPES[n]))
    # Large grids: mostly empty so that examples stay cheap, but every kind appears.
    cells = draw(st.lists(cells_for(n, kind, notes), min_size=n * n, max_size=n * n)) if n <= 9 \
        else _sparse(draw, n, kind, notes)
    puzzle = Puzzle(kind, n, tuple(cells), box)
    return _worded(draw, puzzle) if notes else puzzle


def _sparse(draw: st.DrawFn, n: int, kind: str, notes: bool) -> list[Cell]:
    cells = [EMPTY] * (n * n)
    changes = st.dictionaries(st.integers(0, n * n - 1), cells_for(n, kind, notes), max_size=40)
    for i, cell in draw(changes).items():
        cells[i] = cell
    return cells


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """Random valid layouts: a few b x b windows of boxes placed on a board."""
    b = draw(st.integers(2, 4))
    width = draw(st.integers(b, b + 4))
    height = draw(st.integers(b, b + 4))
    corners = draw(st.lists(
        st.tuples(st.integers(0, height - b), st.integers(0, width - b)), min_size=1, max_size=4))
    enabled = {(r + i) * width + c + j for r, c in corners for i in range(b) for j in range(b)}
    return Layout(b, width, height, frozenset(set(range(width * height)) - enabled))


@st.composite
def layout_puzzles(draw: st.DrawFn, digits_only: bool = False, notes: bool = False) -> Puzzle:
    layout = draw(st.one_of(layouts(), st.just(Layout.samurai())))
    blank = Puzzle.blank(layout=layout)
    n = blank.size
    cell = st.integers(1, n).map(given) if digits_only else cells_for(n, "sudoku", notes)
    changes = draw(st.dictionaries(st.integers(0, len(blank.cells) - 1), cell, max_size=60))
    puzzle = blank.with_cells({i: c for i, c in changes.items() if blank.cells[i].kind != "outside"})
    return _worded(draw, puzzle) if notes else puzzle
