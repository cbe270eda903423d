"""Work done in pieces: a generator that pauses (yields None) between short steps and
returns its result, so that a long grading can be walked a slice at a time
(`advice.Walk`: the heavy worker answers Hint and Check between the slices of a
solution path)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

__all__ = ["Pieces", "finish"]

T = TypeVar("T")
Pieces = Generator[None, None, T]


def finish(work: Pieces[T]) -> tuple[T, int]:
    """Run `work` to its end at once: (its result, how many pauses it made)."""
    pauses = 0
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: T = done.value
            return result, pauses
        pauses += 1
