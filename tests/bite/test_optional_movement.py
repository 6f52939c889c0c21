"""Optional rules of movement, supply and weather on the real map (issue 20):
14.0 new terrain modifiers (movement), 33.0-33.2 the Axis' first winters (supply lanes,
rail moves, T-34 tracks), 39.0 optional weather (the roll, light rain's costs and lanes).

Each rule is shown against the same position with the rule off, so a test fails if the
rule stops mattering or starts mattering where it should not. The positions are built
with the public position builder; the first winter (December 1941 - March 1942) is
played in campaign (SBE9) positions.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.movement import ground_mp, reach
from hexfront.games.bite.rules.optional_rules import VARIABLE_WEATHER
from hexfront.games.bite.rules.rail import srm_zone
from hexfront.games.bite.rules.retreat import ground_retreat_hexes
from hexfront.games.bite.rules.supply import compute
from hexfront.games.bite.rules.turn import weather_of
from hexfront.games.bite.state import BiteState

GAME = Bite()
NONE = {"optional_rules": "none"}  # every optional rule off, then the one tested switched on
MOUNTAIN = "3938"  # Caucasus: mountains
FOOTHILL = "3937"  # clear, next to it
HILLS = "3837"  # hills, next to both
STEPPE = "3930"  # clear open ground beside Millerovo
MOSCOW_GARRISON = {"id": "sov-a-23", "hex": "Moscow"}  # keeps the Soviet front alive (3.1)


def position(
    units: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    scenario: str = "SBE4",
    side: str = "soviet",
    phase: str = "movement",
    weather: str = "good",
    turn: int = 2,
    **extra: Any,
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": scenario,
            "turn": turn,
            "side": side,
            "phase": phase,
            "weather": weather,
            "reinforcements": False,
            "unit": [*units, MOSCOW_GARRISON],
            "options": {**NONE, **(options or {})},
            **extra,
        },
    )


def destinations(m: Match[BiteState], unit: str) -> set[str]:
    side = m.state.pieces[unit].side
    return {
        str(a.args["to"])
        for a in m.legal_actions(side)
        if a.verb == "move" and a.args["unit"] == unit
    }


def cost_to(m: Match[BiteState], unit: str, hex_id: str) -> int:
    s = m.state
    piece = s.pieces[unit]
    cost, _ = reach(s, piece, 9)
    return cost[s.w.board.node(hex_id)]


# --- 14.0: new terrain modifiers ------------------------------------------------------------

CAUCASUS = [
    {"id": "sov-mc-1", "hex": FOOTHILL},  # a tank corps
    {"id": "sov-rc-13", "hex": FOOTHILL},  # a mountain rifle corps
    {"id": "sov-cc-2", "hex": HILLS},  # a cavalry corps
    {"id": "sov-a-9", "hex": HILLS},  # an army (infantry)
]


def test_armour_never_enters_mountains() -> None:  # 14.0
    off = position(CAUCASUS)
    on = position(CAUCASUS, options={"or14_terrain": True})
    assert MOUNTAIN in destinations(off, "sov-mc-1")
    assert MOUNTAIN not in destinations(on, "sov-mc-1")
    # The others still go there in good weather.
    for unit in ("sov-rc-13", "sov-cc-2", "sov-a-9"):
        assert MOUNTAIN in destinations(on, unit), unit


def test_in_bad_weather_only_mountain_units_enter_mountains() -> None:  # 14.0
    for weather in ("rain", "snow"):
        off = position(CAUCASUS, weather=weather)
        on = position(CAUCASUS, weather=weather, options={"or14_terrain": True})
        for unit in ("sov-cc-2", "sov-a-9"):
            assert MOUNTAIN in destinations(off, unit), (weather, unit)
            assert MOUNTAIN not in destinations(on, unit), (weather, unit)
        assert MOUNTAIN in destinations(on, "sov-rc-13"), weather


def test_mountain_units_pay_one_mp_less_in_mountains_and_hills() -> None:  # 14.0
    off = position(CAUCASUS)
    on = position(CAUCASUS, options={"or14_terrain": True})
    assert cost_to(off, "sov-rc-13", MOUNTAIN) == 3
    assert cost_to(on, "sov-rc-13", MOUNTAIN) == 2
    assert cost_to(off, "sov-rc-13", HILLS) == 2
    assert cost_to(on, "sov-rc-13", HILLS) == 1
    # Another infantry unit pays the chart's price.
    assert cost_to(on, "sov-a-9", MOUNTAIN) == cost_to(off, "sov-a-9", MOUNTAIN) == 3


def test_cavalry_never_pays_more_than_two_mp_outside_mountains() -> None:  # 14.0
    # In rain every hex costs 3 MP: a 4-MP cavalry corps goes one hex; with the rule, two.
    units = [{"id": "sov-cc-2", "hex": STEPPE}]
    off = position(units, weather="rain")
    on = position(units, weather="rain", options={"or14_terrain": True})
    board = on.state.w.board
    start = board.node(STEPPE)

    def farthest(m: Match[BiteState]) -> int:
        return max(board.distance(start, board.node(h)) for h in destinations(m, "sov-cc-2"))

    assert farthest(off) == 1
    assert farthest(on) == 2
    # From the hills, through the clear foothill, to the hills beyond (4037): in rain the
    # cavalry pays 2 + 2 instead of 3 + 3; snowy hills keep their price (2 + 3 either way).
    rain = position(CAUCASUS, weather="rain", options={"or14_terrain": True})
    rain_off = position(CAUCASUS, weather="rain")
    assert (cost_to(rain_off, "sov-cc-2", "4037"), cost_to(rain, "sov-cc-2", "4037")) == (6, 4)
    snow = position(CAUCASUS, weather="snow", options={"or14_terrain": True})
    snow_off = position(CAUCASUS, weather="snow")
    assert cost_to(snow, "sov-cc-2", "4037") == cost_to(snow_off, "sov-cc-2", "4037") == 5


def test_armour_may_not_retreat_into_mountains() -> None:  # 14.0
    units = [{"id": "sov-mc-1", "hex": FOOTHILL}, {"id": "ger-c-i", "hex": FOOTHILL}]
    off = position(units, side="axis", phase="combat")
    on = position(units, side="axis", phase="combat", options={"or14_terrain": True})

    def retreats(m: Match[BiteState]) -> set[str]:
        s = m.state
        board = s.w.board
        hexes = ground_retreat_hexes(s, s.pieces["sov-mc-1"], board.node(FOOTHILL))
        return {board.id_of(n) for n in hexes}

    assert MOUNTAIN in retreats(off)
    assert MOUNTAIN not in retreats(on)


# --- 33.0-33.2: the Axis' first winters -------------------------------------------------------


def in_winter(units: list[dict[str, Any]], turn: int = 8, **kwargs: Any) -> BiteState:
    """A campaign (SBE9) position in January 1942 (turn 8), or another month."""
    return position(units, scenario="SBE9", turn=turn, **kwargs).state


def test_t34_tracks_give_soviet_tanks_four_mp_in_the_first_winter() -> None:  # 33.2
    # Campaign positions (Advanced Game): armour with no HQ's command is in limited supply
    # and moves at half its MP (13.5): 3 MP give 1, the winter tracks' 4 give 2.
    units = [{"id": "sov-mc-1", "hex": STEPPE}, {"id": "sov-mc-10", "hex": STEPPE}]
    on = in_winter(units, options={"or33_first_winters": True})
    off = in_winter(units)
    assert ground_mp(off, off.pieces["sov-mc-1"]) == 3 // 2
    assert ground_mp(on, on.pieces["sov-mc-1"]) == 4 // 2
    # Not tankettes, and not after March 1942.
    assert ground_mp(on, on.pieces["sov-mc-10"]) == ground_mp(off, off.pieces["sov-mc-10"])
    spring = in_winter(units, turn=11, options={"or33_first_winters": True})
    assert ground_mp(spring, spring.pieces["sov-mc-1"]) == 3 // 2


def test_first_winter_shortens_the_axis_supply_lanes_but_not_the_finns() -> None:  # 33.0
    units = [{"id": "ger-c-i", "hex": "Pskov"}, {"id": "fin-c-iv", "hex": "Vyborg"}]
    on = in_winter(units, side="axis", weather="snow", options={"or33_first_winters": True})
    off = in_winter(units, side="axis", weather="snow")
    net_on, net_off = compute(on, "axis"), compute(off, "axis")
    assert net_off.lanes is None
    assert net_on.lanes is not None
    assert net_on.lanes["germany"] == 1
    assert net_on.lanes["finland"] == 2
    # A German unit two hexes from any source is supplied in snow, but not in the winter.
    board = on.w.board
    sources = net_on.sources["germany"]
    two_away = next(
        n
        for n in range(board.node_count)
        if board.playable[n]
        and n not in sources
        and min((board.distance(n, x) for x in sources), default=99) == 2
        and net_off.lane_ok("germany", n)
    )
    assert not net_on.lane_ok("germany", two_away)
    # The Finns keep the bad weather's two hexes.
    fin_sources = net_on.sources.get("finland", frozenset())
    fin_two = [
        n for n in range(board.node_count) if n not in fin_sources and net_off.lane_ok("finland", n)
    ]
    assert fin_two
    assert all(net_on.lane_ok("finland", n) for n in fin_two)


def test_winterized_locomotives_cut_the_axis_rail_moves() -> None:  # 33.1
    # November 1941 (turn 6, the last of SBE5): three corps in East Prussia may ride into
    # the Lithuanian hexes the Axis holds; with the rule, one ride only enters the USSR.
    base = position([], scenario="SBE5", side="axis", phase="rail", turn=6)
    board = base.state.w.board
    start = board.node("Königsberg")
    held = [
        board.id_of(n)
        for n in range(board.node_count)
        if board.playable[n] and board.owner_1941[n] == "ussr" and board.distance(start, n) <= 4
    ]
    units = [
        {"id": "ger-c-i", "hex": "Königsberg"},
        {"id": "ger-c-xxvi", "hex": "Königsberg"},
        {"id": "ger-c-xxxviii", "hex": "Insterburg"},
    ]

    def rides_into_the_ussr(options: dict[str, Any]) -> int:
        m = position(
            units,
            scenario="SBE5",
            side="axis",
            phase="rail",
            turn=6,
            options=options,
            control={"axis": held},
            pp={"germany": 10},
        )
        s = m.state
        made = 0
        while True:
            rides = [
                a
                for a in m.legal_actions("axis")
                if a.verb == "rail"
                and srm_zone(s, s.pieces[str(a.args["unit"])].node, board.node(str(a.args["to"])))
                == "ussr"
            ]
            if not rides:
                return made
            m.act(rides[0])
            made += 1

    assert rides_into_the_ussr({}) == 3
    assert rides_into_the_ussr({"or33_first_winters": True}) == 1


# --- 39.0: optional weather --------------------------------------------------------------------


def test_optional_weather_rolls_light_rain_and_never_repeats() -> None:  # 39.0
    m = position([], scenario="SBE5", options={"or39_weather": True})
    s = m.state
    s.turn = 5  # October 1941, a variable month
    s.dice.loaded = [3]
    assert weather_of(s) == "light_rain"  # 3-4: light rain
    s.turn = 12  # May 1942, the next variable month
    s.dice.loaded = [4, 3, 6]  # light rain again is rolled again: then rain
    assert weather_of(s) == "rain"
    assert s.flags[VARIABLE_WEATHER] == "rain"
    s.dice.loaded = [1]
    assert weather_of(s) == "good"  # 1-2: good
    # Without the rule: 1-3 good, 4-6 rain, and a repeat is no matter.
    plain = position([], scenario="SBE5")
    p = plain.state
    p.turn = 5
    p.dice.loaded = [3]
    assert weather_of(p) == "good"
    p.dice.loaded = [4]
    assert weather_of(p) == "rain"
    p.dice.loaded = [5]
    assert weather_of(p) == "rain"


def test_light_rain_makes_clear_hexes_cost_two_and_others_three() -> None:  # 39.0
    units = [{"id": "sov-a-9", "hex": STEPPE}]
    light = position(units, weather="light_rain", options={"or39_weather": True})
    good = position(units)
    board = light.state.w.board
    clear = next(
        board.id_of(n) for n in board.adjacency[board.node(STEPPE)] if board.terrain[n] == "clear"
    )
    assert cost_to(good, "sov-a-9", clear) == 1
    assert cost_to(light, "sov-a-9", clear) == 2
    hills = [{"id": "sov-a-9", "hex": FOOTHILL}]
    light_hills = position(hills, weather="light_rain", options={"or39_weather": True})
    assert cost_to(position(hills), "sov-a-9", HILLS) == 2
    assert cost_to(light_hills, "sov-a-9", HILLS) == 3


def test_light_rain_shortens_supply_lanes_to_two() -> None:  # 39.0
    units = [{"id": "ger-c-i", "hex": "Pskov"}]
    light = position(units, side="axis", weather="light_rain", options={"or39_weather": True})
    good = position(units, side="axis")
    assert compute(good.state, "axis").lane == 3
    assert compute(light.state, "axis").lane == 2


def test_italian_cavalry_pays_one_mp_for_a_clear_hex() -> None:  # 14.0, rules it-2.x
    units = [{"id": "sov-cc-2", "hex": STEPPE}]
    board = position(units).state.w.board
    clear = next(
        board.id_of(n) for n in board.adjacency[board.node(STEPPE)] if board.terrain[n] == "clear"
    )
    english = position(units, weather="rain", options={"or14_terrain": True})
    italian = position(units, weather="rain", options={"or14_terrain": True, "rules": "it-2.x"})
    assert cost_to(english, "sov-cc-2", clear) == 2
    assert cost_to(italian, "sov-cc-2", clear) == 1
    # Hills still cost the cavalry two (not one) in Italian 2.x.
    hills = [{"id": "sov-cc-2", "hex": FOOTHILL}]
    it_hills = position(hills, weather="rain", options={"or14_terrain": True, "rules": "it-2.x"})
    assert cost_to(it_hills, "sov-cc-2", HILLS) == 2
