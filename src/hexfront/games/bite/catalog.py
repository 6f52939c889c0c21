"""The BITE scenario catalogue, read from ``data/scenarios.toml``."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from hexfront.engine.protocol import ScenarioInfo

# Scenarios whose rules are implemented end to end: the Basic Game (SBE1-SBE4), the
# Advanced Game's Operation Barbarossa (SBE5, chapters 8-13) and the long scenarios
# SBE6-SBE9 (issue 15: 1942-44 setups, dated events, infrastructure, oil and plants).
PLAYABLE: frozenset[str] = frozenset(
    {"SBE1", "SBE2", "SBE3", "SBE4", "SBE5", "SBE6", "SBE7", "SBE8", "SBE9"}
)


@cache
def scenarios() -> tuple[ScenarioInfo, ...]:
    text = resources.files("hexfront.games.bite").joinpath("data/scenarios.toml").read_text()
    raw = tomllib.loads(text)["scenario"]
    return tuple(
        ScenarioInfo(
            id=s["id"],
            name=s["name"],
            turns=int(s["turns"]),
            rules=s["rules"],
            playable=s["id"] in PLAYABLE,
            summary=s["summary"],
        )
        for s in raw
    )
