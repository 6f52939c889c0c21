"""Field works: trenches (10.3) and Festung (16.3), bought with OPS during movement.

Trenches: after People's Militia (Soviet) or Hedgehogs (Axis), 1 OPS a hex with one of the
side's LCUs, which then may not move this AR; one attempt a hex an AR, not by an OOS LCU;
after all movement a die: 1-3 succeeds (only 1 for the Axis after Hitler Opposes Defensive
Works); the option ``automatic_trench`` (23.1.3) pays one more OPS to skip the die. A trench
goes when the enemy enters or takes the hex (10.3.2). The counters are a hard limit.

Festung: after the Festung event, 1 OPS each, in a town or city not held by the enemy, in
supply, without one already (16.3.2); it never moves, goes when a Soviet unit enters
(16.3.3); units in it never leave (16.3.4), have defence and attrition supply and cancel every
retreat (16.3.5), no ZOC enters it (8.2), no Blitz and no tie won against it (11.2.1).
"""

from __future__ import annotations

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import AXIS, SOVIET, SwState, enemy
from .options import option


def may_entrench(state: SwState, side: str) -> bool:
    return f"{side}:entrench" in state.forbidden


def trench_success(state: SwState, side: str) -> frozenset[int]:
    w = state.world.tables.works
    if side == AXIS and f"{AXIS}:trench_roll_1" in state.forbidden:
        return w.axis_trench_after_ban
    return w.trench_success


def trench_cost(state: SwState, sure: bool) -> int:
    w = state.world.tables.works
    return w.trench_ops + (w.automatic_trench_ops if sure else 0)


def trench_hexes_for(
    state: SwState, side: str, moved: set[str], tried: list[int], ops: int
) -> list[int]:
    """Hexes where ``side`` may try a trench now (10.3.1)."""
    w = state.world.tables.works
    if not may_entrench(state, side) or ops < w.trench_ops:
        return []
    if sum(1 for s in state.trenches.values() if s == side) + len(tried) >= w.trench_counters[side]:
        return []
    m = state.world.map
    out = []
    for p in state.on_map(side):
        unit = state.world.units[p.uid]
        if not unit.large or p.uid in moved or p.uid in state.oos:
            continue
        if p.at in tried or m.id_of(p.at) in state.trenches:
            continue
        out.append(p.at)
    return sorted(set(out))


def automatic_trench(state: SwState) -> bool:
    return bool(option(state, "automatic_trench"))


def place_trench(state: SwState, side: str, node: int) -> None:
    hex_id = state.world.map.id_of(node)
    state.trenches[hex_id] = side
    state.moved()
    state.emit("trench", side=side, hex=hex_id)


def roll_trench(state: SwState, side: str, node: int) -> None:
    """10.3.1: after all movement, one die per attempt."""
    roll = state.dice.roll(1, "trench", state.log, by=side)[0]
    if roll in trench_success(state, side):
        place_trench(state, side, node)
    else:
        state.emit("trench_failed", side=side, hex=state.world.map.id_of(node), roll=roll)


def entered(state: SwState, side: str, node: int) -> None:
    """A unit of ``side`` entered ``node``: an enemy trench there goes (10.3.2); a Soviet unit
    removes a Festung (16.3.3)."""
    hex_id = state.world.map.id_of(node)
    if state.trenches.get(hex_id) == enemy(side):
        del state.trenches[hex_id]
        state.moved()
        state.emit("trench_removed", hex=hex_id, side=enemy(side))
    if side == SOVIET and hex_id in state.festungs:
        state.festungs.remove(hex_id)
        state.moved()
        state.emit("festung_removed", hex=hex_id)


def may_build_festung(state: SwState) -> bool:
    return f"{AXIS}:festung_placement" in state.forbidden


def festung_hexes(state: SwState, ops: int) -> list[int]:
    """16.3.2: towns and cities not held by the Soviet, in Axis supply, without a Festung."""
    w = state.world.tables.works
    if not may_build_festung(state) or ops < w.festung_ops:
        return []
    if len(state.festungs) >= w.festung_counters:
        return []
    from . import supply

    fed = supply.trace(state, AXIS).get("german", {})
    out = []
    for place in state.world.map.places.values():
        if state.control.get(place.name) == SOVIET or place.hex in state.festungs:
            continue
        if place.node not in fed:
            continue
        if any(p.side == SOVIET for p in state.occupants(place.node)):
            continue
        out.append(place.node)
    return sorted(out)


def place_festung(state: SwState, node: int) -> None:
    hex_id = state.world.map.id_of(node)
    state.festungs.append(hex_id)
    state.moved()
    state.emit("festung", hex=hex_id)


def held_in_festung(state: SwState, uid: str) -> bool:
    """16.3.4: a unit in a Festung never leaves it."""
    p = state.pieces[uid]
    return p.side == AXIS and p.at >= 0 and state.festung_at(p.at)


class FreeTrench(Procedure[SwState]):
    """People's Militia (S23): one trench placed at once, in a hex with one of the side's
    units (our reading: where it could have dug), within the counter mix."""

    name = "free_trench"

    def decision(self, m: Machine[SwState], state: SwState, frame: Frame) -> Decision | None:
        side = str(frame.vars["side"])
        w = state.world.tables.works
        if sum(1 for s in state.trenches.values() if s == side) >= w.trench_counters[side]:
            return None
        grid = state.world.map
        hexes = sorted({p.at for p in state.on_map(side) if grid.id_of(p.at) not in state.trenches})
        if not hexes:
            return None
        actions = [Action(side, "skip_trench")]
        actions += [Action(side, "free_trench", {"hex": grid.id_of(h)}) for h in hexes]
        return Decision(Prompt(side, "trench", "Place the trench of the event (10.3)", {}), actions)

    def act(self, m: Machine[SwState], state: SwState, frame: Frame, action: Action) -> None:
        side = str(frame.vars["side"])
        if action.verb == "free_trench":
            place_trench(state, side, state.world.map.index(str(action.args["hex"])))
        elif action.verb != "skip_trench":
            raise IllegalAction(f"unknown action {action.verb!r}")
        m.end(state)


__all__ = [
    "FreeTrench",
    "entered",
    "festung_hexes",
    "held_in_festung",
    "place_festung",
    "place_trench",
    "roll_trench",
    "trench_hexes_for",
]
