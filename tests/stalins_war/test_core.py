"""Stalin's War core: setup (25, 4.1, 4.3), the sequence of play (6, 7.2), cards (7), the
draw phase (7.6), Total War (7.6.4), fog of war and rebuilding from seed and actions."""

from __future__ import annotations

import random

import pytest

from hexfront.engine.errors import IllegalAction, UnknownGame
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action, canonical_json
from hexfront.engine.records import replay, state_hash
from hexfront.engine.sequence import Frame
from hexfront.games.stalins_war.invariants import check
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules import cards as cards_rules
from hexfront.games.stalins_war.rules import events, supply
from hexfront.games.stalins_war.setup import SECTION_25
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import GAME, act, hidden_shuffled, new, play_until, round_of


def test_setup_places_section_25_and_the_markers() -> None:
    s = new("campaign")
    m = s.world.map
    on_map = {p.uid: m.id_of(p.at) for p in s.on_map()}
    assert on_map == {u: h for h, units in SECTION_25.items() for u in units}
    assert (s.turn, s.vp, s.last_turn) == (1, 7, 18)  # 4.1.1, 4.1.2, 5.1.4
    assert s.hand_limit == {AXIS: 6, SOVIET: 6}  # 4.1.2
    assert s.consecutive_ops == s.banked_ops == {AXIS: 0, SOVIET: 0}  # 4.1.3-4.1.4
    assert new("tournament").last_turn == 8  # 22
    assert s.control["Moscow"] == SOVIET
    assert s.control["Berlin"] == AXIS
    assert s.control["Ploesti"] == AXIS
    assert "Stockholm" not in s.control


def test_the_deal() -> None:
    """4.3: Soviet 1-6 aside, Total War aside, six cards each from the Blitzkrieg decks."""
    s = new()
    sov, axis = s.piles[SOVIET], s.piles[AXIS]
    assert sorted(sov["set_aside"]) == ["S1", "S2", "S3", "S4", "S5", "S6"]
    assert len(sov["hand"]) == len(axis["hand"]) == 6
    assert len(sov["deck"]) == 25 - 6 - 6
    assert len(axis["deck"]) == 25 - 6
    assert len(sov["reserve"]) == len(axis["reserve"]) == 30
    for side in (SOVIET, AXIS):
        assert all(s.world.cards[c].deck == "blitzkrieg" for c in s.piles[side]["hand"])
    assert check(s) == []
    assert new(seed=2).piles[AXIS]["hand"] != axis["hand"]  # the seed shuffles


def test_unknown_scenario_and_options_are_refused() -> None:
    with pytest.raises(UnknownGame):
        GAME.setup("barbarossa", {}, 1)
    with pytest.raises(UnknownGame):
        GAME.setup("campaign", {"fog": False}, 1)


@pytest.mark.usefixtures("long_games")
def test_june_1941_is_one_round_a_side_numbered_5() -> None:
    """4.4.1, 7.2.2: the Axis acts first; turn 1 has a single AR each, then the draw."""
    s = new()
    assert GAME.active_sides(s) == [AXIS]
    assert s.ar == 5
    seen: list[tuple[int, int, str]] = []
    while s.turn == 1:
        side = GAME.active_sides(s)[0]
        legal = GAME.legal_actions(s, side)
        d = GAME.decision(s)
        assert d is not None
        if d.prompt.kind == "action_round":
            seen.append((s.turn, s.ar, side))
            GAME.apply(s, Action(side, "zero_ops_pass"))
        else:
            end = [a for a in legal if a.verb in ("end_movement", "done_discarding")]
            GAME.apply(s, end[0])
    assert seen == [(1, 5, AXIS), (1, 5, SOVIET)]
    # turn 2: five rounds a side, alternating
    order = []
    while s.turn == 2:
        side = GAME.active_sides(s)[0]
        d = GAME.decision(s)
        assert d is not None
        if d.prompt.kind == "action_round":
            order.append((s.ar, side))
            GAME.apply(s, Action(side, "zero_ops_pass"))
        else:
            legal = GAME.legal_actions(s, side)
            GAME.apply(s, next(a for a in legal if a.verb in ("end_movement", "done_discarding")))
    assert order == [(r, side) for r in range(1, 6) for side in (AXIS, SOVIET)]


@pytest.mark.usefixtures("long_games")
def test_turn_one_draw_gives_the_soviet_cards_1_and_2() -> None:
    """7.1.3 a: S1 and S2 join the hand at the turn-1 draw; then both draw up to 6."""
    s = new()
    play_until(s, lambda st: st.turn == 2)
    assert {"S1", "S2"} <= set(s.piles[SOVIET]["hand"])
    assert s.piles[SOVIET]["set_aside"] == ["S3", "S4", "S5", "S6"]
    assert len(s.piles[AXIS]["hand"]) >= 6


def test_consecutive_ops_worked_example() -> None:
    """7.3.2: three 4-OPS cards in a row give 4, 3, 2; an event then resets the count."""
    s = new()
    fours = [c.id for c in s.world.cards.values() if c.side == AXIS and c.ops == 4]
    got = []
    for i, card in enumerate(fours[:3]):
        s.piles[AXIS]["hand"] = [card]
        for pile in ("deck", "discard", "removed", "reserve"):
            if card in s.piles[AXIS][pile]:
                s.piles[AXIS][pile].remove(card)
        round_of(s, AXIS, 2, i + 1)
        act(s, Action(AXIS, "play_ops", {"card": card}))
        got.append(s.stack[-1].vars["ops"])
    assert got == [4, 3, 2]
    assert s.consecutive_ops[AXIS] == 3
    s.piles[AXIS]["hand"].append("A52")  # Katyn Massacre: an event that can be played
    for pile in ("deck", "discard", "reserve"):
        if "A52" in s.piles[AXIS][pile]:
            s.piles[AXIS][pile].remove("A52")
    round_of(s, AXIS, 2, 4)
    act(s, Action(AXIS, "play_event", {"card": "A52"}))
    assert s.consecutive_ops[AXIS] == 0
    assert s.vp == 8


def _hand(s: SwState, side: str, cards: list[str]) -> None:
    """Give ``side`` exactly ``cards`` in hand, the rest of its cards to the deck."""
    for pile in s.piles[side].values():
        for c in cards:
            if c in pile:
                pile.remove(c)
    s.piles[side]["deck"].extend(s.piles[side]["hand"])
    s.piles[side]["hand"] = list(cards)


def test_rp_plays_limits_and_the_track() -> None:
    """7.4.1-7.4.4: RP on the track, 2 Soviet plays a turn, 1 Axis (2 in T5, T9), never in
    two of one's own rounds in a row; an RP play resets the consecutive-OPS count."""
    s = new()
    _hand(s, SOVIET, ["S20", "S21", "S22"])
    s.consecutive_ops[SOVIET] = 2
    d = round_of(s, SOVIET, 2, 1)
    assert Action(SOVIET, "play_rp", {"card": "S20"}) in d.actions
    act(s, Action(SOVIET, "play_rp", {"card": "S20"}))
    assert s.rp[SOVIET] == s.world.cards["S20"].rp.total
    assert s.consecutive_ops[SOVIET] == 0
    d = round_of(s, SOVIET, 2, 2)
    assert not [a for a in d.actions if a.verb == "play_rp"]  # 7.4.4
    s.last_round[SOVIET] = "ops"
    d = round_of(s, SOVIET, 2, 3)
    act(s, Action(SOVIET, "play_rp", {"card": "S21"}))
    s.last_round[SOVIET] = "ops"
    d = round_of(s, SOVIET, 2, 4)
    assert not [a for a in d.actions if a.verb == "play_rp"]  # 7.4.2: two a turn
    s.rp_plays[AXIS] = 1
    assert not cards_rules.rp_play_allowed(s, AXIS)
    s.turn = 5
    assert cards_rules.rp_play_allowed(s, AXIS)  # 7.4.3, A1


def test_rasputitsa_rounds() -> None:
    """15.1.1: no OPS plays nor 0-OPS moves in the first AR of autumn and the first two of
    spring; RP and events stay; the consecutive count is never reset there."""
    s = new()
    _hand(s, AXIS, ["A52", "A3"])
    for turn, ar, mud in ((3, 1, True), (3, 2, False), (5, 2, True), (5, 3, False)):
        s.last_round = {}
        verbs = {a.verb for a in round_of(s, AXIS, turn, ar).actions}
        assert ("play_ops" in verbs) is not mud
        assert ("zero_ops_move" in verbs) is not mud
        assert {"play_rp", "zero_ops_pass"} <= verbs
    s.consecutive_ops[AXIS] = 2
    round_of(s, AXIS, 3, 1)
    act(s, Action(AXIS, "play_rp", {"card": "A3"}))
    assert s.consecutive_ops[AXIS] == 2


def test_zero_ops_pass_resets_and_swaps_a_card() -> None:
    """7.2.6 (ii), A17: the count goes to 0; one card may go for the top of the deck."""
    s = new()
    s.consecutive_ops[AXIS] = 3
    hand = list(s.piles[AXIS]["hand"])
    top = s.piles[AXIS]["deck"][-1]
    round_of(s, AXIS, 2, 1)
    act(s, Action(AXIS, "zero_ops_pass", {"discard": hand[0]}))
    assert s.consecutive_ops[AXIS] == 0
    assert s.piles[AXIS]["discard"][-1] == hand[0]
    assert top in s.piles[AXIS]["hand"]


def test_zero_ops_move_keeps_the_count_only_if_something_moves() -> None:
    """7.2.6 (i), 7.3.2."""
    s = new()
    s.consecutive_ops[SOVIET] = 2
    round_of(s, SOVIET, 2, 1)
    act(s, Action(SOVIET, "zero_ops_move"))
    act(s, Action(SOVIET, "end_movement"))
    assert s.consecutive_ops[SOVIET] == 0
    s.consecutive_ops[SOVIET] = 2
    d = round_of(s, SOVIET, 2, 2)
    d = act(s, Action(SOVIET, "zero_ops_move"))
    assert d is not None
    act(s, next(a for a in d.actions if a.verb == "move"))
    act(s, Action(SOVIET, "end_movement"))
    assert s.consecutive_ops[SOVIET] == 2


EXECUTABLE = {"S7", "S16", "S46", "S49", "S50", "A24", "A32", "A44", "A47", "A52", "A55"} | {
    # Reinforcements placed by 7.5.2c (not the Soviet Total War swaps, not the ones the card
    # places by a named unit or area)
    *("S1", "S2", "S3", "S4", "S5", "S6"),
    *("A1", "A2", "A3", "A4", "A5", "A27", "A28", "A29", "A30", "A31"),
    # rules switched for the turn, hands shown, a random discard, a smaller next hand
    *("S11", "S51", "S34", "A49", "S42", "S55"),
    # banked OPS now (Stavka) or less Lend-Lease for four turns (Convoy PQ-17)
    *("S44", "A20"),
    # Zhukov: a combined attack in this round and each OPS round of the turn (11.1.3)
    "S9",
    # trenches (10.3: People's Militia, Hedgehogs, Hitler Opposes Defensive Works), Festung
    # (16.3), partisans allowed and activated (16.1)
    *("S23", "A16", "S33", "A48", "S21", "S18", "S53"),
    # the rest of the event vocabulary (test_events.py): restrictions lifted, orders and
    # their price, partisans swept and dropped, panzers flipped, units sent away or brought
    # in by a named unit or area, the Bunker, Balkan defections, Bagration, the Urals
    *("A6", "A7", "A8", "A15", "A17", "A18", "A19", "A21", "A22", "A23", "A25", "A26"),
    *("A37", "A40", "A41", "A43", "A53"),
    *("S8", "S17", "S20", "S22", "S32", "S36", "S37", "S38", "S39", "S52"),
    # the Soviet Total War Reinforcements, with their swaps (7.5.2c)
    *("S26", "S27", "S28", "S29", "S30", "S31"),
    # a fortress built (S13), the Warsaw Rising (S41), Black Sea, Black Death (S10),
    # Naval Evacuation (A54)
    *("S13", "S41", "S10", "A54"),
    # Luftwaffe Supply's airlift at the Axis attrition (A12)
    "A12",
}


def test_only_executable_events_are_offered() -> None:
    """7.5: an event the rules cannot carry out yet is never offered (no silent no-op); combat
    cards wait for combat (7.5.5)."""
    w = new().world
    assert {c.id for c in w.cards.values() if events.executable(c)} == EXECUTABLE
    assert not any(events.executable(c) for c in w.cards.values() if c.combat)
    s = new()
    for turn in (2, 9, 16):
        for side in (AXIS, SOVIET):
            _hand(s, side, [c.id for c in w.cards.values() if c.side == side][:55])
            d = round_of(s, side, turn, 3)
            offered = {str(a.args["card"]) for a in d.actions if a.verb == "play_event"}
            assert offered <= EXECUTABLE
            assert all(events.playable(s, w.cards[c]) for c in offered)


def test_events_change_the_tracks() -> None:
    """Hitler Takes Command stops the Axis banked OPS (18.2.2); Lend Lease banks Soviet OPS
    from the next turn with Stalin in Moscow (18.3.1-18.3.3); Speer gives OPS and RP and
    leaves the count (A31: it is the turn's RP play); starred events leave the game
    (7.5.1) and count for Total War (7.6.4)."""
    s = new()
    _hand(s, AXIS, ["A24"])
    round_of(s, AXIS, 2, 2)
    act(s, Action(AXIS, "play_event", {"card": "A24"}))
    assert "A24" in s.piles[AXIS]["removed"]
    assert s.events_removed[AXIS] == 1
    round_of(s, AXIS, 3, 1)
    assert s.banked_ops[AXIS] == 0  # no +1 at the first AR after A24
    _hand(s, AXIS, ["A55"])
    s.consecutive_ops[AXIS] = 2
    round_of(s, AXIS, 3, 2)
    act(s, Action(AXIS, "play_event", {"card": "A55"}))
    assert s.consecutive_ops[AXIS] == 2
    assert s.rp_plays[AXIS] == 1
    assert s.stack[-1].proc == "movement"
    assert s.stack[-1].vars["ops"] == 3
    s = new()
    _hand(s, SOVIET, ["S16"])
    round_of(s, SOVIET, 2, 1)
    act(s, Action(SOVIET, "play_event", {"card": "S16"}))
    s.turn = 3
    events.recur(s, "turn_start_from_next_turn")
    assert s.banked_ops[SOVIET] == 3  # Archangel 2 + Astrakhan 1
    s.pieces["su.Stalin"].at = s.world.map.node("Gorki")
    s.banked_ops[SOVIET] = 0
    events.recur(s, "turn_start_from_next_turn")
    assert s.banked_ops[SOVIET] == 0
    # Convoy PQ-17 (A20): 2 fewer for the next four turns while Archangel is Soviet
    s.pieces["su.Stalin"].at = s.world.map.node("Moscow")
    _hand(s, AXIS, ["A20"])
    round_of(s, AXIS, 3, 3)
    act(s, Action(AXIS, "play_event", {"card": "A20"}))
    got = []
    for turn in range(4, 10):
        s.turn, s.banked_ops[SOVIET] = turn, 0
        events.recur(s, "turn_start_from_next_turn")
        got.append(s.banked_ops[SOVIET])
    assert got == [1, 1, 1, 1, 3, 3]
    # Stavka (S44, 18.3.4): 3 banked OPS at once, Stalin in Moscow
    _hand(s, SOVIET, ["S44"])
    s.banked_ops[SOVIET] = 0
    round_of(s, SOVIET, 9, 2)
    act(s, Action(SOVIET, "play_event", {"card": "S44"}))
    assert s.banked_ops[SOVIET] == 3


def test_axis_banks_an_ops_at_its_first_round_from_turn_2() -> None:
    s = new()
    round_of(s, AXIS, 1, 5)
    assert s.banked_ops[AXIS] == 0
    round_of(s, AXIS, 2, 1)
    assert s.banked_ops[AXIS] == 1
    round_of(s, AXIS, 2, 2)
    assert s.banked_ops[AXIS] == 1


def test_draw_reshuffles_an_empty_deck() -> None:
    """7.6.3."""
    s = new()
    deck = s.piles[AXIS]["deck"]
    s.piles[AXIS]["discard"] = deck[:]
    deck.clear()
    assert cards_rules.draw(s, AXIS, 2) == 2
    assert len(s.piles[AXIS]["deck"]) == 19 - 2
    assert not s.piles[AXIS]["discard"]
    assert check(s) == []


def test_total_war_joins() -> None:
    """7.6.4: from turn 6, 12 starred events by one side or 20 by both."""
    s = new()
    s.turn, s.events_removed = 5, {AXIS: 12, SOVIET: 0}
    assert not cards_rules.total_war_due(s)
    s.turn = 6
    assert cards_rules.total_war_due(s)
    s.events_removed = {AXIS: 10, SOVIET: 9}
    assert not cards_rules.total_war_due(s)
    s.events_removed = {AXIS: 10, SOVIET: 10}
    assert cards_rules.total_war_due(s)
    cards_rules.join_total_war(s)
    assert s.total_war
    assert not s.piles[AXIS]["reserve"]
    assert len(s.piles[AXIS]["deck"]) == 49
    assert check(s) == []


def test_hand_size_follows_oil(monkeypatch: pytest.MonkeyPatch) -> None:
    """7.6.1, 17.1.3-17.1.7: oil hexes held and traced to change the hand size."""
    s = new()
    assert cards_rules.hand_size(s, AXIS) == cards_rules.hand_size(s, SOVIET) == 6
    s.control["Ploesti"] = SOVIET  # the Soviet cannot trace to it: only the Axis loses
    assert (cards_rules.hand_size(s, AXIS), cards_rules.hand_size(s, SOVIET)) == (5, 6)
    for name in ("Ploesti", "Maikop", "Grozny", "Baku"):
        s.control[s.world.map.place_at[s.world.map.node(name)].name] = AXIS
    s.moved()
    # held but cut off from Axis supply (17.1.3): they count for nobody
    assert (cards_rules.hand_size(s, AXIS), cards_rules.hand_size(s, SOVIET)) == (6, 4)
    everywhere = set(range(s.world.map.hex_count))
    monkeypatch.setattr(supply, "fed", lambda state, side: everywhere)
    assert (cards_rules.hand_size(s, AXIS), cards_rules.hand_size(s, SOVIET)) == (7, 4)


@pytest.mark.parametrize("turn", [1, 2, 4])
@pytest.mark.usefixtures("long_games")
def test_the_other_sides_view_holds_no_hidden_card(turn: int) -> None:
    """Fog (issue 17): each side sees its hand, only the size of the other's, never a deck's
    order or contents. Dealing the other side's hidden cards differently leaves the view
    exactly as it was, and no card of its hand or deck is named in it."""
    s = new(seed=turn)
    play_until(s, lambda st: (st.turn == turn and st.ar >= 2) or st.turn > turn, seed=turn)
    for side in (AXIS, SOVIET):
        other = SOVIET if side == AXIS else AXIS
        view = GAME.view(s, side)
        text = canonical_json(view)
        assert view["cards"][other]["hand"] is None
        assert view["cards"][side]["hand"] == s.piles[side]["hand"]
        assert view["cards"][other]["hand_count"] == len(s.piles[other]["hand"])
        for token in GAME.hidden_tokens(s, side):
            assert token not in text
        for seed in range(3):
            assert GAME.view(hidden_shuffled(s, other, seed), side) == view
            # a side does not see the order of its own deck either
            assert (
                GAME.view(hidden_shuffled(s, side, seed), side)["cards"][other]
                == (view["cards"][other])
            )


@pytest.mark.usefixtures("long_games")
def test_seed_and_actions_rebuild_the_game() -> None:
    match = Match(GAME, "tournament", {}, 7)
    rng = random.Random(7)
    while not match.is_over() and len(match.record.actions) < 600:
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        match.act(legal[rng.randrange(len(legal))])
    rebuilt = replay(GAME, match.record)
    assert state_hash(GAME, rebuilt) == match.hash()
    loaded = GAME.from_json(GAME.to_json(match.state))
    assert state_hash(GAME, loaded) == match.hash()
    assert GAME.legal_actions(loaded, match.active_sides()[0]) == match.legal_actions(
        match.active_sides()[0]
    )


def test_illegal_actions_change_nothing() -> None:
    match = Match(GAME, "tournament", {}, 3)
    before = match.hash()
    for bad in (
        Action(SOVIET, "zero_ops_pass"),
        Action(AXIS, "play_ops", {"card": "A99"}),
        Action(AXIS, "play_event", {"card": "A1"}),
    ):
        with pytest.raises(IllegalAction):
            match.act(bad)
    assert match.hash() == before


def test_frames_survive_a_save_mid_movement() -> None:
    s = new()
    round_of(s, SOVIET, 2, 1)
    act(s, Action(SOVIET, "zero_ops_move"))
    loaded = GAME.from_json(GAME.to_json(s))
    assert isinstance(loaded.stack[-1], Frame)
    assert loaded.stack[-1].proc == "movement"
    assert MACHINE.decision(loaded) is not None
    assert all(p.box == ON_MAP for p in loaded.on_map())
