"""Production Phase (7.3): income, repairs, rebuilds, reinforcements, aid and disbanding.

In the basic game every PP is yellow and each power's income is the scenario's figure
(3.6): the short scenarios' PP counts are abstractions (booklet), so lost or cut-off
production centres do not lower it.
A step costs the PP of the colour its number is printed in (black 1, white 2, red 3; blue
never comes back). Only supplied units are repaired (4.4). New and rebuilt blocks are
placed in a major city or fortress of their home country that is a supply source, one per
city (two in national capitals, Stalingrad and Leningrad); armour needs an armour factory,
aircraft and paratroopers an aircraft factory, marines a shipyard (7.3.1, 7.3.2).
Germany may hand each ally up to 3 PP a turn (5.2). A supplied unit may be disbanded for
1 PP next turn (7.3.4).

In the Advanced Game (SBE5-SBE9) the income comes from the map's resource centres and the
prices of armour, air and HQ steps are paired with coloured PP (11.0-11.3, ``resources.py``).
The German FHQ is repaired before anything else is bought (13.8.2), Supreme HQs bound to a
place come back only there (13.8.1: the Stavka in Moscow, or in Chelyabinsk once Moscow is
lost), and a besieged Leningrad repairs and builds with its own PP alone (12.3).
"""

from __future__ import annotations

from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.listing import Listing
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure

from ..board import CAPITAL, FORTRESS, MAJOR, Site
from ..charts import charts
from ..state import (
    AXIS,
    DISBANDED,
    ELIMINATED,
    HELD,
    ON_MAP,
    POOL,
    SOVIET,
    BiteState,
    Piece,
    enemy_of,
)
from ..units import AIR_CLASS, ARMOR_CLASS, UnitSpec
from ..versions import differs
from . import (
    command,
    dated,
    economy,
    lend_lease,
    optional_forces,
    partisans,
    powers,
    resources,
    siege,
    strategic,
)
from .air import free_airbase
from .basics import advanced, factories_at, lowest_live_step, node_named, step_cost
from .optional_rules import rule_on
from .supply import source_nodes

M = Machine[BiteState]

# 7.3.1: Soviet marines enter only at these two shipyards, not at every one on the map.
MARINE_SHIPYARDS = frozenset({"Sevastopol", "Leningrad"})
MARINE_YARDS_OLDER = frozenset({"Sevastopol", "Oranienbaum"})  # 24.0, Italian 2.x rulebook
# 12.3: state.flags key, {"yellow": PP, "red": PP}: what besieged Leningrad has brought into
# the Soviet pool during the siege and not spent yet (present only during a siege).
LENINGRAD_PP = "leningrad_pp"


def payer_of(state: BiteState, piece: Piece) -> str:
    """The PP pool that pays for a unit: its own power's, fed by German aid if it has none."""
    return payer_of_spec(state.spec(piece))


def payer_of_spec(spec: UnitSpec) -> str:
    """:func:`payer_of` for a kind of unit."""
    return spec.nation


def _uid_order(state: BiteState, side: str) -> list[str]:
    """The ids of one side's blocks in order: the same for every position of one game
    (setup makes every block, 3.1; a block never changes sides), so found once per world."""
    derived = state.w.derived
    key = f"uid_order:{side}"
    found: tuple[int, list[str]] | None = derived.get(key)
    pieces = state.pieces
    if found is None or found[0] != len(pieces):  # a position built with other blocks
        order = [uid for uid in sorted(pieces) if pieces[uid].side == side]
        found = derived[key] = (len(pieces), order)
    return found[1]


def repair_cost(state: BiteState, piece: Piece) -> int | None:
    if piece.step == 0:
        return None
    return _costs(state, piece.uid)[0][piece.step - 1]


def rebuild_cost(state: BiteState, piece: Piece) -> int | None:
    return _costs(state, piece.uid)[1]


def _costs(state: BiteState, uid: str) -> tuple[tuple[int | None, ...], int | None]:
    """A block's price list: the PP to regain each step (7.3), and to rebuild it."""
    table: dict[str, tuple[tuple[int | None, ...], int | None]] = state.w.derived.setdefault(
        "step_costs", {}
    )
    found = table.get(uid)
    if found is None:
        spec = state.w.units[uid]
        steps = tuple(step_cost(spec, i) for i in range(len(spec.ladder)))
        # 5.4: eliminated Italians are gone for good
        rebuild = None if spec.nation == "italy" else step_cost(spec, lowest_live_step(spec))
        found = table[uid] = (steps, rebuild)
    return found


def _placement_cities(state: BiteState) -> list[tuple[int, Site]]:
    """Capitals, major cities and fortresses on playable hexes (7.3.1; 7.5.4: partial edge
    hexes are out of play, cities or not): fixed for a map, so found once."""
    derived = state.w.derived
    # 7.3.1, Italian 2.x rules: major cities only (see _places_units).
    majors_only = differs(state.options, "place_in_major_cities_only")
    yards = marine_yards(state)  # 24.0, Italian 2.x: the marines' fortress yards stay open
    key = "placement_majors" if majors_only else "placement_cities"
    if majors_only and yards != MARINE_SHIPYARDS:
        key = "placement_majors_marines"
    cities = derived.get(key)
    if cities is None:
        board = state.w.board
        cities = derived[key] = [
            (node, site)
            for node, site in board.sites.items()
            if (_places_units(site, majors_only) or (majors_only and site.name in yards))
            and board.playable[node]
        ]
    return cities


def marine_yards(state: BiteState) -> frozenset[str]:
    """Where Soviet marines are placed and rebuilt (7.3.1, 24.0); the Italian 2.x rules of
    24.0 (``amphibious_older_rules``, with the rule played): Oranienbaum or Sevastopol."""
    if rule_on(state, "or24_amphibious") and differs(state.options, "amphibious_older_rules"):
        return MARINE_YARDS_OLDER
    return MARINE_SHIPYARDS


def _places_units(site: Site, majors_only: bool) -> bool:
    """7.3.1: capitals, major cities and fortresses; the Italian 2.x rules name major cities
    only, Leningrad among them (the map draws it as a fortress): Oranienbaum and
    Sevastopol drop out."""
    if site.type in (CAPITAL, MAJOR):
        return True
    if site.type != FORTRESS:
        return False
    return not majors_only or site.name in charts().double_cities


HeldCity = tuple[int, Site, tuple[str, ...], bool, int]
# A block of the phasing side, for the production listing: the block, its kind, who pays,
# its price per step, its rebuild price, and (nation, placement kind).
OwnBlock = tuple[
    Piece,
    UnitSpec,
    str,
    tuple[int | None, ...],
    int | None,
    tuple[str, tuple[bool, bool, bool, bool]],
]


def held_cities(state: BiteState, side: str) -> list[HeldCity]:
    """The placement cities ``side`` holds with no enemy in them (7.3.1): each with its
    working plants (3.3: captured plants are gone) and how many blocks it takes a phase."""
    out: list[HeldCity] = []
    c = charts()
    for node, site in _placement_cities(state):
        if state.control[node] != side:
            continue
        if any(p.side != side for p in state.occupants(node)):
            continue
        double = site.type == CAPITAL or site.name in c.double_cities
        limit = c.placement_double if double else c.placement_default
        factories, shipyard = factories_at(state, node)
        out.append((node, site, factories, shipyard, limit))
    return out


class OpenCities:
    """The placement cities open to ``side`` in one listing (7.3.1, 7.3.2).

    What depends on the city alone (held, no enemy in it, room left this phase, working
    plants) is checked once; :meth:`where` adds what depends on the block's nation and
    class.
    """

    def __init__(
        self,
        state: BiteState,
        side: str,
        used: dict[str, int],
        held: list[HeldCity] | None = None,
    ) -> None:
        self.state, self.side = state, side
        if held is None:
            held = held_cities(state, side)
        self.rows: list[tuple[int, Site, tuple[str, ...], bool]] = [
            (node, site, factories, shipyard)
            for node, site, factories, shipyard, limit in held
            if used.get(str(node), 0) < limit
        ]

    def where(self, spec: UnitSpec, sources: frozenset[int]) -> list[int]:
        """Where a new or rebuilt block of this kind may appear. ``sources`` are the
        supply-source nodes of the unit's power (4.2)."""
        state = self.state
        owner = state.w.board.owner_1941
        home = powers.HOME.get(spec.nation, (spec.nation,))
        # may_enter with no origin depends on the map, the nation and a neutral Finland
        # only: remembered for the map (it is asked for every city at every listing).
        entry: dict[tuple[str, int, bool], bool] = state.w.derived.setdefault("placement_entry", {})
        neutral = powers.finland_neutral(state)
        air, armor, needs_blue, marine = placement_kind(spec)
        adv = advanced(state)
        yards = marine_yards(state)  # 7.3.1, 24.0
        majors_only = differs(state.options, "place_in_major_cities_only")
        out = []
        for node, site, factories, shipyard in self.rows:
            if owner[node] not in home or node not in sources:
                continue
            key = (spec.nation, node, neutral)
            may = entry.get(key)
            if may is None:
                may = entry[key] = powers.may_enter(state, spec, node)
            if not may:
                continue  # 7.3.1: only inside the scenario's map area (and the nation's land)
            if air and not free_airbase(state, node, self.side):
                continue  # 3.4: one air unit per airbase
            no_plant = (armor and "red" not in factories) or (
                needs_blue and "blue" not in factories
            )
            # 11.2: an Axis minor power builds armour and air in its capital anyway
            if no_plant and not (adv and resources.capital_without_factory(state, spec, node)):
                continue
            if marine and not (shipyard and site.name in yards):
                continue
            if not marine and majors_only and not _places_units(site, True):
                continue  # 24.0, Italian 2.x: a fortress yard open to marines only
            out.append(node)
        return out


def placement_kind(spec: UnitSpec) -> tuple[bool, bool, bool, bool]:
    """All of a block's kind that :meth:`OpenCities.where` looks at besides its nation:
    air (3.4), armour (red factory), air or paratrooper (blue factory), marine (shipyard)."""
    return (
        spec.is_air,
        spec.cls in ARMOR_CLASS,
        spec.cls in AIR_CLASS or spec.cls == "paratrooper",
        spec.cls == "marine",
    )


def placement_hexes(
    state: BiteState, piece: Piece, used: dict[str, int], sources: frozenset[int]
) -> list[int]:
    """7.3.1, 7.3.2: where a new or rebuilt block may appear this phase.

    ``sources`` are the supply-source nodes of the unit's power (4.2).
    """
    return OpenCities(state, piece.side, used).where(state.spec(piece), sources)


def repair_first(state: BiteState, side: str) -> None:
    """13.8.2: at the start of its side's Production Phase a Supreme HQ that must be
    repaired first (the FHQ, ``data/hq.toml``) regains its lost steps before anything else
    is bought, one step at a time while its power can pay the step's PP (yellow and, in the
    Advanced Game, its paired colour, 11.0). Design choice (docs/rules-coverage.md): a step
    its power cannot pay for, or an HQ out of supply (4.4), blocks nothing else."""
    if not advanced(state):
        return
    for uid, rules in sorted(command.hq_data().supreme.items()):
        hq = state.pieces.get(uid)
        if not rules.repair_first or hq is None or hq.side != side:
            continue
        if hq.status != ON_MAP or hq.oos:
            continue
        payer = payer_of(state, hq)
        colour = resources.paired_colour(state.spec(hq), payer, state)
        while True:
            cost = repair_cost(state, hq)
            if cost is None or cost > state.pp.get(payer, 0):
                break
            if colour is not None and resources.coloured(state, payer, colour) < cost:
                break
            resources.pay(state, payer, colour, cost, side)
            state.pp[payer] -= cost
            hq.step -= 1
            hq.half_hit = False
            state.emit("repair", audience=side, unit=hq.uid, strength=state.strength(hq))
            state.emit("pp_spent", side=side, pp=cost)


def supreme_rebuild_hexes(
    state: BiteState, piece: Piece, used: dict[str, int], sources: frozenset[int]
) -> list[int] | None:
    """Where a Supreme HQ bound to one place is rebuilt (Advanced Game), or None for every
    other block (7.3.1 applies). 13.8.1: the Stavka comes back in Moscow while the Soviets
    hold it, else in Chelyabinsk; 13.8.2: the FHQ in Rastenburg, or Berlin once it has
    moved there. The place must be held with no enemy in it, be a supply source of the
    HQ's power and have room this phase (7.3.1, 7.3.2). Chelyabinsk is a partial hex on
    this map (docs/data/map.md): the Stavka, which never moves, may stand there."""
    if not advanced(state) or state.spec(piece).cls != "supreme_hq":
        return None
    rules = command.supreme_rules(piece.uid)
    if not rules.bound or rules.home is None:
        return None
    side = piece.side
    moved = state.flags.get(command.SUPREME_MOVED)
    home = rules.home
    if rules.fallback is not None and isinstance(moved, list) and piece.uid in moved:
        home = rules.fallback

    def held(name: str) -> int | None:
        node = node_named(state, name)
        if node is None or state.control[node] != side:
            return None
        if any(p.side == enemy_of(side) for p in state.occupants(node)):
            return None
        return node

    node = held(home)
    if node is None and rules.rebuild is not None:
        node = held(rules.rebuild)
    if node is None or node not in sources:
        return []
    site = state.w.board.sites.get(node)
    c = charts()
    double = site is not None and (site.type == CAPITAL or site.name in c.double_cities)
    limit = c.placement_double if double else c.placement_default
    return [node] if used.get(str(node), 0) < limit else []


def leningrad_budget(state: BiteState) -> dict[str, int] | None:
    """12.3: what besieged Leningrad may still spend (:data:`LENINGRAD_PP`), or None when
    its pocket is not building on its own PP."""
    found = state.flags.get(LENINGRAD_PP)
    return cast(dict[str, int], found) if isinstance(found, dict) else None


def pocket_affords(
    state: BiteState, budget: dict[str, int], payer: str, cost: int, colour: str | None
) -> bool:
    """12.3: whether besieged Leningrad's own PP pay for a step: yellow, and red beside it
    for armour, never another colour; they are part of the Soviet pool, so the pool must
    hold them too."""
    if colour not in (None, "red"):
        return False
    if cost > budget.get("yellow", 0) or cost > state.pp.get(payer, 0):
        return False
    if colour == "red" and cost > budget.get("red", 0):
        return False
    return colour is None or resources.coloured(state, payer, colour) >= cost


class ProductionPhase(Procedure[BiteState]):
    name = "production"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phase = "production"
        if strategic.wants_airwar(state):  # 35.0: the Strategic Warfare Phase comes first
            frame.vars[strategic.PENDING] = True
            m.call(state, "airwar")
            return
        self._open(state, frame)

    def resume(self, m: M, state: BiteState, frame: Frame, result: JSON) -> None:
        if frame.vars.pop(strategic.PENDING, None):  # 35.1 fought: the phase opens now
            self._open(state, frame)

    def _open(self, state: BiteState, frame: Frame) -> None:
        """7.3: income, reinforcements, dated events, then the choices."""
        side = state.phasing
        scenario = state.w.scenario
        adv = advanced(state)
        earning: list[str] = []
        for income in scenario.income:
            if powers_side(income.power) != side or income.power in state.surrendered:
                continue
            if state.turn >= income.from_turn:
                if adv:  # 11.1-11.3: from the resources held, not the scenario's figure
                    earning.append(income.power)
                    continue
                state.pp[income.power] = state.pp.get(income.power, 0) + income.yellow
                state.emit("income", power=income.power, pp=income.yellow)
        if adv:
            economy.begin_production(state, side)  # the Soviet oil route (long scenarios)
            resources.collect(state, side, earning, economy.extra_income(state, earning))
            if side == SOVIET:
                lend_lease.arrive(state)  # 34.0, 35.2 (optional rules)
            else:
                strategic.apply_damage(state)  # 35.1 (optional rule)
        for power in list(state.pp_next):
            if powers_side(power) == side:
                state.pp[power] = state.pp.get(power, 0) + state.pp_next.pop(power)
        for p in state.pieces.values():
            if p.side == side and p.status == POOL and p.arrival <= state.turn:
                p.status = HELD
                p.step = p.arrival_step
                state.emit("reinforcement_available", audience=side, unit=p.uid)
        dated.battle_sheet(state, side)  # 7.3: the Battle Sheet's upgrades and removals
        optional_forces.production_begins(state)  # 28.0 (optional rule)
        repair_first(state, side)  # 13.8.2: the FHQ before anything else
        frame.vars.update(used={}, aid={}, sources=self._sources(state))
        partisans.production_begins(state, side, frame.vars)  # 29.0 (optional rule)
        if adv and side == SOVIET:
            self._leningrad_budget(state)  # 12.3

    def _leningrad_budget(self, state: BiteState) -> None:
        """12.3: while Leningrad is besieged and the Road of Life runs, its pocket repairs and
        builds with Leningrad's own PP only. They reach the Soviet pool by the Road (11.2),
        so they are kept as a share of it (:data:`LENINGRAD_PP`): each Soviet Production
        Phase of the siege adds what Leningrad brought in that turn (nothing while snow
        shuts the Road to PP, 11.2), and the pocket's repairs and builds take from both.
        Design choice (docs/rules-coverage.md): the share carries over from turn to turn
        while the siege lasts, so a few turns' PP buy an armour step; it is gone when the
        siege ends."""
        node = siege.leningrad_builds_alone(state)
        if node is None:
            state.flags.pop(LENINGRAD_PP, None)
            return
        budget = leningrad_budget(state)
        if budget is None:
            budget = {"yellow": 0, "red": 0}
            state.flags[LENINGRAD_PP] = budget
        main = state.w.main_sources.get("ussr")
        if main is not None and node in resources.connected(state, SOVIET, main, mined=True):
            made = resources.own_output(state, node)
            budget["yellow"] = budget.get("yellow", 0) + made.get("yellow", 0)
            budget["red"] = budget.get("red", 0) + made.get("red", 0)

    def _sources(self, state: BiteState) -> dict[str, JSON]:
        """Supply sources of each power of the phasing side, for placement (7.3.2)."""
        out: dict[str, JSON] = {}
        for power, main in sorted(state.w.main_sources.items()):
            if powers_side(power) == state.phasing:
                out[power] = sorted(source_nodes(state, state.phasing, main))
        return out

    def _lend_lease_cities(
        self, state: BiteState, frame: Frame, spec: UnitSpec, used: dict[str, int]
    ) -> list[JSON]:
        """34.0: where a unit rebuilt with Lend-Lease PP may appear: any Soviet major city
        (or the capital) held with no enemy in it, a Soviet supply source (linked to
        Siberia and so to the route), with room this phase, and a free airbase for an
        air unit; no factory is needed."""
        board = state.w.board
        sources = self._sources_of(state, frame, spec.nation)
        types = lend_lease.data().city_types
        out: list[JSON] = []
        for node, site, _factories, _shipyard, limit in self._held(state, frame):
            if site.type not in types or node not in sources:
                continue
            if board.owner_1941[node] != "ussr" or used.get(str(node), 0) >= limit:
                continue
            if not powers.may_enter(state, spec, node):
                continue
            if spec.is_air and not free_airbase(state, node, state.phasing):
                continue
            out.append(board.id_of(node))
        return out

    def _own_blocks(self, state: BiteState, frame: Frame) -> list[OwnBlock]:
        """The phasing side's blocks in id order, each with what its listing needs that
        never changes: its kind, who pays, its prices (7.3) and its placement kind."""
        rows: list[OwnBlock] | None = frame.memo.get("own_blocks")
        if rows is None:
            rows = []
            for uid in _uid_order(state, state.phasing):
                spec = state.w.units[uid]
                steps, rebuild = _costs(state, uid)
                kind = (spec.nation, placement_kind(spec))
                rows.append((state.pieces[uid], spec, payer_of_spec(spec), steps, rebuild, kind))
            frame.memo["own_blocks"] = rows
        return rows

    def _held(self, state: BiteState, frame: Frame) -> list[HeldCity]:
        """:func:`held_cities` for this phase: nothing it looks at changes while the phase
        runs (blocks are only placed, repaired or disbanded), so it is found once."""
        held: list[HeldCity] | None = frame.memo.get("held_cities")
        if held is None:
            held = frame.memo["held_cities"] = held_cities(state, state.phasing)
        return held

    def _sources_of(self, state: BiteState, frame: Frame, nation: str) -> frozenset[int]:
        # The phase's lists never change once found (begin): each made into a set once.
        sets: dict[str, frozenset[int]] = frame.memo.setdefault("source_sets", {})
        found = sets.get(nation)
        if found is None:
            table = cast(dict[str, list[int]], frame.vars["sources"])
            found = sets[nation] = frozenset(table.get(nation, ()))
        return found

    def _actions(self, state: BiteState, frame: Frame) -> Listing:
        side = state.phasing
        if economy.PLANT_SITE in state.flags:  # 15.1 (optional rule): a new plant's city
            sites = economy.pending_site(state, side)
            if sites:
                return Listing(sites)
        board = state.w.board
        cities = OpenCities(
            state, side, cast(dict[str, int], frame.vars["used"]), self._held(state, frame)
        )
        # The same cities take every block of one nation and class: found once per kind.
        memo: dict[tuple[str, tuple[bool, bool, bool, bool]], list[JSON]] = {}

        # Across the phase too, while the same cities have room (air units also need a
        # free airbase, which every placement may change: theirs are found per listing).
        phase_memo: dict[object, list[JSON]] = frame.memo.setdefault("placement_where", {})
        open_key = tuple(row[0] for row in cities.rows)

        def placements(
            spec: UnitSpec, key: tuple[str, tuple[bool, bool, bool, bool]]
        ) -> list[JSON]:
            where = memo.get(key)
            if where is None:
                nation, kind = key
                lasting = None if kind[0] else (nation, kind, open_key)
                where = phase_memo.get(lasting) if lasting else None
                if where is None:
                    nodes = cities.where(spec, self._sources_of(state, frame, nation))
                    where = [board.id_of(node) for node in nodes]
                    if lasting:
                        phase_memo[lasting] = where
                memo[key] = where
            return where

        aid = cast(dict[str, int], frame.vars["aid"])
        used = cast(dict[str, int], frame.vars["used"])
        budget = leningrad_budget(state) if advanced(state) else None  # 12.3
        pocket = siege.leningrad_pocket(state) if budget is not None else frozenset()
        city = node_named(state, "Leningrad") if budget is not None else None
        out = Listing()  # a block may go to any of a dozen cities: made only if asked for
        disbands: list[JSON] = []  # listed last: the least likely wish (7.3.4)
        present: set[str] = set()  # nations with a block on the map or to come back (5.2)
        pp, turn = state.pp, state.turn
        adv = advanced(state)
        for p, spec, payer, steps, rebuild, kind in self._own_blocks(state, frame):
            status = p.status
            if status in (ON_MAP, ELIMINATED, HELD):
                present.add(spec.nation)
            # 11.0: in the Advanced Game armour, air and HQ steps also cost coloured PP
            colour = resources.paired_colour(spec, payer, state) if adv else None
            if status == ON_MAP and not p.oos:
                cost = steps[p.step - 1] if p.step else None  # repair_cost
                if cost is not None and cost <= pp.get(payer, 0):
                    if colour is None:
                        out.append(Action(side, "repair", {"unit": p.uid, "pp": cost}))
                    elif resources.coloured(state, payer, colour) >= cost:
                        args: dict[str, JSON] = {"unit": p.uid, "pp": cost, "colour": colour}
                        out.append(Action(side, "repair", args))
                aid_colour = lend_lease.paying_colour(state, spec, colour, cost or 0)
                if aid_colour is not None:  # 34.0: Lend-Lease PP alone, no yellow beside
                    lent: dict[str, JSON] = {"unit": p.uid, "pp": cost, "lend_lease": aid_colour}
                    out.append(Action(side, "repair", lent))
                disbands.append(p.uid)
            elif status == ON_MAP and budget is not None and p.node in pocket:
                # 12.3: a cut-off unit of the besieged pocket, on Leningrad's own PP
                cost = steps[p.step - 1] if p.step else None
                if (
                    cost is not None
                    and siege.in_fortress_supply(state, p)
                    and pocket_affords(state, budget, payer, cost, colour)
                ):
                    args = {"unit": p.uid, "pp": cost}
                    if colour is not None:
                        args["colour"] = colour
                    out.append(Action(side, "repair", args))
            elif status == ELIMINATED or (status == DISBANDED and p.rebuild_turn <= turn):
                if rebuild is None:  # rebuild_cost
                    continue
                price: dict[str, JSON] = {"pp": rebuild}
                if colour is not None:
                    price["colour"] = colour
                fixed = None
                if adv and spec.cls == "supreme_hq":  # 13.8.1, 13.8.2: its own place
                    fixed = supreme_rebuild_hexes(
                        state, p, used, self._sources_of(state, frame, spec.nation)
                    )
                affords = rebuild <= pp.get(payer, 0) and (
                    colour is None or resources.coloured(state, payer, colour) >= rebuild
                )
                if affords:
                    if fixed is None:
                        where = placements(spec, kind)
                    else:
                        where = [board.id_of(n) for n in fixed]
                    out.grid(side, "rebuild", {"unit": p.uid}, "hex", where, [price])
                aid_colour = lend_lease.paying_colour(state, spec, colour, rebuild)
                if aid_colour is not None and fixed is None:  # 34.0: any major city
                    lent_where = self._lend_lease_cities(state, frame, spec, used)
                    lent_price: dict[str, JSON] = {"pp": rebuild, "lend_lease": aid_colour}
                    out.grid(side, "rebuild", {"unit": p.uid}, "hex", lent_where, [lent_price])
                # 12.3: rebuilt in the besieged city itself, on its own PP
                if (
                    budget is not None
                    and fixed is None
                    and pocket_affords(state, budget, payer, rebuild, colour)
                ):
                    sources = self._sources_of(state, frame, spec.nation)
                    if (
                        city is not None
                        and city not in sources
                        and cities.where(spec, frozenset({city}))
                    ):
                        hexes: list[JSON] = [board.id_of(city)]
                        out.grid(side, "rebuild", {"unit": p.uid}, "hex", hexes, [price])
            elif status == HELD:
                out.grid(side, "place", {"unit": p.uid}, "hex", placements(spec, kind))
        # 5.2; in the Advanced Game Germany may give PP of any colour (digest B.13)
        gifts = [c for c in resources.COLOURS if resources.coloured(state, "germany", c) > 0]
        if side == AXIS and (state.pp.get("germany", 0) > 0 or (adv and gifts)):
            for ally in powers.AIDED_ALLIES:
                if ally in state.surrendered or ally not in present:
                    continue
                if aid.get(ally, 0) < charts().ally_aid_max:
                    if state.pp.get("germany", 0) > 0:
                        out.append(Action(side, "aid", {"to": ally}))
                    if adv:
                        for colour in gifts:
                            out.append(Action(side, "aid", {"to": ally, "colour": colour}))
        for extra in economy.actions(state, side):  # long scenarios: projects, plants
            out.append(extra)
        optional_forces.production_actions(state, side, frame.vars, out)  # 28.0, 30.0
        partisans.production_actions(state, side, frame.vars, out)  # 29.1
        for repair in strategic.repair_actions(state, side):  # 35.1 (optional rule)
            out.append(repair)
        out.append(Action(side, "done"))
        out.grid(side, "disband", {}, "unit", disbands)
        return out

    def _pocket_buy(
        self,
        state: BiteState,
        frame: Frame,
        piece: Piece,
        action: Action,
    ) -> bool:
        """12.3: whether this repair or rebuild is paid with besieged Leningrad's own PP:
        the repair of a cut-off unit in its pocket, or a rebuild in the city while it is
        not a supply source of the unit's power."""
        if action.verb == "repair":
            return piece.oos and piece.node in siege.leningrad_pocket(state)
        if action.verb != "rebuild":
            return False
        node = state.w.board.node(str(action.args["hex"]))
        if node != node_named(state, "Leningrad"):
            return False
        return node not in self._sources_of(state, frame, state.spec(piece).nation)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        side = state.phasing
        pp: dict[str, JSON] = {k: v for k, v in sorted(state.pp.items()) if powers_side(k) == side}
        data: dict[str, JSON] = {"pp": pp}
        text = "Spend PP: repair, rebuild, place reinforcements; then done."
        if advanced(state):  # 11.0, 11.2: the coloured pools, and what is kept of them
            data["coloured"] = {
                k: dict(v)
                for k, v in sorted(resources.pools(state).items())
                if powers_side(k) == side
            }
            text = (
                "Spend PP: repair, rebuild, place reinforcements; armour, air and HQ steps "
                "also cost PP of their colour (11.0); coloured PP not paired with a saved "
                "yellow PP are lost when you are done (11.2)."
            )
            lent = lend_lease.pool(state)
            if lent and side == SOVIET:  # 34.0
                data["lend_lease"] = dict(lent)
                text = (
                    "Spend PP: repair, rebuild, place reinforcements; armour, air and HQ "
                    "steps also cost PP of their colour (11.0). Lend-Lease armour and air "
                    "PP pay such steps alone, in any linked major city, and are lost when "
                    "you are done (34.0); so are coloured PP not paired with a saved "
                    "yellow PP (11.2)."
                )
        kind = "production"
        if economy.pending_site(state, side):
            kind = "factory_site"  # 15.1 (optional rule)
            text = (
                "Your new factory is finished: the die on the production tracker named "
                "these cities; choose the one it stands in (15.1)."
            )
        return Decision(
            Prompt(side, kind, text, data),
            self._actions(state, frame),
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        side = state.phasing
        board = state.w.board
        verb = action.verb
        if verb == "done":
            if advanced(state):
                lend_lease.discard(state)  # 34.0: never saved
                resources.discard_unpaired(state, side)  # 11.2
            m.end(state)
            return
        if verb in economy.VERBS:
            economy.act(state, action)
            return
        if verb == "repair_interceptor":  # 35.1 (optional rule)
            strategic.repair(state, action)
            return
        if verb in optional_forces.VERBS:  # 28.0, 30.0 (optional rules)
            optional_forces.act(state, frame.vars, action)
            return
        if verb == "partisan":  # 29.1 (optional rule)
            partisans.act(state, frame.vars, str(action.args["hex"]))
            return
        if verb == "aid":
            ally = str(action.args["to"])
            aid = cast(dict[str, int], frame.vars["aid"])
            aid[ally] = aid.get(ally, 0) + 1
            gift = action.args.get("colour")
            if gift is not None:  # a coloured PP (Advanced Game)
                resources.pool(state, "germany")[str(gift)] -= 1
                mine = resources.pool(state, ally)
                mine[str(gift)] = mine.get(str(gift), 0) + 1
                state.emit("coloured_aid", to=ally, colour=str(gift), pp=1)
                return
            state.pp["germany"] -= 1
            state.pp[ally] = state.pp.get(ally, 0) + 1
            state.emit("aid", to=ally, pp=1)
            return
        piece = state.pieces[str(action.args["unit"])]
        payer = payer_of(state, piece)
        colour = action.args.get("colour")
        budget = leningrad_budget(state) if advanced(state) else None
        if budget is not None and self._pocket_buy(state, frame, piece, action):
            cost = int(cast(int, action.args["pp"]))  # 12.3: from Leningrad's own share
            budget["yellow"] = budget.get("yellow", 0) - cost
            if colour is not None:
                budget["red"] = budget.get("red", 0) - cost
        lent = action.args.get("lend_lease")
        if lent is not None:  # 34.0: the step paid with Lend-Lease PP alone
            lend_lease.spend(state, str(lent), int(cast(int, action.args["pp"])))
        if colour is not None and verb in ("repair", "rebuild"):  # 11.0
            resources.pay(state, payer, str(colour), int(cast(int, action.args["pp"])), side)
        if verb == "repair":
            if lent is None:
                state.pp[payer] -= int(cast(int, action.args["pp"]))
            piece.step -= 1
            piece.half_hit = False
            state.emit("repair", audience=side, unit=piece.uid, strength=state.strength(piece))
            state.emit("pp_spent", side=side, pp=cast(JSON, action.args["pp"]))
        elif verb == "disband":
            piece.status = DISBANDED
            piece.node = -1
            piece.rebuild_turn = state.turn + 1
            # 7.3.4 (the Italian 2.x rules: no PP for disbanding)
            back = 0 if differs(state.options, "disband_without_pp") else charts().disband_pp
            state.pp_next[payer] = state.pp_next.get(payer, 0) + back
            state.emit("disband", audience=side, unit=piece.uid)
            state.emit("block_removed", side=side, handle=piece.handle)
        else:  # rebuild or place
            node = board.node(str(action.args["hex"]))
            if verb == "rebuild":
                if lent is None:
                    state.pp[payer] -= int(cast(int, action.args["pp"]))
                piece.step = lowest_live_step(state.spec(piece))
            piece.status = ON_MAP
            piece.node = node
            piece.handle = state.new_handle()
            piece.oos = piece.moved = piece.attacked = piece.revealed = piece.half_hit = False
            piece.base = -1
            used = cast(dict[str, int], frame.vars["used"])
            used[str(node)] = used.get(str(node), 0) + 1
            state.emit(verb, audience=side, unit=piece.uid, hex=board.id_of(node))
            state.emit("block_placed", side=side, handle=piece.handle, hex=board.id_of(node))


def powers_side(power: str) -> str:
    return SOVIET if power == "ussr" else AXIS
