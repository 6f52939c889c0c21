"""Readers for ``../shared/geodata`` (numpy rasters and Natural Earth GeoJSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

from tools.mapgen import config

SEA, LAND, LAKE = 0, 1, 2
NODATA = 255


def _path(name: str, root: Path | None = None) -> Path:
    return (root or config.GEODATA) / name


@dataclass(frozen=True)
class Rasters:
    """The three rasters, with lookups by lon/lat arrays."""

    mask: NDArray[np.uint8]  # GSHHG: 0 sea, 1 land, 2 lake; row 0 = south edge
    mask_south: float
    mask_west: float
    mask_cell: float
    elev: NDArray[np.int16]  # ETOPO1 [lat, lon], 0.1 degree
    elev_lat0: float
    elev_lon0: float
    elev_step: float
    cover: NDArray[np.uint8]  # MODIS IGBP, row 0 = north edge
    cover_north: float
    cover_west: float
    cover_cell: float

    def water_mask(self, lon: NDArray[np.float64], lat: NDArray[np.float64]) -> NDArray[np.uint8]:
        r = np.floor((lat - self.mask_south) / self.mask_cell).astype(np.int64)
        c = np.floor((lon - self.mask_west) / self.mask_cell).astype(np.int64)
        ok = (r >= 0) & (r < self.mask.shape[0]) & (c >= 0) & (c < self.mask.shape[1])
        out = np.full(lon.shape, NODATA, np.uint8)
        out[ok] = self.mask[r[ok], c[ok]]
        return out

    def elevation(self, lon: NDArray[np.float64], lat: NDArray[np.float64]) -> NDArray[np.float64]:
        r = np.rint((lat - self.elev_lat0) / self.elev_step).astype(np.int64)
        c = np.rint((lon - self.elev_lon0) / self.elev_step).astype(np.int64)
        ok = (r >= 0) & (r < self.elev.shape[0]) & (c >= 0) & (c < self.elev.shape[1])
        out = np.full(lon.shape, np.nan)
        out[ok] = self.elev[r[ok], c[ok]]
        return out

    def landcover(self, lon: NDArray[np.float64], lat: NDArray[np.float64]) -> NDArray[np.uint8]:
        r = np.floor((self.cover_north - lat) / self.cover_cell).astype(np.int64)
        c = np.floor((lon - self.cover_west) / self.cover_cell).astype(np.int64)
        ok = (r >= 0) & (r < self.cover.shape[0]) & (c >= 0) & (c < self.cover.shape[1])
        out = np.full(lon.shape, NODATA, np.uint8)
        out[ok] = self.cover[r[ok], c[ok]]
        return out


def load_rasters(root: Path | None = None) -> Rasters:
    m = np.load(_path("gshhg_landmask_1p25min.npz", root))
    e = np.load(_path("etopo1_0p1deg.npz", root))
    c = np.load(_path("modis_landcover_igbp_0p05deg.npz", root))
    lat = e["lat"]
    lon = e["lon"]
    return Rasters(
        mask=m["mask"],
        mask_south=float(m["south"]),
        mask_west=float(m["west"]),
        mask_cell=float(m["cell_deg"]),
        elev=e["elevation_m"],
        elev_lat0=float(lat[0]),
        elev_lon0=float(lon[0]),
        elev_step=float(round(float(lat[1] - lat[0]), 6)),
        cover=c["igbp_class"],
        cover_north=float(c["north"]),
        cover_west=float(c["west"]),
        cover_cell=float(c["cell_deg"]),
    )


@dataclass(frozen=True)
class Feature:
    props: dict[str, Any]
    geom: BaseGeometry


@cache
def _features(path: Path) -> tuple[Feature, ...]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Feature(dict(f["properties"] or {}), shape(f["geometry"]))
        for f in data["features"]
        if f.get("geometry")
    )


def features(name: str, root: Path | None = None) -> tuple[Feature, ...]:
    return _features(_path(name, root))
