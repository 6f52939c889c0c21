"""The rulebook versions as a game option (``rules``): where the older Italian and Spanish
2.x rulebooks differ from English 3.00, each difference is a named switch in
``data/versions.toml``, on in the versions that play it. The rules ask :func:`differs`.

English 3.00 has no switch on: a game with ``rules = "en-3.00"`` (the default) plays as
if this module did not exist.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from hexfront.engine.events import JSON

from .optional import BASELINE, RULES, VERSIONS


@dataclass(frozen=True, slots=True)
class Difference:
    """One rule that a version plays otherwise than English 3.00."""

    flag: str  # the switch the rules code asks for
    rule: str  # the rule number: "7.7.14"
    layer: str  # "basic", "advanced", "optional" or "scenario"
    versions: tuple[str, ...]  # the versions where the switch is on
    description: str  # what changes, in our words
    honoured: bool  # False: recorded for the engineer who implements the rule


@cache
def differences() -> tuple[Difference, ...]:
    """Every switch of ``data/versions.toml``, in the rulebook's order."""
    text = resources.files("hexfront.games.bite").joinpath("data/versions.toml").read_text()
    raw = tomllib.loads(text)
    out = []
    for d in raw["difference"]:
        versions = tuple(str(v) for v in d["versions"])
        unknown = [v for v in versions if v not in VERSIONS or v == BASELINE]
        if unknown:
            raise ValueError(f"versions.toml: {d['flag']} names unknown versions {unknown}")
        out.append(
            Difference(
                flag=str(d["flag"]),
                rule=str(d["rule"]),
                layer=str(d["layer"]),
                versions=versions,
                description=str(d["description"]),
                honoured=bool(d["honoured"]),
            )
        )
    return tuple(out)


@cache
def _on() -> dict[str, frozenset[str]]:
    """For each version, the switches it turns on."""
    return {v: frozenset(d.flag for d in differences() if v in d.versions) for v in VERSIONS}


@cache
def flags() -> frozenset[str]:
    return frozenset(d.flag for d in differences())


def differs(options: Mapping[str, JSON], flag: str) -> bool:
    """Whether the game's rulebook version (``options["rules"]``) plays the difference
    ``flag``. An unknown flag is a bug in the caller and raises ``KeyError``."""
    if flag not in flags():
        raise KeyError(f"data/versions.toml has no switch {flag!r}")
    version = options.get(RULES, BASELINE)
    if version == BASELINE:
        return False
    return flag in _on().get(str(version), frozenset())
