"""Stubs MicroPython alone is given (see pycore.site.light.STUBS); this file only keeps the type checker
from taking them for the standard library's modules. The page never loads it."""
