"""Rain in the Advanced Game (9.2, 9.3) on SBE5 positions of the real map.

9.3: in rain every attacking ground combat unit, its AA fire included, and the defender's
AA fire take one Malus; every defending ground combat unit gains one Bonus; ground support
units (artillery) are left as they are. 9.2 with 7.5.5: nobody crosses the Kerch Strait in
a rain turn. Each rule is shown against the same position in good weather (and, where the
rule differs from snow's, in snow), so a test fails if rain stops mattering or starts
mattering where it should not.

The open ground is the steppe west of Millerovo (3930: clear, no river, no city), so that
no terrain, river or city modifier mixes with the weather's.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.modifiers import AA, ARTILLERY, GROUND, BattleContext, modifiers
from hexfront.games.bite.state import BiteState

from .helpers import act, drive, move_targets

GAME = Bite()
STEPPE = "3930"  # clear, no river, beside Millerovo (4030)
MOSCOW_GARRISON = {"id": "sov-a-23", "hex": "Moscow"}  # keeps the Soviet front alive (3.1)


def position(
    side: str, phase: str, units: list[dict[str, Any]], weather: str, **extra: Any
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": 2,
            "side": side,
            "phase": phase,
            "weather": weather,
            "reinforcements": False,
            "unit": units,
            "options": {"optional_rules": "none"},  # the Advanced Game's weather alone
            **extra,
        },
    )


def first_round(side: str, units: list[dict[str, Any]], weather: str) -> dict[str, dict[str, Any]]:
    """Fight the battle at the steppe with dice that never hit (all 1s) and return each
    unit's first-round fire: its dice, the face it hits on, its Mali and Boni."""
    m = position(side, "combat", units, weather, dice=[1] * 60)
    act(m, side, "fight", hex=STEPPE)

    def fired(x: Match[BiteState]) -> bool:
        return any(e.kind == "battle_over" for e in x.state.log) or any(
            e.kind == "fire" and e.data["round"] == 2 for e in x.state.log
        )

    drive(m, fired)
    return {
        str(e.data["unit"]): dict(e.data)
        for e in m.state.log
        if e.kind == "fire" and e.data["round"] == 1
    }


# The 16th Army's guns and I Corps attack the 7th Army, every block at full strength (4).
AXIS_ATTACK = [
    {"id": "ger-c-i", "hex": STEPPE},
    {"id": "ger-a-16", "hex": STEPPE},
    {"id": "sov-a-7", "hex": STEPPE},
    MOSCOW_GARRISON,
]


def test_rain_halves_the_attackers_dice_and_helps_the_defender() -> None:  # 9.3
    good = first_round("axis", AXIS_ATTACK, "good")
    rain = first_round("axis", AXIS_ATTACK, "rain")
    # Good weather on open ground: no modifier at all.
    assert (len(good["ger-c-i"]["dice"]), good["ger-c-i"]["mali"]) == (4, 0)
    assert (good["sov-a-7"]["hit_on"], good["sov-a-7"]["boni"]) == (6, 0)
    # Rain: the attacking corps has 1 Malus (4 steps -> 2 dice), its hit number unchanged ...
    corps = rain["ger-c-i"]
    assert (len(corps["dice"]), corps["mali"], corps["boni"], corps["hit_on"]) == (2, 1, 0, 6)
    # ... and the defending army 1 Bonus (hits on 5-6), its dice unchanged.
    army = rain["sov-a-7"]
    assert (len(army["dice"]), army["mali"], army["boni"], army["hit_on"]) == (4, 0, 1, 5)


def test_rain_leaves_the_artillery_as_it_is() -> None:  # 9.3: GSU are not affected
    good = first_round("axis", AXIS_ATTACK, "good")["ger-a-16"]
    rain = first_round("axis", AXIS_ATTACK, "rain")["ger-a-16"]
    assert rain["step"] == "artillery"
    keys = ("dice", "hit_on", "mali", "boni")
    assert {k: rain[k] for k in keys} == {k: good[k] for k in keys}
    assert (len(rain["dice"]), rain["mali"]) == (4, 0)


def test_rain_has_no_soviet_exemption_unlike_snow() -> None:  # 9.3
    # The 7th Army attacks I Corps: in snow the Soviets fight without a Malus (5.1, 9.3);
    # rain hinders every attacker, Soviet ones too, and helps every defender, German ones too.
    soviet_attack = [
        {"id": "sov-a-7", "hex": STEPPE},
        {"id": "ger-c-i", "hex": STEPPE},
        MOSCOW_GARRISON,
    ]
    snow = first_round("soviet", soviet_attack, "snow")
    rain = first_round("soviet", soviet_attack, "rain")
    assert (len(snow["sov-a-7"]["dice"]), snow["sov-a-7"]["mali"]) == (4, 0)
    assert (len(rain["sov-a-7"]["dice"]), rain["sov-a-7"]["mali"]) == (2, 1)
    assert (rain["ger-c-i"]["boni"], rain["ger-c-i"]["hit_on"]) == (1, 5)
    assert snow["ger-c-i"]["boni"] == 0


def _mods(weather: str, uid: str, attacker: str, step: str) -> tuple[int, int]:
    m = position("axis", "combat", AXIS_ATTACK, weather)
    s = m.state
    defender = "soviet" if attacker == "axis" else "axis"
    ctx = BattleContext(s.w.board.node(STEPPE), attacker, defender, 2)
    mods = modifiers(s, s.pieces[uid], ctx, step)
    return mods.mali, mods.boni


def test_rain_hinders_both_sides_aa_fire_but_not_the_guns() -> None:  # 9.3
    # Attacking ground combat units' AA and the defender's AA: 1 Malus; good weather: none.
    assert _mods("rain", "ger-c-i", "axis", AA) == (1, 0)
    assert _mods("rain", "sov-a-7", "axis", AA) == (1, 0)
    assert _mods("good", "ger-c-i", "axis", AA) == (0, 0)
    assert _mods("good", "sov-a-7", "axis", AA) == (0, 0)
    # Later rounds too (the weather is not a first-round modifier).
    assert _mods("rain", "ger-c-i", "axis", GROUND) == (1, 0)
    assert _mods("rain", "sov-a-7", "axis", GROUND) == (0, 1)
    # A defending support unit gains no Bonus, an attacking one no Malus.
    assert _mods("rain", "ger-a-16", "axis", ARTILLERY) == (0, 0)
    assert _mods("rain", "ger-a-16", "soviet", ARTILLERY) == (0, 0)


# --- 9.2, 7.5.5: the Kerch crossing ------------------------------------------------------------

KERCH = "3536"  # the Crimean end of the strait
TAMAN = "3636"  # across the red arrow, on the Taman side


def crossing(side: str, weather: str, **extra: Any) -> bool:
    """Whether a corps at Kerch may cross the strait to the Taman side this movement."""
    uid = "sov-a-51" if side == "soviet" else "ger-c-xxx"
    units = [{"id": uid, "hex": "Kerch"}, MOSCOW_GARRISON]
    m = position(side, "movement", units, weather, **extra)
    assert m.state.w.board.id_of(m.state.w.board.node("Kerch")) == KERCH
    assert m.state.w.board.is_red_arrow(m.state.w.board.node(KERCH), m.state.w.board.node(TAMAN))
    return TAMAN in move_targets(m, uid)


def test_the_soviets_cross_the_kerch_strait_in_good_weather_but_not_in_rain() -> None:
    assert crossing("soviet", "good")
    assert not crossing("soviet", "rain")  # 9.2
    # Snow does not shut it (rain does, 7.5.5).
    assert crossing("soviet", "snow")


def test_the_axis_crossing_needs_sevastopol_and_dry_weather() -> None:  # 7.5.5, 9.2
    both_ends = ["Kerch", TAMAN]
    with_fortress = {"axis": [*both_ends, "Sevastopol"]}
    assert crossing("axis", "good", control=with_fortress)
    assert not crossing("axis", "rain", control=with_fortress)  # 9.2, even with Sevastopol
    assert not crossing("axis", "good", control={"axis": both_ends})  # 7.5.5
