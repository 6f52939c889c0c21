"""Views built from the remembered log tail equal views built from nothing (view.py)."""

from __future__ import annotations

import random

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState


def _fresh(game: Bite, state: BiteState, side: str | None) -> object:
    kept = dict(state.memo)
    state.memo.clear()  # nothing remembered: the tail is copied from the whole log
    try:
        return game.view(state, side)
    finally:
        state.memo.clear()
        state.memo.update(kept)


def test_views_equal_views_built_from_nothing_through_play_and_undo() -> None:
    game = Bite()
    match: Match[BiteState] = Match(game, "SBE1", {}, 5)
    rng = random.Random(5)
    undos = 0
    for _ in range(250):
        if match.is_over():
            break
        side = match.active_sides()[0]
        if match.can_undo(side) and rng.random() < 0.1:
            match.undo(side)
            undos += 1
        else:
            match.act(rng.choice(match.legal_actions(side)))
        for who in ("axis", "soviet", None):
            assert match.view(who) == _fresh(game, match.state, who)
    assert undos > 0  # the undo path was taken


def test_a_view_shares_nothing_with_the_state() -> None:
    game = Bite()
    match: Match[BiteState] = Match(game, "SBE1", {}, 2)
    rng = random.Random(2)
    for _ in range(40):
        side = match.active_sides()[0]
        match.act(rng.choice(match.legal_actions(side)))
    before = [e.to_json() for e in match.state.log]
    view = match.view("axis")
    log = view["log"]
    assert isinstance(log, list)
    assert log
    for entry in log:
        assert isinstance(entry, dict)
        data = entry["data"]
        assert isinstance(data, dict)
        data["tampered"] = True
        entry["kind"] = "tampered"
    assert [e.to_json() for e in match.state.log] == before


def test_the_elite_mark_is_seen_on_own_blocks_only() -> None:
    """10.0: elite blocks carry a mark on their face; an enemy seeing only the back learns nothing."""
    match: Match[BiteState] = Match(Bite(), "SBE4", {}, 0)
    for side, own, enemy in (
        ("axis", {"ger-ss-lah", "ger-ss-r", "ger-22ald"}, {"2514", "3137"}),
        ("soviet", {"sov-ni-baltic", "sov-ni-blacksea"}, {"2025", "1923", "2235"}),
    ):
        units = match.view(side)["units"]
        assert isinstance(units, list)
        marked = {u["id"] for u in units if isinstance(u, dict) and u.get("elite")}
        assert marked == own, side
        plain = [u for u in units if isinstance(u, dict) and u.get("id") and not u.get("elite")]
        assert plain  # the other blocks have no mark
        backs = [u for u in units if isinstance(u, dict) and "id" not in u]
        assert {u["hex"] for u in backs} >= enemy  # the enemy's elite blocks are there...
        assert all("elite" not in u for u in backs)  # ...seen from the back: no mark
