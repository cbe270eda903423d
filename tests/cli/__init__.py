"""Tests of the command line, file batches, the fuzzer, SVG and QR rendering."""
