"""Optional rule 38.1, team play: each side's command split at the green line (teams.py).

The engine stays two-sided; these tests ask BITE which commander gives each legal action
(``Bite.command_of``), on positions built with the public position builder. The server's
seats are tested in tests/server/test_team_play.py. Also 38.2: solitary play requires
fog of war, except under the Italian 2.x rules (switch ``solitaire_fog_optional``)."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import UnknownGame
from hexfront.engine.protocol import BOTH, EITHER, Action, SplitsCommand
from hexfront.games.bite import optional, teams
from hexfront.games.bite.game import Bite

GAME = Bite()
TEAM = {"or38_team_play": True}
# 3025 and 3026 are clear Soviet hexes side by side, 3025 north of the green line and
# 3026 south of it (the map's green_line_south zone); 3526 is further south-east.
NORTH_HEX, SOUTH_HEX = "3025", "3026"


def _movement(units: list[dict[str, object]], **extra: object) -> object:
    pos: dict[str, object] = {
        "scenario": "SBE5",
        "turn": 3,
        "side": "axis",
        "phase": "movement",
        "options": TEAM,
        "reinforcements": False,
        "unit": units,
        **extra,
    }
    return GAME.setup_position(pos)


def _routes(state: object) -> list[tuple[Action, str]]:
    d = GAME.decision(state)  # type: ignore[arg-type]
    assert d is not None
    actions = list(d.actions)
    return list(zip(actions, GAME.command_of(state, actions), strict=True))  # type: ignore[arg-type]


def test_bite_offers_team_play_only_when_the_option_is_on() -> None:
    assert isinstance(GAME, SplitsCommand)
    assert GAME.commanders(TEAM) == ("north", "south")
    assert GAME.commanders({}) == ()
    assert GAME.commanders({"or38_team_play": False}) == ()
    # Team play is a matter of seats: the presets never switch it on, "all" neither.
    for preset in ("booklet", "all"):
        options = GAME.setup("SBE5", {"optional_rules": preset}, 1).options
        assert options["or38_team_play"] is False, preset
    assert GAME.setup("SBE5", TEAM, 1).options["or38_team_play"] is True


def test_the_two_hexes_lie_on_either_side_of_the_line() -> None:
    state = GAME.setup("SBE5", TEAM, 1)
    assert teams.half_of_hex(state, NORTH_HEX) == "north"
    assert teams.half_of_hex(state, SOUTH_HEX) == "south"
    # The boxes: the Arctic north, Krasnovodsk south (data/team_play.toml).
    assert teams.half_of_hex(state, "MURMANSK") == "north"
    assert teams.half_of_hex(state, "KRASNOVODSK") == "south"
    # Every node belongs to one of the two.
    assert set(teams.halves(state)) == {"north", "south"}


def test_each_unit_is_moved_by_the_commander_of_its_half_and_ending_is_joint() -> None:
    state = _movement(
        [
            {"id": "ger-c-iv", "hex": NORTH_HEX},
            {"id": "ger-c-xi", "hex": "3526"},
            {"id": "sov-a-3", "hex": "4020"},
        ]
    )
    routes = _routes(state)
    by_unit: dict[str, set[str]] = {}
    for action, route in routes:
        unit = action.args.get("unit")
        if isinstance(unit, str):
            by_unit.setdefault(unit, set()).add(route)
    assert by_unit == {"ger-c-iv": {"north"}, "ger-c-xi": {"south"}}
    ending = [route for action, route in routes if action.verb == "end_ground"]
    assert ending == [BOTH]


def test_a_unit_that_crosses_the_line_passes_to_the_other_commander() -> None:
    state = _movement(
        [
            {"id": "ger-c-iv", "hex": NORTH_HEX},
            {"id": "ger-c-xi", "hex": "3526"},
            {"id": "sov-a-3", "hex": "4020"},
        ]
    )
    later = Action("axis", "repair", {"unit": "ger-c-iv", "pp": 1})
    assert GAME.command_of(state, [later]) == ["north"]
    GAME.apply(state, Action("axis", "move", {"unit": "ger-c-iv", "to": SOUTH_HEX}))  # type: ignore[arg-type]
    # 38.1: it joins the southern commander's forces at once.
    assert GAME.command_of(state, [later]) == ["south"]


def test_one_commanders_decision_gives_him_its_unlocated_choices_too() -> None:
    # Only the northern unit can move: ending the ground movement is his alone.
    state = _movement([{"id": "ger-c-iv", "hex": NORTH_HEX}, {"id": "sov-a-3", "hex": "4020"}])
    routes = _routes(state)
    assert {route for _, route in routes} == {"north"}


def test_shared_resources_and_placements() -> None:
    state = GAME.setup("SBE5", TEAM, 3)  # the Axis production phase of June 1941
    routes = _routes(state)
    seen = {route for _, route in routes}
    assert {"north", "south"} <= seen
    for action, route in routes:
        if action.verb == "done":
            assert route == BOTH
        hex_id = action.args.get("hex")
        if action.verb in ("place", "rebuild") and isinstance(hex_id, str):
            assert route == teams.half_of_hex(state, hex_id)
    # German aid to an ally names no place: either commander may give it (shared PP).
    aid = Action("axis", "aid", {"to": "romania"})
    north_only = Action("axis", "disband", {"unit": "fin-af"})
    south_only = Action("axis", "disband", {"unit": "ger-a-11"})
    assert GAME.command_of(state, [aid, north_only, south_only]) == [EITHER, "north", "south"]


def test_a_battle_belongs_to_the_commander_of_its_hex() -> None:
    state = GAME.setup("SBE5", TEAM, 3)
    routes = GAME.command_of(state, [Action("axis", "fight", {"hex": SOUTH_HEX})])
    assert routes == ["south"]


def test_solitary_play_requires_fog_of_war() -> None:
    with pytest.raises(UnknownGame, match=r"38\.2"):
        GAME.setup("SBE5", {"solitary": True, "fog": False}, 1)
    assert GAME.setup("SBE5", {"solitary": True}, 1).options["fog"] is True
    # The Italian 2.x rules only recommend it (1.3 there).
    italian = GAME.setup("SBE5", {"solitary": True, "fog": False, "rules": "it-2.x"}, 1)
    assert italian.options["fog"] is False
    # Off, it stays out of a saved state (the basic game's hashes do not move).
    plain = GAME.setup("SBE1", {}, 1)
    assert optional.SOLITARY not in GAME.to_json(plain)["options"]  # type: ignore[operator]
    solitary = GAME.setup("SBE1", {"solitary": True}, 1)
    assert GAME.from_json(GAME.to_json(solitary)).options[optional.SOLITARY] is True


def test_a_bad_solitary_value_is_refused() -> None:
    with pytest.raises(UnknownGame, match="solitary"):
        GAME.setup("SBE5", {"solitary": "yes"}, 1)


def test_a_pick_in_the_deployment_by_hand_is_its_commanders_to_finish() -> None:
    state = GAME.setup("SBE5", {**TEAM, "deployment": "by_hand"}, 4)
    routes = _routes(state)
    assert {route for a, route in routes if a.verb in ("done", "reset")} == {BOTH}
    pick = next(a for a, route in routes if a.verb == "pick" and route == "north")
    GAME.apply(state, pick)
    after = _routes(state)
    # Where the picked block should stand, or "choose another block": his alone.
    assert {a.verb for a, _ in after} >= {"deploy", "cancel"}
    assert {route for _, route in after} == {"north"}
