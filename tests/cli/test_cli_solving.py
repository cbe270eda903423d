"""`pycore solve FORMAT TEXT`: the solved puzzle in the same format, counts, hints, one-line errors."""

from __future__ import annotations

import io
import sys

import pytest

import pycore
from pycore.cli import main
from tests.conftest import load_vector

BINARY = load_vector("binary.json")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_binary_prints_the_kangaroo_exec_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "binary", BINARY["spec_example"]["base64"])
    assert (code, err) == (0, "")
    assert out.strip() == BINARY["spec_example_solved"]["base64"]


def test_kangaroo_two_grid_layout_keeps_header_and_mask(capsys: pytest.CaptureFixture[str]) -> None:
    vectors = load_vector("origin/kangaroo.json")
    code, out, _ = run(capsys, "solve", "binary", vectors["5x5boxes.json"]["base64"])
    assert code == 0
    assert out.strip() == vectors["5x5boxes_solution.json"]["base64"]


def test_other_formats_answer_in_their_own_format(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    for fmt in ("offset", "jcode", "bitcell", "json"):
        code, out, err = run(capsys, "solve", fmt, "--", pycore.encode(fmt, puzzle))
        assert (code, err) == (0, "")
        assert pycore.decode(fmt, out.strip()) == pycore.solve.solve(puzzle)


def test_str8ts_answers_in_str8ts(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.solve.test_solve import STR8TS_PUBLIC, from_bw

    puzzle = from_bw(STR8TS_PUBLIC)
    code, out, _ = run(capsys, "solve", "str8ts", pycore.encode("str8ts", puzzle))
    assert code == 0
    assert pycore.decode("str8ts", out.strip()) == pycore.solve.solve(puzzle)


def test_auto_reads_a_link(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "auto", "https://example.org/#j:-BCDCDA-BAD--CBA")
    assert code == 0
    puzzle = pycore.decode("jcode", "-BCDCDA-BAD--CBA")
    assert pycore.decode("jcode", out.strip()) == pycore.solve.solve(puzzle)


def test_count_and_its_cap(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", "jcode", "--count", "--", "-BCDCDA-BAD--CBA")[1] == "1\n"
    empty = "-" * 16
    assert run(capsys, "solve", "jcode", "--count", "--", empty)[1] == "288\n"
    assert run(capsys, "solve", "jcode", "--count", "--limit", "10", "--", empty)[1] == "10\n"


def test_hint_prints_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "binary", "--hint", BINARY["spec_example"]["base64"])
    assert code == 0 and out.strip() == "hidden-single: In row 1, 1 can only go in r1c5."


def test_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(BINARY["spec_example"]["base64"] + "\n"))
    assert run(capsys, "solve", "binary", "-")[1].strip() == BINARY["spec_example_solved"]["base64"]


@pytest.mark.parametrize(("argv", "message"), [
    (["jcode", "--", "AACDCDA-BAD--CBA"], "no solution: r1c1 and r1c2 both hold 1 in row 1"),
    (["jcode", "--", "-BCDCDA-BAD--CBD"], "no solution"),
    (["jcode", "--", "AAC"], "jcode at character 3"),
    (["binary", "AAE"], "binary"),
    (["jcode", "--limit", "0", "--", "-"], "must be at least 1"),
    (["jcode", "--max-nodes", "1", "--count", "--", "-" * 81], "max_nodes=1"),
])
def test_no_solution_and_bad_input_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "solve", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
