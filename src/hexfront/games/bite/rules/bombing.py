"""Optional rule 32 (32.0-32.3): strategic bombing of factories, centres, ports and rail
stations, in a Strategic Warfare step at the start of the phasing player's turn (7.1).

Design choices (``data/economy.toml`` ``[strategic_bombing]``; digest A.5 calls 32.0's
roles confused): the phasing player bombs, one bomber a mission, with supplied bombers
that are TECH 2 or better (normal bombers) or strategic bombers, over an enemy-held city
within the bomber's range; no mission in rain (9.3). The defender's anti-aircraft fire
(dice and hit faces by his infantry TECH) hits the raid first; then the bomber fires
one round at the target: its steps as dice (halved for normal bombers at TECH 2, halved
again in bad weather, at least one die) hitting on its air-to-ground firepower. A bomber
that bombed stays at its base for the rest of the turn (the Movement Phase skips it).
Before the AA fire the bomber's escorts and the defender's interceptors fight one round in
the air (``raids.py``): the phasing player may send fighters in range with the bomber (at
most one: two aircraft a side, 3.10), the defender fighters in range of the city (never
bombers, 32.0); hits on the raid, from the fighters and then from the AA, fall on the
escorts first, sparing the bomber (32.0); the escorts too stay home for the turn.

The Italian 2.x rulebook (version switch ``strategic_bombing_in_movement``) plays 32.0
otherwise: the active player sends his bombers in the air stage of his Movement Phase
(``movement.py`` offers the missions with the other air missions; no Strategic Warfare
step), a normal TECH 2 bomber bombs at full strength over a target its side scouted from
the air this turn (19.1; halved without it, and never halved when rule 19 is not played,
as 19.0's Malus), and the raid meets the place's own anti-aircraft dice (7.7.2: city or
fortification) instead of the table by infantry TECH (design choices for the 2.x text,
which names no AA dice).

The damage (``factories.py``) lasts until the end of the owner's next turn: a factory or
centre makes 1 PP less a hit in its owner's next Production Phase (10 hits in one
attack destroy the city's factories for good); a port with a hit takes no sea moves and
with 3 carries no PP; a rail station with hits costs its side one rail move a hit and
no rail move passes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from .. import forces
from ..state import ON_MAP, SOVIET, BiteState, Piece, enemy_of
from ..types import side_of
from ..versions import differs
from . import factories, infrastructure, raids, resources
from .basics import FACTORIES_DESTROYED, factories_at, is_frozen
from .combat import city_aa
from .level import advanced, surprise_turn
from .modifiers import BattleContext
from .optional_rules import RECON, rule_on
from .recon import reconned

M = Machine[BiteState]
TARGETS = ("factory", "centre", "port", "rail")
FLOWN = factories.FLOWN
SHOT_DOWN = "shot down by anti-aircraft fire over its target (32.0)"


def _rules() -> Mapping[str, object]:
    return cast(Mapping[str, object], infrastructure.economy_data()["strategic_bombing"])


def bombing_on(state: BiteState) -> bool:
    return advanced(state) and factories.rule_on(state, factories.STRATEGIC_BOMBING)


def in_movement(state: BiteState) -> bool:
    """32.0, Italian 2.x: the bombers fly in the active player's Movement Phase."""
    return differs(state.options, "strategic_bombing_in_movement")


def may_bomb(state: BiteState, piece: Piece) -> bool:
    """32.0: a supplied bomber, at TECH 2 or better unless it is a strategic bomber."""
    spec = state.spec(piece)
    if spec.cls not in ("bomber", "strategic_bomber") or piece.oos or is_frozen(state, piece):
        return False
    if piece.handle in factories.flown(state):
        return False
    if in_movement(state) and (
        piece.moved or piece.base >= 0 or (piece.side == SOVIET and surprise_turn(state))
    ):
        return False  # its mission of the turn flown (7.5.2); Barbarossa Surprise
    if spec.cls == "strategic_bomber":
        return True
    return state.profile(piece).tech >= int(cast(int, _rules()["min_bomber_tech"]))


def targets_at(state: BiteState, node: int) -> list[str]:
    """32.0: what can be bombed in a city: working factories (new plants too), a
    population, mining or oil centre, a port, and its rail station (every city)."""
    site = state.w.site(node)
    if site is None or not site.is_city:
        return []
    out: list[str] = []
    working, shipyard = factories_at(state, node)
    if working or shipyard or factories.placed_at(state, node):
        out.append("factory")
    if any(c.node == node and (c.yellow or c.black) for c in resources.centres(state)):
        out.append("centre")
    if site.port is not None:
        out.append("port")
    out.append("rail")
    return out


def missions(state: BiteState, side: str) -> list[Action]:
    """Every bomber's missions: (unit, city, target)."""
    if state.weather == "rain":
        return []  # 9.3: no air missions in rain
    board = state.w.board
    enemy = enemy_of(side)
    cities = [n for n, s in sorted(board.sites.items()) if s.is_city and state.control[n] == enemy]
    out: list[Action] = []
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        if not may_bomb(state, p):
            continue
        reach = state.profile(p).range
        for node in cities:
            if board.distance(p.node, node) > reach:
                continue
            for target in targets_at(state, node):
                args: dict[str, JSON] = {"unit": p.uid, "hex": board.id_of(node)}
                args["target"] = target
                out.append(Action(side, "bomb", args))
    return out


def _defender_tech(state: BiteState, side: str) -> int:
    """32.0: the defender's infantry TECH (his leading power's, design choice)."""
    power = "ussr" if side == SOVIET else "germany"
    try:
        return forces.tech_level(power, "infantry", state.turn)
    except ValueError:
        return 1


def aa_fire(state: BiteState, defender: str) -> tuple[int, int]:
    """32.0: the AA dice and the lowest face that hits, by the defender's infantry TECH."""
    tech = str(_defender_tech(state, defender))
    dice = cast(Mapping[str, int], _rules()["aa_dice"])
    faces = cast(Mapping[str, int], _rules()["aa_hits_from"])
    return int(dice[tech]), int(faces[tech])


def raid_aa(state: BiteState, side: str, node: int) -> list[tuple[int, int]]:
    """The anti-aircraft fire over a raid: (dice, lowest face that hits) per group. 32.0's
    table by the defender's infantry TECH; under the Italian 2.x rules, which have no such
    table, the place's own AA dice of a battle there (7.7.2; design choice)."""
    enemy = enemy_of(side)
    if not in_movement(state):
        return [aa_fire(state, enemy)]
    ctx = BattleContext(node, side_of(side), enemy, 1)
    return [(dice, face) for _label, dice, face in city_aa(state, ctx)]


def bomb_dice(state: BiteState, piece: Piece, node: int = -1) -> int:
    """32.0: the bomber's steps, halved for a normal bomber at TECH 2 and halved again in
    bad weather (the weather's Malus, 7.7.7), never below one die. Under the Italian 2.x
    rules the TECH 2 bomber is not halved over a target ``node`` its side scouted this
    turn (19.1), nor when rule 19 is not played."""
    dice = state.strength(piece)
    spec = state.spec(piece)
    if spec.cls == "bomber" and state.profile(piece).tech == 2 and not _scouted(state, piece, node):
        dice //= 2
    if state.weather != "good":
        dice //= 2
    return max(1, dice)


def _scouted(state: BiteState, piece: Piece, node: int) -> bool:
    """32.0, Italian 2.x: a TECH 2 bomber needs an air reconnaissance of its target for
    full strength; without rule 19 nobody scouts, and the need is waived (as 19.0's)."""
    if not in_movement(state):
        return False
    if not rule_on(state, RECON):
        return True
    return node >= 0 and reconned(state, node, piece.side)


def fly(state: BiteState, action: Action) -> raids.Raid:
    """A mission declared: the bomber takes off (it flies no more this turn); the raid
    then waits for its escorts and the defender's interceptors (``raids.py``)."""
    side = action.side
    piece = state.pieces[str(action.args["unit"])]
    node = state.w.board.node(str(action.args["hex"]))
    target = str(action.args["target"])
    site = state.w.site(node)
    city = site.name if site is not None else str(action.args["hex"])
    state.emit("bombing", side=side, handle=piece.handle, city=city, target=target)
    if in_movement(state):  # Italian 2.x: its air mission of the Movement Phase (7.5.2)
        piece.moved = True
        flown: list[str] = []
    else:
        flown = sorted({*factories.flown(state), piece.handle})
        state.flags[factories.FLOWN] = cast(JSON, flown)
    raid = raids.new_raid(state, raids.BOMBING, piece.side, node, piece)
    raid.update(target=target, flown=cast(JSON, flown))
    raids.update_stage(state, raid)
    return raid


def finish(state: BiteState, raid: raids.Raid, interceptors: list[Piece]) -> None:
    """One mission: the fight in the air, the AA fire, then one round of bombs, then the
    damage."""
    side = str(raid["side"])
    enemy = enemy_of(side)
    piece = raids.carrier(state, raid)
    assert piece is not None  # the bomber flies the raid
    node = state.w.board.node(str(raid["hex"]))
    target = str(raid["target"])
    site = state.w.site(node)
    city = site.name if site is not None else str(raid["hex"])
    escorts = raids.escorts(state, raid)
    if escorts and not in_movement(state):
        # 32.0: they flew with the bomber and stay home for the turn as well (in the
        # Movement Phase of the Italian rules their mission is marked when they join)
        flown = sorted({*factories.flown(state), *(p.handle for p in escorts)})
        state.flags[factories.FLOWN] = cast(JSON, flown)
    raids.fight(state, raid, interceptors)
    aa_hits = 0
    for dice, face in raid_aa(state, side, node):
        rolled = state.dice.roll(dice, "bombing_aa", state.log, by=enemy)
        aa_hits += sum(1 for f in rolled if f >= face)
    raids.hit_in_order(state, raids.shield(state, raid), aa_hits, SHOT_DOWN)
    if piece.status != ON_MAP:
        return  # shot down: the bombs never fall
    firepower = state.profile(piece).a2g or 6
    faces = state.dice.roll(bomb_dice(state, piece, node), "bombing", state.log, by=side)
    hits = sum(1 for f in faces if f >= firepower)
    state.emit("bomb_hits", city=city, target=target, hits=hits, side=side)
    if hits <= 0:
        return
    # 32.0: repaired at the end of the owner's next turn
    last = state.turn if enemy == SOVIET else state.turn + 1
    if target == "factory":
        # 32.1: 10 hits in one attack (design choice: every raid of this step on the same
        # city's factories is one attack) destroy them for good
        earlier = sum(
            d.hits
            for d in factories.damage(state)
            if d.node == node and d.target == target and d.owner == enemy and d.last_turn == last
        )
        if earlier + hits >= int(cast(int, _rules()["factory_destroyed_at"])):
            _destroy_factories(state, node, city)
            return
    factories.add_damage(state, factories.Damage(node, target, hits, enemy, last))


def _destroy_factories(state: BiteState, node: int, city: str) -> None:
    destroyed = state.flags.setdefault(FACTORIES_DESTROYED, [])
    assert isinstance(destroyed, list)
    if city not in destroyed:
        destroyed.append(city)
    rows = factories.plants(state)
    factories.store(state, [p for p in rows if p.node != node])
    state.emit("factories_bombed_out", city=city)


class StrategicBombing(Procedure[BiteState]):
    """32.0: the phasing player's Strategic Warfare step (called by the Supply Phase)."""

    name = "strategic_bombing"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.flags.pop(factories.FLOWN, None)
        factories.prune_damage(state)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        raid = frame.vars.get(raids.RAID)
        if isinstance(raid, dict):  # a mission waits for its escorts and interceptors
            return raids.decision(state, raid)
        side = state.phasing
        if frame.vars.get("done"):
            return None
        actions = missions(state, side)
        if not actions:
            return None
        actions.append(Action(side, "done"))
        text = (
            "Strategic bombing (32.0): send a bomber against an enemy factory, centre, "
            "port or rail station in its range, facing his anti-aircraft fire; then done."
        )
        return Decision(Prompt(side, "strategic_bombing", text, {}), actions)

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        if action.verb == "done" and not isinstance(frame.vars.get(raids.RAID), dict):
            frame.vars["done"] = True
            return
        raids.step(state, frame.vars, action, fly, finish)

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        m.end(state)


def flown_handles(state: BiteState) -> frozenset[str]:
    """The bombers that bombed this turn (kept home by the Movement Phase)."""
    return factories.take_flown(state)
