"""Optional rules of combat that give dice or change who fires first: 20.0 Cavalry Charge!,
21.0 Panzers Attack!, 22.0 Jericho Trumpets, 25.0 Katyusha.

``combat.py`` asks these predicates while it fights a battle; each rule is a game option
(:func:`optional_rules.rule_on`), so a game without them fights as before. The Gustav's
fire (26.0) is in ``modifiers.py``, its overstacking in ``movement.py``.
"""

from __future__ import annotations

from ..board import CLEAR
from ..state import BiteState, Piece, enemy_of
from ..types import Node, Side
from ..units import UnitSpec
from .modifiers import A2G, ARTILLERY, fortification
from .optional_rules import (
    CAVALRY_CHARGE,
    JERICHO,
    KATYUSHA,
    PANZERS_ATTACK,
    RECON,
    rule_on,
)
from .recon import reconned

CAVALRY = "cavalry"  # 20.0
PANZERS = "panzers"  # 21.0
CHARGES = (CAVALRY, PANZERS)
BARBO_CHARGED = "barbo_charged"  # state.flags key: Gruppo Barbò's charge is spent (20.0)
KATYUSHA_DICE = 2  # 25.0
JERICHO_DICE = 2  # 22.0
BARBO_DICE = 3  # 20.0


def clear_hex(state: BiteState, node: Node) -> bool:
    """20.0, 21.0, 22.0: a hex of clear terrain with no major city nor fortification (a
    minor city does not count: 22.0 says so)."""
    board = state.w.board
    site = board.sites.get(node)
    if board.terrain[node] != CLEAR:
        return False
    if site is not None and site.is_major:
        return False
    return fortification(state, node) is None


def extra_dice(
    state: BiteState, piece: Piece, node: Node, attacker: Side, step: str, rnd: int
) -> int:
    """Dice a unit rolls over those of its steps: Katyusha rockets (25.0) and the Stukas'
    sirens (22.0)."""
    profile = state.profile(piece)
    if step == ARTILLERY and "katyusha" in profile.abilities and rule_on(state, KATYUSHA):
        return KATYUSHA_DICE  # 25.0: Soviet guns at TECH 2, not their AA fire
    if step == A2G and "stuka" in profile.abilities and rule_on(state, JERICHO):
        return JERICHO_DICE if jericho(state, piece, node, attacker, rnd) else 0
    return 0


def jericho(state: BiteState, piece: Piece, node: Node, attacker: Side, rnd: int) -> bool:
    """22.0: a Stuka wing at full strength, attacking a clear hex in sunny weather after a
    good air reconnaissance (when rule 19 is played), with no enemy fighter in the hex."""
    if piece.side != attacker or piece.step != 0 or state.weather != "good":
        return False
    if not clear_hex(state, node):
        return False
    if rule_on(state, RECON) and not reconned(state, node, piece.side, rnd):
        return False
    return not any(
        p.side != piece.side and state.spec(p).cls == "fighter" for p in state.occupants(node)
    )


# --- 20.0 and 21.0: charges ------------------------------------------------------------------


def charger(state: BiteState, spec: UnitSpec, kind: str, tech: int) -> bool:
    """A unit that charges (or counts against a charge): cavalry (20.0); armour, but
    not TECH 1 tankettes (21.0)."""
    if kind == CAVALRY:
        return spec.cls == "cavalry"
    if spec.cls == "tankette":
        return tech >= 2
    return spec.cls in ("tank", "armor_hq")


def charges_open(state: BiteState, node: Node, attacker: Side) -> list[str]:
    """The special attacks the attacker may declare at this battle now: sunny weather, a
    clear hex, its chargers in the battle and none of the defender's (20.0: no cavalry nor
    armour at all; 21.0: no armour)."""
    out: list[str] = []
    if state.weather != "good" or not clear_hex(state, node):
        return out
    defender = enemy_of(attacker)
    here = [p for p in state.occupants(node) if state.spec(p).is_ground]
    for kind, key in ((CAVALRY, CAVALRY_CHARGE), (PANZERS, PANZERS_ATTACK)):
        if not rule_on(state, key):
            continue
        mine = chargers(state, node, attacker, kind)
        if not mine:
            continue
        theirs = [p for p in here if p.side == defender]
        if any(_blocks_charge(state, p, kind) for p in theirs):
            continue
        out.append(kind)
    return out


def _blocks_charge(state: BiteState, piece: Piece, kind: str) -> bool:
    spec = state.spec(piece)
    armour = charger(state, spec, PANZERS, state.profile(piece).tech)
    return armour or (kind == CAVALRY and spec.cls == "cavalry")


def chargers(state: BiteState, node: Node, side: Side, kind: str) -> list[Piece]:
    """The side's combat units in the hex that charge, at more than 0 steps."""
    return sorted(
        (
            p
            for p in state.occupants(node)
            if p.side == side
            and state.spec(p).is_combat
            and state.strength(p) > 0
            and charger(state, state.spec(p), kind, state.profile(p).tech)
        ),
        key=lambda p: p.uid,
    )


def barbo_may_charge(state: BiteState, node: Node, side: Side) -> bool:
    """20.0: once per game, Gruppo Barbò charging adds three dice."""
    if state.flags.get(BARBO_CHARGED):
        return False
    return any(
        "cavalry_charge_bonus" in state.profile(p).abilities
        for p in chargers(state, node, side, CAVALRY)
    )
