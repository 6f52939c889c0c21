"""The arena command: a resumable results file, and the Ray runner playing the same games
as the local one."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app

runner = CliRunner()
ARENA = ["arena", "skirmish", "standard", "--agents", "random,heuristic", "--jobs", "1"]


def _arena(*more: str) -> dict[str, Any]:
    result = runner.invoke(app, [*ARENA, *more, "--json"])
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def _same_games(a: dict[str, Any], b: dict[str, Any]) -> None:
    """Everything but the time the agents took."""
    for key in ("games", "results", "outcomes", "games_played", "elo", "points", "errors"):
        assert a[key] == b[key], key


def test_a_results_file_resumes_an_arena(tmp_path: Path) -> None:
    saved = tmp_path / "arena.jsonl"
    first = _arena("--games", "4", "--results", str(saved))
    assert first["games"] == 4
    assert len(saved.read_text().splitlines()) == 4
    with saved.open("a") as out:
        out.write('{"key": "cut short by a cra')  # a line a crash left unfinished
    more = _arena("--games", "6", "--results", str(saved))
    lines = saved.read_text().splitlines()
    assert len(lines) == 7  # two new games; the four played before were not replayed
    fresh = _arena("--games", "6")
    _same_games(more, fresh)
    other_seed = _arena("--games", "2", "--seed", "50", "--results", str(saved))
    assert other_seed["games"] == 2
    assert len(saved.read_text().splitlines()) == 9  # other seeds are other games


def test_the_ray_runner_says_clearly_when_ray_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    result = runner.invoke(app, [*ARENA, "--games", "2", "--ray"])
    assert result.exit_code == 1
    assert "needs the ray package" in result.output


def test_ray_plays_the_same_games_as_the_local_runner(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray is not installed (pip install 'hexfront[ray]')")
    local = _arena("--games", "4", "--seed", "7")
    saved = tmp_path / "ray.jsonl"
    on_ray = _arena("--games", "4", "--seed", "7", "--ray", "--results", str(saved))
    _same_games(local, on_ray)
    assert len(saved.read_text().splitlines()) == 4


def test_an_address_needs_ray_and_a_cluster_that_answers() -> None:
    alone = runner.invoke(app, [*ARENA, "ray://head:10001", "--games", "2"])
    assert alone.exit_code == 1
    assert "only taken after --ray" in alone.output
