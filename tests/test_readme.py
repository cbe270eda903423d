"""Every example in the README runs as written, so that none can rot.

- A ```python block, in the README or in docs/*.md, runs as a doctest when it holds `>>>`
  lines, else as a script (its asserts are its checks). (The docs show their calls inline
  instead: tests/test_public_api.py runs those.)
- In a ```sh or ``` block, each `$ ` line is a command, run by bash in an empty folder with
  the commands the package installs (`gridlinks`, and `pycore` beside it) first on PATH,
  running this checkout's code with this Python; the lines up to the next `$ ` are what it
  prints (standard error, then standard output; `...` matches anything, as in doctest).
  Lines without `$ ` are synopses, not examples.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
NOT_HERE = ("gridlinks serve",)  # runs until stopped: started by the browser tests instead
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="runs commands")


def blocks(language: str, page: Path = README) -> list[tuple[int, str]]:
    """(line number, body) of every fenced block in this language on the page."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(2)) for m in FENCE.finditer(text)
            if m.group(1) == language]


def python_examples() -> list[tuple[str, int, str]]:
    """(page, line number, body) of every ```python block in the README and docs/*.md."""
    return [(page.relative_to(ROOT).as_posix(), line_no, body) for page in (README, *DOCS)
            for line_no, body in blocks("python", page)]


def shell_examples() -> list[tuple[str, str, str]]:
    """(where, command, expected output) of every `$ ` line."""
    out = []
    for line_no, body in blocks("sh") + blocks(""):
        lines = body.splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("$ "):
                continue
            shown = []
            for following in lines[i + 1:]:
                if following.startswith("$ "):
                    break
                shown.append(following)
            out.append((f"README.md:{line_no + i + 1}", line[2:], "\n".join(shown)))
    return out


PYTHON = python_examples()
SHELL = shell_examples()


def test_the_readme_has_examples_of_both_kinds() -> None:
    assert len(PYTHON) >= 2 and len(SHELL) >= 10


@pytest.mark.parametrize("page,line_no,body", PYTHON, ids=[f"{page}:{n}" for page, n, _ in PYTHON])
def test_python_example(page: str, line_no: int, body: str) -> None:
    where = f"{page}:{line_no}"
    if ">>>" in body:
        parser = doctest.DocTestParser()
        test = parser.get_doctest(body, {}, where, str(ROOT / page), line_no)
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        runner.run(test)
        assert runner.failures == 0, f"{where}: see the doctest report above"
    else:
        exec(compile(body, where, "exec"), {"__name__": "readme_example"})


def commands(folder: Path) -> Path:
    """A folder holding the package's console scripts (pyproject's [project.scripts]) as
    shell scripts that run `python -m pycore` with this Python."""
    folder.mkdir()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    for name in scripts:
        script = folder / name
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pycore "$@"\n', encoding="utf-8")
        script.chmod(0o755)
    return folder


def test_the_readme_uses_the_command_the_package_installs() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]
    assert scripts[project] == "pycore.cli:main"
    assert all(command.split()[0] == project for _, command, _ in SHELL if not command.startswith("printf"))


@pytest.mark.parametrize("where,command,expected", SHELL, ids=[w for w, _, _ in SHELL])
def test_shell_example(where: str, command: str, expected: str, tmp_path: Path) -> None:
    if command.startswith(NOT_HERE):
        pytest.skip("a long-running command")
    if command.startswith("gridlinks qr") and importlib.util.find_spec("segno") is None:
        pytest.skip("QR codes need the optional segno package (gridlinks[qr])")
    env = {**os.environ, "PATH": str(commands(tmp_path / "bin")) + os.pathsep + os.environ.get("PATH", ""),
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    got = done.stderr + done.stdout
    checker = doctest.OutputChecker()
    report = f"{where}: $ {command}\nexpected:\n{expected}\ngot (exit {done.returncode}):\n{got}"
    assert checker.check_output(expected + "\n" if expected else "", got, FLAGS), report
    if "gridlinks: " not in expected or expected.startswith("gridlinks: read as"):
        assert done.returncode == 0, f"{where}: exit {done.returncode}: {got}"
