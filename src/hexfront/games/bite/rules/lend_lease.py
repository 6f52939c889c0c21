"""Optional rule 34.0, the Lend-Lease Act, and 35.2, the attacks on its convoys.

From September 1941 the Western Allies send the Soviets armour and air PP every turn, by
the routes and amounts of the Turn Record Chart (``data/calendar.toml``, ``lend_lease``):
the Pacific route to Vladivostok, the Arctic route to Murmansk and Archangel and, from
June 1942, the Persian Corridor. They arrive at the start of the Soviet Production Phase.
A route delivers only while the Soviets hold one of its landing places and it reaches
their main source (``data/lend_lease.toml``); with optional rule 37 the Persian Corridor
opens nine months after Persia falls (``persia.py``).

Lend-Lease PP pay a step of an armour or air unit on their own, with no yellow PP beside
them (34.0), and are lost when the phase ends (they cannot be saved). A unit rebuilt with
them may appear in any Soviet major city that is a Soviet supply source, with no factory.
Design choice: a step is paid wholly with Lend-Lease PP or wholly as usual.

With optional rule 35 the Axis strikes the Arctic and Persian convoys first (35.2): one
round of fire by the strategic assets of ``data/tech.toml`` (``[convoy_attack]``), each hit
sinking one PP of that route's cargo, chosen at random; the Pacific route is never struck.
The rules are played only in the Advanced Game, where PP have colours (11.0).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources as files
from typing import Any, cast

from hexfront.engine.events import JSON

from .. import forces
from ..state import AXIS, SOVIET, BiteState
from ..units import UnitSpec
from . import persia
from .basics import node_named
from .level import advanced
from .resources import connected

LEND_LEASE = "or34_lend_lease"
STRATEGIC_WARFARE = "or35_strategic_warfare"
POOL = "lend_lease"  # state.flags: {"red": PP, "blue": PP} of this Soviet Production Phase
KINDS = ("armor", "air")


@dataclass(frozen=True, slots=True)
class Route:
    """One Lend-Lease route (``data/lend_lease.toml``)."""

    key: str
    entry: tuple[str, ...]
    closed_by: tuple[str, ...]
    convoy: str  # the convoy attack of 35.2 that strikes it, or ""


@dataclass(frozen=True, slots=True)
class LendLeaseData:
    colours: dict[str, str]  # kind of aid -> PP colour
    routes: tuple[Route, ...]
    city_types: frozenset[str]


@cache
def data() -> LendLeaseData:
    text = files.files("hexfront.games.bite").joinpath("data/lend_lease.toml").read_text()
    raw: dict[str, Any] = tomllib.loads(text)
    colours = {str(k): str(v) for k, v in raw["colours"].items()}
    if sorted(colours) != sorted(KINDS):
        raise ValueError("lend_lease.toml: [colours] must name armor and air")
    routes = tuple(
        Route(
            key=str(r["key"]),
            entry=tuple(str(x) for x in r["entry"]),
            closed_by=tuple(str(x) for x in r.get("closed_by", ())),
            convoy=str(r.get("convoy", "")),
        )
        for r in raw["route"]
    )
    unknown = {r.key for r in routes} - set(forces.LL_ROUTES)
    if unknown:
        raise ValueError(f"lend_lease.toml: unknown routes {sorted(unknown)}")
    return LendLeaseData(colours, routes, frozenset(str(t) for t in raw["placement"]["city_types"]))


def played(state: BiteState) -> bool:
    """34.0 is played: the option, in the Advanced Game (the basic game's PP are yellow)."""
    return state.options.get(LEND_LEASE) is True and advanced(state)


def convoys_attacked(state: BiteState) -> bool:
    """35.2: the convoys are struck (optional rule 35, with Lend-Lease played)."""
    return state.options.get(STRATEGIC_WARFARE) is True and played(state)


def due(turn: int) -> dict[str, dict[str, int]]:
    """What each route sends in ``turn``, by kind (the Turn Record Chart)."""
    if not forces.FIRST_TURN <= turn <= forces.LAST_TURN:
        return {}
    row = forces.turn_info(turn)
    return {k: dict(v) for k, v in row.lend_lease.items() if sum(v.values()) > 0}


def _soviet_net(state: BiteState) -> frozenset[int]:
    """The places whose goods reach the Soviet main source by rail or sea (11.2), found
    once per position (the state's cache is emptied by every action)."""
    found = state.cache.get("lend_lease_net")
    if isinstance(found, frozenset):
        return found
    main = state.w.main_sources.get("ussr")
    net = frozenset() if main is None else connected(state, SOVIET, main, mined=True)
    state.cache["lend_lease_net"] = net
    return net


def route_open(state: BiteState, route: Route) -> bool:
    """Whether ``route`` delivers now: the Persian Corridor open (37.0, when played), no
    closing place in Axis hands, and a landing place Soviet-held and linked to the main
    source by rail or sea (11.2)."""
    if route.key == "persia" and state.options.get(persia.PERSIA_JOINS) is True:
        opens = state.flags.get(persia.CORRIDOR)
        if not isinstance(opens, int) or state.turn < opens:
            return False
    for name in route.closed_by:
        node = node_named(state, name)
        if node is not None and state.control[node] == AXIS:
            return False
    net = _soviet_net(state)
    for name in route.entry:
        node = node_named(state, name)
        if node is not None and node in net:
            return True
    return False


def routes_now(state: BiteState) -> list[dict[str, JSON]]:
    """The Lend-Lease track for the view: each route's cargo this month and whether it is
    open (public: the Western aid is no secret)."""
    sent = due(state.turn)
    out: list[dict[str, JSON]] = []
    for route in data().routes:
        amounts = sent.get(route.key, {})
        out.append(
            {
                "route": route.key,
                "armor": amounts.get("armor", 0),
                "air": amounts.get("air", 0),
                "open": route_open(state, route),
                "convoys_attacked": bool(route.convoy) and convoys_attacked(state),
            }
        )
    return out


def arrive(state: BiteState) -> None:
    """34.0 (and 35.2): this month's aid reaches the Soviet pool of Lend-Lease PP, at the
    start of the Soviet Production Phase, the convoys struck first."""
    state.flags.pop(POOL, None)
    if not played(state) or "ussr" in state.surrendered:
        return
    got = {"red": 0, "blue": 0}
    colours = data().colours
    sent = due(state.turn)
    for route in data().routes:
        amounts = sent.get(route.key)
        if not amounts:
            continue
        cargo = {colours[k]: amounts.get(k, 0) for k in KINDS}
        if not route_open(state, route):
            state.emit("lend_lease_cut", route=route.key, pp=sum(cargo.values()))
            continue
        if route.convoy and convoys_attacked(state):
            convoy_attack(state, route, cargo)
        state.emit("lend_lease_arrives", route=route.key, red=cargo["red"], blue=cargo["blue"])
        for colour, pp in cargo.items():
            got[colour] += pp
    if sum(got.values()) > 0:
        state.flags[POOL] = got


def convoy_attack(state: BiteState, route: Route, cargo: dict[str, int]) -> None:
    """35.2: one round of fire at a route's convoy; each hit sinks one PP of its cargo,
    chosen at random (excess hits are lost). An asset fires from its arrival month
    (``data/units/others.toml``) while its nation is in the war."""
    assets = forces.tech_chart().extras.get("convoy_attack", {}).get(route.convoy, [])
    hits = 0
    for asset in assets:
        unit = forces.unit(str(asset["unit"]))
        if unit.arrival_turn is not None and state.turn < unit.arrival_turn:
            continue
        if unit.nation in state.surrendered:
            continue  # 36.0: Italy out of the war takes its submarine home
        hit = int(asset["hit"])
        label = "6" if hit >= 6 else f"{hit}-6"
        faces = state.dice.roll(
            int(asset["strength"]),
            f"convoy attack: {unit.name} hits on {label}",
            state.log,
            by=AXIS,
        )
        hits += sum(1 for f in faces if f >= hit)
    boxes = [c for c in ("red", "blue") for _ in range(cargo.get(c, 0))]
    lost = {"red": 0, "blue": 0}
    for _ in range(min(hits, len(boxes))):
        colour = boxes.pop(state.dice.below(len(boxes)))
        cargo[colour] -= 1
        lost[colour] += 1
    state.emit("convoy_attack", route=route.key, hits=hits, red=lost["red"], blue=lost["blue"])


# --- spending (34.0) ---------------------------------------------------------------------------


def pool(state: BiteState) -> dict[str, int]:
    """The Soviets' Lend-Lease PP of this phase (empty outside it)."""
    found = state.flags.get(POOL)
    return cast(dict[str, int], found) if isinstance(found, dict) else {}


def paying_colour(state: BiteState, spec: UnitSpec, colour: str | None, cost: int) -> str | None:
    """The Lend-Lease colour that may pay ``cost`` for a step of this unit alone (34.0:
    armour PP for armour, air PP for air units), or None."""
    if colour not in ("red", "blue") or spec.side != SOVIET:
        return None
    return colour if pool(state).get(colour, 0) >= cost > 0 else None


def spend(state: BiteState, colour: str, pp: int) -> None:
    mine = pool(state)
    mine[colour] = mine.get(colour, 0) - pp
    state.emit("lend_lease_spent", colour=colour, pp=pp)


def discard(state: BiteState) -> None:
    """34.0: Lend-Lease PP cannot be saved: what is left at the end of the phase is lost."""
    left = pool(state)
    if left and sum(left.values()) > 0:
        state.emit("lend_lease_lost", red=left.get("red", 0), blue=left.get("blue", 0))
    state.flags.pop(POOL, None)
