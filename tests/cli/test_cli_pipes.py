"""What one verb prints, every verb that takes a text reads: each verb's output (in each
format it writes) piped into each verb that reads TEXT, through `main()` in this process.

Our own formats are read before other tools' readers, so a compact text that has the shape
of another tool's header string (sudokuwiki's `S9B…`) is still ours.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json

import pytest

from pycore import formats, links
from pycore.cli import main
from pycore.formats import tools
from pycore.formats.json import from_json
from pycore.formats.tools import sudokuwiki
from pycore.model import Puzzle
from pycore.solve import solve

# A 9x9 sudoku with one solution, givens only: a state every format of ours but str8ts and
# every export target holds; and a str8ts, which compact, str8ts, jcode and JSON hold.
GRID = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def sudoku() -> Puzzle:
    return tools.read(GRID).puzzle


def str8ts() -> Puzzle:
    from tests.solve.test_solve import STR8TS_PUBLIC, from_bw

    return from_bw(STR8TS_PUBLIC)


PUZZLES = {"sudoku": sudoku, "str8ts": str8ts}

# (puzzle, the verb and its words before the text). A bare str8ts or jcode text does not
# say its kind (a link's tag does: `links`), so a str8ts goes through those as links only.
PRODUCERS: list[tuple[str, tuple[str, ...]]] = [
    *[("sudoku", verb) for verb in (
        ("decode", "auto"),
        *[("encode", name) for name in formats.FORMATS if name != "str8ts"],
        *[("convert", "auto", name) for name in formats.FORMATS if name != "str8ts"],
        *[("link", "--format", name) for name in links.link_formats() if name != "str8ts"],
        ("link",),
        *[("export", name) for name in tools.names()],
        ("solve", "auto"),
    )],
    *[("str8ts", verb) for verb in (
        ("decode", "auto"),
        ("encode", "compact"), ("encode", "json"), ("convert", "auto", "compact"),
        *[("link", "--format", name) for name in ("compact", "str8ts", "jcode")],
        ("link",),
        ("solve", "auto"),
    )],
]
# verbs that read a text; `export line` takes a sudoku only (and leaves out pencil marks,
# which the HoDoKu exports write for every open cell)
CONSUMERS: list[tuple[str, ...]] = [
    ("decode", "auto"),
    ("encode", "compact"),
    ("convert", "auto", "json"),
    ("link",),
    ("export", "line", "--lossy"),
    ("solve", "auto", "--count"),
    ("render",),
]
PIPES = [(case, consumer) for case in PRODUCERS for consumer in CONSUMERS
         if case[0] == "sudoku" or consumer[0] != "export"]


def run(*argv: str) -> tuple[int, str, str]:
    """`main(argv)` in this process: (exit status, standard output stripped, standard error)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue().strip(), err.getvalue()


@functools.cache
def produce(kind: str, producer: tuple[str, ...]) -> str:
    """What `producer` prints for the puzzle (each verb runs once for all its pipes)."""
    source = GRID if kind == "sudoku" else links.link(PUZZLES[kind]())
    code, out, err = run(*producer, "--", source)
    assert code == 0, (producer, err)
    return out


@functools.cache
def read_back(text: str) -> Puzzle:
    code, out, err = run("decode", "auto", "--", text)
    assert code == 0, (text, err)
    return from_json(json.loads(out))


def digits(puzzle: Puzzle) -> list[int]:
    return [cell.digit for cell in puzzle.cells]


def named(case: tuple[str, tuple[str, ...]]) -> str:
    return case[0] + ": " + " ".join(case[1])


@pytest.mark.parametrize("case", PRODUCERS, ids=named)
def test_every_output_reads_back_as_the_puzzle_it_holds(
    case: tuple[str, tuple[str, ...]]
) -> None:
    kind, producer = case
    text = produce(kind, producer)
    puzzle = PUZZLES[kind]()
    expected = solve(puzzle) if producer[0] == "solve" else puzzle
    assert digits(read_back(text)) == digits(expected)


@pytest.mark.parametrize(("case", "consumer"), PIPES,
                         ids=[f"{named(case)} | {' '.join(consumer)}" for case, consumer in PIPES])
def test_every_verb_that_takes_text_reads_every_verbs_output(
    case: tuple[str, tuple[str, ...]], consumer: tuple[str, ...]
) -> None:
    kind, producer = case
    text = produce(kind, producer)
    code, out, err = run(*consumer, "--", text)
    assert code == 0, (producer, consumer, text, err)
    assert err.startswith("gridlinks: read as "), err  # every consumer here detects the format
    if consumer[0] == "solve":
        assert out == "1"
    elif consumer[0] == "render":
        assert out.startswith("<svg")
    else:
        assert digits(read_back(out)) == digits(read_back(text))


def test_a_compact_text_that_looks_like_a_header_string_is_ours() -> None:
    text = produce("sudoku", ("convert", "auto", "compact"))
    assert sudokuwiki.is_header_string(text)  # the shape of a sudokuwiki `S9B…` string
    code, _, err = run("export", "line", "--", text)
    assert code == 0 and err == "gridlinks: read as compact\n", err
