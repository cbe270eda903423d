"""Start-up from the build's memory snapshot, and the normal start when the snapshot fails.

The snapshot carries PYCORE_SNAPSHOT in the interpreter's environment (web/snapshot.mjs),
and the page's Python writes what it found into `data-started-from`: "snapshot" can only
come from a restored interpreter, "fresh" only from one that initialised itself.
"""

from __future__ import annotations

from playwright.sync_api import Route

from pycore import links
from pycore.site import PAGE_MODULES

from .conftest import App
from .samples import sudoku9_givens

SNAPSHOT = "**/vendor/pyodide-*/snapshot.*.gz"


def started_from(app: App) -> str:
    found: str = app.page.evaluate("() => document.documentElement.dataset.startedFrom")
    return found


def compiled(app: App) -> str:
    """Where the page's own modules were compiled: "snapshot" (at build) or "visit"."""
    found: str = app.page.evaluate("() => document.documentElement.dataset.compiled")
    return found


def type_in_first_empty_cell(app: App, digit: str) -> list[str]:
    """Click cell (0, 1) of the givens sample, type a digit: the restored page still edits."""
    app.cell(0, 1).click()
    app.page.keyboard.press(digit)
    return [text for row, col, _, text in app.grid() if row == 0 and col == 1]


def test_the_page_starts_from_the_builds_snapshot(app: App) -> None:
    app.open(links.best(sudoku9_givens())[1])
    assert started_from(app) == "snapshot"
    assert compiled(app) == "snapshot"
    assert sum("/snapshot." in url for url in app.requests) == 1
    # pycore and the page's own modules came in the snapshot: the only Python fetched is main.py
    ours = [url.rsplit("/", 1)[1].split(".")[0] for url in app.requests
            if "/assets/" in url and url.endswith((".py", ".zip"))]
    assert ours == ["main"]
    assert type_in_first_empty_cell(app, "4") == ["4"]


def test_a_broken_snapshot_falls_back_to_a_normal_start(app: App) -> None:
    def broken(route: Route) -> None:
        route.fulfill(status=200, body=b"this is not a gzip stream")

    app.page.route(SNAPSHOT, broken)
    app.open(links.best(sudoku9_givens())[1])
    assert started_from(app) == "fresh"
    assert compiled(app) == "visit"
    # main.py fetched what the snapshot would have held: pycore's zip and each page module, once
    ours = sorted(url.rsplit("/", 1)[1].split(".")[0] for url in app.requests
                  if "/assets/" in url and url.endswith((".py", ".zip")))
    assert ours == sorted(["main", "pycore", *(name.removesuffix(".py") for name in PAGE_MODULES)])
    assert type_in_first_empty_cell(app, "7") == ["7"]


def test_a_missing_snapshot_falls_back_to_a_normal_start(app: App) -> None:
    app.page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body=b""))
    app.open(links.best(sudoku9_givens())[1])
    app.problems[:] = [p for p in app.problems if "404" not in p]  # the failed fetch's own line
    assert started_from(app) == "fresh"
