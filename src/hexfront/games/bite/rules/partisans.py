"""Optional rule 29.0-29.1: Soviet partisans.

From September 1941 (the calendar's ``partisans_start``) each Soviet Production Phase
places partisan discs: one for every three Soviet minor cities the Axis holds without a
garrison, plus one for every such major city (the fortress cities count as major) (a garrison is an Axis unit in the city or
having it in its zone of control, 27.0), never more than 20 on the map. A disc goes on a
hex of the Soviet Union (1941 borders) outside every Axis zone of control and with no unit
in it, at most three to a hex; Vyborg, Salla, Petsamo, the Baltic States and Bessarabia
neither count nor take discs. The Italian 2.x rules (``partisans_in_axis_territory``)
place them only in Axis-held Soviet hexes.

Partisans never move and have no zone of control. What a hex's discs do to the Axis:
one or more block Axis rail moves (SRM) and the rail transport of Axis PP through the hex,
and Axis retreats into it (retreat.py); two or more also block Axis ground supply lanes;
three also cut the rail link of Axis supply sources. A single disc is gone when an Axis ground unit stands in its hex; a Soviet
ground unit in the hex takes the discs back and adds a yellow PP for each to the Soviet
savings. Those checks are made at the start of every Supply, Final Supply and Soviet
Production Phase (design choice: not in the middle of a move).

Attacked (29.0): two discs fight as a one-step brigade, three as two steps, each step a
die that hits on a 6. Axis combat ground units standing in a hex of partisans they have
found fight them in the Axis Combat Phase (and Blitz Combat Phase), like any battle there
(``partisan_fight.py``): each hit of the Axis takes a disc away, and the last disc goes as
a lone one does (design choice: the partisans, who cannot move, fight to the end; the
Axis, having walked in, too).

The Italian 2.x rules (``partisans_in_axis_territory``) also let a disc on a resource
centre stop what the centre makes for the Axis (:func:`idle_centres`, read by
``resources.incomes``).

Fog of war: discs are kept in ``state.flags`` and the Axis sees only the hexes where an
Axis ground unit has found discs it could not disperse (``partisans_seen``); the view
strips the rest (:func:`public_flags`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import cache
from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.listing import Listing

from .. import forces
from ..board import FORTRESS, WATER
from ..state import AXIS, SOVIET, BiteState
from ..versions import differs
from .basics import zoc_map
from .optional_rules import rule_on

PARTISANS = "or29_partisans"
FLAG = "partisans"  # state.flags: hex id -> discs
SEEN = "partisans_seen"  # state.flags: hex ids whose discs the Axis has found
DUE = "partisans_due"  # Production Phase frame: discs still to place this phase
MAX_DISCS_PER_HEX = 3


@cache
def _pool() -> Mapping[str, Any]:
    return forces.battle_sheets().pools.get("partisans", {})


def limit() -> int:
    """29.1: at most 20 discs on the map."""
    return int(_pool().get("max_on_map", 20))


@cache
def first_turn() -> int:
    """29.0: September 1941."""
    return next(t.turn for t in forces.calendar() if "partisans_start" in t.events)


def discs(state: BiteState) -> dict[str, int]:
    """The discs on the map, by hex id."""
    raw = state.flags.get(FLAG)
    if not isinstance(raw, dict):
        return {}
    return {str(k): int(cast(int, v)) for k, v in raw.items()}


def _store(state: BiteState, found: dict[str, int]) -> None:
    state.flags[FLAG] = cast(JSON, dict(sorted(found.items())))


def on_map(state: BiteState) -> int:
    return sum(discs(state).values())


def _area(state: BiteState) -> frozenset[int]:
    """29.1: the Soviet Union's hexes that may count or take partisans."""
    found: frozenset[int] | None = state.w.derived.get("partisan_area")
    if found is None:
        board = state.w.board
        excluded: set[int] = set()
        for name in _pool().get("excluded", ()):
            with contextlib.suppress(KeyError, LookupError, ValueError):
                excluded |= board.zone(str(name))
            for node, site in board.sites.items():
                if site.name.lower() == str(name).lower():
                    excluded.add(node)
        found = frozenset(
            n
            for n in range(board.node_count)
            if board.owner_1941[n] == "ussr"
            and board.playable[n]
            and board.terrain[n] != WATER
            and n not in excluded
        )
        state.w.derived["partisan_area"] = found
    return found


def count(state: BiteState) -> int:
    """29.1: ungarrisoned Axis-held Soviet minor cities / 3, plus one per such major city."""
    board = state.w.board
    area = _area(state)
    zoc = zoc_map(state, AXIS, ground_only=False)
    axis_here = {p.node for p in state.on_map(AXIS)}
    minors = majors = 0
    for node, site in board.sites.items():
        if node not in area or state.control[node] != AXIS or not site.is_city:
            continue
        if node in axis_here or zoc[node]:
            continue  # 27.0: garrisoned
        if site.is_major or site.type == FORTRESS:
            majors += 1  # design choice: Leningrad, Sevastopol, Oranienbaum count as major
        else:
            minors += 1
    per_minor = int(_pool().get("minor_cities_per_partisan", 3))
    per_major = int(_pool().get("per_major_city", 1))
    return minors // per_minor + majors * per_major


def due(state: BiteState) -> int:
    """The discs the Soviets may place this Production Phase (29.0, 29.1)."""
    if not rule_on(state, PARTISANS) or state.turn < first_turn():
        return 0
    return max(0, min(count(state), limit() - on_map(state)))


def places(state: BiteState) -> list[JSON]:
    """29.1: hexes that may take a disc now."""
    board = state.w.board
    zoc = zoc_map(state, AXIS, ground_only=False)
    occupied = {p.node for p in state.on_map()}
    held = discs(state)
    axis_only = differs(state.options, "partisans_in_axis_territory")  # Italian 2.x rules
    out: list[JSON] = []
    for node in sorted(_area(state)):
        if zoc[node] or node in occupied:
            continue
        if axis_only and state.control[node] != AXIS:
            continue
        hex_id = board.id_of(node)
        if held.get(hex_id, 0) >= MAX_DISCS_PER_HEX:
            continue
        out.append(hex_id)
    return out


def blocked(state: BiteState, side: str, at_least: int) -> frozenset[int]:
    """Hexes where ``at_least`` discs or more hinder ``side`` (only the Axis is hindered)."""
    if side != AXIS or not rule_on(state, PARTISANS):
        return frozenset()
    board = state.w.board
    return frozenset(board.node(h) for h, n in discs(state).items() if n >= at_least)


def sweep(state: BiteState) -> None:
    """29.0: an Axis ground unit disperses a lone disc (and finds bigger groups); a Soviet
    ground unit takes the discs back for yellow PP."""
    if not rule_on(state, PARTISANS):
        return
    held = discs(state)
    if not held:
        return
    board = state.w.board
    seen = set(_seen(state))
    changed = False
    for hex_id, n in sorted(held.items()):
        node = board.node(hex_id)
        ground = [p for p in state.occupants(node) if state.spec(p).is_ground]
        if any(p.side == SOVIET for p in ground):
            del held[hex_id]
            seen.discard(hex_id)
            state.pp["ussr"] = state.pp.get("ussr", 0) + n
            state.emit("partisans_rejoin", audience=SOVIET, hex=hex_id, n=n)
            changed = True
        elif any(p.side == AXIS for p in ground):
            if n == 1:
                del held[hex_id]
                seen.discard(hex_id)
                state.emit("partisans_dispersed", hex=hex_id)
                changed = True
            elif hex_id not in seen:
                seen.add(hex_id)
                state.emit("partisans_found", hex=hex_id, n=n)
                changed = True
    if changed:
        _store(state, held)
        state.flags[SEEN] = sorted(seen)


def fights(state: BiteState) -> list[int]:
    """29.0: the hexes where Axis combat ground units stand with two or more partisans they
    have found and no Soviet unit: each is a fight of the Axis Combat Phase."""
    if not rule_on(state, PARTISANS):
        return []
    held = discs(state)
    if not held:
        return []
    seen = set(_seen(state))
    board = state.w.board
    out: list[int] = []
    for hex_id, n in held.items():
        if n < 2 or hex_id not in seen:
            continue
        node = board.node(hex_id)
        here = state.at(node)
        if any(p.side == SOVIET for p in here):
            continue
        if any(
            p.side == AXIS and state.spec(p).is_ground and state.spec(p).is_combat
            for p in here
            if state.strength(p) > 0
        ):
            out.append(node)
    return sorted(out)


def steps(n: int) -> int:
    """29.0: two discs fight as a one-step brigade, three as two steps (one die a step)."""
    return max(0, min(n, MAX_DISCS_PER_HEX) - 1)


def lose(state: BiteState, hex_id: str, hits: int) -> int:
    """29.0: ``hits`` steps lost by the partisans at ``hex_id``: a disc each; the last one
    left goes as a lone disc does beside an Axis unit. Returns the discs left."""
    held = discs(state)
    n = held.get(hex_id, 0)
    if hits <= 0 or n <= 0:
        return n
    left = n - min(hits, n)
    if left <= 1:
        del held[hex_id]
        seen = [h for h in _seen(state) if h != hex_id]
        state.flags[SEEN] = cast(JSON, seen)
        state.emit("partisans_dispersed", hex=hex_id)
        left = 0
    else:
        held[hex_id] = left
        state.emit("partisans_hit", hex=hex_id, lost=n - left, n=left)
    _store(state, held)
    return left


def idle_centres(state: BiteState) -> frozenset[int]:
    """29.1, Italian 2.x rules: the Axis-held resource centres a partisan stands on make
    nothing for the Axis."""
    if not differs(state.options, "partisans_in_axis_territory"):
        return frozenset()
    return blocked(state, AXIS, 1)


def _seen(state: BiteState) -> list[str]:
    raw = state.flags.get(SEEN)
    return [str(h) for h in raw] if isinstance(raw, list) else []


# --- the Soviet Production Phase ------------------------------------------------------------


def production_begins(state: BiteState, side: str, vars: dict[str, Any]) -> None:
    if side != SOVIET or not rule_on(state, PARTISANS):
        return
    sweep(state)
    vars[DUE] = due(state)


def production_actions(state: BiteState, side: str, vars: dict[str, Any], out: Listing) -> None:
    if side != SOVIET or not rule_on(state, PARTISANS):
        return
    if int(vars.get(DUE, 0)) > 0 and on_map(state) < limit():
        out.grid(SOVIET, "partisan", {}, "hex", places(state))


def act(state: BiteState, vars: dict[str, Any], hex_id: str) -> None:
    """Place one disc (29.1); the Axis is told nothing."""
    held = discs(state)
    held[hex_id] = held.get(hex_id, 0) + 1
    _store(state, held)
    vars[DUE] = int(vars.get(DUE, 0)) - 1
    state.emit("partisan_placed", audience=SOVIET, hex=hex_id, n=held[hex_id])


# --- fog of war -------------------------------------------------------------------------------


def public_flags(flags: dict[str, JSON], side: str | None) -> None:
    """Cut the partisans out of the Axis view's flags: it sees only the groups it has
    found (the Soviets and the all-seeing view, ``side`` None, see every disc)."""
    if side != AXIS or FLAG not in flags:
        return
    raw = flags.get(FLAG)
    seen = flags.get(SEEN)
    shown = {str(h) for h in seen} if isinstance(seen, list) else set()
    found = {h: n for h, n in raw.items() if h in shown} if isinstance(raw, dict) else {}
    if found:
        flags[FLAG] = found
    else:
        del flags[FLAG]
