"""BITE as an OpenSpiel game (``python_hexfront_bite``), dice as chance nodes.

Importing this module registers the game with ``pyspiel`` (the ``open_spiel`` package,
installed by the ``bench`` extra); ``pyspiel.load_game("python_hexfront_bite",
{"scenario": "SBE1"})`` then gives a two-player, zero-sum, imperfect-information game
that OpenSpiel's algorithms accept:

* players 0 (Axis) and 1 (Soviet); an action is an index into the acting side's legal
  actions, in the rules' own order (at most :data:`MAX_ACTIONS`);
* every die the rules roll is a chance node with six equally likely faces: after a
  player's choice the rules are tried on a copy with the faces chosen so far, and while
  they still need one more, the next node is a chance node; then the choice is applied
  with exactly those faces (setup's shuffle of the blocks' handles is fixed by the
  ``seed`` parameter);
* information state and observation strings are the acting side's own view (1.3) as
  canonical JSON, with its log of what that side saw: nothing the other side hides;
* returns at the verdict: +0.5 a win, 0 a draw, -0.5 a loss.

>>> import pyspiel
>>> game = pyspiel.load_game("python_hexfront_bite", {"scenario": "SBE1"})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from hexfront.engine.protocol import Action, canonical_json
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState

MAX_ACTIONS = 65_536
PLAYERS = ("axis", "soviet")
_GAME = Bite()

GAME_TYPE = pyspiel.GameType(
    short_name="python_hexfront_bite",
    long_name="hexfront: Blocks in the East (basic game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"scenario": "SBE1", "seed": 0},
)
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=MAX_ACTIONS,
    max_chance_outcomes=6,
    num_players=2,
    min_utility=-0.5,
    max_utility=0.5,
    utility_sum=0.0,
    max_game_length=1_000_000,
)


class BiteOpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A BITE scenario (parameters ``scenario`` and ``seed``) as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(GAME_TYPE, GAME_INFO, params or {})
        given = self.get_parameters()
        self.scenario = str(given.get("scenario", "SBE1"))
        self.seed = int(given.get("seed", 0))

    def new_initial_state(self) -> BiteOpenSpielState:
        return BiteOpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BiteObserver:
        return BiteObserver()


class BiteOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """The rules' state, plus a player's choice waiting for the dice it needs."""

    def __init__(self, game: BiteOpenSpielGame, copy_of: BiteOpenSpielState | None = None):
        super().__init__(game)
        if copy_of is None:
            self.state: BiteState = _GAME.setup(game.scenario, {}, game.seed)
            self.pending: Action | None = None  # chosen, waiting for its dice
            self.faces: list[int] = []  # the dice chosen so far for it
        else:
            self.state = _GAME.clone(copy_of.state)
            self.pending = copy_of.pending
            self.faces = list(copy_of.faces)

    # --- OpenSpiel's state interface ---------------------------------------------------

    def current_player(self) -> int:
        if self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if _GAME.is_over(self.state):
            return int(pyspiel.PlayerId.TERMINAL)
        return PLAYERS.index(_GAME.active_sides(self.state)[0])

    def _legal_actions(self, player: int) -> list[int]:
        count = len(_GAME.legal_actions(self.state, PLAYERS[player]))
        if count > MAX_ACTIONS:
            raise RuntimeError(f"{count} legal actions, more than {MAX_ACTIONS}")
        return list(range(count))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(6)]  # action k: the face k + 1

    def _apply_action(self, action: int) -> None:
        if self.pending is None:
            side = PLAYERS[self.current_player()]
            self.pending = _GAME.legal_actions(self.state, side)[action]
            self.faces = []
        else:
            self.faces.append(action + 1)
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"die shows {action + 1}"
        side = PLAYERS[player]
        chosen = _GAME.legal_actions(self.state, side)[action]
        return _GAME.describe_action(chosen, _GAME.view(self.state, side))

    def is_terminal(self) -> bool:
        return self.pending is None and _GAME.is_over(self.state)

    def returns(self) -> list[float]:
        result = _GAME.result(self.state)
        if result is None:
            return [0.0, 0.0]
        return [float(result.scores.get(side, 0.5)) - 0.5 for side in PLAYERS]

    def __str__(self) -> str:
        view = _GAME.view(self.state, None)
        return f"{view['scenario']} turn {view['turn']}, {view['phase']}, {view['active']} to act"

    def __deepcopy__(self, memo: dict[int, Any]) -> BiteOpenSpielState:
        return BiteOpenSpielState(self.get_game(), copy_of=self)

    # --- the dice ----------------------------------------------------------------------

    def _settle(self) -> None:
        """Apply the pending choice if the faces chosen so far are all the dice it rolls;
        otherwise leave it pending, and the next node is a chance node."""
        assert self.pending is not None
        trial = _GAME.clone(self.state)
        trial.dice.loaded = list(self.faces)
        draws = trial.dice.draws
        _GAME.apply(trial, self.pending)
        if trial.dice.draws != draws:
            return  # the rules drew past the chosen faces: one more die to choose
        self.state.dice.loaded = list(self.faces)
        _GAME.apply(self.state, self.pending)
        self.pending, self.faces = None, []


class BiteObserver:
    """Strings of one side's view; no tensors (the PettingZoo environment has arrays)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: BiteOpenSpielState, player: int) -> None:
        pass  # no tensor

    def string_from(self, state: BiteOpenSpielState, player: int) -> str:
        return canonical_json(_GAME.view(state.state, PLAYERS[player]))


pyspiel.register_game(GAME_TYPE, BiteOpenSpielGame)
