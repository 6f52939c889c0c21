"""Invariants a BITE state must keep after every action (used by tests and the fuzzer)."""

from __future__ import annotations

import json
import re
from collections import Counter

from hexfront.engine.protocol import canonical_json

from .charts import charts
from .game import Bite
from .rules import landing_marks
from .rules.command import rebuild_place
from .state import DISBANDED, ELIMINATED, HELD, ON_MAP, POOL, REMOVED, BiteState
from .types import OFF

# A JSON string literal, quotes included (escaped characters allowed inside).
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

STATUSES = {ON_MAP, POOL, HELD, ELIMINATED, DISBANDED, REMOVED, OFF}


def check(
    game: Bite, state: BiteState, *, full: bool = True, log_since: int | None = None
) -> list[str]:
    """Every broken invariant, as a message (empty when all hold).

    ``full`` adds the costly ones: no hidden identity in either side's view or legal
    actions, and an exact JSON round trip. With ``log_since`` the round trip carries only
    the log's events from that index on (the rest of the state whole): a caller checking
    after every action passes where its last check ended, so every event is still round
    tripped once while a long game's check stays as cheap as a short one's.
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
        over = n > charts().max_ground or combat[(node, side)] > charts().max_combat
        if over and not placing and not landing_marks.overstack_kept(state, node, side):
            errors.append(
                f"{side} overstacked in {board.id_of(node)}: {n} ground, {combat[(node, side)]} combat"
            )
    for (node, side), n in parked.items():
        if n > charts().air_per_airbase and state.phase not in ("combat", "blitz_combat", "blitz"):
            errors.append(f"{side} has {n} air units parked in {board.id_of(node)}")
    if not full:
        return errors
    # The view must never name a block the other side has not seen. Every JSON string of
    # the text is collected once (one regular-expression pass), then the hidden names are
    # looked up in that set: the same answer as a substring search per name, far cheaper.
    by_handle = {q.handle: q for q in state.pieces.values()}
    fog = state.options.get("fog", True)
    for side in game.sides:
        view = game.view(state, side)
        text = json.dumps(view) + json.dumps([a.to_json() for a in game.legal_actions(state, side)])
        strings = set(_JSON_STRING.findall(text))
        leaked = sorted(game.hidden_tokens(state, side) & strings)
        if leaked:
            errors.append(f"{side} can read hidden identities {leaked[:3]}")
        for unit in view["units"]:
            assert isinstance(unit, dict)
            piece = by_handle.get(unit["handle"])
            hidden = piece is not None and not piece.revealed
            if fog and unit["side"] != side and hidden and "id" in unit:
                errors.append(f"{side} sees hidden block {unit['handle']}")
    # A save and a load give the very same state (compared as canonical JSON, as state_hash does).
    whole_log = state.log
    if log_since is not None:
        state.log = whole_log[max(0, min(log_since, len(whole_log))) :]
    try:
        saved = canonical_json(game.to_json(state))
        again = game.from_json(json.loads(saved))
        if canonical_json(game.to_json(again)) != saved:
            errors.append("state changes in a JSON round trip")
    finally:
        state.log = whole_log
    return errors
