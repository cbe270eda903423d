"""The page's script: MicroPython runs it in the page's worker (web/light/light.js).

It takes one bundle (the build's `light_bundle`: the part of pycore that opening, editing
and sharing a link needs, the page's own modules and two typing stubs, as JSON path ->
bytecode in hexadecimal, or source), which light.js asked for while MicroPython was
loading, writes the files into MicroPython's file system and imports page.py, which
builds the page (Python imports what it needs, the link formats as pycore.links asks for
them). All of it runs off the page's thread: the page paints and scrolls meanwhile, so
this takes no pauses and no order of its own.
"""

import json
import os

import js  # the worker's global scope


def write_file(path: str, content: str) -> None:
    folder = ""
    for part in path.split("/")[:-1]:
        folder = f"{folder}/{part}" if folder else part
        try:  # noqa: SIM105  # MicroPython has no contextlib
            os.mkdir(folder)
        except OSError:
            pass  # there already
    if path.endswith(".mpy"):
        with open(path, "wb") as out:
            out.write(bytes.fromhex(content))
    else:
        with open(path, "w") as out:
            out.write(content)


async def start() -> None:
    files = json.loads(await js.pycoreBundle)
    for path in files:
        write_file(path, files[path])
    del files  # the sources, before the heap fills
    __import__("page")


await start()  # type: ignore[top-level-await]  # noqa: F704
