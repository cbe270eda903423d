"""`links.unquote` decodes %XX escapes as UTF-8 exactly as CPython does (`urllib.parse.unquote`,
`bytes.decode(errors="replace")`), with its own decoder of ill-formed bytes, since MicroPython
has neither. Every bound of a lead byte and of its first continuation byte is pinned here."""

from __future__ import annotations

import itertools
import urllib.parse

import pytest

from pycore import links

# Each byte where UTF-8's rules change: the ASCII end, the continuation range and its
# sub-ranges after E0, ED, F0 and F4, the two-byte leads (C0 and C1 are never leads), the
# three- and four-byte leads, and the bytes that never occur.
EDGES = (0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
         0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF)


def escaped(data: bytes) -> str:
    return "".join(f"%{b:02X}" for b in data)


@pytest.mark.parametrize("lead", [b for b in EDGES if b >= 0x80])
def test_every_lead_and_continuation_bound_decodes_as_cpython_does(lead: int) -> None:
    for length in range(4):
        for rest in itertools.product(EDGES, repeat=length):
            data = bytes((lead, *rest))
            assert links._utf8(data) == data.decode("utf-8", errors="replace"), data.hex()
            text = escaped(data) + "x"
            assert links.unquote(text) == urllib.parse.unquote(text), data.hex()


def test_well_formed_sequences_of_every_length_stay_whole() -> None:
    for ch in ("é", "€", "\U0001f600", "\u07ff", "\u0800", "\uffff", "\U00010000", "\U0010ffff"):
        data = ch.encode()
        assert links._utf8(data + b"\xff") == ch + "\ufffd"
