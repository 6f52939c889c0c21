"""The heuristic in the Advanced Game (SBE5): HQs first, then the armour they lead."""

from __future__ import annotations

from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.engine.match import Match
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
    first_move = next(i for i, (verb, _) in enumerate(chosen) if verb == "move")
    activated = {who for verb, who in chosen[:first_move] if verb == "activate"}
    assert {"ger-pzgr-1", "ger-pzgr-2", "ger-pzgr-3", "ger-pzgr-4"} <= activated
    commanded = {who for verb, who in chosen if verb == "command"}
    assert len({u for u in commanded if u.startswith("ger-pz-")}) >= 8
    # With their HQs' fuel the panzers attack on the first day (13.2, 13.5).
    attacks = [e for e in m.state.log if e.kind == "battle" and e.data.get("attacker") == "axis"]
    assert len(attacks) >= 5
