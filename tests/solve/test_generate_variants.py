"""New variant puzzles (pycore/solve/generate_variants.py): killer, jigsaw, X and windoku.

Each shape's puzzle has one solution, counted with its rules; that solution keeps every
rule; the same seed gives the same puzzle; the level asked is the level it grades at.
Seeds and levels are small ones known to be quick.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from pycore import links
from pycore.model import Puzzle
from pycore.shapes import WINDOWS
from pycore.solve import count_solutions, solve
from pycore.solve.generate import generate, shape_name
from pycore.solve.generate_variants import (
    VARIANT_SHAPES,
    killer_level,
    random_regions,
    variant_blank,
    variant_levels,
)
from pycore.solve.techniques import grade
from pycore.variants import Cage, ExtraRegion, Rule

CASES = [("x", "medium"), ("windoku", "hard"), ("jigsaw-9", "medium"), ("jigsaw-6", "easy"),
         ("jigsaw-7", "medium"), ("killer", "medium"), ("killer-givens", "easy"),
         ("killer-givens", "unfair")]


def _keeps_every_rule(solved: Puzzle) -> None:
    assert all(c.digit for c in solved.cells)
    assert not solved.conflicts() and solved.broken() == []


@pytest.mark.parametrize(("shape", "level"), CASES)
def test_each_shape_makes_a_unique_puzzle_of_its_level_whose_solution_keeps_its_rules(
        shape: str, level: str) -> None:
    made = generate(shape, level, seed=1)
    assert made.is_variant
    assert count_solutions(made) == 1
    _keeps_every_rule(solve(made))
    if shape.startswith("killer"):
        assert killer_level(made) == level
    else:
        assert grade(made).level == level


@pytest.mark.parametrize(("shape", "level"), CASES[:3] + CASES[5:6])
def test_the_same_seed_gives_the_same_puzzle(shape: str, level: str) -> None:
    first = generate(shape, level, seed=1)
    assert generate(shape, level, seed=1) == first
    assert generate(shape, level, seed=0) != first


def test_each_shape_carries_its_own_rules() -> None:
    x = generate("x", "easy", seed=1)
    assert set(x.constraints) == {Rule("diagonal+"), Rule("diagonal-")}
    windoku = generate("windoku", "easy", seed=1)
    assert set(windoku.constraints) == {ExtraRegion(w) for w in WINDOWS}
    killer = generate("killer", "easy", seed=1)
    assert killer.constraints and all(isinstance(c, Cage) for c in killer.constraints)
    assert not any(c.kind == "given" for c in killer.cells)
    assert sorted(i for c in killer.constraints for i in c.cells) == list(range(81))
    assert all(1 <= len(c.cells) <= 5 for c in killer.constraints)
    with_givens = generate("killer-givens", "easy", seed=1)
    assert any(c.kind == "given" for c in with_givens.cells)
    jigsaw = generate("jigsaw 6x6", "easy", seed=1)
    assert jigsaw.size == 6 and jigsaw.regions is not None and jigsaw.box is None


def test_jigsaw_regions_are_connected_cuts_into_n_regions_of_n_cells() -> None:
    for n in (4, 5, 6, 7, 8, 9):
        regions = random_regions(n, random.Random(n))
        assert sorted(regions.count(k) for k in range(n)) == [n] * n
        for k in range(n):
            cells = [i for i, r in enumerate(regions) if r == k]
            seen, todo = {cells[0]}, [cells[0]]
            while todo:
                r, c = divmod(todo.pop(), n)
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    j = rr * n + cc
                    if 0 <= rr < n and 0 <= cc < n and regions[j] == k and j not in seen:
                        seen.add(j)
                        todo.append(j)
            assert len(seen) == n


def test_every_variant_shape_has_a_blank_and_its_levels() -> None:
    for name, _ in VARIANT_SHAPES:
        assert variant_blank(name).size in range(4, 10)
        assert variant_levels(name)
    assert shape_name("Jigsaw") == "jigsaw-9" and shape_name("jigsaw 6x6") == "jigsaw-6"
    with pytest.raises(ValueError, match="can only be made"):
        generate("jigsaw-4", "hard", seed=1)


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in wasm")
def test_the_command_line_makes_a_killer_whose_link_reads_back_as_one() -> None:
    done = subprocess.run([sys.executable, "-m", "pycore", "new", "killer", "--seed", "1"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    read = links.read(done.stdout.strip())[1]
    assert read == generate("killer", "easy", seed=1)
    assert all(isinstance(c, Cage) for c in read.constraints) and count_solutions(read) == 1
