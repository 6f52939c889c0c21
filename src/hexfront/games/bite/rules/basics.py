"""Basic definitions (chapter 3): control, airbases, stacking, steps and hits, ZOC, frozen units."""

from __future__ import annotations

from collections.abc import Iterable

from hexfront.engine.events import JSON, REVEAL
from hexfront.engine.paths import bfs

from ..board import WATER, Site
from ..charts import charts
from ..state import AXIS, ELIMINATED, REMOVED, SOVIET, BiteState, Piece, enemy_of
from ..units import UnitSpec
from ..versions import differs
from . import factories
from .infrastructure import rails
from .landing_marks import FLAG, overstack_excused
from .level import advanced as advanced
from .modifiers import fortification, rivers_frozen

# Which side each 1941 owner belongs to at the start (3.1, 3.20).
AXIS_COUNTRIES = frozenset(
    {
        "germany",
        "general_government",
        "finland",
        "romania",
        "hungary",
        "slovakia",
        "italy",
        "norway",
        "bohemia",
        "austria",
        "yugoslavia",  # occupied by the Axis in April 1941: Belgrade is Italy's source (4.1)
    }
)
SOVIET_COUNTRIES = frozenset({"ussr"})


FACTORIES_DESTROYED = "factories_destroyed"  # state.flags key: names of the sites (3.3)
FROZEN_TURN1 = "frozen_turn1"  # state.flags key: frozen unit ids after hand deployment (3.21)
UNFROZEN = "unfrozen"  # state.flags key: frozen units an attack woke (3.21, Italian 2.x)


def initial_control(owner: str | None) -> str:
    if owner in AXIS_COUNTRIES:
        return AXIS
    if owner in SOVIET_COUNTRIES:
        return SOVIET
    return ""


# --- control (3.1, 3.3) ------------------------------------------------------------------


def take_control(state: BiteState, side: str, nodes: Iterable[int]) -> None:
    """Ground units entering or passing a hex take control of it (3.3)."""
    for node in nodes:
        if state.control[node] != side:
            if state.control[node]:  # BOX 1: a fortress or bunker falls with its hex
                from .modifiers import fortification_falls

                fortification_falls(state, node, side)
            state.control[node] = side
            site = state.w.site(node)
            if site is not None and site.is_city:
                state.emit("captured", city=site.name, side=side, hex=state.w.board.id_of(node))
            if site is not None and (site.factories or site.shipyard):
                _destroy_enemy_factories(state, side, site)
            if site is not None:
                # 15.1, 16.0 (optional rules): new plants lost, centres scorched
                owner = state.w.board.owner_1941[node]
                factories.on_capture(state, side, site, owner in SOVIET_COUNTRIES)


def _destroy_enemy_factories(state: BiteState, side: str, site: Site) -> None:
    """3.3: factories taken from the enemy are destroyed, and stay so if retaken."""
    if initial_control(state.w.board.owner_1941[site.node]) == side:
        return
    destroyed = state.flags.setdefault(FACTORIES_DESTROYED, [])
    assert isinstance(destroyed, list)
    if site.name not in destroyed:
        gone = factories.evacuated(state, site.name)  # 16.2: taken east, not here to take
        working = [c for c in site.factories if c not in gone]
        destroyed.append(site.name)
        state.emit("factories_destroyed", city=site.name, side=side)
        # 16.1 (optional rule): one PP of each taken factory's colour, once (the new plants
        # of 15.1 are looted by factories.on_capture)
        factories.loot(state, side, [*working, *(["white"] if site.shipyard else [])], site.name)


def factories_at(state: BiteState, node: int) -> tuple[tuple[str, ...], bool]:
    """The working factories of a site: colours of its plants, and whether it has a shipyard."""
    site = state.w.site(node)
    if site is None:
        return (), False
    destroyed = state.flags.get(FACTORIES_DESTROYED, [])
    if isinstance(destroyed, list) and site.name in destroyed:
        return (), False
    plants = site.factories
    if factories.EVACUATED in state.flags:  # 16.2: factories taken east in 1941
        gone = factories.evacuated(state, site.name)
        if gone:
            plants = tuple(c for c in plants if c not in gone)
    if factories.NEW_PLANTS in state.flags:  # 15.1: new plants standing here (7.3.1)
        plants += tuple(p.colour for p in factories.placed_at(state, node))
    return plants, site.shipyard


def update_front(state: BiteState) -> None:
    """3.1: hexes behind a side's front line are its own.

    Design choice (docs/rules-coverage.md, 3.1): a hex held by one side flips to the other
    when the holder can no longer reach it, that is, no path leads to it from the holder's
    units or main supply sources without entering a hex held by an enemy unit or lying in
    an enemy zone of control: it lies behind the enemy's front line. That holds for empty
    cities too (3.1: cities behind a side's front line are its own), which then change hands
    as if entered (3.3: the capture is announced, enemy factories there are destroyed).
    A city the holder can still reach, past an open or unclear front, keeps its owner until
    a ground unit enters it.
    """
    board = state.w.board
    n = board.node_count
    control = state.control
    sites = board.sites
    for side in (AXIS, SOVIET):
        enemy = enemy_of(side)
        closed = zoc_map(state, enemy, ground_only=True)  # and the enemy's ground units:
        for p in state.on_map(enemy):
            if state.spec(p).is_ground:
                closed[p.node] = 1
        starts = [p.node for p in state.on_map(side) if state.spec(p).is_ground]
        sources = [node for node in state.w.main_sources.values() if control[node] == side]
        # A box source (Siberia) may touch the map by rail only: its open railheads count.
        railheads = [
            x
            for node in sources
            for x in rails(state)[node]
            if control[x] == side and not closed[x]
        ]
        starts += sources + railheads
        reach = bfs(board.adjacency, starts, blocked=closed)
        cut_off_cities = []
        playable = board.playable
        for node in [x for x in range(n) if reach[x] < 0 and control[x] == side]:
            if playable[node]:
                if node in sites:
                    # A city on the line (its holder reaches a hex next to it) is not
                    # behind the enemy's front, even inside an enemy zone of control.
                    if all(reach[x] < 0 for x in board.adjacency[node]):
                        cut_off_cities.append(node)
                else:
                    control[node] = enemy
        if starts:  # with no unit and no source of the holder there is no front (3.1)
            take_control(state, enemy, cut_off_cities)


def sea_control(state: BiteState, side: str) -> set[str]:
    """Sea areas the side controls: one major port or two minor ports in it (3.1)."""
    majors: dict[str, int] = {}
    minors: dict[str, int] = {}
    for node, site in state.w.board.sites.items():
        if site.port is None or site.sea is None or state.control[node] != side:
            continue
        if site.port == "major":
            majors[site.sea] = majors.get(site.sea, 0) + 1
        else:
            minors[site.sea] = minors.get(site.sea, 0) + 1
    return {s for s in set(majors) | set(minors) if majors.get(s, 0) >= 1 or minors.get(s, 0) >= 2}


def node_named(state: BiteState, name: str) -> int | None:
    """The node of a place or hex id, or None when this map has no such place."""
    try:
        return state.w.board.node(name)
    except (KeyError, ValueError):
        return None


def rail_linked_to_siberia(state: BiteState, name: str) -> bool:
    """Whether a Soviet city still reaches Siberia by Soviet-held railway (the map's lines
    and the infrastructure projects built, ``infrastructure.rails``)."""
    node, siberia = node_named(state, name), node_named(state, "SIBERIA")
    if node is None or siberia is None:
        return True
    axis_at = {p.node for p in state.on_map(AXIS) if state.spec(p).is_ground}

    def ok(n: int) -> bool:
        return state.control[n] == SOVIET and n not in axis_at

    if not ok(node):
        return False
    return bfs(rails(state), [siberia], passable=ok)[node] >= 0


def controls(state: BiteState, side: str, node: int) -> bool:
    return state.control[node] == side


# --- stacking (3.10) ---------------------------------------------------------------------


def ground_at(state: BiteState, node: int, side: str) -> list[Piece]:
    return [p for p in state.occupants(node) if p.side == side and state.spec(p).is_ground]


def air_at(state: BiteState, node: int, side: str) -> list[Piece]:
    return [p for p in state.at(node) if p.side == side and state.spec(p).is_air]


def empty_hex_takes(spec: UnitSpec) -> bool:
    """:func:`can_stack` of one block into an empty hex: the stacking limits alone (3.10)."""
    if not spec.is_ground:
        return True
    return charts().max_ground >= 1 and (charts().max_combat >= 1 or not spec.is_combat)


def can_stack(state: BiteState, node: int, side: str, incoming: Iterable[UnitSpec]) -> bool:
    """Whether ``incoming`` ground units may end in ``node`` beside those already there."""
    if not state.occupants(node):  # the common case, listing moves: an empty hex
        specs = [spec for spec in incoming if spec.is_ground]
        if len(specs) == 1:
            return empty_hex_takes(specs[0])
    here = ground_at(state, node, side)
    if FLAG in state.flags:  # 23.0, 24.0: units that came down here this turn may overstack
        here = [p for p in here if not overstack_excused(state, p, node)]
    ground = len(here)
    combat = sum(1 for p in here if state.spec(p).is_combat)
    nations = {state.spec(p).nation for p in here}
    enemy_here = any(p.side != side for p in state.occupants(node))
    for spec in incoming:
        if not spec.is_ground:
            continue
        ground += 1
        combat += spec.is_combat
        nations.add(spec.nation)
    if {"romania", "hungary"} <= nations and not enemy_here:
        return False  # 5.3: they never stack; meeting in a battle is settled there (combat.py)
    return ground <= charts().max_ground and combat <= charts().max_combat


StackMemo = dict[tuple[int, bool, str], bool]


def takes_one_more(state: BiteState, node: int, side: str, spec: UnitSpec, memo: StackMemo) -> bool:
    """:func:`can_stack` for one incoming block, remembered over one listing: the answer
    depends only on the hex, whether the block is a combat unit and its nation (3.10, 5.3)."""
    key = (node, spec.is_combat, spec.nation)
    fit = memo.get(key)
    if fit is None:
        fit = memo[key] = can_stack(state, node, side, [spec])
    return fit


# --- steps and hits (3.11, 3.15, 7.7.8, 7.7.10) ------------------------------------------


def strength(state: BiteState, piece: Piece) -> int:
    return state.spec(piece).ladder[piece.step]


def gap_below(spec: UnitSpec, step: int) -> int:
    """Hits needed to turn the block once more: 2 for a "shield" edge (7.7.8)."""
    here = spec.ladder[step]
    below = spec.ladder[step + 1] if step + 1 < len(spec.ladder) else 0
    return 2 if here - below >= 2 else 1


def apply_hit(state: BiteState, piece: Piece) -> str:
    """One hit on a block. Returns "half", "reduced", "eliminated" or "absorbed".

    A 0-strength block (artillery, HQ on its floor) is not destroyed by hits (7.7.10).
    """
    spec = state.spec(piece)
    if spec.ladder[piece.step] == 0:
        return "absorbed"
    if gap_below(spec, piece.step) == 2 and not piece.half_hit:
        piece.half_hit = True
        return "half"
    piece.half_hit = False
    if piece.step + 1 < len(spec.ladder):
        piece.step += 1
        return "reduced"
    return "eliminated"


def reduce_once(state: BiteState, piece: Piece) -> bool:
    """Turn a block one edge (ammunition use, 6.1.4). False if it is already on its floor."""
    spec = state.spec(piece)
    if piece.step + 1 < len(spec.ladder):
        piece.step += 1
        piece.half_hit = False
        return True
    return False


def lose_step(state: BiteState, piece: Piece, why: str) -> None:
    """A step lost outright, not a hit (air evacuation, note after 7.7.5): a shield unit
    loses a whole step too; a unit on its last step is eliminated."""
    if not reduce_once(state, piece):
        eliminate(state, piece, why)


def eliminate(state: BiteState, piece: Piece, why: str) -> None:
    """Take a block off the map: rebuildable later unless its nation cannot rebuild (5.4)."""
    spec = state.spec(piece)
    piece.status = REMOVED if spec.nation == "italy" else ELIMINATED
    piece.node = -1
    piece.base = -1
    piece.half_hit = False
    piece.oos = False
    if piece.revealed:
        state.emit("eliminated", unit=piece.uid, name=spec.name, side=piece.side, why=why)
    else:  # the enemy sees a block leave the map, not which one
        state.emit("eliminated", handle=piece.handle, side=piece.side, why=why)
        state.emit("eliminated_unit", audience=piece.side, unit=piece.uid, name=spec.name)


def step_cost(spec: UnitSpec, step: int) -> int | None:
    """PP to gain the ladder value at ``step`` (7.3); None if it cannot be rebuilt."""
    return charts().step_cost.get(spec.colours[step])


def lowest_live_step(spec: UnitSpec) -> int:
    """The weakest edge with a positive strength: where a rebuilt block starts."""
    for i in range(len(spec.ladder) - 1, -1, -1):
        if spec.ladder[i] > 0:
            return i
    return 0


# --- zones of control (3.19) -------------------------------------------------------------


def battle_nodes(state: BiteState) -> set[int]:
    """Hexes holding units of both sides (3.22)."""
    seen: dict[int, set[str]] = {}
    for p in state.on_map():
        seen.setdefault(p.node, set()).add(p.side)
    return {n for n, sides in seen.items() if len(sides) == 2}


def zoc_map(state: BiteState, side: str, *, ground_only: bool) -> bytearray:
    """``zoc[n]`` is 1 where ``side`` exerts a zone of control (3.19).

    Units in a battle hex and air units flying a mission exert none. The zone does not
    reach hexes held by enemy units, all-water hexes, or across straits and deep water; in
    the Advanced Game not across unfrozen rivers nor into enemy strongpoints either (8.0).
    """
    board = state.w.board
    zoc = bytearray(board.node_count)
    occupied_by_enemy = bytearray(board.node_count)
    for p in state.on_map(enemy_of(side)):
        occupied_by_enemy[p.node] = 1
    battles = battle_nodes(state)
    terrain = board.terrain
    adv = advanced(state)
    rivers_stop = adv and not rivers_frozen(state)  # 8.0, 3.19: unfrozen rivers stop a zone
    if adv and differs(state.options, "zoc_never_across_rivers"):
        rivers_stop = True  # 3.19, Italian 2.x rules: frozen rivers stop it too
    for p in state.on_map(side):
        if p.node in battles or p.base >= 0:
            continue
        spec = state.spec(p)
        if ground_only and not spec.is_ground:
            continue
        for n in board.adjacency[p.node]:
            if occupied_by_enemy[n] or terrain[n] == WATER or board.blocks_zoc(p.node, n):
                continue
            if rivers_stop and board.river_between(p.node, n) is not None:
                continue
            zoc[n] = 1
    if adv:
        _keep_out_of_strongpoints(state, side, zoc, occupied_by_enemy)
    return zoc


def _keep_out_of_strongpoints(
    state: BiteState, side: str, zoc: bytearray, occupied_by_enemy: bytearray
) -> None:
    """8.0: no zone of control into an enemy-held major city, bunker or fortress, occupied
    or not, unless it is empty and every hex around it holds a unit of ``side`` or lies in
    its zone of control (the zone still has to reach it from a unit next to it)."""
    board = state.w.board
    enemy = enemy_of(side)
    reached = [
        node
        for node in board.sites
        if zoc[node] and state.control[node] == enemy and _strongpoint(state, node)
    ]
    for node in reached:
        zoc[node] = 0
    if not reached:
        return
    friendly_at = bytearray(board.node_count)
    for p in state.on_map(side):
        friendly_at[p.node] = 1
    for node in reached:
        if not occupied_by_enemy[node] and all(
            friendly_at[x] or zoc[x] for x in board.adjacency[node] if board.playable[x]
        ):
            zoc[node] = 1


def _strongpoint(state: BiteState, node: int) -> bool:
    """A major city (capitals included), an intact bunker or an intact fortress (8.0)."""
    site = state.w.board.sites.get(node)
    return site is not None and (site.is_major or fortification(state, node) is not None)


# --- frozen units (3.21) -----------------------------------------------------------------


def is_frozen(state: BiteState, piece: Piece) -> bool:
    scenario = state.w.scenario
    if not state.turn == scenario.start_turn == 1:
        return False
    by_hand = state.flags.get(FROZEN_TURN1)  # worked out again after hand deployment
    if isinstance(by_hand, list):
        frozen = piece.uid in by_hand
    else:
        frozen = piece.uid in scenario.frozen_turn1
    if not frozen:
        return False
    woken = state.flags.get(UNFROZEN)  # written only by the Italian 2.x rules
    return not (isinstance(woken, list) and piece.uid in woken)


def unfreeze_attacked(state: BiteState, node: int, defender: str) -> None:
    """3.21, Italian 2.x rules: frozen units attacked in ``node`` are frozen no more."""
    if not differs(state.options, "unfreeze_when_attacked"):
        return
    woken = [p.uid for p in state.at(node) if p.side == defender and is_frozen(state, p)]
    if woken:
        before = state.flags.get(UNFROZEN)
        known = [str(u) for u in before] if isinstance(before, list) else []
        state.flags[UNFROZEN] = sorted(set(known) | set(woken))


def side_of_power(power: str) -> str:
    return SOVIET if power == "ussr" else AXIS


def reveal(state: BiteState, pieces: Iterable[Piece], hex_id: JSON) -> None:
    """Turn blocks face up where both sides see them (a battle's show down, 7.7; a found
    target, 19.1; a raid's air fight): each is named to both sides by a reveal event."""
    for p in pieces:
        p.revealed = p.seen = True
        spec = state.spec(p)
        state.emit(
            REVEAL,
            unit=p.uid,
            handle=p.handle,
            name=spec.name,
            side=p.side,
            cls=spec.cls,
            strength=state.strength(p),
            hex=hex_id,
        )
