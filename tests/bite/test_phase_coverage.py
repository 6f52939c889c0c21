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
