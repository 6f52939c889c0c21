"""Build full BITE states consistent with what one side has seen (determinization).

A search agent may not read the true state. It rebuilds candidates from its view: its own
blocks exactly, the enemy's revealed blocks exactly, and every hidden enemy block given an
identity drawn from the enemy blocks it has not accounted for (same block colour, so an
Italian stays Italian) and a guessed strength. The sequence-of-play stack, control, PP and
flags are public and copied from the view. Dice are the agent's own.
"""

from __future__ import annotations

import random
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.events import JSON
from hexfront.engine.sequence import Frame
from hexfront.games.bite.state import (
    DISBANDED,
    ELIMINATED,
    HELD,
    ON_MAP,
    POOL,
    BiteState,
    Piece,
    World,
)
from hexfront.games.bite.types import AXIS, OFF, SOVIET, STATUSES, Side, Status, enemy_of, side_of
from hexfront.games.bite.view import BLOCK_COLOUR

_CONTROL = {"a": "axis", "s": "soviet", "-": ""}


def _colour(world: World, uid: str) -> str:
    return BLOCK_COLOUR.get(world.units[uid].nation, "tan")


def determinize(view: dict[str, JSON], world: World, rng: random.Random) -> BiteState:
    v: dict[str, Any] = dict(view)
    side = side_of(v["side"])
    board = world.board
    state = BiteState(
        scenario=str(v["scenario"]),
        options=dict(v.get("options") or {}),
        seed=rng.getrandbits(31),
        turn=int(v["turn"]),
        phase=str(v["phase"]),
        phasing=side_of(v["phasing"]),
        weather=str(v["weather"]),
    )
    state.world = world
    state.dice = Dice(state.seed)
    state.control = [_CONTROL[c] for c in str(v["control"])]
    state.pp = {str(k): int(n) for k, n in dict(v.get("pp") or {}).items()}
    state.pp_next = {str(k): int(n) for k, n in dict(v.get("pp_next") or {}).items()}
    state.surrendered = [str(x) for x in v.get("surrendered") or []]
    state.flags = dict(v.get("flags") or {})
    state.stack = [Frame.from_json(dict(f)) for f in v.get("stack") or []]
    handles = 0
    known: set[str] = set()
    hidden: list[dict[str, Any]] = []
    for u in v["units"]:
        handles = max(handles, _handle_number(str(u["handle"])))
        if "id" in u:
            uid = str(u["id"])
            known.add(uid)
            state.pieces[uid] = _piece_from(u, uid, side_of(u["side"]), board)
        else:
            hidden.append(u)
    for status, entries in dict(v.get("pools") or {}).items():
        for e in entries:
            uid = str(e["id"])
            known.add(uid)
            p = Piece(
                uid,
                side,
                str(e.get("handle", "")),
                status=STATUSES[str(status)],
                step=int(e.get("step", 0)),
            )
            p.arrival = int(e.get("arrival", 0))
            p.arrival_step = int(e.get("arrival_step", 0))
            p.rebuild_turn = int(e.get("rebuild_turn", 0))
            state.pieces[uid] = p
    enemy = enemy_of(side)
    unknown = [uid for uid, u in world.units.items() if uid not in known and _side(u.side) == enemy]
    rng.shuffle(unknown)
    for u in hidden:
        colour = str(u["colour"])
        pick = next((uid for uid in unknown if _colour(world, uid) == colour), None)
        if pick is None:
            continue
        unknown.remove(pick)
        p = _piece_from(u, pick, enemy, board)
        ladder = world.units[pick].ladder
        p.step = min(len(ladder) - 1, int(rng.random() ** 2 * len(ladder)))  # mostly strong
        state.pieces[pick] = p
    # The enemy's blocks off the map: counts are public, identities are not.
    counts = dict(v.get("enemy_pools") or {})
    off_map: tuple[Status, ...] = (ELIMINATED, DISBANDED, HELD, POOL)
    for status in off_map:
        for _ in range(int(counts.get(status, 0))):
            if not unknown:
                break
            uid = unknown.pop()
            state.pieces[uid] = Piece(uid, enemy, "", status=status, arrival=999)
    for uid, spec in world.units.items():
        if uid not in state.pieces:
            state.pieces[uid] = Piece(uid, _side(spec.side), "", status=OFF)
    state.next_handle = handles
    return state


def _side(unit_side: str) -> Side:
    return SOVIET if unit_side == SOVIET else AXIS  # the Western Allies play with the Axis


def _handle_number(handle: str) -> int:
    try:
        return int(handle.lstrip("b"))
    except ValueError:
        return 0


def _piece_from(u: dict[str, Any], uid: str, side: Side, board: Any) -> Piece:
    p = Piece(uid, side, str(u["handle"]), status=ON_MAP, node=board.node(str(u["hex"])))
    p.step = int(u.get("step", 0))
    p.half_hit = bool(u.get("half_hit", False))
    p.revealed = bool(u.get("revealed", False))
    p.seen = p.revealed
    p.oos = bool(u.get("oos", False))
    p.moved = bool(u.get("moved", False))
    p.attacked = bool(u.get("attacked", False))
    p.mp_left = int(u.get("mp_left", 0))
    if u.get("flying_from"):
        p.base = board.node(str(u["flying_from"]))
    if u.get("came_from"):
        p.came_from = board.node(str(u["came_from"]))
    return p
