"""Collections on the command line: every line converted, bad lines reported by number and
the run kept going, a progress line on a terminal only."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pycore import links
from pycore.cli import main
from pycore.cli.batch import convert_file, convert_lines, decode_file

GRID = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
FILE = [
    "#0100: a comment line of a HoDoKu file",
    GRID + " # lc1(3) s",
    "",
    "not a puzzle",
    ":0000:x:" + GRID + ":::",
    GRID.replace(".", "0"),
    "S9B00",  # a header string whose body is cut short
]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_every_good_line_is_converted_and_every_bad_one_named_by_its_number(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(FILE) + "\n", "utf-8")
    out, err = io.StringIO(), io.StringIO()
    tally = convert_file(str(path), "auto", "offset", out=out, err=err)
    assert (tally.converted, tally.skipped, tally.failed) == (3, 2, [4, 7])
    written = out.getvalue().splitlines()
    assert [links.read_any(line).puzzle for line in written] == [
        links.read_any(FILE[1]).puzzle, links.read_any(FILE[4]).puzzle, links.read_any(FILE[5]).puzzle]
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("gridlinks: line 4: ") and lines[1].startswith("gridlinks: line 7: ")
    assert lines[-1].startswith("gridlinks: 3 converted, 2 failed (line 4, 7), 1 with warnings, 2 skipped")
    assert "\r" not in err.getvalue()  # not a terminal: no progress line


def test_the_command_exits_1_at_the_end_when_a_line_failed(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(FILE), "utf-8")
    with pytest.raises(SystemExit) as caught:
        main(["convert", "auto", "compact", str(path), "--each-line"])
    assert caught.value.code == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 3 and "line 4:" in err
    good = tmp_path / "good.txt"
    good.write_text(FILE[1] + "\n" + FILE[5] + "\n", "utf-8")
    assert main(["convert", "auto", "offset", str(good), "--each-line"]) == 0


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig", "utf-8"])
def test_files_in_utf16_with_a_byte_order_mark_read_like_utf8(encoding: str) -> None:
    data = "\n".join(FILE).encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    assert decode_file(data).splitlines() == FILE


def test_a_byte_no_encoding_explains_does_not_stop_the_file() -> None:
    assert decode_file(GRID.encode() + b" # caf\xe9").endswith("caf\u00e9")


def test_a_terminal_sees_a_progress_line_with_the_rate() -> None:
    err = Terminal()
    lines = [GRID] * 5
    tally = convert_lines(lines, lambda line: (line, ()), io.StringIO(), err, str)
    assert tally.converted == 5
    shown = err.getvalue()
    assert "\r[" in shown and "5/5 lines" in shown and "lines/s" in shown


def test_a_fault_that_is_not_the_lines_stops_the_run() -> None:
    def broken(line: str) -> tuple[str, tuple[str, ...]]:
        raise KeyError(line)

    with pytest.raises(KeyError):
        convert_lines([GRID], broken, io.StringIO(), io.StringIO(), str)
