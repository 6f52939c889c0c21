"""How the heuristic judges the Advanced Game's HQ decisions (13.0-13.8), from its own view.

An armour unit without an HQ's command is in limited supply (half MP, no attack, 13.5) and
an air unit cannot fly a mission (13.2), so in SBE5-SBE9 the order of a player's turn is:
activate the HQs that have units to lead near the enemy, spend their action points on the
units closest to the fighting, then move. The scores here sit above every movement score so
that the heuristic keeps that order; an activation costs the HQ a step at the end of the
Blitz Phase (13.6), so an HQ with nothing worth leading stays hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hexfront.engine.protocol import Action

ARMOR = frozenset({"tank", "tankette", "armor_hq", "heavy_artillery"})
AIR = frozenset({"fighter", "bomber", "strategic_bomber"})
LEADS = {"armor_hq": ARMOR, "air_hq": AIR}  # a tactical HQ's units (13.1)
RANGE = 5  # 13.3 (3 in bad weather)
FRONT = 6  # hexes from the nearest enemy within which a unit is worth an action point

ACTIVATE = 60.0  # above any move, so that the HQs come first
COMMAND = 50.0


def _node_of(unit: Mapping[str, Any], node: Callable[[str], int]) -> int:
    return node(str(unit["hex"])) if unit.get("hex") else -1


def led_units(
    hq: Mapping[str, Any],
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    distance: Callable[[int, int], int],
    reach: int,
) -> list[Mapping[str, Any]]:
    """Own units this HQ could lead: of its kind (any armour or air for a Supreme HQ, of
    its nation unless German), within ``reach`` hexes."""
    cls = str(hq.get("cls"))
    kinds = LEADS.get(cls, ARMOR | AIR)
    home = _node_of(hq, node)
    if home < 0:
        return []
    out = []
    for u in mine.values():
        if u is hq or str(u.get("cls")) not in kinds:
            continue
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
) -> float:
    """Activate an HQ when at least one unit it could lead stands near the enemy."""
    hq = mine.get(str(a.args["hq"]))
    if hq is None:
        return -1.0
    reach = RANGE if weather == "good" else 3
    near = [
        u
        for u in led_units(hq, mine, node, distance, reach)
        if nearest_enemy(_node_of(u, node)) <= FRONT
    ]
    if not near:
        return -1.0  # the step it would cost buys nothing (13.6)
    return ACTIVATE + min(len(near), int(hq.get("strength", 1)))


def command_score(
    a: Action,
    mine: Mapping[str, Mapping[str, Any]],
    node: Callable[[str], int],
    nearest_enemy: Callable[[int], int],
) -> float:
    """Spend an action point on a unit: the nearer the enemy, the sooner."""
    unit = mine.get(str(a.args["unit"]))
    if unit is None:
        return -1.0
    here = _node_of(unit, node)
    if here < 0:
        return -1.0
    gap = nearest_enemy(here)
    if gap > FRONT + 4:
        return 0.5  # far from the fighting: a march is not worth the point
    return COMMAND + max(0, FRONT + 4 - gap) + 0.1 * float(unit.get("strength", 0))
