"""Search the grid rotation and offset that satisfy rule 7.5.4 (documentation helper).

``python -m tools.mapgen.anchors`` prints, for each rotation, how many sub-hex offsets
put Salla, Gallivare and Kandalaksha on one northernmost playable row while Sverdlovsk
falls east of Magnitogorsk's column and Nizhny Tagil, Molotov and Chkalov stay west of
it. The values in config.py (rotation -5 degrees, offset 38.5/66.5 km) are the middle of
the only window it finds.
"""

from __future__ import annotations

import math
import sys

import numpy as np
from pyproj import Transformer

from tools.mapgen import config, curated
from tools.mapgen.grid import frame_to_hex

NAMES = (
    "Salla",
    "Gallivare",
    "Kandalaksha",
    "Magnitogorsk",
    "Sverdlovsk",
    "Nizhny Tagil",
    "Molotov",
    "Chkalov",
)


def _hex(x: float, y: float) -> tuple[int, int]:
    col, row = frame_to_hex(np.array([x]), np.array([y]), config.SIZE_KM)
    return int(col[0]), int(row[0])


def window(rotation: float, step: float = 1.0) -> list[tuple[float, float]]:
    """Offsets (x, y km, within one two-column period) that satisfy the anchors."""
    at = {p["name"]: p["at"] for p in curated.load("places")["place"] if p["name"] in NAMES}
    proj = " ".join(f"+{k}={v}" for k, v in config.PROJECTION.items())
    fwd = Transformer.from_crs("EPSG:4326", proj, always_xy=True)
    a = math.radians(rotation)
    pos = {}
    for name, (lon, lat) in at.items():
        x, y = fwd.transform(lon, lat)
        x, y = x / 1000.0, y / 1000.0
        pos[name] = (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))
    out = []
    for fx in np.arange(0.0, 3 * config.SIZE_KM, step):
        for fy in np.arange(0.0, config.HEX_KM, step):
            h = {k: _hex(v[0] - fx, v[1] - fy) for k, v in pos.items()}
            row = h["Salla"][1]
            col = h["Magnitogorsk"][0]
            if (
                h["Gallivare"][1] >= row
                and h["Kandalaksha"][1] >= row
                and h["Sverdlovsk"][0] > col
                and all(h[n][0] <= col for n in ("Nizhny Tagil", "Molotov", "Chkalov"))
            ):
                out.append((float(fx), float(fy)))
    return out


def main() -> int:
    for rotation in np.arange(-8.0, -1.9, 0.25):
        w = window(float(rotation))
        xs = [p[0] for p in w] or [0.0]
        ys = [p[1] for p in w] or [0.0]
        span = f"x {min(xs):.0f}-{max(xs):.0f} km, y {min(ys):.0f}-{max(ys):.0f} km" if w else ""
        print(f"rotation {rotation:+.2f}: {len(w):4d} offsets {span}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
