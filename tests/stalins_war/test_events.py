"""Events carried out from the card data's effect vocabulary (7.5): one test per card, each
checking what the event changes, against the same position before it is played (so that an
event that did nothing fails)."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Decision
from hexfront.games.stalins_war.rules import combat, events
from hexfront.games.stalins_war.rules.cards import hand_size
from hexfront.games.stalins_war.rules.movement import held_by_order
from hexfront.games.stalins_war.state import AXIS, ON_MAP, OUT, SOVIET, SwState

from .helpers import GAME, act, new, round_of

OTHER = "other_fronts"


def give(s: SwState, side: str, card: str) -> None:
    for pile in s.piles[side].values():
        if card in pile:
            pile.remove(card)
    s.piles[side]["hand"].append(card)


def play(s: SwState, side: str, card: str, turn: int, ar: int = 2) -> Decision | None:
    """Play ``card`` as ``side``'s event in round ``ar`` of ``turn``."""
    give(s, side, card)
    d = round_of(s, side, turn, ar)
    assert {"card": card} in [a.args for a in d.actions if a.verb == "play_event"], card
    return act(s, Action(side, "play_event", {"card": card}))


def picks(d: Decision | None) -> list[dict[str, object]]:
    assert d is not None
    assert d.prompt.kind == "pick"
    return [dict(a.args) for a in d.actions if a.verb == "pick"]


def pick(s: SwState, side: str, **args: object) -> Decision | None:
    return act(s, Action(side, "pick", dict(args)))


def place(s: SwState, uid: str, hex_id: str, step: int = 0) -> None:
    p = s.pieces[uid]
    p.box, p.at, p.step = ON_MAP, s.world.map.index(hex_id), step
    s.moved()


def at(s: SwState, uid: str) -> str | None:
    p = s.pieces[uid]
    return s.world.map.id_of(p.at) if p.box == ON_MAP else None


# --- restrictions and orders -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "places"),
    [("A6", ["Leningrad"]), ("A7", ["Moscow", "Gorki"]), ("A8", ["Stalingrad"])],
)
def test_restricted_targets_open_with_their_card(card: str, places: list[str]) -> None:
    """11.1.9: Nordlicht, Taifun and Blau (after Hitler Takes Command, with Sevastopol Axis)
    lift the ban on attacking their cities."""
    s = new("campaign")
    m = s.world.map
    s.played.append("A24")
    s.control["Sevastopol"] = AXIS
    assert all(combat.axis_restricted(s, m.node(p)) for p in places)
    play(s, AXIS, card, turn=5)
    assert not any(combat.axis_restricted(s, m.node(p)) for p in places)


def test_blau_gives_its_rp_without_an_rp_play() -> None:
    s = new("campaign")
    s.played.append("A24")
    s.control["Sevastopol"] = AXIS
    play(s, AXIS, "A8", turn=5)
    assert s.rp.get("german") == 2
    assert s.rp_plays[AXIS] == 0


def test_winter_uniforms_cancel_the_winter_of_1942() -> None:
    """A19 (turn 2 only): turn 4's winter no longer hampers the Axis in combat (15.1.2)."""
    s = new("campaign")
    s.turn = 4
    assert combat.winter(s)
    play(s, AXIS, "A19", turn=2)
    s.turn = 4
    assert not combat.winter(s)


def _order_board(s: SwState) -> tuple[str, int]:
    uid = "ge.16A"
    return uid, s.pieces[uid].at


def test_where_a_german_soldier_stands_and_its_price() -> None:
    """S22: German units may not pay OPS to leave a ZOC this turn; the Axis may buy it off
    at once for 1 VP."""
    s = new("campaign")
    s.played.append("A24")
    uid, a = _order_board(s)
    assert not held_by_order(s, AXIS, uid, a)
    d = play(s, SOVIET, "S22", turn=5)
    assert picks(d) == [{"cancel": True}, {"cancel": False}]
    assert d is not None
    assert d.prompt.side == AXIS
    pick(s, AXIS, cancel=False)
    assert held_by_order(s, AXIS, uid, a)
    assert not held_by_order(s, AXIS, "ro.3A", s.pieces["ro.3A"].at)  # Germans only
    # bought off: 1 VP to the Soviet and the order lifted
    s = new("campaign")
    s.played.append("A24")
    vp = s.vp
    play(s, SOVIET, "S22", turn=5)
    pick(s, AXIS, cancel=True)
    assert s.vp == vp - 1
    assert not held_by_order(s, AXIS, uid, a)


def test_manstein_and_kleist_lift_the_order() -> None:
    """A53 lifts S22 for the turn; A25 only in the Caucasus Zone."""
    s = new("campaign")
    s.played.append("A24")
    uid, a = _order_board(s)
    play(s, SOVIET, "S22", turn=5)
    pick(s, AXIS, cancel=False)
    caucasus = min(s.world.map.zones["caucasus_zone"])
    play(s, AXIS, "A25", turn=5, ar=3)
    assert held_by_order(s, AXIS, uid, a)
    assert not held_by_order(s, AXIS, uid, caucasus)
    play(s, AXIS, "A53", turn=5, ar=4)
    assert not held_by_order(s, AXIS, uid, a)


def test_defend_the_motherland_and_its_price_each_ops_round() -> None:
    """A18 (1941): Soviet units may not pay OPS to leave an Axis ZOC this turn; bought off, each
    Soviet OPS round of the turn costs the Soviet 1 VP."""
    s = new("campaign")
    uid = "su.West"
    a = s.pieces[uid].at
    d = play(s, AXIS, "A18", turn=2)
    assert d is not None
    assert d.prompt.side == SOVIET
    pick(s, SOVIET, cancel=False)
    assert held_by_order(s, SOVIET, uid, a)
    s = new("campaign")
    play(s, AXIS, "A18", turn=2)
    pick(s, SOVIET, cancel=True)
    assert not held_by_order(s, SOVIET, uid, a)
    vp = s.vp
    s.emit("action_round", side=SOVIET, turn=2, ar=2)
    s.emit("play", side=SOVIET, round="ops", consecutive_ops=1, card="S9", ops=2)
    events.round_obligations(s, SOVIET)
    assert s.vp == vp + 1


def test_destroy_the_fascists_costs_a_vp_for_a_round_without_german_losses() -> None:
    """A17: each later Soviet OPS round of the turn that takes no German step gives the Axis
    1 VP; a round that does costs nothing."""
    s = new("campaign")
    play(s, AXIS, "A17", turn=2)
    vp = s.vp
    s.emit("action_round", side=SOVIET, turn=2, ar=2)
    s.emit("play", side=SOVIET, round="ops", consecutive_ops=1, card="S9", ops=2)
    events.round_obligations(s, SOVIET)
    assert s.vp == vp + 1
    s.emit("action_round", side=SOVIET, turn=2, ar=3)
    s.emit("play", side=SOVIET, round="ops", consecutive_ops=1, card="S9", ops=2)
    s.emit("step_lost", side=AXIS, unit="ge.16A", step=1)
    events.round_obligations(s, SOVIET)
    assert s.vp == vp + 1
    s.emit("action_round", side=SOVIET, turn=2, ar=4)
    s.emit("play", side=SOVIET, round="rp", consecutive_ops=0, card="S9")
    events.round_obligations(s, SOVIET)
    assert s.vp == vp + 1  # not an OPS round


def test_battle_of_the_bulge() -> None:
    """S52 (after Overlord): no more Axis panzer RP spent, 1 VP to the Soviet, and Bulge
    Cancelled can no longer be played."""
    from hexfront.games.stalins_war.rules.replacements import _affordable

    s = new("campaign")
    s.played.append("S38")
    v = {"halves": {"panzer": 10}}
    assert _affordable(s, v, "ge.39Pz")  # type: ignore[arg-type]
    vp = s.vp
    play(s, SOVIET, "S52", turn=14)
    assert s.vp == vp - 1
    assert not _affordable(s, v, "ge.39Pz")  # type: ignore[arg-type]
    assert not events.playable(s, s.world.cards["A40"])


# --- partisans ---------------------------------------------------------------------------------


def _partisans(s: SwState, hexes: list[str]) -> list[str]:
    pool = sorted(u for u, p in s.pieces.items() if s.world.units[u].kind == "partisan")
    for uid, hex_id in zip(pool, hexes, strict=False):
        place(s, uid, hex_id)
    return pool[: len(hexes)]


@pytest.mark.parametrize("card", ["A15", "A41"])
def test_partisan_sweep_removes_up_to_two(card: str) -> None:
    s = new("campaign")
    ids = _partisans(s, ["2221", "2321", "2421"])
    d = play(s, AXIS, card, turn=5)
    assert sorted(x["hex"] for x in picks(d)) == ["2221", "2321", "2421"]
    d = pick(s, AXIS, hex="2221")
    d = pick(s, AXIS, hex="2321")
    assert sum(s.pieces[u].box == ON_MAP for u in ids) == 1
    assert s.pieces[ids[0]].box == OUT  # back to the pool (16.1.5)
    assert d is None or d.prompt.kind != "pick"  # two at most


def test_airborne_corps_drops_an_active_partisan_near_a_front() -> None:
    """S20: an active partisan within four hexes of a Soviet Front in full supply."""
    s = new("campaign")
    s.played.append("S21")
    before = len(s.active_partisans)
    d = play(s, SOVIET, "S20", turn=5)
    options = picks(d)
    m = s.world.map
    front = s.pieces["su.Reserve"].at
    assert options
    assert any(m.grid.distance(front, m.index(str(o["hex"]))) <= 4 for o in options)
    pick(s, SOVIET, **options[0])
    assert len(s.active_partisans) == before + 1
    uid = s.active_partisans[-1]
    assert at(s, uid) == options[0]["hex"]


def test_bagration_wakes_partisans_and_lets_scus_exploit_far() -> None:
    """S36: two partisans activate; the card gives its OPS; in that round Soviet SCUs exploit
    four hexes whatever the terrain."""
    s = new("campaign")
    _partisans(s, ["2221", "2321", "2421"])
    d = play(s, SOVIET, "S36", turn=14)
    assert sorted(str(o["hex"]) for o in picks(d)) == ["2221", "2321", "2421"]
    d = pick(s, SOVIET, hex="2321")
    d = pick(s, SOVIET, hex="2421")
    assert sorted(str(at(s, u)) for u in s.active_partisans) == ["2321", "2421"]
    assert d is not None
    assert s.stack[-1].proc == "movement"
    v = combat.combat_vars(s, SOVIET, 0, False, False, [])
    assert combat.exploit_reach(s, v, "su.5R") == 4
    assert not combat.exploit_halts(s, v, "su.5R", 0, s.world.map.index("2123"))
    events.round_obligations(s, SOVIET)  # the round ends
    assert combat.exploit_reach(s, v, "su.5R") == 2


# --- units flipped, sent away, brought in ----------------------------------------------------


def test_soviet_mice_reduces_a_panzer_corps_the_axis_picks() -> None:
    s = new("campaign")
    place(s, "ge.39Pz", "2022")
    d = play(s, SOVIET, "S17", turn=5)
    options = picks(d)
    assert {"unit": "ge.39Pz"} in options
    assert all(s.world.map.nation[s.pieces[str(o["unit"])].at] == "ussr" for o in options)
    d = pick(s, AXIS, unit="ge.39Pz")
    assert s.pieces["ge.39Pz"].step == 1
    assert d is None or d.prompt.kind != "pick"  # one only


def test_panzer_refit_restores_reduced_corps_away_from_the_soviets() -> None:
    s = new("campaign")
    place(s, "ge.39Pz", "1422", step=1)  # the USIR, far from any Soviet unit
    place(s, "ge.57Pz", "1720", step=1)  # next to Soviet units: not refitted
    d = play(s, AXIS, "A22", turn=5)
    options = picks(d)
    assert {"unit": "ge.39Pz"} in options
    assert {"unit": "ge.57Pz"} not in options
    pick(s, AXIS, unit="ge.39Pz")
    assert s.pieces["ge.39Pz"].step == 0
    assert s.pieces["ge.57Pz"].step == 1
    with pytest.raises(IllegalAction):
        pick(s, AXIS, unit="ge.16A")  # not a panzer corps


def _send(s: SwState, card: str, turn: int) -> list[str]:
    d = GAME.decision(s)
    sent: list[str] = []
    while d is not None and d.prompt.kind == "pick":
        uid = str(picks(d)[0]["unit"])
        sent.append(uid)
        d = pick(s, AXIS, unit=uid)
    return sent


def test_the_duce_falls() -> None:
    """S37: every Italian unit leaves; at least 8 German attack factors, 5 of them panzer, go
    to the Other Fronts box; a Steppe Fox played earlier costs the Axis 1 VP."""
    s = new("campaign")
    place(s, "it.CSIR", "1829")
    s.pieces["it.8A"].box = "track"  # an Italian army waiting on the Turn Track goes too
    s.track["it.8A"] = 12
    s.played.append("A23")
    vp = s.vp
    play(s, SOVIET, "S37", turn=10)
    sent = _send(s, "S37", 10)
    assert s.pieces["it.CSIR"].box == "removed"
    assert s.pieces["it.8A"].box == "removed"
    assert "it.8A" not in s.track
    assert all(s.pieces[u].box == OTHER for u in sent)
    factors = [s.world.units[u].steps[s.pieces[u].step].attack for u in sent]
    panzer = [
        f for u, f in zip(sent, factors, strict=True) if s.world.units[u].kind == "panzer_corps"
    ]
    assert sum(factors) >= 8
    assert sum(panzer) >= 5
    assert s.vp == vp - 1


def test_second_front_now_and_emergency_transfer() -> None:
    """S39: 6 panzer factors to the Other Fronts box; A21: two of its SCUs come back at Berlin
    or Warsaw."""
    s = new("campaign")
    play(s, SOVIET, "S39", turn=10)
    sent = _send(s, "S39", 10)
    assert all(s.world.units[u].kind == "panzer_corps" for u in sent)
    assert sum(s.world.units[u].steps[s.pieces[u].step].attack for u in sent) >= 6
    play(s, AXIS, "A21", turn=10, ar=3)
    back = [u for u in sent if s.pieces[u].box == ON_MAP]
    assert len(back) == 2
    assert {at(s, u) for u in back} <= {
        s.world.map.id_of(s.world.map.node(n)) for n in ("Berlin", "Warsaw")
    }


def test_overlord_removes_nine_panzer_factors_and_ends_emergency_transfers() -> None:
    s = new("campaign")
    play(s, SOVIET, "S38", turn=14)
    sent = _send(s, "S38", 14)
    assert all(s.pieces[u].box == "removed" for u in sent)
    assert sum(s.world.units[u].steps[0].attack for u in sent) >= 9
    assert not events.playable(s, s.world.cards["A21"])


def test_steppe_fox_places_the_sk_corps_and_gives_a_second_play() -> None:
    """A23 (turn 1): the SK Panzer Corps joins the 11th Army, then the Axis plays again."""
    s = new("campaign")
    d = play(s, AXIS, "A23", turn=1, ar=5)
    assert d is not None
    assert d.prompt.kind == "reinforce"
    act(s, d.actions[0])
    sk = next(u.id for u in s.world.units.values() if u.name == "SK Panzer Corps")
    assert s.pieces[sk].at == s.pieces["ge.11A"].at
    d = GAME.decision(s)
    assert d is not None
    assert d.prompt.kind == "action_round"  # the extra card


def test_vlasov_joins_in_greater_germany_for_a_vp() -> None:
    s = new("campaign")
    vp = s.vp
    d = play(s, AXIS, "A37", turn=12)
    assert d is not None
    assert all(
        s.world.map.nation[s.world.map.index(str(a.args["at"]))] == "greater_germany"
        for a in d.actions
    )
    act(s, d.actions[0])
    assert s.pieces["ge.Vlasov"].box == ON_MAP
    assert s.vp == vp + 1


def test_bulge_cancelled_brings_the_6th_ss_army_and_blocks_the_bulge() -> None:
    s = new("campaign")
    s.played.append("S38")
    d = play(s, AXIS, "A40", turn=14)
    assert d is not None
    names = {s.world.map.place_at[s.world.map.index(str(a.args["at"]))].name for a in d.actions}
    assert names <= {"Berlin", "Buda", "Breslau"}
    assert names
    act(s, d.actions[0])
    assert s.pieces["ge.6SSA"].box == ON_MAP
    assert not events.playable(s, s.world.cards["S52"])


def test_fretter_pico_needs_a_lost_german_army_and_joins_german_units() -> None:
    """A26: only once a German LCU has been eliminated; the three detachments join German
    units in full supply."""
    s = new("campaign")
    assert not events.playable(s, s.world.cards["A26"])
    s.emit("eliminated", side=AXIS, unit="ge.16A", box="track", why="combat", hex="1820")
    d = play(s, AXIS, "A26", turn=10)
    assert d is not None
    german = {s.pieces[u].at for u in s.pieces if u.startswith("ge.") and at(s, u)}
    placed = 0
    while d is not None and d.prompt.kind == "reinforce":
        assert all(s.world.map.index(str(a.args["at"])) in german for a in d.actions)
        d = act(s, d.actions[0])
        placed += 1
    assert placed >= 1  # the others find no German hex with room (7.5.2b)
    fp = next(u.id for u in s.world.units.values() if u.name == "Armee-Abteilung Fretter-Pico")
    assert s.pieces[fp].at in german


def test_the_bunker_goes_to_berlin() -> None:
    s = new("campaign")
    s.played.append("A24")
    assert s.pieces["ge.Bunker"].box != ON_MAP
    play(s, AXIS, "A43", turn=16)
    assert s.pieces["ge.Bunker"].at == s.world.map.node("Berlin")


def test_balkan_defections() -> None:
    """S32 (two Soviet Fronts in Romania): the Axis Romanians leave, three Soviet-side Balkan
    armies join a Front, and Romanian places without Axis troops turn Soviet."""
    s = new("campaign")
    bucharest = s.world.map.node("Bucharest")
    romanian = sorted(n for n in range(s.world.map.hex_count) if s.world.map.nation[n] == "romania")
    spots = [n for n in romanian if n != bucharest][:2]
    for uid, node in zip(("su.West", "su.South"), spots, strict=True):
        place(s, uid, s.world.map.id_of(node))
    for p in s.on_map(AXIS):
        if s.world.map.nation[p.at] == "romania" and s.world.units[p.uid].nation != "RO":
            p.box, p.at = OUT, -1
    s.moved()
    ro = [u for u, unit in s.world.units.items() if unit.nation == "RO" and unit.side == AXIS]
    d = play(s, SOVIET, "S32", turn=14)
    assert all(s.pieces[u].box == "removed" for u in ro)
    assert s.control.get("Bucharest") == SOVIET
    fronts = {p.at for p in s.on_map(SOVIET) if s.world.units[p.uid].kind == "front"}
    for _ in range(3):
        assert d is not None
        assert d.prompt.kind == "reinforce"
        assert {s.world.map.index(str(a.args["at"])) for a in d.actions} <= fronts
        d = act(s, d.actions[0])
    assert s.pieces["bg.1A"].at in fronts


def test_industrial_evacuation() -> None:
    """S8 (Moscow never lost): 2 VP to the Soviet, the hand one smaller for four draws, equal
    for four, then one larger; Magnitogorsk and Chelyabinsk become VP spaces."""
    from hexfront.games.stalins_war.rules import control

    s = new("campaign")
    place_ = s.world.map.places["Chelyabinsk"]
    assert not control.is_vp(s, place_)
    size = hand_size(s, SOVIET)
    vp = s.vp
    play(s, SOVIET, "S8", turn=2)
    assert s.vp == vp - 2
    assert control.is_vp(s, place_)
    assert hand_size(s, SOVIET) == size - 1
    assert s.hand_mods[SOVIET][:9] == [-1, -1, -1, -1, 0, 0, 0, 0, 1]
    s2 = new("campaign")
    s2.emit("control", place="Moscow", hex="2722", side=AXIS, vp=8, delta=1)
    assert not events.playable(s2, s2.world.cards["S8"])


def test_total_war_fronts_take_the_place_of_older_fronts() -> None:
    """7.5.2c (S28): each Ukrainian Front replaces an older Front in full supply, which leaves
    the game; the new Front stands in its hex at full strength."""
    s = new("campaign")
    s.pieces["su.West"].step = 1
    west_at = s.pieces["su.West"].at
    d = play(s, SOVIET, "S28", turn=12)
    assert d is not None
    swaps = [a.args for a in d.actions if a.verb == "swap"]
    assert {"unit": "su.1Ukr", "old": "su.West"} in swaps
    assert all(s.world.units[str(a["old"])].kind == "front" for a in swaps)
    act(s, Action(SOVIET, "swap", {"unit": "su.1Ukr", "old": "su.West"}))
    assert s.pieces["su.West"].box == "removed"
    assert s.pieces["su.1Ukr"].at == west_at
    assert s.pieces["su.1Ukr"].step == 0
    with pytest.raises(IllegalAction):  # the West Front is gone
        act(s, Action(SOVIET, "swap", {"unit": "su.2Ukr", "old": "su.West"}))


def test_guards_armies_replace_rifle_armies() -> None:
    """7.5.2c (S27): the Guards armies of a Total War card each replace a rifle army in full
    supply."""
    s = new("campaign")
    d = play(s, SOVIET, "S27", turn=12)
    assert d is not None
    olds = {str(a.args["old"]) for a in d.actions if a.verb == "swap"}
    assert olds
    assert all(s.world.units[o].kind == "rifle_army" for o in olds)
    first = d.actions[0]
    act(s, first)
    assert s.pieces[str(first.args["old"])].box == "removed"


def test_the_volga_has_only_one_bank_builds_a_fortress() -> None:
    """S13: a fortress at Gorki, Saratov or Stalingrad (one in supply); no ZOC enters it and
    it gives its defenders fortress supply (16.2)."""
    from hexfront.games.stalins_war.rules.zoc import fortress

    s = new("campaign")
    m = s.world.map
    saratov = m.node("Saratov")
    assert not fortress(s, saratov)
    d = play(s, SOVIET, "S13", turn=6)
    assert sorted(str(o["hex"]) for o in picks(d)) == ["2830", "3023", "3027"]
    pick(s, SOVIET, hex="3027")
    assert fortress(s, saratov)
    assert "Saratov" in s.forts_built
    assert s.to_json()["forts_built"] == ["Saratov"]


def test_warsaw_rising() -> None:
    """S41 (after Partisan Formation, Warsaw Axis): the Axis units in Warsaw fall back a hex,
    an active partisan rises in the city, which turns Soviet, and the Polish army joins a
    Soviet Front."""
    s = new("campaign")
    m = s.world.map
    warsaw = m.node("Warsaw")
    place(s, "ge.43C", m.id_of(warsaw))
    s.played.append("S21")
    assert s.control["Warsaw"] == AXIS
    d = play(s, SOVIET, "S41", turn=14)
    while d is not None and d.prompt.kind == "reinforce":
        d = act(s, d.actions[0])
    garrison = sorted(p.uid for p in s.occupants(warsaw) if p.side == AXIS)
    assert "ge.43C" in garrison
    while d is not None and d.prompt.side == AXIS:
        options = picks(d)
        assert all(m.grid.distance(warsaw, m.index(str(o["to"]))) == 1 for o in options)
        d = pick(s, AXIS, **options[0])
    assert all(s.pieces[u].at != warsaw for u in garrison)
    assert picks(d) == [{"hex": m.id_of(warsaw)}]
    pick(s, SOVIET, hex=m.id_of(warsaw))
    rising = [u for u in s.active_partisans if s.pieces[u].at == warsaw]
    assert len(rising) == 1
    assert s.control["Warsaw"] == SOVIET
    fronts = {p.at for p in s.on_map(SOVIET) if s.world.units[p.uid].kind == "front"}
    assert s.pieces["pl.1A"].at in fronts


def test_black_sea_black_death() -> None:
    """S10: from Soviet Odessa the Maritime Army lands on an empty Black Sea coast hex east of
    every Axis-held port (A3); from then on it is supplied on that coast while the Soviet
    holds a Black Sea port."""
    from hexfront.games.stalins_war.rules import supply

    s = new("campaign")
    m = s.world.map
    assert at(s, "su.Maritime") == "1829"
    assert not supply.maritime_supplied(s, "su.Maritime")
    d = play(s, SOVIET, "S10", turn=5)
    options = picks(d)
    assert options
    assert all(int(str(o["to"])[:2]) > 16 for o in options)  # east of Axis Constanta (1630)
    pick(s, SOVIET, **options[-1])
    assert at(s, "su.Maritime") == options[-1]["to"]
    assert supply.maritime_supplied(s, "su.Maritime")
    assert supply.status(s, "su.Maritime") == supply.FULL
    for port in supply.black_sea_ports(s):
        s.control[port.name] = AXIS
    assert not supply.maritime_supplied(s, "su.Maritime")
    assert m.is_land(s.pieces["su.Maritime"].at)


def test_naval_evacuation() -> None:
    """A54: an Axis army in a port is shipped to a port further west and keeps only its last
    step; in 1945 the Axis may carry civilians instead, for 1 VP, the card leaving the game."""
    s = new("campaign")
    m = s.world.map
    s.control["Sevastopol"] = AXIS
    s.control["Odessa"] = AXIS
    place(s, "ge.11A", "2031")  # Sevastopol
    s.pieces["su.Maritime"].box = OUT  # Odessa empty of Soviet units
    s.moved()
    d = play(s, AXIS, "A54", turn=10)
    options = picks(d)
    assert {"unit": "ge.11A", "to": "1829"} in options  # Odessa, further west
    assert {"civilians": True} not in options  # not before 1945
    assert all(int(str(o["to"])[:2]) < 20 for o in options)
    pick(s, AXIS, unit="ge.11A", to="1829")
    assert at(s, "ge.11A") == "1829"
    assert s.pieces["ge.11A"].step == len(s.world.units["ge.11A"].steps) - 1
    s = new("campaign")
    vp = s.vp
    d = play(s, AXIS, "A54", turn=16)
    assert {"civilians": True} in picks(d)
    pick(s, AXIS, civilians=True)
    assert s.vp == vp + 1
    assert "A54" in s.pile(AXIS, "removed")
    assert m.node("Odessa") >= 0


def test_luftwaffe_supply_saves_one_hex_from_attrition() -> None:
    """A12: before the Axis attrition segment the Axis picks a hex of cut-off units within
    five hexes of supplied German units; they survive this attrition; without the card they
    are lost."""
    from hexfront.engine.sequence import Frame
    from hexfront.games.stalins_war.machine import MACHINE

    def last_axis_round(card: bool) -> SwState:
        s = new("campaign")
        place(s, "ge.43C", "2119")  # cut off behind the Soviet line, near German armies
        if card:
            play(s, AXIS, "A12", turn=5, ar=5)
        s.turn, s.ar = 5, 5
        # the action phase resumes after the Axis fifth round: its attrition segment
        s.stack = [Frame("action_phase", {"round": 6, "side": 1, "playing": AXIS})]
        s.stack[-1].status = "returned"
        s.cache.clear()
        return s

    s = last_axis_round(card=True)
    d = MACHINE.advance(s)
    assert d is not None
    assert d.prompt.kind == "pick"
    assert {"hex": "2119"} in [a.args for a in d.actions]
    act(s, Action(AXIS, "pick", {"hex": "2119"}))
    assert s.pieces["ge.43C"].box == ON_MAP
    assert any(e.kind == "airlift" for e in s.log)

    s = last_axis_round(card=False)
    MACHINE.advance(s)
    assert s.pieces["ge.43C"].box != ON_MAP


@pytest.mark.parametrize("card", ["S18", "S53"])
def test_the_soviet_picks_the_partisans_that_rise(card: str) -> None:
    """S18, S53 (after Partisan Formation): one face-down partisan of the Soviet's choice turns
    face up, never one sharing its hex with an Axis unit (16.1.6)."""
    s = new("campaign")
    s.played.append("S21")
    ids = _partisans(s, ["2221", "2321", "2421"])
    place(s, "ge.43C", "2421")
    d = play(s, SOVIET, card, turn=5)
    assert sorted(str(o["hex"]) for o in picks(d)) == ["2221", "2321"]
    pick(s, SOVIET, hex="2321")
    assert s.active_partisans == [ids[1]]
