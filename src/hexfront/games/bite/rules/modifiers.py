"""Combat modifiers (7.7.6, 7.7.7, BOX 1): Bonus, Malus, and merging dice.

A Bonus widens the hit range by one face (6 -> 5-6 -> 4-6); a Malus halves the dice,
rounding down, never below one die (3.16, 3.17). Modifiers add up. Units that share the
same number of Mali in one firing may merge their dice: the halving then applies to
their summed steps, and any die gained goes to the weakest of them (7.7.7).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import CLEAR, FORTRESS
from ..charts import charts
from ..state import AXIS, BiteState, Piece
from ..types import Node, Side
from ..versions import differs
from .landing_marks import first_round_malus, landing_defence_bonus
from .level import advanced, surprise_turn
from .optional_rules import (
    GUSTAV,
    LIGHT_RAIN,
    TERRAIN,
    light_rain_older,
    mountain_clause_absent,
    rule_on,
    winter_malus,
)
from .recon import recon_malus

ROUGH = frozenset({"forest", "hills", "mountains", "swamp"})

# Combat steps (7.7).
A2A = "a2a"
AA = "aa"
A2G = "a2g"
ARTILLERY = "artillery"
GROUND = "ground"


@dataclass(frozen=True, slots=True)
class Mods:
    mali: int = 0
    boni: int = 0


@dataclass(frozen=True, slots=True)
class BattleContext:
    """What the modifiers need to know about a battle."""

    node: Node
    attacker: Side
    defender: Side
    round: int
    blitz: bool = False


def _crossed(state: BiteState, piece: Piece, ctx: BattleContext) -> tuple[bool, bool]:
    """Whether an attacking ground unit came in across a river, or across a red arrow."""
    board = state.w.board
    src = piece.came_from
    if src < 0:
        return False, False
    red = board.is_red_arrow(src, ctx.node)
    river = not red and board.river_between(src, ctx.node) is not None
    return river, red


def rivers_frozen(state: BiteState) -> bool:
    return state.weather == "snow"  # 9.3: snow freezes the rivers


FORTRESSES_LOST = "fortresses_lost"  # state.flags key: names of fallen fortresses (BOX 1)
BUNKERS_DESTROYED = "bunkers_destroyed"  # state.flags key: names of fallen bunkers (BOX 1)


def fortification(state: BiteState, node: Node) -> str | None:
    """ "fortress", "bunker" or None: captured fortresses become bunkers (BOX 1)."""
    site = state.w.board.sites.get(node)
    if site is None:
        return None
    destroyed = state.flags.get(BUNKERS_DESTROYED, [])
    lost = state.flags.get(FORTRESSES_LOST, [])
    assert isinstance(destroyed, list)
    assert isinstance(lost, list)
    if site.type == FORTRESS and site.name not in lost:
        return "fortress"
    if (
        site.bunker or (site.type == FORTRESS and site.name in lost)
    ) and site.name not in destroyed:
        return "bunker"
    return None


def fortification_falls(state: BiteState, node: Node, side: str) -> None:
    """BOX 1: a fortress that falls into enemy hands is a bunker from then on, and a bunker
    that falls is destroyed, for good. Called on every change of hands (3.3): a battle won,
    an empty hex entered or passed, a retreat, a blitz, or the front rule (3.1)."""
    fort = fortification(state, node)
    site = state.w.board.sites.get(node)
    if fort is None or site is None:
        return
    key = FORTRESSES_LOST if fort == "fortress" else BUNKERS_DESTROYED
    fallen = state.flags.setdefault(key, [])
    assert isinstance(fallen, list)
    fallen.append(site.name)
    state.emit(
        "fortification_lost",
        city=site.name,
        was=fort,
        now=fortification(state, node) or "",
        side=side,
        hex=state.w.board.id_of(node),
    )


def modifiers(
    state: BiteState, piece: Piece, ctx: BattleContext, step: str, *, as_aa: bool = False
) -> Mods:
    """The Bonus and Malus count of one unit firing in one combat step."""
    if step == A2A:
        mods = _weather_air(state, piece, ctx)
        return _surprise(state, piece, ctx, step, mods) if surprise_turn(state) else mods
    spec = state.spec(piece)
    attacking = piece.side == ctx.attacker
    board = state.w.board
    terrain = board.terrain[ctx.node]
    site = board.sites.get(ctx.node)
    fort = fortification(state, ctx.node)
    mali = boni = 0
    gustav = "gustav" in spec.traits and rule_on(state, GUSTAV)  # 26.0
    terrain14 = rule_on(state, TERRAIN)
    if attacking:
        if spec.is_combat and step in (GROUND, AA):
            # BOX 1: rough terrain and major cities hinder attacking combat units and their AA.
            # 6.1.2: not mountain units in hills and mountains; 14.0: their AA fire is.
            mountain_exempt = spec.cls == "mountain" and terrain in ("hills", "mountains")
            if terrain14 and step == AA and not mountain_clause_absent(state):
                mountain_exempt = False
            if terrain in ROUGH and not mountain_exempt:
                mali += 1
            if terrain14 and spec.is_armor and terrain == "swamp" and not rivers_frozen(state):
                mali += 1  # 14.0: armour attacking into an unfrozen swamp
            if site is not None and site.is_major:
                mali += 1
            # BOX 1: crossings cost a Malus in the first round (Italian 2.x: in every round).
            first = ctx.round == 1 or differs(state.options, "crossing_malus_every_round")
            if first and not rivers_frozen(state):
                river, red = _crossed(state, piece, ctx)
                mali += 1 if river else 0
            if first:
                _, red = _crossed(state, piece, ctx)
                mali += 2 if red else 0
            if step == GROUND and ctx.round == 1 and not ctx.blitz:
                mali += first_round_malus(state, piece, ctx.node)  # 23.0, 24.0
            ski = spec.nation == "finland" and "ski" in spec.traits and step == GROUND
            if ski and terrain in ("forest", "swamp") and ctx.node in board.zone("faz"):
                boni += 1  # 5.5: ski corps attacking in the Finnish attack zone
        # Fortresses and bunkers hinder every attacking unit, air included (BOX 1).
        if fort is not None and not gustav and step in (GROUND, AA, ARTILLERY, A2G):
            mali += 2 if fort == "fortress" else 1
        if fort is not None and gustav and step == ARTILLERY:
            boni += gustav_boni(state, piece)  # 26.0
    elif spec.is_combat and step == GROUND:
        # Defending combat units (never their AA) gain the position's Boni.
        if site is not None and site.is_major:
            boni += 1
        if fort is not None:
            boni += 2 if fort == "fortress" else 1
        if ctx.round == 1:
            boni += _all_attackers_crossed(state, ctx)
            if not ctx.blitz:
                boni += landing_defence_bonus(state, ctx.node, ctx.attacker)  # 24.0
        if spec.cls == "mountain" and terrain in ("hills", "mountains"):
            boni += 1  # 6.1.2
        finn = spec.nation == "finland" and terrain in ("forest", "swamp")
        if finn and ctx.node in board.zone("faz"):
            boni += 1  # 5.5
    w = _weather_ground(state, piece, ctx, step, attacking)
    mali += w.mali
    boni += w.boni
    mali += winter_malus(state, piece)  # 33.0
    if spec.elite and advanced(state):
        boni += _elite_bonus(spec.cls, step, attacking)
    mods = Mods(mali, boni)
    if surprise_turn(state):
        mods = _surprise(state, piece, ctx, step, mods)
    if attacking and step in (A2G, ARTILLERY) and ctx.round == 1:
        # 19.0: without a good air reconnaissance of the hex, attacking air units and
        # guns fire with one Malus in the first round (the surprise does not lift it).
        mods = Mods(mods.mali + recon_malus(state, piece, ctx.node), mods.boni)
    return _net(state, mods)


def _surprise(state: BiteState, piece: Piece, ctx: BattleContext, step: str, mods: Mods) -> Mods:
    """Barbarossa Surprise (SBE5, SBE9, turn 1): no Soviet unit has any Bonus; attacking
    Axis units have no Malus (air recon's, optional rule 19, would stay); German artillery
    and attacking Axis air units fire with one more Bonus in the first round."""
    if piece.side != AXIS:
        return Mods(mods.mali, 0)
    if piece.side != ctx.attacker:
        return mods
    spec = state.spec(piece)
    boni = mods.boni
    if ctx.round == 1:
        german_guns = spec.nation == "germany" and step == ARTILLERY
        if german_guns or (spec.is_air and step in (A2A, A2G)):
            boni += 1
    return Mods(0, boni)


def gustav_boni(state: BiteState, piece: Piece) -> int:
    """26.0: the Gustav fires at fortifications with one Bonus, two once the German infantry
    reaches TECH 3 (hitting on 3-6)."""
    return 2 if state.profile(piece).tech >= 3 else 1


def _elite_bonus(cls: str, step: str, attacking: bool) -> int:
    """10.0: Guards, Grossdeutschland, Hermann Goering and the SS fire with a Bonus when
    they attack (air Guards in their air-to-ground fire); marines and the German airborne
    divisions when they defend, their AA fire included."""
    chart = charts()
    if cls in chart.elite_defending_classes:
        return chart.elite_bonus if not attacking and step in (GROUND, AA) else 0
    return chart.elite_bonus if attacking and step in (GROUND, A2G) else 0


def _all_attackers_crossed(state: BiteState, ctx: BattleContext) -> int:
    """BOX 1: +1 to defending combat units when every attacking ground unit crossed a
    river (first round, rivers not frozen) or a red arrow."""
    attackers = [
        p for p in state.at(ctx.node) if p.side == ctx.attacker and state.spec(p).is_ground
    ]
    if not attackers:
        return 0
    crossings = [_crossed(state, p, ctx) for p in attackers]
    if all(red for _, red in crossings):
        return 1
    if not rivers_frozen(state) and all(river or red for river, red in crossings):
        return 1
    return 0


def _snow_exempt(state: BiteState, piece: Piece) -> bool:
    spec = state.spec(piece)
    return spec.nation in ("ussr", "finland") or (spec.cls == "mountain" and spec.side == AXIS)


def _weather_air(state: BiteState, piece: Piece, ctx: BattleContext) -> Mods:
    winter = winter_malus(state, piece)  # 33.0: struck Axis air units are quartered
    if state.weather == "snow" and not _snow_exempt(state, piece):
        return Mods(1 + winter, 0)
    if light_rain_older(state):  # Italian 2.x: attacking air units only
        return Mods(winter + (1 if piece.side == ctx.attacker else 0), 0)
    if state.weather == LIGHT_RAIN:
        return Mods(1 + winter, 0)  # 39.0: light rain hinders every air unit
    return Mods(winter, 0)


def _weather_ground(
    state: BiteState, piece: Piece, ctx: BattleContext, step: str, attacking: bool
) -> Mods:
    """9.3 (advanced weather): rain and snow. Support units are unaffected."""
    spec = state.spec(piece)
    if state.weather == "rain":
        if attacking and spec.is_combat and step in (GROUND, AA):
            return Mods(1, 0)
        if not attacking and step == AA:
            return Mods(1, 0)
        if not attacking and spec.is_combat and step == GROUND:
            return Mods(0, 1)
    hit_by_snow = spec.is_air or step == AA or (attacking and spec.is_combat and step == GROUND)
    if state.weather == "snow" and not _snow_exempt(state, piece) and hit_by_snow:
        return Mods(1, 0)
    if light_rain_older(state):  # Italian 2.x: attacking ground and air units only
        hit = attacking and ((spec.is_combat and step in (GROUND, AA)) or spec.is_air)
        return Mods(1, 0) if hit else Mods()
    if state.weather == LIGHT_RAIN and hit_by_snow:
        return Mods(1, 0)  # 39.0: every air unit, all AA fire and attacking combat units
    return Mods()


def _net(state: BiteState, mods: Mods) -> Mods:
    """7.7.6: players may agree at the start that a Bonus cancels a Malus."""
    if not state.options.get("bonus_cancels_malus"):
        return mods
    net = mods.boni - mods.mali
    return Mods(0, net) if net >= 0 else Mods(-net, 0)


def hit_number(firepower: int, boni: int) -> int:
    """The lowest face that hits after Boni; a 1 never hits.

    >>> hit_number(6, 0), hit_number(5, 1), hit_number(6, 5)
    (6, 4, 2)
    """
    return max(2, firepower - boni)


def dice_after_mali(steps: int, mali: int) -> int:
    """Halve once per Malus, rounding down, but roll at least one die (3.16, 3.17).

    >>> dice_after_mali(5, 1), dice_after_mali(5, 2), dice_after_mali(4, 0), dice_after_mali(0, 1)
    (2, 1, 4, 0)
    """
    if steps <= 0:
        return 0
    return max(1, steps >> mali)


def merged_dice(strengths: list[int], mali: int) -> tuple[list[int], int]:
    """7.7.7 merging: dice per unit, and the extra dice for the weakest unit.

    >>> merged_dice([3, 3], 1)  # the rulebook's armour + infantry example
    ([1, 1], 1)
    >>> merged_dice([5], 1)
    ([2], 0)
    """
    separate = [dice_after_mali(s, mali) for s in strengths]
    if mali == 0 or len(strengths) < 2:
        return separate, 0
    together = sum(strengths) >> mali
    return separate, max(0, together - sum(separate))


def is_clear(state: BiteState, node: Node) -> bool:
    return state.w.board.terrain[node] == CLEAR
