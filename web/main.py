"""The page's script: PyScript reads and compiles this file's source on every visit, so it
only imports app.py, whose code the build's memory snapshot holds compiled already
(web/precompiled.py). Importing app builds the page."""

import app  # noqa: F401
