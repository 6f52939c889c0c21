"""Chapter 9: stacking."""

from __future__ import annotations

from ..state import SwState


def stack_ok(
    state: SwState, node: int, side: str, joining: str | None = None, counts: bool = True
) -> bool:
    """Whether ``side``'s units in ``node`` (with the unit ``joining``, if given) keep
    9.1.1-9.1.3: at most ``stack_units`` combat units and ``stack_large`` LCU in a hex; Stalin,
    the Bunker, the Fortified Zone and partisans do not count (one of each at most). With
    ``counts`` False only the national and partisan rules (9.2), which hold at every moment,
    are checked: a unit passing through a hex during its move (9.1.4)."""
    t = state.world.tables
    units = state.world.units
    count = large = 0
    exempt: set[str] = set()
    here = [p.uid for p in state.occupants(node) if p.side == side and p.uid != joining]
    if joining is not None:
        here.append(joining)
    for uid in here:
        if not counts:
            break
        u = units[uid]
        if u.kind in t.stack_exempt:
            if u.kind in exempt:
                return False
            exempt.add(u.kind)
            continue
        count += 1
        large += u.large
    if count > t.stack_units or large > t.stack_large:
        return False
    # 9.2.1: Hungarian and Romanian units never stack together
    nations = {units[uid].nation for uid in here}
    if {"HU", "RO"} <= nations:
        return False
    # 9.2.2: active partisans never stack with other Soviet units (inactive ones give way)
    active = [u for u in here if u in state.active_partisans]
    return not (active and len(here) > len(active))


def stacking_problems(state: SwState) -> list[str]:
    """Every hex over the limits (invariants, tests)."""
    lifted = overstack_ok(state)  # a Blitz advance until exploitation ends (9.1.4, 11.5.2)
    out = []
    for node in sorted({p.at for p in state.on_map()} - lifted):
        for side in ("axis", "soviet"):
            if not stack_ok(state, node, side):
                out.append(f"{side} over-stacked in {state.world.map.id_of(node)}")
    return out


def overstack_ok(state: SwState) -> set[int]:
    """Hexes where a Blitz advance may over-stack until exploitation ends (9.1.4, 11.5.2),
    and the hex a moving unit is passing through (9.1.4)."""
    out: set[int] = set()
    for f in state.stack:
        if f.proc == "movement":
            passing = f.vars.get("passing")
            if isinstance(passing, str) and passing in state.pieces:
                out.add(state.pieces[passing].at)
        if f.proc == "combat":
            blitz = f.vars.get("blitz")
            if isinstance(blitz, list):
                out |= {int(str(h)) for h in blitz}
            moving = f.vars.get("exploiting")
            if isinstance(moving, dict):
                for u in moving:
                    out.add(state.pieces[str(u)].at)
    return out
