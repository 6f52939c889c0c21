"""The rulebook versions (option ``rules``): each difference of data/versions.toml that the
rules read, shown on a position of the real map under English 3.00 and under the version
that plays it otherwise (issue 20). Every test fails if the switch is ignored."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.games.bite import versions
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.basics import is_frozen, zoc_map
from hexfront.games.bite.rules.combat import one_round_only
from hexfront.games.bite.rules.retreat import ground_retreat_hexes, may_retreat
from hexfront.games.bite.rules.siege import may_attack_desperately, siege_supplied
from hexfront.games.bite.rules.supply import UNREACHED, compute, is_supplied
from hexfront.games.bite.state import BiteState

from .helpers import act, args_of, at_prompt, drive, pass_action

GAME = Bite()
EN: dict[str, Any] = {}
IT = {"rules": "it-2.x"}
ES = {"rules": "es-2.x"}
RULES = Path(__file__).parents[2] / "src" / "hexfront" / "games" / "bite" / "rules"


def position(
    options: dict[str, Any],
    units: list[dict[str, Any]],
    *,
    scenario: str = "SBE4",
    turn: int = 2,
    side: str = "axis",
    phase: str = "movement",
    **extra: Any,
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": scenario,
            "turn": turn,
            "side": side,
            "phase": phase,
            "reinforcements": False,
            "unit": units,
            "options": options,
            **extra,
        },
    )


def fires(m: Match[BiteState], step: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == "fire" and e.data["step"] == step]


# --- the data file -----------------------------------------------------------------------


def test_every_difference_is_named_once_with_its_rule_and_words() -> None:
    text = resources.files("hexfront.games.bite").joinpath("data/versions.toml").read_text()
    raw = tomllib.loads(text)
    flags = [d["flag"] for d in raw["difference"]]
    assert len(flags) == len(set(flags))
    assert len(flags) >= 20
    for d in versions.differences():
        assert re.fullmatch(r"[a-z0-9_]+", d.flag)
        assert d.rule
        assert d.layer in {"basic", "advanced", "optional", "scenario"}
        assert d.versions
        assert "en-3.00" not in d.versions
        assert len(d.description) > 20
    assert all(r["rule"] and r["description"] for r in raw["reading"])


def test_english_turns_no_switch_on_and_a_wrong_name_is_an_error() -> None:
    for flag in versions.flags():
        assert not versions.differs(EN, flag)
        assert not versions.differs({"rules": "en-3.00"}, flag)
    assert versions.differs(IT, "disband_without_pp")
    assert not versions.differs(ES, "disband_without_pp")
    assert versions.differs(ES, "red_arrow_lane_plain")
    with pytest.raises(KeyError):
        versions.differs(IT, "disband_for_free")


def test_the_switches_marked_honoured_are_the_ones_the_rules_read() -> None:
    code = "\n".join(p.read_text() for p in RULES.parent.rglob("*.py"))
    read = {f for f in versions.flags() if f'"{f}"' in code}
    honoured = {d.flag for d in versions.differences() if d.honoured}
    assert read <= honoured, (
        f"the rules read {sorted(read - honoured)}: mark them honoured = true in "
        "data/versions.toml (and their rows in docs/rules-coverage.md done)"
    )
    assert honoured <= read, f"marked honoured but read nowhere: {sorted(honoured - read)}"


# --- 3.21 frozen units ----------------------------------------------------------------------


def test_a_frozen_unit_attacked_unfreezes_in_the_italian_rules() -> None:
    # June 1941 (turn 1) in SBE4: the German XXX Corps in Romania is frozen. A Soviet
    # army walks into its hex and attacks it.
    def retreat_offered(options: dict[str, Any]) -> bool:
        m = position(
            options,
            [{"id": "ger-c-xxx", "hex": "3930"}, {"id": "sov-a-9", "hex": "3930"}],
            turn=1,
            side="soviet",
            phase="combat",
            dice=[1] * 40,  # nobody hits in the first round
        )
        corps = m.state.pieces["ger-c-xxx"]
        assert is_frozen(m.state, corps)
        act(m, "soviet", "fight", hex="3930")
        d = GAME.decision(m.state)
        offered = d is not None and d.prompt.kind == "retreat" and d.prompt.side == "axis"
        if offered:
            assert m.state.turn == 1
            assert not is_frozen(m.state, corps)
            assert may_retreat(m.state, corps)
        return offered

    assert not retreat_offered(EN)  # frozen, it stands and fights to the end
    assert retreat_offered(IT)


# --- 4.0 supply status -------------------------------------------------------------------------


def test_supply_is_checked_again_before_the_blitz_in_the_italian_rules() -> None:
    # A Soviet army stands at Breslau, far behind the Axis lines, without a barrel: its
    # Supply Phase found it supplied, and it has been cut off since. 3.00 keeps that
    # status until the exploitation; the Italian rules check it again before the Blitz,
    # and the barrel goes on in the log.
    def marked(options: dict[str, Any]) -> list[object]:
        # The position starts in the Combat Phase; with no battle to fight, the game runs
        # on to the next turn at once.
        m = position(options, [{"id": "sov-a-9", "hex": "Breslau"}], side="soviet", phase="combat")
        log = m.state.log
        end = next(i for i, e in enumerate(log) if e.kind == "turn" and e.data["turn"] == 3)
        said = {"out_of_supply": "hexes", "surrender": "hex"}
        return [e.data[said[e.kind]] for e in log[:end] if e.kind in said]

    cut = position(EN, [{"id": "sov-a-9", "hex": "Breslau"}], side="soviet")
    assert not is_supplied(cut.state, cut.state.pieces["sov-a-9"], compute(cut.state, "soviet"))
    breslau = position(EN, []).state.w.board.id_of(position(EN, []).state.w.board.node("Breslau"))
    assert marked(EN) == []
    # Italian 2.x: the barrel goes on before the Blitz, and the army surrenders at the
    # Final Supply Phase (7.9).
    assert marked(IT) == [[breslau], breslau]


# --- 5.6, 5.7 Romania and Hungary -----------------------------------------------------------


def test_romanian_and_hungarian_lanes_keep_out_of_each_other_in_the_italian_rules() -> None:
    units = [{"id": "rom-c-iii", "hex": "Bucharest"}, {"id": "hun-c-iii", "hex": "Budapest"}]
    en = compute(position(EN, units).state, "axis")
    it = compute(position(IT, units).state, "axis")
    board = position(EN, units).state.w.board
    hungarian = board.node("1630")  # a Hungarian hex next to Romania
    romanian = board.node("2432")  # a Romanian hex next to Hungary
    assert board.owner_1941[hungarian] == "hungary"
    assert board.owner_1941[romanian] == "romania"
    assert en.cost["romania"][hungarian] != UNREACHED
    assert it.cost["romania"][hungarian] == UNREACHED
    assert en.cost["hungary"][romanian] != UNREACHED
    assert it.cost["hungary"][romanian] == UNREACHED


# --- 6.3.2 strategic bombers ---------------------------------------------------------------


def test_strategic_bombers_bomb_in_every_round_in_the_italian_rules() -> None:
    # The 1st Long-Range Bomber Corps strikes the German 4th Army's guns on the steppe
    # (tests/bite/test_combat_fixes.py, after the 6.1.4 example); nobody hits.
    def bombs(options: dict[str, Any]) -> list[int]:
        m = position(
            options,
            [{"id": "ger-a-4", "hex": "3930"}, {"id": "sov-add-1", "hex": "Millerovo"}],
            side="soviet",
            dice=[1] * 200,
        )
        assert one_round_only(m.state, m.state.pieces["sov-add-1"]) is (options == EN)
        act(m, "soviet", "end_ground")
        act(m, "soviet", "fly", unit="sov-add-1", to="3930")
        drive(m, at_prompt("choose_battle", "soviet"))
        act(m, "soviet", "fight", hex="3930")
        drive(m, lambda x: len(fires(x, "aa")) >= 3)  # round 3 has begun
        return [f["round"] for f in fires(m, "a2g")]

    assert bombs(EN) == [1]
    assert bombs(IT)[:2] == [1, 2]


# --- 7.3.1 placement, 7.3.4 disbanding ------------------------------------------------------


def test_new_units_are_placed_in_major_cities_only_in_the_italian_rules() -> None:
    def places(options: dict[str, Any]) -> set[object]:
        m = position(
            options,
            [{"id": "sov-a-9", "status": "eliminated"}, {"id": "sov-a-12", "hex": "Moscow"}],
            side="soviet",
            phase="production",
            pp={"ussr": 20},
        )
        return args_of(m, "soviet", "rebuild", "hex")

    en, it = places(EN), places(IT)
    assert {"Sevastopol", "Oranienbaum"} <= {_name(h) for h in en}
    assert not {"Sevastopol", "Oranienbaum"} & {_name(h) for h in it}
    assert "Leningrad" in {_name(h) for h in it}  # a major city the map draws as a fortress
    assert set(it) < set(en)


def _name(hex_id: object) -> str:
    board = position(EN, []).state.w.board
    site = board.sites.get(board.node(str(hex_id)))
    return site.name if site else str(hex_id)


def test_disbanding_gives_no_pp_in_the_italian_rules() -> None:
    def pp_back(options: dict[str, Any]) -> int:
        m = position(
            options, [{"id": "sov-a-9", "hex": "Moscow"}], side="soviet", phase="production"
        )
        before = m.state.pp_next.get("ussr", 0)
        act(m, "soviet", "disband", unit="sov-a-9")
        return m.state.pp_next.get("ussr", 0) - before

    assert pp_back(EN) == 1
    assert pp_back(IT) == 0


# --- 7.5.5 red arrows ------------------------------------------------------------------------


def test_a_lane_across_a_red_arrow_counts_one_hex_in_the_older_rules() -> None:
    # From Murmansk, a Soviet supply source, across the red arrow to the Petsamo box and
    # on to hex 3002: 3 hexes of lane for the crossing under 3.00 (the lane of 3 ends
    # there), 1 under the 2.x rules.
    def cost(options: dict[str, Any], where: str) -> int:
        m = position(options, [{"id": "sov-a-14", "hex": "Murmansk"}], side="soviet")
        node = m.state.w.board.node(where)
        return compute(m.state, "soviet").cost["ussr"][node]

    assert cost(EN, "PETSAMO") == UNREACHED
    assert cost(ES, "PETSAMO") == 1
    assert cost(IT, "PETSAMO") == 1
    assert cost(EN, "3002") == UNREACHED
    assert cost(ES, "3002") == 2


# --- 7.7.3.1 grounded bombers ----------------------------------------------------------------


def test_bombers_based_in_the_battle_hex_stay_grounded_in_every_round_in_the_italian_rules() -> (
    None
):
    # A German bomber corps based at Minsk, held by the Axis, is attacked by a Soviet army
    # with fighter cover. 3.00: the bombers stay on the ground in the first air-to-air
    # round only, then fire (German bombers have air-to-air fire); Italian 2.x: never.
    def bomber_shots(options: dict[str, Any]) -> int:
        m = position(
            options,
            [
                {"id": "ger-fk-ii", "hex": "Minsk"},
                {"id": "ger-c-xii", "hex": "Minsk"},
                {"id": "sov-a-13", "hex": "Minsk"},
                {"id": "sov-vvs-w-f", "hex": "Mogilev"},
            ],
            side="soviet",
            control={"axis": ["Minsk"]},
            dice=[1] * 400,
        )
        act(m, "soviet", "end_ground")
        act(m, "soviet", "fly", unit="sov-vvs-w-f", to="2622")  # Minsk
        drive(m, at_prompt("choose_battle", "soviet"))
        act(m, "soviet", "fight", hex="2622")
        drive(m, lambda x: bool(fires(x, "aa")))
        a2a = fires(m, "a2a")
        assert any(f["unit"] == "sov-vvs-w-f" for f in a2a)
        return sum(1 for f in a2a if f["unit"] == "ger-fk-ii")

    assert bomber_shots(EN) > 0
    assert bomber_shots(IT) == 0


# --- BOX 1 river crossings ---------------------------------------------------------------------


def test_the_river_malus_lasts_every_round_in_the_italian_rules() -> None:
    # XII Corps crosses the Berezina (2721 to 2621) into a Soviet army; all dice miss.
    def mali(options: dict[str, Any]) -> tuple[int, int]:
        m = position(
            options,
            [{"id": "ger-c-xii", "hex": "2721"}, {"id": "sov-a-13", "hex": "2621"}],
            dice=[1] * 200,
        )
        act(m, "axis", "move", unit="ger-c-xii", to="2621")
        drive(m, at_prompt("choose_battle", "axis"))
        act(m, "axis", "fight", hex="2621")
        drive(m, lambda x: len([f for f in fires(x, "ground") if f["round"] == 2]) >= 2)
        mine = [f for f in fires(m, "ground") if f["unit"] == "ger-c-xii"]
        return mine[0]["mali"], mine[1]["mali"]

    first, second = mali(EN)
    assert first == second + 1  # 3.00: the crossing counts in round 1 only
    assert mali(IT) == (first, first)


# --- 7.7.13 air units leaving a battle ---------------------------------------------------------


def test_air_units_leave_only_after_air_or_ground_combat_in_the_italian_rules() -> None:
    def air_exits_before_bombing(options: dict[str, Any]) -> int:
        m = position(
            options,
            [{"id": "ger-a-4", "hex": "3930"}, {"id": "sov-add-1", "hex": "Millerovo"}],
            side="soviet",
            dice=[1] * 100,
        )
        act(m, "soviet", "end_ground")
        act(m, "soviet", "fly", unit="sov-add-1", to="3930")
        drive(m, at_prompt("choose_battle", "soviet"))
        act(m, "soviet", "fight", hex="3930")
        offers = 0
        while not fires(m, "a2g"):
            d = GAME.decision(m.state)
            assert d is not None
            if d.prompt.kind == "retreat":
                offers += 1
            m.act(pass_action(m.legal_actions(d.prompt.side)))
        return offers

    assert air_exits_before_bombing(EN) >= 1  # after the AA fire
    assert air_exits_before_bombing(IT) == 0


# --- 7.7.14 retreat destination ----------------------------------------------------------------


def test_a_retreat_goes_only_into_own_hexes_in_the_italian_rules() -> None:
    # A Soviet army attacked on the steppe at 3930; 3830, west of it, is empty but held by
    # the Axis.
    def hexes(options: dict[str, Any]) -> set[str]:
        m = position(
            options,
            [{"id": "sov-a-9", "hex": "3930"}, {"id": "ger-c-i", "hex": "3930"}],
            control={"axis": ["3830"]},
        )
        board = m.state.w.board
        found = ground_retreat_hexes(m.state, m.state.pieces["sov-a-9"], board.node("3930"))
        return {board.id_of(n) for n in found}

    en, it = hexes(EN), hexes(IT)
    assert "3830" in en
    assert "3830" not in it
    assert it == en - {"3830"}


# --- 3.19, 8.0 zones of control --------------------------------------------------------------


def test_no_zone_of_control_across_a_frozen_river_in_the_italian_rules() -> None:
    # The Berezina runs between 2721 and 2621; snow freezes it (9.3).
    def zone(options: dict[str, Any]) -> int:
        m = position(options, [{"id": "ger-c-xii", "hex": "2721"}], scenario="SBE5", weather="snow")
        board = m.state.w.board
        return zoc_map(m.state, "axis", ground_only=True)[board.node("2621")]

    assert zone(EN) == 1
    assert zone(IT) == 0


# --- 12.1 siege capacity, 12.4 desperate attacks -------------------------------------------------


def test_a_besieged_port_keeps_every_unit_supplied_in_the_italian_rules() -> None:
    # Two Soviet armies cut off in Kerch, a minor port (one place under 3.00).
    def kept(options: dict[str, Any]) -> int:
        units: list[dict[str, Any]] = [
            {"id": "sov-a-9", "hex": "Kerch", "out_of_supply": True},
            {"id": "sov-a-12", "hex": "Kerch", "out_of_supply": True},
            {"id": "ger-c-i", "hex": "3436"},
            {"id": "ger-c-ii", "hex": "3636"},
        ]
        m = position(options, units, scenario="SBE5", side="soviet")
        cut = [m.state.pieces["sov-a-9"], m.state.pieces["sov-a-12"]]
        return len(siege_supplied(m.state, cut))

    assert kept(EN) == 1
    assert kept(IT) == 2


def test_armour_attacks_desperately_only_from_tech_3_in_the_italian_rules() -> None:
    # A cut-off German panzer corps in July 1941: armour is at TECH 2.
    def may(options: dict[str, Any]) -> bool:
        m = position(
            options, [{"id": "ger-pz-xxxix", "hex": "3930", "out_of_supply": True}], scenario="SBE5"
        )
        piece = m.state.pieces["ger-pz-xxxix"]
        assert m.state.profile(piece).tech == 2
        return may_attack_desperately(m.state, piece)

    assert may(EN)
    assert not may(IT)


# --- SBE7 victory ------------------------------------------------------------------------------


def test_a_bridgehead_of_any_size_wins_operation_citadel_in_the_italian_booklet() -> None:
    # Two supplied Soviet armies on the Dniepr's west bank next to Kiev at the end of
    # November 1943 (turn 30): 3.00 asks for four (tests/bite/test_long_victory.py).
    def outcome(options: dict[str, Any]) -> str:
        m = position(
            options,
            [{"id": "sov-a-8", "hex": "2827"}, {"id": "sov-a-13", "hex": "2828"}],
            scenario="SBE7",
            turn=30,
            side="soviet",
            phase="exploitation",
        )
        drive(m, lambda x: x.is_over())
        assert m.state.result is not None
        return str(m.state.result["outcome"])

    assert outcome(EN) == "draw"
    assert outcome(IT) == "soviet victory"


# --- 11.0 marines ---------------------------------------------------------------------------


def test_marines_are_repaired_with_yellow_pp_only_in_the_italian_rules() -> None:
    # The Baltic Fleet's naval infantry at Leningrad, one step down, in the Soviet Production
    # Phase of July 1941: the repair's price beside its yellow PP.
    def repairs(options: dict[str, Any]) -> list[dict[str, Any]]:
        m = position(
            options,
            [{"id": "sov-ni-baltic", "hex": "Leningrad", "strength": 2}],
            scenario="SBE5",
            side="soviet",
            phase="production",
            pp={"ussr": 20},
        )
        return [
            dict(a.args)
            for a in m.legal_actions("soviet")
            if a.verb == "repair" and a.args.get("unit") == "sov-ni-baltic"
        ]

    assert repairs(EN) == [{"unit": "sov-ni-baltic", "pp": 2, "colour": "white"}]
    assert repairs(IT) == [{"unit": "sov-ni-baltic", "pp": 2}]  # yellow only


# --- the short scenarios -------------------------------------------------------------------


def test_the_short_scenarios_have_no_slovaks_nor_rhg_in_the_italian_booklet() -> None:
    # With every optional rule, 27.0 brings the Slovak corps and the rear-area security
    # corps (RHG); the Italian booklet plays SBE1-SBE4 without them, not SBE5.
    def rule_27_blocks(scenario: str, options: dict[str, Any]) -> set[str]:
        state = GAME.setup(scenario, {"optional_rules": "all", **options}, 1)
        return {
            p.uid
            for p in state.pieces.values()
            if p.status != "off" and (state.spec(p).nation == "slovakia" or "-rhg-" in p.uid)
        }

    assert {"slo-c-1", "slo-c-2", "ger-rhg-nord"} <= rule_27_blocks("SBE4", EN)
    assert rule_27_blocks("SBE4", IT) == set()
    assert rule_27_blocks("SBE5", IT) == rule_27_blocks("SBE5", EN) != set()


# --- SBE6 setup ----------------------------------------------------------------------------


def test_kerch_need_not_start_soviet_in_the_older_booklets() -> None:
    # 3.00's SBE6 says Kerch is Soviet-controlled: a Soviet deployment by hand must hold
    # it (rules/deploy.py, deployment.check_chart_deployment); the 2.x booklets say nothing.
    from hexfront.games.bite import deployment

    def must_hold(options: dict[str, Any]) -> tuple[str, ...]:
        rules = deployment.front_rules("SBE6", options)
        assert rules is not None
        return rules.soviet_places

    assert must_hold(EN) == ("Kerch",)
    assert must_hold(IT) == ()
    assert must_hold(ES) == ()
