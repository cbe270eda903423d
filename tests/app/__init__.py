"""Tests of the page's logic as plain Python: the editor, saving, a player's words."""
