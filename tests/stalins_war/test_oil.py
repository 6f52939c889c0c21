"""Stalin's War oil (17.1): the four oil hexes, each line of the hand-size table for both
sides on traced positions (17.1.3-17.1.7), the draw filling each hand to that size, and the
size shown to both players on the table (the browser's hand-limit track)."""

from __future__ import annotations

import pytest

from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Frame
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules import cards as cards_rules
from hexfront.games.stalins_war.rules import supply
from hexfront.games.stalins_war.state import AXIS, SOVIET, SwState

from .helpers import GAME, act, new
from .test_combat import clear


def _front(col: int, **control: str) -> SwState:
    """No units on the map; every place west of hex column ``col`` is Axis-held, the rest as
    set up, then ``control`` on top (turn 5)."""
    s = new("campaign")
    clear(s)
    s.turn = 5
    m = s.world.map
    for p in m.places.values():
        if int(m.id_of(p.node)[:2]) < col:
            s.control[p.name] = AXIS
    s.control.update(control)
    s.moved()
    return s


def test_the_four_oil_hexes() -> None:
    """17.1.2: 1428, 2433, 2835 and 3138, and no others."""
    m = new("campaign").world.map
    assert sorted(m.id_of(p.node) for p in m.places.values() if p.oil) == [
        "1428",
        "2433",
        "2835",
        "3138",
    ]


@pytest.mark.parametrize(
    ("col", "control", "axis_oil", "soviet_oil", "axis_hand", "soviet_hand"),
    [
        (20, {}, 1, 3, 6, 6),  # 17.1.4-17.1.5: one oil hex, the Axis hand as marked
        (25, {}, 2, 2, 6, 6),  # two each: both as marked
        (25, {"Baku": AXIS}, 2, 1, 6, 5),  # 17.1.6: one Soviet oil hex, one card fewer
        (29, {}, 3, 1, 7, 5),  # 17.1.5: three for the Axis, one card more
        (29, {"Baku": AXIS}, 4, 0, 7, 4),  # 17.1.7: none for the Soviet, two fewer
        (20, {"Ploesti": SOVIET}, 0, 4, 5, 6),  # 17.1.4: none for the Axis, one fewer
    ],
)
def test_the_oil_table_line_by_line(
    col: int,
    control: dict[str, str],
    axis_oil: int,
    soviet_oil: int,
    axis_hand: int,
    soviet_hand: int,
) -> None:
    """17.1.3-17.1.7 from a hand-size marker of 6 each."""
    s = _front(col, **control)
    assert (supply.oil_held(s, AXIS), supply.oil_held(s, SOVIET)) == (axis_oil, soviet_oil)
    got = (cards_rules.hand_size(s, AXIS), cards_rules.hand_size(s, SOVIET))
    assert got == (axis_hand, soviet_hand)


def test_an_oil_hex_held_but_cut_off_counts_for_nobody() -> None:
    """17.1.3: Baku taken by the Axis but beyond its supply lines is no Axis oil (three oil
    hexes held, two traced: no extra card), and no Soviet oil either."""
    s = _front(27, Baku=AXIS)
    held = [p.name for p in s.world.map.places.values() if p.oil and s.control[p.name] == AXIS]
    assert len(held) == 3
    assert supply.oil_held(s, AXIS) == 2
    assert supply.oil_held(s, SOVIET) == 0
    assert (cards_rules.hand_size(s, AXIS), cards_rules.hand_size(s, SOVIET)) == (6, 4)


def test_the_draw_fills_each_hand_to_its_oil_size_shown_on_the_table() -> None:
    """17.1.1 with 7.6.1: at the draw each side fills its hand to the size the oil gives
    (Axis 7 with four oil hexes, Soviet 4 with none), the size both players see on the
    table while the printed marker stays at 6."""
    s = _front(29, Baku=AXIS)
    for side in (AXIS, SOVIET):
        s.pile(side, "deck").extend(s.pile(side, "hand"))
        s.pile(side, "hand").clear()
    for side in (AXIS, SOVIET):
        view = GAME.view(s, side)
        assert view["tracks"]["hand_size"] == {AXIS: 7, SOVIET: 4}
        assert view["tracks"]["hand_limit"] == {AXIS: 6, SOVIET: 6}
    s.stack = [Frame("draw_phase", {})]
    s.cache.clear()
    d = MACHINE.advance(s)
    while d is not None and d.prompt.kind == "discards":
        d = act(s, Action(d.prompt.side, "done_discarding"))
    assert len(s.pile(AXIS, "hand")) == 7
    assert len(s.pile(SOVIET, "hand")) == 4
