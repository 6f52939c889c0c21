"""Fighting powers (chapter 5): where each nation may go and fight, and who pays for whom."""

from __future__ import annotations

from ..board import Board
from ..state import AXIS, SOVIET, BiteState
from ..units import UnitSpec
from . import persia

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
    # 5.5: Finns go as far as the operational area (FOA), the ring of Soviet hexes around
    # the Finnish attack zone (FAZ), and no further; the FAZ takes in Finland itself and
    # the Soviet land up to the old border (Vyborg, Sortavala, Petrozavodsk).
    front = board.zone("finland_1941") | board.zone("faz")
    out["finland"] = front | board.zone("foa")
    out[FINNISH_FRONT] = front
    return out


FINNISH_FRONT = "finnish_front"  # a key of the areas cache, not a nation


def finland_neutral(state: BiteState) -> bool:
    """5.5: after its surrender Finland is neutral again."""
    return "finland" in state.surrendered


def from_finland(state: BiteState, spec: UnitSpec, origin: int | None) -> bool:
    """5.5: a German ground unit standing in Finland or in the Finnish attack zone is one
    of the German units sent to Finland (and supplied through it).

    Design choice: a German unit on an FOA hex does not count: the ring is also where the
    Army Group North meets the Finns (Leningrad, the Svir), and a unit of it standing there
    must not be tied to Finland. A German unit that left the attack zone for the ring is
    therefore free from its next move on; in one move none gets past the ring.
    """
    return (
        origin is not None
        and spec.nation == "germany"
        and spec.is_ground
        and origin in _areas(state)[FINNISH_FRONT]
        and _finland_in_play(state)
    )


def _finland_in_play(state: BiteState) -> bool:
    """Whether the scenario's map takes in Finland (SBE1 has the isthmus but not Finland:
    no German unit there was sent to Finland)."""
    found = state.w.derived.get("finland_in_play")
    if found is None:
        area = state.w.scenario.map_area
        found = area is None or bool(area & state.w.board.zone("finland_1941"))
        state.w.derived["finland_in_play"] = found
    return bool(found)


def origin_zone(state: BiteState, spec: UnitSpec, origin: int) -> tuple[bool, bool]:
    """What :func:`may_enter` needs to know of a move's start, for caching a search."""
    return from_finland(state, spec, origin), origin in state.w.board.zone("finland_1941")


def may_enter(state: BiteState, spec: UnitSpec, node: int, origin: int | None = None) -> bool:
    """Whether a unit of this nation may stand in ``node`` (5.3-5.8, scenario area).

    ``origin`` is where the move starts, when it matters: German units sent to Finland
    stay on the near side of the FOA (5.5), and once Finland is neutral only the units
    already inside it move there, on their way out (5.5, Finnish surrender).
    """
    area = state.w.scenario.map_area
    if area is not None and node not in area:
        return False
    board = state.w.board
    if board.owner_1941[node] == persia.COUNTRY and persia.closed(state):
        return False  # 37.0: Persia, not yet in the war, is closed to every unit
    if finland_neutral(state):
        finland = board.zone("finland_1941")
        if node in finland and (origin is None or origin not in finland):
            return False
    areas = _areas(state)
    allowed = areas.get(spec.nation)
    if allowed is not None:
        return node in allowed
    if from_finland(state, spec, origin):
        # 5.5: not past the FOA, neither east nor south; back west (Norway) is open, and
        # so are the off-map boxes of the far north (Petsamo, Murmansk).
        return (
            node in areas["finland"]
            or board.owner_1941[node] != "ussr"
            or not board.id_of(node).isdigit()
        )
    return True


def finnish_area(state: BiteState) -> frozenset[int]:
    """Where Finns may stand: Finland of 1941, the attack zone and the FOA ring (5.5)."""
    return _areas(state)["finland"]


def may_attack(state: BiteState, spec: UnitSpec, node: int, origin: int | None = None) -> bool:
    """5.5: Finns, and German units operating from Finland, attack only inside the Finnish
    attack zone. ``origin`` is where the attacker stands (a German unit there is supplied
    through Finland: see :func:`from_finland`)."""
    faz = state.w.board.zone("faz")
    if spec.nation == "finland":
        return node in faz
    if from_finland(state, spec, origin):
        return node in faz
    return True


# 5.3: the nations whose air units fight only beside their own ground units.
MINOR_AIR_NATIONS = frozenset(AIDED_ALLIES)


def air_may_join(
    state: BiteState, spec: UnitSpec, side: str, node: int, *, attacking: bool
) -> bool:
    """5.3, 5.5: whether an air unit may fly into the battle at ``node`` (a mission when
    ``attacking``, else a defensive reaction).

    Every air unit keeps to the land its nation may enter (the green line, 5.3-5.8), and
    Finnish air attacks only inside the Finnish attack zone (5.5). The air of the minor
    allies (Finns, Italians, Romanians, Hungarians, Slovaks) supports only its own
    nation's ground units (5.3). Design choices: a battle whose friendly ground units mix
    nations is open to it as long as its own nation is among them (German and Romanian
    corps together may have Romanian air); a battle with no friendly ground unit (an air
    strike, or air against air) has nobody to support and is open to it, as 3.21 shows
    Romanian air flying combat missions on turn 1 while every Romanian ground unit is
    frozen.
    """
    if not may_enter(state, spec, node):
        return False
    if attacking and not may_attack(state, spec, node):
        return False
    if spec.nation not in MINOR_AIR_NATIONS:
        return True
    nations = {
        state.spec(p).nation for p in state.at(node) if p.side == side and state.spec(p).is_ground
    }
    return not nations or spec.nation in nations


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
    indexed = "occupancy" in state.cache  # nothing moves while a decision is listed
    found: bool | None = state.cache.get("finland_limit") if indexed else None
    if found is None:
        found = not any(p.node in finland and state.spec(p).is_ground for p in state.on_map(SOVIET))
        if indexed:
            state.cache["finland_limit"] = found
    return found
