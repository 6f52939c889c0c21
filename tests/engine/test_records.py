"""Records rebuild games exactly; saves detect corruption; undo obeys its limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexfront.ai.base import RandomAgent
from hexfront.ai.play import play_out
from hexfront.engine.errors import IllegalAction, NotYourTurn, RecordError
from hexfront.engine.example import Skirmish
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.engine.records import (
    GameRecord,
    load_record,
    load_state,
    replay,
    save_record,
    save_state,
    state_hash,
    verify,
)

GAME = Skirmish()


def random_game(seed: int) -> Match[object]:
    agents = {"red": RandomAgent(seed), "blue": RandomAgent(seed + 1)}
    return play_out(GAME, "standard", agents, seed=seed)  # type: ignore[return-value]


@given(st.integers(0, 10_000))
@settings(max_examples=25, deadline=None)
def test_record_rebuilds_identical_hash(seed: int) -> None:
    match = random_game(seed)
    assert match.is_over()
    rebuilt = replay(GAME, match.record)
    assert state_hash(GAME, rebuilt) == match.hash()


def test_hash_changes_when_state_changes() -> None:
    match = random_game(3)
    before = match.hash()
    match.state.round += 1  # type: ignore[attr-defined]
    assert match.hash() != before


def test_record_and_state_save_load_round_trip(tmp_path: Path) -> None:
    match = random_game(7)
    match.record.final_hash = match.hash()
    for name in ("game.json", "game.json.gz"):
        save_record(match.record, tmp_path / name)
        loaded = load_record(tmp_path / name)
        assert loaded.to_json() == match.record.to_json()
        ok, rebuilt = verify(GAME, loaded)
        assert ok
        assert rebuilt == match.hash()
    save_state(GAME, match.state, tmp_path / "state.json")
    assert state_hash(GAME, load_state(GAME, tmp_path / "state.json")) == match.hash()


def test_corrupt_saves_give_clear_errors(tmp_path: Path) -> None:
    match = random_game(7)
    save_state(GAME, match.state, tmp_path / "state.json")
    obj = json.loads((tmp_path / "state.json").read_text())
    obj["state"]["round"] += 1
    (tmp_path / "state.json").write_text(json.dumps(obj))
    with pytest.raises(RecordError, match="does not match its hash"):
        load_state(GAME, tmp_path / "state.json")
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(RecordError, match="not a readable save"):
        load_record(tmp_path / "junk.json")
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "missing.json")
    (tmp_path / "other.json").write_text(json.dumps({"format": "hexfront-record/1", "game": "x"}))
    with pytest.raises(RecordError, match="lacks the field"):
        load_record(tmp_path / "other.json")


def test_tampered_record_is_refused_on_replay() -> None:
    match = random_game(9)
    record = GameRecord.from_json(match.record.to_json())
    record.actions.insert(0, Action("blue", "pass"))
    with pytest.raises(RecordError, match="not legal"):
        replay(GAME, record)


def test_illegal_actions_leave_the_match_unchanged() -> None:
    match: Match[object] = Match(GAME, "standard", {}, 1)
    before = match.hash()
    with pytest.raises(NotYourTurn):
        match.act(Action("blue", "pass"))
    with pytest.raises(IllegalAction):
        match.act(Action("red", "move", {"block": "red-a", "to": "0606"}))
    with pytest.raises(IllegalAction):
        match.act(Action("green", "pass"))
    assert match.hash() == before
    assert match.record.actions == []


def _first(match: Match[object], side: str, verb: str) -> Action:
    return next(a for a in match.legal_actions(side) if a.verb == verb)


def test_undo_restores_state_within_a_segment() -> None:
    match: Match[object] = Match(GAME, "standard", {"rounds": 2}, 1)
    start = match.hash()
    match.act(_first(match, "red", "move"))
    # Skirmish passes the turn after every action, so the segment ends at once.
    assert not match.can_undo("red")
    assert match.hash() != start


def test_attacks_roll_reveal_and_show_the_block_to_the_enemy() -> None:
    from hexfront.engine.example import GRID

    match: Match[object] = Match(GAME, "standard", {"rounds": 8}, 2)

    def closeness(action: Action) -> int:
        state = match.state
        mover = state.blocks[str(action.args["block"])]  # type: ignore[attr-defined]
        to = GRID.from_map_id(str(action.args["to"]))
        enemies = [b.hex for b in state.blocks.values() if b.side != mover.side]  # type: ignore[attr-defined]
        return min(GRID.distance(to, e) for e in enemies)

    saw_attack = False
    while not match.is_over():
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        attacks = [a for a in legal if a.verb == "attack"]
        moves = [a for a in legal if a.verb == "move"]
        action = attacks[0] if attacks else min(moves, key=closeness)
        events = match.act(action)
        if action.verb == "attack":
            kinds = [e.kind for e in events]
            assert "roll" in kinds
            if not saw_attack:
                assert kinds.count("reveal") == 2  # the first battle shows both blocks
            saw_attack = True
            target = str(action.args["target"])
            seen = match.view(side)["blocks"]
            assert isinstance(seen, dict)
            if target in seen:  # the target survived: its identity is now known
                assert "name" in seen[target]
        assert not match.can_undo(side)  # the side changed, or dice were rolled
    assert saw_attack
