"""Arena: agents play each other from both sides; wins, draws, losses, speed and Elo.

Games run on every core (``multiprocessing``). Each game is seeded from the arena seed, so
a run can be repeated exactly.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from .base import Agent, make_agent


@dataclass
class GameResult:
    seats: dict[str, str]  # side -> agent name
    winner_side: str | None
    outcome: str
    actions: int
    turns: int
    think: dict[str, float] = field(default_factory=dict)  # agent -> seconds
    decisions: dict[str, int] = field(default_factory=dict)
    error: str = ""
    seed: int = 0
    detail: str = ""  # the game's own words for the result
    observed: dict[str, Any] = field(default_factory=dict)  # what an observer reported


class _Timed:
    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.calls = 0

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        try:
            return self.agent.choose(view, legal)
        finally:
            self.seconds += time.perf_counter() - start
            self.calls += 1


Observer = Callable[[Any], dict[str, Any]]  # a finished Match -> JSON facts about the game
Job = tuple[str, str, dict[str, str], int, dict[str, Any], Observer | None]


def play_game(job: Job) -> GameResult:
    game_name, scenario, seats, seed, agent_options, observer = job
    from hexfront.games import registry

    from .play import play_out

    game = registry.load_game(game_name)
    timed = {
        side: _Timed(_build(name, seed + i, agent_options))
        for i, (side, name) in enumerate(sorted(seats.items()))
    }
    try:
        match = play_out(game, scenario, timed, seed=seed)
    except Exception as exc:  # a crash counts against nobody, but is reported
        return GameResult(seats, None, "error", 0, 0, error=repr(exc), seed=seed)
    result = match.result()
    view = match.view(None)
    turn = view.get("turn", 0)
    think: dict[str, float] = {}
    calls: dict[str, int] = {}
    for t in timed.values():  # a mirror match: both seats add up under one name
        think[t.name] = think.get(t.name, 0.0) + t.seconds
        calls[t.name] = calls.get(t.name, 0) + t.calls
    return GameResult(
        seats,
        result.winner if result else None,
        result.outcome if result else "unfinished",
        len(match.record.actions),
        int(turn) if isinstance(turn, int) else 0,
        think,
        calls,
        seed=seed,
        detail=result.detail if result else "",
        observed=observer(match) if observer is not None else {},
    )


def _build(name: str, seed: int, options: dict[str, Any]) -> Agent:
    agent = make_agent(name, seed)
    for key, value in options.get(name, {}).items():
        setattr(agent, key, value)
    return agent


def elo(results: Sequence[GameResult], names: Sequence[str], passes: int = 50) -> dict[str, float]:
    """Ratings from all games: repeated Elo updates with a shrinking K, anchored at 1500."""
    rating = dict.fromkeys(names, 1500.0)
    games = [r for r in results if not r.error]
    for n in range(passes):
        k = 32.0 / (1 + n / 5)
        for r in games:
            (sa, a), (_, b) = sorted(r.seats.items())
            if a == b:
                continue
            expected = 1.0 / (1.0 + 10 ** ((rating[b] - rating[a]) / 400))
            score = 0.5 if r.winner_side is None else (1.0 if r.winner_side == sa else 0.0)
            rating[a] += k * (score - expected)
            rating[b] -= k * (score - expected)
    shift = 1500.0 - rating[names[0]]
    return {n: round(v + shift, 1) for n, v in rating.items()}


def run(
    game_name: str,
    scenario: str,
    agents: Sequence[str],
    *,
    games: int,
    seed: int = 1,
    jobs: int | None = None,
    agent_options: dict[str, Any] | None = None,
    progress: Callable[[GameResult], None] | None = None,
    observer: Observer | None = None,
    paired: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games per pair of agents, half with each side assignment.
    ``paired``: games ``2k`` and ``2k+1`` share a seed, so each seed is played from both
    sides (less noise in a comparison); otherwise game ``g`` has seed ``seed + g``.
    ``observer`` (a module-level function, for the worker processes) reports facts of
    each finished game, kept per game in the report's ``games_played``."""
    from hexfront.games import registry

    sides = registry.load_game(game_name).sides
    plan: list[Job] = []
    for a, b in itertools.combinations(agents, 2) if len(agents) > 1 else [(agents[0], agents[0])]:
        for g in range(games):
            first, second = (a, b) if g % 2 == 0 else (b, a)
            plan.append(
                (
                    game_name,
                    scenario,
                    {sides[0]: first, sides[1]: second},
                    seed + (g // 2 if paired and len(agents) > 1 else g),
                    agent_options or {},
                    observer,
                )
            )
    results: list[GameResult] = []
    with multiprocessing.Pool(jobs or multiprocessing.cpu_count()) as pool:
        for r in pool.imap_unordered(play_game, plan):
            results.append(r)
            if progress is not None:
                progress(r)
    return summarise(results, list(dict.fromkeys(agents)), sides, game_name, scenario)


def summarise(
    results: Sequence[GameResult],
    names: list[str],
    sides: Sequence[str],
    game_name: str,
    scenario: str,
) -> dict[str, Any]:
    table: dict[str, dict[str, dict[str, int]]] = {
        n: {s: {"win": 0, "draw": 0, "loss": 0} for s in sides} for n in names
    }
    think: dict[str, list[float]] = {n: [0.0, 0.0] for n in names}
    for r in results:
        if r.error:
            continue
        for side, name in r.seats.items():
            cell = table[name][side]
            if r.winner_side is None:
                cell["draw"] += 1
            elif r.winner_side == side:
                cell["win"] += 1
            else:
                cell["loss"] += 1
        for name, secs in r.think.items():
            think[name][0] += secs
            think[name][1] += r.decisions.get(name, 0)
    ok = [r for r in results if not r.error]
    return {
        "game": game_name,
        "scenario": scenario,
        "games": len(results),
        "errors": [r.error for r in results if r.error][:10],
        "results": table,
        "win_rate": {
            n: {
                s: round(c["win"] / max(1, c["win"] + c["draw"] + c["loss"]), 3)
                for s, c in table[n].items()
            }
            for n in names
        },
        "average_actions": round(sum(r.actions for r in ok) / max(1, len(ok)), 1),
        "average_turns": round(sum(r.turns for r in ok) / max(1, len(ok)), 2),
        "seconds_per_decision": {
            n: round(t / max(1.0, c), 5) if c else None for n, (t, c) in think.items()
        },
        "elo": elo(results, names),
        "outcomes": _count(r.outcome for r in ok),
        "points": {n: points(results, n) for n in names},
        "games_played": [
            {
                "seed": r.seed,
                "seats": r.seats,
                "winner": r.winner_side,
                "outcome": r.outcome,
                "detail": r.detail,
                **r.observed,
            }
            for r in sorted(ok, key=lambda r: (r.seed, sorted(r.seats.items())))
        ],
    }


def points(results: Sequence[GameResult], name: str) -> dict[str, float]:
    """An agent's points over all its games against another agent (win 1, draw 1/2),
    with a 95% interval (normal approximation on the per-game points, at least the
    Wilson interval of the same share)."""
    got: list[float] = []
    for r in results:
        if r.error or name not in r.seats.values() or len(set(r.seats.values())) < 2:
            continue
        side = next(s for s, n in r.seats.items() if n == name)
        got.append(0.5 if r.winner_side is None else float(r.winner_side == side))
    n = len(got)
    if not n:
        return {"points": 0.0, "games": 0, "share": 0.0, "low": 0.0, "high": 1.0}
    mean = sum(got) / n
    var = sum((x - mean) ** 2 for x in got) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    lo, hi = score_interval(round(sum(got)), n)
    return {
        "points": sum(got),
        "games": n,
        "share": round(mean, 4),
        "low": round(max(0.0, min(mean - half, lo)), 4),
        "high": round(min(1.0, max(mean + half, hi)), 4),
    }


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items()))


def score_interval(wins: int, games: int) -> tuple[float, float]:
    """A 95% Wilson interval for a win rate, for honest reporting.

    >>> lo, hi = score_interval(19, 20)
    >>> round(lo, 2), round(hi, 2)
    (0.76, 0.99)
    """
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half
