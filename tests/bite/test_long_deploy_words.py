"""The 1942-44 hand deployment's problems in words (issue 15, issue 18): each problem the
setup checks name (``deployment.check_chart_deployment``, ``rules/deploy.py``) reaches the
player as a sentence in English, Italian, Spanish or French, without unit ids or zone keys,
the hexes named by their places."""

from __future__ import annotations

from typing import Any

import pytest

import hexfront.games.bite.world as world_module
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import deployment, forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.text import prompt_words
from hexfront.i18n import using

GAME = Bite()


def by_hand(scenario: str) -> Match[Any]:
    return Match(GAME, scenario, {"deployment": "by_hand"}, seed=3)


def prompt(m: Match[Any], side: str) -> dict[str, Any]:
    found = m.view(side)["prompt"]
    assert isinstance(found, dict)
    return found


def problems(m: Match[Any], side: str) -> list[str]:
    return [str(p) for p in prompt(m, side).get("data", {}).get("problems", [])]


def said(m: Match[Any], side: str, lang: str) -> str:
    with using(lang):
        return prompt_words(prompt(m, side))


def kerch_left_empty() -> Match[Any]:
    """SBE6 by hand: the block holding Kerch sent elsewhere (1942: Kerch must stay Soviet)."""
    m = by_hand("SBE6")
    kerch = m.state.w.board.node("Kerch")
    [holder] = [p.uid for p in m.state.on_map("soviet") if p.node == kerch]
    m.act(Action("soviet", "pick", {"unit": holder}))
    away = next(a.args["hex"] for a in m.legal_actions("soviet") if a.verb == "deploy")
    m.act(Action("soviet", "deploy", {"unit": holder, "hex": away}))
    return m


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "a Soviet ground unit must hold Kerch"),
        ("it", "un'unità terrestre sovietica deve tenere Kerch"),
        ("es", "una unidad terrestre soviética debe ocupar Kerch"),
        ("fr", "une unité terrestre soviétique doit tenir Kerch"),
    ],
)
def test_kerch_left_empty_is_said_in_each_language(lang: str, words: str) -> None:
    m = kerch_left_empty()
    assert "a Soviet ground unit must hold Kerch" in problems(m, "soviet")
    line = said(m, "soviet", lang)
    assert words in line
    if lang != "en":
        assert "must hold" not in line


def test_steps_over_the_chart_name_the_chart_line_in_words() -> None:
    m = by_hand("SBE6")
    state = m.state
    weak = next(
        p
        for p in sorted(state.on_map("axis"), key=lambda p: p.uid)
        if state.spec(p).cls == "infantry" and state.spec(p).nation == "germany" and p.step > 0
    )
    m.act(Action("soviet", "done"))
    m.act(Action("axis", "pick", {"unit": weak.uid}))
    m.act(Action("axis", "strength", {"unit": weak.uid, "strength": state.spec(weak).ladder[0]}))
    assert any("German infantry" in p for p in problems(m, "axis"))
    english = said(m, "axis", "en")
    assert "infantry (Germany)" in english
    assert "more than the chart's" in english
    italian = said(m, "axis", "it")
    assert "fanteria (Germania)" in italian
    assert "della tabella" in italian
    assert "more than" not in italian


def test_an_empty_line_hex_is_named_by_its_place_without_keys() -> None:
    m = by_hand("SBE7")
    board = m.state.w.board
    front = deployment.front_rules("SBE7")
    assert front is not None
    line = forces.setup(front.setup).start_line
    soviet_line = deployment.front_hexes(deployment.DeployAdapter(world_module._map()), line)[
        "soviet"
    ]
    holders: dict[str, list[str]] = {}
    for p in m.state.on_map("soviet"):
        if m.state.spec(p).is_ground:
            holders.setdefault(board.id_of(p.node), []).append(p.uid)
    hex_id = next(h for h in sorted(soviet_line) if len(holders.get(h, [])) == 1)
    [uid] = holders[hex_id]
    m.act(Action("soviet", "pick", {"unit": uid}))
    away = next(
        a.args["hex"]
        for a in m.legal_actions("soviet")
        if a.verb == "deploy" and a.args["hex"] not in soviet_line
    )
    m.act(Action("soviet", "deploy", {"unit": uid, "hex": away}))
    assert any("soviet hexes along the start line are empty" in x for x in problems(m, "soviet"))
    for lang in ("en", "it", "es", "fr"):
        words = said(m, "soviet", lang)
        assert "soviet hexes" not in words
        assert "_" not in words
        assert hex_id in words
    assert "still empty for the Soviets" in said(m, "soviet", "en")
    assert "ancora vuoti per i Sovietici" in said(m, "soviet", "it")
