"""The page's script: PyScript runs it with MicroPython on the main thread.

It fetches one bundle (the build's `light_bundle`: the part of pycore that opening,
editing and sharing a link needs, the page's own modules and two typing stubs, as
JSON path -> bytecode in hexadecimal, or source), writes the files into MicroPython's file
system, and imports them in the bundle's order, one module per event, so that the
browser can paint and answer between them (a phone's CPU takes most of a second over
all of them). app.py, last, builds the page. index.html asks the browser to fetch the
bundle while MicroPython is still loading (a preload), so this costs no round trip of
its own.
"""

import asyncio
import json
import os

import js

BUNDLE = "{{light.json}}"
FILES_PER_STEP = 8  # files written per event: all of them take a phone most of a tenth of a second


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
    answer = await js.fetch(BUNDLE)
    text = await answer.text()
    await asyncio.sleep(0)
    files = json.loads(text)
    order = files.pop("").split(",")  # the import order
    del text, answer
    for n, path in enumerate(files):
        if n % FILES_PER_STEP == 0:
            await asyncio.sleep(0)
        write_file(path, files[path])
    del files  # the sources, before the page's heap fills
    for name in order:
        await asyncio.sleep(0)
        __import__(name)


await start()  # type: ignore[top-level-await]  # noqa: F704
