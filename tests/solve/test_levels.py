"""Levels that mean what HoDoKu means: its ratings and order, its score bands, the levels
each shape offers (and makes), the solution path, and no grade built on a false premise."""

from __future__ import annotations

import pytest

from pycore import links
from pycore.cli import main
from pycore.shapes import LEVELS, SHAPES, levels_made
from pycore.solve.generate import GenerateFailed, generate
from pycore.solve.techniques import MAX_SCORE, NAMES, TECHNIQUES, UNIQUENESS, grade, score_band
from tests.solve.test_generate import FROZEN

RATED = {t.name: (t.level, t.score) for t in TECHNIQUES}


@pytest.mark.parametrize(("name", "level", "score"), [
    # HoDoKu 2.3's default step configuration (level, base score)
    ("hidden-single", "easy", 14), ("locked-pair", "medium", 40),
    ("hidden-triple", "medium", 100), ("naked-quadruple", "hard", 120), ("x-wing", "hard", 140),
    ("finned-x-wing", "hard", 130), ("sashimi-x-wing", "hard", 150),
    ("finned-swordfish", "unfair", 200), ("sashimi-swordfish", "unfair", 240),
    ("finned-jellyfish", "unfair", 250), ("sashimi-jellyfish", "unfair", 260),
    ("simple-colors-trap", "hard", 150), ("multi-colors-2", "hard", 200),
    ("x-chain", "unfair", 260), ("aic", "unfair", 280), ("continuous-nice-loop", "unfair", 280),
    ("als-xz", "unfair", 300), ("forcing-chain-contradiction", "extreme", 500),
    ("grouped-aic", "unfair", 300), ("grouped-discontinuous-nice-loop", "unfair", 300),
    ("als-chain", "unfair", 340), ("franken-x-wing", "unfair", 300),
    ("franken-swordfish", "unfair", 350), ("finned-franken-x-wing", "unfair", 390),
    ("finned-franken-swordfish", "unfair", 410), ("mutant-x-wing", "extreme", 450),
    ("finned-mutant-swordfish", "extreme", 470),
    ("forcing-net-verity", "extreme", 700),
])
def test_ratings_are_hodokus(name: str, level: str, score: int) -> None:
    assert RATED[name] == (level, score)


def test_the_newer_techniques_come_in_hodokus_order() -> None:
    order = ["aic", "grouped-continuous-nice-loop", "grouped-aic", "als-xz", "als-xy-wing",
             "als-chain", "death-blossom", "franken-x-wing", "franken-swordfish",
             "finned-franken-x-wing", "finned-franken-swordfish", "mutant-x-wing",
             "mutant-swordfish", "finned-mutant-x-wing", "finned-mutant-swordfish",
             "forcing-chain-contradiction"]
    assert [NAMES.index(name) for name in order] == sorted(NAMES.index(name) for name in order)


def test_wxyz_wing_comes_after_the_uniqueness_tests_and_rates_as_als_xz() -> None:
    last_uniqueness = max(NAMES.index(name) for name in UNIQUENESS)
    assert NAMES.index("wxyz-wing") > last_uniqueness
    assert RATED["wxyz-wing"] == RATED["als-xz"]


def test_the_score_bands_are_hodokus_generator_limits() -> None:
    assert MAX_SCORE == {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}
    assert score_band("hard", 81) == (800 * 1000 / 800, 1600)  # a hard 9x9 scores 1000..1600
    assert score_band("easy", 81)[0] == 0
    assert score_band("extreme", 81)[1] == float("inf")
    least, most = score_band("hard", 16)  # a 4x4's singles cannot add up to a 9x9's
    assert least == pytest.approx(1000 * 16 / 81) and most == 1600


def test_every_shape_offers_easy_and_hodokus_levels_in_order() -> None:
    for name, _ in SHAPES:
        made = levels_made(name)
        assert made[0] == "easy" and list(made) == [lv for lv in LEVELS if lv in made]
    assert levels_made("sudoku-9") == LEVELS
    assert levels_made("sudoku-25") == ("easy",)


@pytest.mark.parametrize(("shape", "seeds"), [("4x4", range(6)), ("6x6", range(2))])
def test_small_shapes_make_every_level_they_offer(shape: str, seeds: range) -> None:
    name = "sudoku-" + shape.split("x")[0]
    for level in levels_made(name):
        for seed in seeds:
            assert grade(generate(shape, level, seed=seed)).level == level


def test_a_level_a_shape_cannot_make_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    unmade = [lv for lv in LEVELS if lv not in levels_made("sudoku-4")]
    assert unmade
    with pytest.raises(ValueError, match="a 4x4 puzzle can only be made easy"):
        generate("4x4", unmade[-1], seed=1)
    assert main(["new", "4x4", "--level", unmade[-1]]) == 2
    assert "can only be made" in capsys.readouterr().err


def test_no_attempts_left_fails_plainly() -> None:
    with pytest.raises(GenerateFailed, match="no hard puzzle found in 0 attempts"):
        generate("9x9", "hard", seed=1, attempts=0)


def test_grade_path_lists_every_step_with_its_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--path", FROZEN[1][3]]) == 0
    lines = capsys.readouterr().out.splitlines()
    summary = grade(links.read_any(FROZEN[1][3]).puzzle)
    assert lines[0].startswith(f"{summary.level} (score {summary.score}, {summary.steps} steps")
    path = lines[2:]
    assert len(path) == summary.steps
    assert path[0].startswith("1. ")
    assert path[-1].startswith(f"{summary.steps}. ") and f"total {summary.score})" in path[-1]


@pytest.mark.slow
def test_grade_path_goes_on_through_a_guess_as_hodokus_does(capsys: pytest.CaptureFixture[str]) -> None:
    """HoDoKu 2.2 grades AI Escargot extreme with one brute force, "r5c7=7", after one
    finned swordfish; ours finds a few more steps first, then guesses the same cell, and
    the path goes on to the end."""
    escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    assert main(["grade", "--path", escargot]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("extreme (score ") and lines[0].endswith(
        ", 1 guess where no technique I know applies here)")
    guessed = [n for n, text in enumerate(lines) if ". brute-force (10000, total " in text]
    assert len(guessed) == 1 and "r5c7 is 7 in the solution" in lines[guessed[0]]
    assert guessed[0] < len(lines) - 1 and not lines[-1].startswith("then:")


def test_a_grid_of_several_solutions_is_graded_without_uniqueness(
        capsys: pytest.CaptureFixture[str]) -> None:
    several = "." * 81
    assert main(["grade", several]) == 0
    captured = capsys.readouterr()
    assert "several solutions: graded without the uniqueness techniques" in captured.err
    assert captured.out.startswith("extreme")
