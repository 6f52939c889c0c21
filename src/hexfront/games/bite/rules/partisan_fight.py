"""Optional rule 29.0: Axis troops fight the partisans they have found.

Two discs in a hex fight as a brigade of one step, three as two brigades of two steps:
a die a step, hitting on a 6, with no Bonus or Malus (29.0). The fight is one of the Axis
Combat Phase's battles (the phase lists it with the others, ``combat.CombatPhase``), and
its rounds follow the ground combat step of 7.7.5: the partisans fire first, their hits
going to the strongest Axis units in the hex (7.7.9), then the Axis combat ground units
fire as attackers (their Mali for the terrain count as in any attack, BOX 1). Each Axis
hit takes a disc away, and a lone disc left beside an Axis unit is gone (29.0).

Design choices: only the ground step is fought (the partisans are no target for guns or
aircraft, and have none); nobody retreats, so the rounds go on until the partisans or the
Axis combat units in the hex are gone, or the chart's last round (``max_rounds``) leaves
the partisans where they are. The Axis units in the hex are shown to the Soviets, as in
any battle (7.7).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from hexfront.engine.sequence import Frame, Machine, Procedure

from ..charts import charts
from ..state import AXIS, SOVIET, BiteState, Piece
from ..types import Node
from . import partisans
from .basics import reveal
from .combat import fire, ground, in_battle
from .modifiers import GROUND, BattleContext

M = Machine[BiteState]
PARTISANS_HIT_ON = 6  # 29.0


class PartisanFightVars(TypedDict):
    node: Node
    round: int  # from 1 (7.7.12)
    stage: str  # "partisans" (they fire next) or "axis"
    blitz: NotRequired[bool]


def _fighters(state: BiteState, node: Node) -> list[Piece]:
    return [
        p
        for p in ground(state, in_battle(state, node, AXIS))
        if state.spec(p).is_combat and state.strength(p) > 0
    ]


class PartisanFight(Procedure[BiteState]):
    """29.0: the Axis units in a hex fight the partisans they found there."""

    name = "partisan_fight"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        v = frame.typed(PartisanFightVars)
        v["round"] = 1
        v["stage"] = "partisans"
        node = v["node"]
        board = state.w.board
        hex_id = board.id_of(node)
        reveal(state, sorted(in_battle(state, node, AXIS), key=lambda x: x.uid), hex_id)  # 7.7
        state.emit("partisan_fight", hex=hex_id, n=partisans.discs(state).get(hex_id, 0))

    def resume(self, m: M, state: BiteState, frame: Frame, result: object) -> None:
        return None  # back from the hits (7.7.9) or a pause: the next stage runs

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        v = frame.typed(PartisanFightVars)
        node = v["node"]
        hex_id = state.w.board.id_of(node)
        n = partisans.discs(state).get(hex_id, 0)
        axis = _fighters(state, node)
        if n < 2 or not axis or v["round"] > charts().max_rounds:
            for p in state.at(node):
                p.half_hit = False  # 7.7.8, 7.7.11: half hits do not outlive the fight
            if n >= 2:
                state.emit("partisans_hold", hex=hex_id, n=n)
            m.end(state)
            return
        if v["stage"] == "partisans":  # 7.7.5: the defender fires first
            v["stage"] = "axis"
            dice = state.dice.roll(partisans.steps(n), "partisans hit on 6", state.log, by=SOVIET)
            hits = sum(1 for d in dice if d >= PARTISANS_HIT_ON)
            state.emit("partisans_fire", hex=hex_id, hits=hits)
            if hits:
                m.call(state, "allocate_hits", node=node, queue=[[AXIS, hits]], kind="ground")
            else:
                m.call(state, "pause")
            return
        ctx = BattleContext(node, AXIS, SOVIET, v["round"], v.get("blitz", False))
        shooters = [(p, state.profile(p).attack) for p in axis]
        partisans.lose(state, hex_id, fire(state, ctx, shooters, GROUND))
        v["stage"] = "partisans"
        v["round"] += 1
        m.call(state, "pause")
