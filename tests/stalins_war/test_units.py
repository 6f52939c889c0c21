"""Stalin's War combat units: the data, its checks, and `hexfront data check|units stalins_war`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.games.stalins_war import units

runner = CliRunner()


def _edit(old: str, new: str) -> str:
    """The shipped unit data with one exact piece of text changed."""
    text = units.data_text()
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _by_id() -> dict[str, units.Unit]:
    return {u.id: u for u in units.load_units()}


# --------------------------------------------------------------------------- the real data


def test_the_shipped_units_pass_every_check() -> None:
    assert units.check_units() == []
    listed = units.load_units()
    assert len({u.id for u in listed}) == len(listed)
    for u in listed:
        assert u.source in units.SOURCES
        assert u.reason.strip()


def test_counter_totals_stay_within_the_box() -> None:
    got = units.summary(units.load_units())
    counters = got["counters"]
    assert counters["large"] == {"accounted": 52, "in_the_box": 88, "unidentified": 36}
    assert counters["small"]["accounted"] == 118
    assert counters["small"]["in_the_box"] == 280
    assert got["units"] == 160


def test_the_values_the_example_of_play_implies() -> None:
    u = _by_id()
    assert [s.printed() for s in u["ge.16A"].steps] == ["*5-3", "4-3", "3-3", "2-3"]
    assert u["ge.16A"].counters == 2
    assert u["su.Southwest"].steps[0].printed() == "*5-3"
    for corps in ("3M", "4M", "6M", "12M", "16M", "22M", "28R"):
        assert len(u[f"su.{corps}"].steps) == 1
        assert u[f"su.{corps}"].permanent_loss
    assert u["su.3M"].steps[0].defense == 2
    assert u["su.4M"].steps[0].defense == 3
    assert sum(u[f"ge.{p}Pz"].steps[0].attack for p in ("48", "3", "14")) == 11
    assert sum(u[f"ge.{p}Pz"].steps[0].attack for p in ("39", "57", "56", "41")) == 15
    nine = u["ge.9A"].steps[0].attack + u["ge.43C"].steps[0].attack
    assert nine + sum(u[f"ge.{p}Pz"].steps[0].attack for p in ("46", "24", "47")) == 15
    assert u["su.West"].steps[0].defense == 3
    assert [s.starred for s in u["su.15M"].steps] == [True, True]
    assert all(s.ma == 2 for s in u["su.1Sh"].steps)
    assert all(s.ma == 5 for p in ("3", "SK", "2SS") for s in u[f"ge.{p}Pz"].steps)
    stalin = u["su.Stalin"]
    assert (stalin.size, stalin.zoc, stalin.steps[0].attack, stalin.steps[0].ma) == (
        "small",
        False,
        0,
        0,
    )


def test_every_example_of_play_label_is_backed_by_a_checked_fact() -> None:
    named = {uid for f in units.EXAMPLE for uid, _, _ in f.terms}
    named |= {sf.unit for sf in units.EXAMPLE_STEPS}
    labelled = {u.id for u in units.load_units() if u.source == "example of play"}
    assert labelled <= named, sorted(labelled - named)


def test_zoc_follows_rule_8_1() -> None:
    for u in units.load_units():
        assert u.zoc == (u.large or u.kind in units.ZOC_SCU_KINDS), u.id


# --------------------------------------------------------------------------- broken copies


def test_an_example_of_play_value_that_does_not_hold_is_named() -> None:
    broken = _edit(
        '{id = "ge.48Pz", name = "48th Panzer Corps", steps = ["3-5"',
        '{id = "ge.48Pz", name = "48th Panzer Corps", steps = ["4-5"',
    )
    problems = units.check_units(broken)
    assert any("48, 3 and 14 Pz attack 1722 at 11" in p and "= 12, want 11" in p for p in problems)


def test_an_unnamed_pair_that_cannot_be_found_is_named() -> None:
    broken = _edit('steps = ["4-5", "2-5"]', 'steps = ["4-3-5", "2-2-5"]')
    problems = units.check_units(broken)
    assert any("defend 2323 at 14" in p and "no 2 of ge.3Pz" in p for p in problems), problems


def test_a_lost_star_is_named() -> None:
    broken = _edit(
        '{id = "su.3M", name = "3rd Mechanized Corps"}',
        '{id = "su.3M", name = "3rd Mechanized Corps", steps = ["2-2-4"]}',
    )
    problems = units.check_units(broken)
    assert any("su.3M stars -, want *" in p for p in problems), problems


def test_a_text_value_that_does_not_hold_is_named() -> None:
    broken = _edit('steps = ["*5-3", "4-3", "3-3", "2-3"]', 'steps = ["*6-3", "4-3", "3-3", "2-3"]')
    problems = units.check_units(broken)
    assert any(p.startswith("the text: 14.1.6: German army step 1 is 5-3") for p in problems)
    assert any("16th Army alone attacks 1920 at 5" in p for p in problems)


def test_rule_breaks_are_named() -> None:
    zoc = _edit(
        'kind = "panzer_corps"\nzoc = true\nsteps = ["4-5"',
        'kind = "panzer_corps"\nzoc = false\nsteps = ["4-5"',
    )
    assert any("rule 8.1 gives a small panzer_corps a ZOC" in p for p in units.check_units(zoc))
    shock = _edit('steps = ["4-3-2", "2-2-2"]', 'steps = ["4-3-3", "2-2-3"]')
    assert any("a shock army has MA 2 (10.1.4)" in p for p in units.check_units(shock))
    order = _edit('steps = ["6-5-5", "3-3-5"]', 'steps = ["6-5-5", "7-3-5"]')
    assert any("is stronger than the step above it" in p for p in units.check_units(order))
    stars = _edit(
        'steps = ["3-3", "2-3"]\nsource = "history"', 'steps = ["3-3", "*2-3"]\nsource = "history"'
    )
    assert any("starred below an unstarred" in p for p in units.check_units(stars))


def test_a_duplicate_id_and_name_are_named() -> None:
    broken = _edit('{id = "su.22R", name = "22nd Army"}', '{id = "su.20R", name = "20th Army"}')
    problems = units.check_units(broken)
    assert "unit su.20R (20th Army): id used twice" in problems
    assert "unit su.20R (20th Army): name used twice on the soviet side" in problems


def test_counter_totals_beyond_the_box_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(units, "COUNTERS", {"large": 50, "small": 280})
    problems = units.check_units()
    assert problems == [
        "large counters: 52 unit counters, more than the 50 the box holds (rule 2.0)"
    ]


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (
            '{id = "su.7M", name = "7th Mechanized Corps", source = "design choice"',
            '{id = "su.7M", name = "7th Mechanized Corps", source = "guess"',
            "unit su.7M: 'source' must be one of",
        ),
        (
            '{id = "ge.27C", name = "27th Corps"',
            '{id = "ge.27C", name = "27th Corps", colour = "grey"',
            "unit ge.27C: unknown field 'colour'",
        ),
        (
            '{id = "ge.Vlasov", name = "Vlasov Corps"}',
            '{id = "ge.Vlasov", name = "Vlasov Corps", steps = ["1/1/3"]}',
            "unit ge.Vlasov: step '1/1/3' is not",
        ),
        (
            '{id = "pl.1A", name = "Polish Army"}',
            '{id = "pl.1A", name = "Polish Army", nation = "GE"}',
            "unit pl.1A: 'nation' must be one of SU, PL, BG, RO",
        ),
        (
            '{id = "su.FZ", name = "Fortified Zone"}',
            '{id = "FZ", name = "Fortified Zone"}',
            "unit FZ: 'id' must look like",
        ),
    ],
)
def test_a_malformed_entry_names_the_unit_and_the_field(old: str, new: str, named: str) -> None:
    with pytest.raises(units.UnitDataError) as exc:
        units.parse_units(_edit(old, new))
    assert any(p.startswith(named) for p in exc.value.problems), exc.value.problems
    assert any(p.startswith(named) for p in units.check_units(_edit(old, new)))


def test_not_toml_at_all() -> None:
    assert units.check_units("[[group]\n")[0].startswith("units.toml: not valid TOML")
    assert units.check_units("x = 1\n") == ["units.toml: no [[group]] array of tables"]


# --------------------------------------------------------------------------- the CLI


def test_data_check_reports_the_units() -> None:
    result = runner.invoke(app, ["data", "check", "stalins_war", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["checks"] == {"cards": 0, "units": 0, "setup": 0, "map": 0}
    assert report["units"]["counters"]["large"]["accounted"] == 52
    example = len(units.EXAMPLE) + len(units.EXAMPLE_STEPS) + len(units.EXAMPLE_UNNAMED)
    assert report["units"]["facts_checked"]["example_of_play"] == example
    assert report["cards"]["axis/total_war"]["cards"] == 30


def test_data_check_fails_on_a_broken_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = _edit(
        '{id = "su.4M", name = "4th Mechanized Corps", steps = ["*3-3-4"]',
        '{id = "su.4M", name = "4th Mechanized Corps", steps = ["*2-2-4"]',
    )
    monkeypatch.setattr(units, "data_text", lambda: broken)
    result = runner.invoke(app, ["data", "check", "stalins_war", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert report["checks"]["units"] == 1
    assert "4M defends 1723 at column 3" in report["errors"][0]
    text = runner.invoke(app, ["data", "check", "stalins_war"])
    assert text.exit_code == 1
    assert "4M defends" in text.output


def test_data_units_stalins_war() -> None:
    result = runner.invoke(app, ["data", "units", "stalins_war", "--json"])
    assert result.exit_code == 0, result.output
    listed = {u["id"]: u for u in json.loads(result.stdout)["units"]}
    assert listed["ge.16A"]["steps"] == ["*5-3", "4-3", "3-3", "2-3"]
    assert listed["su.Stalin"]["kind"] == "stalin"
    table = runner.invoke(app, ["data", "units", "stalins_war"])
    assert table.exit_code == 0
    assert "Stalin" in table.output
