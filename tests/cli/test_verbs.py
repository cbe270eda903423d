"""The verb table (`pycore.cli.verbs`): every verb lives in `pycore.cli`, and a command
imports the module of the verb it runs and nothing a different verb needs."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

from pycore.cli import main
from pycore.cli.verbs import VERBS, Verb
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="starts processes")

LINK = "https://example.org/#j:-BCDCDA-BAD--CBA"

# Runs the command line with the words after `-c`, then prints the modules it imported.
PROBE = """
import json, sys
from pycore.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_of(*words: str) -> set[str]:
    """The modules a new process holds once `gridlinks WORDS` has run in it."""
    done = subprocess.run([sys.executable, "-c", PROBE, *words], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120, check=True)
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return set(names)


def under(names: set[str], *packages: str) -> set[str]:
    return {n for n in names if any(n == p or n.startswith(p + ".") for p in packages)}


def test_every_verb_lives_in_pycore_cli_and_its_functions_exist() -> None:
    for verb in VERBS:
        arguments, run = verb.load()
        assert arguments.__module__ == run.__module__ == f"pycore.cli.{verb.module}", verb.name


def test_the_verbs_have_one_entry_each() -> None:
    names = [verb.name for verb in VERBS]
    assert len(names) == len(set(names)) == 14


def test_decode_loads_neither_printing_nor_the_site() -> None:
    """The solver comes to say whether the puzzle read has one solution (a cut link's
    mostly has none or several); nothing draws or serves."""
    loaded = modules_of("decode", "auto", LINK)
    assert "pycore.cli.codec" in loaded  # the probe did run the verb
    assert under(loaded, "pycore.render", "pycore.site", "pycore.app.persist") == set()
    assert under(loaded, "pycore.cli.solving", "pycore.cli.drawing", "pycore.cli.site",
                 "pycore.cli.fuzz", "pycore.cli.batch") == set()


def test_help_loads_no_verb_module() -> None:
    loaded = modules_of("--help")
    assert under(loaded, *(f"pycore.cli.{verb.module}" for verb in VERBS)) == set()
    assert under(loaded, "pycore.solve", "pycore.render", "pycore.site") == set()


def test_a_solver_verb_loads_the_solver_and_not_the_site() -> None:
    loaded = modules_of("solve", "auto", LINK)
    assert {"pycore.cli.solving", "pycore.solve"} <= loaded
    assert under(loaded, "pycore.site", "pycore.render", "pycore.cli.site", "pycore.cli.drawing") == set()


def test_help_lists_every_verb_with_its_help_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for verb in VERBS:
        assert f"{verb.name} {' '.join(verb.help.split())}" in shown


@pytest.mark.parametrize("verb", VERBS, ids=[verb.name for verb in VERBS])
def test_each_verbs_help_shows_the_arguments_its_module_adds(
    verb: Verb, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments, _ = verb.load()
    alone = argparse.ArgumentParser()
    arguments(alone)
    added = [action for action in alone._actions if action.dest != "help"]
    with pytest.raises(SystemExit):
        main([verb.name, "--help"])
    shown = capsys.readouterr().out
    assert shown.startswith(f"usage: gridlinks {verb.name}")
    assert added, verb.name
    for action in added:
        shown_as = action.metavar if isinstance(action.metavar, str) else action.dest
        named = action.option_strings[-1] if action.option_strings else shown_as
        assert named in shown, f"{verb.name} --help leaves out {named}"
