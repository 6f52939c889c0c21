"""BITE rules, one module per rulebook chapter."""
