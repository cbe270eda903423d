"""An installed wheel serves the page: the page's sources ship inside the package, and the
pinned runtime is fetched once with npm into the cache the user names (PYCORE_CACHE)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pycore import site

from .conftest import READY, ROOT, START_TIMEOUT


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with nothing but pycore's wheel installed."""
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work),
                    str(ROOT)], check=True)
    wheel = next(work.glob("pycore-*.whl"))
    env_dir = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    subprocess.run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                    str(wheel)], check=True)
    return env_dir


def run_pycore(venv: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(venv / "bin" / "pycore"), *args], env=env, cwd=venv.parent,
                          capture_output=True, text=True, timeout=600)


def test_the_wheel_carries_the_page_and_builds_a_site_that_loads(
    venv: Path, tmp_path: Path, page: Page
) -> None:
    env = {**os.environ, "PYCORE_CACHE": str(tmp_path / "cache")}
    env.pop("PYTHONPATH", None)
    done = run_pycore(venv, "build", "--dest", str(tmp_path / "site"), env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "npm ci" in done.stderr  # the one-time fetch says what it does
    built = tmp_path / "site"
    assert (built / "index.html").is_file()
    assert list((tmp_path / "cache").glob("runtime-*/node_modules/pyodide/pyodide.mjs"))
    # nothing was written into the installed package
    installed = next((venv / "lib").glob("python3*/site-packages/pycore"))
    assert not (installed / "web" / "node_modules").exists()

    with site.serving(built) as url:
        page.goto(url + "#o:0234341021400321")
        page.wait_for_selector(READY, timeout=START_TIMEOUT)
        assert page.locator("#grid [data-row]").count() == 16


def test_without_npm_the_wheel_says_so_in_one_line(venv: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bin"
    bare.mkdir()
    env = {**os.environ, "PYCORE_CACHE": str(tmp_path / "cache"), "PATH": str(bare)}
    env.pop("PYTHONPATH", None)
    done = run_pycore(venv, "build", "--dest", str(tmp_path / "site"), env=env)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "npm" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_checkout_still_builds_in_place() -> None:
    assert site.CHECKOUT and site.WEB == ROOT / "web" and site.RUNTIME == ROOT / "web"
