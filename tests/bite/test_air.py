"""Air war: reaction (7.6), air-to-air (7.7.1), grounded bombers (7.7.3.1), air retreats
(7.7.16), evacuation (note after 7.7.5), rebasing (7.8.1); mountain units (6.1.2)."""

from __future__ import annotations

from hexfront.games.bite.board import Site
from hexfront.games.bite.rules.modifiers import GROUND, BattleContext, modifiers

from .helpers import act, at_prompt, drive, load, new_match
from .synthetic import SyntheticBoard, unit, world

ROWS = ["." * 12] * 6
SOURCES = {"germany": "0103", "ussr": "1203"}


def board() -> SyntheticBoard:
    west = {f"{c:02d}{r:02d}": "germany" for c in range(1, 5) for r in range(1, 7)}
    b = SyntheticBoard(
        ROWS, owner="ussr", owners=west, rails=[[f"{c:02d}03" for c in range(1, 13)]]
    )
    for name, hex_id, kind in (
        ("Berlin", "0103", "capital"),
        ("Posen", "0203", "major"),
        ("Thorn", "0303", "minor"),
        ("Minsk", "0803", "major"),
        ("Orsha", "0903", "minor"),
        ("Moscow", "1203", "capital"),
    ):
        s = Site(name, b.node(hex_id), type=kind)
        b._sites[s.node] = s
    return b


def fires(m, step):  # type: ignore[no-untyped-def]
    return [e.data for e in m.state.log if e.kind == "fire" and e.data["step"] == step]


def dogfight_at_0703():  # type: ignore[no-untyped-def]
    """German infantry attacks 0703 with a fighter over it; the Soviet fighter may react."""
    units = [
        unit("inf"),
        unit("s", nation="ussr"),
        unit("vvs", "fighter", "ussr", ladder=(3, 2, 1)),
        unit("jg", "fighter", "germany", ladder=(3, 2, 1)),
    ]
    w = world(
        board(),
        units,
        {"inf": "0603", "s": "0703", "vvs": "0903", "jg": "0303"},
        main_sources=SOURCES,
    )
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="inf", to="0703")
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="jg", to="0703")
    act(m, "axis", "done")
    drive(m, at_prompt("reaction", "soviet"))
    return m


def test_defender_reacts_with_air_and_air_to_air_happens() -> None:  # 7.6, 7.7.1
    m = dogfight_at_0703()
    assert {a.args["to"] for a in m.legal_actions("soviet") if a.verb == "react"} == {"0703"}
    act(m, "soviet", "react", unit="vvs", to="0703")  # its only choice: the phase ends
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [1] * 40)
    act(m, "axis", "fight", hex="0703")
    drive(m, lambda x: bool(fires(x, "aa")) or bool(fires(x, "ground")))
    a2a = fires(m, "a2a")
    assert {f["unit"] for f in a2a} == {"jg", "vvs"}
    faces = {str(f["unit"]): f["hit_on"] for f in a2a}
    assert faces == {"jg": 5, "vvs": 6}  # German fighters 5-6, others 6 (7.7.1)


def test_withdrawal_offered_after_each_air_to_air_round_defender_first() -> None:  # 7.7.1
    m = dogfight_at_0703()
    act(m, "soviet", "react", unit="vvs", to="0703")  # its only choice: the phase ends
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [1] * 40)
    act(m, "axis", "fight", hex="0703")
    d = m.game.decision(m.state)  # type: ignore[attr-defined]
    assert d.prompt.kind == "retreat"
    assert d.prompt.side == "soviet"  # the defender decides first
    withdraw = {a.args["to"] for a in d.actions if a.verb == "retreat"}
    assert withdraw <= {"0803", "0903", "1203"}
    assert withdraw
    act(m, "soviet", "retreat", unit="vvs", to="0903")  # nothing left to pull out: choice over
    assert m.state.pieces["vvs"].node == m.state.w.board.node("0903")


def test_grounded_defending_bombers_sit_out_the_first_round() -> None:  # 7.7.3.1
    units = [
        unit("inf"),
        unit("s", nation="ussr"),
        unit("sb", "bomber", "ussr", ladder=(3, 2, 1)),
        unit("jg", "fighter", "germany", ladder=(3, 2, 1)),
    ]
    w = world(
        board(),
        units,
        {"inf": "0703", "s": "0803", "sb": "0803", "jg": "0303"},
        main_sources=SOURCES,
    )
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="inf", to="0803")
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="jg", to="0803")
    act(m, "axis", "done")
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [1] * 40)
    act(m, "axis", "fight", hex="0803")
    drive(m, lambda x: bool(fires(x, "a2a")))
    assert [f["unit"] for f in fires(m, "a2a")] == ["jg"]


def test_air_units_caught_alone_on_their_airbase_evacuate() -> None:  # note after 7.7.5
    units = [unit("inf"), unit("sb", "bomber", "ussr", ladder=(3, 2, 1))]
    w = world(board(), units, {"inf": "0703", "sb": "0803"}, main_sources=SOURCES)
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="inf", to="0803")
    sb = m.state.pieces["sb"]
    assert sb.node != m.state.w.board.node("0803")  # it flew off
    assert m.state.strength(sb) == 2  # losing a step


def test_air_units_that_fought_rebase_and_cannot_share_an_airbase() -> None:  # 7.8.1
    units = [
        unit("inf"),
        unit("s", nation="ussr", ladder=(1,)),
        unit("jg", "fighter", "germany", ladder=(3, 2, 1)),
        unit("kg", "bomber", "germany", ladder=(3, 2, 1)),
    ]
    w = world(
        board(),
        units,
        {"inf": "0603", "s": "0703", "jg": "0303", "kg": "0203"},
        main_sources=SOURCES,
    )
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="inf", to="0703")
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="jg", to="0703")
    act(m, "axis", "fly", unit="kg", to="0703")
    act(m, "axis", "done")
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [6] * 10)
    act(m, "axis", "fight", hex="0703")
    drive(m, at_prompt("air_rebase", "axis"))
    while at_prompt("air_rebase", "axis")(m):
        first = m.legal_actions("axis")[0]
        m.act(first)
    homes = [m.state.pieces[u].node for u in ("jg", "kg") if m.state.pieces[u].status == "map"]
    assert len(homes) == len(set(homes))  # one air unit per airbase (3.4)
    assert all(m.state.pieces[u].base < 0 for u in ("jg", "kg"))


def test_mountain_units_in_hills_attack_without_malus_and_defend_with_bonus() -> None:  # 6.1.2
    rows = ["." * 12, "." * 12, "......h.....", "." * 12, "." * 12, "." * 12]
    b = SyntheticBoard(rows, owner="ussr")
    mtn = unit("mtn", "mountain")
    sov_mtn = unit("smt", "mountain", "ussr")
    w = world(b, [mtn, sov_mtn], {"mtn": "0703", "smt": "0703"}, main_sources={})
    m = new_match(w)
    ctx = BattleContext(b.node("0703"), "axis", "soviet", 1)
    assert modifiers(m.state, m.state.pieces["mtn"], ctx, GROUND).mali == 0
    assert modifiers(m.state, m.state.pieces["smt"], ctx, GROUND).boni == 1
    plain = unit("inf")
    w2 = world(b, [plain, sov_mtn], {"inf": "0703", "smt": "0703"}, main_sources={})
    m2 = new_match(w2)
    assert modifiers(m2.state, m2.state.pieces["inf"], ctx, GROUND).mali == 1


def test_each_retreat_offer_names_the_fire_step_it_follows() -> None:  # 7.7.13
    """The air units' retreat is offered after each fire step of a round; the prompt says
    which (the browser labels the offer with it, issue 18)."""
    m = dogfight_at_0703()
    act(m, "soviet", "react", unit="vvs", to="0703")
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [1] * 200)  # nobody hits: every step of the round is fought
    act(m, "axis", "fight", hex="0703")
    offers: list[tuple[str, str]] = []
    for _ in range(30):
        d = m.game.decision(m.state)  # type: ignore[attr-defined]
        if d is None or d.prompt.kind != "retreat":
            break
        offers.append((d.prompt.side, str(d.prompt.data["after"])))
        if len(offers) == 1:  # the Soviet fighters leave: no more air-to-air rounds
            act(m, "soviet", "retreat", unit="vvs", to="0903")
        else:
            act(m, d.prompt.side, "stand")
    ground = [i for i, (_, after) in enumerate(offers) if after == "ground"]
    first_round = offers[: ground[1] + 1]  # nobody hits: the rounds go on (7.7.12)
    order = [a for i, (_, a) in enumerate(first_round) if i == 0 or first_round[i - 1][1] != a]
    assert order == ["a2a", "aa", "a2g", "artillery", "ground"]
    assert [side for side, _ in first_round[:2]] == ["soviet", "axis"]  # the defender first
    late = [side for side, after in first_round if after in ("aa", "a2g", "artillery")]
    assert late == ["axis", "axis", "axis"]  # only the German fighters still fly
    assert [side for side, after in first_round if after == "ground"] == ["soviet", "axis"]
