"""Frozen air units on turn 1 (3.21), minor allies' and Finnish air (5.3, 5.5), German
units sent to Finland (5.5) and the Finnish surrender (5.5, 7.11), on the real map.

Every position here is a design choice: a few blocks of the SBE4 counter mix placed where
the rule bites, not a historical situation.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.engine.paths import bfs
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import powers
from hexfront.games.bite.rules.basics import is_frozen
from hexfront.games.bite.state import BiteState

from .helpers import act, at_prompt, drive, load, move_targets, pass_action, verbs

GAME = Bite()


def position(units: list[dict[str, Any]], **fields: Any) -> Match[BiteState]:
    return Match.from_position(
        GAME, {"scenario": "SBE4", "turn": 2, "reinforcements": False, "unit": units, **fields}
    )


def rail_line(start: str, end: str) -> list[str]:
    """The hexes of the shortest railway from one place to another (printed ids)."""
    board = GAME.scenario_state("SBE4", {}, 0).w.board
    a, b = board.node(start), board.node(end)
    parent = {a: a}
    frontier = [a]
    while frontier and b not in parent:
        nxt = []
        for n in frontier:
            for x in board.rail_adjacency[n]:
                if x not in parent:
                    parent[x] = n
                    nxt.append(x)
        frontier = nxt
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return [board.id_of(n) for n in path]


def air_targets(m: Match[BiteState], unit: str, verb: str) -> set[str]:
    side = m.state.pieces[unit].side
    return {
        str(a.args["to"])
        for a in m.legal_actions(side)
        if a.verb == verb and a.args.get("unit") == unit
    }


def finland_exit(state: BiteState) -> dict[int, int]:
    """Each hex of Finland (1941) -> the fewest steps out of it."""
    board = state.w.board
    finland = board.zone("finland_1941")
    edge = [
        n
        for n in range(board.node_count)
        if n not in finland and board.playable[n] and set(board.adjacency[n]) & finland
    ]
    dist = bfs(board.adjacency, edge, passable=lambda n: n in finland)
    return {n: dist[n] for n in finland if dist[n] >= 0}


def to_air_stage(m: Match[BiteState], side: str = "axis") -> None:
    drive(m, at_prompt("move", side))
    act(m, side, "end_ground")
    assert at_prompt("air", side)(m)


# --- 3.21: frozen air units ---------------------------------------------------------------


def _frozen_offers(m: Match[BiteState], side: str) -> set[tuple[str, str]]:
    s = m.state
    return {
        (str(a.args["unit"]), a.verb)
        for a in m.legal_actions(side)
        if "unit" in a.args and is_frozen(s, s.pieces[str(a.args["unit"])])
    }


def test_no_frozen_air_unit_flies_or_rebases_in_the_sbe4_turn_one_air_stages() -> None:  # 3.21
    m = Match(GAME, "SBE4", {}, 3)
    to_air_stage(m, "axis")
    assert "fin-af" in m.state.w.scenario.frozen_turn1
    assert _frozen_offers(m, "axis") == set()
    assert air_targets(m, "ger-fk-iv", "rebase")  # the unfrozen still rebase
    drive(m, at_prompt("move", "soviet"), limit=3000)
    to_air_stage(m, "soviet")
    assert m.state.turn == 1
    assert _frozen_offers(m, "soviet") == set()
    assert air_targets(m, "sov-vvs-w-b", "rebase")


def test_a_frozen_air_unit_does_not_rebase() -> None:  # 3.21
    units = [{"id": "fin-af", "hex": "Helsinki"}]
    m = position(units, turn=1, frozen=["fin-af"])
    to_air_stage(m)
    assert air_targets(m, "fin-af", "rebase") == set()
    assert verbs(m, "axis") == {"done"}
    m = position(units, turn=1, frozen=[])
    to_air_stage(m)
    assert air_targets(m, "fin-af", "rebase")  # the same unit, not frozen, may rebase


def test_a_frozen_air_unit_caught_on_its_airbase_cannot_evacuate_and_surrenders() -> None:
    # 3.21 and the note after 7.7.5: evacuating is a move a frozen unit cannot make.
    units = [{"id": "ger-c-xi", "hex": "2833"}, {"id": "sov-vvs-o-f", "hex": "Odessa"}]
    m = position(units, turn=1, frozen=["sov-vvs-o-f"], control={"axis": ["2833"]})
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="ger-c-xi", to="2834")
    assert m.state.pieces["sov-vvs-o-f"].status == "eliminated"
    # Unfrozen, it loses a step and flies to another airbase.
    m = position(units, turn=1, frozen=[], control={"axis": ["2833"]})
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="ger-c-xi", to="2834")
    fighter = m.state.pieces["sov-vvs-o-f"]
    assert fighter.status == "map"
    assert m.state.w.board.id_of(fighter.node) != "2834"


def test_a_frozen_air_unit_neither_reacts_nor_retreats_from_a_battle() -> None:  # 3.21
    units = [
        {"id": "ger-c-xi", "hex": "2833"},
        {"id": "sov-rc-48", "hex": "Odessa"},
        {"id": "sov-vvs-o-f", "hex": "Odessa"},
        {"id": "sov-vvs-ncmd", "hex": "Nikolayev"},
    ]
    frozen = ["sov-rc-48", "sov-vvs-o-f", "sov-vvs-ncmd"]
    m = position(units, turn=1, frozen=frozen, control={"axis": ["2833"]})
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="ger-c-xi", to="2834")
    offered: set[str] = set()
    load(m, [1] * 200)  # nobody is hit: the battle goes on, round after round
    for _ in range(200):
        if m.state.pieces["ger-c-xi"].node != m.state.w.board.node("2834") or m.is_over():
            break
        if m.state.phase not in ("movement", "reaction", "combat"):
            break
        side = m.active_sides()[0]
        actions = m.legal_actions(side)
        offered |= {str(a.args["unit"]) for a in actions if a.verb in ("react", "retreat")}
        if side == "axis" and any(a.verb == "retreat" for a in actions):
            # The attacker withdraws after the first ground combat step: enough rounds.
            act(m, "axis", "retreat", unit="ger-c-xi", to="2833")
            continue
        m.act(pass_action(actions))
    assert not offered & set(frozen)


# --- 5.3: minor allies' air -----------------------------------------------------------------

# Bessarabia, turn 2: a German corps, two Romanian corps and a second German corps close
# on three Soviet corps; the Romanian bomber waits in Bucharest.
BESSARABIA = [
    {"id": "ger-c-xi", "hex": "Iasi"},
    {"id": "ger-c-liv", "hex": "2433"},
    {"id": "rom-c-iii", "hex": "2434"},
    {"id": "rom-c-v", "hex": "2434"},
    {"id": "rom-gal", "hex": "Bucharest"},
    {"id": "sov-rc-48", "hex": "2532"},
    {"id": "sov-rc-35", "hex": "2533"},
    {"id": "sov-rc-14", "hex": "2534"},
    {"id": "sov-a-9", "hex": "Odessa"},
]


def test_romanian_air_supports_only_battles_with_romanian_ground_units() -> None:  # 5.3
    m = position(BESSARABIA)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="ger-c-xi", to="2532")  # Germans alone
    act(m, "axis", "move", unit="ger-c-liv", to="2533")  # Germans and Romanians together
    act(m, "axis", "move", unit="rom-c-v", to="2533")
    act(m, "axis", "move", unit="rom-c-iii", to="2534")  # Romanians alone
    act(m, "axis", "end_ground")
    flights = air_targets(m, "rom-gal", "fly")
    assert "2532" not in flights
    assert {"2533", "2534"} <= flights
    # Design choice: an air strike with no friendly ground unit supports nobody (3.21
    # has Romanian air strike on turn 1 while the Romanian corps are frozen).
    assert "2834" in flights


def test_romanian_air_defends_only_battles_with_romanian_ground_units() -> None:  # 5.3, 7.6
    units = [
        {"id": "ger-c-xi", "hex": "Iasi"},
        {"id": "rom-c-iii", "hex": "2434"},
        {"id": "rom-gal", "hex": "Bucharest"},
        {"id": "sov-rc-48", "hex": "2532"},
        {"id": "sov-rc-14", "hex": "2534"},
    ]
    m = position(units, side="soviet")
    drive(m, at_prompt("move", "soviet"))
    act(m, "soviet", "move", unit="sov-rc-48", to="2432")
    act(m, "soviet", "move", unit="sov-rc-14", to="2434")
    drive(m, at_prompt("reaction", "axis"))
    assert air_targets(m, "rom-gal", "react") == {"2434"}


def test_minor_allies_air_rebases_only_where_its_nation_may_go() -> None:  # 5.3, 5.6
    units = [{"id": "rom-gal", "hex": "Bucharest"}, {"id": "hun-carpathian", "hex": "Budapest"}]
    # Kiev and Minsk in Axis hands, with their railways home: both are Axis airbases (3.4).
    held = rail_line("Bucharest", "Kiev") + rail_line("Berlin", "Minsk")
    m = position(units, control={"axis": held})
    to_air_stage(m)
    board = m.state.w.board
    rebases = air_targets(m, "rom-gal", "rebase")
    assert rebases
    bomber = m.state.spec(m.state.pieces["rom-gal"])
    assert all(powers.may_enter(m.state, bomber, board.node(h)) for h in rebases)
    assert "2928" in rebases  # Kiev, south of the green line
    assert not {board.id_of(board.node(c)) for c in ("Budapest", "Minsk")} & rebases


def test_romanians_and_hungarians_in_one_battle_lose_one_unit_first() -> None:  # 5.3
    units = [
        {"id": "rom-cav", "hex": "2431"},
        {"id": "hun-mtn-1", "hex": "2330"},
        {"id": "sov-rc-48", "hex": "Chernovtsy"},
    ]
    m = position(units, control={"axis": ["2330"]})
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="rom-cav", to="2331")
    act(m, "axis", "move", unit="hun-mtn-1", to="2331")
    drive(m, at_prompt("romania_hungary", "axis"))
    assert {str(a.args["unit"]) for a in m.legal_actions("axis")} == {"rom-cav", "hun-mtn-1"}
    act(m, "axis", "eliminate", unit="hun-mtn-1")
    assert m.state.pieces["hun-mtn-1"].status == "eliminated"
    assert m.state.pieces["rom-cav"].status == "map"


# --- 5.5: Finland -----------------------------------------------------------------------------

# The Karelian isthmus, turn 2: a Finnish corps before Vyborg, a German corps beside it,
# the Finnish fighter at Kouvola; a Soviet garrison in Tallinn across the gulf.
ISTHMUS = [
    {"id": "fin-c-iv", "hex": "2812"},
    {"id": "ger-c-xxxvi", "hex": "2911"},
    {"id": "fin-af", "hex": "Kouvola"},
    {"id": "sov-mc-10", "hex": "Vyborg"},
    {"id": "sov-rc-19", "hex": "3011"},
    {"id": "sov-a-8", "hex": "Tallinn"},
]


def test_finns_may_enter_the_soviet_part_of_their_attack_zone() -> None:  # 5.5
    m = position([{"id": "fin-c-iv", "hex": "2812"}, {"id": "fin-c-vi", "hex": "3110"}])
    drive(m, at_prompt("move", "axis"))
    assert "2912" in move_targets(m, "fin-c-iv")  # Vyborg, Soviet since 1940, in the FAZ
    assert "3111" in move_targets(m, "fin-c-vi")  # Sortavala


def test_finnish_air_attacks_only_in_the_attack_zone_beside_finnish_units() -> None:  # 5.3, 5.5
    m = position(ISTHMUS)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="fin-c-iv", to="2912")
    act(m, "axis", "move", unit="ger-c-xxxvi", to="3011")
    act(m, "axis", "end_ground")
    flights = air_targets(m, "fin-af", "fly")
    assert "2912" in flights  # Finns attack Vyborg
    assert "3011" not in flights  # Germans alone
    assert "2514" not in flights  # Tallinn lies outside the Finnish attack zone


def test_finnish_air_bases_only_in_the_finnish_area() -> None:  # 5.5
    units = [{"id": "fin-af", "hex": "Helsinki"}]
    m = position(units, control={"axis": ["Tallinn", "Vyborg"]})
    to_air_stage(m)
    rebases = air_targets(m, "fin-af", "rebase")
    assert "2912" in rebases  # Vyborg, in the FAZ
    assert "2514" not in rebases  # Tallinn


def test_german_units_sent_to_finland_stay_within_the_operational_area() -> None:  # 5.5
    m = position([{"id": "ger-c-xxxvi", "hex": "Petrozavodsk"}], control={"axis": ["3411"]})
    drive(m, at_prompt("move", "axis"))
    board = m.state.w.board
    targets = move_targets(m, "ger-c-xxxvi")
    assert "3412" in targets  # an FOA hex
    assert "3413" not in targets  # past it (4 MP: two forest hexes)
    area = powers.finnish_area(m.state)
    beyond = {t for t in targets if board.node(t) not in area}
    assert beyond == set(), beyond  # 3413 and 3513 lie past the ring


def test_german_units_of_army_group_north_at_leningrad_attack_freely() -> None:  # 5.5
    units = [{"id": "ger-c-i", "hex": "Leningrad"}, {"id": "sov-a-8", "hex": "3014"}]
    m = position(units, control={"axis": ["Leningrad"]})
    drive(m, at_prompt("move", "axis"))
    assert "3014" in move_targets(m, "ger-c-i")  # Leningrad is on the FOA ring, not in Finland


def test_german_units_in_finland_do_not_ride_past_the_operational_area() -> None:  # 5.5, 7.4
    line = ["Vyborg", "3012", "Leningrad", "3014", "3114", "3015", "3115", "3116"]
    units = [{"id": "ger-c-xxxvi", "hex": "Vyborg"}, {"id": "ger-c-i", "hex": "3014"}]
    m = position(units, phase="rail", pp={"germany": 5}, control={"axis": line})
    board = m.state.w.board
    area = powers.finnish_area(m.state)
    rides = {
        str(a.args["to"])
        for side in m.active_sides()
        for a in m.legal_actions(side)
        if a.args.get("unit") == "ger-c-xxxvi" and "to" in a.args
    }
    beyond = {
        r for r in rides if board.node(r) not in area and board.owner_1941[board.node(r)] == "ussr"
    }
    assert beyond == set(), beyond
    assert {"3012", "3013"} <= rides  # within the attack zone and onto the ring


# --- 5.5 and 7.11: the Finnish surrender ----------------------------------------------------

SURRENDER = [
    {"id": "fin-c-i", "status": "eliminated"},
    {"id": "fin-c-ii", "status": "eliminated"},
    {"id": "fin-c-iii", "status": "eliminated"},
    {"id": "fin-c-iv", "status": "eliminated"},
    {"id": "fin-c-vi", "hex": "3110"},
    {"id": "fin-mannerheim", "hex": "2810"},
    {"id": "fin-af", "hex": "Helsinki"},
    {"id": "ger-c-xxxvi", "hex": "Rovaniemi"},
    {"id": "ger-c-i", "hex": "Sortavala"},
    {"id": "sov-mc-10", "hex": "Vyborg"},
    {"id": "sov-rc-42", "hex": "3004"},
    {"id": "sov-a-7", "hex": "3209"},
]


def _after_victory_phase(units: list[dict[str, Any]]) -> Match[BiteState]:
    m = position(
        units,
        turn=2,
        side="soviet",
        phase="exploitation",
        control={"axis": ["Sortavala"], "soviet": ["3004"]},
    )
    drive(m, at_prompt("move", "axis"), limit=2000)
    assert m.state.turn == 3
    return m


def test_finland_surrenders_and_turns_neutral() -> None:  # 5.5, 7.11
    m = _after_victory_phase(SURRENDER)
    s = m.state
    assert "finland" in s.surrendered
    assert all(p.status == "removed" for p in s.pieces.values() if s.spec(p).nation == "finland")
    board = s.w.board
    assert s.control[board.node("Helsinki")] == ""
    # German units outside Finland no longer enter it; the one inside must start leaving.
    assert not {t for t in move_targets(m, "ger-c-i") if board.node(t) in finland_exit(s)}
    assert "end_ground" not in verbs(m, "axis")
    steps = finland_exit(s)
    here = steps[board.node("Rovaniemi")]
    targets = move_targets(m, "ger-c-xxxvi")
    assert targets
    assert all(steps.get(board.node(t), -1) < here for t in targets)
    act(m, "axis", "move", unit="ger-c-xxxvi", to=sorted(targets)[0])
    assert "end_ground" in verbs(m, "axis")
    assert s.control[board.node(sorted(targets)[0])] != "axis"  # neutral land stays nobody's


def test_soviet_units_leave_neutral_finland_too() -> None:  # 5.5
    m = _after_victory_phase(SURRENDER)
    drive(m, at_prompt("move", "soviet"), limit=2000)
    s = m.state
    board = s.w.board
    assert "end_ground" not in verbs(m, "soviet")
    steps = finland_exit(s)
    here = steps[board.node("3004")]
    targets = move_targets(m, "sov-rc-42")
    assert targets
    assert all(steps.get(board.node(t), -1) < here for t in targets)
    assert not {t for t in move_targets(m, "sov-a-7") if board.node(t) in steps}


def test_a_disbanded_finnish_unit_counts_as_out_of_play() -> None:  # 5.5
    units = [dict(u) for u in SURRENDER]
    units[3] = {"id": "fin-c-iv", "status": "disbanded"}
    m = _after_victory_phase(units)
    assert "finland" in m.state.surrendered


def test_three_finnish_units_lost_are_not_enough() -> None:  # 5.5
    units = [dict(u) for u in SURRENDER]
    units[3] = {"id": "fin-c-iv", "hex": "2812"}
    m = _after_victory_phase(units)
    assert "finland" not in m.state.surrendered
    assert "end_ground" in verbs(m, "axis")
