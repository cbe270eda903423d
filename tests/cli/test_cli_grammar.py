"""One input grammar: every verb that takes a puzzle reads what `decode auto` reads,
options go before or after the text, and bad input gets one short plain line."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_cli import run

# An 81-character plain grid with '.' for empty cells (a 17-given puzzle).
GRID = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
SOLVED = "987654321246173985351928746128537694634892157795461832519286473472319568863745219"


def givens(obj: dict[str, object]) -> str:
    rows = obj["cells"]
    assert isinstance(rows, list)
    return "".join(str(c["given"]) if c else "." for row in rows for c in row)


VERBS = [
    ["decode", "auto", GRID],
    ["convert", "auto", "compact", GRID],
    ["encode", "offset", GRID],
    ["link", GRID],
    ["solve", "auto", GRID],
    ["solve", "auto", "--count", GRID],
    ["export", "line", GRID],
    ["export", "sudokupad", GRID],
    ["render", GRID],
]


@pytest.mark.parametrize("argv", VERBS, ids=[" ".join(a[:2]) for a in VERBS])
def test_the_plain_grid_goes_through_every_verb(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    code, out, err = run(capsys, monkeypatch, *argv)
    assert code == 0, err
    assert out.strip()
    assert "read as plain" in err


def test_what_each_verb_prints_is_the_same_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, monkeypatch, "decode", "auto", GRID)
    assert givens(json.loads(out)) == GRID
    _, link, _ = run(capsys, monkeypatch, "link", GRID, "--base", "https://example.org/")
    _, back, _ = run(capsys, monkeypatch, "decode", "auto", link.strip())
    assert givens(json.loads(back)) == GRID
    _, line, _ = run(capsys, monkeypatch, "export", "line", GRID)
    assert line.strip() == GRID
    _, solved, _ = run(capsys, monkeypatch, "solve", "auto", GRID)
    assert solved.strip() == SOLVED  # answered in the form it came in: a plain line
    _, count, _ = run(capsys, monkeypatch, "solve", "auto", GRID, "--count")
    assert count.strip() == "1"


def test_qr_reads_the_plain_grid_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("segno", reason="QR codes need the optional segno package (gridlinks[qr])")
    code, out, err = run(capsys, monkeypatch, "qr", GRID, "--base", "https://example.org/")
    assert code == 0, err
    assert out.lstrip().startswith("<svg")


@pytest.mark.parametrize("argv", [
    ["export", "line", "--lossy", "o:0j" + "00" * 80],
    ["export", "line", "o:0j" + "00" * 80, "--lossy"],
    ["export", "--lossy", "line", "o:0j" + "00" * 80],
])
def test_options_go_before_or_after_the_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    code, out, err = run(capsys, monkeypatch, *argv)
    assert code == 0, err
    assert out.strip() == "." * 81  # the pencil marks of r1c1 are left out, and said so
    assert "pencil marks" in err


def test_without_lossy_the_loss_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, "export", "line", "o:0j" + "00" * 80)
    assert code == 2 and out == ""
    read, refusal = err.splitlines()  # what it was read as, then one line of refusal
    assert read == "gridlinks: read as offset"
    assert "1 cell with pencil marks" in refusal and "--lossy" in refusal and len(refusal) < 120


def test_a_text_starting_with_a_dash_works_after_double_dash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "convert", "jcode", "offset", "--", "-BCDCDA-BAD--CBA")
    assert code == 0 and out.strip() == "0234341021400321"
    code, out, _ = run(capsys, monkeypatch, "solve", "jcode", "--count", "--", "----CDA-BAD--CBA")
    assert code == 0 and out.strip() == "1"


def test_standard_input_for_every_verb(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv in (["decode", "auto", "-"], ["export", "line", "-"], ["solve", "auto", "-"]):
        code, out, err = run(capsys, monkeypatch, *argv, stdin=GRID + "\n")
        assert code == 0 and out.strip(), (argv, err)


@pytest.mark.parametrize("text", ["garbage!!", "zz", "#", "https://example.org/nothing/here"])
def test_bad_input_is_one_short_plain_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    code, out, err = run(capsys, monkeypatch, "decode", "auto", text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and len(err) < 120, err
    assert "Traceback" not in err


def test_unknown_text_says_how_many_formats_were_tried_and_verbose_lists_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, _, short = run(capsys, monkeypatch, "decode", "auto", "garbage!!")
    assert short.startswith("gridlinks: not a puzzle link or grid I know (")
    assert "--verbose" in short
    for argv in (["decode", "auto", "garbage!!", "--verbose"], ["-v", "decode", "auto", "garbage!!"]):
        code, _, long = run(capsys, monkeypatch, *argv)
        assert code == 2 and len(long) > len(short)
        assert "offset" in long and "jcode" in long  # each format tried, and why not


def test_a_long_format_error_is_cut_to_one_short_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, "decode", "offset", "zz")
    assert code == 2 and len(err) < 120 and err.startswith("gridlinks: offset")
    _, _, full = run(capsys, monkeypatch, "decode", "offset", "zz", "--verbose")
    assert full.startswith(err.split(" ... ")[0]) and len(full) >= len(err)
