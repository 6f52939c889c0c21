"""Fuzzing: random legal games with every invariant checked after every action.

``python -m hexfront.ai.bite_tools.fuzz --games 200 --scenarios SBE1,SBE2,SBE3,SBE4`` plays
random games on both cores, and reports crashes, dead ends (a side must act but has no
legal action), invariant breaks, and games that run too long. A failing game is saved as a
record under ``fuzz-failures/`` so that ``hexfront replay`` can rebuild it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hexfront.engine.protocol import parse_option_pairs

MAX_ACTIONS = 60_000


@dataclass
class Outcome:
    scenario: str
    seed: int
    actions: int = 0
    seconds: float = 0.0
    verdict: str = ""
    problem: str = ""  # "", "crash", "dead_end", "invariant", "too_long"
    detail: str = ""
    record: dict[str, Any] = field(default_factory=dict)


FULL_CHECK_EVERY = 25  # actions between the costly checks (views scanned, JSON round trip)


def play_one(job: tuple[str, int, str] | tuple[str, int, str, dict[str, Any]]) -> Outcome:
    """Play one random game: (scenario, seed, checks[, game options])."""
    scenario, seed, check_every = job[0], job[1], job[2]
    options: dict[str, Any] = job[3] if len(job) > 3 else {}
    from hexfront.ai.base import RandomAgent
    from hexfront.engine.match import Match
    from hexfront.games.bite.game import Bite
    from hexfront.games.bite.invariants import check

    game = Bite()
    out = Outcome(scenario, seed)
    start = time.perf_counter()
    match: Match[Any] | None = None
    try:
        match = Match(game, scenario, options, seed)
        agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 7919)}
        checked_log = 0
        while not match.is_over():
            side = match.active_sides()[0]
            legal = match.legal_actions(side)
            if not legal:
                out.problem, out.detail = (
                    "dead_end",
                    f"{side} has no legal action in {match.state.phase}",
                )
                break
            match.act(agents[side].choose(match.view(side), legal))
            out.actions += 1
            if check_every != "none":
                full = check_every == "all" or out.actions % FULL_CHECK_EVERY == 0
                # Each full check round-trips the events logged since the last one (one
                # event of overlap), so a 49-turn game costs no more per action than SBE1.
                errors = check(game, match.state, full=full, log_since=checked_log)
                if full:
                    checked_log = max(0, len(match.state.log) - 1)
                if errors:
                    out.problem, out.detail = "invariant", "; ".join(errors[:3])
                    break
            if out.actions >= MAX_ACTIONS:
                out.problem, out.detail = "too_long", f"{out.actions} actions"
                break
        if not out.problem:
            result = match.result()
            out.verdict = result.outcome if result else "?"
    except Exception:  # the fuzzer's job is to catch anything
        out.problem, out.detail = "crash", traceback.format_exc(limit=6)
    out.seconds = time.perf_counter() - start
    if out.problem and match is not None:
        out.record = match.record.to_json()
    return out


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console
    from rich.progress import Progress

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per scenario")
    parser.add_argument("--scenarios", default="SBE1,SBE2,SBE3,SBE4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument(
        "--checks",
        choices=("all", "sampled", "none"),
        default="sampled",
        help="all: every invariant after every action; sampled: the cheap ones after every "
        f"action and the costly ones every {FULL_CHECK_EVERY}; none: crashes and dead ends only",
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
    jobs = [
        (s, args.seed + i, args.checks, options)
        for s in args.scenarios.split(",")
        for i in range(args.games)
    ]
    console = Console()
    outcomes: list[Outcome] = []
    with Progress(console=console) as progress, multiprocessing.Pool(args.jobs) as pool:
        task = progress.add_task("fuzzing", total=len(jobs))
        for out in pool.imap_unordered(play_one, jobs):
            outcomes.append(out)
            progress.advance(task)
            if out.problem:
                progress.console.print(
                    f"[red]{out.problem}[/] {out.scenario} seed {out.seed}: {out.detail[:300]}"
                )
                # The failing game is saved at once: a long run cut short keeps it.
                failures = Path("fuzz-failures")
                failures.mkdir(exist_ok=True)
                (failures / f"{out.scenario}-{out.seed}.json").write_text(json.dumps(out.record))
            if args.json:  # a partial summary after every game, so a cut-short run still counts
                args.json.write_text(json.dumps(_summary(outcomes), indent=2))
    summary = _summary(outcomes)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2))
    console.print_json(json.dumps({k: v for k, v in summary.items() if k != "failures"}))
    return 1 if summary["problems"] else 0


def _summary(outcomes: list[Outcome]) -> dict[str, Any]:
    """The figures of the games played so far."""
    problems = Counter(o.problem for o in outcomes if o.problem)
    verdicts = Counter((o.scenario, o.verdict) for o in outcomes if not o.problem)
    return {
        "games": len(outcomes),
        "actions": sum(o.actions for o in outcomes),
        "seconds": round(sum(o.seconds for o in outcomes), 1),
        "problems": dict(problems),
        "verdicts": {f"{s} {v}": n for (s, v), n in sorted(verdicts.items())},
        "failures": [asdict(o) | {"record": None} for o in outcomes if o.problem][:50],
    }


if __name__ == "__main__":
    raise SystemExit(main())
