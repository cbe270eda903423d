"""Every verb of the command line, in one table: its name, its one-line help, the function
that adds its arguments and the one that runs it (both beside each other in the verb's
module). `pycore --help` lists them in this order."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NamedTuple

from ..render import cli as drawing
from ..site import command as site
from ..solve import cli as solving
from . import codec, fuzz


class Verb(NamedTuple):
    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], None]


VERBS: tuple[Verb, ...] = (
    Verb("decode", "print a puzzle's JSON form", codec.decode_arguments, codec.run_decode),
    Verb("encode", "print a puzzle in FORMAT", codec.encode_arguments, codec.run_encode),
    Verb("convert", "read TEXT in FROM, print it in TO", codec.convert_arguments, codec.run_convert),
    Verb("link", "print a puzzle's share link", codec.link_arguments, codec.run_link),
    Verb("solve", "print the solved puzzle in the same format (or count solutions, or a hint)",
         solving.solve_arguments, solving.cmd_solve),
    Verb("new", "make a puzzle with one solution at a level; print its link",
         solving.new_arguments, solving.cmd_new),
    Verb("grade", "the level a person needs: hardest technique, steps, score",
         solving.grade_arguments, solving.cmd_grade),
    Verb("hint", "the next step a person can take, explained",
         solving.technique_arguments, solving.cmd_hint),
    Verb("build", "build the static page into a folder (default _site/)",
         site.build_arguments, site.run_build),
    Verb("serve", "build the page and serve it on 127.0.0.1", site.serve_arguments, site.run_serve),
    Verb("fuzz", "fuzz every decoder; only FormatError may come out", fuzz.arguments, fuzz.run),
    Verb("export", "print the puzzle for another tool: a text or a link",
         drawing.export_arguments, drawing.cmd_export),
    Verb("qr", "a QR code of the puzzle's share link: SVG on standard output",
         drawing.qr_arguments, drawing.cmd_qr),
    Verb("render", "a printable SVG of the grid", drawing.render_arguments, drawing.cmd_render),
)
