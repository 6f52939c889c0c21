"""The BITE heuristic as it stood before issue 13, frozen as agent ``heuristic-v1``.

Kept unchanged for comparison (bench/ai.md measures the current heuristic against it).
The original description follows.

It reads the view and the legal actions, plus public knowledge (the map, the catalogue
of blocks, the Tech Level Chart, the scenario's objectives: everything printed in the
box), and scores each legal action:

* ground moves: pull towards the objectives, attack only at good odds (more own dice
  than the estimated enemy's, with the terrain's Mali counted), stay in supply reach,
  prefer strong defensive terrain when holding;
* production: repair front-line units first, rebuild the cheapest, place reinforcements
  nearest the front; rail: send idle rear units to the front;
* air: support own attacks and defend own battles; rebase towards the front;
* combat: the cheapest unit takes a tied hit; retreat when clearly outmatched;
* blitz and exploitation: push armour into weak or empty hexes towards the objectives.

Hidden enemy blocks are estimated at an average strength.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.games.bite.board import Board
from hexfront.games.bite.state import World
from hexfront.games.bite.units import AIR_CLASS

HIDDEN_STRENGTH = 3.0  # an unseen enemy block is guessed at this many steps
ROUGH = {"forest": 1, "hills": 1, "mountains": 2, "swamp": 1}
GARRISON_RANGE = 8  # hexes: an enemy this close threatens an objective
GARRISON_BONUS = 6.0


@dataclass(frozen=True, slots=True)
class PublicInfo:
    """What both players know from the box: map, blocks, charts, objectives."""

    board: Board
    world: World
    objectives: tuple[int, ...]


def public_info(world: World) -> PublicInfo:
    board = world.board
    names: list[str] = []
    victory = world.scenario.victory
    names.extend(str(c) for c in victory.get("places", []))
    for cond in victory.get("condition", []):
        names.extend(str(c) for c in cond.get("places", []))
        if cond.get("place"):
            names.append(str(cond["place"]))
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
    return PublicInfo(board, world, tuple(nodes))


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
        self._nearest: dict[int, int] = {}
        self.pull: dict[int, float] = {}  # objective pull per hex, for this one look

    def supplied_at(self, node: int, nation: str, world: World) -> bool:
        """Whether a unit of ``nation`` standing in ``node`` would be in supply (4.3),
        judged from what this side sees (hidden enemy blocks count as ground units)."""
        if self._net is None:
            from hexfront.games.bite.rules.supply import compute

            state = self._view.get("_state")
            if state is None:
                from .determinize import determinize

                state = determinize(self._view, world, random.Random(0))
            self._net = compute(state, self.side)
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

    def nearest_enemy(self, node: int) -> int:
        near = self._nearest.get(node)
        if near is None:
            found = self.board.min_distance(node, self.enemy_nodes)
            near = self._nearest[node] = 99 if found is None else found
        return near


class HeuristicV1Agent:
    """The first rule-based BITE player (see the module text), frozen."""

    name = "heuristic-v1"

    def __init__(self, seed: int = 0, info: PublicInfo | None = None) -> None:
        self._rng = random.Random(seed)
        self._info = info
        # Distances to the nearest enemy and objective pulls of the last look, kept while
        # what they depend on stays the same (the enemy does not move during our phase).
        self._near_key: tuple[int, ...] | None = None
        self._near: dict[int, int] = {}
        self._pull_key: tuple[str, str, tuple[int, ...]] | None = None
        self._pulls: dict[int, float] = {}

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
        v: dict[str, Any] = dict(view)
        info = self._public(v)
        look = _Look(v, info.board)
        enemies = tuple(look.enemy_nodes)
        if enemies != self._near_key:
            self._near_key, self._near = enemies, {}
        look._nearest = self._near
        pull_key = (look.side, look.control, enemies)
        if pull_key != self._pull_key:
            self._pull_key, self._pulls = pull_key, {}
        look.pull = self._pulls
        scored = [(self._score(a, v, look, info), i, a) for i, a in enumerate(legal)]
        best = max(s for s, _, _ in scored)
        top = [a for s, _, a in scored if s >= best - 1e-9]
        return top[self._rng.randrange(len(top))]

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
            return self._move(a, v, look, info, exploit=str(v.get("phase")) == "exploitation")
        if verb == "blitz":
            return self._move(a, v, look, info, exploit=False) + 0.5
        if verb == "follow":
            return 1.0 if look.at_enemy.get(board.node(str(a.args["to"]))) else 0.5
        if verb == "rail":
            return self._rail(a, look, info)
        if verb == "fly":
            return self._fly(a, look, info)
        if verb == "react":
            return 2.0 if self._cls(look, a) == "fighter" else 1.0
        if verb == "rebase":
            to = board.node(str(a.args["to"]))
            return 1.0 - 0.1 * max(0, look.nearest_enemy(to) - 3)
        if verb == "repair":
            unit = look.mine.get(str(a.args["unit"]), {})
            node = board.node(str(unit["hex"])) if unit.get("hex") else -1
            front = 3.0 if node >= 0 and look.nearest_enemy(node) <= 2 else 1.0
            return front + 0.1 * float(unit.get("strength", 0))
        if verb in ("rebuild", "place"):
            at = board.node(str(a.args["hex"]))
            base = 2.0 if verb == "place" else 1.5 - 0.2 * int(a.args.get("pp", 1))
            garrison = self._garrison(-1, at, look, info) if look.side == "soviet" else 0.0
            return base + garrison - 0.02 * look.nearest_enemy(at)
        if verb == "aid":
            return 0.3
        if verb == "disband":
            return -5.0
        if verb == "hit":
            unit = look.mine.get(str(a.args["unit"]), {})
            ladder = unit.get("ladder") or [1]
            return -float(ladder[0])  # the least valuable block takes the hit
        if verb == "retreat":
            return self._retreat(a, v, look, info)
        if verb == "eliminate":
            return -float(look.mine.get(str(a.args["unit"]), {}).get("strength", 0))
        return self._rng.random() * 0.1

    def _cls(self, look: _Look, a: Action) -> str:
        return str(look.mine.get(str(a.args.get("unit")), {}).get("cls", ""))

    def _objective_pull(self, node: int, look: _Look, info: PublicInfo) -> float:
        """Closer to an objective the side does not yet hold is better (attacker),
        closer to an objective it holds is better (defender)."""
        pull = look.pull.get(node)
        if pull is None:
            pull = look.pull[node] = self._pull(node, look, info)
        return pull

    def _pull(self, node: int, look: _Look, info: PublicInfo) -> float:
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
        nearest = board.min_distance(node, want)
        assert nearest is not None  # want is not empty
        return -nearest

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
        # Pull towards the objectives (or the enemy) compared with staying put.
        gain += 0.6 * (
            self._objective_pull(to, look, info) - self._objective_pull(here, look, info)
        )
        terrain = board.terrain[to]
        site = board.sites.get(to)
        if not axis:
            gain += self._garrison(here, to, look, info)
        if look.at_enemy.get(to):
            mine = look.my_strength(to) + strength
            theirs = look.enemy_strength(to)
            malus = ROUGH.get(terrain, 0) + (1 if site is not None and site.is_major else 0)
            if site is not None and site.type == "fortress":
                malus += 2
            attack = mine / (2**malus)
            odds = attack / max(theirs, 0.5)
            needed = 1.0 if axis else 1.4
            gain += 4.0 * (odds - needed) + (
                1.0 if not look.at_mine.get(to) and odds > needed else 0
            )
            if not look.supplied_at(to, str(unit.get("nation", "")), info.world):
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
            nation = str(unit.get("nation", ""))
            if not look.supplied_at(to, nation, info.world):
                gain -= 3.0  # out of supply at Final Supply means surrender (7.9)
            elif unit.get("oos"):
                gain += 3.0  # back into supply before it is too late
        return gain + self._rng.random() * 0.05

    def _garrison(self, here: int, to: int, look: _Look, info: PublicInfo) -> float:
        """The defender keeps a block in each threatened objective it holds: an empty
        objective falls to the first enemy block that walks in (3.3)."""
        gain = 0.0
        for node, sign in ((to, 1.0), (here, -1.0)):
            if node not in info.objectives or look.control[node] != "s":
                continue
            near = look.nearest_enemy(node)
            if near > GARRISON_RANGE:
                continue
            others = [u for u in look.at_mine.get(node, []) if u.get("cls") not in AIR_CLASS]
            if sign < 0:
                others = others[1:]  # this block itself stands there
            if not others:
                gain += sign * (GARRISON_BONUS + (GARRISON_RANGE - near))
        return gain

    def _rail(self, a: Action, look: _Look, info: PublicInfo) -> float:
        board = info.board
        unit = look.mine.get(str(a.args["unit"]), {})
        if not unit.get("hex"):
            return -1.0
        here = board.node(str(unit["hex"]))
        to = board.node(str(a.args["to"]))
        if look.side == "soviet":
            garrison = self._garrison(here, to, look, info)
            if garrison:
                return garrison  # by rail into a threatened, empty objective
        before, after = look.nearest_enemy(here), look.nearest_enemy(to)
        if before <= 4:
            return -1.0  # already at the front
        return 0.2 * (before - after) - 0.5

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
