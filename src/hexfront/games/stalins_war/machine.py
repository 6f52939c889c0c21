"""Stalin's War's sequence of play as one machine: every procedure of ``rules/`` by name."""

from __future__ import annotations

from hexfront.engine.sequence import Machine

from .rules.cards import ActionRound, Discards, DrawPhase
from .rules.combat import Combat
from .rules.movement import Movement
from .rules.picks import Pick
from .rules.reinforcements import Reinforce
from .rules.replacements import Replacements
from .rules.turn import ActionPhase, GameProc, TurnProc
from .rules.works import FreeTrench
from .state import SwState

MACHINE: Machine[SwState] = Machine(
    [
        GameProc(),
        TurnProc(),
        ActionPhase(),
        ActionRound(),
        Movement(),
        Combat(),
        FreeTrench(),
        Pick(),
        Replacements(),
        Reinforce(),
        DrawPhase(),
        Discards(),
    ],
    stack_of=lambda s: s.stack,
)
