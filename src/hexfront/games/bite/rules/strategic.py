"""Optional rule 35 (35.0-35.1): the Strategic Warfare Phase and the air war over Germany.

The Strategic Warfare Phase comes before each Production Phase (35.0). Before the Axis
one, the air war over Germany (35.1): the Soviet player sends the Western Allies' strategic
bombers (the British groups from the start, the American air forces as they arrive,
``data/units/others.toml``) over cities of Germany with a working factory, at most two
over one city; the Axis player answers with the Reich's interceptors (FJ2 and FK9, which
never go east) and with any of his fighters based in Germany, each over one raided city,
with no HQ needed. Over each city one round of air-to-air fire is rolled by both at once;
then the German AA fires its six dice at the surviving bombers; then each surviving bomber
rolls its steps at its city's factories, and each hit takes one PP, chosen at random among
what the city makes this turn, from the German income of this Production Phase (surplus
hits are lost). The hit numbers change with the months (``data/tech.toml``, ``[airwar]``).
Hits go to the strongest aircraft first. The Western bombers come back at full strength
every turn, free; the interceptors' lost steps are bought back in the Axis Production
Phase. The convoy attacks of 35.2, before the Soviet Production Phase, are in
``lend_lease.py``. Played only in the Advanced Game, where production comes from the map.

Design choices (``data/strategic_warfare.toml``): in rain, snow and light rain the
air-to-air and AA dice are halved; the bombs never are.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources as files
from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from .. import forces
from ..state import AXIS, ON_MAP, SOVIET, BiteState, Piece
from . import resources
from .basics import apply_hit, eliminate, factories_at
from .level import advanced
from .modifiers import dice_after_mali

M = Machine[BiteState]
STRATEGIC_WARFARE = "or35_strategic_warfare"
INTERCEPTORS = "interceptors"  # state.flags: {unit id: strength} of the Reich's interceptors
DAMAGE = "airwar_damage"  # state.flags: [[hex id, colour], ...] PP lost this Axis phase
PENDING = "strategic_warfare"  # the Production Phase's frame variable while the war runs


@cache
def airwar_data() -> dict[str, Any]:
    text = files.files("hexfront.games.bite").joinpath("data/strategic_warfare.toml")
    found: dict[str, Any] = tomllib.loads(text.read_text())["airwar"]
    return found


def _table() -> dict[str, Any]:
    found: dict[str, Any] = forces.tech_chart().extras["airwar"]
    return found


def _by_turn(pairs: list[list[int]], turn: int) -> int:
    """The value of ``[from_turn, value]`` pairs in force in ``turn``."""
    value = pairs[0][1]
    for start, v in pairs:
        if start <= turn:
            value = v
    return value


def hit_numbers(turn: int) -> dict[str, int]:
    """35.1: the lowest die face that hits, for each fire of the air war in ``turn``."""
    t = _table()
    return {
        "bombers_a2a": _by_turn(t["western_bombers_a2a"], turn),
        "fighters_a2a": _by_turn(t["german_interceptors_a2a"], turn),
        "aa": _by_turn(t["german_aa_hit"], turn),
        "bombs": _by_turn(t["western_bombers_a2g"], turn),
    }


def played(state: BiteState) -> bool:
    return state.options.get(STRATEGIC_WARFARE) is True and advanced(state)


def western_bombers(state: BiteState) -> list[str]:
    """The Western Allies' strategic bombers flying this month (their arrival months)."""
    return sorted(
        u.id
        for u in forces.load_units()
        if u.side == "western"
        and u.cls == "strategic_bomber"
        and (u.arrival_turn is None or u.arrival_turn <= state.turn)
    )


def interceptor_ids() -> list[str]:
    return sorted(u.id for u in forces.load_units() if "interceptor" in u.abilities)


def interceptor_strengths(state: BiteState) -> dict[str, int]:
    """The interceptors' strength now: full until the air war has hit them."""
    found = state.flags.get(INTERCEPTORS)
    kept = cast(dict[str, int], found) if isinstance(found, dict) else {}
    return {uid: int(kept.get(uid, forces.unit(uid).ladder[0])) for uid in interceptor_ids()}


def targets(state: BiteState) -> list[int]:
    """35.1: Axis-held cities of Germany's 1941 land with a working factory."""
    country = str(airwar_data()["country"])
    board = state.w.board
    out = []
    for c in resources.centres(state):
        if c.owner != country or state.control[c.node] != AXIS:
            continue
        if board.owner_1941[c.node] != country:
            continue
        working, _shipyard = factories_at(state, c.node)
        if any(colour in working for colour, _pp in c.factories):
            out.append(c.node)
    return sorted(out)


def wants_airwar(state: BiteState) -> bool:
    """35.0: the Axis Production Phase opens with the air war when the rule is played,
    Germany fights on and the Western bombers have a target."""
    return (
        played(state)
        and state.phasing == AXIS
        and "germany" not in state.surrendered
        and bool(western_bombers(state))
        and bool(targets(state))
    )


def _home_fighters(state: BiteState) -> list[Piece]:
    """German fighters based in Germany (35.1: they may defend the Reich)."""
    board = state.w.board
    country = str(airwar_data()["country"])
    out = []
    for p in state.pieces.values():
        if p.status != ON_MAP or p.side != AXIS or p.oos:
            continue
        spec = state.spec(p)
        if spec.cls != "fighter" or spec.nation != "germany" or state.strength(p) <= 0:
            continue
        if board.owner_1941[p.node] == country:
            out.append(p)
    return sorted(out, key=lambda p: p.handle)


def _pp_at(state: BiteState, node: int) -> int:
    return sum(resources.own_output(state, node).values())


class Airwar(Procedure[BiteState]):
    """35.1: the bombers' targets (Soviet player), the interceptions (Axis player), then
    the fire. Frame variables: ``raids`` {bomber: hex}, ``home`` (bombers kept back),
    ``defenders`` (interceptor ids and the handles of German fighters in Germany) and
    ``sent`` {defender: hex, or "" to stay}."""

    name = "airwar"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.emit("strategic_warfare", turn=state.turn)
        for uid in (*western_bombers(state), *interceptor_ids()):
            piece = state.pieces.get(uid)
            if piece is not None:
                piece.seen = True  # 35.1: fought in the open, commanded by the Soviets
        defenders: list[JSON] = [u for u, s in interceptor_strengths(state).items() if s > 0]
        defenders += [p.handle for p in _home_fighters(state)]
        frame.vars.update(raids={}, home=False, defenders=defenders, sent={})

    def _raids(self, frame: Frame) -> dict[str, str]:
        return cast(dict[str, str], frame.vars["raids"])

    def _next_bomber(self, state: BiteState, frame: Frame) -> str | None:
        if frame.vars.get("home"):
            return None
        raids = self._raids(frame)
        return next((b for b in western_bombers(state) if b not in raids), None)

    def _next_defender(self, frame: Frame) -> str | None:
        sent = cast(dict[str, str], frame.vars["sent"])
        for key in cast(list[str], frame.vars["defenders"]):
            if key not in sent:
                return key
        return None

    def _defender_piece(self, state: BiteState, key: str) -> Piece | None:
        if key in state.pieces and key in interceptor_ids():
            return None  # an interceptor: no block on the map
        return next((p for p in state.pieces.values() if p.handle == key), None)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        board = state.w.board
        bomber = self._next_bomber(state, frame)
        if bomber is not None:
            raids = self._raids(frame)
            cap = int(airwar_data()["max_per_target"])
            actions = []
            for node in targets(state):
                hex_id = board.id_of(node)
                if sum(1 for h in raids.values() if h == hex_id) < cap:
                    args: dict[str, JSON] = {"unit": bomber, "hex": hex_id}
                    args["pp"] = _pp_at(state, node)
                    args["name"] = forces.unit(bomber).name
                    actions.append(Action(SOVIET, "raid", args))
            actions.append(Action(SOVIET, "done"))
            text = (
                "Air war over Germany (35.1): send this Western bomber over a German "
                "factory city (at most two bombers a city), or keep the rest at home."
            )
            data: dict[str, JSON] = {"unit": bomber, "raids": dict(raids)}
            return Decision(Prompt(SOVIET, "airwar_targets", text, data), actions)
        if not self._raids(frame):
            return None
        key = self._next_defender(frame)
        if key is None:
            return None
        piece = self._defender_piece(state, key)
        uid = key if piece is None else piece.uid
        named = forces.unit(uid).name
        hexes = sorted(set(self._raids(frame).values()))
        acts = [Action(AXIS, "intercept", {"unit": uid, "hex": h, "name": named}) for h in hexes]
        acts.append(Action(AXIS, "stay", {"unit": uid, "name": named}))
        text = (
            "Air war over Germany (35.1): send this fighter against the bombers over one "
            "of the raided cities, or keep it out of the fight."
        )
        counts: dict[str, JSON] = {
            h: sum(1 for x in self._raids(frame).values() if x == h) for h in hexes
        }
        return Decision(
            Prompt(AXIS, "airwar_interceptors", text, {"unit": uid, "raids": counts}), acts
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        if action.verb == "done":
            frame.vars["home"] = True
            return
        if action.verb == "raid":
            self._raids(frame)[str(action.args["unit"])] = str(action.args["hex"])
            uid = str(action.args["unit"])
            state.emit(
                "airwar_raid", unit=uid, name=forces.unit(uid).name, hex=str(action.args["hex"])
            )
            return
        key = self._next_defender(frame)
        assert key is not None  # the decision listed this defender
        sent = cast(dict[str, str], frame.vars["sent"])
        sent[key] = str(action.args["hex"]) if action.verb == "intercept" else ""

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        resolve(state, self._raids(frame), cast(dict[str, str], frame.vars["sent"]))
        m.end(state)


def _strongest(strengths: dict[str, int]) -> str | None:
    """The strongest aircraft left (the first in id order among equals): it takes the hit."""
    alive = sorted((-s, k) for k, s in strengths.items() if s > 0)
    return alive[0][1] if alive else None


def resolve(state: BiteState, raids: dict[str, str], sent: dict[str, str]) -> None:
    """35.1: the air-to-air round over each raided city, the AA, then the bombs."""
    if not raids:
        state.emit("airwar_quiet")
        return
    board = state.w.board
    hits = hit_numbers(state.turn)
    mali = 1 if state.weather in airwar_data()["malus_weather"] else 0
    bombers = {b: forces.unit(b).ladder[0] for b in raids}  # free repair every turn
    keep = interceptor_strengths(state)
    by_handle = {p.handle: p for p in state.pieces.values() if p.status == ON_MAP}
    for hex_id in sorted(set(raids.values())):
        over = {b: bombers[b] for b, h in raids.items() if h == hex_id}
        guards = [k for k, h in sent.items() if h == hex_id]
        strength = {
            k: keep[k] if k in keep else state.strength(by_handle[k])
            for k in guards
            if k in keep or k in by_handle
        }
        if not strength:
            state.emit("airwar_unopposed", hex=hex_id, bombers=len(over))
            continue
        b_dice = dice_after_mali(sum(over.values()), mali)
        f_dice = dice_after_mali(sum(strength.values()), mali)
        b_faces = state.dice.roll(b_dice, "air war: bombers fire at fighters", state.log, by=SOVIET)
        f_faces = state.dice.roll(f_dice, "air war: fighters fire at bombers", state.log, by=AXIS)
        on_fighters = sum(1 for f in b_faces if f >= hits["bombers_a2a"])
        on_bombers = sum(1 for f in f_faces if f >= hits["fighters_a2a"])
        for _ in range(on_bombers):
            top = _strongest(over)
            if top is None:
                break
            over[top] -= 1
            bombers[top] -= 1
        for _ in range(on_fighters):
            top = _strongest(strength)
            if top is None:
                break
            strength[top] -= 1
            if top in keep:
                keep[top] -= 1
            else:
                _hit_home_fighter(state, by_handle[top])
        state.emit(
            "airwar_air_combat",
            hex=hex_id,
            bombers=len(over),
            fighters=len(strength),
            bomber_hits=on_bombers,
            fighter_hits=on_fighters,
        )
    state.flags[INTERCEPTORS] = dict(sorted(keep.items()))
    aa = dice_after_mali(int(_table()["german_aa_dice"]), mali)
    faces = state.dice.roll(aa, "air war: German AA", state.log, by=AXIS)
    aa_hits = sum(1 for f in faces if f >= hits["aa"])
    for _ in range(aa_hits):
        top = _strongest(bombers)
        if top is None:
            break
        bombers[top] -= 1
    state.emit("airwar_aa", hits=aa_hits)
    lost: list[JSON] = []
    for bomber in sorted(raids):
        if bombers[bomber] <= 0:
            continue
        hex_id = raids[bomber]
        node = board.node(hex_id)
        faces = state.dice.roll(bombers[bomber], "air war: bombs", state.log, by=SOVIET)
        bomb_hits = sum(1 for f in faces if f >= hits["bombs"])
        made = resources.own_output(state, node)
        for row in lost:
            if isinstance(row, list) and row[0] == hex_id:
                made[str(row[1])] = made.get(str(row[1]), 0) - 1
        boxes = [c for c in ("yellow", *resources.COLOURS) for _ in range(max(made.get(c, 0), 0))]
        taken: dict[str, int] = {}
        for _ in range(min(bomb_hits, len(boxes))):
            colour = boxes.pop(state.dice.below(len(boxes)))
            taken[colour] = taken.get(colour, 0) + 1
            lost.append([hex_id, colour])
        state.emit(
            "airwar_bombs",
            unit=bomber,
            name=forces.unit(bomber).name,
            hex=hex_id,
            hits=bomb_hits,
            yellow=taken.get("yellow", 0),
            red=taken.get("red", 0),
            blue=taken.get("blue", 0),
            black=taken.get("black", 0),
            white=taken.get("white", 0),
        )
    if lost:
        state.flags[DAMAGE] = lost


def _hit_home_fighter(state: BiteState, piece: Piece) -> None:
    result = apply_hit(state, piece)
    if result == "eliminated":
        eliminate(state, piece, "shot down over Germany by Western bombers (35.1)")
    else:
        state.emit(
            "hit", audience=AXIS, unit=piece.uid, result=result, strength=state.strength(piece)
        )


def apply_damage(state: BiteState) -> None:
    """35.1: the bombed PP are taken from Germany's income of this phase (as far as it
    holds them: a city cut off gave nothing to lose)."""
    found = state.flags.pop(DAMAGE, None)
    if not isinstance(found, list):
        return
    board = state.w.board
    main = state.w.main_sources.get("germany")
    net = resources.connected(state, AXIS, main, mined=True) if main is not None else frozenset()
    taken: dict[str, int] = {}
    for row in found:
        hex_id, colour = str(row[0]), str(row[1])
        if board.node(hex_id) not in net:
            continue
        if colour == "yellow":
            if state.pp.get("germany", 0) <= 0:
                continue
            state.pp["germany"] -= 1
        else:
            mine = resources.pool(state, "germany")
            if mine.get(colour, 0) <= 0:
                continue
            mine[colour] -= 1
        taken[colour] = taken.get(colour, 0) + 1
    state.emit(
        "airwar_losses",
        yellow=taken.get("yellow", 0),
        red=taken.get("red", 0),
        blue=taken.get("blue", 0),
        black=taken.get("black", 0),
        white=taken.get("white", 0),
    )


# --- the interceptors' repair (35.1) ------------------------------------------------------------


def repair_actions(state: BiteState, side: str) -> list[Action]:
    """35.1: the Axis buys back the interceptors' lost steps in its Production Phase, a
    step at a time (``data/strategic_warfare.toml``)."""
    if side != AXIS or not played(state):
        return []
    cost = int(airwar_data()["interceptor_step_pp"])
    if state.pp.get("germany", 0) < cost or resources.coloured(state, "germany", "blue") < cost:
        return []
    out = []
    for uid, strength in interceptor_strengths(state).items():
        if strength < forces.unit(uid).ladder[0]:
            args: dict[str, JSON] = {"unit": uid, "pp": cost, "colour": "blue"}
            args["name"] = forces.unit(uid).name
            out.append(Action(AXIS, "repair_interceptor", args))
    return out


def repair(state: BiteState, action: Action) -> None:
    uid = str(action.args["unit"])
    cost = int(cast(int, action.args["pp"]))
    state.pp["germany"] -= cost
    resources.pay(state, "germany", "blue", cost, AXIS)
    keep = interceptor_strengths(state)
    keep[uid] += 1
    state.flags[INTERCEPTORS] = dict(sorted(keep.items()))
    # 1.3: a repair is the owner's secret, as for any block (the Soviets see the PP spent).
    state.emit(
        "interceptor_repaired",
        audience=AXIS,
        unit=uid,
        name=forces.unit(uid).name,
        strength=keep[uid],
    )
    state.emit("pp_spent", side=AXIS, pp=cost)


def table(state: BiteState) -> dict[str, JSON]:
    """The strategic war as the view shows it: how many Western bombers fly this month,
    the interceptors' strengths and the month's hit numbers (public, 35.1; no block is
    named here, so the view says nothing before the air war shows them)."""
    return {
        "western_bombers": len(western_bombers(state)),
        "interceptors": cast(JSON, list(interceptor_strengths(state).values())),
        "hits": cast(JSON, hit_numbers(min(max(state.turn, 1), forces.LAST_TURN))),
    }
