"""A bijective base-64 numeral in the URL-safe alphabet `A-Z a-z 0-9 - _`.

Every natural number has exactly one text and every text of the right shape one
number: the texts of length k stand for the numbers after those of all shorter
texts, and the first character is never `A` (a leading zero) nor `_` (left free
for a format to mark its texts with). So no two texts mean the same number, and
lengths grow as slowly as base 64 allows. The characters after the first are
plain big-endian base-64 digits, so `binascii` does the conversion at C speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import FormatError
from ..model import bit_length

if TYPE_CHECKING:
    import binascii
    from collections.abc import Callable
else:
    try:  # MicroPython's C module: the page's build also has a `binascii` written in Python,
        # which takes 2 ms per 1,000 characters to decode and is quadratic to encode
        import ubinascii as binascii
    except ImportError:
        import binascii

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGIT = {ch: i for i, ch in enumerate(ALPHABET)}


def _before(length: int) -> int:
    """How many numbers the texts shorter than `length` stand for."""
    return 62 * ((1 << 6 * (length - 1)) - 1) // 63


_SMALL = 1024  # bits: below this the interpreter's own bit length is quick everywhere


def _bits(x: int) -> int:
    """How many bits the natural number `x` needs, in time linear in its size. MicroPython
    has no `int.bit_length`, and `model.bit_length` stands in with `bin()`, whose conversion
    is quadratic there (a division of the whole number per output digit): a second for the
    number of 10,000 characters of a compact text, over a minute for 64 K. Here the top bit
    is found by shifts, each linear: doubling past it, then halving the gap down to
    `_SMALL` bits, which `bit_length` then counts."""
    if not x >> _SMALL:
        return bit_length(x)
    low, high = _SMALL, 2 * _SMALL  # low < bits(x); bits(x) <= high once x >> high is 0
    while x >> high:
        low, high = high, 2 * high
    while high - low > _SMALL:
        middle = (low + high) // 2
        if x >> middle:
            low = middle
        else:
            high = middle
    return low + bit_length(x >> low)


# `int.bit_length` where the interpreter has it (CPython, Pyodide), else `_bits`.
bits: Callable[[int], int] = getattr(int, "bit_length", _bits)


def to_text(x: int) -> str:
    """The one text of the natural number `x`."""
    # The length k is the largest with _before(k) <= x, that is 64**(k-1) <= (63x + 62) // 62:
    # read off the bit length, with no search (work fixed by the size of x).
    rest_len = (bits((63 * x + 62) // 62) - 1) // 6
    m = x - _before(rest_len + 1)
    lead, rest = divmod(m, 1 << 6 * rest_len)
    padded = -(-rest_len // 4) * 4
    body = binascii.b2a_base64(rest.to_bytes(padded // 4 * 3, "big"), newline=False).decode("ascii")
    body = body.replace("+", "-").replace("/", "_")  # the URL-safe spelling
    return ALPHABET[lead + 1] + body[padded - rest_len:]


def from_text(text: str, format: str, start: int = 0) -> int:
    """The number of a non-empty text of the alphabet; a first `A` or `_` is refused as a
    FormatError of `format` at `start` (where the numeral begins in its text)."""
    lead = _DIGIT[text[0]]
    if not 1 <= lead <= 62:
        raise FormatError(format, start, "a first character other than 'A' and '_'",
                          found=repr(text[0]))
    rest = text[1:]
    pad = -len(rest) % 4
    raw = binascii.a2b_base64(("A" * pad + rest).replace("-", "+").replace("_", "/").encode())
    return _before(len(text)) + ((lead - 1) << 6 * len(rest)) + int.from_bytes(raw, "big")
