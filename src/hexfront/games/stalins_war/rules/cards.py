"""Chapter 7: strategy cards and the action round.

An action round (7.2) is one choice: a card for OPS (7.3), a card for RP (7.4), a card as an
event (7.5, only the events :mod:`.events` can carry out), or a 0-OPS round (7.2.6: move
with banked OPS, or pass and swap a card). The draw phase (7.6) and the deal (7.1) are here
too.
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.errors import IllegalAction
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure, Steps

from ..state import AXIS, SIDES, SOVIET, SwState
from . import events, supply
from .movement import movement_vars
from .options import option

M = Machine[SwState]

# The kinds of action round, as the consecutive-OPS track and the RP rule read them (7.2.4).
OPS, RP, EVENT, ZERO_MOVE, ZERO_PASS = "ops", "rp", "event", "zero_move", "zero_pass"


# --- piles -----------------------------------------------------------------------------------


def shuffle(state: SwState, cards: list[str]) -> None:
    """Fisher-Yates with the game's dice: seed and actions rebuild every deck's order."""
    for i in range(len(cards) - 1, 0, -1):
        j = state.dice.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def deal(state: SwState) -> None:
    """7.1: each side's Blitzkrieg deck shuffled, the Total War cards aside, the Soviet 1-6
    aside (7.1.3; optional rule 23.1.2 shuffles them in), six cards dealt to each (4.1.2)."""
    shuffled_in = option(state, "soviet_cards_shuffled") is True
    for side in SIDES:
        piles: dict[str, list[str]] = {
            "deck": [],
            "hand": [],
            "discard": [],
            "removed": [],
            "set_aside": [],
            "reserve": [],
            "kept": [],
        }
        for card in state.world.cards.values():
            if card.side != side:
                continue
            if card.deck == "total_war":
                piles["reserve"].append(card.id)
            elif card.to_hand_at_draw is not None and not shuffled_in:
                piles["set_aside"].append(card.id)
            else:
                piles["deck"].append(card.id)
        shuffle(state, piles["deck"])
        state.piles[side] = piles
    if option(state, "first_card_for_vp") is True:
        return  # 23.1.1: the hands are drawn after each side's choice (rules/picks.py)
    for side in (SOVIET, AXIS):
        draw(state, side, state.world.tables.hand_start)


def draw(state: SwState, side: str, n: int) -> int:
    """Draw ``n`` cards from the top of the deck; an empty deck takes the reshuffled discards
    (7.6.3). Returns how many were drawn."""
    deck, hand = state.pile(side, "deck"), state.pile(side, "hand")
    got: list[str] = []
    for _ in range(n):
        if not deck:
            discard = state.pile(side, "discard")
            if not discard:
                break
            deck.extend(discard)
            discard.clear()
            shuffle(state, deck)
            state.emit("reshuffle", side=side, cards=len(deck))
        got.append(deck.pop())
    hand.extend(got)
    if got:
        state.emit("draw", side=side, count=len(got))
        state.emit("drawn", side, side=side, cards=list(got))
    return len(got)


def hand_size(state: SwState, side: str) -> int:
    """7.6 and 17: the marker's size, changed by the oil hexes held, within the limits (the
    Axis has no minimum from 1945)."""
    t = state.world.tables
    oil = min(supply.oil_held(state, side), 4)
    size = state.hand_limit[side] + (t.oil_axis if side == AXIS else t.oil_soviet)[oil]
    size += (state.hand_mods.get(side) or [0])[0]  # events for the next draw (S55)
    low = 0 if side == AXIS and state.turn >= t.axis_no_min_from else t.hand_min
    return max(low, min(t.hand_max, size))


def total_war_due(state: SwState) -> bool:
    """7.6.4: from turn 6, 12 starred events removed by one side or 20 by both."""
    t = state.world.tables
    if state.total_war or state.turn < t.total_war_from:
        return False
    removed = state.events_removed
    return max(removed.values()) >= t.total_war_one_side or sum(removed.values()) >= (
        t.total_war_both
    )


def join_total_war(state: SwState) -> None:
    """7.6.4: the Total War cards, the discards and the undrawn deck make a new deck."""
    state.total_war = True
    for side in SIDES:
        deck = state.pile(side, "deck")
        for pile in ("reserve", "discard"):
            deck.extend(state.pile(side, pile))
            state.pile(side, pile).clear()
        shuffle(state, deck)
    state.emit("total_war", turn=state.turn)


# --- the action round -------------------------------------------------------------------------


def rp_play_allowed(state: SwState, side: str) -> bool:
    """7.4.3: two RP plays a turn for the Soviet, one for the Axis (two in Spring 1942 and
    1943, A1), never in two of one's own ARs in a row within a turn."""
    t = state.world.tables
    limit = t.rp_plays[side]
    if side == AXIS and state.turn in t.axis_double_rp_turns:
        limit = 2
    return state.rp_plays[side] < limit and state.last_round.get(side) != RP


def ops_of_play(state: SwState, side: str, value: int) -> int:
    """7.3.2: the n-th OPS play in a row (the count already moved on) gives its value less
    n-1, never below 0."""
    return max(0, value - (state.consecutive_ops[side] - 1))


def event_ops(state: SwState, side: str, value: int) -> int:
    """OPS of an event that gives OPS and leaves the count unchanged: its value less the
    current penalty, as for the turn-2 mobilization plays (7.3.2, 4.5.1)."""
    return max(0, value - max(0, state.consecutive_ops[side] - 1))


class RoundVars(TypedDict):
    side: str
    done: bool


class ActionRound(Procedure[SwState]):
    """One side's action round (7.2)."""

    name = "action_round"

    def begin(self, m: M, state: SwState, frame: Frame) -> None:
        side = frame.typed(RoundVars)["side"]
        frame.vars["done"] = False
        t = state.world.tables
        # 18.2: the Axis banks an OPS at its first AR of each turn from turn 2, until
        # Hitler Takes Command switches it off.
        if (
            side == AXIS
            and state.ar == 1
            and state.turn >= t.axis_banked_from
            and f"{AXIS}:banked_ops" not in state.forbidden
        ):
            state.banked_ops[AXIS] += t.axis_banked
            state.emit("banked_ops", side=AXIS, delta=t.axis_banked)
        state.emit("action_round", side=side, turn=state.turn, ar=state.ar)
        supply.mark(state, side)  # 13.1.1: the active side's supply, at the start of its AR

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        v = frame.typed(RoundVars)
        if v["done"]:
            return None
        side = v["side"]
        mud = state.world.tables.rasputitsa(state.turn, state.ar)
        actions: list[Action] = []
        hand = state.pile(side, "hand")
        for card_id in hand:
            card = state.world.cards[card_id]
            if not mud:  # 15.1.1: no OPS plays in the mud
                actions.append(Action(side, "play_ops", {"card": card_id}))
            if rp_play_allowed(state, side):
                actions.append(Action(side, "play_rp", {"card": card_id}))
            if (
                events.playable(state, card)
                and not (mud and events.gives_ops(card))
                and not (events.counts_as_rp_play(card) and not rp_play_allowed(state, side))
            ):
                actions.append(Action(side, "play_event", {"card": card_id}))
        if not mud:
            actions.append(Action(side, "zero_ops_move"))  # 7.2.6 (i)
        actions.append(Action(side, "zero_ops_pass"))  # 7.2.6 (ii)
        if state.pile(side, "deck") or state.pile(side, "discard"):
            for card_id in hand:
                actions.append(Action(side, "zero_ops_pass", {"discard": card_id}))
        text = f"Action round {state.ar}: play a card or take a 0-OPS round"
        return Decision(
            Prompt(side, "action_round", text, {"rasputitsa": mud, "ar": state.ar}), actions
        )

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        v = frame.typed(RoundVars)
        side = v["side"]
        v["done"] = True
        mud = state.world.tables.rasputitsa(state.turn, state.ar)
        hand = state.pile(side, "hand")
        card_id = action.args.get("card") or action.args.get("discard")
        if card_id is not None:
            if card_id not in hand:
                raise IllegalAction(f"{card_id} is not in the hand")
            hand.remove(str(card_id))
        verb = action.verb
        if verb == "play_ops":
            card = state.world.cards[str(card_id)]
            state.consecutive_ops[side] += 1  # 7.3.2
            ops = ops_of_play(state, side, card.ops)
            state.pile(side, "discard").append(card.id)
            self._round(state, side, OPS, card=card.id, ops=ops)
            m.call(state, "movement", **movement_vars(state, side, ops, False))
            return
        if verb == "play_rp":
            card = state.world.cards[str(card_id)]
            for pool, n in card.rp.pools(side).items():
                state.rp[pool] = state.rp.get(pool, 0) + n  # 7.4.1
            state.rp_plays[side] += 1
            if not mud:
                state.consecutive_ops[side] = 0  # 7.3.2 (15.1.1: never in the mud)
            state.pile(side, "discard").append(card.id)
            self._round(state, side, RP, card=card.id, rp=dict(state.rp))
            return
        if verb == "play_event":
            card = state.world.cards[str(card_id)]
            state.played.append(card.id)
            mobilizing = events.mobilization(state, card, side)
            ops_before = event_ops(state, side, card.ops)
            if not events.keeps_consecutive(card) and not mud and not mobilizing:
                state.consecutive_ops[side] = 0  # 7.3.2 (4.5.1: not for mobilization plays)
            if card.reinforcements:
                state.reinforcement_rounds.setdefault(side, []).append(state.ar)  # 7.5.2a
            if events.counts_as_rp_play(card):
                state.rp_plays[side] += 1  # A31
            # 7.5.1c: a starred event leaves the game at the end of the AR
            if card.removed:
                state.pile(side, "removed").append(card.id)
                state.events_removed[side] += 1
            else:
                state.pile(side, "discard").append(card.id)
            kind = RP if events.counts_as_rp_play(card) else EVENT
            self._round(state, side, kind, card=card.id, event=True)
            todo: list[JSON] = []
            gives = events.execute(state, card, side, todo)
            if f"{side}:free_trench" in state.this_turn:  # S23 People's Militia
                state.this_turn.remove(f"{side}:free_trench")
                todo.append(["free_trench", {"side": side}])
            for group, at in events.reinforcement_groups(state, card):
                args: dict[str, JSON] = {"side": side, "units": list(group)}
                if at is not None:
                    args["at"] = at
                if events.swaps(card):
                    args["swap"] = True  # 7.5.2c
                todo.insert(0, ["reinforce", args])
            if gives or mobilizing:  # the OPS come after the units are placed (4.5.1)
                todo.append(["movement", {"ops": ops_before}])
            elif events.gives_attack(card) and not mud:  # 15.1.1: no event combat in mud
                from .combat_start import combat_vars

                todo.append(["combat", combat_vars(state, side, 0, False, False, [])])
            frame.vars["todo"] = todo
            return
        if verb == "zero_ops_move":
            self._round(state, side, ZERO_MOVE)
            m.call(state, "movement", **movement_vars(state, side, 0, True))
            return
        if verb == "zero_ops_pass":
            if not mud:
                state.consecutive_ops[side] = 0  # 7.2.6 (ii); A17: the reset is taken
            self._round(state, side, ZERO_PASS, discard=card_id)
            if card_id is not None:
                state.pile(side, "discard").append(str(card_id))
                draw(state, side, 1)
            return
        raise IllegalAction(f"unknown action {verb!r}")

    def _round(self, state: SwState, side: str, kind: str, **data: JSON) -> None:
        state.last_round[side] = kind
        state.emit(
            "play",
            side=side,
            round=kind,
            consecutive_ops=state.consecutive_ops[side],
            **data,
        )

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        todo = frame.vars.get("todo") or []
        if not todo:
            m.end(state)
            return
        proc, args = todo.pop(0)
        side = frame.typed(RoundVars)["side"]
        if proc == "movement":
            m.call(state, "movement", **movement_vars(state, side, int(args["ops"]), False))
        else:
            m.call(state, str(proc), **args)


# --- the draw phase (7.6) --------------------------------------------------------------------


class DrawPhase(Steps[SwState]):
    """6D: Total War check, discards (Soviet first), the Soviet's set-aside cards, draws."""

    name = "draw_phase"

    def total_war(self, m: M, state: SwState, frame: Frame) -> None:
        if total_war_due(state):  # 7.6.4
            join_total_war(state)
        m.call(state, "discards", side=SOVIET)

    def axis_discards(self, m: M, state: SwState, frame: Frame) -> None:
        m.call(state, "discards", side=AXIS)  # 7.6.2

    def draws(self, m: M, state: SwState, frame: Frame) -> None:
        # 7.1.3: the set-aside Soviet cards of this turn join the hand, counted in its size
        aside = state.pile(SOVIET, "set_aside")
        due = [c for c in aside if state.world.cards[c].to_hand_at_draw == state.turn]
        for c in due:
            aside.remove(c)
            state.pile(SOVIET, "hand").append(c)
        if due:
            state.emit("set_aside_taken", side=SOVIET, cards=due)
        for side in (SOVIET, AXIS):  # 7.6.1: up to the hand size, the Soviet first
            want = hand_size(state, side) - len(state.pile(side, "hand"))
            if want > 0:
                draw(state, side, want)
            if state.hand_mods.get(side):
                state.hand_mods[side].pop(0)
        m.end(state)

    steps = (
        ("total_war", "total_war"),
        ("axis_discards", "axis_discards"),
        ("draws", "draws"),
    )


class Discards(Procedure[SwState]):
    """7.6.2: a side may discard any cards from its hand, face up, before drawing."""

    name = "discards"

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        side = str(frame.vars["side"])
        actions = [Action(side, "done_discarding")]
        actions += [Action(side, "discard", {"card": c}) for c in state.pile(side, "hand")]
        return Decision(Prompt(side, "discards", "Discard cards before drawing?", {}), actions)

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        side = str(frame.vars["side"])
        if action.verb == "done_discarding":
            m.end(state)
            return
        card = str(action.args["card"])
        state.pile(side, "hand").remove(card)
        state.pile(side, "discard").append(card)
        state.emit("discard", side=side, card=card)
