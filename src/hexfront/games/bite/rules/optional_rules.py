"""Optional rules of movement, supply and weather: 14.0 (terrain), 33.0-33.2 (the Axis'
first winters) and 39.0 (optional weather).

Each rule is a game option (``data/optional_rules.toml``); the rules below ask
:func:`rule_on`, so a game without the option plays exactly as before. The combat sides of
these rules are in ``modifiers.py``; air reconnaissance (19) is ``recon.py``; the special
attacks (20-22, 25, 26) are ``special_attacks.py``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from .. import forces
from ..board import CLEAR, HILLS, MOUNTAINS
from ..state import AXIS, SOVIET, BiteState, Piece
from ..units import UnitSpec
from ..versions import differs

TERRAIN = "or14_terrain"
RECON = "or19_recon"
CAVALRY_CHARGE = "or20_cavalry_charge"
PANZERS_ATTACK = "or21_panzers_attack"
JERICHO = "or22_jericho"
KATYUSHA = "or25_katyusha"
GUSTAV = "or26_gustav"
FIRST_WINTERS = "or33_first_winters"
WEATHER = "or39_weather"

LIGHT_RAIN = "light_rain"
VARIABLE_WEATHER = "variable_weather"  # state.flags key: the last variable month's weather (39.0)


def rule_on(state: BiteState, key: str) -> bool:
    """Whether the players chose to play the optional rule ``key`` (a game option)."""
    return state.options.get(key, False) is True


def bad_weather(state: BiteState) -> bool:
    """Rain, snow and (39.0) light rain are bad weather; good weather is sunny."""
    return state.weather != "good"


# --- 14.0: new terrain modifiers -------------------------------------------------------------


def moves_as_armor(spec: UnitSpec) -> bool:
    """The armour class (tankettes, tanks, Armor-HQs), and the Gustav, which moves as
    armour (26.0)."""
    return spec.is_armor or "gustav" in spec.traits


def terrain_cost(
    spec: UnitSpec, terrain: str, weather: str, cost: int | None, plain_one: bool = False
) -> int | None:
    """14.0: the MP a unit of this kind pays to enter a hex of ``terrain`` (``cost`` is the
    chart's, 7.5.3 and 9.2), or None where it may not go.

    Armour never enters mountains; in bad weather only mountain units do; mountain units
    pay one MP less for mountains and hills; cavalry pays at most 2 MP for any hex but
    mountains and, in snow, hills (``plain_one``, the Italian 2.x rules: 1 MP for a clear
    hex). Never less than 1 MP.

    >>> from hexfront.games.bite.units import UnitSpec
    >>> tank = UnitSpec("t", "T", "axis", "germany", "tank", (4,), ("red",))
    >>> alpini = UnitSpec("m", "M", "axis", "germany", "mountain", (4,), ("black",))
    >>> terrain_cost(tank, "mountains", "good", 3), terrain_cost(alpini, "hills", "good", 2)
    (None, 1)
    """
    if cost is None:
        return None
    mountain_unit = spec.cls == "mountain"
    if terrain == MOUNTAINS:
        if moves_as_armor(spec):
            return None
        if weather != "good" and not mountain_unit:
            return None
    if mountain_unit and terrain in (MOUNTAINS, HILLS):
        cost -= 1
    if (
        spec.cls == "cavalry"
        and terrain != MOUNTAINS
        and not (terrain == HILLS and weather == "snow")
    ):
        cost = min(cost, 1 if plain_one and terrain == CLEAR else 2)
    return max(1, cost)


def may_enter_terrain(state: BiteState, spec: UnitSpec, terrain: str) -> bool:
    """14.0: whether the unit may enter such a hex at all (a retreat, say, pays no MP)."""
    if not rule_on(state, TERRAIN):
        return True
    return terrain_cost(spec, terrain, state.weather, 1) is not None


def mountain_clause_absent(state: BiteState) -> bool:
    """Italian 2.x (``terrain_without_mountain_unit_combat``): 14.0 says nothing of mountain
    units in combat, so their AA fire keeps 6.1.2's exemption from the terrain Malus."""
    return differs(state.options, "terrain_without_mountain_unit_combat")


def cavalry_plain_one(state: BiteState) -> bool:
    """Italian 2.x (``cavalry_one_mp_in_plain``): 14.0's cavalry pays 1 MP for a clear hex."""
    return differs(state.options, "cavalry_one_mp_in_plain")


def light_rain_older(state: BiteState) -> bool:
    """Italian 2.x (``light_rain_spares_artillery``): in light rain only attacking ground
    and air units have the Malus (never artillery), and HQ ranges stay as in good weather."""
    return state.weather == LIGHT_RAIN and differs(state.options, "light_rain_spares_artillery")


# --- 33.0-33.2: the Axis' first winters -------------------------------------------------------


def axis_first_winter(state: BiteState) -> bool:
    """33.0: December 1941 to March 1942, with the rule played."""
    return rule_on(state, FIRST_WINTERS) and forces.in_window("axis_first_winter", state.turn)


def winter_struck(state: BiteState, spec: UnitSpec) -> bool:
    """33.0: the Axis units that suffer the first winter: all but the mountain units and
    the Finns."""
    return spec.side != SOVIET and spec.cls != "mountain" and spec.nation != "finland"


def winter_malus(state: BiteState, piece: Piece) -> int:
    """33.0: one more Malus on every fire of a struck Axis unit, attacking or defending."""
    if piece.side != AXIS or not axis_first_winter(state):
        return 0
    return 1 if winter_struck(state, state.spec(piece)) else 0


def winter_lanes(state: BiteState, side: str) -> dict[str, int]:
    """33.0: the Axis supply lanes shrink to one hex, but for the Finns (and the German
    units in Finland, who trace through the Finnish sources, 5.5), who keep the bad
    weather's two. Powers -> lane length; empty when the rule does not bite."""
    if side != AXIS or not axis_first_winter(state):
        return {}
    lanes = _winter_data()
    return {
        power: int(lanes["finland_lane"] if power == "finland" else lanes["axis_lane"])
        for power in ("germany", "italy", "finland", "romania", "hungary", "slovakia")
    }


def axis_srm_cap(state: BiteState) -> int | None:
    """33.1: the Axis rail moves inside the Soviet Union in the winters of 1941-42 and
    1942-43 (the one in Scandinavia stays); None when the rule does not bite."""
    if not rule_on(state, FIRST_WINTERS):
        return None
    return forces.axis_srm_limit(state.turn)


def winter_tracks_mp(state: BiteState, piece: Piece, mp: int) -> int:
    """33.2: Soviet tanks and Armor-HQs (not tankettes) have 4 MP from December 1941 to
    March 1942."""
    spec = state.spec(piece)
    if piece.side != SOVIET or spec.cls not in ("tank", "armor_hq"):
        return mp
    if not rule_on(state, FIRST_WINTERS) or not forces.in_window("t34_winter_tracks", state.turn):
        return mp
    return max(mp, int(_winter_data()["t34_mp"]))


# --- 39.0: optional weather -------------------------------------------------------------------


@cache
def _calendar_raw() -> dict[str, Any]:
    text = resources.files("hexfront.games.bite").joinpath("data/calendar.toml").read_text()
    return tomllib.loads(text)


def _winter_data() -> dict[str, Any]:
    found: dict[str, Any] = _calendar_raw()["first_winters"]
    return found


def weather_table() -> dict[int, str]:
    """39.0: die face -> weather of a variable month (``data/calendar.toml``)."""
    raw: dict[str, list[int]] = _calendar_raw()["weather_roll"]["optional_39"]
    return {face: weather for weather, faces in raw.items() for face in faces}


def roll_variable_weather(state: BiteState) -> str:
    """39.0: the Soviet player rolls for a variable month (good, light rain or rain); a
    result equal to the last variable month's is rolled again, since two variable months
    in a row never have the same weather. The result is remembered in the game's flags."""
    table = weather_table()
    last = state.flags.get(VARIABLE_WEATHER)
    while True:
        roll = state.dice.roll(1, "weather", state.log, by=SOVIET)[0]
        weather = table[roll]
        if weather != last:
            break
    state.flags[VARIABLE_WEATHER] = weather
    return weather
