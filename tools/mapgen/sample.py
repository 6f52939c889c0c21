"""A regular lattice of sample points over the grid, each tagged with its hex.

Per-hex shares (land, sea, forest ...) are counts of lattice points, which makes every
statistic a deterministic function of the rasters and the lattice step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from tools.mapgen.geo import Rasters
from tools.mapgen.grid import Geometry

STEP_KM = 3.0  # lattice step: about 500 samples per hex


@dataclass
class Samples:
    hex: NDArray[np.int64]  # hex index of each sample
    lon: NDArray[np.float64]
    lat: NDArray[np.float64]
    water: NDArray[np.uint8]  # 0 sea, 1 land, 2 lake, 255 no data (after corrections)
    elev: NDArray[np.float64]
    cover: NDArray[np.uint8]
    n_hex: int

    def count(self, mask: NDArray[np.bool_]) -> NDArray[np.int64]:
        return np.bincount(self.hex[mask], minlength=self.n_hex).astype(np.int64)


def build(geom: Geometry, rasters: Rasters, step: float = STEP_KM) -> Samples:
    xs = np.arange(-geom.size, (geom.width - 1) * 1.5 * geom.size + geom.size, step)
    ys = np.arange(-(geom.height - 1) * geom.d - geom.d, geom.d / 2.0, step)
    gx, gy = np.meshgrid(xs, ys)
    fx = gx.ravel()
    fy = gy.ravel()
    idx = geom.index_of(fx, fy)
    keep = idx >= 0
    fx, fy, idx = fx[keep], fy[keep], idx[keep]
    lon, lat = geom.to_lonlat(fx, fy)
    return Samples(
        hex=idx,
        lon=lon,
        lat=lat,
        water=rasters.water_mask(lon, lat),
        elev=rasters.elevation(lon, lat),
        cover=rasters.landcover(lon, lat),
        n_hex=geom.width * geom.height,
    )
