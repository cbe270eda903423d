"""The SVG the page draws a variant's rules with (pycore.app.drawing): each kind's shapes,
where they sit in cell units, which layer they go in, and the words that go with them
(the opening line, a cell's label, Check's answer)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pycore.app import heavy_messages, messages
from pycore.app.drawing import CAGE_INSET, LINE_STYLES, drawing, outline
from pycore.model import Puzzle, given
from pycore.variants import (
    LINE_KINDS,
    Arrow,
    Cage,
    Clone,
    Clue,
    Constraint,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
)


def nine(*items: Constraint) -> Puzzle:
    return Puzzle.blank().with_variants(constraints=items)


def walk(nodes: list[Any]) -> list[list[Any]]:
    """Every node of a layer, depth first."""
    out: list[list[Any]] = []
    for node in nodes:
        out.append(node)
        if isinstance(node[2], list):
            out.extend(walk(node[2]))
    return out


def classes(nodes: list[Any]) -> list[str]:
    return [node[1]["class"] for node in walk(nodes) if "class" in node[1]]


def segments(d: str) -> set[tuple[float, float, float, float]]:
    """An outline's pieces as (x1, y1, x2, y2), from its M..H / M..V commands."""
    out = set()
    for x, y, kind, to in re.findall(r"M([-\d.]+) ([-\d.]+)([HV])([-\d.]+)", d):
        x1, y1, end = float(x), float(y), float(to)
        out.add((x1, y1, end, y1) if kind == "H" else (x1, y1, x1, end))
    return out


def test_a_classic_puzzle_draws_nothing() -> None:
    drawn = drawing(Puzzle.blank())
    assert drawn.under == [] and drawn.over == [] and not drawn.margin


def test_a_single_cells_outline_is_a_square_inset_on_every_side() -> None:
    k = CAGE_INSET
    assert segments(outline([10], 9, k)) == {
        (1 + k, 1 + k, 2 - k, 1 + k), (1 + k, 2 - k, 2 - k, 2 - k),
        (1 + k, 1 + k, 1 + k, 2 - k), (2 - k, 1 + k, 2 - k, 2 - k)}


def test_an_l_shaped_cages_outline_turns_in_at_its_inner_corner() -> None:
    """r1c1, r1c2, r2c1: the outline's inner corner sits at (1 - inset, 1 - inset), where
    the top of r2c1's right side meets the bottom of r1c2; the outer pieces run on."""
    k = CAGE_INSET
    pieces = segments(outline([0, 1, 9], 9, k))
    inner_x = [p for p in pieces if p[0] == p[2] and p[0] == 1 - k]  # r2c1's right side
    inner_y = [p for p in pieces if p[1] == p[3] and p[1] == 1 - k]  # r1c2's bottom side
    assert inner_x == [(1 - k, 1 - k, 1 - k, 2 - k)]
    assert inner_y == [(1 - k, 1 - k, 2 - k, 1 - k)]
    # the top runs on from r1c1 into r1c2 (two pieces meeting at x = 1)
    assert (k, k, 1.0, k) in pieces and (1.0, k, 2 - k, k) in pieces


def test_each_kind_goes_in_its_layer_with_its_class() -> None:
    puzzle = nine(
        Cage((0, 1), 3), Line("thermo", (3, 4, 5)), Line("renban", (20, 21)),
        Arrow((30,), [(30, 31, 32)]), Dot("white", (40, 41)), Dot("x", (50, 51)),
        Mark("odd", 60), Mark("even", 61), Mark("max", 62), ExtraRegion((70, 71, 72)),
        Clone((7, 8), (16, 17)), Quadruple((54, 55, 63, 64), (1, 2, 3)), Rule("diagonal-"),
        Other("mystery", '{"a":1}', (78, 79)))
    drawn = drawing(puzzle)
    under, over = classes(drawn.under), classes(drawn.over)
    for cls in ("v-cage", "v-thermometer", "v-line", "v-arrow", "v-parity", "v-chevrons", "v-region",
                "v-clone", "v-diagonal", "v-other"):
        assert cls in under and cls not in over, cls
    for cls in ("v-cage-sum", "v-kropki", "v-xv", "v-quadruple"):
        assert cls in over and cls not in under, cls
    assert not drawn.margin


def test_shading_goes_first_and_cages_over_lines_in_the_under_layer() -> None:
    drawn = drawing(nine(Cage((0, 1), 3), Line("renban", (0, 1)), ExtraRegion((0, 1, 2))))
    order = [node[1]["class"] for node in drawn.under]
    assert order == ["v-region", "v-line-group", "v-cage"]


def test_clues_outside_the_grid_ask_for_a_margin_and_sit_in_it() -> None:
    drawn = drawing(nine(Clue("little-killer", -1, 0, 45, "DR"), Clue("sandwich", 3, 9, 12)))
    assert drawn.margin
    numbers = [node for node in walk(drawn.over) if node[1].get("class") == "v-clue-number"]
    assert [node[2] for node in numbers] == ["45", "12"]
    places = [(float(node[1]["x"]), float(node[1]["y"])) for node in numbers]
    assert places[0][1] < 0  # above the grid
    assert places[1][0] > 9  # right of it
    assert "v-clue-arrow" in classes(drawn.over)  # the little killer's direction


def test_every_attribute_is_a_short_string() -> None:
    """The page's writes carry text: numbers go as strings of at most three decimals."""
    drawn = drawing(nine(Cage((0, 1, 9, 10), 20), Arrow((30, 31), [(31, 40, 49)]),
                         Clue("little-killer", 9, 8, 7, "UL"), Line("between", (60, 61, 62))))
    for node in walk(drawn.under + drawn.over):
        assert isinstance(node[0], str) and isinstance(node[2], (list, str))
        for value in node[1].values():
            assert isinstance(value, str)
            for number in re.findall(r"\d+\.\d+", value):
                assert len(number.split(".")[1]) <= 3


@pytest.mark.parametrize("kind", [k for k in LINE_KINDS if k not in ("thermo", "slow-thermo")])
def test_a_line_of_each_kind_is_drawn_through_its_cells_centres(kind: str) -> None:
    drawn = drawing(nine(Line(kind, (0, 1, 10), 5 if kind == "whispers" else None)))
    line = next(node for node in walk(drawn.under) if node[1].get("class") == "v-line")
    assert line[1]["d"] == "M0.5 0.5L1.5 0.5L1.5 1.5"
    assert line[1]["data-kind"] == kind


def test_line_kinds_differ_by_more_than_their_hue() -> None:
    """Renban and whispers are told apart without colour: each kind that shares a width
    has another texture (a core along it, dashed, dotted or solid, or end circles)."""
    looks = {}
    for kind, (width, core) in LINE_STYLES.items():
        looks[kind] = (width, core, kind == "between")
    assert looks["renban"] != looks["whispers"]
    assert looks["renban"] != looks["palindrome"]
    assert looks["whispers"] != looks["palindrome"]


def test_a_pill_is_drawn_as_one_wide_stroke_and_its_shaft_starts_at_its_edge() -> None:
    drawn = drawing(nine(Arrow((0, 1), [(1, 10, 19)])))
    nodes = walk(drawn.under)
    pill = next(node for node in nodes if node[1].get("class") == "v-arrow-pill")
    assert pill[1]["d"] == "M0.5 0.5L1.5 0.5"
    shaft = next(node for node in nodes if node[1].get("class") == "v-arrow-shaft")
    assert shaft[1]["d"].startswith("M1.5 0.875L1.5 1.5L1.5 2.5")  # from the circle's edge down


def test_a_dot_sits_on_its_edge_and_says_an_unusual_value() -> None:
    drawn = drawing(nine(Dot("white", (0, 1)), Dot("black", (0, 9), 3)))
    dots = [node for node in walk(drawn.over) if node[1].get("class") == "v-dot"]
    assert [(d[1]["cx"], d[1]["cy"]) for d in dots] == [("1", "0.5"), ("0.5", "1")]
    values = [node[2] for node in walk(drawn.over) if node[1].get("class") == "v-dot-value"]
    assert values == ["3"]


def test_a_cages_sum_sits_in_its_first_cell_and_a_cage_without_one_has_none() -> None:
    drawn = drawing(nine(Cage((40, 41, 49), 17), Cage((0, 1))))
    sums = [node for node in walk(drawn.over) if node[1].get("class") == "v-sum"]
    assert [node[2] for node in sums] == ["17"]
    assert 4 < float(sums[0][1]["x"]) < 4.2 and 4 < float(sums[0][1]["y"]) < 4.3  # r5c5's corner


def test_the_opening_line_names_the_variant() -> None:
    assert messages.opened(nine(Cage((0, 1), 3)), "compact") == "Opened a 9x9 killer sudoku (compact format)."
    assert messages.opened(nine(Line("thermo", (0, 1)), Arrow((9,), [(9, 10)])), "f-puzzles") == \
        "Opened a 9x9 arrow and thermometer sudoku (f-puzzles format)."
    assert messages.opened(nine(Dot("white", (0, 1)), Dot("black", (2, 3)), Rule("negative-black")), "x") == \
        "Opened a 9x9 kropki sudoku (x format)."
    regions = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]
    jigsaw = Puzzle("sudoku", 4, Puzzle.blank("sudoku", 4).cells, regions=regions)
    assert messages.opened(jigsaw, "compact") == "Opened a 4x4 jigsaw sudoku (compact format)."
    assert messages.opened(Puzzle.blank(), "compact") == "Opened a 9x9 sudoku (compact format)."


def test_the_opening_line_says_once_what_cannot_be_checked() -> None:
    one = nine(Other("mystery", '{"a":1}'))
    said = messages.opened(one, "f-puzzles")
    assert said.startswith("Opened a 9x9 sudoku (f-puzzles format). One of its rules cannot be checked here")
    assert "Check, Hint and Solve" in said
    two = nine(Other("a", '{"a":1}'), Other("b", '{"b":1}'))
    assert "2 of its rules cannot be checked here: red marks leave them out" in messages.opened(two, "x")
    assert messages.doubt(one.with_cell(0, given(1))) is None  # no count is true of it


def test_a_cells_label_names_its_rules() -> None:
    assert messages.rule_name(Cage((0, 1), 15)) == "killer cage 15"
    assert messages.rule_name(Line("whispers", (0, 1), 5)) == "German whispers line"
    assert messages.rule_name(Line("whispers", (0, 1), 4)) == "Dutch whispers line"
    assert messages.rule_name(Dot("x", (0, 1))) == "X"
    words = messages.cell_label(0, 0, Puzzle.blank().cells[0], False,
                                messages.cell_rules(["killer cage 15", "thermometer"]))
    assert words == "Row 1, column 1: empty, killer cage 15, thermometer"


def test_a_full_grid_that_breaks_a_rule_says_so() -> None:
    assert "a rule is broken (shown in red)" in messages.full_not_solved(False, True)
    assert "a digit repeats" in messages.full_not_solved(True, True)


def test_check_names_the_broken_rules() -> None:
    said = heavy_messages.rule_broken(["killer cage 15 at r1c1", "the anti-knight rule", "X r1c1-r1c2"])
    assert said == ("Something is wrong: the digits break the killer cage 15 at r1c1, the anti-knight rule "
                    "and 1 more (shown in red).")
    assert heavy_messages.rule_broken(["X r1c1-r1c2"]) == \
        "Something is wrong: the digits break the X r1c1-r1c2 (shown in red)."


def test_print_draws_a_variants_rules_in_black_and_grey_in_a_well_formed_document() -> None:
    from xml.etree import ElementTree

    from pycore.render.svg import render_svg

    svg = render_svg(nine(Cage((0, 1), 3), Dot("black", (40, 41)), Line("renban", (20, 21)),
                          Clue("sandwich", -1, 4, 10)))
    root = ElementTree.fromstring(svg)
    found = {e.get("class"): e for e in root.iter() if e.get("class")}
    assert found["v-cage"].get("stroke-dasharray") == "0.1 0.06"
    assert found["v-dot"].get("fill") == "#000"
    assert found["v-line"].get("stroke") == "#c8c8c8"
    plain = ElementTree.fromstring(render_svg(Puzzle.blank()))
    assert float(root.get("width") or 0) == float(plain.get("width") or 0) + 2 * 40  # the clues' margin
    assert "variant" not in render_svg(Puzzle.blank())


def test_print_draws_a_jigsaws_lines_between_its_regions() -> None:
    from pycore.render.svg import render_svg

    regions = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]
    svg = render_svg(Puzzle("sudoku", 4, Puzzle.blank("sudoku", 4).cells, regions=regions), cell=10)
    boxes = re.search(r'class="boxes" d="([^"]+)"', svg)
    assert boxes is not None
    # the frame, then one side per pair of neighbours in different regions
    pairs = sum(1 for i in range(16) if i % 4 < 3 and regions[i] != regions[i + 1]) + \
        sum(1 for i in range(12) if regions[i] != regions[i + 4])
    assert boxes.group(1).count("M") == 1 + pairs
