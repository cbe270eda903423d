"""Compact version 2: the variant form (docs/formats.md). Every variant puzzle comes back
whole through our link; classic texts stay version 1's to the character; a median killer
fits in 60 characters; hostile variant texts are refused with a position."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest
from hypothesis import given as hypothesis_given
from hypothesis import settings

from pycore import links
from pycore.errors import FormatError
from pycore.formats import compact, json
from pycore.model import EMPTY, Puzzle, given, value
from pycore.variants import Cage, Dot, Line, Other, Rule
from tests.variant_strategies import variant_puzzles

SOLUTION = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


@hypothesis_given(variant_puzzles())
@settings(max_examples=150)
def test_every_variant_puzzle_comes_back_whole_through_the_link(puzzle: Puzzle) -> None:
    text = compact.encode(puzzle)
    assert compact.decode(text) == puzzle
    share = links.shares(puzzle).lossless
    assert share is not None and links.read(share.fragment)[1] == puzzle


@hypothesis_given(variant_puzzles())
@settings(max_examples=60)
def test_the_json_form_carries_every_variant_too(puzzle: Puzzle) -> None:
    assert json.decode(json.encode(puzzle)) == puzzle


def killer(seed: int) -> Puzzle:
    """A 9x9 killer as setters make them: cages of 2 to 5 touching cells covering the grid,
    each summing to its cells' digits in one solution, no givens."""
    rnd = random.Random(seed)
    owner = [-1] * 81
    cages: list[list[int]] = []
    for start in rnd.sample(range(81), 81):
        if owner[start] >= 0:
            continue
        cells = [start]
        owner[start] = len(cages)
        for _ in range(rnd.randint(1, 4)):
            frontier = [j for i in cells
                        for j in (i - 9, i + 9, i - 1 if i % 9 else -1, i + 1 if i % 9 < 8 else -1)
                        if 0 <= j < 81 and owner[j] < 0]
            if not frontier:
                break
            j = rnd.choice(frontier)
            owner[j] = len(cages)
            cells.append(j)
        cages.append(cells)
    return Puzzle.blank().with_variants(
        constraints=[Cage(c, sum(int(SOLUTION[i]) for i in c)) for c in cages])


def test_a_median_killer_fits_in_sixty_characters() -> None:
    lengths = [len(compact.encode(killer(seed))) for seed in range(30)]
    assert statistics.median(lengths) <= 60, lengths
    assert all(compact.decode(compact.encode(killer(seed))) == killer(seed) for seed in range(5))


def test_a_classic_puzzle_keeps_version_1s_text() -> None:
    puzzle = Puzzle.blank().with_cells({0: given(5), 40: given(3)})
    text = compact.encode(puzzle)
    assert compact.decode(text) == puzzle and not compact.decode(text).is_variant
    variant = puzzle.with_variants(constraints=[Rule("anti-knight")])
    assert compact.encode(variant) != text and compact.decode(compact.encode(variant)) == variant


def test_a_seven_by_seven_jigsaw_and_its_progress_come_back() -> None:
    regions = [i // 7 for i in range(49)]  # rows as regions: legal, and not boxes
    regions[6], regions[7] = 1, 0  # swap two cells so the regions wind
    jigsaw = Puzzle("sudoku", 7, (EMPTY,) * 49, regions=regions)
    played = jigsaw.with_cells({0: given(1), 8: value(3)})
    for puzzle in (jigsaw, played):
        text = compact.encode(puzzle)
        assert compact.decode(text) == puzzle
    assert compact.reading(compact.encode(played))[1]  # progress: a checked text


def test_a_cut_or_changed_variant_link_with_progress_is_caught() -> None:
    puzzle = killer(1).with_cells({0: value(int(SOLUTION[0])), 1: value(int(SOLUTION[1]))})
    text = compact.encode(puzzle)
    for cut in range(1, len(text)):
        try:
            found, checked = compact.reading(text[:cut])
        except FormatError:
            continue
        assert not (checked and found == puzzle)
    changed = text[:10] + ("A" if text[10] != "A" else "B") + text[11:]
    try:
        found, checked = compact.reading(changed)
        assert not checked or found != puzzle
    except FormatError:
        pass


def test_unknown_elements_carry_any_text() -> None:
    other = Other("lockout[]", '{"lines":[["R1C1","R1C2"]],"note":"snow ☃ 𝄞"}', (0, 1))
    puzzle = Puzzle.blank().with_variants(constraints=[other, Line("renban", (3, 4, 5))])
    assert compact.decode(compact.encode(puzzle)) == puzzle


@pytest.mark.parametrize("seed", range(40))
def test_hostile_variant_texts_are_refused_with_a_position_or_read(seed: int) -> None:
    rnd = random.Random(seed)
    base = compact.encode(Puzzle.blank().with_variants(
        constraints=[Dot("white", (0, 1)), Cage((10, 11), 3)]))
    alphabet = compact.ALPHABET
    text = base[:2] + "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 300)))
    try:
        compact.decode(text)
    except FormatError as err:
        assert err.pos is not None


def _documented(marker: str, fence: str) -> list[str]:
    """The lines of the block docs/formats.md shows after `marker`, verbatim."""
    doc = (Path(__file__).parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    block = doc.split(marker, 1)[1].split(f"```{fence}\n", 1)[1].split("\n```", 1)[0]
    return block.splitlines()


def documented_puzzles() -> tuple[Puzzle, Puzzle]:
    """The two puzzles of the documented examples: a 4x4 with a killer cage, a thermometer,
    a white dot and the falling diagonal; a 4x4 jigsaw with one given."""
    rules = Puzzle.blank("sudoku", 4).with_variants(constraints=[
        Cage((0, 1), 3), Line("thermo", (4, 5, 6)), Dot("white", (10, 11)), Rule("diagonal-")])
    jigsaw = Puzzle("sudoku", 4, (EMPTY,) * 16,
                    regions=[0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]).with_cells({0: given(1)})
    return rules, jigsaw


def test_the_documented_json_examples_read_as_they_say() -> None:
    texts = _documented("<!-- json-variant-example -->", "json")
    assert [json.decode(t) for t in texts] == list(documented_puzzles())
    assert [json.encode(p) for p in documented_puzzles()] == texts


def test_the_documented_compact_vectors_read_as_they_say() -> None:
    texts = _documented("<!-- compact-variant-vectors -->", "text")
    assert [compact.decode(t) for t in texts] == list(documented_puzzles())
    assert [compact.encode(p) for p in documented_puzzles()] == texts
