"""Rivers -> named hexsides.

A river separates two adjacent hexes when its line crosses the segment between their
centres an odd number of times. Because consecutive crossings of such segments belong to
one triangle of centres, the chosen hexsides always meet at hex corners: every river is
drawn as a continuous chain of hexsides.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from shapely import STRtree
from shapely.geometry import LineString, MultiLineString
from shapely.geometry.base import BaseGeometry

from tools.mapgen import curated
from tools.mapgen.geo import features
from tools.mapgen.grid import Geometry

FILES = {
    "centerlines": "ne_10m_rivers_lake_centerlines.geojson",
    "europe": "ne_10m_rivers_europe.geojson",
}


@dataclass(frozen=True)
class River:
    name: str
    major: bool
    lines: tuple[BaseGeometry, ...]  # lon/lat


def load() -> list[River]:
    out = []
    for r in curated.load("rivers")["river"]:
        lines: list[BaseGeometry] = []
        for spec in r.get("features", []):
            file, name = spec[0], spec[1]
            bbox = spec[2] if len(spec) > 2 else None
            for f in features(FILES[file]):
                if f.props.get("name") != name:
                    continue
                if bbox is not None:
                    minx, miny, maxx, maxy = f.geom.bounds
                    if minx < bbox[0] or miny < bbox[1] or maxx > bbox[2] or maxy > bbox[3]:
                        continue
                lines.append(f.geom)
        for pts in r.get("lines", []):
            lines.append(LineString([(float(x), float(y)) for x, y in pts]))
        if not lines:
            raise ValueError(f"river {r['name']} has no geometry")
        out.append(River(r["name"], bool(r.get("major", False)), tuple(lines)))
    return out


def _parts(geom: BaseGeometry) -> list[LineString]:
    if isinstance(geom, LineString):
        return [geom]
    if isinstance(geom, MultiLineString):
        return list(geom.geoms)
    return [g for part in getattr(geom, "geoms", []) for g in _parts(part)]


def hexsides(
    geom: Geometry, neighbours: list[tuple[int, ...]]
) -> tuple[list[tuple[int, int]], STRtree]:
    pairs = [(a, b) for a in range(len(neighbours)) for b in neighbours[a] if a < b]
    cx, cy = geom.all_centres()
    segs = [LineString([(cx[a], cy[a]), (cx[b], cy[b])]) for a, b in pairs]
    return pairs, STRtree(segs)


def river_sides(
    geom: Geometry, rivers: list[River], neighbours: list[tuple[int, ...]]
) -> dict[tuple[int, int], River]:
    pairs, tree = hexsides(geom, neighbours)
    segs = tree.geometries
    claimed: dict[tuple[int, int], River] = {}
    for river in rivers:
        mine: set[tuple[int, int]] = set()
        for line in river.lines:
            for part in _parts(line):
                xy = np.asarray(part.coords)
                fx, fy = geom.to_frame(xy[:, 0], xy[:, 1])
                proj = LineString(np.column_stack([fx, fy]))
                odd: set[int] = set()
                for k in tree.query(proj, predicate="intersects"):
                    hit = proj.intersection(segs[int(k)])
                    n = len(getattr(hit, "geoms", [hit])) if not hit.is_empty else 0
                    if n % 2 == 1:
                        odd.add(int(k))
                mine |= {pairs[k] for k in odd}
        for side in sorted(mine):
            claimed.setdefault(side, river)
    return claimed
