"""Optional rule 31.0, reserve units (issue 20), on SBE5 positions of the real map.

Motorization: in the Movement Phase an activated Supreme or Armor-HQ spends an action point
to hold a TECH 2 ground unit back; it moves in the Exploitation Phase instead. Reaction: in
the Exploitation Phase an Armor-HQ holds armour back; it moves into a battle after the
enemy's Movement Phase.
"""

from __future__ import annotations

import json
from typing import Any

from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import command, reserve
from hexfront.games.bite.state import BiteState

from .helpers import at_prompt, drive, move_targets

GAME = Bite()
ON = {"optional_rules": "none", "or31_reserves": True}
OFF = {"optional_rules": "none"}
HQ, TANKS, CORPS = "ger-pzgr-3", "ger-pz-xxxxvii", "ger-c-i"


def position(
    options: dict[str, Any], phase: str, units: list[dict[str, Any]], side: str = "axis"
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": 2,
            "side": side,
            "phase": phase,
            "reinforcements": False,
            "unit": [{"id": "sov-a-44", "hex": "Moscow"}, *units],
            "options": options,
        },
    )


def reserves(m: Match[BiteState]) -> list[Action]:
    side = m.active_sides()[0]
    return [a for a in m.legal_actions(side) if a.verb == "reserve"]


def activate(m: Match[BiteState]) -> None:
    m.act(Action("axis", "activate", {"hq": HQ}))


def at_warsaw(*uids: str) -> list[dict[str, Any]]:
    return [{"id": uid, "hex": "Warsaw"} for uid in uids]


def test_motorized_reserve_waits_for_the_exploitation_phase() -> None:
    m = position(ON, "movement", at_warsaw(HQ, TANKS, CORPS))
    assert reserves(m) == []  # no activated HQ yet
    activate(m)
    offered = {(a.args["unit"], a.args["mode"]) for a in reserves(m)}
    assert offered == {(TANKS, "motorized"), (CORPS, "motorized")}  # armour and infantry
    hq = m.state.pieces[HQ]
    before = command.points_left(m.state, hq)
    order = next(a for a in reserves(m) if a.args["unit"] == CORPS)
    assert "reserve" in text.describe(order)
    m.act(order)
    assert command.points_left(m.state, hq) == before - 1
    corps = m.state.pieces[CORPS]
    assert reserve.motorized(m.state, corps)
    assert move_targets(m, CORPS) == set()  # it does not move now
    event = next(e for e in m.state.log if e.kind == "reserve")
    assert event.audience == "axis"
    assert "reserve" in text.log_line(event.to_json())
    drive(m, at_prompt("exploit", "axis"))
    # Infantry exploits, without an Armor-HQ's command in this phase.
    assert move_targets(m, CORPS)
    assert command.commanded_kind(m.state, corps) is None
    drive(m, lambda x: x.state.phasing == "soviet")
    assert not reserve.motorized(m.state, corps)  # the reserve is over


def test_no_reserve_without_the_rule() -> None:
    m = position(OFF, "movement", at_warsaw(HQ, TANKS, CORPS))
    activate(m)
    assert reserves(m) == []


def test_out_of_command_range_no_reserve() -> None:
    m = position(ON, "movement", [*at_warsaw(HQ, TANKS), {"id": CORPS, "hex": "Berlin"}])
    activate(m)
    assert {a.args["unit"] for a in reserves(m)} == {TANKS}


def test_italian_rules_motorize_infantry_only() -> None:
    m = position({**ON, "rules": "it-2.x"}, "movement", at_warsaw(HQ, TANKS, CORPS))
    activate(m)
    assert {a.args["unit"] for a in reserves(m)} == {CORPS}


def test_each_action_point_is_spent_once() -> None:
    m = position(ON, "movement", at_warsaw(HQ, TANKS, CORPS))
    activate(m)
    hq = m.state.pieces[HQ]
    while reserves(m):
        m.act(reserves(m)[0])
    assert command.points_left(m.state, hq) == 0 or {a.args["unit"] for a in reserves(m)} == set()
    assert reserve.motorized(m.state, m.state.pieces[TANKS])
    assert reserve.motorized(m.state, m.state.pieces[CORPS])


def test_reaction_reserve_reinforces_a_battle_in_the_enemys_turn() -> None:
    probe = position(ON, "exploitation", at_warsaw(HQ, TANKS))
    board = probe.state.w.board
    warsaw = board.node("Warsaw")
    front = next(n for n in board.adjacency[warsaw] if board.playable[n])
    beyond = next(
        n
        for n in board.adjacency[front]
        if board.playable[n] and n != warsaw and n not in board.adjacency[warsaw]
    )
    units = [
        *at_warsaw(HQ, TANKS, CORPS),
        {"id": "ger-c-ii", "hex": board.id_of(front)},
        {"id": "sov-a-3", "hex": board.id_of(beyond)},
    ]
    m = position(ON, "exploitation", units)
    activate(m)
    offered = {(a.args["unit"], a.args["mode"]) for a in reserves(m)}
    assert offered == {(TANKS, "reaction")}  # armour only, not the infantry
    m.act(next(a for a in reserves(m)))
    assert move_targets(m, TANKS) == set()  # no exploitation for it
    assert reserve.in_reaction(m.state, m.state.pieces[TANKS])
    # The Soviet turn: its army attacks the German corps next to Minsk.
    drive(m, at_prompt("move", "soviet"))
    m.act(Action("soviet", "move", {"unit": "sov-a-3", "to": board.id_of(front)}))
    drive(m, at_prompt("reaction", "axis"))
    reacts = [
        a.args["to"]
        for a in m.legal_actions("axis")
        if a.verb == "react" and a.args["unit"] == TANKS
    ]
    assert reacts == [board.id_of(front)]
    m.act(Action("axis", "react", {"unit": TANKS, "to": board.id_of(front)}))
    assert m.state.pieces[TANKS].node == front
    drive(m, lambda x: x.state.phase == "combat_phase" or x.state.phase == "combat")
    assert not reserve.in_reaction(m.state, m.state.pieces[TANKS])


def test_a_reaction_reserve_lapses_when_no_battle_comes() -> None:
    m = position(ON, "exploitation", at_warsaw(HQ, TANKS))
    activate(m)
    m.act(next(a for a in reserves(m)))
    drive(m, lambda x: x.state.phasing == "soviet" and x.state.phase == "combat_phase")
    assert not reserve.in_reaction(m.state, m.state.pieces[TANKS])
    assert m.state.pieces[TANKS].node == m.state.w.board.node("Warsaw")


def test_the_enemy_never_sees_which_units_are_in_reserve() -> None:
    m = position(ON, "movement", at_warsaw(HQ, TANKS, CORPS))
    activate(m)
    m.act(next(a for a in reserves(m) if a.args["unit"] == CORPS))
    assert m.view("axis")["flags"]["reserve"] == {CORPS: "motorized"}
    soviet = m.view("soviet")
    assert "reserve" not in soviet["flags"]
    assert CORPS not in json.dumps(soviet)


def stavka_reserves(options: dict[str, Any]) -> set[object]:
    """The Stavka's reserve orders in the Soviet Movement Phase of 1943 (TECH 2 units)."""
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": 26,
            "side": "soviet",
            "phase": "rail",
            "reinforcements": False,
            "unit": [
                {"id": "sov-stavka", "hex": "Moscow"},
                {"id": "sov-mc-1", "hex": "Moscow"},
                {"id": "sov-a-44", "hex": "Moscow"},
                {"id": "ger-c-i", "hex": "Berlin"},
            ],
            "options": options,
        },
    )
    m.act(Action("soviet", "activate", {"hq": "sov-stavka"}))
    drive(m, at_prompt("move", "soviet"))
    return {a.args["unit"] for a in reserves(m)}


def test_the_stavka_holds_back_any_ground_unit_but_armour_only_in_italian_rules() -> None:
    assert stavka_reserves(ON) == {"sov-mc-1", "sov-a-44"}
    italian = stavka_reserves({**ON, "rules": "it-2.x"})
    # reserve_infantry_only leaves the infantry; the Stavka's own switch, armour: none left
    assert italian == set()


# --- the computer opponent's reserves (bite_heuristic, bite_command) ---------------------------


def heuristic_plays(m: Match[BiteState], side: str, phase: str, limit: int = 40) -> list[Action]:
    """The heuristic's choices for ``side`` while the game is in ``phase``; each one goes
    through Match.act, which refuses an illegal action."""
    agent = HeuristicAgent(3)
    chosen: list[Action] = []
    for _ in range(limit):
        if m.is_over() or m.active_sides() != [side] or m.state.phase != phase:
            break
        a = agent.choose(m.view(side), m.legal_actions(side))
        m.act(a)
        chosen.append(a)
    return chosen


def threatened_line(soviets: list[str]) -> Match[BiteState]:
    """SBE5, the Axis Exploitation Phase: Panzergruppe 3 (activated) and a panzer corps in
    Warsaw, a worn German corps in the line next to it, ``soviets`` in front of that corps."""
    probe = position(ON, "exploitation", at_warsaw(HQ))
    board = probe.state.w.board
    warsaw = board.node("Warsaw")
    front = next(n for n in board.adjacency[warsaw] if board.playable[n])
    beyond = [
        n
        for n in board.adjacency[front]
        if board.playable[n] and n != warsaw and n not in board.adjacency[warsaw]
    ]
    units = [
        *at_warsaw(HQ, TANKS),
        {"id": "ger-c-ii", "hex": board.id_of(front), "strength": 2},
        *({"id": u, "hex": board.id_of(beyond[i % len(beyond)])} for i, u in enumerate(soviets)),
    ]
    m = position(ON, "exploitation", units)
    activate(m)
    return m


def test_the_heuristic_holds_armour_in_reaction_behind_a_threatened_line() -> None:
    m = threatened_line(["sov-a-3", "sov-a-4", "sov-a-10"])  # three armies on two steps
    first = HeuristicAgent(3).choose(m.view("axis"), m.legal_actions("axis"))
    assert first.verb == "reserve"
    assert first.args == {"hq": HQ, "unit": TANKS, "mode": "reaction"}
    heuristic_plays(m, "axis", "exploitation")
    assert reserve.in_reaction(m.state, m.state.pieces[TANKS])
    assert m.state.pieces[TANKS].node == m.state.w.board.node("Warsaw")  # it waits there


def reserve_scores(m: Match[BiteState], side: str) -> list[float]:
    scored = HeuristicAgent(3).scored(m.view(side), m.legal_actions(side))
    return [score for score, _, a in scored if a.verb == "reserve"]


def test_the_heuristic_exploits_rather_than_hold_back_when_nothing_threatens() -> None:
    m = threatened_line([])  # no enemy near: the armour is better used now
    scores = reserve_scores(m, "axis")
    assert scores
    assert max(scores) < 0.0  # below "done": never chosen
    chosen = heuristic_plays(m, "axis", "exploitation")
    assert chosen
    assert not any(a.verb == "reserve" for a in chosen)
    assert not reserve.in_reaction(m.state, m.state.pieces[TANKS])


def soviet_attack_near_moscow(with_enemy: bool) -> Match[BiteState]:
    """SBE9, 1943, the Soviet Movement Phase with the Stavka activated: an army in Moscow,
    a mechanized corps three hexes out, beside a one-step German corps (or no German)."""
    probe = position(ON, "movement", [])
    board = probe.state.w.board
    moscow = board.node("Moscow")
    german = next(n for n in range(board.node_count) if board.distance(moscow, n) == 3)
    assert board.playable[german]
    beside = next(
        n for n in board.adjacency[german] if board.playable[n] and board.distance(moscow, n) == 2
    )
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": 26,
            "side": "soviet",
            "phase": "rail",
            "reinforcements": False,
            "unit": [
                {"id": "sov-stavka", "hex": "Moscow"},
                {"id": "sov-a-44", "hex": "Moscow"},
                {"id": "sov-mc-1", "hex": board.id_of(beside)},
                {
                    "id": "ger-c-i",
                    "hex": board.id_of(german) if with_enemy else "Berlin",
                    "strength": 1,
                },
                {"id": "ger-c-ii", "hex": "Berlin"},
            ],
            "options": ON,
        },
    )
    m.act(Action("soviet", "activate", {"hq": "sov-stavka"}))
    drive(m, at_prompt("move", "soviet"))
    return m


def test_the_heuristic_motorizes_infantry_that_may_follow_an_attack() -> None:
    m = soviet_attack_near_moscow(with_enemy=True)
    chosen = heuristic_plays(m, "soviet", "movement")
    orders = [a for a in chosen if a.verb == "reserve"]
    assert [a.args["unit"] for a in orders] == ["sov-a-44"]  # the army, not the armour
    assert reserve.motorized(m.state, m.state.pieces["sov-a-44"])
    assert any(a.verb == "move" and a.args["unit"] == "sov-mc-1" for a in chosen)  # attacks


def test_the_heuristic_motorizes_nothing_without_a_battle_near() -> None:
    m = soviet_attack_near_moscow(with_enemy=False)
    assert reserves(m)  # the orders are open to it
    assert max(reserve_scores(m, "soviet")) < 0.0  # below "done": never chosen
    chosen = heuristic_plays(m, "soviet", "movement")
    assert not any(a.verb == "reserve" for a in chosen)
