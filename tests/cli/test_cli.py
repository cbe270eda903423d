"""The command line as a person uses it: one line and exit 2 for anything wrong."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from pycore.cli import main
from tests.conftest import load_vector

SUDOKLIFY = "-BCDCDA-BAD--CBA"


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_decode_prints_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, "decode", "jcode", "--", SUDOKLIFY)
    assert code == 0 and err == ""
    obj = json.loads(out)
    assert obj["size"] == 4 and obj["cells"][0][1] == {"given": 2}


def test_encode_reads_json_on_stdin(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    example = load_vector("binary.json")["spec_example"]
    code, out, _ = run(capsys, monkeypatch, "encode", "binary", stdin=json.dumps(example["json"]))
    assert code == 0 and out.strip() == example["base64"]


def test_convert_and_stdin_dash(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "convert", "jcode", "offset", "-", stdin=SUDOKLIFY + "\n")
    assert code == 0 and out.strip() == "0234341021400321"
    code, out, _ = run(capsys, monkeypatch, "convert", "auto", "jcode", "https://x.org/#o:0234341021400321")
    assert code == 0 and out.strip() == SUDOKLIFY


def test_lossy_flag(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    marks = "0j" + "00" * 80
    code, out, err = run(capsys, monkeypatch, "convert", "offset", "binary", marks)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "pencil marks" in err and "--lossy" in err
    code, out, _ = run(capsys, monkeypatch, "convert", "offset", "binary", marks, "--lossy")
    assert code == 0 and out.startswith("AAEDAwP/gA")


@pytest.mark.parametrize("argv", [
    ["decode", "offset", "zz"],
    ["decode", "nonsense", "zz"],
    ["decode", "binary", "AAEDAwP/gA"],
    ["encode", "offset"],
    ["frobnicate"],
    [],
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    code, out, err = run(capsys, monkeypatch, *argv, stdin="{not json")
    assert code == 2 and out == ""
    assert err.startswith("gridlinks: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_link(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, puzzle_json, _ = run(capsys, monkeypatch, "decode", "jcode", "--", SUDOKLIFY)
    code, out, _ = run(capsys, monkeypatch, "link", "--base", "https://example.org/", stdin=puzzle_json)
    assert code == 0 and out.startswith("https://example.org/#")
    code, again, _ = run(capsys, monkeypatch, "decode", "auto", out.strip())
    assert json.loads(again) == json.loads(puzzle_json)
    code, out, _ = run(capsys, monkeypatch, "link", "--format", "jcode", stdin=puzzle_json)
    assert out.strip() == "#j:" + SUDOKLIFY


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in wasm")
def test_python_dash_m() -> None:
    done = subprocess.run([sys.executable, "-m", "pycore", "decode", "offset", "0" * 161],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "offset at character 161" in done.stderr


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in wasm")
def test_a_reader_that_stops_early_is_no_error() -> None:
    """`gridlinks grade --path ... | head -1`: the rest of the output has nowhere to go,
    and that is the reader's choice, not a fault to report."""
    import os

    gone, end = os.pipe()
    os.close(gone)  # the reader has already stopped: every write finds the pipe closed
    try:
        done = subprocess.run([sys.executable, "-m", "pycore", "new", "4x4", "--seed", "1"],
                              stdout=end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(end)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_decode_warns_of_a_link_that_may_be_cut_or_changed(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """As the page says it: a grid with progress whose check mark is gone, or givens with no
    solution or several; the grid is still printed (exit 0)."""
    from pycore import links
    from pycore.app import messages
    from pycore.formats import compact
    from pycore.model import Puzzle, candidates, given, value

    classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    puzzle = Puzzle.blank().with_cells({i: given(int(ch)) for i, ch in enumerate(classic) if ch != "."})
    code, _, err = run(capsys, monkeypatch, "decode", "auto", links.link(puzzle, base="https://x/"))
    assert code == 0 and err == "gridlinks: read as compact\n"  # one solution: nothing to say
    played = puzzle.with_cells({2: value(4), 3: candidates([2, 6])})
    text = compact.encode(played)
    cut_warnings: set[str] = set()
    for end in range(1, len(text)):
        code, out, err = run(capsys, monkeypatch, "decode", "auto", text[:end])
        if code == 0:
            assert json.loads(out)["kind"] in ("sudoku", "str8ts")
            cut_warnings.update(line for line in err.splitlines() if "warning" in line)
        else:
            assert code == 2 and err.count("\n") == 1
    assert cut_warnings and cut_warnings <= {f"gridlinks: warning: {words}" for words in (
        messages.UNCHECKED, messages.DOUBT, messages.SEVERAL)}
    several = Puzzle.blank().with_cells({0: given(1)})
    code, _, err = run(capsys, monkeypatch, "decode", "auto", compact.encode(several))
    assert err.splitlines()[-1] == f"gridlinks: warning: {messages.SEVERAL}"
