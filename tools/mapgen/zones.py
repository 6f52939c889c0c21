"""Game zones: curated polygons (curated/zones.toml) plus zones derived from owners."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray
from shapely import contains_xy
from shapely.geometry import Polygon

from tools.mapgen import curated
from tools.mapgen.geo import LAND
from tools.mapgen.sample import Samples

AXIS_OWNERS = (
    "germany",
    "general_government",
    "finland",
    "romania",
    "hungary",
    "slovakia",
    "italy",
    "bulgaria",
    "yugoslavia",
    "greece",
    "norway",
    "denmark",
    "netherlands",
    "belgium",
    "luxembourg",
    "france",
)
BORDER_NEIGHBOURS = (
    "finland",
    "germany",
    "general_government",
    "hungary",
    "romania",
    "turkey",
    "iran",
)


class ZoneMaker:
    """Majority tests of polygons against the land samples of each hex."""

    def __init__(self, s: Samples, land_hex: list[bool]) -> None:
        self.s = s
        self.land_hex = land_hex
        land = s.water == LAND
        self.idx = np.nonzero(land)[0]
        self.n_land = np.maximum(s.count(land), 1)

    def share(self, poly: Polygon) -> NDArray[np.float64]:
        inside = contains_xy(poly, self.s.lon[self.idx], self.s.lat[self.idx])
        hit = np.bincount(self.s.hex[self.idx[inside]], minlength=self.s.n_hex)
        return hit / self.n_land

    def majority(self, poly: Polygon) -> set[int]:
        sh = self.share(poly)
        return {i for i in range(self.s.n_hex) if self.land_hex[i] and sh[i] > 0.5}


def curated_zones(
    zm: ZoneMaker, owners: list[str | None], modern: list[str | None]
) -> tuple[dict[str, set[int]], dict[str, str]]:
    cfg = curated.load("zones")
    out: dict[str, set[int]] = {}
    sources: dict[str, str] = {}
    for z in cfg["zone"]:
        members: set[int] = set()
        if "modern" in z:
            want = set(z["modern"])
            members |= {i for i, m in enumerate(modern) if m in want and zm.land_hex[i]}
        if "polygon" in z:
            members |= zm.majority(curated.polygon(z["polygon"]))
        if "clip" in z:
            members &= zm.majority(curated.polygon(z["clip"]))
        if "owners" in z:
            allowed = set(z["owners"])
            members = {i for i in members if owners[i] in allowed}
        out[z["name"]] = members
        sources[z["name"]] = z["source"]
    return out, sources


def fronts(
    zm: ZoneMaker, owners: list[str | None], hex_of: Callable[[str], int]
) -> dict[int, set[int]]:
    """Axis-held land hexes at the start of SBE6 (1942), SBE7 (1943), SBE8 (1944).

    A city on the line goes to the side that held it (the front's ``axis`` and
    ``soviet`` lists), whatever the majority of its hex says."""
    cfg = curated.load("zones")
    neutral = set(cfg["neutral"]["owners"])
    out: dict[int, set[int]] = {}
    for f in cfg["front"]:
        poly: Any = curated.polygon(f["polygon"])
        for hole in f.get("holes", []):
            poly = poly.difference(curated.polygon(hole))
        held = {i for i in zm.majority(poly) if owners[i] not in neutral}
        held |= {hex_of(name) for name in f.get("axis", [])}
        held -= {hex_of(name) for name in f.get("soviet", [])}
        out[int(f["year"])] = held
    return out


def touching(a: set[int], b: set[int], adjacency: list[tuple[int, ...]]) -> set[int]:
    """Hexes of ``a`` with a neighbour in ``b`` plus hexes of ``b`` with one in ``a``."""
    out = {i for i in a if any(j in b for j in adjacency[i])}
    out |= {j for j in b if any(i in a for i in adjacency[j])}
    return out
