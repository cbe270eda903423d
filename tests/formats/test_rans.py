"""The range coder: whatever steps a Writer records, a Reader reads back from its number."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.formats._rans import AdaptiveBit, Reader, Writer

Step = tuple[str, Any, int]

# A step: ("u", radix, value) or ("w", frequencies, symbol).
uniform_steps = st.integers(1, 1000).flatmap(
    lambda radix: st.tuples(st.just("u"), st.just(radix), st.integers(0, radix - 1)))
weighted_steps = st.lists(st.integers(0, 50), min_size=1, max_size=8).filter(any).flatmap(
    lambda freqs: st.tuples(st.just("w"), st.just(tuple(freqs)),
                            st.sampled_from([s for s, f in enumerate(freqs) if f])))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(uniform_steps, weighted_steps), max_size=60))
def test_a_reader_reads_back_every_step_in_the_order_written(steps: list[Step]) -> None:
    writer = Writer()
    for how, table, value in steps:
        if how == "u":
            assert writer.uniform(table, value) == value
        else:
            assert writer.weighted(table, value) == value
    reader = Reader(writer.number())
    for how, table, value in steps:
        got = reader.uniform(table) if how == "u" else reader.weighted(table)
        assert got == value
    assert reader.x == 0  # nothing left over: the number holds exactly these steps


def test_certain_steps_cost_nothing() -> None:
    writer = Writer()
    writer.uniform(1, 0)
    writer.weighted([0, 7, 0], 1)
    assert writer.steps == [] and writer.number() == 0 and writer.cost() == 0
    reader = Reader(0)
    assert reader.uniform(1) == 0 and reader.weighted([0, 7, 0]) == 1


def test_the_cost_is_the_information_and_the_number_that_large() -> None:
    """Each step spends log2(total / frequency) bits: a rare symbol costs more."""
    writer = Writer()
    for _ in range(100):
        writer.weighted([1, 15], 0)  # 4 bits each
    writer.uniform(9, 8)  # log2(9) bits
    writer.weighted([2, 6], 0)  # 2 bits
    bits = 100 * 4 + math.log2(9) + 2
    assert math.isclose(writer.cost(), bits)
    assert abs(writer.number().bit_length() - bits) <= 2


def test_an_adaptive_bit_makes_a_repeated_answer_cheap() -> None:
    """Krichevsky-Trofimov counts: after n equal answers the next costs log2((2n+2)/(2n+1))."""
    writer, bit = Writer(), AdaptiveBit()
    for _ in range(50):
        bit.code(writer, 0)
    assert bit.counts == [101, 1]
    assert math.isclose(writer.cost(), sum(math.log2((2 * n + 2) / (2 * n + 1)) for n in range(50)))
    assert writer.cost() < 6  # 50 answers in a handful of bits
    reader, again = Reader(writer.number()), AdaptiveBit()
    assert [again.code(reader, 1) for _ in range(50)] == [0] * 50


@pytest.mark.parametrize(("freqs", "symbol", "why"), [
    ([3, 0, 5], 1, "symbol 1 has frequency 0: it cannot be written"),
    ([3, 5], 2, "symbol 2 of a table of 2"),
    ([3, 5], -1, "symbol -1 of a table of 2"),
])
def test_a_symbol_the_table_cannot_hold_is_refused_when_written(
        freqs: list[int], symbol: int, why: str) -> None:
    """At the call, by name: not a number that later reads back as something else."""
    writer = Writer()
    with pytest.raises(ValueError) as info:
        writer.weighted(freqs, symbol)
    assert str(info.value) == why
    assert writer.steps == []
