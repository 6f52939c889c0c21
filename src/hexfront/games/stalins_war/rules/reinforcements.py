"""7.5.2-7.5.3: units brought in by Reinforcements events, placed one by one by their owner
where 7.5.2c allows (the capital, or a friendly city, fortress or source of the home country
in full supply); a unit with nowhere to go is out of the game (7.5.2b); units in brackets
enter reduced (7.5.3)."""

from __future__ import annotations

from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import ON_MAP, SwState
from .replacements import placements

M = Machine[SwState]


class Reinforce(Procedure[SwState]):
    name = "reinforce"

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        pending = frame.vars["units"]
        side = str(frame.vars["side"])
        while pending:
            uid = str(pending[0]).split("|")[0]
            where = placements(state, uid)
            if where:
                grid = state.world.map
                actions = [Action(side, "place", {"unit": uid, "at": grid.id_of(n)}) for n in where]
                unit = state.world.units[uid]
                return Decision(Prompt(side, "reinforce", f"Place {unit.name} (7.5.2c)"), actions)
            return None  # run() removes it (7.5.2b)
        return None

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        entry = str(frame.vars["units"].pop(0))
        uid = entry.split("|")[0]
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
        m.goto(state, "reinforce", side=side, units=pending)
