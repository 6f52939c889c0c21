"""BITE's sequence of play as one machine: every procedure of the rules (7.0), by name.

The game (``game.py``) and positions (``position.py``) both drive it.
"""

from __future__ import annotations

from hexfront.engine.sequence import Machine

from .rules.blitz import AirRebase, BlitzPhase
from .rules.bombing import StrategicBombing
from .rules.combat import (
    AllocateHits,
    Battle,
    ChargeChoice,
    CombatPhase,
    Pause,
    RetreatChoice,
)
from .rules.deploy import DeployPhase
from .rules.exploitation import ExploitationPhase
from .rules.movement import MovementPhase
from .rules.partisan_fight import PartisanFight
from .rules.production import ProductionPhase
from .rules.rail import RailPhase
from .rules.reaction import ReactionPhase
from .rules.strategic import Airwar
from .rules.supply import FinalSupplyPhase, SupplyPhase
from .rules.turn import GameProc, SideProc, TurnProc
from .rules.victory import VictoryPhase
from .state import BiteState

MACHINE: Machine[BiteState] = Machine(
    [
        GameProc(),
        TurnProc(),
        SideProc(),
        DeployPhase(),
        SupplyPhase(),
        StrategicBombing(),  # 32.0 (optional rule), called by the Supply Phase
        Airwar(),  # 35.1 (optional rule), called by the Axis Production Phase
        ProductionPhase(),
        RailPhase(),
        MovementPhase(),
        ReactionPhase(),
        CombatPhase(),
        Battle(),
        PartisanFight(),  # 29.0 (optional rule), called by the Combat Phase
        AllocateHits(),
        RetreatChoice(),
        ChargeChoice(),
        Pause(),
        BlitzPhase(),
        AirRebase(),
        FinalSupplyPhase(),
        ExploitationPhase(),
        VictoryPhase(),
    ],
    stack_of=lambda s: s.stack,
    decision_scope=lambda s: s.positions_indexed(),
)
