"""Optional rule 18.0-18.2: naval movement.

There are no ships in BITE: a ground unit may be carried by sea instead of moving on land.
In the Movement Phase an activated Supreme HQ (not the Finnish or the Hungarian one) or the
Soviet Navy-HQ spends one action point (13.8) to carry one ground unit that has not moved
from a friendly port to another friendly port of the same water (18.0):

- the water: a sea, with the seas that open into it (``data/resources.toml``, shared with
  the PP of 11.2), but never across a strait whose coastal hexes the side does not all
  hold (``data/naval.toml``: the Kerch Strait between the Sea of Azov and the Black Sea);
- frozen ports (snow, 9.2) neither send nor receive;
- the carried unit may stand in the port it reaches (stacking 3.10, nations 5.x) and ends
  its move there;
- a route that crosses mined water or a sea the enemy controls (3.1) costs a die (18.1):
  1-3 the unit lands, 4-5 it loses a step, 6 it is lost.

A Supreme HQ makes one naval move per activation, like its other actions (13.8.1; the FHQ
two kinds of action, 13.8.2); the Navy-HQ, whose trade it is, may spend every action point
on them (design choice). The Navy-HQ activates in the Strategic Rail Movement Phase with
the Supreme HQs when rule 18 or 24 is played (13.8).

18.2, resources: with the rule played a sea the enemy controls too is as risky for PP as
mined water (a die per PP, lost on a 6): ``resources.connected`` asks :func:`risky_seas`.

The Italian 2.x rulebook (``naval_moves_air_units``) carries air units by sea as well: an
air unit that has not flown may be shipped between ports in the air stage of the phase.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources as files
from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from ..board import Board
from ..state import ON_MAP, BiteState, Piece, enemy_of
from ..units import UnitSpec
from ..versions import differs
from . import command, factories, powers, resources
from .basics import eliminate, is_frozen, lose_step, sea_control, takes_one_more
from .optional_rules import rule_on

NAVAL = "or18_naval"
AMPHIBIOUS = "or24_amphibious"
KIND = "naval"  # the Supreme HQ menu entry (13.8.1)
SUNK = "sunk by a mine at sea (18.1)"  # why a carried unit is lost


@dataclass(frozen=True, slots=True)
class Strait:
    name: str
    seas: frozenset[str]
    coasts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NavalRules:
    """``data/naval.toml``."""

    arrives: frozenset[int]
    loses_step: frozenset[int]
    sunk: frozenset[int]
    supreme_barred: frozenset[str]
    navy_hq: str
    straits: tuple[Strait, ...]
    raw: dict[str, Any]


@cache
def naval_rules() -> NavalRules:
    raw: dict[str, Any] = tomllib.loads(
        files.files("hexfront.games.bite").joinpath("data/naval.toml").read_text("utf-8")
    )
    n = raw["naval"]
    faces = set(n["arrives"]) | set(n["loses_step"]) | set(n["sunk"])
    if faces != {1, 2, 3, 4, 5, 6}:
        raise ValueError("naval.toml: the mine roll must give each die face one result")
    return NavalRules(
        arrives=frozenset(int(f) for f in n["arrives"]),
        loses_step=frozenset(int(f) for f in n["loses_step"]),
        sunk=frozenset(int(f) for f in n["sunk"]),
        supreme_barred=frozenset(str(s) for s in n["supreme_barred"]),
        navy_hq=str(n["navy_hq"]),
        straits=tuple(
            Strait(str(s["name"]), frozenset(str(x) for x in s["seas"]), tuple(s["coasts"]))
            for s in raw.get("strait", ())
        ),
        raw=raw,
    )


def navy_on(state: BiteState) -> bool:
    """Whether the Navy-HQ has work: naval moves (18.0) or landings (24.0)."""
    return rule_on(state, NAVAL) or rule_on(state, AMPHIBIOUS)


# --- the water -------------------------------------------------------------------------------


def _links() -> tuple[tuple[str, str], ...]:
    return resources.rules().sea_links


def _mined() -> frozenset[str]:
    return resources.rules().mined_seas


def _strait_open(state: BiteState, side: str, one: str, other: str) -> bool:
    """18.0: a strait between these seas is open to ``side`` when it holds every coast."""
    board = state.w.board
    for strait in naval_rules().straits:
        if strait.seas != frozenset((one, other)):
            continue
        for coast in strait.coasts:
            try:
                node = board.node(coast)
            except (KeyError, ValueError, LookupError):
                continue  # a map without this strait
            if state.control[node] != side:
                return False
    return True


def sea_route(state: BiteState, side: str, frm: str, to: str) -> list[str] | None:
    """The seas a transport of ``side`` crosses from sea ``frm`` to sea ``to`` (both ends
    included), through seas that open into each other and straits it holds (18.0); None
    when the two are not one water for it."""
    if frm == to:
        return [frm]
    parent: dict[str, str] = {frm: frm}
    todo = [frm]
    while todo:
        sea = todo.pop(0)
        for a, b in _links():
            nxt = b if a == sea else a if b == sea else None
            if nxt is None or nxt in parent or not _strait_open(state, side, sea, nxt):
                continue
            parent[nxt] = sea
            if nxt == to:
                route = [to]
                while route[-1] != frm:
                    route.append(parent[route[-1]])
                return route[::-1]
            todo.append(nxt)
    return None


def risky_seas(state: BiteState, side: str) -> frozenset[str]:
    """18.1, 18.2: the seas where a transport of ``side`` needs a mine roll: mined water
    (11.3) and, with rule 18 played, the seas the enemy controls (3.1)."""
    risky = set(_mined())
    if rule_on(state, NAVAL):
        risky |= sea_control(state, enemy_of(side))
    return frozenset(risky)


def port_open(state: BiteState, node: int) -> bool:
    """9.2: in snow the white-anchor ports are frozen: no naval move from or to them; nor
    (32.2) while a bomb hit on the harbour is in force."""
    site = state.w.board.sites.get(node)
    if site is None or site.port is None or site.sea is None:
        return False
    if factories.BOMBED in state.flags and factories.port_closed(state, node, 1):
        return False  # 32.2 (optional rule): a bombed harbour takes no sea move for a turn
    return not (state.weather == "snow" and site.freezes)


# --- who orders it ---------------------------------------------------------------------------


def supreme_may(state: BiteState, hq: Piece, kind: str) -> bool:
    """13.8.1: one action of each kind per activation (13.8.2: the FHQ two kinds)."""
    entry = command.active_entries(state).get(hq.uid)
    if entry is None or int(entry["used"]) >= int(entry["ap"]):
        return False
    rules = command.supreme_rules(hq.uid)
    acts = cast(list[str], entry["acts"])
    if kind in acts and not rules.repeat_kinds:
        return False
    limit = rules.kinds_per_activation
    return limit is None or len(set(acts) | {kind}) <= limit


def may_order(state: BiteState, hq: Piece, piece: Piece) -> bool:
    """18.0: whether the activated ``hq`` may order a naval move of ``piece`` now."""
    if hq.side != piece.side or hq.status != ON_MAP or hq.uid == piece.uid:
        return False
    hq_spec, spec = state.spec(hq), state.spec(piece)
    if hq_spec.cls == naval_rules().navy_hq:
        entry = command.active_entries(state).get(hq.uid)
        if entry is None or int(entry["used"]) >= int(entry["ap"]):
            return False
        return spec.nation == hq_spec.nation
    if hq_spec.cls != "supreme_hq" or hq_spec.nation in naval_rules().supreme_barred:
        return False
    if not supreme_may(state, hq, KIND):
        return False
    return command.supreme_rules(hq.uid).cross_command or spec.nation == hq_spec.nation


def ordering_hqs(state: BiteState, side: str) -> list[Piece]:
    hqs = [state.pieces[uid] for uid in sorted(command.active_entries(state))]
    return [hq for hq in hqs if hq.side == side and hq.status == ON_MAP]


# --- the moves -------------------------------------------------------------------------------


def _may_sail(state: BiteState, piece: Piece, air_stage: bool) -> bool:
    spec = state.spec(piece)
    if piece.status != ON_MAP or piece.moved or is_frozen(state, piece):
        return False
    if air_stage:
        air_ok = spec.is_air and piece.base < 0
        return air_ok and differs(state.options, "naval_moves_air_units")  # Italian 2.x
    if not spec.is_ground or command.locked_in_place(state, piece):
        return False
    return port_open(state, piece.node) and state.control[piece.node] == piece.side


def destinations(state: BiteState, piece: Piece) -> list[int]:
    """18.0: the friendly ports ``piece`` may be carried to from the port it stands in."""
    board = state.w.board
    here = board.sites.get(piece.node)
    if here is None or here.sea is None:
        return []
    side = piece.side
    spec = state.spec(piece)
    out: list[int] = []
    fits: dict[tuple[int, bool, str], bool] = {}
    for node, site in sorted(board.sites.items()):
        if node == piece.node or site.sea is None or not port_open(state, node):
            continue
        if state.control[node] != side or any(p.side != side for p in state.at(node)):
            continue
        if sea_route(state, side, here.sea, site.sea) is None:
            continue
        if not _fits(state, piece, spec, node, fits):
            continue
        out.append(node)
    return out


def _fits(
    state: BiteState,
    piece: Piece,
    spec: UnitSpec,
    node: int,
    memo: dict[tuple[int, bool, str], bool],
) -> bool:
    if not state.w.board.playable[node] and spec.is_ground:
        return False
    if not powers.may_enter(state, spec, node, piece.node):
        return False  # 5.3-5.8: where its nation may stand
    if spec.is_air:
        from .air import AIRBASE_TYPES

        site = state.w.board.sites.get(node)
        parked = sum(1 for p in state.at(node) if state.spec(p).is_air and p.base < 0)
        return site is not None and site.type in AIRBASE_TYPES and parked == 0
    return takes_one_more(state, node, piece.side, spec, memo)


def actions(state: BiteState, side: str, *, air_stage: bool = False) -> list[Action]:
    """The naval moves open to ``side`` in the Movement Phase (18.0)."""
    if not rule_on(state, NAVAL) or not command.active_entries(state):
        return []
    hqs = ordering_hqs(state, side)
    if not hqs:
        return []
    board = state.w.board
    out: list[Action] = []
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        if not _may_sail(state, p, air_stage):
            continue
        givers = [hq for hq in hqs if may_order(state, hq, p)]
        if not givers:
            continue
        for node in destinations(state, p):
            for hq in givers:
                args: dict[str, JSON] = {"hq": hq.uid, "unit": p.uid, "to": board.id_of(node)}
                out.append(Action(side, "sail", args))
    return out


def mine_roll(state: BiteState, piece: Piece, purpose: str) -> str:
    """18.1: one die for the carried unit: "arrives", "damaged" (a step lost) or "sunk"."""
    face = state.dice.roll(1, purpose, state.log, by=piece.side)[0]
    r = naval_rules()
    if face in r.sunk:
        return "sunk"
    if face in r.loses_step:
        return "damaged"
    return "arrives"


def needs_roll(state: BiteState, side: str, route: list[str]) -> bool:
    risky = risky_seas(state, side)
    return any(sea in risky for sea in route)


def act(state: BiteState, action: Action) -> None:
    """Carry the unit by sea: an action point, the mine roll if due, the landing (18.0)."""
    board = state.w.board
    hq = state.pieces[str(action.args["hq"])]
    piece = state.pieces[str(action.args["unit"])]
    to = board.node(str(action.args["to"]))
    frm = piece.node
    here, there = board.sites[frm], board.sites[to]
    route = [here.sea or "", there.sea or ""]
    if here.sea is not None and there.sea is not None:
        route = sea_route(state, piece.side, here.sea, there.sea) or route
    use_action(state, hq, piece)
    result = "arrives"
    if needs_roll(state, piece.side, route):
        result = mine_roll(state, piece, "mines: a sea transport")
    piece.moved = True
    piece.mp_left = 0
    piece.came_from = -1
    finish_crossing(state, piece, "sea_move", frm, to, result)


def finish_crossing(
    state: BiteState, piece: Piece, kind: str, frm: int, to: int, result: str
) -> None:
    """The end of a crossing after its mine roll (18.1): sunk, or ashore at ``to`` (a step
    lost when damaged), told in the log as ``kind``."""
    if result == "sunk":
        state.emit_move(kind, piece, frm, to, result=result)
        eliminate(state, piece, SUNK)
        return
    piece.node = to
    state.emit_move(kind, piece, frm, to, result=result)
    if result == "damaged":
        lose_step(state, piece, SUNK)


def use_action(state: BiteState, hq: Piece, piece: Piece) -> None:
    command.use_action(state, hq, KIND, piece.uid)


def coast_seas(board: Board, derived: dict[str, Any]) -> list[frozenset[str]]:
    """Each node -> the seas its shore touches (the map's water hexes next to it; a port
    touches its own sea). Found once per map."""
    found: list[frozenset[str]] | None = derived.get("coast_seas")
    if found is not None:
        return found
    from ..world import MapBoard

    seas: list[set[str]] = [set() for _ in range(board.node_count)]
    if isinstance(board, MapBoard):
        m = board.m
        for h in range(m.hex_count):
            if board.terrain[h] == "water" or not board.playable[h]:
                continue
            for n in m.grid.ring(h, 1):
                sea = m.sea_of(n)
                if sea is not None and board.terrain[n] == "water":
                    seas[h].add(str(sea))
    for node, site in board.sites.items():
        if site.sea is not None:
            seas[node].add(site.sea)
    found = derived["coast_seas"] = [frozenset(s) for s in seas]
    return found
