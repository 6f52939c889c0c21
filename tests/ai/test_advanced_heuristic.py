"""The heuristic in the Advanced Game (SBE5): HQs first, then the armour they lead."""

from __future__ import annotations

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
