"""Information-Set Monte Carlo Tree Search for Stalin's War, from its side's view only.

The choice that shapes a Stalin's War turn is the card play of each action round (OPS, RP,
an event or a 0-OPS round, 7.2.6): the search weighs those; every other decision (moves,
attacks, losses, retreats) follows the rule-based heuristic (``sw_heuristic.py``), which is
also the playout policy of both sides.

Each iteration draws a determinization of the information set (``determinize``): the
counters, tracks, control and discards exactly as the view shows them; the other side's hand
dealt at random from the cards it may hold (same count); both draw piles shuffled; the face
down partisans given counters drawn from those not in sight. The sequence of play is given by
the view at the start of an action round. A root play is picked by UCB1 among the
heuristic's best few, played, and the sampled game is played on by the heuristic until the
same side's next action round (or the end of the turn), then scored. Statistics are kept per
play of the information set, so no single sampled world is trusted.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Frame
from hexfront.games.stalins_war.game import StalinsWar
from hexfront.games.stalins_war.state import ON_MAP, OUT, PILES, Piece, SwState
from hexfront.games.stalins_war.world import World

from .sw_heuristic import AXIS, SOVIET, SwHeuristicAgent, enemy_of

PLAYOUT_LIMIT = 400  # actions per playout, a safety net
MIN_VISITS = 2  # playouts a play needs before it may overrule the heuristic
MARGIN = 0.03  # how much better (0..1) it must look


def determinize(view: dict[str, Any], world: World, rng: random.Random) -> SwState:
    """A full game consistent with ``view`` (see the module text). Raises ``ValueError``
    when the view does not carry what a game needs (no action round pending)."""
    public = dict(view.get("public") or {})
    stack = public.get("stack")
    if not stack:
        raise ValueError("a game can be rebuilt only at the start of an action round")
    side = str(view["side"])
    tracks = dict(view["tracks"])
    state = SwState(
        scenario=str(view["scenario"]),
        options=dict(public.get("options") or {}),
        seed=rng.getrandbits(31),
        dice=Dice(rng.getrandbits(31)),
        last_turn=int(view["last_turn"]),
        turn=int(view["turn"]),
        ar=int(view["ar"]),
        vp=int(view["vp"]),
        world=world,
    )
    state.control = {str(k): str(v) for k, v in dict(view["control"]).items()}
    state.forts_destroyed = [str(x) for x in view.get("forts_destroyed") or []]
    state.forts_built = [str(x) for x in view.get("forts_built") or []]
    for key in ("consecutive_ops", "banked_ops", "rp_plays", "events_removed", "hand_limit"):
        setattr(state, key, {str(k): int(n) for k, n in dict(tracks[key]).items()})
    state.rp = {str(k): int(n) for k, n in dict(tracks["rp"]).items()}
    state.played = [str(x) for x in view.get("played") or []]
    in_force = dict(view.get("in_force") or {})
    state.forbidden = [str(x) for x in in_force.get("game") or []]
    state.this_turn = [str(x) for x in in_force.get("turn") or []]
    state.total_war = bool(view.get("total_war"))
    state.oos = [str(x) for x in view.get("out_of_supply") or []]
    state.track = {str(k): int(n) for k, n in dict(view.get("turn_track") or {}).items()}
    state.trenches = {str(k): str(v) for k, v in dict(view.get("trenches") or {}).items()}
    state.festungs = [str(x) for x in view.get("festungs") or []]
    state.lasting = [dict(x) for x in public.get("lasting") or []]
    state.last_round = {str(k): str(v) for k, v in dict(public.get("last_round") or {}).items()}
    state.oil_turns = int(public.get("oil_turns", 0))
    state.paulus_crossed = bool(public.get("paulus_crossed", False))
    state.stalin_moves = int(public.get("stalin_moves", 0))
    state.reinforcement_rounds = {
        str(k): [int(x) for x in v]
        for k, v in dict(public.get("reinforcement_rounds") or {}).items()
    }
    state.active_partisans = [str(x) for x in public.get("active_partisans") or []]
    state.unfed = [str(x) for x in public.get("unfed") or []]
    state.hand_mods = {
        str(k): [int(x) for x in v] for k, v in dict(public.get("hand_mods") or {}).items()
    }
    state.sea_moves = [str(x) for x in public.get("sea_moves") or []]
    state.partisan_turn = int(public.get("partisan_turn", 0))
    state.surrendered = [str(x) for x in public.get("surrendered") or []]
    state.stack = [Frame.from_json(dict(f)) for f in stack]
    # the counters: as seen; face-down partisans drawn from the counters out of sight
    m = world.map
    seen: set[str] = set()
    face_down: list[int] = []
    for u in view["units"]:
        if u.get("id") is None:
            face_down.append(m.index(str(u["hex"])))
            continue
        uid = str(u["id"])
        seen.add(uid)
        at = m.index(str(u["hex"])) if u.get("hex") else -1
        state.pieces[uid] = Piece(uid, str(u["side"]), str(u["box"]), at, int(u.get("step", 0)))
    hidden = [
        uid for uid, unit in world.units.items() if unit.kind == "partisan" and uid not in seen
    ]
    rng.shuffle(hidden)
    for node, uid in zip(face_down, hidden, strict=False):
        state.pieces[uid] = Piece(uid, SOVIET, ON_MAP, node, 0)
    for uid, unit in world.units.items():
        if uid not in state.pieces:
            state.pieces[uid] = Piece(uid, AXIS if unit.side == AXIS else SOVIET, OUT, -1, 0)
    # the cards: what is face up as seen; the rest dealt at random
    cards = dict(view["cards"])
    for s in (AXIS, SOVIET):
        shown = dict(cards[s])
        piles: dict[str, list[str]] = {p: [] for p in PILES}
        for pile in ("discard", "removed", "set_aside", "kept"):
            piles[pile] = [str(c) for c in shown.get(pile) or []]
        if shown.get("hand") is not None:
            piles["hand"] = [str(c) for c in shown["hand"]]
        known = {c for pile in piles.values() for c in pile}
        unseen = [c.id for c in world.cards.values() if c.side == s and c.id not in known]
        rng.shuffle(unseen)
        reserve_n = int(shown.get("total_war_count", 0))
        # the Total War cards wait aside until Total War (7.6.4)
        unseen.sort(key=lambda c: world.cards[c].deck != "total_war")
        piles["reserve"], unseen = unseen[:reserve_n], unseen[reserve_n:]
        rng.shuffle(unseen)
        if shown.get("hand") is None:
            n = int(shown.get("hand_count", 0))
            piles["hand"], unseen = unseen[:n], unseen[n:]
        piles["deck"] = unseen
        state.piles[s] = piles
    del side
    return state


def evaluate(state: SwState, side: str) -> float:
    """A score in [0, 1] for ``side``: the verdict if the game is over, else the VP track,
    the USSR VP spaces each side holds, and the steps on the map."""
    if state.result is not None and not state.stack:
        winner = state.result.get("winner")
        return 1.0 if winner == side else 0.0
    w = state.world
    steps = {AXIS: 0.0, SOVIET: 0.0}
    for p in state.on_map():
        left = len(w.units[p.uid].steps) - p.step
        steps[p.side] += left * (0.5 if p.uid in state.oos else 1.0)
    spaces = sum(
        1
        for place in w.map.places.values()
        if place.vp and place.nation == "ussr" and state.control.get(place.name) == AXIS
    )
    total = max(steps[AXIS] + steps[SOVIET], 1.0)
    x = 0.25 * (state.vp - 7) + 0.15 * spaces + 3.0 * (steps[AXIS] - steps[SOVIET]) / total
    axis = 1.0 / (1.0 + math.exp(-x))
    return axis if side == AXIS else 1.0 - axis


class SwISMCTSAgent:
    """Search over the card plays of an action round (see the module text); ``budget`` is
    seconds per searched decision."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float = 2.0,
        max_iterations: int = 60,
        width: int = 4,
        exploration: float = 0.5,
    ) -> None:
        self._rng = random.Random(seed)
        self.budget = budget
        self.max_iterations = max_iterations
        self.width = width
        self.exploration = exploration
        self._policy = SwHeuristicAgent(seed)
        self._game = StalinsWar()
        self.last_iterations = 0
        self.on_progress: Any = None  # callback(fraction) for "thinking" displays

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        v: dict[str, Any] = dict(view)
        prompt = v.get("prompt") or {}
        if len(legal) == 1 or prompt.get("kind") != "action_round":
            return self._policy.choose(view, legal)
        side = str(v["side"])
        ranked = self._policy.round_scores(self._policy.look(v), legal)
        candidates = [a for _, a in ranked[: self.width]]
        if len(candidates) <= 1:
            return self._policy.choose(view, legal)
        visits = [0] * len(candidates)
        value = [0.0] * len(candidates)
        started = time.perf_counter()
        deadline = started + self.budget
        it = 0
        while it < self.max_iterations and time.perf_counter() < deadline:
            it += 1
            k = self._select(visits, value, it)
            try:
                sample = determinize(v, self._policy.world, self._rng)
            except ValueError:
                break
            reward = self._playout(sample, candidates[k], side)
            visits[k] += 1
            value[k] += reward if reward is not None else 0.0
            if self.on_progress is not None:
                spent = (time.perf_counter() - started) / max(self.budget, 1e-9)
                self.on_progress(min(1.0, max(it / self.max_iterations, spent)))
        self.last_iterations = it

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

    def _select(self, visits: list[int], value: list[float], it: int) -> int:
        for i, n in enumerate(visits):
            if n == 0:
                return i
        logn = math.log(it)
        return max(
            range(len(visits)),
            key=lambda i: value[i] / visits[i] + self.exploration * math.sqrt(logn / visits[i]),
        )

    def _playout(self, state: SwState, action: Action, side: str) -> float | None:
        """Play ``action`` in the sampled game, then the heuristic for both sides until
        ``side``'s next action round or the next turn; the score for ``side``."""
        game = self._game
        if action not in game.legal_actions(state, side):
            return None
        game.apply(state, action)
        turn = state.turn
        policy = {
            AXIS: SwHeuristicAgent(self._rng.randrange(1 << 30)),
            SOVIET: SwHeuristicAgent(self._rng.randrange(1 << 30)),
        }
        seen_enemy_round = False
        for _ in range(PLAYOUT_LIMIT):
            d = game.decision(state)
            if d is None or state.turn != turn:
                break
            if d.prompt.kind == "action_round":
                if d.prompt.side == enemy_of(side):
                    seen_enemy_round = True
                elif seen_enemy_round:
                    break
            who = d.prompt.side
            game.apply(state, policy[who].choose(game.view(state, who), d.actions))
        return evaluate(state, side)


__all__ = ["SwISMCTSAgent", "determinize", "evaluate"]
