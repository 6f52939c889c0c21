"""The loaders reject bad data with messages that say what and where."""

from __future__ import annotations

import pytest

from hexfront.games.bite import forces
from hexfront.games.bite.forces import DataError, parse_scenario, parse_setup, parse_units

GOOD = """
[[unit]]
id = "ger-c-test"
name = "Test Corps"
side = "axis"
nation = "germany"
count_group = "axis"
class = "infantry"
ladder = [4, 3, 2, 1]
colours = ["black", "black", "black", "black"]
elite = false
arrival_turn = 5
arrival_strength = 4
source = "test"
"""


def broken(**changes: str) -> str:
    text = GOOD
    for key, value in changes.items():
        lines = [ln for ln in text.splitlines() if not ln.startswith(f"{key} =")]
        if value:
            lines.append(f"{key} = {value}")
        text = "\n".join(lines)
    return text


def test_good_snippet_loads() -> None:
    (u,) = parse_units(GOOD)
    assert u.ladder == (4, 3, 2, 1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"class": '"battleship"'}, "unknown class 'battleship'"),
        ({"ladder": "[4, 4, 2, 1]"}, "strictly decreasing"),
        ({"ladder": "[1, 2, 3]", "colours": '["black", "black", "black"]'}, "strictly decreasing"),
        ({"ladder": "[5, 4, 3, 2, 1]", "colours": '["black"]'}, "more than 4 values"),
        ({"ladder": "[7, 4, 1]", "colours": '["black", "black", "black"]'}, "drops by more than 2"),
        ({"ladder": "[2, 1, 0, -1]"}, "ends below 0"),
        ({"colours": '["black", "black"]'}, "one entry per ladder value"),
        ({"colours": '["black", "black", "green", "black"]'}, "unknown colour 'green'"),
        ({"arrival_turn": "", "dot": '"purple"'}, "unknown dot 'purple'"),
        ({"arrival_turn": "50"}, "outside turns 1..49"),
        ({"arrival_turn": "0"}, "outside turns 1..49"),
        ({"arrival_turn": ""}, "needs an arrival_turn"),
        ({"arrival_turn": "", "dot": '"black"'}, "needs dot_place"),
        ({"dot": '"blue"'}, "cannot also have an arrival_turn"),
        ({"nation": '"ussr"'}, "does not fit nation"),
        ({"count_group": '"italian"'}, "does not fit nation"),
        ({"removal_turns": "[3]"}, "not after the arrival turn"),
        ({"arrival_strength": "5"}, "not a value of the ladder"),
        ({"ladder": '"four"'}, "must be a list of integers"),
        ({"id": '"Ger C Test"'}, "lowercase ascii"),
        ({"upgrade_to": '"ger-nothing"', "upgrade_turn": "9"}, "is not a unit"),
    ],
)
def test_bad_units_are_rejected(changes: dict[str, str], message: str) -> None:
    with pytest.raises(DataError, match=message) as exc:
        parse_units(broken(**changes), "test.toml")
    assert "test.toml unit 1" in str(exc.value) or "test.toml" in str(exc.value)


def test_duplicate_ids_and_bad_toml() -> None:
    with pytest.raises(DataError, match="duplicate unit id 'ger-c-test'"):
        parse_units(GOOD + GOOD)
    with pytest.raises(DataError, match="not valid TOML"):
        parse_units("[[unit]\nid=")


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(DataError) as exc:
        parse_units(broken(**{"class": '"x"', "ladder": "[1, 2, 3, 4]"}))
    assert len(exc.value.problems) >= 2


def test_bad_setup_is_rejected() -> None:
    units = {u.id: u for u in parse_units(GOOD)}
    text = (
        'name = "T"\ndescription = ""\nturn = 1\n[[placement]]\nunit = "ger-c-test"\n'
        "lon = 21.0\nlat = 54.0\nstrength = 9\n"
    )
    with pytest.raises(DataError, match="arrives on turn 5") as exc:
        parse_setup(text, "t.toml", units)
    assert "not a value of its ladder" in str(exc.value)
    with pytest.raises(DataError, match="unknown unit 'nope'"):
        parse_setup(text.replace('"ger-c-test"', '"nope"'), "t.toml", units)
    with pytest.raises(DataError, match="outside the BITE area"):
        parse_setup(text.replace("lat = 54.0", "lat = -10.0"), "t.toml", units)


def test_bad_scenario_is_rejected() -> None:
    good = forces._data_text("scenarios/SBE4.toml")
    parse_scenario(good, "SBE4")
    with pytest.raises(DataError, match="starts at 5, expected 4"):
        parse_scenario(good.replace("{ min = 4, max = 6", "{ min = 5, max = 6"), "x")
    with pytest.raises(DataError, match="ends on turn 51"):
        parse_scenario(good.replace("start_turn = 1", "start_turn = 49"), "x")
    with pytest.raises(DataError, match="not a PP kind"):
        parse_scenario(good.replace("germany = { yellow = 15 }", "germany = { gold = 15 }"), "x")
    with pytest.raises(DataError, match="unknown victory kind"):
        parse_scenario(good.replace('kind = "vp_table"', 'kind = "coin_toss"'), "x")


def test_bad_tech_and_calendar_are_rejected() -> None:
    tech = forces._data_text("tech.toml")
    with pytest.raises(DataError, match="die face"):
        forces.parse_tech(tech.replace("attack = 6", "attack = 7", 1))
    with pytest.raises(DataError, match="no TECH 1 entry"):
        forces.parse_tech(tech.replace('class = "submarine"', 'class = "tank"'))
    cal = forces._data_text("calendar.toml")
    with pytest.raises(DataError, match="May and October"):
        forces.parse_calendar(
            cal.replace(
                'month_name = "May"\nweather = "variable"',
                'month_name = "May"\nweather = "good"',
                1,
            )
        )
    with pytest.raises(DataError, match="48 turns, expected 49"):
        forces.parse_calendar(cal[: cal.rindex("[[turn]]")])


def test_shipped_data_validates() -> None:
    assert forces.validate() == []
