"""Compact texts with long tails under MicroPython 1.27 (the page's light worker) against
CPython: version 1 and version 2 (variant) links followed by 1 K to 64 K characters of
the alphabet, and texts made to name a large shape in their header over random bits (the
largest layout's over 64 K characters: refused by their length alike).

These go through the range reader's window (`_rans.Reader`: a long number held as
high * room + low) and the early refusals, whose arithmetic runs on MicroPython's own
long integers: both interpreters must give the same answer, word for word, and neither
hangs (HANG_MS is a bound on a hang; `benchmarks.tails` measures the speed). The
harness is test_in_micropython's (`compare`'s jobs, one MicroPython process in Node).
"""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING

import pytest

from pycore import links
from pycore.formats import compact
from pycore.formats._numeral import to_text
from pycore.formats._rans import Writer
from pycore.model import Layout
from tests.runtimes.test_in_micropython import (
    HANG_MS,
    corpus,
    finish_micropython,
    in_cpython,
    start_micropython,
)

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = [pytest.mark.skipif(sys.platform == "emscripten", reason="Node runs MicroPython"),
              pytest.mark.slow]

LENGTHS = (1_000, 10_000, links.MAX_LINK)
# Headers a tail rarely spells and anyone can write: the largest shapes of each family.
SHAPES = [compact._Plan("sudoku", 25, (5, 5), None), compact._Plan("str8ts", 25, None, None),
          compact._Plan("sudoku", 9, (3, 3), Layout.samurai()),
          compact._Plan("sudoku", 25, (5, 5), Layout(5, 6, 6))]

# The largest layout (5,625 cells) named by a bare header, and by one whose cells may be of
# every kind: over 64 K characters of random bits, refused by their length before the walk
# (bare) or after the kinds' walk (`compact._most_bits`) alike.
LARGEST = [compact._Plan("sudoku", 25, (5, 5), Layout(5, 15, 15)),
           compact._Plan("sudoku", 25, (5, 5), Layout(5, 15, 15), bare=False, symmetry=1)]


def _made(plan: compact._Plan, length: int, rng: random.Random) -> str:
    """A text of about `length` characters: the plan's header over random bits."""
    header = Writer()
    compact._code_header(header, plan)
    return to_text(header.number(rng.getrandbits(6 * length - 12)))


def _texts(rng: random.Random) -> list[tuple[str, str]]:
    """(what, text): the compact text of some puzzles of every kind (version 1, and
    variants: version 2), each with a tail of each length, random or one character
    repeated; and made headers of the largest shapes over 1 K and 10 K characters."""
    puzzles = corpus()
    plain = [p for p in puzzles if not p.is_variant]
    variant = [p for p in puzzles if p.is_variant]
    texts: list[tuple[str, str]] = []
    for p in rng.sample(plain, 5) + rng.sample(variant, 5):
        prefix = compact.encode(p)
        version = "v2" if p.is_variant else "v1"
        for length in LENGTHS:
            need = length - len(prefix)
            tail = (rng.choice(compact.ALPHABET) * need if rng.random() < 0.5
                    else "".join(rng.choice(compact.ALPHABET) for _ in range(need)))
            texts.append((f"{version} {prefix[:12]}... + {need}", prefix + tail))
    for plan in SHAPES:
        for length in LENGTHS[:2]:
            texts.append((f"header of {plan.kind} {plan.size} {plan.layout}", _made(plan, length, rng)))
    for plan in LARGEST:
        texts.append((f"header of {plan.layout}, bare {plan.bare}", _made(plan, LENGTHS[-1] - 4, rng)))
    return texts


def test_compact_texts_with_long_tails_are_read_alike_and_in_time(tmp_path: Path) -> None:
    texts = _texts(random.Random(42))
    jobs = [["read_in_time", [text, HANG_MS]] for _, text in texts]
    running = start_micropython(jobs, tmp_path)
    ours = in_cpython(jobs)
    theirs = finish_micropython(running, tmp_path)
    for (what, text), cpython, micropython in zip(texts, ours, theirs, strict=True):
        said = f"{what} ({len(text)} characters)"
        assert micropython[1] and cpython[1], f"over {HANG_MS} ms: {said}"
        assert micropython == cpython, f"{said}: {json.dumps(micropython)[:300]}"
        if what.startswith("header of Layout(box=5, width=15"):
            assert "bits for this shape and kinds of cells" in json.dumps(cpython), said


def test_a_long_variant_link_reads_back_alike(tmp_path: Path) -> None:
    """A variant puzzle with long rules (its number through the window): read by both
    interpreters to the same puzzle."""
    rng = random.Random(8)
    variants = [p for p in corpus() if p.is_variant][:4]
    texts = []
    for p in variants:
        words = "".join(rng.choice("abc de\n") for _ in range(900))
        texts.append(compact.encode(p.with_info(p.title, p.author, words)))
    assert all(len(t) > 500 for t in texts)
    jobs = [["read_text", [t]] for t in texts]
    running = start_micropython(jobs, tmp_path)
    ours = in_cpython(jobs)
    theirs = finish_micropython(running, tmp_path)
    assert theirs == ours
    assert all(answer[0] == "compact" for answer in ours)
