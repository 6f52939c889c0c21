"""The frame a combat step starts from (7.3.5, chapter 11): kept apart from ``combat.py`` so
that movement and the cards can start one without importing the combat rules."""

from __future__ import annotations

from hexfront.engine.events import JSON

from ..state import SwState


def combat_vars(
    state: SwState, side: str, ops: int, zero: bool, moved: bool, rail: list[str]
) -> dict[str, JSON]:
    return {
        "side": side,
        "ops": ops,
        "zero": zero,
        "moved": moved,
        "rail": list(rail),
        "stage": "markers",
        "markers": [],
        "attacked": [],
        "fought": [],
        "retreated": [],
        "blitz": [],
        "exploited": [],
        "exploiting": {},
        "exploit_start": {},
        "used_cards": [],
        "long_reach": [],
        "round_cards": [],
        "zhukov_used": False,
        "battle": {},
    }
