"""Optional rule 36.0: Italy surrenders on a die roll.

With the rule, Italy does not leave the war automatically in September 1943 (7.11,
``victory.py``): from July 1943 the Soviet player rolls one die at the start of each turn,
and Italy surrenders when it shows at most the month's number. The numbers are the Turn
Record Chart's (``data/calendar.toml``, ``[italy_surrender]``): 1 in July, 2 in August,
4 in September, 5 from October 1943.
"""

from __future__ import annotations

from functools import cache

from .. import forces
from ..state import SOVIET, BiteState
from .victory import _power_out

ITALY_SURRENDERS = "or36_italy_surrenders"


@cache
def _numbers() -> dict[int, int]:
    rolls = forces.load_calendar().italy_surrender["rolls"]
    return {int(r["turn"]): int(r["max_roll"]) for r in rolls}


def italy_surrender_number(turn: int) -> int:
    """36.0: the highest die that makes Italy surrender in ``turn`` (0: no roll yet); the
    chart's last month holds for every later turn."""
    table = _numbers()
    if turn < min(table):
        return 0
    return table[min(turn, max(table))]


def italy_surrender_roll(state: BiteState) -> None:
    """36.0: at the start of a turn, the Soviet player rolls for Italy's surrender."""
    if state.options.get(ITALY_SURRENDERS) is not True or "italy" in state.surrendered:
        return
    needed = italy_surrender_number(state.turn)
    if needed <= 0:
        return
    die = state.dice.roll(1, "italy_surrenders", state.log, by=SOVIET)[0]
    if die <= needed:
        _power_out(state, "italy", f"Italy surrenders on a die of {die} (36.0)")
