"""The page's tools beyond editing: other tools' links and texts, exports, QR code, print, SVG.

`page.py` makes one `Tools` and calls `refresh()` after every render. A pasted text is
read first as one of our own links (`pycore.links.read`, here in the page's worker);
anything else (other tools' links and texts), the exports, the QR code and the SVG
drawing are the heavy worker's (web/heavy/heavy.py: `pycore.links.read_any`,
`pycore.formats.tools`, `pycore.render`). Decoded text reaches the page only through
`textContent`, form values and attributes; the SVGs pycore draws are shown through
`<img>` data: URLs (an SVG there can run no script), never inserted as markup.
"""

from __future__ import annotations

from dom import Facts, Handler, Node, build_children, flush, later, set_attribute, set_property, spawn
from heavy_client import puzzle_of, state_of
from page_api import PageApi

from pycore import links
from pycore.app import crossings, messages
from pycore.errors import FormatError, PuzzleError
from pycore.formats import MAX_TEXT  # the same bound every reader keeps
from pycore.model import Puzzle

EXPORT_OPEN = "open"
EXPORT_COPY = "copy"


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

    def reads(self) -> dict[tuple[str, str], tuple[str, ...]]:
        """The fields whose values come with these tools' events (dom.listen)."""
        return {("open-text", "keydown"): ("open-text",), ("open-form", "submit"): ("open-text",)}

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

    def on_paste_key(self, event: Facts) -> None:
        """Enter opens (the box takes multi-line files, so Shift+Enter starts a new line;
        early.js stopped Enter's new line)."""
        if event["key"] == "Enter" and not (event["shift"] or event["composing"]):
            self.open_pasted(event)

    def open_pasted(self, event: Facts) -> None:
        """Read the paste box (its value came with the event): our own links at once,
        anything else by the heavy worker's imports; keep the grid when nothing fits."""
        length = int(event["lengths"]["open-text"])  # a text over the bound did not come
        text = event["values"]["open-text"]
        if length > MAX_TEXT or text is None:
            self.page.say(messages.too_long(length, MAX_TEXT), error=True, here=True)
            return
        text = str(text)
        try:
            name, puzzle = links.read(text)
        except (FormatError, PuzzleError):
            spawn(self.open_other(text))
            return
        self.opened(puzzle, name, [], text)

    async def open_other(self, text: str) -> None:
        """Another tool's link or text: the heavy worker's readers."""
        said = await self.page.ask_heavy("read_any", text)
        if said is None:
            return
        if "state" not in said:  # in the player's words, not each reader's reasons
            self.page.say(said["said"], error=said["error"], here=True)
            return
        self.opened(puzzle_of(said["state"]), said["format"], said["warnings"])

    def opened(self, puzzle: Puzzle, name: str, warnings: list[str], text: str = "") -> None:
        set_property("open-text", "value", "")
        self.page.show(puzzle, name, text, here=True)
        self.warn(warnings)
        self.page.render()

    def warn(self, warnings: list[str]) -> None:
        """What an import could not keep, one item each, as text."""
        build_children("warnings", [["li", {}, w] for w in messages.listed(warnings)])
        set_property("warnings", "hidden", not warnings)
        if warnings:
            set_property("message", "textContent", messages.could_not_keep(self.page.said))

    # -- other tools ---------------------------------------------------------------------

    def on_tools_toggle(self, event: Facts) -> None:
        self.tools_open = bool(event["open"])
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
        rows: list[Node] = []
        for verdict in verdicts:
            name, title = verdict["name"], verdict["title"]
            note_id = f"tool-note-{name}"
            head: list[Node] = [["span", {"class": "tool-title"}, title]]
            actions = [(EXPORT_OPEN, messages.OPEN, messages.open_in(title)),
                       (EXPORT_COPY, messages.COPY_LINK, messages.copy_the(title, "link"))] \
                if verdict["is_link"] else [(EXPORT_COPY, messages.COPY, messages.copy_the(title))]
            for action, label, words in actions:
                button = {"type": "button", "data-export": name, "data-action": action,
                          "aria-label": words, "aria-describedby": note_id}
                if verdict["refused"] is not None:
                    button["disabled"] = ""
                head.append(["button", button, label])
            said = messages.tool_verdict(verdict["refused"], verdict["lost"])
            verdict_kind = "refused" if verdict["refused"] else "lossy" if verdict["lost"] else "whole"
            note: Node = ["p", {"class": "note", "id": note_id, "data-verdict": verdict_kind}, said]
            rows.append(["li", {"class": "tool", "data-tool": name},
                         [["div", {"class": "tool-head"}, head], note]])
        build_children("tool-list", rows)

    async def on_tool(self, event: Facts) -> None:
        button = event.get("data") or {}
        if "export" not in button:
            return
        name, action = str(button["export"]), str(button.get("action", EXPORT_COPY))
        said = await self.page.ask_heavy("export", name, state_of(self.page.editor.puzzle))
        if said is None:
            return
        if "error" in said:
            set_property("export-note", "textContent", said["error"])
            return
        text, title = said["text"], said["title"]
        set_property("export-text", "value", text)
        set_property("export-field", "hidden", False)
        if action == EXPORT_OPEN:
            if not text.startswith("https://"):  # the targets' own bases; never anything else
                set_property("export-note", "textContent", messages.not_a_link(title))
                return
            later(crossings.OPEN, text)
            set_property("export-note", "textContent", messages.opened_in_tab(title))
            return
        what = "link" if text.startswith("https://") else "text"
        later(crossings.COPY, text, "export-note", messages.copied(title, what), "export-text",
              messages.COPY_TEXT_BY_HAND)

    # -- QR code -------------------------------------------------------------------------

    def on_qr_toggle(self, event: Facts) -> None:
        self.qr_open = bool(event["open"])
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
        set_property("qr-note", "textContent", messages.MAKING_QR)
        flush()
        said = await self.page.ask_heavy("qr", link)
        if said is None or link != self.qr_link:
            return
        if "error" in said:
            set_property("qr-image", "hidden", True)
            set_attribute("qr-image", "src", None)
            set_property("qr-note", "textContent", said["error"])
            return
        set_attribute("qr-image", "src", said["url"])
        set_property("qr-image", "hidden", False)
        set_property("qr-note", "textContent", messages.qr_note(len(link)))

    # -- print and SVG -------------------------------------------------------------------

    async def grid_svg(self) -> str | None:
        """The grid as pycore draws it, as a data: URL of its SVG (the worker's)."""
        drawn = await self.page.ask_heavy("svg", state_of(self.page.editor.puzzle))
        return None if drawn is None else str(drawn["url"])

    async def on_print(self, event: Facts) -> None:
        """Print the grid as pycore draws it (the page's print stylesheet shows only that)."""
        url = await self.grid_svg()
        if url is not None:
            later(crossings.PRINT, "print-image", url)

    async def on_download(self, event: Facts) -> None:
        p = self.page.editor.puzzle
        url = await self.grid_svg()
        if url is not None:
            later(crossings.DOWNLOAD, url, f"{p.kind}-{p.rows}x{p.cols}.svg")
