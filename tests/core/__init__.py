"""Tests of the model, links and shapes."""
