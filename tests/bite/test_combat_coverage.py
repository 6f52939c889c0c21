"""Combat rules that had no test to catch a break (audit of docs/rules-coverage.md), and
three fixes: fortifications lost without a battle (BOX 1), no retreat into an enemy-held
city (7.7.15), and Mannerheim firing as artillery (7.7.4).

Every position is on the real map of the SBE4 scenario (games/bite/position.py), with
loaded dice. The usual open ground is the steppe west of Millerovo (3930, clear, no river).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.modifiers import fortification
from hexfront.games.bite.rules.retreat import ground_retreat_hexes
from hexfront.games.bite.state import BiteState

from .helpers import act, at_prompt, drive
from .helpers import sbe4_position as position

GAME = Bite()
STEPPE = "3930"  # clear, no river, beside Millerovo (4030)
# A Soviet army far from every battle. The front rule (3.1) traces the Soviet front from
# Soviet ground units (Siberia is linked to the map by rail only): without one, every
# Soviet city would change hands at the end of a combat phase in which the last Soviet
# unit of a position falls.
MOSCOW_GARRISON = {"id": "sov-a-23", "hex": "Moscow"}


def fires(m: Match[BiteState], step: str | None = None) -> list[dict[str, Any]]:
    return [
        dict(e.data)
        for e in m.state.log
        if e.kind == "fire" and (step is None or e.data["step"] == step)
    ]


def events(m: Match[BiteState], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def node(m: Match[BiteState], place: str) -> int:
    return m.state.w.board.node(place)


def places_aa(m: Match[BiteState]) -> list[dict[str, Any]]:
    """The anti-aircraft rolls of the places themselves (7.7.2), not of units."""
    places = ("major", "minor", "capital", "fortress", "bunker")
    return [
        dict(e.data)
        for e in m.state.log
        if e.kind == "roll"
        and str(e.data["purpose"]).startswith(tuple(f"aa: {p} " for p in places))
    ]


def battle_over(m: Match[BiteState]) -> bool:
    return any(e.kind == "battle_over" for e in m.state.log)


# --- BOX 1: a fortress or bunker that changes hands without a battle ----------------------


def test_an_empty_fortress_entered_becomes_a_bunker_and_an_empty_bunker_is_destroyed() -> None:
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-xxx", "hex": "Simferopol"},
            {"id": "ger-c-liv", "hex": "Kherson"},
            {"id": "sov-a-51", "hex": "3233"},
        ],
    )
    s = m.state
    assert fortification(s, node(m, "Sevastopol")) == "fortress"
    assert fortification(s, node(m, "Armjansk")) == "bunker"
    act(m, "axis", "move", unit="ger-c-xxx", to="3137")  # Sevastopol
    act(m, "axis", "move", unit="ger-c-liv", to="3135")  # Armjansk
    assert s.control[node(m, "Sevastopol")] == "axis"
    # BOX 1: a fortress that falls to the enemy is a bunker from then on ...
    assert fortification(s, node(m, "Sevastopol")) == "bunker"
    # ... and a bunker that falls is destroyed.
    assert fortification(s, node(m, "Armjansk")) is None
    # Retaken, the former fortress loses its bunker too.
    from hexfront.games.bite.rules.basics import take_control

    take_control(s, "soviet", [node(m, "Sevastopol")])
    assert fortification(s, node(m, "Sevastopol")) is None


def test_a_fortress_won_in_battle_becomes_a_bunker_once_and_the_log_says_it() -> None:
    # I Corps (4) attacks the Coastal Army (1 step) in Sevastopol. BOX 1: 2 Mali for the
    # attacker (4 steps -> 1 die), 2 Boni for the defender (6 -> 4-6). The defender misses
    # (3), the attacker hits (6): the fortress falls, and is a bunker, not destroyed.
    m = position(
        "axis",
        "combat",
        [
            {"id": "ger-c-i", "hex": "Sevastopol"},
            {"id": "sov-a-51", "hex": "Sevastopol", "strength": 1},
            MOSCOW_GARRISON,
        ],
        [3, 6],
    )
    act(m, "axis", "fight", hex="3137")
    drive(m, battle_over)
    ground = {f["unit"]: f for f in fires(m, "ground")}
    assert (len(ground["sov-a-51"]["dice"]), ground["sov-a-51"]["hit_on"]) == (1, 4)
    assert (len(ground["ger-c-i"]["dice"]), ground["ger-c-i"]["mali"]) == (1, 2)
    s = m.state
    assert s.control[node(m, "Sevastopol")] == "axis"
    assert fortification(s, node(m, "Sevastopol")) == "bunker"
    lost = [e for e in s.log if e.kind == "fortification_lost"]
    assert len(lost) == 1
    line = text.log_line(lost[0].to_json())
    assert line == "Sevastopol falls to the Axis: its fortress is now a bunker"


def test_a_bunker_left_behind_the_front_line_is_destroyed() -> None:
    # 3.1: German corps at Armjansk and 3334 put every hex around Solone Ozero in their
    # zones of control; at the end of ground movement it is behind the Axis front line and
    # changes hands without a fight. BOX 1: its bunker is destroyed.
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-liv", "hex": "Kherson"},
            {"id": "ger-c-xi", "hex": "3433"},
            {"id": "sov-a-51", "hex": "Yevpatoria"},
        ],
    )
    s = m.state
    ozero = node(m, "Solone Ozero")
    act(m, "axis", "move", unit="ger-c-liv", to="3135")  # Armjansk
    act(m, "axis", "move", unit="ger-c-xi", to="3334")
    assert s.control[ozero] == "soviet"
    assert fortification(s, ozero) == "bunker"
    act(m, "axis", "end_ground")
    assert s.control[ozero] == "axis"
    assert fortification(s, ozero) is None


# --- 7.7.15: no retreat into an enemy-held city ---------------------------------------------


def test_a_retreat_never_enters_an_empty_enemy_held_city() -> None:
    # The 7th Army at 3930, attacked by I Corps. Millerovo (4030), next to it and on the
    # way east to the Soviet sources, is empty but held by the Axis (7.7.15 a: never into
    # an enemy-held city; b does not apply: it is neither friendly nor holds friends).
    m = position(
        "axis",
        "combat",
        [{"id": "sov-a-7", "hex": STEPPE}, {"id": "ger-c-i", "hex": STEPPE}],
        [1] * 8,
        control={"axis": ["Millerovo"]},
    )
    s = m.state
    act(m, "axis", "fight", hex=STEPPE)
    drive(m, at_prompt("retreat", "soviet"))
    offered = {str(a.args["to"]) for a in m.legal_actions("soviet") if a.verb == "retreat"}
    assert offered  # it may fall back elsewhere
    assert "4030" not in offered
    assert node(m, "Millerovo") not in ground_retreat_hexes(s, s.pieces["sov-a-7"], node(m, STEPPE))
    # Held by the Soviets, the same city is a fine retreat hex (b: a friendly city).
    s.control[node(m, "Millerovo")] = "soviet"
    assert node(m, "Millerovo") in ground_retreat_hexes(s, s.pieces["sov-a-7"], node(m, STEPPE))


# --- 7.7.4: Mannerheim fires as artillery ---------------------------------------------------


def mannerheim_battle(side: str, dice: Sequence[int]) -> Match[BiteState]:
    """The Finnish IV Corps with Mannerheim and the 7th Army in one clear hex (3308) of the
    Finnish attack zone; ``side`` is the attacker."""
    return position(
        side,
        "combat",
        [
            {"id": "fin-c-iv", "hex": "3308"},
            {"id": "fin-mannerheim", "hex": "3308"},
            {"id": "sov-a-7", "hex": "3308"},
        ],
        dice,
    )


def test_mannerheim_fires_as_artillery_at_5_6_and_spends_a_step() -> None:
    # 7.7.4: Mannerheim hits at 5-6 in the artillery step, one die per step, then loses a
    # step as artillery does. Its three dice (6, 5, 4) hit twice; the 7th Army (4) drops to 2.
    m = mannerheim_battle("axis", [6, 5, 4] + [1] * 20)
    act(m, "axis", "fight", hex="3308")
    drive(m, lambda x: bool(fires(x, "ground")))
    art = fires(m, "artillery")
    assert [(f["unit"], len(f["dice"]), f["hit_on"], f["hits"]) for f in art] == [
        ("fin-mannerheim", 3, 5, 2)
    ]
    assert m.state.strength(m.state.pieces["sov-a-7"]) == 2
    assert m.state.strength(m.state.pieces["fin-mannerheim"]) == 2
    # it fires before the ground combat step, and never in it (a support unit)
    log = [e.data["step"] for e in m.state.log if e.kind == "fire"]
    assert log[0] == "artillery"
    assert all(f["unit"] != "fin-mannerheim" for f in fires(m, "ground"))


def test_mannerheim_defending_fires_as_artillery_too() -> None:
    m = mannerheim_battle("soviet", [6, 5, 4] + [1] * 20)
    act(m, "soviet", "fight", hex="3308")
    drive(m, lambda x: bool(fires(x, "ground")))
    art = fires(m, "artillery")
    assert [(f["unit"], len(f["dice"]), f["hit_on"], f["hits"]) for f in art] == [
        ("fin-mannerheim", 3, 5, 2)
    ]


# --- BOX 1, 7.7.2, 7.7.6: fortresses and bunkers ------------------------------------------


def fortified_battle(place: str, approach: str) -> Match[BiteState]:
    """I Corps and the 4th Army (artillery) walk into ``place`` from ``approach`` (no river
    between), and a bomber of I Fliegerkorps flies in from Iasi, against the Coastal Army.
    Every die misses, so the first round shows every modifier at full strength."""
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-i", "hex": approach},
            {"id": "ger-a-4", "hex": approach},
            {"id": "ger-fk-i", "hex": "Iasi"},
            {"id": "sov-a-51", "hex": place},
            MOSCOW_GARRISON,
        ],
        [1] * 60,
    )
    to = m.state.w.board.id_of(node(m, place))
    act(m, "axis", "move", unit="ger-c-i", to=to)
    act(m, "axis", "move", unit="ger-a-4", to=to)  # 3.8: after the combat unit
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="ger-fk-i", to=to)
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex=to)
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    return m


def test_fortress_and_bunker_hinder_every_attacker_and_help_defending_combat_units() -> None:
    for place, approach, label, mali, aa_dice in (
        ("Sevastopol", "Simferopol", "fortress", 2, 2),
        ("Armjansk", "Kherson", "bunker", 1, 1),
    ):
        m = fortified_battle(place, approach)
        by = {(f["step"], f["unit"]): f for f in fires(m, None)}
        # BOX 1: every attacking unit, air (7.7.3) and artillery (7.7.4) included, gets the
        # Mali: 2 for a fortress (4 steps -> 1 die), 1 for a bunker (4 -> 2 dice).
        for key in (("a2g", "ger-fk-i"), ("artillery", "ger-a-4"), ("ground", "ger-c-i")):
            assert by[key]["mali"] == mali, (place, key)
            assert len(by[key]["dice"]) == 4 >> mali, (place, key)
        # Defending combat units gain the Boni (6 -> 4-6 or 5-6), but never on their AA.
        assert by[("ground", "sov-a-51")]["boni"] == mali
        assert by[("ground", "sov-a-51")]["hit_on"] == 6 - mali
        assert by[("aa", "sov-a-51")]["boni"] == 0
        assert by[("aa", "sov-a-51")]["hit_on"] == 6
        # 7.7.2: the place's own anti-aircraft guns: a fortress 2 dice, a bunker 1, at 5-6.
        place_aa = places_aa(m)
        assert [(p["purpose"], len(p["dice"])) for p in place_aa[:1]] == [
            (f"aa: {label} hits on 5-6", aa_dice)
        ]


def test_the_anti_aircraft_fire_of_cities() -> None:
    # 7.7.2: a major city rolls 2 dice and a minor city 1 die, hitting on 6. The bomber is
    # not hindered by the major city (7.7.6: air units ignore the terrain).
    for place, label, count in (("Kirovograd", "major", 2), ("Tarnopol", "minor", 1)):
        m = position(
            "axis",
            "movement",
            [
                {"id": "ger-fk-i", "hex": "Iasi"},
                {"id": "sov-a-51", "hex": place},
                MOSCOW_GARRISON,
            ],
            [1] * 30,
        )
        to = m.state.w.board.id_of(node(m, place))
        act(m, "axis", "end_ground")
        act(m, "axis", "fly", unit="ger-fk-i", to=to)
        drive(m, at_prompt("choose_battle", "axis"))
        act(m, "axis", "fight", hex=to)
        drive(m, lambda x: bool(fires(x, "a2g")))
        place_aa = places_aa(m)
        assert [(p["purpose"], len(p["dice"])) for p in place_aa] == [
            (f"aa: {label} hits on 6", count)
        ]
        bomb = fires(m, "a2g")[0]
        assert (bomb["mali"], len(bomb["dice"]), bomb["hit_on"]) == (0, 4, 5)
        # A city the defender does not hold fires no anti-aircraft dice.
        from hexfront.games.bite.rules.combat import city_aa
        from hexfront.games.bite.rules.modifiers import BattleContext

        ctx = BattleContext(node(m, place), "axis", "soviet", 1)
        assert city_aa(m.state, ctx) == [(label, count, 6)]
        m.state.control[node(m, place)] = "axis"
        assert city_aa(m.state, ctx) == []


# --- BOX 1: red arrows and straits; rivers; the first round only ---------------------------


def kerch_battle(*, with_feodosia: bool) -> Match[BiteState]:
    """XXX Corps crosses the Kerch strait (a red arrow) from 3636 against the 51st Army in
    Kerch, where a Soviet fighter is based; with ``with_feodosia`` XI Corps attacks too,
    from Feodosia, by land. The Axis holds Sevastopol, so the strait is open (7.5.5)."""
    units: list[dict[str, Any]] = [
        {"id": "ger-c-xxx", "hex": "3636"},
        {"id": "sov-a-51", "hex": "Kerch"},
        {"id": "sov-vvs-chf", "hex": "Kerch"},
        MOSCOW_GARRISON,
    ]
    if with_feodosia:
        units.append({"id": "ger-c-xi", "hex": "Feodosia"})
    m = position("axis", "movement", units, [1] * 80, control={"axis": ["Sevastopol"]})
    act(m, "axis", "move", unit="ger-c-xxx", to="3536")
    if with_feodosia:
        act(m, "axis", "move", unit="ger-c-xi", to="3536")
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex="3536")
    drive(m, lambda x: len([f for f in fires(x, "ground") if f["round"] == 2]) >= 2)
    return m


def test_crossing_a_red_arrow_gives_two_mali_in_the_first_round_only() -> None:
    m = kerch_battle(with_feodosia=False)
    rnd = {(f["round"], f["step"], f["unit"]): f for f in fires(m)}
    # Round 1: 2 Mali on the attack and on the attacker's AA (4 steps -> 1 die) ...
    assert rnd[(1, "ground", "ger-c-xxx")]["mali"] == 2
    assert len(rnd[(1, "ground", "ger-c-xxx")]["dice"]) == 1
    assert rnd[(1, "aa", "ger-c-xxx")]["mali"] == 2
    assert len(rnd[(1, "aa", "ger-c-xxx")]["dice"]) == 1
    # ... and, as every attacker crossed, 1 Bonus to the defending combat unit.
    assert rnd[(1, "ground", "sov-a-51")]["hit_on"] == 5
    # Round 2: no more Mali, no more Bonus.
    assert rnd[(2, "ground", "ger-c-xxx")]["mali"] == 0
    assert len(rnd[(2, "ground", "ger-c-xxx")]["dice"]) == 4
    assert rnd[(2, "aa", "ger-c-xxx")]["mali"] == 0
    assert rnd[(2, "ground", "sov-a-51")]["hit_on"] == 6


def test_no_bonus_when_not_every_attacker_crossed_the_strait() -> None:
    m = kerch_battle(with_feodosia=True)
    rnd = {(f["round"], f["step"], f["unit"]): f for f in fires(m)}
    assert rnd[(1, "ground", "ger-c-xxx")]["mali"] == 2  # crossed the strait
    assert rnd[(1, "ground", "ger-c-xi")]["mali"] == 0  # came by land
    assert rnd[(1, "ground", "sov-a-51")]["boni"] == 0
    assert rnd[(1, "ground", "sov-a-51")]["hit_on"] == 6


def test_crossing_a_river_gives_a_malus_and_a_bonus_in_the_first_round_only() -> None:
    # I Corps crosses the Don from 3927 into 3827 (clear, no city) against the 7th Army.
    m = position(
        "axis",
        "movement",
        [{"id": "ger-c-i", "hex": "3927"}, {"id": "sov-a-7", "hex": "3827"}, MOSCOW_GARRISON],
        [1] * 40,
    )
    assert m.state.w.board.river_between(node(m, "3927"), node(m, "3827")) == "Don"
    act(m, "axis", "move", unit="ger-c-i", to="3827")
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex="3827")
    drive(m, lambda x: len([f for f in fires(x, "ground") if f["round"] == 2]) >= 2)
    rnd = {(f["round"], f["unit"]): f for f in fires(m, "ground")}
    assert (rnd[(1, "ger-c-i")]["mali"], len(rnd[(1, "ger-c-i")]["dice"])) == (1, 2)
    assert rnd[(1, "sov-a-7")]["hit_on"] == 5
    assert (rnd[(2, "ger-c-i")]["mali"], len(rnd[(2, "ger-c-i")]["dice"])) == (0, 4)
    assert rnd[(2, "sov-a-7")]["hit_on"] == 6


# --- 7.7.2, 7.7.6, 6.3.1: an attack on Yalta, in the mountains ------------------------------


def yalta_battle(based: str = "sov-vvs-kbf") -> Match[BiteState]:
    """I Corps and the 4th Army (artillery) climb from Simferopol into Yalta (a minor city
    in the mountains, no river), and a bomber of I Fliegerkorps flies in from Iasi. The
    51st Army holds Yalta, with a Soviet air unit (``based``; a bomber unless said, so that
    no air-to-air combat is fought) on its airfield. Every die misses."""
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-i", "hex": "Simferopol"},
            {"id": "ger-a-4", "hex": "Simferopol"},
            {"id": "ger-fk-i", "hex": "Iasi"},
            {"id": "sov-a-51", "hex": "Yalta"},
            {"id": based, "hex": "Yalta"},
            MOSCOW_GARRISON,
        ],
        [1] * 80,
    )
    act(m, "axis", "move", unit="ger-c-i", to="3237")
    act(m, "axis", "move", unit="ger-a-4", to="3237")
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="ger-fk-i", to="3237")
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex="3237")
    drive(m, lambda x: len(fires(x, "ground")) >= 2 or len(fires(x, "a2a")) >= 2)
    return m


def first_round(m: Match[BiteState]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(f["step"], f["unit"]): f for f in fires(m) if f["round"] == 1}


def test_the_attackers_anti_aircraft_fire_suffers_the_terrain_malus() -> None:
    m = yalta_battle()
    fired = first_round(m)
    # 7.7.2: the attacker's ground units fire at the defender's air units too. BOX 1: the
    # mountains give an attacking combat unit's AA 1 Malus (4 steps -> 2 dice, at 6) ...
    assert fired[("aa", "ger-c-i")]["mali"] == 1
    assert len(fired[("aa", "ger-c-i")]["dice"]) == 2
    assert fired[("aa", "ger-c-i")]["hit_on"] == 6
    # ... but not an attacking support unit's (7.7.6): the artillery's 4 dice at 5-6.
    assert fired[("aa", "ger-a-4")]["mali"] == 0
    assert len(fired[("aa", "ger-a-4")]["dice"]) == 4
    assert fired[("aa", "ger-a-4")]["hit_on"] == 5
    # The defender's AA: the army's 4 dice at 6, and the minor city's 1 die at 6.
    assert len(fired[("aa", "sov-a-51")]["dice"]) == 4
    assert fired[("aa", "sov-a-51")]["mali"] == 0
    assert [(p["purpose"], len(p["dice"])) for p in places_aa(m)][:1] == [
        ("aa: minor hits on 6", 1)
    ]


def test_attacking_artillery_and_air_units_ignore_the_terrain() -> None:
    fired = first_round(yalta_battle())
    # 7.7.6: the mountains hinder the attacking combat unit (4 steps -> 2 dice) ...
    assert (fired[("ground", "ger-c-i")]["mali"], len(fired[("ground", "ger-c-i")]["dice"])) == (
        1,
        2,
    )
    # ... but neither the attacking artillery nor the bomber: 4 dice each, at 5-6.
    for key in (("artillery", "ger-a-4"), ("a2g", "ger-fk-i")):
        assert (fired[key]["mali"], len(fired[key]["dice"]), fired[key]["hit_on"]) == (0, 4, 5)


def test_a_fighter_on_its_airfield_scrambles_and_fights_in_the_first_round() -> None:
    # 6.3.1, 7.7.3.1: the Soviet fighter based in Yalta takes off at once and fights in the
    # first air-to-air round (a bomber on the ground would sit it out).
    m = yalta_battle("sov-vvs-chf")
    a2a = [f for f in fires(m, "a2a") if f["round"] == 1 and f["air_round"] == 1]
    assert {f["unit"]: f["hit_on"] for f in a2a} == {"sov-vvs-chf": 6, "ger-fk-i": 6}
    assert m.state.pieces["sov-vvs-chf"].base < 0  # it was on the ground, not reacting


# --- 7.7.4, 6.1.4: the artillery step ---------------------------------------------------------


def test_the_attackers_artillery_fires_first_and_its_hits_land_before_the_defender_fires() -> None:
    # On the steppe: I Corps with the 4th Army (German artillery, 4, 5-6) attack the 7th
    # Army (3) with the 7th Breakthrough Artillery (4). The German guns roll 6, 5, 1, 1: two
    # hits on the strongest Soviet unit, the artillery, whose step costs two hits (7.7.8):
    # 4 -> 2. Only then do the Soviet guns fire, with 2 dice. Each gun loses a step after
    # firing (ammunition). Ground combat comes after, the defender first (7.7.5).
    m = position(
        "axis",
        "combat",
        [
            {"id": "ger-c-i", "hex": STEPPE},
            {"id": "ger-a-4", "hex": STEPPE},
            {"id": "sov-a-7", "hex": STEPPE, "strength": 3},
            {"id": "sov-art-7", "hex": STEPPE},
            MOSCOW_GARRISON,
        ],
        [6, 5, 1, 1] + [1] * 20,
    )
    act(m, "axis", "fight", hex=STEPPE)
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    order = [(f["step"], f["unit"], len(f["dice"])) for f in fires(m)]
    assert order == [
        ("artillery", "ger-a-4", 4),
        ("artillery", "sov-art-7", 2),
        ("ground", "sov-a-7", 3),
        ("ground", "ger-c-i", 4),
    ]
    s = m.state
    assert s.strength(s.pieces["ger-a-4"]) == 2
    assert s.strength(s.pieces["sov-art-7"]) == 0


def test_anti_aircraft_fire_costs_the_artillery_no_ammunition() -> None:
    # The 6.1.4 example: the 4th Army (artillery, 4) under a Soviet long-range bomber. Its
    # AA rolls 4 dice at 5-6 in every round: firing AA does not turn the block (6.1.4).
    m = position(
        "soviet",
        "movement",
        [
            {"id": "ger-a-4", "hex": STEPPE},
            {"id": "sov-add-1", "hex": "Millerovo"},
            MOSCOW_GARRISON,
        ],
        [1] * 40,
    )
    act(m, "soviet", "end_ground")
    act(m, "soviet", "fly", unit="sov-add-1", to=STEPPE)
    drive(m, at_prompt("choose_battle", "soviet"))
    act(m, "soviet", "fight", hex=STEPPE)
    drive(m, lambda x: len(fires(x, "aa")) >= 2)
    assert [(f["round"], len(f["dice"]), f["hit_on"]) for f in fires(m, "aa")] == [
        (1, 4, 5),
        (2, 4, 5),
    ]
    assert m.state.strength(m.state.pieces["ger-a-4"]) == 4


# --- 7.7.14: partial hexes ----------------------------------------------------------------


def test_a_partial_hex_on_the_map_edge_is_no_retreat_hex() -> None:
    # Sverdlovsk (5916) lies on a partial hex of the east edge. It is a Soviet city and a
    # supply source, so 7.7.15 alone would accept it; 7.7.14 forbids partial hexes.
    m = position(
        "axis",
        "combat",
        [{"id": "sov-a-7", "hex": "5816"}, {"id": "ger-c-i", "hex": "5816"}],
        [1] * 20,
    )
    s = m.state
    board = s.w.board
    sverdlovsk = node(m, "Sverdlovsk")
    assert board.id_of(sverdlovsk) == "5916"
    assert not board.playable[sverdlovsk]
    assert s.control[sverdlovsk] == "soviet"
    assert sverdlovsk in board.adjacency[node(m, "5816")]
    act(m, "axis", "fight", hex="5816")
    drive(m, at_prompt("retreat", "soviet"))
    offered = {str(a.args["to"]) for a in m.legal_actions("soviet") if a.verb == "retreat"}
    assert offered  # it may fall back west
    assert "5916" not in offered


# --- 7.7.16, 7.6.2: no airbase in range ---------------------------------------------------

# Autumn 1941: the Crimea and the coast have fallen; Sevastopol holds out. These are every
# Soviet airbase within a fighter's range (5) of Sevastopol.
CRIMEA_LOST = [
    "Armjansk",
    "Berdyansk",
    "Dzhankoy",
    "Feodosia",
    "Izmail",
    "Kerch",
    "Kherson",
    "Krivoi Rog",
    "Melitopol",
    "Nikolayev",
    "Odessa",
    "Simferopol",
    "Yalta",
    "Yevpatoria",
]


def test_an_air_unit_with_no_airbase_in_range_may_only_retreat_to_its_end() -> None:
    from hexfront.engine.protocol import Action
    from hexfront.games.bite.rules.retreat import air_retreat_hexes

    m = position(
        "axis",
        "combat",
        [
            {"id": "ger-c-i", "hex": "Sevastopol"},
            {"id": "sov-a-51", "hex": "Sevastopol"},
            {"id": "sov-vvs-chf", "hex": "Sevastopol"},
            MOSCOW_GARRISON,
        ],
        [1] * 40,
        control={"axis": CRIMEA_LOST},
    )
    s = m.state
    fighter = s.pieces["sov-vvs-chf"]
    assert air_retreat_hexes(s, fighter) == []
    act(m, "axis", "fight", hex="3137")
    drive(m, at_prompt("retreat", "soviet"))
    # 7.7.16: an air unit that cannot reach an airbase is eliminated; 7.7.18: it may
    # still choose to retreat, and that is the only retreat offered.
    mine = [a for a in m.legal_actions("soviet") if a.args.get("unit") == "sov-vvs-chf"]
    assert mine == [Action("soviet", "eliminate", {"unit": "sov-vvs-chf", "retreat": True})]
    m.act(mine[0])
    assert fighter.status == "eliminated"
    # With Yalta still Soviet, the same fighter would fly there.
    s2 = position(
        "axis",
        "combat",
        [
            {"id": "ger-c-i", "hex": "Sevastopol"},
            {"id": "sov-a-51", "hex": "Sevastopol"},
            {"id": "sov-vvs-chf", "hex": "Sevastopol"},
            MOSCOW_GARRISON,
        ],
        control={"axis": [c for c in CRIMEA_LOST if c != "Yalta"]},
    ).state
    assert air_retreat_hexes(s2, s2.pieces["sov-vvs-chf"]) == [node(m, "Yalta")]


def test_an_air_unit_alone_on_its_airbase_with_nowhere_to_fly_surrenders() -> None:
    # 7.6.2 (note after 7.7.5): XXX Corps walks into Sevastopol, where only a Soviet fighter
    # stands. It must evacuate, losing a step, to an airbase in range: there is none, so it
    # surrenders.
    units = [
        {"id": "ger-c-xxx", "hex": "Simferopol"},
        {"id": "sov-vvs-chf", "hex": "Sevastopol"},
        MOSCOW_GARRISON,
    ]
    m = position("axis", "movement", units, control={"axis": CRIMEA_LOST})
    act(m, "axis", "move", unit="ger-c-xxx", to="3137")
    assert m.state.pieces["sov-vvs-chf"].status == "eliminated"
    assert [e["why"] for e in events(m, "eliminated")] == ["air evacuation failed"]
    # With Yalta still Soviet, it flies there, a step weaker.
    yalta = {"axis": [c for c in CRIMEA_LOST if c != "Yalta"]}
    m = position("axis", "movement", units, control=yalta)
    act(m, "axis", "move", unit="ger-c-xxx", to="3137")
    fighter = m.state.pieces["sov-vvs-chf"]
    assert (fighter.status, fighter.node, m.state.strength(fighter)) == ("map", node(m, "Yalta"), 3)


# --- 7.6, 3.10: reaction and the air units of a battle -------------------------------------


def reactions(m: Match[BiteState]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a in m.legal_actions("soviet"):
        if a.verb == "react":
            out.setdefault(str(a.args["unit"]), set()).add(str(a.args["to"]))
    return out


def test_air_units_already_in_a_battle_hex_cannot_react_elsewhere() -> None:
    # Two German attacks: on Kirovograd, where a Soviet fighter is based, and on Krivoi
    # Rog. A second fighter, at Nikolayev, may fly to either; the one in Kirovograd is
    # already under attack and stays there (7.6).
    m = position(
        "axis",
        "reaction",
        [
            {"id": "ger-c-i", "hex": "Kirovograd"},
            {"id": "sov-a-7", "hex": "Kirovograd"},
            {"id": "sov-vvs-k-f", "hex": "Kirovograd"},
            {"id": "ger-c-ii", "hex": "Krivoi Rog"},
            {"id": "sov-a-8", "hex": "Krivoi Rog"},
            {"id": "sov-vvs-o-f", "hex": "Nikolayev"},
            MOSCOW_GARRISON,
        ],
    )
    assert at_prompt("reaction", "soviet")(m)
    assert reactions(m) == {"sov-vvs-o-f": {"3031", "3132"}}


def test_at_most_two_air_units_of_a_side_in_a_battle() -> None:
    # 3.10: a side may bring one air unit more than the one an airbase holds: two at most.
    # The defender: a fighter based in Tarnopol, and one of two fighters in range reacts;
    # then the other may not.
    m = position(
        "axis",
        "reaction",
        [
            {"id": "ger-c-i", "hex": "Tarnopol"},
            {"id": "sov-a-7", "hex": "Tarnopol"},
            {"id": "sov-vvs-k-f", "hex": "Tarnopol"},
            {"id": "sov-vvs-o-f", "hex": "Kamenets-Podolsky"},
            {"id": "sov-vvs-w-f", "hex": "Lvov"},
            MOSCOW_GARRISON,
        ],
    )
    assert reactions(m) == {"sov-vvs-o-f": {"2329"}, "sov-vvs-w-f": {"2329"}}
    act(m, "soviet", "react", unit="sov-vvs-o-f", to="2329")
    assert "react" not in {a.verb for a in m.legal_actions("soviet")}
    # The attacker: three German air units in range of Tarnopol; after two, the third may
    # not fly there.
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-jg-54", "hex": "Iasi"},
            {"id": "ger-fk-i", "hex": "Suceava"},
            {"id": "ger-fk-ii", "hex": "Ungvar"},
            {"id": "sov-a-7", "hex": "Tarnopol"},
            MOSCOW_GARRISON,
        ],
    )
    act(m, "axis", "end_ground")

    def missions(uid: str) -> set[str]:
        return {
            str(a.args["to"])
            for a in m.legal_actions("axis")
            if a.verb == "fly" and a.args["unit"] == uid
        }

    assert missions("ger-fk-ii") == {"2329"}
    act(m, "axis", "fly", unit="ger-jg-54", to="2329")
    act(m, "axis", "fly", unit="ger-fk-i", to="2329")
    assert missions("ger-fk-ii") == set()


# --- 6.2.2: tanks at TECH 2 on the real chart ----------------------------------------------


def test_tanks_at_tech_two_attack_at_5_6_and_move_4() -> None:
    w = GAME.scenario_state("SBE4", {}, 0).w
    # German armour is at TECH 2 from the start; Soviet armour from turn 18 (November 1942).
    for uid, turn in (("ger-pz-xxxxi", 2), ("sov-mc-1", 18)):
        p = w.profile(uid, turn)
        assert (p.attack, p.defence, p.mp) == (5, 5, 4), uid
        assert {"desperate_attack", "reserve_mode"} <= p.abilities, uid
    before = w.profile("sov-mc-1", 17)  # TECH 1: attack at 6, defend at 5-6, 3 MP
    assert (before.attack, before.defence, before.mp) == (6, 5, 3)
    # In a battle: a German panzer corps (5 steps) attacks on the steppe at 5-6.
    m = position(
        "axis",
        "combat",
        [{"id": "ger-pz-xxxxi", "hex": STEPPE}, {"id": "sov-a-7", "hex": STEPPE}, MOSCOW_GARRISON],
        [1] * 20,
    )
    act(m, "axis", "fight", hex=STEPPE)
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    tank = next(f for f in fires(m, "ground") if f["unit"] == "ger-pz-xxxxi")
    assert (len(tank["dice"]), tank["hit_on"]) == (5, 5)


# --- 7.8, 7.8.1: blitz and the air units' return -------------------------------------------


def prompts_until(m: Match[BiteState], stop: str) -> list[tuple[str, str]]:
    """Take the passive choice at every prompt until one of kind ``stop``; returns the
    (kind, side) of every prompt met on the way, ``stop`` included."""
    from .helpers import pass_action

    seen: list[tuple[str, str]] = []
    for _ in range(200):
        d = GAME.decision(m.state)
        assert d is not None
        seen.append((d.prompt.kind, d.prompt.side))
        if d.prompt.kind == stop:
            return seen
        m.act(pass_action(m.legal_actions(d.prompt.side)))
    raise AssertionError(f"no {stop} prompt")


def test_a_blitz_into_the_enemy_is_a_new_battle_without_air_reaction() -> None:
    # XXXXI Panzer Corps, the 4th Army (artillery, TECH 2) and JG 54 from Iasi beat a
    # weak Soviet army at 2931. The panzers blitz on into Kirovograd, held by another; the
    # guns and the fighter follow (7.8: TECH 2 artillery and air may). The Soviet fighter
    # at Krivoi Rog, next door, could have reacted to the first battle, but may not react
    # to the blitz battle. JG 54 ends it 6 hexes from Iasi, its only airbase within 10:
    # with no airbase within its range of 5 it is lost (7.8.1).
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-pz-xxxxi", "hex": "2830"},
            {"id": "ger-a-4", "hex": "2830"},
            {"id": "ger-jg-54", "hex": "Iasi"},
            {"id": "sov-a-7", "hex": "2931", "strength": 1},
            {"id": "sov-a-8", "hex": "Kirovograd", "strength": 1},
            {"id": "sov-vvs-k-f", "hex": "Krivoi Rog"},
            MOSCOW_GARRISON,
        ],
        # 2931: army AA 1 die, fighter strafes 4, guns 4 (a 6 ends it);
        # Kirovograd: army AA 1 die and city AA 2, fighter 4, guns 2 (a 6 ends it).
        [1, 1, 1, 1, 1, 6, 1, 1, 1] + [1, 1, 1, 1, 1, 1, 1, 6, 1] + [1] * 20,
    )
    act(m, "axis", "move", unit="ger-pz-xxxxi", to="2931")
    act(m, "axis", "move", unit="ger-a-4", to="2931")
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="ger-jg-54", to="2931")
    seen = prompts_until(m, "choose_battle")
    assert ("reaction", "soviet") in seen  # the Soviet fighter was offered the first battle
    act(m, "axis", "fight", hex="2931")
    drive(m, at_prompt("blitz", "axis"))
    s = m.state
    assert s.control[node(m, "2931")] == "axis"
    act(m, "axis", "blitz", unit="ger-pz-xxxxi", to="3031")
    follow = {
        (str(a.args["unit"]), str(a.args["to"]))
        for a in m.legal_actions("axis")
        if a.verb == "follow"
    }
    assert follow == {("ger-a-4", "3031"), ("ger-jg-54", "3031")}
    act(m, "axis", "follow", unit="ger-a-4", to="3031")
    act(m, "axis", "follow", unit="ger-jg-54", to="3031")  # nothing left: the moves end
    # No reaction phase: straight to the blitz battle.
    assert prompts_until(m, "choose_battle") == [("choose_battle", "axis")]
    act(m, "axis", "fight", hex="3031")
    battles = events(m, "battle")
    assert [(b["hex"], b["blitz"]) for b in battles] == [("2931", False), ("3031", True)]
    drive(m, lambda x: s.phase not in ("blitz", "blitz_combat"))
    assert s.pieces["sov-vvs-k-f"].node == node(m, "Krivoi Rog")
    assert s.control[node(m, "Kirovograd")] == "axis"
    assert s.pieces["ger-jg-54"].status == "eliminated"
    assert [e["why"] for e in events(m, "eliminated") if e.get("unit") == "ger-jg-54"] == [
        "no airbase in range (7.8.1)"
    ]


def simferopol_taken(weather: str = "good") -> Match[BiteState]:
    """XXXXI Panzer Corps takes Simferopol (hills, a major city) from a weak 51st Army."""
    m = position(
        "axis",
        "combat",
        [
            {"id": "ger-pz-xxxxi", "hex": "Simferopol"},
            {"id": "sov-a-51", "hex": "Simferopol", "strength": 1},
            MOSCOW_GARRISON,
        ],
        [1, 6] + [1] * 10,  # the defender misses; the panzers' one die (2 Mali) hits
        weather=weather,
    )
    act(m, "axis", "fight", hex="3236")
    return m


def test_blitz_only_into_hexes_that_cost_one_mp() -> None:
    # Of Simferopol's neighbours, only the clear ones (1 MP) are open to a blitz: not
    # Yalta (mountains) nor 3337 (hills).
    m = simferopol_taken()
    drive(m, at_prompt("blitz", "axis"))
    targets = {str(a.args["to"]) for a in m.legal_actions("axis") if a.verb == "blitz"}
    assert targets == {"3235", "3136", "3336", "3137"}  # Dzhankoy, Yevpatoria, -, Sevastopol


def test_no_blitz_in_bad_weather_nor_by_soviet_tankettes_before_tech_two() -> None:
    # 7.8: in rain no hex costs 1 MP, so nobody blitzes.
    m = simferopol_taken("rain")
    assert m.state.control[node(m, "Simferopol")] == "axis"  # the battle was won
    seen = prompts_until(m, "production")  # on to the Soviet player turn
    assert ("blitz", "axis") not in seen
    # Soviet tankettes gain the blitz at TECH 2 (6.2.1, 7.8); tanks have it from TECH 1.
    w = GAME.scenario_state("SBE4", {}, 0).w
    assert "blitz" not in w.profile("sov-mc-10", 2).abilities
    assert "blitz" in w.profile("sov-mc-10", 18).abilities
    assert "blitz" in w.profile("sov-mc-1", 2).abilities


def test_air_units_rebase_after_the_blitz_phase_the_defender_first() -> None:
    # Two battles. At Kamenets-Podolsky a bomber of I Fliegerkorps helps I Corps win; at
    # Kishinev II Corps (1 step) is beaten while a Soviet fighter that reacted from Odessa
    # is still over the field. Both sides' air units return at the end of the blitz phase:
    # the defender first (7.8.1).
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-i", "hex": "2531"},
            {"id": "ger-fk-i", "hex": "Iasi"},
            {"id": "sov-a-7", "hex": "Kamenets-Podolsky", "strength": 1},
            {"id": "ger-c-ii", "hex": "2632", "strength": 1},
            {"id": "sov-a-8", "hex": "Kishinev"},
            {"id": "sov-vvs-o-f", "hex": "Odessa"},
            MOSCOW_GARRISON,
        ],
        # Kamenets-Podolsky: army and city AA, 1 die each; the bomber's 4 dice (a 6 wins).
        # Kishinev: II Corps' AA at the fighter, 1 die; the army's 4 dice (a 6 wins).
        [1, 1, 6, 1, 1, 1] + [1] + [6, 1, 1, 1] + [1] * 20,
    )
    act(m, "axis", "move", unit="ger-c-i", to="2430")
    act(m, "axis", "move", unit="ger-c-ii", to="2633")
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="ger-fk-i", to="2430")
    act(m, "axis", "done")
    drive(m, at_prompt("reaction", "soviet"))
    act(m, "soviet", "react", unit="sov-vvs-o-f", to="2633")
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex="2430")
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex="2633")
    seen = prompts_until(m, "air_rebase")
    assert seen[-1] == ("air_rebase", "soviet")
    s = m.state
    assert s.pieces["ger-c-ii"].status == "eliminated"
    act(m, "soviet", "rebase", unit="sov-vvs-o-f", to="2834")  # back to Odessa
    assert prompts_until(m, "air_rebase") == [("air_rebase", "axis")]
    act(m, "axis", "rebase", unit="ger-fk-i", to="2432")  # back to Iasi
    assert (s.pieces["sov-vvs-o-f"].base, s.pieces["ger-fk-i"].base) == (-1, -1)
