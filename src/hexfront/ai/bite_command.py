"""How the heuristic judges the Advanced Game's HQ decisions (13.0-13.8), from its own view.

An armour unit without an HQ's command is in limited supply (half MP, no attack, 13.5) and
an air unit cannot fly a mission (13.2), so in SBE5-SBE9 the order of a player's turn is:
activate the HQs that have units to lead near the enemy, spend their action points on the
units closest to the fighting, then move. The scores here sit above every movement score so
that the heuristic keeps that order; an activation costs the HQ a step at the end of the
Blitz Phase (13.6), so an HQ with nothing worth leading stays hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hexfront.engine.protocol import Action

ARMOR = frozenset({"tank", "tankette", "armor_hq", "heavy_artillery"})
AIR = frozenset({"fighter", "bomber", "strategic_bomber"})
LEADS = {"armor_hq": ARMOR, "air_hq": AIR}  # a tactical HQ's units (13.1)
RANGE = 5  # 13.3 (3 in bad weather)
FRONT = 6  # hexes from the nearest enemy within which a unit is worth an action point

ACTIVATE = 60.0  # above any move, so that the HQs come first
COMMAND = 50.0
# An HQ left behind follows its units from this far (hexes), gaining CATCH_UP a hex.
FOLLOW = 15
CATCH_UP = 0.1
# Fuel economy (13.4, 13.6): an activation costs one step whatever the HQ's strength, and
# gives as many action points as it has steps, so a step of black PP buys the most when
# the HQ is activated near full strength. Until the last turns a tactical HQ waits (and is
# repaired) while it is more than SPARE steps below its full strength, and it is activated
# only to lead at least MIN_LED units (or all it has steps for).
SPARE = 1
MIN_LED = 2
# An HQ moves before it activates (13.3): a move that brings more of its units into its
# range scores above its activation, so the heuristic moves it up first.
HQ_MOVE = ACTIVATE + 10.0
# Fuel (action points) is scarce: armour within GOAL_REACH hexes of a place that decides
# the game gets up to GOAL_FOCUS * GOAL_REACH more, the nearer the more.
GOAL_REACH = 15
GOAL_FOCUS = 0.4
GOAL_REPAIR = 0.15  # the same for the black PP that repair an Armor-HQ (per hex nearer)
HQ_CLASSES = frozenset({"armor_hq", "air_hq", "navy_hq", "supreme_hq"})
# Production: an HQ step buys an action point every turn it is activated, and every
# activation costs one (13.6), so Armor-HQs are repaired before the front line's units.
HQ_REPAIR = {"armor_hq": 6.0, "air_hq": 4.5, "supreme_hq": 5.0}


def _node_of(unit: Mapping[str, Any], node: Callable[[str], int]) -> int:
    return node(str(unit["hex"])) if unit.get("hex") else -1


def led_units(
    hq: Mapping[str, Any],
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    distance: Callable[[int, int], int],
    reach: int,
    home: int | None = None,
) -> list[Mapping[str, Any]]:
    """Own units this HQ could lead: of its kind (any armour or air for a Supreme HQ, of
    its nation unless German), within ``reach`` hexes of ``home`` (where it stands)."""
    cls = str(hq.get("cls"))
    kinds = LEADS.get(cls, ARMOR | AIR)
    if home is None:
        home = _node_of(hq, node)
    if home < 0:
        return []
    out = []
    for u in mine.values():
        if u is hq or str(u.get("cls")) not in kinds or str(u.get("cls")) in HQ_CLASSES:
            continue  # another HQ moves on its own (13.3): leading it is no reason to go
        cross_command = cls == "supreme_hq" and hq.get("nation") == "germany"  # 13.8.2
        if not cross_command and u.get("nation") != hq.get("nation"):
            continue
        here = _node_of(u, node)
        if here >= 0 and (cls == "supreme_hq" or distance(home, here) <= reach):
            out.append(u)
    return out


def activation_score(
    a: Action,
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    distance: Callable[[int, int], int],
    nearest_enemy: Callable[[int], int],
    weather: str,
    turns_left: int = 99,
    dry_turns_left: int | None = None,
    to_goal: Callable[[int], int] | None = None,
) -> float:
    """Activate an HQ when enough units it could lead stand near the enemy and it is strong
    enough for the step it costs (13.6) to buy several action points; in the last two turns
    a weaker HQ is spent too, and one on its last step (which leads one unit and is then
    removed, 13.4, 13.6) only in the very last turn, when nothing is saved by keeping it.
    ``dry_turns_left``: of the turns after this one, those whose weather may be good (9.0);
    a weaker HQ is spent too when at most one is left, since the points saved for the mud
    and snow move the armour a hex at most (9.2: SBE5's September, before October's roll
    and November's snow). ``to_goal``: as in ``front_units``."""
    hq = mine.get(str(a.args["hq"]))
    if hq is None:
        return -1.0
    reach = RANGE if weather == "good" else 3
    near = front_units(hq, mine, node, distance, nearest_enemy, reach, to_goal=to_goal)
    if not near:
        return -1.0  # the step it would cost buys nothing (13.6)
    steps = int(hq.get("strength", 1))
    if hq.get("cls") != "supreme_hq":
        if steps <= 1 and turns_left > 0:
            return -1.0
        full = max((int(x) for x in hq.get("ladder") or ()), default=steps)
        saving = turns_left if dry_turns_left is None else min(turns_left, dry_turns_left)
        if saving > 1 and steps < full - SPARE:
            return -1.0  # repaired first: next turn its step buys more points
        if turns_left > 0 and len(near) < min(MIN_LED, steps):
            return -1.0
    return ACTIVATE + min(len(near), steps)


def front_units(
    hq: Mapping[str, Any],
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    distance: Callable[[int, int], int],
    nearest_enemy: Callable[[int], int],
    reach: int,
    home: int | None = None,
    to_goal: Callable[[int], int] | None = None,
) -> list[Mapping[str, Any]]:
    """The units this HQ could lead from ``home`` that stand near the enemy, or, with
    ``to_goal`` (hexes to the nearest place that wins the game), within ``GOAL_REACH`` of
    such a place: a drive on an undefended Moscow needs the fuel as much as a battle."""
    return [
        u
        for u in led_units(hq, mine, node, distance, reach, home)
        if _worth_fuel(_node_of(u, node), nearest_enemy, to_goal)
    ]


def _worth_fuel(
    here: int, nearest_enemy: Callable[[int], int], to_goal: Callable[[int], int] | None
) -> bool:
    return nearest_enemy(here) <= FRONT or (to_goal is not None and to_goal(here) <= GOAL_REACH)


def hq_move_score(
    hq: Mapping[str, Any],
    here: int,
    to: int,
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    distance: Callable[[int, int], int],
    nearest_enemy: Callable[[int], int],
    weather: str,
    to_goal: Callable[[int], int] | None = None,
) -> float:
    """Move a tactical HQ (not yet activated, 13.3) to where it covers the most of its
    units near the front (or near a place to take, ``front_units``), one hex behind the
    line at least: an HQ that stays where it started is out of range of armour that has
    advanced. Never into a battle."""
    if nearest_enemy(to) <= 0:
        return -20.0  # an HQ does not attack
    reach = RANGE if weather == "good" else 3
    steps = int(hq.get("strength", 1))
    # Its own kind of units near the front anywhere: an HQ left behind by its armour (out
    # of range, so their moves are halved, 13.5) closes on the nearest of them even when no
    # one move of its own brings any of them into range.
    kin = [
        _node_of(u, node)
        for u in led_units(hq, mine, node, distance, FOLLOW, here)
        if _worth_fuel(_node_of(u, node), nearest_enemy, to_goal)
    ]

    def cover(at: int) -> float:
        led = front_units(hq, mine, node, distance, nearest_enemy, reach, at, to_goal)
        score = float(min(len(led), steps)) + 0.1 * len(led)
        if kin:
            near = sorted(distance(at, n) for n in kin)[: max(steps, 1)]
            score -= CATCH_UP * sum(near) / len(near)
        return score

    gain = cover(to) - cover(here)
    # Closer to the front (the units will move on) but not in the front line itself.
    gain += 0.05 * (nearest_enemy(here) - nearest_enemy(to))
    if nearest_enemy(to) <= 1:
        gain -= 1.5  # exposed to an attack on the enemy's turn
    if gain <= 0.05:
        return gain
    return HQ_MOVE + gain


def repair_score(unit: Mapping[str, Any], to_goal: int | None = None) -> float | None:
    """How much a repair of this HQ is worth, or None for another kind of unit: the
    strongest first, so that one HQ at a time gets back to the strength at which it is
    activated (``activation_score``) instead of every HQ staying weak; and, with
    ``to_goal`` (hexes from the HQ to the nearest place still to take), an Armor-HQ whose
    panzers drive on such a place before one far from them."""
    cls = str(unit.get("cls"))
    base = HQ_REPAIR.get(cls)
    if base is None:
        return None
    score = base + 0.3 * float(unit.get("strength", 0))
    if to_goal is not None and cls == "armor_hq":
        score += GOAL_REPAIR * max(0, GOAL_REACH - to_goal)
    return score


def command_score(
    a: Action,
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    nearest_enemy: Callable[[int], int],
    to_goal: Callable[[int], int] | None = None,
) -> float:
    """Spend an action point on a unit: the nearer the enemy, the sooner; with ``to_goal``
    (hexes to the nearest place that wins the game, SBE5's scoring cities), the fuel goes
    first to the armour driving on those places (Moscow rather than the Crimea)."""
    unit = mine.get(str(a.args["unit"]))
    if unit is None:
        return -1.0
    here = _node_of(unit, node)
    if here < 0:
        return -1.0
    if str(unit.get("cls")) in HQ_CLASSES:
        return 0.5  # an HQ moves up before it activates (13.3): points go to the armour
    gap = nearest_enemy(here)
    away = GOAL_REACH + 1 if to_goal is None else to_goal(here)
    if gap > FRONT + 4 and away > GOAL_REACH:
        return 0.5  # far from the fighting and from the goals: not worth the point
    focus = GOAL_FOCUS * max(0, GOAL_REACH - away)
    return COMMAND + max(0, FRONT + 4 - gap) + 0.1 * float(unit.get("strength", 0)) + focus


def keeps_points_for_armour(
    hq_id: object,
    hq_view: object,
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    nearest_enemy: Callable[[int], int],
) -> bool:
    """Whether a Supreme HQ (13.8) should keep its action points for the armour rather
    than spend one on a rail move: it activates in the Strategic Rail Movement Phase, before
    the armour moves, and its points last the turn; a panzer corps it commands moves at
    full speed and may attack (13.5), which is worth more than one more division by rail,
    so the points go to rail only when there are fewer armour units near the front than
    points left. A Supreme HQ with one action of each kind (the Stavka, 13.8.1) spends its
    rail action and its armour action apart, so it keeps nothing."""
    from hexfront.games.bite.rules.command import supreme_rules

    if not hq_id or not isinstance(hq_view, Mapping) or not supreme_rules(str(hq_id)).repeat_kinds:
        return False
    entry = next(
        (e for e in hq_view.get("active") or () if isinstance(e, Mapping) and e.get("id") == hq_id),
        None,
    )
    if entry is None or entry.get("cls") != "supreme_hq":
        return False
    armour = 0
    for uid in entry.get("may_command") or ():
        unit = mine.get(str(uid), {})
        cls = str(unit.get("cls"))
        here = _node_of(unit, node) if unit else -1
        if cls in ARMOR and cls not in HQ_CLASSES and here >= 0:
            armour += nearest_enemy(here) <= FRONT + 4  # where command_score spends a point
    return armour >= int(entry.get("left") or 0)


# --- reserves (optional rule 31.0) -----------------------------------------------------------
# Armour held in reaction waits behind the line for the enemy's attacks: worth it where an own
# stack on the line faces more enemy steps than it has, within the reach of a reaction move.
# Infantry is motorized when its move now buys little and own battles nearby may open ground
# that it can take after the Combat Phase.
# Above any action point spent on an exploitation (COMMAND plus its gap and focus terms):
# where the line is threatened, the point holds the armour back instead.
RESERVE_REACT = COMMAND + FRONT + 4 + GOAL_FOCUS * GOAL_REACH + 2.0
THREAT_REACH = 4  # hexes from the reserve to the stack it may reinforce
THREAT_RATIO = 1.5  # enemy steps next to a stack per own step in it: above this, threatened
MOTORIZE_WORTH = 1.5  # a move now worth this much is better made now
MOTORIZE_MARGIN = 0.5  # chosen just before the unit's own best move would be
BATTLE_REACH = 4  # hexes from the unit to a battle of this turn it could follow up


def threatened_stacks(
    mine_at: Mapping[int, float],
    enemy_next_to: Callable[[int], float],
    nearest_enemy: Callable[[int], int],
) -> list[tuple[int, float]]:
    """Own stacks on the line (next to the enemy) and the enemy's steps next to them per
    own step in them, the most threatened first; only those above ``THREAT_RATIO``."""
    out: list[tuple[int, float]] = []
    for n, steps in mine_at.items():
        if nearest_enemy(n) != 1:
            continue
        ratio = enemy_next_to(n) / max(steps, 0.5)
        if ratio > THREAT_RATIO:
            out.append((n, ratio))
    out.sort(key=lambda t: (-t[1], t[0]))
    return out


def reaction_reserve_score(
    unit: Mapping[str, Any],
    here: int,
    threatened: Sequence[tuple[int, float]],
    distance: Callable[[int, int], int],
    nearest_enemy: Callable[[int], int],
) -> float:
    """31.0: hold an armour unit in reaction when it stands behind the line (not on it) with
    a threatened own stack within ``THREAT_REACH`` hexes; otherwise never (-1)."""
    if str(unit.get("cls")) not in ARMOR or here < 0 or nearest_enemy(here) <= 1:
        return -1.0  # on the line it holds its own hex
    near = [r for n, r in threatened if n != here and distance(here, n) <= THREAT_REACH]
    if not near:
        return -1.0
    return RESERVE_REACT + min(3.0, max(near) - THREAT_RATIO) + 0.1 * len(near)


def motorize_score(
    unit: Mapping[str, Any],
    here: int,
    best_move_now: float,
    battles_near: bool,
    nearest_enemy: Callable[[int], int],
) -> float:
    """31.0: motorize an infantry-class unit behind the line whose best move now is worth
    little (under ``MOTORIZE_WORTH``) when own battles within ``BATTLE_REACH`` hexes may
    open ground for it in the Exploitation Phase; armour exploits with its HQ's command
    anyway, so it is never motorized (-1)."""
    cls = str(unit.get("cls"))
    if cls in ARMOR or cls in HQ_CLASSES or here < 0 or nearest_enemy(here) <= 1:
        return -1.0
    if not battles_near or best_move_now >= MOTORIZE_WORTH:
        return -1.0
    return max(best_move_now, 0.0) + MOTORIZE_MARGIN


def reserve_move_score(enemy_steps: float, own_steps: float) -> float:
    """31.0: armour in reaction reinforces the battle where the enemy outweighs the most."""
    return 1.0 + 0.3 * max(0.0, enemy_steps - own_steps)
