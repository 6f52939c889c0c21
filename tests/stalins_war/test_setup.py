"""Stalin's War turn-1 setup: the data, its checks against rule 25, the units and the cards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.games.stalins_war import cards, setup, units

runner = CliRunner()


def _edit(old: str, new: str) -> str:
    """The shipped setup with one exact piece of text changed."""
    text = setup.data_text()
    assert text.count(old) == 1, old
    return text.replace(old, new)


# --------------------------------------------------------------------------- the real data


def test_the_shipped_setup_passes_every_check() -> None:
    assert setup.check_setup() == []


def test_counts_per_hex_are_section_25() -> None:
    s = setup.load_setup()
    got = {p.hex: len(p.units) for p in s.hexes}
    assert got == {h: len(ids) for h, ids in setup.SECTION_25.items()}
    assert got["1622"] == 4
    assert got["1623"] == 4
    assert got["2722"] == 4
    by_id = {u.id: u for u in units.load_units()}
    placed = [by_id[u] for u in s.placed()]
    assert sum(u.side == "soviet" for u in placed) == 28
    assert sum(u.side == "soviet" and u.kind == "front" for u in placed) == 8
    assert sum(u.side == "axis" for u in placed) == 22
    assert s.placed()["su.Stalin"] == "2722"
    assert s.placed()["su.Southwest"] == "1724"


def test_markers_start_as_rule_4_1_says() -> None:
    m = setup.load_setup().markers
    assert (m.turn, m.vp) == (1, 7)
    for side in ("soviet", "axis"):
        assert m.get("hand_limit", side) == 6
        assert m.get("replacements", side) == 0
        assert m.get("banked_ops", side) == 0
        assert m.get("consecutive_ops", side) == 0


def test_every_unit_is_set_up_or_enters_once() -> None:
    s = setup.load_setup()
    entering = [u for e in s.entries for u in e.units]
    placed = list(s.placed())
    assert len(entering) == len(set(entering))
    assert sorted(placed + entering) == sorted(u.id for u in units.load_units())


def test_every_reinforcements_card_has_its_list() -> None:
    s = setup.load_setup()
    with_entry = {e.card for e in s.entries if e.card}
    for c in cards.load_cards():
        if c.reinforcements:
            assert c.id in with_entry, c.id
    assert {"S1", "S2", "A1", "A23", "A40", "S32", "S54", "A43"} <= with_entry


# --------------------------------------------------------------------------- broken copies


def test_a_missing_unit_in_a_hex_is_named() -> None:
    broken = _edit('units = ["su.Central", "su.21R"]', 'units = ["su.Central"]')
    problems = setup.check_setup(broken)
    assert "hex 2123: 1 unit(s), section 25 gives 2" in problems
    assert any(p.startswith("setup: Soviet units (Stalin included) 27") for p in problems)
    assert any(p.startswith("unit su.21R (21st Army) is neither set up") for p in problems)


def test_a_unit_not_in_units_toml_is_named() -> None:
    broken = _edit('units = ["su.8M"]', 'units = ["su.99M"]')
    problems = setup.check_setup(broken)
    assert "hex 1624: unit su.99M is not in units.toml" in problems
    assert "hex 1624: su.99M; section 25 gives su.8M" in problems


def test_a_hex_section_25_does_not_give_and_a_missing_one_are_named() -> None:
    broken = _edit('hex = "1819"', 'hex = "1818"')
    problems = setup.check_setup(broken)
    assert "hex 1818: section 25 sets up nothing here" in problems
    assert "hex 1819: missing; section 25 sets up ge.18A there" in problems


def test_stacking_and_side_are_checked() -> None:
    broken = _edit(
        'units = ["ge.9A", "ge.39Pz", "ge.57Pz"]',
        'units = ["ge.9A", "ge.39Pz", "ge.57Pz", "ge.18A"]',
    )
    broken = broken.replace('hex = "1819"\nunits = ["ge.18A"]', 'hex = "1819"\nunits = ["ge.17A"]')
    problems = setup.check_setup(broken)
    assert "hex 1720: more than one LCU (rule 9.1)" in problems
    assert "hex 1819: unit ge.17A is already set up in 1523" in problems
    crowded = _edit(
        'units = ["ge.16A", "ge.56Pz", "ge.41Pz"]',
        'units = ["ge.56Pz", "ge.41Pz", "ge.3Pz", "ge.14Pz", "ge.39Pz"]',
    )
    assert "hex 1820: 5 combat units, more than the 4 of rule 9.1" in setup.check_setup(crowded)
    wrong_side = _edit('units = ["su.12M"]\nrule = "25.1"', 'units = ["su.12M"]\nrule = "25.2"')
    problems = setup.check_setup(wrong_side)
    assert "hex 1918: unit su.12M is soviet but listed under rule 25.2" in problems


def test_a_wrong_marker_is_named() -> None:
    broken = _edit("vp = 7 ", "vp = 8 ")
    assert setup.check_setup(broken) == ["markers: vp starts at 8, rule 4.1 gives 7"]
    hand = _edit("hand_limit = {soviet = 6, axis = 6}", "hand_limit = {soviet = 6, axis = 5}")
    assert setup.check_setup(hand) == ["markers: axis hand_limit starts at 5, rule 4.1 gives 6"]


def test_card_references_are_checked() -> None:
    missing = _edit('card = "S41"', 'card = "S99"')
    problems = setup.check_setup(missing)
    assert "enters by card S99: card S99 does not exist in cards.toml" in problems
    short = _edit('"su.42R", "su.51R"]', '"su.42R"]')
    problems = setup.check_setup(short)
    assert (
        "enters by card S1 (Soviet Reinforcements): the card brings '51st Army', which the entry lacks"
        in problems
    )
    extra = _edit('units = ["ge.34C", "ge.35C"]', 'units = ["ge.34C", "ge.35C", "ge.7C"]')
    problems = setup.check_setup(extra)
    assert (
        "enters by card A3 (German Reinforcements): '7th Corps' is not on the card's list"
        in problems
    )
    assert "enters by card A31: unit ge.7C already enters by card A3" in problems
    side = _edit('units = ["pl.1A"]', 'units = ["ge.Vlasov"]')
    problems = setup.check_setup(side)
    assert "enters by card S41: unit ge.Vlasov is axis, the card soviet" in problems
    dropped = _edit('[[enters]]\ncard = "S29"\nunits = ["su.1Bal", "su.2Bal", "su.3Bal"]\n', "")
    problems = setup.check_setup(dropped)
    assert any(
        p.startswith("card S29 (Soviet Reinforcements) brings 1st Baltic Front") for p in problems
    )
    count = _edit('units = ["ro.1A.su", "ro.4A.su", "bg.1A"]', 'units = ["ro.1A.su", "bg.1A"]')
    problems = setup.check_setup(count)
    assert any(
        "the card places 3 'Soviet-side Bulgarian and Romanian SCUs', the entry lists 2" in p
        for p in problems
    )


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ('hex = "1424"', 'hex = "14A4"', "hex '14A4': 'hex' must be an XXYY id"),
        (
            'hex = "1025"\nunits = ["hu.3A"]\nrule = "25.2"',
            'hex = "1025"\nunits = ["hu.3A"]\nrule = "25.3"',
            "hex '1025': 'rule' must be one of",
        ),
        ('card = "A37"', 'card = "A37"\nrule = "16.1"', "enters #"),
        ("turn = 1 ", 'turn = "June" ', "markers: 'turn' must be an integer"),
    ],
)
def test_a_malformed_entry_is_named(old: str, new: str, named: str) -> None:
    with pytest.raises(setup.SetupDataError) as exc:
        setup.parse_setup(_edit(old, new))
    assert any(p.startswith(named) for p in exc.value.problems), exc.value.problems


def test_not_toml_at_all() -> None:
    assert setup.check_setup("[markers\n")[0].startswith("setup.toml: not valid TOML")


# --------------------------------------------------------------------------- the CLI


def test_data_check_reports_the_setup() -> None:
    result = runner.invoke(app, ["data", "check", "stalins_war", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["setup"]["units_at_start"] == {"axis": 22, "soviet": 28}
    assert report["setup"]["hexes"] == 35
    assert report["setup"]["markers"]["vp"] == 7


def test_data_check_fails_on_a_broken_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = _edit('units = ["su.Leningrad", "su.10M"]', 'units = ["su.Leningrad"]')
    monkeypatch.setattr(setup, "data_text", lambda: broken)
    result = runner.invoke(app, ["data", "check", "stalins_war", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert report["checks"]["setup"] >= 1
    assert "hex 2517: 1 unit(s), section 25 gives 2" in report["errors"]
    text = runner.invoke(app, ["data", "check", "stalins_war"])
    assert text.exit_code == 1
    assert "hex 2517" in text.output


# --------------------------------------------------------------------------- against the digest

DIGEST = Path(__file__).parents[2].parent / "shared" / "reference" / "stalins_war_digest.md"


def _digest_id(text: str) -> str:
    """A unit as digest 5 names it, as a units.toml id."""
    name = re.sub(r"\s*\(.*\)|\*\*|\..*", "", text).strip()
    patterns = (
        (r"(\d+)([MR])", "su.{0}{1}"),
        (r"([\w-]+) Front", "su.{0}"),
        (r"Maritime Army", "su.Maritime"),
        (r"Stalin", "su.Stalin"),
        (r"Hungarian (\d+)\w* Army", "hu.{0}A"),
        (r"Romanian (\d+)\w* Army", "ro.{0}A"),
        (r"(\d+)\w* Army", "ge.{0}A"),
        (r"(\d+) Pz", "ge.{0}Pz"),
        (r"(\d+) Mountain Corps", "ge.{0}Mtn"),
        (r"(\d+) Corps", "ge.{0}C"),
    )
    for pattern, form in patterns:
        m = re.fullmatch(pattern, name)
        if m:
            return form.format(*(g.replace("-", "") for g in m.groups()))
    raise AssertionError(f"no id for {text!r}")


@pytest.mark.skipif(not DIGEST.exists(), reason="the digest is not beside the repository")
def test_section_25_is_the_digests_table() -> None:
    text = DIGEST.read_text("utf-8")
    section = text[text.index("## 5. Initial setup") : text.index("## 6. Data inventory")]
    rows = re.findall(r"^\| (\d{4}) \| (.+?) \|$", section, re.M)
    got = {
        hexid: tuple(sorted(_digest_id(u) for u in re.sub(r"\s*\(.*?\)", "", units_).split(", ")))
        for hexid, units_ in rows
    }
    assert got == {h: tuple(sorted(ids)) for h, ids in setup.SECTION_25.items()}
