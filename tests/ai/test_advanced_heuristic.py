"""The heuristic in the Advanced Game (SBE5): HQs first, then the armour they lead."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite


def test_the_axis_activates_its_panzer_groups_before_the_panzers_move() -> None:
    game = Bite()
    m = Match(game, "SBE5", {}, 1)
    agent = HeuristicAgent(1)
    chosen: list[tuple[str, str]] = []
    while not (m.state.phasing == "axis" and m.state.phase == "reaction"):
        side = m.active_sides()[0]
        action = agent.choose(m.view(side), m.legal_actions(side))
        if side == "axis" and m.state.phase == "movement":
            who = action.args.get("unit") if action.verb == "command" else action.args.get("hq")
            chosen.append((action.verb, str(who or action.args.get("unit"))))
        m.act(action)
    # An HQ may move up to its panzers first (13.3: it moves, then activates); the panzers
    # themselves move only once the four panzer groups are activated.
    first_move = next(
        i for i, (verb, who) in enumerate(chosen) if verb == "move" and who.startswith("ger-pz-")
    )
    activated = {who for verb, who in chosen[:first_move] if verb == "activate"}
    assert {"ger-pzgr-1", "ger-pzgr-2", "ger-pzgr-3", "ger-pzgr-4"} <= activated
    commanded = {who for verb, who in chosen if verb == "command"}
    assert len({u for u in commanded if u.startswith("ger-pz-")}) >= 8
    # With their HQs' fuel the panzers attack on the first day (13.2, 13.5).
    attacks = [e for e in m.state.log if e.kind == "battle" and e.data.get("attacker") == "axis"]
    assert len(attacks) >= 5


def _sbe5_axis(
    units: Sequence[Mapping[str, object]], turn: int = 3, phase: str = "movement"
) -> tuple[Match[Any], list[tuple[float, int, Action]]]:
    """An SBE5 position (the public position builder) with the Axis to play, good
    weather, and the heuristic's score for every legal action there."""
    position = {
        "scenario": "SBE5",
        "turn": turn,
        "side": "axis",
        "phase": phase,
        "weather": "good",
        "unit": [dict(u) for u in units],
    }
    m = Match.from_position(Bite(), position)
    return m, HeuristicAgent(1).scored(m.view("axis"), m.legal_actions("axis"))


def _line_board() -> tuple[dict[str, dict[str, object]], Any, Any]:
    """Hexes numbered along a line: distance is the difference of the numbers."""

    def node(h: str) -> int:
        return int(h)

    def distance(a: int, b: int) -> int:
        return abs(a - b)

    return {}, node, distance


def test_an_hq_moves_up_to_its_panzers_before_it_activates() -> None:
    from hexfront.ai import bite_command

    _, node, distance = _line_board()
    hq: dict[str, Any] = {
        "id": "hq",
        "cls": "armor_hq",
        "nation": "germany",
        "strength": 3,
        "hex": "0",
    }
    mine: dict[str, dict[str, Any]] = {
        "hq": hq,
        **{
            f"pz{i}": {"id": f"pz{i}", "cls": "tank", "nation": "germany", "hex": str(9 + i)}
            for i in range(3)
        },
    }

    def enemy_at_14(n: int) -> int:
        return abs(14 - n)

    activation = bite_command.activation_score(
        Action("axis", "activate", {"hq": "hq"}), mine, node, distance, enemy_at_14, "good"
    )
    assert activation == -1.0  # from hex 0 it reaches none of them: worth nothing there
    up = bite_command.hq_move_score(hq, 0, 8, mine, node, distance, enemy_at_14, "good")
    assert up > bite_command.ACTIVATE  # moving up comes before any activation
    # Into the front line (next to the enemy) is worth less than one hex behind it.
    front = bite_command.hq_move_score(hq, 0, 13, mine, node, distance, enemy_at_14, "good")
    assert front < up
    assert bite_command.hq_move_score(hq, 0, 14, mine, node, distance, enemy_at_14, "good") < 0


def test_an_hq_on_its_last_step_is_kept_until_the_last_turn() -> None:
    from hexfront.ai import bite_command

    _, node, distance = _line_board()
    hq: dict[str, Any] = {
        "id": "hq",
        "cls": "armor_hq",
        "nation": "germany",
        "strength": 1,
        "hex": "5",
    }
    mine: dict[str, dict[str, Any]] = {
        "hq": hq,
        "pz": {"id": "pz", "cls": "tank", "nation": "germany", "hex": "6"},
    }

    def near(n: int) -> int:
        return 1

    act = Action("axis", "activate", {"hq": "hq"})
    assert bite_command.activation_score(act, mine, node, distance, near, "good", 3) < 0
    assert bite_command.activation_score(act, mine, node, distance, near, "good", 0) > 0
    # Its repair comes before a front-line infantry unit's (production scores reach ~3).
    assert (bite_command.repair_score(hq) or 0) > 4.0
    assert bite_command.repair_score({"cls": "infantry", "strength": 1}) is None


def test_germany_keeps_its_black_pp_for_its_own_hqs() -> None:
    """Black PP repair the HQ steps that command the armour (13.6): the heuristic never
    gives them to an ally, while leftover PP of other colours may go."""
    match = Match(Bite(), "SBE5", {}, 1)
    view = match.view("axis")
    gifts = [
        Action("axis", "aid", {"to": "romania", "colour": "black"}),
        Action("axis", "aid", {"to": "romania", "colour": "blue"}),
        Action("axis", "done", {}),
    ]
    scores = {
        str(a.args.get("colour", a.verb)): s for s, _, a in HeuristicAgent(1).scored(view, gifts)
    }
    assert scores["black"] < scores["done"] < scores["blue"]


def _hq(strength: int, hex_id: str = "5", cls: str = "armor_hq") -> dict[str, Any]:
    return {
        "id": "hq",
        "cls": cls,
        "nation": "germany",
        "strength": strength,
        "ladder": [4, 3, 2, 1],
        "hex": hex_id,
    }


def _panzers(*hexes: str) -> dict[str, dict[str, Any]]:
    return {
        f"pz{i}": {"id": f"pz{i}", "cls": "tank", "nation": "germany", "hex": h}
        for i, h in enumerate(hexes)
    }


def test_an_hq_does_not_activate_to_lead_another_hq() -> None:
    """13.1: a Panzer Group leads panzers; another HQ beside it is no reason to spend a step
    (seed 705's turn 4 spent one on leading Panzer Group 1)."""
    from hexfront.ai import bite_command

    _, node, distance = _line_board()
    other = {**_hq(4, "6"), "id": "other"}
    mine: dict[str, dict[str, Any]] = {"hq": _hq(4), "other": other}
    act = Action("axis", "activate", {"hq": "hq"})

    def near(n: int) -> int:
        return 1

    assert bite_command.activation_score(act, mine, node, distance, near, "good", 3) < 0
    mine.update(_panzers("6", "7"))
    assert bite_command.activation_score(act, mine, node, distance, near, "good", 3) > 0


def test_a_weakened_hq_waits_for_its_repair_until_the_last_turns() -> None:
    """13.4, 13.6: a step buys as many action points as the HQ has steps, so a Panzer Group
    at 2 of 4 steps is repaired rather than spent, except in the last two turns."""
    from hexfront.ai import bite_command

    _, node, distance = _line_board()
    act = Action("axis", "activate", {"hq": "hq"})

    def near(n: int) -> int:
        return 1

    def score(strength: int, turns_left: int, panzers: int = 3) -> float:
        mine = {"hq": _hq(strength), **_panzers(*["6"] * panzers)}
        return bite_command.activation_score(act, mine, node, distance, near, "good", turns_left)

    assert score(4, 3) > bite_command.ACTIVATE
    assert score(3, 3) > bite_command.ACTIVATE  # one step short: still worth it
    assert score(2, 3) < 0
    assert score(2, 1) > bite_command.ACTIVATE  # the last turns spend what is left
    # 9.0-9.2: SBE5's September, turn 4 of 6: October may rain and November snows, so the
    # points saved would move the armour a hex a turn; the last dry turn spends them.
    mine = {"hq": _hq(2), **_panzers("6", "6", "6")}
    for dry, worth in ((2, False), (1, True)):
        spent = bite_command.activation_score(act, mine, node, distance, near, "good", 2, dry)
        assert (spent > bite_command.ACTIVATE) is worth
    assert score(4, 3, panzers=1) < 0  # one panzer to lead is not worth the step
    assert score(4, 0, panzers=1) > bite_command.ACTIVATE
    # The black PP go to the strongest HQ first: it gets back to full strength sooner.
    strong, weak = _hq(3), _hq(1)
    assert (bite_command.repair_score(strong) or 0) > (bite_command.repair_score(weak) or 0)
    # ... unless the weaker one leads the drive on a place still to take (5 hexes to go,
    # against 14): its panzers are the ones that win the game.
    driving, behind = _hq(2), _hq(3)
    assert (bite_command.repair_score(driving, 5) or 0) > (
        bite_command.repair_score(behind, 14) or 0
    )


def test_an_hq_left_behind_follows_its_panzers() -> None:
    """13.3, 13.5: armour out of its HQ's range moves at half MP; an HQ twelve hexes behind
    moves towards its panzers, not just towards the nearest enemy, even when no one move
    brings any of them into range. Hexes "x,y" on a grid, Manhattan distance."""
    from hexfront.ai import bite_command

    def node(h: str) -> int:
        x, y = h.split(",")
        return int(x) * 100 + int(y)

    def distance(a: int, b: int) -> int:
        return abs(a // 100 - b // 100) + abs(a % 100 - b % 100)

    def nearest_enemy(n: int) -> int:  # enemies at (12, 0) and at (0, 16)
        return min(distance(n, node("12,0")), distance(n, node("0,16")))

    hq = _hq(4, "0,0")
    mine = {"hq": hq, **_panzers("0,12", "0,12", "1,12")}
    here = node("0,0")

    def move(to: str) -> float:
        return bite_command.hq_move_score(
            hq, here, node(to), mine, node, distance, nearest_enemy, "good"
        )

    assert move("0,2") > bite_command.HQ_MOVE  # after its panzers
    assert move("0,2") > move("2,0")  # as near the enemy, but away from its panzers


def test_panzers_turn_to_moscow_once_leningrad_is_in_hand() -> None:
    """SBE5 scores Leningrad and Moscow alike: a panzer corps between them marches on the
    nearer, Leningrad, unless five German corps (20 steps) already stand south of it against
    one Soviet army, when the corps turns to Moscow (the heuristic's HAND_* figures); the
    ring's own corps keep closing on Leningrad."""
    board = Bite().world("SBE5", {}).board
    leningrad, moscow = board.node("Leningrad"), board.node("Moscow")
    ring = ["ger-c-i", "ger-c-xxvi", "ger-c-xxxviii", "ger-c-ii", "ger-c-x"]

    south = ["3014", "2914", "3114", "3213", "3313"]  # 1-3 hexes south of Leningrad

    def best_move(
        corps: int, unit: str = "ger-pz-xxxix", ring: list[str] = ring, hexes: list[str] = south
    ) -> int:
        units = [
            {"id": "ger-pz-xxxix", "hex": "3515"},  # 5 hexes from Leningrad, 6 from Moscow
            {"id": "sov-a-23", "hex": "Leningrad"},
            {"id": "sov-a-7", "hex": "4010"},
        ]
        units += [{"id": u, "hex": h} for u, h in zip(ring[:corps], hexes[:corps], strict=True)]
        _, scored = _sbe5_axis(units)
        moves = [(s, a) for s, _, a in scored if a.args.get("unit") == unit]
        return board.node(str(max(moves, key=lambda t: t[0])[1].args["to"]))

    toward_leningrad = best_move(1)
    assert board.distance(toward_leningrad, leningrad) == 4
    toward_moscow = best_move(5)
    assert board.distance(toward_moscow, moscow) == 5
    # The corps of the ring itself goes on with Leningrad (2 hexes away, in 3213).
    assert board.distance(best_move(5, "ger-c-ii"), leningrad) <= 2
    # Corps in Finland north of it do not make it in hand: Finns, and Germans operating
    # from Finland, attack only inside the Finnish attack zone, without Leningrad (5.5).
    north = ["3011", "2812", "2912", "3012", "3111"]
    finns = ["fin-c-i", "fin-c-ii", "fin-c-iii", "fin-c-iv", "fin-c-vi"]
    assert board.distance(best_move(5, ring=finns, hexes=north), leningrad) == 4
    assert board.distance(best_move(5, hexes=north), leningrad) == 4


def test_the_fhq_keeps_its_points_for_the_panzers_rather_than_the_railway() -> None:
    """13.8.2: the FHQ activates in the Strategic Rail Movement Phase with 4 action points
    that last the turn. A point spent on a rail move is one panzer corps fewer at full
    speed (13.5), so it rails a division up only when it has more points than there are
    panzer corps near the front to spend them on."""
    panzers = ["ger-pz-xxxix", "ger-pz-lvii", "ger-pz-xxxxvi", "ger-pz-xxxxvii", "ger-pz-xxxx"]

    def best(corps: int) -> Action:
        units = [
            {"id": "ger-fhq", "hex": "Rastenburg"},
            {"id": "ger-c-x", "hex": "Warsaw"},  # a corps far behind the front, on the railway
            {"id": "sov-a-7", "hex": "3123"},
        ]
        hexes = ["2924", "2923", "3022", "3024", "2925"]  # 1-3 hexes from the Soviets
        units += [{"id": u, "hex": h} for u, h in zip(panzers[:corps], hexes[:corps], strict=True)]
        m, scored = _sbe5_axis(units, phase="rail")
        view = m.view("axis")
        assert [(e["id"], e["left"]) for e in view["hq"]["active"]] == [("ger-fhq", 4)]
        return max(scored, key=lambda t: t[0])[2]

    no_panzers = best(0)
    assert no_panzers.verb == "rail"
    assert no_panzers.args.get("hq") == "ger-fhq"
    assert best(3).verb == "rail"  # three corps, four points: one is spare
    assert best(4).verb == "done"
    assert best(5).verb == "done"


def test_the_stavka_spends_its_rail_action_whatever_its_armour() -> None:
    """13.8.1: the Stavka has one action of each kind, so its rail action takes nothing
    from its armour action; only a Supreme HQ whose points serve any kind (the FHQ) keeps
    them for the armour."""
    from hexfront.ai.bite_command import keeps_points_for_armour

    tanks = {f"t{i}": {"id": f"t{i}", "cls": "tank", "hex": str(i)} for i in range(5)}

    def keeps(hq: str) -> bool:
        entry = {"id": hq, "cls": "supreme_hq", "left": 2, "may_command": list(tanks)}
        return keeps_points_for_armour(hq, {"active": [entry]}, tanks, int, lambda n: 1)

    assert keeps("ger-fhq")
    assert not keeps("sov-stavka")


def test_panzers_leave_a_ring_that_their_infantry_holds_on_its_own() -> None:
    """Once the infantry around Leningrad alone makes it in hand (the heuristic's HAND_*
    figures: 15 steps, 1.5 times the defenders'), a panzer corps of the ring drives on to
    Moscow, as Panzergruppe 4 did in September 1941; while the ring needs its steps, it
    stays and closes on Leningrad."""
    board = Bite().world("SBE5", {}).board
    leningrad, moscow = board.node("Leningrad"), board.node("Moscow")
    infantry = ["ger-c-i", "ger-c-xxvi", "ger-c-xxxviii", "ger-c-ii"]
    hexes = ["3014", "2914", "3114", "3313"]  # 1-3 hexes south of Leningrad

    def best_move(corps: int) -> tuple[float, int]:
        units = [
            {"id": "ger-pz-lvii", "hex": "3213"},  # 2 hexes from Leningrad
            {"id": "sov-a-23", "hex": "Leningrad"},
            {"id": "sov-a-7", "hex": "4010"},
        ]
        units += [{"id": u, "hex": h} for u, h in zip(infantry[:corps], hexes[:corps], strict=True)]
        _, scored = _sbe5_axis(units)
        moves = [(s, a) for s, _, a in scored if a.args.get("unit") == "ger-pz-lvii"]
        score, move = max(moves, key=lambda t: t[0])
        return score, board.node(str(move.args["to"]))

    # Without an HQ's command the corps has half its MP (13.5): one hex through the forest.
    start = board.node("3213")
    score, _ = best_move(3)  # 12 infantry steps: the ring needs the panzers' 5
    assert score < 0  # no move beats staying in the ring
    score, leaves = best_move(4)  # 16 infantry steps hold it without them
    assert score > 0
    assert board.distance(leaves, moscow) < board.distance(start, moscow)
    assert board.distance(leaves, leningrad) > board.distance(start, leningrad)


def test_a_weakened_panzer_group_is_spent_in_the_last_dry_turn_of_sbe5() -> None:
    """SBE5 ends with November (snow) after October's weather roll (9.0): a Panzer Group
    at half strength waits for its repair in August, and is activated in September."""

    def activation(turn: int) -> float:
        units: list[dict[str, object]] = [
            {"id": "ger-pzgr-3", "hex": "2924", "strength": 2},
            {"id": "sov-a-7", "hex": "3123"},
            {"id": "ger-pz-xxxix", "hex": "2923"},
            {"id": "ger-pz-lvii", "hex": "3022"},
            {"id": "ger-pz-xxxxvi", "hex": "3024"},
        ]
        _, scored = _sbe5_axis(units, turn=turn)
        return next(s for s, _, a in scored if a.verb == "activate")

    assert activation(3) < 0
    assert activation(4) > 0


def test_panzers_driving_on_an_empty_moscow_get_their_fuel() -> None:
    """Three panzer corps 6-7 hexes from Moscow with no Soviet unit within 16 hexes: the
    drive on the place that wins the game is worth the Panzer Group's step as much as a
    battle is (13.4-13.6), so it is activated and its points go to the panzers."""
    units = [
        {"id": "ger-pzgr-3", "hex": "2924"},
        {"id": "sov-a-7", "hex": "2236"},  # far south-west, behind the panzers
        {"id": "ger-pz-xxxix", "hex": "2923"},
        {"id": "ger-pz-lvii", "hex": "3022"},
        {"id": "ger-pz-xxxxvi", "hex": "3024"},
    ]
    m, scored = _sbe5_axis(units)
    assert max(scored, key=lambda t: t[0])[2] == Action("axis", "activate", {"hq": "ger-pzgr-3"})
    m.act(Action("axis", "activate", {"hq": "ger-pzgr-3"}))
    scored = HeuristicAgent(1).scored(m.view("axis"), m.legal_actions("axis"))
    best = max(scored, key=lambda t: t[0])[2]
    assert best.verb == "command"
    assert str(best.args["unit"]).startswith("ger-pz-")
