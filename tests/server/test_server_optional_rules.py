"""BITE's optional rules and rulebook version through the server (issue 20): the catalogue
offers them, a new game takes them as the new-game form sends them (every option, a rule's
switch as null when it follows the preset), and the game keeps them."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create

from hexfront.games.bite import optional


def _bite_options(client: TestClient) -> dict[str, dict[str, Any]]:
    games = {g["name"]: g for g in client.get("/api/games/catalog").json()["games"]}
    return {o["name"]: o for o in games["bite"]["options"]}


def test_the_catalogue_offers_the_preset_the_version_and_each_implemented_rule(
    client: TestClient,
) -> None:
    options = _bite_options(client)
    assert options["optional_rules"]["choices"] == ["none", "booklet", "all"]
    assert options["rules"]["choices"] == ["en-3.00", "it-2.x", "es-2.x"]
    offered = {name for name in options if name.startswith("or")}
    assert offered == set(optional.implemented_keys())
    for name in offered:
        assert options[name]["default"] is None
        assert options[name]["choices"] == [None, True, False]
        assert len(options[name]["choice_labels"]) == 3


def test_a_game_takes_the_options_as_the_form_sends_them(client: TestClient) -> None:
    form = {name: info["default"] for name, info in _bite_options(client).items()}
    form.update({"optional_rules": "none", "rules": "it-2.x"})
    form.pop("luftwaffe_total_supremacy")
    _, seats = create(
        client, {"axis": "human", "soviet": "random"}, game="bite", scenario="SBE5", options=form
    )
    state_options = seats["axis"].view().json()["options"]
    assert state_options["rules"] == "it-2.x"
    assert state_options["optional_rules"] == "none"


def test_a_rule_not_implemented_is_refused(client: TestClient) -> None:
    missing = [r.key for r in optional.optional_rules() if not r.implemented]
    if not missing:
        return  # every optional rule is offered
    res = client.post(
        "/api/games",
        json={
            "game": "bite",
            "scenario": "SBE5",
            "opponents": {"axis": "human", "soviet": "random"},
            "options": {missing[0]: True},
        },
    )
    assert res.status_code == 422, res.text
    assert missing[0] in res.text
