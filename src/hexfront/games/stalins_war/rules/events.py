"""7.5: cards played as events, executed from their data (``cards.toml``).

Only events whose every effect and condition the rules below can carry out are offered
(:func:`executable`); the others wait for later chapters and are never played as a silent
no-op. :data:`VERBS` and :data:`TESTS` say what is done so far.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexfront.engine.events import JSON, Event

from ..cards import Card, Condition, Effect
from ..state import AXIS, ON_MAP, SOVIET, SwState
from . import control

OTHER_FRONTS = "other_fronts"  # the Other Fronts box (S37, S39, A21)

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
    "ignore_terrain": frozenset({None}),
    "cancel_cards": frozenset({None}),
    "block_cards": frozenset({None}),
    "cancellable": frozenset({None}),
    "remove": frozenset({None}),
    "move": frozenset({None}),
    "flip": frozenset({None}),
    "extra_play": frozenset({None}),
    "exploit": frozenset({None}),
    "control": frozenset({None}),
    "vp_spaces": frozenset({None}),
    "retreat": frozenset({None}),
    "choose_one": frozenset({None}),
}
# vp effects that recur at a moment of the turn other than its end, by their ``each``
VP_EACH = {"later Soviet OPS round this turn without a German step lost": "soviet_ops_round"}
# What ``remove``, ``move``, ``flip`` and ``place`` can do so far, by their ``what``
REMOVABLE = frozenset(
    {"inactive partisan", "Italian units", "Axis Romanian units", "Panzer attack factors"}
)
MOVABLE = frozenset({"German attack factors", "Panzer attack factors", "SCU", "Maritime Army"})
SUPPLIES = {  # supply effects: their ``what`` -> the switch they set
    "German units in cities": f"{AXIS}:hedgehogs_supply",  # A16, this turn
    "Maritime Army on a coastal hex while the Soviet holds a Black Sea port": (
        f"{SOVIET}:black_sea_supply"  # S10, for the game
    ),
    "one hex picked in the Attrition Phase within 5 hexes of supplied German units": (
        f"{AXIS}:airlift"  # A12: the hex is picked before the Axis attrition (turn.py)
    ),
}
AIRLIFT_RANGE = 5  # A12: hexes from supplied German units (card text)
FLIPPABLE = frozenset({"full-strength panzer corps", "reduced panzer corps"})
PLACEABLE = frozenset(
    {"trench", "Bunker", "partisan", "Soviet-side Bulgarian and Romanian SCUs", "fortress"}
)
# Where a Reinforcements-like event may put its units (7.5.2; A30)
REINFORCE_AT = frozenset({"with_unit", "area", "places"})
# What a ``forbid`` or a ``permit`` may switch so far: Hitler Takes Command (18.2.2),
# Thunderclap (10.2), Strategic Withdrawal (7.3.3).
FORBIDDABLE = frozenset(
    {"banked_ops", "rail_movement", "leave_enemy_zoc_with_ops", "spend_panzer_rp"}
)
PERMITTABLE = frozenset(
    {
        "leave_enemy_zoc_free_if_not_reentering",
        "entrench",
        "festung_placement",
        "partisan_placement",
        "attack_Leningrad",  # 11.1.9: the restrictions read the cards played (combat.py)
        "attack_Moscow",
        "attack_Gorki",
        "attack_Stalingrad",
        "attack_Caucasus_Zone",
        "tank_army_reinforcements",  # S8: the reinforce effects test the card played
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
        "units_in_area",
        "ever_eliminated",
        "not_captured",
    }
)


def effect_ok(effect: Effect) -> bool:
    each = effect.get("each")
    if (effect.do == "vp" and each in VP_EACH) or effect.do == "cancellable":
        each = None  # handled by their own code (A17; A18's price per round)
    if effect.do not in VERBS or (each if isinstance(each, str) else None) not in VERBS[effect.do]:
        return False
    if effect.options:  # A54 Naval Evacuation's two ways, the only choose_one so far
        firsts = [o[0] for o in effect.options if o]
        return effect.do == "choose_one" and [(e.do, e.get("what")) for e in firsts] == [
            ("move", "Axis LCU in a port"),
            ("vp", None),
        ]
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
    if effect.do == "supply" and effect.get("what") not in SUPPLIES:
        return False  # Luftwaffe Supply's airlift (a hex picked at attrition) is not written
    if (
        effect.do == "vp"
        and effect.get("duration") not in (None, "game")
        and not (effect.get("duration") == "turn" and effect.get("each") in VP_EACH)
    ):
        return False
    if effect.do == "reinforce" and effect.get("at") not in (None, *REINFORCE_AT):
        return False
    if effect.do == "remove" and effect.get("what") not in REMOVABLE:
        return False
    if effect.do == "move" and effect.get("what") not in MOVABLE:
        return False
    if effect.do == "flip" and effect.get("what") not in FLIPPABLE:
        return False
    if effect.do == "place" and effect.get("what") not in PLACEABLE:
        return False
    if effect.do == "retreat" and effect.get("who") != "Axis units in Warsaw":
        return False  # the other retreats are combat cards' (A33, A50)
    if effect.do == "exploit" and effect.get("who") != "Soviet SCUs":
        return False
    return conditions_ok(effect.when)


def conditions_ok(when: Iterable[Condition]) -> bool:
    return all(c.test in TESTS for c in when)


def swaps(card: Card) -> bool:
    """7.5.2c: the Soviet Total War Reinforcements swap their Fronts, Guards and Guards Tank
    armies for units on the map (``reinforcements.swap``)."""
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
    if t == "units_in_area":  # S32: so many units of a kind inside a country
        m = state.world.map
        area = str(c.get("area")).lower().replace(" ", "_")
        n = sum(
            1
            for p in state.on_map(str(c.get("side")))
            if state.world.units[p.uid].kind == c.get("kind") and m.nation[p.at] == area
        )
        return n >= _int(c.get("at_least"))
    if t == "ever_eliminated":  # A26: a whole unit of that nation and size, ever
        nation = {"german": "GE"}.get(str(c.get("nation")), str(c.get("nation")))
        large = c.get("kind") == "lcu"
        for e in state.log:
            if e.kind in ("eliminated", "attrition_loss"):
                unit = state.world.units.get(str(e.data.get("unit")))
                if unit is not None and unit.nation == nation and unit.large == large:
                    return True
        return False
    if t == "not_captured":  # S8: the place never changed hands
        name = str(c.get("place"))
        return not any(
            e.kind in ("control", "attrition_control") and e.data.get("place") == name
            for e in state.log
        )
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
    if f"{card.side}:block:{card.id}" in state.forbidden:
        return False  # block_cards: Overlord, Bulge Cancelled, Battle of the Bulge, Sturmovik
    return executable(card) and all(holds(state, c) for c in card.when)


def reinforcements(state: SwState, card: Card) -> list[str]:
    """The unit ids a card's reinforce effects bring in now (their own conditions checked)."""
    return [u for group, _ in reinforcement_groups(state, card) for u in group]


def reinforcement_groups(state: SwState, card: Card) -> list[tuple[list[str], str | None]]:
    """Per reinforce effect whose conditions hold: its unit ids ("|reduced" for 7.5.3) and
    where they go: None for 7.5.2c, else "with_unit:<unit or kind>", "area:<nation>" or
    "places:<name>|<name>" (A23, A26, A37, A40, S41; A30)."""
    out: list[tuple[list[str], str | None]] = []
    for effect in card.effects:
        if effect.do != "reinforce" or not all(holds(state, c) for c in effect.when):
            continue
        names = effect.get("units")
        reduced = effect.get("reduced")
        group = []
        for name in names if isinstance(names, tuple) else ():
            uid = next(
                u.id for u in state.world.units.values() if u.side == card.side and u.name == name
            )
            group.append(
                f"{uid}|reduced" if isinstance(reduced, tuple) and name in reduced else uid
            )
        out.append((group, _where(effect)))
    return out


def _where(effect: Effect) -> str | None:
    at = effect.get("at")
    if at == "with_unit":
        unit = str(effect.get("unit"))
        kinds = {"fully supplied German unit": "german_full", "Soviet Front": "front"}
        return f"with_unit:{kinds.get(unit, unit)}"
    if at == "area":
        return f"area:{str(effect.get('area')).lower().replace(' ', '_')}"
    if at == "places":
        places = effect.get("places")
        return "places:" + "|".join(str(x) for x in (places if isinstance(places, tuple) else ()))
    return None


# --- effects ----------------------------------------------------------------------------------


def execute(state: SwState, card: Card, side: str, todo: list[JSON] | None = None) -> int:
    """Carry out the event of ``card`` played by ``side``; return the OPS it gives (0 if
    none: the round is then no OPS round). Choices the event leaves to a player are added
    to ``todo`` as procedures to call (``pick``, ``reinforce``, ``action_round``)."""
    ops = 0
    later: list[JSON] = [] if todo is None else todo
    for index, effect in enumerate(card.effects):
        each = effect.get("each")
        if effect.do == "vp" and each in VP_EACH:
            state.lasting.append({"card": card.id, "each": VP_EACH[str(each)], "turn": state.turn})
            continue  # A17: checked after each Soviet round of this turn
        if effect.do == "cancellable":
            each = None  # A18: its price per round is charged by round_obligations
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
            then = _int(effect.get("then"))
            if then:  # S8: after the schedule, the change lasts for the rest of the game
                deltas += [then] * (state.last_turn + 1)
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
        elif effect.do == "supply":  # A16 for the turn, S10 for the game
            switch = SUPPLIES[str(effect.get("what"))]
            (state.this_turn if effect.get("duration") == "turn" else state.forbidden).append(
                switch
            )
        elif effect.do == "activate_partisans":
            # 16.1.6: the Soviet picks which face-down partisans rise
            later.append(["pick", _pick("activate", side, card, _int(effect.get("count")))])
        elif effect.do == "place" and effect.get("what") == "trench":
            state.this_turn.append(f"{side}:free_trench")  # S23: placed after the event
        elif effect.do == "place" and effect.get("what") == "Bunker":
            _place_bunker(state, card)  # A43
        elif effect.do == "place" and effect.get("what") == "fortress":  # S13
            sites = effect.get("places")
            forts: list[JSON] = [str(h) for h in (sites if isinstance(sites, tuple) else ())]
            later.append(["pick", _pick("fortress", side, card, 1, hexes=forts)])
        elif effect.do == "retreat":  # S41: the Axis garrison of Warsaw falls back a hex
            warsaw = state.world.map.id_of(state.world.map.node("Warsaw"))
            later.append(["pick", _pick("evacuate", AXIS, card, 99, hex=warsaw)])
        elif effect.do == "place" and effect.get("at") == "places":  # S41: the uprising
            sites = effect.get("places")
            where: list[JSON] = [
                state.world.map.id_of(state.world.map.node(str(n)))
                for n in (sites if isinstance(sites, tuple) else ())
            ]
            later.append(["pick", _pick("uprising", side, card, 1, hexes=where)])
        elif effect.do == "place" and effect.get("what") == "partisan":  # S20
            later.append(
                ["pick", _pick("airborne", side, card, 1, within=_int(effect.get("within")))]
            )
        elif effect.do == "place":  # S32: the Soviet-side Balkan armies join a Front
            units = [u.id for u in state.world.units.values() if u.group == "soviet_balkan_armies"]
            later.append(["reinforce", {"side": side, "units": units, "at": "with_unit:front"}])
        elif effect.do == "choose_one":  # A54: the Axis picks a way
            civilians = any(
                all(holds(state, c) for c in o[0].when) for o in effect.options[1:] if o
            )
            later.append(["pick", _pick("naval", AXIS, card, 1, civilians=civilians)])
        elif effect.do == "vp_spaces":  # S8: two Ural cities start to count
            hexes = effect.get("hexes")
            for h in hexes if isinstance(hexes, tuple) else ():
                state.forbidden.append(f"vp:{h}")
        elif effect.do == "ignore_terrain":
            pass  # A19 Winter Uniforms: combat.winter() reads the card played
        elif effect.do in ("cancel_cards", "block_cards"):
            cards = effect.get("cards")
            scope = str(effect.get("scope") or "")
            for other in cards if isinstance(cards, tuple) else ():
                if effect.do == "block_cards":
                    owner = state.world.cards[str(other)].side
                    state.forbidden.append(f"{owner}:block:{other}")
                else:
                    suffix = ":caucasus" if "Caucasus" in scope else ""
                    state.this_turn.append(f"cancel:{other}{suffix}")
        elif effect.do == "cancellable":
            unless = effect.get("unless_played")
            if not (isinstance(unless, str) and unless in state.played):
                later.append(["pick", _pick("cancel_order", str(effect.get("by")), card, 1)])
        elif effect.do == "remove":
            _remove(state, card, side, effect, later)
        elif effect.do == "move":
            _move(state, card, effect, later)
        elif effect.do == "flip":
            what = "reduce_panzer" if effect.get("to") == "reduced" else "refit_panzer"
            chooser = str(effect.get("chooser") or side)
            later.append(
                ["pick", _pick(what, chooser, card, _int(effect.get("count")), optional=True)]
            )
        elif effect.do == "extra_play":  # A23: one more card at once (the second sets the AR)
            later.append(["action_round", {"side": side}])
        elif effect.do == "exploit":  # S36: Soviet SCUs exploit 4 hexes, whatever the terrain
            state.this_turn.append(f"{SOVIET}:bagration")
        elif effect.do == "control":  # S32: Romania's cities and towns without Axis troops
            _defect(state, effect)
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


def _pick(what: str, side: str, card: Card, left: int, **more: JSON) -> dict[str, JSON]:
    optional = more.pop("optional", what in ("remove_partisans",))
    return {"what": what, "side": side, "card": card.id, "left": left, "optional": optional, **more}


def _place_bunker(state: SwState, card: Card) -> None:
    """A43: the Bunker goes to Berlin while the Axis holds it."""
    m = state.world.map
    berlin = m.node("Berlin")
    bunker = next(u.id for u in state.world.units.values() if u.kind == "bunker")
    p = state.pieces[bunker]
    if state.control.get("Berlin") == AXIS and p.box != ON_MAP:
        p.box, p.at, p.step = ON_MAP, berlin, 0
        state.moved()
        state.emit("reinforcement", side=AXIS, unit=bunker, at=m.id_of(berlin), step=0)


def _remove(state: SwState, card: Card, side: str, effect: Effect, later: list[JSON]) -> None:
    what = effect.get("what")
    if what == "inactive partisan":  # A15, A41: the Axis picks up to two
        later.append(["pick", _pick("remove_partisans", side, card, _int(effect.get("up_to")))])
        return
    if what == "Panzer attack factors":  # S38: the Axis picks them from the map
        n = _int(effect.get("panzer_factors"))
        later.append(
            [
                "pick",
                _pick("factors", AXIS, card, 99, factors=n, panzer_only=True, to="removed"),
            ]
        )
        return
    nation = "IT" if what == "Italian units" else "RO"  # S37; S32
    for uid, unit in state.world.units.items():
        p = state.pieces[uid]
        if unit.side != AXIS or unit.nation != nation or p.box == "removed":
            continue
        was = p.at
        p.box, p.at = "removed", -1
        state.track.pop(uid, None)  # an Axis LCU waiting on the Turn Track goes too
        state.oos = [u for u in state.oos if u != uid]
        state.unfed = [u for u in state.unfed if u != uid]
        hex_id = state.world.map.id_of(was) if was >= 0 else None
        state.emit("eliminated", side=AXIS, unit=uid, box="removed", why="event", hex=hex_id)
    state.moved()


def _move(state: SwState, card: Card, effect: Effect, later: list[JSON]) -> None:
    what = effect.get("what")
    if what == "Maritime Army":  # S10: the Soviet picks the landing hex
        later.append(["pick", _pick("black_sea", SOVIET, card, 1)])
        return
    if what == "SCU":  # A21: two SCUs at random from the Other Fronts box to Berlin or Warsaw
        m = state.world.map
        for _ in range(_int(effect.get("count"))):
            pool = sorted(
                uid
                for uid, p in state.pieces.items()
                if p.box == OTHER_FRONTS and not state.world.units[uid].large
            )
            if not pool:
                return
            uid = pool[state.dice.below(len(pool))]
            from .stacking import stack_ok

            spots = [
                m.node(name)
                for name in ("Berlin", "Warsaw")
                if state.control.get(name) == AXIS
                and not any(q.side == SOVIET for q in state.occupants(m.node(name)))
                and stack_ok(state, m.node(name), AXIS, joining=uid)
            ]
            if not spots:
                return
            p = state.pieces[uid]
            p.box, p.at = ON_MAP, spots[0]
            state.moved()
            state.emit("reinforcement", side=AXIS, unit=uid, at=m.id_of(spots[0]), step=p.step)
        return
    panzer_only = what == "Panzer attack factors"  # S39; S37 needs only part panzer
    later.append(
        [
            "pick",
            _pick(
                "factors",
                AXIS,
                card,
                99,
                factors=_int(effect.get("factors")),
                panzer=_int(effect.get("min_panzer")),
                panzer_only=panzer_only,
                to=OTHER_FRONTS,
            ),
        ]
    )


def _defect(state: SwState, effect: Effect) -> None:
    area = str(effect.get("area")).lower()
    m = state.world.map
    axis_at = {p.at for p in state.on_map(AXIS)}
    for place in m.places.values():
        if (
            m.nation[place.node] == area
            and place.node not in axis_at
            and state.control.get(place.name) != SOVIET
        ):
            control.enter(state, SOVIET, place.node)


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


def _this_round(state: SwState) -> list[Event]:
    out = []
    for e in reversed(state.log):
        if e.kind == "action_round":
            break
        out.append(e)
    return out


def airlift_due(state: SwState) -> bool:
    """A12 played this turn and not cancelled by Sturmovik."""
    return f"{AXIS}:airlift" in state.this_turn and "cancel:A12" not in state.this_turn


def round_obligations(state: SwState, side: str) -> None:
    """What events demand of a round once it ends: A33 (below); A17 Destroy the Fascists!, a
    Soviet OPS round of this turn that costs no German step gives the Axis 1 VP; A18 bought
    off, each Soviet OPS round of the turn costs the Soviet 1 VP; S36's long exploitation
    ends with the round."""
    if f"{SOVIET}:bagration" in state.this_turn:
        state.this_turn.remove(f"{SOVIET}:bagration")
    if side == SOVIET:
        if not _round_played(state):
            return
        if f"{SOVIET}:motherland_paid" in state.this_turn:
            state.vp += 1
            state.emit("vp", card="A18", delta=1, vp=state.vp)
        demands = [
            e
            for e in state.lasting
            if e.get("each") == "soviet_ops_round" and e.get("turn") == state.turn
        ]
        if demands and not any(
            e.kind in ("step_lost", "eliminated")
            and e.data.get("side") == AXIS
            and state.world.units[str(e.data.get("unit"))].nation == "GE"
            for e in _this_round(state)
        ):
            state.vp += 1
            state.emit("vp", card=str(demands[0].get("card")), delta=1, vp=state.vp)
        return
    _backhand(state)


OPS_ROUNDS = frozenset({"ops", "zero_move"})  # cards.py's round kinds that move and fight


def _round_played(state: SwState) -> bool:
    """Whether the round just ended was an OPS round (a card for OPS, a 0-OPS move, an OPS
    event): its "play" line is in the round's log."""
    return any(
        e.kind == "play" and e.data.get("round") in OPS_ROUNDS for e in _this_round(state)
    ) or any(e.kind == "movement_end" for e in _this_round(state))


def _backhand(state: SwState) -> None:
    """A33 Backhand Blow: the Soviet tank and guards units that followed the German
    withdrawal must be attacked, by an attack with German units, in the next Axis round, or
    the Axis gives up 1 VP (checked as each Axis round ends)."""
    owed = [e for e in state.lasting if e.get("each") == "next_axis_round"]
    if not owed:
        return
    state.lasting = [e for e in state.lasting if e.get("each") != "next_axis_round"]
    targets = {str(e.get("unit")) for e in owed}
    hit = False
    for e in reversed(state.log):
        if e.kind == "action_round":
            break
        if e.kind != "attack" or e.data.get("side") != AXIS:
            continue
        attackers = e.data.get("units")
        defenders = e.data.get("defenders")
        german = any(
            state.world.units[str(u)].nation == "GE"
            for u in (attackers if isinstance(attackers, list) else [])
        )
        if german and targets & {
            str(u) for u in (defenders if isinstance(defenders, list) else [])
        }:
            hit = True
    if not hit:
        card = str(owed[0].get("card"))
        state.vp -= 1
        state.emit("vp", card=card, delta=-1, vp=state.vp)
