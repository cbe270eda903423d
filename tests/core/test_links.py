"""Links: tags in the fragment, bare strings of every format, whole URLs."""

from __future__ import annotations

import contextlib
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pycore
from pycore import formats, links
from pycore.errors import FormatError
from pycore.model import BLACK, Puzzle, black, candidates, value
from pycore.model import given as given_cell
from tests.conftest import load_vector
from tests.strategies import layout_puzzles, square_puzzles

BINARY = load_vector("binary.json")["spec_example"]["base64"]


@pytest.mark.parametrize(("text", "format"), [
    (BINARY, "binary"),
    ("-BCDCDA-BAD--CBA", "jcode"),
    ("0234341021400321", "offset"),
    ("S9B" + "00" * 81, "offset"),
    ("0" * 9, "str8ts"),
    (",".join(["0"] * 16), "bitcell"),
    ('{"kind":"sudoku","size":4,"cells":[[null,null,null,null],[null,null,null,null],'
     '[null,null,null,null],[null,null,null,null]]}', "json"),
])
def test_bare_strings_are_detected(text: str, format: str) -> None:
    assert links.read(text)[0] == format
    assert links.read(f"  https://example.org/app/#{text}  ")[0] == format


# Puzzles that between them every link format holds whole: player state in a 4x4 sudoku,
# a givens-only 9x9 (binary; its base64 has a `/` and `=` padding), a str8ts (jcode's k: tag).
HELD = (
    Puzzle.blank(size=4).with_cells({0: value(1), 5: candidates([2, 3])}),
    Puzzle.blank().with_cells({0: given_cell(5), 40: given_cell(9)}),
    Puzzle.blank("str8ts", 4).with_cells({0: BLACK, 1: black(2), 6: given_cell(3), 9: value(1)}),
)
URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:,")


def test_every_tag_round_trips() -> None:
    tags = set()
    for format in links.link_formats():
        for puzzle in HELD:
            try:
                url = links.link(puzzle, format, "https://example.org/")
            except pycore.FormatError:  # a state the format cannot hold (another puzzle can)
                continue
            fragment = url.split("#", 1)[1]
            assert links.read(url) == (format, puzzle)
            assert set(fragment) <= URL_SAFE
            tags.add(links.tag_of(format, puzzle))
    assert tags == {None, *links.TAGS}  # every tag, and compact's none


def test_binary_fragments_are_url_safe_base64_without_padding() -> None:
    puzzle = HELD[1]
    text = pycore.encode("binary", puzzle)
    assert "/" in text and text.endswith("=")
    fragment = links.fragment(puzzle, "binary")
    assert fragment == "b:" + text.rstrip("=").replace("+", "-").replace("/", "_")
    assert links.read(fragment) == ("binary", puzzle)


def test_tags_and_bare_shapes_come_from_each_format() -> None:
    for tag, (name, options) in links.TAGS.items():
        form = formats.link_form(name)
        assert (tag, options.get("kind")) in form.tags
    assert links.UNTAGGED == "compact" == links.link_formats()[0]
    assert "json" not in links.link_formats()
    assert links.tag_of("jcode") == "j"
    assert links.tag_of("jcode", HELD[2]) == "k"


@pytest.mark.parametrize("name", ["json", "nope"])
def test_a_name_that_is_no_link_format_is_an_unknown_name(name: str) -> None:
    with pytest.raises(pycore.UnknownName, match="link format"):
        links.fragment(HELD[0], name)
    with pytest.raises(pycore.UnknownName, match="link format"):
        links.tag_of(name)


def test_an_unknown_format_name_is_not_a_fault_of_any_text() -> None:
    with pytest.raises(pycore.UnknownName) as info:
        pycore.decode("nope", "0234341021400321")
    assert not isinstance(info.value, pycore.FormatError)
    assert info.value.name == "nope" and info.value.known == pycore.FORMATS
    assert str(info.value).startswith("unknown format 'nope': expected one of compact, offset")
    again = pickle.loads(pickle.dumps(info.value))  # crosses process pools like FormatError
    assert (type(again), str(again), again.known) == (pycore.UnknownName, str(info.value),
                                                      pycore.FORMATS)


def test_best_is_the_shortest_lossless() -> None:
    puzzle = Puzzle.blank(size=4).with_cell(0, candidates([1, 2]))
    format, fragment = links.best(puzzle)
    for other in links.link_formats():
        with contextlib.suppress(pycore.LossError):
            assert len(links.fragment(puzzle, other)) >= len(fragment)
    assert format != "binary"  # binary would drop the marks


def test_percent_encoded_fragment() -> None:
    assert links.read("https://example.org/#o%3A0234341021400321")[0] == "offset"


@pytest.mark.parametrize(("text", "message"), [
    ("", "nothing"),
    ("x:123", "fragment tag"),
    ("https://example.org/#o:123", "offset"),
    ("!!!", "known format"),
    ("a" * 70_000, "at most"),
])
def test_refusals_say_what_was_tried(text: str, message: str) -> None:
    with pytest.raises(pycore.FormatError, match=message):
        links.read(text)


def test_our_json_with_a_fault_is_reported_as_ours() -> None:
    text = ('{"kind":"sudoku","size":4,"extra":1,"cells":[[null,null,null,null],'
            '[null,null,null,null],[null,null,null,null],[null,null,null,null]]}')
    with pytest.raises(pycore.FormatError, match="json at character 26: expected only the keys"):
        links.read_any(text)
    assert text.index('"extra"') == 26


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(square_puzzles(), layout_puzzles()))
def test_every_text_a_format_writes_has_the_look_it_declares(puzzle: Puzzle) -> None:
    """`links.read` tries a format only on texts of its declared look: a look narrower than
    what the encoder writes would leave its own bare strings unread."""
    held = 0
    for name in pycore.FORMATS:
        try:
            text = pycore.encode(name, puzzle)
        except pycore.FormatError:
            continue
        held += 1
        form = formats.link_form(name)
        assert form.looks.fullmatch(text), (name, text[:40])
        if form.spelled is not None:
            assert form.looks.fullmatch(form.spelled(text)), (name, text[:40])
    assert held >= 2  # compact and json hold everything


# --- the shortest link without encoding every format -------------------------------------

def puzzles() -> st.SearchStrategy[Puzzle]:
    return st.one_of(square_puzzles(), layout_puzzles())


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_a_declared_floor_is_never_above_the_real_length(puzzle: Puzzle) -> None:
    """`least_length` may let `best` skip a format only because the format cannot be shorter."""
    for name in links.link_formats():
        try:
            frag = links.fragment(puzzle, name)
        except FormatError:
            continue
        assert len(frag) >= links.least_length(puzzle, name), name


def test_every_format_but_compact_declares_a_floor() -> None:
    puzzle = Puzzle.blank()
    floors = {name: links.least_length(puzzle, name) for name in links.link_formats()}
    assert floors.pop("compact") == 0
    assert floors == {name: 81 + 2 for name in floors}  # the tag, ':' and a character a cell


@pytest.mark.slow
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_best_is_the_shortest_of_all_the_formats_encoded(puzzle: Puzzle) -> None:
    every = []
    for rank, name in enumerate(links.link_formats()):
        try:
            every.append((len(links.fragment(puzzle, name)), rank, name, links.fragment(puzzle, name)))
        except FormatError:
            continue
    if not every:
        with pytest.raises(FormatError):
            links.best(puzzle)
        return
    assert links.best(puzzle) == min(every)[2:]


def test_a_typical_grid_encodes_only_the_compact_link(monkeypatch: pytest.MonkeyPatch) -> None:
    encoded: list[str] = []
    real = formats.encode

    def counting(name: str, puzzle: Puzzle, lossy: bool = False) -> str:
        encoded.append(name)
        return real(name, puzzle, lossy)

    monkeypatch.setattr(formats, "encode", counting)
    puzzle = Puzzle.blank().with_cells({0: given_cell(5), 40: value(3), 80: candidates([1, 2])})
    assert links.best(puzzle)[0] == "compact"
    assert encoded == ["compact"]
