"""Fighting powers (chapter 5): where each nation may go and fight, and who pays for whom."""

from __future__ import annotations

from ..board import Board
from ..state import AXIS, SOVIET, BiteState
from ..units import UnitSpec

# 5.2: the powers that keep their own PP; Italy and Finland have none (5.4, 5.5).
PP_POWERS = {AXIS: ("germany", "romania", "hungary", "slovakia"), SOVIET: ("ussr",)}
AIDED_ALLIES = ("romania", "hungary", "slovakia", "finland", "italy")

# Home countries for placing new units (7.3.1); Italians use Poland (7.3.1 note).
HOME = {
    "germany": ("germany",),
    "ussr": ("ussr",),
    "finland": ("finland",),
    "romania": ("romania",),
    "hungary": ("hungary",),
    "slovakia": ("slovakia",),
    "italy": ("poland", "general_government"),
}

# 5.3-5.8: countries (1941 owners) a minor Axis nation may operate in, besides the part
# of the USSR south of the green dotted line.
MINOR_AREAS = {
    "italy": frozenset({"yugoslavia", "poland", "general_government"}),
    "romania": frozenset({"romania"}),
    "hungary": frozenset({"hungary", "yugoslavia", "poland", "general_government"}),
    "slovakia": frozenset({"slovakia", "poland", "general_government"}),
}


def power_of_nation(nation: str) -> str:
    """The power whose PP repairs a nation's units."""
    return nation


def payer(nation: str) -> str | None:
    """Who pays for a nation's units: itself, or nobody (Italy, Finland need German aid)."""
    return nation if nation in ("germany", "romania", "hungary", "slovakia", "ussr") else None


def _areas(state: BiteState) -> dict[str, frozenset[int]]:
    cached = state.w.derived.get("nation_areas")
    if cached is None:
        cached = state.w.derived["nation_areas"] = _compute_areas(state.w.board)
    return cached


def _compute_areas(board: Board) -> dict[str, frozenset[int]]:
    south = board.zone("green_line_south")
    owner = board.owner_1941
    out: dict[str, frozenset[int]] = {}
    for nation, countries in MINOR_AREAS.items():
        out[nation] = frozenset(
            n
            for n in range(board.node_count)
            if owner[n] in countries or (owner[n] == "ussr" and n in south)
        )
    out["finland"] = board.zone("finland_1941") | board.zone("foa")
    return out


def may_enter(state: BiteState, spec: UnitSpec, node: int) -> bool:
    """Whether a unit of this nation may ever stand in ``node`` (5.3-5.8, scenario area)."""
    area = state.w.scenario.map_area
    if area is not None and node not in area:
        return False
    allowed = _areas(state).get(spec.nation)
    return allowed is None or node in allowed


def finnish_area(state: BiteState) -> frozenset[int]:
    """Finland of 1941 and the Finnish operational area (5.5)."""
    return _areas(state)["finland"]


def may_attack(state: BiteState, spec: UnitSpec, node: int, origin: int | None = None) -> bool:
    """5.5: Finns, and German units operating from Finland, attack only inside the Finnish
    attack zone. ``origin`` is where the attacker stands (a German unit there is supplied
    through Finland)."""
    faz = state.w.board.zone("faz")
    if spec.nation == "finland":
        return node in faz
    if spec.nation == "germany" and origin is not None and origin in finnish_area(state):
        return node in faz
    return True


def germans_in_finland(state: BiteState) -> int:
    finland = state.w.board.zone("finland_1941")
    return sum(
        1
        for p in state.on_map(AXIS)
        if p.node in finland and state.spec(p).nation == "germany" and state.spec(p).is_ground
    )


def finland_limit_applies(state: BiteState) -> bool:
    """5.5: at most one German unit inside Finland until a Soviet ground unit crosses in."""
    finland = state.w.board.zone("finland_1941")
    if not finland:
        return False
    if state.flags.get("soviets_entered_finland"):  # set by movement (movement.py)
        return False
    return not any(p.node in finland and state.spec(p).is_ground for p in state.on_map(SOVIET))
