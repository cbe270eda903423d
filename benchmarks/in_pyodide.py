"""A benchmark's own Python program run here (CPython) and in Pyodide, the page's heavy
runtime: the vendored npm package under Node, the project folder mounted, so both run the
same pycore. The program prints one line `RESULT <json>`; each runner returns that JSON.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"

_NODE_RUNNER = """
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";
const [pyodideDir, projectDir, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/proj/main");
pyodide.mountNodeFS("/proj/main", resolve(projectDir));
pyodide.runPython("import os, sys; sys.dont_write_bytecode = True");
pyodide.runPython("sys.path.insert(0, '/proj/main'); os.chdir('/proj/main')");
pyodide.runPython(code);
"""


def _result(line: str) -> Any:
    return json.loads(line.removeprefix("RESULT "))


def result_here(program: str) -> Any:
    """The program's RESULT, run in this Python (its printing caught)."""
    lines: list[str] = []
    exec(program, {"print": lines.append})  # our own benchmark program, as in Pyodide
    return _result(lines[-1])


def result_in_pyodide(program: str) -> Any:
    """The program's RESULT, run in Pyodide under Node."""
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.mjs"
        runner.write_text(_NODE_RUNNER)
        done = subprocess.run(["node", str(runner), str(PYODIDE), str(ROOT), program],
                              capture_output=True, text=True, check=True)
    return _result(next(x for x in done.stdout.splitlines() if x.startswith("RESULT ")))
