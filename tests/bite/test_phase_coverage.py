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
    act(m, "soviet", "eliminate", unit="sov-ur-kiev")
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
