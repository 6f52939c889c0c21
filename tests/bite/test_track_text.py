"""The optional rules' tracks in the terminal (issue 20): `hexfront play` shows the Tech
Level chart (17.1), the Lend-Lease routes (34.0, 35.2), the air war over Germany (35.1) and
what new factories, scorched earth and bombing leave on the map (15, 16, 32) in words, when
their rules are played, and nothing of them when they are not. The Soviets read how many
interceptors the Reich has, never their strength (fog of war, 1.3).

The trackers have no field in the position format: the plants, scorched places and bomb
damage are set through ``rules/factories.py``, the module that keeps them.
"""

from __future__ import annotations

import re
from typing import Any

from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import factories
from hexfront.games.bite.state import BiteState

GAME = Bite()
HEADINGS = (
    "Tech levels (17.1):",
    "Lend-Lease (34.0):",
    "Air war over Germany (35.1):",
    "Factories and bomb damage (15, 16, 32):",
)
AUG_1941 = 3


def play(option: str, human: str, computer: str) -> str:
    """What `hexfront play bite SBE5` prints up to the first human decision (then "q")."""
    args = ["play", "bite", "SBE5", "--option", option, f"--{human}", "human"]
    result = CliRunner().invoke(app, [*args, f"--{computer}", "random"], input="q\n")
    assert result.exit_code == 0, result.output[-2000:]
    return " ".join(str(result.output).split())  # the console wraps long lines


def test_the_terminal_shows_the_tracks_with_all_optional_rules() -> None:
    out = play("optional_rules=all", "soviet", "axis")
    for heading in HEADINGS:
        assert heading in out
    assert "Germany: infantry 2, armour 2, fighters 2, bombers 2" in out  # June 1941, 3.13
    assert re.search(r"Arctic route: open, .*U-boats and bombers \(35\.2\)", out)
    assert "Factories and bomb damage (15, 16, 32): " in out  # the Axis' bombs may show
    # 35.1: the Soviets learn the interceptors' number, not their strength.
    assert "The Reich has 2 interceptors (their strength is hidden)" in out
    assert "interceptors, at strength" not in out
    block = out[out.index(HEADINGS[0]) :]
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\w+=\w+", block), block  # words, no keys


def test_the_axis_reads_its_interceptors_strength() -> None:
    out = play("optional_rules=all", "axis", "soviet")
    assert "The Reich's interceptors, at strength 4, 4" in out


def test_no_tracks_without_the_optional_rules() -> None:
    out = play("optional_rules=none", "soviet", "axis")
    assert "Turn 1 of" in out  # the status was printed
    for heading in HEADINGS:
        assert heading not in out


def test_one_rule_alone_shows_its_track_alone() -> None:
    out = play("or34_lend_lease=true", "soviet", "axis")
    assert "Lend-Lease (34.0):" in out
    assert "Tech levels (17.1):" not in out
    assert "Air war over Germany (35.1):" not in out


def position(options: dict[str, Any]) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": AUG_1941,
            "side": "axis",
            "phase": "production",
            "weather": "good",
            "reinforcements": False,
            "options": options,
        },
    )


def test_plants_scorched_places_and_bomb_damage_in_words() -> None:
    m = position({"optional_rules": "all"})
    board = m.state.w.board
    kharkov, kassel = board.node("Kharkov"), board.node("Kassel")
    factories.store(
        m.state,
        [
            factories.Plant("germany", "red", 4, AUG_1941, -1, 2, factories.BUILT),
            factories.Plant("ussr", "blue", 9, AUG_1941, -1, 1, factories.MOVED),
            factories.Plant("germany", "blue", 10, AUG_1941, kassel, 2, factories.BUILT),
        ],
    )
    factories.mark_evacuated(m.state, "Leningrad", "red")
    factories.on_capture(m.state, "axis", board.sites[kharkov], True)  # 16.0
    factories.set_scorched(m.state, "Kharkov", 3, AUG_1941)
    factories.add_damage(m.state, factories.Damage(kharkov, "rail", 2, "soviet", AUG_1941))
    kassel_hex = board.id_of(kassel)
    kharkov_hex = board.id_of(kharkov)
    for side in ("axis", "soviet"):  # public: the production trackers and the map
        lines = GAME.render_text(m.view(side)).splitlines()
        block = lines[lines.index(HEADINGS[3]) :]
        assert "  Germany: a new armour plant being built, 4 of 10 PP paid (15.1)" in block
        assert (
            "  The USSR: an evacuated aircraft factory travelling east, box 9 of 10 (16.2)" in block
        )
        assert f"  Germany: a new aircraft plant at Kassel ({kassel_hex}), making 2 PP a turn" in (
            block
        )
        assert any(
            "Scorched by the retreating Soviets (16.0): Kharkov (3 PP of repairs paid)" in x
            for x in block
        )
        assert "  Factories evacuated east (16.2): the armour factory of Leningrad" in block
        assert (
            f"  Bomb damage: 2 hits on the rail station of Kharkov ({kharkov_hex}) (Soviet), "
            "until its owner's next turn is over (32.0)" in block
        )


def test_the_works_track_is_absent_without_rules_15_16_and_32() -> None:
    off = {"or15_new_factories": False, "or16_scorched_earth": False}
    m = position({"optional_rules": "none", **off, "or32_strategic_bombing": False})
    assert "works" not in m.view("axis")
    assert HEADINGS[3] not in GAME.render_text(m.view("axis"))


def test_own_landed_units_are_listed_for_their_side_only() -> None:
    # 23.0: the Soviet paratroopers drop on an empty hex by Kharkov; their player reads it
    # in the status, the Axis player does not (the view keeps the landing marks of one's own
    # units only).
    from .test_optional_landings import PARAS, offered, paras_at_kharkov

    m = paras_at_kharkov()
    m.act(next(a for a in offered(m, "airdrop") if a.args["to"] == "3430"))
    name = next(u["name"] for u in m.view("soviet")["units"] if u.get("id") == PARAS)
    soviet = GAME.render_text(m.view("soviet")).splitlines()
    assert "Landed this turn (23.0, 24.0):" in soviet
    assert f"  {name} came down by parachute at 3430 (23.0)" in soviet
    assert "Landed this turn (23.0, 24.0):" not in GAME.render_text(m.view("axis"))
