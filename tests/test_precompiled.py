"""web/precompiled.py: the page's modules, compiled into the memory snapshot at build, are
used when the file in the interpreter's home folder is the source they came from, or when
there is none (a restored page fetches no module of its own); another file is compiled."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"


def load_precompiled() -> ModuleType:
    spec = importlib.util.spec_from_file_location("precompiled_under_test", WEB / "precompiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    """A home folder on sys.path, as the page's is; the finder and modules are removed after."""
    meta_path, path = list(sys.meta_path), list(sys.path)
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    sys.meta_path[:], sys.path[:] = meta_path, path
    for name in ("page_module_a", "page_module_b", "page_package", "page_package.part"):
        sys.modules.pop(name, None)


SOURCE = 'WORDS = "compiled at build"\n'


def test_a_module_whose_file_is_its_source_runs_the_compiled_code(home: Path) -> None:
    sources = {"page_module_a": ["page_module_a.py", SOURCE]}
    finder = load_precompiled().install(json.dumps(sources), str(home))
    (home / "page_module_a.py").write_text(SOURCE, encoding="utf-8")
    module = importlib.import_module("page_module_a")
    assert module.WORDS == "compiled at build"
    loader: object = module.__loader__
    assert loader is finder and module.__file__ == f"{home}/page_module_a.py"
    assert sys.meta_path[0] is finder
    spec = finder.find_spec("page_module_a", None)
    assert spec is not None and spec.origin == f"{home}/page_module_a.py"


def test_a_module_whose_file_changed_is_imported_from_the_file(home: Path) -> None:
    sources = {"page_module_b": ["page_module_b.py", "WORDS = 1"]}
    finder: object = load_precompiled().install(json.dumps(sources), str(home))
    (home / "page_module_b.py").write_text('WORDS = "another build"\n', encoding="utf-8")
    module = importlib.import_module("page_module_b")
    assert module.WORDS == "another build"
    loader: object = module.__loader__
    assert loader is not finder


def test_a_module_with_no_file_runs_the_compiled_code_and_shows_its_lines(home: Path) -> None:
    source = SOURCE + "def fail() -> None:\n    raise ValueError('from the snapshot')\n"
    finder = load_precompiled().install(json.dumps({"page_module_a": ["page_module_a.py", source]}),
                                        str(home))
    assert finder.find_spec("json") is None  # not one of the page's modules
    module = importlib.import_module("page_module_a")
    assert module.WORDS == "compiled at build"
    loader: object = module.__loader__
    assert loader is finder and not (home / "page_module_a.py").exists()
    with pytest.raises(ValueError) as raised:
        module.fail()
    assert "raise ValueError('from the snapshot')" in "".join(traceback.format_tb(raised.tb))


def test_a_package_and_its_module_run_their_compiled_code(home: Path) -> None:
    """PyScript's `pyscript` package is compiled into the snapshot too, files and folder."""
    sources = {"page_package": ["page_package/__init__.py", "from page_package.part import WORDS\n"],
               "page_package.part": ["page_package/part.py", SOURCE]}
    finder: object = load_precompiled().install(json.dumps(sources), str(home))
    (home / "page_package").mkdir()
    for _, (file, source) in sources.items():
        (home / file).write_text(source, encoding="utf-8")
    package = importlib.import_module("page_package")
    assert package.WORDS == "compiled at build"
    loaders: list[object] = [package.__loader__, sys.modules["page_package.part"].__loader__]
    assert loaders == [finder, finder]
    assert package.__path__ == [f"{home}/page_package"]
