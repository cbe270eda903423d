"""The page's own modules compiled at build time, kept in the memory snapshot.

web/snapshot.mjs runs this in the interpreter it snapshots, with the sources of the
page's modules (app.py, dom.py, ...). They cannot be imported there (they reach for the
page at import), but they can be compiled, which is most of an import's cost in the
page's worker. `install` puts a finder first on `sys.meta_path`: importing one of these
modules runs its compiled code, but only when the file PyScript wrote into the home folder
is the very source it was compiled from; any other file is left to Python's own import.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType


class Precompiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, sources: dict[str, str], home: str) -> None:
        self.home = home
        self.compiled: dict[str, tuple[str, CodeType]] = {
            name: (source, compile(source, self.path(name), "exec", dont_inherit=True))
            for name, source in sources.items()
        }

    def path(self, name: str) -> str:
        return f"{self.home}/{name}.py"

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.compiled:
            return None
        try:
            with open(self.path(fullname), encoding="utf-8") as file:
                written = file.read()
        except OSError:
            return None
        if written != self.compiled[fullname][0]:
            return None  # another build's file: Python compiles it as usual
        return importlib.util.spec_from_file_location(fullname, self.path(fullname), loader=self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the usual module object

    def exec_module(self, module: ModuleType) -> None:
        exec(self.compiled[module.__name__][1], module.__dict__)


def install(sources_json: str, home: str) -> Precompiled:
    """Compile the modules (JSON: module name -> source) and find them first from now on."""
    finder = Precompiled(json.loads(sources_json), home)
    sys.meta_path.insert(0, finder)
    return finder
