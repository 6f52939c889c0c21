"""Arena: agents play each other from both sides; wins, draws, losses, speed and Elo.

Games run on every core (``multiprocessing``), or as Ray tasks (``runner="ray"``: a local
Ray by default, a cluster by address) when an arena outgrows one machine. Each game is
seeded from the arena seed, so a run can be repeated exactly, and both runners play the
same games to the same results. A results file (JSON lines, one finished game a line)
makes a long arena resumable: games already in it are not played again.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexfront.engine.errors import HexfrontError
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
    runner: str = "local",
    ray_address: str | None = None,
    results_file: Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per pair of agents, half with each side assignment.
    ``paired``: games ``2k`` and ``2k+1`` share a seed, so each seed is played from both
    sides (less noise in a comparison); otherwise game ``g`` has seed ``seed + g``.
    ``observer`` (a module-level function, for the worker processes) reports facts of
    each finished game, kept per game in the report's ``games_played``.
    ``runner``: "local" (processes on this machine, ``jobs`` of them) or "ray" (Ray tasks;
    ``ray_address`` None starts a local Ray with ``jobs`` CPUs, else e.g. "auto" or
    "ray://head:10001" joins a cluster whose nodes have hexfront installed).
    ``results_file``: each finished game is appended to it; games found there already
    (same game, scenario, seats, seed and agent options) are taken from it, not replayed."""
    from hexfront.games import registry

    if runner not in RUNNERS:
        raise HexfrontError(f"unknown arena runner {runner!r}; available: {', '.join(RUNNERS)}")
    sides = registry.load_game(game_name).sides
    plan = _plan(game_name, scenario, agents, sides, games, seed, agent_options, observer, paired)
    results: list[GameResult] = []
    done = _load_results(results_file, plan)
    todo = [job for job in plan if job_key(job) not in done]
    for job in plan:
        if job_key(job) in done:
            results.append(done[job_key(job)])
            if progress is not None:
                progress(done[job_key(job)])
    play = _play_on_ray(todo, ray_address, jobs) if runner == "ray" else _play_here(todo, jobs)
    for key, r in play:
        results.append(r)
        if results_file is not None:
            _append_result(results_file, key, r)
        if progress is not None:
            progress(r)
    # One order whatever the runner finished them in: Elo updates are order-dependent.
    results.sort(key=lambda r: (r.seed, sorted(r.seats.items())))
    return summarise(results, list(dict.fromkeys(agents)), sides, game_name, scenario)


RUNNERS = ("local", "ray")


def _plan(
    game_name: str,
    scenario: str,
    agents: Sequence[str],
    sides: Sequence[str],
    games: int,
    seed: int,
    agent_options: dict[str, Any] | None,
    observer: Observer | None,
    paired: bool,
) -> list[Job]:
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
    return plan


def job_key(job: Job) -> str:
    """What identifies a game of an arena in a results file."""
    game_name, scenario, seats, seed, options, _observer = job
    return json.dumps(
        [game_name, scenario, sorted(seats.items()), seed, options], sort_keys=True, default=str
    )


def _load_results(path: Path | None, plan: Sequence[Job]) -> dict[str, GameResult]:
    """The games of ``plan`` already in a results file (lines cut short by a crash and
    games of other arenas are skipped)."""
    if path is None or not path.exists():
        return {}
    wanted = {job_key(j) for j in plan}
    found: dict[str, GameResult] = {}
    for line in path.read_text().splitlines():
        try:
            entry = json.loads(line)
            key = str(entry["key"])
            result = GameResult(**entry["result"])
        except (ValueError, KeyError, TypeError):
            continue
        if key in wanted and not result.error:
            found[key] = result
    return found


def _append_result(path: Path, key: str, r: GameResult) -> None:
    cut_short = False  # a crash left the last line unfinished: start a new one
    if path.exists() and path.stat().st_size:
        with path.open("rb") as f:
            f.seek(-1, 2)
            cut_short = f.read(1) != b"\n"
    with path.open("a") as out:
        if cut_short:
            out.write("\n")
        out.write(json.dumps({"key": key, "result": dataclasses.asdict(r)}) + "\n")


def play_keyed(job: Job) -> tuple[str, GameResult]:
    """A game and its key in a results file (what either runner's workers run)."""
    return job_key(job), play_game(job)


def _play_here(plan: Sequence[Job], jobs: int | None) -> Iterator[tuple[str, GameResult]]:
    if not plan:
        return
    with multiprocessing.Pool(jobs or multiprocessing.cpu_count()) as pool:
        yield from pool.imap_unordered(play_keyed, plan)


def ray_module() -> Any:
    """The ``ray`` package, imported only when the Ray runner is asked for."""
    try:
        import ray
    except ImportError as exc:
        raise HexfrontError(
            "the Ray runner needs the ray package: pip install 'hexfront[ray]' "
            f"(or pip install ray); it could not be imported ({exc})"
        ) from exc
    return ray


def _play_on_ray(
    plan: Sequence[Job], address: str | None, jobs: int | None
) -> Iterator[tuple[str, GameResult]]:
    """Each game a Ray task; results come back as they finish."""
    ray = ray_module()
    if not plan:
        return
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address is None:  # a local Ray on this machine only
                ray.init(
                    num_cpus=jobs or multiprocessing.cpu_count(),
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except Exception as exc:  # Ray raises many kinds: unreachable, refused, versions
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise HexfrontError(f"could not start or join {where}: {exc}") from exc
    try:
        task = ray.remote(num_cpus=1)(play_keyed)
        pending = [task.remote(job) for job in plan]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


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
