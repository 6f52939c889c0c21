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
