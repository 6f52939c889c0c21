"""What the long scenarios' random games found (issue 15), each kept as a test.

* SBE6 seed 1502 (fuzz, 10 games a scenario): the Italian submarine that the Battle Sheet
  brings in June 1942 was placed like any reinforcement, in Warsaw, and stood there as a
  second parked "air" unit beside a bomber. Submarines fight only in the strategic warfare
  of 35.2, off the map: they are no reinforcement of the map.
"""

from __future__ import annotations

import pytest

from hexfront.engine.match import Match
from hexfront.games.bite import forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.units import OFF_MAP_CLASS
from hexfront.games.bite.world import build_world

GAME = Bite()


@pytest.mark.parametrize("scenario", ["SBE6", "SBE7", "SBE8", "SBE9"])
def test_no_submarine_arrives_on_the_map(scenario: str) -> None:
    w = build_world(scenario, {})
    arriving = {uid for uid, *_ in w.scenario.reinforcements}
    subs = {u.id for u in forces.load_units() if u.cls in OFF_MAP_CLASS}
    assert subs  # the data has submarines (the Italian one comes in June 1942) ...
    assert not arriving & subs  # ... and none of them is placed on the map


def test_the_axis_cannot_place_the_italian_submarine_in_june_1942() -> None:
    m = Match(GAME, "SBE6", {}, 1502)
    assert m.state.phase == "production"
    placed = {str(a.args.get("unit")) for a in m.legal_actions("axis") if a.verb == "place"}
    assert "ita-marcello" not in placed
    assert m.state.pieces.get("ita-marcello") is None or m.state.pieces[
        "ita-marcello"
    ].status not in ("held", "map")
