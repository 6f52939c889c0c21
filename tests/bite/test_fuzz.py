"""Random legal games on a synthetic front: invariants after every action, exact replays."""

from __future__ import annotations

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.engine.match import Match
from hexfront.engine.records import replay, state_hash
from hexfront.games.bite.invariants import check

from .scenarios import front_world
from .synthetic import game_for

GAME = game_for(front_world())


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_every_invariant(seed: int) -> None:
    match: Match[object] = Match(GAME, "TEST", {}, seed)  # type: ignore[arg-type]
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 100)}
    steps = 0
    while not match.is_over():
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        assert legal, "a side must act but has no legal action (dead end)"
        match.act(agents[side].choose(match.view(side), legal))
        steps += 1
        errors = check(GAME, match.state)  # type: ignore[arg-type]
        assert not errors, f"after action {steps}: {errors}"
    result = match.result()
    assert result is not None
    assert result.outcome
    # The seed and the log rebuild the same game.
    assert state_hash(GAME, replay(GAME, match.record)) == match.hash()


def test_fog_off_shows_everything_to_both_sides() -> None:
    match: Match[object] = Match(GAME, "TEST", {"fog": False}, 1)  # type: ignore[arg-type]
    view = match.view("axis")
    soviet = [u for u in view["units"] if u["side"] == "soviet"]  # type: ignore[union-attr,index]
    assert soviet
    assert all("id" in u for u in soviet)  # type: ignore[operator]


def test_fogged_view_hides_enemy_identities() -> None:
    match: Match[object] = Match(GAME, "TEST", {}, 1)  # type: ignore[arg-type]
    view = match.view("axis")
    soviet = [u for u in view["units"] if u["side"] == "soviet"]  # type: ignore[union-attr,index]
    assert soviet
    public = {
        "handle",
        "side",
        "colour",
        "hex",
        "oos",
        "flying_from",
        "moved",
        "attacked",
        "came_from",
    }
    assert all(set(u) <= public for u in soviet)  # type: ignore[arg-type]
    assert all(u["colour"] == "red" for u in soviet)  # type: ignore[index]


def test_changing_a_view_never_changes_the_game() -> None:
    """Agents and clients get copies: scribbling on a view leaves the state alone."""
    from hexfront.engine.records import state_hash

    match: Match[object] = Match(GAME, "TEST", {}, 5)  # type: ignore[arg-type]
    agents = {"axis": RandomAgent(5), "soviet": RandomAgent(6)}
    for _ in range(60):
        if match.is_over():
            break
        side = match.active_sides()[0]
        before = state_hash(GAME, match.state)  # type: ignore[arg-type]
        view = match.view(side)

        def scribble(value: object) -> None:
            if isinstance(value, dict):
                for v in value.values():
                    scribble(v)
                value["scribbled"] = True
            elif isinstance(value, list):
                for v in value:
                    scribble(v)
                value.append("scribbled")

        scribble(view)
        assert state_hash(GAME, match.state) == before  # type: ignore[arg-type]
        match.act(agents[side].choose(match.view(side), match.legal_actions(side)))


def test_the_fog_invariant_catches_a_leaked_name() -> None:
    """The invariant itself can fail: a view that names a hidden enemy block is reported."""
    match: Match[object] = Match(GAME, "TEST", {}, 3)  # type: ignore[arg-type]
    state = match.state
    assert check(GAME, state) == []  # type: ignore[arg-type]
    hidden = sorted(GAME.hidden_tokens(state, "axis"))  # type: ignore[arg-type]
    assert hidden
    leaked_name = hidden[0].strip('"')
    honest_view = GAME.view

    def leaky_view(s: object, side: str) -> dict[str, object]:
        view = dict(honest_view(s, side))  # type: ignore[arg-type]
        if side == "axis":
            view["note"] = f"he said {leaked_name!r}"  # inside a sentence: not a leak
            view["extra"] = [leaked_name]  # as a JSON string of its own: a leak
        return view

    GAME.view = leaky_view  # type: ignore[method-assign]
    try:
        errors = check(GAME, state)  # type: ignore[arg-type]
    finally:
        del GAME.view  # type: ignore[attr-defined]
    assert any("axis can read hidden identities" in e for e in errors), errors
    assert not any("soviet" in e for e in errors)
