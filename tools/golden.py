"""Golden records: games whose every state a speed-up must leave unchanged.

``python -m tools.golden`` plays the set below (random and heuristic agents, SBE1-SBE4,
each deployment and weather option) and writes one gzipped record per game, with its
final state hash, to ``tests/golden/records/``. ``tests/golden/test_golden.py`` replays
every record and checks the hash, so a change that alters a game fails the suite.

Regenerate only when a rule is fixed on purpose, in the same commit as the fix, and say
which rule in the commit message: a speed-up that changes a game is a bug.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from hexfront.ai.base import make_agent
from hexfront.ai.play import play_out
from hexfront.engine.records import save_record
from hexfront.games.bite.game import Bite

OUT = Path(__file__).resolve().parents[1] / "tests" / "golden" / "records"
SCENARIOS = ("SBE1", "SBE2", "SBE3", "SBE4")
OPTION_SETS: tuple[dict[str, str], ...] = (
    {},
    {"deployment": "by_hand"},
    {"weather": "chart"},
    {"deployment": "by_hand", "weather": "chart"},
)
AGENTS = ("random", "heuristic")
# A game stops here if it has not ended: long random games would make the suite slow,
# and a state in mid-game is as good a witness as a verdict.
MAX_ACTIONS = 1200


def golden_set() -> list[tuple[str, str, dict[str, str], int]]:
    """(scenario, agents, options, seed) for every golden game."""
    out = []
    for i, (scenario, agent, options) in enumerate(
        itertools.product(SCENARIOS, AGENTS, OPTION_SETS)
    ):
        out.append((scenario, agent, options, 100 + i))
    return out


def name_of(scenario: str, agent: str, options: dict[str, str], seed: int) -> str:
    tags = "-".join(f"{v}" for _, v in sorted(options.items())) or "standard"
    return f"{scenario}-{agent}-{tags}-{seed}.json.gz"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="only the games whose file name contains this")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    game = Bite()
    games = [g for g in golden_set() if not args.only or args.only in name_of(*g)]
    for n, (scenario, agent, options, seed) in enumerate(games, 1):
        start = time.perf_counter()
        agents = {side: make_agent(agent, seed + k) for k, side in enumerate(game.sides)}
        match = play_out(
            game, scenario, agents, seed=seed, options=options, max_actions=MAX_ACTIONS
        )
        match.record.final_hash = match.hash()
        path = OUT / name_of(scenario, agent, options, seed)
        save_record(match.record, path)
        result = match.result()
        verdict = result.outcome if result else f"stopped at turn {match.state.turn}"
        print(
            f"[{n}/{len(games)}] {path.name}: {len(match.record.actions)} actions, "
            f"{verdict}, {time.perf_counter() - start:.1f} s",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
