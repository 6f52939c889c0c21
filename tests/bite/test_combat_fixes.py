"""Combat fixes of issue 11, each on a position of the real map (games/bite/position.py).

* half hits last only for the combat they were taken in (7.7.8, 7.7.11);
* a unit with no retreat hex may still retreat, and is eliminated (7.7.17, 7.7.18);
* long-range strategic bombers attack in a single round of a battle (6.3.2);
* every fire event names its combat round, and the log says it in words.

The battles are fought on the open steppe west of Millerovo (hex 3930, clear, no river),
in the SBE4 scenario, so no terrain modifier blurs the dice.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.basics import apply_hit
from hexfront.games.bite.state import BiteState

from .helpers import act, at_prompt, drive
from .helpers import sbe4_position as position

GAME = Bite()
BATTLE = "3930"  # clear, no river, beside Millerovo (4030)
GUARDS = "sov-ga-1"  # 1st Guards Army, 7-5-3-1: a "shield" unit (7.7.8)
CORPS = "ger-c-i"  # I Corps, an infantry corps 4-3-2-1
ADD = "sov-add-1"  # 1st Long-Range Bomber Corps (ADD), 4-3-2-1 (6.3.2)
ARTILLERY = "ger-a-4"  # 4th Army, German artillery 4-2-0


def fires(m: Match[BiteState], step: str | None = None) -> list[dict[str, Any]]:
    return [
        dict(e.data)
        for e in m.state.log
        if e.kind == "fire" and (step is None or e.data["step"] == step)
    ]


def guards_battle(corps_strength: int, dice: list[int]) -> Match[BiteState]:
    """I Corps has walked into the 1st Guards Army's hex; the Axis opens the battle."""
    m = position(
        "axis",
        "combat",
        [
            {"id": GUARDS, "hex": BATTLE},
            {"id": CORPS, "hex": BATTLE, "strength": corps_strength},
        ],
        dice,
    )
    act(m, "axis", "fight", hex=BATTLE)
    return m


# --- 7.7.8, 7.7.11: half hits end with the combat ------------------------------------------


@pytest.mark.parametrize("ending", ["attacker_retreats", "defender_retreats"])
def test_half_hit_is_lost_when_the_battle_ends_by_a_retreat(ending: str) -> None:
    # Round 1: the Guards miss with their 7 dice, I Corps hits once with its 4: a half hit.
    m = guards_battle(4, [1] * 7 + [6, 1, 1, 1])
    gds = m.state.pieces[GUARDS]
    drive(m, at_prompt("retreat", "soviet"))
    assert gds.half_hit
    assert m.state.strength(gds) == 7
    if ending == "defender_retreats":
        act(m, "soviet", "retreat", unit=GUARDS, to="4030")  # Millerovo
    else:
        act(m, "soviet", "stand")
        act(m, "axis", "retreat", unit=CORPS, to="3830")
    drive(m, lambda x: any(e.kind == "battle_over" for e in x.state.log))
    assert m.state.strength(gds) == 7
    assert not gds.half_hit  # 7.7.8: carried only over the rounds of that combat
    # So the next single hit, in a later battle, is a half hit again, not a lost step.
    later = m.state.clone()
    assert apply_hit(later, later.pieces[GUARDS]) == "half"


def test_half_hit_is_lost_when_the_enemy_is_eliminated() -> None:
    # Round 1: the Guards miss, I Corps (1 step) hits: a half hit. Round 2: the Guards
    # fire first and eliminate I Corps; the battle is over and the half hit is lost (7.7.11).
    m = guards_battle(1, [1] * 7 + [6] + [6] + [1] * 6)
    gds = m.state.pieces[GUARDS]
    drive(m, lambda x: m.state.pieces[CORPS].status != "map")
    drive(m, lambda x: any(e.kind == "battle_over" for e in x.state.log))
    assert m.state.strength(gds) == 7
    assert not gds.half_hit


def test_half_hit_from_anti_aircraft_fire_is_lost_when_the_bomber_withdraws() -> None:
    # FFN, a German bomber of one step worth 2 (a shield: 2 hits to lose it), flies from
    # Iasi against the 29th Army on the open ground at 2634. The army's AA scores one hit:
    # a half hit. The Axis pulls the bomber out after the AA step (7.7.13): the half hit
    # stays behind in the battle.
    m = position(
        "axis",
        "movement",
        [{"id": "gst-ffn", "hex": "Iasi"}, {"id": "sov-a-29", "hex": "2634"}],
        [6, 1, 1, 1],
    )
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="gst-ffn", to="2634")
    drive(m, at_prompt("choose_battle", "axis"))
    act(m, "axis", "fight", hex="2634")
    drive(m, at_prompt("retreat", "axis"))
    ffn = m.state.pieces["gst-ffn"]
    assert ffn.half_hit
    act(m, "axis", "retreat", unit="gst-ffn", to="2432")  # back to Iasi
    assert ffn.status == "map"
    assert m.state.strength(ffn) == 2
    assert not ffn.half_hit


# --- 7.7.17, 7.7.18: retreat and be eliminated --------------------------------------------


def surrounded(dice: list[int]) -> Match[BiteState]:
    """The 1st Guards Army at 3930, attacked by I Corps; German corps on every other side
    (3929, Millerovo, 3830) close the ring with their zones of control (7.7.14)."""
    m = position(
        "axis",
        "combat",
        [
            {"id": GUARDS, "hex": BATTLE},
            {"id": CORPS, "hex": BATTLE},
            {"id": "ger-c-ii", "hex": "3929"},
            {"id": "ger-c-x", "hex": "Millerovo"},
            {"id": "ger-c-xxviii", "hex": "3830"},
        ],
        dice,
    )
    act(m, "axis", "fight", hex=BATTLE)
    return m


def test_a_unit_with_nowhere_to_go_may_still_retreat_and_is_eliminated() -> None:
    from hexfront.games.bite.rules.retreat import ground_retreat_hexes

    m = surrounded([1] * 11)  # both sides miss in round 1
    s = m.state
    gds = s.pieces[GUARDS]
    assert ground_retreat_hexes(s, gds, s.w.board.node(BATTLE)) == []
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    # 7.7.18: the choice to retreat is offered although no hex is open ...
    assert at_prompt("retreat", "soviet")(m)
    offer = Action("soviet", "eliminate", {"unit": GUARDS, "retreat": True})
    assert offer in m.legal_actions("soviet")
    assert Action("soviet", "stand") in m.legal_actions("soviet")
    # ... said in words, without the block's id
    words = text.describe(offer, m.view("soviet"))
    assert "1st Guards Army" in words
    assert "eliminated" in words
    assert GUARDS not in words
    m.act(offer)
    # ... and taking it eliminates the unit (7.7.17): the Axis wins the hex.
    assert gds.status == "eliminated"
    gone = [e.data for e in s.log if e.kind == "eliminated"]
    assert "7.7.17" in str(gone[-1]["why"])
    drive(m, lambda x: any(e.kind == "battle_over" for e in x.state.log))
    over = [e.data for e in s.log if e.kind == "battle_over"]
    assert over[-1]["winner"] == "axis"
    assert s.control[s.w.board.node(BATTLE)] == "axis"


def test_a_unit_that_may_retreat_is_not_offered_elimination() -> None:
    m = guards_battle(4, [1] * 11)
    drive(m, at_prompt("retreat", "soviet"))
    assert not [a for a in m.legal_actions("soviet") if a.verb == "eliminate"]


# --- 6.3.2: long-range bombers make one combat round --------------------------------------


def test_long_range_bomber_bombs_in_one_round_only() -> None:
    # After the 6.1.4 example: a full-strength (4) Soviet long-range bomber strikes the
    # German 4th Army's guns (strength 4). Their AA rolls 4 dice (5-6, TECH 2):
    # one hit, the bomber drops to 3 and rolls 3 dice (6, TECH 1). The battle goes on
    # (7.7.12), but the bomber does not bomb again in round 2 or 3 (6.3.2).
    m = position(
        "soviet",
        "movement",
        [{"id": ARTILLERY, "hex": BATTLE}, {"id": ADD, "hex": "Millerovo"}],
        [6, 1, 1, 1] + [6, 1, 1] + [1] * 4 + [1] * 4,
    )
    act(m, "soviet", "end_ground")
    act(m, "soviet", "fly", unit=ADD, to=BATTLE)
    drive(m, at_prompt("choose_battle", "soviet"))
    act(m, "soviet", "fight", hex=BATTLE)
    drive(m, lambda x: len(fires(x, "aa")) >= 3)  # round 3 has begun
    aa = fires(m, "aa")
    assert len(aa[0]["dice"]) == 4
    assert aa[0]["hit_on"] == 5
    bombs = fires(m, "a2g")
    assert len(bombs) == 1  # one combat round of air-to-ground, in round 1
    assert bombs[0]["unit"] == ADD
    assert len(bombs[0]["dice"]) == 3
    assert bombs[0]["hit_on"] == 6
    assert bombs[0]["round"] == 1


# --- fire events name their round -----------------------------------------------------------


def test_fire_events_carry_their_round_and_the_log_says_it() -> None:
    m = guards_battle(4, [1] * 22)  # two rounds of misses
    drive(m, lambda x: len(fires(x, "ground")) >= 4)
    assert [f["round"] for f in fires(m, "ground")] == [1, 1, 2, 2]
    event = next(e for e in reversed(m.state.log) if e.kind == "fire")
    line = text.log_line(event.to_json())
    assert "round 2" in line
    assert "I Corps" in line
    assert CORPS not in line
