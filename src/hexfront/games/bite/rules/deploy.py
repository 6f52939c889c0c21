"""Deployment by hand (scenario booklet, Barbarossa Standard Setup; option ``deployment``).

With ``deployment = "by_hand"`` each side starts from the standard (reconstructed)
deployment and may move any of its blocks to another hex its setup rules allow before the
first turn. The Soviets set up first, then the Axis (SBE1-SBE4). Choosing a block
(``pick``) lists the hexes it may go to (``deploy``); ``reset`` brings the side's blocks
back to the standard deployment; ``done`` is offered once the deployment is legal.

The setup rules checked here (digest B.21):

* units with a coloured dot stay in their district or country (``deployment.bss_rule``);
* black-dot units keep their printed hex;
* air units stand on a free airbase (3.4), ground units obey stacking (3.10);
* at most one German ground unit inside Finland (5.5);
* full setup only (SBE4): every hex on both sides of the Soviet border holds a Soviet
  unit or is next to one. Design choice: the partial fronts of SBE1-SBE3 deploy only part
  of the Soviet army, which cannot cover their whole stretch of border, so the cover check
  is not made there.

Units frozen on turn 1 (3.21) depend on where they stand, so they are worked out again
when both sides are done.

The long scenarios SBE6-SBE8 set up from the Scenario Setup Charts of 1942, 1943 and 1944
(booklet; ``deployment.check_chart_deployment``): the standard deployment is the charts'
default distribution with every hex along the start line held (``deployment.standard_front``);
by hand, a side moves its blocks on its side of the dashed start line and may also change
the strength a block starts with (``strength``), as long as each type's steps stay within
the chart's total; every hex along the line must be held, 1942's Kerch by the Soviets, and
two German mountain units must stand in Scandinavia. The Soviets deploy first, but in 1944
the Axis does (``first_deployer``). At the start the Axis holds every hex behind its start
line (``start_control``).
"""

from __future__ import annotations

from typing import cast

from hexfront.engine.errors import RulesError
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from .. import deployment, forces
from ..board import in_scandinavia
from ..state import AXIS, ON_MAP, SOVIET, BiteState, Piece
from ..types import side_of
from ..units import german_mountain
from .air import free_airbase
from .basics import FROZEN_TURN1, can_stack

M = Machine[BiteState]

BY_HAND = "by_hand"
ORDER = (SOVIET, AXIS)  # the Soviets set up first in 1941 (scenario booklet)


def by_hand(state: BiteState) -> bool:
    return state.options.get("deployment") == BY_HAND and state.turn == state.w.scenario.start_turn


def order(state: BiteState) -> tuple[str, str]:
    """Who deploys first: the Soviets, but the Axis in 1944 (booklet, SBE8)."""
    try:
        first = forces.scenario(state.scenario).first_deployer
    except (KeyError, forces.DataError):
        first = SOVIET
    return (AXIS, SOVIET) if first == AXIS else ORDER


def _front(state: BiteState) -> deployment.FrontRules | None:
    """The 1942-44 setup rules of a long scenario, or None (the BSS rules apply)."""
    key = "deploy_front"
    if key not in state.memo:
        try:
            state.memo[key] = deployment.front_rules(state.scenario, state.options)
        except (KeyError, forces.DataError):
            state.memo[key] = None
    return cast(deployment.FrontRules | None, state.memo[key])


def start_control(state: BiteState) -> None:
    """1942-44: the Axis holds every hex behind its start line (its map zone), the rest
    keeps its 1941 owner, and each ground block holds its own hex."""
    front = _front(state)
    if front is None:
        return
    zone = deployment.axis_start_zone(forces.setup(front.setup).start_line)
    if zone is None:
        return
    for node in state.w.board.zone(zone):
        state.control[node] = AXIS
    for p in state.on_map():
        if state.spec(p).is_ground:
            state.control[p.node] = p.side


def _adapter(state: BiteState) -> deployment.DeployMap:
    """The setup rules read the full mapboard (districts, countries, boxes)."""
    bite_map = getattr(state.w.board, "m", None)
    if bite_map is None:
        raise RulesError("deployment by hand needs the real BITE mapboard")
    return deployment.DeployAdapter(bite_map)


def _is_box(state: BiteState, node: int) -> bool:
    return _adapter(state).is_box(state.w.board.id_of(node))


def movable(state: BiteState, piece: Piece) -> bool:
    """Blocks without a black dot that stand on the map proper (not in a box); in 1942-44
    black dots mean nothing (they mark the 1941 setup)."""
    if piece.status != ON_MAP or _is_box(state, piece.node):
        return False
    return _front(state) is not None or forces.unit(piece.uid).dot != "black"


def strengths(state: BiteState, piece: Piece) -> list[int]:
    """1942-44: the other strengths a block may start with (its ladder above 0)."""
    if _front(state) is None:
        return []
    now = state.strength(piece)
    return [v for v in state.spec(piece).ladder if v > 0 and v != now]


def allowed_nodes(state: BiteState, uid: str) -> list[int]:
    """Every hex the setup rules let this unit stand in (not counting other blocks)."""
    key = f"deploy_hexes:{uid}"
    cached = state.memo.get(key)
    if cached is None:
        board = state.w.board
        dmap = _adapter(state)
        front = _front(state)
        rule = (
            deployment.bss_rule(dmap)
            if front is None
            else deployment.front_rule(dmap, forces.setup(front.setup).start_line)
        )
        unit = forces.unit(uid)
        area = state.w.scenario.map_area
        north = _mountain_rule(state) > 0 and german_mountain(state.w.units[uid])
        cached = [
            node
            for node in range(board.node_count)
            if board.playable[node]
            and not dmap.is_box(board.id_of(node))
            and (area is None or node in area)
            and (
                rule(unit, board.id_of(node)) is None
                or (north and in_scandinavia(state.w.board, node))  # the long scenarios
            )
        ]
        state.memo[key] = cached
    return cast(list[int], cached)


def _in_finland(state: BiteState, node: int) -> bool:
    board = state.w.board
    return board.owner_1941[node] == "finland" or node in board.zone("finland_1941")


def _german_ground(state: BiteState, piece: Piece) -> bool:
    return state.spec(piece).nation == "germany" and state.spec(piece).is_ground


def destinations(state: BiteState, piece: Piece) -> list[int]:
    spec = state.spec(piece)
    germans_in_finland = sum(
        1
        for p in state.on_map(piece.side)
        if p.uid != piece.uid and _german_ground(state, p) and _in_finland(state, p.node)
    )
    out = []
    for node in allowed_nodes(state, piece.uid):
        if node == piece.node:
            continue
        here = state.at(node)
        if any(p.side != piece.side for p in here):
            continue
        if spec.is_air:
            if not free_airbase(state, node, piece.side, exclude=piece.uid):
                continue
        elif not can_stack(state, node, piece.side, [spec]):
            continue
        if _german_ground(state, piece) and germans_in_finland >= 1 and _in_finland(state, node):
            continue  # 5.5: one German unit in Finland
        out.append(node)
    return out


def _mountain_rule(state: BiteState) -> int:
    """How many German mountain units the scenario wants in Scandinavia (long scenarios)."""
    return int(state.w.scenario.flags.get("mountain_units_in_scandinavia", 0))


def problems(state: BiteState, side: str) -> list[str]:
    """Why the side's deployment is not yet legal (empty: it is)."""
    front = _front(state)
    if front is not None:
        board = state.w.board
        hexes = {p.uid: board.id_of(p.node) for p in state.on_map()}
        power = {p.uid: state.strength(p) for p in state.on_map()}
        found = deployment.check_chart_deployment(
            front.setup,
            hexes,
            power,
            _adapter(state),
            side=side,
            soviet_places=front.soviet_places,
            mountain_north=front.mountain_north,
        )
        return [f.message for f in found if f.level == "error"]
    if side == AXIS:
        wanted = _mountain_rule(state)
        north = sum(
            1
            for p in state.on_map(AXIS)
            if german_mountain(state.spec(p)) and in_scandinavia(state.w.board, p.node)
        )
        if north < wanted:
            return [f"{wanted} German mountain units must stand in Norway, Sweden or Finland"]
        return []
    if state.w.scenario.map_area is not None:
        return []
    board = state.w.board
    border = state.memo.get("deploy_border")
    if border is None:
        border = state.memo["deploy_border"] = sorted(
            board.node(h) for h in deployment.border_hexes(_adapter(state))
        )
    held = {p.node for p in state.on_map(SOVIET) if state.spec(p).is_ground}
    covered = set(held)
    for node in held:
        covered.update(board.adjacency[node])
    missing = [board.id_of(n) for n in cast(list[int], border) if n not in covered]
    if not missing:
        return []
    shown = ", ".join(missing[:8]) + (" …" if len(missing) > 8 else "")
    return [f"{len(missing)} border hexes neither held by nor next to a Soviet unit: {shown}"]


def _picked(state: BiteState, frame: Frame) -> Piece | None:
    handle = frame.vars.get("picked")
    if handle is None:
        return None
    return next(p for p in state.pieces.values() if p.handle == handle)


class DeployPhase(Procedure[BiteState]):
    name = "deploy"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        side = str(frame.vars["side"])
        state.phase = "deploy"
        state.phasing = side_of(side)
        frame.vars["picked"] = None
        state.emit("deploy", side=side)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        side = str(frame.vars["side"])
        board = state.w.board
        piece = _picked(state, frame)
        if piece is not None:
            actions = [
                Action(side, "deploy", {"unit": piece.uid, "hex": board.id_of(node)})
                for node in destinations(state, piece)
            ]
            actions += [
                Action(side, "strength", {"unit": piece.uid, "strength": v})
                for v in strengths(state, piece)
            ]
            actions.append(Action(side, "cancel"))
            prompt = Prompt(side, "deploy", f"Where should {state.spec(piece).name} stand?")
            return Decision(prompt, actions)
        actions = [
            Action(side, "pick", {"unit": p.uid})
            for p in sorted(state.on_map(side), key=lambda x: x.uid)
            if movable(state, p)
        ]
        issues = problems(state, side)
        if not issues:
            actions.insert(0, Action(side, "done"))
        actions.append(Action(side, "reset"))
        text = "Deploy by hand: choose a block to move, then done."
        if issues:
            text += " Not yet legal: " + "; ".join(issues)
        data: dict[str, JSON] = {"problems": list(issues)}
        return Decision(Prompt(side, "deploy", text, data), actions)

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        side = str(frame.vars["side"])
        verb = action.verb
        if verb == "pick":
            # The stack is public: it names the block by its handle, never its identity.
            frame.vars["picked"] = state.pieces[str(action.args["unit"])].handle
        elif verb == "cancel":
            frame.vars["picked"] = None
        elif verb == "deploy":
            piece = state.pieces[str(action.args["unit"])]
            to = state.w.board.node(str(action.args["hex"]))
            frm = piece.node
            piece.node = to
            frame.vars["picked"] = None
            state.emit("deployed", audience=side, unit=piece.uid, hex=action.args["hex"])
            state.emit_move("redeploy", piece, frm, to)
        elif verb == "strength":  # 1942-44: the chart's steps shared out by hand
            piece = state.pieces[str(action.args["unit"])]
            value = int(cast(int, action.args["strength"]))
            piece.step = state.spec(piece).ladder.index(value)
            frame.vars["picked"] = None
            state.emit("deployed_strength", audience=side, unit=piece.uid, strength=value)
        elif verb == "reset":
            self._reset(state, side)
            frame.vars["picked"] = None
        elif verb == "done":
            state.emit("deployment_done", side=side)
            if side == order(state)[-1]:
                finish(state)
            m.end(state)

    def _reset(self, state: BiteState, side: str) -> None:
        for uid, node, strength in state.w.scenario.placements:
            piece = state.pieces[uid]
            if piece.side != side or piece.status != ON_MAP:
                continue
            piece.step = state.spec(piece).ladder.index(strength)
            if piece.node != node:
                frm, piece.node = piece.node, node
                state.emit_move("redeploy", piece, frm, node)


def finish(state: BiteState) -> None:
    """Both sides are set up: control follows the blocks, frozen units follow their hexes."""
    board = state.w.board
    for p in state.on_map():
        if state.spec(p).is_ground:
            state.control[p.node] = p.side
    if state.turn != 1:
        return  # 3.21: only June 1941 freezes units
    placed = {uid for uid, _node, _strength in state.w.scenario.placements}
    hexes = {p.uid: board.id_of(p.node) for p in state.on_map() if p.uid in placed}
    frozen = deployment.frozen_on_turn1(hexes, _adapter(state))
    state.flags[FROZEN_TURN1] = sorted(frozen)
