"""The combat cards that change a combat's shape rather than its columns (7.5.5): Kampfgruppe
(A11), Sleighride (A50), Backhand Blow (A33), Maskirovka (S48) and Panzer Hara-Kiri (S54).
Each test also plays the same combat without the card, so that it fails if the card does
nothing."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.games.stalins_war.rules import events
from hexfront.games.stalins_war.rules.zoc import enemy_zoc
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import GAME, new
from .test_combat import _to_hand, at_combat, clear, do, last, markers, place, verbs


def _kinds(s: SwState) -> list[str]:
    return [e.kind for e in s.log]


def _pass_cards(s: SwState, side: str) -> None:
    """Play no more combat cards, if the game still asks."""
    d = GAME.decision(s)
    if d is not None and d.prompt.kind == "combat_cards" and d.prompt.side == side:
        do(s, side, "no_more_cards")


# --- A11 Kampfgruppe ---------------------------------------------------------------------------


def _kampfgruppe(play: bool) -> SwState:
    """A Soviet 5-strength tank army against a reduced panzer corps on its last step."""
    s = new("campaign")
    clear(s)
    place(s, "ge.41Pz", "1821", step=1)
    place(s, "su.1T", "1921")
    _to_hand(s, AXIS, "A11")
    at_combat(s, SOVIET, 1, turn=5)
    s.dice.loaded = [6, 1]  # the Soviet's 6 on the SCU table at 5: one loss; the Axis none
    markers(s, SOVIET, ["1921"])
    do(s, SOVIET, "attack", hex="1821")
    do(s, SOVIET, "commit", unit="su.1T")
    d = do(s, SOVIET, "fire")
    assert d is not None
    assert d.prompt.side == AXIS
    assert {"card": "A11"} in [a.args for a in d.actions if a.verb == "combat_card"]
    if play:
        do(s, AXIS, "combat_card", card="A11")
    _pass_cards(s, AXIS)
    return s


def test_kampfgruppe_keeps_the_last_scu_step_and_the_germans_stay() -> None:
    """A11: the loss that would kill the last SCU step is absorbed, and the German defender,
    beaten, does not retreat; without the card the same roll eliminates it."""
    s = _kampfgruppe(play=True)
    pz = s.pieces["ge.41Pz"]
    assert pz.box == ON_MAP
    assert pz.at == s.world.map.index("1821")
    assert pz.step == 1
    assert last(s, "loss_absorbed")["card"] == "A11"
    assert last(s, "combat_result")["winner"] == SOVIET
    assert s.pieces["su.1T"].at == s.world.map.index("1921")  # nobody left to advance past

    s = _kampfgruppe(play=False)
    assert s.pieces["ge.41Pz"].box != ON_MAP
    assert "loss_absorbed" not in _kinds(s)


# --- A50 Sleighride ----------------------------------------------------------------------------


def _sleighride_board() -> SwState:
    s = new("campaign")
    clear(s)
    place(s, "ge.41Pz", "1821")
    place(s, "ge.47Pz", "1822")
    place(s, "su.1T", "1921")
    place(s, "su.2T", "1922")
    s.this_turn.append("soviet:lend_lease_received")
    return s


def test_sleighride_calls_off_every_soviet_attack_of_the_round() -> None:
    """A50: the Axis defender falls back two hexes instead of fighting (no dice), and for the
    rest of the round every other attacked Axis hex may do the same without another card."""
    s = _sleighride_board()
    _to_hand(s, AXIS, "A50")
    at_combat(s, SOVIET, 2, turn=5)
    m = s.world.map
    markers(s, SOVIET, ["1921", "1922"])
    do(s, SOVIET, "attack", hex="1821")
    do(s, SOVIET, "commit", unit="su.1T")
    do(s, SOVIET, "fire")
    d = do(s, AXIS, "combat_card", card="A50")
    assert d is not None
    assert d.prompt.kind == "retreat"
    assert all(m.grid.distance(m.index("1821"), m.index(str(a.args["to"]))) == 2 for a in d.actions)
    assert "no_retreat" not in verbs(d)
    d = do(s, AXIS, "retreat", unit="ge.41Pz", to=str(d.actions[0].args["to"]))
    assert "fire" not in _kinds(s)  # no dice were rolled
    assert m.grid.distance(m.index("1821"), s.pieces["ge.41Pz"].at) == 2
    assert s.pieces["ge.41Pz"].step == 0  # no loss either
    # the card is no longer in the hand, yet the next attack of the round may be evaded
    assert "A50" not in s.pile(AXIS, "hand")
    if d is not None and "done_advancing" in verbs(d):
        d = do(s, SOVIET, "done_advancing")
    do(s, SOVIET, "attack", hex="1822")
    do(s, SOVIET, "commit", unit="su.2T")
    d = do(s, SOVIET, "fire")
    assert d is not None
    assert {"card": "A50"} in [a.args for a in d.actions if a.verb == "evade"]
    do(s, AXIS, "evade", card="A50")
    assert last(s, "evasion")["hex"] == "1822"
    do(s, AXIS, "retreat", unit="ge.47Pz", to=_first_retreat(s))
    assert m.grid.distance(m.index("1822"), s.pieces["ge.47Pz"].at) == 2


def _first_retreat(s: SwState) -> str:
    d = GAME.decision(s)
    assert d is not None
    return str(next(a for a in d.actions if a.verb == "retreat").args["to"])


def test_without_sleighride_the_attack_is_fought() -> None:
    s = _sleighride_board()
    at_combat(s, SOVIET, 2, turn=5)
    s.dice.loaded = [1, 1]
    markers(s, SOVIET, ["1921", "1922"])
    do(s, SOVIET, "attack", hex="1821")
    do(s, SOVIET, "commit", unit="su.1T")
    do(s, SOVIET, "fire")
    assert "fire" in _kinds(s)
    assert "evasion" not in _kinds(s)
    with pytest.raises(IllegalAction):
        do(s, AXIS, "evade", card="A50")


# --- A33 Backhand Blow -------------------------------------------------------------------------


def test_backhand_blow_withdraws_forbids_exploitation_and_demands_a_counterattack() -> None:
    """A33: German defenders fall back two hexes instead of fighting; the Soviet tank army
    that follows may not exploit; if no German attack hits it in the next Axis round, the
    Axis gives up 1 VP (and does not when it is attacked)."""
    s = _sleighride_board()
    _to_hand(s, AXIS, "A33")
    at_combat(s, SOVIET, 2, turn=5)
    markers(s, SOVIET, ["1921", "1922"])
    do(s, SOVIET, "attack", hex="1821")
    do(s, SOVIET, "commit", unit="su.1T")
    do(s, SOVIET, "fire")
    do(s, AXIS, "combat_card", card="A33")
    assert "A33" in s.pile(AXIS, "removed")
    do(s, AXIS, "retreat", unit="ge.41Pz", to=_first_retreat(s))
    d = do(s, SOVIET, "advance", unit="su.1T")
    assert s.pieces["su.1T"].at == s.world.map.index("1821")
    # it may go on one hex along the withdrawal, next to where the Germans stopped
    m = s.world.map
    follow = [a.args for a in (d.actions if d else []) if a.verb == "follow"]
    assert follow
    end = s.pieces["ge.41Pz"].at
    assert all(end in m.adjacency[m.index(str(f["to"]))] for f in follow)
    assert all(m.index(str(f["to"])) in m.adjacency[m.index("1821")] for f in follow)
    do(s, SOVIET, "follow", unit="su.1T", to=str(follow[0]["to"]))
    assert m.id_of(s.pieces["su.1T"].at) == follow[0]["to"]
    assert f"{SOVIET}:exploitation" in s.this_turn  # no Soviet exploitation this round
    assert any(e.get("unit") == "su.1T" for e in s.lasting)

    vp = s.vp
    s.emit("action_round", side=AXIS, turn=5, ar=2)  # the next Axis round: no attack
    events.round_obligations(s, AXIS)
    assert s.vp == vp - 1
    assert not any(e.get("each") == "next_axis_round" for e in s.lasting)

    s.lasting.append({"card": "A33", "each": "next_axis_round", "unit": "su.1T", "turn": 5})
    s.emit("action_round", side=AXIS, turn=5, ar=3)
    s.emit("attack", side=AXIS, hex="1821", units=["ge.47Pz"], defenders=["su.1T"], zhukov=False)
    events.round_obligations(s, AXIS)
    assert s.vp == vp - 1  # attacked: nothing owed


# --- S48 Maskirovka ----------------------------------------------------------------------------


def _maskirovka(play: bool) -> SwState:
    s = new("campaign")
    clear(s)
    place(s, "ge.41Pz", "1821")
    place(s, "su.16R", "1921")
    place(s, "su.5R", "2122")  # two hexes off, outside the panzers' ZOC
    if play:
        _to_hand(s, SOVIET, "S48")
    at_combat(s, AXIS, 1, turn=5)
    s.dice.loaded = [1, 1]
    markers(s, AXIS, ["1821"])
    do(s, AXIS, "attack", hex="1921")
    do(s, AXIS, "commit", unit="ge.41Pz")
    d = do(s, AXIS, "fire")
    if play:
        assert d is not None
        assert {"card": "S48"} in [a.args for a in d.actions]
        d = do(s, SOVIET, "combat_card", card="S48")
        assert d is not None
        assert d.prompt.kind == "combat_cards"
        rushes = [a.args for a in d.actions if a.verb == "rush"]
        assert rushes == [{"unit": "su.5R", "to": "1921"}]
        with pytest.raises(IllegalAction):
            do(s, SOVIET, "rush", unit="su.16R", to="1921")
        do(s, SOVIET, "rush", unit="su.5R", to="1921")
        _pass_cards(s, SOVIET)
    return s


def test_maskirovka_brings_an_army_to_the_defence() -> None:
    """S48: a fully supplied Soviet SCU goes any distance into the attacked hex and defends
    with it; once a turn, so the card is discarded after use."""
    s = _maskirovka(play=True)
    assert s.pieces["su.5R"].at == s.world.map.index("1921")
    assert last(s, "fire")["defender"]["strength"] == 3 + 3  # type: ignore[index]
    assert "S48" in s.pile(SOVIET, "discard")
    s = _maskirovka(play=False)
    assert s.pieces["su.5R"].at == s.world.map.index("2122")
    assert last(s, "fire")["defender"]["strength"] == 3  # type: ignore[index]


# --- S54 Panzer Hara-Kiri ----------------------------------------------------------------------


def _hara_kiri(play: bool) -> SwState:
    s = new("campaign")
    clear(s)
    place(s, "ge.41Pz", "1821")
    place(s, "su.16R", "1921")
    if play:
        _to_hand(s, SOVIET, "S54")
    at_combat(s, AXIS, 1, turn=5)
    s.dice.loaded = [1, 1]
    markers(s, AXIS, ["1821"])
    do(s, AXIS, "attack", hex="1921")
    do(s, AXIS, "commit", unit="ge.41Pz")
    d = do(s, AXIS, "fire")
    if play:
        assert d is not None
        assert {"card": "S54"} in [a.args for a in d.actions]
        do(s, SOVIET, "combat_card", card="S54")
        _pass_cards(s, SOVIET)
    return s


def test_panzer_hara_kiri_sets_up_the_fortified_zone_in_the_attacked_hex() -> None:
    """S54: the Fortified Zone appears in the hex under attack and defends with it; the Axis
    ZOC no longer reaches that hex (8.2); the starred card leaves the game."""
    s = _hara_kiri(play=True)
    m = s.world.map
    hex_ = m.index("1921")
    assert s.pieces["su.FZ"].box == ON_MAP
    assert s.pieces["su.FZ"].at == hex_
    assert last(s, "fire")["defender"]["strength"] == 3 + 2  # type: ignore[index]
    assert "S54" in s.pile(SOVIET, "removed")
    s.cache.clear()
    assert hex_ not in enemy_zoc(s, SOVIET)

    s = _hara_kiri(play=False)
    assert s.pieces["su.FZ"].box != ON_MAP
    assert last(s, "fire")["defender"]["strength"] == 3  # type: ignore[index]
    s.cache.clear()
    assert hex_ in enemy_zoc(s, SOVIET)
