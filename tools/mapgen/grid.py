"""Projection and hex geometry of the generated map (numpy, vectorised).

Frame: kilometres in the rotated Lambert projection, shifted so that the centre of hex
0101 (column 0, row 0) is the origin; X grows east, Y grows north. Hexes are flat-topped
in columns, odd columns half a hex lower (odd-q), exactly as ``hexfront.engine.hexgrid``.
"""

from __future__ import annotations

import math
from typing import Any

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


class Warp:
    """A smooth displacement of the frame (Gaussian radial basis functions) that carries
    each anchor point exactly to its target; zero far from every anchor."""

    def __init__(self, points: FloatArray, shifts: FloatArray, sigma: float) -> None:
        self.points = np.asarray(points, float)
        self.sigma = sigma
        k = self._kernel(self.points[:, 0], self.points[:, 1])
        self.weights = np.linalg.solve(k, np.asarray(shifts, float))

    def _kernel(self, x: FloatArray, y: FloatArray) -> FloatArray:
        dx = np.asarray(x, float)[:, None] - self.points[None, :, 0]
        dy = np.asarray(y, float)[:, None] - self.points[None, :, 1]
        out: FloatArray = np.exp(-(dx * dx + dy * dy) / (2.0 * self.sigma**2))
        return out

    def shift(self, x: FloatArray, y: FloatArray) -> tuple[FloatArray, FloatArray]:
        x = np.atleast_1d(np.asarray(x, float))
        y = np.atleast_1d(np.asarray(y, float))
        ox = np.empty_like(x)
        oy = np.empty_like(y)
        for a in range(0, len(x), 200_000):  # bounded memory for the sample lattice
            k = self._kernel(x[a : a + 200_000], y[a : a + 200_000])
            s = k @ self.weights
            ox[a : a + 200_000] = s[:, 0]
            oy[a : a + 200_000] = s[:, 1]
        return ox, oy

    def forward(self, x: FloatArray, y: FloatArray) -> tuple[FloatArray, FloatArray]:
        sx, sy = self.shift(x, y)
        return np.asarray(x, float) + sx, np.asarray(y, float) + sy

    def inverse(self, fx: FloatArray, fy: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Undo ``forward`` by fixed-point iteration (the warp is a contraction)."""
        fx = np.atleast_1d(np.asarray(fx, float))
        fy = np.atleast_1d(np.asarray(fy, float))
        x, y = fx.copy(), fy.copy()
        for _ in range(60):
            sx, sy = self.shift(x, y)
            nx, ny = fx - sx, fy - sy
            err = float(np.max(np.hypot(nx - x, ny - y))) if len(x) else 0.0
            x, y = nx, ny
            if err < 1e-7:
                break
        else:
            raise ValueError("the warp does not invert: anchors too close with opposite shifts")
        return x, y


class Geometry:
    """Lon/lat <-> frame kilometres <-> hex (col, row)."""

    def __init__(self, game: config.Game = config.BITE) -> None:
        self.game = game
        proj = " ".join(f"+{k}={v}" for k, v in game.projection.items())
        self.proj_string = proj + " +no_defs"
        self._fwd = Transformer.from_crs("EPSG:4326", self.proj_string, always_xy=True)
        self._inv = Transformer.from_crs(self.proj_string, "EPSG:4326", always_xy=True)
        self.warp: Warp | None = None
        self.fit: Any = None  # tools.mapgen.fit.Fit for a fitted game
        self.rotation_deg = game.rotation_deg
        self.origin = (game.origin_x_km, game.origin_y_km)
        self.hex_km = game.hex_km
        if game.fitted:  # scale, rotation, origin and warp from the game's anchors
            from tools.mapgen import fit

            found = fit.solve(game, self._fwd)
            self.fit = found
            self.hex_km, self.rotation_deg = found.hex_km, found.rotation_deg
            self.origin = found.origin
            self.warp = found.warp
        a = math.radians(self.rotation_deg)
        self._cos, self._sin = math.cos(a), math.sin(a)
        self.width = game.width
        self.height = game.height
        self.size = self.hex_km / SQRT3 if game.fitted else game.size_km
        self.d = self.hex_km

    # --- projection ----------------------------------------------------------------------
    def to_frame(self, lon: FloatArray, lat: FloatArray) -> tuple[FloatArray, FloatArray]:
        x, y = self._fwd.transform(np.asarray(lon, float), np.asarray(lat, float))
        x = np.asarray(x) / 1000.0
        y = np.asarray(y) / 1000.0
        xr = x * self._cos - y * self._sin
        yr = x * self._sin + y * self._cos
        if self.warp is None:
            return xr - self.origin[0], yr - self.origin[1]
        return self.warp.forward(xr - self.origin[0], yr - self.origin[1])

    def to_lonlat(self, fx: FloatArray, fy: FloatArray) -> tuple[FloatArray, FloatArray]:
        if self.warp is not None:
            fx, fy = self.warp.inverse(np.asarray(fx, float), np.asarray(fy, float))
        xr = np.asarray(fx, float) + self.origin[0]
        yr = np.asarray(fy, float) + self.origin[1]
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
        return f"{col + self.game.id_col_base:02d}{row + 1:02d}"

    def all_centres(self) -> tuple[FloatArray, FloatArray]:
        idx = np.arange(self.width * self.height)
        row, col = np.divmod(idx, self.width)
        return self.centre(col, row)
