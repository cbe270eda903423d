"""A chain's links as data (`Step.links`): each (from cell, from digit, to cell, to digit,
strong), in the order the explanation writes them, so that the page can draw the chain
from candidate to candidate. The grids are the chain tests' (test_techniques.py,
test_chains.py, test_explanations.py); the expected links are read off the chain each
explanation writes in Eureka notation."""

from __future__ import annotations

from itertools import islice

import pytest

from pycore.model import Puzzle, candidates
from pycore.solve.techniques import TECHNIQUES, State, Step, find
from pycore.solve.techniques.state import ChainLink
from tests.solve.test_chains import X_CYCLE, XY_LOOP, loop_back
from tests.solve.test_explanations import CASES
from tests.solve.test_techniques import ALL, KITE, SKYSCRAPER, W_WING, X_CHAIN, Grid, box, col, rc, row

XY_CHAIN = Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(5, 5), "34").set(rc(5, 9), "14")
TURBOT = Grid().only(5, box(1), [rc(1, 1), rc(3, 3)]).only(5, col(8), [rc(3, 8), rc(7, 8)])
LOOP_BACK = loop_back()  # test_chains.py's discontinuous nice loop: r1c1 is 1 after all
W_WING_LINKED = W_WING.puzzle().with_cells({i: candidates(ALL - {4}) for i in row(5)
                                           if i not in (rc(5, 2), rc(5, 8))})


def strong(a: int, da: int, b: int, db: int) -> ChainLink:
    return (a, da, b, db, True)


def weak(a: int, da: int, b: int, db: int) -> ChainLink:
    return (a, da, b, db, False)


def test_an_xy_chain_links_each_cells_two_digits_strongly_and_the_cells_weakly() -> None:
    # (1)r1c1=(2)r1c1-(2)r1c5=...: if r1c1 is not 1 it is 2, so r1c5 is not 2 ...
    step = find(XY_CHAIN.puzzle(), "xy-chain")[0]
    assert "(1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c9=(1)r5c9" in step.explanation
    assert step.links == (
        strong(rc(1, 1), 1, rc(1, 1), 2), weak(rc(1, 1), 2, rc(1, 5), 2),
        strong(rc(1, 5), 2, rc(1, 5), 3), weak(rc(1, 5), 3, rc(5, 5), 3),
        strong(rc(5, 5), 3, rc(5, 5), 4), weak(rc(5, 5), 4, rc(5, 9), 4),
        strong(rc(5, 9), 4, rc(5, 9), 1))


def test_an_x_chain_alternates_strong_and_weak_links_on_its_digit() -> None:
    step = find(X_CHAIN.puzzle(), "x-chain")[0]
    assert "(6)r1c1=(6)r1c5-(6)r4c5=(6)r4c8-(6)r7c8=(6)r7c2" in step.explanation
    assert step.links == (
        strong(rc(1, 1), 6, rc(1, 5), 6), weak(rc(1, 5), 6, rc(4, 5), 6),
        strong(rc(4, 5), 6, rc(4, 8), 6), weak(rc(4, 8), 6, rc(7, 8), 6),
        strong(rc(7, 8), 6, rc(7, 2), 6))


def test_a_skyscraper_is_a_short_x_chain() -> None:
    # 7 in r2c8 or r2c2; r2c2 sees r6c2; 7 in r6c2 or r6c9
    step = find(SKYSCRAPER.puzzle(), "skyscraper")[0]
    assert set(step.links) in ({strong(rc(2, 8), 7, rc(2, 2), 7), weak(rc(2, 2), 7, rc(6, 2), 7),
                                strong(rc(6, 2), 7, rc(6, 9), 7)},
                               {strong(rc(6, 9), 7, rc(6, 2), 7), weak(rc(6, 2), 7, rc(2, 2), 7),
                                strong(rc(2, 2), 7, rc(2, 8), 7)})


def test_a_continuous_loop_closes_with_a_weak_link_back_to_its_start() -> None:
    # (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c1=(1)r5c1, and r5c1's 1 sees r1c1's
    step = find(XY_LOOP.puzzle(), "continuous-nice-loop")[0]
    assert len(step.links) == 8
    assert step.links[0] == strong(rc(1, 1), 1, rc(1, 1), 2)
    assert step.links[-1] == weak(rc(5, 1), 1, rc(1, 1), 1)
    assert [link[4] for link in step.links] == [True, False] * 4


CHAINS = ("x-chain", "xy-chain", "remote-pair", "x-cycle", "continuous-nice-loop",
          "discontinuous-nice-loop", "aic", "skyscraper", "two-string-kite", "turbot-fish",
          "w-wing", "xy-wing", "forcing-chain-contradiction", "forcing-chain-verity")
PUZZLES = [g.puzzle() for g in [X_CYCLE, XY_LOOP, LOOP_BACK, XY_CHAIN, X_CHAIN, SKYSCRAPER, KITE, TURBOT]
           + [grid for name, grid, _ in CASES if name in ("remote-pair", "xy-wing")]] + [W_WING_LINKED]


def first_steps(puzzle: Puzzle, name: str, count: int) -> list[Step]:
    """The technique's first steps on the grid (`find` lists them all: slow for forcing)."""
    finder = next(t.finder for t in TECHNIQUES if t.name == name)
    return list(islice(finder(State(puzzle)), count))


def holds(s: State, cell: int, digit: int) -> bool:
    return bool(s.masks[cell] >> (digit - 1) & 1)


def is_strong(s: State, link: ChainLink) -> bool:
    """One of the two candidates is true: a cell's only two digits, or a digit's only two
    places in a house."""
    a, da, b, db, _ = link
    if a == b:
        return da != db and bin(s.masks[a]).count("1") == 2 and holds(s, a, da) and holds(s, a, db)
    return da == db and any({c for c in house if holds(s, c, da)} == {a, b}
                            for house in s.tables.houses)


def is_weak(s: State, link: ChainLink) -> bool:
    """Not both are true: two digits of a cell, or one digit in two cells that see each other."""
    a, da, b, db, _ = link
    if not (holds(s, a, da) and holds(s, b, db)):
        return False
    return da != db if a == b else da == db and b in s.tables.seen[a]


@pytest.mark.parametrize("name", CHAINS)
def test_every_link_of_every_chain_holds_on_its_grid(name: str) -> None:
    seen = 0
    for puzzle in PUZZLES:
        s = State(puzzle)
        for step in first_steps(puzzle, name, 5):
            seen += 1
            assert step.links, step.explanation
            for link in step.links:
                assert is_strong(s, link) if link[4] else is_weak(s, link), (link, step.explanation)
            if not name.startswith("forcing"):  # a forcing chain's branches start over
                assert all(one[2:4] == two[:2] for one, two in zip(step.links, step.links[1:],
                                                                    strict=False))
    assert seen, f"no {name} on the test grids"


def test_eureka_writes_a_link_inside_a_cell_by_its_kind_as_between_cells() -> None:
    # r7c5's 6 to its 9: strong in one chain, weak in another, and the text says which
    from pycore.solve.techniques.state import eureka

    def name(c: int) -> str:
        return f"r{c // 9 + 1}c{c % 9 + 1}"

    r7c5, r7c8 = rc(7, 5), rc(7, 8)
    assert eureka(name, [strong(r7c5, 6, r7c5, 9), weak(r7c5, 9, r7c8, 9)]) == "(6)r7c5=(9)r7c5-(9)r7c8"
    assert eureka(name, [weak(r7c8, 6, r7c5, 6), weak(r7c5, 6, r7c5, 9)]) == "(6)r7c8-(6)r7c5-(9)r7c5"


@pytest.mark.parametrize("technique", ["xy-chain", "continuous-nice-loop", "x-chain"])
def test_every_chain_hint_writes_its_links_in_eureka_notation(technique: str) -> None:
    from pycore.solve.techniques.state import eureka

    grid = {"xy-chain": XY_CHAIN, "continuous-nice-loop": XY_LOOP, "x-chain": X_CHAIN}[technique]
    step = find(grid.puzzle(), technique)[0]
    links = step.links[:-1] if technique == "continuous-nice-loop" else step.links  # its closing link
    assert eureka(State(grid.puzzle()).tables.name, links) in step.explanation
    assert "/" not in step.explanation.split(":")[0]  # no r7c5(6/9) left
