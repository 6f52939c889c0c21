"""7.5: cards played as events, executed from their data (``cards.toml``).

Only events whose every effect and condition the rules below can carry out are offered
(:func:`executable`); the others wait for later chapters and are never played as a silent
no-op. :data:`VERBS` and :data:`TESTS` say what is done so far.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexfront.engine.events import JSON

from ..cards import Card, Condition, Effect
from ..state import AXIS, ON_MAP, SwState
from . import control

# Effects carried out, with the ``each`` (recurrence) values understood for each.
VERBS: dict[str, frozenset[str | None]] = {
    "vp": frozenset({None, "turn_end"}),
    "mark": frozenset({None}),
    "rp": frozenset({None}),
    "ops": frozenset({None}),
    "consecutive_ops": frozenset({None}),
    "banked_ops": frozenset({None, "turn_start_from_next_turn", "turn"}),
    "forbid": frozenset({None}),
    "reinforce": frozenset({None}),
    "permit": frozenset({None}),
    "discard_random": frozenset({None}),
    "hand_size": frozenset({None}),
    "reveal_hand": frozenset({None}),
    "combined_attack": frozenset({None}),
    "trench_roll": frozenset({None}),
    "supply": frozenset({None}),
    "activate_partisans": frozenset({None}),
    "place": frozenset({None}),
}
# What a ``forbid`` or a ``permit`` may switch so far: Hitler Takes Command (18.2.2),
# Thunderclap (10.2), Strategic Withdrawal (7.3.3).
FORBIDDABLE = frozenset({"banked_ops", "rail_movement"})
PERMITTABLE = frozenset(
    {
        "leave_enemy_zoc_free_if_not_reentering",
        "entrench",
        "festung_placement",
        "partisan_placement",
    }
)
TESTS = frozenset(
    {
        "played",
        "not_played",
        "turn",
        "controls",
        "controls_none",
        "unit_in_play",
        "unit_at",
        "controls_all_vp_spaces",
    }
)


def effect_ok(effect: Effect) -> bool:
    each = effect.get("each")
    if effect.do not in VERBS or (each if isinstance(each, str) else None) not in VERBS[effect.do]:
        return False
    if effect.options:
        return False
    if effect.do == "banked_ops" and (effect.get("each") is None) == (effect.get("limit") is None):
        return False  # a one-off gives ``limit`` (Stavka, 18.3.4); a recurring one a ``delta``
    if (
        effect.do == "banked_ops"
        and effect.get("each") == "turn"
        and not isinstance(effect.get("duration"), int)
    ):
        return False
    if effect.do == "forbid" and effect.get("what") not in FORBIDDABLE:
        return False
    if effect.do == "permit" and effect.get("what") not in PERMITTABLE:
        return False
    if effect.do == "supply" and effect.get("what") != "German units in cities":
        return False  # Hedgehogs only (Luftwaffe Supply picks a hex: not yet)
    if effect.do == "place" and effect.get("what") != "trench":
        return False  # People's Militia's trench only
    if effect.do == "hand_size" and effect.get("then") not in (None, 0):
        return False  # a lasting change (Industrial Evacuation) waits
    if effect.do == "vp" and effect.get("duration") not in (None, "game"):
        return False
    if effect.do == "reinforce" and effect.get("at") is not None:
        return False  # placements named by the card (with a unit, in an area) wait
    return conditions_ok(effect.when)


def conditions_ok(when: Iterable[Condition]) -> bool:
    return all(c.test in TESTS for c in when)


def swaps(card: Card) -> bool:
    """7.5.2c: the Soviet Total War Reinforcements swap their Fronts, Guards and Guards Tank
    armies for units on the map; those swaps are not written yet."""
    return (
        card.side == "soviet"
        and card.deck == "total_war"
        and any(e.do == "reinforce" for e in card.effects)
    )


def executable(card: Card) -> bool:
    """Whether the card's event can be played now that these rules exist: not a combat card
    (7.5.5, played in combat, which comes later), every effect and condition known."""
    return (
        not card.combat
        and not swaps(card)
        and conditions_ok(card.when)
        and bool(card.effects)
        and all(effect_ok(e) for e in card.effects)
    )


def gives_attack(card: Card) -> bool:
    """An event that brings an attack in its own round (Zhukov, 11.1.3)."""
    return any(e.do == "combined_attack" for e in card.effects)


def gives_ops(card: Card) -> bool:
    return any(e.do == "ops" for e in card.effects)


def counts_as_rp_play(card: Card) -> bool:
    return any(e.do == "rp" and e.get("counts_as_rp_play") is True for e in card.effects)


def keeps_consecutive(card: Card) -> bool:
    return any(
        e.do == "consecutive_ops" and e.get("counts_as") == "unchanged" for e in card.effects
    )


# --- conditions ------------------------------------------------------------------------------


def _unit_id(state: SwState, name: str) -> str | None:
    for uid, unit in state.world.units.items():
        if unit.name == name or uid.split(".", 1)[-1] == name:
            return uid
    return None


def _place(state: SwState, name: str) -> str:
    node = state.world.map.node(name)
    place = state.world.map.place_at[node]
    return place.name


def holds(state: SwState, c: Condition) -> bool:
    t = c.test
    if t == "played":
        return str(c.get("card")) in state.played
    if t == "not_played":
        return str(c.get("card")) not in state.played
    if t == "turn":
        lo, hi = c.get("from"), c.get("to")
        within, without = c.get("in"), c.get("not_in")
        return (
            (not isinstance(lo, int) or state.turn >= lo)
            and (not isinstance(hi, int) or state.turn <= hi)
            and (not isinstance(within, tuple) or state.turn in within)
            and (not isinstance(without, tuple) or state.turn not in without)
        )
    if t in ("controls", "controls_none"):
        side, places = str(c.get("side")), c.get("places")
        names = [_place(state, str(p)) for p in (places if isinstance(places, tuple) else ())]
        held = [state.control.get(n) == side for n in names]
        return all(held) if t == "controls" else not any(held)
    if t in ("unit_in_play", "unit_at"):
        uid = _unit_id(state, str(c.get("unit")))
        piece = state.pieces.get(uid) if uid else None
        if piece is None or piece.box != ON_MAP:
            return False
        if t == "unit_in_play":
            return True
        return piece.at == state.world.map.node(str(c.get("place")))
    if t == "controls_all_vp_spaces":
        return control.all_ussr_vp_spaces(state, str(c.get("side")))
    return False


def reinforcement_allowed(state: SwState, side: str) -> bool:
    """7.5.2a: one Reinforcements card a turn, none in June 1941; 4.5.1: the Soviet plays two on
    turn 2, not in consecutive ARs."""
    t = state.world.tables
    if state.turn == t.no_reinforcements_turn:
        return False
    done = state.reinforcement_rounds.get(side, [])
    if side == "soviet" and state.turn == t.mobilization_turn:
        return len(done) < t.mobilization_plays and all(abs(state.ar - r) > 1 for r in done)
    return len(done) < t.reinforcements_per_turn


def mobilization(state: SwState, card: Card, side: str) -> bool:
    """4.5.1: a Soviet Reinforcements play of turn 2 also gives OPS, the count unchanged."""
    return (
        card.reinforcements
        and side == "soviet"
        and state.turn == state.world.tables.mobilization_turn
    )


def playable(state: SwState, card: Card) -> bool:
    if card.reinforcements and not reinforcement_allowed(state, card.side):
        return False
    return executable(card) and all(holds(state, c) for c in card.when)


def reinforcements(state: SwState, card: Card) -> list[str]:
    """The unit ids a card's reinforce effects bring in now (their own conditions checked)."""
    out = []
    for effect in card.effects:
        if effect.do != "reinforce" or not all(holds(state, c) for c in effect.when):
            continue
        names = effect.get("units")
        reduced = effect.get("reduced")
        for name in names if isinstance(names, tuple) else ():
            uid = next(
                u.id for u in state.world.units.values() if u.side == card.side and u.name == name
            )
            out.append(f"{uid}|reduced" if isinstance(reduced, tuple) and name in reduced else uid)
    return out


# --- effects ----------------------------------------------------------------------------------


def execute(state: SwState, card: Card, side: str) -> int:
    """Carry out the event of ``card`` played by ``side``; return the OPS it gives (0 if
    none: the round is then no OPS round)."""
    ops = 0
    for index, effect in enumerate(card.effects):
        each = effect.get("each")
        if each is None and not all(holds(state, c) for c in effect.when):
            continue  # a recurring effect tests its conditions each time instead
        if each is not None:
            entry: dict[str, JSON] = {"card": card.id, "effect": index, "each": str(each)}
            if each in ("turn_start_from_next_turn", "turn"):
                entry["from_turn"] = state.turn + 1
            if each == "turn":  # so many turns from the next (Convoy PQ-17)
                entry["each"] = "turn_start_from_next_turn"
                entry["to_turn"] = state.turn + _int(effect.get("duration"))
            state.lasting.append(entry)
            continue
        if effect.do == "banked_ops":  # 18.3.4 Stavka: banked OPS now
            gain = _int(effect.get("limit"))
            state.banked_ops[side] += gain
            state.emit("banked_ops", side=side, card=card.id, delta=gain)
        if effect.do == "vp":
            delta = _int(effect.get("delta"))
            state.vp += delta
            state.emit("vp", card=card.id, delta=delta, vp=state.vp)
        elif effect.do == "rp":
            for pool, n in card.rp.pools(side).items():
                state.rp[pool] = state.rp.get(pool, 0) + n
            state.emit("rp", side=side, card=card.id, rp=dict(state.rp))
        elif effect.do == "ops":
            ops = card.ops
        elif effect.do in ("forbid", "permit"):
            who = effect.get("side")
            switch = f"{who if isinstance(who, str) else side}:{effect.get('what')}"
            (state.this_turn if effect.get("duration") == "turn" else state.forbidden).append(
                switch
            )
        elif effect.do == "hand_size":
            who = str(effect.get("side") or side)
            schedule = effect.get("schedule")
            mods = state.hand_mods.setdefault(who, [])
            deltas = [_int(x) for x in (schedule if isinstance(schedule, tuple) else ())]
            for i, delta in enumerate(deltas):
                if i < len(mods):
                    mods[i] += delta
                else:
                    mods.append(delta)
        elif effect.do == "discard_random":
            who = str(effect.get("side") or side)
            hand = state.pile(who, "hand")
            for _ in range(_int(effect.get("count"))):
                if hand:
                    card_id = hand.pop(state.dice.below(len(hand)))
                    state.pile(who, "discard").append(card_id)
                    state.emit("discard", side=who, card=card_id, random=True)
        elif effect.do == "trench_roll":
            state.forbidden.append(f"{AXIS}:trench_roll_1")  # S33: Axis trenches need a 1
        elif effect.do == "supply":
            state.this_turn.append(f"{AXIS}:hedgehogs_supply")  # A16
        elif effect.do == "activate_partisans":
            from .partisans import activate

            activate(state, _int(effect.get("count")))  # 16.1.6
        elif effect.do == "place":
            state.this_turn.append(f"{side}:free_trench")  # S23: placed after the event
        elif effect.do == "combined_attack":
            state.this_turn.append(f"{side}:zhukov")  # 11.1.3: Zhukov, for the turn
        elif effect.do == "reveal_hand":
            who = str(effect.get("side"))
            shown = [
                c
                for c in state.pile(who, "hand")
                if not (effect.get("non_cc") is True and state.world.cards[c].combat)
            ]
            state.emit("hand_shown", side, side=who, cards=shown)
            state.emit("hand_shown", side=who, count=len(shown))
    return ops


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def lasting_effects(state: SwState, each: str) -> list[tuple[Card, Effect]]:
    """The events in force that recur at ``each`` ("turn_end", "turn_start_from_next_turn")."""
    out = []
    for entry in state.lasting:
        if entry["each"] != each:
            continue
        if each == "turn_start_from_next_turn" and state.turn < _int(entry.get("from_turn")):
            continue
        if "to_turn" in entry and state.turn > _int(entry["to_turn"]):
            continue
        card = state.world.cards[str(entry["card"])]
        out.append((card, card.effects[_int(entry["effect"])]))
    return out


def recur(state: SwState, each: str) -> None:
    """Events in force at turn start or turn end (a VP each turn, Lend-Lease OPS), and the
    penalties of events not yet played (A24) at turn end."""
    effects = lasting_effects(state, each)
    if each == "turn_end":
        for card in state.world.cards.values():
            if card.id in state.played:
                continue
            for effect in card.until_played:
                if effect.get("each") == "turn_end" and effect_ok(effect):
                    effects.append((card, effect))
    # gains before losses, so that a loss (Convoy PQ-17) falls on that turn's Lend-Lease OPS
    effects.sort(key=lambda ce: -_int(ce[1].get("delta")))
    for card, effect in effects:
        if not all(holds(state, c) for c in effect.when):
            continue
        delta = _int(effect.get("delta"))
        if effect.do == "vp":
            state.vp += delta
            state.emit("vp", card=card.id, delta=delta, vp=state.vp)
        elif effect.do == "banked_ops":
            who = effect.get("side")
            side = who if isinstance(who, str) else card.side
            delta = max(delta, -state.banked_ops[side])  # never below 0
            state.banked_ops[side] += delta
            state.emit("banked_ops", side=side, card=card.id, delta=delta)
            if delta > 0 and side == "soviet" and each == "turn_start_from_next_turn":
                state.this_turn.append("soviet:lend_lease_received")  # 11.2.1 step 9
    if each == "turn_start_from_next_turn":
        # Convoy PQ-17 may have taken it all back: the Blitz rule asks whether any came
        got = state.banked_ops["soviet"] > 0
        if not got and "soviet:lend_lease_received" in state.this_turn:
            state.this_turn.remove("soviet:lend_lease_received")
