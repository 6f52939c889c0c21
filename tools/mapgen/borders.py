"""1941 owners of every land hex (see curated/borders.toml)."""

from __future__ import annotations

from collections import Counter

import numpy as np
from shapely import STRtree, contains_xy
from shapely.geometry.base import BaseGeometry
from shapely.ops import polygonize, unary_union

from tools.mapgen import curated
from tools.mapgen.geo import LAND, features
from tools.mapgen.grid import Geometry
from tools.mapgen.sample import Samples


def modern_faces() -> list[tuple[BaseGeometry, str]]:
    """Modern countries as (polygon, Natural Earth ADM0NAME) pairs."""
    land = unary_union([f.geom for f in features("ne_10m_land.geojson")])
    lines = [f.geom for f in features("ne_10m_admin_0_boundary_lines_land.geojson")]
    faces = [
        f
        for f in polygonize(unary_union([*lines, land.boundary]))
        if land.contains(f.representative_point())
    ]
    tree = STRtree(faces)
    votes: list[Counter[str]] = [Counter() for _ in faces]
    for p in features("ne_10m_populated_places.geojson"):
        for i in tree.query(p.geom, predicate="within"):
            votes[int(i)][p.props["ADM0NAME"]] += 1
    named = [i for i, v in enumerate(votes) if v]
    out = []
    for i, face in enumerate(faces):
        if votes[i]:
            name = sorted(votes[i].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        else:  # islands and slivers: the nearest named face
            pt = face.representative_point()
            j = min(named, key=lambda k: (faces[k].distance(pt), k))
            name = sorted(votes[j].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        out.append((face, name))
    return out


def owners(
    geom: Geometry, s: Samples, terrain: list[str]
) -> tuple[list[str | None], list[str | None]]:
    """Per hex: the 1941 owner and the modern country (majority of land samples)."""
    cfg = curated.load("borders")
    mapping: dict[str, str] = cfg["modern_to_1941"]
    codes = sorted(set(mapping.values()) | {r["owner"] for r in cfg.get("region", [])})
    code_of = {c: k for k, c in enumerate(codes)}
    land_idx = np.nonzero(s.water == LAND)[0]
    lon, lat = s.lon[land_idx], s.lat[land_idx]
    owner = np.full(len(land_idx), -1, np.int64)
    faces = modern_faces()
    modern_names = sorted({name for _, name in faces})
    modern = np.full(len(land_idx), -1, np.int64)
    for face, name in faces:
        minx, miny, maxx, maxy = face.bounds
        sel = np.nonzero((lon >= minx) & (lon <= maxx) & (lat >= miny) & (lat <= maxy))[0]
        if len(sel) == 0:
            continue
        hit = sel[contains_xy(face, lon[sel], lat[sel])]
        owner[hit] = code_of[mapping[name]]
        modern[hit] = modern_names.index(name)
    for region in cfg.get("region", []):
        poly = curated.polygon(region["polygon"])
        owner[contains_xy(poly, lon, lat)] = code_of[region["owner"]]
    # Land samples that no face covers (coastal slivers): owner of the nearest hex later.
    hexes = s.hex[land_idx]
    out: list[str | None] = [None] * s.n_hex
    counts = np.zeros((s.n_hex, len(codes)), np.int64)
    ok = owner >= 0
    np.add.at(counts, (hexes[ok], owner[ok]), 1)
    for i in range(s.n_hex):
        if terrain[i] == "water":
            continue
        if counts[i].sum() > 0:
            out[i] = codes[int(np.argmax(counts[i]))]
    cx, cy = geom.all_centres()
    for i in range(s.n_hex):  # land hexes without data (beyond the window): nearest owner
        if terrain[i] != "water" and out[i] is None:
            d2 = (cx - cx[i]) ** 2 + (cy - cy[i]) ** 2
            for j in np.argsort(d2, kind="stable"):
                if out[int(j)] is not None:
                    out[i] = out[int(j)]
                    break
    for h in cfg.get("hex", []):
        x, y = geom.to_frame(np.array([h["at"][0]]), np.array([h["at"][1]]))
        out[int(geom.index_of(x, y)[0])] = h["owner"]
    mcounts = np.zeros((s.n_hex, len(modern_names)), np.int64)
    ok = modern >= 0
    np.add.at(mcounts, (hexes[ok], modern[ok]), 1)
    mod: list[str | None] = [
        modern_names[int(np.argmax(mcounts[i]))] if mcounts[i].sum() > 0 else None
        for i in range(s.n_hex)
    ]
    return out, mod
