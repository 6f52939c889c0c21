"""Assemble a scenario's static data (map, blocks, charts) into a :class:`World`.

The map (``map.py``) and the forces (``forces.py``) are plain data with their own shapes;
this module adapts them to what the rules read: :class:`~.board.Board`,
:class:`~.units.UnitSpec`, :class:`~.units.TechChart` and :class:`~.state.ScenarioSpec`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from hexfront.engine.errors import UnknownGame
from hexfront.engine.events import JSON

from . import deployment, forces
from .board import Site, in_scandinavia
from .charts import charts
from .state import Income, ScenarioSpec, World
from .units import OFF_MAP_CLASS, Profile, UnitSpec, german_mountain

# 4.1: the main supply source of each power.
MAIN_SOURCES = {
    "ussr": "SIBERIA",
    "germany": "Berlin",
    "italy": "Belgrade",
    "finland": "Helsinki",
    "romania": "Bucharest",
    "hungary": "Budapest",
    "slovakia": "Bratislava",
}


class MapBoard:
    """The generated mapboard (``map.BiteMap``) seen through the rules' Board interface."""

    def __init__(self, bite_map: Any) -> None:
        self.m = bite_map
        self.node_count: int = bite_map.node_count
        self.adjacency: Sequence[Sequence[int]] = bite_map.adjacency
        self.rail_adjacency: Sequence[Sequence[int]] = bite_map.rail_adjacency
        self.terrain: Sequence[str] = bite_map.terrain
        self.playable: Sequence[bool] = bite_map.playable
        self.owner_1941: Sequence[str | None] = bite_map.owner_1941
        self.sites: dict[int, Site] = {}
        # Cities and sites in hexes, and the ports of the off-map boxes (3.7: a box is ruled
        # like a hex; Narvik and Tromso open on the Norwegian Sea, 4.2).
        box_ports = {
            p.node: p
            for p in bite_map.places.values()
            if p.node >= bite_map.hex_count and p.port and p.sea
        }
        for node, p in {**bite_map.place_at, **box_ports}.items():
            if p.type is None:
                continue
            self.sites[node] = Site(
                name=p.name,
                node=node,
                type=None if p.type == "site" else p.type,
                victory=p.victory,
                bunker=p.bunker,
                port=p.port,
                freezes=p.freezes,
                shipyard=p.shipyard,
                country=p.country_1941,
                yellow=p.production.yellow,
                sea=p.sea,
                factories=tuple(f.colour for f in p.factories if f.active),
                aliases=tuple(p.aliases),
            )
        self._zone_cache: dict[str, frozenset[int]] = {}
        self._hex_count: int = bite_map.hex_count
        self._axial: list[tuple[int, int]] = [
            bite_map.grid.axial(h) for h in range(self._hex_count)
        ]
        self._box_distance: dict[tuple[int, int], int] = {}
        self._ids = [str(bite_map.id_of(n)) for n in range(self.node_count)]
        self._nodes = {name: n for n, name in enumerate(self._ids)}
        # Deep water and straits stop zones of control (3.19).
        self._zoc_stop: set[tuple[int, int]] = set()
        self._red_arrows: set[tuple[int, int]] = set()  # both orders
        for a in range(self.node_count):
            for b in self.adjacency[a]:
                if bite_map.is_red_arrow(a, b):
                    self._red_arrows.add((a, b))
                if a < b and (bite_map.is_red_arrow(a, b) or _deep(bite_map, a, b)):
                    self._zoc_stop.add((a, b))

    def id_of(self, node: int) -> str:
        if 0 <= node < len(self._ids):
            return self._ids[node]  # asked for every listed action
        return str(self.m.id_of(node))

    def node(self, name: str) -> int:
        found = self._nodes.get(name)  # a hex or box ID, as every action names them
        return found if found is not None else int(self.m.node(name))

    def distance(self, a: int, b: int) -> int:
        # Asked millions of times by path searches and the AI: the grid formula inline,
        # and each distance to or from an off-map box worked out once.
        hexes = self._hex_count
        if a < hexes and b < hexes:
            aq, ar = self._axial[a]
            bq, br = self._axial[b]
            dq, dr = aq - bq, ar - br
            return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        found = self._box_distance.get((a, b))
        if found is None:
            found = self._box_distance[(a, b)] = int(self.m.distance(a, b))
        return found

    def min_distance(self, node: int, targets: Sequence[int]) -> int | None:
        # The AI asks this for every hex it weighs, against every enemy block: one loop
        # on axial coordinates, the off-map boxes through distance().
        hexes = self._hex_count
        if node >= hexes:
            return min((self.distance(node, t) for t in targets), default=None)
        axial = self._axial
        q, r = axial[node]
        best: int | None = None
        for t in targets:
            if t < hexes:
                tq, tr = axial[t]
                dq, dr = q - tq, r - tr
                d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            else:
                d = self.distance(node, t)
            if best is None or d < best:
                best = d
        return best

    def river_between(self, a: int, b: int) -> str | None:
        r = self.m.river_between(a, b)
        return None if r is None else str(r)

    def is_red_arrow(self, a: int, b: int) -> bool:
        return (a, b) in self._red_arrows  # asked for every step of every path search

    def blocks_zoc(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self._zoc_stop

    def zone(self, name: str) -> frozenset[int]:
        """Nodes of a map zone; an unknown zone is empty (the rules ask for optional ones)."""
        cached = self._zone_cache.get(name)
        if cached is None:
            try:
                cached = frozenset(self.m.zone(name))
            except KeyError:
                cached = frozenset()
            self._zone_cache[name] = cached
        return cached


def _deep(bite_map: Any, a: int, b: int) -> bool:
    if a >= bite_map.hex_count or b >= bite_map.hex_count:
        return False
    flags = bite_map.hexside_flags(a, b)
    return bool(flags.deep_water or flags.strait)


class ForcesTech:
    """The Tech Level Chart of ``data/tech.toml`` through the rules' TechChart interface.

    ``guards_motorized``: the Advanced Game's Guards move 4 MP from the start, Guards
    cavalry 5 (10.0), or more when their TECH gives more. ``static_nations``: the Axis
    minor powers whose TECH stays at its first-turn level (optional rule 17 not played,
    17.1); the default is the full schedule of ``data/tech.toml``.
    """

    def __init__(
        self, guards_motorized: bool = False, static_nations: frozenset[str] = frozenset()
    ) -> None:
        self.guards_motorized = guards_motorized
        self.static_nations = static_nations

    def profile(self, unit: UnitSpec, turn: int) -> Profile:
        if unit.nation in self.static_nations:
            turn = forces.FIRST_TURN  # 17.1 not played: no development
        e = _entry(unit.id, turn)
        mp = e.mp
        if self.guards_motorized and "guards" in unit.traits and unit.is_ground:
            chart = charts()
            mp = max(mp, chart.guards_cavalry_mp if unit.cls == "cavalry" else chart.guards_mp)
        return Profile(
            e.attack, e.defence, e.a2a, e.a2g, mp, e.range, frozenset(e.abilities), e.tech
        )


@cache
def _entry(uid: str, turn: int) -> forces.TechEntry:
    return forces.firepower(forces.unit(uid), turn)


def unit_spec(u: forces.UnitRecord) -> UnitSpec:
    traits = set(u.abilities) & {"ski"}
    if u.cls == "heavy_artillery":
        traits.add("gustav")
    if u.guards:
        traits.add("guards")
    return UnitSpec(
        u.id,
        u.name,
        u.side,
        u.nation,
        u.cls,
        u.ladder,
        u.colours,
        elite=u.elite,
        tech=u.tech,
        dot=u.dot,
        dot_place=u.dot_place,
        traits=frozenset(traits),
    )


@cache
def _map() -> Any:
    import importlib

    try:
        bite_map = importlib.import_module("hexfront.games.bite.map")
    except ImportError:
        raise UnknownGame(
            "the BITE mapboard is not in this build yet, so no scenario can be set up"
        ) from None
    return bite_map.load_map()


def _dots_match(u: forces.UnitRecord, dots: object) -> bool:
    if dots in (None, "all"):
        return True
    assert isinstance(dots, (list, tuple))
    return u.dot in dots


# Scenarios refused by build_world while their rules are missing (none since issue 15
# built the long scenarios' setups, dated events and economy; tests still set it).
_NOT_YET_PLAYABLE: frozenset[str] = frozenset()


def _optional_block(options: Mapping[str, JSON], rule: str, *, basic: bool = False) -> bool:
    """A block of an optional rule (its data says ``optional_rule = "26.0"``) joins the
    game's reinforcements when that rule is played (a rule not offered yet: never). The
    Italian 2.x booklet plays the short scenarios (``basic``) without the Slovaks and the
    rear-area security corps, the blocks of 27.0."""
    from .optional import optional_rules
    from .versions import differs

    chapter = rule.split(".")[0]
    if basic and chapter == "27" and differs(options, "short_scenarios_without_slovaks"):
        return False
    return any(r.rule == chapter and options.get(r.key) is True for r in optional_rules())


def _rule_entered() -> frozenset[str]:
    """Blocks that enter play only through their rule's own steps (30.0: the Chechens,
    ``rules/optional_forces.py``), never as a Battle Sheet reinforcement. Read from the
    data here: the world is built before the rules and must not import them."""
    chechens = forces.battle_sheets().pools.get("chechens", {})
    return frozenset({str(chechens.get("unit", "ger-chechen"))})


def _playable_ids() -> list[str]:
    return [sid for sid in forces.SCENARIO_IDS if sid not in _NOT_YET_PLAYABLE]


def build_world(scenario: str, options: Mapping[str, JSON]) -> World:
    try:
        sc = forces.scenario(scenario)
    except (KeyError, ValueError, forces.DataError):
        known = ", ".join(forces.SCENARIO_IDS)
        raise UnknownGame(f"BITE has no scenario {scenario!r}; scenarios: {known}") from None
    if sc.id in _NOT_YET_PLAYABLE:
        raise UnknownGame(f"{scenario} is not playable yet; playable: {', '.join(_playable_ids())}")
    bite_map = _map()
    board = MapBoard(bite_map)
    dmap = deployment.DeployAdapter(bite_map)
    units = {u.id: unit_spec(u) for u in forces.load_units()}
    aside = set(sc.flags.get("basic_game_sets_aside", ()))
    setup = forces.setup(str(sc.setup.get("name", "BSS")))
    soviet_dots, axis_dots = sc.setup.get("soviet_dots"), sc.setup.get("axis_dots")
    chosen = tuple(
        p
        for p in setup.placements
        if _dots_match(
            forces.unit(p.unit), soviet_dots if forces.unit(p.unit).side == "soviet" else axis_dots
        )
        and forces.unit(p.unit).cls not in aside
    )
    from dataclasses import replace

    # 27.0: the optional rules' own placements (the Slovak corps) when their rule is played
    extra = tuple(
        p
        for p in setup.optional_placements
        if p.rule is not None and _optional_block(options, p.rule, basic=sc.rules == "basic")
    )
    sub = replace(setup, placements=chosen, optional_placements=extra)
    front = deployment.front_rules(sc.id, options)
    if front is not None:  # SBE6-SBE8: the 1942-44 charts, every hex of the start line held
        resolved = deployment.standard_front(
            front.setup, dmap, front.soviet_places, front.mountain_north, front.mountain_post
        )
    else:
        resolved = deployment.resolve(
            sub,
            dmap,
            deployment.bss_rule(dmap),
            include_optional=bool(extra),
            cover_border=sc.setup.get("name") == "BSS",
        )
    hexes = dict(resolved.hexes)
    wanted = int(sc.flags.get("mountain_units_in_scandinavia", 0))
    post = sc.flags.get("mountain_post")
    if wanted and post is not None:
        _send_mountain_units_north(board, units, hexes, wanted, str(post))
    placements = tuple(
        (uid, board.node(hex_id), resolved.strength.get(uid, units[uid].ladder[0]))
        for uid, hex_id in sorted(hexes.items())
    )
    area = _area(board, sc.id, sc.map_area)
    reinforcements = []
    basic = sc.rules == "basic"  # the Italian 2.x booklet's short scenarios (_optional_block)
    for turn in range(sc.start_turn, sc.end_turn + 1):
        for u in forces.reinforcements(turn):
            if u.cls in aside or u.side == "western" or u.count_group == "german_strategic":
                continue
            if u.cls in OFF_MAP_CLASS:
                continue  # submarines: strategic warfare only (35.2), no hex to stand in
            if u.optional_rule is not None and not _optional_block(
                options, u.optional_rule, basic=basic
            ):
                continue  # e.g. the Gustav comes only with optional rule 26.0
            if u.id in _rule_entered():
                continue  # 30.0: the Chechens rise by their rule's own steps, not on a date
            place = u.arrival_place
            if area is not None:
                # A partial front keeps only the arrivals that reach its own area.
                if place is None:
                    continue
                try:
                    if board.node(place) not in area:
                        continue
                except (KeyError, ValueError, LookupError):
                    continue
            strength = u.arrival_strength or u.ladder[0]
            reinforcements.append((u.id, turn, strength, place))
    income = tuple(
        Income(power, int(values.get("yellow", 0)), sc.income_from_turn)
        for power, values in sorted(sc.income.items())
    )
    frozen = (
        frozenset(deployment.frozen_on_turn1(resolved.hexes, dmap))
        if sc.start_turn == 1
        else frozenset()
    )
    spec = ScenarioSpec(
        id=sc.id,
        name=sc.name,
        start_turn=sc.start_turn,
        turns=sc.turns,
        rules=sc.rules,
        map_area=area,
        income=income,
        placements=placements,
        reinforcements=tuple(reinforcements),
        victory=dict(sc.victory),
        frozen_turn1=frozen,
        # The long scenarios' income supplement (design choice, rules/economy.py).
        flags={
            **sc.flags,
            "income_supplement": {k: dict(v) for k, v in sc.income_supplement.items()},
        }
        if sc.income_supplement
        else dict(sc.flags),
    )
    main_sources = {power: board.node(name) for power, name in MAIN_SOURCES.items()}
    weather = {t.turn: t.weather for t in forces.calendar()}
    # 17.1 (optional rule 17): without it the Axis minor powers keep their first levels
    static = frozenset() if options.get("or17_tech") is True else forces.developing_minors()
    tech = ForcesTech(sc.rules == "advanced", static)
    return World(board, units, tech, spec, main_sources, {}, weather)


def _send_mountain_units_north(
    board: MapBoard, units: Mapping[str, UnitSpec], hexes: dict[str, str], wanted: int, post: str
) -> None:
    """Long scenarios: the Axis deploys at least ``wanted`` German mountain units in
    Scandinavia (scenario booklet). The standard deployment sends the missing ones, the
    lowest ids first, to ``post`` (a design choice, in the scenario's data)."""
    mountain = sorted(uid for uid in hexes if german_mountain(units[uid]))
    north = [uid for uid in mountain if in_scandinavia(board, board.node(hexes[uid]))]
    for uid in mountain:
        if len(north) >= wanted:
            break
        if uid not in north:
            hexes[uid] = board.id_of(board.node(post))
            north.append(uid)


def setup_world(name: str) -> World:
    """Every block of a setup ('BSS', '1942', '1943', '1944') at its default deployment,
    with no scenario around it: what ``hexfront data check`` inspects. The BSS comes whole
    (its OR 27.0 blocks too); the 1942-44 setups belong to advanced-game scenarios, which
    :func:`build_world` refuses, so this is the only way to place them on the board."""
    st = forces.setup(name)
    bite_map = _map()
    board = MapBoard(bite_map)
    dmap = deployment.DeployAdapter(bite_map)
    units = {u.id: unit_spec(u) for u in forces.load_units()}
    resolved = deployment.resolve_setup(name, dmap, include_optional=True)
    placements = tuple(
        (uid, board.node(hex_id), resolved.strength.get(uid, units[uid].ladder[0]))
        for uid, hex_id in sorted(resolved.hexes.items())
    )
    frozen = frozenset(deployment.frozen_on_turn1(resolved.hexes, dmap)) if st.turn == 1 else None
    spec = ScenarioSpec(
        id=name,
        name=st.description,
        start_turn=st.turn,
        turns=1,
        rules="setup",
        map_area=None,
        income=(),
        placements=placements,
        reinforcements=(),
        victory={},
        frozen_turn1=frozen or frozenset(),
    )
    main_sources = {power: board.node(place) for power, place in MAIN_SOURCES.items()}
    weather = {t.turn: t.weather for t in forces.calendar()}
    return World(board, units, ForcesTech(), spec, main_sources, {}, weather)


def _area(board: MapBoard, sid: str, map_area: tuple[str, ...] | str) -> frozenset[int] | None:
    """The scenario's map area: the map's own ``sbeN_area`` zone where it has one (drawn
    from the booklet's description), else the union of the named zones."""
    if map_area == "all":
        return None
    out = set(board.zone(f"{sid.lower()}_area"))
    if not out:
        for name in (map_area,) if isinstance(map_area, str) else map_area:
            out |= board.zone(name)
    # Off-map boxes linked to the area stay in play (Siberia is the Soviet supply source).
    for node in range(board.node_count):
        if board.m.is_box(node) and any(n in out for n in board.adjacency[node]):
            out.add(node)
    return frozenset(out)
