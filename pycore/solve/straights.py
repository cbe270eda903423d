"""The str8ts straight range rule on digit masks, shared by the fast solver and WFC.

A compartment of L white cells holds L consecutive digits, so its digits lie in
one window of L consecutive digits. A window is possible when every cell keeps a
candidate inside it and together the cells can still cover all of it. Digits
outside every possible window leave the compartment's cells; digits inside every
possible window ("sure" digits) must be in the compartment, so they leave the
other white cells of its line, and a sure digit with one place left goes there.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Compartment

__all__ = ["CONTRADICTION", "span", "straighten"]

CONTRADICTION = -1


def span(masks: Sequence[int], comp: Compartment) -> tuple[int, int]:
    """(allowed, sure): the union and the intersection of the compartment's possible windows.

    allowed == 0 means no straight fits: a contradiction.
    """
    allowed = 0
    sure = -1
    cells = comp.cells
    for window in comp.windows:
        cover = 0
        for c in cells:
            inside = masks[c] & window
            if not inside:
                break
            cover |= inside
        else:
            if cover == window:
                allowed |= window
                sure &= window
    return allowed, (sure if allowed else 0)


def straighten(masks: list[int], compartments: Sequence[Compartment], todo: list[int]) -> int:
    """Apply the range rule to every compartment in place.

    Cells that become solved are appended to `todo`. Returns the number of
    masks changed, or CONTRADICTION.
    """
    changed = 0
    for comp in compartments:
        allowed, sure = span(masks, comp)
        if not allowed:
            return CONTRADICTION
        for c in comp.cells:
            m = masks[c]
            if m & ~allowed:
                m &= allowed
                masks[c] = m
                changed += 1
                if not m & (m - 1):
                    todo.append(c)
        if not sure:
            continue
        for c in comp.others:
            m = masks[c]
            if m & sure:
                if not m & (m - 1):
                    return CONTRADICTION
                m &= ~sure
                if not m:
                    return CONTRADICTION
                masks[c] = m
                changed += 1
                if not m & (m - 1):
                    todo.append(c)
        once = twice = 0
        for c in comp.cells:
            m = masks[c]
            twice |= once & m
            once |= m
        lone = sure & ~twice
        if not lone:
            continue
        for c in comp.cells:
            m = masks[c]
            hit = m & lone
            if hit and hit != m:
                if hit & (hit - 1):
                    return CONTRADICTION
                masks[c] = hit
                changed += 1
                todo.append(c)
    return changed
