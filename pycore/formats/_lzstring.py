"""lz-string's `compressToBase64` and `decompressFromBase64`, in the standard library.

SudokuPad (`scl`, `ctc`, `fpuz` ids) and f-puzzles (`?load=`) write their puzzles with
lz-string, a JavaScript LZW-style coder. This module redoes it from the algorithm's
public description so that reading those links needs nothing beyond Python:

- JavaScript strings are UTF-16 code units, so the coder works on code units: a
  character outside the Basic Multilingual Plane is two of them (its surrogate pair),
  and decompressed text has its pairs joined back into one character.
- The bit stream: codes of a growing width (2 bits at first when writing, 3 when
  reading, one more each time the dictionary doubles), each written least significant
  bit first into 6-bit base64 characters, most significant bit of a character first.
  Code 0 is a new 8-bit character, 1 a new 16-bit one, 2 the end of the stream; any
  other code names a dictionary entry, or the entry about to be made (w + w[0]).
- Odd input reads as JS reads it: a character outside the base64 alphabet, and every
  character past the end, gives 0 bits ('=' too: its value 64 has no bit in 6); a code
  naming no entry gives None (JS's null); data that ends before its end code gives "".
  A first code of 3, which no compressor writes, gives None too: lz-string 1.5 throws
  there (1.4 goes on with `undefined`), and callers such as SudokuPad's loader treat
  a throw as they treat null.

Decompression is bounded: the codes are read first keeping only each entry's length
(linear in the data, whatever the text's length), so text longer than the caller's cap
is refused by `TooLong` before any of it is built; only then is the text put together.
"""

from __future__ import annotations

from collections.abc import Iterator

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: i for i, ch in enumerate(BASE64)}
_BITS_PER_CHAR = 6
_NEW_BYTE, _NEW_WORD, _END = 0, 1, 2


class TooLong(ValueError):
    """Data, or the text it decompresses to, longer than the caller allows."""

    def __init__(self, what: str, limit: int, found: int) -> None:
        super().__init__(f"{what} of {found} characters, more than the {limit} allowed")
        self.what = what
        self.limit = limit
        self.found = found


def _code_units(text: str) -> list[int]:
    """The UTF-16 code units of `text`, as JS sees the string (lone surrogates kept)."""
    raw = text.encode("utf-16-le", "surrogatepass")
    return [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)]


def _from_code_units(units: str) -> str:
    """A string of code units (one `chr` each) as Python text: surrogate pairs joined."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


class _BitWriter:
    """Bits into base64 characters, six to a character, the first bit the highest."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.value = 0
        self.filled = 0

    def write(self, value: int, width: int) -> None:
        """`width` bits of `value`, least significant first (as lz-string writes codes)."""
        for _ in range(width):
            self.value = self.value << 1 | (value & 1)
            value >>= 1
            self.filled += 1
            if self.filled == _BITS_PER_CHAR:
                self.out.append(BASE64[self.value])
                self.value = self.filled = 0

    def close(self) -> str:
        """Pad the last character with zero bits. Like lz-string, a stream that ended on a
        character boundary gets one more character of zeros."""
        self.out.append(BASE64[self.value << (_BITS_PER_CHAR - self.filled)])
        packed = "".join(self.out)
        return packed + "=" * (-len(packed) % 4)


class _CodeWidth:
    """The width of the next code: it grows by a bit each time the dictionary's codes
    outnumber it (lz-string's `enlargeIn` count), the same on both sides."""

    def __init__(self, bits: int, until_wider: int) -> None:
        self.bits = bits
        self.until_wider = until_wider

    def grow(self) -> None:
        self.until_wider -= 1
        if self.until_wider == 0:
            self.until_wider = 1 << self.bits
            self.bits += 1


def compress_to_base64(text: str) -> str:
    """lz-string's `compressToBase64(text)`: the same characters JS writes."""
    writer = _BitWriter()
    codes: dict[str, int] = {}
    unwritten: set[str] = set()  # single characters with a code but not yet spelt out
    next_code = 3
    width = _CodeWidth(2, 2)

    def emit(phrase: str) -> None:
        if phrase in unwritten:
            unit = ord(phrase)
            if unit < 256:
                writer.write(_NEW_BYTE, width.bits)
                writer.write(unit, 8)
            else:
                writer.write(_NEW_WORD, width.bits)
                writer.write(unit, 16)
            width.grow()  # the character's own code
            unwritten.discard(phrase)
        else:
            writer.write(codes[phrase], width.bits)
        width.grow()  # the phrase + next character the reader makes from this code

    phrase = ""
    for unit in _code_units(text):
        ch = chr(unit)
        if ch not in codes:
            codes[ch] = next_code
            next_code += 1
            unwritten.add(ch)
        longer = phrase + ch
        if longer in codes:
            phrase = longer
            continue
        emit(phrase)
        codes[longer] = next_code
        next_code += 1
        phrase = ch
    if phrase:
        emit(phrase)
    writer.write(_END, width.bits)
    return writer.close()


def _bits(data: str) -> Iterator[int]:
    """The data's bits, high bit of each character first, then zeros for ever (JS reads
    past the end as 0 bits; so is a character outside the alphabet)."""
    for ch in data:
        value = _VALUE.get(ch, 0)
        for shift in range(_BITS_PER_CHAR - 1, -1, -1):
            yield value >> shift & 1
    while True:
        yield 0


def _steps(data: str, max_output: int) -> tuple[list[tuple[int, str]], int] | str | None:
    """Read the codes, keeping only each entry's length: (steps, length of the text) where
    each step is (dictionary code, the new character it spells or ""); or "" / None where
    JS returns them. TooLong when the text would pass `max_output` code units (found at
    the end code: data cut short or naming no entry gives "" or None however long)."""
    stream = _bits(data)
    read = 0

    def take(width: int) -> int:
        nonlocal read
        read += width
        return sum(next(stream) << power for power in range(width))

    def chars_fetched() -> int:
        # JS fetches a character when the previous one is used up: the first at once.
        return 1 + read // _BITS_PER_CHAR

    first = take(2)
    if first == _END:
        return ""
    if first not in (_NEW_BYTE, _NEW_WORD):
        return None
    steps = [(3, chr(take(8 if first == _NEW_BYTE else 16)))]
    lengths = [0, 0, 0, 1]  # codes 0-2 are not entries; 3 is the first character
    total = w = 1
    width = _CodeWidth(3, 4)

    while True:
        if chars_fetched() > len(data):
            return ""  # the data ended before its end code
        code = take(width.bits)
        new = ""
        if code == _END:
            if total > max_output:  # known from the lengths alone: nothing was built
                raise TooLong("decompressed text", max_output, total)
            return steps, total
        if code in (_NEW_BYTE, _NEW_WORD):
            new = chr(take(8 if code == _NEW_BYTE else 16))
            code = len(lengths)
            lengths.append(1)
            width.grow()
        if code < len(lengths):
            entry = lengths[code]
        elif code == len(lengths):
            entry = w + 1
        else:
            return None
        total += entry
        steps.append((code, new))
        lengths.append(w + 1)
        w = entry
        width.grow()


def decompress_from_base64(data: str, *, max_input: int, max_output: int) -> str | None:
    """lz-string's `decompressFromBase64(data)`: the text, "" or None as JS returns them.

    TooLong when `data` is longer than `max_input` characters or the text would be longer
    than `max_output` UTF-16 code units (JS's length), before any of it is built.
    """
    if len(data) > max_input:
        raise TooLong("lz-string data", max_input, len(data))
    if not data:
        return None
    read = _steps(data, max_output)
    if not isinstance(read, tuple):
        return read
    steps, _ = read
    entries = ["", "", ""]
    out: list[str] = []
    w = ""
    for code, new in steps:
        if new:
            entries.append(new)
        entry = entries[code] if code < len(entries) else w + w[0]
        out.append(entry)
        if w:
            entries.append(w + entry[0])
        w = entry
    return _from_code_units("".join(out))
