"""Which rules a scenario is played with: the Basic Game (SBE1-SBE4) or the Advanced Game
(chapters 8-13, SBE5-SBE9). Every advanced rule asks :func:`advanced`."""

from __future__ import annotations

from ..state import BiteState


def advanced(state: BiteState) -> bool:
    """True when the scenario is played with the Advanced Game rules.

    The switch is the scenario's own rules level, which lives in the static world and is
    never serialised, so the basic scenarios' states (and their golden hashes) do not see it.
    """
    return state.w.scenario.rules == "advanced"
