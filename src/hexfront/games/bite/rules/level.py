"""Which rules a scenario is played with: the Basic Game (SBE1-SBE4) or the Advanced Game
(chapters 8-13, SBE5-SBE9). Every advanced rule asks :func:`advanced`; the scenarios'
own special rules ask the predicates below."""

from __future__ import annotations

from ..state import BiteState


def advanced(state: BiteState) -> bool:
    """True when the scenario is played with the Advanced Game rules.

    The switch is the scenario's own rules level, which lives in the static world and is
    never serialised, so the basic scenarios' states (and their golden hashes) do not see it.
    """
    return state.w.scenario.rules == "advanced"


def surprise_turn(state: BiteState) -> bool:
    """Barbarossa Surprise (SBE5, SBE9 special rules): the scenario says so, and it is the
    first turn, June 1941."""
    return state.turn == 1 and bool(state.w.scenario.flags.get("barbarossa_surprise"))


def total_supremacy(state: BiteState) -> bool:
    """The Luftwaffe Total Supremacy option of SBE5 and SBE9, on the surprise turn."""
    return surprise_turn(state) and state.options.get("luftwaffe_total_supremacy") is True
