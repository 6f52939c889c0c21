"""Strategic Rail Movement Phase (7.4).

A unit that began the turn in supply, on a rail hex and not next to the enemy may ride
any distance along friendly railway, never passing or stopping next to an enemy unit.
Each ride costs 1 PP. The Soviets have 5 rides a turn; the Axis 4 inside the USSR, 1 in
Scandinavia (Norway, Sweden and the Finnish operational area, Soviet Karelia included), and
as many as it pays for elsewhere.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.listing import Listing
from hexfront.engine.paths import bfs
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..charts import charts
from ..state import AXIS, SOVIET, BiteState, Piece, enemy_of
from . import command, economy, factories, optional_forces, partisans, persia, powers
from .basics import (
    StackMemo,
    empty_hex_takes,
    is_frozen,
    reduce_once,
    takes_one_more,
)
from .infrastructure import rails
from .level import advanced
from .movement import hq_prompt
from .optional_rules import axis_srm_cap
from .supply import compute

M = Machine[BiteState]

SCANDINAVIA = frozenset({"norway", "sweden"})  # 7.4: and the Finnish operational area


def near_enemy(state: BiteState, side: str) -> bytearray:
    """1 on every node holding or touching an enemy unit."""
    board = state.w.board
    out = bytearray(board.node_count)
    for p in state.on_map(enemy_of(side)):
        out[p.node] = 1
        for n in board.adjacency[p.node]:
            out[n] = 1
    return out


def rail_net(
    state: BiteState,
    piece: Piece,
    hot: bytearray,
    nets: dict[tuple[str, tuple[bool, bool], int], frozenset[int]] | None = None,
) -> frozenset[int] | None:
    """The friendly rail net a unit may ride (its own hex included), or None if it may
    not ride at all: out of supply or frozen (3.21, 4.4), not a ground unit, off the
    railway or next to the enemy (7.4). ``nets`` remembers each net found (per nation, since
    minor allies may not enter every country: 5.3-5.8), so units sharing a net share one
    search.
    """
    spec = state.spec(piece)
    if piece.oos or is_frozen(state, piece) or not spec.is_ground:
        return None
    if command.locked_in_place(state, piece):
        return None  # 13.3, 13.8.1, 13.8.2: an activated HQ, or one bound to its city
    if persia.holds_teheran(state, piece):
        return None  # 37.0: the last Soviet ground unit in Teheran stays there
    if optional_forces.holds_turkish_border(state, piece):
        return None  # 27.0: the Turkish border keeps its garrison
    if not rails(state)[piece.node] or hot[piece.node]:
        return None
    side = piece.side
    control = state.control
    nets = {} if nets is None else nets
    origin = piece.node  # 5.5: German units sent to Finland, units leaving neutral Finland
    zone = powers.origin_zone(state, spec, origin)
    net = nets.get((spec.nation, zone, origin))
    if net is None:

        def ok(n: int) -> bool:
            return control[n] == side and not hot[n] and powers.may_enter(state, spec, n, origin)

        dist = bfs(rails(state), [origin], passable=ok)
        net = frozenset(n for n, d in enumerate(dist) if d >= 0)
        for n in net:
            if powers.origin_zone(state, spec, n) == zone:
                nets[(spec.nation, zone, n)] = net
    return net


def in_scandinavia(state: BiteState, node: int) -> bool:
    """7.4: Scandinavia is Norway, Sweden and the Finnish operational area (Finland, the
    Finnish attack zone and the ring of the FOA, Soviet Karelia included: 5.5)."""
    return state.w.board.owner_1941[node] in SCANDINAVIA or node in powers.finnish_area(state)


def srm_zone(state: BiteState, start: int, end: int) -> str:
    """Which Axis allowance a ride uses: "ussr", "scandinavia" or "free" (7.4).

    Design choice: a ride is judged by where it starts and ends. One that starts or ends in
    the Soviet Union outside the Finnish operational area uses the 4 Soviet rides; one that
    starts or ends in Scandinavia (the FOA's Soviet hexes included) the single
    Scandinavian ride; any other (Germany, Poland, Romania ...) is unlimited if paid.
    """
    return _Zones(state).zone(start, end)


class _Zones:
    """srm_zone, with each hex's kind found once: one of these serves a whole listing."""

    def __init__(self, state: BiteState) -> None:
        self.state = state
        self.kinds: dict[int, tuple[bool, bool]] = {}

    def kind(self, node: int) -> tuple[bool, bool]:
        """(in the Soviet Union outside the FOA, in Scandinavia): all a zone depends on."""
        kind = self.kinds.get(node)
        if kind is None:
            scandinavia = in_scandinavia(self.state, node)
            soviet = self.state.w.board.owner_1941[node] == "ussr" and not scandinavia
            kind = self.kinds[node] = (soviet, scandinavia)
        return kind

    def zone(self, start: int, end: int) -> str:
        (soviet_a, scand_a), (soviet_b, scand_b) = self.kind(start), self.kind(end)
        if soviet_a or soviet_b:
            return "ussr"
        if scand_a or scand_b:
            return "scandinavia"
        return "free"


def supreme_hqs(state: BiteState, side: str) -> list[Piece]:
    """Supreme HQs able to act: in supply, not frozen, with an action point left (7.4).

    Advanced Game: activated Supreme HQs whose menu still allows a rail move (13.8.1)."""
    if advanced(state):
        return sorted(
            (
                state.pieces[uid]
                for uid in command.active_entries(state)
                if state.pieces[uid].side == side
                and state.spec(state.pieces[uid]).cls == "supreme_hq"
                and command.kind_allowed(state, state.pieces[uid], "rail")
            ),
            key=lambda p: p.uid,
        )
    return sorted(
        (
            p
            for p in state.on_map(side)
            if state.spec(p).cls == "supreme_hq"
            and state.strength(p) > 0
            and not p.oos
            and not is_frozen(state, p)
        ),
        key=lambda p: p.uid,
    )


def payer(state: BiteState, piece: Piece) -> str:
    nation = state.spec(piece).nation
    return (
        nation
        if nation in powers.PP_POWERS[piece.side]
        else ("ussr" if piece.side == SOVIET else "germany")
    )


def _srm_limit(state: BiteState) -> int:
    """13.8.1: the Soviet rail moves, 4 instead of 5 once Moscow is lost or out of supply."""
    normal = charts().srm_soviet
    if state.phasing != SOVIET:
        return normal
    home = command.srm_home(state, SOVIET)
    supplied = True
    if home is not None and state.control[home] == SOVIET:
        supplied = compute(state, SOVIET).lane_ok("ussr", home)
    return command.srm_limit(state, SOVIET, normal, supplied)


class RailPhase(Procedure[BiteState]):
    name = "rail"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phase = "rail"
        frame.vars["used"] = {"ussr": 0, "scandinavia": 0, "free": 0, "all": 0}
        frame.vars["railed"] = []
        if advanced(state):
            command.check_supreme_homes(state)  # 13.8.1, 13.8.2
            command.activate_automatic(state, state.phasing)  # 13.8.2: the FHQ
            frame.vars["limit"] = _srm_limit(state)  # 13.8.1: 4 once Moscow is lost or cut off
            if factories.BOMBED in state.flags:  # 32.3 (optional rule): bombed stations
                _, lost = factories.broken_stations(state, state.phasing)
                if lost:
                    frame.vars["bombed"] = lost

    def _room(self, state: BiteState, frame: Frame, zone: str) -> bool:
        used = cast(dict[str, int], frame.vars["used"])
        c = charts()
        lost = int(cast(int, frame.vars.get("bombed", 0)))  # 32.3: one move less a hit
        if state.phasing == SOVIET:
            limit = frame.vars.get("limit")
            return used["all"] + lost < (c.srm_soviet if limit is None else cast(int, limit))
        if zone == "ussr":
            cap = axis_srm_cap(state)  # 33.1: the winters' locomotives
            return used["ussr"] + lost < (c.srm_axis_ussr if cap is None else cap)
        if zone == "scandinavia":
            return used["scandinavia"] < c.srm_axis_scandinavia
        return True

    def _soviet_room(self, state: BiteState, frame: Frame) -> int:
        """Rail moves the Soviets have left in this phase (for 16.2's evacuations)."""
        used = cast(dict[str, int], frame.vars["used"])
        limit = frame.vars.get("limit")
        cap = charts().srm_soviet if limit is None else cast(int, limit)
        return cap - used["all"] - int(cast(int, frame.vars.get("bombed", 0)))

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        side = state.phasing
        board = state.w.board
        railed = cast(list[str], frame.vars["railed"])
        # Nothing a net depends on changes while the phase runs (the enemy stands still, no
        # hex changes hands by rail: 7.4), so the nets are kept for the phase.
        if "hot" not in frame.memo:
            near = near_enemy(state, side)
            for n in partisans.blocked(state, side, 1):  # 29.0: no SRM through partisans
                near[n] = 1
            if factories.BOMBED in state.flags:  # 32.3: none through a bombed station
                for n in factories.broken_stations(state, side)[0]:
                    near[n] = 1
            frame.memo["hot"] = near
        hot: bytearray = frame.memo["hot"]
        nets: dict[tuple[str, tuple[bool, bool], int], frozenset[int]]
        nets = frame.memo.setdefault("nets", {})
        fits: StackMemo = {}
        zones = _Zones(state)
        # Whether a ride between two kinds of hex still has room (7.4), asked per pair once.
        room: dict[tuple[tuple[bool, bool], tuple[bool, bool]], bool] = {}
        hqs = supreme_hqs(state, side)
        # 7.4: a Supreme HQ may pay with one of its action points instead of a PP (3.12).
        by_hq: list[dict[str, JSON]] = [{"hq": hq.uid} for hq in hqs]
        actions = Listing()  # thousands of rides: each action is made only if asked for
        # Units of one nation and kind (combat or not) sharing a net, starting in the same
        # kind of hex, may ride to the same hexes but their own: found once per such group.
        rides: dict[tuple[int, str, bool, tuple[bool, bool]], tuple[list[int], list[JSON]]] = {}
        playable = board.playable
        occupancy = state.cache.get("occupancy")  # who stands where, while listing
        for p in sorted(state.on_map(side), key=lambda x: x.uid):
            if p.handle in railed:
                continue
            by_pp = state.pp.get(payer(state, p), 0) >= charts().srm_cost
            if not by_pp and not hqs:
                continue
            net = rail_net(state, p, hot, nets)
            if net is None:
                continue
            spec = state.spec(p)
            start = zones.kind(p.node)
            group = (id(net), spec.nation, spec.is_combat, start)
            found = rides.get(group)
            if found is None:
                nodes: list[int] = []
                fits_empty = empty_hex_takes(spec)
                for n in sorted(net):
                    if not playable[n]:
                        continue
                    if occupancy is not None and n not in occupancy:
                        if not fits_empty:  # an empty hex: the stacking limits alone decide
                            continue
                    elif not takes_one_more(state, n, side, spec, fits):
                        continue
                    pair = (start, zones.kind(n))
                    ok = room.get(pair)
                    if ok is None:
                        ok = room[pair] = self._room(state, frame, zones.zone(p.node, n))
                    if ok:
                        nodes.append(n)
                found = rides[group] = (nodes, [board.id_of(n) for n in nodes])
            nodes, ids = found
            i = bisect_left(nodes, p.node)
            to = ids[:i] + ids[i + 1 :] if i < len(nodes) and nodes[i] == p.node else ids
            pay: list[dict[str, JSON]] = [{}] if by_pp else []
            actions.grid(side, "rail", {"unit": p.uid}, "to", to, pay + by_hq)
        for hq in command.activatable(state, "rail", side):
            actions.append(Action(side, "activate", {"hq": hq.uid}))  # 13.8: Supreme HQs only
        if side == SOVIET and factories.rule_on(state, factories.SCORCHED_EARTH):
            for a in economy.evacuations(state, side, self._soviet_room(state, frame)):
                actions.append(a)  # 16.2 (optional rule)
        actions.append(Action(side, "done"))
        text = "Strategic rail moves (1 PP or 1 Supreme HQ action point each), then done."
        if advanced(state):
            text += (
                " Supreme HQs activate in this phase (13.8): an activated one pays one rail "
                "move a turn with an action point (13.8.1)."
            )
        return Decision(Prompt(side, "rail", text, hq_prompt(state, "rail")), actions)

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        if action.verb == "done":
            m.end(state)
            return
        if action.verb == "activate":
            command.activate(state, state.pieces[str(action.args["hq"])], "rail")
            return
        if action.verb == "evacuate":  # 16.2 (optional rule): three of the phase's moves
            used = cast(dict[str, int], frame.vars["used"])
            used["all"] += economy.evacuation_srm()
            economy.evacuate(state, action)
            return
        piece = state.pieces[str(action.args["unit"])]
        to = state.w.board.node(str(action.args["to"]))
        used = cast(dict[str, int], frame.vars["used"])
        used["all"] += 1
        if state.phasing == AXIS:
            used[srm_zone(state, piece.node, to)] += 1
        cast(list[str], frame.vars["railed"]).append(piece.handle)  # frames are public
        hq = action.args.get("hq")
        if hq is not None and advanced(state):
            command.use_action(state, state.pieces[str(hq)], "rail", piece.uid)  # 13.8.1
            state.emit("hq_action", audience=piece.side, hq=str(hq), action="rail")
        elif hq is not None:
            reduce_once(state, state.pieces[str(hq)])  # an action point is a step (3.12)
            state.emit("hq_action", audience=piece.side, hq=str(hq), action="rail")
        else:
            state.pp[payer(state, piece)] -= charts().srm_cost
        state.emit_move("rail", piece, piece.node, to)
        state.emit("rail_unit", audience=piece.side, unit=piece.uid)
        piece.node = to  # 7.4: it may still move normally in the Movement Phase
        piece.came_from = -1
