"""What a user's clone has: a clone into an empty folder has everything its tests need,
and its tests import the clone's own package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = [
    pytest.mark.skipif(
        shutil.which("git") is None or not (ROOT / ".git").exists() or sys.platform == "emscripten",
        reason="needs git and a git checkout of the project",
    ),
    pytest.mark.slow,
]


def test_a_clone_with_nothing_beside_it_collects_every_test(tmp_path: Path) -> None:
    """A fresh clone (of the last commit) in an empty folder collects the whole suite."""
    clone = tmp_path / "empty" / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    assert sorted(p.name for p in clone.parent.iterdir()) == ["clone"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=clone, env=env, capture_output=True, text=True, timeout=300,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert "error" not in output.lower().split("\n")[-2], output[-3000:]
    collected = int(output.strip().splitlines()[-1].split()[0])
    assert collected > 500, output[-500:]
    # and the clone's tests import the clone's package, not this checkout's
    where = subprocess.run([sys.executable, "-c", "import pycore; print(pycore.__file__)"],
                           cwd=clone, env=env, capture_output=True, text=True, check=True).stdout
    assert Path(where.strip()).is_relative_to(clone)
