"""The heuristic plans battles and garrisons like a player (issue 13), in positions built
with the public position builder (docs/positions.md) on the real SBE4 map."""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.ai.base import Agent
from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.ai.bite_heuristic_v1 import HeuristicV1Agent
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite

GAME = Bite()
MINSK = "2622"  # a major city in clear terrain: attackers halved, defenders +1 Bonus

# Two Soviet armies hold Minsk (hidden from the Axis: two blocks, strength unknown).
MINSK_DEFENDERS = [{"id": "sov-a-4", "hex": "Minsk"}, {"id": "sov-a-13", "hex": "Minsk"}]
# A panzer corps, an infantry corps, German artillery and a second panzer corps next to it.
GROUP = [
    {"id": "ger-pz-xxxxvii", "hex": "2522"},
    {"id": "ger-c-xii", "hex": "2523"},
    {"id": "ger-a-16", "hex": "2523"},
    {"id": "ger-pz-xxxix", "hex": "2623"},
]


def position(units: list[dict[str, Any]], side: str = "axis", **more: Any) -> dict[str, Any]:
    mine = [u for u in units if u["id"].startswith(("ger", "rom")) == (side == "axis")]
    return {
        "scenario": "SBE4",
        "turn": 2,
        "side": side,
        "phase": "movement",
        "seed": 3,
        "unit": units,
        "control": {side: [u["hex"] for u in mine if u["hex"][0].isdigit()]},
        **more,
    }


def ground_moves(pos: dict[str, Any], agent: Agent) -> list[tuple[str, str]]:
    """The agent's ground moves of one Movement Phase, as (unit, hex)."""
    match: Match[Any] = Match.from_position(GAME, pos)
    side = str(pos["side"])
    moves: list[tuple[str, str]] = []
    for _ in range(40):
        view = match.view(side)
        if (view.get("prompt") or {}).get("kind") != "move":  # type: ignore[union-attr]
            break
        action = agent.choose(view, match.legal_actions(side))
        if action.verb == "move":
            moves.append((str(action.args["unit"]), str(action.args["to"])))
        match.act(action)
    return moves


def test_attacks_a_held_city_when_enough_strength_can_follow() -> None:
    moves = ground_moves(position(GROUP + MINSK_DEFENDERS), HeuristicAgent(1))
    into = [unit for unit, to in moves if to == MINSK]
    assert moves[0][1] == MINSK  # the first unit goes in ...
    assert len(into) >= 3  # ... and the others follow into the same battle
    assert "ger-a-16" in into  # artillery: no terrain Malus, it counts in the plan


def test_the_old_heuristic_weighed_the_first_unit_alone() -> None:
    """What issue 13 fixes: the same group never attacked the city."""
    moves = ground_moves(position(GROUP + MINSK_DEFENDERS), HeuristicV1Agent(1))
    assert all(to != MINSK for _, to in moves)


def test_does_not_attack_a_held_city_with_one_unit() -> None:
    moves = ground_moves(position(GROUP[:1] + MINSK_DEFENDERS), HeuristicAgent(1))
    assert all(to != MINSK for _, to in moves)


def test_axis_garrisons_a_threatened_capital() -> None:
    """Bucharest is empty and a Soviet tank corps stands 6 hexes away: a Romanian corps
    at Galati goes home rather than east (an empty capital falls to the first enemy
    block that walks in, and Romania with it)."""
    units = [
        {"id": "rom-c-iii", "hex": "Galati"},
        {"id": "sov-mc-3", "hex": "2632"},
    ]
    moves = ground_moves(position(units), HeuristicAgent(2))
    assert ("rom-c-iii", "2236") in moves  # Bucharest


def test_axis_leaves_a_quiet_capital_alone() -> None:
    """The same without a Soviet block within 8 hexes: no garrison is needed."""
    units = [{"id": "rom-c-iii", "hex": "Galati"}, {"id": "sov-mc-3", "hex": "3029"}]
    moves = ground_moves(position(units), HeuristicAgent(2))
    assert ("rom-c-iii", "2236") not in moves


def test_soviets_counterattack_a_weak_stack() -> None:
    """A worn German corps, revealed at one step, next to Minsk and a Soviet army (the
    cities around are garrisoned, so the army is free to strike)."""
    units = [
        {"id": "ger-c-xii", "hex": "2523", "strength": 1, "revealed": True},
        {"id": "sov-a-4", "hex": "Minsk"},
        {"id": "sov-a-10", "hex": "2421"},  # Vilnius
        {"id": "sov-a-13", "hex": "2623"},
    ]
    moves = ground_moves(position(units, side="soviet"), HeuristicAgent(3))
    assert any(to == "2523" for _, to in moves)


# SBE1: one hidden Soviet army in Leningrad (a fortress in forest: attackers' dice cut to an
# eighth, defenders +2 Bonus) and two panzer and three infantry corps next to it.
LENINGRAD = "3013"
BESIEGERS = [
    {"id": "ger-pz-xxxxi", "hex": "2914"},
    {"id": "ger-c-i", "hex": "2914"},
    {"id": "ger-pz-lvi", "hex": "3014"},
    {"id": "ger-c-ii", "hex": "3014"},
    {"id": "ger-c-x", "hex": "2913"},
]


def sbe1(turn: int) -> dict[str, Any]:
    pos = position([*BESIEGERS, {"id": "sov-a-8", "hex": "Leningrad"}])
    return {**pos, "scenario": "SBE1", "turn": turn}


@pytest.mark.parametrize("turn", [2, 3])
def test_no_storm_of_leningrad_at_poor_odds_while_turns_remain(turn: int) -> None:
    moves = ground_moves(sbe1(turn), HeuristicAgent(1))
    assert all(to != LENINGRAD for _, to in moves)


def test_last_turn_storms_the_place_that_wins_the_game() -> None:
    """SBE1 is won only by taking Leningrad (or cutting it off): in the last turn a lost
    battle costs nothing the draw does not, so the same odds are worth taking."""
    moves = ground_moves(sbe1(4), HeuristicAgent(1))
    into = [unit for unit, to in moves if to == LENINGRAD]
    assert moves[0][1] == LENINGRAD
    assert len(into) >= 2  # the first unit is not sent alone
