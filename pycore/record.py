"""`Record`, the one base of pycore's immutable value classes (`Cell`, `Puzzle`, `Lost`,
`Share`, ...): named fields set once, compared, hashed, shown and pickled by their values.

A frozen dataclass would say the same, but the page runs these classes under MicroPython
(see `pycore.site.light`), which has no dataclasses. So a record is a plain class: it
lists its fields in `FIELDS` (in the order its constructor takes them), sets each once in
its `__init__` with `_set` (which goes around the refusing `__setattr__`), and this base
gives the rest. Its `__slots__` stay in each class, as CPython wants them, beside the
private caches some records fill on first use (a `Puzzle`'s open masks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import ClassVar

__all__ = ["Record"]

_set = object.__setattr__
"""Sets a field of a record, in its `__init__` (or a cache on first use): the one way past
its `__setattr__`."""


def _frozen(name: str, verb: str = "assign to") -> AttributeError:
    """What a record answers an attempt to change or delete a field: what a frozen
    dataclass answers."""
    return AttributeError(f"cannot {verb} field {name!r}")


class Record:
    """Immutable fields, named by `FIELDS`: equal to a record of the same class with equal
    fields, hashed by them, shown as `Name(field=value, ...)`, pickled through the
    constructor (multiprocessing sends puzzles and errors between processes)."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise _frozen(name)

    def __delattr__(self, name: str) -> None:
        raise _frozen(name, "delete")

    def _fields(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return type(self).__name__ + "(" + ", ".join(
            [name + "=" + repr(getattr(self, name)) for name in self.FIELDS]) + ")"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), self._fields())
