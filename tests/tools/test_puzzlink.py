"""puzz.link URLs and pzprv3 files, re-encoded the way pzprjs encodes them."""

from __future__ import annotations

import pytest

from pycore import links
from pycore.model import Puzzle
from tests.tools.examples import by_name, grid


def _encode_pzpr(puzzle: Puzzle) -> str:
    """pzprjs's encodeNumber16 for clues 1..15: hex digits, g..z for runs of 1..20 blanks."""
    out, blanks = [], 0
    for cell in puzzle.cells:
        if cell.digit:
            if blanks:
                out.append("ghijklmnopqrstuvwxyz"[blanks - 1])
                blanks = 0
            out.append(format(cell.digit, "x"))
        else:
            blanks += 1
            if blanks == 20:
                out.append("z")
                blanks = 0
    if blanks:
        out.append("ghijklmnopqrstuvwxyz"[blanks - 1])
    return "".join(out)


@pytest.mark.parametrize("name", ["puzz.link 9x9", "puzz.link 9x9 bench", "puzz.link 4x4 debug url"])
def test_puzz_link_urls_reencode_to_themselves(name: str) -> None:
    text = by_name(name)["text"]
    puzzle = links.read_any(text).puzzle
    assert text.endswith(f"sudoku/{puzzle.size}/{puzzle.size}/" + _encode_pzpr(puzzle))


def test_puzz_link_url_and_file_of_pzprjs_debug_data_agree() -> None:
    url = links.read_any(by_name("puzz.link 4x4 debug url")["text"]).puzzle
    file = links.read_any(by_name("pzprv3 4x4 solved")["text"]).puzzle
    assert grid(url, "given") == grid(file, "given")
    assert file.count("value") == 16 - file.count("given") and not file.conflicts()  # solved
