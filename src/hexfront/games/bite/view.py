"""What one side may see (1.3): the only output of the game a player, client or AI gets.

Own blocks are shown in full. Enemy blocks show their owner, their block colour and where
they stand, plus the white barrel, until a battle reveals them (7.7); revealed blocks stay
visible until the next Final Supply Status Phase (7.9). Off-map pools of the enemy are
shown as counts only. The log keeps only events addressed to everyone or to this side.
With the "fog" option off, everything is shown.
"""

from __future__ import annotations

import pickle
from dataclasses import fields
from operator import attrgetter, countOf
from typing import cast

from hexfront.engine.events import JSON, json_copy
from hexfront.engine.sequence import Decision

from .rules import (
    command,
    dated,
    economy,
    factories,
    landing_marks,
    lend_lease,
    partisans,
    reserve,
    strategic,
)
from .rules.basics import FROZEN_TURN1
from .rules.level import advanced
from .state import (
    AXIS,
    CONTROL_LETTER,
    DISBANDED,
    ELIMINATED,
    HELD,
    ON_MAP,
    POOL,
    BiteState,
    Piece,
    piece_row,
)
from .types import OFF

BLOCK_COLOUR = {
    "ussr": "red",
    "germany": "black",
    "finland": "black",
    "romania": "black",
    "hungary": "black",
    "slovakia": "black",
    "italy": "lightgreen",
}

LOG_TAIL = 400  # events kept in a view; the full log is in the record


def _public(state: BiteState, p: Piece) -> dict[str, JSON]:
    spec = state.spec(p)
    board = state.w.board
    out: dict[str, JSON] = {
        "handle": p.handle,
        "side": p.side,
        "colour": BLOCK_COLOUR.get(spec.nation, "tan"),
        "hex": board.id_of(p.node) if p.node >= 0 else None,
        "oos": p.oos,
    }
    if p.base >= 0:
        out["flying_from"] = board.id_of(p.base)
    # What anyone at the table saw the block do this turn.
    if p.moved:
        out["moved"] = True
    if p.attacked:
        out["attacked"] = True
    if p.came_from >= 0:
        out["came_from"] = board.id_of(p.came_from)
    return out


def _full(state: BiteState, p: Piece) -> dict[str, JSON]:
    spec = state.spec(p)
    out = _public(state, p)
    out.update(
        id=p.uid,
        name=spec.name,
        nation=spec.nation,
        cls=spec.cls,
        strength=state.strength(p),
        ladder=list(spec.ladder),
        colours=list(spec.colours),
        step=p.step,
        half_hit=p.half_hit,
        revealed=p.revealed,
    )
    if spec.is_ground:
        out["mp_left"] = p.mp_left
    if spec.elite:  # 10.0: the elite mark is printed on the block's face, seen only with it
        out["elite"] = True
    return out


_BY_HANDLE = attrgetter("handle")
_STATUS = attrgetter("status")


def _in_handle_order(state: BiteState) -> list[Piece]:
    """The blocks of the scenario (not those left out of it) sorted by handle, as views
    list them: handles tell nothing of identities. Sorted again only when a handle changed
    (a block placed: every new handle comes from ``state.new_handle``, which counts them)
    or a block joined or left the scenario (a built position)."""
    pieces = state.pieces.values()
    key = (state.next_handle, len(pieces), countOf(map(_STATUS, pieces), OFF))
    cached = state.memo.get("view_order")
    if cached is None or cached[0] != key:
        order = [p for p in sorted(pieces, key=_BY_HANDLE) if p.status != OFF]
        cached = state.memo["view_order"] = (key, order)
    return cached[1]


_OFF_MAP = frozenset({POOL, HELD, ELIMINATED, DISBANDED})


def _pooled(state: BiteState, p: Piece) -> dict[str, JSON]:
    """An own block off the map: in the pool, held, eliminated or disbanded."""
    spec = state.spec(p)
    entry: dict[str, JSON] = {
        "id": p.uid,
        "name": spec.name,
        "cls": spec.cls,
        "handle": p.handle,
        "step": p.step,
    }
    if p.status == POOL:
        entry["arrival"] = p.arrival
        entry["arrival_step"] = p.arrival_step
    if p.status == DISBANDED:
        entry["rebuild_turn"] = p.rebuild_turn
    return entry


def _control_letters(state: BiteState) -> str:
    """Who holds each hex, one letter per hex; remade only when control changed."""
    cached = state.memo.get("view_control")
    if cached is not None and cached[0] == state.control:
        return str(cached[1])
    letters = "".join(map(CONTROL_LETTER.__getitem__, state.control))
    state.memo["view_control"] = (list(state.control), letters)
    return letters


def _log_tail(state: BiteState, side: str | None) -> list[JSON]:
    """The newest ``LOG_TAIL`` events ``side`` may read, as copies that share nothing with
    the state.

    Logged events never change (clones share them), so each event is copied once and the
    copy is shared by the later views of the same side: views are read-only. The tail
    already built is remembered with the log length it covers and that log's last event,
    so an undo or any other rewrite of the log starts it afresh.
    """
    log = state.log
    key = f"view_tail:{side}"
    tail: list[JSON] = []
    seen = 0
    cached = state.memo.get(key)
    if cached is not None:
        covered, last, old_tail = cached
        if 0 < covered <= len(log) and log[covered - 1] is last:
            tail, seen = old_tail, covered
    fresh: list[JSON] = []
    for i in range(len(log) - 1, seen - 1, -1):  # newest first, down to what is covered
        e = log[i]
        if e.visible_to(side):
            fresh.append(e.to_json())
            if len(fresh) >= LOG_TAIL:
                break
    if fresh:
        fresh.reverse()
        # One deep copy of the new events (C-fast): nothing is shared with the state.
        copied: list[JSON] = pickle.loads(pickle.dumps(fresh, pickle.HIGHEST_PROTOCOL))
        tail = (tail + copied)[-LOG_TAIL:]
    if log:
        state.memo[key] = (len(log), log[-1], tail)
    return list(tail)


_STATUS_AT = [f.name for f in fields(Piece)].index("status")  # in a piece_row

# Where a block's entry sits in a view: (kind, index), kind "u" for the map's units,
# a status for an own pool; None for what shows as a count or not at all.
_Slot = tuple[str, int] | None


def _blocks(
    state: BiteState, side: str | None, fog: bool
) -> tuple[list[JSON], dict[str, list[JSON]], dict[str, int]]:
    """The blocks part of a view: units on the map, own pools, enemy pool counts.

    The last one made for this side is remembered with every block's fields (read in one
    call each). When no block changed status since, only the entries of the blocks that
    changed are made again and put in their places (a move, a repair, a hit). Otherwise the
    lists are made afresh, reusing the entry of every block that did not change. Either
    way the result is the same.
    """
    order = _in_handle_order(state)
    rows = list(map(piece_row, order))
    key = f"view_blocks:{side}:{fog}"
    shown: dict[str, tuple[tuple[object, ...], JSON]] = state.memo.setdefault(
        f"view_units:{side}:{fog}", {}
    )
    pooled: dict[str, tuple[tuple[object, ...], JSON]] = state.memo.setdefault(
        f"view_pools:{side}", {}
    )
    cached = state.memo.get(key)
    if cached is not None and cached[0] is order:
        _, old_rows, units, pools, counts, slots = cached
        changed = [i for i, (a, b) in enumerate(zip(rows, old_rows, strict=True)) if a != b]
        if all(rows[i][_STATUS_AT] == old_rows[i][_STATUS_AT] for i in changed):
            # The remembered lists never leave this function (copies do): patch them.
            for i in changed:
                slot = slots[i]
                if slot is None:
                    continue  # a count, or nothing: the status alone decides
                entry = _entry(state, order[i], rows[i], side, fog, shown, pooled)
                if slot[0] == "u":
                    units[slot[1]] = entry
                else:
                    pools[slot[0]][slot[1]] = entry
            state.memo[key] = (order, rows, units, pools, counts, slots)
            return list(units), {k: list(v) for k, v in pools.items()}, dict(counts)
    units, pools, counts, slots = _list_blocks(state, order, rows, side, fog, shown, pooled)
    state.memo[key] = (order, rows, units, pools, counts, slots)
    return list(units), {k: list(v) for k, v in pools.items()}, dict(counts)


def _entry(
    state: BiteState,
    p: Piece,
    row: tuple[object, ...],
    side: str | None,
    fog: bool,
    shown: dict[str, tuple[tuple[object, ...], JSON]],
    pooled: dict[str, tuple[tuple[object, ...], JSON]],
) -> JSON:
    """One block's entry (``row`` its fields): on the map (in full or as the enemy sees
    it), or in own pool.

    Each is remembered with what it shows and reused while that holds (views are
    read-only): a block is unchanged when every field of it is.
    """
    if p.status == ON_MAP:
        full = side is None or p.side == side or not fog or p.revealed
        seen = shown.get(p.uid)
        if seen is None or seen[0][0] != full or seen[0][1] != row:
            seen = shown[p.uid] = ((full, row), _full(state, p) if full else _public(state, p))
        return seen[1]
    kept = pooled.get(p.uid)
    if kept is None or kept[0] != row:
        kept = pooled[p.uid] = (row, _pooled(state, p))
    return kept[1]


def _list_blocks(
    state: BiteState,
    order: list[Piece],
    rows: list[tuple[object, ...]],
    side: str | None,
    fog: bool,
    shown: dict[str, tuple[tuple[object, ...], JSON]],
    pooled: dict[str, tuple[tuple[object, ...], JSON]],
) -> tuple[list[JSON], dict[str, list[JSON]], dict[str, int], list[_Slot]]:
    units: list[JSON] = []
    pools: dict[str, list[JSON]] = {}
    enemy_counts: dict[str, int] = {}
    slots: list[_Slot] = []
    for p, row in zip(order, rows, strict=True):
        status = p.status
        if status == ON_MAP:
            slots.append(("u", len(units)))
            units.append(_entry(state, p, row, side, fog, shown, pooled))
        elif status in _OFF_MAP and (side is None or p.side == side or not fog):
            bucket = pools.get(status)
            if bucket is None:
                bucket = pools[status] = []
            slots.append((status, len(bucket)))
            bucket.append(_entry(state, p, row, side, fog, shown, pooled))
        else:
            slots.append(None)
            if status in _OFF_MAP:
                enemy_counts[status] = enemy_counts.get(status, 0) + 1
    return units, pools, enemy_counts, slots


def build_view(state: BiteState, side: str | None, decision: Decision | None) -> dict[str, JSON]:
    fog = bool(state.options.get("fog", True)) and side is not None
    units, pools, enemy_counts = _blocks(state, side, fog)
    prompt = None
    if decision is not None and (side is None or decision.prompt.side == side):
        prompt = decision.prompt.to_json()
    events = _log_tail(state, side)
    return (
        {
            "game": "bite",
            "scenario": state.scenario,
            "options": dict(state.options),
            "side": side,
            "turn": state.turn,
            "last_turn": state.w.scenario.last_turn,
            "phase": state.phase,
            "phasing": state.phasing,
            "weather": state.weather,
            "active": decision.prompt.side if decision else None,
            "units": units,
            "pools": cast(JSON, pools),
            "enemy_pools": dict(sorted(enemy_counts.items())),
            "control": _control_letters(state),
            "pp": dict(sorted(state.pp.items())),
            "surrendered": list(state.surrendered),
            "prompt": prompt,
            "log": events,
            "result": json_copy(state.result),
            "flags": _public_flags(state, side),
            "pp_next": dict(sorted(state.pp_next.items())),
            # The sequence-of-play stack holds no identities (only handles, hexes and counts),
            # so both sides may see where the game stands; AI search rebuilds states from it.
            "stack": [f.to_json() for f in state.stack],
        }
        | _hq_view(state, side, fog)
        | _optional_tracks(state, side, fog)
    )


def _optional_tracks(state: BiteState, side: str | None, fog: bool) -> dict[str, JSON]:
    """The tracks of optional rules 15-17, 32, 34 and 35 when they are played (public: the
    Tech Level chart, the production trackers, the Lend-Lease routes and the strategic war
    are open to both players; only the Reich's interceptors keep their strength from the
    Soviets, as blocks do)."""
    out: dict[str, JSON] = {}
    if dated.minors_develop(state):
        out["tech"] = dated.tech_table(state)  # 17.1
    if lend_lease.played(state):  # 34.0: the routes this month, and the PP to spend
        out["lend_lease"] = {
            "routes": cast(JSON, lend_lease.routes_now(state)),
            "pool": cast(JSON, dict(lend_lease.pool(state))),
        }
    if strategic.played(state):  # 35.1: the bombers, the interceptors, the hit numbers
        table = strategic.table(state)
        if fog and side != AXIS:  # 1.3: an enemy block's strength is not shown
            shown = table.get("interceptors")
            table = {k: v for k, v in table.items() if k != "interceptors"}
            table["interceptor_count"] = len(shown) if isinstance(shown, list) else 0
        out["strategic_warfare"] = table
    if any(
        factories.rule_on(state, key)
        for key in (factories.NEW_FACTORIES, factories.SCORCHED_EARTH, factories.STRATEGIC_BOMBING)
    ):
        out["works"] = _works_track(state)  # 15, 16, 32: empty until something is built or hit
    return out


def _works_track(state: BiteState) -> dict[str, JSON]:
    """What optional rules 15, 16 and 32 leave on the map, with hexes (the flags keep board
    nodes): plants built or evacuated (15.1, 16.2), scorched places and their repairs (16.0),
    the evacuated factories (16.2) and the bomb damage still in force (32.1-32.3)."""
    out: dict[str, JSON] = {}
    board = state.w.board
    rows: list[JSON] = [
        {
            "power": p.power,
            "colour": p.colour,
            "progress": p.progress,
            "of": economy.plant_price(),
            "hex": board.id_of(p.node) if p.node >= 0 else None,
            "pp": p.pp,
            "moved": p.how == factories.MOVED,
        }
        for p in factories.plants(state)
    ]
    if rows:
        out["plants"] = rows
    scorched = factories.scorched(state)
    if scorched:
        out["scorched"] = {city: paid for city, (paid, _turn) in sorted(scorched.items())}
    found = state.flags.get(factories.EVACUATED)
    if isinstance(found, list) and found:
        out["evacuated"] = [
            {"city": city, "colour": colour}
            for city, _, colour in (str(x).rpartition("/") for x in found)
        ]
    damage: list[JSON] = [
        {"hex": board.id_of(d.node), "target": d.target, "hits": d.hits, "side": d.owner}
        for d in factories.damage(state)
    ]
    if damage:
        out["bomb_damage"] = damage
    return out


def _public_flags(state: BiteState, side: str | None) -> JSON:
    """Game flags, with unit lists cut down to what ``side`` may identify (1.3)."""
    flags = json_copy(state.flags)
    assert isinstance(flags, dict)
    frozen = flags.get(FROZEN_TURN1)
    if side is not None and isinstance(frozen, list):
        flags[FROZEN_TURN1] = [
            uid
            for uid in frozen
            if isinstance(uid, str)
            and uid in state.pieces
            and (state.pieces[uid].side == side or state.pieces[uid].seen)
        ]
    if command.HQ_FLAG in flags and side is not None:
        flags[command.HQ_FLAG] = _hq_flags(state, side)
    partisans.public_flags(flags, side)  # 29.0: partisans hidden until the Axis finds them
    reserve.public_flags(state, flags, side)  # 31.0: the enemy's reserves are not shown
    landing_marks.public_flags(state, flags, side)  # 23.0, 24.0: own landed units only
    if side is not None and side != AXIS and state.options.get("fog", True):  # 35.1: Axis blocks
        flags.pop(strategic.INTERCEPTORS, None)
    return flags


# --- HQs (13.0-13.8) -------------------------------------------------------------------------


def _hq_flags(state: BiteState, side: str) -> JSON:
    """The HQ records cut down for ``side``: its own in full; of the enemy's, only the
    activated HQs (revealed when activated, 13.2) and their action points, never which
    units they command."""
    active: dict[str, JSON] = {}
    for uid, entry in command.active_entries(state).items():
        if state.pieces[uid].side == side:
            active[uid] = json_copy(cast(JSON, entry))
        else:
            active[uid] = {"ap": entry["ap"], "phase": entry["phase"]}
    book = state.flags.get(command.HQ_FLAG)
    commanded = cast(dict[str, str], book.get("commanded", {})) if isinstance(book, dict) else {}
    return {
        "active": active,
        "commanded": {u: k for u, k in commanded.items() if state.pieces[u].side == side},
    }


def _hq_view(state: BiteState, side: str | None, fog: bool) -> dict[str, JSON]:
    """Advanced Game: the activated HQs a side may see (13.2: revealed when activated),
    with, for their owner, the action points left, the command range and the units each
    may still put under command (13.3, 13.4); and the owner's units in limited supply
    (13.5). Nothing for the Basic Game."""
    if not advanced(state):
        return {}
    board = state.w.board
    active: list[JSON] = []
    for uid, entry in sorted(command.active_entries(state).items()):
        hq = state.pieces[uid]
        if hq.status != ON_MAP:
            continue
        spec = state.spec(hq)
        row: dict[str, JSON] = {
            "id": uid,
            "name": spec.name,
            "cls": spec.cls,
            "side": hq.side,
            "hex": board.id_of(hq.node),
            "ap": entry["ap"],
        }
        if side is None or hq.side == side or not fog:
            row["left"] = command.points_left(state, hq)
            row["range"] = None if spec.cls == "supreme_hq" else command.command_range(state)
            row["may_command"] = [
                p.uid
                for p in sorted(state.on_map(hq.side), key=lambda x: x.uid)
                if any(h == uid for h, _ in command.command_options(state, p))
            ]
        active.append(row)
    supply: dict[str, JSON] = {}
    for p in state.on_map():
        if side is not None and p.side != side and fog:
            continue
        word = command.supply_word(state, p)
        if word != "full":
            supply[p.uid] = word
    return {"hq": {"active": active, "supply": dict(sorted(supply.items()))}}
