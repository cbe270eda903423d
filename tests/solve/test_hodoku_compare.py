"""benchmarks/hodoku.py reads HoDoKu's batch output (`/bs FILE /vp /o stdout`) back: each
puzzle's level, score, flags and solution path, and the hardest step of that path."""

from __future__ import annotations

import pytest

from benchmarks.hodoku import (
    HODOKU_STEPS,
    hardest_step,
    hodoku_beyond_singles,
    hodoku_version,
    main,
    parse_batch,
    step_name,
)
from pycore.solve.techniques import LEVELS, TECHNIQUES

# An excerpt of HoDoKu 2.2.0's output for `/bs top95.txt /vp /o stdout /c default`: the
# banner, puzzle 7 and puzzle 54 with some of their steps (the rest of each path is left
# out), a forcing chain's and a forcing net's chains (indented by two), and the totals
# after the last puzzle, whose per-level counts are indented by three like a step.
SAMPLE = """\
HoDoKu - v2.2.0 - Build 116
Copyright (C) 2008-12  Bernhard Hobiger

HoDoKu is free software: you can redistribute it and/or modify
it under the terms of the GNU General Public License as published by
the Free Software Foundation, either version 3 of the License, or
(at your option) any later version.


Using default config!
Writing output to console
Starting batch solve...
6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6..... #7 Extreme (6468)
   Hidden Single: r4c5=2
   Hidden Single: r9c5=8
   Locked Candidates Type 1 (Pointing): 3 in b6 => r17c8<>3
   Finned X-Wing: 7 r24 c34 fr2c1 fr2c2 => r3c3<>7
   Forcing Chain Contradiction in r2 => r6c2<>6
  r6c2=6 r6c2<>2 r8c2=2 r8c2<>7 r123c2=7 r2c1<>7
  r6c2=6 r6c2<>5 r2c2=5 r2c2<>7
  r6c2=6 r6c2<>2 r8c2=2 r8c2<>7 r123c2=7 r2c3<>7
  r6c2=6 r6c6<>6 r5c6=6 r5c6<>7 r1c6=7 r2c4<>7
   Locked Candidates Type 1 (Pointing): 6 in b4 => r78c3<>6
   Full House: r9c3=3
9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9. #54 Extreme (24704) bf
   Locked Candidates Type 1 (Pointing): 5 in b5 => r4c13789<>5
   Discontinuous Nice Loop: 7 r2c9 -7- r2c3 =7= r3c3 -7- r3c4 -9- r3c7 =9= r2c9 => r2c9<>7
   Almost Locked Set XZ-Rule: A=r1c2789 {23678}, B=r2c3 {78}, X=8, Z=7 => r2c8<>7
   Forcing Net Contradiction in r4c1 => r6c2<>8
  r6c2=8 (r6c6<>8 r6c6=3 r6c9<>3) (r6c1<>8) r4c1<>8 r4c1=6 r6c1<>6 r6c1=5 r6c9<>5
   Brute Force: r5c8=8
   Naked Single: r1c2=8
95 puzzles in 32651ms (0:00:32.651)
343.695 ms per puzzle
2 puzzles require guessing!
0 puzzles require templates!
0 puzzles unsolved!
2 puzzles not solved logically!

   Easy: 0
   Medium: 17
   Hard: 30
   Unfair: 8
   Extreme: 40
"""


def test_each_puzzle_line_gives_its_number_level_score_and_flags() -> None:
    grades = parse_batch(SAMPLE.splitlines())
    assert [(g.number, g.level, g.score, g.flags) for g in grades] == [
        (7, "extreme", 6468, ()),
        (54, "extreme", 24704, ("bf",)),
    ]
    assert grades[0].puzzle.startswith("6.2.5....") and len(grades[0].puzzle) == 81


def test_the_steps_are_the_lines_under_a_puzzle_without_the_chains_or_the_totals() -> None:
    first, last = parse_batch(SAMPLE.splitlines())
    assert first.steps == [
        "Hidden Single", "Hidden Single", "Locked Candidates Type 1 (Pointing)",
        "Finned X-Wing", "Forcing Chain Contradiction", "Locked Candidates Type 1 (Pointing)",
        "Full House",
    ]
    assert last.steps == [
        "Locked Candidates Type 1 (Pointing)", "Discontinuous Nice Loop",
        "Almost Locked Set XZ-Rule", "Forcing Net Contradiction", "Brute Force", "Naked Single",
    ]


def test_the_hardest_step_goes_by_level_then_score() -> None:
    first, last = parse_batch(SAMPLE.splitlines())
    assert hardest_step(first.steps) == ("Forcing Chain Contradiction", "extreme", 500)
    assert hardest_step(last.steps) == ("Brute Force", "extreme", 10000)
    assert hardest_step(["Naked Single", "Almost Locked Set XZ-Rule", "X-Chain"]) == (
        "Almost Locked Set XZ-Rule", "unfair", 300)


def test_a_path_is_summed_up_by_its_steps_above_singles_in_order_of_first_use() -> None:
    first, _ = parse_batch(SAMPLE.splitlines())
    assert hodoku_beyond_singles(first) == (
        "Locked Candidates Type 1 (Pointing) 2, Finned X-Wing 1, Forcing Chain Contradiction 1")


def test_a_step_name_the_table_lacks_is_kept_but_never_the_hardest() -> None:
    assert step_name("   Some Later Step: r1c1=1") == "Some Later Step"
    assert hardest_step(["Some Later Step", "Hidden Single"]) == ("Hidden Single", "easy", 14)
    assert hardest_step(["Some Later Step"]) is None


def test_a_step_written_without_a_colon_after_its_name_is_still_named() -> None:
    assert step_name("   Forcing Net Verity => r1c7=3") == "Forcing Net Verity"
    assert step_name("   Forcing Chain Contradiction in b3 => r2c3<>7") == \
        "Forcing Chain Contradiction"


def test_the_version_is_read_from_the_banner() -> None:
    assert hodoku_version(SAMPLE.splitlines()) == "v2.2.0"


def test_hodokus_ratings_agree_with_ours_where_the_techniques_are_the_same() -> None:
    ours = {t.name: (t.level, t.score) for t in TECHNIQUES}
    shared = {name.lower().replace(" ", "-"): (level, score)
              for name, level, score in HODOKU_STEPS
              if name.lower().replace(" ", "-") in ours}
    assert len(shared) >= 30
    assert {name: ours[name] for name in shared} == shared
    assert all(level in LEVELS for _, level, _ in HODOKU_STEPS)


def test_without_the_jar_it_says_so_in_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--jar" in err
