"""The optional rules (14-39) as game options: the list, the preset, overrides, errors,
and options that survive save/load and replay (issue 20)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import replace
from importlib import resources

import pytest

from hexfront.engine.errors import UnknownGame
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.engine.records import replay, state_hash
from hexfront.games.bite import optional
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState

GAME = Bite()
KEYS = [
    "or14_terrain",
    "or15_new_factories",
    "or16_scorched_earth",
    "or17_tech",
    "or18_naval",
    "or19_recon",
    "or20_cavalry_charge",
    "or21_panzers_attack",
    "or22_jericho",
    "or23_airborne",
    "or24_amphibious",
    "or25_katyusha",
    "or26_gustav",
    "or27_garrisons",
    "or28_volkssturm",
    "or29_partisans",
    "or30_chechens",
    "or31_reserves",
    "or32_strategic_bombing",
    "or33_first_winters",
    "or34_lend_lease",
    "or35_strategic_warfare",
    "or36_italy_surrenders",
    "or37_persia",
    "or38_team_play",
    "or39_weather",
]
SCENARIOS = {f"SBE{n}" for n in range(1, 10)}


def _raw() -> list[dict[str, object]]:
    text = resources.files("hexfront.games.bite").joinpath("data/optional_rules.toml")
    rules: list[dict[str, object]] = tomllib.loads(text.read_text())["rule"]
    return rules


@pytest.fixture
def as_implemented(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Rules 20 and 21 offered as if implemented (whatever the data file says today), so
    that the preset and overrides are tested with real keys."""
    chosen = {"or20_cavalry_charge", "or21_panzers_attack"}
    rules = tuple(
        replace(r, implemented=True) if r.key in chosen else r for r in optional.optional_rules()
    )
    monkeypatch.setattr(optional, "optional_rules", lambda: rules)
    optional.implemented_keys.cache_clear()
    optional.rules_by_key.cache_clear()
    yield
    monkeypatch.undo()
    optional.implemented_keys.cache_clear()
    optional.rules_by_key.cache_clear()


def test_the_data_file_lists_every_optional_rule_once_with_its_key() -> None:
    raw = _raw()
    assert [str(r["rule"]) for r in raw] == [str(n) for n in range(14, 40)]
    assert [r["key"] for r in raw] == KEYS
    for r in raw:
        assert str(r["key"]).startswith(f"or{r['rule']}_")
        assert isinstance(r["implemented"], bool)
        assert str(r["title"]).strip()
        assert str(r["help"]).strip()
        assert f"({r['rule']}" in str(r["help"]), r["key"]  # the help cites its chapter
        booklet = r["booklet"]
        assert isinstance(booklet, list)
        assert set(booklet) <= SCENARIOS
    # The booklet marks SBE5 and SBE9 "AR (+OR)": every rule but team play is suggested there.
    assert {str(r["rule"]) for r in raw if not r["booklet"]} == {"38"}


def test_only_implemented_rules_are_offered() -> None:
    names = [o.name for o in GAME.options()]
    assert "optional_rules" in names
    assert "rules" in names
    offered = {n for n in names if n.startswith("or")}
    assert offered == {r.key for r in optional.optional_rules() if r.implemented}


def test_rules_marked_implemented_are_offered(as_implemented: None) -> None:
    options = {o.name: o for o in GAME.options()}
    cavalry = options["or20_cavalry_charge"]
    assert cavalry.default is None
    assert cavalry.choices == (None, True, False)
    assert "20" in cavalry.label
    assert "_" not in cavalry.label


def test_a_rule_not_implemented_is_refused_clearly() -> None:
    missing = next((r for r in optional.optional_rules() if not r.implemented), None)
    if missing is None:
        pytest.skip("every optional rule is implemented")
    with pytest.raises(UnknownGame, match=f"optional rule {missing.rule} .* not implemented"):
        GAME.setup("SBE5", {missing.key: True}, 1)
    # Switched off (or left to the preset) it is no error: a form may send it so.
    state = GAME.setup("SBE5", {missing.key: False}, 1)
    assert missing.key not in state.options


def test_bad_values_are_refused() -> None:
    with pytest.raises(UnknownGame, match="optional_rules"):
        GAME.setup("SBE5", {"optional_rules": "most"}, 1)
    with pytest.raises(UnknownGame, match="'rules'"):
        GAME.setup("SBE1", {"rules": "fr-3.00"}, 1)
    with pytest.raises(UnknownGame, match="unknown option"):
        GAME.setup("SBE1", {"or99_dragons": True}, 1)


def test_bad_switch_value_is_refused(as_implemented: None) -> None:
    # The choices as typed, each with its words.
    with pytest.raises(UnknownGame, match='true \\(on\\), false \\(off\\), not "yes"'):
        GAME.setup("SBE5", {"or20_cavalry_charge": "yes"}, 1)


def test_the_preset_defaults_by_scenario(as_implemented: None) -> None:
    basic = GAME.setup("SBE1", {}, 1).options
    assert basic["optional_rules"] == "none"
    assert basic["rules"] == "en-3.00"
    assert basic["or20_cavalry_charge"] is False
    assert basic["or21_panzers_attack"] is False
    # The long scenarios too start as the plain Advanced Game; the booklet is a choice.
    long = GAME.setup("SBE5", {}, 1).options
    assert long["optional_rules"] == "none"
    assert long["or20_cavalry_charge"] is False
    booklet = GAME.setup("SBE5", {"optional_rules": "booklet"}, 1).options
    assert booklet["or20_cavalry_charge"] is True
    assert booklet["or21_panzers_attack"] is True


def test_presets_and_overrides(as_implemented: None) -> None:
    def opts(scenario: str, given: dict[str, object]) -> tuple[object, object]:
        o = GAME.setup(scenario, given, 1).options  # type: ignore[arg-type]
        return o["or20_cavalry_charge"], o["or21_panzers_attack"]

    assert opts("SBE5", {"optional_rules": "none"}) == (False, False)
    assert opts("SBE1", {"optional_rules": "all"}) == (True, True)
    assert opts("SBE1", {"optional_rules": "booklet"}) == (False, False)  # none suggested
    # A switch given on its own wins over the preset; None follows it.
    assert opts("SBE5", {"optional_rules": "booklet", "or20_cavalry_charge": False}) == (
        False,
        True,
    )
    assert opts("SBE1", {"or21_panzers_attack": True}) == (False, True)
    assert opts("SBE5", {"optional_rules": "none", "or20_cavalry_charge": None}) == (False, False)


def test_every_implemented_key_is_a_bool_in_the_state(as_implemented: None) -> None:
    for scenario in ("SBE1", "SBE5"):
        options = GAME.setup(scenario, {}, 3).options
        for key in optional.implemented_keys():
            assert isinstance(options[key], bool), (scenario, key)


def test_basic_game_json_is_unchanged_by_the_new_options(as_implemented: None) -> None:
    state = GAME.setup("SBE1", {}, 5)
    written = state.to_json()["options"]
    assert isinstance(written, dict)
    assert not {"optional_rules", "rules", "or20_cavalry_charge"} & set(written)
    # A rule switched on, or another version, is written and read back.
    state = GAME.setup("SBE1", {"or20_cavalry_charge": True, "rules": "it-2.x"}, 5)
    written = state.to_json()["options"]
    assert isinstance(written, dict)
    assert written["or20_cavalry_charge"] is True
    assert written["rules"] == "it-2.x"


def test_options_survive_save_and_load(as_implemented: None) -> None:
    for scenario, given in (
        ("SBE1", {}),
        ("SBE5", {"or21_panzers_attack": False, "rules": "es-2.x"}),
        ("SBE5", {"optional_rules": "all"}),
    ):
        state = GAME.setup(scenario, given, 9)  # type: ignore[arg-type]
        again = GAME.from_json(GAME.to_json(state))
        assert again.options == state.options
        assert state_hash(GAME, again) == state_hash(GAME, state)


def test_a_state_saved_before_the_options_existed_loads_with_none_of_them(
    as_implemented: None,
) -> None:
    body = GAME.to_json(GAME.setup("SBE5", {"optional_rules": "none"}, 2))
    assert isinstance(body["options"], dict)
    old = {k: v for k, v in body["options"].items() if not optional.owns(k)}
    state = BiteState.from_json({**body, "options": old})
    assert state.options["optional_rules"] == "none"
    assert state.options["rules"] == "en-3.00"
    assert state.options["or20_cavalry_charge"] is False


def test_options_survive_a_replay(as_implemented: None) -> None:
    given = {"optional_rules": "none", "or20_cavalry_charge": True, "rules": "it-2.x"}
    match = Match(GAME, "SBE1", given, 4)  # type: ignore[arg-type]
    for _ in range(6):
        side = match.active_sides()[0]
        match.act(match.legal_actions(side)[0])
    rebuilt = replay(GAME, match.record)
    assert rebuilt.options == match.state.options
    assert rebuilt.options["or20_cavalry_charge"] is True
    assert state_hash(GAME, rebuilt) == match.hash()
    assert isinstance(match.record.actions[0], Action)
