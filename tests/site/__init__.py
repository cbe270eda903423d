"""Tests of building the site, its server and the test proxy."""
