"""What optional rules 15, 16 and 32 leave on the map, read by the rules that need it.

* **New plants** (15.1, 16.2): plants a power builds or an evacuated factory on the way
  east, kept in ``state.flags`` under :data:`NEW_PLANTS`; once finished and placed they
  stand in a city and produce there (``economy.py``), and are lost when it is taken (3.3).
* **Evacuated factories** (16.2): the map's factories the Soviets took away in 1941; they
  produce nothing where they were and are not taken with the city.
* **Scorched centres** (16.0): Soviet places the Axis took while the rule is played; their
  PP come back to the Axis only as they are repaired, and all at once to the Soviets.
* **Loot** (16.1): a factory taken from the enemy gives one PP of its colour once, paid at
  the taker's next Production Phase (``economy.py``).
* **Bomb damage** (32.1-32.3): a hit target's damage lasts until its owner's next turn
  is over.

This module reads and writes those flags only; it imports no other rule, so that control
(``basics.py``), income (``resources.py``), rail moves (``rail.py``) and movement can all
ask it. The states of games without these rules never hold any of its flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.sequence import Frame

from ..board import Site
from ..state import AXIS, SOVIET, BiteState
from ..versions import differs
from .level import advanced

NEW_FACTORIES = "or15_new_factories"
SCORCHED_EARTH = "or16_scorched_earth"
STRATEGIC_BOMBING = "or32_strategic_bombing"

NEW_PLANTS = "new_plants"  # flags: [[power, colour, progress, turn, node, pp, how], ...]
EVACUATED = "factories_evacuated"  # flags: ["City/colour", ...] (16.2)
SCORCHED = "scorched"  # flags: {city: [PP paid for repairs, turn paid last]} (16.0)
LOOT = "factory_loot"  # flags: {power: {colour: PP}} (16.1), paid next Production Phase
BOMBED = "bomb_damage"  # flags: [[node, target, hits, owner side, last turn], ...] (32)
FLOWN = "strategic_bombers_flown"  # flags: bombers that bombed this turn (32.0)

BUILT = "built"  # a plant built under 15.1
MOVED = "evacuated"  # an evacuated factory on its way (16.2)


def wants_bombing(state: BiteState, frame: Frame) -> bool:
    """Whether the Supply Phase calls the Strategic Warfare step of 32.0 first, once (kept
    here, below ``bombing.py``, so that the Supply Phase need not import the raids)."""
    if not (advanced(state) and rule_on(state, STRATEGIC_BOMBING)) or frame.vars.get("bombing"):
        return False
    frame.vars["bombing"] = True
    if differs(state.options, "strategic_bombing_in_movement"):
        prune_damage(state)  # Italian 2.x: no such step, the bombers fly in the Movement Phase
        return False
    return True


def rule_on(state: BiteState, key: str) -> bool:
    """Whether optional rule ``key`` is played: chosen, and in the Advanced Game, whose
    income comes from the map's centres and factories (11.1-11.2); the Basic Game's
    fixed incomes have nothing for these rules to act on."""
    return state.options.get(key, False) is True and advanced(state)


# --- new plants (15.1, 16.2) -----------------------------------------------------------------


@dataclass(slots=True)
class Plant:
    """A plant of the Production Tracker: building (progress under 10), or finished and
    standing in ``node`` (-1 while it waits for its place)."""

    power: str
    colour: str
    progress: int
    turn: int  # the turn a PP was last paid in, or it moved a box, or it was finished
    node: int
    pp: int  # PP of its colour it makes a turn once placed
    how: str  # BUILT or MOVED

    def to_json(self) -> list[JSON]:
        return [self.power, self.colour, self.progress, self.turn, self.node, self.pp, self.how]


def plants(state: BiteState) -> list[Plant]:
    """Every plant of the trackers and the map, in the order they were begun."""
    found = state.flags.get(NEW_PLANTS)
    if not isinstance(found, list):
        return []
    out: list[Plant] = []
    for row in cast(list[list[JSON]], found):
        out.append(
            Plant(
                str(row[0]),
                str(row[1]),
                int(cast(int, row[2])),
                int(cast(int, row[3])),
                int(cast(int, row[4])),
                int(cast(int, row[5])),
                str(row[6]),
            )
        )
    return out


def store(state: BiteState, rows: list[Plant]) -> None:
    if rows:
        state.flags[NEW_PLANTS] = [p.to_json() for p in rows]
    else:
        state.flags.pop(NEW_PLANTS, None)


def placed_at(state: BiteState, node: int) -> list[Plant]:
    """The new plants standing in ``node``."""
    return [p for p in plants(state) if p.node == node]


# --- evacuated factories (16.2) --------------------------------------------------------------


def evacuated(state: BiteState, city: str) -> frozenset[str]:
    """Colours of the map factories of ``city`` that were evacuated (16.2)."""
    found = state.flags.get(EVACUATED)
    if not isinstance(found, list):
        return frozenset()
    prefix = city + "/"
    return frozenset(str(x)[len(prefix) :] for x in found if str(x).startswith(prefix))


def mark_evacuated(state: BiteState, city: str, colour: str) -> None:
    found = state.flags.get(EVACUATED)
    rows = [str(x) for x in found] if isinstance(found, list) else []
    state.flags[EVACUATED] = cast(JSON, sorted({*rows, f"{city}/{colour}"}))


# --- taking a city (3.3, 16.0, 16.1) ---------------------------------------------------------


def _power_of(side: str) -> str:
    """The power that collects for a side: Germany for the Axis (11.2), the USSR."""
    return "ussr" if side == SOVIET else "germany"


def loot(state: BiteState, side: str, colours: list[str], city: str) -> None:
    """16.1: a taken factory gives its taker one PP of its colour, once."""
    if not colours or not rule_on(state, SCORCHED_EARTH):
        return
    power = _power_of(side)
    table = state.flags.setdefault(LOOT, {})
    assert isinstance(table, dict)
    mine = table.setdefault(power, {})
    assert isinstance(mine, dict)
    for colour in colours:
        mine[colour] = int(cast(int, mine.get(colour, 0))) + 1
    state.emit("factory_loot", side=side, city=city, pp=len(colours))


def take_loot(state: BiteState, power: str) -> dict[str, int]:
    """The loot waiting for ``power``, taken out of the flags."""
    table = state.flags.get(LOOT)
    if not isinstance(table, dict) or power not in table:
        return {}
    mine = table.pop(power)
    if not table:
        state.flags.pop(LOOT, None)
    return {str(k): int(cast(int, v)) for k, v in cast(dict[str, JSON], mine).items()}


def on_capture(state: BiteState, side: str, site: Site, soviet_1941: bool) -> None:
    """A city or site changes hands to ``side`` (3.3): new plants of the enemy there are
    destroyed (16.1 loot), a Soviet centre the Axis takes is scorched (16.0), and a
    scorched one the Soviets take back works again."""
    rows = plants(state)
    if rows:
        lost = [p for p in rows if p.node == site.node and _side_of_power(p.power) != side]
        if lost:
            store(state, [p for p in rows if p not in lost])
            state.emit("factories_destroyed", city=site.name, side=side)
            loot(state, side, [p.colour for p in lost], site.name)
    if not rule_on(state, SCORCHED_EARTH):
        return
    table = state.flags.get(SCORCHED)
    if side == AXIS and soviet_1941:
        if not isinstance(table, dict):
            table = state.flags[SCORCHED] = {}
        if site.name not in table:
            table[site.name] = [0, 0]
    elif side == SOVIET and isinstance(table, dict) and site.name in table:
        del table[site.name]  # 16.0: the Soviets repair it at once
        if not table:
            state.flags.pop(SCORCHED, None)


def _side_of_power(power: str) -> str:
    return SOVIET if power == "ussr" else AXIS


def scorched(state: BiteState) -> dict[str, tuple[int, int]]:
    """16.0: scorched places by name: (PP paid for their repair, turn paid last)."""
    table = state.flags.get(SCORCHED)
    if not isinstance(table, dict):
        return {}
    return {
        str(k): (int(cast(list[int], v)[0]), int(cast(list[int], v)[1])) for k, v in table.items()
    }


def set_scorched(state: BiteState, city: str, paid: int, turn: int) -> None:
    table = state.flags.get(SCORCHED)
    if isinstance(table, dict):
        table[city] = [paid, turn]


# --- bomb damage (32.1-32.3) -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Damage:
    node: int
    target: str  # factory, centre, port or rail
    hits: int
    owner: str  # the side whose target it is
    last_turn: int  # the turn whose owner's half ends the damage (32.0)


def damage(state: BiteState) -> list[Damage]:
    """32.0: bomb damage still in force."""
    found = state.flags.get(BOMBED)
    if not isinstance(found, list):
        return []
    out = []
    for row in cast(list[list[JSON]], found):
        d = Damage(
            int(cast(int, row[0])),
            str(row[1]),
            int(cast(int, row[2])),
            str(row[3]),
            int(cast(int, row[4])),
        )
        if d.last_turn >= state.turn:
            out.append(d)
    return out


def add_damage(state: BiteState, d: Damage) -> None:
    rows = list(damage(state))  # what has run out is dropped here
    rows.append(d)
    state.flags[BOMBED] = [[x.node, x.target, x.hits, x.owner, x.last_turn] for x in rows]


def prune_damage(state: BiteState) -> None:
    """32.0: damage whose owner's next turn is over is repaired: dropped from the flags."""
    if BOMBED not in state.flags:
        return
    keep = damage(state)
    if keep:
        state.flags[BOMBED] = [[x.node, x.target, x.hits, x.owner, x.last_turn] for x in keep]
    else:
        state.flags.pop(BOMBED, None)


def hits_on(state: BiteState, node: int, target: str) -> int:
    """Bomb hits in force on one target of a city (0 when none)."""
    return sum(d.hits for d in damage(state) if d.node == node and d.target == target)


def broken_stations(state: BiteState, side: str) -> tuple[frozenset[int], int]:
    """32.3: the bombed rail stations of ``side`` (no rail move starts, ends or passes
    there) and how many rail moves it loses this turn."""
    nodes = [d for d in damage(state) if d.owner == side and d.target == "rail"]
    return frozenset(d.node for d in nodes), sum(d.hits for d in nodes)


def port_closed(state: BiteState, node: int, hits: int) -> bool:
    """32.2: whether a port took at least ``hits`` bomb hits still in force."""
    return hits_on(state, node, "port") >= hits


def flown(state: BiteState) -> frozenset[str]:
    """32.0: the bombers that bombed in this Strategic Warfare step."""
    found = state.flags.get(FLOWN)
    return frozenset(str(x) for x in found) if isinstance(found, list) else frozenset()


def take_flown(state: BiteState) -> frozenset[str]:
    """32.0: the bombers that bombed this turn, once: the Movement Phase keeps them home."""
    out = flown(state)
    state.flags.pop(FLOWN, None)
    return out
