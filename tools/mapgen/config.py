"""Every number the generator uses, in one place (documented in docs/data/map.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GEODATA = ROOT.parent / "shared" / "geodata"
CURATED = Path(__file__).resolve().parent / "curated"
OUTPUT = ROOT / "src" / "hexfront" / "games" / "bite" / "data" / "map.json.gz"

FORMAT = "hexfront-bite-map/1"

# --- grid ----------------------------------------------------------------------------
HEX_KM = 72.0  # distance between adjacent hex centres (BITE 1.0: 45 miles / 72 km)
SIZE_KM = HEX_KM / math.sqrt(3)  # centre-to-corner
COL_KM = 1.5 * SIZE_KM  # horizontal distance between columns (flat-topped hexes)

# Lambert conformal conic; standard parallels at 40 and 62 N keep the scale within
# about 2 % from Teheran (35.7 N) to Salla (66.8 N).
PROJECTION = {
    "proj": "lcc",
    "lat_1": 40.0,
    "lat_2": 62.0,
    "lat_0": 52.0,
    "lon_0": 32.0,
    "ellps": "WGS84",
    "units": "m",
}
# The grid is turned 5 degrees clockwise against the projection's axes, so that "up" is
# the meridian of about 38 E (Moscow). This is the only rotation that puts Salla,
# Gallivare and Kandalaksha on the northernmost playable row while Sverdlovsk falls
# one column east of Magnitogorsk (rule 7.5.4); see docs/data/map.md.
ROTATION_DEG = -5.0
# Centre of hex 0101 (col 0, row 0) in the rotated projection, km: the middle of the
# window found by `python -m tools.mapgen.anchors`; `hexfront map check` proves it holds.
ORIGIN_X_KM = 38.5 - 30 * COL_KM
ORIGIN_Y_KM = 66.5 + 24 * HEX_KM
WIDTH = 60
HEIGHT = 50

# Anchors of rule 7.5.4: the northernmost playable row passes through Salla, the
# easternmost playable column through Magnitogorsk.
NORTH_ANCHOR = "Salla"
EAST_ANCHOR = "Magnitogorsk"

# --- terrain thresholds (shares are of lattice samples; elevations over land samples) --
LATTICE_KM = 3.0  # sample spacing (about 500 samples per hex)
WATER_MAX_LAND = 0.35  # a hex with less land than this is all-water (unless a place is in it)
MOUNTAIN_RULES = ((1100.0, 500.0), (800.0, 350.0))  # (min 90th-percentile m, min p90-p10 m)
HILLS_MIN_P90 = 250.0
HILLS_MIN_RELIEF = 200.0  # p90 - p10, metres
FOREST_MIN = 0.55  # share of land samples with IGBP forest or woody-savanna cover
WETLAND_MIN = 0.25  # share of land samples with IGBP wetland cover
AREA_SHARE = 0.40  # curated marsh/hills polygon must cover this share of a hex's land
COAST_MIN_WATER = 0.03  # a land hex with this much sea/lake next to a water hex is coastal
COAST_MIN_SEA = 0.08  # ... or this much sea anywhere
# Major cities are never mountain hexes (they stand in valleys): mountains become hills.
CITY_TYPES_NOT_MOUNTAIN = ("capital", "major", "fortress")
DEEP_WATER_MAX_LAND = 0.12  # a side between two land hexes whose edge has less land is deep water


# --- games -----------------------------------------------------------------------------
# One generator, several grids. ``Game`` holds what differs between the boards; the
# constants above are BITE's values, and ``BITE`` below repeats them, so the BITE map is
# built exactly as before. Every other module receives a ``Game`` (default BITE).
@dataclass(frozen=True)
class Game:
    key: str
    format: str
    width: int
    height: int
    hex_km: float
    projection: dict[str, Any]
    rotation_deg: float
    origin_x_km: float
    origin_y_km: float
    output: Path
    curated: Path  # the game's own curated folder (BITE: curated/)
    lattice_km: float = LATTICE_KM
    # Fitted games: anchors (curated ``anchors.toml``) set scale, rotation and origin by
    # least squares, and a smooth warp then carries every anchor into its hex.
    fitted: bool = False
    warp_sigma_hex: float = 0.0
    # Printed column of the grid's column 0. BITE numbers from 01, so its even printed
    # columns are the engine's odd (lower) ones; Stalin's War's text shifts its odd printed
    # columns down, so its grid starts at printed column 00.
    id_col_base: int = 1

    @property
    def size_km(self) -> float:
        return self.hex_km / math.sqrt(3)


BITE = Game(
    key="bite",
    format=FORMAT,
    width=WIDTH,
    height=HEIGHT,
    hex_km=HEX_KM,
    projection=PROJECTION,
    rotation_deg=ROTATION_DEG,
    origin_x_km=ORIGIN_X_KM,
    origin_y_km=ORIGIN_Y_KM,
    output=OUTPUT,
    curated=CURATED,
)

# Stalin's War: the text gives hex ids, not a scale; about 100 km a hex by the review the
# digest cites. Scale, rotation and origin are fitted to the text's anchors (fit.py);
# the numbers here are only the projection and the grid's extent.
STALINS_WAR = Game(
    key="stalins_war",
    format="hexfront-stalins-war-map/1",
    width=43,
    height=41,
    hex_km=0.0,  # fitted
    projection={
        "proj": "lcc",
        "lat_1": 42.0,
        "lat_2": 58.0,
        "lat_0": 50.0,
        "lon_0": 35.0,
        "ellps": "WGS84",
        "units": "m",
    },
    rotation_deg=0.0,  # fitted
    origin_x_km=0.0,  # fitted
    origin_y_km=0.0,  # fitted
    output=ROOT / "src" / "hexfront" / "games" / "stalins_war" / "data" / "map.json.gz",
    curated=CURATED / "stalins_war",
    lattice_km=5.0,
    fitted=True,
    warp_sigma_hex=1.6,
    id_col_base=0,
)

GAMES = {g.key: g for g in (BITE, STALINS_WAR)}
