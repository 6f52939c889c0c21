"""Determinization rebuilds only what a side knows; the search agent plays legal moves."""

from __future__ import annotations

import random

from hexfront.ai.base import RandomAgent
from hexfront.ai.bite_heuristic import public_info
from hexfront.ai.determinize import determinize
from hexfront.ai.ismcts import ISMCTSAgent, evaluate
from hexfront.engine.match import Match
from tests.bite.scenarios import front_world
from tests.bite.synthetic import game_for

WORLD = front_world(turns=3)
GAME = game_for(WORLD)
INFO = public_info(WORLD)


def _advance(match: Match[object], n: int, seed: int) -> None:
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 1)}
    for _ in range(n):
        if match.is_over():
            return
        side = match.active_sides()[0]
        match.act(agents[side].choose(match.view(side), match.legal_actions(side)))


def test_a_determinization_looks_the_same_from_the_deciding_side() -> None:
    for seed in range(5):
        match: Match[object] = Match(GAME, "TEST", {}, seed)  # type: ignore[arg-type]
        _advance(match, 15 + 7 * seed, seed)
        if match.is_over():
            continue
        side = match.active_sides()[0]
        view = match.view(side)
        sampled = determinize(view, WORLD, random.Random(seed))
        again = GAME.view(sampled, side)
        for key in ("turn", "phase", "phasing", "control", "pp", "prompt", "stack"):
            assert again[key] == view[key], key
        mine = sorted(
            (u["handle"], u["hex"], u.get("strength")) for u in view["units"] if u["side"] == side
        )  # type: ignore[index,union-attr]
        mine_again = sorted(
            (u["handle"], u["hex"], u.get("strength")) for u in again["units"] if u["side"] == side
        )  # type: ignore[index,union-attr]
        assert mine == mine_again
        theirs = sorted((u["handle"], u["hex"]) for u in view["units"] if u["side"] != side)  # type: ignore[index,union-attr]
        theirs_again = sorted((u["handle"], u["hex"]) for u in again["units"] if u["side"] != side)  # type: ignore[index,union-attr]
        assert theirs == theirs_again
        assert [a.to_json() for a in GAME.legal_actions(sampled, side)] == [
            a.to_json() for a in match.legal_actions(side)
        ]


def test_sampled_identities_vary_but_stay_consistent() -> None:
    match: Match[object] = Match(GAME, "TEST", {}, 2)  # type: ignore[arg-type]
    side = match.active_sides()[0]
    view = match.view(side)
    seen = set()
    for s in range(10):
        sampled = determinize(view, WORLD, random.Random(s))
        enemy = tuple(sorted(p.uid for p in sampled.on_map() if p.side != side))
        seen.add(tuple(sorted((p.node, p.uid) for p in sampled.on_map() if p.side != side)))
        assert len(enemy) == len(set(enemy))
    assert len(seen) > 1  # hidden identities really are sampled


def test_search_agent_plays_legal_moves_within_its_budget() -> None:
    match: Match[object] = Match(GAME, "TEST", {}, 4)  # type: ignore[arg-type]
    agent = ISMCTSAgent(1, INFO, budget=0.3, max_iterations=12)
    for _ in range(6):
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        action = agent.choose(match.view(side), legal)
        assert action in legal
        match.act(action)
    assert agent.last_iterations >= 1
    assert 0.0 <= evaluate(match.state, "axis") <= 1.0  # type: ignore[arg-type]


def test_an_attack_on_an_objective_is_always_searched() -> None:
    """However poor the heuristic thinks the odds, the search weighs an attack on Leningrad
    (the sampled defenders may be weak: a rebuilt block holds one step)."""
    from hexfront.ai.base import make_agent
    from hexfront.games.bite.game import Bite
    from tests.bite.helpers import at_prompt, drive

    game = Bite()
    match = Match(game, "SBE1", {}, 1)
    drive(match, at_prompt("rail", "axis"))
    state = match.state
    board = state.w.board
    leningrad = board.node("Leningrad")
    attackers = [p for p in state.on_map("axis") if state.spec(p).is_combat][:2]
    for p in attackers:
        p.node = board.node("3012")  # next to Leningrad, before the movement phase
    state.pieces["sov-a-23"].node = leningrad  # a garrison, hidden from the Axis
    drive(match, at_prompt("move", "axis"))
    legal = match.legal_actions("axis")
    attacks = [a for a in legal if a.verb == "move" and a.args["to"] == board.id_of(leningrad)]
    assert attacks
    view = match.view("axis")
    agent = ISMCTSAgent(1, public_info(state.w), width=2)
    heuristic = make_agent("heuristic", 1)
    candidates = agent.candidates(view, legal)
    assert len(candidates) == 3  # the heuristic's best two, and the attack
    assert candidates[-1] in attacks
    assert heuristic.choose(view, legal) not in attacks


def test_search_receives_only_the_view_and_hidden_identities_change_nothing() -> None:
    """Two games differing only in which hidden Soviet block is which (their places and
    handles swapped) give the search the same view; with the same seed and the same
    number of playouts it weighs the same candidates and makes the same choice, though
    the truth it would have searched with differs."""
    import json

    from hexfront.ai.bite_heuristic import HeuristicAgent, _Look

    a: Match[object] = Match(GAME, "TEST", {}, 3)  # type: ignore[arg-type]
    b: Match[object] = Match(GAME, "TEST", {}, 3)  # type: ignore[arg-type]
    players = {"axis": HeuristicAgent(1, INFO), "soviet": HeuristicAgent(2, INFO)}
    for _ in range(200):  # on to an Axis movement phase with an attack to weigh
        side = a.active_sides()[0]
        view = a.view(side)
        if side == "axis" and view["phase"] == "movement":
            break
        action = players[side].choose(view, a.legal_actions(side))
        a.act(action)
        b.act(action)
    assert a.view("axis")["phase"] == "movement"
    state = b.state
    p, q = state.pieces["sov-inf-1"], state.pieces["sov-inf-2"]  # type: ignore[attr-defined]
    assert not p.revealed
    assert not q.revealed
    assert p.node != q.node
    p.node, q.node = q.node, p.node  # the truth differs ...
    p.handle, q.handle = q.handle, p.handle
    state.touch()  # type: ignore[attr-defined]
    assert a.hash() != b.hash()
    view_a, view_b = a.view("axis"), b.view("axis")
    assert json.dumps(view_a, sort_keys=True) == json.dumps(view_b, sort_keys=True)  # ... unseen
    legal_a, legal_b = a.legal_actions("axis"), b.legal_actions("axis")
    assert legal_a == legal_b
    one, two = (ISMCTSAgent(5, INFO, budget=60.0, max_iterations=8) for _ in range(2))
    ranked_a = one._ranked(dict(view_a), legal_a, _Look(dict(view_a), INFO.board), INFO)
    ranked_b = two._ranked(dict(view_b), legal_b, _Look(dict(view_b), INFO.board), INFO)
    assert ranked_a == ranked_b
    assert one.choose(view_a, legal_a) == two.choose(view_b, legal_b)
    assert one.last_iterations == two.last_iterations == 8  # it searched


def test_playouts_give_the_heuristic_what_a_real_view_gives_it() -> None:
    """The heuristic inside a playout reads the turn, the weather and its units' movement
    points (its attack plans and the Tech Level Chart depend on them) as in a real view."""
    from hexfront.ai.ismcts import fast_view

    match: Match[object] = Match(GAME, "TEST", {}, 6)  # type: ignore[arg-type]
    _advance(match, 40, 6)
    side = match.active_sides()[0]
    real = match.view(side)
    quick = fast_view(match.state, side, GAME)  # type: ignore[arg-type]
    for key in ("scenario", "turn", "weather", "phase", "phasing", "control", "prompt"):
        assert quick[key] == real[key], key
    mine = {u["handle"]: u for u in real["units"] if u["side"] == side}  # type: ignore[index,union-attr]
    assert mine
    for u in quick["units"]:
        if u["side"] == side and "mp_left" in mine.get(u["handle"], {}):
            assert u["mp_left"] == mine[u["handle"]]["mp_left"]
    hidden = [u for u in real["units"] if u["side"] != side and "id" not in u]  # type: ignore[index,union-attr]
    shown = {u["handle"] for u in quick["units"] if u["side"] != side and "id" in u}
    assert not shown & {u["handle"] for u in hidden}  # type: ignore[index]
