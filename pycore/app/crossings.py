"""Every name that crosses a thread or an interpreter of the page, in one table.

The page runs in four places (web/README.md): the main thread (web/main/early.js), the
light worker (MicroPython: web/light/), the heavy worker (Pyodide: web/heavy/heavy.py) and
the service worker. They speak only in strings, so a name spelt differently on two sides
fails silently, in a browser, at the moment it is used. Each such name is declared here
once: the Python on both workers uses these constants, and tests/app/test_crossings.py
reads the JavaScript sources and fails when a name is on one side only.

Plain string constants and tuples, nothing else: MicroPython imports this module in the
light worker (it is in `pycore.site.light.LIGHT_MODULES`), Pyodide in the heavy one.
"""

from __future__ import annotations

# -- the writes the light worker asks of the main thread --------------------------------
# The first item of each write (web/light/dom.py's `later`), the name of its maker in
# early.js's `WRITES`.
UPDATE = "update"  # change a parent's children by data-index, then focus one
SET = "set"  # element.property = value (value, textContent, disabled, hidden, checked)
ATTR = "attr"  # set or remove an attribute
REPLACE = "replace"  # an element's children become these nodes
STYLE = "style"  # a style property
STORE = "store"  # set or remove a localStorage item
REGISTER = "register"  # register the service worker
COPY = "copy"  # a text to the clipboard, with the note that says so
OPEN = "open"  # a URL in a new tab
PRINT = "print"  # print the page with an image shown
DOWNLOAD = "download"  # save a URL under a file name
ADDRESS = "address"  # replace the address bar's fragment (or push it: a new history entry)
REVEAL = "reveal"  # scroll an element into view, as little as it takes
WATCH = "watch"  # send this stored item with every event
ERROR = "error"  # say a bug in the console
LEAVE = "leave"  # remove this stored item as the page goes (the tab's lease)
LISTEN = "listen"  # wire handlers: [element id, event type, field ids], and the fields' bound
HEAVY_START = "heavy-start"  # start the heavy worker
HEAVY_CALL = "heavy-call"  # call one of its functions (HEAVY_FUNCTIONS)

WRITES = (UPDATE, SET, ATTR, REPLACE, STYLE, STORE, REGISTER, COPY, OPEN, PRINT, DOWNLOAD,
          ADDRESS, REVEAL, WATCH, ERROR, LEAVE, LISTEN, HEAVY_START, HEAVY_CALL)

# -- the events the main thread sends the light worker unasked ---------------------------
# Their facts' "event" (a listened event has an "id" and a "type" instead: dom.listen).
KEY = "key"  # a key on the grid
CELL = "cell"  # a tap or a drag over a cell
PAD = "pad"  # a digit of the pad
STORAGE_FAILED = "storage-failed"  # a STORE was refused (storage full)
STORAGE_SAVED = "storage-saved"  # a grid was stored again after that
HEAVY_UP = "heavy-up"  # the heavy worker has started
HEAVY_FAILED = "heavy-failed"  # it could not start
HEAVY_ANSWER = "heavy-answer"  # a HEAVY_CALL's answer (or error)
UPDATE_READY = "update-ready"  # a new build's service worker took over a page in use

EVENTS = (KEY, CELL, PAD, STORAGE_FAILED, STORAGE_SAVED, HEAVY_UP, HEAVY_FAILED, HEAVY_ANSWER,
          UPDATE_READY)

# -- the heavy worker's functions --------------------------------------------------------
# Its `__export__` (PyScript's named worker); the light worker calls them by these names,
# the main thread calls HEAVY_STARTS itself as the worker comes up.
HEAVY_STARTS = "start"
HEAVY_FUNCTIONS = (HEAVY_STARTS, "shares", "check", "solve", "doubt", "hint", "path", "path_more",
                   "new_puzzle", "cancel_puzzle", "puzzle_progress", "read_any", "survey", "export", "qr",
                   "svg")

# The service worker's script, as the light worker registers it (the build writes it there).
SERVICE_WORKER = "sw.js"

# -- what the light worker reads of its global scope (web/light/light.js) -----------------
LIGHT_GLOBALS = ("pycoreFacts", "pycoreBundle", "pycoreListen", "pycorePost", "pycoreNow")

# What the main thread hands the light worker at start (dom.FACTS), read once.
FACTS = ("href", "hash", "level", "wheels", "heavy", "stored")

# The fields of each answer the light worker posts (web/light/dom.py's `_post`): the writes,
# how many answers the player still waits for, whether it answers an event.
ANSWER_FIELDS = ("answer", "busy", "writes")

# -- what the build tells the main thread ------------------------------------------------
# The <meta name> tags `pycore build` fills in index.html, which early.js reads.
META_LIGHT = "pycore-light"  # the light worker's files (LIGHT_FILES)
META_HEAVY = "pycore-heavy"  # the heavy worker's PyScript core, script and configuration
META_WHEELS = "pycore-wheels"  # the optional wheels the heavy worker loads on first use
METAS = (META_LIGHT, META_HEAVY, META_WHEELS)
# The light worker's files in META_LIGHT (pycore.site.build writes them; early.js starts
# the worker and hands light.js the others).
LIGHT_FILES = ("worker", "micropython", "wasm", "main", "bundle")

# -- the browser's storage ---------------------------------------------------------------
# Every item the page stores starts with OURS; early.js reads CURRENT and a SLOT's entry to
# show the mode a saved grid opens in before Python runs (pycore.app.persist keeps them).
OURS = "pycore:"
SLOT = OURS + "slot:"  # one item per saved grid: SLOT + slot id
CURRENT = OURS + "current"  # the slot saved or opened last, in any tab
LEASE = OURS + "lease:"  # one item per open tab: LEASE + tab id

# -- the mode the page opens in ----------------------------------------------------------
# pycore.app.editor.start_mode's answers (the editor's mode names), which early.js shows
# before Python has started: a link or a saved grid opens in SOLVING unless its entry says
# otherwise, a blank grid in SETTING.
SOLVING = "value"
SETTING = "given"
START_MODES = (SOLVING, SETTING)
