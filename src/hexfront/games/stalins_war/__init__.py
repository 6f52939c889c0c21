"""Stalin's War (the Eastern Front 1941-45, card-driven, one season a turn): being built.

Only the strategy cards exist so far (``cards.py`` and ``data/cards.toml``, issue 16); the map,
the counters, the setup and the rules come later. Nothing here is playable yet.
"""
