"""pycore's own lz-string (pycore/formats/_lzstring.py): what JS's compressToBase64 and
decompressFromBase64 do, checked against the lzstring package where it is installed."""

from __future__ import annotations

import string
import sys
import time
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pycore.errors import FormatError
from pycore.formats import tools
from pycore.formats._lzstring import BASE64, TooLong, compress_to_base64, decompress_from_base64
from pycore.formats.tools._common import MAX_LZ, MAX_OUTPUT, lz_decompress
from tests.tools.examples import EXAMPLES, dots, grid


def decompress(data: str) -> str | None:
    return decompress_from_base64(data, max_input=MAX_LZ, max_output=MAX_OUTPUT)


def package() -> Any:
    """The lzstring package (PyPI, the `test` extra): an lz-string written by others."""
    return pytest.importorskip("lzstring", reason="the lzstring package (gridlinks[test]) is not "
                               "installed: nothing to cross-check against").LZString()


def as_python(js: str | None) -> str | None:
    """The package answers in code units as JS does; Python text joins surrogate pairs."""
    return None if js is None else js.encode("utf-16-le", "surrogatepass").decode(
        "utf-16-le", "surrogatepass")


BMP = st.text(st.characters(max_codepoint=0xFFFF, exclude_categories=["Cs"]))
"""Text the package codes as JS does (it cuts a character above U+FFFF to 16 bits)."""
RUNS = st.lists(st.sampled_from(["a", "b", "ab", "{\"v\":1}", ",", "\u00e9", "\u732b"])).map("".join)
"""Repetitive text, so that long phrases and a growing code width are exercised."""


# --- round trip ------------------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(st.text() | RUNS)
@example("")
@example("\U0001f600 a grinning face, outside the BMP: two UTF-16 code units")
@example("\ud800 a lone surrogate, which a JS string may hold")
@example("a" * 3000)
def test_any_text_comes_back(text: str) -> None:
    packed = compress_to_base64(text)
    assert set(packed) <= set(BASE64) and len(packed) % 4 == 0
    assert decompress(packed) == text


def test_the_empty_text_is_one_end_code() -> None:
    assert compress_to_base64("") == "Q==="  # code 2 in two bits, padded
    assert decompress("Q===") == ""
    assert decompress("") is None  # JS: decompressFromBase64("") is null


def test_characters_past_the_bmp_are_two_code_units_as_in_js() -> None:
    assert compress_to_base64("\U0001f600") == "rwbgA9o="  # what lz-string 1.4.5 in node writes
    assert compress_to_base64("hello, i am a \u732b") == "BYUwNmD2A0AECWsCGBbZtDUzkA=="


# --- the same as the lzstring package --------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(BMP | RUNS)
def test_compression_is_the_packages(text: str) -> None:
    theirs = package()
    assert compress_to_base64(text) == theirs.compressToBase64(text)
    assert decompress(theirs.compressToBase64(text)) == text
    assert theirs.decompressFromBase64(compress_to_base64(text)) == text


@settings(max_examples=600, deadline=None)
@given(st.text(BASE64, min_size=1, max_size=60))
def test_any_base64_reads_as_the_package_reads_it(data: str) -> None:
    theirs = package()
    try:
        expected = as_python(theirs.decompressFromBase64(data))
    except (IndexError, UnboundLocalError):  # it reads past the end, or a first code of 3
        return
    assert decompress(data) == expected


# --- odd input, as JS reads it ---------------------------------------------------------------

@pytest.mark.parametrize(("data", "js"), [
    # What lz-string 1.4.5's decompressFromBase64 returns in node, for each.
    ("BYUwNmD2A0AECWsCGBbZtDUzkA==", "hello, i am a \u732b"),
    ("BYUwNmD2A0AECWsCGBbZtDUzkAA", "hello, i am a \u732b"),  # padding is not needed
    ("BYUwNmD2A0AECWsCGBbZtDUzkAA=!!!", "hello, i am a \u732b"),  # nor is what follows the end
    ("BYUwNmD2A0AECWsCGBbZtDU", ""),  # cut before its end code
    ("BYUw NmD2A0AECWsCGBbZtDUzkAA=", None),  # a space reads as 0 bits: a code naming nothing
    ("N4IgzglgXgpiBcBmANCA5g", ""),
    ("N4Ig!zglgXgpiBcBmANCA5g", None),
    ("A", ""),
    ("Q", ""),
])
def test_odd_data_reads_as_in_js(data: str, js: str | None) -> None:
    assert decompress(data) == js


@pytest.mark.parametrize("odd", ["!", " ", "\u00e9", "-", "_", "A", "="])
def test_a_character_outside_the_alphabet_reads_as_zero_bits(odd: str) -> None:
    packed = compress_to_base64("{\"size\":9,\"grid\":[[{},{}],[{},{}]]}" * 3)
    at = len(packed) // 2
    # 'A' is 0; '=' is 64, whose bits lie above the six read.
    assert decompress(packed[:at] + odd + packed[at + 1:]) == decompress(packed[:at] + "A" + packed[at + 1:])


def test_data_cut_short_reads_as_nothing_or_a_beginning() -> None:
    # JS reads past the end as 0 bits and returns "" once it has fetched past the end;
    # before that, zeros after a cut can end the stream early (node agrees, cut by cut).
    text = "a puzzle's JSON, long enough to fill many characters " * 4
    packed = compress_to_base64(text)
    readings = [decompress(packed[:end]) for end in range(1, len(packed) - 4)]
    assert all(r is not None and text.startswith(r) and r != text for r in readings)
    assert readings.count("") > 0.8 * len(readings)


def test_a_first_code_no_compressor_writes_is_refused() -> None:
    # '0' is 52 = 0b110100: its first code is 3. lz-string 1.5 throws there (1.4 goes on
    # with `undefined`); a caller treats that as null, as SudokuPad's loader does.
    assert decompress("0q") is None
    assert decompress("5") is None


# --- bounded work ----------------------------------------------------------------------------

def longest_run(chars: int, end: bool = True) -> str:
    """A stream of at most `chars` base64 characters whose text grows with the square of its
    length: one 'a', then every code names the entry about to be made (w + w[0]), so each
    step's text is one longer than the last."""
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        bits.extend(value >> power & 1 for power in range(width))

    put(0, 2)
    put(ord("a"), 8)
    size, width, until_wider = 4, 3, 4
    while len(bits) + 2 * width < 6 * chars:
        put(size, width)
        size += 1
        until_wider -= 1
        if until_wider == 0:
            until_wider, width = 1 << width, width + 1
    if end:
        put(2, width)
    bits.extend([0] * (-len(bits) % 6))
    return "".join(BASE64[int("".join(map(str, bits[i:i + 6])), 2)] for i in range(0, len(bits), 6))


def test_a_small_run_is_the_triangle_it_promises() -> None:
    data = longest_run(40)
    text = decompress(data)
    assert text is not None and set(text) == {"a"}
    steps = int((2 * len(text)) ** 0.5)
    assert steps * (steps + 1) // 2 == len(text) > 6 * len(data)  # 1 + 2 + ... + steps


def test_a_hostile_stream_at_the_cap_is_refused_before_it_is_built() -> None:
    data = longest_run(MAX_LZ)
    assert len(data) <= MAX_LZ
    began = time.perf_counter()
    with pytest.raises(TooLong) as info:
        decompress(data)
    assert info.value.found > 10 * MAX_OUTPUT  # the text it would have made
    with pytest.raises(FormatError, match=f"at most {MAX_OUTPUT} characters once decompressed"):
        lz_decompress("test", data)
    assert decompress(longest_run(MAX_LZ, end=False)) == ""  # no end code: JS's "", unbuilt
    assert time.perf_counter() - began < 30  # seconds: linear in the data, not its text


def test_data_longer_than_the_cap_is_refused_unread() -> None:
    with pytest.raises(TooLong):
        decompress("A" * (MAX_LZ + 1))
    with pytest.raises(FormatError, match=f"at most {MAX_LZ} characters"):
        lz_decompress("test", "A" * (MAX_LZ + 1))


# --- real links ------------------------------------------------------------------------------

LZ_PREFIXES = ("?load=", "/scl", "/ctc", "/fpuzzles", "/fpuz")
LZ_EXAMPLES = [e for e in EXAMPLES if e["format"] and any(p in e["text"] for p in LZ_PREFIXES)]


def payload(text: str) -> str:
    """The lz-string base64 of a real link."""
    for prefix in LZ_PREFIXES:
        if prefix in text:
            return text.split(prefix, 1)[1]
    raise AssertionError(text)


def test_real_examples_hold_lz_string_links() -> None:
    assert {e["format"] for e in LZ_EXAMPLES} >= {"f-puzzles", "sudokupad scl"}


@pytest.mark.parametrize("example", LZ_EXAMPLES, ids=lambda e: e["name"])
def test_real_links_read_without_the_package(example: dict[str, Any],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lzstring", None)  # `import lzstring` now fails
    found = tools.read(example["text"])
    assert found.format == example["format"]
    if "givens" in example:
        assert grid(found.puzzle, "given") == dots(example["givens"])


@pytest.mark.parametrize("example", LZ_EXAMPLES, ids=lambda e: e["name"])
def test_real_payloads_read_as_the_package_reads_them(example: dict[str, Any]) -> None:
    data = payload(example["text"]).strip()
    assert set(data) <= set(BASE64) | set(string.whitespace)
    ours = decompress(data)
    assert ours and ours.startswith("{")
    assert ours == as_python(package().decompressFromBase64(data))
