"""The fuzzer finds nothing in a short run, and its command reports what it tried."""

from __future__ import annotations

import pytest

from pycore.cli import fuzz, main
from pycore.errors import FormatError


def test_short_fuzz_run_finds_nothing() -> None:
    # a hang, not a busy machine: the slowest decodes take a few tenths of a second in
    # Pyodide, and several times that while other work shares the two cores
    tallies = fuzz.fuzz(seconds=6, seed=20261122, slow=5.0)
    assert set(tallies) >= {"offset", "str8ts", "binary", "jcode sudoku", "jcode str8ts", "bitcell",
                            "json", "auto"}
    for name, tally in tallies.items():
        assert tally.tried > 100, name
        assert tally.findings == [], (name, tally.findings[:3])


def test_mutations_cover_the_hostile_shapes() -> None:
    import random

    rng = random.Random(7)
    seeds = fuzz.seeds(rng)
    assert any(s.startswith("https://example.org/#") for s in seeds)
    mutated = {fuzz.mutate("0123456789abcdef", rng) for _ in range(2000)}
    assert "" in mutated                                     # truncated to nothing
    assert any("\x00" in m for m in mutated)                 # NUL
    assert any(len(m) > 300 for m in mutated)                # huge
    assert any(m.startswith("S9B") for m in mutated)         # wrong header


def test_a_finding_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str) -> object:
        if "7" in text:
            raise IndexError("boom")
        raise FormatError("broken", 0, "nothing")

    monkeypatch.setattr(fuzz, "decoders", lambda: {"broken": broken})
    tallies = fuzz.fuzz(seconds=0.5, seed=3)
    assert tallies["broken"].findings and "IndexError: boom" in tallies["broken"].findings[0]
    assert "FINDING broken" in fuzz.report(tallies)


def test_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--seconds", "1", "--seed", "5", "--decoder", "offset"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["decoder", "tried", "accepted", "slowest", "ms", "findings"]
    assert out.splitlines()[1].startswith("offset")
