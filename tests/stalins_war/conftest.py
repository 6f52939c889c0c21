"""Fixtures of the Stalin's War tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from hexfront.games.stalins_war.world import load_world


@pytest.fixture
def long_games() -> Iterator[None]:
    """Random agents fight now, but a uniform random Axis almost never takes a USSR VP space
    by the end of turn 2 nor pushes a supplied unit past the Paulus Line by turn 4 (20 of 20
    random campaign games end on turn 2 by 5.1.3), so two automatic Soviet victories end such
    games early. Tests that play later turns switch those two checks off for their duration."""
    world = load_world()
    tables = world.tables
    world.tables = dataclasses.replace(
        tables, soviet_all_spaces_turns=(0, -1), soviet_paulus_turn=-1
    )
    try:
        yield
    finally:
        world.tables = tables
