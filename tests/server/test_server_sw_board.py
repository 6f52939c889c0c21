"""Stalin's War at the server for its browser table (issue 17): the public board data (map,
counters, cards' own words) and a seat's payload, which keeps the game's English words as the
table's fallback and names nothing the seat may not see."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import create


def test_the_stalins_war_board_has_the_map_the_counters_and_the_cards(
    client: TestClient,
) -> None:
    res = client.get("/api/games/catalog/stalins_war/board", params={"scenario": "tournament"})
    assert res.status_code == 200, res.text
    board = res.json()
    assert board["grid"]["col_base"] == 0  # its hex ids count columns from 0
    ids = {h["id"] for h in board["hexes"]}
    assert len(ids) == board["grid"]["width"] * board["grid"]["height"]
    assert {"2722", "2025", "1920"} <= ids  # Moscow, Kiev, Vilna
    assert set(board["area"]) < ids
    places = {p["name"]: p for p in board["places"]}
    assert places["Moscow"]["hex"] == "2722"
    assert places["Odessa"]["fort"] is True
    assert board["last_turn"] == 8
    assert len(board["cards"]) == 110
    card = board["cards"]["A1"]
    assert {"title", "ops", "rp", "summary", "combat", "removed"} <= set(card)
    assert board["units"]["su.West"]["name"] == "West Front"
    assert board["units"]["su.West"]["steps"][0] == "3-3"
    assert client.get("/api/games/catalog/stalins_war/board?scenario=nope").status_code == 404


def test_a_stalins_war_seat_gets_its_view_and_the_games_words(client: TestClient) -> None:
    _, seats = create(
        client, {"axis": "human", "soviet": "human"}, game="stalins_war", scenario="tournament"
    )
    axis = seats["axis"].view().json()
    assert axis["view"]["prompt"]["kind"] == "action_round"
    assert axis["view"]["prompt"]["data"]["ar"] == 5  # the June turn's only round
    assert len(axis["action_texts"]) == len(axis["legal_actions"])
    assert all("_" not in t for t in axis["action_texts"])
    soviet = seats["soviet"].view().json()
    assert soviet["view"]["cards"]["axis"]["hand"] is None  # a count only
    assert soviet["view"]["cards"]["axis"]["hand_count"] == 6
    assert soviet["view"]["prompt"] == {"side": "axis", "kind": "action_round"}
    assert soviet["legal_actions"] == []
