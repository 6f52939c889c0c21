"""What must hold after every action of a Stalin's War game (the fuzz tests run these)."""

from __future__ import annotations

from collections import Counter

from .rules.stacking import stacking_problems
from .state import ON_MAP, PILES, SIDES, SwState


def check(state: SwState) -> list[str]:
    """Every broken invariant: card conservation across the piles, hand sizes, stacking, no
    two sides in a hex, units on playable land, tracks in range."""
    problems: list[str] = []
    w = state.world
    t = w.tables
    for side in SIDES:
        seen: Counter[str] = Counter()
        for pile in PILES:
            seen.update(state.pile(side, pile))
        want = {c.id for c in w.cards.values() if c.side == side}
        if set(seen) != want or any(n != 1 for n in seen.values()):
            dup = sorted(c for c, n in seen.items() if n != 1)
            lost = sorted(want - set(seen))
            problems.append(f"{side} cards not conserved: duplicated {dup}, lost {lost}")
        # the hand grows only by drawing up to the size, plus the Soviet set-aside cards
        # (two on turn 1): never above the maximum and those two
        if len(state.pile(side, "hand")) > t.hand_max + 2:
            problems.append(f"{side} holds {len(state.pile(side, 'hand'))} cards")
        if state.total_war and state.pile(side, "reserve"):
            problems.append(f"{side} Total War cards still aside after Total War")
        if state.banked_ops[side] < 0 or state.consecutive_ops[side] < 0:
            problems.append(f"{side} OPS tracks below zero")
    problems += stacking_problems(state)
    for p in state.pieces.values():
        if (p.box == "track") != (p.uid in state.track):
            problems.append(f"{p.uid} in box {p.box} but Turn Track {state.track.get(p.uid)}")
        if p.box != ON_MAP and p.uid in state.oos:
            problems.append(f"{p.uid} marked OOS off the map")
    m = w.map
    sides_at: dict[int, set[str]] = {}
    for p in state.pieces.values():
        if p.box != ON_MAP:
            continue
        if not m.is_land(p.at):
            problems.append(f"{p.uid} off the land at {m.id_of(p.at)}")
        if state.world.units[p.uid].kind == "partisan" and p.uid not in state.active_partisans:
            continue  # 16.1.4: the Axis may share a hex with inactive partisans
        sides_at.setdefault(p.at, set()).add(p.side)
    for node, sides in sides_at.items():
        if len(sides) > 1:
            problems.append(f"both sides in {m.id_of(node)}")
    return problems
