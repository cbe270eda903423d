"""No variant opens as a plain sudoku without a word: every host the readers claim, and every
page name and parameter they know, is walked, and what the model cannot hold is named."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats.tools import _common, coach, fpuzzles, penpa, puzzlink, sudokupad, sudokuwiki
from pycore.variants import Rule
from tests.tools.test_penpa import COMBO

GRID = "105007093000000040040630200700000000000403000000000009006004010010000700080300904"


def warned(link: str, *parts: str) -> None:
    """The link opens, and one warning names every part."""
    found = tools.read(link)
    assert any(all(part in w for part in parts) for w in found.warnings), (parts, found.warnings)


def refused(link: str, *parts: str) -> None:
    with pytest.raises(FormatError) as caught:
        tools.read(link)
    for part in parts:
        assert part in str(caught.value)


def _sudokuwiki(host: str) -> None:
    for word, what in sudokuwiki.VARIANT_PAGES.items():
        warned(f"https://www.{host}/{word}.aspx?bd={GRID}", what, repr(word))
        warned(f"https://{host}/Play_{word.title()}_Sudoku?bd={GRID}", what)
    for key, what in sudokuwiki.VARIANT_PARAMS.items():
        warned(f"https://www.{host}/sudoku.htm?bd={GRID}&{key}=1", what, f"{key}=")
    warned(f"https://www.{host}/Some_New_Page.aspx?bd={GRID}", "'some_new_page'", "does not know")
    warned(f"https://www.{host}/sudoku.htm?bd={GRID}&rules=1", "'rules'", "does not read")
    refused(f"https://www.{host}/KillerSudoku.aspx?bd={'1' * 81},{'0' * 162}", "at character 0",
            "a cage of at most 9 cells")
    for page in sudokuwiki.CLASSIC_PAGES:
        assert tools.read(f"https://www.{host}/{page}.htm?bd={GRID}").warnings == ()


def _sudokupad(host: str) -> None:
    warned(f"https://{host}/scf{sudokupad.classic([0] * 81)}*x", "X-sudoku diagonals")
    warned(f"https://{host}/?puzzleid=scf{sudokupad.classic([0] * 81)}*w", "windoku")
    zipped = _common.lz_compress("{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,0]],v:3}]}")
    warned(f"https://{host}/sudoku/scl{zipped}", "(1 cage)", "never checked")


def _fpuzzles(host: str) -> None:
    data = {"size": 4, "grid": [[{}] * 4] * 4, "diagonal+": True, "antiknight": True}
    load = _common.lz_compress(json.dumps(data))
    for link in (f"https://www.{host}/?load={load}", f"https://{host}/?load={load}"):
        found = tools.read(link)  # read, not named: the puzzle holds them
        assert [c.kind for c in found.puzzle.constraints] == ["diagonal+", "anti-knight"]
        assert found.warnings == ()


def _puzzlink(host: str) -> None:
    refused(f"https://{host}/p?killersudoku/9/9/abc", "'killersudoku'", "cannot hold")
    refused(f"https://{host}/p.html?nurikabe/5/5/g", "'nurikabe'")
    assert tools.read(f"https://{host}/p?sudoku/4/4/g1k23k3g").warnings == ()


def _coach(host: str) -> None:
    refused(f"https://{host}/en/s/JCDs", "short link")
    assert tools.read(f"https://{host}/en/play/{GRID}").warnings == ()


def _penpa(host: str) -> None:
    link = COMBO.replace("swaroopg92.github.io", host)
    assert tools.read(link).puzzle.constraints  # read, constraints kept
    refused(f"https://{host}/penpa-edit/#m=solve&p=@", "penpa+", "base64")


WALKS: dict[tuple[str, ...], Callable[[str], None]] = {
    sudokuwiki.HOSTS: _sudokuwiki, sudokupad.HOSTS: _sudokupad, fpuzzles.HOSTS: _fpuzzles,
    puzzlink.HOSTS: _puzzlink, coach.HOSTS: _coach, penpa.HOSTS: _penpa,
}


def test_every_host_we_claim_is_walked() -> None:
    assert sorted(host for hosts in WALKS for host in hosts) == sorted(tools.HOSTS)


@pytest.mark.parametrize(("host", "walk"), [(h, w) for hosts, w in WALKS.items() for h in hosts])
def test_each_variant_the_link_marks_is_named(host: str, walk: Callable[[str], None]) -> None:
    walk(host)


def test_a_page_whose_rules_the_string_holds_says_nothing_and_another_page_is_named() -> None:
    x9b = "X9B" + "00" * 81
    found = tools.read(f"https://www.sudokuwiki.org/SudokuX.aspx?bd={x9b}")
    assert found.warnings == () and found.puzzle.constraints == (Rule("diagonal+"), Rule("diagonal-"))
    other = tools.read(f"https://www.sudokuwiki.org/Killer_Sudoku.aspx?bd={x9b}")
    assert [w for w in other.warnings if "killer cages" in w and "'killer_sudoku'" in w]
