"""Chapters 11, 12 and 20: combat, advance, Blitz markers and exploitation.

After the movement of an OPS round (7.3.5) the active side spends what OPS are left, card OPS
first and then banked OPS, on Combat markers; units in a marked hex may attack. Combats are
declared and resolved one at a time in the attacker's order (11.2.1):

```
markers -> declare a target -> commit attackers -> combat cards (attacker, then defender)
        -> fire (both dice at once) -> losses (defender first) -> winner
        -> retreat or No-Retreat (11.4) -> advance and Blitz marker (11.5) -> next combat
        -> exploitation (12) -> end of the round
```

Dice come from the game's seeded dice. Each side chooses which unit takes each loss, within
11.3.2-11.3.4 (the spread rule, armour first in attack, starred results on SCUs only, Stalin
last). Ambiguities are game options (``rules/options.py``). A Blitz marker is placed whenever
the rules allow one (11.5.2: an exploiting unit advanced, the terrain and the limits permit).
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.errors import IllegalAction
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import AXIS, ELIMINATED, ON_MAP, SOVIET, SwState, enemy
from ..tables import CombatTables
from . import control, supply
from .combat_start import combat_vars
from .options import option
from .stacking import overstack_ok, stack_ok
from .zoc import enemy_zoc, fortress

M = Machine[SwState]

ATTACKER, DEFENDER = "attacker", "defender"


class Battle(TypedDict, total=False):
    target: int
    attackers: list[str]
    defenders: list[str]
    ghosts: list[str]  # units that retreated into the hex this AR (11.4.5)
    zhukov: bool
    cards: dict[str, list[str]]  # role -> combat cards played or picked
    turn_side: str  # whose cards are asked now
    shifts: dict[str, int]
    result: dict[str, list[JSON]]  # role -> [loss number, starred]
    due: dict[str, int]  # role -> losses still to take
    starred: dict[str, bool]
    taken: dict[str, int]  # unit -> losses taken in this combat
    first_attack_loss: bool
    winner: str
    retreat: int  # hexes each defender must retreat
    to_retreat: list[str]
    advanced: list[str]
    blitz: bool
    oos: dict[str, bool]  # role -> any unit OOS
    fed: list[str]  # defenders in full supply at the moment of combat
    zhukov_extra: int
    ignore: list[str]  # terrain a card cancels for this combat (S43, S45, A13)
    evaded: str  # the card by which the defenders fell back without fighting (A33, A50)
    holding: list[str]  # defenders that never retreat in this combat (A11 Kampfgruppe)
    rush_left: int  # units S48 Maskirovka may still bring to this combat
    followed: list[str]  # A33: tank and guards units that went on a second hex


class CombatVars(TypedDict):
    side: str
    ops: int
    zero: bool
    moved: bool
    rail: list[str]
    stage: str
    markers: list[int]
    attacked: list[int]
    fought: list[str]
    retreated: list[str]
    blitz: list[int]
    exploited: list[str]  # units done exploiting
    exploiting: dict[str, int]  # unit -> hexes moved so far in exploitation
    exploit_start: dict[str, int]
    used_cards: list[str]  # face-up combat cards used this AR (7.5.5b)
    long_reach: list[str]  # panzers exploiting 4 hexes (A9 Guderian)
    round_cards: list[str]  # cards in force for every attack of this round (S15, S35)
    zhukov_used: bool
    battle: Battle


# --- tables ----------------------------------------------------------------------------------


def _ct(state: SwState) -> CombatTables:
    return state.world.tables.combat


def column(columns: tuple[int, ...], strength: int) -> int | None:
    """The Fire Table column of ``strength`` (None for 0: A28, no fire)."""
    if strength <= 0:
        return None
    found = 0
    for i, low in enumerate(columns):
        if strength >= low:
            found = i
    return found


def fire_result(table: tuple[tuple[str, ...], ...], col: int, roll: int) -> tuple[int, bool]:
    """The loss number and whether it is starred (11.3.4), for a die ``roll`` of 1-6."""
    cell = table[roll - 1][col]
    if cell == "-":
        return 0, False
    return int(cell.rstrip("*")), cell.endswith("*")


def column_words(columns: tuple[int, ...], col: int) -> str:
    """A column's heading as printed: "3", "6-7", "15+"."""
    low = columns[col]
    if col + 1 == len(columns):
        return f"{low}+"
    high = columns[col + 1] - 1
    return str(low) if high == low else f"{low}-{high}"


# --- units -----------------------------------------------------------------------------------


def kind(state: SwState, uid: str) -> str:
    return state.world.units[uid].kind


def is_lcu(state: SwState, uid: str) -> bool:
    return state.world.units[uid].large


def attack_of(state: SwState, uid: str) -> int:
    p = state.pieces[uid]
    return state.world.units[uid].steps[p.step].attack


def defense_of(state: SwState, uid: str) -> int:
    p = state.pieces[uid]
    return state.world.units[uid].steps[p.step].defense


def steps_left(state: SwState, uid: str) -> int:
    return len(state.world.units[uid].steps) - state.pieces[uid].step


def inactive_partisan(state: SwState, uid: str) -> bool:
    """16.1.4: an inactive partisan is ignored by the Axis (it neither fights nor blocks)."""
    return kind(state, uid) == "partisan" and uid not in state.active_partisans


def eliminate(state: SwState, uid: str, oos: bool, why: str) -> None:
    """11.3.6: to the Eliminated box; an Axis LCU eliminated while OOS or for want of a
    retreat goes 3 turns ahead on the Turn Track (11.4.4, 13.3.8); a unit starred on every
    step, or an active partisan (16.1.6), leaves the game; the first Southwest Front counter
    makes way for the weaker one (11.3.6)."""
    t = state.world.tables
    p = state.pieces[uid]
    unit = state.world.units[uid]
    was = p.at
    p.at, p.step = -1, 0
    if unit.kind == "partisan":
        p.box = "removed" if uid in state.active_partisans else "out"
        if uid in state.active_partisans:
            state.active_partisans.remove(uid)
    elif unit.permanent_loss:
        p.box = "removed"
    elif p.side == AXIS and unit.large and oos:
        p.box = "track"
        state.track[uid] = state.turn + t.axis_lcu_delay
    else:
        p.box = ELIMINATED
    swap = t.swap_on_elimination.get(uid)
    if swap is not None:
        p.box = "removed"
        state.pieces[swap].box = ELIMINATED
    state.oos = [u for u in state.oos if u != uid]
    state.unfed = [u for u in state.unfed if u != uid]
    state.moved()
    hex_id = state.world.map.id_of(was) if was >= 0 else None
    state.emit("eliminated", side=p.side, unit=uid, box=p.box, why=why, hex=hex_id)


def take_step(state: SwState, uid: str, oos: bool) -> None:
    """One loss: the unit flips to its next step, or is eliminated after its last (11.3.2)."""
    p = state.pieces[uid]
    if p.step + 1 >= len(state.world.units[uid].steps):
        eliminate(state, uid, oos, "combat")
        return
    p.step += 1
    state.emit("step_lost", side=p.side, unit=uid, step=p.step)


# --- targets ---------------------------------------------------------------------------------


def _place_name(state: SwState, node: int) -> str | None:
    place = state.world.map.place_at.get(node)
    return place.name if place else None


def axis_restricted(state: SwState, node: int) -> bool:
    """11.1.9: Leningrad until Nordlicht, Moscow and Gorki until Taifun, Stalingrad and the
    Caucasus Zone until Blau; a restriction also ends once the Axis holds one of its places."""
    c = _ct(state)
    m = state.world.map
    name = _place_name(state, node)
    for card, places in c.restricted.items():
        if card in state.played:
            continue
        names = [p for p in places if p in m.places]
        zones = [z for z in places if z in m.zones]
        hit = name in names or any(node in m.zones[z] for z in zones)
        if not hit:
            continue
        if any(state.control.get(p) == AXIS for p in names):
            continue
        return True
    return False


def _volga(state: SwState, a: int, b: int) -> bool:
    """11.1.10: no Axis attack across the Volga line south of Saratov unless the Axis holds
    Moscow or Stalingrad."""
    side = state.world.map.side(a, b)
    if side is None or not side.volga_line:
        return False
    return not any(state.control.get(p) == AXIS for p in _ct(state).volga_unless)


def defenders_in(state: SwState, v: CombatVars, node: int) -> list[str]:
    """The enemy units that defend ``node`` (inactive partisans never do, 16.1.4)."""
    side = v["side"]
    return [
        p.uid
        for p in state.occupants(node)
        if p.side != side and not inactive_partisan(state, p.uid)
    ]


def fresh_units(state: SwState, side: str) -> set[str]:
    """Reinforcements placed this round (4.5.1: they may move but not attack)."""
    out: set[str] = set()
    for e in reversed(state.log):
        if e.kind == "action_round":
            break
        if e.kind == "reinforcement" and e.data.get("side") == side:
            out.add(str(e.data.get("unit")))
    return out


def may_attack(state: SwState, v: CombatVars, uid: str) -> bool:
    """A unit that may join an attack now (11.1.1, 11.1.6, 10.2.1, 4.5.1)."""
    if uid in v["fought"] or uid in v["rail"] or uid in v["retreated"]:
        return False
    p = state.pieces[uid]
    if p.box != ON_MAP or p.side != v["side"]:
        return False
    if p.at not in v["markers"] and not zhukov_ready(state, v):
        return False  # A2: the two hexes of a Zhukov attack need no Combat marker
    if attack_of(state, uid) <= 0 or inactive_partisan(state, uid):
        return False
    t = state.world.tables
    if (
        state.turn == 1
        and p.side == SOVIET
        and (state.world.map.nation[p.at] or "") in t.soviet_banned_turn1
    ):
        return False  # 4.4.4
    return uid not in fresh_units(state, v["side"])


def target_ok(state: SwState, v: CombatVars, node: int) -> bool:
    """A hex that may be attacked: enemy units in it, not yet attacked this AR (11.1.4), not
    a restricted target (11.1.9), not in Romania for the Soviet on turn 1 (4.4.4)."""
    if node in v["attacked"] or not defenders_in(state, v, node):
        return False
    t = state.world.tables
    if v["side"] == AXIS and axis_restricted(state, node):
        return False
    return not (
        v["side"] == SOVIET
        and state.turn == 1
        and (state.world.map.nation[node] or "") in t.soviet_banned_turn1
    )


def can_hit(state: SwState, v: CombatVars, uid: str, node: int) -> bool:
    """``uid`` may attack ``node``: adjacent across land (not a sea or lake hexside), not
    across the Volga line for the Axis."""
    a = state.pieces[uid].at
    if node not in state.world.map.adjacency[a]:
        return False
    return not (v["side"] == AXIS and _volga(state, a, node))


def targets(state: SwState, v: CombatVars) -> list[int]:
    out: set[int] = set()
    m = state.world.map
    for p in state.on_map(v["side"]):
        if not may_attack(state, v, p.uid):
            continue
        for b in m.adjacency[p.at]:
            if b not in out and target_ok(state, v, b) and can_hit(state, v, p.uid, b):
                out.add(b)
    return sorted(out)


def marker_hexes(state: SwState, v: CombatVars) -> list[int]:
    """Hexes worth a Combat marker: own units there that could attack a neighbour."""
    out = []
    m = state.world.map
    seen: set[int] = set()
    for p in state.on_map(v["side"]):
        if p.at in seen or p.at in v["markers"]:
            continue
        seen.add(p.at)
        probe: CombatVars = dict(v)  # type: ignore[assignment]
        probe["markers"] = [p.at]
        here = [q.uid for q in state.occupants(p.at) if q.side == v["side"]]
        if any(
            may_attack(state, probe, u)
            and any(
                target_ok(state, probe, b) and can_hit(state, probe, u, b)
                for b in m.adjacency[p.at]
            )
            for u in here
        ):
            out.append(p.at)
    return sorted(out)


def available_ops(state: SwState, v: CombatVars) -> int:
    return v["ops"] + state.banked_ops[v["side"]]


def pay(state: SwState, v: CombatVars, n: int) -> None:
    """Card OPS first, then banked OPS (18.1)."""
    from_card = min(n, v["ops"])
    v["ops"] -= from_card
    rest = n - from_card
    if rest > state.banked_ops[v["side"]]:
        raise IllegalAction("not enough OPS for a Combat marker")
    state.banked_ops[v["side"]] -= rest


# --- the group of attackers -----------------------------------------------------------------


def only_panzers(state: SwState, node: int, side: str) -> bool:
    units = [p.uid for p in state.occupants(node) if p.side != side]
    return bool(units) and all(
        kind(state, u) in _ct(state).panzers and state.world.units[u].nation == "GE" for u in units
    )


def zhukov_ready(state: SwState, v: CombatVars) -> bool:
    return (
        v["side"] == SOVIET
        and f"{SOVIET}:zhukov" in state.this_turn
        and not v["zhukov_used"]
        and not v["zero"]
    )


def group_problem(state: SwState, v: CombatVars, node: int, units: list[str]) -> str | None:
    """Why these attackers may not attack ``node`` together (None: they may): one LCU a side
    (11.1.3), every extra hex with an attacking armoured unit (11.1.3) unless Zhukov joins two
    hexes, no Romanians with Hungarians (19.1.1), active partisans alone (11.1.7), the turn
    1-2 Soviet limits against panzers (4.4.7-4.4.8)."""
    c = _ct(state)
    if not units:
        return "no attacker"
    hexes: dict[int, list[str]] = {}
    for u in units:
        hexes.setdefault(state.pieces[u].at, []).append(u)
    if uses_zhukov(state, v, units) and not (zhukov_ready(state, v) and len(hexes) <= 2):
        return "too many large units or an extra hex without armour"
    nations = {state.world.units[u].nation for u in units}
    if {"HU", "RO"} <= nations:
        return "Romanians and Hungarians never fight together"
    partisans = [u for u in units if kind(state, u) == "partisan"]
    if partisans and len(partisans) != len(units):
        return "partisans fight alone"
    if (
        v["side"] == SOVIET
        and state.turn <= c.front_vs_panzers_to_turn
        and only_panzers(state, node, SOVIET)
    ):
        if any(kind(state, u) == "front" for u in units):
            return "Fronts may not attack panzers alone in 1941"
        mech_hexes = {state.pieces[u].at for u in units if kind(state, u) == "mechanized_corps"}
        if len(mech_hexes) > 1:
            return "mechanized corps may not combine against panzers in 1941"
    return None


def uses_zhukov(state: SwState, v: CombatVars, units: list[str]) -> bool:
    c = _ct(state)
    hexes: dict[int, list[str]] = {}
    for u in units:
        hexes.setdefault(state.pieces[u].at, []).append(u)
    lcus = sum(is_lcu(state, u) for u in units)
    plain = [h for h, us in hexes.items() if not any(kind(state, u) in c.mechanized for u in us)]
    unmarked = any(h not in v["markers"] for h in hexes)
    return unmarked or not (lcus <= c.lcus_per_side and len(plain) <= 1)


# --- combat cards ---------------------------------------------------------------------------

# The combat cards carried out so far: column shifts (7.5.5). Role: who plays it.
SHIFT_TARGETS = {
    None,
    "hex holding Hungarian, Italian or Romanian units",
    "attack with German units",
    "defence with German units",
}
# Combat cards that change the losses after the winner is found (11.3.5): target -> the
# role that plays it, and whose losses change.
LOSS_TARGETS = {
    "Soviet attacker": (DEFENDER, ATTACKER),  # A34 Tiger
    "Axis attack with German units": (ATTACKER, DEFENDER),  # A38 Weichs
    "German unit defending against a Soviet attack": (DEFENDER, DEFENDER),  # A39 Heinrici
    "defence in a Greater Germany hex": (DEFENDER, DEFENDER),  # A42 Volkssturm
    "Soviet attack within 3 hexes of Berlin": (DEFENDER, ATTACKER),  # A51 Flak Corps
}
FLAK_RANGE = 3  # A51: hexes from Berlin (card text)


def loss_card_applies(state: SwState, card_id: str, b: Battle) -> bool:
    """Where a loss card's place condition holds (A42: the combat hex in Greater Germany;
    A51: within three hexes of Berlin)."""
    target = state.world.cards[card_id].effects[0].get("target")
    m = state.world.map
    if target == "defence in a Greater Germany hex":
        return m.nation[b["target"]] == "greater_germany"
    if target == "Soviet attack within 3 hexes of Berlin":
        return m.grid.distance(b["target"], m.node("Berlin")) <= FLAK_RANGE
    return True


# Combat cards that strike one attacking unit before the dice: target -> unit types hit.
STRIKE_TARGETS = {
    "attacking two-step German panzer corps": frozenset({"panzer_corps"}),  # S24 Katukov
    "attacking Soviet T, G or GT unit": frozenset(  # A45 Rudel
        {"tank_army", "guards_army", "guards_tank_army"}
    ),
}


def strike_kinds(state: SwState, card_id: str) -> frozenset[str] | None:
    card = state.world.cards[card_id]
    if not card.combat or len(card.effects) != 1:
        return None
    e = card.effects[0]
    target = e.get("target")
    if e.do != "combat_loss" or e.get("timing") != "before" or not isinstance(target, str):
        return None
    return STRIKE_TARGETS.get(target)


def strike_targets(state: SwState, card_id: str, b: Battle) -> list[str]:
    """The attacking units a striking card may hit: of its types, and for Katukov's Tanks a
    panzer corps with both its steps."""
    kinds = strike_kinds(state, card_id)
    if kinds is None:
        return []
    german = state.world.cards[card_id].side == SOVIET
    return sorted(
        u
        for u in b["attackers"]
        if state.pieces[u].box == ON_MAP
        and kind(state, u) in kinds
        and (not german or (state.world.units[u].nation == "GE" and steps_left(state, u) == 2))
    )


def card_loss(state: SwState, card_id: str) -> tuple[str, str, int] | None:
    """(role that plays it, role whose losses change, change) of a loss-changing card."""
    card = state.world.cards[card_id]
    if not card.combat or len(card.effects) != 1 or card.effects[0].do != "combat_loss":
        return None
    e = card.effects[0]
    target = e.get("target")
    found = LOSS_TARGETS.get(target) if isinstance(target, str) else None
    if found is None:
        return None
    return found[0], found[1], int(str(e.get("delta")))


def card_shift(state: SwState, card_id: str) -> tuple[str, int, str | None, str] | None:
    """(role, columns, target, scope) of a combat card that only shifts columns."""
    card = state.world.cards[card_id]
    if not card.combat:
        return None
    shifts = [e for e in card.effects if e.do == "combat_shift"]
    others = [
        e
        for e in card.effects
        if e.do not in ("combat_shift", "permit", "block_cards", "cancel_cards")
    ]
    if len(shifts) != 1 or others:
        return None
    e = shifts[0]
    target = e.get("target")
    tgt = target if isinstance(target, str) else None
    if tgt not in SHIFT_TARGETS:
        return None
    return (
        str(e.get("role")),
        int(str(e.get("columns"))),
        tgt,
        str(e.get("scope") or e.get("duration") or "combat"),
    )


GUDERIAN = "panzers in this combat"  # A9: their exploitation reaches 4 hexes
GUDERIAN_REACH = 4


def ignored_by(state: SwState, card_id: str) -> frozenset[str] | None:
    """What a terrain card cancels for one combat: rivers (S43 Paradrop), everything and a
    Festung in the USIR (S45 Gold), a Soviet fortress (A13 Dora: the hex fought as clear)."""
    card = state.world.cards[card_id]
    if not card.combat or len(card.effects) != 1 or card.effects[0].do != "ignore_terrain":
        return None
    what = card.effects[0].get("what")
    return frozenset(str(x) for x in what) if isinstance(what, tuple) else None


def ignore_fits(state: SwState, card_id: str, role: str, b: Battle) -> bool:
    whats = ignored_by(state, card_id) or frozenset()
    target = state.world.cards[card_id].effects[0].get("target")
    node = b["target"]
    if role != ATTACKER:
        return False
    if "all" in whats:  # Gold: an attack into the hex the card names
        return isinstance(target, str) and state.world.map.id_of(node) == target
    if "fortress" in whats:  # Dora: a defending Soviet fortress
        return fortress(state, node) and any(state.pieces[u].side == SOVIET for u in b["defenders"])
    m = state.world.map  # Paradrop: an attack across a river
    return any(
        (s := m.side(state.pieces[u].at, node)) is not None and bool(s.river or s.major_river)
        for u in b["attackers"]
    )


def special_card(state: SwState, card_id: str) -> str | None:
    """ "guderian" (A9) or "fireman" (A36: no Soviet exploitation this round), else None."""
    card = state.world.cards[card_id]
    if not card.combat or len(card.effects) != 1:
        return None
    e = card.effects[0]
    if e.do == "exploit" and e.get("who") == GUDERIAN:
        return "guderian"
    if e.do == "forbid" and e.get("what") == "exploitation" and e.get("side") == SOVIET:
        return "fireman"
    return None


def mars(state: SwState, card_id: str) -> bool:
    """A14 Operation Mars: in a combat with Zhukov, the Axis loses one step less and the
    Soviet one more (after the winner is found, 11.3.5)."""
    card = state.world.cards[card_id]
    return card.combat and any(c.test == "combat_with" for c in card.when)


KAMPFGRUPPE = "last SCU step when every SCU step would die"  # A11
RUSH_TO = "hex under attack"  # S48 Maskirovka's destination
RUSH_MAX = 3  # S48: up to three SCUs (card text)
FORTIFIED_ZONE = "su.FZ"  # S54 places it (units.toml)
BACKHAND_KINDS = frozenset({"tank_army", "guards_army", "guards_tank_army"})  # A33
EVADE_HEXES = 2  # A33, A50: the defenders fall back two hexes


def _effect(state: SwState, card_id: str, do: str, **match: JSON) -> bool:
    card = state.world.cards[card_id]
    return card.combat and any(
        e.do == do and all(e.get(k) == val for k, val in match.items()) for e in card.effects
    )


def evasion_card(state: SwState, card_id: str) -> bool:
    """A33 Backhand Blow, A50 Sleighride: the Axis defenders fall back two hexes instead of
    fighting a Soviet attack."""
    return _effect(state, card_id, "retreat", instead_of_combat=True)


def kampfgruppe(state: SwState, card_id: str) -> bool:
    return _effect(state, card_id, "combat_loss", target=KAMPFGRUPPE)


def maskirovka(state: SwState, card_id: str) -> bool:
    return _effect(state, card_id, "move", to=RUSH_TO)


def hara_kiri(state: SwState, card_id: str) -> bool:
    return _effect(state, card_id, "place", at="combat_hex")


def evasion_possible(state: SwState, v: CombatVars, card_id: str) -> bool:
    """A33: every defender German; A50: none in a Festung (and 16.3.4: nobody leaves one);
    both: a Soviet attack, and every defender has somewhere two hexes back to go."""
    b = v["battle"]
    if v["side"] != SOVIET or not b.get("defenders") or b.get("evaded"):
        return False
    if state.festung_at(b["target"]):
        return False
    german_only = _effect(state, card_id, "retreat", who="defending German units")
    trial: Battle = {**b, "retreat": EVADE_HEXES, "to_retreat": list(b["defenders"])}
    for u in b["defenders"]:
        if german_only and state.world.units[u].nation != "GE":
            return False
        if kind(state, u) == "stalin" or not retreat_ends(state, trial, u):
            return False
    return True


def evasions_in_force(state: SwState, v: CombatVars) -> list[str]:
    """Evasion cards already in force: Sleighride for the round, Backhand Blow for the turn."""
    cards = [c for c in v["round_cards"] if evasion_card(state, c)]
    cards += [c for c in state.this_turn_cards() if evasion_card(state, c)]
    return [c for c in cards if evasion_possible(state, v, c)]


def rush_hexes(state: SwState, v: CombatVars) -> list[int]:
    """S48: where the Soviet's rushed SCUs go: the attacked hex when defending, a hex of the
    committed attackers when attacking."""
    b = v["battle"]
    if v["side"] == SOVIET:
        return sorted({state.pieces[u].at for u in b["attackers"] if state.pieces[u].box == ON_MAP})
    return [b["target"]]


def rush_options(state: SwState, v: CombatVars) -> list[tuple[str, int]]:
    """S48: (unit, hex) pairs: a Soviet SCU in full supply, not in the combat, not yet in
    combat this round, outside any Axis ZOC, with a path free of Axis units and of Axis ZOC
    (but for the last hex) to the hex, which must have room for it (9.1)."""
    b = v["battle"]
    m = state.world.map
    zoc = enemy_zoc(state, SOVIET)
    blocked = {p.at for p in state.on_map(AXIS)}
    busy = set(b.get("attackers", [])) | set(b.get("defenders", [])) | set(v["fought"])
    movers = [
        p
        for p in state.on_map(SOVIET)
        if not is_lcu(state, p.uid)
        and p.uid not in busy
        and kind(state, p.uid) not in ("partisan", "stalin", "fortified_zone")
        and p.at not in zoc
        and state.world.units[p.uid].steps[p.step].ma > 0
        and supply.status(state, p.uid) == supply.FULL
    ]
    out: list[tuple[str, int]] = []
    for dest in rush_hexes(state, v):
        reach = {dest}
        todo = [dest]
        while todo:
            a = todo.pop()
            for n in m.adjacency[a]:
                if n in reach or n in blocked or n in zoc:
                    continue
                reach.add(n)
                todo.append(n)
        for p in movers:
            if p.at in reach and p.at != dest and stack_ok(state, dest, SOVIET, joining=p.uid):
                out.append((p.uid, dest))
    return sorted(out)


def fortified_zone_ready(state: SwState, b: Battle) -> bool:
    """S54: the Fortified Zone is off the map and the Soviet defends the hex."""
    piece = state.pieces.get(FORTIFIED_ZONE)
    return (
        piece is not None
        and piece.box != ON_MAP
        and piece.box != "removed"
        and any(state.pieces[u].side == SOVIET for u in b["defenders"])
    )


def card_fits(state: SwState, card_id: str, role: str, b: Battle, v: CombatVars) -> bool:
    """Whether ``card_id`` applies to this combat for the side in ``role``."""
    card = state.world.cards[card_id]
    from .events import holds

    if mars(state, card_id):
        return role == DEFENDER and bool(b.get("zhukov"))
    if not all(holds(state, cond) for cond in card.when):
        return False
    if any(f"{card.side}:block:{card_id}" == s for s in state.forbidden):
        return False
    if strike_kinds(state, card_id) is not None:
        return role == DEFENDER and bool(strike_targets(state, card_id, b))
    if evasion_card(state, card_id):  # A33, A50: the Axis defending
        return role == DEFENDER and evasion_possible(state, v, card_id)
    if kampfgruppe(state, card_id):  # A11: the Axis, attacking or defending, with an SCU
        own = b["attackers"] if role == ATTACKER else b["defenders"]
        return any(not is_lcu(state, u) and state.pieces[u].box == ON_MAP for u in own)
    if maskirovka(state, card_id):  # S48: the Soviet, attacking or defending
        return bool(rush_options(state, v))
    if hara_kiri(state, card_id):  # S54: a hex the Axis attacks
        return role == DEFENDER and fortified_zone_ready(state, b)
    if ignored_by(state, card_id) is not None:
        return ignore_fits(state, card_id, role, b)
    special = special_card(state, card_id)
    if special == "guderian":  # the Axis attacking with panzers
        return role == ATTACKER and any(
            kind(state, u) in _ct(state).panzers for u in b["attackers"]
        )
    if special == "fireman":  # the Axis defending against a Soviet attack
        return role == DEFENDER and f"{SOVIET}:exploitation" not in state.this_turn
    loss = card_loss(state, card_id)
    if loss is not None:
        if not loss_card_applies(state, card_id, b):
            return False
        own = b["attackers"] if role == ATTACKER else b["defenders"]
        return loss[0] == role and any(state.world.units[u].nation == "GE" for u in own)
    found = card_shift(state, card_id)
    if found is None:
        return False
    how, _, target, _ = found
    if how != "either" and (how == "attack") != (role == ATTACKER):
        return False
    if target == "hex holding Hungarian, Italian or Romanian units":
        return any(state.world.units[u].nation in ("HU", "IT", "RO") for u in b["defenders"])
    if target == "attack with German units":
        return any(state.world.units[u].nation == "GE" for u in b["attackers"])
    if target == "defence with German units":
        return any(state.world.units[u].nation == "GE" for u in b["defenders"])
    return True


def offered_cards(state: SwState, v: CombatVars, role: str) -> list[str]:
    """Combat cards the side in ``role`` may play from its hand or pick from its face-up ones
    not yet used this AR (11.2.1 step 3, 7.5.5b); none if all its units are OOS (13.3.4)."""
    b = v["battle"]
    side = v["side"] if role == ATTACKER else enemy(v["side"])
    units = b["attackers"] if role == ATTACKER else b["defenders"]
    fed = set(b.get("fed", [])) if role == DEFENDER else {u for u in units if u not in state.oos}
    if not any(u in fed for u in units):
        return []
    chosen = b.get("cards", {}).get(role, [])
    out = []
    for card_id in [*state.pile(side, "hand"), *state.pile(side, "kept")]:
        if card_id in chosen or card_id in v["used_cards"] or card_id in v["round_cards"]:
            continue
        if card_id in state.this_turn_cards():
            continue
        if card_fits(state, card_id, role, b, v):
            out.append(card_id)
    return out


def may_hold_cards(state: SwState, v: CombatVars, role: str) -> bool:
    """Whether the side in ``role`` is asked for combat cards even with none that fits: it
    holds cards and may use them (13.3.4). Asking it whenever its hand is not empty keeps
    secret whether it holds a card for this combat (the size of a hand is public)."""
    b = v["battle"]
    side = v["side"] if role == ATTACKER else enemy(v["side"])
    units = b["attackers"] if role == ATTACKER else b["defenders"]
    fed = set(b.get("fed", [])) if role == DEFENDER else {u for u in units if u not in state.oos}
    return bool(state.pile(side, "hand")) and any(u in fed for u in units)


def lasting_shifts(state: SwState, v: CombatVars, b: Battle, role: str) -> list[str]:
    """Cards in force for every attack of this round or turn (S15, S35; A10, A19)."""
    side = v["side"] if role == ATTACKER else enemy(v["side"])
    cards = [c for c in v["round_cards"] if state.world.cards[c].side == side]
    cards += [c for c in state.this_turn_cards() if state.world.cards[c].side == side]
    return [c for c in cards if card_fits_lasting(state, c, role, b)]


def card_fits_lasting(state: SwState, card_id: str, role: str, b: Battle) -> bool:
    found = card_shift(state, card_id)
    if found is None:
        return False
    how, _, target, _ = found
    if how != "either" and (how == "attack") != (role == ATTACKER):
        return False
    if f"cancel:{card_id}" in state.this_turn:
        return False
    if target == "hex holding Hungarian, Italian or Romanian units":
        return any(state.world.units[u].nation in ("HU", "IT", "RO") for u in b["defenders"])
    if target == "attack with German units":
        return any(state.world.units[u].nation == "GE" for u in b["attackers"])
    return True


# --- fire ------------------------------------------------------------------------------------


def terrain_shift(state: SwState, b: Battle) -> tuple[int, list[str]]:
    """The attacker's left shifts for the defender's hex (TEC): terrain, a town or city, a
    river or major river every attacking hex crosses, the Kerch Strait, a trench. In Winter
    1942 Axis defenders keep only their trenches (15.1.2)."""
    c = _ct(state)
    m = state.world.map
    node = b["target"]
    why: list[str] = []
    n = 0
    winter_axis = winter(state) and state.pieces[b["defenders"][0]].side == AXIS
    t = m.terrain[node]
    ignore = set(b.get("ignore", []))
    if "all" in ignore:
        return 0, []  # S45 Gold: no terrain at all, no Festung
    if "fortress" in ignore:
        t = "clear"  # A13 Dora: the fortress hex is fought as clear
    if not winter_axis:
        froms = {state.pieces[u].at for u in b["attackers"]}
        sides = [m.side(a, node) for a in froms]
        if "river" in ignore:
            sides = []  # S43 Paradrop
        if sides and all(s is not None and (s.river or s.major_river) for s in sides):
            if all(s is not None and s.major_river for s in sides):
                n += c.major_river_shift
                why.append("major river")
            else:
                n += c.river_shift
                why.append("river")
        if sides and all(s is not None and s.kerch_strait for s in sides):
            n += c.kerch_shift
            why.append("Kerch Strait")
        if c.terrain_shift.get(t):
            n += c.terrain_shift[t]
            why.append(t)
        place = m.place_at.get(node) if "fortress" not in ignore else None
        if place is not None:
            kind_ = place.type
            if place.fort and place.name in state.forts_destroyed:
                kind_ = "city"
            if c.place_shift.get(kind_):
                n += c.place_shift[kind_]
                why.append(kind_.replace("_", " "))
    if node in state.trench_hexes():
        n += c.trench_shift
        why.append("trench")
    return n, why


def winter(state: SwState) -> bool:
    """15.1.2: Winter 1942, unless Winter Uniforms is in force."""
    c = _ct(state)
    return state.turn in c.winter_turns and c.winter_uniforms not in state.played


def mobile_defense(state: SwState, defenders: list[str]) -> bool:
    """20.1.1: non-winter turns 1-9, a German Army LCU defending with a panzer SCU (A9)."""
    c = _ct(state)
    t = state.world.tables
    if state.turn > c.mobile_defense_to_turn or t.season(state.turn) == "winter":
        return False
    lcu_ok = any(
        state.world.units[u].nation == "GE"
        and is_lcu(state, u)
        and (
            option(state, "mobile_defense") == "any_lcu" or kind(state, u) in c.mobile_defense_kinds
        )
        and (option(state, "mobile_defense") == "any_lcu" or not state.world.units[u].ss)
        for u in defenders
    )
    return lcu_ok and any(kind(state, u) in c.panzers for u in defenders)


def fires_on_lcu_table(state: SwState, units: list[str]) -> bool:
    """11.2.1 step 4: a side with an LCU, or with 3 or more panzer SCUs, fires on the LCU
    table (A7: the panzers need only attack the same hex; option panzer_group)."""
    c = _ct(state)
    if any(is_lcu(state, u) for u in units):
        return True
    panzers = [u for u in units if kind(state, u) in c.panzers]
    if len(panzers) < c.panzer_group:
        return False
    if option(state, "panzer_group") == "stacked":
        hexes: dict[int, int] = {}
        for u in panzers:
            hexes[state.pieces[u].at] = hexes.get(state.pieces[u].at, 0) + 1
        return max(hexes.values()) >= c.panzer_group
    return True


def shifts(state: SwState, v: CombatVars, b: Battle) -> dict[str, list[list[JSON]]]:
    """Every column shift of both sides (11.2.1 step 4), as (columns, reason) pairs."""
    c = _ct(state)
    out: dict[str, list[list[JSON]]] = {ATTACKER: [], DEFENDER: []}
    n, why = terrain_shift(state, b)
    if n:
        out[ATTACKER].append([-n, " and ".join(why)])
    att_side = v["side"]
    if b["oos"][ATTACKER]:
        out[ATTACKER].append([-1, "out of supply"])
    if b["oos"][DEFENDER]:
        out[DEFENDER].append([-1, "out of supply"])
    if att_side == SOVIET and mobile_defense(state, b["defenders"]):
        out[ATTACKER].append([-1, "German Mobile Defense"])
        out[DEFENDER].append([1, "German Mobile Defense"])
    if winter(state):
        axis_role = ATTACKER if att_side == AXIS else DEFENDER
        out[axis_role].append([-1, "winter"])
        if att_side == SOVIET and any(kind(state, u) in c.shock for u in b["attackers"]):
            out[ATTACKER].append([1, "shock army in winter"])
    if (
        att_side == AXIS
        and state.turn <= c.paulus_shift_to_turn
        and all(u not in state.unfed for u in b["attackers"])
        and any(
            state.pieces[u].at in state.world.map.zones.get("paulus_east", frozenset())
            for u in b["defenders"]
        )
    ):
        out[ATTACKER].append([-1, "east of the Paulus Line"])
    for role in (ATTACKER, DEFENDER):
        for card_id in [*b.get("cards", {}).get(role, []), *lasting_shifts(state, v, b, role)]:
            found = card_shift(state, card_id)
            if found is not None:
                out[role].append([found[1], state.world.cards[card_id].title])
    return out


def defender_fed(state: SwState, uid: str) -> bool:
    """13.1.1: the defender's supply is found at the moment of combat; fortress supply counts
    for defence (13.2.4)."""
    return supply.status(state, uid) is not None


# --- the procedure ---------------------------------------------------------------------------


class Combat(Procedure[SwState]):
    """Combat markers, combats, advances and exploitation of one OPS round (7.3.5, 11, 12)."""

    name = "combat"

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        v = frame.typed(CombatVars)
        side = v["side"]
        stage = v["stage"]
        grid = state.world.map
        b = v["battle"]
        if stage == "markers":
            if available_ops(state, v) < _ct(state).marker_ops:
                return None
            hexes = marker_hexes(state, v)
            if not hexes:
                return None
            actions = [Action(side, "done_markers")]
            actions += [Action(side, "combat_marker", {"hex": grid.id_of(h)}) for h in hexes]
            ops = available_ops(state, v)
            return Decision(
                Prompt(
                    side,
                    "combat",
                    f"Place Combat markers ({ops} OPS left, 7.3.5)",
                    {"stage": "markers", "ops": ops},
                ),
                actions,
            )
        if stage == "declare":
            found = targets(state, v)
            if not found:
                return None
            actions = [Action(side, "end_combat")]
            actions += [Action(side, "attack", {"hex": grid.id_of(h)}) for h in found]
            return Decision(
                Prompt(
                    side, "combat", "Declare an attack or end combat (11.1)", {"stage": "declare"}
                ),
                actions,
            )
        if stage == "build":
            node = b["target"]
            chosen = b["attackers"]
            actions = []
            if chosen and group_problem(state, v, node, chosen) is None:
                actions.append(Action(side, "fire"))
            if not chosen or not actions:
                # 11.2.1 step 1: the attack is designated when its first unit is chosen;
                # it may be called off only before that, or when no legal group can form
                actions.append(Action(side, "call_off"))
            for p in state.on_map(side):
                if p.uid in chosen or not may_attack(state, v, p.uid):
                    continue
                if not can_hit(state, v, p.uid, node):
                    continue
                if _could_join(state, v, node, [*chosen, p.uid]):
                    actions.append(Action(side, "commit", {"unit": p.uid}))
            return Decision(
                Prompt(
                    side,
                    "combat",
                    f"Choose the attackers of {grid.id_of(node)} (11.2.1)",
                    {"stage": "build", "hex": grid.id_of(node)},
                ),
                actions,
            )
        if stage == "cards":
            role = b["turn_side"]
            who = side if role == ATTACKER else enemy(side)
            offer = offered_cards(state, v, role)
            evade = evasions_in_force(state, v) if role == DEFENDER else []
            if not offer and not evade and not may_hold_cards(state, v, role):
                return None
            actions = [Action(who, "no_more_cards")]
            actions += [Action(who, "evade", {"card": c}) for c in evade]
            for c in offer:
                hits = strike_targets(state, c, b)
                if hits:  # S24, A45: the player names the unit struck
                    actions += [Action(who, "combat_card", {"card": c, "unit": u}) for u in hits]
                else:
                    actions.append(Action(who, "combat_card", {"card": c}))
            return Decision(
                Prompt(who, "combat_cards", "Play combat cards (7.5.5)", {"stage": "cards"}),
                actions,
            )
        if stage == "rush":
            options = rush_options(state, v) if b.get("rush_left", 0) > 0 else []
            if not options:
                return None
            actions = [Action(SOVIET, "done_rushing")]
            actions += [
                Action(SOVIET, "rush", {"unit": u, "to": grid.id_of(h)}) for u, h in options
            ]
            return Decision(
                Prompt(
                    SOVIET,
                    "combat_cards",
                    "Bring up to three units to the combat (S48)",
                    {"stage": "rush"},
                ),
                actions,
            )
        if stage == "losses":
            hit = _loss_role(b)
            if hit is None:
                return None
            cands = loss_candidates(state, b, hit)
            if len(cands) <= 1:
                return None
            who = side if hit == ATTACKER else enemy(side)
            actions = [Action(who, "take_loss", {"unit": u}) for u in cands]
            n = b["due"][hit]
            return Decision(
                Prompt(
                    who,
                    "losses",
                    f"Choose the unit to take a loss ({n} to take, 11.3)",
                    {"losses": n},
                ),
                actions,
            )
        if stage == "retreat":
            who = enemy(side)
            pending = [u for u in b.get("to_retreat", []) if state.pieces[u].box == ON_MAP]
            if not pending:
                return None
            uid = pending[0]
            ends = retreat_ends(state, b, uid)
            actions = [Action(who, "retreat", {"unit": uid, "to": grid.id_of(h)}) for h in ends]
            if (
                not b.get("advanced")
                and not b.get("evaded")
                and no_retreat_allowed(state, b)
                and len(pending) == len(b.get("to_retreat", []))
            ):
                actions += [
                    Action(who, "no_retreat", {"unit": u})
                    for u in b["defenders"]
                    if state.pieces[u].box == ON_MAP
                ]
            if not actions:
                return None  # run(): eliminated for want of a retreat (11.4.4)
            return Decision(
                Prompt(
                    who,
                    "retreat",
                    f"Retreat {b['retreat']} hex(es) or hold (11.4)",
                    {"hexes": b["retreat"], "unit": uid},
                ),
                actions,
            )
        if stage == "advance":
            actions = [Action(side, "done_advancing")]
            for u in advancers(state, v, b):
                actions.append(Action(side, "advance", {"unit": u}))
            for u in b.get("advanced", []):
                for h in follow_hexes(state, v, u):
                    actions.append(Action(side, "follow", {"unit": u, "to": grid.id_of(h)}))
            if len(actions) == 1:
                return None
            return Decision(Prompt(side, "advance", "Advance into the hex? (11.5)", {}), actions)
        if stage == "exploit":
            actions = []
            for u in exploiters(state, v):
                for h in exploit_steps(state, v, u):
                    actions.append(Action(side, "exploit", {"unit": u, "to": grid.id_of(h)}))
            if not actions:
                return None
            actions.insert(0, Action(side, "end_exploitation"))
            return Decision(
                Prompt(side, "exploit", "Exploit from the Blitz markers (12)", {}), actions
            )
        return None

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        v = frame.typed(CombatVars)
        side = v["side"]
        grid = state.world.map
        verb = action.verb
        b = v["battle"]
        if verb == "combat_marker":
            node = grid.index(str(action.args["hex"]))
            pay(state, v, _ct(state).marker_ops)
            v["markers"].append(node)
            state.emit("combat_marker", side=side, hex=grid.id_of(node))
        elif verb == "done_markers":
            v["stage"] = "declare"
        elif verb == "attack":
            node = grid.index(str(action.args["hex"]))
            v["battle"] = {
                "target": node,
                "attackers": [],
                "defenders": [],
                "cards": {ATTACKER: [], DEFENDER: []},
            }
            v["stage"] = "build"
        elif verb == "commit":
            b["attackers"].append(str(action.args["unit"]))
        elif verb == "call_off":
            v["battle"] = {}
            v["stage"] = "declare"
        elif verb == "fire":
            self._declare(state, v)
        elif verb == "combat_card":
            self._card(state, v, str(action.args["card"]), action.args.get("unit"))
        elif verb == "no_more_cards":
            self._next_cards(state, v)
        elif verb == "evade":
            card_id = str(action.args["card"])
            if b.get("turn_side") != DEFENDER or card_id not in evasions_in_force(state, v):
                raise IllegalAction("no card lets these defenders fall back now")
            self._evade(state, v, card_id)
        elif verb == "rush":
            unit, to = str(action.args["unit"]), grid.index(str(action.args["to"]))
            if b.get("rush_left", 0) <= 0 or (unit, to) not in rush_options(state, v):
                raise IllegalAction("that unit may not be brought to this combat (S48)")
            self._rush(state, v, unit, to)
        elif verb == "done_rushing":
            if v["stage"] != "rush":
                raise IllegalAction("no units are being brought to the combat")
            v["stage"] = "cards"
        elif verb == "take_loss":
            role = _loss_role(b)
            assert role is not None
            self._loss(state, v, role, str(action.args["unit"]))
        elif verb == "retreat":
            self._retreat(state, v, str(action.args["unit"]), grid.index(str(action.args["to"])))
        elif verb == "no_retreat":
            self._hold(state, v, str(action.args["unit"]))
        elif verb == "advance":
            self._advance(state, v, str(action.args["unit"]))
        elif verb == "done_advancing":
            self._after(state, v)
        elif verb == "follow":
            unit, to = str(action.args["unit"]), grid.index(str(action.args["to"]))
            if to not in follow_hexes(state, v, unit):
                raise IllegalAction("that unit may not follow the withdrawal there (A33)")
            self._follow(state, v, unit, to)
        elif verb == "end_combat":
            v["stage"] = "exploit"
        elif verb == "exploit":
            self._exploit(state, v, str(action.args["unit"]), grid.index(str(action.args["to"])))
        elif verb == "end_exploitation":
            self._finish(m, state, v)
        else:
            raise IllegalAction(f"unknown action {verb!r}")

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        """Stages with nothing to decide move on by themselves."""
        v = frame.typed(CombatVars)
        if v["stage"] == "exploit" or (v["stage"] == "advance" and not v["battle"]):
            self._finish(m, state, v)
            return
        self._step(state, v)
        if v["stage"] == "finished":
            self._finish(m, state, v)
            return
        m.goto(state, "combat", **frame.vars)  # the engine asks every run to move the stack

    def _step(self, state: SwState, v: CombatVars) -> None:
        stage = v["stage"]
        b = v["battle"]
        if stage == "markers":
            v["stage"] = "declare"  # no targets without markers, unless Zhukov is ready
        elif stage == "declare":
            v["stage"] = "exploit"
        elif stage == "cards":
            self._next_cards(state, v)
        elif stage == "rush":
            v["stage"] = "cards"
        elif stage == "losses":
            role = _loss_role(b)
            if role is None:
                self._decide(state, v)
                return
            cands = loss_candidates(state, b, role)
            if cands:
                self._loss(state, v, role, cands[0])
            else:
                b["due"][role] = 0  # 11.3.4 and A8: losses no unit can take are lost
        elif stage == "retreat":
            pending = [u for u in b.get("to_retreat", []) if state.pieces[u].box == ON_MAP]
            if not pending:
                self._retreat_done(state, v)
                return
            uid = pending[0]
            b["to_retreat"] = [u for u in b["to_retreat"] if u != uid]
            if kind(state, uid) == "stalin":
                return  # 16.4.3: Stalin stays
            eliminate(state, uid, True, "no retreat")  # 11.4.4, 11.4.6
        elif stage == "advance":
            self._after(state, v)
        else:
            raise IllegalAction(f"combat stage {stage!r}")

    # --- steps --------------------------------------------------------------------------------
    def _declare(self, state: SwState, v: CombatVars) -> None:
        """11.2.1 steps 1-2: the attackers are set; the defenders are everyone in the hex
        but units that retreated there this AR (11.4.5)."""
        b = v["battle"]
        node = b["target"]
        problem = group_problem(state, v, node, b["attackers"])
        if problem is not None:
            raise IllegalAction(problem)
        everyone = defenders_in(state, v, node)
        b["ghosts"] = [u for u in everyone if u in v["retreated"]]
        b["defenders"] = [u for u in everyone if u not in v["retreated"]]
        b["zhukov"] = uses_zhukov(state, v, b["attackers"])
        if b["zhukov"]:
            v["zhukov_used"] = True
        b["fed"] = [u for u in b["defenders"] if defender_fed(state, u)]
        b["oos"] = {
            ATTACKER: any(u in state.oos for u in b["attackers"]),
            DEFENDER: any(u not in b["fed"] for u in b["defenders"]),
        }
        v["attacked"].append(node)
        v["fought"].extend(b["attackers"])
        b["turn_side"] = ATTACKER
        grid = state.world.map
        state.emit(
            "attack",
            side=v["side"],
            hex=grid.id_of(node),
            units=list(b["attackers"]),
            defenders=list(b["defenders"]),
            zhukov=b["zhukov"],
        )
        v["stage"] = "cards"

    def _card(self, state: SwState, v: CombatVars, card_id: str, unit: object = None) -> None:
        b = v["battle"]
        role = b["turn_side"]
        side = v["side"] if role == ATTACKER else enemy(v["side"])
        if card_id not in offered_cards(state, v, role):
            raise IllegalAction("that combat card does not apply here")
        struck = strike_targets(state, card_id, b)
        if struck and unit not in struck:
            raise IllegalAction("name an attacking unit the card may strike")
        whats = ignored_by(state, card_id)
        if whats is not None:
            b.setdefault("ignore", []).extend(sorted(whats))
        special = special_card(state, card_id)
        if special == "guderian":
            reach = v.setdefault("long_reach", [])
            reach.extend(u for u in b["attackers"] if kind(state, u) in _ct(state).panzers)
        elif special == "fireman":
            state.this_turn.append(f"{SOVIET}:exploitation")  # until the round ends
        hand, kept = state.pile(side, "hand"), state.pile(side, "kept")
        from_hand = card_id in hand
        if from_hand:
            hand.remove(card_id)
            state.played.append(card_id)
            kept.append(card_id)  # face up in front of its player while it works (7.5.5)
        else:
            v["used_cards"].append(card_id)
        if evasion_card(state, card_id):
            self._evasion_card(state, v, card_id, side, from_hand)
            return
        if hara_kiri(state, card_id):  # S54: the Fortified Zone joins the defence
            fz = state.pieces[FORTIFIED_ZONE]
            fz.box, fz.at, fz.step = ON_MAP, b["target"], 0
            state.moved()
            b["defenders"].append(FORTIFIED_ZONE)
            b.setdefault("fed", []).append(FORTIFIED_ZONE)
            state.emit("fortified_zone", side=SOVIET, hex=state.world.map.id_of(b["target"]))
        if maskirovka(state, card_id):
            b["rush_left"] = RUSH_MAX
            v["stage"] = "rush"
        found = card_shift(state, card_id)
        scope = found[3] if found else "combat"
        if scope in ("round", "ar"):
            # 7.5.5b: Operation Uranus and Sturmovik work for every attack of the round
            v["round_cards"].append(card_id)
            self._round_card_side_effects(state, card_id)
        elif scope == "turn":
            state.this_turn.append(f"card:{card_id}")  # A10: face up until the turn ends
        else:
            b.setdefault("cards", {}).setdefault(role, []).append(card_id)
        state.emit("combat_card", side=side, card=card_id, kept=not from_hand)
        if struck:  # before the dice: one step of the named attacker (S24, A45)
            take_step(state, str(unit), str(unit) in state.oos)

    def _evasion_card(
        self, state: SwState, v: CombatVars, card_id: str, side: str, from_hand: bool
    ) -> None:
        """A50 Sleighride stays in force for the round, A33 Backhand Blow for the turn; both
        let this combat's defenders fall back at once."""
        card = state.world.cards[card_id]
        kept = state.pile(side, "kept")
        if card_id in kept:
            kept.remove(card_id)
        if card.combat_use == "round":
            v["round_cards"].append(card_id)  # _finish sends it on (7.5.5b)
        else:
            state.this_turn.append(f"card:{card_id}")
            state.pile(side, "removed" if card.removed else "discard").append(card_id)
            if card.removed:
                state.events_removed[side] += 1
        state.emit("combat_card", side=side, card=card_id, kept=not from_hand)
        self._evade(state, v, card_id)

    def _evade(self, state: SwState, v: CombatVars, card_id: str) -> None:
        """A33, A50: no dice; the defenders fall back two hexes, the attacker counts as the
        winner (its cards kept) and may advance; after Backhand Blow the Soviet may not
        exploit this round."""
        b = v["battle"]
        b["evaded"] = card_id
        b["result"] = {ATTACKER: [0, False], DEFENDER: [0, False]}
        b["winner"] = ATTACKER
        b["retreat"] = EVADE_HEXES
        self._settle_cards(state, v, ATTACKER)
        b["cards"] = {ATTACKER: [], DEFENDER: []}
        b["to_retreat"] = sorted(u for u in b["defenders"] if state.pieces[u].box == ON_MAP)
        if state.world.cards[card_id].combat_use != "round":  # A33: no exploitation
            state.this_turn.append(f"{SOVIET}:exploitation")
        state.emit(
            "evasion",
            side=enemy(v["side"]),
            card=card_id,
            hex=state.world.map.id_of(b["target"]),
        )
        v["stage"] = "retreat"

    def _rush(self, state: SwState, v: CombatVars, uid: str, to: int) -> None:
        """S48: a Soviet SCU goes any distance to the combat and joins it."""
        b = v["battle"]
        p = state.pieces[uid]
        frm = p.at
        p.at = to
        state.moved()
        control.enter(state, SOVIET, to)
        if v["side"] == SOVIET:
            b["attackers"].append(uid)
            v["fought"].append(uid)
        else:
            b["defenders"].append(uid)
            b.setdefault("fed", []).append(uid)
        b["rush_left"] = b.get("rush_left", 0) - 1
        grid = state.world.map
        state.emit("rushed", side=SOVIET, unit=uid, frm=grid.id_of(frm), to=grid.id_of(to))
        if b["rush_left"] <= 0:
            v["stage"] = "cards"

    def _round_card_side_effects(self, state: SwState, card_id: str) -> None:
        card = state.world.cards[card_id]
        for e in card.effects:
            if e.do == "permit" and isinstance(e.get("what"), str):
                state.forbidden.append(f"{card.side}:{e.get('what')}")
            elif e.do in ("block_cards", "cancel_cards"):
                cards = e.get("cards")
                for other in cards if isinstance(cards, tuple) else ():
                    if e.do == "block_cards":
                        state.forbidden.append(
                            f"{state.world.cards[str(other)].side}:block:{other}"
                        )
                    else:
                        state.this_turn.append(f"cancel:{other}")

    def _next_cards(self, state: SwState, v: CombatVars) -> None:
        b = v["battle"]
        if b["turn_side"] == ATTACKER:
            b["turn_side"] = DEFENDER
            return
        self._fire(state, v)

    def _fire(self, state: SwState, v: CombatVars) -> None:
        """11.2.1 steps 2, 4 and 5: strengths, tables, shifts, both dice."""
        c = _ct(state)
        b = v["battle"]
        here = [u for u in b["attackers"] if state.pieces[u].box == ON_MAP]
        att_str = sum(attack_of(state, u) for u in here)
        def_str = sum(defense_of(state, u) for u in b["defenders"])
        all_shifts = shifts(state, v, b)
        result: dict[str, list[JSON]] = {}
        words: dict[str, JSON] = {}
        rolls: dict[str, int] = {}
        for role, strength, units in (
            (ATTACKER, att_str, here),
            (DEFENDER, def_str, b["defenders"]),
        ):
            lcu = fires_on_lcu_table(state, units)
            columns, table = (c.lcu_columns, c.lcu_table) if lcu else (c.scu_columns, c.scu_table)
            col = column(columns, strength)
            net = sum(int(str(s[0])) for s in all_shifts[role])
            who = v["side"] if role == ATTACKER else enemy(v["side"])
            roll = state.dice.roll(1, f"{role} fire", state.log, by=who)[0]
            rolls[role] = roll
            if col is None:
                n, star = 0, False
                shown: JSON = None
            else:
                col = max(0, min(len(columns) - 1, col + net))
                n, star = fire_result(table, col, roll)
                shown = column_words(columns, col)
            result[role] = [n, star]
            words[role] = {
                "strength": strength,
                "table": "LCU" if lcu else "SCU",
                "column": shown,
                "shifts": all_shifts[role],
                "roll": roll,
                "losses": n,
                "starred": star,
            }
        b["result"] = result
        # 11.3.1: each side's result is the other's losses; Zhukov costs one more (11.1.3)
        due_def = int(str(result[ATTACKER][0]))
        due_att = int(str(result[DEFENDER][0]))
        if b.get("zhukov"):
            due_att += c.zhukov_extra_loss
        b["due"] = {DEFENDER: due_def, ATTACKER: due_att}
        for role in (ATTACKER, DEFENDER):  # 11.3.5: loss cards after the results
            for card_id in b.get("cards", {}).get(role, []):
                loss = card_loss(state, card_id)
                if loss is not None:
                    b["due"][loss[1]] = max(0, b["due"][loss[1]] + loss[2])
                if mars(state, card_id):
                    b["due"][DEFENDER] = max(0, b["due"][DEFENDER] - 1)
                    b["due"][ATTACKER] += 1
        b["starred"] = {DEFENDER: bool(result[ATTACKER][1]), ATTACKER: bool(result[DEFENDER][1])}
        b["zhukov_extra"] = c.zhukov_extra_loss if b.get("zhukov") else 0
        b["taken"] = {}
        b["first_attack_loss"] = True
        state.emit(
            "fire",
            side=v["side"],
            hex=state.world.map.id_of(b["target"]),
            attacker=words[ATTACKER],
            defender=words[DEFENDER],
        )
        # 11.4.5: units that retreated here this AR die at any loss number
        if due_def and b.get("ghosts"):
            for u in b["ghosts"]:
                if state.pieces[u].box == ON_MAP:
                    eliminate(state, u, False, "caught again after a retreat")
        v["stage"] = "losses"

    def _loss(self, state: SwState, v: CombatVars, role: str, uid: str) -> None:
        b = v["battle"]
        if uid not in loss_candidates(state, b, role):
            raise IllegalAction("that unit may not take this loss (11.3)")
        oos = uid in state.oos if role == ATTACKER else uid not in b.get("fed", [])
        b["taken"][uid] = b["taken"].get(uid, 0) + 1
        if role == ATTACKER:
            b["first_attack_loss"] = False
        b["due"][role] -= 1
        saver = self._kampfgruppe(state, b, role, uid)
        if saver is not None:  # A11: the last SCU step lives on
            side = state.pieces[uid].side
            state.emit("loss_absorbed", side=side, unit=uid, card=saver)
            return
        take_step(state, uid, oos)

    def _kampfgruppe(self, state: SwState, b: Battle, role: str, uid: str) -> str | None:
        """A11: the card in play for ``role`` when ``uid`` holds the side's last SCU step."""
        saver = next((c for c in b.get("cards", {}).get(role, []) if kampfgruppe(state, c)), None)
        if saver is None or is_lcu(state, uid):
            return None
        units = b["attackers"] if role == ATTACKER else b["defenders"]
        left = sum(
            steps_left(state, u)
            for u in units
            if state.pieces[u].box == ON_MAP and not is_lcu(state, u)
        )
        return saver if left <= 1 else None

    def _decide(self, state: SwState, v: CombatVars) -> None:
        """11.2.1 step 7: who won, and what becomes of the combat cards (7.5.5b)."""
        c = _ct(state)
        b = v["battle"]
        att_alive = [u for u in b["attackers"] if state.pieces[u].box == ON_MAP]
        def_alive = [u for u in b["defenders"] if state.pieces[u].box == ON_MAP]
        att_n = int(str(b["result"][ATTACKER][0]))
        def_n = int(str(b["result"][DEFENDER][0]))
        winner = ""
        if not def_alive and att_alive:
            winner = ATTACKER
        elif not att_alive and def_alive:
            winner = DEFENDER
        elif att_alive and def_alive:
            if att_n > def_n:
                winner = ATTACKER
            elif def_n > att_n:
                winner = DEFENDER
            elif self._tie_to_attacker(state, v, att_alive, def_alive):
                winner = ATTACKER
        b["winner"] = winner
        grid = state.world.map
        state.emit(
            "combat_result",
            side=v["side"],
            hex=grid.id_of(b["target"]),
            winner=(v["side"] if winner == ATTACKER else enemy(v["side"])) if winner else None,
            inflicted=att_n,
            suffered=def_n,
        )
        self._settle_cards(state, v, winner)
        if winner == ATTACKER and def_alive:
            diff = att_n - def_n
            b["retreat"] = 2 if diff >= c.long_retreat_from else 1
            if state.festung_at(b["target"]) and "festung" not in b.get("ignore", []):
                b["to_retreat"] = []  # 11.4.1: a Festung cancels every retreat
                v["stage"] = "advance"
                return
            held = set()
            if any(kampfgruppe(state, c) for c in b.get("cards", {}).get(DEFENDER, [])):
                held = {u for u in def_alive if state.world.units[u].nation == "GE"}  # A11
            b["holding"] = sorted(held)
            b["to_retreat"] = sorted(
                (u for u in def_alive if u not in held),
                key=lambda u: (kind(state, u) == "stalin", u),
            )
            v["stage"] = "retreat"
            return
        v["stage"] = "advance" if winner == ATTACKER else "done"
        if winner != ATTACKER:
            self._close(state, v)

    def _tie_to_attacker(
        self, state: SwState, v: CombatVars, att_alive: list[str], def_alive: list[str]
    ) -> bool:
        """11.2.1 step 7: a tie goes to an attacker with a surviving, fully supplied armoured
        or Guards SCU when the defender has none and the hex has no swamp, trench, Festung or
        fortress."""
        c = _ct(state)
        b = v["battle"]
        node = b["target"]
        if state.world.map.terrain[node] == "swamp" or node in state.trench_hexes():
            return False
        ignore = set(b.get("ignore", []))
        if (state.festung_at(node) and "festung" not in ignore) or (
            fortress(state, node) and not {"fortress", "all"} & ignore
        ):
            return False
        att = any(
            kind(state, u) in c.tie_breakers and not is_lcu(state, u) and u not in state.unfed
            for u in att_alive
        )
        dfn = any(
            kind(state, u) in c.tie_breakers
            and not is_lcu(state, u)
            and supply.status(state, u) == supply.FULL
            for u in def_alive
        )
        return att and not dfn

    def _settle_cards(self, state: SwState, v: CombatVars, winner: str) -> None:
        """7.5.5b: a winner keeps its combat cards face up (starred ones leave the game, once-a-
        turn ones are discarded); a loser, or both on a tie, discards them."""
        b = v["battle"]
        for role, cards in b.get("cards", {}).items():
            side = v["side"] if role == ATTACKER else enemy(v["side"])
            kept = state.pile(side, "kept")
            for card_id in cards:
                card = state.world.cards[card_id]
                if card_id in kept:
                    kept.remove(card_id)
                if card.removed:
                    state.pile(side, "removed").append(card_id)
                    state.events_removed[side] += 1
                elif winner == role and card.combat_use != "once_per_turn":
                    kept.append(card_id)
                    if card_id not in v["used_cards"]:
                        v["used_cards"].append(card_id)
                else:
                    state.pile(side, "discard").append(card_id)

    def _retreat(self, state: SwState, v: CombatVars, uid: str, to: int) -> None:
        b = v["battle"]
        if uid not in b.get("to_retreat", []) or to not in retreat_ends(state, b, uid):
            raise IllegalAction("not a legal retreat (11.4)")
        p = state.pieces[uid]
        frm = p.at
        p.at = to
        state.moved()
        b["to_retreat"] = [u for u in b["to_retreat"] if u != uid]
        v["retreated"].append(uid)
        control.enter(state, p.side, to)  # 11.4.4: the final hex only
        grid = state.world.map
        state.emit("retreat", side=p.side, unit=uid, frm=grid.id_of(frm), to=grid.id_of(to))

    def _hold(self, state: SwState, v: CombatVars, uid: str) -> None:
        """11.4.3: one more loss, from any defender, and nobody retreats."""
        b = v["battle"]
        if not no_retreat_allowed(state, b):
            raise IllegalAction("the No-Retreat option is not open here (11.4.3)")
        oos = uid not in b.get("fed", [])
        state.emit("no_retreat", side=state.pieces[uid].side, unit=uid)
        take_step(state, uid, oos)
        b["to_retreat"] = []
        self._retreat_done(state, v)

    def _retreat_done(self, state: SwState, v: CombatVars) -> None:
        b = v["battle"]
        left = [
            u
            for u in b["defenders"]
            if state.pieces[u].box == ON_MAP and state.pieces[u].at == b["target"]
        ]
        if any(kind(state, u) != "stalin" for u in left):
            self._close(state, v)  # the defender held (No-Retreat)
            return
        v["stage"] = "advance"

    def _advance(self, state: SwState, v: CombatVars, uid: str) -> None:
        b = v["battle"]
        if uid not in advancers(state, v, b):
            raise IllegalAction("that unit may not advance (11.5.1)")
        node = b["target"]
        p = state.pieces[uid]
        frm = p.at
        for q in list(state.occupants(node)):
            if q.side != v["side"] and kind(state, q.uid) == "stalin":
                eliminate(state, q.uid, False, "captured")  # 16.4.3
            elif q.side != v["side"] and q.uid in state.active_partisans:
                eliminate(state, q.uid, False, "captured")  # 16.1.6
        p.at = node
        state.moved()
        b.setdefault("advanced", []).append(uid)
        control.enter(state, v["side"], node)
        evaded = b.get("evaded")
        if (
            evaded
            and state.world.cards[evaded].combat_use != "round"
            and kind(state, uid) in BACKHAND_KINDS
        ):  # A33: the Germans owe an attack on this unit in their next round
            state.lasting.append(
                {"card": evaded, "each": "next_axis_round", "unit": uid, "turn": state.turn}
            )
        if (
            p.side == AXIS
            and uid not in state.oos
            and node in state.world.map.zones.get("paulus_east", frozenset())
        ):
            state.paulus_crossed = True  # 5.1.3: a supplied Axis unit east of the line
        grid = state.world.map
        state.emit("advance", side=v["side"], unit=uid, frm=grid.id_of(frm), to=grid.id_of(node))
        if not b.get("blitz") and blitz_allowed(state, v, uid, frm, node):
            b["blitz"] = True
            v["blitz"].append(node)
            state.emit("blitz", side=v["side"], hex=grid.id_of(node))

    def _follow(self, state: SwState, v: CombatVars, uid: str, to: int) -> None:
        """A33: a tank or guards unit goes on a second hex along the Germans' way back."""
        b = v["battle"]
        p = state.pieces[uid]
        frm = p.at
        p.at = to
        state.moved()
        b.setdefault("followed", []).append(uid)
        control.enter(state, v["side"], to)
        grid = state.world.map
        state.emit("advance", side=v["side"], unit=uid, frm=grid.id_of(frm), to=grid.id_of(to))

    def _after(self, state: SwState, v: CombatVars) -> None:
        self._close(state, v)

    def _close(self, state: SwState, v: CombatVars) -> None:
        v["battle"] = {}
        v["stage"] = "declare"

    def _exploit(self, state: SwState, v: CombatVars, uid: str, to: int) -> None:
        if to not in exploit_steps(state, v, uid):
            raise IllegalAction("not a legal exploitation move (12)")
        p = state.pieces[uid]
        frm = p.at
        if uid not in v["exploiting"]:
            v["exploiting"][uid] = 0
            v["exploit_start"][uid] = frm
        v["exploiting"][uid] += 1
        p.at = to
        state.moved()
        control.enter(state, v["side"], to)
        if p.side == AXIS and to in state.world.map.zones.get("paulus_east", frozenset()):
            state.paulus_crossed = True
        if exploit_halts(state, v, uid, frm, to) or v["exploiting"][uid] >= exploit_reach(
            state, v, uid
        ):
            v["exploited"].append(uid)
        grid = state.world.map
        state.emit("exploit", side=v["side"], unit=uid, frm=grid.id_of(frm), to=grid.id_of(to))

    def _finish(self, m: M, state: SwState, v: CombatVars) -> None:
        """End of the round's combat: stacking checked again (9.1.4), round cards discarded
        (7.5.5b), a 0-OPS round in which nothing moved or fought resets the count (7.3.2)."""
        side = v["side"]
        for node in sorted({state.pieces[u].at for u in v["exploiting"]} | set(v["blitz"])):
            while not stack_ok(state, node, side):
                here = [p.uid for p in state.occupants(node) if p.side == side]
                worst = sorted(here, key=lambda u: (is_lcu(state, u), steps_left(state, u), u))[0]
                eliminate(state, worst, False, "over-stacked")
        for card_id in v["round_cards"]:
            card = state.world.cards[card_id]
            owner = card.side
            if card_id in state.pile(owner, "kept"):
                state.pile(owner, "kept").remove(card_id)
            if card.removed:
                state.pile(owner, "removed").append(card_id)
                state.events_removed[owner] += 1
            else:
                state.pile(owner, "discard").append(card_id)
        v["round_cards"] = []
        if f"{SOVIET}:exploitation" in state.this_turn:  # A36 lasts the round
            state.this_turn.remove(f"{SOVIET}:exploitation")
        if v["zero"] and not v["moved"] and not v["fought"]:
            state.consecutive_ops[side] = 0
        if v["markers"]:
            state.emit("combat_end", side=side, attacks=len(v["attacked"]))
        m.end(state)


def _could_join(state: SwState, v: CombatVars, node: int, units: list[str]) -> bool:
    """Whether a group could still become legal by adding units: the hard limits only."""
    problem = group_problem(state, v, node, units)
    if problem is None:
        return True
    if problem != "too many large units or an extra hex without armour":
        return False
    if zhukov_ready(state, v):
        return len({state.pieces[u].at for u in units}) <= 2
    return sum(is_lcu(state, u) for u in units) <= _ct(state).lcus_per_side


def _loss_role(b: Battle) -> str | None:
    due = b.get("due", {})
    for role in (DEFENDER, ATTACKER):  # 11.2.1 step 6: the defender first
        if due.get(role, 0) > 0:
            return role
    return None


def loss_candidates(state: SwState, b: Battle, role: str) -> list[str]:
    """Who may take the next loss (11.3.2-11.3.4): SCUs only for a starred result (A8: the
    spread rule counts the units that can take it, unless option starred_spread is "all"),
    no unit a second loss before every other has had one, Stalin last (16.4.2), armour first
    in attack (11.3.3)."""
    c = _ct(state)
    units = b["attackers"] if role == ATTACKER else b["defenders"]
    alive = [u for u in units if state.pieces[u].box == ON_MAP]
    if not alive:
        return []
    starred = b.get("starred", {}).get(role, False)
    # the Zhukov loss (and the losses beyond a starred result's own) are plain
    if starred and role == ATTACKER and b.get("zhukov"):
        starred = b["due"][role] > b.get("zhukov_extra", 0)
    pool = [u for u in alive if not (starred and is_lcu(state, u))]
    others = [u for u in pool if kind(state, u) != "stalin"]
    if others:
        pool = others
    elif role == DEFENDER and any(kind(state, u) != "stalin" for u in alive):
        return []
    if not pool:
        return []
    taken = b.get("taken", {})
    spread_over = alive if option(state, "starred_spread") == "all" else pool
    spread_over = [u for u in spread_over if kind(state, u) != "stalin"] or spread_over
    low = min(taken.get(u, 0) for u in spread_over)
    pool = [u for u in pool if taken.get(u, 0) == low]
    if role == ATTACKER and b.get("first_attack_loss"):
        armour = [u for u in pool if kind(state, u) in c.mechanized]
        if armour:
            pool = armour
    return sorted(pool)


def no_retreat_allowed(state: SwState, b: Battle) -> bool:
    """11.4.3: in forest, mountain, swamp (and rough, A5), a trench or the defender's own
    fortress, if a defending step is left after the extra loss."""
    c = _ct(state)
    node = b["target"]
    terrain = state.world.map.terrain[node]
    ok_terrain = terrain in c.no_retreat_terrain or (
        terrain == "rough" and bool(option(state, "no_retreat_in_rough"))
    )
    defenders = [u for u in b["defenders"] if state.pieces[u].box == ON_MAP]
    side = state.pieces[defenders[0]].side if defenders else None
    own_fort = (
        fortress(state, node)
        and not {"fortress", "all"} & set(b.get("ignore", []))
        and side is not None
        and supply.status(state, defenders[0]) is not None
    )
    if winter(state) and side == AXIS:
        ok_terrain = False  # 15.1.2: only trenches (and Hedgehogs' No-Retreat) help
    if not (ok_terrain or own_fort or node in state.trench_hexes()):
        return False
    return sum(steps_left(state, u) for u in defenders) > 1


def retreat_ends(state: SwState, b: Battle, uid: str) -> list[int]:
    """Where ``uid`` may end a retreat of exactly ``b['retreat']`` hexes (11.4.2, 11.4.4): no
    enemy units or enemy fortress or Festung on the way, no sea crossing, no enemy ZOC
    without a friendly unit, not back into nor (two hexes) next to the combat hex, within
    the stacking limits at the end; then, where possible, not into an enemy-held city, and
    in supply."""
    from .movement import may_enter

    if state.world.units[uid].steps[state.pieces[uid].step].ma <= 0:
        return []  # 11.4.6
    m = state.world.map
    side = state.pieces[uid].side
    foe = enemy(side)
    start = b["target"]
    zoc = enemy_zoc(state, side)
    friendly = {p.at for p in state.on_map(side) if p.uid not in b.get("to_retreat", [])}

    def passable(node: int) -> bool:
        if any(
            p.side == foe and not inactive_partisan(state, p.uid) for p in state.occupants(node)
        ):
            return False
        if fortress(state, node):
            place = m.place_at.get(node)
            if place is not None and state.control.get(place.name) == foe:
                return False
        if state.festung_at(node) and side == SOVIET:
            return False
        if node in zoc and node not in friendly:
            return False
        return may_enter(state, uid, node)

    frontier = {start}
    seen = {start}
    stopped: set[int] = set()  # 11.4.4: an Axis retreat forced into partisans ends there
    for _ in range(b["retreat"]):
        nxt: set[int] = set()
        for a in frontier:
            for n in m.adjacency[a]:
                if n in seen or not passable(n):
                    continue
                nxt.add(n)
        seen |= nxt
        frontier = nxt
        if side == AXIS:
            halted = {n for n in frontier if state.inactive_partisan_at(n)}
            stopped |= halted
            frontier -= halted
    ends = [
        n
        for n in frontier | stopped
        if n != start
        and (n in stopped or not (b["retreat"] >= 2 and n in m.adjacency[start]))
        and stack_ok(state, n, side, joining=uid)
    ]
    if not ends:
        return []
    not_city = [
        n
        for n in ends
        if not (
            (place := m.place_at.get(n)) is not None
            and place.type != "town"
            and state.control.get(place.name) == foe
        )
    ]
    ends = not_city or ends
    group = supply.group_of(state, uid)
    level = supply.trace(state, side).get(group, {})
    fed = [n for n in ends if n in level]
    ends = fed or ends
    if side == AXIS:
        clear = [n for n in ends if not state.inactive_partisan_at(n)]
        ends = clear or ends
    return sorted(ends)


def advancers(state: SwState, v: CombatVars, b: Battle) -> list[str]:
    """11.5.1: surviving attackers of this combat, into the emptied hex, within the stacking
    limits (a Blitz marker lifts them until exploitation ends, 11.5.2) and able to trace
    supply from it."""
    if not b or b.get("winner") != ATTACKER:
        return []
    node = b["target"]
    side = v["side"]
    if any(
        p.side != side and kind(state, p.uid) != "stalin" and not inactive_partisan(state, p.uid)
        for p in state.occupants(node)
    ):
        return []
    done = b.get("advanced", [])
    out = []
    for u in b["attackers"]:
        p = state.pieces[u]
        if p.box != ON_MAP or u in done:
            continue
        if not b.get("blitz") and not stack_ok(state, node, side, joining=u):
            continue
        if not _may_step(state, u, node) or state.festung_at(p.at):
            continue  # 16.3.4: nobody leaves a Festung
        level = supply.trace(state, side).get(supply.group_of(state, u), {})
        if node not in level and not state.festung_at(node):
            continue
        out.append(u)
    return out


def follow_hexes(state: SwState, v: CombatVars, uid: str) -> list[int]:
    """A33 Backhand Blow: a Soviet tank or guards unit that advanced into the abandoned hex
    may go on one more hex along the retreat: a neighbour of that hex next to where a German
    unit ended its withdrawal, free of enemy units, within the stacking limits."""
    b = v["battle"]
    evaded = b.get("evaded") if b else None
    if not evaded or state.world.cards[evaded].combat_use == "round":
        return []
    if kind(state, uid) not in BACKHAND_KINDS or uid in b.get("followed", []):
        return []
    if uid not in b.get("advanced", []) or state.pieces[uid].at != b["target"]:
        return []
    m = state.world.map
    ends = {state.pieces[u].at for u in b["defenders"] if state.pieces[u].box == ON_MAP}
    out = []
    for n in m.adjacency[b["target"]]:
        if n in ends or not any(n in m.adjacency[e] for e in ends):
            continue
        if any(
            q.side != v["side"] and not inactive_partisan(state, q.uid) for q in state.occupants(n)
        ):
            continue
        if _may_step(state, uid, n) and stack_ok(state, n, v["side"], joining=uid):
            out.append(n)
    return sorted(out)


def _may_step(state: SwState, uid: str, node: int) -> bool:
    """The bans on entering a hex's country (4.4.3, 4.4.4, 19), whoever stands there."""
    from .movement import country_open

    return country_open(state, uid, node)


def blitz_allowed(state: SwState, v: CombatVars, uid: str, frm: int, node: int) -> bool:
    """11.5.2, 11.2.1 step 9, 12.1.3, 15.1.2: a Blitz marker for an exploiting unit's
    advance, not in a 0-OPS round, at most four a round, not into forest, rough, swamp,
    mountain, a city, fortress or Festung, nor across a major river or the Kerch Strait (A6);
    the Axis: not in Winter 1942, not in the Caucasus Zone, one a round east of the Paulus
    Line in turns 1-3; the Soviet: only in a turn it received Lend-Lease OPS (18.3)."""
    c = _ct(state)
    m = state.world.map
    side = v["side"]
    if v["zero"] or len(v["blitz"]) >= c.blitz_per_round:
        return False
    if not can_exploit_kind(state, uid):
        return False
    if m.terrain[node] in c.no_blitz_terrain:
        return False
    place = m.place_at.get(node)
    if place is not None and place.type in c.no_blitz_places:
        return False
    if fortress(state, node):
        return False
    if state.festung_at(node):
        return False
    hexside = m.side(frm, node)
    if hexside is not None and (hexside.major_river or hexside.kerch_strait):
        return False
    if side == AXIS:
        if state.turn in c.winter_turns:
            return False
        if node in m.zones.get("caucasus_zone", frozenset()):
            return False
        east = m.zones.get("paulus_east", frozenset())
        if (
            state.turn <= c.axis_paulus_blitz_to_turn
            and node in east
            and sum(1 for h in v["blitz"] if h in east) >= c.axis_paulus_blitz
        ):
            return False
    elif f"{SOVIET}:lend_lease_received" not in state.this_turn:
        return False
    return True


def can_exploit_kind(state: SwState, uid: str) -> bool:
    c = _ct(state)
    k = kind(state, uid)
    if k in c.exploiters:
        return state.world.units[uid].size == "small"
    return k in c.uranus_exploiters and c.uranus_card in state.played


def exploiters(state: SwState, v: CombatVars) -> list[str]:
    """12.1: exploiting units in full supply, in or next to a Blitz marker, once a round;
    the Axis never in or into the Caucasus Zone (12.1.3); none with Fuhrer's Fireman."""
    if not v["blitz"]:
        return []
    m = state.world.map
    side = v["side"]
    if f"{side}:exploitation" in state.this_turn:
        return []
    out = []
    for p in state.on_map(side):
        u = p.uid
        if u in v["exploited"] or not can_exploit_kind(state, u):
            continue
        if u in v["exploiting"]:
            out.append(u)
            continue
        if u in state.unfed or state.festung_at(p.at):
            continue
        if side == AXIS and p.at in m.zones.get("caucasus_zone", frozenset()):
            continue
        if any(p.at == h or p.at in m.adjacency[h] for h in v["blitz"]):
            out.append(u)
    return out


BAGRATION_REACH = 4  # S36: hexes a Soviet SCU exploits in the Bagration round (card text)


def bagration(state: SwState, v: CombatVars, uid: str) -> bool:
    """S36: in the round of Operation Bagration, Soviet SCUs exploit far, over any terrain."""
    return (
        v["side"] == SOVIET and f"{SOVIET}:bagration" in state.this_turn and not is_lcu(state, uid)
    )


def exploit_reach(state: SwState, v: CombatVars, uid: str) -> int:
    """12.2.2-12.2.3: half the MA in hexes, rounded up (MA 4 for panzers starting east of
    the Paulus Line in turns 1-4)."""
    from .movement import allowance

    start = v["exploit_start"].get(uid, state.pieces[uid].at)
    ma = allowance(state, uid, start)
    if uid in v.get("long_reach", []):
        return GUDERIAN_REACH  # A9
    if bagration(state, v, uid):
        return BAGRATION_REACH  # S36
    return (ma + 1) // 2


def exploit_halts(state: SwState, v: CombatVars, uid: str, frm: int, to: int) -> bool:
    """12.2.5: swamp, forest, rough, desert or mountain, or the Kerch Strait, stop an
    exploiting unit (turn 1: only swamp stops the Axis, 4.4.6)."""
    c = _ct(state)
    m = state.world.map
    terrain = m.terrain[to]
    if bagration(state, v, uid):
        return False  # S36: terrain does not stop them
    if state.turn == 1 and v["side"] == AXIS:
        return terrain in c.turn1_exploit_halt
    hexside = m.side(frm, to)
    return terrain in c.halt_exploit_terrain or (hexside is not None and hexside.kerch_strait)


def exploit_steps(state: SwState, v: CombatVars, uid: str) -> list[int]:
    """The hexes ``uid`` may exploit into next, ignoring enemy ZOC (12.2.4)."""
    if uid in v["exploited"]:
        return []
    if v["exploiting"].get(uid, 0) >= exploit_reach(state, v, uid):
        return []
    m = state.world.map
    side = v["side"]
    a = state.pieces[uid].at
    out = []
    for b in m.adjacency[a]:
        if any(p.side != side and not inactive_partisan(state, p.uid) for p in state.occupants(b)):
            continue
        if side == AXIS and b in m.zones.get("caucasus_zone", frozenset()):
            continue
        if not _may_step(state, uid, b):
            continue
        out.append(b)
    return out


__all__ = ["Combat", "column", "combat_vars", "fire_result", "overstack_ok"]
