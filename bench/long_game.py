"""One long campaign between two heuristic players, set beside history (issue 15).

``python bench/long_game.py SBE9 --seed 1`` plays the scenario to its end with the heuristic
on both sides and writes ``bench/results/long_game_<scenario>.json``: the length (actions,
turns), the wall time, the verdict, and, at the end of each month of
``bench/data/historical_cities.toml`` and at the end of the game, which Soviet major cities
the Axis held and which Axis-side major cities the Red Army held, with the historical lists
beside them. A line per turn shows progress; ``--record`` keeps the game record.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent / "src"))

from hexfront.ai.base import make_agent  # noqa: E402
from hexfront.engine.match import Match  # noqa: E402
from hexfront.engine.records import save_record  # noqa: E402
from hexfront.games.bite.game import Bite  # noqa: E402
from hexfront.games.bite.state import BiteState  # noqa: E402
from hexfront.games.bite.text import month_of  # noqa: E402

HISTORY = ROOT / "data" / "historical_cities.toml"
KEY_FORTRESSES = ("Leningrad", "Sevastopol")  # fortresses, not "major" cities, but decisive


def cities(state: BiteState) -> dict[str, list[str]]:
    """The Soviet cities the Axis holds and the Axis-side cities the Soviets hold."""
    board = state.w.board
    out: dict[str, list[str]] = {"axis_held_soviet": [], "soviet_held_axis": []}
    for node, site in board.sites.items():
        if not (site.is_major or site.name in KEY_FORTRESSES):
            continue
        holder = state.control[node]
        if site.country == "ussr" and holder == "axis":
            out["axis_held_soviet"].append(site.name)
        elif site.country != "ussr" and holder == "soviet":
            out["soviet_held_axis"].append(site.name)
    return {k: sorted(v) for k, v in out.items()}


def compare(played: list[str], history: list[str]) -> dict[str, Any]:
    both = sorted(set(played) & set(history))
    return {
        "played": played,
        "history": sorted(history),
        "agree": len(both),
        "only_played": sorted(set(played) - set(history)),
        "only_history": sorted(set(history) - set(played)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scenario", nargs="?", default="SBE9")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--record", type=Path, help="save the game record here")
    parser.add_argument("--out", type=Path, help="result file (default bench/results/...)")
    args = parser.parse_args()
    history = {int(d["turn"]): d for d in tomllib.loads(HISTORY.read_text())["date"]}
    game = Bite()
    match = Match(game, args.scenario, {}, args.seed)
    agents = {s: make_agent("heuristic", args.seed + i) for i, s in enumerate(game.sides)}
    start = time.perf_counter()
    actions = 0
    snapshots: dict[int, dict[str, list[str]]] = {}
    turn = match.state.turn
    while not match.is_over():
        if match.state.turn != turn:  # the turn just ended: what each side holds now
            snapshots[turn] = cities(match.state)
            held = len(snapshots[turn]["axis_held_soviet"])
            print(
                f"{month_of(turn)} (turn {turn}) over: {actions} actions, "
                f"{time.perf_counter() - start:.0f} s, the Axis holds {held} Soviet cities",
                flush=True,
            )
            turn = match.state.turn
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        match.act(agents[side].choose(match.view(side), legal))
        actions += 1
    seconds = time.perf_counter() - start
    snapshots[match.state.turn] = cities(match.state)
    result = match.result()
    dates = []
    for t, hist in sorted(history.items()):
        # The game may end early (a sudden death): its last position stands for later dates.
        played = snapshots.get(t) or snapshots[max(snapshots)]
        dates.append(
            {
                "turn": t,
                "month": month_of(t),
                "reached": t in snapshots,
                "axis_held_soviet": compare(played["axis_held_soviet"], hist["axis_held_soviet"]),
                "soviet_held_axis": compare(played["soviet_held_axis"], hist["soviet_held_axis"]),
            }
        )
    summary = {
        "scenario": args.scenario,
        "seed": args.seed,
        "agents": "heuristic,heuristic",
        "actions": actions,
        "turns": match.state.turn,
        "wall_seconds": round(seconds, 1),
        "outcome": result.outcome if result else None,
        "detail": result.detail if result else None,
        "end": {"month": month_of(match.state.turn), **snapshots[match.state.turn]},
        "dates": dates,
    }
    out = args.out or ROOT / "results" / f"long_game_{args.scenario}.json"
    out.write_text(json.dumps(summary, indent=2) + "\n")
    if args.record:
        save_record(match.record, args.record)
    print(json.dumps({k: summary[k] for k in ("actions", "turns", "wall_seconds", "outcome")}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
