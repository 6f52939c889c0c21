"""Optional rules of combat on SBE5 positions of the real map (issue 20): 14.0 terrain,
19.0-19.2 air reconnaissance and targeting (the rulebook's 19.1 example: Luftflotte 2 over
Smolensk), 20.0 Cavalry Charge!, 21.0 Panzers Attack!, 22.0 Jericho Trumpets, 25.0
Katyusha, 26.0 the Gustav, 33.0 the Axis' first winter and 39.0 light rain.

Every position plays with all optional rules off but the one tested (``NONE``), and each
rule is checked against the same position without it. Turns beyond SBE5's six (the first
winter, later TECH levels) are campaign (SBE9) positions.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.air_recon import interdiction_dice, recon_modifier
from hexfront.games.bite.rules.command import command_range
from hexfront.games.bite.rules.modifiers import (
    A2A,
    A2G,
    AA,
    ARTILLERY,
    GROUND,
    BattleContext,
    modifiers,
)
from hexfront.games.bite.rules.special_attacks import BARBO_CHARGED, extra_dice
from hexfront.games.bite.state import BiteState

from .helpers import act, drive

GAME = Bite()
NONE = {"optional_rules": "none"}
STEPPE = "3930"  # clear, no river, no city, beside Millerovo
SWAMP = "4202"  # a swamp hex with no river round it
HILLS = "3202"  # hills with no river round it
SMOLENSK = "3122"  # a major city on clear ground
MOSCOW_GARRISON = {"id": "sov-a-23", "hex": "Moscow"}  # keeps the Soviet front alive (3.1)


def position(
    units: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    side: str = "axis",
    phase: str = "combat",
    weather: str = "good",
    turn: int = 2,
    scenario: str = "SBE5",
    **extra: Any,
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": scenario,
            "turn": turn,
            "side": side,
            "phase": phase,
            "weather": weather,
            "reinforcements": False,
            "unit": [*units, MOSCOW_GARRISON],
            "options": {**NONE, **(options or {})},
            **extra,
        },
    )


def mods(
    m: Match[BiteState], uid: str, hex_id: str, step: str, *, attacker: str = "axis", rnd: int = 1
) -> tuple[int, int]:
    s = m.state
    defender = "soviet" if attacker == "axis" else "axis"
    ctx = BattleContext(s.w.board.node(hex_id), attacker, defender, rnd)
    found = modifiers(s, s.pieces[uid], ctx, step)
    return found.mali, found.boni


def fight(m: Match[BiteState], hex_id: str, until: str = "round2") -> None:
    """Fight the battle at ``hex_id`` taking the passive choice, to the second round."""
    side = m.state.phasing
    act(m, side, "fight", hex=hex_id)

    def done(x: Match[BiteState]) -> bool:
        log = x.state.log
        return any(e.kind == "battle_over" for e in log) or any(
            e.kind == "fire" and e.data["round"] == 2 for e in log
        )

    drive(m, done)


def fired(m: Match[BiteState], rnd: int = 1) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == "fire" and e.data["round"] == rnd]


def prompt(m: Match[BiteState]) -> tuple[str, str] | None:
    d = GAME.decision(m.state)
    return None if d is None else (d.prompt.kind, d.prompt.side)


# --- 19.0-19.2: air reconnaissance ---------------------------------------------------------

# The rulebook's 19.1 example, July 1941: Luftflotte 2 (an Air-HQ at 4 steps) scouts
# Smolensk, held by a 2-step infantry army, a 1-step tank corps and a 3-step fighter unit.
SMOLENSK_EXAMPLE = [
    {"id": "ger-lf-2", "hex": "Vitebsk"},
    {"id": "ger-c-i", "hex": "Vitebsk"},
    {"id": "sov-a-20", "hex": SMOLENSK, "strength": 2},
    {"id": "sov-mc-1", "hex": SMOLENSK, "strength": 1},
    {"id": "sov-vvs-w-f", "hex": SMOLENSK, "strength": 3},
]


def activated(units: list[dict[str, Any]], **options: Any) -> Match[BiteState]:
    """The Movement Phase, Luftflotte 2 activated and the ground moves over: the air stage."""
    m = position(units, phase="movement", options={"or19_recon": True, **options})
    act(m, "axis", "activate", hq="ger-lf-2")
    act(m, "axis", "end_ground")
    return m


def recon_targets(m: Match[BiteState]) -> set[str]:
    return {str(a.args["hex"]) for a in m.legal_actions("axis") if a.verb == "recon"}


def test_the_rulebook_example_luftflotte_2_over_smolensk() -> None:  # 19.1
    m = activated(SMOLENSK_EXAMPLE)
    assert SMOLENSK in recon_targets(m)
    # The Soviet interdiction dice: 2 for the city (hit on 6), 2 for the infantry (on 6),
    # 1 for the tank (on 5-6): 4-4, 5-1 and 5. The tank's 5 hits: the recon is negated.
    m.state.dice.loaded = [4, 4, 5, 1, 5]
    start = len(m.state.log)
    act(m, "axis", "recon", hq="ger-lf-2", hex=SMOLENSK)
    rolls = [e.data for e in m.state.log[start:] if e.kind == "roll"]
    assert [(r["dice"], r["by"]) for r in rolls] == [
        ([4, 4], "soviet"),
        ([5, 1], "soviet"),
        ([5], "soviet"),
    ]
    outcome = [e.data for e in m.state.log[start:] if e.kind == "recon"]
    assert outcome == [{"side": "axis", "hq": "ger-lf-2", "hex": SMOLENSK, "result": "interdicted"}]
    assert not m.state.pieces["sov-a-20"].revealed
    # Three attempts are left (4 action points). No interdiction hit this time; the recon
    # die needs 1-4 over a major city with TECH 2 fighters (+2 -2): a 5 fails ...
    m.state.dice.loaded = [1, 1, 1, 1, 1, 5]
    act(m, "axis", "recon", hq="ger-lf-2", hex=SMOLENSK)
    assert m.state.log[-1].data["result"] == "failed"
    # ... a 4 succeeds, and the defender's units are shown face up.
    m.state.dice.loaded = [1, 1, 1, 1, 1, 4]
    act(m, "axis", "recon", hq="ger-lf-2", hex=SMOLENSK)
    results = [e.data["result"] for e in m.state.log if e.kind == "recon"]
    assert results == ["interdicted", "failed", "success"]
    for uid in ("sov-a-20", "sov-mc-1", "sov-vvs-w-f"):
        assert m.state.pieces[uid].revealed, uid
    assert SMOLENSK not in recon_targets(m)  # scouted: no need to try again
    # The last attempt goes elsewhere; then the HQ has none left.
    others = recon_targets(m)
    assert others
    m.state.dice.loaded = [1] * 12
    act(m, "axis", "recon", hq="ger-lf-2", hex=sorted(others)[0])
    assert recon_targets(m) == set()


def test_without_the_rule_nobody_scouts() -> None:  # 19.1
    m = position(SMOLENSK_EXAMPLE, phase="movement")
    act(m, "axis", "activate", hq="ger-lf-2")
    act(m, "axis", "end_ground")
    assert recon_targets(m) == set()


GUNS_AT_SMOLENSK = [
    {"id": "ger-lf-2", "hex": "Vitebsk"},
    {"id": "ger-a-16", "hex": SMOLENSK},  # artillery, TECH 2 (German infantry)
    {"id": "ger-c-i", "hex": SMOLENSK},
    {"id": "sov-a-20", "hex": SMOLENSK, "strength": 3},
    {"id": "sov-a-21", "hex": SMOLENSK, "strength": 3},
]


def to_combat(m: Match[BiteState]) -> None:
    """From the air stage of the Movement Phase to the Axis Combat Phase."""
    act(m, "axis", "done")
    drive(m, lambda x: x.state.phase == "combat" and x.state.phasing == "axis")


def test_without_recon_the_attacking_guns_have_a_malus_in_the_first_round() -> None:  # 19.0
    m = activated(GUNS_AT_SMOLENSK)
    to_combat(m)
    assert mods(m, "ger-a-16", SMOLENSK, ARTILLERY) == (1, 0)
    assert mods(m, "ger-a-16", SMOLENSK, ARTILLERY, rnd=2) == (0, 0)  # then it is scouted
    # The defender's guns need no recon; ground fire has no such Malus.
    assert mods(m, "ger-c-i", SMOLENSK, GROUND)[0] == mods(m, "ger-c-i", SMOLENSK, GROUND, rnd=2)[0]
    off = position(GUNS_AT_SMOLENSK)
    assert mods(off, "ger-a-16", SMOLENSK, ARTILLERY) == (0, 0)


def test_a_successful_recon_lifts_the_malus_and_lets_the_guns_pick_targets() -> None:  # 19.2
    m = activated(GUNS_AT_SMOLENSK)
    m.state.dice.loaded = [1, 1, 1, 1, 1, 1, 1]  # no interdiction hit; recon die 1
    act(m, "axis", "recon", hq="ger-lf-2", hex=SMOLENSK)
    assert [e.data["result"] for e in m.state.log if e.kind == "recon"] == ["success"]
    to_combat(m)
    assert mods(m, "ger-a-16", SMOLENSK, ARTILLERY) == (0, 0)
    # The guns hit twice; the two Soviet armies are equally strong: the Axis picks.
    act(m, "axis", "fight", hex=SMOLENSK)
    m.state.dice.loaded = [6] * 4 + [1] * 40
    drive(m, lambda x: prompt(x) in (("target_hit", "axis"), ("allocate_hit", "soviet")))
    assert prompt(m) == ("target_hit", "axis")
    m.act(Action("axis", "target", {"unit": "sov-a-21"}))
    hits = [e.data["unit"] for e in m.state.log if e.kind == "hit"]
    assert hits[0] == "sov-a-21"


def test_without_recon_the_owner_takes_the_hits_as_usual() -> None:  # 7.7.9, 19.2
    m = activated(GUNS_AT_SMOLENSK)
    to_combat(m)
    act(m, "axis", "fight", hex=SMOLENSK)
    m.state.dice.loaded = [6] * 4 + [1] * 40
    drive(m, lambda x: prompt(x) in (("target_hit", "axis"), ("allocate_hit", "soviet")))
    assert prompt(m) == ("allocate_hit", "soviet")


def test_the_gustav_and_strategic_bombers_need_no_recon() -> None:  # 19.0, 26.0
    units = [
        {"id": "ger-gustav", "hex": STEPPE},
        {"id": "ger-c-i", "hex": STEPPE},
        {"id": "sov-a-7", "hex": STEPPE},
    ]
    m = position(units, options={"or19_recon": True, "or26_gustav": True})
    assert mods(m, "ger-gustav", STEPPE, ARTILLERY) == (0, 0)


# --- 14.0: terrain in combat ------------------------------------------------------------------


def test_armour_attacking_an_unfrozen_swamp_takes_one_more_malus() -> None:  # 14.0
    units = [
        {"id": "ger-pz-xxxxi", "hex": SWAMP},
        {"id": "ger-c-i", "hex": SWAMP},
        {"id": "sov-a-7", "hex": SWAMP},
    ]
    on = position(units, options={"or14_terrain": True})
    off = position(units)
    assert mods(off, "ger-pz-xxxxi", SWAMP, GROUND)[0] == 1  # the swamp (BOX 1)
    assert mods(on, "ger-pz-xxxxi", SWAMP, GROUND)[0] == 2
    assert mods(on, "ger-c-i", SWAMP, GROUND)[0] == 1  # infantry: no extra
    # A frozen swamp (snow) has no such Malus.
    snow_on = position(units, weather="snow", options={"or14_terrain": True})
    snow_off = position(units, weather="snow")
    assert mods(snow_on, "ger-pz-xxxxi", SWAMP, GROUND) == mods(
        snow_off, "ger-pz-xxxxi", SWAMP, GROUND
    )


def test_mountain_units_keep_their_terrain_edge_but_not_their_aa() -> None:  # 14.0, 6.1.2
    units = [
        {"id": "ger-gk-xxxxix", "hex": HILLS},
        {"id": "sov-a-7", "hex": HILLS},
    ]
    on = position(units, options={"or14_terrain": True})
    off = position(units)
    # Attacking in hills: no Malus for the mountain corps, with or without the rule ...
    assert mods(on, "ger-gk-xxxxix", HILLS, GROUND) == mods(off, "ger-gk-xxxxix", HILLS, GROUND)
    assert mods(on, "ger-gk-xxxxix", HILLS, GROUND)[0] == 0
    # ... but with it its AA fire takes the hills' Malus.
    assert mods(off, "ger-gk-xxxxix", HILLS, AA)[0] == 0
    assert mods(on, "ger-gk-xxxxix", HILLS, AA)[0] == 1
    # Defending, one Bonus only, not two (the rule does not add to 6.1.2).
    assert mods(on, "ger-gk-xxxxix", HILLS, GROUND, attacker="soviet") == (0, 1)


# --- 20.0 and 21.0: Cavalry Charge! and Panzers Attack! ----------------------------------------


def charge_kinds(m: Match[BiteState], side: str) -> list[tuple[str, bool]]:
    return sorted(
        (str(a.args["kind"]), a.args.get("barbo") is True)
        for a in m.legal_actions(side)
        if a.verb == "charge"
    )


CAVALRY_ATTACK = [
    {"id": "sov-cc-2", "hex": STEPPE},  # 3 steps
    {"id": "sov-a-9", "hex": STEPPE},  # 4 steps: the strongest attacker
    {"id": "ger-c-i", "hex": STEPPE},
]


def test_cavalry_charges_first_and_takes_the_first_hits() -> None:  # 20.0
    m = position(CAVALRY_ATTACK, side="soviet", options={"or20_cavalry_charge": True})
    m.state.dice.loaded = [1] * 40
    act(m, "soviet", "fight", hex=STEPPE)
    drive(m, lambda x: prompt(x) == ("charge", "soviet"))
    assert charge_kinds(m, "soviet") == [("cavalry", False)]
    # The cavalry rolls 1s; then the German corps hits twice: both hits on the cavalry.
    m.state.dice.loaded = [1, 1, 1, 6, 6, 1, 1] + [1] * 40
    act(m, "soviet", "charge", kind="cavalry")
    drive(m, lambda x: any(e.kind == "fire" and e.data["round"] == 2 for e in x.state.log))
    ground = [e.data["unit"] for e in m.state.log if e.kind == "fire" and e.data["step"] == GROUND]
    assert ground[:3] == ["sov-cc-2", "ger-c-i", "sov-a-9"]
    hits = [e.data["unit"] for e in m.state.log if e.kind == "hit"]
    assert hits[:2] == ["sov-cc-2", "sov-cc-2"]
    assert any(e.kind == "charge" for e in m.state.log)


def test_without_a_charge_the_defender_fires_first_and_hits_the_strongest() -> None:  # 7.7.5
    m = position(CAVALRY_ATTACK, side="soviet", options={"or20_cavalry_charge": True})
    act(m, "soviet", "fight", hex=STEPPE)
    drive(m, lambda x: prompt(x) == ("charge", "soviet"))
    m.state.dice.loaded = [6, 6, 1, 1] + [1] * 40
    act(m, "soviet", "no_charge")
    drive(m, lambda x: any(e.kind == "fire" and e.data["round"] == 2 for e in x.state.log))
    ground = [e.data["unit"] for e in m.state.log if e.kind == "fire" and e.data["step"] == GROUND]
    assert ground[0] == "ger-c-i"
    hits = [e.data["unit"] for e in m.state.log if e.kind == "hit"]
    assert hits[0] == "sov-a-9"


def charge_offered(units: list[dict[str, Any]], side: str, **kwargs: Any) -> list[str]:
    options = {"or20_cavalry_charge": True, "or21_panzers_attack": True}
    m = position(units, side=side, options=options, **kwargs)
    m.state.dice.loaded = [1] * 60
    act(m, side, "fight", hex=kwargs.get("hex_id", STEPPE))
    drive(
        m,
        lambda x: (
            prompt(x) == ("charge", side)
            or any(e.kind == "fire" and e.data["step"] == GROUND for e in x.state.log)
        ),
    )
    return [k for k, _ in charge_kinds(m, side)]


def test_no_charge_against_cavalry_or_armour_nor_in_bad_weather_or_rough_ground() -> None:
    assert charge_offered(CAVALRY_ATTACK, "soviet") == ["cavalry"]
    with_tank = [*CAVALRY_ATTACK, {"id": "ger-pz-xxxxi", "hex": STEPPE}]
    assert charge_offered(with_tank, "soviet") == []  # 20.0: the defender has armour
    assert charge_offered(CAVALRY_ATTACK, "soviet", weather="rain") == []  # not sunny
    swamp = [{**u, "hex": SWAMP} for u in CAVALRY_ATTACK]
    m = position(swamp, side="soviet", options={"or20_cavalry_charge": True})
    m.state.dice.loaded = [1] * 60
    act(m, "soviet", "fight", hex=SWAMP)
    drive(m, lambda x: any(e.kind == "fire" and e.data["step"] == GROUND for e in x.state.log))
    assert not any(e.kind == "charge" for e in m.state.log)


PANZER_ATTACK = [
    {"id": "ger-pz-xxxxi", "hex": STEPPE},
    {"id": "ger-c-i", "hex": STEPPE},
    {"id": "sov-a-7", "hex": STEPPE},
]


def test_panzers_attack_and_what_counts_as_armour() -> None:  # 21.0
    assert charge_offered(PANZER_ATTACK, "axis") == ["panzers"]
    # A TECH 1 Soviet tankette does not count as an armoured defender ...
    tankette = [*PANZER_ATTACK, {"id": "sov-mc-10", "hex": STEPPE}]
    assert charge_offered(tankette, "axis") == ["panzers"]
    # ... a tank corps does.
    tank = [*PANZER_ATTACK, {"id": "sov-mc-1", "hex": STEPPE}]
    assert charge_offered(tank, "axis") == []
    # Off without the rule.
    m = position(PANZER_ATTACK)
    m.state.dice.loaded = [1] * 60
    fight(m, STEPPE)
    assert not any(e.kind == "charge" for e in m.state.log)


def test_gruppo_barbo_charges_with_three_more_dice_once_per_game() -> None:  # 20.0
    units = [
        {"id": "ita-barbo", "hex": STEPPE},
        {"id": "ger-c-i", "hex": STEPPE},
        {"id": "sov-a-7", "hex": STEPPE},
    ]
    m = position(units, options={"or20_cavalry_charge": True})
    m.state.dice.loaded = [1] * 60
    act(m, "axis", "fight", hex=STEPPE)
    drive(m, lambda x: prompt(x) == ("charge", "axis"))
    assert charge_kinds(m, "axis") == [("cavalry", False), ("cavalry", True)]
    act(m, "axis", "charge", kind="cavalry", barbo=True)
    drive(m, lambda x: any(e.kind == "fire" and e.data["step"] == GROUND for e in x.state.log))
    barbo = next(e.data for e in m.state.log if e.kind == "fire" and e.data["unit"] == "ita-barbo")
    assert barbo["extra"] == 3
    assert len(barbo["dice"]) == 2 + 3  # two steps, three more dice
    assert m.state.flags[BARBO_CHARGED] is True
    # In the next round the claim is spent: a plain charge only.
    drive(m, lambda x: prompt(x) == ("charge", "axis") and x.state.log[-1].kind != "charge")
    assert charge_kinds(m, "axis") == [("cavalry", False)]


# --- 22.0 Jericho Trumpets, 25.0 Katyusha, 26.0 Gustav ----------------------------------------

STUKA_ATTACK = [
    {"id": "ger-fk-viii", "hex": STEPPE},  # the Stuka corps, 4 steps
    {"id": "ger-c-i", "hex": STEPPE},
    {"id": "sov-a-7", "hex": STEPPE},
]


def a2g_dice(units: list[dict[str, Any]], **options: Any) -> tuple[int, int]:
    m = position(units, options=options)
    m.state.dice.loaded = [1] * 80
    fight(m, STEPPE)
    fire = next(f for f in fired(m) if f["unit"] == "ger-fk-viii" and f["step"] == A2G)
    return len(fire["dice"]), int(fire.get("extra", 0))


def test_jericho_trumpets_two_more_dice_for_a_full_stuka_wing() -> None:  # 22.0
    assert a2g_dice(STUKA_ATTACK) == (4, 0)
    assert a2g_dice(STUKA_ATTACK, or22_jericho=True) == (6, 2)
    # Not below full strength.
    worn = [{**STUKA_ATTACK[0], "strength": 3}, *STUKA_ATTACK[1:]]
    assert a2g_dice(worn, or22_jericho=True) == (3, 0)
    # With air reconnaissance played, only over a scouted hex: here none (and the Malus).
    assert a2g_dice(STUKA_ATTACK, or22_jericho=True, or19_recon=True) == (2, 0)
    # Not with an enemy fighter in the hex (asked of the rule itself: the air battle
    # before the air-to-ground step would run as long as the dice allow).
    fighter = [*STUKA_ATTACK, {"id": "sov-vvs-w-f", "hex": STEPPE}]
    for units, expected in ((STUKA_ATTACK, 2), (fighter, 0)):
        s = position(units, options={"or22_jericho": True}).state
        node = s.w.board.node(STEPPE)
        assert extra_dice(s, s.pieces["ger-fk-viii"], node, "axis", A2G, 1) == expected


def test_katyusha_rockets_add_two_dice_to_soviet_tech_2_guns() -> None:  # 25.0
    units = [
        {"id": "sov-art-moscow", "hex": STEPPE},
        {"id": "sov-a-7", "hex": STEPPE},
        {"id": "ger-c-i", "hex": STEPPE},
    ]

    def guns(options: dict[str, Any], turn: int) -> tuple[int, int]:
        # TECH 2 for Soviet infantry and guns from spring 1942: a campaign position.
        m = position(units, side="soviet", options=options, scenario="SBE9", turn=turn)
        m.state.dice.loaded = [1] * 80
        fight(m, STEPPE)
        fire = next(f for f in fired(m) if f["unit"] == "sov-art-moscow")
        return len(fire["dice"]), int(fire.get("extra", 0))

    assert guns({}, 13) == (4, 0)
    assert guns({"or25_katyusha": True}, 13) == (6, 2)
    assert guns({"or25_katyusha": True}, 2) == (4, 0)  # TECH 1: plain shells


def test_the_gustav_breaks_fortifications() -> None:  # 26.0
    units = [
        {"id": "ger-gustav", "hex": "Sevastopol"},
        {"id": "ger-c-i", "hex": "Sevastopol"},
        {"id": "sov-a-9", "hex": "Sevastopol"},
    ]
    on = position(units, options={"or26_gustav": True})
    off = position(units)
    sevastopol = on.state.w.board.id_of(on.state.w.board.node("Sevastopol"))
    assert mods(off, "ger-gustav", sevastopol, ARTILLERY) == (2, 0)  # the fortress's 2 Mali
    assert mods(on, "ger-gustav", sevastopol, ARTILLERY) == (0, 1)
    # German infantry TECH 3 (1945 in the campaign): hits on 3-6.
    late = position(units, options={"or26_gustav": True}, scenario="SBE9", turn=42)
    assert mods(late, "ger-gustav", sevastopol, ARTILLERY) == (0, 2)
    # Elsewhere it is a gun like any other.
    plain = position([{**u, "hex": STEPPE} for u in units], options={"or26_gustav": True})
    assert mods(plain, "ger-gustav", STEPPE, ARTILLERY) == (0, 0)


def test_the_gustav_may_overstack_to_attack_a_fortress() -> None:  # 26.0
    units = [
        {"id": "ger-gustav", "hex": "3136"},
        {"id": "ger-c-i", "hex": "Sevastopol"},
        {"id": "ger-c-xxvi", "hex": "Sevastopol"},
        {"id": "ger-a-16", "hex": "Sevastopol"},
        {"id": "sov-a-9", "hex": "Sevastopol"},
    ]

    def targets(options: dict[str, Any]) -> set[str]:
        # The Basic Game's SBE4: no HQ needed to move the Gustav (it moves as armour, 13.0).
        m = position(
            units, phase="movement", options=options, control={"axis": ["3136"]}, scenario="SBE4"
        )
        return {
            str(a.args["to"])
            for a in m.legal_actions("axis")
            if a.verb == "move" and a.args["unit"] == "ger-gustav"
        }

    sevastopol = "3137"
    assert sevastopol not in targets({})
    # With two corps only in the fortress, it may go there anyway (the test's baseline).
    full = units
    units = [u for u in full if u["id"] != "ger-a-16"]
    assert sevastopol in targets({})
    units = full
    assert sevastopol in targets({"or26_gustav": True})


# --- 33.0 and 39.0: weather in combat ---------------------------------------------------------


def test_the_first_winter_adds_a_malus_to_every_axis_unit() -> None:  # 33.0
    units = [
        {"id": "ger-c-i", "hex": STEPPE},
        {"id": "ger-a-16", "hex": STEPPE},
        {"id": "ger-gk-xxxxix", "hex": STEPPE},
        {"id": "fin-c-iv", "hex": STEPPE},
        {"id": "ger-jg-51", "hex": STEPPE},
        {"id": "sov-a-7", "hex": STEPPE},
    ]

    def winter(options: dict[str, Any]) -> Match[BiteState]:
        return position(units, weather="snow", options=options, scenario="SBE9", turn=8)

    on, off = winter({"or33_first_winters": True}), winter({})
    # Attacking infantry: snow's Malus, then the winter's (quartered).
    assert mods(off, "ger-c-i", STEPPE, GROUND)[0] == 1
    assert mods(on, "ger-c-i", STEPPE, GROUND)[0] == 2
    # Defending: halved.
    assert mods(off, "ger-c-i", STEPPE, GROUND, attacker="soviet")[0] == 0
    assert mods(on, "ger-c-i", STEPPE, GROUND, attacker="soviet")[0] == 1
    # Artillery halved; air units quartered.
    assert mods(on, "ger-a-16", STEPPE, ARTILLERY)[0] == 1
    assert mods(off, "ger-a-16", STEPPE, ARTILLERY)[0] == 0
    assert mods(on, "ger-jg-51", STEPPE, A2A)[0] == 2
    # Mountain troops and Finns are spared; the Soviets too.
    assert mods(on, "ger-gk-xxxxix", STEPPE, GROUND) == mods(off, "ger-gk-xxxxix", STEPPE, GROUND)
    assert mods(on, "fin-c-iv", STEPPE, GROUND) == mods(off, "fin-c-iv", STEPPE, GROUND)
    assert mods(on, "sov-a-7", STEPPE, GROUND, attacker="soviet") == mods(
        off, "sov-a-7", STEPPE, GROUND, attacker="soviet"
    )
    # Not in spring.
    spring = position(units, options={"or33_first_winters": True})
    assert mods(spring, "ger-c-i", STEPPE, GROUND)[0] == 0


def test_light_rain_in_combat() -> None:  # 39.0
    units = [
        {"id": "ger-c-i", "hex": STEPPE},
        {"id": "ger-a-16", "hex": STEPPE},
        {"id": "ger-jg-51", "hex": STEPPE},
        {"id": "sov-a-7", "hex": STEPPE},
    ]
    light = position(units, weather="light_rain", options={"or39_weather": True})
    good = position(units)
    # Attacking combat units, every AA fire and every air unit: 1 Malus.
    assert mods(light, "ger-c-i", STEPPE, GROUND) == (1, 0)
    assert mods(light, "ger-c-i", STEPPE, AA) == (1, 0)
    assert mods(light, "sov-a-7", STEPPE, AA) == (1, 0)
    assert mods(light, "ger-jg-51", STEPPE, A2A) == (1, 0)
    assert mods(light, "ger-jg-51", STEPPE, A2G) == (1, 0)
    # Guns and the defenders' ground fire: untouched (no Bonus, unlike rain).
    assert mods(light, "ger-a-16", STEPPE, ARTILLERY) == (0, 0)
    assert mods(light, "sov-a-7", STEPPE, GROUND) == (0, 0)
    for uid, step in (("ger-c-i", GROUND), ("sov-a-7", AA), ("ger-jg-51", A2A)):
        assert mods(good, uid, STEPPE, step) == (0, 0)


def test_italian_rules_keep_the_mountain_units_aa_exempt() -> None:  # 14.0, rules it-2.x
    units = [{"id": "ger-gk-xxxxix", "hex": HILLS}, {"id": "sov-a-7", "hex": HILLS}]
    italian = position(units, options={"or14_terrain": True, "rules": "it-2.x"})
    assert mods(italian, "ger-gk-xxxxix", HILLS, AA)[0] == 0


def test_italian_light_rain_hinders_only_the_attackers() -> None:  # 39.0, rules it-2.x
    units = [
        {"id": "ger-c-i", "hex": STEPPE},
        {"id": "ger-a-16", "hex": STEPPE},
        {"id": "ger-jg-51", "hex": STEPPE},
        {"id": "sov-a-7", "hex": STEPPE},
    ]
    options = {"or39_weather": True, "rules": "it-2.x"}
    italian = position(units, weather="light_rain", options=options)
    assert mods(italian, "ger-c-i", STEPPE, GROUND) == (1, 0)
    assert mods(italian, "ger-jg-51", STEPPE, A2A) == (1, 0)
    assert mods(italian, "ger-jg-51", STEPPE, A2A, attacker="soviet") == (0, 0)
    assert mods(italian, "sov-a-7", STEPPE, AA) == (0, 0)  # the defender's AA: untouched
    assert mods(italian, "ger-a-16", STEPPE, ARTILLERY) == (0, 0)
    # HQ ranges stay at 5 hexes; in English 3.00 light rain is bad weather (3).
    english = position(units, weather="light_rain", options={"or39_weather": True})
    assert command_range(italian.state) == 5
    assert command_range(english.state) == 3


def test_the_gustav_arrives_only_with_its_rule() -> None:  # 26.0
    # The campaign (SBE9): the Gustav joins the Battle Sheet's arrivals of June 1942 (turn
    # 13) only when its optional rule is played.
    def arrivals(options: dict[str, Any]) -> list[tuple[str, int, int, str | None]]:
        state = GAME.scenario_state("SBE9", {**NONE, **options}, 0)
        return [r for r in state.w.scenario.reinforcements if r[0] == "ger-gustav"]

    assert arrivals({}) == []
    assert arrivals({"or26_gustav": True}) == [("ger-gustav", 13, 2, "Berlin")]


def test_the_recon_die_modifiers_add_up() -> None:  # 19.1
    # Luftflotte 2 (German fighters at TECH 2: -2) over a fortress (+4), a forest hex (+2)
    # and a major city on clear ground (+2), in good weather and in rain (+2).
    def modifier(hex_id: str, weather: str) -> int:
        m = position(
            [{"id": "ger-lf-2", "hex": "Vitebsk"}], options={"or19_recon": True}, weather=weather
        )
        s = m.state
        return recon_modifier(s, s.pieces["ger-lf-2"], s.w.board.node(hex_id))

    board = position([]).state.w.board
    forest = next(
        board.id_of(n)
        for n in range(board.node_count)
        if board.terrain[n] == "forest" and n not in board.sites
    )
    assert modifier("Sevastopol", "good") == -2 + 4
    assert modifier(forest, "good") == -2 + 2
    assert modifier(SMOLENSK, "good") == -2 + 2
    assert modifier(SMOLENSK, "rain") == -2 + 2 + 2
    assert modifier(STEPPE, "good") == -2


def test_no_soviet_interdiction_on_the_surprise_turn() -> None:  # SBE5 special rules, 19.1
    units = [{"id": "sov-a-20", "hex": SMOLENSK}]
    surprise = position(units, phase="movement", turn=1, options={"or19_recon": True})
    later = position(units, phase="movement", turn=2, options={"or19_recon": True})
    node = later.state.w.board.node(SMOLENSK)
    assert interdiction_dice(surprise.state, node) == []
    assert [(n, f) for _, n, f in interdiction_dice(later.state, node)] == [(2, 6), (4, 6)]
