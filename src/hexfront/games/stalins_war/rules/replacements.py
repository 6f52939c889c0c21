"""Chapter 14: the replacement phase (6C: the Soviet segment, then the Axis one).

RP on the track (7.4) buy steps: half an RP for an SCU step, one for an LCU step (14.1.3), for
units on the map in full supply or units in the Eliminated box, which come back at their last
step where reinforcements would be placed (14.1.4, 7.5.2c). Starred steps are never bought
back (14.1.6). Axis RP come in three pools (14.1.7); no Panzer steps while the Soviet holds
the USIR (14.2.2). What is not spent is lost (14.1.5).
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import AXIS, ELIMINATED, ON_MAP, SOVIET, SwState
from . import control, supply
from .stacking import stack_ok

M = Machine[SwState]


class ReplVars(TypedDict):
    side: str
    halves: dict[str, int]  # RP left per pool, in half points


def pool_of(state: SwState, uid: str) -> str:
    """14.1.7: GE RP for German non-Panzer units, PZ for Panzer, AX for the other Axis."""
    unit = state.world.units[uid]
    if unit.side == SOVIET:
        return SOVIET
    if unit.nation != "GE":
        return "axis"
    return "panzer" if unit.kind == "panzer_corps" else "german"


def cost(state: SwState, uid: str) -> int:
    return state.world.tables.repl_half["large" if state.world.units[uid].large else "small"]


def _affordable(state: SwState, v: ReplVars, uid: str) -> bool:
    t = state.world.tables
    pool = pool_of(state, uid)
    if pool == "panzer" and state.control.get(t.panzer_needs) == SOVIET:
        return False  # 14.2.2
    if pool == "panzer" and f"{AXIS}:spend_panzer_rp" in state.forbidden:
        return False  # S52 Battle of the Bulge
    return v["halves"].get(pool, 0) >= cost(state, uid)


def placements(state: SwState, uid: str) -> list[int]:
    """7.5.2c: the nation's capital, or a friendly city, fortress or supply source of its home
    country in full supply (Italians: Bucharest or Odessa, held by the Axis)."""
    t, m = state.world.tables, state.world.map
    unit = state.world.units[uid]
    side = unit.side
    fed = supply.trace(state, side)[supply.group_of(state, uid)]
    full = {n for n, level in fed.items() if level == supply.FULL}
    out: set[int] = set()
    if unit.nation == "IT":
        for name in t.italian_places:
            if control.controls(state, side, name):
                out.add(m.node(name))
    else:
        homes = set(t.home.get(unit.nation, ()))
        capital = t.capitals.get(unit.nation)
        if capital is not None and control.controls(state, side, capital):
            out.add(m.node(capital))
        for place in m.places.values():
            if (
                place.type != "town"
                and m.nation[place.node] in homes
                and state.control.get(place.name) == side
                and place.node in full
            ):
                out.add(place.node)
        for node in supply.sources(state, supply.group_of(state, uid)):
            if m.nation[node] in homes and node in full:
                out.add(node)
    return sorted(
        n
        for n in out
        if not any(p.side != side for p in state.occupants(n)) and stack_ok(state, n, side, uid)
    )


class Replacements(Procedure[SwState]):
    name = "replacements"

    def begin(self, m: M, state: SwState, frame: Frame) -> None:
        side = str(frame.vars["side"])
        pools = [SOVIET] if side == SOVIET else ["german", "panzer", "axis"]
        frame.vars["halves"] = {p: 2 * state.rp.get(p, 0) for p in pools}

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        v = frame.typed(ReplVars)
        side = v["side"]
        if state.turn == 1 or not any(v["halves"].values()):
            return None  # 4.4.1: no replacements in June 1941
        grid = state.world.map
        actions: list[Action] = []
        for p in sorted(state.pieces.values(), key=lambda p: p.uid):
            if p.side != side or not _affordable(state, v, p.uid):
                continue
            steps = state.world.units[p.uid].steps
            if p.box == ON_MAP:
                # 14.1.6: never a starred step; 14.1.2: only in full supply
                if (
                    p.step > 0
                    and not steps[p.step - 1].starred
                    and supply.status(state, p.uid) == supply.FULL
                ):
                    actions.append(Action(side, "replace_step", {"unit": p.uid}))
            elif p.box == ELIMINATED and not steps[-1].starred:
                for node in placements(state, p.uid):
                    actions.append(Action(side, "rebuild", {"unit": p.uid, "at": grid.id_of(node)}))
        if not actions:
            return None
        actions.insert(0, Action(side, "done_replacing"))
        left = {k: n / 2 for k, n in v["halves"].items()}
        return Decision(
            Prompt(side, "replacements", f"Spend RP {left} (14)", {"rp": dict(left)}), actions
        )

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        v = frame.typed(ReplVars)
        if action.verb == "done_replacing":
            m.end(state)
            return
        uid = str(action.args["unit"])
        p = state.pieces.get(uid)
        if p is None:
            raise IllegalAction(f"no unit {uid}")
        pool = pool_of(state, uid)
        v["halves"][pool] -= cost(state, uid)
        if action.verb == "replace_step":
            p.step -= 1
        else:
            p.box, p.at = ON_MAP, state.world.map.index(str(action.args["at"]))
            p.step = len(state.world.units[uid].steps) - 1
            state.moved()
        state.emit("replacement", side=v["side"], unit=uid, step=p.step, how=action.verb)

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        m.end(state)


__all__ = ["AXIS", "Replacements", "placements", "pool_of"]
