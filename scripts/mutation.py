"""Mutation testing on demand (issue 19): mutmut, one module at a time, each with its own tests.

    pip install -e '.[mutation]'                        # mutmut 3.8.1
    python3 scripts/mutation.py                         # every module below
    python3 scripts/mutation.py pycore.formats.jcode    # one module
    python3 scripts/mutation.py --work /tmp/mut ...     # keep mutmut's cache between runs
    python3 scripts/mutation.py --only propagate pycore.solve.fast   # one function's mutants

mutmut puts small faults into the code (a flipped comparison, `+` for `-`, a constant
off by one, a changed string, a dropped argument) and runs, for each, the tests of the
module's own test files that reach the mutated function, `pytest -x -q` style. A fault no
test notices "survived". The run works in a scratch copy of the tree (mutmut writes its
`mutants/` copy beside the code), so the working tree is never touched, and sets
`[tool.mutmut]`'s test selection to the module's tests before each module. Not run in CI:
it takes minutes per module.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAW_FILE = "tests/formats/test_roundtrip_law.py"


def law(*names: str) -> list[str]:
    """The round-trip law for these formats only (the whole law is slow under mutmut)."""
    return [f"{LAW_FILE}::test_whatever_an_encoder_writes_its_decoder_reads_back[{n}]" for n in names]


# module -> its own tests (what a developer changing the module runs)
F = "tests/formats/"  # the formats' tests
MODULES: dict[str, list[str]] = {
    "pycore.formats.offset": [F + "test_offset.py", F + "test_refusals_offset.py", *law("offset")],
    "pycore.formats.str8ts": [F + "test_str8ts.py", F + "test_refusals_offset.py", *law("str8ts")],
    "pycore.formats.binary": [F + "test_binary.py", F + "test_refusals_binary.py", *law("binary")],
    "pycore.formats.jcode": [F + "test_jcode.py", F + "test_refusals_jcode.py", *law("jcode")],
    "pycore.formats.bitcell": [F + "test_bitcell_text.py", F + "test_refusals_fields.py",
                               *law("bitcell")],
    "pycore.formats.json": [F + "test_json.py", F + "test_refusals_json.py", *law("json")],
    "pycore.formats._fields": [F + "test_refusals_fields.py", F + "test_offset.py",
                               F + "test_str8ts.py"],
    "pycore.formats._transform": [F + "test_offset.py", F + "test_str8ts.py",
                                  F + "test_jcode.py", *law("offset", "str8ts", "jcode")],
    "pycore.formats._loss": [F + "test_loss.py", F + "test_refusals_offset.py",
                             F + "test_refusals_binary.py", F + "test_refusals_jcode.py",
                             F + "test_refusals_fields.py", F + "test_binary.py", LAW_FILE],
    "pycore.formats": [F + "test_format_registry.py"],
    # the engines under compact: their own fast tests (compact's whole file made each mutant slow)
    "pycore.formats._numeral": [F + "test_numeral.py"],
    "pycore.formats._rans": [F + "test_rans.py"],
    # compact's fast tests (examples, frozen vectors, refusals, short hostile texts): its
    # property tests take 25 s, too long a wait for each of 1300 mutants; run them by hand
    # (mutmut run NAME ...) on the survivors
    "pycore.formats.compact": [F + f"test_compact.py::test_{name}" for name in (
        "lossy_is_accepted_and_changes_nothing", "compact_is_registered_first",
        "version_1_vectors", "vectors_cover_every_kind_and_shape", "short_for_the_common_cases",
        "unmarked_texts_never_look_like_other_formats", "any_text_gives_a_puzzle_or_a_format_error",
        "url_safe_garbage_gives_a_puzzle_or_a_format_error", "refusals", "not_a_string",
        "the_longest_text_is_read_as_far_as_its_shape",
        "a_text_too_long_for_its_shape_is_refused_before_decoding",
        "a_text_without_an_escape_is_read_and_is_what_the_encoder_writes",
        "texts_no_encoder_writes_are_refused_saying_what_was_expected", "str8ts_every_cell_kind",
        "every_box_shape_is_kept", "wrong_marks_and_clashes_survive", "large_full_candidates_grid")],
    "pycore.links": ["tests/core/test_links.py", "tests/core/test_refusals_links.py",
                     "tests/core/test_share.py"],
    "pycore.model": ["tests/core/test_model.py"],
    "pycore.solve.fast": ["tests/solve/test_solve.py"],
}
KILLED = ("killed", "timeout", "caught by type check")
_SELECTION = re.compile(r"^pytest_add_cli_args_test_selection = \[.*?^\]", re.M | re.S)


def copy_tree(work: Path) -> None:
    """The tracked and new (not ignored) files of the working tree, as they are now."""
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, names):
        source = ROOT / name
        if source.is_file():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, work / name)


def select_tests(work: Path, tests: list[str]) -> None:
    config = work / "pyproject.toml"
    listed = ", ".join(f'"{t}"' for t in tests)
    text, count = _SELECTION.subn(f"pytest_add_cli_args_test_selection = [{listed}\n]",
                                  config.read_text())
    if count != 1:
        raise SystemExit("pyproject.toml: no [tool.mutmut] pytest_add_cli_args_test_selection")
    if "timeout_multiplier" not in text:
        # mutmut's default (15x the tests' time) lets a mutant that makes the search endless
        # run for minutes; 3x still leaves a loaded machine room
        text = text.replace("[tool.mutmut]\n", "[tool.mutmut]\ntimeout_multiplier = 3.0\n", 1)
    config.write_text(text)


def statuses(work: Path, module: str) -> dict[str, str]:
    """The status of each mutant of `module`'s own functions, by mutant name."""
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=work, check=True,
                         capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        rest = name[len(module) + 1:]
        if name.startswith(module + ".") and "." not in rest:
            found[name] = status
    return found


def write_survivors(work: Path, module: str, names: list[str]) -> Path:
    """Each surviving mutant's diff, for a person to judge (equivalent, or a missing test)."""
    path = work / f"survivors-{module}.txt"
    shows = [subprocess.run(["mutmut", "show", name], cwd=work, capture_output=True, text=True).stdout
             for name in names]
    path.write_text("\n".join(shows))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES))
    parser.add_argument("--work", type=Path, help="scratch copy to use (and keep); default: a new one")
    parser.add_argument("--only", metavar="FUNCTION",
                        help="mutate only these functions (a glob, e.g. 'propagate'): a whole "
                             "module can be too slow")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="pycore-mutation-"))
    work.mkdir(parents=True, exist_ok=True)
    copy_tree(work)
    print(f"scratch copy: {work}", file=sys.stderr)
    rows = []
    for module in args.modules:
        select_tests(work, MODULES[module])
        log = work / f"mutmut-{module}.log"
        pattern = f"{module}.x_{args.only}__mutmut_*" if args.only else f"{module}.x*"
        with log.open("w") as out:
            # CI's hypothesis profile: the same examples for every mutant, and no deadline
            # (a loaded machine's slow example is not a caught fault)
            run = subprocess.run(["mutmut", "run", pattern], cwd=work, stdout=out,
                                 stderr=subprocess.STDOUT, check=False,
                                 env={**os.environ, "CI": "1"})
        if run.returncode:
            rows.append(f"| {module} | mutmut failed (exit {run.returncode}): see {log} | | | |")
            print(rows[-1], flush=True)
            continue
        status_of = {name: status for name, status in statuses(work, module).items()
                     if fnmatch(name, pattern)}
        found = Counter(status_of.values())
        survivors = [name for name, status in status_of.items() if status == "survived"]
        tested = sum(found.values()) - found["skipped"] - found["not checked"]
        caught = sum(found[s] for s in KILLED)
        score = f"{100 * caught / tested:.0f}%" if tested else "-"
        rows.append(f"| {module} | {tested} | {caught} | {len(survivors)} | {score} |")
        print(rows[-1], f"survivors: {write_survivors(work, module, survivors)}", file=sys.stderr)
        print(rows[-1], flush=True)
    print("\n| module | mutants | caught | survived | score |\n| --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
