"""The fog invariant the fuzz runs after every action (``invariants.fog_leaks``): a side's
view holds none of the other side's hand (7.1), no card still in a draw pile, and no inactive
partisan's identity or strength (16.1.3). Honest views pass; each kind of leak is caught."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from hexfront.ai.sw_tools import fuzz
from hexfront.games.stalins_war.game import StalinsWar
from hexfront.games.stalins_war.invariants import fog_leaks
from hexfront.games.stalins_war.rules import partisans
from hexfront.games.stalins_war.state import AXIS, SOVIET, SwState

from .helpers import GAME, new, play_until
from .test_works import _partisan_board


def _with_partisan() -> SwState:
    s = _partisan_board()
    m = s.world.map
    node = next(n for n in range(m.hex_count) if m.terrain[n] == "forest" and m.nation[n] == "ussr")
    partisans.place(s, node)
    assert partisans.hidden(s)
    return s


@pytest.mark.parametrize("scenario", ["campaign", "tournament"])
def test_honest_views_show_nothing_hidden(scenario: str) -> None:
    s = new(scenario, seed=3)
    play_until(s, lambda st: len(st.log) > 60, seed=3)
    for viewer in (AXIS, SOVIET):
        assert fog_leaks(s, GAME.view(s, viewer), viewer) == []
    p = _with_partisan()
    for viewer in (AXIS, SOVIET):
        assert fog_leaks(p, GAME.view(p, viewer), viewer) == []


def test_the_other_hand_in_a_view_is_caught() -> None:
    s = new("tournament")
    view: Any = copy.deepcopy(GAME.view(s, SOVIET))
    view["cards"][AXIS]["hand"] = list(s.pile(AXIS, "hand"))
    leaks = fog_leaks(s, view, SOVIET)
    assert any("lists the axis hand" in x for x in leaks)
    assert any(s.pile(AXIS, "hand")[0] in x for x in leaks)


def test_a_hand_card_or_a_deck_card_named_in_the_log_is_caught() -> None:
    s = new("tournament")
    hand = s.pile(SOVIET, "hand")[0]
    deck = s.pile(AXIS, "deck")[-1]
    view: Any = copy.deepcopy(GAME.view(s, AXIS))
    view["log"].append({"kind": "card_drawn", "card": hand})
    assert [x for x in fog_leaks(s, view, AXIS) if hand in x and "soviet hand" in x]
    view = copy.deepcopy(GAME.view(s, AXIS))
    view["log"].append({"text": s.world.cards[deck].title})  # by title
    assert [x for x in fog_leaks(s, view, AXIS) if deck in x and "draw pile" in x]


def test_a_partisan_counter_shown_in_a_view_is_caught() -> None:
    s = _with_partisan()
    uid = partisans.hidden(s)[0]
    view: Any = copy.deepcopy(GAME.view(s, AXIS))
    down = next(u for u in view["units"] if u["id"] is None)
    down["step"] = s.pieces[uid].step  # the strength of a face-down counter
    assert any("face-down partisan" in x for x in fog_leaks(s, view, AXIS))
    view = copy.deepcopy(GAME.view(s, SOVIET))
    view["public"]["active_partisans"].append(uid)
    assert any(uid in x for x in fog_leaks(s, view, SOVIET))


def test_the_fuzz_runs_the_fog_invariant_after_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view that leaks from the first action is reported after that action, before the
    costlier re-deal check (every ``FOG_EVERY`` actions) would run."""
    honest = StalinsWar.view

    def leaky(self: StalinsWar, state: SwState, side: str | None) -> Any:
        view: Any = honest(self, state, side)
        if side in (AXIS, SOVIET):
            other = SOVIET if side == AXIS else AXIS
            view["cards"][other]["hand"] = list(state.pile(other, "hand"))
        return view

    monkeypatch.setattr(StalinsWar, "view", leaky)
    out = fuzz.play_one(("tournament", 5, False, {}))
    assert out.problem == "fog"
    assert out.actions == 1 < fuzz.FOG_EVERY
    assert "hand" in out.detail


def test_a_card_played_before_its_deck_was_reshuffled_is_history() -> None:
    """A card named in the log before its deck's last reshuffle was face up then (7.2): no
    leak. The same card named after the reshuffle is one."""
    s = new("tournament")
    deck = s.pile(AXIS, "deck")[0]
    view: Any = copy.deepcopy(GAME.view(s, SOVIET))
    view["log"] += [
        {"kind": "play", "data": {"side": AXIS, "card": deck}},
        {"kind": "reshuffle", "data": {"side": AXIS, "cards": 20}},
    ]
    assert fog_leaks(s, view, SOVIET) == []
    view["log"].append({"kind": "drawn", "data": {"side": AXIS, "card": deck}})
    assert [x for x in fog_leaks(s, view, SOVIET) if deck in x]
    view["log"].pop()
    view["log"][-1]["data"]["side"] = SOVIET  # the other deck's reshuffle does not count
    assert [x for x in fog_leaks(s, view, SOVIET) if deck in x]
