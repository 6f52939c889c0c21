"""Random games of Stalin's War through the contract, with the invariants after every action
(card conservation, hand sizes, stacking, one side a hex), the fog checked along the way, and
each game rebuilt from its seed and actions; the command line plays and replays one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.engine.match import Match
from hexfront.engine.records import replay, state_hash
from hexfront.games.registry import catalog, load_game
from hexfront.games.stalins_war.invariants import check
from hexfront.games.stalins_war.state import AXIS, SOVIET

from .helpers import GAME, hidden_shuffled

runner = CliRunner()


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [("tournament", 11), ("tournament", 12), ("tournament", 13), ("campaign", 14)],
)
@pytest.mark.usefixtures("long_games")
def test_random_games_keep_the_invariants(scenario: str, seed: int) -> None:
    match = Match(GAME, scenario, {}, seed)
    rng = random.Random(seed)
    assert check(match.state) == []
    while not match.is_over():
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        assert legal, "a side to act has a legal action"
        assert all(a.side == side for a in legal)
        other = SOVIET if side == AXIS else AXIS
        assert match.legal_actions(other) == []
        match.act(legal[rng.randrange(len(legal))])
        problems = check(match.state)
        assert problems == [], (len(match.record.actions), problems)
        if len(match.record.actions) % 97 == 0:
            for viewer in (AXIS, SOVIET):  # the other side's hidden cards show nowhere
                view = match.view(viewer)
                hidden = SOVIET if viewer == AXIS else AXIS
                assert GAME.view(hidden_shuffled(match.state, hidden, seed), viewer) == view
    result = match.result()
    assert result is not None
    assert result.winner in (AXIS, SOVIET)  # no draws (5.1.4, 22)
    assert match.state.turn <= match.state.last_turn
    assert state_hash(GAME, replay(GAME, match.record)) == match.hash()


def test_registry_lists_and_loads_the_game() -> None:
    entry = next(e for e in catalog() if e.name == "stalins_war")
    assert [s.id for s in entry.scenarios] == ["campaign", "tournament"]
    assert [s.turns for s in entry.scenarios] == [18, 8]
    assert entry.sides == ("axis", "soviet")
    assert load_game("stalins_war").name == "stalins_war"


@pytest.mark.usefixtures("long_games")
def test_cli_selfplay_and_replay(tmp_path: Path) -> None:
    listed = runner.invoke(app, ["games", "--json"])
    assert listed.exit_code == 0
    assert "stalins_war" in [g["name"] for g in json.loads(listed.stdout)["games"]]
    rec = tmp_path / "sw.json"
    result = runner.invoke(
        app,
        ["selfplay", "stalins_war", "tournament", "--seed", "5", "--json", "--record", str(rec)],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["outcome"] in ("tournament", "automatic")
    assert summary["turns"] <= 8
    verified = runner.invoke(app, ["replay", str(rec), "--verify"])
    assert verified.exit_code == 0, verified.output


@pytest.mark.usefixtures("long_games")
def test_every_offered_action_and_log_line_has_words() -> None:
    """Terminal play (DescribesActions, FormatsLog): no offered action falls back to its verb."""
    match = Match(GAME, "tournament", {}, 21)
    rng = random.Random(21)
    while match.state.turn < 3 and not match.is_over():
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        for action in legal:
            words = GAME.describe_action(action)
            assert words
            assert words != action.verb.replace("_", " ") or action.verb == "end_movement"
        match.act(legal[rng.randrange(len(legal))])
    for event in match.view(AXIS)["log"]:
        assert GAME.log_line(event)
