"""A game record names the optional rules its preset turned on (optional.pin), so that
seed + options + actions rebuild the same game after more optional rules are implemented."""

from __future__ import annotations

import dataclasses

import pytest

from hexfront.engine.match import Match
from hexfront.engine.records import GameRecord, replay
from hexfront.games.bite import optional
from hexfront.games.bite.game import Bite


def test_a_preset_is_recorded_as_the_rules_it_turned_on() -> None:
    match = Match(Bite(), "SBE5", {"optional_rules": "all"}, 3)
    recorded = match.record.options
    assert recorded["optional_rules"] == "none"
    by_key = optional.rules_by_key()
    for key in optional.implemented_keys():
        if not by_key[key].in_presets:  # team play (38.1) is asked for on its own
            assert not recorded.get(key), key
            assert not match.state.options[key], key
            continue
        assert recorded.get(key) is True, key
        assert match.state.options[key] is True


def test_options_that_turn_nothing_on_are_recorded_as_given() -> None:
    given = {"fog": True}
    assert Match(Bite(), "SBE1", given, 3).record.options == given


def test_an_explicit_switch_off_stays_off_in_the_record() -> None:
    keys = optional.implemented_keys()
    if not keys:
        pytest.skip("no optional rule is implemented")
    off = keys[0]
    match = Match(Bite(), "SBE5", {"optional_rules": "all", off: False}, 3)
    assert off not in match.record.options or match.record.options[off] is False
    assert match.state.options[off] is False


@pytest.mark.parametrize("preset", ["none", "booklet", "all"])
def test_the_recorded_options_rebuild_the_same_game(preset: str) -> None:
    match = Match(Bite(), "SBE5", {"optional_rules": preset}, 11)
    rebuilt = replay(Bite(), GameRecord.from_json(match.record.to_json()))
    assert rebuilt.options == match.state.options


def test_a_rule_implemented_later_does_not_change_a_recorded_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The next version implements one more rule that the booklet suggests for SBE5: a
    game recorded with the booklet preset must still resolve to the rules it was played with."""
    match = Match(Bite(), "SBE5", {"optional_rules": "booklet"}, 5)
    recorded = dict(match.record.options)
    before = optional.resolve(recorded, "SBE5")
    waiting = [r for r in optional.optional_rules() if not r.implemented and "SBE5" in r.booklet]
    # Once every rule of the rulebook is implemented, a rule of a later rulebook stands in.
    later = (
        waiting[0]
        if waiting
        else optional.OptionalRule("40", "or40_later", "Later", "", ("SBE5",), False)
    )
    rules = optional.optional_rules() if waiting else (*optional.optional_rules(), later)
    grown = tuple(
        dataclasses.replace(r, implemented=True) if r.key == later.key else r for r in rules
    )
    monkeypatch.setattr(optional, "optional_rules", lambda: grown)
    monkeypatch.setattr(optional, "rules_by_key", lambda: {r.key: r for r in grown})
    assert optional.resolve({"optional_rules": "booklet"}, "SBE5")[later.key] is True
    after = optional.resolve(recorded, "SBE5")
    assert after[later.key] is False
    assert {k: v for k, v in after.items() if k != later.key} == before
