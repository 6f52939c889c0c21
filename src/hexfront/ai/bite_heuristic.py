"""A rule-based BITE player that sees only what its side sees.

It reads the view and the legal actions, plus public knowledge (the map, the catalogue
of blocks, the Tech Level Chart, the scenario's objectives: everything printed in the
box), and scores each legal action:

* ground moves: pull towards the objectives; attacks are planned as a player plans them:
  the combined firepower that can still reach the target hex this phase (every own unit
  with a legal move into it, the units already there, artillery, air units within range)
  against the defender's firepower as far as the view shows it (a hidden block is guessed
  from the enemy's order of battle: its average steps and firepower, worn down as the
  turns pass), with the terrain's Mali and the defender's Bonus counted; the first unit
  goes in only when enough can follow, and once a battle is started the units that can
  still reach it are sent until the odds are good; stay in supply reach, prefer strong
  defensive terrain when holding;
* garrisons: both sides keep a block in every threatened objective and capital they hold
  (the Axis too: Bucharest, Budapest, Helsinki ...), by march, rail, rebuild or placement;
* production: repair front-line units first, rebuild the cheapest, place reinforcements
  nearest the front; rail: send idle rear units to the front;
* air: support own attacks and defend own battles; rebase towards the front;
* combat: the cheapest unit takes a tied hit; retreat when clearly outmatched;
* blitz and exploitation: push armour into weak or empty hexes towards the objectives.

The agent ``heuristic-v1`` (``bite_heuristic_v1.py``) is this player as it stood before
these plans (issue 13), kept for comparison.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.games.bite.board import Board
from hexfront.games.bite.state import World
from hexfront.games.bite.units import AIR_CLASS, SUPPORT_CLASS

from . import bite_command

HIDDEN_STRENGTH = 3.0  # steps of an unseen block when the order of battle says nothing
ROUGH = {"forest": 1, "hills": 1, "mountains": 2, "swamp": 1}
GARRISON_RANGE = 8  # hexes: an enemy this close threatens an objective
GARRISON_BONUS = 6.0
AXIS_NATIONS = frozenset({"germany", "finland", "romania", "hungary", "slovakia", "italy"})
# Firepower an attack needs over the defender's before the first unit goes in: the
# defender fires first and a battle goes on until one side is gone (7.7.12).
ATTACK_RATIO = {"axis": 1.3, "soviet": 1.5}
AIR_WEIGHT = 0.7  # air support may be intercepted or shot at by AA
# Turns left after this one -> share of the usual odds an attack on a place that decides
# the game needs (design choice: in the last turn a lost battle costs nothing more than
# the draw the side gets anyway).
DECISIVE_URGENCY = {0: 0.4, 1: 0.75}
DECISIVE_VALUE = 3.0
PULL = 0.6  # score per hex nearer an objective
# A side that wins only by taking one place (SBE1, SBE2: four turns) marches on it harder.
DECISIVE_PULL = 3.5
POCKET = 0.4  # score per enemy step a move would cut off from supply (bite_pockets.py)
POCKET_CAP = 12.0  # steps: beyond that a bigger pocket is not worth more than a sure one
RAIL_PULL = 0.15  # score per hex a ride brings a reserve nearer a place that scores
MINOR_DETOUR = 8  # hexes: how much farther an objective that scores nothing counts
# A place that scores is "in hand" when at least HAND_STEPS own steps stand within
# HAND_RADIUS hexes of it, HAND_RATIO times the enemy's there: the units beyond that ring
# count it MINOR_DETOUR farther, so they march on the next place instead of piling up
# (SBE5: Army Group Centre's panzers turned to Leningrad while Moscow stood empty).
HAND_RADIUS = 3
HAND_STEPS = 15.0
HAND_RATIO = 1.5
PANZERS = frozenset({"tank", "tankette"})  # the mobile armour that leaves a ring to its infantry
WEAR_PER_TURN = 0.1  # hidden blocks are guessed this much weaker each turn (losses)


# Optional rules 15, 16 and 32: the choices the heuristic scores in _factory.
FACTORY_VERBS = frozenset(
    {"start_factory", "build_factory", "place_factory", "repair_centre", "evacuate", "bomb"}
)
BOMB_TARGET_SCORE = {"factory": 0.6, "centre": 0.5, "rail": 0.4, "port": 0.1}


def faces(firepower: int, bonus: int = 0) -> float:
    """Hits per die: firepower 6 hits on a 6, each Bonus widens the range by one face."""
    if firepower <= 0:
        return 0.0
    return max(0, min(6, 7 - firepower + bonus)) / 6.0


@dataclass(frozen=True, slots=True)
class PublicInfo:
    """What both players know from the box: map, blocks, charts, objectives."""

    board: Board
    world: World
    objectives: tuple[int, ...]
    capitals: dict[str, tuple[int, ...]] = field(default_factory=dict)  # side -> in play
    # side -> (steps, hits per die when defending) of one unseen block of that side, from
    # the scenario's order of battle (which blocks start in play, never where).
    hidden: dict[str, tuple[float, float]] = field(default_factory=dict)
    # side -> places whose capture wins the game outright (SBE1's Leningrad, SBE2's
    # Moscow), and side -> the hexes around a place it wins by surrounding (SBE2).
    decisive: dict[str, tuple[int, ...]] = field(default_factory=dict)
    ring: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # Objectives that score nothing themselves (SBE5 counts four cities only): a march on
    # them is worth less than one on a place that scores, so they count as farther away.
    minor: frozenset[int] = frozenset()


def _order_of_battle(world: World) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    turn = world.scenario.start_turn
    for side in ("axis", "soviet"):
        count = 0
        steps = fire = 0.0
        for uid, _node, strength in world.scenario.placements:
            spec = world.units.get(uid)
            if spec is None or spec.side != side:
                continue
            count += 1  # an air block on its airbase is a hidden block too
            if spec.is_ground:
                steps += strength
                fire += strength * faces(world.profile(uid, turn).defence)
        if count:
            out[side] = (steps / count, fire / max(steps, 1.0))
    return out


def board_node(board: Board) -> Any:
    """A function from a place name to its node, or None when the map has no such place."""

    def find(name: str) -> int | None:
        try:
            return board.node(name)
        except (KeyError, ValueError):
            return None

    return find


def public_info(world: World) -> PublicInfo:
    board = world.board
    names: list[str] = []
    victory = world.scenario.victory
    names.extend(str(c) for c in victory.get("places", []))
    for cond in victory.get("condition", []):
        names.extend(str(c) for c in cond.get("places", []))
        if cond.get("place"):
            names.append(str(cond["place"]))
        if cond.get("kind") == "cut_off" and "road_of_life" in cond.get("routes", []):
            names.append("Volkhov")  # SBE1: the Road of Life leaves Volkhov
    if victory.get("kind") == "vp_table":
        names.extend(str(c) for c in victory.get("vp", {}).get("places", {}))
        names.extend(
            site.name
            for node, site in board.sites.items()
            if site.is_major and board.owner_1941[node] == "ussr"
        )
    nodes = []
    for name in dict.fromkeys(names):
        try:
            nodes.append(board.node(name))
        except (KeyError, ValueError):
            continue
    area = world.scenario.map_area
    capitals: dict[str, list[int]] = {"axis": [], "soviet": []}
    for node, site in board.sites.items():
        if site.type != "capital" or (area is not None and node not in area):
            continue
        owner = board.owner_1941[node]
        if owner in AXIS_NATIONS:
            capitals["axis"].append(node)
        elif owner == "ussr":
            capitals["soviet"].append(node)
    decisive: dict[str, list[int]] = {}
    ring: dict[str, list[int]] = {}
    if victory.get("kind") == "conditions":
        for cond in victory.get("condition", []):
            side = str(cond.get("side", ""))
            places = [str(c) for c in cond.get("places", [])]
            found = [n for n in map(board_node(board), places) if n is not None]
            if cond.get("kind") == "control":
                decisive.setdefault(side, []).extend(found)
            centre = board_node(board)(str(cond.get("place", "")))
            if cond.get("kind") == "surrounded" and centre is not None:
                ring.setdefault(side, []).extend(
                    n for n in board.adjacency[centre] if board.playable[n]
                )
    minor: set[int] = set()
    vp = victory.get("vp", {})
    if victory.get("kind") == "vp_table" and not vp.get("soviet_major_city", 0):
        scoring = {board_node(board)(str(p)) for p in vp.get("places", {})}
        minor = {n for n in nodes if n not in scoring}
        # Only these places score (SBE5): the side that counts them wins by taking them.
        side = str(victory.get("side", "axis"))
        decisive.setdefault(side, []).extend(n for n in nodes if n in scoring)
    return PublicInfo(
        board,
        world,
        tuple(nodes),
        {k: tuple(v) for k, v in capitals.items()},
        _order_of_battle(world),
        {k: tuple(v) for k, v in decisive.items()},
        {k: tuple(v) for k, v in ring.items()},
        frozenset(minor),
    )


class _Look:
    """Who stands where, as far as this side can tell."""

    def __init__(self, view: dict[str, Any], board: Board) -> None:
        self.side = str(view["side"])
        self.board = board
        self.mine: dict[str, dict[str, Any]] = {}
        self.at_mine: dict[int, list[dict[str, Any]]] = {}
        self.at_enemy: dict[int, list[dict[str, Any]]] = {}
        for u in view["units"]:
            node = board.node(str(u["hex"])) if u.get("hex") else -1
            if node < 0:
                continue
            if u["side"] == self.side:
                self.mine[str(u["id"])] = u
                self.at_mine.setdefault(node, []).append(u)
            else:
                self.at_enemy.setdefault(node, []).append(u)
        self.control = str(view["control"])
        self.enemy_nodes = sorted(self.at_enemy)
        self._view = view
        self._net: Any = None
        self._state: Any = None
        self.pocket_box: list[Any] = [None]  # the agent's cache of find_pockets
        self._nearest: dict[int, int] = {}
        self.pull: dict[int, float] = {}  # objective pull per hex, for this one look
        self.ring_pull: dict[int, float] = {}  # the same for units ringing a place in hand
        self.in_hand: frozenset[int] | None = None  # places the units near them will take
        self.foot_hand: frozenset[int] = frozenset()  # ... that their infantry alone will take
        self.goal_box: list[Callable[[int], int] | None] = []  # _goal_distance, once per look
        turn = view.get("turn")
        self.turn = int(turn) if isinstance(turn, int) else 1
        self.weather = str(view.get("weather") or "good")
        self.turns_left = 99  # turns after this one (the agent sets it from the scenario)
        self.legal: Sequence[Action] | None = None  # the choices of this decision
        self._reach: dict[int, list[dict[str, Any]]] | None = None
        self._defence: dict[int, float] = {}
        self._defended: set[int] | None = None

    def state(self, world: World) -> Any:
        """A state consistent with this view (hidden enemy blocks count as ground units)."""
        if self._state is None:
            state = self._view.get("_state")
            if state is None:
                from .determinize import determinize

                state = determinize(self._view, world, random.Random(0))
            self._state = state
        return self._state

    def pocket_value(self, node: int, world: World) -> float:
        """Enemy steps a block of ours entering ``node`` would cut off from supply."""
        if self.pocket_box[0] is None:
            from .bite_pockets import find_pockets

            self.pocket_box[0] = find_pockets(self.state(world), self.side)
        return float(self.pocket_box[0].value(node))

    def supplied_at(self, node: int, nation: str, world: World) -> bool:
        """Whether a unit of ``nation`` standing in ``node`` would be in supply (4.3),
        judged from what this side sees (hidden enemy blocks count as ground units)."""
        if self._net is None:
            from hexfront.games.bite.rules.supply import compute

            self._net = compute(self.state(world), self.side)
        from hexfront.games.bite.rules.supply import SUPPLY_POWER

        return bool(self._net.lane_ok(SUPPLY_POWER.get(nation, nation), node))

    def enemy_strength(self, node: int) -> float:
        return sum(float(u.get("strength", HIDDEN_STRENGTH)) for u in self.at_enemy.get(node, []))

    def my_strength(self, node: int) -> float:
        return sum(
            float(u.get("strength", 0))
            for u in self.at_mine.get(node, [])
            if "fighter" not in str(u.get("cls"))
        )

    def reach(self) -> dict[int, list[dict[str, Any]]]:
        """Own units that can still enter each hex this phase, from the legal moves (or,
        without them, from the movement points each unit has left)."""
        if self._reach is None:
            reach: dict[int, list[dict[str, Any]]] = {}
            if self.legal is not None:
                seen: set[tuple[int, str]] = set()
                for a in self.legal:
                    if a.verb not in ("move", "blitz"):
                        continue
                    uid, to = str(a.args["unit"]), self.board.node(str(a.args["to"]))
                    if (to, uid) not in seen and uid in self.mine:
                        seen.add((to, uid))
                        reach.setdefault(to, []).append(self.mine[uid])
            else:
                for node in self.at_enemy:
                    for u in self.mine.values():
                        mp = int(u.get("mp_left") or 0)
                        if mp and u.get("hex") and u.get("cls") not in AIR_CLASS:
                            here = self.board.node(str(u["hex"]))
                            if here != node and self.board.distance(here, node) <= mp:
                                reach.setdefault(node, []).append(u)
            self._reach = reach
        return self._reach

    def nearest_enemy(self, node: int) -> int:
        near = self._nearest.get(node)
        if near is None:
            found = self.board.min_distance(node, self.enemy_nodes)
            near = self._nearest[node] = 99 if found is None else found
        return near


class HeuristicAgent:
    """The competent rule-based BITE player (see the module text)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, info: PublicInfo | None = None) -> None:
        self._rng = random.Random(seed)
        self._info = info
        # Distances to the nearest enemy and objective pulls of the last look, kept while
        # what they depend on stays the same (the enemy does not move during our phase).
        self._near_key: tuple[int, ...] | None = None
        self._near: dict[int, int] = {}
        self._pull_key: tuple[str, str, tuple[int, ...]] | None = None
        self._pulls: dict[int, float] = {}
        self._ring_pulls: dict[int, float] = {}
        # The pockets (bite_pockets.py) hang on who controls what and where the enemy
        # stands: a move of ours changes them only when it takes a hex.
        self._pocket_key: tuple[str, str, tuple[int, ...]] | None = None
        self._pocket_box: list[Any] = [None]
        # 31.0: what the reserve orders of one look weigh (_reserve), kept for that look.
        self._reserve_look: _Look | None = None
        self._reserve_memo: dict[str, Any] = {}

    def _public(self, view: dict[str, Any]) -> PublicInfo:
        if self._info is None:
            from hexfront.games.bite.game import Bite

            world = Bite().world(str(view["scenario"]), dict(view.get("options") or {}))
            self._info = public_info(world)
        return self._info

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.get("game") != "bite":  # another game: no rules knowledge, play at random
            return legal[self._rng.randrange(len(legal))]
        scored = self.scored(view, legal)
        best = max(s for s, _, _ in scored)
        top = [a for s, _, a in scored if s >= best - 1e-9]
        return top[self._rng.randrange(len(top))]

    def look(self, v: dict[str, Any], legal: Sequence[Action], info: PublicInfo) -> _Look:
        """This decision's look at the view, with the tables kept between decisions and
        the legal actions (from which the attack plans learn what can reach each hex)."""
        look = _Look(v, info.board)
        enemies = tuple(look.enemy_nodes)
        if enemies != self._near_key:
            self._near_key, self._near = enemies, {}
        look._nearest = self._near
        pull_key = (look.side, look.control, enemies)
        if pull_key != self._pull_key:
            self._pull_key, self._pulls, self._ring_pulls = pull_key, {}, {}
        look.pull, look.ring_pull = self._pulls, self._ring_pulls
        if pull_key != self._pocket_key:
            self._pocket_key, self._pocket_box = pull_key, [None]
        look.pocket_box = self._pocket_box
        look.legal = legal
        look.turns_left = info.world.scenario.last_turn - look.turn
        return look

    def scored(
        self, view: dict[str, JSON], legal: Sequence[Action]
    ) -> list[tuple[float, int, Action]]:
        """Every legal action with its score and index (a BITE view); the search agent
        takes its candidates and priors from here, so both judge a move the same way."""
        v: dict[str, Any] = dict(view)
        info = self._public(v)
        look = self.look(v, legal, info)
        return [(self._score(a, v, look, info), i, a) for i, a in enumerate(legal)]

    # --- scoring ---------------------------------------------------------------------

    def _score(self, a: Action, v: dict[str, Any], look: _Look, info: PublicInfo) -> float:
        verb = a.verb
        board = info.board
        if verb in ("done", "end_ground", "stand"):
            return 0.0
        if verb == "fight":
            return 1.0
        if verb in ("pick", "deploy", "reset"):
            return -1.0  # deployment by hand: the standard deployment is a sound one
        if verb == "cancel":
            return 1.0
        if verb == "move":
            if (
                self._cls(look, a) in bite_command.HQ_CLASSES
                and info.world.scenario.rules == "advanced"
            ):
                return self._hq_move(a, look, info)
            return self._move(a, v, look, info, exploit=str(v.get("phase")) == "exploitation")
        if verb == "blitz":
            return self._move(a, v, look, info, exploit=False) + 0.5
        if verb == "follow":
            return 1.0 if look.at_enemy.get(board.node(str(a.args["to"]))) else 0.5
        if verb == "rail":
            return self._rail(a, v, look, info)
        if verb == "fly":
            return self._fly(a, look, info)
        if verb == "react":
            cls = self._cls(look, a)
            if cls and cls not in AIR_CLASS:  # 31.0: armour held in reaction joins a battle
                to = board.node(str(a.args["to"]))
                mine = look.my_strength(to)
                return bite_command.reserve_move_score(look.enemy_strength(to), mine)
            return 2.0 if cls == "fighter" else 1.0
        if verb == "reserve":  # 31.0 (optional rule)
            return self._reserve(a, v, look, info)
        if verb == "rebase":
            to = board.node(str(a.args["to"]))
            return 1.0 - 0.1 * max(0, look.nearest_enemy(to) - 3)
        if verb == "repair":
            unit = look.mine.get(str(a.args["unit"]), {})
            away = None  # an Armor-HQ's hexes to the nearest place still to take
            if unit.get("cls") == "armor_hq" and unit.get("hex"):
                to_goal = self._goal_distance(look, info)
                away = to_goal(board.node(str(unit["hex"]))) if to_goal else None
            hq_repair = bite_command.repair_score(unit, away)
            if hq_repair is not None and info.world.scenario.rules == "advanced":
                return hq_repair
            node = board.node(str(unit["hex"])) if unit.get("hex") else -1
            front = 3.0 if node >= 0 and look.nearest_enemy(node) <= 2 else 1.0
            lent = 0.5 if "lend_lease" in a.args else 0.0  # 34.0: spares the yellow PP
            return front + 0.1 * float(unit.get("strength", 0)) + lent
        if verb in ("rebuild", "place"):
            at = board.node(str(a.args["hex"]))
            base = 2.0 if verb == "place" else 1.5 - 0.2 * int(a.args.get("pp", 1))
            garrison = self._garrison(-1, at, look, info)
            near = look.nearest_enemy(at)
            lent = 0.5 if "lend_lease" in a.args else 0.0  # 34.0: spares the yellow PP
            return base + garrison - 0.1 * abs(near - 2) - (0.5 if near <= 1 else 0.0) + lent
        if verb == "activate" and look.mine.get(str(a.args["hq"]), {}).get("cls") == "navy_hq":
            return self._navy_activation(a, look)  # 18.0, 24.0 (optional rules)
        if verb == "activate":
            return bite_command.activation_score(
                a,
                look.mine,
                board.node,
                board.distance,
                look.nearest_enemy,
                look.weather,
                look.turns_left,
                self._dry_turns_left(look, info),
                self._goal_distance(look, info),
            )
        if verb == "command":
            return bite_command.command_score(
                a, look.mine, board.node, look.nearest_enemy, self._goal_distance(look, info)
            )
        if verb == "aid":
            # Advanced Game: black PP repair the HQs whose steps are the armour's fuel
            # (13.6); Germany keeps them (saved beside yellow PP, 11.2) for its own HQs.
            return -1.0 if a.args.get("colour") == "black" else 0.3
        if verb == "raid":  # 35.1: every Western bomber flies, the richest city first
            return 1.0 + 0.1 * float(str(a.args.get("pp", 0)))
        if verb == "intercept":  # 35.1: the Reich's fighters meet the bombers
            return 1.0
        if verb == "stay":
            return 0.5
        if verb in ("escort", "scramble"):  # 23.0, 32.0: every fighter able meets the raid
            return 1.0 + 0.5 * len(cast(list[object], a.args.get("units") or []))
        if verb == "repair_interceptor":  # 35.1: cheap, and the next raid comes
            return 0.8
        if verb in ("sail", "airdrop", "land", "reembark"):
            return self._sea_air(a, look, info)  # 18.0, 23.0, 24.0 (optional rules)
        if verb == "disband":
            return -5.0
        if verb in FACTORY_VERBS:  # optional rules 15, 16 and 32
            return self._factory(a, v, look, info)
        if verb == "hit":
            unit = look.mine.get(str(a.args["unit"]), {})
            ladder = unit.get("ladder") or [1]
            return -float(ladder[0])  # the least valuable block takes the hit
        if verb == "retreat":
            return self._retreat(a, v, look, info)
        if verb == "eliminate":
            return -float(look.mine.get(str(a.args["unit"]), {}).get("strength", 0))
        return self._rng.random() * 0.1

    def _reserve(self, a: Action, v: dict[str, Any], look: _Look, info: PublicInfo) -> float:
        """31.0 (optional rule): armour held in reaction behind a threatened line, infantry
        motorized when its move now is worth little and own battles are near (see
        bite_command); any other reserve order is refused (below ``done``)."""
        if self._reserve_look is not look:
            self._reserve_look, self._reserve_memo = look, {}
        memo = self._reserve_memo
        board = info.board
        uid = str(a.args["unit"])
        unit = look.mine.get(uid, {})
        here = board.node(str(unit["hex"])) if unit.get("hex") else -1
        if a.args.get("mode") == "reaction":
            if "threatened" not in memo:
                mine_at = {n: look.my_strength(n) for n in look.at_mine}

                def enemy_next_to(n: int) -> float:
                    return sum(look.enemy_strength(x) for x in board.adjacency[n])

                memo["threatened"] = bite_command.threatened_stacks(
                    mine_at, enemy_next_to, look.nearest_enemy
                )
            return bite_command.reaction_reserve_score(
                unit, here, memo["threatened"], board.distance, look.nearest_enemy
            )
        key = f"best:{uid}"
        if key not in memo:
            memo[key] = max(
                (
                    self._move(m, v, look, info, exploit=False)
                    for m in look.legal or ()
                    if m.verb == "move" and str(m.args.get("unit")) == uid
                ),
                default=0.0,
            )
        if "battles" not in memo:
            started = [n for n in look.at_enemy if look.at_mine.get(n)]
            memo["battles"] = sorted(set(started) | (set(look.reach()) & set(look.at_enemy)))
        battles: list[int] = memo["battles"]
        near = here >= 0 and any(
            board.distance(here, n) <= bite_command.BATTLE_REACH for n in battles
        )
        return bite_command.motorize_score(unit, here, memo[key], near, look.nearest_enemy)

    def _navy_activation(self, a: Action, look: _Look) -> float:
        """24.0: the Navy-HQ is activated (a step at the end of the turn, 13.6) only in
        sunny weather with marines ready to land beside it: full strength, not yet moved."""
        hq = look.mine[str(a.args["hq"])]
        if look.weather != "good" or int(hq.get("strength", 0)) < max(hq.get("ladder") or [0]):
            return -1.0
        ready = [
            u
            for u in look.mine.values()
            if u.get("cls") == "marine"
            and u.get("hex") == hq.get("hex")
            and int(u.get("strength", 0)) >= max(u.get("ladder") or [0])
        ]
        return 1.0 if ready else -1.0

    def _sea_air(self, a: Action, look: _Look, info: PublicInfo) -> float:
        """Optional rules 18.0, 23.0, 24.0: the computer keeps its units on land (no naval
        moves, no re-embarking), but drops paratroopers or lands marines on an empty hex
        beside its own units and next to the enemy, to thicken the line; a drop or landing
        into the enemy, or away from friends, is declined."""
        if a.verb in ("sail", "reembark"):
            return -1.0
        board = info.board
        to = board.node(str(a.args["to"]))
        if look.at_enemy.get(to) or look.nearest_enemy(to) > 1:
            return -1.0
        friends = any(look.at_mine.get(n) for n in board.adjacency[to])
        return 0.2 if friends else -1.0

    def _factory(self, a: Action, v: dict[str, Any], look: _Look, info: PublicInfo) -> float:
        """New plants while the game is long enough for them to pay (15.1), at most three
        building a power; the cities far from the front; scorched centres repaired (16.0);
        factories sent east when the enemy is near (16.2); bombers at the enemy's works
        and stations while they are strong (32.0)."""
        verb = a.verb
        board = info.board
        node = board.node(str(a.args["hex"])) if a.args.get("hex") else -1
        if verb == "start_factory":
            rows = (v.get("flags") or {}).get("new_plants") or []
            building = sum(1 for r in rows if r[0] == a.args.get("power") and int(r[2]) < 10)
            return 0.2 if look.turns_left >= 14 and building < 3 else -1.0
        if verb == "build_factory":
            return 0.8 if look.turns_left >= 3 else -0.5
        if verb == "place_factory":
            return 0.5 + 0.05 * min(look.nearest_enemy(node), 10) if node >= 0 else 0.5
        if verb == "repair_centre":
            return 0.6 if look.turns_left >= 4 else -0.5
        if verb == "evacuate":
            return 1.5 if node >= 0 and look.nearest_enemy(node) <= 4 else -1.0
        # bomb: the works first, then the stations; a worn bomber stays home
        unit = look.mine.get(str(a.args["unit"]), {})
        if float(unit.get("strength", 0)) <= 1:
            return -1.0
        score = BOMB_TARGET_SCORE.get(str(a.args.get("target")), 0.0)
        if (v.get("prompt") or {}).get("kind") == "air":
            # 32.0 under the Italian 2.x rules: flown in the air stage, after the support
            # of a battle (2.0 and more) but before a rebase (at most 1.0) would ground it
            score += 1.0
        return score

    def _dry_turns_left(self, look: _Look, info: PublicInfo) -> int:
        """The turns after this one, to the scenario's end, whose weather may be good (9.0:
        fixed good, or rolled in May and October)."""
        weather = info.world.weather
        last = info.world.scenario.last_turn
        return sum(weather.get(t) in ("good", "variable") for t in range(look.turn + 1, last + 1))

    def _goal_distance(self, look: _Look, info: PublicInfo) -> Callable[[int], int] | None:
        """Hexes from a node to the nearest place this side wins by taking and does not
        hold yet (skipping those in hand, ``_in_hand``, while others are left), or None
        when the scenario has no such place. Built once per decision: the HQ moves ask it
        for every unit at every hex they might reach."""
        if look.goal_box:
            return look.goal_box[0]
        mark = "a" if look.side == "axis" else "s"
        goals = [g for g in info.decisive.get(look.side, ()) if look.control[g] != mark]
        found: Callable[[int], int] | None = None
        if goals:
            hand = self._hand(look, info)
            goals = [g for g in goals if g not in hand] or goals
            board = info.board
            known: dict[int, int] = {}

            def distance(node: int) -> int:
                away = known.get(node)
                if away is None:
                    away = known[node] = min(board.distance(node, g) for g in goals)
                return away

            found = distance
        look.goal_box.append(found)
        return found

    def _hq_move(self, a: Action, look: _Look, info: PublicInfo) -> float:
        board = info.board
        hq = look.mine.get(str(a.args["unit"]), {})
        if not hq.get("hex"):
            return 0.0
        return bite_command.hq_move_score(
            hq,
            board.node(str(hq["hex"])),
            board.node(str(a.args["to"])),
            look.mine,
            board.node,
            board.distance,
            look.nearest_enemy,
            look.weather,
            self._goal_distance(look, info),
        )

    def _cls(self, look: _Look, a: Action) -> str:
        return str(look.mine.get(str(a.args.get("unit")), {}).get("cls", ""))

    def _objective_pull(
        self, node: int, look: _Look, info: PublicInfo, ring: bool = False
    ) -> float:
        """Closer to an objective the side does not yet hold is better (attacker),
        closer to an objective it holds is better (defender). ``ring``: for a unit that
        stands around a place in hand (``_in_hand``), which stays its objective."""
        table = look.ring_pull if ring else look.pull
        pull = table.get(node)
        if pull is None:
            pull = table[node] = self._pull(node, look, info, ring)
        return pull

    def _hand(self, look: _Look, info: PublicInfo) -> frozenset[int]:
        """The Axis's places in hand in a game scored by a few cities (SBE5), else none."""
        if look.in_hand is None:
            look.in_hand = frozenset()
            if info.minor and look.side == "axis":
                want = [o for o in info.objectives if look.control[o] != "a"]
                look.in_hand, look.foot_hand = self._in_hand(want, look, info)
        return look.in_hand

    def _pull(self, node: int, look: _Look, info: PublicInfo, ring: bool = False) -> float:
        board = info.board
        want = (
            [
                o
                for o in info.objectives
                if (look.control[o] != ("a" if look.side == "axis" else "s"))
            ]
            if look.side == "axis"
            else list(info.objectives)
        )
        if not want:
            want = list(look.enemy_nodes[:10])
        if not want:
            return 0.0
        if info.minor and look.side == "axis":
            far = info.minor if ring else info.minor | self._hand(look, info)
            return -min(board.distance(node, o) + (MINOR_DETOUR if o in far else 0) for o in want)
        nearest = board.min_distance(node, want)
        assert nearest is not None  # want is not empty
        return -nearest

    def _in_hand(
        self, want: Sequence[int], look: _Look, info: PublicInfo
    ) -> tuple[frozenset[int], frozenset[int]]:
        """The places that score, not yet held, that the units already around them outweigh
        enough to take (``HAND_STEPS``, ``HAND_RATIO``), none when every one is; and those
        of them that the non-armoured units around them outweigh enough on their own, whose
        panzers may leave for the next place (as Panzergruppe 4 left Leningrad for Moscow)."""
        from hexfront.games.bite.rules.powers import may_attack, may_enter

        board = info.board
        world = info.world
        out: set[int] = set()
        by_foot: set[int] = set()
        for goal in want:
            if goal in info.minor:
                continue
            # Only the ground units that may attack the place and enter it count (5.3-5.8:
            # the Finns attack only inside their attack zone, which Leningrad is not in).
            own = foot = 0.0
            for n, units in look.at_mine.items():
                if board.distance(n, goal) > HAND_RADIUS:
                    continue
                for u in units:
                    spec = world.units.get(str(u["id"]))
                    if spec is None or not spec.is_ground or spec.cls in bite_command.HQ_CLASSES:
                        continue
                    state = look.state(world)  # built once per look, on first need
                    if may_attack(state, spec, goal, n) and may_enter(state, spec, goal, n):
                        own += float(u.get("strength", 0))
                        if spec.cls not in PANZERS:
                            foot += float(u.get("strength", 0))
            enemy = sum(
                look.enemy_strength(n)
                for n in look.at_enemy
                if board.distance(n, goal) <= HAND_RADIUS
            )
            if own >= HAND_STEPS and own >= HAND_RATIO * enemy:
                out.add(goal)
                if foot >= HAND_STEPS and foot >= HAND_RATIO * enemy:
                    by_foot.add(goal)
        if all(g in out or g in info.minor for g in want):
            return frozenset(), frozenset()  # nowhere else to go
        return frozenset(out), frozenset(by_foot)

    def _move(
        self, a: Action, v: dict[str, Any], look: _Look, info: PublicInfo, *, exploit: bool
    ) -> float:
        board = info.board
        unit = look.mine.get(str(a.args["unit"]), {})
        if not unit.get("hex"):
            return 0.0
        here = board.node(str(unit["hex"]))
        to = board.node(str(a.args["to"]))
        strength = float(unit.get("strength", 1))
        axis = look.side == "axis"
        gain = 0.0
        # Pull towards the objectives (or the enemy) compared with staying put; the units
        # around a place in hand go on with it while the others march on the next one.
        pull = PULL * (DECISIVE_PULL if info.decisive.get(look.side) else 1.0)
        panzer = str(unit.get("cls")) in PANZERS
        ring = any(
            board.distance(here, g) <= HAND_RADIUS and not (panzer and g in look.foot_hand)
            for g in self._hand(look, info)
        )
        gain += pull * (
            self._objective_pull(to, look, info, ring)
            - self._objective_pull(here, look, info, ring)
        )
        terrain = board.terrain[to]
        site = board.sites.get(to)
        gain += self._garrison(here, to, look, info)
        # The last turn of a game won only by taking a place: supply no longer matters.
        all_in = look.turns_left == 0 and bool(info.decisive.get(look.side))
        if look.at_enemy.get(to):
            gain += self._attack(unit, here, to, look, info) + 0.05 * strength
            nation = str(unit.get("nation", ""))
            if (
                not all_in
                and not look.supplied_at(here, nation, info.world)
                and not look.supplied_at(to, nation, info.world)
            ):
                gain -= 1.5  # a won hex beyond supply is a unit lost at Final Supply (7.9)
        else:
            # Cities (rail junctions) held by the enemy cut our supply lines: take them.
            mark = "a" if axis else "s"
            if site is not None and site.is_city and look.control[to] != mark:
                gain += 2.0 + (1.0 if board.rail_adjacency[to] else 0.0)
            # Hold good ground near the enemy; avoid running out of supply reach.
            near = look.nearest_enemy(to)
            if not axis:
                gain += 0.5 * ROUGH.get(terrain, 0) + (
                    1.0 if site is not None and site.is_city else 0.0
                )
                gain += 0.8 if near == 1 else 0.0
            if exploit and near <= 1:
                gain -= 0.5
            if to in info.ring.get(look.side, ()) and look.turns_left == 0:
                gain += DECISIVE_VALUE  # one more hex of the ring held at the end
            # The hex that closes a pocket: enemy armies beyond it lose their railway.
            # Measured in the Basic Game only (bench/ai.md); the Advanced Game waits for a
            # measurement of its own (SBE5's few games with it were no better).
            if info.world.scenario.rules == "basic":
                gain += POCKET * min(POCKET_CAP, look.pocket_value(to, info.world))
            nation = str(unit.get("nation", ""))
            if all_in:
                pass  # the game ends this turn: supply no longer matters
            elif not look.supplied_at(to, nation, info.world):
                gain -= 3.0  # out of supply at Final Supply means surrender (7.9)
            elif unit.get("oos"):
                gain += 3.0  # back into supply before it is too late
        return gain + self._rng.random() * 0.05

    # --- attack plans ------------------------------------------------------------------

    def _malus(self, to: int, look: _Look, info: PublicInfo) -> tuple[int, int, int]:
        """(Mali of attacking ground combat units, Mali of support and air units, Bonus
        of the defender) in ``to`` (BOX 1, 9.3)."""
        board = info.board
        site = board.sites.get(to)
        ground = ROUGH.get(board.terrain[to], 0)
        support = 0
        bonus = 0
        if site is not None and site.is_major:
            ground += 1
            bonus += 1
        if site is not None and site.type == "fortress":
            ground += 2
            support += 2
            bonus += 2
        if look.weather == "rain":
            ground += 1
            bonus += 1
        elif look.weather == "snow":
            ground += 1 if look.side == "axis" else 0
            support += 1
        return ground, support, bonus

    def _defence(self, to: int, look: _Look, info: PublicInfo) -> float:
        """The defender's expected hits per round in ``to``, from what the view shows."""
        power = look._defence.get(to)
        if power is not None:
            return power
        _, _, bonus = self._malus(to, look, info)
        enemy = "soviet" if look.side == "axis" else "axis"
        steps, fire = info.hidden.get(enemy, (HIDDEN_STRENGTH, 1 / 6))
        start = info.world.scenario.start_turn
        wear = max(0.6, 1.0 - WEAR_PER_TURN * (look.turn - start))
        power = 0.0
        for u in look.at_enemy.get(to, []):
            uid = u.get("id")
            if "strength" in u and uid in info.world.units:
                spec = info.world.units[str(uid)]
                if spec.is_ground:
                    fp = info.world.profile(str(uid), look.turn).defence
                    power += float(u["strength"]) * faces(fp, bonus)
            else:
                hits = fire + bonus / 6.0 if fire > 0 else 0.0
                power += steps * wear * hits
        look._defence[to] = power
        return power

    def _firepower(
        self, u: dict[str, Any], to: int, look: _Look, info: PublicInfo, air: bool = False
    ) -> float:
        """Expected hits per round an own unit adds to an attack on ``to``."""
        uid = str(u.get("id", ""))
        if uid not in info.world.units:
            return 0.0
        cls = str(u.get("cls", ""))
        steps = float(u.get("strength", 0))
        profile = info.world.profile(uid, look.turn)
        ground, support, _ = self._malus(to, look, info)
        if cls in AIR_CLASS:
            if not air:
                return 0.0
            return AIR_WEIGHT * steps * faces(profile.a2g) * 0.5**support
        if cls in SUPPORT_CLASS:
            return steps * faces(profile.attack) * 0.5**support
        return steps * faces(profile.attack) * 0.5**ground

    def _air_support(self, to: int, look: _Look, info: PublicInfo) -> float:
        """Own air units that may fly a mission to ``to`` after the ground moves."""
        if look.weather == "rain" or str(look._view.get("phase")) != "movement":
            return 0.0
        total = 0.0
        for uid, u in look.mine.items():
            if u.get("cls") not in AIR_CLASS or not u.get("hex") or uid not in info.world.units:
                continue
            here = info.board.node(str(u["hex"]))
            if info.board.distance(here, to) <= info.world.profile(uid, look.turn).range:
                total += self._firepower(u, to, look, info, air=True)
        return total

    def _target_value(self, to: int, look: _Look, info: PublicInfo) -> float:
        board = info.board
        mark = "a" if look.side == "axis" else "s"
        value = 0.0
        site = board.sites.get(to)
        if to in info.objectives and look.control[to] != mark:
            value += 2.0
        if site is not None and site.is_major:
            value += 1.0
        defended = self._defended(look, info)
        if defended and (board.min_distance(to, sorted(defended)) or 99) <= 2:
            value += 1.0  # an enemy stack next to what we must hold: counterattack
        return value

    def _attack(
        self, unit: dict[str, Any], here: int, to: int, look: _Look, info: PublicInfo
    ) -> float:
        """A move into an enemy hex: the battle it starts or joins, judged by all the
        firepower that can take part against what the defender is thought to have."""
        theirs = self._defence(to, look, info)
        urgency, stake = self._stake(to, look, info)
        need = urgency * ATTACK_RATIO.get(look.side, 1.4) * max(theirs, 0.1)
        own = self._firepower(unit, to, look, info)
        committed = sum(
            self._firepower(u, to, look, info)
            for u in look.at_mine.get(to, [])
            if u.get("cls") not in AIR_CLASS
        )
        uid = unit.get("id")
        followers = sum(
            self._firepower(u, to, look, info)
            for u in look.reach().get(to, [])
            if u.get("id") != uid and u.get("hex") and info.board.node(str(u["hex"])) != to
        )
        air = self._air_support(to, look, info)
        plan = committed + own + followers + air
        value = self._target_value(to, look, info) + stake
        if look.at_mine.get(to):  # the battle is on: send what it still needs
            have = committed + air
            if plan < need * 0.7:
                return 4.0 * (plan / need - 1.0)  # lost cause: do not feed it
            if have < need:
                return 6.0 + value + own / need
            if have < 2.0 * need:
                return 2.5 + 0.5 * value  # a margin: fewer losses, a surer win
            return 0.5
        odds = plan / need
        if odds < 1.0:
            return 4.0 * (odds - 1.0) - 1.0
        return 3.0 + value + min(2.0, 2.0 * (odds - 1.0))

    def _stake(self, to: int, look: _Look, info: PublicInfo) -> tuple[float, float]:
        """(How much of the usual odds an attack on ``to`` needs, what it adds to the
        target's value) when the game is decided there: a place whose capture wins it
        (SBE1's Leningrad, SBE2's Moscow) or an enemy stack in the ring of a place the side
        wins by surrounding (SBE2). With the last turn at hand a draw is all that caution
        keeps, so worse odds are worth taking; earlier, the usual odds stand."""
        mark = "a" if look.side == "axis" else "s"
        if to in info.decisive.get(look.side, ()) and look.control[to] != mark:
            return DECISIVE_URGENCY.get(look.turns_left, 1.0), DECISIVE_VALUE
        if to in info.ring.get(look.side, ()) and look.turns_left <= 1:
            return DECISIVE_URGENCY.get(look.turns_left + 1, 1.0), 0.5 * DECISIVE_VALUE
        return 1.0, 0.0

    # --- garrisons -----------------------------------------------------------------

    def _defended(self, look: _Look, info: PublicInfo) -> set[int]:
        """Objectives this side holds and its own capitals in play."""
        if look._defended is None:
            mark = "a" if look.side == "axis" else "s"
            held = {o for o in info.objectives if look.control[o] == mark}
            held.update(c for c in info.capitals.get(look.side, ()) if look.control[c] == mark)
            look._defended = held
        return look._defended

    def _garrison(self, here: int, to: int, look: _Look, info: PublicInfo) -> float:
        """Each side keeps a block in each threatened objective or capital it holds (two
        when the enemy is within 2 hexes): an empty one falls to the first enemy block that
        walks in (3.3)."""
        gain = 0.0
        defended = self._defended(look, info)
        for node, sign in ((to, 1.0), (here, -1.0)):
            if node not in defended:
                continue
            near = look.nearest_enemy(node)
            if near > GARRISON_RANGE:
                continue
            others = [u for u in look.at_mine.get(node, []) if u.get("cls") not in AIR_CLASS]
            if sign < 0:
                others = others[1:]  # this block itself stands there
            if not others:
                gain += sign * (GARRISON_BONUS + (GARRISON_RANGE - near))
            elif len(others) < self._garrison_size(node, near, look, info):
                gain += sign * 0.5 * GARRISON_BONUS  # the enemy is at the gates: more
        return gain

    def _garrison_size(self, node: int, near: int, look: _Look, info: PublicInfo) -> int:
        """Blocks a threatened place needs: one; two with the enemy within 2 hexes; and a
        place whose loss loses the game (SBE1's Leningrad, SBE2's Moscow) one more, and
        another in the last two turns, when the attacker has nothing left to save."""
        size = 2 if near <= 2 else 1
        enemy = "soviet" if look.side == "axis" else "axis"
        if node in info.decisive.get(enemy, ()) and near <= 4:
            size += 1 + (1 if look.turns_left <= 1 else 0)
        return size

    def _rail(self, a: Action, v: dict[str, Any], look: _Look, info: PublicInfo) -> float:
        board = info.board
        unit = look.mine.get(str(a.args["unit"]), {})
        if not unit.get("hex"):
            return -1.0
        if bite_command.keeps_points_for_armour(
            a.args.get("hq"), v.get("hq"), look.mine, board.node, look.nearest_enemy
        ):
            return -1.0  # 13.8: the Supreme HQ's point moves a panzer corps instead
        here = board.node(str(unit["hex"]))
        to = board.node(str(a.args["to"]))
        garrison = self._garrison(here, to, look, info)
        if garrison:
            return garrison  # by rail into a threatened, empty objective
        before, after = look.nearest_enemy(here), look.nearest_enemy(to)
        if before <= 4:
            return -1.0  # already at the front
        score = 0.2 * (before - after) - 0.5
        if info.minor and look.side == "axis":
            # SBE5: the railways carry the reserves to the front that leads to the places
            # that score (Moscow), not merely to the nearest enemy.
            gain = self._objective_pull(to, look, info) - self._objective_pull(here, look, info)
            score += RAIL_PULL * gain
        return score

    def _fly(self, a: Action, look: _Look, info: PublicInfo) -> float:
        board = info.board
        to = board.node(str(a.args["to"]))
        cls = self._cls(look, a)
        mine = look.my_strength(to)
        if mine <= 0:
            return (
                1.0
                if cls in ("bomber", "strategic_bomber") and look.enemy_strength(to) <= 2
                else -0.5
            )
        return 2.0 + 0.1 * mine

    def _retreat(self, a: Action, v: dict[str, Any], look: _Look, info: PublicInfo) -> float:
        board = info.board
        prompt = v.get("prompt") or {}
        battle = (
            board.node(str(prompt.get("data", {}).get("hex")))
            if prompt.get("data", {}).get("hex")
            else -1
        )
        unit = look.mine.get(str(a.args["unit"]), {})
        if battle < 0:
            return -1.0
        if "fighter" in str(unit.get("cls")) or "bomber" in str(unit.get("cls")):
            return -0.2
        mine = look.my_strength(battle)
        theirs = look.enemy_strength(battle)
        return (theirs / max(mine, 0.5)) - 2.0
