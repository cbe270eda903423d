"""New puzzle's progress and Cancel in the page (web/light/solver_view.py, web/heavy/heavy.py).

A slow shape's puzzle counts its seconds while it is made, and Cancel stops the heavy
worker's generator between two of its steps: the grid, its link and its history stay as
they were, and Hint and New puzzle work at once afterwards. The seed is fixed (a
`data-seed` on the button) so that the puzzle is known to take seconds: Samurai hard's
seed 15 digs several solved grids (about 8 s in CPython on the machine of
docs/performance.md, and no less in the page's Pyodide).
"""

from __future__ import annotations

import time

from pycore import links
from pycore.app import heavy_messages, messages
from pycore.solve import count_solutions, solve
from pycore.solve.generate import generate
from pycore.solve.techniques import grade
from tests.web.conftest import MADE, WATCH_JS, App, new_puzzle, settle

SLOW_SEED = "15"  # Samurai hard: several digs (benchmarks.generate lists it among the slowest)


def test_cancel_stops_a_slow_new_puzzle_and_leaves_the_grid(app: App) -> None:
    puzzle = generate("samurai", "easy", seed=1)
    shared = links.shares(puzzle)
    assert shared.lossless is not None
    page = app.open(shared.lossless.fragment)
    page.wait_for_function("document.documentElement.dataset.heavy === 'ready'", timeout=MADE)
    first = next(i for i, c in enumerate(puzzle.cells) if c.kind == "empty")
    row, col = divmod(first, puzzle.cols)
    app.cell(row, col).click()
    digit = str(solve(puzzle).cells[first].digit)
    page.keyboard.press(digit)  # the player's digit: it must survive the cancelled puzzle
    settle(page)
    assert page.input_value("#shape") == "samurai"
    page.select_option("#level", "hard")
    settle(page)
    grid, address = app.grid(), page.evaluate("location.href")
    assert page.is_hidden("#cancel-new")

    page.evaluate(WATCH_JS)
    page.eval_on_selector("#new", f"(b) => {{ b.dataset.seed = '{SLOW_SEED}'; }}")
    page.click("#new")
    page.wait_for_selector("#cancel-new", state="visible", timeout=MADE)
    assert page.is_disabled("#new")
    # the seconds so far, asked of the worker while it works (it takes calls between steps)
    page.wait_for_function(
        "document.getElementById('message').textContent.includes('s so far')", timeout=MADE)
    said = page.inner_text("#message")
    assert said.startswith(messages.MAKING_PUZZLE) and "Cancel stops it" in said
    pressed = time.perf_counter()
    page.click("#cancel-new")
    page.wait_for_function(
        f"document.getElementById('message').textContent === {heavy_messages.PUZZLE_CANCELLED!r}",
        timeout=MADE)
    stopped = time.perf_counter() - pressed
    settle(page)
    assert page.inner_text("#message") == heavy_messages.PUZZLE_CANCELLED
    assert not any(m.startswith("A new") for m in page.evaluate("window.__seen.messages"))
    assert app.grid() == grid and page.evaluate("location.href") == address
    assert page.is_enabled("#new") and page.is_hidden("#cancel-new")
    assert page.is_enabled("#undo")  # the grid's history is the one it had: Undo takes the digit back
    print(f"\nCancel answered after {stopped:.2f} s")

    # the worker is free at once: a hint on the grid as it is, then a new puzzle
    page.click("#hint")
    settle(page)
    assert page.inner_text("#message").startswith("Hint: ")
    page.eval_on_selector("#new", "(b) => { delete b.dataset.seed; }")
    page.select_option("#level", "easy")
    settle(page)
    page.click("#new")
    page.wait_for_function(
        "document.getElementById('message').textContent.startsWith('A new easy')", timeout=MADE)
    settle(page)
    made = links.read(page.evaluate("location.href"))[1]
    assert made.layout == puzzle.layout and made != puzzle
    assert count_solutions(made, limit=2) == 1
    assert grade(made).level == "easy"
    assert page.is_hidden("#cancel-new")


def test_a_seeded_new_puzzle_is_the_generators_puzzle_for_that_seed(app: App) -> None:
    page = app.open()
    new_puzzle(page, "sudoku-9", "hard", seed=3)
    assert links.read(page.evaluate("location.href"))[1] == generate("9x9", "hard", seed=3)
