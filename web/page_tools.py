"""The page's tools beyond editing: other tools' links and texts, exports, QR code, print, SVG.

`app.py` makes one `Tools` and calls `refresh()` after every render. Everything here
asks `pycore` (`links.read_any`, `formats.tools`, `render.svg`, `render.qr`); no
codec logic lives in the page (pycore reads SudokuPad and f-puzzles' lz-string itself).
One optional pure-Python wheel, segno (QR codes), comes from this site's own
`vendor/wheels/` the first time something needs it, never at start-up. Decoded text reaches the page
only through `textContent`, form values and attributes; the SVGs pycore draws are shown
through `<img>` data: URLs (an SVG there can run no script), never inserted as markup.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import importlib
import importlib.abc
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dom import FACTS, Handler, by_id, element, set_property
from page_api import PageApi
from pyodide.ffi import to_js
from pyscript import document, window

from pycore import links, messages
from pycore.errors import FormatError, PuzzleError
from pycore.model import Puzzle

if TYPE_CHECKING:  # the imports and exports load on first use: start-up needs neither
    from pycore.formats.tools import Imported

EXPORT_OPEN = "open"
EXPORT_COPY = "copy"


def svg_url(svg: str) -> str:
    """A data: URL for an <img> showing an SVG document."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def size_of(kib: int) -> str:
    return f"{kib // 1024} MiB" if kib >= 1024 and kib % 1024 == 0 else f"{kib} KiB"


class WheelUnavailable(Exception):
    """An optional wheel could not be fetched from this site (offline with an empty cache,
    say): the player is told in plain words; this is no fault of any puzzle format."""

    def __init__(self, what: str) -> None:
        super().__init__(f"The {what} could not be loaded from this site. "
                         "Try again when you are online.")


WHAT_LOADS = {"segno": "QR code maker"}


class _WantedWheels(importlib.abc.MetaPathFinder):
    """Notes every import of a wheel the page has not loaded yet (and finds nothing itself)."""

    def __init__(self, wheels: Wheels) -> None:
        self.wheels = wheels

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name in self.wheels.paths and name not in self.wheels.loaded:
            self.wheels.wanted.add(name)


class Wheels:
    """The optional wheels the build put beside the page, loaded from this origin on first use.

    The build names them in `<meta name="pycore-wheels">`: module -> site paths of its
    wheels, dependencies first. Pyodide's `loadPackage` takes a wheel's URL.
    """

    def __init__(self) -> None:
        self.paths: dict[str, list[str]] = json.loads(FACTS["wheels"])
        self.loaded: set[str] = set()
        self.wanted: set[str] = set()
        self.loading: dict[str, Any] = {}
        sys.meta_path.insert(0, _WantedWheels(self))

    async def load(self, module: str) -> None:
        if module in self.loaded:
            return
        if module not in self.loading:
            self.loading[module] = asyncio.ensure_future(self._load(module))
        await self.loading[module]

    async def _load(self, module: str) -> None:
        import pyodide_js  # the Pyodide API object of the running interpreter

        base = document.baseURI
        urls = [str(window.URL.new(path, base).href) for path in self.paths.get(module, [])]
        what = WHAT_LOADS.get(module, module)
        if not urls:
            raise WheelUnavailable(what)
        try:
            await pyodide_js.loadPackage(to_js(urls))
        except Exception:  # offline with an empty cache, say: the caller says so, as text
            raise WheelUnavailable(what) from None
        finally:
            del self.loading[module]
        importlib.invalidate_caches()
        self.loaded.add(module)
        self.wanted.discard(module)

    async def retry(self, action: Any, *args: Any) -> Any:
        """Run `action`; when it asked for a wheel not loaded yet, load that and run it again."""
        self.wanted.clear()
        try:
            result = action(*args)
        except FormatError:
            if not self.wanted:
                raise
            result = None
        if not self.wanted:
            return result
        for module in sorted(self.wanted):
            await self.load(module)
        return action(*args)


class Tools:
    """The paste box's imports, the Other tools panel, the QR panel, Print and Download SVG."""

    def __init__(self, page: PageApi) -> None:
        self.page = page
        self.wheels = Wheels()
        self.surveyed: Puzzle | None = None
        self.qr_link: str | None = None
        self.tasks: set[asyncio.Future[Any]] = set()
        # which panels are open, as their toggle events said (refresh() runs on every
        # keystroke; from a worker, reading `open` there would be two round trips)
        self.tools_open = self.qr_open = False

    def spawn(self, work: Any) -> None:
        """Run a coroutine from a plain event handler (one that must act before any await)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.done)

    def done(self, task: asyncio.Future[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:  # a bug: say it where tests look
            error = task.exception()
            window.console.error(f"page_tools: {type(error).__name__}: {error}")

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
        if "segno" in self.wheels.loaded and self.qr_open:
            self.render_qr()

    # -- the paste box -----------------------------------------------------------------

    def on_paste_key(self, event: Any) -> None:
        """Enter opens (the box takes multi-line files, so Shift+Enter starts a new line)."""
        if str(event.key) == "Enter" and not (event.shiftKey or event.isComposing):
            event.preventDefault()
            by_id("open-form").requestSubmit()

    def open_pasted(self, field: Any) -> None:
        """Read the paste box with every import; keep the grid when nothing fits.

        Synchronous (the grid changes before the key press returns) unless an import asks
        for a wheel not loaded yet: then that loads and the text is read again.
        """
        from pycore.formats.tools import MAX_TEXT

        length = int(field.textLength)  # measured before the text is copied into Python
        if length > MAX_TEXT:
            self.page.say(f"That text is too long to read: {length:,} characters; the page reads at "
                          f"most {MAX_TEXT:,} ({size_of(MAX_TEXT // 1024)}).", error=True)
            return
        text = str(field.value)
        self.wheels.wanted.clear()
        try:
            found: Imported | None = links.read_any(text)
            failure: Exception | None = None
        except (FormatError, PuzzleError) as err:
            found, failure = None, err
        if self.wheels.wanted:  # an import asked for a wheel: read again once it is here
            self.page.say("Loading what this text needs…")
            self.spawn(self.open_with_wheels(field, text))
        elif found is not None:
            self.opened(field, found)
        elif failure is not None:  # in the player's words, not each reader's reasons
            self.page.say(messages.pasting(failure, text), error=True)

    async def open_with_wheels(self, field: Any, text: str) -> None:
        try:
            found: Imported = await self.wheels.retry(links.read_any, text)
        except WheelUnavailable as err:
            self.page.say(str(err), error=True)
            return
        except (FormatError, PuzzleError) as err:
            self.page.say(messages.pasting(err, text), error=True)
            return
        self.opened(field, found)

    def opened(self, field: Any, found: Imported) -> None:
        field.value = ""
        self.page.show(found.puzzle, found.format)
        self.warn(found.warnings)
        self.page.render()

    def warn(self, warnings: Sequence[str]) -> None:
        """What an import could not keep, one item each, as text."""
        box = by_id("warnings")
        box.replaceChildren(*[element("li", w) for w in warnings])
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
        from pycore.formats import tools as exports

        puzzle = self.page.editor.puzzle
        if puzzle == self.surveyed:
            return
        self.surveyed = puzzle
        rows = []
        for verdict in exports.survey(puzzle):
            note_id = f"tool-note-{verdict.name}"
            row = element("li", cls="tool", data_tool=verdict.name)
            head = element("div", cls="tool-head")
            head.append(element("span", verdict.title, cls="tool-title"))
            actions = [(EXPORT_OPEN, "Open", f"Open in {verdict.title} (a new tab)"),
                       (EXPORT_COPY, "Copy link", f"Copy the {verdict.title} link")] \
                if verdict.is_link else [(EXPORT_COPY, "Copy", f"Copy the {verdict.title}")]
            for action, label, name in actions:
                button = element("button", label, type="button", data_export=verdict.name,
                                 data_action=action, aria_label=name, aria_describedby=note_id)
                button.disabled = verdict.refused is not None
                head.append(button)
            if verdict.refused is not None:
                said = f"Cannot hold this grid: {verdict.refused}."
            elif verdict.lost:
                said = "Leaves out: " + "; ".join(verdict.lost) + "."
            else:
                said = "Holds the whole grid."
            note = element("p", said, cls="note", id=note_id, data_verdict="refused"
                           if verdict.refused else "lossy" if verdict.lost else "whole")
            row.append(head, note)
            rows.append(row)
        by_id("tool-list").replaceChildren(*rows)

    async def on_tool(self, event: Any) -> None:
        from pycore.formats import tools as exports

        button = event.target.closest("button[data-export]")
        if not button:  # JavaScript null arrives as a falsy JsNull
            return
        name = str(button.getAttribute("data-export"))
        action = str(button.getAttribute("data-action"))
        note = by_id("export-note")
        try:
            text: str = await self.wheels.retry(exports.export, name, self.page.editor.puzzle, True)
        except (FormatError, WheelUnavailable) as err:
            note.textContent = f"Could not export: {err}"
            return
        field = by_id("export-text")
        field.value = text
        by_id("export-field").hidden = False
        title = exports.EXPORTS[name].title
        if action == EXPORT_OPEN:
            if not text.startswith("https://"):  # the targets' own bases; never anything else
                note.textContent = f"Not a link to open: {title}"
                return
            window.open(text, "_blank", "noopener,noreferrer")
            note.textContent = f"Opened {title} in a new tab (the link is above)."
            return
        try:
            await window.navigator.clipboard.writeText(text)
            note.textContent = f"Copied the {title} {'link' if text.startswith('https://') else 'text'}."
        except Exception:
            field.select()
            note.textContent = "Select the text above and copy it (Ctrl+C)."

    # -- QR code -------------------------------------------------------------------------

    async def on_qr_toggle(self, event: Any) -> None:
        self.qr_open = bool(by_id("qr-panel").open)
        if not self.qr_open:
            return
        if "segno" not in self.wheels.loaded:
            by_id("qr-note").textContent = "Loading the QR code maker…"
            try:
                await self.wheels.load("segno")
            except WheelUnavailable as err:
                by_id("qr-note").textContent = f"No QR code: {err}"
                return
        self.qr_link = None
        self.render_qr()

    def render_qr(self) -> None:
        """The QR code of the link the page shows (the address bar's when no format is chosen)."""
        from pycore.render.qr import qr_svg

        link = self.page.share_link()  # not the share box: this render's writes are not made yet
        if link == self.qr_link:
            return
        self.qr_link = link
        image = by_id("qr-image")
        try:
            svg = qr_svg(link)
        except FormatError as err:
            image.hidden = True
            image.removeAttribute("src")
            by_id("qr-note").textContent = f"No QR code: {err}."
            return
        image.src = svg_url(svg)
        image.hidden = False
        by_id("qr-note").textContent = (f"The link above, {len(link)} characters: scan it to open "
                                        "this grid on a phone.")

    # -- print and SVG -------------------------------------------------------------------

    def grid_svg(self) -> str:
        from pycore.render.svg import render_svg

        svg: str = render_svg(self.page.editor.puzzle)
        return svg

    async def on_print(self, event: Any) -> None:
        """Print the grid as pycore draws it (the page's print stylesheet shows only that)."""
        image = by_id("print-image")
        image.src = svg_url(self.grid_svg())
        with contextlib.suppress(Exception):  # a failed decode prints what there is
            await image.decode()
        body = document.body
        body.setAttribute("data-print", "svg")
        try:
            window.print()  # modal: returns once the print dialog closes
        finally:
            body.removeAttribute("data-print")

    def on_download(self, event: Any) -> None:
        p = self.page.editor.puzzle
        blob = window.Blob.new(to_js([self.grid_svg()]),
                               to_js({"type": "image/svg+xml"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = element("a", href=url, download=f"{p.kind}-{p.rows}x{p.cols}.svg")
        link.hidden = True
        document.body.append(link)
        link.click()
        link.remove()
        asyncio.get_event_loop().call_later(60, lambda: window.URL.revokeObjectURL(url))
