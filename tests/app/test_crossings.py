"""The names that cross the page's threads and interpreters are the ones in
`pycore.app.crossings`, on every side: early.js (the main thread), light.js and the page's
Python (the light worker), heavy.py (the heavy worker). No browser: the JavaScript is read
as text, the Python as its syntax tree.

A name one side adds and the other lacks would otherwise fail only in a browser, when it
is used (a write early.js has no maker for, an event Python never answers, a function the
heavy worker does not export); `mismatches` names each such name and the side it is on.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pycore.app import crossings, editor, persist

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"

Sources = dict[str, str]


def read_sources() -> Sources:
    """The files the names cross between, by their path under web/ (the build's, by its
    path in the repository)."""
    paths = [WEB / "main" / "early.js", WEB / "main" / "index.html", WEB / "light" / "light.js",
             WEB / "heavy" / "heavy.py", *sorted((WEB / "light").glob("*.py"))]
    sources = {path.relative_to(WEB).as_posix(): path.read_text(encoding="utf-8") for path in paths}
    sources["pycore/site/build.py"] = (ROOT / "pycore" / "site" / "build.py").read_text(encoding="utf-8")
    return sources


# -- the JavaScript side, read as text ---------------------------------------------------

def _block(text: str, opening: str, last: bool = False) -> str:
    """The text of the object literal that starts at `opening` (up to its closing brace);
    `last`: at its last occurrence rather than its first."""
    start = (text.rindex(opening) if last else text.index(opening)) + len(opening)
    depth = 1
    for at in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[at], 0)
        if depth == 0:
            return text[start:at]
    raise AssertionError(f"{opening!r} is never closed")


def js_writes(early: str) -> set[str]:
    """The makers of writes early.js has: the keys of `const WRITES = {...}` (at its first
    level) and those added later (`WRITES.name =`, `WRITES["name"] =`)."""
    body = _block(early, "const WRITES = {")
    names = set(re.findall(r'^ {4}"?([\w-]+)"?\s*:', body, flags=re.M))
    for dotted, quoted in re.findall(r'\bWRITES(?:\.([\w-]+)|\["([\w-]+)"\])\s*=', early):
        names.add(dotted or quoted)
    return names


def js_events(early: str) -> set[str]:
    """The events early.js sends unasked: every `event: "name"` of the facts it posts."""
    return set(re.findall(r'\bevent:\s*"([\w-]+)"', early))


def js_heavy_calls(early: str) -> set[str]:
    """The heavy worker's functions early.js calls itself (`functions.name(...)`)."""
    return set(re.findall(r"\bfunctions\.(\w+)\(", early))


def js_storage_keys(early: str) -> set[str]:
    """Every stored item's key (or key's start) early.js spells out: "pycore:..." literals."""
    return set(re.findall(r'"(pycore:[\w:-]*)"', early))


def js_start_modes(early: str) -> set[str]:
    """The modes early.js shows before Python starts: what `saved` and `mode` may be set to,
    and the radio it falls back on."""
    found = set(re.findall(r'\bsaved = "(\w+)"', early))
    line = re.search(r"const mode = (.*);", early)
    assert line, "early.js no longer sets `const mode`"
    found |= set(re.findall(r'"(\w+)"', line.group(1)))
    found |= set(re.findall(r'input\[value="(\w+)"\]', early))
    return found


def js_facts(early: str) -> set[str]:
    """What early.js hands the light worker at start: the keys of its last `const facts =
    {...}` (the first ones are each listened event's)."""
    return set(re.findall(r"(\w+):", _block(early, "const facts = {", last=True)))


def js_light_writes(light: str) -> set[str]:
    """The writes light.js posts itself (when Python could not start)."""
    return set(re.findall(r'writes:\s*\[\["([\w-]+)"', light))


def js_answer_fields(early: str, light: str) -> tuple[set[str], set[str]]:
    """The fields of an answer as early.js takes it apart, and as light.js writes its own."""
    taken = re.search(r"const \{([\w, ]+)\} = JSON\.parse\(event\.data\)", early)
    assert taken, "early.js no longer takes an answer apart"
    written = re.search(r"postMessage\(JSON\.stringify\(\{(.*?)\}\)\)", light, flags=re.S)
    assert written, "light.js no longer posts an answer of its own"
    return ({name.strip() for name in taken.group(1).split(",")},
            set(re.findall(r"\b(\w+):", re.sub(r"`[^`]*`", "", written.group(1)))))


def js_metas(early: str, page: str) -> tuple[set[str], set[str]]:
    """The <meta> tags early.js reads, and those index.html has for the build to fill."""
    return (set(re.findall(r'meta\("([\w-]+)"\)', early)),
            set(re.findall(r'<meta name="(pycore-[\w-]+)"', page)))


def js_light_files(early: str, light: str) -> tuple[set[str], set[str]]:
    """The light worker's files early.js takes from its <meta> (`plan.name` and the names
    it hands on), and those light.js asks for (`urls.name`)."""
    handed = re.search(r"for \(const name of \[([^\]]*)\]\)", early)
    assert handed, "early.js no longer hands the light worker its files"
    return (set(re.findall(r"\bplan\.(\w+)", early)) | set(re.findall(r'"(\w+)"', handed.group(1))),
            set(re.findall(r"\burls\.(\w+)", light)))


def js_light_globals(light: str) -> set[str]:
    """What light.js puts in the worker's scope for Python (`self.pycoreName = ...`)."""
    return set(re.findall(r"\bself\.(pycore\w+)\s*=", light))


# -- the Python side, read as syntax trees -----------------------------------------------

def _named(node: ast.expr) -> str | None:
    """The string a node names: a literal, or a constant of `crossings` (`crossings.NAME`
    or a bare `NAME` imported from it); None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "crossings":
        return str(getattr(crossings, node.attr, f"crossings.{node.attr}?"))
    if isinstance(node, ast.Name) and node.id.isupper() and hasattr(crossings, node.id):
        value = getattr(crossings, node.id)
        return value if isinstance(value, str) else None
    return None


def _calls(tree: ast.AST, *functions: str) -> list[ast.Call]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = (node.func.id if isinstance(node.func, ast.Name)
                    else node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in functions and node.args:
                found.append(node)
    return found


def _light_trees(sources: Sources) -> dict[str, ast.Module]:
    return {path: ast.parse(text) for path, text in sources.items()
            if path.startswith("light/") and path.endswith(".py")}


def py_writes(sources: Sources) -> set[str]:
    """The writes the page's Python queues: the first argument of every `later(...)`."""
    return {str(_named(call.args[0])) for tree in _light_trees(sources).values()
            for call in _calls(tree, "later")}


def py_events(sources: Sources) -> set[str]:
    """The events the page's Python answers: the literals and table names `kind` (a fact's
    "event") is compared with (a module's own constants, for another `kind`, are left out)."""
    found: set[str] = set()
    for tree in _light_trees(sources).values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "kind":
                for right in node.comparators:
                    items = right.elts if isinstance(right, ast.Tuple) else [right]
                    found |= {name for item in items if (name := _named(item)) is not None}
    return found


def py_heavy_calls(sources: Sources) -> set[str]:
    """The heavy worker's functions the page's Python calls (`ask_heavy`, `heavy.call`,
    `heavy.send`: their first argument, where it is a name rather than a parameter)."""
    return {name for tree in _light_trees(sources).values()
            for call in _calls(tree, "ask_heavy", "call", "send")
            if (name := _named(call.args[0])) is not None}


def py_heavy_exports(sources: Sources) -> tuple[set[str], set[str]]:
    """heavy.py's `__export__` (a literal list, or the table's `HEAVY_FUNCTIONS`), and the
    functions it defines at its top level."""
    tree = ast.parse(sources["heavy/heavy.py"])
    exported: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__export__"
                                                for t in node.targets):
            if isinstance(node.value, ast.List):
                exported = {str(_named(item)) for item in node.value.elts}
            else:
                assert "HEAVY_FUNCTIONS" in ast.unparse(node.value), ast.unparse(node.value)
                exported = set(crossings.HEAVY_FUNCTIONS)
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    return exported, defined


def py_js_globals(sources: Sources) -> set[str]:
    """What the page's Python reads of the worker's scope (`js.pycoreName`)."""
    return {name for path, text in sources.items() if path.startswith("light/") and path.endswith(".py")
            for name in re.findall(r"\bjs\.(pycore\w+)", text)}


def py_facts(sources: Sources) -> set[str]:
    """The start facts the page's Python reads (`FACTS["name"]`)."""
    return {name for path, text in sources.items() if path.startswith("light/") and path.endswith(".py")
            for name in re.findall(r'\bFACTS\["(\w+)"\]', text)}


def py_answer_fields(sources: Sources) -> set[str]:
    """The fields of the answers dom.py posts (the JSON it writes by hand)."""
    post = sources["light/dom.py"].split("def _post(", 1)[1]
    return set(re.findall(r'"(\w+)":', post))


def py_light_files(sources: Sources) -> set[str]:
    """The light worker's files the build writes in its <meta>: the keys of `light = {...}`."""
    for node in ast.walk(ast.parse(sources["pycore/site/build.py"])):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                isinstance(t, ast.Name) and t.id == "light" for t in node.targets):
            return {str(_named(key)) for key in node.value.keys if key is not None}
    raise AssertionError("pycore/site/build.py no longer writes `light = {...}`")


def py_storage_literals(sources: Sources) -> set[str]:
    """Stored items' keys the page's Python spells out instead of taking from the table."""
    return {name for path, text in sources.items() if path.endswith(".py")
            for name in re.findall(r'"(pycore:[\w:-]*)"', text)}


# -- the check ---------------------------------------------------------------------------

def mismatches(sources: Sources) -> list[str]:
    """Every name on one side that the table or another side lacks, one line each."""
    out: list[str] = []

    def same(what: str, table: tuple[str, ...], sides: dict[str, set[str]]) -> None:
        for side, names in sides.items():
            out.extend(f"{what} {name!r}: {side} has it, crossings lacks it"
                       for name in sorted(names - set(table)))
            out.extend(f"{what} {name!r}: crossings has it, {side} lacks it"
                       for name in sorted(set(table) - names))

    def within(what: str, table: tuple[str, ...], side: str, names: set[str]) -> None:
        out.extend(f"{what} {name!r}: {side} has it, crossings lacks it"
                   for name in sorted(names - set(table)))

    early, light = sources["main/early.js"], sources["light/light.js"]
    same("write", crossings.WRITES, {"early.js": js_writes(early), "the page's Python": py_writes(sources)})
    within("write", crossings.WRITES, "light.js", js_light_writes(light))
    taken, written = js_answer_fields(early, light)
    same("answer field", crossings.ANSWER_FIELDS,
         {"early.js": taken, "light.js": written, "web/light/dom.py": py_answer_fields(sources)})
    read, filled = js_metas(early, sources["main/index.html"])
    same("meta", crossings.METAS, {"early.js": read, "index.html": filled})
    handed, fetched = js_light_files(early, light)
    same("light file", crossings.LIGHT_FILES,
         {"early.js": handed, "pycore/site/build.py": py_light_files(sources)})
    within("light file", crossings.LIGHT_FILES, "light.js", fetched)
    same("event", crossings.EVENTS, {"early.js": js_events(early), "the page's Python": py_events(sources)})
    exported, defined = py_heavy_exports(sources)
    same("heavy function", crossings.HEAVY_FUNCTIONS,
         {"heavy.py's __export__": exported,
          "early.js or the page's Python": js_heavy_calls(early) | py_heavy_calls(sources)})
    out.extend(f"heavy function {name!r}: exported, but heavy.py defines no such function"
               for name in sorted(exported - defined))
    same("light global", crossings.LIGHT_GLOBALS,
         {"light.js": js_light_globals(light), "the page's Python": py_js_globals(sources)})
    same("start fact", crossings.FACTS, {"early.js": js_facts(early), "the page's Python": py_facts(sources)})
    storage = (crossings.OURS, crossings.SLOT, crossings.CURRENT, crossings.LEASE)
    within("storage key", storage, "early.js", js_storage_keys(early))
    out.extend(f"storage key {name!r}: spelt out in the page's Python, not taken from crossings"
               for name in sorted(py_storage_literals(sources)))
    same("start mode", crossings.START_MODES, {"early.js": js_start_modes(early)})
    return out


def test_every_name_crossing_a_thread_is_in_the_table_and_on_both_sides() -> None:
    assert mismatches(read_sources()) == []


def test_the_table_names_each_thing_once() -> None:
    for table in (crossings.WRITES, crossings.EVENTS, crossings.HEAVY_FUNCTIONS, crossings.LIGHT_GLOBALS,
                  crossings.FACTS, crossings.START_MODES, crossings.ANSWER_FIELDS, crossings.METAS,
                  crossings.LIGHT_FILES):
        assert len(set(table)) == len(table), table


def test_the_saving_rules_and_the_editor_use_the_tables_names() -> None:
    assert (persist.PREFIX, persist.CURRENT, persist.LEASE) == (crossings.SLOT, crossings.CURRENT,
                                                                crossings.LEASE)
    assert all(key.startswith(crossings.OURS) for key in (persist.PREFIX, persist.CURRENT, persist.LEASE))
    assert set(crossings.START_MODES) == {editor.GIVEN, editor.VALUE} <= set(editor.MODES)


# -- the check of the check: a name added on one side only is named ----------------------

def _changed(path: str, old: str, new: str) -> Sources:
    sources = read_sources()
    assert old in sources[path], (path, old)
    sources[path] = sources[path].replace(old, new, 1)
    return sources


def test_a_write_early_js_adds_alone_is_named() -> None:
    sources = _changed("main/early.js", "    attr: (id, name, value) =>",
                       "    blink: (id) => byId(id),\n    attr: (id, name, value) =>")
    assert mismatches(sources) == [
        "write 'blink': early.js has it, crossings lacks it",
    ]


def test_a_write_python_queues_alone_is_named() -> None:
    sources = _changed("light/dom.py", "def flush() -> None:",
                       'def blink(name: str) -> None:\n    later("blink", name)\n\n\ndef flush() -> None:')
    assert mismatches(sources) == ["write 'blink': the page's Python has it, crossings lacks it"]


def test_a_write_early_js_drops_is_named() -> None:
    sources = _changed("main/early.js", '  WRITES.error = (text) => console.error(text);\n', "")
    assert mismatches(sources) == ["write 'error': crossings has it, early.js lacks it"]


def test_an_event_early_js_sends_that_python_never_answers_is_named() -> None:
    sources = _changed("main/early.js", 'send({event: "pad", digit',
                       'send({event: "pad-long", digit: 0}); send({event: "pad", digit')
    assert mismatches(sources) == ["event 'pad-long': early.js has it, crossings lacks it"]


def test_a_heavy_call_the_worker_does_not_export_is_named() -> None:
    sources = _changed("light/page.py", 'self.ask_heavy("check",', 'self.ask_heavy("verify",')
    assert mismatches(sources) == [
        "heavy function 'verify': early.js or the page's Python has it, crossings lacks it",
        "heavy function 'check': crossings has it, early.js or the page's Python lacks it",
    ]


def test_a_heavy_export_with_no_function_is_named() -> None:
    sources = _changed("heavy/heavy.py", "__export__ = list(crossings.HEAVY_FUNCTIONS)",
                       f"__export__ = {[*crossings.HEAVY_FUNCTIONS, 'explain']!r}")
    assert mismatches(sources) == [
        "heavy function 'explain': heavy.py's __export__ has it, crossings lacks it",
        "heavy function 'explain': exported, but heavy.py defines no such function",
    ]


def test_a_storage_key_early_js_spells_alone_is_named() -> None:
    sources = _changed("main/early.js", '"pycore:current"', '"pycore:now"')
    assert mismatches(sources) == ["storage key 'pycore:now': early.js has it, crossings lacks it"]


def test_a_start_mode_early_js_shows_alone_is_named() -> None:
    sources = _changed("main/early.js", 'saved = "value";', 'saved = "corner";')
    assert mismatches(sources) == ["start mode 'corner': early.js has it, crossings lacks it"]


def test_a_global_light_js_renames_is_named() -> None:
    sources = _changed("light/light.js", "self.pycoreNow =", "self.pycoreClock =")
    assert mismatches(sources) == [
        "light global 'pycoreClock': light.js has it, crossings lacks it",
        "light global 'pycoreNow': crossings has it, light.js lacks it",
    ]


def test_a_start_fact_python_reads_alone_is_named() -> None:
    sources = _changed("light/page.py", 'FACTS["hash"]', 'FACTS["fragment"]')
    assert mismatches(sources) == [
        "start fact 'fragment': the page's Python has it, crossings lacks it",
        "start fact 'hash': crossings has it, the page's Python lacks it",
    ]


def test_a_light_file_the_build_writes_alone_is_named() -> None:
    sources = _changed("pycore/site/build.py", '"bundle": names["light.json"]}',
                       '"bundle": names["light.json"], "stubs": names["light.json"]}')
    assert mismatches(sources) == [
        "light file 'stubs': pycore/site/build.py has it, crossings lacks it",
    ]


def test_a_meta_early_js_reads_that_the_page_lacks_is_named() -> None:
    sources = _changed("main/early.js", 'meta("pycore-wheels")', 'meta("pycore-plugins")')
    assert mismatches(sources) == [
        "meta 'pycore-plugins': early.js has it, crossings lacks it",
        "meta 'pycore-wheels': crossings has it, early.js lacks it",
    ]


def test_an_answer_field_dom_py_adds_alone_is_named() -> None:
    sources = _changed("light/dom.py", """+ ',"writes":'""", """+ ',"late":0,"writes":'""")
    assert mismatches(sources) == ["answer field 'late': web/light/dom.py has it, crossings lacks it"]
