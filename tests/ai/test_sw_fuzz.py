"""The Stalin's War fuzzer: a random game passes its checks, and the fog check catches a view
that shows the other side's hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hexfront.ai.sw_tools import fuzz
from hexfront.games.stalins_war.game import StalinsWar
from hexfront.games.stalins_war.state import SOVIET
from tests.stalins_war.helpers import new


def test_a_random_game_passes_every_check() -> None:
    out = fuzz.play_one(("tournament", 3, False, {}))
    assert out.problem == "", out.detail
    assert out.verdict in ("automatic", "tournament")
    assert out.actions > 50


def test_the_fog_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    game = StalinsWar()
    state = new("tournament", 2)
    assert fuzz.fog_problems(game, state, 1) == []
    honest = game.view

    def leaky(s: Any, side: str | None) -> Any:
        view = honest(s, side)
        view["peek"] = list(s.piles[SOVIET]["hand"])  # the Soviet hand, shown to anyone
        return view

    monkeypatch.setattr(game, "view", leaky)
    assert fuzz.fog_problems(game, state, 1) == [
        "the axis view changes with the soviet hidden cards"
    ]


def test_the_command_writes_its_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "fuzz.json"
    code = fuzz.main(["--games", "1", "--scenarios", "tournament", "--json", str(out)])
    assert code == 0
    summary = json.loads(out.read_text())
    assert summary["games"] == 1
    assert summary["problems"] == {}


def test_other_agents_take_the_seats() -> None:
    out = fuzz.play_one(("tournament", 4, False, {}, "random,heuristic"))
    assert out.problem == "", out.detail
    assert out.agents == "random,heuristic"
    assert out.verdict == "automatic"  # the heuristic Soviet holds every VP space (5.1.3)


def test_the_command_refuses_a_third_agent() -> None:
    with pytest.raises(SystemExit):
        fuzz.main(["--games", "1", "--agents", "random,random,random"])
