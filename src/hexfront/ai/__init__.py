"""Computer players. An agent sees only ``view(state, side)`` and the legal actions."""
