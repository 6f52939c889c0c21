"""The printed rule charts (``data/charts.toml``): movement costs, limits, AA dice."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Charts:
    move_cost: dict[str, dict[str, int]]  # weather -> terrain -> MP
    red_arrow_cost: int
    red_arrow_lane: int
    lane: int
    lane_bad_weather: int
    max_ground: int
    max_combat: int
    air_per_airbase: int
    air_in_battle: int
    placement_default: int
    placement_double: int
    double_cities: frozenset[str]
    srm_soviet: int
    srm_axis_ussr: int
    srm_axis_scandinavia: int
    srm_cost: int
    city_aa: dict[str, tuple[int, int]]
    step_cost: dict[str, int]
    disband_pp: int
    surrender_pp: int
    ally_aid_max: int
    max_rounds: int
    max_air_rounds: int
    elite_bonus: int
    elite_defending_classes: frozenset[str]
    guards_mp: int
    guards_cavalry_mp: int


@cache
def charts() -> Charts:
    raw: dict[str, Any] = tomllib.loads(
        resources.files("hexfront.games.bite").joinpath("data/charts.toml").read_text()
    )
    mv, st, pl, srm, pr, cb = (
        raw["movement"],
        raw["stacking"],
        raw["placement"],
        raw["srm"],
        raw["production"],
        raw["combat"],
    )
    return Charts(
        move_cost={w: dict(t) for w, t in mv["cost"].items()},
        red_arrow_cost=int(mv["red_arrow"]["cost"]),
        red_arrow_lane=int(mv["red_arrow"]["lane_length"]),
        lane=int(raw["supply"]["lane"]),
        lane_bad_weather=int(raw["supply"]["lane_bad_weather"]),
        max_ground=int(st["ground"]),
        max_combat=int(st["combat"]),
        air_per_airbase=int(st["air_per_airbase"]),
        air_in_battle=int(st["air_in_battle"]),
        placement_default=int(pl["default"]),
        placement_double=int(pl["double"]),
        double_cities=frozenset(pl["double_cities"]),
        srm_soviet=int(srm["soviet"]),
        srm_axis_ussr=int(srm["axis_ussr"]),
        srm_axis_scandinavia=int(srm["axis_scandinavia"]),
        srm_cost=int(srm["cost_pp"]),
        city_aa={k: (int(v[0]), int(v[1])) for k, v in raw["city_aa"].items()},
        step_cost={k: int(v) for k, v in pr["step_cost"].items()},
        disband_pp=int(pr["disband_pp"]),
        surrender_pp=int(pr["surrender_pp"]),
        ally_aid_max=int(pr["ally_aid_max"]),
        max_rounds=int(cb["max_rounds"]),
        max_air_rounds=int(cb["max_air_rounds"]),
        elite_bonus=int(raw["elite"]["bonus"]),
        elite_defending_classes=frozenset(raw["elite"]["defending_classes"]),
        guards_mp=int(raw["elite"]["guards_mp"]),
        guards_cavalry_mp=int(raw["elite"]["guards_cavalry_mp"]),
    )
