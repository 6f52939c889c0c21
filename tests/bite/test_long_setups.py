"""The long scenarios' setups (issue 15): their incomes against the booklet's table (digest
B.13) and the Scenario Setup Charts' deployment by hand.

Incomes: the advanced production rules (11.1-11.3, ``rules/resources.py``) run on each
scenario's start position, the 1942-44 ones with the Axis holding everything behind its
start line. Where the reconstructed map cannot reach the booklet's figure, the scenario's
data records what the map gives and why (``[income_map]``); the test holds the map to that
record and every difference to a reason.

Setups: the standard distribution passes every check; by hand, a legal deployment is
accepted and each broken rule (steps over the chart's total, an empty hex along the start
line, Kerch in 1942, the mountain units in Scandinavia, a block across the line) is named
and keeps "done" away.
"""

from __future__ import annotations

from typing import Any

import pytest

import hexfront.games.bite.world as world_module
from hexfront.engine.errors import IllegalAction
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import deployment, forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import deploy, resources
from hexfront.games.bite.startsupply import start_state
from hexfront.games.bite.text import describe, log_line

GAME = Bite()

# The booklet's income words and the map's PP colours (11.0).
KIND_OF = {"yellow": "yellow", "red": "armor", "blue": "air", "black": "oil", "white": "shipyard"}
SETUP_OF = {"SBE6": "1942", "SBE7": "1943", "SBE8": "1944", "SBE9": "BSS"}
POWERS = {"axis": ("germany", "romania", "hungary", "finland"), "soviet": ("ussr",)}


def map_income(scenario: str) -> dict[str, dict[str, int]]:
    """Each power's PP at the scenario's first Production Phase, by booklet word."""
    state = start_state(SETUP_OF[scenario])
    state.turn = forces.scenario(scenario).start_turn
    state.weather = "good"
    out: dict[str, dict[str, int]] = {}
    for side, powers in POWERS.items():
        for power, income in resources.incomes(state, side, powers).items():
            got = {KIND_OF[c]: pp for c, pp in income.pp.items() if pp}
            got["yellow"] = got.get("yellow", 0) - resources.rules().deduction.get(power, 0)
            out[power] = {k: v for k, v in got.items() if v}
    return out


@pytest.mark.parametrize("scenario", sorted(SETUP_OF))
def test_the_map_gives_the_booklet_income_or_the_recorded_difference(scenario: str) -> None:
    sc = forces.scenario(scenario)
    got = map_income(scenario)
    for power in sorted(set(sc.income) | set(got)):
        expected = dict(sc.income_map.get(power, sc.income.get(power, {})))
        assert got.get(power, {}) == expected, (scenario, power)


@pytest.mark.parametrize("scenario", sorted(SETUP_OF))
def test_every_recorded_difference_is_real_and_explained(scenario: str) -> None:
    sc = forces.scenario(scenario)
    for power, recorded in sc.income_map.items():
        assert recorded != dict(sc.income.get(power, {})), (scenario, power)
        assert len(sc.income_map_why.get(power, "")) > 20, (scenario, power)


def test_the_booklet_table_is_the_digest_b13_table() -> None:
    # B.13, scenario income (yellow / armour / air / oil) from June of each year.
    table = {
        "SBE6": {"germany": (36, 8, 12, 12), "ussr": (34, 12, 12, 0)},
        "SBE7": {"germany": (37, 13, 15, 14), "ussr": (34, 18, 18, 0)},
        "SBE8": {"germany": (28, 15, 18, 14), "ussr": (43, 18, 18, 0)},
        "SBE9": {"germany": (24, 3, 9, 10), "ussr": (46, 7, 6, 0)},
    }
    for sid, rows in table.items():
        income = forces.scenario(sid).income
        assert dict(income["romania"]) == {"yellow": 2, "oil": 2}, sid
        assert dict(income["hungary"]) == {"yellow": 1, "oil": 1}, sid
        for power, values in rows.items():
            got = tuple(income[power].get(k, 0) for k in ("yellow", "armor", "air", "oil"))
            assert got == values, (sid, power)


def test_sbe9_ties_to_the_table_but_for_the_shipyards() -> None:
    # June 1941 is what the map was drawn to: only the shipyards, which no income lists.
    got = map_income("SBE9")
    ussr = dict(got["ussr"])
    assert ussr.pop("shipyard") > 0
    assert ussr == dict(forces.scenario("SBE9").income["ussr"])
    assert got["germany"] == dict(forces.scenario("SBE9").income["germany"])


# --- the 1942-44 setups as deployment decisions (booklet, long scenarios) ------------------

LONG = {"SBE6": "1942", "SBE7": "1943", "SBE8": "1944"}


@pytest.fixture
def playable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(world_module, "_NOT_YET_PLAYABLE", frozenset())


def by_hand(scenario: str) -> Match[Any]:
    return Match(GAME, scenario, {"deployment": "by_hand"}, seed=3)


def prompt_problems(m: Match[Any], side: str) -> list[str]:
    view = m.view(side)
    prompt = view["prompt"]
    assert isinstance(prompt, dict)
    data = prompt.get("data") or {}
    assert isinstance(data, dict)
    return [str(p) for p in data.get("problems", [])]


def verbs(m: Match[Any], side: str) -> set[str]:
    return {a.verb for a in m.legal_actions(side)}


def move(m: Match[Any], side: str, uid: str, hex_id: str) -> None:
    m.act(Action(side, "pick", {"unit": uid}))
    m.act(Action(side, "deploy", {"unit": uid, "hex": hex_id}))


def set_strength(m: Match[Any], side: str, uid: str, value: int) -> None:
    m.act(Action(side, "pick", {"unit": uid}))
    m.act(Action(side, "strength", {"unit": uid, "strength": value}))


def line_of(m: Match[Any], side: str) -> set[str]:
    front = deployment.front_rules(m.state.scenario)
    assert front is not None
    line = forces.setup(front.setup).start_line
    return deployment.front_hexes(_adapter(m), line)[side]


def _adapter(m: Match[Any]) -> deployment.DeployMap:
    return deployment.DeployAdapter(world_module._map())


def lone_line_holder(m: Match[Any], side: str) -> tuple[str, str]:
    """A ground block that alone holds a hex along the start line, and that hex."""
    board = m.state.w.board
    line = line_of(m, side)
    by_hex: dict[str, list[str]] = {}
    for p in m.state.on_map(side):
        if m.state.spec(p).is_ground:
            by_hex.setdefault(board.id_of(p.node), []).append(p.uid)
    for h in sorted(line):
        if len(by_hex.get(h, [])) == 1:
            return by_hex[h][0], h
    raise AssertionError("every line hex holds two blocks")


@pytest.mark.parametrize("scenario", sorted(LONG))
def test_the_standard_distribution_passes_every_setup_check(scenario: str) -> None:
    front = deployment.front_rules(scenario)
    assert front is not None
    assert front.setup == LONG[scenario]
    m = deployment.DeployAdapter(world_module._map())
    res = deployment.standard_front(
        front.setup, m, front.soviet_places, front.mountain_north, front.mountain_post
    )
    found = deployment.check_chart_deployment(
        front.setup,
        res.hexes,
        res.strength,
        m,
        soviet_places=front.soviet_places,
        mountain_north=front.mountain_north,
    )
    assert found == []
    # Both sides hold every hex along the line.
    line = deployment.front_hexes(m, forces.setup(front.setup).start_line)
    assert line["axis"]
    assert line["soviet"]


@pytest.mark.parametrize("scenario", sorted(LONG))
def test_a_standard_game_starts_legal_with_the_axis_behind_its_line(
    scenario: str, playable: None
) -> None:
    # Before anyone moves a block (by hand), the standard deployment breaks no rule.
    state = by_hand(scenario).state
    assert state.turn == forces.scenario(scenario).start_turn
    assert deploy.problems(state, "axis") == []
    assert deploy.problems(state, "soviet") == []
    zone = deployment.axis_start_zone(forces.setup(LONG[scenario]).start_line)
    assert zone is not None
    behind = state.w.board.zone(zone)
    assert behind
    assert all(state.control[n] == "axis" for n in behind if not state.at(n))
    if scenario == "SBE6":  # booklet: Kerch starts Soviet
        assert state.control[state.w.board.node("Kerch")] == "soviet"


def test_the_soviets_deploy_first_but_in_1944_the_axis(playable: None) -> None:
    assert by_hand("SBE6").active_sides() == ["soviet"]
    assert by_hand("SBE7").active_sides() == ["soviet"]
    assert by_hand("SBE8").active_sides() == ["axis"]


def test_a_legal_hand_deployment_is_accepted(playable: None) -> None:
    m = by_hand("SBE6")
    state = m.state
    line = line_of(m, "soviet")
    board = state.w.board
    # A Soviet infantry block away from the line moves elsewhere behind it, and another
    # starts one step weaker (the steps may stay below the chart's total).
    rear = sorted(
        p.uid
        for p in state.on_map("soviet")
        if state.spec(p).cls == "infantry"
        and deploy.movable(state, p)
        and board.id_of(p.node) not in line
        and board.id_of(p.node) != board.id_of(board.node("Kerch"))
    )
    mover, weaker = rear[0], rear[1]
    m.act(Action("soviet", "pick", {"unit": mover}))
    target = next(
        a.args["hex"]
        for a in m.legal_actions("soviet")
        if a.verb == "deploy" and a.args["hex"] not in line
    )
    m.act(Action("soviet", "deploy", {"unit": mover, "hex": target}))
    ladder = state.spec(state.pieces[weaker]).ladder
    lower = ladder[ladder.index(state.strength(state.pieces[weaker])) + 1]
    set_strength(m, "soviet", weaker, lower)
    assert board.id_of(state.pieces[mover].node) == target
    assert state.strength(state.pieces[weaker]) == lower
    assert prompt_problems(m, "soviet") == []
    assert "done" in verbs(m, "soviet")
    m.act(Action("soviet", "done"))
    assert m.active_sides() == ["axis"]


def test_more_steps_than_the_chart_gives_are_refused(playable: None) -> None:
    m = by_hand("SBE6")
    state = m.state
    # A German infantry corps below full strength brought up to full: over the total.
    weak = next(
        p
        for p in sorted(state.on_map("axis"), key=lambda p: p.uid)
        if state.spec(p).cls == "infantry" and state.spec(p).nation == "germany" and p.step > 0
    )
    m.act(Action("soviet", "done"))
    set_strength(m, "axis", weak.uid, state.spec(weak).ladder[0])
    problems = prompt_problems(m, "axis")
    assert any("German infantry" in p and "more than the chart's" in p for p in problems)
    assert "done" not in verbs(m, "axis")
    before = m.hash()
    with pytest.raises(IllegalAction):
        m.act(Action("axis", "done"))
    assert m.hash() == before


def test_an_empty_hex_along_the_start_line_is_refused(playable: None) -> None:
    m = by_hand("SBE7")
    uid, h = lone_line_holder(m, "soviet")
    m.act(Action("soviet", "pick", {"unit": uid}))
    away = next(
        a.args["hex"]
        for a in m.legal_actions("soviet")
        if a.verb == "deploy" and a.args["hex"] not in line_of(m, "soviet")
    )
    m.act(Action("soviet", "deploy", {"unit": uid, "hex": away}))
    problems = prompt_problems(m, "soviet")
    assert any("along the start line are empty" in p and h in p for p in problems)
    assert "done" not in verbs(m, "soviet")


def test_kerch_must_stay_soviet_in_1942(playable: None) -> None:
    m = by_hand("SBE6")
    state = m.state
    kerch = state.w.board.node("Kerch")
    [holder] = [p.uid for p in state.on_map("soviet") if p.node == kerch]
    m.act(Action("soviet", "pick", {"unit": holder}))
    away = next(a.args["hex"] for a in m.legal_actions("soviet") if a.verb == "deploy")
    m.act(Action("soviet", "deploy", {"unit": holder, "hex": away}))
    assert "a Soviet ground unit must hold Kerch" in prompt_problems(m, "soviet")
    assert "done" not in verbs(m, "soviet")


def test_two_german_mountain_units_must_stay_in_scandinavia(playable: None) -> None:
    m = by_hand("SBE8")  # the Axis deploys first in 1944
    state = m.state
    board = state.w.board
    scandinavia = ("norway", "sweden", "finland")

    def north() -> list[str]:
        return sorted(
            p.uid
            for p in state.on_map("axis")
            if state.spec(p).cls == "mountain"
            and state.spec(p).nation == "germany"
            and board.owner_1941[p.node] in scandinavia
        )

    assert len(north()) >= 2
    assert prompt_problems(m, "axis") == []
    for uid in north():
        if not deploy.movable(state, state.pieces[uid]):
            continue  # a block in an off-map box stays there
        m.act(Action("axis", "pick", {"unit": uid}))
        south = next(
            a.args["hex"]
            for a in m.legal_actions("axis")
            if a.verb == "deploy"
            and board.owner_1941[board.node(str(a.args["hex"]))] not in scandinavia
        )
        m.act(Action("axis", "deploy", {"unit": uid, "hex": south}))
    assert len(north()) < 2
    problems = prompt_problems(m, "axis")
    assert any(
        "German mountain units must stand in Norway, Sweden or Finland" in p for p in problems
    )
    assert "done" not in verbs(m, "axis")


def test_a_block_cannot_cross_the_start_line(playable: None) -> None:
    m = by_hand("SBE6")
    state = m.state
    board = state.w.board
    axis_line = line_of(m, "axis")
    uid = next(
        p.uid
        for p in sorted(state.on_map("soviet"), key=lambda p: p.uid)
        if deploy.movable(state, p)
    )
    m.act(Action("soviet", "pick", {"unit": uid}))
    offered = {a.args["hex"] for a in m.legal_actions("soviet") if a.verb == "deploy"}
    assert offered
    assert not offered & axis_line
    before = m.hash()
    with pytest.raises(IllegalAction):
        m.act(Action("soviet", "deploy", {"unit": uid, "hex": sorted(axis_line)[0]}))
    assert m.hash() == before
    assert board.id_of(state.pieces[uid].node) not in axis_line


def test_the_checks_name_what_is_wrong_in_a_hand_made_deployment() -> None:
    # The pure check on a deployment written by hand: one block across the line, one block
    # more steps than its ladder has.
    m = deployment.DeployAdapter(world_module._map())
    res = deployment.standard_front("1943", m, (), 2, "Trondheim")
    hexes, strength = dict(res.hexes), dict(res.strength)
    soviet = sorted(u for u in hexes if forces.unit(u).side == "soviet")[0]
    hexes[soviet] = sorted(deployment.front_hexes(m, "green")["axis"])[0]
    german = next(u for u in sorted(hexes) if forces.unit(u).cls == "infantry")
    strength[german] = forces.unit(german).full_strength + 1
    found = [str(f) for f in deployment.check_chart_deployment("1943", hexes, strength, m)]
    assert any(
        f.startswith("area:") and "Soviet units deploy on the Soviet side" in f for f in found
    )
    assert any(f.startswith("chart:") and "cannot start at strength" in f for f in found)


def test_the_strength_choice_reads_as_words(playable: None) -> None:
    m = by_hand("SBE7")
    state = m.state
    uid = next(
        p.uid
        for p in sorted(state.on_map("soviet"), key=lambda p: p.uid)
        if deploy.movable(state, p) and deploy.strengths(state, p)
    )
    m.act(Action("soviet", "pick", {"unit": uid}))
    choice = next(a for a in m.legal_actions("soviet") if a.verb == "strength")
    said = describe(choice, m.view("soviet"))
    assert said.startswith("start ")
    assert f"strength {choice.args['strength']}" in said
    assert uid not in said
    m.act(choice)
    [event] = [e for e in m.state.log if e.kind == "deployed_strength"]
    assert event.audience == "soviet"  # the Axis does not learn it
    line = log_line({"kind": event.kind, "data": dict(event.data)}, m.view("soviet"))
    assert line.endswith(f"will start at strength {choice.args['strength']}")
    assert "_" not in line
