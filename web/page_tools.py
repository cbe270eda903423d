"""The page's tools beyond editing: other tools' links and texts, exports, QR code, print, SVG.

`app.py` makes one `Tools` and calls `refresh()` after every render. A pasted text is
read first as one of our own links (`pycore.links.read`, here on the main thread);
anything else (other tools' links and texts), the exports, the QR code and the SVG
drawing are the heavy worker's (web/heavy.py: `pycore.links.read_any`,
`pycore.formats.tools`, `pycore.render`). Decoded text reaches the page only through
`textContent`, form values and attributes; the SVGs pycore draws are shown through
`<img>` data: URLs (an SVG there can run no script), never inserted as markup.
"""

from __future__ import annotations

from typing import Any

from dom import Handler, by_id, element, set_property, spawn
from heavy_client import puzzle_of, state_of
from page_api import PageApi
from pyscript import document, window

from pycore import links
from pycore.app import messages
from pycore.errors import FormatError, PuzzleError
from pycore.formats.json import MAX_TEXT  # the same bound every reader keeps
from pycore.model import Puzzle

EXPORT_OPEN = "open"
EXPORT_COPY = "copy"


def size_of(kib: int) -> str:
    return f"{kib // 1024} MiB" if kib >= 1024 and kib % 1024 == 0 else f"{kib} KiB"


def thousands(n: int) -> str:
    """1048576 -> "1,048,576" (MicroPython's format has no "," option)."""
    digits = str(n)
    groups: list[str] = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return ",".join(groups)


class Tools:
    """The paste box's imports, the Other tools panel, the QR panel, Print and Download SVG."""

    def __init__(self, page: PageApi) -> None:
        self.page = page
        self.surveyed: Puzzle | None = None
        self.qr_link: str | None = None
        # which panels are open, as their toggle events said
        self.tools_open = self.qr_open = False

    def handlers(self) -> dict[tuple[str, str], Handler]:
        """The events these tools answer, for the page to wire with its own (dom.listen)."""
        return {
            ("open-text", "keydown"): self.on_paste_key,
            ("tools-panel", "toggle"): self.on_tools_toggle,
            ("tool-list", "click"): self.on_tool,
            ("qr-panel", "toggle"): self.on_qr_toggle,
            ("print", "click"): self.on_print,
            ("download-svg", "click"): self.on_download,
        }

    def start(self) -> None:
        for name in ("print", "download-svg"):
            set_property(name, "disabled", False)

    def refresh(self) -> None:
        """After every render: bring the open panels in step with the grid and its link."""
        if self.tools_open:
            self.render_tools()
        if self.qr_open:
            self.render_qr()

    # -- the paste box -----------------------------------------------------------------

    def on_paste_key(self, event: Any) -> None:
        """Enter opens (the box takes multi-line files, so Shift+Enter starts a new line)."""
        if str(event.key) == "Enter" and not (event.shiftKey or event.isComposing):
            event.preventDefault()
            by_id("open-form").requestSubmit()

    def open_pasted(self, field: Any) -> None:
        """Read the paste box: our own links at once, anything else by the heavy worker's
        imports; keep the grid when nothing fits."""
        length = int(field.textLength)  # measured before the text is copied into Python
        if length > MAX_TEXT:
            self.page.say(f"That text is too long to read: {thousands(length)} characters; the page "
                          f"reads at most {thousands(MAX_TEXT)} ({size_of(MAX_TEXT // 1024)}).",
                          error=True)
            return
        text = str(field.value)
        try:
            name, puzzle = links.read(text)
        except (FormatError, PuzzleError):
            spawn(self.open_other(field, text))
            return
        self.opened(field, puzzle, name, [])

    async def open_other(self, field: Any, text: str) -> None:
        """Another tool's link or text: the heavy worker's readers."""
        said = await self.page.ask_heavy("read_any", text)
        if said is None:
            return
        if "state" not in said:  # in the player's words, not each reader's reasons
            self.page.say(said["said"], error=said["error"])
            return
        self.opened(field, puzzle_of(said["state"]), said["format"], said["warnings"])

    def opened(self, field: Any, puzzle: Puzzle, name: str, warnings: list[str]) -> None:
        field.value = ""
        self.page.show(puzzle, name)
        self.warn(warnings)
        self.page.render()

    def warn(self, warnings: list[str]) -> None:
        """What an import could not keep, one item each, as text."""
        box = by_id("warnings")
        box.replaceChildren(*[element("li", w) for w in messages.listed(warnings)])
        box.hidden = not warnings
        if warnings:
            set_property("message", "textContent", f"{self.page.said} It could not keep:")

    # -- other tools ---------------------------------------------------------------------

    async def on_tools_toggle(self, event: Any) -> None:
        self.tools_open = bool(by_id("tools-panel").open)
        if not self.tools_open:
            return
        self.render_tools()

    def render_tools(self) -> None:
        """One row per export target: its verdict on this grid, then its buttons."""
        puzzle = self.page.editor.puzzle
        if puzzle == self.surveyed:
            return
        self.surveyed = puzzle
        spawn(self.survey(puzzle))

    async def survey(self, puzzle: Puzzle) -> None:
        verdicts = await self.page.ask_heavy("survey", state_of(puzzle))
        if verdicts is None or self.surveyed is not puzzle:
            return  # no worker, or the grid changed again meanwhile (its own survey follows)
        rows = []
        for verdict in verdicts:
            name, title = verdict["name"], verdict["title"]
            note_id = f"tool-note-{name}"
            row = element("li", cls="tool", data_tool=name)
            head = element("div", cls="tool-head")
            head.append(element("span", title, cls="tool-title"))
            actions = [(EXPORT_OPEN, "Open", f"Open in {title} (a new tab)"),
                       (EXPORT_COPY, "Copy link", f"Copy the {title} link")] \
                if verdict["is_link"] else [(EXPORT_COPY, "Copy", f"Copy the {title}")]
            for action, label, words in actions:
                button = element("button", label, type="button", data_export=name,
                                 data_action=action, aria_label=words, aria_describedby=note_id)
                button.disabled = verdict["refused"] is not None
                head.append(button)
            if verdict["refused"] is not None:
                said = f"Cannot hold this grid: {verdict['refused']}."
            elif verdict["lost"]:
                said = "Leaves out: " + "; ".join(verdict["lost"]) + "."
            else:
                said = "Holds the whole grid."
            note = element("p", said, cls="note", id=note_id, data_verdict="refused"
                           if verdict["refused"] else "lossy" if verdict["lost"] else "whole")
            row.append(head, note)
            rows.append(row)
        by_id("tool-list").replaceChildren(*rows)

    async def on_tool(self, event: Any) -> None:
        button = event.target.closest("button[data-export]")
        if not button:  # JavaScript null
            return
        name = str(button.getAttribute("data-export"))
        action = str(button.getAttribute("data-action"))
        note = by_id("export-note")
        said = await self.page.ask_heavy("export", name, state_of(self.page.editor.puzzle))
        if said is None:
            return
        if "error" in said:
            note.textContent = said["error"]
            return
        text, title = said["text"], said["title"]
        field = by_id("export-text")
        field.value = text
        by_id("export-field").hidden = False
        if action == EXPORT_OPEN:
            if not text.startswith("https://"):  # the targets' own bases; never anything else
                note.textContent = f"Not a link to open: {title}"
                return
            window.open(text, "_blank", "noopener,noreferrer")
            note.textContent = f"Opened {title} in a new tab (the link is above)."
            return
        try:
            await window.navigator.clipboard.writeText(text)
            what = "link" if text.startswith("https://") else "text"
            note.textContent = f"Copied the {title} {what}."
        except Exception:
            field.select()
            note.textContent = "Select the text above and copy it (Ctrl+C)."

    # -- QR code -------------------------------------------------------------------------

    async def on_qr_toggle(self, event: Any) -> None:
        self.qr_open = bool(by_id("qr-panel").open)
        if not self.qr_open:
            return
        self.qr_link = None
        self.render_qr()

    def render_qr(self) -> None:
        """The QR code of the link the page shows (the address bar's when no format is chosen)."""
        link = self.page.share_link()  # not the share box: this render's writes are not made yet
        if link == self.qr_link:
            return
        self.qr_link = link
        spawn(self.draw_qr(link))

    async def draw_qr(self, link: str) -> None:
        by_id("qr-note").textContent = "Making the QR code…"
        said = await self.page.ask_heavy("qr", link)
        if said is None or link != self.qr_link:
            return
        image = by_id("qr-image")
        if "error" in said:
            image.hidden = True
            image.removeAttribute("src")
            by_id("qr-note").textContent = said["error"]
            return
        image.src = said["url"]
        image.hidden = False
        by_id("qr-note").textContent = (f"The link above, {len(link)} characters: scan it to open "
                                        "this grid on a phone.")

    # -- print and SVG -------------------------------------------------------------------

    async def grid_svg(self) -> str | None:
        """The grid as pycore draws it, as a data: URL of its SVG (the worker's)."""
        drawn = await self.page.ask_heavy("svg", state_of(self.page.editor.puzzle))
        return None if drawn is None else str(drawn["url"])

    async def on_print(self, event: Any) -> None:
        """Print the grid as pycore draws it (the page's print stylesheet shows only that)."""
        url = await self.grid_svg()
        if url is None:
            return
        image = by_id("print-image")
        image.src = url
        try:  # noqa: SIM105  # MicroPython has no contextlib
            await image.decode()
        except Exception:  # a failed decode prints what there is
            pass
        body = document.body
        body.setAttribute("data-print", "svg")
        try:
            window.print()  # modal: returns once the print dialog closes
        finally:
            body.removeAttribute("data-print")

    async def on_download(self, event: Any) -> None:
        p = self.page.editor.puzzle
        url = await self.grid_svg()
        if url is None:
            return
        link = element("a", href=url, download=f"{p.kind}-{p.rows}x{p.cols}.svg")
        link.hidden = True
        document.body.append(link)
        link.click()
        link.remove()
