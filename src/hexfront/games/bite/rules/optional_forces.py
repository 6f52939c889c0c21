"""Optional rules 27.0 (garrisons), 28.0 (the Volkssturm) and 30.0 (the Chechen rising).

27.0: with the rule the three German rear-area security corps (RHG) and the two Slovak
corps join the game (their blocks carry ``optional_rule = "27.0"``: world.py adds them),
and the Soviets keep every Soviet hex on the Turkish border inside the zone of control of
a Soviet unit. Design choice: a Soviet unit that is the only one covering a border hex
(standing in it or next to it) does not leave its hex (move, rail, blitz, exploitation),
so the garrison the scenario sets up stays; the Soviet player chooses which units by
putting others there, which frees the ones already there.

28.0: once a Soviet ground unit is seen in Germany (checked at the start of every
Production Phase), each later Axis Production Phase may put one German infantry block
that is out of play (eliminated) back on the map, free, at its weakest step, in an
Axis-held German major city. The Italian 2.x rules (``volkssturm_in_every_city``) let one
rise in every German city each phase instead.

30.0: in an Axis Production Phase the Chechen unit may rise at Grozny, free and at full
strength, when the Axis holds Grozny or, from January 1942 (the calendar's
``chechens_may_appear``), when no Soviet unit garrisons it (stands there or has it in its
zone of control); it may rise again after being destroyed. Its supply comes from Grozny.

The words of the log lines are in text.py; the pools' data is in data/battle_sheets.toml.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.listing import Listing
from hexfront.engine.protocol import Action

from .. import forces
from ..board import WATER
from ..state import AXIS, ELIMINATED, ON_MAP, REMOVED, SOVIET, BiteState, Piece
from ..versions import differs
from .basics import can_stack, lowest_live_step, zoc_map
from .optional_rules import rule_on

GARRISONS = "or27_garrisons"
VOLKSSTURM = "or28_volkssturm"
CHECHENS = "or30_chechens"

VOLKSSTURM_FLAG = "volkssturm"  # state.flags: the turn a Soviet ground unit was seen in Germany
VOLKSSTURM_USED = "volkssturm_used"  # Production Phase frame: hexes that raised one this phase
VERBS = frozenset({"volkssturm", "chechens"})


@cache
def _pool(name: str) -> Mapping[str, Any]:
    return forces.battle_sheets().pools.get(name, {})


@cache
def chechen_unit() -> str:
    """The Chechen block (data/battle_sheets.toml, pool.chechens)."""
    return str(_pool("chechens").get("unit", "ger-chechen"))


@cache
def chechen_turn() -> int:
    """30.0: the month from which an ungarrisoned Grozny is enough (January 1942)."""
    return next(t.turn for t in forces.calendar() if "chechens_may_appear" in t.events)


def garrisoned(state: BiteState, node: int, side: str) -> bool:
    """27.0: a hex is garrisoned by ``side`` when one of its units (air or ground) stands
    there or has the hex in its zone of control."""
    if any(p.side == side for p in state.occupants(node)):
        return True
    return zoc_map(state, side, ground_only=False)[node] == 1


# --- 27.0: the Turkish border ----------------------------------------------------------------


def turkish_border(state: BiteState) -> tuple[int, ...]:
    """The Soviet hexes (1941 borders) touching Turkey: found once per map."""
    found: tuple[int, ...] | None = state.w.derived.get("turkish_border")
    if found is None:
        board = state.w.board
        owner = board.owner_1941
        found = tuple(
            n
            for n in range(board.node_count)
            if owner[n] == "ussr" and any(owner[m] == "turkey" for m in board.adjacency[n])
        )
        state.w.derived["turkish_border"] = found
    return found


def _covers(state: BiteState, piece: Piece, node: int) -> bool:
    """Whether ``piece`` keeps the border hex ``node`` in its zone of control (3.19)."""
    if piece.node == node:
        return True
    board = state.w.board
    if node not in board.adjacency[piece.node] or board.terrain[node] == WATER:
        return False
    if board.blocks_zoc(piece.node, node):
        return False
    return not any(p.side != piece.side for p in state.occupants(node))


def holds_turkish_border(state: BiteState, piece: Piece) -> bool:
    """27.0: a Soviet unit that alone keeps a Turkish border hex in a Soviet zone of control
    stays where it is."""
    if piece.side != SOVIET or piece.status != ON_MAP or not rule_on(state, GARRISONS):
        return False
    border = turkish_border(state)
    mine = [h for h in border if _covers(state, piece, h)]
    if not mine:
        return False
    others = [
        p
        for p in state.on_map(SOVIET)
        if p is not piece and p.base < 0 and state.w.board.distance(p.node, piece.node) <= 2
    ]
    return any(not any(_covers(state, p, h) for p in others) for h in mine)


# --- 28.0: the Volkssturm ---------------------------------------------------------------------


def watch_germany(state: BiteState) -> None:
    """28.0: the Volkssturm is called up the first time a Soviet ground unit stands in
    Germany (1941 borders)."""
    if not rule_on(state, VOLKSSTURM) or VOLKSSTURM_FLAG in state.flags:
        return
    owner = state.w.board.owner_1941
    for p in state.on_map(SOVIET):
        if owner[p.node] == "germany" and state.spec(p).is_ground:
            state.flags[VOLKSSTURM_FLAG] = state.turn
            state.emit("volkssturm_called")
            return


def _volkssturm_cities(state: BiteState) -> list[int]:
    board = state.w.board
    every_city = differs(state.options, "volkssturm_in_every_city")  # Italian 2.x rules
    out = []
    for node, site in sorted(board.sites.items()):
        if board.owner_1941[node] != "germany" or state.control[node] != AXIS:
            continue
        if not (site.is_city if every_city else site.is_major):
            continue
        if any(p.side == SOVIET for p in state.occupants(node)):
            continue
        out.append(node)
    return out


def _volkssturm_blocks(state: BiteState) -> list[Piece]:
    return [
        p
        for _, p in sorted(state.pieces.items())
        if p.side == AXIS
        and p.status == ELIMINATED
        and state.spec(p).nation == "germany"
        and state.spec(p).cls == "infantry"
    ]


def _volkssturm_actions(state: BiteState, out: Listing, used: list[JSON]) -> None:
    if VOLKSSTURM_FLAG not in state.flags:
        return
    every_city = differs(state.options, "volkssturm_in_every_city")
    if used and not every_city:
        return  # 28.0: one corps a turn
    board = state.w.board
    hexes: list[JSON] = []
    for node in _volkssturm_cities(state):
        hex_id = board.id_of(node)
        if hex_id in used:
            continue
        blocks = _volkssturm_blocks(state)
        if blocks and can_stack(state, node, AXIS, [state.spec(blocks[0])]):
            hexes.append(hex_id)
    if not hexes:
        return
    for p in _volkssturm_blocks(state):
        out.grid(AXIS, "volkssturm", {"unit": p.uid}, "hex", hexes)


# --- 30.0: the Chechen rising -------------------------------------------------------------------


def grozny(state: BiteState) -> int | None:
    place = str(_pool("chechens").get("place", "Grozny"))
    for node, site in state.w.board.sites.items():
        if site.name == place:
            return node
    return None


def chechens_may_rise(state: BiteState) -> bool:
    """30.0: the Chechen block is out of play and Grozny is Axis-held, or ungarrisoned by
    the Soviets from January 1942; nobody Soviet stands there and the block fits."""
    if not rule_on(state, CHECHENS):
        return False
    piece = state.pieces.get(chechen_unit())
    node = grozny(state)
    if piece is None or node is None or piece.status in (ON_MAP, REMOVED):
        return False
    if any(p.side == SOVIET for p in state.occupants(node)):
        return False
    held = state.control[node] == AXIS
    if not held and not (state.turn >= chechen_turn() and not garrisoned(state, node, SOVIET)):
        return False
    return can_stack(state, node, AXIS, [state.spec(piece)])


def chechens_supplied(state: BiteState, piece: Piece, passable: bytearray, lane: int) -> bool:
    """30.0: the Chechens draw supply from Grozny: a lane of at most ``lane`` hexes through
    ``passable`` hexes (4.3) from Grozny, while no Soviet ground unit holds it."""
    if piece.uid != chechen_unit() or not rule_on(state, CHECHENS):
        return False
    node = grozny(state)
    if node is None or state.control[node] == SOVIET:
        return False
    if piece.node == node:
        return True
    board = state.w.board
    seen = {node}
    frontier = [node]
    for _ in range(lane):
        nxt = []
        for a in frontier:
            for b in board.adjacency[a]:
                if b == piece.node:
                    return True
                if b not in seen and passable[b]:
                    seen.add(b)
                    nxt.append(b)
        frontier = nxt
    return False


# --- the Production Phase's hooks ---------------------------------------------------------------


def production_begins(state: BiteState) -> None:
    """At the start of every Production Phase (7.3)."""
    watch_germany(state)  # 28.0


def production_actions(state: BiteState, side: str, vars: dict[str, Any], out: Listing) -> None:
    """The Axis' free units of 28.0 and 30.0 in its Production Phase."""
    if side != AXIS:
        return
    if rule_on(state, VOLKSSTURM):
        used = cast(list[JSON], vars.get(VOLKSSTURM_USED, []))
        _volkssturm_actions(state, out, used)
    if chechens_may_rise(state):
        node = grozny(state)
        assert node is not None
        hex_id: JSON = state.w.board.id_of(node)
        out.append(Action(AXIS, "chechens", {"unit": chechen_unit(), "hex": hex_id}))


def act(state: BiteState, vars: dict[str, Any], action: Action) -> None:
    """Put the free block on the map (28.0, 30.0)."""
    piece = state.pieces[str(action.args["unit"])]
    board = state.w.board
    node = board.node(str(action.args["hex"]))
    spec = state.spec(piece)
    if action.verb == "volkssturm":
        piece.step = lowest_live_step(spec)  # 28.0: one step
        used = cast(list[JSON], vars.setdefault(VOLKSSTURM_USED, []))
        used.append(board.id_of(node))
    else:
        piece.step = 0  # 30.0: full strength
        state.control[node] = AXIS  # the rising takes the city
    piece.status = ON_MAP
    piece.node = node
    piece.handle = state.new_handle()
    piece.oos = piece.moved = piece.attacked = piece.revealed = piece.half_hit = False
    piece.base = -1
    if action.verb == "volkssturm":
        state.emit("volkssturm_raised", audience=AXIS, unit=piece.uid, hex=board.id_of(node))
    else:
        state.emit("chechens_rise", hex=board.id_of(node))  # the one block of its kind
    state.emit("block_placed", side=AXIS, handle=piece.handle, hex=board.id_of(node))
