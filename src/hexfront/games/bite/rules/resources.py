"""Advanced production (11.0-11.3): coloured PP, resource centres and their connection.

Only in the Advanced Game (:func:`~.basics.advanced`). A power's income is what its
population, mining and oil centres and its working factories produce (11.1, 11.2), counted
only for the centres its side controls that reach the power's main supply source by rail
or by a sea route (11.2); a route that must cross mined water costs a die per PP, lost on
a 6 (11.3). Only Germany collects PP from centres taken from the enemy (11.2); captured
factories are destroyed (3.3) and yield nothing. Yellow PP go to ``state.pp`` as in the
basic game; the coloured ones (red armour, blue air, black oil, white shipyard) to pools
kept in ``state.flags`` under :data:`POOLS`, which basic games never have, so their states
and hashes do not change. A step of an armour, air or HQ unit costs as many coloured PP of
its kind as yellow ones (11.0); coloured PP are saved only paired with a yellow one each,
the rest is discarded at the end of the phase (11.2).

The rules' numbers (pairing by class, deductions, mined seas, discard order) are data:
``data/resources.toml``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources as files
from typing import Any, cast

from hexfront.engine.events import JSON

from ..board import CAPITAL
from ..state import AXIS, SOVIET, BiteState, enemy_of
from ..units import UnitSpec
from ..versions import differs
from . import factories, partisans
from .basics import factories_at, sea_control
from .infrastructure import economy_data, rails
from .optional_rules import rule_on

NAVAL = "or18_naval"  # 18.2 (optional rule): PP by sea

POOLS = "pp_coloured"  # state.flags key: {power: {colour: PP}} (advanced games only)
# state.flags key: powers that track oil though ``untracked_oil`` lists them (the Soviets
# once their Caucasus oil route is lost, booklet; set by ``economy.py``).
OIL_TRACKED = "oil_tracked"
COLOURS = ("red", "blue", "black", "white")  # 11.0: yellow is state.pp


@dataclass(frozen=True, slots=True)
class ResourceRules:
    """``data/resources.toml``."""

    pairing: Mapping[str, str]  # unit class -> colour paired with each yellow PP (11.0)
    owners: Mapping[str, str]  # 1941 owner of a hex -> the power that collects there
    captors: frozenset[str]
    untracked_oil: frozenset[str]
    capital_builders: frozenset[str]
    deduction: Mapping[str, int]
    major_ports_only: bool
    mined_seas: frozenset[str]
    mine_loss: frozenset[int]
    sea_links: tuple[tuple[str, str], ...]
    lake_routes: tuple[tuple[str, str, frozenset[str]], ...]
    discard_order: tuple[str, ...]


@cache
def rules() -> ResourceRules:
    raw = tomllib.loads(
        files.files("hexfront.games.bite").joinpath("data/resources.toml").read_text("utf-8")
    )
    return parse_rules(raw)


def parse_rules(raw: Mapping[str, Any]) -> ResourceRules:
    """The rules of ``data/resources.toml``; a ValueError names a bad entry."""
    pairing = {str(k): str(v) for k, v in raw["pairing"].items()}
    for cls, colour in pairing.items():
        if colour not in COLOURS:
            raise ValueError(f"resources.toml: pairing of {cls} is {colour!r}, not a PP colour")
    owners: dict[str, str] = {}
    powers = raw["powers"]
    for power, countries in powers["owners"].items():
        for country in countries:
            owners[str(country)] = str(power)
    transport = raw["transport"]
    lakes = tuple(
        (str(r["a"]), str(r["b"]), frozenset(str(w) for w in r.get("closed_in", ())))
        for r in transport.get("lake_routes", ())
    )
    order = tuple(str(c) for c in raw["saving"]["discard_order"])
    if sorted(order) != sorted(COLOURS):
        raise ValueError("resources.toml: saving.discard_order must list each colour once")
    return ResourceRules(
        pairing=pairing,
        owners=owners,
        captors=frozenset(str(p) for p in powers["captors"]),
        untracked_oil=frozenset(str(p) for p in powers["untracked_oil"]),
        capital_builders=frozenset(str(p) for p in powers["capital_builders"]),
        deduction={str(k): int(v) for k, v in raw.get("deduction", {}).items()},
        major_ports_only=transport.get("sea_ports", "major") == "major",
        mined_seas=frozenset(str(s) for s in transport["mined_seas"]),
        mine_loss=frozenset(int(f) for f in transport["mine_loss"]),
        sea_links=tuple((str(a), str(b)) for a, b in transport.get("sea_links", ())),
        lake_routes=lakes,
        discard_order=order,
    )


# --- the pools ------------------------------------------------------------------------------


def pools(state: BiteState) -> dict[str, dict[str, int]]:
    """Coloured PP per power (a live table inside ``state.flags``)."""
    found = state.flags.get(POOLS)
    if not isinstance(found, dict):
        found = {}
        state.flags[POOLS] = found
    return cast(dict[str, dict[str, int]], found)


def pool(state: BiteState, power: str) -> dict[str, int]:
    """One power's coloured PP, every colour listed (zero if none)."""
    table = pools(state)
    mine = table.get(power)
    if mine is None:
        mine = table[power] = dict.fromkeys(COLOURS, 0)
    return mine


def coloured(state: BiteState, power: str, colour: str) -> int:
    """How many PP of one colour a power holds (0 where there are no pools)."""
    table = state.flags.get(POOLS)
    if not isinstance(table, dict):
        return 0
    mine = table.get(power)
    if not isinstance(mine, dict):
        return 0
    return int(mine.get(colour, 0))


def tracks_oil(state: BiteState | None, power: str) -> bool:
    """Whether ``power`` counts oil: every power but the Soviets, who do only while their
    Caucasus oil route is lost (booklet, Soviet Oil Route; ``economy.py``)."""
    if power not in rules().untracked_oil:
        return True
    if state is None:
        return False
    found = state.flags.get(OIL_TRACKED)
    return isinstance(found, list) and power in found


def paired_colour(spec: UnitSpec, power: str, state: BiteState | None = None) -> str | None:
    """11.0: the colour paid beside each yellow PP for a step of this unit, or None."""
    colour = rules().pairing.get(spec.cls)
    if colour == "black" and not tracks_oil(state, power):
        return None  # the Soviets do not track oil (booklet, Soviet Oil Route)
    if (
        colour == "white"
        and state is not None
        and differs(state.options, "navy_repair_yellow_only")
    ):
        return None  # 11.0, Italian 2.x rules: marines pay yellow PP only
    return colour


def pay(state: BiteState, power: str, colour: str | None, cost: int, side: str) -> None:
    """Take the coloured half of a step's price (the yellow half is paid as in 7.3)."""
    if colour is None or cost <= 0:
        return
    mine = pool(state, power)
    mine[colour] = mine.get(colour, 0) - cost
    state.emit("coloured_pp_spent", side=side, power=power, colour=colour, pp=cost)


# --- resource centres -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Centre:
    """What one place produces per turn (11.1, 11.2)."""

    node: int
    name: str
    owner: str  # the power that collects it while its side holds it
    yellow: int  # population and mining centres
    black: int  # oil centres
    factories: tuple[tuple[str, int], ...]  # active factories: (colour, PP)


def centres(state: BiteState) -> list[Centre]:
    """Every producing place of the map, off-map boxes included (Petsamo), found once per map.

    The generated map gives each factory its value; a hand-made test board has only the
    sites' yellow and factory colours (1 PP each)."""
    derived = state.w.derived
    found: list[Centre] | None = derived.get("resource_centres")
    if found is not None:
        return found
    from ..world import MapBoard

    board = state.w.board
    owners = rules().owners
    out: list[Centre] = []
    if isinstance(board, MapBoard):
        for place in board.m.places.values():
            owner = owners.get(place.country_1941 or board.owner_1941[place.node] or "")
            plants = tuple((f.colour, f.pp) for f in place.factories if f.active)
            yellow, black = place.production.yellow, place.production.black
            if owner is not None and (yellow or black or plants):
                out.append(Centre(place.node, place.name, owner, yellow, black, plants))
    else:
        for node, site in board.sites.items():
            owner = owners.get(site.country or board.owner_1941[node] or "")
            plants = tuple((c, 1) for c in site.factories)
            if owner is not None and (site.yellow or plants):
                out.append(Centre(node, site.name, owner, site.yellow, 0, plants))
    out.sort(key=lambda c: c.node)
    derived["resource_centres"] = out
    return out


def _port_closed_at() -> int:
    return int(economy_data()["strategic_bombing"]["port_closed_at"])


def side_of(power: str) -> str:
    return SOVIET if power == "ussr" else AXIS


# --- connection (11.2, 11.3) ----------------------------------------------------------------


def connected(state: BiteState, side: str, main: int, *, mined: bool) -> frozenset[int]:
    """Nodes whose PP reach the main source ``main`` (11.2): by railway through hexes
    ``side`` controls with no enemy ground unit in them (partisans block too, 29.0), or by
    sea between major ports of seas ``side`` controls (3.1) that are not frozen (9.2), or
    over a lake route. With ``mined`` false, no route crosses mined water (11.3)."""
    board = state.w.board
    control = state.control
    if control[main] != side:
        return frozenset()
    enemy_here = bytearray(board.node_count)
    for p in state.on_map():
        if p.side != side and state.spec(p).is_ground:
            enemy_here[p.node] = 1
    for n in partisans.blocked(state, side, 1):  # 29.0: no PP by rail through partisans
        enemy_here[n] = 1
    r = rules()
    snow = state.weather == "snow"

    seas = sea_control(state, side)
    if not mined:
        seas = {s for s in seas if s not in r.mined_seas}
        if rule_on(state, NAVAL):  # 18.2: a sea the enemy controls too is as risky
            seas -= sea_control(state, enemy_of(side))
    # Seas that open into each other form one water: a ship sails from any port of it to
    # any other when the side controls each sea on the way.
    water = {s: s for s in seas}
    for one, other in r.sea_links:
        if one in water and other in water:
            low, high = sorted((water[one], water[other]))
            for s in water:
                if water[s] == high:
                    water[s] = low
    ports: dict[str, list[int]] = {}
    for node, site in board.sites.items():
        if site.port is None or site.sea is None or site.sea not in seas:
            continue
        if r.major_ports_only and site.port != "major":
            continue
        if snow and site.freezes:
            continue
        if _BOMBED in state.flags and factories.port_closed(state, node, _port_closed_at()):
            continue  # 32.2 (optional rule): bombed ports carry nothing for a turn
        ports.setdefault(water[site.sea], []).append(node)
    hops: dict[int, list[int]] = {}
    for members in ports.values():
        for a in members:
            hops.setdefault(a, []).extend(b for b in members if b != a)
    for a_name, b_name, closed in r.lake_routes:
        if state.weather in closed:
            continue
        try:
            a, b = board.node(a_name), board.node(b_name)
        except (KeyError, LookupError, ValueError):
            continue  # a map without this lake
        hops.setdefault(a, []).append(b)
        hops.setdefault(b, []).append(a)
    rail = rails(state)  # the map's net and the projects built (long scenarios)
    seen = {main}
    todo = [main]
    while todo:
        node = todo.pop()
        for nxt in (*rail[node], *hops.get(node, ())):
            if nxt in seen or control[nxt] != side or enemy_here[nxt]:
                continue
            seen.add(nxt)
            todo.append(nxt)
    return frozenset(seen)


# --- income (11.1-11.3) -------------------------------------------------------------------------


@dataclass(slots=True)
class Income:
    """What one power collects this Production Phase."""

    power: str
    pp: dict[str, int]  # colour (yellow too) -> PP received
    cut: list[str]  # centres its side holds that reach no main source
    mined: list[tuple[str, dict[str, int]]]  # centres whose PP must cross mined water


def incomes(state: BiteState, side: str, powers: Iterable[str]) -> dict[str, Income]:
    """The resources each of ``powers`` (of ``side``) collects, before mine rolls."""
    r = rules()
    wanted = set(powers)
    out = {p: Income(p, dict.fromkeys(("yellow", *COLOURS), 0), [], []) for p in wanted}
    nets: dict[tuple[str, bool], frozenset[int]] = {}

    def reach(power: str, mined: bool) -> frozenset[int]:
        key = (power, mined)
        found = nets.get(key)
        if found is None:
            main = state.w.main_sources.get(power)
            found = frozenset() if main is None else connected(state, side, main, mined=mined)
            nets[key] = found
        return found

    idle = partisans.idle_centres(state) if side == AXIS else frozenset()
    for c in centres(state):
        if state.control[c.node] != side:
            continue
        if c.node in idle:
            continue  # 29.1, Italian 2.x rules: a partisan on the centre stops its work
        if side_of(c.owner) == side:
            power = c.owner
            produce = _production(state, c, factories=True)
        else:
            captors = [p for p in r.captors if side_of(p) == side]
            if not captors:
                continue  # 11.2: only Germany uses captured PP
            power = captors[0]
            produce = _production(state, c, factories=False)  # 3.3: taken plants are gone
        if power not in wanted or power in state.surrendered:
            continue
        if not tracks_oil(state, power):
            produce.pop("black", None)
        produce = {k: v for k, v in produce.items() if v > 0}
        if not produce:
            continue
        income = out[power]
        if c.node in reach(power, False):
            for colour, pp in produce.items():
                income.pp[colour] += pp
        elif c.node in reach(power, True):
            income.mined.append((c.name, produce))
            for colour, pp in produce.items():
                income.pp[colour] += pp
        else:
            income.cut.append(c.name)
    return out


def own_output(state: BiteState, node: int) -> dict[str, int]:
    """What the centre in ``node`` makes this turn for its own side, by colour (11.1,
    11.2: its population or mining PP and its working factories); empty where none."""
    for c in centres(state):
        if c.node == node:
            return {k: v for k, v in _production(state, c, factories=True).items() if v > 0}
    return {}


def _production(state: BiteState, c: Centre, *, factories: bool) -> dict[str, int]:
    out = {"yellow": c.yellow, "black": c.black}
    if not factories and _SCORCHED in state.flags:
        _scorched_output(state, c, out)  # 16.0 (optional rule)
    if factories:
        working, _ = factories_at(state, c.node)  # 3.3: destroyed factories produce nothing
        gone = _evacuated(state, c.name) if _EVACUATED in state.flags else frozenset()
        for colour, pp in c.factories:
            if colour in working and colour not in gone:  # 16.2: evacuated ones neither
                out[colour] = out.get(colour, 0) + pp
    if _BOMBED in state.flags:
        _bombed_output(state, c, out, factories)  # 32.1 (optional rule)
    return out


_SCORCHED = factories.SCORCHED
_BOMBED = factories.BOMBED
_EVACUATED = factories.EVACUATED
_evacuated = factories.evacuated  # _production's argument `factories` hides the module


def _scorched_output(state: BiteState, c: Centre, out: dict[str, int]) -> None:
    """16.0: a scorched centre gives the Axis only its repaired PP, oil first."""
    found = factories.scorched(state).get(c.name)
    if found is None:
        return
    total = c.yellow + c.black
    data = factories_data()
    per = int(data["pp_per_repair"])
    paid = found[0]
    if differs(state.options, "scorched_repair_per_centre"):
        working = total if paid >= per else 0
    else:
        working = min(total, paid // per)
    out["black"] = min(c.black, working)
    out["yellow"] = min(c.yellow, working - out["black"])


def factories_data() -> dict[str, Any]:
    """``[scorched_earth]`` of ``data/economy.toml``."""
    found: dict[str, Any] = economy_data()["scorched_earth"]
    return found


def _bombed_output(state: BiteState, c: Centre, out: dict[str, int], plants: bool) -> None:
    """32.1: each bomb hit in force takes 1 PP: the centre's hits from its population,
    mining and oil PP, the factory hits from its factories' PP."""
    hits = factories.hits_on(state, c.node, "centre")
    for colour in ("yellow", "black"):
        cut = min(hits, out.get(colour, 0))
        out[colour] = out.get(colour, 0) - cut
        hits -= cut
    if plants:
        hits = factories.hits_on(state, c.node, "factory")
        for colour in ("red", "blue", "black", "white"):
            made = out.get(colour, 0) - (c.black if colour == "black" else 0)
            cut = min(hits, max(made, 0))
            out[colour] = out.get(colour, 0) - cut
            hits -= cut


def bomb_hits_left(state: BiteState, node: int) -> int:
    """32.1: the factory hits of a city that its map factories did not absorb (they fall
    on its new plants, 15.1)."""
    hits = factories.hits_on(state, node, "factory")
    if hits <= 0:
        return 0
    working, _ = factories_at(state, node)
    for c in centres(state):
        if c.node == node:
            gone = factories.evacuated(state, c.name)
            hits -= sum(
                pp for colour, pp in c.factories if colour in working and colour not in gone
            )
    return max(hits, 0)


def collect(
    state: BiteState,
    side: str,
    powers: Iterable[str],
    extra: Mapping[str, Mapping[str, int]] | None = None,
) -> None:
    """11.1-11.3: each power's income this turn, into its pools, with the mine rolls.
    ``extra`` adds PP by power and colour that come from no centre of the map (the long
    scenarios' income supplement and SBE9's new plants, ``economy.py``)."""
    r = rules()
    for power, income in sorted(incomes(state, side, powers).items()):
        got = income.pp
        for name, produce in income.mined:  # 11.3: a die per PP, lost on a 6
            # Each die stands for one PP, taken in this order: yellow, red, blue, black, white.
            cargo = [c for c in ("yellow", *COLOURS) for _ in range(produce.get(c, 0))]
            faces = state.dice.roll(len(cargo), "mine_roll", state.log, by=side)
            sunk = [
                colour for colour, face in zip(cargo, faces, strict=True) if face in r.mine_loss
            ]
            for colour in sunk:
                got[colour] -= 1
            if sunk:
                state.emit("mine_loss", power=power, city=name, pp=len(sunk))
        deduction = min(r.deduction.get(power, 0), got["yellow"])
        got["yellow"] -= deduction
        for colour, pp in (extra or {}).get(power, {}).items():
            got[colour] = got.get(colour, 0) + pp
        if income.cut:
            state.emit("resources_cut", power=power, cities=cast(JSON, sorted(income.cut)))
        state.pp[power] = state.pp.get(power, 0) + got["yellow"]
        state.emit("income", power=power, pp=got["yellow"])
        mine = pool(state, power)
        for colour in COLOURS:
            mine[colour] = mine.get(colour, 0) + got[colour]
        state.emit(
            "coloured_income",
            power=power,
            red=got["red"],
            blue=got["blue"],
            black=got["black"],
            white=got["white"],
        )


def discard_unpaired(state: BiteState, side: str) -> None:
    """11.2: at the end of the phase each saved coloured PP needs a yellow PP beside it;
    the others are discarded (in the data's order)."""
    table = state.flags.get(POOLS)
    if not isinstance(table, dict):
        return
    for power in sorted(table):
        if side_of(power) != side:
            continue
        mine = pool(state, power)
        excess = sum(mine.values()) - max(state.pp.get(power, 0), 0)
        if excess <= 0:
            continue
        thrown: dict[str, int] = {}
        for colour in rules().discard_order:
            take = min(excess, mine.get(colour, 0))
            if take:
                mine[colour] -= take
                thrown[colour] = take
                excess -= take
        state.emit(
            "pp_discarded",
            power=power,
            red=thrown.get("red", 0),
            blue=thrown.get("blue", 0),
            black=thrown.get("black", 0),
            white=thrown.get("white", 0),
        )


def capital_without_factory(state: BiteState, spec: UnitSpec, node: int) -> bool:
    """11.2: an Axis minor power's armour or air unit may appear in its own capital even
    with no factory there (Advanced Game only)."""
    if spec.nation not in rules().capital_builders:
        return False
    site = state.w.board.sites.get(node)
    return (
        site is not None and site.type == CAPITAL and state.w.board.owner_1941[node] == spec.nation
    )
