"""Advanced Game rules 8-10 and 12 (SBE5-SBE9), on positions of the real map.

Each test sets the same blocks up in a basic scenario (SBE4) and in SBE5, so it shows both
that the advanced rule works and that the basic game is left as it was.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.errors import UnknownGame
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.basics import advanced, zoc_map
from hexfront.games.bite.rules.modifiers import AA, GROUND, BattleContext, modifiers
from hexfront.games.bite.rules.siege import in_fortress_supply
from hexfront.games.bite.rules.supply import compute, is_supplied
from hexfront.games.bite.rules.victory import verdict

from .helpers import act, drive, move_targets

GAME = Bite()


def position(scenario: str, units: list[dict[str, Any]], **extra: Any) -> Match[Any]:
    base: dict[str, Any] = {"scenario": scenario, "turn": 2, "side": "axis", "phase": "movement"}
    return Match.from_position(GAME, {**base, "unit": units, **extra})


def zoc_at(m: Match[Any], side: str, *hexes: str) -> list[int]:
    board = m.state.w.board
    zoc = zoc_map(m.state, side, ground_only=True)
    return [zoc[board.node(h)] for h in hexes]


def test_only_the_long_scenarios_are_advanced() -> None:
    assert advanced(position("SBE5", []).state)
    assert not advanced(position("SBE4", []).state)


# --- 8.0 zones of control ------------------------------------------------------------------

BEREZINA = [{"id": "ger-c-xii", "hex": "2721"}]  # the Berezina runs 2721|2621 and 2721|2720


def test_no_zone_of_control_across_an_unfrozen_river() -> None:
    board = position("SBE5", BEREZINA).state.w.board
    assert board.river_between(board.node("2721"), board.node("2621")) == "Berezina"
    assert board.river_between(board.node("2721"), board.node("2821")) is None
    # 2621 across the river, 2821 on the same bank.
    assert zoc_at(position("SBE4", BEREZINA), "axis", "2621", "2821") == [1, 1]
    assert zoc_at(position("SBE5", BEREZINA), "axis", "2621", "2821") == [0, 1]
    # 9.3: snow freezes the rivers, and the zone crosses them again.
    snowy = position("SBE5", BEREZINA, weather="snow")
    assert zoc_at(snowy, "axis", "2621", "2821") == [1, 1]


MINSK_WEST = [{"id": "ger-c-xii", "hex": "2522"}]  # next to Minsk (2622), held by the Soviets


def test_no_zone_of_control_into_an_enemy_major_city() -> None:
    assert zoc_at(position("SBE4", MINSK_WEST), "axis", "Minsk") == [1]
    assert zoc_at(position("SBE5", MINSK_WEST), "axis", "Minsk") == [0]
    # A city the side holds itself is not an enemy strongpoint.
    own = position("SBE5", MINSK_WEST, control={"axis": ["Minsk"]})
    assert zoc_at(own, "axis", "Minsk") == [1]
    # The Soviet zone does not reach into an Axis-held major city either (Vilnius, 2421).
    soviet = position("SBE5", [{"id": "sov-a-13", "hex": "2521"}], control={"axis": ["Vilnius"]})
    assert zoc_at(soviet, "soviet", "Vilnius") == [0]


RING = [{"id": "ger-c-xii", "hex": "2522"}, {"id": "ger-c-xx", "hex": "2723"}]


def test_an_empty_enemy_city_ringed_by_units_and_zones_is_in_the_zone() -> None:
    m = position("SBE5", RING)
    board = m.state.w.board
    around = [board.id_of(x) for x in board.adjacency[board.node("Minsk")]]
    zoc = zoc_at(m, "axis", *around)
    at = {board.id_of(p.node) for p in m.state.on_map("axis")}
    assert all(z or h in at for z, h in zip(zoc, around, strict=True)), (around, zoc)
    assert zoc_at(m, "axis", "Minsk") == [1]
    # Not when a Soviet block holds the city, nor when one hex around it is open.
    held = position("SBE5", [*RING, {"id": "sov-a-13", "hex": "Minsk"}])
    assert zoc_at(held, "axis", "Minsk") == [0]
    open_ring = position("SBE5", RING[:1])
    assert zoc_at(open_ring, "axis", "Minsk") == [0]


# --- SBE5's verdict ----------------------------------------------------------------------


def test_sbe5_scores_only_the_four_named_cities() -> None:
    many = ["Minsk", "Kiev", "Riga", "Smolensk", "Odessa", "Kharkov"]
    m = position("SBE5", [], control={"axis": many})
    assert verdict(m.state)["score"] == 0
    assert verdict(m.state)["winner"] == "soviet"
    m = position("SBE5", [], control={"axis": [*many, "Leningrad", "Moscow"]})
    result = verdict(m.state)
    assert (result["score"], result["winner"], result["level"]) == (2, "axis", "marginal")


# --- 9.0-9.3 weather ----------------------------------------------------------------------


def test_the_soviet_player_rolls_octobers_weather_in_the_advanced_game() -> None:  # 9.0
    def october(scenario: str, hex_id: str, face: int) -> str:
        m = Match.from_position(
            GAME,
            {
                "scenario": scenario,
                "turn": 4,
                "side": "soviet",
                "phase": "exploitation",
                "dice": [face],
                "unit": [{"id": "sov-a-8", "hex": hex_id}],
                "options": {"optional_rules": "none"},  # 39.0 rolls otherwise
            },
        )
        assert m.state.turn == 5  # October 1941: nothing to decide, so the turn went on
        return m.state.weather

    assert [october("SBE5", "Moscow", face) for face in (1, 3, 4, 6)] == [
        "good",
        "good",
        "rain",
        "rain",
    ]
    # The basic game plays in good weather and rolls nothing.
    assert october("SBE3", "Kiev", 6) == "good"
    assert position("SBE5", [], turn=6).state.weather == "snow"  # November is fixed


def supplied(scenario: str, units: list[dict[str, Any]], uid: str, weather: str) -> bool:
    m = position(scenario, units, weather=weather, side="soviet")
    return is_supplied(m.state, m.state.pieces[uid], compute(m.state, "soviet"))


STEPPE = [{"id": "sov-a-8", "hex": "4736"}]  # three clear hexes from the nearest railway


def test_bad_weather_shortens_supply_lanes_to_two_hexes() -> None:  # 9.1
    assert supplied("SBE5", STEPPE, "sov-a-8", "good")
    assert not supplied("SBE5", STEPPE, "sov-a-8", "rain")
    assert not supplied("SBE5", STEPPE, "sov-a-8", "snow")


# Tallinn cut off by land (German blocks on both railway hexes next to it), so only the sea
# from Leningrad, in the same Gulf of Finland, supplies it.
TALLINN = [
    {"id": "sov-a-8", "hex": "Tallinn"},
    {"id": "ger-c-xii", "hex": "2414"},
    {"id": "ger-c-xx", "hex": "2614"},
]


def test_frozen_ports_carry_no_supply_in_snow() -> None:  # 9.2
    assert supplied("SBE5", TALLINN, "sov-a-8", "good")
    assert supplied("SBE5", TALLINN, "sov-a-8", "rain")
    assert not supplied("SBE5", TALLINN, "sov-a-8", "snow")


def reach(m: Match[Any], uid: str) -> int:
    """How far (in hexes) the unit's farthest legal move goes."""
    board = m.state.w.board
    start = m.state.pieces[uid].node
    return max(board.distance(start, board.node(h)) for h in move_targets(m, uid))


def test_rain_and_snow_slow_every_move() -> None:  # 9.2
    # A Soviet army in the open steppe east of the Don: 3 MP, clear hexes all around.
    units = [{"id": "sov-a-8", "hex": "4736"}]

    def far(weather: str) -> int:
        return reach(position("SBE5", units, side="soviet", weather=weather), "sov-a-8")

    assert far("good") == 3
    assert far("rain") == 1  # 3 MP a hex
    assert far("snow") == 1  # 2 MP a clear hex


GUARDS = [{"id": "sov-grc-1", "hex": "4736"}]


def test_guards_are_motorized_in_the_advanced_game() -> None:  # 10.0
    def far(scenario: str) -> int:
        return reach(position(scenario, GUARDS, side="soviet", turn=5), "sov-grc-1")

    assert far("SBE5") == 4
    assert far("SBE3") == 3  # the basic game's Guards march at their TECH's pace
    cavalry = position("SBE5", [{"id": "sov-gcc-1", "hex": "4736"}], side="soviet", turn=6)
    assert cavalry.state.profile(cavalry.state.pieces["sov-gcc-1"]).mp == 5


def test_no_air_combat_missions_in_rain_but_rebasing() -> None:  # 9.2, 9.3
    units = [
        {"id": "ger-jg-54", "hex": "Riga"},
        {"id": "sov-a-8", "hex": "2717"},
    ]

    # Played on SBE4's basic rules with the weather set by hand: in SBE5 the fighter would
    # also need an activated Air-HQ to fly (13.5), which is not what this test is about.
    def air_verbs(weather: str) -> set[str]:
        m = position("SBE4", units, control={"axis": ["Riga"]}, weather=weather)
        act(m, "axis", "end_ground")
        return {a.verb for a in m.legal_actions("axis") if a.args.get("unit") == "ger-jg-54"}

    assert air_verbs("good") == {"fly", "rebase"}
    assert air_verbs("rain") == {"rebase"}


# --- 10.0 elite units ---------------------------------------------------------------------


def mods(scenario: str, uid: str, hex_id: str, attacker: str, step: str) -> tuple[int, int]:
    """Mali and Boni of one unit firing in a battle in an open hex, in good weather."""
    m = position(scenario, [{"id": uid, "hex": hex_id}])
    node = m.state.w.board.node(hex_id)
    defender = "soviet" if attacker == "axis" else "axis"
    ctx = BattleContext(node, attacker, defender, 2)
    result = modifiers(m.state, m.state.pieces[uid], ctx, step)
    return result.mali, result.boni


def test_elite_units_fire_with_a_bonus_in_the_advanced_game() -> None:  # 10.0
    clear = "4736"
    # The SS attack with a Bonus, and defend without one.
    assert mods("SBE5", "ger-ss-r", clear, "axis", GROUND) == (0, 1)
    assert mods("SBE5", "ger-ss-r", clear, "soviet", GROUND) == (0, 0)
    assert mods("SBE5", "ger-ss-r", clear, "axis", AA) == (0, 0)
    # The 7th Flying Division defends with a Bonus, its AA too, and attacks without one.
    assert mods("SBE5", "ger-7fd", clear, "soviet", GROUND) == (0, 1)
    assert mods("SBE5", "ger-7fd", clear, "soviet", AA) == (0, 1)
    assert mods("SBE5", "ger-7fd", clear, "axis", GROUND) == (0, 0)
    # Soviet marines defend with one; Guards attack with one.
    assert mods("SBE5", "sov-ni-baltic", clear, "axis", GROUND) == (0, 1)
    assert mods("SBE5", "sov-grc-1", clear, "soviet", GROUND) == (0, 1)
    assert mods("SBE5", "sov-a-8", clear, "soviet", GROUND) == (0, 0)  # not elite
    # The basic game knows no elite.
    assert mods("SBE4", "ger-ss-r", clear, "axis", GROUND) == (0, 0)
    assert mods("SBE4", "ger-7fd", clear, "soviet", GROUND) == (0, 0)


# --- 12.0-12.5 advanced supply ----------------------------------------------------------------


def final_supply(scenario: str, units: list[dict[str, Any]], side: str, **extra: Any) -> Match[Any]:
    """Play ``side``'s turn from its Supply Phase to the end of its Final Supply Phase,
    passing every choice."""
    m = position(scenario, units, side=side, phase="supply", **extra)
    drive(m, lambda mm: mm.state.phasing != side or mm.state.phase == "exploitation")
    return m


def on_map(m: Match[Any]) -> dict[str, int]:
    return {p.uid: m.state.strength(p) for p in m.state.on_map()}


# November 1941 (snow): Tallinn's port is frozen and German blocks hold every land hex
# around it, so its garrison is cut off.
TALLINN_RING = [
    {"id": "ger-c-xii", "hex": "2414"},
    {"id": "ger-c-xx", "hex": "2614"},
    {"id": "ger-c-v", "hex": "2515"},
]


def test_a_besieged_port_loses_a_step_a_turn_instead_of_surrendering() -> None:  # 12.1
    units = [*TALLINN_RING, {"id": "sov-a-8", "hex": "Tallinn"}]
    full = on_map(position("SBE5", units, turn=6))["sov-a-8"]
    m = final_supply("SBE5", units, "soviet", turn=6)
    assert m.state.weather == "snow"
    assert on_map(m)["sov-a-8"] < full
    assert "siege_step_lost" in [e.kind for e in m.state.log]
    # The basic game knows no siege supply: the same garrison surrenders.
    basic = final_supply("SBE4", units, "soviet", weather="snow")
    assert "sov-a-8" not in on_map(basic)
    # From its last step it surrenders as any other unit.
    last = final_supply(
        "SBE5",
        [*TALLINN_RING, {"id": "sov-a-8", "hex": "Tallinn", "strength": 1}],
        "soviet",
        turn=6,
    )
    assert "sov-a-8" not in on_map(last)


def test_a_minor_port_keeps_one_unit_in_siege_supply() -> None:  # 12.1
    ring = [
        {"id": "ger-c-xii", "hex": "2811"},
        {"id": "ger-c-xx", "hex": "2911"},
        {"id": "ger-c-v", "hex": "3011"},
        {"id": "ger-c-i", "hex": "2812"},
        {"id": "ger-c-ii", "hex": "3012"},
        {"id": "ger-c-x", "hex": "2913"},
    ]
    garrison = [{"id": "sov-a-8", "hex": "Vyborg"}, {"id": "sov-a-13", "hex": "Vyborg"}]
    m = final_supply("SBE5", [*ring, *garrison], "soviet", turn=6)
    left = {uid for uid in on_map(m) if uid.startswith("sov-")}
    assert len(left) == 1  # one place in a minor port: the other surrendered


LENINGRAD_RING = [
    {"id": "ger-c-xii", "hex": "3012"},
    {"id": "ger-c-xx", "hex": "2913"},
    {"id": "ger-c-v", "hex": "3014"},
    {"id": "ger-c-i", "hex": "3114"},
    {"id": "ger-c-ii", "hex": "2814"},
    {"id": "ger-c-x", "hex": "2915"},
]


def test_leningrad_holds_while_the_road_of_life_runs() -> None:  # 12.3
    units = [*LENINGRAD_RING, {"id": "sov-a-8", "hex": "Leningrad"}]
    full = on_map(position("SBE5", units, turn=6))["sov-a-8"]
    m = final_supply("SBE5", units, "soviet", turn=6)
    assert m.state.pieces["sov-a-8"].oos  # marked out of supply, yet it holds
    assert on_map(m)["sov-a-8"] == full
    # With Volkhov taken the road is cut: Leningrad is only in siege supply.
    cut = final_supply("SBE5", [*units, {"id": "ger-c-xxvi", "hex": "Volkhov"}], "soviet", turn=6)
    assert on_map(cut)["sov-a-8"] < full


def test_sevastopol_is_fortress_supply_while_it_stands() -> None:  # 12.2
    m = position("SBE5", [{"id": "sov-a-8", "hex": "Sevastopol"}], side="soviet")
    assert in_fortress_supply(m.state, m.state.pieces["sov-a-8"])
    basic = position("SBE4", [{"id": "sov-a-8", "hex": "Sevastopol"}], side="soviet")
    assert not in_fortress_supply(basic.state, basic.state.pieces["sov-a-8"])
    elsewhere = position("SBE5", [{"id": "sov-a-8", "hex": "Odessa"}], side="soviet")
    assert not in_fortress_supply(elsewhere.state, elsewhere.state.pieces["sov-a-8"])


# Every other Soviet port of the Black Sea and the Sea of Azov in Axis hands, and German
# corps on Sevastopol's three land neighbours: neither rail nor sea reaches the fortress.
BLACK_SEA_PORTS = [
    "Batumi", "Berdyansk", "Feodosia", "Izmail", "Kerch", "Kherson", "Mariupol", "Nikolayev",
    "Novorossiysk", "Odessa", "Rostov", "Sukhumi", "Taganrog", "Tuapse",
]  # fmt: skip
SEVASTOPOL_RING = [
    {"id": "ger-c-xii", "hex": "3136"},
    {"id": "ger-c-xx", "hex": "3236"},
    {"id": "ger-c-v", "hex": "3237"},
    {"id": "sov-a-51", "hex": "Sevastopol"},
]


def test_cut_off_sevastopol_keeps_its_garrison_through_final_supply() -> None:  # 12.2
    cut_off = {"control": {"axis": BLACK_SEA_PORTS}}
    m = final_supply("SBE5", SEVASTOPOL_RING, "soviet", **cut_off)
    assert on_map(m)["sov-a-51"] == 4  # no step lost (12.1 would take one), no surrender
    kinds = {e.kind for e in m.state.log}
    assert not kinds & {"surrender", "siege_step_lost"}
    # The same pocket in the Basic Game: the garrison is cut off and surrenders (7.9).
    basic = final_supply("SBE4", SEVASTOPOL_RING, "soviet", **cut_off)
    assert "sov-a-51" not in on_map(basic)
    assert any(e.kind == "surrender" for e in basic.state.log)


def test_a_surrendering_panzer_corps_yields_a_red_pp_too() -> None:  # 12.5
    def soviet_gains(scenario: str, uid: str) -> tuple[int, dict[str, int]]:
        """What the Axis Final Supply gave the Soviets (the log's PP events)."""
        m = final_supply(scenario, [{"id": uid, "hex": "4736"}], "axis")  # far beyond supply
        assert uid not in on_map(m)
        yellow = sum(int(e.data["pp"]) for e in m.state.log if e.kind == "surrender_pp")
        colours = {
            str(e.data["colour"]): int(e.data["pp"])
            for e in m.state.log
            if e.kind == "surrender_coloured_pp"
        }
        return yellow, colours

    assert soviet_gains("SBE5", "ger-pz-xxxxvii") == (1, {"red": 1})
    assert soviet_gains("SBE5", "ger-c-xii") == (1, {})  # infantry: the yellow PP only
    assert soviet_gains("SBE4", "ger-pz-xxxxvii") == (1, {})  # the basic game: yellow only


# --- SBE5's special rules --------------------------------------------------------------------


def turn_one_battle(scenario: str) -> list[tuple[object, ...]]:
    """A German corps and a German army's guns attack Minsk on June 1941's Axis turn: each
    fire event's step, round, side, Boni and Mali."""
    m = position(
        scenario,
        [
            {"id": "ger-c-xii", "hex": "2522"},
            {"id": "ger-a-16", "hex": "2523"},
            {"id": "sov-a-13", "hex": "Minsk"},
        ],
        turn=1,
        control={"axis": ["2522", "2523"]},
        options={"optional_rules": "none"},  # no air recon (19.0): its Malus would stay
    )
    act(m, "axis", "move", unit="ger-c-xii", to="2622")
    act(m, "axis", "move", unit="ger-a-16", to="2622")
    start = len(m.state.log)
    drive(m, lambda mm: mm.state.phase in ("blitz", "final_supply", "exploitation"))
    return [
        (e.data["step"], e.data["round"], e.data["side"], e.data["boni"], e.data["mali"])
        for e in m.state.log[start:]
        if e.kind == "fire"
    ]


def test_barbarossa_surprise_on_the_first_turn() -> None:  # SBE5 special rules
    fired = turn_one_battle("SBE5")
    first_round = [f for f in fired if f[1] == 1]
    # German guns: one more Bonus; the Soviets in Minsk: no major-city Bonus; the attacking
    # corps: no major-city Malus.
    assert ("artillery", 1, "axis", 1, 0) in first_round
    assert ("ground", 1, "soviet", 0, 0) in first_round
    assert ("ground", 1, "axis", 0, 0) in first_round
    # SBE4 has no surprise rule: the city's Bonus and Malus count.
    basic = [f for f in turn_one_battle("SBE4") if f[1] == 1]
    assert ("ground", 1, "soviet", 1, 0) in basic
    assert ("ground", 1, "axis", 0, 1) in basic
    assert ("artillery", 1, "axis", 0, 0) in basic


def test_luftwaffe_total_supremacy_is_an_option_of_sbe5_and_sbe9_only() -> None:
    game = Bite()
    assert game.setup("SBE5", {"luftwaffe_total_supremacy": True}, 1).options[
        "luftwaffe_total_supremacy"
    ]
    assert game.setup("SBE5", {}, 1).options["luftwaffe_total_supremacy"] is False
    with pytest.raises(UnknownGame, match="belongs to SBE5, SBE9, not SBE1"):
        game.setup("SBE1", {"luftwaffe_total_supremacy": True}, 1)
    # At its default (as a form sends every option) it is left out of a basic game's state.
    assert (
        "luftwaffe_total_supremacy"
        not in game.setup("SBE1", {"luftwaffe_total_supremacy": False}, 1).options
    )


def test_long_scenarios_keep_two_german_mountain_units_in_scandinavia() -> None:
    def north(m: Match[Any]) -> set[str]:
        board = m.state.w.board
        return {
            p.uid
            for p in m.state.on_map("axis")
            if p.uid.startswith("ger-")
            and m.state.spec(p).cls == "mountain"
            and board.owner_1941[p.node] in ("norway", "sweden", "finland")
        }

    assert len(north(Match(GAME, "SBE5", {}, 1))) == 2
    assert len(north(Match(GAME, "SBE4", {}, 1))) == 1  # the BSS has one up north
    # By hand, the Axis cannot finish with the second one sent south again.
    m = Match(GAME, "SBE5", {"deployment": "by_hand"}, 1)
    act(m, "soviet", "done")
    assert "done" in {a.verb for a in m.legal_actions("axis")}
    act(m, "axis", "pick", unit="ger-gk-xxxxix")
    targets = {str(a.args["hex"]) for a in m.legal_actions("axis") if a.verb == "deploy"}
    assert "1928" in targets
    assert "1310" in targets
    act(m, "axis", "deploy", unit="ger-gk-xxxxix", hex="1928")
    d = m.legal_actions("axis")
    assert "done" not in {a.verb for a in d}
    prompt = GAME.decision(m.state)
    assert prompt is not None
    assert "2 German mountain units must stand in Norway, Sweden or Finland" in prompt.prompt.text


def cut_off_attack(scenario: str, dice: list[int], soviet_strength: int = 4) -> Match[Any]:
    """A German corps cut off in the steppe (4736), a Soviet army next to it (4737); the
    Axis turn played to its Movement Phase."""
    m = position(
        scenario,
        [
            {"id": "ger-c-xii", "hex": "4736"},
            {"id": "sov-a-13", "hex": "4737", "strength": soviet_strength},
        ],
        phase="supply",
        dice=dice,
    )
    drive(m, lambda mm: mm.state.phase == "movement")
    assert m.state.pieces["ger-c-xii"].oos
    return m


def test_a_cut_off_tech_2_unit_may_attack_desperately() -> None:  # 12.4, 12.4.1
    assert "4737" not in move_targets(cut_off_attack("SBE4", []), "ger-c-xii")  # 4.4
    # Every die a 1: the Soviet army still holds after the first round, so the corps
    # surrenders at once and the Soviets gain its PP.
    m = cut_off_attack("SBE5", [1] * 20)
    assert "4737" in move_targets(m, "ger-c-xii")
    act(m, "axis", "move", unit="ger-c-xii", to="4737")
    drive(m, lambda mm: mm.state.phase in ("blitz", "final_supply", "exploitation"))
    assert "ger-c-xii" not in on_map(m)
    kinds = [e.kind for e in m.state.log]
    assert "desperate_attack_failed" in kinds
    # Four sixes against a 2-step army clear the hex in the first round: no surrender.
    won = cut_off_attack("SBE5", [1, 1, 6, 6, 6, 6] + [1] * 10, soviet_strength=2)
    act(won, "axis", "move", unit="ger-c-xii", to="4737")
    drive(won, lambda mm: mm.state.phase in ("blitz", "final_supply", "exploitation"))
    assert "sov-a-13" not in on_map(won)
    assert "desperate_attack_failed" not in [e.kind for e in won.state.log]


def test_soviet_fighters_stay_grounded_on_the_surprise_turn() -> None:
    fighter = [{"id": "sov-vvs-w-f", "hex": "Minsk"}, {"id": "ger-c-xii", "hex": "2522"}]

    def air_verbs(scenario: str, turn: int) -> set[str]:
        m = position(scenario, fighter, turn=turn, side="soviet", control={"axis": ["2522"]})
        drive(m, lambda mm: GAME.decision(mm.state).prompt.kind == "air")  # type: ignore[union-attr]
        return {a.verb for a in m.legal_actions("soviet") if a.args.get("unit") == "sov-vvs-w-f"}

    assert air_verbs("SBE5", 1) == set()  # Barbarossa Surprise: no mission, no rebase
    assert "rebase" in air_verbs("SBE4", 1)
    assert "rebase" in air_verbs("SBE5", 2)


def test_the_owner_sees_siege_and_fortress_supply_the_enemy_does_not() -> None:
    def supply_words(units: list[dict[str, Any]]) -> tuple[object, object]:
        m = position("SBE5", units, turn=6, side="soviet", phase="supply")
        drive(m, lambda mm: mm.state.phase == "movement")
        own, enemy = m.view("soviet")["hq"], m.view("axis")["hq"]
        assert isinstance(own, dict)
        assert isinstance(enemy, dict)
        assert enemy["supply"] == {}  # fog: the Axis does not learn who is cut off how
        return own["supply"], m.state.pieces["sov-a-8"].oos

    assert supply_words([*TALLINN_RING, {"id": "sov-a-8", "hex": "Tallinn"}]) == (
        {"sov-a-8": "siege"},
        True,
    )
    assert supply_words([*LENINGRAD_RING, {"id": "sov-a-8", "hex": "Leningrad"}]) == (
        {"sov-a-8": "fortress"},
        True,
    )


def test_no_soviet_reaction_phase_on_the_surprise_turn() -> None:  # SBE5 special rules
    """Barbarossa Surprise: on turn 1 the Soviets get no Reaction Phase (no Air-HQ
    activated, no fighter sent), while on turn 2 the same battle offers them one."""

    def soviet_reaction_choices(turn: int) -> set[str]:
        units = [
            {"id": "sov-vvs-w-f", "hex": "Minsk"},
            {"id": "sov-air-hq", "hex": "Minsk"},
            {"id": "sov-a-13", "hex": "2522"},
            {"id": "ger-c-xii", "hex": "2422"},
        ]
        m = position("SBE5", units, turn=turn)
        act(m, "axis", "move", unit="ger-c-xii", to="2522")  # a battle in reach of Minsk
        seen: set[str] = set()

        def past_movement(mm: Match[Any]) -> bool:
            if mm.state.phase == "reaction" and mm.active_sides() == ["soviet"]:
                seen.update(a.verb for a in mm.legal_actions("soviet"))
            return mm.state.phase in ("combat", "blitz")

        drive(m, past_movement)
        return seen

    assert soviet_reaction_choices(1) == set()
    assert "activate" in soviet_reaction_choices(2)  # 13.3: the Air-HQ may activate
