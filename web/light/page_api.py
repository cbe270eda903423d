"""What the page offers the modules it hands work to (exchange.Tools, keeper.Keeper).

A Protocol, so that those modules name what they use of the page and nothing else,
and mypy checks app.Page against it.
"""

from __future__ import annotations

from typing import Any, Protocol

from pycore.app.editor import Editor
from pycore.model import Puzzle


class PageApi(Protocol):
    editor: Editor
    said: str  # the message shown, as `say` put it (the page never reads it back)

    def say(self, text: str, error: bool = False, here: bool = False) -> None:
        """Show one message for the player (an error in the alert role; `here`: scrolled
        into view, the answer to a button the player is at)."""

    def show(self, puzzle: Puzzle, name: str, text: str = "", here: bool = False) -> None:
        """Put a decoded puzzle on the grid, with a history of its own (app.Page.show);
        `here`: opened by a button (a paste, New puzzle), so brought into view and a new
        entry in the browser's history."""

    def save_now(self) -> None:
        """Save the grid shown now in its slot (before another grid takes its place)."""

    def finished(self, before: Puzzle) -> None:
        """After an edit from `before`: "Solved" (or the full grid's mistake) if it filled
        the grid's last open cell (app.Page.finished)."""

    def render(self, focus: bool = False) -> None:
        """Bring the DOM in step with the editor."""

    def share_link(self) -> str:
        """The link the share box shows (the address bar's when the chosen format has none)."""

    async def ask_heavy(self, function: str, *args: str, busy: bool = True) -> Any:
        """The heavy worker's answer to one call (None when it could not start: said so);
        `busy`: the player waits for it."""
