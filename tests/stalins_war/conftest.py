"""Fixtures of the Stalin's War tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from hexfront.games.stalins_war.world import load_world


@pytest.fixture
def long_games() -> Iterator[None]:
    """Random agents that cannot fight yet never take a USSR VP space nor push the Axis past
    the Paulus Line, so two automatic Soviet victories (5.1.3) would end every such game on
    turn 2 or 4. Tests that play later turns switch those two checks off for their duration."""
    world = load_world()
    tables = world.tables
    world.tables = dataclasses.replace(
        tables, soviet_all_spaces_turns=(0, -1), soviet_paulus_turn=-1
    )
    try:
        yield
    finally:
        world.tables = tables
