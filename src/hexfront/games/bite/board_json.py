"""The mapboard as JSON for clients (the browser draws it once per game)."""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib import resources
from typing import Any

from hexfront.engine.events import JSON
from hexfront.i18n import language

from .place_names import names_in


@cache
def _raw() -> dict[str, Any]:
    data = resources.files("hexfront.games.bite").joinpath("data/map.json.gz").read_bytes()
    return dict(json.loads(gzip.decompress(data)))


def board_json(scenario: str | None = None) -> dict[str, JSON]:
    """The board for clients; each place and box carries its map ``name`` (what rules,
    scenarios and views match) and the ``shown`` name, in the language being written in
    (``place_names``: "Mosca" on an Italian page)."""
    raw = _raw()
    shown = names_in(language())
    area: list[str] | None = None
    if scenario is not None:
        zone = raw["zones"].get(f"{scenario.lower()}_area")
        area = sorted(zone) if zone else None
    return {
        "game": "bite",
        "grid": {
            "width": raw["grid"]["width"],
            "height": raw["grid"]["height"],
            "layout": "flat-top, odd columns shifted down (odd-q); ids CCRR, 1-based",
            "hex_km": raw["grid"]["hex_km"],
        },
        "hexes": [
            {
                "id": h["id"],
                "terrain": h["terrain"],
                "owner": h["owner_1941"],
                "partial": h["partial"],
                "coastal": h["coastal"],
            }
            for h in raw["hexes"]
        ],
        "rivers": [
            {"a": s["a"], "b": s["b"], "river": s["river"]}
            for s in raw["hexsides"]
            if s.get("river")
        ],
        "arrows": [
            {"a": lk["a"], "b": lk["b"], "kind": lk["kind"], "built": lk["status"] == "built"}
            for lk in raw["links"]
        ],
        "rails": [{"nodes": r["nodes"], "built": r["status"] == "built"} for r in raw["rails"]],
        "places": [
            {
                "name": p["name"],
                "shown": shown.get(p["name"], p["name"]),
                "hex": p["hex"],
                "type": p["type"],
                "victory": p["victory"],
                "port": p["port"],
                "bunker": p["bunker"],
            }
            for p in raw["places"]
        ],
        "boxes": [
            {"id": b["id"], "name": b["name"], "shown": shown.get(b["name"], b["name"])}
            for b in raw["boxes"]
        ],
        "zones": {k: sorted(v) for k, v in raw["zones"].items()},
        "area": area,
    }
