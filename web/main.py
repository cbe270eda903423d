"""The page's script. PyScript reads and compiles this file's source on every visit, so it
is short: it imports app.py, and importing app builds the page.

The build's memory snapshot holds every pycore module imported and the page's own modules
(app.py, dom.py, ...) compiled (web/precompiled.py), so a restored interpreter needs no
file of ours. One that started without the snapshot (it failed to download or restore)
fetches them first: pycore's zip, unpacked into the home folder, and each page module,
written there by name. The build writes their paths in ZIP and MODULES below.
"""

import asyncio
import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

ZIP = "{{pycore.zip}}"
MODULES = '{{page modules}}'  # JSON: module file -> its path in the built site


async def fetch_what_the_snapshot_holds() -> None:
    from pyodide.http import pyfetch
    from pyscript import window  # a round trip from a worker: only on this slow path

    base = str(window.location.href)

    async def fetched(path: str) -> Any:
        answer = await pyfetch(urljoin(base, path))
        if not answer.ok:
            raise OSError(f"{path}: HTTP {answer.status}")
        return answer

    async def package() -> None:
        await (await fetched(ZIP)).unpack_archive(extract_dir=".", format="zip")

    async def module(name: str, path: str) -> None:
        Path(name).write_bytes(await (await fetched(path)).bytes())

    await asyncio.gather(package(), *(module(name, path) for name, path in json.loads(MODULES).items()))


if "pycore" not in sys.modules:
    await fetch_what_the_snapshot_holds()  # type: ignore[top-level-await]  # noqa: F704

import app  # noqa: E402, F401
