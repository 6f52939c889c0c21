"""Fit a grid to the hex ids a rulebook gives (Stalin's War; see docs/data/stalins_war_map.md).

A game whose text names the hexes of real places (Moscow 2722, Kiev 2025 ...) but gives no
scale is fitted in two steps:

1. a similarity (scale, rotation, shift) by least squares, from the projected positions of
   the anchor places (``places.toml`` entries with ``hex`` and ``fit = true``) to the centres
   of their hexes; this fixes the km per hex, the grid's rotation and hex 0101's origin;
2. a smooth warp (Gaussian radial basis functions, width ``Game.warp_sigma_hex`` hexes)
   that moves each anchor only as far as needed to sit well inside its own hex (within
   ``INNER`` of a hex's inner radius from the centre). Far from the anchors the warp is nil.

``python -m tools.mapgen.fit --game stalins_war`` prints the fit and every anchor's residual.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np
from pyproj import Transformer

from tools.mapgen import config, curated
from tools.mapgen.grid import FloatArray, Warp, frame_to_hex

INNER = 0.6  # an anchor ends within 0.6 x the inner radius (half a hex) of its centre


@dataclass(frozen=True)
class Anchor:
    name: str
    lon: float
    lat: float
    col: int  # 0-based
    row: int


@dataclass
class Fit:
    hex_km: float
    rotation_deg: float
    origin: tuple[float, float]
    warp: Warp
    anchors: list[Anchor]
    residual_hex: list[float]  # distance from each anchor's similarity position to its centre


def parse_id(hex_id: str, game: config.Game) -> tuple[int, int]:
    """(grid column, grid row), 0-based, of a printed id."""
    return int(hex_id[:2]) - game.id_col_base, int(hex_id[2:]) - 1


def anchors(game: config.Game) -> list[Anchor]:
    out = []
    for p in curated.load("places", game.curated)["place"]:
        if p.get("fit") and "hex" in p:
            col, row = parse_id(p["hex"], game)
            out.append(Anchor(p["name"], float(p["at"][0]), float(p["at"][1]), col, row))
    if len(out) < 3:
        raise ValueError(f"{game.key}: a fitted grid needs at least three anchors")
    return out


def _centre_units(col: int, row: int) -> tuple[float, float]:
    """Centre of a hex with adjacent centres one unit apart (frame: x east, y north)."""
    return col * 1.5 / math.sqrt(3.0), -(row + (col & 1) / 2.0)


def solve(game: config.Game, fwd: Transformer | None = None) -> Fit:
    if fwd is None:
        proj = " ".join(f"+{k}={v}" for k, v in game.projection.items()) + " +no_defs"
        fwd = Transformer.from_crs("EPSG:4326", proj, always_xy=True)
    anc = anchors(game)
    lon = np.array([a.lon for a in anc])
    lat = np.array([a.lat for a in anc])
    px, py = fwd.transform(lon, lat)
    p = np.column_stack([np.asarray(px) / 1000.0, np.asarray(py) / 1000.0])
    q = np.array([_centre_units(a.col, a.row) for a in anc])
    # u = a x - b y + tx, v = b x + a y + ty (hex units)
    m = np.zeros((2 * len(anc), 4))
    m[0::2] = np.column_stack([p[:, 0], -p[:, 1], np.ones(len(anc)), np.zeros(len(anc))])
    m[1::2] = np.column_stack([p[:, 1], p[:, 0], np.zeros(len(anc)), np.ones(len(anc))])
    sol = np.linalg.lstsq(m, q.ravel(), rcond=None)[0]
    a, b, tx, ty = (float(v) for v in sol)
    scale = math.hypot(a, b)  # hexes per km
    hex_km = round(1.0 / scale, 3)
    rotation = round(math.degrees(math.atan2(b, a)), 3)
    origin = (round(-tx * hex_km, 3), round(-ty * hex_km, 3))
    cos, sin = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    fx = p[:, 0] * cos - p[:, 1] * sin - origin[0]
    fy = p[:, 0] * sin + p[:, 1] * cos - origin[1]
    cx = q[:, 0] * hex_km
    cy = q[:, 1] * hex_km
    dx, dy = fx - cx, fy - cy
    dist = np.hypot(dx, dy)
    keep = INNER * hex_km / 2.0
    factor = np.where(dist > keep, keep / np.maximum(dist, 1e-9), 1.0)
    tx_, ty_ = cx + dx * factor, cy + dy * factor
    shifts: FloatArray = np.column_stack([tx_ - fx, ty_ - fy])
    warp = Warp(np.column_stack([fx, fy]), shifts, game.warp_sigma_hex * hex_km)
    return Fit(hex_km, rotation, origin, warp, anc, [float(d / hex_km) for d in dist])


def report(game: config.Game) -> list[str]:
    fit = solve(game)
    lines = [
        f"{game.key}: {fit.hex_km:.3f} km per hex, rotation {fit.rotation_deg:+.3f} deg, "
        f"origin ({fit.origin[0]:.1f}, {fit.origin[1]:.1f}) km, {len(fit.anchors)} anchors"
    ]
    size = fit.hex_km / math.sqrt(3.0)
    for anc, res in zip(fit.anchors, fit.residual_hex, strict=True):
        before = f"{anc.col + game.id_col_base:02d}{anc.row + 1:02d}"
        lines.append(f"  {anc.name:<14} {before}  similarity residual {res:.2f} hex")
    # where the similarity alone would put them (before the warp)
    del size
    return lines


def similarity_hexes(game: config.Game) -> dict[str, str]:
    """Each anchor's hex under the similarity alone (what the warp has to correct)."""
    fit = solve(game)
    out: dict[str, Any] = {}
    for anc, res in zip(fit.anchors, fit.residual_hex, strict=True):
        del res
        proj = " ".join(f"+{k}={v}" for k, v in game.projection.items()) + " +no_defs"
        fwd = Transformer.from_crs("EPSG:4326", proj, always_xy=True)
        x, y = fwd.transform(anc.lon, anc.lat)
        a = math.radians(fit.rotation_deg)
        fx = x / 1000 * math.cos(a) - y / 1000 * math.sin(a) - fit.origin[0]
        fy = x / 1000 * math.sin(a) + y / 1000 * math.cos(a) - fit.origin[1]
        col, row = frame_to_hex(np.array([fx]), np.array([fy]), fit.hex_km / math.sqrt(3.0))
        out[anc.name] = f"{int(col[0]) + game.id_col_base:02d}{int(row[0]) + 1:02d}"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.mapgen.fit", description=__doc__)
    ap.add_argument("--game", default="stalins_war", choices=sorted(config.GAMES))
    args = ap.parse_args(argv)
    game = config.GAMES[args.game]
    if not game.fitted:
        print(f"{game.key} is not a fitted grid (see tools.mapgen.anchors)")
        return 0
    sim = similarity_hexes(game)
    for line in report(game):
        name = line[2:16].strip()
        print(line + (f"  (similarity alone: {sim[name]})" if name in sim else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
