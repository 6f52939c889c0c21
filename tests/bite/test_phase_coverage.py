"""Rules of the turn's non-combat phases, each checked on a position of the real map:
production and placement (7.3), rail (7.4), movement and air (7.5), supply (4.x, 7.9),
exploitation (7.10), victory (7.11), and the chapter 3 and 5 rules they rest on.

Every position is a design choice: a few blocks placed where the rule bites, not a
historical situation. Each test fails if the rule it names breaks.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState
from hexfront.games.bite.text import describe

from .helpers import act, at_prompt, drive, verbs

GAME = Bite()


def position(scenario: str, units: list[dict[str, Any]], **fields: Any) -> Match[BiteState]:
    return Match.from_position(GAME, {"scenario": scenario, "unit": units, **fields})


def places(m: Match[BiteState], unit: str) -> set[str]:
    """The names of the cities where ``unit`` may be placed or rebuilt now."""
    board = m.state.w.board
    side = m.state.pieces[unit].side
    return {
        board.sites[board.node(str(a.args["hex"]))].name
        for a in m.legal_actions(side)
        if a.verb in ("place", "rebuild") and a.args.get("unit") == unit
    }


def place(m: Match[BiteState], unit: str, city: str) -> None:
    side = m.state.pieces[unit].side
    hex_id = m.state.w.board.id_of(m.state.w.board.node(city))
    for a in m.legal_actions(side):
        if (
            a.verb in ("place", "rebuild")
            and a.args.get("unit") == unit
            and a.args["hex"] == hex_id
        ):
            m.act(a)
            return
    raise AssertionError(f"{unit} may not be placed at {city}")


def unit_actions(m: Match[BiteState], unit: str, verb: str) -> list[Action]:
    side = m.state.pieces[unit].side
    return [a for a in m.legal_actions(side) if a.verb == verb and a.args.get("unit") == unit]


def targets(m: Match[BiteState], unit: str, verb: str) -> set[str]:
    return {str(a.args["to"]) for a in unit_actions(m, unit, verb)}


def hex_of(m: Match[BiteState], name: str) -> str:
    board = m.state.w.board
    return board.id_of(board.node(name))


# --- 7.3.1, 7.3.2: where new and rebuilt units arrive ---------------------------------------


def test_rebuilds_arrive_only_inside_the_scenario_map_area() -> None:  # 7.3.1, SBE1
    # SBE1 is played in the north: a Soviet army rebuilt there may not appear in Baku.
    m = position(
        "SBE1",
        [{"id": "sov-a-8", "status": "eliminated"}, {"id": "ger-c-i", "hex": "Kaunas"}],
        turn=2,
        side="soviet",
        phase="production",
        pp={"ussr": 10},
        reinforcements=False,
    )
    area = m.state.w.scenario.map_area
    assert area is not None
    where = places(m, "sov-a-8")
    assert "Leningrad" in where
    assert "Baku" not in where
    assert "Moscow" not in where
    board = m.state.w.board
    assert all(board.node(name) in area for name in where)


def test_factories_decide_where_armour_air_paratroopers_and_marines_arrive() -> None:  # 7.3.1
    m = position(
        "SBE4",
        [
            {"id": "sov-mc-1", "status": "eliminated"},
            {"id": "sov-vvs-w-f", "status": "eliminated"},
            {"id": "sov-abc-1", "status": "eliminated"},
            {"id": "sov-ni-baltic", "status": "eliminated"},
            {"id": "sov-a-8", "status": "eliminated"},
            {"id": "ger-c-i", "hex": "Kaunas"},
        ],
        turn=2,
        side="soviet",
        phase="production",
        pp={"ussr": 30},
        reinforcements=False,
    )
    # Armour at a red (armour) factory; aircraft and paratroopers at a blue one.
    assert places(m, "sov-mc-1") == {"Kharkov", "Stalingrad", "Leningrad", "Gorky"}
    blue = {"Moscow", "Gorky", "Saratov", "Voronezh"}
    assert places(m, "sov-vvs-w-f") == blue
    assert places(m, "sov-abc-1") == blue
    # Marines only at the Sevastopol and Leningrad shipyards, not Nikolayev or Oranienbaum.
    assert places(m, "sov-ni-baltic") == {"Sevastopol", "Leningrad"}
    # Other units at any major city or fortress of the homeland.
    assert {"Kiev", "Oranienbaum", "Sevastopol", "Baku"} <= places(m, "sov-a-8")
    board = m.state.w.board
    assert board.sites[board.node("Rubinsk")].type == "minor"
    assert "Rubinsk" not in places(m, "sov-a-8")


def test_two_units_in_capitals_stalingrad_and_leningrad_one_elsewhere() -> None:  # 7.3.1
    # SBE4, July 1941: five Soviet armies are due (four for Moscow, one for Odessa).
    m = position(
        "SBE4",
        [
            {"id": "sov-a-8", "status": "eliminated"},
            {"id": "sov-a-11", "status": "eliminated"},
            {"id": "ger-c-i", "hex": "Kaunas"},
        ],
        turn=2,
        side="soviet",
        phase="production",
        pp={"ussr": 20},
    )
    held = sorted(p.uid for p in m.state.pieces.values() if p.status == "held")
    assert held == ["sov-a-29", "sov-a-30", "sov-a-31", "sov-a-32", "sov-a-primorsky"]
    place(m, "sov-a-29", "Moscow")
    place(m, "sov-a-30", "Moscow")
    assert "Moscow" not in places(m, "sov-a-31")  # the capital is full with two
    place(m, "sov-a-31", "Stalingrad")
    place(m, "sov-a-32", "Stalingrad")
    assert "Stalingrad" not in places(m, "sov-a-primorsky")
    place(m, "sov-a-primorsky", "Leningrad")
    place(m, "sov-a-8", "Leningrad")
    assert "Leningrad" not in places(m, "sov-a-11")
    place(m, "sov-a-11", "Kharkov")
    # An ordinary major city takes one unit a turn: Kharkov is now closed.
    m2 = position(
        "SBE4",
        [{"id": "sov-a-8", "status": "eliminated"}, {"id": "ger-c-i", "hex": "Kaunas"}],
        turn=2,
        side="soviet",
        phase="production",
        pp={"ussr": 20},
    )
    place(m2, "sov-a-29", "Kharkov")
    assert "Kharkov" not in places(m2, "sov-a-8")
    assert "Kharkov" not in places(m2, "sov-a-30")


def test_reinforcements_arrive_at_their_battle_sheet_strength() -> None:  # 7.3.1
    m = position(
        "SBE4",
        [{"id": "ger-c-i", "hex": "Kaunas"}],
        turn=2,
        side="soviet",
        phase="production",
    )
    state = m.state
    assert state.w.units["sov-a-29"].ladder[0] == 4
    place(m, "sov-a-29", "Moscow")
    assert state.strength(state.pieces["sov-a-29"]) == 3  # the sheet's strength, not 4


def test_a_city_cut_off_from_the_main_source_takes_no_new_units() -> None:  # 7.3.2
    # Kharkov's neighbours are in Axis hands: no railway links it to Siberia any more.
    units = [{"id": "ger-c-i", "hex": "Kaunas"}]
    fields: dict[str, Any] = {"turn": 2, "side": "soviet", "phase": "production"}
    m = position("SBE4", units, **fields)
    assert "Kharkov" in places(m, "sov-a-29")
    board = m.state.w.board
    ring = [board.id_of(n) for n in board.adjacency[board.node("Kharkov")]]
    m = position("SBE4", units, control={"axis": ring}, **fields)
    assert m.state.control[board.node("Kharkov")] == "soviet"
    assert "Kharkov" not in places(m, "sov-a-29")
    assert "Moscow" in places(m, "sov-a-29")


def test_new_units_overstacked_in_a_city_must_spread_out() -> None:  # 7.3.2, 3.10
    # Two armies already hold Moscow; two more arrive there: four combat units in a hex.
    m = position(
        "SBE4",
        [
            {"id": "sov-a-16", "hex": "Moscow"},
            {"id": "sov-a-19", "hex": "Moscow"},
            {"id": "ger-c-i", "hex": "Kaunas"},
        ],
        turn=2,
        side="soviet",
        phase="production",
    )
    place(m, "sov-a-29", "Moscow")
    place(m, "sov-a-30", "Moscow")  # overstacked until the Movement Phase (7.3.2)
    drive(m, at_prompt("move", "soviet"))
    assert "end_ground" not in verbs(m, "soviet")
    moscow = hex_of(m, "Moscow")
    away = sorted(targets(m, "sov-a-29", "move") - {moscow})
    act(m, "soviet", "move", unit="sov-a-29", to=away[0])
    assert "end_ground" not in verbs(m, "soviet")  # still three combat units
    act(m, "soviet", "move", unit="sov-a-30", to=away[0])
    assert "end_ground" in verbs(m, "soviet")


def test_the_owner_chooses_which_overstacked_unit_is_lost() -> None:  # 3.10, 7.3.2
    # Three fortified regions (static: they cannot move) stand in one hex: one combat
    # unit too many. Their owner, not the engine, picks the one to give up.
    m = position(
        "SBE4",
        [
            {"id": "sov-ur-karelian", "hex": "Kiev"},
            {"id": "sov-ur-kiev", "hex": "Kiev"},
            {"id": "sov-ur-korosten", "hex": "Kiev"},
            {"id": "ger-c-i", "hex": "Kaunas"},
        ],
        turn=2,
        side="soviet",
        phase="movement",
        reinforcements=False,
    )
    act(m, "soviet", "end_ground")
    assert at_prompt("overstack", "soviet")(m)
    choices = {str(a.args["unit"]) for a in m.legal_actions("soviet")}
    assert choices == {"sov-ur-karelian", "sov-ur-kiev", "sov-ur-korosten"}
    assert verbs(m, "soviet") == {"eliminate"}
    choice = next(a for a in m.legal_actions("soviet") if a.args["unit"] == "sov-ur-kiev")
    assert "stacking limits" in describe(choice)  # said in words
    m.act(choice)
    status = {uid: m.state.pieces[uid].status for uid in sorted(choices)}
    assert status == {
        "sov-ur-karelian": "map",
        "sov-ur-kiev": "eliminated",
        "sov-ur-korosten": "map",
    }
    assert at_prompt("air", "soviet")(m)  # within the limits again: on to the air units


# --- 7.6.2: air evacuation during movement ---------------------------------------------------


def _evacuation(air: str, city: str = "Lvov", start: str = "2228") -> Any:
    """A Soviet army enters ``city`` from ``start``: an Axis airbase where ``air`` stands
    alone. Returns the air unit's block afterwards."""
    m = position(
        "SBE4",
        [
            {"id": air, "hex": city},
            {"id": "ger-c-xii", "hex": "Lublin"},
            {"id": "sov-a-6", "hex": start},
        ],
        turn=2,
        side="soviet",
        phase="movement",
        control={"axis": [city]},
        reinforcements=False,
    )
    act(m, "soviet", "move", unit="sov-a-6", to=hex_of(m, city))
    return m.state.pieces[air]


def test_air_evacuation_costs_a_whole_step() -> None:  # 7.6.2
    # An ordinary bomber loses one step and flies to a free airbase in range.
    bomber = _evacuation("ger-fk-iv")
    assert bomber.status == "map"
    assert bomber.step == 1
    assert not bomber.half_hit
    # A block that needs two hits per step loses that whole step (here its only one): a
    # half hit would outlive the move, since no battle follows to finish it.
    ffn = _evacuation("gst-ffn")
    assert ffn.status == "eliminated"
    assert not ffn.half_hit


def test_air_evacuation_with_no_free_airbase_in_range_surrenders() -> None:  # 7.6.2
    # Kharkov, held by the Axis far behind the Soviet lines: no Axis airbase within a
    # fighter's 5 hexes, so the fighter caught there surrenders.
    fighter = _evacuation("ger-jg-54", "Kharkov", "3528")
    assert fighter.status == "eliminated"
    assert _evacuation("ger-jg-54").status == "map"  # from Lvov it reaches Lublin


# --- 7.4: strategic rail movement -----------------------------------------------------------


def _rail_position() -> Match[BiteState]:
    """Axis rail phase: five German corps on Soviet rail hexes at the old border, one in
    Germany, two Finnish corps (one at Vyborg, Soviet land inside the Finnish operational
    area), and a German corps at Przemysl beside a Soviet army."""
    return position(
        "SBE4",
        [
            {"id": "ger-c-i", "hex": "2119"},
            {"id": "ger-c-ii", "hex": "2221"},
            {"id": "ger-c-v", "hex": "Bialystok"},
            {"id": "ger-c-vi", "hex": "Brest"},
            {"id": "ger-c-vii", "hex": "Kovel"},
            {"id": "ger-c-viii", "hex": "Berlin"},
            {"id": "ger-c-ix", "hex": "Przemysl"},
            {"id": "fin-c-iv", "hex": "Vyborg"},
            {"id": "fin-c-ii", "hex": "Helsinki"},
            {"id": "sov-a-6", "hex": "2028"},
        ],
        turn=2,
        side="axis",
        phase="rail",
        pp={"germany": 20},
        reinforcements=False,
    )


def _ride(m: Match[BiteState], unit: str, to: str | None = None) -> None:
    """Rail ``unit`` to ``to``, or else out of the USSR (into Germany or Poland)."""
    board = m.state.w.board
    rides = unit_actions(m, unit, "rail")
    if to is not None:
        rides = [a for a in rides if a.args["to"] == hex_of(m, to)]
    else:
        rides = [a for a in rides if board.owner_1941[board.node(str(a.args["to"]))] != "ussr"]
    assert rides, f"{unit} has no rail move there"
    m.act(rides[0])


def test_axis_rail_moves_are_four_in_the_ussr_and_unlimited_elsewhere() -> None:  # 7.4
    m = _rail_position()
    in_ussr = ["ger-c-i", "ger-c-ii", "ger-c-v", "ger-c-vi", "ger-c-vii"]
    for unit in in_ussr[:4]:
        _ride(m, unit)
    assert not unit_actions(m, "ger-c-vii", "rail")  # the fifth ride in the USSR
    _ride(m, "ger-c-viii", "Stettin")  # inside Germany: paid, not counted
    assert m.state.pp["germany"] == 20 - 5


def test_no_rail_move_out_of_supply_or_next_to_the_enemy() -> None:  # 7.4
    m = _rail_position()
    assert unit_actions(m, "ger-c-vii", "rail")
    m.state.pieces["ger-c-vii"].oos = True  # barrelled in this turn's Supply Phase
    m.state.touch()
    assert not unit_actions(m, "ger-c-vii", "rail")
    board = m.state.w.board
    assert board.node("2028") in board.adjacency[board.node("Przemysl")]
    assert not unit_actions(m, "ger-c-ix", "rail")
    # Nor may a ride end next to the enemy: no destination touches the Soviet army.
    near = set(board.adjacency[board.node("2028")])
    for a in m.legal_actions("axis"):
        if a.verb == "rail":
            assert board.node(str(a.args["to"])) not in near


def test_one_axis_rail_move_in_scandinavia_soviet_karelia_included() -> None:  # 7.4, 5.5
    # Vyborg was Soviet in 1941 but lies in the Finnish operational area: a ride from it
    # is the one Scandinavian ride, and it leaves the four Soviet rides untouched.
    m = _rail_position()
    _ride(m, "fin-c-iv", "Kouvola")
    assert not unit_actions(m, "fin-c-ii", "rail")
    for unit in ["ger-c-ii", "ger-c-v", "ger-c-vi", "ger-c-vii"]:
        _ride(m, unit)
    assert not unit_actions(m, "ger-c-i", "rail")


# --- 7.11 and the scenario verdicts ----------------------------------------------------------


def test_sbe4_scores_soviet_major_cities_not_fortresses() -> None:  # SBE4, 3.3
    from hexfront.games.bite.rules.victory import verdict

    m = position("SBE4", [{"id": "ger-c-i", "hex": "Königsberg"}], turn=3, reinforcements=False)
    state = m.state
    board = state.w.board
    for name in ("Oranienbaum", "Sevastopol"):  # fortress cities: a type of their own (3.3)
        assert board.sites[board.node(name)].type == "fortress"
        state.control[board.node(name)] = "axis"
    assert verdict(state)["score"] == 0
    state.control[board.node("Kiev")] = "axis"  # a major city: 1
    state.control[board.node("Leningrad")] = "axis"  # a fortress the scenario names: 2
    state.control[board.node("Moscow")] = "axis"  # the capital: 3
    assert verdict(state)["score"] == 1 + 2 + 3


def test_german_surrender_ends_the_game_at_once() -> None:  # 7.11
    # SBE4, turn 1 of 3: Berlin in Soviet hands at the Victory Phase. Germany surrenders and
    # the game ends there, a Soviet decisive victory, two turns early.
    m = position(
        "SBE4",
        [{"id": "ger-c-i", "hex": "Königsberg"}, {"id": "sov-a-8", "hex": "Berlin"}],
        turn=1,
        side="soviet",
        phase="exploitation",
        reinforcements=False,
    )
    drive(m, lambda _: False)  # stops when the game is over
    state = m.state
    assert state.turn == 1 < state.w.scenario.last_turn
    assert "germany" in state.surrendered
    assert state.result is not None
    assert state.result["outcome"] == "soviet decisive victory"
    assert "sudden death" in str(state.result["detail"])


def test_italy_leaves_the_war_only_after_every_basic_scenario_has_ended() -> None:  # 7.11
    # 7.11: Italy leaves the war on turn 28 (September 1943); no basic scenario
    # lasts that long, so the rule never applies in SBE1-SBE4.
    from hexfront.games.bite.rules.victory import ITALY_SURRENDER_TURN
    from hexfront.games.bite.text import month_of

    assert month_of(ITALY_SURRENDER_TURN) == "September 1943"
    for scenario in ("SBE1", "SBE2", "SBE3", "SBE4"):
        state = GAME.scenario_state(scenario, {}, 0)
        assert state.w.scenario.last_turn < ITALY_SURRENDER_TURN


# --- 7.9, 7.10: final supply and exploitation ------------------------------------------------


def test_a_barrelled_unit_in_supply_again_at_final_supply_lives_on() -> None:  # 7.9, 4.5
    # Both armies were marked out of supply in the Supply Phase. One now stands at Kiev, a
    # supply source: it loses its barrel. The other is still cut off: it surrenders, and
    # the Axis gains 1 PP.
    m = position(
        "SBE4",
        [
            {"id": "sov-a-5", "hex": "Kiev", "out_of_supply": True},
            {"id": "sov-a-6", "hex": "Lvov", "out_of_supply": True},
            {"id": "ger-c-xii", "hex": "2127"},
            {"id": "ger-c-xvii", "hex": "2228"},
            {"id": "ger-c-iv", "hex": "2129"},
        ],
        turn=2,
        side="soviet",
        phase="final_supply",
        pp={"germany": 0},
        reinforcements=False,
        control={"axis": ["2027", "2227", "2028"]},
    )
    state = m.state
    kiev, lvov = state.pieces["sov-a-5"], state.pieces["sov-a-6"]
    assert kiev.status == "map"
    assert not kiev.oos
    assert lvov.status == "eliminated"
    gains = [e.data for e in state.log if e.kind == "surrender_pp"]
    assert gains == [{"power": "germany", "pp": 1}]


def test_exploitation_moves_supplied_armour_only_with_full_mp() -> None:  # 7.10
    # Soviet exploitation, July 1941. The tank corps at Kiev was barrelled in the Supply
    # Phase but is in supply now: supply is checked again at the start of this phase, so it
    # moves, with its full 3 MP. The tank corps at Breslau is cut off now: it stays, and its
    # new barrel goes when the phase ends. Tankettes (TECH 1) and infantry never exploit.
    m = position(
        "SBE4",
        [
            {"id": "sov-mc-1", "hex": "Kiev", "out_of_supply": True},
            {"id": "sov-mc-3", "hex": "Breslau"},
            {"id": "sov-mc-10", "hex": "Kharkov"},
            {"id": "sov-a-5", "hex": "Poltava"},
            {"id": "ger-c-i", "hex": "Warsaw"},
        ],
        turn=2,
        side="soviet",
        phase="exploitation",
        reinforcements=False,
    )
    state = m.state
    board = state.w.board
    assert at_prompt("exploit", "soviet")(m)
    movers = {str(a.args["unit"]) for a in m.legal_actions("soviet") if a.verb == "move"}
    assert movers == {"sov-mc-1"}
    tank = state.pieces["sov-mc-1"]
    assert not tank.oos
    assert tank.mp_left == 3  # full, not halved
    reach = {board.distance(tank.node, board.node(h)) for h in targets(m, "sov-mc-1", "move")}
    assert max(reach) == 3
    assert state.pieces["sov-mc-3"].oos  # marked during the phase ...
    act(m, "soviet", "done")
    assert not state.pieces["sov-mc-3"].oos  # ... and the barrel removed at its end
    assert state.pieces["sov-mc-3"].status == "map"


# --- 4.4, 7.5.2: air units out of supply -----------------------------------------------------


def _air_stage(oos: bool) -> Match[BiteState]:
    m = position(
        "SBE4",
        [
            {"id": "ger-jg-54", "hex": "Warsaw", "out_of_supply": oos},
            {"id": "ger-c-i", "hex": "Lublin"},
            {"id": "sov-a-4", "hex": "Brest"},
        ],
        turn=2,
        side="axis",
        phase="movement",
        reinforcements=False,
    )
    act(m, "axis", "end_ground")
    assert at_prompt("air", "axis")(m)
    return m


def test_unsupplied_air_units_only_rebase_at_half_range() -> None:  # 4.4, 7.5.2
    # Reading: a supplied fighter rebases up to double its range (10 hexes); out of supply
    # that rebase range is halved, to 5 hexes, and it flies no mission.
    m = _air_stage(False)
    board = m.state.w.board
    warsaw = board.node("Warsaw")
    assert targets(m, "ger-jg-54", "fly") == {hex_of(m, "Brest")}
    supplied = {board.node(h) for h in targets(m, "ger-jg-54", "rebase")}
    assert max(board.distance(warsaw, n) for n in supplied) == 10
    m = _air_stage(True)
    assert not targets(m, "ger-jg-54", "fly")
    unsupplied = {board.node(h) for h in targets(m, "ger-jg-54", "rebase")}
    assert unsupplied == {n for n in supplied if board.distance(warsaw, n) <= 5}
    assert unsupplied


def test_unsupplied_air_units_do_not_react() -> None:  # 4.4, 7.6
    from hexfront.games.bite.rules.movement import reaction_targets

    m = _air_stage(False)
    state = m.state
    fighter = state.pieces["ger-jg-54"]
    battle = {state.w.board.node("Lublin")}
    assert reaction_targets(state, fighter, battle) == sorted(battle)
    fighter.oos = True
    state.touch()
    assert reaction_targets(state, fighter, battle) == []


# --- 7.3.4: disbanding -----------------------------------------------------------------------


def test_only_supplied_units_may_be_disbanded() -> None:  # 7.3.4
    m = position(
        "SBE4",
        [
            {"id": "sov-a-5", "hex": "Kiev"},
            {"id": "sov-a-6", "hex": "Lvov", "out_of_supply": True},
            {"id": "ger-c-i", "hex": "Königsberg"},
        ],
        turn=2,
        side="soviet",
        phase="production",
        reinforcements=False,
    )
    disbandable = {str(a.args["unit"]) for a in m.legal_actions("soviet") if a.verb == "disband"}
    assert disbandable == {"sov-a-5"}


# --- 4.1, 4.2, 3.7: supply sources -----------------------------------------------------------


def test_each_nation_has_its_main_source_and_siberia_is_the_soviet_one() -> None:  # 4.1, 3.7
    from hexfront.games.bite.rules.supply import source_nodes

    m = position("SBE4", [{"id": "ger-c-i", "hex": "Königsberg"}], turn=2, reinforcements=False)
    state = m.state
    board = state.w.board
    mains = {power: board.id_of(node) for power, node in state.w.main_sources.items()}
    assert mains == {
        "ussr": "SIBERIA",
        "germany": hex_of(m, "Berlin"),
        "italy": hex_of(m, "Belgrade"),
        "finland": hex_of(m, "Helsinki"),
        "romania": hex_of(m, "Bucharest"),
        "hungary": hex_of(m, "Budapest"),
        "slovakia": hex_of(m, "Bratislava"),
    }
    # Siberia, a forest box, is linked by rail to five Urals cities and to Krasnovodsk.
    siberia = board.node("SIBERIA")
    linked = {
        board.sites[n].name if n in board.sites else board.id_of(n)
        for n in board.rail_adjacency[siberia]
    }
    assert linked == {
        "Nizhny Tagil",
        "Sverdlovsk",
        "Chelyabinsk",
        "Magnitogorsk",
        "Chkalov",
        "KRASNOVODSK",
    }
    # Moscow is a source only while its railways reach Siberia: it is not a main source.
    moscow = board.node("Moscow")
    assert moscow in source_nodes(state, "soviet", siberia)
    for n in board.adjacency[moscow]:
        state.control[n] = "axis"
    state.touch()
    assert moscow not in source_nodes(state, "soviet", siberia)
    # Without Siberia the Soviets have no source at all.
    state.control[siberia] = "axis"
    state.touch()
    assert source_nodes(state, "soviet", siberia) == frozenset()


def _odessa_supplied(extra_axis: list[str]) -> bool:
    """Soviet supply phase with Axis corps on Odessa's three land neighbours: no lane leaves
    the city, so the army there is in supply only if Odessa itself is a source."""
    m = position(
        "SBE4",
        [
            {"id": "sov-a-9", "hex": "Odessa"},
            {"id": "ger-c-xi", "hex": "2833"},
            {"id": "ger-c-xxx", "hex": "2734"},
            {"id": "ger-c-liv", "hex": "2735"},
        ],
        turn=2,
        side="soviet",
        phase="supply",
        reinforcements=False,
        control={"axis": extra_axis},
    )
    return not m.state.pieces["sov-a-9"].oos


def test_a_port_on_a_controlled_sea_is_a_source_without_a_railway() -> None:  # 4.2
    # Odessa's railways are cut, but Sevastopol, a major port linked to Siberia by rail,
    # keeps the Black Sea Soviet: Odessa stays a supply source by sea.
    assert _odessa_supplied([])
    # With every other Soviet port of the Black Sea lost, no port links Odessa to Siberia.
    lost = [
        "Batumi",
        "Feodosia",
        "Izmail",
        "Kherson",
        "Nikolayev",
        "Novorossiysk",
        "Sevastopol",
        "Sukhumi",
        "Tuapse",
        "Yalta",
        "Yevpatoria",
    ]
    assert not _odessa_supplied(lost)


# --- 3.3, 3.4: control of cities, airbases ---------------------------------------------------


def test_a_unit_moving_through_a_city_takes_it() -> None:  # 3.3
    # The engine picks the route (a design choice): from 2323 to 2524 the only route of
    # 2 MP runs through Baranovichi, which falls to the corps passing through it.
    m = position(
        "SBE4",
        [{"id": "ger-c-i", "hex": "2323"}, {"id": "sov-a-4", "hex": "Moscow"}],
        turn=2,
        side="axis",
        phase="movement",
        reinforcements=False,
    )
    state = m.state
    city = state.w.board.node("Baranovichi")
    assert state.control[city] == "soviet"
    act(m, "axis", "move", unit="ger-c-i", to="2524")
    moves = [e.data["path"] for e in state.log if e.kind == "move"]
    assert moves == [["2323", hex_of(m, "Baranovichi"), "2524"]]
    assert state.control[city] == "axis"
    captured = [e.data["city"] for e in state.log if e.kind == "captured"]
    assert "Baranovichi" in captured


def test_an_airbase_is_a_controlled_city_that_could_be_a_supply_source() -> None:  # 3.4
    def rebases(axis: list[str]) -> set[str]:
        m = position(
            "SBE4",
            [
                {"id": "ger-jg-54", "hex": "Warsaw"},
                {"id": "ger-c-i", "hex": "Lublin"},
                {"id": "sov-a-4", "hex": "Moscow"},
            ],
            turn=2,
            side="axis",
            phase="movement",
            reinforcements=False,
            control={"axis": axis},
        )
        act(m, "axis", "end_ground")
        board = m.state.w.board
        return {board.sites[board.node(h)].name for h in targets(m, "ger-jg-54", "rebase")}

    soviet_held = rebases([])
    assert "Lublin" in soviet_held
    assert "Brest" not in soviet_held  # a Soviet city
    # Brest taken, and linked by Axis railway to Berlin: a source, so an airbase.
    # Baranovichi taken but cut off behind Soviet railways: no source, no airbase.
    taken = rebases(["Brest", "Baranovichi"])
    assert "Brest" in taken
    assert "Baranovichi" not in taken


# --- 5.7: where the Hungarians operate -------------------------------------------------------


def test_hungarians_operate_in_hungary_yugoslavia_poland_and_the_soviet_south() -> None:  # 5.7
    from hexfront.games.bite.rules.powers import may_enter

    m = position(
        "SBE4",
        [{"id": "hun-mtn-1", "hex": "1929"}, {"id": "sov-a-4", "hex": "Moscow"}],
        turn=2,
        side="axis",
        phase="movement",
        reinforcements=False,
    )
    state = m.state
    board = state.w.board
    spec = state.w.units["hun-mtn-1"]
    allowed = ("Budapest", "Belgrade", "Warsaw", "Cracow", "Lvov", "Kiev", "Kharkov")
    barred = ("Bucharest", "Bratislava", "Vienna", "Berlin", "Minsk", "Smolensk")
    assert all(may_enter(state, spec, board.node(c)) for c in allowed)
    assert not any(may_enter(state, spec, board.node(c)) for c in barred)
    # On the map: from the Carpathians it may step into Poland or the Ukraine, never Slovakia.
    owners = {board.owner_1941[board.node(h)] for h in targets(m, "hun-mtn-1", "move")}
    assert {"general_government", "ussr", "hungary"} <= owners
    assert "slovakia" not in owners
    south = board.zone("green_line_south")
    for h in targets(m, "hun-mtn-1", "move"):
        node = board.node(h)
        assert board.owner_1941[node] != "ussr" or node in south


# --- 6.1.1: static infantry ------------------------------------------------------------------


def test_static_infantry_rides_the_rails_but_never_moves_attacks_or_retreats() -> None:  # 6.1.1
    units = [{"id": "sov-ur-kiev", "hex": "Kiev"}, {"id": "sov-a-5", "hex": "Kiev"}]
    m = position(
        "SBE4", units, turn=2, side="soviet", phase="rail", pp={"ussr": 5}, reinforcements=False
    )
    assert unit_actions(m, "sov-ur-kiev", "rail")  # strategic rail movement is open to it
    act(m, "soviet", "done")
    assert at_prompt("move", "soviet")(m)
    assert not unit_actions(m, "sov-ur-kiev", "move")
    # Attacked at Kiev, it stays in the battle while the army beside it may fall back.
    m = position(
        "SBE4",
        [*units, {"id": "ger-c-xii", "hex": "Kiev"}, {"id": "ger-c-xvii", "hex": "Kiev"}],
        turn=2,
        side="axis",
        phase="combat",
        reinforcements=False,
        dice=[1] * 40,  # every die misses: nobody is hit
    )
    drive(m, at_prompt("retreat", "soviet"))
    leaving = {str(a.args["unit"]) for a in m.legal_actions("soviet") if "unit" in a.args}
    assert leaving == {"sov-a-5"}


def test_static_infantry_out_of_supply_neither_surrenders_nor_loses_a_step() -> None:  # 6.1.1
    # Kiev ringed by Axis corps: both Soviet blocks there are cut off at Final Supply.
    ring = ["2827", "2927", "3027", "2828", "3028", "2929"]
    axis = ["ger-c-xii", "ger-c-xvii", "ger-c-iv", "ger-c-xi", "ger-c-xxx", "ger-c-liv"]
    m = position(
        "SBE4",
        [
            {"id": "sov-ur-kiev", "hex": "Kiev", "out_of_supply": True},
            {"id": "sov-a-5", "hex": "Kiev", "out_of_supply": True},
            *({"id": uid, "hex": h} for uid, h in zip(axis, ring, strict=True)),
        ],
        turn=2,
        side="soviet",
        phase="final_supply",
        reinforcements=False,
    )
    state = m.state
    assert state.pieces["sov-a-5"].status == "eliminated"  # an ordinary army surrenders
    fortified = state.pieces["sov-ur-kiev"]
    assert fortified.status == "map"
    assert fortified.step == 0  # still at full strength


# --- 3.18: minimum movement ------------------------------------------------------------------


def test_a_unit_always_keeps_at_least_one_mp() -> None:  # 3.18, 4.4
    # No basic-game block can fall below 1 MP (3 MP halved is 1), so this rule is checked
    # on a small synthetic map with a made-up block of 1 MP, out of supply: 1 halved is 0,
    # raised to 1.
    from hexfront.games.bite.units import Profile, UnitSpec

    from .helpers import new_match
    from .synthetic import SimpleTech, SyntheticBoard, unit, world

    class SlowTech(SimpleTech):
        def profile(self, spec: UnitSpec, turn: int) -> Profile:
            if spec.id == "slow":
                return Profile(6, 6, mp=1)
            return super().profile(spec, turn)

    rows = ["......", "......", "......"]
    w = world(
        SyntheticBoard(rows, owner="germany", rails=[["0102", "0202"]]),
        [unit("slow"), unit("s", nation="ussr")],
        {"slow": "0602", "s": "0103"},
        main_sources={"germany": "0102"},
    )
    w.tech = SlowTech()
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    slow = m.state.pieces["slow"]
    assert slow.oos  # 5 hexes from its only source
    assert slow.mp_left == 1
    board = m.state.w.board
    one_step = {board.id_of(n) for n in board.adjacency[slow.node]}
    assert targets(m, "slow", "move") == one_step  # every neighbour, and no further


# --- 3.6, 7.3: income in the basic game ------------------------------------------------------


def test_basic_game_income_is_the_scenario_figure_whatever_centres_are_lost() -> None:  # 3.6
    # Reading: the short scenarios give each power a fixed income (their PP counts are
    # abstractions, says the booklet), so losing Leningrad, Kharkov or the Donbass mines
    # does not lower it. SBE4's Leningrad note (its 2 PP travel by the Road of Life unless
    # it snows) changes nothing either: no SBE4 turn has snow.
    lost = ["Leningrad", "Kharkov", "Stalino", "Kerch", "Kiev"]
    m = position(
        "SBE4",
        [{"id": "ger-c-i", "hex": "Königsberg"}, {"id": "sov-a-4", "hex": "Moscow"}],
        turn=3,
        side="soviet",
        phase="production",
        reinforcements=False,
        control={"axis": lost},
    )
    state = m.state
    incomes = [e.data for e in state.log if e.kind == "income"]
    assert incomes == [{"power": "ussr", "pp": 46}]
    assert state.pp["ussr"] == 46
    spec = state.w.scenario
    weather = [state.w.weather.get(t, "good") for t in range(spec.start_turn, spec.last_turn + 1)]
    assert "snow" not in weather


def test_air_units_at_zero_strength_fly_no_mission_but_may_rebase() -> None:  # 7.5.2
    def air(strength: int) -> Match[BiteState]:
        m = position(
            "SBE4",
            [
                {"id": "rom-f", "hex": "Iasi", "strength": strength},
                {"id": "rom-c-iv", "hex": "Galati"},
                {"id": "sov-a-9", "hex": "Kishinev"},
            ],
            turn=2,
            side="axis",
            phase="movement",
            reinforcements=False,
        )
        act(m, "axis", "end_ground")
        return m

    m = air(1)
    assert targets(m, "rom-f", "fly") == {hex_of(m, "Kishinev")}
    m = air(0)
    assert not targets(m, "rom-f", "fly")
    assert targets(m, "rom-f", "rebase")
