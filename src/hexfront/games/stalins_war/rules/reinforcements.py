"""7.5.2-7.5.3: units brought in by Reinforcements events, placed one by one by their owner
where 7.5.2c allows (the capital, or a friendly city, fortress or source of the home country
in full supply); a unit with nowhere to go is out of the game (7.5.2b); units in brackets
enter reduced (7.5.3)."""

from __future__ import annotations

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import ON_MAP, SwState
from . import control, supply
from .replacements import placements
from .stacking import stack_ok

M = Machine[SwState]


class Reinforce(Procedure[SwState]):
    name = "reinforce"

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        pending = frame.vars["units"]
        side = str(frame.vars["side"])
        while pending:
            uid = str(pending[0]).split("|")[0]
            olds = swap_targets(state, uid) if frame.vars.get("swap") else []
            if olds:
                unit = state.world.units[uid]
                actions = [Action(side, "swap", {"unit": uid, "old": o}) for o in olds]
                return Decision(
                    Prompt(
                        side,
                        "reinforce",
                        f"Put {unit.name} in place of an older unit",
                        {"unit": uid, "swap": True},
                    ),
                    actions,
                )
            at = frame.vars.get("at")
            where = event_placements(state, uid, str(at)) if at else placements(state, uid)
            if where:
                grid = state.world.map
                actions = [Action(side, "place", {"unit": uid, "at": grid.id_of(n)}) for n in where]
                unit = state.world.units[uid]
                return Decision(
                    Prompt(side, "reinforce", f"Place {unit.name} (7.5.2c)", {"unit": uid}), actions
                )
            return None  # run() removes it (7.5.2b)
        return None

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        entry = str(frame.vars["units"][0])
        uid = entry.split("|")[0]
        if action.verb == "swap":
            old = str(action.args.get("old"))
            if action.args.get("unit") != uid or old not in swap_targets(state, uid):
                raise IllegalAction("that unit cannot be replaced by this one (7.5.2c)")
            frame.vars["units"].pop(0)
            swap(state, uid, old)
            return
        if action.verb != "place":
            raise IllegalAction(f"unknown action {action.verb!r}")
        frame.vars["units"].pop(0)
        p = state.pieces[uid]
        p.box, p.at = ON_MAP, state.world.map.index(str(action.args["at"]))
        p.step = 1 if entry.endswith("|reduced") and len(state.world.units[uid].steps) > 1 else 0
        state.moved()
        state.emit("reinforcement", side=p.side, unit=uid, at=str(action.args["at"]), step=p.step)

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        pending = list(frame.vars["units"])
        side = str(frame.vars["side"])
        if not pending:
            m.end(state)
            return
        uid = str(pending.pop(0)).split("|")[0]
        state.pieces[uid].box = "removed"  # 7.5.2b: nowhere to place it
        state.emit("reinforcement_lost", side=side, unit=uid)
        more = {k: frame.vars[k] for k in ("at", "swap") if frame.vars.get(k)}
        m.goto(state, "reinforce", side=side, units=pending, **more)


# 7.5.2c: the Soviet Total War units that take the place of older ones on the map: new kind
# -> the kind they replace (older Fronts are those not of the 1944 group; A23: every Guards
# Army of a Total War card replaces a rifle army)
SWAP_FOR = {"front": "front", "guards_army": "rifle_army", "guards_tank_army": "tank_army"}
NEW_FRONTS = "soviet_front_1944"


def swap_targets(state: SwState, uid: str) -> list[str]:
    """The older units on the map, in full supply, that ``uid`` may replace (7.5.2c)."""
    unit = state.world.units[uid]
    old_kind = SWAP_FOR.get(unit.kind)
    if old_kind is None:
        return []
    return sorted(
        p.uid
        for p in state.on_map(unit.side)
        if state.world.units[p.uid].kind == old_kind
        and state.world.units[p.uid].group != NEW_FRONTS
        and supply.status(state, p.uid) == supply.FULL
    )


def swap(state: SwState, uid: str, old: str) -> None:
    """7.5.2c: the older unit leaves the game; the new one takes its hex at full strength."""
    o, p = state.pieces[old], state.pieces[uid]
    at = o.at
    o.box, o.at, o.step = "removed", -1, 0
    state.oos = [u for u in state.oos if u != old]
    state.unfed = [u for u in state.unfed if u != old]
    p.box, p.at, p.step = ON_MAP, at, 0
    state.moved()
    hex_id = state.world.map.id_of(at)
    state.emit("swapped", side=p.side, unit=uid, old=old, hex=hex_id)


def event_placements(state: SwState, uid: str, at: str) -> list[int]:
    """Where an event puts a unit instead of 7.5.2c's places (A30): with a named unit
    ("with_unit:11th Army"), with any Soviet Front ("with_unit:front") or German unit in full
    supply ("with_unit:german_full"), anywhere in a country ("area:greater_germany"), or at
    one of the places named ("places:Berlin|Buda|Breslau") the side holds."""
    m = state.world.map
    side = state.world.units[uid].side
    kind, _, arg = at.partition(":")
    out: set[int] = set()
    if kind == "with_unit":
        for p in state.on_map(side):
            unit = state.world.units[p.uid]
            if arg == "front":
                ok = unit.kind == "front"
            elif arg == "german_full":
                ok = unit.nation == "GE" and supply.status(state, p.uid) == supply.FULL
            else:
                ok = unit.name == arg
            if ok:
                out.add(p.at)
    elif kind == "area":
        out = {n for n in range(m.hex_count) if m.is_land(n) and m.nation[n] == arg}
    elif kind == "places":
        out = {m.node(name) for name in arg.split("|") if control.controls(state, side, name)}
    return sorted(
        n
        for n in out
        if not any(p.side != side for p in state.occupants(n)) and stack_ok(state, n, side, uid)
    )
