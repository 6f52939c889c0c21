"""Projection and hex geometry of the generated map (numpy, vectorised).

Frame: kilometres in the rotated Lambert projection, shifted so that the centre of hex
0101 (column 0, row 0) is the origin; X grows east, Y grows north. Hexes are flat-topped
in columns, odd columns half a hex lower (odd-q), exactly as ``hexfront.engine.hexgrid``.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from pyproj import Transformer

from tools.mapgen import config

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

SQRT3 = math.sqrt(3.0)


def frame_to_hex(fx: FloatArray, fy: FloatArray, size: float) -> tuple[IntArray, IntArray]:
    """(col, row) of the flat-topped odd-q hexes (radius ``size``, hex 0101 centred on the
    origin, y north) containing each point; may lie off any grid."""
    x = np.asarray(fx, float)
    yd = -np.asarray(fy, float)
    q = (2.0 / 3.0 * x) / size
    r = (-1.0 / 3.0 * x + SQRT3 / 3.0 * yd) / size
    s = -q - r
    rq, rr, rs = np.round(q), np.round(r), np.round(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    qi = rq.astype(np.int64)
    ri = rr.astype(np.int64)
    return qi, ri + (qi - (qi & 1)) // 2


class Geometry:
    """Lon/lat <-> frame kilometres <-> hex (col, row)."""

    def __init__(self) -> None:
        proj = " ".join(f"+{k}={v}" for k, v in config.PROJECTION.items())
        self.proj_string = proj + " +no_defs"
        self._fwd = Transformer.from_crs("EPSG:4326", self.proj_string, always_xy=True)
        self._inv = Transformer.from_crs(self.proj_string, "EPSG:4326", always_xy=True)
        a = math.radians(config.ROTATION_DEG)
        self._cos, self._sin = math.cos(a), math.sin(a)
        self.width = config.WIDTH
        self.height = config.HEIGHT
        self.size = config.SIZE_KM
        self.d = config.HEX_KM

    # --- projection ----------------------------------------------------------------------
    def to_frame(self, lon: FloatArray, lat: FloatArray) -> tuple[FloatArray, FloatArray]:
        x, y = self._fwd.transform(np.asarray(lon, float), np.asarray(lat, float))
        x = np.asarray(x) / 1000.0
        y = np.asarray(y) / 1000.0
        xr = x * self._cos - y * self._sin
        yr = x * self._sin + y * self._cos
        return xr - config.ORIGIN_X_KM, yr - config.ORIGIN_Y_KM

    def to_lonlat(self, fx: FloatArray, fy: FloatArray) -> tuple[FloatArray, FloatArray]:
        xr = np.asarray(fx, float) + config.ORIGIN_X_KM
        yr = np.asarray(fy, float) + config.ORIGIN_Y_KM
        x = xr * self._cos + yr * self._sin
        y = -xr * self._sin + yr * self._cos
        lon, lat = self._inv.transform(x * 1000.0, y * 1000.0)
        return np.asarray(lon), np.asarray(lat)

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.to_frame(np.array([lon]), np.array([lat]))
        return float(x[0]), float(y[0])

    # --- hexes ---------------------------------------------------------------------------
    def centre(self, col: IntArray | int, row: IntArray | int) -> tuple[FloatArray, FloatArray]:
        c = np.asarray(col, float)
        r = np.asarray(row, float)
        x = c * 1.5 * self.size
        y = -(r * self.d + (np.asarray(col) & 1) * self.d / 2.0)
        return x, y

    def hex_of(self, fx: FloatArray, fy: FloatArray) -> tuple[IntArray, IntArray]:
        """(col, row) of the hex containing each frame point (may lie off the grid)."""
        return frame_to_hex(fx, fy, self.size)

    def index_of(self, fx: FloatArray, fy: FloatArray) -> IntArray:
        """Hex index (row * width + col), or -1 off the grid."""
        col, row = self.hex_of(fx, fy)
        inside = (col >= 0) & (col < self.width) & (row >= 0) & (row < self.height)
        return np.where(inside, row * self.width + col, -1)

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        cx, cy = self.centre(col, row)
        out = []
        for i in range(6):
            ang = math.radians(60 * i)
            out.append(
                (float(cx) + self.size * math.cos(ang), float(cy) - self.size * math.sin(ang))
            )
        return out

    def hex_id(self, index: int) -> str:
        row, col = divmod(index, self.width)
        return f"{col + 1:02d}{row + 1:02d}"

    def all_centres(self) -> tuple[FloatArray, FloatArray]:
        idx = np.arange(self.width * self.height)
        row, col = np.divmod(idx, self.width)
        return self.centre(col, row)
