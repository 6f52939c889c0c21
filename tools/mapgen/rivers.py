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
    geom: Geometry, rivers: list[River], neighbours: list[tuple[int, ...]], water: list[bool]
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
        mine = {s for s in mine if not water[s[0]] and not water[s[1]] and s not in claimed}
        for side in sorted(tidy(mine, neighbours, water, set(claimed))):
            claimed[side] = river
    return claimed


def _corners(a: int, b: int, nb: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The two hex corners at the ends of side (a, b), as sorted triples of hexes."""
    common = sorted(set(nb[a]) & set(nb[b]))
    keys = [tuple(sorted((a, b, c))) for c in common]
    return keys + [(a, b, -1 - j) for j in range(2 - len(keys))]


def _pieces(sides: set[tuple[int, int]], nb: list[tuple[int, ...]]) -> list[set[tuple[int, int]]]:
    at: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for s in sorted(sides):
        for c in _corners(*s, nb):
            at.setdefault(c, []).append(s)
    seen: set[tuple[int, int]] = set()
    out = []
    for s in sorted(sides):
        if s in seen:
            continue
        piece = {s}
        stack = [s]
        while stack:
            x = stack.pop()
            for c in _corners(*x, nb):
                for y in at.get(c, []):
                    if y not in piece:
                        piece.add(y)
                        stack.append(y)
        seen |= piece
        out.append(piece)
    return out


def tidy(
    sides: set[tuple[int, int]],
    nb: list[tuple[int, ...]],
    water: list[bool],
    blocked: set[tuple[int, int]],
    max_gap: int = 3,
) -> set[tuple[int, int]]:
    """Join the pieces of one river through gaps of up to ``max_gap`` free hexsides, then
    drop stray single sides (wiggles of a source or of a confluence)."""
    sides = set(sides)
    for _ in range(len(sides)):
        pieces = sorted(_pieces(sides, nb), key=lambda p: (-len(p), min(p)))
        if len(pieces) < 2:
            break
        main = pieces[0]
        targets = {c for s in main for c in _corners(*s, nb)}
        joined = False
        for piece in pieces[1:]:
            start = {c for s in piece for c in _corners(*s, nb)}
            path = _bridge(start, targets, nb, water, blocked | sides, max_gap)
            if path is not None:
                sides |= path
                joined = True
                break
        if not joined:
            break
    pieces = _pieces(sides, nb)
    if len(pieces) > 1:
        big = max(len(p) for p in pieces)
        for p in pieces:
            if len(p) == 1 and big > 1:
                sides -= p
    return sides


def _bridge(
    start: set[tuple[int, ...]],
    targets: set[tuple[int, ...]],
    nb: list[tuple[int, ...]],
    water: list[bool],
    avoid: set[tuple[int, int]],
    max_gap: int,
) -> set[tuple[int, int]] | None:
    """Shortest chain of free land hexsides from a corner in ``start`` to one in
    ``targets`` (breadth first, deterministic), or None if longer than ``max_gap``."""
    frontier = sorted(start)
    seen = set(frontier)
    back: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, int]]] = {}
    for _ in range(max_gap):
        nxt = []
        for c in frontier:
            real = [h for h in c if h >= 0]
            if len(real) < 3:
                continue
            x, y, z = real
            for s in ((x, y), (x, z), (y, z)):
                if s in avoid or water[s[0]] or water[s[1]]:
                    continue
                for c2 in _corners(*s, nb):
                    if c2 in seen:
                        continue
                    seen.add(c2)
                    back[c2] = (c, s)
                    if c2 in targets:
                        path = set()
                        cur = c2
                        while cur in back:
                            cur, side = back[cur]
                            path.add(side)
                        return path
                    nxt.append(c2)
        frontier = nxt
    return None
