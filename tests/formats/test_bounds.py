"""Bounded work: the worst inputs each decoder can be handed, timed.

Every input here is as large or as costly as the documented bounds allow (or just
over them). Each must end in a puzzle or a FormatError; the table printed with
`pytest -s` shows how long each took. The only time limit asserted is a hang
guard far above any real cost; speed itself lives in the benchmarks.
"""

from __future__ import annotations

import base64
import random
import time
from collections.abc import Callable

import pytest

import pycore
from pycore import links
from pycore.formats import binary, compact
from pycore.formats.tools import _common
from pycore.model import MAX_AUTHOR, MAX_RULES, MAX_TITLE, Puzzle, candidates
from pycore.solve import SearchTooLong, count_solutions

HANG_GUARD = 20.0  # seconds; a decoder near this is broken, not slow

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _urlsafe(length: int) -> str:
    return "".join(B64[(i * 37 + i // 64) % 64] for i in range(length))


def _full_candidates_25() -> Puzzle:
    """The most costly 25x25 state for the field formats: every cell holds every mark."""
    return Puzzle.blank(size=25).with_cells(
        {i: candidates(range(1, 26)) for i in range(625)})


def _random_marks_25() -> Puzzle:
    """The most costly 25x25 state for compact: marks with no pattern to exploit."""
    rng = random.Random(8)
    return Puzzle.blank(size=25).with_cells(
        {i: candidates(rng.sample(range(1, 26), rng.randint(1, 25))) for i in range(625)})


def _random_notes_25() -> Puzzle:
    """The most costly 25x25 state for compact's notes: random centre and corner marks and
    colours everywhere, and the longest words, none of them ASCII."""
    rng = random.Random(9)
    return Puzzle.blank(size=25).with_cells({
        i: candidates(rng.sample(range(1, 26), rng.randint(1, 25)))
        .with_corner(rng.sample(range(1, 26), rng.randint(1, 25)))
        .with_colours(rng.sample(range(1, 10), rng.randint(1, 9))) for i in range(625)
    }).with_info("\u00e9" * MAX_TITLE, "\U0001f600" * MAX_AUTHOR, "\u4e00" * MAX_RULES)


FULL, RANDOM, NOTED = _full_candidates_25(), _random_marks_25(), _random_notes_25()
HUGE_LAYOUT = bytes([0, 1, 5, 15, 15]) + b"\xff" * 28 + b"\x80"  # 225 boxes of 5, all enabled

WORST: dict[str, Callable[[], object]] = {
    "link just over 64 KiB": lambda: links.read("o:" + "0" * links.MAX_LINK),
    "link of 64 KiB, bare compact alphabet": lambda: links.read(_urlsafe(links.MAX_LINK)),
    "compact 25x25, random marks everywhere": lambda: pycore.decode(
        "compact", pycore.encode("compact", RANDOM)),
    "compact 25x25, random notes everywhere": lambda: pycore.decode(
        "compact", pycore.encode("compact", NOTED)),
    "compact just over its longest": lambda: pycore.decode("compact", _urlsafe(compact.LONGEST_TEXT + 1)),
    "offset 25x25, every mark everywhere": lambda: pycore.decode("offset", pycore.encode("offset", FULL)),
    "str8ts 25x25, every mark everywhere": lambda: pycore.decode(
        "str8ts", pycore.encode("str8ts", FULL, lossy=True)),
    "jcode 25x25, every mark everywhere": lambda: pycore.decode("jcode", pycore.encode("jcode", FULL)),
    "jcode 10 MB of tokens": lambda: pycore.decode("jcode", "A" * 10_000_000),
    "bitcell 25x25, every mark everywhere": lambda: pycore.decode("bitcell", pycore.encode("bitcell", FULL)),
    "binary header claiming 15x15 boxes of 5": lambda: pycore.decode(
        "binary", base64.b64encode(HUGE_LAYOUT).decode()),
    "binary 15x15 boxes of 5, all there": lambda: binary.decode_bytes(HUGE_LAYOUT + bytes(225 * 25)),
    "binary one byte over its largest": lambda: binary.decode_bytes(bytes(binary.MAX_BYTES + 1)),
    "json of 1 MiB": lambda: pycore.decode(
        "json", '{"kind":"sudoku","size":9,"cells":[' + " " * (pycore.formats.MAX_TEXT - 40) + "]}"),
    "json 25x25, every mark everywhere": lambda: pycore.decode("json", pycore.encode("json", FULL)),
    "json nested 100 000 deep": lambda: pycore.decode("json", "[" * 100_000),
    "import text of 1 MiB": lambda: links.read_any("." * _common.MAX_TEXT),
    "lz-string link at its cap": lambda: links.read_any(
        "https://f-puzzles.com/?load=" + "N4Ig" + "zglgXg" * (_common.MAX_LZ // 6)),
}


def _run(case: Callable[[], object]) -> tuple[str, float]:
    start = time.perf_counter()
    try:
        result = case()
        outcome = "read" if isinstance(result, (Puzzle, tuple)) or result is not None else "?"
    except pycore.FormatError as err:
        outcome = f"refused at {err.unit} {err.pos}" if err.pos is not None else "refused"
    return outcome, time.perf_counter() - start


def test_worst_inputs_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    rows = []
    for name, case in WORST.items():
        outcome, took = _run(case)
        assert took < HANG_GUARD, name
        rows.append(f"{name:<42} {took * 1000:>9.1f} ms  {outcome}")
    with capsys.disabled():
        print("\nworst inputs (2-core machine):\n" + "\n".join(rows))


def test_solver_budget_stops_a_hopeless_search() -> None:
    """An empty 25x25 has astronomically many solutions: counting them must stop at the budget."""
    with pytest.raises(SearchTooLong):
        count_solutions(Puzzle.blank(size=25), limit=10**9, max_nodes=5_000)


def test_every_reader_of_pasted_text_keeps_the_one_bound() -> None:
    import inspect

    from pycore.formats import json as json_reader
    from pycore.formats import tools

    assert tools.MAX_TEXT is _common.MAX_TEXT is pycore.formats.MAX_TEXT == 1 << 20
    assert inspect.signature(json_reader.loads).parameters["max_length"].default == pycore.formats.MAX_TEXT
    assert compact.LONGEST_TEXT < pycore.formats.MAX_TEXT  # compact's own, tighter bound
