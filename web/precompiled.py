"""Modules compiled at build time, kept in the memory snapshot: the page's own and PyScript's.

web/snapshot.mjs runs this in the interpreter it snapshots, with the sources of the
page's modules (app.py, dom.py, ...) and of PyScript's `pyscript` package (which PyScript
writes into the home folder on every start). Neither can be imported there (they reach for
the page or for PyScript's JavaScript as they load), but they can be compiled, which is
most of an import's cost in the page's worker. `install` puts a finder first on
`sys.meta_path`: importing one of these modules runs its compiled code when the file in the
home folder is the very source it was compiled from, or when there is no such file (the
page's modules: a restored page fetches none, web/main.py); any other file is left to
Python's own import. The source goes into `linecache`, so a traceback still shows its lines.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import linecache
import os
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType

PACKAGE_FILE = "__init__.py"


class Precompiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, sources: dict[str, tuple[str, str]], home: str) -> None:
        """`sources`: module name -> (its file, relative to `home`; its source)."""
        self.files = {name: f"{home}/{file}" for name, (file, _) in sources.items()}
        self.compiled: dict[str, tuple[str, CodeType]] = {
            name: (source, compile(source, self.files[name], "exec", dont_inherit=True))
            for name, (_, source) in sources.items()
        }

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.compiled:
            return None
        file = self.files[fullname]
        try:
            with open(file, encoding="utf-8") as opened:
                written = opened.read()
        except FileNotFoundError:
            written = self.compiled[fullname][0]  # shipped only in the snapshot
        except OSError:
            return None
        if written != self.compiled[fullname][0]:
            return None  # another build's file: Python compiles it as usual
        package = [os.path.dirname(file)] if file.endswith("/" + PACKAGE_FILE) else None
        return importlib.util.spec_from_file_location(
            fullname, file, loader=self, submodule_search_locations=package)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the usual module object

    def exec_module(self, module: ModuleType) -> None:
        source, code = self.compiled[module.__name__]
        file = self.files[module.__name__]
        linecache.cache[file] = (len(source), None, source.splitlines(keepends=True), file)
        exec(code, module.__dict__)


def install(sources_json: str, home: str) -> Precompiled:
    """Compile the modules (JSON: module name -> [file relative to `home`, source]) and find
    them first from now on."""
    sources = {name: (str(file), str(source)) for name, (file, source) in json.loads(sources_json).items()}
    finder = Precompiled(sources, home)
    sys.meta_path.insert(0, finder)
    return finder
