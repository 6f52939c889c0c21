"""Advanced production (11.0-11.3) on SBE5 positions of the real map.

Every position starts at the Production Phase, so the phase's income is collected from the
map as the game would (11.1, 11.2); the same blocks in SBE4 (basic rules) show that the
basic game is left as it was. The expected incomes are the scenario booklet's (SBE5).
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import resources

GAME = Bite()
# The booklet's income words and the PP colours (11.0).
COLOUR_OF = {"yellow": "yellow", "armor": "red", "air": "blue", "oil": "black"}


def production(
    scenario: str, side: str, units: list[dict[str, Any]] | None = None, **extra: Any
) -> Match[Any]:
    base: dict[str, Any] = {"scenario": scenario, "turn": 2, "side": side, "phase": "production"}
    base.setdefault("weather", "good")
    return Match.from_position(GAME, {**base, "unit": units or [], **extra})


def purse(m: Match[Any], power: str) -> dict[str, int]:
    """A power's PP as both players' views show them: yellow and the coloured pools."""
    view = m.view("axis")
    pp = view["pp"]
    assert isinstance(pp, dict)
    out = {"yellow": int(pp.get(power, 0))}
    flags = view["flags"]
    assert isinstance(flags, dict)
    pools = flags.get(resources.POOLS) or {}
    assert isinstance(pools, dict)
    for colour in resources.COLOURS:
        out[colour] = int(pools.get(power, {}).get(colour, 0))
    return out


def scenario_income(power: str) -> dict[str, int]:
    """SBE5's income of a power from the scenario data, in PP colours."""
    raw = forces.scenario("SBE5").income[power]
    out = dict.fromkeys(("yellow", *resources.COLOURS), 0)
    for word, amount in raw.items():
        out[COLOUR_OF[word]] = int(amount)
    return out


def actions(m: Match[Any], side: str, verb: str) -> list[Action]:
    return [a for a in m.legal_actions(side) if a.verb == verb]


def events(m: Match[Any], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


# --- 11.1, 11.2: the income comes from the map and ties to the scenario ------------------------


def test_sbe5_incomes_from_the_map_tie_to_the_booklet() -> None:
    axis = production("SBE5", "axis")
    for power in ("germany", "romania", "hungary"):
        got = purse(axis, power)
        want = scenario_income(power)
        assert got == want, power
    soviet = purse(production("SBE5", "soviet"), "ussr")
    want = scenario_income("ussr")
    # The booklet gives no white PP; the Soviet shipyards make them (11.2), for marines.
    assert {k: v for k, v in soviet.items() if k != "white"} == {
        k: v for k, v in want.items() if k != "white"
    }
    assert soviet["white"] == 4


def test_basic_scenarios_keep_yellow_figures_and_no_pools() -> None:
    m = production("SBE4", "axis")
    assert resources.POOLS not in m.state.flags
    assert m.state.pp["germany"] == forces.scenario("SBE4").income["germany"]["yellow"]


# --- 11.0: pairing -----------------------------------------------------------------------------

PANZER = {"id": "ger-pz-xxxxi", "hex": "Konigsberg", "strength": 4}  # red steps: 3 PP each
PANZERGRUPPE = {"id": "ger-pzgr-4", "hex": "Tilsit", "strength": 3}  # an HQ: 3 PP each
INFANTRY = {"id": "ger-c-i", "hex": "Insterburg", "strength": 3}  # black steps: 1 PP


def test_an_armour_step_costs_yellow_and_red_alike() -> None:
    m = production("SBE5", "axis", [PANZER, INFANTRY])
    [repair] = [a for a in actions(m, "axis", "repair") if a.args["unit"] == PANZER["id"]]
    assert repair.args["pp"] == 3
    assert repair.args["colour"] == "red"
    before = purse(m, "germany")
    m.act(repair)
    after = purse(m, "germany")
    assert before["yellow"] - after["yellow"] == 3
    assert before["red"] - after["red"] == 3
    assert after["blue"] == before["blue"]
    assert after["black"] == before["black"]
    # 11.0: infantry pays yellow only
    [foot] = [a for a in actions(m, "axis", "repair") if a.args["unit"] == INFANTRY["id"]]
    assert "colour" not in foot.args
    m.act(foot)
    assert purse(m, "germany")["red"] == after["red"]
    assert purse(m, "germany")["yellow"] == after["yellow"] - 1


def test_no_red_pp_no_armour_repair() -> None:
    # Turn 1 has no income (it starts in July): 10 yellow PP and no red one.
    m = production("SBE5", "axis", [PANZER, INFANTRY], turn=1, pp={"germany": 10})
    repaired = {a.args["unit"] for a in actions(m, "axis", "repair")}
    assert repaired == {INFANTRY["id"]}
    # In the basic game the same yellow PP repair the panzers.
    basic = production("SBE4", "axis", [PANZER, INFANTRY], turn=1, pp={"germany": 10})
    assert {a.args["unit"] for a in actions(basic, "axis", "repair")} == repaired | {PANZER["id"]}


def test_hq_steps_are_paired_with_oil() -> None:
    m = production("SBE5", "axis", [PANZERGRUPPE])
    [repair] = actions(m, "axis", "repair")
    assert repair.args["colour"] == "black"
    m.act(repair)
    assert purse(m, "germany")["black"] == scenario_income("germany")["black"] - 3


def test_soviet_hqs_pay_no_oil_while_the_soviets_do_not_track_it() -> None:
    stavka = {"id": "sov-stavka", "hex": "Moscow", "strength": 3}
    m = production("SBE5", "soviet", [stavka])
    [repair] = actions(m, "soviet", "repair")
    assert "colour" not in repair.args


def test_a_second_armour_repair_waits_for_red_pp() -> None:
    other = {"id": "ger-pz-lvi", "hex": "Konigsberg", "strength": 4}
    m = production("SBE5", "axis", [PANZER, other])
    first = next(a for a in actions(m, "axis", "repair") if a.args["unit"] == PANZER["id"])
    m.act(first)  # the 3 red PP of the turn are spent
    assert not [a for a in actions(m, "axis", "repair") if a.args["unit"] == other["id"]]


# --- 11.2: saving ----------------------------------------------------------------------------------


def test_unpaired_coloured_pp_are_discarded_at_the_end_of_the_phase() -> None:
    m = production("SBE5", "axis")
    start = purse(m, "germany")
    assert sum(start[c] for c in resources.COLOURS) == 22  # 3 red, 9 blue, 10 black
    given = 0
    while given < 9:  # 5.2: Germany hands each ally up to 3 PP a turn
        aid = actions(m, "axis", "aid")
        assert aid, "Germany should still be able to aid an ally"
        m.act(aid[0])
        given += 1
    assert purse(m, "germany")["yellow"] == 24 - 9
    [done] = actions(m, "axis", "done")
    m.act(done)
    kept = purse(m, "germany")
    assert kept["yellow"] == 15
    # 22 coloured PP, 15 yellow to pair them with: 7 go, black first (data's order)
    assert sum(kept[c] for c in resources.COLOURS) == 15
    assert kept["red"] == 3
    assert kept["blue"] == 9
    assert kept["black"] == 3
    [lost] = [e for e in events(m, "pp_discarded") if e["power"] == "germany"]
    assert lost["black"] == 7
    assert lost["red"] == lost["blue"] == 0


def test_paired_coloured_pp_are_saved() -> None:
    m = production("SBE5", "soviet")
    before = purse(m, "ussr")
    m.act(actions(m, "soviet", "done")[0])
    assert purse(m, "ussr") == before  # 46 yellow carry all 17 coloured PP
    assert not events(m, "pp_discarded")


# --- 11.2: the connection to the main supply source ------------------------------------------------

KERCH_RAIL = "3436"  # Kerch's only railway leaves through this hex


def test_an_enemy_unit_on_the_railway_cuts_a_centre_off() -> None:
    blocker = [{"id": "ger-c-i", "hex": KERCH_RAIL}]
    m = production("SBE5", "soviet", blocker)
    assert purse(m, "ussr")["yellow"] == scenario_income("ussr")["yellow"] - 1  # Kerch 1 (11.1)
    [cut] = events(m, "resources_cut")
    assert cut["power"] == "ussr"
    assert cut["cities"] == ["Kerch", "Petsamo"]  # Petsamo never reaches Siberia (11.2 test)
    # Kerch is a minor port: its PP cannot go by sea instead (11.3 example).


def test_an_enemy_held_railway_hex_cuts_a_centre_off() -> None:
    m = production("SBE5", "soviet", control={"axis": [KERCH_RAIL]})
    assert purse(m, "ussr")["yellow"] == scenario_income("ussr")["yellow"] - 1


# The hexes around Leningrad and the Road of Life's far end held by the Axis: Leningrad's
# PP reach Siberia only by sea, from Leningrad to Tallinn across the mined Gulf of Finland.
LENINGRAD_RING = ["3012", "2913", "3113", "Oranienbaum", "3014", "3114", "Volkhov"]


def test_pp_shipped_across_mined_water_roll_a_die_each() -> None:
    # Leningrad makes 2 yellow, 3 red and 1 white PP: 6 dice; a 6 sinks one (11.3).
    safe = production("SBE5", "soviet", control={"axis": LENINGRAD_RING}, dice=[1] * 6)
    mined = production("SBE5", "soviet", control={"axis": LENINGRAD_RING}, dice=[6, 2, 6, 3, 4, 5])
    assert all("Leningrad" not in e["cities"] for e in events(safe, "resources_cut"))
    rolls = [e for e in mined.state.log if e.kind == "roll" and e.data["purpose"] == "mine_roll"]
    assert [len(r.data["dice"]) for r in rolls] == [6]
    got, lost = purse(safe, "ussr"), purse(mined, "ussr")
    assert sum(got.values()) - sum(lost.values()) == 2
    [sunk] = events(mined, "mine_loss")
    assert sunk["city"] == "Leningrad"
    assert sunk["pp"] == 2
    # Oranienbaum is in Axis hands: its shipyard is taken, so 1 white PP less (3.3).
    assert got["white"] == 3
    # One die a PP, in the order yellow, yellow, red, red, red, white: the 6s sink the
    # first yellow and the first red PP.
    assert got["yellow"] - lost["yellow"] == 1
    assert got["red"] - lost["red"] == 1
    assert lost["white"] == got["white"]


def test_frozen_sea_and_snow_close_every_route() -> None:
    m = production("SBE5", "soviet", control={"axis": LENINGRAD_RING}, weather="snow")
    [cut] = events(m, "resources_cut")
    assert "Leningrad" in cut["cities"]
    assert purse(m, "ussr")["red"] == scenario_income("ussr")["red"] - 3


def test_the_road_of_life_carries_leningrads_pp_without_a_mine_roll() -> None:
    ring = [h for h in LENINGRAD_RING if h != "Volkhov"]
    m = production("SBE5", "soviet", control={"axis": ring}, dice=[6] * 6)
    assert not events(m, "mine_loss")
    assert purse(m, "ussr")["red"] == scenario_income("ussr")["red"]


# --- 11.2: captured PP ----------------------------------------------------------------------------


def test_only_germany_collects_captured_centres() -> None:
    # Lvov (1 yellow) held by the Axis, rail-linked through Przemysl to Berlin.
    lvov = {"axis": ["Lvov", "Przemysl"]}
    axis = production("SBE5", "axis", control=lvov)
    assert purse(axis, "germany")["yellow"] == scenario_income("germany")["yellow"] + 1
    soviet = production("SBE5", "soviet", control=lvov)
    assert purse(soviet, "ussr")["yellow"] == scenario_income("ussr")["yellow"] - 1
    # The Soviets take Ploiesti: Romania loses its oil, the USSR gains nothing.
    ploiesti = {"soviet": ["Ploiesti"]}
    assert purse(production("SBE5", "axis", control=ploiesti), "romania")["black"] == 0
    assert purse(production("SBE5", "soviet", control=ploiesti), "ussr") == purse(
        production("SBE5", "soviet"), "ussr"
    )


def test_captured_factories_produce_nothing() -> None:
    # The June 1942 front (SBE6's start line): Kharkov and its tank works (2 red) are
    # Axis-held and rail-linked to Berlin; Germany gains their yellow PP, not the red (3.3).
    board = production("SBE5", "axis").state.w.board
    line = sorted(board.id_of(n) for n in board.zone("start_line_1942_axis"))
    assert board.node("Kharkov") in board.zone("start_line_1942_axis")
    m = production("SBE5", "axis", control={"axis": line})
    got = purse(m, "germany")
    assert got["red"] == scenario_income("germany")["red"]
    assert got["yellow"] > scenario_income("germany")["yellow"]


# --- 11.2: Axis minor powers build armour and air at home -----------------------------------------


def test_axis_minors_place_air_units_in_their_capital_without_a_factory() -> None:
    def where(scenario: str) -> set[str]:
        m = production(scenario, "axis")
        board = m.state.w.board
        return {
            board.id_of(board.node(str(a.args["hex"])))
            for a in actions(m, "axis", "place")
            if a.args["unit"] == "hun-af"
        }

    budapest = production("SBE5", "axis").state.w.board.node("Budapest")
    budapest_id = production("SBE5", "axis").state.w.board.id_of(budapest)
    assert budapest_id in where("SBE5")
    assert budapest_id not in where("SBE4")


# --- 5.2 with 11.0: German aid in coloured PP ----------------------------------------------------


def test_germany_gives_red_pp_so_a_romanian_armoured_division_can_be_repaired() -> None:
    tanks = {"id": "rom-arm-1", "hex": "Iasi", "strength": 2}  # a white step: 2 PP
    m = production("SBE5", "axis", [tanks])

    def romanian_repairs() -> list[Action]:
        return [a for a in actions(m, "axis", "repair") if a.args["unit"] == tanks["id"]]

    assert purse(m, "romania")["yellow"] == 2
    assert not romanian_repairs()  # 11.0: no red PP in Romania's purse
    for _ in range(2):
        red = [a for a in actions(m, "axis", "aid") if a.args == {"to": "romania", "colour": "red"}]
        m.act(red[0])
    assert purse(m, "germany")["red"] == scenario_income("germany")["red"] - 2
    assert purse(m, "romania")["red"] == 2
    [repair] = romanian_repairs()
    assert repair.args["colour"] == "red"
    m.act(repair)
    assert purse(m, "romania")["red"] == 0
    assert purse(m, "romania")["yellow"] == 0
    # 5.2: three PP a turn per ally, whatever their colour: one more, then no more
    to_romania = [a for a in actions(m, "axis", "aid") if a.args["to"] == "romania"]
    assert {a.args.get("colour") for a in to_romania} == {None, "red", "blue", "black"}
    m.act(to_romania[0])
    assert not [a for a in actions(m, "axis", "aid") if a.args["to"] == "romania"]


# --- the rulebook's own examples -------------------------------------------------------------------


def test_the_11_3_example_a_partisan_south_of_solone_ozero_cuts_kerch_off_from_berlin() -> None:
    # June 1942: the Axis holds the Crimea up to Kerch; Kerch (1 yellow, 11.1) reaches
    # Berlin by rail through Dzhankoy, the rail hex south of Solone Ozero.
    board = production("SBE5", "axis").state.w.board
    assert board.id_of(board.node("Dzhankoy")) == "3235"
    assert board.id_of(board.node("Solone Ozero")) == "3234"
    line = sorted(board.id_of(n) for n in board.zone("start_line_1942_axis"))
    held = {"axis": [*line, "Feodosia", "Kerch"]}
    free = production("SBE5", "axis", control=held)
    partisan = [{"id": "sov-rc-9s", "hex": "Dzhankoy"}]  # any Soviet block on the rail hex
    blocked = production("SBE5", "axis", partisan, control=held)
    assert purse(free, "germany")["yellow"] - purse(blocked, "germany")["yellow"] == 1
    [cut] = events(blocked, "resources_cut")
    assert "Kerch" in cut["cities"]  # a minor port: no way round by sea (11.3)


def test_the_rulebooks_production_examples_as_the_rules_read_them() -> None:
    state = production("SBE5", "axis").state
    board = state.w.board
    by_node = {c.node: c for c in resources.centres(state)}

    def centre(name: str) -> resources.Centre:
        return by_node[board.node(name)]

    assert centre("Leningrad").yellow == 2  # 11.1
    assert ("red", 3) in centre("Leningrad").factories  # 11.2
    assert ("blue", 3) in centre("Moscow").factories  # 11.2
    assert centre("Kerch").yellow == 1  # 11.1
    assert centre("Maykop").black == 5  # 11.1
    assert ("white", 1) in centre("Oranienbaum").factories  # 11.2
    assert ("black", 2) in centre("Police").factories  # 11.2: hydrogenation (Stettin's hex)
    assert centre("Police").owner == "germany"
    assert centre("Maykop").owner == "ussr"


# --- a whole game ----------------------------------------------------------------------------------


def test_a_random_sbe5_game_keeps_the_pools_whole_and_paired() -> None:
    """Every action of a random SBE5 game: no pool goes below zero, and each Production Phase
    ends with no more coloured PP saved than yellow ones to pair them with (11.2)."""
    import random

    rng = random.Random(5)
    m = Match(GAME, "SBE5", {}, 5)
    ended = 0
    while not m.is_over():
        side = m.active_sides()[0]
        choice = rng.choice(list(m.legal_actions(side)))
        closing = m.state.phase == "production" and choice.verb == "done"
        m.act(choice)
        for power, colours in resources.pools(m.state).items():
            assert min(colours.values()) >= 0, (power, colours)
            assert m.state.pp.get(power, 0) >= 0, power
        if closing:
            ended += 1
            for power, colours in resources.pools(m.state).items():
                if resources.side_of(power) == side:
                    assert sum(colours.values()) <= m.state.pp.get(power, 0), (power, colours)
    assert ended >= 10  # both sides' Production Phases of turns 1-6 (some may be skipped)
    assert events(m, "coloured_income")


def test_the_11_2_example_petsamos_nickel_is_captured_pp_for_germany() -> None:
    # The Petsamo box and Salla taken: the nickel (1 yellow) goes by the Finnish railways to
    # Helsinki and by ship across the mined Gulf of Finland to a German Baltic port (11.3).
    taken = {"axis": ["PETSAMO", "Salla"]}
    shipped = production("SBE5", "axis", control=taken, dice=[1])
    sunk = production("SBE5", "axis", control=taken, dice=[6])
    base = scenario_income("germany")["yellow"]
    assert purse(shipped, "germany")["yellow"] == base + 1
    assert purse(sunk, "germany")["yellow"] == base
    assert [e["city"] for e in events(sunk, "mine_loss")] == ["Petsamo"]
    # The Soviets hold the box at the start but have no railway from it to Siberia.
    soviet = production("SBE5", "soviet")
    assert events(soviet, "resources_cut") == [{"power": "ussr", "cities": ["Petsamo"]}]


def test_production_is_public_both_sides_see_the_coloured_pools() -> None:
    # As in the basic game, where both views show every power's PP: the pools are open.
    m = production("SBE5", "axis")
    seen = []
    for side in ("axis", "soviet"):
        flags = m.view(side)["flags"]
        assert isinstance(flags, dict)
        seen.append(flags[resources.POOLS])
    assert seen[0] == seen[1]
    assert seen[0]["germany"]["blue"] == scenario_income("germany")["blue"]
    # The Production Phase's prompt shows the phasing side its own pools only.
    prompt = GAME.decision(m.state)
    assert prompt is not None
    coloured = prompt.prompt.data["coloured"]
    assert isinstance(coloured, dict)
    assert set(coloured) == {"germany", "romania", "hungary"}
