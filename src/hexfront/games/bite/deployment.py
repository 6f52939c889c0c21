"""Setups on a map: resolve lon/lat positions to hexes and check the deployment rules.

The data give every unit a historical position (lon/lat) and, for black-dot units and
airbases, a place name. :func:`resolve` turns a setup into hexes through any map that offers
the small :class:`DeployMap` interface: black-dot units go to their named place; every other
unit goes to the nearest hex that its deployment rule allows and that still has stacking room.
:func:`check_bss` and :func:`check_front_setup` then verify the rules (digest B.21), so a
hand-made deployment from the setup phase can be checked the same way.

The real map (``hexfront.games.bite.map``) is read through :class:`DeployAdapter`, other map
objects through :func:`adapt_map`; tests use a small synthetic map with the same interface.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, runtime_checkable

from hexfront.games.bite import forces
from hexfront.games.bite.forces import (
    AXIS_DOT_ZONES,
    SOVIET_DOT_ZONES,
    Placement,
    Setup,
    UnitRecord,
    is_air,
    is_ground,
    is_ground_combat,
)

# Neighbours of the USSR along the 1941 border (BSS and the manual's last page, with Iran).
BORDER_OWNERS: Final = frozenset(
    {
        "finland",
        "germany",
        "general_government",
        "poland",
        "hungary",
        "romania",
        "turkey",
        "iran",
        "persia",
    }
)
HOME_OWNER: Final[Mapping[str, str]] = {
    "finland": "finland",
    "romania": "romania",
    "hungary": "hungary",
    "slovakia": "slovakia",
}
MAX_GROUND: Final = 3  # 3.10
MAX_GROUND_COMBAT: Final = 2
MAX_AIR: Final = 1  # one air unit per airbase (3.4)
SEARCH_KM: Final = 260.0  # how far a unit may be moved from its historical position


@runtime_checkable
class DeployMap(Protocol):
    """What the deployment code needs from a map. Hexes are named by their printed id."""

    def hexes(self) -> Iterable[str]: ...
    def lonlat(self, h: str) -> tuple[float, float]: ...
    def owner(self, h: str) -> str: ...
    def zones(self, h: str) -> frozenset[str]: ...
    def zone_names(self) -> frozenset[str]: ...
    def neighbors(self, h: str) -> Iterable[str]: ...
    def node(self, name: str) -> str | None: ...
    def is_city(self, h: str) -> bool: ...
    def is_box(self, h: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class Finding:
    """A broken rule ('error') or something to look at ('warning')."""

    level: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass
class Resolved:
    """A setup placed on a map: unit id -> hex, plus what the resolver had to report."""

    hexes: dict[str, str] = field(default_factory=dict)
    strength: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    moved_km: dict[str, float] = field(default_factory=dict)


def km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Distance in km on a local flat approximation (good to ~1% at hex scale)."""
    mlat = math.radians((lat1 + lat2) / 2)
    return math.hypot((lon1 - lon2) * 111.32 * math.cos(mlat), (lat1 - lat2) * 110.57)


class _Stacks:
    def __init__(self) -> None:
        self.by_hex: dict[str, list[UnitRecord]] = {}

    def room(self, h: str, u: UnitRecord) -> bool:
        here = self.by_hex.get(h, [])
        if any(o.side != u.side for o in here):
            return False
        if is_air(u):
            return sum(is_air(o) for o in here) < MAX_AIR
        ground = [o for o in here if is_ground(o)]
        if len(ground) >= MAX_GROUND:
            return False
        return not (
            is_ground_combat(u) and sum(is_ground_combat(o) for o in ground) >= MAX_GROUND_COMBAT
        )

    def add(self, h: str, u: UnitRecord) -> None:
        self.by_hex.setdefault(h, []).append(u)

    def remove(self, h: str, u: UnitRecord) -> None:
        self.by_hex[h].remove(u)


Rule = Callable[[UnitRecord, str], str | None]


def bss_rule(m: DeployMap) -> Rule:
    """Where a unit may stand in the Barbarossa Standard Setup; returns why not, or None."""

    def rule(u: UnitRecord, h: str) -> str | None:
        owner = m.owner(h)
        if is_air(u) and not m.is_city(h):
            return "air units need an airbase city (3.4)"
        if u.dot == "black":
            return None  # checked against its named place
        if u.side == "soviet":
            if owner != "ussr":
                return f"Soviet units deploy inside the USSR, not in {owner}"
            zone = SOVIET_DOT_ZONES.get(u.dot or "")
            if zone and zone not in m.zones(h):
                return f"{u.dot} dot units deploy in {zone}"
            return None
        if owner == "ussr":
            return "Axis units deploy west of the Soviet border"
        home = HOME_OWNER.get(u.nation)
        if home and owner != home:
            return f"{u.nation} units deploy in {home}"
        if u.nation == "germany" and u.dot == "orange" and owner != "romania":
            return "the German orange-dot units deploy in Romania"
        zone = AXIS_DOT_ZONES.get(u.dot or "") if u.nation == "germany" else None
        if zone and zone not in m.zones(h):
            return f"{u.dot} dot German units deploy in {zone}"
        return None

    return rule


# The dashed start lines of SBE6-8 and the map zones of the hexes the Axis holds behind them.
START_LINE_YEAR: Final[Mapping[str, str]] = {"yellow": "1942", "green": "1943", "blue": "1944"}
AXIS_OWNERS: Final = frozenset(
    {"germany", "general_government", "finland", "romania", "hungary", "slovakia"}
    | {"italy", "norway", "bohemia", "austria"}
)


def axis_start_zone(line: str | None) -> str | None:
    """The map zone of the Axis side of a start line ('yellow' -> start_line_1942_axis)."""
    if line is None:
        return None
    return f"start_line_{START_LINE_YEAR.get(line, line)}_axis"


def front_rule(m: DeployMap, line: str | None) -> Rule:
    """1942-44 setups: each side on its side of the start line when the map draws it. The
    Axis side is the map's ``start_line_YYYY_axis`` zone (plus the Norwegian boxes); the
    Soviet side is every other hex of the USSR or of an Axis country (Soviet-held land)."""
    zone = axis_start_zone(line)
    active = zone is not None and zone in m.zone_names()

    def axis_side(h: str) -> bool:
        if m.is_box(h):
            return m.owner(h) in AXIS_OWNERS
        return zone in m.zones(h)

    def rule(u: UnitRecord, h: str) -> str | None:
        if is_air(u) and not m.is_city(h):
            return "air units need an airbase city (3.4)"
        if not active:
            return None
        if u.side == "axis" and not axis_side(h):
            return f"Axis units deploy behind the Axis start line ({zone})"
        if u.side == "soviet" and (axis_side(h) or m.owner(h) not in AXIS_OWNERS | {"ussr"}):
            return f"Soviet units deploy on the Soviet side of the start line (outside {zone})"
        return None

    return rule


class _Index:
    """Hex centres bucketed by whole degrees, for nearest-hex searches."""

    def __init__(self, m: DeployMap) -> None:
        self.cells: dict[tuple[int, int], list[tuple[str, float, float]]] = {}
        for h in m.hexes():
            if m.is_box(h):
                continue
            lon, lat = m.lonlat(h)
            self.cells.setdefault((math.floor(lon), math.floor(lat)), []).append((h, lon, lat))

    def near(self, lon: float, lat: float, radius_km: float) -> list[tuple[float, str]]:
        dlat = math.ceil(radius_km / 110.0)
        dlon = math.ceil(radius_km / (111.0 * max(0.2, math.cos(math.radians(lat)))))
        out = []
        for cx in range(math.floor(lon) - dlon, math.floor(lon) + dlon + 1):
            for cy in range(math.floor(lat) - dlat, math.floor(lat) + dlat + 1):
                for h, hl, ht in self.cells.get((cx, cy), ()):
                    d = km(lon, lat, hl, ht)
                    if d <= radius_km:
                        out.append((d, h))
        out.sort()
        return out


def resolve(
    st: Setup,
    m: DeployMap,
    rule: Rule,
    include_optional: bool = False,
    cover_border: bool = False,
    black_dots: bool = True,
) -> Resolved:
    """Place every unit of a setup on a hex of the map (see the module docstring).

    With ``cover_border`` (the BSS), Soviet dot units near a gap in the border screen are then
    shifted, one hex move at a time, while that reduces the number of uncovered border hexes.
    """
    res = Resolved()
    stacks = _Stacks()
    index = _Index(m)
    units = forces.units_by_id()
    placements = list(st.placements) + (list(st.optional_placements) if include_optional else [])

    def order(p: Placement) -> int:
        u = units[p.unit]
        return 0 if u.dot == "black" and black_dots else 2 if is_air(u) else 1

    for p in sorted(placements, key=order):
        u = units[p.unit]
        res.strength[u.id] = p.strength
        hex_id = _place_one(u, p, m, rule, stacks, index, res, black_dots)
        if hex_id is not None:
            res.hexes[u.id] = hex_id
            stacks.add(hex_id, u)
            if not m.is_box(hex_id):
                lon, lat = m.lonlat(hex_id)
                res.moved_km[u.id] = round(km(p.lon, p.lat, lon, lat), 1)
    if cover_border:
        _cover_border(res, m, rule, stacks)
    return res


def _uncovered(m: DeployMap, border: set[str], soviet_hexes: Iterable[str]) -> set[str]:
    covered: set[str] = set()
    for h in soviet_hexes:
        covered.add(h)
        covered.update(m.neighbors(h))
    return border - covered


def _cover_border(res: Resolved, m: DeployMap, rule: Rule, stacks: _Stacks) -> None:
    units = forces.units_by_id()
    border = border_hexes(m)
    movable = [
        uid
        for uid in res.hexes
        if units[uid].side == "soviet"
        and units[uid].dot not in (None, "black")
        and is_ground(units[uid])
    ]
    for _ in range(4 * len(movable)):
        soviet = [h for uid, h in res.hexes.items() if units[uid].side == "soviet"]
        missing = _uncovered(m, border, soviet)
        if not missing:
            return
        best: tuple[int, float, str, str] | None = None
        for target in sorted(missing):
            tlon, tlat = m.lonlat(target)
            spots = [target, *m.neighbors(target)]
            for uid in movable:
                here = res.hexes[uid]
                hlon, hlat = m.lonlat(here)
                if km(hlon, hlat, tlon, tlat) > 4 * 72:
                    continue
                u = units[uid]
                stacks.remove(here, u)
                for spot in spots:
                    if spot == here or m.is_box(spot) or rule(u, spot) is not None:
                        continue
                    if not stacks.room(spot, u):
                        continue
                    moved = [
                        spot if h == here and i == soviet.index(here) else h
                        for i, h in enumerate(soviet)
                    ]
                    gaps = _uncovered(m, border, moved)
                    slon, slat = m.lonlat(spot)
                    score = (len(gaps), km(hlon, hlat, slon, slat), uid, spot)
                    # Only moves that open no new gap: the screen never gets worse.
                    if gaps < missing and (best is None or score < best):
                        best = score
                stacks.add(here, u)
        if best is None:
            return
        _, _, uid, spot = best
        stacks.remove(res.hexes[uid], units[uid])
        stacks.add(spot, units[uid])
        res.hexes[uid] = spot
        res.findings.append(
            Finding("warning", "border", f"{uid} shifted to {spot} to close the border screen")
        )


def _place_one(
    u: UnitRecord,
    p: Placement,
    m: DeployMap,
    rule: Rule,
    stacks: _Stacks,
    index: _Index,
    res: Resolved,
    black_dots: bool,
) -> str | None:
    fixed = black_dots and u.dot == "black"
    named = p.place or (u.dot_place if fixed else None)
    node = m.node(named) if named else None
    if fixed:
        if node is not None:
            if not stacks.room(node, u):
                res.findings.append(
                    Finding("error", "stacking", f"{u.id}: no room at {named} ({node})")
                )
            return node
        res.findings.append(
            Finding(
                "warning", "place", f"{u.id}: the map has no place {named!r}; using its lon/lat"
            )
        )
    elif node is not None and rule(u, node) is None and stacks.room(node, u):
        return node
    candidates = index.near(p.lon, p.lat, SEARCH_KM)
    for _, h in candidates:
        if (fixed or rule(u, h) is None) and stacks.room(h, u):
            return h
    if candidates:
        res.findings.append(
            Finding(
                "error",
                "deployment",
                f"{u.id}: no legal hex with room within {SEARCH_KM:.0f} km of {p.lon},{p.lat}",
            )
        )
        return candidates[0][1]
    res.findings.append(Finding("error", "unknown hex", f"{u.id}: no map hex near {p.lon},{p.lat}"))
    return None


def _stacking(res: Resolved, m: DeployMap) -> list[Finding]:
    units = forces.units_by_id()
    out = []
    by_hex: dict[str, list[UnitRecord]] = {}
    for uid, h in res.hexes.items():
        by_hex.setdefault(h, []).append(units[uid])
    for h, here in sorted(by_hex.items()):
        ground = [u for u in here if is_ground(u)]
        gcu = [u for u in ground if is_ground_combat(u)]
        air = [u for u in here if is_air(u)]
        ids = ", ".join(u.id for u in here)
        if len({u.side for u in here}) > 1:
            out.append(Finding("error", "stacking", f"{h}: both sides in one hex ({ids})"))
        if len(ground) > MAX_GROUND or len(gcu) > MAX_GROUND_COMBAT:
            out.append(
                Finding("error", "stacking", f"{h}: more than 3 ground / 2 combat units ({ids})")
            )
        if len(air) > MAX_AIR:
            out.append(Finding("error", "stacking", f"{h}: more than 1 air unit ({ids})"))
        if air and not m.is_city(h) and not m.is_box(h):
            out.append(
                Finding("error", "airbase", f"{h}: air unit outside an airbase city ({ids})")
            )
    return out


def border_hexes(m: DeployMap) -> set[str]:
    """Hexes on either side of the Soviet border with the BSS neighbours."""
    out = set()
    for h in m.hexes():
        if m.is_box(h):
            continue
        mine = m.owner(h)
        for n in m.neighbors(h):
            if m.is_box(n):
                continue
            other = m.owner(n)
            if (mine == "ussr" and other in BORDER_OWNERS) or (
                mine in BORDER_OWNERS and other == "ussr"
            ):
                out.add(h)
                break
    return out


def check_bss(
    m: DeployMap, res: Resolved | None = None, include_optional: bool = False
) -> list[Finding]:
    """Every BSS deployment rule (digest B.21) on this map; empty = legal."""
    st = forces.setup("BSS")
    rule = bss_rule(m)
    if res is None:
        res = resolve(st, m, rule, include_optional, cover_border=True)
    units = forces.units_by_id()
    out = list(res.findings)
    for uid, h in sorted(res.hexes.items()):
        u = units[uid]
        why = rule(u, h)
        if why:
            out.append(Finding("error", "area", f"{uid} at {h}: {why}"))
        if u.dot == "black" and u.dot_place:
            node = m.node(u.dot_place)
            if node is not None and node != h:
                out.append(
                    Finding(
                        "error", "black dot", f"{uid} must stand at {u.dot_place} ({node}), not {h}"
                    )
                )
        if (
            u.side == "axis"
            and u.nation == "germany"
            and not m.is_box(h)
            and m.owner(h) == "finland"
        ):
            pass  # counted below
    german_in_finland = [
        uid
        for uid, h in res.hexes.items()
        if units[uid].nation == "germany"
        and is_ground(units[uid])
        and ("finland_1941" in m.zones(h) or m.owner(h) == "finland")
    ]
    if len(german_in_finland) > 1:
        out.append(
            Finding(
                "error",
                "finland",
                f"{len(german_in_finland)} German units in Finland: {german_in_finland}",
            )
        )
    out += _stacking(res, m)
    out += check_border_cover(m, res)
    return out


def check_border_cover(m: DeployMap, res: Resolved) -> list[Finding]:
    """Every hex on both sides of the Soviet border is held by a Soviet unit or in its ZOC."""
    units = forces.units_by_id()
    soviet = {h for uid, h in res.hexes.items() if units[uid].side == "soviet"}
    covered = set(soviet)
    for h in soviet:
        covered.update(m.neighbors(h))
    missing = sorted(border_hexes(m) - covered)
    if not missing:
        return []
    return [
        Finding(
            "error",
            "border",
            f"{len(missing)} border hexes neither held by nor adjacent to a Soviet unit: "
            + ", ".join(missing[:30]),
        )
    ]


def resolve_setup(name: str, m: DeployMap, include_optional: bool = False) -> Resolved:
    """A whole setup's default deployment on a map: the BSS by its dots and black dots
    (closing the border screen), a 1942/1943/1944 setup by its start line."""
    st = forces.setup(name)
    if st.start_line is None:
        return resolve(st, m, bss_rule(m), include_optional, cover_border=True)
    return resolve(st, m, front_rule(m, st.start_line), include_optional, black_dots=False)


def check_front_setup(name: str, m: DeployMap) -> list[Finding]:
    """A 1942/1943/1944 default deployment: stacking, airbases and start-line sides."""
    st = forces.setup(name)
    rule = front_rule(m, st.start_line)
    res = resolve_setup(name, m)
    units = forces.units_by_id()
    out = list(res.findings)
    for uid, h in sorted(res.hexes.items()):
        why = rule(units[uid], h)
        if why:
            out.append(Finding("error", "area", f"{uid} at {h}: {why}"))
    out += _stacking(res, m)
    return out


FROZEN_DISTRICTS: Final = frozenset({"md_leningrad", "md_odessa", "md_caucasus"})


def frozen_on_turn1(hexes: Mapping[str, str], m: DeployMap) -> set[str]:
    """Units frozen in June 1941 (3.21, SBE5) given where they stand: the dot-based list of
    ``UnitRecord.frozen_turn1`` plus every Soviet unit (black dots too) inside the Leningrad, Odessa
    or Caucasus district, and every Axis ground unit in Romania except Antonescu.

    Units in off-map boxes follow their dot only."""
    units = forces.units_by_id()
    out = {uid for uid in hexes if units[uid].frozen_turn1}
    for uid, h in hexes.items():
        u = units[uid]
        if m.is_box(h):
            continue
        if u.side == "soviet" and m.zones(h) & FROZEN_DISTRICTS:
            out.add(uid)
        if u.side == "axis" and is_ground(u) and u.cls != "supreme_hq" and m.owner(h) == "romania":
            out.add(uid)
    return out


def missing_zones(m: DeployMap) -> list[str]:
    wanted = set(SOVIET_DOT_ZONES.values()) | set(AXIS_DOT_ZONES.values())
    return sorted(wanted - set(m.zone_names()))


# --------------------------------------------------------------------------- the real map


class MapAdapterError(Exception):
    pass


def adapt_map(obj: Any) -> DeployMap:
    """Wrap the map object of ``hexfront.games.bite.map`` in the :class:`DeployMap` interface.

    Accepts an object that already is a DeployMap, or one with ``hexes`` (a mapping or sequence
    of hex records with ``lon``, ``lat``, ``owner_1941`` and ``zones``), ``neighbors(h)`` and
    ``node(name)``. Raises :class:`MapAdapterError` naming what is missing.
    """
    if isinstance(obj, DeployMap):
        return obj
    return _AttrMap(obj)


def _get(rec: Any, *names: str) -> Any:
    for n in names:
        if isinstance(rec, Mapping) and n in rec:
            return rec[n]
        if hasattr(rec, n):
            return getattr(rec, n)
    return None


class _AttrMap:
    """Reads a map whose ``hexes`` are records (objects or dicts) keyed by index or id."""

    def __init__(self, obj: Any) -> None:
        raw = _get(obj, "hexes")
        if callable(raw):
            raw = raw()
        if raw is None:
            raise MapAdapterError("the map has no 'hexes'")
        items = list(raw.items()) if isinstance(raw, Mapping) else list(enumerate(raw))
        if not items:
            raise MapAdapterError("the map has no hexes")
        self.obj = obj
        self.recs: dict[str, Any] = {}
        self.key_of: dict[str, Any] = {}  # printed id -> the map's own key
        self.id_of: dict[Any, str] = {}  # the map's own key (or printed id) -> printed id
        for key, rec in items:
            label = _get(rec, "map_id", "id", "label", "name")
            hid = str(label if label is not None else key)
            self.recs[hid] = rec
            self.key_of[hid] = key
            self.id_of[key] = hid
            self.id_of[hid] = hid
        sample = items[0][1]
        for need in ("lon", "lat"):
            if _get(sample, need) is None:
                raise MapAdapterError(f"hex records have no {need!r}")
        nb = _get(obj, "neighbors") or _get(obj, "adjacent")
        if not callable(nb):
            raise MapAdapterError("the map has no neighbors(hex)")
        self._neighbors = nb
        self._zones = frozenset(z for r in self.recs.values() for z in self._zones_of(r))

    def hexes(self) -> Iterable[str]:
        return self.recs.keys()

    def lonlat(self, h: str) -> tuple[float, float]:
        r = self.recs[h]
        return float(_get(r, "lon")), float(_get(r, "lat"))

    def owner(self, h: str) -> str:
        return str(_get(self.recs[h], "owner_1941", "owner") or "")

    @staticmethod
    def _zones_of(rec: Any) -> frozenset[str]:
        z = _get(rec, "zones")
        return frozenset(z) if z else frozenset()

    def zones(self, h: str) -> frozenset[str]:
        return self._zones_of(self.recs[h])

    def zone_names(self) -> frozenset[str]:
        return self._zones

    def neighbors(self, h: str) -> Iterable[str]:
        return [self.id_of.get(n, str(n)) for n in self._neighbors(self.key_of[h])]

    def node(self, name: str) -> str | None:
        f = _get(self.obj, "node")
        if not callable(f):
            return None
        try:
            n = f(name)
        except (KeyError, ValueError, LookupError):
            return None
        return None if n is None else self.id_of.get(n, str(n))

    def is_city(self, h: str) -> bool:
        return bool(_get(self.recs[h], "city", "city_type", "is_city", "airbase"))

    def is_box(self, h: str) -> bool:
        return bool(_get(self.recs[h], "box", "is_box", "off_map"))


class DeployAdapter:
    """The mapboard through the small interface the deployment code uses (printed ids)."""

    def __init__(self, bite_map: Any) -> None:
        self.m = bite_map

    def hexes(self) -> Iterable[str]:
        """Playable hexes and the boxes: units never stand in water or partial hexes."""
        return [self.m.id_of(n) for n in range(self.m.node_count) if self.m.playable[n]]

    def lonlat(self, h: str) -> tuple[float, float]:
        ll = self.m.lonlat[self.m.node(h)]
        return (0.0, 0.0) if ll is None else (float(ll[0]), float(ll[1]))

    def owner(self, h: str) -> str:
        return str(self.m.owner_1941[self.m.node(h)] or "")

    def zones(self, h: str) -> frozenset[str]:
        return frozenset(self.m.zones_of(self.m.node(h)))

    def zone_names(self) -> frozenset[str]:
        return frozenset(self.m.zone_names)

    def neighbors(self, h: str) -> Iterable[str]:
        n = self.m.node(h)
        return [self.m.id_of(x) for x in self.m.adjacency[n] if self.m.playable[x]]

    def node(self, name: str) -> str | None:
        try:
            return str(self.m.id_of(self.m.node(name)))
        except (KeyError, ValueError, LookupError):
            return None

    def is_city(self, h: str) -> bool:
        p = self.m.place_at.get(self.m.node(h))
        return p is not None and p.type in ("capital", "major", "minor", "fortress")

    def is_box(self, h: str) -> bool:
        return bool(self.m.is_box(self.m.node(h)))


def load_real_map() -> tuple[DeployMap | None, str]:
    """The project map through :class:`DeployAdapter`, or None and the reason."""
    try:
        from hexfront.games.bite.map import load_map
    except ImportError as exc:
        return None, f"hexfront.games.bite.map is not importable ({exc})"
    return DeployAdapter(load_map()), "hexfront.games.bite.map.load_map()"


# --------------------------------------------------------------------------- 1942-44 charts
#
# The long scenarios SBE6-SBE8 set up from the Scenario Setup Charts (booklet, long
# scenarios): per power and type of block, how many blocks and how many steps in all. A
# player shares the steps out as he likes, as long as their sum stays within the chart's
# total, and places the blocks on his side of the scenario's dashed start line, with every
# hex along the line occupied (digest B.20, B.22), 1942's Kerch held by the Soviets, and at
# least two German mountain units in Norway, Sweden or Finland.

SCANDINAVIA_OWNERS: Final = frozenset({"norway", "sweden", "finland"})


def front_hexes(m: DeployMap, line: str | None) -> dict[str, set[str]]:
    """The hexes along a start line, per side: the Axis ones with a Soviet-side neighbour,
    the Soviet-side ones with an Axis neighbour (off-map boxes apart). Empty when the map
    does not draw the line."""
    zone = axis_start_zone(line)
    out: dict[str, set[str]] = {"axis": set(), "soviet": set()}
    if zone is None or zone not in m.zone_names():
        return out
    land = [h for h in m.hexes() if not m.is_box(h)]
    axis = {h for h in land if zone in m.zones(h)}

    def soviet_side(h: str) -> bool:
        return h not in axis and m.owner(h) in AXIS_OWNERS | {"ussr"}

    for h in land:
        if h in axis:
            if any(not m.is_box(n) and soviet_side(n) for n in m.neighbors(h)):
                out["axis"].add(h)
        elif soviet_side(h) and any(n in axis for n in m.neighbors(h)):
            out["soviet"].add(h)
    return out


ADJECTIVES: Final[Mapping[str, str]] = {
    "germany": "German",
    "italy": "Italian",
    "finland": "Finnish",
    "romania": "Romanian",
    "hungary": "Hungarian",
    "slovakia": "Slovak",
    "ussr": "Soviet",
}


def check_chart_steps(
    name: str,
    strength: Mapping[str, int],
    units: Iterable[str] | None = None,
    side: str | None = None,
) -> list[Finding]:
    """The chart's block counts and step totals (booklet: the steps may be shared out freely
    within each total), and each block's strength a value of its ladder above 0; ``side``
    limits the check to that side's lines of the chart."""
    st = forces.setup(name)
    known = forces.units_by_id()
    chosen = set(strength) if units is None else set(units)
    out: list[Finding] = []
    totals: dict[tuple[str, str, str], list[int]] = {}
    for uid in sorted(chosen):
        u = known.get(uid)
        if u is None:
            out.append(Finding("error", "chart", f"{uid} is no BITE block"))
            continue
        s = strength.get(uid, u.full_strength)
        if s not in u.ladder or s <= 0:
            shown = ", ".join(str(v) for v in u.ladder if v > 0)
            out.append(
                Finding("error", "chart", f"{u.name} cannot start at strength {s} ({shown})")
            )
        row = totals.setdefault((u.side, u.nation, u.cls), [0, 0])
        row[0] += 1
        row[1] += s
    for c in st.chart:
        if side is not None and c.side != side:
            continue
        blocks, steps = totals.pop((c.side, c.nation, c.cls), [0, 0])
        what = f"{ADJECTIVES.get(c.nation, c.nation)} {c.cls.replace('_', ' ')}"
        if blocks != c.blocks:
            out.append(
                Finding("error", "chart", f"{what}: {blocks} blocks, the chart has {c.blocks}")
            )
        if steps > c.steps:
            out.append(
                Finding(
                    "error",
                    "chart",
                    f"{what}: {steps} steps, more than the chart's {c.steps}",
                )
            )
    for (_side, nation, cls), (blocks, _steps) in sorted(totals.items()):
        what = f"{ADJECTIVES.get(nation, nation)} {cls.replace('_', ' ')}"
        out.append(Finding("error", "chart", f"{what}: {blocks} blocks, the chart has none"))
    return out


def check_chart_deployment(
    name: str,
    hexes: Mapping[str, str],
    strength: Mapping[str, int],
    m: DeployMap,
    *,
    side: str | None = None,
    soviet_places: Iterable[str] = (),
    mountain_north: int = 0,
) -> list[Finding]:
    """Every setup rule of a 1942/1943/1944 deployment (``hexes``: unit -> hex), for one
    side or both: the chart, the start line, stacking and airbases, every hex along the line
    occupied, the places the Soviets must hold (1942: Kerch) and the German mountain units
    in Scandinavia. Empty: legal."""
    st = forces.setup(name)
    known = forces.units_by_id()
    sides = ("axis", "soviet") if side is None else (side,)
    mine = {uid: h for uid, h in hexes.items() if uid in known and known[uid].side in sides}
    out = check_chart_steps(name, strength, list(mine), side)
    rule = front_rule(m, st.start_line)
    for uid, h in sorted(mine.items()):
        why = rule(known[uid], h)
        if why:
            out.append(Finding("error", "area", f"{known[uid].name} at {h}: {why}"))
    out += _stacking(Resolved(hexes=dict(hexes)), m)
    held: dict[str, set[str]] = {"axis": set(), "soviet": set()}
    for uid, h in hexes.items():
        if uid in known and is_ground(known[uid]):
            held[known[uid].side].add(h)
    for who, line in sorted(front_hexes(m, st.start_line).items()):
        if who not in sides:
            continue
        empty = sorted(line - held[who])
        if empty:
            shown = ", ".join(empty[:8]) + (" …" if len(empty) > 8 else "")
            out.append(
                Finding(
                    "error",
                    "front",
                    f"{len(empty)} {who} hexes along the start line are empty: {shown}",
                )
            )
    if "soviet" in sides:
        for place in soviet_places:
            spot = m.node(place)
            if spot is not None and spot not in held["soviet"]:
                out.append(Finding("error", "place", f"a Soviet ground unit must hold {place}"))
    if "axis" in sides and mountain_north:
        north = sum(
            1
            for uid, h in mine.items()
            if known[uid].nation == "germany"
            and known[uid].cls == "mountain"
            and m.owner(h) in SCANDINAVIA_OWNERS
        )
        if north < mountain_north:
            out.append(
                Finding(
                    "error",
                    "mountain",
                    f"{mountain_north} German mountain units must stand in Norway, Sweden or "
                    f"Finland ({north} do)",
                )
            )
    return out


def standard_front(
    name: str,
    m: DeployMap,
    soviet_places: Iterable[str] = (),
    mountain_north: int = 0,
    mountain_post: str | None = None,
) -> Resolved:
    """The quick-start (and AI) deployment of a 1942-44 setup: the chart's default
    distribution of steps (data/setups), each block near its historical position, then
    German mountain units sent to ``mountain_post`` until ``mountain_north`` stand in
    Scandinavia, then ground blocks moved up, nearest first, to every empty hex along the
    start line (design choices: the post is the scenario's; the blocks come from hexes away
    from the line, or sharing a line hex with another block)."""
    st = forces.setup(name)
    rule = front_rule(m, st.start_line)
    res = resolve_setup(name, m)
    known = forces.units_by_id()
    stacks = _Stacks()
    for uid, h in res.hexes.items():
        stacks.add(h, known[uid])
    keep = {m.node(p) for p in soviet_places} - {None}
    north = [
        uid
        for uid, h in res.hexes.items()
        if known[uid].nation == "germany"
        and known[uid].cls == "mountain"
        and m.owner(h) in SCANDINAVIA_OWNERS
    ]
    post = m.node(mountain_post) if mountain_post else None
    for uid in sorted(res.hexes):  # the missing mountain units go north, lowest ids first
        u = known[uid]
        if len(north) >= mountain_north or post is None:
            break
        german_mountain = u.nation == "germany" and u.cls == "mountain"
        if not german_mountain or uid in north or rule(u, post) is not None:
            continue
        if stacks.room(post, u):
            stacks.remove(res.hexes[uid], u)
            stacks.add(post, u)
            res.hexes[uid] = post
            north.append(uid)
    fixed = set(sorted(north)[:mountain_north])
    for who, line in sorted(front_hexes(m, st.start_line).items()):
        for target in sorted(line):
            if _ground_here(stacks, target, who):
                continue
            tlon, tlat = m.lonlat(target)
            best: tuple[float, str] | None = None
            for uid, here in res.hexes.items():
                u = known[uid]
                if u.side != who or not is_ground_combat(u) or uid in fixed or m.is_box(here):
                    continue
                if here in keep or (here in line and _ground_here(stacks, here, who) < 2):
                    continue
                if rule(u, target) is not None:
                    continue
                stacks.remove(here, u)
                room = stacks.room(target, u)
                stacks.add(here, u)
                if not room:
                    continue
                hlon, hlat = m.lonlat(here)
                d = km(hlon, hlat, tlon, tlat)
                if best is None or (d, uid) < best:
                    best = (d, uid)
            if best is None:
                res.findings.append(
                    Finding("warning", "front", f"no {who} block left to hold {target}")
                )
                continue
            uid = best[1]
            stacks.remove(res.hexes[uid], known[uid])
            stacks.add(target, known[uid])
            res.hexes[uid] = target
    return res


def _ground_here(stacks: _Stacks, h: str, side: str) -> int:
    return sum(1 for u in stacks.by_hex.get(h, []) if u.side == side and is_ground(u))


@dataclass(frozen=True, slots=True)
class FrontRules:
    """A long scenario's setup rules beyond the chart and the start line (its data flags)."""

    setup: str
    soviet_places: tuple[str, ...] = ()  # 1942: Kerch starts Soviet-held
    mountain_north: int = 0
    mountain_post: str | None = None


def front_rules(scenario: str, options: Mapping[str, Any] | None = None) -> FrontRules | None:
    """The 1942-44 setup rules of SBE6-SBE8; None for a scenario set up otherwise. The
    Spanish and Italian 2.x booklets do not say that Kerch starts Soviet (``options``'
    rulebook version, data/versions.toml)."""
    from .versions import differs

    sc = forces.scenario(scenario)
    name = str(sc.setup.get("name", "BSS"))
    if forces.setup(name).start_line is None:
        return None
    post = sc.flags.get("mountain_post")
    kerch = bool(sc.flags.get("kerch_soviet_controlled"))
    if kerch and options is not None and differs(options, "sbe6_kerch_not_soviet"):
        kerch = False
    return FrontRules(
        setup=name,
        soviet_places=("Kerch",) if kerch else (),
        mountain_north=int(sc.flags.get("mountain_units_in_scandinavia", 0)),
        mountain_post=None if post is None else str(post),
    )
