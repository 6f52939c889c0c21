"""Stalin's War Winter 1942 (15.1.2), effect by effect on built battles: the Axis fires one
column left attacking and defending, its defenders keep no terrain but trenches (nor the
No-Retreat option of forest), it places no Blitz marker, and a Soviet attack with a Shock
Army fires one column right. Winter Uniforms (A19) lifts the combat and terrain effects but
not the Blitz ban. Rasputitsa is in ``test_core.py::test_rasputitsa_rounds``."""

from __future__ import annotations

from hexfront.games.stalins_war.rules import combat
from hexfront.games.stalins_war.rules.combat import Battle
from hexfront.games.stalins_war.state import AXIS, SOVIET, SwState

from .helpers import new
from .test_combat import at_combat, attack, clear, last, place

WINTER, AUTUMN = 4, 3  # 15.1.2: turn 4 is Winter 1942; turn 3 Autumn 1941


def _board(turn: int, uniforms: bool = False) -> SwState:
    s = new("campaign")
    clear(s)
    s.turn = turn
    if uniforms:
        s.played.append("A19")
    return s


def _shifts(
    s: SwState, side: str, attackers: list[str], defenders: list[str]
) -> dict[str, list[str]]:
    b: Battle = {
        "target": s.pieces[defenders[0]].at,
        "attackers": attackers,
        "defenders": defenders,
        "oos": {"attacker": False, "defender": False},
        "cards": {},
    }
    v = combat.combat_vars(s, side, 0, False, False, [])
    got = combat.shifts(s, v, b)  # type: ignore[arg-type]
    return {role: [f"{n:+d} {why}" for n, why in got[role]] for role in got}


def _rough_and_a_neighbour(s: SwState) -> tuple[str, str]:
    m = s.world.map
    for b in range(m.hex_count):
        if m.terrain[b] == "rough" and m.place_at.get(b) is None and m.nation[b] == "ussr":
            for a in m.adjacency[b]:
                hs = m.side(a, b)
                if m.terrain[a] == "clear" and (hs is None or not (hs.river or hs.major_river)):
                    return m.id_of(a), m.id_of(b)
    raise AssertionError("no rough hex")


def test_winter_1942_shifts_the_axis_left_and_shock_armies_right() -> None:
    """15.1.2: in turn 4 the Axis fires one column left whether it attacks or defends; a
    Soviet attack with a Shock Army fires one column right (not without one); Winter Uniforms
    or another turn: none of it."""
    s = _board(WINTER)
    a, d = _rough_and_a_neighbour(s)
    place(s, "su.1Sh", a)
    place(s, "su.16R", a)
    place(s, "ge.43C", d)
    got = _shifts(s, SOVIET, ["su.1Sh", "su.16R"], ["ge.43C"])
    assert got["defender"] == ["-1 winter"]
    assert "+1 shock army in winter" in got["attacker"]
    assert "+1 shock army in winter" not in _shifts(s, SOVIET, ["su.16R"], ["ge.43C"])["attacker"]
    assert "-1 winter" in _shifts(s, AXIS, ["ge.43C"], ["su.16R"])["attacker"]
    for turn, uniforms in ((WINTER, True), (AUTUMN, False)):
        s.turn = turn
        if uniforms:
            s.played.append("A19")
        got = _shifts(s, SOVIET, ["su.1Sh", "su.16R"], ["ge.43C"])
        assert "-1 winter" not in got["defender"]
        assert "+1 shock army in winter" not in got["attacker"]
        assert "-1 winter" not in _shifts(s, AXIS, ["ge.43C"], ["su.16R"])["attacker"]


def test_winter_1942_axis_defenders_keep_only_their_trenches() -> None:
    """15.1.2: an Axis defender in rough terrain gives the Soviet no terrain shift in winter,
    but a trench still shifts; a Soviet defender keeps its terrain; Winter Uniforms gives the
    Axis its terrain back."""
    s = _board(WINTER)
    a, d = _rough_and_a_neighbour(s)
    place(s, "su.16R", a)
    place(s, "ge.43C", d)
    assert _shifts(s, SOVIET, ["su.16R"], ["ge.43C"])["attacker"] == []
    s.trenches[d] = AXIS
    assert _shifts(s, SOVIET, ["su.16R"], ["ge.43C"])["attacker"] == ["-1 trench"]
    del s.trenches[d]
    s.played.append("A19")
    assert _shifts(s, SOVIET, ["su.16R"], ["ge.43C"])["attacker"] == ["-1 rough"]
    s = _board(WINTER)
    place(s, "ge.43C", a)
    place(s, "su.16R", d)
    got = _shifts(s, AXIS, ["ge.43C"], ["su.16R"])["attacker"]
    assert "-1 rough" in got
    assert "-1 winter" in got


def test_winter_1942_takes_the_axis_no_retreat_of_forest_but_not_of_trenches() -> None:
    """15.1.2 with 11.4.3: Axis defenders in forest may not hold for one more loss in winter
    unless they are in a trench; the Soviet may; Winter Uniforms gives it back."""
    s = _board(WINTER)
    m = s.world.map
    forest = next(
        m.id_of(b)
        for b in range(m.hex_count)
        if m.terrain[b] == "forest" and m.place_at.get(b) is None and m.nation[b] == "ussr"
    )
    place(s, "ge.16A", forest)
    b: Battle = {"target": m.index(forest), "defenders": ["ge.16A"], "ignore": []}
    assert not combat.no_retreat_allowed(s, b)
    s.trenches[forest] = AXIS
    assert combat.no_retreat_allowed(s, b)
    del s.trenches[forest]
    s.turn = AUTUMN
    assert combat.no_retreat_allowed(s, b)
    s.turn = WINTER
    s.played.append("A19")
    assert combat.no_retreat_allowed(s, b)
    s = _board(WINTER)
    place(s, "su.Reserve", forest)
    b = {"target": m.index(forest), "defenders": ["su.Reserve"], "ignore": []}
    assert combat.no_retreat_allowed(s, b)


def _panzer_win(turn: int, uniforms: bool) -> SwState:
    s = _board(turn, uniforms)
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, "1720")
    place(s, "su.12M", "1821")
    at_combat(s, AXIS, 1, turn=turn)
    s.dice.loaded = [6, 1]
    d = attack(s, AXIS, ["1720"], "1821", ["ge.39Pz", "ge.57Pz", "ge.56Pz"])
    assert d is not None
    assert any(a.verb == "advance" for a in d.actions)
    from .test_combat import do

    do(s, AXIS, "advance", unit="ge.39Pz")
    assert last(s, "advance")["unit"] == "ge.39Pz"
    return s


def test_no_axis_blitz_in_winter_1942_even_with_winter_uniforms() -> None:
    """15.1.2: the same panzer victory in clear terrain places a Blitz marker in autumn and
    none in Winter 1942, Winter Uniforms or not."""
    assert any(e.kind == "blitz" for e in _panzer_win(AUTUMN, False).log)
    assert not any(e.kind == "blitz" for e in _panzer_win(WINTER, False).log)
    assert not any(e.kind == "blitz" for e in _panzer_win(WINTER, True).log)
