"""The page's script. PyScript reads and compiles this file's source on every visit, so it
is short: it imports app.py, whose code the build's memory snapshot holds compiled already
(web/precompiled.py), and importing app builds the page.

The snapshot also holds every pycore module imported, so a restored interpreter needs no
pycore files. One that started without the snapshot (it failed to download or restore)
fetches pycore's zip first and unpacks it into the home folder; the build writes the zip's
path in ZIP below.
"""

import sys
from urllib.parse import urljoin

ZIP = "{{pycore.zip}}"

if "pycore" not in sys.modules:
    from dom import FACTS
    from pyodide.http import pyfetch

    answer = await pyfetch(urljoin(FACTS["href"], ZIP))  # type: ignore[top-level-await]  # noqa: F704
    await answer.unpack_archive(extract_dir=".", format="zip")  # type: ignore[top-level-await]  # noqa: F704

import app  # noqa: E402, F401
