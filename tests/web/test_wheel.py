"""An installed wheel serves the page: the page's sources ship inside the package, and the
pinned runtime is fetched once with npm into the cache the user names (PYCORE_CACHE). The
wheel is the distribution `gridlinks`; its command `gridlinks` (and `pycore`, the same
command under the import package's name) builds and serves the page."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pycore import site
from tests.web.conftest import READY, ROOT, START_TIMEOUT, settle


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with nothing but the gridlinks wheel installed."""
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work),
                    str(ROOT)], check=True)
    wheel = next(work.glob("gridlinks-*.whl"))
    env_dir = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    subprocess.run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                    str(wheel)], check=True)
    return env_dir


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The user's cache (PYCORE_CACHE), shared by the tests here: the runtime is fetched once."""
    return tmp_path_factory.mktemp("cache")


def user_env(cache: Path, **more: str) -> dict[str, str]:
    env = {**os.environ, "PYCORE_CACHE": str(cache), **more}
    env.pop("PYTHONPATH", None)
    return env


def run_command(venv: Path, *args: str, env: dict[str, str],
                command: str = "gridlinks") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(venv / "bin" / command), *args], env=env, cwd=venv.parent,
                          capture_output=True, text=True, timeout=600)


def test_the_wheel_carries_the_page_and_builds_a_site_that_loads(
    venv: Path, cache: Path, tmp_path: Path, page: Page
) -> None:
    done = run_command(venv, "build", "--dest", str(tmp_path / "site"), env=user_env(cache))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "npm ci" in done.stderr  # the one-time fetch says what it does
    built = tmp_path / "site"
    assert (built / "index.html").is_file()
    assert list(cache.glob("runtime-*/node_modules/pyodide/pyodide.mjs"))
    # nothing was written into the installed package
    installed = next((venv / "lib").glob("python3*/site-packages/pycore"))
    assert not (installed / "web" / "node_modules").exists()

    with site.serving(built) as url:
        page.goto(url + "#o:0234341021400321")
        page.wait_for_selector(READY, timeout=START_TIMEOUT)
        settle(page)
        assert page.locator("#grid [data-row]").count() == 16


@pytest.fixture
def serving(venv: Path, cache: Path, tmp_path: Path) -> Iterator[str]:
    """`pycore serve` from the wheel (the import package's name for the same command) on a
    free port: the address it prints; stopped afterwards."""
    with socket_port() as sock:
        port = sock.getsockname()[1]
    server = subprocess.Popen([str(venv / "bin" / "pycore"), "serve", "--port", str(port),
                               "--dest", str(tmp_path / "served")], env=user_env(cache),
                              cwd=venv.parent, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # printed once the site is built and the port is open
        assert "http://" in line, line
        yield line[line.index("http://"):].split()[0]
    finally:
        server.terminate()
        server.wait(timeout=30)


def socket_port() -> socket.socket:
    """A socket bound to a free loopback port (closed when its `with` ends)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    return sock


def test_the_wheel_serves_the_page(serving: str) -> None:
    with urllib.request.urlopen(serving, timeout=30) as answer:
        assert answer.status == 200
        assert b"<html" in answer.read()


def test_without_npm_the_wheel_says_so_in_one_line(venv: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bin"
    bare.mkdir()
    env = user_env(tmp_path / "cache", PATH=str(bare))
    done = run_command(venv, "build", "--dest", str(tmp_path / "site"), env=env)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "npm" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_checkout_still_builds_in_place() -> None:
    assert site.CHECKOUT and site.WEB == ROOT / "web" and site.RUNTIME == ROOT / "web"
