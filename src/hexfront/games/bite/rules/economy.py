"""The long scenarios' economy (SBE6-SBE9), in the Production Phase (7.3).

* **Soviet infrastructure** (booklet, SBE6; SBE9 "see SBE6"): from July 1942 the Soviet
  player may buy the Saratov-Stalingrad (3 PP), Stalingrad-Astrakhan (4 PP) and
  Astrakhan-Baku (5 PP) railways and the Baku-Krasnovodsk sea route (10 PP), each paid in
  full in one Production Phase, several in one phase if he likes. A project is part of the
  railway net from then on (``infrastructure.rails``). SBE7 and SBE8 start with all built.
* **Soviet oil route** (booklet, long scenarios): the Soviets count no oil while the
  Caucasus oilfields are rail-linked to Siberia. At the start of each Soviet Production
  Phase the link is looked at: once cut, the Soviets track oil (their oil centres give
  black PP that reach Siberia, their HQ steps cost black PP, 11.0) until the link is back.
* **SBE9 industrial development** (booklet, SBE9; 15.1): each side starts with ten plants
  half built. A plant takes at most 1 yellow PP a turn; at 10 it is finished and makes
  1 PP of its colour each turn from the next.
* **Income supplement** (design choice, the scenario's ``[income_supplement]``): the
  booklet's 1942-44 incomes count factories built or moved after June 1941 that the
  reconstructed map does not place; each turn the power receives the difference as a fixed
  supplement, so that its income on the start line ties to the booklet (digest B.13).

The numbers are data: ``data/economy.toml`` and the scenario files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from ..state import AXIS, SOVIET, BiteState
from . import infrastructure, resources
from .basics import rail_linked_to_siberia

VERBS = frozenset({"build_project", "build_plant"})
PLANTS = "plants"  # state.flags: {power: [[colour, progress, turn paid last], ...]}
# The booklet's income words and the PP colours (11.0).
COLOUR_OF = {"yellow": "yellow", "armor": "red", "air": "blue", "oil": "black"}


def _rules(section: str) -> Mapping[str, object]:
    return cast(Mapping[str, object], infrastructure.economy_data()[section])


def _power_side(power: str) -> str:
    return resources.side_of(power)


# --- income -----------------------------------------------------------------------------------


def extra_income(state: BiteState, powers: Iterable[str]) -> dict[str, dict[str, int]]:
    """PP by power and colour that no map centre makes: the scenario's supplement and the
    finished plants of SBE9 (each from the turn after it was finished)."""
    out: dict[str, dict[str, int]] = {}
    supplement = state.w.scenario.flags.get("income_supplement") or {}
    output = int(cast(int, _rules("industrial_development")["output"]))
    for power in powers:
        mine: dict[str, int] = {}
        for word, pp in dict(supplement.get(power, {})).items():
            colour = COLOUR_OF[str(word)]
            mine[colour] = mine.get(colour, 0) + int(pp)
        for colour, progress, paid in _plants_of(state, power):
            if progress >= _price() and paid < state.turn:
                mine[colour] = mine.get(colour, 0) + output
        if mine:
            out[power] = mine
    return out


# --- the Soviet oil route ----------------------------------------------------------------------


def oil_route_cut(state: BiteState) -> bool:
    """Booklet: the Caucasus oilfields are not rail-linked to Siberia, as when the Axis
    holds Stalingrad or has reached the Volga. Design choice (data/economy.toml): no
    oilfield the Soviets hold reaches Siberia by rail, or the Axis holds Stalingrad or has
    a ground unit on the Volga while no bypass project stands."""
    raw = _rules("oil_route")
    fields = [str(x) for x in cast(list[str], raw["oilfields"])]
    if not any(rail_linked_to_siberia(state, name) for name in fields):
        return True
    if not _axis_on_the_volga(state, raw):
        return False
    bypasses = {str(x) for x in cast(list[str], raw["bypasses"])}
    return not bypasses.intersection(infrastructure.built(state))


def _axis_on_the_volga(state: BiteState, raw: Mapping[str, object]) -> bool:
    board = state.w.board
    try:
        city = board.node(str(raw["city"]))
    except (KeyError, LookupError, ValueError):
        city = -1
    if city >= 0 and state.control[city] == AXIS:
        return True
    bank = volga_hexes(state, str(raw["river"]))
    if city >= 0:  # the lower Volga only: the oil route's stretch around the city
        reach = int(cast(int, raw["river_within"]))
        bank = frozenset(n for n in bank if board.distance(city, n) <= reach)
    return any(p.node in bank and state.spec(p).is_ground for p in state.on_map(AXIS))


def volga_hexes(state: BiteState, river: str) -> frozenset[int]:
    """Hexes with a side on ``river`` (found once per map)."""
    key = f"river_hexes:{river}"
    found: frozenset[int] | None = state.w.derived.get(key)
    if found is None:
        board = state.w.board
        found = frozenset(
            a
            for a in range(board.node_count)
            for b in board.adjacency[a]
            if board.river_between(a, b) == river
        )
        state.w.derived[key] = found
    return found


def check_oil_route(state: BiteState) -> None:
    """At the start of the Soviet Production Phase: whether the Soviets track oil now."""
    raw = _rules("oil_route")
    if not state.w.scenario.flags.get(str(raw["flag"])):
        return
    power = str(raw["power"])
    found = state.flags.get(resources.OIL_TRACKED)
    tracked = [str(x) for x in found] if isinstance(found, list) else []
    cut = oil_route_cut(state)
    if cut and power not in tracked:
        tracked.append(power)
        state.emit("oil_route_lost", power=power)
    elif not cut and power in tracked:
        tracked.remove(power)
        state.emit("oil_route_restored", power=power)
    else:
        return
    if tracked:
        state.flags[resources.OIL_TRACKED] = cast(JSON, sorted(tracked))
    else:
        state.flags.pop(resources.OIL_TRACKED, None)


# --- plants (SBE9 industrial development, 15.1) --------------------------------------------------


def _price() -> int:
    return int(cast(int, _rules("industrial_development")["price"]))


def _plants_of(state: BiteState, power: str) -> list[tuple[str, int, int]]:
    """(colour, progress, turn last paid) of each plant of ``power``, in a fixed order."""
    found = state.flags.get(PLANTS)
    if isinstance(found, dict):
        rows = found.get(power)
        if not isinstance(rows, list):
            return []
        return [(str(r[0]), int(r[1]), int(r[2])) for r in cast(list[list[JSON]], rows)]
    return _starting_plants(state).get(power, [])


def _starting_plants(state: BiteState) -> dict[str, list[tuple[str, int, int]]]:
    """SBE9: the half-built plants of the scenario flag (none in other scenarios)."""
    flag = str(_rules("industrial_development")["flag"])
    spec = state.w.scenario.flags.get(flag)
    if not isinstance(spec, Mapping):
        return {}
    progress = int(spec.get("progress", 0))
    out: dict[str, list[tuple[str, int, int]]] = {}
    for power, kinds in sorted(spec.items()):
        if not isinstance(kinds, Mapping):
            continue
        rows: list[tuple[str, int, int]] = []
        for word, count in sorted(kinds.items(), key=lambda kv: COLOUR_OF[str(kv[0])]):
            rows += [(COLOUR_OF[str(word)], progress, 0)] * int(count)
        out[str(power)] = rows
    return out


def _store_plants(state: BiteState, power: str, rows: list[tuple[str, int, int]]) -> None:
    found = state.flags.get(PLANTS)
    table: dict[str, JSON]
    if isinstance(found, dict):
        table = found
    else:
        table = {p: [list(r) for r in v] for p, v in _starting_plants(state).items()}
        state.flags[PLANTS] = table
    table[power] = [[c, n, t] for c, n, t in rows]


def plants(state: BiteState, power: str) -> dict[str, tuple[int, int]]:
    """Per colour: (finished plants, plants still building) of ``power``."""
    out: dict[str, tuple[int, int]] = {}
    for colour, progress, _ in _plants_of(state, power):
        done, building = out.get(colour, (0, 0))
        if progress >= _price():
            out[colour] = (done + 1, building)
        else:
            out[colour] = (done, building + 1)
    return out


# --- the Production Phase's choices ------------------------------------------------------------


def actions(state: BiteState, side: str) -> list[Action]:
    """What the phasing side may buy besides blocks: projects and plant steps."""
    out: list[Action] = []
    rules = infrastructure.project_rules()
    power = rules.power
    if (
        side == _power_side(power)
        and state.w.scenario.flags.get(rules.flag)
        and state.turn >= rules.from_turn
        and power not in state.surrendered
    ):
        done = set(infrastructure.built(state))
        for p in rules.projects:
            if p.id not in done and state.pp.get(power, 0) >= p.cost:
                out.append(Action(side, "build_project", {"project": p.id, "pp": p.cost}))
    step = int(cast(int, _rules("industrial_development")["pp_per_turn"]))
    for plant_power in sorted(_starting_plants(state)):
        if _power_side(plant_power) != side or plant_power in state.surrendered:
            continue
        if state.pp.get(plant_power, 0) < step:
            continue
        colours = sorted(
            {
                c
                for c, n, paid in _plants_of(state, plant_power)
                if n < _price() and paid < state.turn
            }
        )
        for colour in colours:
            out.append(Action(side, "build_plant", {"power": plant_power, "colour": colour}))
    return out


def act(state: BiteState, action: Action) -> None:
    """Carry out a listed ``build_project`` or ``build_plant``."""
    if action.verb == "build_project":
        p = infrastructure.project(str(action.args["project"]))
        power = infrastructure.project_rules().power
        state.pp[power] -= p.cost
        found = state.flags.get(infrastructure.BUILT)
        done = [str(x) for x in found] if isinstance(found, list) else []
        state.flags[infrastructure.BUILT] = cast(JSON, sorted({*done, p.id}))
        state.emit("project_built", project=p.id, power=power, pp=p.cost)
        return
    power, colour = str(action.args["power"]), str(action.args["colour"])
    step = int(cast(int, _rules("industrial_development")["pp_per_turn"]))
    rows = _plants_of(state, power)
    # The most advanced plant of that colour not yet paid for this turn.
    best = max(
        (
            i
            for i, (c, n, paid) in enumerate(rows)
            if c == colour and n < _price() and paid < state.turn
        ),
        key=lambda i: (rows[i][1], -i),
    )
    c, n, _ = rows[best]
    rows[best] = (c, n + step, state.turn)
    state.pp[power] -= step
    _store_plants(state, power, rows)
    if n + step >= _price():
        state.emit("plant_finished", power=power, colour=colour)
    else:
        state.emit("plant_built_up", power=power, colour=colour, progress=n + step, of=_price())


def begin_production(state: BiteState, side: str) -> None:
    """Before the income: the Soviet oil route is looked at (booklet)."""
    if side == SOVIET:
        check_oil_route(state)
