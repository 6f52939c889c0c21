"""The Stalin's War mapboard, counters and cards as JSON for clients (the browser draws the map
once per game and reads the cards' words from here, in the language of the request).

Everything here is printed on the map, the counters or the cards, so it is public: which
counter stands where, and a hidden partisan's identity, are only ever in a side's view.
The map has the shape of BITE's board JSON (``games/bite/board_json.py``), so one client
draws both; the place types are mapped onto the client's city marks.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib import resources
from typing import Any

from hexfront.engine.events import JSON

from .text import card_summary, card_title
from .world import load_world

# The client's city marks (web/src/board.ts): a city, a fortress city, a town.
PLACE_MARKS = {"city": "major", "fortress_city": "fortress", "town": "minor"}


@cache
def _raw() -> dict[str, Any]:
    data = resources.files("hexfront.games.stalins_war").joinpath("data/map.json.gz").read_bytes()
    return dict(json.loads(gzip.decompress(data)))


def _cards() -> dict[str, JSON]:
    """The cards' printed values and words; the title and summary in the reader's language
    (``text.card_title``/``card_summary``: gettext, issue 18), the printed English title
    kept as ``printed``."""
    out: dict[str, JSON] = {}
    for card in load_world().cards.values():
        out[card.id] = {
            "number": card.number,
            "side": card.side,
            "deck": card.deck,
            "title": card_title(card.id),
            "printed": card.title,
            "ops": card.ops,
            "rp": card.rp.printed(),
            "removed": card.removed,
            "combat": card.combat,
            "summary": card_summary(card.id),  # our own words (data/cards.toml), translated
        }
    return out


def _units() -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    for unit in load_world().units.values():
        out[unit.id] = {
            "name": unit.name,
            "side": unit.side,
            "nation": unit.nation,
            "size": unit.size,
            "kind": unit.kind,
            "steps": [s.printed() for s in unit.steps],
        }
    return out


def board_json(scenario: str | None = None) -> dict[str, JSON]:
    raw = _raw()
    world = load_world()
    turns = {s.id: s.turns for s in world.tables.scenarios.values()}
    return {
        "game": "stalins_war",
        "grid": {
            "width": raw["grid"]["width"],
            "height": raw["grid"]["height"],
            "layout": "flat-top, odd columns shifted down (odd-q); ids CCRR, columns from 0",
            "col_base": raw["grid"]["id_col_base"],
            "hex_km": raw["grid"]["hex_km"],
        },
        "hexes": [
            {
                "id": h["id"],
                "terrain": h["terrain"],
                "owner": h["nation"],
                "partial": False,
                "coastal": h["coastal"],
            }
            for h in raw["hexes"]
        ],
        "rivers": [
            {"a": s["a"], "b": s["b"], "river": s["river"], "major": s["major_river"]}
            for s in raw["hexsides"]
            if s.get("river")
        ],
        "arrows": [],
        "rails": [{"nodes": r["nodes"], "built": True} for r in raw["rails"]],
        "places": [
            {
                "name": p["name"],
                "hex": p["hex"],
                "type": PLACE_MARKS.get(p["type"], "minor"),
                "victory": bool(p["vp"]),
                "port": p["sea"] if p["port"] else None,
                "bunker": False,
                "fort": bool(p["fort"]),
                "oil": bool(p["oil"]),
            }
            for p in raw["places"]
        ],
        # The off-map boxes (tracks, Eliminated, Other Fronts) are the table's panels.
        "boxes": [],
        "zones": {k: sorted(v) for k, v in raw["zones"].items()},
        "lines": {k: [list(pair) for pair in v] for k, v in raw["lines"].items()},
        # The playing area: every hex of the map's playable part.
        "area": sorted(h["id"] for h in raw["hexes"] if h["playable"]),
        "last_turn": turns.get(scenario) if scenario else None,
        "seasons": list(world.tables.seasons),
        "cards": _cards(),
        "units": _units(),
    }
