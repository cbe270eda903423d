"""Tests of the solver, the technique engine, grading and the generator."""
