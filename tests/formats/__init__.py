"""Tests of each link format: encode, decode, refusals, round trips."""
