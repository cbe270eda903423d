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

from ._numeral import bits

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol

    class Coder(Protocol):
        """What a walk calls: a `Writer` takes `value`, a `Reader` returns what it reads."""

        def uniform(self, radix: int, value: int) -> int: ...
        def weighted(self, freqs: Sequence[int], value: int, step: int = 0) -> int: ...


class Writer:
    """Records every step (start, frequency, total) in reading order."""

    def __init__(self) -> None:
        self.steps: list[tuple[int, int, int]] = []

    def uniform(self, radix: int, value: int) -> int:
        """One digit 0 <= value < radix (a radix of 1 costs nothing and writes nothing)."""
        if radix > 1:
            self.steps.append((value, 1, radix))
        return value

    def weighted(self, freqs: Sequence[int], value: int, step: int = 0) -> int:
        """Symbol `value` of a table of frequencies (a symbol that is certain writes nothing);
        `step` is the reader's hint (`Reader.weighted`), of no use here."""
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
        leaving `rest` over once it has read them all.

        Built from the last step back, each step a pass over the whole number so far: on
        a long number (a layout of thousands of cells) that is quadratic, and slow under
        MicroPython, whose long arithmetic has a high cost per call. So, as the reader
        does, a long number is held as `high * room + low` with `0 <= low < room`: while
        a step's frequency divides `room`, the step is `room`'s and `low`'s alone
        (x // f = high * (room / f) + low // f, x % f = low % f); when it does not,
        `room` takes from `high`, in one division, the frequencies of the next steps too
        (known here: every step is), and once over ROOM bits `room` goes back into
        `high`. The number is exactly the step-by-step one."""
        steps = self.steps
        if self.cost() + bits(rest) < WINDOW:
            x = rest
            for start, f, total in reversed(steps):
                if f == 1:
                    x = x * total + start
                else:
                    q, r = divmod(x, f)
                    x = q * total + start + r
            return x
        high, room, low = rest, 1, 0  # rest = high * room + low
        k = len(steps)
        while k:
            k -= 1
            start, f, total = steps[k]
            if f == 1:
                low = low * total + start
                room *= total
            else:
                if room % f:  # the frequencies of this step and the next ones, in one
                    p, j = f, k
                    while j and not p >> CHUNK:
                        j -= 1
                        if steps[j][1] != 1:
                            p *= steps[j][1]
                    high, b = divmod(high, p)
                    low += b * room
                    room *= p
                q, r = divmod(low, f)
                low = q * total + start + r
                room = room // f * total
            if room >> ROOM:
                high, room, low = high * room + low, 1, 0
        return high * room + low


# The reader's window (see `Reader`): a number of at most WINDOW bits is read as it is; a
# longer one as high * room + low, with `room` a product of the totals the next steps
# are expected to ask for, taken about CHUNK bits at a time, with STOCK each time (every
# number up to 32 divides it: radices of digits, counts and yes/no steps that no table
# foretells), and given back to the long part once over ROOM bits.
WINDOW = 2048
CHUNK = 384
FIRST_CHUNK = 24
ROOM = 2048
STOCK = 144403552893600  # lcm(1, ..., 32)


class Reader:
    """Reads steps back from a number; `x` is what is left (0 once all is read).

    A step divides the whole number by its total: on a long number (a text of tens of
    thousands of characters) a pass over all of it per step, slow under MicroPython, whose
    long division has a high cost per call. So a long number is held as
    `high * room + low` with `0 <= low < room`: while the step's total divides `room`,
    the step is `room`'s and `low`'s alone (x // t = high * (room / t) + low // t and
    x % t = low % t), and `high`, the long part, is not touched. When it does not, a
    refill multiplies the room by the totals likely next (this one, and the next ones
    of the same table if it grows by `step` each use, or the same radix again), taken
    from `high` in one division by their product. The steps read are exactly those of
    the whole number: only the work is split differently."""

    __slots__ = ("chunk", "high", "last", "low", "room")

    def __init__(self, x: int) -> None:
        self.x = x

    @property
    def x(self) -> int:
        return self.high * self.room + self.low if self.high else self.low

    @x.setter
    def x(self, value: int) -> None:
        # high == 0: `low` is the whole number and `room` means nothing
        self.high, self.room, self.low = 0, 1, value
        self.chunk = FIRST_CHUNK
        self.last = 0
        if value >> WINDOW:
            self.high, self.low = value, 0

    def nonzero(self) -> bool:
        """Whether anything is left (without putting the number together)."""
        return bool(self.high or self.low)

    def decrement(self) -> None:
        """x -= 1, for x > 0."""
        if self.low or not self.high:
            self.low -= 1
        else:
            self.high -= 1  # borrow one room from the long part
            self.low = self.room - 1

    def size(self) -> int:
        """How many bits x has, from the top bits of its long part: x lies between
        top * room << k and (top + 1) * room << k, whose sizes agree but when x is
        within a few parts in 2**64 of a power of two (then it is put together)."""
        if not self.high:
            return bits(self.low)
        k = bits(self.high) - 64
        if k <= 0:
            return bits(self.x)
        top = self.high >> k
        least = bits(top * self.room)
        return least + k if bits((top + 1) * self.room) == least else bits(self.x)

    def above(self, most: int) -> bool:
        """Whether x >> most is nonzero."""
        return self.size() > most

    def _refill(self, total: int, step: int) -> None:
        """More room, one that `total` divides: `total`, the totals the same table or radix
        asks next, and STOCK, taken from `high` in one division. The room keeps what it had
        (the totals other tables foretold) until it outgrows ROOM: then it goes back into
        `high` first (the frequencies steps leave in it are of no use to later steps)."""
        # the first refills are small: a hostile text is mostly refused a few steps in, and
        # a division's cost grows with its divisor's length
        chunk = self.chunk
        self.chunk = min(2 * chunk, CHUNK)
        high, room, low = self.high, self.room, self.low
        if room >> ROOM:
            high, room, low = high * room + low, 1, 0
        # STOCK only when the room has no whole one left: a walk of large radices or
        # tables (marks, kinds) leaves it there, and each one more was a division of the
        # long number by 47 bits that no step used, and a fold to give them back
        p = total * STOCK if chunk >= CHUNK and room % STOCK else total
        if step or total == self.last:  # a table that grows, or a radix asked again
            t = total
            while p >> chunk == 0:
                t += step
                p *= t
        self.last = total  # (a radix asked once, such as a subset's rank, comes alone)
        if not high >> (CHUNK + WINDOW):  # short now: read the rest as it is
            self.high, self.room, self.low = 0, 1, high * room + low
            return
        self.high, b = divmod(high, p)
        self.low = b * room + low
        self.room = room * p

    def uniform(self, radix: int, value: int = 0) -> int:
        if radix <= 1:
            return 0
        if self.high:
            if self.room % radix:
                self._refill(radix, 0)
            if self.high:
                self.room //= radix
        self.low, r = divmod(self.low, radix)
        return r

    def weighted(self, freqs: Sequence[int], value: int = 0, step: int = 0) -> int:
        """Symbol of the table; `step`: how much the table's total grows after this use
        (a hint for the window: the next totals it will ask for)."""
        total = sum(freqs)
        if max(freqs) == total:
            return freqs.index(total)
        if self.high and self.room % total:
            self._refill(total, step)
        q, r = divmod(self.low, total)
        start = 0
        for s, f in enumerate(freqs):
            if r < start + f:
                self.low = q * f + (r - start)  # two operations on the long number, not three
                if self.high:
                    self.room = self.room // total * f
                return s
            start += f
        raise AssertionError("unreachable: r < total")


def regret(least: int, extra: int, step: int, symbols: int, uses: int) -> float:
    """More than the bits `uses` steps of an adaptive table take beyond log2(symbols) each,
    whatever symbols they read: a table of `symbols` first counts, each at least `least`
    and `extra` more in all, whose symbol read grows by `step` (what bounds a hostile text:
    `compact._most_bits`).

    The steps take log2 of the product of the totals over the product of the counts read,
    whatever their order; the totals are fixed, and the counts' product is least when the
    symbols are read evenly. Block by block of `symbols` steps, the totals' logarithm is
    at most log2(symbols) + log2(least + step * j) + (extra + step * (symbols - 1) / 2)
    / ((least + step * j) * ln 2) per step (log(1 + a) <= a), and the even counts'
    logarithm takes the middle term away; the rest sums (an integral bound) to this."""
    if symbols <= 1 or uses <= 0:
        return 0.0
    spread = extra + step * (symbols - 1) / 2
    blocks = uses // symbols
    return spread / math.log(2) * (1 / least + math.log(1 + step * blocks / least) / step)


class AdaptiveBit:
    """An adaptive yes/no (Krichevsky-Trofimov counts): a rare answer costs little."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts = [1, 1]

    def code(self, io: Coder, value: int) -> int:
        s = io.weighted(self.counts, value, 2)
        self.counts[s] += 2
        return s
