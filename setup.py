"""The wheel carries the page's sources: web/ (less node_modules) becomes pycore/web.

Everything else is in pyproject.toml. A source checkout (and an editable install) reads
web/ in place; an installed wheel finds the same files as package data, so `pycore serve`
and `pycore build` work from it (pycore/site/paths.py chooses).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

WEB = Path(__file__).resolve().parent / "web"
SKIP = ("node_modules", "__pycache__")


class BuildWithPage(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install reads web/ in place
        target = Path(self.build_lib) / "pycore" / "web"
        shutil.rmtree(target, ignore_errors=True)
        for path in sorted(WEB.rglob("*")):
            relative = path.relative_to(WEB)
            if path.is_file() and not any(part in SKIP for part in relative.parts):
                (target / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target / relative)


setup(cmdclass={"build_py": BuildWithPage})
