"""Air reconnaissance (optional rule 19.0-19.2): what a side has scouted this turn.

The attempts themselves (an activated Air-HQ's, 19.1) are ``air_recon.py``; this module
keeps their outcome and answers the combat rules: which hexes the phasing side has
reconned (19.0), the first round's Malus of the attacking air units and guns that fire
without it, and whether TECH 2 air units and guns may pick their targets (19.2).

The outcome lives in ``state.flags["recon"]`` for the side's turn only:
``{"side", "turn", "hexes": [hex ids reconned], "tries": {hq: attempts made}}``. Every
entry is public: a recon attempt is declared aloud and an activated HQ is revealed (13.2).
"""

from __future__ import annotations

from typing import Any, cast

from ..state import BiteState, Piece
from ..types import Node
from .optional_rules import RECON, rule_on

RECON_FLAG = "recon"


def book(state: BiteState) -> dict[str, Any] | None:
    """This turn's record of the phasing side's reconnaissance, if any."""
    found = state.flags.get(RECON_FLAG)
    if not isinstance(found, dict):
        return None
    if found.get("turn") != state.turn or found.get("side") != state.phasing:
        return None
    return cast(dict[str, Any], found)


def open_book(state: BiteState) -> dict[str, Any]:
    """This turn's record, started afresh for the phasing side when it is an old one."""
    found = book(state)
    if found is None:
        found = {"side": state.phasing, "turn": state.turn, "hexes": [], "tries": {}}
        state.flags[RECON_FLAG] = found
    return found


def reconned(state: BiteState, node: Node, side: str, rnd: int = 1) -> bool:
    """19.0: the side scouted the hex from the air this turn (its own turn); after the
    first combat round of a battle the hex counts as scouted."""
    if rnd > 1:
        return True
    found = book(state)
    if found is None or found["side"] != side:
        return False
    return state.w.board.id_of(node) in found["hexes"]


def recon_malus(state: BiteState, piece: Piece, node: Node) -> int:
    """19.0: one Malus for an attacking air unit or gun in the first round, unless the
    hex was reconned; strategic bombers and the Gustav need no recon (``no_recon``)."""
    if not rule_on(state, RECON):
        return 0
    if "no_recon" in state.profile(piece).abilities:
        return 0
    return 0 if reconned(state, node, piece.side) else 1


def may_pick_targets(state: BiteState, piece: Piece, node: Node, rnd: int) -> bool:
    """19.2: in sunny weather, over a hex reconned, a TECH 2 air unit or gun chooses which
    of the enemy's equally strong units it hits."""
    if not rule_on(state, RECON) or state.weather != "good":
        return False
    if state.profile(piece).tech < 2:
        return False
    return reconned(state, node, piece.side, rnd)
