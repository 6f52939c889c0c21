"""Deployment by hand (option ``deployment = "by_hand"``; scenario booklet setup rules, 3.21)."""

from __future__ import annotations

import json
import random

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.engine.records import replay, state_hash
from hexfront.games.bite import deployment, forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import deploy
from hexfront.games.bite.state import BiteState

GAME = Bite()
BY_HAND = {"deployment": "by_hand"}


def match(scenario: str = "SBE1", seed: int = 3) -> Match[BiteState]:
    return Match(GAME, scenario, dict(BY_HAND), seed)


def verbs(m: Match[BiteState], side: str) -> list[str]:
    return [a.verb for a in m.legal_actions(side)]


def only(m: Match[BiteState], side: str, verb: str) -> Action:
    (action,) = [a for a in m.legal_actions(side) if a.verb == verb]
    return action


def test_standard_deployment_has_no_deploy_phase() -> None:
    state = GAME.setup("SBE1", {}, 3)
    assert state.phase != "deploy"
    assert GAME.active_sides(state) == ["axis"]
    assert "deployment" in {o.name for o in GAME.options()}


def test_soviets_deploy_first_then_the_axis_then_turn_one() -> None:
    m = match()
    assert m.active_sides() == ["soviet"]
    assert m.state.phase == "deploy"
    assert verbs(m, "soviet")[0] == "done"  # the standard deployment is legal as it stands
    m.act(only(m, "soviet", "done"))
    assert m.active_sides() == ["axis"]
    assert m.state.phase == "deploy"
    m.act(only(m, "axis", "done"))
    assert m.state.turn == 1
    assert m.state.phase != "deploy"
    assert m.active_sides() == ["axis"]
    kinds = [e.kind for e in m.state.log]
    assert kinds.count("deployment_done") == 2


def test_pick_lists_destinations_and_deploy_moves_the_block() -> None:
    m = match()
    m.act(Action("soviet", "pick", {"unit": "sov-a-23"}))
    acts = m.legal_actions("soviet")
    assert acts[-1].verb == "cancel"
    targets = [str(a.args["hex"]) for a in acts if a.verb == "deploy"]
    board = m.state.w.board
    here = board.id_of(m.state.pieces["sov-a-23"].node)
    assert targets
    assert here not in targets
    m.act(Action("soviet", "deploy", {"unit": "sov-a-23", "hex": targets[0]}))
    assert board.id_of(m.state.pieces["sov-a-23"].node) == targets[0]
    assert "pick" in verbs(m, "soviet")  # back to choosing a block


def test_cancel_returns_to_choosing_without_moving() -> None:
    m = match()
    before = m.state.pieces["sov-a-23"].node
    m.act(Action("soviet", "pick", {"unit": "sov-a-23"}))
    m.act(only(m, "soviet", "cancel"))
    assert m.state.pieces["sov-a-23"].node == before
    assert "pick" in verbs(m, "soviet")


def test_a_coloured_dot_keeps_the_unit_in_its_district() -> None:
    state = GAME.setup("SBE1", BY_HAND, 3)
    board, dmap = state.w.board, deploy._adapter(state)
    for uid, district in (("sov-a-23", "md_leningrad"), ("sov-a-11", "md_baltic")):
        targets = deploy.destinations(state, state.pieces[uid])
        assert targets
        assert all(district in dmap.zones(board.id_of(n)) for n in targets), uid
        assert all(dmap.owner(board.id_of(n)) == "ussr" for n in targets)


def test_destinations_stay_in_the_scenario_area_and_clear_of_the_enemy() -> None:
    state = GAME.setup("SBE1", BY_HAND, 3)
    area = state.w.scenario.map_area
    assert area is not None
    for piece in state.on_map("soviet"):
        for node in deploy.destinations(state, piece):
            assert node in area
            assert all(p.side == "soviet" for p in state.at(node))


def test_black_dot_units_and_box_units_cannot_be_picked() -> None:
    m = match("SBE4")
    picks = {str(a.args["unit"]) for a in m.legal_actions("soviet") if a.verb == "pick"}
    black = [p.uid for p in m.state.on_map("soviet") if forces.unit(p.uid).dot == "black"]
    assert black
    assert not picks & set(black)
    with pytest.raises(IllegalAction):
        m.act(Action("soviet", "pick", {"unit": black[0]}))


def test_no_german_ground_unit_may_join_the_one_in_finland() -> None:  # 5.5
    state = GAME.setup("SBE4", BY_HAND, 3)
    state_axis = state
    germans = [p for p in state_axis.on_map("axis") if deploy._german_ground(state_axis, p)]
    in_finland = [p for p in germans if deploy._in_finland(state_axis, p.node)]
    assert len(in_finland) == 1
    for piece in germans:
        if deploy.movable(state_axis, piece):
            dests = deploy.destinations(state_axis, piece)
            assert not any(deploy._in_finland(state_axis, n) for n in dests), piece.uid


def _uncovering_move(m: Match[BiteState]) -> tuple[str, str]:
    """A Soviet block and a hex whose move leaves part of the border bare (SBE4)."""
    state = m.state
    for piece in sorted(state.on_map("soviet"), key=lambda p: p.uid):
        if not deploy.movable(state, piece) or not state.spec(piece).is_ground:
            continue
        for node in reversed(deploy.destinations(state, piece)):
            trial = state.clone()
            trial.pieces[piece.uid].node = node
            if deploy.problems(trial, "soviet"):
                return piece.uid, state.w.board.id_of(node)
    raise AssertionError("no Soviet block is needed on the border")


def test_full_setup_must_cover_the_border_and_reset_restores_it() -> None:
    m = match("SBE4")
    assert deploy.problems(m.state, "soviet") == []
    uid, to = _uncovering_move(m)
    m.act(Action("soviet", "pick", {"unit": uid}))
    m.act(Action("soviet", "deploy", {"unit": uid, "hex": to}))
    assert "done" not in verbs(m, "soviet")
    prompt = m.view("soviet")["prompt"]
    assert isinstance(prompt, dict)
    assert "border hexes" in str(prompt["text"])
    with pytest.raises(IllegalAction):
        m.act(Action("soviet", "done"))
    m.act(only(m, "soviet", "reset"))
    assert verbs(m, "soviet")[0] == "done"
    standard = {uid: node for uid, node, _s in m.state.w.scenario.placements}
    assert all(p.node == standard[p.uid] for p in m.state.on_map("soviet"))


def test_illegal_deploy_leaves_the_state_unchanged() -> None:
    m = match()
    m.act(Action("soviet", "pick", {"unit": "sov-a-23"}))
    before = m.hash()
    axis_hex = m.state.w.board.id_of(m.state.pieces["ger-a-16"].node)
    for bad in (
        Action("soviet", "deploy", {"unit": "sov-a-23", "hex": axis_hex}),
        Action("soviet", "deploy", {"unit": "sov-a-7", "hex": axis_hex}),
        Action("axis", "done"),
        Action("soviet", "pick", {"unit": "sov-a-7"}),  # one block at a time
    ):
        with pytest.raises(IllegalAction):
            m.act(bad)
        assert m.hash() == before


def test_the_axis_never_learns_which_soviet_block_moved() -> None:
    m = match()
    m.act(Action("soviet", "pick", {"unit": "sov-a-23"}))
    picking = json.dumps(m.view("axis"))  # the stack says which block, by handle only
    assert not [t for t in GAME.hidden_tokens(m.state, "axis") if t in picking]
    to = next(str(a.args["hex"]) for a in m.legal_actions("soviet") if a.verb == "deploy")
    m.act(Action("soviet", "deploy", {"unit": "sov-a-23", "hex": to}))
    hidden = GAME.hidden_tokens(m.state, "axis")
    assert '"sov-a-23"' in hidden
    text = json.dumps(m.view("axis"))
    assert not [t for t in hidden if t in text]
    assert '"sov-a-23"' in json.dumps(m.view("soviet"))  # the owner sees its own log


def test_frozen_units_are_worked_out_from_where_the_blocks_stand() -> None:  # 3.21
    m = match("SBE4")
    m.act(only(m, "soviet", "done"))
    m.act(only(m, "axis", "done"))
    scenario_list = set(m.state.w.scenario.frozen_turn1)
    assert set(m.state.flags["frozen_turn1"]) == scenario_list
    for side in ("axis", "soviet"):  # each side sees only its own frozen blocks
        text = json.dumps(m.view(side))
        assert not [t for t in GAME.hidden_tokens(m.state, side) if t in text]
        shown = m.view(side)["flags"]
        assert isinstance(shown, dict)
        own = {p.uid for p in m.state.pieces.values() if p.side == side}
        assert set(shown["frozen_turn1"]) == scenario_list & own
    # A block standing in the Odessa or Leningrad district is frozen wherever it came from.
    state = GAME.setup("SBE4", BY_HAND, 3)
    board, dmap = state.w.board, deploy._adapter(state)
    mover = next(
        p
        for p in state.on_map("soviet")
        if p.uid not in state.w.scenario.frozen_turn1 and state.spec(p).is_ground
    )
    frozen_hex = next(
        node
        for node in range(board.node_count)
        if board.playable[node]
        and dmap.zones(board.id_of(node)) & deployment.FROZEN_DISTRICTS
        and not state.at(node)
    )
    state.pieces[mover.uid].node = frozen_hex
    deploy.finish(state)
    assert mover.uid in state.flags["frozen_turn1"]
    assert set(state.flags["frozen_turn1"]) - {mover.uid} == scenario_list


@pytest.mark.parametrize("scenario", ["SBE1", "SBE4"])
def test_random_hands_deploy_and_the_record_replays(scenario: str) -> None:
    rng = random.Random(7)
    m = match(scenario, seed=11)
    steps = 0
    while m.state.phase == "deploy" and steps < 400:
        side = m.active_sides()[0]
        acts = m.legal_actions(side)
        # Mostly moves, so that the deployment really changes; finish when allowed late on.
        done = [a for a in acts if a.verb == "done"]
        if done and steps > 40 and rng.random() < 0.3:
            m.act(done[0])
        else:
            m.act(rng.choice([a for a in acts if a.verb != "done"] or acts))
        steps += 1
        if steps == 25:  # a save taken mid-deployment loads back to the same game
            loaded = GAME.from_json(GAME.to_json(m.state))
            assert state_hash(GAME, loaded) == m.hash()
            assert GAME.legal_actions(loaded, side) == m.legal_actions(side)
            assert state_hash(GAME, replay(GAME, m.record)) == m.hash()
    assert m.state.phase != "deploy"
    assert m.state.turn == 1
    moved = [e for e in m.state.log if e.kind == "deployed"]
    assert moved
    assert state_hash(GAME, replay(GAME, m.record)) == m.hash()


@pytest.mark.parametrize("scenario", ["SBE1", "SBE3"])
def test_random_game_deployed_by_hand_keeps_every_invariant(scenario: str) -> None:
    from hexfront.ai.bite_tools.fuzz import play_one

    out = play_one((scenario, 5, "all", dict(BY_HAND)))
    assert not out.problem, f"{out.problem}: {out.detail}"
    assert out.verdict
