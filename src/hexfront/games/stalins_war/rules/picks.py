"""Choices that events and the End Turn phase ask of a player, one at a time: which partisans
to take off the map (16.1.5, Partisan Sweep), which panzer corps a card flips (Soviet Mice,
Panzer Refit), which units leave for the Other Fronts box or the game (The Duce Falls,
Second Front Now, Overlord), where an event's unit goes (Airborne Corps), and whether to buy
off a no-retreat order (Where a German Soldier Stands, Defend the Motherland!).

A pick is a frame ``pick`` with ``what`` (the kind of choice), ``side`` (who chooses),
``card`` (the event, if any), ``left`` (how many more picks) and ``optional`` (whether the
player may stop early). Each kind lists its options from the position at that moment
(:func:`options`) and carries one out (:func:`apply`); a pick with no option left ends.
"""

from __future__ import annotations

from hexfront.engine.errors import IllegalAction
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..state import AXIS, ON_MAP, OUT, SOVIET, SwState
from . import supply

M = Machine[SwState]

OTHER_FRONTS = "other_fronts"  # the box German units go to (S37, S39) and come from (A21)

PROMPTS: dict[str, str] = {
    "remove_partisans": "Choose a hex of face-down partisans to remove (16.1.5)",
    "reduce_panzer": "Choose the full-strength panzer corps that drops a step (Soviet Mice)",
    "refit_panzer": "Choose a reduced panzer corps to bring back to full strength (Panzer Refit)",
    "factors": "Choose a German unit to send away",
    "airborne": "Choose where the airborne partisans land (Airborne Corps)",
    "cancel_order": "Buy off the no-retreat order?",
    "fortress": "Choose where the new fortress is built",
    "opening": "Take a card of your choice for one VP, or draw as usual (optional rule 23.1.1)",
    "lift_trenches": "Choose a trench of yours to take away",
    "activate": "Choose the face-down partisans that rise (16.1.6)",
    "airlift": "Choose the hex the Luftwaffe supplies for attrition (Luftwaffe Supply)",
    "naval": "Choose an army to ship west, or the civilians (Naval Evacuation)",
    "black_sea": "Choose where the Maritime Army lands (Black Sea, Black Death)",
    "evacuate": "Move the Axis garrison one hex out of the city (Warsaw Rising)",
    "uprising": "Place the partisans of the uprising (Warsaw Rising)",
}


def _kind(state: SwState, uid: str) -> str:
    return state.world.units[uid].kind


def _partisan_hexes(state: SwState) -> list[int]:
    return sorted(
        {
            p.at
            for p in state.on_map(SOVIET)
            if _kind(state, p.uid) == "partisan" and p.uid not in state.active_partisans
        }
    )


def _in_ussr(state: SwState, node: int) -> bool:
    return state.world.map.nation[node] == "ussr"


def factors_of(state: SwState, uid: str) -> int:
    p = state.pieces[uid]
    return state.world.units[uid].steps[p.step].attack


def _factor_options(state: SwState, frame: Frame) -> list[str]:
    """S37, S38, S39: German units whose attack factors count toward the card's total, panzer
    corps first while the panzer part is short, units in full supply first where possible."""
    v = frame.vars
    need = int(str(v.get("factors", 0)))
    need_pz = int(str(v.get("panzer", 0)))
    done = int(str(v.get("done", 0)))
    done_pz = int(str(v.get("done_panzer", 0)))
    if done >= need:
        return []
    german = [
        p.uid
        for p in state.on_map(AXIS)
        if state.world.units[p.uid].nation == "GE" and factors_of(state, p.uid) > 0
    ]
    if v.get("panzer_only"):
        german = [u for u in german if _kind(state, u) == "panzer_corps"]
    elif done_pz < need_pz:
        panzers = [u for u in german if _kind(state, u) == "panzer_corps"]
        german = panzers or german
    full = [u for u in german if supply.status(state, u) == supply.FULL]
    return sorted(full or german)


def options(state: SwState, frame: Frame) -> list[dict[str, JSON]]:
    what = str(frame.vars["what"])
    grid = state.world.map
    if int(str(frame.vars.get("left", 0))) <= 0:
        return []
    if what == "remove_partisans":
        return [{"hex": grid.id_of(n)} for n in _partisan_hexes(state)]
    if what == "reduce_panzer":  # S17: a full-strength panzer corps inside the USSR
        return [
            {"unit": p.uid}
            for p in state.on_map(AXIS)
            if _kind(state, p.uid) == "panzer_corps"
            and p.step == 0
            and len(state.world.units[p.uid].steps) > 1
            and _in_ussr(state, p.at)
        ]
    if what == "refit_panzer":  # A22: reduced, in full supply, no Soviet unit next to it
        soviet = {p.at for p in state.on_map(SOVIET)}
        m = state.world.map
        return [
            {"unit": p.uid}
            for p in state.on_map(AXIS)
            if _kind(state, p.uid) == "panzer_corps"
            and p.step > 0
            and supply.status(state, p.uid) == supply.FULL
            and not any(b in soviet for b in m.adjacency[p.at])
        ]
    if what == "factors":
        return [{"unit": u} for u in _factor_options(state, frame)]
    if what == "airborne":
        within = int(str(frame.vars.get("within", 0)))
        return [{"hex": grid.id_of(n)} for n in airborne_hexes(state, within)]
    if what == "cancel_order":
        return [{"cancel": True}, {"cancel": False}]
    if what == "opening":  # 23.1.1: any Blitzkrieg card of the side's deck
        return [{"card": c} for c in sorted(state.pile(side_of(frame), "deck"))]
    if what == "lift_trenches":  # 6E: a side may take its own trenches away
        return [
            {"hex": h} for h, owner in sorted(state.trenches.items()) if owner == side_of(frame)
        ]
    if what == "activate":  # 16.1.6
        from .partisans import ready

        return [{"hex": grid.id_of(n)} for n in ready(state)]
    if what == "airlift":  # A12
        return [{"hex": grid.id_of(n)} for n in airlift_hexes(state)]
    if what == "naval":  # A54
        out: list[dict[str, JSON]] = [
            {"unit": u, "to": grid.id_of(n)} for u, n in naval_moves(state)
        ]
        if frame.vars.get("civilians"):
            out.append({"civilians": True})
        return out
    if what == "black_sea":
        return [{"unit": supply.MARITIME, "to": grid.id_of(n)} for n in black_sea_hexes(state)]
    if what == "evacuate":  # S41: each Axis unit in the hex, one hex away
        node = grid.index(str(frame.vars["hex"]))
        from .movement import may_enter
        from .stacking import stack_ok

        here = sorted(p.uid for p in state.occupants(node) if p.side == AXIS)
        if not here:
            return []
        uid = here[0]
        return [
            {"unit": uid, "to": grid.id_of(b)}
            for b in grid.adjacency[node]
            if may_enter(state, uid, b) and stack_ok(state, b, AXIS, joining=uid)
        ]
    if what == "uprising":  # S41: an active partisan in the city, once the Axis has gone
        hexes = frame.vars.get("hexes")
        pool = any(p.box == OUT and _kind(state, u) == "partisan" for u, p in state.pieces.items())
        return [
            {"hex": str(h)}
            for h in (hexes if isinstance(hexes, list) else [])
            if pool
            and not any(p.side == AXIS for p in state.occupants(grid.index(str(h))))
            and not any(
                _kind(state, p.uid) == "partisan" for p in state.occupants(grid.index(str(h)))
            )
        ]
    if what == "fortress":  # S13: a Soviet place in supply that has no fortress yet
        from .zoc import fortress

        hexes = frame.vars.get("hexes")
        fed = supply.fed(state, SOVIET)
        out = []
        for h in hexes if isinstance(hexes, list) else []:
            node = grid.index(str(h))
            place = grid.place_at.get(node)
            if place is None or state.control.get(place.name) != SOVIET:
                continue
            if node in fed and not fortress(state, node):
                out.append({"hex": str(h)})
        return out
    return []


def side_of(frame: Frame) -> str:
    return str(frame.vars["side"])


def airlift_hexes(state: SwState) -> list[int]:
    """A12: hexes of Axis units that are out of supply, within five hexes of a German unit in
    supply."""
    from .events import AIRLIFT_RANGE

    m = state.world.map
    german = [
        p.at
        for p in state.on_map(AXIS)
        if state.world.units[p.uid].nation == "GE" and supply.status(state, p.uid) is not None
    ]
    cut = sorted({p.at for p in state.on_map(AXIS) if supply.status(state, p.uid) is None})
    return [n for n in cut if any(m.grid.distance(n, g) <= AIRLIFT_RANGE for g in german)]


def naval_moves(state: SwState) -> list[tuple[str, int]]:
    """A54: an Axis LCU in an Axis-held port, to an Axis-held port of the same sea further
    west with room for it and no Soviet unit."""
    from .stacking import stack_ok

    m, t = state.world.map, state.world.tables
    out = []
    for p in state.on_map(AXIS):
        here = m.place_at.get(p.at)
        if not state.world.units[p.uid].large or here is None or not here.port:
            continue
        if state.control.get(here.name) != AXIS:
            continue
        group = next((g for g in t.sea_groups[AXIS] if here.sea in g), None)
        if group is None:
            continue
        for q in m.places.values():
            if not q.port or q.sea not in group or state.control.get(q.name) != AXIS:
                continue
            if int(q.hex[:2]) >= int(here.hex[:2]):
                continue
            if any(r.side == SOVIET for r in state.occupants(q.node)):
                continue
            if stack_ok(state, q.node, AXIS, joining=p.uid):
                out.append((p.uid, q.node))
    return sorted(out)


def black_sea_hexes(state: SwState) -> list[int]:
    """S10 (A3: the card's reading): from a Soviet-held Black Sea port, the Maritime Army goes
    to an empty Black Sea coast hex east of every Axis-held Black Sea port."""
    m = state.world.map
    p = state.pieces[supply.MARITIME]
    here = m.place_at.get(p.at) if p.box == ON_MAP else None
    ports = supply.black_sea_ports(state)
    if here is None or here not in ports or state.control.get(here.name) != SOVIET:
        return []
    col = max((int(q.hex[:2]) for q in ports if state.control.get(q.name) == AXIS), default=0)
    taken = {q.at for q in state.on_map()}
    return [
        n
        for n in range(m.hex_count)
        if n not in taken
        and int(m.id_of(n)[:2]) > col
        and supply.black_sea_coast(state, n)
        and not ((place := m.place_at.get(n)) is not None and state.control.get(place.name) == AXIS)
    ]


def airborne_hexes(state: SwState, within: int) -> list[int]:
    """S20: land hexes within four hexes of a Soviet Front in full supply, with no unit (a
    partisan stacks with nobody, 9.2.2), in the USSR outside the Baltic States (16.1.1)."""
    m = state.world.map
    fronts = [
        p.at
        for p in state.on_map(SOVIET)
        if _kind(state, p.uid) == "front" and supply.status(state, p.uid) == supply.FULL
    ]
    baltic = m.zones.get("baltic_states", frozenset())
    taken = {p.at for p in state.on_map()}
    out = set()
    for f in fronts:
        for n in range(m.hex_count):
            if n in out or n in taken or n in baltic or not m.is_land(n):
                continue
            if _in_ussr(state, n) and m.grid.distance(f, n) <= within:
                out.add(n)
    return sorted(out)


def apply(state: SwState, frame: Frame, args: dict[str, JSON]) -> None:
    what = str(frame.vars["what"])
    side = str(frame.vars["side"])
    card = frame.vars.get("card")
    grid = state.world.map
    if what == "remove_partisans":
        node = grid.index(str(args["hex"]))
        for p in list(state.occupants(node)):
            if _kind(state, p.uid) == "partisan" and p.uid not in state.active_partisans:
                p.box, p.at = OUT, -1  # 16.1.5: the counter goes back to the pool
        state.moved()
        state.emit("partisans_removed", side=side, hex=grid.id_of(node), card=card)
    elif what in ("reduce_panzer", "refit_panzer"):
        uid = str(args["unit"])
        p = state.pieces[uid]
        p.step = p.step + 1 if what == "reduce_panzer" else 0
        state.moved()
        state.emit("flipped", side=AXIS, unit=uid, step=p.step, card=card)
    elif what == "factors":
        uid = str(args["unit"])
        n = factors_of(state, uid)
        v = frame.vars
        v["done"] = int(str(v.get("done", 0))) + n
        if _kind(state, uid) == "panzer_corps":
            v["done_panzer"] = int(str(v.get("done_panzer", 0))) + n
        p = state.pieces[uid]
        box = str(v.get("to", OTHER_FRONTS))
        was = p.at
        p.box, p.at = box, -1
        state.oos = [u for u in state.oos if u != uid]
        state.unfed = [u for u in state.unfed if u != uid]
        state.moved()
        state.emit("sent_away", side=AXIS, unit=uid, box=box, card=card, hex=grid.id_of(was))
        if v["done"] >= int(str(v.get("factors", 0))):
            v["left"] = 0
            return
    elif what == "airborne":
        node = grid.index(str(args["hex"]))
        from .partisans import place

        uid = place(state, node)
        state.active_partisans.append(uid)
        state.moved()
        state.emit("partisans_activated", side=SOVIET, unit=uid, hex=grid.id_of(node))
    elif what == "opening":  # 23.1.1: the card for a VP, then the rest of the hand
        chosen = str(args["card"])
        state.pile(side, "deck").remove(chosen)
        state.pile(side, "hand").append(chosen)
        delta = -1 if side == AXIS else 1
        state.vp += delta
        # the card joins a hidden hand: its owner alone reads which (fog of war)
        state.emit("first_card", side, side=side, card=chosen, delta=delta, vp=state.vp)
        state.emit("first_card", side=side, delta=delta, vp=state.vp)
        from .cards import draw

        draw(state, side, state.world.tables.hand_start - 1)
    elif what == "lift_trenches":
        hex_id = str(args["hex"])
        del state.trenches[hex_id]
        state.moved()
        state.emit("trench_lifted", side=side, hex=hex_id)
    elif what == "activate":
        from .partisans import activate_at

        activate_at(state, grid.index(str(args["hex"])))
    elif what == "airlift":
        state.this_turn.append(f"airlift:{args['hex']}")
        state.emit("airlift", side=AXIS, hex=str(args["hex"]), card=card)
    elif what == "naval" and args.get("civilians") is True:  # A54 in 1945
        state.vp += 1
        state.emit("vp", card=card, delta=1, vp=state.vp)
        discard = state.pile(AXIS, "discard")
        if isinstance(card, str) and card in discard:
            discard.remove(card)
            state.pile(AXIS, "removed").append(card)
    elif what == "naval":  # A54: shipped west, down to its last step
        uid = str(args["unit"])
        p = state.pieces[uid]
        frm = p.at
        p.at = grid.index(str(args["to"]))
        p.step = len(state.world.units[uid].steps) - 1
        state.moved()
        state.emit("sea_move", side=AXIS, unit=uid, frm=grid.id_of(frm), to=str(args["to"]))
    elif what == "black_sea":
        p = state.pieces[supply.MARITIME]
        frm = p.at
        p.at = grid.index(str(args["to"]))
        state.moved()
        from . import control

        control.enter(state, SOVIET, p.at)
        state.emit("sea_move", side=SOVIET, unit=p.uid, frm=grid.id_of(frm), to=str(args["to"]))
    elif what == "evacuate":
        uid = str(args["unit"])
        p = state.pieces[uid]
        frm = p.at
        p.at = grid.index(str(args["to"]))
        state.moved()
        from . import control

        control.enter(state, AXIS, p.at)
        state.emit("retreat", side=AXIS, unit=uid, frm=grid.id_of(frm), to=str(args["to"]))
        return
    elif what == "uprising":
        node = grid.index(str(args["hex"]))
        from . import control
        from .partisans import place as put

        uid = put(state, node)
        state.active_partisans.append(uid)
        state.moved()
        state.emit("partisans_activated", side=SOVIET, unit=uid, hex=grid.id_of(node))
        control.enter(state, SOVIET, node)
    elif what == "fortress":
        spot = grid.place_at[grid.index(str(args["hex"]))]
        state.forts_built.append(spot.name)
        state.moved()
        state.emit("fortress_built", side=side, place=spot.name, hex=spot.hex, card=card)
    elif what == "cancel_order":
        if args.get("cancel") is True:
            cancel_order(state, side, str(card))
        frame.vars["left"] = 0
        return
    frame.vars["left"] = int(str(frame.vars.get("left", 0))) - 1


def cancel_order(state: SwState, side: str, card: str) -> None:
    """S22 (the Axis pays 1 VP) and A18 (the Soviet pays 1 VP in this and every later OPS
    round of the turn): the no-retreat order is lifted."""
    state.this_turn.append(f"cancel:{card}")
    if side == AXIS:
        state.vp -= 1
        state.emit("vp", card=card, delta=-1, vp=state.vp)
    else:
        state.this_turn.append(f"{SOVIET}:motherland_paid")
    state.emit("order_cancelled", side=side, card=card)


class Pick(Procedure[SwState]):
    name = "pick"

    def decision(self, m: M, state: SwState, frame: Frame) -> Decision | None:
        found = options(state, frame)
        if not found:
            return None
        side = str(frame.vars["side"])
        what = str(frame.vars["what"])
        actions = []
        if frame.vars.get("optional"):
            actions.append(Action(side, "done_picking", {}))
        actions += [Action(side, "pick", dict(a)) for a in found]
        text = PROMPTS.get(what, "Choose")
        return Decision(Prompt(side, "pick", text, {"what": what}), actions)

    def act(self, m: M, state: SwState, frame: Frame, action: Action) -> None:
        if action.verb == "done_picking":
            if not frame.vars.get("optional"):
                raise IllegalAction("this choice must be made")
            frame.vars["left"] = 0
            return
        if action.verb != "pick":
            raise IllegalAction(f"unknown action {action.verb!r}")
        args = dict(action.args)
        if args not in options(state, frame):
            raise IllegalAction("not one of the choices offered")
        apply(state, frame, args)

    def run(self, m: M, state: SwState, frame: Frame) -> None:
        side = str(frame.vars["side"])
        if frame.vars.get("what") == "opening" and not state.pile(side, "hand"):
            from .cards import draw

            draw(state, side, state.world.tables.hand_start)  # 23.1.1 declined
        if frame.vars.get("what") == "evacuate":  # S41: a unit with nowhere to go is lost
            from .combat import eliminate

            node = state.world.map.index(str(frame.vars["hex"]))
            for p in [q for q in state.occupants(node) if q.side == AXIS]:
                eliminate(state, p.uid, False, "no retreat")
        m.end(state)


__all__ = ["OTHER_FRONTS", "Pick", "airborne_hexes", "cancel_order", "options"]
