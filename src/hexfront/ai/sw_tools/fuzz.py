"""Fuzzing Stalin's War: random legal games with the invariants checked after every action.

``python -m hexfront.ai.sw_tools.fuzz --games 300 --scenarios campaign,tournament --jobs 1``
plays random games and reports crashes, dead ends (a side must act but has no legal action),
broken invariants (``games/stalins_war/invariants.py``: card conservation across the piles,
hand sizes, stacking, one side a hex, the Turn Track), fog leaks and games that run too long.

Two fog checks. After every action, each side's view must hold none of the other side's
hand, no card still in a draw pile and no inactive partisan's identity or strength
(``invariants.fog_leaks``: a cheap look through the view's strings). Every ``FOG_EVERY``
actions, the costlier one: each side's view must not change when the other
side's hand and deck are dealt differently and the inactive partisans' counters swap places
(a view that changes shows something it may not). A failing game is saved as a record under
``fuzz-failures/`` so that ``hexfront replay`` can rebuild it.

``--agents heuristic,random`` seats other agents (Axis first): the heuristic's games reach
the later turns, Total War and the end verdicts with the early victories in force.
``--long`` switches off the two automatic Soviet victories that end nearly every random game
on turn 2 (every USSR VP space Soviet, 5.1.3; no supplied Axis unit past the Paulus Line by
turn 4), so that random play reaches the later turns, Total War and the end verdicts.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hexfront.engine.protocol import parse_option_pairs

MAX_ACTIONS = 60_000
FOG_EVERY = 10  # actions between the fog checks (each builds four views)


@dataclass
class Outcome:
    scenario: str
    seed: int
    long: bool = False
    agents: str = "random,random"
    actions: int = 0
    turns: int = 0
    seconds: float = 0.0
    verdict: str = ""
    problem: str = ""  # "", "crash", "dead_end", "invariant", "fog", "too_long"
    detail: str = ""
    record: dict[str, Any] = field(default_factory=dict)


def reshuffled(state: Any, side: str, seed: int) -> Any:
    """The same game with what ``side``'s opponent may not know dealt differently: ``side``'s
    hand and deck shuffled together (same sizes), and, when ``side`` is the Soviet, the
    inactive partisans' counters swapped among their hexes (16.1.3: secret to both sides,
    so they are swapped for either viewer)."""
    from hexfront.games.stalins_war.rules.partisans import hidden

    rng = random.Random(seed)
    other = state.clone()
    cards = other.piles[side]["hand"] + other.piles[side]["deck"]
    rng.shuffle(cards)
    n = len(other.piles[side]["hand"])
    other.piles[side]["hand"], other.piles[side]["deck"] = cards[:n], cards[n:]
    secret = hidden(other)
    spots = [(other.pieces[u].at, other.pieces[u].step) for u in secret]
    rng.shuffle(spots)
    for uid, (at, step) in zip(secret, spots, strict=True):
        other.pieces[uid].at, other.pieces[uid].step = at, step
    other.cache.clear()
    other.memo.clear()
    return other


def fog_problems(game: Any, state: Any, seed: int) -> list[str]:
    """Views that change with what their side may not know."""
    from hexfront.games.stalins_war.state import AXIS, SOVIET

    found = []
    for viewer in (AXIS, SOVIET):
        hidden_side = SOVIET if viewer == AXIS else AXIS
        seen = game.view(state, viewer)
        if game.view(reshuffled(state, hidden_side, seed), viewer) != seen:
            found.append(f"the {viewer} view changes with the {hidden_side} hidden cards")
    return found


Job = tuple[str, int, bool, dict[str, Any]] | tuple[str, int, bool, dict[str, Any], str]


def play_one(job: Job) -> Outcome:
    """Play one game: (scenario, seed, long, game options[, agents "axis,soviet"])."""
    scenario, seed, long, options = job[0], job[1], job[2], job[3]
    seats = job[4] if len(job) > 4 else "random,random"
    from hexfront.ai.base import make_agent
    from hexfront.engine.match import Match
    from hexfront.games.stalins_war.game import StalinsWar
    from hexfront.games.stalins_war.invariants import check, fog_leaks
    from hexfront.games.stalins_war.state import AXIS, SOVIET
    from hexfront.games.stalins_war.world import load_world

    game = StalinsWar()
    out = Outcome(scenario, seed, long, seats)
    world = load_world()
    tables = world.tables
    if long:
        world.tables = dataclasses.replace(
            tables, soviet_all_spaces_turns=(0, -1), soviet_paulus_turn=-1
        )
    start = time.perf_counter()
    match: Match[Any] | None = None
    try:
        match = Match(game, scenario, options, seed)
        axis_agent, soviet_agent = seats.split(",")
        agents = {
            "axis": make_agent(axis_agent, seed),
            "soviet": make_agent(soviet_agent, seed + 7919),
        }
        errors = check(match.state)
        if errors:
            out.problem, out.detail = "invariant", "at setup: " + "; ".join(errors[:3])
        while not out.problem and not match.is_over():
            side = match.active_sides()[0]
            legal = match.legal_actions(side)
            if not legal:
                out.problem, out.detail = "dead_end", f"{side} has no legal action"
                break
            match.act(agents[side].choose(match.view(side), legal))
            out.actions += 1
            errors = check(match.state)
            if errors:
                out.problem, out.detail = "invariant", "; ".join(errors[:3])
                break
            leaks = [
                leak
                for viewer in (AXIS, SOVIET)
                for leak in fog_leaks(match.state, game.view(match.state, viewer), viewer)
            ]
            if leaks:
                out.problem, out.detail = "fog", "; ".join(leaks[:3])
                break
            if out.actions % FOG_EVERY == 0:
                leaks = fog_problems(game, match.state, seed + out.actions)
                if leaks:
                    out.problem, out.detail = "fog", "; ".join(leaks)
                    break
            if out.actions >= MAX_ACTIONS:
                out.problem, out.detail = "too_long", f"{out.actions} actions"
                break
        if not out.problem:
            result = match.result()
            out.verdict = result.outcome if result else "?"
            if result is None or result.winner not in ("axis", "soviet"):
                out.problem, out.detail = "invariant", f"no winner at the end: {result}"
    except Exception:  # the fuzzer's job is to catch anything
        out.problem, out.detail = "crash", traceback.format_exc(limit=8)
    finally:
        world.tables = tables
    out.seconds = time.perf_counter() - start
    if match is not None:
        out.turns = match.state.turn
        if out.problem:
            out.record = match.record.to_json()
    return out


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per scenario")
    parser.add_argument("--scenarios", default="campaign,tournament")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--long", action="store_true", help="switch off the early automatic Soviet victories"
    )
    parser.add_argument(
        "--agents", default="random,random", help="the Axis's and the Soviet's agents"
    )
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument(
        "--option", action="append", default=[], help="game option KEY=VALUE (repeatable)"
    )
    args = parser.parse_args(argv)
    try:
        options = parse_option_pairs(args.option)
    except ValueError as exc:
        parser.error(str(exc))
    if len(str(args.agents).split(",")) != 2:
        parser.error("--agents takes two names: the Axis's, then the Soviet's")
    jobs: list[Job] = [
        (s, args.seed + i, bool(args.long), options, str(args.agents))
        for s in args.scenarios.split(",")
        for i in range(args.games)
    ]
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    results: Iterator[Outcome]
    if args.jobs == 1:
        results = map(play_one, jobs)
        pool = None
    else:
        pool = multiprocessing.Pool(args.jobs)
        results = pool.imap_unordered(play_one, jobs)
    try:
        for out in results:
            outcomes.append(out)
            if out.problem:
                print(f"{out.problem} {out.scenario} seed {out.seed}: {out.detail[-600:]}")
            if len(outcomes) % 50 == 0:
                print(f"{len(outcomes)}/{len(jobs)} games", flush=True)
    finally:
        if pool is not None:
            pool.close()
    problems = Counter(o.problem for o in outcomes if o.problem)
    verdicts = Counter((o.scenario, o.verdict) for o in outcomes if not o.problem)
    turns = Counter((o.scenario, o.turns) for o in outcomes)
    failures = Path("fuzz-failures")
    for o in outcomes:
        if o.problem:
            failures.mkdir(exist_ok=True)
            name = f"sw-{o.scenario}-{o.seed}{'-long' if o.long else ''}.json"
            (failures / name).write_text(json.dumps(o.record))
    summary = {
        "game": "stalins_war",
        "long": bool(args.long),
        "agents": str(args.agents),
        "options": options,
        "games": len(outcomes),
        "actions": sum(o.actions for o in outcomes),
        "seconds": round(sum(o.seconds for o in outcomes), 1),
        "wall_seconds": round(time.perf_counter() - started, 1),
        "problems": dict(problems),
        "verdicts": {f"{s} {v}": n for (s, v), n in sorted(verdicts.items())},
        "last_turns": {f"{s} turn {t}": n for (s, t), n in sorted(turns.items())},
        "failures": [asdict(o) | {"record": None} for o in outcomes if o.problem][:50],
    }
    print(json.dumps({k: v for k, v in summary.items() if k != "failures"}, indent=2))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
