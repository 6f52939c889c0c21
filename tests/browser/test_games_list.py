"""The games list on the front page says whose move it is in each game (issue 15)."""

from __future__ import annotations

import json
from typing import Any

import httpx

from .test_browser import front_page

LIST = "[data-testid=recent]"


def new_game(server: str, me: str) -> dict[str, Any]:
    """A Skirmish game between two people elsewhere; this browser holds ``me``'s seat."""
    res = httpx.post(
        server + "/api/games",
        json={
            "game": "skirmish",
            "scenario": "standard",
            "opponents": {"red": "human", "blue": "human"},
            "play_as": me,
        },
    )
    assert res.status_code == 201, res.text
    body = res.json()
    status = httpx.get(
        f"{server}/api/games/{body['id']}/status",
        headers={"authorization": f"Bearer {body['seats'][me]}"},
    ).json()
    return {"id": body["id"], "me": me, "token": body["seats"][me], "to_move": status["to_move"]}


def test_the_games_list_says_whose_move_it_is(server: str, browser: Any) -> None:
    games = [new_game(server, "red"), new_game(server, "blue")]
    page, errors = front_page(browser, server)
    page.wait_for_selector(LIST)
    entries = [
        {
            "id": g["id"],
            "game": "skirmish",
            "scenario": "standard",
            "tokens": {g["me"]: g["token"]},
            "kinds": {"red": "human", "blue": "human"},
            "created": 0,
        }
        for g in games
    ]
    page.evaluate(
        "(entries) => localStorage.setItem('hexfront.games', entries)", json.dumps(entries)
    )
    page.reload()
    for g in games:
        mine = g["me"] in g["to_move"]
        item = f"{LIST} li[data-game='{g['id']}'][data-turn={'mine' if mine else 'theirs'}]"
        page.wait_for_selector(item)
        said = page.inner_text(f"{item} [data-testid=game-status]").strip()
        if mine:
            assert said.startswith("your move"), said
        else:
            other = g["to_move"][0].capitalize()
            assert said.startswith(f"waiting for the {other} player"), said
    assert not errors, errors
