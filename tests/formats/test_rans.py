"""The range coder: whatever steps a Writer records, a Reader reads back from its number."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pycore.formats._rans import WINDOW, AdaptiveBit, Reader, Writer

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


# Steps as a walk makes them: adaptive tables that grow by their step (the reader's hint),
# fixed tables and radices, interleaved.
growing_steps = st.tuples(st.integers(0, 3), st.integers(0, 40), st.integers(0, 2))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(uniform_steps, weighted_steps, growing_steps), max_size=120),
       st.integers(0, 3 * WINDOW), st.integers(0, 1 << 64), st.integers(1, 8))
def test_a_long_number_is_read_through_its_window_as_it_would_be_whole(
        steps: list[Any], extra: int, low: int, grow: int) -> None:
    """Over a rest of thousands of bits (a long text: `Reader` then reads through a window
    of the number's low part), the steps read back alike, hints or none, and the rest is
    left exactly: whether it is zero, one less, and its size."""
    rest = (1 << (WINDOW + extra)) + low
    tables = [[1 + k, 2, 1] for k in range(4)]
    writer = Writer()
    written: list[tuple[str, Any, int]] = []
    for step in steps:
        if len(step) == 3 and isinstance(step[0], int):  # a growing table: (which, symbol seed, _)
            table = tables[step[0]]
            symbol = step[1] % len(table)
            writer.weighted(table, symbol, grow)
            table[symbol] += grow
            written.append(("g", step[0], symbol))
        elif step[0] == "u":
            writer.uniform(step[1], step[2])
            written.append(step)
        else:
            writer.weighted(step[1], step[2])
            written.append(step)
    reader = Reader(writer.number(rest))
    again = [[1 + k, 2, 1] for k in range(4)]
    for how, what, value in written:
        if how == "g":
            got = reader.weighted(again[what], 0, grow)
            again[what][got] += grow
        elif how == "u":
            got = reader.uniform(what)
        else:
            got = reader.weighted(what)
        assert got == value
    assert reader.nonzero()
    assert reader.above(rest.bit_length() - 1) and not reader.above(rest.bit_length())
    assert reader.x == rest
    reader.decrement()
    assert reader.x == rest - 1


def step_by_step(steps: list[tuple[int, int, int]], rest: int) -> int:
    """The number as the format defines it: each step a pass over the whole number."""
    x = rest
    for start, f, total in reversed(steps):
        q, r = divmod(x, f)
        x = q * total + start + r
    return x


large_radices = st.integers(2, 1 << 70).flatmap(
    lambda radix: st.tuples(st.just("u"), st.just(radix), st.integers(0, radix - 1)))
large_weighted = st.lists(st.integers(0, 1 << 20), min_size=2, max_size=6).filter(
    lambda freqs: sum(1 for f in freqs if f) > 1).flatmap(
    lambda freqs: st.tuples(st.just("w"), st.just(tuple(freqs)),
                            st.sampled_from([s for s, f in enumerate(freqs) if f])))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(uniform_steps, weighted_steps, large_radices, large_weighted),
                min_size=100, max_size=400),
       st.sampled_from([0, 1, 1 << 40, (1 << (WINDOW + 77)) - 3]))
def test_a_long_number_is_written_through_a_window_as_it_would_be_whole(
        steps: list[Step], rest: int) -> None:
    """Thousands of bits of steps (a layout of thousands of cells) are put together in a
    window of the number's low part, refilled with the next steps' frequencies: the
    number is exactly the one built a step at a time."""
    writer = Writer()
    for how, table, value in steps:
        if how == "u":
            writer.uniform(table, value)
        else:
            writer.weighted(table, value)
    assume(writer.cost() + rest.bit_length() > WINDOW)  # the window is used
    assert writer.number(rest) == step_by_step(writer.steps, rest)


def test_one_less_borrows_from_the_long_part() -> None:
    """A windowed number whose low part is 0 (high * room exactly): one less takes a room
    from the long part, and reads on as the number one less."""
    x = 7 ** 2000 * 3
    reader = Reader(x)
    reader.high, reader.room, reader.low = x // 3, 3, 0  # the same number, windowed
    reader.decrement()
    assert reader.x == x - 1
    assert [reader.uniform(7) for _ in range(3)] == [(x - 1) // 7 ** k % 7 for k in range(3)]


@pytest.mark.parametrize("near", [-1, 0, 1])
def test_the_size_of_a_windowed_number_next_to_a_power_of_two_is_exact(near: int) -> None:
    """Its top bits cannot tell 2**k - 1 from 2**k: then the number is put together."""
    rest = (1 << (3 * WINDOW)) + near
    reader = Reader(9 * rest + 4)
    assert reader.uniform(9) == 4  # a refill: the rest is held as high * room + low
    assert reader.high and reader.x == rest
    assert reader.size() == rest.bit_length()
    assert reader.above(rest.bit_length() - 1) and not reader.above(rest.bit_length())
