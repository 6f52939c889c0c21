"""Optional rules 27.0 (garrisons), 28.0 (the Volkssturm) and 30.0 (the Chechen rising),
issue 20, on positions of the real map built with the public position builder."""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.optional_forces import (
    VOLKSSTURM_FLAG,
    chechen_turn,
    holds_turkish_border,
    turkish_border,
)
from hexfront.games.bite.rules.supply import mark_supply
from hexfront.games.bite.state import BiteState

from .helpers import move_targets

GAME = Bite()
NONE = {"optional_rules": "none"}
GARRISONS = {**NONE, "or27_garrisons": True}
VOLKSSTURM = {**NONE, "or28_volkssturm": True}
CHECHENS = {**NONE, "or30_chechens": True}
JULY_1944 = 38
CHECHEN = "ger-chechen"


def position(
    scenario: str,
    turn: int,
    side: str,
    phase: str,
    options: dict[str, Any],
    units: list[dict[str, Any]],
    control: dict[str, list[str]] | None = None,
) -> Match[BiteState]:
    pos: dict[str, Any] = {
        "scenario": scenario,
        "turn": turn,
        "side": side,
        "phase": phase,
        "reinforcements": False,
        "unit": units,
        "options": options,
    }
    if control:
        pos["control"] = control
    return Match.from_position(GAME, pos)


def offered(m: Match[BiteState], verb: str) -> list[dict[str, Any]]:
    side = m.state.phasing
    return [dict(a.args) for a in m.legal_actions(side) if a.verb == verb]


def place_of(m: Match[BiteState], hex_id: object) -> str:
    site = m.state.w.board.sites.get(m.state.w.board.node(str(hex_id)))
    return site.name if site else str(hex_id)


# --- 27.0 ------------------------------------------------------------------------------------


def test_the_garrison_rule_brings_the_rhg_and_slovak_corps_into_play() -> None:
    on = Match(GAME, "SBE5", GARRISONS, 1)
    off = Match(GAME, "SBE5", NONE, 1)
    board = on.state.w.board
    for uid in ("slo-c-1", "slo-c-2"):
        piece = on.state.pieces[uid]
        assert piece.status == "map"
        assert board.owner_1941[piece.node] == "slovakia"
        assert off.state.pieces[uid].status == "off"
    for uid in ("ger-rhg-nord", "ger-rhg-mitte", "ger-rhg-sued"):
        assert on.state.pieces[uid].status == "pool"  # they arrive in July 1941
        assert on.state.pieces[uid].arrival == 2
        assert off.state.pieces[uid].status == "off"


def test_a_lone_soviet_unit_on_the_turkish_border_stays() -> None:
    border = "4342"  # a Soviet hex touching Turkey
    alone = position(
        "SBE5", 2, "soviet", "movement", GARRISONS, [{"id": "sov-a-44", "hex": border}]
    )
    board = alone.state.w.board
    assert board.node(border) in turkish_border(alone.state)
    assert holds_turkish_border(alone.state, alone.state.pieces["sov-a-44"])
    assert move_targets(alone, "sov-a-44") == set()
    # Without the rule it marches off.
    free = position("SBE5", 2, "soviet", "movement", NONE, [{"id": "sov-a-44", "hex": border}])
    assert move_targets(free, "sov-a-44")


def test_a_second_unit_covering_the_same_border_hexes_frees_the_first() -> None:
    units = [{"id": "sov-a-44", "hex": "4342"}, {"id": "sov-a-46", "hex": "4342"}]
    m = position("SBE5", 2, "soviet", "movement", GARRISONS, units)
    assert not holds_turkish_border(m.state, m.state.pieces["sov-a-44"])
    assert move_targets(m, "sov-a-44")
    # A unit far from Turkey is never held.
    far = position("SBE5", 2, "soviet", "movement", GARRISONS, [{"id": "sov-a-44", "hex": "Baku"}])
    assert not holds_turkish_border(far.state, far.state.pieces["sov-a-44"])


# --- 28.0 ------------------------------------------------------------------------------------


def volkssturm_position(options: dict[str, Any], soviet_hex: str) -> Match[BiteState]:
    units = [
        {"id": "sov-a-44", "hex": soviet_hex},
        {"id": "ger-c-i", "status": "eliminated"},
        {"id": "ger-c-ii", "status": "eliminated"},
    ]
    return position("SBE9", JULY_1944, "axis", "production", options, units)


def test_volkssturm_rises_once_soviets_stand_in_germany() -> None:
    m = volkssturm_position(VOLKSSTURM, "Insterburg")  # East Prussia: Germany in 1941
    assert m.state.flags[VOLKSSTURM_FLAG] == JULY_1944
    called = next(e for e in m.state.log if e.kind == "volkssturm_called")
    assert "Volkssturm" in text.log_line(called.to_json())
    choices = offered(m, "volkssturm")
    places = {place_of(m, c["hex"]) for c in choices}
    assert {"Berlin", "Konigsberg", "Breslau"} <= places
    assert "Insterburg" not in places  # a minor city (and the Soviets stand there)
    assert {c["unit"] for c in choices} == {"ger-c-i", "ger-c-ii"}
    pick = next(c for c in choices if place_of(m, c["hex"]) == "Berlin")
    saved = dict(m.state.pp)
    m.act(next(a for a in m.legal_actions("axis") if a.verb == "volkssturm" and a.args == pick))
    corps = m.state.pieces[str(pick["unit"])]
    assert corps.status == "map"
    assert m.state.strength(corps) == 1
    assert corps.node == m.state.w.board.node("Berlin")
    assert offered(m, "volkssturm") == []  # one corps a turn
    assert m.state.pp == saved  # free


def test_no_volkssturm_without_soviets_in_germany_or_without_the_rule() -> None:
    outside = volkssturm_position(VOLKSSTURM, "Warsaw")  # the General Government
    assert VOLKSSTURM_FLAG not in outside.state.flags
    assert offered(outside, "volkssturm") == []
    off = volkssturm_position(NONE, "Insterburg")
    assert VOLKSSTURM_FLAG not in off.state.flags
    assert offered(off, "volkssturm") == []


def test_italian_rules_raise_volkssturm_in_every_german_city() -> None:
    m = volkssturm_position({**VOLKSSTURM, "rules": "it-2.x"}, "Insterburg")
    places = {place_of(m, c["hex"]) for c in offered(m, "volkssturm")}
    assert "Tilsit" in places  # a minor city
    first = next(a for a in m.legal_actions("axis") if a.verb == "volkssturm")
    m.act(first)
    again = offered(m, "volkssturm")
    assert again  # another city may raise one in the same phase
    assert all(c["hex"] != first.args["hex"] for c in again)


# --- 30.0 ------------------------------------------------------------------------------------


def test_chechens_rise_at_an_ungarrisoned_grozny_from_january_1942() -> None:
    assert chechen_turn() == 8
    m = position("SBE9", 8, "axis", "production", CHECHENS, [{"id": "ger-c-i", "hex": "Kiev"}])
    choices = offered(m, "chechens")
    assert [place_of(m, c["hex"]) for c in choices] == ["Grozny"]
    m.act(next(a for a in m.legal_actions("axis") if a.verb == "chechens"))
    piece = m.state.pieces[CHECHEN]
    assert piece.status == "map"
    assert piece.step == 0
    grozny = m.state.w.board.node("Grozny")
    assert piece.node == grozny
    assert m.state.control[grozny] == "axis"
    rise = next(e for e in m.state.log if e.kind == "chechens_rise")
    assert "Grozny" in text.log_line(rise.to_json())
    assert offered(m, "chechens") == []  # one block


def test_no_chechens_before_1942_unless_the_axis_holds_grozny() -> None:
    early = position("SBE9", 7, "axis", "production", CHECHENS, [{"id": "ger-c-i", "hex": "Kiev"}])
    assert offered(early, "chechens") == []
    taken = position(
        "SBE9", 7, "axis", "production", CHECHENS, [{"id": "ger-c-i", "hex": "Kiev"}],
        control={"axis": ["Grozny"]},
    )  # fmt: skip
    assert [place_of(taken, c["hex"]) for c in offered(taken, "chechens")] == ["Grozny"]


def test_a_soviet_garrison_keeps_the_chechens_down() -> None:
    units = [{"id": "ger-c-i", "hex": "Kiev"}, {"id": "sov-a-44", "hex": "Ordzhonikidze"}]
    m = position("SBE9", 8, "axis", "production", CHECHENS, units)
    board = m.state.w.board
    assert board.distance(board.node("Ordzhonikidze"), board.node("Grozny")) == 1
    assert offered(m, "chechens") == []  # Grozny is in a Soviet zone of control
    off = position("SBE9", 8, "axis", "production", NONE, [{"id": "ger-c-i", "hex": "Kiev"}])
    assert offered(off, "chechens") == []


def test_chechens_may_rise_again_after_destruction_and_draw_supply_from_grozny() -> None:
    units = [{"id": "ger-c-i", "hex": "Kiev"}, {"id": CHECHEN, "status": "eliminated"}]
    m = position("SBE9", 8, "axis", "production", CHECHENS, units)
    m.act(next(a for a in m.legal_actions("axis") if a.verb == "chechens"))
    beside = position(
        "SBE9", 8, "axis", "supply", CHECHENS,
        [{"id": CHECHEN, "hex": "Grozny"}, {"id": "ger-c-ii", "hex": "Grozny"}],
        control={"axis": ["Grozny"]},
    )  # fmt: skip
    cut_off = {p.uid for p in mark_supply(beside.state, "axis")}
    assert "ger-c-ii" in cut_off  # far from every German source
    assert CHECHEN not in cut_off  # Grozny is the Chechens' own source


def test_the_chechens_no_longer_arrive_on_a_date() -> None:
    plain = Match(GAME, "SBE9", NONE, 1)
    assert plain.state.pieces[CHECHEN].status == "off"
    with_rule = Match(GAME, "SBE9", CHECHENS, 1)
    assert with_rule.state.pieces[CHECHEN].status == "off"  # it rises by the rule's steps
