"""Invariants a BITE state must keep after every action (used by tests and the fuzzer)."""

from __future__ import annotations

import json
from collections import Counter

from hexfront.engine.records import state_hash

from .charts import charts
from .game import Bite
from .rules.command import rebuild_place
from .state import DISBANDED, ELIMINATED, HELD, ON_MAP, POOL, REMOVED, BiteState
from .types import OFF

STATUSES = {ON_MAP, POOL, HELD, ELIMINATED, DISBANDED, REMOVED, OFF}


def check(game: Bite, state: BiteState, *, full: bool = True) -> list[str]:
    """Every broken invariant, as a message (empty when all hold).

    ``full`` adds the costly ones: no hidden identity in either side's view or legal
    actions, and an exact JSON round trip.
    """
    errors: list[str] = []
    board = state.w.board
    ground: Counter[tuple[int, str]] = Counter()
    combat: Counter[tuple[int, str]] = Counter()
    parked: Counter[tuple[int, str]] = Counter()
    for p in state.pieces.values():
        spec = state.spec(p)
        if p.status not in STATUSES:
            errors.append(f"{p.uid}: unknown status {p.status}")
        if not 0 <= p.step < len(spec.ladder):
            errors.append(f"{p.uid}: step {p.step} outside its ladder {spec.ladder}")
        if p.status != ON_MAP:
            if p.node != -1:
                errors.append(f"{p.uid}: off the map but at node {p.node}")
            continue
        if not 0 <= p.node < board.node_count:
            errors.append(f"{p.uid}: on the map at no node")
            continue
        # 13.8.1: the Stavka's rebuild place, Chelyabinsk, is a partial hex on this map
        # (docs/data/map.md); the Stavka never moves, so it alone may stand there.
        place = rebuild_place(p.uid)
        at_place = place is not None and board.node(place) == p.node
        if spec.is_ground and not board.playable[p.node] and not at_place:
            errors.append(f"{p.uid}: ground unit in an unplayable hex {board.id_of(p.node)}")
        if spec.is_ground:
            ground[(p.node, p.side)] += 1
            combat[(p.node, p.side)] += spec.is_combat
        elif p.base < 0:
            parked[(p.node, p.side)] += 1
    placing = state.phase in ("production", "rail", "movement", "supply")  # 7.3.2
    for (node, side), n in ground.items():
        if not placing and (n > charts().max_ground or combat[(node, side)] > charts().max_combat):
            errors.append(
                f"{side} overstacked in {board.id_of(node)}: {n} ground, {combat[(node, side)]} combat"
            )
    for (node, side), n in parked.items():
        if n > charts().air_per_airbase and state.phase not in ("combat", "blitz_combat", "blitz"):
            errors.append(f"{side} has {n} air units parked in {board.id_of(node)}")
    if not full:
        return errors
    # The view must never name a block the other side has not seen.
    for side in game.sides:
        text = json.dumps(game.view(state, side)) + json.dumps(
            [a.to_json() for a in game.legal_actions(state, side)]
        )
        leaked = sorted(t for t in game.hidden_tokens(state, side) if t in text)
        if leaked:
            errors.append(f"{side} can read hidden identities {leaked[:3]}")
        for unit in game.view(state, side)["units"]:
            assert isinstance(unit, dict)
            owner = unit["side"]
            piece = next((q for q in state.pieces.values() if q.handle == unit["handle"]), None)
            fog = state.options.get("fog", True)
            if fog and owner != side and piece is not None and not piece.revealed and "id" in unit:
                errors.append(f"{side} sees hidden block {unit['handle']}")
    # A save and a load give the very same state.
    again = game.from_json(json.loads(json.dumps(game.to_json(state))))
    if state_hash(game, again) != state_hash(game, state):
        errors.append("state changes in a JSON round trip")
    return errors
