"""Optional rule 24.0: landed marines re-embark after a round of ground combat.

Kept apart from ``landings.py`` (which fires anti-aircraft dice through ``combat.py``) so
that the battle's retreat choice (``combat.py``) can offer it.
"""

from __future__ import annotations

from hexfront.engine.protocol import Action

from ..state import ON_MAP, BiteState
from ..types import Node
from . import command
from .basics import lose_step
from .landing_marks import AMPHIBIOUS, marks, unmark
from .naval import coast_seas, finish_crossing, mine_roll, needs_roll, port_open, sea_route
from .optional_rules import rule_on

AMPHIBIOUS_RULE = "or24_amphibious"
LANDING_KIND = "landing"  # a Navy-HQ action point spent on a landing (24.0)
LOST_LANDING = "lost in its landing (24.0)"


def reembark_options(state: BiteState, node: Node, side: str) -> list[Action]:
    """24.0: landed marines still in their battle may re-embark, for an action point of
    the Navy-HQ that landed them, back to their port (if it is still theirs and open)."""
    if not rule_on(state, AMPHIBIOUS_RULE) or not marks(state):
        return []
    board = state.w.board
    out: list[Action] = []
    for uid, entry in sorted(marks(state).items()):
        piece = state.pieces.get(uid)
        if piece is None or piece.status != ON_MAP or piece.side != side or piece.node != node:
            continue
        if entry.get("how") != AMPHIBIOUS or entry.get("turn") != state.turn:
            continue
        hq = state.pieces.get(str(entry.get("hq")))
        port = board.node(str(entry.get("port")))
        if hq is None or hq.status != ON_MAP or command.points_left(state, hq) <= 0:
            continue
        if state.control[port] != side or not port_open(state, port):
            continue
        if any(p.side != side for p in state.at(port)):
            continue
        out.append(Action(side, "reembark", {"unit": uid, "hq": hq.uid, "to": board.id_of(port)}))
    return out


def reembark(state: BiteState, action: Action) -> None:
    """24.0: an action point, one step lost, a new mine roll; the survivors are back in
    their port, out of the battle."""
    board = state.w.board
    hq = state.pieces[str(action.args["hq"])]
    piece = state.pieces[str(action.args["unit"])]
    port = board.node(str(action.args["to"]))
    frm = piece.node
    command.use_action(state, hq, LANDING_KIND, piece.uid)
    unmark(state, piece.uid)
    piece.half_hit = False  # 7.7.8: out of the battle, its half hit is lost
    lose_step(state, piece, LOST_LANDING)
    if piece.status != ON_MAP:
        return
    here, there = board.sites.get(port), None
    seas = sorted(coast_seas(board, state.w.derived)[frm])
    route: list[str] = []
    if here is not None and here.sea is not None:
        for s in seas:
            there = sea_route(state, piece.side, here.sea, s)
            if there is not None:
                route = there
                break
    result = "arrives"
    if needs_roll(state, piece.side, route):
        result = mine_roll(state, piece, "mines: a re-embarkation")
    finish_crossing(state, piece, "reembark", frm, port, result)
