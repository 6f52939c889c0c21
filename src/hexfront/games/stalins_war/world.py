"""The static data of a Stalin's War game: map, counters, cards, setup and rule tables.

Built once per process and shared by every game (it never changes and is never saved).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .cards import Card, load_cards
from .map import StalinsWarMap, load_map
from .setup import Setup, load_setup
from .tables import Tables, load_tables
from .units import Unit, load_units

# 3.24 (digest): the nations whose hexes each side holds at the start (1941 borders).
START_NATIONS = {
    "ussr": "soviet",
    "greater_germany": "axis",
    "general_government": "axis",
    "hungary": "axis",
    "romania": "axis",
}


@dataclass(slots=True)
class World:
    map: StalinsWarMap
    units: dict[str, Unit]
    cards: dict[str, Card]
    setup: Setup
    tables: Tables
    derived: dict[str, Any] = field(default_factory=dict)

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]


@cache
def load_world() -> World:
    return World(
        map=load_map(),
        units={u.id: u for u in load_units()},
        cards={c.id: c for c in load_cards()},
        setup=load_setup(),
        tables=load_tables(),
    )
