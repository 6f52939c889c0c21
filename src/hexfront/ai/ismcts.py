"""Information-Set Monte Carlo Tree Search for BITE, budgeted for long multi-unit turns.

Each iteration draws a determinization of the current information set (own blocks known,
hidden enemy blocks sampled from the unaccounted counter mix; ``determinize.py``), picks a
root action by UCB1 over the information set's legal actions, and plays it out with the
heuristic policy for both sides until the current side's phases end (a macro-step: one
side's whole turn, so that moves are judged by the battles they lead to), then scores the
position. Root actions are the heuristic's best few (progressive widening by the
heuristic prior), which keeps the branching of a 100-unit movement phase manageable, plus
the best attack on a scenario objective, whose odds the heuristic can only guess.

Statistics are kept per action of the information set, shared across determinizations,
so the search never uses knowledge of any single sampled world (this is what separates
ISMCTS from cheating "perfect information" search).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.victory import verdict
from hexfront.games.bite.state import CONTROL_LETTER, BiteState

from .bite_heuristic import HeuristicAgent, PublicInfo, _Look
from .determinize import determinize

ROLLOUT_LIMIT = 300  # actions per playout, a safety net for the macro-step horizon
MIN_VISITS = 3  # playouts an alternative needs before it may overrule the heuristic
MARGIN = 0.02  # how much better (in evaluation units, 0..1) it must look
PRIOR_SCALE = 2.0  # heuristic score points over which a candidate's prior falls by 1/e
PRIOR_WEIGHT = 0.3  # the prior's pull on the choice of the next playout, fading with visits
CRITICAL = frozenset({"retreat", "allocate_hit", "choose_battle", "blitz", "reaction"})


def fast_view(state: BiteState, side: str, game: Bite) -> dict[str, Any]:
    """The parts of a view the heuristic reads, built straight from a (sampled) state.

    Used only inside the search, on states the agent sampled itself; enemy strengths stay
    unknown unless revealed, as in a real view.
    """
    board = state.w.board
    units: list[dict[str, Any]] = []
    for p in state.on_map():
        spec = state.spec(p)
        u: dict[str, Any] = {
            "handle": p.handle,
            "side": p.side,
            "hex": board.id_of(p.node),
            "oos": p.oos,
        }
        if p.side == side or p.revealed:
            u.update(
                id=p.uid,
                strength=state.strength(p),
                cls=spec.cls,
                ladder=spec.ladder,
                nation=spec.nation,
            )
            if p.side == side and spec.is_ground:
                u["mp_left"] = p.mp_left
        units.append(u)
    d = game.decision(state)
    return {
        "game": "bite",
        "side": side,
        "scenario": state.scenario,
        "turn": state.turn,
        "weather": state.weather,
        "phase": state.phase,
        "phasing": state.phasing,
        "units": units,
        "control": "".join(CONTROL_LETTER.get(c, "-") for c in state.control),
        "prompt": d.prompt.to_json() if d is not None else None,
        "_state": state,  # the agent's own sample: lets the policy judge supply quickly
    }


def evaluate(state: BiteState, side: str, objectives: Sequence[int] = ()) -> float:
    """A score in [0, 1] for ``side``: material, cities, supply, the scenario verdict, and
    for the Axis (the attacker of every basic scenario) how close it stands to the
    objectives it does not hold yet."""
    enemy = "soviet" if side == "axis" else "axis"
    material = {side: 0.0, enemy: 0.0}
    for p in state.on_map():
        s = float(state.strength(p))
        if p.oos:
            s *= 0.4  # likely to surrender
        material[p.side] += s
    board = state.w.board
    cities = {side: 0, enemy: 0}
    for node, site in board.sites.items():
        if site.is_major or site.victory:
            owner = state.control[node]
            if owner in cities:
                cities[owner] += 3 if site.victory else 1
    v = verdict(state)
    outcome = 0.0
    if v["winner"] == side:
        outcome = 1.0
    elif v["winner"] == enemy:
        outcome = -1.0
    total = material[side] + material[enemy]
    balance = (material[side] - material[enemy]) / max(total, 1.0)
    city_balance = (cities[side] - cities[enemy]) / max(cities[side] + cities[enemy], 1)
    x = 2.0 * balance + 1.0 * city_balance + 1.5 * outcome
    wanted = [o for o in objectives if state.control[o] != "axis"]
    if wanted:
        closest = min(
            (
                board.distance(p.node, o)
                for p in state.on_map("axis")
                if state.spec(p).is_ground
                for o in wanted
            ),
            default=30,
        )
        x += (-0.08 if side == "axis" else 0.08) * closest
    return 1.0 / (1.0 + math.exp(-x))


class ISMCTSAgent:
    """Search agent (see the module text). ``budget`` is seconds per decision."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        info: PublicInfo | None = None,
        *,
        budget: float = 2.0,
        max_iterations: int = 200,
        width: int = 6,
        exploration: float = 0.7,
    ) -> None:
        self._rng = random.Random(seed)
        self._info = info
        self.budget = budget
        self.max_iterations = max_iterations
        self.width = width
        self.exploration = exploration
        self._prior = HeuristicAgent(seed, info)
        self.last_iterations = 0
        self.on_progress: Any = None  # callback(fraction) for "thinking" displays

    def _public(self, view: dict[str, Any]) -> PublicInfo:
        if self._info is None:
            self._info = self._prior._public(view)
        return self._info

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view.get("game") != "bite":
            return self._prior.choose(view, legal)
        v: dict[str, Any] = dict(view)
        info = self._public(v)
        side = str(v["side"])
        look = _Look(v, info.board)
        candidates, prior = self._ranked(v, legal, look, info)
        if len(candidates) == 1 or not self._critical(v, candidates, look, info):
            return candidates[0]  # routine choices follow the heuristic; search the rest
        visits = [0] * len(candidates)
        value = [0.0] * len(candidates)
        game = Bite(world_loader=lambda s, o: info.world)
        # When some candidate attacks, every candidate is judged the same way: by the
        # battle it starts (none for a quiet move), so their values compare.
        battle_mode = any(self._attack_target(a, look, info) for a in candidates)
        started = time.perf_counter()
        deadline = started + self.budget
        it = 0
        while it < self.max_iterations and time.perf_counter() < deadline:
            it += 1
            k = self._select(visits, value, it, prior)
            world_state = determinize(v, info.world, self._rng)
            reward = self._playout(game, world_state, candidates[k], side, info, battle_mode)
            if reward is None:  # the action is not legal in this sampled world
                visits[k] += 1
                value[k] += 0.0
                continue
            visits[k] += 1
            value[k] += reward
            if self.on_progress is not None:
                spent = (time.perf_counter() - started) / max(self.budget, 1e-9)
                self.on_progress(min(1.0, max(it / self.max_iterations, spent)))
        self.last_iterations = it

        # The heuristic's first choice stands unless the search finds a clearly better
        # one: search corrects tactical misjudgements, the heuristic keeps the strategy.
        def mean(i: int) -> float:
            return value[i] / visits[i] if visits[i] else 0.0

        best = 0
        challenger = max(range(len(candidates)), key=lambda i: (mean(i), visits[i]))
        if (
            challenger != 0
            and visits[challenger] >= MIN_VISITS
            and visits[0] >= MIN_VISITS
            and mean(challenger) > mean(0) + MARGIN
        ):
            best = challenger
        return candidates[best]

    def candidates(self, view: dict[str, JSON], legal: Sequence[Action]) -> list[Action]:
        """The root actions the search weighs, the heuristic's favourite first."""
        v: dict[str, Any] = dict(view)
        info = self._public(v)
        return self._ranked(v, legal, _Look(v, info.board), info)[0]

    def _ranked(
        self, v: dict[str, Any], legal: Sequence[Action], look: _Look, info: PublicInfo
    ) -> tuple[list[Action], list[float]]:
        """The root actions and their priors: the heuristic scores every legal action
        exactly as it does when it plays (attack plans from the legal moves), keeps its
        best few, and its scores, squashed to (0, 1] from the best down, bias the search
        towards them while they have few visits (progressive bias)."""
        scored = sorted(self._prior.scored(v, legal), key=lambda t: (-t[0], t[1]))
        chosen = scored[: self.width]
        # An attack on an objective is always weighed, however poor the heuristic's
        # guess of the odds: the sampled defenders show what the hidden blocks may be.
        for t in scored[self.width :]:
            if self._attack_target(t[2], look, info) and self._objective(t[2], info):
                chosen.append(t)
                break
        top = chosen[0][0]
        prior = [math.exp(-max(0.0, top - s) / PRIOR_SCALE) for s, _, _ in chosen]
        return [a for _, _, a in chosen], prior

    def _critical(
        self, v: dict[str, Any], candidates: Sequence[Action], look: _Look, info: PublicInfo
    ) -> bool:
        """Search where choices decide battles: attacks, blitzes, retreats, hits, battles."""
        prompt = v.get("prompt") or {}
        if prompt.get("kind") in CRITICAL:
            return True
        for a in candidates:
            to = a.args.get("to")
            attacking = a.verb in ("move", "blitz", "fly") and to is not None
            if attacking and look.at_enemy.get(info.board.node(str(to))):
                return True
        return False

    def _select(
        self, visits: list[int], value: list[float], it: int, prior: Sequence[float] = ()
    ) -> int:
        for i, n in enumerate(visits):
            if n == 0:
                return i
        logn = math.log(it)

        def ucb(i: int) -> float:
            bias = PRIOR_WEIGHT * prior[i] / (1 + visits[i]) if i < len(prior) else 0.0
            return value[i] / visits[i] + self.exploration * math.sqrt(logn / visits[i]) + bias

        return max(range(len(visits)), key=ucb)

    @staticmethod
    def _attack_target(a: Action, look: _Look, info: PublicInfo) -> bool:
        to = a.args.get("to")
        return (
            a.verb in ("move", "blitz", "fly")
            and to is not None
            and bool(look.at_enemy.get(info.board.node(str(to))))
        )

    @staticmethod
    def _objective(a: Action, info: PublicInfo) -> bool:
        return info.board.node(str(a.args["to"])) in info.objectives

    def _playout(
        self,
        game: Bite,
        state: BiteState,
        action: Action,
        side: str,
        info: PublicInfo,
        battle_mode: bool = False,
    ) -> float | None:
        """Play the sampled world forward from ``action`` and score it for ``side``.

        A move into an enemy hex is judged by its battle: the side stops moving, that
        battle is fought first, and the playout ends when it is over (a cheap, focused
        horizon; the sampled defenders make the odds real). Other choices play on to the
        end of the side's turn.
        """
        if action not in game.legal_actions(state, action.side):
            return None
        board = state.w.board
        focus: str | None = None
        to = action.args.get("to")
        if action.verb in ("move", "blitz", "fly") and to is not None:
            node = board.node(str(to))
            if any(p.side != side for p in state.at(node)):
                focus = board.id_of(node)
        if focus is None and action.verb == "fight":
            focus = str(action.args["hex"])
        pending = game.decision(state)
        if (
            focus is None
            and pending is not None
            and pending.prompt.kind in ("retreat", "allocate_hit")
        ):
            focus = str(pending.prompt.data.get("hex"))
        start = len(state.log)
        game.apply(state, action)
        if battle_mode and focus is None:
            return evaluate(state, side, info.objectives)  # a quiet move: no battle
        phasing, turn = state.phasing, state.turn
        policy = {
            "axis": HeuristicAgent(self._rng.randrange(1 << 30), info),
            "soviet": HeuristicAgent(self._rng.randrange(1 << 30), info),
        }
        for _ in range(ROLLOUT_LIMIT):
            if game.is_over(state) or state.phasing != phasing or state.turn != turn:
                break
            if focus is not None and any(
                e.kind == "battle_over" and e.data.get("hex") == focus for e in state.log[start:]
            ):
                break
            d = game.decision(state)
            if d is None:
                break
            who = d.prompt.side
            choice = self._focused(d.actions, d.prompt.kind, focus) if focus is not None else None
            if choice is None:
                choice = policy[who].choose(fast_view(state, who, game), d.actions)
            game.apply(state, choice)
        return evaluate(state, side, info.objectives)

    @staticmethod
    def _focused(actions: Sequence[Action], kind: str, focus: str) -> Action | None:
        """In a focused playout: stop moving, and fight the battle in question first."""
        for a in actions:
            if kind in ("move", "air", "rail", "production") and a.verb in ("end_ground", "done"):
                return a
            if kind == "choose_battle" and a.verb == "fight" and a.args.get("hex") == focus:
                return a
        return None
