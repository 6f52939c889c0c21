"""BITE as a PettingZoo AEC environment, for reinforcement-learning research.

Two agents, ``"axis"`` and ``"soviet"``, take turns as the rules ask (one side may act
many times in a row). Each observes only its own side's view (the same redacted view a
player or our agents get, 1.3), encoded as arrays:

* ``observation``: one row per map hex (``HEX_FEATURES`` columns): own ground and air strength,
  own blocks, enemy blocks seen, enemy strength revealed, who holds the hex (+1 own,
  -1 enemy), own blocks out of supply, enemy blocks seen moving this turn;
* ``globals``: turn and last turn (scaled), whether this side is the phasing side and the
  one to act, its production points (scaled), the phase's index;
* ``action_mask``: 1 for each index of the acting side's legal actions (an action is an
  index into the rules' own list of legal actions, in its order), 0 elsewhere; all zero
  for the side not acting.

The action space is ``Discrete(MAX_ACTIONS)``: the largest listing seen in random games
is a rail phase of about 38,000 actions. A listing longer than ``MAX_ACTIONS`` raises
:class:`TooManyActions` instead of hiding actions. Rewards come at the end: the verdict's
score (1 a win, 0.5 a draw, 0 a loss) minus 0.5, so a win is +0.5 and a loss -0.5.

>>> env = BiteEnv("SBE1")
>>> env.reset(seed=3)
>>> env.agent_selection, env.observe("axis")["observation"].shape[1] == len(HEX_FEATURES)
('axis', True)
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState

MAX_ACTIONS = 65_536
HEX_FEATURES = (
    "own_ground_strength",
    "own_air_strength",
    "own_blocks",
    "enemy_blocks",
    "enemy_revealed_strength",
    "holder",
    "own_out_of_supply",
    "enemy_moved",
)
GLOBAL_FEATURES = ("turn", "last_turn", "phasing", "acting", "pp", "phase")
PHASES = (
    "deployment",
    "supply",
    "production",
    "rail",
    "movement",
    "reaction",
    "combat",
    "blitz",
    "final_supply",
    "exploitation",
    "victory",
)
_STRENGTH_SCALE = 10.0  # a stack's strength over ten: most values fall in 0..2
_PP_SCALE = 100.0
_AIR_CLASSES = frozenset({"fighter", "bomber", "air"})


class TooManyActions(RuntimeError):
    """A decision with more legal actions than the action space holds."""


class BiteEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """A BITE scenario as an alternating two-agent environment (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "hexfront_bite_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        scenario: str = "SBE1",
        options: dict[str, Any] | None = None,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = Bite()
        self.scenario = scenario
        self.game_options = dict(options or {})
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = ["axis", "soviet"]
        state = self.game.setup(scenario, self.game_options, 0)  # the map is public
        self._node_of = {state.w.board.id_of(n): n for n in range(state.w.board.node_count)}
        self._hexes = state.w.board.node_count
        self.match: Match[BiteState] | None = None
        self._steps = 0

    # --- spaces ------------------------------------------------------------------------

    @functools.cache  # noqa: B019 - two agents, one env: nothing leaks
    def observation_space(self, agent: str) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(
                    -1.0, np.inf, (self._hexes, len(HEX_FEATURES)), np.float32
                ),
                "globals": spaces.Box(0.0, np.inf, (len(GLOBAL_FEATURES),), np.float32),
                "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8),
            }
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(MAX_ACTIONS)

    # --- the AEC cycle -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match = Match(self.game, self.scenario, self.game_options, seed or 0)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._select()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self._live()
        legal = match.legal_actions(agent)
        if not 0 <= int(action) < len(legal):
            raise ValueError(
                f"action {action} is not one of {agent}'s {len(legal)} legal actions "
                "(use the observation's action_mask)"
            )
        self._cumulative_rewards[agent] = 0.0
        match.act(legal[int(action)])
        self._steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        result = match.result()
        if result is not None:
            for a in self.agents:
                self.rewards[a] = float(result.scores.get(a, 0.5)) - 0.5
                self.terminations[a] = True
                self.infos[a] = {"outcome": result.outcome, "winner": result.winner}
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        match = self._live()
        view = match.view(agent)
        hexes = np.zeros((self._hexes, len(HEX_FEATURES)), np.float32)
        for unit in view["units"]:
            node = self._node_of.get(str(unit.get("hex")))
            if node is None:
                continue  # in an off-map box without a hex id of its own
            strength = float(unit.get("strength", 0)) / _STRENGTH_SCALE
            if unit["side"] == agent:
                hexes[node, 1 if unit.get("cls") in _AIR_CLASSES else 0] += strength
                hexes[node, 2] += 1
                hexes[node, 6] += 1 if unit.get("oos") else 0
            else:
                hexes[node, 3] += 1
                hexes[node, 4] += strength  # zero unless a battle revealed it
                hexes[node, 7] += 1 if unit.get("moved") else 0
        own = "a" if agent == "axis" else "s"
        for node, letter in enumerate(str(view["control"])[: self._hexes]):
            if letter != "-":
                hexes[node, 5] = 1.0 if letter == own else -1.0
        own_pp = sum(v for k, v in view["pp"].items() if self._pp_side(k) == agent)
        phase = view["phase"]
        globals_ = np.array(
            [
                view["turn"] / 50.0,
                view["last_turn"] / 50.0,
                1.0 if view["phasing"] == agent else 0.0,
                1.0 if view["active"] == agent else 0.0,
                own_pp / _PP_SCALE,
                (PHASES.index(phase) + 1) / len(PHASES) if phase in PHASES else 0.0,
            ],
            np.float32,
        )
        mask = np.zeros(MAX_ACTIONS, np.int8)
        if view["active"] == agent and not (self.terminations.get(agent) or False):
            count = len(match.legal_actions(agent))
            if count > MAX_ACTIONS:
                raise TooManyActions(f"{count} legal actions, more than {MAX_ACTIONS}")
            mask[:count] = 1
        return {"observation": hexes, "globals": globals_, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.match is None:
            return None
        view = self.match.view(None)
        return f"{self.scenario} turn {view['turn']}, {view['phase']}, {view['active']} to act"

    def close(self) -> None:
        self.match = None

    # --- helpers -----------------------------------------------------------------------

    def _live(self) -> Match[BiteState]:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match

    def _select(self) -> None:
        match = self._live()
        active = match.active_sides()
        if active:
            self.agent_selection = active[0]
        elif self.agents:  # game over: PettingZoo steps the dead agents out one by one
            self.agent_selection = next(
                (a for a in self.agents if self.terminations[a] or self.truncations[a]),
                self.agents[0],
            )

    @staticmethod
    def _pp_side(power: str) -> str:
        return "soviet" if power == "ussr" else "axis"
