"""Advanced Game rules 8-10 and 12 (SBE5-SBE9), on positions of the real map.

Each test sets the same blocks up in a basic scenario (SBE4) and in SBE5, so it shows both
that the advanced rule works and that the basic game is left as it was.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.basics import advanced, zoc_map
from hexfront.games.bite.rules.victory import verdict

GAME = Bite()


def position(scenario: str, units: list[dict[str, Any]], **extra: Any) -> Match[Any]:
    base: dict[str, Any] = {"scenario": scenario, "turn": 2, "side": "axis", "phase": "movement"}
    return Match.from_position(GAME, {**base, "unit": units, **extra})


def zoc_at(m: Match[Any], side: str, *hexes: str) -> list[int]:
    board = m.state.w.board
    zoc = zoc_map(m.state, side, ground_only=True)
    return [zoc[board.node(h)] for h in hexes]


def test_only_the_long_scenarios_are_advanced() -> None:
    assert advanced(position("SBE5", []).state)
    assert not advanced(position("SBE4", []).state)


# --- 8.0 zones of control ------------------------------------------------------------------

BEREZINA = [{"id": "ger-c-xii", "hex": "2721"}]  # the Berezina runs 2721|2621 and 2721|2720


def test_no_zone_of_control_across_an_unfrozen_river() -> None:
    board = position("SBE5", BEREZINA).state.w.board
    assert board.river_between(board.node("2721"), board.node("2621")) == "Berezina"
    assert board.river_between(board.node("2721"), board.node("2821")) is None
    # 2621 across the river, 2821 on the same bank.
    assert zoc_at(position("SBE4", BEREZINA), "axis", "2621", "2821") == [1, 1]
    assert zoc_at(position("SBE5", BEREZINA), "axis", "2621", "2821") == [0, 1]
    # 9.3: snow freezes the rivers, and the zone crosses them again.
    snowy = position("SBE5", BEREZINA, weather="snow")
    assert zoc_at(snowy, "axis", "2621", "2821") == [1, 1]


MINSK_WEST = [{"id": "ger-c-xii", "hex": "2522"}]  # next to Minsk (2622), held by the Soviets


def test_no_zone_of_control_into_an_enemy_major_city() -> None:
    assert zoc_at(position("SBE4", MINSK_WEST), "axis", "Minsk") == [1]
    assert zoc_at(position("SBE5", MINSK_WEST), "axis", "Minsk") == [0]
    # A city the side holds itself is not an enemy strongpoint.
    own = position("SBE5", MINSK_WEST, control={"axis": ["Minsk"]})
    assert zoc_at(own, "axis", "Minsk") == [1]
    # The Soviet zone does not reach into an Axis-held major city either (Vilnius, 2421).
    soviet = position("SBE5", [{"id": "sov-a-13", "hex": "2521"}], control={"axis": ["Vilnius"]})
    assert zoc_at(soviet, "soviet", "Vilnius") == [0]


RING = [{"id": "ger-c-xii", "hex": "2522"}, {"id": "ger-c-xx", "hex": "2723"}]


def test_an_empty_enemy_city_ringed_by_units_and_zones_is_in_the_zone() -> None:
    m = position("SBE5", RING)
    board = m.state.w.board
    around = [board.id_of(x) for x in board.adjacency[board.node("Minsk")]]
    zoc = zoc_at(m, "axis", *around)
    at = {board.id_of(p.node) for p in m.state.on_map("axis")}
    assert all(z or h in at for z, h in zip(zoc, around, strict=True)), (around, zoc)
    assert zoc_at(m, "axis", "Minsk") == [1]
    # Not when a Soviet block holds the city, nor when one hex around it is open.
    held = position("SBE5", [*RING, {"id": "sov-a-13", "hex": "Minsk"}])
    assert zoc_at(held, "axis", "Minsk") == [0]
    open_ring = position("SBE5", RING[:1])
    assert zoc_at(open_ring, "axis", "Minsk") == [0]


# --- SBE5's verdict ----------------------------------------------------------------------


def test_sbe5_scores_only_the_four_named_cities() -> None:
    many = ["Minsk", "Kiev", "Riga", "Smolensk", "Odessa", "Kharkov"]
    m = position("SBE5", [], control={"axis": many})
    assert verdict(m.state)["score"] == 0
    assert verdict(m.state)["winner"] == "soviet"
    m = position("SBE5", [], control={"axis": [*many, "Leningrad", "Moscow"]})
    result = verdict(m.state)
    assert (result["score"], result["winner"], result["level"]) == (2, "axis", "marginal")
