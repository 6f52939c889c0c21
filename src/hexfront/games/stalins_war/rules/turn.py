"""Chapter 6: the sequence of play.

```
game -> turn -> start (bookkeeping) -> action phase (AR 1-5: Axis, then Soviet; turn 1: one
        round, numbered 5) -> replacement phase -> draw phase -> end turn
```
Each side's attrition segment (6B) follows its fifth AR; the replacement phase (6C) has a
Soviet then an Axis segment.
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.sequence import Frame, Machine, Procedure, Steps, calls

from ..state import AXIS, SIDES, SOVIET, SwState
from . import attrition, events, supply, victory
from .options import option

M = Machine[SwState]


class GameProc(Procedure[SwState]):
    """Turns until the last one or an automatic victory (5.1)."""

    name = "game"

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        if state.result is not None:
            m.abort(state)
            return
        step = int(str(frame.vars.get("opening", 0)))
        if option(state, "first_card_for_vp") is True and step < len(SIDES):
            # 23.1.1: before the first draw, the Axis and then the Soviet may give up 1 VP
            # to take a Blitzkrieg card of their choice, then draw the rest
            frame.vars["opening"] = step + 1
            frame.vars["in_opening"] = True
            side = SIDES[step]
            m.call(state, "pick", what="opening", side=side, left=1, optional=True, card=None)
            return
        m.call(state, "turn")

    def resume(self, m: M, state: SwState, frame: Frame, result: object) -> None:
        if frame.vars.pop("in_opening", None):
            return
        if state.result is None and state.turn >= state.last_turn:
            victory.final_verdict(state)  # 5.1.4, 22
        elif state.result is None:
            state.turn += 1


class TurnProc(Steps[SwState]):
    """One season (6.0)."""

    name = "turn"

    def start(self, m: M, state: SwState, frame: Frame) -> None:
        """Turn-start bookkeeping (digest 2, order not fixed by the rules)."""
        t = state.world.tables
        state.turn_log = len(state.log)
        state.emit("turn", turn=state.turn, season=t.season(state.turn))
        state.rp_plays = {AXIS: 0, SOVIET: 0}
        state.last_round = {}
        state.reinforcement_rounds = {}
        state.sea_moves = []
        supply.returns(state)  # 13.3.8: Axis LCUs due from the Turn Track
        events.recur(state, "turn_start_from_next_turn")  # 18.3.3 Lend-Lease OPS
        for side, pool in ((SOVIET, SOVIET), (AXIS, "german")):  # 4.5.2 and 21
            gain = automatic_rp(state, side)
            if gain:
                state.rp[pool] = state.rp.get(pool, 0) + gain
                state.emit("rp", side=side, delta=gain, rp=dict(state.rp))
        m.call(state, "action_phase")

    def draw(self, m: M, state: SwState, frame: Frame) -> None:
        """14.1.5: RP not spent are lost; then the draw phase (6D)."""
        if any(state.rp.values()):
            state.emit("rp_lost", rp=dict(state.rp))
        state.rp = {}
        m.call(state, "draw_phase")

    def end(self, m: M, state: SwState, frame: Frame) -> None:
        """6E: banked OPS lost, recurring events, the VP checks."""
        state.banked_ops = {AXIS: 0, SOVIET: 0}  # 18.1
        state.this_turn = []  # events lasting the turn end
        for side in SIDES:  # 7.5.5d: combat cards kept face up are discarded
            kept = state.pile(side, "kept")
            state.pile(side, "discard").extend(kept)
            kept.clear()
        events.recur(state, "turn_end")
        victory.surrender(state)  # 19.3
        victory.end_of_turn(state)
        m.end(state)

    steps = (
        ("start", "start"),
        ("soviet_replacements", calls("replacements", side=SOVIET)),  # 6C.1
        ("axis_replacements", calls("replacements", side=AXIS)),  # 6C.2
        ("draw", "draw"),
        # 6E: the Axis, then the Soviet, may take their own trenches away
        (
            "axis_trenches",
            calls("pick", what="lift_trenches", side=AXIS, left=99, optional=True, card=None),
        ),
        (
            "soviet_trenches",
            calls("pick", what="lift_trenches", side=SOVIET, left=99, optional=True, card=None),
        ),
        # 16.1.5: the Soviet may take face-down partisans off the map
        (
            "partisans",
            calls("pick", what="remove_partisans", side=SOVIET, left=99, optional=True, card=None),
        ),
        ("end", "end"),
    )


def automatic_rp(state: SwState, side: str) -> int:
    """4.5.2: the Soviet's 3 RP of turn 2; 21: a bid moves that total (a bid for the Axis side
    adds to it, one for the Soviet side takes from it, and beyond 3 gives the Axis the rest),
    paid at most 3 a turn from turn 2 on (our reading of the example, A32)."""
    t = state.world.tables
    bid = option(state, "bid")
    net = t.soviet_rp + (bid if isinstance(bid, int) else 0)
    total = net if side == SOVIET else -net
    before = t.bid_rp_per_turn * (state.turn - t.soviet_rp_turn)
    if state.turn < t.soviet_rp_turn or total <= before:
        return 0
    return min(t.bid_rp_per_turn, total - before)


class PhaseVars(TypedDict):
    round: int  # the AR being played
    side: int  # index into SIDES of the side to play next


class ActionPhase(Procedure[SwState]):
    """6A, 7.2: five ARs, each an Axis round then a Soviet round; one round on turn 1
    (4.4.1), which the track calls round 5."""

    name = "action_phase"

    def begin(self, m: M, state: SwState, frame: Frame) -> None:
        t = state.world.tables
        first = t.first_turn_round_number if state.turn == 1 else 1
        frame.vars["round"] = first
        frame.vars["side"] = 0

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        v = frame.typed(PhaseVars)
        t = state.world.tables
        if state.result is not None or v["round"] > t.rounds_per_turn:
            m.end(state)
            return
        state.ar = v["round"]
        side = SIDES[v["side"]]
        frame.vars["playing"] = side
        if v["side"] == len(SIDES) - 1:
            v["side"] = 0
            v["round"] += 1
        else:
            v["side"] += 1
        m.call(state, "action_round", side=side)

    def resume(self, m: M, state: SwState, frame: Frame, result: object) -> None:
        side = str(frame.vars["playing"])
        if option(state, "supply_recheck") is True and not frame.vars.get("airlift"):
            supply.mark(state, side)  # 23.1.4: out-of-supply marks checked again
        if frame.vars.pop("airlift", None):  # A12's hex is picked: now the attrition
            attrition.attrition(state, side)
            return
        events.round_obligations(state, side)  # A33, A17, A18
        victory.after_round(state)
        if state.ar == state.world.tables.rounds_per_turn and state.result is None:
            # 6B, 4.4.5: a side's attrition segment follows its last AR of the turn
            if side == AXIS and events.airlift_due(state):
                frame.vars["airlift"] = True
                m.call(state, "pick", what="airlift", side=AXIS, card="A12", left=1, optional=True)
                return
            attrition.attrition(state, side)


__all__ = ["ActionPhase", "GameProc", "TurnProc"]
