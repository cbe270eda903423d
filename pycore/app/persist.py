"""What the page keeps in the browser, so that a reload, a crash or a closed tab loses nothing.

Every grid a person works on lives in a *slot* of the browser's `localStorage`:
its whole state (the lossless share fragment), its puzzle *identity* (the givens
and shape, as a fragment), when it was last saved, and a short label for the
"Recent puzzles" list. A tab works in one slot and writes only that one, so two
tabs on two puzzles never clobber each other; a small `current` pointer names the
slot touched last, which a page opened without a link restores.

Opening a link never overwrites a saved grid: a link whose state some slot holds
reuses that slot; a link of a puzzle that has saved progress in another state gets
a slot of its own and the page asks which one to show (both stay in the list); a
link that cannot be read leaves everything as it was.

Several tabs may work in one slot (two tabs on one link, or on the bare address).
Every save says which tab wrote it (`Entry.tab`), and a tab about to save first looks
at its slot: when another tab has written a state there that this tab never saw
(`written_elsewhere`), it forks to a new slot instead of overwriting, so both grids stay
in the list. Each open tab also holds a *lease* on its slot (`LEASE`, renewed while the
tab lives, given up when it closes, and expired after `LEASE_MS` when a tab is killed
without a word): trimming the list to `MAX_RECENT` never drops a leased slot.

The logic is pure (no `js`): the page hands it a `Store` over `localStorage`, the
tests a dict.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any, Protocol

from .. import links
from ..errors import FormatError
from ..model import EMPTY, plain_words
from ..record import Record, _set
from ..shapes import SHAPES, shape_of
from . import crossings, messages

if TYPE_CHECKING:
    from ..model import Cell, Puzzle

__all__ = [
    "CURRENT",
    "LEASE",
    "LEASE_MS",
    "MAX_RECENT",
    "PREFIX",
    "DictStore",
    "Entry",
    "Plan",
    "Shelf",
    "Store",
    "identity",
    "is_blank",
    "label",
    "lease_key",
    "plan_load",
    "written_elsewhere",
]

# The items' keys cross to the main thread, which reads them before Python starts (crossings).
PREFIX = crossings.SLOT  # one localStorage item per slot: PREFIX + slot id
CURRENT = crossings.CURRENT  # the slot saved or opened last, in any tab
LEASE = crossings.LEASE  # one item per open tab: LEASE + tab id -> the slot it works in, until when
# The player's settings, one item each, kept for every grid and tab: "on" or absent.
SETTING = crossings.OURS + "setting:"
TIDY_MARKS = SETTING + "remove-marks"  # a placed digit leaves its peers' marks (Editor.tidy)
LEASE_MS = 5 * 60 * 1000  # a lease not renewed for this long is a closed or killed tab's
MAX_RECENT = 20  # slots kept; older ones are dropped when a new one is saved (unless leased)
MAX_ITEM = 64 * 1024  # a stored item longer than any link we make is not ours
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"  # the alphabet int(text, 36) reads


class Store(Protocol):
    """The four calls the shelf needs from `localStorage`."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def names(self) -> list[str]: ...


class DictStore:
    """A `Store` in a dict: what the tests use, and the page's fallback when storage is refused."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def names(self) -> list[str]:
        return list(self.items)


# -- a puzzle's identity and label -------------------------------------------------


_IDENTITIES: dict[Puzzle, str] = {}  # the last few setups asked about (the page asks on every edit)
_KEEP = 16


def _identity(setup: Puzzle) -> str:
    key = _IDENTITIES.get(setup)
    if key is None:
        if len(_IDENTITIES) >= _KEEP:
            _IDENTITIES.clear()
        key = _IDENTITIES[setup] = _identify(setup)
    return key


def _identify(setup: Puzzle) -> str:
    try:
        return links.best(setup)[1]
    except FormatError:  # no link format holds it: the JSON text still names it exactly
        from ..formats.json import to_json

        return _sorted_json(to_json(setup))


def _sorted_json(obj: object) -> str:
    """`json.dumps(obj, sort_keys=True, separators=(",", ":"))`, which MicroPython's json
    cannot write (it has no sort_keys, and its dicts keep no order)."""
    if isinstance(obj, dict):
        return "{" + ",".join(json.dumps(k) + ":" + _sorted_json(obj[k]) for k in sorted(obj)) + "}"
    if isinstance(obj, list):
        return "[" + ",".join(_sorted_json(item) for item in obj) + "]"
    return json.dumps(obj)


def _json_object(pairs: tuple[tuple[str, object], ...]) -> str:
    """A JSON object of scalars with its keys in the order given, as `json.dumps` with
    `separators=(",", ":")` writes a dict in CPython (MicroPython's dicts keep no order)."""
    return "{" + ",".join(json.dumps(k) + ":" + json.dumps(v) for k, v in pairs) + "}"


def lease_key(tab: str) -> str:
    """The item holding tab `tab`'s lease on its slot (`Shelf.lease`)."""
    return LEASE + tab


def identity(puzzle: Puzzle, shortest: str | None = None) -> str:
    """Which puzzle this is, whatever the player has entered: its givens' shortest fragment.

    `shortest` is the puzzle's own shortest lossless fragment when the caller has it
    (`links.shares(...).shortest`): while givens are being set the puzzle is its own
    setup, and that fragment is the identity, with no second encoding. Otherwise cached,
    since the page asks on every edit and givens change only while being set: the state
    asked about last is kept, and a state that differs from it only in the player's
    entries has its identity (`same_setup`, a glance at the cells that changed, where
    wiping a 25x25's entries and looking the setup up would cost MicroPython a keystroke's
    worth of time).
    """
    last, known = _LAST
    if last is not None and same_setup(last, puzzle):
        _LAST[0] = puzzle
        return str(known)
    setup = puzzle.unplayed
    found = shortest if shortest is not None and setup is puzzle else _identity(setup)
    _LAST[0], _LAST[1] = puzzle, found
    return found


_LAST: list[Any] = [None, ""]  # the state `identity` was asked about last, and its answer


def same_setup(before: Puzzle, after: Puzzle) -> bool:
    """Whether two states of a grid have the same setup (`Puzzle.unplayed`): the same shape
    and words, and every cell that changed a player's entry (a value or pencil marks, which
    the setup wipes) or empty in both."""
    if (before.kind, before.size, before.box, before.layout, before.title, before.author,
            before.rules) != (after.kind, after.size, after.box, after.layout, after.title,
                              after.author, after.rules):
        return False
    # the same shape, so the same length (MicroPython's zip has no strict=)
    return all(a is b or _as_set(a) == _as_set(b) for a, b in zip(before.cells, after.cells))  # noqa: B905


def _as_set(cell: Cell) -> Cell:
    """A cell as the setup has it (`Puzzle.unplayed` wipes the player's entries)."""
    return EMPTY if cell.kind in ("value", "candidates") else cell


def is_blank(puzzle: Puzzle) -> bool:
    """Nothing entered at all: not worth a slot until the first digit."""
    return all(c.kind in ("empty", "outside") for c in puzzle.cells)


LABEL_TITLE = 40
"""A title's bound in a recent entry's label, in characters: a list line, not the title
line (the model allows 100)."""
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction marks, embeddings, overrides and isolates: in a title they would turn the
label's own words after it around, so the label leaves them out."""


def label_title(title: str) -> str:
    """The puzzle's title as a recent entry shows it: cleaned as any outside text
    (`plain_words`), without direction controls, and cut to LABEL_TITLE characters with an
    ellipsis; "" when nothing is left."""
    clean = " ".join("".join(ch for ch in plain_words("title", title) if ch not in BIDI).split())
    if len(clean) > LABEL_TITLE:
        return clean[:LABEL_TITLE - 1].rstrip() + "\u2026"
    return clean


def label(puzzle: Puzzle) -> str:
    """A line for the recent list: shape, givens and progress, e.g. "Sudoku 9x9, 24 givens,
    30/57 filled", after the title when the puzzle has one (`label_title`), so that two
    puzzles of one shape are told apart by the name their setter gave them."""
    name = shape_of(puzzle)
    kind = puzzle.kind[:1].upper() + puzzle.kind[1:]  # str.capitalize, for a lower-case kind
    shape = dict(SHAPES).get(name or "", f"{kind} {puzzle.rows}x{puzzle.cols}")
    counts = {kind: 0 for kind in ("given", "value", "candidates", "empty", "black")}
    for cell in puzzle.cells:
        if cell.kind in counts:
            counts[cell.kind] += 1
    open_ = counts["value"] + counts["candidates"] + counts["empty"]
    parts = [shape, f"{counts['given']} givens"]
    if open_:
        parts.append(f"{counts['value']}/{open_} filled")
    title = label_title(puzzle.title)
    return messages.titled(title, ", ".join(parts)) if title else ", ".join(parts)


# -- slots -----------------------------------------------------------------------


class Entry(Record):
    """One saved grid: the slot it lives in, its state and identity, when, its label, the
    mode it opens in (editor.start_mode: web/main/early.js reads it to show that mode while
    Python starts, since telling it from the state needs the state decoded), and which tab
    wrote it ("" in entries older than that field). Immutable; compared and hashed by its
    fields."""

    __slots__ = ("key", "label", "opens", "slot", "state", "tab", "time")
    FIELDS = ("slot", "state", "key", "time", "label", "opens", "tab")
    if TYPE_CHECKING:
        slot: str
        state: str
        key: str
        time: float
        label: str
        opens: str
        tab: str

    def __init__(self, slot: str, state: str, key: str, time: float, label: str = "",
                 opens: str = "", tab: str = "") -> None:
        _set(self, "slot", slot)
        _set(self, "state", state)
        _set(self, "key", key)
        _set(self, "time", time)
        _set(self, "label", label)
        _set(self, "opens", opens)
        _set(self, "tab", tab)

    def dump(self) -> str:
        return _json_object((("state", self.state), ("key", self.key), ("time", self.time),
                             ("label", self.label), ("opens", self.opens), ("tab", self.tab)))

    @classmethod
    def load(cls, slot: str, text: str | None) -> Entry | None:
        """The entry stored as `text`, or None when it is missing or not one of ours."""
        if text is None or len(text) > MAX_ITEM:
            return None
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        state, key, time, name, opens, tab = (data.get(k) for k in ("state", "key", "time", "label",
                                                                     "opens", "tab"))
        if not (isinstance(state, str) and state and isinstance(key, str)):
            return None
        if not isinstance(time, (int, float)) or isinstance(time, bool) or not math.isfinite(time):
            return None
        return cls(slot, state, key, float(time), name if isinstance(name, str) else "",
                   opens if isinstance(opens, str) else "", tab if isinstance(tab, str) else "")


class Shelf:
    """The saved slots in a `Store`: read them, save one, keep the list short."""

    def __init__(self, store: Store, limit: int = MAX_RECENT) -> None:
        self.store = store
        self.limit = limit

    def entries(self) -> list[Entry]:
        """Every readable slot, the one saved last first (ties: by slot id, for a stable order)."""
        found = []
        for item in self.store.names():
            if item.startswith(PREFIX):
                entry = Entry.load(item[len(PREFIX):], self.store.get(item))
                if entry is not None:
                    found.append(entry)
        found.sort(key=lambda e: (-e.time, e.slot))
        return found

    def get(self, slot: str) -> Entry | None:
        return Entry.load(slot, self.store.get(PREFIX + slot))

    def current(self) -> Entry | None:
        """The slot saved or opened last in any tab (None when there is none, or it was dropped)."""
        slot = self.store.get(CURRENT)
        entry = self.get(slot) if slot else None
        if entry is None:  # the pointer is gone or stale: the newest slot will do
            entries = self.entries()
            entry = entries[0] if entries else None
        return entry

    def point(self, slot: str) -> None:
        """Make `slot` the one a page opened without a link shows."""
        self.store.set(CURRENT, slot)

    def new_slot(self, now: float, salt: int = 0) -> str:
        """A slot id no stored slot has: the time and a per-tab salt, in base 36."""
        base = f"{_base36(int(now))}-{_base36(salt)}"
        slot, n = base, 1
        while self.store.get(PREFIX + slot) is not None:
            n += 1
            slot = f"{base}-{n}"
        return slot

    def save(self, entry: Entry, point: bool = True) -> None:
        """Write one slot, point `current` at it (unless `point` is False: a grid the page
        doubts is not what the bare address should reopen), and drop the oldest slots
        beyond the limit."""
        self.store.set(PREFIX + entry.slot, entry.dump())
        if point:
            self.point(entry.slot)
        self.trim(keep=entry.slot, now=entry.time)

    def unpoint(self, slot: str, back: str | None) -> None:
        """If `current` names `slot`, name `back` again (None: no pointer; the newest slot
        then stands in): what a page opened without a link shows returns to the grid it
        showed before `slot` was opened."""
        if self.store.get(CURRENT) != slot:
            return
        if back and back != slot:
            self.store.set(CURRENT, back)
        else:
            self.store.remove(CURRENT)

    def trim(self, keep: str = "", now: float | None = None) -> list[str]:
        """Drop the oldest slots beyond the limit, never `keep` nor a slot an open tab
        holds a lease on at `now` (None: no lease counts); the dropped slot ids.
        The list may stay longer than the limit while many tabs are open."""
        held = self.in_use(now) if now is not None else set()
        if keep:
            held.add(keep)
        entries = self.entries()
        room = self.limit - len([e for e in entries if e.slot in held])
        dropped = [e.slot for e in entries if e.slot not in held][max(room, 0):]
        for slot in dropped:
            self.store.remove(PREFIX + slot)
        return dropped

    # -- leases: the slots open tabs work in ------------------------------------------

    def lease(self, tab: str, slot: str, now: float) -> None:
        """Tab `tab` works in `slot` until `now + LEASE_MS` (it renews this while it lives)."""
        self.store.set(lease_key(tab), _json_object((("slot", slot), ("until", now + LEASE_MS))))

    def release(self, tab: str) -> None:
        """Tab `tab` closes: its slot is an ordinary recent grid again."""
        self.store.remove(lease_key(tab))

    def in_use(self, now: float) -> set[str]:
        """The slots some open tab holds an unexpired lease on. Expired leases (tabs that
        were killed, or a clock moved far back) are removed on the way."""
        held: set[str] = set()
        for item in self.store.names():
            if not item.startswith(LEASE):
                continue
            slot, until = _lease_of(self.store.get(item))
            if slot and now < until <= now + 2 * LEASE_MS:
                held.add(slot)
            else:
                self.store.remove(item)
        return held

    def forget(self, slot: str) -> None:
        self.store.remove(PREFIX + slot)


def _lease_of(text: str | None) -> tuple[str, float]:
    """(slot, until) of a stored lease; ("", 0.0) for anything that is not one of ours."""
    if text is None or len(text) > 1024:
        return "", 0.0
    try:
        data = json.loads(text)
    except ValueError:
        return "", 0.0
    if not isinstance(data, dict):
        return "", 0.0
    slot, until = data.get("slot"), data.get("until")
    if not isinstance(slot, str) or isinstance(until, bool) or not isinstance(until, (int, float)):
        return "", 0.0
    if not math.isfinite(until):
        return "", 0.0
    return slot, float(until)


def written_elsewhere(stored: Entry | None, known: str, tab: str, state: str) -> bool:
    """Whether saving `state` over the `stored` entry of a tab's slot would lose a grid:
    another tab wrote a state there that this tab never saw.

    `known` is the state this tab last saved in the slot or found there when it opened it.
    A missing entry (dropped, or never written) and an entry this tab wrote itself (a save
    still on its way, or one a full storage refused) are the tab's to write; so is a
    stored state equal to the one being saved (nothing would be lost)."""
    if stored is None or stored.state in (known, state):
        return False
    return stored.tab != tab


def _base36(n: int) -> str:
    n = abs(n)
    out = _BASE36[n % 36]
    while n >= 36:
        n //= 36
        out = _BASE36[n % 36] + out
    return out


# -- what a page load shows --------------------------------------------------------


class Plan(Record):
    """What to show on load, and in which slot the tab then works.

    action: "blank" (nothing saved, no link: a fresh grid, no slot until the first
    entry), "restore" (no link, or an unreadable one: the current slot), "open" (the
    link's state, in `slot`: one that already holds it, or a new one), "ask" (the link's
    state in a new `slot`, while `saved` holds other progress on the same puzzle: the
    page offers both). Immutable; compared and hashed by its fields.
    """

    __slots__ = ("action", "saved", "slot", "state")
    FIELDS = ("action", "slot", "state", "saved")
    if TYPE_CHECKING:
        action: str
        slot: str | None
        state: str | None
        saved: Entry | None

    def __init__(self, action: str, slot: str | None = None, state: str | None = None,
                 saved: Entry | None = None) -> None:
        _set(self, "action", action)
        _set(self, "slot", slot)
        _set(self, "state", state)
        _set(self, "saved", saved)


def plan_load(shelf: Shelf, opened: tuple[str, str] | None, now: float, salt: int = 0) -> Plan:
    """Decide what a page load (or a link opened in the page) shows.

    `opened` is (state, identity) of the link's puzzle, with `state` the canonical
    lossless fragment the page would save; None when there was no link or it could
    not be read (then the saved grid stays).
    """
    if opened is None:
        entry = shelf.current()
        if entry is None:
            return Plan("blank")
        return Plan("restore", entry.slot, entry.state, entry)
    state, key = opened
    entries = shelf.entries()
    same = [e for e in entries if e.state == state]
    if same:
        return Plan("open", same[0].slot, state, same[0])
    progress = [e for e in entries if e.key == key]
    slot = shelf.new_slot(now, salt)
    if progress:
        return Plan("ask", slot, state, progress[0])
    return Plan("open", slot, state)
