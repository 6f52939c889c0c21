"""`hexfront data check|units bite`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hexfront.cli.main import app

runner = CliRunner()


def test_data_check_json_counts_and_exit_code() -> None:
    result = runner.invoke(app, ["data", "check", "bite", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["blocks"] == {
        "soviet": 148,
        "axis": 140,
        "italian": 6,
        "german_strategic": 5,
        "us": 3,
        "british": 2,
    }
    assert report["setups"]["BSS"] == {"soviet": 109, "axis": 82}
    assert report["setups"]["SBE1"] == {"soviet": 12, "axis": 13}
    assert report["setups"]["SBE2"] == {"soviet": 14, "axis": 23}
    assert report["setups"]["SBE3"] == {"soviet": 30, "axis": 32}
    assert report["errors"] == []
    assert report["ok"] is True
    assert set(report["scenarios"]) == {f"SBE{i}" for i in range(1, 10)}
    assert "map" in report


def test_data_check_reports_supply_at_the_start_of_every_setup() -> None:
    result = runner.invoke(app, ["data", "check", "bite", "--json"])
    assert result.exit_code == 0, result.output
    supply = json.loads(result.stdout)["supply_at_start"]
    names = {"BSS", "1942", "1943", "1944", "SBE1", "SBE2", "SBE3", "SBE4"}
    assert set(supply) == names
    assert all(row["out_of_supply"] == [] for row in supply.values())
    assert supply["SBE4"]["units"] > 150


def test_data_check_names_a_unit_its_setup_leaves_out_of_supply(monkeypatch: object) -> None:
    """Put the Romanian Mountain Corps back in the Bukovina mountain pocket west of Suceava
    (where the BSS had it): every setup that uses the BSS reports it, by name and hex."""
    import dataclasses

    import hexfront.games.bite.forces as forces

    real = forces.setup

    def broken(name: str) -> forces.Setup:
        st = real(name)
        if name != "BSS":
            return st
        moved = tuple(
            dataclasses.replace(p, lon=25.41, lat=47.72, place=None) if p.unit == "rom-mtn" else p
            for p in st.placements
        )
        return dataclasses.replace(st, placements=moved)

    monkeypatch.setattr(forces, "setup", broken)  # type: ignore[attr-defined]
    result = runner.invoke(app, ["data", "check", "bite", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    message = "Romanian Mountain Corps at 2231 is out of supply at the start (4.3)"
    assert f"SBE4: {message}" in report["errors"]
    assert f"BSS: {message}" in report["errors"]
    assert report["supply_at_start"]["SBE4"]["out_of_supply"] == [
        {
            "unit": "Mountain Corps",
            "nation": "romania",
            "side": "axis",
            "hex": "2231",
            "place": None,
            "id": "rom-mtn",
        }
    ]
    assert report["supply_at_start"]["1942"]["out_of_supply"] == []
    human = runner.invoke(app, ["data", "check", "bite"])
    assert human.exit_code == 1
    assert "Romanian Mountain Corps at 2231" in " ".join(human.output.split())


def test_data_check_human_and_errors_exit_nonzero(monkeypatch: object) -> None:
    result = runner.invoke(app, ["data", "check", "bite", "--no-map"])
    assert result.exit_code == 0
    assert "BITE data: ok" in result.output
    import hexfront.games.bite.forces as forces

    mp = monkeypatch  # pytest MonkeyPatch
    mp.setattr(forces, "validate", lambda: ["units: something is wrong"])  # type: ignore[attr-defined]
    bad = runner.invoke(app, ["data", "check", "bite", "--json", "--no-map"])
    assert bad.exit_code == 1
    assert json.loads(bad.stdout)["errors"] == ["units: something is wrong"]


def test_data_check_unknown_game() -> None:
    result = runner.invoke(app, ["data", "check", "chess"])
    assert result.exit_code == 1
    assert "no forces data" in result.output


def test_data_units_json_lists_every_block() -> None:
    result = runner.invoke(app, ["data", "units", "bite", "--json"])
    assert result.exit_code == 0
    units = json.loads(result.stdout)["units"]
    assert len(units) == 304
    lah = next(u for u in units if u["id"] == "ger-ss-lah")
    assert lah["upgrade"] == {"to": "ger-ss-i", "turn": 44}
    assert {
        "id",
        "name",
        "side",
        "nationality",
        "class",
        "ladder",
        "elite",
        "dot",
        "arrival",
        "removal",
    } <= set(lah)
    table = runner.invoke(app, ["data", "units", "bite"])
    assert table.exit_code == 0
    assert "Stavka" in table.output
