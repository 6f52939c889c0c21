"""Consistency checks of the BITE map against the rulebook (``hexfront map check bite``).

:func:`check` returns statistics and a list of errors; the command exits non-zero when
there is any error. Each check names the rule or issue point it enforces.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from hexfront.engine.paths import connected
from hexfront.games.bite.map import BiteMap, Place, UnknownPlace

# Every place of digest B.25 (names as the rulebook spells them; aliases count).
B25_PLACES = (
    "Moscow", "Leningrad", "Oranienbaum", "Sevastopol", "Stalingrad", "Baku", "Berlin",
    "Kalinin", "Rubinsk", "Den Haag", "Luxembourg", "Uman", "Demyansk", "Narvik", "Tromso",
    "Petsamo", "Murmansk", "Krasnovodsk", "Siberia", "Gallivare", "Salla", "Kantalahti",
    "Nizhny Tagil", "Sverdlovsk", "Chelyabinsk", "Magnitogorsk", "Chalov", "Belgrade",
    "Helsinki", "Bucharest", "Budapest", "Bratislava", "Vyborg", "Kerch", "Solone Ozero",
    "Hanko", "Armjansk", "Tatarenwall", "Teheran", "Volkhov", "Maykop", "Grozny", "Police",
    "Kassel", "Magdeburg", "Rastenburg", "Vologda", "Smolensk", "Hamburg", "Vladivostok",
    "Archangelsk", "Saratov", "Astrakhan", "Rostov", "Kharkov", "Kursk", "Kiev",
    "Peenemunde", "Ploiesti", "Minsk", "Lvov", "Poltava", "Nikolayevka", "Mt. Elbrus",
    "Isbuscenskij",
)  # fmt: skip
B25_ZONES = (
    "valdai_hills", "pripet_marshes", "galicia", "donets_basin", "caucasus", "bessarabia",
    "baltic_states", "germany", "poland", "scandinavia", "finland_1941", "faz", "foa",
)  # fmt: skip
B25_SEAS = (
    "White Sea",
    "Gulf of Bothnia",
    "Gulf of Finland",
    "Sea of Azov",
    "Black Sea",
    "Baltic Sea",
)
REQUIRED_ZONES = (
    "md_leningrad", "md_baltic", "md_western", "md_kiev", "md_odessa", "md_caucasus",
    "ussr_interior", "ag_north", "ag_centre", "ag_south", "green_line_south", "faz", "foa",
    "finland_1941", "start_line_1942_axis", "start_line_1943_axis", "start_line_1944_axis",
    "start_line_1942", "start_line_1943", "start_line_1944", "sbe1_area", "sbe2_area",
    "sbe3_area", "soviet_border", "scandinavia", "germany", "poland", "baltic_states",
    "bessarabia", "caucasus",
)  # fmt: skip
REQUIRED_RIVERS = (
    "Oder", "Vistula", "Bug", "Neman", "Western Dvina", "Dniepr", "Berezina", "Desna",
    "Pripyat", "Sozh", "Dniestr", "Prut", "Southern Bug", "Danube", "Don", "Donets", "Volga",
    "Oka", "Volkhov", "Svir", "Lovat", "Kama",
)  # fmt: skip
VICTORY = {"Moscow", "Leningrad", "Stalingrad", "Baku", "Berlin"}
FORTRESSES = {"Leningrad", "Oranienbaum", "Sevastopol"}
BUNKERS = {"Hanko", "Armjansk", "Solone Ozero"}
BOXES = {
    "NARVIK": ("mountains", "norway"),
    "TROMSO": ("mountains", "norway"),
    "PETSAMO": ("forest", "ussr"),
    "MURMANSK": ("forest", "ussr"),
    "KRASNOVODSK": ("forest", "ussr"),
    "SIBERIA": ("forest", "ussr"),
}
# 3.7: (a, b, land, rail)
BOX_LINKS = (
    ("NARVIK", "Gallivare", True, True),
    ("NARVIK", "TROMSO", True, False),
    ("TROMSO", "PETSAMO", True, False),
    ("PETSAMO", "Salla", True, True),
    ("PETSAMO", "MURMANSK", True, False),
    ("MURMANSK", "Kantalahti", True, True),
    ("KRASNOVODSK", "SIBERIA", True, True),
    ("SIBERIA", "Nizhny Tagil", False, True),
    ("SIBERIA", "Sverdlovsk", False, True),
    ("SIBERIA", "Chelyabinsk", False, True),
    ("SIBERIA", "Magnitogorsk", False, True),
    ("SIBERIA", "Chalov", False, True),
)
# Named terrain (issue point 3): (what, lon, lat, terrain).
NAMED_TERRAIN = (
    ("Valdai Hills (Valdai)", 33.24, 57.98, "hills"),
    ("Caucasus (Elbrus)", 42.44, 43.35, "mountains"),
    ("Caucasus (Kazbek)", 44.52, 42.70, "mountains"),
    ("Carpathians (Hoverla)", 24.50, 48.16, "mountains"),
    ("Carpathians (Tatras)", 20.13, 49.16, "mountains"),
    ("Transylvanian Alps (Moldoveanu)", 24.74, 45.60, "mountains"),
    ("Transylvanian Alps (Retezat)", 22.87, 45.36, "mountains"),
    ("Southern Urals (Yamantau)", 58.14, 54.25, "mountains"),
)
# Post-1941 reservoirs that must stay land (lon, lat).
RESERVOIRS = (
    ("Rybinsk", 38.3, 58.5),
    ("Kuibyshev", 49.2, 54.6),
    ("Volgograd", 46.1, 50.9),
    ("Tsimlyansk", 42.6, 47.9),
    ("Kakhovka", 34.2, 47.3),
    ("Kremenchug", 32.6, 49.3),
)
# The booklet's income words and the PP colours of 11.0.
INCOME_COLOURS = {"yellow": "yellow", "armor": "red", "air": "blue", "oil": "black"}
# The start line drawn for each later scenario (zones start_line_<year>_axis).
LATER_SCENARIOS = {1942: "SBE6", 1943: "SBE7", 1944: "SBE8"}


def scenario_income(scenario: str) -> dict[str, dict[str, int]]:
    """A scenario's per-turn income by power and PP colour (data/scenarios/<id>.toml)."""
    from hexfront.games.bite import forces

    out: dict[str, dict[str, int]] = {}
    for power, amounts in forces.scenario(scenario).income.items():
        out[power] = {INCOME_COLOURS[word]: int(pp) for word, pp in amounts.items()}
    return out


def tech_deduction(power: str) -> int:
    """Yellow PP a power's income loses each turn (data/resources.toml: the Soviet 4)."""
    from hexfront.games.bite.rules.resources import rules

    return rules().deduction.get(power, 0)


def income_1941() -> dict[str, dict[str, int]]:
    """SBE5's incomes (B.13), the Soviet yellow before the TECH deduction: what the map's
    June 1941 holdings must produce."""
    out = scenario_income("SBE5")
    for power, colours in out.items():
        colours["yellow"] = colours.get("yellow", 0) + tech_deduction(power)
    return out


TEXT_EXAMPLES = (
    ("Leningrad", "yellow", 2),
    ("Leningrad", "red", 3),
    ("Moscow", "blue", 3),
    ("Kerch", "yellow", 1),
    ("Oranienbaum", "white", 1),
    ("Maykop", "black", 5),
    ("Police", "black", 2),
)
# Whose territory carries each power's PP to its main supply source (4.1, 11.2).
SUPPLY = {
    "ussr": ("SIBERIA", ("ussr",)),
    "germany": ("Berlin", ("germany", "general_government")),
    "romania": ("Bucharest", ("romania",)),
    "hungary": ("Budapest", ("hungary",)),
    "finland": ("Helsinki", ("finland",)),
    "slovakia": ("Bratislava", ("slovakia",)),
}
GERMAN_SIDE = ("germany", "general_government")


def amount(p: Place, colour: str, active_only: bool = True) -> int:
    """PP of one colour that a place produces (yellow/black centres plus factories)."""
    total = 0
    if colour == "yellow":
        total += p.production.yellow
    if colour == "black":
        total += p.production.black
    total += sum(f.pp for f in p.factories if f.colour == colour and (f.active or not active_only))
    return total


def _nearest_hex(m: BiteMap, lon: float, lat: float) -> int:
    best, best_d = -1, math.inf
    k = math.cos(math.radians(lat))
    for i in range(m.hex_count):
        ll = m.lonlat[i]
        assert ll is not None
        d = ((ll[0] - lon) * k) ** 2 + (ll[1] - lat) ** 2
        if d < best_d:
            best, best_d = i, d
    return best


def rail_reach(m: BiteMap, source: str, owners: Iterable[str]) -> set[int]:
    """Nodes rail-connected to ``source`` through hexes of the given 1941 owners."""
    allowed = set(owners)
    start = m.node(source)
    return connected(m.rail_adjacency, [start], passable=lambda n: m.owner_1941[n] in allowed)


def river_pieces(m: BiteMap, name: str) -> int:
    """How many separate chains (joined at hex corners) a river's hexsides form."""
    sides = []
    for a in range(m.hex_count):
        for b in m.grid.neighbors[a]:
            if a < b and m.river_between(a, b) == name:
                sides.append((a, b))
    corner_of: dict[tuple[int, ...], list[int]] = {}
    for k, (a, b) in enumerate(sides):
        common = sorted(set(m.grid.neighbors[a]) & set(m.grid.neighbors[b]))
        keys = [(a, b, c) for c in common] + [(a, b, -j - 1) for j in range(2 - len(common))]
        for key in keys:
            corner_of.setdefault(tuple(sorted(key)), []).append(k)
    parent = list(range(len(sides)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for members in corner_of.values():
        for x in members[1:]:
            parent[find(x)] = find(members[0])
    return len({find(k) for k in range(len(sides))})


def economy(m: BiteMap) -> dict[str, Any]:
    """June 1941 PP per power (connected to the main source) and the later start lines."""
    out: dict[str, Any] = {}
    for power, (source, owners) in SUPPLY.items():
        reach = rail_reach(m, source, owners)
        totals: Counter[str] = Counter()
        unconnected: list[str] = []
        for p in m.places.values():
            if p.country_1941 != power and not (
                power == "germany" and p.country_1941 == "general_government"
            ):
                continue
            pp = {c: amount(p, c) for c in ("yellow", "red", "blue", "white", "black")}
            if not any(pp.values()):
                continue
            if p.node in reach:
                totals.update(pp)
            else:
                unconnected.append(p.name)
        out[power] = {
            "connected": {c: totals[c] for c in ("yellow", "red", "blue", "white", "black")},
            "unconnected": sorted(unconnected),
        }
    # The start lines are drawn on the map's hexes: the off-map boxes (Petsamo's nickel)
    # are left out of the later years' counts.
    ussr_places = [
        p for p in m.places.values() if p.country_1941 == "ussr" and p.node < m.hex_count
    ]
    later = {}
    deduction = tech_deduction("ussr")
    for year, sid in LATER_SCENARIOS.items():
        want = scenario_income(sid)
        soviet_target, german_target = want["ussr"]["yellow"], want["germany"]["yellow"]
        axis = m.zone(f"start_line_{year}_axis")
        soviet = sum(p.production.yellow for p in ussr_places if p.node not in axis)
        captured = sum(p.production.yellow for p in ussr_places if p.node in axis)
        german = out["germany"]["connected"]["yellow"] + captured
        held = [p for p in ussr_places if p.node not in axis]
        later[str(year)] = {
            "scenario": sid,
            "soviet_yellow_after_tech": soviet - deduction,
            "soviet_target": soviet_target,
            "german_yellow_with_captured": german,
            "german_target": german_target,
            "captured_soviet_yellow": captured,
            "soviet_red_all_factories": sum(amount(p, "red", active_only=False) for p in held),
            "soviet_red_target": want["ussr"].get("red", 0),
            "soviet_blue_all_factories": sum(amount(p, "blue", active_only=False) for p in held),
            "soviet_blue_target": want["ussr"].get("blue", 0),
            "german_red_blue_black": [
                out["germany"]["connected"][c] for c in ("red", "blue", "black")
            ],
            "german_red_blue_black_target": [
                want["germany"].get(c, 0) for c in ("red", "blue", "black")
            ],
        }
    out["later_years"] = later
    return out


def check(m: BiteMap) -> tuple[dict[str, Any], list[str]]:
    errors: list[str] = []
    err = errors.append

    def node(name: str) -> int | None:
        try:
            return m.node(name)
        except UnknownPlace:
            err(f"B.25 place {name!r} is missing")
            return None

    def place(name: str) -> Place | None:
        n = node(name)
        if n is None:
            return None
        p = (
            m.place_at.get(n)
            if n < m.hex_count
            else next((q for q in m.places.values() if q.node == n), None)
        )
        if p is None:
            err(f"{name!r} is hex {m.id_of(n)} but no place is recorded there")
        return p

    # --- places of B.25 and their attributes ---------------------------------------------
    for name in B25_PLACES:
        node(name)
    for z in B25_ZONES:
        if not m.zone_names or z not in m.zone_names or not m.zone(z):
            err(f"B.25 region zone {z!r} is missing or empty")
    for s in B25_SEAS:
        if s not in m.seas or not m.seas[s].hexes:
            err(f"B.25 sea {s!r} has no hexes")
    victory = {p.name for p in m.places.values() if p.victory}
    if victory != VICTORY:
        err(f"victory cities are {sorted(victory)}, rule 3.3 names {sorted(VICTORY)}")
    fortresses = {p.name for p in m.places.values() if p.type == "fortress"}
    if fortresses != FORTRESSES:
        err(f"fortresses are {sorted(fortresses)}, rule 3.3 names {sorted(FORTRESSES)}")
    bunkers = {p.name for p in m.places.values() if p.bunker}
    if bunkers != BUNKERS:
        err(f"bunkers are {sorted(bunkers)}, BOX 1 names {sorted(BUNKERS)}")
    for name, kind in (
        ("Moscow", "capital"),
        ("Kalinin", "major"),
        ("Rubinsk", "minor"),
        ("Den Haag", "minor"),
        ("Luxembourg", "minor"),
        ("Vologda", "major"),
        ("Smolensk", "major"),
        ("Hamburg", "major"),
        ("Berlin", "capital"),
        ("Helsinki", "capital"),
        ("Bucharest", "capital"),
        ("Budapest", "capital"),
        ("Bratislava", "capital"),
        ("Belgrade", "capital"),
        ("Teheran", "capital"),
    ):
        p = place(name)
        if p is not None and p.type != kind:
            err(f"{name} is {p.type}, expected {kind} (3.3/B.25)")
    for name in ("Uman", "Demyansk"):
        p = place(name)
        if p is not None and not p.battle_site:
            err(f"{name} should be a historical battle site (3.3)")
    for name, cls in (("Sevastopol", "major"), ("Kerch", "minor"), ("Archangelsk", "major")):
        p = place(name)
        if p is not None and p.port != cls:
            err(f"{name} port is {p.port}, expected {cls}")
    for name in ("Leningrad", "Sevastopol", "Oranienbaum"):
        p = place(name)
        if p is not None and not p.shipyard:
            err(f"{name} should have a shipyard (11.2/24.0)")

    # --- grid anchors (7.5.4) --------------------------------------------------------------
    rows = {i // m.grid.width for i in range(m.hex_count) if m.playable[i]}
    cols = {i % m.grid.width for i in range(m.hex_count) if m.playable[i]}
    north = min(rows)
    east = max(cols)
    for name, want_row, want_col in (("Salla", north, None), ("Magnitogorsk", None, east)):
        n = node(name)
        if n is None:
            continue
        col, row = m.grid.col_row(n)
        if want_row is not None and row != want_row:
            err(f"{name} is in row {row + 1}, not the northernmost playable row {want_row + 1}")
        if want_col is not None and col != want_col:
            err(
                f"{name} is in column {col + 1}, not the easternmost playable column {want_col + 1}"
            )
    for i in range(m.hex_count):
        col, row = m.grid.col_row(i)
        if (row < north or col > east) and not m.partial[i] and not m.water[i]:
            err(f"{m.id_of(i)} lies beyond the playable edge but is not partial")
    for name in (
        "Teheran",
        "Salla",
        "Gallivare",
        "Kantalahti",
        "Magnitogorsk",
        "Nizhny Tagil",
        "Chalov",
    ):
        n = node(name)
        if n is not None and not m.playable[n]:
            err(f"{name} ({m.id_of(n)}) must be playable")
    sv = place("Sverdlovsk")
    if sv is not None and (not m.partial[sv.node] or amount(sv, "yellow") == 0):
        err("Sverdlovsk must be a partial hex that gives PP (7.5.4)")
    for p in m.places.values():
        if p.node >= m.hex_count:
            continue
        if m.water[p.node]:
            err(f"{p.name} ({p.hex}) is in an all-water hex")
        elif (
            m.partial[p.node]
            and p.is_city
            and not any(amount(p, c) for c in ("yellow", "black", "red", "blue"))
        ):
            err(f"{p.name} ({p.hex}) is a city in a partial hex without production")
        if p.port and (not m.coastal[p.node] or p.sea is None):
            err(f"port {p.name} ({p.hex}) is not coastal or opens on no sea")

    # --- terrain and water ----------------------------------------------------------------
    for what, lon, lat, kind in NAMED_TERRAIN:
        h = _nearest_hex(m, lon, lat)
        if m.terrain[h] != kind:
            err(f"{what} ({m.id_of(h)}) is {m.terrain[h]}, expected {kind}")
    for vh in m.zone("valdai_hills") if "valdai_hills" in m.zone_names else ():
        if m.terrain[vh] != "hills":
            err(f"Valdai Hills hex {m.id_of(vh)} is {m.terrain[vh]}")
    for name, kind in (("Vologda", "forest"), ("Solone Ozero", "swamp")):
        n = node(name)
        if n is not None and m.terrain[n] != kind:
            err(f"{name} is {m.terrain[n]}, the text says {kind}")
    sea_count = Counter(m.sea_of(i) for i in range(m.hex_count) if m.water[i])
    for water, least in (
        ("Caspian Sea", 20),
        ("Sea of Azov", 3),
        ("Lake Ladoga", 2),
        ("Lake Onega", 1),
    ):
        if sea_count[water] < least:
            err(f"{water} has {sea_count[water]} water hexes (expected at least {least})")
    for name, lon, lat in RESERVOIRS:
        h = _nearest_hex(m, lon, lat)
        if m.water[h]:
            err(f"the post-1941 {name} reservoir made {m.id_of(h)} water")
    for s, flag in (
        ("Black Sea", "mined"),
        ("Sea of Azov", "mined"),
        ("Gulf of Finland", "mined"),
        ("White Sea", "freezes"),
        ("Gulf of Bothnia", "freezes"),
        ("Gulf of Finland", "freezes"),
        ("Sea of Azov", "freezes"),
        ("Gulf of Bothnia", "shoals"),
    ):
        if s in m.seas and not getattr(m.seas[s], flag):
            err(f"{s} should be {flag}")
    hamburg = place("Hamburg")
    if hamburg is not None and not any(
        m.water[j] and m.sea_of(j) in m.seas and m.seas[str(m.sea_of(j))].shoals
        for j in m.grid.neighbors[hamburg.node]
    ):
        err("Hamburg should touch a sea with shoals (24.0)")

    # --- boxes and links (3.7, 7.5.5, 12.3) ------------------------------------------------
    if list(m.boxes) != list(BOXES):
        err(f"boxes are {list(m.boxes)}, expected {list(BOXES)} in that order")
    for bid, (terr, owner) in BOXES.items():
        b = m.boxes.get(bid)
        if b is not None and (b.terrain, b.owner_1941) != (terr, owner):
            err(f"box {bid} is {b.terrain}/{b.owner_1941}, 3.7 says {terr}/{owner}")
    for end_a, end_b, land, rail in BOX_LINKS:
        na, nb = node(end_a), node(end_b)
        if na is None or nb is None:
            continue
        lk = m.link_between(na, nb)
        if lk is None or lk.land != land or lk.rail != rail or not lk.built:
            err(f"link {end_a}-{end_b} should exist with land={land}, rail={rail} (3.7)")
    kerch = node("Kerch")
    if kerch is not None:
        arrows = [lk for lk in m.links if kerch in (lk.a, lk.b) and lk.kind == "red_arrow"]
        if not arrows or not all(m.hexside_flags(lk.a, lk.b).strait for lk in arrows):
            err("the Kerch Strait must be a red-arrow strait between adjacent hexes (7.5.5)")
    baku, kras = node("Baku"), node("KRASNOVODSK")
    if baku is not None and kras is not None:
        lk = m.link_between(baku, kras)
        if lk is None or lk.built or lk.kind != "sea_route":
            err("the Baku-Krasnovodsk sea route must exist, unbuilt (3.7, SBE6)")
    len_, vol = node("Leningrad"), node("Volkhov")
    if len_ is not None and vol is not None:
        lk = m.link_between(len_, vol)
        if lk is None or lk.kind != "road_of_life":
            err("the Road of Life Leningrad-Volkhov must exist (12.3)")

    # --- Crimea: land gates only at Perekop (Armjansk) plus the Kerch arrow ---------------
    crimea = m.zone("crimea") if "crimea" in m.zone_names else frozenset()
    arm = node("Armjansk")
    gates: set[tuple[str, str]] = set()
    for ca in crimea:
        for cb in m.adjacency[ca]:
            if cb in crimea or cb >= m.hex_count or m.water[cb]:
                continue
            if m.is_red_arrow(ca, cb):
                continue
            gates.add((m.id_of(ca), m.id_of(cb)))
            if cb != arm:
                err(
                    f"the Crimea touches the mainland at {m.id_of(ca)}-{m.id_of(cb)}, "
                    "not only at Armjansk"
                )
    if not crimea or not gates:
        err("the Crimea has no land gate at Armjansk")

    # --- rivers ------------------------------------------------------------------------------
    river_sides: Counter[str] = Counter(
        str(m.river_between(a, b))
        for a in range(m.hex_count)
        for b in m.grid.neighbors[a]
        if a < b and m.river_between(a, b)
    )
    pieces = {rv: river_pieces(m, rv) for rv in sorted(river_sides)}
    for rv in REQUIRED_RIVERS:
        if river_sides[rv] == 0:
            err(f"river {rv} has no hexsides")
        elif pieces[rv] != 1:
            err(f"river {rv} is broken into {pieces[rv]} separate chains of hexsides")
    st = place("Stalingrad")
    if st is not None and "Volga" not in m.rivers_of(st.node):
        err("Stalingrad does not touch a Volga hexside")

    # --- rails ---------------------------------------------------------------------------------
    for line in m.rails:
        for ra, rb in itertools.pairwise(line.nodes):
            if (
                rb not in m.grid.neighbors[ra]
                if ra < m.hex_count and rb < m.hex_count
                else m.link_between(ra, rb) is None
            ):
                err(f"rail {line.name}: {m.id_of(ra)} and {m.id_of(rb)} are not adjacent")
            if max(ra, rb) < m.hex_count and (m.water[ra] or m.water[rb]):
                err(f"rail {line.name} runs through water at {m.id_of(ra)}-{m.id_of(rb)}")
    stations = {x for r in m.rails for x in r.nodes}
    for p in m.cities():
        if p.node not in stations:
            err(f"{p.name} ({p.hex}) is a city but no railway station (32.3)")
    for name in ("Saratov-Stalingrad", "Stalingrad-Astrakhan", "Astrakhan-Baku"):
        if not any(ln.name.startswith(name) and not ln.built for ln in m.rails):
            err(f"the unbuilt railway {name} is missing (SBE6)")
    reach: dict[str, Any] = {}
    for power, (source, owners) in SUPPLY.items():
        reached = rail_reach(m, source, owners)
        majors = [
            p
            for p in m.cities()
            if p.country_1941 == power and p.type in ("capital", "major", "fortress")
        ]
        missing = sorted(p.name for p in majors if p.node not in reached)
        reach[power] = {"source": source, "major_cities": len(majors), "not_connected": missing}
        for name in missing:
            err(f"{name} ({power}) is not rail-connected to {source} in June 1941")
    moscow = node("Moscow")
    if moscow is not None and moscow not in rail_reach(m, "SIBERIA", ("ussr",)):
        err("Moscow is not rail-connected to Siberia")

    # --- economy --------------------------------------------------------------------------------
    eco = economy(m)
    for power, want in income_1941().items():
        got = eco[power]["connected"]
        for colour, value in want.items():
            if got[colour] != value:
                err(
                    f"{power} {colour} PP in June 1941 are {got[colour]}, "
                    f"the scenarios need {value}"
                )
    for name, colour, value in TEXT_EXAMPLES:
        p = place(name)
        if p is not None and amount(p, colour) != value:
            err(f"{name} gives {amount(p, colour)} {colour} PP, the text example says {value}")

    # --- zones ------------------------------------------------------------------------------------
    for z in REQUIRED_ZONES:
        if z not in m.zone_names or not m.zone(z):
            err(f"zone {z} is missing or empty")

    terrain_count = Counter(m.terrain[i] for i in range(m.hex_count))
    stats: dict[str, Any] = {
        "grid": {
            "width": m.grid.width,
            "height": m.grid.height,
            "hexes": m.hex_count,
            "boxes": len(m.boxes),
            "hex_km": m.hex_km,
        },
        "hexes_by_terrain": dict(sorted(terrain_count.items())),
        "playable_hexes": sum(m.playable[: m.hex_count]),
        "partial_hexes": sum(1 for i in range(m.hex_count) if m.partial[i] and not m.water[i]),
        "coastal_hexes": sum(m.coastal[: m.hex_count]),
        "places_by_type": dict(
            sorted(Counter(p.type or "none" for p in m.places.values()).items())
        ),
        "victory_cities": sorted(victory),
        "river_hexsides": sum(river_sides.values()),
        "river_hexsides_by_river": dict(sorted(river_sides.items(), key=lambda kv: str(kv[0]))),
        "river_chains": pieces,
        "deep_water_hexsides": sum(
            1
            for a in range(m.hex_count)
            for b in m.grid.neighbors[a]
            if a < b and m.hexside_flags(a, b).deep_water
        ),
        "rail_lines": len(m.rails),
        "rail_hexes": len(m.rail_hexes),
        "rail_hexes_with_unbuilt": len({x for r in m.rails for x in r.nodes if x < m.hex_count}),
        "rail_connectivity": reach,
        "economy": eco,
        "zones": {z: len(m.zone(z)) for z in m.zone_names},
        "crimea_gates": sorted(gates),
    }
    return stats, errors
