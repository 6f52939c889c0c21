"""Blocks in the East (rulebook v3.00): data, rules and the game object."""
