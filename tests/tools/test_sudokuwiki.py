"""sudokuwiki.org and str8ts.com strings: the origin's vectors, both radices weighed,
types refused by name."""

from __future__ import annotations

import pytest

from pycore import links
from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats._fields import encode_fields
from pycore.formats._transform import str8ts_value
from pycore.formats.tools import sudokuwiki
from pycore.model import Puzzle, candidates, given, value
from pycore.variants import Cage, ExtraRegion, Rule
from tests.conftest import load_vector
from tests.tools.examples import EXAMPLES, by_name, dots, grid


def test_sudokuwiki_position_keeps_the_start_givens() -> None:
    """The guide links each position with its start: the position's clues are the start's."""
    example = by_name("sudokuwiki UR type 1 position")
    puzzle = links.read_any(example["text"]).puzzle
    assert grid(puzzle, "given") == dots(example["givens_from_start"])
    assert puzzle.count("value") > 0 and puzzle.count("candidates") > 0
    assert not puzzle.conflicts()


@pytest.mark.parametrize("key", ["head_S9B_b36", "head_X9B_b36", "head_W9B_b36", "wiki_S9B_b32",
                                 "wiki_X9B_b32", "doc_S9B_b32"])
def test_origin_vectors_decode_to_their_stated_cells(key: str) -> None:
    vector = load_vector("origin/puzzle-coding-offset.json")[key]
    example = next(e for e in EXAMPLES if e.get("vector") == key)
    puzzle = links.read_any(example["text"]).puzzle
    kinds = {"clue": "given", "guess": "value", "cand": "candidates", "empty": "empty"}
    for cell, (kind, *rest) in zip(puzzle.cells, vector["cells"], strict=True):
        assert cell.kind == kinds[kind]
        if kind in ("clue", "guess"):
            assert cell.digit == rest[0]
        if kind == "cand":
            assert cell.candidates == frozenset(rest[0])


def test_sudokuwiki_str8ts_reencodes_to_itself() -> None:
    """The origin's compatibility test: decoding then encoding gives the same string."""
    text = by_name("sudokuwiki str8ts T9B")["text"]
    puzzle = links.read_any(text).puzzle
    assert puzzle.kind == "str8ts"
    assert "T9B" + encode_fields([str8ts_value(c, 9) for c in puzzle.cells], 2, 36) == text


def test_str8ts_com_reads_the_origins_easy_1() -> None:
    example = by_name("str8ts.com easy 1")
    puzzle = links.read_any(example["text"]).puzzle
    expected = [tok for row in example["str8ts_rows"] for tok in row.split()]
    for cell, tok in zip(puzzle.cells, expected, strict=True):
        if tok == "*":
            assert cell.candidates == frozenset(range(1, 10))
        elif tok.startswith("B"):
            assert (cell.kind, cell.digit) == ("black", int(tok[1:] or 0))
        else:
            assert (cell.kind, cell.digit) == ("given", int(tok))


def test_str8ts_com_is_recognised_by_its_host_too() -> None:
    spec = by_name("sudokuwiki str8ts T9B")["text"]
    found = tools.read(f"https://www.str8ts.com/str8ts.htm?bd={spec}")
    assert found.format == "str8ts.com" and "str8ts.com link" in found.warnings[0]


def test_a_string_valid_in_both_radices_says_which_was_chosen() -> None:
    found = links.read_any("S9B" + "ep" * 81)
    assert found.format == "sudokuwiki" and "base 36" in found.warnings[0]
    assert found.puzzle.count("candidates") == 81
    same = links.read_any("S9B" + "00" * 81)  # identical either way: nothing to say
    assert same.warnings == ()


def test_w_to_z_mean_base_36_and_fields_over_36s_maximum_mean_base_32() -> None:
    assert links.read_any("S9B0w" + "00" * 80).format == "sudokuwiki"
    chosen = links.read_any("S9Bgg" + "00" * 80)  # gg = 592 in base 36: over 529
    assert chosen.format == "offset" and "invalid" in chosen.warnings[0]


def test_types_the_model_cannot_hold_are_refused_by_name() -> None:
    for letter in "KD":
        with pytest.raises(FormatError, match=r"KenDoku|KenKen"):
            tools.read(letter + "6C" + "0000" * 36)


def test_the_seeds_own_s9b_example_still_reads_as_offset() -> None:
    text = load_vector("offset.json")["origin_example_with_header"]
    found = links.read_any(text)
    assert (found.format, found.puzzle) == links.read(text)
    assert "base 32" in found.warnings[0]


B32 = "0123456789abcdefghijklmnopqrstuv"


def _packed(puzzle: Puzzle) -> str:
    """sudokuwiki's older "with candidates" bd: two base-32 digits a cell, (bits << 1) | clue."""
    out = []
    for cell in puzzle.cells:
        bits = (1 << (cell.digit - 1)) if cell.digit else sum(1 << (d - 1) for d in cell.candidates)
        field = bits << 1 | (cell.kind == "given")
        out.append(B32[field // 32] + B32[field % 32])
    return "".join(out)


def test_the_with_candidates_form_keeps_givens_values_and_marks() -> None:
    puzzle = Puzzle.blank().with_cells({0: given(5), 1: value(3), 2: candidates([1, 2]), 80: given(9)})
    full = puzzle.with_cells({i: candidates(range(1, 10)) for i in range(3, 80)})
    found = links.read_any(f"https://www.sudokuwiki.org/sudoku.htm?bd={_packed(full)}")
    assert found.puzzle == full and found.warnings == ()
    unmarked = Puzzle.blank().with_cells({0: given(5), 1: value(3)})
    everything = unmarked.with_cells({i: candidates(range(1, 10)) for i in range(2, 81)})
    link = f"https://www.sudokuwiki.org/sudoku.htm?bd={_packed(everything)}"
    assert links.read_any(link).puzzle == unmarked


# --- the variant types: puzzle-coding's SudokuWikiCompatibilityTests, verbatim --------------

KILLER_L9B = ("L9B0jdd00ep1jpt1ez50du900ep1g5n08b500ep00ep00ep1ez509w11mvl1ez53bpt2tjl2tjl1rm92zgx00ep00"
              "ep31g10g7l1t752tjl0ikx1ez505xt1rm92tjl2tjl00ep1ez51ez500ep1ez500ep1ez54nwx484100ep31g11ez5"
              "00ep0ff51jbj05xt00ep484100ep2tjl4hld00ep00ep3ci92tjl1qtt2wpd2tjl04cx48411no100ep2tjl2tjl1e"
              "z54hld484100ep3dap1ez500ep2tjl0aoh00ep00ep2tjl2tjl2tjl1ez5")
"""`KillerSudoku.gentleExample1` (KillerSudoku+.swift): its cage colours and sums below."""
KILLER_COLOURS = ("112211211" "112122333" "231131231" "212331221" "212441321" "121141341"
                  "133233142" "133244132" "131113332")
KILLER_SUMS = [24, 0, 6, 0, 17, 0, 2, 10, 0, 0, 0, 0, 12, 10, 0, 23, 0, 0,
               16, 8, 0, 0, 10, 20, 18, 0, 23, 0, 7, 16, 0, 0, 0, 0, 0, 0,
               0, 0, 0, 20, 0, 0, 10, 0, 0, 19, 6, 7, 0, 0, 0, 0, 12, 0,
               0, 24, 0, 15, 4, 0, 5, 0, 11, 0, 0, 0, 0, 12, 0, 0, 25, 0,
               0, 0, 13, 0, 0, 0, 0, 0, 0]
JIGSAW_J9B = ("J9B00405i05i0sn0uf0sp0ua1ky1pv05i07a07a0tj0si0um0ui1za1yz0200092fb2ef39i0so1oq1om1ob0012iq"
              "2dg2oy3k237o3yb1z61yq2dj2iu2py35w3ie35t4aq4aq3ya5364y22de3he3k240a3y94ci6bn52g4xc5465ja3ja"
              "3ze4bu6bl6oi53c4y05uv5uv5j85k66pg6pe6pe52u4qp5ue5j65ue5jb6nm6bo6bp")
"""`JigsawSudoku.andrewStuart1Example1` (JigsawSudoku+.swift): its shapes below."""
JIGSAW_SHAPES = ("111222233" "111222233" "114452333" "144455633" "444555666" "774556669"
                 "777856699" "778888999" "778888999")
KILLER_JIGSAW_M9B = (
    "M9B00h01000ep0b8y90cw7l0cnip0behd0b8y90o1ld0mqz501sep031g10e2350z4lt0xzip10zrl0e2350nw290mhh"
    "t01ez501ez50fvo111xqp0xq1d10j690bhn50mhht0o74h007ip000ep1oett11xqp0xq1d0xq1d29ogh0pamp0nw291a"
    "mmp01ez51nehd1n09d1y8sx28ff5282s10mntd2hwr51ad5d19c0h1k74h1vfo1204r51wu8h270up2jqc12jbbl1ad5d1"
    "8ykx1m0pd1llox1zndd2avwx26o7l2jbbl2jbbl1cikx1brpt1n09d1wu8h1vnkh1x5ap26o7l2l5ox2kpw11brpt1brpt"
    "1n09d1llox1vfo1282s1282s12kpw12kphm")
"""The killer jigsaw of the origin's compatibility test (Tim Tang's; its last cell a guessed 1)."""


def _cages(puzzle: Puzzle) -> list[Cage]:
    cages = [c for c in puzzle.constraints if isinstance(c, Cage)]
    assert len(cages) == len(puzzle.constraints)  # nothing but cages
    return cages


def _groups(labels: str | list[int]) -> set[frozenset[int]]:
    """Cells that share a label and touch, as sets: the shapes a colour map draws."""
    n = 9
    out = set()
    seen: set[int] = set()
    for start in range(81):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, n)
            for j in (i - n if r else -1, i + n if r < 8 else -1, i - 1 if c else -1, i + 1 if c < 8 else -1):
                if j >= 0 and j not in group and labels[j] == labels[i]:
                    group.add(j)
                    todo.append(j)
        seen |= group
        out.add(frozenset(group))
    return out


def test_a_killer_string_keeps_every_cage_with_the_sum_in_its_first_cell() -> None:
    found = tools.read(KILLER_L9B)
    assert (found.format, found.warnings) == ("sudokuwiki", ())
    cages = _cages(found.puzzle)
    assert {frozenset(cage.cells) for cage in cages} == _groups(KILLER_COLOURS)
    assert {cage.cells[0]: cage.total for cage in cages} == {i: s for i, s in enumerate(KILLER_SUMS) if s}
    # "SudokuWiki sends a single cage clue as a solved cell": the 2-cage's digit, r1c7
    assert found.puzzle.cells[6] == value(2) and found.puzzle.cells[19] == value(8)


def test_a_jigsaw_string_keeps_its_regions() -> None:
    found = tools.read(JIGSAW_J9B)
    assert (found.format, found.warnings, found.puzzle.box) == ("sudokuwiki", (), None)
    regions = found.puzzle.regions
    assert regions is not None
    assert all((regions[i] == regions[j]) == (JIGSAW_SHAPES[i] == JIGSAW_SHAPES[j])
               for i in range(81) for j in range(81))
    assert found.puzzle.cells[0] == given(4) and found.puzzle.cells[1].candidates == {3, 5, 6, 8}


def test_a_killer_jigsaw_string_keeps_regions_and_cages() -> None:
    puzzle = tools.read(KILLER_JIGSAW_M9B).puzzle
    assert puzzle.regions is not None and len(set(puzzle.regions)) == 9
    assert len(_cages(puzzle)) == 27 and sum(c.total or 0 for c in _cages(puzzle)) == 405
    assert sorted(i for c in puzzle.constraints for i in c.cells) == list(range(81))
    assert puzzle.cells[80] == value(1)  # the origin's note: "the last cell solution set to 1"


def test_sudoku_x_and_windoku_keep_their_rules() -> None:
    x = by_name("puzzle-coding head_X9B_b36")["text"]
    assert tools.read(x).puzzle.constraints == (Rule("diagonal+"), Rule("diagonal-"))
    w = tools.read(by_name("puzzle-coding head_W9B_b36")["text"]).puzzle
    windows = {frozenset(c.cells) for c in w.constraints if isinstance(c, ExtraRegion)}
    assert len(w.constraints) == 4 and windows == {
        frozenset(r * 9 + c for r in range(top, top + 3) for c in range(left, left + 3))
        for top in (1, 5) for left in (1, 5)}


INNIES_OUTIES = ("http://www.sudokuwiki.org/killersudoku.htm?bd=1221111221133222121221133113321222123133"
                 "13332213212113212212443231331211331131233,2509002600000013000000070010000020000006002"
                 "000090000001900000017000000150015180012090000001500002100080400140000000000000800000"
                 "00920130011150700000000000000001000")
"""A reader's link in a comment on sudokuwiki.org's Innies_And_Outies page."""


def test_the_killer_pages_colours_and_sums_become_cages() -> None:
    found = tools.read(INNIES_OUTIES)
    colours, sums = INNIES_OUTIES.split("bd=")[1].split(",")
    assert (found.format, found.warnings) == ("sudokuwiki", ())
    cages = _cages(found.puzzle)
    assert {frozenset(c.cells) for c in cages} == _groups(colours)
    shown = {i: int(sums[2 * i:2 * i + 2]) for i in range(81) if sums[2 * i:2 * i + 2] != "00"}
    assert sorted((c.total, c.cells) for c in cages) == sorted(
        (shown[i], c.cells) for c in cages for i in c.cells if i in shown)
    assert sum(c.total or 0 for c in cages) == 405 and found.puzzle.count("given") == 0


@pytest.mark.parametrize(("text", "position", "expected"), [
    (INNIES_OUTIES.replace("bd=1221", "bd=1111"), 0, "a cage of at most 9 cells"),
    (INNIES_OUTIES[:-4] + "0110", 82 + 2 * 80, "a cage sum only in its cage's one cell"),
    (INNIES_OUTIES[:-2], 82 + 160, "162 digits"),
    ("L9B" + "00ep" * 80 + "zzzz", 3 + 80 * 4, "a field of at most"),
    ("L9B" + "00ep" * 80, 3 + 80 * 4, "81 fields of 4 characters"),
    ("J9B" + "zzz" * 81, 3, "a field of at most"),
    (KILLER_L9B[:7] + encode_fields([5 << 10 | 526], 4, 36) + KILLER_L9B[11:], 7,
     "a cage sum only in its cage's first cell"),  # r1c2 shows 5 in r1c1's cage of 24
    ("W4B" + "00" * 16, 1, "windoku's size code 9"),
])
def test_hostile_variant_strings_are_refused_at_a_position(text: str, position: int, expected: str) -> None:
    with pytest.raises(FormatError) as caught:
        sudokuwiki.decode(text)
    assert caught.value.pos == position and expected in str(caught.value)
