"""Supply (chapter 4): sources, lanes, the white barrel, surrender.

Supply sources (4.1, 4.2): each power's main source, plus every rail or port hex its side
controls that is linked to that main source by friendly rail or by sea. A unit is in
supply if it can trace a lane of at most three hexes to such a source (4.3) through land
that is not mountain, holds no enemy ground unit, and lies outside every enemy ground
unit's zone of control. Crossing a red arrow counts as three hexes (7.5.5). Finnish lanes
stay inside Finland's operational area, and German units standing there may also trace to
the Finnish sources (5.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from hexfront.engine.paths import UNREACHED, bfs, bytes_and_not, cheapest
from hexfront.engine.sequence import Frame, Machine, Procedure

from ..board import MOUNTAINS, WATER, Board
from ..charts import charts
from ..state import ELIMINATED, ON_MAP, SOVIET, BiteState, Piece, enemy_of
from ..versions import differs
from . import factories, optional_forces, partisans, siege
from .basics import reduce_once, sea_control, update_front, zoc_map
from .infrastructure import rails
from .optional_rules import winter_lanes

_sea_control = sea_control  # the benchmark's old name

LANE_LENGTH = charts().lane  # 4.3
RED_ARROW_LANE = charts().red_arrow_lane  # 7.5.5

# 4.1: the power whose main source a nation's units use.
SUPPLY_POWER = {
    "germany": "germany",
    "italy": "italy",
    "finland": "finland",
    "romania": "romania",
    "hungary": "hungary",
    "slovakia": "slovakia",
    "ussr": "ussr",
}


@dataclass(slots=True)
class SupplyNet:
    """The supply picture of one side at one moment."""

    side: str
    board: Board
    sources: dict[str, frozenset[int]]  # power -> supply-source nodes
    cost: dict[str, list[int]]  # power -> lane cost from a source into each node (-1 = none)
    passable: bytearray
    lane: int = LANE_LENGTH
    lanes: dict[str, int] | None = None  # power -> a shorter lane (33.0), if any
    red_arrow: int = RED_ARROW_LANE  # 7.5.5: what a red-arrow crossing costs a lane

    def lane_ok(self, power: str, node: int) -> bool:
        """Whether a unit of ``power`` standing in ``node`` is in supply (4.3)."""
        if node in self.sources.get(power, frozenset()):
            return True
        cost = self.cost.get(power)
        if cost is None:
            return False
        board = self.board
        lane = self.lane if self.lanes is None else self.lanes.get(power, self.lane)
        for m in board.adjacency[node]:
            c = cost[m]
            if c == UNREACHED:
                continue
            if c + (self.red_arrow if board.is_red_arrow(node, m) else 1) <= lane:
                return True
        return False


def lane_length(state: BiteState) -> int:
    """4.3: three hexes; two in bad weather (9.1)."""
    if state.weather in ("rain", "snow", "light_rain"):
        return charts().lane_bad_weather
    return charts().lane


def source_nodes(state: BiteState, side: str, main: int) -> frozenset[int]:
    """Rail and port hexes linked to the main source ``main`` (4.2)."""
    board = state.w.board
    if state.control[main] != side:
        return frozenset()
    enemy_here = bytearray(board.node_count)
    for p in state.on_map(enemy_of(side)):
        if state.spec(p).is_ground:
            enemy_here[p.node] = 1
    control = state.control
    rail = rails(state)  # the map's net and the projects built (long scenarios)

    for n in partisans.blocked(state, side, 3):  # 29.0: three partisans cut the railway
        enemy_here[n] = 1

    def usable(n: int) -> bool:
        return control[n] == side and not enemy_here[n]

    seas = sea_control(state, side)
    snow = state.weather == "snow"  # 9.2: the white-anchor ports freeze and carry no supply
    ports_by_sea: dict[str, list[int]] = {}
    for node, site in board.sites.items():
        if site.port and site.sea in seas and usable(node) and not (snow and site.freezes):
            ports_by_sea.setdefault(site.sea, []).append(node)
    found: list[int] = []
    bfs(rail, [main], passable=usable, reached=found)
    reached = set(found)
    # A port reached by rail opens its whole controlled sea; their rail nets count too.
    changed = True
    while changed:
        changed = False
        for ports in ports_by_sea.values():
            if any(p in reached for p in ports) and not all(p in reached for p in ports):
                new = [p for p in ports if p not in reached]
                more: list[int] = []
                bfs(rail, new, passable=usable, reached=more)
                reached.update(more)
                changed = True
    return frozenset(reached)


def _mains(state: BiteState, side: str) -> dict[int, list[str]]:
    """The main supply sources ``side`` draws on (4.2), each with the powers it feeds:
    those of its units on the map."""
    powers = {power_of(state, p) for p in state.on_map(side)}
    if any(through_finland(state, p) for p in state.on_map(side)):
        powers.add("finland")  # 5.5: Germans in Finland draw on the Finnish sources
    by_main: dict[int, list[str]] = {}
    for power in powers:
        main = state.w.main_sources.get(power)
        if main is not None:
            by_main.setdefault(main, []).append(power)
    return by_main


def all_source_nodes(state: BiteState, side: str) -> frozenset[int]:
    """Every supply source of ``side``'s powers (4.2): :attr:`SupplyNet.sources` of
    :func:`compute`, all powers together, without tracing the lanes."""
    out: set[int] = set()
    for main in _mains(state, side):
        out |= source_nodes(state, side, main)
    return frozenset(out)


def power_source_nodes(state: BiteState, side: str, power: str) -> frozenset[int]:
    """The supply sources of one power of ``side`` (4.2): ``compute(...).sources[power]``
    (empty for a power with no unit on the map), without tracing the lanes."""
    for main, group in _mains(state, side).items():
        if power in group:
            return source_nodes(state, side, main)
    return frozenset()


def compute(state: BiteState, side: str) -> SupplyNet:
    """Supply sources and lane reach for every power of ``side``."""
    board = state.w.board
    # 4.3: a lane runs through playable land hexes other than mountains, never into an
    # enemy ground unit or an enemy zone of control.
    blocked = zoc_map(state, enemy_of(side), ground_only=True)
    for p in state.on_map(enemy_of(side)):
        if state.spec(p).is_ground:
            blocked[p.node] = 1
    for n in partisans.blocked(state, side, 2):  # 29.0: two partisans cut a lane
        blocked[n] = 1
    passable = bytes_and_not(_lane_land(state), blocked)
    lane = lane_length(state)
    sources: dict[str, frozenset[int]] = {}
    costs: dict[str, list[int]] = {}
    # 7.5.5: a red arrow counts 3 hexes of a lane (the Spanish and Italian 2.x rules: 1).
    red = 1 if differs(state.options, "red_arrow_lane_plain") else RED_ARROW_LANE
    apart = differs(state.options, "romania_hungary_apart")
    for main, group in _mains(state, side).items():
        nodes = source_nodes(state, side, main)
        usable = passable
        if "finland" in group:  # 5.5: no Finnish lane runs beyond the operational area
            area = finnish_lane_area(state)
            usable = bytearray(passable[n] if n in area else 0 for n in range(board.node_count))
        if apart:
            usable = _apart(state, group, usable)  # 5.6, 5.7 (Italian 2.x rules)

        def step(a: int, b: int, usable: bytearray = usable) -> int | None:
            if not usable[b]:
                return None
            return red if board.is_red_arrow(a, b) else 1

        # Search outwards from the usable sources once; each unit then reads its lane
        # cost off its neighbours (its own hex is never part of the lane).
        start = {n: 0 for n in nodes if usable[n]}
        if red == 1:  # every step costs 1, red arrows too
            cost = bfs(board.adjacency, start, max_depth=lane - 1, blocked=usable.translate(_FLIP))
        elif lane - 1 < RED_ARROW_LANE:
            # No red arrow fits in a lane and every other step costs 1: the same costs
            # by a plain breadth-first search, without the heap (the hot path).
            cost = bfs(
                _without_red_arrows(state),
                start,
                max_depth=lane - 1,
                blocked=usable.translate(_FLIP),
            )
        else:
            cost, _ = cheapest(board.adjacency, start, edge_cost=step, max_cost=lane - 1)
        for power in group:
            sources[power] = nodes
            costs[power] = cost
    winter = winter_lanes(state, side)  # 33.0: shorter Axis lanes in the first winter
    return SupplyNet(side, board, sources, costs, passable, lane, winter or None, red_arrow=red)


def _apart(state: BiteState, group: list[str], usable: bytearray) -> bytearray:
    """5.6, 5.7, Italian 2.x rules: no Romanian lane through Hungary, nor the reverse."""
    barred = set()
    if "romania" in group:
        barred.add("hungary")
    if "hungary" in group:
        barred.add("romania")
    if not barred:
        return usable
    owner = state.w.board.owner_1941
    return bytearray(0 if owner[n] in barred else usable[n] for n in range(len(usable)))


def _lane_land(state: BiteState) -> bytes:
    """1 on every playable hex a supply lane may cross at all (not mountains nor water):
    fixed for a map, so found once."""
    found: bytes | None = state.w.derived.get("lane_land")
    if found is None:
        board = state.w.board
        found = state.w.derived["lane_land"] = bytes(
            bool(board.playable[n]) and board.terrain[n] not in (MOUNTAINS, WATER)
            for n in range(board.node_count)
        )
    return found


_FLIP = bytes([1, 0]) + bytes(254)  # translate table: usable (1) <-> blocked (0)


def _without_red_arrows(state: BiteState) -> list[tuple[int, ...]]:
    """The map's adjacency without the red-arrow crossings (found once per map)."""
    found: list[tuple[int, ...]] | None = state.w.derived.get("adjacency_without_red_arrows")
    if found is None:
        board = state.w.board
        found = [
            tuple(b for b in board.adjacency[a] if not board.is_red_arrow(a, b))
            for a in range(board.node_count)
        ]
        state.w.derived["adjacency_without_red_arrows"] = found
    return found


def power_of(state: BiteState, piece: Piece) -> str:
    return SUPPLY_POWER.get(state.spec(piece).nation, state.spec(piece).nation)


def finnish_lane_area(state: BiteState) -> frozenset[int]:
    """5.5: where a lane to a Finnish source may run: Finland, the Finnish attack zone and
    the operational area's white dots that bound it (the map draws the FOA as that ring of
    dots only, so the FAZ inside it is added here)."""
    cached: frozenset[int] | None = state.w.derived.get("finnish_lane_area")
    if cached is None:
        from .powers import finnish_area

        cached = finnish_area(state) | state.w.board.zone("faz")
        state.w.derived["finnish_lane_area"] = cached
    return cached


def through_finland(state: BiteState, piece: Piece) -> bool:
    """5.5: a German unit standing in Finland's operational area is supplied through
    Finland: it may trace its lane to a Finnish source (within that area), besides its own."""
    return state.spec(piece).nation == "germany" and piece.node in finnish_lane_area(state)


def is_supplied(state: BiteState, piece: Piece, net: SupplyNet) -> bool:
    if net.lane_ok(power_of(state, piece), piece.node):
        return True
    if optional_forces.chechens_supplied(state, piece, net.passable, net.lane):
        return True  # 30.0: the Chechens' own source, Grozny
    return through_finland(state, piece) and net.lane_ok("finland", piece.node)


def mark_supply(state: BiteState, side: str) -> list[Piece]:
    """Supply Phase (7.2): put a white barrel on every unit of ``side`` out of supply."""
    partisans.sweep(state)  # 29.0: partisans dispersed or taken back first
    net = compute(state, side)
    out_of_supply = []
    for p in state.on_map(side):
        p.oos = not is_supplied(state, p, net)
        if p.oos:
            out_of_supply.append(p)
    return out_of_supply


def never_surrenders(state: BiteState, piece: Piece) -> bool:
    """4.5, 6.1.1: static infantry never surrenders; 0-floor units drop to 0 instead."""
    spec = state.spec(piece)
    return spec.cls == "static_infantry" or spec.ladder[-1] == 0


def surrender(state: BiteState, piece: Piece) -> bool:
    """Final Supply (7.9): an unsupplied unit surrenders. True if it left the map."""
    spec = state.spec(piece)
    if spec.cls == "static_infantry":
        return False
    if spec.ladder[-1] == 0:
        piece.step = len(spec.ladder) - 1  # reduced to its 0 floor, stays (4.5 note)
        piece.half_hit = False
        return False
    piece.status = ELIMINATED
    piece.node = -1
    piece.oos = False
    return True


def on_map_units(state: BiteState, side: str) -> list[Piece]:
    return [p for p in state.pieces.values() if p.status == ON_MAP and p.side == side]


# --- the phases ------------------------------------------------------------------------------


class SupplyPhase(Procedure[BiteState]):
    """7.2: mark the phasing side's unsupplied units with a white barrel."""

    name = "supply"

    def run(self, m: Machine[BiteState], state: BiteState, frame: Frame) -> None:
        if factories.wants_bombing(state, frame):  # 7.1, 32.0 (optional rule)
            m.call(state, "strategic_bombing")
            return
        state.phase = "supply"
        update_front(state)
        out = mark_supply(state, state.phasing)
        board = state.w.board
        state.emit(
            "out_of_supply",
            side=state.phasing,
            handles=sorted(p.handle for p in out),
            hexes=sorted(board.id_of(p.node) for p in out),
        )
        m.end(state)


class FinalSupplyPhase(Procedure[BiteState]):
    """7.9: barrelled units still cut off surrender; the enemy gains 1 PP for each (4.5)."""

    name = "final_supply"

    def run(self, m: Machine[BiteState], state: BiteState, frame: Frame) -> None:
        state.phase = "final_supply"
        side = state.phasing
        partisans.sweep(state)  # 29.0
        net = compute(state, side)
        winner = "germany" if side == SOVIET else "ussr"
        gained = 0
        yields: list[str] = []
        cut_off = []
        for p in sorted(on_map_units(state, side), key=lambda x: x.uid):
            if not p.oos:
                continue
            if is_supplied(state, p, net):
                p.oos = False
                continue
            cut_off.append(p)
        besieged = siege.siege_supplied(state, cut_off)
        for p in cut_off:
            spec = state.spec(p)
            hex_id = state.w.board.id_of(p.node)
            if siege.in_fortress_supply(state, p):
                continue  # 12.2, 12.3: the fortress holds, barrel and all
            if p.uid in besieged and not siege.on_last_step(state, p):
                reduce_once(state, p)  # 12.1: a step instead of the surrender
                state.emit("siege_step_lost", handle=p.handle, side=side, hex=hex_id)
                state.emit("siege_step_lost_unit", audience=side, unit=p.uid, name=spec.name)
                continue
            colour = siege.surrender_yield(state, p, winner)  # before it leaves the map
            if surrender(state, p):
                gained += charts().surrender_pp
                if colour is not None:
                    yields.append(colour)
                state.emit("surrender", handle=p.handle, side=side, hex=hex_id)
                state.emit("surrendered_unit", audience=side, unit=p.uid, name=spec.name)
        if gained:
            state.pp[winner] = state.pp.get(winner, 0) + gained
            state.emit("surrender_pp", power=winner, pp=gained)
        siege.collect_yields(state, winner, yields)
        for p in state.pieces.values():
            p.revealed = False  # revealed blocks are hidden again now (1.3, 19.1)
        m.end(state)
