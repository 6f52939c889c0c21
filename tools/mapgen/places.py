"""Cities and sites: curated/places.toml -> hexes (with nudges, snaps and merges)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hexfront.engine.hexgrid import DIRECTION_NAMES, HexGrid
from tools.mapgen import curated
from tools.mapgen.grid import Geometry

TYPE_RANK = {"capital": 0, "fortress": 1, "major": 2, "minor": 3, "site": 4}


def neighbour(geom: Geometry, index: int, direction: str) -> int:
    """The hex next to ``index`` in a compass direction (N, NE, SE, S, SW, NW)."""
    found = HexGrid(geom.width, geom.height).step(index, DIRECTION_NAMES.index(direction))
    if found < 0:
        raise ValueError(f"no {direction} neighbour of {geom.hex_id(index)}")
    return found


@dataclass
class Place:
    name: str
    aliases: list[str]
    lon: float | None
    lat: float | None
    type: str
    hex: int = -1  # grid index, or -1 for a box
    box: str | None = None
    victory: bool = False
    bunker: bool = False
    battle_site: bool = False
    port: str | None = None
    sea: str | None = None  # a box port names its sea (a hex port finds it on the map)
    shipyard: bool = False
    yellow: int = 0
    black: int = 0
    factories: list[dict[str, Any]] = field(default_factory=list)
    country: str | None = None
    snap: bool = False
    nudge: str | None = None
    source: str = ""
    notes: list[str] = field(default_factory=list)


def load(geom: Geometry) -> list[Place]:
    out = []
    for raw in curated.load("places")["place"]:
        at = raw.get("at")
        p = Place(
            name=raw["name"],
            aliases=list(raw.get("aliases", [])),
            lon=float(at[0]) if at else None,
            lat=float(at[1]) if at else None,
            type=raw["type"],
            victory=bool(raw.get("victory", False)),
            bunker=bool(raw.get("bunker", False)),
            battle_site=bool(raw.get("battle_site", False)),
            port=raw.get("port"),
            sea=raw.get("sea"),
            shipyard=bool(raw.get("shipyard", False)),
            yellow=int(raw.get("yellow", 0)),
            black=int(raw.get("black", 0)),
            factories=[dict(f) for f in raw.get("factories", [])],
            country=raw.get("country"),
            snap=bool(raw.get("snap", False)),
            nudge=raw.get("nudge"),
            source=raw.get("source", ""),
        )
        if "hex" in raw:
            p.box = raw["hex"]
        else:
            assert at is not None, p.name
            idx = geom.index_of(*geom.to_frame(np.array([p.lon]), np.array([p.lat])))
            p.hex = int(idx[0])
            if p.hex < 0:
                raise ValueError(f"{p.name} lies outside the grid")
        out.append(p)
    return out


def place_hexes(geom: Geometry, places: list[Place], playable_land: np.ndarray) -> list[Place]:
    """Apply nudges and snaps, then merge places that share a hex.

    ``playable_land[i]`` says whether hex i may hold a snapped place.
    """
    for p in places:
        if p.box is not None:
            continue
        if p.nudge:
            old = p.hex
            p.hex = neighbour(geom, p.hex, p.nudge)
            p.notes.append(f"moved {p.nudge} from {geom.hex_id(old)} to keep it apart")
        if p.snap and not playable_land[p.hex]:
            old = p.hex
            x, y = geom.to_frame(np.array([p.lon]), np.array([p.lat]))
            cx, cy = geom.all_centres()
            d2 = (cx - x[0]) ** 2 + (cy - y[0]) ** 2
            d2[~playable_land] = np.inf
            p.hex = int(np.argmin(d2))
            p.notes.append(f"snapped from unplayable {geom.hex_id(old)} to {geom.hex_id(p.hex)}")
    # Merge: the best-ranked place keeps its name, the others become its aliases.
    by_hex: dict[int, list[Place]] = {}
    for p in places:
        if p.box is None:
            by_hex.setdefault(p.hex, []).append(p)
    merged: list[Place] = []
    for p in places:
        if p.box is not None:
            merged.append(p)
            continue
        group = by_hex[p.hex]
        keep = min(group, key=lambda q: (TYPE_RANK[q.type], group.index(q)))
        if p is not keep:
            keep.aliases += [p.name] + [a for a in p.aliases if a not in keep.aliases]
            keep.yellow += p.yellow
            keep.black += p.black
            keep.factories += p.factories
            keep.victory |= p.victory
            keep.bunker |= p.bunker
            keep.battle_site |= p.battle_site
            keep.shipyard |= p.shipyard
            keep.port = keep.port or p.port
            keep.notes.append(f"shares the hex with {p.name} ({p.source})")
            continue
        merged.append(p)
    return merged
