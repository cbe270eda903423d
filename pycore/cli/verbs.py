"""Every verb of the command line, in one table: its name, its one-line help, the module
under `pycore.cli` that holds it, and the names there of the function that adds its
arguments and of the one that runs it (both beside each other in that module).
`pycore --help` lists them in this order.

The table names each verb's module rather than importing it, so that a command imports
only the module of the verb it runs: `gridlinks decode` loads the codec and not the
solver, the printing or the site builder, and `gridlinks --help` loads none of them (it
needs only the names and help lines, which are here).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import NamedTuple, cast

Arguments = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], None]


class Verb(NamedTuple):
    name: str
    help: str
    module: str  # under pycore.cli: codec, solving, drawing, site, fuzz
    arguments: str  # the name of the function that adds the verb's arguments
    run: str  # the name of the function that runs it

    def load(self) -> tuple[Arguments, Run]:
        """The verb's two functions, its module imported now if it was not."""
        module = importlib.import_module(f"{__package__}.{self.module}")
        return cast(Arguments, getattr(module, self.arguments)), cast(Run, getattr(module, self.run))


VERBS: tuple[Verb, ...] = (
    Verb("decode", "print a puzzle's JSON form", "codec", "decode_arguments", "run_decode"),
    Verb("encode", "print a puzzle in FORMAT", "codec", "encode_arguments", "run_encode"),
    Verb("convert", "read TEXT in FROM, print it in TO", "codec", "convert_arguments", "run_convert"),
    Verb("link", "print a puzzle's share link", "codec", "link_arguments", "run_link"),
    Verb("solve", "print the solved puzzle in the same format (or count solutions, or a hint)",
         "solving", "solve_arguments", "cmd_solve"),
    Verb("new", "make a puzzle with one solution at a level; print its link",
         "solving", "new_arguments", "cmd_new"),
    Verb("grade", "the level a person needs: hardest technique, steps, score",
         "solving", "grade_arguments", "cmd_grade"),
    Verb("hint", "the next step a person can take, explained",
         "solving", "technique_arguments", "cmd_hint"),
    Verb("build", "build the static page into a folder (default _site/)",
         "site", "build_arguments", "run_build"),
    Verb("serve", "build the page and serve it on 127.0.0.1", "site", "serve_arguments", "run_serve"),
    Verb("fuzz", "fuzz every decoder; only FormatError may come out", "fuzz", "arguments", "run"),
    Verb("export", "print the puzzle for another tool: a text or a link",
         "drawing", "export_arguments", "cmd_export"),
    Verb("qr", "a QR code of the puzzle's share link: SVG on standard output",
         "drawing", "qr_arguments", "cmd_qr"),
    Verb("render", "a printable SVG of the grid", "drawing", "render_arguments", "cmd_render"),
)
