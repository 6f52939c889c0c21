"""Stalin's War (the Eastern Front 1941-45, card-driven, one season a turn).

The data (``cards.py``, ``units.py``, ``setup.py``, ``map.py``, issue 16) and a first playable
core of the rules (issue 17): ``game.py`` (the engine contract), ``state.py``, ``machine.py``,
``rules/`` (one module per chapter), ``view.py`` (fog of war). What is done and tested is listed
in ``docs/rules-coverage.md``.
"""
