"""Data generators (not shipped with the game)."""
