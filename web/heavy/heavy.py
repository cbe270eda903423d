"""The page's heavy Python: a Pyodide worker that solves, hints, makes puzzles, reads and
writes other tools' texts and draws QR codes and SVGs.

The page's Python (MicroPython in its own worker, web/light/page.py) starts this worker once its grid
takes input, so the first screen never waits for Pyodide's 20 MB; until it answers,
those buttons say they are loading. Every call takes and returns plain text: a puzzle
crosses as its JSON form (`pycore.formats.json`, lossless for every state), and the
answers are JSON objects. What to say to the player is decided here, beside the code
that knows it; the page shows it. This module touches no DOM (a worker of a page that is
not cross-origin isolated cannot), so it runs the same under any host.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import time
from typing import Any

import pyodide_js  # the running Pyodide's API (loadPackage)
from pyodide.ffi import to_js

from pycore import links
from pycore.app import crossings, heavy_messages, messages
from pycore.errors import FormatError, PuzzleError
from pycore.formats import json as json_form
from pycore.model import Puzzle
from pycore.solve import advice, count_solutions, techniques
from pycore.solve import solve as solved
from pycore.solve.generate import GenerateFailed, making
from pycore.solve.start import NoSolution
from pycore.variants import describe

# The page's address (without its fragment) and the build's optional wheels, module -> site
# paths; `start` sets them (a worker started from a blob: URL cannot resolve site paths).
PLACE: dict[str, Any] = {"base": "", "wheels": {}}
LOADED: set[str] = set()


def _answer(**fields: Any) -> str:
    return json.dumps(fields, separators=(",", ":"))


def _said(text: str, error: bool = False) -> str:
    return _answer(said=text, error=error)


def svg_url(svg: str) -> str:
    """A data: URL for an <img> showing an SVG document (an SVG there runs no script). Made
    here: base64 of a large QR code in MicroPython took the page's heap to its limit."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _puzzle(state: str) -> Puzzle:
    return json_form.decode(state)


def _state(puzzle: Puzzle) -> str:
    return json_form.encode(puzzle)


def start(facts: str) -> str:
    """The page's address and wheel list; the answer says the worker is up."""
    PLACE.update(json.loads(facts))
    random.seed()
    return _answer(ready=True)


# -- check, solve --------------------------------------------------------------------


def check(state: str) -> str:
    p = _puzzle(state)
    if p.unchecked:  # no answer is true of rules that cannot be read: said, not guessed
        return _said(heavy_messages.cannot_check_unread(p), error=True)
    broken = p.broken() if p.constraints else []
    if broken:  # a rule the digits already break, named (its cells are red on the grid)
        return _said(heavy_messages.rule_broken([describe(item, p.cols) for item, _ in broken]), error=True)
    try:
        count = count_solutions(p, limit=2)
    except PuzzleError as err:
        return _said(heavy_messages.cannot_check(err), error=True)
    if count == 0:
        return _said(heavy_messages.NO_SOLUTION, error=True)
    if p.is_solved:
        return _said(heavy_messages.CHECKED_SOLVED)
    if count == 1:  # the marks are checked against the one solution, as Hint checks them
        try:
            answer = solved(p)
        except PuzzleError as err:
            return _said(heavy_messages.cannot_check(err), error=True)
        marks = advice.wrong_marks(p, answer)
        if marks is not None:
            return _said(heavy_messages.mistake_in_marks(marks.text), error=True)
        return _said(heavy_messages.NO_MISTAKES)
    return _said(heavy_messages.NO_MISTAKES_SEVERAL)


def solve(state: str) -> str:
    try:
        result = solved(_puzzle(state))
    except PuzzleError as err:
        return _said(heavy_messages.cannot_solve(err), error=True)
    return _answer(state=_state(result), said=heavy_messages.SOLVED, error=False)


def shares(state: str, fmt: str) -> str:
    """The page's links of a grid (`links.shares`, "" for the shortest): its keystroke's
    main cost, which MicroPython pays several times over."""
    found = links.shares(_puzzle(state), fmt or None)

    def share(it: links.Share | None) -> list[Any] | None:
        if it is None:
            return None
        return [it.format, it.fragment, [[part.what, part.count, part.detail] for part in it.lost]]

    return _answer(chosen=share(found.chosen), lossless=share(found.lossless), shortest=found.shortest,
                   refusal=found.refusal)


def doubt(state: str, format: str) -> str:
    """A link that opened to a grid with no solution, or several, may have been cut or
    changed: what to say instead of its "Opened ..." line ("" when one solution fits)."""
    return _said(messages.doubt(_puzzle(state), format) or "", error=True)


# -- hint ----------------------------------------------------------------------------


def hint(state: str) -> str:
    """The simplest next step on the grid as it is (`pycore.solve.advice`, the same hint as
    the command line's): what it changes, the pattern to draw (a chain's links too), the
    words for the message line, and the grid with it applied (the second press). A player's digit that the one
    solution contradicts is named first, and nothing is deduced from it."""
    p = _puzzle(state)
    if p.is_solved:
        return _said(heavy_messages.NOTHING_TO_HINT)
    try:
        told = advice.hint(p)
    except NoSolution:
        return _said(heavy_messages.NO_SOLUTION, error=True)
    except PuzzleError as err:
        return _said(heavy_messages.no_hint(err), error=True)
    if told.kind == "wrong":
        return _said(heavy_messages.check_your_digits(told.text), error=True)
    if told.kind == "unchecked":  # rules it cannot read: no step would be true of them
        return _said(told.text, error=True)
    step = told.step
    if step is None:
        return _said(heavy_messages.no_step())
    return _answer(
        said=heavy_messages.hinting(step.explanation, step.technique), error=False,
        step={"placements": step.placements, "eliminations": step.eliminations,
              "cells": step.cells, "digits": step.digits,
              # a hidden single's or full house's house, tinted whole
              "house": list(advice.house_of(p, step)),
              # a chain's links in order, [from cell, from digit, to cell, to digit, strong]
              "links": [list(link) for link in step.links]},
        applied=_state(techniques.apply(p, step)),
        applied_said=heavy_messages.hint_applied(len(step.placements), len(step.eliminations)),
    )


WALK_SECONDS = 0.25
"""How long one answer walks a solution path on: Hint, Check and the rest wait at most
that long (and one technique search) behind a long path."""

# The one solution path being walked (a new grid's path replaces it): the grid's state as
# the page sent it, the walk, and the score so far.
WALKING: dict[str, Any] = {}


def path(state: str) -> str:
    """The solution path of the grid as it is (`advice.Walk`, the walk of `gridlinks grade
    --path`, going on through HoDoKu's guesses where no technique applies): the first
    stretch of it. Each step comes with its score and the running total, as HoDoKu lists
    them; `more` says the page should ask `path_more` for the next stretch. A wrong digit of
    the player's is named instead, as Hint names it."""
    WALKING.clear()
    try:
        walk = advice.Walk(_puzzle(state))
    except NoSolution:
        return _said(heavy_messages.NO_SOLUTION, error=True)
    except PuzzleError as err:
        return _said(heavy_messages.no_path(err), error=True)
    if walk.told is not None:
        told = walk.told
        return _said(heavy_messages.check_your_digits(told.text) if told.kind == "wrong"
                     else heavy_messages.NO_PATH_LEFT, error=told.kind == "wrong")
    WALKING.update(state=state, walk=walk, total=0)
    return _walked()


def path_more(state: str) -> str:
    """The next stretch of the path `path` began for this state; `gone` when another
    grid's path has replaced it (the page then asks `path` again)."""
    if WALKING.get("state") != state:
        return _answer(gone=True)
    return _walked()


def _walked() -> str:
    walk: advice.Walk = WALKING["walk"]
    try:
        taken = walk.go(WALK_SECONDS)
    except NoSolution:
        WALKING.clear()
        return _said(heavy_messages.NO_SOLUTION, error=True)
    lines = []
    for step in taken:
        score = techniques.score_of(step.technique)
        WALKING["total"] += score
        lines.append(heavy_messages.path_step(step.technique, score, WALKING["total"], step.explanation))
    guesses = sum(1 for step in walk.path if step.technique == techniques.BRUTE_FORCE)
    guessed = advice.guesses_words(guesses)
    graded = walk.grade
    if graded is None:
        return _answer(said=heavy_messages.path_walking(len(walk.path), guessed), error=False, steps=lines,
                       more=True)
    WALKING.clear()
    said = heavy_messages.path_graded(graded.level, graded.score, graded.steps, guessed, graded.hardest or "",
                                stuck=not (graded.solved or guesses), unique=walk.unique)
    return _answer(said=said, error=False, steps=lines, more=False)


# -- new puzzle ----------------------------------------------------------------------


MAKING_SLICE = 0.05
"""How long the generator runs (`generate.making`'s steps) before this worker takes other
calls: Hint, Check, a keystroke's link and Cancel wait at most that long (and one step)
while a puzzle is being made."""

# The puzzle being made (none, or one): its job, {"cancelled": bool, "attempt": int}.
MAKING: list[dict[str, Any]] = []


async def new_puzzle(shape: str, level: str, seed: str = "") -> str:
    """A puzzle of the shape and level, made here with a fresh random seed (or `seed`'s
    puzzle, the one `generate` makes for it), a slice at a time (`MAKING_SLICE`);
    `cancel_puzzle` stops it between two steps (the answer then says `cancelled`), and so
    does another call of this."""
    cancel_puzzle()
    job: dict[str, Any] = {"cancelled": False, "attempt": 0}
    MAKING[:] = [job]
    started = paused = time.perf_counter()
    steps = making(shape, level, int(seed) if seed.isdigit() else random.SystemRandom().randrange(2**32))
    try:
        while True:
            job["attempt"] = next(steps)
            if time.perf_counter() - paused >= MAKING_SLICE:
                await asyncio.sleep(0)  # a task on the browser's event loop: calls come in
                paused = time.perf_counter()
                if job["cancelled"]:
                    steps.close()
                    return _answer(cancelled=True, said=heavy_messages.PUZZLE_CANCELLED, error=False)
    except StopIteration as done:
        puzzle: Puzzle = done.value
    except GenerateFailed:
        return _said(heavy_messages.no_puzzle_made(level), error=True)
    except (ValueError, PuzzleError) as err:
        return _said(heavy_messages.cannot_make(err), error=True)
    finally:
        if MAKING and MAKING[0] is job:
            MAKING.clear()
    took = time.perf_counter() - started
    givens = sum(1 for c in puzzle.cells if c.kind == "given")
    return _answer(state=_state(puzzle), error=False,
                   said=heavy_messages.puzzle_made(level, givens, took))


def cancel_puzzle() -> str:
    """Stop the puzzle being made (its `new_puzzle` answers `cancelled` at its next pause);
    the answer says whether one was."""
    for job in MAKING:
        job["cancelled"] = True
    return _answer(cancelled=bool(MAKING))


def puzzle_progress() -> str:
    """How far the puzzle being made has got: its attempt (a dig of a solved grid, counted
    from 1), or null when none is being made."""
    return _answer(attempt=MAKING[0]["attempt"] + 1 if MAKING else None)


# -- other tools ---------------------------------------------------------------------


class WheelUnavailable(Exception):
    """An optional wheel could not be fetched from this site (offline with an empty cache,
    say): the player is told in plain words; this is no fault of any puzzle format."""

    def __init__(self, module: str) -> None:
        super().__init__(heavy_messages.not_loaded(module))


async def _load_wheel(module: str) -> None:
    """A wheel the build put beside the page, loaded from this origin on first use."""
    if module in LOADED:
        return
    base = str(PLACE["base"])
    paths = PLACE["wheels"].get(module, [])
    if not paths or not base:
        raise WheelUnavailable(module)
    from urllib.parse import urljoin

    try:
        await pyodide_js.loadPackage(to_js([urljoin(base, path) for path in paths]))
    except Exception:  # offline with an empty cache, say: the caller says so, as text
        raise WheelUnavailable(module) from None
    LOADED.add(module)


def read_any(text: str) -> str:
    """A pasted text in any format we or other tools write: the grid, its format and what
    could not be kept; or, when nothing fits, the player's words for why."""
    try:
        found = links.read_any(text)
    except (FormatError, PuzzleError) as err:
        return _said(messages.pasting(err, text), error=True)
    return _answer(state=_state(found.puzzle), format=found.format, warnings=list(found.warnings))


def survey(state: str) -> str:
    """One verdict per export target: whether it holds this grid, and what it leaves out."""
    from pycore.formats import tools as exports

    return json.dumps([{"name": v.name, "title": v.title, "is_link": v.is_link,
                        "refused": v.refused, "lost": [str(part) for part in v.lost]}
                       for v in exports.survey(_puzzle(state))])


def export(name: str, state: str) -> str:
    from pycore.formats import tools as exports

    try:
        text = exports.export(name, _puzzle(state), True)
    except FormatError as err:
        return _answer(error=heavy_messages.cannot_export(err))
    return _answer(text=text, title=exports.EXPORTS[name].title)


async def qr(link: str) -> str:
    """The QR code of a link, as SVG (segno, loaded from this site on first use)."""
    try:
        await _load_wheel("segno")
    except WheelUnavailable as err:
        return _answer(error=heavy_messages.no_qr(str(err)))
    from pycore.render.qr import qr_svg

    try:
        return _answer(url=svg_url(qr_svg(link)))
    except FormatError as err:
        return _answer(error=heavy_messages.no_qr(str(err)))


def svg(state: str) -> str:
    from pycore.render.svg import render_svg

    return _answer(url=svg_url(render_svg(_puzzle(state))))


# what the page may call, by the names the light worker calls them by
__export__ = list(crossings.HEAVY_FUNCTIONS)
