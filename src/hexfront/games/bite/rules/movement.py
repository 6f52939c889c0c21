"""Movement Phase (7.5): ground moves with terrain costs, red arrows, and air missions.

A ground unit's move is searched with Dijkstra over entry costs (7.5.3): it may not
enter water or partial hexes (7.5.4), pays 3 MP across a red arrow (7.5.5), and stops on
entering a hex that holds an enemy unit (7.5.3). Its whole route is computed for it: a
player only picks the destination.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from hexfront.engine.events import JSON
from hexfront.engine.listing import Listing
from hexfront.engine.paths import bfs, cheapest, path_to
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..charts import charts
from ..state import AXIS, SOVIET, BiteState, Piece, enemy_of
from ..units import UnitSpec
from . import (
    bombing,
    command,
    landings,
    naval,
    optional_forces,
    persia,
    powers,
    raids,
    reserve,
    siege,
)
from .air import air_range, evacuate_airbase, rebase_targets
from .air_recon import attempt, recon_actions
from .basics import (
    StackMemo,
    eliminate,
    empty_hex_takes,
    is_frozen,
    take_control,
    takes_one_more,
    update_front,
)
from .landing_marks import overstack_kept
from .level import advanced, surprise_turn
from .modifiers import fortification
from .optional_rules import (
    GUSTAV,
    TERRAIN,
    cavalry_plain_one,
    rule_on,
    terrain_cost,
    winter_tracks_mp,
)


def move_cost_table(state: BiteState) -> dict[str, int]:
    return charts().move_cost.get(state.weather, charts().move_cost["good"])


def ground_mp(state: BiteState, piece: Piece) -> int:
    """MP at the start of a move: halved when out of supply (4.4), never below 1 (3.18).

    Advanced Game: halved again in limited supply (13.5: a quarter when also out of
    supply); a Supreme HQ's order moves an unsupplied unit as if supplied (13.8.1)."""
    mp = winter_tracks_mp(state, piece, state.profile(piece).mp)  # 33.2
    if piece.oos and not command.supplied_by_order(state, piece):
        mp //= 2
    if command.mp_halved(state, piece):
        mp //= 2
    return max(1, mp)


def enemy_nodes(state: BiteState, side: str) -> frozenset[int]:
    """Hexes holding a block of the other side (found once while a decision is listed)."""
    occupancy = state.cache.get("occupancy")
    if occupancy is None:
        return frozenset(p.node for p in state.on_map(enemy_of(side)))
    key = f"enemy_nodes:{side}"
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = frozenset(
            node for node, here in occupancy.items() if any(p.side != side for p in here)
        )
    return found


def _kerch_open(state: BiteState, a: int, b: int) -> bool:
    """7.5.5: the Axis needs Sevastopol to try the Kerch crossing; rain shuts it (9.2)."""
    board = state.w.board
    for n in (a, b):
        site = board.sites.get(n)
        if site is not None and site.name == "Kerch":
            if state.weather == "rain":
                return False
            if state.phasing == AXIS:
                try:
                    sevastopol = board.node("Sevastopol")
                except (KeyError, ValueError):
                    return True
                return state.control[sevastopol] == AXIS
    return True


def _enterable(state: BiteState, spec: UnitSpec, origin: int) -> bytes:
    """1 on every playable node a unit of this kind, moving from ``origin``, may enter
    (powers.may_enter), kept per map for all that may_enter looks at: the nation, whether
    the unit was sent to Finland, whether it starts in Finland, a neutral Finland, and a
    Persia not yet in the war (37.0)."""
    neutral = powers.finland_neutral(state)
    sent, in_finland = powers.origin_zone(state, spec, origin)
    key = (spec.nation, sent, in_finland, neutral, persia.closed(state))
    table: dict[tuple[str, bool, bool, bool, bool], bytes] = state.w.derived.setdefault(
        "enterable", {}
    )
    found = table.get(key)
    if found is None:
        board = state.w.board
        found = table[key] = bytes(
            bool(board.playable[n]) and powers.may_enter(state, spec, n, origin)
            for n in range(board.node_count)
        )
    return found


def step_rule(state: BiteState, piece: Piece) -> Callable[[int, int], int | None]:
    """The MP cost of one step of this unit, or None where it may not go."""
    board = state.w.board
    spec = state.spec(piece)
    costs = move_cost_table(state)
    terrain = board.terrain
    side = piece.side
    control = state.control
    origin = piece.node  # 5.5: German units sent to Finland, units leaving neutral Finland
    open_ = _enterable(state, spec, origin)
    barred: frozenset[str] = frozenset()
    if rule_on(state, TERRAIN):  # 14.0: the terrain costs of this kind of unit
        weather = state.weather
        plain_one = cavalry_plain_one(state)  # Italian 2.x
        own = {t: terrain_cost(spec, t, weather, c, plain_one) for t, c in costs.items()}
        barred = frozenset(t for t, c in own.items() if c is None)
        costs = {t: c for t, c in own.items() if c is not None}

    def step(a: int, b: int) -> int | None:
        if not open_[b]:
            return None
        if board.is_red_arrow(a, b):
            # 7.5.5: without both ends, only infantry-class units may cross.
            if not (control[a] == side and control[b] == side) and not spec.is_infantry_class:
                return None
            if not _kerch_open(state, a, b):
                return None
            if terrain[b] in barred:
                return None  # 14.0: a crossing into a hex the unit may not enter
            return charts().red_arrow_cost
        return costs.get(terrain[b])

    return step


def reach(
    state: BiteState, piece: Piece, mp: int, *, stop_at_enemy: bool = True
) -> tuple[list[int], list[int]]:
    """Cheapest MP to every node the unit could enter this move, with routes."""
    cost, parent, _ = reach_full(state, piece, mp, stop_at_enemy=stop_at_enemy)
    return cost, parent


def reach_full(
    state: BiteState, piece: Piece, mp: int, *, stop_at_enemy: bool = True
) -> tuple[list[int], list[int], list[int]]:
    """:func:`reach`, plus the list of the nodes reached.

    Results are remembered while nothing they depend on changes (the unit's place and MP,
    the weather, who holds which hexes, where the enemy stands), so that listing the moves
    of a hundred units does not search again for the ninety-nine that did not move.
    """
    enemies = enemy_nodes(state, piece.side)
    key = (piece.uid, piece.node, mp, stop_at_enemy, _reach_world(state, piece.side, enemies))
    memo: dict[tuple[object, ...], tuple[list[int], list[int], list[int]]] = state.memo.setdefault(
        "reach", {}
    )
    found = memo.get(key)
    if found is None:
        reached: list[int] = []
        cost, parent = cheapest(
            state.w.board.adjacency,
            [piece.node],
            edge_cost=step_rule(state, piece),
            max_cost=mp,
            stop_at=(lambda n: n in enemies) if stop_at_enemy else None,
            reached=reached,
        )
        reached.sort()  # in map order, as the moves are listed
        if len(memo) > 4000:
            memo.clear()
        found = memo[key] = (cost, parent, reached)
    return found


def _reach_world(state: BiteState, side: str, enemies: frozenset[int]) -> tuple[object, ...]:
    """What every unit's reach depends on besides the unit: found once while a decision
    is listed (``state.positions_indexed``), since nothing moves then."""
    key = f"reach_world:{side}"
    found: tuple[object, ...] | None = state.cache.get(key)
    if found is None:
        found = (
            state.weather,
            state.turn,
            state.phasing,  # the Kerch crossing asks who moves (7.5.5)
            hash(tuple(sorted(enemies))),
            hash(tuple(map(state.control.__getitem__, _control_read_by_moves(state)))),
            state.flags.get("fortresses_lost") is not None,
            len(state.surrendered),
        )
        if "occupancy" in state.cache:  # inside an indexed stretch: keep it till its end
            state.cache[key] = found
    return found


def _control_read_by_moves(state: BiteState) -> list[int]:
    """The hexes whose owner a move's cost depends on (:func:`step_rule`): both ends of
    every red arrow (7.5.5) and Sevastopol (the Kerch crossing). Taking any other hex
    changes no unit's reach, so the reach memo survives most moves."""
    found: list[int] | None = state.w.derived.get("control_read_by_moves")
    if found is None:
        board = state.w.board
        nodes = {
            a
            for a in range(board.node_count)
            for b in board.adjacency[a]
            if board.is_red_arrow(a, b)
        }
        with suppress(KeyError, ValueError):  # a map without Sevastopol
            nodes.add(board.node("Sevastopol"))
        found = state.w.derived["control_read_by_moves"] = sorted(nodes)
    return found


def can_attack(state: BiteState, piece: Piece) -> bool:
    """4.4: no attack out of supply, but for the Advanced Game's desperate attacks of TECH
    2-3 ground units (12.4), armour too without an HQ (12.4.1); 3.21: frozen units neither
    move nor attack; 13.5: no attack in limited supply (armour without an HQ's command)."""
    if is_frozen(state, piece):
        return False
    if piece.oos and not command.supplied_by_order(state, piece):
        return siege.may_attack_desperately(state, piece)
    return not command.limited_supply(state, piece)


def ground_destinations(
    state: BiteState,
    piece: Piece,
    *,
    allow_attack: bool = True,
    fits: StackMemo | None = None,
) -> dict[int, int]:
    """Legal end hexes of a ground move, with their MP cost.

    ``fits`` remembers, over one listing, whether a hex takes one more block of a kind
    (stacking looks at combat or not and nation only: 3.10, 5.3).
    """
    spec = state.spec(piece)
    if piece.moved or is_frozen(state, piece) or spec.cls == "static_infantry":
        return {}
    if command.locked_in_place(state, piece):
        return {}  # 13.3, 13.8.1, 13.8.2: an activated HQ, or one bound to its city
    if persia.holds_teheran(state, piece):
        return {}  # 37.0: the last Soviet ground unit in Teheran stays there
    if optional_forces.holds_turkish_border(state, piece):
        return {}  # 27.0: the Turkish border keeps its garrison
    cost, _, reached = reach_full(state, piece, piece.mp_left)
    enemies = enemy_nodes(state, piece.side)
    fits = {} if fits is None else fits
    side = piece.side
    # 5.5: the one German unit allowed into Finland (counted once, if a move goes there).
    finland = _finland_limited(state, piece)
    finland_full: bool | None = None
    occupancy = state.cache.get("occupancy")  # who stands where, while listing
    fits_empty = empty_hex_takes(spec)
    out: dict[int, int] = {}
    for node in reached:
        if node == piece.node:
            continue
        if node in enemies:
            if not allow_attack or not can_attack(state, piece):
                continue
            if not powers.may_attack(state, spec, node, piece.node):
                continue
            if not spec.is_combat and not _friendly_combat_unit_at(state, side, node):
                continue  # support units never attack alone (3.8)
        if occupancy is not None and node not in occupancy:
            if not fits_empty:  # an empty hex: the stacking limits alone decide
                continue
        elif not takes_one_more(state, node, side, spec, fits) and not _gustav_siege(
            state, spec, node, enemies
        ):
            continue
        if finland is not None and node in finland:
            if finland_full is None:
                finland_full = powers.germans_in_finland(state) >= 1
            if finland_full:
                continue
        out[node] = cost[node]
    if out and powers.finland_neutral(state) and piece.node in finland_exit(state):
        out = _evacuating(state, piece.node, out)
    return out


def _gustav_siege(state: BiteState, spec: UnitSpec, node: int, enemies: frozenset[int]) -> bool:
    """26.0: the Gustav may overstack when it attacks a fortress or a bunker."""
    if "gustav" not in spec.traits or node not in enemies or not rule_on(state, GUSTAV):
        return False
    return fortification(state, node) is not None


def finland_exit(state: BiteState) -> dict[int, int]:
    """Each hex of Finland (1941) -> the fewest steps out of it (for 5.5, after the
    Finnish surrender)."""
    cached = state.w.derived.get("finland_exit")
    if cached is None:
        board = state.w.board
        finland = board.zone("finland_1941")
        outside = [
            n
            for n in range(board.node_count)
            if n not in finland
            and board.playable[n]
            and any(m in finland for m in board.adjacency[n])
        ]
        dist = bfs(board.adjacency, outside, passable=lambda n: n in finland)
        cached = state.w.derived["finland_exit"] = {n: dist[n] for n in finland if dist[n] >= 0}
    assert isinstance(cached, dict)
    return cached


def _evacuating(state: BiteState, start: int, dests: dict[int, int]) -> dict[int, int]:
    """5.5: units in Finland when it turns neutral must start leaving it: a move ends
    outside Finland, or nearer its border than it began."""
    steps = finland_exit(state)
    here = steps.get(start, 0)
    return {n: c for n, c in dests.items() if n not in steps or steps[n] < here}


def must_evacuate(state: BiteState, piece: Piece) -> bool:
    """5.5: a unit standing in Finland after the Finnish surrender, while it may move."""
    return powers.finland_neutral(state) and piece.node in finland_exit(state)


def _friendly_combat_unit_at(state: BiteState, side: str, node: int) -> bool:
    return any(p.side == side and state.spec(p).is_combat for p in state.at(node))


def _finland_limited(state: BiteState, piece: Piece) -> frozenset[int] | None:
    """5.5: at most one German unit inside Finland's 1941 borders: Finland's hexes when
    that limit bears on this unit's move, else None."""
    spec = state.spec(piece)
    if spec.nation != "germany" or not spec.is_ground:
        return None
    finland = state.w.board.zone("finland_1941")
    if piece.node in finland or not powers.finland_limit_applies(state):
        return None
    return finland


def move_ground(state: BiteState, piece: Piece, dest: int) -> list[int]:
    """Carry out a ground move (route computed); returns the route taken."""
    cost, parent = reach(state, piece, piece.mp_left)
    route = path_to(parent, dest)
    piece.mp_left -= cost[dest]
    piece.moved = True
    if len(route) >= 2:
        piece.came_from = route[-2]
    piece.node = dest
    finland = state.w.board.zone("finland_1941")
    if piece.side == SOVIET and dest in finland:
        state.flags["soviets_entered_finland"] = True  # 5.5: the one-German limit ends
    # 3.3: entering or passing a hex takes control of it, up to an enemy-held hex; the
    # hexes of a neutral Finland stay nobody's (5.5).
    enemies = enemy_nodes(state, piece.side)
    neutral = powers.finland_neutral(state)
    take_control(
        state,
        piece.side,
        [n for n in route[1:] if n not in enemies and not (neutral and n in finland)],
    )
    return route


# --- air missions (7.5.2, 7.6); airbases, rebasing and evacuation are in air.py -----------


def grounded_by_surprise(state: BiteState, piece: Piece) -> bool:
    """Barbarossa Surprise (SBE5, SBE9): Soviet fighters cannot take off on the first turn."""
    return piece.side == SOVIET and state.spec(piece).cls == "fighter" and surprise_turn(state)


def _air_ok(state: BiteState, piece: Piece) -> bool:
    if piece.oos and not command.supplied_by_order(state, piece):
        return False
    if grounded_by_surprise(state, piece):
        return False
    if is_frozen(state, piece) or state.strength(piece) <= 0:
        return False
    if not command.may_fly_mission(state, piece):
        return False  # 13.5: no mission or reaction without an HQ's command
    return state.weather != "rain"  # 9.3: no air combat missions in rain


def _room_for_air(state: BiteState, side: str, node: int) -> bool:
    """3.10: at most two air units of a side take part in one battle."""
    flying = sum(1 for p in state.at(node) if p.side == side and state.spec(p).is_air)
    return flying < charts().air_in_battle


def mission_targets(state: BiteState, piece: Piece) -> list[int]:
    """7.5.2: enemy-occupied hexes within range of the air unit's base, where its nation
    may fight (5.3, 5.5)."""
    if not _air_ok(state, piece):
        return []
    board = state.w.board
    rng = air_range(state, piece)
    home = piece.base if piece.base >= 0 else piece.node
    spec = state.spec(piece)
    return [
        node
        for node in sorted(enemy_nodes(state, piece.side))
        if board.distance(home, node) <= rng
        and _room_for_air(state, piece.side, node)
        and powers.air_may_join(state, spec, piece.side, node, attacking=True)
    ]


def reaction_targets(state: BiteState, piece: Piece, battles: set[int]) -> list[int]:
    """7.6: battle hexes in range where the reacting side is attacked, and its nation may
    fight (5.3, 5.5)."""
    if not _air_ok(state, piece) or piece.node in battles:
        return []  # units already in a battle hex stay there (7.6)
    board = state.w.board
    rng = air_range(state, piece)
    spec = state.spec(piece)
    return [
        node
        for node in sorted(battles)
        if board.distance(piece.node, node) <= rng
        and _room_for_air(state, piece.side, node)
        and powers.air_may_join(state, spec, piece.side, node, attacking=False)
    ]


# --- the phase -------------------------------------------------------------------------------


def overstacked(state: BiteState, side: str) -> set[str]:
    """Ground units of ``side`` standing in a hex over the stacking limits (3.10)."""
    by_node: dict[int, list[Piece]] = {}
    for p in state.on_map(side):
        if state.spec(p).is_ground and not any(q.side != side for q in state.at(p.node)):
            by_node.setdefault(p.node, []).append(p)
    out: set[str] = set()
    for node, units in by_node.items():
        if overstack_kept(state, node, side):
            continue  # 23.0, 24.0: landed units may overstack in the turn they came down
        combat = sum(1 for p in units if state.spec(p).is_combat)
        if len(units) > charts().max_ground or combat > charts().max_combat:
            out |= {p.uid for p in units}
    return out


def start_moves(state: BiteState, side: str) -> None:
    flown = bombing.flown_handles(state) if bombing.FLOWN in state.flags else frozenset()
    for p in state.on_map(side):
        p.moved = p.handle in flown  # 32.0 (optional rule): bombers that bombed stay home
        p.came_from = -1
        p.mp_left = ground_mp(state, p) if state.spec(p).is_ground else 0


class MovementPhase(Procedure[BiteState]):
    """7.5: ground units move first, then air units fly missions or rebase (7.5.2)."""

    name = "movement"

    def begin(self, m: Machine[BiteState], state: BiteState, frame: Frame) -> None:
        state.phase = "movement"
        frame.vars["stage"] = "ground"
        landings.clear_marks(state)  # 23.0, 24.0: last turn's landings are over
        for p in state.on_map(state.phasing):
            p.attacked = False
        start_moves(state, state.phasing)

    def decision(self, m: Machine[BiteState], state: BiteState, frame: Frame) -> Decision | None:
        raid = frame.vars.get(raids.RAID)
        if isinstance(raid, dict):  # 23.0: an airborne assault waits for its escorts
            return raids.decision(state, raid)  # ... and the defender's interceptors
        side = state.phasing
        board = state.w.board
        actions: list[Action] = []
        if frame.vars["stage"] == "ground":
            crowded = overstacked(state, side)
            moves = Listing()  # a hundred blocks, each to hundreds of hexes: made if asked
            movers: list[str] = []
            fits: StackMemo = {}
            for p in sorted(state.on_map(side), key=lambda x: x.uid):
                if state.spec(p).is_ground:
                    to = [board.id_of(node) for node in ground_destinations(state, p, fits=fits)]
                    if to:
                        moves.grid(side, "move", {"unit": p.uid}, "to", to)
                        movers.append(p.uid)
                        if must_evacuate(state, p):
                            crowded.add(p.uid)  # 5.5: it must start leaving Finland
            for a in hq_actions(state, side, "movement", ground=True):
                moves.append(a)  # 13.3, 13.4: activate HQs, put units under their command
            # 7.3.2: new units overstacked in their city must spread out before movement ends.
            if not any(uid in crowded for uid in movers):
                moves.append(Action(side, "end_ground"))
            text = "Move ground units; then end ground movement."
            if command.active_entries(state) or command.activatable(state, "movement", side):
                text += HQ_HINT
            if crowded:
                text = (
                    "Some units must move first: out of overstacked hexes (3.10, 7.3.2) "
                    "or out of neutral Finland (5.5). " + text
                )
            return Decision(Prompt(side, "move", text, hq_prompt(state, "movement")), moves)
        if frame.vars["stage"] == "overstack":
            return self._overstack_decision(state, side)
        sources = _all_sources(state, side)
        leaving = False
        for p in sorted(state.on_map(side), key=lambda x: x.uid):
            if not state.spec(p).is_air or p.moved or p.base >= 0 or is_frozen(state, p):
                continue  # 3.21: frozen air units neither fly nor rebase
            if grounded_by_surprise(state, p):
                continue  # Barbarossa Surprise: not even a rebase
            evacuating = must_evacuate(state, p)
            if (not p.oos or command.supplied_by_order(state, p)) and not evacuating:
                for node in mission_targets(state, p):
                    actions.append(Action(side, "fly", {"unit": p.uid, "to": board.id_of(node)}))
            reach = air_range(state, p) * 2
            if p.oos:
                reach //= 2  # 4.4: out of supply, only rebasing, at half range
            for node in rebase_targets(state, p, sources, distance=reach):
                actions.append(Action(side, "rebase", {"unit": p.uid, "to": board.id_of(node)}))
                leaving = leaving or evacuating  # 5.5: it must leave neutral Finland
        actions.extend(hq_actions(state, side, "movement", ground=False))
        scouting = recon_actions(state, side)  # 19.1: activated HQs scout enemy hexes
        actions.extend(scouting)
        if bombing.bombing_on(state) and bombing.in_movement(state):
            actions.extend(bombing.missions(state, side))  # 32.0, Italian 2.x
        text = "Fly air missions or rebase; then done."
        if scouting:
            text = "Fly air missions, rebase or scout enemy hexes from the air; then done."
        if advanced(state):
            text += HQ_HINT
        if leaving:
            text = "Air units in neutral Finland must rebase out of it first (5.5). " + text
        else:
            actions.append(Action(side, "done"))
        return Decision(Prompt(side, "air", text, hq_prompt(state, "movement")), actions)

    def _overstack_decision(self, state: BiteState, side: str) -> Decision:
        """3.10: one unit at a time, the owner removes units from hexes still over the
        stacking limits after ground movement."""
        actions = [
            Action(side, "eliminate", {"unit": uid, "overstack": True})
            for uid in sorted(overstacked(state, side))
        ]
        text = (
            "Some hexes hold more units than the stacking limits allow (3 ground units, at "
            "most 2 of them combat units) and they could not move out: choose a unit to "
            "eliminate, until every hex is within the limits (3.10)."
        )
        return Decision(Prompt(side, "overstack", text), actions)

    def act(self, m: Machine[BiteState], state: BiteState, frame: Frame, action: Action) -> None:
        board = state.w.board
        raid = frame.vars.get(raids.RAID)
        bombs = isinstance(raid, dict) and raid.get("kind") == raids.BOMBING
        if action.verb == "bomb" or bombs:  # 32.0 (optional rule), Italian 2.x
            raids.step(state, frame.vars, action, bombing.fly, bombing.finish)
            return
        if action.verb == "airdrop" or isinstance(raid, dict):  # 23.0 (optional rule)
            raids.step(state, frame.vars, action, landings.airdrop, landings.finish_drop)
            return
        if action.verb == "end_ground":
            update_front(state)
            # 3.10, 7.3.2: units still over the limits could not move out; their owner
            # picks which of them to give up (as with excess air units, 7.8.1).
            frame.vars["stage"] = "overstack" if overstacked(state, state.phasing) else "air"
            return
        if action.verb == "eliminate":  # the overstack stage
            piece = state.pieces[str(action.args["unit"])]
            eliminate(state, piece, "overstacked and unable to move (3.10)")
            if not overstacked(state, state.phasing):
                frame.vars["stage"] = "air"
            return
        if action.verb == "done":
            m.end(state)
            return
        if act_on_hq(state, action, "movement"):
            return
        if action.verb == "recon":  # 19.1
            attempt(
                state, state.pieces[str(action.args["hq"])], board.node(str(action.args["hex"]))
            )
            return
        piece = state.pieces[str(action.args["unit"])]
        to = board.node(str(action.args["to"]))
        frm = piece.node
        if action.verb == "move":
            route = move_ground(state, piece, to)
            state.emit(
                "move", handle=piece.handle, side=piece.side, path=[board.id_of(n) for n in route]
            )
            if any(p.side != piece.side for p in state.at(to)) and all(
                state.spec(p).is_air for p in state.at(to) if p.side != piece.side
            ):
                evacuate_airbase(state, to, piece.side)
                if not any(p.side != piece.side for p in state.at(to)):
                    take_control(state, piece.side, [to])  # 3.3: the airbase is taken
            command.check_supreme_homes(state)  # 13.8.1, 13.8.2
        elif action.verb == "fly":
            piece.base, piece.node, piece.moved = frm, to, True
            state.emit_move("fly", piece, frm, to)
        elif action.verb == "rebase":
            piece.node, piece.moved = to, True
            state.emit_move("rebase", piece, frm, to)


# --- HQ activation and command (13.0-13.5), shared by the phases -----------------------------

HQ_HINT = (
    " Armour and air units need an activated HQ's command for full supply: activate an HQ "
    "(13.3), then spend its action points on units in range (13.4)."
)


def hq_prompt(state: BiteState, phase: str) -> dict[str, JSON]:
    """Prompt data naming the HQ rules that bear on a decision (Advanced Game), so that
    the words for players can add them (text.py); nothing in the Basic Game."""
    return {"hq": phase} if advanced(state) else {}


def hq_actions(
    state: BiteState,
    side: str,
    phase: str,
    *,
    ground: bool,
    tactical_only: bool = False,
    any_moved: bool = False,
) -> list[Action]:
    """The HQ choices of ``side`` in ``phase``: activations (13.3, 13.7, 13.8) and commands
    of units that have not moved yet (any unit with ``any_moved``: the reaction phase comes in
    the enemy's turn), ground units or air units (13.1-13.5, 13.8.1)."""
    if not advanced(state):
        return []
    out = [
        Action(side, "activate", {"hq": hq.uid}) for hq in command.activatable(state, phase, side)
    ]
    if not command.active_entries(state):
        return out
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        spec = state.spec(p)
        if (p.moved and not any_moved) or spec.is_ground != ground or is_frozen(state, p):
            continue
        if not ground and p.base >= 0:
            continue
        for hq, kind in command.command_options(state, p, tactical_only=tactical_only):
            args: dict[str, JSON] = {"hq": hq, "unit": p.uid}
            if state.spec(state.pieces[hq]).cls == "supreme_hq":
                args["as"] = kind
            out.append(Action(side, "command", args))
    if ground:
        out.extend(reserve.actions(state, side, phase))  # 31.0 (optional rule)
    if phase == "movement":
        out.extend(naval.actions(state, side, air_stage=not ground))  # 18.0 (optional rule)
        if ground:
            out.extend(landings.amphibious_actions(state, side))  # 24.0 (optional rule)
        else:  # 23.0 (optional rule): with the air missions, a bomber carrying gliders too
            out.extend(landings.airborne_actions(state, side))
    return out


def act_on_hq(state: BiteState, action: Action, phase: str) -> bool:
    """Carry out an ``activate`` or ``command`` action; False for any other verb."""
    if action.verb == "activate":
        command.activate(state, state.pieces[str(action.args["hq"])], phase)
        return True
    if action.verb == "reserve":  # 31.0 (optional rule)
        reserve.act(state, action)
        return True
    if action.verb == "sail":  # 18.0 (optional rule)
        naval.act(state, action)
        return True
    if action.verb == "land":  # 24.0 (optional rule)
        landings.land(state, action)
        return True
    if action.verb != "command":
        return False
    hq = state.pieces[str(action.args["hq"])]
    piece = state.pieces[str(action.args["unit"])]
    spec = state.spec(piece)
    kind = str(action.args.get("as") or command.fuel_kind(spec))
    command.command(state, hq, piece, kind)
    if spec.is_ground and not piece.moved:
        piece.mp_left = ground_mp(state, piece)  # 13.2: full MP under command
    return True


def _all_sources(state: BiteState, side: str) -> frozenset[int]:
    from .supply import all_source_nodes, source_nodes

    out = set(all_source_nodes(state, side))
    if not out:
        for power, main in state.w.main_sources.items():
            if (power == "ussr") == (side == SOVIET):
                out |= source_nodes(state, side, main)
    return frozenset(out)
