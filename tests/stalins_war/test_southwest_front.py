"""Stalin's War 14.2.1: the Southwest Front's first counter makes way for the weaker one
when it is eliminated, in combat as at attrition (``test_replacements.py``)."""

from __future__ import annotations

from hexfront.games.stalins_war.rules import combat
from hexfront.games.stalins_war.state import AXIS, ELIMINATED, ON_MAP, SOVIET

from .helpers import new
from .test_combat import at_combat, attack, clear, place


def test_the_southwest_front_destroyed_in_combat_leaves_its_weaker_counter() -> None:
    """14.2.1 (11.3.6): three panzer corps and an army destroy the Southwest Front in clear
    terrain; the first counter leaves the game and the weaker one waits in the Eliminated
    box, where a later elimination of that one leaves it (no second swap)."""
    s = new("campaign")
    clear(s)
    for u in ("ge.6A", "ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, "1720")
    place(s, "su.Southwest", "1821")
    at_combat(s, AXIS, 1, turn=2)
    s.dice.loaded = [6, 1]
    attack(s, AXIS, ["1720"], "1821", ["ge.6A", "ge.39Pz", "ge.57Pz", "ge.56Pz"])
    gone = [e.data for e in s.log if e.kind == "eliminated" and e.data["unit"] == "su.Southwest"]
    assert gone
    assert gone[-1]["why"] == "combat"
    assert s.pieces["su.Southwest"].box == "removed"
    assert s.pieces["su.Southwest2"].box == ELIMINATED
    units = s.world.units
    assert combat.attack_of(s, "su.Southwest") > units["su.Southwest2"].steps[0].attack
    # the weaker counter, rebuilt and destroyed again, goes to the Eliminated box itself
    second = s.pieces["su.Southwest2"]
    second.box, second.at, second.step = ON_MAP, s.world.map.index("1821"), 0
    s.moved()
    combat.eliminate(s, "su.Southwest2", False, "combat")
    assert second.box == ELIMINATED
    assert s.pieces["su.Southwest"].box == "removed"
    assert s.pieces["su.Southwest2"].side == SOVIET
