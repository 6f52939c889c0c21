"""Advanced production of the Supreme HQs and of besieged Leningrad, on SBE5 positions.

* 13.8.2: the FHQ is repaired before any other unit in each Axis Production Phase.
* 13.8.1: the Stavka, bound to Moscow, comes back in Moscow while the Soviets hold it, and
  in Chelyabinsk once Moscow is lost (13.8.2: the FHQ only in Rastenburg).
* 12.3: while Leningrad is besieged and the Road of Life runs, the pocket's cut-off units
  are repaired, and units rebuilt in Leningrad, with Leningrad's own yellow and red PP only.

Every position starts at the Production Phase, so the phase's income comes from the map
(11.1, 11.2); the same blocks in SBE4 (basic rules) show the basic game left as it was.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import invariants
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import command, production, resources, siege
from hexfront.games.bite.rules.supply import compute, is_supplied
from hexfront.games.bite.state import BiteState

from .helpers import at_prompt, drive

GAME = Bite()


def production_at(
    side: str, units: list[dict[str, Any]], scenario: str = "SBE5", **extra: Any
) -> Match[BiteState]:
    base: dict[str, Any] = {
        "scenario": scenario,
        "turn": 2,
        "side": side,
        "phase": "production",
        "weather": "good",
        "reinforcements": False,
    }
    return Match.from_position(GAME, {**base, "unit": units, **extra})


def purse(m: Match[BiteState], power: str) -> dict[str, int]:
    out = {"yellow": m.state.pp.get(power, 0)}
    for colour in resources.COLOURS:
        out[colour] = resources.coloured(m.state, power, colour)
    return out


def offers(m: Match[BiteState], side: str, verb: str, unit: str) -> list[Action]:
    return [a for a in m.legal_actions(side) if a.verb == verb and a.args.get("unit") == unit]


def strength(m: Match[BiteState], uid: str) -> int:
    return m.state.strength(m.state.pieces[uid])


def hex_of(m: Match[BiteState], place: str) -> str:
    board = m.state.w.board
    return board.id_of(board.node(place))


# --- 13.8.2: the FHQ is repaired first -------------------------------------------------------

FHQ = "ger-fhq"
INFANTRY: dict[str, Any] = {"id": "ger-c-xii", "hex": "Konigsberg", "strength": 2}


def test_the_fhq_is_repaired_to_full_strength_before_any_choice() -> None:
    # The FHQ lost three steps (deactivated three times, 13.6). Its steps cost 2 PP each
    # (white numbers, 7.3), paired with black PP (11.0: every HQ step pairs with oil).
    whole = production_at("axis", [{"id": FHQ, "hex": "Rastenburg"}, INFANTRY])
    hurt = production_at("axis", [{"id": FHQ, "hex": "Rastenburg", "strength": 1}, INFANTRY])
    assert strength(whole, FHQ) == 4
    assert strength(hurt, FHQ) == 4  # repaired as the phase began: no choice offered
    paid = {k: purse(whole, "germany")[k] - purse(hurt, "germany")[k] for k in ("yellow", "black")}
    assert paid == {"yellow": 6, "black": 6}
    repairs = [e for e in hurt.state.log if e.kind == "repair"]
    assert [(e.data["unit"], e.data["strength"]) for e in repairs] == [
        (FHQ, 2),
        (FHQ, 3),
        (FHQ, 4),
    ]
    assert not offers(hurt, "axis", "repair", FHQ)  # nothing left to repair
    # The other units are repaired by choice, after it, from what is left.
    assert offers(hurt, "axis", "repair", INFANTRY["id"])


def test_an_fhq_step_germany_cannot_pay_blocks_nothing_else() -> None:
    # Turn 1: no income yet (the game starts in June), 10 yellow PP and no black one, so the
    # FHQ's oil-paired step cannot be paid (design choice: the other repairs go on).
    m = production_at(
        "axis",
        [{"id": FHQ, "hex": "Rastenburg", "strength": 2}, INFANTRY],
        turn=1,
        pp={"germany": 10},
    )
    assert resources.coloured(m.state, "germany", "black") == 0
    assert strength(m, FHQ) == 2
    assert m.state.pp["germany"] == 10
    assert not offers(m, "axis", "repair", FHQ)
    assert offers(m, "axis", "repair", INFANTRY["id"])


def test_an_unsupplied_fhq_is_not_repaired_and_the_basic_game_never_repairs_it() -> None:
    cut = production_at(
        "axis", [{"id": FHQ, "hex": "Rastenburg", "strength": 1, "out_of_supply": True}]
    )
    assert strength(cut, FHQ) == 1  # 4.4: only supplied units are repaired
    basic = production_at(
        "axis", [{"id": FHQ, "hex": "Rastenburg", "strength": 1}], scenario="SBE4"
    )
    assert strength(basic, FHQ) == 1
    assert offers(basic, "axis", "repair", FHQ)  # a choice, as for any block (7.3)


def test_only_the_fhq_is_repaired_first() -> None:
    assert command.supreme_rules(FHQ).repair_first
    assert not command.supreme_rules("sov-stavka").repair_first
    m = production_at("soviet", [{"id": "sov-stavka", "hex": "Moscow", "strength": 2}])
    assert strength(m, "sov-stavka") == 2
    assert offers(m, "soviet", "repair", "sov-stavka")


# --- 13.8.1, 13.8.2: Supreme HQs come back only at their place ---------------------------------

STAVKA = "sov-stavka"
MOSCOW_LOST = [
    {"id": STAVKA, "status": "eliminated"},
    {"id": "ger-c-i", "hex": "Moscow"},
    {"id": "sov-a-23", "hex": "Tula"},
]


def test_the_stavka_comes_back_in_moscow_while_the_soviets_hold_it() -> None:
    m = production_at("soviet", [{"id": STAVKA, "status": "eliminated"}, MOSCOW_LOST[2]])
    where = {str(a.args["hex"]) for a in offers(m, "soviet", "rebuild", STAVKA)}
    assert where == {hex_of(m, "Moscow")}
    # Another HQ is rebuilt in any city that may take it (7.3.1).
    other = production_at("soviet", [{"id": "sov-a-23", "status": "eliminated"}])
    assert len({a.args["hex"] for a in offers(other, "soviet", "rebuild", "sov-a-23")}) > 10


def test_the_stavka_comes_back_in_chelyabinsk_once_moscow_is_lost() -> None:  # 13.8.1
    m = production_at("soviet", MOSCOW_LOST)
    s = m.state
    [rebuild] = offers(m, "soviet", "rebuild", STAVKA)
    assert rebuild.args["hex"] == hex_of(m, "Chelyabinsk")
    chelyabinsk = s.w.board.node("Chelyabinsk")
    assert not s.w.board.playable[chelyabinsk]  # a partial hex on this map (7.5.4)
    m.act(rebuild)
    stavka = s.pieces[STAVKA]
    assert (stavka.status, stavka.node) == ("map", chelyabinsk)
    assert strength(m, STAVKA) == 1  # rebuilt at its lowest strength (7.3)
    assert command.locked_in_place(s, stavka)  # it never moves from there
    assert is_supplied(s, stavka, compute(s, "soviet"))  # Chelyabinsk reaches Siberia by rail
    assert invariants.check(GAME, s) == []  # the one block allowed in a partial hex


def test_no_stavka_while_neither_moscow_nor_chelyabinsk_is_open() -> None:
    # Chelyabinsk held by the Axis too (a test position: no unit can reach it).
    m = production_at("soviet", MOSCOW_LOST, control={"axis": ["Chelyabinsk"]})
    assert not offers(m, "soviet", "rebuild", STAVKA)


def test_the_fhq_comes_back_only_in_rastenburg() -> None:  # 13.8.2
    m = production_at("axis", [{"id": FHQ, "status": "eliminated"}])
    where = {str(a.args["hex"]) for a in offers(m, "axis", "rebuild", FHQ)}
    assert where == {hex_of(m, "Rastenburg")}
    # In the basic game the Supreme HQs have no place of their own (7.3.1 only).
    basic = production_at("axis", [{"id": FHQ, "status": "eliminated"}], scenario="SBE4")
    assert hex_of(m, "Rastenburg") not in {
        a.args["hex"] for a in offers(basic, "axis", "rebuild", FHQ)
    }


# --- 12.3: besieged Leningrad builds with its own PP --------------------------------------------

# Every land hex around Leningrad (3013) and Oranienbaum (2914) held by a German corps, and
# Tallinn in Axis hands, so that the city is no supply source by rail or sea; Volkhov (3213)
# still reaches Siberia by Soviet railway: the Road of Life runs.
RING = ["3012", "2913", "2814", "3014", "3114", "2915"]
BESIEGERS = [
    {"id": uid, "hex": h}
    for uid, h in zip(
        ["ger-c-i", "ger-c-ii", "ger-c-x", "ger-c-xxvi", "ger-c-xxviii", "ger-c-xxxviii"],
        RING,
        strict=True,
    )
]
GARRISON = {"id": "sov-a-8", "hex": "Leningrad", "strength": 1, "out_of_supply": True}
FAR_AWAY = {"id": "sov-a-23", "hex": "Moscow"}  # keeps the Soviet front alive (3.1)
# The railway from East Prussia to Narva (2814) in Axis hands, so that the besiegers are
# supplied (4.2) and still there a turn later.
RAILWAY = ["2219", "2319", "2418", "2417", "2517", "2616", "2615", "2614", "2714"]
SIEGE = {"control": {"axis": [*RING, *RAILWAY, "Tallinn"]}}


def besieged(units: list[dict[str, Any]], **extra: Any) -> Match[BiteState]:
    return production_at("soviet", [*BESIEGERS, FAR_AWAY, *units], **{**SIEGE, **extra})


def test_the_position_is_a_siege_with_the_road_of_life() -> None:
    m = besieged([GARRISON])
    s = m.state
    assert siege.leningrad_builds_alone(s) == s.w.board.node("Leningrad")
    assert siege.in_fortress_supply(s, s.pieces["sov-a-8"])
    assert production.leningrad_budget(s) == {"yellow": 2, "red": 3}  # 11.1, 11.2: its output


def test_besieged_leningrad_repairs_only_with_its_own_yellow_pp() -> None:
    m = besieged([GARRISON])
    pool = m.state.pp["ussr"]
    assert pool > 10  # the Soviet pool is rich ...
    for want in (2, 3):  # ... but the pocket has Leningrad's 2 yellow PP (infantry: 1 a step)
        [repair] = offers(m, "soviet", "repair", "sov-a-8")
        assert repair.args["pp"] == 1
        m.act(repair)
        assert strength(m, "sov-a-8") == want
    assert not offers(m, "soviet", "repair", "sov-a-8")  # 2 PP spent: no third step
    assert production.leningrad_budget(m.state) == {"yellow": 0, "red": 3}
    assert m.state.pp["ussr"] == pool - 2  # paid from the pool, of which they are part


def test_a_unit_is_rebuilt_in_besieged_leningrad_on_its_own_pp() -> None:
    m = besieged([{"id": "sov-a-11", "status": "eliminated"}])
    leningrad = hex_of(m, "Leningrad")
    rebuilds = offers(m, "soviet", "rebuild", "sov-a-11")
    assert leningrad in {a.args["hex"] for a in rebuilds}
    assert len(rebuilds) > 1  # the other cities, on the whole pool, as ever (7.3.1)
    [there] = [a for a in rebuilds if a.args["hex"] == leningrad]
    m.act(there)
    budget = production.leningrad_budget(m.state)
    assert budget is not None
    assert budget["yellow"] == 2 - int(str(there.args["pp"]))


def test_armour_waits_until_leningrad_has_saved_its_price_then_pays_red_too() -> None:
    # A tank corps step costs 3 yellow and 3 red PP (11.0); Leningrad makes 2 yellow and
    # 3 red a turn, kept while the siege lasts (design choice): not this turn, but the next.
    tank = {"id": "sov-mc-1", "status": "eliminated"}
    m = besieged([GARRISON, tank])
    leningrad = hex_of(m, "Leningrad")
    assert leningrad not in {a.args["hex"] for a in offers(m, "soviet", "rebuild", "sov-mc-1")}
    # Nothing is spent; the Axis turn and the rest of the Soviet turn pass by.
    m.act(Action("soviet", "done", {}))
    drive(m, at_prompt("production", "soviet"), limit=2000)
    s = m.state
    assert s.turn == 3
    assert s.pieces["sov-a-8"].status == "map"  # 12.3: no step lost, no surrender
    budget = production.leningrad_budget(s)
    assert budget == {"yellow": 4, "red": 6}
    there = [a for a in offers(m, "soviet", "rebuild", "sov-mc-1") if a.args["hex"] == leningrad]
    assert len(there) == 1
    assert (there[0].args["pp"], there[0].args["colour"]) == (3, "red")
    m.act(there[0])
    assert production.leningrad_budget(s) == {"yellow": 1, "red": 3}


def test_snow_shuts_the_road_to_leningrads_pp() -> None:
    # 12.3: the Road of Life supplies the pocket in snow too, but its PP cannot cross the
    # frozen lake (11.2): the pocket has nothing to spend.
    m = besieged([GARRISON], weather="snow")
    s = m.state
    assert siege.in_fortress_supply(s, s.pieces["sov-a-8"])
    assert production.leningrad_budget(s) == {"yellow": 0, "red": 0}
    assert not offers(m, "soviet", "repair", "sov-a-8")


def test_without_the_road_of_life_or_a_siege_the_pocket_rules_are_off() -> None:
    # Volkhov taken: siege supply (12.1), no repairs at all.
    cut = besieged([GARRISON], control={"axis": [*RING, *RAILWAY, "Tallinn", "Volkhov"]})
    assert siege.leningrad_builds_alone(cut.state) is None
    assert production.leningrad_budget(cut.state) is None
    assert not offers(cut, "soviet", "repair", "sov-a-8")
    # No siege: a supplied garrison is repaired from the whole pool.
    free = production_at("soviet", [{**GARRISON, "out_of_supply": False}, FAR_AWAY])
    assert production.leningrad_budget(free.state) is None
    for _ in range(3):
        [repair] = offers(free, "soviet", "repair", "sov-a-8")
        free.act(repair)
    assert strength(free, "sov-a-8") == 4
    # The basic game has no fortress supply: the cut-off garrison is never repaired.
    basic = production_at("soviet", [*BESIEGERS, FAR_AWAY, GARRISON], scenario="SBE4", **SIEGE)
    assert production.leningrad_budget(basic.state) is None
    assert not offers(basic, "soviet", "repair", "sov-a-8")
