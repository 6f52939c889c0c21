from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexfront.engine.dice import Dice
from hexfront.engine.events import Event


@given(st.integers(0, 2**63))
def test_same_seed_same_rolls(seed: int) -> None:
    a, b = Dice(seed), Dice(seed)
    assert a.roll(10, "x", []) == b.roll(10, "x", [])


def test_different_seeds_differ() -> None:
    assert Dice(1).roll(20, "x", []) != Dice(2).roll(20, "x", [])


@given(st.integers(0, 2**63), st.integers(0, 30))
def test_serialised_dice_continue_the_same_stream(seed: int, skip: int) -> None:
    dice = Dice(seed)
    dice.roll(skip, "warm-up", [])
    copy = Dice.from_json(dice.to_json())
    assert copy == dice
    assert copy.roll(5, "x", []) == dice.roll(5, "x", [])


def test_rolls_are_logged_with_purpose_and_roller() -> None:
    log: list[Event] = []
    values = Dice(5).roll(4, "ground combat", log, by="axis")
    assert log[0].kind == "roll"
    assert log[0].data == {"purpose": "ground combat", "dice": values, "by": "axis"}
    assert all(1 <= v <= 6 for v in values)


def test_dice_are_roughly_fair() -> None:
    counts = Counter(Dice(11).roll(60_000, "fairness", []))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Each face expects 10 000; 5 standard deviations is about +-460.
    assert all(abs(c - 10_000) < 460 for c in counts.values())


def test_bad_input_is_refused() -> None:
    with pytest.raises(TypeError):
        Dice("7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="negative"):
        Dice(1).roll(-1, "x", [])
    with pytest.raises(ValueError, match="integers"):
        Dice.from_json({"state": "zzz"})
