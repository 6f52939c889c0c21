"""Stalin's War supply on built positions: what blocks a line (13.1.3), the defender's supply
found at the moment of combat (13.1.1), Black Sea, Black Death's coast (13.1.4), Baku (13.2.3)
and the out-of-supply penalties not tested in ``test_supply.py`` (13.3.2-13.3.5, 13.3.7)."""

from __future__ import annotations

from hexfront.games.stalins_war.rules import attrition, combat, supply
from hexfront.games.stalins_war.rules.combat import Battle
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import movement, new
from .test_combat import at_combat, attack, clear, last, place


def _open_hex(s: SwState, near: str, nation: str | None = None) -> int:
    """A land hex (of ``nation``, if given) close to ``near``: no rail, no place, every neighbour on land
    and free of places, so that a ring on its neighbours cuts every line out of it."""
    m = s.world.map
    base = m.node(near)
    col, row = int(m.id_of(base)[:2]), int(m.id_of(base)[2:])
    best = []
    for n in range(m.hex_count):
        if not m.is_land(n) or n in m.rail_hexes or n in m.place_at:
            continue
        if nation is not None and m.nation[n] != nation:
            continue
        if len(m.adjacency[n]) != 6 or any(b in m.place_at for b in m.adjacency[n]):
            continue
        c, r = int(m.id_of(n)[:2]), int(m.id_of(n)[2:])
        best.append((abs(c - col) + abs(r - row), n))
    return min(best)[1]


def test_enemy_trenches_and_festungs_block_a_soviet_supply_line() -> None:
    """13.1.3: a Soviet unit whose every neighbour holds an Axis trench, or an Axis Festung,
    traces no supply; its own side's trenches block nothing."""
    for blocker in ("axis trench", "soviet trench", "festung"):
        s = new("campaign")
        clear(s)
        node = _open_hex(s, "Moscow", "ussr")
        place(s, "su.16R", s.world.map.id_of(node))
        assert supply.status(s, "su.16R") == supply.FULL
        for b in s.world.map.adjacency[node]:
            hex_id = s.world.map.id_of(b)
            if blocker == "festung":
                s.festungs.append(hex_id)
            else:
                s.trenches[hex_id] = AXIS if blocker == "axis trench" else SOVIET
        s.moved()
        expect = supply.FULL if blocker == "soviet trench" else None
        assert supply.status(s, "su.16R") == expect, blocker


def test_active_partisans_block_axis_supply_and_inactive_ones_do_not() -> None:
    """13.1.3, 16.1.4, 16.1.6: a German unit ringed by face-down partisans still traces
    supply; once they are active they cut it."""
    s = new("campaign")
    clear(s)
    node = _open_hex(s, "Warsaw")
    place(s, "ge.43C", s.world.map.id_of(node))
    assert supply.status(s, "ge.43C") == supply.FULL
    ring = [f"su.P{i}" for i in range(1, 7)]
    for uid, b in zip(ring, s.world.map.adjacency[node], strict=True):
        place(s, uid, s.world.map.id_of(b))
    assert supply.status(s, "ge.43C") == supply.FULL
    s.active_partisans.extend(ring)
    s.moved()
    assert supply.status(s, "ge.43C") is None


def _fire_shifts(s: SwState, role: str) -> list[object]:
    return list(last(s, "fire")[role]["shifts"])  # type: ignore[index]


def test_a_defenders_supply_is_found_at_the_moment_of_combat() -> None:
    """13.1.1: the side not in its round has its supply found when it is attacked, for the
    units in that combat: a German corps marked in supply earlier but cut off now fires one
    column left (13.3.5); one marked out of supply earlier but fed now does not."""
    s = new("campaign")
    clear(s)
    m = s.world.map
    moscow = m.node("Moscow")
    cut = next(b for b in m.adjacency[moscow] if m.is_land(b) and b not in m.place_at)
    attacker = next(
        b for b in m.adjacency[cut] if m.is_land(b) and b != moscow and b not in m.place_at
    )
    place(s, "ge.43C", m.id_of(cut))
    place(s, "su.16R", m.id_of(attacker))
    assert supply.status(s, "ge.43C") is None
    s.oos, s.unfed = [], []  # the Axis was in supply when its own round began
    at_combat(s, SOVIET, 1, turn=5)
    s.dice.loaded = [1, 1]
    attack(s, SOVIET, [m.id_of(attacker)], m.id_of(cut), ["su.16R"])
    assert [-1, "out of supply"] in _fire_shifts(s, "defender")

    s = new("campaign")
    clear(s)
    place(s, "ge.43C", "1720")
    place(s, "su.16R", "1821")
    assert supply.status(s, "ge.43C") == supply.FULL
    s.oos, s.unfed = ["ge.43C"], ["ge.43C"]  # marked out of supply at an earlier finding
    at_combat(s, SOVIET, 1, turn=5)
    s.dice.loaded = [1, 1]
    attack(s, SOVIET, ["1821"], "1720", ["su.16R"])
    assert [-1, "out of supply"] not in _fire_shifts(s, "defender")


def test_the_maritime_army_is_supplied_on_the_black_sea_coast_while_a_port_is_soviet() -> None:
    """13.1.4 (7.5.4): after Black Sea, Black Death the Maritime Army, ringed by Axis units on
    a Black Sea coast hex, is still supplied while the Soviet holds a Black Sea port; without
    the event, or once every such port is Axis, it is out of supply."""
    s = new("campaign")
    clear(s)
    m = s.world.map
    coast = next(
        n
        for n in range(m.hex_count)
        if supply.black_sea_coast(s, n) and n not in m.place_at and m.nation[n] == "ussr"
    )
    place(s, "su.Maritime", m.id_of(coast))
    spare = ["ge.43C", "ge.9A", "ge.16A", "ge.6A", "ge.4A", "ge.11A"]
    for uid, b in zip(spare, [b for b in m.adjacency[coast] if m.is_land(b)], strict=False):
        place(s, uid, m.id_of(b))
    s.moved()
    assert supply.status(s, "su.Maritime") is None
    s.forbidden.append(f"{SOVIET}:black_sea_supply")
    s.moved()
    assert supply.status(s, "su.Maritime") == supply.FULL
    assert supply.mark(s, SOVIET) == []
    for port in supply.black_sea_ports(s):
        s.control[port.name] = AXIS
    s.moved()
    assert supply.status(s, "su.Maritime") is None


def test_baku_is_a_full_source_only_with_another_caspian_port() -> None:
    """13.2.3: cut off by land (an Axis corps in 3038, Baku's only land neighbour), a Soviet
    army in Baku is in full supply while another Caspian port is Soviet and traces supply;
    without one Baku gives only defence and attrition supply: the army and the city
    survive the Soviet attrition segment, but the army is out of full supply (no ZOC)."""
    s = new("campaign")
    clear(s)
    m = s.world.map
    place(s, "ge.43C", "3038")
    place(s, "su.16R", m.id_of(m.node("Baku")))
    assert supply.baku_full(s)
    assert supply.status(s, "su.16R") == supply.FULL
    for name in ("Astrakhan", "Makhachkala"):
        s.control[name] = AXIS
    s.moved()
    assert not supply.baku_full(s)
    assert supply.status(s, "su.16R") == supply.LIMITED
    s.turn = 5
    attrition.attrition(s, SOVIET)
    assert s.pieces["su.16R"].box == ON_MAP
    assert s.control["Baku"] == SOVIET
    assert "su.16R" in s.unfed
    s.control["Makhachkala"] = SOVIET  # back: another port traces again
    s.moved()
    assert supply.status(s, "su.16R") == supply.FULL


def test_out_of_supply_units_neither_move_strategically_nor_entrench() -> None:
    """13.3.2-13.3.3: an OOS unit makes no rail or sea move and its LCU tries no trench; the
    same units in supply may."""
    s = new("campaign")
    s.turn = 5
    s.forbidden.append(f"{SOVIET}:entrench")

    def offered(state: SwState) -> set[tuple[str, str]]:
        d = movement(state, SOVIET, ops=3)
        return {(a.verb, str(a.args.get("unit", a.args.get("hex")))) for a in d.actions}

    fed = offered(s)
    assert ("sea", "su.Maritime") in fed
    rail = sorted(u for verb, u in fed if verb == "rail")
    assert rail
    trench = sorted(h for verb, h in fed if verb == "entrench")
    assert trench
    lcu_hex = s.world.map.index(trench[0])
    lcus = [p.uid for p in s.occupants(lcu_hex) if s.world.units[p.uid].large]
    s.oos = ["su.Maritime", rail[0], *lcus]
    cut = offered(s)
    assert ("sea", "su.Maritime") not in cut
    assert ("rail", rail[0]) not in cut
    assert ("entrench", trench[0]) not in cut


def test_out_of_supply_units_do_not_exploit() -> None:
    """13.3.7 (12.1): a panzer corps next to a Blitz marker exploits in full supply, not
    out of it."""
    s = new("campaign")
    clear(s)
    s.turn = 5
    place(s, "ge.39Pz", "1720")
    v = combat.combat_vars(s, AXIS, 0, False, False, [])
    v["blitz"] = [s.world.map.index("1821")]
    assert combat.exploiters(s, v) == ["ge.39Pz"]  # type: ignore[arg-type]
    s.unfed = ["ge.39Pz"]
    assert combat.exploiters(s, v) == []  # type: ignore[arg-type]


def test_out_of_supply_costs_a_column_and_all_out_of_supply_no_combat_cards() -> None:
    """13.3.5: any attacker out of supply and the attackers fire one column left; 13.3.4:
    combat cards are offered while one attacker is supplied, none when all are out."""
    s = new("campaign")
    clear(s)
    s.turn = 5
    for u in ("su.16R", "su.15M"):
        place(s, u, "1821")
    place(s, "ge.43C", "1720")
    hand = s.pile(SOVIET, "hand")
    hand.extend(c for c in s.pile(SOVIET, "deck") if s.world.cards[c].combat)
    b: Battle = {
        "target": s.world.map.index("1720"),
        "attackers": ["su.16R", "su.15M"],
        "defenders": ["ge.43C"],
        "fed": ["ge.43C"],
        "oos": {"attacker": False, "defender": False},
        "cards": {},
    }
    v = combat.combat_vars(s, SOVIET, 0, False, False, [])
    v["battle"] = b
    assert combat.offered_cards(s, v, "attacker")  # type: ignore[arg-type]
    s.oos = ["su.15M"]
    assert combat.offered_cards(s, v, "attacker")  # type: ignore[arg-type]
    s.oos = ["su.15M", "su.16R"]
    assert combat.offered_cards(s, v, "attacker") == []  # type: ignore[arg-type]
    assert not combat.may_hold_cards(s, v, "attacker")  # type: ignore[arg-type]
    s.oos = []
    s.pile(SOVIET, "deck").extend(hand)
    hand.clear()
    at_combat(s, SOVIET, 1, turn=5)
    s.oos = ["su.15M"]  # one attacker found out of supply as the round began
    s.dice.loaded = [1, 1]
    attack(s, SOVIET, ["1821"], "1720", ["su.16R", "su.15M"])
    assert [-1, "out of supply"] in _fire_shifts(s, "attacker")
