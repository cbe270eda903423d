"""Exact range coding on a Python int: rANS without renormalisation.

A number is built step by step; each step puts one symbol of a known frequency
table (or one digit of a radix) into it and spends log2(total / frequency) bits.
With no precision limit there is no rounding: the number is exact, and reading
it back gives the same steps. rANS is last-in first-out, so a `Writer` records
the steps in reading order and builds the number from the last one back.

One walk over the data, run once with a `Writer` and once with a `Reader`, keeps
the two directions from drifting apart: both answer `uniform` and `weighted`
with the symbol (the writer returns the one it is given).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol

    class Coder(Protocol):
        """What a walk calls: a `Writer` takes `value`, a `Reader` returns what it reads."""

        def uniform(self, radix: int, value: int) -> int: ...
        def weighted(self, freqs: Sequence[int], value: int) -> int: ...


class Writer:
    """Records every step (start, frequency, total) in reading order."""

    def __init__(self) -> None:
        self.steps: list[tuple[int, int, int]] = []

    def uniform(self, radix: int, value: int) -> int:
        """One digit 0 <= value < radix (a radix of 1 costs nothing and writes nothing)."""
        if radix > 1:
            self.steps.append((value, 1, radix))
        return value

    def weighted(self, freqs: Sequence[int], value: int) -> int:
        """Symbol `value` of a table of frequencies (a symbol that is certain writes nothing)."""
        # refused here, not later as a wrong number (an assert would vanish under -O)
        if not 0 <= value < len(freqs):
            raise ValueError(f"symbol {value} of a table of {len(freqs)}")
        f = freqs[value]
        if f <= 0:
            raise ValueError(f"symbol {value} has frequency {f}: it cannot be written")
        start = sum(freqs[:value])
        total = start + f + sum(freqs[value + 1:])
        if f != total:
            self.steps.append((start, f, total))
        return value

    def cost(self) -> float:
        """Bits the steps take (the number's size to within a bit or two)."""
        log2 = math.log2
        return sum(log2(t) - log2(f) for _, f, t in self.steps)

    def number(self, rest: int = 0) -> int:
        """The number a `Reader` reads these steps from, in the order they were written,
        leaving `rest` over once it has read them all."""
        x = rest
        for start, f, total in reversed(self.steps):
            if f == 1:
                x = x * total + start
            else:
                q, r = divmod(x, f)
                x = q * total + start + r
        return x


class Reader:
    """Reads steps back from a number; `x` is what is left (0 once all is read)."""

    def __init__(self, x: int) -> None:
        self.x = x

    def uniform(self, radix: int, value: int = 0) -> int:
        if radix <= 1:
            return 0
        self.x, r = divmod(self.x, radix)
        return r

    def weighted(self, freqs: Sequence[int], value: int = 0) -> int:
        total = sum(freqs)
        if max(freqs) == total:
            return freqs.index(total)
        q, r = divmod(self.x, total)
        start = 0
        for s, f in enumerate(freqs):
            if r < start + f:
                self.x = q * f + (r - start)  # two operations on the long number, not three
                return s
            start += f
        raise AssertionError("unreachable: r < total")


class AdaptiveBit:
    """An adaptive yes/no (Krichevsky-Trofimov counts): a rare answer costs little."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts = [1, 1]

    def code(self, io: Coder, value: int) -> int:
        s = io.weighted(self.counts, value)
        self.counts[s] += 2
        return s
