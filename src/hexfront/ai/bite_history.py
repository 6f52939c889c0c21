"""What a finished BITE game looked like, beside history: for arenas and ``make bench-ai``.

``observe(match)`` is an arena observer: it runs in the worker after a game and returns
plain JSON (who holds the major cities of the historical yardstick, the Axis victory
points of SBE4's table, how many battles each side started). It reads the finished
game's full state, which is fair: the game is over and no agent sees it.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match

# The major cities the yardstick lists, and who held each at the end of August 1941
# (the end of SBE4): Smolensk, Minsk and Riga had fallen; Kiev held until 19 September,
# Odessa until October, Kharkov until 24 October, Rostov and Sevastopol longer.
CITIES = (
    "Leningrad",
    "Moscow",
    "Kiev",
    "Smolensk",
    "Minsk",
    "Riga",
    "Odessa",
    "Sevastopol",
    "Rostov",
    "Kharkov",
)
HISTORY_AUGUST_1941 = {
    "Leningrad": "soviet",
    "Moscow": "soviet",
    "Kiev": "soviet",
    "Smolensk": "axis",
    "Minsk": "axis",
    "Riga": "axis",
    "Odessa": "soviet",
    "Sevastopol": "soviet",
    "Rostov": "soviet",
    "Kharkov": "soviet",
}
VP_PLACES = {"Leningrad": 2, "Moscow": 3}  # SBE4: other Soviet major cities count 1


def observe(match: Match[Any]) -> dict[str, Any]:
    state: Any = match.state
    if not hasattr(state, "w"):  # another game: nothing to report
        return {}
    board = state.w.board
    cities: dict[str, str] = {}
    for name in CITIES:
        try:
            node = board.node(name)
        except (KeyError, ValueError):
            continue
        cities[name] = str(state.control[node])
    vp = 0
    for node, site in board.sites.items():
        if site.is_major and board.owner_1941[node] == "ussr" and state.control[node] == "axis":
            vp += VP_PLACES.get(site.name, 1)
    battles = {"axis": 0, "soviet": 0}
    for e in state.log:
        if e.kind == "battle" and e.data.get("attacker") in battles:
            battles[str(e.data["attacker"])] += 1
    return {"cities": cities, "axis_vp": vp, "battles": battles}
