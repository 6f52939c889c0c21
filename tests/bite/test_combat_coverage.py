"""Combat rules that had no test to catch a break (audit of docs/rules-coverage.md), and
three fixes: fortifications lost without a battle (BOX 1), no retreat into an enemy-held
city (7.7.15), and Mannerheim firing as artillery (7.7.4).

Every position is on the real map of the SBE4 scenario (games/bite/position.py), with
loaded dice. The usual open ground is the steppe west of Millerovo (3930, clear, no river).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.modifiers import fortification
from hexfront.games.bite.rules.retreat import ground_retreat_hexes
from hexfront.games.bite.state import BiteState

from .helpers import act, at_prompt, drive

GAME = Bite()
STEPPE = "3930"  # clear, no river, beside Millerovo (4030)
# A Soviet army far from every battle. The front rule (3.1) traces the Soviet front from
# Soviet ground units (Siberia is linked to the map by rail only): without one, every
# Soviet city would change hands at the end of a combat phase in which the last Soviet
# unit of a position falls.
MOSCOW_GARRISON = {"id": "sov-a-23", "hex": "Moscow"}


def position(
    side: str,
    phase: str,
    units: Sequence[dict[str, Any]],
    dice: Sequence[int] = (),
    **extra: Any,
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE4",
            "turn": 2,
            "side": side,
            "phase": phase,
            "reinforcements": False,
            "unit": list(units),
            "dice": list(dice),
            **extra,
        },
    )


def fires(m: Match[BiteState], step: str | None = None) -> list[dict[str, Any]]:
    return [
        dict(e.data)
        for e in m.state.log
        if e.kind == "fire" and (step is None or e.data["step"] == step)
    ]


def events(m: Match[BiteState], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def node(m: Match[BiteState], place: str) -> int:
    return m.state.w.board.node(place)


def battle_over(m: Match[BiteState]) -> bool:
    return any(e.kind == "battle_over" for e in m.state.log)


# --- BOX 1: a fortress or bunker that changes hands without a battle ----------------------


def test_an_empty_fortress_entered_becomes_a_bunker_and_an_empty_bunker_is_destroyed() -> None:
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-xxx", "hex": "Simferopol"},
            {"id": "ger-c-liv", "hex": "Kherson"},
            {"id": "sov-a-51", "hex": "3233"},
        ],
    )
    s = m.state
    assert fortification(s, node(m, "Sevastopol")) == "fortress"
    assert fortification(s, node(m, "Armjansk")) == "bunker"
    act(m, "axis", "move", unit="ger-c-xxx", to="3137")  # Sevastopol
    act(m, "axis", "move", unit="ger-c-liv", to="3135")  # Armjansk
    assert s.control[node(m, "Sevastopol")] == "axis"
    # BOX 1: a fortress that falls to the enemy is a bunker from then on ...
    assert fortification(s, node(m, "Sevastopol")) == "bunker"
    # ... and a bunker that falls is destroyed.
    assert fortification(s, node(m, "Armjansk")) is None
    # Retaken, the former fortress loses its bunker too.
    from hexfront.games.bite.rules.basics import take_control

    take_control(s, "soviet", [node(m, "Sevastopol")])
    assert fortification(s, node(m, "Sevastopol")) is None


def test_a_fortress_won_in_battle_becomes_a_bunker_once_and_the_log_says_it() -> None:
    # I Corps (4) attacks the Coastal Army (1 step) in Sevastopol. BOX 1: 2 Mali for the
    # attacker (4 steps -> 1 die), 2 Boni for the defender (6 -> 4-6). The defender misses
    # (3), the attacker hits (6): the fortress falls, and is a bunker, not destroyed.
    m = position(
        "axis",
        "combat",
        [
            {"id": "ger-c-i", "hex": "Sevastopol"},
            {"id": "sov-a-51", "hex": "Sevastopol", "strength": 1},
            MOSCOW_GARRISON,
        ],
        [3, 6],
    )
    act(m, "axis", "fight", hex="3137")
    drive(m, battle_over)
    ground = {f["unit"]: f for f in fires(m, "ground")}
    assert (len(ground["sov-a-51"]["dice"]), ground["sov-a-51"]["hit_on"]) == (1, 4)
    assert (len(ground["ger-c-i"]["dice"]), ground["ger-c-i"]["mali"]) == (1, 2)
    s = m.state
    assert s.control[node(m, "Sevastopol")] == "axis"
    assert fortification(s, node(m, "Sevastopol")) == "bunker"
    lost = [e for e in s.log if e.kind == "fortification_lost"]
    assert len(lost) == 1
    line = text.log_line(lost[0].to_json())
    assert line == "Sevastopol falls to the axis: its fortress is now a bunker"


def test_a_bunker_left_behind_the_front_line_is_destroyed() -> None:
    # 3.1: German corps at Armjansk and 3334 put every hex around Solone Ozero in their
    # zones of control; at the end of ground movement it is behind the Axis front line and
    # changes hands without a fight. BOX 1: its bunker is destroyed.
    m = position(
        "axis",
        "movement",
        [
            {"id": "ger-c-liv", "hex": "Kherson"},
            {"id": "ger-c-xi", "hex": "3433"},
            {"id": "sov-a-51", "hex": "Yevpatoria"},
        ],
    )
    s = m.state
    ozero = node(m, "Solone Ozero")
    act(m, "axis", "move", unit="ger-c-liv", to="3135")  # Armjansk
    act(m, "axis", "move", unit="ger-c-xi", to="3334")
    assert s.control[ozero] == "soviet"
    assert fortification(s, ozero) == "bunker"
    act(m, "axis", "end_ground")
    assert s.control[ozero] == "axis"
    assert fortification(s, ozero) is None


# --- 7.7.15: no retreat into an enemy-held city ---------------------------------------------


def test_a_retreat_never_enters_an_empty_enemy_held_city() -> None:
    # The 7th Army at 3930, attacked by I Corps. Millerovo (4030), next to it and on the
    # way east to the Soviet sources, is empty but held by the Axis (7.7.15 a: never into
    # an enemy-held city; b does not apply: it is neither friendly nor holds friends).
    m = position(
        "axis",
        "combat",
        [{"id": "sov-a-7", "hex": STEPPE}, {"id": "ger-c-i", "hex": STEPPE}],
        [1] * 8,
        control={"axis": ["Millerovo"]},
    )
    s = m.state
    act(m, "axis", "fight", hex=STEPPE)
    drive(m, at_prompt("retreat", "soviet"))
    offered = {str(a.args["to"]) for a in m.legal_actions("soviet") if a.verb == "retreat"}
    assert offered  # it may fall back elsewhere
    assert "4030" not in offered
    assert node(m, "Millerovo") not in ground_retreat_hexes(s, s.pieces["sov-a-7"], node(m, STEPPE))
    # Held by the Soviets, the same city is a fine retreat hex (b: a friendly city).
    s.control[node(m, "Millerovo")] = "soviet"
    assert node(m, "Millerovo") in ground_retreat_hexes(s, s.pieces["sov-a-7"], node(m, STEPPE))


# --- 7.7.4: Mannerheim fires as artillery ---------------------------------------------------


def mannerheim_battle(side: str, dice: Sequence[int]) -> Match[BiteState]:
    """The Finnish IV Corps with Mannerheim and the 7th Army in one clear hex (3308) of the
    Finnish attack zone; ``side`` is the attacker."""
    return position(
        side,
        "combat",
        [
            {"id": "fin-c-iv", "hex": "3308"},
            {"id": "fin-mannerheim", "hex": "3308"},
            {"id": "sov-a-7", "hex": "3308"},
        ],
        dice,
    )


def test_mannerheim_fires_as_artillery_at_5_6_and_spends_a_step() -> None:
    # 7.7.4: Mannerheim hits at 5-6 in the artillery step, one die per step, then loses a
    # step as artillery does. Its three dice (6, 5, 4) hit twice; the 7th Army (4) drops to 2.
    m = mannerheim_battle("axis", [6, 5, 4] + [1] * 20)
    act(m, "axis", "fight", hex="3308")
    drive(m, lambda x: bool(fires(x, "ground")))
    art = fires(m, "artillery")
    assert [(f["unit"], len(f["dice"]), f["hit_on"], f["hits"]) for f in art] == [
        ("fin-mannerheim", 3, 5, 2)
    ]
    assert m.state.strength(m.state.pieces["sov-a-7"]) == 2
    assert m.state.strength(m.state.pieces["fin-mannerheim"]) == 2
    # it fires before the ground combat step, and never in it (a support unit)
    log = [e.data["step"] for e in m.state.log if e.kind == "fire"]
    assert log[0] == "artillery"
    assert all(f["unit"] != "fin-mannerheim" for f in fires(m, "ground"))


def test_mannerheim_defending_fires_as_artillery_too() -> None:
    m = mannerheim_battle("soviet", [6, 5, 4] + [1] * 20)
    act(m, "soviet", "fight", hex="3308")
    drive(m, lambda x: bool(fires(x, "ground")))
    art = fires(m, "artillery")
    assert [(f["unit"], len(f["dice"]), f["hit_on"], f["hits"]) for f in art] == [
        ("fin-mannerheim", 3, 5, 2)
    ]
