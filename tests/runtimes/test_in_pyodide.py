"""The core's unit tests, run again inside Pyodide (Python 3.14 in wasm) under Node.

CPython and Pyodide must not drift apart: the same test files run in both. The
Pyodide runtime is the vendored npm package (web/node_modules/pyodide); the
test tools' pure-Python wheels are fetched once into build/pyodide-wheels.

The run is one Node process that keeps one core busy for minutes, while CPython's own
tests keep the other: so it starts with the session, in the background (tests/conftest.py,
`pyodide_run`), and the test here, which the session runs after the other core tests and
before the browser tests (they want both cores), waits for its end and checks it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

PYODIDE = ROOT / "web" / "node_modules" / "pyodide"
WHEELS = ROOT / "build" / "pyodide-wheels"
REQUIREMENTS = ROOT / "tests" / "pyodide" / "requirements.txt"
# Every test module of the core; the browser, the site, its server and the network proxy
# (threads and sockets, which Pyodide has not) and this runner stay in CPython, and so do
# the tests marked slow (CPython runs them; in wasm each would take minutes).
CORE_TESTS = sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "tests").rglob("test_*.py")
    if p.parent.name not in {"web", "site"} and p.name != "test_in_pyodide.py"
)
TIMEOUT = 900  # seconds from the run's start

pytestmark = [pytest.mark.skipif(sys.platform == "emscripten", reason="this is the runner itself"),
              pytest.mark.pyodide, pytest.mark.slow]


def _ensure_runtime() -> None:
    if not (PYODIDE / "pyodide.mjs").exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed to install the vendored Pyodide runtime (web/package.json)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT / "web", check=True)


def _ensure_wheels() -> None:
    wanted = [line.split("==") for line in REQUIREMENTS.read_text().splitlines()
              if line and not line.startswith("#")]
    have = {p.name.split("-")[0].lower().replace("_", "-") + "==" + p.name.split("-")[1]
            for p in WHEELS.glob("*.whl")}
    missing = [f"{n}=={v}" for n, v in wanted if f"{n.lower()}=={v}" not in have]
    if missing:
        WHEELS.mkdir(parents=True, exist_ok=True)
        # `pip wheel` takes a wheel where PyPI has one and builds a pure one from an sdist otherwise.
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(WHEELS),
                        *missing], check=True)


class PyodideRun:
    """The Node process running the core's tests in Pyodide; its output goes to two files
    in `folder` (a pipe nobody reads while CPython's tests run would fill and stop it)."""

    def __init__(self, folder: Path) -> None:
        self.started = time.monotonic()
        self.outputs = (folder / "stdout.txt", folder / "stderr.txt")
        self.process: subprocess.Popen[bytes] | None = None
        self.problem = ""  # why the run could not start
        try:
            node = shutil.which("node")
            if node is None:
                pytest.fail("Node.js is needed to run the core's tests inside Pyodide")
            _ensure_runtime()
            _ensure_wheels()
            with self.outputs[0].open("wb") as out, self.outputs[1].open("wb") as err:
                self.process = subprocess.Popen(
                    [node, str(ROOT / "tests" / "pyodide" / "run.mjs"), str(PYODIDE), str(WHEELS),
                     str(ROOT), "-q", "-m", "not slow", *CORE_TESTS], stdout=out, stderr=err)
        except (Exception, pytest.fail.Exception) as err:  # said by the test, not by every test's setup
            self.problem = str(err)

    def output(self) -> tuple[int, str]:
        """Wait for the run's end (TIMEOUT after its start at most): its exit status and
        output. A run that could not start fails here."""
        if self.process is None:
            pytest.fail(self.problem, pytrace=False)
        try:
            code = self.process.wait(timeout=max(0.0, self.started + TIMEOUT - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.stop()
            pytest.fail(f"the Pyodide run took over {TIMEOUT} s:\n" + self._read()[-3000:], pytrace=False)
        return code, self._read()

    def _read(self) -> str:
        return "".join(path.read_text(errors="replace") for path in self.outputs)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


RUN = pytest.StashKey[PyodideRun]()


def test_core_tests_pass_in_pyodide(pytestconfig: pytest.Config) -> None:
    code, output = pytestconfig.stash[RUN].output()  # started with the session (tests/conftest.py)
    assert "on emscripten" in output, output[-3000:]
    summary = re.search(r"(\d+) passed", output)
    assert code == 0 and summary, output[-3000:]
    assert " failed" not in output.splitlines()[-1], output[-3000:]
    print(output.splitlines()[-1])
