"""Blitz Phase (7.8) and air rebasing (7.8.1).

Armour that attacked may push one hex further for 1 MP, into a clear hex in good weather,
even into the enemy (a new battle, without enemy air reaction). TECH 2 artillery and air
units of the same battle may follow. Afterwards every air unit that fought flies home to a
free airbase in range, the defender first; those that cannot are lost.
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure, Steps

from ..state import BiteState, Piece, enemy_of
from ..types import Node, Side
from ..versions import differs
from . import command, optional_forces, persia, powers
from .air import air_range, rebase_targets
from .basics import can_stack, eliminate, is_frozen, take_control
from .level import advanced
from .movement import can_attack, enemy_nodes, move_cost_table
from .supply import mark_supply

M = Machine[BiteState]


def _supply_again(state: BiteState) -> None:
    """4.0, Italian 2.x rules: the supply marked in the Supply Phase holds only until the
    end of the Combat Phase, so the phasing side's barrels are put on again (as in 7.2)."""
    out = mark_supply(state, state.phasing)
    board = state.w.board
    state.emit(
        "out_of_supply",
        side=state.phasing,
        handles=sorted(p.handle for p in out),
        hexes=sorted(board.id_of(p.node) for p in out),
    )


def can_blitz(state: BiteState, piece: Piece) -> bool:
    spec = state.spec(piece)
    return (
        spec.is_ground
        and piece.attacked
        and "blitz" in state.profile(piece).abilities
        and not is_frozen(state, piece)
        and not persia.holds_teheran(state, piece)  # 37.0
        and not optional_forces.holds_turkish_border(state, piece)  # 27.0
    )


def blitz_targets(state: BiteState, piece: Piece) -> list[Node]:
    """Adjacent hexes that cost exactly 1 MP to enter (7.8)."""
    board = state.w.board
    spec = state.spec(piece)
    costs = move_cost_table(state)
    enemies = enemy_nodes(state, piece.side)
    out = []
    for n in board.adjacency[piece.node]:
        if board.is_red_arrow(piece.node, n) or not board.playable[n]:
            continue
        if costs.get(board.terrain[n]) != 1 or not powers.may_enter(state, spec, n, piece.node):
            continue
        if n in enemies and (
            not can_attack(state, piece) or not powers.may_attack(state, spec, n, piece.node)
        ):
            continue
        if can_stack(state, n, piece.side, [spec]):
            out.append(n)
    return out


class BlitzVars(TypedDict):
    stage: str  # moves, combat, rebase_defender, rebase_attacker, over
    done: list[str]  # handles of the blocks that moved (frames are public)
    pushes: list[list[Node]]  # [from, to] of each blitzing armour unit (7.8)


class AirRebaseVars(TypedDict):
    side: Side


class BlitzPhase(Steps[BiteState]):
    """7.8: blitz moves (a decision, until the player is done), their battles, then the air
    units fly home, the defender's first (7.8.1). ``stage`` names the step to run next."""

    name = "blitz"
    place = "stage"
    by_name = True

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phase = "blitz"
        self.first_step(frame)  # stage "moves"
        command.check_supreme_homes(state)  # 13.8.1, 13.8.2: after the battles
        if differs(state.options, "supply_checked_after_combat"):
            _supply_again(state)  # 4.0, Italian 2.x rules
        v = frame.typed(BlitzVars)
        v["done"] = []
        v["pushes"] = []

    def _actions(self, state: BiteState, frame: Frame) -> list[Action]:
        side = state.phasing
        board = state.w.board
        v = frame.typed(BlitzVars)
        done, pushes = v["done"], v["pushes"]
        out: list[Action] = []
        if state.weather != "good":
            return out  # 7.8: no blitz in bad weather
        for p in sorted(state.on_map(side), key=lambda x: x.uid):
            if p.handle in done:
                continue
            spec = state.spec(p)
            if spec.is_armor and can_blitz(state, p):
                for n in blitz_targets(state, p):
                    out.append(Action(side, "blitz", {"unit": p.uid, "to": board.id_of(n)}))
            elif p.attacked and "follow_blitz" in state.profile(p).abilities:
                origin = p.node
                for frm, to in pushes:
                    if frm != origin:
                        continue
                    if (
                        spec.is_air
                        and p.base >= 0
                        and any(q.side != side for q in state.at(to))
                        and powers.air_may_join(state, spec, side, to, attacking=True)  # 5.3
                    ) or (
                        spec.is_ground
                        and can_stack(state, to, side, [spec])
                        and powers.may_enter(state, spec, to, origin)  # 5.3-5.8
                        and (
                            not any(q.side != side for q in state.at(to))
                            or powers.may_attack(state, spec, to, origin)  # 5.5
                        )
                    ):
                        out.append(Action(side, "follow", {"unit": p.uid, "to": board.id_of(to)}))
        return out

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        if frame.typed(BlitzVars)["stage"] != "moves":
            return None
        actions = self._actions(state, frame)
        if not actions:
            return None
        actions.append(Action(state.phasing, "done"))
        return Decision(
            Prompt(
                state.phasing,
                "blitz",
                "Blitz with armour (and follow with guns and planes), then done.",
            ),
            actions,
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        v = frame.typed(BlitzVars)
        if action.verb == "done":
            v["stage"] = "combat"
            return
        board = state.w.board
        piece = state.pieces[str(action.args["unit"])]
        to = board.node(str(action.args["to"]))
        frm = piece.node
        v["done"].append(piece.handle)  # handles: frames are public
        if action.verb == "blitz":
            v["pushes"].append([frm, to])
        state.emit_move(action.verb, piece, frm, to)
        piece.node = to
        if state.spec(piece).is_ground:
            piece.came_from = frm
            if not any(q.side != piece.side for q in state.at(to)):
                take_control(state, piece.side, [to])
                command.check_supreme_homes(state)  # 13.8.1, 13.8.2

    def _blitz_combat(self, m: M, state: BiteState, frame: Frame) -> None:
        self.go_to(frame, "rebase_defender")  # from "moves" (no blitz left) or "combat"
        m.call(state, "combat_phase", blitz=True)

    def _rebase_defender(self, m: M, state: BiteState, frame: Frame) -> None:
        m.call(state, "air_rebase", side=enemy_of(state.phasing))

    def _rebase_attacker(self, m: M, state: BiteState, frame: Frame) -> None:
        m.call(state, "air_rebase", side=state.phasing)

    def _over(self, m: M, state: BiteState, frame: Frame) -> None:
        for p in state.on_map(state.phasing):
            p.attacked = False
        if advanced(state):
            command.check_supreme_homes(state)
            command.pay_total_supremacy(state)  # SBE5 option: the Luftwaffe HQs' double cost
            command.deactivate_all(state)  # 13.6: every HQ activated this turn, both sides'
        m.end(state)

    steps = (
        ("moves", "_blitz_combat"),  # 7.8: blitz moves, decided above; then their battles
        ("combat", "_blitz_combat"),  # 7.8: the player is done moving: the blitz battles
        ("rebase_defender", "_rebase_defender"),  # 7.8.1: the defender's air units first
        ("rebase_attacker", "_rebase_attacker"),  # 7.8.1
        ("over", "_over"),  # the blitz over, no block counts as having attacked
    )


class AirRebase(Procedure[BiteState]):
    """7.8.1: air units that fought return to airbases, at most one per airbase.

    The airbases offered are those of :func:`air.rebase_targets`: in land the unit's
    nation may enter (5.3-5.8), and none for a frozen unit (3.21), which never flies on
    turn 1 and so never needs one."""

    name = "air_rebase"

    def _flying(self, state: BiteState, side: Side) -> list[Piece]:
        return sorted(
            (p for p in state.on_map(side) if state.spec(p).is_air and p.base >= 0),
            key=lambda p: p.uid,
        )

    def _options(self, state: BiteState, piece: Piece) -> list[Node]:
        from .movement import _all_sources

        return rebase_targets(
            state, piece, _all_sources(state, piece.side), distance=air_range(state, piece)
        )

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        side = frame.typed(AirRebaseVars)["side"]
        board = state.w.board
        for p in self._flying(state, side):
            options = self._options(state, p)
            if options:
                actions = [
                    Action(side, "rebase", {"unit": p.uid, "to": board.id_of(n)}) for n in options
                ]
                return Decision(
                    Prompt(side, "air_rebase", "Return air units to airbases."), actions
                )
        return None

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        piece = state.pieces[str(action.args["unit"])]
        to = state.w.board.node(str(action.args["to"]))
        state.emit_move("rebase", piece, piece.node, to)
        piece.node, piece.base = to, -1

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        for p in self._flying(state, frame.typed(AirRebaseVars)["side"]):
            eliminate(state, p, "no airbase in range (7.8.1)")
        m.end(state)
