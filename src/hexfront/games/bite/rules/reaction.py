"""Defender Reaction Phase (7.6): the non-phasing side flies air units into battles."""

from __future__ import annotations

from typing import cast

from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import SOVIET, BiteState, enemy_of
from . import reserve
from .basics import battle_nodes
from .level import advanced, surprise_turn
from .movement import (
    act_on_hq,
    ground_destinations,
    ground_mp,
    hq_actions,
    hq_prompt,
    move_ground,
    reaction_targets,
)

M = Machine[BiteState]


class ReactionPhase(Procedure[BiteState]):
    name = "reaction"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phase = "reaction"
        frame.vars["reacted"] = []
        for p in state.on_map(enemy_of(state.phasing)):
            if reserve.in_reaction(state, p):  # 31.0: its move comes now
                reserve.reaction_command(state, p)
                p.moved = False
                p.mp_left = ground_mp(state, p)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        side = enemy_of(state.phasing)
        if side == SOVIET and surprise_turn(state):
            return None  # Barbarossa Surprise: no Soviet reaction on the first turn
        battles = {n for n in battle_nodes(state) if any(p.side == side for p in state.at(n))}
        if not battles:
            return None
        board = state.w.board
        reacted = frame.vars["reacted"]
        assert isinstance(reacted, list)
        actions = []
        for p in sorted(state.on_map(side), key=lambda x: x.uid):
            if not state.spec(p).is_air or p.base >= 0 or p.handle in reacted:
                continue
            for node in reaction_targets(state, p, battles):
                actions.append(Action(side, "react", {"unit": p.uid, "to": board.id_of(node)}))
        for p in sorted(state.on_map(side), key=lambda x: x.uid):
            if reserve.in_reaction(state, p) and p.handle not in reacted:
                for node in sorted(set(ground_destinations(state, p)) & battles):
                    to = board.id_of(node)  # 31.0: armour in reserve reinforces a battle
                    actions.append(Action(side, "react", {"unit": p.uid, "to": to}))
        # 13.3: the non-phasing Air-HQ activates where it stands; 13.5: it commands the air
        # units that fly to the battles.
        actions.extend(hq_actions(state, side, "reaction", ground=False, any_moved=True))
        if not actions:
            return None
        actions.append(Action(side, "done"))
        text = "Send air units to the battles, then done."
        if advanced(state):
            text += (
                " Air units need an activated Air-HQ's command to react: activate one where "
                "it stands (13.3), then spend its action points on units in range (13.4)."
            )
        return Decision(Prompt(side, "reaction", text, hq_prompt(state, "reaction")), actions)

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        if action.verb == "done":
            self.run(m, state, frame)
            return
        if act_on_hq(state, action, "reaction"):
            return
        piece = state.pieces[str(action.args["unit"])]
        to = state.w.board.node(str(action.args["to"]))
        if state.spec(piece).is_ground:  # 31.0: a reserve moves in by land
            route = move_ground(state, piece, to)
            board = state.w.board
            state.emit(
                "move", handle=piece.handle, side=piece.side, path=[board.id_of(n) for n in route]
            )
            cast(list[str], frame.vars["reacted"]).append(piece.handle)
            return
        state.emit_move("react", piece, piece.node, to)
        piece.base, piece.node = piece.node, to
        reacted = frame.vars["reacted"]
        assert isinstance(reacted, list)
        reacted.append(piece.handle)  # handles, not ids: frames are public

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        reserve.end(state, reserve.REACTION, enemy_of(state.phasing))  # 31.0: used or not
        m.end(state)
