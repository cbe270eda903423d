"""The catalogue of human techniques: each one's name, level, score, the shapes it works
on, what it does and the function that finds it (`TECHNIQUES`, simplest first, with
HoDoKu's names and scores), and which of them to try on a puzzle (`chosen`).

`stepping` searches a state with them; `grader` grades a puzzle by them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial

from ... import shapes
from ...model import Puzzle
from . import (
    als,
    chains,
    complex_fish,
    fish,
    forcing,
    intersections,
    patterns,
    singles,
    str8ts,
    subsets,
    uniqueness,
    variants,
    wings,
)
from .state import State, Step

__all__ = [
    "ANY", "BRUTE_FORCE", "BY_NAME", "GUESS_SCORE", "LEVELS", "NAMES", "PLAIN", "STR8TS",
    "SUDOKU", "TECHNIQUES", "UNIQUENESS", "VARIANT", "Finder", "Technique", "chosen", "fits", "score_of",
]

LEVELS = shapes.LEVELS
GUESS_SCORE = 10000
"""What HoDoKu scores a guess (its brute force step)."""
BRUTE_FORCE = "brute-force"
"""The name of a solution path's guess where no technique applies (HoDoKu's name)."""


ANY = "every sudoku and str8ts"
SUDOKU = "every sudoku (Samurai too)"
PLAIN = "sudoku of one grid, every size"
STR8TS = "str8ts"
VARIANT = "sudoku with the rules it reads (`Technique.kinds`)"

Finder = Callable[[State], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    name: str
    level: str
    score: int
    shapes: str
    summary: str
    finder: Finder = field(repr=False)
    kinds: frozenset[str] = frozenset()
    """For a variant technique (`VARIANT`): the constraint kinds (`pycore.variants.KINDS`)
    it reads; it is tried only on a puzzle that has one of them."""


def _t(name: str, level: str, score: int, shapes: str, summary: str, finder: Finder) -> Technique:
    return Technique(name, level, score, shapes, summary, finder)


def _v(name: str, level: str, score: int, kinds: tuple[str, ...], summary: str,
       finder: Finder) -> Technique:
    return Technique(name, level, score, VARIANT, summary, finder, frozenset(kinds))


TECHNIQUES: tuple[Technique, ...] = (
    _t("full-house", "easy", 4, ANY, "the last empty cell of a house takes the missing digit",
       singles.full_house),
    _t("naked-single", "easy", 4, ANY, "a cell with one candidate left", singles.naked_single),
    _t("hidden-single", "easy", 14, ANY, "a digit with one place left in a house",
       singles.hidden_single),
    _t("str8ts-range", "easy", 10, STR8TS,
       "a compartment's digits lie in a window of consecutive digits", str8ts.str8ts_range),
    _t("str8ts-required", "easy", 20, STR8TS,
       "a digit every fitting straight contains leaves the rest of the line",
       str8ts.str8ts_required),
    # the variant techniques (`variants`' docstring says why these scores)
    _v("cell-mark", "easy", 4, ("odd", "even", "min", "max"),
       "an odd or even cell; a minimum or maximum cell against its neighbours",
       variants.cell_mark),
    _v("thermo-bounds", "easy", 15, ("thermo", "slow-thermo"),
       "a thermometer's cells rise from the bulb: each is above the one before",
       variants.thermo_bounds),
    _v("dot-pair", "easy", 15, ("white", "black", "x", "v"),
       "a kropki dot or XV pair: a digit with no partner in the other cell goes",
       variants.dot_pair),
    _v("whisper-line", "easy", 15, ("whispers",),
       "neighbours on a whisper line differ by at least its value (no 5 on a German whisper)",
       variants.whisper_line),
    _v("negative-rule", "easy", 20, ("negative-black", "negative-xv", "non-consecutive"),
       "neighbours without a dot (or X, V) may not hold what it would mark",
       variants.negative_rule),
    _v("cage-combination", "easy", 8, ("killer",),
       "a killer cage's cells hold a combination of digits that makes its sum",
       variants.cage_combination),
    _v("arrow-bounds", "easy", 20, ("arrow",),
       "a circle is the sum along its arrow: bounds on both", variants.arrow_bounds),
    _v("palindrome-mirror", "easy", 15, ("palindrome",),
       "cells facing each other on a palindrome line hold the same digit",
       variants.palindrome_mirror),
    _v("between-bounds", "easy", 15, ("between",),
       "a between line's inner cells lie strictly between its ends", variants.between_bounds),
    _v("little-killer-sum", "easy", 20, ("little-killer",),
       "the digits along a little killer's diagonal make its sum", variants.little_killer_sum),
    _t("str8ts-stranded", "medium", 40, STR8TS,
       "a candidate no straight can use with the other cells' digits", str8ts.str8ts_stranded),
    _v("dot-chain", "medium", 30, ("white", "black", "x", "v"),
       "three to six cells joined by dots, filled at once: digits no filling uses go",
       variants.dot_chain),
    _v("renban-window", "medium", 30, ("renban",),
       "a renban line holds a run of consecutive digits: digits in no fitting run go",
       variants.renban_window),
    _v("rule-of-45", "medium", 40, ("killer",),
       "a house sums to 45: minus its whole cages, the cells left (or sticking out) make "
       "the rest", variants.rule_of_45),
    _t("locked-pair", "medium", 40, SUDOKU,
       "two cells where a box and a line cross hold two digits: both houses lose them",
       intersections.locked_pair),
    _t("locked-triple", "medium", 60, SUDOKU, "the same with three cells and three digits",
       intersections.locked_triple),
    _t("locked-candidates-pointing", "medium", 50, SUDOKU,
       "a digit confined to one line within a box leaves the rest of the line",
       intersections.pointing),
    _t("locked-candidates-claiming", "medium", 50, SUDOKU,
       "a digit confined to one box within a line leaves the rest of the box",
       intersections.claiming),
    _t("naked-pair", "medium", 60, ANY, "two cells of a house with the same two candidates",
       partial(subsets.naked, size=2)),
    _t("naked-triple", "medium", 80, ANY, "three cells of a house holding three digits between them",
       partial(subsets.naked, size=3)),
    _t("hidden-pair", "medium", 70, ANY, "two digits with the same two places in a house",
       partial(subsets.hidden, size=2)),
    _t("hidden-triple", "medium", 100, ANY, "three digits confined to three cells of a house",
       partial(subsets.hidden, size=3)),
    _t("naked-quadruple", "hard", 120, ANY, "four cells of a house holding four digits",
       partial(subsets.naked, size=4)),
    _t("hidden-quadruple", "hard", 150, ANY, "four digits confined to four cells of a house",
       partial(subsets.hidden, size=4)),
    _t("x-wing", "hard", 140, SUDOKU, "a digit in two rows confined to two columns (or the reverse)",
       partial(fish.basic, size=2)),
    _t("swordfish", "hard", 150, SUDOKU, "the same with three rows and three columns",
       partial(fish.basic, size=3)),
    _t("jellyfish", "hard", 160, SUDOKU, "the same with four rows and four columns",
       partial(fish.basic, size=4)),
    _t("remote-pair", "hard", 110, SUDOKU, "a chain of cells with the same two digits, alternating",
       wings.remote_pair),
    _t("bug-plus-1", "hard", 100, PLAIN,
       "all cells but one bivalue: that cell takes the digit that avoids two solutions (uniqueness)",
       uniqueness.bug_plus_1),
    _t("skyscraper", "hard", 130, SUDOKU,
       "two parallel strong links on a digit, joined at one end", patterns.skyscraper),
    _t("two-string-kite", "hard", 150, SUDOKU,
       "a row and a column strong link on a digit, joined in a box", patterns.two_string_kite),
    _t("turbot-fish", "hard", 120, SUDOKU,
       "two strong links on a digit joined by a weak link (with a box link)", patterns.turbot_fish),
    _t("empty-rectangle", "hard", 120, PLAIN,
       "a box's digit on one row and column, with a strong link outside", patterns.empty_rectangle),
    _t("w-wing", "hard", 150, SUDOKU, "two equal bivalue cells joined by a strong link",
       wings.w_wing),
    _t("xy-wing", "hard", 160, SUDOKU, "a bivalue pivot and two bivalue pincers sharing z",
       wings.xy_wing),
    _t("xyz-wing", "hard", 180, SUDOKU, "a pivot with three digits and two bivalue pincers",
       wings.xyz_wing),
    _t("uniqueness-1", "hard", 100, PLAIN,
       "a rectangle with three cells a/b: the fourth is neither (uniqueness)",
       partial(uniqueness.uniqueness, kind=1)),
    _t("uniqueness-2", "hard", 100, PLAIN,
       "a rectangle whose two roof cells add the same digit: cells seeing both lose it (uniqueness)",
       partial(uniqueness.uniqueness, kind=2)),
    _t("uniqueness-3", "hard", 100, PLAIN,
       "a rectangle's roof extras form a naked subset with other cells (uniqueness)",
       partial(uniqueness.uniqueness, kind=3)),
    _t("uniqueness-4", "hard", 100, PLAIN,
       "a rectangle's roof holds a strong link on a or b: the other digit goes (uniqueness)",
       partial(uniqueness.uniqueness, kind=4)),
    _t("uniqueness-5", "hard", 100, PLAIN,
       "a rectangle whose two diagonal or three corners add the same digit: cells seeing all "
       "of them lose it (uniqueness)", partial(uniqueness.uniqueness, kind=5)),
    _t("uniqueness-6", "hard", 100, PLAIN,
       "a rectangle's a/b corners on a diagonal and a locked in its rows or columns (an "
       "x-wing): the other corners lose a (uniqueness)", partial(uniqueness.uniqueness, kind=6)),
    _t("hidden-rectangle", "hard", 100, PLAIN,
       "a rectangle whose far corner would complete it through strong links (uniqueness)",
       uniqueness.hidden_rectangle),
    _t("avoidable-rectangle-1", "hard", 100, PLAIN,
       "three corners solved by the player (not givens): the fourth may not complete a swap",
       partial(uniqueness.avoidable_rectangle, kind=1)),
    _t("avoidable-rectangle-2", "hard", 100, PLAIN,
       "two solved corners and two cells with the same extra digit: cells seeing both lose it",
       partial(uniqueness.avoidable_rectangle, kind=2)),
    _t("finned-x-wing", "hard", 130, PLAIN, "an x-wing with extra places (fins) in one box",
       partial(fish.finned, size=2, sashimi=False)),
    _t("sashimi-x-wing", "hard", 150, PLAIN,
       "a finned x-wing missing a corner (one base line has one place)",
       partial(fish.finned, size=2, sashimi=True)),
    _t("finned-swordfish", "unfair", 200, PLAIN, "a swordfish with fins in one box",
       partial(fish.finned, size=3, sashimi=False)),
    _t("sashimi-swordfish", "unfair", 240, PLAIN, "a finned swordfish missing a corner",
       partial(fish.finned, size=3, sashimi=True)),
    _t("finned-jellyfish", "unfair", 250, PLAIN, "a jellyfish with fins in one box",
       partial(fish.finned, size=4, sashimi=False)),
    _t("sashimi-jellyfish", "unfair", 260, PLAIN, "a finned jellyfish missing a corner",
       partial(fish.finned, size=4, sashimi=True)),
    _t("sue-de-coq", "unfair", 250, SUDOKU,
       "cells where a box and a line cross, with cells of each, as many cells as digits: "
       "each digit's place is fixed to the line or the box", intersections.sue_de_coq),
    _t("simple-colors-trap", "hard", 150, SUDOKU,
       "two colors along strong links: a cell seeing both colors loses the digit",
       patterns.simple_colors_trap),
    _t("simple-colors-wrap", "hard", 150, SUDOKU,
       "two cells of one color see each other: that color loses the digit",
       patterns.simple_colors_wrap),
    _t("multi-colors-1", "hard", 200, SUDOKU,
       "two clusters where colors see each other: a cell seeing both opposite colors loses it",
       patterns.multi_colors_1),
    _t("multi-colors-2", "hard", 200, SUDOKU,
       "a color seeing both colors of another cluster loses the digit", patterns.multi_colors_2),
    _t("x-chain", "unfair", 260, SUDOKU,
       "an alternating chain of strong and weak links on one digit", patterns.x_chain),
    _t("xy-chain", "unfair", 260, SUDOKU,
       "a chain of bivalue cells: one of its ends holds z", wings.xy_chain),
    _t("x-cycle", "unfair", 280, SUDOKU,
       "a loop or chain of strong and weak links on one digit (a nice loop on one digit)",
       chains.x_cycle),
    _t("continuous-nice-loop", "unfair", 280, SUDOKU,
       "a closed loop of strong and weak links: each weak link clears what sees both ends",
       chains.continuous_nice_loop),
    _t("discontinuous-nice-loop", "unfair", 280, SUDOKU,
       "assuming a candidate false proves it true along a chain: it is true",
       chains.discontinuous_nice_loop),
    _t("aic", "unfair", 280, SUDOKU,
       "an alternating inference chain: one of its two ends is true, so what sees both goes",
       chains.aic),
    _t("grouped-continuous-nice-loop", "unfair", 300, PLAIN,
       "a continuous nice loop through groups (a digit's places where a box and a line "
       "cross, on when one of them is)", chains.grouped_continuous_nice_loop),
    _t("grouped-discontinuous-nice-loop", "unfair", 300, PLAIN,
       "a discontinuous nice loop through groups: assuming a candidate false proves it true",
       chains.grouped_discontinuous_nice_loop),
    _t("grouped-aic", "unfair", 300, PLAIN,
       "an alternating inference chain through groups: one of its ends is true",
       chains.grouped_aic),
    # not one of HoDoKu's: it finds these as ALS-XZ, so they are graded as that
    _t("wxyz-wing", "unfair", 300, SUDOKU,
       "a pivot and three wings holding four digits, only z not mutually seen",
       wings.wxyz_wing),
    _t("als-xz", "unfair", 300, SUDOKU,
       "two almost locked sets joined by a restricted common digit x: a shared z leaves "
       "cells seeing all its places", als.als_xz),
    _t("als-xy-wing", "unfair", 320, SUDOKU,
       "three almost locked sets, two joined to the third by different restricted commons: "
       "a digit the outer two share leaves cells seeing all its places", als.als_xy_wing),
    _t("als-chain", "unfair", 340, SUDOKU,
       "almost locked sets in a chain, each joined to the next by a restricted common: a "
       "digit both ends share leaves cells seeing all its places", als.als_chain),
    _t("death-blossom", "unfair", 360, SUDOKU,
       "a stem cell and an ALS for each of its digits: a digit every ALS holds leaves cells "
       "seeing all its places", als.death_blossom),
    _t("franken-x-wing", "unfair", 300, PLAIN,
       "a fish on two houses whose bases or covers take in a box (rows and boxes to columns "
       "and boxes, or the reverse)", partial(complex_fish.franken, size=2, finned=False)),
    _t("franken-swordfish", "unfair", 350, PLAIN, "the same with three base and cover houses",
       partial(complex_fish.franken, size=3, finned=False)),
    _t("finned-franken-x-wing", "unfair", 390, PLAIN,
       "a franken x-wing with fins: the cells seeing every fin lose the digit",
       partial(complex_fish.franken, size=2, finned=True)),
    _t("finned-franken-swordfish", "unfair", 410, PLAIN, "a franken swordfish with fins",
       partial(complex_fish.franken, size=3, finned=True)),
    _t("mutant-x-wing", "extreme", 450, PLAIN,
       "a fish on two houses of any kinds (a row and a column among the bases, say)",
       partial(complex_fish.mutant, size=2, finned=False)),
    _t("mutant-swordfish", "extreme", 450, PLAIN, "the same with three base and cover houses",
       partial(complex_fish.mutant, size=3, finned=False)),
    _t("finned-mutant-x-wing", "extreme", 470, PLAIN, "a mutant x-wing with fins",
       partial(complex_fish.mutant, size=2, finned=True)),
    _t("finned-mutant-swordfish", "extreme", 470, PLAIN, "a mutant swordfish with fins",
       partial(complex_fish.mutant, size=3, finned=True)),
    _t("forcing-chain-contradiction", "extreme", 500, SUDOKU,
       "assuming a candidate true makes another both true and false along chains: it is false",
       forcing.forcing_chain_contradiction),
    _t("forcing-chain-verity", "extreme", 500, SUDOKU,
       "every digit of a cell (or place of a digit in a house) leads to the same conclusion",
       forcing.forcing_chain_verity),
    _t("forcing-net-contradiction", "extreme", 700, ANY,
       "assuming a candidate true, the singles that follow leave a cell or house empty",
       forcing.forcing_net_contradiction),
    _t("forcing-net-verity", "extreme", 700, ANY,
       "every digit of a cell (or place in a house) leads by singles to the same digit",
       forcing.forcing_net_verity),
)

NAMES: tuple[str, ...] = tuple(t.name for t in TECHNIQUES)
"""Every technique, simplest first (HoDoKu's order and kebab-case names)."""
UNIQUENESS = frozenset({"uniqueness-1", "uniqueness-2", "uniqueness-3", "uniqueness-4",
                        "uniqueness-5", "uniqueness-6", "hidden-rectangle", "avoidable-rectangle-1",
                        "avoidable-rectangle-2",
                        "bug-plus-1"})
"""Techniques valid only for a puzzle with exactly one solution."""
BY_NAME = {t.name: t for t in TECHNIQUES}


def fits(technique: Technique, puzzle: Puzzle) -> bool:
    """Whether the technique works on this puzzle's shape (its `shapes`). The uniqueness
    techniques never work on a variant sudoku: they assume that swapping two digits in a
    pattern of rows, columns and boxes leaves another solution, and a cage's sum, a
    dot, a line, a diagonal or an anti-knight pair through the pattern breaks the swap (on
    an anti-knight puzzle a unique rectangle removed the solution's own digit: issue
    #39). A variant technique works on a sudoku that has one of the rules it reads (a
    classic puzzle never tries one, and so takes the path it always took)."""
    if technique.name in UNIQUENESS and puzzle.is_variant:
        return False
    if technique.shapes == VARIANT:
        return puzzle.kind == "sudoku" and any(
            item.kind in technique.kinds for item in puzzle.constraints)
    if technique.shapes == STR8TS:
        return puzzle.kind == "str8ts"
    if technique.shapes == ANY:
        return True
    if puzzle.kind != "sudoku":
        return False
    return technique.shapes == SUDOKU or puzzle.layout is None


def chosen(puzzle: Puzzle, names: Iterable[str] | None, unique: bool) -> list[Technique]:
    """The techniques to try on this puzzle, in the table's order: those named (all when
    `names` is None) that fit its shape, without the uniqueness ones unless `unique`."""
    wanted = NAMES if names is None else tuple(names)
    for name in wanted:
        if name not in BY_NAME:
            raise ValueError(f"unknown technique {name!r}")
    return [t for t in TECHNIQUES if t.name in wanted and fits(t, puzzle)
            and (unique or t.name not in UNIQUENESS)]


def score_of(name: str) -> int:
    """A technique's score (HoDoKu's rating), by its name; a guess (`BRUTE_FORCE`) scores
    GUESS_SCORE."""
    return GUESS_SCORE if name == BRUTE_FORCE else BY_NAME[name].score
