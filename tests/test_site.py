"""The site build and the local server: what `pycore serve` and Netlify publish."""

from __future__ import annotations

import gzip
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

import pytest

from pycore import cli, site

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site.build(tmp_path_factory.mktemp("built") / "site", quiet=True)


def local_references(page: str) -> list[str]:
    refs = re.findall(r'(?:href|src)="([^"]+)"', page)
    config = json.loads(re.search(r"config='([^']+)'", page).group(1))  # type: ignore[union-attr]
    return [*refs, config["interpreter"], *config.get("files", {})]


def test_the_page_names_only_files_the_build_wrote(built: Path) -> None:
    page = (built / "index.html").read_text()
    assert "{{" not in page
    for ref in local_references(page):
        assert not re.match(r"[a-z]+:|//", ref), ref  # nothing from another host
        assert (built / ref).is_file(), ref


def test_page_assets_are_named_by_their_content(built: Path) -> None:
    assets = sorted((built / site.ASSETS).iterdir())
    assert {p.name.split(".")[0] for p in assets} == {
        "main", "app", "style", "early", "pycore", "page_tools", "dom", "page_api", "grid_view", "keeper",
        "coach"}
    for path in assets:
        digest = path.name.split(".")[-2]
        assert hashlib.sha256(path.read_bytes()).hexdigest().startswith(digest)


def test_runtime_folders_carry_the_pinned_versions(built: Path) -> None:
    wanted = json.loads((ROOT / "web" / "package.json").read_text())["dependencies"]
    assert all(re.fullmatch(r"\d+(\.\d+)*", v) for v in wanted.values()), "pin exact versions"
    lock = json.loads((ROOT / "web" / "package-lock.json").read_text())["packages"]
    for name, version in wanted.items():
        assert lock[f"node_modules/{name}"]["version"] == version
    pyodide = built / site.VENDOR / f"pyodide-{wanted['pyodide']}"
    names = sorted(p.name for p in pyodide.iterdir())
    assert set(site.PYODIDE_FILES) <= set(names)
    # beside Pyodide's own files: the snapshot and the module that restores it, named by content
    extra = [re.sub(r"\.[0-9a-f]{12}\.", ".*.", n) for n in names if n not in site.PYODIDE_FILES]
    assert extra == ["snapshot.bin.*.gz", "start.*.mjs"]
    assert (built / site.VENDOR / f"pyscript-{wanted['@pyscript/core']}" / "core.js").is_file()


def test_the_snapshot_is_the_raw_size_the_start_module_reads_into(built: Path) -> None:
    pyodide = built / site.VENDOR / f"pyodide-{site._version('pyodide')}"
    frozen = next(pyodide.glob("snapshot.*.gz"))
    start = next(pyodide.glob("start.*.mjs"))
    named = json.loads(re.findall(r"^const SNAPSHOT = (.*);$", start.read_text(), flags=re.M)[0])
    assert named["file"] == frozen.name
    raw = gzip.decompress(frozen.read_bytes())
    assert named["bytes"] == len(raw) > 16 * 2**20  # a whole interpreter's memory
    page = (built / "index.html").read_text()
    assert f'"interpreter": "./{start.relative_to(built).as_posix()}"' in page


def test_the_snapshot_holds_every_pycore_module_imported(built: Path) -> None:
    wanted = site.package_modules(site.package_zip())
    assert {"pycore", "pycore.links", "pycore.editor", "pycore.solve", "pycore.solve.generate",
            "pycore.render.svg", "pycore.formats.tools.sudokupad"} <= set(wanted)
    assert "pycore.__main__" not in wanted  # it would run the command line
    pyodide = built / site.VENDOR / f"pyodide-{site._version('pyodide')}"
    raw = gzip.decompress(next(pyodide.glob("snapshot.*.gz")).read_bytes())
    # the imported modules' code objects, named by the path the zip unpacks to
    for name in wanted:
        path = name.replace(".", "/")
        assert (f"/home/pyodide/{path}.py".encode() in raw
                or f"/home/pyodide/{path}/__init__.py".encode() in raw), name
    # compiled, not imported: the page's modules and PyScript's package (web/precompiled.py)
    for name in site.PAGE_MODULES:
        assert f"/home/pyodide/{name}".encode() in raw, name
    assert b"/home/pyodide/pyscript/display.py" in raw


def test_the_page_fetches_its_python_only_when_it_started_without_the_snapshot(built: Path) -> None:
    page = (built / "index.html").read_text()
    config = json.loads(re.findall(r"config='([^']+)'", page)[0])
    assert "files" not in config  # PyScript fetches none of our files: the snapshot holds them
    main = next((built / site.ASSETS).glob("main.*.py")).read_text()
    zipped = next((built / site.ASSETS).glob("pycore.*.zip"))
    assert f'ZIP = "{zipped.relative_to(built).as_posix()}"' in main
    modules = json.loads(re.findall(r"^MODULES = '(.+)'", main, flags=re.M)[0])
    assert list(modules) == list(site.PAGE_MODULES)
    for name, path in modules.items():  # each names the build's own copy of that module
        assert (built / path).read_bytes() == (ROOT / "web" / name).read_bytes(), name


def test_the_snapshot_is_made_again_when_pycore_changes() -> None:
    archive = site.package_zip()
    assert site.snapshot_key(archive) == site.snapshot_key(archive)
    assert site.snapshot_key(archive) != site.snapshot_key(archive + b"\0")


def test_pycore_ships_as_one_reproducible_zip() -> None:
    data = site.package_zip()
    assert data == site.package_zip()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert {"pycore/__init__.py", "pycore/editor.py", "pycore/links.py",
            "pycore/formats/__init__.py"} <= set(names)
    assert "pycore/site.py" not in names
    assert not [n for n in names if "__pycache__" in n or not n.startswith("pycore/")]


def test_the_page_script_leaves_codecs_to_pycore_and_writes_no_html() -> None:
    app = (ROOT / "web" / "app.py").read_text()
    assert "innerHTML" not in app and "outerHTML" not in app
    assert "pycore.formats" not in app and "insertAdjacentHTML" not in app
    # every Python file the page runs, and early.js, which builds elements for it
    for script in [*sorted((ROOT / "web").glob("*.py")), ROOT / "web" / "early.js"]:
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
    for name, value in site.ISOLATION.items():  # the worker's synchronous DOM access needs them
        assert rules["/*"][name] == value == site.headers_for("/assets/app.py")[name], name
    assert "'unsafe-inline'" not in site.CSP and "http" not in site.CSP  # no inline script, no other host
    assert rules["/*.wasm"]["Content-Type"] == "application/wasm"
    assert rules["/*.mjs"]["Content-Type"] == "text/javascript"
    assert rules["/*.gz"]["Content-Type"] == site.TYPES[".gz"]  # the snapshot: the page gunzips it
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
    for requirement in extras["imports"] + extras["qr"]:
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
