"""Tests of the page's Python under MicroPython, the core's tests inside Pyodide."""
