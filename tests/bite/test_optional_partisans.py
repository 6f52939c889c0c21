"""Optional rule 29.0-29.1, Soviet partisans (issue 20), on positions of the real map.

The count (a third of the ungarrisoned Axis-held Soviet minor cities plus each such major
city, at most 20 on the map), where discs may go, what one, two and three discs in a hex
block, how they leave, and the fog of war: the Axis never sees a disc it has not found.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.invariants import check
from hexfront.games.bite.rules import partisans
from hexfront.games.bite.rules.infrastructure import rails
from hexfront.games.bite.rules.rail import near_enemy
from hexfront.games.bite.rules.resources import connected, incomes, own_output
from hexfront.games.bite.rules.retreat import ground_retreat_hexes
from hexfront.games.bite.rules.supply import compute
from hexfront.games.bite.state import BiteState

from .helpers import at_prompt, drive, load

GAME = Bite()
ON = {"optional_rules": "none", "or29_partisans": True}
OFF = {"optional_rules": "none"}
SEPTEMBER_1941 = 4
# Soviet cities the Axis may hold in these positions
MAJORS = ["Minsk", "Smolensk", "Vitebsk", "Kiev"]  # 4 major cities
MINORS = ["Pinsk", "Mozyr", "Orsha", "Polotsk", "Bobruisk", "Mogilev", "Borisov"]
HIDEOUT = "3405"  # a Soviet rail hex far from any unit in these positions


def production(
    options: dict[str, Any],
    units: list[dict[str, Any]],
    axis: list[str],
    turn: int = SEPTEMBER_1941,
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": turn,
            "side": "soviet",
            "phase": "production",
            "reinforcements": False,
            "unit": [{"id": "sov-a-44", "hex": "Moscow"}, *units],
            "control": {"axis": axis},
            "options": options,
        },
    )


def minors_held(m: Match[BiteState]) -> list[str]:
    board = m.state.w.board
    out = []
    for name in MINORS:
        try:
            site = board.sites.get(board.node(name))
        except (KeyError, LookupError, ValueError):
            continue
        if site is not None and site.is_city and not site.is_major:
            out.append(name)
    return out


def place(m: Match[BiteState], hex_id: str) -> None:
    m.act(Action("soviet", "partisan", {"hex": hex_id}))


def choices(m: Match[BiteState]) -> list[str]:
    return [str(a.args["hex"]) for a in m.legal_actions("soviet") if a.verb == "partisan"]


def test_the_count_is_a_third_of_the_minor_cities_plus_the_major_ones() -> None:
    probe = production(ON, [], MAJORS)
    minors = minors_held(probe)
    assert len(minors) >= 6
    m = production(ON, [], MAJORS + minors[:6])
    assert partisans.count(m.state) == 6 // 3 + 4
    assert partisans.due(m.state) == 6
    m5 = production(ON, [], MAJORS + minors[:5])
    assert partisans.count(m5.state) == 5 // 3 + 4


def test_a_fortress_city_counts_as_a_major_one() -> None:
    m = production(ON, [], ["Sevastopol"])
    assert partisans.count(m.state) == 1


def test_a_garrisoned_city_does_not_count() -> None:
    m = production(ON, [{"id": "ger-c-i", "hex": "Minsk"}], MAJORS)
    assert partisans.count(m.state) == 3
    # A unit next to the city garrisons it by its zone of control (27.0).
    board = Match.from_position(GAME, {"scenario": "SBE5"}).state.w.board
    beside = next(
        board.id_of(n) for n in board.adjacency[board.node("Smolensk")] if board.playable[n]
    )
    m2 = production(ON, [{"id": "ger-c-i", "hex": beside}], MAJORS)
    assert partisans.count(m2.state) == 3


def test_no_partisans_before_september_1941_nor_without_the_rule() -> None:
    assert partisans.first_turn() == SEPTEMBER_1941
    early = production(ON, [], MAJORS, turn=3)
    assert partisans.due(early.state) == 0
    assert choices(early) == []
    off = production(OFF, [], MAJORS)
    assert choices(off) == []


def test_excluded_lands_neither_count_nor_take_partisans() -> None:
    m = production(ON, [], ["Riga", "Tallinn", "Kishinev", "Kaunas"])  # Baltic, Bessarabia
    assert partisans.count(m.state) == 0
    probe = production(ON, [], MAJORS)
    board = probe.state.w.board
    where = set(choices(probe))
    for zone in ("baltic_states", "bessarabia"):
        assert not where & {board.id_of(n) for n in board.zone(zone)}
    assert board.id_of(board.node("Vyborg")) not in where


def test_placement_outside_axis_zoc_and_at_most_three_to_a_hex() -> None:
    m = production(ON, [{"id": "ger-c-i", "hex": "Minsk"}], MAJORS + minors_held(
        production(ON, [], MAJORS)))  # fmt: skip
    board = m.state.w.board
    minsk = board.node("Minsk")
    where = set(choices(m))
    assert board.id_of(minsk) not in where  # an Axis unit
    assert not where & {board.id_of(n) for n in board.adjacency[minsk]}  # its zone
    assert "Moscow" not in where
    assert board.id_of(board.node("Moscow")) not in where
    assert partisans.due(m.state) >= 4
    for _ in range(3):
        place(m, HIDEOUT)
    assert partisans.discs(m.state) == {HIDEOUT: 3}
    assert HIDEOUT not in choices(m)


def test_never_more_than_twenty_on_the_map() -> None:
    probe = production(ON, [], MAJORS)
    board = probe.state.w.board
    majors = [
        s.name
        for n, s in board.sites.items()
        if s.is_major and board.owner_1941[n] == "ussr" and n in partisans._area(probe.state)
    ]
    m = production(ON, [], majors[:25])
    assert partisans.count(m.state) >= 21
    assert partisans.due(m.state) == 20
    for hex_id in choices(m)[:7]:
        for _ in range(3):
            if len(choices(m)) and partisans.on_map(m.state) < 20:
                place(m, hex_id)
    assert partisans.on_map(m.state) == 20
    assert choices(m) == []


def with_discs(n: int, hex_id: str = HIDEOUT) -> Match[BiteState]:
    m = production(ON, [], MAJORS)
    for _ in range(n):
        place(m, hex_id)
    m.state.control[m.state.w.board.node(hex_id)] = "axis"  # behind the Axis lines
    m.state.touch()
    return m


@pytest.mark.parametrize("n", [1, 2, 3])
def test_what_one_two_and_three_partisans_block(n: int) -> None:
    m = with_discs(n)
    state = m.state
    node = state.w.board.node(HIDEOUT)
    # 1+: Axis rail moves and PP by rail
    assert node in partisans.blocked(state, "axis", 1)
    hot = near_enemy(state, "axis")
    assert not hot[node]  # the rail phase adds the partisans to these hexes
    assert rails(state)[node]  # no Axis PP by rail through the hex
    beyond = rails(state)[node][0]
    state.control[beyond] = "axis"
    freed = state.clone()
    freed.flags.pop(partisans.FLAG)
    assert node in connected(freed, "axis", beyond, mined=True)
    assert node not in connected(state, "axis", beyond, mined=True)
    # 2+: Axis ground supply lanes; 3: the rail link of Axis supply sources
    net = compute(state, "axis")
    assert bool(net.passable[node]) is (n < 2)
    assert (node in partisans.blocked(state, "axis", 3)) is (n == 3)
    # The Soviets are never hindered.
    assert node not in partisans.blocked(state, "soviet", 1)


def test_an_axis_unit_disperses_a_lone_partisan_and_finds_bigger_groups() -> None:
    lone = with_discs(1)
    lone.state.pieces["ger-c-i"].status = "map"
    lone.state.pieces["ger-c-i"].node = lone.state.w.board.node(HIDEOUT)
    lone.state.touch()
    partisans.sweep(lone.state)
    assert partisans.discs(lone.state) == {}
    event = next(e for e in lone.state.log if e.kind == "partisans_dispersed")
    assert "disperse" in text.log_line(event.to_json())
    group = with_discs(2)
    group.state.pieces["ger-c-i"].status = "map"
    group.state.pieces["ger-c-i"].node = group.state.w.board.node(HIDEOUT)
    group.state.touch()
    partisans.sweep(group.state)
    assert partisans.discs(group.state) == {HIDEOUT: 2}
    assert group.view("axis")["flags"]["partisans"] == {HIDEOUT: 2}  # found: now known


def test_a_soviet_unit_takes_partisans_back_for_yellow_pp() -> None:
    m = with_discs(2)
    before = m.state.pp.get("ussr", 0)
    m.state.pieces["sov-a-44"].node = m.state.w.board.node(HIDEOUT)
    m.state.touch()
    partisans.sweep(m.state)
    assert partisans.discs(m.state) == {}
    assert m.state.pp.get("ussr", 0) == before + 2


def test_the_axis_never_sees_a_hidden_partisan() -> None:
    m = with_discs(2)
    assert m.view("soviet")["flags"]["partisans"] == {HIDEOUT: 2}
    view = m.view("axis")
    assert "partisans" not in view["flags"]
    dumped = json.dumps(view)
    assert "partisan_placed" not in dumped
    assert f'"{HIDEOUT}"' not in dumped  # neither the place nor the strength
    assert m.view(None)["flags"]["partisans"] == {HIDEOUT: 2}  # the all-seeing view
    axis_log = [text.log_line(e.to_json()) for e in m.state.log if e.audience in (None, "axis")]
    assert not any("partisan" in line.lower() for line in axis_log)
    soviet = [e for e in m.state.log if e.kind == "partisan_placed"]
    assert soviet
    assert all(e.audience == "soviet" for e in soviet)


def test_italian_rules_place_partisans_only_in_axis_held_soviet_hexes() -> None:
    english = set(choices(production(ON, [], MAJORS)))
    m = production({**ON, "rules": "it-2.x"}, [], MAJORS)
    italian = set(choices(m))
    board = m.state.w.board
    assert italian
    assert italian < english
    assert all(m.state.control[board.node(h)] == "axis" for h in italian)


def test_axis_units_do_not_retreat_into_partisans() -> None:
    m = with_discs(2)
    state = m.state
    board = state.w.board
    node = board.node(HIDEOUT)
    battle = next(n for n in board.adjacency[node] if board.playable[n])
    corps = state.pieces["ger-c-i"]
    corps.status, corps.node = "map", battle
    # A friendly unit holds the partisans' hex (they are two: not dispersed), so the hex
    # is a lawful retreat (7.7.15 b) but for the partisans.
    other = state.pieces["ger-c-ii"]
    other.status, other.node = "map", node
    state.control[battle] = "axis"
    for n in board.adjacency[battle]:
        if board.playable[n]:
            state.control[n] = "axis"
    state.touch()
    with_partisans = set(ground_retreat_hexes(state, corps, battle))
    freed = state.clone()
    freed.flags.pop(partisans.FLAG)
    without = set(ground_retreat_hexes(freed, freed.pieces["ger-c-i"], battle))
    assert node in without
    assert node not in with_partisans
    assert without - with_partisans == {node}


def test_random_play_never_shows_the_axis_an_unfound_partisan() -> None:
    m = production(ON, [{"id": "ger-c-i", "hex": "Brest"}], [*MAJORS, "Brest"])
    agents = {"axis": RandomAgent(5), "soviet": RandomAgent(6)}
    checked = 0
    for _ in range(400):
        if m.is_over():
            break
        view = m.view("axis")
        found = view["flags"].get("partisans", {})
        seen = set(m.state.flags.get(partisans.SEEN, []))
        assert set(found) <= seen
        assert "partisan_placed" not in json.dumps(view)
        checked += bool(partisans.discs(m.state))
        side = m.active_sides()[0]
        m.act(agents[side].choose(m.view(side), m.legal_actions(side)))
    assert checked  # discs were on the map while the Axis looked


# --- partisans attacked (29.0) ------------------------------------------------------------------

NEXT_DOOR = "3404"  # a clear hex beside HIDEOUT


def axis_walks_in(n: int, strength: int = 4) -> Match[BiteState]:
    """September 1941, the Axis Movement Phase: a German corps beside ``n`` partisans it
    does not know of walks into their hex, and the game goes on to the Combat Phase."""
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": SEPTEMBER_1941,
            "side": "axis",
            "phase": "movement",
            "reinforcements": False,
            "unit": [
                {"id": "sov-a-44", "hex": "Moscow"},
                {"id": "ger-c-i", "hex": NEXT_DOOR, "strength": strength},
            ],
            "control": {"axis": [NEXT_DOOR, HIDEOUT]},
            "options": ON,
        },
    )
    m.state.flags[partisans.FLAG] = {HIDEOUT: n}
    m.state.touch()
    assert "partisans" not in m.view("axis")["flags"]  # unknown to the Axis so far
    m.act(Action("axis", "move", {"unit": "ger-c-i", "to": HIDEOUT}))
    drive(m, at_prompt("choose_battle", "axis"))
    return m


def kinds(m: Match[BiteState]) -> list[str]:
    return [e.kind for e in m.state.log]


def test_three_partisans_fight_as_two_steps_and_lose_a_disc_a_hit() -> None:
    m = axis_walks_in(3)
    assert partisans.discs(m.state) == {HIDEOUT: 3}
    assert m.view("axis")["flags"]["partisans"] == {HIDEOUT: 3}  # found as the phase begins
    assert [a.args["hex"] for a in m.legal_actions("axis")] == [HIDEOUT]  # a battle to fight
    # The partisans roll two dice (two steps), hitting on a 6 only; then the corps fires.
    load(m, [6, 5] + [6] * 8)
    m.act(Action("axis", "fight", {"hex": HIDEOUT}))
    rolls = [e for e in m.state.log if e.kind == "roll"]
    assert any(e.data["dice"] == [6, 5] for e in rolls)  # two dice: the five missed
    fired = next(e for e in m.state.log if e.kind == "partisans_fire")
    assert fired.data["hits"] == 1
    assert m.state.strength(m.state.pieces["ger-c-i"]) == 3  # one step lost
    assert partisans.discs(m.state) == {}  # every hit took a disc; the last one went too
    assert "partisans_dispersed" in kinds(m)
    lines = [text.log_line(e.to_json()) for e in m.state.log if e.kind.startswith("partisan")]
    assert any("attack the 3 partisans" in line for line in lines)


def test_two_partisans_fight_as_one_step_and_may_hold_out() -> None:
    m = axis_walks_in(2, strength=1)
    load(m, [6])  # one die (one step): a 6 eliminates the one-step corps
    m.act(Action("axis", "fight", {"hex": HIDEOUT}))
    assert m.state.pieces["ger-c-i"].status != "map"
    assert partisans.discs(m.state) == {HIDEOUT: 2}
    hold = next(e for e in m.state.log if e.kind == "partisans_hold")
    assert "hold out" in text.log_line(hold.to_json())


def test_partisans_missing_leave_the_axis_fire_to_decide() -> None:
    m = axis_walks_in(2)
    load(m, [5] + [1] * 4 + [4] + [6] * 4)  # they miss, the corps misses, they miss, it hits
    m.act(Action("axis", "fight", {"hex": HIDEOUT}))
    assert m.state.strength(m.state.pieces["ger-c-i"]) == 4  # no 6 from the partisans
    assert partisans.discs(m.state) == {}
    fires = [e for e in m.state.log if e.kind == "partisans_fire"]
    assert len(fires) == 2  # two rounds
    assert all(e.data["hits"] == 0 for e in fires)


def test_a_hit_takes_one_disc_and_the_last_one_goes_with_it() -> None:
    assert [partisans.steps(n) for n in (1, 2, 3)] == [0, 1, 2]
    m = with_discs(3)
    assert partisans.lose(m.state, HIDEOUT, 1) == 2
    assert partisans.discs(m.state) == {HIDEOUT: 2}
    line = text.log_line(next(e for e in m.state.log if e.kind == "partisans_hit").to_json())
    assert "lose 1" in line
    assert "2 left" in line
    assert partisans.lose(m.state, HIDEOUT, 1) == 0  # one disc beside an Axis unit: gone
    assert partisans.discs(m.state) == {}


def test_support_units_alone_and_unfound_partisans_are_not_fought() -> None:
    m = with_discs(3)
    state = m.state
    hq = state.pieces["ger-pzgr-3"]
    hq.status, hq.node = "map", state.w.board.node(HIDEOUT)
    state.flags[partisans.SEEN] = [HIDEOUT]
    state.touch()
    assert partisans.fights(state) == []  # an HQ does not attack (3.8)
    corps = state.pieces["ger-c-i"]
    corps.status, corps.node = "map", hq.node
    state.touch()
    assert partisans.fights(state) == [hq.node]
    state.flags[partisans.SEEN] = []
    assert partisans.fights(state) == []  # not found yet: the next phase finds them first


# --- 29.1, Italian 2.x rules: a partisan on a resource centre stops it ---------------------------


def axis_income_with_a_disc_on(rules: str, centre: str) -> tuple[int, int, list[str]]:
    """The Axis's yellow PP without and with a disc on ``centre``, and the centres cut."""
    m = production({**ON, "rules": rules}, [], [])
    state = m.state
    board = state.w.board
    for n in range(board.node_count):
        if board.owner_1941[n] == "ussr" and board.playable[n]:
            state.control[n] = "axis"  # the railways from Germany to the centre are Axis
    state.touch()
    before = incomes(state, "axis", ["germany"])["germany"]
    hex_id = board.id_of(board.node(centre))
    state.flags[partisans.FLAG] = {hex_id: 1}
    state.touch()
    after = incomes(state, "axis", ["germany"])["germany"]
    return before.pp["yellow"], after.pp["yellow"], after.cut


def test_italian_rules_a_partisan_on_a_resource_centre_stops_it() -> None:
    centre = "Minsk"
    made = own_output(Match.from_position(GAME, {"scenario": "SBE5"}).state, node_of(centre))
    assert made.get("yellow", 0) > 0
    before, after, cut = axis_income_with_a_disc_on("it-2.x", centre)
    assert before - after == made["yellow"]
    assert centre not in cut  # not cut off: it makes nothing at all
    # English 3.00: the disc only bars its PP from the railway (the centre is cut off).
    en_before, en_after, en_cut = axis_income_with_a_disc_on("en-3.00", centre)
    assert en_before - en_after == made["yellow"]
    assert centre in en_cut


def node_of(name: str) -> int:
    return Match.from_position(GAME, {"scenario": "SBE5"}).state.w.board.node(name)


def test_random_axis_moves_into_partisans_fight_them_within_the_invariants() -> None:
    """Random Axis moves among groups of partisans: the fights they start keep every
    invariant after every action (and, over a few seeds, some are fought)."""
    fights = 0
    for seed in range(1, 6):
        corps = ["ger-c-i", "ger-c-ii", "ger-c-iv", "ger-c-v"]
        probe = production(ON, [], MAJORS)
        board = probe.state.w.board
        start = [board.node(h) for h in (NEXT_DOOR, "3406", "3305", "3504")]
        m = Match.from_position(
            GAME,
            {
                "scenario": "SBE5",
                "turn": SEPTEMBER_1941,
                "side": "axis",
                "phase": "movement",
                "reinforcements": False,
                "unit": [
                    {"id": "sov-a-44", "hex": "Moscow"},
                    *({"id": u, "hex": board.id_of(n)} for u, n in zip(corps, start, strict=True)),
                ],
                "control": {"axis": [board.id_of(n) for n in start]},
                "options": ON,
            },
        )
        state = m.state
        groups: dict[str, int] = {}
        for n in start:
            for x in board.adjacency[n]:
                if board.playable[x] and x not in start and board.owner_1941[x] == "ussr":
                    groups[board.id_of(x)] = 2 + x % 2
                    state.control[x] = "axis"
        state.flags[partisans.FLAG] = dict(sorted(groups.items()))
        state.touch()
        agent = RandomAgent(seed)
        while m.active_sides() == ["axis"] and not m.is_over():
            m.act(agent.choose(m.view("axis"), m.legal_actions("axis")))
            assert check(GAME, m.state, full=False) == []
        fights += sum(1 for e in m.state.log if e.kind == "partisan_fight")
    assert fights
