"""Advanced supply (chapter 12): what happens to units cut off in ports, capitals and
fortresses, desperate attacks out of a pocket, and what a surrender yields.

Every rule here is an Advanced Game rule (:func:`~.level.advanced`); the basic game's
Final Supply (7.9) surrenders every unit still cut off.

* 12.1 siege supply: cut-off units in a port (1 in a minor port, 4 in a major one) or in
  their own nation's capital (4), every hex around it held by enemy units or in an enemy
  zone of control, lose a step at the end of the turn instead of surrendering, and
  surrender only from their last step. Which units fill the places when more are there is
  a design choice (docs/rules-coverage.md, 12.1): the strongest, then by name.
* 12.2 Sevastopol, while it is still a fortress, keeps its garrison: no step lost, no
  surrender.
* 12.3 Leningrad and Oranienbaum (one pocket) do the same while the Road of Life runs:
  Leningrad held, and Volkhov linked to Siberia by Soviet-held railway (the test of the
  SBE1 verdict). Without it they are in siege supply. While the pocket is besieged and the
  Road runs, its cut-off units may still be repaired, and units rebuilt in Leningrad, but
  only with Leningrad's own yellow and red PP (``production.py``).
* 12.4 desperate attack: cut-off TECH 2-3 ground units may attack; if the hex is not
  cleared after the first round, those still in it surrender at once (0-step units too).
* 12.5 a surrendering unit yields 1 yellow PP, plus 1 red, blue or black PP as its class
  pairs in production (11.0); infantry-class units yield only the yellow one.
"""

from __future__ import annotations

from ..board import CAPITAL, WATER
from ..charts import charts
from ..state import SOVIET, BiteState, Piece, enemy_of
from ..types import Node
from ..units import UnitSpec
from ..versions import differs
from . import factories
from .basics import (
    controls,
    eliminate,
    node_named,
    rail_linked_to_siberia,
    side_of_power,
    zoc_map,
)
from .infrastructure import economy_data
from .level import advanced
from .modifiers import fortification
from .resources import paired_colour, pool

SIEGE_PLACES = {"minor": 1, "major": 4}  # 12.1: units a besieged port keeps supplied
CAPITAL_PLACES = 4  # 12.1: units a besieged own capital keeps supplied
YIELD_COLOURS = frozenset({"red", "blue", "black"})  # 12.5


# --- 12.2, 12.3 fortress supply ------------------------------------------------------------


def road_of_life_open(state: BiteState) -> bool:
    """12.3: Leningrad is Soviet and Volkhov still reaches Siberia by Soviet railway."""
    board = state.w.board
    try:
        leningrad = board.node("Leningrad")
    except (KeyError, ValueError):
        return False
    return state.control[leningrad] == SOVIET and rail_linked_to_siberia(state, "Volkhov")


def leningrad_pocket(state: BiteState) -> frozenset[Node]:
    """The two hexes 12.3 treats as one: Leningrad and Oranienbaum."""
    found: frozenset[Node] | None = state.w.derived.get("leningrad_pocket")
    if found is None:
        board = state.w.board
        nodes = []
        for name in ("Leningrad", "Oranienbaum"):
            try:
                nodes.append(board.node(name))
            except (KeyError, ValueError):
                continue
        found = state.w.derived["leningrad_pocket"] = frozenset(nodes)
    return found


def in_fortress_supply(state: BiteState, piece: Piece) -> bool:
    """12.2, 12.3: a cut-off unit that neither loses steps nor surrenders."""
    if not advanced(state):
        return False
    board = state.w.board
    site = board.sites.get(piece.node)
    if site is None:
        return False
    if site.name == "Sevastopol":
        return fortification(state, piece.node) == "fortress" and controls(
            state, piece.side, piece.node
        )
    if piece.side == SOVIET and piece.node in leningrad_pocket(state):
        return road_of_life_open(state)
    return False


def leningrad_builds_alone(state: BiteState) -> Node | None:
    """12.3: Leningrad's node while its pocket is besieged (every land hex around the two
    hexes held by Axis units or in an Axis zone of control) and the Road of Life runs: its
    cut-off units are repaired, and units built there, with Leningrad's own PP only. None
    otherwise (and always in the Basic Game)."""
    if not advanced(state):
        return None
    node = node_named(state, "Leningrad")
    if node is None or state.control[node] != SOVIET or not road_of_life_open(state):
        return None
    return node if surrounded(state, node, SOVIET) else None


# --- 12.1 siege supply -------------------------------------------------------------------------


def surrounded(state: BiteState, node: Node, side: str) -> bool:
    """Every land hex around ``node`` holds an enemy unit or lies in an enemy zone of control
    (for Leningrad's pocket, around both hexes together, 12.3)."""
    board = state.w.board
    enemy = enemy_of(side)
    zoc = zoc_map(state, enemy, ground_only=False)
    enemy_at = {p.node for p in state.on_map(enemy)}
    group = leningrad_pocket(state) if node in leningrad_pocket(state) else frozenset({node})
    ring = {x for n in group for x in board.adjacency[n]} - group
    return all(
        x in enemy_at or zoc[x] for x in ring if board.playable[x] and board.terrain[x] != WATER
    )


def siege_places(state: BiteState, node: Node, side: str) -> int:
    """How many units a besieged hex keeps in siege supply (12.1): 0 when it gives none."""
    site = state.w.board.sites.get(node)
    if site is None:
        return 0
    places = 0
    if site.port is not None and not _harbour_bombed(state, node):
        places = SIEGE_PLACES.get(site.port, 0)
    if site.type == CAPITAL and site.country is not None:
        own = side_of_power(site.country) == side
        places = max(places, CAPITAL_PLACES if own else 0)
    return places


def _harbour_bombed(state: BiteState, node: Node) -> bool:
    """32.2 (optional rule): a port with enough bomb hits in force supplies nobody."""
    if factories.BOMBED not in state.flags:
        return False
    hits = int(economy_data()["strategic_bombing"]["port_closed_at"])
    return factories.port_closed(state, node, hits)


def siege_supplied(state: BiteState, cut_off: list[Piece]) -> set[str]:
    """The units among ``cut_off`` (all of one side, still unsupplied at Final Supply) that
    are in siege supply (12.1): they lose a step instead of surrendering."""
    if not advanced(state) or not cut_off:
        return set()
    side = cut_off[0].side
    by_node: dict[Node, list[Piece]] = {}
    for p in cut_off:
        by_node.setdefault(p.node, []).append(p)
    chosen: set[str] = set()
    for node, units in by_node.items():
        places = siege_places(state, node, side)
        if places <= 0 or not controls(state, side, node) or not surrounded(state, node, side):
            continue
        units.sort(key=lambda p: (-state.strength(p), state.spec(p).name))
        if differs(state.options, "siege_without_capacity"):
            places = len(units)  # 12.1, Italian 2.x rules: no limit
        chosen.update(p.uid for p in units[:places])
    return chosen


def in_siege_supply(state: BiteState, piece: Piece) -> bool:
    """Whether this cut-off unit holds one of its hex's siege-supply places (12.1)."""
    if not advanced(state) or not piece.oos:
        return False
    here = [p for p in state.at(piece.node) if p.side == piece.side and p.oos]
    return piece.uid in siege_supplied(state, here)


def on_last_step(state: BiteState, piece: Piece) -> bool:
    return piece.step >= len(state.spec(piece).ladder) - 1


# --- 12.4 desperate attacks --------------------------------------------------------------------


def may_attack_desperately(state: BiteState, piece: Piece) -> bool:
    """12.4: a cut-off ground unit of TECH 2 or 3 may still attack, desperately."""
    spec = state.spec(piece)
    return (
        advanced(state)
        and piece.oos
        and spec.is_ground
        and spec.is_combat
        and state.profile(piece).tech >= _desperate_tech(state, spec)
    )


def _desperate_tech(state: BiteState, spec: UnitSpec) -> int:
    """6.2.2: armour gains the Desperate Attack at TECH 2 (the Italian 2.x rules: TECH 3)."""
    if spec.is_armor and differs(state.options, "tanks_tech2_no_desperate_attack"):
        return 3
    return 2


def desperate_attackers(state: BiteState, node: Node, attacker: str) -> list[Piece]:
    """Cut-off attacking ground units in a battle hex: they fight a desperate attack."""
    if not advanced(state):
        return []
    return [p for p in state.at(node) if p.side == attacker and p.oos and state.spec(p).is_ground]


def desperate_attack_failed(state: BiteState, node: Node, attacker: str) -> None:
    """12.4.1: after the first round, if enemy ground units still hold the hex, the cut-off
    attackers in it surrender at once, 0-step units too; the defender gains their PP."""
    desperate = desperate_attackers(state, node, attacker)
    defender = enemy_of(attacker)
    if not desperate or not any(
        p.side == defender and state.spec(p).is_ground for p in state.at(node)
    ):
        return
    captor = "germany" if attacker == SOVIET else "ussr"
    yields: list[str] = []
    hex_id = state.w.board.id_of(node)
    for p in sorted(desperate, key=lambda x: x.uid):
        colour = surrender_yield(state, p, captor)
        if colour is not None:
            yields.append(colour)
        eliminate(state, p, "surrendered after a failed desperate attack (12.4.1)")
    state.pp[captor] = state.pp.get(captor, 0) + len(desperate) * charts().surrender_pp
    state.emit("desperate_attack_failed", side=attacker, hex=hex_id, units=len(desperate))
    state.emit("surrender_pp", power=captor, pp=len(desperate) * charts().surrender_pp)
    collect_yields(state, captor, yields)


# --- 12.5 what a surrender yields --------------------------------------------------------------


def surrender_yield(state: BiteState, piece: Piece, captor: str) -> str | None:
    """The coloured PP a surrendering unit yields beside its yellow one, or None (12.5)."""
    if not advanced(state):
        return None
    colour = paired_colour(state.spec(piece), captor, state)
    return colour if colour in YIELD_COLOURS else None


def collect_yields(state: BiteState, captor: str, colours: list[str]) -> None:
    """12.5: the captor's coloured PP from this Final Supply's surrenders."""
    if not colours:
        return
    mine = pool(state, captor)
    for colour in sorted(set(colours)):
        count = colours.count(colour)
        mine[colour] = mine.get(colour, 0) + count
        state.emit("surrender_coloured_pp", power=captor, colour=colour, pp=count)
