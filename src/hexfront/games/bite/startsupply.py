"""Supply at the start of every setup (4.0-4.3), the check behind ``hexfront data check``.

A unit that a setup puts where no supply lane reaches starts with a white barrel and, when
it cannot move away (the frozen units of 3.21 cannot), surrenders at the end of turn 1 and
gives the enemy a PP (4.5). This module builds the position each setup starts from and runs
the game's own supply rules (``rules/supply.py``) on it, for both sides:

* SBE1-SBE4 are set up exactly as a game starts (``Bite.scenario_state``);
* the whole BSS (with its optional blocks) and the 1942, 1943 and 1944 setups, whose
  scenarios are advanced-game ones that cannot be played yet, are placed by
  :func:`~.world.setup_world`; for the 1942-44 setups the hexes behind the Axis start line
  are Axis-held and the rest of the USSR Soviet-held (map zones ``start_line_YYYY_axis``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .game import Bite
from .rules.basics import update_front
from .rules.supply import compute, is_supplied
from .state import AXIS, SIDES, BiteState

SCENARIOS = ("SBE1", "SBE2", "SBE3", "SBE4")  # the playable (basic-game) scenarios
SETUPS = ("BSS", "1942", "1943", "1944")
ADJECTIVE = {
    "germany": "German",
    "italy": "Italian",
    "finland": "Finnish",
    "romania": "Romanian",
    "hungary": "Hungarian",
    "slovakia": "Slovak",
    "ussr": "Soviet",
}


@dataclass(frozen=True, slots=True)
class Unsupplied:
    """A unit out of supply where its setup puts it."""

    setup: str
    side: str
    unit: str  # the block's id, for whoever edits the data
    name: str  # what a player reads
    nation: str
    hex: str
    place: str | None

    def __str__(self) -> str:
        where = f"{self.hex} ({self.place})" if self.place else self.hex
        adjective = ADJECTIVE.get(self.nation, self.nation.title())
        who = self.name if self.name.startswith(adjective) else f"{adjective} {self.name}"
        return f"{self.setup}: {who} at {where} is out of supply at the start (4.3)"

    def to_json(self) -> dict[str, str | None]:
        return {
            "unit": self.name,
            "nation": self.nation,
            "side": self.side,
            "hex": self.hex,
            "place": self.place,
            "id": self.unit,
        }


def start_state(name: str) -> BiteState:
    """The position a scenario (SBE1-SBE4) or a setup (BSS, 1942, 1943, 1944) starts from."""
    if name in SCENARIOS:
        from .world import build_world

        # Built afresh, not the process's shared world: this checks the data as it is now.
        state = Bite(world_loader=build_world).scenario_state(name, {}, 0)
    else:
        from .world import setup_world

        world = setup_world(name)
        state = Bite(world_loader=lambda _s, _o: world).scenario_state(name, {}, 0)
        if name != "BSS":
            _start_line_control(state, name)
    update_front(state)  # as the Supply Phase does (7.2)
    state.touch()
    return state


def _start_line_control(state: BiteState, year: str) -> None:
    """1942-44: the Axis holds every hex behind its start line (the map zone
    ``start_line_YYYY_axis``, occupied countries included); the rest keeps its 1941 owner."""
    for node in state.w.board.zone(f"start_line_{year}_axis"):
        state.control[node] = AXIS
    for p in state.on_map():
        if state.spec(p).is_ground:
            state.control[p.node] = p.side


def out_of_supply(state: BiteState, setup: str | None = None) -> list[Unsupplied]:
    """Every unit on the map that the supply rules (4.3) find out of supply now."""
    board = state.w.board
    out = []
    for side in SIDES:
        net = compute(state, side)
        for p in sorted(state.on_map(side), key=lambda x: x.uid):
            if is_supplied(state, p, net):
                continue
            spec = state.spec(p)
            site = board.sites.get(p.node)
            out.append(
                Unsupplied(
                    setup or state.scenario,
                    side,
                    p.uid,
                    spec.name,
                    spec.nation,
                    board.id_of(p.node),
                    site.name if site is not None else None,
                )
            )
    return out


def check(names: Iterable[str] = SETUPS + SCENARIOS) -> dict[str, list[Unsupplied]]:
    """Units out of supply at the start of each named setup or scenario."""
    return {name: out_of_supply(start_state(name), name) for name in names}
