"""Hypothesis strategies for puzzles of every kind, size, box shape and layout."""

from __future__ import annotations

from hypothesis import strategies as st

from pycore.model import (
    BLACK,
    DEFAULT_BOX,
    EMPTY,
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


def cells_for(n: int, kind: str) -> st.SearchStrategy[Cell]:
    digit = st.integers(1, n)
    options = [
        st.just(EMPTY),
        digit.map(given),
        digit.map(value),
        st.frozensets(digit, min_size=1).map(candidates),
    ]
    if kind == "str8ts":
        options += [st.just(BLACK), digit.map(black)]
    return st.one_of(options)


@st.composite
def square_puzzles(draw: st.DrawFn, kind: str | None = None, sizes: tuple[int, ...] | None = None,
                   default_box: bool = False) -> Puzzle:
    kind = kind or draw(st.sampled_from(["sudoku", "str8ts"]))
    pool = sizes or (tuple(DEFAULT_BOX) if kind == "sudoku" else STR8TS_SIZES)
    n = draw(st.sampled_from(pool))
    box = None
    if kind == "sudoku":
        box = DEFAULT_BOX[n] if default_box else draw(st.sampled_from(BOX_SHAPES[n]))
    # Large grids: mostly empty so that examples stay cheap, but every kind appears.
    cells = draw(st.lists(cells_for(n, kind), min_size=n * n, max_size=n * n)) if n <= 9 else \
        _sparse(draw, n, kind)
    return Puzzle(kind, n, tuple(cells), box)


def _sparse(draw: st.DrawFn, n: int, kind: str) -> list[Cell]:
    cells = [EMPTY] * (n * n)
    for i, cell in draw(st.dictionaries(st.integers(0, n * n - 1), cells_for(n, kind), max_size=40)).items():
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
def layout_puzzles(draw: st.DrawFn, digits_only: bool = False) -> Puzzle:
    layout = draw(st.one_of(layouts(), st.just(Layout.samurai())))
    blank = Puzzle.blank(layout=layout)
    n = blank.size
    cell = st.integers(1, n).map(given) if digits_only else cells_for(n, "sudoku")
    changes = draw(st.dictionaries(st.integers(0, len(blank.cells) - 1), cell, max_size=60))
    return blank.with_cells({i: c for i, c in changes.items() if blank.cells[i].kind != "outside"})
