"""Water, coast and terrain of every hex, from the sample lattice (see docs/data/map.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray
from shapely import contains_xy
from shapely.geometry import Point, box
from shapely.ops import unary_union

from tools.mapgen import config, curated
from tools.mapgen.geo import LAKE, LAND, NODATA, SEA, features
from tools.mapgen.grid import Geometry
from tools.mapgen.sample import Samples

FOREST_CLASSES = (1, 2, 3, 4, 5, 8)  # IGBP forests + woody savanna (open boreal forest)
WETLAND_CLASS = 11


@dataclass
class HexStats:
    n: NDArray[np.int64]
    land: NDArray[np.float64]  # shares of all samples
    sea: NDArray[np.float64]
    lake: NDArray[np.float64]
    forest: NDArray[np.float64]  # shares of land samples
    wetland: NDArray[np.float64]
    p10: NDArray[np.float64]  # elevation percentiles over land samples, metres
    p50: NDArray[np.float64]
    p90: NDArray[np.float64]


def correct_water(s: Samples) -> None:
    """Drain post-1941 reservoirs, turn the Caspian into sea, fill no-data cells."""
    s.water = corrected(s.lon, s.lat, s.water)


@cache
def _water_fixes() -> tuple[Any, Any]:
    hydro = curated.load("hydro")
    lakes = features("ne_10m_lakes.geojson")
    res = hydro["reservoirs"]
    names = set(res["names"])
    polys = [f.geom for f in lakes if f.props.get("name") in names]
    for x, y in res["points"]:
        polys += [f.geom for f in lakes if f.geom.contains(Point(x, y))]
    polys += [box(*b) for b in res["boxes"]]
    drained = unary_union(polys).buffer(0.02)
    casp = hydro["caspian"]
    marine = features("ne_10m_geography_marine_polys.geojson")
    cpoly = unary_union([f.geom for f in marine if f.props.get("name") in casp["marine_names"]])
    return drained, cpoly.buffer(casp["buffer_deg"])


def corrected(
    lon: NDArray[np.float64], lat: NDArray[np.float64], water: NDArray[np.uint8]
) -> NDArray[np.uint8]:
    """The GSHHG classes of some points, with the 1941 corrections applied."""
    drained, caspian = _water_fixes()
    out = water.copy()
    idx = np.nonzero(out == LAKE)[0]
    out[idx[contains_xy(drained, lon[idx], lat[idx])]] = LAND
    idx = np.nonzero(out == LAKE)[0]
    out[idx[contains_xy(caspian, lon[idx], lat[idx])]] = SEA
    # Outside the geodata window: the Norwegian Sea in the north-west, Siberia in the east.
    nod = out == NODATA
    out[nod & (lon < 10.0)] = SEA
    out[nod & (lon >= 10.0)] = LAND
    return out


def _percentiles(
    hexes: NDArray[np.int64], values: NDArray[np.float64], n_hex: int
) -> NDArray[np.float64]:
    """Per-hex 10th, 50th, 90th percentiles (NaN where a hex has no values)."""
    out = np.full((n_hex, 3), np.nan)
    order = np.lexsort((values, hexes))
    h = hexes[order]
    v = values[order]
    starts = np.searchsorted(h, np.arange(n_hex), side="left")
    ends = np.searchsorted(h, np.arange(n_hex), side="right")
    for i in range(n_hex):
        a, b = starts[i], ends[i]
        if b > a:
            out[i] = np.percentile(v[a:b], [10, 50, 90])
    return out


def stats(s: Samples) -> HexStats:
    n = np.maximum(s.count(np.ones(len(s.hex), bool)), 1)
    land_m = s.water == LAND
    nland = s.count(land_m)
    safe = np.maximum(nland, 1)
    forest = s.count(land_m & np.isin(s.cover, FOREST_CLASSES)) / safe
    wet = s.count(land_m & (s.cover == WETLAND_CLASS)) / safe
    # East of the land-cover window (62 E) the West Siberian taiga: count as forest.
    nocover = s.count(land_m & (s.cover == NODATA)) / safe
    forest = forest + nocover
    ok = land_m & ~np.isnan(s.elev)
    pct = _percentiles(s.hex[ok], s.elev[ok], s.n_hex)
    return HexStats(
        n=n,
        land=nland / n,
        sea=s.count(s.water == SEA) / n,
        lake=s.count(s.water == LAKE) / n,
        forest=forest,
        wetland=wet,
        p10=pct[:, 0],
        p50=pct[:, 1],
        p90=pct[:, 2],
    )


@dataclass
class Terrain:
    terrain: list[str]
    coastal: list[bool]
    water_kind: list[str | None]  # "sea" | "lake" | None
    marsh_share: NDArray[np.float64]
    hills_share: NDArray[np.float64]


def _polygon_share(s: Samples, polys: list[Any], land: NDArray[np.bool_]) -> NDArray[np.float64]:
    if not polys:
        return np.zeros(s.n_hex)
    shape = unary_union(polys)
    idx = np.nonzero(land)[0]
    inside = contains_xy(shape, s.lon[idx], s.lat[idx])
    hit = np.bincount(s.hex[idx[inside]], minlength=s.n_hex)
    return hit / np.maximum(s.count(land), 1)


def classify(
    geom: Geometry,
    s: Samples,
    st: HexStats,
    forced_land: set[int],
    no_mountain: set[int],
) -> Terrain:
    cfg = curated.load("terrain")
    land_m = s.water == LAND
    marsh = _polygon_share(s, [curated.polygon(m["polygon"]) for m in cfg.get("marsh", [])], land_m)
    hills = _polygon_share(s, [curated.polygon(m["polygon"]) for m in cfg.get("hills", [])], land_m)
    n = s.n_hex
    terrain: list[str] = []
    kinds: list[str | None] = []
    for i in range(n):
        if st.land[i] < config.WATER_MAX_LAND and i not in forced_land:
            terrain.append("water")
            kinds.append("sea" if st.sea[i] >= st.lake[i] else "lake")
            continue
        kinds.append(None)
        p90, p10 = st.p90[i], st.p10[i]
        rel = p90 - p10 if not np.isnan(p90) else 0.0
        mountain = any(p90 >= a and rel >= b for a, b in config.MOUNTAIN_RULES)
        if mountain and i not in no_mountain:
            terrain.append("mountains")
        elif hills[i] >= config.AREA_SHARE and hills[i] >= marsh[i]:
            terrain.append("hills")
        elif marsh[i] >= config.AREA_SHARE or st.wetland[i] >= config.WETLAND_MIN:
            terrain.append("swamp")
        elif (
            mountain
            or hills[i] >= config.AREA_SHARE
            or (p90 >= config.HILLS_MIN_P90 and rel >= config.HILLS_MIN_RELIEF)
        ):
            terrain.append("hills")
        elif st.forest[i] >= config.FOREST_MIN:
            terrain.append("forest")
        else:
            terrain.append("clear")
    for o in cfg.get("override", []):
        x, y = geom.to_frame(np.array([o["at"][0]]), np.array([o["at"][1]]))
        i = int(geom.index_of(x, y)[0])
        terrain[i] = o["terrain"]
    # Coast: land next to water, with some water of its own.
    water = [t == "water" for t in terrain]
    neighbours = geom_neighbours(geom)
    coastal = []
    for i in range(n):
        if water[i]:
            coastal.append(False)
            continue
        wet = st.sea[i] + st.lake[i]
        near = any(water[j] for j in neighbours[i])
        coastal.append(
            bool((near and wet >= config.COAST_MIN_WATER) or st.sea[i] >= config.COAST_MIN_SEA)
        )
    return Terrain(terrain, coastal, kinds, marsh, hills)


def geom_neighbours(geom: Geometry) -> list[tuple[int, ...]]:
    from hexfront.engine.hexgrid import HexGrid

    return HexGrid(geom.width, geom.height).neighbors
