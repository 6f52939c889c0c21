"""10.1 movement in an OPS round, with 7.3.3 (OPS to leave an enemy ZOC), chapter 8 (ZOC
stops) and chapter 9 (stacking), the turn-1 bans (4.4.2-4.4.4) and the national bans (19).

A unit moves one hex per action, by rail at once (10.2.1-10.2.4) or by sea (10.2.5-10.2.6);
when its player ends movement, the round goes on to combat (``combat.py``).
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import AXIS, SOVIET, SwState, enemy
from . import control, partisans, supply, works
from .stacking import stack_ok
from .zoc import enemy_zoc

M = Machine[SwState]


class MoveVars(TypedDict):
    side: str
    ops: int  # the card's OPS not yet spent (7.3.3); banked OPS are on the state
    zero: bool  # a 0-OPS round (7.2.6 i): only banked OPS pay
    start: dict[str, int]  # unit -> hex it began the round in
    mp: dict[str, int]  # unit -> MP spent this round
    stopped: list[str]  # units that may move no further (ZOC, the one-hex rule)
    paid: list[int]  # hexes whose ZOC exit was paid for (7.3.3)
    markers: list[int]  # Move markers placed (7.3.4)
    rail: list[str]  # units moved strategically this round (10.2.1)
    withdrew: list[str]  # left an enemy ZOC free by Strategic Withdrawal: none to re-enter
    sea: bool  # the Soviet sea move of this round is made (10.2.6)
    trenching: list[int]  # hexes with a trench attempt this round (10.3.1)
    sure: list[int]  # of them, those paid to succeed without a die (23.1.3)
    partisans_free: int  # partisans still to place for the OPS paid (16.1.2)
    passing: str  # a unit passing through a full stack: it moves on before anything else (9.1.4)


def movement_vars(state: SwState, side: str, ops: int, zero: bool) -> dict[str, object]:
    return {
        "side": side,
        "ops": ops,
        "zero": zero,
        "start": {p.uid: p.at for p in state.on_map(side)},
        "mp": {},
        "stopped": [],
        "paid": [],
        "markers": [],
        "rail": [],
        "withdrew": [],
        "sea": False,
        "trenching": [],
        "sure": [],
        "partisans_free": 0,
        "passing": "",
    }


def allowance(state: SwState, uid: str, start: int) -> int:
    """MA for this round (10.1.4, read as per action round since every unit may move in each
    OPS round, 7.3.3): the printed MA of its step, -1 for an Axis unit that began east of the
    Paulus Line in turns 1-4 while supplied (10.1.5), -2 for an OOS unit of MA 3 or more
    (13.3.1)."""
    piece = state.pieces[uid]
    unit = state.world.units[uid]
    ma = unit.steps[piece.step].ma
    t = state.world.tables
    oos = uid in state.oos
    if oos and ma >= t.oos_ma_from:
        ma += t.oos_ma
    if (
        piece.side == AXIS
        and not oos
        and state.turn <= t.paulus_to_turn
        and start in state.world.map.zones.get("paulus_east", frozenset())
    ):
        ma += t.paulus_ma
    return max(ma, 0)


def step_cost(state: SwState, uid: str, a: int, b: int) -> int:
    """MP to go from ``a`` into ``b`` (10.1.1, 10.1.2, TEC): the terrain of ``b`` (a town or
    city costs what its terrain costs; mountain 1 for mountain units), plus a major river or
    the Kerch Strait crossed."""
    m, t = state.world.map, state.world.tables
    if m.terrain[b] == "mountain" and state.world.units[uid].kind == "mountain_corps":
        cost = t.mountain_unit_mp
    else:
        cost = m.move_cost(b)
    side = m.side(a, b)
    if side is not None:
        if side.kerch_strait:
            cost += t.kerch_mp
        elif side.major_river:
            cost += t.major_river_mp
    return cost


def may_enter(state: SwState, uid: str, b: int) -> bool:
    """Hexes a unit may never enter: enemy units (10.1.6), and the countries of
    ``country_open``."""
    piece = state.pieces[uid]
    if any(
        p.side != piece.side and not (piece.side == AXIS and partisans.inactive(state, p.uid))
        for p in state.occupants(b)
    ):
        return False  # 10.1.6; the Axis moves through inactive partisans (16.1.4)
    return country_open(state, uid, b)


def country_open(state: SwState, uid: str, b: int) -> bool:
    """Whether ``uid`` may enter ``b``'s country, by any kind of move, even passing through:
    not Hungary on turn 1 (4.4.3), not Romania for Soviets on turn 1 (4.4.4), never Hungary
    for Romanians nor Romania for Hungarians (19.1.1, 19.2.1)."""
    piece = state.pieces[uid]
    nation = state.world.map.nation[b] or ""
    t = state.world.tables
    if state.turn == 1 and nation in t.no_entry_turn1:
        return False
    if state.turn == 1 and piece.side == SOVIET and nation in t.soviet_banned_turn1:
        return False
    unit_nation = state.world.units[uid].nation
    if piece.side == AXIS and unit_nation == "RO" and nation == "hungary":
        return False
    return not (piece.side == AXIS and unit_nation == "HU" and nation == "romania")


def available_ops(state: SwState, v: MoveVars) -> int:
    return v["ops"] + state.banked_ops[v["side"]]


def exit_cost(state: SwState, v: MoveVars, uid: str, a: int) -> int:
    """7.3.3: leaving an enemy-ZOC hex the unit began the round in costs 1 OPS for the hex,
    unless a unit that began there stays; paid once per hex."""
    if v["start"].get(uid) != a or a in v["paid"]:
        return 0
    if a not in enemy_zoc(state, v["side"]):
        return 0
    if withdrawal(state, v["side"]):
        return 0  # S11 Strategic Withdrawal
    stays = any(
        p.uid != uid and v["start"].get(p.uid) == a
        for p in state.occupants(a)
        if p.side == v["side"]
    )
    return 0 if stays else 1


def held_by_order(state: SwState, side: str, uid: str, a: int) -> bool:
    """A no-retreat order in force: S22 (German units; lifted by Manstein, by Kleist in the
    Caucasus Zone, or bought off) or A18 (Soviet units, unless bought off): no OPS may be paid
    to leave an enemy ZOC this turn."""
    if f"{side}:leave_enemy_zoc_with_ops" not in state.this_turn:
        return False
    if side == SOVIET:
        return "cancel:A18" not in state.this_turn
    if "cancel:S22" in state.this_turn or state.world.units[uid].nation != "GE":
        return False
    caucasus = state.world.map.zones.get("caucasus_zone", frozenset())
    return not ("cancel:S22:caucasus" in state.this_turn and a in caucasus)


def withdrawal(state: SwState, side: str) -> bool:
    return f"{side}:leave_enemy_zoc_free_if_not_reentering" in state.this_turn


def moves(state: SwState, v: MoveVars, uid: str) -> list[int]:
    """The hexes ``uid`` may step into now."""
    piece = state.pieces[uid]
    side = v["side"]
    t = state.world.tables
    if uid in v["stopped"] or (side == AXIS and state.turn == t.axis_still_turn):
        return []  # 4.4.2: the Axis does not move on turn 1
    if partisans.inactive(state, uid) or works.held_in_festung(state, uid):
        return []  # inactive partisans stay put; 16.3.4: nobody leaves a Festung
    a = piece.at
    start = v["start"].get(uid, a)
    ma = allowance(state, uid, start)
    if ma <= 0:
        return []
    m = state.world.map
    nation = m.nation[a] or ""
    if state.turn == 1 and side == SOVIET and nation in t.soviet_banned_turn1:
        return []  # 4.4.4
    used = v["mp"].get(uid, 0)
    zoc = enemy_zoc(state, side)
    pay = exit_cost(state, v, uid, a)
    if pay > available_ops(state, v) or (pay and held_by_order(state, side, uid, a)):
        return []
    out = []
    for b in m.adjacency[a]:
        if a in zoc and b in zoc:
            continue  # 8.3: never straight from one enemy ZOC hex to another
        if b in zoc and uid in v.get("withdrew", []):
            continue  # S11: a unit that withdrew free does not step into a ZOC again
        cost = step_cost(state, uid, a, b)
        if used + cost > ma and used > 0:
            continue  # 10.1.4: the MA, except that a first hex is always allowed
        if not may_enter(state, uid, b):
            continue
        out.append(b)
    return out


def rail_banned(state: SwState, side: str) -> set[int]:
    """10.2.3-10.2.4: no Axis rail in the USSR in turns 1-4, in the Baltic States in turns 1-2,
    ever in the Caucasus Zone; no Soviet rail in Germany."""
    key = f"railban:{side}"
    found: set[int] | None = state.cache.get(key)
    if found is not None:
        return found
    m, t = state.world.map, state.world.tables
    out: set[int] = set()
    for node in m.rail_hexes:
        nation = m.nation[node] or ""
        if side == AXIS:
            if (
                (state.turn <= t.rail_axis_no_ussr_to and nation == "ussr")
                or (
                    state.turn <= t.rail_axis_no_baltic_to
                    and node in m.zones.get("baltic_states", frozenset())
                )
                or node in m.zones.get("caucasus_zone", frozenset())
            ):
                out.add(node)
        elif nation in t.rail_soviet_never:
            out.add(node)
    state.cache[key] = out
    return out


def rail_net(state: SwState, side: str, group: str) -> set[int]:
    """10.2.3: the rail hexes joined by unbroken rail to a friendly supply source, free of enemy
    units, enemy ZOC and enemy-held city, oil, VP, port or fortress hexes, and of the bans."""
    key = ("railnet", side, group, state.position_key())
    found: set[int] | None = state.memo.get(key)
    if found is not None:
        return found
    m = state.world.map
    blocked = {  # 10.2.2: inactive partisans only slow the Axis down (rail_walk)
        p.at for p in state.on_map() if p.side != side and not partisans.inactive(state, p.uid)
    }
    blocked |= enemy_zoc(state, side) | rail_banned(state, side)
    foe = enemy(side)
    for place in m.places.values():
        if state.control.get(place.name) == foe and (
            place.type != "town" or place.port or place.oil or place.vp or place.fort
        ):
            blocked.add(place.node)
    net = supply.rail_reach(state, supply.sources(state, group), blocked)
    if len(state.memo) > 64:
        state.memo.clear()
    state.memo[key] = net
    return net


def rail_walk(state: SwState, side: str, start: int, net: set[int]) -> set[int]:
    """The rail hexes reached from ``start`` inside ``net``. 10.2.2: an Axis train passes one
    hex of inactive partisans, and stops in the second it enters."""
    links = supply.rail_links(state)
    axis = side == AXIS
    best = {start: 0}  # hex -> fewest partisan hexes entered on the way
    todo = [start]
    while todo:
        x = todo.pop()
        here = best[x]
        if axis and here >= RAIL_PARTISANS_PASSED + 1:
            continue  # stopped by the second partisan hex
        for b in links.get(x, ()):
            if b not in net:
                continue
            count = here + (1 if axis and state.inactive_partisan_at(b) else 0)
            if count < best.get(b, 99):
                best[b] = count
                todo.append(b)
    best.pop(start, None)
    return set(best)


RAIL_PARTISANS_PASSED = 1  # 10.2.2: the one partisan hex an Axis train may pass


def rail_targets(state: SwState, v: MoveVars, uid: str) -> list[int]:
    """Where ``uid`` may go by rail now (10.2): an SCU (or Stalin, 16.4.5-16.4.6) in supply
    (13.3.2) that has not moved this round, from a rail hex, for 1 OPS, in an OPS round of a
    card (10.2.1); out of an enemy ZOC only if a friendly unit that does not go by rail stays
    (10.2.2)."""
    t, m = state.world.tables, state.world.map
    piece, unit = state.pieces[uid], state.world.units[uid]
    side = v["side"]
    if v["zero"] or uid in v["stopped"] or uid in v["mp"] or uid in v["rail"]:
        return []
    if side == AXIS and state.turn == t.axis_still_turn:
        return []  # 4.4.2
    if f"{side}:rail_movement" in state.this_turn:
        return []  # S51 Thunderclap
    if unit.large or uid in state.oos or available_ops(state, v) < t.rail_ops:
        return []
    if partisans.is_partisan(state, uid) or works.held_in_festung(state, uid):
        return []
    moscow = m.node("Moscow")
    if unit.kind == "stalin":
        if state.stalin_moves >= t.stalin_moves:
            return []
    elif unit.kind in ("fortified_zone", "bunker"):
        return []
    a = piece.at
    if a not in m.rail_hexes or a in rail_banned(state, side):
        return []
    if a in enemy_zoc(state, side) and not any(
        p.side == side and p.uid != uid and p.uid not in v["rail"] for p in state.occupants(a)
    ):
        return []
    net = rail_net(state, side, supply.group_of(state, uid))
    net = {n for n in net if country_open(state, uid, n)}  # 19: nor passing through
    seen = rail_walk(state, side, a, net)
    if unit.kind == "stalin" and a != moscow:  # 16.4.5: out of Moscow, or back to it
        seen &= {moscow} if state.control.get("Moscow") == SOVIET else set()
    return sorted(b for b in seen if stack_ok(state, b, side, joining=uid))


def _col(state: SwState, node: int) -> int:
    return int(state.world.map.id_of(node)[:2])


def sea_targets(state: SwState, v: MoveVars, uid: str) -> list[int]:
    """10.2.5-10.2.6: sea moves for 1 OPS, whatever the ZOCs. The Axis: one SCU a turn in the
    Baltic and one in the Black Sea and Azov, port to friendly port, never east of a
    Soviet-held port. The Soviet: one SCU an AR in the Black Sea and Azov, from a friendly
    port to a coastal hex of that sea not held by the enemy (A11), never west of an
    Axis-held port."""
    t, m = state.world.tables, state.world.map
    piece, unit = state.pieces[uid], state.world.units[uid]
    side = v["side"]
    if v["zero"] or uid in v["stopped"] or uid in v["mp"] or uid in v["rail"]:
        return []
    if side == AXIS and state.turn == t.axis_still_turn:
        return []
    if unit.large or unit.kind in ("stalin", "fortified_zone", "bunker"):
        return []
    if uid in state.oos or available_ops(state, v) < t.rail_ops:
        return []
    if partisans.is_partisan(state, uid) or works.held_in_festung(state, uid):
        return []
    here = m.place_at.get(piece.at)
    if here is None or not here.port or state.control.get(here.name) != side:
        return []
    group = next((g for g in t.sea_groups[side] if here.sea in g), None)
    if group is None:
        return []
    label = f"{side}:{'/'.join(sorted(group))}"
    if side == AXIS and label in state.sea_moves:
        return []
    if side == SOVIET and v["sea"]:
        return []
    foe = enemy(side)
    ports = [p for p in m.places.values() if p.port and p.sea in group]
    enemy_ports = [_col(state, p.node) for p in ports if state.control.get(p.name) == foe]
    if side == AXIS:
        limit = min(enemy_ports, default=99)
        dest = {
            p.node
            for p in ports
            if state.control.get(p.name) == side
            and p.node != piece.at
            and _col(state, p.node) <= limit
        }
    else:
        limit = max(enemy_ports, default=0)
        waters = frozenset().union(*(t.sea_waters.get(s, frozenset()) for s in group))
        dest = set()
        for node in range(m.hex_count):
            if node == piece.at or not m.is_land(node) or _col(state, node) < limit:
                continue
            if not any(m.water_name[b] in waters for b in m.grid.neighbors[node]):
                continue
            place = m.place_at.get(node)
            if place is not None and state.control.get(place.name) == foe:
                continue
            dest.add(node)
    return sorted(
        b
        for b in dest
        if not any(p.side != side for p in state.occupants(b))
        and country_open(state, uid, b)  # 19
        and stack_ok(state, b, side, joining=uid)
    )


class Movement(Procedure[SwState]):
    """Movement of an OPS round (7.3.3, 10.1): unit by unit, hex by hex, then done."""

    name = "movement"

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        v = frame.typed(MoveVars)
        side = v["side"]
        grid = state.world.map
        passing = v.get("passing", "")
        if passing:  # 9.1.4: a unit in a full stack moves on before anything else happens
            ops = available_ops(state, v)
            return Decision(
                Prompt(
                    side,
                    "movement",
                    f"Move units ({ops} OPS left to leave enemy ZOCs)",
                    {"ops": ops, "passing": passing},
                ),
                [
                    Action(side, "move", {"unit": passing, "to": grid.id_of(b)})
                    for b in moves(state, v, passing)
                    if _fits(state, v, passing, b)
                ],
            )
        actions = [Action(side, "end_movement")]
        for p in state.on_map(side):
            for b in moves(state, v, p.uid):
                if _fits(state, v, p.uid, b):
                    actions.append(Action(side, "move", {"unit": p.uid, "to": grid.id_of(b)}))
            for b in rail_targets(state, v, p.uid):
                actions.append(Action(side, "rail", {"unit": p.uid, "to": grid.id_of(b)}))
            for b in sea_targets(state, v, p.uid):
                actions.append(Action(side, "sea", {"unit": p.uid, "to": grid.id_of(b)}))
        ops = available_ops(state, v)
        if not v["zero"] or ops:
            actions += _works_actions(state, v)
        return Decision(
            Prompt(
                side, "movement", f"Move units ({ops} OPS left to leave enemy ZOCs)", {"ops": ops}
            ),
            actions,
        )

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        v = frame.typed(MoveVars)
        if action.verb == "end_movement":
            state.emit("movement_end", side=v["side"], markers=len(v["markers"]))
            for node in v.get("trenching", []):  # 10.3.1: the dice after all movement
                if node in v.get("sure", []):
                    works.place_trench(state, v["side"], node)
                else:
                    works.roll_trench(state, v["side"], node)
            # 7.3.5: what OPS are left go on Combat markers, then the combats (chapter 11);
            # the combat step also resets the count of a 0-OPS round without moves or fights
            from .combat_start import combat_vars

            m.goto(
                state,
                "combat",
                **combat_vars(
                    state,
                    v["side"],
                    v["ops"],
                    v["zero"],
                    bool(v["mp"]) or bool(v["rail"]),
                    list(v["rail"]),
                ),
            )
            return
        if action.verb in ("entrench", "entrench_sure", "festung", "partisans"):
            _works_act(state, v, action)
            return
        uid, to = str(action.args["unit"]), str(action.args["to"])
        piece = state.pieces.get(uid)
        if piece is None:
            raise IllegalAction(f"no unit {uid}")
        b = state.world.map.index(to)
        a = piece.at
        if action.verb in ("rail", "sea"):
            if action.verb == "sea":
                group = next(
                    g
                    for g in state.world.tables.sea_groups[v["side"]]
                    if state.world.map.place_at[a].sea in g
                )
                state.sea_moves.append(f"{v['side']}:{'/'.join(sorted(group))}")
                v["sea"] = True
            self._rail(state, v, uid, a, b, action.verb)
            return
        pay = exit_cost(state, v, uid, a)
        if (
            not pay
            and withdrawal(state, v["side"])
            and a in enemy_zoc(state, v["side"])
            and v["start"].get(uid) == a
        ):
            v.setdefault("withdrew", []).append(uid)
        if pay:
            _pay(state, v, pay)
            v["paid"].append(a)
            if a not in v["markers"]:
                v["markers"].append(a)  # 7.3.4: a Move marker where an OPS was spent
        cost = step_cost(state, uid, a, b)
        used = v["mp"].get(uid, 0)
        v["mp"][uid] = used + cost
        ma = allowance(state, uid, v["start"].get(uid, a))
        piece.at = b
        state.moved()
        if b in enemy_zoc(state, v["side"]) or used + cost >= ma:
            v["stopped"].append(uid)  # 8.3 stop in an enemy ZOC; 10.1.4 the MA is spent
        # 9.1.4: over the limits here, the unit is passing through and must move on
        v["passing"] = "" if stack_ok(state, b, v["side"]) else uid
        control.enter(state, v["side"], b)
        _paulus(state, uid, b)
        state.emit(
            "move",
            side=v["side"],
            unit=uid,
            frm=state.world.map.id_of(a),
            to=to,
            mp=cost,
            ops=pay,
        )

    def _rail(self, state: SwState, v: MoveVars, uid: str, a: int, b: int, how: str) -> None:
        """10.2.1: 1 OPS, a Move marker, and the unit moves no more this round."""
        t = state.world.tables
        _pay(state, v, t.rail_ops)
        if a not in v["markers"]:
            v["markers"].append(a)
        state.pieces[uid].at = b
        state.moved()
        v["rail"].append(uid)
        v["stopped"].append(uid)
        if state.world.units[uid].kind == "stalin":
            state.stalin_moves += 1  # 16.4.6
        control.enter(state, v["side"], b)
        _paulus(state, uid, b)
        m = state.world.map
        state.emit(f"{how}_move", side=v["side"], unit=uid, frm=m.id_of(a), to=m.id_of(b))


def _paulus(state: SwState, uid: str, b: int) -> None:
    """5.1.3: remember that a supplied Axis unit moved east of the Paulus Line."""
    if (
        state.pieces[uid].side == AXIS
        and uid not in state.oos
        and b in state.world.map.zones.get("paulus_east", frozenset())
    ):
        state.paulus_crossed = True


def _fits(state: SwState, v: MoveVars, uid: str, b: int) -> bool:
    """A step into ``b`` that keeps the stacking rules: the unit fits there (9.1.1-9.1.3,
    9.2), or it passes through a full stack (9.1.4: the limits hold when movement ends, not
    during it). Passing needs 9.2 kept in ``b``, the unit free to go on from there (no
    enemy ZOC, no Festung, MP left) and a way on, within its MA, to a hex where it fits."""
    side = v["side"]
    if stack_ok(state, b, side, joining=uid):
        return True
    if not stack_ok(state, b, side, joining=uid, counts=False):
        return False
    a = state.pieces[uid].at
    used = v["mp"].get(uid, 0) + step_cost(state, uid, a, b)
    ma = allowance(state, uid, v["start"].get(uid, a))
    return _may_pass(state, v, uid, b, used, ma) and _settles(state, v, uid, b, used, ma)


def _may_pass(state: SwState, v: MoveVars, uid: str, node: int, used: int, ma: int) -> bool:
    """A hex the unit may stand in for a moment over the limits: it is not stopped there
    (8.3 enemy ZOC, 10.1.4 MA spent, 16.3.4 a Festung)."""
    if node in enemy_zoc(state, v["side"]) or used >= ma:
        return False
    return not (v["side"] == AXIS and state.festung_at(node))


def _settles(state: SwState, v: MoveVars, uid: str, node: int, used: int, ma: int) -> bool:
    """Whether ``uid``, passing through ``node`` with ``used`` MP spent, can still reach a
    hex where it fits by the steps ``moves`` offers (the same MA, ZOC and entry rules)."""
    side = v["side"]
    zoc = enemy_zoc(state, side)
    withdrew = uid in v.get("withdrew", [])
    m = state.world.map
    best = {node: used}
    todo = [node]
    while todo:
        x = todo.pop()
        spent = best[x]
        for c in m.adjacency[x]:
            if c in zoc and withdrew:
                continue
            cost = spent + step_cost(state, uid, x, c)
            if cost > ma or not may_enter(state, uid, c):
                continue
            if stack_ok(state, c, side, joining=uid):
                return True
            if not stack_ok(state, c, side, joining=uid, counts=False):
                continue
            if not _may_pass(state, v, uid, c, cost, ma) or best.get(c, ma + 1) <= cost:
                continue
            best[c] = cost
            todo.append(c)
    return False


def _pay(state: SwState, v: MoveVars, n: int) -> None:
    """OPS of the card first, then banked OPS (18.1)."""
    from_card = min(n, v["ops"])
    v["ops"] -= from_card
    rest = n - from_card
    if rest > state.banked_ops[v["side"]]:
        raise IllegalAction("not enough OPS to leave the enemy ZOC")
    state.banked_ops[v["side"]] -= rest


def _works_actions(state: SwState, v: MoveVars) -> list[Action]:
    """Trench attempts (10.3.1, 23.1.3), Festung (16.3.2) and partisans (16.1.2) for OPS."""
    side = v["side"]
    grid = state.world.map
    ops = available_ops(state, v)
    out: list[Action] = []
    moved = set(v["mp"]) | set(v["rail"])
    tried = list(v.get("trenching", []))
    for node in works.trench_hexes_for(state, side, moved, tried, ops):
        out.append(Action(side, "entrench", {"hex": grid.id_of(node)}))
        if works.automatic_trench(state) and ops >= works.trench_cost(state, True):
            out.append(Action(side, "entrench_sure", {"hex": grid.id_of(node)}))
    if side == AXIS:
        for node in works.festung_hexes(state, ops):
            out.append(Action(side, "festung", {"hex": grid.id_of(node)}))
    else:
        free = int(v.get("partisans_free", 0))
        for node in partisans.hexes(state, ops, free):
            out.append(Action(side, "partisans", {"hex": grid.id_of(node)}))
    return out


def _works_act(state: SwState, v: MoveVars, action: Action) -> None:
    side = v["side"]
    node = state.world.map.index(str(action.args["hex"]))
    w = state.world.tables.works
    if action.verb in ("entrench", "entrench_sure"):
        sure = action.verb == "entrench_sure"
        _pay(state, v, works.trench_cost(state, sure))
        v.setdefault("trenching", []).append(node)
        if sure:
            v.setdefault("sure", []).append(node)
        for p in state.occupants(node):  # 10.3.1: the digging LCU stays this round
            if p.side == side and state.world.units[p.uid].large and p.uid not in v["stopped"]:
                v["stopped"].append(p.uid)
        if node not in v["markers"]:
            v["markers"].append(node)
        state.emit("trench_attempt", side=side, hex=action.args["hex"], sure=sure)
    elif action.verb == "festung":
        _pay(state, v, w.festung_ops)
        if node not in v["markers"]:
            v["markers"].append(node)
        works.place_festung(state, node)
    else:
        if int(v.get("partisans_free", 0)) <= 0:
            _pay(state, v, w.partisan_ops)
            state.partisan_turn = state.turn
            v["partisans_free"] = w.partisans_per_ops
        v["partisans_free"] = int(v["partisans_free"]) - 1
        partisans.place(state, node)
