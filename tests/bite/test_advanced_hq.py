"""HQ, fuel and movement (Advanced Game, rules 13.0-13.8), on SBE5 positions.

The positions are small pieces of the real map (design choices of these tests): German
armour around column 24 of Belarus in July 1941, the Stavka in Moscow, the FHQ in
Rastenburg. Each test builds its position with the public position builder and plays the
rules' own actions.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import command
from hexfront.games.bite.rules.basics import zoc_map
from hexfront.games.bite.state import BiteState
from hexfront.games.bite.text import describe, log_line, prompt_words

from .helpers import act, at_prompt, drive, move_targets, verbs

GAME = Bite()

# A strip of Belarus held by the Axis: column 24, rows 16 to 26 (clear and swamp).
STRIP = [f"24{r:02d}" for r in range(16, 27)] + [f"25{r:02d}" for r in range(16, 27)]


def build(units: list[dict[str, Any]], **changes: Any) -> Match[BiteState]:
    position: dict[str, Any] = {
        "scenario": "SBE5",
        "turn": 2,
        "side": "axis",
        "phase": "movement",
        "weather": "good",
        "unit": units,
        "control": {"axis": STRIP},
    }
    position.update(changes)
    return Match.from_position(GAME, position)


def commands(m: Match[BiteState], side: str = "axis") -> set[tuple[str, str]]:
    return {
        (str(a.args["hq"]), str(a.args["unit"]))
        for a in m.legal_actions(side)
        if a.verb == "command"
    }


def activations(m: Match[BiteState], side: str = "axis") -> set[str]:
    return {str(a.args["hq"]) for a in m.legal_actions(side) if a.verb == "activate"}


def node(m: Match[BiteState], hex_id: str) -> int:
    return m.state.w.board.node(hex_id)


ARMOUR = [
    {"id": "ger-pzgr-3", "hex": "2418"},  # Panzergruppe 3, 4 action points
    {"id": "ger-pz-xxxxvii", "hex": "2423"},  # 5 hexes south of it
    {"id": "sov-a-13", "hex": "2823"},  # an enemy to attack, far enough to leave ZOC out
]


# --- 13.3 activation, 13.5 limited supply, 13.2 full supply under command -------------------


def test_uncommanded_armour_is_in_limited_supply_half_mp_and_no_attack() -> None:
    m = build(ARMOUR)
    tank = m.state.pieces["ger-pz-xxxxvii"]
    full = m.state.profile(tank).mp
    assert command.limited_supply(m.state, tank)
    assert tank.mp_left == max(1, full // 2)  # 13.5: half MP
    assert "2823" not in move_targets(m, "ger-pz-xxxxvii")  # 13.5: no attack
    assert command.supply_word(m.state, tank) == "limited"


def test_move_then_activate_then_command_gives_full_mp_and_the_attack() -> None:
    m = build(ARMOUR)
    assert activations(m) == {"ger-pzgr-3"}
    assert commands(m) == set()  # no HQ active yet
    act(m, "axis", "move", unit="ger-pzgr-3", to="2419")  # 13.3: it moves first ...
    act(m, "axis", "activate", hq="ger-pzgr-3")  # ... then activates
    hq = m.state.pieces["ger-pzgr-3"]
    assert hq.revealed
    assert command.points_left(m.state, hq) == 4
    assert move_targets(m, "ger-pzgr-3") == set()  # an activated HQ stays put
    assert ("ger-pzgr-3", "ger-pz-xxxxvii") in commands(m)
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    tank = m.state.pieces["ger-pz-xxxxvii"]
    assert tank.mp_left == m.state.profile(tank).mp  # 13.2: full MP
    assert not command.limited_supply(m.state, tank)
    assert command.points_left(m.state, hq) == 3  # 13.4: one action point per unit
    assert commands(m) == set()  # the tank is commanded once


def test_an_hq_moves_its_full_allowance_before_activating() -> None:
    m = build(ARMOUR)
    hq = m.state.pieces["ger-pzgr-3"]
    assert hq.mp_left == m.state.profile(hq).mp  # 13.3 (design: never halved)


def test_activation_is_seen_by_the_enemy_and_commands_are_not() -> None:
    m = build(ARMOUR)
    before = json.dumps(GAME.view(m.state, "soviet"))
    assert '"ger-pzgr-3"' not in before  # 13.2: hidden until activated
    act(m, "axis", "activate", hq="ger-pzgr-3")
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    soviet = GAME.view(m.state, "soviet")
    text = json.dumps(soviet)
    assert '"ger-pzgr-3"' in text  # revealed by tipping it forward
    assert '"ger-pz-xxxxvii"' not in text  # which units it commands stays hidden
    seen = soviet["hq"]["active"]  # type: ignore[index]
    assert [row["id"] for row in seen] == ["ger-pzgr-3"]  # type: ignore[index]
    assert "may_command" not in seen[0]  # type: ignore[index, operator]
    own = GAME.view(m.state, "axis")["hq"]["active"][0]  # type: ignore[index]
    assert own["left"] == 3
    assert own["range"] == 5
    hidden = GAME.hidden_tokens(m.state, "soviet")
    assert not [t for t in hidden if t in text]


# --- 13.3 range ---------------------------------------------------------------------------------


def test_range_is_five_hexes_and_three_in_bad_weather() -> None:
    far = [{"id": "ger-pzgr-3", "hex": "2418"}, {"id": "ger-pz-xxxxvii", "hex": "2424"}]
    m = build(far)  # 6 hexes
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == set()
    m = build(ARMOUR)
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == {("ger-pzgr-3", "ger-pz-xxxxvii")}
    m = build(ARMOUR, weather="rain")  # 13.3: 3 hexes in bad weather
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == set()
    near = [{"id": "ger-pzgr-3", "hex": "2418"}, {"id": "ger-pz-xxxxvii", "hex": "2421"}]
    m = build(near, weather="rain")
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == {("ger-pzgr-3", "ger-pz-xxxxvii")}


def test_range_is_not_traced_through_enemy_zoc_or_enemy_hexes() -> None:
    # Soviet blocks on both sides of the column cut the straight line; the way round is
    # longer than 5 hexes.
    units = [*ARMOUR[:2], {"id": "sov-a-13", "hex": "2320"}, {"id": "sov-a-10", "hex": "2520"}]
    m = build(units)
    zoc = zoc_map(m.state, "soviet", ground_only=True)
    assert zoc[node(m, "2420")]
    assert zoc[node(m, "2419")]
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == set()


def test_range_is_traced_through_friendly_hexes_only() -> None:
    m = build(ARMOUR, control={"axis": ["2418", "2423", *STRIP[11:]]})
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == set()  # column 24 between them is Soviet


# --- 13.1 appropriate HQ, 13.4 action points, 13.5 minimum command ------------------------------


def test_an_armor_hq_commands_its_own_nation_and_armour_only() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-pzgr-3", "hex": "2418"},
        {"id": "rom-arm-1", "hex": "2420"},  # Romanian armour
        {"id": "ger-c-xii", "hex": "2421"},  # German infantry: needs no fuel
        {"id": "ger-fk-ii", "hex": "2422"},  # German bombers: an Air-HQ's
    ]
    m = build(units)
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == set()


def test_action_points_limit_the_units_and_oos_halves_them() -> None:
    tanks = ["ger-pz-xxxxi", "ger-pz-lvi", "ger-pz-xxxix", "ger-pz-lvii", "ger-pz-xxiv"]
    units: list[dict[str, Any]] = [{"id": "ger-pzgr-3", "hex": "2418"}]
    units += [{"id": t, "hex": f"24{19 + i:02d}"} for i, t in enumerate(tanks[:4])]
    units += [{"id": tanks[4], "hex": "2519"}]
    m = build(units)
    act(m, "axis", "activate", hq="ger-pzgr-3")
    for t in tanks[:4]:
        act(m, "axis", "command", hq="ger-pzgr-3", unit=t)
    assert commands(m) == set()  # 13.4: 4 action points, 4 units
    # 13.5 example: out of supply, a 4-step HQ commands 2 units, a 3-step HQ 1.
    for strength, room in ((4, 2), (3, 1), (1, 1)):
        units[0] = {"id": "ger-pzgr-3", "hex": "2418", "strength": strength, "out_of_supply": True}
        m = build(units)
        act(m, "axis", "activate", hq="ger-pzgr-3")
        for t in tanks[:room]:
            act(m, "axis", "command", hq="ger-pzgr-3", unit=t)
        assert commands(m) == set()


# --- air units (13.1, 13.5) and the reaction phase (13.3) ---------------------------------------


AIR = [
    {"id": "ger-lf-2", "hex": "2418"},
    {"id": "ger-fk-ii", "hex": "2420"},
    {"id": "sov-a-13", "hex": "2722"},
]


def _air_stage(m: Match[BiteState]) -> None:
    act(m, "axis", "end_ground")
    assert at_prompt("air", "axis")(m)


def test_air_units_need_an_air_hq_to_fly_missions_but_not_to_rebase() -> None:
    m = build(AIR)
    _air_stage(m)
    assert "fly" not in verbs(m, "axis")
    assert "rebase" in verbs(m, "axis")  # 13.5: rebasing needs no HQ
    act(m, "axis", "activate", hq="ger-lf-2")
    assert commands(m) == {("ger-lf-2", "ger-fk-ii")}
    act(m, "axis", "command", hq="ger-lf-2", unit="ger-fk-ii")
    fly = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "fly"}
    assert "2722" in fly


def test_the_defender_activates_an_air_hq_in_the_reaction_phase_to_react() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-c-xii", "hex": "2420"},
        {"id": "sov-air-hq", "hex": "2622"},
        {"id": "sov-vvs-w-f", "hex": "2623"},
        {"id": "sov-a-13", "hex": "2421"},
    ]
    m = build(units, control={"axis": ["2420"], "soviet": ["2421", "2622", "2623", "2522"]})
    act(m, "axis", "move", unit="ger-c-xii", to="2421")  # an attack
    act(m, "axis", "end_ground")
    drive(m, at_prompt("reaction", "soviet"))
    assert "react" not in verbs(m, "soviet")  # no command yet (13.5)
    assert activations(m, "soviet") == {"sov-air-hq"}  # 13.3: in place, not moved
    act(m, "soviet", "activate", hq="sov-air-hq")
    act(m, "soviet", "command", hq="sov-air-hq", unit="sov-vvs-w-f")
    assert "react" in verbs(m, "soviet")


# --- 13.6 deactivation, 13.7 blitz and exploitation ---------------------------------------------


def _to_exploitation(m: Match[BiteState]) -> None:
    drive(m, lambda x: x.state.phase == "exploitation" or x.state.phasing != "axis")


def test_deactivation_costs_a_step_and_removes_a_one_step_hq() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-pzgr-3", "hex": "2418"},
        {"id": "ger-pzgr-2", "hex": "2420", "strength": 1},
        {"id": "ger-pz-xxxxvii", "hex": "2423"},
    ]
    m = build(units)
    act(m, "axis", "activate", hq="ger-pzgr-3")
    act(m, "axis", "activate", hq="ger-pzgr-2")
    _to_exploitation(m)
    s = m.state
    assert s.strength(s.pieces["ger-pzgr-3"]) == 3  # 13.6: one step less
    assert not s.pieces["ger-pzgr-3"].revealed  # hidden again
    assert s.pieces["ger-pzgr-2"].status == "eliminated"  # rebuildable later
    assert command.active_entries(s) == {}
    assert command.HQ_FLAG not in s.flags  # nothing left in the state
    lines = [log_line(e.to_json()) for e in s.log]
    assert any("deactivated" in line and "(13.6)" in line for line in lines)


def test_exploitation_needs_an_armor_hq_activated_in_that_phase() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-pzgr-3", "hex": "2418"},
        {"id": "ger-pz-xxxxvii", "hex": "2423"},
        {"id": "ger-fhq", "hex": "Rastenburg"},
    ]
    m = build(units)
    act(m, "axis", "activate", hq="ger-pzgr-3")
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    _to_exploitation(m)
    assert m.state.phase == "exploitation"
    assert "move" not in verbs(m, "axis")  # 13.7: the movement's command is spent
    assert activations(m) == {"ger-pzgr-3"}  # the Armor-HQ, never the FHQ
    act(m, "axis", "activate", hq="ger-pzgr-3")
    assert commands(m) == {("ger-pzgr-3", "ger-pz-xxxxvii")}
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    assert move_targets(m, "ger-pz-xxxxvii")
    act(m, "axis", "done")
    assert m.state.strength(m.state.pieces["ger-pzgr-3"]) == 2  # two activations, two steps


def test_blitz_needs_no_new_activation() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-pzgr-3", "hex": "2418"},
        {"id": "ger-pz-xxxxvii", "hex": "2421"},
        {"id": "sov-a-13", "hex": "2422", "strength": 1},
    ]
    m = build(units, control={"axis": STRIP, "soviet": ["2422"]})
    act(m, "axis", "activate", hq="ger-pzgr-3")
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    act(m, "axis", "move", unit="ger-pz-xxxxvii", to="2422")
    m.state.dice.loaded = [6] * 40
    drive(m, lambda x: x.state.phase == "blitz" or x.state.phase == "exploitation")
    assert m.state.phase == "blitz"
    assert "blitz" in verbs(m, "axis")  # 13.7: no extra activation needed


# --- 13.8 Supreme HQs ---------------------------------------------------------------------------


def test_the_stavka_is_frozen_in_june_1941_and_activates_in_the_rail_phase_later() -> None:
    units = [{"id": "sov-stavka", "hex": "Moscow"}, {"id": "sov-mc-1", "hex": "Tula"}]
    june = build(units, turn=1, side="soviet", phase="rail")
    assert activations(june, "soviet") == set()  # 3.21, 13.8.1
    m = build(units, side="soviet", phase="rail")
    assert activations(m, "soviet") == {"sov-stavka"}
    act(m, "soviet", "activate", hq="sov-stavka")
    railed = [a for a in m.legal_actions("soviet") if a.verb == "rail" and "hq" in a.args]
    assert railed
    assert all(a.args["unit"] != "sov-stavka" for a in railed)
    act(m, "soviet", "done")
    assert at_prompt("move", "soviet")(m)
    assert move_targets(m, "sov-stavka") == set()  # never leaves Moscow
    assert ("sov-stavka", "sov-mc-1") in commands(m, "soviet")  # unlimited range


def test_the_stavka_menu_allows_one_action_of_each_kind() -> None:
    units: list[dict[str, Any]] = [
        {"id": "sov-stavka", "hex": "Moscow"},
        {"id": "sov-mc-1", "hex": "Tula"},
        {"id": "sov-mc-3", "hex": "Kaluga"},
        {"id": "sov-a-13", "hex": "Kalinin", "out_of_supply": True},
        {"id": "sov-a-10", "hex": "Yaroslavl"},
    ]
    m = build(units, side="soviet", phase="rail")
    act(m, "soviet", "activate", hq="sov-stavka")
    ride = next(a for a in m.legal_actions("soviet") if a.verb == "rail" and "hq" in a.args)
    m.act(ride)
    assert not [a for a in m.legal_actions("soviet") if a.verb == "rail" and "hq" in a.args]
    act(m, "soviet", "done")
    act(m, "soviet", "command", hq="sov-stavka", unit="sov-mc-1", **{"as": "armor"})
    assert ("sov-stavka", "sov-mc-3") not in commands(m, "soviet")  # one armour a turn
    assert ("sov-stavka", "sov-a-13") in commands(m, "soviet")  # the "supply" order
    act(m, "soviet", "command", hq="sov-stavka", unit="sov-a-13", **{"as": "supply"})
    infantry = m.state.pieces["sov-a-13"]
    assert infantry.mp_left == m.state.profile(infantry).mp  # as if fully supplied
    assert commands(m, "soviet") == set()  # 4 action points, but a kind only once


def test_the_stavka_falls_with_moscow_and_soviet_rail_drops_to_four() -> None:
    units = [{"id": "sov-stavka", "hex": "Moscow"}] + [
        {"id": u, "hex": h}
        for u, h in (
            ("sov-a-13", "Tula"),
            ("sov-a-10", "Kaluga"),
            ("sov-a-3", "Yaroslavl"),
            ("sov-a-4", "Ryazan"),
            ("sov-a-5", "Vladimir"),
        )
    ]
    m = build(units, side="soviet", phase="rail", pp={"ussr": 20}, control={"axis": ["Moscow"]})
    assert m.state.pieces["sov-stavka"].status == "eliminated"  # 13.8.1
    assert command.rebuild_place("sov-stavka") == "Chelyabinsk"
    for _ in range(4):
        ride = next(a for a in m.legal_actions("soviet") if a.verb == "rail")
        m.act(ride)
    assert "rail" not in verbs(m, "soviet")  # 13.8.1: 4 rail moves without Moscow
    held = build(units, side="soviet", phase="rail", pp={"ussr": 20})
    for _ in range(5):
        held.act(next(a for a in held.legal_actions("soviet") if a.verb == "rail"))
    assert "rail" not in verbs(held, "soviet")  # 7.4: 5 with Moscow held


def test_the_fhq_activates_itself_at_four_with_two_kinds_and_cross_command() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-fhq", "hex": "Rastenburg", "strength": 2},
        {"id": "rom-antonescu", "hex": "Bucharest"},
        {"id": "rom-arm-1", "hex": "2418"},
        {"id": "ger-pz-xxxxvii", "hex": "2420"},
        {"id": "ger-pz-lvi", "hex": "2422"},
        {"id": "ger-fk-ii", "hex": "2424"},
        {"id": "ger-c-xii", "hex": "2426", "out_of_supply": True},
    ]
    m = build(units, phase="rail")
    fhq = m.state.pieces["ger-fhq"]
    assert command.is_active(m.state, fhq)  # 13.8.2: at the start of the turn
    assert command.points_left(m.state, fhq) == 4  # always 4, whatever its steps
    assert activations(m) == {"rom-antonescu"}
    act(m, "axis", "activate", hq="rom-antonescu")
    act(m, "axis", "done")
    got = commands(m)
    assert ("ger-fhq", "rom-arm-1") in got  # 13.8.3: cross command
    assert ("rom-antonescu", "rom-arm-1") in got
    assert ("rom-antonescu", "ger-pz-xxxxvii") not in got  # the reverse is not possible
    act(m, "axis", "command", hq="ger-fhq", unit="ger-pz-xxxxvii", **{"as": "armor"})
    act(m, "axis", "command", hq="ger-fhq", unit="ger-pz-lvi", **{"as": "armor"})
    act(m, "axis", "command", hq="ger-fhq", unit="ger-c-xii", **{"as": "supply"})
    fhq_left = {u for h, u in commands(m) if h == "ger-fhq"}
    assert fhq_left == {"rom-arm-1"}  # two kinds used: armour again (design), nothing else
    act(m, "axis", "end_ground")
    assert ("ger-fhq", "ger-fk-ii") not in commands(m)  # a third kind: no


def test_the_fhq_goes_to_berlin_once_the_soviets_enter_germany() -> None:
    units = [{"id": "ger-fhq", "hex": "Rastenburg"}, {"id": "ger-c-xii", "hex": "2420"}]
    m = build(units, phase="rail", control={"axis": STRIP, "soviet": ["1920"]})
    s = m.state
    assert s.w.board.id_of(s.pieces["ger-fhq"].node) == s.w.board.id_of(s.w.board.node("Berlin"))
    assert move_targets(m, "ger-fhq") == set()
    stay = build(units, phase="rail")
    assert stay.state.pieces["ger-fhq"].node == stay.state.w.board.node("Rastenburg")


# --- words and the Basic Game -------------------------------------------------------------------


def test_every_hq_action_and_event_has_words() -> None:
    m = build(ARMOUR)
    view = GAME.view(m.state, "axis")
    for a in m.legal_actions("axis"):
        if a.verb in ("activate", "command"):
            line = describe(a, view)
            assert "_" not in line
            assert "ger-" not in line
            assert "(13." in line
    prompt = view["prompt"]
    assert isinstance(prompt, dict)
    said = prompt_words(prompt)
    assert said.startswith("Move ground units")
    assert "activate it (13.3)" in said  # the HQ rules' sentence, from the prompt's data
    act(m, "axis", "activate", hq="ger-pzgr-3")
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    for e in m.state.log:
        if e.kind.startswith("hq_"):
            line = log_line(e.to_json(), GAME.view(m.state, "axis"))
            assert line
            assert "_" not in line
            assert "ger-" not in line
            assert "=" not in line


def test_the_basic_game_has_no_hq_rules() -> None:
    position = {
        "scenario": "SBE4",
        "turn": 2,
        "side": "axis",
        "phase": "movement",
        "unit": [{"id": "ger-pzgr-3", "hex": "2418"}, {"id": "ger-pz-xxxxvii", "hex": "2423"}],
    }
    m = Match.from_position(GAME, position)
    tank = m.state.pieces["ger-pz-xxxxvii"]
    assert tank.mp_left == m.state.profile(tank).mp
    assert not ({"activate", "command"} & verbs(m, "axis"))
    view = GAME.view(m.state, "axis")
    assert "hq" not in view
    assert view["prompt"]["data"] == {}  # type: ignore[index]


def test_a_bad_command_is_refused_and_changes_nothing() -> None:
    m = build(ARMOUR)
    act(m, "axis", "activate", hq="ger-pzgr-3")
    before = json.dumps(GAME.to_json(m.state), sort_keys=True)
    bad = Action("axis", "command", {"hq": "ger-pzgr-3", "unit": "sov-a-13"})
    with pytest.raises(IllegalAction, match="not a legal action"):
        m.act(bad)
    assert json.dumps(GAME.to_json(m.state), sort_keys=True) == before


def test_limited_and_out_of_supply_armour_has_a_quarter_mp_and_the_desperate_mark() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-pzgr-3", "hex": "2418"},
        {"id": "ger-pz-xxxxvii", "hex": "2423", "out_of_supply": True},
    ]
    m = build(units)
    tank = m.state.pieces["ger-pz-xxxxvii"]
    full = m.state.profile(tank).mp
    assert tank.mp_left == max(1, full // 4)  # 13.5: a quarter
    assert command.desperate_only(m.state, tank)  # the mark 12.4 reads
    assert command.supply_word(m.state, tank) == "limited_oos"
    act(m, "axis", "activate", hq="ger-pzgr-3")
    act(m, "axis", "command", hq="ger-pzgr-3", unit="ger-pz-xxxxvii")
    assert tank.mp_left == max(1, full // 2)  # still out of supply (4.4), no longer limited
    assert not command.desperate_only(m.state, tank)


def test_the_fhq_is_never_removed_by_deactivation_but_other_hqs_are() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-fhq", "hex": "Rastenburg", "strength": 1},
        {"id": "rom-antonescu", "hex": "Bucharest", "strength": 1},
        {"id": "ger-c-xii", "hex": "2420"},
    ]
    m = build(units, phase="rail")
    act(m, "axis", "activate", hq="rom-antonescu")
    _to_exploitation(m)
    s = m.state
    assert s.pieces["ger-fhq"].status == "map"  # design: repaired first every turn (13.8.2)
    assert s.strength(s.pieces["ger-fhq"]) == 1
    assert s.pieces["rom-antonescu"].status == "eliminated"  # 13.6


def test_total_supremacy_costs_the_luftwaffe_hqs_two_steps_on_the_surprise_turn() -> None:
    units: list[dict[str, Any]] = [
        {"id": "ger-lf-1", "hex": "2418"},
        {"id": "ger-lf-2", "hex": "2422"},
        {"id": "rom-antonescu", "hex": "Bucharest"},
        {"id": "ger-c-xii", "hex": "2420"},
    ]
    after: dict[bool, tuple[int, int, int]] = {}
    for option in (True, False):
        m = build(units, turn=1, options={"luftwaffe_total_supremacy": option})
        act(m, "axis", "activate", hq="ger-lf-1")
        _to_exploitation(m)
        s = m.state
        after[option] = (
            s.strength(s.pieces["ger-lf-1"]),
            s.strength(s.pieces["ger-lf-2"]),
            s.strength(s.pieces["rom-antonescu"]),
        )
    assert after[True] == (2, 2, 3)  # double reduction, activated or not; never Antonescu
    assert after[False] == (3, 4, 3)  # 13.6 alone
