"""Loading the hand-made files in ``curated/`` (TOML)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from shapely.geometry import Polygon

from tools.mapgen import config


@cache
def load(name: str, folder: Path | None = None) -> dict[str, Any]:
    """A curated TOML file: the game's own folder (default BITE's ``curated/``)."""
    with ((folder or config.CURATED) / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def polygon(points: list[list[float]]) -> Polygon:
    """A lon/lat polygon from a list of [lon, lat] pairs (closed automatically)."""
    poly = Polygon([(float(x), float(y)) for x, y in points])
    if not poly.is_valid:
        poly = poly.buffer(0)
    return poly
