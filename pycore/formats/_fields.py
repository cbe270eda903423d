"""One fixed-width radix field engine, shared by every format made of digit fields.

The offset grid and the Str8ts string write each cell as a base-32 number padded
to a width fixed by the grid size; imports of sudokuwiki.org strings use the same
engine in base 36. Like `base64._b32encode(alphabet, s)`, the radix is a parameter.
"""

from __future__ import annotations

from ..errors import FormatError
from . import made_of

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_VALUE = {ch: i for i, ch in enumerate(DIGITS)}
_VALUE.update({ch.upper(): i for i, ch in enumerate(DIGITS)})
# The characters of base-32 fields, either case (the bare texts of offset and str8ts).
BASE32 = DIGITS[:32] + DIGITS[10:32].upper()


def base32_text(text: str) -> bool:
    """Whether the text is one or more base-32 digits, either case: `[0-9a-vA-V]+`."""
    return bool(text) and made_of(text, BASE32)


def width_for(maximum: int, radix: int = 32) -> int:
    """How many digits the largest field value needs: every field is padded to this."""
    width = 1
    while radix**width <= maximum:
        width += 1
    return width


def encode_fields(values: list[int], width: int, radix: int = 32) -> str:
    """Each value as `width` lowercase radix digits, concatenated."""
    out = []
    for v in values:
        digits = []
        for _ in range(width):
            v, d = divmod(v, radix)
            digits.append(DIGITS[d])
        if v:
            raise ValueError(f"value does not fit {width} base-{radix} digits")
        out.append("".join(reversed(digits)))
    return "".join(out)


def decode_fields(
    format: str, text: str, width: int, maximum: int, radix: int = 32, start: int = 0
) -> list[int]:
    """Split `text` into `width`-digit fields and read each in `radix`, any case.

    A character outside the alphabet or a field over `maximum` raises FormatError
    at its character position (`start` is where `text` began in the whole input).
    """
    if len(text) % width:
        raise FormatError(format, start + len(text), f"fields of {width} characters")
    values = []
    for at in range(0, len(text), width):
        v = 0
        for k in range(width):
            ch = text[at + k]
            d = _VALUE.get(ch, radix)
            if d >= radix:
                raise FormatError(
                    format, start + at + k, f"a base-{radix} digit (0-9, a-{DIGITS[radix - 1]})",
                    found=repr(ch),
                )
            v = v * radix + d
        if v > maximum:
            raise FormatError(
                format, start + at, f"a field of at most {maximum}", found=str(v)
            )
        values.append(v)
    return values
