"""AI strength, measured by arenas (``make bench-ai``); writes bench/results/ai.json and bench/ai.md.

* heuristic against random in SBE1-SBE4, from both sides;
* ismcts against heuristic, at a fixed thinking budget per decision.

Scenarios are not balanced, and in SBE1 and SBE2 the Soviets cannot win (holding out is a
draw), so results are reported per side, with a 95% interval on each win rate.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

from hexfront.ai import arena
from hexfront.ai.arena import score_interval

RESULTS = Path(__file__).parent / "results"
DOC = Path(__file__).parent / "ai.md"
BEST_SOVIET = {"SBE1": "draw", "SBE2": "draw", "SBE3": "win", "SBE4": "win"}


def run_pair(
    console: Console,
    scenario: str,
    agents: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
) -> dict[str, Any]:
    with Progress(console=console) as progress:
        task = progress.add_task(f"{scenario} {' vs '.join(agents)}", total=games)
        start = time.perf_counter()
        report = arena.run(
            "bite",
            scenario,
            agents,
            games=games,
            seed=seed,
            agent_options=options,
            progress=lambda r: progress.advance(task),
        )
    report["wall_seconds"] = round(time.perf_counter() - start, 1)
    return report


def rows(report: dict[str, Any], agent: str) -> list[str]:
    out = []
    scenario = report["scenario"]
    for side, c in report["results"][agent].items():
        n = c["win"] + c["draw"] + c["loss"]
        best = "draw" if side == "soviet" and BEST_SOVIET.get(scenario) == "draw" else "win"
        good = c["win"] + (c["draw"] if best == "draw" else 0)
        lo, hi = score_interval(good, n)
        out.append(
            f"| {scenario} | {agent} | {side} | {c['win']} | {c['draw']} | {c['loss']} | "
            f"{good}/{n} = {good / max(1, n):.0%} ({lo:.0%}-{hi:.0%}) | {best} |"
        )
    return out


def totals(report: dict[str, Any], agent: str) -> str:
    """Both sides together: successes (the best result each side can get) and points
    (win 1, draw 1/2)."""
    scenario = report["scenario"]
    good = points = n = 0.0
    for side, c in report["results"][agent].items():
        n += c["win"] + c["draw"] + c["loss"]
        points += c["win"] + 0.5 * c["draw"]
        draw_is_best = side == "soviet" and BEST_SOVIET.get(scenario) == "draw"
        good += c["win"] + (c["draw"] if draw_is_best else 0)
    return (
        f"- {agent} in {scenario}, both sides: success {good:.0f}/{n:.0f} = "
        f"{good / max(n, 1):.0%}, points {points:g}/{n:.0f} = {points / max(n, 1):.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--games", type=int, default=20, help="heuristic-vs-random games per scenario"
    )
    parser.add_argument("--search-games", type=int, default=10, help="ismcts-vs-heuristic games")
    parser.add_argument("--search-scenario", default="SBE1")
    parser.add_argument("--budget", type=float, default=1.0, help="ismcts seconds per decision")
    parser.add_argument("--scenarios", default="SBE1,SBE2,SBE3,SBE4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    console = Console()
    RESULTS.mkdir(parents=True, exist_ok=True)
    previous: dict[str, Any] = {}
    if (RESULTS / "ai.json").exists():  # scenarios not rerun keep their last measurement
        previous = json.loads((RESULTS / "ai.json").read_text())
    reports: dict[str, Any] = {
        kind: dict(previous.get(kind, {}))
        for kind in ("heuristic_vs_random", "ismcts_vs_heuristic")
    }
    for scenario in [s for s in args.scenarios.split(",") if s]:
        reports["heuristic_vs_random"][scenario] = run_pair(
            console, scenario, ["heuristic", "random"], args.games, args.seed, {}
        )
    if args.search_games:
        reports["ismcts_vs_heuristic"][args.search_scenario] = run_pair(
            console,
            args.search_scenario,
            ["ismcts", "heuristic"],
            args.search_games,
            args.seed,
            {"ismcts": {"budget": args.budget}},
        )
        reports["ismcts_vs_heuristic"][args.search_scenario]["budget_seconds"] = args.budget
    reports["seed"] = args.seed
    (RESULTS / "ai.json").write_text(json.dumps(reports, indent=2) + "\n")
    lines = [
        "# AI strength (measured by `make bench-ai`)",
        "",
        "Each line is one agent playing one side against the other agent, over both side",
        "assignments of the arena. A result counts as a success when it is the best the side",
        "can get: a win, or for the Soviets in SBE1/SBE2 (which they cannot win) a draw.",
        "Intervals are 95% Wilson intervals.",
        "",
        "| scenario | agent | side | win | draw | loss | success (95% CI) | best result |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for report in reports["heuristic_vs_random"].values():
        lines.extend(rows(report, "heuristic"))
    for report in reports["ismcts_vs_heuristic"].values():
        lines.extend(rows(report, "ismcts"))
    for report in reports["ismcts_vs_heuristic"].values():
        lines += ["", totals(report, "ismcts"), totals(report, "heuristic")]
    lines += ["", "Speed and Elo:", ""]
    for kind in ("heuristic_vs_random", "ismcts_vs_heuristic"):
        for scenario, r in reports[kind].items():
            lines.append(
                f"- {kind} {scenario}"
                + (f" at {r['budget_seconds']} s/decision" if "budget_seconds" in r else "")
                + f": {r['games']} games in {r['wall_seconds']} s on 2 cores; "
                f"seconds per decision {r['seconds_per_decision']}; Elo {r['elo']}; "
                f"average {r['average_actions']} actions"
            )
    lines += ["", f"Seed {args.seed}; games per scenario and thinking budget as listed above.", ""]
    DOC.write_text("\n".join(lines))
    console.print("\n".join(lines))


if __name__ == "__main__":
    main()
