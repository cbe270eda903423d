"""HoDoKu's own regression cases for the uniqueness tests 1-6 and the hidden rectangle
(tests/data/hodoku_reglib_uniqueness.txt): on each case's pencil-mark grid the technique
finds a step removing exactly the candidates HoDoKu removes, including the cases where a
rectangle corner lacks one of its two digits (lost to an elimination, "missing
candidates"), and never one the solution holds. A fail case lists a removal HoDoKu once
made wrongly: it must not be found."""

from __future__ import annotations

import random
from pathlib import Path
from typing import NamedTuple

import pytest

from pycore.formats.tools import hodoku
from pycore.solve import solve
from pycore.solve.techniques import NAMES, TECHNIQUES, UNIQUENESS, State, find, steps
from tests.solve.test_techniques_engine import TOP95, line

DATA = Path(__file__).resolve().parents[1] / "data" / "hodoku_reglib_uniqueness.txt"
TECHNIQUE = {"0600": "uniqueness-1", "0601": "uniqueness-2", "0602": "uniqueness-3",
             "0603": "uniqueness-4", "0604": "uniqueness-5", "0605": "uniqueness-6",
             "0606": "hidden-rectangle"}


class Case(NamedTuple):
    line: str
    technique: str
    variant: str
    """'1': every corner holds both digits; '2': a corner lacks one; 'x': must not be found."""
    digits: tuple[int, ...]
    removed: frozenset[tuple[int, int]]
    """(cell, digit), cells row-major from 0."""


def _candidates(field: str) -> frozenset[tuple[int, int]]:
    """HoDoKu's digit-row-column triples."""
    return frozenset(((int(t[1]) - 1) * 9 + int(t[2]) - 1, int(t[0])) for t in field.split())


def _cases() -> list[Case]:
    out = []
    for text in DATA.read_text().splitlines():
        if not text.startswith(":"):
            continue
        fields = text.split(":")
        code, variant = fields[1].split("-")
        out.append(Case(text, TECHNIQUE[code], variant, tuple(map(int, fields[2])),
                        _candidates(fields[5])))
    return out


CASES = _cases()


def test_the_library_has_missing_candidate_cases_for_every_technique() -> None:
    assert len(CASES) == 114
    assert {c.technique for c in CASES if c.variant == "2"} == set(TECHNIQUE.values())
    assert sum(c.variant == "2" for c in CASES) == 34


@pytest.mark.parametrize("case", CASES, ids=[f"{c.technique}-{c.variant}-{k}"
                                             for k, c in enumerate(CASES)])
def test_hodoku_reglib_case(case: Case) -> None:
    puzzle = hodoku.decode(case.line).puzzle
    found = find(puzzle, case.technique)
    truth = solve(puzzle)
    for step in found:
        assert all(truth.cells[c].digit != d for c, d in step.eliminations), step
    if case.variant == "x":
        assert not any(case.removed & set(step.eliminations) for step in found)
        return
    (step,) = [s for s in found if frozenset(s.eliminations) == case.removed]
    assert sorted(step.digits[:2]) == list(case.digits)  # the rectangle's a and b


def test_a_missing_candidate_case_says_which_corner_lost_which_digit() -> None:
    # HoDoKu's first type 1 case with a missing candidate: r9c9 lost 6 by elimination
    (case,) = [c for c in CASES if c.technique == "uniqueness-1" and c.variant == "2"
               and c.removed == {(80, 8)}]
    (step,) = find(hodoku.decode(case.line).puzzle, "uniqueness-1")
    assert step.explanation == (
        "r8c6, r8c9, r9c6, r9c9 would form a deadly pattern on 6 and 8 (two solutions; 6 is "
        "gone from r9c9, but by elimination, not by a placed digit, so the pattern stands), so "
        "r9c9 is neither 6 nor 8.")


SIMPLE = [n for n in NAMES[:NAMES.index("xyz-wing") + 1] if n not in UNIQUENESS]
RECTANGLES = [t for t in TECHNIQUES if t.name in TECHNIQUE.values()]


@pytest.mark.parametrize("index", (13, 31, 55, 79))
def test_rectangles_with_wrong_digits_struck_out_at_random_stay_sound_on_top95(index: int) -> None:
    """Where the simpler techniques stop on a hard puzzle, strike one wrong digit out of
    about a third of the cells (a corner may lose a or b that way), then every step of
    the rectangle techniques removes only digits the solution does not hold."""
    puzzle = line(TOP95[index])
    truth = [solve(puzzle).cells[i].digit for i in range(81)]
    stuck = State(puzzle)
    for step in steps(puzzle, SIMPLE):
        stuck.apply(step)
    rng = random.Random(index)
    missing = 0
    for _ in range(10):
        state = stuck.copy()
        for c, mask in enumerate(state.masks):
            wrong = [d for d in range(1, 10) if mask >> (d - 1) & 1 and d != truth[c]]
            if wrong and rng.random() < 0.3:
                state.masks[c] &= ~(1 << (rng.choice(wrong) - 1))
        for technique in RECTANGLES:
            for step in technique.finder(state):
                assert all(truth[c] != d for c, d in step.eliminations), step
                missing += "by elimination" in step.explanation
    assert missing  # some steps rested on a corner missing a digit
