"""The corpus of real variant puzzles (tests/data/variants/README.md): each record is what
its source text says, its published solution keeps every checked rule, and every record
comes back whole through our link and the JSON form."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pycore import links
from pycore.formats import compact
from pycore.formats import json as json_form
from pycore.model import Puzzle, value
from tests.data.variants.make_corpus import convert

HERE = Path(__file__).parent.parent / "data" / "variants"
RECORDS: list[dict[str, Any]] = json.loads((HERE / "puzzles.json").read_text("utf-8"))
RAW = {item["input"]: item for item in json.loads((HERE / "iss_examples.json").read_text("utf-8"))}
CHECKED = [r for r in RECORDS if "other" not in r["kinds"]]


def puzzle_of(record: dict[str, Any]) -> Puzzle:
    return json_form.from_json(record["json"])


def solved(record: dict[str, Any]) -> Puzzle:
    puzzle = puzzle_of(record)
    return puzzle.with_cells({i: value(int(ch, 36)) for i, ch in enumerate(record["solution"])
                              if puzzle.cells[i].kind == "empty"})


def test_the_corpus_holds_real_puzzles_of_most_kinds() -> None:
    assert len(RECORDS) >= 100 and len(CHECKED) >= 50
    kinds = {k for r in CHECKED for k in r["kinds"]}
    assert {"killer", "arrow", "thermo", "white", "black", "x", "v", "little-killer", "sandwich",
            "renban", "whispers", "palindrome", "between", "jigsaw", "diagonal+", "anti-knight",
            "anti-king", "extra-region", "odd", "even", "region-sum", "zipper", "x-sum",
            "skyscraper", "quadruple", "disjoint-groups", "non-consecutive"} <= kinds


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"][:40] for r in RECORDS])
def test_each_record_is_what_its_source_text_says(record: dict[str, Any]) -> None:
    assert convert(RAW[record["text"]]) == record


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"][:40] for r in RECORDS])
def test_each_published_solution_keeps_every_checked_rule(record: dict[str, Any]) -> None:
    whole = solved(record)
    assert whole.broken() == [] and whole.conflicts() == frozenset()
    assert whole.is_solved
    assert whole.unchecked == () or "other" in record["kinds"]


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"][:40] for r in RECORDS])
def test_each_record_comes_back_through_our_link(record: dict[str, Any]) -> None:
    puzzle = puzzle_of(record)
    assert compact.decode(compact.encode(puzzle)) == puzzle
    played = solved(record)
    share = links.shares(played).lossless
    assert share is not None and links.read(share.fragment)[1] == played
