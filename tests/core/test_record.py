"""Records (`pycore.record.Record`): the immutable value classes, each built on one base.

How the records behave under MicroPython is checked in tests/runtimes/test_in_micropython.py;
here, in CPython, what the base takes from each class: its `FIELDS`.
"""

from __future__ import annotations

import inspect
import pickle

import pytest

from pycore.app import persist
from pycore.cutoff import CutOff
from pycore.errors import Lost
from pycore.formats import compact
from pycore.links import Share, Shares
from pycore.model import Cell, Layout, Puzzle, candidates, geometry_of, given
from pycore.record import Record
from pycore.variants import (
    Arrow,
    Cage,
    Clone,
    Clue,
    Dot,
    ExtraRegion,
    Line,
    Mark,
    Other,
    Quadruple,
    Rule,
    Structure,
)

LOST = Lost("box-shape", 0, "3x2")
SHARE = Share("compact", "abc", (LOST,))
ENTRY = persist.Entry("s1", "state", "key", 1.5, "label", "value", "tab")
# One of each record pycore makes, with fields that differ from their defaults.
SAMPLES: list[Record] = [
    candidates([1, 2]).with_corner([3]).with_colours([4]),
    Layout.samurai(),
    geometry_of("sudoku", 6),
    Puzzle.blank(layout=Layout.samurai()).with_cell(0, given(5)).with_info("T", "A", "R"),
    LOST,
    SHARE,
    Shares(SHARE, None, "abc", "why"),
    ENTRY,
    persist.Plan("ask", "s2", "state", ENTRY),
    compact._Plan("sudoku", 6, (3, 2), None, False, 1, True, True, True, True),
    CutOff(12, 20, "9x9"),
    Cage((0, 1), 15), Line("whispers", (0, 1, 2), 5), Arrow((40,), ((40, 41, 42),)),
    Dot("black", (0, 9), 3), Mark("odd", 5), Clue("little-killer", -1, 0, 20, "DR"),
    ExtraRegion((10, 11, 12)), Clone((0,), (80,)), Quadruple((0, 1, 9, 10), (1, 2)),
    Rule("anti-knight"), Other("lockout", '{"lines":[]}', (3, 4)),
    Structure(((0, 10, 20),), ((1, 2),), ((0, 11),)),
]


def _records(base: type[Record]) -> list[type[Record]]:
    return [c for sub in base.__subclasses__() for c in (sub, *_records(sub))]


def test_every_record_class_has_a_sample() -> None:
    """Every class that has fields (a base without any, `Constraint`, is only shared code)."""
    assert {type(r) for r in SAMPLES} == {c for c in _records(Record) if c.FIELDS}


@pytest.mark.parametrize("record", SAMPLES, ids=lambda r: type(r).__name__)
def test_fields_are_the_constructors_parameters_in_order(record: Record) -> None:
    """What equality, hash, repr and pickling read, and what pickling rebuilds from."""
    assert tuple(inspect.signature(type(record)).parameters) == record.FIELDS


@pytest.mark.parametrize("record", SAMPLES, ids=lambda r: type(r).__name__)
def test_a_record_crosses_a_process_pool_whole(record: Record) -> None:
    again = pickle.loads(pickle.dumps(record))
    assert type(again) is type(record) and again == record and hash(again) == hash(record)


@pytest.mark.parametrize("record", SAMPLES, ids=lambda r: type(r).__name__)
def test_a_field_can_be_neither_changed_nor_deleted(record: Record) -> None:
    name = record.FIELDS[0]
    with pytest.raises(AttributeError, match=f"cannot assign to field '{name}'"):
        setattr(record, name, None)
    with pytest.raises(AttributeError, match=f"cannot delete field '{name}'"):
        delattr(record, name)
    with pytest.raises(AttributeError, match="cannot assign to field 'extra'"):
        record.extra = 1


def test_equal_fields_make_equal_records_of_one_class_only() -> None:
    assert Cell("given", 3) == given(3) and hash(Cell("given", 3)) == hash(given(3))
    assert Cell("given", 3) != Cell("value", 3)
    assert Share("compact", "abc") != Shares(None, None, "abc")
    assert Lost("black", 2) != ("black", 2, "")


def test_a_record_is_shown_by_its_fields_unless_it_says_otherwise() -> None:
    assert repr(SHARE) == ("Share(format='compact', fragment='abc', "
                           "lost=(Lost(what='box-shape', count=0, detail='3x2'),))")
    assert repr(Layout(2, 2, 2)) == "Layout(box=2, width=2, height=2, disabled=frozenset())"
    assert repr(given(3)) == "given(3)"  # Cell and Puzzle say themselves shorter

