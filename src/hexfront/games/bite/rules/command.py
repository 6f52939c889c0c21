"""HQ, fuel and movement (Advanced Game, chapter 13): activation, command, deactivation.

Armour and air units move and fight at full efficiency only under an activated HQ of the
right kind (13.0-13.2). The phasing player moves an HQ, then activates it (13.3): it is
revealed, and each of its action points (its current steps, 3.12, 13.4) puts one unit in
range under its command for the turn. Without one, armour is in *limited supply* (13.5):
half MP and no attack; air units may only rebase. Every HQ activated in a player turn
loses a step at the end of that turn's Blitz Phase, and one on its last step is removed
(13.6). Exploitation needs a fresh Armor-HQ activation (13.7), spent at the end of that
phase. Supreme HQs (13.8) activate in the Strategic Rail Movement Phase with unlimited
range and act from a menu (``data/hq.toml``).

What the rules remember lives in ``state.flags["hq"]`` while an HQ is active, and is gone
again once the HQs are deactivated, so the Basic Game's states never hold it. Its unit
lists name blocks, so the views cut it down to what each side may know (``view.py``).

The Supreme HQs' actions of the optional rules are listed in ``data/hq.toml`` under
``menu.optional`` and offered by the rules' own modules: the naval move (OR 18,
``naval.py``), the airborne assault (OR 23, ``landings.py``) and the reserve (OR 31,
``reserve.py``). With OR 18 or 24 played the Soviet Navy-HQ activates with the Supreme HQs.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, cast

from ..board import WATER
from ..state import AXIS, ON_MAP, BiteState, Piece, enemy_of
from ..units import HQ_CLASS, UnitSpec
from ..versions import differs
from . import siege
from .basics import eliminate, is_frozen, reduce_once, zoc_map
from .level import advanced, total_supremacy
from .optional_rules import rule_on

NAVY_HQ = "navy_hq"  # the Soviet Navy-HQ's class (13.8, 18.0, 24.0)
HQ_FLAG = "hq"  # state.flags key: {"active": {hq: entry}, "commanded": {unit: kind}}
SUPREME_MOVED = "supreme_hq_moved"  # state.flags key: Supreme HQs sent to their fallback (13.8.2)

# Where an HQ may be activated (13.3, 13.7, 13.8): the phase -> the classes it may be.
ACTIVATION_CLASSES = {
    "rail": frozenset({"supreme_hq"}),  # 13.8, 7.4: only Supreme HQs activate there
    "movement": frozenset({"armor_hq", "air_hq"}),  # 13.3: move, then activate
    "reaction": frozenset({"air_hq"}),  # 13.3: the non-phasing player's Air-HQ, in place
    "exploitation": frozenset({"armor_hq"}),  # 13.7: Armor-HQ only, not a Supreme HQ
}


# --- data -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SupremeRules:
    """A Supreme HQ's own rules (13.8); the defaults are the Stavka's menu (13.8.3)."""

    unit: str
    home: str | None = None
    bound: bool = False  # never leaves its home hex
    falls_with_home: bool = False  # eliminated when its home falls to the enemy
    rebuild: str | None = None  # where it is rebuilt
    srm_without_home: int | None = None  # its side's rail moves once home is lost or cut off
    fallback: str | None = None  # where it goes once the enemy enters its country
    automatic: bool = False  # activated at the start of every own turn
    fixed_ap: int | None = None  # action points whatever its steps
    kinds_per_activation: int | None = None  # None: at most one action of each kind
    repeat_kinds: bool = False
    cross_command: bool = False  # commands every nationality of its side
    never_removed: bool = False  # 13.6 never removes it
    repair_first: bool = False  # repaired before any other unit in each Production Phase


@dataclass(frozen=True, slots=True)
class HqData:
    range: int
    range_bad_weather: int
    tactical: dict[str, str]  # HQ class -> what it commands (13.1)
    kinds: tuple[str, ...]  # the Supreme HQ menu (13.8.1)
    optional: dict[str, str]  # menu entries of optional rules -> the rule
    supreme: dict[str, SupremeRules]
    supremacy: tuple[str, str, int]  # (nation, HQ class, steps) of Total Supremacy's cost


@cache
def hq_data() -> HqData:
    """``data/hq.toml``, read once."""
    raw: dict[str, Any] = tomllib.loads(
        resources.files("hexfront.games.bite").joinpath("data/hq.toml").read_text()
    )
    supreme: dict[str, SupremeRules] = {}
    for entry in raw["supreme"]:
        fields = {k: v for k, v in entry.items() if k != "source"}
        rules = SupremeRules(**fields)
        supreme[rules.unit] = rules
    return HqData(
        range=int(raw["command"]["range"]),
        range_bad_weather=int(raw["command"]["range_bad_weather"]),
        tactical={k: str(v) for k, v in raw["tactical"].items() if k != "source"},
        kinds=tuple(str(k) for k in raw["menu"]["kinds"]),
        optional={str(k): str(v) for k, v in raw["menu"]["optional"].items()},
        supreme=supreme,
        supremacy=(
            str(raw["total_supremacy"]["nation"]),
            str(raw["total_supremacy"]["cls"]),
            int(raw["total_supremacy"]["steps"]),
        ),
    )


def supreme_rules(uid: str) -> SupremeRules:
    return hq_data().supreme.get(uid) or SupremeRules(uid)


def menu_kinds() -> tuple[str, ...]:
    """The Supreme HQ actions the game offers (13.8.1). Hook: the optional rules' entries
    (``hq_data().optional``: naval move OR 18, airborne OR 23, reserve OR 31) join this
    list when those rules are built."""
    return hq_data().kinds


# --- who needs fuel, who gives it -----------------------------------------------------------


def is_hq(spec: UnitSpec) -> bool:
    return spec.cls in HQ_CLASS


def needs_fuel(spec: UnitSpec) -> bool:
    """13.0, 13.2: armour (the Armor-HQ too) and air units; the Gustav moves as armour (26.0)."""
    return spec.is_armor or spec.is_air or "gustav" in spec.traits


def fuel_kind(spec: UnitSpec) -> str:
    """What command a unit needs: "air" for air units, else "armor" (13.1)."""
    return "air" if spec.is_air else "armor"


def _book(state: BiteState) -> dict[str, Any]:
    book = state.flags.get(HQ_FLAG)
    if not isinstance(book, dict):
        book = {"active": {}, "commanded": {}}
        state.flags[HQ_FLAG] = book
    return cast(dict[str, Any], book)


def active_entries(state: BiteState) -> dict[str, dict[str, Any]]:
    """Activated HQs: id -> {ap, used, acts, units, hid, phase} (empty when none)."""
    book = state.flags.get(HQ_FLAG)
    if not isinstance(book, dict):
        return {}
    return cast(dict[str, dict[str, Any]], book.get("active", {}))


def commanded_kind(state: BiteState, piece: Piece) -> str | None:
    """The command a unit is under this turn: "armor", "air" or "supply"; None if none."""
    book = state.flags.get(HQ_FLAG)
    if not isinstance(book, dict):
        return None
    return cast(dict[str, str], book.get("commanded", {})).get(piece.uid)


def is_active(state: BiteState, piece: Piece) -> bool:
    return piece.uid in active_entries(state)


def action_points(state: BiteState, hq: Piece) -> int:
    """13.4: as many as its current steps; 13.8.2: a fixed number for the FHQ; 13.5: half
    when out of supply, never below one."""
    fixed = supreme_rules(hq.uid).fixed_ap if state.spec(hq).cls == "supreme_hq" else None
    ap = fixed if fixed is not None else state.strength(hq)
    if hq.oos:
        ap = max(1, ap // 2)
    return ap


def points_left(state: BiteState, hq: Piece) -> int:
    entry = active_entries(state).get(hq.uid)
    if entry is None:
        return 0
    return int(entry["ap"]) - int(entry["used"])


def command_range(state: BiteState) -> int:
    """13.3: 5 hexes, 3 in bad weather."""
    data = hq_data()
    if state.weather == "light_rain" and differs(state.options, "light_rain_spares_artillery"):
        return data.range  # Italian 2.x: light rain leaves the HQs' range alone (39.0)
    return data.range if state.weather == "good" else data.range_bad_weather


# --- limited supply (13.5) ------------------------------------------------------------------


def limited_supply(state: BiteState, piece: Piece) -> bool:
    """13.5: an armour unit with no command this turn (an Armor-HQ: neither activated nor
    commanded) is in limited supply: half MP and no attack. Basic Game: never."""
    if not advanced(state):
        return False
    spec = state.spec(piece)
    if not spec.is_ground or not needs_fuel(spec):
        return False
    if commanded_kind(state, piece) is not None:
        return False
    return not (spec.cls == "armor_hq" and is_active(state, piece))


def mp_halved(state: BiteState, piece: Piece) -> bool:
    """13.5: limited supply halves MP. An HQ moves its full allowance before it activates
    (13.3), so its own MP are never halved (design choice, docs/rules-coverage.md)."""
    return limited_supply(state, piece) and not is_hq(state.spec(piece))


def supplied_by_order(state: BiteState, piece: Piece) -> bool:
    """13.8.1: a Supreme HQ moved this unsupplied unit as if fully supplied."""
    return commanded_kind(state, piece) == "supply"


def desperate_only(state: BiteState, piece: Piece) -> bool:
    """13.5: an armour unit both in limited supply and out of supply may attack only by a
    desperate attack (12.4), at a quarter of its MP. The mark for the 12.4 rules."""
    return piece.oos and limited_supply(state, piece) and not supplied_by_order(state, piece)


def may_fly_mission(state: BiteState, piece: Piece) -> bool:
    """13.5: air units need a command to fly a combat mission or react (never to rebase)."""
    if not advanced(state) or not state.spec(piece).is_air:
        return True
    return commanded_kind(state, piece) is not None


def supply_word(state: BiteState, piece: Piece) -> str:
    """A block's supply as the view shows it to its owner: "full", "limited", "oos" (out of
    supply), "limited_oos" (13.5), or, for a cut-off unit that holds out, "fortress"
    (12.2, 12.3) or "siege" (12.1)."""
    limited = limited_supply(state, piece)
    oos = piece.oos and not supplied_by_order(state, piece)
    if limited and oos:
        return "limited_oos"
    if oos and siege.in_fortress_supply(state, piece):
        return "fortress"
    if oos and siege.in_siege_supply(state, piece):
        return "siege"
    return "limited" if limited else "oos" if oos else "full"


def locked_in_place(state: BiteState, piece: Piece) -> bool:
    """An HQ that may not move: a Supreme HQ bound to its home (13.8.1, 13.8.2), or an HQ
    already activated (13.3: it moves first, then activates). Basic Game: never."""
    spec = state.spec(piece)
    if spec.cls not in HQ_CLASS or not advanced(state):
        return False
    if spec.cls == "supreme_hq" and supreme_rules(piece.uid).bound:
        return True
    return is_active(state, piece)


# --- activation (13.0, 13.3, 13.8) ----------------------------------------------------------


def can_activate(state: BiteState, hq: Piece, phase: str, side: str) -> bool:
    """Whether ``side`` may activate ``hq`` in ``phase`` now (13.3, 13.7, 13.8)."""
    if hq.status != ON_MAP or hq.side != side or not advanced(state):
        return False
    spec = state.spec(hq)
    navy = spec.cls == NAVY_HQ and phase == "rail" and _navy_has_work(state)
    if spec.cls not in ACTIVATION_CLASSES.get(phase, frozenset()) and not navy:
        return False
    if spec.cls == "supreme_hq" and supreme_rules(hq.uid).automatic:
        return False  # 13.8.2: it activates itself
    if spec.cls not in hq_data().tactical and spec.cls != "supreme_hq" and not navy:
        return False
    if is_active(state, hq) or is_frozen(state, hq) or state.strength(hq) <= 0:
        return False
    # 13.3: the non-phasing player's Air-HQ, if it is not already in a battle
    return phase != "reaction" or all(p.side == side for p in state.at(hq.node))


def _navy_has_work(state: BiteState) -> bool:
    """13.8, 18.0, 24.0: the Soviet Navy-HQ is a strategic HQ that activates with the
    Supreme HQs, but only for the optional rules that give it work (naval moves, landings)."""
    return rule_on(state, "or18_naval") or rule_on(state, "or24_amphibious")


def activatable(state: BiteState, phase: str, side: str) -> list[Piece]:
    if not advanced(state):
        return []
    return sorted(
        (p for p in state.on_map(side) if can_activate(state, p, phase, side)),
        key=lambda p: p.uid,
    )


def activate(state: BiteState, hq: Piece, phase: str) -> None:
    """Tip the HQ forward: revealed to the enemy, its action points ready (13.2-13.4)."""
    ap = action_points(state, hq)
    _book(state)["active"][hq.uid] = {
        "ap": ap,
        "used": 0,
        "acts": [],
        "units": [],
        "hid": not hq.revealed,
        "phase": phase,
    }
    hq.revealed = True
    hq.seen = True
    spec = state.spec(hq)
    state.emit(
        "hq_activated",
        unit=hq.uid,
        name=spec.name,
        cls=spec.cls,
        side=hq.side,
        hex=state.w.board.id_of(hq.node),
        ap=ap,
    )


def activate_automatic(state: BiteState, side: str) -> None:
    """13.8.2: the FHQ activates at the start of every Axis turn, at full strength."""
    if not advanced(state):
        return
    for uid, rules in sorted(hq_data().supreme.items()):
        hq = state.pieces.get(uid)
        if (
            rules.automatic
            and hq is not None
            and hq.side == side
            and hq.status == ON_MAP
            and not is_active(state, hq)
            and not is_frozen(state, hq)
        ):
            activate(state, hq, "rail")


# --- command (13.1-13.5, 13.8) --------------------------------------------------------------


def _reach(state: BiteState, hq: Piece) -> dict[int, int]:
    """13.3: hexes within range of a tactical HQ, traced through friendly land hexes that
    hold no enemy unit and lie in no enemy zone of control, never over deep water.

    Design choice (docs/rules-coverage.md): the two end hexes are exempt, so that an HQ
    commands armour standing on the front line, next to the enemy, as it must."""
    key = f"hq_reach:{hq.uid}:{hq.node}"
    found: dict[int, int] | None = _stretch_get(state, key)
    if found is not None:
        return found
    board = state.w.board
    side = hq.side
    zkey = f"hq_zoc:{side}"
    closed: bytearray | None = _stretch_get(state, zkey)
    if closed is None:
        closed = zoc_map(state, enemy_of(side), ground_only=True)
        for p in state.on_map(enemy_of(side)):
            closed[p.node] = 1
        _stretch_put(state, zkey, closed)
    control = state.control
    terrain = board.terrain
    playable = board.playable
    limit = command_range(state)
    dist = {hq.node: 0}
    frontier = [hq.node]
    while frontier:
        nxt: list[int] = []
        for n in frontier:
            d = dist[n]
            if d >= limit:
                continue
            if n != hq.node and (control[n] != side or closed[n]):
                continue  # 13.3: the path runs through friendly hexes out of enemy ZOC
            for m in board.adjacency[n]:  # adjacency never crosses deep water (7.5.4)
                if m not in dist and playable[m] and terrain[m] != WATER:
                    dist[m] = d + 1
                    nxt.append(m)
        frontier = nxt
    _stretch_put(state, key, dist)
    return dist


def _stretch_get(state: BiteState, key: str) -> Any:
    """A value remembered while one decision is listed (nothing moves meanwhile): valid
    only inside the same indexed stretch (``state.positions_indexed``)."""
    found = state.cache.get(key)
    occupancy = state.cache.get("occupancy")
    if found is None or occupancy is None or found[0] is not occupancy:
        return None
    return found[1]


def _stretch_put(state: BiteState, key: str, value: object) -> None:
    occupancy = state.cache.get("occupancy")
    if occupancy is not None:
        state.cache[key] = (occupancy, value)


def in_range(state: BiteState, hq: Piece, piece: Piece) -> bool:
    if state.spec(hq).cls == "supreme_hq":
        return True  # 13.8: unlimited range
    return piece.node in _reach(state, hq)


def kind_allowed(state: BiteState, hq: Piece, kind: str) -> bool:
    """13.8.1: one action of each kind per activation; 13.8.2: the FHQ two kinds only."""
    entry = active_entries(state).get(hq.uid)
    if entry is None or int(entry["used"]) >= int(entry["ap"]):
        return False
    spec = state.spec(hq)
    if spec.cls != "supreme_hq":
        return hq_data().tactical.get(spec.cls) == kind
    if kind not in menu_kinds():
        return False
    acts = cast(list[str], entry["acts"])
    rules = supreme_rules(hq.uid)
    if kind in acts and not rules.repeat_kinds:
        return False
    limit = rules.kinds_per_activation
    return limit is None or len(set(acts) | {kind}) <= limit


def may_command(state: BiteState, hq: Piece, piece: Piece, kind: str) -> bool:
    """Whether an activated ``hq`` may put ``piece`` under command as ``kind`` now."""
    if hq.uid == piece.uid or hq.side != piece.side or piece.status != ON_MAP:
        return False
    if commanded_kind(state, piece) is not None or not kind_allowed(state, hq, kind):
        return False
    spec, hq_spec = state.spec(piece), state.spec(hq)
    if kind == "supply":
        if not piece.oos:
            return False
    elif not needs_fuel(spec) or fuel_kind(spec) != kind:
        return False
    cross = hq_spec.cls == "supreme_hq" and supreme_rules(hq.uid).cross_command
    if not cross and spec.nation != hq_spec.nation:
        return False  # 13.1, 13.8.3: own nationality only (the FHQ commands every Axis one)
    return in_range(state, hq, piece)


def command_options(
    state: BiteState, piece: Piece, *, tactical_only: bool = False
) -> list[tuple[str, str]]:
    """(HQ id, kind) of every activated HQ that may command ``piece`` now."""
    out: list[tuple[str, str]] = []
    entries = active_entries(state)
    if not entries or commanded_kind(state, piece) is not None:
        return out
    spec = state.spec(piece)
    kinds = ([fuel_kind(spec)] if needs_fuel(spec) else []) + (["supply"] if piece.oos else [])
    for uid in sorted(entries):
        hq = state.pieces[uid]
        if hq.side != piece.side or hq.status != ON_MAP:
            continue
        if tactical_only and state.spec(hq).cls == "supreme_hq":
            continue  # 13.7: exploitation needs an Armor-HQ
        for kind in kinds:
            if may_command(state, hq, piece, kind):
                out.append((uid, kind))
    return out


def use_action(state: BiteState, hq: Piece, kind: str, unit: str | None = None) -> None:
    """Spend one action point of an activated HQ (13.4, 13.8.1)."""
    entry = active_entries(state)[hq.uid]
    entry["used"] = int(entry["used"]) + 1
    cast(list[str], entry["acts"]).append(kind)
    if unit is not None:
        cast(list[str], entry["units"]).append(unit)


def command(state: BiteState, hq: Piece, piece: Piece, kind: str) -> None:
    """Put a unit under the HQ's command for this turn: full supply (13.2)."""
    use_action(state, hq, kind, piece.uid)
    cast(dict[str, str], _book(state)["commanded"])[piece.uid] = kind
    state.emit(
        "hq_command",
        audience=piece.side,
        hq=hq.uid,
        unit=piece.uid,
        order=kind,
        left=points_left(state, hq),
    )


# --- deactivation (13.6) --------------------------------------------------------------------


def deactivate_all(state: BiteState) -> None:
    """13.6: every activated HQ loses a step and is hidden again; one activated on its last
    step is removed (rebuildable later, 7.3). The HQ records are then gone."""
    entries = active_entries(state)
    for uid in sorted(entries):
        hq = state.pieces[uid]
        if hq.status != ON_MAP:
            continue
        spec = state.spec(hq)
        if not reduce_once(state, hq) and not (
            spec.cls == "supreme_hq" and supreme_rules(uid).never_removed
        ):
            eliminate(state, hq, "deactivated on its last step (13.6)")
            continue
        if entries[uid].get("hid"):
            hq.revealed = False  # 13.6: turned upright again
        state.emit(
            "hq_deactivated", unit=uid, name=spec.name, side=hq.side, strength=state.strength(hq)
        )
    state.flags.pop(HQ_FLAG, None)


def pay_total_supremacy(state: BiteState) -> None:
    """SBE5 option Luftwaffe Total Supremacy (Advanced Game): at the end of the surprise
    turn's Axis Blitz Phase the Luftwaffe HQs pay a double reduction (``data/hq.toml``).
    Called before :func:`deactivate_all`, which takes the activated ones' own step."""
    if state.phasing != AXIS or not advanced(state) or not total_supremacy(state):
        return
    nation, cls, steps = hq_data().supremacy
    for hq in sorted(state.on_map(AXIS), key=lambda p: p.uid):
        spec = state.spec(hq)
        if spec.nation != nation or spec.cls != cls:
            continue
        for _ in range(steps - 1 if is_active(state, hq) else steps):
            if not reduce_once(state, hq):
                eliminate(
                    state, hq, "deactivated on its last step (13.6)"
                )  # its Total Supremacy cost
                break
        else:
            state.emit(
                "hq_supremacy_cost",
                unit=hq.uid,
                name=spec.name,
                side=hq.side,
                strength=state.strength(hq),
            )


# --- Supreme HQs bound to a place (13.8.1, 13.8.2) ------------------------------------------


def check_supreme_homes(state: BiteState) -> None:
    """13.8.1: the Stavka falls with Moscow; 13.8.2: the FHQ goes to Berlin once the Soviets
    enter Germany (hook: the Volkssturm of OR 28 starts then too)."""
    if not advanced(state):
        return
    board = state.w.board
    for uid, rules in sorted(hq_data().supreme.items()):
        hq = state.pieces.get(uid)
        if hq is None or hq.status != ON_MAP or rules.home is None:
            continue
        enemy = enemy_of(hq.side)
        if rules.falls_with_home and state.control[hq.node] == enemy:
            eliminate(state, hq, "its home city has fallen (13.8.1)")
            continue
        moved = state.flags.get(SUPREME_MOVED)
        if rules.fallback is None or (isinstance(moved, list) and uid in moved):
            continue
        if _enemy_in_country(state, state.spec(hq).nation, enemy):
            to = board.node(rules.fallback)
            if state.control[to] == enemy:
                continue
            frm = hq.node
            hq.node = to
            hq.came_from = -1
            done = state.flags.setdefault(SUPREME_MOVED, [])
            assert isinstance(done, list)
            done.append(uid)
            state.emit(
                "supreme_hq_moved",
                unit=uid,
                name=state.spec(hq).name,
                side=hq.side,
                frm=board.id_of(frm),
                to=board.id_of(to),
            )


def _enemy_in_country(state: BiteState, nation: str, enemy: str) -> bool:
    key = f"country_nodes:{nation}"
    nodes: list[int] | None = state.w.derived.get(key)
    if nodes is None:
        owner = state.w.board.owner_1941
        nodes = state.w.derived[key] = [
            n for n in range(state.w.board.node_count) if owner[n] == nation
        ]
    control = state.control
    return any(control[n] == enemy for n in nodes)


def rebuild_place(uid: str) -> str | None:
    """Where a Supreme HQ is rebuilt (13.8.1: the Stavka at Chelyabinsk), for 7.3 / 11.0."""
    return supreme_rules(uid).rebuild


def srm_limit(state: BiteState, side: str, normal: int, home_supplied: bool) -> int:
    """13.8.1: the Soviets' rail moves drop to 4 once Moscow is lost or out of supply."""
    if not advanced(state):
        return normal
    for rules in hq_data().supreme.values():
        if rules.srm_without_home is None or rules.home is None:
            continue
        owner = state.pieces.get(rules.unit)
        if owner is None or owner.side != side:
            continue
        home = state.w.board.node(rules.home)
        if state.control[home] != side or not home_supplied:
            return min(normal, rules.srm_without_home)
    return normal


def srm_home(state: BiteState, side: str) -> int | None:
    """The hex whose supply :func:`srm_limit` asks about (Moscow for the Soviets)."""
    for rules in hq_data().supreme.values():
        owner = state.pieces.get(rules.unit)
        if rules.srm_without_home is not None and rules.home and owner and owner.side == side:
            return state.w.board.node(rules.home)
    return None
