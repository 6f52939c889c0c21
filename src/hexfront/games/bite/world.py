"""Assemble a scenario's static data (map, blocks, charts) into a :class:`World`."""

from __future__ import annotations

from collections.abc import Mapping

from hexfront.engine.errors import UnknownGame
from hexfront.engine.events import JSON

from .state import World


def build_world(scenario: str, options: Mapping[str, JSON]) -> World:
    raise UnknownGame(
        "the BITE mapboard and forces data are not in this build yet, so no scenario can be "
        "set up; the rules engine runs on test maps (see docs/rules-coverage.md)"
    )
