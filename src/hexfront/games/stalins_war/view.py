"""What one side may see (fog of war): its own hand, the size of the other's, never the order
(or contents) of a draw pile. Counters on the map are face up in this game."""

from __future__ import annotations

from hexfront.engine.events import JSON, json_copy
from hexfront.engine.sequence import Decision

from .rules.cards import hand_size
from .rules.partisans import hidden
from .state import SIDES, SwState


def build_view(state: SwState, side: str | None, decision: Decision | None) -> dict[str, JSON]:
    w = state.world
    m = w.map
    cards: dict[str, JSON] = {}
    for s in SIDES:
        piles = state.piles[s]
        mine = side is None or side == s
        cards[s] = {
            "hand": list(piles["hand"]) if mine else None,
            "hand_count": len(piles["hand"]),
            "deck_count": len(piles["deck"]),
            "discard": list(piles["discard"]),
            "removed": list(piles["removed"]),
            "set_aside": list(piles["set_aside"]),  # Soviet 1-6: known by the rules (7.1.3)
            "total_war_count": len(piles["reserve"]),
            "kept": list(piles.get("kept", [])),  # combat cards face up (7.5.5b)
        }
    secret = set(hidden(state)) if side is not None else set()
    units: list[JSON] = [
        {
            "id": p.uid,
            "side": p.side,
            "box": p.box,
            "hex": m.id_of(p.at) if p.at >= 0 else None,
            "step": p.step,
            "printed": w.units[p.uid].steps[p.step].printed(),
        }
        for p in state.pieces.values()
        if p.box != "out" and p.uid not in secret
    ]
    # 16.1.3: inactive partisans face down, their counters (and strengths) known to no one
    units += [
        {"id": None, "kind": "partisans", "side": "soviet", "box": "map", "hex": m.id_of(at)}
        for at in sorted(state.pieces[u].at for u in secret)
    ]
    prompt: JSON = None
    if decision is not None:
        own = side is None or decision.prompt.side == side
        prompt = (
            decision.prompt.to_json()
            if own
            else {"side": decision.prompt.side, "kind": decision.prompt.kind}
        )
    return {
        "game": "stalins_war",
        "scenario": state.scenario,
        "side": side,
        "turn": state.turn,
        "last_turn": state.last_turn,
        "season": w.tables.season(state.turn),
        "ar": state.ar,
        "vp": state.vp,
        "total_war": state.total_war,
        "tracks": {
            "consecutive_ops": dict(state.consecutive_ops),
            "banked_ops": dict(state.banked_ops),
            "rp": dict(state.rp),
            "rp_plays": dict(state.rp_plays),
            "events_removed": dict(state.events_removed),
            "hand_limit": dict(state.hand_limit),
            # 7.6.1, 17.1: the size each hand is drawn up to now: the marker with the oil
            # hexes held and traced and the events for the next draw (public: both see it)
            "hand_size": {sd: hand_size(state, sd) for sd in SIDES},
        },
        "cards": cards,
        "played": list(state.played),
        "in_force": {"game": list(state.forbidden), "turn": list(state.this_turn)},
        "units": units,
        "control": dict(state.control),
        "forts_destroyed": list(state.forts_destroyed),
        "forts_built": list(state.forts_built),
        "out_of_supply": list(state.oos),
        "turn_track": dict(state.track),
        "trenches": dict(state.trenches),
        "festungs": list(state.festungs),
        "prompt": prompt,
        "public": _public(state, decision),
        "result": json_copy(state.result),
        "log": json_copy([e.to_json() for e in state.log[state.turn_log :] if e.visible_to(side)]),
    }


def _public(state: SwState, decision: Decision | None) -> dict[str, JSON]:
    """The bookkeeping both players see on the table (the game's options, events in force,
    markers and counts), so that an agent can rebuild a game consistent with its view. The
    sequence of play is given at the start of an action round only, where it holds nothing
    but the round's place in the turn."""
    stack: JSON = None
    if decision is not None and decision.prompt.kind == "action_round":
        stack = [f.to_json() for f in state.stack]
    return {
        "options": json_copy(state.options),
        "lasting": json_copy(state.lasting),
        "last_round": dict(state.last_round),
        "oil_turns": state.oil_turns,
        "paulus_crossed": state.paulus_crossed,
        "stalin_moves": state.stalin_moves,
        "reinforcement_rounds": json_copy(state.reinforcement_rounds),
        "active_partisans": list(state.active_partisans),
        "unfed": list(state.unfed),
        "hand_mods": json_copy(state.hand_mods),
        "sea_moves": list(state.sea_moves),
        "partisan_turn": state.partisan_turn,
        "surrendered": list(state.surrendered),
        "stack": stack,
    }
