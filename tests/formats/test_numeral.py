"""The bijective base-64 numeral: one text per number, one number per text."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import FormatError
from pycore.formats._numeral import ALPHABET, _bits, from_text, to_text

FIRST = ALPHABET[1:-1]  # never 'A' (a leading zero) nor '_' (left for formats' marks)


@given(st.integers(0, 1 << 2000))
def test_every_number_round_trips(x: int) -> None:
    text = to_text(x)
    assert set(text) <= set(ALPHABET) and text[0] in FIRST
    assert from_text(text, "test") == x


def test_the_first_numbers_count_up_through_the_texts_in_order() -> None:
    """Bijective: 0..61 are the one-character texts, then every two-character text in order,
    then the three-character ones; no number is skipped and no text is left out."""
    short = list(FIRST)
    two = [a + b for a, b in itertools.product(FIRST, ALPHABET)]
    texts = short + two + [FIRST[0] + "AA"]
    assert [to_text(x) for x in range(len(texts))] == texts
    assert [from_text(t, "test") for t in texts] == list(range(len(texts)))


def test_length_grows_like_base_64() -> None:
    assert len(to_text(61)) == 1 and len(to_text(62)) == 2
    for k in range(1, 40):
        assert len(to_text(1 << 6 * k)) in (k + 1, k + 2)


@pytest.mark.parametrize("text", ["A", "AB", "_", "_B"])
def test_a_leading_A_or_underscore_is_refused_at_the_numerals_start(text: str) -> None:
    with pytest.raises(FormatError) as info:
        from_text(text, "compact", start=1)
    assert info.value.format == "compact" and info.value.pos == 1
    assert "other than 'A' and '_'" in str(info.value)


def test_the_refusal_names_the_first_character_and_by_default_position_0() -> None:
    with pytest.raises(FormatError) as info:
        from_text("_B", "compact")
    error = info.value
    assert (error.pos, error.expected, error.found) == (0, "a first character other than 'A' and '_'", "'_'")


@given(st.integers(0, 1 << 9000))
def test_the_bits_counted_by_shifts_are_int_bit_length(x: int) -> None:
    """`_bits` stands in for int.bit_length where MicroPython lacks it (in linear time)."""
    assert _bits(x) == x.bit_length()


@pytest.mark.parametrize("k", [0, 1, 1023, 1024, 1025, 2047, 2048, 2049, 4096, 100_000])
def test_the_bits_of_powers_of_two_and_one_below(k: int) -> None:
    for x in (1 << k, (1 << k) - 1, (1 << k) + 1):
        assert _bits(x) == x.bit_length()
