"""The one exception family of pycore.

A decoder lets out nothing but `FormatError`: it names the format, the position
(character, field or byte index, as `unit` says) and what was expected there, the
way `json.JSONDecodeError` carries `pos`.
"""

from __future__ import annotations

__all__ = ["FormatError", "LossError", "PuzzleError"]


class FormatError(ValueError):
    """Text that is not a valid string of `format`, or a state `format` cannot hold."""

    def __init__(
        self,
        format: str,
        pos: int | None,
        expected: str,
        *,
        unit: str = "character",
        found: str | None = None,
    ) -> None:
        self.format = format
        self.pos = pos
        self.expected = expected
        self.unit = unit
        self.found = found
        where = "" if pos is None else f" at {unit} {pos}"
        got = "" if found is None else f", found {found}"
        super().__init__(f"{format}{where}: expected {expected}{got}")

    def __reduce__(self) -> tuple[object, ...]:  # keep pickling (multiprocessing) working
        return (_rebuild, (self.format, self.pos, self.expected, self.unit, self.found))


def _rebuild(
    format: str, pos: int | None, expected: str, unit: str, found: str | None
) -> FormatError:
    return FormatError(format, pos, expected, unit=unit, found=found)


class LossError(FormatError):
    """An encode that would drop part of the state; `lost` names each part."""

    def __init__(self, format: str, lost: list[str]) -> None:
        self.lost = list(lost)
        super().__init__(format, None, "a state it can hold, without: " + "; ".join(self.lost))
        self.args = (
            f"{format} cannot hold this puzzle: it would lose " + "; ".join(self.lost)
            + " (pass lossy=True, or --lossy, to drop them)",
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (LossError, (self.format, self.lost))


class PuzzleError(ValueError):
    """An impossible puzzle state: a digit out of range, a black cell in a sudoku, ..."""
