"""`typing` for MicroPython only, which has none: pycore's modules import it for type checking.

Only names pycore imports at run time are here, each a harmless stand-in; annotations are
never evaluated (MicroPython ignores them, and `from __future__ import annotations` keeps
CPython from evaluating them too). CPython and Pyodide use their own `typing`.
"""

TYPE_CHECKING = False
Any = object


class Protocol:
    """A base class that does nothing: a protocol's methods are only read by the type checker."""
