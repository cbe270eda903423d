"""What each technique's explanation says, word for word: the house by its name ("box 3",
"row 2 of the top-right grid"), the cells, the digits, and for chains every link in order
with its digit (HoDoKu's notation: =d= a strong link, -d- a weak one). The grids are
test_techniques.py's, where the eliminations themselves are checked."""

from __future__ import annotations

import pytest

from pycore.model import candidates
from pycore.shapes import blank_shape
from pycore.solve.techniques import find
from tests.solve.test_techniques import (
    COLORS,
    FLOOR,
    KITE,
    ROOF,
    SKYSCRAPER,
    X_CHAIN,
    Grid,
    box,
    col,
    rc,
    row,
)

CASES = [
    ("naked-pair",
     Grid().set(rc(1, 7), "38").set(rc(2, 9), "38"),
     'In box 3, r1c7, r2c9 hold only 3 and 8, so these digits are theirs: remove them from r1c8, '
     'r1c9, r2c7, r2c8, r3c7, r3c8, r3c9.'),
    ("naked-triple",
     Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(1, 9), "13"),
     'In row 1, r1c1, r1c5, r1c9 hold only 1, 2 and 3, so these digits are theirs: remove them '
     'from r1c2, r1c3, r1c4, r1c6, r1c7, r1c8.'),
    ("hidden-pair",
     Grid().only(1, row(1), [rc(1, 1), rc(1, 5)]).only(2, row(1), [rc(1, 1), rc(1, 5)]),
     'In row 1, 1 and 2 can only go in r1c1, r1c5, so these cells hold them and nothing else: '
     'remove 3, 4, 5, 6, 7, 8 and 9 from them.'),
    ("locked-candidates-pointing",
     Grid().only(4, box(1), [rc(1, 1), rc(1, 2)]),
     'In box 1, 4 can only go in r1c1, r1c2, which all lie in row 1: remove 4 from the rest of row '
     '1 (r1c4, r1c5, r1c6, r1c7, r1c8, r1c9).'),
    ("locked-candidates-claiming",
     Grid().only(4, row(1), [rc(1, 1), rc(1, 2)]),
     'In row 1, 4 can only go in r1c1, r1c2, which all lie in box 1: remove 4 from the rest of box '
     '1 (r2c1, r2c2, r2c3, r3c1, r3c2, r3c3).'),
    ("locked-pair",
     Grid().set(rc(1, 1), "12").set(rc(1, 2), "12"),
     'r1c1, r1c2 hold only 1 and 2 between them, and they lie in both row 1 and box 1: remove '
     'these digits from the other cells of both (r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, '
     'r2c2, r2c3, r3c1, r3c2, r3c3).'),
    ("x-wing",
     Grid().only(7, row(2), [rc(2, 2), rc(2, 8)]).only(7, row(6), [rc(6, 2), rc(6, 8)]),
     'In row 2, row 6, 7 can only go in column 2, column 8: each of these columns gets its 7 from '
     'those rows, so remove 7 from r1c2, r1c8, r3c2, r3c8, r4c2, r4c8, r5c2, r5c8, r7c2, r7c8, '
     'r8c2, r8c8, r9c2, r9c8.'),
    ("finned-x-wing",
     (Grid().only(7, row(2), [rc(2, 2), rc(2, 8)])
      .only(7, row(6), [rc(6, 2), rc(6, 8), rc(6, 9)])),
     'In row 2, row 6, 7 goes in column 2, column 8 unless it goes in the fin r6c9; either way 7 '
     'cannot be in r4c8, r5c8, which see the fin and lie in the cover.'),
    ("skyscraper",
     SKYSCRAPER,
     '7 goes in r2c2 or r2c8 (row 2), and in r6c2 or r6c9 (row 6); r2c2 and r6c2 see each other, '
     'so r2c8 or r6c9 holds 7: remove it from r1c9, r3c9, r4c8, r5c8.'),
    ("two-string-kite",
     KITE,
     '5 goes in r1c2 or r1c7 (row 1), and in r3c1 or r7c1 (column 1); r1c2 and r3c1 see each '
     'other, so r1c7 or r7c1 holds 5: remove it from r7c7.'),
    ("empty-rectangle",
     (Grid().only(3, box(5), [rc(5, 4), rc(5, 6), rc(4, 5), rc(6, 5)])
      .only(3, col(8), [rc(5, 8), rc(2, 8)])),
     'In box 5, 3 lies in row 5 or column 5; with the strong link r5c8-r2c8 on 3, either way r2c5 '
     'cannot be 3.'),
    ("simple-colors-trap",
     COLORS,
     'The cells joined by strong links on 2 take two colors, A (r1c1, r3c4) and B (r1c5, r8c4); '
     'one color holds 2. r8c1 sees both colors, so cannot be 2.'),
    ("simple-colors-wrap",
     (Grid().only(2, row(1), [rc(1, 1), rc(1, 5)]).only(2, col(5), [rc(1, 5), rc(5, 5)])
      .only(2, row(5), [rc(5, 5), rc(5, 2)]).only(2, col(2), [rc(5, 2), rc(2, 2)])),
     'The cells joined by strong links on 2 take two colors, A (r1c1, r2c2, r5c5) and B (r1c5, '
     'r5c2); one color holds 2. r1c1 and r2c2 are both A and see each other, so A is not 2: remove '
     '2 from r1c1, r2c2, r5c5.'),
    ("multi-colors-1",
     Grid().only(4, row(1), [rc(1, 1), rc(1, 5)]).only(4, col(2), [rc(2, 2), rc(7, 2)]),
     'Two clusters of strong links on 4, colored A (r1c1) / B (r1c5) and C (r2c2) / D (r7c2); one '
     'color of each holds 4. A sees C, so not both hold 4; thus B or D does. Remove 4 from r7c5.'),
    ("multi-colors-2",
     (Grid().only(4, row(1), [rc(1, 1), rc(1, 5)]).only(4, col(5), [rc(1, 5), rc(6, 5)])
      .only(4, col(2), [rc(2, 2), rc(6, 2)])),
     'Two clusters of strong links on 4, colored A (r1c1, r6c5) / B (r1c5) and C (r2c2) / D '
     '(r6c2); one color of each holds 4. A sees both C and D, one of which holds 4, so A is not 4: '
     'remove 4 from r1c1, r6c5.'),
    ("x-chain",
     X_CHAIN,
     'A chain of strong (=) and weak (-) links on 6: (6)r1c1=(6)r1c5-(6)r4c5=(6)r4c8-(6)r7c8'
     '=(6)r7c2. Its ends r1c1 and r7c2 are joined by strong links, so one of them holds 6: remove '
     'it from r2c2, r3c2, r8c1, r9c1.'),
    ("xy-wing",
     Grid().set(rc(5, 5), "12").set(rc(5, 1), "13").set(rc(1, 5), "23"),
     'r5c5 is 1 or 2; either way one of r1c5 and r5c1 is 3, so remove 3 from r1c1, which sees '
     'both.'),
    ("xyz-wing",
     Grid().set(rc(5, 5), "123").set(rc(5, 4), "13").set(rc(2, 5), "23"),
     'r5c5 holds 1/2/3, r2c5 2/3 and r5c4 1/3: one of the three is 3, so remove 3 from r4c5, r6c5, '
     'which see all three.'),
    ("remote-pair",
     Grid().set(rc(1, 1), "56").set(rc(1, 5), "56").set(rc(5, 5), "56").set(rc(5, 9), "56"),
     'In the chain (5)r1c1=(6)r1c1-(6)r1c5=(5)r1c5-(5)r5c5=(6)r5c5-(6)r5c9=(5)r5c9 every cell holds 5/6 '
     'and sees the next, so they alternate 5 and 6: r1c1 and r5c9 hold one each. r1c9, r5c1 see both: '
     'remove 5 and 6 there.'),
    ("xy-chain",
     Grid().set(rc(1, 1), "12").set(rc(1, 5), "23").set(rc(5, 5), "34").set(rc(5, 9), "14"),
     'The chain (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c9=(1)r5c9 of bivalue cells, each '
     'seeing the next: if r1c1 is not 1, each cell forces the next and r5c9 is 1. Remove 1 from r1c9, '
     'r5c1, which see both ends.'),
    ("als-xz",
     Grid().set(rc(1, 1), "12").set(rc(5, 1), "13").set(rc(5, 2), "23"),
     'ALS A: r1c1 {1, 2} in row 1 and ALS B: r5c1, r5c2 {1, 2, 3} in row 5 each hold one digit '
     'more than cells, and 1 can be in only one of them (every 1 of A sees every 1 of B): the '
     'other is locked, so each other shared digit is in one of them. Remove 2 from r1c2, r2c2, '
     'r3c2, r4c1, r6c1.'),
    ("uniqueness-1",
     Grid().set(FLOOR[0], "12").set(FLOOR[1], "12").set(ROOF[0], "12").set(ROOF[1], "125"),
     'r1c1, r1c2, r4c1, r4c2 would form a deadly pattern on 1 and 2 (two solutions), so r4c2 is '
     'neither 1 nor 2.'),
    ("hidden-rectangle",
     (Grid().set(rc(1, 1), "12").only(2, row(2), [rc(2, 1), rc(2, 4)])
      .only(2, col(4), [rc(1, 4), rc(2, 4)])),
     'r1c1, r1c4, r2c1, r2c4 all hold 1 and 2, r1c1 nothing else. In row 2 and column 4, 2 can '
     'only go in the rectangle; so if r2c4 were 1, the four would form a deadly pattern (two '
     'solutions): r2c4 is not 1.'),
    ("hidden-rectangle",
     (Grid().set(rc(1, 1), "12").set(rc(1, 4), "23456789").only(2, row(2), [rc(2, 1), rc(2, 4)])
      .only(2, col(4), [rc(1, 4), rc(2, 4)])),
     'r1c1, r1c4, r2c1, r2c4 could all hold 1 and 2 (1 is gone from r1c4, but by elimination, '
     'not by a placed digit, so the pattern stands), r1c1 nothing else. In row 2 and column 4, '
     '2 can only go in the rectangle; so if r2c4 were 1, the four would form a deadly pattern '
     '(two solutions): r2c4 is not 1.'),
]


@pytest.mark.parametrize("name,grid,text", CASES, ids=[c[0] for c in CASES])
def test_the_explanation_names_houses_cells_digits_and_links(name: str, grid: Grid,
                                                              text: str) -> None:
    assert find(grid.puzzle(), name)[0].explanation == text


def test_a_samurai_house_is_named_with_its_grid() -> None:
    p = blank_shape("samurai")
    cols = p.geometry.cols  # 21: the board's row 2 crosses the top-left and top-right grids

    def at(r: int, c: int) -> int:
        return (r - 1) * cols + c - 1

    pair = candidates([3, 8])
    step = find(p.with_cells({at(2, 13): pair, at(2, 17): pair}), "naked-pair")[0]
    assert step.explanation.startswith(
        "In row 2 of the top-right grid, r2c13, r2c17 hold only 3 and 8")
    step = find(p.with_cells({at(8, 8): pair, at(9, 9): pair}), "naked-pair")[0]
    assert step.explanation.startswith("In box 9 of the top-left grid, r8c8, r9c9 hold only")
