"""`__future__` for MicroPython only: `from __future__ import annotations` finds this name.

MicroPython never evaluates annotations, so the feature needs no work here.
"""

annotations = True
