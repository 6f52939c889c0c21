from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hexfront import __version__
from hexfront.cli.main import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_games_json_lists_bite_scenarios() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    bite = next(g for g in data["games"] if g["name"] == "bite")
    assert [s["id"] for s in bite["scenarios"]] == [f"SBE{i}" for i in range(1, 10)]
    assert [s["turns"] for s in bite["scenarios"]] == [4, 4, 6, 3, 6, 6, 6, 13, 49]
    assert bite["sides"] == ["axis", "soviet"]
    assert "fog" in {o["name"] for o in bite["options"]}


def test_games_json_lists_stalins_war_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    data = json.loads(result.stdout)
    sw = next(g for g in data["games"] if g["name"] == "stalins_war")
    names = {o["name"] for o in sw["options"]}
    assert {"bid", "first_card_for_vp", "soviet_cards_shuffled", "town_control"} <= names


def test_selfplay_record_and_replay_verify(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    result = runner.invoke(
        app, ["selfplay", "skirmish", "standard", "--seed", "4", "--json", "--record", str(rec)]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["actions"] > 0
    assert len(summary["state_hash"]) == 64
    verified = runner.invoke(app, ["replay", str(rec), "--verify"])
    assert verified.exit_code == 0, verified.output
    assert "verified" in verified.stdout
    data = json.loads(rec.read_text())
    data["final_hash"] = "0" * 64
    rec.write_text(json.dumps(data))
    tampered = runner.invoke(app, ["replay", str(rec), "--verify"])
    assert tampered.exit_code == 1
    assert "mismatch" in tampered.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["selfplay", "chess", "x"])
    assert result.exit_code == 1
    assert "unknown game" in result.output


def test_play_drives_a_human_seat_from_stdin() -> None:
    answers = "\n".join(["1"] * 40) + "\n"
    result = runner.invoke(
        app,
        ["play", "skirmish", "standard", "--seat", "red=human", "--seat", "blue=random"],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output


def test_arena_reports_both_sides_and_elo() -> None:
    result = runner.invoke(
        app,
        [
            "arena",
            "skirmish",
            "standard",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--jobs",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 4
    assert set(report["results"]["random"]) == {"red", "blue"}
    assert report["elo"]["random"] == 1500.0
    bad = runner.invoke(app, ["arena", "skirmish", "standard", "--agents", "oracle"])
    assert bad.exit_code == 1


def test_a_human_plays_sbe1_to_its_verdict_in_the_terminal(tmp_path: Path) -> None:
    """Always answering "1" (the first group, then its first choice) plays the game out."""
    rec = tmp_path / "sbe1.json"
    result = runner.invoke(
        app,
        [
            "play",
            "bite",
            "SBE1",
            "--axis",
            "human",
            "--soviet",
            "random",
            "--seed",
            "3",
            "--record",
            str(rec),
        ],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Result:" in result.output
    assert "unfinished" not in result.output.split("Result:")[-1]
    assert "Turn 1 of 4 (June 1941)" in result.output
    verified = runner.invoke(app, ["replay", str(rec), "--verify"])
    assert verified.exit_code == 0, verified.output


def test_selfplay_with_a_game_option_and_its_record(tmp_path: Path) -> None:
    rec = tmp_path / "by_hand.json"
    args = ["selfplay", "bite", "SBE1", "--agents", "heuristic,random", "--seed", "2"]
    args += ["--option", "deployment=by_hand", "--option", "fog=true", "--json"]
    result = runner.invoke(app, [*args, "--record", str(rec)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["outcome"]
    saved = json.loads(rec.read_text())
    assert saved["options"]["deployment"] == "by_hand"
    assert saved["options"]["fog"] is True
    assert runner.invoke(app, ["replay", str(rec), "--verify"]).exit_code == 0


def test_bad_game_options_are_refused_clearly() -> None:
    for option, words in (("deployment=sideways", "deployment"), ("nonsense", "KEY=VALUE")):
        result = runner.invoke(app, ["selfplay", "bite", "SBE1", "--option", option])
        assert result.exit_code == 1
        assert words in result.output
        assert "Traceback" not in result.output
