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
from ..versions import differs
from . import factories, infrastructure, resources
from .basics import factories_at, rail_linked_to_siberia

VERBS = frozenset(
    {
        "build_project",
        "build_plant",
        "start_factory",
        "build_factory",
        "place_factory",
        "repair_centre",
    }
)
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
        for colour, pp in new_factory_income(state, power).items():  # 15.1 (optional rule)
            mine[colour] = mine.get(colour, 0) + pp
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


def plant_price() -> int:
    """The PP a new plant costs, one a turn (15.1, SBE9), and the boxes an evacuated
    factory travels (16.2): the production tracker's length, as the view shows it."""
    return _price()


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
    return out + new_factory_actions(state, side)


def act(state: BiteState, action: Action) -> None:
    """Carry out a listed ``build_project`` or ``build_plant`` (or a choice of optional
    rules 15 and 16)."""
    if action.verb in FACTORY_VERBS:
        factory_act(state, action)
        return
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
    finished = n + step >= _price()
    if finished and factories.rule_on(state, factories.NEW_FACTORIES):
        # 15.1 (optional rule): the finished plant stands in a city of the tracker, like
        # any new plant, instead of producing off the map (the design choice without it)
        del rows[best]
        plants = factories.plants(state)
        plants.append(factories.Plant(power, c, n + step, state.turn, -1, 1, factories.BUILT))
        factories.store(state, plants)
    _store_plants(state, power, rows)
    if finished:
        state.emit("plant_finished", power=power, colour=colour)
        _next_placement(state, action.side)
    else:
        state.emit("plant_built_up", power=power, colour=colour, progress=n + step, of=_price())


def begin_production(state: BiteState, side: str) -> None:
    """Before the income: the Soviet oil route is looked at (booklet)."""
    if side == SOVIET:
        check_oil_route(state)
    factories_begin(state, side)  # optional rules 15 and 16


# --- optional rule 15: new factories in every Advanced scenario (15.0-15.1, 16.2) --------------

FACTORY_VERBS = frozenset({"start_factory", "build_factory", "place_factory", "repair_centre"})
PLANT_SITE = "plant_site"  # flags: {"plant": index, "cities": [names]} while a side picks


def _new(name: str) -> object:
    return _rules("new_factories")[name]


def _tracker(power: str) -> dict[int, list[str]]:
    raw = cast(Mapping[str, Mapping[str, list[str]]], _new("tracker"))
    return {int(k): [str(c) for c in v] for k, v in raw.get(power, {}).items()}


def builders() -> tuple[str, ...]:
    return tuple(str(p) for p in cast(list[str], _new("builders")))


def factory_colours(power: str) -> tuple[str, ...]:
    """15.0: the plants a power may build (black by Germany only, white by nobody)."""
    raw = cast(Mapping[str, list[str]], _new("colours"))
    return tuple(str(c) for c in raw.get(power, ()))


def _node(state: BiteState, name: str) -> int:
    try:
        return state.w.board.node(name)
    except (KeyError, LookupError, ValueError):
        return -1


def _has_room(state: BiteState, power: str, name: str, rows: list[factories.Plant]) -> bool:
    """15.1: a tracker city has room while it holds fewer new plants than its limit and
    its side holds it (design choice: a city the enemy holds has no room)."""
    node = _node(state, name)
    if node < 0 or state.control[node] != _power_side(power):
        return False
    limit = int(cast(int, _new("limit")))
    return sum(1 for p in rows if p.node == node) < limit


def _own_major_cities(state: BiteState, power: str) -> list[str]:
    """15.1: the power's major cities its side holds, for a plant when the tracker is full."""
    board = state.w.board
    side = _power_side(power)
    out = []
    for node, site in board.sites.items():
        if site.is_major and state.control[node] == side:
            owner = resources.rules().owners.get(site.country or board.owner_1941[node] or "")
            if owner == power:
                out.append(site.name)
    return sorted(out)


def _begin_placement(state: BiteState, index: int) -> None:
    """15.1, 16.2: a finished plant's city: a die on the tracker names two, the player picks
    one with room; both full, the die is rolled again; every tracker city full, any of
    the power's major cities. With one choice it is placed at once."""
    rows = factories.plants(state)
    plant = rows[index]
    table = _tracker(plant.power)
    open_ = [c for pair in table.values() for c in pair if _has_room(state, plant.power, c, rows)]
    side = _power_side(plant.power)
    if not open_:
        choices = _own_major_cities(state, plant.power)
    else:
        while True:
            roll = state.dice.roll(1, "factory_site", state.log, by=side)[0]
            choices = [c for c in table.get(roll, []) if c in open_]
            if choices:
                break
    if not choices:
        return  # nowhere to stand yet: tried again at the next Production Phase
    if len(choices) == 1:
        _place(state, index, choices[0])
        return
    state.flags[PLANT_SITE] = {"plant": index, "cities": cast(JSON, choices)}


def _place(state: BiteState, index: int, city: str) -> None:
    rows = factories.plants(state)
    plant = rows[index]
    plant.node = _node(state, city)
    plant.turn = state.turn  # 15.1: it produces from the next turn
    factories.store(state, rows)
    state.flags.pop(PLANT_SITE, None)
    state.emit("factory_placed", power=plant.power, colour=plant.colour, city=city)


def _next_placement(state: BiteState, side: str) -> None:
    """Start placing the next finished plant of ``side`` that has no city yet."""
    if PLANT_SITE in state.flags:
        return
    for i, p in enumerate(factories.plants(state)):
        if p.node < 0 and p.progress >= _price() and _power_side(p.power) == side:
            _begin_placement(state, i)
            if PLANT_SITE in state.flags:
                return


def pending_site(state: BiteState, side: str) -> list[Action]:
    """15.1: while a finished plant waits for the player's pick, its cities are the only
    choices of the Production Phase."""
    found = state.flags.get(PLANT_SITE)
    if not isinstance(found, dict):
        return []
    plant = factories.plants(state)[int(cast(int, found["plant"]))]
    if _power_side(plant.power) != side:
        return []
    board = state.w.board
    return [
        Action(side, "place_factory", {"city": str(c), "hex": board.id_of(_node(state, str(c)))})
        for c in cast(list[str], found["cities"])
    ]


def new_factory_income(state: BiteState, power: str) -> dict[str, int]:
    """15.1: what the placed new plants of ``power`` make this turn, by colour: each that
    was placed before this turn, in a city its side holds that reaches the power's main
    source by rail or sea (11.2), less the bomb hits its city's factories took (32.1)."""
    rows = [
        p
        for p in factories.plants(state)
        if p.power == power and p.node >= 0 and p.turn < state.turn
    ]
    if not rows:
        return {}
    side = _power_side(power)
    main = state.w.main_sources.get(power)
    if main is None:
        return {}
    reach = resources.connected(state, side, main, mined=False)
    out: dict[str, int] = {}
    left: dict[int, int] = {}
    for p in rows:
        if state.control[p.node] != side or p.node not in reach:
            continue
        if p.node not in left:
            left[p.node] = resources.bomb_hits_left(state, p.node)
        made = p.pp
        cut = min(made, left[p.node])
        left[p.node] -= cut
        if made - cut > 0:
            out[p.colour] = out.get(p.colour, 0) + made - cut
    return out


def new_factory_actions(state: BiteState, side: str) -> list[Action]:
    """15.1 and 16.0 choices of the Production Phase (optional rules 15 and 16)."""
    out: list[Action] = []
    if factories.rule_on(state, factories.NEW_FACTORIES):
        step = int(cast(int, _rules("industrial_development")["pp_per_turn"]))
        rows = factories.plants(state)
        for power in builders():
            if _power_side(power) != side or power in state.surrendered:
                continue
            if state.pp.get(power, 0) < step:
                continue
            building = sorted(
                {
                    p.colour
                    for p in rows
                    if p.power == power
                    and p.how == factories.BUILT
                    and p.progress < _price()
                    and p.turn < state.turn
                }
            )
            for colour in building:
                out.append(Action(side, "build_factory", {"power": power, "colour": colour}))
            for colour in factory_colours(power):
                out.append(Action(side, "start_factory", {"power": power, "colour": colour}))
    if factories.rule_on(state, factories.SCORCHED_EARTH):
        out += _repair_actions(state, side)
    return out


def _scorched_rules() -> Mapping[str, object]:
    return _rules("scorched_earth")


def repair_needed(state: BiteState, total: int) -> int:
    """16.0: yellow PP a scorched centre of ``total`` PP needs: 3 a PP (the Italian 2.x
    rules: 3 for the whole centre)."""
    per = int(cast(int, _scorched_rules()["pp_per_repair"]))
    return per if differs(state.options, "scorched_repair_per_centre") else per * total


def _repair_actions(state: BiteState, side: str) -> list[Action]:
    payer = str(_scorched_rules()["payer"])
    if _power_side(payer) != side or state.pp.get(payer, 0) < 1 or payer in state.surrendered:
        return []
    board = state.w.board
    out = []
    wrecked = factories.scorched(state)
    for c in resources.centres(state):
        found = wrecked.get(c.name)
        if found is None or state.control[c.node] != side:
            continue
        paid, turn = found
        if turn >= state.turn or paid >= repair_needed(state, c.yellow + c.black):
            continue
        out.append(Action(side, "repair_centre", {"city": c.name, "hex": board.id_of(c.node)}))
    return out


def factory_act(state: BiteState, action: Action) -> None:
    """Carry out a listed choice of optional rules 15 and 16 in the Production Phase."""
    verb = action.verb
    side = action.side
    if verb == "place_factory":
        found = cast(dict[str, JSON], state.flags[PLANT_SITE])
        _place(state, int(cast(int, found["plant"])), str(action.args["city"]))
        _next_placement(state, side)
        return
    if verb == "repair_centre":
        payer = str(_scorched_rules()["payer"])
        city = str(action.args["city"])
        paid, _ = factories.scorched(state)[city]
        per = int(cast(int, _scorched_rules()["pp_per_repair"]))
        state.pp[payer] -= int(cast(int, _scorched_rules()["pp_per_turn"]))
        factories.set_scorched(state, city, paid + 1, state.turn)
        restored = (paid + 1) % per == 0
        state.emit("centre_repair", city=city, paid=paid + 1, restored=restored)
        return
    power, colour = str(action.args["power"]), str(action.args["colour"])
    step = int(cast(int, _rules("industrial_development")["pp_per_turn"]))
    rows = factories.plants(state)
    if verb == "start_factory":
        rows.append(factories.Plant(power, colour, step, state.turn, -1, 1, factories.BUILT))
        index = len(rows) - 1
    else:  # build_factory: the most advanced plant of that colour not paid this turn
        index = max(
            (
                i
                for i, p in enumerate(rows)
                if p.power == power
                and p.colour == colour
                and p.how == factories.BUILT
                and p.progress < _price()
                and p.turn < state.turn
            ),
            key=lambda i: (rows[i].progress, -i),
        )
        rows[index].progress += step
        rows[index].turn = state.turn
    state.pp[power] -= step
    factories.store(state, rows)
    progress = rows[index].progress
    if progress >= _price():
        state.emit("plant_finished", power=power, colour=colour)
        _next_placement(state, side)
    else:
        state.emit("plant_built_up", power=power, colour=colour, progress=progress, of=_price())


def factories_begin(state: BiteState, side: str) -> None:
    """At the start of a Production Phase (optional rules 15, 16): the loot of factories
    taken (16.1) is paid, evacuated factories move one box on (16.2), and finished plants
    with no city yet look for one (15.1)."""
    for power in builders():
        if _power_side(power) != side:
            continue
        for colour, pp in sorted(factories.take_loot(state, power).items()):
            mine = resources.pool(state, power)
            mine[colour] = mine.get(colour, 0) + pp
            state.emit("factory_loot_paid", power=power, colour=colour, pp=pp)
    rows = factories.plants(state)
    moved = False
    for p in rows:
        if p.how == factories.MOVED and p.progress < _price() and p.turn < state.turn:
            if _power_side(p.power) != side:
                continue
            p.progress += 1
            p.turn = state.turn
            moved = True
            state.emit("factory_moving", power=p.power, colour=p.colour, box=p.progress)
    if moved:
        factories.store(state, rows)
    _next_placement(state, side)


def evacuations(state: BiteState, side: str, room: int) -> list[Action]:
    """16.2: in 1941 the Soviets may take a working factory of a city they hold east, for
    three of the phase's rail moves."""
    if side != SOVIET or not factories.rule_on(state, factories.SCORCHED_EARTH):
        return []
    if state.turn > int(cast(int, _new("evacuation_last_turn"))):
        return []
    if room < int(cast(int, _new("evacuation_srm"))):
        return []
    board = state.w.board
    out: list[Action] = []
    for c in resources.centres(state):
        if c.owner != "ussr" or state.control[c.node] != SOVIET:
            continue
        working, _ = factories_at(state, c.node)
        gone = factories.evacuated(state, c.name)  # a new plant of that colour is not it
        for colour, _pp in c.factories:
            if colour in working and colour not in gone and colour != "white":
                args: dict[str, JSON] = {"city": c.name, "colour": colour}
                args["hex"] = board.id_of(c.node)
                out.append(Action(side, "evacuate", args))
    return out


def evacuation_srm() -> int:
    return int(cast(int, _new("evacuation_srm")))


def evacuate(state: BiteState, action: Action) -> None:
    """16.2: the factory leaves its city and starts on the tracker's box 8."""
    city, colour = str(action.args["city"]), str(action.args["colour"])
    pp = next(
        (
            p
            for c in resources.centres(state)
            if c.name == city
            for k, p in c.factories
            if k == colour
        ),
        1,
    )
    factories.mark_evacuated(state, city, colour)
    rows = factories.plants(state)
    box = int(cast(int, _new("evacuated_box")))
    rows.append(factories.Plant("ussr", colour, box, state.turn, -1, pp, factories.MOVED))
    factories.store(state, rows)
    state.emit("factory_evacuated", city=city, colour=colour)
