"""The page's script: PyScript runs it with MicroPython on the main thread.

It fetches one bundle (the build's `light_bundle`: the part of pycore that opening,
editing and sharing a link needs, the page's own modules and two typing stubs, as
JSON file -> source), writes the files into MicroPython's file system, and imports
app.py, which builds the page. index.html asks the browser to fetch the bundle while
MicroPython is still loading (a preload), so this costs no round trip of its own.
"""

import json
import os

import js

BUNDLE = "{{light.json}}"


def write_bundle(files: dict[str, str]) -> None:
    for path, source in files.items():
        folder = ""
        for part in path.split("/")[:-1]:
            folder = f"{folder}/{part}" if folder else part
            try:  # noqa: SIM105  # MicroPython has no contextlib
                os.mkdir(folder)
            except OSError:
                pass  # there already
        with open(path, "w") as out:
            out.write(source)


answer = await js.fetch(BUNDLE)  # type: ignore[top-level-await]  # noqa: F704
write_bundle(json.loads(await answer.text()))  # type: ignore[top-level-await]  # noqa: F704

import app  # noqa: E402, F401
